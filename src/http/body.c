/* body.c -- request input: the POST body (capped, checked, parsed as a JSON object) and
 * the typed options handlers read from that body or from the query string. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/utf8.h"
#include "http/http.h"

void body_init(struct body *b)
{
	*b = (struct body){ 0 };
}

void body_clear(struct body *b)
{
	free(b->data);
	body_init(b);
}

/* The 413 problem, naming the limit. */
static void body_too_large(size_t max_body, struct http_response *resp)
{
	char detail[96];
	cJSON *ext = cJSON_CreateObject();

	snprintf(detail, sizeof detail, "the request body is larger than the limit of %zu bytes", max_body);
	if (!ext || !cJSON_AddNumberToObject(ext, "limit", (double)max_body)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, REPLY_PAYLOAD_TOO_LARGE, detail, ext);
}

bool body_is_json_type(const char *type)
{
	size_t n, sub;

	while (*type == ' ' || *type == '\t')
		type++;
	for (n = 0; type[n] && type[n] != ';' && type[n] != ' ' && type[n] != '\t'; n++)
		;
	if (n < 12 || strncasecmp(type, "application/", 12))
		return false;
	sub = n - 12;
	if (sub == 4 && !strncasecmp(type + 12, "json", 4))
		return true;
	/* application/<something>+json, as application/problem+json or application/ld+json */
	return sub > 5 && !strncasecmp(type + n - 5, "+json", 5);
}

int body_check_headers(const char *content_type, const char *content_length, size_t max_body,
		       struct http_response *resp)
{
	if (content_type && !body_is_json_type(content_type)) {
		reply_problem(resp, REPLY_UNSUPPORTED_MEDIA_TYPE,
			      "the request body must be JSON, sent with Content-Type: application/json", NULL);
		return -1;
	}
	if (content_length) {
		/* MHD has refused a malformed Content-Length already; this only compares. */
		size_t length = 0;
		bool over = false;
		for (const char *p = content_length; *p >= '0' && *p <= '9'; p++) {
			length = length * 10 + (size_t)(*p - '0');
			if (length > max_body) {
				over = true;
				break;
			}
		}
		if (over) {
			body_too_large(max_body, resp);
			return -1;
		}
	}
	return 0;
}

int body_append(struct body *b, const char *data, size_t size, size_t max_body)
{
	b->received += size;
	if (b->too_large || b->out_of_memory)
		return -1;
	if (size > max_body - b->length) {
		b->too_large = true;
		return -1;
	}
	if (b->length + size + 1 > b->capacity) {
		/* The first piece usually is the whole body: allocate just that (a small block
		 * malloc serves from its per-thread cache), then double. */
		size_t capacity = b->capacity * 2;
		char *grown;
		if (capacity < b->length + size + 1)
			capacity = b->length + size + 1;
		if (capacity > max_body + 1)
			capacity = max_body + 1;
		grown = realloc(b->data, capacity);
		if (!grown) {
			b->out_of_memory = true;
			return -1;
		}
		b->data = grown;
		b->capacity = capacity;
	}
	memcpy(b->data + b->length, data, size);
	b->length += size;
	b->data[b->length] = '\0';
	return 0;
}

/* Offset of the first \u0000 escape in a JSON text (escaped backslashes skipped), or
 * length when there is none. */
static size_t body_find_nul_escape(const char *data, size_t length)
{
	for (size_t i = 0; i + 1 < length; i++) {
		if (data[i] != '\\')
			continue;
		if (data[i + 1] == 'u' && i + 5 < length && !memcmp(data + i + 2, "0000", 4))
			return i;
		i++; /* the escaped character */
	}
	return length;
}

/* 400 malformed_json at a byte offset. */
static void body_malformed(struct http_response *resp, const char *detail, size_t offset)
{
	cJSON *ext = cJSON_CreateObject();

	if (!ext || !cJSON_AddNumberToObject(ext, "offset", (double)offset)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, REPLY_MALFORMED_JSON, detail, ext);
}

cJSON *body_parse(struct body *b, size_t max_body, struct http_response *resp)
{
	const char *end = NULL, *nul;
	char detail[96];
	size_t valid, escape;
	cJSON *root;

	if (b->too_large) {
		body_too_large(max_body, resp);
		return NULL;
	}
	if (b->out_of_memory) {
		reply_internal_error(resp);
		return NULL;
	}
	if (!b->data) {
		body_malformed(resp, "the request body is empty", 0);
		return NULL;
	}
	/* cJSON would stop at a NUL and call the rest trailing garbage: say where it is. */
	nul = memchr(b->data, '\0', b->length);
	if (nul) {
		body_malformed(resp, "the request body contains a NUL byte", (size_t)(nul - b->data));
		return NULL;
	}
	/* JSON text is UTF-8 (RFC 8259); anything else would be echoed back in answers. */
	valid = utf8_valid_length(b->data, b->length);
	if (valid < b->length) {
		snprintf(detail, sizeof detail, "the request body is not UTF-8 (byte %zu)", valid);
		body_malformed(resp, detail, valid);
		return NULL;
	}
	/* cJSON turns \u0000 into a NUL that would silently end the string: refuse it. */
	escape = body_find_nul_escape(b->data, b->length);
	if (escape < b->length) {
		body_malformed(resp, "a string in the request body contains \\u0000 (NUL), which is not accepted",
			       escape);
		return NULL;
	}
	/* The length counts the terminating NUL, as require_null_terminated wants. */
	root = cJSON_ParseWithLengthOpts(b->data, b->length + 1, &end, 1);
	if (!root) {
		size_t offset = end && end >= b->data ? (size_t)(end - b->data) : 0;
		if (offset > b->length)
			offset = b->length;
		snprintf(detail, sizeof detail, "the request body is not valid JSON (the error is at byte %zu)", offset);
		body_malformed(resp, detail, offset);
		return NULL;
	}
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		body_malformed(resp, "the request body must be a JSON object", 0);
		return NULL;
	}
	return root;
}

/* The body's member called name, or NULL. */
static const cJSON *body_member(const struct http_request *req, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(req->body, name);
}

/* The query parameter name, or NULL. */
static const char *body_query(const struct http_request *req, const char *name)
{
	return req->query ? req->query(req->query_context, name) : NULL;
}

int body_string(const struct http_request *req, const char *name, bool required, const char **out,
		struct http_response *resp)
{
	char detail[96];

	*out = NULL;
	if (req->body) {
		const cJSON *item = body_member(req, name);
		if (item && !cJSON_IsString(item)) {
			snprintf(detail, sizeof detail, "%s must be a string", name);
			reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
			return -1;
		}
		if (item)
			*out = item->valuestring;
	} else {
		*out = body_query(req, name);
	}
	if (!*out && required) {
		snprintf(detail, sizeof detail, "%s is required", name);
		reply_problem_field(resp, REPLY_MISSING_FIELD, name, detail);
		return -1;
	}
	return 0;
}

int body_bool(const struct http_request *req, const char *name, bool *out, struct http_response *resp)
{
	char detail[96];

	if (req->body) {
		const cJSON *item = body_member(req, name);
		if (!item)
			return 0;
		if (cJSON_IsBool(item)) {
			*out = cJSON_IsTrue(item);
			return 0;
		}
		snprintf(detail, sizeof detail, "%s must be true or false", name);
	} else {
		const char *value = body_query(req, name);
		if (!value)
			return 0;
		if (!strcmp(value, "true") || !strcmp(value, "1")) {
			*out = true;
			return 0;
		}
		if (!strcmp(value, "false") || !strcmp(value, "0")) {
			*out = false;
			return 0;
		}
		snprintf(detail, sizeof detail, "%s must be true, false, 1 or 0", name);
	}
	reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
	return -1;
}

static int body_position_style(const struct http_request *req, struct fen_options *options,
			       struct json_fen_style *style, struct http_response *resp);

int body_position_options(const struct http_request *req, const char **fen, struct fen_options *options,
			  struct json_fen_style *style, struct http_response *resp)
{

	if (body_string(req, "fen", true, fen, resp))
		return -1;
	return body_position_style(req, options, style, resp);
}

int body_position_options_or_start(const struct http_request *req, const char **fen, struct fen_options *options,
				   struct json_fen_style *style, struct http_response *resp)
{
	if (body_string(req, "fen", false, fen, resp))
		return -1;
	if (!*fen)
		*fen = POSITION_START_FEN;
	return body_position_style(req, options, style, resp);
}

/* The position options other than fen itself. */
static int body_position_style(const struct http_request *req, struct fen_options *options,
			       struct json_fen_style *style, struct http_response *resp)
{
	const char *value;

	*options = (struct fen_options){ FEN_STRICT, false, false };
	*style = JSON_FEN_STYLE_DEFAULT;
	if (body_string(req, "mode", false, &value, resp))
		return -1;
	if (value && json_parse_mode(value, &options->mode)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "mode", "mode must be \"strict\" or \"lenient\"");
		return -1;
	}
	if (body_bool(req, "chess960", &options->chess960, resp) ||
	    body_bool(req, "infer_castling", &options->infer_castling, resp))
		return -1;
	if (body_string(req, "ep", false, &value, resp))
		return -1;
	if (value && json_parse_ep_style(value, &style->ep)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "ep", "ep must be \"fen\", \"xfen\" or \"legal\"");
		return -1;
	}
	if (body_string(req, "castling", false, &value, resp))
		return -1;
	if (value && json_parse_castling_style(value, &style->castling)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "castling",
				    "castling must be \"standard\" or \"shredder\"");
		return -1;
	}
	return 0;
}
