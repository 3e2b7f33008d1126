/* cost.c -- what drawing a picture or an animated game will cost, in pixels, worked out
 * before anything is drawn: the board's squares, the frames' rectangles (frames.c) and
 * the marks' area (marks.c), with no pixel touched. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "image/image-internal.h"

uint64_t image_picture_cost(const struct position *pos, const struct render_options *opts)
{
	int square = image_square_for(opts->size), width = 8 * square;
	struct image_rect all = { 0, 0, width, width };

	return (uint64_t)width * (uint64_t)width + image_marks_cost(opts, render_bottom(opts, pos), square, &all);
}

/* The marks' pixels within r on the frame f shows; bounds holds those of the request's
 * own arrows (the first own of the frame's), or is NULL; circle is what a whole circle
 * costs. */
static double image_frame_marks_cost(const struct image_frames *f, const struct image_arrow_bound *bounds, int own,
				     double circle, const struct image_rect *r)
{
	double cost = 0;

	for (int k = 0; k < f->fopts.circle_count; k++) {
		int col, row;
		render_square_origin(f->fopts.circles[k].square, f->bottom, &col, &row);
		cost += image_circle_cost(col, row, f->square, circle, r);
	}
	for (int k = 0; k < f->fopts.arrow_count; k++) {
		if (bounds && k < own) {
			cost += image_arrow_cost(&bounds[k], r);
		} else {
			struct image_arrow a;
			struct image_arrow_bound b;
			image_arrow_init(&a, &f->fopts.arrows[k], f->bottom, f->square);
			image_arrow_bound_init(&b, &a);
			cost += image_arrow_cost(&b, r);
		}
	}
	return cost;
}

uint64_t image_game_cost(const struct position *start, const move *moves, int count,
			 const struct render_options *opts, const struct render_game_marks *marks)
{
	int square = image_square_for(opts->size), width = 8 * square, own = opts->arrow_count;
	/* The request's own arrows are on every frame: their bounds are worked out once
	 * (or, out of memory, on every frame). */
	struct image_arrow_bound *bounds = own ? malloc(sizeof *bounds * (size_t)own) : NULL;
	struct image_frames f;
	struct render_options last_opts;
	struct position last;
	uint64_t cost;
	double marks_cost = 0, circle = image_circle_full_cost(square);

	image_frames_begin(&f, start, opts, marks, square);
	image_frames_last(start, moves, count, opts, marks, &last, &last_opts);
	cost = image_picture_cost(start, &f.fopts) + image_picture_cost(&last, &last_opts) +
	       (uint64_t)width * (uint64_t)width;
	for (int i = 0; bounds && i < own; i++) {
		struct image_arrow a;
		image_arrow_init(&a, &opts->arrows[i], f.bottom, square);
		image_arrow_bound_init(&bounds[i], &a);
	}
	for (int i = 0; i < count; i++) {
		struct image_rect r;
		image_frames_next(&f, moves[i], &r);
		cost += (uint64_t)(r.x1 - r.x0) * (uint64_t)(r.y1 - r.y0);
		marks_cost += image_frame_marks_cost(&f, bounds, own, circle, &r);
	}
	free(bounds);
	return cost + (uint64_t)ceil(marks_cost);
}
