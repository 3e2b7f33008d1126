/* check_image.c -- libfenimage's pictures decoded again: PNGs with libpng (size, and the
 * colour at square centres: theme, last move, fills, check, orientation, pieces), GIFs
 * with giflib (one frame for a board, one per ply for a game, later frames smaller). */
#include "config.h"

#include <check.h>
#include <gif_lib.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/render_game.h"
#include "core/uci.h"
#include "image/image.h"
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
	ck_assert_int_eq(image_gif_game(&start, moves, PLIES, &opts, 500, 2000, &data, &length), 0);
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
	ck_assert_int_eq(image_gif_game(&start, moves, 0, &opts, 500, 2000, &data, &length), 0);
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
	ck_assert_int_eq(image_gif_game_marked(&start, moves, count, &opts, &marks, 500, 2000, &data, &length), 0);
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

static Suite *image_suite(void)
{
	Suite *s = suite_create("image");
	TCase *tc = tcase_create("png");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, png_sizes);
	tcase_add_test(tc, png_square_colours);
	tcase_add_test(tc, png_orientation_check_marks);
	suite_add_tcase(s, tc);
	tc = tcase_create("gif");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, gif_board);
	tcase_add_test(tc, gif_game);
	tcase_add_test(tc, gif_game_marks);
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
