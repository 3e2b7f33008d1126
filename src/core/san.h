/* san.h -- Standard Algebraic Notation, written as the PGN standard writes it and read
 * the way people and programs really type it, in every language fend knows.
 *
 * Writing: minimal disambiguation (file, then rank, then both; a sibling that is pinned
 * and so cannot move there does not count), 'x' for captures, "=Q" for promotions,
 * "O-O"/"O-O-O" (Chess960 too), '+' and '#'. Long algebraic ("Ng1-f3", "e7xd8=Q+") on
 * request. Piece letters come from the chosen language.
 *
 * Reading is lenient: every departure from standard SAN is a warning that names what was
 * given and the standard form it became. Strict reading turns the first such warning into
 * an error. Nothing here allocates; the caller owns every struct. */
#ifndef FEN_SAN_H
#define FEN_SAN_H

#include <stdbool.h>
#include <stddef.h>

#include "movegen.h"
#include "position.h"

/* Room for any SAN or LAN that san_format_move writes, in any language, with its NUL
 * ("Крe1xe2+" in Cyrillic, "♕e7xd8=♕#" in figurines). */
#define SAN_MAX 32
/* Longest move text san_parse_move looks at; longer input is not a move. */
#define SAN_INPUT_MAX 64
#define SAN_MESSAGE_MAX 160
#define SAN_VALUE_MAX 32
/* Room for the warnings of one move (each rule is reported at most once). */
#define SAN_WARNINGS_MAX 8

/* The piece letters of a language. Reading accepts the chosen language's letters (and
 * always the English ones where they do not collide with it). */
enum san_lang {
	SAN_LANG_EN,       /* K Q R B N */
	SAN_LANG_IT,       /* R D T A C */
	SAN_LANG_ES,       /* R D T A C */
	SAN_LANG_FR,       /* R D T F C */
	SAN_LANG_DE,       /* K D T L S */
	SAN_LANG_NL,       /* K D T L P */
	SAN_LANG_RU,       /* Кр Ф Л С К */
	SAN_LANG_FIGURINE, /* ♔♕♖♗♘ for White's moves, ♚♛♜♝♞ for Black's */
	SAN_LANG_NB
};

/* "en", "it", ...; NULL for an unknown value. */
const char *san_lang_name(enum san_lang lang);
/* Returns 0 and sets *out for a known name, -1 otherwise. */
int san_lang_parse(const char *name, enum san_lang *out);

/* The letter (UTF-8, possibly several bytes; "" for a pawn) that lang writes for a piece
 * of type t and colour c; the colour matters only for figurines. */
const char *san_piece_letter(enum san_lang lang, enum color c, enum piece_type t);

enum san_style { SAN_STYLE_SAN, SAN_STYLE_LAN };

/* Writes the legal move m of pos in the given language and style into out; returns the
 * length in bytes. */
size_t san_format_move(const struct position *pos, move m, enum san_lang lang, enum san_style style,
		       char out[SAN_MAX]);

/* The same, for a caller that has already played m and knows its check mark ('+', '#'
 * or 0, as san_check_mark_after tells): the move is not played a second time. */
size_t san_format_move_marked(const struct position *pos, move m, enum san_lang lang, enum san_style style,
			      char mark, char out[SAN_MAX]);

/* The check mark of a move, given the position after it: '+', '#' or 0. */
char san_check_mark_after(const struct position *after);

/* What reading a move found. Codes are part of the API (san_code_name). */
enum san_code {
	SAN_OK,
	/* errors */
	SAN_ERR_EMPTY,
	SAN_ERR_MALFORMED,          /* not move notation at all */
	SAN_ERR_NULL_MOVE,          /* "--", "Z0", "0000" */
	SAN_ERR_AMBIGUOUS,          /* several legal moves fit: see candidates */
	SAN_ERR_NO_SUCH_PIECE,      /* no piece of that kind can reach the square */
	SAN_ERR_PINNED,             /* the piece that would move is pinned */
	SAN_ERR_KING_IN_CHECK,      /* the move would leave or put the king in check */
	SAN_ERR_NO_CASTLING_RIGHT,  /* the castling right is gone */
	SAN_ERR_CASTLING_IN_CHECK,  /* castling out of check */
	SAN_ERR_CASTLING_THROUGH_CHECK, /* castling through or into an attacked square */
	SAN_ERR_CASTLING_BLOCKED,   /* pieces stand between king and rook */
	SAN_ERR_PROMOTION_MISSING,  /* a pawn reaches the last rank without a piece */
	SAN_ERR_PROMOTION_INVALID,  /* a promotion where there is none, or to a king/pawn */
	SAN_ERR_ILLEGAL,            /* fits no legal move, for a reason not named above */
	/* warnings: what lenient reading accepted and rewrote */
	SAN_WARN_CASTLING_ZEROS,    /* 0-0, 0-0-0 */
	SAN_WARN_COORDINATE_MOVE,   /* e2e4, e2-e4, Ng1f3, Ng1-f3 (long algebraic or UCI) */
	SAN_WARN_PAWN_LETTER,       /* Pe4 */
	SAN_WARN_MISSING_CAPTURE,   /* a capture written without 'x' */
	SAN_WARN_FALSE_CAPTURE,     /* an 'x' on a non-capture */
	SAN_WARN_OVER_DISAMBIGUATED,/* more of the origin square than needed */
	SAN_WARN_PROMOTION_FORM,    /* e8Q, e8(Q), e8/Q instead of e8=Q */
	SAN_WARN_EN_PASSANT_SUFFIX, /* exd6 e.p. */
	SAN_WARN_MISSING_CHECK,     /* the move checks (or mates) but has no '+' or '#' */
	SAN_WARN_FALSE_CHECK,       /* '+' or '#' on a move that does not give it, or '+' on mate */
	SAN_WARN_ANNOTATION,        /* a trailing !, ?, !!, ??, !?, ?! (kept as a NAG) */
	SAN_WARN_LETTER_CASE,       /* a piece or file letter in the wrong case, where unambiguous */
	SAN_CODE_NB
};

/* The stable snake_case name of a code, e.g. "missing_capture". */
const char *san_code_name(enum san_code code);
bool san_code_is_warning(enum san_code code);

struct san_issue {
	enum san_code code;
	int offset;                     /* byte offset in the move text */
	int length;                     /* bytes the problem spans */
	char given[SAN_VALUE_MAX];      /* warnings: what was written */
	char became[SAN_VALUE_MAX];     /* ... and the standard form */
	char message[SAN_MESSAGE_MAX];
};

struct san_parse_options {
	enum san_lang lang;
	bool strict;                    /* the first warning becomes the error */
};

struct san_parse_result {
	move m;                         /* the move, when san_parse_move returned SAN_OK */
	int nag;                        /* 1..6 for a trailing !, ?, !!, ??, !?, ?!; else 0 */
	int warning_count;
	struct san_issue warnings[SAN_WARNINGS_MAX];
	struct san_issue error;         /* when the return value is not SAN_OK */
	struct move_list candidates;    /* SAN_ERR_AMBIGUOUS: the legal moves that fit */
};

/* Reads length bytes of text as a move in pos (a valid position). options may be NULL
 * (lenient, English). Returns SAN_OK with out->m set, or the error code, also in
 * out->error. With options->strict, a move that reads but departs from standard SAN
 * returns the code of its first warning (san_code_is_warning says so), with that
 * warning's given/became in out->error. Blanks around the move are ignored. Trailing
 * annotation glyphs are accepted and returned in out->nag. */
enum san_code san_parse_move(const struct position *pos, const char *text, size_t length,
			     const struct san_parse_options *options, struct san_parse_result *out);

#endif
