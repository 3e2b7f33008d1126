/* check_http.c -- a real fend on a free port, driven over TCP (libcurl and raw sockets):
 * endpoints, problems, headers, connections, garbage, flags, log and shutdown. */
#include "config.h"

#include <arpa/inet.h>
#include <check.h>
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <regex.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_cjson.h"
#include "check_gif.h"

#define FEND_PATH BUILD_DIR "/fend"
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E4_FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
#define START_BODY "{\"fen\":\"" START_FEN "\"}"
#define START_FEN_QUERY "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR+w+KQkq+-+0+1"
/* Seconds a test may take: sanitizer builds are several times slower. */
#define TEST_TIMEOUT 60

/* A running fend. */
struct daemon {
	pid_t pid;
	unsigned port;
	char line[256];   /* its start-up line */
	char base[64];    /* http://127.0.0.1:PORT */
};

/* The daemon of the current test (started by the fixture, or by the test). */
static struct daemon fend;

static void test_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Forks fend with args (NULL-terminated, without argv[0]) and env (NAME=VALUE pairs,
 * NULL-terminated, may be NULL), its stdout and stderr on the given descriptors. */
static pid_t fend_spawn(int out_fd, int err_fd, const char *const *env, const char *const *args)
{
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char *argv[32];
		int argc = 0;
		dup2(out_fd, STDOUT_FILENO);
		dup2(err_fd, STDERR_FILENO);
		for (int fd = 3; fd < 256; fd++)
			close(fd);
		for (const char *const *e = env; e && *e; e++)
			putenv((char *)(uintptr_t)*e);
		argv[argc++] = "fend";
		while (args && *args && argc < 31)
			argv[argc++] = (char *)(uintptr_t)*args++;
		argv[argc] = NULL;
		execv(FEND_PATH, argv);
		_exit(127);
	}
	return pid;
}

/* Starts fend with args and env (as fend_spawn); stderr goes to errfile (NULL:
 * /dev/null). Reads the port from its start-up line. */
static void daemon_start_env(struct daemon *dm, const char *errfile, const char *const *env, const char *const *args)
{
	int out[2], err;
	size_t n = 0;
	char *colon;

	ck_assert_int_eq(pipe(out), 0);
	err = open(errfile ? errfile : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ck_assert_int_ge(err, 0);
	dm->pid = fend_spawn(out[1], err, env, args);
	close(err);
	close(out[1]);
	/* One line, within 20 s. */
	while (n < sizeof dm->line - 1 && !memchr(dm->line, '\n', n)) {
		struct pollfd p = { out[0], POLLIN, 0 };
		ssize_t got;
		ck_assert_msg(poll(&p, 1, 20000) == 1, "fend printed no start-up line");
		got = read(out[0], dm->line + n, sizeof dm->line - 1 - n);
		ck_assert_msg(got > 0, "fend exited before it listened");
		n += (size_t)got;
		dm->line[n] = '\0';
	}
	close(out[0]);
	colon = strrchr(dm->line, ':');
	ck_assert_ptr_nonnull(colon);
	dm->port = (unsigned)strtoul(colon + 1, NULL, 10);
	ck_assert_int_gt(dm->port, 0);
	snprintf(dm->base, sizeof dm->base, "http://127.0.0.1:%u", dm->port);
}

static void daemon_start(struct daemon *dm, const char *const *args)
{
	daemon_start_env(dm, NULL, NULL, args);
}

/* Waits for dm to exit (at most 20 s, then SIGKILL) and returns its wait status. */
static int daemon_wait(struct daemon *dm)
{
	int status = 0;

	for (int i = 0; i < 2000; i++) {
		pid_t got = waitpid(dm->pid, &status, WNOHANG);
		if (got == dm->pid) {
			dm->pid = 0;
			return status;
		}
		test_sleep_ms(10);
	}
	kill(dm->pid, SIGKILL);
	waitpid(dm->pid, &status, 0);
	dm->pid = 0;
	ck_abort_msg("fend did not exit within 20 s");
	return status;
}

/* SIGTERM, then asserts a clean exit with status 0 (a sanitizer's report would make it
 * non-zero). */
static void daemon_stop(struct daemon *dm)
{
	int status;

	if (!dm->pid)
		return;
	kill(dm->pid, SIGTERM);
	status = daemon_wait(dm);
	ck_assert_msg(WIFEXITED(status), "fend was killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	ck_assert_int_eq(WEXITSTATUS(status), 0);
}

static void daemon_alive(struct daemon *dm)
{
	ck_assert_int_eq(waitpid(dm->pid, NULL, WNOHANG), 0);
}

static void fixture_start(void)
{
	static const char *const args[] = { "--port", "0", "--log", "off", "--threads", "2", NULL };

	daemon_start(&fend, args);
}

static void fixture_start_small(void)
{
	static const char *const args[] = { "--port", "0", "--log", "off", "--max-body", "64", NULL };

	daemon_start(&fend, args);
}

static void fixture_stop(void)
{
	daemon_stop(&fend);
}

/* ---- HTTP through libcurl ---- */

struct reply {
	long status;
	char *body;
	size_t length;
	char head[16384];
	size_t head_length;
	long connects;
	cJSON *json;
};

static size_t reply_on_body(char *data, size_t size, size_t count, void *user)
{
	struct reply *r = user;
	size_t n = size * count;
	char *grown = realloc(r->body, r->length + n + 1);

	if (!grown)
		return 0;
	r->body = grown;
	memcpy(r->body + r->length, data, n);
	r->length += n;
	r->body[r->length] = '\0';
	return n;
}

static size_t reply_on_header(char *data, size_t size, size_t count, void *user)
{
	struct reply *r = user;
	size_t n = size * count;

	/* Keep only the last response's headers (after a 100 Continue). */
	if (n >= 5 && !memcmp(data, "HTTP/", 5))
		r->head_length = 0;
	if (r->head_length + n < sizeof r->head) {
		memcpy(r->head + r->head_length, data, n);
		r->head_length += n;
		r->head[r->head_length] = '\0';
	}
	return n;
}

/* A header of the reply, copied into out; NULL when absent. */
static const char *reply_header(const struct reply *r, const char *name, char *out, size_t size)
{
	size_t len = strlen(name);

	for (const char *line = r->head; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "") {
		if (!strncasecmp(line, name, len) && line[len] == ':') {
			const char *v = line + len + 1;
			size_t n = 0;
			while (*v == ' ')
				v++;
			while (v[n] && v[n] != '\r' && v[n] != '\n' && n < size - 1)
				n++;
			memcpy(out, v, n);
			out[n] = '\0';
			return out;
		}
	}
	return NULL;
}

static void reply_free(struct reply *r)
{
	free(r->body);
	cJSON_Delete(r->json);
	memset(r, 0, sizeof *r);
}

/* True when headers (NULL-terminated, may be NULL) set an Expect header. */
static bool headers_have_expect(const char *const *headers)
{
	for (; headers && *headers; headers++)
		if (!strncasecmp(*headers, "Expect:", 7))
			return true;
	return false;
}

/* How much slower than usual this test process runs: Check's CK_TIMEOUT_MULTIPLIER,
 * which make check-valgrind (40) and CI's sanitizer run (4) set. fend itself runs at
 * full speed; only the client side of these tests is slower. */
static long long abuse_slack(void)
{
	const char *m = getenv("CK_TIMEOUT_MULTIPLIER");
	long long n = m ? atoll(m) : 1;

	return n > 1 ? n : 1;
}

/* One request on the easy handle c (connections are reused across calls). headers is
 * a NULL-terminated list of extra header lines, or NULL. */
static void http(CURL *c, const char *method, const char *path, const char *content_type, const char *body,
		 const char *const *headers, struct reply *r)
{
	char url[2048], line[256];
	struct curl_slist *list = NULL;
	CURLcode rc;

	memset(r, 0, sizeof *r);
	curl_easy_reset(c);
	snprintf(url, sizeof url, "%s%s", fend.base, path);
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, reply_on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, r);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, reply_on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, r);
	/* 20 s, stretched as Check stretches its timeouts (receiving a long answer under
	 * valgrind is slow) */
	curl_easy_setopt(c, CURLOPT_TIMEOUT, (long)(20 * abuse_slack()));
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	if (!strcmp(method, "HEAD"))
		curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
	else if (strcmp(method, "GET"))
		curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
	if (body) {
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)strlen(body));
		if (!strcmp(method, "POST"))
			curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, NULL);
	}
	/* "Content-Type:" with nothing removes the form type curl would send. */
	snprintf(line, sizeof line, "Content-Type:%s%s", content_type ? " " : "", content_type ? content_type : "");
	list = curl_slist_append(list, line);
	/* No "Expect: 100-continue" unless the caller asks for it; then curl waits for the
	 * server's early answer (a 413 from Content-Length alone) instead of sending the body
	 * into a connection the server is closing. */
	if (!headers_have_expect(headers))
		list = curl_slist_append(list, "Expect:");
	else
		curl_easy_setopt(c, CURLOPT_EXPECT_100_TIMEOUT_MS, 20000L);
	for (; headers && *headers; headers++)
		list = curl_slist_append(list, *headers);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
	rc = curl_easy_perform(c);
	curl_slist_free_all(list);
	ck_assert_msg(rc == CURLE_OK, "%s %s: %s", method, path, curl_easy_strerror(rc));
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r->status);
	curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &r->connects);
	if (r->body && reply_header(r, "Content-Type", line, sizeof line) && strstr(line, "json")) {
		r->json = cJSON_ParseWithLength(r->body, r->length);
		ck_assert_msg(r->json != NULL, "%s %s: the body is not JSON: %s", method, path, r->body);
	}
}

/* A request on a fresh handle. */
static void http1(const char *method, const char *path, const char *content_type, const char *body,
		  const char *const *headers, struct reply *r)
{
	CURL *c = curl_easy_init();

	ck_assert_ptr_nonnull(c);
	http(c, method, path, content_type, body, headers, r);
	curl_easy_cleanup(c);
}

static void post_json(const char *path, const char *body, struct reply *r)
{
	http1("POST", path, "application/json", body, NULL, r);
}

/* A GET of path with the query parameters (name, value, ..., NULL) URL-encoded. */
static void get_query(const char *path, const char *const *query, struct reply *r)
{
	char target[2048];
	size_t n = (size_t)snprintf(target, sizeof target, "%s", path);
	CURL *c = curl_easy_init();

	for (int i = 0; query[i]; i += 2) {
		char *value = curl_easy_escape(c, query[i + 1], 0);
		n += (size_t)snprintf(target + n, sizeof target - n, "%c%s=%s", i ? '&' : '?', query[i], value);
		curl_free(value);
	}
	http(c, "GET", target, NULL, NULL, NULL, r);
	curl_easy_cleanup(c);
}

/* Asserts an application/problem+json reply with status and code (and field). */
static void assert_problem(const struct reply *r, long status, const char *code, const char *field)
{
	char value[256], type[64];

	ck_assert_int_eq(r->status, status);
	ck_assert_ptr_nonnull(reply_header(r, "Content-Type", value, sizeof value));
	ck_assert_str_eq(value, "application/problem+json");
	ck_assert_ptr_nonnull(r->json);
	ck_assert_str_eq(cjson_string(r->json, "code"), code);
	snprintf(type, sizeof type, "urn:fend:problem:%s", code);
	ck_assert_str_eq(cjson_string(r->json, "type"), type);
	ck_assert_int_eq((int)cjson_number(r->json, "status"), status);
	cjson_string(r->json, "title");
	cjson_string(r->json, "detail");
	if (field)
		ck_assert_str_eq(cjson_string(r->json, "field"), field);
	ck_assert_ptr_nonnull(reply_header(r, "X-Request-Id", value, sizeof value));
	ck_assert_str_eq(reply_header(r, "Access-Control-Allow-Origin", value, sizeof value), "*");
}

static void assert_json_type(const struct reply *r)
{
	char value[128];

	ck_assert_str_eq(reply_header(r, "Content-Type", value, sizeof value), "application/json; charset=utf-8");
}

/* ---- raw sockets ---- */

static int raw_connect(unsigned port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa)) {
		close(fd);
		return -1;
	}
	return fd;
}

static void raw_send(int fd, const char *data, size_t length)
{
	while (length) {
		ssize_t w = send(fd, data, length, MSG_NOSIGNAL);
		if (w <= 0)
			return; /* the server may close early on garbage: that is allowed */
		data += w;
		length -= (size_t)w;
	}
}

/* Reads until the server closes or timeout_ms passes without data; returns the bytes. */
static size_t raw_read(int fd, char *out, size_t size, int timeout_ms)
{
	size_t n = 0;

	while (n < size - 1) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t got;
		if (poll(&p, 1, timeout_ms) != 1)
			break;
		got = recv(fd, out + n, size - 1 - n, 0);
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	out[n] = '\0';
	return n;
}

/* Counts occurrences of needle in text. */
static int count_of(const char *text, const char *needle)
{
	int count = 0;

	for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
		count++;
	return count;
}

/* ---- endpoints: happy paths ---- */

START_TEST(start_line)
{
	char expected[128];

	snprintf(expected, sizeof expected, "fend %s listening on http://127.0.0.1:%u\n", PACKAGE_VERSION, fend.port);
	ck_assert_str_eq(fend.line, expected);
}
END_TEST

START_TEST(health_and_version)
{
	struct reply r;
	char value[128];

	http1("GET", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	assert_json_type(&r);
	ck_assert_str_eq(r.body, "{\"status\":\"ok\"}");
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Origin", value, sizeof value), "*");
	ck_assert_str_eq(reply_header(&r, "Access-Control-Expose-Headers", value, sizeof value),
			 "X-Request-Id, ETag, X-Fen-Problems, X-Fen-Marks-Dropped, X-Fen-Lang-Detected, Retry-After, Allow");
	ck_assert_ptr_null(reply_header(&r, "Vary", value, sizeof value));
	reply_free(&r);
	http1("GET", "/version", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	assert_json_type(&r);
	ck_assert_str_eq(r.body, "{\"name\":\"fend\",\"version\":\"" PACKAGE_VERSION "\"}");
	reply_free(&r);
}
END_TEST

START_TEST(head_is_get)
{
	struct reply r;
	char value[128];

	http1("HEAD", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq((int)r.length, 0);
	ck_assert_str_eq(reply_header(&r, "Content-Length", value, sizeof value), "15");
	assert_json_type(&r);
	reply_free(&r);
}
END_TEST

START_TEST(openapi_yaml)
{
	struct reply r;
	char value[128], *expected = NULL;
	size_t size = 0;
	FILE *f = fopen(SOURCE_DIR "/api/openapi.yaml", "rb");

	ck_assert_ptr_nonnull(f);
	expected = malloc(1 << 22);
	size = fread(expected, 1, 1 << 22, f);
	fclose(f);
	http1("GET", "/openapi.yaml", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), "application/yaml");
	ck_assert_int_eq((int)r.length, (int)size);
	ck_assert(!memcmp(r.body, expected, size));
	free(expected);
	reply_free(&r);
}
END_TEST

START_TEST(validate_post)
{
	struct reply r;

	post_json("/validate", "{\"fen\":\"" E4_FEN "\"}", &r);
	ck_assert_int_eq(r.status, 200);
	assert_json_type(&r);
	ck_assert(cJSON_IsTrue(cjson_member(r.json, "valid")));
	ck_assert_str_eq(cjson_string(r.json, "fen"), E4_FEN);
	ck_assert_str_eq(cjson_string(cjson_member(r.json, "fields"), "en_passant"), "e3");
	ck_assert_int_eq((int)cjson_number(cjson_member(r.json, "status"), "legal_moves"), 20);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "errors")), 0);
	reply_free(&r);
	/* A POST without Content-Type is read as JSON; application/<x>+json is JSON too. */
	http1("POST", "/validate", NULL, START_BODY, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(r.json, "valid")));
	reply_free(&r);
	http1("POST", "/validate", "Application/Vnd.Fend+JSON; charset=UTF-8", START_BODY, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
}
END_TEST

/* The messages' language over the wire: Accept-Language, Content-Language, Vary, also
 * for a bulk NDJSON answer; the codes stay the same. */
START_TEST(validate_accept_language)
{
	static const char *const italian[] = { "Accept-Language: it-IT,it;q=0.9,en;q=0.5", NULL };
	static const char *const russian[] = { "Accept-Language: ru", NULL };
	struct reply r;
	char value[256];

	http1("POST", "/validate", "application/json", "{\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\"}", italian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Language", value, sizeof value), "it");
	ck_assert_ptr_nonnull(strstr(reply_header(&r, "Vary", value, sizeof value), "Accept-Language"));
	const cJSON *error = cJSON_GetArrayItem(cjson_member(r.json, "errors"), 0);
	ck_assert_str_eq(cjson_string(error, "code"), "missing_king");
	ck_assert_str_eq(cjson_string(error, "message"), "il Bianco non ha il re; ogni giocatore ne deve avere esattamente uno");
	reply_free(&r);
	http1("POST", "/validate", "application/x-ndjson", "\"8/8/8/8/8/8/8/8 w - - 0 1\"\n", russian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Language", value, sizeof value), "ru");
	ck_assert_ptr_nonnull(strstr(r.body, "\"code\":\"missing_king\""));
	ck_assert_ptr_nonnull(strstr(r.body, "белые без короля"));
	reply_free(&r);
}
END_TEST

/* The messages of moves follow the language too, with the codes of English; lang chooses
 * it on /validate and /render, where it names no SAN: one of the four, else 400. */
START_TEST(moves_accept_language)
{
	static const char *const italian[] = { "Accept-Language: it", NULL };
	static const char *const body = "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
					"\"moves\":[\"e4\",\"e5\",\"Ke3\"]}";
	struct reply r;
	char value[256];

	http1("POST", "/apply-move", "application/json", body, NULL, &r);
	ck_assert_int_eq(r.status, 422);
	ck_assert_str_eq(cjson_string(r.json, "code"), "illegal_move");
	ck_assert_str_eq(cjson_string(r.json, "detail"), "move 3, \"Ke3\": no white king can move to e3");
	reply_free(&r);
	http1("POST", "/apply-move", "application/json", body, italian, &r);
	ck_assert_int_eq(r.status, 422);
	ck_assert_str_eq(reply_header(&r, "Content-Language", value, sizeof value), "it");
	ck_assert_str_eq(cjson_string(r.json, "code"), "illegal_move");
	ck_assert_str_eq(cjson_string(r.json, "cause"), "no_such_piece");
	ck_assert_str_eq(cjson_string(r.json, "detail"), "mossa 3, \"Ke3\": nessun re bianco può andare in e3");
	reply_free(&r);
	http1("GET", "/validate?fen=8/8/8/8/8/8/8/8_w_-_-_0_1&lang=es", NULL, NULL, italian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Language", value, sizeof value), "es");
	reply_free(&r);
	http1("GET", "/validate?fen=8/8/8/8/8/8/8/8_w_-_-_0_1&lang=fr", NULL, NULL, italian, &r);
	ck_assert_int_eq(r.status, 400);
	ck_assert_str_eq(cjson_string(r.json, "code"), "invalid_field");
	ck_assert_str_eq(cjson_string(r.json, "field"), "lang");
	reply_free(&r);
	http1("POST", "/render", "application/json", "{\"fen\":\"8/8/8/9 w - - 0 1\",\"lang\":\"ru\"}", italian, &r);
	ck_assert_int_eq(r.status, 422);
	ck_assert_str_eq(reply_header(&r, "Content-Language", value, sizeof value), "ru");
	ck_assert_str_eq(cjson_string(r.json, "code"), "invalid_fen");
	reply_free(&r);
}
END_TEST

/* The API's own problem details follow the language too, with the code and field of
 * English: a bad option of /render and /position, a body that is not JSON. */
START_TEST(invalid_field_accept_language)
{
	static const char *const italian[] = { "Accept-Language: it", NULL };
	static const struct {
		const char *method, *path, *body, *code, *field, *english, *italian;
	} cases[] = {
		{ "GET", "/render?fen=8/8/8/8/8/8/8/K6k_w_-_-_0_1&format=bmp", NULL, "invalid_field", "format",
		  "format must be \"svg\", \"png\", \"gif\", \"json\", \"ascii\" or \"unicode\"",
		  "format deve essere \"svg\", \"png\", \"gif\", \"json\", \"ascii\" o \"unicode\"" },
		{ "POST", "/position", "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"castling_dests\":\"all\"}",
		  "invalid_field", "castling_dests",
		  "castling_dests must be \"both\", \"king_to_rook\" or \"king_to_target\"",
		  "castling_dests deve essere \"both\", \"king_to_rook\" o \"king_to_target\"" },
		{ "POST", "/validate", "{\"fen\": }", "malformed_json", NULL,
		  "the request body is not valid JSON (the error is at byte 8)",
		  "il corpo della richiesta non è JSON valido (l'errore è al byte 8)" },
		{ "POST", "/render", "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"size\":\"9\"}", "invalid_field", "size",
		  "size: must be a whole number from 64 to 2048", "size: deve essere un numero intero da 64 a 2048" },
		{ "GET", "/no-such-page", NULL, "not_found", NULL, "there is no resource at /no-such-page",
		  "non c'è alcuna risorsa in /no-such-page" },
	};
	struct reply r;
	char value[256];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (int it = 0; it < 2; it++) {
			const char *type = cases[i].body ? "application/json" : NULL;
			http1(cases[i].method, cases[i].path, type, cases[i].body, it ? italian : NULL, &r);
			ck_assert_msg(r.json, "%s %s: no JSON", cases[i].method, cases[i].path);
			ck_assert_str_eq(cjson_string(r.json, "code"), cases[i].code);
			if (cases[i].field)
				ck_assert_str_eq(cjson_string(r.json, "field"), cases[i].field);
			ck_assert_str_eq(cjson_string(r.json, "detail"), it ? cases[i].italian : cases[i].english);
			const char *language = reply_header(&r, "Content-Language", value, sizeof value);
			if (it)
				ck_assert_msg(language && !strcmp(language, "it"), "%s: Content-Language", cases[i].path);
			reply_free(&r);
		}
	}
	/* the lines of a bulk request too */
	http1("POST", "/validate", "application/x-ndjson", "{\"fen\": 1}\n[]\n", italian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "\"code\":\"invalid_field\""));
	ck_assert_ptr_nonnull(strstr(r.body, "\"detail\":\"fen deve essere una stringa\""));
	ck_assert_ptr_nonnull(strstr(r.body, "una riga deve essere una stringa JSON (il FEN)"));
	reply_free(&r);
	http1("POST", "/validate", "application/x-ndjson", "{\"fen\": 1}\n", NULL, &r);
	ck_assert_ptr_nonnull(strstr(r.body, "\"detail\":\"fen must be a string\""));
	reply_free(&r);
}
END_TEST

START_TEST(validate_get)
{
	static const char *const valid[] = { "fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1", "mode",
					     "lenient", NULL };
	static const char *const invalid[] = { "fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", NULL };
	struct reply r;

	get_query("/validate", valid, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(r.json, "valid")));
	ck_assert_str_eq(cjson_string(r.json, "fen"), START_FEN);
	ck_assert_int_gt(cJSON_GetArraySize(cjson_member(r.json, "warnings")), 0);
	reply_free(&r);
	get_query("/validate", invalid, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(cJSON_IsFalse(cjson_member(r.json, "valid")));
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(r.json, "errors"), 0), "code"), "bad_piece");
	reply_free(&r);
	/* '+' in a query is a space. */
	http1("GET", "/validate?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(r.json, "valid")));
	reply_free(&r);
}
END_TEST

START_TEST(apply_move_post)
{
	struct reply r;

	post_json("/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e2e4\"}", &r);
	ck_assert_int_eq(r.status, 200);
	assert_json_type(&r);
	ck_assert_str_eq(cjson_string(r.json, "fen"), E4_FEN);
	ck_assert_str_eq(cjson_string(r.json, "uci"), "e2e4");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(r.json, "moves"));
	reply_free(&r);
	post_json("/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e2e4\",\"e7e5\",\"g1f3\"],\"ep\":\"legal\"}", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(cjson_string(r.json, "fen"), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
	ck_assert_str_eq(cjson_string(r.json, "uci"), "g1f3");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "moves")), 3);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(r.json, "moves"), 0), "fen"),
			 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	reply_free(&r);
	/* SAN in Russian letters, UTF-8 both ways over the wire; the PGN in English */
	post_json("/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e4\",\"e5\",\"\u041af3\"],\"lang\":\"ru\"}", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(cjson_string(r.json, "uci"), "g1f3");
	ck_assert_str_eq(cjson_string(r.json, "san"), "\xd0\x9a" "f3");
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cjson_member(r.json, "moves"), 2), "lan"), "\xd0\x9a" "g1-f3");
	ck_assert_ptr_nonnull(strstr(cjson_string(r.json, "pgn"), "\n1. e4 e5 2. Nf3 *\n"));
	reply_free(&r);
}
END_TEST

START_TEST(moves_get_and_post)
{
	static const char *const query[] = { "fen", START_FEN, NULL };
	struct reply r;

	get_query("/moves", query, &r);
	ck_assert_int_eq(r.status, 200);
	assert_json_type(&r);
	ck_assert_int_eq((int)cjson_number(r.json, "count"), 20);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "moves")), 20);
	reply_free(&r);
	post_json("/moves", "{\"fen\":\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"}", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq((int)cjson_number(r.json, "count"), 26);
	bool kingside = false;
	const cJSON *m;
	cJSON_ArrayForEach(m, cjson_member(r.json, "moves"))
		if (!strcmp(cjson_string(m, "uci"), "e1g1"))
			kingside = !strcmp(cJSON_GetArrayItem(cjson_member(m, "flags"), 0)->valuestring, "castle_kingside");
	ck_assert(kingside);
	reply_free(&r);
}
END_TEST

START_TEST(render_text_and_json)
{
	static const char *const query[] = { "fen", E4_FEN, "format", "ascii", NULL };
	struct reply r;
	char value[128];

	get_query("/render", query, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), "text/plain; charset=utf-8");
	ck_assert_str_eq(r.body, "8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n5 . . . . . . . .\n"
				 "4 . . . . P . . .\n3 . . . . . . . .\n2 P P P P . P P P\n1 R N B Q K B N R\n"
				 "  a b c d e f g h\n");
	reply_free(&r);
	post_json("/render", "{\"fen\":\"" E4_FEN "\",\"orientation\":\"black\"}", &r);
	ck_assert_int_eq(r.status, 200);
	assert_json_type(&r);
	ck_assert_str_eq(cjson_string(r.json, "turn"), "black");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "board")), 8);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "pieces")), 32);
	reply_free(&r);
}
END_TEST

/* ---- pictures: formats, negotiation, caching and CORS on images ---- */

/* Asserts the headers every picture answer (200 or 304) carries; copies the ETag. */
static void assert_cacheable(const struct reply *r, char *etag, size_t size)
{
	char value[256];

	ck_assert_str_eq(reply_header(r, "Access-Control-Allow-Origin", value, sizeof value), "*");
	ck_assert_str_eq(reply_header(r, "Access-Control-Expose-Headers", value, sizeof value),
			 "X-Request-Id, ETag, X-Fen-Problems, X-Fen-Marks-Dropped, X-Fen-Lang-Detected, Retry-After, Allow");
	ck_assert_str_eq(reply_header(r, "Cache-Control", value, sizeof value), "public, max-age=86400, immutable");
	/* the JSON of a board has messages, in the language asked for */
	if (reply_header(r, "Content-Type", value, sizeof value) && !strncmp(value, "application/json", 16))
		ck_assert_str_eq(reply_header(r, "Vary", value, sizeof value), "Accept, Accept-Language");
	else
		ck_assert_str_eq(reply_header(r, "Vary", value, sizeof value), "Accept");
	ck_assert_ptr_nonnull(reply_header(r, "ETag", etag, size));
	ck_assert_int_eq((int)strlen(etag), 34);
	ck_assert_int_eq(etag[0], '"');
}

START_TEST(render_images_cached)
{
	static const struct {
		const char *format, *type, *magic;
	} formats[] = { { "svg", "image/svg+xml", "<svg " }, { "png", "image/png", "\x89PNG\r\n\x1a\n" },
			{ "gif", "image/gif", "GIF89a" } };
	char path[512], etag[64], again[64], value[256], line[128];

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		struct reply r;
		const char *headers[] = { line, NULL };
		snprintf(path, sizeof path, "/render?fen=%s&format=%s&last_move=e2e4&arrows=Rg1f3", "rnbqkbnr/pppppppp/8/8/"
			 "4P3/8/PPPP1PPP/RNBQKBNR+b+KQkq+e3+0+1", formats[i].format);
		http1("GET", path, NULL, NULL, NULL, &r);
		ck_assert_int_eq(r.status, 200);
		ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), formats[i].type);
		ck_assert_uint_gt(r.length, 100);
		ck_assert_int_eq(memcmp(r.body, formats[i].magic, strlen(formats[i].magic)), 0);
		assert_cacheable(&r, etag, sizeof etag);
		reply_free(&r);
		/* The same query again: the same strong ETag; with it, 304 and no body. */
		snprintf(line, sizeof line, "If-None-Match: %s", etag);
		http1("GET", path, NULL, NULL, headers, &r);
		ck_assert_int_eq(r.status, 304);
		ck_assert_uint_eq(r.length, 0);
		assert_cacheable(&r, again, sizeof again);
		ck_assert_str_eq(again, etag);
		reply_free(&r);
		snprintf(line, sizeof line, "If-None-Match: \"0123\", W/%s", etag);
		http1("HEAD", path, NULL, NULL, headers, &r);
		ck_assert_int_eq(r.status, 304);
		reply_free(&r);
		/* Another option, another ETag. */
		strcat(path, "&theme=green");
		http1("GET", path, NULL, NULL, headers, &r);
		ck_assert_int_eq(r.status, 200);
		assert_cacheable(&r, again, sizeof again);
		ck_assert_str_ne(again, etag);
		reply_free(&r);
	}
}
END_TEST

/* The value of field in /proc/PID/status, in kB. */
static long proc_status_kb(pid_t pid, const char *field)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, field, strlen(field)) && line[strlen(field)] == ':')
			kb = strtol(line + strlen(field) + 1, NULL, 10);
	fclose(f);
	ck_assert_int_ge(kb, 0);
	return kb;
}

/* Large pictures, one after another: their buffers are given back once the burst is
 * over, instead of staying in the worker's arena (glibc's moving thresholds kept about
 * 7 MiB after these eight; server.c fixes them and trims the heap when fend falls
 * idle). The first pair draws the pieces at this size and pages the code in. Under
 * AddressSanitizer malloc is ASan's own, which neither setting touches. */
#if !defined(__SANITIZE_ADDRESS__)
START_TEST(memory_given_back_after_large_pictures)
{
	static const char *const formats[] = { "png", "gif" };
	long rest = 0, after;

	for (int round = 0; round < 5; round++) {
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
			const char *query[] = { "fen", E4_FEN, "format", formats[i], "size", "1024", NULL };
			struct reply r;
			get_query("/render", query, &r);
			ck_assert_int_eq(r.status, 200);
			ck_assert_uint_gt(r.length, 10000);
			reply_free(&r);
		}
		if (round == 0) {
			test_sleep_ms(500);
			rest = proc_status_kb(fend.pid, "VmRSS");
		}
	}
	/* The trim comes a watch period or two after the last request. */
	for (int wait = 0; (after = proc_status_kb(fend.pid, "VmRSS")) > rest + 2048 && wait < 30; wait++)
		test_sleep_ms(100);
	ck_assert_msg(after <= rest + 2048, "RSS %ld KiB at rest after the pictures, %ld before", after, rest);
}
END_TEST
#endif

START_TEST(render_accept_negotiation)
{
	static const struct {
		const char *accept, *type;
	} rows[] = {
		{ "Accept: image/svg+xml", "image/svg+xml" },
		{ "Accept: image/png", "image/png" },
		{ "Accept: image/gif", "image/gif" },
		{ "Accept: text/plain", "text/plain; charset=utf-8" },
		{ "Accept: */*", "application/json; charset=utf-8" },
		{ "Accept: image/webp,image/*;q=0.8,*/*;q=0.5", "image/svg+xml" },
		{ "Accept: image/svg+xml;q=0.2, image/png", "image/png" },
		{ "Accept: text/html, application/json;q=0.9", "application/json; charset=utf-8" },
	};
	const char *path = "/render?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1";
	char value[256], etags[sizeof rows / sizeof rows[0]][64];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const char *headers[] = { rows[i].accept, NULL };
		struct reply r;
		http1("GET", path, NULL, NULL, headers, &r);
		ck_assert_int_eq(r.status, 200);
		ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), rows[i].type);
		assert_cacheable(&r, etags[i], sizeof etags[i]);
		reply_free(&r);
	}
	/* Same format, same tag; another format, another tag. */
	ck_assert_str_eq(etags[0], etags[5]);
	ck_assert_str_ne(etags[0], etags[1]);
	{
		const char *headers[] = { "Accept: application/xml, image/webp", NULL };
		struct reply r;
		http1("GET", path, NULL, NULL, headers, &r);
		assert_problem(&r, 406, "not_acceptable", NULL);
		ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Origin", value, sizeof value), "*");
		reply_free(&r);
		/* An explicit format wins over Accept. */
		http1("GET", "/render?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1&format=svg", NULL, NULL, headers, &r);
		ck_assert_int_eq(r.status, 200);
		reply_free(&r);
	}
}
END_TEST

START_TEST(render_illegal_but_readable)
{
	char value[256];
	struct reply r;

	/* No black king, and a pawn on the last rank: drawn, with the problems named. */
	http1("GET", "/render?fen=KP6/8/8/8/8/8/8/8+w+-+-+0+1&format=svg", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "X-Fen-Problems", value, sizeof value), "missing_king,pawn_on_back_rank");
	ck_assert_ptr_nonnull(strstr(r.body, "<title>KP6/8/8/8/8/8/8/8 w - - 0 1</title>"));
	reply_free(&r);
	post_json("/render", "{\"fen\":\"KP6/8/8/8/8/8/8/8 w - - 0 1\",\"format\":\"json\"}", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(cJSON_IsFalse(cjson_member(r.json, "valid")));
	ck_assert(cJSON_IsNull(cjson_member(r.json, "status")));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "problems")), 2);
	ck_assert_ptr_null(reply_header(&r, "ETag", value, sizeof value)); /* POST: no cache headers */
	ck_assert_str_eq(reply_header(&r, "X-Fen-Problems", value, sizeof value), "missing_king,pawn_on_back_rank");
	reply_free(&r);
	/* A broken castling field still leaves a board to draw. */
	http1("GET", "/render?fen=4k3/8/8/8/8/8/8/4K3+w+XYZ+-+0+1&format=png", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(reply_header(&r, "X-Fen-Problems", value, sizeof value));
	reply_free(&r);
	/* A legal position has no problems header. */
	http1("GET", "/render?fen=4k3/8/8/8/8/8/8/4K3+w+-+-+0+1&format=png", NULL, NULL, NULL, &r);
	ck_assert_ptr_null(reply_header(&r, "X-Fen-Problems", value, sizeof value));
	reply_free(&r);
	/* A board that cannot be read is the only 422. */
	http1("GET", "/render?fen=4k3/8/8/8/8/8/8/4K4+w+-+-+0+1&format=svg", NULL, NULL, NULL, &r);
	assert_problem(&r, 422, "invalid_fen", NULL);
	reply_free(&r);
}
END_TEST

START_TEST(render_game_gif)
{
	char value[256], etag[64], line[128];
	const char *headers[] = { line, NULL };
	struct reply r;

	http1("GET", "/render/game.gif?moves=e2e4,e7e5,g1f3&delay=200", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), "image/gif");
	ck_assert_int_eq(memcmp(r.body, "GIF89a", 6), 0);
	assert_cacheable(&r, etag, sizeof etag);
	reply_free(&r);
	snprintf(line, sizeof line, "If-None-Match: %s", etag);
	http1("GET", "/render/game.gif?moves=e2e4,e7e5,g1f3&delay=200", NULL, NULL, headers, &r);
	ck_assert_int_eq(r.status, 304);
	reply_free(&r);
	post_json("/render/game.gif", "{\"moves\":[\"e2e4\",\"e7e5\"],\"final_delay\":500}", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(memcmp(r.body, "GIF89a", 6), 0);
	reply_free(&r);
	http1("GET", "/render/game.gif?moves=e2e4,e2e4", NULL, NULL, NULL, &r);
	assert_problem(&r, 422, "illegal_move", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "index"), 1);
	reply_free(&r);
	/* A PGN's first game, from its FEN tag. */
	post_json("/render/game.gif", "{\"pgn\":\"[SetUp \\\"1\\\"]\\n[FEN \\\"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\\\"]\\n\\n"
				      "1. e4 Kd7 2. e5 *\"}", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(memcmp(r.body, "GIF89a", 6), 0);
	reply_free(&r);
	post_json("/render/game.gif", "{\"pgn\":\"1. e4 e5 2. Ke3 *\"}", &r);
	assert_problem(&r, 422, "illegal_move", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "index"), 2);
	reply_free(&r);
}
END_TEST

/* The number of frames of the GIF in r's body (decoded whole with giflib); *width is the
 * screen's width. */
static int gif_frames(const struct reply *r, int *width)
{
	struct gif_source src;
	int err, frames;
	GifFileType *gif = gif_decode(r->body, r->length, &src);

	frames = gif->ImageCount;
	*width = gif->SWidth;
	DGifCloseFile(gif, &err);
	return frames;
}

/* POST /render/game.gif with the PGN file as the body, the options in the query. */
START_TEST(render_game_gif_pgn_body)
{
	static const char *const types[] = { "application/x-chess-pgn", "application/vnd.chess-pgn",
					     "text/plain; charset=utf-8" };
	static const char pgn[] = "[Event \"first\"]\n\n1. e4 {[%cal Ge2e4]} e5 2. Nf3 {[%csl Rf3]} *\n\n"
				  "[Event \"second\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n";
	char value[128], json[512];
	struct reply r, j;
	int width;

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		http1("POST", "/render/game.gif?size=256&delay=300", types[i], pgn, NULL, &r);
		ck_assert_msg(r.status == 200, "%s: %ld %.*s", types[i], r.status, (int)r.length, r.body);
		ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), "image/gif");
		/* The first game only: its three plies and the start. */
		ck_assert_int_eq(gif_frames(&r, &width), 4);
		ck_assert_int_eq(width, 256);
		reply_free(&r);
	}
	/* The same picture as the JSON form of the same request. */
	http1("POST", "/render/game.gif?size=256&delay=300", "application/x-chess-pgn", pgn, NULL, &r);
	snprintf(json, sizeof json, "{\"size\":256,\"delay\":300,\"pgn\":\"[Event \\\"first\\\"]\\n\\n1. e4 {[%%cal Ge2e4]} "
				    "e5 2. Nf3 {[%%csl Rf3]} *\\n\"}");
	post_json("/render/game.gif", json, &j);
	ck_assert_int_eq(j.status, 200);
	ck_assert_uint_eq(r.length, j.length);
	ck_assert_int_eq(memcmp(r.body, j.body, r.length), 0);
	reply_free(&j);
	/* The marks are in the picture: without them it differs. */
	http1("POST", "/render/game.gif?size=256&delay=300", "application/x-chess-pgn", "1. e4 e5 2. Nf3 *", NULL, &j);
	ck_assert_int_eq(j.status, 200);
	ck_assert(j.length != r.length || memcmp(r.body, j.body, r.length));
	reply_free(&j);
	reply_free(&r);

	/* Every mark drawn: no X-Fen-Marks-Dropped. 70 arrows in one comment: a frame holds
	 * 64, and the header says 6 were left out, in the raw and the JSON form alike; with
	 * two arrows of the request's own, 8. */
	http1("POST", "/render/game.gif?size=128", "application/x-chess-pgn", pgn, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_null(reply_header(&r, "X-Fen-Marks-Dropped", value, sizeof value));
	reply_free(&r);
	{
		char crowded[2048];
		size_t n = (size_t)snprintf(crowded, sizeof crowded, "1. e4 {[%%cal ");
		for (int k = 0; k < 70; k++)
			n += (size_t)snprintf(crowded + n, sizeof crowded - n, "%sG%c%da8", k ? "," : "",
					      "abcdefgh"[k % 8], 1 + k / 8 % 7);
		snprintf(crowded + n, sizeof crowded - n, "]} e5 *");
		http1("POST", "/render/game.gif?size=128", "application/x-chess-pgn", crowded, NULL, &r);
		ck_assert_int_eq(r.status, 200);
		ck_assert_str_eq(reply_header(&r, "X-Fen-Marks-Dropped", value, sizeof value), "6");
		ck_assert_int_eq(gif_frames(&r, &width), 3);
		reply_free(&r);
		http1("POST", "/render/game.gif?size=128&arrows=Ra1h1,Rb1h2", "application/x-chess-pgn", crowded, NULL, &r);
		ck_assert_int_eq(r.status, 200);
		ck_assert_str_eq(reply_header(&r, "X-Fen-Marks-Dropped", value, sizeof value), "8");
		reply_free(&r);
	}

	/* A GET's ETag covers the marks. */
	char etag[64], plain[64];
	http1("GET", "/render/game.gif?pgn=1.+e4+%7B%5B%25cal+Ge2e4%5D%7D+*", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	assert_cacheable(&r, etag, sizeof etag);
	reply_free(&r);
	http1("GET", "/render/game.gif?pgn=1.+e4+*", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	assert_cacheable(&r, plain, sizeof plain);
	ck_assert_str_ne(etag, plain);
	reply_free(&r);

	/* Not PGN: 422 malformed_pgn, and where. */
	http1("POST", "/render/game.gif", "application/x-chess-pgn", "hello, world", NULL, &r);
	assert_problem(&r, 422, "malformed_pgn", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "line"), 1);
	ck_assert_int_ge((int)cjson_number(r.json, "column"), 1);
	reply_free(&r);
	http1("POST", "/render/game.gif", "application/x-chess-pgn", "", NULL, &r);
	assert_problem(&r, 422, "malformed_pgn", NULL);
	reply_free(&r);
	/* A comment that never closes, and nothing else: no game either (fuzz-request found
	 * it drawn as the start position). */
	http1("POST", "/render/game.gif", "application/vnd.chess-pgn", "{\"fen\":\"rnbqkgnbnr/kq - 0 1\",\"moves\":[\"e",
	      NULL, &r);
	assert_problem(&r, 422, "malformed_pgn", NULL);
	reply_free(&r);
	/* A move that cannot be played: which one, and where. */
	http1("POST", "/render/game.gif", "text/plain", "1. e4 e5 2. Ke3 *", NULL, &r);
	assert_problem(&r, 422, "illegal_move", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "index"), 2);
	reply_free(&r);
	/* A FEN tag that is no legal position. */
	http1("POST", "/render/game.gif", "application/x-chess-pgn",
	      "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", NULL, &r);
	assert_problem(&r, 422, "invalid_fen", NULL);
	reply_free(&r);
	/* The body is the game: the query names options only (pgn, moves and fen are not
	 * parameters of this body, refused before it is read). */
	http1("POST", "/render/game.gif?moves=e2e4", "application/x-chess-pgn", "1. e4 *", NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "parameter"), "moves");
	reply_free(&r);
	http1("POST", "/render/game.gif?delay=-5", "application/x-chess-pgn", "1. e4 *", NULL, &r);
	assert_problem(&r, 400, "invalid_field", "delay");
	reply_free(&r);
	http1("POST", "/render/game.gif?theme=pink", "application/x-chess-pgn", "1. e4 *", NULL, &r);
	assert_problem(&r, 400, "invalid_field", "theme");
	reply_free(&r);
	/* Neither PGN nor JSON. */
	http1("POST", "/render/game.gif", "image/png", "1. e4 *", NULL, &r);
	assert_problem(&r, 415, "unsupported_media_type", NULL);
	reply_free(&r);
}
END_TEST

/* A body longer than the spool's read buffer: the first game (its comments long, so that
 * it spans several reads) is drawn, and the games after it are not read at all. */
START_TEST(render_game_gif_pgn_body_long)
{
	static const char *const moves[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
	size_t size = 400 * 1024, n = 0;
	char *body = malloc(size);
	struct reply r;
	int width;

	ck_assert_ptr_nonnull(body);
	n += (size_t)snprintf(body + n, size - n, "[Event \"long\"]\n\n");
	for (int i = 0; i < 40; i++) {
		n += (size_t)snprintf(body + n, size - n, "%s%s {", i % 2 ? "" : "1. ", moves[i % 4]);
		for (int k = 0; k < 3000; k++)
			body[n++] = "words "[k % 6];
		n += (size_t)snprintf(body + n, size - n, " [%%cal Ga1h8]} ");
	}
	n += (size_t)snprintf(body + n, size - n, "*\n\n");
	while (n + 64 < size - 1)
		n += (size_t)snprintf(body + n, size - n, "[Event \"next\"]\n\n1. e4 Ke5 *\n\n");
	body[n] = '\0';
	ck_assert_uint_gt(n, 3 * 65536);
	http1("POST", "/render/game.gif?size=128", "application/x-chess-pgn", body, NULL, &r);
	ck_assert_msg(r.status == 200, "%ld %.*s", r.status, (int)r.length, r.body);
	ck_assert_int_eq(gif_frames(&r, &width), 41);
	ck_assert_int_eq(width, 128);
	reply_free(&r);
	/* Sent in chunks, with no Content-Length. */
	static const char *const chunked[] = { "Transfer-Encoding: chunked", NULL };
	http1("POST", "/render/game.gif?size=128", "application/x-chess-pgn", body, chunked, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(gif_frames(&r, &width), 41);
	reply_free(&r);
	free(body);
}
END_TEST

/* With --max-body 64, a PGN body over it is a 413 like a JSON one. */
START_TEST(render_game_gif_pgn_too_large)
{
	static const char pgn[] = "[Event \"a game with too long a name\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
	struct reply r;

	http1("POST", "/render/game.gif", "application/x-chess-pgn", pgn, NULL, &r);
	assert_problem(&r, 413, "payload_too_large", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "limit"), 64);
	reply_free(&r);
	http1("POST", "/render/game.gif", "application/x-chess-pgn", "1. e4 e5 *", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
}
END_TEST

/* ---- problems ---- */

START_TEST(malformed_json)
{
	struct reply r;

	post_json("/validate", "{\"fen\": ", &r);
	assert_problem(&r, 400, "malformed_json", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "offset"), 8);
	reply_free(&r);
	post_json("/moves", "[\"" START_FEN "\"]", &r);
	assert_problem(&r, 400, "malformed_json", NULL);
	reply_free(&r);
	post_json("/render", "", &r);
	assert_problem(&r, 400, "malformed_json", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "offset"), 0);
	reply_free(&r);
}
END_TEST

START_TEST(missing_and_invalid_fields)
{
	struct reply r;

	post_json("/validate", "{\"mode\":\"strict\"}", &r);
	assert_problem(&r, 400, "missing_field", "fen");
	reply_free(&r);
	http1("GET", "/moves", NULL, NULL, NULL, &r);
	assert_problem(&r, 400, "missing_field", "fen");
	reply_free(&r);
	post_json("/apply-move", START_BODY, &r);
	assert_problem(&r, 400, "missing_field", "move");
	reply_free(&r);
	post_json("/validate", "{\"fen\":[1]}", &r);
	assert_problem(&r, 400, "invalid_field", "fen");
	reply_free(&r);
	post_json("/validate", "{\"fen\":\"" START_FEN "\",\"chess960\":\"true\"}", &r);
	assert_problem(&r, 400, "invalid_field", "chess960");
	reply_free(&r);
	http1("GET", "/render?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1&format=bmp", NULL, NULL, NULL, &r);
	assert_problem(&r, 400, "invalid_field", "format");
	reply_free(&r);
	post_json("/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e2e4\",\"moves\":[]}", &r);
	assert_problem(&r, 400, "invalid_field", "moves");
	reply_free(&r);
}
END_TEST

/* Names a route does not take, over TCP: query parameters of a GET, of a streamed body
 * (refused before the body is spooled) and of a JSON body (none), members of a JSON body
 * (also the /pgn body the stream reads itself); each names the parameter, says where,
 * lists the known names and suggests the one meant. */
START_TEST(unknown_parameters)
{
	struct reply r;

	http1("GET", "/render?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1&orientaton=black", NULL, NULL, NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "parameter"), "orientaton");
	ck_assert_str_eq(cjson_string(r.json, "in"), "query");
	ck_assert_str_eq(cjson_string(r.json, "detail"),
			 "`orientaton` is not a query parameter of GET /render; did you mean `orientation`?");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "known")), 17); /* lang included */
	reply_free(&r);
	/* a made-up parameter cannot make another cached picture */
	http1("GET", "/render?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1&format=svg&n=2", NULL, NULL, NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "parameter"), "n");
	ck_assert_ptr_null(strstr(cjson_string(r.json, "detail"), "did you mean"));
	reply_free(&r);
	post_json("/validate", "{\"fen\":\"" START_FEN "\",\"lenient\":true}", &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "in"), "body");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "known")), 8); /* fen mode chess960 infer_castling ep castling expected lang */
	reply_free(&r);
	http1("POST", "/validate?mode=lenient", "application/json", START_BODY, NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "in"), "query");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "known")), 0);
	reply_free(&r);
	/* streamed bodies: their query is checked before the body is read */
	http1("POST", "/validate?mdoe=lenient", "application/x-ndjson", "\"8/8/8/8/8/8/8/K6k\"\n", NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert(strstr(cjson_string(r.json, "detail"), "did you mean `mode`?"));
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "known")), 6); /* the style options and lang */
	reply_free(&r);
	http1("POST", "/pgn?lagn=de", "application/x-chess-pgn", "1. e4 *", NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert(strstr(cjson_string(r.json, "detail"), "did you mean `lang`?"));
	reply_free(&r);
	http1("POST", "/render/game.gif?last_move=e2e4", "application/x-chess-pgn", "1. e4 *", NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "parameter"), "last_move");
	reply_free(&r);
	/* /pgn's JSON body: its members, and no query */
	post_json("/pgn", "{\"pgn\":\"1. e4 *\",\"langs\":\"de\"}", &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "in"), "body");
	ck_assert(strstr(cjson_string(r.json, "detail"), "did you mean `lang`?"));
	reply_free(&r);
	http1("POST", "/pgn?lang=de", "application/json", "{\"pgn\":\"1. e4 *\"}", NULL, &r);
	assert_problem(&r, 400, "unknown_parameter", NULL);
	ck_assert_str_eq(cjson_string(r.json, "in"), "query");
	reply_free(&r);
	/* the documented names pass */
	post_json("/pgn", "{\"pgn\":\"1. e4 *\",\"lang\":\"de\",\"ep\":\"legal\",\"castling\":\"standard\","
			  "\"strict_san\":false}", &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
	http1("GET", "/render/game.gif?moves=e2e4&delay=100&final_delay=100&fen=" START_FEN_QUERY
		     "&mode=strict&chess960=0&infer_castling=0&ep=fen&castling=standard&orientation=black&coordinates=0"
		     "&check=1&size=128&theme=blue&arrows=e2e4&circles=e4&squares=e4:f00", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
	daemon_alive(&fend);
}
END_TEST

/* A JSON body that is not an object is refused from its first byte, also the one /pgn's
 * stream reads. */
START_TEST(json_root_not_object)
{
	static const struct {
		const char *path;
		const char *body;
		const char *root;
	} rows[] = {
		{ "/validate", "[\"" START_FEN "\"]", "array" },
		{ "/moves", " \"" START_FEN "\"", "string" },
		{ "/apply-move", "42", "number" },
		{ "/render", "true", "boolean" },
		{ "/convert", "null", "null" },
		{ "/pgn", "[\"1. e4 *\"]", "array" },
		{ "/render/game.gif", "[\"e2e4\"]", "array" },
	};
	struct reply r;

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		post_json(rows[i].path, rows[i].body, &r);
		assert_problem(&r, 400, "malformed_json", NULL);
		ck_assert_str_eq(cjson_string(r.json, "root"), rows[i].root);
		ck_assert(strstr(cjson_string(r.json, "detail"), "must be a JSON object"));
		reply_free(&r);
	}
}
END_TEST

START_TEST(not_found_and_method)
{
	struct reply r;
	char value[128];

	http1("GET", "/nope", NULL, NULL, NULL, &r);
	assert_problem(&r, 404, "not_found", NULL);
	reply_free(&r);
	post_json("/validate/extra", START_BODY, &r);
	assert_problem(&r, 404, "not_found", NULL);
	reply_free(&r);
	http1("DELETE", "/validate", NULL, NULL, NULL, &r);
	assert_problem(&r, 405, "method_not_allowed", NULL);
	ck_assert_str_eq(reply_header(&r, "Allow", value, sizeof value), "GET, HEAD, POST, OPTIONS");
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "allowed")), 4);
	reply_free(&r);
	http1("GET", "/apply-move", NULL, NULL, NULL, &r);
	assert_problem(&r, 405, "method_not_allowed", NULL);
	ck_assert_str_eq(reply_header(&r, "Allow", value, sizeof value), "POST, OPTIONS");
	reply_free(&r);
	post_json("/version", "{}", &r);
	assert_problem(&r, 405, "method_not_allowed", NULL);
	ck_assert_str_eq(reply_header(&r, "Allow", value, sizeof value), "GET, HEAD, OPTIONS");
	reply_free(&r);
}
END_TEST

START_TEST(unsupported_media_type)
{
	struct reply r;

	/* A route that takes two kinds of body names both. */
	http1("POST", "/validate", "text/plain", START_BODY, NULL, &r);
	assert_problem(&r, 415, "unsupported_media_type", NULL);
	ck_assert_ptr_nonnull(strstr(r.body, "application/json or application/x-ndjson"));
	reply_free(&r);
	http1("POST", "/render/game.gif", "image/gif", "GIF89a", NULL, &r);
	assert_problem(&r, 415, "unsupported_media_type", NULL);
	ck_assert_ptr_nonnull(strstr(r.body, "application/json or application/x-chess-pgn, application/vnd.chess-pgn or text/plain\""));
	reply_free(&r);
	http1("POST", "/moves", "application/x-www-form-urlencoded", "fen=x", NULL, &r);
	assert_problem(&r, 415, "unsupported_media_type", NULL);
	reply_free(&r);
	/* Found by fuzz-request: a POST /pgn without a Content-Type made fend read a NULL
	 * type and die. */
	http1("POST", "/pgn", NULL, "1. e4 e5 *", NULL, &r);
	assert_problem(&r, 415, "unsupported_media_type", NULL);
	/* The whole list of types, not cut short. */
	ck_assert_ptr_nonnull(strstr(r.body, "text/plain or application/json\""));
	reply_free(&r);
	daemon_alive(&fend);
}
END_TEST

START_TEST(invalid_fen_and_illegal_move)
{
	struct reply r;

	post_json("/moves", "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\"}", &r);
	assert_problem(&r, 422, "invalid_fen", NULL);
	ck_assert_int_gt(cJSON_GetArraySize(cjson_member(r.json, "errors")), 0);
	ck_assert(cJSON_IsArray(cjson_member(r.json, "warnings")));
	reply_free(&r);
	post_json("/apply-move", "{\"fen\":\"" START_FEN "\",\"moves\":[\"e2e4\",\"e7e5\",\"e1e2\",\"a7a1\"]}", &r);
	assert_problem(&r, 422, "illegal_move", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "index"), 3);
	ck_assert_str_eq(cjson_string(r.json, "move"), "a7a1");
	ck_assert_str_eq(cjson_string(r.json, "reason"), "not_legal");
	ck_assert_str_eq(cjson_string(r.json, "fen"), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2");
	ck_assert_int_gt(cJSON_GetArraySize(cjson_member(r.json, "legal_moves")), 0);
	reply_free(&r);
	post_json("/apply-move", "{\"fen\":\"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\",\"move\":\"Nd2\"}", &r);
	assert_problem(&r, 422, "ambiguous_move", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cjson_member(r.json, "candidates")), 2);
	reply_free(&r);
	post_json("/apply-move", "{\"fen\":\"" START_FEN "\",\"move\":\"e2e4+\",\"strict_san\":true,\"notation\":\"san\"}", &r);
	assert_problem(&r, 422, "non_standard_san", NULL);
	ck_assert_str_eq(cjson_string(r.json, "rule"), "coordinate_move");
	reply_free(&r);
}
END_TEST

START_TEST(payload_too_large)
{
	struct reply r;
	char body[200], head[256], buf[4096];
	int fd;

	/* With --max-body 64: a body with its Content-Length over the limit. */
	snprintf(body, sizeof body, "{\"fen\":\"%s\",\"pad\":\"%080d\"}", START_FEN, 0);
	post_json("/validate", body, &r);
	assert_problem(&r, 413, "payload_too_large", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "limit"), 64);
	reply_free(&r);

	/* The same body chunked: refused once it passes the limit. */
	static const char *const chunked[] = { "Transfer-Encoding: chunked", NULL };
	http1("POST", "/validate", "application/json", body, chunked, &r);
	assert_problem(&r, 413, "payload_too_large", NULL);
	reply_free(&r);

	/* A Content-Length over the limit is answered before any of the body is sent. */
	fd = raw_connect(fend.port);
	ck_assert_int_ge(fd, 0);
	snprintf(head, sizeof head,
		 "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
		 "Content-Length: 100000000\r\n\r\n");
	raw_send(fd, head, strlen(head));
	raw_read(fd, buf, sizeof buf, 5000);
	close(fd);
	ck_assert_msg(!strncmp(buf, "HTTP/1.1 413 ", 13), "got: %s", buf);
	ck_assert_ptr_nonnull(strcasestr(buf, "Content-Type: application/problem+json"));
	ck_assert_ptr_nonnull(strstr(buf, "\"code\":\"payload_too_large\""));

	/* Small bodies still work. */
	post_json("/validate", "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}", &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
}
END_TEST

/* ---- headers, connections ---- */

START_TEST(cors_preflight)
{
	static const char *const headers[] = { "Origin: https://app.example", "Access-Control-Request-Method: POST",
					       "Access-Control-Request-Headers: content-type, if-none-match", NULL };
	static const char *const odd[] = { "Origin: https://app.example", "Access-Control-Request-Method: GET",
					   "Access-Control-Request-Headers: x-a;b", NULL };
	static const char *const conditional[] = {
		"Origin: https://app.example", "Access-Control-Request-Method: GET",
		"Access-Control-Request-Headers: If-None-Match, If-Modified-Since, Cache-Control, X-Request-Id", NULL
	};
	struct reply r;
	char value[128];

	/* a list of names that is not one: the headers fend reads */
	http1("OPTIONS", "/render", NULL, NULL, odd, &r);
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Headers", value, sizeof value),
			 "Content-Type, X-Request-Id, If-None-Match, If-Modified-Since, Cache-Control, Accept, Accept-Language");
	reply_free(&r);
	http1("OPTIONS", "/validate", NULL, NULL, headers, &r);
	ck_assert_int_eq(r.status, 204);
	ck_assert_int_eq((int)r.length, 0);
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Origin", value, sizeof value), "*");
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Methods", value, sizeof value),
			 "GET, HEAD, POST, OPTIONS");
	/* the headers the browser asked for */
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Headers", value, sizeof value),
			 "content-type, if-none-match");
	ck_assert_str_eq(reply_header(&r, "Access-Control-Max-Age", value, sizeof value), "86400");
	ck_assert_str_eq(reply_header(&r, "Allow", value, sizeof value), "GET, HEAD, POST, OPTIONS");
	ck_assert_ptr_nonnull(reply_header(&r, "X-Request-Id", value, sizeof value));
	reply_free(&r);
	http1("OPTIONS", "/health", NULL, NULL, headers, &r);
	ck_assert_int_eq(r.status, 204);
	ck_assert_str_eq(reply_header(&r, "Allow", value, sizeof value), "GET, HEAD, OPTIONS");
	reply_free(&r);
	/* a page revalidating a picture sets conditional and cache headers */
	http1("OPTIONS", "/render", NULL, NULL, conditional, &r);
	ck_assert_int_eq(r.status, 204);
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Headers", value, sizeof value),
			 "If-None-Match, If-Modified-Since, Cache-Control, X-Request-Id");
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Methods", value, sizeof value),
			 "GET, HEAD, POST, OPTIONS");
	reply_free(&r);
	http1("OPTIONS", "/elsewhere", NULL, NULL, headers, &r);
	assert_problem(&r, 404, "not_found", NULL);
	reply_free(&r);
}
END_TEST

START_TEST(request_ids)
{
	static const char *const given[] = { "X-Request-Id: my-trace/42:a", NULL };
	static const char *const spaced[] = { "X-Request-Id: has space", NULL };
	struct reply r;
	char value[256], first[256];

	http1("GET", "/health", NULL, NULL, given, &r);
	ck_assert_str_eq(reply_header(&r, "X-Request-Id", value, sizeof value), "my-trace/42:a");
	reply_free(&r);
	post_json("/validate", "{}", &r); /* problems carry it too */
	ck_assert_int_eq((int)strlen(reply_header(&r, "X-Request-Id", first, sizeof first)), 16);
	ck_assert_int_eq((int)strspn(first, "0123456789abcdef"), 16);
	reply_free(&r);
	http1("GET", "/health", NULL, NULL, spaced, &r);
	ck_assert_int_eq((int)strlen(reply_header(&r, "X-Request-Id", value, sizeof value)), 16);
	ck_assert_str_ne(value, first);
	reply_free(&r);
}
END_TEST

START_TEST(keep_alive)
{
	CURL *c = curl_easy_init();
	struct reply r;

	http(c, "GET", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(r.connects, 1);
	reply_free(&r);
	http(c, "POST", "/validate", "application/json", START_BODY, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(r.connects, 0);
	reply_free(&r);
	http(c, "POST", "/validate", "application/json", "{\"fen\":1}", NULL, &r);
	ck_assert_int_eq(r.status, 400);
	ck_assert_int_eq(r.connects, 0);
	reply_free(&r);
	http(c, "GET", "/nope", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 404);
	ck_assert_int_eq(r.connects, 0);
	reply_free(&r);
	http(c, "GET", "/moves?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(r.connects, 0);
	reply_free(&r);
	curl_easy_cleanup(c);
}
END_TEST

#define CONCURRENT_THREADS 8
#define CONCURRENT_REQUESTS 200

/* One client thread: alternates POST /validate and GET /moves on one connection;
 * returns how many answers were wrong. */
static void *concurrent_client(void *arg)
{
	CURL *c = curl_easy_init();
	intptr_t wrong = 0;
	char url[128];

	(void)arg;
	for (int i = 0; c && i < CONCURRENT_REQUESTS; i++) {
		struct reply r = { 0 };
		struct curl_slist *list = curl_slist_append(NULL, "Content-Type: application/json");
		curl_easy_reset(c);
		curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, reply_on_body);
		curl_easy_setopt(c, CURLOPT_WRITEDATA, &r);
		curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
		curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
		if (i % 2 == 0) {
			snprintf(url, sizeof url, "%s/validate", fend.base);
			curl_easy_setopt(c, CURLOPT_POSTFIELDS, START_BODY);
			curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
		} else {
			snprintf(url, sizeof url, "%s/moves?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1", fend.base);
		}
		curl_easy_setopt(c, CURLOPT_URL, url);
		CURLcode rc = curl_easy_perform(c);
		long status = 0;
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
		if (rc != CURLE_OK || status != 200 || !r.body ||
		    !strstr(r.body, i % 2 == 0 ? "\"legal_moves\":20," : "\"count\":3,"))
			wrong++;
		curl_slist_free_all(list);
		free(r.body);
	}
	if (!c)
		wrong = CONCURRENT_REQUESTS;
	curl_easy_cleanup(c);
	return (void *)wrong;
}

START_TEST(concurrent_clients)
{
	pthread_t threads[CONCURRENT_THREADS];
	intptr_t wrong = 0;

	for (int i = 0; i < CONCURRENT_THREADS; i++)
		ck_assert_int_eq(pthread_create(&threads[i], NULL, concurrent_client, NULL), 0);
	for (int i = 0; i < CONCURRENT_THREADS; i++) {
		void *result;
		pthread_join(threads[i], &result);
		wrong += (intptr_t)result;
	}
	ck_assert_int_eq((int)wrong, 0);
	daemon_alive(&fend);
}
END_TEST

START_TEST(pipelined_requests)
{
	static const char three[] = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
				    "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\n{\"fen\":\"nope\"}"
				    "GET /version HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
	char buf[8192];
	int fd = raw_connect(fend.port);

	ck_assert_int_ge(fd, 0);
	raw_send(fd, three, sizeof three - 1);
	raw_read(fd, buf, sizeof buf, 5000);
	close(fd);
	ck_assert_int_eq(count_of(buf, "HTTP/1.1 200 OK"), 3);
	ck_assert_ptr_nonnull(strstr(buf, "{\"status\":\"ok\"}"));
	ck_assert_ptr_nonnull(strstr(buf, "\"valid\":false"));
	ck_assert_ptr_nonnull(strstr(buf, "\"name\":\"fend\""));
}
END_TEST

/* Requests a server must survive; after each, fend still answers. */
static const char *const garbage[] = {
	"\x00\x01\x02\xff\xfe\xfd\r\n\r\n",
	"\r\n\r\n\r\n\r\n",
	"GET\r\n\r\n",
	"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
	"FOO /health HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /health HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n",
	"GET /validate?fen=%zz%00%ff&mode=%&chess960=%%% HTTP/1.1\r\nHost: x\r\n\r\n",
	"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
	"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999999999\r\n\r\n",
	"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{}",
	"POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
	"POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nabc",
	"POST /apply-move HTTP/1.1\r\nHost: x\r\nContent-Length: 30\r\n\r\n{\"fen\":\"",
	"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\n{\"a\":\0\0\0}",
	"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 24\r\n\r\n"
	"[[[[[[[[[[[[[[[[[[[[[[[[",
	"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET http://evil.example/health HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /health HTTP/1.0\r\n\r\n",
};

START_TEST(garbage_requests)
{
	char buf[65536];
	struct reply r;
	size_t big = 200000;
	char *huge = malloc(big + 128);

	for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
		int fd = raw_connect(fend.port);
		ck_assert_int_ge(fd, 0);
		/* Sizes by hand: some rows hold NUL bytes. */
		size_t len = strlen(garbage[i]);
		if (i == 0)
			len = 10;
		else if (strstr(garbage[i], "{\"a\":"))
			len = strlen(garbage[i]) + 4;
		raw_send(fd, garbage[i], len);
		raw_read(fd, buf, sizeof buf, 300);
		close(fd);
		daemon_alive(&fend);
	}
	/* A huge header, a huge URL and a huge number of headers. */
	for (int k = 0; k < 3; k++) {
		size_t n = 0;
		int fd;
		if (k == 0) {
			n = (size_t)sprintf(huge, "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ");
			memset(huge + n, 'a', big - n);
			n = big;
		} else if (k == 1) {
			n = (size_t)sprintf(huge, "GET /");
			memset(huge + n, 'a', big - n);
			n = big;
			n += (size_t)sprintf(huge + n, " HTTP/1.1\r\nHost: x");
		} else {
			n = (size_t)sprintf(huge, "GET /health HTTP/1.1\r\nHost: x");
			while (n + 8 < big)
				n += (size_t)sprintf(huge + n, "\r\nA: b");
		}
		n += (size_t)sprintf(huge + n, "\r\n\r\n");
		fd = raw_connect(fend.port);
		ck_assert_int_ge(fd, 0);
		raw_send(fd, huge, n);
		raw_read(fd, buf, sizeof buf, 1000);
		close(fd);
		ck_assert_msg(!strncmp(buf, "HTTP/1.1 4", 10) || buf[0] == '\0', "huge request %d got: %.100s", k, buf);
		daemon_alive(&fend);
	}
	free(huge);
	/* Connections opened and dropped at once, and half-sent requests left hanging. */
	for (int k = 0; k < 50; k++) {
		int fd = raw_connect(fend.port);
		ck_assert_int_ge(fd, 0);
		if (k % 2)
			raw_send(fd, "GET /hea", 8);
		close(fd);
	}
	http1("GET", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(r.body, "{\"status\":\"ok\"}");
	reply_free(&r);
	daemon_alive(&fend);
}
END_TEST

/* ---- the process: flags, shutdown, log ---- */

/* Runs fend with args to completion; returns its wait status, with stdout and stderr. */
static int run_fend(const char *const *env, const char *const *args, char *out, size_t out_size, char *err,
		    size_t err_size)
{
	int o[2], e[2], status;
	pid_t pid;
	ssize_t n;

	ck_assert_int_eq(pipe(o), 0);
	ck_assert_int_eq(pipe(e), 0);
	pid = fend_spawn(o[1], e[1], env, args);
	close(o[1]);
	close(e[1]);
	n = read(o[0], out, out_size - 1);
	out[n > 0 ? n : 0] = '\0';
	n = read(e[0], err, err_size - 1);
	err[n > 0 ? n : 0] = '\0';
	close(o[0]);
	close(e[0]);
	waitpid(pid, &status, 0);
	return status;
}

static const char *const bad_flag_rows[][3] = {
	{ "--port", "http", NULL },   { "--port", "70000", NULL },        { "--threads", "0", NULL },
	{ "--max-body", "-1", NULL }, { "--timeout", "soon", NULL },      { "--log", "loud", NULL },
	{ "--listen", "example.org", NULL }, { "--cors-origin", "a\r\nX-Evil: 1", NULL },
	{ "--max-connections", "0", NULL },  { "--bogus", NULL, NULL },   { "extra", NULL, NULL },
	{ "--log", NULL, NULL },
};

START_TEST(bad_flags_exit_2)
{
	char out[4096], err[4096];
	int status = run_fend(NULL, bad_flag_rows[_i], out, sizeof out, err, sizeof err);

	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 2);
	ck_assert_str_eq(out, "");
	ck_assert_msg(!strncmp(err, "fend: ", 6), "stderr: %s", err);
	ck_assert_ptr_nonnull(strstr(err, "fend --help"));
}
END_TEST

START_TEST(bad_env_exit_2)
{
	static const char *const env[] = { "FEND_PORT=eighty", NULL };
	char out[4096], err[4096];
	int status = run_fend(env, NULL, out, sizeof out, err, sizeof err);

	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 2);
	ck_assert_ptr_nonnull(strstr(err, "FEND_PORT"));
}
END_TEST

START_TEST(help_and_version)
{
	static const char *const help[] = { "--help", NULL };
	static const char *const version[] = { "--version", NULL };
	char out[8192], err[4096];
	int status;

	status = run_fend(NULL, help, out, sizeof out, err, sizeof err);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert(!strncmp(out, "usage: fend", 11));
	ck_assert_ptr_nonnull(strstr(out, "--listen"));
	ck_assert_ptr_nonnull(strstr(out, "FEND_MAX_BODY"));
	ck_assert_str_eq(err, "");
	status = run_fend(NULL, version, out, sizeof out, err, sizeof err);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert_str_eq(out, "fend " PACKAGE_VERSION "\n");
}
END_TEST

START_TEST(port_in_use_exit_1)
{
	char port[16], out[4096], err[4096];
	const char *args[] = { "--port", port, "--log", "off", NULL };
	int status;

	snprintf(port, sizeof port, "%u", fend.port);
	status = run_fend(NULL, args, out, sizeof out, err, sizeof err);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 1);
	ck_assert_str_eq(out, "");
	ck_assert_ptr_nonnull(strstr(err, "cannot listen"));
	daemon_alive(&fend);
}
END_TEST

START_TEST(environment_settings)
{
	static const char *const env[] = { "FEND_PORT=0", "FEND_LOG=off", "FEND_CORS_ORIGIN=https://app.example",
					   "FEND_MAX_BODY=100", NULL };
	struct reply r;
	char value[128];

	daemon_start_env(&fend, NULL, env, NULL);
	http1("GET", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Access-Control-Allow-Origin", value, sizeof value), "https://app.example");
	ck_assert_str_eq(reply_header(&r, "Vary", value, sizeof value), "Origin");
	reply_free(&r);
	post_json("/validate", "{\"fen\":\"" START_FEN "\",\"mode\":\"strict\",\"ep\":\"fen\",\"castling\":\"standard\"}", &r);
	ck_assert_int_eq(r.status, 413);
	ck_assert_int_eq((int)cjson_number(r.json, "limit"), 100);
	reply_free(&r);
	daemon_stop(&fend);
}
END_TEST

START_TEST(ipv6_listen)
{
	/* Where the host has IPv6 loopback, fend serves on it; where it has not, it says it
	 * cannot listen and exits 1. Either way the answer is checked. */
	int probe = socket(AF_INET6, SOCK_STREAM, 0);
	struct sockaddr_in6 sa = { .sin6_family = AF_INET6, .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	bool have_ipv6 = probe >= 0 && bind(probe, (struct sockaddr *)&sa, sizeof sa) == 0;
	static const char *const args[] = { "--listen", "::1", "--port", "0", "--log", "off", NULL };

	if (probe >= 0)
		close(probe);
	if (!have_ipv6) {
		char out[1024], err[1024];
		int status = run_fend(NULL, args, out, sizeof out, err, sizeof err);
		ck_assert(WIFEXITED(status));
		ck_assert_int_eq(WEXITSTATUS(status), 1);
		return;
	}
	daemon_start(&fend, args);
	char expected[128];
	snprintf(expected, sizeof expected, "fend %s listening on http://[::1]:%u\n", PACKAGE_VERSION, fend.port);
	ck_assert_str_eq(fend.line, expected);
	snprintf(fend.base, sizeof fend.base, "http://[::1]:%u", fend.port);
	struct reply r;
	http1("GET", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
	daemon_stop(&fend);
}
END_TEST

START_TEST(sigterm_with_request_in_flight)
{
	static const char *const args[] = { "--port", "0", "--log", "off", "--timeout", "10", NULL };
	static const char body[] = START_BODY;
	size_t half = (sizeof body - 1) / 2;
	char head[256], buf[8192];
	int fd, late, status;

	daemon_start(&fend, args);
	fd = raw_connect(fend.port);
	ck_assert_int_ge(fd, 0);
	snprintf(head, sizeof head,
		 "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
		 "Content-Length: %zu\r\n\r\n",
		 sizeof body - 1);
	raw_send(fd, head, strlen(head));
	raw_send(fd, body, half);
	test_sleep_ms(300);
	kill(fend.pid, SIGTERM);
	/* Draining: the listening socket is closed soon, the request in flight is not. */
	for (int i = 0; i < 500 && (late = raw_connect(fend.port)) >= 0; i++) {
		close(late);
		test_sleep_ms(10);
	}
	ck_assert_int_lt(late, 0);
	daemon_alive(&fend);
	raw_send(fd, body + half, sizeof body - 1 - half);
	raw_read(fd, buf, sizeof buf, 10000);
	close(fd);
	ck_assert_msg(!strncmp(buf, "HTTP/1.1 200 OK\r\n", 17), "got: %s", buf);
	ck_assert_ptr_nonnull(strcasestr(buf, "\r\nConnection: close\r\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\"valid\":true"));
	ck_assert_ptr_nonnull(strstr(buf, "\"warnings\":[]}"));
	status = daemon_wait(&fend);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
}
END_TEST

START_TEST(sigint_idle_exits_0)
{
	static const char *const args[] = { "--port", "0", "--log", "off", NULL };
	CURL *c = curl_easy_init();
	struct reply r;
	int status;

	daemon_start(&fend, args);
	/* An idle keep-alive connection does not hold up the exit. */
	http(c, "GET", "/health", NULL, NULL, NULL, &r);
	reply_free(&r);
	kill(fend.pid, SIGINT);
	status = daemon_wait(&fend);
	curl_easy_cleanup(c);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
}
END_TEST

/* Reads a whole small file. */
static void read_file(const char *path, char *out, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	ck_assert_ptr_nonnull(f);
	n = fread(out, 1, size - 1, f);
	out[n] = '\0';
	fclose(f);
}

START_TEST(access_log_text)
{
	static const char *const args[] = { "--port", "0", "--log", "text", NULL };
	static const char *const id[] = { "X-Request-Id: log-test-1", NULL };
	char path[] = "/tmp/fend-log-XXXXXX", text[8192];
	int fd = mkstemp(path);
	regex_t re;
	struct reply r;

	ck_assert_int_ge(fd, 0);
	close(fd);
	daemon_start_env(&fend, path, NULL, args);
	http1("GET", "/health", NULL, NULL, id, &r);
	reply_free(&r);
	http1("POST", "/validate", "application/json", "[]", NULL, &r);
	reply_free(&r);
	daemon_stop(&fend);
	read_file(path, text, sizeof text);
	unlink(path);
	/* Two lines, in either order: each is written when its request completes. */
	ck_assert_int_eq(count_of(text, "\n"), 2);
	ck_assert_int_eq(regcomp(&re,
				 "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z 127\\.0\\.0\\.1 GET /health "
				 "200 15 [0-9]+us id=log-test-1$",
				 REG_EXTENDED | REG_NEWLINE),
			 0);
	ck_assert_msg(regexec(&re, text, 0, NULL, 0) == 0, "log: %s", text);
	regfree(&re);
	ck_assert_int_eq(regcomp(&re,
				 "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{12}Z 127\\.0\\.0\\.1 POST /validate 400 [0-9]+ [0-9]+us "
				 "id=[0-9a-f]{16}$",
				 REG_EXTENDED | REG_NEWLINE),
			 0);
	ck_assert_msg(regexec(&re, text, 0, NULL, 0) == 0, "log: %s", text);
	regfree(&re);
}
END_TEST

START_TEST(access_log_json)
{
	static const char *const args[] = { "--port", "0", "--log", "json", NULL };
	char path[] = "/tmp/fend-log-XXXXXX", text[8192];
	int fd = mkstemp(path);
	struct reply r;
	cJSON *line;

	ck_assert_int_ge(fd, 0);
	close(fd);
	daemon_start_env(&fend, path, NULL, args);
	http1("GET", "/moves?fen=8/8/8/8/8/8/8/K6k+w+-+-+0+1", NULL, NULL, NULL, &r);
	daemon_stop(&fend);
	read_file(path, text, sizeof text);
	unlink(path);
	ck_assert_int_eq(count_of(text, "\n"), 1);
	line = cJSON_Parse(text);
	ck_assert_ptr_nonnull(line);
	ck_assert_int_eq((int)strlen(cjson_string(line, "time")), 24);
	ck_assert_str_eq(cjson_string(line, "client"), "127.0.0.1");
	ck_assert_str_eq(cjson_string(line, "method"), "GET");
	ck_assert_str_eq(cjson_string(line, "path"), "/moves");
	ck_assert_int_eq((int)cjson_number(line, "status"), 200);
	ck_assert_int_eq((int)cjson_number(line, "bytes"), (int)r.length);
	ck_assert_int_ge((int)cjson_number(line, "duration_us"), 0);
	ck_assert_int_eq((int)strlen(cjson_string(line, "request_id")), 16);
	cJSON_Delete(line);
	reply_free(&r);
}
END_TEST

/* ---- bulk validation: POST /validate with NDJSON, streamed ---- */

static void fixture_start_bulk(void)
{
	/* Two heavy threads: a body's chunks are validated on both (bulk.c). */
	static const char *const args[] = { "--port", "0", "--log", "off", "--threads", "2", "--heavy-threads", "2",
					    "--max-bulk-body", "20000000", NULL };

	daemon_start(&fend, args);
}

START_TEST(bulk_validate_lines)
{
	static const char body[] = "\"" START_FEN "\"\n"
				   "not json\n"
				   "{\"fen\":\"4k3/8/8/8/8/8/8/4K3\",\"mode\":\"lenient\"}\r\n"
				   "\n"
				   "{\"mode\":\"strict\"}\n"
				   "\"" E4_FEN "\"";
	struct reply r;
	char value[128];
	char *line, *save = NULL;
	int n = 0;

	http1("POST", "/validate", "application/x-ndjson", body, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), "application/x-ndjson");
	ck_assert_str_eq(reply_header(&r, "Transfer-Encoding", value, sizeof value), "chunked");
	ck_assert_ptr_nonnull(reply_header(&r, "X-Request-Id", value, sizeof value));
	ck_assert_int_eq(count_of(r.body, "\n"), 5);
	for (line = strtok_r(r.body, "\n", &save); line; line = strtok_r(NULL, "\n", &save), n++) {
		static const int numbers[] = { 1, 2, 3, 5, 6 };
		cJSON *rec = cJSON_Parse(line);
		ck_assert_msg(rec != NULL, "line %d is not JSON: %s", n, line);
		ck_assert_int_eq((int)cjson_number(rec, "line"), numbers[n]);
		if (n == 0 || n == 2)
			ck_assert(cJSON_IsTrue(cjson_member(cjson_member(rec, "result"), "valid")));
		if (n == 4)
			ck_assert_str_eq(cjson_string(cjson_member(rec, "result"), "fen"), E4_FEN);
		if (n == 1)
			ck_assert_str_eq(cjson_string(cjson_member(rec, "error"), "code"), "malformed_json");
		if (n == 3) {
			ck_assert_str_eq(cjson_string(cjson_member(rec, "error"), "code"), "missing_field");
			ck_assert_str_eq(cjson_string(cjson_member(rec, "error"), "field"), "fen");
		}
		cJSON_Delete(rec);
	}
	ck_assert_int_eq(n, 5);
	reply_free(&r);
	/* the query's options are the lines' defaults; a bad one is a 400 for the request */
	http1("POST", "/validate?mode=lenient", "application/x-ndjson", "\"4k3/8/8/8/8/8/8/4K3\"\n", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "{\"line\":1,\"result\":{\"valid\":true,"));
	reply_free(&r);
	http1("POST", "/validate?ep=nope", "application/x-ndjson", "\"4k3/8/8/8/8/8/8/4K3\"\n", NULL, &r);
	assert_problem(&r, 400, "invalid_field", "ep");
	reply_free(&r);
	/* an empty body is an empty answer */
	http1("POST", "/validate", "application/x-ndjson", "", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_uint_eq(r.length, 0);
	reply_free(&r);
	/* JSON bodies are single requests as before */
	post_json("/validate", START_BODY, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(cJSON_IsTrue(cjson_member(r.json, "valid")));
	reply_free(&r);
}
END_TEST

/* Over --max-bulk-body: 413 by Content-Length before reading, and for a chunked body
 * once it passes the limit; fend keeps serving. */
START_TEST(bulk_validate_limit)
{
	static const char *const chunked[] = { "Transfer-Encoding: chunked", NULL };
	static const char *const expect_continue[] = { "Expect: 100-continue", NULL };
	size_t n = 20000001;
	char *body = malloc(n + 1);
	struct reply r;

	memset(body, ' ', n);
	body[n] = '\0';
	/* Over the limit by Content-Length: answered before the body is sent (as curl's own
	 * tool asks for large bodies). Without Expect the client would still be sending when
	 * fend closes, and the reset could lose the answer under load. */
	http1("POST", "/validate", "application/x-ndjson", body, expect_continue, &r);
	assert_problem(&r, 413, "payload_too_large", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "limit"), 20000000);
	reply_free(&r);
	http1("POST", "/validate", "application/x-ndjson", body, chunked, &r);
	assert_problem(&r, 413, "payload_too_large", NULL);
	reply_free(&r);
	free(body);
	http1("POST", "/validate", "application/x-ndjson", "\"" START_FEN "\"", chunked, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "\"valid\":true"));
	reply_free(&r);
}
END_TEST

/* A body far larger than --max-body is read in constant memory: 16 MB of lines (mostly
 * blank, so the answer stays small) leave fend's peak RSS far below the body's size. */
START_TEST(bulk_validate_constant_memory)
{
	size_t n = 16 * 1024 * 1024, used = 0;
	char *body = malloc(n + 256);
	struct reply r;
	long before = proc_status_kb(fend.pid, "VmHWM"), after;
	int lines = 0, fens = 0;

	while (used + 1100 < n) {
		if (lines++ % 1000 == 0) {
			used += (size_t)sprintf(body + used, "\"" START_FEN "\"\n");
			fens++;
		}
		memset(body + used, ' ', 1000);
		used += 1000;
		body[used++] = '\n';
	}
	body[used] = '\0';
	http1("POST", "/validate", "application/x-ndjson", body, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(count_of(r.body, "\"valid\":true"), fens);
	reply_free(&r);
	free(body);
	after = proc_status_kb(fend.pid, "VmHWM");
	ck_assert_msg(after - before < 6 * 1024, "peak RSS grew from %ld kB to %ld kB for a 16 MB body", before, after);
}
END_TEST

/* A body of 40,000 positions, validated on both heavy threads: every line answered once,
 * in order, and the peak RSS does not grow with the body. */
START_TEST(bulk_validate_parallel_in_order)
{
	static const char *const fens[] = { START_FEN, "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" };
	const int count = 40000;
	size_t used = 0;
	char *body = malloc((size_t)count * 80);
	const char *p, *end;
	struct reply r;
	long before, after;
	int line = 0, valid = 0;

	for (int i = 0; i < count; i++)
		used += (size_t)sprintf(body + used, "\"%s\"\n", fens[i % 3]);
	/* A tenth of the body first: both heavy threads' chunks and arenas are then in use,
	 * so what follows measures what the other nine tenths add (nothing, when bounded). */
	p = body;
	for (int i = 0; i < count / 10; i++)
		p = strchr(p, '\n') + 1;
	{
		char *part = strndup(body, (size_t)(p - body));

		ck_assert_ptr_nonnull(part);
		http1("POST", "/validate", "application/x-ndjson", part, NULL, &r);
		ck_assert_int_eq(r.status, 200);
		reply_free(&r);
		free(part);
	}
	before = proc_status_kb(fend.pid, "VmHWM");
	http1("POST", "/validate", "application/x-ndjson", body, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	/* Each line is looked at in a copy of its own: the sanitizers' strstr and strtoul
	 * read the whole rest of the answer at every call (40,000 lines: minutes). */
	for (p = r.body; *p; p = end + 1) {
		char one[4096];
		const char *v;

		end = memchr(p, '\n', r.length - (size_t)(p - r.body));
		if (!end || (size_t)(end - p) >= sizeof one)
			break;
		memcpy(one, p, (size_t)(end - p));
		one[end - p] = '\0';
		v = strstr(one, "\"valid\":");
		if (strncmp(one, "{\"line\":", 8) || strtoul(one + 8, NULL, 10) != (unsigned long)line + 1 || !v)
			break;
		line++;
		/* the first and third positions of each three are legal, the second not */
		if (!strncmp(v, "\"valid\":true", 12))
			valid++;
	}
	ck_assert_msg(line == count, "%d lines in order, then: %.80s", line, p);
	ck_assert_int_eq(valid, count / 3 * 2 + 1);
	reply_free(&r);
	free(body);
	after = proc_status_kb(fend.pid, "VmHWM");
#if !defined(__SANITIZE_ADDRESS__)
	/* (AddressSanitizer's quarantine holds what is freed: its RSS says nothing of this) */
	ck_assert_msg(after - before < 6 * 1024, "peak RSS grew from %ld kB to %ld kB", before, after);
#else
	(void)before;
	(void)after;
#endif
}
END_TEST

/* ---- POST /pgn ---- */

#define PGN_MINI "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 Nc6 {Normal development} " \
	"5. h3 Bh5? (5...Bxf3 6. Qxf3) 6. Nxe5!! Bxd1?? (6... dxe5 7. Qxh5) 7. Bxf7+ Ke7 8. Nd5# 1-0\n"
#define PGN_MINI_FINAL "r2q1bnr/ppp1kBpp/2np4/3NN3/4P3/7P/PPPP1PP1/R1BbK2R b KQ - 2 8"

static const cJSON *pgn_game(const struct reply *r, int i)
{
	const cJSON *games = cJSON_GetObjectItemCaseSensitive(r->json, "games");

	ck_assert_msg(cJSON_IsArray(games), "no games array: %s", r->body);
	ck_assert_ptr_nonnull(cJSON_GetArrayItem(games, i));
	return cJSON_GetArrayItem(games, i);
}

/* A game's problems in the language Accept-Language asks for, with the codes of English:
 * /pgn's warnings and 422, /convert's notes. */
START_TEST(pgn_accept_language)
{
	static const char *const italian[] = { "Accept-Language: it", NULL };
	struct reply r;
	char value[64];

	http1("POST", "/pgn", "application/x-chess-pgn", "1. e4 $300 e5 *", italian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Language", value, sizeof value), "it");
	{
		const cJSON *warning = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(pgn_game(&r, 0), "warnings"), 0);
		ck_assert_str_eq(cjson_string(warning, "code"), "nag_out_of_range");
		ck_assert_str_eq(cjson_string(warning, "message"), "i NAG vanno da $0 a $255: $300 ignorato");
	}
	reply_free(&r);
	http1("POST", "/pgn", "application/x-chess-pgn", "1. e4 e5 2. Nf3 ) *", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "')' without a '(' before it"));
	reply_free(&r);
	http1("POST", "/pgn", "application/x-chess-pgn", "1. e4 e5 2. Nf3 ) *", italian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "\"code\":\"unmatched_parenthesis\""));
	ck_assert_ptr_nonnull(strstr(r.body, "')' senza una '(' prima"));
	reply_free(&r);
	http1("POST", "/convert", "application/json", "{\"text\":\"1. e4 e5 1-0\",\"from\":\"san\"}", italian, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "\"code\":\"result\""));
	ck_assert_ptr_nonnull(strstr(r.body, "il risultato 1-0 chiude le mosse"));
	reply_free(&r);
}
END_TEST

START_TEST(pgn_bodies)
{
	static const char *const types[] = { "application/x-chess-pgn", "application/vnd.chess-pgn",
					     "text/plain; charset=utf-8" };
	char value[128];
	struct reply r;

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		http1("POST", "/pgn", types[i], PGN_MINI, NULL, &r);
		ck_assert_int_eq(r.status, 200);
		assert_json_type(&r);
		ck_assert_str_eq(reply_header(&r, "Transfer-Encoding", value, sizeof value), "chunked");
		ck_assert_str_eq(cjson_string(pgn_game(&r, 0), "final_fen"), PGN_MINI_FINAL);
		ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(pgn_game(&r, 0), "status"), "checkmate")));
		ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(pgn_game(&r, 0), "moves")), 15);
		reply_free(&r);
	}
	/* JSON: the PGN in "pgn", options beside it */
	http1("POST", "/pgn", "application/json",
	      "{\"pgn\": \"1. e4 e5 2. Nf3 *\\n\\n1. d4 *\", \"lang\": \"de\", \"ep\": \"legal\"}", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	{
		const cJSON *moves = cJSON_GetObjectItemCaseSensitive(pgn_game(&r, 0), "moves");
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 2), "san"), "Sf3");
		ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(moves, 0), "fen"),
				 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
		ck_assert_int_eq((int)cjson_number(pgn_game(&r, 1), "index"), 1);
	}
	reply_free(&r);
	/* a PGN body takes its options from the query */
	http1("POST", "/pgn?lang=it&ep=legal", "application/x-chess-pgn", "1. e4 e5 2. Cf3 *", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(cjson_string(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(pgn_game(&r, 0), "moves"), 2),
				      "san"),
			 "Cf3");
	reply_free(&r);
}
END_TEST

START_TEST(pgn_ndjson)
{
	static const char *const accept[] = { "Accept: application/x-ndjson", NULL };
	char value[128];
	struct reply r;
	int lines = 0;

	http1("POST", "/pgn", "application/x-chess-pgn", PGN_MINI "\n1. d4 d5 *\n\n[Event \"bad\"]\n1. e4 Ke7 *\n", accept,
	      &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "Content-Type", value, sizeof value), "application/x-ndjson");
	for (char *line = r.body, *end; line && *line; line = end ? end + 1 : NULL, lines++) {
		end = strchr(line, '\n');
		ck_assert_ptr_nonnull(end);
		cJSON *game = cJSON_ParseWithLength(line, (size_t)(end - line));
		ck_assert_ptr_nonnull(game);
		ck_assert_int_eq((int)cjson_number(game, "index"), lines);
		if (lines == 2) {
			const cJSON *e = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(game, "errors"), 0);
			ck_assert_str_eq(cjson_string(e, "code"), "illegal_move");
			ck_assert_str_eq(cjson_string(e, "san"), "Ke7");
			ck_assert_int_eq((int)cjson_number(e, "line"), 9);
			ck_assert_int_eq((int)cjson_number(e, "column"), 7);
		}
		cJSON_Delete(game);
	}
	ck_assert_int_eq(lines, 3);
	reply_free(&r);
}
END_TEST

START_TEST(pgn_problems)
{
	struct reply r;

	http1("POST", "/pgn", "text/plain", "<html><body>no</body></html>", NULL, &r);
	assert_problem(&r, 422, "malformed_pgn", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "line"), 1);
	ck_assert_int_eq((int)cjson_number(r.json, "column"), 1);
	reply_free(&r);
	http1("POST", "/pgn", "text/plain", "\n\n  hello world", NULL, &r);
	assert_problem(&r, 422, "malformed_pgn", NULL);
	ck_assert_int_eq((int)cjson_number(r.json, "line"), 3);
	ck_assert_int_eq((int)cjson_number(r.json, "column"), 3);
	reply_free(&r);
	http1("POST", "/pgn", "text/plain", "  {only a comment}\n", NULL, &r);
	assert_problem(&r, 422, "malformed_pgn", NULL);
	reply_free(&r);
	http1("POST", "/pgn", "application/json", "{\"pgn\": 5}", NULL, &r);
	assert_problem(&r, 400, "invalid_field", "pgn");
	reply_free(&r);
	http1("POST", "/pgn", "application/json", "{}", NULL, &r);
	assert_problem(&r, 400, "missing_field", "pgn");
	reply_free(&r);
	http1("POST", "/pgn", "application/json", "{\"pgn\": ", NULL, &r);
	assert_problem(&r, 400, "malformed_json", NULL);
	reply_free(&r);
	http1("POST", "/pgn", "application/json", "{\"pgn\": \"1. e4 *\", \"lang\": \"xx\"}", NULL, &r);
	assert_problem(&r, 400, "invalid_field", "lang");
	reply_free(&r);
	http1("POST", "/pgn?ep=sometimes", "application/x-chess-pgn", "1. e4 *", NULL, &r);
	assert_problem(&r, 400, "invalid_field", "ep");
	reply_free(&r);
	http1("POST", "/pgn", "application/x-www-form-urlencoded", "1. e4 *", NULL, &r);
	assert_problem(&r, 415, "unsupported_media_type", NULL);
	reply_free(&r);
	http1("GET", "/pgn", NULL, NULL, NULL, &r);
	assert_problem(&r, 405, "method_not_allowed", NULL);
	reply_free(&r);
}
END_TEST

static void fixture_start_pgn_small(void)
{
	static const char *const args[] = { "--port", "0", "--log", "off", "--max-pgn-body", "100", NULL };

	daemon_start(&fend, args);
}

START_TEST(pgn_body_limit)
{
	struct reply r;

	http1("POST", "/pgn", "application/x-chess-pgn", "1. e4 e5 *", NULL, &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
	http1("POST", "/pgn", "application/x-chess-pgn", PGN_MINI, NULL, &r);
	assert_problem(&r, 413, "payload_too_large", NULL);
	reply_free(&r);
}
END_TEST

static void fixture_start_pgn_unlimited(void)
{
	static const char *const args[] = { "--port", "0", "--log", "off", "--threads", "2", "--max-pgn-body", "0",
					    NULL };

	daemon_start(&fend, args);
}

/* A body far larger than the default limit, read and answered in constant memory. */
START_TEST(pgn_constant_memory)
{
	static const char *const accept[] = { "Accept: application/x-ndjson", NULL };
	size_t n = 80 * 1024 * 1024, used = 0;
	char *body = malloc(n + 256);
	struct reply r;
	long before = proc_status_kb(fend.pid, "VmHWM"), after;
	int games = 0;

	ck_assert_ptr_nonnull(body);
	while (used + 1100 < n) {
		if (games < 100 && used % 800000 < 1100) {
			used += (size_t)sprintf(body + used, "1. e4 e5 2. Nf3 Nc6 *\n");
			games++;
		}
		body[used++] = '%';
		memset(body + used, ' ', 1000);
		used += 1000;
		body[used++] = '\n';
	}
	body[used] = '\0';
	http1("POST", "/pgn", "application/x-chess-pgn", body, accept, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq(count_of(r.body, "\"index\""), games);
	reply_free(&r);
	free(body);
	after = proc_status_kb(fend.pid, "VmHWM");
	ck_assert_msg(after - before < 8 * 1024, "peak RSS grew from %ld kB to %ld kB for an 80 MB body", before, after);
}
END_TEST

/* ---- abuse: slow clients, floods, framing and size limits ---- */

/* fend with --timeout 2 (and threads, connections as given). */
static void abuse_start(const char *threads, const char *connections)
{
	const char *const args[] = { "--port", "0", "--log", "off", "--timeout", "2", "--threads", threads,
				     "--max-connections", connections, NULL };

	daemon_start(&fend, args);
}

static long long abuse_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* Reads one response with a Content-Length from a keep-alive connection (3 s at
 * most); returns its bytes, 0 when the connection ended first. */
static size_t raw_read_response(int fd, char *out, size_t size)
{
	size_t n = 0;

	while (n < size - 1) {
		struct pollfd p = { fd, POLLIN, 0 };
		char *end, *length;
		ssize_t got;
		out[n] = '\0';
		end = strstr(out, "\r\n\r\n");
		length = strcasestr(out, "Content-Length:");
		if (end && length && n >= (size_t)(end + 4 - out) + strtoul(length + 15, NULL, 10))
			return n;
		if (poll(&p, 1, 3000) != 1 || (got = recv(fd, out + n, size - 1 - n, 0)) <= 0)
			return 0;
		n += (size_t)got;
	}
	return n;
}

/* Another client is served, and quickly. */
static void abuse_others_served(void)
{
	long long t = abuse_ms();
	struct reply r;

	http1("GET", "/health", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	reply_free(&r);
	ck_assert_msg(abuse_ms() - t < 1000 * abuse_slack(), "GET /health took %lld ms beside a slow client",
		      abuse_ms() - t);
}

/* True when the server has closed fd (EOF or reset) without sending anything. */
static bool abuse_closed_silently(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	char c;

	if (poll(&p, 1, 0) != 1)
		return false;
	return recv(fd, &c, 1, MSG_DONTWAIT) <= 0;
}

/* Sends the first `at_once` bytes of request, then trickles the rest a byte every
 * gap_ms; returns the ms (from the first byte) after which fend cut the connection,
 * failing the test if it answered instead or never cut it, and checking that other
 * clients are served meanwhile. */
static long long abuse_trickle(const char *request, size_t at_once, long gap_ms)
{
	int fd = raw_connect(fend.port);
	long long start = abuse_ms();
	size_t n = strlen(request), i;

	ck_assert_int_ge(fd, 0);
	raw_send(fd, request, at_once);
	for (i = at_once; i < n; i++) {
		if (send(fd, request + i, 1, MSG_NOSIGNAL) != 1 || abuse_closed_silently(fd))
			break;
		if (i % 4 == 0)
			abuse_others_served();
		test_sleep_ms(gap_ms);
	}
	ck_assert_msg(i < n, "the whole trickled request went through");
	/* the last byte may have gone out just before the cut: wait for it to show */
	for (int k = 0; k < 40 && !abuse_closed_silently(fd); k++)
		test_sleep_ms(50);
	ck_assert_msg(abuse_closed_silently(fd), "a trickled request was not cut off");
	close(fd);
	return abuse_ms() - start;
}

/* A request line and headers, or a body, trickled a byte at a time (never idle as long
 * as --timeout, so MHD's idle timeout alone would not end them) are cut off after
 * --timeout, while other clients are served. */
START_TEST(abuse_slow_head_and_body)
{
	char body[512];
	long long ms;

	abuse_start("2", "64");
	ms = abuse_trickle("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n", 0, 100);
	ck_assert_msg(ms >= 1900 && ms < 4500 * abuse_slack(), "the slow head was cut after %lld ms, --timeout is 2 s",
		      ms);
	snprintf(body, sizeof body,
		 "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
		 "Content-Length: %zu\r\n\r\n%s",
		 strlen(START_BODY), START_BODY);
	/* the head goes at once, the body a byte every 100 ms */
	ms = abuse_trickle(body, (size_t)(strstr(body, "\r\n\r\n") + 4 - body), 100);
	ck_assert_msg(ms >= 1900 && ms < 4500 * abuse_slack(), "the slow body was cut after %lld ms", ms);
	/* a client that stops sending in the middle is cut by the idle timeout as well */
	{
		int fd = raw_connect(fend.port);
		raw_send(fd, "GET /health HTTP/1.1\r\nHo", 24);
		test_sleep_ms(3000);
		ck_assert(abuse_closed_silently(fd));
		close(fd);
	}
	/* and a client that is quick is not cut, even after the others */
	abuse_others_served();
}
END_TEST

/* The sockets fend has open (its listening socket and its connections). */
static int abuse_sockets(pid_t pid)
{
	char path[64], link[64];
	struct dirent *e;
	int count = 0;
	DIR *dir;

	snprintf(path, sizeof path, "/proc/%d/fd", (int)pid);
	dir = opendir(path);
	ck_assert_ptr_nonnull(dir);
	while ((e = readdir(dir))) {
		char fd_path[320];
		ssize_t n;
		snprintf(fd_path, sizeof fd_path, "%s/%s", path, e->d_name);
		n = readlink(fd_path, link, sizeof link - 1);
		if (n > 0 && !strncmp(link, "socket:", 7))
			count++;
	}
	closedir(dir);
	return count;
}

/* A client that sends a request with a big answer and never reads it holds no worker:
 * with one thread, others are served meanwhile; fend gives up on it after --timeout
 * without progress: its socket is closed, with the answer cut short. */
/* A client that sends its whole body before it reads (Python's urllib, Node's fetch) gets
 * the 413 of a Content-Length over the limit, not a reset: fend reads what it still sends
 * and drops it (a lingering close), also for a 404 with a body and a 415. */
START_TEST(abuse_413_read_after_the_body)
{
	static const char *const paths[] = { "/validate", "/nowhere", "/validate" };
	static const char *const types[] = { "application/json", "application/json", "text/csv" };
	static const char *const status[] = { "HTTP/1.1 413 ", "HTTP/1.1 404 ", "HTTP/1.1 415 " };
	size_t body = 3 * 1024 * 1024;
	char *data = malloc(body), head[256], out[4096];

	ck_assert_ptr_nonnull(data);
	memset(data, ' ', body);
	abuse_start("2", "64");
	for (int k = 0; k < 3; k++) {
		for (int round = 0; round < 5; round++) {
			int fd = raw_connect(fend.port);
			ck_assert_int_ge(fd, 0);
			snprintf(head, sizeof head, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: %zu\r\n\r\n",
				 paths[k], types[k], body);
			raw_send(fd, head, strlen(head));
			/* all of it, before reading anything */
			raw_send(fd, data, body);
			ck_assert_uint_gt(raw_read(fd, out, sizeof out, 5000), 0);
			ck_assert_msg(!strncmp(out, status[k], 13), "round %d: %.60s", round, out);
			close(fd);
		}
	}
	free(data);
	abuse_others_served();
}
END_TEST

START_TEST(abuse_never_reads)
{
	size_t lines = 40000, n = 0;
	char *request = malloc(lines * 70 + 256);
	static char buf[65536];
	int fd, small = 4096, idle;
	ssize_t k;

	abuse_start("1", "64");
	idle = abuse_sockets(fend.pid);
	n = (size_t)sprintf(request,
			    "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
			    "Content-Length: %zu\r\n\r\n",
			    lines * (strlen(START_FEN) + 3));
	for (size_t i = 0; i < lines; i++)
		n += (size_t)sprintf(request + n, "\"%s\"\n", START_FEN);
	fd = raw_connect(fend.port);
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
	raw_send(fd, request, n);
	free(request);
	/* fend is stuck sending to it, yet answers others at once */
	{
		long long t = abuse_ms();
		do {
			abuse_others_served();
			test_sleep_ms(100);
		} while (abuse_ms() - t < 1000);
		/* still open, unless this (slowed-down, under valgrind) client took so long
		 * that --timeout has passed already */
		if (abuse_ms() - t < 1500)
			ck_assert_int_eq(abuse_sockets(fend.pid), idle + 1);
	}
	/* after --timeout without progress fend has let it go */
	test_sleep_ms(3500);
	ck_assert_int_eq(abuse_sockets(fend.pid), idle);
	/* the client can still read what the kernel had buffered for it */
	k = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
	ck_assert_int_gt(k, 0);
	close(fd);
	abuse_others_served();
}
END_TEST

/* More connections than --max-connections: the extra ones are closed at once, the
 * established ones keep being served, and fend recovers when they go. */
START_TEST(abuse_connection_flood)
{
	enum { LIMIT = 8, EXTRA = 24 };
	static const char get[] = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
	int held[LIMIT], extra[EXTRA];
	char buf[2048];
	long long t;

	abuse_start("1", "8");
	for (int i = 0; i < LIMIT; i++) {
		held[i] = raw_connect(fend.port);
		ck_assert_int_ge(held[i], 0);
		raw_send(held[i], get, sizeof get - 1);
		ck_assert_uint_gt(raw_read_response(held[i], buf, sizeof buf), 0);
		ck_assert_msg(!strncmp(buf, "HTTP/1.1 200", 12), "got %s", buf);
	}
	/* the flood: each extra connection ends at once, unanswered */
	t = abuse_ms();
	for (int i = 0; i < EXTRA; i++) {
		extra[i] = raw_connect(fend.port);
		if (extra[i] >= 0)
			raw_send(extra[i], get, sizeof get - 1);
	}
	for (int i = 0; i < EXTRA; i++) {
		if (extra[i] < 0)
			continue;
		ck_assert_uint_eq(raw_read(extra[i], buf, sizeof buf, 2000), 0);
		close(extra[i]);
	}
	ck_assert_msg(abuse_ms() - t < 1500 * abuse_slack(), "refusing %d connections took %lld ms", EXTRA,
		      abuse_ms() - t);
	/* the established ones are still served */
	for (int i = 0; i < LIMIT; i++) {
		raw_send(held[i], get, sizeof get - 1);
		ck_assert_uint_gt(raw_read_response(held[i], buf, sizeof buf), 0);
		ck_assert_msg(!strncmp(buf, "HTTP/1.1 200", 12), "got %s", buf);
	}
	for (int i = 0; i < LIMIT; i++)
		close(held[i]);
	/* recovery: once they are gone, new clients are served */
	test_sleep_ms(200);
	for (int i = 0; i < 2 * LIMIT; i++)
		abuse_others_served();
}
END_TEST

/* Sends raw bytes on a new connection and reads the answer (until close or 3 s). */
static void abuse_exchange(const char *data, size_t length, char *out, size_t size)
{
	int fd = raw_connect(fend.port);

	ck_assert_int_ge(fd, 0);
	raw_send(fd, data, length);
	raw_read(fd, out, size, 3000);
	close(fd);
}

/* Limits on the head: header fields up to 16 KiB and a target up to 8 KiB are served;
 * larger ones get fend's 431 and 414 problems, and past what MHD can hold at all (about
 * 19 KiB), MHD's own; fend keeps serving. */
START_TEST(abuse_header_and_url_limits)
{
	size_t big = 40000;
	char *req = malloc(big + 512), *pad = malloc(big + 1), out[4096];

	abuse_start("2", "64");
	memset(pad, 'a', big);
	pad[12000] = '\0';
	snprintf(req, big + 512, "GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: %s\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 200 ", 13), "a 12 kB header: %.80s", out);
	pad[7000] = '\0';
	snprintf(req, big + 512, "GET /validate?fen=8/8/8/8/8/8/8/K6k%%20w%%20-%%20-%%200%%201&mode=%s HTTP/1.1\r\n"
		 "Host: x\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 400 ", 13), "a 7 kB URL is read: %.80s", out);
	ck_assert_ptr_nonnull(strstr(out, "\"code\":\"invalid_field\""));
	pad[7000] = 'a';
	snprintf(req, big + 512, "GET /validate?fen=8/8/8/8/8/8/8/K6k%%20w%%20-%%20-%%200%%201&mode=%s HTTP/1.1\r\n"
		 "Host: x\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 414 ", 13), "a 12 kB URL: %.80s", out);
	ck_assert_ptr_nonnull(strstr(out, "\"code\":\"uri_too_long\""));
	ck_assert_ptr_nonnull(strstr(out, "\"limit\":8192"));
	pad[12000] = 'a';
	pad[17000] = '\0';
	snprintf(req, big + 512, "GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: %s\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 431 ", 13), "a 17 kB header: %.80s", out);
	ck_assert_ptr_nonnull(strstr(out, "\"code\":\"headers_too_large\""));
	snprintf(req, big + 512, "GET /health?pad=%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 414 ", 13), "a 17 kB URL: %.80s", out);
	ck_assert_ptr_nonnull(strstr(out, "\"code\":\"uri_too_long\""));
	/* past what MHD holds: its own answers */
	pad[17000] = 'a';
	pad[big] = '\0';
	snprintf(req, big + 512, "GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: %s\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 431 ", 13), "a 40 kB header: %.80s", out);
	snprintf(req, big + 512, "GET /health?pad=%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", pad);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, "HTTP/1.1 414 ", 13), "a 40 kB URL: %.80s", out);
	/* many small headers count the same */
	{
		size_t n = (size_t)sprintf(req, "GET /health HTTP/1.1\r\nHost: x\r\n");
		for (int i = 0; n + 40 < 18000; i++)
			n += (size_t)sprintf(req + n, "X-H%d: v\r\n", i);
		n += (size_t)sprintf(req + n, "\r\n");
		abuse_exchange(req, n, out, sizeof out);
		ck_assert_msg(!strncmp(out, "HTTP/1.1 431 ", 13), "2000 headers: %.80s", out);
	}
	free(req);
	free(pad);
	abuse_others_served();
}
END_TEST

/* Bodies whose framing lies or is ambiguous: each a 4xx (fend's problem where fend sees
 * the request, MHD's own answer where it does not), and fend keeps serving. */
static const struct {
	const char *name;
	const char *headers;  /* after Host, before the blank line */
	const char *body;
	const char *status;   /* "HTTP/1.1 400 " */
	const char *code;     /* fend's problem code, or NULL for MHD's own answer */
} abuse_framing_rows[] = {
	{ "two Content-Length", "Content-Length: 66\r\nContent-Length: 66\r\n", START_BODY, "HTTP/1.1 400 ",
	  "invalid_framing" },
	{ "two different Content-Length", "Content-Length: 66\r\nContent-Length: 5\r\n", START_BODY, "HTTP/1.1 400 ",
	  "invalid_framing" },
	{ "Content-Length and chunked", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "42\r\n" START_BODY "\r\n0\r\n\r\n",
	  "HTTP/1.1 400 ", "invalid_framing" },
	{ "Transfer-Encoding gzip", "Transfer-Encoding: gzip\r\n", START_BODY, "HTTP/1.1 400 ", "invalid_framing" },
	{ "chunk size not hex", "Transfer-Encoding: chunked\r\n", "zz\r\n" START_BODY "\r\n0\r\n\r\n", "HTTP/1.1 400 ",
	  NULL },
	{ "chunk size too big", "Transfer-Encoding: chunked\r\n", "FFFFFFFFFFFFFFFFFFFF\r\n" START_BODY "\r\n0\r\n\r\n",
	  "HTTP/1.1 413 ", NULL },
	{ "chunk shorter than its size", "Transfer-Encoding: chunked\r\n", "5\r\n" START_BODY "\r\n0\r\n\r\n",
	  "HTTP/1.1 400 ", NULL },
	{ "Content-Length shorter than the body", "Content-Length: 10\r\n", START_BODY, "HTTP/1.1 400 ",
	  "malformed_json" },
	{ "Content-Length negative", "Content-Length: -5\r\n", START_BODY, "HTTP/1.1 400 ", NULL },
	{ "Content-Length not a number", "Content-Length: 12abc\r\n", START_BODY, "HTTP/1.1 400 ", NULL },
};

START_TEST(abuse_framing)
{
	char req[1024], out[4096];

	abuse_start("2", "64");
	snprintf(req, sizeof req, "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%s\r\n%s",
		 abuse_framing_rows[_i].headers, abuse_framing_rows[_i].body);
	abuse_exchange(req, strlen(req), out, sizeof out);
	ck_assert_msg(!strncmp(out, abuse_framing_rows[_i].status, strlen(abuse_framing_rows[_i].status)), "%s: %.200s",
		      abuse_framing_rows[_i].name, out);
	if (abuse_framing_rows[_i].code) {
		char code[64];
		snprintf(code, sizeof code, "\"code\":\"%s\"", abuse_framing_rows[_i].code);
		ck_assert_msg(strstr(out, code) != NULL, "%s: %.400s", abuse_framing_rows[_i].name, out);
		ck_assert_ptr_nonnull(strcasestr(out, "X-Content-Type-Options: nosniff"));
	} else {
		/* MHD's own small HTML page, without fend's headers */
		ck_assert_msg(strstr(out, "<html>") != NULL, "%s: %.400s", abuse_framing_rows[_i].name, out);
		ck_assert_ptr_null(strcasestr(out, "X-Request-Id"));
	}
	abuse_others_served();
}
END_TEST

/* A Content-Length longer than the body cannot be answered before the body ends: the
 * connection is closed, unanswered, when the client gives up (half-close) or after
 * --timeout; fend keeps serving. */
START_TEST(abuse_length_longer)
{
	static const char req[] = "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
				  "Content-Length: 100\r\n\r\n" START_BODY;
	char out[1024];
	int fd;
	long long t;

	abuse_start("2", "64");
	fd = raw_connect(fend.port);
	raw_send(fd, req, sizeof req - 1);
	t = abuse_ms();
	ck_assert_uint_eq(raw_read(fd, out, sizeof out, 5000), 0);
	ck_assert_msg(abuse_ms() - t < 4000 * abuse_slack(), "closed after %lld ms", abuse_ms() - t);
	close(fd);
	fd = raw_connect(fend.port);
	raw_send(fd, req, sizeof req - 1);
	shutdown(fd, SHUT_WR);
	t = abuse_ms();
	ck_assert_uint_eq(raw_read(fd, out, sizeof out, 5000), 0);
	/* MHD usually closes at once on the half-close, at the latest at --timeout */
	ck_assert_msg(abuse_ms() - t < 4000 * abuse_slack(), "a half-closed lying request was closed after %lld ms",
		      abuse_ms() - t);
	close(fd);
	abuse_others_served();
}
END_TEST

/* The web page carries the page headers, by --frame-ancestors; API answers only nosniff. */
START_TEST(security_headers_live)
{
	const char *const self[] = { "--port", "0", "--log", "off", "--frame-ancestors", "'self'", NULL };
	struct reply r;
	char value[512];

	abuse_start("2", "64");
	http1("GET", "/", NULL, NULL, NULL, &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(reply_header(&r, "X-Content-Type-Options", value, sizeof value), "nosniff");
	ck_assert_str_eq(reply_header(&r, "Content-Security-Policy", value, sizeof value),
			 "default-src 'self'; base-uri 'none'; form-action 'self'; object-src 'none'; "
			 "frame-ancestors 'none'");
	ck_assert_str_eq(reply_header(&r, "Referrer-Policy", value, sizeof value), "no-referrer");
	ck_assert_str_eq(reply_header(&r, "X-Frame-Options", value, sizeof value), "DENY");
	reply_free(&r);
	post_json("/validate", START_BODY, &r);
	ck_assert_str_eq(reply_header(&r, "X-Content-Type-Options", value, sizeof value), "nosniff");
	ck_assert_ptr_null(reply_header(&r, "Content-Security-Policy", value, sizeof value));
	ck_assert_ptr_null(reply_header(&r, "X-Frame-Options", value, sizeof value));
	reply_free(&r);
	http1("GET", "/nowhere", NULL, NULL, NULL, &r);
	ck_assert_str_eq(reply_header(&r, "X-Content-Type-Options", value, sizeof value), "nosniff");
	reply_free(&r);
	daemon_stop(&fend);
	daemon_start(&fend, self);
	http1("GET", "/", NULL, NULL, NULL, &r);
	ck_assert_ptr_nonnull(strstr(reply_header(&r, "Content-Security-Policy", value, sizeof value),
				     "; frame-ancestors 'self'"));
	ck_assert_str_eq(reply_header(&r, "X-Frame-Options", value, sizeof value), "SAMEORIGIN");
	reply_free(&r);
}
END_TEST

static Suite *http_suite(void)
{
	Suite *s = suite_create("http");
	TCase *tc;

	tc = tcase_create("endpoints");
	tcase_add_checked_fixture(tc, fixture_start, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, start_line);
	tcase_add_test(tc, health_and_version);
	tcase_add_test(tc, head_is_get);
	tcase_add_test(tc, openapi_yaml);
	tcase_add_test(tc, validate_post);
	tcase_add_test(tc, validate_get);
	tcase_add_test(tc, validate_accept_language);
	tcase_add_test(tc, pgn_accept_language);
	tcase_add_test(tc, moves_accept_language);
	tcase_add_test(tc, invalid_field_accept_language);
	tcase_add_test(tc, apply_move_post);
	tcase_add_test(tc, moves_get_and_post);
	tcase_add_test(tc, render_text_and_json);
	suite_add_tcase(s, tc);

	tc = tcase_create("pictures");
	tcase_add_checked_fixture(tc, fixture_start, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, render_images_cached);
#if !defined(__SANITIZE_ADDRESS__)
	tcase_add_test(tc, memory_given_back_after_large_pictures);
#endif
	tcase_add_test(tc, render_accept_negotiation);
	tcase_add_test(tc, render_illegal_but_readable);
	tcase_add_test(tc, render_game_gif);
	tcase_add_test(tc, render_game_gif_pgn_body);
	tcase_add_test(tc, render_game_gif_pgn_body_long);
	suite_add_tcase(s, tc);

	tc = tcase_create("problems");
	tcase_add_checked_fixture(tc, fixture_start, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, malformed_json);
	tcase_add_test(tc, missing_and_invalid_fields);
	tcase_add_test(tc, unknown_parameters);
	tcase_add_test(tc, json_root_not_object);
	tcase_add_test(tc, not_found_and_method);
	tcase_add_test(tc, unsupported_media_type);
	tcase_add_test(tc, invalid_fen_and_illegal_move);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, fixture_start_small, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, payload_too_large);
	tcase_add_test(tc, render_game_gif_pgn_too_large);
	suite_add_tcase(s, tc);

	tc = tcase_create("connections");
	tcase_add_checked_fixture(tc, fixture_start, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, cors_preflight);
	tcase_add_test(tc, request_ids);
	tcase_add_test(tc, keep_alive);
	tcase_add_test(tc, concurrent_clients);
	tcase_add_test(tc, pipelined_requests);
	tcase_add_test(tc, garbage_requests);
	tcase_add_test(tc, port_in_use_exit_1);
	suite_add_tcase(s, tc);

	tc = tcase_create("process");
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_loop_test(tc, bad_flags_exit_2, 0, (int)(sizeof bad_flag_rows / sizeof bad_flag_rows[0]));
	tcase_add_test(tc, bad_env_exit_2);
	tcase_add_test(tc, help_and_version);
	tcase_add_test(tc, environment_settings);
	tcase_add_test(tc, ipv6_listen);
	tcase_add_test(tc, sigterm_with_request_in_flight);
	tcase_add_test(tc, sigint_idle_exits_0);
	tcase_add_test(tc, access_log_text);
	tcase_add_test(tc, access_log_json);
	suite_add_tcase(s, tc);

	tc = tcase_create("bulk");
	tcase_add_checked_fixture(tc, fixture_start_bulk, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, bulk_validate_lines);
	tcase_add_test(tc, bulk_validate_limit);
	tcase_add_test(tc, bulk_validate_constant_memory);
	tcase_add_test(tc, bulk_validate_parallel_in_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("pgn");
	tcase_add_checked_fixture(tc, fixture_start, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, pgn_bodies);
	tcase_add_test(tc, pgn_ndjson);
	tcase_add_test(tc, pgn_problems);
	suite_add_tcase(s, tc);

	tc = tcase_create("pgn_small");
	tcase_add_checked_fixture(tc, fixture_start_pgn_small, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, pgn_body_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("pgn_unlimited");
	tcase_add_checked_fixture(tc, fixture_start_pgn_unlimited, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, pgn_constant_memory);
	suite_add_tcase(s, tc);

	tc = tcase_create("abuse");
	tcase_add_checked_fixture(tc, NULL, fixture_stop);
	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, abuse_slow_head_and_body);
	tcase_add_test(tc, abuse_never_reads);
	tcase_add_test(tc, abuse_413_read_after_the_body);
	tcase_add_test(tc, abuse_connection_flood);
	tcase_add_test(tc, abuse_header_and_url_limits);
	tcase_add_loop_test(tc, abuse_framing, 0, (int)(sizeof abuse_framing_rows / sizeof abuse_framing_rows[0]));
	tcase_add_test(tc, abuse_length_longer);
	tcase_add_test(tc, security_headers_live);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr;
	int failed;

	/* Once, before any thread: curl's global state is not thread-safe to set up. */
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return EXIT_FAILURE;
	sr = srunner_create(http_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	curl_global_cleanup();
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
