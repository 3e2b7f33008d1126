/* fen.c -- FEN parsing (strict and lenient, with every problem reported by field and
 * offset), the legality checks of a parsed position, and canonical FEN output.
 *
 * Parsing runs in three passes: split the input into fields, read each field's syntax,
 * then, when the board could be read, check that the position is one a game can reach
 * (kings, pawns, material, checks, castling rights, en passant: fen_legal.c). Lenient
 * mode repairs what a caller obviously meant and says so in a warning each time. */
#include "fen.h"

#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "fen_internal.h"
#include "utf8.h"

char fen_piece_char(int pc)
{
	static const char letters[] = " PNBRQK  pnbrqk ";
	return pc > NO_PIECE && pc < PIECE_NB ? letters[pc] : ' ';
}

int fen_char_piece(char c)
{
	/* A table rather than strchr: this runs for every piece of every FEN read. */
	static const unsigned char pieces[256] = {
		['P'] = W_PAWN, ['N'] = W_KNIGHT, ['B'] = W_BISHOP, ['R'] = W_ROOK, ['Q'] = W_QUEEN, ['K'] = W_KING,
		['p'] = B_PAWN, ['n'] = B_KNIGHT, ['b'] = B_BISHOP, ['r'] = B_ROOK, ['q'] = B_QUEEN, ['k'] = B_KING,
	};
	return pieces[(unsigned char)c];
}

void fen_format_square(int sq, char out[3])
{
	out[0] = (char)('a' + square_file(sq));
	out[1] = (char)('1' + square_rank(sq));
	out[2] = '\0';
}

int fen_parse_square(const char *text)
{
	if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
		return SQ_NONE;
	return square_make(text[0] - 'a', text[1] - '1');
}

/* ---- pass 1: fields ---- */

static bool fen_is_lenient_separator(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '_';
}

/* Strict mode splits at the same whitespace (a pasted line's newline, a tab), but only
 * one space between two fields is regular: anything else is bad_whitespace. */
static inline bool fen_is_whitespace(char c)
{
	/* one comparison for the letters and digits of a field */
	return (unsigned char)c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

static inline bool fen_is_separator(bool lenient, char c)
{
	return lenient ? fen_is_lenient_separator(c) : fen_is_whitespace(c);
}

/* Says what a run of n whitespace bytes holds ("2 spaces", "1 carriage return and
 * 1 newline") into out. */
static void fen_describe_whitespace(const char *s, int n, enum msg_lang lang, char *out, size_t size)
{
	static const char kinds[] = " \t\r\n";
	static const enum msg_id names[] = { MSG_N_SPACE, MSG_N_TAB, MSG_N_CR, MSG_N_NEWLINE };
	int counts[4] = { 0 }, listed = 0, present = 0;
	size_t used = 0;

	for (int i = 0; i < n; i++)
		counts[strchr(kinds, s[i]) - kinds]++;
	for (int k = 0; k < 4; k++)
		present += counts[k] > 0;
	out[0] = '\0';
	for (int k = 0; k < 4 && used < size; k++) {
		if (!counts[k])
			continue;
		listed++;
		used += (size_t)snprintf(out + used, size - used, "%s%d %s",
					 listed == 1 ? "" : listed == present ? msg_text(MSG_W_AND, lang) : ", ",
					 counts[k], msg_noun(names[k], counts[k], lang));
	}
}

/* Splits the input into fields; returns false when nothing further can be read. */
static bool fen_split(struct fen_parser *p, size_t length)
{
	int n = 0, i = 0, end = (int)length;
	bool lenient = fen_lenient(p), irregular = false;

	while (i < end) {
		if (fen_is_separator(lenient, p->text[i])) {
			int start = i;
			while (i < end && fen_is_separator(lenient, p->text[i]))
				i++;
			bool single = i - start == 1 && p->text[start] == ' ' && start > 0 && i < end;
			if (single)
				continue;
			irregular = true;
			if (!lenient) {
				enum msg_id where = start == 0 ? MSG_W_BEFORE_FIRST : i == end ? MSG_W_AFTER_LAST : MSG_W_BETWEEN;
				char what[192];
				fen_describe_whitespace(p->text + start, i - start, p->report->lang, what, sizeof what);
				fen_error(p, FEN_ERR_BAD_WHITESPACE, FEN_FIELD_NONE, start, i - start, MSG_FEN_BAD_WHITESPACE,
					  what, msg_text(where, p->report->lang));
				p->syntax_error = true;
			}
			continue;
		}
		int start = i;
		/* the loop of every byte of a field, one for each mode */
		if (lenient)
			while (i < end && !fen_is_lenient_separator(p->text[i]))
				i++;
		else
			while (i < end && !fen_is_whitespace(p->text[i]))
				i++;
		if (n == FEN_FIELD_NB) {
			fen_error(p, FEN_ERR_TOO_MANY_FIELDS, FEN_FIELD_NONE, start, end - start,
				  MSG_FEN_TOO_MANY_FIELDS,
				  FEN_QUOTE(p->text + start, end - start));
			p->syntax_error = true;
			break;
		}
		p->fields[n++] = (struct fen_span){ start, i - start, true };
	}
	if (n == 0) {
		fen_error(p, FEN_ERR_EMPTY, FEN_FIELD_BOARD, 0, (int)length, MSG_FEN_EMPTY);
		return false;
	}
	if (irregular && lenient) {
		error_report_add(p->report, FEN_WARN_WHITESPACE_NORMALIZED, FEN_FIELD_NONE, 0, (int)length,
				 MSG_FEN_WHITESPACE_NORMALIZED);
	}
	if (n < FEN_FIELD_NB && !lenient) {
		fen_error(p, FEN_ERR_TOO_FEW_FIELDS, (enum fen_field)n, (int)length, 0,
			  MSG_FEN_TOO_FEW_FIELDS, n, FEN_NOUN(p, MSG_N_FIELD, n), error_field_name((enum fen_field)n));
		p->syntax_error = true;
	}
	return true;
}

/* ---- pass 2: each field's syntax ---- */

/* Reports what stands where a piece should, at offset at of rank (0-7), and returns the
 * bytes it spans: a character pasted from elsewhere (a Unicode king, a dash) is one
 * square, quoted whole; a byte that is not UTF-8 is named by its value. Out of the
 * board's loop, which runs for every square of every FEN. */
static __attribute__((noinline)) int fen_bad_piece(struct fen_parser *p, const char *s, int left, int at, int rank)
{
	unsigned char c = (unsigned char)s[0];
	uint32_t cp;
	int n = c >= 0x80 ? (int)utf8_char(s, (size_t)left, &cp) : 0;

	if (c >= 0x20 && c < 0x7F)
		fen_error(p, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, at, 1,
			  MSG_FEN_BAD_PIECE, c, rank + 1);
	else if (n > 1)
		fen_error(p, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, at, n,
			  MSG_FEN_BAD_PIECE_UNICODE, n, s, (unsigned)cp, rank + 1);
	else
		fen_error(p, FEN_ERR_BAD_PIECE, FEN_FIELD_BOARD, at, 1,
			  MSG_FEN_BAD_PIECE_BYTE, c, rank + 1);
	return n > 1 ? n : 1;
}

static void fen_read_board(struct fen_parser *p)
{
	const struct fen_span *f = &p->fields[FEN_FIELD_BOARD];
	const char *s = p->text + f->offset;
	int rank = 7, file = 0, rank_start = f->offset;
	bool previous_digit = false, ok = true;
	bool count_unknown = false; /* a bad digit (counted as 0) may have meant the missing squares */
	int skip = 0;

	for (int i = 0; i <= f->length; i++) {
		int at = f->offset + i;
		bool end = i == f->length;
		char c = end ? '/' : s[i];

		if (c == '/') {
			if (rank >= 0 && file > 8) {
				fen_error(p, FEN_ERR_RANK_TOO_LONG, FEN_FIELD_BOARD, rank_start, at - rank_start,
					  MSG_FEN_RANK_TOO_LONG,
					  rank + 1, FEN_QUOTE(p->text + rank_start, at - rank_start), file);
				ok = false;
			} else if (rank >= 0 && file < 8 && !count_unknown) {
				fen_error(p, FEN_ERR_RANK_TOO_SHORT, FEN_FIELD_BOARD, rank_start, at - rank_start,
					  MSG_FEN_RANK_TOO_SHORT, rank + 1, FEN_QUOTE(p->text + rank_start, at - rank_start), file,
					  FEN_NOUN(p, MSG_N_SQUARE, file));
				ok = false;
			}
			if (end)
				break;
			rank--;
			file = 0;
			previous_digit = false;
			count_unknown = false;
			rank_start = at + 1;
			if (rank < 0) {
				fen_error(p, FEN_ERR_TOO_MANY_RANKS, FEN_FIELD_BOARD, at, f->length - i,
					  MSG_FEN_TOO_MANY_RANKS,
					  FEN_QUOTE(s + i, f->length - i));
				ok = false;
				break;
			}
			continue;
		}
		if (c >= '1' && c <= '8') {
			if (previous_digit) {
				fen_error(p, FEN_ERR_CONSECUTIVE_DIGITS, FEN_FIELD_BOARD, at - 1, 2,
					  MSG_FEN_CONSECUTIVE_DIGITS,
					  s + i - 1, rank + 1);
				ok = false;
			}
			file += c - '0';
			previous_digit = true;
			continue;
		}
		previous_digit = false;
		if (c == '0' || c == '9') {
			fen_error(p, FEN_ERR_BAD_DIGIT, FEN_FIELD_BOARD, at, 1,
				  MSG_FEN_BAD_DIGIT, c, rank + 1);
			count_unknown = true;
			ok = false;
			continue;
		}
		int pc = fen_char_piece(c);
		if (pc == NO_PIECE) {
			/* the rest of a multi-byte character already reported (never '/' or a digit) */
			if (skip > 0) {
				skip--;
				continue;
			}
			skip = fen_bad_piece(p, s + i, f->length - i, at, rank) - 1;
			ok = false;
			file++;
			continue;
		}
		if (file < 8) {
			int sq = square_make(file, rank);
			position_put_piece(p->pos, pc, sq);
			p->square_offset[sq] = at;
		}
		file++;
	}
	if (rank > 0) {
		fen_error(p, FEN_ERR_TOO_FEW_RANKS, FEN_FIELD_BOARD, f->offset + f->length, 0,
			  MSG_FEN_TOO_FEW_RANKS, 8 - rank, FEN_NOUN(p, MSG_N_RANK, 8 - rank));
		ok = false;
	}
	p->board_ok = ok;
	if (!ok)
		p->syntax_error = true;
}

static void fen_read_turn(struct fen_parser *p)
{
	const struct fen_span *f = &p->fields[FEN_FIELD_TURN];
	const char *s = p->text + f->offset;

	if (f->length == 1 && (s[0] == 'w' || s[0] == 'b')) {
		p->pos->turn = s[0] == 'w' ? WHITE : BLACK;
		p->turn_ok = true;
		return;
	}
	if (f->length == 1 && (s[0] == 'W' || s[0] == 'B') && fen_lenient(p)) {
		p->pos->turn = s[0] == 'W' ? WHITE : BLACK;
		p->turn_ok = true;
		struct fen_issue *w = error_report_add(p->report, FEN_WARN_CASE_NORMALIZED, FEN_FIELD_TURN, f->offset, 1,
						       MSG_FEN_TURN_CASE, s[0], s[0] + 32);
		error_issue_set_change(w, s, 1, s[0] == 'W' ? "w" : "b");
		return;
	}
	fen_error(p, FEN_ERR_BAD_TURN, FEN_FIELD_TURN, f->offset, f->length,
		  MSG_FEN_BAD_TURN, FEN_FIELD_TEXT(p, FEN_FIELD_TURN));
	p->syntax_error = true;
}

/* True for the dashes and minus signs a pasted FEN has where it means '-': U+2010 to
 * U+2015, U+2212 (minus), U+FE63 (small hyphen-minus), U+FF0D (full-width hyphen-minus). */
static bool fen_is_dash(uint32_t cp)
{
	return (cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp == 0xFE63 || cp == 0xFF0D;
}

/* Reads the castling letters; which rook each names is settled once the board is known. */
static void fen_read_castling(struct fen_parser *p)
{
	const struct fen_span *f = &p->fields[FEN_FIELD_CASTLING];
	const char *s = p->text + f->offset;
	bool ok = true;

	p->castling_count = 0;
	if (f->length == 1 && s[0] == '-') {
		p->castling_ok = true;
		return;
	}
	for (int i = 0; i < f->length; i++) {
		char c = s[i];
		uint32_t cp = 0;
		int n = 0;
		bool white = c == 'K' || c == 'Q' || (c >= 'A' && c <= 'H');
		bool black = c == 'k' || c == 'q' || (c >= 'a' && c <= 'h');
		if (!white && !black) {
			if (c == '-')
				fen_error(p, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, f->offset + i, 1,
					  MSG_FEN_CASTLING_DASH_ALONE);
			else if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F)
				fen_error(p, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, f->offset + i, 1,
					  MSG_FEN_BAD_CASTLING, c);
			else if ((n = (int)utf8_char(s + i, (size_t)(f->length - i), &cp)) > 1 && fen_is_dash(cp))
				fen_error(p, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, f->offset + i, n,
					  MSG_FEN_CASTLING_DASH, n, s + i, (unsigned)cp);
			else if (n > 1)
				fen_error(p, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, f->offset + i, n,
					  MSG_FEN_BAD_CASTLING_UNICODE, n, s + i, (unsigned)cp);
			else
				fen_error(p, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, f->offset + i, 1,
					  MSG_FEN_BAD_CASTLING_BYTE, (unsigned char)c);
			ok = false;
			if (n > 1)
				i += n - 1;
			continue;
		}
		if (p->castling_count == (int)(sizeof p->castling / sizeof p->castling[0])) {
			fen_error(p, FEN_ERR_BAD_CASTLING, FEN_FIELD_CASTLING, f->offset + i, f->length - i,
				  MSG_FEN_CASTLING_TOO_LONG);
			ok = false;
			break;
		}
		p->castling[p->castling_count++] = (struct fen_castling_token){
			.letter = c, .offset = f->offset + i, .color = white ? WHITE : BLACK,
		};
	}
	p->castling_ok = ok;
	if (!ok)
		p->syntax_error = true;
}

static void fen_read_en_passant(struct fen_parser *p)
{
	const struct fen_span *f = &p->fields[FEN_FIELD_EN_PASSANT];
	const char *s = p->text + f->offset;

	p->ep_square = SQ_NONE;
	if (f->length == 1 && s[0] == '-') {
		p->ep_ok = true;
		return;
	}
	if (f->length == 2) {
		char lower[3] = { (char)(s[0] >= 'A' && s[0] <= 'H' ? s[0] + 32 : s[0]), s[1], '\0' };
		int sq = fen_parse_square(lower);
		if (sq != SQ_NONE && (lower[0] == s[0] || fen_lenient(p))) {
			if (lower[0] != s[0]) {
				struct fen_issue *w = error_report_add(p->report, FEN_WARN_CASE_NORMALIZED, FEN_FIELD_EN_PASSANT,
								       f->offset, 2, MSG_FEN_EP_CASE,
								       s, lower);
				error_issue_set_change(w, s, 2, lower);
			}
			p->ep_square = sq;
			p->ep_ok = true;
			return;
		}
	}
	uint32_t cp;
	if ((size_t)f->length == utf8_char(s, (size_t)f->length, &cp) && fen_is_dash(cp))
		fen_error(p, FEN_ERR_BAD_EN_PASSANT, FEN_FIELD_EN_PASSANT, f->offset, f->length,
			  MSG_FEN_EP_DASH, FEN_FIELD_TEXT(p, FEN_FIELD_EN_PASSANT), (unsigned)cp);
	else
		fen_error(p, FEN_ERR_BAD_EN_PASSANT, FEN_FIELD_EN_PASSANT, f->offset, f->length,
			  MSG_FEN_BAD_EP,
			  FEN_FIELD_TEXT(p, FEN_FIELD_EN_PASSANT));
	p->syntax_error = true;
}

/* Reads a clock field into *value; false (with an error reported) when it is not a number. */
static bool fen_read_number(struct fen_parser *p, enum fen_field field, uint32_t *value)
{
	const struct fen_span *f = &p->fields[field];
	const char *s = p->text + f->offset;
	const char *what = msg_text(field == FEN_FIELD_HALFMOVE ? MSG_W_HALFMOVE_CLOCK : MSG_W_MOVE_NUMBER, p->report->lang);
	uint64_t n = 0;
	int i = 0;

	if (s[0] == '-' || s[0] == '+')
		i = 1;
	if (i == f->length) {
		fen_error(p, FEN_ERR_NOT_A_NUMBER, field, f->offset, f->length,
			  MSG_FEN_NOT_A_NUMBER, what, FEN_FIELD_TEXT(p, field));
		return false;
	}
	for (int j = i; j < f->length; j++) {
		if (s[j] < '0' || s[j] > '9') {
			fen_error(p, FEN_ERR_NOT_A_NUMBER, field, f->offset, f->length,
				  MSG_FEN_NOT_A_NUMBER, what, FEN_FIELD_TEXT(p, field));
			return false;
		}
		if (n <= FEN_NUMBER_MAX)
			n = n * 10 + (uint64_t)(s[j] - '0');
	}
	if (s[0] == '-') {
		fen_error(p, FEN_ERR_NEGATIVE_NUMBER, field, f->offset, f->length,
			  MSG_FEN_NEGATIVE_NUMBER, what, FEN_FIELD_TEXT(p, field));
		return false;
	}
	if (s[0] == '+') {
		fen_error(p, FEN_ERR_NOT_A_NUMBER, field, f->offset, f->length,
			  MSG_FEN_NUMBER_SIGN, what, FEN_FIELD_TEXT(p, field));
		return false;
	}
	if (n > FEN_NUMBER_MAX) {
		fen_error(p, FEN_ERR_NUMBER_TOO_LARGE, field, f->offset, f->length,
			  MSG_FEN_NUMBER_TOO_LARGE, what, FEN_FIELD_TEXT(p, field), FEN_NUMBER_MAX);
		return false;
	}
	if (f->length > 1 && s[0] == '0') {
		char became[16];
		snprintf(became, sizeof became, "%u", (unsigned)n);
		struct fen_issue *w = error_report_add(p->report, FEN_WARN_LEADING_ZEROS, field, f->offset, f->length,
						       MSG_FEN_LEADING_ZEROS, what,
						       FEN_FIELD_TEXT(p, field), became);
		error_issue_set_change(w, s, (size_t)f->length, became);
	}
	*value = (uint32_t)n;
	return true;
}

static void fen_read_clocks(struct fen_parser *p)
{
	p->halfmove_ok = fen_read_number(p, FEN_FIELD_HALFMOVE, &p->pos->halfmove);
	p->fullmove_ok = fen_read_number(p, FEN_FIELD_FULLMOVE, &p->pos->fullmove);
	if (!p->halfmove_ok || !p->fullmove_ok)
		p->syntax_error = true;
	if (p->fullmove_ok && p->pos->fullmove == 0) {
		const struct fen_span *f = &p->fields[FEN_FIELD_FULLMOVE];
		if (fen_lenient(p)) {
			struct fen_issue *w = error_report_add(p->report, FEN_WARN_FULLMOVE_CORRECTED, FEN_FIELD_FULLMOVE,
							       f->offset, f->length, MSG_FEN_FULLMOVE_CORRECTED);
			error_issue_set_change(w, p->text + f->offset, (size_t)f->length, "1");
			p->pos->fullmove = 1;
		} else {
			fen_error(p, FEN_ERR_FULLMOVE_ZERO, FEN_FIELD_FULLMOVE, f->offset, f->length,
				  MSG_FEN_FULLMOVE_ZERO);
			p->fullmove_ok = false;
			p->syntax_error = true;
		}
	}
}

/* Lenient mode: a missing field gets its default, and a warning says so. */
static void fen_default_field(struct fen_parser *p, enum fen_field field, size_t length)
{
	static const char *const defaults[FEN_FIELD_NB] = { "", "w", "-", "-", "0", "1" };
	struct fen_issue *w = error_report_add(p->report, FEN_WARN_FIELD_DEFAULTED, field, (int)length, 0,
					       MSG_FEN_FIELD_DEFAULTED, error_field_name(field),
					       defaults[field]);

	error_issue_set_change(w, "", 0, defaults[field]);
	switch (field) {
	case FEN_FIELD_TURN: p->pos->turn = WHITE; p->turn_ok = true; break;
	case FEN_FIELD_CASTLING: p->castling_ok = true; break;
	case FEN_FIELD_EN_PASSANT: p->ep_ok = true; break;
	case FEN_FIELD_HALFMOVE: p->pos->halfmove = 0; p->halfmove_ok = true; break;
	case FEN_FIELD_FULLMOVE: p->pos->fullmove = 1; p->fullmove_ok = true; break;
	default: break;
	}
}

/* ---- the three passes ---- */

/* Orders issues by where they are in the input (stable: same offset keeps its order). */
static void fen_sort_issues(struct fen_issue *issues, int count)
{
	for (int i = 1; i < count; i++) {
		struct fen_issue moving = issues[i];
		int j = i;
		for (; j > 0 && issues[j - 1].offset > moving.offset; j--)
			issues[j] = issues[j - 1];
		issues[j] = moving;
	}
}

/* The three passes over p's text (p holds text, options, pos and report). */
static enum fen_verdict fen_read(struct fen_parser *p, size_t length)
{
	struct position *pos = p->pos;
	struct fen_report *report = p->report;

	error_report_clear(report);
	report->lang = p->options->lang;
	position_clear(pos);
	pos->chess960 = p->options->chess960;
	if (length > FEN_INPUT_MAX) {
		fen_error(p, FEN_ERR_TOO_LONG, FEN_FIELD_NONE, FEN_INPUT_MAX, (int)(length - FEN_INPUT_MAX),
			  MSG_FEN_TOO_LONG, length, FEN_INPUT_MAX);
		return FEN_MALFORMED;
	}
	if (!fen_split(p, length))
		return FEN_MALFORMED;

	fen_read_board(p);
	if (p->fields[FEN_FIELD_TURN].present)
		fen_read_turn(p);
	if (p->fields[FEN_FIELD_CASTLING].present)
		fen_read_castling(p);
	if (p->fields[FEN_FIELD_EN_PASSANT].present)
		fen_read_en_passant(p);
	if (p->fields[FEN_FIELD_HALFMOVE].present && p->fields[FEN_FIELD_FULLMOVE].present)
		fen_read_clocks(p);
	else if (p->fields[FEN_FIELD_HALFMOVE].present)
		p->syntax_error |= !(p->halfmove_ok = fen_read_number(p, FEN_FIELD_HALFMOVE, &pos->halfmove));
	if (fen_lenient(p)) {
		for (int f = FEN_FIELD_TURN; f < FEN_FIELD_NB; f++) {
			if (p->fields[f].present)
				continue;
			if (f == FEN_FIELD_CASTLING && p->options->infer_castling && p->board_ok)
				fen_infer_castling(p, length);
			else
				fen_default_field(p, (enum fen_field)f, length);
		}
	}
	if (p->castling_ok && p->fields[FEN_FIELD_CASTLING].present)
		fen_check_castling_order(p);
	fen_check_clocks(p);

	if (p->board_ok)
		fen_check_legality(p);
	position_refresh(pos);
	/* too_many_problems stays last */
	fen_sort_issues(report->errors, report->error_count - (report->truncated ? 1 : 0));
	fen_sort_issues(report->warnings, report->warning_count);
	if (p->syntax_error)
		return FEN_MALFORMED;
	return report->error_count ? FEN_ILLEGAL : FEN_VALID;
}

/* ---- hints: the options under which an invalid FEN reads ---- */

/* Writes into out (size bytes) what a lenient read repaired, from its warnings:
 * " (filling in castling, en_passant, halfmove and fullmove; normalizing whitespace)",
 * or "" when it repaired nothing. */
static void fen_hint_repairs(const struct fen_report *lenient, enum msg_lang lang, char *out, size_t size)
{
	static const struct {
		enum fen_code code;
		enum msg_id words;
	} repairs[] = {
		{ FEN_WARN_WHITESPACE_NORMALIZED, MSG_W_REPAIR_WHITESPACE },
		{ FEN_WARN_CASE_NORMALIZED, MSG_W_REPAIR_CASE },
		{ FEN_WARN_CASTLING_DROPPED, MSG_W_REPAIR_CASTLING_DROPPED },
		{ FEN_WARN_CASTLING_REORDERED, MSG_W_REPAIR_CASTLING_REORDERED },
		{ FEN_WARN_CASTLING_REWRITTEN, MSG_W_REPAIR_CASTLING_REWRITTEN },
		{ FEN_WARN_CHESS960_ASSUMED, MSG_W_REPAIR_CHESS960 },
		{ FEN_WARN_EN_PASSANT_DROPPED, MSG_W_REPAIR_EN_PASSANT },
		{ FEN_WARN_FULLMOVE_CORRECTED, MSG_W_REPAIR_FULLMOVE },
	};
	const char *filled[FEN_FIELD_NB], *said[sizeof repairs / sizeof repairs[0]];
	int filled_count = 0, said_count = 0;
	size_t used = 0;

	for (int i = 0; i < lenient->warning_count; i++) {
		const struct fen_issue *w = &lenient->warnings[i];
		const char *words = NULL;
		if ((w->code == FEN_WARN_FIELD_DEFAULTED || w->code == FEN_WARN_CASTLING_INFERRED) &&
		    filled_count < FEN_FIELD_NB) {
			filled[filled_count++] = error_field_name(w->field);
			continue;
		}
		for (size_t r = 0; r < sizeof repairs / sizeof repairs[0]; r++)
			if (repairs[r].code == w->code)
				words = msg_text(repairs[r].words, lang);
		for (int k = 0; words && k < said_count; k++)
			if (said[k] == words)
				words = NULL;
		if (words)
			said[said_count++] = words;
	}
	out[0] = '\0';
#define FEN_HINT_APPEND(...) \
	(used += used < size ? (size_t)snprintf(out + used, size - used, __VA_ARGS__) : 0)
	for (int i = 0; i < filled_count; i++)
		FEN_HINT_APPEND("%s%s", i == 0 ? msg_text(MSG_W_FILLING_IN, lang) : i == filled_count - 1 ?
				msg_text(MSG_W_AND, lang) : ", ", filled[i]);
	for (int i = 0; i < said_count; i++)
		FEN_HINT_APPEND("%s%s", filled_count + i == 0 ? " (" : "; ", said[i]);
	if (filled_count + said_count)
		FEN_HINT_APPEND(")");
#undef FEN_HINT_APPEND
}

/* Adds the hints of an invalid FEN (verdict) read by p: chess960 when Chess960 rules
 * read castling rights standard chess refuses, lenient (in strict mode) when lenient
 * mode reads the FEN as valid, or reads at all what strict mode cannot. Only an invalid
 * FEN pays for this: lenient's is a second parse. */
static void fen_hint(const struct fen_parser *p, size_t length, enum fen_verdict verdict)
{
	struct fen_report *report = p->report;
	bool chess960_valid = false;

	if (p->castling_refused960 == 0 && p->castling_refused > 0) {
		/* the castling_needs_chess960 error is then the only one */
		chess960_valid = report->error_count == 1;
		error_report_hint(report, FEN_HINT_CHESS960, chess960_valid,
				  chess960_valid ? MSG_HINT_CHESS960_VALID : MSG_HINT_CHESS960_RIGHTS);
	} else if (p->castling_refused > p->castling_refused960) {
		error_report_hint(report, FEN_HINT_CHESS960, false,
				  MSG_HINT_CHESS960_SOME,
				  p->castling_refused - p->castling_refused960, p->castling_refused);
	}
	if (fen_lenient(p) || chess960_valid || length > FEN_INPUT_MAX)
		return;

	struct fen_options options = *p->options;
	struct position pos;
	struct fen_report lenient;
	struct fen_parser q = {
		.text = p->text, .options = &options, .pos = &pos, .report = &lenient, .ep_square = SQ_NONE,
	};
	char fen[FEN_MAX], repairs[384];

	options.mode = FEN_LENIENT;
	enum fen_verdict read = fen_read(&q, length);
	if (read != FEN_VALID && !(read == FEN_ILLEGAL && verdict == FEN_MALFORMED))
		return;
	if (!fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, fen, sizeof fen))
		fen[0] = '\0';
	fen_hint_repairs(&lenient, report->lang, repairs, sizeof repairs);
	error_report_hint(report, FEN_HINT_LENIENT, read == FEN_VALID, MSG_HINT_LENIENT,
			  read == FEN_VALID ? "" : msg_text(MSG_W_NOT_LEGAL, report->lang), fen, repairs);
}

enum fen_verdict fen_parse(const char *text, size_t length, const struct fen_options *options,
			   struct position *pos, struct fen_report *report)
{
	static const struct fen_options strict = { FEN_STRICT, false, false, MSG_EN };
	struct fen_parser p = {
		.text = text, .options = options ? options : &strict, .pos = pos, .report = report, .ep_square = SQ_NONE,
	};
	enum fen_verdict verdict = fen_read(&p, length);

	/* a valid FEN never gets here: hints cost it nothing */
	if (verdict != FEN_VALID)
		fen_hint(&p, length, verdict);
	return verdict;
}

/* ---- output ---- */

/* Walks the occupied squares of each rank (a bitboard row) rather than all 64: the board
 * field is written once per ply when a game is converted, and this was its largest cost. */
size_t fen_format_board(const struct position *pos, char *out, size_t size)
{
	char line[80];
	size_t n = 0;
	bitboard occupied = position_occupied(pos);

	for (int rank = 7; rank >= 0; rank--) {
		unsigned row = (unsigned)(occupied >> (8 * rank)) & 0xFF;
		int file = 0;
		while (row) {
			int f = __builtin_ctz(row);
			if (f > file)
				line[n++] = (char)('0' + f - file);
			line[n++] = fen_piece_char(pos->board[square_make(f, rank)]);
			file = f + 1;
			row &= row - 1;
		}
		if (file < 8)
			line[n++] = (char)('0' + 8 - file);
		if (rank)
			line[n++] = '/';
	}
	if (n >= size)
		return 0;
	memcpy(out, line, n);
	out[n] = '\0';
	return n;
}

size_t fen_format_castling(const struct position *pos, enum fen_castling_style style, char *out, size_t size)
{
	static const int order[CASTLING_RIGHT_NB] = { 0, 1, 2, 3 };
	size_t n = 0;

	if (size < 6)
		return 0;
	for (int i = 0; i < CASTLING_RIGHT_NB; i++) {
		int r = order[i];
		if (!(pos->castling & (1 << r)))
			continue;
		enum color c = r < 2 ? WHITE : BLACK;
		bool kingside = (r & 1) == 0;
		int rook = pos->castling_rook[r];
		char letter;
		if (style == FEN_CASTLING_SHREDDER) {
			letter = (char)('A' + square_file(rook));
		} else {
			int king = position_king_square(pos, c);
			int outer = king == SQ_NONE ? SQ_NONE : fen_outer_rook(pos, c, king, kingside);
			letter = outer == rook ? (kingside ? 'K' : 'Q') : (char)('A' + square_file(rook));
		}
		out[n++] = c == WHITE ? letter : (char)(letter + 32);
	}
	if (n == 0)
		out[n++] = '-';
	out[n] = '\0';
	return n;
}

int fen_ep_square(const struct position *pos, enum fen_ep_style ep)
{
	if (pos->ep_square == SQ_NONE)
		return SQ_NONE;
	switch (ep) {
	case FEN_EP_FEN:
		return pos->ep_square;
	case FEN_EP_XFEN:
		return attacks_pawn((enum color)!pos->turn, pos->ep_square) &
		       position_pieces(pos, (enum color)pos->turn, PAWN) ? pos->ep_square : SQ_NONE;
	case FEN_EP_LEGAL:
		return position_ep_capturable(pos) ? pos->ep_square : SQ_NONE;
	}
	return SQ_NONE;
}

/* Appends a number in decimal; the caller has made room. */
static size_t fen_append_number(char *out, unsigned value)
{
	char digits[12];
	size_t n = 0, length;

	do
		digits[n++] = (char)('0' + value % 10);
	while ((value /= 10) > 0);
	length = n;
	while (n > 0)
		*out++ = digits[--n];
	return length;
}

/* Written by hand rather than with snprintf: converting a game writes a FEN per ply, and
 * the format string's parsing was a tenth of that time. */
size_t fen_format(const struct position *pos, enum fen_ep_style ep, enum fen_castling_style castling,
		  char *out, size_t size)
{
	char line[FEN_MAX + 32];
	int ep_square = fen_ep_square(pos, ep);
	size_t n = fen_format_board(pos, line, 80);

	line[n++] = ' ';
	line[n++] = pos->turn == WHITE ? 'w' : 'b';
	line[n++] = ' ';
	n += fen_format_castling(pos, castling, line + n, 8);
	line[n++] = ' ';
	if (ep_square != SQ_NONE) {
		fen_format_square(ep_square, line + n);
		n += 2;
	} else {
		line[n++] = '-';
	}
	line[n++] = ' ';
	n += fen_append_number(line + n, (unsigned)pos->halfmove);
	line[n++] = ' ';
	n += fen_append_number(line + n, (unsigned)pos->fullmove);
	if (n >= size)
		return 0;
	memcpy(out, line, n);
	out[n] = '\0';
	return n;
}
