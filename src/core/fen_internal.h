/* fen_internal.h -- what the FEN parser's two files share (fen.c: fields, syntax, hints
 * and output; fen_legal.c: the legality of the position read): the parser's state and
 * the helpers its messages use. Not part of libfen's interface. */
#ifndef FEN_FEN_INTERNAL_H
#define FEN_FEN_INTERNAL_H

#include <stdbool.h>

#include "error.h"
#include "fen.h"
#include "messages.h"
#include "utf8.h"

/* Where one field lies in the input. */
struct fen_span {
	int offset;
	int length;
	bool present;
};

/* A castling letter as written, and the right it resolves to. */
struct fen_castling_token {
	char letter;
	int offset;
	enum color color;
	int right;      /* castling_right bit, 0 while unresolved */
	int rook;       /* the rook's square */
	bool ignored;   /* a repeated letter, dropped in lenient mode */
};

struct fen_parser {
	const char *text;
	const struct fen_options *options;
	struct position *pos;
	struct fen_report *report;
	struct fen_span fields[FEN_FIELD_NB];
	int square_offset[SQUARE_NB]; /* where each square's piece letter is in the input */
	bool board_ok, turn_ok, castling_ok, ep_ok, halfmove_ok, fullmove_ok;
	bool syntax_error;
	int ep_square;
	struct fen_castling_token castling[16];
	int castling_count;
	struct fen_issue *castling_changes[8]; /* warnings whose "became" is known once rights are resolved */
	int castling_change_count;
	/* Strict, standard chess: castling letters refused that Chess960 rules would read */
	int castling_refused;   /* letters refused under standard rules */
	int castling_refused960; /* ... and under Chess960 rules (fewer: worth a hint) */
};

/* The side c as a message's subject, and as an owner ("White's king", "il re del Bianco"). */
#define FEN_SIDE(p, c) msg_text((c) == WHITE ? MSG_W_WHITE : MSG_W_BLACK, (p)->report->lang)
#define FEN_OF_SIDE(p, c) msg_text((c) == WHITE ? MSG_W_OF_WHITE : MSG_W_OF_BLACK, (p)->report->lang)
/* A noun's form for count n, in the report's language. */
#define FEN_NOUN(p, id, n) msg_noun((id), (long)(n), (p)->report->lang)

/* Adds an error (or warning) to the parser's report: offset, length, then the message. */
#define fen_error(p, code, field, ...) error_report_add((p)->report, (code), (field), __VA_ARGS__)

static inline bool fen_lenient(const struct fen_parser *p) { return p->options->mode == FEN_LENIENT; }

/* How much of length bytes of input text a message quotes: at most 24 bytes, whole
 * characters (a cut never splits a UTF-8 sequence, which would show as '?'). */
static inline int fen_shown(const char *text, int length) { return (int)utf8_prefix(text, (size_t)length, 24); }
#define FEN_QUOTE(text, length) fen_shown((text), (length)), (text)

/* The text of a field, for messages: at most 24 bytes of it, as above. */
#define FEN_FIELD_TEXT(p, f) FEN_QUOTE((p)->text + (p)->fields[(f)].offset, (p)->fields[(f)].length)

/* Remembers a castling warning so that its given/became can be filled in at the end. */
static inline void fen_note_castling_change(struct fen_parser *p, struct fen_issue *issue)
{
	if (issue && p->castling_change_count < (int)(sizeof p->castling_changes / sizeof p->castling_changes[0]))
		p->castling_changes[p->castling_change_count++] = issue;
}


/* fen_legal.c */
/* The outermost rook of colour c on its back rank on one side of the king, or SQ_NONE. */
int fen_outer_rook(const struct position *pos, enum color c, int king, bool kingside);

/* Lenient, castling field missing, inference asked for: rights from kings and rooks
 * standing on their starting squares. */
void fen_infer_castling(struct fen_parser *p, size_t length);

/* Strict FEN lists White's rights before Black's, K before Q, and each letter once. */
void fen_check_castling_order(struct fen_parser *p);

/* Warns about a half-move clock larger than the plies the move number allows. */
void fen_check_clocks(struct fen_parser *p);

void fen_check_legality(struct fen_parser *p);

#endif
