/* tiles.c -- squares drawn once and kept as a prepared palette's entries, for the GIF
 * writer to copy instead of drawing and mapping them again: a tile is what
 * image_draw_square then image_palette_map give for a square that looks a certain way
 * (theme, square size, light or dark, last-move tint or not, the check mark or not, the
 * coordinate glyphs on it, its piece). Squares under a fill get none (the caller draws
 * them). Tiles are made on first use and kept for the life of the process, up to
 * IMAGE_TILE_BYTES_MAX bytes in all; past that the caller draws. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/render_svg.h"
#include "image/image-internal.h"

/* The square sizes tiles are kept for (image_square_sizes holds fewer). */
#define IMAGE_TILE_SIZES 32
/* A coordinate glyph on a square: its cell 0-7, or none. */
#define IMAGE_TILE_GLYPHS 9
#define IMAGE_TILE_LOOKS (2 * 2 * 2 * IMAGE_TILE_GLYPHS * IMAGE_TILE_GLYPHS * (RENDER_SPRITE_PIECES + 1))
/* The memory every tile and table may take together. */
#define IMAGE_TILE_BYTES_MAX ((size_t)32 << 20)

static pthread_mutex_t image_tile_lock = PTHREAD_MUTEX_INITIALIZER;
/* By theme and square size: IMAGE_TILE_LOOKS tiles (NULL: not made yet). */
static uint8_t **image_tile_sets[RENDER_THEME_NB][IMAGE_TILE_SIZES];
static size_t image_tile_bytes;

/* The look of square sq on c: everything image_draw_square draws it from; -1 when it
 * has a fill. */
static int image_tile_look(const struct image_canvas *c, int sq)
{
	const struct render_options *opts = c->opts;
	int col, row, file = IMAGE_TILE_GLYPHS - 1, rank = IMAGE_TILE_GLYPHS - 1;

	for (int i = 0; i < opts->fill_count; i++)
		if (opts->fills[i].square == sq)
			return -1;
	render_square_origin(sq, c->bottom, &col, &row);
	if (opts->coordinates) {
		if (row == 7)
			file = square_file(sq);
		if (col == 0)
			rank = square_rank(sq);
	}
	int light = (square_file(sq) + square_rank(sq)) % 2 != 0;
	int tint = sq == opts->last_from || sq == opts->last_to, check = sq == c->check_sq;
	return ((((light * 2 + tint) * 2 + check) * IMAGE_TILE_GLYPHS + file) * IMAGE_TILE_GLYPHS + rank) *
		       (RENDER_SPRITE_PIECES + 1) +
	       image_sprite_of(c->pos->board[sq]);
}

const uint8_t *image_tile(const struct image_canvas *c, const struct image_palette *p, int sq)
{
	int look = image_tile_look(c, sq), size = 0, s = c->square;
	enum render_theme theme = c->opts->theme;
	size_t cell = (size_t)s * (size_t)s;
	uint8_t *tile = NULL;

	while (size < image_square_size_count && image_square_sizes[size] != s)
		size++;
	if (look < 0 || size >= IMAGE_TILE_SIZES || size == image_square_size_count || (unsigned)theme >= RENDER_THEME_NB)
		return NULL;
	pthread_mutex_lock(&image_tile_lock);
	uint8_t ***set = &image_tile_sets[theme][size];
	if (!*set && image_tile_bytes + sizeof **set * IMAGE_TILE_LOOKS <= IMAGE_TILE_BYTES_MAX &&
	    (*set = calloc(IMAGE_TILE_LOOKS, sizeof **set)))
		image_tile_bytes += sizeof **set * IMAGE_TILE_LOOKS;
	if (*set) {
		tile = (*set)[look];
		if (!tile && image_tile_bytes + cell <= IMAGE_TILE_BYTES_MAX) {
			uint8_t *rgb = malloc(cell * 3);
			tile = malloc(cell);
			if (rgb && tile) {
				image_draw_square_into(c, sq, rgb, (size_t)s * 3);
				image_palette_map(p, rgb, s, 0, 0, s, s, tile, (size_t)s);
				(*set)[look] = tile;
				image_tile_bytes += cell;
			} else {
				free(tile);
				tile = NULL;
			}
			free(rgb);
		}
	}
	pthread_mutex_unlock(&image_tile_lock);
	return tile;
}
