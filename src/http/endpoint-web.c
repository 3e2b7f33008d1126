/* endpoint-web.c -- the web page: GET / and its assets (web/, embedded at build time),
 * each with the Content-Type its file name calls for. */
#include "config.h"

#include <string.h>

#include "http/http.h"

/* The media type of an asset, from how its name ends; NULL for a kind fend does not
 * serve (the build embeds only these). */
static const char *endpoint_web_type(const char *name)
{
	static const struct {
		const char *suffix;
		const char *type;
	} types[] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" },
		{ ".css", "text/css; charset=utf-8" },
		{ ".svg", "image/svg+xml" },
	};
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		size_t s = strlen(types[i].suffix);
		if (n > s && !strcmp(name + n - s, types[i].suffix))
			return types[i].type;
	}
	return NULL;
}

/* The page (GET / is web/index.html) or one of its files, as fend was built with them.
 * The router sends only the paths of web_assets here. */
void endpoint_web(const struct http_request *req, struct http_response *resp)
{
	const char *name = strcmp(req->path, "/") ? req->path + 1 : "index.html";

	for (size_t i = 0; i < web_assets_nb; i++) {
		const struct web_asset *a = &web_assets[i];
		const char *type = endpoint_web_type(a->name);
		if (strcmp(a->name, name) || !type)
			continue;
		reply_static(resp, 200, type, (const char *)a->data, a->length);
		/* The page changes with the build: revalidate rather than keep a stale copy. */
		reply_header(resp, "Cache-Control", "no-cache");
		/* HTML is what a browser renders: it gets the page's security headers (CSP,
		 * Referrer-Policy, X-Frame-Options). */
		if (!strncmp(type, "text/html", 9))
			reply_page(resp);
		return;
	}
	reply_problem(resp, REPLY_NOT_FOUND, msg_text(MSG_API_NO_FILE, resp->lang), NULL);
}
