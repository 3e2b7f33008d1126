/* endpoint-moves.c -- GET /moves and POST /moves: the legal moves of a position, each
 * in UCI and SAN (in "lang") with its squares, piece, capture, promotion and flags. */
#include "config.h"

#include <string.h>

#include "http/http.h"

/* Answers with json_moves, or 422 invalid_fen. */
void endpoint_moves(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct fen_report report;
	const char *fen;
	enum san_lang lang;

	if (body_position_options(req, &fen, &options, &style, resp) || body_lang(req, &lang, NULL, resp))
		return;
	if (fen_parse(fen, strlen(fen), &options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		return;
	}
	reply_json(resp, 200, json_moves(&pos, lang, &style));
}
