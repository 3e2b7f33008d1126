/* check_fen.c -- tests of src/core/fen.c and error.c: FEN round trips, every error and
 * warning code with its field and offset, strict against lenient parsing, the legality
 * checks, Chess960 castling notations, the three en-passant conventions, and input that
 * is too long, empty, binary or random. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/error.h"
#include "core/fen.h"
#include "core/fen_compare.h"
#include "core/movegen.h"
#include "core/utf8.h"

#define START_BOARD "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

#define STRICT { FEN_STRICT, false, false, MSG_EN }
#define LENIENT { FEN_LENIENT, false, false, MSG_EN }
#define STRICT960 { FEN_STRICT, true, false, MSG_EN }
#define LENIENT_INFER { FEN_LENIENT, false, true, MSG_EN }

#define X50 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
#define X300 X50 X50 X50 X50 X50 X50

/* One input and the issue it must produce. errors and warnings are the report's totals
 * (-1: not checked); given and became are NULL when the issue records no change. */
struct issue_case {
	const char *name;
	const char *fen;
	struct fen_options options;
	enum fen_verdict verdict;
	enum fen_code code;
	enum fen_field field;
	int offset;
	int length;
	int errors;
	int warnings;
	const char *given;
	const char *became;
};

/* Offsets and lengths below were computed from the input text itself (the field's or the
 * character's position), not copied from the parser's output. */
static const struct issue_case fen_error_cases[] = {
	{ "nothing at all", "", STRICT, FEN_MALFORMED, FEN_ERR_EMPTY, FEN_FIELD_BOARD, 0, 0, 1, 0, NULL, NULL },
	{ "only separators, lenient", " \t_ _", LENIENT, FEN_MALFORMED, FEN_ERR_EMPTY, FEN_FIELD_BOARD, 0, 5, 1, 0, NULL, NULL },
	{ "300 bytes", X300, STRICT, FEN_MALFORMED, FEN_ERR_TOO_LONG, FEN_FIELD_NONE, 256, 44, 1, 0, NULL, NULL },
	{ "three fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", STRICT, FEN_MALFORMED, FEN_ERR_TOO_FEW_FIELDS, FEN_FIELD_EN_PASSANT, 50, 0, 1, 0, NULL, NULL },
	{ "board only, strict", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", STRICT, FEN_MALFORMED, FEN_ERR_TOO_FEW_FIELDS, FEN_FIELD_TURN, 43, 0, 1, 0, NULL, NULL },
	{ "a seventh field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", STRICT, FEN_MALFORMED, FEN_ERR_TOO_MANY_FIELDS, FEN_FIELD_NONE, 57, 5, 1, 0, NULL, NULL },
	{ "two spaces between fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 43, 2, 1, 0, NULL, NULL },
	{ "a leading space", " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 0, 1, 1, 0, NULL, NULL },
	{ "a trailing space", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 56, 1, 1, 0, NULL, NULL },
	/* a newline, carriage return or tab is whitespace like a space (not part of a field) */
	{ "a trailing newline", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 56, 1, 1, 0, NULL, NULL },
	{ "a trailing CR LF", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 56, 2, 1, 0, NULL, NULL },
	{ "a trailing tab", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 56, 1, 1, 0, NULL, NULL },
	{ "a leading newline", "\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 0, 1, 1, 0, NULL, NULL },
	{ "a tab between fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 43, 1, 1, 0, NULL, NULL },
	{ "a space and a newline at the end", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \n", STRICT, FEN_MALFORMED, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, 56, 2, 1, 0, NULL, NULL },
	{ "seven ranks", "8/8/8/8/8/8/8 w - - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_TOO_FEW_RANKS, FEN_FIELD_BOARD, 13, 0, 1, 0, NULL, NULL },
	{ "nine ranks", "8/8/8/8/8/8/8/8/8 w - - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_TOO_MANY_RANKS, FEN_FIELD_BOARD, 15, 2, 1, 0, NULL, NULL },
	{ "nine pieces in rank 8", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_RANK_TOO_LONG, FEN_FIELD_BOARD, 0, 9, 1, 0, NULL, NULL },
	{ "a piece and 8 empty squares", "rnbqkbnr/pppppppp/p8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_RANK_TOO_LONG, FEN_FIELD_BOARD, 18, 2, 1, 0, NULL, NULL },
	{ "seven pieces in rank 8", "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_RANK_TOO_SHORT, FEN_FIELD_BOARD, 0, 7, 1, 0, NULL, NULL },
	{ "seven squares in rank 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_RANK_TOO_SHORT, FEN_FIELD_BOARD, 35, 7, 1, 0, NULL, NULL },
	{ "an x in rank 7", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, 13, 1, 1, 0, NULL, NULL },
	{ "a zero in rank 7", "rnbqkbnr/ppp0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_DIGIT, FEN_FIELD_BOARD, 12, 1, 1, 0, NULL, NULL },
	{ "a nine in rank 7", "rnbqkbnr/ppp9ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_DIGIT, FEN_FIELD_BOARD, 12, 1, -1, 0, NULL, NULL },
	{ "44 for an empty rank", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_CONSECUTIVE_DIGITS, FEN_FIELD_BOARD, 18, 2, 1, 0, NULL, NULL },
	{ "turn x", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, 44, 1, 1, 0, NULL, NULL },
	{ "turn W, strict", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, 44, 1, 1, 0, NULL, NULL },
	{ "turn white", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, 44, 5, 1, 0, NULL, NULL },
	{ "castling x", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, 48, 1, 1, 0, NULL, NULL },
	{ "castling KQ-", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ- - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, 48, 1, 1, 0, NULL, NULL },
	{ "castling KKkq", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_CASTLING_REPEATED, FEN_FIELD_CASTLING, 47, 1, 1, 0, NULL, NULL },
	{ "castling HK names one right twice", "r3k2r/8/8/8/8/8/8/R3K2R w HKkq - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_REPEATED, FEN_FIELD_CASTLING, 27, 1, 1, 0, NULL, NULL },
	{ "castling kqKQ", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_CASTLING_ORDER, FEN_FIELD_CASTLING, 48, 1, 1, 0, NULL, NULL },
	{ "castling QK", "r3k2r/8/8/8/8/8/8/R3K2R w QKkq - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_CASTLING_ORDER, FEN_FIELD_CASTLING, 27, 1, 1, 0, NULL, NULL },
	{ "en passant e9", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_EN_PASSANT, FEN_FIELD_EN_PASSANT, 51, 2, 1, 0, NULL, NULL },
	{ "en passant E3, strict", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E3 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_EN_PASSANT, FEN_FIELD_EN_PASSANT, 51, 2, 1, 0, NULL, NULL },
	{ "en passant e33", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e33 0 1", STRICT, FEN_MALFORMED, FEN_ERR_BAD_EN_PASSANT, FEN_FIELD_EN_PASSANT, 51, 3, 1, 0, NULL, NULL },
	{ "half-move x", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", STRICT, FEN_MALFORMED, FEN_ERR_NOT_A_NUMBER, FEN_FIELD_HALFMOVE, 53, 1, 1, 0, NULL, NULL },
	{ "half-move +0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +0 1", STRICT, FEN_MALFORMED, FEN_ERR_NOT_A_NUMBER, FEN_FIELD_HALFMOVE, 53, 2, 1, 0, NULL, NULL },
	{ "move number 1a", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1a", STRICT, FEN_MALFORMED, FEN_ERR_NOT_A_NUMBER, FEN_FIELD_FULLMOVE, 55, 2, 1, 0, NULL, NULL },
	{ "half-move -3", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1", STRICT, FEN_MALFORMED, FEN_ERR_NEGATIVE_NUMBER, FEN_FIELD_HALFMOVE, 53, 2, 1, 0, NULL, NULL },
	{ "move number 1000000", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000000", STRICT, FEN_MALFORMED, FEN_ERR_NUMBER_TOO_LARGE, FEN_FIELD_FULLMOVE, 55, 7, 1, 0, NULL, NULL },
	{ "half-move of 30 digits", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 999999999999999999999999999999 1", STRICT, FEN_MALFORMED, FEN_ERR_NUMBER_TOO_LARGE, FEN_FIELD_HALFMOVE, 53, 30, 1, 0, NULL, NULL },
	{ "move number 0, strict", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", STRICT, FEN_MALFORMED, FEN_ERR_FULLMOVE_ZERO, FEN_FIELD_FULLMOVE, 55, 1, 1, 0, NULL, NULL },
	{ "no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_MISSING_KING, FEN_FIELD_BOARD, 0, 17, 1, 0, NULL, NULL },
	{ "no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_MISSING_KING, FEN_FIELD_BOARD, 0, 17, 1, 0, NULL, NULL },
	{ "two white kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_KINGS, FEN_FIELD_BOARD, 18, 1, 1, 0, NULL, NULL },
	{ "two black kings", "k3k3/8/8/8/8/8/8/4K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_KINGS, FEN_FIELD_BOARD, 2, 1, 1, 0, NULL, NULL },
	{ "white pawn on a1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_PAWN_ON_BACK_RANK, FEN_FIELD_BOARD, 16, 1, 1, 0, NULL, NULL },
	{ "black pawn on h8", "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_PAWN_ON_BACK_RANK, FEN_FIELD_BOARD, 3, 1, 1, 0, NULL, NULL },
	{ "nine white pawns", "4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_PAWNS, FEN_FIELD_BOARD, 0, 27, 1, 0, NULL, NULL },
	{ "seventeen white men", "4k3/8/8/8/8/PPPPPPPP/NNNNNNNN/K7 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_PIECES, FEN_FIELD_BOARD, 0, 32, 1, 0, NULL, NULL },
	{ "two queens and eight pawns", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_PROMOTED, FEN_FIELD_BOARD, 0, 28, 1, 0, NULL, NULL },
	{ "two dark bishops and eight pawns", "4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_PROMOTED, FEN_FIELD_BOARD, 0, 29, 1, 0, NULL, NULL },
	{ "three black knights and eight pawns", "nnn1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_PROMOTED, FEN_FIELD_BOARD, 0, 29, 1, 0, NULL, NULL },
	{ "black in check, white to move", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_OPPONENT_IN_CHECK, FEN_FIELD_TURN, 21, 1, 1, 0, NULL, NULL },
	{ "three checkers", "4k3/8/5N2/1B6/8/8/8/4RK2 b - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_TOO_MANY_CHECKERS, FEN_FIELD_BOARD, 0, 24, 1, 0, NULL, NULL },
	{ "rooks on both sides of the king", "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_BOARD, 0, 21, 1, 0, NULL, NULL },
	{ "two knights give check", "4k3/8/3N1N2/8/8/8/8/5K2 b - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_BOARD, 0, 23, 1, 0, NULL, NULL },
	{ "pawn and knight give check", "4k3/3P4/5N2/8/8/8/8/5K2 b - - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_BOARD, 0, 23, 1, 0, NULL, NULL },
	{ "check the double push cannot explain", "4k3/8/8/3p4/8/8/8/r3K3 w - d6 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_EN_PASSANT, 27, 2, 1, 0, NULL, NULL },
	{ "double check with an en-passant square", "4k3/8/8/3p4/4K3/8/8/4r3 w - d6 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_EN_PASSANT, 28, 2, 1, 0, NULL, NULL },
	{ "K right, king on e2", "4k3/8/8/8/8/8/4K3/7R w K - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_WITHOUT_KING, FEN_FIELD_CASTLING, 23, 1, 1, 0, NULL, NULL },
	/* a king off e1/e8 but between rooks on its back rank is Chess960's: one error for the field */
	{ "K right, king on f1", "4k3/8/8/8/8/8/8/R4K1R w K - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_NEEDS_CHESS960, FEN_FIELD_CASTLING, 24, 1, 1, 0, NULL, NULL },
	{ "q right, black king on d8", "r2k4/8/8/8/8/8/8/4K3 w q - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_NEEDS_CHESS960, FEN_FIELD_CASTLING, 23, 1, 1, 0, NULL, NULL },
	{ "Shredder-FEN HFhf without chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_NEEDS_CHESS960, FEN_FIELD_CASTLING, 46, 4, 1, 0, NULL, NULL },
	{ "Chess960 right, king in the corner", "7k/8/8/8/8/8/8/KR6 w B - 0 1", STRICT960, FEN_ILLEGAL, FEN_ERR_CASTLING_WITHOUT_KING, FEN_FIELD_CASTLING, 21, 1, 1, 0, NULL, NULL },
	{ "K right, no rook on h1", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_WITHOUT_ROOK, FEN_FIELD_CASTLING, 23, 1, 1, 0, NULL, NULL },
	{ "C right without a rook on c1", "4k3/8/8/8/8/8/8/R3K3 w C - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_WITHOUT_ROOK, FEN_FIELD_CASTLING, 23, 1, 1, 0, NULL, NULL },
	{ "C right in standard chess", "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_CASTLING_NEEDS_CHESS960, FEN_FIELD_CASTLING, 25, 1, 1, 0, NULL, NULL },
	{ "Chess960 G right, knight on g1", "4k3/8/8/8/8/8/8/4K1NR w G - 0 1", STRICT960, FEN_ILLEGAL, FEN_ERR_CASTLING_WITHOUT_ROOK, FEN_FIELD_CASTLING, 24, 1, 1, 0, NULL, NULL },
	{ "en passant e3 with White to move", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_WRONG_RANK, FEN_FIELD_EN_PASSANT, 26, 2, 1, 0, NULL, NULL },
	{ "en passant e4", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_WRONG_RANK, FEN_FIELD_EN_PASSANT, 24, 2, 1, 0, NULL, NULL },
	{ "en passant e6 without a pawn on e5", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_WITHOUT_PAWN, FEN_FIELD_EN_PASSANT, 24, 2, 1, 0, NULL, NULL },
	{ "en passant e3 with a white pawn missing", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_WITHOUT_PAWN, FEN_FIELD_EN_PASSANT, 24, 2, 1, 0, NULL, NULL },
	{ "en passant e6 with a black knight on e5", "4k3/8/8/4n3/8/8/8/4K3 w - e6 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_WITHOUT_PAWN, FEN_FIELD_EN_PASSANT, 26, 2, 1, 0, NULL, NULL },
	{ "en passant e6 with e6 taken", "4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_BLOCKED, FEN_FIELD_EN_PASSANT, 28, 2, 1, 0, NULL, NULL },
	{ "en passant e6 with e7 taken", "4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", STRICT, FEN_ILLEGAL, FEN_ERR_EN_PASSANT_BLOCKED, FEN_FIELD_EN_PASSANT, 28, 2, 1, 0, NULL, NULL },
	/* 64 bad letters: 31 listed, then the note in the last slot, at the 32nd x (rank 5, file h) */
	{ "64 bad letters", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - - 0 1", STRICT, FEN_MALFORMED, FEN_ERR_TOO_MANY_PROBLEMS, FEN_FIELD_NONE, 34, 0, FEN_REPORT_MAX, 0, NULL, NULL },
};

static const struct issue_case fen_warning_cases[] = {
	{ "board only: turn", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", LENIENT, FEN_VALID, FEN_WARN_FIELD_DEFAULTED, FEN_FIELD_TURN, 43, 0, 0, 5, "", "w" },
	{ "board and turn: castling", "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w", LENIENT, FEN_VALID, FEN_WARN_FIELD_DEFAULTED, FEN_FIELD_CASTLING, 51, 0, 0, 4, "", "-" },
	{ "three fields: en passant", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", LENIENT, FEN_VALID, FEN_WARN_FIELD_DEFAULTED, FEN_FIELD_EN_PASSANT, 50, 0, 0, 3, "", "-" },
	{ "four fields: half-move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", LENIENT, FEN_VALID, FEN_WARN_FIELD_DEFAULTED, FEN_FIELD_HALFMOVE, 52, 0, 0, 2, "", "0" },
	{ "five fields: move number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", LENIENT, FEN_VALID, FEN_WARN_FIELD_DEFAULTED, FEN_FIELD_FULLMOVE, 54, 0, 0, 1, "", "1" },
	{ "underscores", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1", LENIENT, FEN_VALID, FEN_WARN_WHITESPACE_NORMALIZED, FEN_FIELD_NONE, 0, 56, 0, 1, NULL, NULL },
	{ "tabs and runs of spaces", "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w\tKQkq - 0 1 ", LENIENT, FEN_VALID, FEN_WARN_WHITESPACE_NORMALIZED, FEN_FIELD_NONE, 0, 61, 0, 1, NULL, NULL },
	{ "turn W", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASE_NORMALIZED, FEN_FIELD_TURN, 44, 1, 0, 1, "W", "w" },
	{ "turn B", "4k3/8/8/8/8/8/8/4K3 B - - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASE_NORMALIZED, FEN_FIELD_TURN, 20, 1, 0, 1, "B", "b" },
	{ "en passant E6", "4k3/8/8/4p3/8/8/8/4K3 w - E6 0 1", LENIENT, FEN_VALID, FEN_WARN_CASE_NORMALIZED, FEN_FIELD_EN_PASSANT, 26, 2, 0, 1, "E6", "e6" },
	{ "half-move 00", "4k3/8/8/8/8/8/8/4K3 w - - 00 1", LENIENT, FEN_VALID, FEN_WARN_LEADING_ZEROS, FEN_FIELD_HALFMOVE, 26, 2, 0, 1, "00", "0" },
	{ "move number 007", "4k3/8/8/8/8/8/8/4K3 w - - 0 007", LENIENT, FEN_VALID, FEN_WARN_LEADING_ZEROS, FEN_FIELD_FULLMOVE, 28, 3, 0, 1, "007", "7" },
	{ "leading zeros in strict mode too", "4k3/8/8/8/8/8/8/4K3 w - - 0 01", STRICT, FEN_VALID, FEN_WARN_LEADING_ZEROS, FEN_FIELD_FULLMOVE, 28, 2, 0, 1, "01", "1" },
	{ "k right without the h8 rook", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASTLING_DROPPED, FEN_FIELD_CASTLING, 27, 1, 0, 1, "KQkq", "KQq" },
	{ "Q right without any queenside rook", "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASTLING_DROPPED, FEN_FIELD_CASTLING, 26, 1, 0, 1, "KQkq", "Kkq" },
	{ "castling kqKQ", "r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASTLING_REORDERED, FEN_FIELD_CASTLING, 26, 4, 0, 1, "kqKQ", "KQkq" },
	{ "inferred from the start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", LENIENT_INFER, FEN_VALID, FEN_WARN_CASTLING_INFERRED, FEN_FIELD_CASTLING, 43, 0, 0, 5, "", "KQkq" },
	{ "inferred from moved rooks", "r3k3/8/8/8/8/8/8/4K2R w", LENIENT_INFER, FEN_VALID, FEN_WARN_CASTLING_INFERRED, FEN_FIELD_CASTLING, 23, 0, 0, 4, "", "Kq" },
	{ "nothing to infer", "4k3/8/8/8/8/8/8/R2K3R b", LENIENT_INFER, FEN_VALID, FEN_WARN_CASTLING_INFERRED, FEN_FIELD_CASTLING, 23, 0, 0, 4, "", "-" },
	{ "castling KKQkq", "r3k2r/8/8/8/8/8/8/R3K2R w KKQkq - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASTLING_REWRITTEN, FEN_FIELD_CASTLING, 27, 1, 0, 1, "KKQkq", "KQkq" },
	{ "castling HKQ", "r3k2r/8/8/8/8/8/8/R3K2R w HKQ - 0 1", LENIENT, FEN_VALID, FEN_WARN_CASTLING_REWRITTEN, FEN_FIELD_CASTLING, 27, 1, 0, 1, "HKQ", "KQ" },
	{ "KQkq with the kings on b1 and b8", "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", LENIENT, FEN_VALID, FEN_WARN_CHESS960_ASSUMED, FEN_FIELD_CASTLING, 26, 4, 0, 1, NULL, NULL },
	{ "Shredder-FEN EAea in standard chess", "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", LENIENT, FEN_VALID, FEN_WARN_CHESS960_ASSUMED, FEN_FIELD_CASTLING, 26, 4, 0, 1, NULL, NULL },
	{ "en passant e6 without a pawn", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", LENIENT, FEN_VALID, FEN_WARN_EN_PASSANT_DROPPED, FEN_FIELD_EN_PASSANT, 24, 2, 0, 1, "e6", "-" },
	{ "en passant e3 with White to move", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", LENIENT, FEN_VALID, FEN_WARN_EN_PASSANT_DROPPED, FEN_FIELD_EN_PASSANT, 26, 2, 0, 1, "e3", "-" },
	{ "en passant d6 with d6 taken", "4k3/8/3n4/3p4/8/8/8/4K3 w - d6 0 1", LENIENT, FEN_VALID, FEN_WARN_EN_PASSANT_DROPPED, FEN_FIELD_EN_PASSANT, 28, 2, 0, 1, "d6", "-" },
	{ "en passant with half-move 3", "4k3/8/8/4p3/8/8/8/4K3 w - e6 3 10", STRICT, FEN_VALID, FEN_WARN_EN_PASSANT_WITH_HALFMOVE, FEN_FIELD_EN_PASSANT, 26, 2, 0, 1, NULL, NULL },
	{ "move number 0, lenient", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", LENIENT, FEN_VALID, FEN_WARN_FULLMOVE_CORRECTED, FEN_FIELD_FULLMOVE, 28, 1, 0, 1, "0", "1" },
	{ "half-move 2 on Black's first move", "4k3/8/8/8/8/8/8/4K3 b - - 2 1", STRICT, FEN_VALID, FEN_WARN_HALFMOVE_EXCEEDS_PLIES, FEN_FIELD_HALFMOVE, 26, 1, 0, 1, NULL, NULL },
	{ "half-move 150 at move 1", "4k3/8/8/8/8/8/8/4K3 w - - 150 1", LENIENT, FEN_VALID, FEN_WARN_HALFMOVE_EXCEEDS_PLIES, FEN_FIELD_HALFMOVE, 26, 3, 0, 1, NULL, NULL },
};

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Parses a case and checks the issue it names, and the report around it. */
static void fen_check_issue(const struct issue_case *c)
{
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict = fen_parse(c->fen, strlen(c->fen), &c->options, &pos, &report);
	bool warning = error_code_is_warning(c->code);
	const struct fen_issue *list = warning ? report.warnings : report.errors;
	int count = warning ? report.warning_count : report.error_count;
	const struct fen_issue *hit = NULL;

	ck_assert_msg(verdict == c->verdict, "%s: verdict %d, expected %d (first error: %s)", c->name, (int)verdict,
		      (int)c->verdict, report.error_count ? report.errors[0].message : "none");
	for (int i = 0; i < count && !hit; i++)
		if (list[i].code == c->code)
			hit = &list[i];
	ck_assert_msg(hit != NULL, "%s: the report has no %s (%d errors, %d warnings, first: %s)", c->name,
		      error_code_name(c->code), report.error_count, report.warning_count,
		      report.error_count ? error_code_name(report.errors[0].code) :
		      report.warning_count ? error_code_name(report.warnings[0].code) : "none");
	ck_assert_msg(hit->field == c->field, "%s: field %d, expected %d", c->name, (int)hit->field, (int)c->field);
	ck_assert_msg(hit->offset == c->offset, "%s: offset %d, expected %d", c->name, hit->offset, c->offset);
	ck_assert_msg(hit->length == c->length, "%s: length %d, expected %d", c->name, hit->length, c->length);
	ck_assert_msg(hit->message[0] != '\0', "%s: the issue has no message", c->name);
	/* no message of the report fills its buffer, which would mean it was cut short */
	for (int i = 0; i < report.error_count; i++)
		ck_assert_msg(strlen(report.errors[i].message) < FEN_ISSUE_MESSAGE_MAX - 1, "%s: message cut: %s", c->name,
			      report.errors[i].message);
	for (int i = 0; i < report.warning_count; i++)
		ck_assert_msg(strlen(report.warnings[i].message) < FEN_ISSUE_MESSAGE_MAX - 1, "%s: message cut: %s", c->name,
			      report.warnings[i].message);
	if (c->errors >= 0)
		ck_assert_msg(report.error_count == c->errors, "%s: %d errors, expected %d (first: %s)", c->name,
			      report.error_count, c->errors, report.errors[0].message);
	if (c->warnings >= 0)
		ck_assert_msg(report.warning_count == c->warnings, "%s: %d warnings, expected %d", c->name,
			      report.warning_count, c->warnings);
	ck_assert(report.truncated == (c->code == FEN_ERR_TOO_MANY_PROBLEMS));
	if (c->given) {
		ck_assert_str_eq(hit->given, c->given);
		ck_assert_str_eq(hit->became, c->became);
	} else {
		ck_assert_str_eq(hit->given, "");
		ck_assert_str_eq(hit->became, "");
	}
}

START_TEST(test_error_code)
{
	fen_check_issue(&fen_error_cases[_i]);
}
END_TEST

START_TEST(test_warning_code)
{
	fen_check_issue(&fen_warning_cases[_i]);
}
END_TEST

/* Every code of error.h is exercised by at least one row of the two tables above. */
START_TEST(test_every_code_has_a_case)
{
	for (int code = 0; code < FEN_CODE_NB; code++) {
		bool found = false;
		for (int i = 0; i < NCASES(fen_error_cases) && !found; i++)
			found = fen_error_cases[i].code == (enum fen_code)code;
		for (int i = 0; i < NCASES(fen_warning_cases) && !found; i++)
			found = fen_warning_cases[i].code == (enum fen_code)code;
		ck_assert_msg(found, "no test case for %s", error_code_name((enum fen_code)code));
	}
	for (int i = 0; i < NCASES(fen_error_cases); i++)
		ck_assert_msg(!error_code_is_warning(fen_error_cases[i].code), "%s is in the error table",
			      fen_error_cases[i].name);
	for (int i = 0; i < NCASES(fen_warning_cases); i++)
		ck_assert_msg(error_code_is_warning(fen_warning_cases[i].code), "%s is in the warning table",
			      fen_warning_cases[i].name);
}
END_TEST

/* ---- codes and reports (error.c) ---- */

START_TEST(test_code_names)
{
	/* The names are API: they must never change once released. */
	static const char *const names[FEN_CODE_NB] = {
		"empty", "too_long", "too_few_fields", "too_many_fields", "bad_whitespace",
		"too_few_ranks", "too_many_ranks", "rank_too_long", "rank_too_short", "bad_piece", "bad_digit",
		"consecutive_digits", "bad_turn", "bad_castling", "castling_repeated", "castling_order",
		"bad_en_passant", "not_a_number", "negative_number", "number_too_large", "fullmove_zero",
		"missing_king", "too_many_kings", "pawn_on_back_rank", "too_many_pawns", "too_many_pieces",
		"too_many_promoted_pieces", "opponent_in_check", "too_many_checkers", "impossible_check",
		"castling_without_king", "castling_without_rook", "castling_needs_chess960", "en_passant_wrong_rank",
		"en_passant_without_pawn", "en_passant_blocked", "too_many_problems",
		"field_defaulted", "whitespace_normalized", "case_normalized", "leading_zeros", "castling_dropped",
		"castling_reordered", "castling_inferred", "castling_rewritten", "chess960_assumed",
		"en_passant_dropped", "en_passant_with_halfmove", "fullmove_corrected", "halfmove_exceeds_plies",
	};

	for (int code = 0; code < FEN_CODE_NB; code++)
		ck_assert_str_eq(error_code_name((enum fen_code)code), names[code]);
	ck_assert_str_eq(error_code_name(FEN_CODE_NB), "unknown");
	ck_assert_str_eq(error_code_name((enum fen_code)-1), "unknown");
	ck_assert(!error_code_is_warning(FEN_ERR_EN_PASSANT_BLOCKED));
	ck_assert(error_code_is_warning(FEN_WARN_FIELD_DEFAULTED));
	ck_assert(error_code_is_warning(FEN_WARN_HALFMOVE_EXCEEDS_PLIES));
	ck_assert(!error_code_is_warning(FEN_CODE_NB));
	ck_assert(!error_code_is_warning(FEN_ERR_EMPTY));
}
END_TEST

START_TEST(test_field_names)
{
	ck_assert_str_eq(error_field_name(FEN_FIELD_BOARD), "board");
	ck_assert_str_eq(error_field_name(FEN_FIELD_TURN), "turn");
	ck_assert_str_eq(error_field_name(FEN_FIELD_CASTLING), "castling");
	ck_assert_str_eq(error_field_name(FEN_FIELD_EN_PASSANT), "en_passant");
	ck_assert_str_eq(error_field_name(FEN_FIELD_HALFMOVE), "halfmove");
	ck_assert_str_eq(error_field_name(FEN_FIELD_FULLMOVE), "fullmove");
	ck_assert_ptr_null(error_field_name(FEN_FIELD_NONE));
	ck_assert_ptr_null(error_field_name(FEN_FIELD_NB));
}
END_TEST

START_TEST(test_report_limits)
{
	struct fen_report report;
	struct fen_issue *issue;

	error_report_clear(&report);
	for (int i = 0; i < FEN_REPORT_MAX; i++) {
		char text[16];
		snprintf(text, sizeof text, "piece %d", i);
		ck_assert_ptr_nonnull(error_report_add(&report, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, i, 1, MSG_AS_IS, text));
	}
	ck_assert(!report.truncated);
	ck_assert_ptr_null(error_report_add(&report, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, 99, 1, MSG_AS_IS, "one too many"));
	ck_assert(report.truncated);
	ck_assert_int_eq(report.error_count, FEN_REPORT_MAX);
	ck_assert_str_eq(report.errors[3].message, "piece 3");
	/* the last slot now says the list was cut, at the offset of the error it replaced */
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].code, FEN_ERR_TOO_MANY_PROBLEMS);
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].field, FEN_FIELD_NONE);
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].offset, FEN_REPORT_MAX - 1);
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].length, 0);
	ck_assert_ptr_null(error_report_add(&report, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, 100, 1, MSG_AS_IS, "and another"));
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].code, FEN_ERR_TOO_MANY_PROBLEMS);
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].offset, FEN_REPORT_MAX - 1);
	/* warnings have their own list, still open */
	issue = error_report_add(&report, FEN_WARN_LEADING_ZEROS, FEN_FIELD_HALFMOVE, 5, 2, MSG_AS_IS, "w");
	ck_assert_ptr_nonnull(issue);
	ck_assert_int_eq(report.warning_count, 1);
	ck_assert_str_eq(issue->given, "");
	error_issue_set_change(issue, "0000000000000000000000000000000000", 34, "0");
	ck_assert_uint_eq(strlen(issue->given), FEN_ISSUE_VALUE_MAX - 1);
	ck_assert_str_eq(issue->became, "0");
	error_issue_set_change(issue, "07xyz", 2, "7");
	ck_assert_str_eq(issue->given, "07");
	error_issue_set_change(NULL, "x", 1, "y"); /* a full list hands out NULL; that is fine */
	error_report_clear(&report);
	ck_assert_int_eq(report.error_count, 0);
	ck_assert_int_eq(report.warning_count, 0);
	ck_assert(!report.truncated);
}
END_TEST

/* ---- round trips ---- */

/* Canonical FENs: parsing then formatting (every en-passant square written, KQkq) gives
 * the same text back. */
static const char *const fen_canonical[] = {
	POSITION_START_FEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
	"rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
	"rnbq1bnr/pppkpppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R w KQ - 2 3",
	"8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1",
	"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
	"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
	"r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - - 999999 999999",
	"8/8/8/8/8/8/8/K1k5 b - - 99 200",
	"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
};

START_TEST(test_round_trip)
{
	const char *fen = fen_canonical[_i];
	struct position pos;
	char out[FEN_MAX];

	util_parse(fen, false, &pos);
	ck_assert_str_eq(util_fen(&pos, out), fen);
	ck_assert(!pos.chess960);
}
END_TEST

static char (*fen_sample)[UTIL_LINE_MAX];
static int fen_sample_count;

/* The benchmark positions are canonical too; each also survives a second round. */
START_TEST(test_round_trip_sample)
{
	int first, end;

	util_chunk(_i, fen_sample_count, &first, &end);
	for (int line = first; line < end; line++) {
		const char *fen = fen_sample[line];
		struct position pos, again;
		char out[FEN_MAX], out2[FEN_MAX];

		util_parse(fen, false, &pos);
		ck_assert_str_eq(util_fen(&pos, out), fen);
		util_parse(out, false, &again);
		ck_assert_str_eq(util_fen(&again, out2), fen);
		ck_assert_msg(!memcmp(&pos, &again, sizeof pos), "%s: a second parse differs", fen);
	}
}
END_TEST

/* Chess960 positions (Shredder-FEN in), written in X-FEN and in Shredder-FEN. */
static const struct {
	const char *input;
	const char *xfen;
	const char *shredder;
} fen_chess960[] = {
	{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
	  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" },
	{ "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
	  "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w kq - 0 9",
	  "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9" },
	{ "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
	  "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9",
	  "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9" },
	/* two rooks on one side: the inner one gets its file letter in X-FEN */
	{ "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1",
	  "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
	  "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1" },
	/* X-FEN in gives the same */
	{ "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
	  "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
	  "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1" },
	/* and KQkq means the outermost rooks */
	{ "1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1",
	  "1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1",
	  "1r2k1rr/8/8/8/8/8/8/1R2K1RR w HBhb - 0 1" },
	{ "rr2k2r/8/8/8/8/8/8/RR2K2R b BHbh - 0 1",
	  "rr2k2r/8/8/8/8/8/8/RR2K2R b KBkb - 0 1",
	  "rr2k2r/8/8/8/8/8/8/RR2K2R b HBhb - 0 1" },
	{ "r1k4r/8/8/8/8/8/8/RK5R b HAha - 0 1",
	  "r1k4r/8/8/8/8/8/8/RK5R b KQkq - 0 1",
	  "r1k4r/8/8/8/8/8/8/RK5R b HAha - 0 1" },
	{ "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1",
	  "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Kk - 0 1",
	  "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1" },
};

START_TEST(test_chess960_round_trip)
{
	struct position pos, again;
	char out[FEN_MAX];

	util_parse(fen_chess960[_i].input, true, &pos);
	ck_assert(pos.chess960);
	ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, sizeof out), 0);
	ck_assert_str_eq(out, fen_chess960[_i].xfen);
	util_parse(out, true, &again);
	ck_assert_int_eq(memcmp(&pos, &again, sizeof pos), 0);
	ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out, sizeof out), 0);
	ck_assert_str_eq(out, fen_chess960[_i].shredder);
	util_parse(out, true, &again);
	ck_assert_int_eq(memcmp(&pos, &again, sizeof pos), 0);
}
END_TEST

START_TEST(test_chess960_rooks)
{
	struct position pos;

	util_parse("1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", true, &pos);
	ck_assert_int_eq(pos.castling, CASTLE_ALL);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_WHITE_KING)], SQ_G1);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_WHITE_QUEEN)], SQ_B1);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_BLACK_KING)], SQ_G8);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_BLACK_QUEEN)], SQ_B8);
	util_parse("1r2k1rr/8/8/8/8/8/8/1R2K1RR w Kq - 0 1", true, &pos);
	ck_assert_int_eq(pos.castling, CASTLE_WHITE_KING | CASTLE_BLACK_QUEEN);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_WHITE_KING)], SQ_H1);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_BLACK_QUEEN)], SQ_B8);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_WHITE_QUEEN)], SQ_NONE);
	ck_assert_int_eq(pos.castling_rook[castling_right_index(CASTLE_BLACK_KING)], SQ_NONE);
}
END_TEST

/* Standard chess also reads a/h file letters, and writes them on request. */
START_TEST(test_shredder_in_standard_chess)
{
	struct position pos;
	char out[FEN_MAX];

	util_parse("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", false, &pos);
	ck_assert(!pos.chess960);
	ck_assert_str_eq(util_fen(&pos, out), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out, sizeof out), 0);
	ck_assert_str_eq(out, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
	position_set_start(&pos);
	ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out, sizeof out), 0);
	ck_assert_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}
END_TEST

/* A Chess960 castling field is one error in strict standard chess (with the chess960
 * hint) and makes lenient parsing assume Chess960. */
START_TEST(test_chess960_assumed)
{
	static const char fen[] = "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1";
	struct fen_options strict = STRICT, lenient = LENIENT;
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &strict, &pos, &report), FEN_ILLEGAL);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_CASTLING_NEEDS_CHESS960);
	ck_assert_int_eq(report.errors[0].offset, 26);
	ck_assert_int_eq(report.errors[0].length, 4);
	ck_assert_str_eq(report.errors[0].message, "castling rights \"EAea\" fit only Chess960; in standard chess, "
						   "castling right 'E' needs White's king on e1, and it is not there");
	ck_assert(!pos.chess960);
	ck_assert_int_eq(pos.castling, 0);
	ck_assert_int_eq(report.hint_count, 1);
	ck_assert_int_eq(report.hints[0].code, FEN_HINT_CHESS960);
	ck_assert(report.hints[0].valid);
	ck_assert_int_eq(fen_parse(fen, strlen(fen), &lenient, &pos, &report), FEN_VALID);
	ck_assert(pos.chess960);
	ck_assert_int_eq(report.warning_count, 1);
	ck_assert_int_eq(report.warnings[0].code, FEN_WARN_CHESS960_ASSUMED);
	ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out, sizeof out), 0);
	ck_assert_str_eq(out, fen);
	ck_assert_str_eq(util_fen(&pos, out), "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
	/* no warning when Chess960 was asked for */
	util_parse(fen, true, &pos);
	ck_assert(pos.chess960);
}
END_TEST

/* ---- the three en-passant conventions ---- */

static const struct {
	const char *fen;
	const char *fen_style, *xfen_style, *legal_style; /* the en-passant field each writes */
} fen_ep_cases[] = {
	/* after 1.e4: no black pawn beside e4 */
	{ "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "e3", "-", "-" },
	/* after 1.e4 d5 2.e5 f5: exf6 is legal */
	{ "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "f6", "f6", "f6" },
	/* a pawn beside, but bxc6 would leave the king on a5 to the h5 rook */
	{ "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", "c6", "c6", "-" },
	/* a pawn beside, but d7-d5 uncovered a check that exd6 does not answer */
	{ "2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 1", "d6", "d6", "-" },
	/* the pushed pawn gives check and en passant takes it */
	{ "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "d3", "d3", "d3" },
	{ "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "-", "-", "-" },
};

START_TEST(test_ep_styles)
{
	struct position pos;
	char out[FEN_MAX], expected[FEN_MAX];
	const char *want[3] = { fen_ep_cases[_i].fen_style, fen_ep_cases[_i].xfen_style, fen_ep_cases[_i].legal_style };
	const char *fen = fen_ep_cases[_i].fen;
	size_t ep_at = (size_t)(strchr(strchr(strchr(fen, ' ') + 1, ' ') + 1, ' ') - fen) + 1;

	util_parse(fen, false, &pos);
	for (int style = FEN_EP_FEN; style <= FEN_EP_LEGAL; style++) {
		int sq = fen_ep_square(&pos, (enum fen_ep_style)style);
		char name[3] = "-";
		if (sq != SQ_NONE)
			fen_format_square(sq, name);
		ck_assert_str_eq(name, want[style]);
		/* the whole FEN: the same text with that en-passant field */
		snprintf(expected, sizeof expected, "%.*s%s%s", (int)ep_at, fen, want[style], strchr(fen + ep_at, ' '));
		ck_assert_uint_gt(fen_format(&pos, (enum fen_ep_style)style, FEN_CASTLING_STANDARD, out, sizeof out), 0);
		ck_assert_str_eq(out, expected);
	}
}
END_TEST

/* ---- strict and lenient ---- */

/* Parses text (NUL-terminated) with options and returns the verdict; the FEN written
 * back goes to out when the parse was not malformed. */
static enum fen_verdict fen_try(const char *text, struct fen_options options, struct position *pos,
				struct fen_report *report, char out[FEN_MAX])
{
	enum fen_verdict verdict = fen_parse(text, strlen(text), &options, pos, report);

	out[0] = '\0';
	if (verdict != FEN_MALFORMED)
		ck_assert_uint_gt(fen_format(pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, FEN_MAX), 0);
	return verdict;
}

/* The Italian source's two-field example: board and side to move only. */
START_TEST(test_board_and_turn)
{
	static const char fen[] = "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w";
	static const enum fen_field defaulted[] = {
		FEN_FIELD_CASTLING, FEN_FIELD_EN_PASSANT, FEN_FIELD_HALFMOVE, FEN_FIELD_FULLMOVE
	};
	static const char *const became[] = { "-", "-", "0", "1" };
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_try(fen, (struct fen_options)STRICT, &pos, &report, out), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_TOO_FEW_FIELDS);
	ck_assert_int_eq(report.errors[0].field, FEN_FIELD_CASTLING);
	ck_assert_int_eq(report.errors[0].offset, 51);
	ck_assert_int_eq(report.errors[0].length, 0);

	ck_assert_int_eq(fen_try(fen, (struct fen_options)LENIENT, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w - - 0 1");
	ck_assert_int_eq(report.error_count, 0);
	ck_assert_int_eq(report.warning_count, 4);
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(report.warnings[i].code, FEN_WARN_FIELD_DEFAULTED);
		ck_assert_int_eq(report.warnings[i].field, defaulted[i]);
		ck_assert_int_eq(report.warnings[i].offset, 51);
		ck_assert_str_eq(report.warnings[i].given, "");
		ck_assert_str_eq(report.warnings[i].became, became[i]);
	}
	/* inferring castling finds no king on e1 or e8 */
	ck_assert_int_eq(fen_try(fen, (struct fen_options)LENIENT_INFER, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w - - 0 1");
	ck_assert_int_eq(report.warnings[0].code, FEN_WARN_CASTLING_INFERRED);
	ck_assert_str_eq(report.warnings[0].became, "-");
}
END_TEST

START_TEST(test_board_only)
{
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_try(START_BOARD, (struct fen_options)STRICT, &pos, &report, out), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_TOO_FEW_FIELDS);
	ck_assert_int_eq(report.errors[0].field, FEN_FIELD_TURN);
	/* options NULL means strict */
	ck_assert_int_eq(fen_parse(START_BOARD, strlen(START_BOARD), NULL, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_TOO_FEW_FIELDS);

	ck_assert_int_eq(fen_try(START_BOARD, (struct fen_options)LENIENT, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, START_BOARD " w - - 0 1");
	ck_assert_int_eq(report.warning_count, 5);
	ck_assert_int_eq(fen_try(START_BOARD, (struct fen_options)LENIENT_INFER, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, POSITION_START_FEN);
	ck_assert_int_eq(report.warning_count, 5);
	ck_assert_int_eq(report.warnings[1].code, FEN_WARN_CASTLING_INFERRED);
	ck_assert_str_eq(report.warnings[1].became, "KQkq");
	/* infer_castling does nothing when the field is there */
	ck_assert_int_eq(fen_try(START_BOARD " w - - 0 1", (struct fen_options)LENIENT_INFER, &pos, &report, out),
			 FEN_VALID);
	ck_assert_str_eq(out, START_BOARD " w - - 0 1");
	ck_assert_int_eq(report.warning_count, 0);
}
END_TEST

/* Found by fuzz-fen: inferring Chess960 rights for a king in a corner (h1) inferred a 'Q'
 * that resolution then dropped, with a castling_dropped warning one byte past the input. */
START_TEST(test_infer_castling_chess960_corner_king)
{
	const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBBRQNK w";
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_try(fen, (struct fen_options){ FEN_LENIENT, true, true, MSG_EN }, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBBRQNK w kq - 0 1");
	ck_assert_int_eq(report.warnings[0].code, FEN_WARN_CASTLING_INFERRED);
	ck_assert_str_eq(report.warnings[0].became, "kq");
	for (int i = 0; i < report.warning_count; i++) {
		ck_assert_int_ne(report.warnings[i].code, FEN_WARN_CASTLING_DROPPED);
		ck_assert_int_le(report.warnings[i].offset + report.warnings[i].length, (int)strlen(fen));
	}
	/* the same with the turn field unreadable, as the fuzzer had it */
	fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBBRQNK x";
	ck_assert_int_eq(fen_parse(fen, strlen(fen), &(struct fen_options){ FEN_LENIENT, true, true, MSG_EN }, &pos, &report),
			 FEN_MALFORMED);
	for (int i = 0; i < report.warning_count; i++)
		ck_assert_int_le(report.warnings[i].offset + report.warnings[i].length, (int)strlen(fen));
}
END_TEST

START_TEST(test_four_fields)
{
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_try(START_BOARD " w KQkq -", (struct fen_options)STRICT, &pos, &report, out), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_TOO_FEW_FIELDS);
	ck_assert_int_eq(report.errors[0].field, FEN_FIELD_HALFMOVE);
	ck_assert_int_eq(report.errors[0].offset, 52);
	ck_assert_int_eq(fen_try(START_BOARD " w KQkq -", (struct fen_options)LENIENT, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, POSITION_START_FEN);
	ck_assert_int_eq(report.warning_count, 2);
	ck_assert_int_eq(report.warnings[0].field, FEN_FIELD_HALFMOVE);
	ck_assert_int_eq(report.warnings[1].field, FEN_FIELD_FULLMOVE);
	/* five fields: the half-move clock is read, the move number defaulted */
	ck_assert_int_eq(fen_try(START_BOARD " b KQkq - 1", (struct fen_options)LENIENT, &pos, &report, out), FEN_VALID);
	ck_assert_str_eq(out, START_BOARD " b KQkq - 1 1");
	ck_assert_int_eq(report.warning_count, 1);
	ck_assert_int_eq(report.warnings[0].code, FEN_WARN_FIELD_DEFAULTED);
	ck_assert_int_eq(report.warnings[0].field, FEN_FIELD_FULLMOVE);
}
END_TEST

START_TEST(test_separators)
{
	static const char *const spellings[] = {
		START_BOARD "_w_KQkq_-_0_1",
		START_BOARD "  w KQkq - 0 1",
		START_BOARD "\tw\tKQkq\t-\t0\t1",
		" " START_BOARD " w KQkq - 0 1",
		START_BOARD " w KQkq - 0 1 ",
		START_BOARD " w__KQkq - \r\n0 1\n",
	};
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
		ck_assert_int_eq(fen_try(spellings[i], (struct fen_options)STRICT, &pos, &report, out), FEN_MALFORMED);
		ck_assert_int_ge(report.error_count, 1);
		ck_assert_int_eq(fen_try(spellings[i], (struct fen_options)LENIENT, &pos, &report, out), FEN_VALID);
		ck_assert_str_eq(out, POSITION_START_FEN);
		ck_assert_int_eq(report.warning_count, 1);
		ck_assert_int_eq(report.warnings[0].code, FEN_WARN_WHITESPACE_NORMALIZED);
		ck_assert_int_eq(report.warnings[0].offset, 0);
		ck_assert_int_eq(report.warnings[0].length, (int)strlen(spellings[i]));
	}
	/* strict mode reads "_" as part of the board: rank 1 runs on past its eight squares */
	ck_assert_int_eq(fen_try(spellings[0], (struct fen_options)STRICT, &pos, &report, out), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_RANK_TOO_LONG);
	ck_assert_int_eq(report.errors[0].offset, 35);
	ck_assert_int_eq(report.errors[1].code, FEN_ERR_BAD_PIECE);
	ck_assert_int_eq(report.errors[1].offset, 43);
	/* a single space between fields is no irregularity in lenient mode */
	ck_assert_int_eq(fen_try(POSITION_START_FEN, (struct fen_options)LENIENT, &pos, &report, out), FEN_VALID);
	ck_assert_int_eq(report.warning_count, 0);
}
END_TEST

/* Lenient parsing repairs the obvious, never the broken. */
START_TEST(test_lenient_limits)
{
	static const struct {
		const char *fen;
		enum fen_code code;
	} broken[] = {
		{ "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_ERR_BAD_PIECE },
		{ START_BOARD " w KQkq - 0 1 extra", FEN_ERR_TOO_MANY_FIELDS },
		{ START_BOARD " white KQkq - 0 1", FEN_ERR_BAD_TURN },
		{ START_BOARD " w KQkq e9 0 1", FEN_ERR_BAD_EN_PASSANT },
		{ START_BOARD " w KQkq - -1 1", FEN_ERR_NEGATIVE_NUMBER },
		{ START_BOARD " w kkqq - 0 1", FEN_CODE_NB },
		{ "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FEN_ERR_OPPONENT_IN_CHECK },
	};
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		enum fen_verdict verdict = fen_try(broken[i].fen, (struct fen_options)LENIENT, &pos, &report, out);
		if (broken[i].code == FEN_CODE_NB) {
			/* repeated letters are repaired: kq once each */
			ck_assert_int_eq(verdict, FEN_VALID);
			ck_assert_str_eq(out, START_BOARD " w kq - 0 1");
			continue;
		}
		ck_assert_msg(verdict != FEN_VALID, "%s was accepted", broken[i].fen);
		ck_assert_int_eq(report.errors[0].code, broken[i].code);
	}
}
END_TEST

/* ---- every problem is reported, in input order ---- */

static void fen_expect_errors(const char *fen, struct fen_options options, enum fen_verdict verdict,
			      const enum fen_code *codes, const int *offsets, int count)
{
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &options, &pos, &report), verdict);
	ck_assert_int_eq(report.error_count, count);
	for (int i = 0; i < count; i++) {
		ck_assert_msg(report.errors[i].code == codes[i], "error %d is %s, expected %s", i,
			      error_code_name(report.errors[i].code), error_code_name(codes[i]));
		ck_assert_int_eq(report.errors[i].offset, offsets[i]);
	}
}

START_TEST(test_every_syntax_error)
{
	static const enum fen_code codes[] = {
		FEN_ERR_BAD_PIECE, FEN_ERR_BAD_TURN, FEN_ERR_BAD_CASTLING, FEN_ERR_BAD_EN_PASSANT,
		FEN_ERR_NEGATIVE_NUMBER, FEN_ERR_FULLMOVE_ZERO,
	};
	static const int offsets[] = { 13, 44, 48, 51, 54, 57 };

	fen_expect_errors("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQxq e9 -1 0", (struct fen_options)STRICT,
			  FEN_MALFORMED, codes, offsets, 6);
}
END_TEST

START_TEST(test_every_legality_error)
{
	/* found kings first, pawns second; reported by offset */
	static const enum fen_code codes[] = { FEN_ERR_PAWN_ON_BACK_RANK, FEN_ERR_TOO_MANY_KINGS, FEN_ERR_PAWN_ON_BACK_RANK };
	static const int offsets[] = { 0, 19, 21 };
	static const enum fen_code codes2[] = {
		FEN_ERR_CASTLING_WITHOUT_ROOK, FEN_ERR_CASTLING_WITHOUT_ROOK, FEN_ERR_EN_PASSANT_WITHOUT_PAWN
	};
	static const int offsets2[] = { 26, 27, 29 };
	/* board errors span the whole board and come before the turn's */
	static const enum fen_code codes3[] = { FEN_ERR_TOO_MANY_PAWNS, FEN_ERR_OPPONENT_IN_CHECK };
	static const int offsets3[] = { 0, 29 };

	fen_expect_errors("p3k3/8/8/8/8/8/8/K3K2P w - - 0 1", (struct fen_options)STRICT, FEN_ILLEGAL, codes, offsets, 3);
	fen_expect_errors("4k3/8/8/8/8/8/8/R3K2R b KQkq e3 0 1", (struct fen_options)STRICT, FEN_ILLEGAL, codes2,
			  offsets2, 3);
	fen_expect_errors("4k3/3P4/8/8/8/PPPPPPPP/8/4K3 w - - 0 1", (struct fen_options)STRICT, FEN_ILLEGAL, codes3,
			  offsets3, 2);
}
END_TEST

START_TEST(test_every_warning)
{
	static const char fen[] = "4k3/8/8/4p3/8/8/8/4K3 W - E6 00 0";
	static const enum fen_code codes[] = {
		FEN_WARN_CASE_NORMALIZED, FEN_WARN_CASE_NORMALIZED, FEN_WARN_LEADING_ZEROS, FEN_WARN_FULLMOVE_CORRECTED
	};
	static const int offsets[] = { 22, 26, 29, 32 };
	struct fen_options options = LENIENT;
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &options, &pos, &report), FEN_VALID);
	ck_assert_int_eq(report.error_count, 0);
	ck_assert_int_eq(report.warning_count, 4);
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(report.warnings[i].code, codes[i]);
		ck_assert_int_eq(report.warnings[i].offset, offsets[i]);
	}
	ck_assert_str_eq(util_fen(&pos, out), "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1");
}
END_TEST

/* 64 bad pieces: the first FEN_REPORT_MAX - 1 are kept in input order, then the note
 * that the list was cut. */
START_TEST(test_report_truncated)
{
	static const char fen[] = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - - 0 1";
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &options, &pos, &report), FEN_MALFORMED);
	ck_assert(report.truncated);
	ck_assert_int_eq(report.error_count, FEN_REPORT_MAX);
	for (int i = 0; i < FEN_REPORT_MAX - 1; i++) {
		ck_assert_int_eq(report.errors[i].code, FEN_ERR_BAD_PIECE);
		ck_assert_int_eq(report.errors[i].offset, i / 8 * 9 + i % 8);
	}
	ck_assert_int_eq(report.errors[FEN_REPORT_MAX - 1].code, FEN_ERR_TOO_MANY_PROBLEMS);
}
END_TEST

/* ---- legality ---- */

static const struct {
	const char *fen;
	bool chess960;
	enum fen_code error; /* FEN_CODE_NB: valid */
} fen_legality_cases[] = {
	/* material */
	{ "4k3/8/8/8/8/8/PPPPPPP1/BB2K3 w - - 0 1", false, FEN_CODE_NB },         /* a light and a dark bishop */
	{ "4k3/8/8/8/8/8/PPPPPPP1/B1B1K3 w - - 0 1", false, FEN_CODE_NB },        /* two dark: one promoted, a pawn gone */
	{ "4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1", false, FEN_ERR_TOO_MANY_PROMOTED },
	{ "4k3/8/8/8/8/8/PPPPPPPP/1B1BK3 w - - 0 1", false, FEN_ERR_TOO_MANY_PROMOTED }, /* two light */
	{ "4k3/8/8/8/8/8/PPPPPP2/NNNNK3 w - - 0 1", false, FEN_CODE_NB },         /* two promoted knights */
	{ "4k3/8/8/8/8/8/PPPPPPP1/NNNNK3 w - - 0 1", false, FEN_ERR_TOO_MANY_PROMOTED },
	{ "4k3/8/8/8/8/8/PPPPPPP1/RRR1K3 w - - 0 1", false, FEN_CODE_NB },
	{ "4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1", false, FEN_ERR_TOO_MANY_PROMOTED },
	{ "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", false, FEN_CODE_NB }, /* nine queens, no pawns */
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, FEN_CODE_NB },
	{ "4k3/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1", false, FEN_ERR_TOO_MANY_PAWNS },
	{ "4K3/8/8/8/8/8/8/4k3 w - - 0 1", false, FEN_CODE_NB },                 /* kings swapped is fine */
	{ "8/8/8/8/8/8/8/3Kk3 w - - 0 1", false, FEN_ERR_OPPONENT_IN_CHECK },     /* kings side by side */
	/* checks */
	{ "4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1", false, FEN_CODE_NB },               /* knight and rook */
	{ "4k3/8/8/1B6/8/8/8/4RK2 b - - 0 1", false, FEN_CODE_NB },               /* bishop and rook */
	{ "4k3/3P4/8/7B/8/8/8/5K2 b - - 0 1", false, FEN_CODE_NB },              /* pawn and bishop */
	{ "4k3/8/8/8/4R3/8/8/4RK2 b - - 0 1", false, FEN_CODE_NB },               /* the rear rook is blocked */
	{ "4k3/8/8/8/8/8/8/4K3 b - - 0 1", false, FEN_CODE_NB },
	{ "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", false, FEN_ERR_OPPONENT_IN_CHECK },
	{ "4k3/8/3N1N2/1B6/8/8/8/4RK2 b - - 0 1", false, FEN_ERR_TOO_MANY_CHECKERS },
	{ "4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1", false, FEN_CODE_NB },
	/* en passant and check */
	{ "4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1", false, FEN_CODE_NB },              /* the pushed pawn checks */
	{ "2b1k3/8/8/3p4/6K1/8/8/8 w - d6 0 1", false, FEN_CODE_NB },            /* the push uncovered the bishop */
	{ "3rk3/8/8/8/8/8/8/3K4 w - - 0 1", false, FEN_CODE_NB },
	{ "3rk3/8/8/4p3/8/8/8/3K4 w - e6 0 1", false, FEN_ERR_IMPOSSIBLE_CHECK }, /* e7-e5 cannot uncover d8 */
	{ "4k3/8/8/8/2Pp4/8/8/r3K3 b - c3 0 1", false, FEN_ERR_OPPONENT_IN_CHECK }, /* White to have moved while in check */
	/* castling rights */
	{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, FEN_CODE_NB },
	{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, FEN_CODE_NB },
	{ "4k3/8/8/8/8/8/8/4K2R w Q - 0 1", false, FEN_ERR_CASTLING_WITHOUT_ROOK },
	{ "4k3/8/8/8/8/8/8/4K2R w Q - 0 1", true, FEN_ERR_CASTLING_WITHOUT_ROOK },
	{ "4k3/8/8/8/8/8/8/4K2r w K - 0 1", false, FEN_ERR_CASTLING_WITHOUT_ROOK }, /* the rook on h1 is Black's */
	{ "4k3/8/8/8/8/8/4K3/7R w K - 0 1", false, FEN_ERR_CASTLING_WITHOUT_KING }, /* the king is off its rank */
	{ "4k3/8/8/8/8/8/8/6KR w H - 0 1", true, FEN_CODE_NB },
	{ "4k3/8/8/8/8/8/8/6RK w G - 0 1", true, FEN_ERR_CASTLING_WITHOUT_KING },  /* king in the corner */
	{ "4k3/8/8/8/8/8/8/4K2R w A - 0 1", true, FEN_ERR_CASTLING_WITHOUT_ROOK },
};

START_TEST(test_legality)
{
	const char *fen = fen_legality_cases[_i].fen;
	struct fen_options options = util_strict(fen_legality_cases[_i].chess960);
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict = fen_parse(fen, strlen(fen), &options, &pos, &report);

	if (fen_legality_cases[_i].error == FEN_CODE_NB) {
		ck_assert_msg(verdict == FEN_VALID, "%s: %s", fen, report.error_count ? report.errors[0].message : "?");
		return;
	}
	ck_assert_msg(verdict == FEN_ILLEGAL, "%s: verdict %d", fen, (int)verdict);
	ck_assert_msg(report.errors[0].code == fen_legality_cases[_i].error, "%s: %s, expected %s", fen,
		      error_code_name(report.errors[0].code), error_code_name(fen_legality_cases[_i].error));
}
END_TEST

/* The longest message there is comes whole (it was once cut at 160 bytes). */
START_TEST(test_promoted_message)
{
	static const char fen[] = "4k3/8/8/8/8/8/PPPPPPP1/QQQQK3 w - - 0 1";
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &options, &pos, &report), FEN_ILLEGAL);
	ck_assert_str_eq(report.errors[0].message, "White has 7 pawns and 3 promoted pieces (4 queens, 0 rooks, 0 knights, "
						   "0 light- and 0 dark-squared bishops); only 1 pawn can have promoted");
}
END_TEST

/* An illegal position is still read: its board and fields can be shown. */
START_TEST(test_illegal_position_is_read)
{
	static const char fen[] = "4k3/8/8/8/8/8/8/4RK2 w - - 7 30";
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;
	char out[FEN_MAX];

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &options, &pos, &report), FEN_ILLEGAL);
	ck_assert_str_eq(util_fen(&pos, out), fen);
	ck_assert_int_eq(pos.board[SQ_E1], W_ROOK);
	ck_assert_uint_eq(pos.halfmove, 7);
	ck_assert_uint_eq(pos.fullmove, 30);
}
END_TEST

/* ---- hostile input ---- */

START_TEST(test_length_limit)
{
	char text[FEN_INPUT_MAX + 2];
	struct fen_options options = LENIENT;
	struct position pos;
	struct fen_report report;
	size_t n = strlen(POSITION_START_FEN);

	/* exactly FEN_INPUT_MAX bytes is read (and trailing blanks are repaired) */
	memset(text, ' ', sizeof text);
	memcpy(text, POSITION_START_FEN, n);
	ck_assert_int_eq(fen_parse(text, FEN_INPUT_MAX, &options, &pos, &report), FEN_VALID);
	ck_assert_int_eq(report.warnings[0].code, FEN_WARN_WHITESPACE_NORMALIZED);
	/* one more is too long, and nothing else is said */
	ck_assert_int_eq(fen_parse(text, FEN_INPUT_MAX + 1, &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.warning_count, 0);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_TOO_LONG);
	ck_assert_int_eq(report.errors[0].field, FEN_FIELD_NONE);
	ck_assert_int_eq(report.errors[0].offset, FEN_INPUT_MAX);
	ck_assert_int_eq(report.errors[0].length, 1);
}
END_TEST

START_TEST(test_binary_bytes)
{
	static const char nul[] = "rnbqkbnr/pppp\0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	static const char high[] = "rnbqkbnr/pppp\xffppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	static const char utf8[] = "rnbq\xe2\x99\x94" "bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	static const char castling[] = START_BOARD " w K\x80kq - 0 1";
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;

	/* a NUL byte is a byte like any other: the parse goes on after it */
	ck_assert_int_eq(fen_parse(nul, sizeof nul - 1, &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_PIECE);
	ck_assert_int_eq(report.errors[0].offset, 13);
	ck_assert_ptr_nonnull(strstr(report.errors[0].message, "0x00"));

	ck_assert_int_eq(fen_parse(high, sizeof high - 1, &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].offset, 13);
	ck_assert_ptr_nonnull(strstr(report.errors[0].message, "0xFF"));

	/* a three-byte UTF-8 king is one character: one square, quoted as pasted */
	ck_assert_int_eq(fen_parse(utf8, sizeof utf8 - 1, &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_PIECE);
	ck_assert_int_eq(report.errors[0].offset, 4);
	ck_assert_int_eq(report.errors[0].length, 3);
	ck_assert_str_eq(report.errors[0].message, "'\xe2\x99\x94' (U+2654) in rank 8 is not a piece; pieces are KQRBNP "
						   "(White) and kqrbnp (Black)");

	ck_assert_int_eq(fen_parse(castling, sizeof castling - 1, &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_CASTLING);
	ck_assert_int_eq(report.errors[0].offset, 47);
	ck_assert_ptr_nonnull(strstr(report.errors[0].message, "0x80"));
}
END_TEST

/* Strict whitespace: what the run holds, where it is. */
START_TEST(test_whitespace_messages)
{
	static const struct {
		const char *fen, *message;
	} cases[] = {
		{ START_BOARD " w KQkq - 0 1\n", "1 newline after the last field; fields are separated by exactly one space" },
		{ START_BOARD " w KQkq - 0 1\r\n", "1 carriage return and 1 newline after the last field; fields are "
						   "separated by exactly one space" },
		{ "\t" START_BOARD " w KQkq - 0 1", "1 tab before the first field; fields are separated by exactly one space" },
		{ START_BOARD " \t w KQkq - 0 1", "2 spaces and 1 tab between fields; fields are separated by exactly one space" },
		{ START_BOARD "  w KQkq - 0 1", "2 spaces between fields; fields are separated by exactly one space" },
		{ START_BOARD " w KQkq - 0 1 \t\r\n", "1 space, 1 tab, 1 carriage return and 1 newline after the last field; "
						      "fields are separated by exactly one space" },
	};
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(fen_parse(cases[i].fen, strlen(cases[i].fen), &options, &pos, &report), FEN_MALFORMED);
		ck_assert_int_eq(report.error_count, 1);
		ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_WHITESPACE);
		ck_assert_str_eq(report.errors[0].message, cases[i].message);
	}
	/* the move number before a newline is read as such, not as "1\n" */
	ck_assert_int_eq(fen_parse(START_BOARD " w KQkq - 0 x\n", strlen(START_BOARD) + 14, &options, &pos, &report),
			 FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 2);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_NOT_A_NUMBER);
	ck_assert_int_eq(report.errors[0].length, 1);
	ck_assert_str_eq(report.errors[0].message, "move number is \"x\"; it must be a whole number");
}
END_TEST

/* True when s has no '?' and is well-formed UTF-8. */
static bool fen_text_as_written(const char *s)
{
	return !strchr(s, '?') && utf8_valid_length(s, strlen(s)) == strlen(s);
}

/* Messages quote pasted text as written: Unicode characters whole, never as '?'. */
START_TEST(test_unicode_quoted)
{
	static const char nbsp[] = START_BOARD " w\xc2\xa0KQkq - 0 1";       /* a no-break space */
	static const char wide[] = START_BOARD " \xef\xbd\x97 KQkq - 0 1";     /* U+FF57, full-width w */
	static const char dash[] = START_BOARD " w \xe2\x80\x93 - 0 1";        /* an en dash for '-' */
	static const char ep_dash[] = START_BOARD " w KQkq \xe2\x80\x94 0 1";  /* an em dash */
	/* 23 bytes and a 3-byte character: the 24-byte quote must not split it */
	static const char cut[] = START_BOARD " wwwwwwwwwwwwwwwwwwwwwww\xe2\x80\x93 KQkq - 0 1";
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(fen_parse(nbsp, strlen(nbsp), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_TURN);
	ck_assert_str_eq(report.errors[0].message, "side to move is \"w\xc2\xa0KQkq\"; it must be 'w' (White) or 'b' (Black)");

	ck_assert_int_eq(fen_parse(wide, strlen(wide), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].length, 3);
	ck_assert_str_eq(report.errors[0].message, "side to move is \"\xef\xbd\x97\"; it must be 'w' (White) or 'b' (Black)");

	ck_assert_int_eq(fen_parse(dash, strlen(dash), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_CASTLING);
	ck_assert_int_eq(report.errors[0].offset, 46);
	ck_assert_int_eq(report.errors[0].length, 3);
	ck_assert_str_eq(report.errors[0].message,
			 "'\xe2\x80\x93' (U+2013) is not '-': write no castling rights as '-', the ASCII hyphen-minus");

	ck_assert_int_eq(fen_parse(ep_dash, strlen(ep_dash), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_EN_PASSANT);
	ck_assert_str_eq(report.errors[0].message, "en-passant field is \"\xe2\x80\x94\" (U+2014), not '-': write no "
						   "en-passant square as '-', the ASCII hyphen-minus");

	ck_assert_int_eq(fen_parse(cut, strlen(cut), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_BAD_TURN);
	ck_assert_int_eq(report.errors[0].length, 26);
	ck_assert_str_eq(report.errors[0].message,
			 "side to move is \"wwwwwwwwwwwwwwwwwwwwwww\"; it must be 'w' (White) or 'b' (Black)");

	/* in lenient mode too, and in every message of these reports */
	options.mode = FEN_LENIENT;
	for (const char *const *f = (const char *const[]){ nbsp, wide, dash, ep_dash, cut, NULL }; *f; f++) {
		ck_assert_int_eq(fen_parse(*f, strlen(*f), &options, &pos, &report), FEN_MALFORMED);
		for (int i = 0; i < report.error_count; i++)
			ck_assert_msg(fen_text_as_written(report.errors[i].message), "%s", report.errors[i].message);
	}
}
END_TEST

/* A message or a "given" cut at its buffer's end ends on a character boundary. */
START_TEST(test_cut_on_characters)
{
	char long_text[2 * FEN_ISSUE_MESSAGE_MAX + 1], x_long_text[2 * FEN_ISSUE_MESSAGE_MAX + 2];
	struct fen_report report;
	struct fen_issue *issue;
	size_t n;

	for (n = 0; n + 2 < sizeof long_text; n += 2)
		memcpy(long_text + n, "\xc3\xa9", 2); /* é, two bytes */
	long_text[n] = '\0';
	error_report_clear(&report);
	/* FEN_ISSUE_MESSAGE_MAX - 1 bytes fit: the last é would straddle the end and is left out */
	issue = error_report_add(&report, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, 0, 1, MSG_AS_IS, long_text);
	ck_assert_uint_eq(strlen(issue->message), FEN_ISSUE_MESSAGE_MAX - 2);
	ck_assert(fen_text_as_written(issue->message));
	/* with one ASCII byte first, the é that fit are whole */
	snprintf(x_long_text, sizeof x_long_text, "x%s", long_text);
	issue = error_report_add(&report, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, 0, 1, MSG_AS_IS, x_long_text);
	ck_assert_uint_eq(strlen(issue->message), FEN_ISSUE_MESSAGE_MAX - 1);
	ck_assert(fen_text_as_written(issue->message));
	issue = error_report_add(&report, FEN_WARN_CASE_NORMALIZED, FEN_FIELD_TURN, 0, 1, MSG_AS_IS, "w");
	/* twelve é are 24 bytes: 23 fit, and the twelfth é would straddle the end */
	error_issue_set_change(issue, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
			       24, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	ck_assert_uint_eq(strlen(issue->given), 22);
	ck_assert_uint_eq(strlen(issue->became), 22);
	ck_assert(fen_text_as_written(issue->given));
	ck_assert(fen_text_as_written(issue->became));
	/* bytes that are not UTF-8 still become '?' */
	issue = error_report_add(&report, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, 0, 1, MSG_AS_IS, "a\xff" "b");
	ck_assert_str_eq(issue->message, "a?b");
}
END_TEST

/* ---- hints ---- */

/* One input and the hints it must get: -1 none, 0 one that is not valid, 1 a valid one. */
static const struct {
	const char *name;
	const char *fen;
	struct fen_options options;
	int chess960, lenient;
} fen_hint_cases[] = {
	/* Chess960 castling sent without chess960 */
	{ "Shredder-FEN HFhf", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", STRICT, 1, -1 },
	{ "X-FEN KQkq, kings on g1 and g8", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", STRICT, 1, -1 },
	{ "X-FEN GQgq, two rooks on one side", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", STRICT, 1, -1 },
	{ "Shredder-FEN GBgb", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", STRICT, 1, -1 },
	{ "K right, king on f1", "4k3/8/8/8/8/8/8/R4K1R w K - 0 1", STRICT, 1, -1 },
	{ "Chess960 rights, three fields", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf", STRICT, 0, 1 },
	{ "Chess960 rights and a wrong en-passant square", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf e6 0 1",
	  STRICT, 0, 1 },
	{ "four of five rights fit Chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFChf - 0 1", STRICT, 0, 1 },
	/* not Chess960, or already read as Chess960 */
	{ "the start position in Shredder-FEN", START_BOARD " w HAha - 0 1", STRICT, -1, -1 },
	{ "K right without the h1 rook", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", STRICT, -1, 1 },
	{ "K right, king on e2", "4k3/8/8/8/8/8/4K3/7R w K - 0 1", STRICT, -1, 1 },
	{ "B right, king in the corner, chess960", "7k/8/8/8/8/8/8/KR6 w B - 0 1", STRICT960, -1, 1 },
	{ "Chess960 rights in lenient mode, no king", "bbqnnrk1/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
	  LENIENT, -1, -1 },
	/* what strict mode refuses and lenient mode reads */
	{ "the seed's two fields", "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w", STRICT, -1, 1 },
	{ "a board alone", START_BOARD, STRICT, -1, 1 },
	{ "five fields", START_BOARD " w KQkq - 0", STRICT, -1, 1 },
	{ "a board alone, chess960 and infer_castling", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR",
	  { FEN_STRICT, true, true, MSG_EN }, -1, 1 },
	{ "a trailing newline", POSITION_START_FEN "\n", STRICT, -1, 1 },
	{ "tabs between fields", START_BOARD "\tw\tKQkq\t-\t0\t1", STRICT, -1, 1 },
	{ "turn W, castling kqKQ, move 0", START_BOARD " W kqKQ - 0 0", STRICT, -1, 1 },
	{ "an empty board alone", "8/8/8/8/8/8/8/8", STRICT, -1, 0 },
	/* what lenient mode cannot read (better) */
	{ "hello", "hello", STRICT, -1, -1 },
	{ "a bad piece, two fields", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", STRICT, -1, -1 },
	{ "nothing", "", STRICT, -1, -1 },
	{ "300 bytes", X300, STRICT, -1, -1 },
	{ "illegal either way", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", STRICT, -1, -1 },
	{ "valid", POSITION_START_FEN, STRICT, -1, -1 },
	{ "valid, Chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", STRICT960, -1, -1 },
};

/* The hint of code in report, or NULL. */
static const struct fen_hint *fen_find_hint(const struct fen_report *report, enum fen_hint_code code)
{
	for (int i = 0; i < report->hint_count; i++)
		if (report->hints[i].code == code)
			return &report->hints[i];
	return NULL;
}

/* Each hint is there or not as the case says, and tells the truth: with its option set
 * the FEN is valid when the hint says so, and otherwise reads with fewer errors (lenient:
 * reads at all). */
START_TEST(test_hints)
{
	const char *fen = fen_hint_cases[_i].fen;
	const int want[FEN_HINT_NB] = { [FEN_HINT_CHESS960] = fen_hint_cases[_i].chess960,
					[FEN_HINT_LENIENT] = fen_hint_cases[_i].lenient };
	struct fen_options options = fen_hint_cases[_i].options;
	struct position pos;
	struct fen_report report, with;
	enum fen_verdict verdict = fen_parse(fen, strlen(fen), &options, &pos, &report);

	for (int code = 0; code < FEN_HINT_NB; code++) {
		const struct fen_hint *hint = fen_find_hint(&report, (enum fen_hint_code)code);
		struct fen_options set = options;
		ck_assert_msg((hint != NULL) == (want[code] >= 0), "%s: %s hint %s", fen_hint_cases[_i].name,
			      error_hint_name((enum fen_hint_code)code), hint ? hint->message : "missing");
		if (!hint)
			continue;
		ck_assert_msg(hint->valid == (want[code] == 1), "%s: %s hint: %s", fen_hint_cases[_i].name,
			      error_hint_name((enum fen_hint_code)code), hint->message);
		ck_assert(fen_text_as_written(hint->message));
		ck_assert_uint_lt(strlen(hint->message), FEN_HINT_MESSAGE_MAX - 1);
		if (code == FEN_HINT_CHESS960)
			set.chess960 = true;
		else
			set.mode = FEN_LENIENT;
		enum fen_verdict better = fen_parse(fen, strlen(fen), &set, &pos, &with);
		if (hint->valid)
			ck_assert_msg(better == FEN_VALID, "%s: not valid with the %s hint's option", fen_hint_cases[_i].name,
				      error_hint_name((enum fen_hint_code)code));
		else if (code == FEN_HINT_CHESS960)
			ck_assert_int_lt(with.error_count, report.error_count);
		else
			ck_assert(better == FEN_ILLEGAL && verdict == FEN_MALFORMED);
	}
}
END_TEST

/* The messages, word for word, and the one castling error that comes with the hint. */
START_TEST(test_hint_messages)
{
	static const char seed[] = "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w";
	static const char shredder[] = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf";
	static const char xfen[] = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
	static const char fewer[] = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFChf - 0 1";
	struct fen_options options = STRICT;
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(fen_parse(seed, strlen(seed), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_int_eq(report.hint_count, 1);
	ck_assert_int_eq(report.hints[0].code, FEN_HINT_LENIENT);
	ck_assert_str_eq(report.hints[0].message,
			 "lenient mode reads this FEN: send mode: lenient (fen --lenient); it reads "
			 "\"r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w - - 0 1\" (filling in castling, "
			 "en_passant, halfmove and fullmove)");

	/* Chess960 rights, three fields: one castling error, and both hints */
	ck_assert_int_eq(fen_parse(shredder, strlen(shredder), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 2);
	ck_assert_int_eq(report.errors[0].code, FEN_ERR_CASTLING_NEEDS_CHESS960);
	ck_assert_int_eq(report.errors[0].offset, 46);
	ck_assert_int_eq(report.errors[0].length, 4);
	ck_assert_int_eq(report.errors[1].code, FEN_ERR_TOO_FEW_FIELDS);
	ck_assert_int_eq(report.hint_count, 2);
	ck_assert_int_eq(report.hints[0].code, FEN_HINT_CHESS960);
	ck_assert_str_eq(report.hints[0].message, "these castling rights are Chess960 rights: send chess960: true "
						  "(fen --chess960) if this is a Chess960 position; the FEN has other "
						  "problems too");
	ck_assert_int_eq(report.hints[1].code, FEN_HINT_LENIENT);
	ck_assert_str_eq(report.hints[1].message,
			 "lenient mode reads this FEN: send mode: lenient (fen --lenient); it reads "
			 "\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\" (filling in en_passant, halfmove "
			 "and fullmove; reading the castling rights as Chess960)");

	ck_assert_int_eq(fen_parse(shredder, strlen(shredder), &(struct fen_options)STRICT960, &pos, &report),
			 FEN_MALFORMED);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_ptr_null(fen_find_hint(&report, FEN_HINT_CHESS960));

	ck_assert_int_eq(fen_parse(xfen, strlen(xfen), &options, &pos, &report), FEN_ILLEGAL);
	ck_assert_int_eq(report.error_count, 1);
	ck_assert_str_eq(report.hints[0].message,
			 "this looks like a Chess960 position: send chess960: true (fen --chess960) and the FEN is valid");

	ck_assert_int_eq(fen_parse("8/8/8/8/8/8/8/8", strlen("8/8/8/8/8/8/8/8"), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_str_eq(report.hints[0].message,
			 "lenient mode reads this FEN, though not as a legal position: send mode: lenient (fen --lenient); "
			 "it reads \"8/8/8/8/8/8/8/8 w - - 0 1\" (filling in turn, castling, en_passant, halfmove and "
			 "fullmove)");

	ck_assert_int_eq(fen_parse(POSITION_START_FEN "\n", strlen(POSITION_START_FEN) + 1, &options, &pos, &report),
			 FEN_MALFORMED);
	ck_assert_str_eq(report.hints[0].message,
			 "lenient mode reads this FEN: send mode: lenient (fen --lenient); it reads \"" POSITION_START_FEN
			 "\" (normalizing whitespace)");

	ck_assert_int_eq(fen_parse(fewer, strlen(fewer), &options, &pos, &report), FEN_ILLEGAL);
	ck_assert_str_eq(report.hints[0].message,
			 "read as Chess960, 4 of the 5 castling rights standard chess refuses are sound: send chess960: "
			 "true (fen --chess960) if this is a Chess960 position");

	ck_assert_str_eq(error_hint_name(FEN_HINT_CHESS960), "chess960");
	ck_assert_str_eq(error_hint_name(FEN_HINT_LENIENT), "lenient");
	ck_assert_str_eq(error_hint_name(FEN_HINT_NB), "unknown");
}
END_TEST

/* A small deterministic generator (xorshift) so that every run sees the same inputs. */
static uint32_t fen_random_state;

static uint32_t fen_random(void)
{
	uint32_t x = fen_random_state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return fen_random_state = x;
}

/* What must hold for any input: a verdict that agrees with the report, issues that lie
 * inside the input and come in input order, and valid positions that round-trip. */
static void fen_check_any(const char *text, size_t length, struct fen_options options)
{
	struct position pos, again;
	struct fen_report report, report2;
	enum fen_verdict verdict = fen_parse(text, length, &options, &pos, &report);

	ck_assert(verdict == FEN_VALID || verdict == FEN_ILLEGAL || verdict == FEN_MALFORMED);
	ck_assert_int_eq(verdict == FEN_VALID, report.error_count == 0);
	/* hints only for an invalid FEN, at most one of each, each a sentence */
	ck_assert(report.hint_count >= 0 && report.hint_count <= FEN_HINT_NB);
	ck_assert(verdict != FEN_VALID || report.hint_count == 0);
	for (int i = 0; i < report.hint_count; i++) {
		ck_assert_uint_gt(strlen(report.hints[i].message), 0);
		ck_assert(i == 0 || report.hints[i].code != report.hints[0].code);
	}
	for (int list = 0; list < 2; list++) {
		const struct fen_issue *issues = list ? report.warnings : report.errors;
		int count = list ? report.warning_count : report.error_count;
		for (int i = 0; i < count; i++) {
			ck_assert_int_eq(error_code_is_warning(issues[i].code), list);
			ck_assert_int_ge(issues[i].offset, 0);
			ck_assert_int_ge(issues[i].length, 0);
			ck_assert_uint_le((size_t)issues[i].offset + (size_t)issues[i].length, length);
			ck_assert(issues[i].field >= FEN_FIELD_NONE && issues[i].field < FEN_FIELD_NB);
			ck_assert_uint_gt(strlen(issues[i].message), 0);
			if (i)
				ck_assert_int_le(issues[i - 1].offset, issues[i].offset);
		}
	}
	if (verdict == FEN_VALID) {
		char out[FEN_MAX], out2[FEN_MAX];
		struct fen_options strict = util_strict(pos.chess960);
		ck_assert_uint_gt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out, sizeof out), 0);
		ck_assert_msg(fen_parse(out, strlen(out), &strict, &again, &report2) == FEN_VALID, "%s does not re-parse", out);
		ck_assert_uint_gt(fen_format(&again, FEN_EP_FEN, FEN_CASTLING_SHREDDER, out2, sizeof out2), 0);
		ck_assert_str_eq(out, out2);
		ck_assert_uint_eq(pos.key, again.key);
	}
}

START_TEST(test_random_bytes)
{
	char text[320];

	fen_random_state = 0x12345678u;
	for (int round = 0; round < 3000; round++) {
		size_t length = fen_random() % sizeof text;
		for (size_t i = 0; i < length; i++)
			text[i] = (char)(fen_random() & 0xFF);
		fen_check_any(text, length, (struct fen_options){ (enum fen_mode)(round & 1), (round & 2) != 0, true, MSG_EN });
	}
}
END_TEST

/* Random edits of good FENs reach far more of the parser than random bytes do. */
START_TEST(test_random_edits)
{
	static const char alphabet[] = "KQRBNPkqrbnp12345678/ wb-_acdefghABCEFGH0912\t+\xff";
	static const char *const seeds[] = {
		POSITION_START_FEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1",
		"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	};
	char text[FEN_INPUT_MAX];
	int valid = 0;

	fen_random_state = 0x9E3779B9u;
	for (int round = 0; round < 6000; round++) {
		const char *seed = seeds[fen_random() % 5];
		size_t n = strlen(seed);
		memcpy(text, seed, n);
		for (int edits = 1 + (int)(fen_random() % 3); edits > 0; edits--) {
			size_t at = fen_random() % n;
			char c = alphabet[fen_random() % (sizeof alphabet - 1)];
			switch (fen_random() % 3) {
			case 0:
				text[at] = c;
				break;
			case 1:
				if (n + 1 < sizeof text) {
					memmove(text + at + 1, text + at, n - at);
					text[at] = c;
					n++;
				}
				break;
			default:
				if (n > 1) {
					memmove(text + at, text + at + 1, n - at - 1);
					n--;
				}
			}
		}
		struct fen_options options = { (enum fen_mode)(round & 1), (round & 2) != 0, (round & 4) != 0, MSG_EN };
		struct position pos;
		struct fen_report report;
		valid += fen_parse(text, n, &options, &pos, &report) == FEN_VALID;
		fen_check_any(text, n, options);
	}
	/* the edits leave some positions valid, so the round trip above is exercised */
	ck_assert_int_gt(valid, 100);
}
END_TEST

/* ---- the small helpers ---- */

START_TEST(test_squares_and_letters)
{
	char name[3];

	ck_assert_int_eq(fen_parse_square("a1"), SQ_A1);
	ck_assert_int_eq(fen_parse_square("e4"), SQ_E4);
	ck_assert_int_eq(fen_parse_square("h8"), SQ_H8);
	ck_assert_int_eq(fen_parse_square("i1"), SQ_NONE);
	ck_assert_int_eq(fen_parse_square("a9"), SQ_NONE);
	ck_assert_int_eq(fen_parse_square("a0"), SQ_NONE);
	ck_assert_int_eq(fen_parse_square("E4"), SQ_NONE);
	ck_assert_int_eq(fen_parse_square("-"), SQ_NONE);
	for (int sq = 0; sq < SQUARE_NB; sq++) {
		fen_format_square(sq, name);
		ck_assert_uint_eq(strlen(name), 2);
		ck_assert_int_eq(fen_parse_square(name), sq);
	}
	ck_assert_int_eq(fen_piece_char(W_KING), 'K');
	ck_assert_int_eq(fen_piece_char(B_KNIGHT), 'n');
	ck_assert_int_eq(fen_piece_char(NO_PIECE), ' ');
	ck_assert_int_eq(fen_piece_char(8), ' ');
	ck_assert_int_eq(fen_char_piece('P'), W_PAWN);
	ck_assert_int_eq(fen_char_piece('q'), B_QUEEN);
	ck_assert_int_eq(fen_char_piece('x'), NO_PIECE);
	ck_assert_int_eq(fen_char_piece('\0'), NO_PIECE);
	for (int pc = W_PAWN; pc <= B_KING; pc++)
		if (pc != 7 && pc != 8)
			ck_assert_int_eq(fen_char_piece(fen_piece_char(pc)), pc);
}
END_TEST

START_TEST(test_output_buffers)
{
	struct position pos;
	char out[FEN_MAX];
	size_t n = strlen(POSITION_START_FEN);

	position_set_start(&pos);
	ck_assert_uint_eq(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, n + 1), n);
	ck_assert_str_eq(out, POSITION_START_FEN);
	ck_assert_uint_eq(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, n), 0);
	ck_assert_uint_eq(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, 10), 0);
	ck_assert_uint_eq(fen_format_board(&pos, out, sizeof out), 43);
	ck_assert_str_eq(out, START_BOARD);
	ck_assert_uint_eq(fen_format_board(&pos, out, 44), 43);
	ck_assert_uint_eq(fen_format_board(&pos, out, 43), 0);
	ck_assert_uint_eq(fen_format_board(&pos, out, 1), 0);
	ck_assert_uint_eq(fen_format_castling(&pos, FEN_CASTLING_STANDARD, out, 6), 4);
	ck_assert_str_eq(out, "KQkq");
	ck_assert_uint_eq(fen_format_castling(&pos, FEN_CASTLING_SHREDDER, out, 6), 4);
	ck_assert_str_eq(out, "HAha");
	ck_assert_uint_eq(fen_format_castling(&pos, FEN_CASTLING_STANDARD, out, 5), 0);
	position_clear(&pos);
	ck_assert_uint_eq(fen_format_castling(&pos, FEN_CASTLING_STANDARD, out, 6), 1);
	ck_assert_str_eq(out, "-");
	ck_assert_uint_eq(fen_format_board(&pos, out, sizeof out), 15);
	ck_assert_str_eq(out, "8/8/8/8/8/8/8/8");
	/* the longest FEN fits FEN_MAX */
	util_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 999999 999999", false, &pos);
	ck_assert_uint_lt(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, sizeof out), FEN_MAX);
}
END_TEST

/* fen_compare: the fields that differ, the squares, the ranks it cannot read. */
START_TEST(test_compare)
{
	static const char e4[] = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
	struct fen_comparison c;

	fen_compare(e4, strlen(e4), e4, strlen(e4), &c);
	ck_assert(c.equal);
	ck_assert_uint_eq(c.fields, 0);
	ck_assert_int_eq(c.square_count, 0);

	/* a pawn on e3, not e4; the clocks missing; blanks around */
	static const char given[] = "  rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq e3 ";
	fen_compare(e4, strlen(e4), given, strlen(given), &c);
	ck_assert(!c.equal);
	ck_assert_uint_eq(c.fields, (1u << FEN_FIELD_BOARD) | (1u << FEN_FIELD_HALFMOVE) | (1u << FEN_FIELD_FULLMOVE));
	ck_assert_int_eq(c.square_count, 2);
	ck_assert_int_eq(c.squares[0].square, SQ_E4);
	ck_assert_int_eq(c.squares[0].expected, 'P');
	ck_assert_int_eq(c.squares[0].given, 0);
	ck_assert_int_eq(c.squares[1].square, SQ_E3);
	ck_assert_int_eq(c.squares[1].given, 'P');
	ck_assert_uint_eq(c.bad_ranks, 0);

	/* rank 6 of nine squares and rank 1 missing: those ranks are not compared */
	static const char bad[] = "rnbqkbnr/pppppppp/9/8/4P3/8/PPPP1PPP b KQkq e3 0 1";
	fen_compare(e4, strlen(e4), bad, strlen(bad), &c);
	ck_assert_uint_eq(c.fields, 1u << FEN_FIELD_BOARD);
	ck_assert_uint_eq(c.bad_ranks, (1u << 5) | (1u << 0));
	ck_assert_int_eq(c.square_count, 0);

	/* nothing given: every field differs */
	fen_compare(e4, strlen(e4), "", 0, &c);
	ck_assert_uint_eq(c.fields, (1u << FEN_FIELD_NB) - 1);
	ck_assert_uint_eq(c.bad_ranks, 0xffu);
}
END_TEST

static Suite *fen_suite(void)
{
	Suite *s = suite_create("fen");
	TCase *tc;

	tc = tcase_create("codes");
	tcase_add_loop_test(tc, test_error_code, 0, NCASES(fen_error_cases));
	tcase_add_loop_test(tc, test_warning_code, 0, NCASES(fen_warning_cases));
	tcase_add_test(tc, test_every_code_has_a_case);
	tcase_add_test(tc, test_code_names);
	tcase_add_test(tc, test_field_names);
	tcase_add_test(tc, test_report_limits);
	suite_add_tcase(s, tc);

	tc = tcase_create("round_trip");
	tcase_add_loop_test(tc, test_round_trip, 0, NCASES(fen_canonical));
	tcase_add_loop_test(tc, test_round_trip_sample, 0, util_chunks(fen_sample_count));
	suite_add_tcase(s, tc);

	tc = tcase_create("chess960");
	tcase_add_loop_test(tc, test_chess960_round_trip, 0, NCASES(fen_chess960));
	tcase_add_test(tc, test_chess960_rooks);
	tcase_add_test(tc, test_shredder_in_standard_chess);
	tcase_add_test(tc, test_chess960_assumed);
	suite_add_tcase(s, tc);

	tc = tcase_create("en_passant_styles");
	tcase_add_loop_test(tc, test_ep_styles, 0, NCASES(fen_ep_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("strict_and_lenient");
	tcase_add_test(tc, test_board_and_turn);
	tcase_add_test(tc, test_board_only);
	tcase_add_test(tc, test_infer_castling_chess960_corner_king);
	tcase_add_test(tc, test_four_fields);
	tcase_add_test(tc, test_separators);
	tcase_add_test(tc, test_whitespace_messages);
	tcase_add_test(tc, test_lenient_limits);
	suite_add_tcase(s, tc);

	tc = tcase_create("hints");
	tcase_add_loop_test(tc, test_hints, 0, NCASES(fen_hint_cases));
	tcase_add_test(tc, test_hint_messages);
	suite_add_tcase(s, tc);

	tc = tcase_create("every_problem");
	tcase_add_test(tc, test_every_syntax_error);
	tcase_add_test(tc, test_every_legality_error);
	tcase_add_test(tc, test_every_warning);
	tcase_add_test(tc, test_report_truncated);
	suite_add_tcase(s, tc);

	tc = tcase_create("legality");
	tcase_add_loop_test(tc, test_legality, 0, NCASES(fen_legality_cases));
	tcase_add_test(tc, test_illegal_position_is_read);
	tcase_add_test(tc, test_promoted_message);
	suite_add_tcase(s, tc);

	tc = tcase_create("hostile_input");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_length_limit);
	tcase_add_test(tc, test_binary_bytes);
	tcase_add_test(tc, test_unicode_quoted);
	tcase_add_test(tc, test_cut_on_characters);
	tcase_add_test(tc, test_random_bytes);
	tcase_add_test(tc, test_random_edits);
	suite_add_tcase(s, tc);

	tc = tcase_create("helpers");
	tcase_add_test(tc, test_squares_and_letters);
	tcase_add_test(tc, test_output_buffers);
	tcase_add_test(tc, test_compare);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int status;

	fen_sample_count = util_read_lines("fens-sample.txt", &fen_sample, 1000);
	status = util_run(fen_suite());
	free(fen_sample);
	return status;
}
