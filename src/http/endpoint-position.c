/* endpoint-position.c -- GET /position and POST /position: a board's whole state in one
 * answer (json_position), after playing "moves" from "fen" when given. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

/* The moves to play: a JSON array of strings, or one string of moves separated by
 * spaces or commas (a query's). *texts points into *copy or the body; the caller frees
 * both (NULL when no moves). -1 with a 400 in resp. */
static int endpoint_position_moves(const struct http_request *req, const char ***texts, int *count, char **copy,
				   struct http_response *resp)
{
	const cJSON *item = req->body ? cJSON_GetObjectItemCaseSensitive(req->body, "moves") : NULL;
	const char *text = NULL;
	size_t room;

	*texts = NULL;
	*copy = NULL;
	*count = 0;
	if (item && cJSON_IsArray(item)) {
		const cJSON *m;
		if (cJSON_GetArraySize(item) > ENDPOINT_MOVES_MAX)
			goto too_many;
		if (!(*texts = malloc(sizeof **texts * (size_t)(cJSON_GetArraySize(item) + 1))))
			goto oom;
		cJSON_ArrayForEach(m, item) {
			if (!cJSON_IsString(m)) {
				char detail[96];
				error_message(detail, sizeof detail, resp->lang, MSG_API_MOVES_STRINGS, "moves");
				reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", detail);
				return -1;
			}
			(*texts)[(*count)++] = m->valuestring;
		}
		return 0;
	}
	if (body_string(req, "moves", false, &text, resp))
		return -1;
	if (!text)
		return 0;
	room = strlen(text) / 2 + 2;
	if (!(*copy = strdup(text)) || !(*texts = malloc(sizeof **texts * room)))
		goto oom;
	for (char *p = *copy; *p;) {
		size_t n;
		while (*p == ' ' || *p == ',')
			*p++ = '\0';
		if (!(n = strcspn(p, " ,")))
			break;
		if (*count == ENDPOINT_MOVES_MAX)
			goto too_many;
		(*texts)[(*count)++] = p;
		p += n;
	}
	return 0;
too_many:;
	char detail[96];
	error_message(detail, sizeof detail, resp->lang, MSG_API_MOVES_AT_MOST, "moves", ENDPOINT_MOVES_MAX);
	reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", detail);
	return -1;
oom:
	reply_internal_error(resp);
	return -1;
}

/* Answers a problem of json_apply_moves (its members, which name the move's "index"). */
static void endpoint_position_problem(enum json_apply_outcome outcome, cJSON *problem, struct http_response *resp)
{
	static const enum reply_code codes[] = {
		[JSON_APPLY_ILLEGAL_MOVE] = REPLY_ILLEGAL_MOVE,
		[JSON_APPLY_AMBIGUOUS_MOVE] = REPLY_AMBIGUOUS_MOVE,
		[JSON_APPLY_NON_STANDARD_SAN] = REPLY_NON_STANDARD_SAN,
		[JSON_APPLY_AMBIGUOUS_LANGUAGE] = REPLY_AMBIGUOUS_LANGUAGE,
		[JSON_APPLY_BAD_HISTORY] = REPLY_INVALID_FIELD,
		[JSON_APPLY_UNSUPPORTED] = REPLY_INVALID_FIELD,
	};
	cJSON *field = cJSON_CreateStringReference("moves");

	/* json_apply_moves names a lone move's field "move": here the list is "moves" */
	if (!field || !(cJSON_GetObjectItemCaseSensitive(problem, "field")
				? cJSON_ReplaceItemInObjectCaseSensitive(problem, "field", field)
				: cJSON_AddItemToObject(problem, "field", field))) {
		cJSON_Delete(field);
		cJSON_Delete(problem);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, codes[outcome], NULL, problem);
}

/* Answers with json_position; 422 invalid_fen, or the problem of a move that cannot be
 * played (illegal_move, ambiguous_move, ambiguous_language), naming its index. */
void endpoint_position(const struct http_request *req, struct http_response *resp)
{
	struct json_apply_options apply = JSON_APPLY_OPTIONS_DEFAULT;
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct fen_report report;
	enum dests_castling castling = DESTS_CASTLING_BOTH;
	enum json_apply_outcome outcome = JSON_APPLY_OK;
	const char *fen, *value, **texts = NULL;
	char *copy = NULL;
	int count = 0;
	bool lang_given;
	cJSON *applied = NULL;

	if (body_position_options(req, &fen, &options, &style, resp) ||
	    body_lang(req, &apply.san.lang, &lang_given, resp) || body_string(req, "castling_dests", false, &value, resp))
		return;
	if (value && dests_parse_castling(value, &castling)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "castling_dests", msg_text(MSG_API_CASTLING_DESTS, resp->lang));
		return;
	}
	if (endpoint_position_moves(req, &texts, &count, &copy, resp))
		goto done;
	if (fen_parse(fen, strlen(fen), &options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		goto done;
	}
	if (texts) {
		/* no lang: SAN is read in the language its letters show, and written in English */
		apply.detect_lang = !lang_given;
		apply.san.msg_lang = resp->lang;
		apply.check = budget_work(req);
		applied = json_apply_moves(&pos, texts, count, &apply, &style, &outcome);
		if (outcome == JSON_APPLY_STOPPED) {
			cJSON_Delete(applied);
			budget_problem(req->budget, req->config->request_deadline_ms, resp);
			goto done;
		}
		if (!applied) {
			reply_internal_error(resp);
			goto done;
		}
		if (outcome != JSON_APPLY_OK) {
			endpoint_position_problem(outcome, applied, resp);
			goto done;
		}
	}
	reply_json(resp, 200, json_position(&pos, apply.san.lang, castling, &style, applied));
done:
	free(texts);
	free(copy);
}
