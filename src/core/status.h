/* status.h -- where a game stands: check, mate, stalemate and the draw rules. */
#ifndef FEN_STATUS_H
#define FEN_STATUS_H

#include "position.h"

struct status {
	bool check;
	bool checkmate;
	bool stalemate;
	bool insufficient_material; /* no sequence of legal moves can end in mate */
	bool fifty_move;            /* half-move clock >= 100: either player may claim a draw */
	bool seventy_five_move;     /* half-move clock >= 150 and no mate: the game is drawn */
	int legal_moves;
	/* How often this position has occurred (FIDE's sameness: pieces, side to move,
	 * castling rights, en-passant possibility), when the game's history is known; 0
	 * when it is not (status_compute leaves it so; see status_set_repetitions). */
	int repetitions;
	bool threefold_repetition;  /* >= 3: either player may claim a draw */
	bool fivefold_repetition;   /* >= 5 and no mate: the game is drawn */
};

/* How the game ends here, if it does. */
enum status_outcome {
	STATUS_ONGOING,
	STATUS_CHECKMATE,
	STATUS_STALEMATE,
	STATUS_INSUFFICIENT_MATERIAL,
	STATUS_SEVENTY_FIVE_MOVE,
	STATUS_FIVEFOLD_REPETITION
};

/* Computes the status of a valid position. */
void status_compute(const struct position *pos, struct status *out);

/* True when neither side has material that could ever mate: only kings, and bishops
 * and knights where at most one minor piece is left or every bishop stands on squares
 * of one colour. */
bool status_insufficient_material(const struct position *pos);

/* How often the last of keys[0..count) (position keys, oldest first) occurs among them;
 * 0 when count is 0. Only the last halfmove + 1 keys can match (a capture or pawn move
 * makes every earlier position unreachable), so pass halfmove to stop early, or -1. */
int status_count_repetitions(const uint64_t *keys, int count, int halfmove);

/* Records a known repetition count in a computed status. */
void status_set_repetitions(struct status *st, int repetitions);

/* The game's end from a computed status, mate first: a mate on the 150th ply still wins. */
enum status_outcome status_outcome_of(const struct status *st);

/* "1-0", "0-1", "1/2-1/2" for a finished game, NULL while it goes on. */
const char *status_result(const struct position *pos, const struct status *st);

#endif
