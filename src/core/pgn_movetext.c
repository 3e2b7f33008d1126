/* pgn_movetext.c -- what the PGN reader does with a movetext token: move numbers, moves
 * (SAN, or UCI with a warning), NAGs and glyphs, results, and a line stopped by an error. */
#include "pgn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nag.h"
#include "pgn_internal.h"
#include "pgn_lang.h"
#include "uci.h"
#include "utf8.h"

/* Stops the current line after an error: its later moves are skipped. */
void pgn_line_stop(struct pgn_reader *r)
{
	r->lines[r->depth].dead = true;
}

/* True when the current line's moves are being skipped (reporting that once). */
static bool pgn_line_skipping(struct pgn_reader *r, const char *token, unsigned column)
{
	struct pgn_line *line = &r->lines[r->depth];

	if (r->overflow)
		return true;
	if (!line->dead)
		return false;
	if (!line->skipped) {
		line->skipped = true;
		struct pgn_issue issue = { .san = SAN_OK, .token = token, .ply = line->ply + 1 };
		pgn_issue(r, &issue, PGN_WARN_SKIPPED, column,
			  r->depth ? MSG_GAMES_SKIPPED_VARIATION : MSG_GAMES_SKIPPED_MAINLINE);
	}
	return true;
}

static bool pgn_looks_uci(const char *t, size_t n)
{
	return (n == 4 || (n == 5 && strchr("qrbnQRBN", t[4]))) && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' &&
	       t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

/* Gives the visitor a NAG of the current line's last move, within PGN_MOVE_NAGS_MAX for
 * the move and PGN_GAME_NAGS_MAX for the game; past either it is dropped, with a warning
 * once for the move (or the game). token is the NAG as written, or NULL. */
static void pgn_nag_give(struct pgn_reader *r, int nag, const char *token, unsigned column)
{
	struct pgn_line *line = &r->lines[r->depth];
	struct pgn_issue issue = { .san = SAN_OK, .token = token, .ply = line->ply };

	if (r->nags >= PGN_GAME_NAGS_MAX) {
		if (!r->nags_cut) {
			r->nags_cut = true;
			pgn_issue(r, &issue, PGN_WARN_NAGS_DROPPED, column,
				  MSG_GAMES_GAME_NAGS_DROPPED,
				  PGN_GAME_NAGS_MAX, nag);
		}
		return;
	}
	if (line->nags >= PGN_MOVE_NAGS_MAX) {
		if (!line->nags_cut) {
			line->nags_cut = true;
			pgn_issue(r, &issue, PGN_WARN_NAGS_DROPPED, column,
				  MSG_GAMES_MOVE_NAGS_DROPPED,
				  line->ply, PGN_MOVE_NAGS_MAX, nag);
		}
		return;
	}
	line->nags++;
	r->nags++;
	if (r->visitor->nag)
		r->visitor->nag(r->ctx, nag, r->depth);
}

void pgn_nag(struct pgn_reader *r, int nag, const char *token, unsigned column)
{
	struct pgn_line *line;

	PGN_HOLD(r, .kind = PGN_EV_NAG, .line = r->tok_line, .column = column, .value = nag, .text = token,
		 .length = token ? strlen(token) : 0);
	pgn_start(r);
	line = &r->lines[r->depth];
	if (r->overflow || line->dead)
		return;
	if (!line->has_move) {
		struct pgn_issue issue = { .san = SAN_OK, .token = token };
		pgn_issue(r, &issue, PGN_WARN_NAG_WITHOUT_MOVE, column, MSG_GAMES_NAG_WITHOUT_MOVE,
			  token);
	} else if (nag > NAG_MAX) {
		struct pgn_issue issue = { .san = SAN_OK, .token = token };
		pgn_issue(r, &issue, PGN_WARN_NAG_OUT_OF_RANGE, column, MSG_GAMES_NAG_OUT_OF_RANGE, token);
	} else {
		pgn_nag_give(r, nag, token, column);
	}
}

static void pgn_number(struct pgn_reader *r, const char *t, size_t n, unsigned column)
{
	struct pgn_line *line;
	long number = 0;

	PGN_HOLD(r, .kind = PGN_EV_NUMBER, .line = r->tok_line, .column = column, .text = t, .length = n);
	pgn_start(r);
	line = &r->lines[r->depth];
	if (r->overflow || line->dead)
		return;
	for (size_t i = 0; i < n && number < 100000000; i++)
		number = number * 10 + (t[i] - '0');
	if (number != (long)line->pos.fullmove) {
		struct pgn_issue issue = { .san = SAN_OK, .token = t, .ply = line->ply + 1 };
		pgn_issue(r, &issue, PGN_WARN_MOVE_NUMBER_MISMATCH, column,
			  MSG_GAMES_MOVE_NUMBER_MISMATCH, number, (unsigned)line->pos.fullmove);
	}
}

static void pgn_move(struct pgn_reader *r, const char *t, size_t n, unsigned column)
{
	struct san_parse_result *res = &r->san;
	struct pgn_line *line;
	struct position_undo undo;
	char text[PGN_TOKEN_MAX + 1];
	size_t kept;
	int nag, nags[SAN_NAGS_MAX], nag_count = 0;
	bool standard = false;
	move m;

	PGN_HOLD(r, .kind = PGN_EV_MOVE, .line = r->tok_line, .column = column, .text = t, .length = n);
	pgn_start(r);
	memcpy(text, t, n);
	text[n] = '\0';
	if (pgn_line_skipping(r, text, column))
		return;
	line = &r->lines[r->depth];
	if (r->moves >= PGN_GAME_MOVES_MAX) {
		struct pgn_issue issue = { .san = SAN_OK, .token = text, .ply = line->ply + 1 };
		pgn_issue(r, &issue, PGN_ERR_GAME_TOO_LARGE, column,
			  MSG_GAMES_GAME_TOO_LARGE,
			  PGN_GAME_MOVES_MAX);
		for (int d = 0; d <= r->depth; d++)
			r->lines[d].dead = r->lines[d].skipped = true;
		return;
	}
	/* A UCI move (lenient reading only: movetext is SAN, PGN standard 8.2.3), with its
	 * move suffix if any. */
	nag = nag_suffix(text, n, &kept);
	if (!r->options.san.strict && pgn_looks_uci(text, kept) && uci_parse_move(&line->pos, text, kept, &m) == UCI_OK) {
		text[kept] = '\0';
		struct pgn_issue issue = { .san = SAN_OK, .token = text, .ply = line->ply + 1 };
		pgn_issue(r, &issue, PGN_WARN_UCI_MOVE, column, MSG_GAMES_UCI_MOVE, text);
		nags[0] = nag;
		nag_count = nag != 0;
	} else {
		/* Read leniently, the strict rules applied below: a move suffix glued on (!, ?, ...)
		 * is PGN's own, the other departures are not. The language is the game's, when it
		 * is detected (pgn_lang.c), and words name moves in options.san.lang. */
		enum san_lang lang = r->options.san.lang;
		if (r->options.detect_lang)
			lang = san_detect_first(r->lang.alive);
		/* one language left (an English game after its first N, B or Q): nothing to learn */
		if (r->options.detect_lang && (r->lang.pending || (r->lang.alive & (r->lang.alive - 1)))) {
			enum pgn_lang_step step = pgn_lang_move(r, text, n, column, &lang);
			if (step == PGN_LANG_HELD)
				return;
			if (step == PGN_LANG_AMBIGUOUS) {
				char message[PGN_MESSAGE_MAX];
				struct pgn_issue issue = { .san = SAN_OK, .token = text, .ply = line->ply + 1, .pos = &line->pos,
							   .readings = r->defer.moves, .reading_langs = r->defer.langs };
				pgn_lang_ambiguous_message(r, &line->pos, message, sizeof message);
				pgn_issue(r, &issue, PGN_ERR_AMBIGUOUS_LANGUAGE, column, MSG_AS_IS, message);
				pgn_line_stop(r);
				return;
			}
		}
		struct san_parse_options lenient = { lang, false, r->options.lang };
		enum san_code code = san_parse_move_written(&line->pos, text, n, &lenient, r->options.san.lang, res);
		const struct san_issue *error = &res->error;
		if (code == SAN_OK && r->options.san.strict)
			for (int i = 0; i < res->warning_count && code == SAN_OK; i++)
				if (res->warnings[i].code != SAN_WARN_ANNOTATION)
					code = (error = &res->warnings[i])->code;
		if (code != SAN_OK) {
			enum pgn_code pc = code == SAN_ERR_EMPTY || code == SAN_ERR_MALFORMED ? PGN_ERR_UNREADABLE_MOVE
					   : code == SAN_ERR_AMBIGUOUS			 ? PGN_ERR_AMBIGUOUS_MOVE
					   : san_code_is_warning(code)			 ? PGN_ERR_NON_STANDARD_SAN
											 : PGN_ERR_ILLEGAL_MOVE;
			struct pgn_issue issue = {
				.san = code,
				.token = text,
				.ply = line->ply + 1,
				.given = san_code_is_warning(code) ? error->given : NULL,
				.became = san_code_is_warning(code) ? error->became : NULL,
				.pos = &line->pos,
				.candidates = code == SAN_ERR_AMBIGUOUS ? &res->candidates : NULL,
			};
			text[kept] = '\0'; /* the token without a move suffix (!, ?, ...) */
			if (r->options.detect_lang)
				pgn_lang_failed(r, line->ply + 1);
			pgn_issue(r, &issue, pc, column, MSG_AS_IS, error->message);
			pgn_line_stop(r);
			return;
		}
		m = res->m;
		/* The move as written, without the glyphs that end it. */
		kept = (size_t)res->glyph_offset;
		text[kept] = '\0';
		/* Read without a single rewrite, in English and plain ASCII: the text is the
		 * standard SAN already, and writing it again can be skipped. */
		standard = lang == SAN_LANG_EN && r->options.san.lang == SAN_LANG_EN;
		for (size_t i = 0; standard && i < kept; i++)
			standard = (unsigned char)text[i] < 0x80;
		for (int i = 0; i < res->warning_count; i++) {
			const struct san_issue *w = &res->warnings[i];
			/* A move suffix glued on ("Qd3!", even "Qd3!+") is no PGN problem, but the
			 * text is not the SAN then. */
			standard = false;
			if (w->code == SAN_WARN_ANNOTATION)
				continue;
			struct pgn_issue issue = {
				.san = w->code,
				.token = text,
				.ply = line->ply + 1,
				.given = w->given,
				.became = w->became,
				.pos = &line->pos,
			};
			pgn_issue(r, &issue, PGN_WARN_SAN, column + pgn_chars(t, (size_t)w->offset), MSG_AS_IS,
				  w->message);
		}
		nag_count = res->nag_count;
		for (int i = 0; i < nag_count; i++)
			nags[i] = res->nags[i];
	}
	line->prev = line->pos;
	position_make_move(&line->pos, m, &undo);
	line->has_move = true;
	line->ply++;
	r->moves++;
	pgn_line_fresh(line);
	if (r->visitor->move) {
		struct pgn_move mv = {
			.before = &line->prev,
			.after = &line->pos,
			.m = m,
			.game = r->game,
			.ply = line->ply,
			.depth = r->depth,
			.line = r->tok_line,
			.column = column,
			.text = text,
			.standard = standard,
		};
		r->visitor->move(r->ctx, &mv);
	}
	for (int i = 0; i < nag_count; i++)
		pgn_nag_give(r, nags[i], NULL, column);
}

static void pgn_result(struct pgn_reader *r, const char *result, bool lenient, const char *t, unsigned column)
{
	PGN_HOLD(r, .kind = PGN_EV_RESULT, .line = r->tok_line, .column = column, .text = t, .length = strlen(t));
	pgn_start(r);
	if (lenient) {
		struct pgn_issue issue = { .san = SAN_OK, .token = t };
		pgn_issue(r, &issue, PGN_WARN_LENIENT_RESULT, column, MSG_GAMES_LENIENT_RESULT, t, result);
	}
	if (r->depth > 0 || r->overflow) {
		struct pgn_issue issue = { .san = SAN_OK, .token = t };
		pgn_issue(r, &issue, PGN_WARN_RESULT_IN_VARIATION, column,
			  MSG_GAMES_RESULT_IN_VARIATION);
		return;
	}
	pgn_game_end(r, result, true);
}

/* "e.p." on its own after a move (t is NUL-terminated). */
static void pgn_ep_suffix(struct pgn_reader *r, const char *t, unsigned column)
{
	PGN_HOLD(r, .kind = PGN_EV_EP, .line = r->tok_line, .column = column, .text = t, .length = strlen(t));
	pgn_start(r);
	if (!r->overflow && !r->lines[r->depth].dead) {
		struct pgn_issue issue = { .san = SAN_OK, .token = t };
		pgn_issue(r, &issue, PGN_WARN_EN_PASSANT_SUFFIX, column, MSG_GAMES_EN_PASSANT_SUFFIX);
	}
}

/* A token longer than PGN_TOKEN_MAX (t: its first bytes, NUL-terminated) stops its line. */
void pgn_too_long(struct pgn_reader *r, const char *t, unsigned column)
{
	PGN_HOLD(r, .kind = PGN_EV_TOO_LONG, .line = r->tok_line, .column = column, .text = t, .length = strlen(t));
	pgn_start(r);
	struct pgn_issue issue = { .san = SAN_OK, .token = t };
	pgn_issue(r, &issue, PGN_ERR_TOKEN_TOO_LONG, column, MSG_GAMES_TOKEN_TOO_LONG,
		  PGN_TOKEN_MAX);
	pgn_line_stop(r);
}

/* Classifies one piece of a symbol token: t is NUL-terminated at t + n. */
void pgn_word(struct pgn_reader *r, const char *t, size_t n, unsigned column)
{
	const char *result;
	bool lenient;
	size_t digits = 0;
	int nag;

	/* Move-number dots, and the ellipsis people type for them ("…d5"). */
	while (n && (*t == '.' || (n >= 3 && !memcmp(t, "\xe2\x80\xa6", 3)))) {
		size_t skip = *t == '.' ? 1 : 3;
		t += skip;
		n -= skip;
		column++;
	}
	if (!n)
		return;
	if ((result = pgn_result_token(t, n, &lenient))) {
		pgn_result(r, result, lenient, t, column);
		return;
	}
	while (digits < n && pgn_is_digit((unsigned char)t[digits]))
		digits++;
	/* "0000" is UCI's null move, no move number (those start at 1). */
	if (digits && !(n == 4 && !memcmp(t, "0000", 4)) &&
	    (digits == n || t[digits] == '.' || (n - digits >= 3 && !memcmp(t + digits, "\xe2\x80\xa6", 3)))) {
		char number[PGN_TOKEN_MAX + 1];
		memcpy(number, t, digits);
		number[digits] = '\0';
		pgn_number(r, number, digits, column);
		pgn_word(r, t + digits, n - digits, column + (unsigned)digits);
		return;
	}
	if ((nag = nag_from_glyph(t, n)) >= 0) {
		pgn_nag(r, nag, t, column);
		return;
	}
	if ((n == 4 && !memcmp(t, "e.p.", 4)) || (n == 3 && !memcmp(t, "e.p", 3))) {
		pgn_ep_suffix(r, t, column);
		return;
	}
	pgn_move(r, t, n, column);
}
