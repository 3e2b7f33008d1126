/* endpoint-render.c -- GET /render and POST /render: the board as ASCII or Unicode text,
 * or as the JSON a web frontend draws, from White's or Black's side. */
#include "config.h"

#include <string.h>

#include "core/render.h"
#include "http/http.h"

enum endpoint_render_format { ENDPOINT_RENDER_JSON, ENDPOINT_RENDER_ASCII, ENDPOINT_RENDER_UNICODE };

/* Reads format and orientation; -1 with invalid_field in resp. */
static int endpoint_render_options(const struct http_request *req, enum endpoint_render_format *format,
				   enum color *orientation, struct http_response *resp)
{
	const char *value;

	*format = ENDPOINT_RENDER_JSON;
	*orientation = WHITE;
	if (body_string(req, "format", false, &value, resp))
		return -1;
	if (value) {
		if (!strcmp(value, "json")) {
			*format = ENDPOINT_RENDER_JSON;
		} else if (!strcmp(value, "ascii")) {
			*format = ENDPOINT_RENDER_ASCII;
		} else if (!strcmp(value, "unicode")) {
			*format = ENDPOINT_RENDER_UNICODE;
		} else {
			reply_problem_field(resp, REPLY_INVALID_FIELD, "format",
					    "format must be \"ascii\", \"unicode\" or \"json\"");
			return -1;
		}
	}
	if (body_string(req, "orientation", false, &value, resp))
		return -1;
	if (value) {
		if (!strcmp(value, "white")) {
			*orientation = WHITE;
		} else if (!strcmp(value, "black")) {
			*orientation = BLACK;
		} else {
			reply_problem_field(resp, REPLY_INVALID_FIELD, "orientation",
					    "orientation must be \"white\" or \"black\"");
			return -1;
		}
	}
	return 0;
}

/* Answers with text/plain from render_text, or json_board; 422 invalid_fen. */
void endpoint_render(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct fen_report report;
	enum endpoint_render_format format;
	enum color orientation;
	char text[RENDER_TEXT_MAX];
	const char *fen;
	size_t length;

	if (body_position_options(req, &fen, &options, &style, resp) ||
	    endpoint_render_options(req, &format, &orientation, resp))
		return;
	if (fen_parse(fen, strlen(fen), &options, &pos, &report) != FEN_VALID) {
		reply_invalid_fen(resp, &report);
		return;
	}
	if (format == ENDPOINT_RENDER_JSON) {
		reply_json(resp, 200, json_board(&pos, &style));
		return;
	}
	length = render_text(&pos, format == ENDPOINT_RENDER_ASCII ? RENDER_ASCII : RENDER_UNICODE, orientation, text,
			     sizeof text);
	if (!length)
		reply_internal_error(resp);
	else
		reply_text(resp, 200, REPLY_TEXT_TYPE, text, length);
}
