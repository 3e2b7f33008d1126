/* json-convert.c -- the /convert result: a typed game (descriptive, SAN or UCI) read into
 * moves and answered as PGN, each move in SAN and UCI with its FEN, and notes; or the
 * problem members of a game that cannot be read. */
#include "json/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/uci.h"
#include "core/utf8.h"

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

static bool json_convert_note(cJSON *notes, const char *code, int ply, int offset, int length, const char *message)
{
	return json_convert_note_item(notes, code, ply, offset, length, message) != NULL;
}

bool json_descriptive_notes(cJSON *notes, const struct descriptive_game *game, const char *field)
{
	for (int i = 0; i < game->note_count; i++) {
		const struct descriptive_note *n = &game->notes[i];
		cJSON *note = json_convert_note_item(notes, descriptive_note_name((enum descriptive_note_code)n->code),
						     n->ply, n->offset, n->length, n->message);
		if (!note || (field && !json_put_static(note, "field", field)))
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
		return json_convert_problem("illegal_move", "malformed", e->message, e->ply, req->text, e->offset, e->length,
					    NULL, NULL, 0, &req->style, req->output_lang);
	case DESCRIPTIVE_ERR_ILLEGAL:
		*failure = JSON_CONVERT_ILLEGAL;
		return json_convert_problem("illegal_move", "not_legal", e->message, e->ply, req->text, e->offset, e->length,
					    &e->pos, NULL, 0, &req->style, req->output_lang);
	case DESCRIPTIVE_ERR_AMBIGUOUS:
		*failure = JSON_CONVERT_AMBIGUOUS;
		return json_convert_problem("ambiguous_move", "ambiguous", e->message, e->ply, req->text, e->offset,
					    e->length, &e->pos, e->candidates, e->candidate_count, &req->style, req->output_lang);
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
	problem = json_ambiguous_language(d, d->ply, req->text + t->offset, (size_t)t->length, &req->style);
	if (problem && (!json_put_number(problem, "offset", t->offset) || !json_put_number(problem, "length", t->length))) {
		cJSON_Delete(problem);
		return NULL;
	}
	return problem;
}

/* Reads SAN or UCI tokens in turn into game->moves, with SAN's warnings as notes; *lang is
 * left alone unless a language other than English was detected.
 * Returns NULL and sets *failure to JSON_CONVERT_OK on success, else the problem. */
static cJSON *json_convert_read_algebraic(const struct position *start, const struct json_convert_request *req,
					  struct descriptive_game *game, cJSON *notes, enum json_convert_failure *failure,
					  bool *oom, enum san_lang *lang)
{
	struct gametext *gt = &game->text;
	struct position pos = *start;
	struct san_parse_options options = { req->san_lang, req->strict };
	struct san_parse_result *parsed = malloc(sizeof *parsed);
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
	split = gametext_split(req->text, req->length, gametext_looks_algebraic, gt);
	if (split != GAMETEXT_OK) {
		bool unreadable = split == GAMETEXT_ERR_UNREADABLE;
		*failure = unreadable ? JSON_CONVERT_ILLEGAL : JSON_CONVERT_UNREADABLE;
		problem = json_convert_problem(unreadable ? "illegal_move" : "unreadable_game",
					       unreadable ? "malformed" : gametext_code_name(split), gt->message,
					       unreadable ? gt->count : -1, req->text, gt->error_offset < 0 ? 0 : gt->error_offset,
					       gt->error_length, NULL, NULL, 0, &req->style, req->output_lang);
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
	for (int i = 0; i < gt->count; i++) {
		const char *token = req->text + gt->tokens[i].offset;
		size_t length = (size_t)gt->tokens[i].length;
		struct position_undo undo;
		move m = MOVE_NONE;

		enum san_code r = req->from == JSON_CONVERT_UCI ? san_parse_uci_move(&pos, token, length, &options, parsed)
								 : san_parse_move_written(&pos, token, length, &options, words, parsed);
		if (r != SAN_OK && req->from == JSON_CONVERT_UCI && !san_code_is_warning(r) &&
		    r != SAN_ERR_NULL_MOVE_IN_CHECK) {
			bool malformed = r == SAN_ERR_MALFORMED || r == SAN_ERR_EMPTY;
			char detail[DESCRIPTIVE_MESSAGE_MAX];
			snprintf(detail, sizeof detail, "move %d, \"%.*s\", %s", i + 1, (int)utf8_prefix(token, length, 40),
				 token, malformed ? "is not a move in UCI notation (such as e2e4 or e7e8q)"
						  : "is not legal in this position");
			*failure = JSON_CONVERT_ILLEGAL;
			problem = json_convert_problem("illegal_move", malformed ? "malformed" : "not_legal", detail, i,
						       req->text, gt->tokens[i].offset, (int)length, &pos, NULL, 0, &req->style,
						       req->output_lang);
			goto out;
		}
		if (r != SAN_OK) {
			bool malformed = r == SAN_ERR_MALFORMED || r == SAN_ERR_EMPTY;
			char detail[DESCRIPTIVE_MESSAGE_MAX];
			snprintf(detail, sizeof detail, "move %d, \"%.*s\": %s", i + 1, (int)utf8_prefix(token, length, 40),
				 token, parsed->error.message);
			*failure = r == SAN_ERR_AMBIGUOUS ? JSON_CONVERT_AMBIGUOUS : JSON_CONVERT_ILLEGAL;
			problem = json_convert_problem(r == SAN_ERR_AMBIGUOUS ? "ambiguous_move" : "illegal_move",
						       r == SAN_ERR_AMBIGUOUS ? "ambiguous"
						       : malformed ? "malformed" : san_code_name(r),
						       detail, i, req->text, gt->tokens[i].offset, (int)length, &pos,
						       parsed->candidates.moves,
						       r == SAN_ERR_AMBIGUOUS ? parsed->candidates.count : 0, &req->style, req->output_lang);
			/* no language reads every move: how far the one read went */
			if (detecting && problem && !json_lang_hint(problem, &detected, i)) {
				cJSON_Delete(problem);
				problem = NULL;
			}
			goto out;
		}
		m = parsed->m;
		/* the language detected, noted on the move that showed it (else the first) */
		if (detecting && (i == detected.english_out || (detected.english_out < 0 && i == 0))) {
			char message[DESCRIPTIVE_MESSAGE_MAX];
			json_lang_message(&pos, m, token, length, &detected, words, message, sizeof message);
			if (!json_convert_note(notes, "lang_detected", i, gt->tokens[i].offset, (int)length, message)) {
				*oom = true;
				goto out;
			}
		}
		for (int w = 0; w < parsed->warning_count; w++) {
			const struct san_issue *issue = &parsed->warnings[w];
			char message[DESCRIPTIVE_MESSAGE_MAX];
			snprintf(message, sizeof message, "%s", issue->message);
			if (!json_convert_note(notes, san_code_name(issue->code), i, gt->tokens[i].offset + issue->offset,
					       issue->length, message)) {
				*oom = true;
				goto out;
			}
		}
		game->moves[i] = m;
		/* the first glyph glued to the move (SAN's reading has them; UCI's has none) */
		game->nags[i] = (uint8_t)parsed->nag;
		position_make_move(&pos, m, &undo);
	}
	game->count = gt->count;
	if (detecting)
		*lang = detected.lang;
	{
		struct gametext_remark remarks[8];
		static const char *const names[] = { [GAMETEXT_REMARK_PROSE] = "text_ignored",
						     [GAMETEXT_REMARK_RESULT] = "result",
						     [GAMETEXT_REMARK_MOVE_NUMBER] = "move_number" };
		int n = gametext_remarks(gt, req->text, (int)start->fullmove, start->turn == BLACK, remarks, 8);
		for (int i = 0; i < n; i++)
			if (!json_convert_note(notes, names[remarks[i].code], remarks[i].ply, remarks[i].offset,
					       remarks[i].length, remarks[i].message)) {
				*oom = true;
				goto out;
			}
	}
out:
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

/* The PGN of the game read, as a cJSON string; NULL with *bad set when pgn_write refused
 * (a tag it cannot write). */
static cJSON *json_convert_pgn(const struct position *start, const struct json_convert_request *req,
			       const struct descriptive_game *game, bool *bad)
{
	bool caller_result = false;
	struct pgn_game pgn = {
		.start = start, .moves = game->moves, .move_count = game->count, .tags = req->tags,
		.tag_count = req->tag_count, .lang = SAN_LANG_EN, .ep = req->style.ep,
	};
	char small[2048], *text = small;
	struct pgn_note *notes = NULL;
	size_t length;
	enum pgn_write_result r;
	cJSON *out = NULL;

	/* The annotations as NAGs (written back as !, ?, ...), when there are any. */
	for (int i = 0; i < game->count && !notes; i++)
		if (game->nags[i] && !(notes = calloc((size_t)game->count, sizeof *notes)))
			return NULL;
	for (int i = 0; notes && i < game->count; i++) {
		notes[i].nags[0] = game->nags[i];
		notes[i].nag_count = game->nags[i] ? 1 : 0;
	}
	pgn.notes = notes;
	for (int i = 0; i < req->tag_count; i++)
		caller_result |= !strcmp(req->tags[i].name, "Result");
	/* The text's own result token, unless the caller's Result tag says otherwise. */
	if (!caller_result)
		pgn.result = json_convert_result(&game->text, req->text);
	*bad = false;
	r = pgn_write_buffer(&pgn, small, sizeof small, &length, NULL);
	if (r == PGN_WRITE_OK && length >= sizeof small) {
		if (!(text = malloc(length + 1)))
			goto out;
		r = pgn_write_buffer(&pgn, text, length + 1, &length, NULL);
	}
	if (r != PGN_WRITE_OK)
		*bad = true;
	else
		out = cJSON_CreateString(text);
out:
	if (text != small)
		free(text);
	free(notes);
	return out;
}

cJSON *json_convert(const struct position *start, const struct json_convert_request *req,
		    struct descriptive_game *game, enum json_convert_failure *failure)
{
	struct position pos = *start;
	struct status st;
	cJSON *result = cJSON_CreateObject(), *notes = cJSON_CreateArray(), *moves, *problem;
	bool oom = false, bad_tags = false;
	enum san_lang detected = SAN_LANG_EN;

	*failure = JSON_CONVERT_OK;
	if (!result || !notes)
		goto fail;
	game->count = 0;
	if (req->from == JSON_CONVERT_DESCRIPTIVE) {
		game->start = *start;
		game->lang = req->descriptive_lang;
		game->strict_ambiguity = req->strict;
		game->node_limit = 0;
		game->check = req->check;
		if (descriptive_read_game(game, req->text, req->length) != DESCRIPTIVE_OK) {
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
	if (!json_put(result, "pgn", json_convert_pgn(start, req, game, &bad_tags))) {
		if (!bad_tags)
			goto fail;
		cJSON_Delete(result);
		cJSON_Delete(notes);
		*failure = JSON_CONVERT_BAD_TAGS;
		return NULL;
	}
	if (!(moves = cJSON_AddArrayToObject(result, "moves")))
		goto fail;
	for (int i = 0; i < game->count; i++) {
		const struct gametext_token *t = &game->text.tokens[i];
		struct position_undo undo;
		char san[SAN_MAX], uci[UCI_MAX];
		cJSON *ply = cJSON_CreateObject();

		san_format_move(&pos, game->moves[i], req->output_lang, SAN_STYLE_SAN, san);
		uci_format_move(&pos, game->moves[i], uci);
		position_make_move(&pos, game->moves[i], &undo);
		if (!json_append(moves, ply) ||
		    !json_put(ply, "given", json_convert_slice(req->text + t->offset, t->length)) ||
		    !cJSON_AddNumberToObject(ply, "offset", t->offset) || !cJSON_AddStringToObject(ply, "san", san) ||
		    !cJSON_AddStringToObject(ply, "uci", uci) || !json_put(ply, "fen", json_fen_string(&pos, &req->style)) ||
		    !(game->nags[i] ? cJSON_AddNumberToObject(ply, "nag", game->nags[i]) : cJSON_AddNullToObject(ply, "nag")))
			goto fail;
	}
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
	return result;
fail:
	cJSON_Delete(notes);
	cJSON_Delete(result);
	return NULL;
}
