/* pgn_write.h -- export-format PGN, the PGN standard's section 8: fend's one PGN writer.
 *
 * Two ways in. pgn_write_game writes a whole game described by caller-owned arrays (a
 * start position, moves, notes with their variations, tags): /apply-move and /convert. struct pgn_writer writes
 * movetext a piece at a time (moves, NAGs, comments, variations, the result), and
 * pgn_write_tags the tag pair section, for a caller that has the game as events (the PGN
 * reader's visitor in pgn_export.h). Both write the same way:
 *
 *   tags      the Seven Tag Roster first, in its order, '?' (Date "????.??.??") when a
 *             name is not given, Result the game's result; then every other tag in ASCII
 *             order of its name; a repeated name is written once, with its last value;
 *             values escape '"' and '\', tabs and line breaks become spaces, other control
 *             characters and bytes that are not UTF-8 become '?'
 *   movetext  lines of at most 79 characters (code points), tokens one space apart; a
 *             move number "12." before every White move, "12..." before a Black move that
 *             opens the game or a variation or follows a NAG, comment or variation;
 *             moves in SAN (a null move, MOVE_NULL, as "--"); NAGs as $n, the glyphs
 *             ! ? !! ?? !? ?! included (the standard's 8.2.3.8: suffix annotations are
 *             exported as NAGs); comments as {text}, each run of spaces, tabs and
 *             line breaks made one space (they wrap word by word); variations as (...)
 *             glued to their first and last tokens; the result last
 *
 * What PGN cannot hold, and what is written instead: a '}' cannot be inside a brace
 * comment, so in a comment holding one, '}' becomes ')' and '{' becomes '(' (a comment
 * without '}' keeps its braces); a line starting with '%' is an escape line to a reader,
 * so a comment word starting with '%' never starts a line (the word before it moves down
 * with it); a single word wider than a line gets a line of its own, past column 79.
 *
 * Nothing here allocates: text goes piece by piece to a caller's sink function, or into
 * a caller's buffer (pgn_write_buffer), so a game of any length needs no memory of its
 * own. */
#ifndef FEN_PGN_WRITE_H
#define FEN_PGN_WRITE_H

#include <stdbool.h>
#include <stddef.h>

#include "fen.h"
#include "position.h"
#include "san.h"

/* Longest movetext line: the PGN standard's 79 characters, so a line fits 80 columns. */
#define PGN_LINE_MAX 79
/* NAGs kept per move of a struct pgn_note. */
#define PGN_NAGS_MAX 8
/* The deepest a struct pgn_game's variations may nest (as the PGN reader's PGN_DEPTH_MAX). */
#define PGN_WRITE_DEPTH_MAX 32

struct pgn_tag {
	const char *name;   /* letters, digits and '_' (PGN's tag name characters) */
	const char *value;  /* any text; see above for what is escaped or replaced */
};

struct pgn_variation;

/* What follows one move in the movetext, in this order; every field is optional. */
struct pgn_note {
	int nags[PGN_NAGS_MAX];   /* written as $n in order; values outside 0..255 are skipped */
	int nag_count;
	const char *comment;      /* written as {comment} ("" as {}) */
	const struct pgn_variation *variations; /* alternatives to the move, each written as (...) */
	int variation_count;
};

/* A variation: moves played from the position before the move it replaces. */
struct pgn_variation {
	const char *comment;           /* written before its first move, or NULL */
	const move *moves;             /* legal moves, as pgn_game's */
	int move_count;
	const struct pgn_note *notes;  /* NULL, or move_count entries (which may hold
					* variations of their own) */
};

struct pgn_game {
	const struct position *start;  /* the position before the first move (a valid one);
					* pgn_write_tags also takes NULL: see there */
	const move *moves;             /* legal moves, played in turn from start (MOVE_NULL,
					* written "--", where position_null_move_legal) */
	int move_count;
	const struct pgn_note *notes;  /* NULL, or move_count entries */
	const char *comment;           /* the game's, written before the first move, or NULL */
	const struct pgn_tag *tags;    /* the caller's tags: a Seven Tag Roster name replaces
					* its '?', the other names follow the roster in ASCII
					* order; SetUp, FEN and Variant are fend's own (see
					* pgn_write_tags) */
	int tag_count;
	const char *result;            /* "1-0", "0-1", "1/2-1/2" or "*"; NULL: the Result tag
					* the caller gave, else what the final position decides
					* (mate, stalemate, dead position, 75-move rule), else "*" */
	enum san_lang lang;            /* SAN_LANG_EN for standard PGN */
	enum fen_ep_style ep;          /* how the FEN tag writes the en-passant square */
	enum fen_castling_style castling; /* and its castling rights (Chess960: X-FEN or Shredder) */
};

enum pgn_write_result {
	PGN_WRITE_OK,
	PGN_WRITE_ILLEGAL_MOVE,  /* moves[i] is not legal where it is played */
	PGN_WRITE_BAD_TAG,       /* a tag name that PGN cannot hold, or a NULL value */
	PGN_WRITE_BAD_RESULT,    /* result is not one of the four tokens */
	PGN_WRITE_TOO_DEEP,      /* variations nested deeper than PGN_WRITE_DEPTH_MAX */
	PGN_WRITE_SINK_FAILED    /* the sink returned non-zero */
};

/* Receives the text in order; returns 0 to go on, anything else to stop. */
typedef int (*pgn_sink)(void *context, const char *text, size_t length);

/* Writes game through sink. On PGN_WRITE_ILLEGAL_MOVE and PGN_WRITE_TOO_DEEP, *bad_move
 * (when not NULL) is the index of the main-line move, or of the one whose variations hold
 * the illegal or deep one; on any error but PGN_WRITE_SINK_FAILED nothing was written. The text
 * ends with the result's line ("... 1-0\n"), without the empty line that separates games. */
enum pgn_write_result pgn_write_game(const struct pgn_game *game, pgn_sink sink, void *context, int *bad_move);

/* Writes game into out (size bytes, NUL-terminated when size > 0) and sets *length to the
 * length of the whole text, which is more than size - 1 when out was too small (then out
 * holds its beginning). */
enum pgn_write_result pgn_write_buffer(const struct pgn_game *game, char *out, size_t size, size_t *length,
				       int *bad_move);

/* Writes the tag pair section of game (its start, tags, ep and castling; its moves are
 * not looked at) with result as the Result, followed by the empty line that ends it.
 * With game->start, the set-up tags are fend's own and the caller's FEN, SetUp and
 * Variant are left out: FEN (as game->ep and game->castling say) with SetUp "1" when start
 * is not the standard starting position, Variant "Chess960" when start is Chess960. With
 * game->start NULL (a game whose start could not be read) the caller's are written as
 * given. Tag names are not checked (pgn_tag_name_valid). Returns 0, or -1 when the sink
 * failed. */
int pgn_write_tags(const struct pgn_game *game, const char *result, pgn_sink sink, void *context);

/* Writes text as escape lines ("% ..."): the standard's section 6, lines every PGN reader
 * skips, for what is not part of any game. Words wrap within 79 columns, each line
 * starting "% ". Returns 0, or -1 when the sink failed. */
int pgn_write_escape(const char *text, pgn_sink sink, void *context);

/* The movetext writer. Its fields are private; it is a plain value (no pointers into
 * itself), so a copy saves its state and assigning the copy back restores it. */
struct pgn_writer {
	pgn_sink sink;
	void *context;
	enum san_lang lang;
	bool failed;         /* the sink said stop: nothing more is sent */
	bool number;         /* the next move is written with its number, Black's too */
	bool open;           /* a '(' waits to be glued to the next token */
	bool spilled;        /* the sink's current line ends with a word wider than a line,
			      * not yet terminated */
	bool escape;         /* lines start with "%" (pgn_write_escape) */
	int tokens;          /* on the line */
	int columns;         /* of the line */
	size_t bytes;        /* of the line */
	size_t last;         /* where the line's last token starts */
	/* a full line of 4-byte characters, and what may be glued past its end */
	char line[PGN_LINE_MAX * 4 + 64];
};

/* Sets up w to write movetext in lang (SAN_LANG_EN for standard PGN) through sink. */
void pgn_writer_init(struct pgn_writer *w, pgn_sink sink, void *context, enum san_lang lang);

/* The move m, played from before: its move number when due, then its SAN (san, when not
 * NULL, is that SAN already; MOVE_NULL is written "--"). */
void pgn_writer_move(struct pgn_writer *w, const struct position *before, move m, const char *san);

/* A NAG of the last move, $n; values outside 0..255 are skipped. */
void pgn_writer_nag(struct pgn_writer *w, int nag);

/* A comment of length bytes (any bytes: white space runs become one space, see above). */
void pgn_writer_comment(struct pgn_writer *w, const char *text, size_t length);

/* A variation of the last move begins, or ends. */
void pgn_writer_variation_begin(struct pgn_writer *w);
void pgn_writer_variation_end(struct pgn_writer *w);

/* The game's result token, and the end of its last line. Returns 0, or -1 when the sink
 * failed at any point. */
int pgn_writer_result(struct pgn_writer *w, const char *result);

/* True when name can be a PGN tag name: one or more letters, digits and '_'. */
bool pgn_tag_name_valid(const char *name);

/* The result a finished position decides ("1-0", "0-1", "1/2-1/2"), or "*". */
const char *pgn_result_of(const struct position *pos);

#endif
