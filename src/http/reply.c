/* reply.c -- every response the daemon sends is built here: JSON, text, static bodies,
 * RFC 9457 problems, and the headers all responses carry (X-Request-Id, CORS). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "http/http.h"

/* Each problem code's status and fixed title (in the catalogue, core/messages.c). */
static const struct {
	int status;
	const char *name;
	enum msg_id title;
} reply_codes[REPLY_CODE_NB] = {
	[REPLY_MALFORMED_JSON] = { 400, "malformed_json", MSG_TITLE_MALFORMED_JSON },
	[REPLY_MISSING_FIELD] = { 400, "missing_field", MSG_TITLE_MISSING_FIELD },
	[REPLY_INVALID_FIELD] = { 400, "invalid_field", MSG_TITLE_INVALID_FIELD },
	[REPLY_NOT_FOUND] = { 404, "not_found", MSG_TITLE_NOT_FOUND },
	[REPLY_METHOD_NOT_ALLOWED] = { 405, "method_not_allowed", MSG_TITLE_METHOD_NOT_ALLOWED },
	[REPLY_PAYLOAD_TOO_LARGE] = { 413, "payload_too_large", MSG_TITLE_PAYLOAD_TOO_LARGE },
	[REPLY_UNSUPPORTED_MEDIA_TYPE] = { 415, "unsupported_media_type", MSG_TITLE_UNSUPPORTED_MEDIA_TYPE },
	[REPLY_INVALID_FEN] = { 422, "invalid_fen", MSG_TITLE_INVALID_FEN },
	[REPLY_ILLEGAL_MOVE] = { 422, "illegal_move", MSG_TITLE_ILLEGAL_MOVE },
	[REPLY_AMBIGUOUS_MOVE] = { 422, "ambiguous_move", MSG_TITLE_AMBIGUOUS_MOVE },
	[REPLY_NON_STANDARD_SAN] = { 422, "non_standard_san", MSG_TITLE_NON_STANDARD_SAN },
	[REPLY_MALFORMED_PGN] = { 422, "malformed_pgn", MSG_TITLE_MALFORMED_PGN },
	[REPLY_INTERNAL_ERROR] = { 500, "internal_error", MSG_TITLE_INTERNAL_ERROR },
	[REPLY_SERVICE_UNAVAILABLE] = { 503, "service_unavailable", MSG_TITLE_SERVICE_UNAVAILABLE },
	[REPLY_UNREADABLE_GAME] = { 422, "unreadable_game", MSG_TITLE_UNREADABLE_GAME },
	[REPLY_INVALID_FRAMING] = { 400, "invalid_framing", MSG_TITLE_INVALID_FRAMING },
	[REPLY_NOT_ACCEPTABLE] = { 406, "not_acceptable", MSG_TITLE_NOT_ACCEPTABLE },
	[REPLY_UNKNOWN_PARAMETER] = { 400, "unknown_parameter", MSG_TITLE_UNKNOWN_PARAMETER },
	[REPLY_RENDER_TOO_LARGE] = { 422, "render_too_large", MSG_TITLE_RENDER_TOO_LARGE },
	[REPLY_BUSY] = { 503, "busy", MSG_TITLE_BUSY },
	[REPLY_DEADLINE_EXCEEDED] = { 503, "deadline_exceeded", MSG_TITLE_DEADLINE_EXCEEDED },
	[REPLY_URI_TOO_LONG] = { 414, "uri_too_long", MSG_TITLE_URI_TOO_LONG },
	[REPLY_HEADERS_TOO_LARGE] = { 431, "headers_too_large", MSG_TITLE_HEADERS_TOO_LARGE },
	[REPLY_AMBIGUOUS_LANGUAGE] = { 422, "ambiguous_language", MSG_TITLE_AMBIGUOUS_LANGUAGE },
};

/* The answer when memory ran out: static, so that it can always be sent. */
static const char reply_internal_error_body[] =
	"{\"type\":\"urn:fend:problem:internal_error\",\"title\":\"Internal server error\",\"status\":500,"
	"\"detail\":\"the server ran out of memory while answering this request\",\"code\":\"internal_error\"}";

const char *reply_code_name(enum reply_code code)
{
	return reply_codes[code].name;
}

void reply_clear(struct http_response *resp)
{
	if (resp->body && resp->body_free)
		resp->body_free(resp->body);
	resp->status = 0;
	resp->content_type = NULL;
	resp->body = NULL;
	resp->length = 0;
	resp->body_free = NULL;
	resp->header_count = 0;
	resp->storage_used = 0;
}

void reply_static(struct http_response *resp, int status, const char *content_type, const char *body,
		  size_t length)
{
	reply_clear(resp);
	resp->status = status;
	resp->content_type = content_type;
	/* The body is never written through: body_free is NULL, so nothing frees it either. */
	resp->body = (char *)(uintptr_t)body;
	resp->length = length;
}

void reply_internal_error(struct http_response *resp)
{
	reply_static(resp, 500, REPLY_PROBLEM_TYPE, reply_internal_error_body, sizeof reply_internal_error_body - 1);
}

void reply_owned(struct http_response *resp, int status, const char *content_type, void *body, size_t length,
		 void (*body_free)(void *))
{
	reply_clear(resp);
	resp->status = status;
	resp->content_type = content_type;
	resp->body = body;
	resp->length = length;
	resp->body_free = body_free;
}

/* Prints root as the body with the given type, and deletes it. */
static void reply_tree(struct http_response *resp, int status, const char *content_type, cJSON *root)
{
	/* Unformatted, into a buffer sized for a typical answer so that it rarely grows. */
	char *text = root && json_print_prepare(root) ? cJSON_PrintBuffered(root, REPLY_PRINT_BUFFER, false) : NULL;
	size_t length = text ? strlen(text) : 0;
	/* The text may be in the request's JSON arena, which is gone before MHD sends it;
	 * the copy keeps its NUL. */
	char *body = text ? malloc(length + 1) : NULL;

	if (body)
		memcpy(body, text, length + 1);
	cJSON_free(text);
	json_arena_delete(root);
	if (!body) {
		reply_internal_error(resp);
		return;
	}
	reply_owned(resp, status, content_type, body, length, free);
}

void reply_json(struct http_response *resp, int status, cJSON *root)
{
	reply_tree(resp, status, REPLY_JSON_TYPE, root);
}

void reply_text(struct http_response *resp, int status, const char *content_type, const char *text,
		size_t length)
{
	char *copy = malloc(length ? length : 1);

	if (!copy) {
		reply_internal_error(resp);
		return;
	}
	memcpy(copy, text, length);
	reply_owned(resp, status, content_type, copy, length, free);
}

/* reply_problem_object with the title in lang. */
static cJSON *reply_problem_in(enum reply_code code, const char *detail, cJSON *extensions, enum msg_lang lang)
{
	const char *title = msg_text(reply_codes[code].title, lang);
	char type[64];
	cJSON *root = cJSON_CreateObject(), *item;

	if (!detail && extensions) {
		item = cJSON_GetObjectItemCaseSensitive(extensions, "detail");
		if (cJSON_IsString(item))
			detail = item->valuestring;
	}
	if (!detail)
		detail = title;
	snprintf(type, sizeof type, "urn:fend:problem:%s", reply_codes[code].name);
	if (!root || !cJSON_AddStringToObject(root, "type", type) ||
	    !cJSON_AddStringToObject(root, "title", title) ||
	    !cJSON_AddNumberToObject(root, "status", reply_codes[code].status) ||
	    !cJSON_AddStringToObject(root, "detail", detail) ||
	    !cJSON_AddStringToObject(root, "code", reply_codes[code].name))
		goto fail;
	/* Move the extension members over, in order; detail was copied above. */
	while (extensions && extensions->child) {
		item = cJSON_DetachItemViaPointer(extensions, extensions->child);
		if (!item->string || !strcmp(item->string, "code") || !strcmp(item->string, "detail")) {
			cJSON_Delete(item);
			continue;
		}
		if (!cJSON_AddItemToObject(root, item->string, item)) {
			cJSON_Delete(item);
			goto fail;
		}
	}
	cJSON_Delete(extensions);
	return root;
fail:
	cJSON_Delete(extensions);
	cJSON_Delete(root);
	return NULL;
}

cJSON *reply_problem_object(enum reply_code code, const char *detail, cJSON *extensions)
{
	return reply_problem_in(code, detail, extensions, MSG_EN);
}

void reply_problem(struct http_response *resp, enum reply_code code, const char *detail, cJSON *extensions)
{
	/* the title in the language of the request's messages, once it is chosen */
	cJSON *root = reply_problem_in(code, detail, extensions, resp->lang_chosen ? resp->lang : MSG_EN);

	if (!root)
		reply_internal_error(resp);
	else
		reply_tree(resp, reply_codes[code].status, REPLY_PROBLEM_TYPE, root);
}

void reply_problem_field(struct http_response *resp, enum reply_code code, const char *field, const char *detail)
{
	cJSON *ext = cJSON_CreateObject();

	if (!ext || !cJSON_AddStringToObject(ext, "field", field)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, code, detail, ext);
}

void reply_invalid_fen(struct http_response *resp, const struct fen_report *report)
{
	cJSON *ext = json_invalid_fen(report);

	if (!ext)
		reply_internal_error(resp);
	else
		reply_problem(resp, REPLY_INVALID_FEN, NULL, ext);
}

bool reply_header(struct http_response *resp, const char *name, const char *value)
{
	if (resp->header_count >= HTTP_HEADERS_MAX)
		return false;
	resp->headers[resp->header_count++] = (struct http_header){ name, value };
	return true;
}

void reply_page(struct http_response *resp)
{
	resp->page = true;
}

bool reply_header_copy(struct http_response *resp, const char *name, const char *value)
{
	size_t len = strlen(value) + 1;

	if (resp->header_count >= HTTP_HEADERS_MAX || len > sizeof resp->storage - resp->storage_used)
		return false;
	char *copy = resp->storage + resp->storage_used;
	memcpy(copy, value, len);
	resp->storage_used += len;
	return reply_header(resp, name, copy);
}

/* True for the answers that may carry messages: JSON, problems and NDJSON of the
 * endpoints that read positions and moves (not /health, /version, /metrics...), and any
 * problem of a request whose language was chosen. */
static bool reply_has_messages(const struct http_response *resp, const struct http_request *req)
{
	static const char *const paths[] = {
		"/validate", "/apply-move", "/pgn", "/moves", "/position", "/render", "/render/game.gif", "/convert",
	};
	const char *type = resp->content_type;
	bool found = false;

	if (!type || !req->path || !(!strncmp(type, "application/json", 16) ||
				     !strncmp(type, "application/problem+json", 24) ||
				     !strncmp(type, "application/x-ndjson", 20)))
		return false;
	/* any problem: its title and detail are in the request's language, whatever the path */
	if (!strncmp(type, "application/problem+json", 24) && resp->lang_chosen)
		return true;
	for (size_t i = 0; i < sizeof paths / sizeof paths[0] && !found; i++)
		found = !strcmp(req->path, paths[i]);
	return found;
}

void reply_vary(struct http_response *resp, const char *name)
{
	char value[128];
	int at = -1;

	for (int i = 0; i < resp->header_count; i++)
		if (!strcasecmp(resp->headers[i].name, "Vary"))
			at = i;
	if (at < 0) {
		reply_header(resp, "Vary", name);
		return;
	}
	/* already listed: names are whole words between commas */
	const char *old = resp->headers[at].value;
	size_t n = strlen(name);
	for (const char *p = old; (p = strcasestr(p, name)); p += n)
		if ((p == old || p[-1] == ' ' || p[-1] == ',') && (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
			return;
	if ((size_t)snprintf(value, sizeof value, "%s, %s", old, name) >= sizeof value)
		return;
	/* the merged value replaces the old header in place */
	size_t len = strlen(value) + 1;
	if (len > sizeof resp->storage - resp->storage_used)
		return;
	char *copy = resp->storage + resp->storage_used;
	memcpy(copy, value, len);
	resp->storage_used += len;
	resp->headers[at].value = copy;
}

void reply_finish(struct http_response *resp, const struct http_request *req)
{
	/* Messages are in the language negotiate_lang chose, and a cache must key on what
	 * chose it; a 304 keeps the Vary of the answer it stands for (the endpoint's). */
	if (reply_has_messages(resp, req)) {
		reply_header(resp, "Content-Language",
			     msg_lang_name(resp->lang_chosen ? resp->lang : negotiate_lang(req)));
		reply_vary(resp, "Accept-Language");
	}
	if (req->request_id)
		reply_header(resp, "X-Request-Id", req->request_id);
	/* No browser may guess another type than the one we send (a JSON answer that
	 * echoes input must never be run as HTML or script). */
	reply_header(resp, "X-Content-Type-Options", "nosniff");
	if (req->config) {
		reply_header(resp, "Access-Control-Allow-Origin", req->config->cors_origin);
		/* Every response header a page may need to read that is not CORS-safelisted
		 * (Content-Type, Content-Length, Cache-Control are): tests/contract.py checks
		 * that each header fend sends is either safelisted, CORS's own, or here. */
		reply_header(resp, "Access-Control-Expose-Headers",
			     "X-Request-Id, ETag, X-Fen-Problems, X-Fen-Marks-Dropped, X-Fen-Lang-Detected, "
			     "Retry-After, Allow");
		if (strcmp(req->config->cors_origin, "*"))
			reply_vary(resp, "Origin");
		if (resp->page) {
			reply_header(resp, "Content-Security-Policy", req->config->page_csp);
			reply_header(resp, "Referrer-Policy", "no-referrer");
			if (req->config->frame_options)
				reply_header(resp, "X-Frame-Options", req->config->frame_options);
		}
	}
}

/* Per-thread generator state for request ids (splitmix64), seeded on first use. */
static _Thread_local uint64_t reply_id_state;
static _Thread_local bool reply_id_seeded;

/* The next 64 random-looking bits of this thread's id sequence. */
static uint64_t reply_id_next(void)
{
	uint64_t z;

	if (!reply_id_seeded) {
		uint64_t seed = 0;
		if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != (ssize_t)sizeof seed) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			seed = ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)ts.tv_nsec ^ (uint64_t)(uintptr_t)&reply_id_state;
		}
		reply_id_state = seed;
		reply_id_seeded = true;
	}
	z = (reply_id_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

char *reply_request_id(const char *given, char out[REPLY_REQUEST_ID_MAX + 1])
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0;

	if (given) {
		while (n <= REPLY_REQUEST_ID_MAX && given[n] > ' ' && given[n] < 0x7f)
			n++;
		if (n > 0 && n <= REPLY_REQUEST_ID_MAX && given[n] == '\0') {
			memcpy(out, given, n + 1);
			return out;
		}
	}
	uint64_t id = reply_id_next();
	for (int i = 15; i >= 0; i--, id >>= 4)
		out[i] = hex[id & 15];
	out[16] = '\0';
	return out;
}
