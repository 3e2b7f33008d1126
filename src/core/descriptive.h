/* descriptive.h -- descriptive notation, English (P-K4, N-KB3, QxQch, R/1-Q1, KR-Q1,
 * P-K8=Q) and Spanish (P4R, CR3A, TR1D, PRxP, A4A), read into legal moves.
 *
 * Files are named after the piece that starts on them (queen's side: QR QN QB Q, king's
 * side: K KB KN KR; Spanish TD CD AD D R AR CR TR) and ranks are counted from the
 * mover's side, so the same square has two names. A file without its side ("N-B3",
 * "A4A") may be either. A side written on a piece ("KR-Q1", "TR1D", "QN-Q2") names the
 * side the piece STARTED the game on, not where it stands: a king's rook that castled
 * to f1 and went on to d1 is still the king's rook, so the reader follows every piece
 * from its home square through the game. A side or file on a pawn ("PRxP", "QBP-B4")
 * names the file the pawn stands on.
 *
 * Descriptive notation names squares loosely ("PxP" with two pawn captures on the
 * board), so a game is read as a whole: when a token fits several legal moves, the
 * reading is the one under which every later token is legal too (a depth-first search
 * over the token list that remembers its dead ends, bounded by DESCRIPTIVE_SEARCH_NODES).
 * What stays ambiguous even
 * then is reported.
 *
 * A game text's variations (gametext.h) are read the same way, each from its own
 * position: the one before the move it replaces, with every piece's home square as it
 * stands there. The main line is read first, then each variation after the line it
 * branches from; every search of a game, the variations' and the review's included,
 * counts against one budget of node_limit positions and asks the one check. Nothing here
 * allocates: the caller owns struct descriptive_game,
 * which is large (keep it on the heap). */
#ifndef FEN_DESCRIPTIVE_H
#define FEN_DESCRIPTIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "gametext.h"
#include "movegen.h"
#include "position.h"
#include "work.h"

enum descriptive_lang { DESCRIPTIVE_EN, DESCRIPTIVE_ES, DESCRIPTIVE_LANG_NB };

/* The most plies a game may have (as gametext). */
#define DESCRIPTIVE_PLY_MAX GAMETEXT_PLY_MAX
/* The most legal moves one token may fit ("P-K8" with four promotions, "PxP" ...). */
#define DESCRIPTIVE_CANDIDATES_MAX 32
/* Positions the search may visit for one game (all its lines, and the review of each)
 * before it gives up (search_limit). */
#define DESCRIPTIVE_SEARCH_NODES 200000
/* How often the search asks game->check whether to stop (a few milliseconds of work). */
#define DESCRIPTIVE_CHECK_NODES 4096
/* Slots of the table of dead ends: (ply, position, home squares) from which the rest of
 * the tokens cannot all be read, so that readings which meet again are not searched twice. */
#define DESCRIPTIVE_DEAD_SLOTS 8192
#define DESCRIPTIVE_NOTES_MAX 64
#define DESCRIPTIVE_MESSAGE_MAX 256

/* The side of the board a piece started on, in descriptive_spec. */
#define DESCRIPTIVE_WING_QUEEN 1
#define DESCRIPTIVE_WING_KING 2
/* Every file, as a mask of descriptive squares. */
#define DESCRIPTIVE_ALL_FILES 0xff

/* One token read without a position: which moves it can name. Squares are from White's
 * side; the reader turns them round for Black. */
struct descriptive_spec {
	uint8_t kind;          /* enum descriptive_kind */
	uint8_t piece;         /* enum piece_type of the mover */
	uint8_t piece_wing;    /* pieces: 0 any, DESCRIPTIVE_WING_QUEEN or DESCRIPTIVE_WING_KING:
				* the side it started on */
	uint8_t target;        /* captures: enum piece_type taken, or 0 for any */
	uint8_t target_wing;   /* a piece taken: the side it started on, as piece_wing */
	uint8_t promotion;     /* enum piece_type, or 0 when none was written */
	uint8_t check;         /* 0 none written, 1 check, 2 mate */
	uint8_t nag;           /* a trailing !, ?, !!, ??, !?, ?! as NAG 1..6; 0 for none */
	bool en_passant;       /* e.p. / a.p. written */
	bitboard from;         /* where the mover may stand (pawn files, R/1 ...) */
	bitboard to;           /* where it may go (or, for captures, take) */
};

enum descriptive_kind {
	DESCRIPTIVE_MOVE,      /* P-K4, P4R: a move that takes nothing */
	DESCRIPTIVE_CAPTURE,   /* PxP, CxC */
	DESCRIPTIVE_CASTLE_KING,
	DESCRIPTIVE_CASTLE_QUEEN,
	DESCRIPTIVE_CASTLE_ANY /* "Castles" */
};

enum descriptive_code {
	DESCRIPTIVE_OK,
	DESCRIPTIVE_ERR_MALFORMED,     /* not descriptive notation in this language */
	DESCRIPTIVE_ERR_ILLEGAL,       /* fits no legal move, however earlier tokens are read */
	DESCRIPTIVE_ERR_AMBIGUOUS,     /* fits several moves that all let the game go on */
	DESCRIPTIVE_ERR_SEARCH_LIMIT,  /* too many readings to try */
	DESCRIPTIVE_ERR_TOO_MANY_MOVES,
	DESCRIPTIVE_ERR_EMPTY,
	DESCRIPTIVE_ERR_TEXT,          /* the game text could not be cut into moves (gametext) */
	DESCRIPTIVE_ERR_STOPPED,       /* the caller's check said to stop (game->check) */
	DESCRIPTIVE_CODE_NB
};

enum descriptive_note_code {
	DESCRIPTIVE_NOTE_LOOKAHEAD,    /* several moves fitted; only one let the game go on */
	DESCRIPTIVE_NOTE_AMBIGUOUS,    /* several moves fitted and let the game go on: the first was taken */
	DESCRIPTIVE_NOTE_ORIGIN,       /* a side on a piece named where it started, not where it stands */
	DESCRIPTIVE_NOTE_CHECK_SUFFIX, /* a check/mate sign the move does not deserve, or one it lacks */
	DESCRIPTIVE_NOTE_PROSE,        /* closing text that is not moves was ignored */
	DESCRIPTIVE_NOTE_RESULT,       /* a result token ended the moves */
	DESCRIPTIVE_NOTE_MOVE_NUMBER,  /* a move number that does not count on from the one before */
	DESCRIPTIVE_NOTE_SIDE_INFERRED,/* a file named without its side (B3, 4A): only one side is legal */
	DESCRIPTIVE_NOTE_PROSE_COMMENT,/* text between the moves kept as a comment of the move before it */
	DESCRIPTIVE_NOTE_EMPTY_VARIATION, /* a variation without a move was left out */
	DESCRIPTIVE_NOTE_TRUNCATED,    /* more notes than fit */
	DESCRIPTIVE_NOTE_CODE_NB
};

struct descriptive_note {
	uint8_t code;                  /* enum descriptive_note_code */
	int ply;                       /* the ply it is about (from 0), or -1 */
	int offset, length;            /* the text it is about */
	char message[DESCRIPTIVE_MESSAGE_MAX];
	int depth;                     /* the depth of the ply's line: 0 the main line, 1 a variation ... */
};

struct descriptive_error {
	enum descriptive_code code;
	enum gametext_code text_code;  /* DESCRIPTIVE_ERR_TEXT: what gametext_split said */
	int ply;                       /* the token that failed (its ply from the start, from 0), or -1 */
	int depth;                     /* the depth of its line: 0 the main line, 1 a variation ... */
	int offset, length;            /* where it stands in the text */
	char message[DESCRIPTIVE_MESSAGE_MAX];
	/* illegal: the position the token was tried in (on the reading that got furthest);
	 * ambiguous: the position and the moves that fit */
	struct position pos;
	int candidate_count;
	move candidates[DESCRIPTIVE_CANDIDATES_MAX];
};

/* Search state for one ply: kept in the game so that the search needs no stack. */
struct descriptive_ply {
	struct position_undo undo;
	uint8_t origin[SQUARE_NB];     /* each square's piece's home square before the move */
	uint8_t count, next;           /* candidates, and the next one to try */
	move candidates[DESCRIPTIVE_CANDIDATES_MAX];
};

struct descriptive_game {
	/* input */
	enum descriptive_lang lang;
	enum msg_lang msg_lang;        /* the language of the error's and the notes' messages */
	bool strict_ambiguity;         /* an ambiguity that stays is an error, not a note */
	long node_limit;               /* 0: DESCRIPTIVE_SEARCH_NODES */
	const struct work_check *check; /* asked every DESCRIPTIVE_CHECK_NODES positions; NULL: never stop */
	struct position start;
	struct gametext text;
	struct descriptive_spec specs[DESCRIPTIVE_PLY_MAX];
	/* output */
	int count;                     /* main-line plies read (text.count) */
	/* each token's move: moves[0 .. count) the main line, then (descriptive_read_game)
	 * the variations' moves, at the places of their tokens in text.tokens */
	move moves[DESCRIPTIVE_PLY_MAX];
	uint8_t nags[DESCRIPTIVE_PLY_MAX]; /* each token's own annotation as a NAG (1..6), 0 for none */
	int note_count;
	struct descriptive_note notes[DESCRIPTIVE_NOTES_MAX];
	struct descriptive_error error;
	long nodes;                    /* positions the search visited */
	/* scratch */
	struct descriptive_ply plies[DESCRIPTIVE_PLY_MAX];
	uint64_t dead[DESCRIPTIVE_DEAD_SLOTS];
	bool dead_used;                /* dead holds something (it is cleared for each line) */
};

/* Reads one token (length bytes, suffix words included) into spec. Returns 0, or -1 with
 * a reason in why (DESCRIPTIVE_MESSAGE_MAX bytes, may be NULL). */
int descriptive_parse_token(const char *text, size_t length, enum descriptive_lang lang,
			    struct descriptive_spec *spec, char *why);

/* descriptive_parse_token, with why in msg_lang (descriptive_parse_token's is English). */
int descriptive_parse_token_in(const char *text, size_t length, enum descriptive_lang lang, enum msg_lang msg_lang,
			       struct descriptive_spec *spec, char *why);

/* gametext classifiers: does the word read as English / Spanish descriptive notation? */
bool descriptive_looks_en(const char *text, size_t length);
bool descriptive_looks_es(const char *text, size_t length);

/* The legal moves of pos that spec names, given origin (each square's piece's home
 * square, SQ_NONE when unknown). Returns how many were written (at most
 * DESCRIPTIVE_CANDIDATES_MAX). */
int descriptive_candidates(const struct position *pos, const uint8_t origin[SQUARE_NB],
			   const struct descriptive_spec *spec, move *out);

/* The home squares of the pieces of pos as far as they can be known: a piece standing
 * on a home square of its kind (the standard start) started there; others are unknown
 * (and a side on them is judged by where they stand). */
void descriptive_origins(const struct position *pos, uint8_t origin[SQUARE_NB]);

/* Reads a whole game: game->start, game->lang, strict_ambiguity, node_limit and check set by
 * the caller, text of length bytes. Returns DESCRIPTIVE_OK with game->count main-line moves,
 * every variation's moves (game->text says where they go) and the notes, or an error in
 * game->error (a variation's token that fits no move is an error as a main-line one is). */
enum descriptive_code descriptive_read_game(struct descriptive_game *game, const char *text, size_t length);

/* The position before the first move of line (of game->text) and every piece's home
 * square there (origin may be NULL), from game->start through the moves read
 * (game->moves) of the lines it branches from: as many moves played as the line's first
 * ply. */
void descriptive_line_start(const struct descriptive_game *game, int line, struct position *pos,
			    uint8_t origin[SQUARE_NB]);

/* Reads the moves of a list of separate tokens (as /apply-move's "moves" gives them):
 * as descriptive_read_game, with no numbers or prose allowed. */
enum descriptive_code descriptive_read_tokens(struct descriptive_game *game, const char *const *tokens,
					      int count);

const char *descriptive_code_name(enum descriptive_code code);
const char *descriptive_note_name(enum descriptive_note_code code);
/* "en", "es"; descriptive_lang_parse returns 0 and sets *out, or -1. */
const char *descriptive_lang_name(enum descriptive_lang lang);
int descriptive_lang_parse(const char *name, enum descriptive_lang *out);

#endif
