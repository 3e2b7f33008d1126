/* frames.c -- the frames of an animated game: what each frame shows (the position after
 * its move, its options and marks, each square's content) and what a frame must redraw
 * over the one before: the squares whose content changed and those under the marks
 * that differ, and the rectangle around them. The GIF writer draws those squares and
 * encodes that rectangle; the cost of a game (cost.c) adds them up without drawing. */
#include "config.h"

#include "image/image-internal.h"

void image_frames_options(const struct render_options *opts, const struct render_game_marks *marks, int frame,
			  struct render_options *fopts)
{
	*fopts = *opts;
	/* What does not fit is counted for the caller by render_game_marks_left_out. */
	(void)render_game_frame_marks(marks, frame, fopts);
}

/* What one square shows in the frame, to find the squares that changed: its piece, the
 * last-move tint and the check mark (the rest is the same on every frame). */
static uint8_t image_frames_state(const struct image_frames *f, int sq)
{
	return (uint8_t)(f->pos.board[sq] | (sq == f->fopts.last_from || sq == f->fopts.last_to) << 4 |
			 (sq == f->check_sq) << 5);
}

/* The from and to squares a move is tinted with: the king's for castling; none for a
 * null move, which moves nothing. */
static void image_frames_move_squares(const struct position *pos, move m, int *from, int *to)
{
	if (m == MOVE_NULL) {
		*from = *to = SQ_NONE;
		return;
	}
	*from = move_from(m);
	*to = move_kind_of(m) == MOVE_CASTLING ? position_castling_king_target(pos, m) : move_to(m);
}

void image_frames_begin(struct image_frames *f, const struct position *start, const struct render_options *opts,
			const struct render_game_marks *marks, int square)
{
	f->opts = opts;
	f->marks = marks;
	f->square = square;
	f->frame = 0;
	f->pos = *start;
	image_frames_options(opts, marks, 0, &f->fopts);
	f->bottom = render_bottom(&f->fopts, &f->pos);
	f->check_sq = render_check_square(&f->fopts, &f->pos);
	f->dirty = ~(uint64_t)0;
	for (int sq = 0; sq < SQUARE_NB; sq++)
		f->state[sq] = image_frames_state(f, sq);
}

/* The bit of the square drawn at (col, row) in a set of squares. */
#define IMAGE_FRAMES_BIT(col, row) ((uint64_t)1 << ((row) * 8 + (col)))

/* How many marks two lists share at their start (*prefix) and, after that, at their end
 * (*suffix): those are drawn in the same order on both frames. eq compares entries i
 * of a and j of b. */
static void image_frames_common(const void *a, int na, const void *b, int nb,
				bool (*eq)(const void *a, int i, const void *b, int j), int *prefix, int *suffix)
{
	int p = 0, q = 0, n = na < nb ? na : nb;

	while (p < n && eq(a, p, b, p))
		p++;
	while (q < n - p && eq(a, na - 1 - q, b, nb - 1 - q))
		q++;
	*prefix = p;
	*suffix = q;
}

/* True when circle i of a and circle j of b are the same (square and colour). */
static bool image_frames_circle_eq(const void *a, int i, const void *b, int j)
{
	const struct render_circle *x = (const struct render_circle *)a + i, *y = (const struct render_circle *)b + j;

	return x->square == y->square && x->mark == y->mark;
}

/* True when arrow i of a and arrow j of b are the same (squares and colour). */
static bool image_frames_arrow_eq(const void *a, int i, const void *b, int j)
{
	const struct render_arrow *x = (const struct render_arrow *)a + i, *y = (const struct render_arrow *)b + j;

	return x->from == y->from && x->to == y->to && x->mark == y->mark;
}

/* Adds to *dirty the squares of the circles and arrows of one frame (o) that the other
 * (other) does not draw in the same order. A pixel under none of them is under the same
 * marks, drawn in the same order, on both frames. */
static void image_frames_marks_changed(const struct image_frames *f, const struct render_options *o,
				       const struct render_options *other, uint64_t *dirty)
{
	int p, q;

	image_frames_common(o->circles, o->circle_count, other->circles, other->circle_count, image_frames_circle_eq, &p,
			    &q);
	for (int i = p; i < o->circle_count - q; i++) {
		int col, row;
		render_square_origin(o->circles[i].square, f->bottom, &col, &row);
		*dirty |= IMAGE_FRAMES_BIT(col, row);
	}
	image_frames_common(o->arrows, o->arrow_count, other->arrows, other->arrow_count, image_frames_arrow_eq, &p, &q);
	for (int i = p; i < o->arrow_count - q; i++) {
		struct image_arrow a;
		int minc = 8, minr = 8, maxc = -1, maxr = -1;
		image_arrow_init(&a, &o->arrows[i], f->bottom, f->square);
		image_arrow_squares(&a, f->square, &minc, &minr, &maxc, &maxr);
		for (int row = minr; row <= maxr; row++)
			for (int col = minc; col <= maxc; col++)
				*dirty |= IMAGE_FRAMES_BIT(col, row);
	}
}

void image_frames_next(struct image_frames *f, move m, struct image_rect *rect)
{
	struct render_options before = f->fopts;
	struct position_undo undo;
	int minc = 8, minr = 8, maxc = -1, maxr = -1, s = f->square;
	uint64_t dirty = 0;

	f->frame++;
	image_frames_options(f->opts, f->marks, f->frame, &f->fopts);
	image_frames_move_squares(&f->pos, m, &f->fopts.last_from, &f->fopts.last_to);
	position_make_move(&f->pos, m, &undo);
	f->check_sq = render_check_square(&f->fopts, &f->pos);
	for (int sq = 0; sq < SQUARE_NB; sq++) {
		uint8_t now = image_frames_state(f, sq);
		if (now != f->state[sq]) {
			int col, row;
			render_square_origin(sq, f->bottom, &col, &row);
			dirty |= IMAGE_FRAMES_BIT(col, row);
			f->state[sq] = now;
		}
	}
	/* The marks gone (to wipe) and the marks new (to draw). */
	image_frames_marks_changed(f, &before, &f->fopts, &dirty);
	image_frames_marks_changed(f, &f->fopts, &before, &dirty);
	if (!dirty) /* nothing changed (a null move after a null move, with no marks) */
		dirty = IMAGE_FRAMES_BIT(0, 0);
	f->dirty = dirty;
	for (int row = 0; row < 8; row++)
		for (int col = 0; col < 8; col++)
			if (dirty & IMAGE_FRAMES_BIT(col, row)) {
				minc = col < minc ? col : minc, maxc = col > maxc ? col : maxc;
				minr = row < minr ? row : minr, maxr = row > maxr ? row : maxr;
			}
	*rect = (struct image_rect){ minc * s, minr * s, (maxc + 1) * s, (maxr + 1) * s };
}

void image_frames_last(const struct position *start, const move *moves, int count, const struct render_options *opts,
		       const struct render_game_marks *marks, struct position *last, struct render_options *fopts)
{
	struct position_undo undo;

	image_frames_options(opts, marks, count, fopts);
	*last = *start;
	for (int i = 0; i < count; i++) {
		if (i == count - 1)
			image_frames_move_squares(last, moves[i], &fopts->last_from, &fopts->last_to);
		position_make_move(last, moves[i], &undo);
	}
}
