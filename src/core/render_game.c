/* render_game.c -- the first game of a PGN as a start position and its mainline moves,
 * for the animated board (a pgn_reader visitor that stops after one game). */
#include "render_game.h"

#include <stdio.h>
#include <string.h>

/* What the visitor collects. */
struct render_game_ctx {
	struct position *start;
	move *moves;
	int max, count;
	bool started, ended, any;
	struct render_game_error *err;
};

static void render_game_tag(void *ctx, const char *name, const char *value, size_t value_length)
{
	struct render_game_ctx *g = ctx;

	g->any = true;
	if (!strcmp(name, "FEN"))
		snprintf(g->err->fen, sizeof g->err->fen, "%.*s", (int)value_length, value);
}

static void render_game_start(void *ctx, const struct position *start, bool chess960)
{
	struct render_game_ctx *g = ctx;

	(void)chess960;
	g->any = true;
	if (start) {
		*g->start = *start;
		g->started = true;
	} else if (g->err->code == RENDER_GAME_OK) {
		g->err->code = RENDER_GAME_INVALID_FEN;
		snprintf(g->err->message, sizeof g->err->message, "the game's FEN tag is not a legal position");
	}
}

static void render_game_move(void *ctx, const struct pgn_move *mv)
{
	struct render_game_ctx *g = ctx;

	g->any = true;
	if (mv->depth != 0 || g->err->code != RENDER_GAME_OK)
		return;
	if (g->count == g->max) {
		g->err->code = RENDER_GAME_TOO_LONG;
		snprintf(g->err->message, sizeof g->err->message, "the game has more than %d moves", g->max);
		return;
	}
	g->moves[g->count++] = mv->m;
}

static void render_game_issue(void *ctx, const struct pgn_issue *issue)
{
	struct render_game_ctx *g = ctx;
	struct render_game_error *err = g->err;

	if (pgn_code_is_warning(issue->code) || issue->depth != 0 || err->code != RENDER_GAME_OK || !issue->pos)
		return;
	err->code = RENDER_GAME_BAD_MOVE;
	err->index = issue->ply > 0 ? issue->ply - 1 : g->count;
	err->unreadable = issue->code == PGN_ERR_UNREADABLE_MOVE;
	snprintf(err->token, sizeof err->token, "%s", issue->token ? issue->token : "");
	err->pos = *issue->pos;
	snprintf(err->message, sizeof err->message, "%s", issue->message ? issue->message : "");
}

static bool render_game_end(void *ctx, const struct pgn_game_end *end)
{
	struct render_game_ctx *g = ctx;

	g->ended = true;
	if (end->malformed) {
		g->any = false;
		g->err->line = end->error_line ? end->error_line : 1;
		g->err->column = end->error_column ? end->error_column : 1;
	}
	return true; /* one game is all it takes */
}

int render_game_from_pgn(const char *pgn, size_t length, struct pgn_reader *reader, struct position *start,
			 move *moves, int max, int *count, struct render_game_error *err)
{
	static const struct pgn_visitor visitor = {
		.tag = render_game_tag,
		.start = render_game_start,
		.move = render_game_move,
		.issue = render_game_issue,
		.game_end = render_game_end,
	};
	struct render_game_ctx g = { start, moves, max, 0, false, false, false, err };

	memset(err, 0, sizeof *err);
	err->line = err->column = 1;
	pgn_reader_init(reader, &visitor, &g, NULL);
	pgn_reader_feed(reader, pgn, length);
	if (!g.ended)
		pgn_reader_finish(reader);
	*count = g.count;
	if (!g.any) {
		err->code = RENDER_GAME_NO_GAME;
		snprintf(err->message, sizeof err->message, "pgn holds no game (no tag and no move)");
		*count = 0;
	}
	return err->code == RENDER_GAME_OK ? 0 : -1;
}
