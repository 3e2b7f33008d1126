/* json-request.c -- reading what clients write in JSON: a JSON text checked the way the
 * API promises (UTF-8, no NUL, no \u0000, the offset of the first error), and the shared
 * position options of a request object. Used by the HTTP body reader and the bulk lines. */
#include "json/json.h"

#include <stdio.h>
#include <string.h>

#include "core/utf8.h"

/* Offset of the first \u0000 escape in a JSON text (escaped backslashes skipped), or
 * length when there is none. */
static size_t json_find_nul_escape(const char *data, size_t length)
{
	const char *end = data + length;

	/* From backslash to backslash (memchr): most bodies have none. */
	for (const char *p = data; (p = memchr(p, '\\', (size_t)(end - p))) && end - p >= 2; p += 2)
		if (p[1] == 'u' && end - p >= 6 && !memcmp(p + 2, "0000", 4))
			return (size_t)(p - data);
	return length;
}

/* Fills err and returns NULL. */
static cJSON *json_text_error(struct json_text_error *err, size_t offset, enum json_text_problem problem,
			       const char *detail)
{
	err->offset = offset;
	err->problem = problem;
	snprintf(err->detail, sizeof err->detail, "%s", detail);
	return NULL;
}

cJSON *json_parse_text(const char *data, size_t length, const char *what, struct json_text_error *err)
{
	const char *end = NULL, *nul;
	char detail[sizeof err->detail];
	size_t valid, offset;
	cJSON *root;

	/* cJSON would stop at a NUL and call the rest trailing garbage: say where it is. */
	nul = memchr(data, '\0', length);
	if (nul) {
		snprintf(detail, sizeof detail, "%s contains a NUL byte", what);
		return json_text_error(err, (size_t)(nul - data), JSON_TEXT_NUL, detail);
	}
	/* JSON text is UTF-8 (RFC 8259); anything else would be echoed back in answers. */
	valid = utf8_valid_length(data, length);
	if (valid < length) {
		snprintf(detail, sizeof detail, "%s is not UTF-8 (byte %zu)", what, valid);
		return json_text_error(err, valid, JSON_TEXT_NOT_UTF8, detail);
	}
	/* cJSON turns \u0000 into a NUL that would silently end the string: refuse it. */
	offset = json_find_nul_escape(data, length);
	if (offset < length) {
		snprintf(detail, sizeof detail, "a string in %s contains \\u0000 (NUL), which is not accepted", what);
		return json_text_error(err, offset, JSON_TEXT_NUL_ESCAPE, detail);
	}
	/* data[length] is the NUL, which require_null_terminated wants counted. */
	root = cJSON_ParseWithLengthOpts(data, length + 1, &end, 1);
	if (root)
		return root;
	offset = end && end >= data ? (size_t)(end - data) : 0;
	if (offset > length)
		offset = length;
	snprintf(detail, sizeof detail, "%s is not valid JSON (the error is at byte %zu)", what, offset);
	return json_text_error(err, offset, JSON_TEXT_SYNTAX, detail);
}

/* True when the length bytes at text begin with word. */
static bool json_starts(const char *text, size_t length, const char *word)
{
	size_t n = strlen(word);

	return length >= n && !memcmp(text, word, n);
}

const char *json_root_type(const char *data, size_t length, size_t *offset)
{
	size_t i = 0;
	const char *p;

	while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
		i++;
	*offset = i;
	p = data + i;
	length -= i;
	if (!length)
		return NULL;
	switch (*p) {
	case '{':
		return "object";
	case '[':
		return "array";
	case '"':
		return "string";
	/* A literal is whole words, a number a digit after its sign: anything else is not
	 * JSON, which the parser says where. */
	case 't':
		return json_starts(p, length, "true") ? "boolean" : NULL;
	case 'f':
		return json_starts(p, length, "false") ? "boolean" : NULL;
	case 'n':
		return json_starts(p, length, "null") ? "null" : NULL;
	case '-':
		return length > 1 && p[1] >= '0' && p[1] <= '9' ? "number" : NULL;
	default:
		return *p >= '0' && *p <= '9' ? "number" : NULL;
	}
}

/* Fills err for member name with message msg (in English, of name); returns -1. */
static int json_option_error(struct json_option_error *err, bool missing, const char *name, enum msg_id msg)
{
	err->missing = missing;
	err->msg = msg;
	snprintf(err->field, sizeof err->field, "%s", name);
	error_message(err->detail, sizeof err->detail, MSG_EN, msg, name);
	return -1;
}

int json_member_string(const cJSON *object, const char *name, bool required, const char **out,
		       struct json_option_error *err)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);

	*out = NULL;
	if (item && !cJSON_IsString(item))
		return json_option_error(err, false, name, MSG_API_MUST_BE_STRING);
	if (item)
		*out = item->valuestring;
	if (!*out && required)
		return json_option_error(err, true, name, MSG_HTTP_REQUIRED);
	return 0;
}

int json_member_bool(const cJSON *object, const char *name, bool *out, struct json_option_error *err)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);

	if (!item)
		return 0;
	if (cJSON_IsBool(item)) {
		*out = cJSON_IsTrue(item);
		return 0;
	}
	return json_option_error(err, false, name, MSG_API_MUST_BE_BOOL);
}

int json_style_options(const char *mode, const char *ep, const char *castling, struct fen_options *options,
		       struct json_fen_style *style, struct json_option_error *err)
{
	if (mode && json_parse_mode(mode, &options->mode))
		return json_option_error(err, false, "mode", MSG_API_MODE);
	if (ep && json_parse_ep_style(ep, &style->ep))
		return json_option_error(err, false, "ep", MSG_API_EP);
	if (castling && json_parse_castling_style(castling, &style->castling))
		return json_option_error(err, false, "castling", MSG_API_CASTLING);
	return 0;
}

int json_position_options(const cJSON *object, const char **fen, struct fen_options *options,
			  struct json_fen_style *style, struct json_option_error *err)
{
	const char *value;

	/* In the order the HTTP body reader checks them, so both report the same problem. */
	if (json_member_string(object, "fen", true, fen, err) || json_member_string(object, "mode", false, &value, err) ||
	    json_style_options(value, NULL, NULL, options, style, err) ||
	    json_member_bool(object, "chess960", &options->chess960, err) ||
	    json_member_bool(object, "infer_castling", &options->infer_castling, err) ||
	    json_member_string(object, "ep", false, &value, err) ||
	    json_style_options(NULL, value, NULL, options, style, err) ||
	    json_member_string(object, "castling", false, &value, err) ||
	    json_style_options(NULL, NULL, value, options, style, err))
		return -1;
	return 0;
}
