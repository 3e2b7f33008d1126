/* pgn_commands.c -- the [%command ...] groups of a PGN comment that fend understands:
 * [%clk] clocks, [%eval] evaluations, [%cal] arrows and [%csl] coloured squares. */
#include "pgn.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool pgn_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Parses a clock "h:mm:ss(.f)" (or "mm:ss") into seconds. */
static bool pgn_parse_clock(const char *s, const char *end, double *out)
{
	double parts[3] = { 0 };
	int count = 0;

	while (s < end && count < 3) {
		char *stop;
		if (!pgn_digit((unsigned char)*s))
			return false;
		parts[count++] = strtod(s, &stop);
		s = stop;
		if (s < end && *s == ':')
			s++;
		else
			break;
	}
	if (s != end || count < 2)
		return false;
	*out = count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : parts[0] * 60 + parts[1];
	return true;
}

/* Reads [%eval 0.35], [%eval #-3] and [%eval 0.35,20] (the depth is dropped). */
static void pgn_parse_eval(struct pgn_comment *c, const char *s, const char *end)
{
	char number[32];
	size_t n = 0;
	char *stop;

	while (s + n < end && s[n] != ',' && n < sizeof number - 1)
		n++;
	memcpy(number, s, n);
	number[n] = '\0';
	if (number[0] == '#') {
		long mate = strtol(number + 1, &stop, 10);
		if (*stop || stop == number + 1)
			return;
		c->has_eval = c->eval_mate = true;
		c->mate = (int)mate;
		c->eval = 0;
	} else {
		double eval = strtod(number, &stop);
		if (*stop || stop == number)
			return;
		c->has_eval = true;
		c->eval_mate = false;
		c->eval = eval;
	}
}

/* Reads [%cal Ga1h8,Rb2b4] (arrows) and [%csl Ge4] (squares). Items are a colour letter
 * and two squares (one for [%csl]), separated by commas (spaces around them allowed); an
 * item that is not (a bad letter or square, an arrow from a square to itself, extra
 * characters) is left out without a word, as lichess and ChessBase do; good items past
 * PGN_ARROWS_MAX are left out too, and counted. */
static void pgn_parse_arrows(struct pgn_comment *c, const char *s, const char *end, bool squares)
{
	while (s < end) {
		while (s < end && *s == ' ')
			s++;
		const char *item = s;
		while (s < end && *s != ',')
			s++;
		size_t n = (size_t)(s - item);
		while (n && item[n - 1] == ' ')
			n--;
		if (n == (squares ? 3u : 5u) && strchr("RGBYC", item[0])) {
			char sq[3] = { item[1], item[2], '\0' };
			int from = fen_parse_square(sq), to = from;
			if (!squares) {
				sq[0] = item[3];
				sq[1] = item[4];
				to = fen_parse_square(sq);
			}
			bool good = from != SQ_NONE && to != SQ_NONE && (squares || from != to);
			if (good && c->arrow_count == PGN_ARROWS_MAX)
				c->arrows_dropped++;
			else if (good)
				c->arrows[c->arrow_count++] = (struct pgn_arrow){ item[0], (uint8_t)from, (uint8_t)to };
		}
		if (s < end)
			s++;
	}
}

/* Finds the [%command ...] groups of a comment. */
void pgn_parse_commands(struct pgn_comment *c)
{
	const char *s = c->text, *end = c->text + c->length;

	while ((s = memchr(s, '[', (size_t)(end - s))) && end - s > 2) {
		const char *close = memchr(s, ']', (size_t)(end - s));
		if (!close)
			break;
		if (s[1] == '%') {
			const char *name = s + 2, *arg = name;
			while (arg < close && *arg != ' ')
				arg++;
			size_t name_length = (size_t)(arg - name);
			while (arg < close && *arg == ' ')
				arg++;
			const char *arg_end = close;
			while (arg_end > arg && arg_end[-1] == ' ')
				arg_end--;
			if (name_length == 3 && !memcmp(name, "clk", 3))
				c->has_clock = pgn_parse_clock(arg, arg_end, &c->clock) || c->has_clock;
			else if (name_length == 4 && !memcmp(name, "eval", 4))
				pgn_parse_eval(c, arg, arg_end);
			else if (name_length == 3 && !memcmp(name, "cal", 3))
				pgn_parse_arrows(c, arg, arg_end, false);
			else if (name_length == 3 && !memcmp(name, "csl", 3))
				pgn_parse_arrows(c, arg, arg_end, true);
		}
		s = close + 1;
	}
}
