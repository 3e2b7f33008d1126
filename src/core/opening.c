/* opening.c -- finding an opening's name by position key in the generated table. */
#include "core/opening.h"

const struct opening *opening_find(uint64_t key)
{
	size_t lo = 0, hi = opening_table_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (opening_table[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < opening_table_count && opening_table[lo].key == key ? &opening_table[lo] : NULL;
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
