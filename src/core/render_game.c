/* render_game.c -- the first game of a PGN as a start position, its mainline moves and
 * the marks of its mainline comments, for the animated board (a pgn_reader visitor that
 * stops after one game). */
#include "render_game.h"

#include <stdio.h>
#include <string.h>

static void render_game_tag(void *ctx, const char *name, const char *value, size_t value_length)
{
	struct render_game_reader *g = ctx;

	g->any = true;
	if (!strcmp(name, "FEN"))
		snprintf(g->err->fen, sizeof g->err->fen, "%.*s", (int)value_length, value);
}

static void render_game_start(void *ctx, const struct position *start, bool chess960)
{
	struct render_game_reader *g = ctx;

	(void)chess960;
	/* Not yet a game: the reader also begins one to report an unterminated comment, and
	 * a text that is nothing but a comment holds no game (a tag, a move or a result
	 * token makes one). */
	if (start) {
		*g->start = *start;
		g->started = true;
	} else if (g->err->code == RENDER_GAME_OK) {
		g->err->code = RENDER_GAME_INVALID_FEN;
		error_message(g->err->message, sizeof g->err->message, g->lang, MSG_API_G_INVALID_FEN);
	}
}

static void render_game_move(void *ctx, const struct pgn_move *mv)
{
	struct render_game_reader *g = ctx;

	g->any = true;
	if (mv->depth != 0 || g->err->code != RENDER_GAME_OK)
		return;
	if (g->count == g->max) {
		g->err->code = RENDER_GAME_TOO_LONG;
		error_message(g->err->message, sizeof g->err->message, g->lang, MSG_API_G_TOO_LONG, g->max);
		return;
	}
	g->moves[g->count++] = mv->m;
	if (g->marks)
		g->marks->frame[g->count] = g->marks->count;
}

static void render_game_comment(void *ctx, const struct pgn_comment *comment)
{
	struct render_game_reader *g = ctx;
	struct render_game_marks *marks = g->marks;

	if (!marks || comment->depth != 0 || g->err->code != RENDER_GAME_OK)
		return;
	marks->dropped += comment->arrows_dropped;
	for (int i = 0; i < comment->arrow_count; i++) {
		const struct pgn_arrow *a = &comment->arrows[i];
		int mark = render_mark_of_letter(a->color);
		if (mark < 0)
			continue;
		if (marks->count == marks->max) {
			marks->dropped++;
			continue;
		}
		marks->marks[marks->count++] = (struct render_arrow){ a->from, a->to, (uint8_t)mark };
	}
}

static void render_game_issue(void *ctx, const struct pgn_issue *issue)
{
	struct render_game_reader *g = ctx;
	struct render_game_error *err = g->err;

	if (pgn_code_is_warning(issue->code) || issue->depth != 0 || err->code != RENDER_GAME_OK || !issue->pos)
		return;
	err->code = RENDER_GAME_BAD_MOVE;
	if (issue->code == PGN_ERR_AMBIGUOUS_LANGUAGE && issue->readings) {
		err->code = RENDER_GAME_AMBIGUOUS_LANGUAGE;
		for (int k = 0; k < 2; k++) {
			err->readings[k] = issue->readings[k];
			err->reading_langs[k] = issue->reading_langs[k];
		}
	}
	err->index = issue->ply > 0 ? issue->ply - 1 : g->count;
	err->unreadable = issue->code == PGN_ERR_UNREADABLE_MOVE;
	snprintf(err->token, sizeof err->token, "%s", issue->token ? issue->token : "");
	err->pos = *issue->pos;
	snprintf(err->message, sizeof err->message, "%s", issue->message ? issue->message : "");
}

static bool render_game_end(void *ctx, const struct pgn_game_end *end)
{
	struct render_game_reader *g = ctx;

	g->ended = true;
	g->err->lang = end->lang;
	g->err->langs = end->langs;
	g->err->lang_detected = end->lang_detected;
	if (end->result_given)
		g->any = true;
	if (end->malformed) {
		g->any = false;
		g->err->line = end->error_line ? end->error_line : 1;
		g->err->column = end->error_column ? end->error_column : 1;
	}
	return true; /* one game is all it takes */
}

void render_game_begin(struct render_game_reader *g, struct pgn_reader *reader, struct position *start,
		       move *moves, int max, struct render_game_marks *marks, struct render_game_error *err)
{
	render_game_begin_options(g, reader, start, moves, max, marks, err, NULL);
}

void render_game_begin_options(struct render_game_reader *g, struct pgn_reader *reader, struct position *start,
			       move *moves, int max, struct render_game_marks *marks, struct render_game_error *err,
			       const struct pgn_options *options)
{
	static const struct pgn_visitor visitor = {
		.tag = render_game_tag,
		.start = render_game_start,
		.move = render_game_move,
		.comment = render_game_comment,
		.issue = render_game_issue,
		.game_end = render_game_end,
	};

	*g = (struct render_game_reader){ .reader = reader, .start = start, .moves = moves, .max = max,
					  .lang = options ? options->lang : MSG_EN, .marks = marks, .err = err };
	memset(err, 0, sizeof *err);
	err->line = err->column = 1;
	if (marks) {
		marks->count = 0;
		marks->dropped = 0;
		marks->frame[0] = 0;
	}
	pgn_reader_init(reader, &visitor, g, options);
}

bool render_game_feed(struct render_game_reader *g, const char *data, size_t length)
{
	if (!g->ended)
		pgn_reader_feed(g->reader, data, length);
	return g->ended;
}

int render_game_finish(struct render_game_reader *g, int *count)
{
	struct render_game_error *err = g->err;

	if (!g->ended)
		pgn_reader_finish(g->reader);
	*count = g->count;
	if (!g->any) {
		err->code = RENDER_GAME_NO_GAME;
		error_message(err->message, sizeof err->message, g->lang, MSG_API_G_NO_GAME);
		*count = 0;
	}
	if (g->marks)
		g->marks->frame[*count + 1] = g->marks->count; /* the last frame's marks end here */
	return err->code == RENDER_GAME_OK ? 0 : -1;
}

int render_game_from_pgn(const char *pgn, size_t length, struct pgn_reader *reader, struct position *start,
			 move *moves, int max, int *count, struct render_game_error *err)
{
	struct render_game_reader g;

	render_game_begin(&g, reader, start, moves, max, NULL, err);
	render_game_feed(&g, pgn, length);
	return render_game_finish(&g, count);
}

int render_game_frame_marks(const struct render_game_marks *marks, int frame, struct render_options *opts)
{
	int left_out = 0;

	if (!marks)
		return 0;
	for (int i = marks->frame[frame]; i < marks->frame[frame + 1]; i++) {
		const struct render_arrow *m = &marks->marks[i];
		if (m->from != m->to && opts->arrow_count < RENDER_ARROWS_MAX)
			opts->arrows[opts->arrow_count++] = *m;
		else if (m->from == m->to && opts->circle_count < RENDER_CIRCLES_MAX)
			opts->circles[opts->circle_count++] = (struct render_circle){ m->from, m->mark };
		else
			left_out++;
	}
	return left_out;
}

int render_game_marks_left_out(const struct render_game_marks *marks, int frames, const struct render_options *opts)
{
	struct render_options scratch;
	int left_out;

	if (!marks)
		return 0;
	left_out = marks->dropped;
	/* Only a frame with more marks than the smaller room can lose any. */
	for (int f = 0; f < frames; f++)
		if (marks->frame[f + 1] - marks->frame[f] >
		    (RENDER_ARROWS_MAX - opts->arrow_count < RENDER_CIRCLES_MAX - opts->circle_count
			     ? RENDER_ARROWS_MAX - opts->arrow_count
			     : RENDER_CIRCLES_MAX - opts->circle_count)) {
			scratch = *opts;
			left_out += render_game_frame_marks(marks, f, &scratch);
		}
	return left_out;
}
