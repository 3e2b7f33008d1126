/* check_san_detect.c -- tests of src/core/san_detect.c: what a token's letters allow, and
 * the language of a move list (one game, two games, none), for a game in each language. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/san_detect.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* Kings and rooks only: R reads as a rook's move in English, a king's in Italian. */
#define ROOKS "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1"

#define EN SAN_LANG_BIT(SAN_LANG_EN)
#define IT SAN_LANG_BIT(SAN_LANG_IT)
#define ES SAN_LANG_BIT(SAN_LANG_ES)
#define FR SAN_LANG_BIT(SAN_LANG_FR)
#define DE SAN_LANG_BIT(SAN_LANG_DE)
#define NL SAN_LANG_BIT(SAN_LANG_NL)
#define RU SAN_LANG_BIT(SAN_LANG_RU)
#define FIG SAN_LANG_BIT(SAN_LANG_FIGURINE)
#define ALL SAN_LANG_SET_ALL

/* The English original and the Italian of the same game (seed 003, lines 372 and 1130). */
#define CARUANA_EN "c4 c6 Nf3 d5 g3 Bg4 Ne5 Bf5 Qb3 Qb6 cxd5 Qxb3 axb3 Be4 dxc6 Bxh1 Rxa7"
#define CARUANA_IT "c4 c6 Cf3 d5 g3 Ag4 Ce5 Af5 Db3 Db6 cxd5 Dxb3 axb3 Ae4 dxc6 Axh1 Txa7"

static const struct {
	const char *text;
	san_lang_set langs, split;
} token_cases[] = {
	{ "e4", ALL, 0 },
	{ "exd5", ALL, 0 },
	{ "O-O", ALL, 0 },
	{ "0-0-0", ALL, 0 },
	{ "--", ALL, 0 },
	{ "Z0", ALL, 0 },
	{ "null", ALL, 0 },
	{ "E4", ALL, 0 },
	{ " e4 ", ALL, 0 },
	{ "Nf3", EN, 0 },
	{ "nf3", EN, 0 },
	{ "Bb5", EN, 0 },
	{ "Qxd8+", EN, 0 },
	{ "e8=Q", EN, 0 },
	{ "e8N", EN, 0 },
	{ "e7e8q", EN, 0 },
	{ "Kf1", EN | DE | NL, 0 },
	{ "Rf1", EN | IT | ES | FR, IT | ES | FR },
	{ "rf1", EN | IT | ES | FR, IT | ES | FR },
	{ "Pe4", ALL, NL },
	{ "Cf3", IT | ES | FR, 0 },
	{ "Cxd5N", IT | ES | FR, 0 }, /* the N of a piece's move is the novelty */
	{ "Ab5", IT | ES, 0 },
	{ "Fb5", FR, 0 },
	{ "Dh5", IT | ES | FR | DE | NL, 0 },
	{ "e8=D", IT | ES | FR | DE | NL, 0 },
	{ "Tf1", IT | ES | FR | DE | NL, 0 },
	{ "Sf3", DE, 0 },
	{ "Lb5", DE | NL, 0 },
	{ "Кf3", RU, 0 },
	{ "Крe2", RU, 0 },
	{ "a8=Ф", RU, 0 },
	{ "♘f3", FIG, 0 },
	{ "♞c6", FIG, 0 },
	{ "exd8=♕", FIG, 0 },
	{ "Bb5±", EN, 0 },
};

START_TEST(test_token)
{
	struct san_detect_token tok;

	san_detect_token(token_cases[_i].text, strlen(token_cases[_i].text), &tok);
	ck_assert_msg(tok.langs == token_cases[_i].langs && tok.split == token_cases[_i].split,
		      "\"%s\": langs %02x split %02x, expected %02x %02x", token_cases[_i].text, tok.langs, tok.split,
		      token_cases[_i].langs, token_cases[_i].split);
}
END_TEST

START_TEST(test_sets)
{
	char out[128];

	ck_assert_int_eq(san_detect_first(IT | ES), SAN_LANG_IT);
	ck_assert_int_eq(san_detect_first(0), SAN_LANG_EN);
	/* R parts English from Italian, P Dutch from the rest; nothing parts Italian and Spanish */
	ck_assert(san_detect_may_split(EN | IT));
	ck_assert(san_detect_may_split(NL | DE));
	ck_assert(!san_detect_may_split(IT | ES | FR));
	ck_assert(!san_detect_may_split(EN));
	ck_assert(!san_detect_may_split(EN | DE));
	ck_assert_str_eq(san_detect_labels(IT | ES | FR, out, sizeof out), "Italian, Spanish and French");
	ck_assert_str_eq(san_detect_labels(DE, out, sizeof out), "German");
	ck_assert_str_eq(san_detect_letters(SAN_LANG_IT, out, sizeof out), "R D T A C");
	ck_assert_str_eq(san_detect_letters(SAN_LANG_RU, out, sizeof out), "Кр Ф Л С К");
	ck_assert_str_eq(san_detect_reading(IT | ES, out, sizeof out),
			 "Italian piece letters (R D T A C; Spanish reads them alike)");
	ck_assert_str_eq(san_detect_reading(EN, out, sizeof out), "English piece letters (K Q R B N)");
}
END_TEST

/* ---- move lists ---- */

/* A list of tokens split at blanks, in a buffer of its own. */
struct test_list {
	char text[512];
	const char *tokens[128];
	int count;
};

static void test_split(struct test_list *l, const char *moves)
{
	char *save = NULL;

	snprintf(l->text, sizeof l->text, "%s", moves);
	l->count = 0;
	for (char *t = strtok_r(l->text, " ", &save); t; t = strtok_r(NULL, " ", &save))
		l->tokens[l->count++] = t;
}

static const char *test_token_of(void *ctx, int i, size_t *length, bool *uci)
{
	const struct test_list *l = ctx;

	*length = strlen(l->tokens[i]);
	*uci = false;
	return l->tokens[i];
}

/* Detects the language of moves (blank-separated) from fen. */
static enum san_detect_verdict test_detect(const char *fen, const char *moves, struct san_detect_result *out)
{
	static struct test_list l;
	struct position start;
	struct san_detect_list list;

	util_parse(fen, false, &start);
	test_split(&l, moves);
	list = (struct san_detect_list){ &start, l.count, test_token_of, &l, false, -1, NULL };
	return san_detect_list(&list, out);
}

/* Reads moves in lang, as a caller does after detecting, and returns the UCI of each,
 * blank-separated, into out. */
static void test_read(const char *fen, const char *moves, enum san_lang lang, char *out, size_t size)
{
	struct san_parse_options options = { lang, false, MSG_EN };
	struct san_parse_result r;
	struct test_list l;
	struct position pos;
	size_t used = 0;

	util_parse(fen, false, &pos);
	test_split(&l, moves);
	out[0] = '\0';
	for (int i = 0; i < l.count; i++) {
		struct position_undo undo;
		char uci[UCI_MAX];
		ck_assert_msg(san_parse_move(&pos, l.tokens[i], strlen(l.tokens[i]), &options, &r) == SAN_OK,
			      "%s in %s: %s", l.tokens[i], san_lang_name(lang), r.error.message);
		uci_format_move(&pos, r.m, uci);
		used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "", uci);
		position_make_move(&pos, r.m, &undo);
	}
}

/* A game in each language, read in the language detected, plays the same moves. */
static const struct {
	const char *moves;
	enum san_lang lang;
	san_lang_set langs;
	int english_out;
} game_cases[] = {
	{ CARUANA_EN, SAN_LANG_EN, EN, -1 },
	{ CARUANA_IT, SAN_LANG_IT, IT | ES, 2 },
	{ "e4 e5 Cf3 Cc6 Ac4 Ac5", SAN_LANG_IT, IT | ES, 2 },   /* Spanish: the same letters */
	{ "e4 e5 Cf3 Cc6 Fc4 Fc5", SAN_LANG_FR, FR, 2 },
	{ "e4 e5 Sf3 Sc6 Lc4 Lc5", SAN_LANG_DE, DE, 2 },
	{ "e4 e5 Pf3 Pc6 Pg5 d5", SAN_LANG_NL, NL, 4 },        /* the pawns' reading of P fails at Pg5 */
	{ "e4 e5 Кf3 Кc6 Сc4 Сc5", SAN_LANG_RU, RU, 2 },
	{ "e4 e5 ♘f3 ♞c6 ♗c4 ♝c5", SAN_LANG_FIGURINE, FIG, 2 },
	{ "d4 d5 Cc3 Cc6", SAN_LANG_IT, IT | ES | FR, 2 },
	{ "e4 e5 d4 exd4 c3 dxc3", SAN_LANG_EN, ALL, -1 },       /* no piece letter: English stands */
};

START_TEST(test_games)
{
	struct san_detect_result d;
	char read[512], english[512];

	ck_assert_int_eq(test_detect(START, game_cases[_i].moves, &d), SAN_DETECT_READ);
	ck_assert_msg(d.lang == game_cases[_i].lang && d.langs == game_cases[_i].langs, "%s: %s %02x",
		      game_cases[_i].moves, san_lang_name(d.lang), d.langs);
	ck_assert_int_eq(d.english_out, game_cases[_i].english_out);
	test_read(START, game_cases[_i].moves, d.lang, read, sizeof read);
	if (!strcmp(game_cases[_i].moves, CARUANA_IT)) {
		test_read(START, CARUANA_EN, SAN_LANG_EN, english, sizeof english);
		ck_assert_str_eq(read, english);
	}
}
END_TEST

/* R is a rook in English and the king in Italian, Spanish and French: both play. */
START_TEST(test_ambiguous)
{
	struct san_detect_result d;
	char uci[UCI_MAX];
	struct position rooks;

	ck_assert_int_eq(test_detect(ROOKS, "Rf1 Rf8", &d), SAN_DETECT_AMBIGUOUS);
	util_parse(ROOKS, false, &rooks);
	ck_assert_int_eq(d.ply, 0);
	ck_assert_int_eq(d.before.key, rooks.key);
	ck_assert_int_eq(d.langs, EN | IT | ES | FR);
	ck_assert_int_eq(d.readings[0].langs, EN);
	uci_format_move(&d.before, d.readings[0].m, uci);
	ck_assert_str_eq(uci, "h1f1");
	ck_assert_int_eq(d.readings[1].langs, IT | ES | FR);
	uci_format_move(&d.before, d.readings[1].m, uci);
	ck_assert_str_eq(uci, "e1f1");
	/* parting later: the ply is where, from the position there */
	ck_assert_int_eq(test_detect("4k2r/4p3/8/8/8/8/4P3/4K2R w Kk - 0 1", "e3 e6 Rf1 Rf8", &d), SAN_DETECT_AMBIGUOUS);
	ck_assert_int_eq(d.ply, 2);
	ck_assert_int_eq(d.before.turn, WHITE);
	/* a later move that one reading cannot play decides */
	ck_assert_int_eq(test_detect(ROOKS, "Rf1 Rf8 Rf2 Rf7 Rg3", &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_IT);
	ck_assert_int_eq(d.english_out, 4);
	ck_assert_int_eq(test_detect(ROOKS, "Rf1 Rf8 Rf2 Rf7 Rh2", &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_EN);
	ck_assert_int_eq(d.langs, EN);
	/* letters another reading owns decide too */
	ck_assert_int_eq(test_detect(ROOKS, "Rf1 Rf8 Kd1", &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_EN);
	ck_assert_int_eq(test_detect(ROOKS, "Rf1 Rf8 Tg1", &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_IT);
}
END_TEST

/* No language reads every move: the one that went furthest. */
START_TEST(test_none)
{
	struct san_detect_result d;

	ck_assert_int_eq(test_detect(START, "e4 Zz9", &d), SAN_DETECT_NONE);
	ck_assert_int_eq(d.lang, SAN_LANG_EN);
	ck_assert_int_eq(d.langs, ALL);
	ck_assert_int_eq(d.reached, 1);
	/* D is no English letter: the languages that own it read to Zz9 */
	ck_assert_int_eq(test_detect(START, "e4 e5 Dh5 Zz9", &d), SAN_DETECT_NONE);
	ck_assert_int_eq(d.lang, SAN_LANG_IT);
	ck_assert_int_eq(d.langs, IT | ES | FR | DE | NL);
	ck_assert_int_eq(d.reached, 3);
	ck_assert_int_eq(d.english_out, 2);
	/* a move that does not read goes further than letters that do not fit */
	ck_assert_int_eq(test_detect(START, "e4 e5 Cf6", &d), SAN_DETECT_NONE);
	ck_assert_int_eq(d.langs, IT | ES | FR);
	ck_assert_int_eq(d.reached, 2);
}
END_TEST

/* A reading left alone reads on in its first language through letters of none of its
 * languages (san.h reads the English letters that collide with none of Italian's). */
START_TEST(test_lone_reading)
{
	struct san_detect_result d;

	ck_assert_int_eq(test_detect(START, "c4 c6 Cf3 d5 g3 Bg4", &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_IT);
	/* once settled, only the letters count: the reading in it finds what is wrong */
	ck_assert_int_eq(test_detect(START, "e4 e5 Cf3 Zz9", &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_IT);
}
END_TEST

/* The history then the moves, the moves from a position of their own. */
static const char *test_two_lists(void *ctx, int i, size_t *length, bool *uci)
{
	static const char *const tokens[] = { "e4", "e5", "Cf3", "Cc6" };

	(void)ctx;
	*length = strlen(tokens[i]);
	*uci = false;
	return tokens[i];
}

START_TEST(test_restart)
{
	struct position start, after;
	struct san_detect_result d;
	struct san_detect_list list;

	util_parse(START, false, &start);
	util_parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", false, &after);
	list = (struct san_detect_list){ &start, 4, test_two_lists, NULL, false, 2, &after };
	ck_assert_int_eq(san_detect_list(&list, &d), SAN_DETECT_READ);
	ck_assert_int_eq(d.lang, SAN_LANG_IT);
	ck_assert_int_eq(d.english_out, 2);
}
END_TEST

static Suite *san_detect_suite(void)
{
	Suite *s = suite_create("san_detect");
	TCase *tc = tcase_create("letters");

	tcase_add_loop_test(tc, test_token, 0, (int)(sizeof token_cases / sizeof token_cases[0]));
	tcase_add_test(tc, test_sets);
	suite_add_tcase(s, tc);
	tc = tcase_create("lists");
	tcase_add_loop_test(tc, test_games, 0, (int)(sizeof game_cases / sizeof game_cases[0]));
	tcase_add_test(tc, test_ambiguous);
	tcase_add_test(tc, test_none);
	tcase_add_test(tc, test_lone_reading);
	tcase_add_test(tc, test_restart);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(san_detect_suite());
}
