/* image-internal.h -- what the files of libfenimage share: the decoded sprite sheets
 * (sprites.c), the board canvas (compose.c) and the embedded sheets (sprites-data.c,
 * generated at build time). Not for use outside src/image. */
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

/* Prepares a canvas; -1 when the square size has no sprites. */
int image_canvas_init(struct image_canvas *c, const struct position *pos, const struct render_options *opts,
		      int square, uint8_t *rgb);

/* Draws one square whole: its colour, fill, last-move tint, check mark, coordinate and piece. */
void image_draw_square(const struct image_canvas *c, int sq);

/* Draws the circles and arrows over the whole board. */
void image_draw_marks(const struct image_canvas *c);

/* Widens the rectangle of columns and rows [*minc, *maxc] x [*minr, *maxr] (from the
 * picture's top-left; empty when *maxc < *minc) to every square the circles and arrows
 * of c draw on. */
void image_marks_extent(const struct image_canvas *c, int *minc, int *minr, int *maxc, int *maxr);

/* The flat colour rgba (0xRRGGBBAA) laid over rgb (0xRRGGBB), as the canvas blends it. */
uint32_t image_over(uint32_t rgb, uint32_t rgba);

/* A growing output buffer for the encoders; data is malloc'd. */
struct image_buffer {
	unsigned char *data;
	size_t length;
	size_t capacity;
	bool failed;
};

void image_buffer_append(struct image_buffer *b, const void *data, size_t length);

#endif
