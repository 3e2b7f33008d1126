/* png.c -- PNG with libpng: boards encoded to memory (8-bit indexed with the theme's
 * prepared palette, RGB when the request has fills), and the sprite sheets decoded. */
#include "config.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "image/image-internal.h"

void image_buffer_append(struct image_buffer *b, const void *data, size_t length)
{
	if (b->failed)
		return;
	if (b->length + length > b->capacity) {
		size_t capacity = b->capacity ? b->capacity : 16384;
		while (capacity < b->length + length)
			capacity *= 2;
		unsigned char *grown = realloc(b->data, capacity);
		if (!grown) {
			b->failed = true;
			return;
		}
		b->data = grown;
		b->capacity = capacity;
	}
	memcpy(b->data + b->length, data, length);
	b->length += length;
}

static void image_png_write(png_structp png, png_bytep data, png_size_t length)
{
	image_buffer_append(png_get_io_ptr(png), data, length);
}

static void image_png_flush(png_structp png)
{
	(void)png;
}

/* zlib's level for indexed boards, rows unfiltered: of the levels and filters measured
 * on boards, the best size x time that keeps a board under half the RGB PNG's bytes
 * (docs/rendering-images.md has the table). RGB boards keep level 3 with Sub and Up. */
#define IMAGE_PNG_LEVEL 3
#define IMAGE_PNG_LEVEL_RGB 3

/* Encodes rows of pixels: RGB (pal NULL) or indexes into pal's colours; 0 with *out
 * set, or -1. */
static int image_png_encode(const uint8_t *pixels, int width, int height, const struct image_palette *pal,
			    unsigned char **out, size_t *length)
{
	struct image_buffer buf = { 0 };
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	size_t row = (size_t)width * (pal ? 1 : 3);

	if (!info) {
		png_destroy_write_struct(&png, NULL);
		return -1;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(buf.data);
		return -1;
	}
	png_set_write_fn(png, &buf, image_png_write, image_png_flush);
	png_set_compression_level(png, pal ? IMAGE_PNG_LEVEL : IMAGE_PNG_LEVEL_RGB);
	if (pal) {
		/* Indexes, unfiltered: flat squares are runs of one entry and the sprites
		 * repeat along a rank, which deflate finds as they are. */
		png_color colours[256];
		for (int i = 0; i < pal->count; i++)
			colours[i] = (png_color){ (png_byte)(pal->rgb[i] >> 16), (png_byte)(pal->rgb[i] >> 8),
						  (png_byte)pal->rgb[i] };
		png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
		png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_PALETTE,
			     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
		png_set_PLTE(png, info, colours, pal->count);
	} else {
		/* Flat squares compress well with the Sub and Up filters. */
		png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB | PNG_FILTER_UP);
		png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
			     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
	}
	png_write_info(png, info);
	for (int y = 0; y < height; y++)
		png_write_row(png, pixels + (size_t)y * row);
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	if (buf.failed) {
		free(buf.data);
		return -1;
	}
	*out = buf.data;
	*length = buf.length;
	return 0;
}

int image_png(const struct position *pos, const struct render_options *opts, unsigned char **out, size_t *length)
{
	int square = image_square_for(opts->size), width = 8 * square;
	size_t n = (size_t)width * (size_t)width;
	/* The palette's colours hold every request but those with fills: an 8-bit indexed
	 * PNG; with fills, RGB. */
	const struct image_palette *pal = image_palette_holds(opts) ? image_palette(opts->theme) : NULL;
	uint8_t *rgb = malloc(n * 3);
	int rc = -1;

	if (rgb && !image_compose(pos, opts, square, rgb)) {
		if (pal) {
			/* The indexes go where the RGB rows were read from: row y's indexes end
			 * before row y + 1's pixels start. */
			image_palette_map(pal, rgb, width, 0, 0, width, width, rgb, (size_t)width);
			rc = image_png_encode(rgb, width, width, pal, out, length);
		} else {
			rc = image_png_encode(rgb, width, width, NULL, out, length);
		}
	}
	free(rgb);
	return rc;
}

/* Reading from memory: the position in the PNG being decoded. */
struct image_png_source {
	const unsigned char *data;
	size_t length;
	size_t offset;
};

static void image_png_read(png_structp png, png_bytep out, png_size_t length)
{
	struct image_png_source *src = png_get_io_ptr(png);

	if (length > src->length - src->offset)
		png_error(png, "truncated PNG");
	memcpy(out, src->data + src->offset, length);
	src->offset += length;
}

int image_png_decode_rgba(const unsigned char *data, size_t length, uint8_t **pixels, int *width, int *height)
{
	struct image_png_source src = { data, length, 0 };
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	uint8_t *volatile rgba = NULL;

	if (!info) {
		png_destroy_read_struct(&png, NULL, NULL);
		return -1;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_read_struct(&png, &info, NULL);
		free(rgba);
		return -1;
	}
	png_set_read_fn(png, &src, image_png_read);
	png_read_info(png, info);
	png_set_expand(png);
	png_set_strip_16(png);
	png_set_gray_to_rgb(png);
	png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
	png_read_update_info(png, info);
	png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
	if (png_get_rowbytes(png, info) != (size_t)w * 4)
		png_error(png, "unexpected row size");
	rgba = malloc((size_t)w * h * 4);
	if (!rgba)
		png_error(png, "out of memory");
	for (png_uint_32 y = 0; y < h; y++)
		png_read_row(png, rgba + (size_t)y * w * 4, NULL);
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	*pixels = rgba;
	*width = (int)w;
	*height = (int)h;
	return 0;
}
