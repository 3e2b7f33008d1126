/* negotiate.c -- what HTTP caches and content negotiation need: choosing a media type
 * from Accept and the language of messages from lang or Accept-Language, strong ETags
 * over a request's normalized text, If-None-Match. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/render_options.h"
#include "http/http.h"

const char *negotiate_header(const struct http_request *req, const char *name)
{
	return req->header ? req->header(req->header_context, name) : NULL;
}

/* The q of one Accept element's parameters (";q=0.5"); 1 when absent. */
static double negotiate_q(const char *params, size_t length)
{
	for (size_t i = 0; i < length; i++) {
		if (params[i] != ';')
			continue;
		size_t j = i + 1;
		while (j < length && params[j] == ' ')
			j++;
		if (j + 1 < length && (params[j] == 'q' || params[j] == 'Q') && params[j + 1] == '=') {
			char num[8] = { 0 };
			size_t n = 0;
			for (j += 2; j < length && n < sizeof num - 1 && (isdigit((unsigned char)params[j]) || params[j] == '.');)
				num[n++] = params[j++];
			return strtod(num, NULL);
		}
	}
	return 1.0;
}

/* How specifically a media range matches type: 3 exactly, 2 by its type with any
 * subtype, 1 as the any-type range, 0 not at all. */
static int negotiate_match(const char *range, size_t length, const char *type)
{
	const char *slash = memchr(range, '/', length);
	size_t major = strcspn(type, "/");

	if (!slash)
		return 0;
	if (length == 3 && !memcmp(range, "*/*", 3))
		return 1;
	if ((size_t)(slash - range) == major && !strncasecmp(range, type, major)) {
		if (length == major + 2 && slash[1] == '*')
			return 2;
		if (length == strlen(type) && !strncasecmp(range, type, length))
			return 3;
	}
	return 0;
}

int negotiate_accept(const char *accept, const char *const *types, int count)
{
	double q[32];
	int specificity[32], best = -1;
	const char *p = accept;

	if (!accept || !*accept)
		return 0;
	for (int t = 0; t < count && t < 32; t++) {
		q[t] = -1;
		specificity[t] = 0;
	}
	while (*p) {
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		size_t element = strcspn(p, ","), range = strcspn(p, ";,");
		while (range > 0 && p[range - 1] == ' ')
			range--;
		double weight = negotiate_q(p + range, element - range);
		for (int t = 0; t < count && t < 32; t++) {
			/* The most specific range that matches a type decides its q (RFC 9110 12.5.1). */
			int m = negotiate_match(p, range, types[t]);
			if (m > specificity[t]) {
				specificity[t] = m;
				q[t] = weight;
			}
		}
		p += element;
	}
	for (int t = 0; t < count && t < 32; t++)
		if (q[t] > 0 && (best < 0 || q[t] > q[best]))
			best = t;
	return best;
}

enum msg_lang negotiate_accept_language(const char *header)
{
	double q[MSG_LANG_NB];
	int rank[MSG_LANG_NB], position[MSG_LANG_NB], index = 0;
	enum msg_lang best = MSG_EN;
	const char *p = header;

	if (!header)
		return MSG_EN;
	for (int l = 0; l < MSG_LANG_NB; l++) {
		q[l] = 0;
		rank[l] = 0;
		position[l] = 0;
	}
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		size_t element = strcspn(p, ","), range = strcspn(p, ";,");
		while (range > 0 && (p[range - 1] == ' ' || p[range - 1] == '\t'))
			range--;
		/* "it", "it-IT", "IT-ch" name Italian by their primary subtag (RFC 4647 lookup
		 * truncates a range that has no match); "*" names any language not named */
		size_t primary = strcspn(p, "-;, \t");
		enum msg_lang lang;
		double weight = negotiate_q(p + range, element - range);
		if (primary > range)
			primary = range;
		if (range == 1 && p[0] == '*') {
			for (int l = 0; l < MSG_LANG_NB; l++)
				if (rank[l] == 0) {
					rank[l] = 1;
					q[l] = weight;
					position[l] = index;
				}
		} else if (msg_lang_parse(p, primary, &lang)) {
			/* a language named twice ("it-IT;q=0.8, it") takes its best weight */
			if (rank[lang] < 2 || weight > q[lang]) {
				q[lang] = weight;
				if (rank[lang] < 2)
					position[lang] = index;
			}
			rank[lang] = 2;
		}
		index++;
		p += element;
	}
	/* the highest q wins; between equals, the one the client listed first; between
	 * those (only "*"), English */
	for (int l = 0; l < MSG_LANG_NB; l++)
		if (q[l] > 0 && (q[best] <= 0 || q[l] > q[best] || (q[l] == q[best] && position[l] < position[best])))
			best = (enum msg_lang)l;
	return q[best] > 0 ? best : MSG_EN;
}

enum msg_lang negotiate_lang(const struct http_request *req)
{
	const char *given = NULL;
	enum msg_lang lang;

	/* lang is also the language of SAN: one of the four message languages chooses the
	 * messages' too, any other leaves them to Accept-Language */
	if (req->body) {
		const cJSON *item = cJSON_GetObjectItemCaseSensitive(req->body, "lang");
		if (cJSON_IsString(item))
			given = item->valuestring;
	} else if (req->query) {
		given = req->query(req->query_context, "lang");
	}
	if (given && msg_lang_parse(given, strlen(given), &lang))
		return lang;
	return negotiate_accept_language(negotiate_header(req, "Accept-Language"));
}

/* 64-bit FNV-1a from a given basis. */
static uint64_t negotiate_fnv(const char *text, size_t length, uint64_t hash)
{
	for (size_t i = 0; i < length; i++) {
		hash ^= (unsigned char)text[i];
		hash *= 0x100000001b3ULL;
	}
	return hash;
}

/* The two hashes' states after the build part ("fend/<version>/<design>|"), which is the
 * same for every request, so it is hashed once at start-up. */
static uint64_t negotiate_basis_a, negotiate_basis_b;

__attribute__((constructor)) static void negotiate_init(void)
{
	char build[64];
	int n = snprintf(build, sizeof build, "%s/%s/%d|", PACKAGE_NAME, PACKAGE_VERSION, RENDER_DESIGN_REVISION);

	negotiate_basis_a = negotiate_fnv(build, (size_t)n, 0xcbf29ce484222325ULL);
	negotiate_basis_b = negotiate_fnv(build, (size_t)n, 0x84222325cbf29ce4ULL) ^ 0x9e3779b97f4a7c15ULL;
}

static void negotiate_hex64(char *out, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";

	for (int i = 15; i >= 0; i--, v >>= 4)
		out[i] = digits[v & 0xf];
}

void negotiate_etag(const char *text, size_t length, char out[NEGOTIATE_ETAG_MAX])
{
	/* Two independent 64-bit hashes: 128 bits, so that distinct requests never share a tag in practice. */
	uint64_t a = negotiate_basis_a, b = negotiate_basis_b;

	/* One pass for both: the two multiply chains overlap, where two loops would wait on each in turn. */
	for (size_t i = 0; i < length; i++) {
		a = (a ^ (unsigned char)text[i]) * 0x100000001b3ULL;
		b = (b ^ (unsigned char)text[i]) * 0x100000001b3ULL;
	}

	out[0] = '"';
	negotiate_hex64(out + 1, a);
	negotiate_hex64(out + 17, b);
	out[33] = '"';
	out[34] = '\0';
}

bool negotiate_none_match(const char *if_none_match, const char *etag)
{
	const char *p = if_none_match;
	size_t etag_length = strlen(etag);

	if (!p)
		return false;
	while (*p) {
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		size_t n = strcspn(p, ",");
		size_t len = n;
		while (len > 0 && p[len - 1] == ' ')
			len--;
		const char *tag = p;
		if (len == 1 && *tag == '*')
			return true;
		if (len > 2 && tag[0] == 'W' && tag[1] == '/') {
			tag += 2;
			len -= 2;
		}
		if (len == etag_length && !memcmp(tag, etag, len))
			return true;
		p += n;
	}
	return false;
}

bool negotiate_fresh(const struct http_request *req, const char *etag)
{
	if (req->method != HTTP_GET && req->method != HTTP_HEAD)
		return false;
	return negotiate_none_match(negotiate_header(req, "If-None-Match"), etag);
}

void negotiate_cache_headers(const struct http_request *req, struct http_response *resp, const char *etag)
{
	if (req->method != HTTP_GET && req->method != HTTP_HEAD)
		return;
	reply_header_copy(resp, "ETag", etag);
	reply_header(resp, "Cache-Control", "public, max-age=86400, immutable");
}
