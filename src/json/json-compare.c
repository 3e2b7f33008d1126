/* json-compare.c -- the "comparison" of POST /validate with "expected": a FEN compared
 * with the one expected, field by field and square by square (core/fen_compare.c). */
#include "json/json.h"

#include <string.h>

/* A piece letter as a constant string, NULL for '\0' (an empty square). */
static const char *json_compare_piece(char c)
{
	static const char letters[] = "KQRBNPkqrbnp";
	static const char *const names[] = { "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p" };
	const char *at = c ? strchr(letters, c) : NULL;

	return at ? names[at - letters] : NULL;
}

static bool json_compare_put_piece(cJSON *obj, const char *name, char c)
{
	const char *piece = json_compare_piece(c);
	return piece ? json_put_static(obj, name, piece) : json_put_null(obj, name);
}

cJSON *json_comparison(const struct fen_comparison *cmp, const char *expected)
{
	cJSON *obj = cJSON_CreateObject(), *fields, *squares, *ranks;

	if (!obj)
		return NULL;
	/* The members first (obj owns them from here), then their items. */
	if (!json_put_bool(obj, "equal", cmp->equal) || !json_put_string(obj, "expected", expected) ||
	    !json_put(obj, "fields", fields = cJSON_CreateArray()) ||
	    !json_put(obj, "squares", squares = cJSON_CreateArray()) ||
	    !json_put(obj, "unreadable_ranks", ranks = cJSON_CreateArray()))
		goto fail;
	for (int f = 0; f < FEN_FIELD_NB; f++)
		if (cmp->fields & (1u << f)) {
			cJSON *name = cJSON_CreateStringReference(error_field_name((enum fen_field)f));
			if (!name || !cJSON_AddItemToArray(fields, name)) {
				cJSON_Delete(name);
				goto fail;
			}
		}
	for (int i = 0; i < cmp->square_count; i++) {
		const struct fen_square_diff *d = &cmp->squares[i];
		cJSON *sq = cJSON_CreateObject();
		if (!sq || !cJSON_AddItemToArray(squares, sq)) {
			cJSON_Delete(sq);
			goto fail;
		}
		if (!json_put_static(sq, "square", json_square_name(d->square)) ||
		    !json_compare_put_piece(sq, "expected", d->expected) || !json_compare_put_piece(sq, "given", d->given))
			goto fail;
	}
	for (int rank = 8; rank >= 1; rank--)
		if (cmp->bad_ranks & (1u << (rank - 1))) {
			cJSON *n = cJSON_CreateNumber(rank);
			if (!n || !cJSON_AddItemToArray(ranks, n)) {
				cJSON_Delete(n);
				goto fail;
			}
		}
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}
