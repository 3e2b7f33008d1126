/* san_shape.c -- the first step of reading SAN: taking the text of a move apart into its
 * parts (piece, origin, separator, destination, promotion, check mark, e.p., glyphs, a
 * null move) in any language of san.h, without looking at the board. */
#include "san.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "nag.h"
#include "san_internal.h"
#include "utf8.h"

/* A notation's name as in "the %s piece letters". */
static const char *san_lang_word(enum san_lang lang, enum msg_lang ml)
{
	return msg_text((enum msg_id)(MSG_MOVES_W_LANG_EN + lang), ml);
}

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
	const char *en = san_piece_letter(SAN_LANG_EN, WHITE, type);

	for (int t = KNIGHT; t <= KING; t++)
		if (t != (int)type && strcmp(san_piece_letter(lang, WHITE, t), en) == 0)
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
			const char *own = san_piece_letter(lang, WHITE, t), *en = san_piece_letter(SAN_LANG_EN, WHITE, t);
			bool en_ok = !san_english_collides((enum san_lang)lang, (enum piece_type)t);
			san_add_token((enum san_lang)lang, own, (enum piece_type)t);
			if (en_ok)
				san_add_token((enum san_lang)lang, en, (enum piece_type)t);
			san_add_token((enum san_lang)lang, san_piece_letter(SAN_LANG_FIGURINE, WHITE, t), (enum piece_type)t);
			san_add_token((enum san_lang)lang, san_piece_letter(SAN_LANG_FIGURINE, BLACK, t), (enum piece_type)t);
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
		if (strcmp(san_piece_letter(lang, WHITE, t), "P") == 0)
			return true;
	return false;
}

static bool san_is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool san_is_upper_file(char c) { return c >= 'A' && c <= 'H'; }
static bool san_is_rank(char c) { return c >= '1' && c <= '8'; }


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
enum san_code san_shape_read(const char *text, int len, enum san_lang lang, enum msg_lang ml,
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
