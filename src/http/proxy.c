/* proxy.c -- who the client is behind a reverse proxy: the --trust-proxy networks, and
 * X-Forwarded-For believed only when a trusted proxy sent it (anyone can write the header). */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

/* The longest element of a --trust-proxy list or of X-Forwarded-For worth reading. */
#define PROXY_ITEM_MAX 64

/* Reads one address into family/addr (IPv4 in the first 4 bytes); false if it is none. */
static bool proxy_address(const char *text, int *family, unsigned char addr[16])
{
	memset(addr, 0, 16);
	if (inet_pton(AF_INET, text, addr) == 1) {
		*family = AF_INET;
		return true;
	}
	if (inet_pton(AF_INET6, text, addr) == 1) {
		*family = AF_INET6;
		return true;
	}
	return false;
}

/* Reads "ADDR" or "ADDR/PREFIX" into c. */
static bool proxy_cidr_parse(const char *text, struct proxy_cidr *c)
{
	char item[PROXY_ITEM_MAX];
	char *slash, *end;
	unsigned long prefix;
	size_t n = strlen(text);

	if (n == 0 || n >= sizeof item)
		return false;
	memcpy(item, text, n + 1);
	slash = strchr(item, '/');
	if (slash)
		*slash = '\0';
	if (!proxy_address(item, &c->family, c->addr))
		return false;
	c->prefix = c->family == AF_INET ? 32 : 128;
	if (slash) {
		if (slash[1] < '0' || slash[1] > '9')
			return false;
		prefix = strtoul(slash + 1, &end, 10);
		if (*end || prefix > c->prefix)
			return false;
		c->prefix = (unsigned)prefix;
	}
	return true;
}

int proxy_parse(const char *text, struct proxy_cidr *out, int max, char *err, size_t err_size)
{
	int count = 0;

	for (const char *p = text;;) {
		size_t n = strcspn(p, ",");
		char item[PROXY_ITEM_MAX];
		size_t start = 0, stop = n;

		while (start < stop && (p[start] == ' ' || p[start] == '\t'))
			start++;
		while (stop > start && (p[stop - 1] == ' ' || p[stop - 1] == '\t'))
			stop--;
		if (stop - start >= sizeof item) {
			snprintf(err, err_size, "has an item longer than %zu bytes", sizeof item - 1);
			return -1;
		}
		memcpy(item, p + start, stop - start);
		item[stop - start] = '\0';
		if (count == max) {
			snprintf(err, err_size, "takes at most %d networks", max);
			return -1;
		}
		if (!proxy_cidr_parse(item, &out[count])) {
			snprintf(err, err_size, "takes networks such as 10.0.0.0/8,127.0.0.1,fd00::/8; '%s' is not one",
				 item);
			return -1;
		}
		count++;
		if (!p[n])
			return count;
		p += n + 1;
	}
}

/* Whether addr (of family) is inside c. */
static bool proxy_cidr_contains(const struct proxy_cidr *c, int family, const unsigned char addr[16])
{
	unsigned full = c->prefix / 8, rest = c->prefix % 8;

	if (c->family != family)
		return false;
	if (memcmp(c->addr, addr, full))
		return false;
	return !rest || ((c->addr[full] ^ addr[full]) & (0xff00u >> rest) & 0xff) == 0;
}

static bool proxy_contains(const struct proxy_cidr *list, int count, int family, const unsigned char addr[16])
{
	for (int i = 0; i < count; i++)
		if (proxy_cidr_contains(&list[i], family, addr))
			return true;
	return false;
}

/* The family and bytes of a socket address; an IPv4-mapped IPv6 address (a v4 client of
 * a daemon listening on ::) counts as the IPv4 one. False for other families. */
static bool proxy_sockaddr(const struct sockaddr *sa, int *family, unsigned char addr[16])
{
	static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

	memset(addr, 0, 16);
	if (sa->sa_family == AF_INET) {
		*family = AF_INET;
		memcpy(addr, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
		return true;
	}
	if (sa->sa_family == AF_INET6) {
		const unsigned char *b = ((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr.s6_addr;
		if (!memcmp(b, mapped, sizeof mapped)) {
			*family = AF_INET;
			memcpy(addr, b + 12, 4);
		} else {
			*family = AF_INET6;
			memcpy(addr, b, 16);
		}
		return true;
	}
	return false;
}

bool proxy_trusted(const struct proxy_cidr *list, int count, const struct sockaddr *sa)
{
	unsigned char addr[16];
	int family;

	return proxy_sockaddr(sa, &family, addr) && proxy_contains(list, count, family, addr);
}

void proxy_client(const struct config *cfg, const struct sockaddr *peer, const char *xff, char *out, size_t size)
{
	unsigned char addr[16], hop[16];
	int family, hop_family;

	if (!peer || !proxy_sockaddr(peer, &family, addr)) {
		snprintf(out, size, "-");
		return;
	}
	/* From the right, each hop was added by the proxy after it; the first hop that is
	 * not a trusted proxy is the client. Anything unreadable ends the walk, so that a
	 * client cannot put words in the log. */
	if (xff && proxy_contains(cfg->trusted, cfg->trusted_count, family, addr)) {
		size_t end = strlen(xff);
		while (end > 0) {
			size_t start = end, a, b;
			char item[PROXY_ITEM_MAX];
			while (start > 0 && xff[start - 1] != ',')
				start--;
			for (a = start; a < end && (xff[a] == ' ' || xff[a] == '\t'); a++)
				;
			for (b = end; b > a && (xff[b - 1] == ' ' || xff[b - 1] == '\t'); b--)
				;
			if (b - a >= sizeof item)
				break;
			memcpy(item, xff + a, b - a);
			item[b - a] = '\0';
			if (!proxy_address(item, &hop_family, hop))
				break;
			family = hop_family;
			memcpy(addr, hop, sizeof addr);
			if (!proxy_contains(cfg->trusted, cfg->trusted_count, family, addr))
				break;
			end = start ? start - 1 : 0;
		}
	}
	if (!inet_ntop(family, addr, out, (socklen_t)size))
		snprintf(out, size, "-");
}
