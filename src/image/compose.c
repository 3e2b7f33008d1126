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

/* Lays an alpha mask (square x square) of colour rgb over the cell at (x0, y0). */
static void image_draw_mask(const struct image_canvas *c, const uint8_t *mask, uint32_t rgb, int x0, int y0)
{
	for (int y = 0; y < c->square; y++) {
		uint8_t *row = c->rgb + ((size_t)(y0 + y) * (size_t)c->width + (size_t)x0) * 3;
		for (int x = 0; x < c->square; x++, mask++)
			if (*mask)
				image_blend(row + x * 3, rgb, *mask);
	}
}

/* Lays a premultiplied RGBA sprite over the cell at (x0, y0). */
static void image_draw_sprite(const struct image_canvas *c, const uint8_t *sprite, int x0, int y0)
{
	for (int y = 0; y < c->square; y++) {
		uint8_t *px = c->rgb + ((size_t)(y0 + y) * (size_t)c->width + (size_t)x0) * 3;
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

void image_draw_square(const struct image_canvas *c, int sq)
{
	const struct render_palette *pal = &render_palettes[c->opts->theme];
	const struct render_options *opts = c->opts;
	int col, row, s = c->square;
	bool light = (square_file(sq) + square_rank(sq)) % 2 != 0;
	uint32_t flat = light ? pal->light : pal->dark;
	size_t cell = (size_t)s * (size_t)s;

	render_square_origin(sq, c->bottom, &col, &row);
	int x0 = col * s, y0 = row * s;
	for (int i = 0; i < opts->fill_count; i++)
		if (opts->fills[i].square == sq)
			flat = image_over(flat, opts->fills[i].rgba);
	if (sq == opts->last_from || sq == opts->last_to)
		flat = image_over(flat, pal->last_move_rgba);
	/* The first row pixel by pixel, the others copied from it. */
	uint8_t *first = c->rgb + ((size_t)y0 * (size_t)c->width + (size_t)x0) * 3;
	for (int x = 0; x < s; x++) {
		first[3 * x] = (uint8_t)(flat >> 16);
		first[3 * x + 1] = (uint8_t)(flat >> 8);
		first[3 * x + 2] = (uint8_t)flat;
	}
	for (int y = 1; y < s; y++)
		memcpy(first + (size_t)y * (size_t)c->width * 3, first, (size_t)s * 3);
	if (sq == c->check_sq) {
		double half = s / 2.0;
		for (int y = 0; y < s; y++)
			for (int x = 0; x < s; x++) {
				double dx = x + 0.5 - half, dy = y + 0.5 - half;
				double a = render_check_alpha(sqrt(dx * dx + dy * dy) / half);
				if (a > 0)
					image_blend(c->rgb + ((size_t)(y0 + y) * (size_t)c->width + (size_t)(x0 + x)) * 3,
						    IMAGE_CHECK_RGB, (unsigned)(a * 255 + 0.5));
			}
	}
	if (opts->coordinates) {
		uint32_t text = light ? pal->light_text : pal->dark_text;
		if (row == 7)
			image_draw_mask(c, c->sheet->glyphs + cell * (size_t)square_file(sq), text, x0, y0);
		if (col == 0)
			image_draw_mask(c, c->sheet->glyphs + cell * (size_t)(8 + square_rank(sq)), text, x0, y0);
	}
	int pc = c->pos->board[sq];
	if (pc) {
		int i = 0;
		while (i < RENDER_SPRITE_PIECES && render_sprite_pieces[i] != pc)
			i++;
		if (i < RENDER_SPRITE_PIECES)
			image_draw_sprite(c, c->sheet->pieces + cell * 4 * (size_t)i, x0, y0);
	}
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
