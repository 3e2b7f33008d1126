/* check_endpoints.c -- the HTTP layer in-process, no sockets: every handler through the
 * router, every problem code, and the reply, body, config and log helpers. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/pgn.h"
#include "http/http.h"
#include "check_cjson.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E4_FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
/* Seconds a test may take: Check's 4 s is short for a sanitizer build on a busy machine. */
#define TEST_TIMEOUT 30

static struct config test_config;

/* Query parameters for a GET: name, value, name, value, ..., NULL. */
static const char *test_query(void *context, const char *name)
{
	const char *const *pairs = context;

	for (int i = 0; pairs[i]; i += 2)
		if (!strcmp(pairs[i], name))
			return pairs[i + 1];
	return NULL;
}

/* The names of the query pairs, for params_check. */
static void test_query_each(void *context, bool (*visit)(void *arg, const char *name), void *arg)
{
	const char *const *pairs = context;

	for (int i = 0; pairs && pairs[i]; i += 2)
		if (!visit(arg, pairs[i]))
			return;
}

/* One exchange: the response and its body parsed as JSON (NULL for non-JSON bodies). */
struct exchange {
	struct http_response resp;
	cJSON *json;
};

/* Sends method path with a JSON body text (POST) or query pairs (GET) through the
 * router, as server.c does; parses the answer. */
static void test_send_with(struct exchange *ex, enum http_method method, const char *path, const char *body,
			   const char *const *query, const char *const *headers, struct budget *budget);

static void test_send(struct exchange *ex, enum http_method method, const char *path, const char *body,
		      const char *const *query)
{
	test_send_with(ex, method, path, body, query, NULL, NULL);
}

/* test_send with request headers (name, value, ..., NULL; may be NULL) and a budget
 * (NULL: none, as test_send). */
static void test_send_with(struct exchange *ex, enum http_method method, const char *path, const char *body,
			   const char *const *query, const char *const *headers, struct budget *budget)
{
	cJSON *root = body ? cJSON_Parse(body) : NULL;
	struct http_request req = {
		.method = method,
		.path = path,
		.query = query ? test_query : NULL,
		.query_context = (void *)(uintptr_t)query,
		.query_each = query ? test_query_each : NULL,
		.body = root,
		.request_id = "test-id",
		.config = &test_config,
		.header = headers ? test_query : NULL,
		.header_context = (void *)(uintptr_t)headers,
		.budget = budget,
	};

	if (body)
		ck_assert_msg(root != NULL, "test body is not JSON: %s", body);
	memset(ex, 0, sizeof *ex);
	router_dispatch(&req, &ex->resp);
	reply_finish(&ex->resp, &req);
	cJSON_Delete(root);
	ck_assert_int_ne(ex->resp.status, 0);
	ex->json = NULL;
	if (ex->resp.content_type && strstr(ex->resp.content_type, "json") && ex->resp.length) {
		ex->json = cJSON_ParseWithLength(ex->resp.body, ex->resp.length);
		ck_assert_msg(ex->json != NULL, "response is not JSON: %.*s", (int)ex->resp.length, ex->resp.body);
	}
}

static void test_post(struct exchange *ex, const char *path, const char *body)
{
	test_send(ex, HTTP_POST, path, body, NULL);
}

static void test_done(struct exchange *ex)
{
	cJSON_Delete(ex->json);
	reply_clear(&ex->resp);
}

/* The value of a response header, or NULL. */
static const char *test_header(const struct exchange *ex, const char *name)
{
	for (int i = 0; i < ex->resp.header_count; i++)
		if (!strcasecmp(ex->resp.headers[i].name, name))
			return ex->resp.headers[i].value;
	return NULL;
}

/* Asserts a problem+json answer: status, code, the fixed members, and the field member
 * when field is not NULL. */
static void test_problem(const struct exchange *ex, int status, const char *code, const char *field)
{
	char type[64];

	ck_assert_int_eq(ex->resp.status, status);
	ck_assert_str_eq(ex->resp.content_type, "application/problem+json");
	ck_assert_ptr_nonnull(ex->json);
	ck_assert_str_eq(cjson_string(ex->json, "code"), code);
	snprintf(type, sizeof type, "urn:fend:problem:%s", code);
	ck_assert_str_eq(cjson_string(ex->json, "type"), type);
	ck_assert_int_eq((int)cjson_number(ex->json, "status"), status);
	ck_assert(strlen(cjson_string(ex->json, "title")) > 0);
	ck_assert(strlen(cjson_string(ex->json, "detail")) > 0);
	if (field)
		ck_assert_str_eq(cjson_string(ex->json, "field"), field);
	ck_assert_str_eq(test_header(ex, "X-Request-Id"), "test-id");
}

static void test_setup(void)
{
	static char *argv[] = { "fend", NULL };

	unsetenv("FEND_LISTEN");
	unsetenv("FEND_PORT");
	unsetenv("FEND_CORS_ORIGIN");
	ck_assert_int_eq(config_load(&test_config, 1, argv), CONFIG_OK);
}

/* ---- validate ---- */

START_TEST(validate_post_valid)
{
	struct exchange ex;

	test_post(&ex, "/validate", "{\"fen\":\"" E4_FEN "\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(ex.resp.content_type, "application/json; charset=utf-8");
	ck_assert(cJSON_IsTrue(cjson_member(ex.json, "valid")));
	ck_assert_str_eq(cjson_string(ex.json, "fen"), E4_FEN);
	const cJSON *fields = cjson_member(ex.json, "fields");
	ck_assert_str_eq(cjson_string(fields, "board"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
	ck_assert_str_eq(cjson_string(fields, "turn"), "b");
	ck_assert_str_eq(cjson_string(fields, "castling"), "KQkq");
	ck_assert_str_eq(cjson_string(fields, "en_passant"), "e3");
	ck_assert_int_eq((int)cjson_number(fields, "halfmove"), 0);
	ck_assert_int_eq((int)cjson_number(fields, "fullmove"), 1);
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "chess960")));
	ck_assert_int_eq((int)strlen(cjson_string(ex.json, "zobrist")), 16);
	ck_assert_int_eq((int)cjson_number(cjson_member(ex.json, "status"), "legal_moves"), 20);
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "status"), "outcome"), "ongoing");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "errors")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "warnings")), 0);
	test_done(&ex);
}
END_TEST

/* expected: the FEN compared with the one it should be. */
START_TEST(validate_expected)
{
	struct exchange ex;
	const cJSON *cmp, *sq;

	/* the pawn on e3 instead of e4, White to move, no en-passant square */
	test_post(&ex, "/validate",
		  "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 1\",\"expected\":\"" E4_FEN "\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(ex.json, "valid")));
	cmp = cjson_member(ex.json, "comparison");
	ck_assert(cJSON_IsFalse(cjson_member(cmp, "equal")));
	ck_assert_str_eq(cjson_string(cmp, "expected"), E4_FEN);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "fields")), 3);
	ck_assert_str_eq(cJSON_GetArrayItem(cjson_member(cmp, "fields"), 0)->valuestring, "board");
	ck_assert_str_eq(cJSON_GetArrayItem(cjson_member(cmp, "fields"), 1)->valuestring, "turn");
	ck_assert_str_eq(cJSON_GetArrayItem(cjson_member(cmp, "fields"), 2)->valuestring, "en_passant");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "squares")), 2);
	sq = cJSON_GetArrayItem(cjson_member(cmp, "squares"), 0);
	ck_assert_str_eq(cjson_string(sq, "square"), "e4");
	ck_assert_str_eq(cjson_string(sq, "expected"), "P");
	ck_assert(cJSON_IsNull(cjson_member(sq, "given")));
	sq = cJSON_GetArrayItem(cjson_member(cmp, "squares"), 1);
	ck_assert_str_eq(cjson_string(sq, "square"), "e3");
	ck_assert(cJSON_IsNull(cjson_member(sq, "expected")));
	ck_assert_str_eq(cjson_string(sq, "given"), "P");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "unreadable_ranks")), 0);
	test_done(&ex);

	/* right: equal, nothing listed */
	test_post(&ex, "/validate", "{\"fen\":\"" E4_FEN "\",\"expected\":\"" E4_FEN "\"}");
	cmp = cjson_member(ex.json, "comparison");
	ck_assert(cJSON_IsTrue(cjson_member(cmp, "equal")));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "fields")), 0);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "squares")), 0);
	test_done(&ex);

	/* not a valid FEN: rank 7 of seven squares (not compared), the clocks missing; a
	 * black knight written where a white one stands */
	test_post(&ex, "/validate",
		  "{\"fen\":\"rnbqkbnr/ppppppp/8/8/4P3/8/PPPP1PPP/RnBQKBNR b KQkq e3\",\"expected\":\"" E4_FEN "\"}");
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "valid")));
	cmp = cjson_member(ex.json, "comparison");
	ck_assert(cJSON_IsFalse(cjson_member(cmp, "equal")));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "fields")), 3);
	ck_assert_str_eq(cJSON_GetArrayItem(cjson_member(cmp, "fields"), 1)->valuestring, "halfmove");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "squares")), 1);
	sq = cJSON_GetArrayItem(cjson_member(cmp, "squares"), 0);
	ck_assert_str_eq(cjson_string(sq, "square"), "b1");
	ck_assert_str_eq(cjson_string(sq, "expected"), "N");
	ck_assert_str_eq(cjson_string(sq, "given"), "n");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cmp, "unreadable_ranks")), 1);
	ck_assert_int_eq(cJSON_GetArrayItem(cjson_member(cmp, "unreadable_ranks"), 0)->valueint, 7);
	test_done(&ex);

	/* expected is written as fend writes it */
	test_post(&ex, "/validate",
		  "{\"fen\":\"" START_FEN "\",\"expected\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"}");
	cmp = cjson_member(ex.json, "comparison");
	ck_assert(cJSON_IsTrue(cjson_member(cmp, "equal")));
	test_done(&ex);

	/* an expected FEN that is not valid, and GET, which takes no expected */
	test_post(&ex, "/validate", "{\"fen\":\"" E4_FEN "\",\"expected\":\"8/8/8/8/8/8/8/8 w - - 0 1\"}");
	test_problem(&ex, 400, "invalid_field", "expected");
	test_done(&ex);
}
END_TEST

START_TEST(validate_same_as_json_layer)
{
	/* The body is exactly json_validation's, as `fen validate` prints it. */
	struct exchange ex;
	struct position pos;
	struct fen_report report;
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	enum fen_verdict verdict = fen_parse(START_FEN, strlen(START_FEN), NULL, &pos, &report);
	cJSON *expected = json_validation(verdict, &pos, &report, &style);
	char *text = cJSON_PrintUnformatted(expected);

	test_post(&ex, "/validate", "{\"fen\":\"" START_FEN "\"}");
	ck_assert_int_eq((int)ex.resp.length, (int)strlen(text));
	ck_assert(!memcmp(ex.resp.body, text, ex.resp.length));
	cJSON_free(text);
	cJSON_Delete(expected);
	test_done(&ex);
}
END_TEST

START_TEST(validate_get_lenient)
{
	static const char *const query[] = { "fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1", "mode",
					     "lenient", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/validate", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(ex.json, "valid")));
	ck_assert_str_eq(cjson_string(ex.json, "fen"), START_FEN);
	ck_assert_int_gt(cJSON_GetArraySize(cjson_member(ex.json, "warnings")), 0);
	test_done(&ex);
}
END_TEST

START_TEST(validate_invalid_is_200)
{
	struct exchange ex;

	test_post(&ex, "/validate", "{\"fen\":\"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "valid")));
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "status")));
	const cJSON *errors = cjson_member(ex.json, "errors");
	ck_assert_int_gt(cJSON_GetArraySize(errors), 0);
	ck_assert(strlen(cjson_string(cJSON_GetArrayItem(errors, 0), "code")) > 0);
	test_done(&ex);
}
END_TEST

START_TEST(validate_styles)
{
	struct exchange ex;

	/* xfen drops e3 (no black pawn beside e4); shredder writes HAha. */
	test_post(&ex, "/validate", "{\"fen\":\"" E4_FEN "\",\"ep\":\"xfen\",\"castling\":\"shredder\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1");
	ck_assert(cJSON_IsNull(cjson_member(cjson_member(ex.json, "fields"), "en_passant")));
	test_done(&ex);
}
END_TEST

START_TEST(validate_chess960_query)
{
	static const char *const query[] = { "fen", START_FEN, "chess960", "1", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/validate", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(ex.json, "chess960")));
	test_done(&ex);
}
END_TEST

/* The hint of code in a response's "hints", or NULL. */
static const cJSON *test_hint(const cJSON *json, const char *code)
{
	const cJSON *hint;

	cJSON_ArrayForEach(hint, cJSON_GetObjectItemCaseSensitive(json, "hints"))
		if (!strcmp(cjson_string(hint, "code"), code))
			return hint;
	return NULL;
}

/* A Chess960 FEN sent without chess960: one castling error and the hint to set it;
 * with chess960, valid and no hints. */
START_TEST(validate_chess960_hint)
{
	static const char *const query[] = { "fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
					     "chess960", "true", NULL };
	struct exchange ex;
	const cJSON *hint;

	test_post(&ex, "/validate", "{\"fen\":\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "valid")));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "errors")), 1);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "errors"), 0), "code"),
			 "castling_needs_chess960");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "hints")), 1);
	hint = test_hint(ex.json, "chess960");
	ck_assert_ptr_nonnull(hint);
	ck_assert_str_eq(cjson_string(hint, "option"), "chess960");
	ck_assert(cJSON_IsTrue(cjson_member(hint, "value")));
	ck_assert(cJSON_IsTrue(cjson_member(hint, "valid")));
	ck_assert_ptr_nonnull(strstr(cjson_string(hint, "message"), "chess960: true"));
	test_done(&ex);

	test_send(&ex, HTTP_GET, "/validate", NULL, query);
	ck_assert(cJSON_IsTrue(cjson_member(ex.json, "valid")));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "hints"));
	test_done(&ex);

	/* a standard position in Shredder-FEN is no Chess960 position */
	test_post(&ex, "/validate", "{\"fen\":\"4k3/8/8/8/8/8/8/R3K3 w A - 0 1 \"}");
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "valid")));
	ck_assert_ptr_null(test_hint(ex.json, "chess960"));
	ck_assert_ptr_nonnull(test_hint(ex.json, "lenient"));
	test_done(&ex);
}
END_TEST

/* The seed's two-field FEN: strict mode says lenient mode reads it; lenient mode does. */
START_TEST(validate_lenient_hint)
{
	struct exchange ex;
	const cJSON *hint;

	test_post(&ex, "/validate", "{\"fen\":\"r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w\"}");
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "valid")));
	hint = test_hint(ex.json, "lenient");
	ck_assert_ptr_nonnull(hint);
	ck_assert_str_eq(cjson_string(hint, "option"), "mode");
	ck_assert_str_eq(cjson_string(hint, "value"), "lenient");
	ck_assert(cJSON_IsTrue(cjson_member(hint, "valid")));
	ck_assert_ptr_null(test_hint(ex.json, "chess960"));
	test_done(&ex);

	test_post(&ex, "/validate", "{\"fen\":\"r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w\",\"mode\":\"lenient\"}");
	ck_assert(cJSON_IsTrue(cjson_member(ex.json, "valid")));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "hints"));
	test_done(&ex);

	/* a trailing newline is bad_whitespace, and lenient mode reads past it */
	test_post(&ex, "/validate", "{\"fen\":\"" START_FEN "\\n\"}");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "errors"), 0), "code"), "bad_whitespace");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(cjson_member(ex.json, "errors"), 0), "offset"), 56);
	ck_assert(cJSON_IsTrue(cjson_member(test_hint(ex.json, "lenient"), "valid")));
	test_done(&ex);

	/* nothing reads this */
	test_post(&ex, "/validate", "{\"fen\":\"hello\"}");
	ck_assert(cJSON_IsFalse(cjson_member(ex.json, "valid")));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "hints"));
	test_done(&ex);
}
END_TEST

/* An endpoint that takes a fen answers invalid_fen with the same hints. */
START_TEST(moves_invalid_fen_hints)
{
	static const char *const query[] = { "fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf", NULL };
	static const char *const both[] = { "fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf", "mode", "lenient",
					    NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/moves", NULL, query);
	test_problem(&ex, 422, "invalid_fen", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "hints")), 2);
	ck_assert(cJSON_IsFalse(cjson_member(test_hint(ex.json, "chess960"), "valid")));
	ck_assert(cJSON_IsTrue(cjson_member(test_hint(ex.json, "lenient"), "valid")));
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/moves", NULL, both);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
}
END_TEST

START_TEST(validate_missing_fen)
{
	struct exchange ex;

	test_post(&ex, "/validate", "{\"mode\":\"strict\"}");
	test_problem(&ex, 400, "missing_field", "fen");
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/validate", NULL, NULL);
	test_problem(&ex, 400, "missing_field", "fen");
	test_done(&ex);
}
END_TEST

/* Rows of body, field: each answered 400 invalid_field naming the field. */
static const char *const validate_invalid_rows[][2] = {
	{ "{\"fen\":42}", "fen" },
	{ "{\"fen\":null}", "fen" },
	{ "{\"fen\":\"" START_FEN "\",\"mode\":\"sloppy\"}", "mode" },
	{ "{\"fen\":\"" START_FEN "\",\"mode\":1}", "mode" },
	{ "{\"fen\":\"" START_FEN "\",\"chess960\":\"yes\"}", "chess960" },
	{ "{\"fen\":\"" START_FEN "\",\"infer_castling\":0}", "infer_castling" },
	{ "{\"fen\":\"" START_FEN "\",\"ep\":\"always\"}", "ep" },
	{ "{\"fen\":\"" START_FEN "\",\"castling\":\"KQkq\"}", "castling" },
	{ "{\"fen\":\"" START_FEN "\",\"castling\":false}", "castling" },
};

START_TEST(validate_invalid_field)
{
	struct exchange ex;

	test_post(&ex, "/validate", validate_invalid_rows[_i][0]);
	test_problem(&ex, 400, "invalid_field", validate_invalid_rows[_i][1]);
	test_done(&ex);
}
END_TEST

START_TEST(validate_invalid_query_bool)
{
	static const char *const query[] = { "fen", START_FEN, "chess960", "yes", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/validate", NULL, query);
	test_problem(&ex, 400, "invalid_field", "chess960");
	test_done(&ex);
}
END_TEST

/* ---- apply-move ---- */

START_TEST(apply_move_one)
{
	struct exchange ex;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e2e4\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), E4_FEN);
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "e2e4");
	ck_assert_int_eq((int)cjson_number(cjson_member(ex.json, "status"), "legal_moves"), 20);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "moves"));
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_list)
{
	struct exchange ex;

	/* Fool's mate. */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"f2f3\",\"e7e5\",\"g2g4\",\"d8h4\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "d8h4");
	ck_assert(cJSON_IsTrue(cjson_member(cjson_member(ex.json, "status"), "checkmate")));
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "status"), "result"), "0-1");
	const cJSON *plies = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(plies), 4);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(plies, 0), "uci"), "f2f3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(plies, 3), "fen"), cjson_string(ex.json, "fen"));
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_empty_list)
{
	struct exchange ex;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), START_FEN);
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "uci")));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "moves")), 0);
	test_done(&ex);
}
END_TEST

static const char *const apply_move_bad_rows[][3] = {
	{ "{\"fen\":\"" START_FEN "\"}", "missing_field", "move" },
	{ "{\"move\":\"e2e4\"}", "missing_field", "fen" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e2e4\",\"moves\":[\"e2e4\"]}", "invalid_field", "moves" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":12}", "invalid_field", "move" },
	{ "{\"fen\":\"" START_FEN "\",\"moves\":\"e2e4\"}", "invalid_field", "moves" },
	{ "{\"fen\":\"" START_FEN "\",\"moves\":[\"e2e4\",5]}", "invalid_field", "moves" },
	{ "{\"fen\":\"" START_FEN "\",\"moves\":{\"a\":\"e2e4\"}}", "invalid_field", "moves" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"notation\":\"algebraic\"}", "invalid_field", "notation" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"notation\":1}", "invalid_field", "notation" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"P-K4\",\"notation\":\"descriptive\",\"lang\":\"de\"}", "invalid_field", "lang" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"lang\":\"xx\"}", "invalid_field", "lang" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"strict_san\":\"yes\"}", "invalid_field", "strict_san" },
	{ "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\"],\"tags\":[]}", "invalid_field", "tags" },
	{ "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\"],\"tags\":{\"bad name\":\"x\"}}", "invalid_field", "tags" },
	{ "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\"],\"tags\":{\"White\":1}}", "invalid_field", "tags" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"history\":\"e2e4\"}", "invalid_field", "history" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"history\":[1]}", "invalid_field", "history" },
	{ "{\"fen\":\"" START_FEN "\",\"move\":\"e4\",\"history\":[],\"history_fen\":5}", "invalid_field",
	  "history_fen" },
	{ "{\"fen\":\"" E4_FEN "\",\"move\":\"e5\",\"history\":[\"d4\"]}", "invalid_field", "history" },
};

START_TEST(apply_move_bad_input)
{
	struct exchange ex;

	test_post(&ex, "/apply-move", apply_move_bad_rows[_i][0]);
	test_problem(&ex, 400, apply_move_bad_rows[_i][1], apply_move_bad_rows[_i][2]);
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_too_many)
{
	size_t size = 64 + (ENDPOINT_MOVES_MAX + 1) * 8;
	char *body = malloc(size);
	size_t n;
	struct exchange ex;

	ck_assert_ptr_nonnull(body);
	n = (size_t)snprintf(body, size, "{\"fen\":\"%s\",\"moves\":[", START_FEN);
	for (int i = 0; i <= ENDPOINT_MOVES_MAX; i++)
		n += (size_t)snprintf(body + n, size - n, "%s\"g1f3\"", i ? "," : "");
	snprintf(body + n, size - n, "]}");
	test_post(&ex, "/apply-move", body);
	free(body);
	test_problem(&ex, 400, "invalid_field", "moves");
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_invalid_fen)
{
	struct exchange ex;

	test_post(&ex, "/apply-move", "{\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"move\":\"e2e4\"}");
	test_problem(&ex, 422, "invalid_fen", NULL);
	ck_assert_int_gt(cJSON_GetArraySize(cjson_member(ex.json, "errors")), 0);
	ck_assert(cJSON_IsArray(cjson_member(ex.json, "warnings")));
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_illegal)
{
	struct exchange ex;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e2e4\",\"e2e4\"]}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "not_legal");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 1);
	ck_assert_str_eq(cjson_string(ex.json, "move"), "e2e4");
	ck_assert_str_eq(cjson_string(ex.json, "fen"), E4_FEN);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "legal_moves")), 20);
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_malformed)
{
	struct exchange ex;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"Nf3\",\"notation\":\"uci\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "malformed");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 0);
	ck_assert_str_eq(cjson_string(ex.json, "move"), "Nf3");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"Nf3 x\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "malformed");
	ck_assert_str_eq(cjson_string(ex.json, "cause"), "malformed_move");
	ck_assert_str_eq(cjson_string(ex.json, "field"), "move");
	test_done(&ex);
}
END_TEST

/* SAN, as people write it: the move, its names and the warnings. */
START_TEST(apply_move_san)
{
	struct exchange ex;
	const cJSON *warnings;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"Ng1-f3\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "g1f3");
	ck_assert_str_eq(cjson_string(ex.json, "san"), "Nf3");
	ck_assert_str_eq(cjson_string(ex.json, "lan"), "Ng1-f3");
	warnings = cjson_member(ex.json, "warnings");
	ck_assert_int_eq(cJSON_GetArraySize(warnings), 1);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(warnings, 0), "code"), "coordinate_move");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(warnings, 0), "became"), "Nf3");
	test_done(&ex);

	/* Italian in, Italian out */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"e5\",\"Cf3\"],\"lang\":\"it\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "san"), "Cf3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "lan"), "Cg1-f3");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. e4 e5 2. Nf3 *"));
	test_done(&ex);

	/* strict: 422 naming the rule */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"0-0\",\"strict_san\":true}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "cause"), "castling_blocked");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"Nxf3\",\"strict_san\":true}");
	test_problem(&ex, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "rule"), "false_capture");
	ck_assert_str_eq(cjson_string(ex.json, "became"), "Nf3");
	ck_assert_str_eq(cjson_string(ex.json, "field"), "move");
	test_done(&ex);

	/* an ambiguous knight */
	test_post(&ex, "/apply-move", "{\"fen\":\"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\",\"moves\":[\"Nd2\"]}");
	test_problem(&ex, 422, "ambiguous_move", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "candidates")), 2);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "candidates"), 0), "uci"), "b1d2");
	ck_assert_str_eq(cjson_string(ex.json, "field"), "moves");
	test_done(&ex);
}
END_TEST

/* Glyphs glued to moves, as books print them: the move, its NAG, the warning. */
START_TEST(apply_move_glyphs)
{
	struct exchange ex;
	const cJSON *w;

	test_post(&ex, "/apply-move", "{\"fen\":\"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\","
				      "\"move\":\"Bb5\u00b1\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "san"), "Bb5");
	ck_assert_str_eq(cjson_string(ex.json, "given"), "Bb5\u00b1");
	ck_assert_int_eq((int)cjson_number(ex.json, "nag"), 16);
	w = cJSON_GetArrayItem(cjson_member(ex.json, "warnings"), 0);
	ck_assert_str_eq(cjson_string(w, "code"), "glyph_attached");
	ck_assert_str_eq(cjson_string(w, "given"), "\u00b1");
	ck_assert_str_eq(cjson_string(w, "became"), "$16");
	test_done(&ex);

	/* "+−" (U+2212) after a capture is the assessment, not a check sign and garbage */
	test_post(&ex, "/apply-move", "{\"fen\":\"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4\","
				      "\"moves\":[\"Bxc6+\u2212\",\"dxc6\",\"Nxe5\u221e\",\"Qd4=\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 0), "uci"), "b5c6");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 0), "nag"), 18);
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "nag"), 13);
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 3), "nag"), 10);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "4. Bxc6 $18 4... dxc6 5. Nxe5 $13 5... Qd4 $10 *"));
	test_done(&ex);

	/* strict: a glued assessment is not SAN */
	test_post(&ex, "/apply-move", "{\"fen\":\"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\","
				      "\"move\":\"Bb5\u00b1\",\"strict_san\":true}");
	test_problem(&ex, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "rule"), "glyph_attached");
	test_done(&ex);

	/* what cannot be read is quoted as written: no "??" for a three-byte character */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"Nf\u2605\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "detail"),
			 "move 1, \"Nf\u2605\": \"f\u2605\" is not a square, expected a destination like e4");
	test_done(&ex);
}
END_TEST

/* Null moves: played with a warning (uci "0000", san "--"), refused in check and under
 * strict SAN; UCI's 0000 where the notation is UCI. */
START_TEST(apply_move_null)
{
	struct exchange ex;
	const cJSON *ply;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"--\",\"d4\",\"Z0\",\"0000\","
				      "\"@@@@\",\"null\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ply = cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 1);
	ck_assert_str_eq(cjson_string(ply, "uci"), "0000");
	ck_assert_str_eq(cjson_string(ply, "san"), "--");
	ck_assert_str_eq(cjson_string(ply, "lan"), "--");
	ck_assert_str_eq(cjson_string(ply, "fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ply, "warnings"), 0), "code"), "null_move");
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "0000");
	ck_assert_str_eq(cjson_string(ex.json, "san"), "--");
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 4 4");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "\n1. e4 -- 2. d4 -- 3. -- -- 4. -- *\n"));
	test_done(&ex);

	/* one move: the ply's members at the top */
	test_post(&ex, "/apply-move", "{\"fen\":\"" E4_FEN "\",\"move\":\"Z0\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "0000");
	ck_assert_str_eq(cjson_string(ex.json, "lan"), "--");
	ck_assert_str_eq(cjson_string(ex.json, "given"), "Z0");
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
	test_done(&ex);

	/* UCI notation: 0000 */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"uci\",\"moves\":[\"e2e4\",\"0000\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "san"), "--");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"uci\",\"move\":\"--\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "malformed");
	test_done(&ex);

	/* a side in check cannot pass */
	test_post(&ex, "/apply-move", "{\"fen\":\"4k3/4r3/8/8/8/8/8/4K3 w - - 0 1\",\"move\":\"--\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "null_move");
	ck_assert_str_eq(cjson_string(ex.json, "cause"), "null_move_in_check");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "detail"), "White is in check"));
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"4k3/4r3/8/8/8/8/8/4K3 w - - 0 1\",\"notation\":\"uci\",\"move\":\"0000\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "cause"), "null_move_in_check");
	test_done(&ex);

	/* strict SAN refuses them */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"--\",\"strict_san\":true}");
	test_problem(&ex, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "rule"), "null_move");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"uci\",\"move\":\"0000\",\"strict_san\":true}");
	test_problem(&ex, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "rule"), "null_move");
	test_done(&ex);
}
END_TEST

/* Blanks around a move, and Cyrillic letters that look like files: read, with a warning. */
START_TEST(apply_move_typed)
{
	struct exchange ex;
	const cJSON *w;

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\" e4\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "san"), "e4");
	w = cJSON_GetArrayItem(cjson_member(ex.json, "warnings"), 0);
	ck_assert_str_eq(cjson_string(w, "code"), "surrounding_whitespace");
	ck_assert_int_eq((int)cjson_number(w, "offset"), 0);
	ck_assert_int_eq((int)cjson_number(w, "length"), 1);
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"uci\",\"move\":\"e2e4 \"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "warnings"), 0), "code"),
			 "surrounding_whitespace");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\" e4\",\"strict_san\":true}");
	test_problem(&ex, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "rule"), "surrounding_whitespace");
	test_done(&ex);

	/* Сс4 typed on a Russian keyboard: in Russian the bishop (С) to c4 (a Cyrillic с) */
	test_post(&ex, "/apply-move", "{\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\","
				      "\"move\":\"\u0421\u04414\",\"lang\":\"ru\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "f1c4");
	ck_assert_str_eq(cjson_string(ex.json, "san"), "\u0421c4");
	w = cJSON_GetArrayItem(cjson_member(ex.json, "warnings"), 0);
	ck_assert_str_eq(cjson_string(w, "code"), "cyrillic_file_letter");
	ck_assert_int_eq((int)cjson_number(w, "offset"), 2);
	test_done(&ex);
	/* and in English, with an English bishop */
	test_post(&ex, "/apply-move", "{\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\","
				      "\"move\":\"B\u04414\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "san"), "Bc4");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\","
				      "\"move\":\"\u0421\u04414\",\"lang\":\"ru\",\"strict_san\":true}");
	test_problem(&ex, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "rule"), "cyrillic_file_letter");
	test_done(&ex);
}
END_TEST

/* Repetitions over the history and the moves; the tags go into the PGN. */
START_TEST(apply_move_repetition)
{
	struct exchange ex;
	const cJSON *status;

	test_post(&ex, "/apply-move",
		  "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\",\"history\":[\"Nf3\"],"
		  "\"moves\":[\"Nf6\",\"Ng1\",\"Ng8\",\"Nf3\",\"Nf6\",\"Ng1\",\"Ng8\"],\"tags\":{\"White\":\"A\",\"Black\":\"B\"}}");
	ck_assert_int_eq(ex.resp.status, 200);
	status = cjson_member(ex.json, "status");
	ck_assert_int_eq((int)cjson_number(status, "repetitions"), 3);
	ck_assert(cJSON_IsTrue(cjson_member(status, "threefold_repetition")));
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. Nf3 Nf6"));
	test_done(&ex);

	/* a history from its own start: that start is the PGN's FEN, the history its first moves */
	test_post(&ex, "/apply-move",
		  "{\"fen\":\"4k3/8/8/8/8/8/7R/4K3 b - - 1 1\",\"history_fen\":\"4k3/8/8/8/8/8/8/4K2R w K - 0 1\","
		  "\"history\":[\"Rh1h2\"],\"moves\":[\"Kd7\",\"Rh7+\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. Rh2 Kd7 2. Rh7+ *\n"));
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 0), "given"), "Kd7");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 0), "san"), "Kd7");
	test_done(&ex);
	/* an invalid history_fen is an invalid FEN */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"history_fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\","
				       "\"history\":[],\"moves\":[\"e4\"]}");
	test_problem(&ex, 422, "invalid_fen", NULL);
	test_done(&ex);
	/* an illegal move in the history names that field */
	test_post(&ex, "/apply-move", "{\"fen\":\"" E4_FEN "\",\"history\":[\"e5\"],\"move\":\"e5\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "field"), "history");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 0);
	test_done(&ex);
}
END_TEST

/* notation descriptive: a list read as a whole, English or Spanish. */
START_TEST(apply_move_descriptive)
{
	struct exchange ex;
	const cJSON *plies, *notes;

	/* 2. N-B3 is Nc3, as only that lets 3. N-Q5 be played. */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"descriptive\","
		  "\"moves\":[\"P-QB4\",\"P-K4\",\"N-B3\",\"N-KB3\",\"N-Q5\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	plies = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(plies), 5);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(plies, 2), "uci"), "b1c3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(plies, 2), "given"), "N-B3");
	ck_assert_str_eq(cjson_string(ex.json, "san"), "Nd5");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. c4 e5 2. Nc3 Nf6 3. Nd5 *"));
	/* How 2. N-B3 was settled is said, as /convert says it: by the moves after it. */
	notes = cjson_member(ex.json, "notes");
	ck_assert_int_ge(cJSON_GetArraySize(notes), 1);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(notes, 0), "code"), "resolved_by_lookahead");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(notes, 0), "field"), "moves");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(notes, 0), "ply"), 2);
	test_done(&ex);
	/* A side left out, in the history: noted with the list it came from. */
	test_post(&ex, "/apply-move", "{\"fen\":\"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\","
		  "\"notation\":\"descriptive\",\"history\":[\"P-K4\",\"P-K4\",\"N-KB3\",\"N-QB3\",\"B-N5\"],"
		  "\"move\":\"P-QR3\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	notes = cjson_member(ex.json, "notes");
	ck_assert_int_eq(cJSON_GetArraySize(notes), 1);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(notes, 0), "code"), "side_inferred");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(notes, 0), "field"), "history");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(notes, 0), "ply"), 4);
	ck_assert_ptr_nonnull(strstr(cjson_string(cJSON_GetArrayItem(notes, 0), "message"), "Bf1-b5"));
	test_done(&ex);
	/* Nothing to interpret: an empty list; and no list at all for other notations. */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"descriptive\",\"move\":\"P-K4\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "notes")), 0);
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e4\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "notes"));
	test_done(&ex);
	/* Spanish, one move, and a history in descriptive notation too. */
	test_post(&ex, "/apply-move", "{\"fen\":\"" E4_FEN "\",\"notation\":\"descriptive\",\"lang\":\"es\","
		  "\"move\":\"P4R\",\"history\":[\"P4R\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "e7e5");
	test_done(&ex);
	/* What stays ambiguous is never guessed. */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"descriptive\",\"move\":\"N-B3\"}");
	test_problem(&ex, 422, "ambiguous_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "field"), "move");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "candidates")), 2);
	test_done(&ex);
	/* Not legal, and not notation: the index and the position it was tried in. */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"descriptive\",\"moves\":[\"P-K4\",\"P-K5\"]}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "not_legal");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 1);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), E4_FEN);
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"notation\":\"descriptive\",\"moves\":[\"P-K4\",\"e5\"]}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "malformed");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 1);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), E4_FEN);
	test_done(&ex);
}
END_TEST

START_TEST(apply_move_get_not_allowed)
{
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/apply-move", NULL, NULL);
	test_problem(&ex, 405, "method_not_allowed", NULL);
	ck_assert_str_eq(test_header(&ex, "Allow"), "POST, OPTIONS");
	test_done(&ex);
}
END_TEST

/* ---- moves ---- */

START_TEST(moves_post)
{
	struct exchange ex;

	test_post(&ex, "/moves", "{\"fen\":\"" START_FEN "\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), START_FEN);
	ck_assert_int_eq((int)cjson_number(ex.json, "count"), 20);
	const cJSON *moves = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 20);
	const cJSON *first = cJSON_GetArrayItem(moves, 0);
	cjson_string(first, "uci");
	cjson_string(first, "from");
	cjson_string(first, "to");
	cjson_string(first, "piece");
	ck_assert(cJSON_IsNull(cjson_member(first, "capture")));
	ck_assert(cJSON_IsNull(cjson_member(first, "promotion")));
	ck_assert(cJSON_IsArray(cjson_member(first, "flags")));
	test_done(&ex);
}
END_TEST

START_TEST(moves_get_flags)
{
	/* White mates with Qb8 or e8=Q: promotions, checks and mates. */
	static const char *const query[] = { "fen", "7k/4P3/6K1/8/8/8/8/1Q6 w - - 0 1", NULL };
	struct exchange ex;
	bool promotion = false, checkmate = false;
	const cJSON *item;

	test_send(&ex, HTTP_GET, "/moves", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	cJSON_ArrayForEach(item, cjson_member(ex.json, "moves")) {
		const cJSON *flag;
		cJSON_ArrayForEach(flag, cjson_member(item, "flags")) {
			promotion |= !strcmp(flag->valuestring, "promotion");
			checkmate |= !strcmp(flag->valuestring, "checkmate");
		}
	}
	ck_assert(promotion);
	ck_assert(checkmate);
	test_done(&ex);
}
END_TEST

/* SAN beside UCI, in the language asked for. */
START_TEST(moves_lang)
{
	static const char *const query[] = { "fen", START_FEN, "lang", "de", NULL };
	static const char *const bad[] = { "fen", START_FEN, "lang", "klingon", NULL };
	struct exchange ex;
	const cJSON *item;
	int found = 0;

	test_send(&ex, HTTP_GET, "/moves", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	cJSON_ArrayForEach(item, cjson_member(ex.json, "moves")) {
		if (!strcmp(cjson_string(item, "uci"), "g1f3"))
			found += !strcmp(cjson_string(item, "san"), "Sf3");
		if (!strcmp(cjson_string(item, "uci"), "e2e4"))
			found += !strcmp(cjson_string(item, "san"), "e4");
	}
	ck_assert_int_eq(found, 2);
	test_done(&ex);
	test_post(&ex, "/moves", "{\"fen\":\"" START_FEN "\",\"lang\":\"figurine\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	cJSON_ArrayForEach(item, cjson_member(ex.json, "moves"))
		if (!strcmp(cjson_string(item, "uci"), "b1c3"))
			ck_assert_str_eq(cjson_string(item, "san"), "♘c3");
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/moves", NULL, bad);
	test_problem(&ex, 400, "invalid_field", "lang");
	test_done(&ex);
}
END_TEST

START_TEST(moves_invalid_fen)
{
	static const char *const query[] = { "fen", "not a fen", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/moves", NULL, query);
	test_problem(&ex, 422, "invalid_fen", NULL);
	test_done(&ex);
	test_post(&ex, "/moves", "{}");
	test_problem(&ex, 400, "missing_field", "fen");
	test_done(&ex);
}
END_TEST

/* ---- render ---- */

START_TEST(render_json_default)
{
	static const char *const query[] = { "fen", START_FEN, NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/render", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(ex.resp.content_type, "application/json; charset=utf-8");
	ck_assert_str_eq(cjson_string(ex.json, "turn"), "white");
	const cJSON *board = cjson_member(ex.json, "board");
	ck_assert_int_eq(cJSON_GetArraySize(board), 8);
	ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetArrayItem(board, 0), 0)->valuestring, "r");
	ck_assert(cJSON_IsNull(cJSON_GetArrayItem(cJSON_GetArrayItem(board, 3), 3)));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "pieces")), 32);
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "check_square")));
	cjson_member(ex.json, "status");
	test_done(&ex);
}
END_TEST

START_TEST(render_ascii)
{
	static const char expected[] = "8 r n b q k b n r\n"
				       "7 p p p p p p p p\n"
				       "6 . . . . . . . .\n"
				       "5 . . . . . . . .\n"
				       "4 . . . . P . . .\n"
				       "3 . . . . . . . .\n"
				       "2 P P P P . P P P\n"
				       "1 R N B Q K B N R\n"
				       "  a b c d e f g h\n";
	struct exchange ex;

	test_post(&ex, "/render", "{\"fen\":\"" E4_FEN "\",\"format\":\"ascii\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(ex.resp.content_type, "text/plain; charset=utf-8");
	ck_assert_int_eq((int)ex.resp.length, (int)strlen(expected));
	ck_assert(!memcmp(ex.resp.body, expected, ex.resp.length));
	test_done(&ex);
}
END_TEST

START_TEST(render_unicode_black)
{
	static const char *const query[] = { "fen", START_FEN, "format", "unicode", "orientation", "black", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/render", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(ex.resp.content_type, "text/plain; charset=utf-8");
	/* Black's side: rank 1 on top, files h to a, White's king drawn as U+2654. */
	ck_assert(!strncmp(ex.resp.body, "1 ", 2));
	ck_assert_ptr_nonnull(memmem(ex.resp.body, ex.resp.length, "\u2654", 3));
	ck_assert_ptr_nonnull(memmem(ex.resp.body, ex.resp.length, "h g f e d c b a", 15));
	test_done(&ex);
}
END_TEST

START_TEST(render_bad_options)
{
	struct exchange ex;

	test_post(&ex, "/render", "{\"fen\":\"" START_FEN "\",\"format\":\"bmp\"}");
	test_problem(&ex, 400, "invalid_field", "format");
	test_done(&ex);
	test_post(&ex, "/render", "{\"fen\":\"" START_FEN "\",\"orientation\":\"left\"}");
	test_problem(&ex, 400, "invalid_field", "orientation");
	test_done(&ex);
	test_post(&ex, "/render", "{\"fen\":\"" START_FEN "\",\"format\":[\"ascii\"]}");
	test_problem(&ex, 400, "invalid_field", "format");
	test_done(&ex);
	test_post(&ex, "/render", "{\"fen\":\"K7/8/8/8/8/8/8/9 w - - 0 1\",\"format\":\"ascii\"}");
	test_problem(&ex, 422, "invalid_fen", NULL);
	test_done(&ex);
}
END_TEST

/* ---- render cost: --max-render-pixels ---- */

/* n arrows from corner to corner in the four colours, as bench/attack.py sends them. */
static void test_board_arrows(char *out, size_t size, int n)
{
	static const char *const corners[] = { "a1h8", "h1a8", "a8h1", "h8a1", "a1a8", "h1h8", "a1h1", "a8h8" };
	size_t len = 0;

	out[0] = '\0';
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%c%s", i ? "," : "", "GRYB"[i % 4], corners[i % 8]);
}

/* Asserts the 422 render_too_large problem: its limit (the flag) and needed (more);
 * returns needed. */
static double test_too_large(const struct exchange *ex, size_t limit)
{
	test_problem(ex, 422, "render_too_large", NULL);
	ck_assert_double_eq(cjson_number(ex->json, "limit"), (double)limit);
	double needed = cjson_number(ex->json, "needed");
	ck_assert_double_gt(needed, (double)limit);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex->json, "detail"), "smaller size"));
	ck_assert_ptr_nonnull(strstr(cjson_string(ex->json, "detail"), "--max-render-pixels"));
	return needed;
}

START_TEST(render_picture_cap)
{
	static const char *const formats[] = { "png", "gif" };
	char arrows[64 * 6];
	struct exchange ex;

	test_board_arrows(arrows, sizeof arrows, 64);
	for (int f = 0; f < 2; f++) {
		const char *query[] = { "fen", START_FEN, "format", formats[f], "size", "1024", "arrows", arrows, NULL };
		const char *bare[] = { "fen", START_FEN, "format", formats[f], "size", "1024", NULL };
		test_config.max_render_pixels = 2000000;
		/* The board alone: 1024 x 1024 pixels, under the cap. */
		test_send(&ex, HTTP_GET, "/render", NULL, bare);
		ck_assert_int_eq(ex.resp.status, 200);
		test_done(&ex);
		/* 64 board-wide arrows: refused before drawing, with what it would take... */
		test_send(&ex, HTTP_GET, "/render", NULL, query);
		double needed = test_too_large(&ex, 2000000);
		ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "detail"), "arrows"));
		ck_assert_double_lt(needed, 8.0 * 1024 * 1024); /* the arrows' area, not 64 boards */
		test_done(&ex);
		/* ...which is enough: at exactly that cap it is drawn, one pixel less is not. */
		test_config.max_render_pixels = (size_t)needed;
		test_send(&ex, HTTP_GET, "/render", NULL, query);
		ck_assert_int_eq(ex.resp.status, 200);
		ck_assert_str_eq(ex.resp.content_type, f ? "image/gif" : "image/png");
		test_done(&ex);
		test_config.max_render_pixels = (size_t)needed - 1;
		test_send(&ex, HTTP_GET, "/render", NULL, query);
		ck_assert_double_eq(test_too_large(&ex, (size_t)needed - 1), needed);
		test_done(&ex);
	}
	/* SVG, JSON and text draw no pixels: no cap. */
	test_config.max_render_pixels = 1;
	test_post(&ex, "/render", "{\"fen\":\"" START_FEN "\",\"format\":\"svg\",\"size\":1024,\"arrows\":\"a1h8\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	test_post(&ex, "/render", "{\"fen\":\"" START_FEN "\",\"format\":\"json\"}");
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
}
END_TEST

/* The header of a response, copied (the response is cleared after). */
static void test_copy_header(const struct exchange *ex, const char *name, char *out, size_t size)
{
	const char *value = test_header(ex, name);

	ck_assert_ptr_nonnull(value);
	snprintf(out, size, "%s", value);
}

START_TEST(render_cap_not_before_304)
{
	const char *png[] = { "fen", START_FEN, "format", "png", "size", "512", NULL };
	const char *game[] = { "moves", "e2e4,e7e5,g1f3", "size", "512", NULL };
	const char *const paths[] = { "/render", "/render/game.gif" };
	const char *const *queries[] = { png, game };
	struct exchange ex;
	char etag[128];

	for (int i = 0; i < 2; i++) {
		test_send(&ex, HTTP_GET, paths[i], NULL, queries[i]);
		ck_assert_int_eq(ex.resp.status, 200);
		test_copy_header(&ex, "ETag", etag, sizeof etag);
		test_done(&ex);
		/* Now over the cap: a client holding the picture is still told it is fresh. */
		test_config.max_render_pixels = 1;
		const char *headers[] = { "If-None-Match", etag, NULL };
		test_send_with(&ex, HTTP_GET, paths[i], NULL, queries[i], headers, NULL);
		ck_assert_int_eq(ex.resp.status, 304);
		test_done(&ex);
		test_send(&ex, HTTP_GET, paths[i], NULL, queries[i]);
		test_too_large(&ex, 1);
		test_done(&ex);
		test_config.max_render_pixels = FEND_DEFAULT_MAX_RENDER_PIXELS;
	}
}
END_TEST

/* n plies of knights out and back (g1f3,g8f6,f3g1,f6g8,...) into out. */
static void test_knight_dance(char *out, int n)
{
	static const char *const uci[] = { "g1f3", "g8f6", "f3g1", "f6g8" };

	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (i)
			strcat(out, ",");
		strcat(out, uci[i % 4]);
	}
}

START_TEST(render_game_cap)
{
	char arrows[64 * 6], moves[24 * 5 + 1], json[1024];
	struct exchange ex;

	test_board_arrows(arrows, sizeof arrows, 64);
	test_knight_dance(moves, 12);
	const char *query[] = { "moves", moves, "size", "1024", "arrows", arrows, NULL };
	test_config.max_render_pixels = 4000000;
	test_send(&ex, HTTP_GET, "/render/game.gif", NULL, query);
	double needed = test_too_large(&ex, 4000000);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "detail"), "plies"));
	test_done(&ex);
	test_config.max_render_pixels = (size_t)needed;
	test_send(&ex, HTTP_GET, "/render/game.gif", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(ex.resp.content_type, "image/gif");
	test_done(&ex);
	/* The same game as JSON, and as a PGN in JSON: the same cost, the same answer. */
	test_config.max_render_pixels = (size_t)needed - 1;
	snprintf(json, sizeof json, "{\"moves\":\"%s\",\"size\":1024,\"arrows\":\"%s\"}", moves, arrows);
	test_post(&ex, "/render/game.gif", json);
	ck_assert_double_eq(test_too_large(&ex, (size_t)needed - 1), needed);
	test_done(&ex);
	snprintf(json, sizeof json,
		 "{\"pgn\":\"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *\",\"size\":1024,"
		 "\"arrows\":\"%s\"}",
		 arrows);
	test_post(&ex, "/render/game.gif", json);
	ck_assert_double_eq(test_too_large(&ex, (size_t)needed - 1), needed);
	test_done(&ex);
	/* Twice the plies, about twice the pixels (each ply redraws the same files). */
	test_config.max_render_pixels = 1;
	test_knight_dance(moves, 24);
	test_send(&ex, HTTP_GET, "/render/game.gif", NULL, query);
	double twice = test_too_large(&ex, 1);
	ck_assert_double_gt(twice, 1.5 * needed);
	ck_assert_double_lt(twice, 2.0 * needed);
	test_done(&ex);
	test_config.max_render_pixels = FEND_DEFAULT_MAX_RENDER_PIXELS;
}
END_TEST

/* 200 plies of random legal play: its frames cover 38% of the board on average, as
 * those of real games do (36-39%), the most of the games measured for the default. */
static const char test_game_200[] =
	"a2a3,g7g5,g1h3,b7b6,h3g5,a7a5,g2g3,f7f6,c2c4,c7c6,f2f4,f8g7,g5h3,d7d6,e1f2,e7e5,a1a2,c8a6,g3g4,h7h6,"
	"d2d4,e8d7,b2b4,a6b7,d1b3,a5a4,b1d2,d8c7,f2g1,d7e6,g1f2,c6c5,d4e5,e6d7,b3g3,b7d5,e5e6,d7e8,f2e1,d5b7,"
	"e2e3,b7c8,g3h4,c7e7,h3g1,c8d7,f1h3,c5b4,d2f1,a8a6,c1d2,e8d8,h4f6,b4b3,d2c1,d7b5,f6e7,d8e7,h3g2,b3b2,"
	"c4c5,b2c1q,e1f2,c1c3,c5d6,e7f8,g1h3,b5d7,g2e4,h6h5,g4h5,c3c7,a2c2,g8f6,c2c7,f6e8,c7c3,g7h6,e4c2,d7c6"
	",h1g1,b6b5,c3b3,e8f6,g1g2,a6a5,h3g1,a5a8,c2d3,c6d7,b3b2,h6g5,f4f5,h8h5,f2e1,d7c6,e1e2,c6d5,g2g4,g5h6"
	",d3c4,d5h1,e3e4,f6g8,e2d1,b5c4,b2d2,h5f5,d2g2,h6g7,g2f2,g7b2,g4g5,b2d4,f2f3,d4h8,d1c1,h8d4,g1h3,d4e5"
	",g5g6,e5f6,f3c3,f5g5,c1d1,f6h8,e6e7,f8e8,c3g3,h8b2,g3f3,g5e5,g6g8,e8d7,g8g5,b2a3,d1e1,e5c5,e4e5,a8a6"
	",f3f8,c5b5,e1d2,a3d6,h3f4,d6a3,d2e3,a6a7,g5g3,d7e7,f1d2,h1g2,e3f2,b5b7,f2e1,b7b5,g3g2,a3b4,g2g6,b8c6"
	",g6g1,b4c5,g1h1,c6a5,f4g2,a5b7,d2e4,b5b3,e4g3,b3g3,h1g1,g3d3,f8a8,d3f3,a8h8,a7a8,g2e3,e7d7,g1g8,f3f7"
	",g8d8,d7e7,d8d2,f7f6,e3c4,f6f3,h8g8,c5a7,g8g7,e7e6,d2g2,e6f5,g7b7,a7f2,e1d1,a8b8,c4d6,f5e5,b7b8,f3h3";

/* The default --max-render-pixels draws a 200-ply game at 512 px and a 1024-px board
 * with a few arrows; the same game at 720 px is refused, with what it would need. */
START_TEST(render_cap_default)
{
	const char *png[] = { "fen", START_FEN, "format", "png", "size", "1024", "arrows", "Ge2e4,Rg1f3,Bd1h5,Yc4f7", NULL };
	char *json = malloc(sizeof test_game_200 + 64);
	struct exchange ex;

	ck_assert_ptr_nonnull(json);
	ck_assert_uint_eq(test_config.max_render_pixels, FEND_DEFAULT_MAX_RENDER_PIXELS);
	test_send(&ex, HTTP_GET, "/render", NULL, png);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	snprintf(json, sizeof test_game_200 + 64, "{\"moves\":\"%s\",\"size\":512}", test_game_200);
	test_post(&ex, "/render/game.gif", json);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	/* With little room to spare: what it needs. */
	test_config.max_render_pixels = 1;
	test_post(&ex, "/render/game.gif", json);
	double needed = test_too_large(&ex, 1);
	ck_assert_double_gt(needed, 0.8 * FEND_DEFAULT_MAX_RENDER_PIXELS);
	ck_assert_double_le(needed, FEND_DEFAULT_MAX_RENDER_PIXELS);
	test_done(&ex);
	test_config.max_render_pixels = FEND_DEFAULT_MAX_RENDER_PIXELS;
	snprintf(json, sizeof test_game_200 + 64, "{\"moves\":\"%s\",\"size\":720}", test_game_200);
	test_post(&ex, "/render/game.gif", json);
	ck_assert_double_gt(test_too_large(&ex, FEND_DEFAULT_MAX_RENDER_PIXELS), FEND_DEFAULT_MAX_RENDER_PIXELS);
	test_done(&ex);
	free(json);
}
END_TEST

/* A game whose budget has run out is stopped between frames: 503 deadline_exceeded. */
START_TEST(render_game_budget)
{
	const char *query[] = { "moves", "e2e4,e7e5,g1f3,b8c6", "size", "256", NULL };
	struct timespec pause = { 0, 5 * 1000 * 1000 };
	struct exchange ex;
	struct budget budget;

	budget_start(&budget, 1, -1, NULL);
	nanosleep(&pause, NULL);
	test_send_with(&ex, HTTP_GET, "/render/game.gif", NULL, query, NULL, &budget);
	test_problem(&ex, 503, "deadline_exceeded", NULL);
	ck_assert_str_eq(test_header(&ex, "Retry-After"), "10");
	test_done(&ex);
	/* A budget with time left: drawn. */
	budget_start(&budget, 60000, -1, NULL);
	test_send_with(&ex, HTTP_GET, "/render/game.gif", NULL, query, NULL, &budget);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
}
END_TEST

/* ---- meta ---- */

START_TEST(meta_health_version)
{
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/health", NULL, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_int_eq((int)ex.resp.length, 15);
	ck_assert(!memcmp(ex.resp.body, "{\"status\":\"ok\"}", 15));
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/version", NULL, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "name"), "fend");
	ck_assert_str_eq(cjson_string(ex.json, "version"), PACKAGE_VERSION);
	test_done(&ex);
}
END_TEST

START_TEST(meta_openapi)
{
	struct exchange ex;
	char *path = NULL;
	FILE *f;
	long size;

	test_send(&ex, HTTP_HEAD, "/openapi.yaml", NULL, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(ex.resp.content_type, "application/yaml");
	/* The embedded bytes are those of api/openapi.yaml. */
	ck_assert_int_ne(asprintf(&path, "%s/api/openapi.yaml", SOURCE_DIR), -1);
	f = fopen(path, "rb");
	free(path);
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	ck_assert_int_eq((long)ex.resp.length, size);
	char *file = malloc((size_t)size + 1);
	rewind(f);
	ck_assert_int_eq((long)fread(file, 1, (size_t)size, f), size);
	fclose(f);
	ck_assert(!memcmp(file, ex.resp.body, (size_t)size));
	free(file);
	test_done(&ex);
}
END_TEST

/* ---- router ---- */

START_TEST(router_not_found)
{
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/nowhere", NULL, NULL);
	test_problem(&ex, 404, "not_found", NULL);
	test_done(&ex);
	test_send(&ex, HTTP_OPTIONS, "/validate/", NULL, NULL);
	test_problem(&ex, 404, "not_found", NULL);
	test_done(&ex);
	/* Bytes that are not printable ASCII are not echoed: the problem stays UTF-8. */
	test_send(&ex, HTTP_GET, "/\xff\x01\"x", NULL, NULL);
	test_problem(&ex, 404, "not_found", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "detail"), "there is no resource at /??\"x");
	test_done(&ex);
}
END_TEST

START_TEST(router_method_not_allowed)
{
	struct exchange ex;
	const cJSON *allowed;

	test_send(&ex, HTTP_OTHER, "/validate", NULL, NULL);
	test_problem(&ex, 405, "method_not_allowed", NULL);
	ck_assert_str_eq(test_header(&ex, "Allow"), "GET, HEAD, POST, OPTIONS");
	allowed = cjson_member(ex.json, "allowed");
	ck_assert_int_eq(cJSON_GetArraySize(allowed), 4);
	ck_assert_str_eq(cJSON_GetArrayItem(allowed, 2)->valuestring, "POST");
	test_done(&ex);
	test_send(&ex, HTTP_POST, "/health", "{}", NULL);
	test_problem(&ex, 405, "method_not_allowed", NULL);
	ck_assert_str_eq(test_header(&ex, "Allow"), "GET, HEAD, OPTIONS");
	test_done(&ex);
}
END_TEST

/* Query booleans in any case: Python's requests sends params={"chess960": True} as True. */
START_TEST(query_booleans_any_case)
{
	const char *chess960[] = { "fen", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", "chess960", "True", NULL };
	const char *svg[] = { "fen", START_FEN, "format", "svg", "coordinates", "False", NULL };
	const char *bad[] = { "fen", START_FEN, "chess960", "yes", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/validate", NULL, chess960);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ex.json, "valid")));
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/render", NULL, svg);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/validate", NULL, bad);
	test_problem(&ex, 400, "invalid_field", "chess960");
	test_done(&ex);
}
END_TEST

START_TEST(router_preflight)
{
	struct exchange ex;

	test_send(&ex, HTTP_OPTIONS, "/apply-move", NULL, NULL);
	ck_assert_int_eq(ex.resp.status, 204);
	ck_assert_int_eq((int)ex.resp.length, 0);
	ck_assert_ptr_null(ex.resp.content_type);
	ck_assert_str_eq(test_header(&ex, "Access-Control-Allow-Methods"), "POST, OPTIONS");
	ck_assert_str_eq(test_header(&ex, "Allow"), "POST, OPTIONS");
	ck_assert_str_eq(test_header(&ex, "Access-Control-Allow-Headers"),
			 "Content-Type, X-Request-Id, If-None-Match, If-Modified-Since, Cache-Control, Accept, Accept-Language");
	ck_assert_str_eq(test_header(&ex, "Access-Control-Max-Age"), "86400");
	ck_assert_str_eq(test_header(&ex, "Access-Control-Allow-Origin"), "*");
	ck_assert_str_eq(test_header(&ex, "Access-Control-Expose-Headers"),
			 "X-Request-Id, ETag, X-Fen-Problems, X-Fen-Marks-Dropped, X-Fen-Lang-Detected, Retry-After, Allow");
	ck_assert_ptr_null(test_header(&ex, "Vary"));
	test_done(&ex);
}
END_TEST

START_TEST(router_methods)
{
	ck_assert_int_eq(router_method("GET"), HTTP_GET);
	ck_assert_int_eq(router_method("HEAD"), HTTP_HEAD);
	ck_assert_int_eq(router_method("POST"), HTTP_POST);
	ck_assert_int_eq(router_method("OPTIONS"), HTTP_OPTIONS);
	ck_assert_int_eq(router_method("get"), HTTP_OTHER);
	ck_assert_int_eq(router_method("DELETE"), HTTP_OTHER);
	ck_assert_int_eq(router_method(""), HTTP_OTHER);
}
END_TEST

/* ---- reply ---- */

START_TEST(reply_cors_origin)
{
	struct exchange ex;

	strcpy(test_config.cors_origin, "https://example.org");
	test_send(&ex, HTTP_GET, "/health", NULL, NULL);
	ck_assert_str_eq(test_header(&ex, "Access-Control-Allow-Origin"), "https://example.org");
	ck_assert_str_eq(test_header(&ex, "Vary"), "Origin");
	test_done(&ex);
}
END_TEST

START_TEST(reply_request_ids)
{
	char out[REPLY_REQUEST_ID_MAX + 1], other[REPLY_REQUEST_ID_MAX + 1], longest[REPLY_REQUEST_ID_MAX + 2];

	ck_assert_str_eq(reply_request_id("abc-123_XYZ", out), "abc-123_XYZ");
	memset(longest, 'a', sizeof longest);
	longest[REPLY_REQUEST_ID_MAX] = '\0';
	ck_assert_str_eq(reply_request_id(longest, out), longest);
	longest[REPLY_REQUEST_ID_MAX] = 'a';
	longest[REPLY_REQUEST_ID_MAX + 1] = '\0';
	/* Too long, empty, with a space, a control or a non-ASCII byte: a new id instead. */
	static const char *const bad[] = { "", "a b", "tab\there", "caf\xc3\xa9", NULL };
	for (int i = 0; bad[i]; i++) {
		reply_request_id(bad[i], out);
		ck_assert_int_eq((int)strlen(out), 16);
		ck_assert_int_eq((int)strspn(out, "0123456789abcdef"), 16);
	}
	reply_request_id(longest, out);
	ck_assert_int_eq((int)strlen(out), 16);
	reply_request_id(NULL, out);
	reply_request_id(NULL, other);
	ck_assert_int_eq((int)strlen(out), 16);
	ck_assert_str_ne(out, other);
}
END_TEST

START_TEST(reply_problem_shape)
{
	struct http_response resp = { 0 };
	cJSON *ext = cJSON_CreateObject(), *json;

	cJSON_AddStringToObject(ext, "code", "ignored");
	cJSON_AddStringToObject(ext, "detail", "from the extensions");
	cJSON_AddNumberToObject(ext, "offset", 7);
	reply_problem(&resp, REPLY_MALFORMED_JSON, NULL, ext);
	ck_assert_int_eq(resp.status, 400);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_ptr_nonnull(json);
	ck_assert_str_eq(cjson_string(json, "code"), "malformed_json");
	ck_assert_str_eq(cjson_string(json, "detail"), "from the extensions");
	ck_assert_str_eq(cjson_string(json, "title"), "Malformed JSON");
	ck_assert_int_eq((int)cjson_number(json, "offset"), 7);
	ck_assert_int_eq(cJSON_GetArraySize(json), 6);
	cJSON_Delete(json);
	reply_clear(&resp);

	for (int code = 0; code < REPLY_CODE_NB; code++) {
		reply_problem(&resp, (enum reply_code)code, "d", NULL);
		json = cJSON_ParseWithLength(resp.body, resp.length);
		ck_assert_ptr_nonnull(json);
		ck_assert_str_eq(cjson_string(json, "code"), reply_code_name((enum reply_code)code));
		ck_assert_int_eq((int)cjson_number(json, "status"), resp.status);
		cJSON_Delete(json);
		reply_clear(&resp);
	}
	reply_internal_error(&resp);
	ck_assert_int_eq(resp.status, 500);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "internal_error");
	ck_assert_str_eq(cjson_string(json, "type"), "urn:fend:problem:internal_error");
	cJSON_Delete(json);
	reply_clear(&resp);
	/* A missing tree (out of memory in src/json) becomes the 500. */
	reply_json(&resp, 200, NULL);
	ck_assert_int_eq(resp.status, 500);
	reply_clear(&resp);
}
END_TEST

/* reply_json's body must read back as the very tree it was given. */
static void test_same_print(const cJSON *tree)
{
	struct http_response resp = { 0 };
	cJSON *parsed;

	ck_assert_ptr_nonnull(tree);
	reply_json(&resp, 200, cJSON_Duplicate(tree, true));
	ck_assert_int_eq(resp.status, 200);
	ck_assert_str_eq(resp.content_type, REPLY_JSON_TYPE);
	ck_assert_int_eq((int)resp.length, (int)strlen(resp.body));
	parsed = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_ptr_nonnull(parsed);
	ck_assert(cJSON_Compare(tree, parsed, true));
	ck_assert_ptr_null(strchr(resp.body, '\n'));
	cJSON_Delete(parsed);
	reply_clear(&resp);
}

/* Positions with every kind of output: castling, en passant, promotions, checks, mates,
 * Chess960, lenient repairs, and errors with their offsets. */
static const char *const print_fens[] = {
	START_FEN,
	E4_FEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"7k/4P3/6K1/8/8/8/8/1Q6 w - - 0 1",
	"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	"k7/8/1Q6/8/8/8/8/7K b - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
	"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"\"quoted\"\t\\ fen \x01",
	"",
};

START_TEST(reply_print_every_shape)
{
	struct fen_options options = { FEN_LENIENT, _i % 2 == 1, false, MSG_EN };
	struct json_fen_style style = { (enum fen_ep_style)(_i % 3), (enum fen_castling_style)(_i % 2) };
	const char *fen = print_fens[_i];
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict = fen_parse(fen, strlen(fen), &options, &pos, &report);
	cJSON *tree;

	tree = json_validation(verdict, &pos, &report, &style);
	test_same_print(tree);
	cJSON_Delete(tree);
	tree = json_invalid_fen(&report);
	test_same_print(tree);
	cJSON_Delete(tree);
	/* strict mode: hints for what lenient mode or Chess960 reads */
	options.mode = FEN_STRICT;
	verdict = fen_parse(fen, strlen(fen), &options, &pos, &report);
	tree = json_validation(verdict, &pos, &report, &style);
	test_same_print(tree);
	cJSON_Delete(tree);
	tree = json_invalid_fen(&report);
	test_same_print(tree);
	cJSON_Delete(tree);
	options.mode = FEN_LENIENT;
	verdict = fen_parse(fen, strlen(fen), &options, &pos, &report);
	if (verdict != FEN_VALID)
		return;
	tree = json_moves(&pos, (enum san_lang)(_i % SAN_LANG_NB), &style);
	test_same_print(tree);
	cJSON_Delete(tree);
	tree = json_board(&pos, &style);
	test_same_print(tree);
	cJSON_Delete(tree);
	tree = json_illegal_move(&pos, 3, "z\"9\n", 4, true, MSG_EN, &style);
	test_same_print(tree);
	cJSON_Delete(tree);
}
END_TEST

/* ---- body ---- */

START_TEST(body_json_types)
{
	ck_assert(body_is_json_type("application/json"));
	ck_assert(body_is_json_type("Application/JSON; charset=utf-8"));
	ck_assert(body_is_json_type("  application/json;charset=UTF-8"));
	ck_assert(body_is_json_type("application/problem+json"));
	ck_assert(body_is_json_type("application/vnd.fend+JSON; v=1"));
	ck_assert(!body_is_json_type("application/+json"));
	ck_assert(!body_is_json_type("text/json"));
	ck_assert(!body_is_json_type("application/jsonx"));
	ck_assert(!body_is_json_type("application/x-www-form-urlencoded"));
	ck_assert(!body_is_json_type("multipart/form-data; boundary=x"));
	ck_assert(!body_is_json_type(""));
}
END_TEST

START_TEST(body_header_checks)
{
	struct http_response resp = { 0 };
	cJSON *json;

	ck_assert_int_eq(body_check_headers(NULL, NULL, 100, &resp), 0);
	ck_assert_int_eq(body_check_headers("application/json", "100", 100, &resp), 0);
	ck_assert_int_eq(resp.status, 0);
	ck_assert_int_eq(body_check_headers("text/plain", "10", 100, &resp), -1);
	ck_assert_int_eq(resp.status, 415);
	reply_clear(&resp);
	ck_assert_int_eq(body_check_headers(NULL, "101", 100, &resp), -1);
	ck_assert_int_eq(resp.status, 413);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "payload_too_large");
	ck_assert_int_eq((int)cjson_number(json, "limit"), 100);
	cJSON_Delete(json);
	reply_clear(&resp);
	ck_assert_int_eq(body_check_headers(NULL, "99999999999999999999999999", 100, &resp), -1);
	ck_assert_int_eq(resp.status, 413);
	reply_clear(&resp);
}
END_TEST

START_TEST(body_collect_and_parse)
{
	struct body b;
	struct http_response resp = { 0 };
	cJSON *root;
	static const char text[] = "{\"fen\": \"x\", \"pad\": \"";

	body_init(&b);
	ck_assert_int_eq(body_append(&b, text, sizeof text - 1, 1 << 20), 0);
	/* Past the inline buffer, into the heap. */
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(body_append(&b, "0123456789", 10, 1 << 20), 0);
	ck_assert_int_eq(body_append(&b, "\"}", 2, 1 << 20), 0);
	root = body_parse(&b, 1 << 20, &resp);
	ck_assert_ptr_nonnull(root);
	ck_assert_str_eq(cjson_string(root, "fen"), "x");
	ck_assert_int_eq((int)strlen(cjson_string(root, "pad")), 10000);
	cJSON_Delete(root);
	body_clear(&b);
	ck_assert_int_eq(resp.status, 0);
}
END_TEST

START_TEST(body_limit)
{
	struct body b;
	struct http_response resp = { 0 };

	body_init(&b);
	ck_assert_int_eq(body_append(&b, "{\"a\":1}", 7, 10), 0);
	ck_assert_int_eq(body_append(&b, "    ", 4, 10), -1);
	ck_assert(b.too_large);
	ck_assert_int_eq(body_append(&b, "x", 1, 10), -1);
	ck_assert_int_eq((int)b.received, 12);
	ck_assert_ptr_null(body_parse(&b, 10, &resp));
	ck_assert_int_eq(resp.status, 413);
	reply_clear(&resp);
	body_clear(&b);
}
END_TEST

/* Rows of body text, expected offset of malformed_json. */
static const struct {
	const char *text;
	size_t length;
	int offset;
	const char *root;   /* the type named, for JSON that is not an object (NULL: none) */
	const char *detail; /* a part of the detail */
} body_malformed_rows[] = {
	{ "", 0, 0, NULL, "empty" },
	{ "{\"fen\": }", 9, 8, NULL, "not valid JSON" },
	{ "{\"fen\":\"x\"", 10, 10, NULL, "not valid JSON" },
	{ "{} {}", 5, 3, NULL, "not valid JSON" },
	{ "{\"a\":1}\0{}", 10, 7, NULL, "NUL byte" },
	/* JSON of another type: refused from its first byte, whatever follows */
	{ "[1,2]", 5, 0, "array", "must be a JSON object, not an array" },
	{ " \n\t[1,", 6, 3, "array", "not an array" },
	{ "\"fen\"", 5, 0, "string", "not a string" },
	{ "42", 2, 0, "number", "not a number" },
	{ "-0.5", 4, 0, "number", "not a number" },
	{ "true", 4, 0, "boolean", "not a boolean" },
	{ "false", 5, 0, "boolean", "not a boolean" },
	{ "null", 4, 0, "null", "must be a JSON object, not null" },
	/* not JSON at all: the parser says where */
	{ "nope", 4, 0, NULL, "not valid JSON" },
	{ "-x", 2, 0, NULL, "not valid JSON" },
};

START_TEST(body_malformed)
{
	struct body b;
	struct http_response resp = { 0 };
	cJSON *json;

	body_init(&b);
	ck_assert_int_eq(body_append(&b, body_malformed_rows[_i].text, body_malformed_rows[_i].length, 1000), 0);
	ck_assert_ptr_null(body_parse(&b, 1000, &resp));
	ck_assert_int_eq(resp.status, 400);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "malformed_json");
	ck_assert_int_eq((int)cjson_number(json, "offset"), body_malformed_rows[_i].offset);
	ck_assert_msg(strstr(cjson_string(json, "detail"), body_malformed_rows[_i].detail), "detail: %s",
		      cjson_string(json, "detail"));
	if (body_malformed_rows[_i].root)
		ck_assert_str_eq(cjson_string(json, "root"), body_malformed_rows[_i].root);
	else
		ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(json, "root"));
	cJSON_Delete(json);
	reply_clear(&resp);
	body_clear(&b);
}
END_TEST

/* A megabyte array is refused as such, without a tree of a million nodes. */
START_TEST(body_big_array)
{
	size_t size = 1 << 20;
	char *text = malloc(size);
	struct body b;
	struct http_response resp = { 0 };
	cJSON *json;

	text[0] = '[';
	for (size_t i = 1; i + 1 < size; i += 2)
		memcpy(text + i, "1,", 2);
	text[size - 1] = ']';
	body_init(&b);
	ck_assert_int_eq(body_append(&b, text, size, size), 0);
	json_arena_install();
	json_arena_limit(64 * 1024);
	ck_assert_ptr_null(body_parse(&b, size, &resp));
	/* not a byte of tree was allocated */
	ck_assert_uint_eq(json_arena_used(), 0);
	json_arena_limit(0);
	ck_assert_int_eq(resp.status, 400);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "root"), "array");
	cJSON_Delete(json);
	reply_clear(&resp);
	body_clear(&b);
	free(text);
}
END_TEST

/* A body whose JSON needs more memory than the thread's limit: 413, naming the limit. */
START_TEST(body_memory_limit)
{
	char *text = malloc(200000);
	size_t n = (size_t)sprintf(text, "{\"fen\":\"x\",\"x\":[");
	struct body b;
	struct http_response resp = { 0 };
	cJSON *json, *root;

	for (int i = 0; i < 40000; i++)
		n += (size_t)sprintf(text + n, i ? ",1" : "1");
	n += (size_t)sprintf(text + n, "]}");
	body_init(&b);
	ck_assert_int_eq(body_append(&b, text, n, 1 << 20), 0);
	json_arena_install();
	json_arena_limit(1 << 20);
	json_arena_begin();
	ck_assert_ptr_null(body_parse(&b, 1 << 20, &resp));
	json_arena_end();
	ck_assert_int_eq(resp.status, 413);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "payload_too_large");
	ck_assert_int_eq((int)cjson_number(json, "limit"), 1 << 20);
	ck_assert_str_eq(cjson_string(json, "detail"), "the request body's JSON needs more than 1048576 bytes of memory");
	cJSON_Delete(json);
	reply_clear(&resp);
	/* with room enough, the same body parses */
	json_arena_limit(16 << 20);
	json_arena_begin();
	root = body_parse(&b, 1 << 20, &resp);
	ck_assert_ptr_nonnull(root);
	ck_assert_int_eq(resp.status, 0);
	json_arena_delete(root);
	json_arena_end();
	json_arena_limit(0);
	json_arena_release();
	body_clear(&b);
	free(text);
}
END_TEST

/* ---- parameter names (params.c) ---- */

/* Asserts a 400 unknown_parameter naming parameter in where ("query" or "body"), and
 * returns its detail. */
static const char *test_unknown(const struct exchange *ex, const char *parameter, const char *where)
{
	test_problem(ex, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(ex->json, "parameter"), parameter);
	ck_assert_str_eq(cjson_string(ex->json, "in"), where);
	ck_assert(cJSON_IsArray(cjson_member(ex->json, "known")));
	return cjson_string(ex->json, "detail");
}

/* True when the answer's "known" lists name. */
static bool test_known_has(const struct exchange *ex, const char *name)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, cjson_member(ex->json, "known"))
		if (cJSON_IsString(item) && !strcmp(item->valuestring, name))
			return true;
	return false;
}

/* True when text ends with end. */
static bool test_ends_with(const char *text, const char *end)
{
	size_t n = strlen(text), m = strlen(end);

	return n >= m && !strcmp(text + n - m, end);
}

/* The did-you-mean rule. */
START_TEST(params_suggestions)
{
	static const char *const render[] = { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "format",
					      "orientation", "coordinates", "check", "size", "theme", "arrows",
					      "circles", "squares", "last_move", NULL };
	static const char *const apply[] = { "fen", "mode", "move", "moves", "notation", "lang", "strict_san", NULL };
	static const struct {
		const char *name;
		const char *const *known;
		const char *want; /* NULL: no suggestion */
	} rows[] = {
		{ "orientaton", render, "orientation" },  /* a letter left out */
		{ "orientatoin", render, "orientation" }, /* two swapped */
		{ "FEN", render, "fen" },                  /* another case */
		{ "Orientation", render, "orientation" },
		{ "fne", render, "fen" },
		{ "lastmove", render, "last_move" },
		{ "squres", render, "squares" },
		{ "chess-960", render, "chess960" },
		{ "sizes", render, "size" },
		{ "mdoe", apply, "mode" },                 /* mode, not move: 1 against 2 */
		{ "mvoe", apply, "move" },
		{ "mvoes", apply, "moves" },
		{ "n", render, NULL },                     /* as far from every name as it is long */
		{ "e", render, NULL },
		{ "xy", render, NULL },
		{ "colour", render, NULL },
		{ "lenient", render, NULL },
		{ "", render, NULL },
		{ "orient", render, NULL },                /* 5 letters short */
		{ "nocache", render, NULL },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const char *got = params_suggest(rows[i].name, rows[i].known);
		if (rows[i].want)
			ck_assert_msg(got && !strcmp(got, rows[i].want), "%s: %s", rows[i].name, got ? got : "none");
		else
			ck_assert_msg(!got, "%s: %s", rows[i].name, got);
	}
}
END_TEST

/* An unknown query parameter of a GET: its name, where, what the route takes, and the
 * name probably meant; refused before the handler runs (no missing fen then). */
START_TEST(params_unknown_query)
{
	static const char *const typo[] = { "fen", START_FEN, "orientaton", "black", NULL };
	static const char *const made_up[] = { "fen", START_FEN, "n", "2", NULL };
	static const char *const before[] = { "Lang", "de", NULL };
	struct exchange ex;
	const char *detail;

	test_send(&ex, HTTP_GET, "/render", NULL, typo);
	detail = test_unknown(&ex, "orientaton", "query");
	ck_assert_str_eq(detail, "`orientaton` is not a query parameter of GET /render; did you mean `orientation`?");
	/* every picture option of the core, and the position's and format */
	for (int i = 0; render_option_names[i]; i++)
		ck_assert_msg(test_known_has(&ex, render_option_names[i]), "%s", render_option_names[i]);
	ck_assert(test_known_has(&ex, "fen") && test_known_has(&ex, "format") && test_known_has(&ex, "infer_castling"));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "known")), 17); /* and lang */
	test_done(&ex);
	test_send(&ex, HTTP_HEAD, "/render", NULL, made_up);
	detail = test_unknown(&ex, "n", "query");
	ck_assert_str_eq(detail, "`n` is not a query parameter of HEAD /render");
	test_done(&ex);
	/* checked before the handler: no missing_field for fen */
	test_send(&ex, HTTP_GET, "/moves", NULL, before);
	detail = test_unknown(&ex, "Lang", "query");
	ck_assert(test_ends_with(detail, "did you mean `lang`?"));
	test_done(&ex);
}
END_TEST

/* Routes that take no parameter, and the page's permalink. */
START_TEST(params_routes_without_parameters)
{
	static const char *const nocache[] = { "nocache", "1", NULL };
	static const char *const permalink[] = { "fen", START_FEN, "moves", "e2e4,e7e5", "chess960", "1", NULL };
	static const char *const paths[] = { "/health", "/version", "/openapi.yaml", "/ready", "/metrics", "/fend.js",
					     "/app.js", "/style.css", "/favicon.svg", "/i18n.js", "/pieces.svg",
					     "/common.js", "/board.js", "/fenbox.js", "/tabs.js", "/play.js", "/editor.js",
					     "/viewer.js", "/descriptive.js", "/challenge.js" };
	struct exchange ex;

	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		test_send(&ex, HTTP_GET, paths[i], NULL, nocache);
		test_unknown(&ex, "nocache", "query");
		ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "known")), 0);
		test_done(&ex);
	}
	test_send(&ex, HTTP_GET, "/", NULL, permalink);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/", NULL, nocache);
	test_unknown(&ex, "nocache", "query");
	test_done(&ex);
}
END_TEST

/* An unknown top-level member of a JSON body; members below the top are not checked. */
START_TEST(params_unknown_member)
{
	static const char *const position[] = { "fen", "mode", "chess960", "infer_castling", "ep", "castling",
						"expected", "lang" };
	struct exchange ex;
	const cJSON *known;
	int i = 0;

	test_post(&ex, "/validate", "{\"fen\":\"" START_FEN "\",\"lenient\":true}");
	ck_assert_str_eq(test_unknown(&ex, "lenient", "body"), "`lenient` is not a member of the JSON body of POST /validate");
	known = cjson_member(ex.json, "known");
	ck_assert_int_eq(cJSON_GetArraySize(known), 8);
	for (const cJSON *item = known->child; item; item = item->next)
		ck_assert_str_eq(item->valuestring, position[i++]);
	test_done(&ex);
	test_post(&ex, "/validate", "{\"fen\":\"" START_FEN "\",\"mdoe\":\"lenient\"}");
	ck_assert(test_ends_with(test_unknown(&ex, "mdoe", "body"), "did you mean `mode`?"));
	test_done(&ex);
	/* before the handler: not missing_field for move */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"mvoe\":\"e2e4\"}");
	ck_assert(test_ends_with(test_unknown(&ex, "mvoe", "body"), "did you mean `move`?"));
	test_done(&ex);
	test_post(&ex, "/convert", "{\"text\":\"1. e4\",\"from\":\"san\",\"tag\":{}}");
	ck_assert(test_ends_with(test_unknown(&ex, "tag", "body"), "did you mean `tags`?"));
	test_done(&ex);
	/* a tag's name is the game's, not a parameter */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e2e4\",\"tags\":{\"Whiet\":\"x\"}}");
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	/* a game GIF does not draw last_move: not one of its names */
	test_post(&ex, "/render/game.gif", "{\"moves\":[\"e2e4\"],\"last_move\":\"e2e4\"}");
	test_unknown(&ex, "last_move", "body");
	ck_assert(!test_known_has(&ex, "last_move") && test_known_has(&ex, "delay"));
	test_done(&ex);
}
END_TEST

/* A POST with a JSON body takes its options from the body: any query parameter is
 * unknown there, one that is a member is said to belong in the body. */
START_TEST(params_query_with_json_body)
{
	static const char *const mode[] = { "mode", "lenient", NULL };
	static const char *const mdoe[] = { "mdoe", "lenient", NULL };
	struct exchange ex;
	const char *detail;

	test_send(&ex, HTTP_POST, "/validate", "{\"fen\":\"" START_FEN "\"}", mode);
	detail = test_unknown(&ex, "mode", "query");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "known")), 0);
	ck_assert_str_eq(detail, "`mode` is given in the query, but POST /validate with a JSON body reads its options "
				 "from the body only: make it a member of the body");
	test_done(&ex);
	test_send(&ex, HTTP_POST, "/moves", "{\"fen\":\"" START_FEN "\"}", mdoe);
	ck_assert(test_ends_with(test_unknown(&ex, "mdoe", "query"), "did you mean the member `mode`?"));
	test_done(&ex);
}
END_TEST

/* What a name may hold: cut at 64 bytes, bytes that are not UTF-8 replaced, the empty
 * name refused too. */
START_TEST(params_odd_names)
{
	char longname[101];
	static const char *const bad_utf8[] = { "fen", START_FEN, "\xff\xfe", "1", NULL };
	static const char *const empty[] = { "", "1", NULL };
	const char *longq[] = { longname, "1", NULL };
	struct exchange ex;

	memset(longname, 'a', 100);
	longname[100] = '\0';
	test_send(&ex, HTTP_GET, "/validate", NULL, longq);
	ck_assert_int_eq((int)strlen(cjson_string(ex.json, "parameter")), 64 + 3);
	ck_assert(test_ends_with(cjson_string(ex.json, "parameter"), "aaa..."));
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/validate", NULL, bad_utf8);
	test_unknown(&ex, "??", "query");
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/validate", NULL, empty);
	ck_assert_str_eq(test_unknown(&ex, "", "query"), "GET /validate takes no query parameter with an empty name");
	test_done(&ex);
}
END_TEST

/* Every name the contract documents for a route (api/openapi.yaml: its query parameters,
 * or the members of its JSON body) gets past the check: the answer is the handler's, not
 * unknown_parameter, and the route's known list is exactly these names. */
static const struct {
	enum http_method method;
	const char *path;
	bool body;             /* the names are members of a JSON body */
	const char *names[24];
} params_documented[] = {
	{ HTTP_GET, "/validate", false, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "lang" } },
	{ HTTP_POST, "/validate", true, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "expected",
					  "lang" } },
	{ HTTP_POST, "/apply-move", true, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "move", "moves",
					    "notation", "lang", "strict_san", "history", "history_fen", "tags" } },
	{ HTTP_POST, "/convert", true, { "text", "from", "lang", "san_lang", "to", "strict", "tags", "fen", "mode",
					 "chess960", "infer_castling", "ep", "castling" } },
	{ HTTP_GET, "/moves", false, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "lang" } },
	{ HTTP_POST, "/moves", true, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "lang" } },
	{ HTTP_GET, "/render", false, { "fen", "format", "orientation", "coordinates", "check", "size", "theme",
					"last_move", "arrows", "circles", "squares", "mode", "chess960",
					"infer_castling", "ep", "castling", "lang" } },
	{ HTTP_POST, "/render", true, { "fen", "format", "orientation", "coordinates", "check", "size", "theme",
					"last_move", "arrows", "circles", "squares", "mode", "chess960",
					"infer_castling", "ep", "castling", "lang" } },
	{ HTTP_GET, "/render/game.gif", false, { "fen", "moves", "pgn", "delay", "final_delay", "orientation",
						 "coordinates", "check", "size", "theme", "arrows", "circles",
						 "squares", "mode", "chess960", "infer_castling", "ep", "castling",
						 "lang" } },
	{ HTTP_POST, "/render/game.gif", true, { "fen", "moves", "pgn", "delay", "final_delay", "orientation",
						 "coordinates", "check", "size", "theme", "arrows", "circles",
						 "squares", "mode", "chess960", "infer_castling", "ep", "castling",
						 "lang" } },
	{ HTTP_GET, "/", false, { "fen", "moves", "chess960" } },
	{ HTTP_GET, "/position", false, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "moves", "lang",
					  "castling_dests" } },
	{ HTTP_POST, "/position", true, { "fen", "mode", "chess960", "infer_castling", "ep", "castling", "moves", "lang",
					  "castling_dests" } },
};

START_TEST(params_documented_names)
{
	const bool body = params_documented[_i].body;
	const char *path = params_documented[_i].path;
	enum http_method method = params_documented[_i].method;
	const char *const *names = params_documented[_i].names;
	const char *unknown[] = { "zz", "1", NULL };
	struct exchange ex;
	int count = 0;

	for (; names[count]; count++) {
		char text[96];
		const char *query[] = { names[count], "x", NULL };
		snprintf(text, sizeof text, "{\"%s\":\"x\"}", names[count]);
		test_send(&ex, method, path, body ? text : NULL, body ? NULL : query);
		ck_assert_int_ne(ex.resp.status, 0);
		if (ex.json && cJSON_GetObjectItemCaseSensitive(ex.json, "code"))
			ck_assert_msg(strcmp(cjson_string(ex.json, "code"), "unknown_parameter"), "%s %s: %s refused",
				      router_method_name(method), path, names[count]);
		test_done(&ex);
	}
	test_send(&ex, method, path, body ? "{\"zz\":1}" : NULL, body ? NULL : unknown);
	test_unknown(&ex, "zz", body ? "body" : "query");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "known")), count);
	for (int i = 0; i < count; i++)
		ck_assert_msg(test_known_has(&ex, names[i]), "%s not known", names[i]);
	test_done(&ex);
}
END_TEST

/* ---- config ---- */

/* config_load on a NULL-terminated argument list (argv[0] included). */
static enum config_result test_config_load(struct config *cfg, char **argv)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	return config_load(cfg, argc, argv);
}

START_TEST(config_defaults)
{
	struct config cfg;
	char *argv[] = { "fend", NULL };

	ck_assert_int_eq(test_config_load(&cfg, argv), CONFIG_OK);
	ck_assert_str_eq(cfg.listen, "127.0.0.1");
	ck_assert(!cfg.ipv6);
	ck_assert_int_eq(cfg.port, 8080);
	ck_assert_int_ge(cfg.threads, 1);
	ck_assert_int_eq((int)cfg.max_body, 1048576);
	ck_assert_int_eq(cfg.timeout, 15);
	ck_assert_int_eq(cfg.max_connections, 1024);
	ck_assert_str_eq(cfg.cors_origin, "*");
	ck_assert_int_eq(cfg.log, CONFIG_LOG_TEXT);
}
END_TEST

START_TEST(config_flags_and_env)
{
	struct config cfg;
	char *argv[] = { "fend", "--listen", "[::1]", "--port=0", "--threads", "3", "--max-body", "1000",
			 "--timeout=2", "--max-connections", "10", "--cors-origin", "https://a.example", "--log",
			 "json", NULL };
	char *argv_env[] = { "fend", "--port", "9000", NULL };

	ck_assert_int_eq(test_config_load(&cfg, argv), CONFIG_OK);
	ck_assert_str_eq(cfg.listen, "::1");
	ck_assert(cfg.ipv6);
	ck_assert_int_eq(cfg.port, 0);
	ck_assert_int_eq(cfg.threads, 3);
	ck_assert_int_eq((int)cfg.max_body, 1000);
	ck_assert_int_eq(cfg.timeout, 2);
	ck_assert_int_eq(cfg.max_connections, 10);
	ck_assert_str_eq(cfg.cors_origin, "https://a.example");
	ck_assert_int_eq(cfg.log, CONFIG_LOG_JSON);

	setenv("FEND_PORT", "7000", 1);
	setenv("FEND_LOG", "off", 1);
	setenv("FEND_LISTEN", "0.0.0.0", 1);
	ck_assert_int_eq(test_config_load(&cfg, argv_env), CONFIG_OK);
	ck_assert_int_eq(cfg.port, 9000); /* the flag wins */
	ck_assert_int_eq(cfg.log, CONFIG_LOG_OFF);
	ck_assert_str_eq(cfg.listen, "0.0.0.0");
	unsetenv("FEND_PORT");
	unsetenv("FEND_LOG");
	unsetenv("FEND_LISTEN");
}
END_TEST

static const char *const config_bad_rows[][3] = {
	{ "--port", "65536", NULL }, { "--port", "-1", NULL },       { "--port", "80x", NULL },
	{ "--port", "", NULL },      { "--threads", "0", NULL },     { "--max-body", "0", NULL },
	{ "--timeout", "0", NULL },  { "--log", "verbose", NULL },   { "--listen", "localhost", NULL },
	{ "--listen", "1.2.3", NULL }, { "--cors-origin", "a b", NULL }, { "--max-connections", "many", NULL },
	{ "--frobnicate", NULL, NULL }, { "stray", NULL, NULL },     { "--port", NULL, NULL },
};

/* config_load's usage errors go to stderr: keep them out of the test log. */
static int test_quiet(void)
{
	int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);

	fflush(stderr);
	dup2(null, STDERR_FILENO);
	close(null);
	return saved;
}

static void test_loud(int saved)
{
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
}

START_TEST(config_bad)
{
	struct config cfg;
	char *argv[4] = { "fend", (char *)config_bad_rows[_i][0], (char *)config_bad_rows[_i][1], NULL };
	int saved = test_quiet();
	enum config_result result = test_config_load(&cfg, argv);

	test_loud(saved);
	ck_assert_int_eq(result, CONFIG_BAD);
}
END_TEST

START_TEST(config_bad_env)
{
	struct config cfg;
	char *argv[] = { "fend", NULL };

	int saved = test_quiet();
	enum config_result result;

	setenv("FEND_THREADS", "lots", 1);
	result = test_config_load(&cfg, argv);
	test_loud(saved);
	ck_assert_int_eq(result, CONFIG_BAD);
	setenv("FEND_THREADS", "", 1); /* empty counts as unset */
	ck_assert_int_eq(test_config_load(&cfg, argv), CONFIG_OK);
	unsetenv("FEND_THREADS");
}
END_TEST

/* ---- security headers ---- */

/* Every answer says nosniff; only a page gets the CSP, Referrer-Policy and frame headers. */
START_TEST(security_headers)
{
	static const char *const query[] = { "fen", START_FEN, NULL };
	struct exchange ex;
	struct http_request req = { .request_id = "test-id", .config = &test_config };

	test_send(&ex, HTTP_GET, "/validate", NULL, query);
	ck_assert_str_eq(test_header(&ex, "X-Content-Type-Options"), "nosniff");
	ck_assert_ptr_null(test_header(&ex, "Content-Security-Policy"));
	ck_assert_ptr_null(test_header(&ex, "X-Frame-Options"));
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/nowhere", NULL, NULL);
	ck_assert_str_eq(test_header(&ex, "X-Content-Type-Options"), "nosniff");
	test_done(&ex);
	/* a page, with the default --frame-ancestors 'none' */
	memset(&ex, 0, sizeof ex);
	reply_static(&ex.resp, 200, "text/html; charset=utf-8", "<p>", 3);
	reply_page(&ex.resp);
	reply_finish(&ex.resp, &req);
	ck_assert_str_eq(test_header(&ex, "X-Content-Type-Options"), "nosniff");
	ck_assert_str_eq(test_header(&ex, "Content-Security-Policy"),
			 "default-src 'self'; base-uri 'none'; form-action 'self'; object-src 'none'; "
			 "frame-ancestors 'none'");
	ck_assert_str_eq(test_header(&ex, "Referrer-Policy"), "no-referrer");
	ck_assert_str_eq(test_header(&ex, "X-Frame-Options"), "DENY");
	test_done(&ex);
}
END_TEST

/* --frame-ancestors: 'self' is SAMEORIGIN; a list of origins has only the CSP; header
 * injection and empty values are refused. */
START_TEST(config_frame_ancestors)
{
	struct config cfg;
	char *self[] = { "fend", "--frame-ancestors", "'self'", NULL };
	char *list[] = { "fend", "--frame-ancestors", "https://a.example https://b.example", NULL };
	char *bad[][4] = { { "fend", "--frame-ancestors", "x; script-src *", NULL },
			   { "fend", "--frame-ancestors", "a\r\nSet-Cookie: x", NULL },
			   { "fend", "--frame-ancestors", "  ", NULL },
			   { "fend", "--frame-ancestors", "a,b", NULL } };
	int saved;

	ck_assert_int_eq(test_config_load(&cfg, self), CONFIG_OK);
	ck_assert_str_eq(cfg.frame_options, "SAMEORIGIN");
	ck_assert_ptr_nonnull(strstr(cfg.page_csp, "; frame-ancestors 'self'"));
	ck_assert_int_eq(test_config_load(&cfg, list), CONFIG_OK);
	ck_assert_ptr_null(cfg.frame_options);
	ck_assert_ptr_nonnull(strstr(cfg.page_csp, "; frame-ancestors https://a.example https://b.example"));
	setenv("FEND_FRAME_ANCESTORS", "'self'", 1);
	ck_assert_int_eq(test_config_load(&cfg, (char *[]){ "fend", NULL }), CONFIG_OK);
	unsetenv("FEND_FRAME_ANCESTORS");
	ck_assert_str_eq(cfg.frame_options, "SAMEORIGIN");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		saved = test_quiet();
		enum config_result result = test_config_load(&cfg, bad[i]);
		test_loud(saved);
		ck_assert_msg(result == CONFIG_BAD, "accepted %s", bad[i][2]);
	}
}
END_TEST

/* ---- log ---- */

START_TEST(log_time)
{
	char out[25];
	struct timespec ts = { 0, 0 };

	log_format_time(&ts, out);
	ck_assert_str_eq(out, "1970-01-01T00:00:00.000Z");
	ts = (struct timespec){ 1795989938, 123456789 };
	log_format_time(&ts, out);
	ck_assert_str_eq(out, "2026-11-29T22:05:38.123Z");
	ts = (struct timespec){ 951782400, 999999999 }; /* 2000-02-29, a leap day */
	log_format_time(&ts, out);
	ck_assert_str_eq(out, "2000-02-29T00:00:00.999Z");
}
END_TEST

/* Reads what log_access wrote into a pipe. */
static void test_log_line(enum config_log format, const struct log_entry *entry, char *out, size_t size)
{
	int fds[2];
	ssize_t n;

	ck_assert_int_eq(pipe(fds), 0);
	log_access(fds[1], format, entry);
	close(fds[1]);
	n = read(fds[0], out, size - 1);
	close(fds[0]);
	out[n > 0 ? n : 0] = '\0';
}

START_TEST(log_lines)
{
	struct log_entry entry = { "127.0.0.1", "POST", "/valid ate\n", 200, 345, 123, "3f2a" };
	char line[1024];
	cJSON *json;

	test_log_line(CONFIG_LOG_TEXT, &entry, line, sizeof line);
	ck_assert_int_eq((int)strlen(line), 24 + (int)strlen(" 127.0.0.1 POST /valid%20ate%0A 200 345 123us id=3f2a\n"));
	ck_assert_str_eq(line + 24, " 127.0.0.1 POST /valid%20ate%0A 200 345 123us id=3f2a\n");
	ck_assert_int_eq(line[23], 'Z');

	test_log_line(CONFIG_LOG_JSON, &entry, line, sizeof line);
	ck_assert_int_eq(line[strlen(line) - 1], '\n');
	json = cJSON_Parse(line);
	ck_assert_ptr_nonnull(json);
	ck_assert_str_eq(cjson_string(json, "client"), "127.0.0.1");
	ck_assert_str_eq(cjson_string(json, "method"), "POST");
	ck_assert_str_eq(cjson_string(json, "path"), "/valid ate\n");
	ck_assert_int_eq((int)cjson_number(json, "status"), 200);
	ck_assert_int_eq((int)cjson_number(json, "bytes"), 345);
	ck_assert_int_eq((int)cjson_number(json, "duration_us"), 123);
	ck_assert_str_eq(cjson_string(json, "request_id"), "3f2a");
	ck_assert_int_eq((int)strlen(cjson_string(json, "time")), 24);
	cJSON_Delete(json);

	test_log_line(CONFIG_LOG_OFF, &entry, line, sizeof line);
	ck_assert_str_eq(line, "");
}
END_TEST

/* ---- convert ---- */

/* POSTs a request built as a tree (so game texts need no escaping by hand). */
static void test_post_tree(struct exchange *ex, const char *path, cJSON *body)
{
	char *text = cJSON_PrintUnformatted(body);

	cJSON_Delete(body);
	ck_assert_ptr_nonnull(text);
	test_post(ex, path, text);
	cJSON_free(text);
}

/* {"text": text, "from": from[, "lang": lang]} */
static cJSON *test_convert_body(const char *text, const char *from, const char *lang)
{
	cJSON *body = cJSON_CreateObject();

	ck_assert_ptr_nonnull(cJSON_AddStringToObject(body, "text", text));
	ck_assert_ptr_nonnull(cJSON_AddStringToObject(body, "from", from));
	if (lang)
		ck_assert_ptr_nonnull(cJSON_AddStringToObject(body, "lang", lang));
	return body;
}

/* The Guevara-Filip game as 003_4bee26a386fe0058.txt quotes it, prose and all. */
START_TEST(convert_guevara)
{
	char text[1024], movetext[1024];
	FILE *f = fopen(SOURCE_DIR "/tests/data/guevara-1962.txt", "rb");
	size_t n;
	struct exchange ex;
	const cJSON *moves, *notes, *item;
	const char *pgn;
	cJSON *body;
	int origin_notes = 0, prose_notes = 0;

	ck_assert_ptr_nonnull(f);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	while (n && text[n - 1] == '\n')
		n--;
	text[n] = '\0';
	body = test_convert_body(text, "descriptive", "es");
	cJSON *tags = cJSON_AddObjectToObject(body, "tags");
	cJSON_AddStringToObject(tags, "White", "Guevara, Ernesto");
	cJSON_AddStringToObject(tags, "Black", "Filip, Miroslav");
	cJSON_AddStringToObject(tags, "Result", "1/2-1/2");
	test_post_tree(&ex, "/convert", body);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "final_fen"), "2r5/p5kp/6p1/2pn1p2/8/4PN1P/P4PP1/2R3K1 w - - 2 27");
	moves = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 52);
	item = cJSON_GetArrayItem(moves, 28);
	ck_assert_str_eq(cjson_string(item, "given"), "AxP");
	ck_assert_str_eq(cjson_string(item, "san"), "Bxc4");
	ck_assert_str_eq(cjson_string(item, "uci"), "e2c4");
	item = cJSON_GetArrayItem(moves, 29);
	ck_assert_str_eq(cjson_string(item, "given"), "C3A");
	ck_assert_str_eq(cjson_string(item, "san"), "Nf6");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 51), "fen"), cjson_string(ex.json, "final_fen"));
	pgn = cjson_string(ex.json, "pgn");
	ck_assert_ptr_nonnull(strstr(pgn, "[White \"Guevara, Ernesto\"]\n"));
	ck_assert_ptr_nonnull(strstr(pgn, "[Result \"1/2-1/2\"]\n"));
	/* The movetext, lines joined: 26 moves, the last 26. Rc1 Rc8. */
	snprintf(movetext, sizeof movetext, "%s", strstr(pgn, "\n\n") + 2);
	for (char *p = movetext; *p; p++)
		if (*p == '\n')
			*p = ' ';
	ck_assert_str_eq(movetext,
			 "1. Nf3 d5 2. c4 c6 3. d4 Nf6 4. Nc3 g6 5. Bf4 Bg7 6. e3 Bf5 7. Qb3 b6 8. Be2 O-O 9. O-O Ne4 "
			 "10. Rfd1 Nxc3 11. bxc3 e6 12. h3 Nd7 13. cxd5 exd5 14. c4 dxc4 15. Bxc4 Nf6 16. Be5 Be4 "
			 "17. Nd2 Bd5 18. Bxd5 Qxd5 19. Qxd5 Nxd5 20. Bxg7 Kxg7 21. Rdc1 Rac8 22. Rab1 f5 23. Nf3 c5 "
			 "24. dxc5 Rxc5 25. Rxc5 bxc5 26. Rc1 Rc8 1/2-1/2 ");
	notes = cjson_member(ex.json, "notes");
	cJSON_ArrayForEach(item, notes) {
		origin_notes += !strcmp(cjson_string(item, "code"), "named_by_origin");
		if (!strcmp(cjson_string(item, "code"), "text_ignored")) {
			prose_notes++;
			ck_assert_int_eq((int)cjson_number(item, "offset"), (int)(strstr(text, "Filip") - text));
			ck_assert(cJSON_IsNull(cjson_member(item, "ply")));
		}
	}
	ck_assert_int_eq(origin_notes, 1);
	ck_assert_int_eq(prose_notes, 1);
	test_done(&ex);
}
END_TEST

/* Descriptive notation without lang: English, or Spanish when only Spanish reads it. */
START_TEST(convert_descriptive_detected)
{
	struct exchange ex;

	test_post_tree(&ex, "/convert", test_convert_body("1-P4R,P4R;2-C3AR,C3AD", "descriptive", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "lang_detected"), "es");
	ck_assert_str_eq(cjson_string(ex.json, "final_fen"),
			 "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "san"), "Nf3");
	test_done(&ex);
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K4 2. N-KB3 N-QB3", "descriptive", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "lang_detected"));
	ck_assert_str_eq(cjson_string(ex.json, "final_fen"),
			 "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
	test_done(&ex);
	/* read by neither: the English reading's error */
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K5", "descriptive", NULL));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "token"), "P-K5");
	test_done(&ex);
}
END_TEST

/* Null moves and glued glyphs in a typed game, SAN or UCI. */
START_TEST(convert_null_and_glyphs)
{
	struct exchange ex;
	const cJSON *moves, *note;
	int nulls = 0, glyphs = 0;

	test_post_tree(&ex, "/convert", test_convert_body("1. e4 -- 2. Bc4\u00b1 Z0 3. d4 null 4. Nf3 @@@@", "san", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 8);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 1), "san"), "--");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 1), "uci"), "0000");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(moves, 2), "nag"), 16);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. e4 -- 2. Bc4 $16 2... -- 3. d4 -- 4. Nf3 -- *"));
	cJSON_ArrayForEach(note, cjson_member(ex.json, "notes")) {
		nulls += !strcmp(cjson_string(note, "code"), "null_move");
		glyphs += !strcmp(cjson_string(note, "code"), "glyph_attached");
	}
	ck_assert_int_eq(nulls, 4);
	ck_assert_int_eq(glyphs, 1);
	test_done(&ex);

	test_post_tree(&ex, "/convert", test_convert_body("e2e4 0000 g1f3", "uci", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 1), "san"), "--");
	ck_assert_str_eq(cjson_string(ex.json, "final_fen"), "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2");
	test_done(&ex);

	/* a side in check cannot pass */
	test_post_tree(&ex, "/convert", test_convert_body("1. e4 f5 2. Qh5+ --", "san", NULL));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "null_move_in_check");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 3);
	test_done(&ex);
}
END_TEST

START_TEST(convert_english_and_san)
{
	struct exchange ex;
	const cJSON *moves;

	/* From a position, in English descriptive: Black to move, numbers from 12. */
	cJSON *body = test_convert_body("12. ... PxP e.p. 13. K-B2", "descriptive", "en");
	cJSON_AddStringToObject(body, "fen", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 12");
	test_post_tree(&ex, "/convert", body);
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 0), "given"), "PxP e.p.");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 0), "san"), "exd3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 1), "uci"), "e1f2");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "[FEN \"4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 12\"]"));
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "12... exd3 13. Kf2 *"));
	test_done(&ex);

	/* SAN with a result token and prose; Italian letters read, standard SAN written. */
	test_post_tree(&ex, "/convert", test_convert_body("1. e4 e5 2. Cf3 Cc6 1-0 Il Bianco vince.", "san", "it"));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 3), "san"), "Nc6");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "2. Nf3 Nc6 1-0"));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "notes")), 2);
	test_done(&ex);

	/* Annotations are NAGs, in moves and in the PGN ($n, as export format writes the
	 * glyphs), for descriptive and SAN alike. */
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4! P-K4?! 2. N-KB3", "descriptive", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 0), "nag"), 1);
	ck_assert(cJSON_IsNull(cjson_member(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "nag")));
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. e4 $1 1... e5 $6 2. Nf3 *"));
	test_done(&ex);
	test_post_tree(&ex, "/convert", test_convert_body("1. e4!! e5??", "san", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. e4 $3 1... e5 $4 *"));
	test_done(&ex);

	test_post_tree(&ex, "/convert", test_convert_body("e2e4 e7e5 g1f3", "uci", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "san"), "Nf3");
	test_done(&ex);
}
END_TEST

/* san_lang: every move's "san" in the letters asked for, whatever the text was written
 * in; the PGN stays standard English SAN; an ambiguity's candidates follow it too. */
START_TEST(convert_san_lang)
{
	static const struct {
		const char *lang, *knight, *castles, *promotion;
	} langs[] = {
		{ "en", "Nf3", "O-O", "d8=Q#" },
		{ "de", "Sf3", "O-O", "d8=D#" },
		{ "es", "Cf3", "O-O", "d8=D#" },
		{ "fr", "Cf3", "O-O", "d8=D#" },
		{ "it", "Cf3", "O-O", "d8=D#" },
		{ "nl", "Pf3", "O-O", "d8=D#" },
		{ "ru", "\xD0\x9A" "f3", "O-O", "d8=\xD0\xA4#" },
		{ "figurine", "\xE2\x99\x98" "f3", "O-O", "d8=\xE2\x99\x95#" },
	};
	struct exchange ex;
	cJSON *body;

	for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
		const cJSON *moves;
		/* Spanish descriptive in, langs[i] SAN out. */
		body = test_convert_body("1. P4R P4R 2. C3AR C3AD 3. A4A A4A 4. O-O", "descriptive", "es");
		cJSON_AddStringToObject(body, "san_lang", langs[i].lang);
		test_post_tree(&ex, "/convert", body);
		ck_assert_int_eq(ex.resp.status, 200);
		moves = cjson_member(ex.json, "moves");
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 2), "san"), langs[i].knight);
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 6), "san"), langs[i].castles);
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 2), "uci"), "g1f3");
		ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"));
		test_done(&ex);
		/* UCI in: a promotion with mate. */
		body = test_convert_body("d7d8q", "uci", NULL);
		cJSON_AddStringToObject(body, "fen", "k7/3P4/1K6/8/8/8/8/8 w - - 0 1");
		cJSON_AddStringToObject(body, "san_lang", langs[i].lang);
		test_post_tree(&ex, "/convert", body);
		ck_assert_int_eq(ex.resp.status, 200);
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 0), "san"),
				 langs[i].promotion);
		ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. d8=Q#"));
		test_done(&ex);
	}
	/* German SAN in, Italian out. */
	body = test_convert_body("1. e4 e5 2. Sf3 Sc6 3. Lb5", "san", "de");
	cJSON_AddStringToObject(body, "san_lang", "it");
	test_post_tree(&ex, "/convert", body);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 4), "san"), "Ab5");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "3. Bb5 *"));
	test_done(&ex);
	/* The candidates of an ambiguous move, in German. */
	body = test_convert_body("1. N-B3", "descriptive", "en");
	cJSON_AddTrueToObject(body, "strict");
	cJSON_AddStringToObject(body, "san_lang", "de");
	test_post_tree(&ex, "/convert", body);
	test_problem(&ex, 422, "ambiguous_move", NULL);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "candidates"), 0), "san"), "Sc3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "candidates"), 1), "san"), "Sf3");
	test_done(&ex);
	/* Not a language, and not a string. */
	body = test_convert_body("1. e4", "san", NULL);
	cJSON_AddStringToObject(body, "san_lang", "xx");
	test_post_tree(&ex, "/convert", body);
	test_problem(&ex, 400, "invalid_field", "san_lang");
	test_done(&ex);
	body = test_convert_body("1. e4", "san", NULL);
	cJSON_AddNumberToObject(body, "san_lang", 1);
	test_post_tree(&ex, "/convert", body);
	test_problem(&ex, 400, "invalid_field", "san_lang");
	test_done(&ex);
}
END_TEST

START_TEST(convert_errors)
{
	struct exchange ex;
	cJSON *body;

	/* A token that fits no legal move: where, and why. */
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K5", "descriptive", "en"));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "not_legal");
	ck_assert_str_eq(cjson_string(ex.json, "token"), "P-K5");
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 8);
	ck_assert_int_eq((int)cjson_number(ex.json, "length"), 4);
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 1);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), E4_FEN);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "legal_moves")), 20);
	test_done(&ex);
	/* Not notation at all. */
	test_post_tree(&ex, "/convert", test_convert_body("1-CR3A,P9D", "descriptive", "es"));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "malformed");
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 7);
	test_done(&ex);
	/* Ambiguous, when strict. */
	body = test_convert_body("1. N-B3", "descriptive", "en");
	cJSON_AddTrueToObject(body, "strict");
	test_post_tree(&ex, "/convert", body);
	test_problem(&ex, 422, "ambiguous_move", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "candidates")), 2);
	test_done(&ex);
	/* SAN's own ambiguity. */
	test_post_tree(&ex, "/convert", test_convert_body("1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5", "san", NULL));
	test_problem(&ex, 422, "ambiguous_move", NULL);
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 6);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "candidates")), 2);
	test_done(&ex);
	/* SAN that names no legal move. */
	test_post_tree(&ex, "/convert", test_convert_body("1. e4 e5 2. Ke3", "san", NULL));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 12);
	test_done(&ex);
	/* No moves, and a suffix with no move. */
	test_post_tree(&ex, "/convert", test_convert_body("Filip ofreció tablas.", "descriptive", "es"));
	test_problem(&ex, 422, "unreadable_game", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "empty_game");
	test_done(&ex);
	test_post_tree(&ex, "/convert", test_convert_body("ch P-K4", "descriptive", "en"));
	test_problem(&ex, 422, "unreadable_game", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "dangling_suffix");
	test_done(&ex);
	/* A move too long to be one, and more plies than a game may have. */
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP4", "descriptive", NULL));
	test_problem(&ex, 422, "unreadable_game", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "move_too_long");
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 8);
	test_done(&ex);
	{
		char many[1025 * 7 + 1];
		for (int i = 0; i < 1025; i++)
			memcpy(many + 7 * i, "N-KB3, ", 7);
		many[1025 * 7] = '\0';
		test_post_tree(&ex, "/convert", test_convert_body(many, "descriptive", NULL));
		test_problem(&ex, 422, "unreadable_game", NULL);
		ck_assert_str_eq(cjson_string(ex.json, "reason"), "too_many_moves");
		ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 1024 * 7);
		test_done(&ex);
	}
	/* Knights out and back, either one each time: 2^20 readings that meet again, then a
	 * move no reading allows. */
	{
		char text[2048];
		size_t n = 0;
		for (int i = 0; i < 20; i++)
			n += (size_t)snprintf(text + n, sizeof text - n, "N-B3 N-B3 N-N1 N-N1 ");
		snprintf(text + n, sizeof text - n, "K-K8");
		test_post_tree(&ex, "/convert", test_convert_body(text, "descriptive", NULL));
		test_problem(&ex, 422, "illegal_move", NULL);
		ck_assert_str_eq(cjson_string(ex.json, "token"), "K-K8");
		ck_assert_int_eq((int)cjson_number(ex.json, "index"), 80);
		test_done(&ex);
	}
	/* UCI that is not UCI. */
	test_post_tree(&ex, "/convert", test_convert_body("e2e4 e7e9", "uci", NULL));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "malformed");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 1);
	test_done(&ex);
	/* A bad start position. */
	body = test_convert_body("P-K4", "descriptive", NULL);
	cJSON_AddStringToObject(body, "fen", "8/8/8/8/8/8/8/8 w - - 0 1");
	test_post_tree(&ex, "/convert", body);
	test_problem(&ex, 422, "invalid_fen", NULL);
	test_done(&ex);
}
END_TEST

/* ---- convert: annotations ---- */

/* The first game of pgn as /pgn answers it (the core's reader and /pgn's JSON builder),
 * parsed again from its text. The caller deletes it. */
static cJSON *test_pgn_game(const char *pgn)
{
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct json_pgn *builder = json_pgn_new(&style, SAN_LANG_EN, true);
	struct pgn_reader *reader = malloc(sizeof *reader);
	cJSON *game, *parsed;
	char *text;
	bool oom;

	ck_assert_ptr_nonnull(builder);
	ck_assert_ptr_nonnull(reader);
	pgn_reader_init(reader, &json_pgn_visitor, builder, NULL);
	pgn_reader_feed(reader, pgn, strlen(pgn)); /* it pauses after the game */
	pgn_reader_finish(reader);
	game = json_pgn_take(builder, NULL, &oom);
	ck_assert_ptr_nonnull(game);
	text = cJSON_PrintUnformatted(game);
	parsed = cJSON_Parse(text);
	ck_assert_ptr_nonnull(parsed);
	cJSON_free(text);
	cJSON_Delete(game);
	json_pgn_free(builder);
	free(reader);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(parsed, "errors")), 0);
	return parsed;
}

/* The NAG numbers of a ply's "nags", as "16 1" ("" for none). */
static void test_nag_list(const cJSON *ply, char *out, size_t size)
{
	const cJSON *nag;
	size_t n = 0;

	out[0] = '\0';
	cJSON_ArrayForEach(nag, cjson_member(ply, "nags"))
		n += (size_t)snprintf(out + n, size - n, "%s%d", n ? " " : "", (int)cjson_number(nag, "nag"));
}

/* The plies of /convert's moves and of /pgn's, variations included: the same FENs,
 * comments (null as null) and NAGs, in the same tree. */
static void test_same_plies(const cJSON *converted, const cJSON *read)
{
	ck_assert_int_eq(cJSON_GetArraySize(converted), cJSON_GetArraySize(read));
	for (int i = 0; i < cJSON_GetArraySize(converted); i++) {
		const cJSON *a = cJSON_GetArrayItem(converted, i), *b = cJSON_GetArrayItem(read, i);
		const cJSON *ca = cjson_member(a, "comment"), *cb = cjson_member(b, "comment");
		const cJSON *va = cjson_member(a, "variations"), *vb = cjson_member(b, "variations");
		char na[64], nb[64];
		ck_assert_str_eq(cjson_string(a, "fen"), cjson_string(b, "fen"));
		ck_assert_str_eq(cjson_string(a, "san"), cjson_string(b, "san"));
		ck_assert_msg(cJSON_IsNull(ca) == cJSON_IsNull(cb), "ply %d: a comment on one side only", i);
		if (cJSON_IsString(ca))
			ck_assert_str_eq(ca->valuestring, cb->valuestring);
		test_nag_list(a, na, sizeof na);
		test_nag_list(b, nb, sizeof nb);
		ck_assert_str_eq(na, nb);
		ck_assert_int_eq(cJSON_GetArraySize(va), cJSON_GetArraySize(vb));
		for (int v = 0; v < cJSON_GetArraySize(va); v++)
			test_same_plies(cJSON_GetArrayItem(va, v), cJSON_GetArrayItem(vb, v));
	}
}

/* The movetext of a PGN on one line (its lines joined with spaces), into out. */
static const char *test_movetext(const char *pgn, char *out, size_t size)
{
	const char *body = strstr(pgn, "\n\n");

	ck_assert_ptr_nonnull(body);
	snprintf(out, size, "%s", body + 2);
	for (char *p = out; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return out;
}

/* The number of notes with code. */
static int test_note_count(const cJSON *result, const char *code)
{
	const cJSON *note;
	int n = 0;

	cJSON_ArrayForEach(note, cjson_member(result, "notes"))
		n += !strcmp(cjson_string(note, "code"), code);
	return n;
}

/* An annotated English descriptive game (numbers without dots, a comment, a glyph apart,
 * prose between the moves, a variation) reads into the moves and FENs of the bare game;
 * every annotation is in its JSON and in its PGN, and /pgn reads that PGN back into the
 * same FENs, comments and NAGs. */
START_TEST(convert_annotated_english)
{
	static const char bare[] = "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R4 N-B3 5. O-O B-K2";
	static const char annotated[] = "1 P-K4 P-K4 2 N-KB3 {attacking the pawn} N-QB3 3 B-N5 \xc2\xb1 P-QR3 "
					"(3 ... N-B3 4 O-O NxP) 4 B-R4 the classical retreat N-B3 5 O-O B-K2 $10";
	struct exchange plain, ex;
	const cJSON *moves, *plain_moves, *variation, *nag;
	char movetext[1024];
	cJSON *read;

	test_post_tree(&plain, "/convert", test_convert_body(bare, "descriptive", "en"));
	ck_assert_int_eq(plain.resp.status, 200);
	test_post_tree(&ex, "/convert", test_convert_body(annotated, "descriptive", "en"));
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	plain_moves = cjson_member(plain.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 10);
	ck_assert_int_eq(cJSON_GetArraySize(plain_moves), 10);
	for (int i = 0; i < 10; i++) {
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, i), "fen"),
				 cjson_string(cJSON_GetArrayItem(plain_moves, i), "fen"));
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, i), "given"),
				 cjson_string(cJSON_GetArrayItem(plain_moves, i), "given"));
	}
	ck_assert_str_eq(cjson_string(ex.json, "final_fen"), cjson_string(plain.json, "final_fen"));
	/* the comment, the glyph as a NAG (and as "nag", as before), the prose as a comment */
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 2), "comment"), "attacking the pawn");
	ck_assert(cJSON_IsNull(cjson_member(cJSON_GetArrayItem(moves, 3), "comment")));
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(moves, 4), "nag"), 16);
	nag = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(moves, 4), "nags"), 0);
	ck_assert_int_eq((int)cjson_number(nag, "nag"), 16);
	ck_assert_str_eq(cjson_string(nag, "glyph"), "\xc2\xb1");
	ck_assert_str_eq(cjson_string(nag, "meaning"), "White has a moderate advantage");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 6), "comment"), "the classical retreat");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(moves, 9), "nag"), 10);
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "comment")));
	/* the variation of 3... P-QR3, read from its own position: NxP takes on e4 */
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(cJSON_GetArrayItem(moves, 4), "variations")), 0);
	variation = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(moves, 5), "variations"), 0);
	ck_assert_int_eq(cJSON_GetArraySize(variation), 3);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "given"), "N-B3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "san"), "Nf6");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 2), "san"), "Nxe4");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 2), "fen"),
			 "r1bqkb1r/pppp1ppp/2n5/1B2p3/4n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(variation, 2), "offset"),
			 (int)(strstr(annotated, "NxP") - annotated));
	/* said: the prose kept as a comment; no move number out of place */
	ck_assert_int_eq(test_note_count(ex.json, "text_as_comment"), 1);
	ck_assert_int_eq(test_note_count(ex.json, "move_number"), 0);
	ck_assert_int_eq(test_note_count(ex.json, "text_ignored"), 0);
	/* the PGN holds it all */
	ck_assert_str_eq(test_movetext(cjson_string(ex.json, "pgn"), movetext, sizeof movetext),
			 "1. e4 e5 2. Nf3 {attacking the pawn} 2... Nc6 3. Bb5 $16 3... a6 (3... Nf6 4. O-O Nxe4) "
			 "4. Ba4 {the classical retreat} 4... Nf6 5. O-O Be7 $10 * ");
	/* and /pgn reads it back into the same game */
	read = test_pgn_game(cjson_string(ex.json, "pgn"));
	test_same_plies(moves, cjson_member(read, "moves"));
	ck_assert_str_eq(cjson_string(read, "final_fen"), cjson_string(ex.json, "final_fen"));
	cJSON_Delete(read);
	test_done(&ex);
	test_done(&plain);
}
END_TEST

/* The Guevara-Filip game of the seed document, with comments, glyphs, a ';' remark and a
 * variation added: the same 52 moves and FENs, and its PGN read back the same by /pgn. */
START_TEST(convert_annotated_spanish)
{
	char text[1024], annotated[2048], movetext[2048];
	FILE *f = fopen(SOURCE_DIR "/tests/data/guevara-1962.txt", "rb");
	struct exchange plain, ex;
	const cJSON *moves, *plain_moves, *variation;
	size_t n;
	cJSON *read;

	ck_assert_ptr_nonnull(f);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	while (n && text[n - 1] == '\n')
		n--;
	text[n] = '\0';
	/* The same text with its annotations, the game's comment first. */
	snprintf(annotated, sizeof annotated,
		 "{Simultanea de La Habana, 1962} 1-CR3A,P4D,2-P4AD {el gambito de dama},P3AD,3-P4D,C3A;4-C3A,P3CR;"
		 "5-A4A,A2C;6-P3R,A4A;7-D3C,P3C;8-A2R,O-O;9-O-O,C5R!;10-TR1D,CxC;11-PxC,P3R;"
		 "12-P3TR,C2D (12...P4AD 13-C2D {y las negras igualan}) ;13-PxP,PRxP;14-P4A,PxP;15-AxP;C3A;"
		 "16-A5R \xc2\xb1,A5R;17-C2D,A4D;18-AxA,DxA;19-DxD,CxD;20-AxA,RxA;21-TR1AD,TD1A;22-TD1C,P4AR;"
		 "23-C3A,P4A;24-PxP,TxP;25-TxT,PxT;26-T1AD,T1A ; tablas\n%s", strstr(text, "Filip"));
	test_post_tree(&plain, "/convert", test_convert_body(text, "descriptive", "es"));
	ck_assert_int_eq(plain.resp.status, 200);
	test_post_tree(&ex, "/convert", test_convert_body(annotated, "descriptive", "es"));
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	plain_moves = cjson_member(plain.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 52);
	for (int i = 0; i < 52; i++)
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, i), "fen"),
				 cjson_string(cJSON_GetArrayItem(plain_moves, i), "fen"));
	ck_assert_str_eq(cjson_string(ex.json, "final_fen"), "2r5/p5kp/6p1/2pn1p2/8/4PN1P/P4PP1/2R3K1 w - - 2 27");
	ck_assert_str_eq(cjson_string(ex.json, "comment"), "Simultanea de La Habana, 1962");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 2), "comment"), "el gambito de dama");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(moves, 17), "nag"), 1);
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(moves, 30), "nag"), 16);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 51), "comment"), "tablas");
	variation = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(moves, 23), "variations"), 0);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "san"), "c5");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 1), "san"), "Nd2");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 1), "comment"), "y las negras igualan");
	/* the closing sentence is still set aside, as in the bare text */
	ck_assert_int_eq(test_note_count(ex.json, "text_ignored"), 1);
	ck_assert_ptr_nonnull(strstr(test_movetext(cjson_string(ex.json, "pgn"), movetext, sizeof movetext),
				     "{Simultanea de La Habana, 1962} 1. Nf3 d5 2. c4 {el gambito de dama} 2... c6"));
	ck_assert_ptr_nonnull(strstr(movetext, "9. O-O Ne4 $1 10. Rfd1"));
	ck_assert_ptr_nonnull(strstr(movetext, "12. h3 Nd7 (12... c5 13. Nd2 {y las negras igualan}) 13. cxd5"));
	ck_assert_ptr_nonnull(strstr(movetext, "16. Be5 $16 16... Be4"));
	ck_assert_ptr_nonnull(strstr(movetext, "26. Rc1 Rc8 {tablas} * "));
	read = test_pgn_game(cjson_string(ex.json, "pgn"));
	test_same_plies(moves, cjson_member(read, "moves"));
	ck_assert_str_eq(cjson_string(read, "comment"), "Simultanea de La Habana, 1962");
	cJSON_Delete(read);
	test_done(&ex);
	test_done(&plain);
}
END_TEST

/* A variation's descriptive tokens are read in its own position: "PxP" and "Q-R5 ch" make
 * sense only after 2. P-KB4, never in the main line; a Black variation inside it too. */
START_TEST(convert_variation_own_position)
{
	struct exchange ex;
	const cJSON *variation, *inner;

	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K4 2. N-KB3 (2. P-KB4 PxP 3. B-B4 Q-R5 ch "
							  "(3... P-Q4 4. BxP)) N-QB3", "descriptive", "en"));
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "moves")), 4);
	variation = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "variations"), 0);
	ck_assert_int_eq(cJSON_GetArraySize(variation), 4);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 1), "san"), "exf4");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 3), "san"), "Qh4+");
	inner = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(variation, 3), "variations"), 0);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(inner, 0), "san"), "d5");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(inner, 1), "san"), "Bxd5");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "2. Nf3 (2. f4 exf4 3. Bc4 Qh4+ (3... d5 4. Bxd5)) 2... Nc6 *"));
	test_done(&ex);
}
END_TEST

/* Prose before the game and after its result is set aside (text_ignored); between the
 * moves it is a comment of the move before it (text_as_comment), also before a
 * variation's first move. */
START_TEST(convert_prose)
{
	static const char text[] = "Morphy v Duke, Paris 1858. 1. P-K4 P-K4 2. N-KB3 P-Q3 Philidor's defence, "
				   "solid but passive. 3. P-Q4 B-N5 (the usual 3... N-KB3) 4. PxP 1-0 Morphy went on to win.";
	struct exchange ex;
	const cJSON *moves, *note, *variation;
	int ignored = 0, kept = 0;

	test_post_tree(&ex, "/convert", test_convert_body(text, "descriptive", "en"));
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 7);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 3), "comment"), "Philidor's defence, solid but passive.");
	variation = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(moves, 5), "variations"), 0);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "san"), "Nf6");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "starting_comment"), "the usual");
	cJSON_ArrayForEach(note, cjson_member(ex.json, "notes")) {
		if (!strcmp(cjson_string(note, "code"), "text_ignored")) {
			int offset = (int)cjson_number(note, "offset");
			ck_assert(offset == 0 || offset == (int)(strstr(text, "Morphy went") - text));
			ck_assert(cJSON_IsNull(cjson_member(note, "ply")));
			ignored++;
		}
		if (!strcmp(cjson_string(note, "code"), "text_as_comment")) {
			bool in_variation = (int)cjson_number(note, "ply") == 5;
			ck_assert_int_eq((int)cjson_number(note, "ply"), in_variation ? 5 : 3);
			ck_assert_int_eq((int)cjson_number(note, "offset"),
					 (int)(strstr(text, in_variation ? "the usual" : "Philidor") - text));
			ck_assert(in_variation ? cjson_number(note, "depth") == 1 : !cJSON_GetObjectItem(note, "depth"));
			kept++;
		}
	}
	ck_assert_int_eq(ignored, 2);
	ck_assert_int_eq(kept, 2);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "[Result \"1-0\"]"));
	test_done(&ex);
}
END_TEST

/* SAN (and UCI) with comments, NAGs and variations: the same JSON and PGN shapes. */
START_TEST(convert_san_annotated)
{
	static const char text[] = "{A quiet Italian} 1.e4 e5 2.Nf3 Nc6 3.Bc4 ; the Italian\n"
				   "Bc5 (3...Nf6 {the Two Knights} 4.Ng5 $5) 4.c3 Nf6 5.d4?! exd4 1/2-1/2";
	struct exchange ex;
	const cJSON *moves, *variation;
	cJSON *read;

	test_post_tree(&ex, "/convert", test_convert_body(text, "san", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 10);
	ck_assert_str_eq(cjson_string(ex.json, "comment"), "A quiet Italian");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 4), "comment"), "the Italian");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(moves, 8), "nag"), 6);
	variation = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(moves, 5), "variations"), 0);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "san"), "Nf6");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(variation, 0), "comment"), "the Two Knights");
	ck_assert_int_eq((int)cjson_number(cJSON_GetArrayItem(variation, 1), "nag"), 5);
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"),
				     "{A quiet Italian} 1. e4 e5 2. Nf3 Nc6 3. Bc4 {the Italian} 3... Bc5 (3... Nf6\n"
				     "{the Two Knights} 4. Ng5 $5) 4. c3 Nf6 5. d4 $6 5... exd4 1/2-1/2\n"));
	read = test_pgn_game(cjson_string(ex.json, "pgn"));
	test_same_plies(moves, cjson_member(read, "moves"));
	cJSON_Delete(read);
	test_done(&ex);

	test_post_tree(&ex, "/convert", test_convert_body("e2e4 (d2d4 d7d5) e7e5 {fine}", "uci", NULL));
	ck_assert_int_eq(ex.resp.status, 200);
	moves = cjson_member(ex.json, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(moves), 2);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 1), "comment"), "fine");
	ck_assert_ptr_nonnull(strstr(cjson_string(ex.json, "pgn"), "1. e4 (1. d4 d5) 1... e5 {fine} *"));
	test_done(&ex);
}
END_TEST

/* What stays refused: a '{' never closed and parentheses that do not balance (422
 * unreadable_game, the bracket's place), and a variation's move that is not legal where
 * the variation stands (422 illegal_move at that token, with its ply, depth and position). */
START_TEST(convert_annotation_errors)
{
	struct exchange ex;

	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 {the best P-K4 2. N-KB3", "descriptive", "en"));
	test_problem(&ex, 422, "unreadable_game", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "unbalanced_braces");
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 8);
	ck_assert_str_eq(cjson_string(ex.json, "token"), "{");
	test_done(&ex);
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K4 (1... P-QB4 2. N-KB3", "descriptive", "en"));
	test_problem(&ex, 422, "unreadable_game", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "unbalanced_parentheses");
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 13);
	test_done(&ex);
	test_post_tree(&ex, "/convert", test_convert_body("1. e4 e5) 2. Nf3", "san", NULL));
	test_problem(&ex, 422, "unreadable_game", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "unbalanced_parentheses");
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 8);
	test_done(&ex);
	/* descriptive: the token, its ply in the game, the variation's depth and position */
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K4 2. N-KB3 (2. P-KB4 P-K5) N-QB3", "descriptive", "en"));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "reason"), "not_legal");
	ck_assert_str_eq(cjson_string(ex.json, "token"), "P-K5");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 3);
	ck_assert_int_eq((int)cjson_number(ex.json, "depth"), 1);
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 32);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq f3 0 2");
	ck_assert_int_gt(cJSON_GetArraySize(cjson_member(ex.json, "legal_moves")), 0);
	test_done(&ex);
	/* SAN: the same */
	test_post_tree(&ex, "/convert", test_convert_body("1. e4 e5 (1... d6 2. Ke3) 2. Nf3", "san", NULL));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "token"), "Ke3");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 2);
	ck_assert_int_eq((int)cjson_number(ex.json, "depth"), 1);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnbqkbnr/ppp1pppp/3p4/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
	test_done(&ex);
	/* a main-line error has no depth, as before */
	test_post_tree(&ex, "/convert", test_convert_body("1. P-K4 P-K5", "descriptive", "en"));
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_ptr_null(cJSON_GetObjectItem(ex.json, "depth"));
	test_done(&ex);
}
END_TEST

static const char *const convert_bad_rows[][3] = {
	{ "{\"from\":\"descriptive\"}", "missing_field", "text" },
	{ "{\"text\":\"P-K4\"}", "missing_field", "from" },
	{ "{\"text\":7,\"from\":\"descriptive\"}", "invalid_field", "text" },
	{ "{\"text\":\"P-K4\",\"from\":\"algebraic\"}", "invalid_field", "from" },
	{ "{\"text\":\"P-K4\",\"from\":\"descriptive\",\"lang\":\"it\"}", "invalid_field", "lang" },
	{ "{\"text\":\"e4\",\"from\":\"san\",\"lang\":\"xx\"}", "invalid_field", "lang" },
	{ "{\"text\":\"P-K4\",\"from\":\"descriptive\",\"to\":\"fen\"}", "invalid_field", "to" },
	{ "{\"text\":\"P-K4\",\"from\":\"descriptive\",\"tags\":[1]}", "invalid_field", "tags" },
	{ "{\"text\":\"P-K4\",\"from\":\"descriptive\",\"tags\":{\"White\":1}}", "invalid_field", "tags" },
	{ "{\"text\":\"P-K4\",\"from\":\"descriptive\",\"tags\":{\"Bad name\":\"x\"}}", "invalid_field", "tags" },
	{ "{\"text\":\"P-K4\",\"from\":\"descriptive\",\"strict\":\"yes\"}", "invalid_field", "strict" },
};

START_TEST(convert_bad_input)
{
	struct exchange ex;

	test_post(&ex, "/convert", convert_bad_rows[_i][0]);
	test_problem(&ex, 400, convert_bad_rows[_i][1], convert_bad_rows[_i][2]);
	test_done(&ex);
}
END_TEST

/* ---- the language of SAN, when no lang is given ---- */

/* The seed's game (003_4bee26a386fe0058.txt): its English original (line 372) and its
 * Italian (line 1130). */
#define SEED_EN "1. c4 c6 2. Nf3 d5 3. g3 Bg4 4. Ne5 Bf5 5. Qb3 Qb6 6. cxd5 Qxb3 7. axb3 Be4 8. dxc6 Bxh1 9. Rxa7 1-0"
#define SEED_IT "1. c4 c6 2. Cf3 d5 3. g3 Ag4 4. Ce5 Af5 5. Db3 Db6 6. cxd5 Dxb3 7. axb3 Ae4 8. dxc6 Axh1 9. Txa7 1-0"
#define SEED_EN_LIST "\"c4\",\"c6\",\"Nf3\",\"d5\",\"g3\",\"Bg4\",\"Ne5\",\"Bf5\",\"Qb3\",\"Qb6\",\"cxd5\",\"Qxb3\",\"axb3\"," \
		     "\"Be4\",\"dxc6\",\"Bxh1\",\"Rxa7\""
#define SEED_IT_LIST "\"c4\",\"c6\",\"Cf3\",\"d5\",\"g3\",\"Ag4\",\"Ce5\",\"Af5\",\"Db3\",\"Db6\",\"cxd5\",\"Dxb3\",\"axb3\"," \
		     "\"Ae4\",\"dxc6\",\"Axh1\",\"Txa7\""
#define ROOKS_PGN "[FEN \\\"4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1\\\"] 1. Rf1 Rf8 *"

START_TEST(lang_apply_move)
{
	struct exchange it, en, named, ex;
	const cJSON *plies, *w;

	test_post(&it, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[" SEED_IT_LIST "]}");
	test_post(&en, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[" SEED_EN_LIST "]}");
	test_post(&named, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[" SEED_IT_LIST "],\"lang\":\"it\"}");
	ck_assert_int_eq(it.resp.status, 200);
	ck_assert_int_eq(named.resp.status, 200);
	plies = cjson_member(it.json, "moves");
	for (int i = 0; i < 17; i++) {
		const cJSON *a = cJSON_GetArrayItem(plies, i), *b = cJSON_GetArrayItem(cjson_member(en.json, "moves"), i);
		const cJSON *c = cJSON_GetArrayItem(cjson_member(named.json, "moves"), i);
		ck_assert_str_eq(cjson_string(a, "san"), cjson_string(b, "san"));
		ck_assert_str_eq(cjson_string(a, "uci"), cjson_string(b, "uci"));
		ck_assert_str_eq(cjson_string(a, "fen"), cjson_string(b, "fen"));
		ck_assert_str_eq(cjson_string(c, "fen"), cjson_string(b, "fen"));
		ck_assert_str_eq(cjson_string(c, "uci"), cjson_string(b, "uci"));
	}
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(named.json, "moves"), 2), "san"), "Cf3");
	ck_assert_str_eq(cjson_string(it.json, "pgn"), cjson_string(en.json, "pgn"));
	ck_assert_str_eq(cjson_string(it.json, "lang_detected"), "it");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(named.json, "lang_detected"));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(en.json, "lang_detected"));
	w = cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(plies, 2), "warnings"), 0);
	ck_assert_str_eq(cjson_string(w, "code"), "lang_detected");
	test_done(&it);
	test_done(&en);
	test_done(&named);

	/* Cc3 is a knight, never the file c */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"d4\",\"d5\",\"Cc3\",\"Cc6\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "uci"), "b8c6");
	ck_assert_str_eq(cjson_string(ex.json, "san"), "Nc6");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2), "uci"), "b1c3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(cJSON_GetArrayItem(cjson_member(ex.json, "moves"), 2),
									"warnings"), 0), "code"),
			 "lang_detected");
	test_done(&ex);
	/* with lang en, as before but for the file: C is no English piece, nor a file */
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"d4\",\"d5\",\"Cc3\",\"Cc6\"],\"lang\":\"en\"}");
	test_problem(&ex, 422, "illegal_move", "moves");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 2);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(ex.json, "lang_hint"));
	test_done(&ex);

	/* two games: 422 where they part */
	test_post(&ex, "/apply-move", "{\"fen\":\"4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1\",\"moves\":[\"Rf1\",\"Rf8\"]}");
	test_problem(&ex, 422, "ambiguous_language", "moves");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 0);
	ck_assert_str_eq(cjson_string(ex.json, "move"), "Rf1");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "readings")), 2);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "readings"), 1), "uci"), "e1f1");
	test_done(&ex);
	/* none: the usual error where the furthest stops, and the hint */
	test_post(&ex, "/apply-move",
		  "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"e5\",\"Cf3\",\"Cc6\",\"Ac4\",\"Zz9\"]}");
	test_problem(&ex, 422, "illegal_move", "moves");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 5);
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "lang_hint"), "lang"), "it");
	ck_assert_int_eq((int)cjson_number(cjson_member(ex.json, "lang_hint"), "plies"), 5);
	test_done(&ex);
	/* an English game: the same answer, lang or not */
	test_post(&en, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[" SEED_EN_LIST "]}");
	test_post(&named, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[" SEED_EN_LIST "],\"lang\":\"en\"}");
	ck_assert_uint_eq(en.resp.length, named.resp.length);
	ck_assert(!memcmp(en.resp.body, named.resp.body, en.resp.length));
	test_done(&en);
	test_done(&named);
}
END_TEST

START_TEST(lang_convert)
{
	struct exchange it, en, ex;

	test_post_tree(&it, "/convert", test_convert_body(SEED_IT, "san", NULL));
	test_post_tree(&en, "/convert", test_convert_body(SEED_EN, "san", NULL));
	ck_assert_int_eq(it.resp.status, 200);
	ck_assert_str_eq(cjson_string(it.json, "pgn"), cjson_string(en.json, "pgn"));
	ck_assert_str_eq(cjson_string(it.json, "final_fen"), cjson_string(en.json, "final_fen"));
	for (int i = 0; i < 17; i++) {
		const cJSON *a = cJSON_GetArrayItem(cjson_member(it.json, "moves"), i);
		const cJSON *b = cJSON_GetArrayItem(cjson_member(en.json, "moves"), i);
		ck_assert_str_eq(cjson_string(a, "san"), cjson_string(b, "san"));
		ck_assert_str_eq(cjson_string(a, "fen"), cjson_string(b, "fen"));
	}
	ck_assert_str_eq(cjson_string(it.json, "lang_detected"), "it");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(it.json, "notes"), 0), "code"), "lang_detected");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(en.json, "lang_detected"));
	test_done(&it);
	/* lang it: the same game, nothing to say about the language */
	test_post_tree(&it, "/convert", test_convert_body(SEED_IT, "san", "it"));
	ck_assert_int_eq(it.resp.status, 200);
	ck_assert_str_eq(cjson_string(it.json, "pgn"), cjson_string(en.json, "pgn"));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(it.json, "lang_detected"));
	test_done(&it);
	test_done(&en);
	{
		cJSON *body = test_convert_body("1. Rf1 Rf8", "san", NULL);
		cJSON_AddStringToObject(body, "fen", "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1");
		test_post_tree(&ex, "/convert", body);
	}
	test_problem(&ex, 422, "ambiguous_language", NULL);
	ck_assert_int_eq((int)cjson_number(ex.json, "offset"), 3);
	test_done(&ex);
}
END_TEST

START_TEST(lang_render_game)
{
	struct exchange it, en, ex;
	const char *it_query[] = { "moves", "c4,c6,Cf3,d5,g3,Ag4,Ce5,Af5,Db3", NULL };
	const char *en_query[] = { "moves", "c4,c6,Nf3,d5,g3,Bg4,Ne5,Bf5,Qb3", NULL };
	const char *named_query[] = { "moves", "c4,c6,Cf3,d5,g3,Ag4,Ce5,Af5,Db3", "lang", "it", NULL };
	const char *rooks[] = { "fen", "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1", "moves", "Rf1,Rf8", NULL };

	test_send(&it, HTTP_GET, "/render/game.gif", NULL, it_query);
	test_send(&en, HTTP_GET, "/render/game.gif", NULL, en_query);
	ck_assert_int_eq(it.resp.status, 200);
	ck_assert_str_eq(test_header(&it, "X-Fen-Lang-Detected"), "it");
	ck_assert_ptr_null(test_header(&en, "X-Fen-Lang-Detected"));
	ck_assert_uint_eq(it.resp.length, en.resp.length);
	ck_assert(!memcmp(it.resp.body, en.resp.body, en.resp.length));
	test_done(&it);
	test_send(&it, HTTP_GET, "/render/game.gif", NULL, named_query);
	ck_assert_int_eq(it.resp.status, 200);
	ck_assert_ptr_null(test_header(&it, "X-Fen-Lang-Detected"));
	ck_assert(!memcmp(it.resp.body, en.resp.body, en.resp.length));
	test_done(&it);
	/* the PGN of the seed, and its English original: the same picture */
	test_post(&it, "/render/game.gif", "{\"pgn\":\"" SEED_IT "\"}");
	test_done(&en);
	test_post(&en, "/render/game.gif", "{\"pgn\":\"" SEED_EN "\"}");
	ck_assert_int_eq(it.resp.status, 200);
	ck_assert_str_eq(test_header(&it, "X-Fen-Lang-Detected"), "it");
	ck_assert_uint_eq(it.resp.length, en.resp.length);
	ck_assert(!memcmp(it.resp.body, en.resp.body, en.resp.length));
	test_done(&it);
	test_done(&en);
	test_send(&ex, HTTP_GET, "/render/game.gif", NULL, rooks);
	test_problem(&ex, 422, "ambiguous_language", "moves");
	test_done(&ex);
	test_post(&ex, "/render/game.gif", "{\"pgn\":\"" ROOKS_PGN "\"}");
	test_problem(&ex, 422, "ambiguous_language", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "readings")), 2);
	test_done(&ex);
	test_post(&ex, "/render/game.gif", "{\"pgn\":\"1. e4 e5 2. Cf3 Cc6 3. Ac4 Zz9 *\"}");
	test_problem(&ex, 422, "illegal_move", NULL);
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "lang_hint"), "lang"), "it");
	test_done(&ex);
}
END_TEST

/* ---- position ---- */

/* The dests of square from in a /position answer, as one string "a1 c1 ..." (in order). */
static void test_dests(const struct exchange *ex, const char *from, char *out, size_t size)
{
	const cJSON *item;

	out[0] = '\0';
	cJSON_ArrayForEach(item, cjson_member(cjson_member(ex->json, "dests"), from)) {
		if (out[0])
			strncat(out, " ", size - strlen(out) - 1);
		strncat(out, item->valuestring, size - strlen(out) - 1);
	}
}

/* Everything a board draws, from the start: 32 pieces, no check, 20 moves, no last move. */
START_TEST(position_start)
{
	static const char *const query[] = { "fen", START_FEN, NULL };
	struct exchange ex;
	const cJSON *board, *first;
	char dests[64];

	test_send(&ex, HTTP_GET, "/position", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), START_FEN);
	ck_assert_str_eq(cjson_string(ex.json, "turn"), "white");
	board = cjson_member(ex.json, "board");
	ck_assert_int_eq(cJSON_GetArraySize(board), 32);
	first = cJSON_GetArrayItem(board, 1);
	ck_assert_str_eq(cjson_string(first, "square"), "b1");
	ck_assert_str_eq(cjson_string(first, "piece"), "wN");
	ck_assert_str_eq(cjson_string(first, "color"), "white");
	ck_assert_str_eq(cjson_string(first, "role"), "knight");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(board, 31), "piece"), "bR");
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "check")));
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "status"), "outcome"), "ongoing");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "legal_moves")), 20);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(ex.json, "dests")), 10);
	test_dests(&ex, "g1", dests, sizeof dests);
	ck_assert_str_eq(dests, "f3 h3");
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "last_move")));
	/* the starting position has no name of its own in the data set */
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "opening")));
	test_done(&ex);
}
END_TEST

/* Chess960: a castling king goes to its rook's square, never to g1 (a2 is the a8 rook's). */
START_TEST(position_chess960_dests)
{
	struct exchange ex;
	char dests[64];

	test_post(&ex, "/position", "{\"fen\":\"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1\",\"chess960\":true}");
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert(cjson_member(ex.json, "chess960")->type == cJSON_True);
	test_dests(&ex, "b1", dests, sizeof dests);
	ck_assert_str_eq(dests, "a1 c1 h1 b2 c2");
	test_done(&ex);
	/* castling_dests does not change Chess960's */
	test_post(&ex, "/position",
		  "{\"fen\":\"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1\",\"chess960\":true,\"castling_dests\":\"king_to_target\"}");
	test_dests(&ex, "b1", dests, sizeof dests);
	ck_assert_str_eq(dests, "a1 c1 h1 b2 c2");
	test_done(&ex);
}
END_TEST

/* Standard castling: both squares by default, or the one castling_dests names. */
START_TEST(position_castling_dests)
{
	static const struct {
		const char *option;
		const char *dests;
	} cases[] = {
		{ "", "a1 c1 d1 f1 g1 h1 d2 e2 f2" },
		{ ",\"castling_dests\":\"both\"", "a1 c1 d1 f1 g1 h1 d2 e2 f2" },
		{ ",\"castling_dests\":\"king_to_rook\"", "a1 d1 f1 h1 d2 e2 f2" },
		{ ",\"castling_dests\":\"king_to_target\"", "c1 d1 f1 g1 d2 e2 f2" },
	};
	struct exchange ex;
	char body[160], dests[64];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(body, sizeof body, "{\"fen\":\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"%s}", cases[i].option);
		test_post(&ex, "/position", body);
		ck_assert_int_eq(ex.resp.status, 200);
		test_dests(&ex, "e1", dests, sizeof dests);
		ck_assert_str_eq(dests, cases[i].dests);
		test_done(&ex);
	}
	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"castling_dests\":\"rook\"}");
	test_problem(&ex, 400, "invalid_field", "castling_dests");
	test_done(&ex);
}
END_TEST

/* A promotion's four moves are one dest; the checked king's square is named. */
START_TEST(position_promotion_and_check)
{
	static const char *const query[] = { "fen", "7k/4P3/8/8/8/8/8/K6r w - - 0 1", NULL };
	struct exchange ex;
	const cJSON *item;
	char dests[64];
	int promotions = 0;

	test_send(&ex, HTTP_GET, "/position", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "check"), "a1");
	ck_assert(cjson_member(cjson_member(ex.json, "status"), "check")->type == cJSON_True);
	test_dests(&ex, "a1", dests, sizeof dests);
	ck_assert_str_eq(dests, "a2 b2");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(cjson_member(ex.json, "dests"), "e7"));
	test_done(&ex);

	test_post(&ex, "/position", "{\"fen\":\"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"}");
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "check")));
	test_dests(&ex, "e7", dests, sizeof dests);
	ck_assert_str_eq(dests, "e8");
	cJSON_ArrayForEach(item, cjson_member(ex.json, "legal_moves"))
		promotions += !strcmp(cjson_string(item, "from"), "e7") && !cJSON_IsNull(cjson_member(item, "promotion"));
	ck_assert_int_eq(promotions, 4);
	test_done(&ex);
}
END_TEST

/* Moves played first: the last one, SAN in lang, the line's opening and status. */
START_TEST(position_moves)
{
	static const char *const query[] = { "fen", START_FEN, "moves", "e2e4 c7c5,g1f3", "lang", "de", NULL };
	struct exchange ex;
	const cJSON *last, *opening;

	test_send(&ex, HTTP_GET, "/position", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(cjson_string(ex.json, "fen"), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
	last = cjson_member(ex.json, "last_move");
	ck_assert_str_eq(cjson_string(last, "uci"), "g1f3");
	ck_assert_str_eq(cjson_string(last, "san"), "Sf3");
	ck_assert_str_eq(cjson_string(last, "from"), "g1");
	ck_assert_str_eq(cjson_string(last, "to"), "f3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(ex.json, "legal_moves"), 0), "san"), "Sa6");
	opening = cjson_member(ex.json, "opening");
	ck_assert_str_eq(cjson_string(opening, "eco"), "B27");
	ck_assert_str_eq(cjson_string(opening, "name"), "Sicilian Defense");
	ck_assert_int_eq((int)cjson_number(opening, "ply"), 3);
	ck_assert_int_eq((int)cjson_number(cjson_member(ex.json, "status"), "repetitions"), 1);
	test_done(&ex);

	/* out of the book: the most recent named position of the line */
	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"c5\",\"a3\",\"h6\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	opening = cjson_member(ex.json, "opening");
	ck_assert_str_eq(cjson_string(opening, "eco"), "B20");
	ck_assert_str_eq(cjson_string(opening, "name"), "Sicilian Defense: Mengarini Variation");
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "last_move"), "san"), "h6");
	test_done(&ex);
}
END_TEST

/* Bad FENs as /moves answers them, a move that cannot be played named by its index. */
START_TEST(position_errors)
{
	static const char *const bad_fen[] = { "fen", "8/8/8 w - - 0 1", NULL };
	static const char *const no_fen[] = { "moves", "e2e4", NULL };
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/position", NULL, bad_fen);
	test_problem(&ex, 422, "invalid_fen", NULL);
	ck_assert(cJSON_GetArraySize(cjson_member(ex.json, "errors")) > 0);
	test_done(&ex);
	test_send(&ex, HTTP_GET, "/position", NULL, no_fen);
	test_problem(&ex, 400, "missing_field", "fen");
	test_done(&ex);
	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"chess960\":\"yes\"}");
	test_problem(&ex, 400, "invalid_field", "chess960");
	test_done(&ex);

	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"e5\",\"Ke3\"]}");
	test_problem(&ex, 422, "illegal_move", "moves");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 2);
	ck_assert_str_eq(cjson_string(ex.json, "move"), "Ke3");
	ck_assert(strstr(cjson_string(ex.json, "detail"), "move 3") != NULL);
	test_done(&ex);
	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"Nd4\"]}");
	test_problem(&ex, 422, "illegal_move", "moves");
	ck_assert_int_eq((int)cjson_number(ex.json, "index"), 1);
	test_done(&ex);
	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",4]}");
	test_problem(&ex, 400, "invalid_field", "moves");
	test_done(&ex);
	test_post(&ex, "/position", "{\"fen\":\"" START_FEN "\",\"lang\":\"klingon\"}");
	test_problem(&ex, 400, "invalid_field", "lang");
	test_done(&ex);
}
END_TEST

/* "opening" in /validate, and in /apply-move for each ply and the line. */
START_TEST(opening_validate_apply_move)
{
	static const char *const sicilian[] = {
		"fen", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", NULL };
	struct exchange ex;
	const cJSON *plies;

	test_send(&ex, HTTP_GET, "/validate", NULL, sicilian);
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "opening"), "name"), "Sicilian Defense");
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "opening"), "eco"), "B20");
	test_done(&ex);
	test_post(&ex, "/validate", "{\"fen\":\"" START_FEN "\"}");
	ck_assert(cJSON_IsNull(cjson_member(ex.json, "opening")));
	test_done(&ex);

	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"c5\",\"a3\",\"h6\"]}");
	ck_assert_int_eq(ex.resp.status, 200);
	plies = cjson_member(ex.json, "moves");
	ck_assert_str_eq(cjson_string(cjson_member(cJSON_GetArrayItem(plies, 0), "opening"), "name"),
			 "King's Pawn Game");
	ck_assert_str_eq(cjson_string(cjson_member(cJSON_GetArrayItem(plies, 1), "opening"), "eco"), "B20");
	ck_assert(cJSON_IsNull(cjson_member(cJSON_GetArrayItem(plies, 3), "opening")));
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "opening"), "name"), "Sicilian Defense: Mengarini Variation");
	test_done(&ex);
	test_post(&ex, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e4\"}");
	ck_assert_str_eq(cjson_string(cjson_member(ex.json, "opening"), "eco"), "B00");
	test_done(&ex);
}
END_TEST

/* ---- the language of messages: lang, Accept-Language ---- */

/* The FEN whose only error is opponent_in_check, and that error's message per language. */
#define LANG_FEN "4k3/8/8/8/8/8/8/4RK2 w - - 0 1"
#define LANG_EN "White is to move but Black's king on e8 is in check: Black's king could be captured"
#define LANG_IT "il Bianco ha il tratto ma il re del Nero su e8 è sotto scacco: il re del Nero potrebbe essere catturato"
#define LANG_RU "очередь хода: белые, но король чёрных на e8 под шахом: короля чёрных можно взять"

/* True when the Vary header lists name. */
static bool test_varies_on(const struct exchange *ex, const char *name)
{
	const char *vary = test_header(ex, "Vary");
	return vary && strstr(vary, name) != NULL;
}

START_TEST(lang_accept_language)
{
	static const struct {
		const char *accept;
		const char *lang, *message;
	} cases[] = {
		{ "it", "it", LANG_IT },
		{ "it-IT,it;q=0.9,en;q=0.8", "it", LANG_IT },
		{ "de,fr", "en", LANG_EN },
		{ "de, ru;q=0.5, it;q=0.4", "ru", LANG_RU },
		{ "it;q=0, en;q=0.1", "en", LANG_EN },
		{ "*", "en", LANG_EN },
	};
	const char *codes[6] = { NULL };

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *headers[] = { "Accept-Language", cases[i].accept, NULL };
		struct exchange ex;
		test_send_with(&ex, HTTP_POST, "/validate", "{\"fen\":\"" LANG_FEN "\"}", NULL, headers, NULL);
		ck_assert_int_eq(ex.resp.status, 200);
		ck_assert_str_eq(test_header(&ex, "Content-Language"), cases[i].lang);
		ck_assert_msg(test_varies_on(&ex, "Accept-Language"), "Vary: %s", test_header(&ex, "Vary"));
		const cJSON *error = cJSON_GetArrayItem(cJSON_GetObjectItem(ex.json, "errors"), 0);
		ck_assert_str_eq(cJSON_GetObjectItem(error, "message")->valuestring, cases[i].message);
		codes[i] = cJSON_GetObjectItem(error, "code")->valuestring;
		/* the code never changes with the language */
		ck_assert_str_eq(codes[i], "opponent_in_check");
		test_done(&ex);
	}
}
END_TEST

/* lang of the body or query, when it is a message language, beats Accept-Language; the
 * SAN of the answer is still lang's, and Accept-Language never changes SAN. */
START_TEST(lang_beats_accept_language)
{
	const char *italian[] = { "Accept-Language", "it", NULL };
	const char *query[] = { "fen", LANG_FEN, "lang", "ru", NULL };
	struct exchange ex;

	test_send_with(&ex, HTTP_POST, "/moves", "{\"fen\":\"" LANG_FEN "\",\"lang\":\"ru\"}", NULL, italian, NULL);
	ck_assert_int_eq(ex.resp.status, 422);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "ru");
	ck_assert_str_eq(cjson_string(ex.json, "code"), "invalid_fen");
	ck_assert_str_eq(cjson_string(ex.json, "type"), "urn:fend:problem:invalid_fen");
	ck_assert_str_eq(cjson_string(ex.json, "title"), "Недопустимый FEN");
	ck_assert_str_eq(cjson_string(ex.json, "detail"), LANG_RU);
	test_done(&ex);
	test_send_with(&ex, HTTP_GET, "/moves", NULL, query, italian, NULL);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "ru");
	ck_assert_str_eq(cjson_string(ex.json, "detail"), LANG_RU);
	test_done(&ex);
	/* a problem of the HTTP layer: its title in the language, its detail in English */
	test_send_with(&ex, HTTP_POST, "/moves", "{\"fen\":7,\"lang\":\"es\"}", NULL, italian, NULL);
	ck_assert_int_eq(ex.resp.status, 400);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "es");
	ck_assert_str_eq(cjson_string(ex.json, "code"), "invalid_field");
	ck_assert_str_eq(cjson_string(ex.json, "title"), "Campo no válido");
	test_done(&ex);
	test_send_with(&ex, HTTP_POST, "/moves", "{\"lang\":\"es\"}", NULL, italian, NULL);
	test_problem(&ex, 400, "missing_field", "fen");
	ck_assert_str_eq(cjson_string(ex.json, "title"), "Falta un campo");
	ck_assert_str_eq(cjson_string(ex.json, "detail"), "fen es obligatorio");
	test_done(&ex);
	const char *russian[] = { "Accept-Language", "ru", NULL };
	test_send_with(&ex, HTTP_POST, "/validate", "{\"fenn\":\"x\"}", NULL, russian, NULL);
	test_problem(&ex, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(ex.json, "detail"),
			 "`fenn` — не поле JSON-тела POST /validate; возможно, имелось в виду `fen`?");
	test_done(&ex);
	/* lang=de is a SAN language, not a message one: Accept-Language chooses */
	test_send_with(&ex, HTTP_POST, "/moves", "{\"fen\":\"" LANG_FEN "\",\"lang\":\"de\"}", NULL, italian, NULL);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "it");
	ck_assert_str_eq(cjson_string(ex.json, "detail"), LANG_IT);
	test_done(&ex);
	/* Accept-Language leaves the SAN English */
	test_send_with(&ex, HTTP_POST, "/moves", "{\"fen\":\"" START_FEN "\"}", NULL, italian, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "it");
	ck_assert_ptr_nonnull(strstr(ex.resp.body, "\"san\":\"Nf3\""));
	test_done(&ex);
	/* ... and the language SAN is read in: Cf3 is detected as Italian or Spanish, not English */
	test_send_with(&ex, HTTP_POST, "/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"Nf3\"}", NULL, italian, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_ptr_null(cJSON_GetObjectItem(ex.json, "lang_detected"));
	test_done(&ex);
}
END_TEST

/* A picture carries no message: no Content-Language, and its Vary is Accept alone; the
 * render JSON's ETag differs per language, and a 304 is per language too. */
START_TEST(lang_etag)
{
	const char *query[] = { "fen", LANG_FEN, "format", "json", NULL };
	const char *svg[] = { "fen", LANG_FEN, "format", "svg", NULL };
	const char *it[] = { "Accept-Language", "it", NULL };
	char etag_en[128], etag_it[128];
	struct exchange ex;

	test_send(&ex, HTTP_GET, "/render", NULL, query);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "en");
	ck_assert_str_eq(test_header(&ex, "Vary"), "Accept, Accept-Language");
	test_copy_header(&ex, "ETag", etag_en, sizeof etag_en);
	test_done(&ex);
	test_send_with(&ex, HTTP_GET, "/render", NULL, query, it, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_str_eq(test_header(&ex, "Content-Language"), "it");
	ck_assert_ptr_nonnull(strstr(ex.resp.body, "il Bianco ha il tratto"));
	test_copy_header(&ex, "ETag", etag_it, sizeof etag_it);
	ck_assert_str_ne(etag_en, etag_it);
	test_done(&ex);
	/* the Italian tag is fresh in Italian, not in English */
	const char *fresh[] = { "Accept-Language", "it", "If-None-Match", etag_it, NULL };
	test_send_with(&ex, HTTP_GET, "/render", NULL, query, fresh, NULL);
	ck_assert_int_eq(ex.resp.status, 304);
	ck_assert_ptr_nonnull(test_header(&ex, "Vary"));
	ck_assert(test_varies_on(&ex, "Accept-Language"));
	test_done(&ex);
	const char *stale[] = { "If-None-Match", etag_it, NULL };
	test_send_with(&ex, HTTP_GET, "/render", NULL, query, stale, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	test_done(&ex);
	test_send_with(&ex, HTTP_GET, "/render", NULL, svg, it, NULL);
	ck_assert_int_eq(ex.resp.status, 200);
	ck_assert_ptr_null(test_header(&ex, "Content-Language"));
	ck_assert_str_eq(test_header(&ex, "Vary"), "Accept");
	test_done(&ex);
}
END_TEST

START_TEST(lang_negotiation)
{
	static const struct {
		const char *header;
		enum msg_lang lang;
	} cases[] = {
		{ NULL, MSG_EN }, { "", MSG_EN }, { "it", MSG_IT }, { "IT-ch", MSG_IT }, { "es-419", MSG_ES },
		{ "ru-RU, ru;q=0.9", MSG_RU }, { "de,fr", MSG_EN }, { "de, *", MSG_EN }, { "de, *;q=0.5, es;q=0.1", MSG_EN },
		{ "fr-CA, ru;q=0.3, it;q=0.2", MSG_RU }, { "en-GB;q=0.1, it;q=0.1", MSG_EN }, { "it;q=0.1, en-GB;q=0.1", MSG_IT },
		{ "it;q=0", MSG_EN }, { "*;q=0", MSG_EN }, { "es;q=0.5, *;q=0.9", MSG_EN }, { "it;q=0, *", MSG_EN },
		{ "ru;q=0, es;q=0.2, it;q=0.3", MSG_IT }, { "en;q=0, ru;q=0.01", MSG_RU }, { "eng, itx", MSG_EN },
		{ " ,, es ; q=0.5 ,", MSG_ES }, { "i", MSG_EN }, { "it-IT;q=0.2, it;q=0.9, ru;q=0.5", MSG_IT },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(negotiate_accept_language(cases[i].header) == cases[i].lang, "%s: %s",
			      cases[i].header ? cases[i].header : "(none)",
			      msg_lang_name(negotiate_accept_language(cases[i].header)));
}
END_TEST

/* Answers without messages (/health) have no Content-Language; a Vary of Origin is
 * merged with Accept-Language into one header. */
START_TEST(lang_vary_merged)
{
	const char *it[] = { "Accept-Language", "it", NULL };
	struct exchange ex;

	test_send_with(&ex, HTTP_GET, "/health", NULL, NULL, it, NULL);
	ck_assert_ptr_null(test_header(&ex, "Content-Language"));
	test_done(&ex);
	strcpy(test_config.cors_origin, "https://example.org");
	test_send_with(&ex, HTTP_POST, "/validate", "{\"fen\":\"" LANG_FEN "\"}", NULL, it, NULL);
	ck_assert_str_eq(test_header(&ex, "Vary"), "Accept-Language, Origin");
	test_done(&ex);
	strcpy(test_config.cors_origin, "*");
}
END_TEST

static Suite *endpoints_suite(void)
{
	Suite *s = suite_create("endpoints");
	TCase *tc;

	tc = tcase_create("validate");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, validate_post_valid);
	tcase_add_test(tc, validate_same_as_json_layer);
	tcase_add_test(tc, validate_expected);
	tcase_add_test(tc, validate_get_lenient);
	tcase_add_test(tc, validate_invalid_is_200);
	tcase_add_test(tc, validate_styles);
	tcase_add_test(tc, validate_chess960_query);
	tcase_add_test(tc, validate_chess960_hint);
	tcase_add_test(tc, validate_lenient_hint);
	tcase_add_test(tc, validate_missing_fen);
	tcase_add_loop_test(tc, validate_invalid_field, 0,
			    (int)(sizeof validate_invalid_rows / sizeof validate_invalid_rows[0]));
	tcase_add_test(tc, validate_invalid_query_bool);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("apply-move");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, apply_move_one);
	tcase_add_test(tc, apply_move_list);
	tcase_add_test(tc, apply_move_empty_list);
	tcase_add_loop_test(tc, apply_move_bad_input, 0, (int)(sizeof apply_move_bad_rows / sizeof apply_move_bad_rows[0]));
	tcase_add_test(tc, apply_move_too_many);
	tcase_add_test(tc, apply_move_invalid_fen);
	tcase_add_test(tc, apply_move_illegal);
	tcase_add_test(tc, apply_move_malformed);
	tcase_add_test(tc, apply_move_san);
	tcase_add_test(tc, apply_move_glyphs);
	tcase_add_test(tc, apply_move_null);
	tcase_add_test(tc, apply_move_typed);
	tcase_add_test(tc, apply_move_repetition);
	tcase_add_test(tc, apply_move_descriptive);
	tcase_add_test(tc, apply_move_get_not_allowed);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("position");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, position_start);
	tcase_add_test(tc, position_chess960_dests);
	tcase_add_test(tc, position_castling_dests);
	tcase_add_test(tc, position_promotion_and_check);
	tcase_add_test(tc, position_moves);
	tcase_add_test(tc, position_errors);
	tcase_add_test(tc, opening_validate_apply_move);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, moves_post);
	tcase_add_test(tc, moves_get_flags);
	tcase_add_test(tc, moves_invalid_fen);
	tcase_add_test(tc, moves_invalid_fen_hints);
	tcase_add_test(tc, moves_lang);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("render");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, render_json_default);
	tcase_add_test(tc, render_ascii);
	tcase_add_test(tc, render_unicode_black);
	tcase_add_test(tc, render_bad_options);
	tcase_add_test(tc, render_picture_cap);
	tcase_add_test(tc, render_cap_not_before_304);
	tcase_add_test(tc, render_game_cap);
	tcase_add_test(tc, render_game_budget);
	tcase_add_test(tc, render_cap_default);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("meta");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, meta_health_version);
	tcase_add_test(tc, meta_openapi);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("router");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, router_not_found);
	tcase_add_test(tc, router_method_not_allowed);
	tcase_add_test(tc, router_preflight);
	tcase_add_test(tc, query_booleans_any_case);
	tcase_add_test(tc, router_methods);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("parameter names");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, params_suggestions);
	tcase_add_test(tc, params_unknown_query);
	tcase_add_test(tc, params_routes_without_parameters);
	tcase_add_test(tc, params_unknown_member);
	tcase_add_test(tc, params_query_with_json_body);
	tcase_add_test(tc, params_odd_names);
	tcase_add_loop_test(tc, params_documented_names, 0,
			    (int)(sizeof params_documented / sizeof params_documented[0]));
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("reply");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, reply_cors_origin);
	tcase_add_test(tc, reply_request_ids);
	tcase_add_test(tc, reply_problem_shape);
	tcase_add_loop_test(tc, reply_print_every_shape, 0, (int)(sizeof print_fens / sizeof print_fens[0]));
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("body");
	tcase_add_test(tc, body_json_types);
	tcase_add_test(tc, body_header_checks);
	tcase_add_test(tc, body_collect_and_parse);
	tcase_add_test(tc, body_limit);
	tcase_add_loop_test(tc, body_malformed, 0, (int)(sizeof body_malformed_rows / sizeof body_malformed_rows[0]));
	tcase_add_test(tc, body_big_array);
	tcase_add_test(tc, body_memory_limit);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("config");
	tcase_add_test(tc, config_defaults);
	tcase_add_test(tc, config_flags_and_env);
	tcase_add_loop_test(tc, config_bad, 0, (int)(sizeof config_bad_rows / sizeof config_bad_rows[0]));
	tcase_add_test(tc, config_bad_env);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("convert");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, convert_guevara);
	tcase_add_test(tc, convert_descriptive_detected);
	tcase_add_test(tc, convert_english_and_san);
	tcase_add_test(tc, convert_null_and_glyphs);
	tcase_add_test(tc, convert_san_lang);
	tcase_add_test(tc, convert_errors);
	tcase_add_loop_test(tc, convert_bad_input, 0, (int)(sizeof convert_bad_rows / sizeof convert_bad_rows[0]));
	tcase_add_test(tc, convert_annotated_english);
	tcase_add_test(tc, convert_annotated_spanish);
	tcase_add_test(tc, convert_variation_own_position);
	tcase_add_test(tc, convert_prose);
	tcase_add_test(tc, convert_san_annotated);
	tcase_add_test(tc, convert_annotation_errors);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("lang detection");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, lang_apply_move);
	tcase_add_test(tc, lang_convert);
	tcase_add_test(tc, lang_render_game);
	suite_add_tcase(s, tc);
	tc = tcase_create("log");
	tcase_add_test(tc, log_time);
	tcase_add_test(tc, log_lines);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("message language");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, lang_accept_language);
	tcase_add_test(tc, lang_beats_accept_language);
	tcase_add_test(tc, lang_etag);
	tcase_add_test(tc, lang_negotiation);
	tcase_add_test(tc, lang_vary_merged);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);

	tc = tcase_create("security headers");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_add_test(tc, security_headers);
	tcase_add_test(tc, config_frame_ancestors);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(endpoints_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
