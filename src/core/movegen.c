/* movegen.c -- legal move generation with check masks and pin rays.
 *
 * The king's moves are tested square by square with the king lifted off the board.
 * When in check by one piece, other moves must capture it or land between it and the
 * king; in double check only the king moves. A pinned piece keeps to the line through
 * its king and pinner. En passant, which removes two pieces from a rank at once, is
 * tested on the board it leaves behind (position_ep_capturers). */
#include "movegen.h"

#include "attacks.h"

/* Emits one move per target square, each coming from target - delta. */
static move *movegen_emit_shifted(move *out, bitboard targets, int delta, enum move_kind kind)
{
	while (targets) {
		int to = bb_pop_lsb(&targets);
		*out++ = move_make(to - delta, to, kind);
	}
	return out;
}

/* Emits the four promotions per target square, queen first. */
static move *movegen_emit_promotions(move *out, bitboard targets, int delta)
{
	while (targets) {
		int to = bb_pop_lsb(&targets);
		*out++ = move_make_promotion(to - delta, to, QUEEN);
		*out++ = move_make_promotion(to - delta, to, ROOK);
		*out++ = move_make_promotion(to - delta, to, BISHOP);
		*out++ = move_make_promotion(to - delta, to, KNIGHT);
	}
	return out;
}

/* Emits a move from from to every square in targets. */
static move *movegen_emit_from(move *out, int from, bitboard targets)
{
	while (targets)
		*out++ = move_make(from, bb_pop_lsb(&targets), MOVE_NORMAL);
	return out;
}

/* Pushes and captures (promotions included) for the given pawns, landing only on mask. */
static move *movegen_pawns(move *out, const struct position *pos, bitboard pawns, bitboard mask)
{
	enum color us = (enum color)pos->turn;
	bitboard empty = ~position_occupied(pos);
	bitboard enemies = pos->by_color[!us] & mask;
	bitboard last = us == WHITE ? BB_RANK_7 : BB_RANK_2;
	bitboard third = us == WHITE ? BB_RANK_3 : BB_RANK_6;
	int up = us == WHITE ? 8 : -8;
	int left = us == WHITE ? 7 : -9;   /* towards the a-file */
	int right = us == WHITE ? 9 : -7;  /* towards the h-file */

	bitboard plain = pawns & ~last, promoting = pawns & last;
	bitboard single = bb_pawn_push(plain, us) & empty;
	bitboard twice = bb_pawn_push(single & third, us) & empty & mask;
	single &= mask;
	out = movegen_emit_shifted(out, single, up, MOVE_NORMAL);
	out = movegen_emit_shifted(out, twice, 2 * up, MOVE_NORMAL);

	bitboard west = us == WHITE ? (plain & ~BB_FILE_A) << 7 : (plain & ~BB_FILE_A) >> 9;
	bitboard east = us == WHITE ? (plain & ~BB_FILE_H) << 9 : (plain & ~BB_FILE_H) >> 7;
	out = movegen_emit_shifted(out, west & enemies, left, MOVE_NORMAL);
	out = movegen_emit_shifted(out, east & enemies, right, MOVE_NORMAL);

	if (promoting) {
		bitboard push = bb_pawn_push(promoting, us) & empty & mask;
		west = us == WHITE ? (promoting & ~BB_FILE_A) << 7 : (promoting & ~BB_FILE_A) >> 9;
		east = us == WHITE ? (promoting & ~BB_FILE_H) << 9 : (promoting & ~BB_FILE_H) >> 7;
		out = movegen_emit_promotions(out, push, up);
		out = movegen_emit_promotions(out, west & enemies, left);
		out = movegen_emit_promotions(out, east & enemies, right);
	}
	return out;
}

/* Castling moves of the side to move; the caller has made sure it is not in check. */
static move *movegen_castling(move *out, const struct position *pos, int king)
{
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	int first = us == WHITE ? 0 : 2;
	int back = us == WHITE ? 0 : 7;

	for (int r = first; r < first + 2; r++) {
		if (!(pos->castling & (1 << r)))
			continue;
		int rook = pos->castling_rook[r];
		bool kingside = (r & 1) == 0;
		int king_to = square_make(kingside ? 6 : 2, back);
		int rook_to = square_make(kingside ? 5 : 3, back);
		bitboard movers = bb_square(king) | bb_square(rook);
		bitboard king_path = attacks_between(king, king_to) | bb_square(king_to);
		bitboard path = (king_path | attacks_between(rook, rook_to) | bb_square(rook_to)) & ~movers;
		bitboard occupied = position_occupied(pos) ^ movers;

		if (pos->board[rook] != piece_make(us, ROOK) || square_rank(king) != back ||
		    (path & position_occupied(pos)))
			continue;
		/* Every square the king passes or lands on, its own included when it stays put
		 * (Chess960): the rook that leaves may have been shielding it. */
		bool safe = true;
		while (king_path && safe)
			safe = !position_is_attacked(pos, bb_pop_lsb(&king_path), them, occupied);
		if (safe)
			*out++ = move_make(king, rook, MOVE_CASTLING);
	}
	return out;
}

int movegen_legal(const struct position *pos, struct move_list *list)
{
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	bitboard occupied = position_occupied(pos);
	bitboard own = pos->by_color[us], enemies = pos->by_color[them];
	int king = position_king_square(pos, us);
	move *out = list->moves;

	bitboard checkers = position_attackers_to(pos, king, occupied) & enemies;

	/* King steps, each tested with the king lifted so it cannot hide behind itself. */
	bitboard steps = attacks_king(king) & ~own;
	bitboard without_king = occupied ^ bb_square(king);
	while (steps) {
		int to = bb_pop_lsb(&steps);
		if (!position_is_attacked(pos, to, them, without_king))
			*out++ = move_make(king, to, MOVE_NORMAL);
	}
	if (bb_more_than_one(checkers)) {
		list->count = (int)(out - list->moves);
		return list->count;
	}

	bitboard target = ~own;
	if (checkers) {
		int checker = bb_lsb(checkers);
		target &= attacks_between(king, checker) | checkers;
	}

	/* Pinned pieces: our lone blocker between the king and an enemy slider. */
	bitboard pinned = 0;
	bitboard snipers = ((attacks_rook(king, 0) & (pos->by_type[ROOK] | pos->by_type[QUEEN])) |
			    (attacks_bishop(king, 0) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]))) & enemies;
	while (snipers) {
		bitboard blockers = attacks_between(king, bb_pop_lsb(&snipers)) & occupied;
		if (blockers && !bb_more_than_one(blockers))
			pinned |= blockers & own;
	}

	bitboard knights = position_pieces(pos, us, KNIGHT) & ~pinned;
	while (knights) {
		int from = bb_pop_lsb(&knights);
		out = movegen_emit_from(out, from, attacks_knight(from) & target);
	}
	bitboard diagonal = own & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
	while (diagonal) {
		int from = bb_pop_lsb(&diagonal);
		bitboard to = attacks_bishop(from, occupied) & target;
		if (pinned & bb_square(from))
			to &= attacks_line(king, from);
		out = movegen_emit_from(out, from, to);
	}
	bitboard straight = own & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
	while (straight) {
		int from = bb_pop_lsb(&straight);
		bitboard to = attacks_rook(from, occupied) & target;
		if (pinned & bb_square(from))
			to &= attacks_line(king, from);
		out = movegen_emit_from(out, from, to);
	}

	bitboard pawns = position_pieces(pos, us, PAWN);
	out = movegen_pawns(out, pos, pawns & ~pinned, target);
	bitboard pinned_pawns = pawns & pinned;
	while (pinned_pawns) {
		int from = bb_pop_lsb(&pinned_pawns);
		out = movegen_pawns(out, pos, bb_square(from), target & attacks_line(king, from));
	}
	if (pos->ep_square != SQ_NONE) {
		bitboard capturers = position_ep_capturers(pos);
		while (capturers)
			*out++ = move_make(bb_pop_lsb(&capturers), pos->ep_square, MOVE_EN_PASSANT);
	}
	if (!checkers && (pos->castling & (us == WHITE ? CASTLE_WHITE : CASTLE_BLACK)))
		out = movegen_castling(out, pos, king);

	list->count = (int)(out - list->moves);
	return list->count;
}

bool movegen_contains(const struct move_list *list, move m)
{
	for (int i = 0; i < list->count; i++)
		if (list->moves[i] == m)
			return true;
	return false;
}
