/* check_pgn_write.c -- tests of src/core/pgn_write.c: the exact PGN of short games, tags
 * in export order and their escaping, setup tags, Black moving first, NAGs and comments,
 * a game's variations (nested, with their comments) and its comment, the result, wrapping to 79 columns, the movetext writer's variations, null moves and
 * glued tokens, escape lines, and every error. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/pgn_write.h"

#define ROSTER_UNKNOWN(result) \
	"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n" \
	"[Result \"" result "\"]\n"

/* Plays the space-separated UCI moves of text from fen into moves[]; returns how many. */
static int play(const char *fen, bool chess960, const char *text, struct position *start, move *moves, int max)
{
	struct position pos;
	int n = 0;

	util_parse(fen, chess960, start);
	pos = *start;
	while (*text) {
		size_t len = strcspn(text, " ");
		struct position_undo undo;
		ck_assert_int_lt(n, max);
		ck_assert_msg(uci_parse_move(&pos, text, len, &moves[n]) == UCI_OK, "%.*s is not legal", (int)len, text);
		position_make_move(&pos, moves[n++], &undo);
		text += len;
		while (*text == ' ')
			text++;
	}
	return n;
}

/* Writes the game into a buffer, asserting success, and returns the text (static). */
static const char *write(const struct pgn_game *game)
{
	static char out[16384];
	size_t length;

	ck_assert_int_eq(pgn_write_buffer(game, out, sizeof out, &length, NULL), PGN_WRITE_OK);
	ck_assert_uint_eq(length, strlen(out));
	return out;
}

START_TEST(test_short_game)
{
	struct position start;
	move moves[8];
	struct pgn_game game = { .start = &start, .moves = moves };

	game.move_count = play(POSITION_START_FEN, false, "e2e4 e7e5 g1f3", &start, moves, 8);
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*") "\n1. e4 e5 2. Nf3 *\n");
	game.move_count = 0;
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*") "\n*\n");
}
END_TEST

START_TEST(test_mate_decides_the_result)
{
	struct position start;
	move moves[8];
	struct pgn_game game = { .start = &start, .moves = moves };

	game.move_count = play(POSITION_START_FEN, false, "f2f3 e7e5 g2g4 d8h4", &start, moves, 8);
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("0-1") "\n1. f3 e5 2. g4 Qh4# 0-1\n");
	/* a result the caller gives wins over the position */
	game.result = "*";
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*") "\n1. f3 e5 2. g4 Qh4# *\n");
}
END_TEST

START_TEST(test_black_first)
{
	struct position start;
	move moves[8];
	struct pgn_game game = { .start = &start, .moves = moves };
	const char *fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12";

	game.move_count = play(fen, false, "g8f6 f1c4 f8c5", &start, moves, 8);
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*") "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12\"]\n"
				       "[SetUp \"1\"]\n\n12... Nf6 13. Bc4 Bc5 *\n");
}
END_TEST

START_TEST(test_tags)
{
	struct position start;
	move moves[8];
	const struct pgn_tag tags[] = {
		{ "White", "Guevara" }, { "Black", "Filip, M." }, { "Event", "Simul \"Havana\" C:\\games" },
		{ "ECO", "C20" }, { "SetUp", "0" }, { "Result", "1-0" }, { "Annotator", "two\nlines" },
	};
	struct pgn_game game = { .start = &start, .moves = moves, .tags = tags, .tag_count = 7 };

	game.move_count = play(POSITION_START_FEN, false, "e2e4 e7e5", &start, moves, 8);
	/* the game goes on, so the caller's Result tag (a resignation, say) is the result;
	 * the tags past the roster come in ASCII order */
	ck_assert_str_eq(write(&game), "[Event \"Simul \\\"Havana\\\" C:\\\\games\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
				       "[Round \"?\"]\n[White \"Guevara\"]\n[Black \"Filip, M.\"]\n[Result \"1-0\"]\n"
				       "[Annotator \"two lines\"]\n[ECO \"C20\"]\n\n1. e4 e5 1-0\n");
}
END_TEST

START_TEST(test_chess960)
{
	struct position start;
	move moves[8];
	struct pgn_game game = { .start = &start, .moves = moves };

	game.move_count = play("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, "g1h1", &start, moves, 8);
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*") "[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1\"]\n"
				       "[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n1. O-O *\n");
	game.castling = FEN_CASTLING_SHREDDER;
	ck_assert_ptr_nonnull(strstr(write(&game), "[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1\"]\n"));
}
END_TEST

START_TEST(test_notes)
{
	struct position start;
	move moves[8];
	struct pgn_note notes[4] = {
		{ .nags = { 1 }, .nag_count = 1 },
		{ .nags = { 3, 14 }, .nag_count = 2 },
		{ .nags = { 14 }, .nag_count = 1, .comment = "the main line {sic}" },
		{ .comment = "" },
	};
	struct pgn_game game = { .start = &start, .moves = moves, .notes = notes };

	game.move_count = play(POSITION_START_FEN, false, "e2e4 e7e5 g1f3 b8c6", &start, moves, 8);
	/* NAGs as $n, the glyphs' too (the standard's 8.2.3.8); a comment holding '}' has
	 * its braces made parentheses; Black's move after a NAG or comment has its number */
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*")
			 "\n1. e4 $1 1... e5 $3 $14 2. Nf3 $14 {the main line (sic)} 2... Nc6 {} *\n");
	notes[2].comment = "  { a brace\tand\n\nlines\x01  "; /* no '}': kept as it is */
	notes[0].nags[1] = 256;
	notes[0].nag_count = 2;
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*")
			 "\n1. e4 $1 1... e5 $3 $14 2. Nf3 $14 {{ a brace and lines?} 2... Nc6 {} *\n");
}
END_TEST

/* Lines stay within 79 characters (counted in code points), and joining them gives the
 * movetext back. */
static void check_wrapping(const char *text, enum san_lang lang, size_t *longest_bytes)
{
	const char *movetext = strstr(text, "\n\n");
	const char *line;
	int lines = 0;

	ck_assert_ptr_nonnull(movetext);
	*longest_bytes = 0;
	for (line = movetext + 2; *line; lines++) {
		const char *end = strchr(line, '\n');
		int columns = 0;
		ck_assert_ptr_nonnull(end);
		for (const char *p = line; p < end; p++)
			columns += ((unsigned char)*p & 0xC0) != 0x80;
		ck_assert_msg(columns <= PGN_LINE_MAX, "a line of %d columns", columns);
		ck_assert_msg(columns > PGN_LINE_MAX - 12 || end[1] == '\0', "a short line of %d columns mid-game", columns);
		ck_assert(line[0] != ' ' && end[-1] != ' ');
		if ((size_t)(end - line) > *longest_bytes)
			*longest_bytes = (size_t)(end - line);
		line = end + 1;
	}
	ck_assert_int_gt(lines, 2);
	(void)lang;
}

/* Variations of a struct pgn_game: each from the position before the move it replaces,
 * after the move's NAGs and comment, with a comment before its first move, nested; the
 * game's comment before the first move. */
START_TEST(test_variations)
{
	struct position start, after2;
	move moves[4], line[3], inner[1], other[1];
	struct pgn_note notes[4] = { { .nag_count = 0 } }, line_notes[3] = { { .nag_count = 0 } };
	struct pgn_variation inner_v = { NULL, inner, 1, NULL };
	struct pgn_variation alternatives[2] = { { "the King's Gambit", line, 3, line_notes }, { NULL, other, 1, NULL } };
	struct pgn_game game = { .start = &start, .moves = moves, .notes = notes, .comment = "From the start" };
	int bad = -1;

	game.move_count = play(POSITION_START_FEN, false, "e2e4 e7e5 g1f3 b8c6", &start, moves, 4);
	play("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", false, "f2f4 e5f4 g1f3", &after2, line, 3);
	play("rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq f3 0 2", false, "d7d5", &after2, inner, 1);
	play("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", false, "f1c4", &after2, other, 1);
	notes[2] = (struct pgn_note){ .nags = { 1 }, .nag_count = 1, .comment = "the usual",
				      .variations = alternatives, .variation_count = 2 };
	line_notes[1] = (struct pgn_note){ .variations = &inner_v, .variation_count = 1 };
	ck_assert_str_eq(write(&game), ROSTER_UNKNOWN("*")
			 "\n{From the start} 1. e4 e5 2. Nf3 $1 {the usual} ({the King's Gambit} 2. f4 exf4\n"
			 "(2... d5) 3. Nf3) (2. Bc4) 2... Nc6 *\n");
	/* A variation's move that is not legal where the variation starts: nothing written,
	 * the main-line move it hangs from named. */
	other[0] = moves[0];
	ck_assert_int_eq(pgn_write_buffer(&game, NULL, 0, NULL, &bad), PGN_WRITE_ILLEGAL_MOVE);
	ck_assert_int_eq(bad, 2);
}
END_TEST

/* Variations deeper than PGN_WRITE_DEPTH_MAX are refused. */
START_TEST(test_variations_too_deep)
{
	struct position start;
	move moves[1];
	struct pgn_note notes[PGN_WRITE_DEPTH_MAX + 2];
	struct pgn_variation lines[PGN_WRITE_DEPTH_MAX + 1];
	struct pgn_game game = { .start = &start, .moves = moves, .move_count = 1, .notes = notes };
	int bad = -1;

	play(POSITION_START_FEN, false, "e2e4", &start, moves, 1);
	for (int d = 0; d <= PGN_WRITE_DEPTH_MAX; d++) {
		lines[d] = (struct pgn_variation){ NULL, moves, 1, &notes[d + 1] };
		notes[d] = (struct pgn_note){ .variations = &lines[d], .variation_count = 1 };
	}
	notes[PGN_WRITE_DEPTH_MAX + 1] = (struct pgn_note){ .nag_count = 0 };
	ck_assert_int_eq(pgn_write_buffer(&game, NULL, 0, NULL, &bad), PGN_WRITE_TOO_DEEP);
	ck_assert_int_eq(bad, 0);
	/* one level less is written */
	notes[PGN_WRITE_DEPTH_MAX].variation_count = 0;
	{
		const char *text = write(&game);
		int open = 0, close = 0;
		for (const char *p = text; *p; p++) {
			open += *p == '(';
			close += *p == ')';
		}
		ck_assert_int_eq(open, PGN_WRITE_DEPTH_MAX);
		ck_assert_int_eq(close, PGN_WRITE_DEPTH_MAX);
	}
}
END_TEST

START_TEST(test_wrapping)
{
	struct position start;
	move moves[128];
	char uci[2048] = "";
	struct pgn_game game = { .start = &start, .moves = moves };
	size_t longest;

	for (int i = 0; i < 20; i++)
		strcat(uci, "g1f3 g8f6 f3g1 f6g8 ");
	uci[strlen(uci) - 1] = '\0';
	game.move_count = play(POSITION_START_FEN, false, uci, &start, moves, 128);
	check_wrapping(write(&game), SAN_LANG_EN, &longest);
	ck_assert_ptr_nonnull(strstr(write(&game), "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6"));
	game.lang = SAN_LANG_FIGURINE;
	check_wrapping(write(&game), SAN_LANG_FIGURINE, &longest);
	ck_assert_uint_gt(longest, PGN_LINE_MAX); /* the figurines take 3 bytes, one column */
	ck_assert_ptr_nonnull(strstr(write(&game), "1. ♘f3 ♞f6 2. ♘g1 ♞g8"));
	/* a comment wraps word by word */
	{
		struct pgn_note notes[128] = { 0 };
		notes[0].comment = "a long comment that goes on and on and on, far longer than any line of movetext can be, "
				   "so it has to be wrapped across several lines of the export";
		game.notes = notes;
		game.lang = SAN_LANG_EN;
		check_wrapping(write(&game), SAN_LANG_EN, &longest);
	}
}
END_TEST

/* A sink that appends to a static text. */
static char sink_text[8192];
static size_t sink_length;

static int text_sink(void *context, const char *text, size_t length)
{
	(void)context;
	ck_assert_uint_lt(sink_length + length, sizeof sink_text);
	memcpy(sink_text + sink_length, text, length);
	sink_length += length;
	sink_text[sink_length] = '\0';
	return 0;
}

/* The movetext writer a piece at a time: variations glued to their first and last
 * tokens, move numbers after them, a null move, a ')' that takes its token down to the
 * next line, a word wider than a line with the '}' glued after it. */
START_TEST(test_writer_pieces)
{
	struct pgn_writer w;
	struct position start, after_e4;
	struct position_undo undo;
	char word[400];
	move e4, d4, c5;

	util_parse(POSITION_START_FEN, false, &start);
	ck_assert_int_eq(uci_parse_move(&start, "e2e4", 4, &e4), UCI_OK);
	ck_assert_int_eq(uci_parse_move(&start, "d2d4", 4, &d4), UCI_OK);
	after_e4 = start;
	position_make_move(&after_e4, e4, &undo);
	ck_assert_int_eq(uci_parse_move(&after_e4, "c7c5", 4, &c5), UCI_OK);

	sink_length = 0;
	pgn_writer_init(&w, text_sink, NULL, SAN_LANG_EN);
	pgn_writer_move(&w, &start, e4, NULL);
	pgn_writer_variation_begin(&w);
	pgn_writer_move(&w, &start, d4, "d4");
	pgn_writer_variation_begin(&w);
	pgn_writer_move(&w, &start, MOVE_NULL, NULL);
	pgn_writer_variation_end(&w);
	pgn_writer_variation_end(&w);
	pgn_writer_move(&w, &after_e4, c5, NULL);
	pgn_writer_nag(&w, 146);
	pgn_writer_nag(&w, -1);
	ck_assert_int_eq(pgn_writer_result(&w, "*"), 0);
	ck_assert_str_eq(sink_text, "1. e4 (1. d4 (1. --)) 1... c5 $146 *\n");

	/* a ')' past column 79 takes "{word}" down with it */
	sink_length = 0;
	pgn_writer_init(&w, text_sink, NULL, SAN_LANG_EN);
	pgn_writer_move(&w, &start, e4, NULL);
	pgn_writer_variation_begin(&w);
	pgn_writer_move(&w, &start, d4, NULL);
	memset(word, 'w', 64);
	pgn_writer_comment(&w, word, 64);
	pgn_writer_variation_end(&w);
	pgn_writer_result(&w, "*");
	ck_assert_str_eq(sink_text, "1. e4 (1. d4\n{wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww}) *\n");

	/* a word wider than a line: a line of its own, the glued text after it */
	sink_length = 0;
	pgn_writer_init(&w, text_sink, NULL, SAN_LANG_EN);
	pgn_writer_move(&w, &start, e4, NULL);
	memset(word, 'w', sizeof word);
	pgn_writer_variation_begin(&w);
	pgn_writer_move(&w, &start, d4, NULL);
	pgn_writer_comment(&w, word, sizeof word);
	pgn_writer_variation_end(&w);
	pgn_writer_result(&w, "*");
	ck_assert_uint_eq(sink_length, strlen("1. e4 (1. d4\n{") + sizeof word + strlen("})\n*\n"));
	ck_assert_int_eq(strncmp(sink_text, "1. e4 (1. d4\n{www", 17), 0);
	ck_assert_str_eq(sink_text + sink_length - 6, "w})\n*\n");
}
END_TEST

/* Escape lines wrap within 79 columns, each line starting "% ". */
START_TEST(test_escape)
{
	sink_length = 0;
	ck_assert_int_eq(pgn_write_escape("fend: line 3, column 9: illegal_move Nf9: a message long enough to be wrapped "
					  "onto a second escape line", text_sink, NULL), 0);
	ck_assert_str_eq(sink_text, "% fend: line 3, column 9: illegal_move Nf9: a message long enough to be wrapped\n"
				    "% onto a second escape line\n");
}
END_TEST

/* Without a start position, the set-up tags are the caller's, in ASCII order with the
 * others; with one, the caller's are left out for fend's own. */
START_TEST(test_write_tags)
{
	struct position start;
	const struct pgn_tag tags[] = { { "Variant", "Atomic" }, { "FEN", "bad" }, { "Black", "B" }, { "Annotator", "x" },
					{ "SetUp", "1" } };
	struct pgn_game game = { .tags = tags, .tag_count = 5 };

	sink_length = 0;
	ck_assert_int_eq(pgn_write_tags(&game, "1-0", text_sink, NULL), 0);
	ck_assert_str_eq(sink_text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
				    "[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"x\"]\n[FEN \"bad\"]\n[SetUp \"1\"]\n"
				    "[Variant \"Atomic\"]\n\n");
	util_parse(POSITION_START_FEN, false, &start);
	game.start = &start;
	sink_length = 0;
	ck_assert_int_eq(pgn_write_tags(&game, "1-0", text_sink, NULL), 0);
	ck_assert_str_eq(sink_text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
				    "[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"x\"]\n\n");
}
END_TEST

static int failing_sink(void *context, const char *text, size_t length)
{
	int *calls = context;

	(void)text;
	(void)length;
	return ++*calls > 3;
}

START_TEST(test_errors)
{
	struct position start;
	move moves[8];
	struct pgn_game game = { .start = &start, .moves = moves };
	struct pgn_tag bad_name = { "Bad Name", "x" }, null_value = { "ECO", NULL };
	char small[40];
	size_t length;
	int bad = -1, calls = 0;

	game.move_count = play(POSITION_START_FEN, false, "e2e4 e7e5", &start, moves, 8);
	moves[2] = move_make(SQ_E4, SQ_E5, MOVE_NORMAL); /* a pawn walking into a pawn */
	game.move_count = 3;
	ck_assert_int_eq(pgn_write_buffer(&game, small, sizeof small, &length, &bad), PGN_WRITE_ILLEGAL_MOVE);
	ck_assert_int_eq(bad, 2);
	ck_assert_uint_eq(length, 0);
	game.move_count = 2;

	game.tags = &bad_name;
	game.tag_count = 1;
	ck_assert_int_eq(pgn_write_buffer(&game, small, sizeof small, &length, NULL), PGN_WRITE_BAD_TAG);
	game.tags = &null_value;
	ck_assert_int_eq(pgn_write_buffer(&game, small, sizeof small, &length, NULL), PGN_WRITE_BAD_TAG);
	game.tag_count = 0;

	game.result = "2-0";
	ck_assert_int_eq(pgn_write_buffer(&game, small, sizeof small, &length, NULL), PGN_WRITE_BAD_RESULT);
	game.result = NULL;

	/* too small a buffer: the beginning, NUL-terminated, and the whole length */
	ck_assert_int_eq(pgn_write_buffer(&game, small, sizeof small, &length, NULL), PGN_WRITE_OK);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert_uint_eq(length, strlen(ROSTER_UNKNOWN("*") "\n1. e4 e5 *\n"));
	ck_assert_int_eq(strncmp(small, "[Event \"?\"]\n[Site", 17), 0);

	ck_assert_int_eq(pgn_write_game(&game, failing_sink, &calls, NULL), PGN_WRITE_SINK_FAILED);
	ck_assert_int_eq(calls, 4); /* nothing more is sent after the sink said stop */
}
END_TEST

START_TEST(test_result_of)
{
	struct position pos;

	util_parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, &pos);
	ck_assert_str_eq(pgn_result_of(&pos), "1/2-1/2");
	util_parse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false, &pos);
	ck_assert_str_eq(pgn_result_of(&pos), "1-0");
	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert_str_eq(pgn_result_of(&pos), "*");
	util_parse("8/8/4k3/8/8/4K3/8/8 w - - 0 1", false, &pos);
	ck_assert_str_eq(pgn_result_of(&pos), "1/2-1/2");
}
END_TEST

static Suite *pgn_write_suite(void)
{
	Suite *s = suite_create("pgn_write");
	TCase *tc = tcase_create("write");

	tcase_add_test(tc, test_short_game);
	tcase_add_test(tc, test_mate_decides_the_result);
	tcase_add_test(tc, test_black_first);
	tcase_add_test(tc, test_tags);
	tcase_add_test(tc, test_chess960);
	tcase_add_test(tc, test_notes);
	tcase_add_test(tc, test_variations);
	tcase_add_test(tc, test_variations_too_deep);
	tcase_add_test(tc, test_wrapping);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_result_of);
	tcase_add_test(tc, test_writer_pieces);
	tcase_add_test(tc, test_escape);
	tcase_add_test(tc, test_write_tags);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(pgn_write_suite());
}
