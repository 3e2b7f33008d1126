/* sprites.c -- the sprite sheets embedded at build time, decoded on first use: pieces
 * as premultiplied RGBA (so that drawing one is a single multiply-add per channel) and
 * coordinate glyphs as alpha masks (tinted by the theme when drawn). */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/render_svg.h"
#include "image/image-internal.h"

#define IMAGE_SHEETS_MAX 32

static pthread_mutex_t image_sheet_lock = PTHREAD_MUTEX_INITIALIZER;
static struct image_sheet image_sheets[IMAGE_SHEETS_MAX];
/* Set (with release order) once image_sheets[i] is complete; read without the lock. */
static _Atomic bool image_sheet_ready[IMAGE_SHEETS_MAX];

int image_square_for(int size)
{
	int want = size / 8, best = image_square_sizes[0];

	for (int i = 1; i < image_square_size_count; i++) {
		int s = image_square_sizes[i];
		if (abs(s - want) < abs(best - want))
			best = s;
	}
	return best;
}

/* Splits a decoded sheet into its cells. */
static int image_sheet_cut(struct image_sheet *sheet, const uint8_t *rgba, int width, int height, int square)
{
	size_t cell = (size_t)square * (size_t)square;

	if (width != RENDER_SPRITE_COLUMNS * square || height != 2 * square)
		return -1;
	sheet->pieces = malloc(cell * 4 * RENDER_SPRITE_PIECES);
	sheet->glyphs = malloc(cell * 16);
	if (!sheet->pieces || !sheet->glyphs) {
		free(sheet->pieces);
		free(sheet->glyphs);
		return -1;
	}
	for (int i = 0; i < RENDER_SPRITE_PIECES; i++)
		for (int y = 0; y < square; y++)
			for (int x = 0; x < square; x++) {
				const uint8_t *p = rgba + ((size_t)y * (size_t)width + (size_t)(i * square + x)) * 4;
				uint8_t *q = sheet->pieces + (cell * (size_t)i + (size_t)y * (size_t)square + (size_t)x) * 4;
				unsigned a = p[3];
				q[0] = (uint8_t)((p[0] * a + 127) / 255);
				q[1] = (uint8_t)((p[1] * a + 127) / 255);
				q[2] = (uint8_t)((p[2] * a + 127) / 255);
				q[3] = (uint8_t)a;
			}
	for (int i = 0; i < 16; i++)
		for (int y = 0; y < square; y++)
			for (int x = 0; x < square; x++)
				sheet->glyphs[cell * (size_t)i + (size_t)y * (size_t)square + (size_t)x] =
					rgba[((size_t)(square + y) * (size_t)width + (size_t)(i * square + x)) * 4 + 3];
	sheet->square = square;
	return 0;
}

const struct image_sheet *image_sheet(int square)
{
	int i = 0;

	while (i < image_square_size_count && image_square_sizes[i] != square)
		i++;
	if (i == image_square_size_count || i >= IMAGE_SHEETS_MAX)
		return NULL;
	if (image_sheet_ready[i])
		return &image_sheets[i];
	pthread_mutex_lock(&image_sheet_lock);
	if (!image_sheet_ready[i]) {
		uint8_t *rgba = NULL;
		int width, height;
		if (!image_png_decode_rgba(image_sprite_pngs[i], image_sprite_png_lengths[i], &rgba, &width, &height) &&
		    !image_sheet_cut(&image_sheets[i], rgba, width, height, square))
			image_sheet_ready[i] = true;
		free(rgba);
	}
	pthread_mutex_unlock(&image_sheet_lock);
	return image_sheet_ready[i] ? &image_sheets[i] : NULL;
}
