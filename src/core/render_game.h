/* render_game.h -- the game an animated board shows, read from PGN: the first game's start
 * position (its FEN tag, or the standard one), its mainline, up to the first move that
 * cannot be played, and the [%cal] arrows and [%csl] circles of its mainline comments,
 * frame by frame. Nothing here allocates: the caller lends the PGN reader and the room. */
#ifndef FEN_RENDER_GAME_H
#define FEN_RENDER_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "pgn.h"
#include "render_options.h"

enum render_game_code {
	RENDER_GAME_OK,
	RENDER_GAME_NO_GAME,      /* no tag and no move: not PGN */
	RENDER_GAME_INVALID_FEN,  /* the FEN tag is not a legal position */
	RENDER_GAME_BAD_MOVE,     /* a mainline move cannot be played (see index, token, pos) */
	RENDER_GAME_TOO_LONG,     /* more mainline moves than the caller has room for */
	RENDER_GAME_AMBIGUOUS_LANGUAGE /* two languages read the game differently (as BAD_MOVE, with readings) */
};

struct render_game_error {
	enum render_game_code code;
	int index;                /* BAD_MOVE: the move's index from 0 */
	bool unreadable;          /* BAD_MOVE: the token is no move notation at all */
	char token[PGN_TOKEN_MAX + 1];
	struct position pos;      /* BAD_MOVE: where it was tried */
	unsigned line, column;    /* NO_GAME: where reading failed (1-based) */
	char fen[FEN_INPUT_MAX + 1]; /* INVALID_FEN: the FEN tag's value, to report on */
	char message[PGN_MESSAGE_MAX];
	/* With a language detected (render_game_begin_options): the one read in, every one
	 * that reads alike, and whether it is not English (lang_detected); for
	 * AMBIGUOUS_LANGUAGE, the two moves the token reads as in pos and their languages. */
	enum san_lang lang;
	san_lang_set langs;
	bool lang_detected;
	move readings[2];
	san_lang_set reading_langs[2];
};

/* The marks of every frame of a game: frame 0 is the start position, frame k the
 * position after ply k. A mainline comment belongs to the position it follows: after a
 * move, to that move's frame; before the first move, to frame 0 (pgn.h reads the
 * commands; colours other than G R Y B are left out). The caller gives the room. */
struct render_game_marks {
	struct render_arrow *marks; /* room for max; a circle is a mark with from == to */
	int max, count;
	int *frame;                 /* room for plies + 2: frame f's marks are marks[frame[f]..frame[f + 1]) */
	int dropped;                /* marks past max, left out as the game was read */
};

/* Reading a game piece by piece (render_game_begin, _feed as the bytes come, _finish).
 * Fields are private. */
struct render_game_reader {
	struct pgn_reader *reader;
	struct position *start;
	move *moves;
	int max, count;
	bool started, ended, any;
	enum msg_lang lang;         /* of err's message: the options' (English without) */
	struct render_game_marks *marks;
	struct render_game_error *err;
};

/* Starts reading into *start and moves (room for max), and into marks unless NULL.
 * reader is scratch space; everything is borrowed until render_game_finish. SAN is
 * read in English. */
void render_game_begin(struct render_game_reader *g, struct pgn_reader *reader, struct position *start,
		       move *moves, int max, struct render_game_marks *marks, struct render_game_error *err);

/* The same, reading the PGN with options (pgn.h; NULL: lenient English): with
 * detect_lang, err says in which language the game was read. */
void render_game_begin_options(struct render_game_reader *g, struct pgn_reader *reader, struct position *start,
			       move *moves, int max, struct render_game_marks *marks, struct render_game_error *err,
			       const struct pgn_options *options);

/* Reads length more bytes. Returns true once the first game is complete: the rest of
 * the input does not matter (a PGN of several games draws the first). */
bool render_game_feed(struct render_game_reader *g, const char *data, size_t length);

/* Ends the input. *count is how many moves were read. Returns 0, or -1 with err filled. */
int render_game_finish(struct render_game_reader *g, int *count);

/* Reads the first game of length bytes of PGN at once (begin, feed, finish; no marks). */
int render_game_from_pgn(const char *pgn, size_t length, struct pgn_reader *reader, struct position *start,
			 move *moves, int max, int *count, struct render_game_error *err);

/* Adds frame's marks to opts's arrows and circles (after those already there, as many
 * as they hold: RENDER_ARROWS_MAX and RENDER_CIRCLES_MAX). marks may be NULL: nothing to
 * add. Returns how many of the frame's marks did not fit. */
int render_game_frame_marks(const struct render_game_marks *marks, int frame, struct render_options *opts);

/* How many marks of the game will not be drawn on its frames 0..frames-1 with opts (the
 * request's own arrows and circles come first on every frame): those past marks->max and
 * those a frame has no room for. 0 when marks is NULL. */
int render_game_marks_left_out(const struct render_game_marks *marks, int frames, const struct render_options *opts);

/* True when some frame of the game has marks. */
static inline bool render_game_has_marks(const struct render_game_marks *marks)
{
	return marks && marks->count > 0;
}

#endif
