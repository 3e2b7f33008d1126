/* perft.c -- leaf-node counts of the legal move tree, with bulk counting one ply from
 * the leaves (the number of legal moves is the number of leaves below). */
#include "perft.h"

uint64_t perft_count(struct position *pos, int depth)
{
	struct move_list moves;
	struct position_undo undo;
	uint64_t nodes = 0;

	if (depth <= 0)
		return 1;
	movegen_legal(pos, &moves);
	if (depth == 1)
		return (uint64_t)moves.count;
	for (int i = 0; i < moves.count; i++) {
		position_make_move(pos, moves.moves[i], &undo);
		nodes += perft_count(pos, depth - 1);
		position_unmake_move(pos, moves.moves[i], &undo);
	}
	return nodes;
}

int perft_divide(struct position *pos, int depth, struct perft_entry out[MOVEGEN_MAX])
{
	struct move_list moves;
	struct position_undo undo;

	movegen_legal(pos, &moves);
	for (int i = 0; i < moves.count; i++) {
		out[i].move = moves.moves[i];
		position_make_move(pos, moves.moves[i], &undo);
		out[i].nodes = perft_count(pos, depth - 1);
		position_unmake_move(pos, moves.moves[i], &undo);
	}
	return moves.count;
}
