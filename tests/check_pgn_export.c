/* check_pgn_export.c -- tests of src/core/pgn_export.c: the exact export of games read in
 * any notation (tags in export order with their defaults, move numbers, comments, NAGs,
 * variations, the result), empty variations left out, problems as escape lines, null
 * moves, set-up tags, streaming a game at a time; and the round trip over every PGN in
 * tests/data/pgn: the export read back gives the same games (a transcript of the reader's
 * events: tags, start, every move with its FEN, NAGs, comments, variations, result), and
 * exporting the export again changes nothing. */
#include <check.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/pgn_export.h"

#define ROSTER(event, result)                                                                            \
	"[Event \"" event "\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n" \
	"[Black \"?\"]\n[Result \"" result "\"]\n"

__attribute__((format(printf, 2, 3))) static void text_printf(struct util_text *t, const char *format, ...)
{
	char line[PGN_COMMENT_MAX + 256];
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(line, sizeof line, format, ap);
	va_end(ap);
	ck_assert_int_lt(n, (int)sizeof line);
	util_text_add(t, line, (size_t)n);
}

/* The export of a string read in lang (the caller frees it). */
static char *export_text(const char *input, enum san_lang lang)
{
	return util_pgn_export(input, strlen(input), lang, 0);
}

/* ---- the transcript of a reading ---- */

/* What the reader says of the games, in a form the export must keep: every event in
 * order, a move with its SAN and the FEN after it, comments with their white space made
 * single spaces, variations without a move left out, and at each game's end its tags as
 * export writes them (the roster with its defaults and the game's result, the others in
 * order of name with their last value; FEN, SetUp and Variant as the start position). */
struct trace {
	struct util_text out;
	size_t game_at;           /* where the current game's transcript starts */
	int pending;              /* depth of a variation with no move yet, or 0 */
	size_t pending_at;
	bool start_valid;
	int tags;
	const char *names[PGN_GAME_TAGS_MAX];
	const char *values[PGN_GAME_TAGS_MAX];
	int games, problems;      /* games kept; errors and warnings of games that have a start */
	int game_problems;
};

static char *copy(const char *s, size_t n)
{
	char *c = malloc(n + 1);

	memcpy(c, s, n);
	c[n] = '\0';
	return c;
}

static void trace_game_begin(void *ctx, int game)
{
	struct trace *t = ctx;

	(void)game;
	t->game_at = t->out.length;
	t->pending = 0;
	t->tags = 0;
	t->game_problems = 0;
	util_text_add(&t->out, "game\n", 5);
}

static void trace_tag(void *ctx, const char *name, const char *value, size_t length)
{
	struct trace *t = ctx;

	ck_assert_int_lt(t->tags, PGN_GAME_TAGS_MAX);
	t->names[t->tags] = copy(name, strlen(name));
	t->values[t->tags++] = copy(value, length);
}

static void trace_start(void *ctx, const struct position *start, bool chess960)
{
	struct trace *t = ctx;
	char fen[FEN_MAX];

	t->start_valid = start != NULL;
	if (start)
		text_printf(&t->out, "start %s%s\n", util_fen(start, fen), chess960 ? " chess960" : "");
	else
		text_printf(&t->out, "start invalid\n");
}

static void trace_move(void *ctx, const struct pgn_move *mv)
{
	struct trace *t = ctx;
	char san[SAN_MAX], fen[FEN_MAX];

	if (mv->depth == t->pending)
		t->pending = 0;
	if (mv->m == MOVE_NULL)
		strcpy(san, "--");
	else
		san_format_move(mv->before, mv->m, SAN_LANG_EN, SAN_STYLE_SAN, san);
	text_printf(&t->out, "%d move %s %s\n", mv->depth, san, util_fen(mv->after, fen));
}

static void trace_nag(void *ctx, int nag, int depth)
{
	text_printf(&((struct trace *)ctx)->out, "%d nag %d\n", depth, nag);
}

/* A comment's text as export writes it: white space runs made one space, no space at
 * either end, and braces made parentheses when it holds a '}'. */
static void trace_comment(void *ctx, const struct pgn_comment *c)
{
	struct trace *t = ctx;
	bool braces = memchr(c->text, '}', c->length) != NULL, space = false;
	char *text = malloc(c->length + 1);
	size_t n = 0;

	for (size_t i = 0; i < c->length; i++) {
		char ch = c->text[i];
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			space = n > 0;
			continue;
		}
		if (space)
			text[n++] = ' ';
		space = false;
		text[n++] = braces && ch == '{' ? '(' : braces && ch == '}' ? ')' : ch;
	}
	text[n] = '\0';
	text_printf(&t->out, "%d comment%s {%s}\n", c->depth, c->after_move ? "" : " (before)", text);
	free(text);
}

static void trace_variation_begin(void *ctx, int depth)
{
	struct trace *t = ctx;

	if (!t->pending) {
		t->pending = depth;
		t->pending_at = t->out.length;
	}
	text_printf(&t->out, "%d (\n", depth);
}

static void trace_variation_end(void *ctx, int depth)
{
	struct trace *t = ctx;

	if (t->pending == depth) {
		t->out.length = t->pending_at;
		t->out.data[t->out.length] = '\0';
		t->pending = 0;
		return;
	}
	text_printf(&t->out, "%d )\n", depth);
}

/* Every problem counts but a null move's warning: "--" is how the export writes one, and
 * a null move is a warning however it is written. */
static void trace_issue(void *ctx, const struct pgn_issue *issue)
{
	if (issue->code == PGN_WARN_SAN && issue->san == SAN_WARN_NULL_MOVE)
		return;
	((struct trace *)ctx)->game_problems++;
}

static bool trace_is_setup(const char *name)
{
	return !strcmp(name, "FEN") || !strcmp(name, "SetUp") || !strcmp(name, "Variant");
}

static bool trace_game_end(void *ctx, const struct pgn_game_end *end)
{
	static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
	static const char *const unknown[7] = { "?", "?", "????.??.??", "?", "?", "?", "*" };
	struct trace *t = ctx;
	const char *after = NULL;

	if (end->malformed) {
		/* Not PGN: the export writes only its escape lines. */
		t->out.length = t->game_at;
		t->out.data[t->out.length] = '\0';
	} else {
		for (int k = 0; k < 7; k++) {
			const char *value = k == 6 ? end->result : unknown[k];
			for (int i = 0; i < t->tags && k < 6; i++)
				if (!strcmp(t->names[i], roster[k]))
					value = t->values[i];
			text_printf(&t->out, "tag %s %s\n", roster[k], value);
		}
		for (;;) {
			const char *next = NULL, *value = NULL;
			for (int i = 0; i < t->tags; i++) {
				bool in_roster = false;
				for (int k = 0; k < 7; k++)
					in_roster |= !strcmp(t->names[i], roster[k]);
				if (in_roster || (t->start_valid && trace_is_setup(t->names[i])) ||
				    (after && strcmp(t->names[i], after) <= 0))
					continue;
				if (!next || strcmp(t->names[i], next) <= 0) {
					next = t->names[i];
					value = t->values[i];
				}
			}
			if (!next)
				break;
			text_printf(&t->out, "tag %s %s\n", next, value);
			after = next;
		}
		text_printf(&t->out, "end %s\n", end->result);
		t->games++;
		if (t->start_valid)
			t->problems += t->game_problems;
	}
	for (int i = 0; i < t->tags; i++) {
		free((char *)t->names[i]);
		free((char *)t->values[i]);
	}
	t->tags = 0;
	return false;
}

static const struct pgn_visitor trace_visitor = {
	.game_begin = trace_game_begin,
	.tag = trace_tag,
	.start = trace_start,
	.move = trace_move,
	.nag = trace_nag,
	.comment = trace_comment,
	.variation_begin = trace_variation_begin,
	.variation_end = trace_variation_end,
	.issue = trace_issue,
	.game_end = trace_game_end,
};

/* The transcript of length bytes of input read in lang (the caller frees its text). */
static struct trace trace_pgn(const char *input, size_t length, enum san_lang lang)
{
	struct pgn_reader *r = malloc(sizeof *r);
	struct pgn_options options = { { lang, false, MSG_EN }, false, MSG_EN };
	struct trace t = { 0 };

	util_text_add(&t.out, "", 0);
	pgn_reader_init(r, &trace_visitor, &t, &options);
	util_pgn_feed(r, input, length, 0);
	free(r);
	return t;
}

/* Fails with the first line where two texts differ. */
static void assert_same_text(const char *a, const char *b, const char *what)
{
	size_t line = 1, at = 0;

	for (size_t i = 0; a[i] || b[i]; i++) {
		if (a[i] != b[i]) {
			ck_abort_msg("%s: line %zu differs:\n  %.*s\n  %.*s", what, line, (int)strcspn(a + at, "\n"), a + at,
				     (int)strcspn(b + at, "\n"), b + at);
		}
		if (a[i] == '\n') {
			line++;
			at = i + 1;
		}
	}
}

/* text without its escape lines, and without the empty line after those of a game that
 * is not PGN (the caller frees it) */
static char *without_escapes(const char *text)
{
	struct util_text out = { 0 };

	util_text_add(&out, "", 0);
	for (const char *line = text; *line;) {
		size_t n = strcspn(line, "\n") + 1;
		bool blank = n == 1 && (out.length == 0 || (out.length >= 2 && !strcmp(out.data + out.length - 2, "\n\n")));
		if (line[0] != '%' && !blank)
			util_text_add(&out, line, n);
		line += n;
	}
	return out.data;
}

/* Every line of an export: within 79 columns unless it is one word (or an escape line's
 * one word), no space at either end; a line starting with '%' is an escape line "% ...". */
static void assert_layout(const char *text)
{
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		int columns = 0;
		bool one_word;
		ck_assert_ptr_nonnull(end);
		for (const char *p = line; p < end; p++)
			columns += ((unsigned char)*p & 0xC0) != 0x80;
		one_word = !memchr(line, ' ', (size_t)(end - line)) ||
			   (line[0] == '%' && !memchr(line + 2, ' ', (size_t)(end - line - 2)));
		ck_assert_msg(columns <= PGN_LINE_MAX || one_word, "a line of %d columns: %.*s", columns,
			      (int)(end - line), line);
		if (end > line) {
			ck_assert_msg(line[0] != ' ' && end[-1] != ' ', "a space at an end of: %.*s", (int)(end - line),
				      line);
			ck_assert_msg(line[0] != '%' || line[1] == ' ' || end == line + 1, "%.*s", (int)(end - line),
				      line);
		}
		line = end + 1;
	}
}

/* ---- exact exports ---- */

START_TEST(test_mini_template)
{
	size_t length;
	char *input = util_read_file(TEST_DATA_DIR "/pgn/mini-template.pgn", &length);
	char *out = util_pgn_export(input, length, SAN_LANG_EN, 0);

	ck_assert_str_eq(out, ROSTER("?", "1-0")
		"[Annotator \"DocSimooo\"]\n[BlackElo \"?\"]\n[ECO \"C20\"]\n"
		"[Link \"insert here the URL of the site where the game is published\"]\n[Opening \"...\"]\n"
		"[TimeControl \"?+?\"]\n[WhiteElo \"?\"]\n\n"
		"1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 Nc6 {Normal development} 5. h3 Bh5 $2\n"
		"(5... Bxf3 {Best move. White keeps the bishop pair and a solid position.} 6.\n"
		"Qxf3) 6. Nxe5 $3 6... Bxd1 $4 (6... dxe5 {Good reply} 7. Qxh5 {White wins a\n"
		"bishop}) (6... Nxe5 {Best reply} 7. Qxh5 Nxc4 8. Qb5+ {Fork} 8... c6 9. Qxc4)\n"
		"7. Bxf7+ Ke7 8. Nd5# 1-0\n\n");
	free(out);
	free(input);
}
END_TEST

START_TEST(test_tags)
{
	char *out = export_text("[White \"B\"]\n[ZZ \"1\"]\n[Event \"E\"]\n[aa \"2\"]\n[ECO \"C20\"]\n"
				"[White \"A\"]\n[Annotator \"a \\\"b\\\" c\\\\d\"]\n[ZZ \"3\"]\n[Date \"2024.05.06\"]\n\n1. e4 *",
				SAN_LANG_EN);

	/* the roster in order, its defaults, a repeated tag's last value; the others in
	 * ASCII order (capitals first); escapes written back */
	ck_assert_str_eq(out, "[Event \"E\"]\n[Site \"?\"]\n[Date \"2024.05.06\"]\n[Round \"?\"]\n[White \"A\"]\n"
			      "[Black \"?\"]\n[Result \"*\"]\n[Annotator \"a \\\"b\\\" c\\\\d\"]\n[ECO \"C20\"]\n"
			      "[ZZ \"3\"]\n[aa \"2\"]\n\n1. e4 *\n\n");
	free(out);
}
END_TEST

START_TEST(test_result)
{
	char *out;

	/* no Result tag: the movetext's */
	out = export_text("1. f3 e5 2. g4 Qh4# 0-1", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "0-1") "\n1. f3 e5 2. g4 Qh4# 0-1\n\n");
	free(out);
	/* no result token: the tag's */
	out = export_text("[Result \"1/2-1/2\"]\n\n1. e4 e5", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "1/2-1/2") "\n1. e4 e5 1/2-1/2\n\n");
	free(out);
	/* neither */
	out = export_text("1. e4 e5", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 *\n\n");
	free(out);
	/* both, and they differ: the movetext's, and a note of the tag's */
	out = export_text("[Result \"1-0\"]\n\n1. e4 e5 0-1", SAN_LANG_EN);
	ck_assert_str_eq(out, "% fend: line 3, column 10: result_mismatch: the movetext ends with 0-1, the\n"
			      "% Result tag says 1-0\n" ROSTER("?", "0-1") "\n1. e4 e5 0-1\n\n");
	free(out);
	/* a game of tags alone, and a game of nothing but a result */
	out = export_text("[Event \"x\"]\n[Result \"1-0\"]\n", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("x", "1-0") "\n1-0\n\n");
	free(out);
	out = export_text("*", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n*\n\n");
	free(out);
}
END_TEST

START_TEST(test_notations)
{
	char *out;

	out = export_text("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. O-O Ag4 6. h3 Axf3 7. Dxf3 *", SAN_LANG_IT);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 6. h3 Bxf3 7. Qxf3 *\n\n");
	free(out);
	out = export_text("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. 0-0 *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n\n");
	free(out);
	out = export_text("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 c8g4 h2h3 g4f3 d1f3 d8d4 *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 6. h3 Bxf3 7. Qxf3 Qd4 *\n\n");
	free(out);
}
END_TEST

START_TEST(test_move_numbers)
{
	char *out;

	/* White's moves always, Black's after a comment, NAG or variation, and to open one */
	out = export_text("{c} 1. e4 {c} e5 2. Nf3 $1 Nc6 3. Bb5 (3. Bc4 Bc5) a6 (3... Nf6) 4. Ba4 *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n{c} 1. e4 {c} 1... e5 2. Nf3 $1 2... Nc6 3. Bb5 (3. Bc4 Bc5) 3... a6 (3... Nf6)\n"
			      "4. Ba4 *\n\n");
	free(out);
	/* Black first: from a FEN, with its move number */
	out = export_text("[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12\"]\n\n"
			  "Nf6 Bc4 Bc5 *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12\"]\n"
			      "[SetUp \"1\"]\n\n12... Nf6 13. Bc4 Bc5 *\n\n");
	free(out);
	/* nested variations, a comment starting one, a comment after one */
	out = export_text("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 {Closed} (2. c3)) (2. d4) d6) {after} 2. Nf3 "
			  "({before} 2. Bc4) *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 (1... c5 2. Nf3 (2. Nc3 {Closed} (2. c3)) (2. d4) 2... d6) {after} 2.\n"
			      "Nf3 ({before} 2. Bc4) *\n\n");
	free(out);
}
END_TEST

START_TEST(test_empty_variations)
{
	char *out = export_text("1. e4 () e5 ( {lost with it} ) 2. Nf3 (2. Nf9) ( 2. d4 ) *", SAN_LANG_EN);

	/* a variation with no move read in it is left out, its comment too; (2. Nf9) has an
	 * error before its first move */
	ck_assert_str_eq(out, "% fend: line 1, column 43: unreadable_move Nf9: \"f9\" is not a square, expected\n"
			      "% a destination like e4\n" ROSTER("?", "*") "\n1. e4 e5 2. Nf3 (2. d4) *\n\n");
	free(out);
}
END_TEST

START_TEST(test_comments)
{
	char *out;

	/* white space runs are one space; '{' alone is kept; a '}' (from a ';' comment)
	 * makes both braces parentheses; an empty comment stays */
	out = export_text("1. e4 {  two\n\n  lines\t} e5 {a { brace} 2. Nf3 ; a } and a {\nNc6 {} *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 {two lines} 1... e5 {a { brace} 2. Nf3 {a ) and a (} 2... Nc6 {} *\n\n");
	free(out);
	/* a word wider than a line has a line of its own; the '}' stays on it */
	out = export_text("1. e4 {see https://example.org/a/very/long/address/that/does/not/fit/on/any/line/at/all/"
			  "index.html now} e5 *", SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 {see\n"
			      "https://example.org/a/very/long/address/that/does/not/fit/on/any/line/at/all/index.html\n"
			      "now} 1... e5 *\n\n");
	free(out);
}
END_TEST

/* A comment word starting with '%' never starts a line: the word before goes with it. */
START_TEST(test_percent_word)
{
	char input[256];
	char *out;

	/* 74 columns of movetext, then a comment whose second word would start line 2 */
	snprintf(input, sizeof input, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
				      "{about %%50 of games} *");
	out = export_text(input, SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n"
			      "{about %50 of games} *\n\n");
	free(out);
	/* starting a comment, it follows its brace */
	snprintf(input, sizeof input, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
				      "{%%50 of games} *");
	out = export_text(input, SAN_LANG_EN);
	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 {%50 of\n"
			      "games} *\n\n");
	free(out);
}
END_TEST

/* A comment's '}' that would pass column 79 takes its last word down with it. */
START_TEST(test_glued_close)
{
	char *out = export_text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 {abcdef} *",
				SAN_LANG_EN);

	ck_assert_str_eq(out, ROSTER("?", "*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n"
			      "{abcdef} *\n\n");
	free(out);
}
END_TEST

START_TEST(test_problems)
{
	char *out;

	/* moves up to the error; the error as an escape line before the game */
	out = export_text("[Event \"e\"]\n\n1. e4 e5 2. Ke3 {never read} Nc6 1-0\n\nhello, world\n\n[Event \"f\"]\n\n1. d4 *",
			  SAN_LANG_EN);
	ck_assert_str_eq(out, "% fend: line 3, column 13: illegal_move Ke3: no white king can move to e3\n"
			      ROSTER("e", "1-0") "\n1. e4 e5 1-0\n\n"
			      /* not PGN: its notes alone, then an empty line */
			      "% fend: line 5, column 1: unreadable_move hello: \"lo\" is not a square, expected\n"
			      "% a destination like e4\n% fend: line 5, column 6: unexpected_character: unexpected character ','\n\n"
			      ROSTER("f", "*") "\n1. d4 *\n\n");
	free(out);
	/* a start that cannot be read: the set-up tags as written, no moves */
	out = export_text("[Variant \"Atomic\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *", SAN_LANG_EN);
	ck_assert_str_eq(out, "% fend: line 4, column 1: unsupported_variant: variant \"Atomic\" is not chess or\n"
			      "% Chess960: its moves are not read\n" ROSTER("?", "*")
			      "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[Variant \"Atomic\"]\n\n*\n\n");
	free(out);
}
END_TEST

START_TEST(test_chess960)
{
	char *out = export_text("[Variant \"fischerandom\"]\n[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1\"]\n\n"
				"1. O-O O-O *", SAN_LANG_EN);

	ck_assert_str_eq(out, ROSTER("?", "*") "[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1\"]\n[SetUp \"1\"]\n"
			      "[Variant \"Chess960\"]\n\n1. O-O O-O *\n\n");
	free(out);
}
END_TEST

/* The reader does not play null moves yet: its visitor is driven by hand. */
START_TEST(test_null_move)
{
	struct pgn_export *e = malloc(sizeof *e);
	struct position start, passed, after;
	struct position_undo undo;
	struct util_text out = { 0 };
	move e5;

	util_parse(POSITION_START_FEN, false, &start);
	util_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", false, &passed);
	after = passed;
	ck_assert_int_eq(uci_parse_move(&passed, "e7e5", 4, &e5), UCI_OK);
	position_make_move(&after, e5, &undo);
	pgn_export_init(e, util_text_sink, &out, FEN_EP_FEN, FEN_CASTLING_STANDARD, false);
	pgn_export_visitor.game_begin(e, 0);
	pgn_export_visitor.start(e, &start, false);
	pgn_export_visitor.move(e, &(struct pgn_move){ .before = &start, .after = &passed, .m = MOVE_NULL, .ply = 1,
						      .text = "Z0" });
	pgn_export_visitor.move(e, &(struct pgn_move){ .before = &passed, .after = &after, .m = e5, .ply = 2,
						      .text = "e5", .standard = true });
	ck_assert(!pgn_export_visitor.game_end(e, &(struct pgn_game_end){ .result = "*", .start = &start,
									  .final = &after, .plies = 2 }));
	ck_assert_str_eq(out.data, ROSTER("?", "*") "\n1. -- e5 *\n\n");
	free(out.data);
	free(e);
}
END_TEST

/* With pause, each game is written and taken before the next is read. */
START_TEST(test_streaming)
{
	static const char input[] = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 Ke7 *\n";
	struct pgn_export *e = malloc(sizeof *e);
	struct pgn_reader *r = malloc(sizeof *r);
	struct pgn_export_summary summary;
	struct util_text out = { 0 };
	size_t used;

	util_text_add(&out, "", 0);
	pgn_export_init(e, util_text_sink, &out, FEN_EP_FEN, FEN_CASTLING_STANDARD, true);
	pgn_reader_init(r, &pgn_export_visitor, e, NULL);
	ck_assert(!pgn_export_take(e, &summary));
	used = pgn_reader_feed(r, input, sizeof input - 1);
	ck_assert_uint_lt(used, sizeof input - 1);
	ck_assert(pgn_export_take(e, &summary));
	ck_assert(!pgn_export_take(e, &summary));
	ck_assert_int_eq(summary.game, 0);
	ck_assert_int_eq(summary.errors, 0);
	ck_assert_str_eq(out.data, ROSTER("a", "*") "\n1. e4 *\n\n");
	while (used < sizeof input - 1)
		used += pgn_reader_feed(r, input + used, sizeof input - 1 - used);
	pgn_reader_finish(r);
	ck_assert(pgn_export_take(e, &summary));
	ck_assert_int_eq(summary.game, 1);
	ck_assert_int_eq(summary.errors, 1);
	ck_assert_uint_eq(summary.line, 7);
	ck_assert_uint_eq(summary.column, 7);
	ck_assert(!summary.malformed);
	free(out.data);
	free(r);
	free(e);
}
END_TEST

static int failing_sink(void *context, const char *s, size_t n)
{
	(void)context;
	(void)s;
	(void)n;
	return -1;
}

static void count_issue(void *context, const struct pgn_issue *issue)
{
	(void)issue;
	++*(int *)context;
}

START_TEST(test_sink_failure_and_observer)
{
	struct pgn_export *e = malloc(sizeof *e);
	struct pgn_reader *r = malloc(sizeof *r);
	int issues = 0;

	pgn_export_init(e, failing_sink, NULL, FEN_EP_FEN, FEN_CASTLING_STANDARD, false);
	pgn_export_observe(e, count_issue, &issues);
	pgn_reader_init(r, &pgn_export_visitor, e, NULL);
	util_pgn_feed(r, "1. e4 e5 2. Nxf3 0-0 *", 22, 0);
	ck_assert(pgn_export_failed(e));
	ck_assert_int_eq(issues, 2); /* the error, and the moves skipped after it */
	free(r);
	free(e);
}
END_TEST

/* ---- the round trip over tests/data/pgn ---- */

static char files[32][256];
static int file_count;

START_TEST(test_round_trip)
{
	size_t length;
	char *input = util_read_file(files[_i], &length);
	char *out = util_pgn_export(input, length, SAN_LANG_EN, 0);
	char *again = util_pgn_export(out, strlen(out), SAN_LANG_EN, 0);
	char *in_pieces = util_pgn_export(input, length, SAN_LANG_EN, 7);
	struct trace read = trace_pgn(input, length, SAN_LANG_EN), reread = trace_pgn(out, strlen(out), SAN_LANG_EN);

	ck_assert_int_gt(read.games, 0);
	ck_assert_ptr_nonnull(strstr(read.out.data, " move "));
	assert_same_text(read.out.data, reread.out.data, files[_i]);
	ck_assert_int_eq(read.games, reread.games);
	ck_assert_msg(reread.problems == 0, "%s: the export reads with %d problems", files[_i], reread.problems);
	{
		/* again: the same, but for the escape lines of the problems, which are gone
		 * (all but those of a start that cannot be read) */
		char *plain = without_escapes(out), *plain_again = without_escapes(again);
		assert_same_text(plain, plain_again, "the export exported again");
		free(plain_again);
		free(plain);
	}
	assert_same_text(out, in_pieces, "the export of the input read in pieces");
	assert_layout(out);
	free(read.out.data);
	free(reread.out.data);
	free(in_pieces);
	free(again);
	free(out);
	free(input);
}
END_TEST

static void find_files(void)
{
	DIR *dir = opendir(TEST_DATA_DIR "/pgn");
	struct dirent *entry;

	if (!dir)
		return;
	while ((entry = readdir(dir)) && file_count < 32) {
		size_t n = strlen(entry->d_name);
		if (n > 4 && !strcmp(entry->d_name + n - 4, ".pgn"))
			snprintf(files[file_count++], sizeof files[0], "%s/pgn/%s", TEST_DATA_DIR, entry->d_name);
	}
	closedir(dir);
}

static Suite *pgn_export_suite(void)
{
	Suite *s = suite_create("pgn_export");
	TCase *tc = tcase_create("export");
	TCase *round = tcase_create("round trip");

	tcase_add_test(tc, test_mini_template);
	tcase_add_test(tc, test_tags);
	tcase_add_test(tc, test_result);
	tcase_add_test(tc, test_notations);
	tcase_add_test(tc, test_move_numbers);
	tcase_add_test(tc, test_empty_variations);
	tcase_add_test(tc, test_comments);
	tcase_add_test(tc, test_percent_word);
	tcase_add_test(tc, test_glued_close);
	tcase_add_test(tc, test_problems);
	tcase_add_test(tc, test_chess960);
	tcase_add_test(tc, test_null_move);
	tcase_add_test(tc, test_streaming);
	tcase_add_test(tc, test_sink_failure_and_observer);
	suite_add_tcase(s, tc);
	find_files();
	tcase_add_loop_test(round, test_round_trip, 0, file_count);
	suite_add_tcase(s, round);
	return s;
}

int main(void)
{
	return util_run(pgn_export_suite());
}
