/* pgn_write.c -- fend's PGN writer: export-format tag pairs, movetext a token at a time
 * within 79 columns, escape lines, and whole games from arrays (pgn_write_game).
 *
 * Movetext goes through a one-line buffer in struct pgn_writer: a token joins the line
 * while the line stays within PGN_LINE_MAX characters (code points, so figurine or
 * Cyrillic SAN wraps by what the reader sees), else the line goes to the sink and the
 * token starts the next one. Text glued to the last token (a variation's ')', a comment's
 * '}') takes that token down to the next line with it when the line has no room left. */
#include "pgn_write.h"

#include <stdio.h>
#include <string.h>

#include "movegen.h"
#include "status.h"
#include "utf8.h"

/* Room kept in the line buffer past a full line, for glued text: a ')' per depth of
 * variation and a comment's '}'. */
#define PGN_GLUE_ROOM 40

/* How text is made fit for export PGN (pgn_clean). */
enum pgn_clean {
	PGN_AS_IS,          /* fend's own text: move numbers, SAN, NAGs, results */
	PGN_CLEAN_TEXT,     /* comment words and escape lines */
	PGN_CLEAN_BRACES,   /* the words of a comment that holds a '}' */
	PGN_CLEAN_TAG       /* tag values */
};

static const char *const pgn_roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const pgn_roster_unknown[7] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

const char *pgn_result_of(const struct position *pos)
{
	struct status st;
	const char *result;

	status_compute(pos, &st);
	result = status_result(pos, &st);
	return result ? result : "*";
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

/* Copies length bytes of text to out, made fit for export PGN as mode says: bytes that
 * are not part of a UTF-8 sequence and control characters become '?' (in a tag value,
 * tabs and line breaks become spaces), and with PGN_CLEAN_BRACES '{' and '}' become '('
 * and ')'. One byte out for each byte in. */
static void pgn_clean(char *out, const char *text, size_t length, enum pgn_clean mode)
{
	size_t valid = 0; /* text[i..valid) is known to be UTF-8 */

	for (size_t i = 0; i < length; i++) {
		unsigned char c = (unsigned char)text[i];
		if (i >= valid) {
			valid = i + utf8_valid_length(text + i, length - i);
			if (valid == i) {
				c = '?';
				valid = i + 1;
			}
		}
		if (mode == PGN_CLEAN_TAG && (c == '\t' || c == '\n' || c == '\r'))
			c = ' ';
		else if (c < 0x20 || c == 0x7f)
			c = '?';
		else if (mode == PGN_CLEAN_BRACES && (c == '{' || c == '}'))
			c = c == '{' ? '(' : ')';
		out[i] = (char)c;
	}
}

/* The length of the next piece of text (length bytes) to clean at once: at most max
 * bytes, not ending inside a UTF-8 sequence (unless the bytes there are no UTF-8). */
static size_t pgn_piece(const char *text, size_t length, size_t max)
{
	size_t n = utf8_prefix(text, length, max);

	return n ? n : (length < max ? length : max);
}

/* Characters (code points) of length bytes of UTF-8. */
static int pgn_columns(const char *text, size_t length)
{
	int n = 0;

	for (size_t i = 0; i < length; i++)
		n += ((unsigned char)text[i] & 0xC0) != 0x80;
	return n;
}

/* White space between the words of a comment: what the JSON of a comment keeps as it is
 * (other control characters come out as '?' there, as here). */
static bool pgn_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void pgn_emit(struct pgn_writer *w, const char *text, size_t length)
{
	if (!w->failed && length && w->sink(w->context, text, length) != 0)
		w->failed = true;
}

/* Sends length bytes of text cleaned as mode says, a piece at a time. */
static void pgn_emit_clean(struct pgn_writer *w, const char *text, size_t length, enum pgn_clean mode)
{
	char piece[256];

	if (mode == PGN_AS_IS) {
		pgn_emit(w, text, length);
		return;
	}
	while (length) {
		size_t n = pgn_piece(text, length, sizeof piece);
		pgn_clean(piece, text, n, mode);
		pgn_emit(w, piece, n);
		text += n;
		length -= n;
	}
}

void pgn_writer_init(struct pgn_writer *w, pgn_sink sink, void *context, enum san_lang lang)
{
	memset(w, 0, offsetof(struct pgn_writer, line));
	w->sink = sink;
	w->context = context;
	w->lang = (unsigned)lang < SAN_LANG_NB ? lang : SAN_LANG_EN;
	w->number = true;
}

/* Ends the current line. */
static void pgn_flush(struct pgn_writer *w)
{
	if (w->spilled) {
		pgn_emit(w, "\n", 1);
		w->spilled = false;
	}
	if (w->bytes) {
		w->line[w->bytes++] = '\n';
		pgn_emit(w, w->line, w->bytes);
	}
	w->bytes = 0;
	w->columns = 0;
	w->tokens = 0;
}

/* Ends the current line before its last token, which starts the next line. */
static void pgn_carry(struct pgn_writer *w)
{
	size_t n = w->bytes - w->last;

	w->line[w->last - 1] = '\n'; /* the space before the last token */
	pgn_emit(w, w->line, w->last);
	memmove(w->line, w->line + w->last, n);
	w->bytes = n;
	w->columns = pgn_columns(w->line, n);
	w->last = 0;
	w->tokens = 1;
}

/* Sends the line as it is, unterminated: what follows goes straight after it. */
static void pgn_spill_line(struct pgn_writer *w)
{
	pgn_emit(w, w->line, w->bytes);
	w->bytes = 0;
	w->columns = 0;
	w->tokens = 0;
	w->spilled = true;
}

/* Adds a token to the line: head (a few ASCII bytes: "{" before a comment's first word,
 * or "") then length bytes of text cleaned as mode says, after a space, or first on a
 * new line when the line has no room for it; a '(' that waits goes first. */
static void pgn_token(struct pgn_writer *w, const char *head, const char *text, size_t length, enum pgn_clean mode)
{
	char token[PGN_LINE_MAX * 4 + 8];
	size_t n = 0, heads = strlen(head);
	int columns;

	if (w->open)
		token[n++] = '(';
	w->open = false;
	memcpy(token + n, head, heads);
	n += heads;
	if (n + length > PGN_LINE_MAX * 4) {
		/* Wider than any line: a line of its own, left open for glued text; but a word
		 * that may not start a line (see below) goes on after the line so far. */
		if (!w->escape && (n ? token[0] : text[0]) == '%' && (w->spilled || w->tokens)) {
			pgn_spill_line(w);
			pgn_emit(w, " ", 1);
		} else {
			pgn_flush(w);
			if (w->escape)
				pgn_emit(w, "% ", 2);
		}
		pgn_emit(w, token, n);
		pgn_emit_clean(w, text, length, mode);
		w->spilled = true;
		return;
	}
	if (mode == PGN_AS_IS)
		memcpy(token + n, text, length);
	else
		pgn_clean(token + n, text, length, mode);
	n += length;
	columns = pgn_columns(token, n);
	if (w->spilled) {
		/* After a word wider than a line: a new line, unless this word may not start
		 * one (see below). */
		if (!w->escape && token[0] == '%') {
			pgn_emit(w, " ", 1);
			pgn_emit(w, token, n);
			return;
		}
		pgn_flush(w);
	}
	if (w->tokens && w->columns + 1 + columns > PGN_LINE_MAX) {
		/* A line starting with '%' is an escape line to a reader: such a word takes
		 * the word before it down to the new line, or stays on this line past the
		 * margin when that word is alone on its line. */
		if (w->escape || token[0] != '%')
			pgn_flush(w);
		else if (w->tokens > 1)
			pgn_carry(w);
	}
	if (w->bytes + 1 + n + PGN_GLUE_ROOM > sizeof w->line)
		pgn_flush(w);
	if (!w->bytes && w->escape) {
		w->line[w->bytes++] = '%';
		w->columns = 1;
	}
	if (w->bytes) {
		w->line[w->bytes++] = ' ';
		w->columns++;
	}
	w->last = w->bytes;
	memcpy(w->line + w->bytes, token, n);
	w->bytes += n;
	w->columns += columns;
	w->tokens++;
}

/* Appends text (a few ASCII bytes: ')' or '}') to the last token; when the line has no
 * room left for it, the last token moves down to a new line with it, unless that token
 * is alone on its line. */
static void pgn_glue(struct pgn_writer *w, const char *text)
{
	size_t n = strlen(text);

	if (w->spilled) {
		pgn_emit(w, text, n);
		return;
	}
	if (!w->tokens) {
		pgn_token(w, "", text, n, PGN_AS_IS);
		return;
	}
	if (w->columns + (int)n > PGN_LINE_MAX && w->tokens > 1)
		pgn_carry(w);
	if (w->bytes + n + 1 > sizeof w->line) {
		pgn_spill_line(w);
		pgn_emit(w, text, n);
		return;
	}
	memcpy(w->line + w->bytes, text, n);
	w->bytes += n;
	w->columns += (int)n;
}

/* The words of length bytes of text as tokens, the first after head. Returns false when
 * the text has no word (nothing was written). */
static bool pgn_words(struct pgn_writer *w, const char *head, const char *text, size_t length, enum pgn_clean mode)
{
	const char *p = text, *end = text + length;
	bool any = false;

	for (;;) {
		const char *word;
		while (p < end && pgn_space(*p))
			p++;
		word = p;
		while (p < end && !pgn_space(*p))
			p++;
		if (word == p)
			return any;
		pgn_token(w, any ? "" : head, word, (size_t)(p - word), mode);
		any = true;
	}
}

void pgn_writer_move(struct pgn_writer *w, const struct position *before, move m, const char *san)
{
	char text[SAN_MAX + 16];
	int n;

	if (before->turn == WHITE || w->number) {
		n = snprintf(text, sizeof text, "%u.%s", (unsigned)before->fullmove, before->turn == WHITE ? "" : "..");
		pgn_token(w, "", text, (size_t)n, PGN_AS_IS);
	}
	if (m == MOVE_NULL)
		pgn_token(w, "", "--", 2, PGN_AS_IS);
	else if (san)
		pgn_token(w, "", san, strlen(san), PGN_AS_IS);
	else
		pgn_token(w, "", text, san_format_move(before, m, w->lang, SAN_STYLE_SAN, text), PGN_AS_IS);
	w->number = false;
}

void pgn_writer_nag(struct pgn_writer *w, int nag)
{
	char text[8];

	if (nag < 0 || nag > 255)
		return;
	pgn_token(w, "", text, (size_t)snprintf(text, sizeof text, "$%d", nag), PGN_AS_IS);
	w->number = true;
}

void pgn_writer_comment(struct pgn_writer *w, const char *text, size_t length)
{
	enum pgn_clean mode = memchr(text, '}', length) ? PGN_CLEAN_BRACES : PGN_CLEAN_TEXT;

	if (pgn_words(w, "{", text, length, mode))
		pgn_glue(w, "}");
	else
		pgn_token(w, "{}", "", 0, PGN_AS_IS);
	w->number = true;
}

void pgn_writer_variation_begin(struct pgn_writer *w)
{
	w->open = true;
	w->number = true;
}

void pgn_writer_variation_end(struct pgn_writer *w)
{
	if (w->open) {
		/* A variation without a token: said as it was, empty. */
		w->open = false;
		pgn_token(w, "", "()", 2, PGN_AS_IS);
	} else {
		pgn_glue(w, ")");
	}
	w->number = true;
}

int pgn_writer_result(struct pgn_writer *w, const char *result)
{
	pgn_token(w, "", result, strlen(result), PGN_AS_IS);
	pgn_flush(w);
	return w->failed ? -1 : 0;
}

int pgn_write_escape(const char *text, pgn_sink sink, void *context)
{
	struct pgn_writer w;

	pgn_writer_init(&w, sink, context, SAN_LANG_EN);
	w.escape = true;
	if (!pgn_words(&w, "", text, strlen(text), PGN_CLEAN_TEXT))
		pgn_emit(&w, "%\n", 2);
	pgn_flush(&w);
	return w.failed ? -1 : 0;
}

/* One tag pair on its line: [Name "value"], the value cleaned, '"' and '\' escaped. */
static void pgn_tag_pair(struct pgn_writer *w, const char *name, const char *value)
{
	size_t length = strlen(value);

	pgn_emit(w, "[", 1);
	pgn_emit(w, name, strlen(name));
	pgn_emit(w, " \"", 2);
	while (length) {
		char piece[256];
		size_t n = pgn_piece(value, length, sizeof piece), run = 0;
		pgn_clean(piece, value, n, PGN_CLEAN_TAG);
		for (size_t i = 0; i < n; i++) {
			if (piece[i] == '"' || piece[i] == '\\') {
				pgn_emit(w, piece + run, i - run);
				pgn_emit(w, "\\", 1);
				run = i;
			}
		}
		pgn_emit(w, piece + run, n - run);
		value += n;
		length -= n;
	}
	pgn_emit(w, "\"]\n", 3);
}

/* The index of name in the Seven Tag Roster, or -1. */
static int pgn_roster_index(const char *name)
{
	for (int k = 0; k < 7; k++)
		if (!strcmp(name, pgn_roster[k]))
			return k;
	return -1;
}

static bool pgn_is_setup_tag(const char *name)
{
	return !strcmp(name, "SetUp") || !strcmp(name, "FEN") || !strcmp(name, "Variant");
}

/* Among tags (count of them), the name that comes first in ASCII order after after (NULL:
 * the first of all) and its last value: *next and *value are updated when a tag comes
 * before *next, or has its name. Seven Tag Roster names are skipped, and with skip_setup
 * the set-up tags. */
static void pgn_next_tag(const struct pgn_tag *tags, int count, bool skip_setup, const char *after,
			 const char **next, const char **value)
{
	for (int i = 0; i < count; i++) {
		const char *name = tags[i].name;
		int order;
		if (pgn_roster_index(name) >= 0 || (skip_setup && pgn_is_setup_tag(name)) ||
		    (after && strcmp(name, after) <= 0))
			continue;
		order = *next ? strcmp(name, *next) : -1;
		if (order <= 0) {
			*next = name;
			*value = tags[i].value;
		}
	}
}

int pgn_write_tags(const struct pgn_game *game, const char *result, pgn_sink sink, void *context)
{
	struct pgn_writer w;
	struct pgn_tag own[3];
	int own_count = 0;
	char fen[FEN_MAX], start_fen[FEN_MAX];
	const char *roster[7], *after = NULL;

	pgn_writer_init(&w, sink, context, SAN_LANG_EN);
	for (int k = 0; k < 7; k++)
		roster[k] = pgn_roster_unknown[k];
	for (int i = 0; i < game->tag_count; i++) {
		int k = pgn_roster_index(game->tags[i].name);
		if (k >= 0)
			roster[k] = game->tags[i].value;
	}
	roster[6] = result;
	for (int k = 0; k < 7; k++)
		pgn_tag_pair(&w, pgn_roster[k], roster[k]);
	if (game->start) {
		struct position standard;
		position_set_start(&standard);
		fen_format(game->start, game->ep, game->castling, fen, sizeof fen);
		fen_format(&standard, game->ep, game->castling, start_fen, sizeof start_fen);
		if (strcmp(fen, start_fen) != 0) {
			own[own_count++] = (struct pgn_tag){ "FEN", fen };
			own[own_count++] = (struct pgn_tag){ "SetUp", "1" };
		}
		if (game->start->chess960)
			own[own_count++] = (struct pgn_tag){ "Variant", "Chess960" };
	}
	for (;;) {
		const char *next = NULL, *value = NULL;
		pgn_next_tag(game->tags, game->tag_count, game->start != NULL, after, &next, &value);
		pgn_next_tag(own, own_count, false, after, &next, &value);
		if (!next)
			break;
		pgn_tag_pair(&w, next, value);
		after = next;
	}
	pgn_emit(&w, "\n", 1);
	return w.failed ? -1 : 0;
}

static bool pgn_result_ok(const char *r)
{
	return strcmp(r, "1-0") == 0 || strcmp(r, "0-1") == 0 || strcmp(r, "1/2-1/2") == 0 || strcmp(r, "*") == 0;
}

/* Checks that the moves of a line (count of them, with notes) are legal from start, and
 * those of its variations, nested at most PGN_WRITE_DEPTH_MAX - depth deeper; the position
 * after its last move goes to end (when not NULL). On an error, *bad (when not NULL) is
 * the index of the move at or under which it stands. */
static enum pgn_write_result pgn_check_line(const struct position *start, const move *moves, int count,
					    const struct pgn_note *notes, int depth, struct position *end, int *bad)
{
	struct position pos = *start;

	for (int i = 0; i < count; i++) {
		struct move_list legal;
		struct position_undo undo;
		enum pgn_write_result r = PGN_WRITE_OK;
		movegen_legal(&pos, &legal);
		/* a null move, written "--", where the side to move may pass */
		if (moves[i] == MOVE_NULL ? !position_null_move_legal(&pos) : !movegen_contains(&legal, moves[i]))
			r = PGN_WRITE_ILLEGAL_MOVE;
		for (int v = 0; notes && r == PGN_WRITE_OK && v < notes[i].variation_count; v++) {
			const struct pgn_variation *line = &notes[i].variations[v];
			r = depth == PGN_WRITE_DEPTH_MAX ? PGN_WRITE_TOO_DEEP
				: pgn_check_line(&pos, line->moves, line->move_count, line->notes, depth + 1, NULL, NULL);
		}
		if (r != PGN_WRITE_OK) {
			if (bad)
				*bad = i;
			return r;
		}
		position_make_move(&pos, moves[i], &undo);
	}
	if (end)
		*end = pos;
	return PGN_WRITE_OK;
}

/* Writes the moves of a line from start, each with its NAGs, comment and variations. */
static void pgn_write_line(struct pgn_writer *w, const struct position *start, const move *moves, int count,
			   const struct pgn_note *notes)
{
	struct position pos = *start;

	for (int i = 0; i < count; i++) {
		const struct pgn_note *note = notes ? &notes[i] : NULL;
		struct position before = pos;
		struct position_undo undo;

		pgn_writer_move(w, &pos, moves[i], NULL);
		for (int k = 0; note && k < note->nag_count && k < PGN_NAGS_MAX; k++)
			pgn_writer_nag(w, note->nags[k]);
		if (note && note->comment)
			pgn_writer_comment(w, note->comment, strlen(note->comment));
		for (int v = 0; note && v < note->variation_count; v++) {
			const struct pgn_variation *line = &note->variations[v];
			pgn_writer_variation_begin(w);
			if (line->comment)
				pgn_writer_comment(w, line->comment, strlen(line->comment));
			pgn_write_line(w, &before, line->moves, line->move_count, line->notes);
			pgn_writer_variation_end(w);
		}
		position_make_move(&pos, moves[i], &undo);
	}
}

enum pgn_write_result pgn_write_game(const struct pgn_game *game, pgn_sink sink, void *context, int *bad_move)
{
	struct pgn_writer w;
	struct position end;
	const char *result = game->result;
	enum pgn_write_result checked;

	/* Check everything before writing anything, so a bad game writes nothing. */
	for (int i = 0; i < game->tag_count; i++)
		if (!pgn_tag_name_valid(game->tags[i].name) || !game->tags[i].value)
			return PGN_WRITE_BAD_TAG;
	checked = pgn_check_line(game->start, game->moves, game->move_count, game->notes, 0, &end, bad_move);
	if (checked != PGN_WRITE_OK)
		return checked;
	if (!result) {
		result = pgn_result_of(&end);
		for (int i = 0; i < game->tag_count && !strcmp(result, "*"); i++)
			if (!strcmp(game->tags[i].name, "Result") && pgn_result_ok(game->tags[i].value))
				result = game->tags[i].value;
	}
	if (!pgn_result_ok(result))
		return PGN_WRITE_BAD_RESULT;

	if (pgn_write_tags(game, result, sink, context))
		return PGN_WRITE_SINK_FAILED;
	pgn_writer_init(&w, sink, context, game->lang);
	if (game->comment)
		pgn_writer_comment(&w, game->comment, strlen(game->comment));
	pgn_write_line(&w, game->start, game->moves, game->move_count, game->notes);
	return pgn_writer_result(&w, result) ? PGN_WRITE_SINK_FAILED : PGN_WRITE_OK;
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
