/* check_image.c -- libfenimage's pictures decoded again: PNGs with libpng (size, and the
 * colour at square centres: theme, last move, fills, check, orientation, pieces), GIFs
 * with giflib (one frame for a board, one per ply for a game, later frames smaller, each
 * frame what a full redraw shows); the marks drawn by spans against the whole-box
 * drawing they replaced (kept here as the reference); the costs against the pixels
 * drawing evaluates; a game's drawing stopped between frames. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <gif_lib.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/render_game.h"
#include "core/uci.h"
#include "image/image.h"
#include "image/image-internal.h"
#include "check_gif.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define CHECK_FEN "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"

/* A decoded PNG: RGB pixels. */
struct picture {
	int width, height;
	uint8_t *rgb;
};

static void png_decode(const unsigned char *data, size_t length, struct picture *pic)
{
	png_image image;

	memset(&image, 0, sizeof image);
	image.version = PNG_IMAGE_VERSION;
	ck_assert_msg(png_image_begin_read_from_memory(&image, data, length), "not a PNG: %s", image.message);
	image.format = PNG_FORMAT_RGB;
	pic->width = (int)image.width;
	pic->height = (int)image.height;
	pic->rgb = malloc(PNG_IMAGE_SIZE(image));
	ck_assert_ptr_nonnull(pic->rgb);
	ck_assert_msg(png_image_finish_read(&image, NULL, pic->rgb, 0, NULL), "bad PNG: %s", image.message);
}

static void render_png(const char *fen, const struct render_options *opts, struct picture *pic)
{
	struct position pos;
	struct fen_report report;
	unsigned char *data;
	size_t length;

	ck_assert_int_ne(fen_parse(fen, strlen(fen), NULL, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(image_png(&pos, opts, &data, &length), 0);
	ck_assert_uint_gt(length, 100);
	png_decode(data, length, pic);
	free(data);
}

/* The pixel at the centre of the square drawn at (col, row) from the top left. */
static uint32_t centre(const struct picture *pic, int col, int row)
{
	int s = pic->width / 8;
	const uint8_t *p = pic->rgb + ((size_t)(row * s + s / 2) * (size_t)pic->width + (size_t)(col * s + s / 2)) * 3;

	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* rgba laid over rgb, as the compositor does it. */
static uint32_t over(uint32_t rgb, uint32_t rgba)
{
	unsigned a = rgba & 0xff, out = 0;

	for (int shift = 16; shift >= 0; shift -= 8) {
		unsigned c = (rgba >> (shift + 8)) & 0xff, d = (rgb >> shift) & 0xff;
		out |= ((c * a + d * (255 - a) + 127) / 255) << shift;
	}
	return out;
}

/* How many pixels of the square at (col, row) differ from colour. */
static int differing(const struct picture *pic, int col, int row, uint32_t colour)
{
	int s = pic->width / 8, n = 0;

	for (int y = row * s; y < (row + 1) * s; y++)
		for (int x = col * s; x < (col + 1) * s; x++) {
			const uint8_t *p = pic->rgb + ((size_t)y * (size_t)pic->width + (size_t)x) * 3;
			n += ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) != colour;
		}
	return n;
}

START_TEST(png_sizes)
{
	static const int sizes[][2] = { { 360, 360 }, { 64, 128 }, { 128, 128 }, { 500, 512 }, { 1024, 1024 },
					{ 2048, 1024 }, { 200, 192 } };
	struct render_options opts;

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct picture pic;
		render_options_default(&opts);
		opts.size = sizes[i][0];
		ck_assert_int_eq(8 * image_square_for(opts.size), sizes[i][1]);
		render_png(START_FEN, &opts, &pic);
		ck_assert_int_eq(pic.width, sizes[i][1]);
		ck_assert_int_eq(pic.height, sizes[i][1]);
		free(pic.rgb);
	}
}
END_TEST

START_TEST(png_square_colours)
{
	struct render_options opts;
	struct render_error err;
	struct picture pic;

	for (int theme = 0; theme < RENDER_THEME_NB; theme++) {
		const struct render_palette *pal = &render_palettes[theme];
		render_options_default(&opts);
		opts.theme = (enum render_theme)theme;
		opts.coordinates = false;
		render_png(START_FEN, &opts, &pic);
		/* Empty squares of ranks 3-6: a3 (col 0, row 5) is dark, b3 light. */
		for (int row = 2; row <= 5; row++)
			for (int col = 0; col < 8; col++) {
				uint32_t want = (col + row) % 2 ? pal->dark : pal->light;
				ck_assert_msg(centre(&pic, col, row) == want, "theme %s square %d,%d: %06x, not %06x", pal->name,
					      col, row, centre(&pic, col, row), want);
				ck_assert_int_eq(differing(&pic, col, row, want), 0);
			}
		/* Occupied squares show their piece. */
		ck_assert_int_gt(differing(&pic, 4, 7, (4 + 7) % 2 ? pal->dark : pal->light), 200);
		free(pic.rgb);
	}
	/* Last move, fills and their mix. */
	render_options_default(&opts);
	ck_assert_int_eq(render_parse_last_move("e2e4", &opts, &err), 0);
	ck_assert_int_eq(render_parse_fills("a3:#ff000080,e4:#0000ff", &opts, &err), 0);
	render_png("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", &opts, &pic);
	const struct render_palette *pal = &render_palettes[RENDER_THEME_BROWN];
	ck_assert_uint_eq(centre(&pic, 4, 6), over(pal->light, pal->last_move_rgba)); /* e2, now empty */
	ck_assert_uint_eq(centre(&pic, 0, 5), over(pal->dark, 0xff000080));            /* a3 */
	ck_assert_int_gt(differing(&pic, 4, 4, over(0x0000ff, pal->last_move_rgba)), 200); /* e4: pawn */
	free(pic.rgb);
}
END_TEST

START_TEST(png_orientation_check_marks)
{
	struct render_options opts;
	struct render_error err;
	struct picture pic;
	const struct render_palette *pal = &render_palettes[RENDER_THEME_BROWN];

	/* Black at the bottom: a1's fill is drawn at the top right. */
	render_options_default(&opts);
	opts.orientation = RENDER_ORIENT_BLACK;
	opts.coordinates = false;
	render_parse_fills("a1:#00ff00", &opts, &err);
	render_png("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &opts, &pic);
	ck_assert_uint_eq(centre(&pic, 7, 0), 0x00ff00);
	ck_assert_uint_eq(centre(&pic, 0, 7), pal->dark); /* h8 */
	free(pic.rgb);
	/* The king in check glows red around it (the piece covers the middle). */
	render_options_default(&opts);
	opts.coordinates = false;
	render_png(CHECK_FEN, &opts, &pic);
	{
		int s = pic.width / 8;
		const uint8_t *p = pic.rgb + ((size_t)(s / 2) * (size_t)pic.width + (size_t)(4 * s + s / 10)) * 3;
		ck_assert_msg(p[0] - p[1] > 50, "no red glow at e8's left edge: %d %d %d", p[0], p[1], p[2]);
	}
	free(pic.rgb);
	opts.check = false;
	render_png(CHECK_FEN, &opts, &pic);
	{
		int s = pic.width / 8;
		const uint8_t *p = pic.rgb + ((size_t)(s / 2) * (size_t)pic.width + (size_t)(4 * s + s / 10)) * 3;
		uint32_t light = render_palettes[RENDER_THEME_BROWN].light;
		ck_assert_uint_eq((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2], light);
	}
	free(pic.rgb);
	/* An arrow and a circle colour their squares. */
	render_options_default(&opts);
	opts.coordinates = false;
	render_parse_arrows("Ba3h3", &opts, &err);
	render_parse_circles("Rd6", &opts, &err);
	render_png(START_FEN, &opts, &pic);
	ck_assert_uint_eq(centre(&pic, 3, 5), over(pal->light, render_mark_rgba(RENDER_MARK_BLUE)));
	ck_assert_uint_eq(centre(&pic, 3, 2), pal->dark); /* the ring leaves the centre alone */
	ck_assert_int_gt(differing(&pic, 3, 2, pal->dark), 100);
	free(pic.rgb);
}
END_TEST

/* The indexed PNG against the truecolour drawing: every pixel is the palette's entry for
 * the drawn colour (the colour itself whenever the palette holds it), never further from
 * it than IMAGE_PNG_WORST in any channel (measured: 31, on under 3% of the pixels, the
 * anti-aliased edges); with fills, the PNG is RGB and exact. */
#define IMAGE_PNG_WORST 32

START_TEST(png_palette_against_truecolour)
{
	static const char *const fens[] = { START_FEN, CHECK_FEN, "4k2R/8/8/8/8/8/8/4K3 b - - 0 1",
					    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4" };
	static const int sizes[] = { 128, 360, 720, 1024 };
	int worst = 0;
	long inexact = 0, total = 0;

	for (int theme = 0; theme < RENDER_THEME_NB; theme++)
		for (size_t fi = 0; fi < sizeof fens / sizeof fens[0]; fi++)
			for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
				struct render_options opts;
				struct render_error err;
				struct position pos;
				struct fen_report report;
				enum fen_verdict verdict;
				struct picture pic;
				unsigned char *data;
				size_t length;
				render_options_default(&opts);
				opts.theme = (enum render_theme)theme;
				opts.size = sizes[si];
				if (fi == 3) {
					ck_assert_int_eq(render_parse_last_move("d1h5", &opts, &err), 0);
					ck_assert_int_eq(render_parse_arrows("Gh5f7,Rc4f7,Ye1e8,Bb1c3", &opts, &err), 0);
					ck_assert_int_eq(render_parse_circles("Gf7,Re5,Yd4,Bc6", &opts, &err), 0);
				}
				ck_assert_int_eq(render_read_board(fens[fi], NULL, &pos, &report, &verdict), 0);
				int square = image_square_for(opts.size), width = 8 * square;
				size_t n = (size_t)width * (size_t)width;
				uint8_t *rgb = malloc(n * 3);
				ck_assert_ptr_nonnull(rgb);
				ck_assert_int_eq(image_compose(&pos, &opts, square, rgb), 0);
				ck_assert_int_eq(image_png(&pos, &opts, &data, &length), 0);
				ck_assert_int_eq(data[25], 3); /* IHDR colour type: indexed */
				png_decode(data, length, &pic);
				free(data);
				ck_assert_int_eq(pic.width, width);
				const struct image_palette *pal = image_palette(opts.theme);
				ck_assert_ptr_nonnull(pal);
				for (size_t k = 0; k < n; k++) {
					const uint8_t *want = rgb + 3 * k, *got = pic.rgb + 3 * k;
					uint32_t colour = (uint32_t)want[0] << 16 | (uint32_t)want[1] << 8 | want[2];
					uint32_t entry = pal->rgb[image_palette_index(pal, colour)];
					uint32_t shown = (uint32_t)got[0] << 16 | (uint32_t)got[1] << 8 | got[2];
					if (shown != entry)
						ck_abort_msg("theme %d fen %zu size %d: pixel %zu is %06x, not entry %06x (of %06x)",
							     theme, fi, width, k, shown, entry, colour);
					if (shown != colour) {
						inexact++;
						for (int c = 0; c < 3; c++)
							if (abs(got[c] - want[c]) > worst)
								worst = abs(got[c] - want[c]);
					}
				}
				total += (long)n;
				free(rgb);
				free(pic.rgb);
			}
	ck_assert_msg(worst <= IMAGE_PNG_WORST, "a pixel is %d off in a channel (%ld of %ld pixels not exact)", worst,
		      inexact, total);
}
END_TEST

/* A request with fills: an RGB PNG, exactly the drawing. */
START_TEST(png_fills_truecolour)
{
	struct render_options opts;
	struct render_error err;
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict;
	struct picture pic;
	unsigned char *data;
	size_t length;

	render_options_default(&opts);
	ck_assert_int_eq(render_parse_fills("a3:#ff000080,e4:#0000ff", &opts, &err), 0);
	ck_assert_int_eq(render_read_board(START_FEN, NULL, &pos, &report, &verdict), 0);
	int square = image_square_for(opts.size), width = 8 * square;
	uint8_t *rgb = malloc((size_t)width * (size_t)width * 3);
	ck_assert_ptr_nonnull(rgb);
	ck_assert_int_eq(image_compose(&pos, &opts, square, rgb), 0);
	ck_assert_int_eq(image_png(&pos, &opts, &data, &length), 0);
	ck_assert_int_eq(data[25], 2); /* IHDR colour type: RGB */
	png_decode(data, length, &pic);
	free(data);
	ck_assert(!memcmp(rgb, pic.rgb, (size_t)width * (size_t)width * 3));
	free(rgb);
	free(pic.rgb);
}
END_TEST

START_TEST(gif_board)
{
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	struct gif_source src;
	unsigned char *data;
	size_t length;
	int err;

	fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
	render_options_default(&opts);
	ck_assert_int_eq(image_gif(&pos, &opts, &data, &length), 0);
	GifFileType *gif = gif_decode(data, length, &src);
	ck_assert_int_eq(gif->ImageCount, 1);
	ck_assert_int_eq(gif->SWidth, 360);
	ck_assert_int_eq(gif->SHeight, 360);
	/* The a3 square's centre maps to a palette colour close to the theme's dark. */
	const SavedImage *frame = &gif->SavedImages[0];
	GifColorType c = gif->SColorMap->Colors[frame->RasterBits[(size_t)(5 * 45 + 22) * 360 + 22]];
	uint32_t dark = render_palettes[RENDER_THEME_BROWN].dark;
	ck_assert_int_le(abs(c.Red - (int)(dark >> 16)) + abs(c.Green - (int)((dark >> 8) & 255)) +
			 abs(c.Blue - (int)(dark & 255)), 12);
	DGifCloseFile(gif, &err);
	free(data);
}
END_TEST

START_TEST(gif_game)
{
	static const char *const uci[] = { "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f8c5", "d2d4", "e5d4" };
	enum { PLIES = sizeof uci / sizeof uci[0] };
	struct position pos, start;
	struct fen_report report;
	struct render_options opts;
	struct gif_source src;
	move moves[PLIES];
	unsigned char *data;
	size_t length;
	int err;

	fen_parse(START_FEN, strlen(START_FEN), NULL, &start, &report);
	pos = start;
	for (int i = 0; i < PLIES; i++) {
		struct position_undo undo;
		ck_assert_int_eq(uci_parse_move(&pos, uci[i], strlen(uci[i]), &moves[i]), UCI_OK);
		position_make_move(&pos, moves[i], &undo);
	}
	render_options_default(&opts);
	opts.size = 256;
	ck_assert_int_eq(image_gif_game(&start, moves, PLIES, &opts, 500, 2000, NULL, &data, &length), 0);
	GifFileType *gif = gif_decode(data, length, &src);
	ck_assert_int_eq(gif->ImageCount, PLIES + 1);
	ck_assert_int_eq(gif->SWidth, 256);
	ck_assert_int_eq(gif->SavedImages[0].ImageDesc.Width, 256);
	for (int i = 1; i <= PLIES; i++) {
		const GifImageDesc *d = &gif->SavedImages[i].ImageDesc;
		GraphicsControlBlock gcb;
		ck_assert_int_lt(d->Width * d->Height, 256 * 256);
		ck_assert_int_eq(d->Left % 32, 0);
		ck_assert_int_eq(d->Top % 32, 0);
		ck_assert_int_eq(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
		ck_assert_int_eq(gcb.DelayTime, i == PLIES ? 200 : 50);
		ck_assert_int_eq(gcb.DisposalMode, DISPOSE_DO_NOT);
	}
	/* e2e4: the frame spans e2 to e4 only (one file, three ranks). */
	ck_assert_int_eq(gif->SavedImages[1].ImageDesc.Width, 32);
	ck_assert_int_eq(gif->SavedImages[1].ImageDesc.Height, 96);
	ck_assert_int_eq(gif->SavedImages[1].ImageDesc.Left, 4 * 32);
	ck_assert_int_eq(gif->SavedImages[1].ImageDesc.Top, 4 * 32);
	/* Loops for ever: a NETSCAPE2.0 block. */
	ck_assert_ptr_nonnull(memmem(data, length, "NETSCAPE2.0", 11));
	DGifCloseFile(gif, &err);
	free(data);
	/* No moves: one frame. */
	ck_assert_int_eq(image_gif_game(&start, moves, 0, &opts, 500, 2000, NULL, &data, &length), 0);
	gif = gif_decode(data, length, &src);
	ck_assert_int_eq(gif->ImageCount, 1);
	DGifCloseFile(gif, &err);
	free(data);
}
END_TEST

static uint32_t pixel_at(const uint8_t *rgb, int width, int x, int y)
{
	const uint8_t *p = rgb + ((size_t)y * (size_t)width + (size_t)x) * 3;
	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static int colour_distance(uint32_t a, uint32_t b)
{
	return abs((int)(a >> 16) - (int)(b >> 16)) + abs((int)((a >> 8) & 255) - (int)((b >> 8) & 255)) +
	       abs((int)(a & 255) - (int)(b & 255));
}

START_TEST(gif_game_marks)
{
	/* frame 1: a green arrow e2-e4; frame 2: a red circle on d5 (the arrow gone);
	 * frame 3: nothing; frame 4: a blue arrow c4-f7, across d5 and e6. */
	static const char pgn[] = "1. e4 {[%cal Ge2e4]} e5 {good [%csl Rd5]} 2. Nf3 Nc6 {[%cal Bc4f7]} *";
	static struct pgn_reader reader;
	struct render_game_reader g;
	struct render_game_error err;
	struct render_arrow room[16];
	int frame[16], count, e;
	struct render_game_marks marks = { room, 16, 0, frame, false };
	struct render_options opts;
	struct position start;
	struct gif_source src;
	move moves[8];
	unsigned char *data;
	size_t length;

	render_game_begin(&g, &reader, &start, moves, 8, &marks, &err);
	render_game_feed(&g, pgn, strlen(pgn));
	ck_assert_int_eq(render_game_finish(&g, &count), 0);
	ck_assert_int_eq(count, 4);
	render_options_default(&opts);
	opts.size = 256; /* squares of 32 pixels */
	ck_assert_int_eq(image_gif_game_marked(&start, moves, count, &opts, &marks, 500, 2000, NULL, &data, &length), 0);
	GifFileType *gif = gif_decode(data, length, &src);
	ck_assert_int_eq(gif->ImageCount, 5);

	const struct render_palette *pal = &render_palettes[RENDER_THEME_BROWN];
	uint32_t green = over(pal->dark, render_mark_rgba(RENDER_MARK_GREEN));  /* on e3, a dark square */
	uint32_t red = over(pal->light, render_mark_rgba(RENDER_MARK_RED));     /* on d5, a light one */
	uint32_t blue = over(pal->light, render_mark_rgba(RENDER_MARK_BLUE));   /* on d5 */
	int e3x = 4 * 32 + 16, e3y = 5 * 32 + 16;       /* the arrow's shaft crosses e3's centre */
	int ringx = 3 * 32 + 16 + 13, ringy = 3 * 32 + 16; /* on the ring, right of d5's centre */
	int bx = 3 * 32 + 16, by = 3 * 32 + 16;           /* d5's centre, where the ring is not */
	uint8_t *canvas = calloc((size_t)256 * 256 * 3, 1);
	ck_assert_ptr_nonnull(canvas);

	for (int i = 0; i < gif->ImageCount; i++) {
		gif_apply(gif, i, canvas);
		uint32_t at_e3 = pixel_at(canvas, 256, e3x, e3y), at_ring = pixel_at(canvas, 256, ringx, ringy);
		uint32_t at_b = pixel_at(canvas, 256, bx, by);
		if (i == 1)
			ck_assert_msg(at_e3 == green, "frame 1: e3 is %06x, not the arrow's %06x", at_e3, green);
		else
			ck_assert_msg(colour_distance(at_e3, pal->dark) <= 12, "frame %d: e3 is %06x, not the square's %06x",
				      i, at_e3, pal->dark);
		if (i == 2)
			ck_assert_msg(at_ring == red, "frame 2: the ring is %06x, not %06x", at_ring, red);
		else
			ck_assert_msg(colour_distance(at_ring, pal->light) <= 12, "frame %d: d5 is %06x, not %06x", i,
				      at_ring, pal->light);
		if (i == 4)
			ck_assert_msg(at_b == blue, "frame 4: d5 is %06x, not the arrow's %06x", at_b, blue);
		else
			ck_assert_msg(colour_distance(at_b, pal->light) <= 12, "frame %d: d5 is %06x, not %06x", i, at_b,
				      pal->light);
	}
	/* The last frame's arrow spans c4 to f7: its frame covers those squares (and the
	 * ones Nc6 changed), not the whole board. */
	const GifImageDesc *d = &gif->SavedImages[4].ImageDesc;
	ck_assert_int_le(d->Left, 1 * 32);
	ck_assert_int_ge(d->Left + d->Width, 6 * 32);
	ck_assert_int_le(d->Top, 1 * 32);
	ck_assert_int_ge(d->Top + d->Height, 5 * 32);
	ck_assert_int_lt(d->Width * d->Height, 256 * 256);
	/* Frame 2 wipes frame 1's arrow: it reaches down to e2. */
	d = &gif->SavedImages[2].ImageDesc;
	ck_assert_int_ge(d->Top + d->Height, 7 * 32);
	free(canvas);
	DGifCloseFile(gif, &e);
	free(data);
}
END_TEST

/* ---- the marks as they were drawn before spans: every pixel of the outline's box (an
 * arrow) or of the square (a circle). The reference the span drawing must match. ---- */

struct ref_polygon {
	int n;
	double ax[4], ay[4], nx[4], ny[4];
};

static void ref_polygon_init(struct ref_polygon *p, const double (*pts)[2], int n, double orient)
{
	p->n = 0;
	for (int i = 0; i < n; i++) {
		const double *a = pts[i], *b = pts[(i + 1) % n];
		double ex = b[0] - a[0], ey = b[1] - a[1], len = sqrt(ex * ex + ey * ey);
		if (len < 1e-9)
			continue;
		p->ax[p->n] = a[0], p->ay[p->n] = a[1];
		p->nx[p->n] = -orient * ey / len, p->ny[p->n] = orient * ex / len;
		p->n++;
	}
}

static double ref_coverage(const struct ref_polygon *p, double px, double py)
{
	double d = 1e9;

	for (int i = 0; i < p->n; i++) {
		double e = p->nx[i] * (px - p->ax[i]) + p->ny[i] * (py - p->ay[i]);
		if (e < d)
			d = e;
	}
	d += 0.5;
	return d < 0 ? 0 : d > 1 ? 1 : d;
}

static double ref_orientation(const double (*pts)[2], int n)
{
	double area = 0;

	for (int i = 0; i < n; i++) {
		const double *a = pts[i], *b = pts[(i + 1) % n];
		area += a[0] * b[1] - b[0] * a[1];
	}
	return area > 0 ? 1 : -1;
}

static void ref_blend(uint8_t *px, uint32_t rgb, unsigned a)
{
	unsigned na = 255 - a;

	px[0] = (uint8_t)((((rgb >> 16) & 0xff) * a + px[0] * na + 127) / 255);
	px[1] = (uint8_t)((((rgb >> 8) & 0xff) * a + px[1] * na + 127) / 255);
	px[2] = (uint8_t)(((rgb & 0xff) * a + px[2] * na + 127) / 255);
}

/* Draws an arrow over rgb (8 * square pixels wide) the old way; returns how many pixels
 * had a coverage > 0. */
static size_t ref_arrow(uint8_t *rgb, int square, enum color bottom, const struct render_arrow *arrow)
{
	double pts[7][2], minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
	uint32_t rgba = render_mark_rgba((enum render_mark)arrow->mark);
	int width = 8 * square;
	size_t covered = 0;

	render_arrow_outline(arrow, bottom, pts);
	for (int i = 0; i < 7; i++) {
		pts[i][0] *= square;
		pts[i][1] *= square;
		minx = fmin(minx, pts[i][0]), maxx = fmax(maxx, pts[i][0]);
		miny = fmin(miny, pts[i][1]), maxy = fmax(maxy, pts[i][1]);
	}
	struct ref_polygon shaft, head;
	ref_polygon_init(&shaft, pts, 4, ref_orientation(pts, 4));
	ref_polygon_init(&head, pts + 4, 3, ref_orientation(pts + 4, 3));
	int x0 = (int)fmax(0, floor(minx) - 1), x1 = (int)fmin(width - 1, ceil(maxx) + 1);
	int y0 = (int)fmax(0, floor(miny) - 1), y1 = (int)fmin(width - 1, ceil(maxy) + 1);
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++) {
			double cov = fmax(ref_coverage(&shaft, x + 0.5, y + 0.5), ref_coverage(&head, x + 0.5, y + 0.5));
			if (cov > 0) {
				ref_blend(rgb + ((size_t)y * (size_t)width + (size_t)x) * 3, rgba >> 8,
					  (unsigned)((rgba & 0xff) * cov + 0.5));
				covered++;
			}
		}
	return covered;
}

/* Draws a circle over rgb the old way; returns how many pixels had a coverage > 0. */
static size_t ref_circle(uint8_t *rgb, int square, enum color bottom, const struct render_circle *circle)
{
	uint32_t rgba = render_mark_rgba((enum render_mark)circle->mark);
	double r = RENDER_CIRCLE_RADIUS * square, half = RENDER_CIRCLE_WIDTH * square / 2;
	int col, row, width = 8 * square;
	size_t covered = 0;

	render_square_origin(circle->square, bottom, &col, &row);
	double cx = (col + 0.5) * square, cy = (row + 0.5) * square;
	for (int y = row * square; y < (row + 1) * square; y++)
		for (int x = col * square; x < (col + 1) * square; x++) {
			double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
			double cov = half - fabs(sqrt(dx * dx + dy * dy) - r) + 0.5;
			if (cov > 0) {
				ref_blend(rgb + ((size_t)y * (size_t)width + (size_t)x) * 3, rgba >> 8,
					  (unsigned)((rgba & 0xff) * (cov > 1 ? 1 : cov) + 0.5));
				covered++;
			}
		}
	return covered;
}

/* A background that shows any blend done differently: bytes from a fixed LCG. */
static void mark_background(uint8_t *rgb, size_t bytes)
{
	uint32_t x = 12345;

	for (size_t i = 0; i < bytes; i++) {
		x = x * 1103515245u + 12345u;
		rgb[i] = (uint8_t)(x >> 16);
	}
}

/* The first pixel where a and b differ (width pixels a row), for the message; -1 if none. */
static long mark_first_difference(const uint8_t *a, const uint8_t *b, size_t bytes)
{
	for (size_t i = 0; i < bytes; i++)
		if (a[i] != b[i])
			return (long)(i / 3);
	return -1;
}

/* The square sizes marks are checked at, and how many arrows from how many squares:
 * every arrow from eight squares on small boards, from two on large ones. */
static const int mark_sizes[] = { 16, 20, 32, 45, 72, 100, 128 };
#define MARK_SIZES ((int)(sizeof mark_sizes / sizeof mark_sizes[0]))

START_TEST(marks_arrows_as_before)
{
	static const int anchors[] = { SQ_A1, SQ_D5, SQ_H1, SQ_A8, SQ_H8, SQ_E4, SQ_C7, SQ_F2 };
	int s = mark_sizes[_i], width = 8 * s, nanchors = s <= 45 ? 8 : 2;
	size_t bytes = (size_t)width * (size_t)width * 3;
	uint8_t *bg = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	struct image_canvas c;
	struct image_rect all = { 0, 0, width, width };
	double bound_sum = 0, covered_sum = 0;

	ck_assert_ptr_nonnull(bg);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(got);
	mark_background(bg, bytes);
	fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
	render_options_default(&opts);
	ck_assert_int_eq(image_canvas_init(&c, &pos, &opts, s, got), 0);
	for (int b = 0; b < (s <= 45 ? 2 : 1); b++) {
		enum color bottom = (b + _i) % 2 ? BLACK : WHITE;
		for (int k = 0; k < nanchors; k++)
			for (int to = 0; to < SQUARE_NB; to++) {
				struct render_arrow arrow = { (uint8_t)anchors[k], (uint8_t)to, (uint8_t)((to + k) % RENDER_MARK_NB) };
				struct image_arrow a;
				struct image_arrow_bound bound;
				if (to == anchors[k])
					continue;
				memcpy(want, bg, bytes);
				memcpy(got, bg, bytes);
				size_t covered = ref_arrow(want, s, bottom, &arrow);
				c.bottom = bottom;
				image_arrow_init(&a, &arrow, bottom, s);
				size_t evaluated = image_arrow_draw(&c, &a, &all);
				ck_assert_msg(!memcmp(want, got, bytes), "square %d, arrow %d-%d: pixel %ld differs", s,
					      arrow.from, arrow.to, mark_first_difference(want, got, bytes));
				/* Only where the coverage can be > 0 (and a pixel a row more). */
				ck_assert_uint_ge(evaluated, covered);
				image_arrow_bound_init(&bound, &a);
				double cost = image_arrow_cost(&bound, &all);
				ck_assert_msg(cost >= evaluated, "square %d, arrow %d-%d: cost %.1f < %zu evaluated", s,
					      arrow.from, arrow.to, cost, evaluated);
				ck_assert_msg(cost <= 2.0 * covered, "square %d, arrow %d-%d: cost %.1f for %zu pixels", s,
					      arrow.from, arrow.to, cost, covered);
				bound_sum += cost;
				covered_sum += (double)covered;
			}
	}
	/* Tight: on boards of 45-pixel squares and more, within 15% of the covered pixels. */
	if (s >= 45)
		ck_assert_msg(bound_sum <= 1.15 * covered_sum, "square %d: cost %.0f for %.0f pixels", s, bound_sum,
			      covered_sum);
	free(bg);
	free(want);
	free(got);
}
END_TEST

START_TEST(marks_circles_as_before)
{
	int s = mark_sizes[_i], width = 8 * s;
	size_t bytes = (size_t)width * (size_t)width * 3;
	uint8_t *bg = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	struct image_canvas c;
	struct image_rect all = { 0, 0, width, width };

	ck_assert_ptr_nonnull(bg);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(got);
	mark_background(bg, bytes);
	memcpy(want, bg, bytes);
	memcpy(got, bg, bytes);
	fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
	render_options_default(&opts);
	ck_assert_int_eq(image_canvas_init(&c, &pos, &opts, s, got), 0);
	for (int b = 0; b < 2; b++) {
		c.bottom = b ? BLACK : WHITE;
		for (int sq = 0; sq < SQUARE_NB; sq++) {
			struct render_circle circle = { (uint8_t)sq, (uint8_t)((sq + b) % RENDER_MARK_NB) };
			int col, row;
			size_t covered = ref_circle(want, s, c.bottom, &circle);
			size_t evaluated = image_circle_draw(&c, &circle, &all);
			ck_assert_msg(!memcmp(want, got, bytes), "square %d, circle on %d: pixel %ld differs", s, sq,
				      mark_first_difference(want, got, bytes));
			render_square_origin(sq, c.bottom, &col, &row);
			double cost = image_circle_cost(col, row, s, image_circle_full_cost(s), &all);
			ck_assert_uint_ge(evaluated, covered);
			ck_assert_msg(cost == evaluated, "square %d: circle cost %.1f, %zu evaluated", s, cost, evaluated);
			ck_assert_msg(evaluated <= 1.1 * covered + 2 * s, "square %d: %zu evaluated for %zu covered", s,
				      evaluated, covered);
		}
	}
	free(bg);
	free(want);
	free(got);
}
END_TEST

/* Marks drawn clipped to a rectangle are the whole drawing inside it, and nothing outside. */
START_TEST(marks_clipped)
{
	static const int sizes[] = { 16, 45, 64 };
	uint32_t x = 99;

	for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		int s = sizes[si], width = 8 * s;
		size_t bytes = (size_t)width * (size_t)width * 3;
		uint8_t *bg = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
		struct position pos;
		struct fen_report report;
		struct render_options opts;
		struct image_canvas c;
		ck_assert_ptr_nonnull(bg);
		ck_assert_ptr_nonnull(want);
		ck_assert_ptr_nonnull(got);
		mark_background(bg, bytes);
		fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
		render_options_default(&opts);
		ck_assert_int_eq(image_canvas_init(&c, &pos, &opts, s, got), 0);
		for (int t = 0; t < 300; t++) {
			struct image_rect clip;
			struct render_arrow arrow;
			struct render_circle circle;
			struct image_arrow a;
			struct image_arrow_bound bound;
			int v[6];
			for (int k = 0; k < 6; k++) {
				x = x * 1103515245u + 12345u;
				v[k] = (int)((x >> 8) % 4096u);
			}
			clip.x0 = v[0] % width, clip.y0 = v[1] % width;
			clip.x1 = clip.x0 + 1 + v[2] % (width - clip.x0), clip.y1 = clip.y0 + 1 + v[3] % (width - clip.y0);
			arrow = (struct render_arrow){ (uint8_t)(v[4] % 64), (uint8_t)(v[5] % 64), (uint8_t)(t % RENDER_MARK_NB) };
			if (arrow.from == arrow.to)
				arrow.to = (uint8_t)((arrow.to + 9) % 64);
			circle = (struct render_circle){ (uint8_t)(v[5] % 64), (uint8_t)(t % RENDER_MARK_NB) };
			c.bottom = t % 2 ? BLACK : WHITE;
			memcpy(want, bg, bytes);
			memcpy(got, bg, bytes);
			ref_circle(want, s, c.bottom, &circle);
			ref_arrow(want, s, c.bottom, &arrow);
			for (int y = 0; y < width; y++)
				for (int xx = 0; xx < width; xx++)
					if (xx < clip.x0 || xx >= clip.x1 || y < clip.y0 || y >= clip.y1)
						memcpy(want + ((size_t)y * (size_t)width + (size_t)xx) * 3,
						       bg + ((size_t)y * (size_t)width + (size_t)xx) * 3, 3);
			int col, row;
			render_square_origin(circle.square, c.bottom, &col, &row);
			size_t n = image_circle_draw(&c, &circle, &clip);
			ck_assert(image_circle_cost(col, row, s, image_circle_full_cost(s), &clip) >= n);
			image_arrow_init(&a, &arrow, c.bottom, s);
			image_arrow_bound_init(&bound, &a);
			n = image_arrow_draw(&c, &a, &clip);
			ck_assert(image_arrow_cost(&bound, &clip) >= n);
			ck_assert_msg(!memcmp(want, got, bytes), "square %d, try %d: pixel %ld differs", s, t,
				      mark_first_difference(want, got, bytes));
		}
		free(bg);
		free(want);
		free(got);
	}
}
END_TEST

/* The public picture: a board with 64 arrows and 64 circles is the board without them
 * and the reference marks drawn over it, circles first. */
START_TEST(marks_compose_as_before)
{
	static const int sizes[] = { 45, 128 };
	struct position pos;
	struct fen_report report;
	struct render_options opts, bare;
	struct render_error err;
	char arrows[64 * 6 + 1] = "", circles[64 * 4 + 1] = "";

	fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
	for (int i = 0; i < 64; i++) {
		char item[8];
		int from = (i * 37) % 64, to = (i * 11 + 5) % 64;
		if (from == to)
			to = (to + 1) % 64;
		snprintf(item, sizeof item, "%s%c%c%c%c%c", i ? "," : "", "GRYB"[i % 4], 'a' + from % 8, '1' + from / 8,
			 'a' + to % 8, '1' + to / 8);
		strcat(arrows, item);
		snprintf(item, sizeof item, "%s%c%c%c", i ? "," : "", "GRYB"[(i + 1) % 4], 'a' + i % 8, '1' + i / 8);
		strcat(circles, item);
	}
	for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		int s = sizes[si], width = 8 * s;
		size_t bytes = (size_t)width * (size_t)width * 3;
		uint8_t *want = malloc(bytes), *got = malloc(bytes);
		ck_assert_ptr_nonnull(want);
		ck_assert_ptr_nonnull(got);
		render_options_default(&opts);
		opts.orientation = si ? RENDER_ORIENT_BLACK : RENDER_ORIENT_WHITE;
		ck_assert_int_eq(render_parse_arrows(arrows, &opts, &err), 0);
		ck_assert_int_eq(render_parse_circles(circles, &opts, &err), 0);
		ck_assert_int_eq(opts.arrow_count, 64);
		bare = opts;
		bare.arrow_count = bare.circle_count = 0;
		ck_assert_int_eq(image_compose(&pos, &bare, s, want), 0);
		for (int i = 0; i < opts.circle_count; i++)
			ref_circle(want, s, render_bottom(&opts, &pos), &opts.circles[i]);
		for (int i = 0; i < opts.arrow_count; i++)
			ref_arrow(want, s, render_bottom(&opts, &pos), &opts.arrows[i]);
		ck_assert_int_eq(image_compose(&pos, &opts, s, got), 0);
		ck_assert_msg(!memcmp(want, got, bytes), "square %d: pixel %ld differs", s,
			      mark_first_difference(want, got, bytes));
		free(want);
		free(got);
	}
}
END_TEST

/* ---- every frame of a game GIF is what fend draws as a PNG for that ply ---- */

/* The games: a PGN with marks that come, go, repeat, swap order and double, with castling,
 * a promotion and checks; drawn with the request's own arrows and circles (or not). */
static const struct {
	const char *pgn;
	const char *arrows, *circles;
	int size;
	enum render_orientation orientation;
} gif_redraw_cases[] = {
	{ "1. e4 {[%cal Ge2e4,Rd1h5]} e5 {[%cal Rd1h5,Ge2e4]} 2. Nf3 {[%cal Rd1h5,Ge2e4] [%csl Gd4]} "
	  "Nc6 {[%csl Gd4,Rf7]} 3. Bc4 {[%csl Gd4,Rf7,Gd4]} Nf6 {[%cal Bc4f7,Bc4f7]} 4. O-O {[%cal Bc4f7]} "
	  "Bc5 5. d4 exd4 6. e5 d5 7. exf6 dxc4 8. Re1+ {[%csl Re8] [%cal Re1e8]} Be6 9. fxg7 {[%cal Gg7h8]} "
	  "Qd7 10. gxh8=Q+ {[%csl Yh8]} *",
	  NULL, NULL, 256, RENDER_ORIENT_WHITE },
	{ "1. e4 {[%cal Ge2e4,Rd1h5]} e5 {[%cal Rd1h5,Ge2e4]} 2. Nf3 {[%cal Rd1h5,Ge2e4] [%csl Gd4]} "
	  "Nc6 {[%csl Gd4,Rf7]} 3. Bc4 {[%csl Gd4,Rf7,Gd4]} Nf6 {[%cal Bc4f7,Bc4f7]} 4. O-O {[%cal Bc4f7]} "
	  "Bc5 5. d4 exd4 6. e5 d5 7. exf6 dxc4 8. Re1+ {[%csl Re8] [%cal Re1e8]} Be6 9. fxg7 Rg8 *",
	  "Ga1h8,Rh1a8,Ba1a8,Yh8h1", "Be4,Rd5", 360, RENDER_ORIENT_BLACK },
	{ "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 {[%cal Gf3e5]} Nf6 4. Ng1 Ng8 *", "Ga1h8,Rh1a8,Ga1h8,Yb1b8,Gd1d8", "Gc3",
	  128, RENDER_ORIENT_AUTO },
	/* null moves: a frame with no move tinted (and, after another null move with no
	 * marks, a frame where nothing changes) */
	{ "1. e4 e5 2. -- {[%csl Gd4]} Nc6 3. -- -- 4. Nf3 {[%cal Gf3e5]} Z0 5. Bc4 *", NULL, NULL, 256,
	  RENDER_ORIENT_WHITE },
	/* a whole game of 93 plies (captures, castling, checks), with a mark here and there,
	 * in the high-contrast theme */
	{ "1. a4 f6 2. g3 Nh6 3. f3 Nf5 4. b3 a5 5. Ra3 Nh4 6. Bh3 Ra6 7. Nc3 Nxf3+ 8. exf3 Rd6 9. Nb1 Rb6 "
	  "10. Bxd7+ Nxd7 11. f4 Re6+ 12. Ne2 Kf7 13. Bb2 c6 14. h3 Re5 15. fxe5 Nxe5 16. O-O f5 "
	  "17. Rxf5+ Bxf5 18. Kg2 Bxh3+ 19. Kxh3 Qxd2 {[%cal Rd2d1]} 20. Nbc3 Qc1 21. Qd5+ Kf6 22. Kg2 Qh1+ "
	  "23. Kxh1 Ng4 24. Qg5+ Kxg5 25. Ra2 h6 26. Ra3 Ne5 27. Bc1+ Kf5 28. Be3 Ng6 29. Bxh6 Nf4 "
	  "30. Nxf4 c5 31. Nh5 g6 32. g4+ Kxg4 33. Ra2 Rxh6 34. Ne4 b5 35. Nf2+ Kxh5 36. Ne4 Kg4+ "
	  "37. Kg1 c4 {[%csl Yc4]} 38. Nd6 Rh4 39. axb5 e6 40. Kf1 c3 41. Nc4 Rh3 42. Ne3+ Rxe3 43. b4 Bc5 "
	  "44. bxa5 Rf3+ 45. Ke1 Rf2 46. b6 Kh3 47. a6 *",
	  NULL, "Bd4", 360, RENDER_ORIENT_WHITE },
};
#define GIF_REDRAW_CASES ((int)(sizeof gif_redraw_cases / sizeof gif_redraw_cases[0]))

/* Case i of gif_redraw_cases drawn with theme, coordinates or not, and orientation:
 * every frame the GIF shows is, pixel for pixel, the PNG of its ply. */
static void gif_redraw_check(int i_case, enum render_theme theme, bool coordinates,
			     enum render_orientation orientation)
{
	static struct pgn_reader reader;
	struct render_game_reader g;
	struct render_game_error gerr;
	struct render_arrow room[128];
	int frame[128], count, e;
	struct render_game_marks marks = { room, 128, 0, frame, false };
	struct render_options opts, fopts;
	struct render_error err;
	struct position start, pos;
	struct gif_source src;
	move moves[128];
	unsigned char *data;
	size_t length;
	long transparent = 0;

	render_game_begin(&g, &reader, &start, moves, 128, &marks, &gerr);
	render_game_feed(&g, gif_redraw_cases[i_case].pgn, strlen(gif_redraw_cases[i_case].pgn));
	ck_assert_int_eq(render_game_finish(&g, &count), 0);
	render_options_default(&opts);
	opts.size = gif_redraw_cases[i_case].size;
	opts.orientation = orientation;
	opts.theme = theme;
	opts.coordinates = coordinates;
	if (gif_redraw_cases[i_case].arrows)
		ck_assert_int_eq(render_parse_arrows(gif_redraw_cases[i_case].arrows, &opts, &err), 0);
	if (gif_redraw_cases[i_case].circles)
		ck_assert_int_eq(render_parse_circles(gif_redraw_cases[i_case].circles, &opts, &err), 0);
	opts.last_from = opts.last_to = SQ_NONE;
	ck_assert_int_eq(image_gif_game_marked(&start, moves, count, &opts, &marks, 100, 100, NULL, &data, &length), 0);
	GifFileType *gif = gif_decode(data, length, &src);
	int width = gif->SWidth, square = width / 8;
	size_t bytes = (size_t)width * (size_t)width * 3;
	uint8_t *canvas = calloc(bytes, 1);
	ck_assert_ptr_nonnull(canvas);
	ck_assert_int_eq(gif->ImageCount, count + 1);
	ck_assert_int_eq(gif->SColorMap->ColorCount, 256);
	pos = start;
	for (int i = 0; i <= count; i++) {
		const SavedImage *f = &gif->SavedImages[i];
		const GifImageDesc *d = &f->ImageDesc;
		GraphicsControlBlock gcb;
		struct picture png;
		unsigned char *png_data;
		size_t png_length;
		fopts = opts;
		render_game_frame_marks(&marks, i, &fopts);
		if (i > 0) {
			struct position_undo undo;
			move m = moves[i - 1];
			fopts.last_from = m == MOVE_NULL ? SQ_NONE : move_from(m);
			fopts.last_to = m == MOVE_NULL			 ? SQ_NONE
					: move_kind_of(m) == MOVE_CASTLING ? position_castling_king_target(&pos, m)
									   : move_to(m);
			position_make_move(&pos, m, &undo);
		}
		/* The frames keep the start's orientation. */
		if (opts.orientation == RENDER_ORIENT_AUTO)
			fopts.orientation = start.turn == WHITE ? RENDER_ORIENT_WHITE : RENDER_ORIENT_BLACK;
		ck_assert_msg(i > 0 || (d->Width == width && d->Height == width), "frame 0 is not the whole board");
		ck_assert_int_eq(d->Left % square, 0);
		ck_assert_int_eq(d->Top % square, 0);
		ck_assert_int_eq(d->Width % square, 0);
		ck_assert_int_eq(d->Height % square, 0);
		/* Never disposed of; later frames leave entry 255 transparent. */
		ck_assert_int_eq(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
		ck_assert_int_eq(gcb.DisposalMode, DISPOSE_DO_NOT);
		if (i > 0) {
			ck_assert_int_eq(gcb.TransparentColor, 255);
			for (size_t k = 0; k < (size_t)d->Width * (size_t)d->Height; k++)
				if (f->RasterBits[k] == 255)
					transparent++;
		}
		/* What a viewer shows after this frame is, pixel for pixel, the PNG of the ply. */
		gif_apply(gif, i, canvas);
		ck_assert_int_eq(image_png(&pos, &fopts, &png_data, &png_length), 0);
		png_decode(png_data, png_length, &png);
		free(png_data);
		ck_assert_int_eq(png.width, width);
		if (memcmp(canvas, png.rgb, bytes)) {
			size_t o = 0;
			while (!memcmp(canvas + o, png.rgb + o, 3))
				o += 3;
			ck_abort_msg("case %d theme %d coordinates %d: frame %d: (%d, %d) shows %02x%02x%02x, the PNG "
				     "%02x%02x%02x",
				     i_case, (int)theme, (int)coordinates, i, (int)(o / 3 % (size_t)width), (int)(o / 3 / (size_t)width), canvas[o], canvas[o + 1],
				     canvas[o + 2], png.rgb[o], png.rgb[o + 1], png.rgb[o + 2]);
		}
		free(png.rgb);
	}
	/* The unchanged pixels of the later frames' rectangles are left transparent. */
	if (count)
		ck_assert_int_gt(transparent, 0);
	/* Request-wide arrows are not redrawn on frames they do not cross. */
	if (gif_redraw_cases[i_case].arrows)
		for (int i = 1; i <= count; i++)
			ck_assert_int_lt(gif->SavedImages[i].ImageDesc.Width * gif->SavedImages[i].ImageDesc.Height,
					 width * width);
	free(canvas);
	DGifCloseFile(gif, &e);
	free(data);
}

START_TEST(gif_game_frames_are_full_redraws)
{
	gif_redraw_check(_i, _i == GIF_REDRAW_CASES - 1 ? RENDER_THEME_CONTRAST : RENDER_THEME_BROWN, true,
			 gif_redraw_cases[_i].orientation);
}
END_TEST

/* The squares kept as palette entries (tiles.c) and the squares drawn under marks, in
 * every theme, with and without coordinates, either way up: one process draws them all,
 * so a tile made for one look and taken for another would show. */
START_TEST(gif_game_every_theme)
{
	for (int theme = 0; theme < RENDER_THEME_NB; theme++)
		for (int k = 0; k < 4; k++)
			gif_redraw_check(k < 2 ? 0 : 1, (enum render_theme)theme, k % 2 == 0,
					 k < 2 ? RENDER_ORIENT_WHITE : RENDER_ORIENT_BLACK);
}
END_TEST

/* A tile is, entry for entry, the square as the whole board is drawn and mapped to the
 * palette: every theme, both ways up, with and without coordinates, a king in check on
 * either colour (and not marked), last-move tints on pieces and on empty squares (and
 * none), three square sizes, all in one process; none for a square with a fill. */
START_TEST(tiles_as_composed)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"4k3/8/8/8/8/8/8/4K2r w - - 0 1",
		"4k2R/8/8/8/8/8/8/4K3 b - - 0 1",
	};
	static const int lasts[][2] = { { SQ_E2, SQ_E4 }, { SQ_E1, SQ_H1 }, { SQ_H8, SQ_E8 } };
	static const int sizes[] = { 128, 360, 1024 };

	for (int si = 0; si < 3; si++) {
		int square = image_square_for(sizes[si]), width = 8 * square;
		size_t n = (size_t)width * (size_t)width;
		uint8_t *rgb = malloc(n * 3), *idx = malloc(n);
		ck_assert_ptr_nonnull(rgb);
		ck_assert_ptr_nonnull(idx);
		for (int theme = 0; theme < RENDER_THEME_NB; theme++)
			for (int k = 0; k < 12; k++)
				for (int fi = 0; fi < 3; fi++) {
					/* k / 4: the last move and the check drawn; the check but no last
					 * move; the last move but no check (each look against its
					 * neighbours: a key that left one out would hand out the wrong one). */
					int v = k / 4;
					struct render_options opts;
					struct position pos;
					struct fen_report report;
					enum fen_verdict verdict;
					struct image_canvas c;
					const struct image_palette *pal = image_palette((enum render_theme)theme);
					ck_assert_ptr_nonnull(pal);
					ck_assert_int_eq(render_read_board(fens[fi], NULL, &pos, &report, &verdict), 0);
					render_options_default(&opts);
					opts.theme = (enum render_theme)theme;
					opts.size = width;
					opts.coordinates = k % 2 == 0;
					opts.orientation = k % 4 < 2 ? RENDER_ORIENT_WHITE : RENDER_ORIENT_BLACK;
					opts.last_from = v == 1 ? SQ_NONE : lasts[fi][0];
					opts.last_to = v == 1 ? SQ_NONE : lasts[fi][1];
					opts.check = v != 2;
					ck_assert_int_eq(image_compose(&pos, &opts, square, rgb), 0);
					image_palette_map(pal, rgb, width, 0, 0, width, width, idx, (size_t)width);
					ck_assert_int_eq(image_canvas_init(&c, &pos, &opts, square, rgb), 0);
					for (int sq = 0; sq < SQUARE_NB; sq++) {
						int col, row;
						const uint8_t *tile = image_tile(&c, pal, sq);
						ck_assert_ptr_nonnull(tile);
						render_square_origin(sq, c.bottom, &col, &row);
						for (int y = 0; y < square; y++)
							ck_assert_msg(!memcmp(tile + (size_t)y * (size_t)square,
									      idx + (size_t)(row * square + y) * (size_t)width +
										      (size_t)(col * square),
									      (size_t)square),
								      "theme %d size %d fen %d k %d square %d row %d", theme,
								      width, fi, k, sq, y);
					}
					/* A fill is a free colour: no tile. */
					opts.fill_count = 1;
					opts.fills[0] = (struct render_fill){ SQ_D4, 0x11223380u };
					ck_assert_ptr_null(image_tile(&c, pal, SQ_D4));
					ck_assert_ptr_nonnull(image_tile(&c, pal, SQ_D5));
				}
		free(rgb);
		free(idx);
	}
}
END_TEST

/* A null move in a game: read from the PGN, its frame tints no square, and the GIF has
 * a frame for it. */
START_TEST(gif_game_null_move)
{
	static struct pgn_reader reader;
	static const char pgn[] = "1. e4 -- 2. d4 Z0 *";
	struct render_game_error gerr;
	struct render_options opts;
	struct image_frames f;
	struct image_rect r;
	struct position start;
	struct gif_source src;
	move moves[8];
	unsigned char *data;
	size_t length;
	int count, e;

	ck_assert_int_eq(render_game_from_pgn(pgn, strlen(pgn), &reader, &start, moves, 8, &count, &gerr), 0);
	ck_assert_int_eq(count, 4);
	ck_assert(moves[1] == MOVE_NULL);
	ck_assert(moves[3] == MOVE_NULL);
	render_options_default(&opts);
	opts.size = 256;
	image_frames_begin(&f, &start, &opts, NULL, 32);
	image_frames_next(&f, moves[0], &r);
	ck_assert_int_eq(f.fopts.last_from, SQ_E2);
	ck_assert_int_eq(f.fopts.last_to, SQ_E4);
	image_frames_next(&f, moves[1], &r);
	ck_assert_int_eq(f.fopts.last_from, SQ_NONE);
	ck_assert_int_eq(f.fopts.last_to, SQ_NONE);
	ck_assert_int_eq(f.pos.turn, WHITE);
	/* the frame redraws what the tint of e2e4 covered, and nothing else */
	ck_assert_int_eq(r.x1 - r.x0, 32);
	ck_assert_int_eq(r.y1 - r.y0, 96);
	ck_assert_int_eq(image_gif_game(&start, moves, count, &opts, 500, 2000, NULL, &data, &length), 0);
	GifFileType *gif = gif_decode(data, length, &src);
	ck_assert_int_eq(gif->ImageCount, count + 1);
	DGifCloseFile(gif, &e);
	free(data);
}
END_TEST

/* A check that says to stop after a number of questions. */
static bool stop_after(void *ctx)
{
	int *left = ctx;

	return (*left)-- <= 0;
}

START_TEST(gif_game_stops)
{
	static const char *const uci[] = { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6" };
	struct position start, pos;
	struct fen_report report;
	struct render_options opts;
	move moves[6];
	unsigned char *data = NULL;
	size_t length = 0;

	fen_parse(START_FEN, strlen(START_FEN), NULL, &start, &report);
	pos = start;
	for (int i = 0; i < 6; i++) {
		struct position_undo undo;
		ck_assert_int_eq(uci_parse_move(&pos, uci[i], 4, &moves[i]), UCI_OK);
		position_make_move(&pos, moves[i], &undo);
	}
	render_options_default(&opts);
	opts.size = 128;
	for (int asked = 0; asked <= 6; asked++) {
		int left = asked;
		struct work_check check = { stop_after, &left };
		data = NULL;
		ck_assert_int_eq(image_gif_game(&start, moves, 6, &opts, 100, 100, &check, &data, &length), IMAGE_STOPPED);
		ck_assert_ptr_null(data);
		ck_assert_int_eq(left, -1); /* asked once more than it answered "go" */
	}
	/* A check that never says stop: the whole game, asked before every frame. */
	int left = 7;
	struct work_check check = { stop_after, &left };
	ck_assert_int_eq(image_gif_game(&start, moves, 6, &opts, 100, 100, &check, &data, &length), 0);
	ck_assert_int_eq(left, 0);
	free(data);
}
END_TEST

/* ---- costs ---- */

/* 64 arrows from corner to corner, as bench/attack.py sends them. */
static void board_arrows(struct render_options *opts, int n)
{
	static const char *const corners[] = { "a1h8", "h1a8", "a8h1", "h8a1", "a1a8", "h1h8", "a1h1", "a8h8" };
	char text[64 * 6 + 1] = "";
	struct render_error err;

	for (int i = 0; i < n; i++) {
		char item[8];
		snprintf(item, sizeof item, "%s%c%s", i ? "," : "", "GRYB"[i % 4], corners[i % 8]);
		strcat(text, item);
	}
	ck_assert_int_eq(render_parse_arrows(text, opts, &err), 0);
}

START_TEST(cost_picture)
{
	struct position pos;
	struct fen_report report;
	struct render_options opts;

	fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
	for (int i = 0; i < image_square_size_count; i++) {
		int width = 8 * image_square_sizes[i];
		render_options_default(&opts);
		opts.size = width;
		ck_assert_uint_eq(image_picture_cost(&pos, &opts), (uint64_t)width * (uint64_t)width);
	}
	/* 64 board-wide arrows at 1024 px: the board, then mostly the arrows' own area,
	 * far below 64 boxes of the whole board. */
	render_options_default(&opts);
	opts.size = 1024;
	board_arrows(&opts, 64);
	uint8_t *rgb = calloc((size_t)1024 * 1024 * 3, 1);
	ck_assert_ptr_nonnull(rgb);
	size_t covered = 0;
	for (int i = 0; i < opts.arrow_count; i++)
		covered += ref_arrow(rgb, 128, WHITE, &opts.arrows[i]);
	struct image_canvas c;
	ck_assert_int_eq(image_canvas_init(&c, &pos, &opts, 128, rgb), 0);
	size_t evaluated = image_draw_marks(&c, &(struct image_rect){ 0, 0, 1024, 1024 });
	uint64_t cost = image_picture_cost(&pos, &opts), marks = cost - 1024 * 1024;
	ck_assert_uint_ge(marks, evaluated);
	ck_assert_msg(marks <= 1.1 * (double)covered, "arrows cost %llu for %zu covered pixels",
		      (unsigned long long)marks, covered);
	ck_assert_uint_gt(marks, cost / 2); /* mostly the arrows */
	ck_assert_uint_lt(cost, 8ull * 1024 * 1024);
	/* Circles: at most their squares. */
	struct render_error err;
	render_options_default(&opts);
	opts.size = 1024;
	ck_assert_int_eq(render_parse_circles("a1,b2,c3,d4", &opts, &err), 0);
	cost = image_picture_cost(&pos, &opts);
	ck_assert_uint_gt(cost, 1024 * 1024 + 4 * 3000);
	ck_assert_uint_le(cost, 1024 * 1024 + 4 * 128 * 128);
	free(rgb);
}
END_TEST

/* The knight dance of bench/attack.py: g1f3 g8f6 f3g1 f6g8, again and again. */
static void knight_dance(struct position *start, move *moves, int n)
{
	static const char *const uci[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
	struct position pos;
	struct fen_report report;

	fen_parse(START_FEN, strlen(START_FEN), NULL, start, &report);
	pos = *start;
	for (int i = 0; i < n; i++) {
		struct position_undo undo;
		ck_assert_int_eq(uci_parse_move(&pos, uci[i % 4], 4, &moves[i]), UCI_OK);
		position_make_move(&pos, moves[i], &undo);
	}
}

/* Without marks, a game costs its first and last frames (the palette), frame 0 once
 * more, and the area of every later frame's rectangle: as the GIF shows them. */
START_TEST(cost_game_frames)
{
	struct position start;
	struct render_options opts;
	struct gif_source src;
	move moves[40];
	unsigned char *data;
	size_t length;
	int e;

	knight_dance(&start, moves, 40);
	render_options_default(&opts);
	opts.size = 256;
	opts.last_from = opts.last_to = SQ_NONE;
	ck_assert_int_eq(image_gif_game(&start, moves, 40, &opts, 100, 100, NULL, &data, &length), 0);
	GifFileType *gif = gif_decode(data, length, &src);
	uint64_t areas = 0;
	for (int i = 1; i < gif->ImageCount; i++)
		areas += (uint64_t)gif->SavedImages[i].ImageDesc.Width * (uint64_t)gif->SavedImages[i].ImageDesc.Height;
	ck_assert_uint_eq(image_game_cost(&start, moves, 40, &opts, NULL), 3 * 256 * 256 + areas);
	DGifCloseFile(gif, &e);
	free(data);
}
END_TEST

/* A game's cost grows by the same amount for every cycle of the same plies. */
START_TEST(cost_game_linear)
{
	struct position start;
	struct render_options opts;
	move moves[512];

	knight_dance(&start, moves, 512);
	for (int arrows = 0; arrows <= 64; arrows += 64) {
		render_options_default(&opts);
		opts.size = 1024;
		opts.last_from = opts.last_to = SQ_NONE;
		board_arrows(&opts, arrows);
		uint64_t c64 = image_game_cost(&start, moves, 64, &opts, NULL);
		uint64_t c128 = image_game_cost(&start, moves, 128, &opts, NULL);
		uint64_t c256 = image_game_cost(&start, moves, 256, &opts, NULL);
		uint64_t c512 = image_game_cost(&start, moves, 512, &opts, NULL);
		/* The marks' bounds are summed as reals and rounded once: a pixel either way. */
		ck_assert_int_le(llabs((long long)(c256 - c128) - 2 * (long long)(c128 - c64)), 2);
		ck_assert_int_le(llabs((long long)(c512 - c256) - 2 * (long long)(c256 - c128)), 2);
		/* A ply costs a quarter of the board (two files, every rank: the tint moves
		 * from g8/f6 to f3/g1), and the arrows where they cross it: less than a board
		 * (a full redraw with its 64 arrows was three). */
		double ply = (double)(c512 - c256) / 256;
		if (!arrows)
			ck_assert_uint_eq(c512 - c256, 256ull * 1024 * 1024 / 4);
		else
			ck_assert_msg(ply > 1024 * 1024 / 4 && ply < 1024 * 1024, "a ply costs %.0f", ply);
	}
}
END_TEST

/* On every frame, the marks' bound is at least what drawing them in the frame's
 * rectangle evaluates. */
START_TEST(cost_game_marks_bound)
{
	struct position start;
	struct render_options opts;
	struct render_error err;
	struct image_frames f;
	struct image_canvas c;
	move moves[12];
	uint8_t *rgb = calloc((size_t)1024 * 1024 * 3, 1);

	ck_assert_ptr_nonnull(rgb);
	knight_dance(&start, moves, 12);
	render_options_default(&opts);
	opts.size = 1024;
	opts.last_from = opts.last_to = SQ_NONE;
	board_arrows(&opts, 64);
	ck_assert_int_eq(render_parse_circles("f3,g1,f6,a1", &opts, &err), 0);
	image_frames_begin(&f, &start, &opts, NULL, 128);
	ck_assert_int_eq(image_canvas_init(&c, &f.pos, &f.fopts, 128, rgb), 0);
	for (int i = 0; i < 12; i++) {
		struct image_rect r;
		image_frames_next(&f, moves[i], &r);
		size_t evaluated = image_draw_marks(&c, &r);
		uint64_t bound = image_marks_cost(&f.fopts, f.bottom, 128, &r);
		ck_assert_uint_ge(bound, evaluated);
		ck_assert_msg(bound <= 1.1 * (double)evaluated + 1000, "frame %d: bound %llu for %zu evaluated", i + 1,
			      (unsigned long long)bound, evaluated);
	}
	free(rgb);
}
END_TEST

static Suite *image_suite(void)
{
	Suite *s = suite_create("image");
	TCase *tc = tcase_create("png");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, png_sizes);
	tcase_add_test(tc, png_square_colours);
	tcase_add_test(tc, png_orientation_check_marks);
	tcase_add_test(tc, png_palette_against_truecolour);
	tcase_add_test(tc, png_fills_truecolour);
	suite_add_tcase(s, tc);
	tc = tcase_create("gif");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, gif_board);
	tcase_add_test(tc, gif_game);
	tcase_add_test(tc, gif_game_marks);
	tcase_add_loop_test(tc, gif_game_frames_are_full_redraws, 0, GIF_REDRAW_CASES);
	tcase_add_test(tc, gif_game_every_theme);
	tcase_add_test(tc, tiles_as_composed);
	tcase_add_test(tc, gif_game_null_move);
	tcase_add_test(tc, gif_game_stops);
	suite_add_tcase(s, tc);
	tc = tcase_create("marks");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, marks_arrows_as_before, 0, MARK_SIZES);
	tcase_add_loop_test(tc, marks_circles_as_before, 0, MARK_SIZES);
	tcase_add_test(tc, marks_clipped);
	tcase_add_test(tc, marks_compose_as_before);
	suite_add_tcase(s, tc);
	tc = tcase_create("cost");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, cost_picture);
	tcase_add_test(tc, cost_game_frames);
	tcase_add_test(tc, cost_game_linear);
	tcase_add_test(tc, cost_game_marks_bound);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(image_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
