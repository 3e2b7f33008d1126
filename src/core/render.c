/* render.c -- text diagrams of a position: eight labelled ranks and a file line. */
#include "render.h"

#include <string.h>

#include "fen.h"

/* The glyph for a piece (or an empty square) in the chosen character set. */
static const char *render_glyph(int pc, enum render_charset charset)
{
	static const char *const unicode[PIECE_NB] = {
		[NO_PIECE] = "\u00B7",
		[W_PAWN] = "\u2659", [W_KNIGHT] = "\u2658", [W_BISHOP] = "\u2657",
		[W_ROOK] = "\u2656", [W_QUEEN] = "\u2655", [W_KING] = "\u2654",
		[B_PAWN] = "\u265F", [B_KNIGHT] = "\u265E", [B_BISHOP] = "\u265D",
		[B_ROOK] = "\u265C", [B_QUEEN] = "\u265B", [B_KING] = "\u265A",
	};
	static const char *const ascii[PIECE_NB] = {
		[NO_PIECE] = ".",
		[W_PAWN] = "P", [W_KNIGHT] = "N", [W_BISHOP] = "B", [W_ROOK] = "R", [W_QUEEN] = "Q", [W_KING] = "K",
		[B_PAWN] = "p", [B_KNIGHT] = "n", [B_BISHOP] = "b", [B_ROOK] = "r", [B_QUEEN] = "q", [B_KING] = "k",
	};
	const char *glyph = charset == RENDER_UNICODE ? unicode[pc] : ascii[pc];
	return glyph ? glyph : "?";
}

/* Appends text to out at *n; false once out is full. */
static bool render_put(char *out, size_t size, size_t *n, const char *text)
{
	size_t len = strlen(text);

	if (*n + len >= size)
		return false;
	memcpy(out + *n, text, len);
	*n += len;
	out[*n] = '\0';
	return true;
}

size_t render_text(const struct position *pos, enum render_charset charset, enum color orientation,
		   char *out, size_t size)
{
	size_t n = 0;
	bool ok = size > 0;

	for (int row = 0; ok && row < 8; row++) {
		int rank = orientation == WHITE ? 7 - row : row;
		char label[3] = { (char)('1' + rank), ' ', '\0' };
		ok = render_put(out, size, &n, label);
		for (int col = 0; ok && col < 8; col++) {
			int file = orientation == WHITE ? col : 7 - col;
			ok = render_put(out, size, &n, render_glyph(pos->board[square_make(file, rank)], charset)) &&
			     render_put(out, size, &n, col < 7 ? " " : "\n");
		}
	}
	ok = ok && render_put(out, size, &n, " ");
	for (int col = 0; ok && col < 8; col++) {
		char file[3] = { ' ', (char)('a' + (orientation == WHITE ? col : 7 - col)), '\0' };
		ok = render_put(out, size, &n, file);
	}
	ok = ok && render_put(out, size, &n, "\n");
	return ok ? n : 0;
}
