/* gametext.h -- a whole game as people type it, cut into move tokens and the annotations
 * around them.
 *
 * People write games in prose texts, books and forums, not in PGN: "1-CR3A,P4D,2-P4AD,P3AD;...
 * 26-T1AD,T1A. Filip en esta posición ofreció tablas", "1 P-K4 P-K4 2 N-KB3 N-QB3
 * 3 B-N5 ± P-QR3", "1.e4 e5 2.Nf3 {the usual} (2.f4) Nc6". This reader knows no notation
 * (a classifier judges what reads as a move) and nothing of chess. It reads:
 *
 *   moves      each with the suffix words that belong to it glued on (check, mate,
 *              en passant, annotation: "ch", "dis ch", "mate", "e.p.", "+", "!");
 *              "P-K8(Q)" and "R(3)-QR2" keep their parentheses when the whole word
 *              is a move
 *   numbers    "1.", "1", "1)", "1-", "1:", "1...", "1. ...", glued or apart; a bare
 *              number counts as one when a move (or "...") follows it
 *   comments   "{...}" (one '}' ends it; '{' inside is text), and ";" to the end of
 *              the line when what follows the ';' on its line is not game text (in
 *              "15-AxP;C3A" it only separates two moves)
 *   NAGs       "$n" (0 to 255) and the glyphs of nag.h, apart ("B-N5 ± P-QR3") or
 *              glued to a move that reads as one without them ("B-N5±")
 *   variations "( ... )", nested up to GAMETEXT_DEPTH_MAX deep, each an alternative to
 *              the last move before its '(' in the enclosing line; a variation
 *              without a move is left out (a remark says so), but its comments, if
 *              any, go to that move ("3. B-N5 (the Spanish) P-QR3")
 *   a result   "1-0", "0-1", "1/2-1/2", "½-½", "0.5-0.5", "*", in the main line: what
 *              follows it is closing prose (in a variation it is prose, so a comment)
 *   prose      a word of letters that is no move (or any non-move after a sentence's
 *              full stop) starts prose, which runs (braces and parentheses in it are
 *              text) until the game plainly goes on: a move number, the one expected
 *              there, with a move after it; a move after a full stop; a '(' with such
 *              a move in it; the ')' that closes the variation the prose is in. Prose
 *              before the first move is leading text, prose that runs to the end (or
 *              follows the result) closing text: both are set aside and said so
 *              (gametext_remarks). Prose between moves becomes a comment of the move
 *              before it (of the line, before its first move), marked as prose.
 *
 * Tokens are stored a line at a time: the main line first, tokens[0 .. count), then each
 * variation, in the order their first moves come in the text (so a variation comes after
 * the line it branches from). What it set aside is reported, never dropped silently.
 * Nothing here allocates. */
#ifndef FEN_GAMETEXT_H
#define FEN_GAMETEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "messages.h"

/* The most move tokens one text may hold, variations included. */
#define GAMETEXT_PLY_MAX 1024
/* The most comments and NAGs one text may hold. */
#define GAMETEXT_ANNOTATIONS_MAX 2048
/* The deepest variations may nest (as the PGN reader's PGN_DEPTH_MAX). */
#define GAMETEXT_DEPTH_MAX 32
/* Longest move token, suffix words included. */
#define GAMETEXT_TOKEN_MAX 40
#define GAMETEXT_MESSAGE_MAX 200

/* Does text (length bytes, no separators in it) read as a move in the caller's
 * notation? Only its form is judged, not whether it is legal anywhere. */
typedef bool (*gametext_move_fn)(const char *text, size_t length);

struct gametext_token {
	int offset;          /* byte offset of the move in the text */
	int length;          /* bytes, with any suffix words glued on ("PxP e.p.") */
	int number;          /* the move number written just before it, or 0 */
	int line;            /* the line it is a move of (0: the main line) */
	int ply;             /* its ply counted from the start position, from 0 (a variation's
			      * first move has the ply of the move it replaces) */
	int annotations;     /* its first annotation (after it, before the next move of its
			      * line), or -1; the others follow through next */
	int variations;      /* the first line that is an alternative to it, or -1; the
			      * others follow through the lines' next */
};

struct gametext_line {
	int first, count;    /* its moves: tokens[first .. first + count), count >= 1 */
	int parent;          /* the line it branches from; -1 for the main line */
	int branch;          /* the token of parent it is an alternative to; -1 for the main line */
	int depth;           /* 0 for the main line, 1 for its variations ... */
	int offset;          /* where its '(' stands (0 for the main line) */
	int annotations;     /* its comments before its first move, or -1 */
	int next;            /* the next alternative to the same move, or -1 */
};

enum gametext_annotation_kind { GAMETEXT_COMMENT, GAMETEXT_NAG };

struct gametext_annotation {
	unsigned char kind;  /* enum gametext_annotation_kind */
	bool prose;          /* a comment made of prose between the moves */
	int nag;             /* GAMETEXT_NAG: 0..255 */
	int offset, length;  /* a comment's text (inside its braces, after its ';', the
			      * prose), a NAG's "$n" or glyph */
	int next;            /* the next annotation of the same move (or line start), or -1 */
};

enum gametext_code {
	GAMETEXT_OK,
	GAMETEXT_ERR_EMPTY,          /* no move in the text */
	GAMETEXT_ERR_UNREADABLE,     /* a word that is neither a move nor prose */
	GAMETEXT_ERR_TOO_MANY_MOVES, /* more than GAMETEXT_PLY_MAX, variations included */
	GAMETEXT_ERR_TOKEN_TOO_LONG, /* a move longer than GAMETEXT_TOKEN_MAX */
	GAMETEXT_ERR_DANGLING_SUFFIX,/* "ch", "e.p.", a NAG ... with no move before it */
	GAMETEXT_ERR_BRACES,         /* a '{' that no '}' closes, or a '}' that closes nothing */
	GAMETEXT_ERR_PARENTHESES,    /* a '(' that no ')' closes, a ')' that closes nothing, or
				      * a '(' with no move before it to be an alternative to */
	GAMETEXT_ERR_TOO_DEEP,       /* variations nested more than GAMETEXT_DEPTH_MAX deep */
	GAMETEXT_ERR_TOO_MANY_ANNOTATIONS /* more than GAMETEXT_ANNOTATIONS_MAX */
};

struct gametext {
	/* input, set before gametext_split: where the game starts, so that move numbers
	 * are known (the number expected before each ply) */
	int start_fullmove;  /* 1 for the standard start */
	bool start_black;    /* Black moves first */
	enum msg_lang msg_lang; /* the language of the message and the remarks */
	/* output */
	int count;           /* main-line moves: tokens[0 .. count) */
	int token_count;     /* every move, variations included */
	struct gametext_token tokens[GAMETEXT_PLY_MAX];
	int line_count;      /* lines[0] is the main line */
	struct gametext_line lines[GAMETEXT_PLY_MAX];
	int annotation_count;
	struct gametext_annotation annotations[GAMETEXT_ANNOTATIONS_MAX];
	int lead_offset;     /* where ignored leading text starts, or -1 */
	int lead_length;
	int prose_offset;    /* where ignored closing text starts, or -1 */
	int prose_length;    /* its bytes, trailing space trimmed */
	int result_offset;   /* where a result token stands, or -1 */
	int result_length;
	int empty_variations;       /* variations without a move, left out */
	int empty_offset;           /* the first one's '(' */
	/* the error, when gametext_split did not return GAMETEXT_OK */
	int error_offset;
	int error_length;
	int error_ply;       /* the ply of the move the text stopped at (the next of its line) */
	int error_depth;     /* and the depth of its line */
	char message[GAMETEXT_MESSAGE_MAX];
	/* scratch: the tokens in text order, while splitting */
	struct gametext_token order[GAMETEXT_PLY_MAX];
};

/* Cuts length bytes of text into move tokens, lines and annotations, judging words with
 * is_move; out->start_fullmove and out->start_black are the caller's. Returns GAMETEXT_OK,
 * or an error code with error_offset, error_length and message set. */
enum gametext_code gametext_split(const char *text, size_t length, gametext_move_fn is_move,
				  struct gametext *out);

/* What the split set aside, turned or found odd, for a caller to tell its user. */
enum gametext_remark_code {
	GAMETEXT_REMARK_PROSE,          /* closing text, ignored: "text_ignored" */
	GAMETEXT_REMARK_RESULT,         /* the result token: "result" */
	GAMETEXT_REMARK_MOVE_NUMBER,    /* a number that does not count on: "move_number" */
	GAMETEXT_REMARK_LEADING,        /* text before the moves, ignored: "text_ignored" */
	GAMETEXT_REMARK_PROSE_COMMENT,  /* prose between moves kept as a comment: "text_as_comment" */
	GAMETEXT_REMARK_EMPTY_VARIATION,/* variations without a move, left out: "empty_variation" */
	GAMETEXT_REMARK_CODE_NB
};

struct gametext_remark {
	enum gametext_remark_code code;
	int ply;                       /* the ply of the move it is about (tokens' ply), or -1 */
	int depth;                     /* that move's line's depth (0 when ply is -1) */
	int offset, length;
	char message[GAMETEXT_MESSAGE_MAX];
};

/* Writes at most max remarks into out (result, closing and leading text first) and
 * returns how many. */
int gametext_remarks(const struct gametext *gt, const char *text, struct gametext_remark *out, int max);

/* The stable snake_case name of a remark, as the notes of /convert say it ("text_ignored"). */
const char *gametext_remark_name(enum gametext_remark_code code);

/* The stable snake_case name of a code ("unreadable_move"). */
const char *gametext_code_name(enum gametext_code code);

/* The tokens played before line's first move, from the start: written to out (at most
 * GAMETEXT_PLY_MAX, in the order they are played); returns how many (the first move's
 * ply). */
int gametext_line_path(const struct gametext *gt, int line, int *out);

/* A move-shape judge for SAN and UCI texts: some letters and a digit, castling, or a
 * null move ("--", "Z0", "0000", "@@@@", "null"); no brackets or '$' but a promotion's
 * "(Q)" at the end. */
bool gametext_looks_algebraic(const char *text, size_t length);

#endif
