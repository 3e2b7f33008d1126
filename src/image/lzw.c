/* lzw.c -- GIF's LZW compression of palette indexes: the image data of one frame (its
 * minimum code size, then the codes packed LSB first into sub-blocks of up to 255 bytes,
 * then the empty block). The code table is sized for fend's 256-entry palette (minimum
 * code size 8: codes 0-255 the entries, 256 clear, 257 end) and held in an open-
 * addressing hash of (prefix code, index) pairs, each slot the pair and its code in 32
 * bits, cleared when the 12-bit codes run out; before the hash, each code's latest child
 * (the entry it added and its code) is tried, which in a board's repeating rows is most
 * often the one wanted.
 * Runs of one entry go a string at a time: the transparent entry's, which most of an
 * animated game's frames are made of, and any other's (the flat stretches of a square):
 * the codes of the strings of one entry the table holds are kept in order of length, so
 * a run costs one step per code written (the bytes are exactly what the pixel-by-pixel
 * loop writes). */
#include "config.h"

#include <string.h>

#include "image/image-internal.h"

#define IMAGE_LZW_MIN_BITS 8
#define IMAGE_LZW_CLEAR (1u << IMAGE_LZW_MIN_BITS)
#define IMAGE_LZW_END (IMAGE_LZW_CLEAR + 1)
#define IMAGE_LZW_MAX_CODE 4095

/* The packer: bits waiting to be written, and the sub-block being filled. */
struct image_lzw_out {
	struct image_buffer *buf;
	uint64_t bits;
	int nbits;
	uint8_t block[256]; /* block[0]: its length */
};

static void image_lzw_flush_block(struct image_lzw_out *o)
{
	if (o->block[0]) {
		image_buffer_append(o->buf, o->block, (size_t)o->block[0] + 1);
		o->block[0] = 0;
	}
}

/* Moves the whole bytes waiting into the sub-block, one by one. */
static void image_lzw_drain(struct image_lzw_out *o)
{
	while (o->nbits >= 8) {
		o->block[++o->block[0]] = (uint8_t)o->bits;
		o->bits >>= 8;
		o->nbits -= 8;
		if (o->block[0] == 255)
			image_lzw_flush_block(o);
	}
}

/* Adds a code of size bits; the bytes go to the sub-block four at a time, once 32 bits
 * wait (fewer than 44 ever do). */
static inline void image_lzw_put(struct image_lzw_out *o, unsigned code, int size)
{
	o->bits |= (uint64_t)code << o->nbits;
	o->nbits += size;
	if (o->nbits < 32)
		return;
	if (o->block[0] > 255 - 4) {
		image_lzw_drain(o);
		return;
	}
	uint8_t *at = o->block + 1 + o->block[0];
	at[0] = (uint8_t)o->bits;
	at[1] = (uint8_t)(o->bits >> 8);
	at[2] = (uint8_t)(o->bits >> 16);
	at[3] = (uint8_t)(o->bits >> 24);
	o->block[0] = (uint8_t)(o->block[0] + 4);
	o->bits >>= 32;
	o->nbits -= 32;
	if (o->block[0] == 255)
		image_lzw_flush_block(o);
}

/* The encoder's state between pixels: the code of the string matched so far, the
 * next free code and the code width; run is the length of that string when it is all
 * one entry, colour (else 0), and z's chain of that entry holds the codes of its strings
 * the table holds (always a chain: c, cc, ccc, ...). */
struct image_lzw_state {
	struct image_lzw *z;
	struct image_lzw_out o;
	unsigned prefix, next;
	int size, run;
	uint8_t colour;
};

/* The chain of entry c's strings, by length (index 0 unused), and how long it may grow. */
static inline uint16_t *image_lzw_chain(struct image_lzw *z, uint8_t c, int *cap)
{
	if (c == IMAGE_PALETTE_TRANSPARENT) {
		*cap = IMAGE_LZW_RUNS;
		return z->runs;
	}
	*cap = IMAGE_LZW_COLOUR_RUNS;
	return z->colour_runs[c];
}

static void image_lzw_reset(struct image_lzw_state *s)
{
	memset(s->z->slots, 0, sizeof s->z->slots);
	memset(s->z->child, 0, sizeof s->z->child);
	s->size = IMAGE_LZW_MIN_BITS + 1;
	s->next = IMAGE_LZW_END + 1;
	/* Every entry's chain is the entry alone (element 1 of a chain is never read). */
	for (int c = 0; c < 256; c++)
		s->z->longest[c] = 1;
}

/* Writes the string matched so far and gives it followed by c the next code at slot (the
 * empty slot its key hashed to), as GIF's LZW does when a string is new. */
static void image_lzw_add(struct image_lzw_state *s, unsigned slot, uint32_t key, uint8_t c)
{
	struct image_lzw *z = s->z;

	image_lzw_put(&s->o, s->prefix, s->size);
	z->slots[slot] = key << 12 | s->next;
	z->child[s->prefix] = (uint16_t)(s->next + 1);
	z->child_entry[s->prefix] = c;
	if (s->run && c == s->colour && s->run == z->longest[c]) {
		int cap;
		uint16_t *chain = image_lzw_chain(z, c, &cap);
		if (s->run + 1 < cap) {
			chain[s->run + 1] = (uint16_t)s->next;
			z->longest[c] = (uint16_t)(s->run + 1);
		}
	}
	if (s->next >= (1u << s->size))
		s->size++;
	if (++s->next > IMAGE_LZW_MAX_CODE) {
		image_lzw_put(&s->o, IMAGE_LZW_CLEAR, s->size);
		image_lzw_reset(s);
	}
	s->prefix = c;
	s->run = 1;
	s->colour = c;
}

/* The slot of key: where it is (*found set) or the empty slot it goes in. */
static inline unsigned image_lzw_find(const struct image_lzw *z, uint32_t key, bool *found)
{
	unsigned slot = (key ^ key >> 12) & (IMAGE_LZW_SLOTS - 1);

	for (;; slot = (slot + 1) & (IMAGE_LZW_SLOTS - 1)) {
		uint32_t e = z->slots[slot];
		if (!e || e >> 12 == key) {
			*found = e != 0;
			return slot;
		}
	}
}

/* The code of string prefix followed by c: the one the table holds, or a new one (the
 * string so far written); the pixel-by-pixel step. */
static inline void image_lzw_step(struct image_lzw_state *s, uint8_t c)
{
	struct image_lzw *z = s->z;
	unsigned p = s->prefix;

	if (z->child[p] && z->child_entry[p] == c) {
		s->prefix = z->child[p] - 1u;
		s->run = 0;
		return;
	}
	uint32_t key = (uint32_t)p << 8 | c;
	bool found;
	unsigned slot = image_lzw_find(z, key, &found);

	if (found) {
		s->prefix = z->slots[slot] & 0xfff;
		s->run = 0; /* the string held is one entry only when the chain says so */
		z->child[p] = (uint16_t)(s->prefix + 1);
		z->child_entry[p] = c;
	} else {
		image_lzw_add(s, slot, key, c);
	}
}

/* n more pixels of entry s->colour after a string that is all of it (s->run > 0): what
 * the pixel-by-pixel loop would do, a string of the chain at a time. */
static void image_lzw_run(struct image_lzw_state *s, int n)
{
	struct image_lzw *z = s->z;
	uint8_t c = s->colour;
	int cap;
	uint16_t *chain = image_lzw_chain(z, c, &cap);

	while (n > 0) {
		int want = s->run + n, longest = z->longest[c];
		if (longest >= want) {
			s->prefix = want == 1 ? c : chain[want];
			s->run = want;
			return;
		}
		/* The chain's longest string, then one more pixel that makes it new. */
		n -= longest - s->run + 1;
		s->run = longest;
		s->prefix = longest == 1 ? c : chain[longest];
		uint32_t key = (uint32_t)s->prefix << 8 | c;
		bool found;
		unsigned slot = image_lzw_find(z, key, &found);
		if (found) { /* the chain was capped: carry on pixel by pixel */
			s->prefix = z->slots[slot] & 0xfff;
			s->run = 0;
			while (n-- > 0)
				image_lzw_step(s, c);
			s->run = 0;
			return;
		}
		image_lzw_add(s, slot, key, c);
	}
}

/* How many entries c p starts with (of its n), eight at a time. */
static int image_lzw_run_length(const uint8_t *p, int n, uint8_t c)
{
	uint64_t all = (uint64_t)c * 0x0101010101010101u;
	int k = 0;

	for (; k + 8 <= n; k += 8) {
		uint64_t v;
		memcpy(&v, p + k, 8);
		if (v != all)
			break;
	}
	while (k < n && p[k] == c)
		k++;
	return k;
}

/* How many transparent entries row holds from x on (of its w): the cells of the row not
 * in live (live_row, a bit per cell, clear: all transparent) without reading them. */
static int image_lzw_transparent_length(const uint8_t *row, int x, int w, int cell, unsigned live_row)
{
	int k = x;

	for (int col = k / cell; k < w; col++) {
		int end = (col + 1) * cell < w ? (col + 1) * cell : w;
		if (col >= 8 || live_row >> col & 1) {
			k += image_lzw_run_length(row + k, end - k, IMAGE_PALETTE_TRANSPARENT);
			if (k < end)
				break;
		} else {
			k = end;
		}
	}
	return k - x;
}

void image_lzw_encode(struct image_lzw *z, struct image_buffer *buf, const uint8_t *pixels, size_t stride, int w,
		      int h, int cell, uint64_t live)
{
	struct image_lzw_state s = { .z = z, .o = { .buf = buf } };
	uint8_t min_bits = IMAGE_LZW_MIN_BITS;

	if (cell <= 0) {
		cell = w > h ? w : h;
		live = 1;
	}
	image_buffer_append(buf, &min_bits, 1);
	image_lzw_reset(&s);
	image_lzw_put(&s.o, IMAGE_LZW_CLEAR, s.size);
	if (w <= 0 || h <= 0) {
		image_lzw_put(&s.o, IMAGE_LZW_END, s.size);
	} else {
		s.prefix = pixels[0];
		s.run = 1;
		s.colour = pixels[0];
		for (int y = 0; y < h; y++) {
			const uint8_t *row = pixels + (size_t)y * stride;
			int band = y / cell;
			unsigned live_row = band < 8 ? (unsigned)(live >> (band * 8)) & 0xff : 0xff;
			for (int x = y ? 0 : 1; x < w; x++) {
				uint8_t c = row[x];
				if (s.run && c == s.colour) {
					int n = c == IMAGE_PALETTE_TRANSPARENT
							? image_lzw_transparent_length(row, x, w, cell, live_row)
							: image_lzw_run_length(row + x, w - x, c);
					image_lzw_run(&s, n);
					x += n - 1;
					continue;
				}
				image_lzw_step(&s, c);
			}
		}
		image_lzw_put(&s.o, s.prefix, s.size);
		/* The end code after a clear, so that its width is the first width whatever
		 * the decoder's table holds. */
		image_lzw_put(&s.o, IMAGE_LZW_CLEAR, s.size);
		image_lzw_put(&s.o, IMAGE_LZW_END, IMAGE_LZW_MIN_BITS + 1);
	}
	if (s.o.nbits % 8)
		image_lzw_put(&s.o, 0, 8 - s.o.nbits % 8);
	image_lzw_drain(&s.o);
	image_lzw_flush_block(&s.o);
	image_buffer_append(buf, "", 1); /* the block terminator */
}
