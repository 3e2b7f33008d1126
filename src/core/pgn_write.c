/* pgn_write.c -- export-format PGN for one game, through a sink or into a buffer.
 *
 * Movetext goes through a one-line buffer on the stack: tokens are added while the line
 * stays within PGN_LINE_MAX characters (code points, so figurine or Cyrillic SAN wraps
 * by what the reader sees), then the line goes to the sink. */
#include "pgn_write.h"

#include <stdio.h>
#include <string.h>

#include "movegen.h"
#include "status.h"

static const char *const pgn_suffixes[7] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

const char *pgn_nag_suffix(int nag)
{
	return nag >= 1 && nag <= 6 ? pgn_suffixes[nag] : NULL;
}

const char *pgn_result_of(const struct position *pos)
{
	struct status st;
	const char *result;

	status_compute(pos, &st);
	result = status_result(pos, &st);
	return result ? result : "*";
}

struct pgn_writer {
	pgn_sink sink;
	void *context;
	bool failed;
	char line[PGN_LINE_MAX * 4 + 8]; /* a full line of 4-byte characters */
	size_t bytes;
	int columns;
};

static void pgn_emit(struct pgn_writer *w, const char *text, size_t length)
{
	if (!w->failed && length && w->sink(w->context, text, length) != 0)
		w->failed = true;
}

static void pgn_flush(struct pgn_writer *w)
{
	if (w->bytes) {
		w->line[w->bytes++] = '\n';
		pgn_emit(w, w->line, w->bytes);
	}
	w->bytes = 0;
	w->columns = 0;
}

static int pgn_columns(const char *text, size_t length)
{
	int n = 0;

	for (size_t i = 0; i < length; i++)
		n += ((unsigned char)text[i] & 0xC0) != 0x80;
	return n;
}

/* Adds one token, starting a new line when it would not fit on this one. A token wider
 * than a line (a long word in a comment) gets a line of its own. */
static void pgn_token(struct pgn_writer *w, const char *text, size_t length)
{
	int columns = pgn_columns(text, length);

	if (w->bytes && w->columns + 1 + columns > PGN_LINE_MAX)
		pgn_flush(w);
	if (w->bytes + 1 + length + 1 > sizeof w->line) {
		pgn_flush(w);
		pgn_emit(w, text, length);
		pgn_emit(w, "\n", 1);
		return;
	}
	if (w->bytes) {
		w->line[w->bytes++] = ' ';
		w->columns++;
	}
	memcpy(w->line + w->bytes, text, length);
	w->bytes += length;
	w->columns += columns;
}

/* A comment, word by word so that it wraps like the moves around it. */
static void pgn_comment(struct pgn_writer *w, const char *comment)
{
	char word[sizeof w->line];
	size_t n = 0;
	const char *p = comment;
	bool first = true;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		n = 0;
		if (first)
			word[n++] = '{';
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && n < sizeof word - 2) {
			word[n++] = *p == '}' ? ')' : *p == '{' ? '(' : *p;
			p++;
		}
		first = false;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p) {
			word[n++] = '}';
			pgn_token(w, word, n);
			return;
		}
		pgn_token(w, word, n);
	}
}

bool pgn_tag_name_valid(const char *name)
{
	if (!name || !*name)
		return false;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return true;
}

static void pgn_tag(struct pgn_writer *w, const char *name, const char *value)
{
	const char *p = value, *run = value;

	pgn_emit(w, "[", 1);
	pgn_emit(w, name, strlen(name));
	pgn_emit(w, " \"", 2);
	for (; *p; p++) {
		if (*p == '"' || *p == '\\' || *p == '\n' || *p == '\r' || *p == '\t') {
			pgn_emit(w, run, (size_t)(p - run));
			if (*p == '"' || *p == '\\') {
				char escaped[2] = { '\\', *p };
				pgn_emit(w, escaped, 2);
			} else {
				pgn_emit(w, " ", 1);
			}
			run = p + 1;
		}
	}
	pgn_emit(w, run, (size_t)(p - run));
	pgn_emit(w, "\"]\n", 3);
}

static bool pgn_result_ok(const char *r)
{
	return strcmp(r, "1-0") == 0 || strcmp(r, "0-1") == 0 || strcmp(r, "1/2-1/2") == 0 || strcmp(r, "*") == 0;
}

static const char *const pgn_roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const pgn_roster_unknown[7] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

static bool pgn_is_own_tag(const char *name)
{
	return strcmp(name, "SetUp") == 0 || strcmp(name, "FEN") == 0 || strcmp(name, "Variant") == 0;
}

enum pgn_write_result pgn_write_game(const struct pgn_game *game, pgn_sink sink, void *context, int *bad_move)
{
	struct pgn_writer w = { .sink = sink, .context = context };
	struct position pos = *game->start, end = *game->start;
	const char *result = game->result;
	const char *roster[7];
	char fen[FEN_MAX], start_fen[FEN_MAX];
	bool interrupted = true;
	enum san_lang lang = (unsigned)game->lang < SAN_LANG_NB ? game->lang : SAN_LANG_EN;

	/* Check everything before writing anything, so a bad game writes nothing. */
	for (int i = 0; i < game->tag_count; i++)
		if (!pgn_tag_name_valid(game->tags[i].name) || !game->tags[i].value)
			return PGN_WRITE_BAD_TAG;
	for (int i = 0; i < game->move_count; i++) {
		struct move_list legal;
		struct position_undo undo;
		movegen_legal(&end, &legal);
		/* a null move, written "--", where the side to move may pass */
		if (game->moves[i] == MOVE_NULL ? !position_null_move_legal(&end)
						: !movegen_contains(&legal, game->moves[i])) {
			if (bad_move)
				*bad_move = i;
			return PGN_WRITE_ILLEGAL_MOVE;
		}
		position_make_move(&end, game->moves[i], &undo);
	}
	for (int k = 0; k < 7; k++)
		roster[k] = pgn_roster_unknown[k];
	for (int i = 0; i < game->tag_count; i++)
		for (int k = 0; k < 7; k++)
			if (strcmp(game->tags[i].name, pgn_roster[k]) == 0)
				roster[k] = game->tags[i].value;
	if (!result) {
		result = pgn_result_of(&end);
		if (strcmp(result, "*") == 0 && pgn_result_ok(roster[6]))
			result = roster[6];
	}
	if (!pgn_result_ok(result))
		return PGN_WRITE_BAD_RESULT;
	roster[6] = result;

	for (int k = 0; k < 7; k++)
		pgn_tag(&w, pgn_roster[k], roster[k]);
	if (game->start->chess960)
		pgn_tag(&w, "Variant", "Chess960");
	fen_format(game->start, game->ep, FEN_CASTLING_STANDARD, fen, sizeof fen);
	{
		struct position standard;
		position_set_start(&standard);
		fen_format(&standard, game->ep, FEN_CASTLING_STANDARD, start_fen, sizeof start_fen);
	}
	if (strcmp(fen, start_fen) != 0) {
		pgn_tag(&w, "SetUp", "1");
		pgn_tag(&w, "FEN", fen);
	}
	for (int i = 0; i < game->tag_count; i++) {
		bool in_roster = false;
		for (int k = 0; k < 7; k++)
			in_roster |= strcmp(game->tags[i].name, pgn_roster[k]) == 0;
		if (!in_roster && !pgn_is_own_tag(game->tags[i].name))
			pgn_tag(&w, game->tags[i].name, game->tags[i].value);
	}
	pgn_emit(&w, "\n", 1);

	for (int i = 0; i < game->move_count; i++) {
		const struct pgn_note *note = game->notes ? &game->notes[i] : NULL;
		struct position_undo undo;
		char token[SAN_MAX + 8];
		int n, suffix = 0;

		if (pos.turn == WHITE || interrupted) {
			n = snprintf(token, sizeof token, "%u.%s", (unsigned)pos.fullmove, pos.turn == WHITE ? "" : "..");
			pgn_token(&w, token, (size_t)n);
		}
		n = (int)san_format_move(&pos, game->moves[i], lang, SAN_STYLE_SAN, token);
		interrupted = false;
		if (note) {
			for (int k = 0; k < note->nag_count && k < PGN_NAGS_MAX; k++) {
				if (pgn_nag_suffix(note->nags[k])) {
					suffix = note->nags[k];
					break;
				}
			}
			if (suffix)
				n += snprintf(token + n, sizeof token - (size_t)n, "%s", pgn_nag_suffix(suffix));
		}
		pgn_token(&w, token, (size_t)n);
		if (note) {
			for (int k = 0; k < note->nag_count && k < PGN_NAGS_MAX; k++) {
				if (note->nags[k] == suffix && suffix) {
					suffix = 0; /* written once, as the suffix */
					continue;
				}
				if (note->nags[k] < 0 || note->nags[k] > 255)
					continue;
				n = snprintf(token, sizeof token, "$%d", note->nags[k]);
				pgn_token(&w, token, (size_t)n);
				interrupted = true;
			}
			if (note->comment) {
				pgn_comment(&w, note->comment);
				interrupted = true;
			}
		}
		position_make_move(&pos, game->moves[i], &undo);
	}
	pgn_token(&w, result, strlen(result));
	pgn_flush(&w);
	return w.failed ? PGN_WRITE_SINK_FAILED : PGN_WRITE_OK;
}

struct pgn_buffer {
	char *out;
	size_t size, length;
};

static int pgn_buffer_sink(void *context, const char *text, size_t length)
{
	struct pgn_buffer *b = context;

	if (b->length + 1 < b->size) {
		size_t room = b->size - 1 - b->length;
		memcpy(b->out + b->length, text, length < room ? length : room);
	}
	b->length += length;
	return 0;
}

enum pgn_write_result pgn_write_buffer(const struct pgn_game *game, char *out, size_t size, size_t *length,
				       int *bad_move)
{
	struct pgn_buffer b = { out, size, 0 };
	enum pgn_write_result r = pgn_write_game(game, pgn_buffer_sink, &b, bad_move);

	if (size)
		out[b.length < size ? b.length : size - 1] = '\0';
	if (length)
		*length = b.length;
	return r;
}
