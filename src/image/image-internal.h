/* image-internal.h -- what the files of libfenimage share: the decoded sprite sheets
 * (sprites.c), the board canvas (compose.c), the marks (marks.c), the frames of a game
 * (frames.c) and the embedded sheets (sprites-data.c, generated at build time). Not for
 * use outside src/image (and its tests). */
#ifndef FEND_IMAGE_INTERNAL_H
#define FEND_IMAGE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "image/image.h"

/* sprites-data.c: one PNG sprite sheet per square size (render_svg_sprites, rasterized). */
extern const unsigned char *const image_sprite_pngs[];
extern const size_t image_sprite_png_lengths[];

/* A decoded sheet: pieces as premultiplied RGBA, glyphs as alpha, each cell
 * square x square pixels, cell after cell. */
struct image_sheet {
	int square;
	uint8_t *pieces; /* RENDER_SPRITE_PIECES cells of 4-byte pixels, render_sprite_pieces order */
	uint8_t *glyphs; /* 16 cells of 1-byte alpha: 'a'..'h', then '1'..'8' */
};

/* The decoded sheet of a supported square size (decoded on first use, kept for the
 * life of the process); NULL when square is not supported or decoding failed. */
const struct image_sheet *image_sheet(int square);

/* Decodes a PNG in memory to 8-bit RGBA (rows top down); *pixels is the caller's to free. */
int image_png_decode_rgba(const unsigned char *data, size_t length, uint8_t **pixels, int *width, int *height);

/* One board being drawn into an RGB buffer. */
struct image_canvas {
	const struct position *pos;
	const struct render_options *opts;
	const struct image_sheet *sheet;
	int square;
	int width;        /* 8 * square */
	enum color bottom;
	int check_sq;     /* SQ_NONE when no king is marked */
	uint8_t *rgb;
};

/* A rectangle of pixels, [x0, x1) x [y0, y1) from the picture's top-left; empty when
 * x1 <= x0 or y1 <= y0. */
struct image_rect {
	int x0, y0, x1, y1;
};

/* Lays colour rgb over px with alpha a (0-255). */
static inline void image_blend(uint8_t *px, uint32_t rgb, unsigned a)
{
	unsigned na = 255 - a;

	px[0] = (uint8_t)((((rgb >> 16) & 0xff) * a + px[0] * na + 127) / 255);
	px[1] = (uint8_t)((((rgb >> 8) & 0xff) * a + px[1] * na + 127) / 255);
	px[2] = (uint8_t)(((rgb & 0xff) * a + px[2] * na + 127) / 255);
}

/* compose.c */

/* Prepares a canvas; -1 when the square size has no sprites. */
int image_canvas_init(struct image_canvas *c, const struct position *pos, const struct render_options *opts,
		      int square, uint8_t *rgb);

/* Draws one square whole: its colour, fill, last-move tint, check mark, coordinate and piece. */
void image_draw_square(const struct image_canvas *c, int sq);

/* The same into cell (the square's top-left pixel, RGB rows stride bytes apart) instead
 * of c's picture: the pixels do not depend on where they go. */
void image_draw_square_into(const struct image_canvas *c, int sq, uint8_t *cell, size_t stride);

/* The sprite of a piece (render_sprite_pieces order), or RENDER_SPRITE_PIECES for none
 * (an empty square). */
int image_sprite_of(int piece);

/* The flat colour rgba (0xRRGGBBAA) laid over rgb (0xRRGGBB), as the canvas blends it. */
uint32_t image_over(uint32_t rgb, uint32_t rgba);

/* marks.c */

/* A convex polygon as its edges: a point of each and the unit normal pointing inside,
 * so that a pixel's distance to an edge is one multiply-add a coordinate. */
struct image_polygon {
	int n;
	double ax[4], ay[4], nx[4], ny[4];
};

/* An arrow at one square size: its shaft (part 0) and head (part 1), and the box of
 * pixels its drawing may evaluate (the outline's box and a pixel of edge, within the
 * board; inclusive, empty when x1 < x0). */
struct image_arrow {
	struct image_polygon part[2];
	int x0, y0, x1, y1;
	uint32_t rgba;
};

/* What bounds the pixels drawing an arrow evaluates: each part grown to where its
 * coverage can be > 0 (E: its edges moved half a pixel out), as n vertices. */
struct image_arrow_bound {
	int x0, y0, x1, y1;   /* the arrow's box */
	int n[2];             /* 0: a degenerate part, bounded by the box */
	double x[2][4], y[2][4];
};

/* The arrow drawn with its from and to squares on a board of square-pixel squares,
 * bottom's side at the bottom. */
void image_arrow_init(struct image_arrow *a, const struct render_arrow *arrow, enum color bottom, int square);

/* Draws an arrow's pixels that lie in clip, row by row over the span where its coverage
 * can be > 0, with the coverage of the whole-box drawing (pixel-identical to it).
 * Returns the number of pixels evaluated. */
size_t image_arrow_draw(const struct image_canvas *c, const struct image_arrow *a, const struct image_rect *clip);

/* Draws a circle's ring where it lies in clip (within its square); returns the number
 * of pixels evaluated. */
size_t image_circle_draw(const struct image_canvas *c, const struct render_circle *circle,
			 const struct image_rect *clip);

/* Draws the circles, then the arrows, of c's options where they lie in clip; returns the
 * number of pixels evaluated. */
size_t image_draw_marks(const struct image_canvas *c, const struct image_rect *clip);

/* The bound of an arrow (image_arrow_cost); no pixel work. */
void image_arrow_bound_init(struct image_arrow_bound *b, const struct image_arrow *a);

/* At least the number of pixels image_arrow_draw evaluates for the arrow within clip,
 * and tight: for each part and each row whose centre is in E (within clip and the
 * arrow's box), E's width there and a pixel (the rounding of a span to whole pixels). */
double image_arrow_cost(const struct image_arrow_bound *b, const struct image_rect *clip);

/* The number of pixels image_circle_draw evaluates for a circle it draws whole, on a
 * board of square-pixel squares (the same on every square); its work is in square. */
double image_circle_full_cost(int square);

/* At least the number of pixels image_circle_draw evaluates for a circle on the square
 * drawn at (col, row) within clip, given image_circle_full_cost: exactly that when the
 * square is within clip. */
double image_circle_cost(int col, int row, int square, double full, const struct image_rect *clip);

/* At least the number of pixels image_draw_marks evaluates for opts's marks within clip
 * on a board of square-pixel squares with bottom's side at the bottom (rounded up). */
uint64_t image_marks_cost(const struct render_options *opts, enum color bottom, int square,
			  const struct image_rect *clip);

/* Widens the rectangle of columns and rows [*minc, *maxc] x [*minr, *maxr] (from the
 * picture's top-left; empty when *maxc < *minc) to every square an arrow's box touches. */
void image_arrow_squares(const struct image_arrow *a, int square, int *minc, int *minr, int *maxc, int *maxr);

/* frames.c */

/* The frames of a game being walked: frame `frame` shows pos drawn with fopts (the
 * request's options, the frame's own marks, the move that led to it tinted). The
 * fields are for reading; image_frames_begin and image_frames_next write them. */
struct image_frames {
	const struct render_options *opts;
	const struct render_game_marks *marks;
	int square;
	enum color bottom;       /* the start position's, kept for every frame */
	int frame;
	struct position pos;
	struct render_options fopts;
	int check_sq;            /* render_check_square of fopts and pos */
	uint8_t state[SQUARE_NB]; /* what each square shows (piece, tint, check) */
	uint64_t dirty;          /* the squares to draw again, bit row * 8 + col (from the
				  * picture's top-left); frame 0: all */
};

/* The options of frame f of a game: opts, then the frame's own marks (as many as fit;
 * render_game_marks_left_out counts the others). The last move is opts's. */
void image_frames_options(const struct render_options *opts, const struct render_game_marks *marks, int frame,
			  struct render_options *fopts);

/* Starts at frame 0: start, with opts (whose last move is drawn) and frame 0's marks
 * (marks may be NULL). Everything is borrowed for the walk. */
void image_frames_begin(struct image_frames *f, const struct position *start, const struct render_options *opts,
			const struct render_game_marks *marks, int square);

/* Goes to the next frame by playing m (legal in f->pos). f->dirty is the squares that
 * look different from the frame before: those whose content changed, and those under
 * the marks that differ from the frame before's (marks drawn on both, in the same
 * order, do not count); every other pixel is the same on both frames. *rect is the
 * rectangle of whole squares around them (the top-left square when nothing changed). */
void image_frames_next(struct image_frames *f, move m, struct image_rect *rect);

/* The last frame of a game of count moves: its position and options. */
void image_frames_last(const struct position *start, const move *moves, int count, const struct render_options *opts,
		       const struct render_game_marks *marks, struct position *last, struct render_options *fopts);

/* palette.c */

/* The index GIF frames leave transparent (the palette's other entries are colours). */
#define IMAGE_PALETTE_TRANSPARENT 255
#define IMAGE_PALETTE_HASH_BITS 10
#define IMAGE_PALETTE_HASH_SLOTS (1u << IMAGE_PALETTE_HASH_BITS)
#define IMAGE_PALETTE_LUT_SIZE 32768

/* A theme's prepared palette: count (< 256) colours, then the transparent index. */
struct image_palette {
	uint32_t rgb[256];                        /* 0xRRGGBB */
	int count;
	uint16_t exact[IMAGE_PALETTE_HASH_SLOTS]; /* entry + 1 by hash of its colour; 0: empty */
	uint8_t lut[IMAGE_PALETTE_LUT_SIZE];      /* the entry nearest each 15-bit cell's centre */
};

/* The prepared palette of a theme (prepared on first use, kept for the life of the
 * process); NULL when memory ran out. */
const struct image_palette *image_palette(enum render_theme theme);

/* True when a picture drawn with opts takes only colours the palette is prepared for:
 * any request without square fills (fills are free colours). */
bool image_palette_holds(const struct render_options *opts);

/* The entry of a colour: its own when the palette holds it, else the nearest to its
 * 15-bit cell. */
uint8_t image_palette_index(const struct image_palette *p, uint32_t rgb);

/* Maps the rectangle (x0, y0, w, h) of rgb (width pixels a row) to entries, row y of the
 * rectangle at idx + y * stride. */
void image_palette_map(const struct image_palette *p, const uint8_t *rgb, int width, int x0, int y0, int w, int h,
		       uint8_t *idx, size_t stride);

/* tiles.c */

/* Square sq of c as p's entries (square x square, rows of square), as image_draw_square
 * and image_palette_map give it, with no marks (the caller draws the squares under
 * marks); p must be c's theme's. Kept for the life of the process (not to be freed).
 * NULL when sq has a fill, or memory for more tiles ran out: the
 * caller draws the square then. */
const uint8_t *image_tile(const struct image_canvas *c, const struct image_palette *p, int sq);

/* A growing output buffer for the encoders; data is malloc'd. */
struct image_buffer {
	unsigned char *data;
	size_t length;
	size_t capacity;
	bool failed;
};

void image_buffer_append(struct image_buffer *b, const void *data, size_t length);

/* lzw.c */

#define IMAGE_LZW_HASH_BITS 13
#define IMAGE_LZW_SLOTS (1u << IMAGE_LZW_HASH_BITS)

/* The longest chain of strings of one entry kept: of the transparent entry (whole
 * rows of it), of any other (flat stretches of a square). */
#define IMAGE_LZW_RUNS 4096
#define IMAGE_LZW_COLOUR_RUNS 128

/* The code table: a hash of the strings' codes by (prefix code, index); for each entry
 * c, the codes of the strings c, cc, ccc, ... the table holds (always such a chain),
 * longest[c] of them. */
struct image_lzw {
	uint32_t slots[IMAGE_LZW_SLOTS]; /* (prefix code << 8 | index) << 12 | code; 0: empty */
	uint16_t child[4096];            /* by code: its string's latest child's code + 1; 0: none */
	uint8_t child_entry[4096];       /* the entry that child adds */
	uint16_t longest[256];
	uint16_t runs[IMAGE_LZW_RUNS];   /* the transparent entry's chain, by length */
	uint16_t colour_runs[256][IMAGE_LZW_COLOUR_RUNS]; /* the others' */
};

/* Appends a GIF frame's image data: pixels (w x h, row y at pixels + y * stride, indexes
 * into a 256-entry colour table) as LZW codes of minimum size 8, in sub-blocks, then the
 * block terminator. The pixels are cut in cells of cell x cell from their top-left
 * (cell <= 0: one cell, the whole frame): a cell of the first 8 rows and columns whose
 * bit (row * 8 + col) is clear in live must be all transparent entries; the encoder
 * skips what it can of it without reading. */
void image_lzw_encode(struct image_lzw *z, struct image_buffer *buf, const uint8_t *pixels, size_t stride, int w,
		      int h, int cell, uint64_t live);

#endif
