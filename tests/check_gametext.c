/* check_gametext.c -- tests of src/core/gametext.c: move numbers, separators, suffix
 * words, results and closing prose in typed game texts, and its error codes. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

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
	return gametext_split(text, strlen(text), gametext_looks_algebraic, gt);
}

/* Token i's bytes equal want. */
static void token_is(const char *text, int i, const char *want)
{
	ck_assert_int_lt(i, gt->count);
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
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
