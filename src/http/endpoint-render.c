/* endpoint-render.c -- GET /render and POST /render: a board as SVG, PNG, GIF, the JSON
 * a web frontend draws, or ASCII/Unicode text; the format from `format` or, when it is
 * absent, from Accept. Any readable board is drawn, legal or not: legality problems go
 * in X-Fen-Problems (and the JSON), and only an unreadable board is a 422, or a PNG or GIF
 * that would draw more than --max-render-pixels (render_too_large, before drawing). A
 * GET is a pure function of its query, so it carries a strong ETag and may be answered
 * 304. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/render.h"
#include "core/render_svg.h"
#include "http/http.h"
#include "image/image.h"

enum endpoint_render_format {
	ENDPOINT_RENDER_JSON, ENDPOINT_RENDER_SVG, ENDPOINT_RENDER_PNG, ENDPOINT_RENDER_GIF,
	ENDPOINT_RENDER_ASCII, ENDPOINT_RENDER_UNICODE, ENDPOINT_RENDER_FORMAT_NB
};

static const struct {
	const char *name;
	const char *content_type;
} endpoint_render_formats[ENDPOINT_RENDER_FORMAT_NB] = {
	[ENDPOINT_RENDER_JSON] = { "json", REPLY_JSON_TYPE },
	[ENDPOINT_RENDER_SVG] = { "svg", "image/svg+xml" },
	[ENDPOINT_RENDER_PNG] = { "png", "image/png" },
	[ENDPOINT_RENDER_GIF] = { "gif", "image/gif" },
	[ENDPOINT_RENDER_ASCII] = { "ascii", REPLY_TEXT_TYPE },
	[ENDPOINT_RENDER_UNICODE] = { "unicode", REPLY_TEXT_TYPE },
};

/* Accept negotiation, in the server's order of preference: JSON first, so that a client
 * sending only * / * (curl) keeps getting what /render always answered. */
static const char *const endpoint_render_accept_types[] = {
	"application/json", "image/svg+xml", "image/png", "image/gif", "text/plain",
};
static const enum endpoint_render_format endpoint_render_accept_formats[] = {
	ENDPOINT_RENDER_JSON, ENDPOINT_RENDER_SVG, ENDPOINT_RENDER_PNG, ENDPOINT_RENDER_GIF, ENDPOINT_RENDER_ASCII,
};

/* One option's value as text: a query parameter, or a JSON string, number or boolean
 * member. NULL when absent; -1 with invalid_field in resp for another JSON type. */
static int endpoint_render_value(const struct http_request *req, const char *name, char *buf, size_t size,
				 const char **out, struct http_response *resp)
{
	const cJSON *item;

	*out = NULL;
	if (!req->body)
		return body_string(req, name, false, out, resp);
	item = cJSON_GetObjectItemCaseSensitive(req->body, name);
	if (!item || cJSON_IsNull(item))
		return 0;
	if (cJSON_IsString(item)) {
		*out = item->valuestring;
	} else if (cJSON_IsBool(item)) {
		*out = cJSON_IsTrue(item) ? "true" : "false";
	} else if (cJSON_IsNumber(item) && item->valuedouble >= 0 && item->valuedouble < 1e9) {
		snprintf(buf, size, "%.0f", item->valuedouble);
		*out = buf;
	} else {
		char detail[96];
		error_message(detail, sizeof detail, resp->lang, MSG_API_MUST_BE_STRING, name);
		reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
		return -1;
	}
	return 0;
}

int endpoint_render_options(const struct http_request *req, struct render_options *opts, struct http_response *resp)
{
	render_options_default(opts);
	opts->lang = resp->lang;
	for (int i = 0; render_option_names[i]; i++) {
		const char *name = render_option_names[i], *value;
		struct render_error err;
		char buf[32], detail[RENDER_MESSAGE_MAX + 64];
		if (endpoint_render_value(req, name, buf, sizeof buf, &value, resp))
			return -1;
		if (!value || !render_option_set(opts, name, value, &err))
			continue;
		snprintf(detail, sizeof detail, "%s: %s", name, err.message);
		reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
		return -1;
	}
	return 0;
}

/* The format asked for by `format`, else by Accept; -1 with a problem in resp (400 for
 * an unknown format, 406 when Accept takes none of them). */
static int endpoint_render_format(const struct http_request *req, enum endpoint_render_format *format,
				  struct http_response *resp)
{
	const char *value, *accept;
	int best;

	if (body_string(req, "format", false, &value, resp))
		return -1;
	if (value) {
		for (int f = 0; f < ENDPOINT_RENDER_FORMAT_NB; f++)
			if (!strcmp(value, endpoint_render_formats[f].name)) {
				*format = (enum endpoint_render_format)f;
				return 0;
			}
		reply_problem_field(resp, REPLY_INVALID_FIELD, "format", msg_text(MSG_API_FORMAT, resp->lang));
		return -1;
	}
	accept = negotiate_header(req, "Accept");
	best = negotiate_accept(accept, endpoint_render_accept_types,
				(int)(sizeof endpoint_render_accept_types / sizeof endpoint_render_accept_types[0]));
	if (best < 0) {
		reply_problem(resp, REPLY_NOT_ACCEPTABLE, msg_text(MSG_API_RENDER_NOT_ACCEPTABLE, resp->lang), NULL);
		return -1;
	}
	*format = endpoint_render_accept_formats[best];
	return 0;
}

bool endpoint_render_raster(const struct http_request *req)
{
	enum endpoint_render_format format;
	struct http_response scratch = { 0 };
	bool raster = false;

	/* A request whose format is wrong is answered at once with its 400 or 406. */
	if (!endpoint_render_format(req, &format, &scratch))
		raster = format == ENDPOINT_RENDER_PNG || format == ENDPOINT_RENDER_GIF;
	reply_clear(&scratch);
	return raster;
}

int endpoint_render_cap(const struct http_request *req, uint64_t needed, enum msg_id words,
			struct http_response *resp)
{
	size_t limit = req->config->max_render_pixels;
	char detail[512];
	cJSON *ext;

	if (needed <= limit)
		return 0;
	error_message(detail, sizeof detail, resp->lang, words, (unsigned long long)needed, limit);
	ext = cJSON_CreateObject();
	if (!ext || !cJSON_AddNumberToObject(ext, "limit", (double)limit) ||
	    !cJSON_AddNumberToObject(ext, "needed", (double)needed)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return -1;
	}
	reply_problem(resp, REPLY_RENDER_TOO_LARGE, detail, ext);
	return -1;
}

/* Renders pos in a picture or text format into resp; a PNG or GIF that would draw more
 * than --max-render-pixels is a 422 instead, before any drawing. */
static void endpoint_render_body(const struct http_request *req, struct http_response *resp,
				 enum endpoint_render_format format,
				 const struct position *pos, const struct render_options *opts, enum fen_verdict verdict,
				 const struct fen_report *report, const struct json_fen_style *style, const char *fen_text)
{
	const char *type = endpoint_render_formats[format].content_type;
	unsigned char *data = NULL;
	size_t length = 0;
	char *text;

	switch (format) {
	case ENDPOINT_RENDER_JSON:
		reply_json(resp, 200, json_render_board(pos, verdict, report, style));
		return;
	case ENDPOINT_RENDER_SVG:
		text = malloc(RENDER_SVG_MAX);
		/* fen_text is the SVG's title when written in the default style; this spares a second fen_format. */
		if (!text)
			length = 0;
		else if (style->ep == FEN_EP_FEN && style->castling == FEN_CASTLING_STANDARD)
			length = render_svg_titled(pos, opts, fen_text, text, RENDER_SVG_MAX);
		else
			length = render_svg(pos, opts, text, RENDER_SVG_MAX);
		if (!length) {
			free(text);
			reply_internal_error(resp);
		} else {
			reply_owned(resp, 200, type, text, length, free);
		}
		return;
	case ENDPOINT_RENDER_PNG:
	case ENDPOINT_RENDER_GIF:
		if (endpoint_render_cap(req, image_picture_cost(pos, opts), MSG_API_PICTURE_TOO_LARGE, resp))
			return;
		if ((format == ENDPOINT_RENDER_PNG ? image_png : image_gif)(pos, opts, &data, &length))
			reply_internal_error(resp);
		else
			reply_owned(resp, 200, type, data, length, free);
		return;
	case ENDPOINT_RENDER_ASCII:
	case ENDPOINT_RENDER_UNICODE: {
		char board[RENDER_TEXT_MAX];
		length = render_text(pos, format == ENDPOINT_RENDER_ASCII ? RENDER_ASCII : RENDER_UNICODE,
				     render_bottom(opts, pos), board, sizeof board);
		if (!length)
			reply_internal_error(resp);
		else
			reply_text(resp, 200, type, board, length);
		return;
	}
	case ENDPOINT_RENDER_FORMAT_NB:
		break;
	}
	reply_internal_error(resp);
}

/* The cache key being written: like snprintf, it keeps what fits (size - 1 bytes) and
 * n counts what it kept. */
struct endpoint_render_key {
	char *out;
	size_t size;
	size_t n;
};

static void endpoint_render_key_put(struct endpoint_render_key *k, const char *text, size_t length)
{
	size_t room = k->size - 1 - k->n;

	if (length > room)
		length = room;
	memcpy(k->out + k->n, text, length);
	k->n += length;
	k->out[k->n] = '\0';
}

static void endpoint_render_key_puts(struct endpoint_render_key *k, const char *text)
{
	endpoint_render_key_put(k, text, strlen(text));
}

static void endpoint_render_key_number(struct endpoint_render_key *k, unsigned long v)
{
	char digits[24];
	size_t i = sizeof digits;

	do
		digits[--i] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	endpoint_render_key_put(k, digits + i, sizeof digits - i);
}

void endpoint_render(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	enum fen_verdict verdict;
	enum endpoint_render_format format;
	struct render_error err;
	char key[1024 + FEN_MAX + FEN_INPUT_MAX], canonical[768], fen_text[FEN_MAX], problems[400], etag[NEGOTIATE_ETAG_MAX];
	const char *fen;

	if (body_position_options(req, &fen, &options, &style, resp) || endpoint_render_format(req, &format, resp) ||
	    endpoint_render_options(req, &opts, resp) || body_message_lang(req, resp))
		return;
	if (render_read_board(fen, &options, &pos, &report, &verdict)) {
		reply_invalid_fen(resp, &report);
		return;
	}
	if (render_resolve_last_move(&opts, &pos, &err)) {
		char detail[RENDER_MESSAGE_MAX];
		snprintf(detail, sizeof detail, "%s", err.message);
		reply_problem_field(resp, REPLY_INVALID_FIELD, "last_move", detail);
		return;
	}
	if (format == ENDPOINT_RENDER_PNG || format == ENDPOINT_RENDER_GIF)
		opts.size = 8 * image_square_for(opts.size);
	render_problem_codes(&report, problems, sizeof problems);
	if (!fen_format(&pos, style.ep, style.castling, fen_text, sizeof fen_text))
		fen_format_board(&pos, fen_text, sizeof fen_text);
	render_options_canonical(&opts, canonical, sizeof canonical);
	/* The JSON's problems quote offsets in the FEN as given, so its key holds that text;
	 * pictures depend only on the position as fend writes it. */
	bool raw = format == ENDPOINT_RENDER_JSON && verdict != FEN_VALID;
	/* "render|<format>|<fen>|<chess960>|<verdict>|<problems>|<options>|<length>:<raw fen>", put
	 * together by hand: snprintf's parsing of it was a measurable part of an SVG request. */
	struct endpoint_render_key k = { key, sizeof key, 0 };
	endpoint_render_key_puts(&k, "render|");
	endpoint_render_key_puts(&k, endpoint_render_formats[format].name);
	/* the JSON's messages are in the request's language: each language its own tag */
	if (format == ENDPOINT_RENDER_JSON && options.lang != MSG_EN) {
		endpoint_render_key_puts(&k, "/");
		endpoint_render_key_puts(&k, msg_lang_name(options.lang));
	}
	endpoint_render_key_puts(&k, "|");
	endpoint_render_key_puts(&k, fen_text);
	endpoint_render_key_puts(&k, "|");
	endpoint_render_key_number(&k, (unsigned long)pos.chess960);
	endpoint_render_key_puts(&k, "|");
	endpoint_render_key_number(&k, (unsigned long)verdict);
	endpoint_render_key_puts(&k, "|");
	endpoint_render_key_puts(&k, problems);
	endpoint_render_key_puts(&k, "|");
	endpoint_render_key_puts(&k, canonical);
	endpoint_render_key_puts(&k, "|");
	endpoint_render_key_number(&k, raw ? strlen(fen) : 0);
	endpoint_render_key_puts(&k, ":");
	endpoint_render_key_puts(&k, raw ? fen : "");
	/* Only a FEN far past FEN_INPUT_MAX (a too_long problem) is cut here, its length kept. */
	negotiate_etag(key, k.n, etag);
	if (negotiate_fresh(req, etag))
		reply_static(resp, 304, NULL, NULL, 0);
	else
		endpoint_render_body(req, resp, format, &pos, &opts, verdict, &report, &style, fen_text);
	if (resp->status != 200 && resp->status != 304)
		return;
	negotiate_cache_headers(req, resp, etag);
	reply_header(resp, "Vary", "Accept");
	/* a 304 of the JSON, which has no type, varies as the JSON does */
	if (format == ENDPOINT_RENDER_JSON)
		reply_vary(resp, "Accept-Language");
	if (problems[0])
		reply_header_copy(resp, "X-Fen-Problems", problems);
}
