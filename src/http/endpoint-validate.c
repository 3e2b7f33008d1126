/* endpoint-validate.c -- POST /validate and GET /validate: is the FEN well formed and
 * the position legal? Always 200 for a well-formed request; the verdict is in the body. */
#include "config.h"

#include <string.h>

#include "http/http.h"

/* Answers with json_validation, the same JSON `fen validate` prints. */
void endpoint_validate(const struct http_request *req, struct http_response *resp)
{
	struct fen_options options;
	struct json_fen_style style;
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict;
	const char *fen;

	if (body_position_options(req, &fen, &options, &style, resp))
		return;
	verdict = fen_parse(fen, strlen(fen), &options, &pos, &report);
	metrics_count_validation(verdict == FEN_VALID);
	reply_json(resp, 200, json_validation(verdict, &pos, &report, &style));
}
