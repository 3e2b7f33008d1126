/* json-print.c -- getting trees ready for cJSON to print quickly. cJSON 1.7.15 (Debian
 * 12's) prints every number with sprintf("%1.15g") and then reads it back with sscanf
 * to check the round trip: a fifth of the CPU a typical answer costs, for numbers that
 * are all small integers. Here they become raw nodes holding their digits, which cJSON
 * copies as they are: the same bytes, without the two conversions. */
#include "json/json.h"

#include <math.h>
#include <string.h>

/* Integers below this print the same in decimal as with %1.15g. */
#define JSON_PRINT_INTEGER_MAX 1e15

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
		if (child->child || (child->type & 0xFF) == cJSON_Number)
			if (!json_print_prepare(child))
				return false;
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
