/* error.h -- problems found in a FEN, as values: a stable code, the field, the byte
 * offset and length in the input, and a message in words.
 *
 * Codes are part of the API: their snake_case names (error_code_name) never change
 * meaning once released. A report collects every error and warning of one parse;
 * warnings say what lenient parsing changed (given -> became) or what looks odd. An
 * invalid FEN's report may also carry hints: a request option under which the FEN reads
 * (better), named by a stable code of its own. */
#ifndef FEN_ERROR_H
#define FEN_ERROR_H

#include <stdbool.h>
#include <stddef.h>

#include "messages.h"

enum fen_field {
	FEN_FIELD_NONE = -1, /* the input as a whole */
	FEN_FIELD_BOARD, FEN_FIELD_TURN, FEN_FIELD_CASTLING,
	FEN_FIELD_EN_PASSANT, FEN_FIELD_HALFMOVE, FEN_FIELD_FULLMOVE,
	FEN_FIELD_NB
};

enum fen_code {
	/* the input as a whole */
	FEN_ERR_EMPTY,
	FEN_ERR_TOO_LONG,
	FEN_ERR_TOO_FEW_FIELDS,
	FEN_ERR_TOO_MANY_FIELDS,
	FEN_ERR_BAD_WHITESPACE,
	/* board syntax */
	FEN_ERR_TOO_FEW_RANKS,
	FEN_ERR_TOO_MANY_RANKS,
	FEN_ERR_RANK_TOO_LONG,
	FEN_ERR_RANK_TOO_SHORT,
	FEN_ERR_BAD_PIECE,
	FEN_ERR_BAD_DIGIT,
	FEN_ERR_CONSECUTIVE_DIGITS,
	/* other fields' syntax */
	FEN_ERR_BAD_TURN,
	FEN_ERR_BAD_CASTLING,
	FEN_ERR_CASTLING_REPEATED,
	FEN_ERR_CASTLING_ORDER,
	FEN_ERR_BAD_EN_PASSANT,
	FEN_ERR_NOT_A_NUMBER,
	FEN_ERR_NEGATIVE_NUMBER,
	FEN_ERR_NUMBER_TOO_LARGE,
	FEN_ERR_FULLMOVE_ZERO,
	/* legality of the position */
	FEN_ERR_MISSING_KING,
	FEN_ERR_TOO_MANY_KINGS,
	FEN_ERR_PAWN_ON_BACK_RANK,
	FEN_ERR_TOO_MANY_PAWNS,
	FEN_ERR_TOO_MANY_PIECES,
	FEN_ERR_TOO_MANY_PROMOTED,
	FEN_ERR_OPPONENT_IN_CHECK,
	FEN_ERR_TOO_MANY_CHECKERS,
	FEN_ERR_IMPOSSIBLE_CHECK,
	FEN_ERR_CASTLING_WITHOUT_KING,
	FEN_ERR_CASTLING_WITHOUT_ROOK,
	FEN_ERR_CASTLING_NEEDS_CHESS960, /* rights that resolve only under Chess960 rules, once for the field */
	FEN_ERR_EN_PASSANT_WRONG_RANK,
	FEN_ERR_EN_PASSANT_WITHOUT_PAWN,
	FEN_ERR_EN_PASSANT_BLOCKED,
	/* the report itself: more errors than FEN_REPORT_MAX (takes the last slot) */
	FEN_ERR_TOO_MANY_PROBLEMS,
	/* warnings */
	FEN_WARN_FIELD_DEFAULTED,
	FEN_WARN_WHITESPACE_NORMALIZED,
	FEN_WARN_CASE_NORMALIZED,
	FEN_WARN_LEADING_ZEROS,
	FEN_WARN_CASTLING_DROPPED,
	FEN_WARN_CASTLING_REORDERED,
	FEN_WARN_CASTLING_INFERRED,
	FEN_WARN_CASTLING_REWRITTEN,
	FEN_WARN_CHESS960_ASSUMED,
	FEN_WARN_EN_PASSANT_DROPPED,
	FEN_WARN_EN_PASSANT_WITH_HALFMOVE,
	FEN_WARN_FULLMOVE_CORRECTED,
	FEN_WARN_HALFMOVE_EXCEEDS_PLIES,
	FEN_CODE_NB
};

/* Room for a message: an English one fits in 160 bytes, a Russian one needs about twice
 * that (Cyrillic letters take two bytes). */
#define FEN_ISSUE_MESSAGE_MAX 320
#define FEN_ISSUE_VALUE_MAX 24
/* Room per list. Warnings always fit (at most one per field repair, one per castling
 * letter); errors can outnumber it (a board of 64 bad letters), see FEN_ERR_TOO_MANY_PROBLEMS. */
#define FEN_REPORT_MAX 32

/* Options that would read an invalid FEN: each names the option and its value. */
enum fen_hint_code {
	FEN_HINT_CHESS960, /* chess960: true -- castling rights that only Chess960 reads */
	FEN_HINT_LENIENT,  /* mode: lenient -- strict mode refuses what lenient mode reads */
	FEN_HINT_NB
};

#define FEN_HINT_MESSAGE_MAX 640

struct fen_hint {
	enum fen_hint_code code;
	bool valid; /* with the option the FEN is valid; else it reads with fewer problems */
	char message[FEN_HINT_MESSAGE_MAX];
};

struct fen_issue {
	enum fen_code code;
	enum fen_field field;
	int offset;                          /* byte offset in the input */
	int length;                          /* bytes the problem spans (0 at end of input) */
	char given[FEN_ISSUE_VALUE_MAX];     /* warnings that change the FEN: what was given */
	char became[FEN_ISSUE_VALUE_MAX];    /* ... and what it became ("" when not a change) */
	char message[FEN_ISSUE_MESSAGE_MAX];
};

/* Every problem of one parse. When there are more errors than fit, the last entry is a
 * too_many_problems error and truncated is set. Hints come only with errors, at most one
 * of each code. */
struct fen_report {
	enum msg_lang lang; /* the language of the messages (fen_parse sets it from its options) */
	int error_count;
	int warning_count;
	int hint_count;
	bool truncated;
	struct fen_issue errors[FEN_REPORT_MAX];
	struct fen_issue warnings[FEN_REPORT_MAX];
	struct fen_hint hints[FEN_HINT_NB];
};

/* The stable snake_case name of a code, e.g. "rank_too_long". */
const char *error_code_name(enum fen_code code);

/* The name of a field as the API spells it ("board", "en_passant", ...), or NULL for
 * FEN_FIELD_NONE. */
const char *error_field_name(enum fen_field field);

/* True for warning codes. */
bool error_code_is_warning(enum fen_code code);

/* Empties a report; its messages will be English until report->lang says otherwise. */
void error_report_clear(struct fen_report *report);

/* Appends an error or warning (by its code) with the message id of the catalogue
 * (messages.h) in the report's language, formatted with the arguments its format takes.
 * Returns the entry so callers may fill given/became, or NULL when the list is full (an
 * error list then ends with a too_many_problems entry). */
struct fen_issue *error_report_add(struct fen_report *report, enum fen_code code, enum fen_field field,
				   int offset, int length, enum msg_id id, ...);

/* Formats message id in lang into out (size bytes), cut at a character boundary. */
void error_message(char *out, size_t size, enum msg_lang lang, enum msg_id id, ...);

/* The stable snake_case name of a hint ("chess960", "lenient"). */
const char *error_hint_name(enum fen_hint_code code);

/* Appends a hint with message id in the report's language (cut at a character
 * boundary). Returns it, or NULL when the report already has one of that code. */
struct fen_hint *error_report_hint(struct fen_report *report, enum fen_hint_code code, bool valid,
				   enum msg_id id, ...);

/* Records what a normalization changed: "given" and "became", each cut to fit. */
void error_issue_set_change(struct fen_issue *issue, const char *given, size_t given_length,
			    const char *became);

#endif
