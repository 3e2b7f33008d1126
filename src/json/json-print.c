/* json-print.c -- getting trees ready for cJSON to print quickly. cJSON 1.7.15 (Debian
 * 12's) prints every number with sprintf("%1.15g") and then reads it back with sscanf
 * to check the round trip: a fifth of the CPU a typical answer costs, for numbers that
 * are all small integers. Here they become raw nodes holding their digits, which cJSON
 * copies as they are: the same bytes, without the two conversions. Likewise a longer
 * string with nothing to escape (a FEN, a board, a message) becomes a raw node holding it
 * in quotes: cJSON would copy it a byte at a time, twice over, checking each byte. */
#include "json/json.h"

#include <math.h>
#include <string.h>

/* Integers below this print the same in decimal as with %1.15g. */
#define JSON_PRINT_INTEGER_MAX 1e15

/* Strings shorter than this are left to cJSON: the copy would cost more than it saves. */
#define JSON_PRINT_STRING_MIN 16

/* Turns a string node whose text needs no escape into a raw node of the same bytes
 * ("text"). Returns false when out of memory; a string that needs escapes stays. */
static bool json_print_string(cJSON *item)
{
	const unsigned char *p = (const unsigned char *)item->valuestring;
	size_t len = 0;
	char *text;

	if (!p)
		return true;
	/* What cJSON escapes: '"', '\\' and the bytes below 0x20 (print_string_ptr). */
	for (; p[len]; len++)
		if (p[len] < 0x20 || p[len] == '"' || p[len] == '\\')
			return true;
	if (len < JSON_PRINT_STRING_MIN)
		return true;
	/* cJSON_Delete frees valuestring with cJSON's own allocator (now that it is ours). */
	if (!(text = cJSON_malloc(len + 3)))
		return false;
	text[0] = '"';
	memcpy(text + 1, item->valuestring, len);
	text[len + 1] = '"';
	text[len + 2] = '\0';
	if (!(item->type & cJSON_IsReference))
		cJSON_free(item->valuestring);
	item->type = cJSON_Raw | (item->type & cJSON_StringIsConst);
	item->valuestring = text;
	return true;
}

/* Writes the decimal digits of v (|v| < 1e15, integral) into out; returns the length. */
static size_t json_print_digits(double v, char out[24])
{
	char tmp[24];
	long long n = (long long)v;
	unsigned long long u = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
	size_t len = 0, k = 0;

	do
		tmp[k++] = (char)('0' + u % 10);
	while ((u /= 10));
	if (n < 0)
		out[len++] = '-';
	while (k)
		out[len++] = tmp[--k];
	out[len] = '\0';
	return len;
}

bool json_print_prepare(cJSON *item)
{
	for (cJSON *child = item->child; child; child = child->next)
		if (child->child || (child->type & 0xFF) == cJSON_Number || (child->type & 0xFF) == cJSON_String)
			if (!json_print_prepare(child))
				return false;
	if ((item->type & 0xFF) == cJSON_String)
		return json_print_string(item);
	/* -0 prints as "-0": left to cJSON. The type is tested here rather than with
	 * cJSON_IsNumber: a call into the library for each of the hundreds of nodes of a
	 * large answer was a twentieth of printing it. */
	if ((item->type & 0xFF) == cJSON_Number && item->valuedouble > -JSON_PRINT_INTEGER_MAX &&
	    item->valuedouble < JSON_PRINT_INTEGER_MAX && (double)(long long)item->valuedouble == item->valuedouble &&
	    !(item->valuedouble == 0 && signbit(item->valuedouble))) {
		char digits[24];
		size_t len = json_print_digits(item->valuedouble, digits);
		/* cJSON_Delete frees valuestring with cJSON's own allocator. */
		char *text = cJSON_malloc(len + 1);
		if (!text)
			return false;
		memcpy(text, digits, len + 1);
		item->type = cJSON_Raw | (item->type & cJSON_StringIsConst);
		item->valuestring = text;
	}
	return true;
}
