/* position.c -- the position struct's upkeep: pieces, attacks on squares, the Zobrist key,
 * and making and unmaking moves with every counter and right updated. */
#include "position.h"

#include <string.h>

#include "attacks.h"

/* Zobrist keys, drawn once before main() from a fixed-seed generator so keys are the
 * same in every run and every process. */
static uint64_t position_key_piece[PIECE_NB][SQUARE_NB];
static uint64_t position_key_castling[16];
static uint64_t position_key_ep_file[8];
static uint64_t position_key_black;

/* splitmix64: a small, well-mixed generator for the key table. */
static uint64_t position_splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

__attribute__((constructor)) static void position_init_keys(void)
{
	uint64_t state = 0x66656E64; /* "fend" */

	for (int pc = 0; pc < PIECE_NB; pc++)
		for (int sq = 0; sq < SQUARE_NB; sq++)
			position_key_piece[pc][sq] = position_splitmix(&state);
	/* Castling keys are the XOR of per-right keys so that rights combine linearly. */
	uint64_t right_keys[CASTLING_RIGHT_NB];
	for (int r = 0; r < CASTLING_RIGHT_NB; r++)
		right_keys[r] = position_splitmix(&state);
	for (int set = 0; set < 16; set++) {
		position_key_castling[set] = 0;
		for (int r = 0; r < CASTLING_RIGHT_NB; r++)
			if (set & (1 << r))
				position_key_castling[set] ^= right_keys[r];
	}
	for (int f = 0; f < 8; f++)
		position_key_ep_file[f] = position_splitmix(&state);
	position_key_black = position_splitmix(&state);
}

void position_clear(struct position *pos)
{
	memset(pos, 0, sizeof *pos);
	memset(pos->castling_rook, SQ_NONE, sizeof pos->castling_rook);
	pos->ep_square = SQ_NONE;
	pos->fullmove = 1;
	pos->turn = WHITE;
	position_refresh(pos);
}

void position_set_start(struct position *pos)
{
	static const uint8_t back_rank[8] = { ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK };

	position_clear(pos);
	for (int f = 0; f < 8; f++) {
		position_put_piece(pos, piece_make(WHITE, back_rank[f]), square_make(f, 0));
		position_put_piece(pos, piece_make(WHITE, PAWN), square_make(f, 1));
		position_put_piece(pos, piece_make(BLACK, PAWN), square_make(f, 6));
		position_put_piece(pos, piece_make(BLACK, back_rank[f]), square_make(f, 7));
	}
	pos->castling = CASTLE_ALL;
	pos->castling_rook[castling_right_index(CASTLE_WHITE_KING)] = SQ_H1;
	pos->castling_rook[castling_right_index(CASTLE_WHITE_QUEEN)] = SQ_A1;
	pos->castling_rook[castling_right_index(CASTLE_BLACK_KING)] = SQ_H8;
	pos->castling_rook[castling_right_index(CASTLE_BLACK_QUEEN)] = SQ_A8;
	position_refresh(pos);
}

void position_put_piece(struct position *pos, int pc, int sq)
{
	bitboard b = bb_square(sq);

	pos->board[sq] = (uint8_t)pc;
	pos->by_type[NO_PIECE_TYPE] |= b;
	pos->by_type[piece_type_of(pc)] |= b;
	pos->by_color[piece_color(pc)] |= b;
}

void position_remove_piece(struct position *pos, int sq)
{
	bitboard b = bb_square(sq);
	int pc = pos->board[sq];

	pos->board[sq] = NO_PIECE;
	pos->by_type[NO_PIECE_TYPE] &= ~b;
	pos->by_type[piece_type_of(pc)] &= ~b;
	pos->by_color[piece_color(pc)] &= ~b;
}

/* Moves the piece on from to the empty square to. */
static void position_shift_piece(struct position *pos, int from, int to)
{
	int pc = pos->board[from];
	bitboard b = bb_square(from) | bb_square(to);

	pos->board[from] = NO_PIECE;
	pos->board[to] = (uint8_t)pc;
	pos->by_type[NO_PIECE_TYPE] ^= b;
	pos->by_type[piece_type_of(pc)] ^= b;
	pos->by_color[piece_color(pc)] ^= b;
}

/* Squares whose king or rook would lose a castling right by moving or being captured. */
static bitboard position_castling_touch(const struct position *pos)
{
	bitboard touch = 0;

	for (int r = 0; r < CASTLING_RIGHT_NB; r++) {
		if (!(pos->castling & (1 << r)) || pos->castling_rook[r] == SQ_NONE)
			continue;
		int king = position_king_square(pos, r < 2 ? WHITE : BLACK);
		touch |= bb_square(pos->castling_rook[r]);
		if (king != SQ_NONE)
			touch |= bb_square(king);
	}
	return touch;
}

void position_refresh(struct position *pos)
{
	pos->castling_touch = position_castling_touch(pos);
	pos->key = position_compute_key(pos);
}

bitboard position_attackers_to(const struct position *pos, int sq, bitboard occupied)
{
	bitboard rook_like = pos->by_type[ROOK] | pos->by_type[QUEEN];
	bitboard bishop_like = pos->by_type[BISHOP] | pos->by_type[QUEEN];

	return (attacks_pawn(BLACK, sq) & position_pieces(pos, WHITE, PAWN)) |
	       (attacks_pawn(WHITE, sq) & position_pieces(pos, BLACK, PAWN)) |
	       (attacks_knight(sq) & pos->by_type[KNIGHT]) |
	       (attacks_king(sq) & pos->by_type[KING]) |
	       (attacks_rook(sq, occupied) & rook_like) |
	       (attacks_bishop(sq, occupied) & bishop_like);
}

bool position_is_attacked(const struct position *pos, int sq, enum color by, bitboard occupied)
{
	bitboard them = pos->by_color[by];

	return (attacks_knight(sq) & them & pos->by_type[KNIGHT]) ||
	       (attacks_pawn((enum color)!by, sq) & them & pos->by_type[PAWN]) ||
	       (attacks_king(sq) & them & pos->by_type[KING]) ||
	       (attacks_rook(sq, occupied) & them & (pos->by_type[ROOK] | pos->by_type[QUEEN])) ||
	       (attacks_bishop(sq, occupied) & them & (pos->by_type[BISHOP] | pos->by_type[QUEEN]));
}

bitboard position_checkers(const struct position *pos)
{
	int king = position_king_square(pos, (enum color)pos->turn);

	if (king == SQ_NONE)
		return 0;
	return position_attackers_to(pos, king, position_occupied(pos)) & pos->by_color[!pos->turn];
}

bitboard position_ep_capturers(const struct position *pos)
{
	if (pos->ep_square == SQ_NONE)
		return 0;

	enum color us = (enum color)pos->turn, them = (enum color)!us;
	int ep = pos->ep_square;
	int victim = us == WHITE ? ep - 8 : ep + 8;
	int king = position_king_square(pos, us);
	bitboard capturers = attacks_pawn(them, ep) & position_pieces(pos, us, PAWN), legal = 0;

	if (pos->board[victim] != piece_make(them, PAWN) || (position_occupied(pos) & bb_square(ep)))
		return 0;
	if (king == SQ_NONE)
		return capturers;
	/* The capture empties two squares of one rank at once: test the board it leaves. */
	while (capturers) {
		int from = bb_pop_lsb(&capturers);
		bitboard occupied = (position_occupied(pos) ^ bb_square(from) ^ bb_square(victim)) | bb_square(ep);
		bitboard attackers = position_attackers_to(pos, king, occupied) & pos->by_color[them];
		if (!(attackers & ~bb_square(victim)))
			legal |= bb_square(from);
	}
	return legal;
}

uint64_t position_compute_key(const struct position *pos)
{
	uint64_t key = position_key_castling[pos->castling];
	bitboard occupied = position_occupied(pos);

	while (occupied) {
		int sq = bb_pop_lsb(&occupied);
		key ^= position_key_piece[pos->board[sq]][sq];
	}
	if (pos->turn == BLACK)
		key ^= position_key_black;
	if (position_ep_capturable(pos))
		key ^= position_key_ep_file[square_file(pos->ep_square)];
	return key;
}

/* True when m castles towards the h-file. */
static bool position_castles_kingside(move m) { return move_to(m) > move_from(m); }

int position_castling_king_target(const struct position *pos, move m)
{
	(void)pos;
	return square_make(position_castles_kingside(m) ? 6 : 2, square_rank(move_from(m)));
}

int position_castling_rook_target(const struct position *pos, move m)
{
	(void)pos;
	return square_make(position_castles_kingside(m) ? 5 : 3, square_rank(move_from(m)));
}

/* Drops every castling right whose king or rook stands on a square in touched. */
static void position_drop_castling(struct position *pos, bitboard touched)
{
	uint8_t keep = pos->castling;

	for (int r = 0; r < CASTLING_RIGHT_NB; r++) {
		if (!(keep & (1 << r)))
			continue;
		int king = position_king_square(pos, r < 2 ? WHITE : BLACK);
		if ((touched & bb_square(pos->castling_rook[r])) || (king != SQ_NONE && (touched & bb_square(king))))
			keep &= (uint8_t)~(1 << r);
	}
	pos->castling = keep;
	pos->castling_touch = position_castling_touch(pos);
}

/* The null move: only the side to move, the en-passant square and the clocks change. */
static void position_make_null_move(struct position *pos, struct position_undo *undo)
{
	uint64_t key = pos->key;

	undo->key = pos->key;
	undo->castling_touch = pos->castling_touch;
	undo->halfmove = pos->halfmove;
	undo->castling = pos->castling;
	undo->ep_square = pos->ep_square;
	undo->captured = NO_PIECE;
	if (pos->ep_square != SQ_NONE && position_ep_capturable(pos))
		key ^= position_key_ep_file[square_file(pos->ep_square)];
	pos->ep_square = SQ_NONE;
	pos->halfmove++;
	if (pos->turn == BLACK)
		pos->fullmove++;
	pos->turn = (uint8_t)!pos->turn;
	pos->key = key ^ position_key_black;
}

void position_make_move(struct position *pos, move m, struct position_undo *undo)
{
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	int from = move_from(m), to = move_to(m);
	enum move_kind kind = move_kind_of(m);
	int pc = pos->board[from];
	uint64_t key = pos->key;

	if (m == MOVE_NULL) {
		position_make_null_move(pos, undo);
		return;
	}
	undo->key = pos->key;
	undo->castling_touch = pos->castling_touch;
	undo->halfmove = pos->halfmove;
	undo->castling = pos->castling;
	undo->ep_square = pos->ep_square;
	undo->captured = NO_PIECE;

	if (pos->ep_square != SQ_NONE && position_ep_capturable(pos))
		key ^= position_key_ep_file[square_file(pos->ep_square)];
	pos->ep_square = SQ_NONE;
	pos->halfmove++;

	/* Rights go before the pieces move, while the king still stands where they name it. */
	if (pos->castling_touch & (bb_square(from) | bb_square(to))) {
		key ^= position_key_castling[pos->castling];
		position_drop_castling(pos, bb_square(from) | bb_square(to));
		key ^= position_key_castling[pos->castling];
	}

	if (kind == MOVE_CASTLING) {
		int rook = pos->board[to];
		int king_to = position_castling_king_target(pos, m);
		int rook_to = position_castling_rook_target(pos, m);
		position_remove_piece(pos, from);
		position_remove_piece(pos, to);
		position_put_piece(pos, pc, king_to);
		position_put_piece(pos, rook, rook_to);
		key ^= position_key_piece[pc][from] ^ position_key_piece[pc][king_to];
		key ^= position_key_piece[rook][to] ^ position_key_piece[rook][rook_to];
	} else {
		int victim_sq = kind == MOVE_EN_PASSANT ? (us == WHITE ? to - 8 : to + 8) : to;
		int victim = pos->board[victim_sq];
		if (victim != NO_PIECE) {
			undo->captured = (uint8_t)victim;
			position_remove_piece(pos, victim_sq);
			key ^= position_key_piece[victim][victim_sq];
			pos->halfmove = 0;
		}
		position_shift_piece(pos, from, to);
		key ^= position_key_piece[pc][from] ^ position_key_piece[pc][to];
		if (piece_type_of(pc) == PAWN) {
			pos->halfmove = 0;
			if ((from ^ to) == 16)
				pos->ep_square = (uint8_t)((from + to) / 2);
			else if (kind == MOVE_PROMOTION) {
				int promoted = piece_make(us, move_promotion(m));
				position_remove_piece(pos, to);
				position_put_piece(pos, promoted, to);
				key ^= position_key_piece[pc][to] ^ position_key_piece[promoted][to];
			}
		}
	}

	if (us == BLACK)
		pos->fullmove++;
	pos->turn = (uint8_t)them;
	key ^= position_key_black;
	if (pos->ep_square != SQ_NONE && position_ep_capturable(pos))
		key ^= position_key_ep_file[square_file(pos->ep_square)];
	pos->key = key;
}

void position_unmake_move(struct position *pos, move m, const struct position_undo *undo)
{
	enum color us = (enum color)!pos->turn;
	int from = move_from(m), to = move_to(m);
	enum move_kind kind = move_kind_of(m);

	pos->turn = (uint8_t)us;
	if (us == BLACK)
		pos->fullmove--;

	if (m == MOVE_NULL) {
		/* nothing moved */
	} else if (kind == MOVE_CASTLING) {
		int king_to = position_castling_king_target(pos, m);
		int rook_to = position_castling_rook_target(pos, m);
		int king = pos->board[king_to], rook = pos->board[rook_to];
		position_remove_piece(pos, king_to);
		position_remove_piece(pos, rook_to);
		position_put_piece(pos, king, from);
		position_put_piece(pos, rook, to);
	} else {
		if (kind == MOVE_PROMOTION) {
			position_remove_piece(pos, to);
			position_put_piece(pos, piece_make(us, PAWN), to);
		}
		position_shift_piece(pos, to, from);
		if (undo->captured != NO_PIECE) {
			int victim_sq = kind == MOVE_EN_PASSANT ? (us == WHITE ? to - 8 : to + 8) : to;
			position_put_piece(pos, undo->captured, victim_sq);
		}
	}

	pos->key = undo->key;
	pos->castling_touch = undo->castling_touch;
	pos->halfmove = undo->halfmove;
	pos->castling = undo->castling;
	pos->ep_square = undo->ep_square;
}
