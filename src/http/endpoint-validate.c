/* endpoint-validate.c -- POST /validate and GET /validate: is the FEN well formed and
 * the position legal? Always 200 for a well-formed request; the verdict is in the body.
 * An NDJSON body is bulk validation: streamed, one result line per input line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "http/stream.h"

/* Lines validated per produce call: enough to fill a chunk, few enough to stay short. */
#define VALIDATE_LINES_PER_CALL 64

/* Adds "comparison" to result: fen compared with expected (a FEN that must be valid,
 * read with the request's options and compared as the answer writes it). Returns 0, or
 * -1 after answering (expected is not valid; out of memory). */
static int endpoint_validate_compare(cJSON *result, const char *fen, const char *expected,
				     const struct fen_options *options, const struct json_fen_style *style,
				     struct http_response *resp)
{
	struct position pos;
	struct fen_report report;
	struct fen_comparison cmp;
	char want[FEN_MAX];

	if (fen_parse(expected, strlen(expected), options, &pos, &report) != FEN_VALID ||
	    !fen_format(&pos, style->ep, style->castling, want, sizeof want)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "expected",
				    "expected must be a valid FEN: the position the FEN is compared with");
		return -1;
	}
	fen_compare(want, strlen(want), fen, strlen(fen), &cmp);
	if (!json_put(result, "comparison", json_comparison(&cmp, want))) {
		reply_internal_error(resp);
		return -1;
	}
	return 0;
}

/* Answers with json_validation, the same JSON `fen validate` prints; with "expected",
 * also the comparison of the FEN with it. */
void endpoint_validate(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	const char *fen, *expected;
	bool valid = false;
	cJSON *result;

	if (body_position_options(req, &fen, &options, &style, resp) ||
	    body_string(req, "expected", false, &expected, resp))
		return;
	result = json_validate_text(fen, strlen(fen), &options, &style, &valid);
	if (result && expected && endpoint_validate_compare(result, fen, expected, &options, &style, resp)) {
		cJSON_Delete(result);
		return;
	}

	if (result)
		metrics_count_validation(valid);
	reply_json(resp, 200, result);
}

/* Bulk validation's state: the defaults from the query string. */
struct validate_bulk {
	struct fen_options options;
	struct json_fen_style style;
};

static size_t validate_bulk_limit(const struct config *cfg)
{
	return cfg->max_bulk_body;
}

/* The query's options (mode, chess960, ...) are the defaults of every line. */
static int validate_bulk_open(const struct http_request *req, void **state, struct http_response *resp)
{
	struct validate_bulk *bulk = malloc(sizeof *bulk);

	if (!bulk) {
		reply_internal_error(resp);
		return -1;
	}
	if (body_style_options(req, &bulk->options, &bulk->style, resp)) {
		free(bulk);
		return -1;
	}
	*state = bulk;
	return 0;
}

/* Validates the next lines: a record each; blank lines are skipped (but counted). */
static enum stream_step validate_bulk_produce(void *state, struct stream_input *in, struct stream_output *out)
{
	const struct validate_bulk *bulk = state;
	char *line;
	size_t length;
	bool valid = false;

	for (int i = 0; i < VALIDATE_LINES_PER_CALL; i++) {
		cJSON *record;
		int failed;
		switch (stream_line(in, JSON_LINE_MAX, &line, &length)) {
		case STREAM_LINE:
			if (strspn(line, " \t") == length)
				continue;
			/* The line's trees live in the thread's arena until printed (json-arena.c). */
			json_arena_begin();
			record = json_validate_line(line, length, stream_line_number(in), &bulk->options, &bulk->style,
						    &valid);
			if (record)
				metrics_count_validation(valid);
			break;
		case STREAM_LINE_LONG:
			record = json_line_too_long(stream_line_number(in), JSON_LINE_MAX);
			break;
		case STREAM_LINE_EOF:
			return STREAM_END;
		default:
			return STREAM_FAIL;
		}
		failed = stream_emit_json(out, record);
		json_arena_end();
		if (failed)
			return STREAM_FAIL;
	}
	return STREAM_MORE;
}

const struct stream_endpoint endpoint_validate_stream = {
	.accepts = stream_is_ndjson_type,
	.media_type = STREAM_NDJSON_TYPE,
	.limit = validate_bulk_limit,
	.content_type = STREAM_NDJSON_TYPE,
	.open = validate_bulk_open,
	.produce = validate_bulk_produce,
	.close = free,
	.abort = stream_abort_ndjson,
};
