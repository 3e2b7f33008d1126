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
		if (!cJSON_AddStringToObject(item, "code", error_code_name(issue->code)) ||
		    !(field ? cJSON_AddStringToObject(item, "field", field) : cJSON_AddNullToObject(item, "field")) ||
		    !cJSON_AddNumberToObject(item, "offset", issue->offset) ||
		    !cJSON_AddNumberToObject(item, "length", issue->length) ||
		    !cJSON_AddStringToObject(item, "message", issue->message))
			goto fail;
		/* A change names what was given (null for a missing field) and what it became. */
		if (error_code_is_warning(issue->code) && (issue->given[0] || issue->became[0]) &&
		    (!(issue->given[0] ? cJSON_AddStringToObject(item, "given", issue->given)
				       : cJSON_AddNullToObject(item, "given")) ||
		     !cJSON_AddStringToObject(item, "became", issue->became)))
			goto fail;
	}
	return list;
fail:
	cJSON_Delete(list);
	return NULL;
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

	if (!obj || !cJSON_AddBoolToObject(obj, "check", st->check) ||
	    !cJSON_AddBoolToObject(obj, "checkmate", st->checkmate) ||
	    !cJSON_AddBoolToObject(obj, "stalemate", st->stalemate) ||
	    !cJSON_AddBoolToObject(obj, "insufficient_material", st->insufficient_material) ||
	    !cJSON_AddBoolToObject(obj, "fifty_move", st->fifty_move) ||
	    !cJSON_AddBoolToObject(obj, "seventy_five_move", st->seventy_five_move) ||
	    !cJSON_AddNumberToObject(obj, "legal_moves", st->legal_moves) ||
	    !cJSON_AddStringToObject(obj, "outcome", outcomes[status_outcome_of(st)]) ||
	    !(result ? cJSON_AddStringToObject(obj, "result", result) : cJSON_AddNullToObject(obj, "result")))
		goto fail;
	/* Only a game's history knows repetitions: a lone FEN reports none. */
	if (st->repetitions > 0 &&
	    (!cJSON_AddNumberToObject(obj, "repetitions", st->repetitions) ||
	     !cJSON_AddBoolToObject(obj, "threefold_repetition", st->threefold_repetition) ||
	     !cJSON_AddBoolToObject(obj, "fivefold_repetition", st->fivefold_repetition)))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

cJSON *json_fields(const struct position *pos, const struct json_fen_style *style)
{
	char board[80], castling[8], square[3];
	int ep = fen_ep_square(pos, style->ep);
	cJSON *obj = cJSON_CreateObject();

	fen_format_board(pos, board, sizeof board);
	fen_format_castling(pos, style->castling, castling, sizeof castling);
	if (ep != SQ_NONE)
		fen_format_square(ep, square);
	if (!obj || !cJSON_AddStringToObject(obj, "board", board) ||
	    !cJSON_AddStringToObject(obj, "turn", pos->turn == WHITE ? "w" : "b") ||
	    !cJSON_AddStringToObject(obj, "castling", castling) ||
	    !(ep != SQ_NONE ? cJSON_AddStringToObject(obj, "en_passant", square)
			    : cJSON_AddNullToObject(obj, "en_passant")) ||
	    !cJSON_AddNumberToObject(obj, "halfmove", pos->halfmove) ||
	    !cJSON_AddNumberToObject(obj, "fullmove", pos->fullmove)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
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
		return cJSON_AddNullToObject(obj, name) != NULL;
	if (!item)
		return false;
	if (!cJSON_AddItemToObject(obj, name, item)) {
		cJSON_Delete(item);
		return false;
	}
	return true;
}

cJSON *json_validation(enum fen_verdict verdict, const struct position *pos, const struct fen_report *report,
		       const struct json_fen_style *style)
{
	bool parsed = verdict != FEN_MALFORMED, valid = verdict == FEN_VALID;
	cJSON *obj = cJSON_CreateObject();
	struct status st;
	char zobrist[17];

	if (!obj)
		return NULL;
	if (valid)
		status_compute(pos, &st);
	/* By hand rather than snprintf, which costs as much as the rest of this object. */
	for (int i = 15, shift = 0; i >= 0; i--, shift += 4)
		zobrist[i] = "0123456789abcdef"[((parsed ? pos->key : 0) >> shift) & 15];
	zobrist[16] = '\0';
	if (!cJSON_AddBoolToObject(obj, "valid", valid) ||
	    !json_add_or_null(obj, "fen", parsed ? json_fen_string(pos, style) : NULL, parsed) ||
	    !json_add_or_null(obj, "fields", parsed ? json_fields(pos, style) : NULL, parsed) ||
	    !(parsed ? cJSON_AddBoolToObject(obj, "chess960", pos->chess960) : cJSON_AddNullToObject(obj, "chess960")) ||
	    !(valid ? cJSON_AddStringToObject(obj, "zobrist", zobrist) : cJSON_AddNullToObject(obj, "zobrist")) ||
	    !json_add_or_null(obj, "status", valid ? json_status(pos, &st) : NULL, valid) ||
	    !json_add_or_null(obj, "errors", json_issues(report->errors, report->error_count), true) ||
	    !json_add_or_null(obj, "warnings", json_issues(report->warnings, report->warning_count), true)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_invalid_fen(const struct fen_report *report)
{
	cJSON *obj = cJSON_CreateObject();
	const char *detail = report->error_count ? report->errors[0].message : "the FEN is not valid";

	if (!obj || !cJSON_AddStringToObject(obj, "code", "invalid_fen") ||
	    !cJSON_AddStringToObject(obj, "detail", detail) ||
	    !json_add_or_null(obj, "errors", json_issues(report->errors, report->error_count), true) ||
	    !json_add_or_null(obj, "warnings", json_issues(report->warnings, report->warning_count), true)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}
