/* messages.h -- the one catalogue of the words fend says about a problem, in English,
 * Italian, Russian and Spanish.
 *
 * Each message has an id and a printf format per language; every language's format
 * takes the same conversions in the same order as the English one (tests/check_messages
 * checks that, and that no text is missing). A format that has no use for an argument
 * the English one prints (a plural ending) skips it with "%.0s". Words that messages
 * put together (a colour, a piece, a noun whose form follows a count) are entries too.
 * Codes never depend on the language: only the words do. */
#ifndef FEN_MESSAGES_H
#define FEN_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

/* The languages of messages; MSG_EN is 0, the default of any zeroed options. */
enum msg_lang { MSG_EN, MSG_IT, MSG_RU, MSG_ES, MSG_LANG_NB };

enum msg_id {
	/* FEN errors and warnings (error.h codes) */
	MSG_FEN_BAD_WHITESPACE,
	MSG_FEN_TOO_MANY_FIELDS,
	MSG_FEN_EMPTY,
	MSG_FEN_WHITESPACE_NORMALIZED,
	MSG_FEN_TOO_FEW_FIELDS,
	MSG_FEN_BAD_PIECE,
	MSG_FEN_BAD_PIECE_UNICODE,
	MSG_FEN_BAD_PIECE_BYTE,
	MSG_FEN_RANK_TOO_LONG,
	MSG_FEN_RANK_TOO_SHORT,
	MSG_FEN_TOO_MANY_RANKS,
	MSG_FEN_CONSECUTIVE_DIGITS,
	MSG_FEN_BAD_DIGIT,
	MSG_FEN_TOO_FEW_RANKS,
	MSG_FEN_TURN_CASE,
	MSG_FEN_BAD_TURN,
	MSG_FEN_CASTLING_DASH_ALONE,
	MSG_FEN_BAD_CASTLING,
	MSG_FEN_CASTLING_DASH,
	MSG_FEN_BAD_CASTLING_UNICODE,
	MSG_FEN_BAD_CASTLING_BYTE,
	MSG_FEN_CASTLING_TOO_LONG,
	MSG_FEN_EP_CASE,
	MSG_FEN_EP_DASH,
	MSG_FEN_BAD_EP,
	MSG_FEN_NOT_A_NUMBER,
	MSG_FEN_NEGATIVE_NUMBER,
	MSG_FEN_NUMBER_SIGN,
	MSG_FEN_NUMBER_TOO_LARGE,
	MSG_FEN_LEADING_ZEROS,
	MSG_FEN_FULLMOVE_CORRECTED,
	MSG_FEN_FULLMOVE_ZERO,
	MSG_FEN_FIELD_DEFAULTED,
	MSG_FEN_MISSING_KING,
	MSG_FEN_TOO_MANY_KINGS,
	MSG_FEN_PAWN_ON_BACK_RANK,
	MSG_FEN_TOO_MANY_PAWNS,
	MSG_FEN_TOO_MANY_PIECES,
	MSG_FEN_TOO_MANY_PROMOTED,
	MSG_FEN_OPPONENT_IN_CHECK,
	MSG_FEN_TOO_MANY_CHECKERS,
	MSG_FEN_DOUBLE_CHECK_LINE,
	MSG_FEN_DOUBLE_CHECK_PIECES,
	MSG_FEN_EP_WRONG_RANK,
	MSG_FEN_EP_WITHOUT_PAWN,
	MSG_FEN_EP_BLOCKED,
	MSG_FEN_EP_WITH_HALFMOVE,
	MSG_FEN_EP_DROPPED,
	MSG_FEN_EP_IMPOSSIBLE_CHECK,
	MSG_FEN_CASTLING_NO_KING,
	MSG_FEN_CASTLING_NO_KING_960,
	MSG_FEN_CASTLING_NO_ROOK_ON,
	MSG_FEN_CASTLING_NO_ROOK_KINGSIDE,
	MSG_FEN_CASTLING_NO_ROOK_QUEENSIDE,
	MSG_FEN_CASTLING_REPEATS_KINGSIDE,
	MSG_FEN_CASTLING_REPEATS_QUEENSIDE,
	MSG_FEN_CASTLING_REPEAT_DROPPED,
	MSG_FEN_CASTLING_RIGHT_DROPPED,
	MSG_FEN_CASTLING_TWICE_DROPPED,
	MSG_FEN_CASTLING_TWICE,
	MSG_FEN_CASTLING_REORDERED,
	MSG_FEN_CASTLING_ORDER,
	MSG_FEN_CASTLING_INFERRED,
	MSG_FEN_CHESS960_ASSUMED,
	MSG_FEN_CASTLING_NEEDS_CHESS960,
	MSG_FEN_HALFMOVE_EXCEEDS_PLIES,
	MSG_FEN_TOO_LONG,
	MSG_FEN_TOO_MANY_PROBLEMS,
	/* FEN hints */
	MSG_HINT_CHESS960_VALID,
	MSG_HINT_CHESS960_RIGHTS,
	MSG_HINT_CHESS960_SOME,
	MSG_HINT_LENIENT,
	/* the titles of the API's problems (RFC 9457), one per problem code */
	MSG_TITLE_MALFORMED_JSON,
	MSG_TITLE_MISSING_FIELD,
	MSG_TITLE_INVALID_FIELD,
	MSG_TITLE_NOT_FOUND,
	MSG_TITLE_METHOD_NOT_ALLOWED,
	MSG_TITLE_PAYLOAD_TOO_LARGE,
	MSG_TITLE_UNSUPPORTED_MEDIA_TYPE,
	MSG_TITLE_INVALID_FEN,
	MSG_TITLE_ILLEGAL_MOVE,
	MSG_TITLE_AMBIGUOUS_MOVE,
	MSG_TITLE_NON_STANDARD_SAN,
	MSG_TITLE_MALFORMED_PGN,
	MSG_TITLE_INTERNAL_ERROR,
	MSG_TITLE_SERVICE_UNAVAILABLE,
	MSG_TITLE_UNREADABLE_GAME,
	MSG_TITLE_INVALID_FRAMING,
	MSG_TITLE_NOT_ACCEPTABLE,
	MSG_TITLE_UNKNOWN_PARAMETER,
	MSG_TITLE_RENDER_TOO_LARGE,
	MSG_TITLE_BUSY,
	MSG_TITLE_DEADLINE_EXCEEDED,
	MSG_TITLE_URI_TOO_LONG,
	MSG_TITLE_HEADERS_TOO_LARGE,
	MSG_TITLE_AMBIGUOUS_LANGUAGE,
	/* details of the API's own problems (body, query, media type) */
	MSG_HTTP_BODY_TOO_LARGE,
	MSG_HTTP_BODY_MEMORY,
	MSG_HTTP_BODY_NOT_JSON,
	MSG_HTTP_BODY_TYPE,
	MSG_HTTP_REQUIRED,
	MSG_HTTP_BOOLEAN,
	MSG_HTTP_EMPTY_MEMBER,
	MSG_HTTP_EMPTY_PARAMETER,
	MSG_HTTP_NOT_A_MEMBER,
	MSG_HTTP_QUERY_WITH_BODY,
	MSG_HTTP_NOT_A_PARAMETER,
	MSG_HTTP_MAKE_IT_A_MEMBER,
	MSG_HTTP_DID_YOU_MEAN,
	MSG_AS_IS,            /* a message made of another one, already in its language */
	/* words the FEN messages put together */
	MSG_W_WHITE,          /* the side as a subject: "White", "il Bianco" */
	MSG_W_BLACK,
	MSG_W_OF_WHITE,       /* the side as an owner: "White" ('s), "del Bianco" */
	MSG_W_OF_BLACK,
	MSG_W_PAWN,           /* a piece that gives check */
	MSG_W_KNIGHT,
	MSG_W_KING,
	MSG_W_HALFMOVE_CLOCK, /* a clock field as a subject */
	MSG_W_MOVE_NUMBER,
	MSG_W_RANK_6TH,       /* "the %s rank" */
	MSG_W_RANK_3RD,
	MSG_W_BEFORE_FIRST,   /* where whitespace is */
	MSG_W_AFTER_LAST,
	MSG_W_BETWEEN,
	MSG_W_AND,            /* the last joint of a list: " and " */
	MSG_W_FILLING_IN,     /* the lenient hint's list of fields filled in: " (filling in " */
	MSG_W_NOT_LEGAL,      /* ", though not as a legal position" */
	MSG_W_REPAIR_WHITESPACE, /* what a lenient read repaired */
	MSG_W_REPAIR_CASE,
	MSG_W_REPAIR_CASTLING_DROPPED,
	MSG_W_REPAIR_CASTLING_REORDERED,
	MSG_W_REPAIR_CASTLING_REWRITTEN,
	MSG_W_REPAIR_CHESS960,
	MSG_W_REPAIR_EN_PASSANT,
	MSG_W_REPAIR_FULLMOVE,
	MSG_W_JSON_OR,
	MSG_W_THE_MEMBER,
	/* nouns in three forms, one, few and many (msg_noun): keep each three in order */
	MSG_N_FIELD, MSG_N_FIELD_FEW, MSG_N_FIELD_MANY,
	MSG_N_SQUARE, MSG_N_SQUARE_FEW, MSG_N_SQUARE_MANY,
	MSG_N_RANK, MSG_N_RANK_FEW, MSG_N_RANK_MANY,
	MSG_N_PROMOTED, MSG_N_PROMOTED_FEW, MSG_N_PROMOTED_MANY,
	MSG_N_PAWN, MSG_N_PAWN_FEW, MSG_N_PAWN_MANY,
	MSG_N_SPACE, MSG_N_SPACE_FEW, MSG_N_SPACE_MANY,
	MSG_N_TAB, MSG_N_TAB_FEW, MSG_N_TAB_MANY,
	MSG_N_CR, MSG_N_CR_FEW, MSG_N_CR_MANY,
	MSG_N_NEWLINE, MSG_N_NEWLINE_FEW, MSG_N_NEWLINE_MANY,
	MSG_NB
};

/* The format (or word) of id in lang; lang out of range reads as English. Never NULL. */
const char *msg_text(enum msg_id id, enum msg_lang lang);

/* The form of the noun whose first (singular) id is one that goes with count n: Russian
 * has three (1, 2-4, 5+ and their tens), the others two. */
const char *msg_noun(enum msg_id one, long n, enum msg_lang lang);

/* The language's tag: "en", "it", "ru" or "es". */
const char *msg_lang_name(enum msg_lang lang);

/* Reads a language tag of length bytes ("it", case-insensitive, without subtags) into
 * *out; false when it is not one of the four. */
bool msg_lang_parse(const char *name, size_t length, enum msg_lang *out);

#endif
