/* endpoint-validate.c -- POST /validate and GET /validate: is the FEN well formed and
 * the position legal? Always 200 for a well-formed request; the verdict is in the body.
 * An NDJSON body is bulk validation: streamed, one result line per input line, made by
 * bulk.c on every heavy thread. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "http/bulk.h"
#include "http/stream.h"

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
		reply_problem_field(resp, REPLY_INVALID_FIELD, "expected", msg_text(MSG_API_EXPECTED, resp->lang));
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
	    body_string(req, "expected", false, &expected, resp) || body_message_lang(req, resp))
		return;
	result = json_validate_text_printed(fen, strlen(fen), &options, &style, &valid);
	if (result && expected && endpoint_validate_compare(result, fen, expected, &options, &style, resp)) {
		cJSON_Delete(result);
		return;
	}

	if (result)
		metrics_count_validation(valid);
	reply_json(resp, 200, result);
}

static size_t validate_bulk_limit(const struct config *cfg)
{
	return cfg->max_bulk_body;
}

/* The query's options (mode, chess960, ...) are the defaults of every line. */
static int validate_bulk_open(const struct http_request *req, void **state, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct bulk *bulk;

	if (body_style_options(req, &options, &style, resp) || body_message_lang(req, resp))
		return -1;
	if (!(bulk = bulk_new(&options, &style, req->config->max_request_memory))) {
		reply_internal_error(resp);
		return -1;
	}
	*state = bulk;
	return 0;
}

/* Validates the next lines (bulk.c): a record each; blank lines are skipped (but
 * counted). */
static enum stream_step validate_bulk_produce(void *state, struct stream_input *in, struct stream_output *out)
{
	return bulk_produce(state, in, out);
}

static void validate_bulk_close(void *state)
{
	bulk_free(state);
}

const struct stream_endpoint endpoint_validate_stream = {
	.accepts = stream_is_ndjson_type,
	.media_type = STREAM_NDJSON_TYPE,
	.limit = validate_bulk_limit,
	.content_type = STREAM_NDJSON_TYPE,
	.open = validate_bulk_open,
	.produce = validate_bulk_produce,
	.close = validate_bulk_close,
	.abort = stream_abort_ndjson,
};
