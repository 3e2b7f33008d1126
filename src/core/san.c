/* san.c -- Standard Algebraic Notation: writing it the PGN standard's way in every
 * language of san.h (san_write.c), and reading it leniently, with a warning for each
 * departure from the standard and a reason for each move that cannot be played.
 *
 * Reading works in two steps: the text is taken apart (san_shape.c) into its parts
 * (piece, origin file and rank, separator, destination, promotion, check mark, glyphs)
 * without looking at the board, then the parts are matched against the legal moves (or,
 * for a null move, the side to move may pass). Warnings compare what was written with the
 * standard SAN of the move found, so they can never disagree with what san_format_move
 * writes. Blanks around the move and Cyrillic look-alikes of file letters are dealt with
 * around those two steps (san_parse_move), and UCI is read with the same rules for them
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

/* ---- problems: the words of errors and warnings ---- */

/* The catalogue's words follow piece types and SAN languages in their order. */
_Static_assert(MSG_MOVES_W_KING - MSG_MOVES_W_PAWN == KING - PAWN &&
	       MSG_MOVES_W_THE_KING - MSG_MOVES_W_THE_PAWN == KING - PAWN &&
	       MSG_MOVES_W_NO_WHITE_KING - MSG_MOVES_W_NO_WHITE_PAWN == KING - PAWN &&
	       MSG_MOVES_W_NO_BLACK_PAWN - MSG_MOVES_W_NO_WHITE_PAWN == KING - PAWN + 1 &&
	       MSG_MOVES_W_LANG_FIGURINE - MSG_MOVES_W_LANG_EN == SAN_LANG_FIGURINE && SAN_LANG_EN == 0,
	       "the moves' words are out of order");

/* A piece type's name (MSG_MOVES_W_PAWN...), and with its article (MSG_MOVES_W_THE_PAWN...). */
const char *san_piece_name(enum piece_type t, enum msg_lang ml)
{
	return msg_text((enum msg_id)(MSG_MOVES_W_PAWN + t - PAWN), ml);
}

const char *san_the_piece(enum piece_type t, enum msg_lang ml)
{
	return msg_text((enum msg_id)(MSG_MOVES_W_THE_PAWN + t - PAWN), ml);
}

/* The side to move as a subject: "White", "il Bianco". */
const char *san_side(const struct position *pos, enum msg_lang ml)
{
	return msg_text(pos->turn == WHITE ? MSG_W_WHITE : MSG_W_BLACK, ml);
}

enum san_code san_fail(struct san_issue *e, enum msg_lang ml, enum san_code code, int offset, int length, enum msg_id id,
		       ...)
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
void san_copy_value(char out[SAN_VALUE_MAX], const char *text, int len)
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
