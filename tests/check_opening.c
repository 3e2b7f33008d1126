/* check_opening.c -- opening names: the generated table against the data set it was made
 * from (every line's position named by it or by a line reaching the same position), known
 * names, transpositions, walking back along a line, and the JSON of a name. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/opening.h"
#include "core/pgn.h"
#include "core/position.h"
#include "core/san.h"
#include "json/json.h"
#include "check_util.h"

/* One line of the data set as the test plays it. */
struct test_line {
	uint64_t key;
	int ply;
	char eco[8];
	char name[160];
	char pgn[400];
};

static struct test_line *test_lines;
static int test_line_count;

/* Plays "1. e4 c5 2. Nf3" from the start into pos (a move that does not read fails). */
static void test_play(const char *pgn, struct position *pos, int *ply)
{
	static struct san_parse_result r;
	char buf[400];
	struct position_undo undo;

	snprintf(buf, sizeof buf, "%s", pgn);
	position_set_start(pos);
	*ply = 0;
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		if (tok[strlen(tok) - 1] == '.')
			continue;
		ck_assert_msg(san_parse_move(pos, tok, strlen(tok), NULL, &r) == SAN_OK, "%s: %s", pgn, tok);
		position_make_move(pos, r.m, &undo);
		(*ply)++;
	}
}

/* The key of the position pgn reaches. */
static uint64_t test_key(const char *pgn)
{
	struct position pos;
	int ply;

	test_play(pgn, &pos, &ply);
	return pos.key;
}

/* Reads data/openings/a.tsv ... e.tsv and plays each line. */
static void test_read_data(void)
{
	static const char *const files[] = { "a", "b", "c", "d", "e" };
	int room = 4096;

	test_lines = malloc(sizeof *test_lines * (size_t)room);
	ck_assert_ptr_nonnull(test_lines);
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		char path[512], buf[1024];
		FILE *in;
		snprintf(path, sizeof path, "%s/data/openings/%s.tsv", SOURCE_DIR, files[f]);
		in = fopen(path, "r");
		ck_assert_msg(in != NULL, "cannot open %s", path);
		ck_assert_ptr_nonnull(fgets(buf, sizeof buf, in)); /* the header */
		while (fgets(buf, sizeof buf, in)) {
			struct test_line *l;
			struct position pos;
			char *name, *pgn;
			buf[strcspn(buf, "\r\n")] = '\0';
			name = strchr(buf, '\t');
			ck_assert_ptr_nonnull(name);
			*name++ = '\0';
			pgn = strchr(name, '\t');
			ck_assert_ptr_nonnull(pgn);
			*pgn++ = '\0';
			ck_assert_int_lt(test_line_count, room);
			l = &test_lines[test_line_count++];
			ck_assert(strlen(buf) < sizeof l->eco && strlen(name) < sizeof l->name &&
				  strlen(pgn) < sizeof l->pgn);
			memcpy(l->eco, buf, strlen(buf) + 1);
			memcpy(l->name, name, strlen(name) + 1);
			memcpy(l->pgn, pgn, strlen(pgn) + 1);
			test_play(pgn, &pos, &l->ply);
			l->key = pos.key;
		}
		fclose(in);
	}
}

/* The table is sorted by key, one entry per key, each with a name. */
START_TEST(opening_table_sorted)
{
	ck_assert_uint_gt(opening_table_count, 3000);
	for (size_t i = 0; i < opening_table_count; i++) {
		ck_assert(strlen(opening_table[i].eco) == 3 && strlen(opening_table[i].name) > 0);
		ck_assert_int_gt(opening_table[i].ply, 0);
		if (i)
			ck_assert(opening_table[i - 1].key < opening_table[i].key);
		ck_assert_ptr_eq(opening_find(opening_table[i].key), &opening_table[i]);
	}
}
END_TEST

/* opening_find finds what a plain bisection of the table finds, for every key of the
 * table, the keys next to them (nearly all in no entry) and the ends of the key range. */
static const struct opening *test_bisect(uint64_t key)
{
	size_t lo = 0, hi = opening_table_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (opening_table[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < opening_table_count && opening_table[lo].key == key ? &opening_table[lo] : NULL;
}

START_TEST(opening_find_as_bisection)
{
	static const uint64_t ends[] = { 0, 1, UINT64_C(0x7fffffffffffffff), UINT64_C(0x8000000000000000),
					 UINT64_MAX - 1, UINT64_MAX };

	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
		ck_assert_ptr_eq(opening_find(ends[i]), test_bisect(ends[i]));
	for (size_t i = 0; i < opening_table_count; i++) {
		uint64_t key = opening_table[i].key;
		ck_assert_ptr_eq(opening_find(key - 1), test_bisect(key - 1));
		ck_assert_ptr_eq(opening_find(key + 1), test_bisect(key + 1));
		ck_assert_ptr_eq(opening_find(key ^ UINT64_C(0x00ff000000000000)),
				 test_bisect(key ^ UINT64_C(0x00ff000000000000)));
	}
	/* keys spread over the whole range, as positions' are */
	for (uint64_t k = 0, x = UINT64_C(0x9e3779b97f4a7c15); k < 100000; k++, x += UINT64_C(0x9e3779b97f4a7c15))
		ck_assert_ptr_eq(opening_find(x ^ (x >> 29)), test_bisect(x ^ (x >> 29)));
}
END_TEST

/* Every line's final position: its own name, or that of a line reaching the same position
 * with as few plies or fewer (the shortest line names a transposition). */
START_TEST(opening_every_line_named)
{
	int own = 0;

	test_read_data();
	ck_assert_int_eq(test_line_count, 3807);
	for (int i = 0; i < test_line_count; i++) {
		const struct test_line *l = &test_lines[i];
		const struct opening *o = opening_find(l->key);
		bool found = false;
		ck_assert_msg(o != NULL, "%s %s (%s) has no name", l->eco, l->name, l->pgn);
		ck_assert(o->key == l->key);
		ck_assert_int_le(o->ply, l->ply);
		for (int j = 0; j < test_line_count && !found; j++)
			found = test_lines[j].key == l->key && !strcmp(test_lines[j].name, o->name) &&
				!strcmp(test_lines[j].eco, o->eco) && test_lines[j].ply == o->ply;
		ck_assert_msg(found, "%s %s (%s) is named %s %s, which no line of its position has", l->eco, l->name,
			      l->pgn, o->eco, o->name);
		own += !strcmp(o->name, l->name) && !strcmp(o->eco, l->eco);
	}
	/* lines of one position are rare in the data set: most keep their own name */
	ck_assert_int_ge(own, test_line_count - (int)(test_line_count - opening_table_count) * 2);
	free(test_lines);
	test_lines = NULL;
	test_line_count = 0;
}
END_TEST

/* Names everyone knows, and a position reached by another order of moves. */
START_TEST(opening_known)
{
	static const struct {
		const char *pgn, *eco, *name;
		int ply;
	} cases[] = {
		{ "1. e4 c5", "B20", "Sicilian Defense", 2 },
		{ "1. e4", "B00", "King's Pawn Game", 1 },
		{ "1. d4 d5 2. c4", "D06", "Queen's Gambit", 3 },
		{ "1. e4 e5 2. Nf3 Nc6 3. Bb5", "C60", "Ruy Lopez", 5 },
		{ "1. e4 e6", "C00", "French Defense", 2 },
		/* the Zukertort's 1. d4 d5 2. Nf3, reached from 1. Nf3 */
		{ "1. Nf3 d5 2. d4", "D02", "Queen's Pawn Game: Zukertort Variation", 3 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct opening *o = opening_find(test_key(cases[i].pgn));
		ck_assert_msg(o != NULL, "%s has no name", cases[i].pgn);
		ck_assert_str_eq(o->eco, cases[i].eco);
		ck_assert_str_eq(o->name, cases[i].name);
		ck_assert_int_eq(o->ply, cases[i].ply);
	}
	/* the start and a position no line reaches have none */
	ck_assert_ptr_null(opening_find(test_key("")));
	ck_assert_ptr_null(opening_find(test_key("1. e4 c5 2. a3 h6")));
}
END_TEST

/* Move counters do not count: a FEN of the Sicilian with other clocks has its name. */
START_TEST(opening_from_fen)
{
	struct position pos;
	struct fen_report report;
	const char *fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 7 30";
	const struct opening *o;

	ck_assert_int_eq(fen_parse(fen, strlen(fen), NULL, &pos, &report), FEN_VALID);
	o = opening_find(pos.key);
	ck_assert_ptr_nonnull(o);
	ck_assert_str_eq(o->name, "Sicilian Defense");
	/* Black to move in the same placement is another position */
	fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
	ck_assert_int_eq(fen_parse(fen, strlen(fen), NULL, &pos, &report), FEN_VALID);
	ck_assert_ptr_null(opening_find(pos.key));
}
END_TEST

/* Walking back along a line: the most recent named position. */
START_TEST(opening_line)
{
	uint64_t keys[5];
	int at = 99;

	keys[0] = test_key("");
	keys[1] = test_key("1. e4");
	keys[2] = test_key("1. e4 c5");
	keys[3] = test_key("1. e4 c5 2. a3");
	keys[4] = test_key("1. e4 c5 2. a3 h6");
	ck_assert_str_eq(opening_of_line(keys, 5, &at)->name, "Sicilian Defense: Mengarini Variation");
	ck_assert_int_eq(at, 3);
	ck_assert_str_eq(opening_of_line(keys, 3, &at)->name, "Sicilian Defense");
	ck_assert_int_eq(at, 2);
	ck_assert_ptr_null(opening_of_line(keys, 1, &at));
	ck_assert_int_eq(at, -1);
	ck_assert_ptr_null(opening_of_line(keys, 0, NULL));
}
END_TEST

/* {"eco", "name", "ply"}, or null. */
START_TEST(opening_json)
{
	cJSON *json = json_opening(opening_find(test_key("1. e4 c5")));
	char *text = cJSON_PrintUnformatted(json);

	ck_assert_str_eq(text, "{\"eco\":\"B20\",\"name\":\"Sicilian Defense\",\"ply\":2}");
	free(text);
	cJSON_Delete(json);
	json = json_opening(NULL);
	ck_assert(cJSON_IsNull(json));
	cJSON_Delete(json);
	json = json_opening_of_key(0);
	ck_assert(cJSON_IsNull(json));
	cJSON_Delete(json);
}
END_TEST

/* A game's ECO and Opening tags against the opening found. */
START_TEST(opening_tags)
{
	const struct opening *o = opening_find(test_key("1. e4 c5 2. a3"));

	ck_assert_str_eq(o->name, "Sicilian Defense: Mengarini Variation");
	ck_assert_int_eq(opening_tags_agree(o, "B20", NULL), 1);
	ck_assert_int_eq(opening_tags_agree(o, "b20", "Sicilian Defense"), 1);
	ck_assert_int_eq(opening_tags_agree(o, NULL, "sicilian defense: mengarini variation"), 1);
	ck_assert_int_eq(opening_tags_agree(o, "B21", NULL), 0);
	ck_assert_int_eq(opening_tags_agree(o, "B20", "French Defense"), 0);
	ck_assert_int_eq(opening_tags_agree(NULL, "B20", NULL), 0);
	ck_assert_int_eq(opening_tags_agree(o, NULL, NULL), -1);
	ck_assert_int_eq(opening_tags_agree(o, "?", ""), -1);
}
END_TEST

/* The games of a PGN text as /pgn and `fen pgn` build them (the caller deletes the array). */
static cJSON *test_pgn_games(const char *text)
{
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct pgn_options options = { { SAN_LANG_EN, false, MSG_EN }, false, MSG_EN };
	struct json_pgn *builder = json_pgn_new(&style, SAN_LANG_EN, true);
	struct pgn_reader *reader = malloc(sizeof *reader);
	cJSON *games = cJSON_CreateArray(), *game;
	size_t at = 0, length = strlen(text);
	bool oom = false;

	ck_assert(builder && reader && games);
	pgn_reader_init(reader, &json_pgn_visitor, builder, &options);
	while (at < length) {
		at += pgn_reader_feed(reader, text + at, length - at);
		while ((game = json_pgn_take(builder, NULL, &oom)))
			cJSON_AddItemToArray(games, game);
	}
	pgn_reader_finish(reader);
	while ((game = json_pgn_take(builder, NULL, &oom)))
		cJSON_AddItemToArray(games, game);
	ck_assert(!oom);
	json_pgn_free(builder);
	free(reader);
	return games;
}

/* A game's opening (its main line's, variations aside) and whether its tags agree. */
START_TEST(opening_pgn_games)
{
	static const char text[] =
		"[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 c5 (1... e5 2. Nf3) 2. a3 h6 *\n\n"
		"[ECO \"C00\"]\n\n1. d4 d5 *\n\n"
		"1. Nf3 d5 2. d4 *\n\n"
		"[FEN \"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n[SetUp \"1\"]\n\n2. Ba6 *\n";
	cJSON *games = test_pgn_games(text), *g;

	ck_assert_int_eq(cJSON_GetArraySize(games), 4);
	g = cJSON_GetArrayItem(games, 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(g, "opening"), "name")->valuestring,
			 "Sicilian Defense: Mengarini Variation");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "opening_agrees")));
	g = cJSON_GetArrayItem(games, 1);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(g, "opening"), "eco")->valuestring,
			 "D00");
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(g, "opening_agrees")));
	g = cJSON_GetArrayItem(games, 2);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(g, "opening"), "eco")->valuestring,
			 "D02");
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(g, "opening_agrees")));
	/* from a FEN: the start position counts */
	g = cJSON_GetArrayItem(games, 3);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(g, "opening"), "name")->valuestring,
			 "Sicilian Defense");
	cJSON_Delete(games);
}
END_TEST

static Suite *opening_suite(void)
{
	Suite *s = suite_create("opening");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, opening_table_sorted);
	tcase_add_test(tc, opening_find_as_bisection);
	tcase_add_test(tc, opening_every_line_named);
	tcase_add_test(tc, opening_known);
	tcase_add_test(tc, opening_from_fen);
	tcase_add_test(tc, opening_line);
	tcase_add_test(tc, opening_json);
	tcase_add_test(tc, opening_tags);
	tcase_add_test(tc, opening_pgn_games);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(opening_suite());
}
