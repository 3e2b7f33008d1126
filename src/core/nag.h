/* nag.h -- Numeric Annotation Glyphs: the PGN standard's table of $0..$255 (with the
 * glyph that books print, where one exists), and reading the glyphs people write instead
 * of the number: the move suffixes ! ? !! ?? !? ?! (NAGs 1-6) and the position assessments
 * = ∞ ⩲ += ⩱ =+ ± +/- ∓ -/+ +− +- −+ -+ (NAGs 10, 13-19), written apart from the move
 * or glued to it. */
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

/* The glyph that text (length bytes) ends with, among those people write glued to a move
 * ("Bb5±", "Nxe5!", "Ba4="): the move suffixes ! ? !! ?? !? ?! (NAGs 1-6), □ (7), = (10),
 * ∞ (13), ⩲ += +/= (14), ⩱ =+ =/+ (15), ± +/- (16), ∓ -/+ (17), +− +- (18), −+ -+ (19),
 * ⨀ (22) and N (146), with U+2212 or '-' for the minus. Returns the NAG and sets
 * *glyph_length, or returns 0 (and sets it to 0). The longest glyph wins: "+=" over "=".
 * Whether the glyph really is one ('=' may be a promotion's, 'N' a piece letter, the '+'
 * of "+=" a check sign) is for the caller, who knows what stands before it. */
int nag_glued_suffix(const char *text, size_t length, size_t *glyph_length);

#endif
