/* dests.h -- where each piece of the side to move may go, square by square: the map a
 * board UI (such as lichess's chessground, its "dests") takes to let pieces be dragged.
 * Nothing here allocates. */
#ifndef FEN_DESTS_H
#define FEN_DESTS_H

#include "core/movegen.h"
#include "core/position.h"

/* Where a castling king may be dropped. In Chess960 it is always its rook's square (the
 * king's target square may be where it stands, or a square another move goes to). */
enum dests_castling {
	DESTS_CASTLING_BOTH,          /* standard chess: the target (g1, c1) and the rook's square (h1, a1) */
	DESTS_CASTLING_KING_TO_ROOK,  /* standard chess too: the rook's square only */
	DESTS_CASTLING_KING_TO_TARGET,/* standard chess: the target only */
	DESTS_CASTLING_NB
};

/* "both", "king_to_rook", "king_to_target": 0 and *out set, or -1. */
int dests_parse_castling(const char *name, enum dests_castling *out);

/* Fills dests[from] with the target squares of the legal moves list (of pos) from each
 * square; a promotion's four moves count once. Returns the squares that have any. */
bitboard dests_compute(const struct position *pos, const struct move_list *list, enum dests_castling castling,
		       bitboard dests[SQUARE_NB]);

#endif
