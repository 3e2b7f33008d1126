/* router.c -- the route table: which handler answers which method and path, and the
 * answers given before any handler runs (404, 405 with Allow, CORS preflight). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "http/http.h"
#include "http/stream.h"

/* The names each route takes (params.c refuses any other before the handler runs), as
 * the handlers read them: body.c's body_position_options and body_style_options, the
 * picture options of render_option_names (core/render_options.c), each endpoint's own. */
#define ROUTER_STYLE "mode", "chess960", "infer_castling", "ep", "castling"
#define ROUTER_POSITION "fen", ROUTER_STYLE
/* render_option_names but last_move, which a game GIF does not draw */
#define ROUTER_PICTURE "orientation", "coordinates", "check", "size", "theme", "arrows", "circles", "squares"
#define ROUTER_GAME_TIMING "delay", "final_delay"

static const char *const router_none[] = { NULL };
static const char *const router_position[] = { ROUTER_POSITION, "lang", NULL };
static const char *const router_style[] = { ROUTER_STYLE, "lang", NULL };
static const char *const router_validate[] = { ROUTER_POSITION, "expected", "lang", NULL };
static const char *const router_apply_move[] = { ROUTER_POSITION, "move", "moves", "notation", "lang", "strict_san",
						 "history", "history_fen", "tags", NULL };
static const char *const router_moves[] = { ROUTER_POSITION, "lang", NULL };
static const char *const router_board[] = { ROUTER_POSITION, "moves", "lang", "castling_dests", NULL };
static const char *const router_render[] = { ROUTER_POSITION, "format", ROUTER_PICTURE, "last_move", "lang", NULL };
static const char *const router_game[] = { "fen", "moves", "pgn", ROUTER_GAME_TIMING, ROUTER_PICTURE,
					   "mode", "chess960", "infer_castling", "ep", "castling", "lang", NULL };
/* the query of a game GIF whose body is the PGN: the body is the game */
static const char *const router_game_pgn[] = { ROUTER_GAME_TIMING, ROUTER_PICTURE, "lang", NULL };
static const char *const router_pgn_query[] = { "ep", "castling", "lang", "strict_san", NULL };
static const char *const router_pgn_json[] = { "pgn", "ep", "castling", "lang", "strict_san", NULL };
static const char *const router_convert[] = { "text", "from", "lang", "san_lang", "to", "strict", "tags",
					      ROUTER_POSITION, NULL };
/* the page's permalink (web/app.js reads them; fend serves the same page) */
static const char *const router_page[] = { "fen", "moves", "chess960", NULL };

/* Every route of the API. HEAD is answered wherever GET is, OPTIONS on every path. A POST
 * route's query names are those of a streamed body that is not JSON (router_streams); a
 * JSON body brings its options as members, and then the query must be empty. */
static const struct router_route router_routes[] = {
	{ HTTP_POST, "/validate", endpoint_validate, router_style, router_validate },
	{ HTTP_GET, "/validate", endpoint_validate, router_position, NULL },
	{ HTTP_POST, "/apply-move", endpoint_apply_move, router_none, router_apply_move },
	{ HTTP_POST, "/pgn", NULL, router_pgn_query, router_pgn_json },
	{ HTTP_GET, "/moves", endpoint_moves, router_moves, NULL },
	{ HTTP_POST, "/moves", endpoint_moves, router_none, router_moves },
	{ HTTP_GET, "/position", endpoint_position, router_board, NULL },
	{ HTTP_POST, "/position", endpoint_position, router_none, router_board },
	{ HTTP_GET, "/render", endpoint_render, router_render, NULL },
	{ HTTP_POST, "/render", endpoint_render, router_none, router_render },
	{ HTTP_GET, "/render/game.gif", endpoint_render_game, router_game, NULL },
	{ HTTP_POST, "/render/game.gif", endpoint_render_game, router_game_pgn, router_game },
	{ HTTP_GET, "/health", endpoint_health, router_none, NULL },
	{ HTTP_GET, "/version", endpoint_version, router_none, NULL },
	{ HTTP_GET, "/openapi.yaml", endpoint_openapi, router_none, NULL },
	{ HTTP_POST, "/convert", endpoint_convert, router_none, router_convert },
	{ HTTP_GET, "/ready", endpoint_ready, router_none, NULL },
	{ HTTP_GET, "/metrics", endpoint_metrics, router_none, NULL },
	{ HTTP_GET, "/", endpoint_web, router_page, NULL },
	{ HTTP_GET, "/fend.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/app.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/style.css", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/favicon.svg", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/i18n.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/pieces.svg", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/common.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/board.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/fenbox.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/tabs.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/play.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/editor.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/viewer.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/descriptive.js", endpoint_web, router_none, NULL },
	{ HTTP_GET, "/challenge.js", endpoint_web, router_none, NULL },
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

/* The request headers a page may send when its preflight does not list them as names:
 * those fend reads, and the conditional and cache headers a browser's page may set. */
#define ROUTER_ALLOWED_HEADERS "Content-Type, X-Request-Id, If-None-Match, If-Modified-Since, Cache-Control, Accept, " \
	"Accept-Language"

/* The headers a preflight allows: those the browser asks for (Access-Control-Request-
 * Headers: a page may send If-None-Match, Cache-Control, Accept... with any request), when
 * they are a list of header names; else ROUTER_ALLOWED_HEADERS. */
static const char *router_allowed_headers(const struct http_request *req)
{
	const char *asked = negotiate_header(req, "Access-Control-Request-Headers");
	size_t n;

	if (!asked || !*asked)
		return ROUTER_ALLOWED_HEADERS;
	n = strspn(asked, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_, ");
	if (asked[n] || n > 512)
		return ROUTER_ALLOWED_HEADERS;
	return asked;
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
		/* The list asked for is the request's own: copied, it outlives the request. */
		if (!reply_header_copy(resp, "Access-Control-Allow-Headers", router_allowed_headers(req)))
			reply_header(resp, "Access-Control-Allow-Headers", ROUTER_ALLOWED_HEADERS);
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
	error_message(detail, sizeof detail, resp->lang, MSG_API_METHOD_NOT_ALLOWED, req->path, resp->allow);
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
	char detail[160], path[68];

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
		size_t n = 0;
		for (const char *p = req->path; *p && n < 64; p++)
			path[n++] = *p >= ' ' && *p < 0x7f ? *p : '?';
		path[n] = '\0';
		error_message(detail, sizeof detail, resp->lang, MSG_API_NOT_FOUND, path,
			      strlen(req->path) > 64 ? "..." : "");
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

	/* the body is there now, not when reply_finish runs */
	resp->lang = negotiate_lang(req);
	resp->lang_chosen = true;
	if (route && route->handler) {
		if (!params_check(route, req, resp))
			route->handler(req, resp);
	} else if (route) {
		stream_unsupported(router_stream(route), false, resp);
	}
}

/* The row of method and path (see http.h). */
const struct router_route *router_lookup(enum http_method method, const char *path)
{
	if (method == HTTP_HEAD)
		method = HTTP_GET;
	for (size_t i = 0; i < ROUTER_ROUTES_NB; i++)
		if (router_routes[i].method == method && !strcmp(router_routes[i].path, path))
			return &router_routes[i];
	return NULL;
}

/* The method's name, for messages. */
const char *router_method_name(enum http_method method)
{
	return method >= 0 && method < HTTP_OTHER ? router_method_names[method] : "?";
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
	 * streams, which always go to the heavy pool (server.c). /render is heavy for a
	 * raster picture, /apply-move for descriptive notation. */
	static const char *const heavy[] = { "/render/game.gif", "/convert", "/pgn" };

	if (!strcmp(route->path, "/render") || (!strcmp(route->path, "/apply-move")))
		return ROUTER_BY_REQUEST;
	for (size_t i = 0; i < sizeof heavy / sizeof heavy[0]; i++)
		if (!strcmp(route->path, heavy[i]))
			return ROUTER_HEAVY;
	return ROUTER_CHEAP;
}

bool router_is_heavy(const struct router_route *route, const struct http_request *req)
{
	const char *notation;

	if (router_cost(route) != ROUTER_BY_REQUEST)
		return false;
	if (!strcmp(route->path, "/render"))
		return endpoint_render_raster(req);
	/* Descriptive notation is read by a search (up to DESCRIPTIVE_SEARCH_NODES
	 * positions, a few hundred milliseconds); UCI and SAN a move at a time. */
	notation = req->body ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(req->body, "notation")) : NULL;
	return notation && !strcmp(notation, "descriptive");
}
