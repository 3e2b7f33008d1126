/* find-magics.c -- finds the magic multipliers that src/core/attacks.c embeds.
 *
 * Not part of the build: run it by hand (cc -O2 -o find-magics tools/find-magics.c &&
 * ./find-magics) and paste its output into attacks.c if the table layout ever changes.
 * The search is deterministic (fixed seed), so the output is reproducible. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t bitboard;

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

/* xorshift64*, sparse: the AND of three draws has few bits set, which magics like. */
static uint64_t rng_sparse(void)
{
	uint64_t r[3];
	for (int i = 0; i < 3; i++) {
		rng_state ^= rng_state >> 12;
		rng_state ^= rng_state << 25;
		rng_state ^= rng_state >> 27;
		r[i] = rng_state * 2685821657736338717ULL;
	}
	return r[0] & r[1] & r[2];
}

/* Slider attacks from sq along the given directions, stopping at the first blocker. */
static bitboard slide(int sq, bitboard occ, const int dirs[4][2])
{
	bitboard out = 0;
	for (int d = 0; d < 4; d++) {
		int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
		while (f >= 0 && f < 8 && r >= 0 && r < 8) {
			out |= 1ULL << (r * 8 + f);
			if (occ & (1ULL << (r * 8 + f)))
				break;
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return out;
}

static bitboard relevant_mask(int sq, const int dirs[4][2])
{
	bitboard edges = ((0xFFULL | 0xFFULL << 56) & ~(0xFFULL << (sq / 8 * 8))) |
			 ((0x0101010101010101ULL | 0x8080808080808080ULL) &
			  ~(0x0101010101010101ULL << (sq % 8)));
	return slide(sq, 0, dirs) & ~edges;
}

static void find(const char *name, const int dirs[4][2])
{
	static bitboard occs[4096], atts[4096], used[4096];
	static int epoch[4096];
	int cur = 0;

	printf("static const bitboard attacks_%s_magic_numbers[SQUARE_NB] = {\n", name);
	for (int sq = 0; sq < 64; sq++) {
		bitboard mask = relevant_mask(sq, dirs), b = 0;
		int bits = __builtin_popcountll(mask), n = 0;
		do {
			occs[n] = b;
			atts[n++] = slide(sq, b, dirs);
			b = (b - mask) & mask;
		} while (b);
		for (;;) {
			uint64_t magic = rng_sparse();
			if (__builtin_popcountll((mask * magic) >> 56) < 6)
				continue;
			cur++;
			int i;
			for (i = 0; i < n; i++) {
				unsigned idx = (unsigned)((occs[i] * magic) >> (64 - bits));
				if (epoch[idx] < cur) {
					epoch[idx] = cur;
					used[idx] = atts[i];
				} else if (used[idx] != atts[i]) {
					break;
				}
			}
			if (i == n) {
				printf("\t0x%016" PRIX64 "ULL,%s", magic, sq % 2 ? "\n" : "");
				break;
			}
		}
	}
	printf("};\n");
}

int main(void)
{
	static const int rook[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
	static const int bishop[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
	find("rook", rook);
	find("bishop", bishop);
	return 0;
}
