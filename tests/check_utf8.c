/* check_utf8.c -- tests of src/core/utf8.c: utf8_valid_length on the sequences of table
 * 3-7 of the Unicode standard and on what it excludes (overlong forms, surrogates, code
 * points past U+10FFFF, stray continuation bytes, sequences cut by the end), at every
 * offset around its eight-byte ASCII steps; against a decoder written here from the
 * definition, on random byte strings; and utf8_sanitize, utf8_prefix and utf8_char. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/utf8.h"

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The definition, one code point at a time: decode, then check the code point's range
 * and that it needed that many bytes. Returns the length of the well-formed prefix. */
static size_t utf8_reference_length(const unsigned char *p, size_t length)
{
	size_t i = 0;

	while (i < length) {
		unsigned char c = p[i];
		uint32_t cp, min;
		size_t need;
		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xE0) == 0xC0)
			need = 1, cp = c & 0x1Fu, min = 0x80;
		else if ((c & 0xF0) == 0xE0)
			need = 2, cp = c & 0x0Fu, min = 0x800;
		else if ((c & 0xF8) == 0xF0)
			need = 3, cp = c & 0x07u, min = 0x10000;
		else
			return i;
		if (length - i <= need)
			return i;
		for (size_t k = 1; k <= need; k++) {
			if ((p[i + k] & 0xC0) != 0x80)
				return i;
			cp = cp << 6 | (p[i + k] & 0x3Fu);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return i;
		i += need + 1;
	}
	return i;
}

/* Byte sequences and whether each is one well-formed character. */
static const struct {
	const char *bytes;
	bool valid;
} utf8_sequences[] = {
	{ "A", true },
	{ "\x7F", true },
	{ "\xC2\x80", true },              /* U+0080 */
	{ "\xDF\xBF", true },              /* U+07FF */
	{ "\xE0\xA0\x80", true },          /* U+0800 */
	{ "\xED\x9F\xBF", true },          /* U+D7FF */
	{ "\xEE\x80\x80", true },          /* U+E000 */
	{ "\xEF\xBF\xBF", true },          /* U+FFFF */
	{ "\xF0\x90\x80\x80", true },      /* U+10000 */
	{ "\xF4\x8F\xBF\xBF", true },      /* U+10FFFF */
	{ "\xE2\x99\x94", true },          /* the white king */
	{ "\x80", false },                 /* a continuation byte alone */
	{ "\xBF", false },
	{ "\xC0\x80", false },             /* overlong NUL */
	{ "\xC1\xBF", false },             /* overlong U+007F */
	{ "\xE0\x9F\xBF", false },         /* overlong U+07FF */
	{ "\xF0\x8F\xBF\xBF", false },     /* overlong U+FFFF */
	{ "\xED\xA0\x80", false },         /* U+D800, a surrogate */
	{ "\xED\xBF\xBF", false },         /* U+DFFF */
	{ "\xF4\x90\x80\x80", false },     /* U+110000 */
	{ "\xF5\x80\x80\x80", false },
	{ "\xFE", false },
	{ "\xFF", false },
	{ "\xC2", false },                 /* cut by the end */
	{ "\xE2\x99", false },
	{ "\xF0\x90\x80", false },
	{ "\xC2\x41", false },             /* a second byte that does not continue */
	{ "\xE2\x99\x41", false },
	{ "\xF0\x90\x80\x41", false },
};

/* Each sequence after 0..23 ASCII bytes, so that it falls on every offset of the ASCII
 * scan's eight-byte words, then followed by ASCII or by the end. */
START_TEST(test_sequence_at_every_offset)
{
	const char *seq = utf8_sequences[_i].bytes;
	size_t n = strlen(seq);

	for (size_t before = 0; before < 24; before++)
		for (size_t after = 0; after < 10; after += 9) {
			char text[64];
			size_t length = before + n + after;
			memset(text, 'a', sizeof text);
			memcpy(text + before, seq, n);
			ck_assert_uint_eq(utf8_valid_length(text, length),
					  utf8_sequences[_i].valid ? length : before);
			ck_assert_uint_eq(utf8_valid_length(text, length),
					  utf8_reference_length((const unsigned char *)text, length));
		}
}
END_TEST

START_TEST(test_ascii_lengths)
{
	char text[100];

	memset(text, 'x', sizeof text);
	for (size_t length = 0; length <= sizeof text; length++)
		ck_assert_uint_eq(utf8_valid_length(text, length), length);
	/* A NUL is ASCII: the length is given, not found. */
	text[40] = '\0';
	ck_assert_uint_eq(utf8_valid_length(text, sizeof text), sizeof text);
}
END_TEST

/* The length counts only the bytes given: a valid sequence just past them is not read. */
START_TEST(test_length_bounds_reading)
{
	const char text[] = "abcdefgh\xE2\x99\x94";

	ck_assert_uint_eq(utf8_valid_length(text, 8), 8);
	ck_assert_uint_eq(utf8_valid_length(text, 9), 8);
	ck_assert_uint_eq(utf8_valid_length(text, 10), 8);
	ck_assert_uint_eq(utf8_valid_length(text, 11), 11);
}
END_TEST

/* Random strings, mostly ASCII with some high bytes and some whole characters. */
START_TEST(test_random_against_reference)
{
	static const char *const pieces[] = { "\xC3\xA9", "\xE2\x99\x9A", "\xF0\x9F\x98\x80", "\xED\xA0\x80",
					      "\xC0\xAF", "\x80", "\xF4\x90\x80\x80" };
	uint64_t state = 0x9E3779B97F4A7C15u;

	for (int round = 0; round < 20000; round++) {
		unsigned char text[80];
		size_t length = 0, target;
		state ^= state << 13, state ^= state >> 7, state ^= state << 17;
		target = state % sizeof text;
		while (length < target) {
			unsigned r;
			state ^= state << 13, state ^= state >> 7, state ^= state << 17;
			r = (unsigned)(state >> 32);
			if (r % 16 == 0 && length + 4 <= target) {
				const char *piece = pieces[(r >> 8) % NCASES(pieces)];
				memcpy(text + length, piece, strlen(piece));
				length += strlen(piece);
			} else if (r % 16 == 1) {
				text[length++] = (unsigned char)(0x80 | (r >> 8));
			} else {
				text[length++] = (unsigned char)(0x20 + (r >> 8) % 0x5F);
			}
		}
		ck_assert_uint_eq(utf8_valid_length((const char *)text, length), utf8_reference_length(text, length));
	}
}
END_TEST

START_TEST(test_sanitize)
{
	char text[] = "ok \xE2\x99\x94 \xC0\xAF \xED\xA0\x80 \xF0\x9F\x98\x80 \xC2";

	utf8_sanitize(text);
	ck_assert_str_eq(text, "ok \xE2\x99\x94 ?? ??? \xF0\x9F\x98\x80 ?");
}
END_TEST

START_TEST(test_prefix)
{
	const char text[] = "ab\xE2\x99\x94z";

	ck_assert_uint_eq(utf8_prefix(text, 6, 10), 6);
	ck_assert_uint_eq(utf8_prefix(text, 6, 5), 5);
	ck_assert_uint_eq(utf8_prefix(text, 6, 4), 2); /* would end inside the king */
	ck_assert_uint_eq(utf8_prefix(text, 6, 3), 2);
	ck_assert_uint_eq(utf8_prefix(text, 6, 2), 2);
}
END_TEST

/* One character at a time: its length and code point, or 0 when the text does not start
 * with a whole, well-formed one. */
START_TEST(test_char)
{
	uint32_t cp = 0;

	ck_assert_uint_eq(utf8_char("e4", 2, &cp), 1);
	ck_assert_uint_eq(cp, 'e');
	ck_assert_uint_eq(utf8_char("\xC2\xA0x", 3, &cp), 2);
	ck_assert_uint_eq(cp, 0xA0);
	ck_assert_uint_eq(utf8_char("\xE2\x80\x93", 3, &cp), 3);
	ck_assert_uint_eq(cp, 0x2013);
	ck_assert_uint_eq(utf8_char("\xF0\x9F\x98\x80", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x1F600);
	cp = 7;
	ck_assert_uint_eq(utf8_char("\xE2\x80\x93", 2, &cp), 0); /* cut by the length */
	ck_assert_uint_eq(utf8_char("\xE2\x80", 3, &cp), 0);      /* cut by a NUL */
	ck_assert_uint_eq(utf8_char("\xC0\xAF", 2, &cp), 0);      /* overlong */
	ck_assert_uint_eq(utf8_char("\xED\xA0\x80", 3, &cp), 0); /* a surrogate */
	ck_assert_uint_eq(utf8_char("\x80", 1, &cp), 0);
	ck_assert_uint_eq(utf8_char("", 0, &cp), 0);
	ck_assert_uint_eq(cp, 7);
	/* every sequence of the table: a character exactly when it is valid */
	for (int i = 0; i < NCASES(utf8_sequences); i++) {
		size_t n = strlen(utf8_sequences[i].bytes);
		ck_assert_uint_eq(utf8_char(utf8_sequences[i].bytes, n, &cp), utf8_sequences[i].valid ? n : 0);
	}
}
END_TEST

static Suite *utf8_suite(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("valid_length");

	tcase_add_loop_test(tc, test_sequence_at_every_offset, 0, NCASES(utf8_sequences));
	tcase_add_test(tc, test_ascii_lengths);
	tcase_add_test(tc, test_length_bounds_reading);
	tcase_add_test(tc, test_random_against_reference);
	suite_add_tcase(s, tc);
	tc = tcase_create("repair");
	tcase_add_test(tc, test_sanitize);
	tcase_add_test(tc, test_prefix);
	tcase_add_test(tc, test_char);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(utf8_suite());
}
