/* utf8.c -- UTF-8 well-formedness (RFC 3629, table 3-7 of the Unicode standard). */
#include "utf8.h"

#include <stdint.h>
#include <string.h>

/* Length of the well-formed sequence starting at p, or 0 when there is none. p must be
 * followed by a NUL or by at least three more bytes. */
static int utf8_sequence_length(const unsigned char *p)
{
	unsigned char c = p[0];
	unsigned char low = 0x80, high = 0xBF;
	int need;

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		need = 1;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 2;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 3;
	else
		return 0;
	/* The second byte's range rules out overlong forms, surrogates and > U+10FFFF. */
	if (c == 0xE0)
		low = 0xA0;
	else if (c == 0xED)
		high = 0x9F;
	else if (c == 0xF0)
		low = 0x90;
	else if (c == 0xF4)
		high = 0x8F;
	if (p[1] < low || p[1] > high)
		return 0;
	for (int i = 2; i <= need; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	return need + 1;
}

void utf8_sanitize(char *s)
{
	unsigned char *p = (unsigned char *)s;

	while (*p) {
		int n = utf8_sequence_length(p);
		if (n == 0)
			*p++ = '?';
		else
			p += n;
	}
}

size_t utf8_valid_length(const char *text, size_t length)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0;

	while (i < length) {
		unsigned char tail[4] = { 0 };
		/* Request bodies are nearly all ASCII: eight bytes at a time while no byte has its
		 * high bit set (memcpy: p + i need not be aligned). */
		while (length - i >= sizeof(uint64_t)) {
			uint64_t word;
			memcpy(&word, p + i, sizeof word);
			if (word & UINT64_C(0x8080808080808080))
				break;
			i += sizeof word;
		}
		if (i == length)
			break;
		size_t left = length - i;
		/* Copy a short tail so the sequence check never reads past the end. */
		const unsigned char *at = p + i;
		if (left < 4) {
			for (size_t k = 0; k < left; k++)
				tail[k] = p[i + k];
			at = tail;
		}
		int n = utf8_sequence_length(at);
		if (n == 0 || (size_t)n > left)
			return i;
		i += (size_t)n;
	}
	return i;
}

size_t utf8_char(const char *text, size_t length, uint32_t *code_point)
{
	unsigned char bytes[4] = { 0 };
	int n;
	uint32_t cp;

	if (length == 0)
		return 0;
	/* A copy, NUL-padded, so that the sequence check never reads past the end. */
	memcpy(bytes, text, length < 4 ? length : 4);
	n = utf8_sequence_length(bytes);
	if (n == 0 || (size_t)n > length)
		return 0;
	cp = n == 1 ? bytes[0] : bytes[0] & (0x7Fu >> n);
	for (int i = 1; i < n; i++)
		cp = cp << 6 | (bytes[i] & 0x3Fu);
	*code_point = cp;
	return (size_t)n;
}

size_t utf8_prefix(const char *text, size_t length, size_t max)
{
	if (length <= max)
		return length;
	while (max > 0 && ((unsigned char)text[max] & 0xC0) == 0x80)
		max--;
	return max;
}
