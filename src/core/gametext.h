/* gametext.h -- a whole game as people type it, cut into move tokens.
 *
 * People write games in prose texts and forums, not in PGN: "1-CR3A,P4D,2-P4AD,P3AD;...
 * 26-T1AD,T1A. Filip en esta posición ofreció tablas", "1. P-K4 P-K4 2. N-KB3 N-QB3",
 * "1.e4 e5 2.Nf3". This reader knows no notation: it drops move numbers ("1.", "1-",
 * "1...", "12)"), separators (spaces, commas, semicolons), "..." place holders and a
 * result ("1-0", "0-1", "1/2-1/2", "½-½", "*"); glues check, mate and en-passant words
 * ("ch", "dis ch", "mate", "e.p.", "+", "!") to the move before them; and stops at the
 * first word that is prose (a word of letters that the notation's classifier does not
 * take for a move, or any non-move right after a sentence's full stop). What it ignored
 * is reported, never dropped silently. Nothing here allocates. */
#ifndef FEN_GAMETEXT_H
#define FEN_GAMETEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The most move tokens (plies) one text may hold. */
#define GAMETEXT_PLY_MAX 1024
/* Longest move token, suffix words included. */
#define GAMETEXT_TOKEN_MAX 40
#define GAMETEXT_MESSAGE_MAX 160

/* Does text (length bytes, no separators in it) read as a move in the caller's
 * notation? Only its form is judged, not whether it is legal anywhere. */
typedef bool (*gametext_move_fn)(const char *text, size_t length);

struct gametext_token {
	int offset;          /* byte offset of the move in the text */
	int length;          /* bytes, with any suffix words glued on ("PxP e.p.") */
	int number;          /* the move number written just before it, or 0 */
};

enum gametext_code {
	GAMETEXT_OK,
	GAMETEXT_ERR_EMPTY,          /* no move in the text */
	GAMETEXT_ERR_UNREADABLE,     /* a word that is neither a move nor prose */
	GAMETEXT_ERR_TOO_MANY_MOVES, /* more than GAMETEXT_PLY_MAX */
	GAMETEXT_ERR_TOKEN_TOO_LONG, /* a move longer than GAMETEXT_TOKEN_MAX */
	GAMETEXT_ERR_DANGLING_SUFFIX /* "ch", "e.p." ... with no move before it */
};

struct gametext {
	int count;
	struct gametext_token tokens[GAMETEXT_PLY_MAX];
	int prose_offset;    /* where ignored closing text starts, or -1 */
	int prose_length;    /* its bytes, trailing space trimmed */
	int result_offset;   /* where a result token stands, or -1 */
	int result_length;
	/* the error, when gametext_split did not return GAMETEXT_OK */
	int error_offset;
	int error_length;
	char message[GAMETEXT_MESSAGE_MAX];
};

/* Cuts length bytes of text into move tokens, judging words with is_move. Returns
 * GAMETEXT_OK, or an error code with error_offset, error_length and message set. */
enum gametext_code gametext_split(const char *text, size_t length, gametext_move_fn is_move,
				  struct gametext *out);

/* What the split set aside or found odd, for a caller to tell its user: the closing
 * prose it ignored, the result token, and move numbers that do not count on from the
 * start position (start_fullmove, start_black: Black moves first). */
enum gametext_remark_code { GAMETEXT_REMARK_PROSE, GAMETEXT_REMARK_RESULT, GAMETEXT_REMARK_MOVE_NUMBER };

struct gametext_remark {
	enum gametext_remark_code code;
	int ply;                       /* the token it is about, or -1 */
	int offset, length;
	char message[GAMETEXT_MESSAGE_MAX];
};

/* Writes at most max remarks into out (result and prose first) and returns how many. */
int gametext_remarks(const struct gametext *gt, const char *text, int start_fullmove, bool start_black,
		     struct gametext_remark *out, int max);

/* The stable snake_case name of a code ("unreadable_move"). */
const char *gametext_code_name(enum gametext_code code);

/* A move-shape judge for SAN and UCI texts: some letters and a digit, castling, or a
 * null move ("--", "Z0", "0000", "@@@@", "null"). */
bool gametext_looks_algebraic(const char *text, size_t length);

#endif
