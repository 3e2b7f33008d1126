/* json-bulk.c -- bulk validation, one record per line of NDJSON: the per-line work shared
 * by POST /validate with application/x-ndjson and `fen validate --ndjson -`. */
#include "json/json.h"

#include <stdio.h>
#include <string.h>

/* json_validate_text, or json_validate_text_printed when printed. */
static cJSON *json_validate_text_as(const char *fen, size_t length, const struct fen_options *options,
				    const struct json_fen_style *style, bool *valid, bool printed)
{
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict = fen_parse(fen, length, options, &pos, &report);

	if (valid)
		*valid = verdict == FEN_VALID;
	return printed ? json_validation_printed(verdict, &pos, &report, style) :
			 json_validation(verdict, &pos, &report, style);
}

cJSON *json_validate_text(const char *fen, size_t length, const struct fen_options *options,
			  const struct json_fen_style *style, bool *valid)
{
	return json_validate_text_as(fen, length, options, style, valid, false);
}

cJSON *json_validate_text_printed(const char *fen, size_t length, const struct fen_options *options,
				  const struct json_fen_style *style, bool *valid)
{
	return json_validate_text_as(fen, length, options, style, valid, true);
}

/* {"line": number} with an "error" {"code", "detail"} whose third member the caller
 * adds; *error receives the error object. NULL when out of memory. */
static cJSON *json_line_error(unsigned long number, const char *code, const char *detail, cJSON **error)
{
	cJSON *record = cJSON_CreateObject();

	if (!record || !cJSON_AddNumberToObject(record, "line", (double)number) ||
	    !(*error = cJSON_AddObjectToObject(record, "error")) || !cJSON_AddStringToObject(*error, "code", code) ||
	    !cJSON_AddStringToObject(*error, "detail", detail)) {
		cJSON_Delete(record);
		return NULL;
	}
	return record;
}

cJSON *json_line_too_long(unsigned long number, size_t limit)
{
	char detail[96];
	cJSON *error, *record;

	snprintf(detail, sizeof detail, "the line is longer than the limit of %zu bytes", limit);
	record = json_line_error(number, "line_too_long", detail, &error);
	if (record && !cJSON_AddNumberToObject(error, "limit", (double)limit)) {
		cJSON_Delete(record);
		return NULL;
	}
	return record;
}

/* The record of a line whose options are wrong: missing_field or invalid_field. */
static cJSON *json_line_option_error(unsigned long number, const struct json_option_error *err, enum msg_lang lang)
{
	char detail[sizeof err->detail * 2];
	cJSON *error, *record;

	error_message(detail, sizeof detail, lang, err->msg, err->field);
	record = json_line_error(number, err->missing ? "missing_field" : "invalid_field", detail, &error);

	if (record && !cJSON_AddStringToObject(error, "field", err->field)) {
		cJSON_Delete(record);
		return NULL;
	}
	return record;
}

/* json_validate_line, or json_validate_line_printed when printed. */
static cJSON *json_validate_line_as(const char *line, size_t length, unsigned long number,
				    const struct fen_options *options, const struct json_fen_style *style, bool *valid,
				    bool printed)
{
	struct fen_options line_options = *options;
	struct json_fen_style line_style = *style;
	struct json_text_error text_error;
	struct json_option_error option_error;
	const char *fen;
	cJSON *root, *result, *record = NULL, *error;

	if (valid)
		*valid = false;
	root = json_parse_text(line, length, "the line", &text_error);
	if (!root) {
		static const enum msg_id ids[] = {
			[JSON_TEXT_NUL] = MSG_API_LINE_NUL, [JSON_TEXT_NOT_UTF8] = MSG_API_LINE_NOT_UTF8,
			[JSON_TEXT_NUL_ESCAPE] = MSG_API_LINE_NUL_ESCAPE, [JSON_TEXT_SYNTAX] = MSG_API_LINE_SYNTAX,
		};
		char detail[sizeof text_error.detail * 2];
		error_message(detail, sizeof detail, options->lang, ids[text_error.problem], text_error.offset);
		record = json_line_error(number, "malformed_json", detail, &error);
		if (record && !cJSON_AddNumberToObject(error, "offset", (double)text_error.offset)) {
			cJSON_Delete(record);
			return NULL;
		}
		return record;
	}
	if (cJSON_IsString(root)) {
		fen = root->valuestring;
	} else if (cJSON_IsObject(root)) {
		/* Members the object leaves out keep the defaults (the request's query). */
		if (json_position_options(root, &fen, &line_options, &line_style, &option_error)) {
			record = json_line_option_error(number, &option_error, options->lang);
			goto out;
		}
	} else {
		record = json_line_error(number, "malformed_json", msg_text(MSG_API_LINE_NOT_FEN, options->lang), &error);
		if (record && !cJSON_AddNumberToObject(error, "offset", 0)) {
			cJSON_Delete(record);
			record = NULL;
		}
		goto out;
	}
	result = json_validate_text_as(fen, strlen(fen), &line_options, &line_style, valid, printed);
	record = cJSON_CreateObject();
	if (!result || !record || !cJSON_AddNumberToObject(record, "line", (double)number) ||
	    !cJSON_AddItemToObject(record, "result", result)) {
		cJSON_Delete(result);
		cJSON_Delete(record);
		record = NULL;
	}
out:
	cJSON_Delete(root);
	return record;
}

cJSON *json_validate_line(const char *line, size_t length, unsigned long number, const struct fen_options *options,
			  const struct json_fen_style *style, bool *valid)
{
	return json_validate_line_as(line, length, number, options, style, valid, false);
}

cJSON *json_validate_line_printed(const char *line, size_t length, unsigned long number,
				  const struct fen_options *options, const struct json_fen_style *style, bool *valid)
{
	return json_validate_line_as(line, length, number, options, style, valid, true);
}
