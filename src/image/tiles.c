/* tiles.c -- squares drawn once and kept as a prepared palette's entries, for the GIF
 * writer to copy instead of drawing and mapping them again: a tile is what
 * image_draw_square then image_palette_map give for a square that looks a certain way
 * (theme, square size, light or dark, last-move tint or not, the check mark or not, the
 * coordinate glyphs on it, its piece). Squares under a fill get none (the caller draws
 * them). Tiles are made on first use and kept for the life of the process.
 *
 * They live apart from malloc's heap: one region of IMAGE_TILE_BYTES_MAX bytes of address
 * space, mapped MAP_NORESERVE on first use (only the pages written take memory), which
 * tiles and their tables are cut from one after the other. Kept blocks amid the heap
 * would pin it: the large buffers of later pictures, freed, were then given back to the
 * system and faulted in again on every request. When the region is full (or could not
 * be mapped) the caller draws. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/render_svg.h"
#include "image/image-internal.h"

/* The square sizes tiles are kept for (image_square_sizes holds fewer). */
#define IMAGE_TILE_SIZES 32
/* A coordinate glyph on a square: its cell 0-7, or none. */
#define IMAGE_TILE_GLYPHS 9
#define IMAGE_TILE_LOOKS (2 * 2 * 2 * IMAGE_TILE_GLYPHS * IMAGE_TILE_GLYPHS * (RENDER_SPRITE_PIECES + 1))
/* The region every tile and table is cut from. */
#define IMAGE_TILE_BYTES_MAX ((size_t)32 << 20)

static pthread_mutex_t image_tile_lock = PTHREAD_MUTEX_INITIALIZER;
/* By theme and square size: IMAGE_TILE_LOOKS tiles (NULL: not made yet). */
static uint8_t **image_tile_sets[RENDER_THEME_NB][IMAGE_TILE_SIZES];
/* The region (MAP_FAILED: none to be had), and the bytes of it handed out. */
static uint8_t *image_tile_region;
static size_t image_tile_bytes;
/* Where a tile is drawn in RGB before it is mapped: the region's first bytes. */
static uint8_t *image_tile_rgb;

/* n more bytes of the region (16-byte aligned, zeroed: never handed out before), or NULL. */
static void *image_tile_take(size_t n)
{
	size_t at = (image_tile_bytes + 15) & ~(size_t)15;

	if (!image_tile_region)
		image_tile_region = mmap(NULL, IMAGE_TILE_BYTES_MAX, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (image_tile_region == MAP_FAILED || at > IMAGE_TILE_BYTES_MAX || n > IMAGE_TILE_BYTES_MAX - at)
		return NULL;
	image_tile_bytes = at + n;
	return image_tile_region + at;
}

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
	if (!image_tile_rgb) {
		int largest = 0;
		for (int i = 0; i < image_square_size_count; i++)
			largest = image_square_sizes[i] > largest ? image_square_sizes[i] : largest;
		image_tile_rgb = image_tile_take((size_t)largest * (size_t)largest * 3);
	}
	if (image_tile_rgb && !*set)
		*set = image_tile_take(sizeof **set * IMAGE_TILE_LOOKS);
	if (*set) {
		tile = (*set)[look];
		if (!tile && (tile = image_tile_take(cell))) {
			image_draw_square_into(c, sq, image_tile_rgb, (size_t)s * 3);
			image_palette_map(p, image_tile_rgb, s, 0, 0, s, s, tile, (size_t)s);
			(*set)[look] = tile;
		}
	}
	pthread_mutex_unlock(&image_tile_lock);
	return tile;
}
