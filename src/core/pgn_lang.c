/* pgn_lang.c -- the piece-letter language of a PGN game read with options.detect_lang:
 * the candidates narrowed move by move (san_detect.h), and the game held back while two
 * languages read it into different games.
 *
 * Most games never hold anything: the candidates read every move alike (an English game
 * is decided at its first N, B or Q, an Italian one at its first C, A or D), so each move
 * is read once, in the first candidate, and given to the visitor at once. Only R (the
 * English rook, the Italian, Spanish and French king) and P (the Dutch knight, a pawn's
 * letter elsewhere) can part them, and only when both readings of such a move are legal.
 * From that move on the reader keeps its events (pgn_lang.h) in r->defer.events and plays
 * each in every reading: the reader's own state is the first reading, r->defer.slots
 * hold the others, and r->defer.base the game as it was when they parted. Once one
 * reading is left (the others read a move that is not legal), or all have failed, or the
 * game ends, the game is put back as it was and the events given to the visitor again in
 * the language chosen, as if it had been read so from the start. Two readings still
 * going at the end of the game (or past PGN_DEFER_MAX bytes of events) are ambiguous: the
 * move where they part is the error ambiguous_language, and the first reading goes on
 * for the rest of the game. */
#include "pgn_lang.h"

#include "error.h"

#include <stdio.h>
#include <string.h>

/* How an event is kept: this header, then its text and a NUL. */
struct pgn_event_head {
	unsigned kind, line, column;
	int value;
	size_t length;
	bool has_text;
};

static const struct pgn_visitor pgn_lang_silent;

void pgn_lang_reset(struct pgn_reader *r)
{
	memset(&r->lang, 0, sizeof r->lang);
	r->lang.alive = r->options.detect_lang ? SAN_LANG_SET_ALL : SAN_LANG_BIT(r->options.san.lang);
	r->defer.on = r->defer.replaying = r->defer.shadow = false;
	r->defer.count = 1;
	r->defer.used = 0;
}

/* Notes where English stops being a candidate (the warning's place). */
static void pgn_lang_english_out(struct pgn_reader *r, struct pgn_lang *lang, const char *text, size_t n,
				 unsigned column)
{
	if (lang->english_ply || !(lang->alive & SAN_LANG_BIT(SAN_LANG_EN)))
		return;
	lang->english_ply = r->lines[r->depth].ply + 1;
	lang->english_depth = r->depth;
	lang->english_line = r->tok_line;
	lang->english_column = column;
	if (n > PGN_TOKEN_MAX)
		n = PGN_TOKEN_MAX;
	memcpy(lang->english_token, text, n);
	lang->english_token[n] = '\0';
}

/* The candidates become set. */
static void pgn_lang_narrow(struct pgn_reader *r, san_lang_set set, const char *text, size_t n, unsigned column)
{
	if (!(set & SAN_LANG_BIT(SAN_LANG_EN)))
		pgn_lang_english_out(r, &r->lang, text, n, column);
	r->lang.alive = set;
}

/* The part of the reader's state a reading has of its own, copied out of or into it. */
static void pgn_lang_save(const struct pgn_reader *r, struct pgn_shadow *s)
{
	s->lang = r->lang;
	s->depth = r->depth;
	s->overflow = r->overflow;
	s->moves = r->moves;
	s->errors = r->errors;
	s->warnings = r->warnings;
	s->nags = r->nags;
	s->first_error_syntax = r->first_error_syntax;
	s->nags_cut = r->nags_cut;
	s->error_line = r->error_line;
	s->error_column = r->error_column;
	memcpy(s->lines, r->lines, sizeof s->lines);
}

static void pgn_lang_load(struct pgn_reader *r, const struct pgn_shadow *s)
{
	r->lang = s->lang;
	r->depth = s->depth;
	r->overflow = s->overflow;
	r->moves = s->moves;
	r->errors = s->errors;
	r->warnings = s->warnings;
	r->nags = s->nags;
	r->first_error_syntax = s->first_error_syntax;
	r->nags_cut = s->nags_cut;
	r->error_line = s->error_line;
	r->error_column = s->error_column;
	memcpy(r->lines, s->lines, sizeof r->lines);
}

#define PGN_LANG_SWAP(a, b)                 \
	do {                                \
		__typeof__(a) swap_ = (a); \
		(a) = (b);                  \
		(b) = swap_;                \
	} while (0)

/* Exchanges the reader's reading with the one in s (the lines a piece at a time: no room
 * for a third copy). */
static void pgn_lang_swap(struct pgn_reader *r, struct pgn_shadow *s)
{
	unsigned char chunk[512], *a = (unsigned char *)r->lines, *b = (unsigned char *)s->lines;

	PGN_LANG_SWAP(r->lang, s->lang);
	PGN_LANG_SWAP(r->depth, s->depth);
	PGN_LANG_SWAP(r->overflow, s->overflow);
	PGN_LANG_SWAP(r->moves, s->moves);
	PGN_LANG_SWAP(r->errors, s->errors);
	PGN_LANG_SWAP(r->warnings, s->warnings);
	PGN_LANG_SWAP(r->nags, s->nags);
	PGN_LANG_SWAP(r->first_error_syntax, s->first_error_syntax);
	PGN_LANG_SWAP(r->nags_cut, s->nags_cut);
	PGN_LANG_SWAP(r->error_line, s->error_line);
	PGN_LANG_SWAP(r->error_column, s->error_column);
	for (size_t done = 0, n; done < sizeof r->lines; done += n) {
		n = sizeof r->lines - done < sizeof chunk ? sizeof r->lines - done : sizeof chunk;
		memcpy(chunk, a + done, n);
		memcpy(a + done, b + done, n);
		memcpy(b + done, chunk, n);
	}
}

/* Keeps ev; false when it does not fit. */
static bool pgn_lang_keep(struct pgn_defer *d, const struct pgn_event *ev)
{
	struct pgn_event_head head = { (unsigned)ev->kind, ev->line, ev->column, ev->value, ev->text ? ev->length : 0,
				       ev->text != NULL };
	size_t need = sizeof head + head.length + 1;

	if (need > sizeof d->events - d->used)
		return false;
	memcpy(d->events + d->used, &head, sizeof head);
	if (ev->text)
		memcpy(d->events + d->used + sizeof head, ev->text, head.length);
	d->events[d->used + sizeof head + head.length] = '\0';
	d->used += need;
	return true;
}

/* The kept event at *at, and *at moved past it. */
static void pgn_lang_kept(const struct pgn_defer *d, size_t *at, struct pgn_event *ev)
{
	struct pgn_event_head head;

	memcpy(&head, d->events + *at, sizeof head);
	ev->kind = (enum pgn_event_kind)head.kind;
	ev->line = head.line;
	ev->column = head.column;
	ev->value = head.value;
	ev->length = head.length;
	ev->text = head.has_text ? (const char *)d->events + *at + sizeof head : NULL;
	*at += sizeof head + head.length + 1;
}

/* The lang of reading k (0: the reader's own). */
static struct pgn_lang *pgn_lang_of(struct pgn_reader *r, int k)
{
	return k ? &r->defer.slots[k - 1].lang : &r->lang;
}

/* Plays ev in every reading, with no word to the visitor. Only what changes the lines
 * matters to a reading: moves, variations, and what stops a line. */
static void pgn_lang_run(struct pgn_reader *r, const struct pgn_event *ev)
{
	const struct pgn_visitor *visitor = r->visitor;
	unsigned tok_line = r->tok_line, tok_column = r->tok_column;

	if (ev->kind != PGN_EV_MOVE && ev->kind != PGN_EV_OPEN && ev->kind != PGN_EV_CLOSE &&
	    ev->kind != PGN_EV_UNEXPECTED && ev->kind != PGN_EV_TOO_LONG)
		return;
	r->visitor = &pgn_lang_silent;
	r->defer.shadow = true;
	/* a reading may part in two as it plays ev: the new one plays ev too */
	for (int k = 0; k < r->defer.count; k++) {
		if (k)
			pgn_lang_swap(r, &r->defer.slots[k - 1]);
		pgn_event_play(r, ev);
		if (k)
			pgn_lang_swap(r, &r->defer.slots[k - 1]);
	}
	r->defer.shadow = false;
	r->visitor = visitor;
	r->tok_line = tok_line;
	r->tok_column = tok_column;
}

enum pgn_lang_outcome { PGN_LANG_ONE, PGN_LANG_NONE, PGN_LANG_BOTH };

/* Puts the game back as it was when the readings parted and gives the events held to the
 * visitor, read in the reading chosen (the one left, or the one that went furthest), or
 * for two readings left (both), with the move where they part as the error and the
 * first reading after it. */
static void pgn_lang_give(struct pgn_reader *r, enum pgn_lang_outcome outcome)
{
	struct pgn_defer *d = &r->defer;
	struct pgn_lang chosen = d->base.lang;
	unsigned tok_line = r->tok_line, tok_column = r->tok_column;
	int best = -1;
	size_t at = 0;

	for (int k = 0; k < d->count; k++) {
		const struct pgn_lang *l = pgn_lang_of(r, k);
		bool better;
		if (outcome == PGN_LANG_NONE)
			better = best < 0 || l->reach > pgn_lang_of(r, best)->reach ||
				 (l->reach == pgn_lang_of(r, best)->reach &&
				  san_detect_first(l->alive) < san_detect_first(pgn_lang_of(r, best)->alive));
		else
			better = !l->dead && (best < 0 || san_detect_first(l->alive) < san_detect_first(pgn_lang_of(r, best)->alive));
		if (better)
			best = k;
	}
	if (best >= 0 && outcome != PGN_LANG_BOTH) {
		/* the reading's own view of the language, its failure to come again as the
		 * events are played */
		chosen = *pgn_lang_of(r, best);
		chosen.failed = d->base.lang.failed;
		chosen.fail_ply = d->base.lang.fail_ply;
	} else if (best >= 0) {
		chosen.alive = pgn_lang_of(r, best)->alive;
		chosen.ambiguous = chosen.pending = true;
	}
	chosen.dead = false;
	chosen.reach = 0;
	pgn_lang_load(r, &d->base);
	r->lang = chosen;
	d->on = false;
	d->replaying = true;
	while (at < d->used) {
		struct pgn_event ev;
		pgn_lang_kept(d, &at, &ev);
		pgn_event_play(r, &ev);
	}
	d->replaying = false;
	d->used = 0;
	d->count = 1;
	r->tok_line = tok_line;
	r->tok_column = tok_column;
}

/* After an event: one reading left, or none, ends the holding. */
static void pgn_lang_check(struct pgn_reader *r)
{
	int alive = 0;

	for (int k = 0; k < r->defer.count; k++)
		alive += !pgn_lang_of(r, k)->dead;
	if (alive < 2)
		pgn_lang_give(r, alive ? PGN_LANG_ONE : PGN_LANG_NONE);
}

/* Two readings of the move text from here: hold the game. */
static void pgn_lang_hold(struct pgn_reader *r, const san_lang_set cls[2], const move m[2], const char *text, size_t n,
			  unsigned column)
{
	struct pgn_defer *d = &r->defer;
	const struct pgn_line *line = &r->lines[r->depth];
	struct pgn_event ev = { PGN_EV_MOVE, r->tok_line, column, 0, text, n };

	d->on = true;
	d->used = 0;
	d->ply = line->ply + 1;
	d->depth = r->depth;
	d->line = r->tok_line;
	d->column = column;
	snprintf(d->token, sizeof d->token, "%.*s", (int)n, text);
	d->langs[0] = cls[0];
	d->langs[1] = cls[1];
	d->moves[0] = m[0];
	d->moves[1] = m[1];
	pgn_lang_save(r, &d->base);
	for (int k = 1; k >= 0; k--) {
		struct pgn_lang *l = &r->lang;
		if (k)
			pgn_lang_save(r, &d->slots[0]), l = &d->slots[0].lang;
		if (!(cls[k] & SAN_LANG_BIT(SAN_LANG_EN)))
			pgn_lang_english_out(r, l, text, n, column);
		l->alive = cls[k];
	}
	d->count = 2;
	pgn_lang_keep(d, &ev);
	pgn_lang_run(r, &ev);
	pgn_lang_check(r);
}

/* The reading in the reader parts in two as it plays a move: the other goes to a slot
 * (playing the same move next). With no slot left (two are all that san_detect.h's
 * letters can make at once) the other reading is let go. */
static void pgn_lang_fork(struct pgn_reader *r, san_lang_set other, const char *text, size_t n, unsigned column)
{
	struct pgn_defer *d = &r->defer;
	struct pgn_shadow *s;

	if (d->count - 1 >= (int)(sizeof d->slots / sizeof d->slots[0]))
		return;
	s = &d->slots[d->count - 1];
	pgn_lang_save(r, s);
	if (!(other & SAN_LANG_BIT(SAN_LANG_EN)))
		pgn_lang_english_out(r, &s->lang, text, n, column);
	s->lang.alive = other;
	d->count++;
}

/* Reads text in lang from the current line's position: the move, or MOVE_NONE. */
static move pgn_lang_try(struct pgn_reader *r, const char *text, size_t n, enum san_lang lang)
{
	struct san_parse_options options = { lang, false, MSG_EN };

	return san_parse_move(&r->lines[r->depth].pos, text, n, &options, &r->san) == SAN_OK ? r->san.m : MOVE_NONE;
}

enum pgn_lang_step pgn_lang_move(struct pgn_reader *r, const char *text, size_t n, unsigned column,
				 enum san_lang *lang)
{
	struct pgn_lang *l = &r->lang;
	struct san_detect_token tok;
	san_lang_set set, cls[2];
	move m[2];

	*lang = san_detect_first(l->alive);
	if (l->pending) {
		l->pending = false;
		return PGN_LANG_AMBIGUOUS;
	}
	san_detect_token(text, n, &tok);
	set = l->alive & tok.langs;
	/* letters of no candidate: the reading in the first says what is wrong, if anything;
	 * but a reading held beside another ends here (the other may own the letters) */
	if (!set) {
		if (r->defer.shadow && !l->dead) {
			l->dead = true;
			l->reach = 2 * r->moves;
		}
		return PGN_LANG_READ;
	}
	cls[0] = set & tok.split;
	cls[1] = set & (san_lang_set)~tok.split;
	if (!cls[0] || !cls[1]) {
		pgn_lang_narrow(r, set, text, n, column);
		*lang = san_detect_first(set);
		return PGN_LANG_READ;
	}
	if (san_detect_first(cls[1]) < san_detect_first(cls[0])) {
		san_lang_set swap = cls[0];
		cls[0] = cls[1];
		cls[1] = swap;
	}
	m[0] = pgn_lang_try(r, text, n, san_detect_first(cls[0]));
	m[1] = pgn_lang_try(r, text, n, san_detect_first(cls[1]));
	if (m[0] == MOVE_NONE || m[1] == MOVE_NONE || m[0] == m[1] || r->defer.replaying) {
		/* one reading (both failing: both stay, and the first says why) */
		set = m[0] == MOVE_NONE && m[1] != MOVE_NONE ? cls[1] : m[1] == MOVE_NONE && m[0] != MOVE_NONE ? cls[0]
			: m[0] == m[1] ? set : cls[0];
		pgn_lang_narrow(r, set, text, n, column);
		*lang = san_detect_first(set);
		return PGN_LANG_READ;
	}
	if (r->defer.shadow) {
		/* a reading that failed already does not start another */
		if (!r->lang.dead)
			pgn_lang_fork(r, cls[1], text, n, column);
		pgn_lang_narrow(r, cls[0], text, n, column);
		*lang = san_detect_first(cls[0]);
		return PGN_LANG_READ;
	}
	pgn_lang_hold(r, cls, m, text, n, column);
	return PGN_LANG_HELD;
}

void pgn_lang_failed(struct pgn_reader *r, int ply)
{
	if (r->defer.shadow) {
		/* a move that does not read goes further than letters that do not fit */
		if (!r->lang.dead) {
			r->lang.dead = true;
			r->lang.reach = 2 * r->moves + 1;
		}
		return;
	}
	if (!r->lang.failed) {
		r->lang.failed = true;
		r->lang.fail_ply = ply;
	}
}

bool pgn_lang_defer(struct pgn_reader *r, const struct pgn_event *ev)
{
	struct pgn_defer *d = &r->defer;

	if (!pgn_lang_keep(d, ev)) {
		pgn_lang_give(r, PGN_LANG_BOTH);
		return false;
	}
	/* a result at the top ends the game: decide, and give it with the rest */
	if (ev->kind == PGN_EV_RESULT && r->depth == 0 && !r->overflow) {
		pgn_lang_settle(r);
		return true;
	}
	pgn_lang_run(r, ev);
	if (d->on)
		pgn_lang_check(r);
	return true;
}

void pgn_lang_settle(struct pgn_reader *r)
{
	int alive = 0;

	if (!r->defer.on)
		return;
	for (int k = 0; k < r->defer.count; k++)
		alive += !pgn_lang_of(r, k)->dead;
	pgn_lang_give(r, alive >= 2 ? PGN_LANG_BOTH : alive ? PGN_LANG_ONE : PGN_LANG_NONE);
}

void pgn_lang_message(const struct pgn_reader *r, char *out, size_t size)
{
	char reading[160];

	san_detect_reading(r->lang.alive, reading, sizeof reading);
	if (r->lang.failed)
		error_message(out, size, r->options.lang, MSG_GAMES_LANG_NONE, reading,
			 r->lang.fail_ply - 1);
	else
		error_message(out, size, r->options.lang, MSG_GAMES_LANG_DETECTED, reading);
}

void pgn_lang_ambiguous_message(const struct pgn_reader *r, const struct position *pos, char *out, size_t size)
{
	const struct pgn_defer *d = &r->defer;
	char san[2][SAN_MAX], names[2][80];

	for (int k = 0; k < 2; k++) {
		san_format_move(pos, d->moves[k], SAN_LANG_EN, SAN_STYLE_SAN, san[k]);
		san_detect_labels(d->langs[k], names[k], sizeof names[k]);
	}
	error_message(out, size, r->options.lang, MSG_GAMES_LANG_AMBIGUOUS, d->token,
		 san[0], names[0], san[1], names[1]);
}
