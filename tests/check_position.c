/* check_position.c -- tests of src/core/position.c: every special move played with
 * position_make_move (castling both ways for both colours, standard and Chess960, en
 * passant, the four promotions), castling rights, clocks and the en-passant square after
 * each move, make/unmake restoring the struct byte for byte, the incremental Zobrist key
 * against position_compute_key, the worked example 1.e4 d5 2.Nf3 Kd7, and the null move
 * (MOVE_NULL: FENs after it as python-chess writes them, its key, unmake, check). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/uci.h"

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

static char (*position_sample)[UTIL_LINE_MAX];
static int position_sample_count;
static char (*position_epd960)[UTIL_LINE_MAX];
static int position_epd960_count;

/* The legal move that uci names in pos; fails the test if there is none. */
static move position_find(const struct position *pos, const char *uci)
{
	move m = MOVE_NONE;

	ck_assert_msg(uci_parse_move(pos, uci, strlen(uci), &m) == UCI_OK, "%s is not legal here", uci);
	return m;
}

/* Everything derived from the pieces agrees: mailbox, bitboards, rights' squares, key. */
static void position_check_consistent(const struct position *pos)
{
	struct position fresh = *pos;
	bitboard all = 0;

	for (int sq = 0; sq < SQUARE_NB; sq++) {
		int pc = pos->board[sq];
		bitboard b = bb_square(sq);
		if (pc == NO_PIECE) {
			ck_assert(!(position_occupied(pos) & b));
			continue;
		}
		all |= b;
		ck_assert(pos->by_type[piece_type_of(pc)] & b);
		ck_assert(pos->by_color[piece_color(pc)] & b);
		ck_assert(!(pos->by_color[!piece_color(pc)] & b));
	}
	ck_assert_uint_eq(position_occupied(pos), all);
	ck_assert_uint_eq(pos->by_color[WHITE] | pos->by_color[BLACK], all);
	ck_assert_uint_eq(pos->by_color[WHITE] & pos->by_color[BLACK], 0);
	position_refresh(&fresh);
	ck_assert_uint_eq(pos->castling_touch, fresh.castling_touch);
	ck_assert_uint_eq(pos->key, position_compute_key(pos));
}

/* True when a and b are the same position. position_make_move leaves the rook square of
 * a right it drops in castling_rook (nothing reads it without the right), where parsing
 * writes SQ_NONE, so those entries are not compared. */
static bool position_same(const struct position *a, const struct position *b)
{
	struct position x = *a, y = *b;

	for (int r = 0; r < CASTLING_RIGHT_NB; r++) {
		if (!(x.castling & (1 << r)))
			x.castling_rook[r] = SQ_NONE;
		if (!(y.castling & (1 << r)))
			y.castling_rook[r] = SQ_NONE;
	}
	return memcmp(&x, &y, sizeof x) == 0;
}

/* ---- special moves, each checked against Stockfish's position after it ---- */

static const struct {
	const char *what;
	const char *fen;
	bool chess960; /* also: the expected FEN is in Shredder-FEN */
	const char *uci;
	const char *after;
} position_moves[] = {
	{ "White castles kingside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1g1",
	  "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1" },
	{ "White castles queenside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1c1",
	  "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1" },
	{ "Black castles kingside", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8g8",
	  "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2" },
	{ "Black castles queenside", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8c8",
	  "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2" },
	{ "castling written king-takes-rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1h1",
	  "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1" },
	{ "960: kingside, the king stays on g1", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, "g1h1",
	  "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b hb - 1 1" },
	{ "960: queenside from g1", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, "g1b1",
	  "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b hb - 1 1" },
	{ "960: king and rook swap", "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1", true, "f1g1",
	  "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5RK1 b g - 1 1" },
	{ "960: Black queenside, the king stays on c8", "r1k4r/8/8/8/8/8/8/RK5R b HAha - 0 1", true, "c8a8",
	  "2kr3r/8/8/8/8/8/8/RK5R w HA - 1 2" },
	{ "960: Black kingside from c8", "r1k4r/8/8/8/8/8/8/RK5R b HAha - 0 1", true, "c8h8",
	  "r4rk1/8/8/8/8/8/8/RK5R w HA - 1 2" },
	{ "960: queenside, the rook stays on d1", "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w FDfd - 0 1", true, "e1d1",
	  "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/2KR1R2 b fd - 1 1" },
	{ "960: kingside, the rook stays on f1", "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w FDfd - 0 1", true, "e1f1",
	  "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 b fd - 1 1" },
	{ "White takes en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false, "e5d6",
	  "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1" },
	{ "Black takes en passant", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", false, "e4d3",
	  "8/8/8/2k5/8/3p4/8/4K3 w - - 0 2" },
	{ "promotion to a queen", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7a8q",
	  "Qn2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "promotion to a rook", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7a8r",
	  "Rn2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "promotion to a bishop", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7a8b",
	  "Bn2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "promotion to a knight", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7a8n",
	  "Nn2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "capture promoting to a queen", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7b8q",
	  "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "capture promoting to a rook", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7b8r",
	  "1R2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "capture promoting to a bishop", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7b8b",
	  "1B2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "capture promoting to a knight", "1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40", false, "a7b8n",
	  "1N2k3/8/8/8/8/8/8/4K3 b - - 0 40" },
	{ "Black promotes", "4k3/8/8/8/8/8/6p1/4K2R b K - 5 60", false, "g2g1q",
	  "4k3/8/8/8/8/8/8/4K1qR w K - 0 61" },
	{ "Black promotes taking the castling rook", "4k3/8/8/8/8/8/6p1/4K2R b K - 5 60", false, "g2h1n",
	  "4k3/8/8/8/8/8/8/4K2n w - - 0 61" },
	{ "the king moves: both rights go", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1f1",
	  "r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1" },
	{ "the black king moves", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8d8",
	  "r2k3r/8/8/8/8/8/8/R3K2R w KQ - 1 2" },
	{ "the h1 rook moves: K goes", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "h1g1",
	  "r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 1 1" },
	{ "the a1 rook moves: Q goes", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "a1b1",
	  "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 1 1" },
	{ "rook takes rook: Q and q go", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "a1a8",
	  "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1" },
	{ "Black rook takes on a1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 9 30", false, "a8a1",
	  "4k2r/8/8/8/8/8/8/r3K2R w Kk - 0 31" },
	{ "a bishop takes the h8 rook: k goes", "r3k2r/8/8/8/8/8/1B6/4K3 w kq - 0 1", false, "b2h8",
	  "r3k2B/8/8/8/8/8/8/4K3 b q - 0 1" },
	{ "960: taking the inner castling rook", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", true, "g1g8",
	  "1r2k1Rr/8/8/8/8/8/8/1R2K2R b Bb - 0 1" },
	{ "960: taking a rook that has no right", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", true, "h1h8",
	  "1r2k1rR/8/8/8/8/8/8/1R2K1R1 b GBgb - 0 1" },
	{ "a white quiet move: clock +1, same move number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12",
	  false, "g1f3", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 8 12" },
	{ "a black quiet move: clock +1, next move number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 12",
	  false, "g8f6", "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 13" },
	{ "a pawn move resets the clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 12", false, "e7e6",
	  "rnbqkbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 13" },
	{ "a double push sets the en-passant square", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 12", false,
	  "h7h5", "rnbqkbnr/ppppppp1/8/7p/8/8/PPPPPPPP/RNBQKBNR w KQkq h6 0 13" },
	{ "the next move clears it", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, "g8f6",
	  "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2" },
};

START_TEST(test_special_move)
{
	struct position pos, before;
	struct position_undo undo;
	char out[FEN_MAX];
	bool chess960 = position_moves[_i].chess960;
	move m;

	util_parse(position_moves[_i].fen, chess960, &pos);
	before = pos;
	m = position_find(&pos, position_moves[_i].uci);
	position_make_move(&pos, m, &undo);
	ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, chess960 ? FEN_CASTLING_SHREDDER : FEN_CASTLING_STANDARD, out,
				     sizeof out), 0);
	ck_assert_msg(!strcmp(out, position_moves[_i].after), "%s: %s\n got  %s\n want %s", position_moves[_i].what,
		      position_moves[_i].uci, out, position_moves[_i].after);
	position_check_consistent(&pos);
	position_unmake_move(&pos, m, &undo);
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
}
END_TEST

/* The struct after each special move equals the one parsed from its FEN. */
START_TEST(test_special_move_equals_parse)
{
	struct position pos, parsed;
	struct position_undo undo;
	bool chess960 = position_moves[_i].chess960;

	util_parse(position_moves[_i].fen, chess960, &pos);
	position_make_move(&pos, position_find(&pos, position_moves[_i].uci), &undo);
	util_parse(position_moves[_i].after, chess960, &parsed);
	ck_assert(position_same(&pos, &parsed));
}
END_TEST

START_TEST(test_castling_squares)
{
	struct position pos;

	util_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, &pos);
	ck_assert_int_eq(position_castling_king_target(&pos, move_make(SQ_E1, SQ_H1, MOVE_CASTLING)), SQ_G1);
	ck_assert_int_eq(position_castling_rook_target(&pos, move_make(SQ_E1, SQ_H1, MOVE_CASTLING)), SQ_F1);
	ck_assert_int_eq(position_castling_king_target(&pos, move_make(SQ_E1, SQ_A1, MOVE_CASTLING)), SQ_C1);
	ck_assert_int_eq(position_castling_rook_target(&pos, move_make(SQ_E1, SQ_A1, MOVE_CASTLING)), SQ_D1);
	ck_assert_int_eq(position_castling_king_target(&pos, move_make(SQ_E8, SQ_H8, MOVE_CASTLING)), SQ_G8);
	ck_assert_int_eq(position_castling_rook_target(&pos, move_make(SQ_E8, SQ_A8, MOVE_CASTLING)), SQ_D8);
	util_parse("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, &pos);
	ck_assert_int_eq(position_castling_king_target(&pos, move_make(SQ_G1, SQ_H1, MOVE_CASTLING)), SQ_G1);
	ck_assert_int_eq(position_castling_rook_target(&pos, move_make(SQ_G1, SQ_H1, MOVE_CASTLING)), SQ_F1);
	ck_assert_int_eq(position_castling_king_target(&pos, move_make(SQ_G1, SQ_B1, MOVE_CASTLING)), SQ_C1);
	ck_assert_int_eq(position_castling_rook_target(&pos, move_make(SQ_G1, SQ_B1, MOVE_CASTLING)), SQ_D1);
}
END_TEST

/* ---- the worked example of the FEN article: 1.e4 d5 2.Nf3 Kd7 ---- */

START_TEST(test_worked_example)
{
	static const struct {
		const char *uci;
		const char *fen;
	} plies[] = {
		{ "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" },
		{ "d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2" },
		{ "g1f3", "rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" },
		{ "e8d7", "rnbq1bnr/pppkpppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R w KQ - 2 3" },
	};
	struct position pos, history[4];
	struct position_undo undo[4];
	move moves[4];
	char out[FEN_MAX];

	util_parse(POSITION_START_FEN, false, &pos);
	for (int i = 0; i < 4; i++) {
		history[i] = pos;
		ck_assert_int_eq(uci_parse_move(&pos, plies[i].uci, 4, &moves[i]), UCI_OK);
		position_make_move(&pos, moves[i], &undo[i]);
		ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, sizeof out), 0);
		ck_assert_str_eq(out, plies[i].fen);
		ck_assert_uint_eq(pos.key, position_compute_key(&pos));
	}
	/* and back, position by position */
	for (int i = 3; i >= 0; i--) {
		position_unmake_move(&pos, moves[i], &undo[i]);
		ck_assert_int_eq(memcmp(&pos, &history[i], sizeof pos), 0);
	}
	ck_assert_str_eq(util_fen(&pos, out), POSITION_START_FEN);
}
END_TEST

/* ---- make, unmake and the key over every legal move of many positions ---- */

/* Plays each legal move of fen: the result is consistent, is the position its own FEN
 * parses to, and unmaking restores the struct exactly. */
static void position_check_all_moves(const char *fen, bool chess960)
{
	struct position pos, before, parsed;
	struct position_undo undo;
	struct move_list list;
	char out[FEN_MAX];
	struct fen_options options = util_strict(chess960);
	struct fen_report report;

	util_parse(fen, chess960, &pos);
	position_check_consistent(&pos);
	before = pos;
	movegen_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		move m = list.moves[i];
		position_make_move(&pos, m, &undo);
		position_check_consistent(&pos);
		ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out, sizeof out), 0);
		ck_assert_msg(fen_parse(out, strlen(out), &options, &parsed, &report) == FEN_VALID,
			      "%s then move %d: %s is not valid (%s)", fen, i, out,
			      report.error_count ? report.errors[0].message : "?");
		ck_assert_msg(position_same(&pos, &parsed), "%s then move %d: the struct differs from %s's", fen, i, out);
		position_unmake_move(&pos, m, &undo);
		ck_assert_msg(!memcmp(&pos, &before, sizeof pos), "%s: unmaking move %d did not restore it", fen, i);
	}
}

START_TEST(test_all_moves_sample)
{
	int first, end;

	util_chunk(_i, position_sample_count, &first, &end);
	for (int line = first; line < end; line++)
		position_check_all_moves(position_sample[line], false);
}
END_TEST

START_TEST(test_all_moves_960)
{
	char fen[UTIL_LINE_MAX];

	size_t n;

	memcpy(fen, position_epd960[_i], sizeof fen);
	n = (size_t)(strchr(fen, ';') - fen);
	while (n && fen[n - 1] == ' ')
		n--;
	fen[n] = '\0';
	position_check_all_moves(fen, true);
}
END_TEST

/* A small deterministic generator (xorshift) so that every run plays the same games. */
static uint32_t position_random_state;

static uint32_t position_random(void)
{
	uint32_t x = position_random_state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return position_random_state = x;
}

#define POSITION_WALK 400

/* Random games: the key stays right at every ply, and unmaking the whole game walks
 * back through exactly the same structs. */
static void position_walk(const char *fen, bool chess960, uint32_t seed)
{
	static struct position history[POSITION_WALK];
	static struct position_undo undo[POSITION_WALK];
	static move moves[POSITION_WALK];
	struct position pos;
	struct move_list list;
	int plies = 0;

	position_random_state = seed;
	util_parse(fen, chess960, &pos);
	while (plies < POSITION_WALK && movegen_legal(&pos, &list) > 0) {
		history[plies] = pos;
		moves[plies] = list.moves[position_random() % (uint32_t)list.count];
		position_make_move(&pos, moves[plies], &undo[plies]);
		ck_assert_uint_eq(pos.key, position_compute_key(&pos));
		plies++;
	}
	ck_assert_int_gt(plies, 10);
	while (plies-- > 0) {
		position_unmake_move(&pos, moves[plies], &undo[plies]);
		ck_assert_int_eq(memcmp(&pos, &history[plies], sizeof pos), 0);
	}
}

START_TEST(test_random_games)
{
	for (uint32_t seed = 1; seed <= 12; seed++) {
		position_walk(POSITION_START_FEN, false, seed * 2654435761u);
		position_walk("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, seed);
		position_walk("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, seed * 7919u);
		position_walk("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, seed * 104729u);
	}
}
END_TEST

/* ---- the null move ---- */

/* Null moves and the position after each, as python-chess writes it after
 * Board.push(Move.null()) (its FEN with en_passant="fen"; Shredder-FEN for Chess960). */
static const struct {
	const char *what;
	const char *fen, *after;
	bool chess960;
} position_nulls[] = {
	{ "start", POSITION_START_FEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1", false },
	{ "Black passes: the full move grows", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", false },
	{ "a usable en-passant square is gone", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3", false },
	{ "Black's usable en passant is gone", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
	  "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4", false },
	{ "rights and clocks", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 49 30", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 50 31", false },
	{ "Chess960", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
	  "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR b HBhb - 1 1", true },
};

START_TEST(test_null_move)
{
	struct position pos, before, expected;
	struct position_undo undo;
	char fen[FEN_MAX];

	util_parse(position_nulls[_i].fen, position_nulls[_i].chess960, &pos);
	ck_assert(position_null_move_legal(&pos));
	memcpy(&before, &pos, sizeof pos);
	position_make_move(&pos, MOVE_NULL, &undo);
	/* the FEN after it */
	if (!position_nulls[_i].chess960)
		ck_assert_str_eq(util_fen(&pos, fen), position_nulls[_i].after);
	/* the key and everything else as the same position set up from that FEN */
	util_parse(position_nulls[_i].after, position_nulls[_i].chess960, &expected);
	ck_assert_msg(position_same(&pos, &expected), "%s: the position after the null move differs from %s",
		      position_nulls[_i].what, position_nulls[_i].after);
	ck_assert_uint_eq(pos.key, expected.key);
	position_check_consistent(&pos);
	/* unmake restores the struct byte for byte */
	position_unmake_move(&pos, MOVE_NULL, &undo);
	ck_assert_msg(!memcmp(&pos, &before, sizeof pos), "%s: unmaking the null move did not restore it",
		      position_nulls[_i].what);
}
END_TEST

/* A side in check may not pass; the other side may. */
START_TEST(test_null_move_in_check)
{
	struct position pos;

	util_parse("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", false, &pos);
	ck_assert(!position_null_move_legal(&pos));
	util_parse("4k3/4r3/8/8/8/8/8/3K4 w - - 0 1", false, &pos);
	ck_assert(position_null_move_legal(&pos));
	/* after a check, the side to move is in check until it answers */
	util_parse("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", false, &pos);
	{
		struct position_undo undo;
		position_make_move(&pos, position_find(&pos, "a1a8"), &undo);
		ck_assert(!position_null_move_legal(&pos));
	}
}
END_TEST

/* Two null moves in a row come back to the same position for the repetition rule (the
 * same key), with the clocks moved on; null moves between real ones keep the key right. */
START_TEST(test_null_move_key)
{
	struct position pos, start;
	struct position_undo undo[2];

	util_parse(POSITION_START_FEN, false, &start);
	pos = start;
	position_make_move(&pos, MOVE_NULL, &undo[0]);
	ck_assert_uint_ne(pos.key, start.key);
	position_make_move(&pos, MOVE_NULL, &undo[1]);
	ck_assert_uint_eq(pos.key, start.key);
	ck_assert_uint_eq(pos.halfmove, 2);
	ck_assert_uint_eq(pos.fullmove, 2);
	/* 1.e4 -- is Black's pass: White to move, no en-passant square */
	{
		static const char *const e4[] = { "e2e4" };
		struct position white;
		util_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", false, &white);
		util_parse(POSITION_START_FEN, false, &pos);
		position_make_move(&pos, position_find(&pos, e4[0]), &undo[0]);
		position_make_move(&pos, MOVE_NULL, &undo[1]);
		ck_assert_uint_eq(pos.key, white.key);
		ck_assert_uint_eq(pos.key, position_compute_key(&pos));
	}
}
END_TEST

/* Random games with null moves among the moves: the key stays right at every ply, and
 * unmaking the whole game walks back through exactly the same structs. */
START_TEST(test_null_move_walk)
{
	static struct position history[POSITION_WALK];
	static struct position_undo undo[POSITION_WALK];
	static move moves[POSITION_WALK];

	for (uint32_t seed = 1; seed <= 6; seed++) {
		struct position pos;
		struct move_list list;
		int plies = 0, nulls = 0;

		position_random_state = seed * 2654435761u;
		util_parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, &pos);
		while (plies < POSITION_WALK && movegen_legal(&pos, &list) > 0) {
			history[plies] = pos;
			if (position_random() % 5 == 0 && position_null_move_legal(&pos)) {
				moves[plies] = MOVE_NULL;
				nulls++;
			} else {
				moves[plies] = list.moves[position_random() % (uint32_t)list.count];
			}
			position_make_move(&pos, moves[plies], &undo[plies]);
			ck_assert_uint_eq(pos.key, position_compute_key(&pos));
			plies++;
		}
		ck_assert_int_gt(nulls, 0);
		while (plies-- > 0) {
			position_unmake_move(&pos, moves[plies], &undo[plies]);
			ck_assert_int_eq(memcmp(&pos, &history[plies], sizeof pos), 0);
		}
	}
}
END_TEST

/* ---- the Zobrist key ---- */

/* Plays UCI moves from fen and returns the key. */
static uint64_t position_key_after(const char *fen, const char *const *uci, int n)
{
	struct position pos;
	struct position_undo undo;

	util_parse(fen, false, &pos);
	for (int i = 0; i < n; i++)
		position_make_move(&pos, position_find(&pos, uci[i]), &undo);
	ck_assert_uint_eq(pos.key, position_compute_key(&pos));
	return pos.key;
}

START_TEST(test_key_transpositions)
{
	static const char *const a[] = { "g1f3", "g8f6", "b1c3", "b8c6" };
	static const char *const b[] = { "b1c3", "b8c6", "g1f3", "g8f6" };
	static const char *const c[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
	struct position pos;

	ck_assert_uint_eq(position_key_after(POSITION_START_FEN, a, 4), position_key_after(POSITION_START_FEN, b, 4));
	/* knights out and back: the start position again, same key */
	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert_uint_eq(position_key_after(POSITION_START_FEN, c, 4), pos.key);
	/* a different side to move is a different position */
	util_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", false, &pos);
	ck_assert_uint_ne(position_key_after(POSITION_START_FEN, c, 4), pos.key);
	/* clocks are not part of the position */
	util_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 40 90", false, &pos);
	ck_assert_uint_eq(position_key_after(POSITION_START_FEN, c, 4), pos.key);
}
END_TEST

START_TEST(test_key_castling_and_ep)
{
	struct position with, without;
	static const char *const e4[] = { "e2e4" };

	/* castling rights count */
	util_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, &with);
	util_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", false, &without);
	ck_assert_uint_ne(with.key, without.key);
	/* an en-passant square nobody can use does not: after 1.e4 no pawn can take */
	util_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, &without);
	ck_assert_uint_eq(position_key_after(POSITION_START_FEN, e4, 1), without.key);
	util_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, &with);
	ck_assert_uint_eq(with.key, without.key);
	/* nor one whose capture is illegal (the pinned en passant) */
	util_parse("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", false, &with);
	util_parse("8/8/8/KPp4r/8/8/8/6k1 w - - 0 1", false, &without);
	ck_assert_uint_eq(with.key, without.key);
	/* but one that can be used does */
	util_parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false, &with);
	util_parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", false, &without);
	ck_assert_uint_ne(with.key, without.key);
}
END_TEST

/* ---- the position struct's other functions ---- */

START_TEST(test_start_and_clear)
{
	struct position set, parsed;

	position_set_start(&set);
	util_parse(POSITION_START_FEN, false, &parsed);
	ck_assert_int_eq(memcmp(&set, &parsed, sizeof set), 0);
	position_clear(&set);
	ck_assert_uint_eq(position_occupied(&set), 0);
	ck_assert_int_eq(set.turn, WHITE);
	ck_assert_int_eq(set.castling, 0);
	ck_assert_int_eq(set.ep_square, SQ_NONE);
	ck_assert_uint_eq(set.halfmove, 0);
	ck_assert_uint_eq(set.fullmove, 1);
	for (int r = 0; r < CASTLING_RIGHT_NB; r++)
		ck_assert_int_eq(set.castling_rook[r], SQ_NONE);
	ck_assert_int_eq(position_king_square(&set, WHITE), SQ_NONE);
	ck_assert_uint_eq(set.key, position_compute_key(&set));
}
END_TEST

START_TEST(test_edit_pieces)
{
	struct position pos, parsed;

	position_clear(&pos);
	position_put_piece(&pos, W_KING, SQ_E1);
	position_put_piece(&pos, B_KING, SQ_E8);
	position_put_piece(&pos, W_QUEEN, SQ_D4);
	position_put_piece(&pos, B_PAWN, SQ_A7);
	position_refresh(&pos);
	util_parse("4k3/p7/8/8/3Q4/8/8/4K3 w - - 0 1", false, &parsed);
	ck_assert_int_eq(memcmp(&pos, &parsed, sizeof pos), 0);
	position_remove_piece(&pos, SQ_D4);
	position_refresh(&pos);
	util_parse("4k3/p7/8/8/8/8/8/4K3 w - - 0 1", false, &parsed);
	ck_assert_int_eq(memcmp(&pos, &parsed, sizeof pos), 0);
	ck_assert_int_eq(position_king_square(&pos, WHITE), SQ_E1);
	ck_assert_int_eq(position_king_square(&pos, BLACK), SQ_E8);
	ck_assert_uint_eq(position_pieces(&pos, BLACK, PAWN), bb_square(SQ_A7));
}
END_TEST

START_TEST(test_attacks_and_checks)
{
	struct position pos;

	util_parse("4k3/8/8/8/8/5n2/8/r3K2Q w - - 0 1", false, &pos);
	ck_assert_uint_eq(position_checkers(&pos), bb_square(SQ_A1) | bb_square(SQ_F3));
	ck_assert(position_in_check(&pos));
	ck_assert(position_is_attacked(&pos, SQ_D2, BLACK, position_occupied(&pos)));
	ck_assert(!position_is_attacked(&pos, SQ_E2, BLACK, position_occupied(&pos)));
	/* the h1 queen and the e1 king both guard f1 (the queen through nothing) */
	ck_assert_uint_eq(position_attackers_to(&pos, SQ_F1, position_occupied(&pos)) & pos.by_color[WHITE],
			  bb_square(SQ_E1) | bb_square(SQ_H1));
	/* with e1 emptied the a1 rook reaches f1 */
	ck_assert(position_is_attacked(&pos, SQ_F1, BLACK, position_occupied(&pos) ^ bb_square(SQ_E1)));
	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert(!position_in_check(&pos));
	ck_assert_uint_eq(position_checkers(&pos), 0);
	/* pawns attack diagonally forward only */
	ck_assert_uint_eq(position_attackers_to(&pos, SQ_E3, position_occupied(&pos)), bb_square(SQ_D2) | bb_square(SQ_F2));
	ck_assert_uint_eq(position_attackers_to(&pos, SQ_F3, position_occupied(&pos)),
			  bb_square(SQ_E2) | bb_square(SQ_G2) | bb_square(SQ_G1));
	ck_assert_uint_eq(position_attackers_to(&pos, SQ_F6, position_occupied(&pos)),
			  bb_square(SQ_E7) | bb_square(SQ_G7) | bb_square(SQ_G8));
}
END_TEST

START_TEST(test_ep_capturable)
{
	struct position pos;

	util_parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false, &pos);
	ck_assert(position_ep_capturable(&pos));
	util_parse("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", false, &pos);
	ck_assert(!position_ep_capturable(&pos));
	util_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, &pos);
	ck_assert(!position_ep_capturable(&pos));
	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert(!position_ep_capturable(&pos));
}
END_TEST

static Suite *position_suite(void)
{
	Suite *s = suite_create("position");
	TCase *tc;

	tc = tcase_create("special_moves");
	tcase_add_loop_test(tc, test_special_move, 0, NCASES(position_moves));
	tcase_add_loop_test(tc, test_special_move_equals_parse, 0, NCASES(position_moves));
	tcase_add_test(tc, test_castling_squares);
	tcase_add_test(tc, test_worked_example);
	suite_add_tcase(s, tc);

	tc = tcase_create("make_unmake");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_all_moves_sample, 0, util_chunks(position_sample_count));
	tcase_add_loop_test(tc, test_all_moves_960, 0, position_epd960_count);
	tcase_add_test(tc, test_random_games);
	suite_add_tcase(s, tc);

	tc = tcase_create("null_move");
	tcase_add_loop_test(tc, test_null_move, 0, NCASES(position_nulls));
	tcase_add_test(tc, test_null_move_in_check);
	tcase_add_test(tc, test_null_move_key);
	tcase_add_test(tc, test_null_move_walk);
	suite_add_tcase(s, tc);

	tc = tcase_create("zobrist");
	tcase_add_test(tc, test_key_transpositions);
	tcase_add_test(tc, test_key_castling_and_ep);
	suite_add_tcase(s, tc);

	tc = tcase_create("struct");
	tcase_add_test(tc, test_start_and_clear);
	tcase_add_test(tc, test_edit_pieces);
	tcase_add_test(tc, test_attacks_and_checks);
	tcase_add_test(tc, test_ep_capturable);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status;

	position_sample_count = util_read_lines("fens-sample.txt", &position_sample, 1000);
	position_epd960_count = util_read_lines("perft960.epd", &position_epd960, 200);
	status = util_run(position_suite());
	free(position_sample);
	free(position_epd960);
	return status;
}
