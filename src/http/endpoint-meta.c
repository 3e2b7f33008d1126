/* endpoint-meta.c -- what the service says about itself: GET /health, GET /ready,
 * GET /version and GET /openapi.yaml (the contract, embedded at build time). */
#include "config.h"

#include "http/http.h"

static const char endpoint_health_body[] = "{\"status\":\"ok\"}";
static const char endpoint_version_body[] = "{\"name\":\"" PACKAGE_NAME "\",\"version\":\"" PACKAGE_VERSION "\"}";

/* {"status":"ok"} while the daemon runs. */
void endpoint_health(const struct http_request *req, struct http_response *resp)
{
	(void)req;
	reply_static(resp, 200, REPLY_JSON_TYPE, endpoint_health_body, sizeof endpoint_health_body - 1);
}

static const char endpoint_ready_body[] = "{\"status\":\"ready\"}";

/* {"status":"ready"} while fend takes new work; a 503 problem while it starts or, after
 * SIGTERM, drains: /health says the process lives, /ready whether to send it requests. */
void endpoint_ready(const struct http_request *req, struct http_response *resp)
{
	(void)req;
	if (server_is_ready())
		reply_static(resp, 200, REPLY_JSON_TYPE, endpoint_ready_body, sizeof endpoint_ready_body - 1);
	else
		reply_problem(resp, REPLY_SERVICE_UNAVAILABLE, msg_text(MSG_API_STARTING, resp->lang), NULL);
}

/* {"name":"fend","version":"0.1.0"} */
void endpoint_version(const struct http_request *req, struct http_response *resp)
{
	(void)req;
	reply_static(resp, 200, REPLY_JSON_TYPE, endpoint_version_body, sizeof endpoint_version_body - 1);
}

/* api/openapi.yaml as it was when fend was built. */
void endpoint_openapi(const struct http_request *req, struct http_response *resp)
{
	(void)req;
	reply_static(resp, 200, REPLY_YAML_TYPE, (const char *)openapi_data, openapi_data_length);
}
