/* bench/mhd-floor.c -- the floor under fend's request path: libmicrohttpd with fend's own
 * daemon settings, answering every request with a fixed body and fend's five response
 * headers, and doing nothing else. bench/http.sh builds it, serves it the bytes of a real
 * /validate answer, and sends it the very requests of its validate run: its CPU per request
 * is what any fend endpoint costs before fend does any work of its own (reading the body as
 * JSON, chess, building and printing the answer, its request bookkeeping).
 *
 *   mhd-floor BODY_FILE THREADS     prints "mhd-floor listening on http://127.0.0.1:PORT"
 *
 * It is a benchmark instrument, not part of fend: it listens on a free loopback port,
 * reads and drops any request body, and runs until it is killed. The settings below are
 * src/http/server.c's; keep them in step. */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *floor_body;
static size_t floor_body_length;
static atomic_ulong floor_request_count;

/* Called as fend's handler is: once for the headers, once per piece of body, once at the
 * end; the answer is queued on the last call, as fend does. */
static enum MHD_Result floor_handle(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				    const char *version, const char *upload_data, size_t *upload_data_size,
				    void **con_cls)
{
	static int started;
	struct MHD_Response *response;
	enum MHD_Result ret;
	char request_id[17];
	unsigned long n;

	(void)cls, (void)url, (void)method, (void)version, (void)upload_data;
	if (!*con_cls) {
		*con_cls = &started;
		return MHD_YES;
	}
	if (*upload_data_size) {
		*upload_data_size = 0;
		return MHD_YES;
	}
	/* A response per request, as fend makes one: its body is what differs. */
	response = MHD_create_response_from_buffer(floor_body_length, floor_body, MHD_RESPMEM_PERSISTENT);
	if (!response)
		return MHD_NO;
	n = atomic_fetch_add_explicit(&floor_request_count, 1, memory_order_relaxed);
	for (int i = 15; i >= 0; i--, n >>= 4)
		request_id[i] = "0123456789abcdef"[n & 15];
	request_id[16] = '\0';
	ret = MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json; charset=utf-8");
	if (ret == MHD_YES)
		ret = MHD_add_response_header(response, "X-Request-Id", request_id);
	if (ret == MHD_YES)
		ret = MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
	if (ret == MHD_YES)
		ret = MHD_add_response_header(response, "Access-Control-Allow-Origin", "*");
	if (ret == MHD_YES)
		ret = MHD_add_response_header(response, "Access-Control-Expose-Headers",
					      "X-Request-Id, ETag, X-Fen-Problems, X-Fen-Marks-Dropped");
	if (ret == MHD_YES)
		ret = MHD_queue_response(conn, MHD_HTTP_OK, response);
	MHD_destroy_response(response);
	return ret;
}

static int floor_read_body(const char *path)
{
	FILE *f = fopen(path, "rb");
	long size;

	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(floor_body = malloc((size_t)size + 1)) || fread(floor_body, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		return -1;
	}
	fclose(f);
	floor_body_length = (size_t)size;
	return 0;
}

int main(int argc, char **argv)
{
	struct MHD_Daemon *daemon;
	const union MHD_DaemonInfo *info;
	struct sockaddr_in loopback = { .sin_family = AF_INET, .sin_port = 0 };
	int threads;

	if (argc != 3 || (threads = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: %s BODY_FILE THREADS\n", argv[0]);
		return 2;
	}
	if (floor_read_body(argv[1])) {
		perror(argv[1]);
		return 1;
	}
	loopback.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	/* src/http/server.c's flags and options, with fend's defaults: a connection limit of
	 * --max-connections 1024 plus its slack of 256, and --timeout 15. */
	daemon = MHD_start_daemon(
		MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC | MHD_USE_TURBO | MHD_USE_ERROR_LOG, 0,
		NULL, NULL, floor_handle, NULL, MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&loopback,
		MHD_OPTION_CONNECTION_LIMIT, 1024u + 256u, MHD_OPTION_CONNECTION_TIMEOUT, 15u,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)16 * 1024,
		MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u, threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
		(unsigned)threads, MHD_OPTION_END);
	if (!daemon) {
		fprintf(stderr, "mhd-floor: cannot start libmicrohttpd\n");
		return 1;
	}
	info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
	printf("mhd-floor listening on http://127.0.0.1:%u\n", info ? info->port : 0u);
	fflush(stdout);
	for (;;)
		pause();
}
