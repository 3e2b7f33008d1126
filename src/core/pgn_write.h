/* pgn_write.h -- a whole game written as export-format PGN: the Seven Tag Roster, the
 * setup tags for a game that does not start from the standard position, movetext in SAN
 * wrapped to fit 80 columns, NAGs, comments and the result.
 *
 * Nothing here allocates: the game is described by caller-owned structs, and the text
 * goes either into a caller's buffer (pgn_write_buffer) or, piece by piece, to a caller's
 * sink function (pgn_write_game), so a game of any length needs no memory of its own. */
#ifndef FEN_PGN_WRITE_H
#define FEN_PGN_WRITE_H

#include <stdbool.h>
#include <stddef.h>

#include "fen.h"
#include "position.h"
#include "san.h"

/* Longest movetext line: the PGN standard's 79 characters, so a line fits 80 columns. */
#define PGN_LINE_MAX 79
/* NAGs kept per move. */
#define PGN_NAGS_MAX 8

struct pgn_tag {
	const char *name;   /* letters, digits and '_' (PGN's tag name characters) */
	const char *value;  /* any text; '"' and '\' are escaped, line breaks become blanks */
};

/* What follows one move in the movetext; every field is optional. */
struct pgn_note {
	int nags[PGN_NAGS_MAX];   /* 1..6 are written as !, ?, !!, ??, !?, ?!; the others as $n */
	int nag_count;
	const char *comment;      /* written as {comment}; braces inside become ( and ) */
};

struct pgn_game {
	const struct position *start;  /* the position before the first move (a valid one) */
	const move *moves;             /* legal moves, played in turn from start (MOVE_NULL,
					* written "--", where position_null_move_legal) */
	int move_count;
	const struct pgn_note *notes;  /* NULL, or move_count entries */
	const struct pgn_tag *tags;    /* the caller's tags: a Seven Tag Roster name replaces
					* its '?', any other name is written after the roster;
					* SetUp, FEN and Variant are always fend's own */
	int tag_count;
	const char *result;            /* "1-0", "0-1", "1/2-1/2" or "*"; NULL: the Result tag
					* the caller gave, else what the final position decides
					* (mate, stalemate, dead position, 75-move rule), else "*" */
	enum san_lang lang;            /* SAN_LANG_EN for standard PGN */
	enum fen_ep_style ep;          /* how the FEN tag writes the en-passant square */
};

enum pgn_write_result {
	PGN_WRITE_OK,
	PGN_WRITE_ILLEGAL_MOVE,  /* moves[i] is not legal where it is played */
	PGN_WRITE_BAD_TAG,       /* a tag name that PGN cannot hold, or a NULL value */
	PGN_WRITE_BAD_RESULT,    /* result is not one of the four tokens */
	PGN_WRITE_SINK_FAILED    /* the sink returned non-zero */
};

/* Receives the text in order; returns 0 to go on, anything else to stop. */
typedef int (*pgn_sink)(void *context, const char *text, size_t length);

/* Writes game through sink. On PGN_WRITE_ILLEGAL_MOVE, *bad_move (when not NULL) is the
 * index of the move, and what was written so far is not a complete game. */
enum pgn_write_result pgn_write_game(const struct pgn_game *game, pgn_sink sink, void *context, int *bad_move);

/* Writes game into out (size bytes, NUL-terminated when size > 0) and sets *length to the
 * length of the whole text, which is more than size - 1 when out was too small (then out
 * holds its beginning). */
enum pgn_write_result pgn_write_buffer(const struct pgn_game *game, char *out, size_t size, size_t *length,
				       int *bad_move);

/* The suffix glyph PGN export writes for NAG 1..6 ("!", "?", "!!", "??", "!?", "?!"), else NULL. */
const char *pgn_nag_suffix(int nag);

/* True when name can be a PGN tag name: one or more letters, digits and '_'. */
bool pgn_tag_name_valid(const char *name);

/* The result a finished position decides ("1-0", "0-1", "1/2-1/2"), or "*". */
const char *pgn_result_of(const struct position *pos);

#endif
