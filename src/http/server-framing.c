/* server-framing.c -- the checks of a request's head that libmicrohttpd 0.9.75 leaves to
 * its application, made before anything else is done with the request (RFC 9112): how
 * its body is framed, header names and values that a proxy in front of fend might read
 * another way (request smuggling), the Host header, and the length of the target. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "http/server-internal.h"

/* What server_framing_scan saw of the head. */
struct server_framing {
	int lengths;             /* Content-Length headers */
	int encodings;           /* Transfer-Encoding headers */
	int hosts;               /* Host headers */
	size_t bytes;            /* of names and values, with ": " and CRLF each */
	const char *encoding;    /* the first Transfer-Encoding's value */
	const char *bad_name;    /* the first header whose name or value is not allowed */
	const char *why;         /* what is wrong with it */
	struct server_head *head;
	const char *last_key;    /* the previous header's name, value and length (see below) */
	const char *last_value;
	size_t last_length;
};

/* MHD 0.9.75 reads a header line in place: the line's "\r\n" (or bare "\n") become NUL
 * bytes, the colon becomes a NUL, and key and value point into the line; a NUL byte sent
 * inside a name or a value ends it early there, silently. So after a value, the next byte
 * is the NUL of the line's end and then another NUL ("\r\n") or the next header's name
 * (a bare "\n"); after a name, only its colon's NUL and blanks lead to the value.
 * Anything else is a NUL the client sent. */
static bool server_framing_nul_after_value(const struct server_framing *f, const char *next_key)
{
	const char *end;

	if (!f->last_value)
		return false;
	end = f->last_value + f->last_length;
	return end[1] != '\0' && end + 1 != next_key;
}

static bool server_framing_nul_in_name(const char *key, size_t key_size, const char *value)
{
	for (const char *p = key + key_size + 1; p < value; p++)
		if (*p != ' ' && *p != '\t')
			return true;
	return value < key + key_size + 1;
}

/* True when text holds a control byte (below 0x20 but tab, or 0x7f). Every header of
 * every request is scanned: eight bytes at a time, with the bit tricks that find a byte
 * below a bound in a word (bytes of 0x80 and above are never flagged), and a closer look
 * only at a word that may hold one (a tab does). */
static bool server_framing_has_control(const char *text, size_t n)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t w, del;
		memcpy(&w, text + i, 8);
		del = w ^ (0x7f * ones);
		if (!(((w - 0x20 * ones) & ~w) & highs) && !(((del - ones) & ~del) & highs))
			continue;
		for (size_t k = i; k < i + 8; k++)
			if (((unsigned char)text[k] < 0x20 && text[k] != '\t') || text[k] == 0x7f)
				return true;
	}
	for (; i < n; i++)
		if (((unsigned char)text[i] < 0x20 && text[i] != '\t') || text[i] == 0x7f)
			return true;
	return false;
}

/* True when name (length bytes) is the header name, in any case. */
static bool server_framing_is(const char *name, size_t length, const char *header, size_t header_length)
{
	return length == header_length && !strcasecmp(name, header);
}

static enum MHD_Result server_framing_scan(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
					   const char *value, size_t value_size)
{
	struct server_framing *f = cls;

	(void)kind;
	f->bytes += key_size + value_size + 4;
	if (!f->bad_name && server_framing_nul_after_value(f, key)) {
		f->bad_name = f->last_key;
		f->why = "a header value holds a NUL byte";
	}
	if (!f->bad_name) {
		if (memchr(key, ' ', key_size) || memchr(key, '\t', key_size)) {
			f->bad_name = key;
			f->why = "a header name holds whitespace (none may come between a field name and its colon)";
		} else if (value && server_framing_nul_in_name(key, key_size, value)) {
			f->bad_name = key;
			f->why = "a header name holds a NUL byte";
		} else if (value && server_framing_has_control(value, value_size)) {
			f->bad_name = key;
			f->why = "a header value holds a control byte";
		}
	}
	if (server_framing_is(key, key_size, MHD_HTTP_HEADER_CONTENT_LENGTH, sizeof MHD_HTTP_HEADER_CONTENT_LENGTH - 1)) {
		if (!f->lengths++)
			f->head->content_length = value;
	} else if (server_framing_is(key, key_size, MHD_HTTP_HEADER_TRANSFER_ENCODING,
				     sizeof MHD_HTTP_HEADER_TRANSFER_ENCODING - 1)) {
		if (!f->encodings++)
			f->encoding = f->head->transfer_encoding = value;
	} else if (server_framing_is(key, key_size, MHD_HTTP_HEADER_HOST, sizeof MHD_HTTP_HEADER_HOST - 1)) {
		f->hosts++;
	} else if (server_framing_is(key, key_size, MHD_HTTP_HEADER_CONTENT_TYPE,
				     sizeof MHD_HTTP_HEADER_CONTENT_TYPE - 1)) {
		if (!f->head->content_type)
			f->head->content_type = value;
	} else if (server_framing_is(key, key_size, "X-Request-Id", sizeof "X-Request-Id" - 1)) {
		if (!f->head->request_id)
			f->head->request_id = value;
	}
	f->last_key = key;
	f->last_value = value;
	f->last_length = value_size;
	return MHD_YES;
}

/* A 400 invalid_framing naming header (may be NULL). */
static int server_framing_refuse(struct http_response *resp, const char *detail, const char *header)
{
	cJSON *ext = cJSON_CreateObject();

	if (!ext || (header && !cJSON_AddStringToObject(ext, "header", header))) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
	} else {
		reply_problem(resp, REPLY_INVALID_FRAMING, detail, ext);
	}
	/* The rest of the connection cannot be read reliably. */
	reply_header(resp, "Connection", "close");
	return -1;
}

/* A 414 or 431 naming the limit; the connection is closed after it. Returns -1. */
static int server_framing_over(struct http_response *resp, enum reply_code code, const char *detail, int limit)
{
	cJSON *ext = cJSON_CreateObject();

	if (!ext || !cJSON_AddNumberToObject(ext, "limit", limit)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
	} else {
		reply_problem(resp, code, detail, ext);
	}
	reply_header(resp, "Connection", "close");
	return -1;
}

/* A header name as a JSON-safe string: printable ASCII, others as '?', cut at 64 bytes. */
static void server_framing_name(const char *name, char out[68])
{
	size_t n = 0;

	for (; name[n] && n < 64; n++)
		out[n] = name[n] > ' ' && name[n] < 0x7f ? name[n] : '?';
	out[n] = '\0';
}

int server_framing_check(struct MHD_Connection *conn, const char *version, size_t uri_length,
			 struct server_head *head, struct http_response *resp)
{
	struct server_framing f = { .head = head };
	char name[68], detail[160];

	*head = (struct server_head){ 0 };
	MHD_get_connection_values_n(conn, MHD_HEADER_KIND, server_framing_scan, &f);
	if (uri_length > SERVER_URI_MAX) {
		snprintf(detail, sizeof detail, "the request target is %zu bytes long; fend reads at most %d",
			 uri_length, SERVER_URI_MAX);
		return server_framing_over(resp, REPLY_URI_TOO_LONG, detail, SERVER_URI_MAX);
	}
	if (f.bytes > SERVER_HEADERS_MAX) {
		snprintf(detail, sizeof detail, "the request's header fields are %zu bytes long; fend reads at most %d",
			 f.bytes, SERVER_HEADERS_MAX);
		return server_framing_over(resp, REPLY_HEADERS_TOO_LARGE, detail, SERVER_HEADERS_MAX);
	}
	if (!f.bad_name && server_framing_nul_after_value(&f, NULL)) {
		f.bad_name = f.last_key;
		f.why = "a header value holds a NUL byte";
	}
	if (f.bad_name) {
		server_framing_name(f.bad_name, name);
		snprintf(detail, sizeof detail, "%s (%s)", f.why, name);
		return server_framing_refuse(resp, detail, name[0] ? name : "?");
	}
	if (f.lengths > 1)
		return server_framing_refuse(resp, "the request has more than one Content-Length header",
					     MHD_HTTP_HEADER_CONTENT_LENGTH);
	if (f.encodings && f.lengths)
		return server_framing_refuse(resp, "the request has both Content-Length and Transfer-Encoding",
					     MHD_HTTP_HEADER_TRANSFER_ENCODING);
	if (f.encodings > 1 || (f.encodings && strcasecmp(f.encoding, "chunked")))
		return server_framing_refuse(resp, "the only Transfer-Encoding accepted is a single chunked",
					     MHD_HTTP_HEADER_TRANSFER_ENCODING);
	if (f.hosts > 1)
		return server_framing_refuse(resp, "the request has more than one Host header", MHD_HTTP_HEADER_HOST);
	if (!f.hosts && version && !strcmp(version, MHD_HTTP_VERSION_1_1))
		return server_framing_refuse(resp, "an HTTP/1.1 request must have a Host header", MHD_HTTP_HEADER_HOST);
	return 0;
}
