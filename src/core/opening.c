/* opening.c -- finding an opening's name by position key in the generated table, and
 * whether a game's ECO and Opening tags agree with it. */
#include "core/opening.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* The keys are Zobrist keys, spread evenly over 64 bits, and the table is sorted by key:
 * the search starts where key would lie if they were spread exactly, widens a window
 * from there until it holds key's place, and bisects the window. Every valid FEN looks
 * its position up, nearly always in vain, and a plain bisection's dozen steps across the
 * 120 KB table were cache misses; the window is a few neighbouring lines. */
const struct opening *opening_find(uint64_t key)
{
	size_t n = opening_table_count, lo, hi, step = 8;

	if (!n)
		return NULL;
	/* (key >> 32) * n < 2^32 * n: no overflow for any table this size */
	hi = (size_t)((key >> 32) * n >> 32);
	if (opening_table[hi].key < key) {
		/* key's place is after hi: every entry before lo is smaller than key */
		lo = hi + 1;
		for (hi = lo; hi < n && opening_table[hi].key < key; step *= 2) {
			lo = hi + 1;
			hi = n - lo > step ? lo + step : n;
		}
	} else {
		/* key's place is at hi or before: opening_table[hi].key >= key */
		for (lo = hi; lo > 0 && opening_table[lo - 1].key >= key; step *= 2) {
			hi = lo - 1;
			lo = hi > step ? hi - step : 0;
		}
	}
	/* The first entry not smaller than key is in [lo, hi] (hi == n: none). */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (opening_table[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && opening_table[lo].key == key ? &opening_table[lo] : NULL;
}

const struct opening *opening_of_line(const uint64_t *keys, int count, int *at)
{
	for (int i = count - 1; i >= 0; i--) {
		const struct opening *o = opening_find(keys[i]);
		if (o) {
			if (at)
				*at = i;
			return o;
		}
	}
	if (at)
		*at = -1;
	return NULL;
}

/* True when text begins with prefix, letters compared without case. */
static bool opening_starts_with(const char *text, const char *prefix)
{
	for (; *prefix; text++, prefix++)
		if (tolower((unsigned char)*text) != tolower((unsigned char)*prefix))
			return false;
	return true;
}

int opening_tags_agree(const struct opening *o, const char *eco, const char *name)
{
	bool eco_given = eco && *eco && strcmp(eco, "?"), name_given = name && *name && strcmp(name, "?");

	if (!eco_given && !name_given)
		return -1;
	if (!o)
		return 0;
	if (eco_given && strcasecmp(eco, o->eco))
		return 0;
	/* a tag names the opening or the family of its variation: "Sicilian Defense" agrees
	 * with "Sicilian Defense: Najdorf Variation" */
	return !name_given || opening_starts_with(o->name, name);
}
