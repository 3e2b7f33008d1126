/* dests.c -- the target squares of the legal moves, by origin square. */
#include "core/dests.h"

#include <string.h>

static const char *const dests_castling_names[DESTS_CASTLING_NB] = { "both", "king_to_rook", "king_to_target" };

int dests_parse_castling(const char *name, enum dests_castling *out)
{
	for (int i = 0; i < DESTS_CASTLING_NB; i++)
		if (!strcmp(name, dests_castling_names[i])) {
			*out = (enum dests_castling)i;
			return 0;
		}
	return -1;
}

bitboard dests_compute(const struct position *pos, const struct move_list *list, enum dests_castling castling,
		       bitboard dests[SQUARE_NB])
{
	bitboard from_squares = 0;

	memset(dests, 0, sizeof *dests * SQUARE_NB);
	for (int i = 0; i < list->count; i++) {
		move m = list->moves[i];
		int from = move_from(m), to = move_to(m);
		bitboard targets = bb_square(to);
		if (move_kind_of(m) == MOVE_CASTLING && !pos->chess960) {
			bitboard king_target = bb_square(position_castling_king_target(pos, m));
			targets = castling == DESTS_CASTLING_KING_TO_ROOK ? targets
				  : castling == DESTS_CASTLING_KING_TO_TARGET ? king_target
									      : targets | king_target;
		}
		dests[from] |= targets;
		from_squares |= bb_square(from);
	}
	return from_squares;
}
