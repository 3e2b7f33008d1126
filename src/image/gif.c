/* gif.c -- GIF with giflib: a board as one frame, and a game as an animation whose
 * frames after the first hold only the squares that changed (as lichess's lila-gif
 * does; frames.c finds them). One palette serves every frame: giflib's median-cut quantizer run over the
 * first and the last position, and every pixel mapped to its nearest entry through a
 * cache of 15-bit colours. */
#include "config.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#include "image/image-internal.h"

#define IMAGE_GIF_LUT_SIZE 32768

struct image_gif_palette {
	GifColorType colors[256];
	int count;
	uint16_t lut[IMAGE_GIF_LUT_SIZE]; /* palette index + 1 by 15-bit colour; 0: not looked up yet */
};

/* Builds the palette from rgb (pixels of 3 bytes), quantizing every other pixel of every
 * other row: the squares' flat colours dominate either way, at a quarter of the cost. */
static int image_gif_palette_build(struct image_gif_palette *pal, const uint8_t *rgb, int width, int height,
				   int reserve)
{
	int w = width / 2, h = height / 2, size = 256 - reserve, rc;
	size_t n = (size_t)w * (size_t)h, k = 0;
	GifByteType *planes = malloc(n * 4);

	if (!planes)
		return -1;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++, k++) {
			const uint8_t *px = rgb + ((size_t)(2 * y) * (size_t)width + (size_t)(2 * x)) * 3;
			planes[k] = px[0];
			planes[n + k] = px[1];
			planes[2 * n + k] = px[2];
		}
	rc = GifQuantizeBuffer((unsigned)w, (unsigned)h, &size, planes, planes + n, planes + 2 * n, planes + 3 * n,
			       pal->colors);
	free(planes);
	if (rc != GIF_OK)
		return -1;
	pal->count = size;
	for (int i = size; i < 256; i++)
		pal->colors[i] = (GifColorType){ 0, 0, 0 };
	memset(pal->lut, 0, sizeof pal->lut);
	return 0;
}

/* Adds a colour after the quantized ones (in the room reserved for it). */
static void image_gif_palette_add(struct image_gif_palette *pal, uint32_t rgb)
{
	if (pal->count < 256)
		pal->colors[pal->count++] = (GifColorType){ (GifByteType)(rgb >> 16), (GifByteType)(rgb >> 8),
							    (GifByteType)rgb };
}

/* The exact colours of the marks over plain and last-move squares: the first and the
 * last frame, which the palette is quantized from, may show no mark at all, and the
 * frames between should not draw a green arrow in the nearest brown. */
#define IMAGE_GIF_MARK_COLORS (RENDER_MARK_NB * 4)

static void image_gif_palette_marks(struct image_gif_palette *pal, enum render_theme theme)
{
	const struct render_palette *p = &render_palettes[theme];
	uint32_t bases[4] = { p->light, p->dark, image_over(p->light, p->last_move_rgba),
			      image_over(p->dark, p->last_move_rgba) };

	for (int m = 0; m < RENDER_MARK_NB; m++)
		for (int b = 0; b < 4; b++)
			image_gif_palette_add(pal, image_over(bases[b], render_mark_rgba((enum render_mark)m)));
}

/* The palette index nearest to a colour. */
static uint8_t image_gif_index(struct image_gif_palette *pal, const uint8_t *px)
{
	unsigned key = (unsigned)(px[0] >> 3) << 10 | (unsigned)(px[1] >> 3) << 5 | (unsigned)(px[2] >> 3);
	int best = 0;
	long best_d = -1;

	if (pal->lut[key])
		return (uint8_t)(pal->lut[key] - 1);
	for (int i = 0; i < pal->count; i++) {
		long dr = px[0] - pal->colors[i].Red, dg = px[1] - pal->colors[i].Green, db = px[2] - pal->colors[i].Blue;
		long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
		if (best_d < 0 || d < best_d) {
			best_d = d;
			best = i;
		}
	}
	pal->lut[key] = (uint16_t)(best + 1);
	return (uint8_t)best;
}

/* Maps the rectangle (x0, y0, w, h) of rgb to palette indexes in idx (same layout). A
 * pixel the colour of the one before takes its index (flat squares make long runs). */
static void image_gif_map(struct image_gif_palette *pal, const uint8_t *rgb, uint8_t *idx, int width, int x0, int y0,
			  int w, int h)
{
	for (int y = y0; y < y0 + h; y++) {
		const uint8_t *px = rgb + ((size_t)y * (size_t)width + (size_t)x0) * 3;
		uint8_t *out = idx + (size_t)y * (size_t)width + (size_t)x0, last_index = 0;
		uint32_t last = UINT32_MAX;
		for (int x = 0; x < w; x++, px += 3) {
			uint32_t colour = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
			if (colour != last) {
				last = colour;
				last_index = image_gif_index(pal, px);
			}
			out[x] = last_index;
		}
	}
}

static int image_gif_output(GifFileType *gif, const GifByteType *data, int length)
{
	struct image_buffer *buf = gif->UserData;

	image_buffer_append(buf, data, (size_t)length);
	return buf->failed ? 0 : length;
}

/* An encoder writing into buf; NULL on failure. */
static GifFileType *image_gif_open(struct image_buffer *buf, const struct image_gif_palette *pal, int width,
				   bool animated)
{
	int err;
	GifFileType *gif = EGifOpen(buf, image_gif_output, &err);
	ColorMapObject *map;

	if (!gif)
		return NULL;
	EGifSetGifVersion(gif, true);
	map = GifMakeMapObject(256, pal->colors);
	if (!map || EGifPutScreenDesc(gif, width, width, 8, 0, map) != GIF_OK) {
		GifFreeMapObject(map);
		EGifCloseFile(gif, &err);
		return NULL;
	}
	GifFreeMapObject(map);
	if (animated) {
		/* The NETSCAPE2.0 application block: loop for ever. */
		static const GifByteType loop[3] = { 1, 0, 0 };
		if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
		    EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") != GIF_OK ||
		    EGifPutExtensionBlock(gif, 3, loop) != GIF_OK || EGifPutExtensionTrailer(gif) != GIF_OK) {
			EGifCloseFile(gif, &err);
			return NULL;
		}
	}
	return gif;
}

/* Writes the rectangle (x0, y0, w, h) of idx as a frame shown for delay_cs. */
static int image_gif_frame(GifFileType *gif, const uint8_t *idx, int width, int x0, int y0, int w, int h,
			   int delay_cs)
{
	GraphicsControlBlock gcb = { DISPOSE_DO_NOT, false, delay_cs, NO_TRANSPARENT_COLOR };
	GifByteType ext[4];

	if (delay_cs >= 0) {
		size_t n = EGifGCBToExtension(&gcb, ext);
		if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) != GIF_OK)
			return -1;
	}
	if (EGifPutImageDesc(gif, x0, y0, w, h, false, NULL) != GIF_OK)
		return -1;
	for (int y = y0; y < y0 + h; y++)
		if (EGifPutLine(gif, (GifPixelType *)(uintptr_t)(idx + (size_t)y * (size_t)width + (size_t)x0), w) !=
		    GIF_OK)
			return -1;
	return 0;
}

/* Closes the encoder; hands over the buffer when everything succeeded (rc 0), else
 * returns rc (IMAGE_STOPPED stays so), or -1. */
static int image_gif_close(GifFileType *gif, struct image_buffer *buf, int rc, unsigned char **out, size_t *length)
{
	int err;

	if (EGifCloseFile(gif, &err) != GIF_OK && !rc)
		rc = -1;
	if (rc || buf->failed) {
		free(buf->data);
		return rc ? rc : -1;
	}
	*out = buf->data;
	*length = buf->length;
	return 0;
}

int image_gif(const struct position *pos, const struct render_options *opts, unsigned char **out, size_t *length)
{
	int square = image_square_for(opts->size), width = 8 * square, rc = -1;
	size_t n = (size_t)width * (size_t)width;
	uint8_t *rgb = malloc(n * 3), *idx = malloc(n);
	struct image_gif_palette *pal = malloc(sizeof *pal);
	struct image_buffer buf = { 0 };
	GifFileType *gif;

	if (rgb && idx && pal && !image_compose(pos, opts, square, rgb) &&
	    !image_gif_palette_build(pal, rgb, width, width, 0) && (gif = image_gif_open(&buf, pal, width, false))) {
		image_gif_map(pal, rgb, idx, width, 0, 0, width, width);
		rc = image_gif_close(gif, &buf, image_gif_frame(gif, idx, width, 0, 0, width, width, -1), out, length);
	}
	free(rgb);
	free(idx);
	free(pal);
	return rc;
}

int image_gif_game(const struct position *start, const move *moves, int count, const struct render_options *opts,
		   int delay_ms, int final_delay_ms, const struct work_check *check, unsigned char **out, size_t *length)
{
	return image_gif_game_marked(start, moves, count, opts, NULL, delay_ms, final_delay_ms, check, out, length);
}

int image_gif_game_marked(const struct position *start, const move *moves, int count,
			  const struct render_options *opts, const struct render_game_marks *marks, int delay_ms,
			  int final_delay_ms, const struct work_check *check, unsigned char **out, size_t *length)
{
	int square = image_square_for(opts->size), width = 8 * square, rc = -1;
	size_t n = (size_t)width * (size_t)width;
	struct render_options *last_opts = malloc(sizeof *last_opts);
	struct image_frames *f = malloc(sizeof *f);
	struct position last;
	struct image_canvas c;
	struct image_buffer buf = { 0 };
	int delay_cs = (delay_ms + 5) / 10, final_cs = (final_delay_ms + 5) / 10;
	uint8_t *sample = malloc(n * 6), *idx = malloc(n);
	struct image_gif_palette *pal = malloc(sizeof *pal);
	GifFileType *gif = NULL;
	bool reserve = render_game_has_marks(marks);

	if (!sample || !idx || !pal || !f || !last_opts)
		goto done;
	if (work_stop(check)) {
		rc = IMAGE_STOPPED;
		goto done;
	}
	/* The palette comes from the first and the last frame, drawn one above the other;
	 * the first stays in sample as frame 0, which later frames are drawn over. */
	image_frames_begin(f, start, opts, marks, square);
	if (image_compose(start, &f->fopts, square, sample))
		goto done;
	image_frames_last(start, moves, count, opts, marks, &last, last_opts);
	if (image_compose(&last, last_opts, square, sample + n * 3) ||
	    image_gif_palette_build(pal, sample, width, 2 * width, reserve ? IMAGE_GIF_MARK_COLORS : 0))
		goto done;
	if (reserve)
		image_gif_palette_marks(pal, opts->theme);
	if (!(gif = image_gif_open(&buf, pal, width, true)) || image_canvas_init(&c, &f->pos, &f->fopts, square, sample))
		goto done;
	image_gif_map(pal, sample, idx, width, 0, 0, width, width);
	if (image_gif_frame(gif, idx, width, 0, 0, width, width, count ? delay_cs : final_cs))
		goto done;
	for (int i = 0; i < count; i++) {
		struct image_rect r;
		if (work_stop(check)) {
			rc = IMAGE_STOPPED;
			goto done;
		}
		/* The frame holds its rectangle; within it, only the squares that look
		 * different are drawn again (the rest of sample already shows this frame):
		 * each run of them along a rank, its squares then every mark of the frame
		 * where it crosses the run, mapped to the palette. */
		image_frames_next(f, moves[i], &r);
		c.check_sq = f->check_sq;
		for (int sq = 0; sq < SQUARE_NB; sq++) {
			int col, row;
			render_square_origin(sq, c.bottom, &col, &row);
			if (f->dirty >> (row * 8 + col) & 1)
				image_draw_square(&c, sq);
		}
		for (int row = 0; row < 8; row++)
			for (int col = 0; col < 8; col++) {
				int end = col;
				if (!(f->dirty >> (row * 8 + col) & 1))
					continue;
				while (end < 7 && f->dirty >> (row * 8 + end + 1) & 1)
					end++;
				struct image_rect run = { col * square, row * square, (end + 1) * square, (row + 1) * square };
				image_draw_marks(&c, &run);
				image_gif_map(pal, sample, idx, width, run.x0, run.y0, run.x1 - run.x0, square);
				col = end;
			}
		if (image_gif_frame(gif, idx, width, r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0,
				    i == count - 1 ? final_cs : delay_cs))
			goto done;
	}
	rc = 0;
done:
	if (gif)
		rc = image_gif_close(gif, &buf, rc, out, length);
	else
		free(buf.data);
	free(sample);
	free(idx);
	free(pal);
	free(f);
	free(last_opts);
	return rc;
}
