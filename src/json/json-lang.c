/* json-lang.c -- the JSON of a piece-letter language detected (san_detect.h): the
 * answer's "lang_detected", the warning lang_detected, the hint on a move that no
 * language reads, and the members of the problem ambiguous_language. */
#include "json/json.h"

#include <stdio.h>
#include <string.h>

#include "core/uci.h"
#include "core/utf8.h"

cJSON *json_lang_names(san_lang_set set)
{
	cJSON *list = cJSON_CreateArray();

	for (int l = 0; list && l < SAN_LANG_NB; l++)
		if ((set & SAN_LANG_BIT(l)) && !json_append(list, cJSON_CreateString(san_lang_name((enum san_lang)l)))) {
			cJSON_Delete(list);
			return NULL;
		}
	return list;
}

bool json_lang_detected(cJSON *obj, const struct san_detect_result *d)
{
	return json_put_static(obj, "lang_detected", san_lang_name(d->lang));
}

/* The move as given (cut to fit, valid UTF-8), its SAN in write's letters, and the
 * warning's message. */
static void json_lang_words(const struct position *pos, move m, const char *text, size_t length,
			    const struct san_detect_result *d, enum san_lang write, enum msg_lang lang,
			    char given[SAN_VALUE_MAX], char became[SAN_MAX], char *message, size_t size)
{
	char reading[256];
	size_t kept = utf8_prefix(text, length, SAN_VALUE_MAX - 1);

	memcpy(given, text, kept);
	given[kept] = '\0';
	utf8_sanitize(given);
	san_format_move(pos, m, write, SAN_STYLE_SAN, became);
	error_message(message, size, lang, MSG_MOVES_LANG_DETECTED,
		      san_detect_reading_in(d->langs, lang, reading, sizeof reading), given, became);
	utf8_sanitize(message);
}

void json_lang_message(const struct position *pos, move m, const char *text, size_t length,
		       const struct san_detect_result *d, enum san_lang write, char *out, size_t size)
{
	char given[SAN_VALUE_MAX], became[SAN_MAX];

	json_lang_words(pos, m, text, length, d, write, MSG_EN, given, became, out, size);
}

cJSON *json_lang_warning(const struct position *pos, move m, const char *text, size_t length,
			 const struct san_detect_result *d, enum san_lang write, enum msg_lang lang)
{
	char message[SAN_MESSAGE_MAX + 64], given[SAN_VALUE_MAX], became[SAN_MAX];
	cJSON *w = cJSON_CreateObject();

	json_lang_words(pos, m, text, length, d, write, lang, given, became, message, sizeof message);
	if (!w || !json_put_static(w, "code", "lang_detected") || !json_put_number(w, "offset", 0) ||
	    !json_put_number(w, "length", (double)length) || !json_put_string(w, "given", given) ||
	    !json_put_string(w, "became", became) || !json_put_string(w, "message", message)) {
		cJSON_Delete(w);
		return NULL;
	}
	return w;
}

bool json_lang_hint(cJSON *problem, const struct san_detect_result *d, int plies, enum msg_lang lang)
{
	const cJSON *detail = cJSON_GetObjectItemCaseSensitive(problem, "detail");
	char reading[256], text[768];
	cJSON *hint = cJSON_CreateObject();

	san_detect_reading_in(d->langs, lang, reading, sizeof reading);
	if (!json_put(problem, "lang_hint", hint) || !json_put_static(hint, "lang", san_lang_name(d->lang)) ||
	    !json_put(hint, "langs", json_lang_names(d->langs)) || !json_put_number(hint, "plies", plies))
		return false;
	error_message(text, sizeof text, lang, MSG_MOVES_LANG_HINT, cJSON_IsString(detail) ? detail->valuestring : "",
		      reading, plies);
	utf8_sanitize(text);
	return cJSON_ReplaceItemInObjectCaseSensitive(problem, "detail", cJSON_CreateString(text));
}

cJSON *json_ambiguous_language(const struct san_detect_result *d, int index, const char *text, size_t length,
			       enum msg_lang lang, const struct json_fen_style *style)
{
	char detail[512], token[68], san[2][SAN_MAX], names[2][80];
	cJSON *obj = cJSON_CreateObject(), *readings = NULL;
	size_t kept = utf8_prefix(text, length, 64);

	memcpy(token, text, kept);
	token[kept] = '\0';
	utf8_sanitize(token);
	for (int k = 0; k < 2; k++) {
		san_format_move(&d->before, d->readings[k].m, SAN_LANG_EN, SAN_STYLE_SAN, san[k]);
		san_detect_labels_in(d->readings[k].langs, lang, names[k], sizeof names[k]);
	}
	error_message(detail, sizeof detail, lang, MSG_MOVES_AMBIGUOUS_LANGUAGE, index + 1, token, san[0], names[0],
		      san[1], names[1]);
	utf8_sanitize(detail);
	if (!obj || !json_put_static(obj, "code", "ambiguous_language") || !json_put_string(obj, "detail", detail) ||
	    !json_put_number(obj, "index", index) || !json_put_string(obj, "move", token) ||
	    !json_put(obj, "fen", json_fen_string(&d->before, style)) || !json_put(obj, "langs", json_lang_names(d->langs)) ||
	    !json_put(obj, "readings", readings = cJSON_CreateArray()))
		goto fail;
	for (int k = 0; k < 2; k++) {
		cJSON *reading = cJSON_CreateObject();
		char uci[UCI_MAX];
		uci_format_move(&d->before, d->readings[k].m, uci);
		if (!json_append(readings, reading) || !json_put(reading, "langs", json_lang_names(d->readings[k].langs)) ||
		    !json_put_string(reading, "uci", uci) || !json_put_string(reading, "san", san[k]))
			goto fail;
	}
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}
