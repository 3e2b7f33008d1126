/* json-opening.c -- opening names as JSON: {"eco", "name", "ply"} or null. */
#include "json/json.h"

cJSON *json_opening(const struct opening *o)
{
	cJSON *obj;

	if (!o)
		return cJSON_CreateNull();
	/* The table's strings are constants: referenced, not copied. */
	obj = cJSON_CreateObject();
	if (!obj || !json_put_static(obj, "eco", o->eco) || !json_put_static(obj, "name", o->name) ||
	    !json_put_number(obj, "ply", o->ply)) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

cJSON *json_opening_of_key(uint64_t key)
{
	return json_opening(opening_find(key));
}
