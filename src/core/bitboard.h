/* bitboard.h -- 64-bit square sets: constants, counting and iteration.
 * Bit n stands for square n (A1 = bit 0, H8 = bit 63). */
#ifndef FEN_BITBOARD_H
#define FEN_BITBOARD_H

#include "types.h"

#define BB_FILE_A 0x0101010101010101ULL
#define BB_FILE_H (BB_FILE_A << 7)
#define BB_RANK_1 0xFFULL
#define BB_RANK_2 (BB_RANK_1 << 8)
#define BB_RANK_3 (BB_RANK_1 << 16)
#define BB_RANK_4 (BB_RANK_1 << 24)
#define BB_RANK_5 (BB_RANK_1 << 32)
#define BB_RANK_6 (BB_RANK_1 << 40)
#define BB_RANK_7 (BB_RANK_1 << 48)
#define BB_RANK_8 (BB_RANK_1 << 56)
#define BB_DARK_SQUARES 0xAA55AA55AA55AA55ULL

static inline bitboard bb_square(int sq) { return 1ULL << sq; }
static inline bitboard bb_rank(int rank) { return BB_RANK_1 << (8 * rank); }
static inline bitboard bb_file(int file) { return BB_FILE_A << file; }
/* Without a POPCNT instruction to use (Debian builds for baseline x86-64), gcc calls
 * libgcc's table-driven __popcountdi2: the bit-parallel sum inline is cheaper than the
 * call (it was 6% of reading a FEN). */
static inline int bb_count(bitboard b)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
	return __builtin_popcountll(b);
#else
	b = b - ((b >> 1) & 0x5555555555555555ULL);
	b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
	b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}
/* Lowest set square; b must not be empty. */
static inline int bb_lsb(bitboard b) { return __builtin_ctzll(b); }
/* Removes and returns the lowest set square; *b must not be empty. */
static inline int bb_pop_lsb(bitboard *b)
{
	int sq = __builtin_ctzll(*b);
	*b &= *b - 1;
	return sq;
}
static inline bool bb_more_than_one(bitboard b) { return (b & (b - 1)) != 0; }

/* Shifts every square one step towards rank 8 (north) or rank 1 (south), and so on. */
static inline bitboard bb_north(bitboard b) { return b << 8; }
static inline bitboard bb_south(bitboard b) { return b >> 8; }
static inline bitboard bb_east(bitboard b) { return (b & ~BB_FILE_H) << 1; }
static inline bitboard bb_west(bitboard b) { return (b & ~BB_FILE_A) >> 1; }

/* One step forward for colour c's pawns. */
static inline bitboard bb_pawn_push(bitboard b, enum color c)
{
	return c == WHITE ? b << 8 : b >> 8;
}

#endif
