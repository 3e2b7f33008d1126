/* status.c -- check, checkmate, stalemate, dead positions and the move-count draw rules. */
#include "status.h"

#include <stddef.h>

#include "movegen.h"

bool status_insufficient_material(const struct position *pos)
{
	bitboard heavy = pos->by_type[PAWN] | pos->by_type[ROOK] | pos->by_type[QUEEN];
	bitboard bishops = pos->by_type[BISHOP];
	bitboard minors = bishops | pos->by_type[KNIGHT];

	if (heavy)
		return false;
	if (bb_count(minors) <= 1)
		return true;
	/* Bishops alone, all on one square colour, can never attack the other colour. */
	return !pos->by_type[KNIGHT] && (!(bishops & BB_DARK_SQUARES) || !(bishops & ~BB_DARK_SQUARES));
}

void status_compute(const struct position *pos, struct status *out)
{
	struct move_list moves;

	out->legal_moves = movegen_legal(pos, &moves);
	out->check = position_in_check(pos);
	out->checkmate = out->check && out->legal_moves == 0;
	out->stalemate = !out->check && out->legal_moves == 0;
	out->insufficient_material = status_insufficient_material(pos);
	out->fifty_move = pos->halfmove >= 100;
	out->seventy_five_move = pos->halfmove >= 150 && !out->checkmate;
	out->repetitions = 0;
	out->threefold_repetition = out->fivefold_repetition = false;
}

int status_count_repetitions(const uint64_t *keys, int count, int halfmove)
{
	int n = 0, first = 0;

	if (count <= 0)
		return 0;
	if (halfmove >= 0 && count - 1 - halfmove > 0)
		first = count - 1 - halfmove;
	for (int i = first; i < count; i++)
		n += keys[i] == keys[count - 1];
	return n;
}

void status_set_repetitions(struct status *st, int repetitions)
{
	st->repetitions = repetitions;
	st->threefold_repetition = repetitions >= 3;
	st->fivefold_repetition = repetitions >= 5 && !st->checkmate;
}

enum status_outcome status_outcome_of(const struct status *st)
{
	if (st->checkmate)
		return STATUS_CHECKMATE;
	if (st->stalemate)
		return STATUS_STALEMATE;
	if (st->insufficient_material)
		return STATUS_INSUFFICIENT_MATERIAL;
	if (st->seventy_five_move)
		return STATUS_SEVENTY_FIVE_MOVE;
	if (st->fivefold_repetition)
		return STATUS_FIVEFOLD_REPETITION;
	return STATUS_ONGOING;
}

const char *status_result(const struct position *pos, const struct status *st)
{
	switch (status_outcome_of(st)) {
	case STATUS_CHECKMATE:
		return pos->turn == WHITE ? "0-1" : "1-0";
	case STATUS_ONGOING:
		return NULL;
	default:
		return "1/2-1/2";
	}
}
