/* palette.c -- the prepared palette of each theme, which PNG boards (8-bit indexed) and
 * every GIF frame use as they are: no quantization per picture. It is prepared once per
 * theme, on first use, deterministically: sample boards are drawn with the theme (every
 * piece on both square colours, plain and tinted as the last move, coordinates, a king
 * in check on either colour, arrows and circles of each colour over pieces and empty
 * squares), their colours counted; the most frequent colours (the squares, the tints,
 * the marks, the pieces' and glyphs' cores) get an entry each, exactly, and the others
 * (the anti-aliased edges, the check glow) go farthest point first: each new entry is
 * the sampled colour furthest from every entry so far, which keeps the worst error of
 * a pixel small. Entry IMAGE_PALETTE_TRANSPARENT stays free for GIF frames.
 *
 * A colour is mapped to its entry when the palette holds it exactly (a small hash),
 * else to the entry nearest the centre of its 15-bit cell (a table of 32768 indexes
 * filled when the palette is prepared). Mapping a picture is then one hash probe and
 * one table read per change of colour along a row. */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "image/image-internal.h"

/* The square size the sample boards are drawn at (the SVG's own unit). */
#define IMAGE_PALETTE_SAMPLE_SQUARE 45
/* Entries given to the most frequent colours exactly; the others are spread out. More
 * exact entries leave fewer for the edges: the worst error grows and so do the GIFs. */
#define IMAGE_PALETTE_EXACT 32
/* The colour counter's slots (a power of two, far more than the samples' colours). */
#define IMAGE_PALETTE_COUNT_SLOTS (1u << 17)

static pthread_mutex_t image_palette_lock = PTHREAD_MUTEX_INITIALIZER;
static struct image_palette image_palettes[RENDER_THEME_NB];
/* Set (with release order) once image_palettes[t] is complete; read without the lock. */
static _Atomic bool image_palette_ready[RENDER_THEME_NB];

static unsigned image_palette_hash(uint32_t rgb)
{
	return (rgb * 2654435761u) >> (32 - IMAGE_PALETTE_HASH_BITS);
}

/* ---- counting the samples' colours ---- */

struct image_palette_count {
	uint32_t *key;   /* colour + 1; 0: empty slot */
	uint32_t *count;
	size_t used;
};

static void image_palette_count_add(struct image_palette_count *c, const uint8_t *rgb, size_t pixels)
{
	for (size_t i = 0; i < pixels; i++, rgb += 3) {
		uint32_t key = ((uint32_t)rgb[0] << 16 | (uint32_t)rgb[1] << 8 | rgb[2]) + 1;
		unsigned h = (key * 2654435761u) >> 15;
		while (c->key[h] && c->key[h] != key)
			h = (h + 1) & (IMAGE_PALETTE_COUNT_SLOTS - 1);
		if (!c->key[h]) {
			if (c->used >= IMAGE_PALETTE_COUNT_SLOTS / 2)
				continue; /* never with the samples below */
			c->key[h] = key;
			c->used++;
		}
		c->count[h]++;
	}
}

/* ---- the sample boards ---- */

/* Every piece on squares of both colours (the second board is the first moved a file
 * right), a king in check on a dark (e1) and on a light square (e8), an empty board. */
static const char *const image_palette_fens[] = {
	"rnbqkbnr/pppppppp/RNBQKBNR/PPPPPPPP/rnbqkbnr/pppppppp/RNBQKBNR/PPPPPPPP w - - 0 1",
	"1rnbqkbn/rppppppp/1RNBQKBN/RPPPPPPP/1rnbqkbn/rppppppp/1RNBQKBN/RPPPPPPP w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2r w - - 0 1",
	"4k2R/8/8/8/8/8/8/4K3 b - - 0 1",
	"8/8/8/8/8/8/8/8 w - - 0 1",
};

/* Draws the samples of a theme and counts their colours. */
static int image_palette_sample(enum render_theme theme, struct image_palette_count *count)
{
	const int square = IMAGE_PALETTE_SAMPLE_SQUARE, width = 8 * square;
	size_t pixels = (size_t)width * (size_t)width;
	uint8_t *rgb = malloc(pixels * 3);
	struct render_options opts;
	struct render_error err;

	if (!rgb)
		return -1;
	for (size_t f = 0; f < sizeof image_palette_fens / sizeof image_palette_fens[0]; f++)
		for (int variant = 0; variant < 4; variant++) {
			struct position pos;
			struct fen_report report;
			enum fen_verdict verdict;
			if (render_read_board(image_palette_fens[f], NULL, &pos, &report, &verdict))
				goto fail;
			render_options_default(&opts);
			opts.theme = theme;
			opts.size = width;
			/* Variants 1 and 3: every square tinted as the last move is (a fill of the
			 * same colour, which the compositor lays the same way); 2 and 3: marks. */
			if (variant & 1) {
				opts.fill_count = SQUARE_NB;
				for (int sq = 0; sq < SQUARE_NB; sq++)
					opts.fills[sq] = (struct render_fill){ (uint8_t)sq,
									     render_palettes[theme].last_move_rgba };
			}
			if ((variant & 2) &&
			    (render_parse_arrows("Ga1h8,Rh1a8,Yb1b8,Bc1c8,Ga2h2,Rd1d8,Ya5h5,Bb8h2,Gg1e2,Yf8d7", &opts,
						 &err) ||
			     render_parse_circles("Ge4,Rd4,Yc5,Bf5,Gb2,Rg7,Yh1,Ba8,Gc3,Rf6,Ye7,Bd2", &opts, &err)))
				goto fail;
			if (image_compose(&pos, &opts, square, rgb))
				goto fail;
			image_palette_count_add(count, rgb, pixels);
		}
	free(rgb);
	return 0;
fail:
	free(rgb);
	return -1;
}

/* ---- choosing the entries ---- */

struct image_palette_colour {
	uint32_t rgb, count;
};

/* Most frequent first; equal counts by colour, so the order never depends on the hash. */
static int image_palette_by_count(const void *a, const void *b)
{
	const struct image_palette_colour *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->rgb < y->rgb ? -1 : x->rgb > y->rgb;
}

static void image_palette_put(struct image_palette *p, uint32_t rgb)
{
	unsigned h = image_palette_hash(rgb);

	for (unsigned k = h;; k = (k + 1) & (IMAGE_PALETTE_HASH_SLOTS - 1)) {
		if (!p->exact[k]) {
			p->exact[k] = (uint16_t)(p->count + 1);
			break;
		}
		if (p->rgb[p->exact[k] - 1] == rgb)
			return; /* already held */
	}
	p->rgb[p->count++] = rgb;
}

/* The weighted distance between two colours (3, 4, 2 for red, green, blue). */
static long image_palette_distance(uint32_t a, uint32_t b)
{
	long dr = (long)(a >> 16) - (long)(b >> 16), dg = (long)((a >> 8) & 0xff) - (long)((b >> 8) & 0xff),
	     db = (long)(a & 0xff) - (long)(b & 0xff);

	return 3 * dr * dr + 4 * dg * dg + 2 * db * db;
}

/* The entries after the exact ones, farthest point first: each is the sampled colour
 * furthest from every entry so far (the first such in rest's order), which keeps the
 * worst distance from a sampled colour to its entry as small as this greedy can. */
static int image_palette_spread(struct image_palette *p, const struct image_palette_colour *rest, size_t n)
{
	long *far = malloc(sizeof *far * (n ? n : 1));

	if (!far)
		return -1;
	for (size_t i = 0; i < n; i++) {
		far[i] = LONG_MAX;
		for (int e = 0; e < p->count; e++) {
			long d = image_palette_distance(rest[i].rgb, p->rgb[e]);
			if (d < far[i])
				far[i] = d;
		}
	}
	while (p->count < IMAGE_PALETTE_TRANSPARENT) {
		size_t best = 0;
		for (size_t i = 1; i < n; i++)
			if (far[i] > far[best])
				best = i;
		if (!n || far[best] == 0)
			break;
		uint32_t rgb = rest[best].rgb;
		image_palette_put(p, rgb);
		for (size_t i = 0; i < n; i++) {
			long d = image_palette_distance(rest[i].rgb, rgb);
			if (d < far[i])
				far[i] = d;
		}
	}
	free(far);
	return 0;
}

/* The entry nearest to a colour (weights 3, 4, 2 for red, green, blue). */
static uint8_t image_palette_nearest(const struct image_palette *p, int r, int g, int b)
{
	long best_d = -1;
	int best = 0;

	for (int i = 0; i < p->count; i++) {
		long dr = r - (int)(p->rgb[i] >> 16), dg = g - (int)((p->rgb[i] >> 8) & 0xff),
		     db = b - (int)(p->rgb[i] & 0xff);
		long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
		if (best_d < 0 || d < best_d) {
			best_d = d;
			best = i;
		}
	}
	return (uint8_t)best;
}

static int image_palette_prepare(struct image_palette *p, enum render_theme theme)
{
	struct image_palette_count count = { calloc(IMAGE_PALETTE_COUNT_SLOTS, sizeof(uint32_t)),
					     calloc(IMAGE_PALETTE_COUNT_SLOTS, sizeof(uint32_t)), 0 };
	struct image_palette_colour *colours = NULL;
	size_t n = 0;
	int rc = -1;

	memset(p, 0, sizeof *p);
	if (!count.key || !count.count || image_palette_sample(theme, &count))
		goto done;
	colours = malloc(sizeof *colours * (count.used ? count.used : 1));
	if (!colours)
		goto done;
	for (size_t i = 0; i < IMAGE_PALETTE_COUNT_SLOTS; i++)
		if (count.key[i])
			colours[n++] = (struct image_palette_colour){ count.key[i] - 1, count.count[i] };
	qsort(colours, n, sizeof *colours, image_palette_by_count);
	size_t exact = n < IMAGE_PALETTE_EXACT ? n : IMAGE_PALETTE_EXACT;
	for (size_t i = 0; i < exact; i++)
		image_palette_put(p, colours[i].rgb);
	if (image_palette_spread(p, colours + exact, n - exact))
		goto done;
	for (int key = 0; key < IMAGE_PALETTE_LUT_SIZE; key++)
		p->lut[key] = image_palette_nearest(p, (key >> 10) << 3 | 4, ((key >> 5) & 31) << 3 | 4,
						    (key & 31) << 3 | 4);
	rc = 0;
done:
	free(count.key);
	free(count.count);
	free(colours);
	return rc;
}

const struct image_palette *image_palette(enum render_theme theme)
{
	if ((unsigned)theme >= RENDER_THEME_NB)
		return NULL;
	if (image_palette_ready[theme])
		return &image_palettes[theme];
	pthread_mutex_lock(&image_palette_lock);
	if (!image_palette_ready[theme] && !image_palette_prepare(&image_palettes[theme], theme))
		image_palette_ready[theme] = true;
	pthread_mutex_unlock(&image_palette_lock);
	return image_palette_ready[theme] ? &image_palettes[theme] : NULL;
}

bool image_palette_holds(const struct render_options *opts)
{
	return opts->fill_count == 0;
}

uint8_t image_palette_index(const struct image_palette *p, uint32_t rgb)
{
	for (unsigned k = image_palette_hash(rgb); p->exact[k]; k = (k + 1) & (IMAGE_PALETTE_HASH_SLOTS - 1))
		if (p->rgb[p->exact[k] - 1] == rgb)
			return (uint8_t)(p->exact[k] - 1);
	return p->lut[(rgb >> 9 & 0x7c00) | (rgb >> 6 & 0x3e0) | (rgb >> 3 & 0x1f)];
}

void image_palette_map(const struct image_palette *p, const uint8_t *rgb, int width, int x0, int y0, int w, int h,
		       uint8_t *idx, size_t stride)
{
	for (int y = 0; y < h; y++) {
		const uint8_t *px = rgb + ((size_t)(y0 + y) * (size_t)width + (size_t)x0) * 3;
		uint8_t *out = idx + (size_t)y * stride, index = 0;
		uint32_t last = UINT32_MAX;
		for (int x = 0; x < w; x++, px += 3) {
			uint32_t colour = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
			if (colour != last) {
				last = colour;
				index = image_palette_index(p, colour);
			}
			out[x] = index;
		}
	}
}
