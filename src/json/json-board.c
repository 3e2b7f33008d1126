/* json-board.c -- the board state a web frontend draws, as JSON, and why a game to draw
 * could not be read. */
#include <string.h>

#include "json/json.h"

static const char *const json_board_type_names[PIECE_TYPE_NB] = {
	"", "pawn", "knight", "bishop", "rook", "queen", "king"
};

/* {"square", "piece", "color", "type"} for the piece on sq. */
static cJSON *json_board_piece(int pc, int sq)
{
	char square[3], letter[2] = { fen_piece_char(pc), '\0' };
	cJSON *obj = cJSON_CreateObject();

	fen_format_square(sq, square);
	if (!obj || !cJSON_AddStringToObject(obj, "square", square) || !cJSON_AddStringToObject(obj, "piece", letter) ||
	    !cJSON_AddStringToObject(obj, "color", piece_color(pc) == WHITE ? "white" : "black") ||
	    !cJSON_AddStringToObject(obj, "type", json_board_type_names[piece_type_of(pc)])) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* Adds child to parent (array when name is NULL); deletes it and returns false on failure. */
static bool json_board_attach(cJSON *parent, const char *name, cJSON *child)
{
	bool ok = child && (name ? cJSON_AddItemToObject(parent, name, child) : cJSON_AddItemToArray(parent, child));

	if (!ok)
		cJSON_Delete(child);
	return ok;
}

/* The board state of pos; legal says whether status can be computed (it is null when not). */
static cJSON *json_board_build(const struct position *pos, const struct json_fen_style *style, bool legal)
{
	struct status st = { 0 };
	cJSON *obj = cJSON_CreateObject(), *rows, *pieces;
	int king = position_king_square(pos, (enum color)pos->turn);
	char square[3];

	if (legal) {
		status_compute(pos, &st);
	} else if (king != SQ_NONE) {
		st.check = position_is_attacked(pos, king, (enum color)!pos->turn, position_occupied(pos));
	}
	if (!obj || !json_board_attach(obj, "fen", json_fen_string(pos, style)) ||
	    !cJSON_AddStringToObject(obj, "turn", pos->turn == WHITE ? "white" : "black") ||
	    !(rows = cJSON_AddArrayToObject(obj, "board")) || !(pieces = cJSON_AddArrayToObject(obj, "pieces")))
		goto fail;
	for (int rank = 7; rank >= 0; rank--) {
		cJSON *row = cJSON_CreateArray();
		if (!json_board_attach(rows, NULL, row))
			goto fail;
		for (int file = 0; file < 8; file++) {
			int sq = square_make(file, rank), pc = pos->board[sq];
			char letter[2] = { fen_piece_char(pc), '\0' };
			if (!json_board_attach(row, NULL, pc ? cJSON_CreateString(letter) : cJSON_CreateNull()))
				goto fail;
			if (pc && !json_board_attach(pieces, NULL, json_board_piece(pc, sq)))
				goto fail;
		}
	}
	if (st.check && king != SQ_NONE)
		fen_format_square(king, square);
	if (!(st.check ? cJSON_AddStringToObject(obj, "check_square", square) : cJSON_AddNullToObject(obj, "check_square")) ||
	    !json_board_attach(obj, "status", legal ? json_status(pos, &st) : cJSON_CreateNull()))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

cJSON *json_board(const struct position *pos, const struct json_fen_style *style)
{
	return json_board_build(pos, style, true);
}

cJSON *json_render_board(const struct position *pos, enum fen_verdict verdict, const struct fen_report *report,
			 const struct json_fen_style *style)
{
	cJSON *obj = json_board_build(pos, style, verdict == FEN_VALID);

	if (obj && (!json_board_attach(obj, "valid", cJSON_CreateBool(verdict == FEN_VALID)) ||
		    !json_board_attach(obj, "problems", json_issues(report->errors, report->error_count)))) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_render_game_error(const struct render_game_error *err, const struct json_fen_style *style)
{
	struct fen_report report;
	struct position bad;
	cJSON *obj;

	switch (err->code) {
	case RENDER_GAME_INVALID_FEN:
		fen_parse(err->fen, strlen(err->fen), NULL, &bad, &report);
		/* the FEN is a PGN tag's, not the request's: no request option would read it */
		report.hint_count = 0;
		return json_invalid_fen(&report);
	case RENDER_GAME_BAD_MOVE:
		obj = json_illegal_move(&err->pos, err->index, err->token, strlen(err->token), err->unreadable, MSG_EN, style);
		/* read in a language detected: how far it went */
		if (obj && err->lang_detected) {
			struct san_detect_result d = { .verdict = SAN_DETECT_NONE, .lang = err->lang, .langs = err->langs };
			if (!json_lang_hint(obj, &d, err->index, MSG_EN)) {
				cJSON_Delete(obj);
				return NULL;
			}
		}
		return obj;
	case RENDER_GAME_AMBIGUOUS_LANGUAGE: {
		struct san_detect_result d = { .verdict = SAN_DETECT_AMBIGUOUS,
					       .langs = err->reading_langs[0] | err->reading_langs[1],
					       .ply = err->index, .before = err->pos };
		d.lang = san_detect_first(d.langs);
		for (int k = 0; k < 2; k++)
			d.readings[k] = (struct san_detect_reading){ err->reading_langs[k], err->readings[k] };
		return json_ambiguous_language(&d, err->index, err->token, strlen(err->token), MSG_EN, style);
	}
	default:
		break;
	}
	obj = cJSON_CreateObject();
	if (!obj || !json_board_attach(obj, "code", cJSON_CreateString(err->code == RENDER_GAME_NO_GAME
										? "malformed_pgn"
										: "game_too_large")) ||
	    !json_board_attach(obj, "detail", cJSON_CreateString(err->message)) ||
	    (err->code == RENDER_GAME_NO_GAME && (!json_board_attach(obj, "line", cJSON_CreateNumber(err->line)) ||
						  !json_board_attach(obj, "column", cJSON_CreateNumber(err->column))))) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}
