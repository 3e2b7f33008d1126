/* endpoint-apply-move.c -- POST /apply-move: play one UCI move ("move") or a list of them
 * ("moves") from a position, and answer with the resulting position. */
#include "config.h"

#include <string.h>

#include "core/uci.h"
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

/* Answers with json_apply_new/_add_ply/_finish; 422 invalid_fen or illegal_move. */
void endpoint_apply_move(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct position_undo undo;
	struct fen_report report;
	const cJSON *one, *list, *item;
	const char *fen;
	char uci[UCI_MAX] = "";
	bool played = false;
	int index = 0;
	cJSON *result;

	if (body_position_options(req, &fen, &options, &style, resp) ||
	    endpoint_apply_move_input(req, &one, &list, resp))
		return;
	if (fen_parse(fen, strlen(fen), &options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		return;
	}
	result = json_apply_new(list != NULL);
	if (!result) {
		reply_internal_error(resp);
		return;
	}
	for (item = list ? list->child : one; item; item = list ? item->next : NULL, index++) {
		const char *text = item->valuestring;
		size_t length = strlen(text);
		enum uci_result r;
		move m;

		r = uci_parse_move(&pos, text, length, &m);
		if (r != UCI_OK) {
			cJSON_Delete(result);
			reply_illegal_move(resp, &pos, index, text, length, r == UCI_MALFORMED, &style);
			return;
		}
		uci_format_move(&pos, m, uci);
		position_make_move(&pos, m, &undo);
		played = true;
		if (list && json_apply_add_ply(result, &pos, uci, &style))
			goto fail;
	}
	if (json_apply_finish(result, &pos, played ? uci : NULL, &style))
		goto fail;
	reply_json(resp, 200, result);
	return;
fail:
	cJSON_Delete(result);
	reply_internal_error(resp);
}
