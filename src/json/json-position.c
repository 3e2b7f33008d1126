/* json-position.c -- the /position result: all a board UI draws and lets be played in
 * one position (pieces, check, status, legal moves, chessground's dests, the last move,
 * the opening). */
#include "json/json.h"

#include <string.h>

#include "core/movegen.h"

static const char *const json_role_names[PIECE_TYPE_NB] = {
	"", "pawn", "knight", "bishop", "rook", "queen", "king"
};

/* "wN", "bp"...: colour, then the piece's FEN letter in upper case. */
static const char *const json_piece_codes[PIECE_NB] = {
	[W_PAWN] = "wP", [W_KNIGHT] = "wN", [W_BISHOP] = "wB", [W_ROOK] = "wR", [W_QUEEN] = "wQ", [W_KING] = "wK",
	[B_PAWN] = "bP", [B_KNIGHT] = "bN", [B_BISHOP] = "bB", [B_ROOK] = "bR", [B_QUEEN] = "bQ", [B_KING] = "bK",
};

/* [{"square", "piece", "color", "role"}, ...] from a1 to h8. */
static cJSON *json_position_board(const struct position *pos)
{
	cJSON *list = cJSON_CreateArray();
	bitboard occupied = position_occupied(pos);

	while (list && occupied) {
		int sq = bb_pop_lsb(&occupied), pc = pos->board[sq];
		cJSON *obj = cJSON_CreateObject();
		if (!json_append(list, obj) || !json_put_static(obj, "square", json_square_name(sq)) ||
		    !json_put_static(obj, "piece", json_piece_codes[pc]) ||
		    !json_put_static(obj, "color", piece_color(pc) == WHITE ? "white" : "black") ||
		    !json_put_static(obj, "role", json_role_names[piece_type_of(pc)])) {
			cJSON_Delete(list);
			return NULL;
		}
	}
	return list;
}

/* {"e2": ["e3", "e4"], ...}: the squares of from_squares, each with its dests. */
static cJSON *json_position_dests(bitboard from_squares, const bitboard dests[SQUARE_NB])
{
	cJSON *obj = cJSON_CreateObject();

	while (obj && from_squares) {
		int from = bb_pop_lsb(&from_squares);
		bitboard to = dests[from];
		cJSON *list = cJSON_CreateArray();
		if (!json_put(obj, json_square_name(from), list))
			goto fail;
		while (to)
			if (!json_append(list, cJSON_CreateStringReference(json_square_name(bb_pop_lsb(&to)))))
				goto fail;
	}
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

/* {"uci", "san", "from", "to"} of the last move json_apply_moves played (its "uci" and
 * "san"), or a JSON null when it played none. */
static cJSON *json_position_last_move(const cJSON *applied)
{
	const char *uci = applied ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(applied, "uci")) : NULL;
	const char *san = applied ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(applied, "san")) : NULL;
	char from[3] = { 0 }, to[3] = { 0 };
	cJSON *obj;

	if (!uci || !san || strlen(uci) < 4)
		return cJSON_CreateNull();
	memcpy(from, uci, 2);
	memcpy(to, uci + 2, 2);
	obj = cJSON_CreateObject();
	if (!obj || !json_put_string(obj, "uci", uci) || !json_put_string(obj, "san", san) ||
	    !json_put_string(obj, "from", from) || !json_put_string(obj, "to", to)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* Member name of applied, detached (NULL when applied is NULL or lacks it). */
static cJSON *json_position_take(cJSON *applied, const char *name)
{
	return applied ? cJSON_DetachItemFromObjectCaseSensitive(applied, name) : NULL;
}

cJSON *json_position(const struct position *pos, enum san_lang lang, enum dests_castling castling,
		     const struct json_fen_style *style, cJSON *applied)
{
	struct move_list moves;
	bitboard dests[SQUARE_NB], from_squares;
	cJSON *obj = cJSON_CreateObject(), *list, *status = NULL, *opening = NULL;
	int king = position_king_square(pos, (enum color)pos->turn);
	bool check = king != SQ_NONE && position_in_check(pos);

	movegen_legal(pos, &moves);
	from_squares = dests_compute(pos, &moves, castling, dests);
	if (!obj || !json_put(obj, "fen", json_fen_string(pos, style)) ||
	    !json_put_static(obj, "turn", pos->turn == WHITE ? "white" : "black") ||
	    !json_put_bool(obj, "chess960", pos->chess960) || !json_put(obj, "board", json_position_board(pos)) ||
	    !(check ? json_put_static(obj, "check", json_square_name(king)) : json_put_null(obj, "check")))
		goto fail;
	/* with moves played, the status (repetitions) and opening (the line's) of the game */
	if (!(status = json_position_take(applied, "status"))) {
		struct status st;
		status_compute(pos, &st);
		status = json_status(pos, &st);
	}
	if (!json_put(obj, "status", status) || !json_put(obj, "legal_moves", list = cJSON_CreateArray()))
		goto fail;
	for (int i = 0; i < moves.count; i++)
		if (!json_append(list, json_move(pos, moves.moves[i], lang)))
			goto fail;
	if (!json_put(obj, "dests", json_position_dests(from_squares, dests)) ||
	    !json_put(obj, "last_move", json_position_last_move(applied)))
		goto fail;
	if (!(opening = json_position_take(applied, "opening")))
		opening = json_opening_of_key(pos->key);
	if (!json_put(obj, "opening", opening))
		goto fail;
	cJSON_Delete(applied);
	return obj;
fail:
	cJSON_Delete(applied);
	cJSON_Delete(obj);
	return NULL;
}
