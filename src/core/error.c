/* error.c -- the table of FEN problem codes and the report they are collected in. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "utf8.h"

static const char *const error_code_names[FEN_CODE_NB] = {
	[FEN_ERR_EMPTY] = "empty",
	[FEN_ERR_TOO_LONG] = "too_long",
	[FEN_ERR_TOO_FEW_FIELDS] = "too_few_fields",
	[FEN_ERR_TOO_MANY_FIELDS] = "too_many_fields",
	[FEN_ERR_BAD_WHITESPACE] = "bad_whitespace",
	[FEN_ERR_TOO_FEW_RANKS] = "too_few_ranks",
	[FEN_ERR_TOO_MANY_RANKS] = "too_many_ranks",
	[FEN_ERR_RANK_TOO_LONG] = "rank_too_long",
	[FEN_ERR_RANK_TOO_SHORT] = "rank_too_short",
	[FEN_ERR_BAD_PIECE] = "bad_piece",
	[FEN_ERR_BAD_DIGIT] = "bad_digit",
	[FEN_ERR_CONSECUTIVE_DIGITS] = "consecutive_digits",
	[FEN_ERR_BAD_TURN] = "bad_turn",
	[FEN_ERR_BAD_CASTLING] = "bad_castling",
	[FEN_ERR_CASTLING_REPEATED] = "castling_repeated",
	[FEN_ERR_CASTLING_ORDER] = "castling_order",
	[FEN_ERR_BAD_EN_PASSANT] = "bad_en_passant",
	[FEN_ERR_NOT_A_NUMBER] = "not_a_number",
	[FEN_ERR_NEGATIVE_NUMBER] = "negative_number",
	[FEN_ERR_NUMBER_TOO_LARGE] = "number_too_large",
	[FEN_ERR_FULLMOVE_ZERO] = "fullmove_zero",
	[FEN_ERR_MISSING_KING] = "missing_king",
	[FEN_ERR_TOO_MANY_KINGS] = "too_many_kings",
	[FEN_ERR_PAWN_ON_BACK_RANK] = "pawn_on_back_rank",
	[FEN_ERR_TOO_MANY_PAWNS] = "too_many_pawns",
	[FEN_ERR_TOO_MANY_PIECES] = "too_many_pieces",
	[FEN_ERR_TOO_MANY_PROMOTED] = "too_many_promoted_pieces",
	[FEN_ERR_OPPONENT_IN_CHECK] = "opponent_in_check",
	[FEN_ERR_TOO_MANY_CHECKERS] = "too_many_checkers",
	[FEN_ERR_IMPOSSIBLE_CHECK] = "impossible_check",
	[FEN_ERR_CASTLING_WITHOUT_KING] = "castling_without_king",
	[FEN_ERR_CASTLING_WITHOUT_ROOK] = "castling_without_rook",
	[FEN_ERR_CASTLING_NEEDS_CHESS960] = "castling_needs_chess960",
	[FEN_ERR_EN_PASSANT_WRONG_RANK] = "en_passant_wrong_rank",
	[FEN_ERR_EN_PASSANT_WITHOUT_PAWN] = "en_passant_without_pawn",
	[FEN_ERR_EN_PASSANT_BLOCKED] = "en_passant_blocked",
	[FEN_ERR_TOO_MANY_PROBLEMS] = "too_many_problems",
	[FEN_WARN_FIELD_DEFAULTED] = "field_defaulted",
	[FEN_WARN_WHITESPACE_NORMALIZED] = "whitespace_normalized",
	[FEN_WARN_CASE_NORMALIZED] = "case_normalized",
	[FEN_WARN_LEADING_ZEROS] = "leading_zeros",
	[FEN_WARN_CASTLING_DROPPED] = "castling_dropped",
	[FEN_WARN_CASTLING_REORDERED] = "castling_reordered",
	[FEN_WARN_CASTLING_INFERRED] = "castling_inferred",
	[FEN_WARN_CASTLING_REWRITTEN] = "castling_rewritten",
	[FEN_WARN_CHESS960_ASSUMED] = "chess960_assumed",
	[FEN_WARN_EN_PASSANT_DROPPED] = "en_passant_dropped",
	[FEN_WARN_EN_PASSANT_WITH_HALFMOVE] = "en_passant_with_halfmove",
	[FEN_WARN_FULLMOVE_CORRECTED] = "fullmove_corrected",
	[FEN_WARN_HALFMOVE_EXCEEDS_PLIES] = "halfmove_exceeds_plies",
};

static const char *const error_hint_names[FEN_HINT_NB] = {
	[FEN_HINT_CHESS960] = "chess960",
	[FEN_HINT_LENIENT] = "lenient",
};

static const char *const error_field_names[FEN_FIELD_NB] = {
	"board", "turn", "castling", "en_passant", "halfmove", "fullmove",
};

const char *error_code_name(enum fen_code code)
{
	return code >= 0 && code < FEN_CODE_NB ? error_code_names[code] : "unknown";
}

const char *error_field_name(enum fen_field field)
{
	return field >= 0 && field < FEN_FIELD_NB ? error_field_names[field] : NULL;
}

const char *error_hint_name(enum fen_hint_code code)
{
	return code >= 0 && code < FEN_HINT_NB ? error_hint_names[code] : "unknown";
}

bool error_code_is_warning(enum fen_code code)
{
	return code >= FEN_WARN_FIELD_DEFAULTED && code < FEN_CODE_NB;
}

void error_report_clear(struct fen_report *report)
{
	report->lang = MSG_EN;
	report->error_count = 0;
	report->warning_count = 0;
	report->hint_count = 0;
	report->truncated = false;
}

/* Formats into out (size bytes). Text cut short ends at a character boundary, so that a
 * quoted multi-byte character is kept whole or left out, never turned into '?'; bytes
 * that were not UTF-8 in the input become '?'. */
static void error_format(char *out, size_t size, const char *format, va_list ap)
{
	/* format comes from the catalogue, never from input: tests/check_messages checks that
	 * each language's takes the arguments the English one does */
	int n = vsnprintf(out, size, format, ap);

	if (n >= (int)size) {
		/* The last lead byte, at most three bytes back: drop it when its sequence
		 * needed more bytes than were kept. */
		size_t length = size - 1, lead = length;
		while (lead > 0 && length - lead < 3 && ((unsigned char)out[lead - 1] & 0xC0) == 0x80)
			lead--;
		if (lead > 0) {
			unsigned char c = (unsigned char)out[lead - 1];
			size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
			if (length - (lead - 1) < need)
				out[lead - 1] = '\0';
		}
	}
	utf8_sanitize(out);
}

void error_message(char *out, size_t size, enum msg_lang lang, enum msg_id id, ...)
{
	va_list ap;

	va_start(ap, id);
	error_format(out, size, msg_text(id, lang), ap);
	va_end(ap);
}

struct fen_issue *error_report_add(struct fen_report *report, enum fen_code code, enum fen_field field,
				   int offset, int length, enum msg_id id, ...)
{
	bool warning = error_code_is_warning(code);
	int *count = warning ? &report->warning_count : &report->error_count;
	struct fen_issue *issue;
	va_list ap;

	if (*count >= FEN_REPORT_MAX) {
		/* The last error gives way to a note that the list is cut, so a client reading
		 * only the list still learns that there is more. */
		if (!warning && !report->truncated) {
			issue = &report->errors[FEN_REPORT_MAX - 1];
			/* Its offset is the furthest listed one, so that it sorts last. */
			for (int i = 0; i < FEN_REPORT_MAX - 1; i++)
				if (report->errors[i].offset > issue->offset)
					issue->offset = report->errors[i].offset;
			issue->code = FEN_ERR_TOO_MANY_PROBLEMS;
			issue->field = FEN_FIELD_NONE;
			issue->length = 0;
			issue->given[0] = '\0';
			issue->became[0] = '\0';
			error_message(issue->message, sizeof issue->message, report->lang, MSG_FEN_TOO_MANY_PROBLEMS,
				      FEN_REPORT_MAX - 1, FEN_REPORT_MAX - 1);
		}
		report->truncated = true;
		return NULL;
	}
	issue = &(warning ? report->warnings : report->errors)[(*count)++];
	issue->code = code;
	issue->field = field;
	issue->offset = offset;
	issue->length = length;
	issue->given[0] = '\0';
	issue->became[0] = '\0';
	va_start(ap, id);
	error_format(issue->message, sizeof issue->message, msg_text(id, report->lang), ap);
	va_end(ap);
	return issue;
}

struct fen_hint *error_report_hint(struct fen_report *report, enum fen_hint_code code, bool valid,
				   enum msg_id id, ...)
{
	struct fen_hint *hint;
	va_list ap;

	for (int i = 0; i < report->hint_count; i++)
		if (report->hints[i].code == code)
			return NULL;
	if (report->hint_count >= FEN_HINT_NB)
		return NULL;
	hint = &report->hints[report->hint_count++];
	hint->code = code;
	hint->valid = valid;
	va_start(ap, id);
	error_format(hint->message, sizeof hint->message, msg_text(id, report->lang), ap);
	va_end(ap);
	return hint;
}

void error_issue_set_change(struct fen_issue *issue, const char *given, size_t given_length,
			    const char *became)
{
	size_t became_length;

	if (!issue)
		return;
	/* whole characters only: "given" quotes the input */
	given_length = utf8_prefix(given, given_length, sizeof issue->given - 1);
	memcpy(issue->given, given, given_length);
	issue->given[given_length] = '\0';
	became_length = utf8_prefix(became, strlen(became), sizeof issue->became - 1);
	memcpy(issue->became, became, became_length);
	issue->became[became_length] = '\0';
	utf8_sanitize(issue->given);
	utf8_sanitize(issue->became);
}
