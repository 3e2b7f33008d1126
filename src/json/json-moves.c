/* json-moves.c -- the JSON of moves: one move, the legal-move list, and the problem
 * members of a UCI move that cannot be played. */
#include "json/json.h"

#include <stdio.h>
#include <string.h>

#include "core/movegen.h"
#include "core/san.h"
#include "core/uci.h"
#include "core/utf8.h"

bool json_append(cJSON *array, cJSON *child)
{
	if (!child)
		return false;
	if (!cJSON_AddItemToArray(array, child)) {
		cJSON_Delete(child);
		return false;
	}
	return true;
}

/* The flags a client may want to badge a move with; mark is m's check mark. */
static cJSON *json_move_flags(const struct position *pos, move m, char mark)
{
	cJSON *flags = cJSON_CreateArray();
	bool ok = flags != NULL;

	if (ok && move_kind_of(m) == MOVE_CASTLING)
		ok = json_append(flags, cJSON_CreateStringReference(move_to(m) > move_from(m) ? "castle_kingside"
												: "castle_queenside"));
	if (ok && move_kind_of(m) == MOVE_EN_PASSANT)
		ok = json_append(flags, cJSON_CreateStringReference("en_passant"));
	if (ok && move_kind_of(m) == MOVE_PROMOTION)
		ok = json_append(flags, cJSON_CreateStringReference("promotion"));
	if (ok && piece_type_of(pos->board[move_from(m)]) == PAWN && (move_from(m) ^ move_to(m)) == 16)
		ok = json_append(flags, cJSON_CreateStringReference("double_push"));
	if (ok && mark)
		ok = json_append(flags, cJSON_CreateStringReference("check"));
	if (ok && mark == '#')
		ok = json_append(flags, cJSON_CreateStringReference("checkmate"));
	if (!ok) {
		cJSON_Delete(flags);
		return NULL;
	}
	return flags;
}

cJSON *json_move(const struct position *pos, move m, enum san_lang lang)
{
	char uci[UCI_MAX], san[SAN_MAX], mark;
	int from = move_from(m), to = move_to(m);
	enum move_kind kind = move_kind_of(m);
	int captured = NO_PIECE;
	struct position after = *pos;
	struct position_undo undo;
	cJSON *obj = cJSON_CreateObject();

	/* Played once, for both the SAN's check mark and the flags. */
	position_make_move(&after, m, &undo);
	mark = san_check_mark_after(&after);
	if (kind == MOVE_EN_PASSANT)
		captured = piece_make((enum color)!pos->turn, PAWN);
	else if (kind != MOVE_CASTLING)
		captured = pos->board[to];
	if (kind == MOVE_CASTLING)
		to = position_castling_king_target(pos, m);
	uci_format_move(pos, m, uci);
	san_format_move_marked(pos, m, lang, SAN_STYLE_SAN, mark, san);
	if (!obj || !json_put_string(obj, "uci", uci) || !json_put_string(obj, "san", san) ||
	    !json_put_static(obj, "from", json_square_name(from)) || !json_put_static(obj, "to", json_square_name(to)) ||
	    !json_put_static(obj, "piece", json_piece_name(pos->board[from])) ||
	    !(captured ? json_put_static(obj, "capture", json_piece_name(captured)) : json_put_null(obj, "capture")) ||
	    !(kind == MOVE_PROMOTION
		      ? json_put_static(obj, "promotion",
					json_piece_name(piece_make((enum color)pos->turn, move_promotion(m))))
		      : json_put_null(obj, "promotion")) ||
	    !json_put(obj, "flags", json_move_flags(pos, m, mark))) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_moves(const struct position *pos, enum san_lang lang, const struct json_fen_style *style)
{
	struct move_list moves;
	cJSON *obj = cJSON_CreateObject(), *list;

	movegen_legal(pos, &moves);
	if (!obj || !json_put(obj, "fen", json_fen_string(pos, style)) || !json_put_number(obj, "count", moves.count) ||
	    !json_put(obj, "moves", list = cJSON_CreateArray()))
		goto fail;
	for (int i = 0; i < moves.count; i++)
		if (!json_append(list, json_move(pos, moves.moves[i], lang)))
			goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

cJSON *json_legal_uci(const struct position *pos)
{
	struct move_list moves;
	cJSON *list = cJSON_CreateArray();

	movegen_legal(pos, &moves);
	for (int i = 0; list && i < moves.count; i++) {
		char uci[UCI_MAX];
		uci_format_move(pos, moves.moves[i], uci);
		if (!json_append(list, cJSON_CreateString(uci))) {
			cJSON_Delete(list);
			return NULL;
		}
	}
	return list;
}

cJSON *json_illegal_move(const struct position *pos, int index, const char *text, size_t length, bool malformed,
			 enum msg_lang lang, const struct json_fen_style *style)
{
	char detail[256], given[65];
	int shown = (int)utf8_prefix(text, length, 32);
	cJSON *obj = cJSON_CreateObject();

	error_message(detail, sizeof detail, lang, malformed ? MSG_MOVES_JSON_NOT_UCI : MSG_MOVES_JSON_NOT_LEGAL,
		      index + 1, shown, text, length > 32 ? "..." : "");
	utf8_sanitize(detail);
	/* Echo the move as given, cut to 64 bytes and made valid UTF-8. */
	snprintf(given, sizeof given, "%.*s", (int)utf8_prefix(text, length, 64), text);
	utf8_sanitize(given);
	if (!obj || !cJSON_AddStringToObject(obj, "code", "illegal_move") ||
	    !cJSON_AddStringToObject(obj, "reason", malformed ? "malformed" : "not_legal") ||
	    !cJSON_AddStringToObject(obj, "detail", detail) || !cJSON_AddNumberToObject(obj, "index", index))
		goto fail;
	if (!cJSON_AddStringToObject(obj, "move", given) ||
	    !json_put(obj, "fen", json_fen_string(pos, style)) || !json_put(obj, "legal_moves", json_legal_uci(pos)))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}
