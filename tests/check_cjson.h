/* check_cjson.h -- asserting accessors for the members of parsed JSON answers, shared by
 * the suites that read fend's responses (in process and over HTTP). */
#ifndef CHECK_CJSON_H
#define CHECK_CJSON_H

#include <check.h>
#include <cjson/cJSON.h>

/* The member name of obj; fails the test when there is none. */
static inline const cJSON *cjson_member(const cJSON *obj, const char *name)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);
	ck_assert_msg(item != NULL, "no member %s", name);
	return item;
}

/* The string member name of obj; fails the test when it is missing or not a string. */
static inline const char *cjson_string(const cJSON *obj, const char *name)
{
	const cJSON *item = cjson_member(obj, name);
	ck_assert_msg(cJSON_IsString(item), "%s is not a string", name);
	return item->valuestring;
}

/* The number member name of obj; fails the test when it is missing or not a number. */
static inline double cjson_number(const cJSON *obj, const char *name)
{
	const cJSON *item = cjson_member(obj, name);
	ck_assert_msg(cJSON_IsNumber(item), "%s is not a number", name);
	return item->valuedouble;
}

#endif
