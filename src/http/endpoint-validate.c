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

/* Answers with json_validation, the same JSON `fen validate` prints. */
void endpoint_validate(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	const char *fen;
	bool valid = false;
	cJSON *result;

	if (body_position_options(req, &fen, &options, &style, resp))
		return;
	result = json_validate_text(fen, strlen(fen), &options, &style, &valid);

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

	if (body_style_options(req, &options, &style, resp))
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
