/* endpoint-apply-move.c -- POST /apply-move: play one UCI move ("move") or a list of them
 * ("moves") from a position, and answer with the resulting position. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "http/http.h"

/* Checks that exactly one of move/moves is given, with the right types. Sets *one or
 * *list; -1 with a 400 problem in resp. */
static int endpoint_apply_move_input(const struct http_request *req, const cJSON **one, const cJSON **list,
				     struct http_response *resp)
{
	const cJSON *item;
	int count = 0;

	*one = cJSON_GetObjectItemCaseSensitive(req->body, "move");
	*list = cJSON_GetObjectItemCaseSensitive(req->body, "moves");
	if (*one && *list) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", "give either move or moves, not both");
		return -1;
	}
	if (!*one && !*list) {
		reply_problem_field(resp, REPLY_MISSING_FIELD, "move",
				    "move (one UCI move) or moves (a list of them) is required");
		return -1;
	}
	if (*one && !cJSON_IsString(*one)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "move", "move must be a string such as \"e2e4\"");
		return -1;
	}
	if (*list && !cJSON_IsArray(*list))
		goto bad_list;
	cJSON_ArrayForEach(item, *list) {
		if (!cJSON_IsString(item))
			goto bad_list;
		if (++count > ENDPOINT_MOVES_MAX) {
			reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", "moves may list at most 10000 moves");
			return -1;
		}
	}
	return 0;
bad_list:
	reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", "moves must be an array of strings such as \"e2e4\"");
	return -1;
}

/* Answers with json_apply_moves; 422 invalid_fen or illegal_move. */
void endpoint_apply_move(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct fen_report report;
	const cJSON *one, *list, *item;
	const char *fen, **texts;
	int count = 0;
	bool illegal;
	cJSON *result;

	if (body_position_options(req, &fen, &options, &style, resp) ||
	    endpoint_apply_move_input(req, &one, &list, resp))
		return;
	if (fen_parse(fen, strlen(fen), &options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		return;
	}
	texts = malloc(sizeof *texts * (size_t)(list ? cJSON_GetArraySize(list) + 1 : 1));
	if (!texts) {
		reply_internal_error(resp);
		return;
	}
	if (list)
		cJSON_ArrayForEach(item, list)
			texts[count++] = item->valuestring;
	else
		texts[count++] = one->valuestring;
	result = json_apply_moves(&pos, texts, count, list != NULL, &style, &illegal);
	free(texts);
	if (illegal && result) {
		reply_problem(resp, REPLY_ILLEGAL_MOVE, NULL, result);
	} else {
		if (result)
			metrics_count_moves((unsigned)count);
		reply_json(resp, 200, result);
	}
}
