/* gif.c -- GIF with giflib: a board as one frame, and a game as an animation whose
 * frames after the first hold only the rectangle of the squares that changed (frames.c
 * finds them), every pixel in it that the frame before already showed left transparent,
 * as lichess's lila-gif writes them; frames are never disposed of. One palette serves
 * every frame: the theme's prepared one (palette.c), or for a request with square fills
 * (free colours) giflib's median cut of its first and last position, every pixel mapped
 * to its nearest entry through a cache of 15-bit colours. Entry 255 is transparent.
 * With the prepared palette, a square no mark draws on is copied from its tile (tiles.c:
 * drawn and mapped once per process); the others are drawn, marks and all, and mapped.
 * A frame's pixels go into a picture-sized buffer that stays transparent but for the
 * squares being written, which the LZW encoder is told of (it skips the rest).
 * The file is written here byte by byte (GIF89a), its frames' data by lzw.c; giflib
 * serves the quantizer only. */
#include "config.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#include "image/image-internal.h"

#define IMAGE_GIF_LUT_SIZE 32768

struct image_gif_palette {
	GifColorType colors[256];
	int count;
	uint16_t lut[IMAGE_GIF_LUT_SIZE]; /* palette index + 1 by 15-bit colour; 0: not looked up yet */
};

/* Builds the palette from rgb (pixels of 3 bytes), quantizing every other pixel of every
 * other row: the squares' flat colours dominate either way, at a quarter of the cost. */
static int image_gif_palette_build(struct image_gif_palette *pal, const uint8_t *rgb, int width, int height,
				   int reserve)
{
	int w = width / 2, h = height / 2, size = 256 - reserve, rc;
	size_t n = (size_t)w * (size_t)h, k = 0;
	GifByteType *planes = malloc(n * 4);

	if (!planes)
		return -1;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++, k++) {
			const uint8_t *px = rgb + ((size_t)(2 * y) * (size_t)width + (size_t)(2 * x)) * 3;
			planes[k] = px[0];
			planes[n + k] = px[1];
			planes[2 * n + k] = px[2];
		}
	rc = GifQuantizeBuffer((unsigned)w, (unsigned)h, &size, planes, planes + n, planes + 2 * n, planes + 3 * n,
			       pal->colors);
	free(planes);
	if (rc != GIF_OK)
		return -1;
	pal->count = size;
	for (int i = size; i < 256; i++)
		pal->colors[i] = (GifColorType){ 0, 0, 0 };
	memset(pal->lut, 0, sizeof pal->lut);
	return 0;
}

/* Adds a colour after the quantized ones (in the room reserved for it). */
static void image_gif_palette_add(struct image_gif_palette *pal, uint32_t rgb)
{
	if (pal->count < 256)
		pal->colors[pal->count++] = (GifColorType){ (GifByteType)(rgb >> 16), (GifByteType)(rgb >> 8),
							    (GifByteType)rgb };
}

/* The exact colours of the marks over plain and last-move squares: the first and the
 * last frame, which the palette is quantized from, may show no mark at all, and the
 * frames between should not draw a green arrow in the nearest brown. */
#define IMAGE_GIF_MARK_COLORS (RENDER_MARK_NB * 4)

static void image_gif_palette_marks(struct image_gif_palette *pal, enum render_theme theme)
{
	const struct render_palette *p = &render_palettes[theme];
	uint32_t bases[4] = { p->light, p->dark, image_over(p->light, p->last_move_rgba),
			      image_over(p->dark, p->last_move_rgba) };

	for (int m = 0; m < RENDER_MARK_NB; m++)
		for (int b = 0; b < 4; b++)
			image_gif_palette_add(pal, image_over(bases[b], render_mark_rgba((enum render_mark)m)));
}

/* The palette index nearest to a colour. */
static uint8_t image_gif_index(struct image_gif_palette *pal, const uint8_t *px)
{
	unsigned key = (unsigned)(px[0] >> 3) << 10 | (unsigned)(px[1] >> 3) << 5 | (unsigned)(px[2] >> 3);
	int best = 0;
	long best_d = -1;

	if (pal->lut[key])
		return (uint8_t)(pal->lut[key] - 1);
	for (int i = 0; i < pal->count; i++) {
		long dr = px[0] - pal->colors[i].Red, dg = px[1] - pal->colors[i].Green, db = px[2] - pal->colors[i].Blue;
		long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
		if (best_d < 0 || d < best_d) {
			best_d = d;
			best = i;
		}
	}
	pal->lut[key] = (uint16_t)(best + 1);
	return (uint8_t)best;
}

/* Maps the rectangle (x0, y0, w, h) of rgb to palette indexes, row y of it at idx + y *
 * stride. A pixel the colour of the one before takes its index (flat squares make long
 * runs). */
static void image_gif_map(struct image_gif_palette *pal, const uint8_t *rgb, int width, int x0, int y0, int w, int h,
			  uint8_t *idx, size_t stride)
{
	for (int y = 0; y < h; y++) {
		const uint8_t *px = rgb + ((size_t)(y0 + y) * (size_t)width + (size_t)x0) * 3;
		uint8_t *out = idx + (size_t)y * stride, last_index = 0;
		uint32_t last = UINT32_MAX;
		for (int x = 0; x < w; x++, px += 3) {
			uint32_t colour = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
			if (colour != last) {
				last = colour;
				last_index = image_gif_index(pal, px);
			}
			out[x] = last_index;
		}
	}
}

/* The colours of one GIF: the theme's prepared palette, or (a request with fills) the
 * request's own, quantized; map is the colour table written. */
struct image_gif_colours {
	const struct image_palette *prepared;
	struct image_gif_palette *own;
	GifColorType map[256];
};

/* The prepared palette when it holds opts's colours; else own, which the caller then
 * quantizes (image_gif_colours_own). Returns -1 when no palette could be had. */
static int image_gif_colours_init(struct image_gif_colours *c, const struct render_options *opts,
				  struct image_gif_palette *own)
{
	memset(c, 0, sizeof *c);
	if (image_palette_holds(opts)) {
		c->prepared = image_palette(opts->theme);
		if (!c->prepared)
			return -1;
		for (int i = 0; i < c->prepared->count; i++)
			c->map[i] = (GifColorType){ (GifByteType)(c->prepared->rgb[i] >> 16),
						    (GifByteType)(c->prepared->rgb[i] >> 8), (GifByteType)c->prepared->rgb[i] };
		return 0;
	}
	c->own = own;
	return own ? 0 : -1;
}

/* Quantizes the request's own palette from rgb (width x height), entry 255 left free. */
static int image_gif_colours_own(struct image_gif_colours *c, const uint8_t *rgb, int width, int height,
				 const struct render_options *opts, bool marks)
{
	if (image_gif_palette_build(c->own, rgb, width, height, 1 + (marks ? IMAGE_GIF_MARK_COLORS : 0)))
		return -1;
	if (marks)
		image_gif_palette_marks(c->own, opts->theme);
	memcpy(c->map, c->own->colors, sizeof c->map);
	c->map[IMAGE_PALETTE_TRANSPARENT] = (GifColorType){ 0, 0, 0 };
	return 0;
}

static void image_gif_colours_map(struct image_gif_colours *c, const uint8_t *rgb, int width, int x0, int y0, int w,
				  int h, uint8_t *idx, size_t stride)
{
	if (c->prepared)
		image_palette_map(c->prepared, rgb, width, x0, y0, w, h, idx, stride);
	else
		image_gif_map(c->own, rgb, width, x0, y0, w, h, idx, stride);
}

/* A GIF being written: the bytes so far and the LZW code table. */
struct image_gif_writer {
	struct image_buffer buf;
	struct image_lzw *lzw;
};

static void image_gif_put16(struct image_buffer *b, int v)
{
	uint8_t le[2] = { (uint8_t)v, (uint8_t)(v >> 8) };

	image_buffer_append(b, le, 2);
}

/* Starts a GIF89a of width x width pixels with colours (256) as its global table, and
 * (animated) the NETSCAPE2.0 block that loops for ever. */
static int image_gif_open(struct image_gif_writer *g, const GifColorType *colours, int width, bool animated)
{
	/* Global table, 8 bits a primary, 256 entries; background entry 0; square pixels. */
	static const uint8_t screen[3] = { 0xf7, 0, 0 };
	static const uint8_t loop[19] = { 0x21, 0xff, 11, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0',
					  3, 1, 0, 0, 0 };
	uint8_t table[256 * 3];

	memset(g, 0, sizeof *g);
	g->lzw = malloc(sizeof *g->lzw);
	if (!g->lzw)
		return -1;
	for (int i = 0; i < 256; i++) {
		table[3 * i] = colours[i].Red;
		table[3 * i + 1] = colours[i].Green;
		table[3 * i + 2] = colours[i].Blue;
	}
	image_buffer_append(&g->buf, "GIF89a", 6);
	image_gif_put16(&g->buf, width);
	image_gif_put16(&g->buf, width);
	image_buffer_append(&g->buf, screen, sizeof screen);
	image_buffer_append(&g->buf, table, sizeof table);
	if (animated)
		image_buffer_append(&g->buf, loop, sizeof loop);
	return g->buf.failed ? -1 : 0;
}

/* Writes pixels (w x h, row y at pixels + y * stride) as a frame at (x0, y0), shown for
 * delay_cs (< 0: a still picture, no control block), never disposed of (disposal 1, do
 * not dispose); entry IMAGE_PALETTE_TRANSPARENT is transparent when transparent is set.
 * cell and live: the cells known transparent (image_lzw_encode; cell 0: none). */
static int image_gif_frame(struct image_gif_writer *g, const uint8_t *pixels, size_t stride, int x0, int y0, int w,
			   int h, int delay_cs, bool transparent, int cell, uint64_t live)
{
	if (delay_cs >= 0) {
		uint8_t gce[8] = { 0x21, 0xf9, 4, (uint8_t)(1 << 2 | (transparent ? 1 : 0)), (uint8_t)delay_cs,
				   (uint8_t)(delay_cs >> 8), transparent ? IMAGE_PALETTE_TRANSPARENT : 0, 0 };
		image_buffer_append(&g->buf, gce, sizeof gce);
	}
	image_buffer_append(&g->buf, ",", 1);
	image_gif_put16(&g->buf, x0);
	image_gif_put16(&g->buf, y0);
	image_gif_put16(&g->buf, w);
	image_gif_put16(&g->buf, h);
	image_buffer_append(&g->buf, "", 1); /* no local table, not interlaced */
	image_lzw_encode(g->lzw, &g->buf, pixels, stride, w, h, cell, live);
	return g->buf.failed ? -1 : 0;
}

/* Ends the GIF; hands over the buffer when everything succeeded (rc 0), else returns rc
 * (IMAGE_STOPPED stays so), or -1. */
static int image_gif_close(struct image_gif_writer *g, int rc, unsigned char **out, size_t *length)
{
	image_buffer_append(&g->buf, ";", 1);
	free(g->lzw);
	g->lzw = NULL;
	if (rc || g->buf.failed) {
		free(g->buf.data);
		return rc ? rc : -1;
	}
	*out = g->buf.data;
	*length = g->buf.length;
	return 0;
}

int image_gif(const struct position *pos, const struct render_options *opts, unsigned char **out, size_t *length)
{
	int square = image_square_for(opts->size), width = 8 * square, rc = -1;
	size_t n = (size_t)width * (size_t)width;
	uint8_t *rgb = malloc(n * 3);
	struct image_gif_palette *own = image_palette_holds(opts) ? NULL : malloc(sizeof *own);
	struct image_gif_colours colours;
	struct image_gif_writer g;

	if (rgb && !image_gif_colours_init(&colours, opts, own) && !image_compose(pos, opts, square, rgb) &&
	    (colours.prepared || !image_gif_colours_own(&colours, rgb, width, width, opts, false))) {
		if (image_gif_open(&g, colours.map, width, false)) {
			rc = image_gif_close(&g, -1, out, length);
			goto done;
		}
		/* The indexes go where the RGB rows were read from (row y's end before row
		 * y + 1's pixels start). */
		image_gif_colours_map(&colours, rgb, width, 0, 0, width, width, rgb, (size_t)width);
		rc = image_gif_close(&g, image_gif_frame(&g, rgb, (size_t)width, 0, 0, width, width, -1, false, 0, 0), out,
				     length);
	}
done:
	free(rgb);
	free(own);
	return rc;
}

int image_gif_game(const struct position *start, const move *moves, int count, const struct render_options *opts,
		   int delay_ms, int final_delay_ms, const struct work_check *check, unsigned char **out, size_t *length)
{
	return image_gif_game_marked(start, moves, count, opts, NULL, delay_ms, final_delay_ms, check, out, length);
}

/* The squares (bit row * 8 + col from the picture's top-left) that a mark of opts may
 * draw on: those of its circles and those an arrow's box touches. */
static uint64_t image_gif_marked(const struct render_options *opts, enum color bottom, int square)
{
	uint64_t marked = 0;

	for (int i = 0; i < opts->circle_count; i++) {
		int col, row;
		render_square_origin(opts->circles[i].square, bottom, &col, &row);
		marked |= (uint64_t)1 << (row * 8 + col);
	}
	for (int i = 0; i < opts->arrow_count; i++) {
		struct image_arrow a;
		int minc = 8, minr = 8, maxc = -1, maxr = -1;
		image_arrow_init(&a, &opts->arrows[i], bottom, square);
		image_arrow_squares(&a, square, &minc, &minr, &maxc, &maxr);
		for (int row = minr; row <= maxr; row++)
			for (int col = minc; col <= maxc; col++)
				marked |= (uint64_t)1 << (row * 8 + col);
	}
	return marked;
}

/* One row of a square's entries (src, n of them) laid over what the viewer shows
 * (shown, updated): into px, each entry shown already holds made transparent. Eight at
 * a time: a byte of m is 0xff where src and shown differ. */
static void image_gif_diff_row(const uint8_t *src, uint8_t *shown, uint8_t *px, int n)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu, high = 0x8080808080808080u;
	int x = 0;

	for (; x + 8 <= n; x += 8) {
		uint64_t t, v;
		memcpy(&t, src + x, 8);
		memcpy(&v, shown + x, 8);
		uint64_t d = t ^ v, m = ((((d & low7) + low7) | d) & high) >> 7;
		uint64_t out = t | ~(m * 0xff);
		memcpy(px + x, &out, 8);
		memcpy(shown + x, &t, 8);
	}
	for (; x < n; x++) {
		px[x] = src[x] == shown[x] ? IMAGE_PALETTE_TRANSPARENT : src[x];
		shown[x] = src[x];
	}
}

/* The pixels of the squares of frame f drawn again (dirty; frame 0: all of them), as
 * entries: a kept tile for a square no mark draws on (prepared palette only), else the
 * square drawn into rgb (c's picture; rgb_ready: frame 0 is there already), marks and
 * all, and mapped. Frame 0 goes into shown whole; a later frame into px (the picture's
 * size, transparent where nothing changed), each entry shown already holds made
 * transparent too, and shown updated. cell is scratch for one square's entries. */
static void image_gif_squares(struct image_gif_colours *colours, const struct image_canvas *c, uint64_t dirty,
			      bool first, bool rgb_ready, uint8_t *shown, uint8_t *px, uint8_t *cell)
{
	const uint8_t *tiles[SQUARE_NB] = { NULL };
	int square = c->square, width = c->width;
	uint64_t marked = colours->prepared ? image_gif_marked(c->opts, c->bottom, square) : 0;

	for (int sq = 0; sq < SQUARE_NB; sq++) {
		int col, row, bit;
		render_square_origin(sq, c->bottom, &col, &row);
		bit = row * 8 + col;
		if (!(dirty >> bit & 1))
			continue;
		if (colours->prepared && !(marked >> bit & 1))
			tiles[bit] = image_tile(c, colours->prepared, sq);
		if (!tiles[bit] && !rgb_ready)
			image_draw_square(c, sq);
	}
	/* Every mark of the frame where it crosses a run of those squares along a rank (its
	 * pixels there lie on squares drawn above). */
	if (rgb_ready || !(c->opts->arrow_count || c->opts->circle_count))
		;
	else if (first)
		image_draw_marks(c, &(struct image_rect){ 0, 0, width, width });
	else
		for (int row = 0; row < 8; row++)
			for (int col = 0; col < 8; col++) {
				int end = col;
				if (!(dirty >> (row * 8 + col) & 1))
					continue;
				while (end < 7 && dirty >> (row * 8 + end + 1) & 1)
					end++;
				struct image_rect run = { col * square, row * square, (end + 1) * square, (row + 1) * square };
				image_draw_marks(c, &run);
				col = end;
			}
	for (int bit = 0; bit < SQUARE_NB; bit++) {
		if (!(dirty >> bit & 1))
			continue;
		int x0 = bit % 8 * square, y0 = bit / 8 * square;
		const uint8_t *src = tiles[bit];
		if (!src) {
			image_gif_colours_map(colours, c->rgb, width, x0, y0, square, square, cell, (size_t)square);
			src = cell;
		}
		for (int y = 0; y < square; y++) {
			size_t at = (size_t)(y0 + y) * (size_t)width + (size_t)x0;
			if (first)
				memcpy(shown + at, src + (size_t)y * (size_t)square, (size_t)square);
			else
				image_gif_diff_row(src + (size_t)y * (size_t)square, shown + at, px + at, square);
		}
	}
}

/* Makes the squares of dirty transparent again in px (the picture's size). */
static void image_gif_clear(uint8_t *px, uint64_t dirty, int square, int width)
{
	for (int bit = 0; bit < SQUARE_NB; bit++)
		if (dirty >> bit & 1)
			for (int y = 0; y < square; y++)
				memset(px + (size_t)(bit / 8 * square + y) * (size_t)width + (size_t)(bit % 8 * square),
				       IMAGE_PALETTE_TRANSPARENT, (size_t)square);
}

int image_gif_game_marked(const struct position *start, const move *moves, int count,
			  const struct render_options *opts, const struct render_game_marks *marks, int delay_ms,
			  int final_delay_ms, const struct work_check *check, unsigned char **out, size_t *length)
{
	int square = image_square_for(opts->size), width = 8 * square, rc = -1;
	size_t n = (size_t)width * (size_t)width;
	bool prepared = image_palette_holds(opts);
	struct render_options *last_opts = malloc(sizeof *last_opts);
	struct image_frames *f = malloc(sizeof *f);
	struct position last;
	struct image_canvas c;
	struct image_gif_writer g;
	bool open = false;
	int delay_cs = (delay_ms + 5) / 10, final_cs = (final_delay_ms + 5) / 10;
	/* The canvas (with the request's own palette, the last frame below it to quantize
	 * from), the entries shown so far, a frame's pixels (the picture's size, transparent
	 * but for the squares of the frame being written) and one square's entries. */
	uint8_t *rgb = malloc(n * (prepared ? 3 : 6)), *shown = malloc(n), *px = malloc(n),
		*cell = malloc((size_t)square * (size_t)square);
	struct image_gif_palette *own = prepared ? NULL : malloc(sizeof *own);
	struct image_gif_colours colours;

	if (!rgb || !shown || !px || !cell || !f || !last_opts || image_gif_colours_init(&colours, opts, own))
		goto done;
	if (work_stop(check)) {
		rc = IMAGE_STOPPED;
		goto done;
	}
	/* Frame 0 is drawn into rgb (and mapped into shown) square by square; later frames
	 * draw the squares that look different over it. */
	image_frames_begin(f, start, opts, marks, square);
	if (!prepared) {
		image_frames_last(start, moves, count, opts, marks, &last, last_opts);
		if (image_compose(start, &f->fopts, square, rgb) || image_compose(&last, last_opts, square, rgb + n * 3) ||
		    image_gif_colours_own(&colours, rgb, width, 2 * width, opts, render_game_has_marks(marks)))
			goto done;
	}
	open = true;
	if (image_gif_open(&g, colours.map, width, true) || image_canvas_init(&c, &f->pos, &f->fopts, square, rgb))
		goto done;
	memset(px, IMAGE_PALETTE_TRANSPARENT, n);
	image_gif_squares(&colours, &c, ~(uint64_t)0, true, !prepared, shown, px, cell);
	if (image_gif_frame(&g, shown, (size_t)width, 0, 0, width, width, count ? delay_cs : final_cs, false, 0, 0))
		goto done;
	for (int i = 0; i < count; i++) {
		struct image_rect r;
		if (work_stop(check)) {
			rc = IMAGE_STOPPED;
			goto done;
		}
		/* The frame holds its rectangle; within it, only the squares that look
		 * different are drawn again (the rest of rgb already shows this frame). */
		image_frames_next(f, moves[i], &r);
		c.check_sq = f->check_sq;
		image_gif_squares(&colours, &c, f->dirty, false, false, shown, px, cell);
		/* The squares of the rectangle not drawn again are transparent. */
		uint64_t live = 0;
		for (int row = r.y0 / square; row < r.y1 / square; row++)
			live |= (f->dirty >> (row * 8) >> (r.x0 / square) & 0xff) << ((row - r.y0 / square) * 8);
		if (image_gif_frame(&g, px + (size_t)r.y0 * (size_t)width + (size_t)r.x0, (size_t)width, r.x0, r.y0,
				    r.x1 - r.x0, r.y1 - r.y0, i == count - 1 ? final_cs : delay_cs, true, square, live))
			goto done;
		image_gif_clear(px, f->dirty, square, width);
	}
	rc = 0;
done:
	if (open)
		rc = image_gif_close(&g, rc, out, length);
	free(rgb);
	free(shown);
	free(px);
	free(cell);
	free(own);
	free(f);
	free(last_opts);
	return rc;
}
