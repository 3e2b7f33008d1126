/* uci.h -- moves in UCI's coordinate notation: e2e4, e7e8q, e1g1 (or e1h1 in Chess960),
 * and 0000, UCI's null move. */
#ifndef FEN_UCI_H
#define FEN_UCI_H

#include <stddef.h>

#include "position.h"

/* Longest UCI move plus its NUL ("e7e8q"). */
#define UCI_MAX 6

enum uci_result {
	UCI_OK,
	UCI_MALFORMED, /* not of the form <from><to>[promotion] */
	UCI_ILLEGAL,   /* well formed, but not a legal move in the position */
	UCI_NULL_MOVE  /* "0000", the null move: *out is MOVE_NULL, which no legal move is;
			* whether to play it (position_null_move_legal) is the caller's call */
};

/* Writes m as UCI into out. Castling is written king-to-destination (e1g1) in standard
 * chess and king-takes-rook (e1h1) when pos->chess960 is set; MOVE_NULL is "0000".
 * Returns the length. */
size_t uci_format_move(const struct position *pos, move m, char out[UCI_MAX]);

/* Finds the legal move that text (length bytes) names. Both castling spellings are
 * accepted where they are unambiguous: e1g1 and e1h1. The promotion letter may be upper
 * or lower case, and is required exactly when a pawn reaches the last rank. */
enum uci_result uci_parse_move(const struct position *pos, const char *text, size_t length, move *out);

#endif
