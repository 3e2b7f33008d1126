/* san_detect.h -- the piece-letter language of moves when nobody named it: what the
 * letters of one move token allow (a pre-filter that needs no board), and the reading of
 * a whole line of moves in every language those letters leave, which decides.
 *
 * A language is possible for a line of moves when every token is spelt in its own piece
 * letters (san.h's table: K Q R B N in English, R D T A C in Italian, ...; figurines only
 * in figurine, the Cyrillic letters only in Russian; a token without a piece letter, such
 * as e4, O-O or exd5, in every language) and reads, in that language, as a legal move.
 * The English letters that san.h also accepts in other languages do not count here: a
 * game with N, B or Q in it is English. Languages that read every token into the same
 * move give the same game (Italian and Spanish always; French too while no bishop moves):
 * the first of them in san.h's order (English first) stands for them all.
 *
 * Only two letters mean different pieces in languages that both own them: R (the rook in
 * English, the king in Italian, Spanish and French) and P (the knight in Dutch, a pawn
 * written with its letter elsewhere). So a token parts its candidates into at most two
 * readings, and a line of moves into at most two games at once.
 *
 * Nothing here allocates; the caller owns every struct. */
#ifndef FEN_SAN_DETECT_H
#define FEN_SAN_DETECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "position.h"
#include "san.h"

/* A set of languages: bit 1 << lang for each. */
typedef uint8_t san_lang_set;
#define SAN_LANG_BIT(lang) ((san_lang_set)(1u << (lang)))
#define SAN_LANG_SET_ALL ((san_lang_set)((1u << SAN_LANG_NB) - 1))

/* What the letters of a move token say, without the board. */
struct san_detect_token {
	san_lang_set langs;  /* the languages whose own letters spell it (all of them for a
			      * token without a piece letter) */
	san_lang_set split;  /* those that read a letter of it differently from the others: the
			      * Italian, Spanish and French king R against the English rook, the
			      * Dutch knight P against a pawn's letter; 0 when all read it alike */
};

/* Looks at the piece letters of length bytes of text (blanks around it allowed): the
 * letter a move starts with and the piece a pawn promotes to, in any case, as a figurine
 * or in Cyrillic. A token that reads in no language at all may still get languages: the
 * reading says it is no move. */
void san_detect_token(const char *text, size_t length, struct san_detect_token *out);

/* The language that stands for set: its first in san.h's order. SAN_LANG_EN for an empty set. */
static inline enum san_lang san_detect_first(san_lang_set set)
{
	return set ? (enum san_lang)__builtin_ctz(set) : SAN_LANG_EN;
}

/* Whether some token could part set into two readings (san_detect_token's split): while
 * it cannot, one reading serves all of set. */
bool san_detect_may_split(san_lang_set set);

/* The languages of set for a sentence, "Italian, Spanish and French", into out (size
 * bytes, always NUL-terminated); returns out. */
const char *san_detect_labels(san_lang_set set, char *out, size_t size);

/* san_detect_labels in the words of messages in lang ("italiana, spagnola e francese"). */
const char *san_detect_labels_in(san_lang_set set, enum msg_lang lang, char *out, size_t size);

/* A language's letters from the king to the knight, "R D T A C", into out; returns out. */
const char *san_detect_letters(enum san_lang lang, char *out, size_t size);

/* What reading in the first language of langs means, for a message: "Italian piece
 * letters (R D T A C; Spanish reads them alike)", into out; returns out. */
const char *san_detect_reading(san_lang_set langs, char *out, size_t size);

/* san_detect_reading in the words of messages in lang. */
const char *san_detect_reading_in(san_lang_set langs, enum msg_lang lang, char *out, size_t size);

/* A line of moves to detect the language of. */
struct san_detect_list {
	const struct position *start;  /* where the line starts */
	int count;                     /* tokens */
	/* Token i: its text and length; *uci is set for a token read as UCI (no letters) */
	const char *(*token)(void *ctx, int i, size_t *length, bool *uci);
	void *ctx;
	bool strict;                   /* read as options->strict does (san.h) */
	int restart;                   /* from token restart on, play from restart_pos: a second
					* list after a first (an apply-move's moves after its
					* history); -1 for none */
	const struct position *restart_pos;
};

enum san_detect_verdict {
	SAN_DETECT_READ,      /* one game: read it in lang */
	SAN_DETECT_AMBIGUOUS, /* languages read the line into different games */
	SAN_DETECT_NONE       /* no language reads all of it: lang read furthest */
};

/* One of the readings of the token where an ambiguous line parts. */
struct san_detect_reading {
	san_lang_set langs;
	move m;
};

struct san_detect_result {
	enum san_detect_verdict verdict;
	enum san_lang lang;            /* READ: the language to read in; NONE: the one that got
					* furthest (the first of langs) */
	san_lang_set langs;            /* READ: every language that reads the same game (a later
					* reading may still find a move that none of them can
					* play: the pre-filter alone decides once no token can
					* part them); NONE: those that got as far as lang */
	int reached;                   /* NONE: tokens read before the one lang cannot read */
	int english_out;               /* the first token English could not read, or -1 */
	/* AMBIGUOUS: */
	int ply;                       /* the token at which the readings part */
	struct position before;        /* the position before it */
	struct san_detect_reading readings[2];
};

/* Reads the list in every candidate language at once (one reading for the languages
 * that agree, so an English line costs one reading of its tokens up to its first N, B
 * or Q, and none after) and says which language it is in. A reading left alone goes on
 * through a token whose letters are none of its languages' in its first language (which
 * may read them: san.h takes the English letters that collide with none of its own);
 * beside another reading, it ends there. The caller then reads the list in out->lang
 * (also for SAN_DETECT_NONE, whose reading may yet go through: a lone reading is not
 * followed to its end once no token can part it) as if it had been named, and says so.
 * Returns out->verdict. */
enum san_detect_verdict san_detect_list(const struct san_detect_list *list, struct san_detect_result *out);

#endif
