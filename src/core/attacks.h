/* attacks.h -- attack tables for every piece, and the geometry between squares.
 *
 * The tables are filled once, before main() runs (a constructor in attacks.c), and are
 * read-only afterwards, so any number of threads may use them. Sliding pieces use
 * "fancy" magic bitboards with magic numbers found offline by tools/find-magics.c. */
#ifndef FEN_ATTACKS_H
#define FEN_ATTACKS_H

#include "types.h"

struct attacks_magic {
	bitboard mask;
	bitboard magic;
	const bitboard *table;
	unsigned shift;
};

extern bitboard attacks_pawn_table[COLOR_NB][SQUARE_NB];
extern bitboard attacks_knight_table[SQUARE_NB];
extern bitboard attacks_king_table[SQUARE_NB];
extern struct attacks_magic attacks_rook_magics[SQUARE_NB];
extern struct attacks_magic attacks_bishop_magics[SQUARE_NB];
extern bitboard attacks_between_table[SQUARE_NB][SQUARE_NB];
extern bitboard attacks_line_table[SQUARE_NB][SQUARE_NB];

/* Squares a pawn of colour c on sq attacks. */
static inline bitboard attacks_pawn(enum color c, int sq) { return attacks_pawn_table[c][sq]; }
static inline bitboard attacks_knight(int sq) { return attacks_knight_table[sq]; }
static inline bitboard attacks_king(int sq) { return attacks_king_table[sq]; }

static inline bitboard attacks_rook(int sq, bitboard occupied)
{
	const struct attacks_magic *m = &attacks_rook_magics[sq];
	return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline bitboard attacks_bishop(int sq, bitboard occupied)
{
	const struct attacks_magic *m = &attacks_bishop_magics[sq];
	return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline bitboard attacks_queen(int sq, bitboard occupied)
{
	return attacks_rook(sq, occupied) | attacks_bishop(sq, occupied);
}

/* Squares strictly between a and b when they share a rank, file or diagonal, else 0. */
static inline bitboard attacks_between(int a, int b) { return attacks_between_table[a][b]; }

/* The whole line (edge to edge) through a and b when aligned, else 0. */
static inline bitboard attacks_line(int a, int b) { return attacks_line_table[a][b]; }

/* Attacks of a non-pawn piece type from sq given the occupancy. */
bitboard attacks_of(enum piece_type type, int sq, bitboard occupied);

/* Fills the tables; runs automatically before main(). Calling it again does nothing. */
void attacks_init(void);

#endif
