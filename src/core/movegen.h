/* movegen.h -- legal move generation.
 *
 * Moves are generated legal directly (checks, pins, en passant and castling are resolved
 * during generation), never by playing each pseudo-legal move and testing it. */
#ifndef FEN_MOVEGEN_H
#define FEN_MOVEGEN_H

#include "position.h"

/* No legal position has more than 218 moves. */
#define MOVEGEN_MAX 256

struct move_list {
	int count;
	move moves[MOVEGEN_MAX];
};

/* Fills list with every legal move of the side to move and returns how many there are.
 * The position must be valid (one king each, the side not to move not in check). */
int movegen_legal(const struct position *pos, struct move_list *list);

/* True when m is in list. */
bool movegen_contains(const struct move_list *list, move m);

#endif
