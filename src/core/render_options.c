/* render_options.c -- the options of a board picture: defaults, theme colours, reading
 * the option strings (SAN last moves resolved on the board), the geometry that the SVG
 * writer and the rasterizer share, and reading what a picture shows: any readable board,
 * a game's moves in UCI or SAN. */
#include "render_options.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "attacks.h"
#include "fen.h"
#include "san.h"
#include "uci.h"
#include "utf8.h"

const struct render_palette render_palettes[RENDER_THEME_NB] = {
	[RENDER_THEME_BROWN] = { "brown", 0xeed8b6, 0xb68a64, 0xd9d34a80, 0x9c6f4b, 0xf6e8d2 },
	[RENDER_THEME_BLUE] = { "blue", 0xdfe6ec, 0x7d99b0, 0x9fd6ff80, 0x5d7a92, 0xf2f5f8 },
	[RENDER_THEME_GREEN] = { "green", 0xe8ecd0, 0x7a9a5c, 0xf2e25c90, 0x5c7a42, 0xf4f6e8 },
	/* Black and white text, white and mid-grey squares, an opaque-looking yellow: at
	 * least 4.5:1 between every piece colour and both squares. */
	[RENDER_THEME_CONTRAST] = { "contrast", 0xffffff, 0x6e6e6e, 0xffd000c0, 0x000000, 0xffffff },
};

uint32_t render_mark_rgba(enum render_mark mark)
{
	static const uint32_t rgba[RENDER_MARK_NB] = {
		[RENDER_MARK_GREEN] = 0x1f9d3acc,
		[RENDER_MARK_RED] = 0xd22d22cc,
		[RENDER_MARK_YELLOW] = 0xe6a200cc,
		[RENDER_MARK_BLUE] = 0x2762d4cc,
	};
	return rgba[mark];
}

static const char render_mark_letters[RENDER_MARK_NB] = { 'G', 'R', 'Y', 'B' };

int render_mark_of_letter(char letter)
{
	for (int m = 0; m < RENDER_MARK_NB; m++)
		if (letter == render_mark_letters[m] || letter == render_mark_letters[m] + ('a' - 'A'))
			return m;
	return -1;
}

void render_options_default(struct render_options *opts)
{
	opts->orientation = RENDER_ORIENT_WHITE;
	opts->coordinates = true;
	opts->check = true;
	opts->size = RENDER_SIZE_DEFAULT;
	opts->theme = RENDER_THEME_BROWN;
	opts->last_from = opts->last_to = SQ_NONE;
	opts->last_san[0] = '\0';
	opts->arrow_count = opts->circle_count = opts->fill_count = 0;
	opts->lang = MSG_EN;
}

const char *render_code_name(enum render_code code)
{
	static const char *const names[RENDER_CODE_NB] = {
		[RENDER_OK] = "ok",
		[RENDER_ERR_BAD_SQUARE] = "bad_square",
		[RENDER_ERR_BAD_MOVE] = "bad_move",
		[RENDER_ERR_BAD_MARK_COLOR] = "bad_mark_color",
		[RENDER_ERR_BAD_COLOR] = "bad_color",
		[RENDER_ERR_TOO_MANY] = "too_many",
		[RENDER_ERR_BAD_NUMBER] = "bad_number",
		[RENDER_ERR_BAD_NAME] = "bad_name",
	};
	return code < RENDER_CODE_NB ? names[code] : "unknown";
}

const char *render_theme_name(enum render_theme theme)
{
	return render_palettes[theme].name;
}

/* Fills err with message id in lang and returns -1. */
static int render_fail(struct render_error *err, enum render_code code, int offset, int length, enum msg_lang lang,
		       enum msg_id id, ...)
{
	va_list ap;

	err->code = code;
	err->offset = offset;
	err->length = length;
	va_start(ap, id);
	/* the format comes from the catalogue (tests/check_messages checks its conversions) */
	vsnprintf(err->message, sizeof err->message, msg_text(id, lang), ap);
	va_end(ap);
	/* Messages quote the option's text, which may be any bytes, and may be cut mid-letter;
	 * they end up in JSON answers. */
	utf8_sanitize(err->message);
	return -1;
}

int render_parse_orientation(const char *text, enum render_orientation *out, enum msg_lang lang,
			     struct render_error *err)
{
	static const char *const names[] = { "white", "black", "auto" };

	for (int i = 0; i < 3; i++)
		if (!strcmp(text, names[i])) {
			*out = (enum render_orientation)i;
			return 0;
		}
	return render_fail(err, RENDER_ERR_BAD_NAME, 0, (int)strlen(text), lang, MSG_API_R_ORIENTATION);
}

int render_parse_theme(const char *text, enum render_theme *out, enum msg_lang lang, struct render_error *err)
{
	for (int i = 0; i < RENDER_THEME_NB; i++)
		if (!strcmp(text, render_palettes[i].name)) {
			*out = (enum render_theme)i;
			return 0;
		}
	return render_fail(err, RENDER_ERR_BAD_NAME, 0, (int)strlen(text), lang, MSG_API_R_THEME);
}

int render_parse_number(const char *text, long min, long max, long *out, enum msg_lang lang,
			struct render_error *err)
{
	long value = 0;
	size_t n = 0;

	while (text[n] >= '0' && text[n] <= '9' && n < 9)
		value = value * 10 + (text[n++] - '0');
	if (n == 0 || text[n] != '\0' || value < min || value > max)
		return render_fail(err, RENDER_ERR_BAD_NUMBER, 0, (int)strlen(text), lang, MSG_API_R_NUMBER, min, max);
	*out = value;
	return 0;
}

int render_parse_size(const char *text, int *out, enum msg_lang lang, struct render_error *err)
{
	long value;

	if (render_parse_number(text, RENDER_SIZE_MIN, RENDER_SIZE_MAX, &value, lang, err))
		return -1;
	*out = (int)value;
	return 0;
}

/* A square name at text (two bytes), or SQ_NONE. */
static int render_square_at(const char *text)
{
	char name[3] = { text[0], text[0] ? text[1] : '\0', '\0' };
	return fen_parse_square(name);
}

int render_parse_last_move(const char *text, struct render_options *opts, struct render_error *err)
{
	size_t len = strlen(text);
	int from, to;

	opts->last_san[0] = '\0';
	/* A null move (a /pgn ply's "0000", or "--"): the last move tints no square. */
	if (!strcmp(text, "0000") || !strcmp(text, "--")) {
		opts->last_from = opts->last_to = SQ_NONE;
		return 0;
	}
	if (len >= 4 && len <= 5 && (from = render_square_at(text)) != SQ_NONE &&
	    (to = render_square_at(text + 2)) != SQ_NONE && (len == 4 || strchr("qrbnQRBN", text[4])) && from != to) {
		opts->last_from = from;
		opts->last_to = to;
		return 0;
	}
	/* SAN needs the position: keep it for render_resolve_last_move. */
	if (len >= 2 && len < sizeof opts->last_san && strspn(text, "KQRBNabcdefgh12345678xX=+#!?O0-") == len) {
		memcpy(opts->last_san, text, len + 1);
		opts->last_from = opts->last_to = SQ_NONE;
		return 0;
	}
	return render_fail(err, RENDER_ERR_BAD_MOVE, 0, (int)len, opts->lang, MSG_API_R_LAST_MOVE);
}

int render_resolve_last_move(struct render_options *opts, const struct position *pos, struct render_error *err)
{
	const char *text = opts->last_san;
	enum color mover = (enum color)!pos->turn;
	int len = (int)strlen(text), to, file = -1, rank = -1, back = mover == WHITE ? 0 : 7, from = SQ_NONE;
	enum piece_type type = PAWN;
	bitboard candidates;

	if (!len)
		return 0;
	while (len > 0 && strchr("+#!?", text[len - 1]))
		len--;
	if (len >= 3 && (!strncmp(text, "O-O", 3) || !strncmp(text, "0-0", 3))) {
		bool queenside = len >= 5;
		opts->last_from = square_make(4, back);
		opts->last_to = square_make(queenside ? 2 : 6, back);
		if (pos->board[opts->last_to] == piece_make(mover, KING)) {
			opts->last_san[0] = '\0';
			return 0;
		}
		opts->last_from = opts->last_to = SQ_NONE;
		return render_fail(err, RENDER_ERR_BAD_MOVE, 0, len, opts->lang, MSG_API_R_NO_KING_CASTLED, text);
	}
	if (len < 2)
		return render_fail(err, RENDER_ERR_BAD_MOVE, 0, (int)strlen(text), opts->lang, MSG_API_R_TOO_SHORT, text);
	const char *eq = memchr(text, '=', (size_t)len);
	if (eq)
		len = (int)(eq - text);
	else if (len >= 3 && strchr("QRBN", text[len - 1]) && text[len - 2] >= '1' && text[len - 2] <= '8')
		len--; /* e8Q */
	if (len >= 1 && strchr("KQRBN", text[0])) {
		type = (enum piece_type)(strchr(" PNBRQK", text[0]) - " PNBRQK");
		text++;
		len--;
	}
	if (len < 2 || (to = render_square_at(text + len - 2)) == SQ_NONE)
		return render_fail(err, RENDER_ERR_BAD_MOVE, 0, (int)strlen(opts->last_san), opts->lang, MSG_API_R_NEITHER,
				   opts->last_san);
	for (int i = 0; i < len - 2; i++) {
		if (text[i] >= 'a' && text[i] <= 'h')
			file = text[i] - 'a';
		else if (text[i] >= '1' && text[i] <= '8')
			rank = text[i] - '1';
	}
	bitboard empty = ~position_occupied(pos);
	if (type == PAWN) {
		int dir = mover == WHITE ? -8 : 8, behind = to + dir;
		bool capture = file >= 0 && file != square_file(to);
		candidates = 0;
		if (behind >= 0 && behind < 64) {
			if (capture)
				candidates = bb_square(square_make(file, square_rank(behind)));
			else if (pos->ep_square == behind && behind + dir >= 0 && behind + dir < 64)
				candidates = bb_square(behind + dir); /* the double push that made the e.p. square */
			else if (square_rank(to) == (mover == WHITE ? 3 : 4) && !pos->board[behind])
				candidates = bb_square(behind) | bb_square(behind + dir); /* one step or two? */
			else
				candidates = bb_square(behind);
		}
		bool promoted = square_rank(to) == (mover == WHITE ? 7 : 0);
		if (promoted ? !pos->board[to] || piece_color(pos->board[to]) != mover
			     : pos->board[to] != piece_make(mover, PAWN))
			candidates = 0;
		if (capture)
			file = -1;
	} else {
		candidates = pos->board[to] == piece_make(mover, type) ? attacks_of(type, to, position_occupied(pos)) : 0;
	}
	candidates &= empty;
	if (file >= 0)
		candidates &= bb_file(file);
	if (rank >= 0)
		candidates &= bb_rank(rank);
	if (candidates && !bb_more_than_one(candidates))
		from = bb_lsb(candidates);
	if (from == SQ_NONE)
		return render_fail(err, RENDER_ERR_BAD_MOVE, 0, (int)strlen(opts->last_san), opts->lang, MSG_API_R_NO_ORIGIN,
				   opts->last_san,
				   msg_text(candidates ? MSG_API_R_W_MANY_SQUARES : MSG_API_R_W_NO_PIECE, opts->lang));
	opts->last_from = from;
	opts->last_to = to;
	opts->last_san[0] = '\0';
	return 0;
}

/* Splits a list at commas and spaces; calls item(text, length, offset) for each entry. */
typedef int (*render_item_fn)(const char *text, int length, int offset, struct render_options *opts,
			      struct render_error *err);

static int render_parse_list(const char *text, render_item_fn item, struct render_options *opts,
			     struct render_error *err)
{
	int i = 0;

	for (;;) {
		while (text[i] == ',' || text[i] == ' ')
			i++;
		if (!text[i])
			return 0;
		int start = i;
		while (text[i] && text[i] != ',' && text[i] != ' ')
			i++;
		if (item(text + start, i - start, start, opts, err))
			return -1;
	}
}

/* An optional leading colour letter: entries of odd length (Ge4, Re2e4) start with one,
 * in either case. Returns the number of bytes it took (0 or 1), -1 for a bad letter. */
static int render_mark_prefix(const char *text, int length, uint8_t *mark)
{
	int m;

	*mark = RENDER_MARK_GREEN;
	if (length % 2 == 0)
		return 0;
	if ((m = render_mark_of_letter(text[0])) < 0)
		return -1;
	*mark = (uint8_t)m;
	return 1;
}

static int render_arrow_item(const char *text, int length, int offset, struct render_options *opts,
			     struct render_error *err)
{
	uint8_t mark;
	int skip = render_mark_prefix(text, length, &mark), from, to;

	if (skip < 0)
		return render_fail(err, RENDER_ERR_BAD_MARK_COLOR, offset, 1, opts->lang, MSG_API_R_ARROW_COLOR, length,
				   text);
	if (length - skip != 4 || (from = render_square_at(text + skip)) == SQ_NONE ||
	    (to = render_square_at(text + skip + 2)) == SQ_NONE || from == to)
		return render_fail(err, RENDER_ERR_BAD_SQUARE, offset, length, opts->lang, MSG_API_R_ARROW, length, text);
	if (opts->arrow_count >= RENDER_ARROWS_MAX)
		return render_fail(err, RENDER_ERR_TOO_MANY, offset, length, opts->lang, MSG_API_R_ARROWS_MAX,
				   RENDER_ARROWS_MAX);
	opts->arrows[opts->arrow_count++] = (struct render_arrow){ (uint8_t)from, (uint8_t)to, mark };
	return 0;
}

static int render_circle_item(const char *text, int length, int offset, struct render_options *opts,
			      struct render_error *err)
{
	uint8_t mark;
	int skip = render_mark_prefix(text, length, &mark), sq;

	if (skip < 0)
		return render_fail(err, RENDER_ERR_BAD_MARK_COLOR, offset, 1, opts->lang, MSG_API_R_CIRCLE_COLOR, length,
				   text);
	if (length - skip != 2 || (sq = render_square_at(text + skip)) == SQ_NONE)
		return render_fail(err, RENDER_ERR_BAD_SQUARE, offset, length, opts->lang, MSG_API_R_CIRCLE, length, text);
	if (opts->circle_count >= RENDER_CIRCLES_MAX)
		return render_fail(err, RENDER_ERR_TOO_MANY, offset, length, opts->lang, MSG_API_R_CIRCLES_MAX,
				   RENDER_CIRCLES_MAX);
	opts->circles[opts->circle_count++] = (struct render_circle){ (uint8_t)sq, mark };
	return 0;
}

/* The value of a hex digit, or -1. */
static int render_hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* #rgb, #rgba, #rrggbb, #rrggbbaa (the # may be left out, as URLs make it awkward) into
 * 0xRRGGBBAA; -1 when it is none of them. */
static int render_parse_hex_color(const char *text, int length, uint32_t *out)
{
	uint32_t v = 0;
	int digits[8];

	if (length > 0 && text[0] == '#') {
		text++;
		length--;
	}
	if (length != 3 && length != 4 && length != 6 && length != 8)
		return -1;
	for (int i = 0; i < length; i++)
		if ((digits[i] = render_hex(text[i])) < 0)
			return -1;
	if (length <= 4) {
		for (int i = 0; i < 4; i++) {
			int d = i < length ? digits[i] : 15;
			v = v << 8 | (uint32_t)(d * 17);
		}
	} else {
		for (int i = 0; i < 8; i += 2) {
			int d = i < length ? digits[i] << 4 | digits[i + 1] : 255;
			v = v << 8 | (uint32_t)d;
		}
	}
	*out = v;
	return 0;
}

static int render_fill_item(const char *text, int length, int offset, struct render_options *opts,
			    struct render_error *err)
{
	int sq = length >= 2 ? render_square_at(text) : SQ_NONE;
	uint32_t rgba;

	if (sq == SQ_NONE || length < 3 || text[2] != ':')
		return render_fail(err, RENDER_ERR_BAD_SQUARE, offset, length, opts->lang, MSG_API_R_FILL, length, text);
	if (render_parse_hex_color(text + 3, length - 3, &rgba))
		return render_fail(err, RENDER_ERR_BAD_COLOR, offset + 3, length - 3, opts->lang, MSG_API_R_FILL_COLOR,
				   length, text);
	if (opts->fill_count >= RENDER_FILLS_MAX)
		return render_fail(err, RENDER_ERR_TOO_MANY, offset, length, opts->lang, MSG_API_R_FILLS_MAX,
				   RENDER_FILLS_MAX);
	opts->fills[opts->fill_count++] = (struct render_fill){ (uint8_t)sq, rgba };
	return 0;
}

int render_parse_arrows(const char *text, struct render_options *opts, struct render_error *err)
{
	opts->arrow_count = 0;
	return render_parse_list(text, render_arrow_item, opts, err);
}

int render_parse_circles(const char *text, struct render_options *opts, struct render_error *err)
{
	opts->circle_count = 0;
	return render_parse_list(text, render_circle_item, opts, err);
}

int render_parse_fills(const char *text, struct render_options *opts, struct render_error *err)
{
	opts->fill_count = 0;
	return render_parse_list(text, render_fill_item, opts, err);
}

const char *const render_option_names[] = {
	"orientation", "coordinates", "check", "size", "theme", "last_move", "arrows", "circles", "squares", NULL,
};

/* true/false/1/0 */
/* true/false in any case (Python's requests sends True and False), 1/0. */
static int render_parse_bool(const char *text, bool *out, enum msg_lang lang, struct render_error *err)
{
	if (!strcasecmp(text, "true") || !strcmp(text, "1")) {
		*out = true;
		return 0;
	}
	if (!strcasecmp(text, "false") || !strcmp(text, "0")) {
		*out = false;
		return 0;
	}
	return render_fail(err, RENDER_ERR_BAD_NAME, 0, (int)strlen(text), lang, MSG_API_R_BOOL);
}

int render_option_set(struct render_options *opts, const char *name, const char *value, struct render_error *err)
{
	if (!strcmp(name, "orientation"))
		return render_parse_orientation(value, &opts->orientation, opts->lang, err);
	if (!strcmp(name, "coordinates"))
		return render_parse_bool(value, &opts->coordinates, opts->lang, err);
	if (!strcmp(name, "check"))
		return render_parse_bool(value, &opts->check, opts->lang, err);
	if (!strcmp(name, "size"))
		return render_parse_size(value, &opts->size, opts->lang, err);
	if (!strcmp(name, "theme"))
		return render_parse_theme(value, &opts->theme, opts->lang, err);
	if (!strcmp(name, "last_move"))
		return render_parse_last_move(value, opts, err);
	if (!strcmp(name, "arrows"))
		return render_parse_arrows(value, opts, err);
	if (!strcmp(name, "circles"))
		return render_parse_circles(value, opts, err);
	if (!strcmp(name, "squares"))
		return render_parse_fills(value, opts, err);
	return 1;
}

int render_read_board(const char *fen, const struct fen_options *options, struct position *pos,
		      struct fen_report *report, enum fen_verdict *verdict)
{
	struct fen_options lenient = options ? *options : (struct fen_options){ FEN_STRICT, false, false, MSG_EN };
	struct fen_report board_report;

	*verdict = fen_parse(fen, strlen(fen), options, pos, report);
	if (*verdict != FEN_MALFORMED)
		return 0;
	lenient.mode = FEN_LENIENT;
	if (fen_parse(fen, strcspn(fen, " \t_"), &lenient, pos, &board_report) == FEN_MALFORMED)
		return -1;
	for (int i = 0; i < board_report.error_count && report->error_count < FEN_REPORT_MAX; i++)
		report->errors[report->error_count++] = board_report.errors[i];
	*verdict = FEN_ILLEGAL;
	return 0;
}

void render_problem_codes(const struct fen_report *report, char *out, size_t size)
{
	size_t n = 0;

	if (!size)
		return;
	out[0] = '\0';
	for (int i = 0; i < report->error_count; i++) {
		const char *code = error_code_name(report->errors[i].code);
		size_t len = strlen(code);
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = report->errors[j].code == report->errors[i].code;
		if (seen || n + len + 2 > size)
			continue;
		n += (size_t)snprintf(out + n, size - n, "%s%s", n ? "," : "", code);
	}
}

int render_read_move(const struct position *pos, const char *text, size_t length, enum san_lang lang, move *out,
		     bool *malformed)
{
	struct san_parse_options options = { lang, false, MSG_EN };
	struct san_parse_result san;
	enum uci_result r = uci_parse_move(pos, text, length, out);
	enum san_code code;

	*malformed = false;
	if (r == UCI_OK)
		return 0;
	if (r == UCI_ILLEGAL)
		return -1;
	code = san_parse_move(pos, text, length, &options, &san);
	if (code == SAN_OK) {
		*out = san.m;
		return 0;
	}
	*malformed = code == SAN_ERR_MALFORMED || code == SAN_ERR_EMPTY;
	return -1;
}

enum color render_bottom(const struct render_options *opts, const struct position *pos)
{
	if (opts->orientation == RENDER_ORIENT_AUTO)
		return (enum color)pos->turn;
	return opts->orientation == RENDER_ORIENT_BLACK ? BLACK : WHITE;
}

int render_check_square(const struct render_options *opts, const struct position *pos)
{
	enum color us = (enum color)pos->turn;
	int king;

	if (!opts->check || (king = position_king_square(pos, us)) == SQ_NONE)
		return SQ_NONE;
	return position_is_attacked(pos, king, (enum color)!us, position_occupied(pos)) ? king : SQ_NONE;
}

void render_square_origin(int sq, enum color bottom, int *col, int *row)
{
	int file = square_file(sq), rank = square_rank(sq);

	*col = bottom == WHITE ? file : 7 - file;
	*row = bottom == WHITE ? 7 - rank : rank;
}

void render_arrow_outline(const struct render_arrow *arrow, enum color bottom, double pts[7][2])
{
	/* Proportions in squares: a shaft a fifth of a square wide, a head half a square
	 * wide and 0.45 long, starting a quarter square out from the origin's centre. */
	const double shaft = 0.1, head_half = 0.25, head_length = 0.45, start = 0.25;
	int c0, r0, c1, r1;

	render_square_origin(arrow->from, bottom, &c0, &r0);
	render_square_origin(arrow->to, bottom, &c1, &r1);
	double x0 = c0 + 0.5, y0 = r0 + 0.5, x1 = c1 + 0.5, y1 = r1 + 0.5;
	double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
	double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
	double sx = x0 + ux * start, sy = y0 + uy * start;
	double hx = x1 - ux * head_length, hy = y1 - uy * head_length;

	pts[0][0] = sx + nx * shaft, pts[0][1] = sy + ny * shaft;
	pts[1][0] = hx + nx * shaft, pts[1][1] = hy + ny * shaft;
	pts[2][0] = hx - nx * shaft, pts[2][1] = hy - ny * shaft;
	pts[3][0] = sx - nx * shaft, pts[3][1] = sy - ny * shaft;
	pts[4][0] = hx + nx * head_half, pts[4][1] = hy + ny * head_half;
	pts[5][0] = x1, pts[5][1] = y1;
	pts[6][0] = hx - nx * head_half, pts[6][1] = hy - ny * head_half;
}

double render_check_alpha(double distance)
{
	/* Full strength in the middle third, fading to nothing at the edge. */
	if (distance <= 0.3)
		return 1.0;
	if (distance >= 1.0)
		return 0.0;
	return 1.0 - (distance - 0.3) / 0.7;
}

/* The canonical text being written: like snprintf, what does not fit is cut (NUL kept)
 * and ok turns false. */
struct render_canonical_out {
	char *out;
	size_t size;
	size_t n;
	bool ok;
};

static void render_canonical_put(struct render_canonical_out *c, const char *text, size_t length)
{
	size_t room = c->size - c->n;

	if (!c->ok)
		return;
	if (length >= room) {
		if (room > 0) {
			memcpy(c->out + c->n, text, room - 1);
			c->out[c->size - 1] = '\0';
		}
		c->ok = false;
		return;
	}
	memcpy(c->out + c->n, text, length);
	c->n += length;
	c->out[c->n] = '\0';
}

static void render_canonical_puts(struct render_canonical_out *c, const char *text)
{
	render_canonical_put(c, text, strlen(text));
}

static void render_canonical_int(struct render_canonical_out *c, int v)
{
	char digits[16];
	size_t i = sizeof digits;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

	do
		digits[--i] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (v < 0)
		digits[--i] = '-';
	render_canonical_put(c, digits + i, sizeof digits - i);
}

size_t render_options_canonical(const struct render_options *opts, char *out, size_t size)
{
	/* Written by hand, not with snprintf: this runs on every /render request. */
	static const char hex[] = "0123456789abcdef";
	struct render_canonical_out c = { out, size, 0, true };
	char a[3], b[3];

	render_canonical_puts(&c, "o=");
	render_canonical_int(&c, (int)opts->orientation);
	render_canonical_puts(&c, ";c=");
	render_canonical_int(&c, opts->coordinates);
	render_canonical_puts(&c, ";k=");
	render_canonical_int(&c, opts->check);
	render_canonical_puts(&c, ";s=");
	render_canonical_int(&c, opts->size);
	render_canonical_puts(&c, ";t=");
	render_canonical_puts(&c, render_palettes[opts->theme].name);
	render_canonical_puts(&c, ";");
	if (opts->last_from != SQ_NONE) {
		fen_format_square(opts->last_from, a);
		fen_format_square(opts->last_to, b);
		render_canonical_puts(&c, "m=");
		render_canonical_put(&c, a, 2);
		render_canonical_put(&c, b, 2);
		render_canonical_puts(&c, ";");
	}
	render_canonical_puts(&c, "a=");
	for (int i = 0; i < opts->arrow_count; i++) {
		char arrow[6] = { render_mark_letters[opts->arrows[i].mark] };
		fen_format_square(opts->arrows[i].from, a);
		fen_format_square(opts->arrows[i].to, b);
		memcpy(arrow + 1, a, 2);
		memcpy(arrow + 3, b, 2);
		arrow[5] = ',';
		render_canonical_put(&c, arrow, sizeof arrow);
	}
	render_canonical_puts(&c, ";r=");
	for (int i = 0; i < opts->circle_count; i++) {
		char circle[4] = { render_mark_letters[opts->circles[i].mark] };
		fen_format_square(opts->circles[i].square, a);
		memcpy(circle + 1, a, 2);
		circle[3] = ',';
		render_canonical_put(&c, circle, sizeof circle);
	}
	render_canonical_puts(&c, ";f=");
	for (int i = 0; i < opts->fill_count; i++) {
		char fill[12];
		uint32_t v = opts->fills[i].rgba;
		fen_format_square(opts->fills[i].square, fill);
		fill[2] = ':';
		for (int k = 10; k >= 3; k--, v >>= 4)
			fill[k] = hex[v & 0xf];
		fill[11] = ',';
		render_canonical_put(&c, fill, sizeof fill);
	}
	return c.ok ? c.n : 0;
}
