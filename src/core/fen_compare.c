/* fen_compare.c -- two FENs compared field by field, for someone learning to write one:
 * which of the six fields differ and, square by square, where the piece placements
 * differ. The text is compared, not positions, so that a FEN that does not read as a
 * position still gets every field it has compared. */
#include "fen_compare.h"

#include <string.h>

/* The fields of text: start and length of up to FEN_FIELD_NB blank-separated words. */
static int fen_compare_split(const char *text, size_t length, const char *start[FEN_FIELD_NB],
			     size_t len[FEN_FIELD_NB])
{
	int n = 0;
	size_t i = 0;

	while (i < length && n < FEN_FIELD_NB) {
		while (i < length && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
			i++;
		if (i == length)
			break;
		start[n] = text + i;
		while (i < length && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
			i++;
		len[n] = (size_t)(text + i - start[n]);
		n++;
	}
	return n;
}

/* Reads a piece placement into squares (index square, '\0' empty); a rank that is not
 * eight squares of digits 1-8 and piece letters gets its bit in the result (bit r - 1 for
 * rank r), as do the ranks missing. */
static unsigned fen_compare_placement(const char *text, size_t length, char squares[SQUARE_NB])
{
	unsigned bad = 0;
	size_t i = 0;

	memset(squares, 0, SQUARE_NB);
	for (int rank = 7; rank >= 0; rank--) {
		int file = 0;
		bool ok = i < length || rank == 7;

		while (i < length && text[i] != '/') {
			char c = text[i++];
			if (c >= '1' && c <= '8' && file + (c - '0') <= 8) {
				file += c - '0';
			} else if (strchr("KQRBNPkqrbnp", c) && c && file < 8) {
				squares[square_make(file, rank)] = c;
				file++;
			} else {
				ok = false;
			}
		}
		if (!ok || file != 8) {
			bad |= 1u << rank;
			for (int f = 0; f < 8; f++)
				squares[square_make(f, rank)] = 0;
		}
		if (i < length)
			i++; /* the '/' */
	}
	if (i < length)
		bad |= 1u; /* more than eight ranks: the last one read is not the first rank */
	return bad;
}

void fen_compare(const char *expected, size_t expected_length, const char *given, size_t given_length,
		 struct fen_comparison *out)
{
	const char *es[FEN_FIELD_NB], *gs[FEN_FIELD_NB];
	size_t el[FEN_FIELD_NB], gl[FEN_FIELD_NB];
	int en = fen_compare_split(expected, expected_length, es, el);
	int gn = fen_compare_split(given, given_length, gs, gl);
	char want[SQUARE_NB], got[SQUARE_NB];

	memset(out, 0, sizeof *out);
	for (int f = 0; f < FEN_FIELD_NB; f++) {
		bool have_e = f < en, have_g = f < gn;
		if (have_e != have_g || (have_e && (el[f] != gl[f] || memcmp(es[f], gs[f], el[f]))))
			out->fields |= 1u << f;
	}
	/* The placements, square by square over the ranks both read. */
	unsigned bad_e = fen_compare_placement(en ? es[0] : "", en ? el[0] : 0, want);
	out->bad_ranks = fen_compare_placement(gn ? gs[0] : "", gn ? gl[0] : 0, got);
	for (int rank = 7; rank >= 0; rank--) {
		if ((bad_e | out->bad_ranks) & (1u << rank))
			continue;
		for (int file = 0; file < 8; file++) {
			int sq = square_make(file, rank);
			if (want[sq] != got[sq])
				out->squares[out->square_count++] = (struct fen_square_diff){ (uint8_t)sq, want[sq], got[sq] };
		}
	}
	out->equal = out->fields == 0;
}
