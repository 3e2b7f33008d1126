/* router.c -- the route table: which handler answers which method and path, and the
 * answers given before any handler runs (404, 405 with Allow, CORS preflight). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "http/http.h"
#include "http/stream.h"

/* Every route of the API. HEAD is answered wherever GET is, OPTIONS on every path. */
static const struct router_route router_routes[] = {
	{ HTTP_POST, "/validate", endpoint_validate },
	{ HTTP_GET, "/validate", endpoint_validate },
	{ HTTP_POST, "/apply-move", endpoint_apply_move },
	{ HTTP_POST, "/pgn", NULL },
	{ HTTP_GET, "/moves", endpoint_moves },
	{ HTTP_POST, "/moves", endpoint_moves },
	{ HTTP_GET, "/render", endpoint_render },
	{ HTTP_POST, "/render", endpoint_render },
	{ HTTP_GET, "/render/game.gif", endpoint_render_game },
	{ HTTP_POST, "/render/game.gif", endpoint_render_game },
	{ HTTP_GET, "/health", endpoint_health },
	{ HTTP_GET, "/version", endpoint_version },
	{ HTTP_GET, "/openapi.yaml", endpoint_openapi },
	{ HTTP_POST, "/convert", endpoint_convert },
	{ HTTP_GET, "/ready", endpoint_ready },
	{ HTTP_GET, "/metrics", endpoint_metrics },
	{ HTTP_GET, "/", endpoint_web },
	{ HTTP_GET, "/fend.js", endpoint_web },
	{ HTTP_GET, "/app.js", endpoint_web },
	{ HTTP_GET, "/style.css", endpoint_web },
	{ HTTP_GET, "/favicon.svg", endpoint_web },
};

#define ROUTER_ROUTES_NB (sizeof router_routes / sizeof router_routes[0])

/* The POST routes whose bodies may be streamed (stream.h): a route here may have a NULL
 * handler above, and then takes streamed bodies only. */
static const struct {
	const char *path;
	const struct stream_endpoint *stream;
} router_streams[] = {
	{ "/validate", &endpoint_validate_stream },
	{ "/pgn", &endpoint_pgn_stream },
	{ "/render/game.gif", &endpoint_render_game_stream },
};

static const char *const router_method_names[HTTP_METHOD_NB] = {
	[HTTP_GET] = "GET", [HTTP_HEAD] = "HEAD", [HTTP_POST] = "POST", [HTTP_OPTIONS] = "OPTIONS",
	[HTTP_OTHER] = NULL,
};

enum http_method router_method(const char *name)
{
	for (int m = 0; m < HTTP_OTHER; m++)
		if (!strcmp(name, router_method_names[m]))
			return (enum http_method)m;
	return HTTP_OTHER;
}

/* The methods a mask of enum http_method bits allows, in a fixed order: HEAD follows
 * GET, OPTIONS always comes last. */
static int router_allowed(unsigned mask, const char *names[HTTP_METHOD_NB])
{
	static const enum http_method order[] = { HTTP_GET, HTTP_HEAD, HTTP_POST, HTTP_OPTIONS };
	int n = 0;

	if (mask & (1u << HTTP_GET))
		mask |= 1u << HTTP_HEAD;
	mask |= 1u << HTTP_OPTIONS;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (mask & (1u << order[i]))
			names[n++] = router_method_names[order[i]];
	return n;
}

/* Answers the preflight or 405 of a known path whose methods are mask. */
static void router_answer_methods(const struct http_request *req, struct http_response *resp, unsigned mask)
{
	const char *names[HTTP_METHOD_NB];
	int count = router_allowed(mask, names);
	size_t used = 0;
	char detail[96];
	cJSON *ext = NULL, *list;

	resp->allow[0] = '\0';
	for (int i = 0; i < count; i++)
		used += (size_t)snprintf(resp->allow + used, sizeof resp->allow - used, "%s%s", i ? ", " : "", names[i]);
	if (req->method == HTTP_OPTIONS) {
		reply_static(resp, 204, NULL, NULL, 0);
		reply_header(resp, "Access-Control-Allow-Methods", resp->allow);
		reply_header(resp, "Access-Control-Allow-Headers", "Content-Type, X-Request-Id");
		reply_header(resp, "Access-Control-Max-Age", "86400");
		reply_header(resp, "Allow", resp->allow);
		return;
	}
	ext = cJSON_CreateObject();
	if (!ext || !(list = cJSON_AddArrayToObject(ext, "allowed")))
		goto fail;
	for (int i = 0; i < count; i++) {
		cJSON *name = cJSON_CreateString(names[i]);
		if (!cJSON_AddItemToArray(list, name)) {
			cJSON_Delete(name);
			goto fail;
		}
	}
	snprintf(detail, sizeof detail, "%s allows only %s", req->path, resp->allow);
	reply_problem(resp, REPLY_METHOD_NOT_ALLOWED, detail, ext);
	if (resp->status == 405)
		reply_header(resp, "Allow", resp->allow);
	return;
fail:
	cJSON_Delete(ext);
	reply_internal_error(resp);
}

const struct router_route *router_find(const struct http_request *req, struct http_response *resp)
{
	enum http_method method = req->method == HTTP_HEAD ? HTTP_GET : req->method;
	unsigned mask = 0;
	char detail[96];

	for (size_t i = 0; i < ROUTER_ROUTES_NB; i++) {
		const struct router_route *route = &router_routes[i];
		if (strcmp(route->path, req->path))
			continue;
		if (route->method == method)
			return route;
		mask |= 1u << route->method;
	}
	if (!mask) {
		/* Echo the path cut short, with anything but printable ASCII as '?', so that
		 * the problem stays valid UTF-8 whatever bytes the URL held. */
		size_t n = (size_t)snprintf(detail, sizeof detail, "there is no resource at ");
		for (const char *p = req->path; *p && n < 88; p++)
			detail[n++] = *p >= ' ' && *p < 0x7f ? *p : '?';
		strcpy(detail + n, strlen(req->path) > 64 ? "..." : "");
		reply_problem(resp, REPLY_NOT_FOUND, detail, NULL);
		return NULL;
	}
	router_answer_methods(req, resp, mask);
	return NULL;
}

const struct stream_endpoint *router_stream(const struct router_route *route)
{
	if (route->method != HTTP_POST)
		return NULL;
	for (size_t i = 0; i < sizeof router_streams / sizeof router_streams[0]; i++)
		if (!strcmp(router_streams[i].path, route->path))
			return router_streams[i].stream;
	return NULL;
}

void router_dispatch(const struct http_request *req, struct http_response *resp)
{
	const struct router_route *route = router_find(req, resp);

	if (route && route->handler)
		route->handler(req, resp);
	else if (route)
		stream_unsupported(router_stream(route), false, resp);
}

int router_path_index(const char *path)
{
	for (size_t i = 0; i < ROUTER_ROUTES_NB; i++)
		if (!strcmp(router_routes[i].path, path))
			return (int)i;
	return -1;
}

const char *router_route_path(int index)
{
	return index >= 0 && (size_t)index < ROUTER_ROUTES_NB ? router_routes[index].path : NULL;
}

enum router_cost router_cost(const struct router_route *route)
{
	/* Pictures, whole games, PGN and descriptive notation; bulk /validate bodies are
	 * streams, which always go to the heavy pool (server.c). */
	static const char *const heavy[] = { "/render/game.gif", "/convert", "/pgn" };

	if (!strcmp(route->path, "/render"))
		return ROUTER_BY_REQUEST;
	for (size_t i = 0; i < sizeof heavy / sizeof heavy[0]; i++)
		if (!strcmp(route->path, heavy[i]))
			return ROUTER_HEAVY;
	return ROUTER_CHEAP;
}

bool router_is_heavy(const struct router_route *route, const struct http_request *req)
{
	return router_cost(route) == ROUTER_BY_REQUEST && endpoint_render_raster(req);
}
