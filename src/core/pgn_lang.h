/* pgn_lang.h -- inside the PGN reader: the language of a game read with
 * options.detect_lang (pgn_lang.c), and the events it holds back while two languages
 * read the game differently. Private to pgn.c and pgn_lang.c. */
#ifndef FEN_PGN_LANG_H
#define FEN_PGN_LANG_H

#include "pgn.h"

/* What the reader does, in the order of the input, that a language can change: each
 * kind is one of pgn.c's steps (pgn_event_play gives it back to that step). */
enum pgn_event_kind {
	PGN_EV_MOVE,       /* a move token (text) */
	PGN_EV_NUMBER,     /* a move number (text: its digits) */
	PGN_EV_NAG,        /* $n or a glyph (value: the NAG, text as written) */
	PGN_EV_RESULT,     /* a result token (text) */
	PGN_EV_EP,         /* "e.p." on its own (text) */
	PGN_EV_OPEN,       /* ( */
	PGN_EV_CLOSE,      /* ) */
	PGN_EV_COMMENT,    /* a comment of the game (text, value: it was cut) */
	PGN_EV_UNEXPECTED, /* a byte PGN has no use for (value) */
	PGN_EV_DOLLAR,     /* a '$' without a number */
	PGN_EV_TOO_LONG    /* a token past PGN_TOKEN_MAX (text: its first bytes) */
};

struct pgn_event {
	enum pgn_event_kind kind;
	unsigned line, column;
	int value;
	const char *text;  /* NUL-terminated, or NULL */
	size_t length;
};

/* Everything here is off the path of a game whose language is known (an English game
 * after its first N, B or Q): cold, so that the compiler keeps it out of the way of
 * the reader's hot code. */
#define PGN_LANG_COLD __attribute__((cold))

/* pgn.c: does what ev says, as when it was read. */
PGN_LANG_COLD void pgn_event_play(struct pgn_reader *r, const struct pgn_event *ev);

/* What pgn_lang_move tells pgn_move. */
enum pgn_lang_step {
	PGN_LANG_READ,      /* read the move in *lang */
	PGN_LANG_HELD,      /* the move is held back (with the game from here on) */
	PGN_LANG_AMBIGUOUS  /* the move is where two languages part: the error ambiguous_language */
};

/* A game begins: every language is possible (or only options.san.lang). */
PGN_LANG_COLD void pgn_lang_reset(struct pgn_reader *r);

/* The language to read the move text (n bytes, at column of r->tok_line) in, from the
 * current line's position; narrows the candidates by its letters, and by reading it when
 * two readings of them differ. */
PGN_LANG_COLD enum pgn_lang_step pgn_lang_move(struct pgn_reader *r, const char *text, size_t n, unsigned column,
				 enum san_lang *lang);

/* A move of the current line read in no candidate language (ply is its ply). */
PGN_LANG_COLD void pgn_lang_failed(struct pgn_reader *r, int ply);

/* While events are held (r->defer.on, outside the readings): keeps ev and plays it in
 * every reading, and gives the game to the visitor once one reading is left. False when
 * ev did not fit: the readings were then given up as ambiguous, and ev is the caller's to
 * do. */
PGN_LANG_COLD bool pgn_lang_defer(struct pgn_reader *r, const struct pgn_event *ev);

/* The game ends: whatever is held is decided and given to the visitor. */
PGN_LANG_COLD void pgn_lang_settle(struct pgn_reader *r);

/* The warning lang_detected's message for the game ending, into out. */
PGN_LANG_COLD void pgn_lang_message(const struct pgn_reader *r, char *out, size_t size);

/* The error ambiguous_language's message, for the move held first (pos: before it). */
PGN_LANG_COLD void pgn_lang_ambiguous_message(const struct pgn_reader *r, const struct position *pos, char *out, size_t size);

#endif
