/* pgn_internal.h -- what the PGN reader's files share (pgn.c: the tokenizer, tags, comments
 * and variations; pgn_movetext.c: move numbers, moves, NAGs and results). Not part of
 * libfen's interface. */
#ifndef FEN_PGN_INTERNAL_H
#define FEN_PGN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "pgn.h"
#include "messages.h"
#include "pgn_lang.h"

static inline bool pgn_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline bool pgn_is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static inline bool pgn_is_alnum(unsigned char c)
{
	return pgn_is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Bytes a symbol token (move, number, result, glyph) is made of; every byte of a
 * multi-byte UTF-8 character counts, so figurines, Cyrillic letters and glyphs such as
 * ± stay whole. '@' is for the null move "@@@@". */
static inline bool pgn_is_symbol(unsigned char c)
{
	return pgn_is_alnum(c) || c >= 0x80 || (c && strchr("_+#=:-/!?.~@", c));
}

/* The characters of length bytes of text (UTF-8 continuation bytes do not count). */
static inline unsigned pgn_chars(const char *text, size_t length)
{
	unsigned n = 0;

	for (size_t i = 0; i < length; i++)
		n += ((unsigned char)text[i] & 0xC0) != 0x80;
	return n;
}

/* Reports a problem of the current game (starting the game if it has not begun), in the
 * words of message id (messages.h) in the reader's language, with its arguments. */
void pgn_issue(struct pgn_reader *r, struct pgn_issue *issue, enum pgn_code code, unsigned column, enum msg_id id,
	       ...);

/* A problem with nothing but a place and words. */
#define PGN_PROBLEM(r, code, line_, column, ...)                              \
	do {                                                                  \
		struct pgn_issue issue_ = { .line = (line_), .san = SAN_OK }; \
		pgn_issue((r), &issue_, (code), (column), __VA_ARGS__);       \
	} while (0)

/* While a game's events are held back (pgn_lang.h), a step keeps its event there and
 * does nothing more now: the event is played when the game's language is decided. */
#define PGN_HOLD(r, ...)                                              \
	do {                                                          \
		if ((r)->defer.on && !(r)->defer.shadow) {            \
			struct pgn_event event_ = { __VA_ARGS__ };    \
			if (pgn_lang_defer((r), &event_))             \
				return;                               \
		}                                                     \
	} while (0)

/* pgn.c */
/* Clears what a line's last move has been given: a new move, or a new line. */
void pgn_line_fresh(struct pgn_line *line);

/* The standard spelling of a result token, or NULL; *lenient is set for ½-½ and 0.5-0.5. */
const char *pgn_result_token(const char *t, size_t n, bool *lenient);

/* Sets up where play starts, once per game, before anything of its movetext. */
void pgn_start(struct pgn_reader *r);

/* Ends the current game, if one is open. */
void pgn_game_end(struct pgn_reader *r, const char *result, bool given);

/* pgn_movetext.c */
/* Stops the current line after an error: its later moves are skipped. */
void pgn_line_stop(struct pgn_reader *r);

/* A NAG ($n, or a glyph such as !? written as token) for the current line's last move. */
void pgn_nag(struct pgn_reader *r, int nag, const char *token, unsigned column);

/* A token longer than PGN_TOKEN_MAX (t: its first bytes, NUL-terminated) stops its line. */
void pgn_too_long(struct pgn_reader *r, const char *t, unsigned column);

/* Classifies one piece of a symbol token: t is NUL-terminated at t + n. */
void pgn_word(struct pgn_reader *r, const char *t, size_t n, unsigned column);

#endif
