/* san_internal.h -- what san.c's reader takes from san_write.c's writer: the standard
 * SAN of a move without its check mark, and the disambiguation it needs. Not part of
 * libfen's interface. */
#ifndef FEN_SAN_INTERNAL_H
#define FEN_SAN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "movegen.h"
#include "san.h"

/* Whether the origin's file and rank must be written to tell m from the other legal
 * moves of the same piece type to the same square (legal may be NULL: generated here). */
void san_disambiguation(const struct position *pos, const struct move_list *legal, move m, bool *file, bool *rank);

/* m's SAN in lang and style without its check mark, into out; returns the length.
 * legal may be NULL. */
size_t san_format_body(const struct position *pos, const struct move_list *legal, move m, enum san_lang lang,
		       enum san_style style, char out[SAN_MAX]);

#endif
