/* types.h -- the scalar vocabulary of libfen: colours, pieces, squares, moves.
 *
 * Squares run A1 = 0 ... H8 = 63 (file + 8 * rank). A piece code packs its colour
 * in bit 3 and its type (1..6) in bits 0-2, so 0 means "no piece". A move is 16 bits:
 * from | to << 6 | kind << 12 | promotion << 14. Castling is encoded king-takes-rook
 * (from = king square, to = rook square) so Chess960 castles are never ambiguous. */
#ifndef FEN_TYPES_H
#define FEN_TYPES_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bitboard;
typedef uint16_t move;

enum color { WHITE, BLACK, COLOR_NB };

enum piece_type {
	NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB
};

enum piece {
	NO_PIECE,
	W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
	B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
	PIECE_NB = 16
};

enum square {
	SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
	SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
	SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
	SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
	SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
	SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
	SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
	SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
	SQUARE_NB, SQ_NONE = SQUARE_NB
};

/* Castling rights, one bit each; the index of a bit is its castling_right_index. */
enum castling_right {
	CASTLE_WHITE_KING = 1, CASTLE_WHITE_QUEEN = 2,
	CASTLE_BLACK_KING = 4, CASTLE_BLACK_QUEEN = 8,
	CASTLE_WHITE = 3, CASTLE_BLACK = 12, CASTLE_ALL = 15
};
#define CASTLING_RIGHT_NB 4

enum move_kind { MOVE_NORMAL, MOVE_PROMOTION, MOVE_EN_PASSANT, MOVE_CASTLING };

#define MOVE_NONE ((move)0)
/* A null move ("--" or "Z0" in PGN, "0000" in UCI): the side to move passes. b1 to b1,
 * which no real move is. Only the readers that take one produce it. */
#define MOVE_NULL ((move)(1 | 1 << 6))

static inline int square_file(int sq) { return sq & 7; }
static inline int square_rank(int sq) { return sq >> 3; }
static inline int square_make(int file, int rank) { return rank * 8 + file; }
/* The same square seen from the other side of the board (a1 <-> a8). */
static inline int square_flip_rank(int sq) { return sq ^ 56; }

static inline enum color piece_color(int pc) { return (enum color)(pc >> 3); }
static inline enum piece_type piece_type_of(int pc) { return (enum piece_type)(pc & 7); }
static inline int piece_make(enum color c, enum piece_type t) { return (int)c << 3 | (int)t; }

static inline move move_make(int from, int to, enum move_kind kind)
{
	return (move)(from | to << 6 | (int)kind << 12);
}
static inline move move_make_promotion(int from, int to, enum piece_type promo)
{
	return (move)(from | to << 6 | MOVE_PROMOTION << 12 | ((int)promo - KNIGHT) << 14);
}
static inline int move_from(move m) { return m & 63; }
static inline int move_to(move m) { return (m >> 6) & 63; }
static inline enum move_kind move_kind_of(move m) { return (enum move_kind)((m >> 12) & 3); }
static inline enum piece_type move_promotion(move m) { return (enum piece_type)((m >> 14) + KNIGHT); }

#endif
