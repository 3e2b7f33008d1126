/* json-pgn.c -- the JSON of PGN games: a visitor for the core's PGN reader that builds
 * one cJSON object per game (tags, every ply with its SAN, UCI, FEN, comment, NAGs,
 * clock and eval, variations nested with their own FENs, errors and warnings).
 *
 * Only one game is ever held: the caller takes each finished game (json_pgn_take)
 * before the reader goes on, so memory follows the largest game, not the input; the
 * reader's caps per game (pgn.h) bound that game, and this file lists at most
 * PGN_GAME_ISSUES_MAX errors and as many warnings of it. Work is linear in the input:
 * tags are found by a hash of their names, and the comments of an open move are joined
 * in a growing buffer, turned into the JSON string once, when the move is sealed. */
#include "json/json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nag.h"
#include "core/uci.h"
#include "core/utf8.h"

/* Whole numbers below this are printed from the builder's table (digits). */
#define JSON_PGN_DIGITS 1000

/* Slots of the table of a game's tags by name: a power of two, at least twice
 * PGN_GAME_TAGS_MAX (the most the reader gives), so that probes stay short. */
#define JSON_PGN_TAG_SLOTS 256
_Static_assert(JSON_PGN_TAG_SLOTS >= 2 * PGN_GAME_TAGS_MAX && (JSON_PGN_TAG_SLOTS & (JSON_PGN_TAG_SLOTS - 1)) == 0,
	       "the tag table needs twice the tags it holds, in a power of two");

/* A text buffer larger than this is given back when it is emptied (the rest are kept for
 * the next move); a move printed larger than this is handed over rather than copied. */
#define JSON_PGN_KEEP (64 * 1024)

/* A move with at least this many plies in its variations is not printed when sealed:
 * its variations are printed already, and printing them again into the move would hold
 * them twice. Such a move keeps its dozen nodes (with copies of what they referred to),
 * and there are at most PGN_GAME_MOVES_MAX / JSON_PGN_NESTED of them. */
#define JSON_PGN_NESTED 32

/* Text built a piece at a time: the joined comments of a line's open move, the JSON of
 * its marks. */
struct json_pgn_text {
	char *data;                     /* NUL-terminated when length > 0 */
	size_t length, size;
	bool used;                      /* something was added, if only an empty comment */
};

struct json_pgn {
	struct json_fen_style style;
	enum san_lang lang;
	enum msg_lang msg_lang;         /* the language of its own messages */
	bool pause;                     /* game_end asks the reader to pause */
	bool oom;
	cJSON *game;                    /* the game being built */
	cJSON *done;                    /* the last finished game, until taken */
	struct json_pgn_summary summary;
	cJSON *tags, *moves, *errors, *warnings;
	cJSON *line[PGN_DEPTH_MAX + 1]; /* moves array per depth */
	/* A variation is made in its parent's "variations" at its first move, not at its
	 * "(": one without a move is left out (with the comments in it), so that "()"
	 * repeated costs nothing, as it does in the PGN export. Until then: its parent. */
	cJSON *pending[PGN_DEPTH_MAX + 1];
	cJSON *last[PGN_DEPTH_MAX + 1]; /* last move per depth */
	/* Per depth, the comments of the last move joined (before the line's first move:
	 * the game's comment at depth 0, the first move's starting_comment above), and
	 * the JSON of the last move's [%cal]/[%csl] marks. */
	struct json_pgn_text comment[PGN_DEPTH_MAX + 1];
	struct json_pgn_text arrows[PGN_DEPTH_MAX + 1];
	int nested[PGN_DEPTH_MAX + 1];  /* plies in the variations of the last move, per depth */
	cJSON *tag_slots[JSON_PGN_TAG_SLOTS]; /* the game's tags, by the hash of the name */
	int tag_count;
	int listed[2], unlisted[2];     /* errors [0] and warnings [1] of the game */
	unsigned unlisted_line[2], unlisted_column[2]; /* the first one not listed */
	char *scratch;                  /* where a finished move is printed (cJSON_malloc) */
	size_t scratch_size;
	/* The open move of each depth refers to its SAN, UCI and FEN here rather than to
	 * copies: it is printed (sealed) before the next move of its depth is made. */
	struct {
		char san[SAN_MAX], uci[UCI_MAX], fen[FEN_MAX];
	} text[PGN_DEPTH_MAX + 1];
	char digits[JSON_PGN_DIGITS][6]; /* "0", "1", ... for ply and move numbers */
	const struct opening *opening;  /* the main line's most recent named position */
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

/* Makes text (length bytes, NUL-terminated) fit for a JSON string, in place: '?' for
 * bytes that are not UTF-8, and for control characters other than tab, newline and
 * carriage return. PGN has no use for those, and JSON would write each as six bytes. */
static void json_pgn_clean(char *text, size_t length)
{
	for (size_t i = 0; i < length; i++)
		if ((unsigned char)text[i] < 0x20 && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
			text[i] = '?';
	if (utf8_valid_length(text, length) != length)
		utf8_sanitize(text);
}

/* A cJSON string of length bytes of text, made fit for JSON (json_pgn_clean). */
static cJSON *json_pgn_string(const char *text, size_t length)
{
	char small[256];
	char *copy = length < sizeof small ? small : malloc(length + 1);
	cJSON *item;

	if (!copy)
		return NULL;
	memcpy(copy, text, length);
	copy[length] = '\0';
	json_pgn_clean(copy, length);
	item = cJSON_CreateString(copy);
	if (copy != small)
		free(copy);
	return item;
}

/* Appends length bytes of data to t, keeping it NUL-terminated; the buffer grows by
 * doubling, so that appending is linear in all. Marks the builder out of memory on
 * failure. */
static void json_pgn_text_add(struct json_pgn *b, struct json_pgn_text *t, const char *data, size_t length)
{
	t->used = true;
	if (t->length + length + 1 > t->size) {
		size_t size = t->size ? t->size : 256;
		char *grown;
		while (size < t->length + length + 1)
			size *= 2;
		if (!(grown = realloc(t->data, size))) {
			b->oom = true;
			return;
		}
		t->data = grown;
		t->size = size;
	}
	memcpy(t->data + t->length, data, length);
	t->length += length;
	t->data[t->length] = '\0';
}

/* Empties t; a large buffer is given back. */
static void json_pgn_text_clear(struct json_pgn_text *t)
{
	t->length = 0;
	t->used = false;
	if (t->size > JSON_PGN_KEEP) {
		free(t->data);
		t->data = NULL;
		t->size = 0;
	}
}

/* The text of t as a cJSON string (made fit for JSON), and t emptied; NULL when nothing
 * was added to t, or when out of memory (the builder is marked so). */
static cJSON *json_pgn_text_take(struct json_pgn *b, struct json_pgn_text *t)
{
	cJSON *item = NULL;

	if (!t->used)
		return NULL;
	if (t->length) {
		json_pgn_clean(t->data, t->length);
		item = cJSON_CreateString(t->data);
	} else {
		item = cJSON_CreateString("");
	}
	if (!item)
		b->oom = true;
	json_pgn_text_clear(t);
	return item;
}

/* Adds item to obj under name (a string literal: it is not copied); sets *oom when either
 * is NULL. A game has a dozen members per ply, so copying every key was a good part of
 * the time spent. */
static void json_pgn_put(bool *oom, cJSON *obj, const char *name, cJSON *item)
{
	if (!item || !obj || !cJSON_AddItemToObjectCS(obj, name, item)) {
		cJSON_Delete(item);
		*oom = true;
	}
}

static void json_pgn_push(bool *oom, cJSON *array, cJSON *item)
{
	if (!item || !array || !cJSON_AddItemToArray(array, item)) {
		cJSON_Delete(item);
		*oom = true;
	}
}

/* json_pgn_put and json_pgn_push, marking the builder out of memory. */
static void json_pgn_add(struct json_pgn *b, cJSON *obj, const char *name, cJSON *item)
{
	json_pgn_put(&b->oom, obj, name, item);
}

static void json_pgn_append(struct json_pgn *b, cJSON *array, cJSON *item)
{
	json_pgn_push(&b->oom, array, item);
}

/* Sets obj[name] (created as null at first) to item. */
static void json_pgn_set(struct json_pgn *b, cJSON *obj, const char *name, cJSON *item)
{
	if (!item || !obj || !cJSON_ReplaceItemInObjectCaseSensitive(obj, name, item)) {
		cJSON_Delete(item);
		b->oom = true;
	}
}

/* Before a move of depth is printed: its joined comments become its "comment", and its
 * marks its "arrows" (the last member, as before). */
static void json_pgn_finish_move(struct json_pgn *b, cJSON *done, int depth)
{
	struct json_pgn_text *arrows = &b->arrows[depth];
	cJSON *comment = json_pgn_text_take(b, &b->comment[depth]);

	if (comment)
		json_pgn_set(b, done, "comment", comment);
	if (arrows->length) {
		json_pgn_text_add(b, arrows, "]", 1);
		if (!b->oom)
			json_pgn_add(b, done, "arrows", cJSON_CreateRaw(arrows->data));
	}
	json_pgn_text_clear(arrows);
}

/* Makes obj own what its members (and its NAGs') refer to: the SAN, UCI and FEN of the
 * builder's per-depth text and the numbers of its table, which the next move of the depth
 * (or json_pgn_free) reuses. Its variations own theirs already. */
static void json_pgn_own(struct json_pgn *b, cJSON *obj)
{
	cJSON *item = obj->child;

	while (item && !b->oom) {
		cJSON *next = item->next, *copy;
		if (item->type & cJSON_IsReference) {
			copy = (item->type & 0xFF) == cJSON_Raw ? cJSON_CreateRaw(item->valuestring)
								 : cJSON_CreateString(item->valuestring);
			if (!copy) {
				b->oom = true;
				return;
			}
			/* The member's name (a string constant) moves to the copy. */
			copy->string = item->string;
			copy->type |= item->type & cJSON_StringIsConst;
			item->string = NULL;
			if (!cJSON_ReplaceItemViaPointer(obj, item, copy)) {
				item->string = copy->string;
				copy->string = NULL;
				cJSON_Delete(copy);
				b->oom = true;
				return;
			}
		} else if (item->child && item->string && !strcmp(item->string, "nags")) {
			for (cJSON *nag = item->child; nag; nag = nag->next)
				json_pgn_own(b, nag);
		}
		item = next;
	}
}

/* A move is complete once the next move of its line, the end of its line or the end of
 * the game comes: it is then printed and kept as that text (a raw item), and its tree is
 * freed, unless it has JSON_PGN_NESTED plies or more in its variations (json_pgn_own). A
 * game's memory is then its text, not a dozen nodes per ply, and the nodes of one move
 * are reused by the next straight from the allocator's cache. */
static void json_pgn_seal(struct json_pgn *b, int depth)
{
	cJSON *done = b->last[depth], *parent = b->line[depth], *raw;
	int nested = b->nested[depth];

	b->last[depth] = NULL;
	b->nested[depth] = 0;
	if (!done)
		return;
	if (depth > 0)
		b->nested[depth - 1] += 1 + nested;
	if (!parent || b->oom)
		return;
	json_pgn_finish_move(b, done, depth);
	if (b->oom)
		return;
	if (nested >= JSON_PGN_NESTED) {
		json_pgn_own(b, done);
		return;
	}
	for (;;) {
		if (!b->scratch) {
			b->scratch_size = b->scratch_size ? b->scratch_size * 2 : 4096;
			if (!(b->scratch = cJSON_malloc(b->scratch_size))) {
				b->scratch_size = 0;
				b->oom = true;
				return;
			}
		}
		/* cJSON wants 5 bytes more than it prints. */
		if (cJSON_PrintPreallocated(done, b->scratch, (int)b->scratch_size - 5, false))
			break;
		cJSON_free(b->scratch);
		b->scratch = NULL;
		if (b->scratch_size > (size_t)1 << 30) {
			b->oom = true;
			return;
		}
	}
	if (strlen(b->scratch) < JSON_PGN_KEEP) {
		raw = cJSON_CreateRaw(b->scratch);
	} else if ((raw = cJSON_CreateRaw(""))) {
		/* A large move (its variations): the printed text itself becomes the raw
		 * value, rather than a copy of it, and the next move starts a small buffer. */
		cJSON_free(raw->valuestring);
		raw->valuestring = b->scratch;
		b->scratch = NULL;
		b->scratch_size = 0;
	}
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
	memset(b->pending, 0, sizeof b->pending);
	memset(b->last, 0, sizeof b->last);
	memset(b->nested, 0, sizeof b->nested);
	for (int d = 0; d <= PGN_DEPTH_MAX; d++) {
		json_pgn_text_clear(&b->comment[d]);
		json_pgn_text_clear(&b->arrows[d]);
	}
	if (b->tag_count)
		memset(b->tag_slots, 0, sizeof b->tag_slots);
	b->tag_count = 0;
	b->listed[0] = b->listed[1] = b->unlisted[0] = b->unlisted[1] = 0;
	b->opening = NULL;
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

/* The slot of the tag table that holds name, or the empty one where it goes (FNV-1a,
 * linear probing; the table is never more than half full). */
static cJSON **json_pgn_tag_slot(struct json_pgn *b, const char *name)
{
	uint32_t hash = 2166136261u;
	unsigned i;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		hash = (hash ^ *p) * 16777619u;
	for (i = hash & (JSON_PGN_TAG_SLOTS - 1); b->tag_slots[i]; i = (i + 1) & (JSON_PGN_TAG_SLOTS - 1))
		if (!strcmp(b->tag_slots[i]->string, name))
			break;
	return &b->tag_slots[i];
}

/* A tag pair: a repeated tag keeps its last value, in the place of the first. The name
 * is looked up in the game's table, so each tag costs the same however many came
 * before (past half the table, which the reader's PGN_GAME_TAGS_MAX never lets a game
 * reach, by a search of the tags). */
static void json_pgn_tag(void *ctx, const char *name, const char *value, size_t length)
{
	struct json_pgn *b = ctx;
	cJSON *item = json_pgn_string(value, length), *old, **slot = NULL;

	if (!b->tags || !item) {
		cJSON_Delete(item);
		b->oom = true;
		return;
	}
	if (b->tag_count < JSON_PGN_TAG_SLOTS / 2) {
		slot = json_pgn_tag_slot(b, name);
		old = *slot;
	} else {
		old = cJSON_GetObjectItemCaseSensitive(b->tags, name);
	}
	if (old) {
		/* The old member's name moves to the new value, which takes its place. */
		item->string = old->string;
		old->string = NULL;
		if (!cJSON_ReplaceItemViaPointer(b->tags, old, item)) {
			old->string = item->string;
			item->string = NULL;
			cJSON_Delete(item);
			b->oom = true;
			return;
		}
		if (slot)
			*slot = item;
		return;
	}
	/* The name is the reader's, so it is copied. */
	if (!cJSON_AddItemToObject(b->tags, name, item)) {
		cJSON_Delete(item);
		b->oom = true;
		return;
	}
	if (slot) {
		*slot = item;
		b->tag_count++;
	}
}

static void json_pgn_start(void *ctx, const struct position *start, bool chess960)
{
	struct json_pgn *b = ctx;

	if (!b->game)
		return;
	json_pgn_set(b, b->game, "chess960", cJSON_CreateBool(chess960));
	if (start) {
		json_pgn_set(b, b->game, "start_fen", json_fen_string(start, &b->style));
		b->opening = opening_find(start->key);
	}
}

static void json_pgn_move(void *ctx, const struct pgn_move *mv)
{
	struct json_pgn *b = ctx;
	char *san, *uci, *fen;
	cJSON *obj, *starting = NULL;
	const struct opening *own;

	if (mv->depth > PGN_DEPTH_MAX)
		return;
	/* the position's own name; the game's is the main line's most recent one */
	own = mv->after ? opening_find(mv->after->key) : NULL;
	if (mv->depth == 0 && own)
		b->opening = own;
	if (!b->line[mv->depth] && b->pending[mv->depth]) {
		/* A variation's first move: the variation is made now. */
		cJSON *line = cJSON_CreateArray();
		json_pgn_append(b, cJSON_GetObjectItemCaseSensitive(b->pending[mv->depth], "variations"), line);
		b->line[mv->depth] = b->oom ? NULL : line;
		b->pending[mv->depth] = NULL;
	}
	if (!b->line[mv->depth])
		return;
	if (b->last[mv->depth]) {
		json_pgn_seal(b, mv->depth);
	} else {
		/* The line's first move: the comments before it are the game's comment, or
		 * (in a variation) the move's starting_comment. */
		starting = json_pgn_text_take(b, &b->comment[mv->depth]);
		if (starting && mv->depth == 0) {
			json_pgn_set(b, b->game, "comment", starting);
			starting = NULL;
		}
	}
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
	json_pgn_add(b, obj, "opening", json_opening(own));
	json_pgn_add(b, obj, "comment", cJSON_CreateNull());
	if (starting)
		json_pgn_add(b, obj, "starting_comment", starting);
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

/* A comment of the last move of its line (or before the line's first move): joined to
 * the move's comments before it with a space, in the line's buffer. The reader keeps a
 * move's comments within PGN_MOVE_COMMENT_MAX and its marks within PGN_ARROWS_MAX. */
static void json_pgn_comment(void *ctx, const struct pgn_comment *c)
{
	struct json_pgn *b = ctx;
	struct json_pgn_text *text;
	cJSON *last;

	if (!b->game || c->depth > PGN_DEPTH_MAX || (!b->line[c->depth] && !b->pending[c->depth]))
		return;
	last = b->last[c->depth];
	/* A comment after a move belongs to the line's last move, one before the first move
	 * to the line; anything else would come from a move that was not built. */
	if (c->after_move != (last != NULL))
		return;
	text = &b->comment[c->depth];
	if (text->used)
		json_pgn_text_add(b, text, " ", 1);
	json_pgn_text_add(b, text, c->text, c->length);
	if (!last)
		return;
	if (c->has_clock)
		json_pgn_set(b, last, "clock", cJSON_CreateNumber(c->clock));
	if (c->has_eval) {
		char mate[16];
		snprintf(mate, sizeof mate, "#%d", c->mate);
		json_pgn_set(b, last, "eval", c->eval_mate ? cJSON_CreateString(mate) : cJSON_CreateNumber(c->eval));
	}
	/* The marks as JSON text ({"color", "from", "to"}: letters and squares, nothing to
	 * escape), made the move's "arrows" when it is sealed. */
	for (int i = 0; !b->oom && i < c->arrow_count; i++) {
		char from[3], to[3], item[64];
		int n;
		fen_format_square(c->arrows[i].from, from);
		fen_format_square(c->arrows[i].to, to);
		n = snprintf(item, sizeof item, "%c{\"color\":\"%c\",\"from\":\"%s\",\"to\":\"%s\"}",
			     b->arrows[c->depth].length ? ',' : '[', c->arrows[i].color, from, to);
		json_pgn_text_add(b, &b->arrows[c->depth], item, (size_t)n);
	}
}

static void json_pgn_variation_begin(void *ctx, int depth)
{
	struct json_pgn *b = ctx;
	cJSON *parent = depth >= 1 && depth <= PGN_DEPTH_MAX ? b->last[depth - 1] : NULL;

	if (!parent)
		return;
	b->pending[depth] = parent;
	b->line[depth] = NULL;
	b->last[depth] = NULL;
	b->nested[depth] = 0;
	json_pgn_text_clear(&b->comment[depth]);
	json_pgn_text_clear(&b->arrows[depth]);
}

static void json_pgn_variation_end(void *ctx, int depth)
{
	struct json_pgn *b = ctx;

	if (depth < 1 || depth > PGN_DEPTH_MAX)
		return;
	json_pgn_seal(b, depth);
	b->line[depth] = NULL;
	b->pending[depth] = NULL;
	/* The comments of a variation without a move go with it. */
	json_pgn_text_clear(&b->comment[depth]);
	json_pgn_text_clear(&b->arrows[depth]);
}

cJSON *json_pgn_issue(const struct pgn_issue *issue, enum san_lang lang)
{
	bool warning = pgn_code_is_warning(issue->code), oom = false;
	const char *code = issue->code == PGN_WARN_SAN ? san_code_name(issue->san) : pgn_code_name(issue->code);
	cJSON *obj = cJSON_CreateObject();

	json_pgn_put(&oom, obj, "code", cJSON_CreateString(code));
	json_pgn_put(&oom, obj, "message", cJSON_CreateString(issue->message));
	json_pgn_put(&oom, obj, "index", json_pgn_int(issue->game));
	json_pgn_put(&oom, obj, "line", json_pgn_int((long)issue->line));
	json_pgn_put(&oom, obj, "column", json_pgn_int((long)issue->column));
	json_pgn_put(&oom, obj, "ply", issue->ply ? json_pgn_int(issue->ply) : cJSON_CreateNull());
	json_pgn_put(&oom, obj, "depth", json_pgn_int(issue->depth));
	json_pgn_put(&oom, obj, "san",
		     issue->token ? json_pgn_string(issue->token, strlen(issue->token)) : cJSON_CreateNull());
	if (!warning && issue->san != SAN_OK)
		json_pgn_put(&oom, obj, "reason", cJSON_CreateString(san_code_name(issue->san)));
	if (issue->given)
		json_pgn_put(&oom, obj, "given", json_pgn_string(issue->given, strlen(issue->given)));
	if (issue->became)
		json_pgn_put(&oom, obj, "became", cJSON_CreateString(issue->became));
	if (issue->readings && issue->pos) {
		/* ambiguous_language: the languages, and what the move is in each */
		cJSON *list = cJSON_CreateArray();
		json_pgn_put(&oom, obj, "langs", json_lang_names(issue->reading_langs[0] | issue->reading_langs[1]));
		json_pgn_put(&oom, obj, "readings", list);
		for (int k = 0; !oom && k < 2; k++) {
			char san[SAN_MAX], uci[UCI_MAX];
			cJSON *item = cJSON_CreateObject();
			san_format_move(issue->pos, issue->readings[k], lang, SAN_STYLE_SAN, san);
			uci_format_move(issue->pos, issue->readings[k], uci);
			json_pgn_put(&oom, item, "langs", json_lang_names(issue->reading_langs[k]));
			json_pgn_put(&oom, item, "uci", cJSON_CreateString(uci));
			json_pgn_put(&oom, item, "san", cJSON_CreateString(san));
			json_pgn_push(&oom, list, item);
		}
	}
	if (issue->candidates && issue->pos) {
		cJSON *list = cJSON_CreateArray();
		json_pgn_put(&oom, obj, "candidates", list);
		for (int i = 0; !oom && i < issue->candidates->count; i++) {
			char san[SAN_MAX], uci[UCI_MAX];
			cJSON *item = cJSON_CreateObject();
			san_format_move(issue->pos, issue->candidates->moves[i], lang, SAN_STYLE_SAN, san);
			uci_format_move(issue->pos, issue->candidates->moves[i], uci);
			json_pgn_put(&oom, item, "san", cJSON_CreateString(san));
			json_pgn_put(&oom, item, "uci", cJSON_CreateString(uci));
			json_pgn_push(&oom, list, item);
		}
	}
	if (oom) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* Adds a problem to the game's errors or warnings. */
static void json_pgn_issue_add(struct json_pgn *b, const struct pgn_issue *issue)
{
	json_pgn_append(b, pgn_code_is_warning(issue->code) ? b->warnings : b->errors, json_pgn_issue(issue, b->lang));
}

/* A problem: listed while the game has fewer than PGN_GAME_ISSUES_MAX of its kind, else
 * counted (json_pgn_unlisted says how many at the end). */
static void json_pgn_on_issue(void *ctx, const struct pgn_issue *issue)
{
	struct json_pgn *b = ctx;
	int kind = pgn_code_is_warning(issue->code);

	if (!b->game)
		return;
	if (b->listed[kind] < PGN_GAME_ISSUES_MAX) {
		b->listed[kind]++;
		json_pgn_issue_add(b, issue);
	} else if (b->unlisted[kind]++ == 0) {
		b->unlisted_line[kind] = issue->line;
		b->unlisted_column[kind] = issue->column;
	}
}

/* At the end of game: one warning for the errors, and one for the warnings, left out of
 * their lists, with the place of the first one left out. */
static void json_pgn_unlisted(struct json_pgn *b, int game)
{
	char message[PGN_MESSAGE_MAX];

	for (int kind = 0; kind < 2; kind++) {
		if (!b->unlisted[kind])
			continue;
		error_message(message, sizeof message, b->msg_lang,
			      kind ? MSG_GAMES_J_WARNINGS_UNLISTED : MSG_GAMES_J_ERRORS_UNLISTED, b->unlisted[kind],
			      PGN_GAME_ISSUES_MAX);
		struct pgn_issue issue = {
			.code = kind ? PGN_WARN_WARNINGS_NOT_LISTED : PGN_WARN_ERRORS_NOT_LISTED,
			.san = SAN_OK,
			.game = game,
			.line = b->unlisted_line[kind],
			.column = b->unlisted_column[kind],
			.message = message,
		};
		json_pgn_issue_add(b, &issue);
	}
}

static bool json_pgn_game_end(void *ctx, const struct pgn_game_end *end)
{
	struct json_pgn *b = ctx;
	struct status st;

	for (int d = PGN_DEPTH_MAX; d >= 0; d--)
		json_pgn_seal(b, d);
	if (b->game) {
		/* A game without moves: its comments are the game's. */
		cJSON *comment = json_pgn_text_take(b, &b->comment[0]);
		if (comment)
			json_pgn_set(b, b->game, "comment", comment);
		json_pgn_unlisted(b, end->game);
		json_pgn_set(b, b->game, "result", cJSON_CreateString(end->result));
		/* the language the moves were read in, when it was detected and is not English */
		if (end->lang_detected)
			json_pgn_add(b, b->game, "lang_detected", cJSON_CreateStringReference(san_lang_name(end->lang)));
		if (end->final) {
			status_compute(end->final, &st);
			json_pgn_set(b, b->game, "final_fen", json_fen_string(end->final, &b->style));
			json_pgn_set(b, b->game, "status", json_status(end->final, &st));
		}
		/* the game's opening, and whether its ECO and Opening tags say the same */
		int agrees = opening_tags_agree(b->opening, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b->tags, "ECO")),
						cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b->tags, "Opening")));
		json_pgn_add(b, b->game, "opening", json_opening(b->opening));
		json_pgn_add(b, b->game, "opening_agrees", agrees < 0 ? cJSON_CreateNull() : cJSON_CreateBool(agrees));
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
	.issue = json_pgn_on_issue,
	.game_end = json_pgn_game_end,
};

void json_pgn_set_msg_lang(struct json_pgn *b, enum msg_lang lang)
{
	b->msg_lang = lang;
}

struct json_pgn *json_pgn_new(const struct json_fen_style *style, enum san_lang lang, bool pause)
{
	struct json_pgn *b = calloc(1, sizeof *b);

	if (!b)
		return NULL;
	b->style = *style;
	b->lang = lang;
	b->pause = pause;
	b->msg_lang = MSG_EN;
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
	for (int d = 0; d <= PGN_DEPTH_MAX; d++) {
		free(b->comment[d].data);
		free(b->arrows[d].data);
	}
	cJSON_free(b->scratch);
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
