/* gametext.c -- cutting a typed game into move tokens: numbers, separators, suffix
 * words, a result and closing prose handled here, notation left to a classifier. */
#include "gametext.h"

#include <stdio.h>
#include <string.h>

const char *gametext_code_name(enum gametext_code code)
{
	static const char *const names[] = {
		[GAMETEXT_OK] = "ok",
		[GAMETEXT_ERR_EMPTY] = "empty_game",
		[GAMETEXT_ERR_UNREADABLE] = "unreadable_move",
		[GAMETEXT_ERR_TOO_MANY_MOVES] = "too_many_moves",
		[GAMETEXT_ERR_TOKEN_TOO_LONG] = "move_too_long",
		[GAMETEXT_ERR_DANGLING_SUFFIX] = "dangling_suffix",
	};
	return names[code];
}

/* Bytes that separate words: ASCII space and control characters, commas, semicolons. */
static bool gametext_is_separator(unsigned char c)
{
	return c <= ' ' || c == ',' || c == ';' || c == 0x7f;
}

/* The length of the separator at text[i] (0 when there is none): an ASCII one, or the
 * no-break spaces that text copied from web pages carries (U+00A0, U+202F). */
static size_t gametext_separator_at(const char *text, size_t length, size_t i)
{
	const unsigned char *u = (const unsigned char *)text + i;

	if (gametext_is_separator(u[0]))
		return 1;
	if (length - i >= 2 && u[0] == 0xc2 && u[1] == 0xa0)
		return 2;
	if (length - i >= 3 && u[0] == 0xe2 && u[1] == 0x80 && u[2] == 0xaf)
		return 3;
	return 0;
}

static bool gametext_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool gametext_is_lower(char c)
{
	return c >= 'a' && c <= 'z';
}

static bool gametext_equals(const char *text, size_t length, const char *word)
{
	return strlen(word) == length && !memcmp(text, word, length);
}

/* Words that belong to the move before them: check, mate, en passant, annotation. */
static bool gametext_is_suffix_word(const char *w, size_t n)
{
	static const char *const words[] = {
		"ch", "ch.", "dis", "dis.", "disch", "dbl", "dbl.", "double", "mate", "e.p.", "ep", "e.p",
		"a.p.", "ap", "a.p", "jaque", "mate.", "+", "++", "#", "!", "?", "!!", "??", "!?", "?!",
	};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (gametext_equals(w, n, words[i]))
			return true;
	return false;
}

/* A result token: 1-0, 0-1, 1/2-1/2, ½-½, 0.5-0.5, *. */
static bool gametext_is_result(const char *w, size_t n)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "\xc2\xbd-\xc2\xbd", "0.5-0.5", "*" };
	for (size_t i = 0; i < sizeof results / sizeof *results; i++)
		if (gametext_equals(w, n, results[i]))
			return true;
	return false;
}

/* A word of prose: letters (or any non-ASCII byte) only, and at least two of them. */
static bool gametext_is_wordy(const char *w, size_t n)
{
	size_t letters = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (gametext_is_digit((char)c))
			return false;
		if (gametext_is_lower((char)c) || (c >= 'A' && c <= 'Z') || c >= 0x80)
			letters++;
	}
	return letters >= 2;
}

bool gametext_looks_algebraic(const char *w, size_t n)
{
	bool digit = false, letter = false;

	if (gametext_equals(w, n, "O-O") || gametext_equals(w, n, "O-O-O") || gametext_equals(w, n, "0-0") ||
	    gametext_equals(w, n, "0-0-0"))
		return true;
	/* The null move's spellings (san.h, uci.h), which the readers take with a warning. */
	if (gametext_equals(w, n, "--") || gametext_equals(w, n, "Z0") || gametext_equals(w, n, "0000") ||
	    gametext_equals(w, n, "@@@@") || gametext_equals(w, n, "null"))
		return true;
	/* Castling with a check or annotation sign after it. */
	if (n > 3 && (w[0] == 'O' || w[0] == '0') && w[1] == '-' && strchr("+#!?", w[n - 1]))
		return true;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (gametext_is_digit((char)c))
			digit = true;
		else if (gametext_is_lower((char)c) || (c >= 'A' && c <= 'Z') || c >= 0x80)
			letter = true;
	}
	return digit && letter;
}

/* Records the error and returns its code. */
static enum gametext_code gametext_fail(struct gametext *out, enum gametext_code code, int offset, int length,
					const char *text, const char *what)
{
	int shown = length > 32 ? 32 : length;

	out->error_offset = offset;
	out->error_length = length;
	snprintf(out->message, sizeof out->message, "\"%.*s%s\" at offset %d %s", shown, text + offset,
		 length > shown ? "..." : "", offset, what);
	return code;
}

/* Length of a move number prefix of w ("12.", "1-", "3...", "7)"), or 0. A number has no
 * leading zero, so "0-0" stays castling; "1-0" and "0-1" are results, checked first. */
static size_t gametext_number_prefix(const char *w, size_t n, int *number)
{
	size_t i = 0;
	int value = 0;

	if (n == 0 || w[0] < '1' || w[0] > '9')
		return 0;
	while (i < n && gametext_is_digit(w[i]) && value < 100000)
		value = value * 10 + (w[i++] - '0');
	if (i == n || (w[i] != '.' && w[i] != '-' && w[i] != ')' && w[i] != ':'))
		return 0;
	while (i < n && (w[i] == '.' || w[i] == '-' || w[i] == ')' || w[i] == ':'))
		i++;
	*number = value;
	return i;
}

/* Starts the closing prose at offset: everything after it is ignored. */
static void gametext_prose(struct gametext *out, const char *text, size_t length, size_t offset)
{
	size_t end = length;

	while (end > offset && gametext_is_separator((unsigned char)text[end - 1]))
		end--;
	out->prose_offset = (int)offset;
	out->prose_length = (int)(end - offset);
}

enum gametext_code gametext_split(const char *text, size_t length, gametext_move_fn is_move,
				  struct gametext *out)
{
	size_t i = 0;
	int number = 0, written;
	bool sentence_end = false;

	out->count = 0;
	out->prose_offset = out->result_offset = out->error_offset = -1;
	out->prose_length = out->result_length = out->error_length = 0;
	out->message[0] = '\0';
	while (i < length) {
		size_t start, n, skip;
		const char *w;

		while (i < length && (skip = gametext_separator_at(text, length, i)) != 0)
			i += skip;
		if (i == length)
			break;
		start = i;
		while (i < length && !gametext_separator_at(text, length, i))
			i++;
		w = text + start;
		n = i - start;
		if (out->result_offset >= 0 || (sentence_end && !gametext_is_result(w, n) &&
						 !gametext_number_prefix(w, n, &(int){ 0 }) && !is_move(w, n))) {
			gametext_prose(out, text, length, start);
			break;
		}
		sentence_end = false;
		if (gametext_is_result(w, n)) {
			out->result_offset = (int)start;
			out->result_length = (int)n;
			continue;
		}
		/* A move number, alone or glued to its move ("1-CR3A", "15-AxP"). */
		skip = gametext_number_prefix(w, n, &written);
		if (skip)
			number = written;
		w += skip;
		n -= skip;
		start += skip;
		while (n >= 3 && !memcmp(w, "...", 3)) {
			w += 3;
			n -= 3;
			start += 3;
		}
		if (n == 0)
			continue;
		if (gametext_is_suffix_word(w, n)) {
			struct gametext_token *last;
			if (out->count == 0)
				return gametext_fail(out, GAMETEXT_ERR_DANGLING_SUFFIX, (int)start, (int)n, text,
						     "marks a move, but there is no move before it");
			last = &out->tokens[out->count - 1];
			if ((int)(start + n) - last->offset > GAMETEXT_TOKEN_MAX)
				return gametext_fail(out, GAMETEXT_ERR_TOKEN_TOO_LONG, last->offset,
						     (int)(start + n) - last->offset, text, "is too long for a move");
			last->length = (int)(start + n) - last->offset;
			continue;
		}
		/* A full stop that ends a sentence: what follows may be prose. "e.p." keeps its own. */
		if (n > 1 && w[n - 1] == '.' && !gametext_is_suffix_word(w, n) && !(n >= 4 && !memcmp(w + n - 4, "e.p.", 4)) &&
		    !(n >= 4 && !memcmp(w + n - 4, "a.p.", 4))) {
			n--;
			sentence_end = true;
		}
		if (!is_move(w, n)) {
			/* A word of letters that is no move: the moves are over, prose begins. */
			if (gametext_is_wordy(w, n)) {
				gametext_prose(out, text, length, start);
				break;
			}
			if (n > GAMETEXT_TOKEN_MAX)
				return gametext_fail(out, GAMETEXT_ERR_TOKEN_TOO_LONG, (int)start, (int)n, text,
						     "is too long for a move");
			return gametext_fail(out, GAMETEXT_ERR_UNREADABLE, (int)start, (int)n, text,
					     "is not a move in this notation");
		}
		if (out->count == GAMETEXT_PLY_MAX)
			return gametext_fail(out, GAMETEXT_ERR_TOO_MANY_MOVES, (int)start, (int)n, text,
					     "is past the most moves one text may hold (1024 plies)");
		if (n > GAMETEXT_TOKEN_MAX)
			return gametext_fail(out, GAMETEXT_ERR_TOKEN_TOO_LONG, (int)start, (int)n, text,
					     "is too long for a move");
		out->tokens[out->count++] = (struct gametext_token){ (int)start, (int)n, number };
		number = 0;
	}
	if (out->count == 0) {
		out->error_offset = 0;
		out->error_length = (int)length;
		snprintf(out->message, sizeof out->message, "the text holds no moves");
		return GAMETEXT_ERR_EMPTY;
	}
	return GAMETEXT_OK;
}

int gametext_remarks(const struct gametext *gt, const char *text, int start_fullmove, bool start_black,
		     struct gametext_remark *out, int max)
{
	int n = 0;

	if (gt->result_offset >= 0 && n < max) {
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_RESULT, -1, gt->result_offset, gt->result_length, "" };
		snprintf(out[n++].message, GAMETEXT_MESSAGE_MAX, "the result %.*s ends the moves", gt->result_length,
			 text + gt->result_offset);
	}
	if (gt->prose_offset >= 0 && n < max) {
		int shown = gt->prose_length > 60 ? 60 : gt->prose_length;
		/* Never cut a UTF-8 sequence in two. */
		while (shown < gt->prose_length && shown > 0 && ((unsigned char)text[gt->prose_offset + shown] & 0xc0) == 0x80)
			shown--;
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_PROSE, -1, gt->prose_offset, gt->prose_length, "" };
		snprintf(out[n++].message, GAMETEXT_MESSAGE_MAX, "the text after the moves is not moves and was ignored: \"%.*s%s\"",
			 shown, text + gt->prose_offset, shown < gt->prose_length ? "..." : "");
	}
	for (int i = 0; i < gt->count && n < max; i++) {
		int expected = start_fullmove + (i + (int)start_black) / 2;
		if (!gt->tokens[i].number || gt->tokens[i].number == expected)
			continue;
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_MOVE_NUMBER, i, gt->tokens[i].offset,
						   gt->tokens[i].length, "" };
		snprintf(out[n++].message, GAMETEXT_MESSAGE_MAX, "move number %d stands where move %d was expected",
			 gt->tokens[i].number, expected);
	}
	return n;
}
