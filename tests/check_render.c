/* check_render.c -- tests of src/core/render.c: the text diagram in ASCII and Unicode,
 * from White's side and from Black's, byte for byte, and buffers too small for it. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/render.h"

#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

/* Draws fen and compares with the expected text, and the length returned with its length. */
static void render_expect(const char *fen, enum render_charset charset, enum color side, const char *expected)
{
	struct position pos;
	char out[RENDER_TEXT_MAX];
	size_t n;

	util_parse(fen, false, &pos);
	n = render_text(&pos, charset, side, out, sizeof out);
	ck_assert_str_eq(out, expected);
	ck_assert_uint_eq(n, strlen(expected));
}

START_TEST(test_ascii_white)
{
	render_expect(POSITION_START_FEN, RENDER_ASCII, WHITE,
		      "8 r n b q k b n r\n"
		      "7 p p p p p p p p\n"
		      "6 . . . . . . . .\n"
		      "5 . . . . . . . .\n"
		      "4 . . . . . . . .\n"
		      "3 . . . . . . . .\n"
		      "2 P P P P P P P P\n"
		      "1 R N B Q K B N R\n"
		      "  a b c d e f g h\n");
	render_expect(KIWIPETE, RENDER_ASCII, WHITE,
		      "8 r . . . k . . r\n"
		      "7 p . p p q p b .\n"
		      "6 b n . . p n p .\n"
		      "5 . . . P N . . .\n"
		      "4 . p . . P . . .\n"
		      "3 . . N . . Q . p\n"
		      "2 P P P B B P P P\n"
		      "1 R . . . K . . R\n"
		      "  a b c d e f g h\n");
}
END_TEST

START_TEST(test_ascii_black)
{
	render_expect(KIWIPETE, RENDER_ASCII, BLACK,
		      "1 R . . K . . . R\n"
		      "2 P P P B B P P P\n"
		      "3 p . Q . . N . .\n"
		      "4 . . . P . . p .\n"
		      "5 . . . N P . . .\n"
		      "6 . p n p . . n b\n"
		      "7 . b p q p p . p\n"
		      "8 r . . k . . . r\n"
		      "  h g f e d c b a\n");
	/* the side to move does not turn the board */
	render_expect("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", RENDER_ASCII, BLACK,
		      "1 . . . K . . . Q\n"
		      "2 . . . . . . . .\n"
		      "3 . . . . . . . .\n"
		      "4 . . . . . . . .\n"
		      "5 . . . . . . . .\n"
		      "6 . . . . . . . .\n"
		      "7 . . . . . . . .\n"
		      "8 . . . k . . . .\n"
		      "  h g f e d c b a\n");
}
END_TEST

START_TEST(test_unicode_white)
{
	render_expect(POSITION_START_FEN, RENDER_UNICODE, WHITE,
		      "8 \u265C \u265E \u265D \u265B \u265A \u265D \u265E \u265C\n"
		      "7 \u265F \u265F \u265F \u265F \u265F \u265F \u265F \u265F\n"
		      "6 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "5 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "4 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "3 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "2 \u2659 \u2659 \u2659 \u2659 \u2659 \u2659 \u2659 \u2659\n"
		      "1 \u2656 \u2658 \u2657 \u2655 \u2654 \u2657 \u2658 \u2656\n"
		      "  a b c d e f g h\n");
}
END_TEST

START_TEST(test_unicode_black)
{
	/* the same glyphs as bytes: U+2654 WHITE CHESS KING is E2 99 94 in UTF-8 */
	render_expect("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", RENDER_UNICODE, BLACK,
		      "1 \xC2\xB7 \xC2\xB7 \xC2\xB7 \xE2\x99\x94 \xC2\xB7 \xC2\xB7 \xC2\xB7 \xE2\x99\x95\n"
		      "2 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "3 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "4 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "5 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "6 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "8 \u00B7 \u00B7 \u00B7 \u265A \u00B7 \u00B7 \u00B7 \u00B7\n"
		      "  h g f e d c b a\n");
}
END_TEST

/* A buffer one byte short gives 0 and writes nothing past its end. */
START_TEST(test_small_buffer)
{
	static const enum render_charset charsets[] = { RENDER_ASCII, RENDER_UNICODE };
	struct position pos;
	char out[RENDER_TEXT_MAX + 8];

	util_parse(KIWIPETE, false, &pos);
	for (int c = 0; c < 2; c++) {
		for (int side = WHITE; side <= BLACK; side++) {
			size_t n = render_text(&pos, charsets[c], (enum color)side, out, RENDER_TEXT_MAX);
			ck_assert_uint_gt(n, 0);
			ck_assert_uint_lt(n, RENDER_TEXT_MAX);
			memset(out, '#', sizeof out);
			ck_assert_uint_eq(render_text(&pos, charsets[c], (enum color)side, out, n + 1), n);
			ck_assert_uint_eq(strlen(out), n);
			memset(out, '#', sizeof out);
			ck_assert_uint_eq(render_text(&pos, charsets[c], (enum color)side, out, n), 0);
			ck_assert_int_eq(out[n], '#');
			memset(out, '#', sizeof out);
			ck_assert_uint_eq(render_text(&pos, charsets[c], (enum color)side, out, 20), 0);
			ck_assert_int_eq(out[20], '#');
			memset(out, '#', sizeof out);
			ck_assert_uint_eq(render_text(&pos, charsets[c], (enum color)side, out, 1), 0);
			ck_assert_int_eq(out[1], '#');
			memset(out, '#', sizeof out);
			ck_assert_uint_eq(render_text(&pos, charsets[c], (enum color)side, out, 0), 0);
			ck_assert_int_eq(out[0], '#');
		}
	}
	ck_assert_uint_eq(render_text(&pos, RENDER_ASCII, WHITE, out, RENDER_TEXT_MAX), 162);
	ck_assert_uint_eq(render_text(&pos, RENDER_UNICODE, WHITE, out, RENDER_TEXT_MAX), 258);
}
END_TEST

static Suite *render_suite(void)
{
	Suite *s = suite_create("render");
	TCase *tc = tcase_create("text");

	tcase_add_test(tc, test_ascii_white);
	tcase_add_test(tc, test_ascii_black);
	tcase_add_test(tc, test_unicode_white);
	tcase_add_test(tc, test_unicode_black);
	suite_add_tcase(s, tc);
	tc = tcase_create("limits");
	tcase_add_test(tc, test_small_buffer);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(render_suite());
}
