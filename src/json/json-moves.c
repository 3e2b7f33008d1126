/* json-moves.c -- the JSON of moves: one move, the legal-move list, and the problem
 * members of a UCI move that cannot be played. */
#include "json/json.h"

#include <stdio.h>
#include <string.h>

#include "core/movegen.h"
#include "core/san.h"
#include "core/uci.h"
#include "core/utf8.h"

/* A one-letter string for a piece code ("N", "p"). */
static cJSON *json_piece_letter(int pc)
{
	char letter[2] = { fen_piece_char(pc), '\0' };
	return cJSON_CreateString(letter);
}

/* Adds a string member or null; false when out of memory. */
static bool json_add_square(cJSON *obj, const char *name, int sq)
{
	char text[3];

	fen_format_square(sq, text);
	return cJSON_AddStringToObject(obj, name, text) != NULL;
}

bool json_attach(cJSON *obj, const char *name, cJSON *child)
{
	if (!child)
		return false;
	if (!cJSON_AddItemToObject(obj, name, child)) {
		cJSON_Delete(child);
		return false;
	}
	return true;
}

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

/* The flags a client may want to badge a move with. */
static cJSON *json_move_flags(const struct position *pos, move m)
{
	struct position after = *pos;
	struct position_undo undo;
	struct move_list replies;
	cJSON *flags = cJSON_CreateArray();
	bool ok = flags != NULL;

	position_make_move(&after, m, &undo);
	if (ok && move_kind_of(m) == MOVE_CASTLING)
		ok = json_append(flags, cJSON_CreateString(move_to(m) > move_from(m) ? "castle_kingside"
										      : "castle_queenside"));
	if (ok && move_kind_of(m) == MOVE_EN_PASSANT)
		ok = json_append(flags, cJSON_CreateString("en_passant"));
	if (ok && move_kind_of(m) == MOVE_PROMOTION)
		ok = json_append(flags, cJSON_CreateString("promotion"));
	if (ok && piece_type_of(pos->board[move_from(m)]) == PAWN && (move_from(m) ^ move_to(m)) == 16)
		ok = json_append(flags, cJSON_CreateString("double_push"));
	if (ok && position_in_check(&after)) {
		ok = json_append(flags, cJSON_CreateString("check"));
		if (ok && movegen_legal(&after, &replies) == 0)
			ok = json_append(flags, cJSON_CreateString("checkmate"));
	}
	if (!ok) {
		cJSON_Delete(flags);
		return NULL;
	}
	return flags;
}

cJSON *json_move(const struct position *pos, move m, enum san_lang lang)
{
	char uci[UCI_MAX], san[SAN_MAX];
	int from = move_from(m), to = move_to(m);
	enum move_kind kind = move_kind_of(m);
	int captured = NO_PIECE;
	cJSON *obj = cJSON_CreateObject();

	if (kind == MOVE_EN_PASSANT)
		captured = piece_make((enum color)!pos->turn, PAWN);
	else if (kind != MOVE_CASTLING)
		captured = pos->board[to];
	if (kind == MOVE_CASTLING)
		to = position_castling_king_target(pos, m);
	uci_format_move(pos, m, uci);
	san_format_move(pos, m, lang, SAN_STYLE_SAN, san);
	if (!obj || !cJSON_AddStringToObject(obj, "uci", uci) || !cJSON_AddStringToObject(obj, "san", san) ||
	    !json_add_square(obj, "from", from) ||
	    !json_add_square(obj, "to", to) || !json_attach(obj, "piece", json_piece_letter(pos->board[from])) ||
	    !(captured ? json_attach(obj, "capture", json_piece_letter(captured))
		       : cJSON_AddNullToObject(obj, "capture") != NULL) ||
	    !(kind == MOVE_PROMOTION
		      ? json_attach(obj, "promotion", json_piece_letter(piece_make((enum color)pos->turn, move_promotion(m))))
		      : cJSON_AddNullToObject(obj, "promotion") != NULL) ||
	    !json_attach(obj, "flags", json_move_flags(pos, m))) {
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
	if (!obj || !json_attach(obj, "fen", json_fen_string(pos, style)) ||
	    !cJSON_AddNumberToObject(obj, "count", moves.count) || !(list = cJSON_AddArrayToObject(obj, "moves")))
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
			 const struct json_fen_style *style)
{
	char detail[160], given[65];
	int shown = (int)utf8_prefix(text, length, 32);
	cJSON *obj = cJSON_CreateObject();

	if (malformed)
		snprintf(detail, sizeof detail, "move %d, \"%.*s%s\", is not a move in UCI notation (such as e2e4 or e7e8q)",
			 index + 1, shown, text, length > 32 ? "..." : "");
	else
		snprintf(detail, sizeof detail, "move %d, \"%.*s%s\", is not legal in this position", index + 1, shown,
			 text, length > 32 ? "..." : "");
	utf8_sanitize(detail);
	/* Echo the move as given, cut to 64 bytes and made valid UTF-8. */
	snprintf(given, sizeof given, "%.*s", (int)utf8_prefix(text, length, 64), text);
	utf8_sanitize(given);
	if (!obj || !cJSON_AddStringToObject(obj, "code", "illegal_move") ||
	    !cJSON_AddStringToObject(obj, "reason", malformed ? "malformed" : "not_legal") ||
	    !cJSON_AddStringToObject(obj, "detail", detail) || !cJSON_AddNumberToObject(obj, "index", index))
		goto fail;
	if (!cJSON_AddStringToObject(obj, "move", given) ||
	    !json_attach(obj, "fen", json_fen_string(pos, style)) || !json_attach(obj, "legal_moves", json_legal_uci(pos)))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}
