/* render_game.h -- the game an animated board shows, read from PGN: the first game's start
 * position (its FEN tag, or the standard one) and its mainline, up to the first move
 * that cannot be played. Nothing here allocates: the caller lends the PGN reader. */
#ifndef FEN_RENDER_GAME_H
#define FEN_RENDER_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "pgn.h"

enum render_game_code {
	RENDER_GAME_OK,
	RENDER_GAME_NO_GAME,      /* no tag and no move: not PGN */
	RENDER_GAME_INVALID_FEN,  /* the FEN tag is not a legal position */
	RENDER_GAME_BAD_MOVE,     /* a mainline move cannot be played (see index, token, pos) */
	RENDER_GAME_TOO_LONG      /* more mainline moves than the caller has room for */
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
};

/* Reads the first game of length bytes of PGN into *start and moves (room for max);
 * *count is how many. reader is scratch space. Returns 0, or -1 with err filled. */
int render_game_from_pgn(const char *pgn, size_t length, struct pgn_reader *reader, struct position *start,
			 move *moves, int max, int *count, struct render_game_error *err);

#endif
