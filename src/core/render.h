/* render.h -- a position drawn as text for people: ASCII or Unicode chess symbols, with
 * rank and file labels, from White's side or Black's. (SVG comes with the web renderer.) */
#ifndef FEN_RENDER_H
#define FEN_RENDER_H

#include <stddef.h>

#include "position.h"

enum render_charset { RENDER_ASCII, RENDER_UNICODE };

/* Room for any board render_text writes, with its NUL. */
#define RENDER_TEXT_MAX 512

/* Draws pos into out (size bytes; RENDER_TEXT_MAX is always enough), the side named by
 * orientation at the bottom. Returns the length written, or 0 when out is too small. */
size_t render_text(const struct position *pos, enum render_charset charset, enum color orientation,
		   char *out, size_t size);

#endif
