/* pgn_export.c -- the reader's games as export-format PGN: the visitor that holds a game's
 * tags, problems and movetext (written by struct pgn_writer into a buffer as the events
 * come) until the game ends, then sends the game whole to the caller's sink.
 *
 * An empty variation is undone rather than avoided: its '(' is written when it begins,
 * with the movetext's length and the writer's state saved; if it ends before any move,
 * both are put back. Only the innermost variation can be without a move (a variation
 * needs a move before it in its parent line), so one saved state is enough. */
#include "pgn_export.h"

#include <stdio.h>
#include <string.h>

/* Problems written as escape lines: every error, and the warnings that say something of
 * the input is not in the export. */
static bool pgn_export_noted(enum pgn_code code)
{
	switch (code) {
	case PGN_WARN_TAG_TRUNCATED:
	case PGN_WARN_COMMENT_TRUNCATED:
	case PGN_WARN_TAGS_DROPPED:
	case PGN_WARN_NAGS_DROPPED:
	case PGN_WARN_COMMENTS_DROPPED:
	case PGN_WARN_NAG_WITHOUT_MOVE:
	case PGN_WARN_NAG_OUT_OF_RANGE:
	case PGN_WARN_RESULT_IN_VARIATION:
	case PGN_WARN_RESULT_MISMATCH:
		return true;
	default:
		return !pgn_code_is_warning(code);
	}
}

/* Sends text to the caller's sink, unless it said stop before. */
static void pgn_export_emit(struct pgn_export *e, const char *text, size_t length)
{
	if (!e->failed && length && e->sink(e->context, text, length) != 0)
		e->failed = true;
}

/* The sink of the game's movetext: its buffer. Past PGN_EXPORT_TEXT_MAX the movetext is
 * cut, and the writer stops. */
static int pgn_export_text_sink(void *context, const char *text, size_t length)
{
	struct pgn_export *e = context;

	if (length > PGN_EXPORT_TEXT_MAX - e->text_used) {
		e->cut = true;
		return -1;
	}
	memcpy(e->text + e->text_used, text, length);
	e->text_used += length;
	return 0;
}

/* The sink of the game's escape lines; what passes the buffer is left out (the lines are
 * capped so that it cannot). */
static int pgn_export_notes_sink(void *context, const char *text, size_t length)
{
	struct pgn_export *e = context;

	if (length > PGN_EXPORT_NOTES_MAX - e->notes_used)
		return -1;
	memcpy(e->notes + e->notes_used, text, length);
	e->notes_used += length;
	return 0;
}

void pgn_export_init(struct pgn_export *e, pgn_sink sink, void *context, enum fen_ep_style ep,
		     enum fen_castling_style castling, bool pause)
{
	memset(e, 0, offsetof(struct pgn_export, tag_text));
	e->sink = sink;
	e->context = context;
	e->ep = ep;
	e->castling = castling;
	e->pause = pause;
	pgn_writer_init(&e->writer, pgn_export_text_sink, e, SAN_LANG_EN);
}

void pgn_export_observe(struct pgn_export *e, void (*observe)(void *context, const struct pgn_issue *issue),
			void *context)
{
	e->observe = observe;
	e->observe_context = context;
}

bool pgn_export_take(struct pgn_export *e, struct pgn_export_summary *summary)
{
	bool ended = e->ended;

	e->ended = false;
	if (ended && summary)
		*summary = e->summary;
	return ended;
}

static void pgn_export_game_begin(void *ctx, int game)
{
	struct pgn_export *e = ctx;

	(void)game;
	e->tag_count = 0;
	e->tags_used = 0;
	e->start_valid = false;
	e->listed = e->unlisted = 0;
	e->notes_used = 0;
	e->cut = false;
	e->pending = 0;
	e->text_used = 0;
	pgn_writer_init(&e->writer, pgn_export_text_sink, e, SAN_LANG_EN);
}

/* Keeps a tag pair (a NUL in its value becomes '?', so that the value stays one string). */
static void pgn_export_tag(void *ctx, const char *name, const char *value, size_t length)
{
	struct pgn_export *e = ctx;
	size_t name_length = strlen(name);
	char *copy = e->tag_text + e->tags_used;

	if (e->tag_count == PGN_GAME_TAGS_MAX || name_length + length + 2 > PGN_EXPORT_TAGS_MAX - e->tags_used)
		return;
	memcpy(copy, name, name_length + 1);
	for (size_t i = 0; i < length; i++)
		copy[name_length + 1 + i] = value[i] ? value[i] : '?';
	copy[name_length + 1 + length] = '\0';
	e->tags[e->tag_count++] = (struct pgn_tag){ copy, copy + name_length + 1 };
	e->tags_used += name_length + length + 2;
}

static void pgn_export_start(void *ctx, const struct position *start, bool chess960)
{
	struct pgn_export *e = ctx;

	(void)chess960; /* start->chess960 says it too */
	e->start_valid = start != NULL;
	if (start)
		e->start = *start;
}

static void pgn_export_move(void *ctx, const struct pgn_move *mv)
{
	struct pgn_export *e = ctx;

	if (mv->depth == e->pending)
		e->pending = 0;
	pgn_writer_move(&e->writer, mv->before, mv->m, mv->standard ? mv->text : NULL);
}

static void pgn_export_nag(void *ctx, int nag, int depth)
{
	struct pgn_export *e = ctx;

	(void)depth;
	pgn_writer_nag(&e->writer, nag);
}

static void pgn_export_comment(void *ctx, const struct pgn_comment *comment)
{
	struct pgn_export *e = ctx;

	pgn_writer_comment(&e->writer, comment->text, comment->length);
}

static void pgn_export_variation_begin(void *ctx, int depth)
{
	struct pgn_export *e = ctx;

	if (!e->pending) {
		e->pending = depth;
		e->pending_used = e->text_used;
		e->pending_writer = e->writer;
	}
	pgn_writer_variation_begin(&e->writer);
}

static void pgn_export_variation_end(void *ctx, int depth)
{
	struct pgn_export *e = ctx;

	if (e->pending == depth) {
		/* No move in it: it was never there. */
		e->text_used = e->pending_used;
		e->writer = e->pending_writer;
		e->pending = 0;
		return;
	}
	pgn_writer_variation_end(&e->writer);
}

/* Adds an escape line to the game's notes. */
static void pgn_export_note(struct pgn_export *e, const char *text)
{
	pgn_write_escape(text, pgn_export_notes_sink, e);
}

static void pgn_export_issue(void *ctx, const struct pgn_issue *issue)
{
	struct pgn_export *e = ctx;
	char text[PGN_MESSAGE_MAX + PGN_TOKEN_MAX + 128];

	if (e->observe)
		e->observe(e->observe_context, issue);
	if (!pgn_export_noted(issue->code))
		return;
	if (e->listed == PGN_GAME_ISSUES_MAX) {
		e->unlisted++;
		return;
	}
	e->listed++;
	snprintf(text, sizeof text, "fend: line %u, column %u: %s%s%s: %s", issue->line, issue->column,
		 pgn_code_name(issue->code), issue->token ? " " : "", issue->token ? issue->token : "", issue->message);
	pgn_export_note(e, text);
}

static bool pgn_export_game_end(void *ctx, const struct pgn_game_end *end)
{
	struct pgn_export *e = ctx;
	struct pgn_game game = {
		.start = e->start_valid ? &e->start : NULL,
		.tags = e->tags,
		.tag_count = e->tag_count,
		.ep = e->ep,
		.castling = e->castling,
	};
	char text[128];

	e->ended = true;
	e->summary = (struct pgn_export_summary){
		.game = end->game,
		.malformed = end->malformed,
		.errors = end->errors,
		.line = end->error_line,
		.column = end->error_column,
	};
	if (e->unlisted) {
		snprintf(text, sizeof text, "fend: %d more problems of this game are not listed", e->unlisted);
		pgn_export_note(e, text);
	}
	if (!end->malformed) {
		pgn_writer_result(&e->writer, end->result);
		if (e->cut) {
			snprintf(text, sizeof text, "fend: the game's movetext passes %d bytes: it is left out",
				 PGN_EXPORT_TEXT_MAX);
			pgn_export_note(e, text);
			e->text_used = 0;
			e->cut = false;
			pgn_writer_init(&e->writer, pgn_export_text_sink, e, SAN_LANG_EN);
			pgn_writer_result(&e->writer, end->result);
		}
	}
	pgn_export_emit(e, e->notes, e->notes_used);
	if (end->malformed && e->notes_used)
		pgn_export_emit(e, "\n", 1); /* an empty line after its notes, as after a game */
	if (!end->malformed) {
		if (!e->failed && pgn_write_tags(&game, end->result, e->sink, e->context))
			e->failed = true;
		pgn_export_emit(e, e->text, e->text_used);
		pgn_export_emit(e, "\n", 1);
	}
	return e->pause;
}

const struct pgn_visitor pgn_export_visitor = {
	.game_begin = pgn_export_game_begin,
	.tag = pgn_export_tag,
	.start = pgn_export_start,
	.move = pgn_export_move,
	.nag = pgn_export_nag,
	.comment = pgn_export_comment,
	.variation_begin = pgn_export_variation_begin,
	.variation_end = pgn_export_variation_end,
	.issue = pgn_export_issue,
	.game_end = pgn_export_game_end,
};
