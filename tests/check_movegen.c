/* check_movegen.c -- tests of src/core/movegen.c and perft.c: perft counts from
 * tests/data/perft.epd and perft960.epd (numbers from Stockfish), perft_divide against
 * perft_count, and exact move lists for pins, checks, en passant and castling. */
#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/uci.h"

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PERFT_DEPTH_MAX 8

static char (*movegen_epd)[UTIL_LINE_MAX];
static int movegen_epd_count;
static char (*movegen_epd960)[UTIL_LINE_MAX];
static int movegen_epd960_count;

/* One EPD row: "FEN ;D1 n ;D2 n ...". */
struct perft_row {
	char fen[UTIL_LINE_MAX];
	int depths;
	uint64_t nodes[PERFT_DEPTH_MAX + 1];
};

/* Splits an EPD line; fails the test on a line it cannot read. */
static void movegen_read_row(const char *line, struct perft_row *row)
{
	const char *semicolon = strchr(line, ';');
	size_t fen_length;

	ck_assert_msg(semicolon != NULL, "no ';' in \"%s\"", line);
	fen_length = (size_t)(semicolon - line);
	while (fen_length && line[fen_length - 1] == ' ')
		fen_length--;
	memcpy(row->fen, line, fen_length);
	row->fen[fen_length] = '\0';
	row->depths = 0;
	for (const char *p = semicolon; p; p = strchr(p + 1, ';')) {
		int depth;
		uint64_t nodes;
		ck_assert_msg(sscanf(p, ";D%d %" SCNu64, &depth, &nodes) == 2, "cannot read \"%s\"", p);
		ck_assert_int_eq(depth, row->depths + 1);
		ck_assert_int_le(depth, PERFT_DEPTH_MAX);
		row->nodes[depth] = nodes;
		row->depths = depth;
	}
	ck_assert_int_ge(row->depths, 1);
}

/* Every depth of a row, and the position left as it was. */
static void movegen_check_row(const char *line, bool chess960)
{
	struct perft_row row;
	struct position pos, before;

	movegen_read_row(line, &row);
	util_parse(row.fen, chess960, &pos);
	before = pos;
	for (int depth = 1; depth <= row.depths; depth++) {
		uint64_t nodes = perft_count(&pos, depth);
		ck_assert_msg(nodes == row.nodes[depth], "%s: perft %d = %" PRIu64 ", expected %" PRIu64, row.fen, depth,
			      nodes, row.nodes[depth]);
	}
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
}

START_TEST(test_perft)
{
	movegen_check_row(movegen_epd[_i], false);
}
END_TEST

START_TEST(test_perft960)
{
	movegen_check_row(movegen_epd960[_i], true);
}
END_TEST

/* perft_divide lists each legal move once, and its counts add up to perft_count. */
static void movegen_check_divide(const char *line, bool chess960)
{
	struct perft_row row;
	struct position pos, before;
	struct perft_entry entries[MOVEGEN_MAX];
	struct move_list list;
	int depth, n;
	uint64_t total = 0;

	movegen_read_row(line, &row);
	util_parse(row.fen, chess960, &pos);
	before = pos;
	depth = row.depths < 3 ? row.depths : 3;
	n = perft_divide(&pos, depth, entries);
	ck_assert_int_eq(n, movegen_legal(&pos, &list));
	ck_assert_uint_eq((uint64_t)n, row.nodes[1]);
	for (int i = 0; i < n; i++) {
		ck_assert(movegen_contains(&list, entries[i].move));
		for (int j = 0; j < i; j++)
			ck_assert_uint_ne(entries[i].move, entries[j].move);
		total += entries[i].nodes;
	}
	ck_assert_uint_eq(total, row.nodes[depth]);
	ck_assert_uint_eq(total, perft_count(&pos, depth));
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
}

START_TEST(test_divide)
{
	movegen_check_divide(movegen_epd[_i], false);
}
END_TEST

START_TEST(test_divide960)
{
	movegen_check_divide(movegen_epd960[_i], true);
}
END_TEST

START_TEST(test_perft_edges)
{
	struct position pos;
	struct perft_entry entries[MOVEGEN_MAX];

	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert_uint_eq(perft_count(&pos, 0), 1);
	ck_assert_uint_eq(perft_count(&pos, -1), 1);
	/* depth 1 divide: one leaf per move */
	ck_assert_int_eq(perft_divide(&pos, 1, entries), 20);
	for (int i = 0; i < 20; i++)
		ck_assert_uint_eq(entries[i].nodes, 1);
	/* mate and stalemate have no moves, so nothing below them */
	util_parse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false, &pos);
	ck_assert_uint_eq(perft_count(&pos, 1), 0);
	ck_assert_uint_eq(perft_count(&pos, 3), 0);
	ck_assert_int_eq(perft_divide(&pos, 2, entries), 0);
	util_parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, &pos);
	ck_assert_uint_eq(perft_count(&pos, 2), 0);
}
END_TEST

/* ---- exact move lists, each the sorted output of Stockfish's "go perft 1" ---- */

static const struct {
	const char *what;
	const char *fen;
	bool chess960;
	const char *moves;
} movegen_cases[] = {
	{ "rook pinned on a file moves along it", "4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1", false,
	  "e1d1 e1d2 e1f1 e1f2 e2e3 e2e4" },
	{ "pawn pinned on a diagonal can only take the pinner", "4k3/8/8/8/1b6/2P5/8/4K3 w - - 0 1", false,
	  "c3b4 e1d1 e1d2 e1e2 e1f1 e1f2" },
	{ "knight check: no castling, no block", "4k3/8/8/8/8/3n4/8/4K2R w K - 0 1", false,
	  "e1d1 e1d2 e1e2 e1f1" },
	{ "rook check: capture or block", "4k3/8/8/8/8/8/1B6/r3K3 w - - 0 1", false,
	  "b2a1 b2c1 e1d2 e1e2 e1f2" },
	{ "double check: only the king moves", "4k3/8/8/8/8/5n2/8/r3K2Q w - - 0 1", false,
	  "e1e2 e1f2" },
	{ "en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false,
	  "e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6" },
	{ "en passant illegal: both pawns leave the fifth rank to the rook", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", false,
	  "a5a4 a5a6 a5b6 b5b6" },
	{ "en passant illegal: it does not answer the uncovered check", "2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 1", false,
	  "e5e6 h3g2 h3g3 h3h2 h3h4" },
	{ "en passant takes the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", false,
	  "c5b4 c5b5 c5b6 c5c4 c5c6 c5d4 c5d5 c5d6 e4d3" },
	{ "no castling out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", false,
	  "e1d1 e1d2 e1f1 e1f2" },
	{ "no castling through an attacked square", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", false,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 "
	  "h1h7 h1h8" },
	{ "b1 attacked: queenside castling still legal", "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", false,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1f1 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 "
	  "h1h6 h1h7 h1h8" },
	{ "no castling into check on g1", "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", false,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1f1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 "
	  "h1h7 h1h8" },
	{ "no castling into check on c1", "4k3/8/8/8/8/8/2r5/R3K2R w KQ - 0 1", false,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1f1 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 "
	  "h1h7 h1h8" },
	{ "castling blocked on both sides", "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", false,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a3 b1c3 b1d2 e1d1 e1d2 e1e2 e1f1 e1f2 g1e2 g1f3 g1h3 h1h2 h1h3 "
	  "h1h4 h1h5 h1h6 h1h7 h1h8" },
	{ "a knight on b1 blocks the rook's path only", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", false,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a3 b1c3 b1d2 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 "
	  "h1h4 h1h5 h1h6 h1h7 h1h8" },
	{ "Black castles both ways", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false,
	  "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b8 a8c8 a8d8 e8c8 e8d7 e8d8 e8e7 e8f7 e8f8 e8g8 h8f8 h8g8 h8h1 "
	  "h8h2 h8h3 h8h4 h8h5 h8h6 h8h7" },
	/* Chess960: castling is written king-takes-rook */
	{ "960: the leaving rook shielded the king, which stays on c1", "7k/8/8/8/8/8/8/rRK5 w B - 0 1", true,
	  "b1a1 c1b2 c1c2 c1d1 c1d2" },
	{ "960: the king stays on c1 and the rook goes to d1", "7k/8/8/8/8/8/8/1RK5 w B - 0 1", true,
	  "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 c1b1 c1b2 c1c2 c1d1 c1d2" },
	{ "960: the king passes the rook's square", "k7/8/8/8/8/8/8/1KR5 w C - 0 1", true,
	  "b1a1 b1a2 b1b2 b1c1 b1c2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1e1 c1f1 c1g1 c1h1" },
	{ "960: the king would pass the attacked e1", "k3r3/8/8/8/8/8/8/1KR5 w C - 0 1", true,
	  "b1a1 b1a2 b1b2 b1c2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1e1 c1f1 c1g1 c1h1" },
	{ "960: kingside the king stays on g1", "3k4/8/8/8/8/8/8/R5KR w HA - 0 1", true,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 g1a1 g1f1 g1f2 g1g2 g1h1 g1h2 h1h2 h1h3 "
	  "h1h4 h1h5 h1h6 h1h7 h1h8" },
	{ "960: both rooks stay where they are", "k7/8/8/8/8/8/8/3RKR2 w FD - 0 1", true,
	  "d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 e1d1 e1d2 e1e2 e1f1 e1f2 f1f2 f1f3 f1f4 f1f5 f1f6 "
	  "f1f7 f1f8 f1g1 f1h1" },
	{ "960: king and rook swap squares", "k7/8/8/8/8/8/8/1R3KRN w G - 0 1", true,
	  "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d1 b1e1 f1e1 f1e2 f1f2 f1g1 f1g2 g1g2 g1g3 g1g4 g1g5 "
	  "g1g6 g1g7 g1g8 h1f2 h1g3" },
	{ "960: a bishop on the rook's target square blocks", "3k4/8/8/8/8/8/8/RK1B4 w A - 0 1", true,
	  "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a2 b1b2 b1c1 b1c2 d1a4 d1b3 d1c2 d1e2 d1f3 d1g4 d1h5" },
};

START_TEST(test_move_list)
{
	struct position pos;
	char text[MOVEGEN_MAX * UCI_MAX];

	util_parse(movegen_cases[_i].fen, movegen_cases[_i].chess960, &pos);
	ck_assert_msg(!strcmp(util_moves_text(&pos, text, sizeof text), movegen_cases[_i].moves), "%s (%s):\n got  %s\n want %s",
		      movegen_cases[_i].what, movegen_cases[_i].fen, text, movegen_cases[_i].moves);
}
END_TEST

/* The side to move in double check gets king moves only, in every such position. */
START_TEST(test_double_check_king_only)
{
	static const char *const fens[] = {
		"4k3/8/8/8/8/5n2/8/r3K2Q w - - 0 1",
		"4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1",
		"4k3/3P4/8/7B/8/8/8/5K2 b - - 0 1",
	};
	struct position pos;
	struct move_list list;

	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		util_parse(fens[i], false, &pos);
		ck_assert_int_eq(bb_count(position_checkers(&pos)), 2);
		movegen_legal(&pos, &list);
		for (int j = 0; j < list.count; j++)
			ck_assert_int_eq(move_from(list.moves[j]), position_king_square(&pos, (enum color)pos.turn));
	}
}
END_TEST

/* The most moves a legal position is known to have: 218 (MOVEGEN_MAX is 256). */
START_TEST(test_most_moves)
{
	struct position pos;
	struct move_list list;

	util_parse("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", false, &pos);
	ck_assert_int_eq(movegen_legal(&pos, &list), 218);
	ck_assert_int_eq(list.count, 218);
	for (int i = 0; i < list.count; i++)
		for (int j = 0; j < i; j++)
			ck_assert_uint_ne(list.moves[i], list.moves[j]);
}
END_TEST

START_TEST(test_move_kinds)
{
	struct position pos;
	struct move_list list;

	/* promotions come four to a square, queen first */
	util_parse("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", false, &pos);
	movegen_legal(&pos, &list);
	ck_assert(movegen_contains(&list, move_make_promotion(SQ_E7, SQ_E8, QUEEN)));
	ck_assert(movegen_contains(&list, move_make_promotion(SQ_E7, SQ_E8, ROOK)));
	ck_assert(movegen_contains(&list, move_make_promotion(SQ_E7, SQ_E8, BISHOP)));
	ck_assert(movegen_contains(&list, move_make_promotion(SQ_E7, SQ_E8, KNIGHT)));
	ck_assert(!movegen_contains(&list, move_make(SQ_E7, SQ_E8, MOVE_NORMAL)));
	/* castling is king-takes-rook */
	util_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, &pos);
	movegen_legal(&pos, &list);
	ck_assert(movegen_contains(&list, move_make(SQ_E1, SQ_H1, MOVE_CASTLING)));
	ck_assert(movegen_contains(&list, move_make(SQ_E1, SQ_A1, MOVE_CASTLING)));
	ck_assert(!movegen_contains(&list, move_make(SQ_E1, SQ_G1, MOVE_NORMAL)));
	/* en passant has its own kind */
	util_parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false, &pos);
	movegen_legal(&pos, &list);
	ck_assert(movegen_contains(&list, move_make(SQ_E5, SQ_D6, MOVE_EN_PASSANT)));
	ck_assert(!movegen_contains(&list, move_make(SQ_E5, SQ_D6, MOVE_NORMAL)));
}
END_TEST

static Suite *movegen_suite(void)
{
	Suite *s = suite_create("movegen");
	TCase *tc;

	tc = tcase_create("perft");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_perft, 0, movegen_epd_count);
	tcase_add_loop_test(tc, test_perft960, 0, movegen_epd960_count);
	suite_add_tcase(s, tc);

	tc = tcase_create("divide");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_divide, 0, movegen_epd_count);
	tcase_add_loop_test(tc, test_divide960, 0, movegen_epd960_count);
	tcase_add_test(tc, test_perft_edges);
	suite_add_tcase(s, tc);

	tc = tcase_create("move_lists");
	tcase_add_loop_test(tc, test_move_list, 0, NCASES(movegen_cases));
	tcase_add_test(tc, test_double_check_king_only);
	tcase_add_test(tc, test_most_moves);
	tcase_add_test(tc, test_move_kinds);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status;

	movegen_epd_count = util_read_lines("perft.epd", &movegen_epd, 200);
	movegen_epd960_count = util_read_lines("perft960.epd", &movegen_epd960, 200);
	status = util_run(movegen_suite());
	free(movegen_epd);
	free(movegen_epd960);
	return status;
}
