/* endpoint-apply-move.c -- POST /apply-move: play one move ("move") or a list of them
 * ("moves") in UCI, SAN or another notation from a position, optionally after a
 * "history" of earlier moves, and answer with the resulting position (and the game as
 * PGN for a list). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

/* Most tags a request may give for the PGN. */
#define ENDPOINT_TAGS_MAX 64

/* Reads an array of move strings (at most ENDPOINT_MOVES_MAX) into a new array the
 * caller frees; *texts stays NULL for an absent member. -1 with a 400 in resp. */
static int endpoint_apply_move_list(const cJSON *list, const char *field, const char ***texts, int *count,
				    struct http_response *resp)
{
	const cJSON *item;
	char detail[96];

	*texts = NULL;
	*count = 0;
	if (!list)
		return 0;
	if (!cJSON_IsArray(list))
		goto bad_list;
	if (cJSON_GetArraySize(list) > ENDPOINT_MOVES_MAX) {
		error_message(detail, sizeof detail, resp->lang, MSG_API_MOVES_AT_MOST, field, ENDPOINT_MOVES_MAX);
		reply_problem_field(resp, REPLY_INVALID_FIELD, field, detail);
		return -1;
	}
	cJSON_ArrayForEach(item, list)
		if (!cJSON_IsString(item))
			goto bad_list;
	*texts = malloc(sizeof **texts * (size_t)(cJSON_GetArraySize(list) + 1));
	if (!*texts) {
		reply_internal_error(resp);
		return -1;
	}
	cJSON_ArrayForEach(item, list)
		(*texts)[(*count)++] = item->valuestring;
	return 0;
bad_list:
	error_message(detail, sizeof detail, resp->lang, MSG_API_MOVES_STRINGS, field);
	reply_problem_field(resp, REPLY_INVALID_FIELD, field, detail);
	return -1;
}

/* Checks that exactly one of move/moves is given, with the right types, and collects
 * the texts (a new array the caller frees). -1 with a 400 problem in resp. */
static int endpoint_apply_move_input(const struct http_request *req, const char ***texts, int *count, bool *list,
				     struct http_response *resp)
{
	const cJSON *one = cJSON_GetObjectItemCaseSensitive(req->body, "move");
	const cJSON *many = cJSON_GetObjectItemCaseSensitive(req->body, "moves");

	*list = many != NULL;
	if (one && many) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", msg_text(MSG_API_MOVE_AND_MOVES, resp->lang));
		return -1;
	}
	if (!one && !many) {
		reply_problem_field(resp, REPLY_MISSING_FIELD, "move", msg_text(MSG_API_MOVE_REQUIRED, resp->lang));
		return -1;
	}
	if (one) {
		if (!cJSON_IsString(one)) {
			reply_problem_field(resp, REPLY_INVALID_FIELD, "move", msg_text(MSG_API_MOVE_STRING, resp->lang));
			return -1;
		}
		if (!(*texts = malloc(sizeof **texts))) {
			reply_internal_error(resp);
			return -1;
		}
		(*texts)[0] = one->valuestring;
		*count = 1;
		return 0;
	}
	return endpoint_apply_move_list(many, "moves", texts, count, resp);
}

/* The reading options: notation, lang (detected when absent), strict_san. -1 with a 400 in resp. */
static int endpoint_apply_move_options(const struct http_request *req, struct json_apply_options *options,
				       struct http_response *resp)
{
	const char *value;

	if (body_string(req, "notation", false, &value, resp))
		return -1;
	if (value && json_parse_notation(value, &options->notation)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "notation", msg_text(MSG_API_NOTATION, resp->lang));
		return -1;
	}
	bool given;

	if (body_lang(req, &options->san.lang, &given, resp) || body_bool(req, "strict_san", &options->san.strict, resp))
		return -1;
	/* no lang: SAN is read in the language its letters show, and written in English */
	options->detect_lang = !given;
	options->san.msg_lang = resp->lang;
	return 0;
}

/* "tags": an object of strings, borrowed from the body into tags[]. -1 with a 400. */
static int endpoint_apply_move_tags(const struct http_request *req, struct pgn_tag *tags, int *count,
				    struct http_response *resp)
{
	const cJSON *object = cJSON_GetObjectItemCaseSensitive(req->body, "tags"), *item;

	*count = 0;
	if (!object)
		return 0;
	if (!cJSON_IsObject(object)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "tags", msg_text(MSG_API_TAGS_OBJECT, resp->lang));
		return -1;
	}
	cJSON_ArrayForEach(item, object) {
		if (*count >= ENDPOINT_TAGS_MAX) {
			reply_problem_field(resp, REPLY_INVALID_FIELD, "tags", msg_text(MSG_API_TAGS_AT_MOST, resp->lang));
			return -1;
		}
		if (!pgn_tag_name_valid(item->string) || !cJSON_IsString(item)) {
			reply_problem_field(resp, REPLY_INVALID_FIELD, "tags", msg_text(MSG_API_TAG_EACH, resp->lang));
			return -1;
		}
		tags[(*count)++] = (struct pgn_tag){ item->string, item->valuestring };
	}
	return 0;
}

/* "history_fen": where "history" starts (default: the standard position), read with the
 * request's FEN options. -1 with a problem in resp. */
static int endpoint_apply_move_history_start(const struct http_request *req, const struct fen_options *fen_options,
					     struct position *start, bool *given, struct http_response *resp)
{
	struct fen_report report;
	const char *fen;

	*given = false;
	if (body_string(req, "history_fen", false, &fen, resp))
		return -1;
	if (!fen)
		return 0;
	if (fen_parse(fen, strlen(fen), fen_options, start, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		return -1;
	}
	*given = true;
	return 0;
}

/* Answers with json_apply_moves; 422 invalid_fen, illegal_move, ambiguous_move,
 * non_standard_san or ambiguous_language; 400 for a history that does not lead to fen. */
void endpoint_apply_move(const struct http_request *req, struct http_response *resp)
{
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct pgn_tag tags[ENDPOINT_TAGS_MAX];
	struct fen_options fen_options;
	struct json_fen_style style;
	struct position pos, history_start;
	struct fen_report report;
	const char *fen, **texts = NULL, **history = NULL;
	int count = 0;
	bool list, history_start_given;
	enum json_apply_outcome outcome;
	cJSON *result;

	if (body_position_options(req, &fen, &fen_options, &style, resp) ||
	    endpoint_apply_move_input(req, &texts, &count, &list, resp))
		return;
	if (endpoint_apply_move_options(req, &options, resp) ||
	    endpoint_apply_move_tags(req, tags, &options.tag_count, resp) ||
	    endpoint_apply_move_list(cJSON_GetObjectItemCaseSensitive(req->body, "history"), "history", &history,
				     &options.history_count, resp) ||
	    endpoint_apply_move_history_start(req, &fen_options, &history_start, &history_start_given, resp))
		goto done;
	if (fen_parse(fen, strlen(fen), &fen_options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		goto done;
	}
	options.list_plies = list;
	options.history = history;
	options.history_start = history_start_given ? &history_start : NULL;
	options.tags = tags;
	options.check = budget_work(req);
	result = json_apply_moves(&pos, texts, count, &options, &style, &outcome);
	if (outcome == JSON_APPLY_STOPPED) {
		/* A descriptive reading ran out of its budget. */
		cJSON_Delete(result);
		budget_problem(req->budget, req->config->request_deadline_ms, resp);
		goto done;
	}
	if (!result) {
		reply_internal_error(resp);
		goto done;
	}
	switch (outcome) {
	case JSON_APPLY_OK:
		metrics_count_moves((unsigned)count);
		reply_json(resp, 200, result);
		break;
	case JSON_APPLY_ILLEGAL_MOVE:
		reply_problem(resp, REPLY_ILLEGAL_MOVE, NULL, result);
		break;
	case JSON_APPLY_AMBIGUOUS_MOVE:
		reply_problem(resp, REPLY_AMBIGUOUS_MOVE, NULL, result);
		break;
	case JSON_APPLY_NON_STANDARD_SAN:
		reply_problem(resp, REPLY_NON_STANDARD_SAN, NULL, result);
		break;
	case JSON_APPLY_AMBIGUOUS_LANGUAGE:
		reply_problem(resp, REPLY_AMBIGUOUS_LANGUAGE, NULL, result);
		break;
	case JSON_APPLY_BAD_HISTORY:
	case JSON_APPLY_UNSUPPORTED:
		reply_problem(resp, REPLY_INVALID_FIELD, NULL, result);
		break;
	case JSON_APPLY_STOPPED:
		break;
	}
done:
	free(texts);
	free(history);
}
