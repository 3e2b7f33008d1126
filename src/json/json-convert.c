/* json-convert.c -- the /convert result: a typed game (descriptive, SAN or UCI) read into
 * moves and answered as PGN, each move in SAN and UCI with its FEN, its comment, NAGs and
 * variations, and notes; or the problem members of a game that cannot be read. */
#include "json/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/nag.h"
#include "core/uci.h"
#include "core/utf8.h"

_Static_assert(GAMETEXT_DEPTH_MAX <= PGN_WRITE_DEPTH_MAX, "the PGN writer takes every variation a text holds");

/* length bytes of the input as a string, cut to 64 bytes and made valid UTF-8. */
static cJSON *json_convert_slice(const char *text, int length)
{
	char given[65];

	snprintf(given, sizeof given, "%.*s", (int)utf8_prefix(text, (size_t)length, 64), text);
	utf8_sanitize(given);
	return cJSON_CreateString(given);
}

/* Adds a number, or null when value is negative. */
static bool json_convert_add_index(cJSON *obj, const char *name, int value)
{
	return value >= 0 ? cJSON_AddNumberToObject(obj, name, value) != NULL : cJSON_AddNullToObject(obj, name) != NULL;
}

/* Adds "depth" to a note or problem about a move in a variation (depth > 0); obj NULL
 * stays NULL. Returns obj, or NULL (obj freed) when out of memory. */
static cJSON *json_convert_depth(cJSON *obj, int depth)
{
	if (obj && depth > 0 && !json_put_number(obj, "depth", depth)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* Appends {"code", "ply", "offset", "length", "message"} to notes; returns the note, or
 * NULL when out of memory. */
static cJSON *json_convert_note_item(cJSON *notes, const char *code, int ply, int offset, int length,
				     const char *message)
{
	char text[DESCRIPTIVE_MESSAGE_MAX];
	cJSON *note = cJSON_CreateObject();

	snprintf(text, sizeof text, "%s", message);
	utf8_sanitize(text);
	if (!json_append(notes, note))
		return NULL;
	if (!cJSON_AddStringToObject(note, "code", code) || !json_convert_add_index(note, "ply", ply) ||
	    !cJSON_AddNumberToObject(note, "offset", offset) || !cJSON_AddNumberToObject(note, "length", length) ||
	    !cJSON_AddStringToObject(note, "message", text))
		return NULL;
	return note;
}

/* A note, with "depth" when it is about a move in a variation. */
static bool json_convert_note(cJSON *notes, const char *code, int ply, int depth, int offset, int length,
			      const char *message)
{
	cJSON *note = json_convert_note_item(notes, code, ply, offset, length, message);

	return note && (depth <= 0 || json_put_number(note, "depth", depth));
}

bool json_descriptive_notes(cJSON *notes, const struct descriptive_game *game, const char *field)
{
	for (int i = 0; i < game->note_count; i++) {
		const struct descriptive_note *n = &game->notes[i];
		cJSON *note = json_convert_note_item(notes, descriptive_note_name((enum descriptive_note_code)n->code),
						     n->ply, n->offset, n->length, n->message);
		if (!note || (field && !json_put_static(note, "field", field)) ||
		    (n->depth > 0 && !json_put_number(note, "depth", n->depth)))
			return false;
	}
	return true;
}

/* The failure members: {"code", "reason", "detail", "index", "token", "offset", "length",
 * "fen"}, plus "candidates" [{"san", "uci"}] for an ambiguous move and "legal_moves"
 * (UCI) for one that is not legal. pos is NULL when no position applies; the candidates'
 * SAN is in lang. */
static cJSON *json_convert_problem(const char *code, const char *reason, const char *detail, int index,
				   const char *text, int offset, int length, const struct position *pos,
				   const move *candidates, int candidate_count, const struct json_fen_style *style,
				   enum san_lang lang)
{
	char message[DESCRIPTIVE_MESSAGE_MAX];
	cJSON *obj = cJSON_CreateObject();

	snprintf(message, sizeof message, "%s", detail);
	utf8_sanitize(message);
	if (!obj || !cJSON_AddStringToObject(obj, "code", code) || !cJSON_AddStringToObject(obj, "reason", reason) ||
	    !cJSON_AddStringToObject(obj, "detail", message) || !json_convert_add_index(obj, "index", index) ||
	    !(text && length > 0 ? json_put(obj, "token", json_convert_slice(text + offset, length))
				 : cJSON_AddNullToObject(obj, "token") != NULL) ||
	    !cJSON_AddNumberToObject(obj, "offset", offset) || !cJSON_AddNumberToObject(obj, "length", length) ||
	    !(pos ? json_put(obj, "fen", json_fen_string(pos, style)) : cJSON_AddNullToObject(obj, "fen") != NULL))
		goto fail;
	if (pos && candidate_count > 0 &&
	    !json_put(obj, "candidates", json_candidates(pos, candidates, candidate_count, lang)))
		goto fail;
	if (pos && candidate_count == 0 && !strcmp(code, "illegal_move") &&
	    !json_put(obj, "legal_moves", json_legal_uci(pos)))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

/* The problem of a descriptive game that could not be read. */
static cJSON *json_convert_descriptive_problem(const struct json_convert_request *req,
					       const struct descriptive_game *game, enum json_convert_failure *failure)
{
	const struct descriptive_error *e = &game->error;
	const char *reason;

	switch (e->code) {
	case DESCRIPTIVE_ERR_MALFORMED:
		*failure = JSON_CONVERT_ILLEGAL;
		return json_convert_depth(json_convert_problem("illegal_move", "malformed", e->message, e->ply, req->text,
							       e->offset, e->length, NULL, NULL, 0, &req->style,
							       req->output_lang), e->depth);
	case DESCRIPTIVE_ERR_ILLEGAL:
		*failure = JSON_CONVERT_ILLEGAL;
		return json_convert_depth(json_convert_problem("illegal_move", "not_legal", e->message, e->ply, req->text,
							       e->offset, e->length, &e->pos, NULL, 0, &req->style,
							       req->output_lang), e->depth);
	case DESCRIPTIVE_ERR_AMBIGUOUS:
		*failure = JSON_CONVERT_AMBIGUOUS;
		return json_convert_depth(json_convert_problem("ambiguous_move", "ambiguous", e->message, e->ply, req->text,
							       e->offset, e->length, &e->pos, e->candidates,
							       e->candidate_count, &req->style, req->output_lang),
					  e->depth);
	case DESCRIPTIVE_ERR_TEXT:
		/* The tokenizer's own reason says more than "unreadable_text". */
		reason = gametext_code_name(e->text_code);
		break;
	default:
		reason = descriptive_code_name(e->code);
	}
	*failure = JSON_CONVERT_UNREADABLE;
	return json_convert_problem("unreadable_game", reason, e->message, e->ply, req->text, e->offset < 0 ? 0 : e->offset,
				    e->length, NULL, NULL, 0, &req->style, req->output_lang);
}

/* The tokens of a game as san_detect_list reads them. */
static const char *json_convert_token(void *ctx, int i, size_t *length, bool *uci)
{
	const struct json_convert_request *req = ((const struct json_convert_request *const *)ctx)[0];
	const struct gametext *gt = ((const struct gametext *const *)ctx)[1];

	*length = (size_t)gt->tokens[i].length;
	*uci = false;
	return req->text + gt->tokens[i].offset;
}

/* With no lang given, the language of the game's SAN: JSON_CONVERT_OK with *d set, or the
 * problem ambiguous_language. */
static cJSON *json_convert_detect(const struct position *start, const struct json_convert_request *req,
				  const struct gametext *gt, struct san_detect_result *d,
				  enum json_convert_failure *failure)
{
	const void *ctx[2] = { req, gt };
	struct san_detect_list list = { start, gt->count, json_convert_token, (void *)ctx, req->strict, -1, NULL };
	const struct gametext_token *t;
	cJSON *problem;

	if (san_detect_list(&list, d) != SAN_DETECT_AMBIGUOUS)
		return NULL;
	*failure = JSON_CONVERT_AMBIGUOUS_LANGUAGE;
	t = &gt->tokens[d->ply];
	problem = json_ambiguous_language(d, d->ply, req->text + t->offset, (size_t)t->length, MSG_EN, &req->style);
	if (problem && (!json_put_number(problem, "offset", t->offset) || !json_put_number(problem, "length", t->length))) {
		cJSON_Delete(problem);
		return NULL;
	}
	return problem;
}

/* Reads SAN or UCI tokens in turn into game->moves (a variation's from the position before
 * the move it replaces), with SAN's warnings as notes; *lang is left alone unless a
 * language other than English was detected (over the main line). Returns NULL and sets
 * *failure to JSON_CONVERT_OK on success, else the problem. */
static cJSON *json_convert_read_algebraic(const struct position *start, const struct json_convert_request *req,
					  struct descriptive_game *game, cJSON *notes, enum json_convert_failure *failure,
					  bool *oom, enum san_lang *lang)
{
	struct gametext *gt = &game->text;
	struct position pos = *start;
	struct san_parse_options options = { req->san_lang, req->strict, req->msg_lang };
	struct san_parse_result *parsed = malloc(sizeof *parsed);
	struct position *starts = NULL; /* each line's start, set when its move is reached */
	enum gametext_code split;
	cJSON *problem = NULL;
	struct san_detect_result detected;
	/* SAN's words name moves in the language read, or in the answer's when it was detected */
	enum san_lang words = req->san_lang;
	bool detecting = false;

	*failure = JSON_CONVERT_OK;
	*oom = false;
	if (!parsed) {
		*oom = true;
		return NULL;
	}
	gt->start_fullmove = (int)start->fullmove;
	gt->start_black = start->turn == BLACK;
	gt->msg_lang = req->msg_lang;
	split = gametext_split(req->text, req->length, gametext_looks_algebraic, gt);
	if (split != GAMETEXT_OK) {
		bool unreadable = split == GAMETEXT_ERR_UNREADABLE;
		*failure = unreadable ? JSON_CONVERT_ILLEGAL : JSON_CONVERT_UNREADABLE;
		problem = json_convert_problem(unreadable ? "illegal_move" : "unreadable_game",
					       unreadable ? "malformed" : gametext_code_name(split), gt->message,
					       unreadable ? gt->error_ply : -1, req->text, gt->error_offset < 0 ? 0 : gt->error_offset,
					       gt->error_length, NULL, NULL, 0, &req->style, req->output_lang);
		problem = json_convert_depth(problem, unreadable ? gt->error_depth : 0);
		goto out;
	}
	if (req->detect_lang && req->from == JSON_CONVERT_SAN) {
		if ((problem = json_convert_detect(start, req, gt, &detected, failure)) || *failure != JSON_CONVERT_OK) {
			*oom = !problem;
			goto out;
		}
		options.lang = detected.lang;
		detecting = detected.lang != SAN_LANG_EN;
		if (detecting)
			words = req->output_lang;
	}
	if (!(starts = malloc(sizeof *starts * (size_t)gt->line_count))) {
		*oom = true;
		goto out;
	}
	/* Every line in turn, each after the line it branches from: i is the token, ply its
	 * ply in the game (i itself in the main line). */
	for (int i = 0, line = 0; i < gt->token_count; i++) {
		const char *token = req->text + gt->tokens[i].offset;
		size_t length = (size_t)gt->tokens[i].length;
		int ply = gt->tokens[i].ply, depth = gt->lines[gt->tokens[i].line].depth;
		struct position_undo undo;
		move m = MOVE_NONE;

		if (line + 1 < gt->line_count && i == gt->lines[line + 1].first)
			pos = starts[++line];

		enum san_code r = req->from == JSON_CONVERT_UCI ? san_parse_uci_move(&pos, token, length, &options, parsed)
								 : san_parse_move_written(&pos, token, length, &options, words, parsed);
		if (r != SAN_OK && req->from == JSON_CONVERT_UCI && !san_code_is_warning(r) &&
		    r != SAN_ERR_NULL_MOVE_IN_CHECK) {
			bool malformed = r == SAN_ERR_MALFORMED || r == SAN_ERR_EMPTY;
			char detail[DESCRIPTIVE_MESSAGE_MAX];
			error_message(detail, sizeof detail, req->msg_lang,
				      malformed ? MSG_GAMES_J_UCI_MALFORMED : MSG_GAMES_J_UCI_ILLEGAL, ply + 1,
				      (int)utf8_prefix(token, length, 40), token);
			*failure = JSON_CONVERT_ILLEGAL;
			problem = json_convert_problem("illegal_move", malformed ? "malformed" : "not_legal", detail, ply,
						       req->text, gt->tokens[i].offset, (int)length, &pos, NULL, 0, &req->style,
						       req->output_lang);
			problem = json_convert_depth(problem, depth);
			goto out;
		}
		if (r != SAN_OK) {
			bool malformed = r == SAN_ERR_MALFORMED || r == SAN_ERR_EMPTY;
			char detail[SAN_MESSAGE_MAX + 96];
			snprintf(detail, sizeof detail, "move %d, \"%.*s\": %s", ply + 1, (int)utf8_prefix(token, length, 40),
				 token, parsed->error.message);
			*failure = r == SAN_ERR_AMBIGUOUS ? JSON_CONVERT_AMBIGUOUS : JSON_CONVERT_ILLEGAL;
			problem = json_convert_problem(r == SAN_ERR_AMBIGUOUS ? "ambiguous_move" : "illegal_move",
						       r == SAN_ERR_AMBIGUOUS ? "ambiguous"
						       : malformed ? "malformed" : san_code_name(r),
						       detail, ply, req->text, gt->tokens[i].offset, (int)length, &pos,
						       parsed->candidates.moves,
						       r == SAN_ERR_AMBIGUOUS ? parsed->candidates.count : 0, &req->style, req->output_lang);
			problem = json_convert_depth(problem, depth);
			/* no language reads every move: how far the one read went */
			if (detecting && problem && !json_lang_hint(problem, &detected, ply, MSG_EN)) {
				cJSON_Delete(problem);
				problem = NULL;
			}
			goto out;
		}
		m = parsed->m;
		/* the language detected, noted on the move that showed it (else the first) */
		if (detecting && depth == 0 && (i == detected.english_out || (detected.english_out < 0 && i == 0))) {
			char message[DESCRIPTIVE_MESSAGE_MAX];
			json_lang_message(&pos, m, token, length, &detected, words, message, sizeof message);
			if (!json_convert_note(notes, "lang_detected", ply, depth, gt->tokens[i].offset, (int)length, message)) {
				*oom = true;
				goto out;
			}
		}
		for (int w = 0; w < parsed->warning_count; w++) {
			const struct san_issue *issue = &parsed->warnings[w];
			char message[DESCRIPTIVE_MESSAGE_MAX];
			snprintf(message, sizeof message, "%s", issue->message);
			if (!json_convert_note(notes, san_code_name(issue->code), ply, depth, gt->tokens[i].offset + issue->offset,
					       issue->length, message)) {
				*oom = true;
				goto out;
			}
		}
		game->moves[i] = m;
		/* the first glyph glued to the move (SAN's reading has them; UCI's has none) */
		game->nags[i] = (uint8_t)parsed->nag;
		/* The move's variations start where it is played. */
		for (int v = gt->tokens[i].variations; v >= 0; v = gt->lines[v].next)
			starts[v] = pos;
		position_make_move(&pos, m, &undo);
	}
	game->count = gt->count;
	if (detecting)
		*lang = detected.lang;
	{
		struct gametext_remark remarks[DESCRIPTIVE_NOTES_MAX];
		int n = gametext_remarks(gt, req->text, remarks, DESCRIPTIVE_NOTES_MAX);
		for (int i = 0; i < n; i++)
			if (!json_convert_note(notes, gametext_remark_name(remarks[i].code), remarks[i].ply, remarks[i].depth,
					       remarks[i].offset, remarks[i].length, remarks[i].message)) {
				*oom = true;
				goto out;
			}
	}
out:
	free(starts);
	free(parsed);
	return problem;
}

/* The result a result token spells, in PGN's form, or NULL. */
static const char *json_convert_result(const struct gametext *gt, const char *text)
{
	const char *r = gt->result_offset >= 0 ? text + gt->result_offset : NULL;
	int n = gt->result_length;

	if (!r)
		return NULL;
	if (n == 3 && !memcmp(r, "1-0", 3))
		return "1-0";
	if (n == 3 && !memcmp(r, "0-1", 3))
		return "0-1";
	if (n == 1 && *r == '*')
		return "*";
	return "1/2-1/2";
}

/* What the JSON and the PGN of a game read say of its annotations, as the PGN writer
 * takes them: per token its NAGs, comment and variations, per line the comment before
 * its first move (the main line's is the game's). */
struct json_convert_marks {
	struct pgn_note *notes;             /* per token; comments allocated */
	struct pgn_variation *variations;   /* every line but the main one, the alternatives
					     * to a move side by side */
	char **starting;                    /* per line, or NULL */
	int line_count;
	int token_count;
};

/* The comments of the annotations from a on, joined with a space, each run of blanks made
 * one space and the ends trimmed (as the PGN writer writes a comment, so that the PGN read
 * back says the same); other control characters and bytes that are not UTF-8 become '?'.
 * NULL when there is no comment among them, or (*oom set) when out of memory; the caller
 * frees it. */
static char *json_convert_comment(const struct gametext *gt, const char *text, int a, bool *oom)
{
	size_t size = 0;
	bool any = false, space = false;
	char *out, *p;

	for (int k = a; k >= 0; k = gt->annotations[k].next)
		if (gt->annotations[k].kind == GAMETEXT_COMMENT) {
			any = true;
			size += (size_t)gt->annotations[k].length + 1;
		}
	if (!any)
		return NULL;
	if (!(out = malloc(size + 1))) {
		*oom = true;
		return NULL;
	}
	p = out;
	for (int k = a; k >= 0; k = gt->annotations[k].next) {
		const struct gametext_annotation *an = &gt->annotations[k];
		if (an->kind != GAMETEXT_COMMENT)
			continue;
		for (int i = 0; i < an->length; i++) {
			unsigned char c = (unsigned char)text[an->offset + i];
			if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
				space = p != out;
				continue;
			}
			if (space)
				*p++ = ' ';
			space = false;
			*p++ = (char)(c < 0x20 || c == 0x7f ? '?' : c);
		}
		space = p != out;
	}
	*p = '\0';
	utf8_sanitize(out);
	return out;
}

/* Frees what json_convert_marks_make made. */
static void json_convert_marks_free(struct json_convert_marks *m)
{
	for (int t = 0; m->notes && t < m->token_count; t++)
		free((char *)m->notes[t].comment);
	for (int l = 0; m->starting && l < m->line_count; l++)
		free(m->starting[l]);
	free(m->notes);
	free(m->variations);
	free(m->starting);
}

/* Makes the marks of the game read from text: each token's NAGs are its own glyph (read
 * with the move) then its annotations', at most PGN_NAGS_MAX (a note says how many more
 * were left out). False when out of memory. */
static bool json_convert_marks_make(const struct descriptive_game *game, const char *text, cJSON *notes,
				    struct json_convert_marks *m)
{
	const struct gametext *gt = &game->text;
	bool oom = false;
	int placed = 0;

	*m = (struct json_convert_marks){ calloc((size_t)gt->token_count, sizeof *m->notes),
					  calloc((size_t)gt->line_count, sizeof *m->variations),
					  calloc((size_t)gt->line_count, sizeof *m->starting), gt->line_count,
					  gt->token_count };
	if (!m->notes || !m->variations || !m->starting)
		return false;
	for (int l = 0; l < gt->line_count; l++)
		m->starting[l] = json_convert_comment(gt, text, gt->lines[l].annotations, &oom);
	for (int t = 0; t < gt->token_count && !oom; t++) {
		const struct gametext_token *tok = &gt->tokens[t];
		struct pgn_note *note = &m->notes[t];
		int dropped = 0;

		if (game->nags[t])
			note->nags[note->nag_count++] = game->nags[t];
		for (int a = tok->annotations; a >= 0; a = gt->annotations[a].next)
			if (gt->annotations[a].kind == GAMETEXT_NAG) {
				if (note->nag_count < PGN_NAGS_MAX)
					note->nags[note->nag_count++] = gt->annotations[a].nag;
				else
					dropped++;
			}
		if (dropped) {
			char message[DESCRIPTIVE_MESSAGE_MAX];
			error_message(message, sizeof message, gt->msg_lang, MSG_GAMES_J_NAGS_DROPPED, dropped,
				      msg_noun(MSG_GAMES_N_NAG, dropped, gt->msg_lang), PGN_NAGS_MAX);
			oom = !json_convert_note(notes, "nags_dropped", tok->ply, gt->lines[tok->line].depth, tok->offset,
						 tok->length, message);
		}
		note->comment = json_convert_comment(gt, text, tok->annotations, &oom);
		note->variations = &m->variations[placed];
		for (int l = tok->variations; l >= 0; l = gt->lines[l].next) {
			const struct gametext_line *line = &gt->lines[l];
			m->variations[placed++] = (struct pgn_variation){ m->starting[l], &game->moves[line->first], line->count,
									  &m->notes[line->first] };
		}
		note->variation_count = (int)(&m->variations[placed] - note->variations);
	}
	return !oom;
}

/* The PGN of the game read, with its annotations, as a cJSON string; NULL with *bad set
 * when pgn_write refused (a tag it cannot write). */
static cJSON *json_convert_pgn(const struct position *start, const struct json_convert_request *req,
			       const struct descriptive_game *game, const struct json_convert_marks *m, bool *bad)
{
	bool caller_result = false;
	struct pgn_game pgn = {
		.start = start, .moves = game->moves, .move_count = game->count, .notes = m->notes,
		.comment = m->starting[0], .tags = req->tags, .tag_count = req->tag_count, .lang = SAN_LANG_EN,
		.ep = req->style.ep,
	};
	char small[2048], *text = small;
	size_t length;
	enum pgn_write_result r;
	cJSON *out = NULL;

	for (int i = 0; i < req->tag_count; i++)
		caller_result |= !strcmp(req->tags[i].name, "Result");
	/* The text's own result token, unless the caller's Result tag says otherwise. */
	if (!caller_result)
		pgn.result = json_convert_result(&game->text, req->text);
	*bad = false;
	r = pgn_write_buffer(&pgn, small, sizeof small, &length, NULL);
	if (r == PGN_WRITE_OK && length >= sizeof small) {
		if (!(text = malloc(length + 1)))
			return NULL;
		r = pgn_write_buffer(&pgn, text, length + 1, &length, NULL);
	}
	if (r != PGN_WRITE_OK)
		*bad = true;
	else
		out = cJSON_CreateString(text);
	if (text != small)
		free(text);
	return out;
}

/* {"nag", "glyph", "meaning"}, as /pgn writes a NAG. */
static cJSON *json_convert_nag(int nag)
{
	const char *glyph = nag_glyph(nag), *meaning = nag_meaning(nag);
	cJSON *obj = cJSON_CreateObject();

	if (obj && json_put_number(obj, "nag", nag) &&
	    json_put(obj, "glyph", glyph ? cJSON_CreateString(glyph) : cJSON_CreateNull()) &&
	    json_put(obj, "meaning", meaning ? cJSON_CreateString(meaning) : cJSON_CreateNull()))
		return obj;
	cJSON_Delete(obj);
	return NULL;
}

/* The plies of line, played from start: [{"given", "offset", "san", "uci", "fen", "nag",
 * "comment", "nags", "variations"[, "starting_comment"]}, ...], each variation such a list
 * of its own; the position after the line's last move goes to end (when not NULL). NULL
 * when out of memory. */
static cJSON *json_convert_line(const struct json_convert_request *req, const struct descriptive_game *game,
				const struct json_convert_marks *m, int line, const struct position *start,
				struct position *end)
{
	const struct gametext *gt = &game->text;
	const struct gametext_line *l = &gt->lines[line];
	struct position pos = *start;
	cJSON *plies = cJSON_CreateArray();

	for (int t = l->first; plies && t < l->first + l->count; t++) {
		const struct gametext_token *tok = &gt->tokens[t];
		const struct pgn_note *note = &m->notes[t];
		const char *starting = t == l->first && line > 0 ? m->starting[line] : NULL;
		struct position before = pos;
		struct position_undo undo;
		char san[SAN_MAX], uci[UCI_MAX];
		cJSON *ply = cJSON_CreateObject(), *nags, *variations;
		bool ok;

		san_format_move(&pos, game->moves[t], req->output_lang, SAN_STYLE_SAN, san);
		uci_format_move(&pos, game->moves[t], uci);
		position_make_move(&pos, game->moves[t], &undo);
		ok = json_append(plies, ply) &&
		     json_put(ply, "given", json_convert_slice(req->text + tok->offset, tok->length)) &&
		     json_put_number(ply, "offset", tok->offset) && json_put_string(ply, "san", san) &&
		     json_put_string(ply, "uci", uci) && json_put(ply, "fen", json_fen_string(&pos, &req->style)) &&
		     (note->nag_count ? json_put_number(ply, "nag", note->nags[0]) : json_put_null(ply, "nag")) &&
		     (note->comment ? json_put_string(ply, "comment", note->comment) : json_put_null(ply, "comment")) &&
		     (!starting || json_put_string(ply, "starting_comment", starting)) &&
		     (nags = cJSON_AddArrayToObject(ply, "nags")) && (variations = cJSON_AddArrayToObject(ply, "variations"));
		for (int k = 0; ok && k < note->nag_count; k++)
			ok = json_append(nags, json_convert_nag(note->nags[k]));
		for (int v = tok->variations; ok && v >= 0; v = gt->lines[v].next)
			ok = json_append(variations, json_convert_line(req, game, m, v, &before, NULL));
		if (!ok) {
			cJSON_Delete(plies);
			return NULL;
		}
	}
	if (end)
		*end = pos;
	return plies;
}

cJSON *json_convert(const struct position *start, const struct json_convert_request *req,
		    struct descriptive_game *game, enum json_convert_failure *failure)
{
	struct position pos;
	struct status st;
	struct json_convert_marks marks = { 0 };
	cJSON *result = cJSON_CreateObject(), *notes = cJSON_CreateArray(), *problem;
	bool oom = false, bad_tags = false;
	enum san_lang detected = SAN_LANG_EN;
	bool descriptive_detected = false;

	*failure = JSON_CONVERT_OK;
	if (!result || !notes)
		goto fail;
	game->count = 0;
	game->start = *start;
	if (req->from == JSON_CONVERT_DESCRIPTIVE) {
		game->lang = req->descriptive_lang;
		game->msg_lang = req->msg_lang;
		game->strict_ambiguity = req->strict;
		game->node_limit = 0;
		game->check = req->check;
		/* No lang given: English, or Spanish when only Spanish reads the game. */
		enum descriptive_code read = descriptive_read_game(game, req->text, req->length);
		if (read != DESCRIPTIVE_OK && req->detect_lang && game->error.code != DESCRIPTIVE_ERR_STOPPED) {
			game->lang = DESCRIPTIVE_ES;
			read = descriptive_read_game(game, req->text, req->length);
			if (read == DESCRIPTIVE_OK) {
				descriptive_detected = true;
			} else if (game->error.code != DESCRIPTIVE_ERR_STOPPED) {
				/* neither: the English reading's problem, as without detection */
				game->lang = DESCRIPTIVE_EN;
				read = descriptive_read_game(game, req->text, req->length);
			}
		}
		if (read != DESCRIPTIVE_OK) {
			cJSON_Delete(result);
			cJSON_Delete(notes);
			if (game->error.code == DESCRIPTIVE_ERR_STOPPED) {
				*failure = JSON_CONVERT_STOPPED;
				return NULL;
			}
			return json_convert_descriptive_problem(req, game, failure);
		}
		if (!json_descriptive_notes(notes, game, NULL))
			goto fail;
	} else {
		problem = json_convert_read_algebraic(start, req, game, notes, failure, &oom, &detected);
		if (oom)
			goto fail;
		if (problem || *failure != JSON_CONVERT_OK) {
			cJSON_Delete(result);
			cJSON_Delete(notes);
			return problem;
		}
	}
	if (!json_convert_marks_make(game, req->text, notes, &marks))
		goto fail;
	if (!json_put(result, "pgn", json_convert_pgn(start, req, game, &marks, &bad_tags))) {
		if (!bad_tags)
			goto fail;
		json_convert_marks_free(&marks);
		cJSON_Delete(result);
		cJSON_Delete(notes);
		*failure = JSON_CONVERT_BAD_TAGS;
		return NULL;
	}
	if (!(marks.starting[0] ? json_put_string(result, "comment", marks.starting[0]) : json_put_null(result, "comment")) ||
	    !json_put(result, "moves", json_convert_line(req, game, &marks, 0, start, &pos)))
		goto fail;
	status_compute(&pos, &st);
	if (!json_put(result, "final_fen", json_fen_string(&pos, &req->style)) ||
	    !json_put(result, "status", json_status(&pos, &st)))
		goto fail;
	problem = notes;
	notes = NULL; /* attach owns it from here, also when it fails */
	if (!json_put(result, "notes", problem))
		goto fail;
	if (detected != SAN_LANG_EN && !json_put_static(result, "lang_detected", san_lang_name(detected)))
		goto fail;
	if (descriptive_detected && !json_put_static(result, "lang_detected", descriptive_lang_name(game->lang)))
		goto fail;
	json_convert_marks_free(&marks);
	return result;
fail:
	json_convert_marks_free(&marks);
	cJSON_Delete(notes);
	cJSON_Delete(result);
	return NULL;
}
