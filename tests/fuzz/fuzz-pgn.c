/* fuzz-pgn.c -- libFuzzer target for the streaming PGN reader, on whole files. Input: a
 * flags byte (bits 0-2 the SAN language, bit 3 strict SAN, bit 4 pause after every game,
 * bit 5 the language detected rather than given), a seed byte for the chunk sizes, then
 * the file.
 *
 * The file is read twice: in one piece, and in pieces of random sizes (1 to 64 bytes,
 * from the seed), pausing when asked. Both readings must report exactly the same events
 * (a transcript hash over every callback and its arguments). Every event is checked: a
 * move is legal where it is played, its after position is the before position with the
 * move made (and, in the first reading, fuzz_check_move holds), a "standard" text is the
 * move's English SAN; issues have known codes, places and UTF-8 messages; a game's end
 * counts the mainline plies, errors and warnings reported for it.
 *
 * Then the export (core/pgn_export.c): the input's export read back gives the same games
 * (every game but those that are not PGN, each with its start, mainline plies, final
 * position and result) without an error where the start could be read; the export's
 * export is the export again, but for its escape lines. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/pgn.h"
#include "core/pgn_export.h"
#include "core/utf8.h"
#include "fuzz.h"

/* What one reading saw. */
struct fuzz_pgn {
	uint64_t hash;          /* FNV-1a over the events */
	unsigned long events;
	int game;               /* of the last game_begin */
	int plies, errors, warnings; /* of the current game, counted from the events */
	int games_ended;
	bool pause;
	bool check_moves;       /* fuzz_check_move on every move (one of the two readings) */
};

static void fuzz_pgn_mix(struct fuzz_pgn *f, const void *data, size_t n)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < n; i++)
		f->hash = (f->hash ^ p[i]) * 1099511628211ull;
}

static void fuzz_pgn_mix_int(struct fuzz_pgn *f, long long v)
{
	fuzz_pgn_mix(f, &v, sizeof v);
}

static void fuzz_pgn_mix_text(struct fuzz_pgn *f, const char *s)
{
	if (s)
		fuzz_pgn_mix(f, s, strlen(s) + 1);
	else
		fuzz_pgn_mix_int(f, -1);
}

static void fuzz_pgn_event(struct fuzz_pgn *f, int kind)
{
	f->events++;
	fuzz_pgn_mix_int(f, kind);
}

static void fuzz_pgn_game_begin(void *ctx, int game)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 1);
	fuzz_pgn_mix_int(f, game);
	FUZZ_ASSERT(game == f->games_ended, "game_begin %d after %d games", game, f->games_ended);
	f->game = game;
	f->plies = f->errors = f->warnings = 0;
}

static void fuzz_pgn_tag(void *ctx, const char *name, const char *value, size_t value_length)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 2);
	FUZZ_ASSERT(name && value && strlen(name) <= PGN_TAG_NAME_MAX && value_length <= PGN_TAG_VALUE_MAX,
		    "tag of %zu bytes", value_length);
	fuzz_pgn_mix_text(f, name);
	fuzz_pgn_mix(f, value, value_length);
}

static void fuzz_pgn_start(void *ctx, const struct position *start, bool chess960)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 3);
	fuzz_pgn_mix_int(f, chess960);
	if (start) {
		fuzz_pgn_mix_int(f, (long long)start->key);
		FUZZ_ASSERT(start->chess960 == chess960, "start says chess960 %d, the position %d", chess960,
			    start->chess960);
		fuzz_check_fen_round_trip(start, "fuzz-pgn start");
	}
}

static void fuzz_pgn_move(void *ctx, const struct pgn_move *mv)
{
	struct fuzz_pgn *f = ctx;
	struct position after;
	struct position_undo undo;
	char san[SAN_MAX], diff[512];

	fuzz_pgn_event(f, 4);
	fuzz_pgn_mix_int(f, mv->m);
	fuzz_pgn_mix_int(f, mv->ply);
	fuzz_pgn_mix_int(f, mv->depth);
	fuzz_pgn_mix_int(f, mv->line);
	fuzz_pgn_mix_int(f, mv->column);
	fuzz_pgn_mix_text(f, mv->text);
	FUZZ_ASSERT(mv->game == f->game, "move of game %d in game %d", mv->game, f->game);
	FUZZ_ASSERT(mv->line >= 1 && mv->column >= 1 && mv->ply >= 1 && mv->depth >= 0 && mv->depth <= PGN_DEPTH_MAX,
		    "move at %u:%u ply %d depth %d", mv->line, mv->column, mv->ply, mv->depth);
	FUZZ_ASSERT(fuzz_legal(mv->before, mv->m), "\"%s\" played %04x, not a legal move", mv->text,
		    (unsigned)mv->m);
	memcpy(&after, mv->before, sizeof after);
	position_make_move(&after, mv->m, &undo);
	if (!fuzz_same_position(&after, mv->after, true)) {
		fuzz_describe_difference(&after, mv->after, diff, sizeof diff);
		fuzz_fail("\"%s\": the after position is not the move made: %s", mv->text, diff);
	}
	if (mv->standard) {
		san_format_move(mv->before, mv->m, SAN_LANG_EN, SAN_STYLE_SAN, san);
		FUZZ_ASSERT(!strcmp(san, mv->text), "\"%s\" is called standard, the SAN is \"%s\"", mv->text, san);
	}
	if (f->check_moves)
		fuzz_check_move(mv->before, mv->m, false, "fuzz-pgn");
	if (mv->depth == 0)
		f->plies++;
}

static void fuzz_pgn_nag(void *ctx, int nag, int depth)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 5);
	fuzz_pgn_mix_int(f, nag);
	fuzz_pgn_mix_int(f, depth);
	FUZZ_ASSERT(nag >= 0 && nag <= 255 && depth >= 0 && depth <= PGN_DEPTH_MAX, "NAG %d at depth %d", nag, depth);
}

static void fuzz_pgn_comment(void *ctx, const struct pgn_comment *c)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 6);
	FUZZ_ASSERT(c->text && c->length <= PGN_COMMENT_MAX && c->text[c->length] == '\0', "comment of %zu bytes",
		    c->length);
	FUZZ_ASSERT(c->arrow_count >= 0 && c->arrow_count <= PGN_ARROWS_MAX, "%d arrows", c->arrow_count);
	for (int i = 0; i < c->arrow_count; i++)
		FUZZ_ASSERT(c->arrows[i].from < 64 && c->arrows[i].to < 64, "arrow %d off the board", i);
	fuzz_pgn_mix(f, c->text, c->length);
	fuzz_pgn_mix_int(f, c->depth);
	fuzz_pgn_mix_int(f, c->after_move);
	fuzz_pgn_mix_int(f, c->arrow_count);
	fuzz_pgn_mix(f, c->arrows, sizeof c->arrows[0] * (size_t)c->arrow_count);
	if (c->has_clock)
		fuzz_pgn_mix(f, &c->clock, sizeof c->clock);
	if (c->has_eval)
		fuzz_pgn_mix(f, &c->eval, sizeof c->eval);
	if (c->eval_mate)
		fuzz_pgn_mix_int(f, c->mate);
}

static void fuzz_pgn_variation_begin(void *ctx, int depth)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 7);
	fuzz_pgn_mix_int(f, depth);
	FUZZ_ASSERT(depth >= 1 && depth <= PGN_DEPTH_MAX, "variation at depth %d", depth);
}

static void fuzz_pgn_variation_end(void *ctx, int depth)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 8);
	fuzz_pgn_mix_int(f, depth);
	FUZZ_ASSERT(depth >= 1 && depth <= PGN_DEPTH_MAX, "variation end at depth %d", depth);
}

static void fuzz_pgn_issue(void *ctx, const struct pgn_issue *is)
{
	struct fuzz_pgn *f = ctx;

	fuzz_pgn_event(f, 9);
	FUZZ_ASSERT(is->code >= 0 && is->code < PGN_CODE_NB && pgn_code_name(is->code), "issue code %d", (int)is->code);
	FUZZ_ASSERT(is->san >= SAN_OK && is->san < SAN_CODE_NB, "issue SAN code %d", (int)is->san);
	FUZZ_ASSERT(is->game == f->game, "issue of game %d in game %d", is->game, f->game);
	FUZZ_ASSERT(is->line >= 1 && is->column >= 1, "%s at %u:%u", pgn_code_name(is->code), is->line, is->column);
	FUZZ_ASSERT(is->message && is->message[0] && strlen(is->message) < PGN_MESSAGE_MAX &&
		    utf8_valid_length(is->message, strlen(is->message)) == strlen(is->message),
		    "%s: the message is missing or not UTF-8", pgn_code_name(is->code));
	/* The token is the input's own bytes (the JSON layer makes it UTF-8); given and
	 * became come from the SAN reader, which keeps them UTF-8. */
	const char *const texts[] = { is->given, is->became };
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		FUZZ_ASSERT(!texts[i] || utf8_valid_length(texts[i], strlen(texts[i])) == strlen(texts[i]),
			    "%s: given or became is not UTF-8", pgn_code_name(is->code));
	if (is->code == PGN_ERR_AMBIGUOUS_MOVE) {
		FUZZ_ASSERT(is->candidates && is->candidates->count >= 2, "ambiguous_move without two candidates");
	}
	if (is->pos)
		FUZZ_ASSERT(is->pos->key == position_compute_key(is->pos), "%s: the issue's position has a stale key",
			    pgn_code_name(is->code));
	fuzz_pgn_mix_int(f, is->code);
	fuzz_pgn_mix_int(f, is->san);
	fuzz_pgn_mix_int(f, is->line);
	fuzz_pgn_mix_int(f, is->column);
	fuzz_pgn_mix_int(f, is->ply);
	fuzz_pgn_mix_int(f, is->depth);
	fuzz_pgn_mix_text(f, is->token);
	fuzz_pgn_mix_text(f, is->given);
	fuzz_pgn_mix_text(f, is->became);
	fuzz_pgn_mix_text(f, is->message);
	if (pgn_code_is_warning(is->code))
		f->warnings++;
	else
		f->errors++;
}

static bool fuzz_pgn_game_end(void *ctx, const struct pgn_game_end *end)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
	struct fuzz_pgn *f = ctx;
	bool known = false;

	fuzz_pgn_event(f, 10);
	FUZZ_ASSERT(end->game == f->game && end->game == f->games_ended, "game_end %d in game %d", end->game, f->game);
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
		known |= end->result && !strcmp(end->result, results[i]);
	FUZZ_ASSERT(known, "game %d ends with result %s", end->game, end->result ? end->result : "NULL");
	FUZZ_ASSERT((end->start == NULL) == (end->final == NULL), "start and final disagree");
	FUZZ_ASSERT(end->plies == f->plies, "game %d ends with %d plies; %d mainline moves were reported", end->game,
		    end->plies, f->plies);
	FUZZ_ASSERT(end->errors == f->errors && end->warnings == f->warnings,
		    "game %d ends with %d errors and %d warnings; %d and %d were reported", end->game, end->errors,
		    end->warnings, f->errors, f->warnings);
	if (end->final) {
		FUZZ_ASSERT(end->final->key == position_compute_key(end->final), "the final position has a stale key");
		fuzz_pgn_mix_int(f, (long long)end->final->key);
	}
	fuzz_pgn_mix_text(f, end->result);
	fuzz_pgn_mix_int(f, end->result_given);
	fuzz_pgn_mix_int(f, end->lang * 4 + end->lang_ambiguous * 2 + end->lang_detected);
	fuzz_pgn_mix_int(f, end->plies);
	fuzz_pgn_mix_int(f, end->malformed);
	f->games_ended++;
	return f->pause;
}

static const struct pgn_visitor fuzz_pgn_visitor = {
	.game_begin = fuzz_pgn_game_begin,
	.tag = fuzz_pgn_tag,
	.start = fuzz_pgn_start,
	.move = fuzz_pgn_move,
	.nag = fuzz_pgn_nag,
	.comment = fuzz_pgn_comment,
	.variation_begin = fuzz_pgn_variation_begin,
	.variation_end = fuzz_pgn_variation_end,
	.issue = fuzz_pgn_issue,
	.game_end = fuzz_pgn_game_end,
};

/* Feeds data in pieces whose sizes come from seed (0: all at once), resuming after
 * pauses, then finishes. */
static void fuzz_pgn_read(struct pgn_reader *r, struct fuzz_pgn *f, const struct pgn_options *options,
			  const char *data, size_t size, unsigned seed)
{
	uint32_t state = seed * 2654435761u + 1;
	size_t at = 0;

	*f = (struct fuzz_pgn){ .hash = 14695981039346656037ull, .pause = f->pause, .check_moves = f->check_moves };
	pgn_reader_init(r, &fuzz_pgn_visitor, f, options);
	while (at < size) {
		size_t piece = size - at;
		if (seed) {
			state = state * 1103515245u + 12345u;
			piece = (state >> 16) % 64 + 1;
			if (piece > size - at)
				piece = size - at;
		}
		/* the slice is copied so that the reader cannot read past it unnoticed */
		char *copy = malloc(piece);
		if (!copy)
			abort();
		memcpy(copy, data + at, piece);
		size_t used = 0;
		for (int guard = 0; used < piece; guard++) {
			size_t n = pgn_reader_feed(r, copy + used, piece - used);
			FUZZ_ASSERT(n <= piece - used, "pgn_reader_feed used %zu of %zu bytes", n, piece - used);
			FUZZ_ASSERT(n > 0 || f->pause, "pgn_reader_feed made no progress without a pause");
			FUZZ_ASSERT(guard < 1 << 20, "pgn_reader_feed keeps pausing without progress");
			used += n;
		}
		free(copy);
		at += piece;
	}
	pgn_reader_finish(r);
}

/* ---- the export's round trip ---- */

/* Text that grows (freed by the caller). */
struct fuzz_text {
	char *data;
	size_t length, size;
};

static int fuzz_text_sink(void *context, const char *text, size_t length)
{
	struct fuzz_text *t = context;

	if (t->length + length + 1 > t->size) {
		t->size = 2 * (t->length + length + 1);
		if (!(t->data = realloc(t->data, t->size)))
			abort();
	}
	memcpy(t->data + t->length, text, length);
	t->length += length;
	t->data[t->length] = '\0';
	return 0;
}

/* What a reading ends with, game by game (the first FUZZ_GAMES of them). */
#define FUZZ_GAMES 256
struct fuzz_games {
	int count;
	int errors;                     /* of the current game */
	struct {
		uint64_t start, final;  /* keys; 0 without a start */
		int plies, errors;
		char result[PGN_RESULT_MAX];
	} game[FUZZ_GAMES];
};

static void fuzz_games_issue(void *ctx, const struct pgn_issue *issue)
{
	struct fuzz_games *g = ctx;

	g->errors += !pgn_code_is_warning(issue->code);
}

static bool fuzz_games_end(void *ctx, const struct pgn_game_end *end)
{
	struct fuzz_games *g = ctx;

	if (!end->malformed && g->count < FUZZ_GAMES) {
		g->game[g->count].start = end->start ? end->start->key : 0;
		g->game[g->count].final = end->final ? end->final->key : 0;
		g->game[g->count].plies = end->plies;
		g->game[g->count].errors = g->errors;
		snprintf(g->game[g->count++].result, sizeof g->game[0].result, "%s", end->result);
	}
	g->errors = 0;
	return false;
}

static const struct pgn_visitor fuzz_games_visitor = {
	.issue = fuzz_games_issue,
	.game_end = fuzz_games_end,
};

static void fuzz_games_read(struct pgn_reader *r, struct fuzz_games *g, const struct pgn_options *options,
			    const char *text, size_t length)
{
	memset(g, 0, sizeof *g);
	pgn_reader_init(r, &fuzz_games_visitor, g, options);
	pgn_reader_feed(r, text, length);
	pgn_reader_finish(r);
}

/* The export of length bytes of text read with options (the caller frees its data). */
static struct fuzz_text fuzz_export(struct pgn_reader *r, const struct pgn_options *options, const char *text,
				    size_t length)
{
	static struct pgn_export export;
	struct fuzz_text out = { 0 };
	size_t used = 0;

	fuzz_text_sink(&out, "", 0);
	pgn_export_init(&export, fuzz_text_sink, &out, FEN_EP_FEN, FEN_CASTLING_STANDARD, true);
	pgn_reader_init(r, &pgn_export_visitor, &export, options);
	for (int guard = 0; used < length; guard++) {
		used += pgn_reader_feed(r, text + used, length - used);
		FUZZ_ASSERT(guard < 1 << 20, "the exporter keeps pausing without progress");
	}
	pgn_reader_finish(r);
	FUZZ_ASSERT(!pgn_export_failed(&export), "the export's sink failed");
	return out;
}

/* text (NUL-terminated) without its escape lines, nor the empty line after the escape
 * lines of what is not PGN, in place. */
static void fuzz_without_escapes(char *text)
{
	char *out = text, *start = text;

	for (char *line = text; *line;) {
		char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
		bool blank = n == 1 && *line == '\n' && (out == start || (out - start >= 2 && out[-2] == '\n' && out[-1] == '\n'));
		if (*line != '%' && !blank) {
			memmove(out, line, n);
			out += n;
		}
		line += n;
	}
	*out = '\0';
}

static void fuzz_export_round_trip(const struct pgn_options *options, const char *text, size_t length)
{
	static struct pgn_reader reader;
	static struct fuzz_games read, reread;
	struct fuzz_text out = fuzz_export(&reader, options, text, length), again;
	/* The export is English: read back in English, but in the input's strictness. */
	struct pgn_options english = { { SAN_LANG_EN, options->san.strict, MSG_EN }, false, MSG_EN };

	fuzz_games_read(&reader, &read, options, text, length);
	fuzz_games_read(&reader, &reread, &english, out.data, out.length);
	FUZZ_ASSERT(read.count == reread.count, "%d games read, %d in the export:\n%s", read.count, reread.count,
		    out.data);
	for (int i = 0; i < read.count; i++) {
		FUZZ_ASSERT(read.game[i].start == reread.game[i].start && read.game[i].final == reread.game[i].final &&
				    read.game[i].plies == reread.game[i].plies &&
				    !strcmp(read.game[i].result, reread.game[i].result),
			    "game %d: %d plies to %016llx (%s) read, %d plies to %016llx (%s) in the export:\n%s", i,
			    read.game[i].plies, (unsigned long long)read.game[i].final, read.game[i].result,
			    reread.game[i].plies, (unsigned long long)reread.game[i].final, reread.game[i].result, out.data);
		FUZZ_ASSERT(!reread.game[i].start || !reread.game[i].errors, "game %d: %d errors in the export:\n%s", i,
			    reread.game[i].errors, out.data);
	}
	again = fuzz_export(&reader, &english, out.data, out.length);
	fuzz_without_escapes(out.data);
	fuzz_without_escapes(again.data);
	FUZZ_ASSERT(!strcmp(out.data, again.data), "the export exported again differs:\n%s\n----\n%s", out.data,
		    again.data);
	free(again.data);
	free(out.data);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pgn_reader whole, pieces;
	struct fuzz_input in = { data, size };
	uint8_t flags = fuzz_byte(&in), seed = fuzz_byte(&in);
	const struct pgn_options options = { { (enum san_lang)(flags & 7), (flags & 8) != 0, MSG_EN }, (flags & 32) != 0, MSG_EN };
	struct fuzz_pgn a = { .pause = (flags & 16) != 0, .check_moves = true }, b = { .pause = !(flags & 16) };

	fuzz_pgn_read(&whole, &a, &options, (const char *)in.data, in.size, 0);
	fuzz_pgn_read(&pieces, &b, &options, (const char *)in.data, in.size, seed | 1);
	FUZZ_ASSERT(a.events == b.events && a.hash == b.hash && a.games_ended == b.games_ended,
		    "read whole: %lu events in %d games; in pieces: %lu events in %d games (hashes %016llx, %016llx)",
		    a.events, a.games_ended, b.events, b.games_ended, (unsigned long long)a.hash,
		    (unsigned long long)b.hash);
	fuzz_export_round_trip(&options, (const char *)in.data, in.size);
	return 0;
}
