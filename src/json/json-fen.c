/* json-fen.c -- the JSON of FEN validation: fields, status, errors and warnings. */
#include "json/json.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/movegen.h"

int json_parse_mode(const char *name, enum fen_mode *out)
{
	if (!strcmp(name, "strict"))
		*out = FEN_STRICT;
	else if (!strcmp(name, "lenient"))
		*out = FEN_LENIENT;
	else
		return -1;
	return 0;
}

int json_parse_ep_style(const char *name, enum fen_ep_style *out)
{
	if (!strcmp(name, "fen"))
		*out = FEN_EP_FEN;
	else if (!strcmp(name, "xfen"))
		*out = FEN_EP_XFEN;
	else if (!strcmp(name, "legal"))
		*out = FEN_EP_LEGAL;
	else
		return -1;
	return 0;
}

int json_parse_castling_style(const char *name, enum fen_castling_style *out)
{
	if (!strcmp(name, "standard"))
		*out = FEN_CASTLING_STANDARD;
	else if (!strcmp(name, "shredder"))
		*out = FEN_CASTLING_SHREDDER;
	else
		return -1;
	return 0;
}

cJSON *json_issues(const struct fen_issue *issues, int count)
{
	cJSON *list = cJSON_CreateArray();

	for (int i = 0; list && i < count; i++) {
		const struct fen_issue *issue = &issues[i];
		const char *field = error_field_name(issue->field);
		cJSON *item = cJSON_CreateObject();
		if (!cJSON_AddItemToArray(list, item)) {
			cJSON_Delete(item);
			goto fail;
		}
		if (!json_put_static(item, "code", error_code_name(issue->code)) ||
		    !(field ? json_put_static(item, "field", field) : json_put_null(item, "field")) ||
		    !json_put_number(item, "offset", issue->offset) ||
		    !json_put_number(item, "length", issue->length) ||
		    !json_put_string(item, "message", issue->message))
			goto fail;
		/* A change names what was given (null for a missing field) and what it became. */
		if (error_code_is_warning(issue->code) && (issue->given[0] || issue->became[0]) &&
		    (!(issue->given[0] ? json_put_string(item, "given", issue->given) : json_put_null(item, "given")) ||
		     !json_put_string(item, "became", issue->became)))
			goto fail;
	}
	return list;
fail:
	cJSON_Delete(list);
	return NULL;
}

cJSON *json_hints(const struct fen_report *report)
{
	cJSON *list = cJSON_CreateArray();

	for (int i = 0; list && i < report->hint_count; i++) {
		const struct fen_hint *hint = &report->hints[i];
		bool chess960 = hint->code == FEN_HINT_CHESS960;
		cJSON *item = cJSON_CreateObject();
		if (!cJSON_AddItemToArray(list, item)) {
			cJSON_Delete(item);
			goto fail;
		}
		/* the option to set and its value, as a request spells them */
		if (!json_put_static(item, "code", error_hint_name(hint->code)) ||
		    !json_put_static(item, "option", chess960 ? "chess960" : "mode") ||
		    !(chess960 ? json_put_bool(item, "value", true) : json_put_static(item, "value", "lenient")) ||
		    !json_put_bool(item, "valid", hint->valid) || !json_put_string(item, "message", hint->message))
			goto fail;
	}
	return list;
fail:
	cJSON_Delete(list);
	return NULL;
}

/* Adds "hints" to obj when report has any (an invalid FEN's); false when out of memory. */
static bool json_put_hints(cJSON *obj, const struct fen_report *report)
{
	return report->hint_count == 0 || json_put(obj, "hints", json_hints(report));
}

cJSON *json_status(const struct position *pos, const struct status *st)
{
	static const char *const outcomes[] = {
		[STATUS_ONGOING] = "ongoing", [STATUS_CHECKMATE] = "checkmate", [STATUS_STALEMATE] = "stalemate",
		[STATUS_INSUFFICIENT_MATERIAL] = "insufficient_material",
		[STATUS_SEVENTY_FIVE_MOVE] = "seventy_five_move",
		[STATUS_FIVEFOLD_REPETITION] = "fivefold_repetition",
	};
	const char *result = status_result(pos, st);
	cJSON *obj = cJSON_CreateObject();

	if (!obj || !json_put_bool(obj, "check", st->check) || !json_put_bool(obj, "checkmate", st->checkmate) ||
	    !json_put_bool(obj, "stalemate", st->stalemate) ||
	    !json_put_bool(obj, "insufficient_material", st->insufficient_material) ||
	    !json_put_bool(obj, "fifty_move", st->fifty_move) ||
	    !json_put_bool(obj, "seventy_five_move", st->seventy_five_move) ||
	    !json_put_number(obj, "legal_moves", st->legal_moves) ||
	    !json_put_static(obj, "outcome", outcomes[status_outcome_of(st)]) ||
	    !(result ? json_put_static(obj, "result", result) : json_put_null(obj, "result")))
		goto fail;
	/* Only a game's history knows repetitions: a lone FEN reports none. */
	if (st->repetitions > 0 &&
	    (!json_put_number(obj, "repetitions", st->repetitions) ||
	     !json_put_bool(obj, "threefold_repetition", st->threefold_repetition) ||
	     !json_put_bool(obj, "fivefold_repetition", st->fivefold_repetition)))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

/* Status objects as cJSON printed them, on this thread, for answers printed unformatted:
 * there are few different ones (most positions are ongoing, not in check, with 20 to 50
 * moves), and printing one is a third of printing a /validate answer. Direct-mapped: a
 * slot holds the last status whose key falls in it. */
#define JSON_STATUS_TEXTS 64
#define JSON_STATUS_TEXT_MAX 248

struct json_status_text {
	uint64_t key;        /* json_status_key's; 0: empty */
	const char *result;  /* status_result's (a constant), also part of the key */
	char text[JSON_STATUS_TEXT_MAX];
};

static _Thread_local struct json_status_text json_status_texts[JSON_STATUS_TEXTS];

/* Everything json_status writes but the result, never 0; 0 when it writes more (the
 * repetitions of a game), which is not kept. */
static uint64_t json_status_key(const struct status *st)
{
	if (st->repetitions > 0 || st->legal_moves < 0)
		return 0;
	return 1 | (uint64_t)st->check << 1 | (uint64_t)st->checkmate << 2 | (uint64_t)st->stalemate << 3 |
	       (uint64_t)st->insufficient_material << 4 | (uint64_t)st->fifty_move << 5 |
	       (uint64_t)st->seventy_five_move << 6 | (uint64_t)status_outcome_of(st) << 8 |
	       (uint64_t)(unsigned)st->legal_moves << 16;
}

cJSON *json_status_printed(const struct position *pos, const struct status *st)
{
	uint64_t key = json_status_key(st);
	const char *result = status_result(pos, st);
	struct json_status_text *slot;
	cJSON *tree;

	if (!key)
		return json_status(pos, st);
	slot = &json_status_texts[(key >> 16 ^ key >> 1) % JSON_STATUS_TEXTS];
	if (slot->key == key && slot->result == result)
		return cJSON_CreateRaw(slot->text);
	/* Printed by cJSON as it would print it in place (json_print_prepare's numbers). */
	tree = json_status(pos, st);
	slot->key = 0;
	if (!tree || !json_print_prepare(tree) ||
	    !cJSON_PrintPreallocated(tree, slot->text, (int)sizeof slot->text, false)) {
		/* Out of memory, or longer than a slot (never, for the members above): the
		 * tree itself. */
		return tree;
	}
	cJSON_Delete(tree);
	slot->key = key;
	slot->result = result;
	return cJSON_CreateRaw(slot->text);
}

/* The fields of pos, whose FEN in the same style is fen (written once by the caller:
 * the board is its first field). */
static cJSON *json_fields_of(const struct position *pos, const struct json_fen_style *style, const char *fen)
{
	char board[80], castling[8];
	size_t board_length = strcspn(fen, " ");
	int ep = fen_ep_square(pos, style->ep);
	cJSON *obj = cJSON_CreateObject();

	if (board_length >= sizeof board)
		board_length = 0;
	memcpy(board, fen, board_length);
	board[board_length] = '\0';
	fen_format_castling(pos, style->castling, castling, sizeof castling);
	if (!obj || !json_put_string(obj, "board", board) ||
	    !json_put_static(obj, "turn", pos->turn == WHITE ? "w" : "b") ||
	    !json_put_string(obj, "castling", castling) ||
	    !(ep != SQ_NONE ? json_put_static(obj, "en_passant", json_square_name(ep)) : json_put_null(obj, "en_passant")) ||
	    !json_put_number(obj, "halfmove", pos->halfmove) || !json_put_number(obj, "fullmove", pos->fullmove)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_fields(const struct position *pos, const struct json_fen_style *style)
{
	char fen[FEN_MAX];

	if (!fen_format(pos, style->ep, style->castling, fen, sizeof fen))
		return NULL;
	return json_fields_of(pos, style, fen);
}

cJSON *json_fen_string(const struct position *pos, const struct json_fen_style *style)
{
	char fen[FEN_MAX];

	if (!fen_format(pos, style->ep, style->castling, fen, sizeof fen))
		return NULL;
	return cJSON_CreateString(fen);
}

/* Adds item under name, or null when item is NULL because there is nothing to say.
 * Returns false when out of memory. */
static bool json_add_or_null(cJSON *obj, const char *name, cJSON *item, bool wanted)
{
	if (!wanted)
		return json_put_null(obj, name);
	return json_put(obj, name, item);
}

/* json_validation, or json_validation_printed when printed. */
static cJSON *json_validation_as(enum fen_verdict verdict, const struct position *pos,
				 const struct fen_report *report, const struct json_fen_style *style, bool printed)
{
	bool parsed = verdict != FEN_MALFORMED, valid = verdict == FEN_VALID;
	cJSON *obj = cJSON_CreateObject();
	struct status st;
	char zobrist[17], fen[FEN_MAX];

	if (!obj)
		return NULL;
	if (valid)
		status_compute(pos, &st);
	if (parsed && !fen_format(pos, style->ep, style->castling, fen, sizeof fen)) {
		cJSON_Delete(obj);
		return NULL;
	}
	/* By hand rather than snprintf, which costs as much as the rest of this object. */
	for (int i = 15, shift = 0; i >= 0; i--, shift += 4)
		zobrist[i] = "0123456789abcdef"[((parsed ? pos->key : 0) >> shift) & 15];
	zobrist[16] = '\0';
	if (!json_put_bool(obj, "valid", valid) ||
	    !(parsed ? json_put_string(obj, "fen", fen) : json_put_null(obj, "fen")) ||
	    !json_add_or_null(obj, "fields", parsed ? json_fields_of(pos, style, fen) : NULL, parsed) ||
	    !(parsed ? json_put_bool(obj, "chess960", pos->chess960) : json_put_null(obj, "chess960")) ||
	    !(valid ? json_put_string(obj, "zobrist", zobrist) : json_put_null(obj, "zobrist")) ||
	    !json_add_or_null(obj, "status", valid ? (printed ? json_status_printed(pos, &st) : json_status(pos, &st)) : NULL,
			      valid) ||
	    !json_put(obj, "opening", valid ? json_opening_of_key(pos->key) : cJSON_CreateNull()) ||
	    !json_add_or_null(obj, "errors", json_issues(report->errors, report->error_count), true) ||
	    !json_add_or_null(obj, "warnings", json_issues(report->warnings, report->warning_count), true) ||
	    !json_put_hints(obj, report)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_validation(enum fen_verdict verdict, const struct position *pos, const struct fen_report *report,
		       const struct json_fen_style *style)
{
	return json_validation_as(verdict, pos, report, style, false);
}

cJSON *json_validation_printed(enum fen_verdict verdict, const struct position *pos, const struct fen_report *report,
			       const struct json_fen_style *style)
{
	return json_validation_as(verdict, pos, report, style, true);
}

cJSON *json_invalid_fen(const struct fen_report *report)
{
	cJSON *obj = cJSON_CreateObject();
	const char *detail = report->error_count ? report->errors[0].message : "the FEN is not valid";

	if (!obj || !cJSON_AddStringToObject(obj, "code", "invalid_fen") ||
	    !cJSON_AddStringToObject(obj, "detail", detail) ||
	    !json_add_or_null(obj, "errors", json_issues(report->errors, report->error_count), true) ||
	    !json_add_or_null(obj, "warnings", json_issues(report->warnings, report->warning_count), true) ||
	    !json_put_hints(obj, report)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}
