/* check_pgn.c -- tests of the PGN reader (src/core/pgn.c), the NAG table (src/core/nag.c)
 * and the JSON built from the reader's events (src/json/json-pgn.c): the source
 * document's own games, every syntax feature the reader claims, and every error path.
 * Expected FENs were checked against pgn-extract --fencomments. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check_util.h"
#include "core/nag.h"
#include "core/pgn.h"
#include "json/json.h"

#define CARUANA "1. c4 c6 2. Nf3 d5 3. g3 Bg4 4. Ne5 Bf5 5. Qb3 Qb6 6. cxd5 Qxb3 7. axb3 Be4 8. dxc6 Bxh1 9. Rxa7 1-0"
#define CARUANA_FINAL "rn2kbnr/Rp2pppp/2P5/4N3/8/1P4P1/1P1PPP1P/1NB1KB1b b kq - 0 9"
#define MINI_FINAL "r2q1bnr/ppp1kBpp/2np4/3NN3/4P3/7P/PPPP1PP1/R1BbK2R b KQ - 2 8"

/* A game as a client sees it: printed, then parsed back. */
static void add_printed(cJSON *games, cJSON *game)
{
	char *text = cJSON_PrintUnformatted(game);
	cJSON *parsed = text ? cJSON_Parse(text) : NULL;

	ck_assert_msg(parsed != NULL, "the game's JSON does not parse back");
	cJSON_AddItemToArray(games, parsed);
	cJSON_free(text);
	cJSON_Delete(game);
}

/* Reads text, length bytes, handing the reader pieces of at most chunk bytes, with
 * options (SAN written in options->san.lang), and returns the games' JSON as an array (the
 * caller deletes it). */
static cJSON *read_pgn_with(const char *text, size_t length, size_t chunk, const struct pgn_options *options)
{
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct json_pgn *builder = json_pgn_new(&style, options->san.lang, true);
	struct pgn_reader *reader = malloc(sizeof *reader);
	cJSON *games = cJSON_CreateArray(), *game;
	size_t at = 0;
	bool oom;

	ck_assert_ptr_nonnull(builder);
	ck_assert_ptr_nonnull(reader);
	pgn_reader_init(reader, &json_pgn_visitor, builder, options);
	while (at < length) {
		size_t piece = length - at < chunk ? length - at : chunk;
		size_t used = 0;
		while (used < piece) {
			used += pgn_reader_feed(reader, text + at + used, piece - used);
			while ((game = json_pgn_take(builder, NULL, &oom)))
				add_printed(games, game);
			ck_assert(!oom);
		}
		at += piece;
	}
	pgn_reader_finish(reader);
	while ((game = json_pgn_take(builder, NULL, &oom)))
		add_printed(games, game);
	ck_assert(!oom);
	json_pgn_free(builder);
	free(reader);
	return games;
}

static cJSON *read_pgn_options(const char *text, size_t length, size_t chunk, enum san_lang lang, bool strict)
{
	struct pgn_options options = { { lang, strict, MSG_EN }, false, MSG_EN };

	return read_pgn_with(text, length, chunk, &options);
}

/* The language detected, SAN written in English, as /pgn does without lang. */
static cJSON *read_pgn_detect(const char *text, size_t chunk)
{
	struct pgn_options options = { { SAN_LANG_EN, false, MSG_EN }, true, MSG_EN };

	return read_pgn_with(text, strlen(text), chunk, &options);
}

static cJSON *read_pgn_chunked(const char *text, size_t length, size_t chunk, enum san_lang lang)
{
	return read_pgn_options(text, length, chunk, lang, false);
}

static cJSON *read_pgn(const char *text)
{
	return read_pgn_chunked(text, strlen(text), strlen(text) + 1, SAN_LANG_EN);
}

/* Reads text that must hold exactly one game, and returns that game (detached). */
static cJSON *read_one(const char *text)
{
	cJSON *games = read_pgn(text), *game;

	ck_assert_int_eq(cJSON_GetArraySize(games), 1);
	game = cJSON_DetachItemFromArray(games, 0);
	cJSON_Delete(games);
	return game;
}

static cJSON *get(const cJSON *obj, const char *name)
{
	cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);

	ck_assert_msg(item != NULL, "no member %s", name);
	return item;
}

static const char *get_string(const cJSON *obj, const char *name)
{
	const char *s = cJSON_GetStringValue(get(obj, name));

	ck_assert_msg(s != NULL, "member %s is not a string", name);
	return s;
}

static int get_int(const cJSON *obj, const char *name)
{
	cJSON *item = get(obj, name);

	ck_assert_msg(cJSON_IsNumber(item), "member %s is not a number", name);
	return item->valueint;
}

static cJSON *move_at(const cJSON *game, int i)
{
	cJSON *m = cJSON_GetArrayItem(get(game, "moves"), i);

	ck_assert_msg(m != NULL, "no move %d", i);
	return m;
}

/* The i-th variation of a move, as an array of moves. */
static cJSON *variation(const cJSON *m, int i)
{
	cJSON *line = cJSON_GetArrayItem(get(m, "variations"), i);

	ck_assert_msg(line != NULL, "no variation %d", i);
	return line;
}

/* The first issue with code in game's errors or warnings, or NULL. */
static cJSON *find_issue(const cJSON *game, const char *list, const char *code)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, get(game, list))
		if (!strcmp(get_string(item, "code"), code))
			return (cJSON *)item;
	return NULL;
}

static int nag_of(const cJSON *m, int i)
{
	cJSON *nag = cJSON_GetArrayItem(get(m, "nags"), i);

	ck_assert_msg(nag != NULL, "no NAG %d", i);
	return get_int(nag, "nag");
}

START_TEST(test_document_example)
{
	cJSON *game = read_one(CARUANA);
	cJSON *moves = get(game, "moves");

	ck_assert_int_eq(cJSON_GetArraySize(moves), 17);
	ck_assert_str_eq(get_string(game, "result"), "1-0");
	ck_assert_str_eq(get_string(game, "final_fen"), CARUANA_FINAL);
	ck_assert_str_eq(get_string(game, "start_fen"), POSITION_START_FEN);
	ck_assert_str_eq(get_string(move_at(game, 0), "san"), "c4");
	ck_assert_str_eq(get_string(move_at(game, 0), "uci"), "c2c4");
	ck_assert_str_eq(get_string(move_at(game, 0), "fen"), "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1");
	ck_assert_str_eq(get_string(move_at(game, 15), "san"), "Bxh1");
	ck_assert_str_eq(get_string(move_at(game, 15), "fen"),
			 "rn2kbnr/pp2pppp/2P5/4N3/8/1P4P1/1P1PPP1P/RNB1KB1b w Qkq - 0 9");
	ck_assert_int_eq(get_int(move_at(game, 16), "ply"), 17);
	ck_assert_int_eq(get_int(move_at(game, 16), "move_number"), 9);
	ck_assert_str_eq(get_string(move_at(game, 16), "color"), "white");
	ck_assert_str_eq(get_string(move_at(game, 1), "color"), "black");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	ck_assert(cJSON_IsFalse(get(game, "chess960")));
	ck_assert(cJSON_IsFalse(get(get(game, "status"), "checkmate")));
	cJSON_Delete(game);
}
END_TEST

static char *load(const char *name)
{
	char path[512];
	size_t length;

	snprintf(path, sizeof path, "%s/pgn/%s", TEST_DATA_DIR, name);
	return util_read_file(path, &length);
}

START_TEST(test_mini_template)
{
	char *text = load("mini-template.pgn");
	cJSON *game = read_one(text), *tags = get(game, "tags"), *m, *line;

	ck_assert_int_eq(cJSON_GetArraySize(tags), 14);
	ck_assert_str_eq(get_string(tags, "Annotator"), "DocSimooo");
	ck_assert_str_eq(get_string(tags, "ECO"), "C20");
	ck_assert_str_eq(get_string(tags, "Date"), "????.??.??");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 15);
	ck_assert_str_eq(get_string(move_at(game, 14), "san"), "Nd5#");
	ck_assert_str_eq(get_string(game, "final_fen"), MINI_FINAL);
	ck_assert(cJSON_IsTrue(get(get(game, "status"), "checkmate")));
	ck_assert_str_eq(get_string(get(game, "status"), "result"), "1-0");
	ck_assert_str_eq(get_string(game, "result"), "1-0");
	ck_assert_str_eq(get_string(move_at(game, 7), "comment"), "Normal development");

	/* 5... Bh5? (5...Bxf3 {Best move...} 6. Qxf3) */
	m = move_at(game, 9);
	ck_assert_str_eq(get_string(m, "san"), "Bh5");
	ck_assert_int_eq(nag_of(m, 0), 2);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(m, "nags"), 0), "glyph"), "?");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(m, "nags"), 0), "meaning"), "poor move");
	ck_assert_int_eq(cJSON_GetArraySize(get(m, "variations")), 1);
	line = variation(m, 0);
	ck_assert_int_eq(cJSON_GetArraySize(line), 2);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "san"), "Bxf3");
	ck_assert_int_eq(get_int(cJSON_GetArrayItem(line, 0), "ply"), 10);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "comment"),
			 "Best move. White keeps the bishop pair and a solid position.");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "fen"),
			 "r2qkbnr/ppp2ppp/2np4/4p3/2B1P3/2N2b1P/PPPP1PP1/R1BQK2R w KQkq - 0 6");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 1), "fen"),
			 "r2qkbnr/ppp2ppp/2np4/4p3/2B1P3/2N2Q1P/PPPP1PP1/R1B1K2R b KQkq - 0 6");

	/* 6. Nxe5!! Bxd1?? with two variations, the second four moves deep */
	ck_assert_int_eq(nag_of(move_at(game, 10), 0), 3);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(move_at(game, 10), "nags"), 0), "glyph"), "!!");
	m = move_at(game, 11);
	ck_assert_int_eq(nag_of(m, 0), 4);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(m, "nags"), 0), "meaning"), "very poor move");
	ck_assert_int_eq(cJSON_GetArraySize(get(m, "variations")), 2);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(variation(m, 0), 1), "comment"), "White wins a bishop");
	line = variation(m, 1);
	ck_assert_int_eq(cJSON_GetArraySize(line), 6);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 3), "san"), "Qb5+");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 3), "comment"), "Fork");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 5), "fen"),
			 "r2qkbnr/pp3ppp/2pp4/8/2Q1P3/2N4P/PPPP1PP1/R1B1K2R b KQkq - 0 9");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(game);
	free(text);
}
END_TEST

/* Any way of cutting the input into pieces gives the same games. */
START_TEST(test_chunks)
{
	char *text = load("mini-template.pgn");
	cJSON *whole = read_pgn_chunked(text, strlen(text), strlen(text), SAN_LANG_EN);

	for (size_t chunk = 1; chunk <= 7; chunk++) {
		cJSON *pieces = read_pgn_chunked(text, strlen(text), chunk, SAN_LANG_EN);
		ck_assert_msg(cJSON_Compare(whole, pieces, true), "pieces of %zu bytes differ", chunk);
		cJSON_Delete(pieces);
	}
	cJSON_Delete(whole);
	free(text);
}
END_TEST

START_TEST(test_variation_examples)
{
	cJSON *game = read_one("1. e4 (1. d4 d5 2. c4) e5"), *line;

	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	line = variation(move_at(game, 0), 0);
	ck_assert_int_eq(cJSON_GetArraySize(line), 3);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "san"), "d4");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 2), "fen"),
			 "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2");
	ck_assert_str_eq(get_string(move_at(game, 1), "fen"),
			 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
	/* no result: a warning, and the result is unknown */
	ck_assert_str_eq(get_string(game, "result"), "*");
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "missing_result"));
	cJSON_Delete(game);

	/* the issue's form, and the document's with an ellipsis character */
	const char *forms[] = { "1. e4 e5 (1... d5 2. exd5) *", "1. e4 e5 (\xe2\x80\xa6" "d5 2. exd5) *" };
	for (int i = 0; i < 2; i++) {
		game = read_one(forms[i]);
		line = variation(move_at(game, 1), 0);
		ck_assert_int_eq(cJSON_GetArraySize(line), 2);
		ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "fen"),
				 "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
		ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 1), "fen"),
				 "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
		cJSON_Delete(game);
	}

	/* nested: a variation inside a variation, with a comment inside */
	game = read_one("1. e4 (1. d4 {The Queen's Gambit is a solid alternative} d5 (1... Nf6 2. c4) 2. c4) e5 *");
	line = variation(move_at(game, 0), 0);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "comment"), "The Queen's Gambit is a solid alternative");
	line = variation(cJSON_GetArrayItem(line, 1), 0);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 1), "fen"),
			 "rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2");
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_annotated_movetext)
{
	cJSON *game = read_one("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 Nc6 5. h3! Bh5? 6. Nxe5!! Bxd1?? *");
	static const int nags[] = { 1, 2, 3, 4 };
	static const char *const glyphs[] = { "!", "?", "!!", "??" };

	for (int i = 0; i < 4; i++) {
		cJSON *nag = cJSON_GetArrayItem(get(move_at(game, 8 + i), "nags"), 0);
		ck_assert_int_eq(get_int(nag, "nag"), nags[i]);
		ck_assert_str_eq(get_string(nag, "glyph"), glyphs[i]);
	}
	ck_assert_str_eq(get_string(move_at(game, 10), "san"), "Nxe5");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(game);

	/* !? and ?! as suffixes and on their own; $n after a move */
	game = read_one("1. e4!? e5?! 2. Nf3 !? Nc6 ?! 3. Bb5 $1 $18 a6 $255 *");
	ck_assert_int_eq(nag_of(move_at(game, 0), 0), 5);
	ck_assert_int_eq(nag_of(move_at(game, 1), 0), 6);
	ck_assert_int_eq(nag_of(move_at(game, 2), 0), 5);
	ck_assert_int_eq(nag_of(move_at(game, 3), 0), 6);
	ck_assert_int_eq(nag_of(move_at(game, 4), 0), 1);
	ck_assert_int_eq(nag_of(move_at(game, 4), 1), 18);
	ck_assert_int_eq(nag_of(move_at(game, 5), 0), 255);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(move_at(game, 4), "nags"), 1), "glyph"), "+\u2212");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(move_at(game, 4), "nags"), 1), "meaning"),
			 "White has a decisive advantage");
	ck_assert(cJSON_IsNull(get(cJSON_GetArrayItem(get(move_at(game, 5), "nags"), 0), "glyph")));
	cJSON_Delete(game);

	/* A glyph before the check sign (found by fuzz-pgn): the SAN is written again
	 * without it, not passed on as if it were standard. */
	game = read_one("1. e4 f6 2. Qh5!+ *");
	ck_assert_str_eq(get_string(move_at(game, 2), "san"), "Qh5+");
	ck_assert_str_eq(get_string(move_at(game, 2), "uci"), "d1h5");
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_assessment_glyphs)
{
	/* every spelling of the document's legend, after a move */
	static const struct {
		const char *glyph;
		int nag;
	} cases[] = {
		{ "=", 10 }, { "\u221e", 13 }, { "\u2a72", 14 }, { "+=", 14 }, { "\u2a71", 15 }, { "=+", 15 },
		{ "\u00b1", 16 }, { "+/-", 16 }, { "\u2213", 17 }, { "-/+", 17 }, { "+\u2212", 18 }, { "+-", 18 },
		{ "\u2212+", 19 }, { "-+", 19 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[64];
		snprintf(text, sizeof text, "1. d4 %s *", cases[i].glyph);
		cJSON *game = read_one(text);
		ck_assert_msg(nag_of(move_at(game, 0), 0) == cases[i].nag, "%s is not $%d", cases[i].glyph,
			      cases[i].nag);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
		cJSON_Delete(game);
	}
}
END_TEST

/* Glyphs glued to moves, as books and forums print them: each is its NAG (JSON "nags"),
 * with a glyph_attached warning, and the mainline is read to its end. */
START_TEST(test_glued_glyphs)
{
	static const struct {
		const char *glyph;
		int nag;
	} cases[] = {
		{ "=", 10 }, { "\u221e", 13 }, { "\u2a72", 14 }, { "+=", 14 }, { "+/=", 14 }, { "\u2a71", 15 }, { "=+", 15 },
		{ "=/+", 15 }, { "\u00b1", 16 }, { "+/-", 16 }, { "+/\u2212", 16 }, { "\u2213", 17 }, { "-/+", 17 },
		{ "\u2212/+", 17 }, { "+\u2212", 18 }, { "+-", 18 }, { "\u2212+", 19 }, { "-+", 19 }, { "\u25a1", 7 },
		{ "\u2a00", 22 }, { "N", 146 },
	};
	cJSON *game, *w, *line;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[64];
		snprintf(text, sizeof text, "1. d4%s d5 *", cases[i].glyph);
		game = read_one(text);
		ck_assert_msg(cJSON_GetArraySize(get(game, "moves")) == 2, "%s: %d moves", text,
			      cJSON_GetArraySize(get(game, "moves")));
		ck_assert_str_eq(get_string(move_at(game, 0), "san"), "d4");
		ck_assert_msg(nag_of(move_at(game, 0), 0) == cases[i].nag, "d4%s is not $%d", cases[i].glyph, cases[i].nag);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
		w = find_issue(game, "warnings", "glyph_attached");
		ck_assert_msg(w != NULL, "d4%s: no glyph_attached", cases[i].glyph);
		ck_assert_str_eq(get_string(w, "given"), cases[i].glyph);
		ck_assert_int_eq(get_int(w, "column"), 6);
		cJSON_Delete(game);
	}

	/* a whole annotated game, as a book prints it: read to its end, every glyph kept */
	game = read_one("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3\u2a72 Nc6 5. h3 Bh5? (5... Bxf3 6. Qxf3\u00b1) 6. Nxe5!! "
			"Bxd1?? (6... dxe5 7. Qxh5+\u2212) 7. Bxf7+ Ke7 8. Nd5# 1-0");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 15);
	ck_assert_str_eq(get_string(game, "final_fen"), MINI_FINAL);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(nag_of(move_at(game, 6), 0), 14);
	ck_assert_str_eq(get_string(move_at(game, 6), "san"), "Nc3");
	ck_assert_int_eq(nag_of(move_at(game, 9), 0), 2);
	ck_assert_int_eq(nag_of(move_at(game, 10), 0), 3);
	ck_assert_int_eq(nag_of(move_at(game, 11), 0), 4);
	line = variation(move_at(game, 9), 0);
	ck_assert_int_eq(nag_of(cJSON_GetArrayItem(line, 1), 0), 16);
	line = variation(move_at(game, 11), 0);
	ck_assert_int_eq(nag_of(cJSON_GetArrayItem(line, 1), 0), 18);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 1), "fen"),
			 "r2qkbnr/ppp2ppp/2n5/4p2Q/2B1P3/2N4P/PPPP1PP1/R1B1K2R b KQkq - 0 7");
	/* glyph_attached for the three assessments; the suffixes !, ?, !!, ?? are PGN's own */
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 3);
	cJSON_Delete(game);

	/* after a check mark, after a mate, next to a move suffix, after "Ba4=" */
	game = read_one("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#+- 1-0");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 7);
	ck_assert_str_eq(get_string(move_at(game, 6), "san"), "Qxf7#");
	ck_assert_int_eq(nag_of(move_at(game, 6), 0), 18);
	ck_assert(cJSON_IsTrue(get(get(game, "status"), "checkmate")));
	cJSON_Delete(game);
	game = read_one("1. e4 e5 2. Nf3 Nc6 3. Bb5!\u00b1 a6 4. Ba4= Nf6 *");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 8);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 4), "nags")), 2);
	ck_assert_int_eq(nag_of(move_at(game, 4), 0), 1);
	ck_assert_int_eq(nag_of(move_at(game, 4), 1), 16);
	ck_assert_int_eq(nag_of(move_at(game, 6), 0), 10);
	ck_assert_str_eq(get_string(move_at(game, 6), "san"), "Ba4");
	cJSON_Delete(game);

	/* a promotion is still one: "=Q" promotes, the '=' after it is the glyph */
	game = read_one("[FEN \"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q= Kd7 *");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_str_eq(get_string(move_at(game, 0), "uci"), "a7a8q");
	ck_assert_int_eq(nag_of(move_at(game, 0), 0), 10);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	cJSON_Delete(game);
	game = read_one("[FEN \"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. axb8=Q+= *");
	ck_assert_str_eq(get_string(move_at(game, 0), "san"), "axb8=Q+");
	ck_assert_int_eq(nag_of(move_at(game, 0), 0), 10);
	ck_assert_ptr_null(find_issue(game, "warnings", "missing_check"));
	cJSON_Delete(game);

	/* strict: a glued assessment is not SAN; a glued move suffix is PGN's */
	{
		const char *text = "1. e4! e5 2. Nf3 Nc6 3. Bb5\u00b1 a6 *";
		cJSON *games = read_pgn_options(text, strlen(text), 4096, SAN_LANG_EN, true), *e;
		game = cJSON_GetArrayItem(games, 0);
		e = find_issue(game, "errors", "non_standard_san");
		ck_assert_ptr_nonnull(e);
		ck_assert_str_eq(get_string(e, "reason"), "glyph_attached");
		ck_assert_str_eq(get_string(e, "given"), "\u00b1");
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 4);
		ck_assert_int_eq(nag_of(move_at(game, 0), 0), 1);
		cJSON_Delete(games);
	}
}
END_TEST

/* Null moves (--, Z0, 0000, @@@@, null): played, as "--" and "0000" with the FEN after
 * them (python-chess's Board.push(Move.null()) gives the same), with a null_move warning;
 * not by a side in check; not under strict SAN. */
START_TEST(test_null_moves)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
		"rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2",
		"rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3",
		"rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 2 3",
		"rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 3 4",
		"rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 4 4",
		"rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 5 5",
	};
	cJSON *game = read_one("1. e4 -- 2. d4 Z0 3. Nf3 0000 4. @@@@ null *"), *item;
	int nulls = 0;

	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 8);
	for (int i = 0; i < 8; i++) {
		ck_assert_str_eq(get_string(move_at(game, i), "fen"), fens[i]);
		if (i % 2 || i == 6) {
			ck_assert_str_eq(get_string(move_at(game, i), "san"), "--");
			ck_assert_str_eq(get_string(move_at(game, i), "uci"), "0000");
		}
	}
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	cJSON_ArrayForEach(item, get(game, "warnings"))
		nulls += !strcmp(get_string(item, "code"), "null_move");
	ck_assert_int_eq(nulls, 5);
	item = find_issue(game, "warnings", "null_move");
	ck_assert_str_eq(get_string(item, "given"), "--");
	ck_assert_str_eq(get_string(item, "became"), "--");
	ck_assert_int_eq(get_int(item, "ply"), 2);
	cJSON_Delete(game);

	/* in a variation, with a NAG and a comment, as analysis shows a threat */
	game = read_one("1. e4 e5 2. Nf3 (2. -- {what if White passes?} Nc6) Nc6 *");
	item = variation(move_at(game, 2), 0);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(item, 0), "san"), "--");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(item, 0), "comment"), "what if White passes?");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(item, 1), "fen"),
			 "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 4);
	cJSON_Delete(game);

	/* a side in check cannot pass: the line stops there */
	game = read_one("1. e4 f5 2. Qh5+ Z0 3. d4 *");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 3);
	item = find_issue(game, "errors", "illegal_move");
	ck_assert_ptr_nonnull(item);
	ck_assert_str_eq(get_string(item, "reason"), "null_move_in_check");
	ck_assert_str_eq(get_string(item, "san"), "Z0");
	ck_assert_ptr_nonnull(strstr(get_string(item, "message"), "Black is in check"));
	cJSON_Delete(game);

	/* strict SAN refuses a null move */
	{
		const char *text = "1. e4 -- 2. d4 *";
		cJSON *games = read_pgn_options(text, strlen(text), 4096, SAN_LANG_EN, true), *e;
		game = cJSON_GetArrayItem(games, 0);
		e = find_issue(game, "errors", "non_standard_san");
		ck_assert_ptr_nonnull(e);
		ck_assert_str_eq(get_string(e, "reason"), "null_move");
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 1);
		cJSON_Delete(games);
	}
}
END_TEST

/* A real export with null moves: pgn-extract 19.04 (--allownullmoves) writing the games
 * of tests/data/pgn/null-moves-pgn-extract.pgn, null moves in a variation and in the main
 * line. Every FEN below is python-chess's for the same file (pgn-extract's own FEN
 * comments keep the en-passant square and the half-move clock across a null move, which
 * python-chess and fend do not). pgn-extract reads Z0 but writes every null move "--":
 * Z0 is tested in test_null_moves. */
START_TEST(test_null_moves_export)
{
	char *text = load("null-moves-pgn-extract.pgn");
	cJSON *games = read_pgn(text), *game, *line;

	ck_assert_int_eq(cJSON_GetArraySize(games), 2);
	game = cJSON_GetArrayItem(games, 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 15);
	ck_assert_str_eq(get_string(game, "final_fen"), MINI_FINAL);
	line = variation(move_at(game, 9), 1);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "san"), "--");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "fen"),
			 "r2qkbnr/ppp2ppp/2np4/4p3/2B1P1b1/2N2N1P/PPPP1PP1/R1BQK2R w KQkq - 1 6");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 1), "fen"),
			 "r2qkbnr/ppp2ppp/2np4/4p3/2B1P1P1/2N2N2/PPPP1PP1/R1BQK2R b KQkq - 0 6");
	ck_assert_int_eq(nag_of(cJSON_GetArrayItem(line, 1), 0), 18);

	game = cJSON_GetArrayItem(games, 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 11);
	ck_assert_str_eq(get_string(move_at(game, 3), "fen"), "rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 1 3");
	ck_assert_str_eq(get_string(move_at(game, 5), "fen"),
			 "rnbqkb1r/pppppppp/5n2/8/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 3 4");
	ck_assert_str_eq(get_string(move_at(game, 8), "san"), "--");
	ck_assert_str_eq(get_string(move_at(game, 8), "fen"),
			 "rnbqkb1r/ppp1pppp/3p1n2/8/2PPP3/2N5/PP3PPP/R1BQKBNR b KQkq - 1 5");
	ck_assert_str_eq(get_string(game, "final_fen"),
			 "rnbqkb1r/ppp2ppp/3p1n2/3Pp3/2P1P3/2N5/PP3PPP/R1BQKBNR b KQkq - 0 6");
	ck_assert_int_eq(nag_of(move_at(game, 10), 0), 16);
	cJSON_Delete(games);
	free(text);
}
END_TEST

/* Strict SAN in PGN: movetext is SAN (PGN standard 8.2.3), so UCI and long algebraic
 * moves are errors; lenient reading plays them with a warning. */
START_TEST(test_strict_coordinates)
{
	static const struct {
		const char *text, *reason, *san;
		int plies, lenient_plies;
	} cases[] = {
		{ "1. e2e4 e5 *", "coordinate_move", "e2e4", 0, 2 },
		{ "1. e4 e5 2. g1f3 Nc6 *", "coordinate_move", "g1f3", 2, 4 },
		{ "1. e4 e5 2. Ng1-f3 Nc6 *", "coordinate_move", "Ng1-f3", 2, 4 },
		{ "1. e4 e5 2. Ng1f3 Nc6 *", "coordinate_move", "Ng1f3", 2, 4 },
		{ "1. e4 e5 2. g1f3! Nc6 *", "coordinate_move", "g1f3", 2, 4 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cJSON *games = read_pgn_options(cases[i].text, strlen(cases[i].text), 4096, SAN_LANG_EN, true);
		cJSON *game = cJSON_GetArrayItem(games, 0), *e = find_issue(game, "errors", "non_standard_san");
		ck_assert_msg(e != NULL, "%s: no non_standard_san", cases[i].text);
		ck_assert_str_eq(get_string(e, "reason"), cases[i].reason);
		ck_assert_str_eq(get_string(e, "san"), cases[i].san);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), cases[i].plies);
		ck_assert_ptr_null(find_issue(game, "warnings", "uci_move"));
		cJSON_Delete(games);

		/* lenient: played, with a warning */
		game = read_one(cases[i].text);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), cases[i].lenient_plies);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 1);
		cJSON_Delete(game);
	}
}
END_TEST

START_TEST(test_nag_table)
{
	for (int nag = 0; nag <= 139; nag++)
		ck_assert_msg(nag_meaning(nag) != NULL, "$%d has no meaning", nag);
	ck_assert_str_eq(nag_meaning(13), "unclear position");
	ck_assert_str_eq(nag_glyph(13), "\u221e");
	ck_assert_str_eq(nag_meaning(19), "Black has a decisive advantage");
	ck_assert_str_eq(nag_meaning(139), "Black has severe time control pressure");
	ck_assert_str_eq(nag_glyph(16), "\u00b1");
	ck_assert_ptr_null(nag_glyph(11));
	ck_assert_ptr_null(nag_meaning(256));
	ck_assert_ptr_null(nag_meaning(-1));
	ck_assert_int_eq(nag_from_glyph("!!", 2), 3);
	ck_assert_int_eq(nag_from_glyph("Nf3", 3), -1);
	size_t kept;
	ck_assert_int_eq(nag_suffix("Nxe5!!", 6, &kept), 3);
	ck_assert_int_eq(kept, 4);
	ck_assert_int_eq(nag_suffix("Nxe5", 4, &kept), 0);
	ck_assert_int_eq(kept, 4);
	ck_assert_int_eq(nag_suffix("e4!?!", 5, &kept), 0);
}
END_TEST

START_TEST(test_tags)
{
	cJSON *game = read_one("[Event \"A \\\"quoted\\\" event\"]\n[Site \"C:\\\\games\\\\x\"]\n"
			       "[White   \"Caruana, Fabiano\"]\n[Black \"Firouzja, Alireza\"][Round \"01-02\"]\n"
			       "[Event \"Repeated\"]\n\n1. e4 *\n");
	cJSON *tags = get(game, "tags");

	ck_assert_str_eq(get_string(tags, "Event"), "Repeated");
	ck_assert_str_eq(get_string(tags, "Site"), "C:\\games\\x");
	ck_assert_str_eq(get_string(tags, "White"), "Caruana, Fabiano");
	ck_assert_str_eq(get_string(tags, "Round"), "01-02");
	cJSON_Delete(game);

	game = read_one("[Event \"A \\\"quoted\\\" event\"] *");
	ck_assert_str_eq(get_string(get(game, "tags"), "Event"), "A \"quoted\" event");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 0);
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_comments)
{
	cJSON *game = read_one("{before the game}\n1. e4 {[%clk 0:03:00] [%eval 0.35]\nspread over\nlines} "
			       "e5 { [%eval #-3] [%clk 1:02:03.5] } 2. Nf3 {[%cal Ga1h8,Rb2b4] [%csl Ye4]} {and more} "
			       "; to the end of the line\nNc6 ; last\n*");
	cJSON *m = move_at(game, 0), *arrows;

	ck_assert_str_eq(get_string(game, "comment"), "before the game");
	ck_assert_str_eq(get_string(m, "comment"), "[%clk 0:03:00] [%eval 0.35]\nspread over\nlines");
	ck_assert_int_eq(get_int(m, "clock"), 180);
	ck_assert(cJSON_GetNumberValue(get(m, "eval")) > 0.349 && cJSON_GetNumberValue(get(m, "eval")) < 0.351);
	m = move_at(game, 1);
	ck_assert_str_eq(get_string(m, "eval"), "#-3");
	ck_assert(cJSON_GetNumberValue(get(m, "clock")) == 3723.5);
	m = move_at(game, 2);
	ck_assert_str_eq(get_string(m, "comment"), "[%cal Ga1h8,Rb2b4] [%csl Ye4] and more  to the end of the line");
	arrows = get(m, "arrows");
	ck_assert_int_eq(cJSON_GetArraySize(arrows), 3);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(arrows, 0), "color"), "G");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(arrows, 0), "from"), "a1");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(arrows, 0), "to"), "h8");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(arrows, 2), "from"), "e4");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(arrows, 2), "to"), "e4");
	ck_assert_str_eq(get_string(move_at(game, 3), "comment"), " last");
	ck_assert(cJSON_IsNull(get(move_at(game, 3), "clock")));
	cJSON_Delete(game);

	/* a comment before a variation's first move */
	game = read_one("1. e4 ({or} 1. d4) *");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(variation(move_at(game, 0), 0), 0), "starting_comment"), "or");
	cJSON_Delete(game);
}
END_TEST

/* The [%cal]/[%csl] items of every comment of a PGN, as "Ce2e4" (from == to: "Ce4"), in
 * order, comments separated by '|'. */
struct marks_seen {
	char text[512];
	size_t n;
	int dropped; /* arrows_dropped over the comments */
};

static void marks_comment(void *ctx, const struct pgn_comment *c)
{
	struct marks_seen *seen = ctx;

	if (seen->n)
		seen->text[seen->n++] = '|';
	seen->dropped += c->arrows_dropped;
	for (int i = 0; i < c->arrow_count; i++) {
		char from[3], to[3];
		fen_format_square(c->arrows[i].from, from);
		fen_format_square(c->arrows[i].to, to);
		seen->n += (size_t)snprintf(seen->text + seen->n, sizeof seen->text - seen->n, "%s%c%s%s",
					    i ? "," : "", c->arrows[i].color, from,
					    c->arrows[i].from == c->arrows[i].to ? "" : to);
	}
	seen->text[seen->n] = '\0';
}

static const char *marks_of(const char *pgn, struct marks_seen *seen)
{
	static const struct pgn_visitor visitor = { .comment = marks_comment };
	struct pgn_reader *reader = malloc(sizeof *reader);

	ck_assert_ptr_nonnull(reader);
	memset(seen, 0, sizeof *seen);
	pgn_reader_init(reader, &visitor, seen, NULL);
	pgn_reader_feed(reader, pgn, strlen(pgn));
	pgn_reader_finish(reader);
	free(reader);
	return seen->text;
}

START_TEST(test_comment_marks)
{
	struct marks_seen seen;

	/* well-formed, as lichess writes them */
	ck_assert_str_eq(marks_of("1. e4 {[%cal Ge2e4,Rg1f3]} *", &seen), "Ge2e4,Rg1f3");
	ck_assert_str_eq(marks_of("1. e4 {[%csl Ye4,Bd5]} *", &seen), "Ye4,Bd5");
	/* several commands in one comment, with text between, and one per comment */
	ck_assert_str_eq(marks_of("1. e4 {good [%csl Ge4] and [%cal Rd7d5][%cal Bg8f6] [%clk 0:01:00]} e5 {[%csl Rd4]} *",
				  &seen),
			 "Ge4,Rd7d5,Bg8f6|Rd4");
	/* spaces around items are allowed */
	ck_assert_str_eq(marks_of("1. e4 {[%cal  Ge2e4 , Rg1f3 ]} *", &seen), "Ge2e4,Rg1f3");
	/* junk items are left out, the good ones around them kept */
	ck_assert_str_eq(marks_of("1. e4 {[%cal Xe2e4,Ge2e9,Gi2e4,Ge2e4e5,Ge2,Ge4e4,,Yb1c3]} *", &seen), "Yb1c3");
	ck_assert_str_eq(marks_of("1. e4 {[%csl e4,Ge44,G,Rd5]} *", &seen), "Rd5");
	/* lower-case letters are not a colour; C is kept (what some programs write) */
	ck_assert_str_eq(marks_of("1. e4 {[%cal ge2e4,Ce2e4]} *", &seen), "Ce2e4");
	/* not a command: no %, another name, no closing bracket */
	ck_assert_str_eq(marks_of("1. e4 {[cal Ge2e4] [%call Ge2e4] [%cal Ge2e4} *", &seen), "");
	ck_assert_int_eq(seen.dropped, 0);
	/* a comment of nothing but marks past the limit keeps PGN_ARROWS_MAX and counts the
	 * good ones it left out (not the junk among them) */
	char pgn[1024] = "1. e4 {[%csl ";
	for (int i = 0; i < 70; i++)
		strcat(pgn, i ? ",Ga1" : "Ga1");
	strcat(pgn, ",Xa1,Ga9]} *");
	int items = 1;
	for (const char *c = marks_of(pgn, &seen); *c; c++)
		items += *c == ',';
	ck_assert_int_eq(items, PGN_ARROWS_MAX);
	ck_assert_int_eq(seen.dropped, 70 - PGN_ARROWS_MAX);
}
END_TEST

START_TEST(test_escape_bom_crlf)
{
	cJSON *games = read_pgn("\xef\xbb\xbf%escaped line [Event \"no\"]\r\n[Event \"x\"]\r\n\r\n1. e4\r\n\r\ne5\r\n"
				"% another ( not read\r\n2. Nf3 1-0\r\n");
	cJSON *game = cJSON_GetArrayItem(games, 0);

	ck_assert_int_eq(cJSON_GetArraySize(games), 1);
	ck_assert_str_eq(get_string(get(game, "tags"), "Event"), "x");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 3);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(games);
}
END_TEST

START_TEST(test_move_numbers)
{
	static const char *const forms[] = {
		"1. e4 e5 2. Nf3 Nc6 *", "1.e4 e5 2.Nf3 Nc6 *", "1 . e4 e5 2 . Nf3 Nc6 *", "e4 e5 Nf3 Nc6 *",
		"1. e4 1... e5 2. Nf3 2... Nc6 *", "1.e4 1...e5 2.Nf3 2...Nc6 *", "1. e4 {c} 1\xe2\x80\xa6 e5 2. Nf3 Nc6 *",
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		cJSON *game = read_one(forms[i]);
		ck_assert_msg(cJSON_GetArraySize(get(game, "moves")) == 4, "%s", forms[i]);
		ck_assert_str_eq(get_string(game, "final_fen"),
				 "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
		ck_assert_msg(cJSON_GetArraySize(get(game, "warnings")) == 0, "%s", forms[i]);
		cJSON_Delete(game);
	}
	cJSON *game = read_one("1. e4 e5 3. Nf3 *");
	cJSON *w = find_issue(game, "warnings", "move_number_mismatch");
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(get_int(w, "column"), 10);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 3);
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_results)
{
	static const struct {
		const char *text, *result;
		bool lenient;
	} cases[] = {
		{ "1. e4 1-0", "1-0", false }, { "1. e4 0-1", "0-1", false }, { "1. e4 1/2-1/2", "1/2-1/2", false },
		{ "1. e4 *", "*", false }, { "1. e4 \xc2\xbd-\xc2\xbd", "1/2-1/2", true },
		{ "1. e4 0.5-0.5", "1/2-1/2", true },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cJSON *game = read_one(cases[i].text);
		ck_assert_str_eq(get_string(game, "result"), cases[i].result);
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 1);
		ck_assert(!!find_issue(game, "warnings", "lenient_result") == cases[i].lenient);
		cJSON_Delete(game);
	}
	/* the movetext's result against the tag's */
	cJSON *game = read_one("[Result \"0-1\"] 1. e4 1-0");
	ck_assert_str_eq(get_string(game, "result"), "1-0");
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "result_mismatch"));
	cJSON_Delete(game);
	/* a result in a variation does not end the game */
	game = read_one("1. e4 (1. d4 1-0) e5 *");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "result_in_variation"));
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_many_games)
{
	cJSON *games = read_pgn("[Event \"one\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n[Result \"*\"]\n\n*\n\n"
				"1. d4 d5 0-1 1. c4 *\n[Event \"five\"]\n1. Nf3\n[Event \"six\"]\n");
	cJSON *game;

	ck_assert_int_eq(cJSON_GetArraySize(games), 6);
	for (int i = 0; i < 6; i++)
		ck_assert_int_eq(get_int(cJSON_GetArrayItem(games, i), "index"), i);
	/* no moves */
	game = cJSON_GetArrayItem(games, 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 0);
	ck_assert_str_eq(get_string(game, "final_fen"), POSITION_START_FEN);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	/* no tags */
	game = cJSON_GetArrayItem(games, 2);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "tags")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_str_eq(get_string(game, "result"), "0-1");
	ck_assert_str_eq(get_string(move_at(cJSON_GetArrayItem(games, 3), 0), "san"), "c4");
	/* tags start a game even when the one before has no result */
	game = cJSON_GetArrayItem(games, 4);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 1);
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "missing_result"));
	game = cJSON_GetArrayItem(games, 5);
	ck_assert_str_eq(get_string(get(game, "tags"), "Event"), "six");
	cJSON_Delete(games);

	/* whitespace and comments alone are no game */
	games = read_pgn("  \n {just a comment} \n% and an escape\n");
	ck_assert_int_eq(cJSON_GetArraySize(games), 0);
	cJSON_Delete(games);
}
END_TEST

START_TEST(test_setup_fen)
{
	cJSON *game = read_one("[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n\n"
			       "3. Bb5 a6 *");
	ck_assert_str_eq(get_string(game, "start_fen"), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
	ck_assert_int_eq(get_int(move_at(game, 0), "ply"), 1);
	ck_assert_int_eq(get_int(move_at(game, 0), "move_number"), 3);
	ck_assert_str_eq(get_string(game, "final_fen"), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
	cJSON_Delete(game);

	/* Black to move first */
	game = read_one("[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]\n2... Nc6 3. Bb5 *");
	ck_assert_str_eq(get_string(move_at(game, 0), "color"), "black");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(game);

	/* an illegal FEN: no moves are read, the game is still there */
	game = read_one("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *");
	ck_assert_ptr_nonnull(find_issue(game, "errors", "invalid_fen"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 0);
	ck_assert(cJSON_IsNull(get(game, "final_fen")));
	ck_assert(cJSON_IsNull(get(game, "start_fen")));
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_chess960)
{
	static const char *const spellings[] = { "Chess960", "chess 960", "Fischerandom", "FischeRandom", "Fischer Random" };
	/* king on f1, rooks on b1 and g1: O-O puts the king on g1 and the rook on f1 */
	for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
		char text[512];
		snprintf(text, sizeof text,
			 "[Variant \"%s\"]\n[SetUp \"1\"]\n[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1\"]\n"
			 "1. Nb3 Nb6 2. O-O O-O *",
			 spellings[i]);
		cJSON *game = read_one(text);
		ck_assert(cJSON_IsTrue(get(game, "chess960")));
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 4);
		ck_assert_str_eq(get_string(move_at(game, 2), "uci"), "f1g1");
		ck_assert_str_eq(get_string(game, "final_fen"), "1rbbqrkn/pppppppp/1n6/8/8/1N6/PPPPPPPP/1RBBQRKN w - - 4 3");
		ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
		cJSON_Delete(game);
	}
	cJSON *game = read_one("[Variant \"Crazyhouse\"]\n1. e4 *");
	ck_assert_ptr_nonnull(find_issue(game, "errors", "unsupported_variant"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 0);
	cJSON_Delete(game);
}
END_TEST

START_TEST(test_uci_and_lenient_moves)
{
	cJSON *game = read_one("1. e2e4 e7e5 2. g1f3 b8c6 3. Ng1-f3? *");
	ck_assert_str_eq(get_string(move_at(game, 2), "san"), "Nf3");
	ck_assert_str_eq(get_string(move_at(game, 3), "san"), "Nc6");
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "uci_move"));
	/* 3. Ng1-f3 is illegal there: the knight went to f3 already */
	cJSON *e = find_issue(game, "errors", "illegal_move");
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(get_string(e, "san"), "Ng1-f3");
	cJSON_Delete(game);

	game = read_one("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 *");
	ck_assert_str_eq(get_string(move_at(game, 8), "san"), "O-O");
	cJSON *w = find_issue(game, "warnings", "castling_zeros");
	ck_assert_ptr_nonnull(w);
	ck_assert_str_eq(get_string(w, "given"), "0-0");
	ck_assert_str_eq(get_string(w, "became"), "O-O");
	cJSON_Delete(game);

	game = read_one("1. d4 e5 2. dxe5 f5 3. exf6 e.p. *");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 5);
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "en_passant_suffix"));
	cJSON_Delete(game);
}
END_TEST

/* Strict SAN: the first departure from the standard is the game's error. */
START_TEST(test_strict_san)
{
	const char *text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 *";
	cJSON *games = read_pgn_options(text, strlen(text), 4096, SAN_LANG_EN, true);
	cJSON *game = cJSON_GetArrayItem(games, 0), *e = find_issue(game, "errors", "non_standard_san");

	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(get_string(e, "san"), "0-0");
	ck_assert_str_eq(get_string(e, "reason"), "castling_zeros");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 8);
	cJSON_Delete(games);
}
END_TEST

START_TEST(test_languages)
{
	const char *text = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *";
	cJSON *games = read_pgn_chunked(text, strlen(text), 64, SAN_LANG_IT);
	cJSON *game = cJSON_GetArrayItem(games, 0);

	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 6);
	ck_assert_str_eq(get_string(move_at(game, 4), "san"), "Ab5");
	ck_assert_str_eq(get_string(move_at(game, 4), "uci"), "f1b5");
	cJSON_Delete(games);
}
END_TEST

START_TEST(test_errors_keep_reading)
{
	cJSON *games = read_pgn("[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nc6 (2... d6) 3. d4 1-0\n\n1. d4 d5 *\n");
	cJSON *game = cJSON_GetArrayItem(games, 0), *e;

	ck_assert_int_eq(cJSON_GetArraySize(games), 2);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_str_eq(get_string(game, "result"), "1-0");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 1);
	e = cJSON_GetArrayItem(get(game, "errors"), 0);
	ck_assert_str_eq(get_string(e, "code"), "illegal_move");
	ck_assert_str_eq(get_string(e, "san"), "Ke3");
	ck_assert_int_eq(get_int(e, "line"), 3);
	ck_assert_int_eq(get_int(e, "column"), 13);
	ck_assert_int_eq(get_int(e, "index"), 0);
	ck_assert_int_eq(get_int(e, "ply"), 3);
	ck_assert_str_eq(get_string(e, "reason"), "no_such_piece");
	ck_assert_str_eq(get_string(game, "final_fen"), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "moves_skipped"));
	/* the next game starts clean */
	game = cJSON_GetArrayItem(games, 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	cJSON_Delete(games);

	/* an ambiguous move lists its candidates */
	game = read_one("1. Nc3 a6 2. Ne4 a5 3. Nf3 a4 4. Ng5 *");
	e = find_issue(game, "errors", "ambiguous_move");
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(get_string(e, "san"), "Ng5");
	ck_assert_int_eq(cJSON_GetArraySize(get(e, "candidates")), 2);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(e, "candidates"), 0), "san"), "Nfg5");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(e, "candidates"), 0), "uci"), "f3g5");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(e, "candidates"), 1), "san"), "Neg5");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 6);
	cJSON_Delete(game);

	/* an unreadable move */
	game = read_one("1. e4 hello 2. d4 *");
	e = find_issue(game, "errors", "unreadable_move");
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(get_string(e, "san"), "hello");
	ck_assert_int_eq(get_int(e, "column"), 7);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 1);
	cJSON_Delete(game);

	/* an error inside a variation stops only that variation */
	game = read_one("1. e4 (1. d4 Ke7 2. c4) e5 2. Nf3 *");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 3);
	ck_assert_int_eq(cJSON_GetArraySize(variation(move_at(game, 0), 0)), 1);
	e = find_issue(game, "errors", "illegal_move");
	ck_assert_int_eq(get_int(e, "depth"), 1);
	cJSON_Delete(game);
}
END_TEST

/* Reads text as one game, which must have an error with the given code. */
static void expect_error(const char *text, const char *code)
{
	cJSON *games = read_pgn(text);

	ck_assert_int_ge(cJSON_GetArraySize(games), 1);
	ck_assert_msg(find_issue(cJSON_GetArrayItem(games, 0), "errors", code) != NULL, "%s: no %s", text, code);
	cJSON_Delete(games);
}

START_TEST(test_syntax_errors)
{
	char deep[1024] = "1. e4 ";

	expect_error("1. e4 {never closed", "unterminated_comment");
	expect_error("[Event \"never closed", "unterminated_tag");
	expect_error("[Event \"x\"\n1. e4 *", "bad_tag");
	expect_error("[Event x]\n1. e4 *", "bad_tag");
	expect_error("1. e4 (1. d4 *", "unterminated_variation");
	expect_error("1. e4 ) e5 *", "unmatched_parenthesis");
	expect_error("(1. d4) 1. e4 *", "variation_without_move");
	expect_error("1. e4 e5 \"quoted\" *", "unexpected_character");
	expect_error("1. e4 $ e5 *", "unexpected_character");
	expect_error("1. e4 eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee *",
		     "token_too_long");
	expect_error("1. e4 f5 2. Qh5+ -- *", "illegal_move");
	for (int i = 0; i < PGN_DEPTH_MAX + 1; i++)
		strcat(deep, "(1. d4 ");
	for (int i = 0; i < PGN_DEPTH_MAX + 1; i++)
		strcat(deep, ") ");
	strcat(deep, "e5 *");
	expect_error(deep, "variation_too_deep");
	cJSON *game = read_one(deep);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	cJSON_Delete(game);

	/* a NAG with nothing before it, or out of range */
	game = read_one("$1 1. e4 $256 *");
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "nag_without_move"));
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "nag_out_of_range"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	cJSON_Delete(game);
}
END_TEST

/* Text that is not PGN: the game says so (malformed), with the place. */
START_TEST(test_not_pgn)
{
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct json_pgn *builder = json_pgn_new(&style, SAN_LANG_EN, true);
	struct pgn_reader *reader = malloc(sizeof *reader);
	struct json_pgn_summary summary;
	const char *text = "\n  <html><body>not a game</body></html>\n";
	bool oom;
	cJSON *game;

	pgn_reader_init(reader, &json_pgn_visitor, builder, NULL);
	pgn_reader_feed(reader, text, strlen(text));
	pgn_reader_finish(reader);
	game = json_pgn_take(builder, &summary, &oom);
	ck_assert_ptr_nonnull(game);
	ck_assert(summary.malformed);
	ck_assert_int_eq(summary.line, 2);
	ck_assert_int_eq(summary.column, 3);
	cJSON_Delete(game);

	/* PGN with a bad first move is PGN */
	pgn_reader_init(reader, &json_pgn_visitor, builder, NULL);
	text = "1. Nf6 *";
	pgn_reader_feed(reader, text, strlen(text));
	pgn_reader_finish(reader);
	game = json_pgn_take(builder, &summary, &oom);
	ck_assert(!summary.malformed);
	ck_assert_int_eq(summary.errors, 1);
	cJSON_Delete(game);
	json_pgn_free(builder);
	free(reader);
}
END_TEST

/* A variation without a move is left out, with its comments: "()" repeated a million
 * times builds nothing. */
START_TEST(test_empty_variations)
{
	size_t count = 100000, size = 64 + count * 3; /* the text around the "() " below fits in 64 */
	char *text = malloc(size), *p = text;
	cJSON *game;

	p += sprintf(p, "1. e4 ( {a comment} ) ");
	for (size_t i = 0; i < count; i++) {
		memcpy(p, "() ", 3);
		p += 3;
	}
	strcpy(p, "(1. d4) e5 *");
	game = read_one(text);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 0), "variations")), 1);
	ck_assert_int_eq(cJSON_GetArraySize(variation(move_at(game, 0), 0)), 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	cJSON_Delete(game);
	free(text);
}
END_TEST

/* More moves than one game may hold: a structured error, the rest of the game skipped. */
START_TEST(test_game_too_large)
{
	size_t size = 16 + (size_t)(PGN_GAME_MOVES_MAX + 2) * 8;
	char *text = malloc(size), *p = text;
	cJSON *game;

	p += sprintf(p, "1. e4 ");
	for (int i = 0; i < PGN_GAME_MOVES_MAX + 1; i++) {
		memcpy(p, "(1. d4) ", 8);
		p += 8;
	}
	strcpy(p, "e5 *");
	game = read_one(text);
	ck_assert_ptr_nonnull(find_issue(game, "errors", "game_too_large"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 1);
	/* the variations of one move each that fit; the one whose move did not fit holds no
	 * move and is left out */
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 0), "variations")), PGN_GAME_MOVES_MAX - 1);
	ck_assert_int_eq(cJSON_GetArraySize(variation(move_at(game, 0), PGN_GAME_MOVES_MAX - 2)), 1);
	cJSON_Delete(game);
	free(text);
}
END_TEST

/* Tag values and comments longer than the reader keeps are cut, with a warning; bytes that
 * are not UTF-8 come out as '?'. */
START_TEST(test_limits_and_bytes)
{
	size_t size = PGN_COMMENT_MAX + 4096;
	char *text = malloc(size);
	cJSON *game;

	memset(text, 'x', size);
	memcpy(text, "[Event \"", 8);
	memcpy(text + 8 + PGN_TAG_VALUE_MAX + 10, "\"]\n1. e4 {", 10);
	strcpy(text + size - 6, "} *");
	game = read_one(text);
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "tag_truncated"));
	ck_assert_ptr_nonnull(find_issue(game, "warnings", "comment_truncated"));
	ck_assert_int_eq(strlen(get_string(get(game, "tags"), "Event")), PGN_TAG_VALUE_MAX);
	ck_assert_int_eq(strlen(get_string(move_at(game, 0), "comment")), PGN_COMMENT_MAX);
	cJSON_Delete(game);
	free(text);

	game = read_one("[Event \"caf\xe9\"] 1. e4 {\xff\xfe} *");
	ck_assert_str_eq(get_string(get(game, "tags"), "Event"), "caf?");
	ck_assert_str_eq(get_string(move_at(game, 0), "comment"), "??");
	cJSON_Delete(game);
}
END_TEST

/* A text built a piece at a time, for games too long to write out. */
struct text {
	char *s;
	size_t n, size;
};

__attribute__((format(printf, 2, 3))) static void text_add(struct text *t, const char *format, ...)
{
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(NULL, 0, format, ap);
	va_end(ap);
	ck_assert_int_ge(n, 0);
	if (t->n + (size_t)n + 1 > t->size) {
		t->size = (t->n + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->size);
		ck_assert_ptr_nonnull(t->s);
	}
	va_start(ap, format);
	vsnprintf(t->s + t->n, (size_t)n + 1, format, ap);
	va_end(ap);
	t->n += (size_t)n;
}

/* The i-th ply of knights going out and back (any number of them stays legal). */
static const char *dance(int i)
{
	static const char *const plies[] = { "Nf3", "Nf6", "Ng1", "Ng8" };

	return plies[i % 4];
}

/* How many of game's errors or warnings have code. */
static int count_issues(const cJSON *game, const char *list, const char *code)
{
	const cJSON *item;
	int n = 0;

	cJSON_ArrayForEach(item, get(game, list))
		n += !strcmp(get_string(item, "code"), code);
	return n;
}

/* The NAGs of every move of the mainline. */
static int count_nags(const cJSON *game)
{
	const cJSON *m;
	int n = 0;

	cJSON_ArrayForEach(m, get(game, "moves"))
		n += cJSON_GetArraySize(get(m, "nags"));
	return n;
}

/* Long strings are equal (ck_assert_str_eq would print them whole, past Check's limit). */
static void same_text(const char *got, const char *expected)
{
	size_t n = 0;

	while (got[n] && got[n] == expected[n])
		n++;
	ck_assert_msg(got[n] == expected[n], "the texts differ at byte %zu of %zu and %zu", n, strlen(got),
		      strlen(expected));
}

/* A game's JSON as printed (the caller frees it). */
static char *printed(const cJSON *game)
{
	char *s = cJSON_PrintUnformatted(game);

	ck_assert_ptr_nonnull(s);
	return s;
}

/* Past PGN_GAME_TAGS_MAX tag pairs the tags are not listed, with one warning; the FEN
 * tag still sets the start, and the moves are read. */
START_TEST(test_tag_cap)
{
	struct text t = { 0 };
	cJSON *game, *tags, *w;
	char name[16];

	text_add(&t, "[Event \"first\"]\n");
	for (int i = 1; i < PGN_GAME_TAGS_MAX + 10; i++)
		text_add(&t, "[T%d \"v%d\"]\n", i, i);
	text_add(&t, "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 *");
	game = read_one(t.s);
	tags = get(game, "tags");
	ck_assert_int_eq(cJSON_GetArraySize(tags), PGN_GAME_TAGS_MAX);
	ck_assert_str_eq(get_string(tags, "Event"), "first");
	snprintf(name, sizeof name, "T%d", PGN_GAME_TAGS_MAX - 1);
	ck_assert_str_eq(get_string(tags, name) + 1, name + 1); /* "v127" for T127 */
	snprintf(name, sizeof name, "T%d", PGN_GAME_TAGS_MAX);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(tags, name));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(tags, "FEN"));
	ck_assert_int_eq(count_issues(game, "warnings", "tags_dropped"), 1);
	w = find_issue(game, "warnings", "tags_dropped");
	ck_assert_ptr_nonnull(strstr(get_string(w, "message"), name));
	ck_assert_int_eq(get_int(w, "line"), PGN_GAME_TAGS_MAX + 1);
	ck_assert_str_eq(get_string(game, "start_fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* A repeated tag keeps its last value, in the place where it first came. */
START_TEST(test_tag_repeats)
{
	struct text t = { 0 };
	cJSON *game, *tags, *item;
	char name[16], value[32];
	const int n = (PGN_GAME_TAGS_MAX - 3) / 2;

	text_add(&t, "[Event \"one\"]\n");
	for (int i = 0; i < n; i++)
		text_add(&t, "[T%d \"first %d\"]\n", i, i);
	for (int i = n - 1; i >= 0; i--)
		text_add(&t, "[T%d \"second %d\"]\n", i, i);
	text_add(&t, "[Event \"two\"]\n[Event \"three\"]\n1. e4 *");
	game = read_one(t.s);
	tags = get(game, "tags");
	ck_assert_int_eq(cJSON_GetArraySize(tags), n + 1);
	item = tags->child;
	ck_assert_str_eq(item->string, "Event");
	ck_assert_str_eq(cJSON_GetStringValue(item), "three");
	for (int i = 0; i < n; i++) {
		item = item->next;
		snprintf(name, sizeof name, "T%d", i);
		snprintf(value, sizeof value, "second %d", i);
		ck_assert_str_eq(item->string, name);
		ck_assert_str_eq(cJSON_GetStringValue(item), value);
	}
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* The comments of a move, of the game's start and of a variation's start are joined in
 * order with one space (an empty comment still adds its space). */
START_TEST(test_comment_join)
{
	cJSON *game = read_one("{g1} {g2} 1. e4 {a} {b} ; c\n{} e5 ({s1} {s2} 1... c5 {x} {y}) 2. Nf3 *");
	cJSON *line;

	ck_assert_str_eq(get_string(game, "comment"), "g1 g2");
	ck_assert_str_eq(get_string(move_at(game, 0), "comment"), "a b  c ");
	line = variation(move_at(game, 1), 0);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "starting_comment"), "s1 s2");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "comment"), "x y");
	ck_assert(cJSON_IsNull(get(move_at(game, 1), "comment")));
	ck_assert(cJSON_IsNull(get(move_at(game, 2), "comment")));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(game);

	/* a game of comments only */
	game = read_one("[Event \"x\"] {a} {b} *");
	ck_assert_str_eq(get_string(game, "comment"), "a b");
	cJSON_Delete(game);
}
END_TEST

/* What the comments of one place make joined, cut at PGN_MOVE_COMMENT_MAX as the reader
 * cuts it: a space that joined nothing kept is not kept. */
static char *joined_cut(const char *piece, int count)
{
	struct text t = { 0 };

	for (int i = 0; i < count; i++)
		text_add(&t, "%s%s", i ? " " : "", piece);
	if (t.n > PGN_MOVE_COMMENT_MAX) {
		t.n = PGN_MOVE_COMMENT_MAX;
		if (t.s[t.n - 1] == ' ')
			t.n--;
		t.s[t.n] = '\0';
	}
	return t.s;
}

/* A move's comments past PGN_MOVE_COMMENT_MAX joined: the text is cut there, with one
 * warning for the move, and the moves after it keep theirs. The same for the game's
 * comment and for a variation's starting_comment. */
START_TEST(test_comment_cap)
{
	struct text t = { 0 };
	cJSON *game, *again, *w, *line;
	char *expected = joined_cut("abc", 9000), *a, *b;

	text_add(&t, "{intro} 1. e4 ");
	for (int i = 0; i < 9000; i++)
		text_add(&t, "{abc} ");
	text_add(&t, "e5 {fine} (");
	for (int i = 0; i < 9000; i++)
		text_add(&t, "{abc} ");
	text_add(&t, "1... c5 {alt}) 2. Nf3 *");
	game = read_one(t.s);
	ck_assert_int_le(strlen(expected), PGN_MOVE_COMMENT_MAX);
	ck_assert_str_eq(get_string(game, "comment"), "intro");
	same_text(get_string(move_at(game, 0), "comment"), expected);
	ck_assert_str_eq(get_string(move_at(game, 1), "comment"), "fine");
	line = variation(move_at(game, 1), 0);
	same_text(get_string(cJSON_GetArrayItem(line, 0), "starting_comment"), expected);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(line, 0), "comment"), "alt");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 3);
	/* one warning for each place cut, saying which */
	ck_assert_int_eq(count_issues(game, "warnings", "comment_truncated"), 2);
	w = find_issue(game, "warnings", "comment_truncated");
	ck_assert_int_eq(get_int(w, "ply"), 1);
	ck_assert_ptr_nonnull(strstr(get_string(w, "message"), "ply 1"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 2);
	/* read a few bytes at a time, the same game */
	cJSON *games = read_pgn_chunked(t.s, t.n, 7, SAN_LANG_EN);
	again = cJSON_GetArrayItem(games, 0);
	a = printed(game);
	b = printed(again);
	same_text(a, b);
	free(a);
	free(b);
	cJSON_Delete(games);
	cJSON_Delete(game);
	free(expected);

	/* the game's comment */
	t.n = 0;
	text_add(&t, "[Event \"x\"]\n");
	for (int i = 0; i < 9000; i++)
		text_add(&t, "{abc} ");
	text_add(&t, "1. e4 {after} *");
	expected = joined_cut("abc", 9000);
	game = read_one(t.s);
	same_text(get_string(game, "comment"), expected);
	ck_assert_str_eq(get_string(move_at(game, 0), "comment"), "after");
	ck_assert_int_eq(count_issues(game, "warnings", "comment_truncated"), 1);
	w = find_issue(game, "warnings", "comment_truncated");
	ck_assert_ptr_nonnull(strstr(get_string(w, "message"), "the game's first move"));
	cJSON_Delete(game);
	free(expected);

	/* before the first tag the comments are between games, joined in the reader's
	 * buffer of PGN_COMMENT_MAX bytes, and given to the game that follows */
	game = read_one(t.s + strlen("[Event \"x\"]\n"));
	ck_assert_int_eq(strlen(get_string(game, "comment")), PGN_COMMENT_MAX);
	ck_assert_int_eq(count_issues(game, "warnings", "comment_truncated"), 1);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* The cut falls between characters, never inside one. */
START_TEST(test_comment_cap_utf8)
{
	struct text t = { 0 };
	cJSON *game;
	const char *c;

	text_add(&t, "1. e4 {x");
	for (int i = 0; i < 8000; i++)
		text_add(&t, "\xc3\xa9");
	text_add(&t, "} {");
	for (int i = 0; i < 8000; i++)
		text_add(&t, "\xc3\xa9");
	text_add(&t, "} {");
	for (int i = 0; i < 500; i++)
		text_add(&t, "\xc3\xa9");
	text_add(&t, "} *");
	game = read_one(t.s);
	c = get_string(move_at(game, 0), "comment");
	/* 16001 + 1 + 16000 + 1: 765 bytes of room, 382 whole characters */
	ck_assert_int_eq(strlen(c), 16001 + 1 + 16000 + 1 + 764);
	ck_assert_ptr_null(strchr(c, '?'));
	ck_assert_str_eq(c + strlen(c) - 2, "\xc3\xa9");
	ck_assert_int_eq(count_issues(game, "warnings", "comment_truncated"), 1);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* Past PGN_GAME_COMMENTS_MAX bytes of comments in a game: the comment that crosses it is
 * cut, the later ones dropped whole (their clocks too), with one warning; the moves are
 * all read. */
START_TEST(test_comments_game_cap)
{
	struct text t = { 0 };
	const int plies = 12, size = 16000, whole = PGN_GAME_COMMENTS_MAX / size;
	cJSON *game, *m;

	for (int i = 0; i < plies; i++) {
		text_add(&t, "%s {[%%clk 0:01:%02d] ", dance(i), i);
		for (int k = (int)strlen("[%clk 0:01:00] "); k < size; k++)
			text_add(&t, "x");
		text_add(&t, "} ");
	}
	text_add(&t, "*");
	game = read_one(t.s);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), plies);
	for (int i = 0; i < whole; i++) {
		m = move_at(game, i);
		ck_assert_int_eq(strlen(get_string(m, "comment")), size);
		ck_assert_int_eq(get_int(m, "clock"), 60 + i);
	}
	m = move_at(game, whole);
	ck_assert_int_eq(strlen(get_string(m, "comment")), PGN_GAME_COMMENTS_MAX - whole * size);
	ck_assert_int_eq(get_int(m, "clock"), 60 + whole); /* read from the whole comment */
	for (int i = whole + 1; i < plies; i++) {
		m = move_at(game, i);
		ck_assert(cJSON_IsNull(get(m, "comment")));
		ck_assert(cJSON_IsNull(get(m, "clock")));
	}
	ck_assert_int_eq(count_issues(game, "warnings", "comments_dropped"), 1);
	ck_assert_int_eq(get_int(find_issue(game, "warnings", "comments_dropped"), "ply"), whole + 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 1);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* NAGs past PGN_MOVE_NAGS_MAX on a move, and past PGN_GAME_NAGS_MAX in a game, are
 * ignored with one warning; the moves after them keep theirs. */
START_TEST(test_nag_caps)
{
	struct text t = { 0 };
	cJSON *game, *w;

	game = read_one("1. e4!! $1 $2 $4 $5 $6 $7 $8 $9 $10 $11 e5 $3 (1... c5 $1 $2 $3 $4 $5 $6 $7 $8 $9) *");
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 0), "nags")), PGN_MOVE_NAGS_MAX);
	ck_assert_int_eq(nag_of(move_at(game, 0), 0), 3);
	ck_assert_int_eq(nag_of(move_at(game, 0), PGN_MOVE_NAGS_MAX - 1), 8);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 1), "nags")), 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(cJSON_GetArrayItem(variation(move_at(game, 1), 0), 0), "nags")),
			 PGN_MOVE_NAGS_MAX);
	ck_assert_int_eq(count_issues(game, "warnings", "nags_dropped"), 2);
	w = find_issue(game, "warnings", "nags_dropped");
	ck_assert_int_eq(get_int(w, "ply"), 1);
	ck_assert_str_eq(get_string(w, "san"), "$9");
	cJSON_Delete(game);

	for (int i = 0; i < 300; i++)
		text_add(&t, "%s $1 $2 $3 $4 $5 $6 $7 $8 ", dance(i));
	text_add(&t, "*");
	game = read_one(t.s);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 300);
	ck_assert_int_eq(count_nags(game), PGN_GAME_NAGS_MAX);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, PGN_GAME_NAGS_MAX / 8 - 1), "nags")), 8);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, PGN_GAME_NAGS_MAX / 8), "nags")), 0);
	ck_assert_int_eq(count_issues(game, "warnings", "nags_dropped"), 1);
	ck_assert_int_eq(get_int(find_issue(game, "warnings", "nags_dropped"), "ply"), PGN_GAME_NAGS_MAX / 8 + 1);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* [%cal]/[%csl] marks past PGN_ARROWS_MAX on a move, and past PGN_GAME_ARROWS_MAX in a
 * game, are left out with one warning. */
START_TEST(test_arrow_caps)
{
	struct text t = { 0 };
	cJSON *game;
	const int per_move = PGN_GAME_ARROWS_MAX / PGN_ARROWS_MAX;

	text_add(&t, "1. e4 {[%%csl Ga1");
	for (int i = 1; i < 40; i++)
		text_add(&t, ",Ga1");
	text_add(&t, "]} {[%%cal Rb2b4");
	for (int i = 1; i < 40; i++)
		text_add(&t, ",Rb2b4");
	text_add(&t, "]} e5 {[%%csl Yd5]} *");
	game = read_one(t.s);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 0), "arrows")), PGN_ARROWS_MAX);
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(move_at(game, 0), "arrows"), 39), "color"), "G");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(get(move_at(game, 0), "arrows"), 40), "color"), "R");
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, 1), "arrows")), 1);
	ck_assert_int_eq(count_issues(game, "warnings", "arrows_dropped"), 1);
	cJSON_Delete(game);

	t.n = 0;
	for (int i = 0; i < per_move + 8; i++) {
		text_add(&t, "%s {[%%csl Ga1", dance(i));
		for (int k = 1; k < PGN_ARROWS_MAX; k++)
			text_add(&t, ",Ga1");
		text_add(&t, "]} ");
	}
	text_add(&t, "*");
	game = read_one(t.s);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), per_move + 8);
	ck_assert_int_eq(cJSON_GetArraySize(get(move_at(game, per_move - 1), "arrows")), PGN_ARROWS_MAX);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(move_at(game, per_move), "arrows"));
	ck_assert_int_eq(count_issues(game, "warnings", "arrows_dropped"), 1);
	ck_assert_ptr_nonnull(strstr(get_string(find_issue(game, "warnings", "arrows_dropped"), "message"), "game"));
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* Reads text holding one game and returns it, with its summary. */
static cJSON *read_summary(const char *text, struct json_pgn_summary *summary)
{
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct json_pgn *builder = json_pgn_new(&style, SAN_LANG_EN, true);
	struct pgn_reader *reader = malloc(sizeof *reader);
	cJSON *game;
	bool oom;

	ck_assert_ptr_nonnull(builder);
	ck_assert_ptr_nonnull(reader);
	pgn_reader_init(reader, &json_pgn_visitor, builder, NULL);
	ck_assert_int_eq(pgn_reader_feed(reader, text, strlen(text)), strlen(text));
	pgn_reader_finish(reader);
	game = json_pgn_take(builder, summary, &oom);
	ck_assert(!oom);
	ck_assert_ptr_nonnull(game);
	json_pgn_free(builder);
	free(reader);
	/* as a client sees it (whole numbers are raw values until printed) */
	cJSON *games = cJSON_CreateArray();
	add_printed(games, game);
	game = cJSON_DetachItemFromArray(games, 0);
	cJSON_Delete(games);
	return game;
}

/* A game lists at most PGN_GAME_ISSUES_MAX errors and as many warnings, then says how
 * many more there were and where the first of them was; the count stays whole. */
START_TEST(test_issue_caps)
{
	struct text t = { 0 };
	struct json_pgn_summary summary;
	cJSON *game, *w, *warnings;
	char message[PGN_MESSAGE_MAX];
	size_t first_unlisted = 0;

	/* a wrong move number before every move: a warning each */
	for (int i = 0; i < PGN_GAME_ISSUES_MAX + 50; i++) {
		if (i == PGN_GAME_ISSUES_MAX)
			first_unlisted = t.n;
		text_add(&t, "999%s %s ", i % 2 ? "..." : ".", dance(i));
	}
	text_add(&t, "*");
	game = read_one(t.s);
	warnings = get(game, "warnings");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), PGN_GAME_ISSUES_MAX + 50);
	ck_assert_int_eq(cJSON_GetArraySize(warnings), PGN_GAME_ISSUES_MAX + 1);
	ck_assert_int_eq(count_issues(game, "warnings", "move_number_mismatch"), PGN_GAME_ISSUES_MAX);
	w = cJSON_GetArrayItem(warnings, PGN_GAME_ISSUES_MAX);
	ck_assert_str_eq(get_string(w, "code"), "warnings_not_listed");
	snprintf(message, sizeof message, "50 more warnings of this game are not listed; at most %d are",
		 PGN_GAME_ISSUES_MAX);
	ck_assert_str_eq(get_string(w, "message"), message);
	/* the place of the first one left out: the 101st move number */
	ck_assert_int_eq(get_int(w, "line"), 1);
	ck_assert_int_eq(get_int(w, "column"), (int)first_unlisted + 1);
	cJSON_Delete(game);

	/* an illegal first move in every variation: an error each */
	t.n = 0;
	text_add(&t, "1. e4 ");
	for (int i = 0; i < PGN_GAME_ISSUES_MAX + 50; i++)
		text_add(&t, "(1. Ke2) ");
	text_add(&t, "e5 *");
	game = read_summary(t.s, &summary);
	ck_assert_int_eq(summary.errors, PGN_GAME_ISSUES_MAX + 50);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), PGN_GAME_ISSUES_MAX);
	ck_assert_int_eq(count_issues(game, "errors", "illegal_move"), PGN_GAME_ISSUES_MAX);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 1);
	w = find_issue(game, "warnings", "errors_not_listed");
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(get_int(w, "column"), (int)strlen("1. e4 (1. ") + PGN_GAME_ISSUES_MAX * 9 + 1);
	ck_assert_ptr_nonnull(strstr(get_string(w, "message"), "50 more errors"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 2);
	cJSON_Delete(game);
	free(t.s);
}
END_TEST

/* Control characters other than tab and newlines come out as '?'. */
START_TEST(test_control_characters)
{
	cJSON *game = read_one("[Event \"a\x01" "b\tc\"] 1. e4 {x\x02y\nz\x1b[0m\x7f} *");

	ck_assert_str_eq(get_string(get(game, "tags"), "Event"), "a?b\tc");
	ck_assert_str_eq(get_string(move_at(game, 0), "comment"), "x?y\nz?[0m\x7f");
	cJSON_Delete(game);
}
END_TEST

/* The reader pauses after each game when asked, and resumes where it stopped. */
static int visited_games;

static bool count_and_pause(void *ctx, const struct pgn_game_end *end)
{
	(void)ctx;
	ck_assert_int_eq(end->game, visited_games);
	visited_games++;
	return true;
}

START_TEST(test_pause)
{
	static const struct pgn_visitor visitor = { .game_end = count_and_pause };
	struct pgn_reader *reader = malloc(sizeof *reader);
	const char *text = "1. e4 * 1. d4 * 1. c4 *";
	size_t used, at = 0;

	visited_games = 0;
	pgn_reader_init(reader, &visitor, NULL, NULL);
	used = pgn_reader_feed(reader, text, strlen(text));
	ck_assert_int_eq(visited_games, 1);
	ck_assert_int_lt(used, strlen(text));
	at = used;
	while (at < strlen(text))
		at += pgn_reader_feed(reader, text + at, strlen(text) - at);
	pgn_reader_finish(reader);
	ck_assert_int_eq(visited_games, 3);
	free(reader);
}
END_TEST


/* ---- the language detected (options.detect_lang) ---- */

#define CARUANA_IT "1. c4 c6 2. Cf3 d5 3. g3 Ag4 4. Ce5 Af5 5. Db3 Db6 6. cxd5 Dxb3 7. axb3 Ae4 8. dxc6 Axh1 9. Txa7 1-0"
/* Kings and rooks only: R is a rook's move in English, the king's in Italian. */
#define ROOKS_FEN "[FEN \"4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1\"]\n\n"

/* Every event a reader gives, as text, for comparing two readings. */
struct transcript {
	char *text;
	size_t length, size;
	int lang_warnings;
};

__attribute__((format(printf, 2, 3))) static void transcript_add(struct transcript *t, const char *format, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, format);
		n = vsnprintf(t->text + t->length, t->size - t->length, format, ap);
		va_end(ap);
		ck_assert_int_ge(n, 0);
		if ((size_t)n < t->size - t->length)
			break;
		t->size = t->size * 2 + (size_t)n + 1;
		t->text = realloc(t->text, t->size);
		ck_assert_ptr_nonnull(t->text);
	}
	t->length += (size_t)n;
}

static void transcript_begin(void *ctx, int game)
{
	transcript_add(ctx, "game %d\n", game);
}

static void transcript_tag(void *ctx, const char *name, const char *value, size_t length)
{
	transcript_add(ctx, "tag %s=%.*s\n", name, (int)length, value);
}

static void transcript_start(void *ctx, const struct position *start, bool chess960)
{
	char fen[FEN_MAX] = "-";

	if (start)
		fen_format(start, FEN_EP_FEN, FEN_CASTLING_STANDARD, fen, sizeof fen);
	transcript_add(ctx, "start %s %d\n", fen, chess960);
}

static void transcript_move(void *ctx, const struct pgn_move *mv)
{
	char uci[UCI_MAX];

	uci_format_move(mv->before, mv->m, uci);
	transcript_add(ctx, "move %d.%d %s %s %u:%u %d\n", mv->depth, mv->ply, uci, mv->text, mv->line, mv->column,
		       mv->standard);
}

static void transcript_nag(void *ctx, int nag, int depth)
{
	transcript_add(ctx, "nag %d %d\n", nag, depth);
}

static void transcript_comment(void *ctx, const struct pgn_comment *c)
{
	transcript_add(ctx, "comment %d %d %.*s\n", c->depth, c->after_move, (int)c->length, c->text);
}

static void transcript_variation_begin(void *ctx, int depth)
{
	transcript_add(ctx, "(%d\n", depth);
}

static void transcript_variation_end(void *ctx, int depth)
{
	transcript_add(ctx, ")%d\n", depth);
}

static void transcript_issue(void *ctx, const struct pgn_issue *issue)
{
	struct transcript *t = ctx;

	/* the one thing a detected reading adds */
	if (issue->code == PGN_WARN_LANG_DETECTED) {
		t->lang_warnings++;
		return;
	}
	transcript_add(t, "issue %s %s %u:%u ply %d depth %d %s %s %s: %s\n", pgn_code_name(issue->code),
		       san_code_name(issue->san), issue->line, issue->column, issue->ply, issue->depth,
		       issue->token ? issue->token : "-", issue->given ? issue->given : "-",
		       issue->became ? issue->became : "-", issue->message);
}

static bool transcript_end(void *ctx, const struct pgn_game_end *end)
{
	struct transcript *t = ctx;

	transcript_add(t, "end %s %d plies %d errors %d warnings %d\n", end->result, end->result_given, end->plies,
		       end->errors, end->warnings - t->lang_warnings);
	t->lang_warnings = 0;
	return false;
}

static const struct pgn_visitor transcript_visitor = {
	.game_begin = transcript_begin,
	.tag = transcript_tag,
	.start = transcript_start,
	.move = transcript_move,
	.nag = transcript_nag,
	.comment = transcript_comment,
	.variation_begin = transcript_variation_begin,
	.variation_end = transcript_variation_end,
	.issue = transcript_issue,
	.game_end = transcript_end,
};

/* The events of text read with options, fed in pieces of chunk bytes (a new string). */
static char *transcript_of(const char *text, size_t chunk, const struct pgn_options *options)
{
	struct transcript t = { malloc(256), 0, 256, 0 };
	struct pgn_reader *reader = malloc(sizeof *reader);
	size_t length = strlen(text);

	ck_assert_ptr_nonnull(reader);
	t.text[0] = '\0';
	pgn_reader_init(reader, &transcript_visitor, &t, options);
	for (size_t at = 0; at < length; at += chunk)
		pgn_reader_feed(reader, text + at, length - at < chunk ? length - at : chunk);
	pgn_reader_finish(reader);
	free(reader);
	return t.text;
}

/* Read with the language detected, a game gives the visitor exactly the events it gives
 * when that language is named (but the warning lang_detected), in the same order, however
 * the input is cut: also a game held back while R reads as a rook and as a king. */
static const struct {
	const char *pgn;
	enum san_lang lang;
} detect_cases[] = {
	{ CARUANA_IT "\n", SAN_LANG_IT },
	{ CARUANA "\n", SAN_LANG_EN },
	{ ROOKS_FEN "1. Rf1 {both read it} Rf8 2. Rf2 $1 (2. Rg1 {a side line} Rg8 $2) Rf7 3. Rg3 Th7 *\n", SAN_LANG_IT },
	{ ROOKS_FEN "1. Rf1 {both read it} Rf8 2. Rf2 (2. Rg1 Rg8) Rf7 3. Rh2 ; to the h-file\nKe8 e.p. *\n", SAN_LANG_EN },
	{ ROOKS_FEN "1. Rf1 Rf8 2. Rf2 Rf7 3. Rg3 Rg7 4. Zz9 Rg8 *\n", SAN_LANG_IT },
	{ ROOKS_FEN "1. Rf1 Rf8 2. Rf2 Rf7 3. Rg3 Rg7 4. Rg4 ( 4. Rh3 ) Rh7 1-0\n[Event \"next\"]\n\n1. e4 Cc6 *\n",
	  SAN_LANG_IT },
	{ "1. d4 d5 2. Cc3 Cc6 3. e4 $ e5 4. Af4 @ Af5 *\n", SAN_LANG_IT },
	{ "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 (3... Sf6 4. O-O) 4. La4 *\n", SAN_LANG_DE },
};

START_TEST(test_detect_same_events)
{
	struct pgn_options detect = { { detect_cases[_i].lang, false, MSG_EN }, true, MSG_EN };
	struct pgn_options named = { { detect_cases[_i].lang, false, MSG_EN }, false, MSG_EN };
	char *want = transcript_of(detect_cases[_i].pgn, strlen(detect_cases[_i].pgn), &named);
	static const size_t chunks[] = { 1, 3, 7, 64, 100000 };

	for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
		char *got = transcript_of(detect_cases[_i].pgn, chunks[i], &detect);
		ck_assert_msg(!strcmp(got, want), "in pieces of %zu:\n%s\nnamed:\n%s", chunks[i], got, want);
		free(got);
	}
	free(want);
}
END_TEST

/* The seed's Italian game without lang: the English original's moves and FENs, in English,
 * said to be Italian; with lang it, the same moves in Italian and nothing to say. */
START_TEST(test_detect_italian)
{
	cJSON *it = read_pgn_detect(CARUANA_IT, 4096), *en = read_pgn(CARUANA), *named;
	cJSON *game = cJSON_GetArrayItem(it, 0), *original = cJSON_GetArrayItem(en, 0), *w;
	struct pgn_options italian = { { SAN_LANG_IT, false, MSG_EN }, false, MSG_EN };

	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 17);
	for (int i = 0; i < 17; i++) {
		ck_assert_str_eq(get_string(move_at(game, i), "san"), get_string(move_at(original, i), "san"));
		ck_assert_str_eq(get_string(move_at(game, i), "uci"), get_string(move_at(original, i), "uci"));
		ck_assert_str_eq(get_string(move_at(game, i), "fen"), get_string(move_at(original, i), "fen"));
	}
	ck_assert_str_eq(get_string(game, "final_fen"), CARUANA_FINAL);
	ck_assert_str_eq(get_string(game, "lang_detected"), "it");
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 1);
	w = find_issue(game, "warnings", "lang_detected");
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(get_int(w, "ply"), 3);
	ck_assert_str_eq(get_string(w, "san"), "Cf3");
	ck_assert_int_eq(get_int(w, "line"), 1);
	ck_assert_int_eq(get_int(w, "column"), 13);
	ck_assert_msg(strstr(get_string(w, "message"), "Italian piece letters (R D T A C; Spanish reads them alike)"),
		      "%s", get_string(w, "message"));
	named = read_pgn_with(CARUANA_IT, strlen(CARUANA_IT), 4096, &italian);
	game = cJSON_GetArrayItem(named, 0);
	ck_assert_str_eq(get_string(move_at(game, 2), "san"), "Cf3");
	ck_assert_str_eq(get_string(move_at(game, 2), "fen"), get_string(move_at(original, 2), "fen"));
	ck_assert_str_eq(get_string(game, "final_fen"), CARUANA_FINAL);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(game, "lang_detected"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "warnings")), 0);
	cJSON_Delete(it);
	cJSON_Delete(en);
	cJSON_Delete(named);
}
END_TEST

/* English games read with the language detected are the same JSON as before. */
START_TEST(test_detect_english_unchanged)
{
	static const char *const files[] = { "mini-template.pgn", "null-moves-pgn-extract.pgn" };

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char *text = load(files[i]);
		cJSON *detected = read_pgn_detect(text, 5), *named = read_pgn(text);
		char *a = cJSON_PrintUnformatted(detected), *b = cJSON_PrintUnformatted(named);
		ck_assert_str_eq(a, b);
		cJSON_free(a);
		cJSON_free(b);
		cJSON_Delete(detected);
		cJSON_Delete(named);
		free(text);
	}
}
END_TEST

/* A game read into two games by two languages: the error where they part (with both
 * readings), its line stops there; the next game is read as usual. A lowercase c is
 * never the Italian knight, an upper-case C never the file. */
START_TEST(test_detect_ambiguous)
{
	const char *text = ROOKS_FEN "1. Rf1 Rf8 2. Rf2 Rf7 *\n\n1. d4 d5 2. Cc3 Cc6 *\n";
	cJSON *games = read_pgn_detect(text, 3), *game = cJSON_GetArrayItem(games, 0), *e, *r;

	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 0);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(game, "lang_detected"));
	e = find_issue(game, "errors", "ambiguous_language");
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(get_int(e, "ply"), 1);
	ck_assert_str_eq(get_string(e, "san"), "Rf1");
	ck_assert_int_eq(cJSON_GetArraySize(get(e, "langs")), 4);
	r = get(e, "readings");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(r, 0), "uci"), "h1f1");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(r, 0), "san"), "Rf1");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(r, 1), "uci"), "e1f1");
	ck_assert_str_eq(get_string(cJSON_GetArrayItem(r, 1), "san"), "Kf1");
	ck_assert_str_eq(cJSON_GetArrayItem(get(cJSON_GetArrayItem(r, 1), "langs"), 0)->valuestring, "it");
	game = cJSON_GetArrayItem(games, 1);
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "errors")), 0);
	ck_assert_str_eq(get_string(move_at(game, 2), "uci"), "b1c3");
	ck_assert_str_eq(get_string(move_at(game, 3), "uci"), "b8c6");
	ck_assert_str_eq(get_string(game, "lang_detected"), "it");
	cJSON_Delete(games);
}
END_TEST

/* What is held back has room for PGN_DEFER_MAX bytes: past it, the readings are taken as
 * ambiguous where they part, and the rest of the game is read in the first. */
START_TEST(test_detect_hold_full)
{
	size_t size = 3 * PGN_COMMENT_MAX + 1024;
	char *text = malloc(size), *p = text;
	cJSON *games, *game;

	p += sprintf(p, ROOKS_FEN "1. Rf1 Rf8 2. Rf2");
	for (int i = 0; i < 3; i++) {
		*p++ = ' ';
		*p++ = '{';
		memset(p, 'a' + i, PGN_COMMENT_MAX - 100);
		p += PGN_COMMENT_MAX - 100;
		*p++ = '}';
	}
	strcpy(p, " Rf7 3. Rg3 *\n");
	games = read_pgn_detect(text, 4096);
	game = cJSON_GetArrayItem(games, 0);
	ck_assert_ptr_nonnull(find_issue(game, "errors", "ambiguous_language"));
	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 0);
	cJSON_Delete(games);
	free(text);
}
END_TEST

/* No language reads every move: the error where the one that went furthest stops, and
 * the warning says which it was and how far it went. */
START_TEST(test_detect_none)
{
	cJSON *games = read_pgn_detect("1. e4 e5 2. Cf3 Cc6 3. Ac4 Zz9 *\n", 4096), *game = cJSON_GetArrayItem(games, 0), *w;

	ck_assert_int_eq(cJSON_GetArraySize(get(game, "moves")), 5);
	ck_assert_ptr_nonnull(find_issue(game, "errors", "unreadable_move"));
	ck_assert_str_eq(get_string(game, "lang_detected"), "it");
	w = find_issue(game, "warnings", "lang_detected");
	ck_assert_ptr_nonnull(w);
	ck_assert_msg(strstr(get_string(w, "message"), "no language reads every move: read in Italian") &&
			      strstr(get_string(w, "message"), "goes to ply 5"),
		      "%s", get_string(w, "message"));
	cJSON_Delete(games);
	/* English going furthest: the error as it always was, and nothing more */
	games = read_pgn_detect("1. e4 e5 2. Nf3 Zz9 *\n", 4096);
	game = cJSON_GetArrayItem(games, 0);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(game, "lang_detected"));
	ck_assert_ptr_null(find_issue(game, "warnings", "lang_detected"));
	cJSON_Delete(games);
}
END_TEST

static Suite *pgn_suite(void)
{
	Suite *s = suite_create("pgn");
	TCase *tc = tcase_create("reader");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_document_example);
	tcase_add_test(tc, test_mini_template);
	tcase_add_test(tc, test_chunks);
	tcase_add_test(tc, test_variation_examples);
	tcase_add_test(tc, test_annotated_movetext);
	tcase_add_test(tc, test_assessment_glyphs);
	tcase_add_test(tc, test_glued_glyphs);
	tcase_add_test(tc, test_null_moves);
	tcase_add_test(tc, test_null_moves_export);
	tcase_add_test(tc, test_strict_coordinates);
	tcase_add_test(tc, test_nag_table);
	tcase_add_test(tc, test_tags);
	tcase_add_test(tc, test_comments);
	tcase_add_test(tc, test_comment_marks);
	tcase_add_test(tc, test_escape_bom_crlf);
	tcase_add_test(tc, test_move_numbers);
	tcase_add_test(tc, test_results);
	tcase_add_test(tc, test_many_games);
	tcase_add_test(tc, test_setup_fen);
	tcase_add_test(tc, test_chess960);
	tcase_add_test(tc, test_uci_and_lenient_moves);
	tcase_add_test(tc, test_languages);
	tcase_add_test(tc, test_strict_san);
	tcase_add_test(tc, test_errors_keep_reading);
	tcase_add_test(tc, test_syntax_errors);
	tcase_add_test(tc, test_not_pgn);
	tcase_add_test(tc, test_game_too_large);
	tcase_add_test(tc, test_empty_variations);
	tcase_add_test(tc, test_limits_and_bytes);
	tcase_add_test(tc, test_tag_cap);
	tcase_add_test(tc, test_tag_repeats);
	tcase_add_test(tc, test_comment_join);
	tcase_add_test(tc, test_comment_cap);
	tcase_add_test(tc, test_comment_cap_utf8);
	tcase_add_test(tc, test_comments_game_cap);
	tcase_add_test(tc, test_nag_caps);
	tcase_add_test(tc, test_arrow_caps);
	tcase_add_test(tc, test_issue_caps);
	tcase_add_test(tc, test_control_characters);
	tcase_add_test(tc, test_pause);
	suite_add_tcase(s, tc);
	tc = tcase_create("detect");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_detect_same_events, 0, (int)(sizeof detect_cases / sizeof detect_cases[0]));
	tcase_add_test(tc, test_detect_italian);
	tcase_add_test(tc, test_detect_english_unchanged);
	tcase_add_test(tc, test_detect_ambiguous);
	tcase_add_test(tc, test_detect_hold_full);
	tcase_add_test(tc, test_detect_none);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(pgn_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
