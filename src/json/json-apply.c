/* json-apply.c -- the apply-move loop shared by `fen apply` and POST /apply-move: read
 * each move in its notation, play it, and build the result (every ply in UCI, SAN and
 * LAN with its FEN and SAN warnings, the status with repetitions, the game as PGN), or
 * the problem members of the first move that cannot be played. */
#include "json/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/uci.h"
#include "core/utf8.h"

static const char *const json_notation_names[JSON_NOTATION_NB] = { "auto", "uci", "san", "descriptive" };

int json_parse_notation(const char *name, enum json_notation *out)
{
	for (int i = 0; i < JSON_NOTATION_NB; i++) {
		if (strcmp(name, json_notation_names[i]) == 0) {
			*out = (enum json_notation)i;
			return 0;
		}
	}
	return -1;
}

int json_parse_lang(const char *name, enum san_lang *out)
{
	return san_lang_parse(name, out);
}

/* The shape of a UCI move in lower case: e2e4, e7e8q, e1h1. */
static bool json_looks_uci(const char *text, size_t length)
{
	if (length != 4 && length != 5)
		return false;
	for (int i = 0; i < 4; i += 2)
		if (text[i] < 'a' || text[i] > 'h' || text[i + 1] < '1' || text[i + 1] > '8')
			return false;
	return length == 4 || strchr("qrbn", text[4]) != NULL;
}

/* Adds a string member cut to at most max bytes of valid UTF-8. */
static bool json_add_text(cJSON *obj, const char *name, const char *text, size_t length, size_t max)
{
	char copy[128];

	size_t kept;

	if (max > sizeof copy - 1)
		max = sizeof copy - 1;
	kept = utf8_prefix(text, length, max);
	/* The prefix ends at a NUL too, as "%.*s" did. */
	kept = strnlen(text, kept);
	memcpy(copy, text, kept);
	copy[kept] = '\0';
	utf8_sanitize(copy);
	return json_put_string(obj, name, copy);
}

cJSON *json_san_warnings(const struct san_issue *warnings, int count)
{
	cJSON *list = cJSON_CreateArray();

	for (int i = 0; list && i < count; i++) {
		const struct san_issue *w = &warnings[i];
		cJSON *item = cJSON_CreateObject();
		if (!json_append(list, item) || !cJSON_AddStringToObject(item, "code", san_code_name(w->code)) ||
		    !cJSON_AddNumberToObject(item, "offset", w->offset) || !cJSON_AddNumberToObject(item, "length", w->length) ||
		    !json_add_text(item, "given", w->given, strlen(w->given), SAN_VALUE_MAX) ||
		    !json_add_text(item, "became", w->became, strlen(w->became), SAN_VALUE_MAX) ||
		    !json_add_text(item, "message", w->message, strlen(w->message), SAN_MESSAGE_MAX)) {
			cJSON_Delete(list);
			return NULL;
		}
	}
	return list;
}

/* The members every move problem starts with: {"code", "detail", "field", "index",
 * "move", "fen"}. */
static cJSON *json_move_problem(const struct position *pos, const char *code, const char *field, int index,
				const char *text, size_t length, const char *message, enum msg_lang lang,
				const struct json_fen_style *style)
{
	char detail[SAN_MESSAGE_MAX + 96];
	cJSON *obj = cJSON_CreateObject();

	error_message(detail, sizeof detail, lang, MSG_MOVES_JSON_MOVE, index + 1, (int)utf8_prefix(text, length, 32),
		      text, length > 32 ? "..." : "", message);
	utf8_sanitize(detail);
	if (!obj || !cJSON_AddStringToObject(obj, "code", code) || !cJSON_AddStringToObject(obj, "detail", detail) ||
	    !cJSON_AddStringToObject(obj, "field", field) || !cJSON_AddNumberToObject(obj, "index", index) ||
	    !json_add_text(obj, "move", text, length, 64) || !json_put(obj, "fen", json_fen_string(pos, style))) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* illegal_move for a SAN reading's error: json_illegal_move's members with the reason
 * made exact, the cause named and the detail from SAN's message. */
static cJSON *json_san_illegal(const struct position *pos, const char *field, int index, const char *text,
			       size_t length, const struct san_issue *error, enum msg_lang lang,
			       const struct json_fen_style *style)
{
	bool malformed = error->code == SAN_ERR_MALFORMED || error->code == SAN_ERR_EMPTY;
	cJSON *obj = json_illegal_move(pos, index, text, length, malformed, lang, style);
	char detail[SAN_MESSAGE_MAX + 96];

	error_message(detail, sizeof detail, lang, MSG_MOVES_JSON_MOVE, index + 1, (int)utf8_prefix(text, length, 32),
		      text, length > 32 ? "..." : "", error->message);
	utf8_sanitize(detail);
	if (!obj || !cJSON_ReplaceItemInObjectCaseSensitive(obj, "detail", cJSON_CreateString(detail)) ||
	    (error->code == SAN_ERR_NULL_MOVE_IN_CHECK &&
	     !cJSON_ReplaceItemInObjectCaseSensitive(obj, "reason", cJSON_CreateString("null_move"))) ||
	    !cJSON_AddStringToObject(obj, "cause", san_code_name(error->code)) ||
	    !cJSON_AddStringToObject(obj, "field", field)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_candidates(const struct position *pos, const move *moves, int count, enum san_lang lang)
{
	cJSON *list = cJSON_CreateArray();

	for (int i = 0; list && i < count; i++) {
		char san[SAN_MAX], uci[UCI_MAX];
		cJSON *item = cJSON_CreateObject();
		san_format_move(pos, moves[i], lang, SAN_STYLE_SAN, san);
		uci_format_move(pos, moves[i], uci);
		if (!json_append(list, item) || !cJSON_AddStringToObject(item, "san", san) ||
		    !cJSON_AddStringToObject(item, "uci", uci)) {
			cJSON_Delete(list);
			return NULL;
		}
	}
	return list;
}

/* ambiguous_move: the candidates in SAN (in the reading's language) and UCI. */
static cJSON *json_san_ambiguous(const struct position *pos, const char *field, int index, const char *text,
				 size_t length, const struct san_parse_result *r, enum san_lang lang,
				 const struct json_fen_style *style)
{
	cJSON *obj = json_move_problem(pos, "ambiguous_move", field, index, text, length, r->error.message,
				       r->msg_lang, style);

	if (obj && !json_put(obj, "candidates", json_candidates(pos, r->candidates.moves, r->candidates.count, lang))) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* non_standard_san: which rule of SAN a strictly read move breaks. */
static cJSON *json_san_non_standard(const struct position *pos, const char *field, int index, const char *text,
				    size_t length, const struct san_issue *e, enum msg_lang lang,
				    const struct json_fen_style *style)
{
	cJSON *obj = json_move_problem(pos, "non_standard_san", field, index, text, length, e->message, lang, style);

	if (!obj || !cJSON_AddStringToObject(obj, "rule", san_code_name(e->code)) ||
	    !json_add_text(obj, "given", e->given, strlen(e->given), SAN_VALUE_MAX) ||
	    !json_add_text(obj, "became", e->became, strlen(e->became), SAN_VALUE_MAX) ||
	    !cJSON_AddNumberToObject(obj, "offset", e->offset) || !cJSON_AddNumberToObject(obj, "length", e->length)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* ---- descriptive notation ----
 * A descriptive token may fit several moves that only later tokens tell apart, so a
 * list is read as a whole (descriptive_read_tokens) before the loop plays it, and the
 * loop takes each ply's move from that reading. apply-move never guesses: a token that
 * stays ambiguous is an ambiguous_move. */

/* The members of the problem a descriptive reading stopped at; *outcome says which. */
static cJSON *json_descriptive_problem(const struct descriptive_game *game, const struct position *pos,
				       const char *const *tokens, const char *field, enum san_lang lang,
				       const struct json_fen_style *style, enum json_apply_outcome *outcome)
{
	const struct descriptive_error *e = &game->error;
	const char *text = e->ply >= 0 ? tokens[e->ply] : "";
	size_t length = strlen(text);
	char detail[DESCRIPTIVE_MESSAGE_MAX + 16];
	cJSON *obj;

	snprintf(detail, sizeof detail, "%s", e->message);
	utf8_sanitize(detail);
	switch (e->code) {
	case DESCRIPTIVE_ERR_MALFORMED:
	case DESCRIPTIVE_ERR_ILLEGAL:
		*outcome = JSON_APPLY_ILLEGAL_MOVE;
		/* descriptive notation's reasons are English: so is the rest of its detail */
		obj = json_illegal_move(pos, e->ply, text, length, e->code == DESCRIPTIVE_ERR_MALFORMED, MSG_EN, style);
		if (obj && (!cJSON_ReplaceItemInObjectCaseSensitive(obj, "detail", cJSON_CreateString(detail)) ||
			    !cJSON_AddStringToObject(obj, "field", field))) {
			cJSON_Delete(obj);
			return NULL;
		}
		return obj;
	case DESCRIPTIVE_ERR_AMBIGUOUS:
		*outcome = JSON_APPLY_AMBIGUOUS_MOVE;
		obj = json_move_problem(pos, "ambiguous_move", field, e->ply, text, length, e->message, MSG_EN, style);
		if (obj && !json_put(obj, "candidates", json_candidates(pos, e->candidates, e->candidate_count, lang))) {
			cJSON_Delete(obj);
			return NULL;
		}
		return obj;
	default:
		/* too many plies for the search's table, or too many readings to try */
		*outcome = JSON_APPLY_UNSUPPORTED;
		obj = cJSON_CreateObject();
		if (obj && (!cJSON_AddStringToObject(obj, "field", field) || !cJSON_AddStringToObject(obj, "detail", detail))) {
			cJSON_Delete(obj);
			return NULL;
		}
		return obj;
	}
}

/* Reads count descriptive tokens from start into out. Returns JSON_APPLY_OK, or the
 * outcome with the problem members in *problem (NULL when out of memory). */
static enum json_apply_outcome json_read_descriptive(const struct position *start, const char *const *tokens, int count,
						     const struct json_apply_options *options, const char *field,
						     const struct json_fen_style *style, move *out, cJSON *notes,
						     cJSON **problem)
{
	enum json_apply_outcome outcome = JSON_APPLY_OK;
	struct descriptive_game *game;
	struct position pos = *start;
	enum descriptive_code code;

	*problem = NULL;
	if (count == 0)
		return JSON_APPLY_OK;
	if (options->san.lang != SAN_LANG_EN && options->san.lang != SAN_LANG_ES) {
		*problem = cJSON_CreateObject();
		if (*problem && (!cJSON_AddStringToObject(*problem, "field", "lang") ||
				 !cJSON_AddStringToObject(*problem, "detail",
							  "descriptive notation is read in lang \"en\" or \"es\""))) {
			cJSON_Delete(*problem);
			*problem = NULL;
		}
		return JSON_APPLY_UNSUPPORTED;
	}
	/* The search's working memory is large: a game's worth of plies. */
	if (!(game = malloc(sizeof *game)))
		return JSON_APPLY_ILLEGAL_MOVE;
	game->start = *start;
	game->lang = options->san.lang == SAN_LANG_ES ? DESCRIPTIVE_ES : DESCRIPTIVE_EN;
	game->msg_lang = MSG_EN;
	game->strict_ambiguity = true;
	game->node_limit = 0;
	game->check = options->check;
	code = descriptive_read_tokens(game, tokens, count);
	if (code == DESCRIPTIVE_ERR_STOPPED) {
		free(game);
		return JSON_APPLY_STOPPED;
	}
	/* A token that is not notation is told in the position it stands in: read the tokens
	 * before it (whose own problem, if they have one, comes first). */
	if (code == DESCRIPTIVE_ERR_MALFORMED && game->error.ply > 0) {
		struct descriptive_error malformed = game->error;
		if (descriptive_read_tokens(game, tokens, malformed.ply) == DESCRIPTIVE_OK) {
			struct position_undo undo;
			for (int i = 0; i < game->count; i++)
				position_make_move(&pos, game->moves[i], &undo);
			game->error = malformed;
		}
	}
	if (game->error.code != DESCRIPTIVE_OK)
		*problem = json_descriptive_problem(game, game->error.code == DESCRIPTIVE_ERR_MALFORMED ? &pos : &game->error.pos,
						    tokens, field, options->san.lang, style, &outcome);
	else if (!json_descriptive_notes(notes, game, field))
		outcome = JSON_APPLY_ILLEGAL_MOVE; /* out of memory: *problem stays NULL */
	else
		memcpy(out, game->moves, sizeof *out * (size_t)count);
	free(game);
	return outcome;
}

/* One move read in the request's notation, SAN in read's language (words name moves in
 * options->san.lang). On failure *problem holds the members of the problem (NULL when out
 * of memory) and the outcome says which. */
static enum json_apply_outcome json_read_move(const struct position *pos, const char *text, size_t length,
					      const struct json_apply_options *options,
					      const struct san_parse_options *read, const char *field, int index,
					      const struct json_fen_style *style, struct san_parse_result *r,
					      cJSON **problem)
{
	enum json_notation notation = options->notation;
	enum san_code code;

	memset(r, 0, offsetof(struct san_parse_result, candidates));
	r->candidates.count = 0;
	if (notation == JSON_NOTATION_AUTO)
		notation = json_looks_uci(text, length) ? JSON_NOTATION_UCI : JSON_NOTATION_SAN;
	if (notation == JSON_NOTATION_UCI) {
		bool malformed;
		/* UCI, with SAN's rules for blanks around it and the null move 0000, and SAN's
		 * reason for a move that is not legal. */
		code = san_parse_uci_move(pos, text, length, &options->san, r);
		if (code == SAN_OK)
			return JSON_APPLY_OK;
		malformed = code == SAN_ERR_MALFORMED || code == SAN_ERR_EMPTY;
		if (!san_code_is_warning(code) && code != SAN_ERR_NULL_MOVE_IN_CHECK) {
			*problem = json_illegal_move(pos, index, text, length, malformed, options->san.msg_lang, style);
			if (*problem && ((!malformed && !cJSON_AddStringToObject(*problem, "cause", san_code_name(code))) ||
					 !cJSON_AddStringToObject(*problem, "field", field))) {
				cJSON_Delete(*problem);
				*problem = NULL;
			}
			return JSON_APPLY_ILLEGAL_MOVE;
		}
	} else {
		code = san_parse_move_written(pos, text, length, read, options->san.lang, r);
	}
	if (code == SAN_OK)
		return JSON_APPLY_OK;
	if (code == SAN_ERR_AMBIGUOUS) {
		*problem = json_san_ambiguous(pos, field, index, text, length, r, options->san.lang, style);
		return JSON_APPLY_AMBIGUOUS_MOVE;
	}
	if (san_code_is_warning(code)) {
		*problem = json_san_non_standard(pos, field, index, text, length, &r->error, r->msg_lang, style);
		return JSON_APPLY_NON_STANDARD_SAN;
	}
	*problem = json_san_illegal(pos, field, index, text, length, &r->error, r->msg_lang, style);
	return JSON_APPLY_ILLEGAL_MOVE;
}

/* The move of ply index: taken from a descriptive reading made beforehand (resolved not
 * NULL), else read on its own. */
static enum json_apply_outcome json_take_move(const struct position *pos, const char *text,
					      const struct json_apply_options *options,
					      const struct san_parse_options *read, const char *field, int index,
					      const struct json_fen_style *style, const move *resolved,
					      struct san_parse_result *r, cJSON **problem)
{
	if (resolved) {
		memset(r, 0, offsetof(struct san_parse_result, candidates));
		r->candidates.count = 0;
		r->m = resolved[index];
		return JSON_APPLY_OK;
	}
	return json_read_move(pos, text, strlen(text), options, read, field, index, style, r, problem);
}

/* The history and the moves of a request as one list, for san_detect_list. */
struct json_apply_list {
	const char *const *history, *const *moves;
	int history_count;
	enum json_notation notation;
};

static const char *json_apply_token(void *ctx, int i, size_t *length, bool *uci)
{
	const struct json_apply_list *list = ctx;
	const char *text = i < list->history_count ? list->history[i] : list->moves[i - list->history_count];

	*length = strlen(text);
	*uci = list->notation == JSON_NOTATION_AUTO && json_looks_uci(text, *length);
	return text;
}

/* Detects the language of the history and the moves (one game, the moves from pos).
 * Returns JSON_APPLY_OK with *d set, or the ambiguous_language problem in *problem. */
static enum json_apply_outcome json_apply_detect(const struct position *pos, const char *const *moves, int count,
						 const struct json_apply_options *options, int history_count,
						 const struct json_fen_style *style, struct san_detect_result *d,
						 cJSON **problem)
{
	struct json_apply_list tokens = { options->history, moves, history_count, options->notation };
	struct position standard;
	struct san_detect_list list = { pos, history_count + count, json_apply_token, &tokens, options->san.strict, -1,
					NULL };
	const char *text;
	int index;

	if (history_count) {
		if (!options->history_start)
			position_set_start(&standard);
		list.start = options->history_start ? options->history_start : &standard;
		list.restart = history_count;
		list.restart_pos = pos;
	}
	if (san_detect_list(&list, d) != SAN_DETECT_AMBIGUOUS)
		return JSON_APPLY_OK;
	index = d->ply < history_count ? d->ply : d->ply - history_count;
	text = json_apply_token(&tokens, d->ply, &(size_t){ 0 }, &(bool){ false });
	*problem = json_ambiguous_language(d, index, text, strlen(text), options->san.msg_lang, style);
	if (*problem && !json_put_static(*problem, "field", d->ply < history_count ? "history"
									: options->list_plies ? "moves" : "move")) {
		cJSON_Delete(*problem);
		*problem = NULL;
	}
	return JSON_APPLY_AMBIGUOUS_LANGUAGE;
}

/* What a ply's entry says about the move: {"uci", "san", "lan"[, "fen"], "given", "nag",
 * "warnings"}, added to obj. pos is the position before the move and after the one after
 * it, whose FEN is included when with_fen. */
static bool json_add_ply(cJSON *obj, const struct position *pos, move m, const char *text,
			 const struct san_parse_result *r, enum san_lang lang, const struct position *after, bool with_fen,
			 const struct json_fen_style *style)
{
	char uci[UCI_MAX], san[SAN_MAX], lan[SAN_MAX];
	/* The check mark from the position already played to, for both SAN and LAN. */
	char mark = san_check_mark_after(after);

	uci_format_move(pos, m, uci);
	san_format_move_marked(pos, m, lang, SAN_STYLE_SAN, mark, san);
	san_format_move_marked(pos, m, lang, SAN_STYLE_LAN, mark, lan);
	return json_put_string(obj, "uci", uci) && json_put_string(obj, "san", san) && json_put_string(obj, "lan", lan) &&
	       (!with_fen || json_put(obj, "fen", json_fen_string(after, style))) &&
	       json_add_text(obj, "given", text, strlen(text), 64) &&
	       (r->nag ? json_put_number(obj, "nag", r->nag) : json_put_null(obj, "nag")) &&
	       json_put(obj, "warnings", json_san_warnings(r->warnings, r->warning_count));
}

/* The NAGs of a move read (its glyphs) as the game's PGN writes them; true when it has any. */
static bool json_apply_note(struct pgn_note *note, const struct san_parse_result *r)
{
	_Static_assert(SAN_NAGS_MAX <= PGN_NAGS_MAX, "a move's glyphs fit its PGN note");
	note->nag_count = r->nag_count;
	for (int i = 0; i < r->nag_count; i++)
		note->nags[i] = r->nags[i];
	return r->nag_count > 0;
}

/* The positions are the same for the repetition rule (and so for a history's end). */
static bool json_same_position(const struct position *a, const struct position *b)
{
	return a->key == b->key && a->turn == b->turn && a->castling == b->castling &&
	       memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* The game as PGN, from its first known position; NULL when out of memory. */
static cJSON *json_pgn(const struct position *start, const move *played, const struct pgn_note *notes, int count,
		       const struct json_apply_options *options, const char *result, const struct json_fen_style *style)
{
	struct pgn_game game = {
		.start = start, .moves = played, .move_count = count, .notes = notes, .tags = options->tags,
		.tag_count = options->tag_count, .result = result, .lang = SAN_LANG_EN, .ep = style->ep,
	};
	size_t length = 0;
	char *text;
	cJSON *string;

	if (pgn_write_buffer(&game, NULL, 0, &length, NULL) != PGN_WRITE_OK || !(text = malloc(length + 1)))
		return NULL;
	if (pgn_write_buffer(&game, text, length + 1, &length, NULL) != PGN_WRITE_OK) {
		free(text);
		return NULL;
	}
	string = cJSON_CreateString(text);
	free(text);
	return string;
}

cJSON *json_apply_moves(struct position *pos, const char *const *moves, int count,
			const struct json_apply_options *options, const struct json_fen_style *style,
			enum json_apply_outcome *outcome)
{
	struct json_apply_options defaults = JSON_APPLY_OPTIONS_DEFAULT;
	int history_count = 0, total, keys_used = 0, played_count = 0;
	struct position start = *pos, history, last_before;
	struct san_parse_result r, last;
	struct position_undo undo;
	struct status st;
	uint64_t *keys = NULL;
	move *played = NULL, last_move = MOVE_NONE, *descriptive = NULL;
	struct pgn_note *notes = NULL;
	bool any_note = false;
	cJSON *result = NULL, *plies = NULL, *problem = NULL, *read_notes = NULL;
	const char *game_result;
	struct san_parse_options read;
	struct san_detect_result detected;
	bool detecting, lang_warned = false;
	int failed_at = -1;

	if (!options)
		options = &defaults;
	read = options->san;
	detecting = options->detect_lang && options->notation != JSON_NOTATION_UCI &&
		    options->notation != JSON_NOTATION_DESCRIPTIVE;
	history_count = options->history ? options->history_count : 0;
	total = history_count + count;
	*outcome = JSON_APPLY_OK;
	keys = malloc(sizeof *keys * (size_t)(total + 1));
	played = malloc(sizeof *played * (size_t)(total + 1));
	notes = calloc((size_t)total + 1, sizeof *notes);
	result = cJSON_CreateObject();
	if (!keys || !played || !notes || !result)
		goto fail;
	/* Descriptive notation: the history and the moves each read as a whole first. */
	if (options->notation == JSON_NOTATION_DESCRIPTIVE) {
		struct position history_from;
		if (options->history_start)
			history_from = *options->history_start;
		else
			position_set_start(&history_from);
		if (!(descriptive = malloc(sizeof *descriptive * (size_t)(total + 1))) || !(read_notes = cJSON_CreateArray()))
			goto fail;
		*outcome = json_read_descriptive(&history_from, options->history, history_count, options, "history", style,
						 descriptive, read_notes, &problem);
		if (*outcome == JSON_APPLY_OK)
			*outcome = json_read_descriptive(pos, moves, count, options, options->list_plies ? "moves" : "move",
							 style, descriptive + history_count, read_notes, &problem);
		if (*outcome != JSON_APPLY_OK)
			goto problem;
	}
	/* No lang given: the language of the game is its letters'. */
	if (detecting) {
		*outcome = json_apply_detect(pos, moves, count, options, history_count, style, &detected, &problem);
		if (*outcome != JSON_APPLY_OK)
			goto problem;
		read.lang = detected.lang;
		detecting = detected.lang != SAN_LANG_EN;
	}

	/* The history: played from its start, it must arrive at the given position. */
	if (history_count) {
		char fen[FEN_MAX], detail[FEN_MAX + 64];
		if (options->history_start)
			history = *options->history_start;
		else
			position_set_start(&history);
		start = history;
		keys[keys_used++] = history.key;
		for (int i = 0; i < history_count; i++) {
			const char *text = options->history[i];
			*outcome = json_take_move(&history, text, options, &read, "history", i, style, descriptive, &r,
						  &problem);
			if (*outcome != JSON_APPLY_OK) {
				failed_at = i;
				goto problem;
			}
			played[played_count] = r.m;
			any_note |= json_apply_note(&notes[played_count++], &r);
			position_make_move(&history, r.m, &undo);
			keys[keys_used++] = history.key;
		}
		if (!json_same_position(&history, pos)) {
			fen_format(&history, style->ep, style->castling, fen, sizeof fen);
			snprintf(detail, sizeof detail, "history leads to %s, not to the position of fen", fen);
			*outcome = JSON_APPLY_BAD_HISTORY;
			problem = cJSON_CreateObject();
			if (problem && (!cJSON_AddStringToObject(problem, "field", "history") ||
					!cJSON_AddStringToObject(problem, "detail", detail) ||
					!cJSON_AddStringToObject(problem, "history_fen", fen))) {
				cJSON_Delete(problem);
				problem = NULL;
			}
			goto problem;
		}
	} else {
		keys[keys_used++] = pos->key;
	}

	if (options->list_plies && !(plies = cJSON_CreateArray()))
		goto fail;
	for (int i = 0; i < count; i++) {
		struct position before = *pos;
		*outcome = json_take_move(pos, moves[i], options, &read, options->list_plies ? "moves" : "move", i, style,
					  descriptive ? descriptive + history_count : NULL, &r, &problem);
		if (*outcome != JSON_APPLY_OK) {
			failed_at = history_count + i;
			goto problem;
		}
		position_make_move(pos, r.m, &undo);
		keys[keys_used++] = pos->key;
		played[played_count] = r.m;
		any_note |= json_apply_note(&notes[played_count++], &r);
		if (plies) {
			cJSON *ply = cJSON_CreateObject();
			if (!json_append(plies, ply) ||
			    !json_add_ply(ply, &before, r.m, moves[i], &r, options->san.lang, pos, true, style) ||
			    !json_put(ply, "opening", json_opening_of_key(pos->key)))
				goto fail;
			/* the language detected, on the move that showed it (else the first) */
			if (detecting && !lang_warned &&
			    (i == detected.english_out - history_count || detected.english_out - history_count < 0)) {
				lang_warned = true;
				if (!json_append(cJSON_GetObjectItemCaseSensitive(ply, "warnings"),
						 json_lang_warning(&before, r.m, moves[i], strlen(moves[i]), &detected,
								   options->san.lang, options->san.msg_lang)))
					goto fail;
			}
		}
		if (i == count - 1) {
			last = r;
			last_move = r.m;
			last_before = before;
		}
	}

	status_compute(pos, &st);
	status_set_repetitions(&st, status_count_repetitions(keys, keys_used, -1));
	if (!json_put(result, "fen", json_fen_string(pos, style)))
		goto fail;
	if (count) {
		/* the last move at the top: all of it for a single move, its names for a list */
		if (!options->list_plies) {
			if (!json_add_ply(result, &last_before, last_move, moves[count - 1], &last, options->san.lang, pos,
					  false, style))
				goto fail;
			if (detecting && !json_append(cJSON_GetObjectItemCaseSensitive(result, "warnings"),
						      json_lang_warning(&last_before, last_move, moves[count - 1],
									strlen(moves[count - 1]), &detected,
									options->san.lang, options->san.msg_lang)))
				goto fail;
		} else {
			char uci[UCI_MAX], san[SAN_MAX];
			uci_format_move(&last_before, last_move, uci);
			san_format_move(&last_before, last_move, options->san.lang, SAN_STYLE_SAN, san);
			if (!cJSON_AddStringToObject(result, "uci", uci) || !cJSON_AddStringToObject(result, "san", san))
				goto fail;
		}
	} else if (!cJSON_AddNullToObject(result, "uci") || !cJSON_AddNullToObject(result, "san")) {
		goto fail;
	}
	if (!json_put(result, "status", json_status(pos, &st)) ||
	    !json_put(result, "opening", json_opening(opening_of_line(keys, keys_used, NULL))))
		goto fail;
	/* What reading descriptive notation had to interpret, as /convert says it. */
	if (read_notes) {
		cJSON *attached = read_notes;
		read_notes = NULL; /* json_put owns it, also when it fails */
		if (!json_put(result, "notes", attached))
			goto fail;
	}
	if (plies) {
		if (!json_put(result, "moves", plies)) {
			plies = NULL;
			goto fail;
		}
		plies = NULL;
		game_result = status_result(pos, &st);
		if (!json_put(result, "pgn", json_pgn(&start, played, any_note ? notes : NULL, played_count, options,
							  game_result, style)))
			goto fail;
	}
	if (detecting && !json_lang_detected(result, &detected))
		goto fail;
	free(descriptive);
	free(keys);
	free(played);
	free(notes);
	return result;

fail:
	/* out of memory: whatever problem was begun goes too */
	cJSON_Delete(problem);
	problem = NULL;
problem:
	/* a move that no language reads: say how far the one read went */
	if (detecting && problem && failed_at >= 0 && !json_lang_hint(problem, &detected, failed_at, options->san.msg_lang)) {
		cJSON_Delete(problem);
		problem = NULL;
	}
	cJSON_Delete(read_notes);
	free(descriptive);
	free(keys);
	free(played);
	free(notes);
	cJSON_Delete(plies);
	cJSON_Delete(result);
	return problem;
}
