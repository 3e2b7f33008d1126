/* check_gametext.c -- tests of src/core/gametext.c: move numbers, separators, suffix
 * words, results, comments, NAGs, variations, and leading, inner and closing prose in
 * typed game texts, its remarks and its error codes. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/descriptive.h"
#include "core/gametext.h"

static struct gametext *gt;

static void setup(void)
{
	gt = calloc(1, sizeof *gt);
	ck_assert_ptr_nonnull(gt);
}

static void teardown(void)
{
	free(gt);
}

static enum gametext_code split(const char *text)
{
	gt->start_fullmove = 1;
	gt->start_black = false;
	return gametext_split(text, strlen(text), gametext_looks_algebraic, gt);
}

/* As split, English descriptive notation judging the words. */
static enum gametext_code split_en(const char *text)
{
	gt->start_fullmove = 1;
	gt->start_black = false;
	return gametext_split(text, strlen(text), descriptive_looks_en, gt);
}

/* The text of annotation a equals want. */
static void annotation_is(const char *text, int a, enum gametext_annotation_kind kind, const char *want)
{
	ck_assert_int_ge(a, 0);
	ck_assert_int_eq(gt->annotations[a].kind, kind);
	ck_assert_msg((size_t)gt->annotations[a].length == strlen(want) &&
		      !memcmp(text + gt->annotations[a].offset, want, strlen(want)),
		      "annotation %d is \"%.*s\", want \"%s\"", a, gt->annotations[a].length,
		      text + gt->annotations[a].offset, want);
}

/* Token i's bytes equal want. */
static void token_is(const char *text, int i, const char *want)
{
	ck_assert_int_lt(i, gt->token_count);
	ck_assert_msg((size_t)gt->tokens[i].length == strlen(want) && !memcmp(text + gt->tokens[i].offset, want, strlen(want)),
		      "token %d is \"%.*s\", want \"%s\"", i, gt->tokens[i].length, text + gt->tokens[i].offset, want);
}

START_TEST(test_numbers_and_separators)
{
	const char *text = "1.e4 e5 2. Nf3, Nc6; 3-Bb5 3...a6 4)Ba4";

	ck_assert_int_eq(split(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 7);
	token_is(text, 0, "e4");
	token_is(text, 1, "e5");
	token_is(text, 2, "Nf3");
	token_is(text, 3, "Nc6");
	token_is(text, 4, "Bb5");
	token_is(text, 5, "a6");
	token_is(text, 6, "Ba4");
	ck_assert_int_eq(gt->tokens[0].number, 1);
	ck_assert_int_eq(gt->tokens[1].number, 0);
	ck_assert_int_eq(gt->tokens[5].number, 3);
	ck_assert_int_eq(gt->tokens[6].number, 4);
	ck_assert_int_eq(gt->prose_offset, -1);
	ck_assert_int_eq(gt->result_offset, -1);
}
END_TEST

/* No-break spaces, as text copied from a web page has them, separate like spaces. */
START_TEST(test_no_break_spaces)
{
	const char *text = "1.\xc2\xa0" "e4\xc2\xa0" "e5\xe2\x80\xaf" "2.\xc2\xa0Nf3";

	ck_assert_int_eq(split(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 3);
	token_is(text, 0, "e4");
	token_is(text, 1, "e5");
	token_is(text, 2, "Nf3");
}
END_TEST

START_TEST(test_suffix_words_glue)
{
	const char *text = "1. exd6 e.p. Kxd6 ! 2. O-O-O+ 0-0";

	ck_assert_int_eq(split(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 4);
	token_is(text, 0, "exd6 e.p.");
	token_is(text, 1, "Kxd6 !");
	token_is(text, 2, "O-O-O+");
	token_is(text, 3, "0-0");
}
END_TEST

START_TEST(test_result_and_prose)
{
	const char *text = "1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0 White won quickly.";
	const char *stop = "1.e4 e5. A draw was agreed.";

	ck_assert_int_eq(split(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 5);
	ck_assert_int_eq(gt->result_offset, (int)(strstr(text, "1-0") - text));
	ck_assert_int_eq(gt->result_length, 3);
	ck_assert_int_eq(gt->prose_offset, (int)(strstr(text, "White") - text));
	ck_assert_int_eq(gt->prose_length, (int)strlen("White won quickly."));
	/* After a full stop, even a one-letter word starts the prose. */
	ck_assert_int_eq(split(stop), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 2);
	token_is(stop, 1, "e5");
	ck_assert_int_eq(gt->prose_offset, (int)(strstr(stop, "A draw") - stop));
	/* A word of letters with no full stop before it ends the moves too. */
	ck_assert_int_eq(split("1. e4 resigns"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 1);
	ck_assert_int_eq(gt->prose_offset, 6);
}
END_TEST

START_TEST(test_errors)
{
	char many[1030 * 3 + 1];

	ck_assert_int_eq(split(""), GAMETEXT_ERR_EMPTY);
	ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_EMPTY), "empty_game");
	ck_assert_int_eq(split("  1. ... "), GAMETEXT_ERR_EMPTY);
	ck_assert_int_eq(split("Just words here"), GAMETEXT_ERR_EMPTY);
	ck_assert_int_eq(split("1. e4 @@ e5"), GAMETEXT_ERR_UNREADABLE);
	ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_UNREADABLE), "unreadable_move");
	ck_assert_int_eq(gt->error_offset, 6);
	ck_assert_int_eq(gt->error_length, 2);
	ck_assert_int_eq(split("+ e4"), GAMETEXT_ERR_DANGLING_SUFFIX);
	ck_assert_int_eq(gt->error_offset, 0);
	/* Found by fuzz-descriptive: a suffix word first took the address of tokens[-1]
	 * (undefined behaviour that clang's UBSan reports) before seeing there was no move. */
	ck_assert_int_eq(split("ep Q1"), GAMETEXT_ERR_DANGLING_SUFFIX);
	ck_assert_int_eq(split("e.p."), GAMETEXT_ERR_DANGLING_SUFFIX);
	ck_assert_int_eq(split("e4 a1234567890123456789012345678901234567890"), GAMETEXT_ERR_TOKEN_TOO_LONG);
	ck_assert_int_eq(gt->error_offset, 3);
	for (int i = 0; i < 1030; i++)
		memcpy(many + 3 * i, "e4 ", 3);
	many[1030 * 3] = '\0';
	ck_assert_int_eq(split(many), GAMETEXT_ERR_TOO_MANY_MOVES);
	ck_assert_int_eq(gt->error_offset, 1024 * 3);
	ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_TOO_MANY_MOVES), "too_many_moves");
}
END_TEST

START_TEST(test_algebraic_shape)
{
	ck_assert(gametext_looks_algebraic("Nf3", 3));
	ck_assert(gametext_looks_algebraic("e2e4", 4));
	ck_assert(gametext_looks_algebraic("O-O+", 4));
	ck_assert(!gametext_looks_algebraic("Filip", 5));
	ck_assert(!gametext_looks_algebraic("12", 2));
	/* the null move's spellings, which the readers play with a warning */
	ck_assert(gametext_looks_algebraic("--", 2));
	ck_assert(gametext_looks_algebraic("Z0", 2));
	ck_assert(gametext_looks_algebraic("0000", 4));
	ck_assert(gametext_looks_algebraic("@@@@", 4));
	ck_assert(gametext_looks_algebraic("null", 4));
	ck_assert(!gametext_looks_algebraic("nil", 3));
	ck_assert(!gametext_looks_algebraic("000", 3));
	/* brackets and '$' are no part of a move, but a promotion's "(Q)" */
	ck_assert(gametext_looks_algebraic("e8(Q)", 5));
	ck_assert(gametext_looks_algebraic("e8(Q)+", 6));
	ck_assert(!gametext_looks_algebraic("e4(d4)", 6));
	ck_assert(!gametext_looks_algebraic("e4)", 3));
	ck_assert(!gametext_looks_algebraic("{e4", 3));
	ck_assert(!gametext_looks_algebraic("e4$1", 4));
}
END_TEST

/* Move numbers with or without dots, as English books print them ("1 P-K4 P-K4 2 N-KB3"),
 * and "1)", "1...", "1 ...": a bare number counts when a move follows it. */
START_TEST(test_numbers_without_dots)
{
	const char *text = "1 P-K4 P-K4 2 N-KB3 N-QB3 3) B-N5 3 ... P-QR3 4...N-B3";

	ck_assert_int_eq(split_en(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 7);
	token_is(text, 0, "P-K4");
	token_is(text, 2, "N-KB3");
	token_is(text, 4, "B-N5");
	token_is(text, 5, "P-QR3");
	token_is(text, 6, "N-B3");
	ck_assert_int_eq(gt->tokens[0].number, 1);
	ck_assert_int_eq(gt->tokens[2].number, 2);
	ck_assert_int_eq(gt->tokens[4].number, 3);
	ck_assert_int_eq(gt->tokens[5].number, 3);
	ck_assert_int_eq(gt->tokens[6].number, 4);
	/* a number with no move after it ends the game; one before words is prose */
	ck_assert_int_eq(split_en("1 P-K4 P-K4 2"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 2);
	ck_assert_int_eq(gt->prose_offset, -1);
	ck_assert_int_eq(split_en("1 P-K4 P-K4 12 moves later White won"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 2);
	ck_assert_int_eq(gt->prose_offset, 12);
}
END_TEST

/* Comments in braces and after ';', NAGs as $n and as glyphs, apart or glued. */
START_TEST(test_comments_and_nags)
{
	const char *text = "{The opening} 1. P-K4 {best by test} $1 P-K4 ; the usual reply\n"
			   "2 N-KB3 N-QB3 3 B-N5 \xc2\xb1 P-QR3 +- 4 B-R4\xe2\x88\x9e {a} {b}";
	int a;

	ck_assert_int_eq(split_en(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 7);
	ck_assert_int_eq(gt->line_count, 1);
	/* the game's comment, before the first move */
	annotation_is(text, gt->lines[0].annotations, GAMETEXT_COMMENT, "The opening");
	ck_assert_int_eq(gt->annotations[gt->lines[0].annotations].next, -1);
	/* 1. P-K4: a comment, then $1 */
	a = gt->tokens[0].annotations;
	annotation_is(text, a, GAMETEXT_COMMENT, "best by test");
	ck_assert(!gt->annotations[a].prose);
	a = gt->annotations[a].next;
	annotation_is(text, a, GAMETEXT_NAG, "$1");
	ck_assert_int_eq(gt->annotations[a].nag, 1);
	ck_assert_int_eq(gt->annotations[a].next, -1);
	/* ';' to the end of the line, when words follow it */
	annotation_is(text, gt->tokens[1].annotations, GAMETEXT_COMMENT, "the usual reply");
	token_is(text, 2, "N-KB3");
	/* glyphs apart, and glued to a move that reads without them */
	annotation_is(text, gt->tokens[4].annotations, GAMETEXT_NAG, "\xc2\xb1");
	ck_assert_int_eq(gt->annotations[gt->tokens[4].annotations].nag, 16);
	ck_assert_int_eq(gt->annotations[gt->tokens[5].annotations].nag, 18);
	token_is(text, 6, "B-R4");
	a = gt->tokens[6].annotations;
	annotation_is(text, a, GAMETEXT_NAG, "\xe2\x88\x9e");
	ck_assert_int_eq(gt->annotations[a].nag, 13);
	annotation_is(text, gt->annotations[a].next, GAMETEXT_COMMENT, "a");
	annotation_is(text, gt->annotations[gt->annotations[a].next].next, GAMETEXT_COMMENT, "b");
	/* A ';' between two moves only separates them ("15-AxP;C3A"), as before. */
	ck_assert_int_eq(split("1. e4 e5;2. Nf3; Nc6 ;\n3. Bb5"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 5);
	ck_assert_int_eq(gt->annotation_count, 0);
	/* A '!' after a comment is a NAG of the move, not a suffix glued across it. */
	ck_assert_int_eq(split("1. e4 {a} ! e5"), GAMETEXT_OK);
	token_is("1. e4 {a} ! e5", 0, "e4");
	ck_assert_int_eq(gt->annotations[gt->annotations[gt->tokens[0].annotations].next].nag, 1);
}
END_TEST

/* Variations: each an alternative to the move before its '(', nested, stored a line at a
 * time after the main line. */
START_TEST(test_variations)
{
	const char *text = "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) (2. Bc4) Nc6 3. Bb5";
	int path[GAMETEXT_PLY_MAX];

	ck_assert_int_eq(split(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 5);
	ck_assert_int_eq(gt->token_count, 10);
	ck_assert_int_eq(gt->line_count, 4);
	token_is(text, 3, "Nc6");
	/* line 1: 2. f4 exf4 3. Nf3, an alternative to 2. Nf3 (token 2) */
	ck_assert_int_eq(gt->lines[1].first, 5);
	ck_assert_int_eq(gt->lines[1].count, 3);
	ck_assert_int_eq(gt->lines[1].parent, 0);
	ck_assert_int_eq(gt->lines[1].branch, 2);
	ck_assert_int_eq(gt->lines[1].depth, 1);
	ck_assert_int_eq(gt->lines[1].offset, (int)(strchr(text, '(') - text));
	token_is(text, 5, "f4");
	token_is(text, 7, "Nf3");
	ck_assert_int_eq(gt->tokens[5].ply, 2);
	ck_assert_int_eq(gt->tokens[7].ply, 4);
	/* line 2: 2... d5, an alternative to exf4, inside line 1 */
	ck_assert_int_eq(gt->lines[2].parent, 1);
	ck_assert_int_eq(gt->lines[2].branch, 6);
	ck_assert_int_eq(gt->lines[2].depth, 2);
	token_is(text, gt->lines[2].first, "d5");
	ck_assert_int_eq(gt->tokens[gt->lines[2].first].ply, 3);
	/* line 3: 2. Bc4, the second alternative to 2. Nf3 */
	ck_assert_int_eq(gt->tokens[2].variations, 1);
	ck_assert_int_eq(gt->lines[1].next, 3);
	ck_assert_int_eq(gt->lines[3].next, -1);
	ck_assert_int_eq(gt->lines[3].branch, 2);
	token_is(text, gt->lines[3].first, "Bc4");
	ck_assert_int_eq(gt->tokens[6].variations, 2);
	/* what is played before each line's first move */
	ck_assert_int_eq(gametext_line_path(gt, 0, path), 0);
	ck_assert_int_eq(gametext_line_path(gt, 1, path), 2);
	ck_assert_int_eq(path[0], 0);
	ck_assert_int_eq(path[1], 1);
	ck_assert_int_eq(gametext_line_path(gt, 2, path), 3);
	ck_assert_int_eq(path[2], 5);
	/* Parentheses in a word that is a move stay in it; others open a variation. */
	ck_assert_int_eq(split("1. e4 e5 2. e8(Q)+ (2. d4)"), GAMETEXT_OK);
	token_is("1. e4 e5 2. e8(Q)+ (2. d4)", 2, "e8(Q)+");
	ck_assert_int_eq(gt->line_count, 2);
	ck_assert_int_eq(split("1. e4(1. d4)e5"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 2);
	ck_assert_int_eq(gt->line_count, 2);
	ck_assert_int_eq(split_en("1. P-K4 P-K4 2. P-KB4 PxP 3. P-N8(Q) (3. R(1)-QR2)"), GAMETEXT_OK);
	token_is("1. P-K4 P-K4 2. P-KB4 PxP 3. P-N8(Q) (3. R(1)-QR2)", 4, "P-N8(Q)");
	token_is("1. P-K4 P-K4 2. P-KB4 PxP 3. P-N8(Q) (3. R(1)-QR2)", 5, "R(1)-QR2");
}
END_TEST

/* Prose before the moves is set aside; between them it is a comment of the move before
 * it, up to where the game plainly goes on; after them (or the result) it is set aside. */
START_TEST(test_prose_inside)
{
	const char *text = "Morphy - Duke, Paris 1858. 1 P-K4 P-K4 2 N-KB3 P-Q3 3 P-Q4 the Philidor, "
			   "solid. 3...B-N5 4 PxP (4 P-B3 keeps the tension) BxN 1-0 Morphy won soon after.";
	struct gametext_remark remarks[16];
	int n, comments = 0;

	ck_assert_int_eq(split_en(text), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 8);
	ck_assert_int_eq(gt->lead_offset, 0);
	ck_assert_int_eq(gt->lead_length, (int)(strstr(text, " 1 P-K4") - text));
	annotation_is(text, gt->tokens[4].annotations, GAMETEXT_COMMENT, "the Philidor, solid.");
	ck_assert(gt->annotations[gt->tokens[4].annotations].prose);
	token_is(text, 5, "B-N5");
	/* inside a variation, the prose ends at its ')' */
	ck_assert_int_eq(gt->line_count, 2);
	annotation_is(text, gt->tokens[gt->lines[1].first].annotations, GAMETEXT_COMMENT, "keeps the tension");
	ck_assert_int_eq(gt->prose_offset, (int)(strstr(text, "Morphy won") - text));
	n = gametext_remarks(gt, text, remarks, 16);
	for (int i = 0; i < n; i++) {
		if (remarks[i].code != GAMETEXT_REMARK_PROSE_COMMENT)
			continue;
		ck_assert_str_eq(gametext_remark_name(remarks[i].code), "text_as_comment");
		ck_assert_int_eq(remarks[i].ply, comments ? 6 : 4);
		ck_assert_int_eq(remarks[i].depth, comments ? 1 : 0);
		comments++;
	}
	ck_assert_int_eq(comments, 2);
	ck_assert_str_eq(gametext_remark_name(GAMETEXT_REMARK_LEADING), "text_ignored");
	/* A number that is not the one expected there does not end the prose: "30" is no
	 * next move, so all that follows is the closing text. */
	ck_assert_int_eq(split_en("1 P-K4 P-K4 2 N-KB3 Black resigned after 30. R-K8"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 3);
	ck_assert_int_eq(gt->annotation_count, 0);
	ck_assert_int_eq(gt->prose_offset, 20);
	/* A move after a sentence's full stop, or one the next number follows, goes on. */
	ck_assert_int_eq(split_en("1 P-K4 P-K4 2 N-KB3 Quite classic. N-QB3 3 B-N5"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 5);
	ck_assert_int_eq(split_en("1 P-K4 P-K4 2 N-KB3 the knight N-QB3 3 B-N5"), GAMETEXT_OK);
	ck_assert_int_eq(gt->count, 5);
	/* A remark in parentheses is a comment of the move before it, not a variation. */
	ck_assert_int_eq(split_en("1 P-K4 (the king's pawn) P-K4"), GAMETEXT_OK);
	ck_assert_int_eq(gt->line_count, 1);
	ck_assert_int_eq(gt->count, 2);
	annotation_is("1 P-K4 (the king's pawn) P-K4", gt->tokens[0].annotations, GAMETEXT_COMMENT, "the king's pawn");
	/* A result in a variation is no result of the game: a comment. */
	ck_assert_int_eq(split("1. e4 (1. d4 1-0) e5"), GAMETEXT_OK);
	ck_assert_int_eq(gt->result_offset, -1);
	ck_assert_int_eq(gt->count, 2);
	annotation_is("1. e4 (1. d4 1-0) e5", gt->tokens[gt->lines[1].first].annotations, GAMETEXT_COMMENT, "1-0");
	/* A variation without anything in it is left out, and said so. */
	ck_assert_int_eq(split("1. e4 () e5"), GAMETEXT_OK);
	ck_assert_int_eq(gt->line_count, 1);
	ck_assert_int_eq(gt->empty_variations, 1);
	ck_assert_int_eq(gametext_remarks(gt, "1. e4 () e5", remarks, 16), 1);
	ck_assert_str_eq(gametext_remark_name(remarks[0].code), "empty_variation");
	ck_assert_int_eq(remarks[0].offset, 6);
}
END_TEST

/* Move numbers are judged from the start position given, variations' too. */
START_TEST(test_move_number_remarks)
{
	const char *text = "12... e5 13. Nf3 (12. d4) Nc6";
	struct gametext_remark remarks[8];
	int n;

	gt->start_fullmove = 12;
	gt->start_black = true;
	ck_assert_int_eq(gametext_split(text, strlen(text), gametext_looks_algebraic, gt), GAMETEXT_OK);
	n = gametext_remarks(gt, text, remarks, 8);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(remarks[0].code, GAMETEXT_REMARK_MOVE_NUMBER);
	ck_assert_int_eq(remarks[0].ply, 1);
	ck_assert_int_eq(remarks[0].depth, 1);
	ck_assert_str_eq(remarks[0].message, "move number 12 stands where move 13 was expected");
}
END_TEST

/* Brackets that do not balance, variations too deep, NAGs out of range: refused, where. */
START_TEST(test_bracket_errors)
{
	char deep[512] = "1. e4";

	ck_assert_int_eq(split("1. e4 {good e5"), GAMETEXT_ERR_BRACES);
	ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_BRACES), "unbalanced_braces");
	ck_assert_int_eq(gt->error_offset, 6);
	ck_assert_int_eq(split("1. e4 } e5"), GAMETEXT_ERR_BRACES);
	ck_assert_int_eq(gt->error_offset, 6);
	ck_assert_int_eq(split("1. e4 (1. d4 d5 2. c4"), GAMETEXT_ERR_PARENTHESES);
	ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_PARENTHESES), "unbalanced_parentheses");
	ck_assert_int_eq(gt->error_offset, 6);
	ck_assert_int_eq(split("1. e4 (1. d4 is also good"), GAMETEXT_ERR_PARENTHESES);
	ck_assert_int_eq(gt->error_offset, 6);
	ck_assert_int_eq(split("1. e4 e5) 2. Nf3"), GAMETEXT_ERR_PARENTHESES);
	ck_assert_int_eq(gt->error_offset, 8);
	ck_assert_int_eq(split("1. e4 ((1. d4))"), GAMETEXT_ERR_PARENTHESES);
	ck_assert_int_eq(gt->error_offset, 7);
	for (int i = 0; i <= GAMETEXT_DEPTH_MAX; i++)
		strcat(deep, " (1. d4");
	ck_assert_int_eq(split(deep), GAMETEXT_ERR_TOO_DEEP);
	ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_TOO_DEEP), "variation_too_deep");
	ck_assert_int_eq(split("1. e4 $256"), GAMETEXT_ERR_UNREADABLE);
	ck_assert_int_eq(split("1. e4 $x"), GAMETEXT_ERR_UNREADABLE);
	ck_assert_int_eq(split("1. e4 ($1 1. d4)"), GAMETEXT_ERR_DANGLING_SUFFIX);
	ck_assert_int_eq(gt->error_offset, 7);
	/* where the text stopped: the ply and depth of the move that did not read */
	ck_assert_int_eq(split("1. e4 (1. d4 @@)"), GAMETEXT_ERR_UNREADABLE);
	ck_assert_int_eq(gt->error_ply, 1);
	ck_assert_int_eq(gt->error_depth, 1);
	{
		static char many[GAMETEXT_ANNOTATIONS_MAX * 3 + 16] = "1. e4 ";
		for (int i = 0; i <= GAMETEXT_ANNOTATIONS_MAX; i++)
			strcat(many, "{} ");
		ck_assert_int_eq(split(many), GAMETEXT_ERR_TOO_MANY_ANNOTATIONS);
		ck_assert_str_eq(gametext_code_name(GAMETEXT_ERR_TOO_MANY_ANNOTATIONS), "too_many_annotations");
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gametext");
	TCase *tc = tcase_create("Split");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_numbers_and_separators);
	tcase_add_test(tc, test_suffix_words_glue);
	tcase_add_test(tc, test_no_break_spaces);
	tcase_add_test(tc, test_result_and_prose);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_algebraic_shape);
	suite_add_tcase(s, tc);
	tc = tcase_create("Annotations");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_numbers_without_dots);
	tcase_add_test(tc, test_comments_and_nags);
	tcase_add_test(tc, test_variations);
	tcase_add_test(tc, test_prose_inside);
	tcase_add_test(tc, test_move_number_remarks);
	tcase_add_test(tc, test_bracket_errors);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
