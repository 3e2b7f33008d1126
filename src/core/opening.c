/* opening.c -- finding an opening's name by position key in the generated table, and
 * whether a game's ECO and Opening tags agree with it. */
#include "core/opening.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

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
