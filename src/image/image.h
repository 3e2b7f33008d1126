/* image.h -- raster boards (libfenimage): PNG and GIF pictures of a position, and the
 * animated GIF of a game, composed from sprites of fend's own SVG pieces.
 *
 * The sprites were rasterized at build time (rsvg-convert, from render_svg_sprites) for
 * each square size in image_square_sizes and are embedded in the binary; each size's
 * sheet is decoded (libpng) the first time a board of that size is drawn. A board is
 * composed by filling squares and copying sprites into an RGB buffer, mapped to its
 * theme's prepared palette (palette.c), then encoded: an 8-bit indexed PNG by libpng, a
 * GIF by fend itself (gif.c, lzw.c). A game's GIF copies the squares no mark draws on
 * from tiles, each look of a square drawn and mapped once per process (tiles.c). With
 * square fills, the PNG is RGB and the GIF gets a palette of its own. The picture
 * follows render_options exactly as the SVG does.
 *
 * Functions returning a buffer hand the caller memory to release with free(). They
 * return 0 on success and -1 when memory ran out or an encoder failed. Thread-safe. */
#ifndef FEND_IMAGE_H
#define FEND_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "core/position.h"
#include "core/render_game.h"
#include "core/render_options.h"
#include "core/work.h"

/* The square sizes that sprites exist for, in pixels, smallest first. */
extern const int image_square_sizes[];
extern const int image_square_size_count;

/* The square size a board of size pixels snaps to: the supported one nearest to size/8
 * (the smaller on a tie). The picture is then 8 times that wide and high. */
int image_square_for(int size);

/* Draws pos into rgb (3 bytes a pixel, rows top down, 8 * square pixels wide and high);
 * square must be one of image_square_sizes. */
int image_compose(const struct position *pos, const struct render_options *opts, int square, uint8_t *rgb);

/* A PNG of pos, at the square size opts->size snaps to. */
int image_png(const struct position *pos, const struct render_options *opts, unsigned char **out,
	      size_t *length);

/* A GIF of pos (one frame). */
int image_gif(const struct position *pos, const struct render_options *opts, unsigned char **out,
	      size_t *length);

/* What image_gif_game and image_gif_game_marked return when check said to stop (nothing
 * is in *out then). */
#define IMAGE_STOPPED 1

/* The animated GIF of a game: the start position, then one frame per move with that
 * move tinted (opts->last_move is ignored after the first frame). moves must be legal
 * in turn from start (a valid position). Every frame shows for delay_ms, the last one
 * for final_delay_ms; the animation loops. Frames after the first hold only the
 * rectangle that changed, every pixel the viewer already shows transparent (entry 255),
 * and are never disposed of. check (NULL: never stop) is asked before every frame: when
 * it says to stop, IMAGE_STOPPED is returned. */
int image_gif_game(const struct position *start, const move *moves, int count, const struct render_options *opts,
		   int delay_ms, int final_delay_ms, const struct work_check *check, unsigned char **out,
		   size_t *length);

/* The same, and each frame also draws its own marks (render_game.h: the [%cal] arrows
 * and [%csl] circles of the comment after its move; marks may be NULL), over those of
 * opts. A frame's rectangle covers the squares whose content changed and those under
 * the marks that differ from the frame before's (a mark drawn on both, in the same
 * order, does not count: the request's own arrows cost nothing on a frame they do not
 * cross); those squares are drawn again, the marks clipped to them (the rest of the
 * rectangle is the same on both frames). Every frame shows what drawing its position
 * whole would. */
int image_gif_game_marked(const struct position *start, const move *moves, int count,
			  const struct render_options *opts, const struct render_game_marks *marks, int delay_ms,
			  int final_delay_ms, const struct work_check *check, unsigned char **out, size_t *length);

/* What drawing costs, before anything is drawn: the pixels a picture or an animation
 * draws, where each pixel costs about the same (a square's pixel filled, blended with a
 * sprite, mapped to the palette and encoded; a mark's pixel whose coverage is computed).
 * The counts are exact for the board and tight upper bounds for the marks (each mark is
 * drawn only where its coverage can be > 0: its area, its anti-aliased edge and a pixel
 * a row). Both take time in the number of marks and frames only, no pixel work. */

/* The pixels image_png or image_gif draws for pos with opts: the board's width squared,
 * and each circle's and arrow's area. */
uint64_t image_picture_cost(const struct position *pos, const struct render_options *opts);

/* The pixels image_gif_game_marked draws for the game (marks may be NULL): the first and
 * the last frame whole (with fills, the palette is taken from them; the first is frame
 * 0), frame 0's board mapped and encoded once more, then each later frame's rectangle
 * (encoded; the squares drawn again within it are fewer) and its marks' area within
 * it. An upper bound without fills, where the last frame is not drawn. */
uint64_t image_game_cost(const struct position *start, const move *moves, int count,
			 const struct render_options *opts, const struct render_game_marks *marks);

#endif
