/* fuzz-request.c -- libFuzzer target for the HTTP layer in-process: one request through
 * the real router, body reader and endpoint handlers, the way server.c drives them.
 *
 * Input: a method byte, a chunking byte (the body is appended in pieces of that size, as
 * MHD hands it over; its top bit lowers the body limit to 64 bytes so the 413 path is
 * reached), then lines: "path?query" (the query URL-decoded with MHD's own unescaping),
 * the X-Request-Id (empty: none), the Content-Type (empty: application/json; "-": none),
 * the Accept header (empty: none; a value starting with '"' or 'W' is an If-None-Match
 * instead), and the rest is the body. A body the route streams
 * (NDJSON to /validate, every body of /pgn, a PGN body to /render/game.gif) is spooled
 * and its answer read to the end, as server.c does. Properties: the answer is complete and
 * of a status the API lists, never 500; JSON answers parse and are UTF-8, problems carry
 * their code and status; a FEN the API answers with reads back valid; a streamed answer
 * is one JSON record per non-blank input line, in order, or one whole GIF. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <microhttpd.h>

#include "core/utf8.h"
#include "fuzz.h"
#include "http/http.h"
#include "http/stream.h"

#define FUZZ_QUERY_MAX 32

struct fuzz_query {
	int count;
	char *names[FUZZ_QUERY_MAX];
	char *values[FUZZ_QUERY_MAX];
};

/* The last value given for name, as MHD_lookup_connection_value finds it: NULL when absent. */
static const char *fuzz_query_lookup(void *context, const char *name)
{
	const struct fuzz_query *q = context;

	for (int i = 0; i < q->count; i++)
		if (!strcmp(q->names[i], name))
			return q->values[i];
	return NULL;
}

/* The names of the query, in order, for params_check. */
static void fuzz_query_each(void *context, bool (*visit)(void *arg, const char *name), void *arg)
{
	const struct fuzz_query *q = context;

	for (int i = 0; i < q->count; i++)
		if (!visit(arg, q->names[i]))
			return;
}

/* Splits a writable query string into decoded pairs, as MHD's argument parser does: '&'
 * separates, '+' is a space, %XX a byte; a name without '=' has no value. */
static void fuzz_query_parse(char *s, struct fuzz_query *q)
{
	q->count = 0;
	while (s && *s && q->count < FUZZ_QUERY_MAX) {
		char *amp = strchr(s, '&'), *eq;
		if (amp)
			*amp = '\0';
		eq = strchr(s, '=');
		if (eq)
			*eq = '\0';
		for (char *p = s; *p; p++)
			if (*p == '+')
				*p = ' ';
		MHD_http_unescape(s);
		if (eq) {
			for (char *p = eq + 1; *p; p++)
				if (*p == '+')
					*p = ' ';
			MHD_http_unescape(eq + 1);
		}
		q->names[q->count] = s;
		q->values[q->count] = eq ? eq + 1 : NULL;
		q->count++;
		s = amp ? amp + 1 : NULL;
	}
}

/* The request headers the input gives (NULL: absent), found by name as MHD does: in any case. */
struct fuzz_headers {
	const char *content_type;
	const char *accept;
	const char *if_none_match;
};

static const char *fuzz_header_lookup(void *context, const char *name)
{
	const struct fuzz_headers *h = context;

	if (!strcasecmp(name, "Content-Type"))
		return h->content_type;
	if (!strcasecmp(name, "Accept"))
		return h->accept;
	if (!strcasecmp(name, "If-None-Match"))
		return h->if_none_match;
	return NULL;
}

/* The next line of the input as a NUL-terminated copy (the caller frees); the whole rest
 * when there is no newline. */
static char *fuzz_line(struct fuzz_input *in)
{
	const uint8_t *nl = memchr(in->data, '\n', in->size);
	size_t n = nl ? (size_t)(nl - in->data) : in->size;
	char *s = malloc(n + 1);

	if (!s)
		abort();
	memcpy(s, in->data, n);
	s[n] = '\0';
	in->data += n + (nl != NULL);
	in->size -= n + (nl != NULL);
	return s;
}

static const cJSON *fuzz_member(const cJSON *obj, const char *name, int type)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);

	FUZZ_ASSERT(item && (item->type & 0xff) == type, "response member %s is missing or of type %d", name,
		    item ? item->type & 0xff : -1);
	return item;
}

/* A FEN in an answer reads back valid in strict mode. */
static void fuzz_check_answer_fen(const cJSON *root, const char *name, bool chess960)
{
	const struct fen_options options = { FEN_STRICT, chess960, false, MSG_EN };
	const char *fen = fuzz_member(root, name, cJSON_String)->valuestring;
	struct position pos;
	struct fen_report report;

	FUZZ_ASSERT(fen_parse(fen, strlen(fen), &options, &pos, &report) == FEN_VALID,
		    "the answer's %s \"%s\" does not read back valid (%s)", name, fen,
		    report.error_count ? error_code_name(report.errors[0].code) : "?");
}

/* Checks one complete response to a request for path. */
static void fuzz_check_response(const struct http_request *req, const struct http_response *resp, bool chess960,
				bool streamed)
{
	static const int statuses[] = { 200, 204, 304, 400, 404, 405, 406, 413, 415, 422 };
	bool listed = false;
	bool have_id = false;
	cJSON *root;

	for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
		listed |= resp->status == statuses[i];
	FUZZ_ASSERT(listed, "status %d for %s: %.*s", resp->status, req->path, (int)resp->length,
		    resp->body ? resp->body : "");
	FUZZ_ASSERT(resp->length == 0 || resp->body, "a %zu-byte answer without a body", resp->length);
	/* Every answer but a picture is text, and text is UTF-8. */
	if (!resp->content_type || strncmp(resp->content_type, "image/", 6) || strstr(resp->content_type, "svg"))
		FUZZ_ASSERT(utf8_valid_length(resp->body, resp->length) == resp->length, "the answer is not UTF-8: %.*s",
			    (int)resp->length, resp->body);
	for (int i = 0; i < resp->header_count; i++) {
		FUZZ_ASSERT(resp->headers[i].name && resp->headers[i].value, "header %d is NULL", i);
		have_id |= !strcmp(resp->headers[i].name, "X-Request-Id");
		for (const char *p = resp->headers[i].value; *p; p++)
			FUZZ_ASSERT(*p >= ' ' && *p < 0x7f, "header %s has byte %d", resp->headers[i].name, *p);
	}
	FUZZ_ASSERT(have_id, "no X-Request-Id");
	if (resp->status == 204 || resp->status == 304) {
		FUZZ_ASSERT(resp->length == 0, "a %d with a body", resp->status);
		return;
	}
	FUZZ_ASSERT(resp->content_type, "status %d without a Content-Type", resp->status);
	/* A streamed answer was read and checked by fuzz_check_stream. */
	if (!strstr(resp->content_type, "json") || streamed)
		return;
	json_arena_begin();
	root = cJSON_ParseWithLength(resp->body, resp->length);
	FUZZ_ASSERT(root, "the answer is not JSON: %.*s", (int)resp->length, resp->body);
	if (!strcmp(resp->content_type, REPLY_PROBLEM_TYPE)) {
		FUZZ_ASSERT(resp->status >= 400, "a problem with status %d", resp->status);
		fuzz_member(root, "code", cJSON_String);
		fuzz_member(root, "title", cJSON_String);
		fuzz_member(root, "detail", cJSON_String);
		FUZZ_ASSERT(fuzz_member(root, "status", cJSON_Number)->valueint == resp->status, "problem status");
	} else if (resp->status == 200 && !strcmp(req->path, "/validate")) {
		const cJSON *valid = cJSON_GetObjectItemCaseSensitive(root, "valid");
		FUZZ_ASSERT(cJSON_IsBool(valid), "validate answered without valid");
		if (cJSON_IsTrue(valid))
			fuzz_check_answer_fen(root, "fen", cJSON_IsTrue(cJSON_GetObjectItem(root, "chess960")));
	} else if (resp->status == 200 && !strcmp(req->path, "/apply-move")) {
		fuzz_check_answer_fen(root, "fen", chess960);
	} else if (resp->status == 200 && !strcmp(req->path, "/moves")) {
		const cJSON *moves = fuzz_member(root, "moves", cJSON_Array);
		FUZZ_ASSERT(fuzz_member(root, "count", cJSON_Number)->valueint == cJSON_GetArraySize(moves),
			    "count is not the number of moves");
	}
	json_arena_delete(root);
	json_arena_end();
}

/* The lines of an NDJSON body that get a record: all but blank ones (spaces and tabs;
 * "\r\n" ends a line like "\n"). */
static unsigned long fuzz_ndjson_records(const char *body, size_t size)
{
	unsigned long records = 0;

	for (size_t i = 0; i < size;) {
		const char *nl = memchr(body + i, '\n', size - i);
		size_t n = nl ? (size_t)(nl - body - i) : size - i, blank;
		if (n && body[i + n - 1] == '\r')
			n--;
		for (blank = 0; blank < n && (body[i + blank] == ' ' || body[i + blank] == '\t'); blank++)
			;
		records += blank < n;
		i += (nl ? (size_t)(nl - body - i) + 1 : size - i);
	}
	return records;
}

/* Reads a started stream to its end and checks it: one JSON document (application/json),
 * or NDJSON, one object a line; for bulk /validate, each record's line number rises, it
 * holds a result or an error, and there are as many as the input has lines. */
static void fuzz_check_stream(struct stream *stream, const char *path, const char *body, size_t size)
{
	static char out[1 << 22];
	const char *type = stream_content_type(stream);
	size_t used = 0;
	ssize_t n;
	unsigned long records = 0;
	double last_line = 0;
	bool validate = !strcmp(path, "/validate");

	while ((n = stream_next(stream, out + used, sizeof out - used - 1)) > 0) {
		used += (size_t)n;
		FUZZ_ASSERT(used < sizeof out - 1, "a streamed answer of more than %zu bytes", sizeof out);
	}
	FUZZ_ASSERT(n == 0, "the stream was cut short");
	FUZZ_ASSERT(type, "a stream without a Content-Type");
	/* A game GIF from a PGN body: one whole GIF, from its signature to its trailer. */
	if (!strcmp(type, "image/gif")) {
		FUZZ_ASSERT(!strcmp(path, "/render/game.gif"), "a GIF streamed from %s", path);
		FUZZ_ASSERT(used > 6 && !memcmp(out, "GIF89a", 6) && out[used - 1] == 0x3B,
			    "the streamed GIF is not a whole GIF (%zu bytes)", used);
		return;
	}
	FUZZ_ASSERT(utf8_valid_length(out, used) == used, "the streamed answer is not UTF-8");
	if (strcmp(type, STREAM_NDJSON_TYPE)) {
		json_arena_begin();
		cJSON *root = cJSON_ParseWithLength(out, used);
		FUZZ_ASSERT(!validate && strstr(type, "json") && cJSON_IsObject(root),
			    "the %s answer to %s is not a JSON object: %.*s", type, path, (int)used, out);
		json_arena_delete(root);
		json_arena_end();
		return;
	}
	FUZZ_ASSERT(used == 0 || out[used - 1] == '\n', "the streamed answer does not end with a newline");
	for (size_t i = 0; i < used;) {
		char *nl = memchr(out + i, '\n', used - i);
		json_arena_begin();
		cJSON *record = cJSON_ParseWithLength(out + i, (size_t)(nl - out) - i);
		FUZZ_ASSERT(cJSON_IsObject(record), "record %lu is not a JSON object: %.*s", records + 1,
			    (int)((size_t)(nl - out) - i), out + i);
		if (validate) {
			const cJSON *line = fuzz_member(record, "line", cJSON_Number);
			FUZZ_ASSERT(line->valuedouble > last_line, "record line %g after %g", line->valuedouble, last_line);
			last_line = line->valuedouble;
			FUZZ_ASSERT(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(record, "result")) !=
				    cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(record, "error")),
				    "record %lu has neither or both of result and error", records + 1);
		}
		json_arena_delete(record);
		json_arena_end();
		records++;
		i = (size_t)(nl - out) + 1;
	}
	if (validate)
		FUZZ_ASSERT(records == fuzz_ndjson_records(body, size), "%lu records for %lu lines", records,
			    fuzz_ndjson_records(body, size));
}

/* A POST's body as server.c takes it: streamed when the route streams this Content-Type,
 * refused, or collected, parsed and handed to the handler. */
static void fuzz_post(const struct router_route *route, struct http_request *req, const char *type,
		      const struct fuzz_input *in, size_t chunk, struct http_response *resp, bool *chess960,
		      bool *streamed)
{
	const struct config *config = req->config;
	const struct stream_endpoint *ep = router_stream(route);
	char length[32];
	struct body body;
	cJSON *root;

	snprintf(length, sizeof length, "%zu", in->size);
	if (ep && ep->accepts(type)) {
		struct stream *stream = stream_new(ep, config->spool_dir);
		FUZZ_ASSERT(stream, "stream_new");
		/* server.c checks the query's names once the headers are in */
		if (!stream_check_length(stream, config, length, resp) && !params_check(route, req, resp)) {
			for (size_t off = 0; off < in->size; off += chunk)
				stream_spool_write(stream, config, (const char *)in->data + off,
						   in->size - off < chunk ? in->size - off : chunk);
			if (stream_start(stream, req, resp) == 0) {
				*streamed = true;
				fuzz_check_stream(stream, req->path, (const char *)in->data, in->size);
				reply_static(resp, 200, stream_content_type(stream), NULL, 0);
			}
		}
		stream_free(stream);
		return;
	}
	if (!route->handler) {
		stream_unsupported(ep, false, resp);
		return;
	}
	if (ep && type && !body_is_json_type(type)) {
		stream_unsupported(ep, true, resp);
		return;
	}
	if (body_check_headers(type, length, config->max_body, resp))
		return;
	body_init(&body);
	for (size_t off = 0; off < in->size; off += chunk)
		body_append(&body, (const char *)in->data + off, in->size - off < chunk ? in->size - off : chunk,
			    config->max_body);
	root = body_parse(&body, config->max_body, resp);
	if (root) {
		*chess960 = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "chess960"));
		req->body = root;
		if (!params_check(route, req, resp))
			route->handler(req, resp);
		req->body = NULL;
		cJSON_Delete(root);
	}
	body_clear(&body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum http_method methods[] = { HTTP_GET, HTTP_POST, HTTP_HEAD, HTTP_OPTIONS, HTTP_OTHER };
	static struct config config;
	static bool configured;
	struct fuzz_input in = { data, size };
	enum http_method method = methods[fuzz_byte(&in) % (sizeof methods / sizeof methods[0])];
	uint8_t chunking = fuzz_byte(&in);
	size_t chunk = (chunking & 0x7f) + 1;
	char *target, *given_id, *content_type, *accept, *question, id[REPLY_REQUEST_ID_MAX + 1];
	struct fuzz_query query;
	struct fuzz_headers headers;
	struct http_request req;
	struct http_response resp = { 0 };
	const struct router_route *route;
	bool chess960 = false, streamed = false;

	if (!configured) {
		static char *argv[] = { "fend", NULL };
		unsetenv("FEND_LISTEN");
		unsetenv("FEND_PORT");
		unsetenv("FEND_CORS_ORIGIN");
		FUZZ_ASSERT(config_load(&config, 1, argv) == CONFIG_OK, "config_load");
		/* fend's cJSON trees still come from malloc, where the sanitizers watch
		 * them; only the harness's own parsing of an answer to check it uses
		 * json-arena.c's arena. Under ASan's allocator that parsing was a seventh of
		 * the target's time, most of it on /pgn answers of hundreds of games. */
		json_arena_install();
		/* as a running daemon is: /ready answers 200 */
		server_set_ready(true);
		configured = true;
	}
	config.max_body = chunking & 0x80 ? 64 : FEND_DEFAULT_MAX_BODY;
	config.max_bulk_body = chunking & 0x80 ? 64 : 1 << 20;
	config.max_pgn_body = chunking & 0x80 ? 64 : 1 << 20;

	target = fuzz_line(&in);
	given_id = fuzz_line(&in);
	content_type = fuzz_line(&in);
	accept = fuzz_line(&in);
	/* An Accept line "W/..." or starting with '"' is an If-None-Match instead. */
	headers = (struct fuzz_headers){
		.content_type = !content_type[0] ? "application/json" : strcmp(content_type, "-") ? content_type : NULL,
		.accept = accept[0] && accept[0] != '"' && accept[0] != 'W' ? accept : NULL,
		.if_none_match = accept[0] == '"' || accept[0] == 'W' ? accept : NULL,
	};
	question = strchr(target, '?');
	if (question)
		*question++ = '\0';
	fuzz_query_parse(question, &query);
	req = (struct http_request){
		.method = method,
		.path = target,
		.query = fuzz_query_lookup,
		.query_context = &query,
		.query_each = fuzz_query_each,
		.request_id = reply_request_id(given_id[0] ? given_id : NULL, id),
		.header = fuzz_header_lookup,
		.header_context = &headers,
		.config = &config,
	};

	route = router_find(&req, &resp);
	if (route && route->method == HTTP_POST) {
		fuzz_post(route, &req, headers.content_type, &in, chunk, &resp, &chess960, &streamed);
	} else if (route) {
		const char *flag = fuzz_query_lookup(&query, "chess960");
		chess960 = flag && (!strcmp(flag, "true") || !strcmp(flag, "1"));
		if (!params_check(route, &req, &resp))
			route->handler(&req, &resp);
	}
	FUZZ_ASSERT(resp.status != 0, "no answer to %s", target);
	reply_finish(&resp, &req);
	fuzz_check_response(&req, &resp, chess960, streamed);
	reply_clear(&resp);
	free(target);
	free(given_id);
	free(content_type);
	free(accept);
	return 0;
}
