/* params.c -- the names a request may use: its query parameters and the top-level members
 * of its JSON body, checked against its route's lists (router.c) before the handler runs.
 * An unknown name is refused with 400 unknown_parameter, which lists the names that place
 * takes and, like Stripe's API, suggests the one probably meant: a typo fails at once
 * instead of being ignored, and made-up parameters cannot multiply the cached answers of
 * one picture. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/utf8.h"
#include "http/http.h"
#include "http/stream.h"

/* The first unknown name of a request, as params_check found it. */
struct params_search {
	const char *const *known;   /* the names of the place searched */
	const char *const *members; /* a JSON body's members: what a query name may have meant */
	bool json_body;             /* the query of a JSON body: every name is unknown */
	bool found;
	const char *suggestion;     /* a known name (a member, for json_body), or NULL */
	bool exact;                 /* json_body: the name is one of the members, as it is */
	char name[PARAMS_NAME_MAX + 4]; /* cut at PARAMS_NAME_MAX bytes ("..."), valid UTF-8 */
};

/* True when name is one of known (NULL-terminated; NULL holds none). */
static bool params_known(const char *name, const char *const *known)
{
	for (; known && *known; known++)
		if (!strcmp(name, *known))
			return true;
	return false;
}

/* An ASCII letter in lower case; other bytes as they are. */
static int params_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* The optimal-string-alignment Damerau-Levenshtein distance between a and b, without
 * ASCII case; 3 for anything above 2 (and for names longer than PARAMS_NAME_MAX). */
static int params_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	/* rows i - 2, i - 1 and i of the table, by i % 3 */
	int d[3][PARAMS_NAME_MAX + 1];

	if (la > PARAMS_NAME_MAX || lb > PARAMS_NAME_MAX || (la > lb ? la - lb : lb - la) > 2)
		return 3;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int *cur = d[i % 3], *prev = d[(i - 1) % 3], *prev2 = d[(i + 1) % 3];
		int ai = params_lower((unsigned char)a[i - 1]);
		cur[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int bj = params_lower((unsigned char)b[j - 1]);
			int v = prev[j - 1] + (ai != bj);
			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ai == params_lower((unsigned char)b[j - 2]) &&
			    params_lower((unsigned char)a[i - 2]) == bj && prev2[j - 2] + 1 < v)
				v = prev2[j - 2] + 1;
			cur[j] = v;
		}
	}
	return d[la % 3][lb] < 3 ? d[la % 3][lb] : 3;
}

/* The name of known that name was probably meant to be (see http.h), or NULL. */
const char *params_suggest(const char *name, const char *const *known)
{
	const char *best = NULL;
	int best_distance = 3, limit = (int)strlen(name);

	for (; known && *known; known++) {
		int distance = params_distance(name, *known);
		if (distance < best_distance && distance < limit) {
			best = *known;
			best_distance = distance;
		}
	}
	return best;
}

/* Records name as the unknown one: its quotable copy, and what it may have meant. */
static void params_found(struct params_search *s, const char *name)
{
	size_t length = strlen(name), kept = utf8_prefix(name, length, PARAMS_NAME_MAX);

	s->found = true;
	memcpy(s->name, name, kept);
	strcpy(s->name + kept, kept < length ? "..." : "");
	/* The bytes of a query name are whatever the client percent-encoded. */
	utf8_sanitize(s->name);
	if (s->json_body) {
		s->exact = params_known(name, s->members);
		s->suggestion = s->exact ? NULL : params_suggest(name, s->members);
	} else {
		s->suggestion = params_suggest(name, s->known);
	}
}

/* The query's visitor: stops at the first unknown name. */
static bool params_visit(void *arg, const char *name)
{
	struct params_search *s = arg;

	if (!s->json_body && params_known(name, s->known))
		return true;
	params_found(s, name);
	return false;
}

/* True when req's body is JSON, or will be: parsed already, or a POST whose body the
 * route does not stream as something else (its Content-Type says). */
static bool params_json_body(const struct router_route *route, const struct http_request *req)
{
	const struct stream_endpoint *ep;
	const char *type;

	if (route->method != HTTP_POST)
		return false;
	if (req->body)
		return true;
	ep = router_stream(route);
	type = negotiate_header(req, "Content-Type");
	return !ep || !ep->accepts(type) || body_is_json_type(type);
}

/* The 400 unknown_parameter of what s found; returns -1. */
static int params_problem(const struct router_route *route, const struct http_request *req,
			  const struct params_search *s, bool in_body, struct http_response *resp)
{
	const char *method = router_method_name(req->method);
	char detail[2 * PARAMS_NAME_MAX + 200];
	cJSON *ext = cJSON_CreateObject(), *known;
	int n;

	enum msg_lang lang = resp->lang;

	if (!s->name[0])
		error_message(detail, sizeof detail, lang, in_body ? MSG_HTTP_EMPTY_MEMBER : MSG_HTTP_EMPTY_PARAMETER,
			      method, route->path);
	else if (in_body)
		error_message(detail, sizeof detail, lang, MSG_HTTP_NOT_A_MEMBER, s->name, method, route->path);
	else if (s->json_body)
		error_message(detail, sizeof detail, lang, MSG_HTTP_QUERY_WITH_BODY, s->name, method, route->path);
	else
		error_message(detail, sizeof detail, lang, MSG_HTTP_NOT_A_PARAMETER, s->name, method, route->path);
	n = (int)strlen(detail);
	if (s->exact)
		error_message(detail + n, sizeof detail - (size_t)n, lang, MSG_HTTP_MAKE_IT_A_MEMBER);
	else if (s->suggestion)
		error_message(detail + n, sizeof detail - (size_t)n, lang, MSG_HTTP_DID_YOU_MEAN,
			      s->json_body && !in_body ? msg_text(MSG_W_THE_MEMBER, lang) : "", s->suggestion);
	if (!ext || !cJSON_AddStringToObject(ext, "parameter", s->name) ||
	    !cJSON_AddStringToObject(ext, "in", in_body ? "body" : "query") ||
	    !(known = cJSON_AddArrayToObject(ext, "known")))
		goto fail;
	/* The query of a JSON body takes nothing. */
	for (const char *const *k = s->json_body && !in_body ? NULL : s->known; k && *k; k++)
		if (!json_append(known, cJSON_CreateString(*k)))
			goto fail;
	reply_problem(resp, REPLY_UNKNOWN_PARAMETER, detail, ext);
	return -1;
fail:
	cJSON_Delete(ext);
	reply_internal_error(resp);
	return -1;
}

/* The query's names, then the body's members, against the route's; the first unknown is
 * the problem (see http.h). */
int params_check(const struct router_route *route, const struct http_request *req, struct http_response *resp)
{
	struct params_search s = { 0 };
	const cJSON *member;

	s.json_body = params_json_body(route, req);
	s.known = route->query;
	s.members = route->members;
	if (req->query_each)
		req->query_each(req->query_context, params_visit, &s);
	if (s.found)
		return params_problem(route, req, &s, false, resp);
	if (!req->body)
		return 0;
	s.json_body = false;
	s.known = route->members;
	cJSON_ArrayForEach(member, req->body) {
		if (member->string && !params_known(member->string, route->members)) {
			params_found(&s, member->string);
			return params_problem(route, req, &s, true, resp);
		}
	}
	return 0;
}
