/* body.c -- request input: the POST body (capped, checked, parsed as a JSON object) and
 * the typed options handlers read from that body or from the query string. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

void body_too_large(size_t max_body, struct http_response *resp)
{
	char detail[96];
	cJSON *ext = cJSON_CreateObject();

	error_message(detail, sizeof detail, resp->lang, MSG_HTTP_BODY_TOO_LARGE, max_body);
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

	if (!type)
		return false;
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
		reply_problem(resp, REPLY_UNSUPPORTED_MEDIA_TYPE, msg_text(MSG_HTTP_BODY_NOT_JSON, resp->lang), NULL);
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

/* 400 malformed_json at a byte offset; root (NULL: none) names the type of a body that
 * is JSON but not an object. */
static void body_malformed(struct http_response *resp, const char *detail, size_t offset, const char *root)
{
	cJSON *ext = cJSON_CreateObject();

	if (!ext || !cJSON_AddNumberToObject(ext, "offset", (double)offset) ||
	    (root && !cJSON_AddStringToObject(ext, "root", root))) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, REPLY_MALFORMED_JSON, detail, ext);
}

/* 413 payload_too_large: the body's JSON needed more memory than the limit. */
static void body_memory_too_large(size_t limit, struct http_response *resp)
{
	char detail[96];
	cJSON *ext = cJSON_CreateObject();

	error_message(detail, sizeof detail, resp->lang, MSG_HTTP_BODY_MEMORY, limit);
	if (!ext || !cJSON_AddNumberToObject(ext, "limit", (double)limit)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, REPLY_PAYLOAD_TOO_LARGE, detail, ext);
}

/* The sentence of a body json_parse_text refused, in lang, written in out. */
static const char *body_text_problem(const struct json_text_error *err, char *out, size_t size, enum msg_lang lang)
{
	static const enum msg_id ids[] = {
		[JSON_TEXT_NUL] = MSG_API_BODY_NUL, [JSON_TEXT_NOT_UTF8] = MSG_API_BODY_NOT_UTF8,
		[JSON_TEXT_NUL_ESCAPE] = MSG_API_BODY_NUL_ESCAPE, [JSON_TEXT_SYNTAX] = MSG_API_BODY_SYNTAX,
	};

	error_message(out, size, lang, ids[err->problem], err->offset);
	return out;
}

cJSON *body_parse(struct body *b, size_t max_body, struct http_response *resp)
{
	struct json_text_error err;
	const char *type;
	char detail[160];
	size_t offset;
	cJSON *root;

	if (b->too_large) {
		body_too_large(max_body, resp);
		return NULL;
	}
	if (b->out_of_memory) {
		reply_internal_error(resp);
		return NULL;
	}
	if (!b->length) {
		body_malformed(resp, msg_text(MSG_API_BODY_EMPTY, resp->lang), 0, NULL);
		return NULL;
	}
	/* The first byte says what the body holds: anything but an object is refused
	 * before a byte more is read (a megabyte array would cost a tree of a million nodes). */
	type = json_root_type(b->data, b->length, &offset);
	if (type && strcmp(type, "object")) {
		enum msg_id what = !strcmp(type, "array") ? MSG_API_W_AN_ARRAY : !strcmp(type, "null") ? MSG_API_W_NULL
				   : !strcmp(type, "string") ? MSG_API_W_A_STRING
				   : !strcmp(type, "number") ? MSG_API_W_A_NUMBER : MSG_API_W_A_BOOLEAN;
		error_message(detail, sizeof detail, resp->lang, MSG_API_BODY_NOT_OBJECT, msg_text(what, resp->lang));
		body_malformed(resp, detail, offset, type);
		return NULL;
	}
	root = json_parse_text(b->data, b->length, "the request body", &err);
	if (!root && json_arena_exceeded())
		body_memory_too_large(json_arena_limit_bytes(), resp);
	else if (!root)
		body_malformed(resp, body_text_problem(&err, detail, sizeof detail, resp->lang), err.offset, NULL);
	/* A text that starts with '{' and parses is an object. */
	return root;
}

/* The problem of an option json_* found wrong; returns -1. */
static int body_option_problem(struct http_response *resp, const struct json_option_error *err)
{
	char detail[96];

	if (err->missing) {
		/* "fen is required", in the request's language */
		error_message(detail, sizeof detail, resp->lang, MSG_HTTP_REQUIRED, err->field);
		reply_problem_field(resp, REPLY_MISSING_FIELD, err->field, detail);
		return -1;
	}
	/* the English detail, in the request's language */
	error_message(detail, sizeof detail, resp->lang, err->msg, err->field);
	reply_problem_field(resp, REPLY_INVALID_FIELD, err->field, detail);
	return -1;
}

/* The query parameter name, or NULL. */
static const char *body_query(const struct http_request *req, const char *name)
{
	return req->query ? req->query(req->query_context, name) : NULL;
}

int body_string(const struct http_request *req, const char *name, bool required, const char **out,
		struct http_response *resp)
{
	struct json_option_error err;
	char detail[96];

	if (req->body)
		return json_member_string(req->body, name, required, out, &err) ? body_option_problem(resp, &err) : 0;
	*out = body_query(req, name);
	if (!*out && required) {
		error_message(detail, sizeof detail, resp->lang, MSG_HTTP_REQUIRED, name);
		reply_problem_field(resp, REPLY_MISSING_FIELD, name, detail);
		return -1;
	}
	return 0;
}

int body_bool(const struct http_request *req, const char *name, bool *out, struct http_response *resp)
{
	struct json_option_error err;
	char detail[96];
	const char *value;

	if (req->body)
		return json_member_bool(req->body, name, out, &err) ? body_option_problem(resp, &err) : 0;
	value = body_query(req, name);
	if (!value)
		return 0;
	/* Any case: Python's requests sends True and False. */
	if (!strcasecmp(value, "true") || !strcmp(value, "1")) {
		*out = true;
		return 0;
	}
	if (!strcasecmp(value, "false") || !strcmp(value, "0")) {
		*out = false;
		return 0;
	}
	error_message(detail, sizeof detail, resp->lang, MSG_HTTP_BOOLEAN, name);
	reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
	return -1;
}

int body_position_options(const struct http_request *req, const char **fen, struct fen_options *options,
			  struct json_fen_style *style, struct http_response *resp)
{
	if (body_string(req, "fen", true, fen, resp))
		return -1;
	return body_style_options(req, options, style, resp);
}

int body_position_options_or_start(const struct http_request *req, const char **fen, struct fen_options *options,
				   struct json_fen_style *style, struct http_response *resp)
{
	if (body_string(req, "fen", false, fen, resp))
		return -1;
	if (!*fen)
		*fen = POSITION_START_FEN;
	return body_style_options(req, options, style, resp);
}

int body_style_options(const struct http_request *req, struct fen_options *options, struct json_fen_style *style,
		       struct http_response *resp)
{
	struct json_option_error err;
	const char *value;

	*options = (struct fen_options){ FEN_STRICT, false, false, negotiate_lang(req) };
	*style = JSON_FEN_STYLE_DEFAULT;
	if (body_string(req, "mode", false, &value, resp))
		return -1;
	if (json_style_options(value, NULL, NULL, options, style, &err))
		return body_option_problem(resp, &err);
	if (body_bool(req, "chess960", &options->chess960, resp) ||
	    body_bool(req, "infer_castling", &options->infer_castling, resp))
		return -1;
	if (body_string(req, "ep", false, &value, resp))
		return -1;
	if (json_style_options(NULL, value, NULL, options, style, &err))
		return body_option_problem(resp, &err);
	if (body_string(req, "castling", false, &value, resp))
		return -1;
	if (json_style_options(NULL, NULL, value, options, style, &err))
		return body_option_problem(resp, &err);
	return 0;
}

int body_message_lang(const struct http_request *req, struct http_response *resp)
{
	const char *value;
	enum msg_lang lang;

	/* negotiate_lang has already taken it as the language of messages */
	if (body_string(req, "lang", false, &value, resp))
		return -1;
	if (value && !msg_lang_parse(value, strlen(value), &lang)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "lang", msg_text(MSG_API_LANG_MESSAGES, resp->lang));
		return -1;
	}
	return 0;
}

int body_lang(const struct http_request *req, enum san_lang *out, bool *given, struct http_response *resp)
{
	const char *value;

	*out = SAN_LANG_EN;
	if (body_string(req, "lang", false, &value, resp))
		return -1;
	if (given)
		*given = value != NULL;
	if (value && json_parse_lang(value, out)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "lang", msg_text(MSG_API_LANG_SAN, resp->lang));
		return -1;
	}
	return 0;
}
