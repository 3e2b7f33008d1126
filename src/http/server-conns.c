/* server-conns.c -- the daemon's connections: the watchdog's list, the count of open
 * connections per client address (--max-client-connections), and the watchdog thread
 * that cuts connections making no progress and trims the heap when the daemon is idle. */
#include "config.h"

#include <errno.h>
#include <malloc.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/server-internal.h"

/* How often the watchdog looks. */
#define SERVER_WATCH_MS 100

/* A lingering close (nginx's lingering_close): the socket of a connection answered before
 * its body was read is kept, half closed, and read to its end, for at most this long and
 * this much, before it is closed. Closed at once with unread data, it would reset, and a
 * client still sending would lose the answer (a 413 it never sees). */
#define SERVER_LINGER_MS 5000
#define SERVER_LINGER_BYTES (64 * 1024 * 1024)
/* Sockets lingering at once; past it a connection is closed at once. */
#define SERVER_LINGER_MAX 256

struct server_linger {
	int fd;                      /* a duplicate of the closed connection's socket */
	long long until_ms;
	size_t read;
};

/* Open connections of one client address (an open-addressing table with linear probing;
 * an entry leaves when its count falls to zero). */
struct server_client {
	unsigned char addr[16];
	unsigned count;              /* 0: a free slot */
};

/* Takes over a connection MHD is closing, to read what its client still sends. */
static void server_linger_start(struct server *srv, int fd)
{
	int copy;

	if (srv->lingering_count >= SERVER_LINGER_MAX || (copy = dup(fd)) < 0)
		return;
	/* The answer is out; the client reads it, sees the end, and stops sending. */
	shutdown(copy, SHUT_WR);
	srv->lingering[srv->lingering_count++] = (struct server_linger){ copy, server_now_ms() + SERVER_LINGER_MS, 0 };
}

/* Reads what lingering sockets hold; closes those at their end, past their time or size. */
static void server_linger_drain(struct server *srv, long long now)
{
	static char sink[16384];

	for (unsigned i = 0; i < srv->lingering_count;) {
		struct server_linger *l = &srv->lingering[i];
		bool done = now >= l->until_ms || l->read >= SERVER_LINGER_BYTES;
		while (!done) {
			ssize_t n = recv(l->fd, sink, sizeof sink, MSG_DONTWAIT);
			if (n > 0) {
				l->read += (size_t)n;
				done = l->read >= SERVER_LINGER_BYTES;
			} else {
				done = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
				break;
			}
		}
		if (done) {
			close(l->fd);
			*l = srv->lingering[--srv->lingering_count];
		} else {
			i++;
		}
	}
}

void server_conn_linger(struct server_conn *c)
{
	if (c)
		atomic_store_explicit(&c->linger, true, memory_order_relaxed);
}

int server_conns_init(struct server *srv)
{
	/* At most max_connections + MHD's slack connections are open at once, each from one
	 * address: twice that many slots keep the table at most half full. */
	unsigned long long need = 2ULL * (srv->config->max_connections + 256u), size = 16;

	while (size < need)
		size *= 2;
	srv->clients = calloc(size, sizeof *srv->clients);
	srv->clients_size = (unsigned)size;
	srv->lingering = calloc(SERVER_LINGER_MAX, sizeof *srv->lingering);
	return srv->clients && srv->lingering ? 0 : -1;
}

void server_conns_free(struct server *srv)
{
	if (srv->lingering)
		for (unsigned i = 0; i < srv->lingering_count; i++)
			close(srv->lingering[i].fd);
	free(srv->lingering);
	srv->lingering = NULL;
	free(srv->clients);
	srv->clients = NULL;
}

/* The 16-byte key of a peer address (IPv4 as ::ffff:a.b.c.d); false for another family. */
static bool server_client_key(const struct sockaddr *sa, unsigned char key[16])
{
	if (sa && sa->sa_family == AF_INET) {
		const struct sockaddr_in *in4 = (const void *)sa;
		memset(key, 0, 10);
		key[10] = key[11] = 0xff;
		memcpy(key + 12, &in4->sin_addr, 4);
		return true;
	}
	if (sa && sa->sa_family == AF_INET6) {
		memcpy(key, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
		return true;
	}
	return false;
}

static unsigned server_client_hash(const unsigned char key[16], unsigned size)
{
	unsigned long long h = 1469598103934665603ULL;

	for (int i = 0; i < 16; i++)
		h = (h ^ key[i]) * 1099511628211ULL;
	return (unsigned)(h ^ (h >> 32)) & (size - 1);
}

/* The slot of key: its entry, or the free slot where it would go. */
static unsigned server_client_find(const struct server *srv, const unsigned char key[16])
{
	unsigned i = server_client_hash(key, srv->clients_size);

	while (srv->clients[i].count && memcmp(srv->clients[i].addr, key, 16))
		i = (i + 1) & (srv->clients_size - 1);
	return i;
}

/* Counts one more connection from key; returns the count now. */
static unsigned server_client_add(struct server *srv, const unsigned char key[16])
{
	unsigned i = server_client_find(srv, key);

	if (!srv->clients[i].count)
		memcpy(srv->clients[i].addr, key, 16);
	return ++srv->clients[i].count;
}

/* Counts one connection less from key; the entry leaves at zero (the entries after it in
 * its run move back, so that no lookup stops short at the hole). */
static void server_client_remove(struct server *srv, const unsigned char key[16])
{
	unsigned mask = srv->clients_size - 1, i = server_client_find(srv, key), j;

	if (!srv->clients[i].count || --srv->clients[i].count)
		return;
	for (j = (i + 1) & mask; srv->clients[j].count; j = (j + 1) & mask) {
		unsigned home = server_client_hash(srv->clients[j].addr, srv->clients_size);
		/* Entry j may fill the hole at i unless its home lies cyclically in (i, j]. */
		if (i <= j ? (home <= i || home > j) : (home <= i && home > j)) {
			srv->clients[i] = srv->clients[j];
			srv->clients[j].count = 0;
			i = j;
		}
	}
}

void server_conn_unwatch(struct server_conn *c)
{
	if (c) {
		atomic_store_explicit(&c->watched, false, memory_order_relaxed);
		atomic_store_explicit(&c->body_until_ms, 0, memory_order_relaxed);
	}
}

void server_conn_progress(struct server_conn *c)
{
	if (c) {
		atomic_store_explicit(&c->since_ms, server_now_ms(), memory_order_relaxed);
		atomic_store_explicit(&c->watched, true, memory_order_relaxed);
	}
}

void server_conn_head(struct server_conn *c, const struct config *cfg, bool has_body, bool streamed)
{
	long long within = streamed ? cfg->body_deadline * 1000LL : cfg->timeout * 1000LL;

	if (!c)
		return;
	atomic_store_explicit(&c->body_until_ms, has_body ? server_now_ms() + within : 0, memory_order_relaxed);
	server_conn_progress(c);
}

void server_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
		       enum MHD_ConnectionNotificationCode code)
{
	struct server *srv = cls;
	const struct config *cfg = srv->config;
	struct server_conn *c = *socket_context;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		const union MHD_ConnectionInfo *peer = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		const struct sockaddr *sa = peer ? peer->client_addr : NULL;
		if (!info)
			return;
		/* Without memory for its entry, a connection could be neither watched nor
		 * counted: refuse it. */
		if (!(c = calloc(1, sizeof *c))) {
			shutdown(info->connect_fd, SHUT_RDWR);
			return;
		}
		c->fd = info->connect_fd;
		atomic_init(&c->since_ms, server_now_ms());
		atomic_init(&c->body_until_ms, 0);
		atomic_init(&c->watched, true);
		atomic_init(&c->linger, false);
		/* A proxy of --trust-proxy speaks for many clients: nginx's limit_conn counts
		 * them, by the address it sees. */
		c->counted = cfg->max_client_connections && server_client_key(sa, c->addr) &&
			     !proxy_trusted(cfg->trusted, cfg->trusted_count, sa);
		pthread_mutex_lock(&srv->conns_lock);
		c->next = srv->conns;
		if (srv->conns)
			srv->conns->prev = c;
		srv->conns = c;
		/* Over a limit: closed before anything is read, so the client knows at once. */
		if (++srv->open_conns > cfg->max_connections) {
			shutdown(c->fd, SHUT_RDWR);
			c->cut = true;
			metrics_count_refusal(METRICS_MAX_CONNECTIONS);
		}
		if (c->counted && server_client_add(srv, c->addr) > cfg->max_client_connections && !c->cut) {
			shutdown(c->fd, SHUT_RDWR);
			c->cut = true;
			metrics_count_refusal(METRICS_MAX_CLIENT_CONNECTIONS);
		}
		pthread_mutex_unlock(&srv->conns_lock);
		*socket_context = c;
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && c) {
		pthread_mutex_lock(&srv->conns_lock);
		if (c->prev)
			c->prev->next = c->next;
		else
			srv->conns = c->next;
		if (c->next)
			c->next->prev = c->prev;
		srv->open_conns--;
		if (c->counted)
			server_client_remove(srv, c->addr);
		if (atomic_load_explicit(&c->linger, memory_order_relaxed) && !c->cut)
			server_linger_start(srv, c->fd);
		/* MHD frees the connection's memory after this returns: worth a trim too. */
		atomic_store_explicit(&srv->active, true, memory_order_relaxed);
		pthread_mutex_unlock(&srv->conns_lock);
		free(c);
		*socket_context = NULL;
	}
}

/* The watchdog thread: shuts down the socket of every watched connection that made no
 * progress within --timeout, or whose body passed --body-deadline. MHD then sees the
 * connection end and closes it as usual (MHD closes a socket only after
 * NOTIFY_CONNECTION's CLOSED returns, so under conns_lock the watchdog never shuts down
 * a descriptor that was closed and reused).
 *
 * It also trims the heap once a burst of requests is over: a whole watch period with
 * no request completed, none in flight and no connection closed. glibc keeps what a
 * burst freed in its arenas, so without it the resident size at rest is the high-water
 * mark of whichever burst had the most large buffers live at once (64 connections
 * rendering, streaming NDJSON and spooling PGN), and wanders by megabytes from one idle
 * moment to the next. Under a steady load it never runs: malloc_trim locks each arena
 * while it walks it. */
void *server_watchdog(void *arg)
{
	struct server *srv = arg;
	long long limit = srv->config->timeout * 1000LL;
	bool busy = false;  /* requests completed or connections closed since the last trim */

	pthread_mutex_lock(&srv->conns_lock);
	while (!srv->watchdog_stop) {
		struct timespec until;
		long long now = server_now_ms();

		if (atomic_exchange_explicit(&srv->active, false, memory_order_relaxed)) {
			busy = true;
		} else if (busy && atomic_load_explicit(&srv->in_flight, memory_order_acquire) == 0) {
			busy = false;
			pthread_mutex_unlock(&srv->conns_lock);
			malloc_trim(0);
			pthread_mutex_lock(&srv->conns_lock);
			continue;
		}

		server_linger_drain(srv, now);
		for (struct server_conn *c = srv->conns; c; c = c->next) {
			long long body_until = atomic_load_explicit(&c->body_until_ms, memory_order_relaxed);
			if (c->cut || !atomic_load_explicit(&c->watched, memory_order_relaxed))
				continue;
			if (now - atomic_load_explicit(&c->since_ms, memory_order_relaxed) < limit &&
			    (!body_until || now < body_until))
				continue;
			shutdown(c->fd, SHUT_RDWR);
			c->cut = true;
		}
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += SERVER_WATCH_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&srv->watchdog_wake, &srv->conns_lock, &until);
	}
	pthread_mutex_unlock(&srv->conns_lock);
	return NULL;
}
