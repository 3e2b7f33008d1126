/* endpoint-convert.c -- POST /convert: a whole game as people type it (descriptive
 * notation, SAN or UCI) turned into PGN, with every move in SAN and UCI and its FEN. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "http/http.h"

/* The most tags one request may give for the PGN. */
#define ENDPOINT_CONVERT_TAGS_MAX 32

/* Reads "from", "lang", "san_lang", "to", "strict" and "tags" into creq. Returns 0, or -1
 * with a 400 problem in resp. */
static int endpoint_convert_options(const struct http_request *req, struct json_convert_request *creq,
				    struct pgn_tag *tags, struct http_response *resp)
{
	const char *from, *lang, *san_lang, *to;
	const cJSON *list, *item;

	if (body_string(req, "from", true, &from, resp) || body_string(req, "lang", false, &lang, resp) ||
	    body_string(req, "san_lang", false, &san_lang, resp) || body_string(req, "to", false, &to, resp) ||
	    body_bool(req, "strict", &creq->strict, resp))
		return -1;
	if (!strcmp(from, "descriptive"))
		creq->from = JSON_CONVERT_DESCRIPTIVE;
	else if (!strcmp(from, "san"))
		creq->from = JSON_CONVERT_SAN;
	else if (!strcmp(from, "uci"))
		creq->from = JSON_CONVERT_UCI;
	else {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "from", msg_text(MSG_API_FROM, resp->lang));
		return -1;
	}
	if (to && strcmp(to, "pgn")) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "to", msg_text(MSG_API_TO, resp->lang));
		return -1;
	}
	creq->descriptive_lang = DESCRIPTIVE_EN;
	creq->san_lang = SAN_LANG_EN;
	if (lang && creq->from == JSON_CONVERT_DESCRIPTIVE && descriptive_lang_parse(lang, &creq->descriptive_lang)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "lang", msg_text(MSG_API_LANG_DESCRIPTIVE, resp->lang));
		return -1;
	}
	if (lang && creq->from == JSON_CONVERT_SAN && san_lang_parse(lang, &creq->san_lang)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "lang", msg_text(MSG_API_LANG_CONVERT_SAN, resp->lang));
		return -1;
	}
	/* SAN with no lang: read in the language its letters show; descriptive notation with
	 * no lang: English, or Spanish when only Spanish reads it */
	creq->detect_lang = !lang && (creq->from == JSON_CONVERT_SAN || creq->from == JSON_CONVERT_DESCRIPTIVE);
	creq->output_lang = SAN_LANG_EN;
	if (san_lang && san_lang_parse(san_lang, &creq->output_lang)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "san_lang", msg_text(MSG_API_SAN_LANG, resp->lang));
		return -1;
	}
	list = cJSON_GetObjectItemCaseSensitive(req->body, "tags");
	creq->tags = tags;
	creq->tag_count = 0;
	if (list && !cJSON_IsObject(list))
		goto bad_tags;
	cJSON_ArrayForEach(item, list) {
		if (!cJSON_IsString(item) || creq->tag_count == ENDPOINT_CONVERT_TAGS_MAX)
			goto bad_tags;
		tags[creq->tag_count++] = (struct pgn_tag){ item->string, item->valuestring };
	}
	return 0;
bad_tags:
	reply_problem_field(resp, REPLY_INVALID_FIELD, "tags", msg_text(MSG_API_CONVERT_TAGS, resp->lang));
	return -1;
}

/* Answers with json_convert; 422 invalid_fen, illegal_move, ambiguous_move, ambiguous_language
 * or unreadable_game. */
void endpoint_convert(const struct http_request *req, struct http_response *resp)
{
	static const enum reply_code problems[] = {
		[JSON_CONVERT_ILLEGAL] = REPLY_ILLEGAL_MOVE,
		[JSON_CONVERT_AMBIGUOUS] = REPLY_AMBIGUOUS_MOVE,
		[JSON_CONVERT_AMBIGUOUS_LANGUAGE] = REPLY_AMBIGUOUS_LANGUAGE,
		[JSON_CONVERT_UNREADABLE] = REPLY_UNREADABLE_GAME,
	};
	struct json_convert_request creq = { 0 };
	struct pgn_tag tags[ENDPOINT_CONVERT_TAGS_MAX];
	struct fen_options options;
	struct position pos;
	struct fen_report report;
	struct descriptive_game *game;
	enum json_convert_failure failure;
	const char *fen, *text;
	cJSON *result;

	if (body_position_options_or_start(req, &fen, &options, &creq.style, resp) ||
	    body_string(req, "text", true, &text, resp) || endpoint_convert_options(req, &creq, tags, resp))
		return;
	if (fen_parse(fen, strlen(fen), &options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		return;
	}
	creq.text = text;
	creq.length = strlen(text);
	/* The reader's working memory is large (a game's worth of search state). */
	game = malloc(sizeof *game);
	if (!game) {
		reply_internal_error(resp);
		return;
	}
	creq.check = budget_work(req);
	creq.msg_lang = resp->lang;
	result = json_convert(&pos, &creq, game, &failure);
	free(game);
	if (failure == JSON_CONVERT_STOPPED)
		budget_problem(req->budget, req->config->request_deadline_ms, resp);
	else if (failure == JSON_CONVERT_BAD_TAGS)
		reply_problem_field(resp, REPLY_INVALID_FIELD, "tags", msg_text(MSG_API_TAG_NAME, resp->lang));
	else if (failure != JSON_CONVERT_OK && result)
		reply_problem(resp, problems[failure], NULL, result);
	else
		reply_json(resp, 200, result);
}
