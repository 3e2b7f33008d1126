/* check_san.c -- tests of src/core/san.c: SAN and long algebraic written the PGN way in
 * every language, lenient reading with one warning per departure (and strict reading
 * refusing it), the reasons an unplayable move is refused, and round trips over the
 * test positions: every legal move, written in every language, reads back to itself. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/movegen.h"
#include "core/san.h"
#include "core/uci.h"
#include "core/utf8.h"

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

static char (*san_sample)[UTIL_LINE_MAX];
static int san_sample_count;
static char (*fen_sample)[UTIL_LINE_MAX];
static int fen_sample_count;

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KNIGHTS "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"          /* Nb1 and Nf3 both reach d2 */
#define PINNED_SIBLING "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1"  /* Nc3 is pinned by Ba5 */
#define QUEENS "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"           /* three queens reach b2 */
#define ROOKS "4k3/8/8/8/R7/8/8/R3K3 w Q - 0 1"               /* Ra1 and Ra4 on one file */
#define CAPTURE "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
#define EP "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
#define PROMOTE "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
#define CHECK "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
#define MATE "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1"
#define CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define C960 "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"
#define RUY "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"  /* Bb5, Bc4, ... */
#define OPEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"     /* 1.e4 e5 */
#define IN_CHECK "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1"                              /* White in check */

/* ---- writing ---- */

static const struct {
	const char *fen;
	bool chess960;
	const char *uci;
	enum san_lang lang;
	enum san_style style;
	const char *text;
} format_cases[] = {
	{ START, false, "g1f3", SAN_LANG_EN, SAN_STYLE_SAN, "Nf3" },
	{ START, false, "e2e4", SAN_LANG_EN, SAN_STYLE_SAN, "e4" },
	{ START, false, "g1f3", SAN_LANG_EN, SAN_STYLE_LAN, "Ng1-f3" },
	{ START, false, "e2e4", SAN_LANG_EN, SAN_STYLE_LAN, "e2-e4" },
	{ KNIGHTS, false, "b1d2", SAN_LANG_EN, SAN_STYLE_SAN, "Nbd2" },
	{ KNIGHTS, false, "f3d2", SAN_LANG_EN, SAN_STYLE_SAN, "Nfd2" },
	{ PINNED_SIBLING, false, "g1e2", SAN_LANG_EN, SAN_STYLE_SAN, "Ne2" },
	{ QUEENS, false, "a1b2", SAN_LANG_EN, SAN_STYLE_SAN, "Qa1b2" },
	{ QUEENS, false, "a3b2", SAN_LANG_EN, SAN_STYLE_SAN, "Q3b2" },
	{ QUEENS, false, "c1b2", SAN_LANG_EN, SAN_STYLE_SAN, "Qcb2" },
	{ ROOKS, false, "a1a3", SAN_LANG_EN, SAN_STYLE_SAN, "R1a3" },
	{ ROOKS, false, "a4a3", SAN_LANG_EN, SAN_STYLE_SAN, "R4a3" },
	{ CAPTURE, false, "e4d5", SAN_LANG_EN, SAN_STYLE_SAN, "exd5" },
	{ CAPTURE, false, "e4d5", SAN_LANG_EN, SAN_STYLE_LAN, "e4xd5" },
	{ EP, false, "e5f6", SAN_LANG_EN, SAN_STYLE_SAN, "exf6" },
	{ PROMOTE, false, "a7a8q", SAN_LANG_EN, SAN_STYLE_SAN, "a8=Q" },
	{ PROMOTE, false, "a7b8n", SAN_LANG_EN, SAN_STYLE_SAN, "axb8=N" },
	{ "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", false, "e7d8q", SAN_LANG_EN, SAN_STYLE_LAN, "e7xd8=Q+" },
	{ "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", false, "e7d8q", SAN_LANG_EN, SAN_STYLE_SAN, "exd8=Q+" },
	{ CHECK, false, "a1a8", SAN_LANG_EN, SAN_STYLE_SAN, "Ra8+" },
	{ MATE, false, "a1a8", SAN_LANG_EN, SAN_STYLE_SAN, "Ra8#" },
	{ MATE, false, "a1a8", SAN_LANG_EN, SAN_STYLE_LAN, "Ra1-a8#" },
	{ CASTLE, false, "e1g1", SAN_LANG_EN, SAN_STYLE_SAN, "O-O" },
	{ CASTLE, false, "e1c1", SAN_LANG_EN, SAN_STYLE_SAN, "O-O-O" },
	{ CASTLE, false, "e1c1", SAN_LANG_EN, SAN_STYLE_LAN, "O-O-O" },
	{ "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8g8", SAN_LANG_EN, SAN_STYLE_SAN, "O-O" },
	{ "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, "e1c1", SAN_LANG_EN, SAN_STYLE_SAN, "O-O-O+" },
	/* Chess960: the king stays on g1 and still castles short; queenside takes b1's rook */
	{ C960, true, "g1h1", SAN_LANG_EN, SAN_STYLE_SAN, "O-O" },
	{ C960, true, "g1b1", SAN_LANG_EN, SAN_STYLE_SAN, "O-O-O" },
	{ "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1", true, "f1g1", SAN_LANG_EN, SAN_STYLE_SAN, "O-O" },
	/* every language */
	{ START, false, "g1f3", SAN_LANG_IT, SAN_STYLE_SAN, "Cf3" },
	{ START, false, "g1f3", SAN_LANG_ES, SAN_STYLE_SAN, "Cf3" },
	{ START, false, "g1f3", SAN_LANG_FR, SAN_STYLE_SAN, "Cf3" },
	{ START, false, "g1f3", SAN_LANG_DE, SAN_STYLE_SAN, "Sf3" },
	{ START, false, "g1f3", SAN_LANG_NL, SAN_STYLE_SAN, "Pf3" },
	{ START, false, "g1f3", SAN_LANG_RU, SAN_STYLE_SAN, "Кf3" },
	{ START, false, "g1f3", SAN_LANG_FIGURINE, SAN_STYLE_SAN, "♘f3" },
	{ START, false, "g1f3", SAN_LANG_RU, SAN_STYLE_LAN, "Кg1-f3" },
	{ "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "g8f6", SAN_LANG_FIGURINE, SAN_STYLE_SAN,
	  "♞f6" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "e1e2", SAN_LANG_RU, SAN_STYLE_SAN,
	  "Крe2" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "e1e2", SAN_LANG_IT, SAN_STYLE_SAN, "Re2" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "f1c4", SAN_LANG_FR, SAN_STYLE_SAN, "Fc4" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "f1c4", SAN_LANG_DE, SAN_STYLE_SAN, "Lc4" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "d1h5", SAN_LANG_ES, SAN_STYLE_SAN, "Dh5" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "d1h5", SAN_LANG_RU, SAN_STYLE_SAN, "Фh5" },
	{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, "d1h5", SAN_LANG_FIGURINE, SAN_STYLE_SAN,
	  "♕h5" },
	{ ROOKS, false, "a1a3", SAN_LANG_NL, SAN_STYLE_SAN, "T1a3" },
	{ ROOKS, false, "a1a3", SAN_LANG_RU, SAN_STYLE_SAN, "Л1a3" },
	{ PROMOTE, false, "a7a8q", SAN_LANG_DE, SAN_STYLE_SAN, "a8=D" },
	{ PROMOTE, false, "a7a8q", SAN_LANG_RU, SAN_STYLE_SAN, "a8=Ф" },
	{ PROMOTE, false, "a7b8n", SAN_LANG_FIGURINE, SAN_STYLE_SAN, "axb8=♘" },
	{ "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", false, "a2a1q", SAN_LANG_FIGURINE, SAN_STYLE_SAN, "a1=♛+" },
	{ "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", false, "e7d8q", SAN_LANG_FIGURINE, SAN_STYLE_LAN, "e7xd8=♕+" },
};

START_TEST(test_format)
{
	struct position pos;
	char out[SAN_MAX];
	move m;
	size_t n;

	util_parse(format_cases[_i].fen, format_cases[_i].chess960, &pos);
	ck_assert_int_eq(uci_parse_move(&pos, format_cases[_i].uci, strlen(format_cases[_i].uci), &m), UCI_OK);
	n = san_format_move(&pos, m, format_cases[_i].lang, format_cases[_i].style, out);
	ck_assert_str_eq(out, format_cases[_i].text);
	ck_assert_uint_eq(n, strlen(format_cases[_i].text));
}
END_TEST

/* The 300 real cases of tests/data/san-sample.txt (FEN;UCI;SAN): written exactly as
 * given, and read back to the same move without a warning. */
START_TEST(test_sample)
{
	int first, end;

	util_chunk(_i, san_sample_count, &first, &end);
	for (int line = first; line < end; line++) {
		char fen[UTIL_LINE_MAX], *uci, *san, out[SAN_MAX];
		struct san_parse_result result;
		struct position pos;
		move m;

		strcpy(fen, san_sample[line]);
		uci = strchr(fen, ';');
		ck_assert_ptr_nonnull(uci);
		*uci++ = '\0';
		san = strchr(uci, ';');
		ck_assert_ptr_nonnull(san);
		*san++ = '\0';
		util_parse(fen, false, &pos);
		ck_assert_int_eq(uci_parse_move(&pos, uci, strlen(uci), &m), UCI_OK);
		san_format_move(&pos, m, SAN_LANG_EN, SAN_STYLE_SAN, out);
		ck_assert_msg(strcmp(out, san) == 0, "%s: %s is %s, wrote %s", fen, uci, san, out);
		ck_assert_msg(san_parse_move(&pos, san, strlen(san), NULL, &result) == SAN_OK, "%s: %s: %s", fen, san,
			      result.error.message);
		ck_assert_msg(result.m == m, "%s: %s read as another move", fen, san);
		ck_assert_msg(result.warning_count == 0, "%s: %s warns %s", fen, san,
			      san_code_name(result.warnings[0].code));
	}
}
END_TEST

/* Every legal move, in every language, as SAN (read strictly: it must be standard) and
 * as LAN (read leniently, with its one coordinate_move warning), reads back to itself. */
static void san_check_round_trip(const char *fen, bool chess960)
{
	struct position pos;
	struct move_list list;

	util_parse(fen, chess960, &pos);
	movegen_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		for (int lang = 0; lang < SAN_LANG_NB; lang++) {
			struct san_parse_options strict = { (enum san_lang)lang, true, MSG_EN };
			struct san_parse_options lenient = { (enum san_lang)lang, false, MSG_EN };
			struct san_parse_result result;
			char text[SAN_MAX];
			size_t n;

			n = san_format_move(&pos, list.moves[i], (enum san_lang)lang, SAN_STYLE_SAN, text);
			ck_assert_msg(san_parse_move(&pos, text, n, &strict, &result) == SAN_OK, "%s: %s (%s): %s", fen,
				      text, san_lang_name((enum san_lang)lang), result.error.message);
			ck_assert_msg(result.m == list.moves[i], "%s: %s read as another move", fen, text);

			n = san_format_move(&pos, list.moves[i], (enum san_lang)lang, SAN_STYLE_LAN, text);
			ck_assert_msg(san_parse_move(&pos, text, n, &lenient, &result) == SAN_OK, "%s: LAN %s (%s): %s", fen,
				      text, san_lang_name((enum san_lang)lang), result.error.message);
			ck_assert_msg(result.m == list.moves[i], "%s: LAN %s read as another move", fen, text);
			if (move_kind_of(list.moves[i]) != MOVE_CASTLING) {
				ck_assert_msg(result.warning_count == 1 &&
						      result.warnings[0].code == SAN_WARN_COORDINATE_MOVE,
					      "%s: LAN %s should warn coordinate_move only", fen, text);
			}
		}
	}
}

START_TEST(test_round_trip_sample)
{
	int first, end;

	util_chunk(_i, fen_sample_count, &first, &end);
	for (int line = first; line < end; line++)
		san_check_round_trip(fen_sample[line], false);
}
END_TEST

START_TEST(test_round_trip_special)
{
	static const char *const fens[] = {
		KNIGHTS, PINNED_SIBLING, QUEENS, ROOKS, CAPTURE, EP, PROMOTE, CHECK, MATE, CASTLE,
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
		"8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	};
	static const char *const fens960[] = {
		C960,
		"3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w FDfd - 0 1",
		"5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1",
		"r1k4r/8/8/8/8/8/8/RK5R b HAha - 0 1",
		"3k4/8/8/8/8/8/8/RK6 w A - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	};

	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
		san_check_round_trip(fens[i], false);
	for (size_t i = 0; i < sizeof fens960 / sizeof fens960[0]; i++)
		san_check_round_trip(fens960[i], true);
}
END_TEST

/* ---- reading ---- */

static const struct {
	const char *what;
	const char *fen;
	bool chess960;
	enum san_lang lang;
	bool strict;
	const char *text;
	enum san_code code;     /* what san_parse_move returns */
	const char *uci;        /* the move, when SAN_OK */
	const char *warnings;   /* the warnings' codes, comma separated */
	int nag;
} parse_cases[] = {
	{ "a knight", START, false, SAN_LANG_EN, false, "Nf3", SAN_OK, "g1f3", "", 0 },
	{ "a pawn", START, false, SAN_LANG_EN, false, "e4", SAN_OK, "e2e4", "", 0 },
	{ "blanks around", START, false, SAN_LANG_EN, false, "  e4 ", SAN_OK, "e2e4", "surrounding_whitespace", 0 },
	{ "a blank before", START, false, SAN_LANG_EN, false, " e4", SAN_OK, "e2e4", "surrounding_whitespace", 0 },
	{ "a tab after", START, false, SAN_LANG_EN, false, "Nf3\t", SAN_OK, "g1f3", "surrounding_whitespace", 0 },
	{ "blanks, then other departures", START, false, SAN_LANG_EN, false, " Nxf3!", SAN_OK, "g1f3",
	  "surrounding_whitespace,false_capture,annotation", 1 },
	{ "UCI", START, false, SAN_LANG_EN, false, "e2e4", SAN_OK, "e2e4", "coordinate_move", 0 },
	{ "LAN pawn", START, false, SAN_LANG_EN, false, "e2-e4", SAN_OK, "e2e4", "coordinate_move", 0 },
	{ "LAN piece", START, false, SAN_LANG_EN, false, "Ng1-f3", SAN_OK, "g1f3", "coordinate_move", 0 },
	{ "piece with both squares", START, false, SAN_LANG_EN, false, "Ng1f3", SAN_OK, "g1f3", "coordinate_move", 0 },
	{ "UCI of a knight", START, false, SAN_LANG_EN, false, "g1f3", SAN_OK, "g1f3", "coordinate_move", 0 },
	{ "pawn letter", START, false, SAN_LANG_EN, false, "Pe4", SAN_OK, "e2e4", "pawn_letter", 0 },
	{ "lower-case piece", START, false, SAN_LANG_EN, false, "nf3", SAN_OK, "g1f3", "letter_case", 0 },
	{ "upper-case file", START, false, SAN_LANG_EN, false, "E4", SAN_OK, "e2e4", "letter_case", 0 },
	{ "upper-case destination", START, false, SAN_LANG_EN, false, "NF3", SAN_OK, "g1f3", "letter_case", 0 },
	/* A letter that is a piece in some language never starts a move as its file. */
	{ "C is no file c", "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2", false, SAN_LANG_EN, false,
	  "Cc3", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "C3 is no c3", START, false, SAN_LANG_EN, false, "C3", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "D is no file d", START, false, SAN_LANG_EN, false, "Dd4", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "A is no file a in French", CAPTURE, false, SAN_LANG_FR, false, "Axb5", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "F is no file f in Italian", START, false, SAN_LANG_IT, false, "Ff4", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "C is the Italian knight", "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2", false, SAN_LANG_IT,
	  false, "Cc3", SAN_OK, "b1c3", "", 0 },
	{ "an upper-case file after a piece stays one", START, false, SAN_LANG_EN, false, "NC3", SAN_OK, "b1c3",
	  "letter_case", 0 },
	{ "false capture", START, false, SAN_LANG_EN, false, "Nxf3", SAN_OK, "g1f3", "false_capture", 0 },
	{ "false check", START, false, SAN_LANG_EN, false, "Nf3+", SAN_OK, "g1f3", "false_check", 0 },
	{ "false mate", START, false, SAN_LANG_EN, false, "Nf3#", SAN_OK, "g1f3", "false_check", 0 },
	{ "!", START, false, SAN_LANG_EN, false, "e4!", SAN_OK, "e2e4", "annotation", 1 },
	{ "?", START, false, SAN_LANG_EN, false, "e4?", SAN_OK, "e2e4", "annotation", 2 },
	{ "!!", START, false, SAN_LANG_EN, false, "e4!!", SAN_OK, "e2e4", "annotation", 3 },
	{ "??", START, false, SAN_LANG_EN, false, "e4??", SAN_OK, "e2e4", "annotation", 4 },
	{ "!?", START, false, SAN_LANG_EN, false, "e4!?", SAN_OK, "e2e4", "annotation", 5 },
	{ "?!", START, false, SAN_LANG_EN, false, "e4?!", SAN_OK, "e2e4", "annotation", 6 },
	{ "several departures", START, false, SAN_LANG_EN, false, "ng1xf3+?", SAN_OK, "g1f3",
	  "coordinate_move,false_capture,false_check,annotation", 2 },
	{ "check and annotation", CHECK, false, SAN_LANG_EN, false, "Ra8+!", SAN_OK, "a1a8", "annotation", 1 },
	{ "annotation before check", CHECK, false, SAN_LANG_EN, false, "Ra8!+", SAN_OK, "a1a8", "annotation", 1 },
	/* disambiguation */
	{ "ambiguous knights", KNIGHTS, false, SAN_LANG_EN, false, "Nd2", SAN_ERR_AMBIGUOUS, NULL, "", 0 },
	{ "by file", KNIGHTS, false, SAN_LANG_EN, false, "Nbd2", SAN_OK, "b1d2", "", 0 },
	{ "by rank where the file is standard", KNIGHTS, false, SAN_LANG_EN, false, "N1d2", SAN_OK, "b1d2",
	  "over_disambiguated", 0 },
	{ "both where the file is enough", KNIGHTS, false, SAN_LANG_EN, false, "Nb1d2", SAN_OK, "b1d2", "coordinate_move",
	  0 },
	{ "a pinned sibling does not count", PINNED_SIBLING, false, SAN_LANG_EN, false, "Ne2", SAN_OK, "g1e2", "", 0 },
	{ "naming the free one anyway", PINNED_SIBLING, false, SAN_LANG_EN, false, "Nge2", SAN_OK, "g1e2",
	  "over_disambiguated", 0 },
	{ "the pinned sibling", PINNED_SIBLING, false, SAN_LANG_EN, false, "Nce2", SAN_ERR_PINNED, NULL, "", 0 },
	{ "three queens: both needed", QUEENS, false, SAN_LANG_EN, false, "Qa1b2", SAN_OK, "a1b2", "", 0 },
	{ "three queens: with a dash", QUEENS, false, SAN_LANG_EN, false, "Qa1-b2", SAN_OK, "a1b2", "coordinate_move", 0 },
	{ "three queens: file only", QUEENS, false, SAN_LANG_EN, false, "Qab2", SAN_ERR_AMBIGUOUS, NULL, "", 0 },
	{ "three queens: rank", QUEENS, false, SAN_LANG_EN, false, "Q3b2", SAN_OK, "a3b2", "", 0 },
	{ "rooks on a file", ROOKS, false, SAN_LANG_EN, false, "Ra3", SAN_ERR_AMBIGUOUS, NULL, "", 0 },
	{ "rooks by rank", ROOKS, false, SAN_LANG_EN, false, "R4a3", SAN_OK, "a4a3", "", 0 },
	/* captures and en passant */
	{ "pawn capture", CAPTURE, false, SAN_LANG_EN, false, "exd5", SAN_OK, "e4d5", "", 0 },
	{ "pawn capture, upper-case file", CAPTURE, false, SAN_LANG_EN, false, "Exd5", SAN_OK, "e4d5", "letter_case", 0 },
	{ "pawn capture, annotated", CAPTURE, false, SAN_LANG_EN, false, "exd5!?", SAN_OK, "e4d5", "annotation", 5 },
	{ "pawn capture, pawn letter", CAPTURE, false, SAN_LANG_EN, false, "Pexd5", SAN_OK, "e4d5", "pawn_letter", 0 },
	{ "pawn capture, no x, case", CAPTURE, false, SAN_LANG_EN, false, "Ed5", SAN_OK, "e4d5", "missing_capture,letter_case",
	  0 },
	{ "missing x", CAPTURE, false, SAN_LANG_EN, false, "ed5", SAN_OK, "e4d5", "missing_capture", 0 },
	{ "UCI capture: no x expected", CAPTURE, false, SAN_LANG_EN, false, "e4d5", SAN_OK, "e4d5", "coordinate_move", 0 },
	{ "LAN capture with a dash", CAPTURE, false, SAN_LANG_EN, false, "e4-d5", SAN_OK, "e4d5",
	  "coordinate_move,missing_capture", 0 },
	{ "a pawn capture without its file", CAPTURE, false, SAN_LANG_EN, false, "xd5", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a capture written as a push", CAPTURE, false, SAN_LANG_EN, false, "d5", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	{ "en passant", EP, false, SAN_LANG_EN, false, "exf6", SAN_OK, "e5f6", "", 0 },
	{ "e.p.", EP, false, SAN_LANG_EN, false, "exf6 e.p.", SAN_OK, "e5f6", "en_passant_suffix", 0 },
	{ "e.p. without a blank", EP, false, SAN_LANG_EN, false, "exf6e.p.", SAN_OK, "e5f6", "en_passant_suffix", 0 },
	{ "e.p. on a normal capture", CAPTURE, false, SAN_LANG_EN, false, "exd5 e.p.", SAN_ERR_ILLEGAL, NULL, "", 0 },
	{ "missing x on a piece", "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1", false, SAN_LANG_EN, false, "Nf3", SAN_OK, "g1f3",
	  "missing_capture", 0 },
	/* promotion */
	{ "promotion", PROMOTE, false, SAN_LANG_EN, false, "a8=Q", SAN_OK, "a7a8q", "", 0 },
	{ "promotion without =", PROMOTE, false, SAN_LANG_EN, false, "a8Q", SAN_OK, "a7a8q", "promotion_form", 0 },
	{ "promotion in brackets", PROMOTE, false, SAN_LANG_EN, false, "a8(Q)", SAN_OK, "a7a8q", "promotion_form", 0 },
	{ "promotion with a slash", PROMOTE, false, SAN_LANG_EN, false, "a8/Q", SAN_OK, "a7a8q", "promotion_form", 0 },
	{ "promotion in lower case", PROMOTE, false, SAN_LANG_EN, false, "a8=q", SAN_OK, "a7a8q", "letter_case", 0 },
	{ "under-promotion capturing", PROMOTE, false, SAN_LANG_EN, false, "axb8=N", SAN_OK, "a7b8n", "", 0 },
	{ "UCI promotion", PROMOTE, false, SAN_LANG_EN, false, "a7a8q", SAN_OK, "a7a8q", "coordinate_move", 0 },
	{ "promotion without a piece", PROMOTE, false, SAN_LANG_EN, false, "a8", SAN_ERR_PROMOTION_MISSING, NULL, "", 0 },
	{ "promotion to a king", PROMOTE, false, SAN_LANG_EN, false, "a8=K", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	{ "promotion to a pawn", PROMOTE, false, SAN_LANG_EN, false, "a8=P", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	{ "promotion on the wrong rank", START, false, SAN_LANG_EN, false, "e4=Q", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	{ "a piece promoting", START, false, SAN_LANG_EN, false, "Nf3=Q", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	{ "= with no piece", PROMOTE, false, SAN_LANG_EN, false, "a8=", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	/* check and mate */
	{ "check", CHECK, false, SAN_LANG_EN, false, "Ra8+", SAN_OK, "a1a8", "", 0 },
	{ "missing +", CHECK, false, SAN_LANG_EN, false, "Ra8", SAN_OK, "a1a8", "missing_check", 0 },
	{ "# on a check", CHECK, false, SAN_LANG_EN, false, "Ra8#", SAN_OK, "a1a8", "false_check", 0 },
	{ "mate", MATE, false, SAN_LANG_EN, false, "Ra8#", SAN_OK, "a1a8", "", 0 },
	{ "+ on mate", MATE, false, SAN_LANG_EN, false, "Ra8+", SAN_OK, "a1a8", "false_check", 0 },
	{ "missing #", MATE, false, SAN_LANG_EN, false, "Ra8", SAN_OK, "a1a8", "missing_check", 0 },
	/* castling */
	{ "O-O", CASTLE, false, SAN_LANG_EN, false, "O-O", SAN_OK, "e1g1", "", 0 },
	{ "O-O-O", CASTLE, false, SAN_LANG_EN, false, "O-O-O", SAN_OK, "e1c1", "", 0 },
	{ "0-0", CASTLE, false, SAN_LANG_EN, false, "0-0", SAN_OK, "e1g1", "castling_zeros", 0 },
	{ "0-0-0", CASTLE, false, SAN_LANG_EN, false, "0-0-0", SAN_OK, "e1c1", "castling_zeros", 0 },
	{ "o-o", CASTLE, false, SAN_LANG_EN, false, "o-o", SAN_OK, "e1g1", "letter_case", 0 },
	{ "castling as UCI", CASTLE, false, SAN_LANG_EN, false, "e1g1", SAN_OK, "e1g1", "coordinate_move", 0 },
	{ "castling as king takes rook", CASTLE, false, SAN_LANG_EN, false, "e1h1", SAN_OK, "e1g1", "coordinate_move", 0 },
	{ "castling with check", "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, SAN_LANG_EN, false, "O-O-O+", SAN_OK, "e1c1", "",
	  0 },
	{ "castling right gone", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", false, SAN_LANG_EN, false, "O-O",
	  SAN_ERR_NO_CASTLING_RIGHT, NULL, "", 0 },
	{ "castling out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", false, SAN_LANG_EN, false, "O-O",
	  SAN_ERR_CASTLING_IN_CHECK, NULL, "", 0 },
	{ "castling through check", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", false, SAN_LANG_EN, false, "O-O",
	  SAN_ERR_CASTLING_THROUGH_CHECK, NULL, "", 0 },
	{ "castling into check", "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", false, SAN_LANG_EN, false, "O-O",
	  SAN_ERR_CASTLING_THROUGH_CHECK, NULL, "", 0 },
	{ "the other side is free", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", false, SAN_LANG_EN, false, "O-O-O", SAN_OK, "e1c1",
	  "", 0 },
	{ "castling blocked", START, false, SAN_LANG_EN, false, "O-O", SAN_ERR_CASTLING_BLOCKED, NULL, "", 0 },
	{ "960 short castle, king stays", C960, true, SAN_LANG_EN, false, "O-O", SAN_OK, "g1h1", "", 0 },
	{ "960 long castle", C960, true, SAN_LANG_EN, false, "O-O-O", SAN_OK, "g1b1", "", 0 },
	{ "960 0-0-0", C960, true, SAN_LANG_EN, false, "0-0-0", SAN_OK, "g1b1", "castling_zeros", 0 },
	{ "960 castling through check", "1r1r2k1/ppp1pppp/8/8/8/8/PPP1PPPP/1R4KR w B - 0 1", true, SAN_LANG_EN, false,
	  "O-O-O", SAN_ERR_CASTLING_THROUGH_CHECK, NULL, "", 0 },
	{ "960 king step beside a castle", "3k4/8/8/8/8/8/8/RK6 w A - 0 1", true, SAN_LANG_EN, false, "Kc1", SAN_OK, "b1c1",
	  "", 0 },
	{ "960 its castle, checking", "3k4/8/8/8/8/8/8/RK6 w A - 0 1", true, SAN_LANG_EN, false, "O-O-O+", SAN_OK, "b1a1", "", 0 },
	/* illegal, with the reason */
	{ "no such piece", START, false, SAN_LANG_EN, false, "Nf4", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	{ "a blocked bishop", START, false, SAN_LANG_EN, false, "Bc4", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	{ "onto an own piece", START, false, SAN_LANG_EN, false, "Qd2", SAN_ERR_ILLEGAL, NULL, "", 0 },
	{ "UCI from an empty square", START, false, SAN_LANG_EN, false, "e4e5", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	{ "LAN naming the wrong piece", START, false, SAN_LANG_EN, false, "Be2-e4", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	{ "pinned", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", false, SAN_LANG_EN, false, "Bd3", SAN_ERR_PINNED, NULL, "", 0 },
	{ "pinned en passant", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", false, SAN_LANG_EN, false, "bxc6", SAN_ERR_PINNED, NULL,
	  "", 0 },
	{ "king into check", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", false, SAN_LANG_EN, false, "Kf2", SAN_ERR_KING_IN_CHECK,
	  NULL, "", 0 },
	{ "ignoring a check", "4k3/4r3/8/8/8/8/8/N3K3 w - - 0 1", false, SAN_LANG_EN, false, "Nb3", SAN_ERR_KING_IN_CHECK,
	  NULL, "", 0 },
	{ "the other side's piece", START, false, SAN_LANG_EN, false, "Nf6", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	/* not a move */
	{ "empty", START, false, SAN_LANG_EN, false, "", SAN_ERR_EMPTY, NULL, "", 0 },
	{ "blanks", START, false, SAN_LANG_EN, false, "   ", SAN_ERR_EMPTY, NULL, "", 0 },
	/* null moves: played, with a warning; refused in check */
	{ "null --", START, false, SAN_LANG_EN, false, "--", SAN_OK, "0000", "null_move", 0 },
	{ "null Z0", START, false, SAN_LANG_EN, false, "Z0", SAN_OK, "0000", "null_move", 0 },
	{ "null 0000", START, false, SAN_LANG_EN, false, "0000", SAN_OK, "0000", "null_move", 0 },
	{ "null @@@@", START, false, SAN_LANG_EN, false, "@@@@", SAN_OK, "0000", "null_move", 0 },
	{ "null null", START, false, SAN_LANG_EN, false, "null", SAN_OK, "0000", "null_move", 0 },
	{ "null for Black", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, SAN_LANG_EN, false,
	  "--", SAN_OK, "0000", "null_move", 0 },
	{ "null in any language", START, false, SAN_LANG_RU, false, "Z0", SAN_OK, "0000", "null_move", 0 },
	{ "null with blanks", START, false, SAN_LANG_EN, false, " -- ", SAN_OK, "0000", "surrounding_whitespace,null_move",
	  0 },
	{ "null annotated", START, false, SAN_LANG_EN, false, "--?!", SAN_OK, "0000", "null_move,annotation", 6 },
	{ "null with a check mark", START, false, SAN_LANG_EN, false, "Z0+", SAN_OK, "0000", "null_move,false_check", 0 },
	{ "null in check", IN_CHECK, false, SAN_LANG_EN, false, "--", SAN_ERR_NULL_MOVE_IN_CHECK, NULL, "", 0 },
	{ "Z0 in check", IN_CHECK, false, SAN_LANG_EN, false, "Z0", SAN_ERR_NULL_MOVE_IN_CHECK, NULL, "", 0 },
	{ "null in check, strict", IN_CHECK, false, SAN_LANG_EN, true, "0000", SAN_ERR_NULL_MOVE_IN_CHECK, NULL, "", 0 },
	{ "strict: null", START, false, SAN_LANG_EN, true, "--", SAN_WARN_NULL_MOVE, NULL, "", 0 },
	{ "strict: Z0", START, false, SAN_LANG_EN, true, "Z0", SAN_WARN_NULL_MOVE, NULL, "", 0 },
	{ "not null: one dash", START, false, SAN_LANG_EN, false, "-", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "not null: Z00", START, false, SAN_LANG_EN, false, "Z00", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "not null: NULL", START, false, SAN_LANG_EN, false, "NULL", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "words", START, false, SAN_LANG_EN, false, "hello", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a square off the board", START, false, SAN_LANG_EN, false, "Ni3", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a lone letter", START, false, SAN_LANG_EN, false, "N", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "only an annotation", START, false, SAN_LANG_EN, false, "!!", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a colon capture", CAPTURE, false, SAN_LANG_EN, false, "e4:d5", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a dash without the origin", START, false, SAN_LANG_EN, false, "N-f3", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a control character", START, false, SAN_LANG_EN, false, "e\x01" "4", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "too long", START, false, SAN_LANG_EN, false,
	  "Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3", SAN_ERR_MALFORMED, NULL, "", 0 },
	/* strict: each warning becomes the error */
	{ "strict: standard SAN passes", CHECK, false, SAN_LANG_EN, true, "Ra8+", SAN_OK, "a1a8", "", 0 },
	{ "strict: x on a non-capture", START, false, SAN_LANG_EN, true, "Nxf3", SAN_WARN_FALSE_CAPTURE, NULL, "", 0 },
	{ "strict: missing x", CAPTURE, false, SAN_LANG_EN, true, "ed5", SAN_WARN_MISSING_CAPTURE, NULL, "", 0 },
	{ "strict: over-disambiguated", KNIGHTS, false, SAN_LANG_EN, true, "N1d2", SAN_WARN_OVER_DISAMBIGUATED, NULL, "", 0 },
	{ "strict: missing =", PROMOTE, false, SAN_LANG_EN, true, "a8Q", SAN_WARN_PROMOTION_FORM, NULL, "", 0 },
	{ "strict: missing +", CHECK, false, SAN_LANG_EN, true, "Ra8", SAN_WARN_MISSING_CHECK, NULL, "", 0 },
	{ "strict: false +", START, false, SAN_LANG_EN, true, "e4+", SAN_WARN_FALSE_CHECK, NULL, "", 0 },
	{ "strict: 0-0", CASTLE, false, SAN_LANG_EN, true, "0-0", SAN_WARN_CASTLING_ZEROS, NULL, "", 0 },
	{ "strict: UCI", START, false, SAN_LANG_EN, true, "e2e4", SAN_WARN_COORDINATE_MOVE, NULL, "", 0 },
	{ "strict: pawn letter", START, false, SAN_LANG_EN, true, "Pe4", SAN_WARN_PAWN_LETTER, NULL, "", 0 },
	{ "strict: e.p.", EP, false, SAN_LANG_EN, true, "exf6 e.p.", SAN_WARN_EN_PASSANT_SUFFIX, NULL, "", 0 },
	{ "strict: annotation", START, false, SAN_LANG_EN, true, "e4!", SAN_WARN_ANNOTATION, NULL, "", 0 },
	{ "strict: case", START, false, SAN_LANG_EN, true, "nf3", SAN_WARN_LETTER_CASE, NULL, "", 0 },
	{ "strict: errors stay errors", KNIGHTS, false, SAN_LANG_EN, true, "Nd2", SAN_ERR_AMBIGUOUS, NULL, "", 0 },
	{ "strict: blanks", START, false, SAN_LANG_EN, true, " e4", SAN_WARN_SURROUNDING_WHITESPACE, NULL, "", 0 },
	{ "strict: blanks first", START, false, SAN_LANG_EN, true, "Nxf3 ", SAN_WARN_SURROUNDING_WHITESPACE, NULL, "", 0 },
	/* glyphs glued to the move: every assessment, as its NAG */
	{ "glued ±", RUY, false, SAN_LANG_EN, false, "Bb5±", SAN_OK, "f1b5", "glyph_attached", 16 },
	{ "glued +/-", RUY, false, SAN_LANG_EN, false, "Bb5+/-", SAN_OK, "f1b5", "glyph_attached", 16 },
	{ "glued +/− (U+2212)", RUY, false, SAN_LANG_EN, false, "Bb5+/\u2212", SAN_OK, "f1b5", "glyph_attached", 16 },
	{ "glued ∓", RUY, false, SAN_LANG_EN, false, "Bc4∓", SAN_OK, "f1c4", "glyph_attached", 17 },
	{ "glued -/+", RUY, false, SAN_LANG_EN, false, "Bc4-/+", SAN_OK, "f1c4", "glyph_attached", 17 },
	{ "glued −/+ (U+2212)", RUY, false, SAN_LANG_EN, false, "Bc4\u2212/+", SAN_OK, "f1c4", "glyph_attached", 17 },
	{ "glued ⩲", RUY, false, SAN_LANG_EN, false, "Bb5\u2a72", SAN_OK, "f1b5", "glyph_attached", 14 },
	{ "glued +=", RUY, false, SAN_LANG_EN, false, "Bb5+=", SAN_OK, "f1b5", "glyph_attached", 14 },
	{ "glued +/=", RUY, false, SAN_LANG_EN, false, "Bb5+/=", SAN_OK, "f1b5", "glyph_attached", 14 },
	{ "glued ⩱", RUY, false, SAN_LANG_EN, false, "d4\u2a71", SAN_OK, "d2d4", "glyph_attached", 15 },
	{ "glued =+", RUY, false, SAN_LANG_EN, false, "d4=+", SAN_OK, "d2d4", "glyph_attached", 15 },
	{ "glued =/+", RUY, false, SAN_LANG_EN, false, "d4=/+", SAN_OK, "d2d4", "glyph_attached", 15 },
	{ "glued +− (U+2212)", RUY, false, SAN_LANG_EN, false, "Nxe5+\u2212", SAN_OK, "f3e5", "glyph_attached", 18 },
	{ "glued +- is no check mark", RUY, false, SAN_LANG_EN, false, "Nxe5+-", SAN_OK, "f3e5", "glyph_attached", 18 },
	{ "glued −+ (U+2212)", RUY, false, SAN_LANG_EN, false, "Ng5\u2212+", SAN_OK, "f3g5", "glyph_attached", 19 },
	{ "glued -+", RUY, false, SAN_LANG_EN, false, "Ng5-+", SAN_OK, "f3g5", "glyph_attached", 19 },
	{ "glued =", RUY, false, SAN_LANG_EN, false, "Bc4=", SAN_OK, "f1c4", "glyph_attached", 10 },
	{ "glued ∞", RUY, false, SAN_LANG_EN, false, "Bb5∞", SAN_OK, "f1b5", "glyph_attached", 13 },
	{ "glued □", RUY, false, SAN_LANG_EN, false, "Bb5\u25a1", SAN_OK, "f1b5", "glyph_attached", 7 },
	{ "glued ⨀", RUY, false, SAN_LANG_EN, false, "Bb5\u2a00", SAN_OK, "f1b5", "glyph_attached", 22 },
	{ "glued N, the novelty", RUY, false, SAN_LANG_EN, false, "Bb5N", SAN_OK, "f1b5", "glyph_attached", 146 },
	{ "glued after a capture", RUY, false, SAN_LANG_EN, false, "Nxe5∞", SAN_OK, "f3e5", "glyph_attached", 13 },
	{ "written apart", RUY, false, SAN_LANG_EN, false, "Bb5 ±", SAN_OK, "f1b5", "glyph_attached", 16 },
	{ "an annotation and a glyph", RUY, false, SAN_LANG_EN, false, "Bb5!±", SAN_OK, "f1b5", "annotation,glyph_attached",
	  1 },
	{ "a glyph and an annotation", RUY, false, SAN_LANG_EN, false, "Bb5±?!", SAN_OK, "f1b5", "annotation,glyph_attached",
	  16 },
	{ "the novelty and a glyph", RUY, false, SAN_LANG_EN, false, "Bb5N+-", SAN_OK, "f1b5", "glyph_attached", 146 },
	{ "+= on a move that is no check", RUY, false, SAN_LANG_EN, false, "Bb5+=", SAN_OK, "f1b5", "glyph_attached", 14 },
	{ "in other languages", RUY, false, SAN_LANG_IT, false, "Ab5±", SAN_OK, "f1b5", "glyph_attached", 16 },
	{ "with figurines", RUY, false, SAN_LANG_FIGURINE, false, "♗b5∞", SAN_OK, "f1b5", "glyph_attached", 13 },
	/* glyphs after a check mark */
	{ "check, then ±", CHECK, false, SAN_LANG_EN, false, "Ra8+±", SAN_OK, "a1a8", "glyph_attached", 16 },
	{ "check, then +-", CHECK, false, SAN_LANG_EN, false, "Ra8++-", SAN_OK, "a1a8", "glyph_attached", 18 },
	{ "check, then =", CHECK, false, SAN_LANG_EN, false, "Ra8+=", SAN_OK, "a1a8", "glyph_attached", 10 },
	{ "check, then ∞", CHECK, false, SAN_LANG_EN, false, "Ra8+∞", SAN_OK, "a1a8", "glyph_attached", 13 },
	{ "+- on a check lacks its +", CHECK, false, SAN_LANG_EN, false, "Ra8+-", SAN_OK, "a1a8",
	  "missing_check,glyph_attached", 18 },
	{ "mate, then +-", MATE, false, SAN_LANG_EN, false, "Ra8#+-", SAN_OK, "a1a8", "glyph_attached", 18 },
	{ "check, !, then ±", CHECK, false, SAN_LANG_EN, false, "Ra8+!±", SAN_OK, "a1a8", "annotation,glyph_attached", 1 },
	/* promotions: what follows the '=' decides */
	{ "promotion, then =", PROMOTE, false, SAN_LANG_EN, false, "a8=Q=", SAN_OK, "a7a8q", "glyph_attached", 10 },
	{ "promotion, then +=", PROMOTE, false, SAN_LANG_EN, false, "a8=Q+=", SAN_OK, "a7a8q", "glyph_attached", 14 },
	{ "promotion, then ±", PROMOTE, false, SAN_LANG_EN, false, "a8=Q±", SAN_OK, "a7a8q", "glyph_attached", 16 },
	{ "checking promotion, then + and =", PROMOTE, false, SAN_LANG_EN, false, "axb8=Q+=", SAN_OK, "a7b8q",
	  "glyph_attached", 10 },
	{ "promotion to a knight", PROMOTE, false, SAN_LANG_EN, false, "a8=N", SAN_OK, "a7a8n", "", 0 },
	{ "promotion to a knight, bare", PROMOTE, false, SAN_LANG_EN, false, "a8N", SAN_OK, "a7a8n", "promotion_form", 0 },
	{ "promotion to a knight, a novelty", PROMOTE, false, SAN_LANG_EN, false, "a8=NN", SAN_OK, "a7a8n",
	  "glyph_attached", 146 },
	{ "promotion and an annotation", PROMOTE, false, SAN_LANG_EN, false, "a8=Q!", SAN_OK, "a7a8q", "annotation", 1 },
	{ "a = that names no piece", PROMOTE, false, SAN_LANG_EN, false, "a8=", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	{ "+= where a pawn must promote", PROMOTE, false, SAN_LANG_EN, false, "a8+=", SAN_ERR_PROMOTION_MISSING, NULL, "",
	  0 },
	/* glyphs are no move */
	{ "a glyph alone", RUY, false, SAN_LANG_EN, false, "±", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "+- alone", RUY, false, SAN_LANG_EN, false, "+-", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "a glyph on an illegal move", RUY, false, SAN_LANG_EN, false, "Bb6±", SAN_ERR_NO_SUCH_PIECE, NULL, "", 0 },
	/* strict: a glued glyph is not SAN */
	{ "strict: glued ±", RUY, false, SAN_LANG_EN, true, "Bb5±", SAN_WARN_GLYPH_ATTACHED, NULL, "", 0 },
	{ "strict: glued =", RUY, false, SAN_LANG_EN, true, "Bc4=", SAN_WARN_GLYPH_ATTACHED, NULL, "", 0 },
	{ "strict: glued +-", RUY, false, SAN_LANG_EN, true, "Nxe5+-", SAN_WARN_GLYPH_ATTACHED, NULL, "", 0 },
	{ "strict: promotion, then =", PROMOTE, false, SAN_LANG_EN, true, "a8=Q=", SAN_WARN_GLYPH_ATTACHED, NULL, "", 0 },
	{ "strict: a promotion still passes", PROMOTE, false, SAN_LANG_EN, true, "a8=N", SAN_OK, "a7a8n", "", 0 },
	/* Cyrillic letters that look like files */
	{ "ru: Сс4, a Cyrillic c", OPEN, false, SAN_LANG_RU, false, "Сс4", SAN_OK, "f1c4", "cyrillic_file_letter", 0 },
	{ "ru: С is still the bishop", OPEN, false, SAN_LANG_RU, false, "Сc4", SAN_OK, "f1c4", "", 0 },
	{ "ru: Кр with a Cyrillic е", OPEN, false, SAN_LANG_RU, false, "Кре2", SAN_OK, "e1e2", "cyrillic_file_letter", 0 },
	{ "en: a Cyrillic c", OPEN, false, SAN_LANG_EN, false, "Bс4", SAN_OK, "f1c4", "cyrillic_file_letter", 0 },
	{ "en: a Cyrillic a", OPEN, false, SAN_LANG_EN, false, "Bа6", SAN_OK, "f1a6", "cyrillic_file_letter", 0 },
	{ "en: Cyrillic pawn capture", CAPTURE, false, SAN_LANG_EN, false, "\u0435xd5", SAN_OK, "e4d5", "cyrillic_file_letter", 0 },
	{ "en: a Cyrillic d (U+0501)", START, false, SAN_LANG_EN, false, "\u0501" "4", SAN_OK, "d2d4", "cyrillic_file_letter",
	  0 },
	{ "en: a Cyrillic h (U+04BB)", START, false, SAN_LANG_EN, false, "N\u04bb" "3", SAN_OK, "g1h3", "cyrillic_file_letter",
	  0 },
	{ "it: the knight to e2", OPEN, false, SAN_LANG_IT, false, "Ce2", SAN_OK, "g1e2", "", 0 },
	{ "it: a Cyrillic e for the file", OPEN, false, SAN_LANG_IT, false, "Cе2", SAN_OK, "g1e2", "cyrillic_file_letter", 0 },
	{ "en: С is no English piece", OPEN, false, SAN_LANG_EN, false, "Сс4", SAN_ERR_MALFORMED, NULL, "", 0 },
	{ "en: a Cyrillic capital is no file", OPEN, false, SAN_LANG_EN, false, "B\u0421" "4", SAN_ERR_MALFORMED, NULL, "",
	  0 },
	{ "strict: a Cyrillic c", OPEN, false, SAN_LANG_RU, true, "Сс4", SAN_WARN_CYRILLIC_FILE_LETTER, NULL, "", 0 },
	/* languages */
	{ "it: knight", START, false, SAN_LANG_IT, false, "Cf3", SAN_OK, "g1f3", "", 0 },
	{ "it: English knight too", START, false, SAN_LANG_IT, false, "Nf3", SAN_OK, "g1f3", "", 0 },
	{ "it: R is the king", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, SAN_LANG_IT, false,
	  "Re2", SAN_OK, "e1e2", "", 0 },
	{ "it: bishop", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, SAN_LANG_IT, false, "Ac4",
	  SAN_OK, "f1c4", "", 0 },
	{ "es: queen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, SAN_LANG_ES, false, "Dh5",
	  SAN_OK, "d1h5", "", 0 },
	{ "fr: bishop", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, SAN_LANG_FR, false, "Fc4",
	  SAN_OK, "f1c4", "", 0 },
	{ "de: knight", START, false, SAN_LANG_DE, false, "Sf3", SAN_OK, "g1f3", "", 0 },
	{ "de: promotion", PROMOTE, false, SAN_LANG_DE, false, "a8=D", SAN_OK, "a7a8q", "", 0 },
	{ "de: lower-case knight", START, false, SAN_LANG_DE, false, "sf3", SAN_OK, "g1f3", "letter_case", 0 },
	{ "nl: knight", START, false, SAN_LANG_NL, false, "Pf3", SAN_OK, "g1f3", "", 0 },
	{ "nl: rook by rank", ROOKS, false, SAN_LANG_NL, false, "T4a3", SAN_OK, "a4a3", "", 0 },
	{ "ru: knight", START, false, SAN_LANG_RU, false, "Кf3", SAN_OK, "g1f3", "", 0 },
	{ "ru: king", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false, SAN_LANG_RU, false, "Крe2",
	  SAN_OK, "e1e2", "", 0 },
	{ "ru: promotion", PROMOTE, false, SAN_LANG_RU, false, "a8=Ф", SAN_OK, "a7a8q", "", 0 },
	{ "ru: promotion to the king", PROMOTE, false, SAN_LANG_RU, false, "a8=Кр", SAN_ERR_PROMOTION_INVALID, NULL, "", 0 },
	{ "figurine: white knight", START, false, SAN_LANG_FIGURINE, false, "♘f3", SAN_OK, "g1f3", "", 0 },
	{ "figurine: black knight", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, SAN_LANG_FIGURINE,
	  false, "♞f6", SAN_OK, "g8f6", "", 0 },
	{ "figurine: promotion", PROMOTE, false, SAN_LANG_FIGURINE, false, "axb8=♘", SAN_OK, "a7b8n", "", 0 },
	{ "figurine: promotion without =", PROMOTE, false, SAN_LANG_FIGURINE, false, "a8♕", SAN_OK, "a7a8q",
	  "promotion_form", 0 },
};

START_TEST(test_parse)
{
	struct san_parse_options options = { parse_cases[_i].lang, parse_cases[_i].strict, MSG_EN };
	struct san_parse_result result;
	struct position pos;
	enum san_code code;
	char warnings[256] = "";

	util_parse(parse_cases[_i].fen, parse_cases[_i].chess960, &pos);
	code = san_parse_move(&pos, parse_cases[_i].text, strlen(parse_cases[_i].text), &options, &result);
	ck_assert_msg(code == parse_cases[_i].code, "%s: \"%s\" gives %s (%s), expected %s", parse_cases[_i].what,
		      parse_cases[_i].text, san_code_name(code), result.error.message, san_code_name(parse_cases[_i].code));
	if (code != SAN_OK) {
		ck_assert_int_eq(result.error.code, code);
		ck_assert_msg(result.error.message[0], "%s: the error has no message", parse_cases[_i].what);
		ck_assert_int_ge(result.error.offset, 0);
		ck_assert_int_le(result.error.offset + result.error.length, (int)strlen(parse_cases[_i].text));
		ck_assert(result.m == MOVE_NONE);
		if (san_code_is_warning(code))
			ck_assert(result.error.became[0]);
		return;
	}
	{
		char uci[UCI_MAX];
		uci_format_move(&pos, result.m, uci);
		/* compare in standard chess spelling: the 960 cases name king-takes-rook */
		ck_assert_msg(strcmp(uci, parse_cases[_i].uci) == 0, "%s: \"%s\" read as %s, expected %s",
			      parse_cases[_i].what, parse_cases[_i].text, uci, parse_cases[_i].uci);
	}
	for (int i = 0; i < result.warning_count; i++) {
		const struct san_issue *w = &result.warnings[i];
		if (i)
			strcat(warnings, ",");
		strcat(warnings, san_code_name(w->code));
		ck_assert(san_code_is_warning(w->code));
		ck_assert_msg(w->given[0] && w->became[0] && w->message[0], "%s: warning %d lacks given/became/message",
			      parse_cases[_i].what, i);
		ck_assert_int_ge(w->offset, 0);
		ck_assert_int_le(w->offset + w->length, (int)strlen(parse_cases[_i].text));
	}
	ck_assert_msg(strcmp(warnings, parse_cases[_i].warnings) == 0, "%s: \"%s\" warns [%s], expected [%s]",
		      parse_cases[_i].what, parse_cases[_i].text, warnings, parse_cases[_i].warnings);
	ck_assert_int_eq(result.nag, parse_cases[_i].nag);
}
END_TEST

/* What a warning says it was given and what it became, and where. */
START_TEST(test_warning_fields)
{
	struct san_parse_result result;
	struct position pos;

	util_parse(CASTLE, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "0-0", 3, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_str_eq(result.warnings[0].given, "0-0");
	ck_assert_str_eq(result.warnings[0].became, "O-O");

	util_parse(START, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, " Nf3!", 5, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.warning_count, 2);
	ck_assert_int_eq(result.warnings[0].code, SAN_WARN_SURROUNDING_WHITESPACE);
	ck_assert_str_eq(result.warnings[0].given, " Nf3!");
	ck_assert_str_eq(result.warnings[0].became, "Nf3");
	ck_assert_int_eq(result.warnings[0].offset, 0);
	ck_assert_int_eq(result.warnings[0].length, 1);
	ck_assert_str_eq(result.warnings[1].given, "!");
	ck_assert_str_eq(result.warnings[1].became, "$1");
	ck_assert_int_eq(result.warnings[1].offset, 4);
	ck_assert_int_eq(result.warnings[1].length, 1);
	ck_assert_int_eq(san_parse_move(&pos, "e4  ", 4, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_int_eq(result.warnings[0].offset, 2);
	ck_assert_int_eq(result.warnings[0].length, 2);
	ck_assert_ptr_nonnull(strstr(result.warnings[0].message, "after"));

	ck_assert_int_eq(san_parse_move(&pos, "Nxf3", 4, NULL, &result), SAN_OK);
	ck_assert_str_eq(result.warnings[0].given, "Nxf3");
	ck_assert_str_eq(result.warnings[0].became, "Nf3");
	ck_assert_int_eq(result.warnings[0].offset, 1);

	util_parse(CHECK, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Ra8", 3, NULL, &result), SAN_OK);
	ck_assert_str_eq(result.warnings[0].given, "Ra8");
	ck_assert_str_eq(result.warnings[0].became, "Ra8+");

	util_parse(PROMOTE, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "a8(Q)", 5, NULL, &result), SAN_OK);
	ck_assert_str_eq(result.warnings[0].given, "a8(Q)");
	ck_assert_str_eq(result.warnings[0].became, "a8=Q");
	ck_assert_int_eq(result.warnings[0].offset, 2);
	ck_assert_int_eq(result.warnings[0].length, 3);

	/* the standard form is written in the language the move was read in */
	util_parse(START, false, &pos);
	{
		struct san_parse_options de = { SAN_LANG_DE, false, MSG_EN };
		ck_assert_int_eq(san_parse_move(&pos, "Sg1-f3", 6, &de, &result), SAN_OK);
		ck_assert_str_eq(result.warnings[0].became, "Sf3");
	}
	/* strict: the error is the first warning, with its given and became */
	{
		struct san_parse_options strict = { SAN_LANG_EN, true, MSG_EN };
		ck_assert_int_eq(san_parse_move(&pos, "Ng1f3", 5, &strict, &result), SAN_WARN_COORDINATE_MOVE);
		ck_assert_str_eq(result.error.given, "Ng1f3");
		ck_assert_str_eq(result.error.became, "Nf3");
	}
}
END_TEST

/* Glyphs glued to a move: all of them as NAGs in the order written, where the move ends,
 * and what the warning says. */
START_TEST(test_glyph_fields)
{
	struct san_parse_result result;
	struct position pos;

	util_parse(RUY, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Bb5!\u00b1", 6, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.nag_count, 2);
	ck_assert_int_eq(result.nags[0], 1);
	ck_assert_int_eq(result.nags[1], 16);
	ck_assert_int_eq(result.nag, 1);
	ck_assert_int_eq(result.glyph_offset, 3);
	ck_assert_int_eq(result.warning_count, 2);
	ck_assert_int_eq(result.warnings[1].code, SAN_WARN_GLYPH_ATTACHED);
	ck_assert_str_eq(result.warnings[1].given, "\u00b1");
	ck_assert_str_eq(result.warnings[1].became, "$16");
	ck_assert_int_eq(result.warnings[1].offset, 4);
	ck_assert_int_eq(result.warnings[1].length, 2);
	ck_assert_str_eq(result.warnings[1].message, "the glyph \"\u00b1\" is not part of the move; it is kept as NAG $16");

	/* two glyphs of the assessments: one warning for both */
	ck_assert_int_eq(san_parse_move(&pos, "Bb5N+-", 6, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.nag_count, 2);
	ck_assert_int_eq(result.nags[0], 146);
	ck_assert_int_eq(result.nags[1], 18);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_str_eq(result.warnings[0].given, "N+-");
	ck_assert_str_eq(result.warnings[0].became, "$146 $18");

	/* no glyph: the whole text is the move */
	ck_assert_int_eq(san_parse_move(&pos, "Bb5", 3, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.nag_count, 0);
	ck_assert_int_eq(result.glyph_offset, 3);

	/* "+=" after a promotion: the glyph, or a check and "=" when the promotion checks */
	util_parse(PROMOTE, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "a8=Q+=", 6, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.nags[0], 14);
	ck_assert_int_eq(result.glyph_offset, 4);
	ck_assert_int_eq(san_parse_move(&pos, "axb8=Q+=", 8, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.nag_count, 1);
	ck_assert_int_eq(result.nags[0], 10);
	ck_assert_int_eq(result.glyph_offset, 7);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_str_eq(result.warnings[0].given, "=");
	ck_assert_int_eq(result.warnings[0].offset, 7);

	/* a glyph that follows blanks, after blanks around it all */
	util_parse(RUY, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, " Bb5 \u221e ", 9, NULL, &result), SAN_OK);
	ck_assert_int_eq(result.nags[0], 13);
	ck_assert_int_eq(result.glyph_offset, 4);
	ck_assert_int_eq(result.warnings[1].offset, 5);
	ck_assert_int_eq(result.warnings[1].length, 3);
}
END_TEST

/* Null moves: MOVE_NULL, the warning's given and became, the error in check. */
START_TEST(test_null_fields)
{
	struct san_parse_result result;
	struct san_parse_options strict = { SAN_LANG_EN, true, MSG_EN };
	struct position pos;

	util_parse(START, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Z0", 2, NULL, &result), SAN_OK);
	ck_assert(result.m == MOVE_NULL);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_int_eq(result.warnings[0].code, SAN_WARN_NULL_MOVE);
	ck_assert_str_eq(result.warnings[0].given, "Z0");
	ck_assert_str_eq(result.warnings[0].became, "--");
	ck_assert_ptr_nonnull(strstr(result.warnings[0].message, "White passes"));

	ck_assert_int_eq(san_parse_move(&pos, "--", 2, &strict, &result), SAN_WARN_NULL_MOVE);
	ck_assert(result.m == MOVE_NONE);
	ck_assert_str_eq(result.error.became, "--");

	util_parse(IN_CHECK, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "--", 2, NULL, &result), SAN_ERR_NULL_MOVE_IN_CHECK);
	ck_assert(result.m == MOVE_NONE);
	ck_assert_str_eq(san_code_name(result.error.code), "null_move_in_check");
	ck_assert_ptr_nonnull(strstr(result.error.message, "White is in check"));
	ck_assert_int_eq(result.error.offset, 0);
	ck_assert_int_eq(result.error.length, 2);
}
END_TEST

/* Cyrillic look-alikes: where the warning points and what it quotes, as written. */
START_TEST(test_cyrillic_fields)
{
	struct san_parse_options ru = { SAN_LANG_RU, false, MSG_EN };
	struct san_parse_result result;
	struct position pos;

	util_parse(OPEN, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Сс4", strlen("Сс4"), &ru, &result), SAN_OK);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_int_eq(result.warnings[0].offset, 2);
	ck_assert_int_eq(result.warnings[0].length, 2);
	ck_assert_str_eq(result.warnings[0].given, "Сс4");
	ck_assert_str_eq(result.warnings[0].became, "Сc4");
	ck_assert_ptr_nonnull(strstr(result.warnings[0].message, "\"с\""));

	/* other warnings point into the text as written, after the two-byte letter */
	ck_assert_int_eq(san_parse_move(&pos, "Bxс4!", strlen("Bxс4!"), NULL, &result), SAN_OK);
	ck_assert_int_eq(result.warning_count, 3);
	ck_assert_int_eq(result.warnings[0].code, SAN_WARN_CYRILLIC_FILE_LETTER);
	ck_assert_int_eq(result.warnings[1].code, SAN_WARN_FALSE_CAPTURE);
	ck_assert_int_eq(result.warnings[1].offset, 1);
	ck_assert_int_eq(result.warnings[2].code, SAN_WARN_ANNOTATION);
	ck_assert_int_eq(result.warnings[2].offset, 5);
	ck_assert_int_eq(result.glyph_offset, 5);

	/* an error's place too */
	ck_assert_int_eq(san_parse_move(&pos, "Bс9", strlen("Bс9"), NULL, &result), SAN_ERR_MALFORMED);
	ck_assert_int_eq(result.error.offset, 1);
	ck_assert_int_eq(result.error.length, 3);
}
END_TEST

/* Messages quote the move's text as written: a character of several bytes whole. */
START_TEST(test_messages_quote_as_written)
{
	struct san_parse_result result;
	struct position pos;

	util_parse(START, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Nf\u2605", strlen("Nf\u2605"), NULL, &result), SAN_ERR_MALFORMED);
	ck_assert_str_eq(result.error.message, "\"f\u2605\" is not a square, expected a destination like e4");
	ck_assert_int_eq(result.error.offset, 1);
	ck_assert_int_eq(result.error.length, 4);
	ck_assert_int_eq(san_parse_move(&pos, "e\u2605", strlen("e\u2605"), NULL, &result), SAN_ERR_MALFORMED);
	ck_assert_str_eq(result.error.message, "\"e\u2605\" is not a square, expected a destination like e4");
	/* the unclear glyph, which read as "??" when quoted by the byte */
	ck_assert_int_eq(san_parse_move(&pos, "Nf3\u221e\u221e", strlen("Nf3\u221e\u221e"), NULL, &result),
			 SAN_ERR_MALFORMED);
	ck_assert_ptr_null(strchr(result.error.message, '?'));
	ck_assert_ptr_nonnull(strstr(result.error.message, "\u221e"));
	/* an invalid byte alone is replaced */
	ck_assert_int_eq(san_parse_move(&pos, "Nf\xff", 3, NULL, &result), SAN_ERR_MALFORMED);
	ck_assert_str_eq(result.error.message, "\"f?\" is not a square, expected a destination like e4");
}
END_TEST

/* UCI read with SAN's rules for blanks and the null move. */
START_TEST(test_parse_uci)
{
	struct san_parse_options strict = { SAN_LANG_EN, true, MSG_EN };
	struct san_parse_result result;
	struct position pos;
	char uci[UCI_MAX];

	util_parse(START, false, &pos);
	ck_assert_int_eq(san_parse_uci_move(&pos, "e2e4", 4, NULL, &result), SAN_OK);
	uci_format_move(&pos, result.m, uci);
	ck_assert_str_eq(uci, "e2e4");
	ck_assert_int_eq(result.warning_count, 0);
	ck_assert_int_eq(san_parse_uci_move(&pos, "e2e4", 4, &strict, &result), SAN_OK);

	ck_assert_int_eq(san_parse_uci_move(&pos, "0000", 4, NULL, &result), SAN_OK);
	ck_assert(result.m == MOVE_NULL);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_int_eq(result.warnings[0].code, SAN_WARN_NULL_MOVE);
	ck_assert_str_eq(result.warnings[0].became, "0000");
	ck_assert_int_eq(san_parse_uci_move(&pos, "0000", 4, &strict, &result), SAN_WARN_NULL_MOVE);

	ck_assert_int_eq(san_parse_uci_move(&pos, " g1f3 ", 6, NULL, &result), SAN_OK);
	uci_format_move(&pos, result.m, uci);
	ck_assert_str_eq(uci, "g1f3");
	ck_assert_int_eq(result.warnings[0].code, SAN_WARN_SURROUNDING_WHITESPACE);
	ck_assert_str_eq(result.warnings[0].became, "g1f3");
	ck_assert_int_eq(san_parse_uci_move(&pos, " g1f3", 5, &strict, &result), SAN_WARN_SURROUNDING_WHITESPACE);

	/* SAN is not UCI; "--" is not UCI's null move */
	ck_assert_int_eq(san_parse_uci_move(&pos, "Nf3", 3, NULL, &result), SAN_ERR_MALFORMED);
	ck_assert_int_eq(san_parse_uci_move(&pos, "--", 2, NULL, &result), SAN_ERR_MALFORMED);
	ck_assert_int_eq(san_parse_uci_move(&pos, "  ", 2, NULL, &result), SAN_ERR_EMPTY);
	/* an illegal move gets SAN's reason */
	ck_assert_int_eq(san_parse_uci_move(&pos, "e2e5", 4, NULL, &result), SAN_ERR_NO_SUCH_PIECE);
	ck_assert_int_eq(san_parse_uci_move(&pos, "e7e5", 4, NULL, &result), SAN_ERR_NO_SUCH_PIECE);

	util_parse(IN_CHECK, false, &pos);
	ck_assert_int_eq(san_parse_uci_move(&pos, "0000", 4, NULL, &result), SAN_ERR_NULL_MOVE_IN_CHECK);
	ck_assert_int_eq(san_parse_uci_move(&pos, "e1e2", 4, NULL, &result), SAN_ERR_KING_IN_CHECK);
}
END_TEST

/* The null move is "--" in every language and style, and "0000" in UCI. */
START_TEST(test_format_null)
{
	struct position pos;
	char out[SAN_MAX], uci[UCI_MAX];

	util_parse(START, false, &pos);
	for (int lang = 0; lang < SAN_LANG_NB; lang++) {
		ck_assert_uint_eq(san_format_move(&pos, MOVE_NULL, (enum san_lang)lang, SAN_STYLE_SAN, out), 2);
		ck_assert_str_eq(out, "--");
		ck_assert_uint_eq(san_format_move(&pos, MOVE_NULL, (enum san_lang)lang, SAN_STYLE_LAN, out), 2);
		ck_assert_str_eq(out, "--");
	}
	ck_assert_uint_eq(uci_format_move(&pos, MOVE_NULL, uci), 4);
	ck_assert_str_eq(uci, "0000");
	/* read back */
	{
		struct san_parse_result result;
		ck_assert_int_eq(san_parse_move(&pos, out, strlen(out), NULL, &result), SAN_OK);
		ck_assert(result.m == MOVE_NULL);
	}
}
END_TEST

/* Candidates of an ambiguous move, and the reasons' messages naming squares. */
START_TEST(test_ambiguous_candidates)
{
	struct san_parse_result result;
	struct position pos;
	char uci[2][UCI_MAX];

	util_parse(KNIGHTS, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Nd2", 3, NULL, &result), SAN_ERR_AMBIGUOUS);
	ck_assert_int_eq(result.candidates.count, 2);
	uci_format_move(&pos, result.candidates.moves[0], uci[0]);
	uci_format_move(&pos, result.candidates.moves[1], uci[1]);
	ck_assert_msg((strcmp(uci[0], "b1d2") == 0 && strcmp(uci[1], "f3d2") == 0) ||
			      (strcmp(uci[0], "f3d2") == 0 && strcmp(uci[1], "b1d2") == 0),
		      "candidates %s %s", uci[0], uci[1]);
	ck_assert_ptr_nonnull(strstr(result.error.message, "Nbd2"));
	ck_assert_ptr_nonnull(strstr(result.error.message, "Nfd2"));

	util_parse(QUEENS, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Qb2", 3, NULL, &result), SAN_ERR_AMBIGUOUS);
	ck_assert_int_eq(result.candidates.count, 3);

	util_parse("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Bd3", 3, NULL, &result), SAN_ERR_PINNED);
	ck_assert_ptr_nonnull(strstr(result.error.message, "e2"));

	util_parse("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "O-O", 3, NULL, &result), SAN_ERR_CASTLING_THROUGH_CHECK);
	ck_assert_ptr_nonnull(strstr(result.error.message, "f1"));

	util_parse(CAPTURE, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "d5", 2, NULL, &result), SAN_ERR_NO_SUCH_PIECE);
	ck_assert_ptr_nonnull(strstr(result.error.message, "exd5"));
}
END_TEST

/* Only length bytes are read. */
START_TEST(test_parse_length)
{
	struct san_parse_result result;
	struct position pos;
	char uci[UCI_MAX];

	util_parse(START, false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Nf3 Nc6", 3, NULL, &result), SAN_OK);
	uci_format_move(&pos, result.m, uci);
	ck_assert_str_eq(uci, "g1f3");
	ck_assert_int_eq(san_parse_move(&pos, "Nf3", 0, NULL, &result), SAN_ERR_EMPTY);
	ck_assert_int_eq(san_parse_move(&pos, NULL, 0, NULL, &result), SAN_ERR_EMPTY);
}
END_TEST

/* Found by fuzz-san: messages quoted the move's bytes as they were, so a move that is
 * not UTF-8 gave a message that is not either (and JSON answers carry the message). */
START_TEST(test_messages_are_utf8)
{
	static const char *const texts[] = {
		"ab\xe0\x88\xdf\xd5", "Nf3\xff", "\xd0\x9a\xd1" "f3", "e4\x80!?", "\xf0\x9f\x98\x80xe5",
		"\xd0\x9a\xd1\x80\xd0\x9a\xd1\x80\xd0\x9a\xd1\x80\xd0\x9a\xd1\x80\xd0\x9a\xd1\x80\xd0\x9a\xd1\x80" "e2e4",
	};
	struct san_parse_result result;
	struct position pos;

	util_parse(START, false, &pos);
	for (int lang = 0; lang < SAN_LANG_NB; lang++) {
		for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
			struct san_parse_options options = { (enum san_lang)lang, false, MSG_EN };
			enum san_code rc = san_parse_move(&pos, texts[i], strlen(texts[i]), &options, &result);
			ck_assert_int_ne(rc, SAN_OK);
			ck_assert_uint_eq(utf8_valid_length(result.error.message, strlen(result.error.message)),
					  strlen(result.error.message));
			ck_assert_uint_eq(utf8_valid_length(result.error.given, strlen(result.error.given)),
					  strlen(result.error.given));
			for (int w = 0; w < result.warning_count; w++) {
				const struct san_issue *is = &result.warnings[w];
				ck_assert_uint_eq(utf8_valid_length(is->message, strlen(is->message)), strlen(is->message));
				ck_assert_uint_eq(utf8_valid_length(is->given, strlen(is->given)), strlen(is->given));
			}
		}
	}
}
END_TEST

/* A piece letter of another language at the start: the message says what it is where. */
START_TEST(test_foreign_letter_message)
{
	struct san_parse_options en = { SAN_LANG_EN, false, MSG_EN };
	struct san_parse_result result;
	struct position pos;

	util_parse("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2", false, &pos);
	ck_assert_int_eq(san_parse_move(&pos, "Cc3", 3, &en, &result), SAN_ERR_MALFORMED);
	ck_assert_msg(strstr(result.error.message, "the knight in Italian, Spanish and French") != NULL, "%s",
		      result.error.message);
	ck_assert_int_eq(san_parse_move(&pos, "Dd2", 3, &en, &result), SAN_ERR_MALFORMED);
	ck_assert_msg(strstr(result.error.message, "the queen in Italian, Spanish, French, German and Dutch") != NULL,
		      "%s", result.error.message);
}
END_TEST

/* Read in one language, written in another: the warnings and the candidates spell the
 * move in the written language; the move read is the same. */
START_TEST(test_parse_written)
{
	struct san_parse_options it = { SAN_LANG_IT, false, MSG_EN };
	struct san_parse_result result;
	struct position pos;

	util_parse(START, false, &pos);
	ck_assert_int_eq(san_parse_move_written(&pos, "Cf3+", 4, &it, SAN_LANG_EN, &result), SAN_OK);
	ck_assert_int_eq(result.warning_count, 1);
	ck_assert_str_eq(result.warnings[0].became, "Nf3");
	ck_assert_int_eq(san_parse_move(&pos, "Cf3+", 4, &it, &result), SAN_OK);
	ck_assert_str_eq(result.warnings[0].became, "Cf3");
	util_parse("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", false, &pos);
	ck_assert_int_eq(san_parse_move_written(&pos, "Cd2", 3, &it, SAN_LANG_EN, &result), SAN_ERR_AMBIGUOUS);
	ck_assert_msg(strstr(result.error.message, "Nbd2, Nfd2") != NULL, "%s", result.error.message);
}
END_TEST

START_TEST(test_names)
{
	enum san_lang lang;

	for (int i = 0; i < SAN_LANG_NB; i++) {
		ck_assert_int_eq(san_lang_parse(san_lang_name((enum san_lang)i), &lang), 0);
		ck_assert_int_eq(lang, i);
	}
	ck_assert_str_eq(san_lang_name(SAN_LANG_FIGURINE), "figurine");
	ck_assert_ptr_null(san_lang_name(SAN_LANG_NB));
	ck_assert_int_eq(san_lang_parse("xx", &lang), -1);
	ck_assert_int_eq(san_lang_parse(NULL, &lang), -1);
	ck_assert_str_eq(san_code_name(SAN_WARN_MISSING_CAPTURE), "missing_capture");
	ck_assert_str_eq(san_code_name(SAN_ERR_AMBIGUOUS), "ambiguous_move");
	/* every code has its own name */
	for (int i = 0; i < SAN_CODE_NB; i++) {
		ck_assert_ptr_nonnull(san_code_name((enum san_code)i));
		for (int j = 0; j < i; j++)
			ck_assert_str_ne(san_code_name((enum san_code)i), san_code_name((enum san_code)j));
	}
	ck_assert(!san_code_is_warning(SAN_ERR_ILLEGAL));
	ck_assert(san_code_is_warning(SAN_WARN_CASTLING_ZEROS));
	ck_assert(san_code_is_warning(SAN_WARN_LETTER_CASE));
	ck_assert_str_eq(san_piece_letter(SAN_LANG_RU, WHITE, KING), "Кр");
	ck_assert_str_eq(san_piece_letter(SAN_LANG_FIGURINE, BLACK, QUEEN), "♛");
	ck_assert_str_eq(san_piece_letter(SAN_LANG_EN, WHITE, PAWN), "");
}
END_TEST

static Suite *san_suite(void)
{
	Suite *s = suite_create("san");
	TCase *tc;

	tc = tcase_create("format");
	tcase_add_loop_test(tc, test_format, 0, NCASES(format_cases));
	tcase_add_test(tc, test_format_null);
	tcase_add_loop_test(tc, test_sample, 0, util_chunks(san_sample_count));
	suite_add_tcase(s, tc);

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, test_parse, 0, NCASES(parse_cases));
	tcase_add_test(tc, test_warning_fields);
	tcase_add_test(tc, test_glyph_fields);
	tcase_add_test(tc, test_null_fields);
	tcase_add_test(tc, test_cyrillic_fields);
	tcase_add_test(tc, test_messages_quote_as_written);
	tcase_add_test(tc, test_parse_uci);
	tcase_add_test(tc, test_ambiguous_candidates);
	tcase_add_test(tc, test_parse_length);
	tcase_add_test(tc, test_messages_are_utf8);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_foreign_letter_message);
	tcase_add_test(tc, test_parse_written);
	suite_add_tcase(s, tc);

	tc = tcase_create("round_trip");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_round_trip_sample, 0, util_chunks(fen_sample_count));
	tcase_add_test(tc, test_round_trip_special);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status;

	san_sample_count = util_read_lines("san-sample.txt", &san_sample, 1000);
	fen_sample_count = util_read_lines("fens-sample.txt", &fen_sample, 1000);
	status = util_run(san_suite());
	free(san_sample);
	free(fen_sample);
	return status;
}
