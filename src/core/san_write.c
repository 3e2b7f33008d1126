/* san_write.c -- writing Standard Algebraic Notation the PGN standard's way, in every
 * language of san.h: disambiguation, castling, promotion and the check mark. */
#include "san.h"

#include <string.h>

#include "attacks.h"
#include "fen.h"
#include "movegen.h"
#include "position.h"
#include "san_internal.h"

/* Appends a NUL-terminated string; out always has room for any move (SAN_MAX). */
static size_t san_put(char *out, size_t n, const char *s)
{
	size_t len = strlen(s);

	memcpy(out + n, s, len);
	return n + len;
}

/* Whether the origin's file and rank must be written to tell m from the other legal
 * moves of the same piece type to the same square. Pinned siblings are not in the
 * legal list, so they never count. legal may be NULL: it is generated only when another
 * piece of the kind could reach the square at all, which is rare, so writing a move
 * seldom costs a move generation. */
void san_disambiguation(const struct position *pos, const struct move_list *legal, move m, bool *file, bool *rank)
{
	int from = move_from(m), to = move_to(m);
	int pc = pos->board[from];
	enum piece_type type = piece_type_of(pc);
	bool same_file = false, same_rank = false, other = false;
	struct move_list own;

	*file = *rank = false;
	if (type == PAWN) {
		*file = square_file(from) != square_file(to);
		return;
	}
	if (type == KING || move_kind_of(m) == MOVE_CASTLING)
		return;
	if (!(attacks_of(type, to, position_occupied(pos)) & position_pieces(pos, piece_color(pc), type) &
	      ~bb_square(from)))
		return;
	if (!legal) {
		movegen_legal(pos, &own);
		legal = &own;
	}
	for (int i = 0; i < legal->count; i++) {
		move o = legal->moves[i];
		int of = move_from(o);
		if (of == from || move_to(o) != to || pos->board[of] != pc || move_kind_of(o) == MOVE_CASTLING)
			continue;
		other = true;
		same_file |= square_file(of) == square_file(from);
		same_rank |= square_rank(of) == square_rank(from);
	}
	if (!other)
		return;
	if (!same_file)
		*file = true;
	else if (!same_rank)
		*rank = true;
	else
		*file = *rank = true;
}

char san_check_mark_after(const struct position *after)
{
	struct move_list replies;

	if (!position_in_check(after))
		return 0;
	return movegen_legal(after, &replies) ? '+' : '#';
}

char san_check_mark(const struct position *pos, move m)
{
	struct position after = *pos;
	struct position_undo undo;

	position_make_move(&after, m, &undo);
	return san_check_mark_after(&after);
}

/* The move without its check mark; returns the length. legal may be NULL. */
size_t san_format_body(const struct position *pos, const struct move_list *legal, move m, enum san_lang lang,
		       enum san_style style, char out[SAN_MAX])
{
	int from = move_from(m), to = move_to(m);
	int pc = pos->board[from];
	enum piece_type type = piece_type_of(pc);
	enum color us = piece_color(pc);
	enum move_kind kind = move_kind_of(m);
	bool capture = kind == MOVE_EN_PASSANT || (kind != MOVE_CASTLING && pos->board[to] != NO_PIECE);
	char square[3];
	size_t n = 0;

	/* The null move is the same in every language and style. */
	if (m == MOVE_NULL) {
		memcpy(out, "--", 3);
		return 2;
	}

	if (kind == MOVE_CASTLING) {
		n = san_put(out, n, to > from ? "O-O" : "O-O-O");
		out[n] = '\0';
		return n;
	}
	n = san_put(out, n, san_piece_letter(lang, us, type));
	if (style == SAN_STYLE_LAN) {
		fen_format_square(from, square);
		n = san_put(out, n, square);
		out[n++] = capture ? 'x' : '-';
	} else {
		bool file, rank;
		san_disambiguation(pos, legal, m, &file, &rank);
		if (file)
			out[n++] = (char)('a' + square_file(from));
		if (rank)
			out[n++] = (char)('1' + square_rank(from));
		if (capture)
			out[n++] = 'x';
	}
	fen_format_square(to, square);
	n = san_put(out, n, square);
	if (kind == MOVE_PROMOTION) {
		out[n++] = '=';
		n = san_put(out, n, san_piece_letter(lang, us, move_promotion(m)));
	}
	out[n] = '\0';
	return n;
}

size_t san_format_move_marked(const struct position *pos, move m, enum san_lang lang, enum san_style style,
			      char mark, char out[SAN_MAX])
{
	size_t n;

	if ((unsigned)lang >= SAN_LANG_NB)
		lang = SAN_LANG_EN;
	n = san_format_body(pos, NULL, m, lang, style, out);
	if (mark) {
		out[n++] = mark;
		out[n] = '\0';
	}
	return n;
}

size_t san_format_move(const struct position *pos, move m, enum san_lang lang, enum san_style style,
		       char out[SAN_MAX])
{
	return san_format_move_marked(pos, m, lang, style, san_check_mark(pos, m), out);
}

