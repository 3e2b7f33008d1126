/* json-pgn.c -- the JSON of PGN games: a visitor for the core's PGN reader that builds
 * one cJSON object per game (tags, every ply with its SAN, UCI, FEN, comment, NAGs,
 * clock and eval, variations nested with their own FENs, errors and warnings).
 *
 * Only one game is ever held: the caller takes each finished game (json_pgn_take)
 * before the reader goes on, so memory follows the largest game, not the input. */
#include "json/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nag.h"
#include "core/uci.h"
#include "core/utf8.h"

/* Whole numbers below this are printed from the builder's table (digits). */
#define JSON_PGN_DIGITS 1000

struct json_pgn {
	struct json_fen_style style;
	enum san_lang lang;
	bool pause;                     /* game_end asks the reader to pause */
	bool oom;
	cJSON *game;                    /* the game being built */
	cJSON *done;                    /* the last finished game, until taken */
	struct json_pgn_summary summary;
	cJSON *tags, *moves, *errors, *warnings;
	cJSON *line[PGN_DEPTH_MAX + 1]; /* moves array per depth */
	cJSON *last[PGN_DEPTH_MAX + 1]; /* last move per depth */
	cJSON *before[PGN_DEPTH_MAX + 1]; /* a comment before the first move of a line */
	char *scratch;                  /* where a finished move is printed */
	size_t scratch_size;
	/* The open move of each depth refers to its SAN, UCI and FEN here rather than to
	 * copies: it is printed (sealed) before the next move of its depth is made. */
	struct {
		char san[SAN_MAX], uci[UCI_MAX], fen[FEN_MAX];
	} text[PGN_DEPTH_MAX + 1];
	char digits[JSON_PGN_DIGITS][6]; /* "0", "1", ... for ply and move numbers */
};

/* A whole number. cJSON 1.7.15 prints every number with "%1.15g" and reads it back to
 * check it, which cost more than the chess; a count is printed once here, as cJSON
 * would print it, and kept as a raw value. */
static cJSON *json_pgn_int(long value)
{
	char digits[24], *p = digits + sizeof digits - 1;
	unsigned long u = value < 0 ? 0UL - (unsigned long)value : (unsigned long)value;

	*p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (value < 0)
		*--p = '-';
	return cJSON_CreateRaw(p);
}

/* A whole number of an open move, as a raw value referring to the builder's table (no
 * allocation but the node); others as json_pgn_int. */
static cJSON *json_pgn_small(const struct json_pgn *b, long value)
{
	cJSON *item;

	if (value < 0 || value >= JSON_PGN_DIGITS)
		return json_pgn_int(value);
	item = cJSON_CreateStringReference(b->digits[value]);
	if (item)
		item->type = cJSON_Raw | cJSON_IsReference;
	return item;
}

/* A cJSON string of length bytes of text, made valid UTF-8 ('?' for bad bytes). */
static cJSON *json_pgn_string(const char *text, size_t length)
{
	char small[256];
	char *copy = length < sizeof small ? small : malloc(length + 1);
	cJSON *item;

	if (!copy)
		return NULL;
	memcpy(copy, text, length);
	copy[length] = '\0';
	if (utf8_valid_length(copy, length) != length)
		utf8_sanitize(copy);
	item = cJSON_CreateString(copy);
	if (copy != small)
		free(copy);
	return item;
}

/* Adds item to obj under name (a string literal: it is not copied); marks the builder out
 * of memory when either is NULL. A game has a dozen members per ply, so copying every key
 * was a good part of the time spent. */
static void json_pgn_add(struct json_pgn *b, cJSON *obj, const char *name, cJSON *item)
{
	if (!item || !obj || !cJSON_AddItemToObjectCS(obj, name, item)) {
		cJSON_Delete(item);
		b->oom = true;
	}
}

static void json_pgn_append(struct json_pgn *b, cJSON *array, cJSON *item)
{
	if (!item || !array || !cJSON_AddItemToArray(array, item)) {
		cJSON_Delete(item);
		b->oom = true;
	}
}

/* Sets obj[name] (created as null at first) to item. */
static void json_pgn_set(struct json_pgn *b, cJSON *obj, const char *name, cJSON *item)
{
	if (!item || !obj || !cJSON_ReplaceItemInObjectCaseSensitive(obj, name, item)) {
		cJSON_Delete(item);
		b->oom = true;
	}
}

/* A move is complete once the next move of its line, the end of its line or the end of
 * the game comes: it is then printed and kept as that text (a raw item), and its tree is
 * freed. A game's memory is then its text, not a dozen nodes per ply, and the nodes of
 * one move are reused by the next straight from the allocator's cache. */
static void json_pgn_seal(struct json_pgn *b, int depth)
{
	cJSON *done = b->last[depth], *parent = b->line[depth], *raw;

	b->last[depth] = NULL;
	if (!done || !parent || b->oom)
		return;
	for (;;) {
		if (!b->scratch) {
			b->scratch_size = b->scratch_size ? b->scratch_size * 2 : 4096;
			if (!(b->scratch = malloc(b->scratch_size))) {
				b->scratch_size = 0;
				b->oom = true;
				return;
			}
		}
		/* cJSON wants 5 bytes more than it prints. */
		if (cJSON_PrintPreallocated(done, b->scratch, (int)b->scratch_size - 5, false))
			break;
		free(b->scratch);
		b->scratch = NULL;
		if (b->scratch_size > (size_t)1 << 30) {
			b->oom = true;
			return;
		}
	}
	raw = cJSON_CreateRaw(b->scratch);
	if (!raw || !cJSON_ReplaceItemViaPointer(parent, done, raw)) {
		cJSON_Delete(raw);
		b->oom = true;
	}
}

static void json_pgn_game_begin(void *ctx, int game)
{
	struct json_pgn *b = ctx;
	cJSON *g = cJSON_CreateObject();

	cJSON_Delete(b->game);
	b->game = g;
	memset(b->line, 0, sizeof b->line);
	memset(b->last, 0, sizeof b->last);
	memset(b->before, 0, sizeof b->before);
	if (!g) {
		b->oom = true;
		return;
	}
	json_pgn_add(b, g, "index", json_pgn_int(game));
	json_pgn_add(b, g, "tags", b->tags = cJSON_CreateObject());
	json_pgn_add(b, g, "result", cJSON_CreateNull());
	json_pgn_add(b, g, "chess960", cJSON_CreateFalse());
	json_pgn_add(b, g, "start_fen", cJSON_CreateNull());
	json_pgn_add(b, g, "comment", cJSON_CreateNull());
	json_pgn_add(b, g, "moves", b->moves = cJSON_CreateArray());
	json_pgn_add(b, g, "final_fen", cJSON_CreateNull());
	json_pgn_add(b, g, "status", cJSON_CreateNull());
	json_pgn_add(b, g, "errors", b->errors = cJSON_CreateArray());
	json_pgn_add(b, g, "warnings", b->warnings = cJSON_CreateArray());
	b->line[0] = b->moves;
}

static void json_pgn_tag(void *ctx, const char *name, const char *value, size_t length)
{
	struct json_pgn *b = ctx;
	cJSON *item = json_pgn_string(value, length);

	if (!b->tags || !item) {
		cJSON_Delete(item);
		b->oom = true;
		return;
	}
	/* A repeated tag keeps its last value. The name is the reader's, so it is copied. */
	if (cJSON_GetObjectItemCaseSensitive(b->tags, name))
		json_pgn_set(b, b->tags, name, item);
	else if (!cJSON_AddItemToObject(b->tags, name, item)) {
		cJSON_Delete(item);
		b->oom = true;
	}
}

static void json_pgn_start(void *ctx, const struct position *start, bool chess960)
{
	struct json_pgn *b = ctx;

	if (!b->game)
		return;
	json_pgn_set(b, b->game, "chess960", cJSON_CreateBool(chess960));
	if (start)
		json_pgn_set(b, b->game, "start_fen", json_fen_string(start, &b->style));
}

static void json_pgn_move(void *ctx, const struct pgn_move *mv)
{
	struct json_pgn *b = ctx;
	char *san, *uci, *fen;
	cJSON *obj;

	if (mv->depth > PGN_DEPTH_MAX || !b->line[mv->depth])
		return;
	json_pgn_seal(b, mv->depth);
	san = b->text[mv->depth].san;
	uci = b->text[mv->depth].uci;
	fen = b->text[mv->depth].fen;
	obj = cJSON_CreateObject();
	if (mv->standard && b->lang == SAN_LANG_EN && strlen(mv->text) < SAN_MAX)
		strcpy(san, mv->text);
	else
		san_format_move(mv->before, mv->m, b->lang, SAN_STYLE_SAN, san);
	uci_format_move(mv->before, mv->m, uci);
	fen_format(mv->after, b->style.ep, b->style.castling, fen, FEN_MAX);
	json_pgn_add(b, obj, "ply", json_pgn_small(b, mv->ply));
	json_pgn_add(b, obj, "move_number", json_pgn_small(b, mv->before->fullmove));
	json_pgn_add(b, obj, "color", cJSON_CreateStringReference(mv->before->turn == WHITE ? "white" : "black"));
	json_pgn_add(b, obj, "san", cJSON_CreateStringReference(san));
	json_pgn_add(b, obj, "uci", cJSON_CreateStringReference(uci));
	json_pgn_add(b, obj, "fen", cJSON_CreateStringReference(fen));
	json_pgn_add(b, obj, "comment", cJSON_CreateNull());
	if (b->before[mv->depth]) {
		json_pgn_add(b, obj, "starting_comment", b->before[mv->depth]);
		b->before[mv->depth] = NULL;
	}
	json_pgn_add(b, obj, "nags", cJSON_CreateArray());
	json_pgn_add(b, obj, "clock", cJSON_CreateNull());
	json_pgn_add(b, obj, "eval", cJSON_CreateNull());
	json_pgn_add(b, obj, "variations", cJSON_CreateArray());
	json_pgn_append(b, b->line[mv->depth], obj);
	b->last[mv->depth] = b->oom ? NULL : obj;
}

static void json_pgn_nag(void *ctx, int nag, int depth)
{
	struct json_pgn *b = ctx;
	cJSON *obj, *last = depth <= PGN_DEPTH_MAX ? b->last[depth] : NULL;
	const char *glyph = nag_glyph(nag), *meaning = nag_meaning(nag);

	if (!last)
		return;
	obj = cJSON_CreateObject();
	json_pgn_add(b, obj, "nag", json_pgn_small(b, nag));
	json_pgn_add(b, obj, "glyph", glyph ? cJSON_CreateString(glyph) : cJSON_CreateNull());
	json_pgn_add(b, obj, "meaning", meaning ? cJSON_CreateString(meaning) : cJSON_CreateNull());
	json_pgn_append(b, cJSON_GetObjectItemCaseSensitive(last, "nags"), obj);
}

/* Joins a second comment on the same move to the first with a space. */
static cJSON *json_pgn_join(const cJSON *old, const struct pgn_comment *c)
{
	const char *text = cJSON_GetStringValue(old);
	size_t n = text ? strlen(text) : 0;
	char *joined;
	cJSON *item;

	if (!text)
		return json_pgn_string(c->text, c->length);
	joined = malloc(n + 1 + c->length + 1);
	if (!joined)
		return NULL;
	memcpy(joined, text, n);
	joined[n] = ' ';
	memcpy(joined + n + 1, c->text, c->length);
	item = json_pgn_string(joined, n + 1 + c->length);
	free(joined);
	return item;
}

static void json_pgn_comment(void *ctx, const struct pgn_comment *c)
{
	struct json_pgn *b = ctx;
	cJSON *last;

	if (!b->game || c->depth > PGN_DEPTH_MAX)
		return;
	if (!c->after_move) {
		/* Before the game's first move: the game's comment; before a variation's first
		 * move: that move's starting_comment. */
		if (c->depth == 0) {
			json_pgn_set(b, b->game, "comment",
				     json_pgn_join(cJSON_GetObjectItemCaseSensitive(b->game, "comment"), c));
		} else {
			cJSON *joined = json_pgn_join(b->before[c->depth], c);
			cJSON_Delete(b->before[c->depth]);
			if (!(b->before[c->depth] = joined))
				b->oom = true;
		}
		return;
	}
	if (!(last = b->last[c->depth]))
		return;
	json_pgn_set(b, last, "comment", json_pgn_join(cJSON_GetObjectItemCaseSensitive(last, "comment"), c));
	if (c->has_clock)
		json_pgn_set(b, last, "clock", cJSON_CreateNumber(c->clock));
	if (c->has_eval) {
		char mate[16];
		snprintf(mate, sizeof mate, "#%d", c->mate);
		json_pgn_set(b, last, "eval", c->eval_mate ? cJSON_CreateString(mate) : cJSON_CreateNumber(c->eval));
	}
	if (c->arrow_count) {
		cJSON *arrows = cJSON_GetObjectItemCaseSensitive(last, "arrows");
		if (!arrows)
			json_pgn_add(b, last, "arrows", arrows = cJSON_CreateArray());
		for (int i = 0; !b->oom && i < c->arrow_count; i++) {
			char color[2] = { c->arrows[i].color, '\0' }, from[3], to[3];
			cJSON *obj = cJSON_CreateObject();
			fen_format_square(c->arrows[i].from, from);
			fen_format_square(c->arrows[i].to, to);
			json_pgn_add(b, obj, "color", cJSON_CreateString(color));
			json_pgn_add(b, obj, "from", cJSON_CreateString(from));
			json_pgn_add(b, obj, "to", cJSON_CreateString(to));
			json_pgn_append(b, arrows, obj);
		}
	}
}

static void json_pgn_variation_begin(void *ctx, int depth)
{
	struct json_pgn *b = ctx;
	cJSON *parent = depth >= 1 && depth <= PGN_DEPTH_MAX ? b->last[depth - 1] : NULL;
	cJSON *line;

	if (!parent)
		return;
	line = cJSON_CreateArray();
	json_pgn_append(b, cJSON_GetObjectItemCaseSensitive(parent, "variations"), line);
	b->line[depth] = b->oom ? NULL : line;
	b->last[depth] = NULL;
	cJSON_Delete(b->before[depth]);
	b->before[depth] = NULL;
}

static void json_pgn_variation_end(void *ctx, int depth)
{
	struct json_pgn *b = ctx;

	if (depth < 1 || depth > PGN_DEPTH_MAX)
		return;
	json_pgn_seal(b, depth);
	b->line[depth] = NULL;
	cJSON_Delete(b->before[depth]);
	b->before[depth] = NULL;
}

static void json_pgn_issue(void *ctx, const struct pgn_issue *issue)
{
	struct json_pgn *b = ctx;
	bool warning = pgn_code_is_warning(issue->code);
	const char *code = issue->code == PGN_WARN_SAN ? san_code_name(issue->san) : pgn_code_name(issue->code);
	cJSON *obj;

	if (!b->game)
		return;
	obj = cJSON_CreateObject();
	json_pgn_add(b, obj, "code", cJSON_CreateString(code));
	json_pgn_add(b, obj, "message", cJSON_CreateString(issue->message));
	json_pgn_add(b, obj, "index", json_pgn_int(issue->game));
	json_pgn_add(b, obj, "line", json_pgn_int((long)issue->line));
	json_pgn_add(b, obj, "column", json_pgn_int((long)issue->column));
	json_pgn_add(b, obj, "ply", issue->ply ? json_pgn_int(issue->ply) : cJSON_CreateNull());
	json_pgn_add(b, obj, "depth", json_pgn_int(issue->depth));
	json_pgn_add(b, obj, "san", issue->token ? json_pgn_string(issue->token, strlen(issue->token)) : cJSON_CreateNull());
	if (!warning && issue->san != SAN_OK)
		json_pgn_add(b, obj, "reason", cJSON_CreateString(san_code_name(issue->san)));
	if (issue->given)
		json_pgn_add(b, obj, "given", json_pgn_string(issue->given, strlen(issue->given)));
	if (issue->became)
		json_pgn_add(b, obj, "became", cJSON_CreateString(issue->became));
	if (issue->candidates && issue->pos) {
		cJSON *list = cJSON_CreateArray();
		json_pgn_add(b, obj, "candidates", list);
		for (int i = 0; !b->oom && i < issue->candidates->count; i++) {
			char san[SAN_MAX], uci[UCI_MAX];
			cJSON *item = cJSON_CreateObject();
			san_format_move(issue->pos, issue->candidates->moves[i], b->lang, SAN_STYLE_SAN, san);
			uci_format_move(issue->pos, issue->candidates->moves[i], uci);
			json_pgn_add(b, item, "san", cJSON_CreateString(san));
			json_pgn_add(b, item, "uci", cJSON_CreateString(uci));
			json_pgn_append(b, list, item);
		}
	}
	json_pgn_append(b, warning ? b->warnings : b->errors, obj);
}

static bool json_pgn_game_end(void *ctx, const struct pgn_game_end *end)
{
	struct json_pgn *b = ctx;
	struct status st;

	for (int d = PGN_DEPTH_MAX; d >= 0; d--) {
		json_pgn_seal(b, d);
		cJSON_Delete(b->before[d]);
		b->before[d] = NULL;
	}
	if (b->game) {
		json_pgn_set(b, b->game, "result", cJSON_CreateString(end->result));
		if (end->final) {
			status_compute(end->final, &st);
			json_pgn_set(b, b->game, "final_fen", json_fen_string(end->final, &b->style));
			json_pgn_set(b, b->game, "status", json_status(end->final, &st));
		}
	}
	cJSON_Delete(b->done);
	b->done = b->game;
	b->game = NULL;
	b->summary = (struct json_pgn_summary){
		.game = end->game,
		.malformed = end->malformed,
		.errors = end->errors,
		.line = end->error_line,
		.column = end->error_column,
	};
	return b->pause;
}

const struct pgn_visitor json_pgn_visitor = {
	.game_begin = json_pgn_game_begin,
	.tag = json_pgn_tag,
	.start = json_pgn_start,
	.move = json_pgn_move,
	.nag = json_pgn_nag,
	.comment = json_pgn_comment,
	.variation_begin = json_pgn_variation_begin,
	.variation_end = json_pgn_variation_end,
	.issue = json_pgn_issue,
	.game_end = json_pgn_game_end,
};

struct json_pgn *json_pgn_new(const struct json_fen_style *style, enum san_lang lang, bool pause)
{
	struct json_pgn *b = calloc(1, sizeof *b);

	if (!b)
		return NULL;
	b->style = *style;
	b->lang = lang;
	b->pause = pause;
	for (int i = 0; i < JSON_PGN_DIGITS; i++)
		snprintf(b->digits[i], sizeof b->digits[i], "%d", i);
	return b;
}

void json_pgn_free(struct json_pgn *b)
{
	if (!b)
		return;
	cJSON_Delete(b->game);
	cJSON_Delete(b->done);
	for (int d = 0; d <= PGN_DEPTH_MAX; d++)
		cJSON_Delete(b->before[d]);
	free(b->scratch);
	free(b);
}

cJSON *json_pgn_take(struct json_pgn *b, struct json_pgn_summary *summary, bool *oom)
{
	cJSON *game = b->done;

	b->done = NULL;
	*oom = b->oom;
	if (summary)
		*summary = b->summary;
	if (b->oom) {
		cJSON_Delete(game);
		b->oom = false;
		return NULL;
	}
	return game;
}
