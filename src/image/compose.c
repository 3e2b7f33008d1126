/* compose.c -- a board drawn into an RGB buffer the way render_svg draws it: square
 * colours, fills, last-move tint, the check gradient, coordinate glyphs, piece sprites,
 * then circles and arrows with anti-aliased edges. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "core/render_svg.h"
#include "image/image-internal.h"

/* The colour of the check mark (the SVG gradient's stop colour). */
#define IMAGE_CHECK_RGB 0xe41e1eu

/* Lays colour rgb over px with alpha a (0-255). */
static inline void image_blend(uint8_t *px, uint32_t rgb, unsigned a)
{
	unsigned na = 255 - a;

	px[0] = (uint8_t)((((rgb >> 16) & 0xff) * a + px[0] * na + 127) / 255);
	px[1] = (uint8_t)((((rgb >> 8) & 0xff) * a + px[1] * na + 127) / 255);
	px[2] = (uint8_t)(((rgb & 0xff) * a + px[2] * na + 127) / 255);
}

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
	for (int y = 0; y < s; y++) {
		uint8_t *px = c->rgb + ((size_t)(y0 + y) * (size_t)c->width + (size_t)x0) * 3;
		for (int x = 0; x < s; x++, px += 3) {
			px[0] = (uint8_t)(flat >> 16);
			px[1] = (uint8_t)(flat >> 8);
			px[2] = (uint8_t)flat;
		}
	}
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

/* The edges of a convex polygon as a point and the unit normal pointing inside, so that
 * a pixel's distance to each is one multiply-add a coordinate. */
struct image_polygon {
	int n;
	double ax[4], ay[4], nx[4], ny[4];
};

static void image_polygon_init(struct image_polygon *p, const double (*pts)[2], int n, double orient)
{
	p->n = 0;
	for (int i = 0; i < n; i++) {
		const double *a = pts[i], *b = pts[(i + 1) % n];
		double ex = b[0] - a[0], ey = b[1] - a[1], len = sqrt(ex * ex + ey * ey);
		if (len < 1e-9)
			continue;
		p->ax[p->n] = a[0], p->ay[p->n] = a[1];
		p->nx[p->n] = -orient * ey / len, p->ny[p->n] = orient * ex / len;
		p->n++;
	}
}

/* Coverage (0-1) of the pixel centred at (px, py) by the polygon: its signed distance to
 * the nearest edge, as a half-pixel ramp. */
static double image_convex_coverage(const struct image_polygon *p, double px, double py)
{
	double d = 1e9;

	for (int i = 0; i < p->n; i++) {
		double e = p->nx[i] * (px - p->ax[i]) + p->ny[i] * (py - p->ay[i]);
		if (e < d)
			d = e;
	}
	d += 0.5;
	return d < 0 ? 0 : d > 1 ? 1 : d;
}

/* +1 or -1: the sign that makes the inside of a convex polygon positive. */
static double image_orientation(const double (*pts)[2], int n)
{
	double area = 0;

	for (int i = 0; i < n; i++) {
		const double *a = pts[i], *b = pts[(i + 1) % n];
		area += a[0] * b[1] - b[0] * a[1];
	}
	return area > 0 ? 1 : -1;
}

static void image_draw_arrow(const struct image_canvas *c, const struct render_arrow *arrow)
{
	double pts[7][2], minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
	uint32_t rgba = render_mark_rgba((enum render_mark)arrow->mark);

	render_arrow_outline(arrow, c->bottom, pts);
	for (int i = 0; i < 7; i++) {
		pts[i][0] *= c->square;
		pts[i][1] *= c->square;
		minx = fmin(minx, pts[i][0]), maxx = fmax(maxx, pts[i][0]);
		miny = fmin(miny, pts[i][1]), maxy = fmax(maxy, pts[i][1]);
	}
	struct image_polygon shaft, head;
	image_polygon_init(&shaft, pts, 4, image_orientation(pts, 4));
	image_polygon_init(&head, pts + 4, 3, image_orientation(pts + 4, 3));
	int x0 = (int)fmax(0, floor(minx) - 1), x1 = (int)fmin(c->width - 1, ceil(maxx) + 1);
	int y0 = (int)fmax(0, floor(miny) - 1), y1 = (int)fmin(c->width - 1, ceil(maxy) + 1);
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++) {
			double cov = fmax(image_convex_coverage(&shaft, x + 0.5, y + 0.5),
					  image_convex_coverage(&head, x + 0.5, y + 0.5));
			if (cov > 0)
				image_blend(c->rgb + ((size_t)y * (size_t)c->width + (size_t)x) * 3, rgba >> 8,
					    (unsigned)((rgba & 0xff) * cov + 0.5));
		}
}

static void image_draw_circle(const struct image_canvas *c, const struct render_circle *circle)
{
	uint32_t rgba = render_mark_rgba((enum render_mark)circle->mark);
	double r = RENDER_CIRCLE_RADIUS * c->square, half = RENDER_CIRCLE_WIDTH * c->square / 2;
	int col, row;

	render_square_origin(circle->square, c->bottom, &col, &row);
	double cx = (col + 0.5) * c->square, cy = (row + 0.5) * c->square;
	for (int y = row * c->square; y < (row + 1) * c->square; y++)
		for (int x = col * c->square; x < (col + 1) * c->square; x++) {
			double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
			double cov = half - fabs(sqrt(dx * dx + dy * dy) - r) + 0.5;
			if (cov > 0)
				image_blend(c->rgb + ((size_t)y * (size_t)c->width + (size_t)x) * 3, rgba >> 8,
					    (unsigned)((rgba & 0xff) * (cov > 1 ? 1 : cov) + 0.5));
		}
}

/* Widens the rectangle of columns and rows [*minc, *maxc] x [*minr, *maxr] to the squares
 * a pixel in [x0, x1] x [y0, y1] falls in (clamped to the board). */
static void image_extent_add(const struct image_canvas *c, double x0, double y0, double x1, double y1, int *minc,
			     int *minr, int *maxc, int *maxr)
{
	int c0 = (int)fmax(0, floor(x0 / c->square)), c1 = (int)fmin(7, floor(x1 / c->square));
	int r0 = (int)fmax(0, floor(y0 / c->square)), r1 = (int)fmin(7, floor(y1 / c->square));

	*minc = c0 < *minc ? c0 : *minc, *maxc = c1 > *maxc ? c1 : *maxc;
	*minr = r0 < *minr ? r0 : *minr, *maxr = r1 > *maxr ? r1 : *maxr;
}

void image_marks_extent(const struct image_canvas *c, int *minc, int *minr, int *maxc, int *maxr)
{
	for (int i = 0; i < c->opts->circle_count; i++) {
		int col, row;
		render_square_origin(c->opts->circles[i].square, c->bottom, &col, &row);
		image_extent_add(c, col * c->square, row * c->square, col * c->square, row * c->square, minc, minr,
				 maxc, maxr);
	}
	for (int i = 0; i < c->opts->arrow_count; i++) {
		double pts[7][2], minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
		render_arrow_outline(&c->opts->arrows[i], c->bottom, pts);
		for (int k = 0; k < 7; k++) {
			minx = fmin(minx, pts[k][0] * c->square), maxx = fmax(maxx, pts[k][0] * c->square);
			miny = fmin(miny, pts[k][1] * c->square), maxy = fmax(maxy, pts[k][1] * c->square);
		}
		/* The pixels image_draw_arrow may touch: its box and a pixel of edge. */
		image_extent_add(c, floor(minx) - 1, floor(miny) - 1, ceil(maxx) + 1, ceil(maxy) + 1, minc, minr, maxc,
				 maxr);
	}
}

void image_draw_marks(const struct image_canvas *c)
{
	for (int i = 0; i < c->opts->circle_count; i++)
		image_draw_circle(c, &c->opts->circles[i]);
	for (int i = 0; i < c->opts->arrow_count; i++)
		image_draw_arrow(c, &c->opts->arrows[i]);
}

int image_compose(const struct position *pos, const struct render_options *opts, int square, uint8_t *rgb)
{
	struct image_canvas c;

	if (image_canvas_init(&c, pos, opts, square, rgb))
		return -1;
	for (int sq = 0; sq < SQUARE_NB; sq++)
		image_draw_square(&c, sq);
	image_draw_marks(&c);
	return 0;
}
