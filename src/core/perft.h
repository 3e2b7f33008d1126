/* perft.h -- counting the leaf nodes of the legal move tree, the standard test of a
 * move generator. */
#ifndef FEN_PERFT_H
#define FEN_PERFT_H

#include "movegen.h"

struct perft_entry {
	move move;
	uint64_t nodes;
};

/* Leaf nodes depth plies below pos (1 at depth 0). pos is left as it was. */
uint64_t perft_count(struct position *pos, int depth);

/* Perft split by the first move: fills out (room for MOVEGEN_MAX entries) with each legal
 * move and its node count at depth - 1, and returns how many entries were written. */
int perft_divide(struct position *pos, int depth, struct perft_entry out[MOVEGEN_MAX]);

#endif
