/* uci.c -- UCI move text to and from legal moves (and the null move, 0000). */
#include "uci.h"

#include <string.h>

#include "fen.h"
#include "movegen.h"

size_t uci_format_move(const struct position *pos, move m, char out[UCI_MAX])
{
	int from = move_from(m), to = move_to(m);
	size_t n = 4;

	if (m == MOVE_NULL) {
		memcpy(out, "0000", 5);
		return 4;
	}
	if (move_kind_of(m) == MOVE_CASTLING && !pos->chess960)
		to = position_castling_king_target(pos, m);
	fen_format_square(from, out);
	fen_format_square(to, out + 2);
	if (move_kind_of(m) == MOVE_PROMOTION)
		out[n++] = " pnbrqk"[move_promotion(m)];
	out[n] = '\0';
	return n;
}

/* The promotion piece a letter names, or NO_PIECE_TYPE. */
static enum piece_type uci_promotion_type(char c)
{
	switch (c | 0x20) {
	case 'q': return QUEEN;
	case 'r': return ROOK;
	case 'b': return BISHOP;
	case 'n': return KNIGHT;
	default: return NO_PIECE_TYPE;
	}
}

enum uci_result uci_parse_move(const struct position *pos, const char *text, size_t length, move *out)
{
	struct move_list moves;
	enum piece_type promotion = NO_PIECE_TYPE;
	char from_text[3] = { 0 }, to_text[3] = { 0 };
	int from, to, found = 0;
	move match = MOVE_NONE;

	if (length != 4 && length != 5)
		return UCI_MALFORMED;
	if (length == 4 && memcmp(text, "0000", 4) == 0) {
		*out = MOVE_NULL;
		return UCI_NULL_MOVE;
	}
	from_text[0] = text[0];
	from_text[1] = text[1];
	to_text[0] = text[2];
	to_text[1] = text[3];
	from = fen_parse_square(from_text);
	to = fen_parse_square(to_text);
	if (from == SQ_NONE || to == SQ_NONE)
		return UCI_MALFORMED;
	if (length == 5 && (promotion = uci_promotion_type(text[4])) == NO_PIECE_TYPE)
		return UCI_MALFORMED;

	movegen_legal(pos, &moves);
	for (int i = 0; i < moves.count; i++) {
		move m = moves.moves[i];
		if (move_from(m) != from)
			continue;
		enum move_kind kind = move_kind_of(m);
		bool same_to = move_to(m) == to ||
			       (kind == MOVE_CASTLING && position_castling_king_target(pos, m) == to);
		if (!same_to)
			continue;
		if ((kind == MOVE_PROMOTION) != (promotion != NO_PIECE_TYPE))
			continue;
		if (kind == MOVE_PROMOTION && move_promotion(m) != promotion)
			continue;
		/* A king step and a Chess960 castle can share a spelling; the step wins, as the
		 * castle always has its king-takes-rook spelling. */
		if (found && kind == MOVE_CASTLING)
			continue;
		if (found && move_kind_of(match) == MOVE_CASTLING) {
			match = m;
			continue;
		}
		match = m;
		found++;
	}
	if (!found)
		return UCI_ILLEGAL;
	*out = match;
	return UCI_OK;
}
