/* san.c -- Standard Algebraic Notation: writing it the PGN standard's way in every
 * language of san.h (san_write.c), and reading it leniently, with a warning for each departure from
 * the standard and a reason for each move that cannot be played.
 *
 * Reading works in two steps: the text is taken apart into its parts (piece, origin
 * file and rank, separator, destination, promotion, check mark, glyphs) without looking
 * at the board, then the parts are matched against the legal moves (or, for a null move,
 * the side to move may pass). Warnings compare what was written with the standard SAN of
 * the move found, so they can never disagree with what san_format_move writes. Blanks
 * around the move and Cyrillic look-alikes of file letters are dealt with around those
 * two steps (san_parse_move), and UCI is read with the same rules for them
 * (san_parse_uci_move). */
#include "san.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "error.h"
#include "fen.h"
#include "messages.h"
#include "nag.h"
#include "san_internal.h"
#include "uci.h"
#include "utf8.h"

static const char *const san_lang_names[SAN_LANG_NB] = {
	"en", "it", "es", "fr", "de", "nl", "ru", "figurine"
};

static const char *const san_lang_labels[SAN_LANG_NB] = {
	"English", "Italian", "Spanish", "French", "German", "Dutch", "Russian", "figurine"
};

/* Piece letters by language and piece type (PAWN has none); figurines by colour too. */
static const char *const san_letters[SAN_LANG_NB][COLOR_NB][PIECE_TYPE_NB] = {
	[SAN_LANG_EN] = { { "", "", "N", "B", "R", "Q", "K" }, { "", "", "N", "B", "R", "Q", "K" } },
	[SAN_LANG_IT] = { { "", "", "C", "A", "T", "D", "R" }, { "", "", "C", "A", "T", "D", "R" } },
	[SAN_LANG_ES] = { { "", "", "C", "A", "T", "D", "R" }, { "", "", "C", "A", "T", "D", "R" } },
	[SAN_LANG_FR] = { { "", "", "C", "F", "T", "D", "R" }, { "", "", "C", "F", "T", "D", "R" } },
	[SAN_LANG_DE] = { { "", "", "S", "L", "T", "D", "K" }, { "", "", "S", "L", "T", "D", "K" } },
	[SAN_LANG_NL] = { { "", "", "P", "L", "T", "D", "K" }, { "", "", "P", "L", "T", "D", "K" } },
	[SAN_LANG_RU] = { { "", "", "К", "С", "Л", "Ф", "Кр" }, { "", "", "К", "С", "Л", "Ф", "Кр" } },
	[SAN_LANG_FIGURINE] = { { "", "", "♘", "♗", "♖", "♕", "♔" }, { "", "", "♞", "♝", "♜", "♛", "♚" } },
};

static const char *const san_code_names[SAN_CODE_NB] = {
	[SAN_OK] = "ok",
	[SAN_ERR_EMPTY] = "empty_move",
	[SAN_ERR_MALFORMED] = "malformed_move",
	[SAN_ERR_NULL_MOVE_IN_CHECK] = "null_move_in_check",
	[SAN_ERR_AMBIGUOUS] = "ambiguous_move",
	[SAN_ERR_NO_SUCH_PIECE] = "no_such_piece",
	[SAN_ERR_PINNED] = "pinned_piece",
	[SAN_ERR_KING_IN_CHECK] = "king_in_check",
	[SAN_ERR_NO_CASTLING_RIGHT] = "no_castling_right",
	[SAN_ERR_CASTLING_IN_CHECK] = "castling_out_of_check",
	[SAN_ERR_CASTLING_THROUGH_CHECK] = "castling_through_check",
	[SAN_ERR_CASTLING_BLOCKED] = "castling_blocked",
	[SAN_ERR_PROMOTION_MISSING] = "promotion_missing",
	[SAN_ERR_PROMOTION_INVALID] = "promotion_invalid",
	[SAN_ERR_ILLEGAL] = "illegal_move",
	[SAN_WARN_CASTLING_ZEROS] = "castling_zeros",
	[SAN_WARN_COORDINATE_MOVE] = "coordinate_move",
	[SAN_WARN_PAWN_LETTER] = "pawn_letter",
	[SAN_WARN_MISSING_CAPTURE] = "missing_capture",
	[SAN_WARN_FALSE_CAPTURE] = "false_capture",
	[SAN_WARN_OVER_DISAMBIGUATED] = "over_disambiguated",
	[SAN_WARN_PROMOTION_FORM] = "promotion_form",
	[SAN_WARN_EN_PASSANT_SUFFIX] = "en_passant_suffix",
	[SAN_WARN_MISSING_CHECK] = "missing_check",
	[SAN_WARN_FALSE_CHECK] = "false_check",
	[SAN_WARN_ANNOTATION] = "annotation",
	[SAN_WARN_LETTER_CASE] = "letter_case",
	[SAN_WARN_GLYPH_ATTACHED] = "glyph_attached",
	[SAN_WARN_NULL_MOVE] = "null_move",
	[SAN_WARN_SURROUNDING_WHITESPACE] = "surrounding_whitespace",
	[SAN_WARN_CYRILLIC_FILE_LETTER] = "cyrillic_file_letter",
};

const char *san_lang_name(enum san_lang lang)
{
	return (unsigned)lang < SAN_LANG_NB ? san_lang_names[lang] : NULL;
}

const char *san_lang_label(enum san_lang lang)
{
	return (unsigned)lang < SAN_LANG_NB ? san_lang_labels[lang] : "";
}

int san_lang_parse(const char *name, enum san_lang *out)
{
	for (int i = 0; name && i < SAN_LANG_NB; i++) {
		if (strcmp(name, san_lang_names[i]) == 0) {
			*out = (enum san_lang)i;
			return 0;
		}
	}
	return -1;
}

const char *san_code_name(enum san_code code)
{
	return (unsigned)code < SAN_CODE_NB ? san_code_names[code] : "unknown";
}

bool san_code_is_warning(enum san_code code)
{
	return code >= SAN_WARN_CASTLING_ZEROS && code < SAN_CODE_NB;
}

const char *san_piece_letter(enum san_lang lang, enum color c, enum piece_type t)
{
	if ((unsigned)lang >= SAN_LANG_NB || (unsigned)c >= COLOR_NB || (unsigned)t >= PIECE_TYPE_NB)
		return "";
	return san_letters[lang][c][t];
}

/* ---- reading: taking the text apart ---- */

/* The parts of a move as written, before the board is looked at. Offsets are into the
 * caller's text; -1 means "not written". */
struct san_shape {
	int castle;                /* 0, 1 (O-O) or 2 (O-O-O) */
	bool castle_zeros, castle_lower;
	enum piece_type piece;     /* NO_PIECE_TYPE when no letter was written */
	bool pawn_letter;
	int piece_offset, piece_length;
	bool piece_case;           /* a piece letter in the wrong case */
	int from_file, from_rank;  /* 0..7 or -1 */
	int from_offset;
	char separator;            /* 0, 'x' or '-' */
	int separator_offset;
	int to;                    /* SQ_NONE for castling */
	int to_offset;
	bool square_case;          /* a file letter in upper case */
	int square_case_offset;
	enum piece_type promotion; /* NO_PIECE_TYPE when none */
	char promotion_form;       /* '=', 0 (bare), '(' or '/' */
	bool promotion_case;
	int promotion_offset, promotion_length;
	char check;                /* 0, '+' or '#' */
	int check_offset;
	bool ep_suffix;
	int ep_offset, ep_length;
	int nag_count;             /* glyphs glued on, in the order written */
	int nags[SAN_NAGS_MAX], nag_offsets[SAN_NAGS_MAX], nag_lengths[SAN_NAGS_MAX];
	int plus_glyph;            /* index of a "+=" written right after the move with no
				    * check mark: a check and "=" if the move checks; else -1 */
	int glyph_offset;          /* where the glyphs that end the text begin */
	bool null_move;            /* "--", "Z0", "0000", "@@@@", "null" */
	int core_offset, core_length; /* the move without check mark, e.p. and glyphs */
};

/* True when text[0..len) ends with suffix; the suffix must fit. */
static bool san_ends_with(const char *text, int len, const char *suffix)
{
	int n = (int)strlen(suffix);

	return len >= n && memcmp(text + len - n, suffix, (size_t)n) == 0;
}

/* What reading accepts as a piece letter in each language: the language's own letters,
 * the English ones that name no other piece there, and figurines of either colour, with
 * the longer tokens first ("Кр" before "К"). Filled once before main() runs, read-only
 * afterwards. */
struct san_token {
	char text[8];
	uint8_t length;
	uint8_t type;
};
#define SAN_TOKENS_MAX 24
static struct san_token san_tokens[SAN_LANG_NB][SAN_TOKENS_MAX];
static int san_token_count[SAN_LANG_NB];
/* The piece a lower-case ASCII letter names when written in the wrong case, or 0. */
static uint8_t san_lower_type[SAN_LANG_NB][26];
/* The piece an upper-case ASCII letter is in each language's own letters, or 0: a letter
 * with any is never a file at the start of a move (san_piece_start). */
static uint8_t san_upper_type[26][SAN_LANG_NB];

/* Does the English letter for type collide with a letter of lang naming another piece? */
static bool san_english_collides(enum san_lang lang, enum piece_type type)
{
	const char *en = san_letters[SAN_LANG_EN][WHITE][type];

	for (int t = KNIGHT; t <= KING; t++)
		if (t != (int)type && strcmp(san_letters[lang][WHITE][t], en) == 0)
			return true;
	return false;
}

static void san_add_token(enum san_lang lang, const char *text, enum piece_type type)
{
	struct san_token *tokens = san_tokens[lang];
	int n = san_token_count[lang], at = n;
	size_t length = strlen(text);

	for (int i = 0; i < n; i++)
		if (tokens[i].length == length && memcmp(tokens[i].text, text, length) == 0)
			return;
	while (at > 0 && tokens[at - 1].length < length)
		at--;
	memmove(tokens + at + 1, tokens + at, sizeof *tokens * (size_t)(n - at));
	memcpy(tokens[at].text, text, length);
	tokens[at].length = (uint8_t)length;
	tokens[at].type = (uint8_t)type;
	san_token_count[lang] = n + 1;
}

__attribute__((constructor)) static void san_init_tokens(void)
{
	for (int lang = 0; lang < SAN_LANG_NB; lang++) {
		san_token_count[lang] = 0;
		memset(san_lower_type[lang], 0, sizeof san_lower_type[lang]);
		for (int t = KNIGHT; t <= KING; t++) {
			const char *own = san_letters[lang][WHITE][t], *en = san_letters[SAN_LANG_EN][WHITE][t];
			bool en_ok = !san_english_collides((enum san_lang)lang, (enum piece_type)t);
			san_add_token((enum san_lang)lang, own, (enum piece_type)t);
			if (en_ok)
				san_add_token((enum san_lang)lang, en, (enum piece_type)t);
			san_add_token((enum san_lang)lang, san_letters[SAN_LANG_FIGURINE][WHITE][t], (enum piece_type)t);
			san_add_token((enum san_lang)lang, san_letters[SAN_LANG_FIGURINE][BLACK][t], (enum piece_type)t);
			if (own[0] >= 'A' && own[0] <= 'Z' && !own[1]) {
				san_lower_type[lang][own[0] - 'A'] = (uint8_t)t;
				san_upper_type[own[0] - 'A'][lang] = (uint8_t)t;
			}
			if (en_ok && !san_lower_type[lang][en[0] - 'A'])
				san_lower_type[lang][en[0] - 'A'] = (uint8_t)t;
		}
	}
}

/* Reads a piece letter at text (len bytes available) in lang: the language's letters,
 * the English ones that do not collide, and figurines of either colour. Returns the bytes
 * used (0 for none); *wrong_case is set for a lower-case ASCII letter that is no file
 * (or, with allow_file_letters, also one that is). */
static int san_read_piece(const char *text, int len, enum san_lang lang, bool allow_file_letters,
			  enum piece_type *type, bool *wrong_case)
{
	const struct san_token *tokens = san_tokens[lang];

	*wrong_case = false;
	if (len < 1)
		return 0;
	for (int i = 0; i < san_token_count[lang]; i++) {
		if (tokens[i].text[0] == text[0] && tokens[i].length <= len &&
		    memcmp(text, tokens[i].text, tokens[i].length) == 0) {
			*type = (enum piece_type)tokens[i].type;
			return tokens[i].length;
		}
	}
	/* "nf3": a lower-case letter is read as a piece only where it cannot be a file. */
	if (text[0] >= 'a' && text[0] <= 'z' && (allow_file_letters || text[0] > 'h') &&
	    san_lower_type[lang][text[0] - 'a']) {
		*type = (enum piece_type)san_lower_type[lang][text[0] - 'a'];
		*wrong_case = true;
		return 1;
	}
	return 0;
}

/* Is c, at the start of a move, a piece letter of some language ("Cc3", "D4"), and so no
 * file written in upper case? Then says in e what it is where, and returns true. */
static bool san_piece_start(char c, enum san_lang lang, enum msg_lang ml, struct san_issue *e, int length)
	__attribute__((cold));

/* Does lang use the letter P for a piece (Dutch: paard)? Then "P" is no pawn letter. */
static bool san_p_is_piece(enum san_lang lang)
{
	for (int t = KNIGHT; t <= KING; t++)
		if (strcmp(san_letters[lang][WHITE][t], "P") == 0)
			return true;
	return false;
}

static bool san_is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool san_is_upper_file(char c) { return c >= 'A' && c <= 'H'; }
static bool san_is_rank(char c) { return c >= '1' && c <= '8'; }

/* The catalogue's words follow piece types and SAN languages in their order. */
_Static_assert(MSG_MOVES_W_KING - MSG_MOVES_W_PAWN == KING - PAWN &&
	       MSG_MOVES_W_THE_KING - MSG_MOVES_W_THE_PAWN == KING - PAWN &&
	       MSG_MOVES_W_NO_WHITE_KING - MSG_MOVES_W_NO_WHITE_PAWN == KING - PAWN &&
	       MSG_MOVES_W_NO_BLACK_PAWN - MSG_MOVES_W_NO_WHITE_PAWN == KING - PAWN + 1 &&
	       MSG_MOVES_W_LANG_FIGURINE - MSG_MOVES_W_LANG_EN == SAN_LANG_FIGURINE && SAN_LANG_EN == 0,
	       "the moves' words are out of order");

/* A piece type's name (MSG_MOVES_W_PAWN...), and with its article (MSG_MOVES_W_THE_PAWN...). */
static const char *san_piece_name(enum piece_type t, enum msg_lang ml)
{
	return msg_text((enum msg_id)(MSG_MOVES_W_PAWN + t - PAWN), ml);
}

static const char *san_the_piece(enum piece_type t, enum msg_lang ml)
{
	return msg_text((enum msg_id)(MSG_MOVES_W_THE_PAWN + t - PAWN), ml);
}

/* A notation's name as in "the %s piece letters". */
static const char *san_lang_word(enum san_lang lang, enum msg_lang ml)
{
	return msg_text((enum msg_id)(MSG_MOVES_W_LANG_EN + lang), ml);
}

/* The side to move as a subject: "White", "il Bianco". */
static const char *san_side(const struct position *pos, enum msg_lang ml)
{
	return msg_text(pos->turn == WHITE ? MSG_W_WHITE : MSG_W_BLACK, ml);
}

/* Fills e as an error; returns its code. */
static enum san_code san_fail(struct san_issue *e, enum msg_lang ml, enum san_code code, int offset, int length,
			      enum msg_id id, ...);

static enum san_code san_fail(struct san_issue *e, enum msg_lang ml, enum san_code code, int offset, int length,
			      enum msg_id id, ...)
{
	va_list ap;

	e->code = code;
	e->offset = offset;
	e->length = length;
	e->given[0] = e->became[0] = '\0';
	va_start(ap, id);
	vsnprintf(e->message, sizeof e->message, msg_text(id, ml), ap);
	va_end(ap);
	/* Messages quote the move text, which may be any bytes, and may be cut mid-letter. */
	utf8_sanitize(e->message);
	return code;
}

/* Copies len bytes of text into a value field, cut to fit (never inside a UTF-8
 * character, so the field stays text). */
static void san_copy_value(char out[SAN_VALUE_MAX], const char *text, int len)
{
	if (len < 0)
		len = 0;
	if (len > SAN_VALUE_MAX - 1) {
		len = SAN_VALUE_MAX - 1;
		while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
			len--;
	}
	memcpy(out, text, (size_t)len);
	out[len] = '\0';
	utf8_sanitize(out);
}

static bool san_piece_start(char c, enum san_lang lang, enum msg_lang ml, struct san_issue *e, int length)
{
	const uint8_t *types = san_upper_type[c - 'A'];
	char where[SAN_MESSAGE_MAX] = "";
	size_t used = 0;

	/* "the knight in Italian, Spanish and French", a piece type at a time */
	for (int t = KNIGHT; t <= KING; t++) {
		int count = 0, total = 0;
		for (int l = 0; l < SAN_LANG_NB; l++)
			total += types[l] == t;
		if (!total)
			continue;
		if (used)
			used += (size_t)snprintf(where + used, sizeof where - used, "; ");
		if (used < sizeof where) {
			error_message(where + used, sizeof where - used, ml, MSG_MOVES_W_PIECE_IN,
				      san_the_piece((enum piece_type)t, ml));
			used += strlen(where + used);
		}
		for (int l = 0; l < SAN_LANG_NB && used < sizeof where; l++)
			if (types[l] == t)
				used += (size_t)snprintf(where + used, sizeof where - used, "%s%s",
							 !count++ ? " " : count == total ? msg_text(MSG_W_AND, ml) : ", ",
							 san_lang_word((enum san_lang)l, ml));
		if (used >= sizeof where)
			used = sizeof where - 1;
	}
	if (!used)
		return false;
	san_fail(e, ml, SAN_ERR_MALFORMED, 0, length, MSG_MOVES_PIECE_LETTER, c, san_lang_word(lang, ml),
		 c - 'A' + 'a', c, where);
	return true;
}

/* The spellings of the null move: PGN readers' "--" and "Z0", UCI's "0000", and what
 * python-chess and others also accept. */
static const char *const san_null_spellings[] = { "--", "Z0", "0000", "@@@@", "null" };

/* Is the glyph nag among those already read? */
static bool san_has_nag(const struct san_shape *s, int nag)
{
	for (int i = 0; i < s->nag_count; i++)
		if (s->nags[i] == nag)
			return true;
	return false;
}

/* Does text[0..end) look like a pawn reaching the last rank, written without its
 * promotion piece: no piece letter, and a destination on rank 1 or 8? */
static bool san_pawn_on_last_rank(const char *text, int end, enum san_lang lang)
{
	enum piece_type type;
	bool wrong_case;

	return end >= 2 && (text[end - 1] == '1' || text[end - 1] == '8') &&
	       !san_read_piece(text, end, lang, false, &type, &wrong_case);
}

/* Is the glyph of glyph_length bytes that ends text[0..end) one, given what stands before
 * it? A '=' after a pawn reaching the last rank is that promotion's sign ("e8=", which
 * then lacks its piece), and so is an 'N' (the knight of "e8N", "e8=N"); an 'N' is the
 * novelty only after a square, a promotion's piece, a check mark or another glyph
 * ("Nf3N", "e8=QN", "Bxc6+N"). */
static bool san_glyph_fits(const char *text, int end, int glyph_length, enum san_lang lang)
{
	int before = end - glyph_length;
	unsigned char prev = (unsigned char)text[before - 1];
	bool promoted = before >= 2 && prev >= 'A' && prev <= 'Z' && (text[before - 2] == '=' || text[before - 2] == '/');

	if (text[before] == '=' && san_pawn_on_last_rank(text, before, lang))
		return false;
	if (glyph_length == 1 && text[before] == 'N')
		return (san_is_rank((char)prev) || promoted || (prev && strchr("+#!?)", prev)) || prev >= 0x80) &&
		       !san_pawn_on_last_rank(text, before, lang);
	return true;
}

/* Where the last count characters of text[0..end) begin (UTF-8 continuation bytes do not
 * count): a message quotes them whole. */
static int san_chars_back(const char *text, int end, int count)
{
	int at = end;

	while (at > 0 && count > 0) {
		at--;
		if (((unsigned char)text[at] & 0xC0) != 0x80)
			count--;
	}
	return at;
}

/* Moves *end back over the blanks before it (a suffix written apart: "e4 !", "Nf3 +",
 * as /convert glues them to their move), and *glyph_offset with it when it stood at *end.
 * glyph_offset may be NULL. */
static void san_skip_blanks(const char *text, int *end, int *glyph_offset)
{
	int at = *end;

	while (at > 1 && (text[at - 1] == ' ' || text[at - 1] == '\t'))
		at--;
	if (glyph_offset && *glyph_offset == *end)
		*glyph_offset = at;
	*end = at;
}

/* Takes text apart into s. Offsets are relative to text, which has been trimmed. */
static enum san_code san_shape_read(const char *text, int len, enum san_lang lang, enum msg_lang ml,
				    struct san_shape *s, struct san_issue *e)
{
	int end = len, p = 0;
	bool changed = true;

	memset(s, 0, sizeof *s);
	s->piece = s->promotion = NO_PIECE_TYPE;
	s->from_file = s->from_rank = -1;
	s->to = SQ_NONE;
	s->from_offset = s->separator_offset = s->to_offset = -1;

	/* Suffixes, in whatever order they were written: glyphs, check mark, e.p. */
	s->plus_glyph = -1;
	s->glyph_offset = len;
	while (changed && end > 0) {
		size_t glyph_length;
		int nag = s->nag_count < SAN_NAGS_MAX ? nag_glued_suffix(text, (size_t)end, &glyph_length) : 0;
		changed = false;
		if (nag && (int)glyph_length < end && !san_has_nag(s, nag) &&
		    san_glyph_fits(text, end, (int)glyph_length, lang)) {
			int n = s->nag_count++;
			/* read from the end: the glyphs before it come later */
			memmove(s->nags + 1, s->nags, sizeof *s->nags * (size_t)n);
			memmove(s->nag_offsets + 1, s->nag_offsets, sizeof *s->nag_offsets * (size_t)n);
			memmove(s->nag_lengths + 1, s->nag_lengths, sizeof *s->nag_lengths * (size_t)n);
			s->nags[0] = nag;
			s->nag_lengths[0] = (int)glyph_length;
			s->nag_offsets[0] = end - (int)glyph_length;
			if (s->glyph_offset == end)
				s->glyph_offset = s->nag_offsets[0];
			end = s->nag_offsets[0];
			san_skip_blanks(text, &end, &s->glyph_offset);
			changed = true;
			continue;
		}
		if (!s->check && end > 0 && (text[end - 1] == '+' || text[end - 1] == '#')) {
			s->check = text[end - 1];
			s->check_offset = --end;
			san_skip_blanks(text, &end, NULL);
			changed = true;
		}
		if (!s->ep_suffix && end > 2 && (text[end - 1] == '.' || text[end - 1] == 'p')) {
			static const char *const eps[] = { "e.p.", "ep" };
			for (size_t i = 0; i < 2; i++) {
				int n = (int)strlen(eps[i]), before = end - n - 1;
				if (before >= 1 && text[before] == ' ')
					before--;
				if (before >= 0 && san_ends_with(text, end, eps[i]) && san_is_rank(text[before])) {
					s->ep_suffix = true;
					s->ep_offset = before + 1;
					s->ep_length = end - s->ep_offset;
					end = s->ep_offset;
					changed = true;
					break;
				}
			}
		}
	}
	/* "+=" right after the move, with no check mark: the board decides (san_parse_trimmed). */
	for (int i = 0; i < s->nag_count && !s->check; i++)
		if (s->nag_offsets[i] == end && s->nag_lengths[i] == 2 && !memcmp(text + end, "+=", 2))
			s->plus_glyph = i;
	s->core_offset = 0;
	s->core_length = end;
	if (end == 0)
		return san_fail(e, ml, len ? SAN_ERR_MALFORMED : SAN_ERR_EMPTY, 0, len, len ? MSG_MOVES_NO_MOVE_BEFORE_SUFFIX :
				MSG_MOVES_EMPTY);

	/* Null moves, which PGN readers and engines write though no rule of chess has them. */
	for (size_t i = 0; i < sizeof san_null_spellings / sizeof san_null_spellings[0]; i++) {
		if ((int)strlen(san_null_spellings[i]) == end && !memcmp(text, san_null_spellings[i], (size_t)end)) {
			s->null_move = true;
			return SAN_OK;
		}
	}

	/* Castling. */
	if (text[0] == 'O' || text[0] == '0' || text[0] == 'o') {
		static const struct { const char *text; int castle; bool zeros, lower; } castles[] = {
			{ "O-O-O", 2, false, false }, { "O-O", 1, false, false },
			{ "0-0-0", 2, true, false }, { "0-0", 1, true, false },
			{ "o-o-o", 2, false, true }, { "o-o", 1, false, true },
		};
		for (size_t i = 0; i < sizeof castles / sizeof castles[0]; i++) {
			if ((int)strlen(castles[i].text) == end && memcmp(text, castles[i].text, (size_t)end) == 0) {
				s->castle = castles[i].castle;
				s->castle_zeros = castles[i].zeros;
				s->castle_lower = castles[i].lower;
				return SAN_OK;
			}
		}
	}

	/* The piece: a letter of the language, 'P' for a pawn, a file letter in upper case,
	 * or nothing (a pawn). */
	{
		bool wrong_case;
		int n = san_read_piece(text, end, lang, false, &s->piece, &wrong_case);
		if (n) {
			s->piece_offset = 0;
			s->piece_length = n;
			s->piece_case = wrong_case;
			p = n;
		} else if (text[0] == 'P' && !san_p_is_piece(lang)) {
			s->pawn_letter = true;
			s->piece_offset = 0;
			s->piece_length = 1;
			p = 1;
		}
	}

	/* The promotion, read from the end: "=Q", "(Q)", "/Q" or a bare "Q". */
	{
		int q = end;
		bool paren = q > p && text[q - 1] == ')';
		if (paren)
			q--;
		for (int n = 1; n <= 4 && q - n > p; n++) {
			enum piece_type t;
			bool wrong_case;
			char before = text[q - n - 1];
			if (san_read_piece(text + q - n, n, lang, true, &t, &wrong_case) != n)
				continue;
			if (wrong_case && n != 1)
				continue;
			/* a lone lower-case file letter after a rank digit can only be a promotion */
			s->promotion = t;
			s->promotion_case = wrong_case;
			s->promotion_length = n;
			if (paren) {
				if (before != '(')
					return san_fail(e, ml, SAN_ERR_MALFORMED, q - n, n + 1, MSG_MOVES_PAREN_UNOPENED);
				s->promotion_form = '(';
				s->promotion_offset = q - n - 1;
				s->promotion_length += 2;
				end = q - n - 1;
			} else if (before == '=' || before == '/') {
				s->promotion_form = before;
				s->promotion_offset = q - n - 1;
				s->promotion_length += 1;
				end = q - n - 1;
			} else if (san_is_rank(before)) {
				s->promotion_form = 0;
				s->promotion_offset = q - n;
				end = q - n;
			} else {
				s->promotion = NO_PIECE_TYPE;
				s->promotion_length = 0;
				continue;
			}
			break;
		}
		if (paren && s->promotion == NO_PIECE_TYPE)
			return san_fail(e, ml, SAN_ERR_MALFORMED, end - 1, 1, MSG_MOVES_PAREN_NO_PROMOTION);
		if (s->promotion == NO_PIECE_TYPE && end > p && (text[end - 1] == '=' || text[end - 1] == '/'))
			return san_fail(e, ml, SAN_ERR_PROMOTION_INVALID, end - 1, 1, MSG_MOVES_PROMOTION_NO_PIECE,
					text[end - 1]);
		if (s->promotion == NO_PIECE_TYPE && end - 1 > p && text[end - 1] == 'P' && san_is_rank(text[end - 2]))
			return san_fail(e, ml, SAN_ERR_PROMOTION_INVALID, end - 1, 1, MSG_MOVES_PROMOTION_PAWN);
		if (s->promotion == NO_PIECE_TYPE && end - 2 > p && text[end - 1] == 'P' &&
		    (text[end - 2] == '=' || text[end - 2] == '/'))
			return san_fail(e, ml, SAN_ERR_PROMOTION_INVALID, end - 2, 2, MSG_MOVES_PROMOTION_PAWN);
	}

	/* What is left is [file][rank][x|-]<file><rank>, ASCII only. */
	if (end - p < 2)
		return san_fail(e, ml, SAN_ERR_MALFORMED, p, end - p, MSG_MOVES_NO_DESTINATION);
	{
		int q = end - 2;
		char f = text[q], r = text[q + 1];
		if (q == 0 && san_is_upper_file(f) && san_piece_start(f, lang, ml, e, end))
			return e->code;
		if (san_is_upper_file(f)) {
			s->square_case = true;
			s->square_case_offset = q;
			f = (char)(f - 'A' + 'a');
		}
		if (!san_is_file(f) || !san_is_rank(r)) {
			/* quote the last two characters as written, however many bytes they are */
			int at = san_chars_back(text, end, 2);
			if (at < p)
				at = p;
			return san_fail(e, ml, SAN_ERR_MALFORMED, at, end - at,
					MSG_MOVES_NOT_A_SQUARE, end - at, text + at);
		}
		s->to = square_make(f - 'a', r - '1');
		s->to_offset = q;
		if (q > p && (text[q - 1] == 'x' || text[q - 1] == '-' || text[q - 1] == ':')) {
			s->separator = text[q - 1] == '-' ? '-' : 'x';
			s->separator_offset = --q;
			if (text[q] == ':')
				return san_fail(e, ml, SAN_ERR_MALFORMED, q, 1, MSG_MOVES_COLON_CAPTURE);
		}
		if (q > p && san_is_rank(text[q - 1])) {
			s->from_rank = text[q - 1] - '1';
			s->from_offset = --q;
		}
		if (q > p) {
			f = text[q - 1];
			if (q == 1 && san_is_upper_file(f) && san_piece_start(f, lang, ml, e, end))
				return e->code;
			if (san_is_upper_file(f)) {
				s->square_case = true;
				s->square_case_offset = q - 1;
				f = (char)(f - 'A' + 'a');
			}
			if (san_is_file(f)) {
				s->from_file = f - 'a';
				s->from_offset = --q;
			}
		}
		if (q > p)
			return san_fail(e, ml, SAN_ERR_MALFORMED, p, q - p, MSG_MOVES_BEFORE_DESTINATION,
					q - p, text + p);
	}
	if (s->separator == '-' && (s->from_file < 0 || s->from_rank < 0))
		return san_fail(e, ml, SAN_ERR_MALFORMED, s->separator_offset, 1,
				MSG_MOVES_DASH_NEEDS_ORIGIN);
	if (s->promotion == KING)
		return san_fail(e, ml, SAN_ERR_PROMOTION_INVALID, s->promotion_offset, s->promotion_length,
				MSG_MOVES_PROMOTION_KING);
	return SAN_OK;
}

/* ---- reading: finding the move ---- */

/* Why no legal castle fits: the right, the king's safety, the squares in between. */
static enum san_code san_castling_error(const struct position *pos, int side, enum msg_lang ml, struct san_issue *e,
					int len)
{
	enum color us = (enum color)pos->turn;
	enum castling_right right = (enum castling_right)(us == WHITE ? (side == 1 ? CASTLE_WHITE_KING : CASTLE_WHITE_QUEEN)
								   : (side == 1 ? CASTLE_BLACK_KING : CASTLE_BLACK_QUEEN));
	const char *name = side == 1 ? "O-O" : "O-O-O";
	int king = position_king_square(pos, us), rook, king_to, rook_to, back = us == WHITE ? 0 : 7;
	bitboard occupied = position_occupied(pos), path, need_empty;

	if (!(pos->castling & right))
		return san_fail(e, ml, SAN_ERR_NO_CASTLING_RIGHT, 0, len, side == 1 ? MSG_MOVES_NO_CASTLING_KINGSIDE : MSG_MOVES_NO_CASTLING_QUEENSIDE,
				msg_text(us == WHITE ? MSG_W_WHITE : MSG_W_BLACK, ml));
	if (position_in_check(pos))
		return san_fail(e, ml, SAN_ERR_CASTLING_IN_CHECK, 0, len, MSG_MOVES_CASTLING_IN_CHECK, name);
	rook = pos->castling_rook[castling_right_index(right)];
	king_to = square_make(side == 1 ? 6 : 2, back);
	rook_to = square_make(side == 1 ? 5 : 3, back);
	need_empty = (attacks_between(king, king_to) | bb_square(king_to) | attacks_between(rook, rook_to) |
		      bb_square(rook_to)) & ~bb_square(king) & ~bb_square(rook);
	if (occupied & need_empty)
		return san_fail(e, ml, SAN_ERR_CASTLING_BLOCKED, 0, len, MSG_MOVES_CASTLING_BLOCKED, name);
	path = attacks_between(king, king_to) | bb_square(king_to);
	occupied &= ~bb_square(rook);
	while (path) {
		int sq = bb_pop_lsb(&path);
		if (position_is_attacked(pos, sq, (enum color)!us, occupied & ~bb_square(king))) {
			char sqname[3];
			fen_format_square(sq, sqname);
			return san_fail(e, ml, SAN_ERR_CASTLING_THROUGH_CHECK, 0, len,
					MSG_MOVES_CASTLING_THROUGH_CHECK, name, sqname);
		}
	}
	return san_fail(e, ml, SAN_ERR_ILLEGAL, 0, len, MSG_MOVES_CASTLING_ILLEGAL, name);
}

/* Squares from which a piece of type t and colour us could reach to, ignoring whether
 * the move leaves the king in check (the pawn's push geometry included). */
static bitboard san_reachers(const struct position *pos, enum piece_type t, int to, bool straight_only, bool *capture_target)
{
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	bitboard occupied = position_occupied(pos), ours = position_pieces(pos, us, t), from = 0;

	if (t != PAWN)
		return attacks_of(t, to, occupied) & ours;
	/* pushes: one step, or two from the home rank over an empty square */
	if (!(occupied & bb_square(to))) {
		int one = us == WHITE ? to - 8 : to + 8;
		if (one >= 0 && one < 64) {
			if (ours & bb_square(one))
				from |= bb_square(one);
			else if (!(occupied & bb_square(one))) {
				int two = us == WHITE ? to - 16 : to + 16;
				if (two >= 0 && two < 64 && square_rank(two) == (us == WHITE ? 1 : 6) && (ours & bb_square(two)))
					from |= bb_square(two);
			}
		}
	}
	*capture_target = (pos->by_color[them] & bb_square(to)) || (pos->ep_square != SQ_NONE && to == pos->ep_square);
	if (!straight_only && *capture_target)
		from |= attacks_pawn(them, to) & ours;
	return from;
}

/* Why none of the pieces the text names can make its move. */
static enum san_code san_illegal_error(const struct position *pos, const struct san_shape *s, int len,
				       enum msg_lang ml, struct san_issue *e)
{
	enum color us = (enum color)pos->turn;
	enum piece_type t = s->piece == NO_PIECE_TYPE ? PAWN : s->piece;
	bool capture_target = false;
	bitboard from = san_reachers(pos, t, s->to, t == PAWN && s->from_file < 0, &capture_target);
	bitboard occupied = position_occupied(pos);
	int king = position_king_square(pos, us);
	char to_name[3];

	fen_format_square(s->to, to_name);
	if (s->from_file >= 0)
		from &= bb_file(s->from_file);
	if (s->from_rank >= 0)
		from &= bb_rank(s->from_rank);
	if (!from) {
		if (t == PAWN && s->from_file < 0) {
			bitboard capturers = attacks_pawn((enum color)!us, s->to) & position_pieces(pos, us, PAWN);
			if (capture_target && capturers)
				return san_fail(e, ml, SAN_ERR_NO_SUCH_PIECE, 0, len,
						MSG_MOVES_NO_PAWN_STRAIGHT,
						msg_text(us == WHITE ? MSG_MOVES_W_NO_WHITE_PAWN : MSG_MOVES_W_NO_BLACK_PAWN, ml), to_name,
						'a' + square_file(bb_lsb(capturers)), to_name);
		}
		return san_fail(e, ml, SAN_ERR_NO_SUCH_PIECE, 0, len, MSG_MOVES_NO_SUCH_PIECE,
				msg_text((enum msg_id)((us == WHITE ? MSG_MOVES_W_NO_WHITE_PAWN : MSG_MOVES_W_NO_BLACK_PAWN) + t - PAWN), ml),
				to_name);
	}
	if (pos->by_color[us] & bb_square(s->to))
		return san_fail(e, ml, SAN_ERR_ILLEGAL, s->to_offset, 2, us == WHITE ? MSG_MOVES_OCCUPIED_WHITE : MSG_MOVES_OCCUPIED_BLACK, to_name);
	if (t == KING)
		return san_fail(e, ml, SAN_ERR_KING_IN_CHECK, 0, len, MSG_MOVES_KING_WOULD_BE_IN_CHECK, to_name);
	{
		/* A piece is pinned when taking it off the board lets a slider see the king. */
		bitboard before = position_attackers_to(pos, king, occupied) & pos->by_color[!us];
		bitboard f = from;
		while (f) {
			int sq = bb_pop_lsb(&f);
			bitboard after = position_attackers_to(pos, king, occupied & ~bb_square(sq)) & pos->by_color[!us];
			if ((after & ~before) && !(attacks_line(king, sq) & bb_square(s->to) && !before)) {
				char from_name[3];
				fen_format_square(sq, from_name);
				return san_fail(e, ml, SAN_ERR_PINNED, 0, len, MSG_MOVES_PINNED,
						san_the_piece(t, ml), from_name);
			}
		}
		if (before)
			return san_fail(e, ml, SAN_ERR_KING_IN_CHECK, 0, len, MSG_MOVES_STILL_IN_CHECK);
	}
	if (t == PAWN && s->to == pos->ep_square)
		return san_fail(e, ml, SAN_ERR_PINNED, 0, len, MSG_MOVES_EP_EXPOSES_KING);
	return san_fail(e, ml, SAN_ERR_ILLEGAL, 0, len, MSG_MOVES_NOT_LEGAL);
}

/* Adds a warning unless its code is already there; strict reading stops at the first. */
static bool san_warn(struct san_parse_result *out, enum san_code code, int offset, int length, const char *given,
		     int given_length, const char *became, enum msg_id id, ...);

static bool san_warn(struct san_parse_result *out, enum san_code code, int offset, int length, const char *given,
		     int given_length, const char *became, enum msg_id id, ...)
{
	struct san_issue *w;
	va_list ap;

	for (int i = 0; i < out->warning_count; i++)
		if (out->warnings[i].code == code)
			return false;
	if (out->warning_count >= SAN_WARNINGS_MAX)
		return false;
	w = &out->warnings[out->warning_count++];
	w->code = code;
	w->offset = offset;
	w->length = length;
	san_copy_value(w->given, given, given_length);
	san_copy_value(w->became, became, (int)strlen(became));
	va_start(ap, id);
	vsnprintf(w->message, sizeof w->message, msg_text(id, out->msg_lang), ap);
	va_end(ap);
	utf8_sanitize(w->message);
	return true;
}

/* The warnings of the glyphs glued to a move: annotation for the move suffixes (NAGs
 * 1-6), glyph_attached for the others, all of these in one warning. */
static void san_compare_glyphs(const struct san_shape *s, const char *text, struct san_parse_result *out)
{
	int first = -1, last = -1, count = 0;
	char became[SAN_VALUE_MAX] = "";
	size_t used = 0;

	for (int i = 0; i < s->nag_count; i++) {
		int nag = s->nags[i], offset = s->nag_offsets[i], length = s->nag_lengths[i];
		if (nag <= 6) {
			char suffix[16];
			snprintf(suffix, sizeof suffix, "$%d", nag);
			san_warn(out, SAN_WARN_ANNOTATION, offset, length, text + offset, length, suffix,
				 MSG_MOVES_ANNOTATION, length,
				 text + offset, nag);
			continue;
		}
		if (first < 0)
			first = i;
		last = i;
		count++;
		used += (size_t)snprintf(became + used, sizeof became - used, "%s$%d", used ? " " : "", nag);
	}
	if (first >= 0) {
		int offset = s->nag_offsets[first];
		int length = s->nag_offsets[last] + s->nag_lengths[last] - offset;
		san_warn(out, SAN_WARN_GLYPH_ATTACHED, offset, length, text + offset, length, became,
			 count > 1 ? MSG_MOVES_GLYPHS : MSG_MOVES_GLYPH,
			 length, text + offset, became);
	}
}

/* The warnings of a found move: everything written differently from its standard SAN. */
static void san_compare(const struct position *pos, const struct move_list *legal, move m, const struct san_shape *s,
			const char *text, enum san_lang lang, struct san_parse_result *out)
{
	char body[SAN_MAX], full[SAN_MAX];
	size_t body_length = san_format_body(pos, legal, m, lang, SAN_STYLE_SAN, body);
	char mark = san_check_mark(pos, m);
	enum move_kind kind = move_kind_of(m);
	bool capture = m != MOVE_NULL && (kind == MOVE_EN_PASSANT ||
					  (kind != MOVE_CASTLING && pos->board[move_to(m)] != NO_PIECE));
	const char *core = text + s->core_offset;
	int core_length = s->core_length;
	bool file = false, rank = false, coordinate = false;

	if (m != MOVE_NULL) {
		san_disambiguation(pos, legal, m, &file, &rank);
		/* Both squares where SAN needs less, a '-' between them, or no letter for a piece. */
		coordinate = s->from_file >= 0 && s->from_rank >= 0 &&
			     (s->separator == '-' || !(file && rank) ||
			      (s->piece == NO_PIECE_TYPE && !s->pawn_letter &&
			       piece_type_of(pos->board[move_from(m)]) != PAWN));
	}
	memcpy(full, body, body_length + 1);
	if (mark) {
		full[body_length] = mark;
		full[body_length + 1] = '\0';
	}
	if (m == MOVE_NULL) {
		san_warn(out, SAN_WARN_NULL_MOVE, 0, core_length, core, core_length, body,
			 MSG_MOVES_NULL_MOVE, core_length, core, san_side(pos, out->msg_lang), body);
	} else if (s->castle) {
		if (s->castle_zeros)
			san_warn(out, SAN_WARN_CASTLING_ZEROS, 0, core_length, core, core_length, body,
				 MSG_MOVES_CASTLING_ZEROS, body);
		if (s->castle_lower)
			san_warn(out, SAN_WARN_LETTER_CASE, 0, core_length, core, core_length, body,
				 MSG_MOVES_CASTLING_CASE, body);
	} else {
		if (coordinate)
			san_warn(out, SAN_WARN_COORDINATE_MOVE, 0, core_length, core, core_length, body,
				 MSG_MOVES_COORDINATE, core_length, core, body);
		if (s->pawn_letter)
			san_warn(out, SAN_WARN_PAWN_LETTER, s->piece_offset, 1, core, core_length, body,
				 MSG_MOVES_PAWN_LETTER, body);
		if (!coordinate || s->separator) {
			if (capture && s->separator != 'x')
				san_warn(out, SAN_WARN_MISSING_CAPTURE, s->to_offset, 2, core, core_length, body,
					 MSG_MOVES_MISSING_CAPTURE, body);
			if (!capture && s->separator == 'x')
				san_warn(out, SAN_WARN_FALSE_CAPTURE, s->separator_offset, 1, core, core_length, body,
					 MSG_MOVES_FALSE_CAPTURE, body);
		}
		if (!coordinate) {
			if ((s->from_file >= 0 && !file) || (s->from_rank >= 0 && !rank))
				san_warn(out, SAN_WARN_OVER_DISAMBIGUATED, s->from_offset,
					 (s->from_file >= 0) + (s->from_rank >= 0), core, core_length, body,
					 MSG_MOVES_OVER_DISAMBIGUATED, body);
			if (s->promotion != NO_PIECE_TYPE && s->promotion_form != '=')
				san_warn(out, SAN_WARN_PROMOTION_FORM, s->promotion_offset, s->promotion_length, core,
					 core_length, body, MSG_MOVES_PROMOTION_FORM, body);
			if (s->piece_case || s->square_case || s->promotion_case)
				san_warn(out, SAN_WARN_LETTER_CASE,
					 s->piece_case ? s->piece_offset : s->square_case ? s->square_case_offset
										 : s->promotion_offset,
					 1, core, core_length, body,
					 MSG_MOVES_LETTER_CASE, body);
		}
	}
	if (s->ep_suffix) {
		char given[SAN_VALUE_MAX];
		snprintf(given, sizeof given, "%.*s", s->ep_offset + s->ep_length - s->core_offset, core);
		san_warn(out, SAN_WARN_EN_PASSANT_SUFFIX, s->ep_offset, s->ep_length, given, (int)strlen(given), body,
			 MSG_MOVES_EP_SUFFIX, body);
	}
	if (mark != s->check) {
		char given[SAN_VALUE_MAX];
		snprintf(given, sizeof given, "%.*s%s", core_length, core, s->check ? (s->check == '+' ? "+" : "#") : "");
		if (mark && !s->check)
			san_warn(out, SAN_WARN_MISSING_CHECK, s->core_offset + core_length, 0, given, (int)strlen(given), full,
				 mark == '#' ? MSG_MOVES_MISSING_MATE : MSG_MOVES_MISSING_CHECK,
				 full);
		else
			san_warn(out, SAN_WARN_FALSE_CHECK, s->check_offset, 1, given, (int)strlen(given), full,
				 !mark ? MSG_MOVES_FALSE_CHECK : mark == '#' ? MSG_MOVES_CHECK_FOR_MATE : MSG_MOVES_MATE_FOR_CHECK,
				 s->check, full);
	}
	san_compare_glyphs(s, text, out);
}

/* san_parse_move on text without surrounding blanks, strictness left to the caller;
 * offsets are relative to text. */
static enum san_code san_parse_trimmed(const struct position *pos, const char *text, int len, enum san_lang lang,
				       enum san_lang wlang, struct san_parse_result *out)
{
	struct move_list legal;
	struct san_shape s;
	enum san_code rc;
	enum piece_type t;
	move found = MOVE_NONE;

	if (len > SAN_INPUT_MAX)
		return san_fail(&out->error, out->msg_lang, SAN_ERR_MALFORMED, SAN_INPUT_MAX, len - SAN_INPUT_MAX,
				MSG_MOVES_TOO_LONG, len, SAN_INPUT_MAX);
	for (int i = 0; i < len; i++)
		if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f)
			return san_fail(&out->error, out->msg_lang, SAN_ERR_MALFORMED, i, 1, MSG_MOVES_CONTROL_CHARACTER,
					(unsigned char)text[i]);
	if (len == 0)
		return san_fail(&out->error, out->msg_lang, SAN_ERR_EMPTY, 0, 0, MSG_MOVES_EMPTY);
	rc = san_shape_read(text, len, lang, out->msg_lang, &s, &out->error);
	if (rc != SAN_OK)
		return rc;
	if (s.null_move) {
		if (!position_null_move_legal(pos))
			return san_fail(&out->error, out->msg_lang, SAN_ERR_NULL_MOVE_IN_CHECK, 0, s.core_length,
					MSG_MOVES_NULL_IN_CHECK, san_side(pos, out->msg_lang), s.core_length, text);
		found = MOVE_NULL;
		legal.count = 0;
		goto compare;
	}
	movegen_legal(pos, &legal);
	if (s.castle) {
		int king = position_king_square(pos, (enum color)pos->turn);
		for (int i = 0; i < legal.count; i++) {
			move m = legal.moves[i];
			if (move_kind_of(m) == MOVE_CASTLING && (move_to(m) > king) == (s.castle == 1))
				found = m;
		}
		if (found == MOVE_NONE)
			return san_castling_error(pos, s.castle, out->msg_lang, &out->error, len);
		goto compare;
	}

	t = s.piece == NO_PIECE_TYPE ? PAWN : s.piece;
	if (t == PAWN && s.separator == 'x' && s.from_file < 0) {
		/* "xd5": which pawn is not said; name one that could, if any. */
		bitboard capturers = attacks_pawn((enum color)!pos->turn, s.to) & position_pieces(pos, (enum color)pos->turn, PAWN);
		char to_name[3];
		fen_format_square(s.to, to_name);
		if (capturers)
			return san_fail(&out->error, out->msg_lang, SAN_ERR_MALFORMED, 0, s.to_offset,
					MSG_MOVES_PAWN_CAPTURE_FILE,
					'a' + square_file(bb_lsb(capturers)), to_name);
		return san_fail(&out->error, out->msg_lang, SAN_ERR_MALFORMED, 0, s.to_offset,
				MSG_MOVES_PAWN_CAPTURE_FILE_EXAMPLE);
	}
	if (s.from_file >= 0 && s.from_rank >= 0) {
		/* Both squares written (UCI or long algebraic): without a letter the piece is
		 * whatever stands there, and a king's move may be UCI's castling (e1g1, e1h1). */
		int from = square_make(s.from_file, s.from_rank), pc = pos->board[from];
		char uci[UCI_MAX + 1];
		size_t n = 4;
		if (pc == NO_PIECE || piece_color(pc) != pos->turn)
			return san_fail(&out->error, out->msg_lang, SAN_ERR_NO_SUCH_PIECE, s.from_offset, 2, pos->turn == WHITE ? MSG_MOVES_HOLDS_NO_WHITE : MSG_MOVES_HOLDS_NO_BLACK, text + s.from_offset);
		if (s.piece == NO_PIECE_TYPE)
			t = piece_type_of(pc);
		if (t != piece_type_of(pc))
			return san_fail(&out->error, out->msg_lang, SAN_ERR_NO_SUCH_PIECE, s.from_offset, 2, MSG_MOVES_HOLDS_OTHER, text + s.from_offset, san_piece_name(piece_type_of(pc), out->msg_lang), san_piece_name(t, out->msg_lang));
		fen_format_square(from, uci);
		fen_format_square(s.to, uci + 2);
		if (t == KING && uci_parse_move(pos, uci, n, &found) == UCI_OK)
			goto compare;
		found = MOVE_NONE;
	}
	{
		bool promotion_missing = false, promotion_needless = false;
		for (int i = 0; i < legal.count; i++) {
			move m = legal.moves[i];
			int from = move_from(m);
			if (move_kind_of(m) == MOVE_CASTLING || move_to(m) != s.to || piece_type_of(pos->board[from]) != t)
				continue;
			if (s.from_file >= 0 && square_file(from) != s.from_file)
				continue;
			if (s.from_rank >= 0 && square_rank(from) != s.from_rank)
				continue;
			/* "d5" is a push: a pawn capture always names its file */
			if (t == PAWN && s.from_file < 0 && square_file(from) != square_file(s.to))
				continue;
			if (move_kind_of(m) == MOVE_PROMOTION) {
				if (s.promotion == NO_PIECE_TYPE) {
					promotion_missing = true;
					continue;
				}
				if (move_promotion(m) != s.promotion)
					continue;
			} else if (s.promotion != NO_PIECE_TYPE) {
				promotion_needless = true;
				continue;
			}
			out->candidates.moves[out->candidates.count++] = m;
		}
		if (out->candidates.count > 1) {
			char list[SAN_MESSAGE_MAX] = "";
			size_t used = 0;
			for (int i = 0; i < out->candidates.count && used + SAN_MAX + 2 < sizeof list; i++) {
				char san[SAN_MAX];
				san_format_move(pos, out->candidates.moves[i], wlang, SAN_STYLE_SAN, san);
				used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", san);
			}
			return san_fail(&out->error, out->msg_lang, SAN_ERR_AMBIGUOUS, 0, len, MSG_MOVES_AMBIGUOUS,
					out->candidates.count, list);
		}
		if (out->candidates.count == 0) {
			if (promotion_missing)
				return san_fail(&out->error, out->msg_lang, SAN_ERR_PROMOTION_MISSING, 0, len,
						MSG_MOVES_PROMOTION_MISSING,
						s.core_length, text, san_letters[wlang][pos->turn][QUEEN]);
			if (s.promotion != NO_PIECE_TYPE)
				return san_fail(&out->error, out->msg_lang, SAN_ERR_PROMOTION_INVALID, s.promotion_offset, s.promotion_length,
						t == PAWN || promotion_needless ? MSG_MOVES_PROMOTION_NOT_LAST_RANK
										: MSG_MOVES_PROMOTION_ONLY_PAWN);
			s.piece = t;
			return san_illegal_error(pos, &s, len, out->msg_lang, &out->error);
		}
		found = out->candidates.moves[0];
		out->candidates.count = 0;
	}
compare:
	if (s.ep_suffix && move_kind_of(found) != MOVE_EN_PASSANT)
		return san_fail(&out->error, out->msg_lang, SAN_ERR_ILLEGAL, s.ep_offset, s.ep_length,
				MSG_MOVES_EP_NOT_EP);
	/* "+=" after a move that checks: its check mark and "=" (NAG 10). */
	if (s.plus_glyph >= 0 && san_check_mark(pos, found) == '+') {
		int i = s.plus_glyph;
		s.check = '+';
		s.check_offset = s.nag_offsets[i];
		s.nags[i] = 10;
		if (s.glyph_offset == s.nag_offsets[i])
			s.glyph_offset++;
		s.nag_offsets[i]++;
		s.nag_lengths[i] = 1;
	}
	out->glyph_offset = s.glyph_offset;
	san_compare(pos, &legal, found, &s, text, wlang, out);
	out->nag_count = s.nag_count;
	for (int i = 0; i < s.nag_count; i++)
		out->nags[i] = s.nags[i];
	out->nag = s.nag_count ? s.nags[0] : 0;
	out->m = found;
	return SAN_OK;
}

/* Cyrillic letters that look like file letters (Unicode's confusables of a c d e h), in
 * UTF-8: what a user on a Russian keyboard types for the letter that looks like c or e.
 * Capitals are not among them: Russian's С is the bishop. */
static const struct {
	char utf8[3];
	char file;
} san_cyrillic_files[] = {
	{ "\xd0\xb0", 'a' }, /* а U+0430 */
	{ "\xd1\x81", 'c' }, /* с U+0441 */
	{ "\xd4\x81", 'd' }, /* ԁ U+0501 */
	{ "\xd0\xb5", 'e' }, /* е U+0435 */
	{ "\xd2\xbb", 'h' }, /* һ U+04BB */
};

/* The file letter that the Cyrillic letter at text (len bytes left) looks like, or 0. */
static char san_cyrillic_file(const char *text, int len)
{
	if (len < 2)
		return 0;
	for (size_t i = 0; i < sizeof san_cyrillic_files / sizeof san_cyrillic_files[0]; i++)
		if (!memcmp(text, san_cyrillic_files[i].utf8, 2))
			return san_cyrillic_files[i].file;
	return 0;
}

/* Empties a result before a reading. Only the counts and the error's code need clearing:
 * the rest is written before use. */
static void san_result_clear(struct san_parse_result *out)
{
	out->m = MOVE_NONE;
	out->nag = out->nag_count = 0;
	out->glyph_offset = 0;
	out->warning_count = 0;
	out->error.code = SAN_OK;
	out->error.offset = out->error.length = 0;
	out->error.given[0] = out->error.became[0] = out->error.message[0] = '\0';
	out->candidates.count = 0;
}

/* Moves the warning added last to the front of the list (san_warn adds at the end). */
static void san_warn_to_front(struct san_parse_result *out, bool added)
{
	struct san_issue w;

	if (!added || out->warning_count < 2)
		return;
	w = out->warnings[out->warning_count - 1];
	memmove(out->warnings + 1, out->warnings, sizeof *out->warnings * (size_t)(out->warning_count - 1));
	out->warnings[0] = w;
}

/* The blanks around a move: a warning before the others, became the standard form. */
static void san_warn_blanks(struct san_parse_result *out, const char *text, size_t length, size_t lead, size_t end,
			    const char *became)
{
	bool added = san_warn(out, SAN_WARN_SURROUNDING_WHITESPACE, lead ? 0 : (int)end,
			      lead ? (int)lead : (int)(length - end), text, (int)length, became,
			      lead && end < length ? MSG_MOVES_BLANKS_AROUND : lead ? MSG_MOVES_BLANKS_BEFORE : MSG_MOVES_BLANKS_AFTER,
			      became);
	san_warn_to_front(out, added);
}

/* The move inside the blanks (spaces, tabs) around it: text[*lead, *end). */
static void san_trim(const char *text, size_t length, size_t *lead, size_t *end)
{
	*end = length;
	while (*end > 0 && (text[*end - 1] == ' ' || text[*end - 1] == '\t'))
		(*end)--;
	*lead = 0;
	while (*lead < *end && (text[*lead] == ' ' || text[*lead] == '\t'))
		(*lead)++;
}

/* Strict reading: the first warning of a move that reads is the error. */
static enum san_code san_strict(struct san_parse_result *out, bool strict)
{
	if (!strict || !out->warning_count)
		return SAN_OK;
	out->error = out->warnings[0];
	out->m = MOVE_NONE;
	return out->error.code;
}

enum san_code san_parse_move(const struct position *pos, const char *text, size_t length,
			     const struct san_parse_options *options, struct san_parse_result *out)
{
	return san_parse_move_written(pos, text, length, options,
				      options && (unsigned)options->lang < SAN_LANG_NB ? options->lang : SAN_LANG_EN, out);
}

enum san_code san_parse_move_written(const struct position *pos, const char *text, size_t length,
				     const struct san_parse_options *options, enum san_lang wlang,
				     struct san_parse_result *out)
{
	enum san_lang lang = options && (unsigned)options->lang < SAN_LANG_NB ? options->lang : SAN_LANG_EN;
	if ((unsigned)wlang >= SAN_LANG_NB)
		wlang = lang;
	char folded[SAN_INPUT_MAX];
	int map[SAN_INPUT_MAX + 1], len, cyrillic = -1;
	enum san_code rc;
	size_t lead = 0, end;
	const char *t;

	san_result_clear(out);
	out->msg_lang = options ? options->msg_lang : MSG_EN;
	if (!text)
		text = "";
	san_trim(text, length, &lead, &end);
	t = text + lead;
	len = end - lead > SAN_INPUT_MAX + 1 ? SAN_INPUT_MAX + 1 : (int)(end - lead);
	/* Cyrillic look-alikes of file letters: read the text with the Latin letters in their
	 * place, and map what is found back to the text as written. */
	if (len <= SAN_INPUT_MAX) {
		int n = 0;
		for (int i = 0; i < len; n++) {
			char file = san_cyrillic_file(t + i, len - i);
			map[n] = i;
			if (file && cyrillic < 0)
				cyrillic = i;
			folded[n] = file ? file : t[i];
			i += file ? 2 : 1;
		}
		map[n] = len;
		if (cyrillic >= 0) {
			rc = san_parse_trimmed(pos, folded, n, lang, wlang, out);
			for (int i = 0; i <= out->warning_count; i++) {
				struct san_issue *is = i < out->warning_count ? &out->warnings[i] : &out->error;
				int from = is->offset < 0 ? 0 : is->offset > n ? n : is->offset;
				int to = from + is->length > n ? n : from + (is->length < 0 ? 0 : is->length);
				is->offset = map[from];
				is->length = map[to] - map[from];
			}
			out->glyph_offset = map[out->glyph_offset < n ? out->glyph_offset : n];
		}
	}
	if (cyrillic < 0)
		rc = san_parse_trimmed(pos, t, len, lang, wlang, out);
	if (end - lead > SAN_INPUT_MAX)
		out->error.length = (int)(end - lead) - SAN_INPUT_MAX;
	for (int i = 0; i < out->warning_count; i++)
		out->warnings[i].offset += (int)lead;
	out->glyph_offset += (int)lead;
	if (rc != SAN_OK) {
		out->error.offset += (int)lead;
		return rc;
	}
	if (cyrillic >= 0 || lead || end < length) {
		char became[SAN_MAX];
		san_format_move(pos, out->m, wlang, SAN_STYLE_SAN, became);
		if (cyrillic >= 0) {
			int given = out->glyph_offset - (int)lead;
			bool added = san_warn(out, SAN_WARN_CYRILLIC_FILE_LETTER, (int)lead + cyrillic, 2, t, given, became,
					      MSG_MOVES_CYRILLIC_FILE,
					      t + cyrillic, san_cyrillic_file(t + cyrillic, 2), became);
			san_warn_to_front(out, added);
		}
		if (lead || end < length)
			san_warn_blanks(out, text, length, lead, end, became);
	}
	return san_strict(out, options && options->strict);
}

enum san_code san_parse_uci_move(const struct position *pos, const char *text, size_t length,
				 const struct san_parse_options *options, struct san_parse_result *out)
{
	enum san_lang lang = options && (unsigned)options->lang < SAN_LANG_NB ? options->lang : SAN_LANG_EN;
	size_t lead = 0, end, len;
	const char *t;
	move m = MOVE_NONE;

	san_result_clear(out);
	out->msg_lang = options ? options->msg_lang : MSG_EN;
	if (!text)
		text = "";
	san_trim(text, length, &lead, &end);
	t = text + lead;
	len = end - lead;
	if (!len)
		return san_fail(&out->error, out->msg_lang, SAN_ERR_EMPTY, 0, 0, MSG_MOVES_EMPTY);
	switch (uci_parse_move(pos, t, len, &m)) {
	case UCI_OK:
		break;
	case UCI_NULL_MOVE:
		if (!position_null_move_legal(pos))
			return san_fail(&out->error, out->msg_lang, SAN_ERR_NULL_MOVE_IN_CHECK, (int)lead, 4,
					MSG_MOVES_UCI_EMPTY_NULL_IN_CHECK, san_side(pos, out->msg_lang));
		san_warn(out, SAN_WARN_NULL_MOVE, (int)lead, 4, t, 4, "0000",
			 MSG_MOVES_UCI_NULL_MOVE, san_side(pos, out->msg_lang));
		break;
	case UCI_MALFORMED: {
		size_t shown = utf8_prefix(t, len, 32);
		return san_fail(&out->error, out->msg_lang, SAN_ERR_MALFORMED, (int)lead, (int)len,
				MSG_MOVES_UCI_MALFORMED, (int)shown, t,
				shown < len ? "..." : "");
	}
	case UCI_ILLEGAL: {
		/* SAN's reading knows coordinates too, and says why the move is not legal. */
		struct san_parse_result why;
		enum san_code code;
		san_result_clear(&why);
		why.msg_lang = out->msg_lang;
		code = san_parse_trimmed(pos, t, (int)len, lang, lang, &why);
		if (code != SAN_OK && code != SAN_ERR_MALFORMED && code != SAN_ERR_EMPTY) {
			out->error = why.error;
			out->error.offset += (int)lead;
			return code;
		}
		return san_fail(&out->error, out->msg_lang, SAN_ERR_ILLEGAL, (int)lead, (int)len, MSG_MOVES_UCI_ILLEGAL,
				(int)len, t);
	}
	}
	out->m = m;
	out->glyph_offset = (int)end;
	if (lead || end < length) {
		char became[UCI_MAX];
		uci_format_move(pos, m, became);
		san_warn_blanks(out, text, length, lead, end, became);
	}
	return san_strict(out, options && options->strict);
}
