/* marks.c -- circles and arrows over a board: their shapes at a square size, the pixels
 * of each row where their anti-aliased edges give any coverage (computed from the shapes,
 * not searched for), drawing them clipped to a rectangle, the squares they touch, and a
 * bound on the pixels their drawing evaluates, known before any is drawn. */
#include "config.h"

#include <math.h>

#include "core/render_options.h"
#include "image/image-internal.h"

/* A normal whose x is smaller than this is taken as vertical (a horizontal edge): over
 * the widest board its x term stays far below IMAGE_MARKS_SLACK. */
#define IMAGE_MARKS_FLAT 1e-12

/* How far past the exact end of a span a pixel's centre may be and still be evaluated:
 * far more than the rounding of the span's arithmetic, far less than a pixel. An
 * evaluated pixel outside the shape costs its evaluation only (its coverage is 0). */
#define IMAGE_MARKS_SLACK 1e-6

/* The polygon of the n points pts, whose inside is on the side orient (+1 or -1) says;
 * edges shorter than 1e-9 are left out. */
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

/* The whole pixels x in [x0, x1] whose centre x + 0.5 lies in the open interval (lo, hi),
 * widened by IMAGE_MARKS_SLACK: [*xs, *xe], or false when there are none. */
static bool image_marks_pixels(double lo, double hi, int x0, int x1, int *xs, int *xe)
{
	double a = floor(lo - 0.5 - IMAGE_MARKS_SLACK) + 1, b = ceil(hi - 0.5 + IMAGE_MARKS_SLACK) - 1;

	if (a < x0)
		a = x0;
	if (b > x1)
		b = x1;
	if (!(a <= b)) /* also when the shape is degenerate (NaN) */
		return false;
	*xs = (int)a;
	*xe = (int)b;
	return true;
}

/* The coverage reaches 1 where every edge is this far inside (plus a margin against
 * rounding: a pixel found there certainly has 1, as the per-pixel formula says). */
#define IMAGE_MARKS_FULL (0.5 + 3 * IMAGE_MARKS_SLACK)

/* The pixels of [x0, x1] in the row whose centre is at py that lie at least inside from
 * every edge (n.(p - a) > inside), an interval of x since the polygon is convex: with
 * inside -0.5, where the coverage can be > 0; with IMAGE_MARKS_FULL, where it is 1.
 * False when there are none. */
static bool image_polygon_span(const struct image_polygon *p, double py, double inside, int x0, int x1, int *xs,
			       int *xe)
{
	double lo = -HUGE_VAL, hi = HUGE_VAL;

	for (int i = 0; i < p->n; i++) {
		double t = inside - p->ny[i] * (py - p->ay[i]); /* the edge wants nx (px - ax) > t */
		if (p->nx[i] > IMAGE_MARKS_FLAT)
			lo = fmax(lo, p->ax[i] + t / p->nx[i]);
		else if (p->nx[i] < -IMAGE_MARKS_FLAT)
			hi = fmin(hi, p->ax[i] + t / p->nx[i]);
		else if (t > IMAGE_MARKS_SLACK) /* a horizontal edge the row is outside of */
			return false;
	}
	return image_marks_pixels(lo, hi, x0, x1, xs, xe);
}

void image_arrow_init(struct image_arrow *a, const struct render_arrow *arrow, enum color bottom, int square)
{
	double pts[7][2], minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
	int width = 8 * square;

	a->rgba = render_mark_rgba((enum render_mark)arrow->mark);
	render_arrow_outline(arrow, bottom, pts);
	for (int i = 0; i < 7; i++) {
		pts[i][0] *= square;
		pts[i][1] *= square;
		minx = fmin(minx, pts[i][0]), maxx = fmax(maxx, pts[i][0]);
		miny = fmin(miny, pts[i][1]), maxy = fmax(maxy, pts[i][1]);
	}
	image_polygon_init(&a->part[0], pts, 4, image_orientation(pts, 4));
	image_polygon_init(&a->part[1], pts + 4, 3, image_orientation(pts + 4, 3));
	/* An arrow from a square to itself has no outline (NaN): its box is empty. */
	a->x0 = (int)fmax(0, floor(minx) - 1), a->x1 = (int)fmin(width - 1, ceil(maxx) + 1);
	a->y0 = (int)fmax(0, floor(miny) - 1), a->y1 = (int)fmin(width - 1, ceil(maxy) + 1);
}

/* A row of an arrow being drawn: the pixels where the shaft (f0) or the head (f1)
 * covers them whole (empty when the end is before the start). */
struct image_arrow_row {
	const struct image_arrow *a;
	int f0s, f0e, f1s, f1e;
};

/* Blends the arrow over the pixels [xs, xe] of row y; the coverage is the larger of the
 * shaft's and the head's, as the whole-box drawing computes it (1 where a part covers
 * the pixel whole, without computing it). */
static void image_arrow_run(const struct image_canvas *c, const struct image_arrow_row *r, int y, int xs, int xe)
{
	const struct image_arrow *a = r->a;
	uint8_t *px = c->rgb + ((size_t)y * (size_t)c->width + (size_t)xs) * 3;
	uint32_t rgb = a->rgba >> 8, alpha = a->rgba & 0xff;

	for (int x = xs; x <= xe; x++, px += 3) {
		if ((x >= r->f0s && x <= r->f0e) || (x >= r->f1s && x <= r->f1e)) {
			image_blend(px, rgb, alpha);
			continue;
		}
		double cov = fmax(image_convex_coverage(&a->part[0], x + 0.5, y + 0.5),
				  image_convex_coverage(&a->part[1], x + 0.5, y + 0.5));
		if (cov > 0)
			image_blend(px, rgb, (unsigned)(alpha * cov + 0.5));
	}
}

/* Draws one mark over the pixels [xs, xe] of row y. */
typedef void (*image_marks_run_fn)(const struct image_canvas *c, const void *mark, int y, int xs, int xe);

/* Evaluates the pixels of a row in one or two runs, each pixel once: two runs merge when
 * they overlap or touch (run NULL: counts them only). Returns the number of pixels. */
static size_t image_marks_runs(const struct image_canvas *c, const void *mark, image_marks_run_fn run, int y,
			       bool has0, int s0, int e0, bool has1, int s1, int e1)
{
	if (has0 && has1 && s1 <= e0 + 1 && s0 <= e1 + 1) {
		s0 = s0 < s1 ? s0 : s1;
		e0 = e0 > e1 ? e0 : e1;
		has1 = false;
	}
	size_t n = 0;
	if (has0) {
		if (run)
			run(c, mark, y, s0, e0);
		n += (size_t)(e0 - s0 + 1);
	}
	if (has1) {
		if (run)
			run(c, mark, y, s1, e1);
		n += (size_t)(e1 - s1 + 1);
	}
	return n;
}

/* image_arrow_run as an image_marks_run_fn. */
static void image_arrow_run_fn(const struct image_canvas *c, const void *mark, int y, int xs, int xe)
{
	image_arrow_run(c, mark, y, xs, xe);
}

size_t image_arrow_draw(const struct image_canvas *c, const struct image_arrow *a, const struct image_rect *clip)
{
	int x0 = a->x0 > clip->x0 ? a->x0 : clip->x0, x1 = a->x1 < clip->x1 - 1 ? a->x1 : clip->x1 - 1;
	int y0 = a->y0 > clip->y0 ? a->y0 : clip->y0, y1 = a->y1 < clip->y1 - 1 ? a->y1 : clip->y1 - 1;
	size_t n = 0;

	if (x0 > x1)
		return 0;
	for (int y = y0; y <= y1; y++) {
		int s0 = 0, e0 = -1, s1 = 0, e1 = -1;
		struct image_arrow_row r = { a, 0, -1, 0, -1 };
		bool has0 = image_polygon_span(&a->part[0], y + 0.5, -0.5, x0, x1, &s0, &e0);
		bool has1 = image_polygon_span(&a->part[1], y + 0.5, -0.5, x0, x1, &s1, &e1);
		if (has0 && !image_polygon_span(&a->part[0], y + 0.5, IMAGE_MARKS_FULL, x0, x1, &r.f0s, &r.f0e))
			r.f0s = 0, r.f0e = -1;
		if (has1 && !image_polygon_span(&a->part[1], y + 0.5, IMAGE_MARKS_FULL, x0, x1, &r.f1s, &r.f1e))
			r.f1s = 0, r.f1e = -1;
		n += image_marks_runs(c, &r, image_arrow_run_fn, y, has0, s0, e0, has1, s1, e1);
	}
	return n;
}

/* A circle being drawn: its colour, centre, radius and half stroke width in pixels. */
struct image_ring {
	uint32_t rgba;
	double cx, cy, r, half;
};

/* Blends a circle's ring over the pixels [xs, xe] of row y, with the coverage of the
 * whole-square drawing: the distance to the ring's middle line, as a half-pixel ramp. */
static void image_ring_run_fn(const struct image_canvas *c, const void *mark, int y, int xs, int xe)
{
	const struct image_ring *ring = mark;
	uint8_t *px = c->rgb + ((size_t)y * (size_t)c->width + (size_t)xs) * 3;
	uint32_t rgb = ring->rgba >> 8, alpha = ring->rgba & 0xff;
	double dy = y + 0.5 - ring->cy;

	for (int x = xs; x <= xe; x++, px += 3) {
		double dx = x + 0.5 - ring->cx;
		double cov = ring->half - fabs(sqrt(dx * dx + dy * dy) - ring->r) + 0.5;
		if (cov > 0)
			image_blend(px, rgb, (unsigned)(alpha * (cov > 1 ? 1 : cov) + 0.5));
	}
}

/* The ring of a circle on the square drawn at (col, row) of a board of square-pixel
 * squares, where it lies in clip: drawn over c, or only counted when c is NULL. Returns
 * the number of pixels evaluated. */
static size_t image_circle_runs(const struct image_canvas *c, uint32_t rgba, int col, int row, int square,
				const struct image_rect *clip)
{
	struct image_ring ring = { rgba, (col + 0.5) * square, (row + 0.5) * square, RENDER_CIRCLE_RADIUS * square,
				   RENDER_CIRCLE_WIDTH * square / 2 };
	int s = square;
	size_t n = 0;
	int x0 = col * s > clip->x0 ? col * s : clip->x0, x1 = (col + 1) * s < clip->x1 ? (col + 1) * s - 1 : clip->x1 - 1;
	int y0 = row * s > clip->y0 ? row * s : clip->y0, y1 = (row + 1) * s < clip->y1 ? (row + 1) * s - 1 : clip->y1 - 1;
	/* Coverage > 0 where ri < distance < ro. */
	double ro = ring.r + ring.half + 0.5, ri = ring.r - ring.half - 0.5;

	if (x0 > x1)
		return 0;
	for (int y = y0; y <= y1; y++) {
		double dy = y + 0.5 - ring.cy, o2 = ro * ro - dy * dy, i2 = ri > 0 ? ri * ri - dy * dy : 0;
		int s0 = 0, e0 = -1, s1 = 0, e1 = -1;
		bool has0, has1 = false;
		if (o2 <= 0)
			continue;
		double ox = sqrt(o2);
		if (i2 > 0) { /* the row crosses the hole: a run each side of it */
			double ix = sqrt(i2);
			has0 = image_marks_pixels(ring.cx - ox, ring.cx - ix, x0, x1, &s0, &e0);
			has1 = image_marks_pixels(ring.cx + ix, ring.cx + ox, x0, x1, &s1, &e1);
		} else {
			has0 = image_marks_pixels(ring.cx - ox, ring.cx + ox, x0, x1, &s0, &e0);
		}
		n += image_marks_runs(c, &ring, c ? image_ring_run_fn : NULL, y, has0, s0, e0, has1, s1, e1);
	}
	return n;
}

size_t image_circle_draw(const struct image_canvas *c, const struct render_circle *circle,
			 const struct image_rect *clip)
{
	int col, row;

	render_square_origin(circle->square, c->bottom, &col, &row);
	return image_circle_runs(c, render_mark_rgba((enum render_mark)circle->mark), col, row, c->square, clip);
}

size_t image_draw_marks(const struct image_canvas *c, const struct image_rect *clip)
{
	size_t n = 0;

	for (int i = 0; i < c->opts->circle_count; i++)
		n += image_circle_draw(c, &c->opts->circles[i], clip);
	for (int i = 0; i < c->opts->arrow_count; i++) {
		struct image_arrow a;
		image_arrow_init(&a, &c->opts->arrows[i], c->bottom, c->square);
		n += image_arrow_draw(c, &a, clip);
	}
	return n;
}

void image_arrow_squares(const struct image_arrow *a, int square, int *minc, int *minr, int *maxc, int *maxr)
{
	if (a->x1 < a->x0 || a->y1 < a->y0)
		return;
	int c0 = a->x0 / square, c1 = a->x1 / square, r0 = a->y0 / square, r1 = a->y1 / square;
	*minc = c0 < *minc ? c0 : *minc, *maxc = c1 > *maxc ? c1 : *maxc;
	*minr = r0 < *minr ? r0 : *minr, *maxr = r1 > *maxr ? r1 : *maxr;
}

/* ---- bounds ---- */

void image_arrow_bound_init(struct image_arrow_bound *b, const struct image_arrow *a)
{
	b->x0 = a->x0, b->y0 = a->y0, b->x1 = a->x1, b->y1 = a->y1;
	for (int k = 0; k < 2; k++) {
		const struct image_polygon *p = &a->part[k];
		bool ok = p->n >= 3;
		b->n[k] = 0;
		/* E's vertices: where the lines n.p = n.a - 0.5 of two edges in turn meet (a
		 * little further out: the spans take pixels up to IMAGE_MARKS_SLACK beyond). */
		for (int i = 0; ok && i < p->n; i++) {
			int j = (i + p->n - 1) % p->n;
			double c1 = p->nx[j] * p->ax[j] + p->ny[j] * p->ay[j] - 0.5 - 2 * IMAGE_MARKS_SLACK;
			double c2 = p->nx[i] * p->ax[i] + p->ny[i] * p->ay[i] - 0.5 - 2 * IMAGE_MARKS_SLACK;
			double det = p->nx[j] * p->ny[i] - p->ny[j] * p->nx[i];
			if (!(fabs(det) > 1e-9)) {
				ok = false;
				break;
			}
			b->x[k][i] = (c1 * p->ny[i] - c2 * p->ny[j]) / det;
			b->y[k][i] = (p->nx[j] * c2 - p->nx[i] * c1) / det;
		}
		if (ok)
			b->n[k] = p->n;
	}
}

/* Clips the convex polygon (x, y, n vertices) to the side of the line x = v (axis 0) or
 * y = v (axis 1) given by sign (+1: keep >= v, -1: keep <= v); returns the new count. */
static int image_marks_clip(double *x, double *y, int n, int axis, double v, double sign)
{
	double ox[16], oy[16];
	int m = 0;

	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n;
		double di = sign * ((axis ? y[i] : x[i]) - v), dj = sign * ((axis ? y[j] : x[j]) - v);
		if (di >= 0)
			ox[m] = x[i], oy[m] = y[i], m++;
		if ((di >= 0) != (dj >= 0)) {
			double t = di / (di - dj);
			ox[m] = x[i] + t * (x[j] - x[i]), oy[m] = y[i] + t * (y[j] - y[i]), m++;
		}
	}
	for (int i = 0; i < m; i++)
		x[i] = ox[i], y[i] = oy[i];
	return m;
}

/* The sum, over the rows y whose centre y + 0.5 lies in [lo, hi), of the x at that
 * height of the line through (xa, ya) and (xb, yb) (ya != yb). */
static double image_marks_edge_sum(double xa, double ya, double xb, double yb, double lo, double hi)
{
	double first = ceil(lo - 0.5), last = ceil(hi - 0.5) - 1, m = last - first + 1;

	if (m <= 0)
		return 0;
	/* x is linear in y: the row in the middle gives the mean. */
	double mid = (first + last) / 2 + 0.5;
	return m * (xa + (mid - ya) * (xb - xa) / (yb - ya));
}

/* The sum over the rows whose centre lies in the convex polygon (x, y, n vertices) of
 * its width at that centre, and a pixel each. */
static double image_marks_rows_cost(const double *x, const double *y, int n)
{
	double area = 0, top = HUGE_VAL, bottom = -HUGE_VAL, sum = 0;

	for (int i = 0; i < n; i++) {
		area += x[i] * y[(i + 1) % n] - x[(i + 1) % n] * y[i];
		top = fmin(top, y[i]), bottom = fmax(bottom, y[i]);
	}
	if (n < 3 || area == 0)
		return 0;
	/* A horizontal line meets one edge going down and one going up: the width is the
	 * x of one less the x of the other (which is which follows the orientation). */
	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n;
		if (y[i] < y[j])
			sum += image_marks_edge_sum(x[i], y[i], x[j], y[j], y[i], y[j]);
		else if (y[i] > y[j])
			sum -= image_marks_edge_sum(x[j], y[j], x[i], y[i], y[j], y[i]);
	}
	double rows = floor(bottom - 0.5) - ceil(top - 0.5) + 1;
	return fabs(sum) + (rows > 0 ? rows : 0);
}

double image_arrow_cost(const struct image_arrow_bound *b, const struct image_rect *clip)
{
	/* The pixels evaluated lie in [x0, x1] x [y0, y1]; as areas, up to x1 + 1, y1 + 1. */
	int x0 = b->x0 > clip->x0 ? b->x0 : clip->x0, x1 = b->x1 < clip->x1 - 1 ? b->x1 : clip->x1 - 1;
	int y0 = b->y0 > clip->y0 ? b->y0 : clip->y0, y1 = b->y1 < clip->y1 - 1 ? b->y1 : clip->y1 - 1;
	double cost = 0;

	if (x0 > x1 || y0 > y1)
		return 0;
	for (int k = 0; k < 2; k++) {
		double x[16], y[16];
		int n = b->n[k];
		if (!n) { /* degenerate: every pixel of the box */
			cost += (double)(x1 - x0 + 1) * (y1 - y0 + 1);
			continue;
		}
		for (int i = 0; i < n; i++)
			x[i] = b->x[k][i], y[i] = b->y[k][i];
		/* A pixel evaluated has its centre in E and in the pixels [x0, x1] x [y0, y1];
		 * a row evaluates at most E's width there (within those columns) and a pixel. */
		n = image_marks_clip(x, y, n, 0, x0, 1);
		n = image_marks_clip(x, y, n, 0, x1 + 1, -1);
		n = image_marks_clip(x, y, n, 1, y0, 1);
		n = image_marks_clip(x, y, n, 1, y1 + 1, -1);
		cost += image_marks_rows_cost(x, y, n);
	}
	return cost;
}

double image_circle_full_cost(int square)
{
	return (double)image_circle_runs(NULL, 0, 0, 0, square, &(struct image_rect){ 0, 0, square, square });
}

double image_circle_cost(int col, int row, int square, double full, const struct image_rect *clip)
{
	int x0 = col * square > clip->x0 ? col * square : clip->x0;
	int x1 = (col + 1) * square < clip->x1 ? (col + 1) * square : clip->x1;
	int y0 = row * square > clip->y0 ? row * square : clip->y0;
	int y1 = (row + 1) * square < clip->y1 ? (row + 1) * square : clip->y1;

	if (x0 >= x1 || y0 >= y1)
		return 0;
	/* Clipped, it evaluates some of the pixels it does whole (no more than the rest of
	 * its square); whole, it evaluates as many wherever it is (the pixels' centres fall
	 * the same way in every square). */
	double rest = (double)(x1 - x0) * (y1 - y0);
	return full < rest ? full : rest;
}

uint64_t image_marks_cost(const struct render_options *opts, enum color bottom, int square,
			  const struct image_rect *clip)
{
	double cost = 0, full = opts->circle_count ? image_circle_full_cost(square) : 0;

	for (int i = 0; i < opts->circle_count; i++) {
		int col, row;
		render_square_origin(opts->circles[i].square, bottom, &col, &row);
		cost += image_circle_cost(col, row, square, full, clip);
	}
	for (int i = 0; i < opts->arrow_count; i++) {
		struct image_arrow a;
		struct image_arrow_bound b;
		image_arrow_init(&a, &opts->arrows[i], bottom, square);
		image_arrow_bound_init(&b, &a);
		cost += image_arrow_cost(&b, clip);
	}
	return (uint64_t)ceil(cost);
}
