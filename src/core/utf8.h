/* utf8.h -- keeping text that quotes raw input valid UTF-8. */
#ifndef FEN_UTF8_H
#define FEN_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Replaces, in place, every byte of s (NUL-terminated) that is not part of a well-formed
 * UTF-8 sequence with '?'. Overlong forms, surrogates and code points above U+10FFFF are
 * not well formed. */
void utf8_sanitize(char *s);

/* The length of the longest well-formed UTF-8 prefix of text (length bytes): length
 * itself when all of it is well formed. */
size_t utf8_valid_length(const char *text, size_t length);

/* The length of the longest prefix of text (length bytes) that is at most max bytes and
 * does not end inside a multi-byte sequence. */
size_t utf8_prefix(const char *text, size_t length, size_t max);

/* The length of the well-formed UTF-8 sequence that text (length bytes) starts with, and
 * its code point in *code_point; 0 (and *code_point untouched) when text does not start
 * with one, or length is 0. */
size_t utf8_char(const char *text, size_t length, uint32_t *code_point);

#endif
