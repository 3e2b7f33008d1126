/* san_internal.h -- what the files of SAN share: the parts of a move as written
 * (san_shape.c takes the text apart, san.c finds the move), the words of problems
 * (san.c), and the standard SAN of a move without its check mark with the
 * disambiguation it needs (san_write.c). Not part of libfen's interface. */
#ifndef FEN_SAN_INTERNAL_H
#define FEN_SAN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "messages.h"
#include "movegen.h"
#include "san.h"

/* Whether the origin's file and rank must be written to tell m from the other legal
 * moves of the same piece type to the same square (legal may be NULL: generated here). */
void san_disambiguation(const struct position *pos, const struct move_list *legal, move m, bool *file, bool *rank);

/* m's SAN in lang and style without its check mark, into out; returns the length.
 * legal may be NULL. */
size_t san_format_body(const struct position *pos, const struct move_list *legal, move m, enum san_lang lang,
		       enum san_style style, char out[SAN_MAX]);

/* The parts of a move as written, before the board is looked at. Offsets are into the
 * caller's text; -1 means "not written". */
struct san_shape {
	int castle;                /* 0, 1 (O-O) or 2 (O-O-O) */
	bool castle_zeros, castle_lower;
	enum piece_type piece;     /* NO_PIECE_TYPE when no letter was written */
	bool pawn_letter;
	int piece_offset, piece_length;
	bool piece_case;           /* a piece letter in the wrong case */
	int from_file, from_rank;  /* 0..7 or -1 */
	int from_offset;
	char separator;            /* 0, 'x' or '-' */
	int separator_offset;
	int to;                    /* SQ_NONE for castling */
	int to_offset;
	bool square_case;          /* a file letter in upper case */
	int square_case_offset;
	enum piece_type promotion; /* NO_PIECE_TYPE when none */
	char promotion_form;       /* '=', 0 (bare), '(' or '/' */
	bool promotion_case;
	int promotion_offset, promotion_length;
	char check;                /* 0, '+' or '#' */
	int check_offset;
	bool ep_suffix;
	int ep_offset, ep_length;
	int nag_count;             /* glyphs glued on, in the order written */
	int nags[SAN_NAGS_MAX], nag_offsets[SAN_NAGS_MAX], nag_lengths[SAN_NAGS_MAX];
	int plus_glyph;            /* index of a "+=" written right after the move with no
				    * check mark: a check and "=" if the move checks; else -1 */
	int glyph_offset;          /* where the glyphs that end the text begin */
	bool null_move;            /* "--", "Z0", "0000", "@@@@", "null" */
	int core_offset, core_length; /* the move without check mark, e.p. and glyphs */
};

/* san_shape.c: takes text[0..len) apart into s, in lang's letters (and English and
 * figurines where they name no other piece); SAN_OK, or the error, filled in e with its
 * message in ml. */
enum san_code san_shape_read(const char *text, int len, enum san_lang lang, enum msg_lang ml, struct san_shape *s,
			     struct san_issue *e);

/* san.c: the words problems are made of, in ml. A piece type's name ("knight"), with its
 * article ("the knight"), the side to move as a subject ("White", "il Bianco"). */
const char *san_piece_name(enum piece_type t, enum msg_lang ml);
const char *san_the_piece(enum piece_type t, enum msg_lang ml);
const char *san_side(const struct position *pos, enum msg_lang ml);

/* Fills e as an error with message id in ml; returns code. */
enum san_code san_fail(struct san_issue *e, enum msg_lang ml, enum san_code code, int offset, int length, enum msg_id id,
		       ...);

/* Copies len bytes of text into a value field, cut to fit at a character boundary. */
void san_copy_value(char out[SAN_VALUE_MAX], const char *text, int len);

#endif
