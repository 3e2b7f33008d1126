/* json-member.c -- adding members to the objects fend builds without copying what never
 * changes. cJSON_AddStringToObject copies the member's name and its value (a strlen, an
 * allocation and a memcpy each); the names of the API's members are string constants
 * and many values are too (piece letters, square names, outcomes), so these add them by
 * reference (cJSON_AddItemToObjectCS, cJSON_CreateStringReference). With /moves' 170
 * members, the copies cost a third of building the answer. cJSON_Delete knows not to
 * free referenced names and values, so the trees are deleted as any other. */
#include "json/json.h"

bool json_put(cJSON *obj, const char *name, cJSON *item)
{
	if (!item)
		return false;
	if (!cJSON_AddItemToObjectCS(obj, name, item)) {
		cJSON_Delete(item);
		return false;
	}
	return true;
}

bool json_put_string(cJSON *obj, const char *name, const char *text)
{
	return json_put(obj, name, cJSON_CreateString(text));
}

bool json_put_static(cJSON *obj, const char *name, const char *text)
{
	return json_put(obj, name, cJSON_CreateStringReference(text));
}

bool json_put_string_or_null(cJSON *obj, const char *name, const char *text)
{
	return json_put(obj, name, text ? cJSON_CreateString(text) : cJSON_CreateNull());
}

bool json_put_bool(cJSON *obj, const char *name, bool value)
{
	return json_put(obj, name, cJSON_CreateBool(value));
}

bool json_put_null(cJSON *obj, const char *name)
{
	return json_put(obj, name, cJSON_CreateNull());
}

bool json_put_number(cJSON *obj, const char *name, double value)
{
	return json_put(obj, name, cJSON_CreateNumber(value));
}

const char *json_square_name(int sq)
{
	static const char names[64][3] = {
#define JSON_RANK(r) "a" #r, "b" #r, "c" #r, "d" #r, "e" #r, "f" #r, "g" #r, "h" #r
		JSON_RANK(1), JSON_RANK(2), JSON_RANK(3), JSON_RANK(4),
		JSON_RANK(5), JSON_RANK(6), JSON_RANK(7), JSON_RANK(8),
#undef JSON_RANK
	};
	return sq >= 0 && sq < 64 ? names[sq] : NULL;
}

const char *json_piece_name(int pc)
{
	static const char names[PIECE_NB][2] = {
		[W_PAWN] = "P", [W_KNIGHT] = "N", [W_BISHOP] = "B", [W_ROOK] = "R", [W_QUEEN] = "Q", [W_KING] = "K",
		[B_PAWN] = "p", [B_KNIGHT] = "n", [B_BISHOP] = "b", [B_ROOK] = "r", [B_QUEEN] = "q", [B_KING] = "k",
	};
	return pc > NO_PIECE && pc < PIECE_NB && names[pc][0] ? names[pc] : NULL;
}
