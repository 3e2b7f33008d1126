/* nag.h -- Numeric Annotation Glyphs: the PGN standard's table of $0..$255 (with the
 * glyph that books print, where one exists), and reading the glyphs people write instead
 * of the number: the move suffixes ! ? !! ?? !? ?! (NAGs 1-6) and the position assessments
 * = ∞ ⩲ += ⩱ =+ ± +/- ∓ -/+ +− +- −+ -+ (NAGs 10, 13-19). */
#ifndef FEN_NAG_H
#define FEN_NAG_H

#include <stddef.h>

#define NAG_MAX 255

/* The English meaning of a NAG, as the PGN standard words it ("unclear position"); NULL
 * for an unassigned number or one above 255. */
const char *nag_meaning(int nag);

/* The glyph printed for a NAG ("!", "∞", "±"); NULL when it has none. */
const char *nag_glyph(int nag);

/* The NAG that length bytes of text spell as a glyph (any of the spellings above, or one
 * of the table's own glyphs), or -1. */
int nag_from_glyph(const char *text, size_t length);

/* Splits a trailing move suffix (!, ?, !!, ??, !?, ?!) off text: returns its NAG (1-6)
 * and sets *kept to the length before it, or returns 0 and sets *kept to length. */
int nag_suffix(const char *text, size_t length, size_t *kept);

#endif
