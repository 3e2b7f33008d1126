/* compose.c -- a board drawn into an RGB buffer the way render_svg draws it: square
 * colours, fills, last-move tint, the check gradient, coordinate glyphs, piece sprites,
 * then circles and arrows (marks.c). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "core/render_svg.h"
#include "image/image-internal.h"

/* The colour of the check mark (the SVG gradient's stop colour). */
#define IMAGE_CHECK_RGB 0xe41e1eu

uint32_t image_over(uint32_t rgb, uint32_t rgba)
{
	uint8_t px[3] = { (uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb };

	image_blend(px, rgba >> 8, rgba & 0xff);
	return (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
}

int image_canvas_init(struct image_canvas *c, const struct position *pos, const struct render_options *opts,
		      int square, uint8_t *rgb)
{
	c->sheet = image_sheet(square);
	if (!c->sheet)
		return -1;
	c->pos = pos;
	c->opts = opts;
	c->square = square;
	c->width = 8 * square;
	c->bottom = render_bottom(opts, pos);
	c->check_sq = render_check_square(opts, pos);
	c->rgb = rgb;
	return 0;
}

/* Lays an alpha mask (square x square) of colour rgb over the cell (its top-left pixel,
 * rows stride bytes apart). */
static void image_draw_mask(const struct image_canvas *c, const uint8_t *mask, uint32_t rgb, uint8_t *cell,
			    size_t stride)
{
	for (int y = 0; y < c->square; y++) {
		uint8_t *row = cell + (size_t)y * stride;
		for (int x = 0; x < c->square; x++, mask++)
			if (*mask)
				image_blend(row + x * 3, rgb, *mask);
	}
}

/* Lays a premultiplied RGBA sprite over the cell (its top-left pixel, rows stride bytes
 * apart). */
static void image_draw_sprite(const struct image_canvas *c, const uint8_t *sprite, uint8_t *cell, size_t stride)
{
	for (int y = 0; y < c->square; y++) {
		uint8_t *px = cell + (size_t)y * stride;
		for (int x = 0; x < c->square; x++, sprite += 4, px += 3) {
			unsigned a = sprite[3], na = 255 - a;
			if (!a)
				continue;
			px[0] = (uint8_t)(sprite[0] + (px[0] * na + 127) / 255);
			px[1] = (uint8_t)(sprite[1] + (px[1] * na + 127) / 255);
			px[2] = (uint8_t)(sprite[2] + (px[2] * na + 127) / 255);
		}
	}
}

void image_draw_square_into(const struct image_canvas *c, int sq, uint8_t *cell, size_t stride)
{
	const struct render_palette *pal = &render_palettes[c->opts->theme];
	const struct render_options *opts = c->opts;
	int col, row, s = c->square;
	bool light = (square_file(sq) + square_rank(sq)) % 2 != 0;
	uint32_t flat = light ? pal->light : pal->dark;
	size_t cell_px = (size_t)s * (size_t)s;

	render_square_origin(sq, c->bottom, &col, &row);
	for (int i = 0; i < opts->fill_count; i++)
		if (opts->fills[i].square == sq)
			flat = image_over(flat, opts->fills[i].rgba);
	if (sq == opts->last_from || sq == opts->last_to)
		flat = image_over(flat, pal->last_move_rgba);
	/* The first row pixel by pixel, the others copied from it. */
	for (int x = 0; x < s; x++) {
		cell[3 * x] = (uint8_t)(flat >> 16);
		cell[3 * x + 1] = (uint8_t)(flat >> 8);
		cell[3 * x + 2] = (uint8_t)flat;
	}
	for (int y = 1; y < s; y++)
		memcpy(cell + (size_t)y * stride, cell, (size_t)s * 3);
	if (sq == c->check_sq) {
		double half = s / 2.0;
		for (int y = 0; y < s; y++)
			for (int x = 0; x < s; x++) {
				double dx = x + 0.5 - half, dy = y + 0.5 - half;
				double a = render_check_alpha(sqrt(dx * dx + dy * dy) / half);
				if (a > 0)
					image_blend(cell + (size_t)y * stride + (size_t)x * 3, IMAGE_CHECK_RGB,
						    (unsigned)(a * 255 + 0.5));
			}
	}
	if (opts->coordinates) {
		uint32_t text = light ? pal->light_text : pal->dark_text;
		if (row == 7)
			image_draw_mask(c, c->sheet->glyphs + cell_px * (size_t)square_file(sq), text, cell, stride);
		if (col == 0)
			image_draw_mask(c, c->sheet->glyphs + cell_px * (size_t)(8 + square_rank(sq)), text, cell, stride);
	}
	int i = image_sprite_of(c->pos->board[sq]);
	if (i < RENDER_SPRITE_PIECES)
		image_draw_sprite(c, c->sheet->pieces + cell_px * 4 * (size_t)i, cell, stride);
}

int image_sprite_of(int piece)
{
	int i = 0;

	if (!piece)
		return RENDER_SPRITE_PIECES;
	while (i < RENDER_SPRITE_PIECES && render_sprite_pieces[i] != piece)
		i++;
	return i;
}

void image_draw_square(const struct image_canvas *c, int sq)
{
	int col, row;

	render_square_origin(sq, c->bottom, &col, &row);
	image_draw_square_into(c, sq,
			       c->rgb + ((size_t)(row * c->square) * (size_t)c->width + (size_t)(col * c->square)) * 3,
			       (size_t)c->width * 3);
}

int image_compose(const struct position *pos, const struct render_options *opts, int square, uint8_t *rgb)
{
	struct image_canvas c;

	if (image_canvas_init(&c, pos, opts, square, rgb))
		return -1;
	for (int sq = 0; sq < SQUARE_NB; sq++)
		image_draw_square(&c, sq);
	image_draw_marks(&c, &(struct image_rect){ 0, 0, c.width, c.width });
	return 0;
}
