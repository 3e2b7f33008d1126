/* check_stream.c -- streamed endpoints in-process (src/http/stream.c): the spool and its
 * limit, the line and byte readers across buffer boundaries, the output, bulk
 * /validate's producer end to end (alone and on a pool: the same bytes, memory
 * bounded), /pgn's PGN answer, and the game GIF's PGN body against
 * --max-render-pixels, without sockets. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "http/bulk.h"
#include "http/http.h"
#include "http/pool.h"
#include "http/stream.h"
#include "check_cjson.h"
#include "check_util.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define TEST_TIMEOUT 30

static struct config test_config;

static void test_setup(void)
{
	static char *argv[] = { "fend", NULL };

	unsetenv("FEND_SPOOL_DIR");
	unsetenv("FEND_MAX_BULK_BODY");
	ck_assert_int_eq(config_load(&test_config, 1, argv), CONFIG_OK);
}

/* ---- a test endpoint that hands the producer's input to a test function ---- */

static size_t test_limit_value = 64 << 20;

static size_t test_limit(const struct config *cfg)
{
	(void)cfg;
	return test_limit_value;
}

/* What the echo producer does: copy lines (as "N:line\n") or raw bytes. */
static bool test_raw;

static enum stream_step test_echo(void *state, struct stream_input *in, struct stream_output *out)
{
	char buf[777], head[64];
	char *line;
	size_t length;
	ssize_t n;

	(void)state;
	if (test_raw) {
		n = stream_read(in, buf, sizeof buf);
		if (n < 0)
			return STREAM_FAIL;
		if (n == 0)
			return STREAM_END;
		return stream_emit(out, buf, (size_t)n) ? STREAM_FAIL : STREAM_MORE;
	}
	switch (stream_line(in, 100, &line, &length)) {
	case STREAM_LINE:
		ck_assert_uint_eq(strlen(line), length);
		snprintf(head, sizeof head, "%lu:", stream_line_number(in));
		if (stream_emit(out, head, strlen(head)) || stream_emit(out, line, length) || stream_emit(out, "\n", 1))
			return STREAM_FAIL;
		return STREAM_MORE;
	case STREAM_LINE_LONG:
		ck_assert_ptr_null(line);
		snprintf(head, sizeof head, "%lu:long %zu\n", stream_line_number(in), length);
		return stream_emit(out, head, strlen(head)) ? STREAM_FAIL : STREAM_MORE;
	case STREAM_LINE_EOF:
		return STREAM_END;
	default:
		return STREAM_FAIL;
	}
}

static const struct stream_endpoint test_endpoint = {
	.accepts = stream_is_ndjson_type,
	.media_type = STREAM_NDJSON_TYPE,
	.limit = test_limit,
	.content_type = "text/plain",
	.produce = test_echo,
};

/* The request streams are started with (query pairs name, value, ..., NULL). */
static const char *test_query(void *context, const char *name)
{
	const char *const *pairs = context;

	for (int i = 0; pairs && pairs[i]; i += 2)
		if (!strcmp(pairs[i], name))
			return pairs[i + 1];
	return NULL;
}

/* The request headers of the streams started next (name, value, ..., NULL; NULL: none). */
static const char *const *test_headers;

/* The heavy pool the streams started next may hand work to (NULL: none). */
static struct pool *test_pool;

/* Spools body in pieces of piece bytes, starts the stream and reads the whole answer
 * in reads of at most max bytes. Returns the answer (the caller frees it), or NULL when
 * stream_start refused (the problem is then in *resp). */
static char *test_run(const struct stream_endpoint *ep, const char *dir, const char *body, size_t length,
		      size_t piece, size_t max, const char *const *query, struct http_response *resp)
{
	struct stream *s = stream_new(ep, dir);
	struct http_request req = {
		.method = HTTP_POST,
		.path = "/test",
		.query = test_query,
		.query_context = (void *)(uintptr_t)query,
		.header = test_query,
		.header_context = (void *)(uintptr_t)test_headers,
		.request_id = "test-id",
		.config = &test_config,
	};
	size_t size = 0, cap = 4096;
	char *out = malloc(cap), *chunk = malloc(max);
	ssize_t n;

	ck_assert_ptr_nonnull(s);
	*resp = (struct http_response){ 0 };
	for (size_t i = 0; i < length; i += piece)
		stream_spool_write(s, &test_config, body + i, length - i < piece ? length - i : piece);
	ck_assert_uint_eq(stream_received(s), length);
	stream_set_pool(s, test_pool);
	if (stream_start(s, &req, resp)) {
		stream_free(s);
		free(out);
		free(chunk);
		return NULL;
	}
	while ((n = stream_next(s, chunk, max)) > 0) {
		ck_assert_uint_le((size_t)n, max);
		if (size + (size_t)n + 1 > cap)
			out = realloc(out, cap = 2 * (size + (size_t)n + 1));
		memcpy(out + size, chunk, (size_t)n);
		size += (size_t)n;
	}
	ck_assert_int_eq(n, 0);
	ck_assert_uint_eq(stream_sent(s), size);
	out[size] = '\0';
	stream_free(s);
	free(chunk);
	return out;
}

/* How many games a /pgn answer holds (each has an "index"). */
static int count_games(const char *out)
{
	int n = 0;

	for (const char *p = out; (p = strstr(p, "\"index\":")); p++)
		n++;
	return n;
}

/* ---- lines ---- */

START_TEST(lines_basic)
{
	static const char body[] = "a\r\n\nbb\n   \nlast";
	struct http_response resp;
	char *out;

	test_raw = false;
	out = test_run(&test_endpoint, test_config.spool_dir, body, strlen(body), 3, 5, NULL, &resp);
	ck_assert_str_eq(out, "1:a\n2:\n3:bb\n4:   \n5:last\n");
	free(out);
	/* a final "\n" ends the last line; it does not start another */
	out = test_run(&test_endpoint, test_config.spool_dir, "x\n", 2, 1, 100, NULL, &resp);
	ck_assert_str_eq(out, "1:x\n");
	free(out);
	/* an empty body: no lines, an empty answer */
	out = test_run(&test_endpoint, test_config.spool_dir, "", 0, 1, 100, NULL, &resp);
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

/* Lines longer than the limit are skipped whole and reported with their length, also
 * when they span several input buffers, and when the body ends inside one. */
START_TEST(lines_too_long)
{
	size_t big = 3 * STREAM_BUFFER + 17;
	char *body = malloc(big + 1000), *out;
	struct http_response resp;
	size_t n = 0;
	char expected[256];

	n += (size_t)sprintf(body + n, "short\n");
	memset(body + n, 'x', 101);
	n += 101;
	n += (size_t)sprintf(body + n, "\n");
	memset(body + n, 'y', 100);
	n += 100;
	n += (size_t)sprintf(body + n, "\r\nafter\n");
	memset(body + n, 'z', big);
	n += big;
	n += (size_t)sprintf(body + n, "\nok\n");
	memset(body + n, 'w', 150);
	n += 150;
	test_raw = false;
	out = test_run(&test_endpoint, test_config.spool_dir, body, n, 1000, 64, NULL, &resp);
	snprintf(expected, sizeof expected, "1:short\n2:long 101\n3:%.*s\n4:after\n5:long %zu\n6:ok\n7:long 150\n", 100,
		 body + 6 + 102, big);
	ck_assert_str_eq(out, expected);
	free(out);
	free(body);
}
END_TEST

/* Many short lines across many buffer refills come back in order, each exactly. */
START_TEST(lines_many)
{
	size_t cap = 300000 * 12 + 16, n = 0, m = 0;
	char *body = malloc(cap), *expected = malloc(cap + 300000 * 8), *out;
	struct http_response resp;

	for (int i = 1; i <= 300000; i++) {
		n += (size_t)sprintf(body + n, "line-%d\n", i);
		m += (size_t)sprintf(expected + m, "%d:line-%d\n", i, i);
	}
	test_raw = false;
	out = test_run(&test_endpoint, test_config.spool_dir, body, n, 4093, 8191, NULL, &resp);
	ck_assert_uint_eq(strlen(out), m);
	ck_assert(!memcmp(out, expected, m));
	free(out);
	free(body);
	free(expected);
}
END_TEST

/* stream_read gives back the body byte for byte, NULs and all. */
START_TEST(raw_bytes)
{
	size_t n = 5 * STREAM_BUFFER + 123;
	char *body = malloc(n), *out;
	struct http_response resp;

	for (size_t i = 0; i < n; i++)
		body[i] = (char)(i * 7919 % 251);
	test_raw = true;
	out = test_run(&test_endpoint, test_config.spool_dir, body, n, 1500, 1000, NULL, &resp);
	ck_assert(!memcmp(out, body, n));
	free(out);
	free(body);
}
END_TEST

/* ---- limits and failures ---- */

START_TEST(limit_is_413)
{
	struct http_response resp;
	struct stream *s = stream_new(&test_endpoint, test_config.spool_dir);
	cJSON *json;
	char *out;

	test_limit_value = 10;
	/* exactly the limit is fine */
	test_raw = true;
	out = test_run(&test_endpoint, test_config.spool_dir, "0123456789", 10, 3, 100, NULL, &resp);
	ck_assert_str_eq(out, "0123456789");
	free(out);
	/* one byte more is a 413 naming the limit */
	ck_assert_ptr_null(test_run(&test_endpoint, test_config.spool_dir, "0123456789A", 11, 3, 100, NULL, &resp));
	ck_assert_int_eq(resp.status, 413);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "payload_too_large");
	ck_assert_int_eq((int)cjson_number(json, "limit"), 10);
	cJSON_Delete(json);
	reply_clear(&resp);
	/* and so is a Content-Length over it, before anything is read */
	ck_assert_int_eq(stream_check_length(s, &test_config, "10", &resp), 0);
	ck_assert_int_eq(stream_check_length(s, &test_config, NULL, &resp), 0);
	ck_assert_int_eq(stream_check_length(s, &test_config, "99999999999999999999999", &resp), -1);
	ck_assert_int_eq(resp.status, 413);
	reply_clear(&resp);
	stream_free(s);
	test_limit_value = 64 << 20;
}
END_TEST

/* A spool directory that cannot be written is the server's trouble: 503, said why. */
/* Every spool together stays within --max-spool: a body that would pass it gets 503
 * busy (with Retry-After) once it ends, or at once when its Content-Length says so; the
 * room comes back when the spools before it are freed. */
START_TEST(spool_total_is_capped)
{
	struct http_response resp = { 0 };
	struct stream *first = stream_new(&test_endpoint, test_config.spool_dir);
	size_t saved = test_config.max_spool;
	static char body[3000];
	cJSON *json;
	char *out;

	memset(body, 'x', sizeof body);
	test_limit_value = 100000;
	test_raw = true;
	test_config.max_spool = 4096;
	ck_assert_int_eq(stream_spool_write(first, &test_config, body, 3000), 0);
	ck_assert_uint_eq(stream_spool_used(), 3000);
	/* a second body of 3000 bytes does not fit beside it */
	ck_assert_int_eq(stream_check_length(first, &test_config, "3000", &resp), -1);
	ck_assert_int_eq(resp.status, 503);
	reply_clear(&resp);
	ck_assert_ptr_null(test_run(&test_endpoint, test_config.spool_dir, body, 3000, 1000, 100, NULL, &resp));
	ck_assert_int_eq(resp.status, 503);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "busy");
	ck_assert_int_eq((int)cjson_number(json, "limit"), 4096);
	ck_assert_ptr_nonnull(strstr(cjson_string(json, "detail"), "--max-spool"));
	cJSON_Delete(json);
	reply_clear(&resp);
	ck_assert_uint_eq(stream_spool_used(), 3000);
	/* a small one still fits */
	out = test_run(&test_endpoint, test_config.spool_dir, body, 1000, 1000, 100, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_eq(strlen(out), 1000);
	free(out);
	/* the first gone, the second fits */
	stream_free(first);
	ck_assert_uint_eq(stream_spool_used(), 0);
	out = test_run(&test_endpoint, test_config.spool_dir, body, 3000, 1000, 100, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	free(out);
	test_config.max_spool = saved;
	test_raw = false;
}
END_TEST

START_TEST(spool_failure_is_503)
{
	struct http_response resp;
	cJSON *json;

	test_raw = true;
	ck_assert_ptr_null(test_run(&test_endpoint, "/nonexistent/fend-spool", "abc", 3, 3, 100, NULL, &resp));
	ck_assert_int_eq(resp.status, 503);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "service_unavailable");
	ck_assert_ptr_nonnull(strstr(cjson_string(json, "detail"), "No such file"));
	cJSON_Delete(json);
	reply_clear(&resp);
	/* an empty body needs no spool, so it still works */
	free(test_run(&test_endpoint, "/nonexistent/fend-spool", "", 0, 1, 100, NULL, &resp));
}
END_TEST

/* The spool is unlinked: nothing is left in its directory, even while it is open. */
START_TEST(spool_leaves_no_file)
{
	char dir[] = "/tmp/check-stream-XXXXXX";
	struct stream *s;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	s = stream_new(&test_endpoint, dir);
	for (int i = 0; i < 10; i++)
		stream_spool_write(s, &test_config, "0123456789abcdef0123456789abcdef", 32);
	{
		/* more than one write buffer, so the file exists */
		char *big = calloc(1, STREAM_BUFFER);
		stream_spool_write(s, &test_config, big, STREAM_BUFFER);
		free(big);
	}
	/* rmdir fails on a non-empty directory */
	ck_assert_int_eq(rmdir(dir), 0);
	stream_free(s);
}
END_TEST

START_TEST(ndjson_types)
{
	ck_assert(stream_is_ndjson_type("application/x-ndjson"));
	ck_assert(stream_is_ndjson_type("Application/X-NDJSON; charset=utf-8"));
	ck_assert(stream_is_ndjson_type("application/jsonl"));
	ck_assert(stream_is_ndjson_type("application/ndjson"));
	ck_assert(stream_is_ndjson_type("application/x-jsonlines"));
	ck_assert(!stream_is_ndjson_type("application/json"));
	ck_assert(!stream_is_ndjson_type("application/x-ndjsonx"));
	ck_assert(!stream_is_ndjson_type("text/plain"));
	ck_assert(!stream_is_ndjson_type(NULL));
}
END_TEST

/* ---- bulk /validate ---- */

/* The records json_validate_line makes for each line, joined with "\n". */
static char *expected_records(const char *const *lines, int count, const struct fen_options *options)
{
	size_t size = 0;
	char *out = malloc(1);

	out[0] = '\0';
	for (int i = 0; i < count; i++) {
		cJSON *record;
		char *text;
		if (!*lines[i])
			continue;
		record = json_validate_line(lines[i], strlen(lines[i]), (unsigned long)i + 1, options,
					    &JSON_FEN_STYLE_DEFAULT, NULL);
		text = cJSON_PrintUnformatted(record);
		out = realloc(out, size + strlen(text) + 2);
		size += (size_t)sprintf(out + size, "%s\n", text);
		cJSON_free(text);
		cJSON_Delete(record);
	}
	return out;
}

START_TEST(bulk_validate)
{
	static const char *const lines[] = {
		"\"" START_FEN "\"",
		"{\"fen\":\"4k3/8/8/8/8/8/8/4K3\",\"mode\":\"lenient\"}",
		"not json",
		"",
		"{\"fen\":3}",
		"[\"" START_FEN "\"]",
		"\"8/8/8/8/8/8/8/8 w - - 0 1\"",
	};
	const int count = (int)(sizeof lines / sizeof lines[0]);
	struct fen_options strict = { FEN_STRICT, false, false, MSG_EN };
	struct http_response resp;
	char body[1024], *out, *expected;
	size_t n = 0;
	cJSON *rec;

	for (int i = 0; i < count; i++)
		n += (size_t)sprintf(body + n, "%s\n", lines[i]);
	out = test_run(&endpoint_validate_stream, test_config.spool_dir, body, n, 7, 13, NULL, &resp);
	expected = expected_records(lines, count, &strict);
	ck_assert_str_eq(out, expected);
	/* and the records say what they should */
	rec = cJSON_Parse(out);
	ck_assert_int_eq((int)cjson_number(rec, "line"), 1);
	ck_assert(cJSON_IsTrue(cjson_member(cjson_member(rec, "result"), "valid")));
	cJSON_Delete(rec);
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":3,\"error\":{\"code\":\"malformed_json\""));
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":5,\"error\":{\"code\":\"invalid_field\""));
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":6,\"error\":{\"code\":\"malformed_json\""));
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":7,\"result\":{\"valid\":false"));
	ck_assert_ptr_null(strstr(out, "\"line\":4"));
	free(out);
	free(expected);
}
END_TEST

/* Found by fuzz-request: an empty NDJSON body (or one of blank lines) is an empty 200
 * answer; stream_next used to memcpy from the output buffer never allocated (UBSan). */
START_TEST(bulk_validate_empty)
{
	struct http_response resp;
	char *out;

	out = test_run(&endpoint_validate_stream, test_config.spool_dir, "", 0, 1, 13, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, "");
	free(out);
	out = test_run(&endpoint_validate_stream, test_config.spool_dir, "\n \t\n\r\n", 6, 1, 13, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

/* Found by fuzz-request: read with a buffer larger than STREAM_BUFFER, /pgn's answer never
 * ended, because its producer stops once a chunk's worth waits and stream_next kept
 * calling it for more. */
START_TEST(large_reads_end)
{
	static const char game[] = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
	size_t count = 200, n = 0;
	char *body = malloc(count * sizeof game), *out;
	struct http_response resp;

	for (size_t i = 0; i < count; i++, n += sizeof game - 1)
		memcpy(body + n, game, sizeof game - 1);
	out = test_run(&endpoint_pgn_stream, test_config.spool_dir, body, n, 4096, 4 * STREAM_BUFFER, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_gt(strlen(out), STREAM_BUFFER);
	ck_assert_int_eq(count_games(out), (int)count);
	free(out);
	free(body);
}
END_TEST

/* /pgn with Accept: application/x-chess-pgn: the games as the exporter writes them,
 * streamed a game at a time whatever the read sizes; a body that is not PGN is still a
 * 422; Accept naming NDJSON as well gets NDJSON. */
START_TEST(pgn_answer)
{
	static const char game[] = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6!? (2... d6) 3. Bb5 a6 *\n\n"
				   "1. d4 Nf6 2. Kd9 *\n\n";
	static const char *const pgn_accept[] = { "Accept", "application/x-chess-pgn", NULL };
	static const char *const both_accept[] = { "Accept", "application/vnd.chess-pgn, application/x-ndjson", NULL };
	static const char *const query[] = { "lang", "de", NULL };
	size_t count = 300, n = 0;
	char *body = malloc(count * sizeof game), *out, *expected;
	struct http_response resp;

	for (size_t i = 0; i < count; i++, n += sizeof game - 1)
		memcpy(body + n, game, sizeof game - 1);
	expected = util_pgn_export(body, n, SAN_LANG_EN, 0);

	test_headers = pgn_accept;
	out = test_run(&endpoint_pgn_stream, test_config.spool_dir, body, n, 4096, 1000, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_gt(strlen(out), STREAM_BUFFER);
	ck_assert_str_eq(out, expected);
	ck_assert_ptr_nonnull(strstr(out, "2. Nf3 {a comment} 2... Nc6 $5 (2... d6) 3. Bb5 a6 *\n\n"));
	free(out);
	reply_clear(&resp);

	/* lang reads the body; the answer is English SAN */
	out = test_run(&endpoint_pgn_stream, test_config.spool_dir, "1. e4 e5 2. Sf3 Sc6 *", 21, 7, 4096, query, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(strstr(out, "\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"));
	free(out);
	reply_clear(&resp);

	ck_assert_ptr_null(test_run(&endpoint_pgn_stream, test_config.spool_dir, "hello, world", 12, 4096, 4096, NULL, &resp));
	ck_assert_int_eq(resp.status, 422);
	reply_clear(&resp);

	test_headers = both_accept;
	out = test_run(&endpoint_pgn_stream, test_config.spool_dir, body, sizeof game - 1, 4096, 4096, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	{
		/* two lines, a game each */
		int lines = 0;
		for (const char *p = out; (p = strchr(p, '\n')); p++)
			lines++;
		ck_assert_int_eq(lines, 2);
		ck_assert_int_eq(out[0], '{');
	}
	free(out);
	reply_clear(&resp);
	test_headers = NULL;
	free(expected);
	free(body);
}
END_TEST

/* The query's options are every line's defaults; a bad one refuses the whole request. */
START_TEST(bulk_validate_query)
{
	static const char *const lines[] = { "\"4k3/8/8/8/8/8/8/4K3\"", "{\"fen\":\"4k3/8/8/8/8/8/8/4K3\",\"mode\":\"strict\"}" };
	static const char *const lenient[] = { "mode", "lenient", NULL };
	static const char *const bad[] = { "mode", "loose", NULL };
	struct fen_options options = { FEN_LENIENT, false, false, MSG_EN };
	struct http_response resp;
	char body[256], *out, *expected;
	cJSON *json;

	snprintf(body, sizeof body, "%s\n%s\n", lines[0], lines[1]);
	out = test_run(&endpoint_validate_stream, test_config.spool_dir, body, strlen(body), 100, 4096, lenient, &resp);
	expected = expected_records(lines, 2, &options);
	ck_assert_str_eq(out, expected);
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":1,\"result\":{\"valid\":true"));
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":2,\"result\":{\"valid\":false"));
	free(out);
	free(expected);
	ck_assert_ptr_null(test_run(&endpoint_validate_stream, test_config.spool_dir, body, strlen(body), 100, 4096,
				    bad, &resp));
	ck_assert_int_eq(resp.status, 400);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "invalid_field");
	ck_assert_str_eq(cjson_string(json, "field"), "mode");
	cJSON_Delete(json);
	reply_clear(&resp);
}
END_TEST

/* A line longer than JSON_LINE_MAX gets a line_too_long record, and the next goes on. */
START_TEST(bulk_validate_long_line)
{
	size_t n = JSON_LINE_MAX + 10;
	char *body = malloc(n + 100), *out;
	struct http_response resp;

	body[0] = '"';
	memset(body + 1, 'k', n - 2);
	body[n - 1] = '"';
	n += (size_t)sprintf(body + n, "\n\"%s\"\n", START_FEN);
	out = test_run(&endpoint_validate_stream, test_config.spool_dir, body, n, 1000, 4096, NULL, &resp);
	ck_assert_ptr_nonnull(strstr(out, "{\"line\":1,\"error\":{\"code\":\"line_too_long\""));
	ck_assert_ptr_nonnull(strstr(out, "\"limit\":4096}}\n{\"line\":2,\"result\":{\"valid\":true"));
	free(out);
	free(body);
}
END_TEST

/* ---- bulk /validate on the heavy pool ---- */

/* A body of count lines of every kind: positions (valid and not), objects with their own
 * options, malformed JSON, JSON that is neither string nor object, blank lines, "\r\n"
 * endings, lines over JSON_LINE_MAX; the last line has no "\n". The caller frees it. */
static char *bulk_body(int count, size_t *length)
{
	static const char *const fens[] = {
		START_FEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
	};
	size_t cap = (size_t)count * 128 + (size_t)(count / 997 + 1) * (JSON_LINE_MAX + 16), n = 0;
	char *body = malloc(cap);

	ck_assert_ptr_nonnull(body);
	for (int i = 0; i < count; i++) {
		const char *fen = fens[i % 4];
		if (i % 997 == 500) {
			body[n++] = '"';
			memset(body + n, 'k', JSON_LINE_MAX + 3);
			n += JSON_LINE_MAX + 3;
			body[n++] = '"';
		} else {
			switch (i % 11) {
			case 0: case 1: case 2: n += (size_t)sprintf(body + n, "\"%s\"", fen); break;
			case 3: n += (size_t)sprintf(body + n, "{\"fen\":\"4k3/8/8/8/8/8/8/4K3\",\"mode\":\"lenient\"}"); break;
			case 4: n += (size_t)sprintf(body + n, "not json %d", i); break;
			case 5: break;
			case 6: n += (size_t)sprintf(body + n, " \t"); break;
			case 7: n += (size_t)sprintf(body + n, "{\"fen\":%d}", i); break;
			case 8: n += (size_t)sprintf(body + n, "[\"%s\"]", fen); break;
			case 9: n += (size_t)sprintf(body + n, "\"8/8/8/8/8/8/8/%d w - - 0 1\"", i % 9); break;
			default: n += (size_t)sprintf(body + n, "\"%s\"\r", fen); break;
			}
		}
		if (i + 1 < count)
			body[n++] = '\n';
	}
	ck_assert_uint_le(n, cap);
	*length = n;
	return body;
}

/* The records of body made a line at a time, as the single-threaded producer did. */
static char *bulk_expected(const char *body, size_t length)
{
	struct fen_options strict = { FEN_STRICT, false, false, MSG_EN };
	size_t size = 0, cap = length * 20 + 1024;
	char *out = malloc(cap), *line = malloc(length + 1);
	unsigned long number = 0;

	for (size_t at = 0; at < length;) {
		const char *nl = memchr(body + at, '\n', length - at);
		size_t n = nl ? (size_t)(nl - (body + at)) : length - at;
		cJSON *record = NULL;
		char *text;
		memcpy(line, body + at, n);
		at += n + 1;
		number++;
		if (n && line[n - 1] == '\r')
			n--;
		line[n] = '\0';
		if (n > JSON_LINE_MAX)
			record = json_line_too_long(number, JSON_LINE_MAX);
		else if (strspn(line, " \t") != n)
			record = json_validate_line(line, n, number, &strict, &JSON_FEN_STYLE_DEFAULT, NULL);
		else
			continue;
		text = cJSON_PrintUnformatted(record);
		ck_assert_uint_lt(size + strlen(text) + 2, cap);
		size += (size_t)sprintf(out + size, "%s\n", text);
		cJSON_free(text);
		cJSON_Delete(record);
	}
	out[size] = '\0';
	free(line);
	return out;
}

/* On a pool of 1, 2 or 4 threads, whatever the reads, the answer is the same bytes as the
 * line-at-a-time records: every line, error lines and malformed ones, in order. */
START_TEST(bulk_parallel_same_answer)
{
	static const size_t reads[] = { 509, 4 * STREAM_BUFFER };
	size_t length;
	char *body = bulk_body(20000, &length), *expected = bulk_expected(body, length), *out;
	struct http_response resp;

	ck_assert_uint_gt(strlen(expected), (size_t)BULK_CHUNKS * STREAM_BUFFER);
	ck_assert_ptr_nonnull(strstr(expected, "\"code\":\"line_too_long\""));
	ck_assert_ptr_nonnull(strstr(expected, "\"code\":\"malformed_json\""));
	ck_assert_ptr_nonnull(strstr(expected, "\"code\":\"invalid_field\""));
	ck_assert_ptr_nonnull(strstr(expected, "\"valid\":false"));
	ck_assert_ptr_nonnull(strstr(expected, "{\"line\":20000,"));
	/* without a pool: the producer alone */
	out = test_run(&endpoint_validate_stream, test_config.spool_dir, body, length, 65536, 4096, NULL, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, expected);
	free(out);
	for (unsigned threads = 1; threads <= 4; threads *= 2) {
		test_pool = pool_new(threads, 8);
		ck_assert_ptr_nonnull(test_pool);
		for (size_t r = 0; r < sizeof reads / sizeof reads[0]; r++) {
			out = test_run(&endpoint_validate_stream, test_config.spool_dir, body, length, 65536, reads[r],
				       NULL, &resp);
			ck_assert_ptr_nonnull(out);
			ck_assert_str_eq(out, expected);
			free(out);
		}
		pool_wait_idle(test_pool);
		pool_free(test_pool);
		test_pool = NULL;
	}
	free(expected);
	free(body);
}
END_TEST

/* The producer of bulk_bounded: bulk's, which also notes its input. */
static struct stream_input *bulk_spy_input;

static int bulk_spy_open(const struct http_request *req, void **state, struct http_response *resp)
{
	struct fen_options strict = { FEN_STRICT, false, false, MSG_EN };

	(void)req;
	(void)resp;
	*state = bulk_new(&strict, &JSON_FEN_STYLE_DEFAULT, 0);
	return *state ? 0 : -1;
}

static enum stream_step bulk_spy_produce(void *state, struct stream_input *in, struct stream_output *out)
{
	bulk_spy_input = in;
	return bulk_produce(state, in, out);
}

static void bulk_spy_close(void *state)
{
	bulk_free(state);
}

static const struct stream_endpoint bulk_spy_endpoint = {
	.accepts = stream_is_ndjson_type,
	.media_type = STREAM_NDJSON_TYPE,
	.limit = test_limit,
	.content_type = STREAM_NDJSON_TYPE,
	.open = bulk_spy_open,
	.produce = bulk_spy_produce,
	.close = bulk_spy_close,
};

/* A client that reads slowly holds no more than BULK_CHUNKS chunks in flight and as many
 * waiting to be sent: the lines read from the spool are never more than those chunks'
 * worth past the last line answered, however large the body, on a pool of 2 threads as without one. */
START_TEST(bulk_bounded)
{
	size_t length;
	char *body = bulk_body(30000, &length), *expected = bulk_expected(body, length), buf[512];
	unsigned long expected_records = 0;
	struct http_response resp = { 0 };
	struct http_request req = { .method = HTTP_POST, .path = "/test", .query = test_query, .header = test_query,
				    .request_id = "test-id", .config = &test_config };

	for (const char *p = expected; (p = strchr(p, '\n')); p++)
		expected_records++;
	for (int pass = 0; pass < 2; pass++) {
		struct stream *s = stream_new(&bulk_spy_endpoint, test_config.spool_dir);
		unsigned long lines = 0, last = 0, most = 0, records = 0;
		char head[32];
		size_t head_length = 0;
		ssize_t n;
		test_pool = pass ? pool_new(2, 8) : NULL;
		stream_set_pool(s, test_pool);
		ck_assert_int_eq(stream_spool_write(s, &test_config, body, length), 0);
		ck_assert_int_eq(stream_start(s, &req, &resp), 0);
		while ((n = stream_next(s, buf, sizeof buf)) > 0) {
			/* the line number of the last record received whole */
			for (ssize_t i = 0; i < n; i++) {
				if (head_length < sizeof head - 1)
					head[head_length++] = buf[i];
				if (buf[i] != '\n')
					continue;
				head[head_length] = '\0';
				ck_assert_int_eq(sscanf(head, "{\"line\":%lu", &last), 1);
				head_length = 0;
				records++;
			}
			lines = stream_line_number(bulk_spy_input);
			if (lines - last > most)
				most = lines - last;
		}
		ck_assert_int_eq(n, 0);
		stream_free(s);
		ck_assert_uint_eq(last, 30000);
		ck_assert_uint_eq(lines, 30000);
		/* every line but the blank ones (2 in 11) got its record */
		ck_assert_uint_eq(records, expected_records);
		ck_assert_uint_lt(records, 30000);
		/* at most the chunks in flight and those emitted at once ahead (a chunk of
		 * 128 records spans about 128 * 11 / 9 lines); a producer that read the
		 * whole spool first would be 30000 ahead */
		ck_assert_uint_gt(most, BULK_CHUNK_LINES);
		ck_assert_uint_le(most, (2 * BULK_CHUNKS + 1) * BULK_CHUNK_LINES * 3 / 2);
		if (test_pool) {
			pool_wait_idle(test_pool);
			pool_free(test_pool);
			test_pool = NULL;
		}
	}
	free(expected);
	free(body);
}
END_TEST

/* A game GIF from a PGN body that would draw more than --max-render-pixels is refused
 * before the answer starts (422 render_too_large); at exactly its cost it is drawn. */
START_TEST(game_gif_render_cap)
{
	static const char pgn[] = "1. Nf3 {[%cal Ga1h8,Rh1a8]} Nf6 {[%cal Ga1h8,Rh1a8,Ya1a8]} 2. Ng1 Ng8 *";
	static const char *const query[] = { "size", "1024", "arrows", "Ba8h1,Bh8a1", NULL };
	struct http_response resp;
	char *out;
	cJSON *json;

	test_config.max_render_pixels = 1000000;
	ck_assert_ptr_null(test_run(&endpoint_render_game_stream, test_config.spool_dir, pgn, strlen(pgn), 7, 4096,
				    query, &resp));
	ck_assert_int_eq(resp.status, 422);
	json = cJSON_ParseWithLength(resp.body, resp.length);
	ck_assert_str_eq(cjson_string(json, "code"), "render_too_large");
	ck_assert_double_eq(cjson_number(json, "limit"), 1000000);
	double needed = cjson_number(json, "needed");
	/* The palette's two pictures, frame 0, then the rectangles of four plies. */
	ck_assert_double_gt(needed, 3.0 * 1024 * 1024);
	ck_assert_double_lt(needed, 12.0 * 1024 * 1024);
	cJSON_Delete(json);
	reply_clear(&resp);
	test_config.max_render_pixels = (size_t)needed;
	out = test_run(&endpoint_render_game_stream, test_config.spool_dir, pgn, strlen(pgn), 7, 1 << 16, query, &resp);
	ck_assert_ptr_nonnull(out);
	ck_assert(!memcmp(out, "GIF89a", 6));
	free(out);
	reply_clear(&resp);
}
END_TEST


/* ---- /pgn: the language of each game, when no lang is given ---- */

/* The seed's game (003_4bee26a386fe0058.txt) in English (line 372) and Italian (line 1130). */
#define SEED_EN "1. c4 c6 2. Nf3 d5 3. g3 Bg4 4. Ne5 Bf5 5. Qb3 Qb6 6. cxd5 Qxb3 7. axb3 Be4 8. dxc6 Bxh1 9. Rxa7 1-0\n"
#define SEED_IT "1. c4 c6 2. Cf3 d5 3. g3 Ag4 4. Ce5 Af5 5. Db3 Db6 6. cxd5 Dxb3 7. axb3 Ae4 8. dxc6 Axh1 9. Txa7 1-0\n"

/* The games of a /pgn answer ({"games": [...]}); the caller deletes the tree. */
static cJSON *pgn_games(const char *body, size_t piece, const char *const *query)
{
	struct http_response resp;
	char *out = test_run(&endpoint_pgn_stream, test_config.spool_dir, body, strlen(body), piece, 4096, query, &resp);
	cJSON *json;

	ck_assert_ptr_nonnull(out);
	json = cJSON_Parse(out);
	ck_assert_ptr_nonnull(json);
	free(out);
	reply_clear(&resp);
	return json;
}

START_TEST(pgn_lang_detected)
{
	static const char body[] = SEED_IT "\n[FEN \"4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1\"]\n\n1. Rf1 Rf8 *\n\n" SEED_EN;
	static const char *const italian[] = { "lang", "it", NULL };
	cJSON *json = pgn_games(body, 5, NULL), *games = cJSON_GetObjectItemCaseSensitive(json, "games");
	cJSON *it = cJSON_GetArrayItem(games, 0), *rooks = cJSON_GetArrayItem(games, 1), *en = cJSON_GetArrayItem(games, 2);
	const cJSON *a, *b;

	ck_assert_int_eq(cJSON_GetArraySize(games), 3);
	ck_assert_str_eq(cjson_string(it, "lang_detected"), "it");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(en, "lang_detected"));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(it, "moves")), 17);
	for (int i = 0; i < 17; i++) {
		a = cJSON_GetArrayItem(cjson_member(it, "moves"), i);
		b = cJSON_GetArrayItem(cjson_member(en, "moves"), i);
		ck_assert_str_eq(cjson_string(a, "san"), cjson_string(b, "san"));
		ck_assert_str_eq(cjson_string(a, "fen"), cjson_string(b, "fen"));
	}
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(it, "warnings"), 0), "code"), "lang_detected");
	/* two languages, two games: an error of that game, the others read */
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(rooks, "errors"), 0), "code"), "ambiguous_language");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(rooks, "moves")), 0);
	cJSON_Delete(json);
	/* lang it: the Italian game in Italian, nothing said */
	json = pgn_games(SEED_IT, 64, italian);
	it = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(json, "games"), 0);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(it, "lang_detected"));
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(it, "moves"), 2), "san"), "Cf3");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(it, "warnings")), 0);
	cJSON_Delete(json);
}
END_TEST

/* A game GIF from a PGN body says the language it read the moves in. */
START_TEST(game_gif_lang_header)
{
	struct http_response resp;
	const char *value = NULL;
	char *out = test_run(&endpoint_render_game_stream, test_config.spool_dir, SEED_IT, strlen(SEED_IT), 9, 1 << 16,
			     NULL, &resp);

	ck_assert_ptr_nonnull(out);
	ck_assert(!memcmp(out, "GIF89a", 6));
	for (int i = 0; i < resp.header_count; i++)
		if (!strcmp(resp.headers[i].name, "X-Fen-Lang-Detected"))
			value = resp.headers[i].value;
	ck_assert_ptr_nonnull(value);
	ck_assert_str_eq(value, "it");
	free(out);
	reply_clear(&resp);
}
END_TEST

static Suite *stream_suite(void)
{
	Suite *s = suite_create("stream");
	TCase *tc = tcase_create("Spool and readers");

	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, lines_basic);
	tcase_add_test(tc, lines_too_long);
	tcase_add_test(tc, lines_many);
	tcase_add_test(tc, raw_bytes);
	tcase_add_test(tc, limit_is_413);
	tcase_add_test(tc, spool_failure_is_503);
	tcase_add_test(tc, spool_total_is_capped);
	tcase_add_test(tc, spool_leaves_no_file);
	tcase_add_test(tc, ndjson_types);
	suite_add_tcase(s, tc);
	tc = tcase_create("Bulk validation");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, bulk_validate);
	tcase_add_test(tc, bulk_validate_empty);
	tcase_add_test(tc, large_reads_end);
	tcase_add_test(tc, pgn_answer);
	tcase_add_test(tc, bulk_validate_query);
	tcase_add_test(tc, bulk_validate_long_line);
	tcase_add_test(tc, bulk_parallel_same_answer);
	tcase_add_test(tc, bulk_bounded);
	suite_add_tcase(s, tc);
	tc = tcase_create("Game GIF");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, game_gif_render_cap);
	tcase_add_test(tc, game_gif_lang_header);
	suite_add_tcase(s, tc);
	tc = tcase_create("PGN");
	tcase_add_checked_fixture(tc, test_setup, NULL);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, pgn_lang_detected);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(stream_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
