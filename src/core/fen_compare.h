/* fen_compare.h -- two FENs compared field by field (fen_compare.c). */
#ifndef FEND_FEN_COMPARE_H
#define FEND_FEN_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "types.h"

/* One square whose piece differs: the piece letters (KQRBNPkqrbnp), '\0' for empty. */
struct fen_square_diff {
	uint8_t square;
	char expected;
	char given;
};

struct fen_comparison {
	bool equal;                                /* every field the same text */
	unsigned fields;                           /* bit (1 << enum fen_field) per field that differs */
	int square_count;                          /* squares[0 .. square_count), a8 to h1 */
	struct fen_square_diff squares[SQUARE_NB];
	unsigned bad_ranks;                        /* bit r - 1 per rank r of the given placement
						    * that does not read as eight squares (its
						    * squares are not compared) */
};

/* Compares given with expected, both FEN text (blank-separated fields; a field missing
 * from given differs). The six fields are compared as written; the piece placements
 * square by square, rank by rank, where both ranks read as eight squares. */
void fen_compare(const char *expected, size_t expected_length, const char *given, size_t given_length,
		 struct fen_comparison *out);

#endif
