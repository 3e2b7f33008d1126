/* position.h -- a chess position as a plain struct, and making and unmaking moves on it.
 *
 * The caller owns every struct position; nothing here allocates. A position holds
 * bitboards (by piece type, by colour) and a square-indexed mailbox that always agree.
 * Functions that play moves trust their input: the move must be legal in the position
 * (take it from movegen_legal or uci_parse_move, or MOVE_NULL where
 * position_null_move_legal allows it), and the position must be valid (fen_parse said
 * so). */
#ifndef FEN_POSITION_H
#define FEN_POSITION_H

#include "bitboard.h"
#include "types.h"

struct position {
	bitboard by_type[PIECE_TYPE_NB]; /* by_type[NO_PIECE_TYPE] is every occupied square */
	bitboard by_color[COLOR_NB];
	uint8_t board[SQUARE_NB];        /* enum piece per square */
	uint64_t key;                    /* Zobrist hash, kept up to date by make/unmake */
	bitboard castling_touch;         /* squares whose king or rook carries a right */
	uint32_t halfmove;               /* plies since the last capture or pawn move */
	uint32_t fullmove;               /* starts at 1, grows after each Black move */
	uint8_t turn;                    /* enum color */
	uint8_t castling;                /* enum castling_right bits */
	uint8_t castling_rook[CASTLING_RIGHT_NB]; /* rook origin square per right; meaningful only
						   * while the right is held (a lost right keeps
						   * its old square, so unmake needs no copy) */
	uint8_t ep_square;               /* square behind a pawn that just moved two, or SQ_NONE */
	bool chess960;                   /* castling is written and parsed the Chess960 way */
};

/* What position_make_move needs to restore the previous position. */
struct position_undo {
	uint64_t key;
	bitboard castling_touch;
	uint32_t halfmove;
	uint8_t castling;
	uint8_t ep_square;
	uint8_t captured;
};

#define POSITION_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Index 0..3 of a single castling right bit. */
static inline int castling_right_index(enum castling_right r) { return __builtin_ctz((unsigned)r); }

static inline bitboard position_occupied(const struct position *pos) { return pos->by_type[NO_PIECE_TYPE]; }

static inline bitboard position_pieces(const struct position *pos, enum color c, enum piece_type t)
{
	return pos->by_color[c] & pos->by_type[t];
}

static inline int position_king_square(const struct position *pos, enum color c)
{
	bitboard k = position_pieces(pos, c, KING);
	return k ? bb_lsb(k) : SQ_NONE;
}

/* Empties the board: no pieces, White to move, no rights, clocks 0 and 1. */
void position_clear(struct position *pos);

/* Sets up the standard starting position. */
void position_set_start(struct position *pos);

/* Puts pc on an empty square sq, or removes the piece on an occupied one. The key and
 * castling_touch are not updated: call position_refresh after editing a position. */
void position_put_piece(struct position *pos, int pc, int sq);
void position_remove_piece(struct position *pos, int sq);

/* Recomputes the derived fields (key, castling_touch) after direct edits. */
void position_refresh(struct position *pos);

/* Every piece of either colour that attacks sq, given the occupancy. */
bitboard position_attackers_to(const struct position *pos, int sq, bitboard occupied);

/* True when a piece of colour by attacks sq, given the occupancy. */
bool position_is_attacked(const struct position *pos, int sq, enum color by, bitboard occupied);

/* Enemy pieces giving check to the side to move. */
bitboard position_checkers(const struct position *pos);

static inline bool position_in_check(const struct position *pos) { return position_checkers(pos) != 0; }

/* The pawns of the side to move that can legally capture en passant onto pos->ep_square
 * (with no king on the board: every pawn placed to capture). */
bitboard position_ep_capturers(const struct position *pos);

/* True when the side to move has a legal en-passant capture onto pos->ep_square. */
static inline bool position_ep_capturable(const struct position *pos) { return position_ep_capturers(pos) != 0; }

/* True when the side to move may pass with a null move (MOVE_NULL): it is not in check.
 * Passing leaves every piece where it stands, so the position after it is as valid as
 * the one before. */
static inline bool position_null_move_legal(const struct position *pos) { return !position_in_check(pos); }

/* Plays a legal move; undo receives what position_unmake_move needs. m may be MOVE_NULL
 * when position_null_move_legal says so: the turn passes, the en-passant square is
 * cleared, the half-move clock grows by one and the full-move number after Black, as
 * for any move that is no capture and no pawn move; the key follows. */
void position_make_move(struct position *pos, move m, struct position_undo *undo);

/* Takes back the move (MOVE_NULL too) that produced undo. */
void position_unmake_move(struct position *pos, move m, const struct position_undo *undo);

/* The Zobrist key computed from scratch (equal to pos->key when the position is refreshed).
 * The en-passant square counts only when a legal en-passant capture exists, so two
 * positions that FIDE's repetition rule treats as the same get the same key. */
uint64_t position_compute_key(const struct position *pos);

/* Where the king and rook of a castling move end up. */
int position_castling_king_target(const struct position *pos, move m);
int position_castling_rook_target(const struct position *pos, move m);

#endif
