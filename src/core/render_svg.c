/* render_svg.c -- the SVG board and fend's piece set. The pieces are this project's own
 * drawings on a 45-unit square: outlines take their fill and stroke from the <use> that
 * places them (white or black), and inner detail lines use currentColor, so one
 * definition per piece type serves both colours. */
#include "render_svg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"

/* Each piece type's drawing (45 x 45 units, standing on y = 39.5). */
static const char *const render_svg_shapes[PIECE_TYPE_NB] = {
	[PAWN] =
		"<path d=\"M22.5 8.5a5 5 0 0 0-3 9 7 2.2 0 0 0-3.5 2.3 7 2.2 0 0 0 3.3 2.2c-.3 4.6-2.8 8.3-6.3 11h19c-3.5-2.7-6-6.4-6.3-11a7 2.2 0 0 0 3.3-2.2 7 2.2 0 0 0-3.5-2.3 5 5 0 0 0-3-9z\"/>"
		"<path d=\"M11.5 39v-2.5c0-2 1.5-3.5 3.5-3.5h15c2 0 3.5 1.5 3.5 3.5v2.5z\"/>",
	[KNIGHT] =
		"<path d=\"M12.5 39c-.6-6 2.3-10 6-13.3 1.3-1.2 1.8-2.6 1.5-4l-2.4 1.8c-2.4 1.8-4.2 2.5-6.6 3.2-1.4.4-2.7-.7-2.5-2.1.3-1.9 1.4-3.3 2.6-5.4l4.7-8.2c1.1-1.9 2.6-3.1 4.4-3.6l1.3-3.4 2 3.3c8.5 1.2 13.5 8.5 13.5 18.5 0 5.3-.7 9.8-1.5 13.2z\"/>"
		"<path d=\"M29.5 14.5c2.5 3.5 4 8 3.8 14\" fill=\"none\" stroke=\"currentColor\"/>"
		"<circle cx=\"19\" cy=\"13.3\" r=\"1.3\" fill=\"currentColor\" stroke=\"none\"/>"
		"<circle cx=\"11.6\" cy=\"22.2\" r=\".9\" fill=\"currentColor\" stroke=\"none\"/>",
	[BISHOP] =
		"<path d=\"M12 39.5v-1.8c0-1.5 1-2.7 2.5-2.7h16c1.5 0 2.5 1.2 2.5 2.7v1.8z\"/>"
		"<path d=\"M15.5 35l1-3.5h12l1 3.5z\"/>"
		"<path d=\"M16.5 31.5c-4-4.5-3.5-10 1-15 1.8-2 3.2-3.4 5-5 1.8 1.6 3.2 3 5 5 4.5 5 5 10.5 1 15z\"/>"
		"<circle cx=\"22.5\" cy=\"9\" r=\"2.5\"/>"
		"<path d=\"M24.7 17.5l-4.4 5M20 27h5\" fill=\"none\" stroke=\"currentColor\"/>",
	[ROOK] =
		"<path d=\"M9.5 39v-3c0-1 .5-1.5 1.5-1.5h23c1 0 1.5.5 1.5 1.5v3z\"/>"
		"<path d=\"M12.5 34.5v-3.5h20v3.5z\"/><path d=\"M14.5 31l1.5-14h13l1.5 14z\"/>"
		"<path d=\"M13 17v-3.5h19v3.5z\"/>"
		"<path d=\"M13 13.5v-6h4v2.5h4v-2.5h3v2.5h4v-2.5h4v6z\"/>",
	[QUEEN] =
		"<path d=\"M10 32l-2.5-16 6.5 9.5 1-13.5 5.5 12.5 2-14 2 14 5.5-12.5 1 13.5 6.5-9.5-2.5 16z\"/>"
		"<circle cx=\"7.5\" cy=\"14.5\" r=\"2.2\"/><circle cx=\"15\" cy=\"10.5\" r=\"2.2\"/>"
		"<circle cx=\"22.5\" cy=\"8.5\" r=\"2.2\"/><circle cx=\"30\" cy=\"10.5\" r=\"2.2\"/>"
		"<circle cx=\"37.5\" cy=\"14.5\" r=\"2.2\"/>"
		"<path d=\"M10 32c1 2.2.5 3.5-.5 5 0 2 26 2 26 0-1-1.5-1.5-2.8-.5-5-5-1.5-20-1.5-25 0z\"/>"
		"<path d=\"M11 35c6.5-1.6 16.5-1.6 23 0\" fill=\"none\" stroke=\"currentColor\"/>",
	[KING] =
		"<path d=\"M22.5 11.5v-6.5M19.5 8h6\" fill=\"none\" stroke-width=\"2\"/>"
		"<path d=\"M22.5 24.5c1.5-4.5 1-9.5 0-11.5-1 2-1.5 7 0 11.5z\"/>"
		"<path d=\"M12 36.5c-5.5-5-6.5-12-1.5-14.8 4.5-2.4 9.5-.5 12 3.8 2.5-4.3 7.5-6.2 12-3.8 5 2.8 4 9.8-1.5 14.8-6-2-15-2-21 0z\"/>"
		"<path d=\"M12 36.5c6-2 15-2 21 0v3c-6-2-15-2-21 0z\"/>"
		"<path d=\"M12.8 33c6-2.3 13.4-2.3 19.4 0M22.5 25.5v6\" fill=\"none\" stroke=\"currentColor\"/>",
};

static const char render_svg_type_letters[PIECE_TYPE_NB] = { 0, 'p', 'n', 'b', 'r', 'q', 'k' };

const unsigned char render_sprite_pieces[RENDER_SPRITE_PIECES] = {
	W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
	B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
};

/* The style both the board and the sprite sheet use. */
#define RENDER_SVG_PIECE_STYLE                                                                   \
	".w{fill:#fafafa;stroke:#1c1c1c;color:#1c1c1c}.b{fill:#2b2b2b;stroke:#0e0e0e;color:#e0e0e0}" \
	".p{stroke-width:1.5;stroke-linejoin:round;stroke-linecap:round}"                         \
	"text{font-family:DejaVu Sans,Verdana,Arial,sans-serif;font-weight:bold;font-size:10px}"  \
	".f{text-anchor:end}"

/* Where the coordinate glyphs stand inside their square (45-unit space). */
#define RENDER_SVG_FILE_X 42.5
#define RENDER_SVG_FILE_Y 42.0
#define RENDER_SVG_RANK_X 2.5
#define RENDER_SVG_RANK_Y 10.5

/* The output buffer; once it is full, ok is false and nothing more is written. */
struct render_svg_out {
	char *out;
	size_t size;
	size_t n;
	bool ok;
};

__attribute__((format(printf, 2, 3))) static void render_svg_printf(struct render_svg_out *o, const char *format, ...)
{
	va_list ap;
	int w;

	if (!o->ok)
		return;
	va_start(ap, format);
	w = vsnprintf(o->out + o->n, o->size - o->n, format, ap);
	va_end(ap);
	if (w < 0 || (size_t)w >= o->size - o->n)
		o->ok = false;
	else
		o->n += (size_t)w;
}

/* Appends n bytes; the fast path for the fixed parts (a board is mostly fixed text). */
static void render_svg_put(struct render_svg_out *o, const char *text, size_t n)
{
	if (!o->ok)
		return;
	if (n >= o->size - o->n) {
		o->ok = false;
		return;
	}
	memcpy(o->out + o->n, text, n);
	o->n += n;
	o->out[o->n] = '\0';
}

#define RENDER_SVG_LITERAL(o, lit) render_svg_put((o), (lit), sizeof(lit) - 1)

static void render_svg_puts(struct render_svg_out *o, const char *text)
{
	render_svg_put(o, text, strlen(text));
}

/* A whole number from 0 to 99999. */
static void render_svg_int(struct render_svg_out *o, int v)
{
	char digits[8];
	int n = 0;

	do
		digits[7 - n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0 && n < 7);
	render_svg_put(o, digits + 8 - n, (size_t)n);
}

/* A coordinate in user units: whole numbers without decimals, else one decimal. */
static void render_svg_number(char out[24], double v)
{
	long tenths = (long)(v * 10 + (v < 0 ? -0.5 : 0.5));

	if (tenths % 10 == 0)
		snprintf(out, 24, "%ld", tenths / 10);
	else
		snprintf(out, 24, "%s%ld.%ld", tenths < 0 ? "-" : "", labs(tenths) / 10, labs(tenths) % 10);
}

/* Lower-case hex digits of the low 4 * n bits of v. */
static void render_svg_hex(char *out, uint32_t v, int n)
{
	static const char digits[] = "0123456789abcdef";

	for (int i = n - 1; i >= 0; i--, v >>= 4)
		out[i] = digits[v & 0xf];
}

/* Six hex digits of the low 24 bits of v. */
static void render_svg_hex6(struct render_svg_out *o, uint32_t v)
{
	char digits[6];

	render_svg_hex(digits, v, 6);
	render_svg_put(o, digits, sizeof digits);
}

/* "%.3g" of every alpha byte over 255, written once at start-up (see render_svg_init):
 * the tints of every request need them, and printf's floating point was a tenth of the
 * time of an SVG board. */
static char render_svg_opacities[256][16];

/* "#rrggbb" of the top 24 bits of rgba, and its alpha as an opacity. */
static void render_svg_color(uint32_t rgba, char color[16], char opacity[16])
{
	color[0] = '#';
	render_svg_hex(color + 1, rgba >> 8, 6);
	color[7] = '\0';
	memcpy(opacity, render_svg_opacities[rgba & 0xff], sizeof render_svg_opacities[0]);
}

/* A rectangle over a square, filled with rgba. */
static void render_svg_tint(struct render_svg_out *o, int sq, enum color bottom, uint32_t rgba, const char *cls)
{
	char color[16], opacity[16];
	int col, row;

	render_square_origin(sq, bottom, &col, &row);
	render_svg_color(rgba, color, opacity);
	RENDER_SVG_LITERAL(o, "<rect x=\"");
	render_svg_int(o, col * RENDER_UNIT);
	RENDER_SVG_LITERAL(o, "\" y=\"");
	render_svg_int(o, row * RENDER_UNIT);
	RENDER_SVG_LITERAL(o, "\" width=\"45\" height=\"45\" fill=\"");
	render_svg_put(o, color, 7);
	RENDER_SVG_LITERAL(o, "\" fill-opacity=\"");
	render_svg_puts(o, opacity);
	RENDER_SVG_LITERAL(o, "\" class=\"");
	render_svg_puts(o, cls);
	RENDER_SVG_LITERAL(o, "\"/>");
}

/* The <desc>: every piece in words, by side and type, then who is to move. */
static void render_svg_desc(struct render_svg_out *o, const struct position *pos, int check_sq)
{
	static const char *const names[PIECE_TYPE_NB][2] = {
		{ "", "" }, { "pawn", "pawns" }, { "knight", "knights" }, { "bishop", "bishops" },
		{ "rook", "rooks" }, { "queen", "queens" }, { "king", "kings" },
	};
	static const enum piece_type order[] = { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };

	RENDER_SVG_LITERAL(o, "<desc>");
	for (int c = WHITE; c <= BLACK; c++) {
		bool any = false;
		render_svg_puts(o, c == WHITE ? "White: " : "Black: ");
		for (size_t t = 0; t < sizeof order / sizeof order[0]; t++) {
			bitboard bb = position_pieces(pos, (enum color)c, order[t]);
			if (!bb)
				continue;
			if (any)
				RENDER_SVG_LITERAL(o, ", ");
			render_svg_puts(o, names[order[t]][bb_more_than_one(bb)]);
			any = true;
			while (bb) {
				char sq[4] = { ' ' };
				fen_format_square(bb_pop_lsb(&bb), sq + 1);
				render_svg_put(o, sq, 3);
			}
		}
		render_svg_puts(o, any ? ". " : "no pieces. ");
	}
	render_svg_puts(o, pos->turn == WHITE ? "White to move" : "Black to move");
	render_svg_puts(o, check_sq != SQ_NONE ? ", in check.</desc>" : ".</desc>");
}

/* The <defs> of the piece types in mask (bits by enum piece_type), and the check gradient. */
static void render_svg_defs(struct render_svg_out *o, unsigned types, bool check)
{
	RENDER_SVG_LITERAL(o, "<defs>");
	for (int t = PAWN; t <= KING; t++)
		if (types & (1u << t)) {
			char letter = render_svg_type_letters[t];
			RENDER_SVG_LITERAL(o, "<g id=\"fend-");
			render_svg_put(o, &letter, 1);
			RENDER_SVG_LITERAL(o, "\" class=\"p\">");
			render_svg_puts(o, render_svg_shapes[t]);
			RENDER_SVG_LITERAL(o, "</g>");
		}
	if (check)
		RENDER_SVG_LITERAL(o, "<radialGradient id=\"fend-check\"><stop offset=\"0\" stop-color=\"#e41e1e\"/>"
				      "<stop offset=\".3\" stop-color=\"#e41e1e\"/>"
				      "<stop offset=\"1\" stop-color=\"#e41e1e\" stop-opacity=\"0\"/></radialGradient>");
	RENDER_SVG_LITERAL(o, "</defs>");
}

/* One piece placed on the cell whose top-left corner is (x, y) units. */
static void render_svg_piece(struct render_svg_out *o, int pc, int x, int y)
{
	char letter = render_svg_type_letters[piece_type_of(pc)];

	RENDER_SVG_LITERAL(o, "<use xlink:href=\"#fend-");
	render_svg_put(o, &letter, 1);
	RENDER_SVG_LITERAL(o, "\" x=\"");
	render_svg_int(o, x);
	RENDER_SVG_LITERAL(o, "\" y=\"");
	render_svg_int(o, y);
	render_svg_puts(o, piece_color(pc) == WHITE ? "\" class=\"w\"/>" : "\" class=\"b\"/>");
}

/* The parts of a board that depend only on the side at the bottom: the 64 squares and
 * the coordinates, written once at start-up. */
static struct {
	char squares[64 * 72];
	size_t squares_length;
	char coordinates[16 * 64];
	size_t coordinates_length;
	/* Each square's `" x="<x>" y="<y>" class="` for the piece on it. */
	char at[SQUARE_NB][32];
	unsigned char at_length[SQUARE_NB];
} render_svg_blocks[COLOR_NB];

__attribute__((constructor)) static void render_svg_init(void)
{
	for (int a = 0; a < 256; a++)
		snprintf(render_svg_opacities[a], sizeof render_svg_opacities[a], "%.3g", (double)a / 255.0);
	for (int bottom = WHITE; bottom <= BLACK; bottom++) {
		struct render_svg_out sq_out = { render_svg_blocks[bottom].squares, sizeof render_svg_blocks[bottom].squares,
						 0, true };
		struct render_svg_out co = { render_svg_blocks[bottom].coordinates,
					     sizeof render_svg_blocks[bottom].coordinates, 0, true };
		for (int sq = 0; sq < SQUARE_NB; sq++) {
			int col, row;
			char name[3];
			render_square_origin(sq, (enum color)bottom, &col, &row);
			fen_format_square(sq, name);
			struct render_svg_out at = { render_svg_blocks[bottom].at[sq], sizeof render_svg_blocks[bottom].at[sq], 0,
						     true };
			render_svg_printf(&at, "\" x=\"%d\" y=\"%d\" class=\"", col * RENDER_UNIT, row * RENDER_UNIT);
			render_svg_blocks[bottom].at_length[sq] = (unsigned char)(at.ok ? at.n : 0);
			render_svg_printf(&sq_out, "<rect x=\"%d\" y=\"%d\" width=\"45\" height=\"45\" class=\"%c %s\"/>",
					  col * RENDER_UNIT, row * RENDER_UNIT,
					  (square_file(sq) + square_rank(sq)) % 2 ? 'l' : 'd', name);
		}
		for (int i = 0; i < 8; i++) {
			/* Bottom row: file letters; left column: rank numbers. */
			int file = bottom == WHITE ? i : 7 - i, rank = bottom == WHITE ? 7 - i : i;
			bool light_file = (file + (bottom == WHITE ? 0 : 7)) % 2 != 0;
			bool light_rank = (rank + (bottom == WHITE ? 0 : 7)) % 2 != 0;
			render_svg_printf(&co, "<text x=\"%g\" y=\"%g\" class=\"f %s\">%c</text>",
					  i * RENDER_UNIT + RENDER_SVG_FILE_X, 7 * RENDER_UNIT + RENDER_SVG_FILE_Y,
					  light_file ? "tl" : "td", 'a' + file);
			render_svg_printf(&co, "<text x=\"%g\" y=\"%g\" class=\"%s\">%c</text>", RENDER_SVG_RANK_X,
					  i * RENDER_UNIT + RENDER_SVG_RANK_Y, light_rank ? "tl" : "td", '1' + rank);
		}
		render_svg_blocks[bottom].squares_length = sq_out.ok ? sq_out.n : 0;
		render_svg_blocks[bottom].coordinates_length = co.ok ? co.n : 0;
	}
}

size_t render_svg(const struct position *pos, const struct render_options *opts, char *out, size_t size)
{
	char fen[FEN_MAX];

	if (!fen_format(pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, fen, sizeof fen))
		fen_format_board(pos, fen, sizeof fen);
	return render_svg_titled(pos, opts, fen, out, size);
}

size_t render_svg_titled(const struct position *pos, const struct render_options *opts, const char *fen, char *out,
			 size_t size)
{
	const struct render_palette *pal = &render_palettes[opts->theme];
	struct render_svg_out o = { out, size, 0, size > 0 };
	enum color bottom = render_bottom(opts, pos);
	int check_sq = render_check_square(opts, pos);
	unsigned types = 0;

	for (int sq = 0; sq < SQUARE_NB; sq++)
		if (pos->board[sq])
			types |= 1u << piece_type_of(pos->board[sq]);
	RENDER_SVG_LITERAL(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
			       "version=\"1.1\" width=\"");
	render_svg_int(&o, opts->size);
	RENDER_SVG_LITERAL(&o, "\" height=\"");
	render_svg_int(&o, opts->size);
	RENDER_SVG_LITERAL(&o, "\" viewBox=\"0 0 360 360\"><title>");
	render_svg_puts(&o, fen);
	RENDER_SVG_LITERAL(&o, "</title>");
	render_svg_desc(&o, pos, check_sq);
	RENDER_SVG_LITERAL(&o, "<style type=\"text/css\">" RENDER_SVG_PIECE_STYLE ".l{fill:#");
	render_svg_hex6(&o, pal->light);
	RENDER_SVG_LITERAL(&o, "}.d{fill:#");
	render_svg_hex6(&o, pal->dark);
	RENDER_SVG_LITERAL(&o, "}.tl{fill:#");
	render_svg_hex6(&o, pal->light_text);
	RENDER_SVG_LITERAL(&o, "}.td{fill:#");
	render_svg_hex6(&o, pal->dark_text);
	RENDER_SVG_LITERAL(&o, "}</style>");
	render_svg_defs(&o, types, check_sq != SQ_NONE);

	render_svg_put(&o, render_svg_blocks[bottom].squares, render_svg_blocks[bottom].squares_length);
	for (int i = 0; i < opts->fill_count; i++)
		render_svg_tint(&o, opts->fills[i].square, bottom, opts->fills[i].rgba, "fill");
	if (opts->last_from != SQ_NONE) {
		render_svg_tint(&o, opts->last_from, bottom, pal->last_move_rgba, "last");
		render_svg_tint(&o, opts->last_to, bottom, pal->last_move_rgba, "last");
	}
	if (check_sq != SQ_NONE) {
		int col, row;
		render_square_origin(check_sq, bottom, &col, &row);
		RENDER_SVG_LITERAL(&o, "<rect x=\"");
		render_svg_int(&o, col * RENDER_UNIT);
		RENDER_SVG_LITERAL(&o, "\" y=\"");
		render_svg_int(&o, row * RENDER_UNIT);
		RENDER_SVG_LITERAL(&o, "\" width=\"45\" height=\"45\" fill=\"url(#fend-check)\" class=\"check\"/>");
	}
	if (opts->coordinates)
		render_svg_put(&o, render_svg_blocks[bottom].coordinates, render_svg_blocks[bottom].coordinates_length);
	/* As render_svg_piece writes them, with each square's place written at start-up. */
	for (int sq = 0; sq < SQUARE_NB; sq++) {
		int pc = pos->board[sq];
		char letter;
		if (!pc)
			continue;
		letter = render_svg_type_letters[piece_type_of(pc)];
		RENDER_SVG_LITERAL(&o, "<use xlink:href=\"#fend-");
		render_svg_put(&o, &letter, 1);
		render_svg_put(&o, render_svg_blocks[bottom].at[sq], render_svg_blocks[bottom].at_length[sq]);
		render_svg_puts(&o, piece_color(pc) == WHITE ? "w\"/>" : "b\"/>");
	}
	for (int i = 0; i < opts->circle_count; i++) {
		char color[16], opacity[16], r[24], w[24];
		int col, row;
		render_square_origin(opts->circles[i].square, bottom, &col, &row);
		render_svg_color(render_mark_rgba((enum render_mark)opts->circles[i].mark), color, opacity);
		render_svg_number(r, RENDER_CIRCLE_RADIUS * RENDER_UNIT);
		render_svg_number(w, RENDER_CIRCLE_WIDTH * RENDER_UNIT);
		render_svg_printf(&o, "<circle cx=\"%g\" cy=\"%g\" r=\"%s\" fill=\"none\" stroke=\"%s\" "
				      "stroke-opacity=\"%s\" stroke-width=\"%s\" class=\"circle\"/>",
				  (col + 0.5) * RENDER_UNIT, (row + 0.5) * RENDER_UNIT, r, color, opacity, w);
	}
	for (int i = 0; i < opts->arrow_count; i++) {
		static const int order[7] = { 0, 1, 4, 5, 6, 2, 3 };
		double pts[7][2];
		char color[16], opacity[16], x[24], y[24];
		render_arrow_outline(&opts->arrows[i], bottom, pts);
		render_svg_color(render_mark_rgba((enum render_mark)opts->arrows[i].mark), color, opacity);
		render_svg_printf(&o, "<path d=\"");
		for (int k = 0; k < 7; k++) {
			render_svg_number(x, pts[order[k]][0] * RENDER_UNIT);
			render_svg_number(y, pts[order[k]][1] * RENDER_UNIT);
			render_svg_printf(&o, "%c%s %s", k == 0 ? 'M' : 'L', x, y);
		}
		render_svg_printf(&o, "Z\" fill=\"%s\" fill-opacity=\"%s\" class=\"arrow\"/>", color, opacity);
	}
	RENDER_SVG_LITERAL(&o, "</svg>\n");
	return o.ok ? o.n : 0;
}

size_t render_svg_sprites(int square, char *out, size_t size)
{
	struct render_svg_out o = { out, size, 0, size > 0 };

	render_svg_printf(&o,
			  "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
			  "version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">"
			  "<style type=\"text/css\">" RENDER_SVG_PIECE_STYLE "</style>",
			  RENDER_SPRITE_COLUMNS * square, 2 * square, RENDER_SPRITE_COLUMNS * RENDER_UNIT, 2 * RENDER_UNIT);
	render_svg_defs(&o, 0x7eu, false);
	for (int i = 0; i < RENDER_SPRITE_PIECES; i++)
		render_svg_piece(&o, render_sprite_pieces[i], i * RENDER_UNIT, 0);
	for (int i = 0; i < 8; i++) {
		render_svg_printf(&o, "<text x=\"%g\" y=\"%g\" class=\"f\">%c</text>", i * RENDER_UNIT + RENDER_SVG_FILE_X,
				  RENDER_UNIT + RENDER_SVG_FILE_Y, 'a' + i);
		render_svg_printf(&o, "<text x=\"%g\" y=\"%g\">%c</text>", (8 + i) * RENDER_UNIT + RENDER_SVG_RANK_X,
				  RENDER_UNIT + RENDER_SVG_RANK_Y, '1' + i);
	}
	render_svg_printf(&o, "</svg>\n");
	return o.ok ? o.n : 0;
}
