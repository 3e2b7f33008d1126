/* check_gif.h -- reading GIFs back in the Check programs: giflib decoding from memory
 * (failing the test when the bytes are no GIF) and laying a frame over a canvas as a
 * viewer does. Header only (static), so each program takes what it uses. */
#ifndef FEND_CHECK_GIF_H
#define FEND_CHECK_GIF_H

#include <check.h>
#include <gif_lib.h>
#include <stdint.h>
#include <string.h>

/* The bytes being decoded. */
struct gif_source {
	const unsigned char *data;
	size_t length, offset;
};

static int gif_read(GifFileType *gif, GifByteType *out, int length)
{
	struct gif_source *src = gif->UserData;
	size_t n = (size_t)length;

	if (n > src->length - src->offset)
		n = src->length - src->offset;
	memcpy(out, src->data + src->offset, n);
	src->offset += n;
	return (int)n;
}

/* Decodes length bytes whole (DGifSlurp); src must outlive the call only. Close the
 * answer with DGifCloseFile. */
static GifFileType *gif_decode(const void *data, size_t length, struct gif_source *src)
{
	int err;
	GifFileType *gif;

	*src = (struct gif_source){ data, length, 0 };
	gif = DGifOpen(src, gif_read, &err);
	ck_assert_msg(gif != NULL, "not a GIF: %s", GifErrorString(err));
	ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
	return gif;
}

/* Lays frame i over canvas (RGB, the screen's size), as a viewer shows it when every
 * frame is kept (DISPOSE_DO_NOT): the frame's transparent entry, if it has one, leaves
 * the canvas alone. */
static inline void gif_apply(const GifFileType *gif, int i, uint8_t *canvas)
{
	const SavedImage *f = &gif->SavedImages[i];
	const ColorMapObject *map = f->ImageDesc.ColorMap ? f->ImageDesc.ColorMap : gif->SColorMap;
	GraphicsControlBlock gcb = { 0, false, 0, NO_TRANSPARENT_COLOR };

	if (DGifSavedExtensionToGCB((GifFileType *)(uintptr_t)gif, i, &gcb) != GIF_OK)
		gcb.TransparentColor = NO_TRANSPARENT_COLOR;
	for (int y = 0; y < f->ImageDesc.Height; y++)
		for (int x = 0; x < f->ImageDesc.Width; x++) {
			int index = f->RasterBits[(size_t)y * (size_t)f->ImageDesc.Width + (size_t)x];
			if (index == gcb.TransparentColor)
				continue;
			GifColorType c = map->Colors[index];
			uint8_t *px = canvas + ((size_t)(f->ImageDesc.Top + y) * (size_t)gif->SWidth +
						(size_t)(f->ImageDesc.Left + x)) * 3;
			px[0] = c.Red, px[1] = c.Green, px[2] = c.Blue;
		}
}

#endif
