/* check_uci.c -- tests of src/core/uci.c: UCI move text to legal moves and back, with
 * promotions, both castling spellings, Chess960's king-takes-rook and its ambiguous
 * case, and the line between malformed and illegal. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/movegen.h"
#include "core/uci.h"

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

static char (*uci_sample)[UTIL_LINE_MAX];
static int uci_sample_count;

/* Parses text in the position of fen and returns the result; *out gets the move. */
static enum uci_result uci_try(const char *fen, bool chess960, const char *text, move *out)
{
	struct position pos;

	util_parse(fen, chess960, &pos);
	*out = MOVE_NONE;
	return uci_parse_move(&pos, text, strlen(text), out);
}

static const struct {
	const char *what;
	const char *fen;
	bool chess960;
	const char *text;
	enum uci_result result;
	int from, to;          /* of the move found, when UCI_OK */
	enum move_kind kind;
	enum piece_type promotion;
} uci_cases[] = {
	{ "a pawn push", POSITION_START_FEN, false, "e2e4", UCI_OK, SQ_E2, SQ_E4, MOVE_NORMAL, NO_PIECE_TYPE },
	{ "a knight move", POSITION_START_FEN, false, "g1f3", UCI_OK, SQ_G1, SQ_F3, MOVE_NORMAL, NO_PIECE_TYPE },
	{ "promotion to a queen", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8q", UCI_OK, SQ_A7, SQ_A8, MOVE_PROMOTION, QUEEN },
	{ "promotion letter in upper case", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8Q", UCI_OK, SQ_A7, SQ_A8,
	  MOVE_PROMOTION, QUEEN },
	{ "under-promotion to a knight", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8n", UCI_OK, SQ_A7, SQ_A8,
	  MOVE_PROMOTION, KNIGHT },
	{ "capture promoting to a rook", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7b8R", UCI_OK, SQ_A7, SQ_B8,
	  MOVE_PROMOTION, ROOK },
	{ "capture promoting to a bishop", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7b8b", UCI_OK, SQ_A7, SQ_B8,
	  MOVE_PROMOTION, BISHOP },
	{ "Black promotes", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", false, "a2a1q", UCI_OK, SQ_A2, SQ_A1, MOVE_PROMOTION, QUEEN },
	{ "promotion without its letter", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "a promotion letter on a move that does not promote", POSITION_START_FEN, false, "e2e4q", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "a king as promotion letter", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8k", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "a pawn as promotion letter", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8p", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "castling kingside as e1g1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1g1", UCI_OK, SQ_E1, SQ_H1,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "castling kingside as e1h1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1h1", UCI_OK, SQ_E1, SQ_H1,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "castling queenside as e1c1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1c1", UCI_OK, SQ_E1, SQ_A1,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "castling queenside as e1a1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1a1", UCI_OK, SQ_E1, SQ_A1,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "Black castles as e8g8", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8g8", UCI_OK, SQ_E8, SQ_H8,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "castling without the right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", false, "e1g1", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "king-takes-rook without the right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", false, "e1h1", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "castling out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", false, "e1g1", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false, "e5d6", UCI_OK, SQ_E5, SQ_D6, MOVE_EN_PASSANT,
	  NO_PIECE_TYPE },
	{ "the pinned en passant", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", false, "b5c6", UCI_ILLEGAL, 0, 0, 0, 0 },
	/* Chess960 */
	{ "960: king takes rook, the king staying on g1", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true,
	  "g1h1", UCI_OK, SQ_G1, SQ_H1, MOVE_CASTLING, NO_PIECE_TYPE },
	{ "960: king takes rook queenside", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, "g1b1", UCI_OK,
	  SQ_G1, SQ_B1, MOVE_CASTLING, NO_PIECE_TYPE },
	{ "960: the king's destination names the castle when nothing else goes there",
	  "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, "g1c1", UCI_OK, SQ_G1, SQ_B1, MOVE_CASTLING,
	  NO_PIECE_TYPE },
	{ "960 ambiguous: b1c1 is the king's step", "3k4/8/8/8/8/8/8/RK6 w A - 0 1", true, "b1c1", UCI_OK, SQ_B1, SQ_C1,
	  MOVE_NORMAL, NO_PIECE_TYPE },
	{ "960 ambiguous: b1a1 is the castle", "3k4/8/8/8/8/8/8/RK6 w A - 0 1", true, "b1a1", UCI_OK, SQ_B1, SQ_A1,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "960 ambiguous: f1g1 is the king's step", "3k4/8/8/8/8/8/8/5K1R w H - 0 1", true, "f1g1", UCI_OK, SQ_F1, SQ_G1,
	  MOVE_NORMAL, NO_PIECE_TYPE },
	{ "960 ambiguous: f1h1 is the castle", "3k4/8/8/8/8/8/8/5K1R w H - 0 1", true, "f1h1", UCI_OK, SQ_F1, SQ_H1,
	  MOVE_CASTLING, NO_PIECE_TYPE },
	{ "960: king and rook swap, one spelling", "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1", true, "f1g1", UCI_OK,
	  SQ_F1, SQ_G1, MOVE_CASTLING, NO_PIECE_TYPE },
	{ "960: the shielding castle is illegal", "7k/8/8/8/8/8/8/rRK5 w B - 0 1", true, "c1b1", UCI_ILLEGAL, 0, 0, 0, 0 },
	/* malformed: not <from><to>[promotion] */
	{ "empty", POSITION_START_FEN, false, "", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "a square only", POSITION_START_FEN, false, "e2", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "three characters", POSITION_START_FEN, false, "e2e", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "six characters", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8qq", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "a file beyond h", POSITION_START_FEN, false, "i2i4", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "rank 9", POSITION_START_FEN, false, "e2e9", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "rank 0", POSITION_START_FEN, false, "e0e4", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "upper-case squares", POSITION_START_FEN, false, "E2E4", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "a dash", POSITION_START_FEN, false, "e2-e4", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "the null move", POSITION_START_FEN, false, "0000", UCI_NULL_MOVE, 0, 0, 0, 0 },
	{ "no null move but 0000", POSITION_START_FEN, false, "00000", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "a null move is no SAN", POSITION_START_FEN, false, "--", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "SAN", POSITION_START_FEN, false, "Nf3", UCI_MALFORMED, 0, 0, 0, 0 },
	{ "a trailing space", POSITION_START_FEN, false, "e2e4 ", UCI_MALFORMED, 0, 0, 0, 0 },
	/* illegal: well formed, not a legal move */
	{ "a pawn three squares", POSITION_START_FEN, false, "e2e5", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "onto an own piece", POSITION_START_FEN, false, "d1d2", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "the other side's move", POSITION_START_FEN, false, "e7e5", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "from an empty square", POSITION_START_FEN, false, "e4e5", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "nowhere", POSITION_START_FEN, false, "e2e2", UCI_ILLEGAL, 0, 0, 0, 0 },
	{ "a pinned rook leaving its file", "4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1", false, "e2d2", UCI_ILLEGAL, 0, 0, 0, 0 },
};

START_TEST(test_parse)
{
	move m;
	enum uci_result r = uci_try(uci_cases[_i].fen, uci_cases[_i].chess960, uci_cases[_i].text, &m);

	ck_assert_msg(r == uci_cases[_i].result, "%s: \"%s\" gives %d, expected %d", uci_cases[_i].what,
		      uci_cases[_i].text, (int)r, (int)uci_cases[_i].result);
	if (r == UCI_NULL_MOVE)
		ck_assert(m == MOVE_NULL);
	if (r != UCI_OK)
		return;
	ck_assert_int_eq(move_from(m), uci_cases[_i].from);
	ck_assert_int_eq(move_to(m), uci_cases[_i].to);
	ck_assert_int_eq(move_kind_of(m), uci_cases[_i].kind);
	if (uci_cases[_i].kind == MOVE_PROMOTION)
		ck_assert_int_eq(move_promotion(m), uci_cases[_i].promotion);
}
END_TEST

/* The text is read only up to length: a longer buffer is fine. */
START_TEST(test_parse_length)
{
	struct position pos;
	move m;

	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert_int_eq(uci_parse_move(&pos, "e2e4 and more", 4, &m), UCI_OK);
	ck_assert_int_eq(move_to(m), SQ_E4);
	ck_assert_int_eq(uci_parse_move(&pos, "e2e4 and more", 5, &m), UCI_MALFORMED);
	ck_assert_int_eq(uci_parse_move(&pos, "g1f3\0", 5, &m), UCI_MALFORMED);
}
END_TEST

START_TEST(test_format)
{
	static const struct {
		const char *fen;
		bool chess960;
		move m;
		const char *text;
	} cases[] = {
		{ POSITION_START_FEN, false, 0, "e2e4" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, 0, "e1g1" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, 0, "e1c1" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, 0, "e8g8" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, 0, "e1h1" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", true, 0, "e8a8" },
		{ "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, 0, "g1h1" },
		{ "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, 0, "a7b8n" },
		{ "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", false, 0, "a2a1q" },
	};
	move moves[] = {
		move_make(SQ_E2, SQ_E4, MOVE_NORMAL),
		move_make(SQ_E1, SQ_H1, MOVE_CASTLING),
		move_make(SQ_E1, SQ_A1, MOVE_CASTLING),
		move_make(SQ_E8, SQ_H8, MOVE_CASTLING),
		move_make(SQ_E1, SQ_H1, MOVE_CASTLING),
		move_make(SQ_E8, SQ_A8, MOVE_CASTLING),
		move_make(SQ_G1, SQ_H1, MOVE_CASTLING),
		move_make_promotion(SQ_A7, SQ_B8, KNIGHT),
		move_make_promotion(SQ_A2, SQ_A1, QUEEN),
	};
	struct position pos;
	char out[UCI_MAX];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		util_parse(cases[i].fen, cases[i].chess960, &pos);
		ck_assert_uint_eq(uci_format_move(&pos, moves[i], out), strlen(cases[i].text));
		ck_assert_str_eq(out, cases[i].text);
	}
	/* the null move, in standard chess and Chess960 */
	for (int chess960 = 0; chess960 < 2; chess960++) {
		move back = MOVE_NONE;
		util_parse(cases[0].fen, chess960, &pos);
		ck_assert_uint_eq(uci_format_move(&pos, MOVE_NULL, out), 4);
		ck_assert_str_eq(out, "0000");
		ck_assert_int_eq(uci_parse_move(&pos, out, 4, &back), UCI_NULL_MOVE);
		ck_assert(back == MOVE_NULL);
	}
}
END_TEST

/* Every legal move's text parses back to that move. */
static void uci_check_round_trip(const char *fen, bool chess960)
{
	struct position pos;
	struct move_list list;
	char text[UCI_MAX];

	util_parse(fen, chess960, &pos);
	movegen_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		move m = MOVE_NONE;
		size_t n = uci_format_move(&pos, list.moves[i], text);
		ck_assert_uint_eq(n, strlen(text));
		ck_assert_msg(uci_parse_move(&pos, text, n, &m) == UCI_OK, "%s: %s does not parse", fen, text);
		ck_assert_msg(m == list.moves[i], "%s: %s parses to another move", fen, text);
	}
}

START_TEST(test_round_trip_sample)
{
	int first, end;

	util_chunk(_i, uci_sample_count, &first, &end);
	for (int line = first; line < end; line++)
		uci_check_round_trip(uci_sample[line], false);
}
END_TEST

START_TEST(test_round_trip_960)
{
	static const char *const fens[] = {
		"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
		"3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w FDfd - 0 1",
		"5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1",
		"r1k4r/8/8/8/8/8/8/RK5R b HAha - 0 1",
		"3k4/8/8/8/8/8/8/RK6 w A - 0 1",
		"3k4/8/8/8/8/8/8/5K1R w H - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	};

	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
		uci_check_round_trip(fens[i], true);
	uci_check_round_trip("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false);
	uci_check_round_trip("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false);
}
END_TEST

static Suite *uci_suite(void)
{
	Suite *s = suite_create("uci");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, test_parse, 0, NCASES(uci_cases));
	tcase_add_test(tc, test_parse_length);
	suite_add_tcase(s, tc);

	tc = tcase_create("format");
	tcase_add_test(tc, test_format);
	suite_add_tcase(s, tc);

	tc = tcase_create("round_trip");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_round_trip_sample, 0, util_chunks(uci_sample_count));
	tcase_add_test(tc, test_round_trip_960);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status;

	uci_sample_count = util_read_lines("fens-sample.txt", &uci_sample, 1000);
	status = util_run(uci_suite());
	free(uci_sample);
	return status;
}
