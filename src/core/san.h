/* san.h -- Standard Algebraic Notation, written as the PGN standard writes it and read
 * the way people and programs really type it, in every language fend knows.
 *
 * Writing: minimal disambiguation (file, then rank, then both; a sibling that is pinned
 * and so cannot move there does not count), 'x' for captures, "=Q" for promotions,
 * "O-O"/"O-O-O" (Chess960 too), '+' and '#'. Long algebraic ("Ng1-f3", "e7xd8=Q+") on
 * request. Piece letters come from the chosen language. The null move is "--".
 *
 * Reading is lenient: every departure from standard SAN is a warning that names what was
 * given and the standard form it became. Strict reading turns the first such warning into
 * an error. Nothing here allocates; the caller owns every struct. */
#ifndef FEN_SAN_H
#define FEN_SAN_H

#include <stdbool.h>
#include <stddef.h>

#include "messages.h"
#include "movegen.h"
#include "position.h"

/* Room for any SAN or LAN that san_format_move writes, in any language, with its NUL
 * ("Крe1xe2+" in Cyrillic, "♕e7xd8=♕#" in figurines). */
#define SAN_MAX 32
/* Longest move text san_parse_move looks at; longer input is not a move. */
#define SAN_INPUT_MAX 64
/* Room for a message (Cyrillic letters take two bytes each). */
#define SAN_MESSAGE_MAX 320
#define SAN_VALUE_MAX 32
/* Room for the warnings of one move (each rule is reported at most once). */
#define SAN_WARNINGS_MAX 12
/* Annotation glyphs read glued to one move ("Nd5!±", "Bxc6N+-"). */
#define SAN_NAGS_MAX 3

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
/* "English", "Italian", ..., "figurine": the language in a sentence; "" for an unknown value. */
const char *san_lang_label(enum san_lang lang);
/* Returns 0 and sets *out for a known name, -1 otherwise. */
int san_lang_parse(const char *name, enum san_lang *out);

/* The letter (UTF-8, possibly several bytes; "" for a pawn) that lang writes for a piece
 * of type t and colour c; the colour matters only for figurines. */
const char *san_piece_letter(enum san_lang lang, enum color c, enum piece_type t);

enum san_style { SAN_STYLE_SAN, SAN_STYLE_LAN };

/* Writes the legal move m of pos in the given language and style into out; returns the
 * length in bytes. MOVE_NULL (where position_null_move_legal allows it) is "--". */
size_t san_format_move(const struct position *pos, move m, enum san_lang lang, enum san_style style,
		       char out[SAN_MAX]);

/* The same, for a caller that has already played m and knows its check mark ('+', '#'
 * or 0, as san_check_mark_after tells): the move is not played a second time. */
size_t san_format_move_marked(const struct position *pos, move m, enum san_lang lang, enum san_style style,
			      char mark, char out[SAN_MAX]);

/* The check mark of a move, given the position after it: '+', '#' or 0. */
char san_check_mark_after(const struct position *after);

/* '+', '#' or 0: what playing m in pos does to the opponent. */
char san_check_mark(const struct position *pos, move m);

/* What reading a move found. Codes are part of the API (san_code_name). */
enum san_code {
	SAN_OK,
	/* errors */
	SAN_ERR_EMPTY,
	SAN_ERR_MALFORMED,          /* not move notation at all */
	SAN_ERR_NULL_MOVE_IN_CHECK, /* a null move ("--", "Z0", ...) by a side in check */
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
	SAN_WARN_GLYPH_ATTACHED,    /* an assessment glyph glued to the move: Bb5±, Ba4=, Nf3N (kept as NAGs) */
	SAN_WARN_NULL_MOVE,         /* "--", "Z0", "0000", "@@@@", "null": the side to move passes */
	SAN_WARN_SURROUNDING_WHITESPACE, /* blanks before or after the move: " e4" */
	SAN_WARN_CYRILLIC_FILE_LETTER,   /* a Cyrillic letter that looks like a file letter: Сс4 */
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
	enum msg_lang msg_lang;         /* the language of messages (English when zeroed) */
};

struct san_parse_result {
	move m;                         /* the move, when san_parse_move returned SAN_OK; MOVE_NULL
					 * for a null move */
	int nag;                        /* the first of nags, or 0 */
	int nag_count;
	int nags[SAN_NAGS_MAX];         /* the glyphs glued to the move, as NAGs in the order
					 * written: 1..6 for !, ?, !!, ??, !?, ?!, the others
					 * from nag_glued_suffix (nag.h) */
	int glyph_offset;               /* where the glyphs that end the text begin: the text
					 * without them (and without trailing blanks) is
					 * text[0..glyph_offset) */
	int warning_count;
	struct san_issue warnings[SAN_WARNINGS_MAX];
	struct san_issue error;         /* when the return value is not SAN_OK */
	struct move_list candidates;    /* SAN_ERR_AMBIGUOUS: the legal moves that fit */
	enum msg_lang msg_lang;         /* the language of the messages (options->msg_lang) */
};

/* Reads length bytes of text as a move in pos (a valid position). options may be NULL
 * (lenient, English). Returns SAN_OK with out->m set, or the error code, also in
 * out->error. With options->strict, a move that reads but departs from standard SAN
 * returns the code of its first warning (san_code_is_warning says so), with that
 * warning's given/became in out->error.
 *
 * What is read, in every language: the language's piece letters, the English ones that
 * name no other piece in it, and figurines of either colour (san_lang_name lists the
 * languages; "Кр" before "К" in Russian); a lower-case piece letter where it cannot be a
 * file (letter_case); upper-case file letters (letter_case), except that a token never
 * starts with a file written as a letter that some language has for a piece (A B C D F:
 * "Cc3" and "Dd4" are pieces or nothing, never c3 or d4); the Cyrillic letters а с е
 * ԁ һ, which look like the files a c e d h, as those files (cyrillic_file_letter; the
 * Cyrillic capitals are never files, so Russian's С stays the bishop); UCI and long
 * algebraic (coordinate_move); 0-0 (castling_zeros); e8Q, e8(Q), e8/Q (promotion_form);
 * "e.p." (en_passant_suffix); a check mark that is missing or wrong (missing_check,
 * false_check); 'x' missing or extra (missing_capture, false_capture).
 *
 * Glyphs glued after the move or its check mark are kept as NAGs in out->nags: ! ? !! ??
 * !? ?! (annotation) and the assessments of nag_glued_suffix (glyph_attached). What
 * follows a '=' decides between a promotion and the glyph: "e8=Q" promotes, "Ba4=" is
 * NAG 10, "e8=Q+=" promotes with "+=" (NAG 14) after it, or with a check and "=" when
 * the promotion checks; 'N' after a pawn reaching the last rank is the knight it
 * promotes to, after another move the novelty (NAG 146). "+-" after a move is always the
 * glyph (NAG 18).
 *
 * Null moves "--", "Z0", "0000", "@@@@" and "null" read as MOVE_NULL with the warning
 * null_move (strict reading refuses them), and as SAN_ERR_NULL_MOVE_IN_CHECK when the
 * side to move is in check. Blanks (spaces, tabs) around the move are read past with the
 * warning surrounding_whitespace. Offsets are bytes into text, blanks included. */
enum san_code san_parse_move(const struct position *pos, const char *text, size_t length,
			     const struct san_parse_options *options, struct san_parse_result *out);

/* san_parse_move, with the moves that warnings (became), messages and the list of an
 * ambiguity spell written in write_lang's letters instead of options->lang's: for a
 * reading in a language that was detected (san_detect.h), answered in another. */
enum san_code san_parse_move_written(const struct position *pos, const char *text, size_t length,
				     const struct san_parse_options *options, enum san_lang write_lang,
				     struct san_parse_result *out);

/* Reads length bytes of text as a UCI move (uci.h) with san_parse_move's rules for what
 * is not the move itself: blanks around it (surrounding_whitespace) and the null move
 * "0000" (null_move, or SAN_ERR_NULL_MOVE_IN_CHECK); options->strict refuses those
 * warnings as san_parse_move does; options->lang only words the reasons. Text that is
 * not UCI is SAN_ERR_MALFORMED (SAN_ERR_EMPTY when blank); a UCI move that is not legal
 * gets the reason SAN's reading finds for those squares (no_such_piece, pinned_piece,
 * ...; illegal_move when it finds none). out->nags stays empty. */
enum san_code san_parse_uci_move(const struct position *pos, const char *text, size_t length,
				 const struct san_parse_options *options, struct san_parse_result *out);

#endif
