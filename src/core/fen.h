/* fen.h -- reading and writing Forsyth-Edwards Notation.
 *
 * A FEN has six fields separated by spaces:
 *   1. board       ranks 8 to 1 separated by '/', files a to h within a rank; pieces are
 *                  KQRBNP (White) and kqrbnp (Black), digits 1-8 count empty squares
 *   2. turn        'w' or 'b'
 *   3. castling    '-' or KQkq; Chess960 also takes file letters: Shredder-FEN (HAha) and
 *                  X-FEN (KQkq, with a file letter when the right's rook is not the outer one)
 *   4. en_passant  '-' or the square a pawn that just moved two squares passed over
 *   5. halfmove    plies since the last capture or pawn move (fifty-move rule)
 *   6. fullmove    the number of the move about to be played, from 1, +1 after Black moves
 *
 * Strict parsing takes exactly that (a tab, newline or carriage return around or between
 * the fields is bad_whitespace, as a second space is). Lenient parsing also takes runs
 * of spaces, tabs or underscores between fields and the partial forms people write (the
 * board alone, or with some of the fields), and repairs what it can; every repair is a
 * warning. */
#ifndef FEN_FEN_H
#define FEN_FEN_H

#include <stddef.h>

#include "error.h"
#include "position.h"

/* Longest input parse looks at; longer input is refused with too_long. */
#define FEN_INPUT_MAX 256
/* Room for any FEN that fen_format writes, with its terminating NUL. */
#define FEN_MAX 128
/* The largest half-move clock or move number accepted. */
#define FEN_NUMBER_MAX 999999

enum fen_mode { FEN_STRICT, FEN_LENIENT };

/* Which en-passant square to write (the names python-chess gives them):
 * FEN_EP_FEN after every double push, FEN_EP_XFEN only when an enemy pawn stands beside
 * the pushed pawn, FEN_EP_LEGAL only when an en-passant capture is legal. */
enum fen_ep_style { FEN_EP_FEN, FEN_EP_XFEN, FEN_EP_LEGAL };

/* How to write castling rights: KQkq (X-FEN in Chess960), or file letters (Shredder-FEN). */
enum fen_castling_style { FEN_CASTLING_STANDARD, FEN_CASTLING_SHREDDER };

struct fen_options {
	enum fen_mode mode;
	bool chess960;       /* castling may use any rook on the back rank */
	bool infer_castling; /* lenient, castling field missing: infer rights from the board */
	enum msg_lang lang;  /* the language of the report's messages (0: English) */
};

/* What fen_parse concluded. */
enum fen_verdict {
	FEN_VALID,     /* a legal position; pos is ready for move generation */
	FEN_ILLEGAL,   /* well formed, but not a legal position; pos holds what was read */
	FEN_MALFORMED  /* not FEN; pos is unspecified */
};

/* Parses length bytes of text into pos, collecting every error and warning in report.
 * options may be NULL (strict, standard chess). An invalid FEN's report also gets hints:
 * chess960 when Chess960 rules read castling rights standard chess refuses (strict mode
 * then reports them once, castling_needs_chess960), lenient (strict mode only) when a
 * lenient parse, done for the hint, reads the FEN as valid or reads what strict mode
 * cannot. A valid FEN costs nothing more. */
enum fen_verdict fen_parse(const char *text, size_t length, const struct fen_options *options,
			   struct position *pos, struct fen_report *report);

/* Writes the FEN of pos into out (size bytes, FEN_MAX is always enough) and returns its
 * length, or 0 when it does not fit. */
size_t fen_format(const struct position *pos, enum fen_ep_style ep, enum fen_castling_style castling,
		  char *out, size_t size);

/* The single fields, written the same way; each returns the length or 0 if out is too small. */
size_t fen_format_board(const struct position *pos, char *out, size_t size);
size_t fen_format_castling(const struct position *pos, enum fen_castling_style style, char *out, size_t size);

/* The en-passant square the given style writes for pos, or SQ_NONE. */
int fen_ep_square(const struct position *pos, enum fen_ep_style ep);

/* Writes a square's name ("e4") into out, which must hold 3 bytes. */
void fen_format_square(int sq, char out[3]);

/* Parses "e4" (exactly two bytes, lower case) into a square, or SQ_NONE. */
int fen_parse_square(const char *text);

/* Piece letters: 'K', 'q', ... for a piece code; a piece code (or NO_PIECE) for a letter. */
char fen_piece_char(int pc);
int fen_char_piece(char c);

#endif
