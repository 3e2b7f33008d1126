/* healthcheck.c -- `fend --health-check URL`: a minimal HTTP/1.1 client that GETs one URL
 * and says by its exit status whether it answered 200, so that a container's HEALTHCHECK
 * needs no curl in the image. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "http/http.h"

/* The parts of an http:// URL, each NUL-terminated. */
struct healthcheck_url {
	char host[256];
	char port[8];
	char path[1024];
};

/* Splits http://HOST[:PORT][/PATH]; false when url is not such a URL. */
static bool healthcheck_parse(const char *url, struct healthcheck_url *u)
{
	const char *p = url, *host, *host_end, *port = NULL, *port_end = NULL;
	size_t n;

	if (strncmp(p, "http://", 7))
		return false;
	p += 7;
	if (*p == '[') {
		host = ++p;
		host_end = strchr(p, ']');
		if (!host_end)
			return false;
		p = host_end + 1;
	} else {
		host = p;
		p += strcspn(p, ":/");
		host_end = p;
	}
	if (*p == ':') {
		port = ++p;
		p += strspn(p, "0123456789");
		port_end = p;
		if (port_end == port || port_end - port > 5)
			return false;
	}
	if (*p && *p != '/')
		return false;
	n = (size_t)(host_end - host);
	if (n == 0 || n >= sizeof u->host)
		return false;
	memcpy(u->host, host, n);
	u->host[n] = '\0';
	if (port) {
		memcpy(u->port, port, (size_t)(port_end - port));
		u->port[port_end - port] = '\0';
	} else {
		strcpy(u->port, "80");
	}
	if (strlen(*p ? p : "/") >= sizeof u->path)
		return false;
	strcpy(u->path, *p ? p : "/");
	/* The path goes into the request line: no spaces or controls. */
	for (const char *c = u->path; *c; c++)
		if ((unsigned char)*c <= ' ' || *c == 0x7f)
			return false;
	return true;
}

/* Milliseconds left until deadline (0 when past it). */
static int healthcheck_left(const struct timespec *deadline)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (deadline->tv_sec - now.tv_sec) * 1000LL + (deadline->tv_nsec - now.tv_nsec) / 1000000;
	return ms <= 0 ? 0 : ms > 1000000 ? 1000000 : (int)ms;
}

/* Waits for events on fd until deadline; false on timeout or error. */
static bool healthcheck_wait(int fd, short events, const struct timespec *deadline)
{
	struct pollfd p = { fd, events, 0 };
	int got;

	do
		got = poll(&p, 1, healthcheck_left(deadline));
	while (got < 0 && errno == EINTR);
	return got == 1;
}

/* Connects to one address without blocking past deadline; the socket, or -1. */
static int healthcheck_connect(const struct addrinfo *ai, const struct timespec *deadline)
{
	int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
	int err = 0;
	socklen_t len = sizeof err;

	if (fd < 0)
		return -1;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
		return fd;
	if (errno == EINPROGRESS && healthcheck_wait(fd, POLLOUT, deadline) &&
	    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0)
		return fd;
	close(fd);
	return -1;
}

/* Sends the request and reads the status code of the answer; -1 when there is none. */
static int healthcheck_exchange(int fd, const struct healthcheck_url *u, const struct timespec *deadline)
{
	char request[1536], head[256];
	size_t sent = 0, got = 0;
	int length, status;

	length = snprintf(request, sizeof request,
			  "GET %s HTTP/1.1\r\nHost: %s%s%s:%s\r\nUser-Agent: fend-health-check\r\n"
			  "Connection: close\r\n\r\n",
			  u->path, strchr(u->host, ':') ? "[" : "", u->host, strchr(u->host, ':') ? "]" : "", u->port);
	if (length < 0 || (size_t)length >= sizeof request)
		return -1;
	while (sent < (size_t)length) {
		ssize_t w;
		if (!healthcheck_wait(fd, POLLOUT, deadline))
			return -1;
		w = send(fd, request + sent, (size_t)length - sent, MSG_NOSIGNAL);
		if (w < 0 && errno != EINTR && errno != EAGAIN)
			return -1;
		if (w > 0)
			sent += (size_t)w;
	}
	/* The status line is all that is read: "HTTP/1.1 200 OK". */
	while (got < sizeof head - 1 && !memchr(head, '\n', got)) {
		ssize_t r;
		if (!healthcheck_wait(fd, POLLIN, deadline))
			return -1;
		r = recv(fd, head + got, sizeof head - 1 - got, 0);
		if (r == 0)
			break;
		if (r < 0 && errno != EINTR && errno != EAGAIN)
			return -1;
		if (r > 0)
			got += (size_t)r;
	}
	head[got] = '\0';
	if (sscanf(head, "HTTP/1.%*1[01] %3d", &status) != 1)
		return -1;
	return status;
}

int healthcheck_run(const char *url, unsigned timeout_ms)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV };
	struct addrinfo *list = NULL;
	struct healthcheck_url u;
	struct timespec deadline;
	int fd = -1, status = -1, rc;

	if (!healthcheck_parse(url, &u)) {
		fprintf(stderr, "fend: --health-check takes a URL such as http://127.0.0.1:8080/health, not '%s'\n", url);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	rc = getaddrinfo(u.host, u.port, &hints, &list);
	if (rc) {
		fprintf(stderr, "fend: health check: cannot resolve %s: %s\n", u.host, gai_strerror(rc));
		return 1;
	}
	for (const struct addrinfo *ai = list; ai && fd < 0; ai = ai->ai_next)
		fd = healthcheck_connect(ai, &deadline);
	freeaddrinfo(list);
	if (fd < 0) {
		fprintf(stderr, "fend: health check: cannot connect to %s\n", url);
		return 1;
	}
	status = healthcheck_exchange(fd, &u, &deadline);
	close(fd);
	if (status != 200) {
		if (status < 0)
			fprintf(stderr, "fend: health check: no HTTP answer from %s within %u ms\n", url, timeout_ms);
		else
			fprintf(stderr, "fend: health check: %s answered %d\n", url, status);
		return 1;
	}
	return 0;
}
