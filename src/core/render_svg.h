/* render_svg.h -- a position drawn as an SVG 1.1 picture: squares in a theme's colours,
 * coordinates, the last move, the king in check, square fills, circles and arrows, and
 * fend's own piece set (text-free paths, each piece type defined once in <defs> and
 * placed with <use>). Also the sprite sheet the raster images are made from, so that
 * PNG and GIF show the same pieces. Nothing here allocates: the caller owns the buffer. */
#ifndef FEN_RENDER_SVG_H
#define FEN_RENDER_SVG_H

#include <stddef.h>

#include "position.h"
#include "render_options.h"

/* Room for any picture render_svg writes (64 pieces and every list full), with its NUL. */
#define RENDER_SVG_MAX 65536

/* Writes the SVG of pos into out (size bytes; RENDER_SVG_MAX is always enough). pos may
 * be any readable board, legal or not. Returns the length, or 0 when out is too small. */
size_t render_svg(const struct position *pos, const struct render_options *opts, char *out, size_t size);

/* render_svg for a caller that already holds pos's title: fen as fen_format writes it with
 * FEN_EP_FEN and FEN_CASTLING_STANDARD, or fen_format_board's text when that fails. */
size_t render_svg_titled(const struct position *pos, const struct render_options *opts, const char *fen, char *out,
			 size_t size);

/* The sprite sheet: RENDER_SPRITE_COLUMNS cells of square x square pixels in two rows.
 * Row 0 holds the pieces in render_sprite_pieces order; row 1 the coordinate glyphs
 * 'a'..'h' then '1'..'8', in black, where a board square shows them (letters at the
 * bottom right, numbers at the top left). Returns the length, or 0 when out is too small. */
#define RENDER_SPRITE_COLUMNS 16
#define RENDER_SPRITE_PIECES 12
extern const unsigned char render_sprite_pieces[RENDER_SPRITE_PIECES];
size_t render_svg_sprites(int square, char *out, size_t size);

#endif
