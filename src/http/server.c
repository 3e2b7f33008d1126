/* server.c -- the libmicrohttpd daemon: its start and stop (signals, draining), the state
 * of a request from its first call to NOTIFY_COMPLETED, the access log, and where each
 * request's work is done: a cheap request on the MHD thread that read it, an expensive
 * one (pictures, PGN, bulk and descriptive bodies) on the heavy pool (pool.c) while its
 * connection is suspended, within the request's budget (budget.c). Connections and the
 * watchdog are in server-conns.c, the checks of a request's head in server-framing.c. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/server-internal.h"
#include "http/stream.h"

/* Per-connection memory MHD may use for the request's head, its I/O buffers and the
 * answer's headers. A head of up to about 19 KiB fits with room left to answer it, so
 * that fend can refuse one over SERVER_URI_MAX or SERVER_HEADERS_MAX with its own 414 or
 * 431 (a larger one gets MHD's). MHD clears all of it after every request (memset): its
 * size is CPU on every request, and resident memory for every open connection. */
#define SERVER_CONNECTION_MEMORY (20 * 1024)

/* Connections MHD may accept beyond --max-connections. At its own limit MHD stops
 * accepting and leaves new clients hanging in the backlog; below it, fend counts the
 * connections itself and closes the ones over --max-connections at once. */
#define SERVER_CONNECTION_SLACK 256u

/* glibc's malloc thresholds, fixed (see server_start). A board's canvas at the default
 * 360 px is 518 KB: below the mmap threshold it comes from the thread's arena and is
 * reused request after request; larger pictures are mapped and unmapped. */
#define SERVER_MMAP_THRESHOLD (1024 * 1024)
#define SERVER_TRIM_THRESHOLD (512 * 1024)

/* How long a 503 busy asks the client to wait before it tries again, in seconds. */
#define SERVER_BUSY_RETRY "1"

/* Where a request's work stands. */
enum server_work {
	SERVER_WORK_NONE,    /* not handed to the heavy pool */
	SERVER_WORK_QUEUED,  /* on the heavy pool; the connection is suspended */
	SERVER_WORK_DONE     /* the pool left the answer in resp and resumed the connection */
};

/* What one request carries from its first call to NOTIFY_COMPLETED. */
struct server_request {
	struct server *server;
	struct server_conn *conn;     /* NULL when the connection is not watched */
	struct MHD_Connection *connection;
	const struct router_route *route;
	struct http_request req;
	struct http_response resp;
	struct budget budget;
	struct pool_job job;          /* the request's work, then each step of a streamed answer */
	enum server_work work;
	bool slot;                    /* holds a slot of the heavy pool */
	bool step_pending;            /* under stream_lock: a step of the stream is queued or running */
	bool suspended;               /* under stream_lock: the content reader suspended the connection */
	bool started;                 /* the first call has been made (else only the URI was seen) */
	struct timespec start;
	bool queued;
	int endpoint;            /* metrics_endpoint of the path */
	size_t uri_length;       /* the raw request target's */
	size_t in_bytes;         /* body bytes received, for the metrics */
	cJSON *root;             /* a JSON body parsed on the MHD thread for the heavy pool */
	char method[16];
	char path[SERVER_LOG_PATH_MAX];
	char request_id[REPLY_REQUEST_ID_MAX + 1];
	struct body body;
	struct stream *stream;   /* a streamed POST (stream.h), else NULL */
	bool streaming;          /* the answer is the stream, not resp's body */
};

long long server_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* Set while MHD_start_daemon runs, so MHD's start-up errors reach stderr but the
 * messages clients can trigger later do not. */
static atomic_bool server_starting;

/* GET /ready's answer (see server_set_ready). */
static atomic_bool server_ready;

/* MHD's error logger: start-up only. The format attribute tells clang's -Wformat=2 that
 * format is MHD's printf format, not a string of ours. */
__attribute__((format(printf, 2, 0))) static void server_mhd_log(void *cls, const char *format, va_list ap)
{
	(void)cls;
	if (!atomic_load_explicit(&server_starting, memory_order_relaxed))
		return;
	fputs("fend: ", stderr);
	vfprintf(stderr, format, ap);
}

/* The query lookup handed to handlers: MHD's GET arguments of the connection. */
static const char *server_query(void *context, const char *name)
{
	return MHD_lookup_connection_value(context, MHD_GET_ARGUMENT_KIND, name);
}

/* The query's names handed to params_check: MHD's GET arguments of the connection. */
struct server_query_visit {
	bool (*visit)(void *arg, const char *name);
	void *arg;
};

static enum MHD_Result server_query_name(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
	const struct server_query_visit *v = cls;

	(void)kind;
	(void)value;
	return v->visit(v->arg, key) ? MHD_YES : MHD_NO;
}

static void server_query_each(void *context, bool (*visit)(void *arg, const char *name), void *arg)
{
	struct server_query_visit v = { visit, arg };

	MHD_get_connection_values(context, MHD_GET_ARGUMENT_KIND, server_query_name, &v);
}

/* The header lookup handed to handlers. */
static const char *server_header(void *context, const char *name)
{
	return MHD_lookup_connection_value(context, MHD_HEADER_KIND, name);
}

/* Copies at most size-1 bytes of text into out. */
static void server_copy(char *out, size_t size, const char *text)
{
	size_t n = strnlen(text, size - 1);

	memcpy(out, text, n);
	out[n] = '\0';
}

/* A request's state is over a kilobyte (its reply's header storage), past the sizes
 * glibc's per-thread cache serves: a malloc of it for every request made glibc merge its
 * fast bins each time, a twentieth of the instructions of a /validate. So each thread
 * keeps the last one it freed for its next request; a thread that ends frees its spare
 * (the key's destructor), and server_stop frees the one of the thread that calls it. */
static _Thread_local struct server_request *server_spare;
static pthread_key_t server_spare_key;
static pthread_once_t server_spare_key_once = PTHREAD_ONCE_INIT;

static void server_spare_release(void *unused)
{
	(void)unused;
	free(server_spare);
	server_spare = NULL;
}

static void server_spare_make_key(void)
{
	pthread_key_create(&server_spare_key, server_spare_release);
}

static struct server_request *server_request_alloc(void)
{
	struct server_request *r = server_spare;

	if (!r)
		return malloc(sizeof *r);
	server_spare = NULL;
	return r;
}

static void server_request_free(struct server_request *r)
{
	if (server_spare) {
		free(r);
		return;
	}
	pthread_once(&server_spare_key_once, server_spare_make_key);
	/* Any non-NULL value: it only makes the destructor run when the thread ends. */
	pthread_setspecific(server_spare_key, &server_spare_key);
	server_spare = r;
}

/* MHD_OPTION_URI_LOG_CALLBACK: a request's state is made as soon as its target is read,
 * to keep the raw target's length (MHD hands handlers the target decoded and split). */
static void *server_uri_seen(void *cls, const char *uri, struct MHD_Connection *conn)
{
	struct server_request *r = server_request_alloc();

	(void)cls;
	(void)conn;
	if (r) {
		r->started = false;
		r->uri_length = strlen(uri);
	}
	return r;
}

/* Fills the request's state on its first call; request_id is the client's X-Request-Id
 * header (NULL: none). */
static void server_request_start(struct server_request *r, struct server *srv, struct MHD_Connection *conn,
				 const char *url, const char *method, const char *request_id)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	r->started = true;
	r->server = srv;
	r->conn = info ? info->socket_context : NULL;
	r->connection = conn;
	r->route = NULL;
	r->queued = false;
	r->in_bytes = 0;
	r->resp = (struct http_response){ 0 };
	r->stream = NULL;
	r->streaming = false;
	r->work = SERVER_WORK_NONE;
	r->slot = false;
	r->step_pending = false;
	r->suspended = false;
	r->root = NULL;
	body_init(&r->body);
	r->req = (struct http_request){
		.method = router_method(method),
		.path = url,
		.query = server_query,
		.query_context = conn,
		.query_each = server_query_each,
		.body = NULL,
		.request_id = reply_request_id(request_id, r->request_id),
		.config = srv->config,
		.header = server_header,
		.header_context = conn,
		.budget = NULL,
	};
	/* from the query and headers now; again once a JSON body is read */
	r->resp.lang = negotiate_lang(&r->req);
	r->resp.lang_chosen = true;
	clock_gettime(CLOCK_MONOTONIC, &r->start);
	r->endpoint = metrics_endpoint(url);
	metrics_request_start();
	if (srv->config->log != CONFIG_LOG_OFF) {
		server_copy(r->method, sizeof r->method, method);
		server_copy(r->path, sizeof r->path, url);
	}
	atomic_fetch_add_explicit(&srv->in_flight, 1, memory_order_relaxed);
}

/* True when the request announces a body (a non-zero Content-Length, or chunks). */
static bool server_has_body(const struct server_head *head)
{
	const char *length = head->content_length;

	if (head->transfer_encoding)
		return true;
	return length && strspn(length, "0") != strlen(length);
}

/* The client's socket, for the budget to notice that it closed; -1 when unknown. */
static int server_socket(const struct server_request *r)
{
	return r->conn ? (int)r->conn->fd : -1;
}

/* The budget of a streamed answer: --request-deadline for each --max-body of body (the
 * work grows with the body: bulk lines, games). */
static unsigned server_stream_deadline(const struct server_request *r)
{
	const struct config *cfg = r->server->config;
	unsigned long long parts = 1 + stream_received(r->stream) / cfg->max_body;
	unsigned long long ms = cfg->request_deadline_ms * parts;

	return ms > 0xffffffffULL ? 0xffffffffu : (unsigned)ms;
}

/* Decides, when a POST's headers are in, how its body is taken: streamed, refused (a
 * problem in r->resp, to be sent at once), or collected for the handler. */
static void server_post_headers(struct server_request *r, const struct server_head *head)
{
	const struct config *cfg = r->server->config;
	const struct stream_endpoint *ep = router_stream(r->route);
	const char *type = head->content_type, *length = head->content_length;

	if (ep && ep->accepts(type)) {
		r->stream = stream_new(ep, cfg->spool_dir);
		if (!r->stream) {
			reply_internal_error(&r->resp);
		} else {
			stream_set_pool(r->stream, r->server->pool);
			stream_check_length(r->stream, cfg, length, &r->resp);
		}
	} else if (!r->route->handler) {
		stream_unsupported(ep, false, &r->resp);
	} else if (ep && type && !body_is_json_type(type)) {
		/* Neither of the route's two kinds of body: say both. */
		stream_unsupported(ep, true, &r->resp);
	} else {
		body_check_headers(type, length, cfg->max_body, &r->resp);
	}
}

/* The 503 busy of a request the heavy pool has no room for. */
static void server_busy(struct server_request *r)
{
	struct pool_stats st;
	char detail[256];
	cJSON *ext = cJSON_CreateObject();

	pool_stats(r->server->pool, &st);
	error_message(detail, sizeof detail, r->resp.lang, MSG_API_BUSY, st.threads, st.slots - st.threads);
	if (!ext || !cJSON_AddNumberToObject(ext, "threads", st.threads) ||
	    !cJSON_AddNumberToObject(ext, "queue", st.slots - st.threads)) {
		cJSON_Delete(ext);
		reply_internal_error(&r->resp);
		return;
	}
	reply_problem(&r->resp, REPLY_BUSY, detail, ext);
	reply_header(&r->resp, "Retry-After", SERVER_BUSY_RETRY);
	metrics_count_refusal(METRICS_BUSY);
}

/* Runs r's handler with its JSON body (a tree parsed already, or r->body to parse), on
 * the calling thread, with the thread's JSON arena and the memory limit of a request. */
/* Chooses the language of r's messages while its body is there (reply_finish runs after
 * the body is gone). */
static void server_choose_lang(struct server_request *r)
{
	r->resp.lang = negotiate_lang(&r->req);
	r->resp.lang_chosen = true;
}

static void server_run_handler(struct server_request *r)
{
	const struct config *cfg = r->server->config;

	/* Every cJSON tree of the request (its body, the answer) lives in this thread's
	 * arena until the answer is printed (json-arena.c), within the memory of a request. */
	json_arena_limit(cfg->max_request_memory);
	json_arena_begin();
	if (r->route->method == HTTP_POST && !r->root) {
		r->root = body_parse(&r->body, cfg->max_body, &r->resp);
		body_clear(&r->body);
		r->req.body = r->root;
		server_choose_lang(r);
		/* A member of the body the route does not know costs no more than this. */
		if (r->root && params_check(r->route, &r->req, &r->resp)) {
			json_arena_delete(r->root);
			r->root = NULL;
		}
	}
	if (r->route->method != HTTP_POST || r->root) {
		r->req.body = r->root;
		server_choose_lang(r);
		r->route->handler(&r->req, &r->resp);
	}
	r->req.body = NULL;
	json_arena_delete(r->root);
	r->root = NULL;
	json_arena_end();
	json_arena_limit(0);
}

/* Counts why a request's work stopped early, if it did. */
static void server_count_stop(const struct budget *b)
{
	static const enum metrics_refusal why[] = {
		[BUDGET_DEADLINE] = METRICS_DEADLINE, [BUDGET_GONE] = METRICS_CLIENT_GONE,
		[BUDGET_SHUTDOWN] = METRICS_SHUTDOWN,
	};

	if (b->stop != BUDGET_GO)
		metrics_count_refusal(why[b->stop]);
}

/* Gives back r's slot of the heavy pool. */
static void server_release_slot(struct server_request *r)
{
	if (r->slot) {
		pool_release(r->server->pool);
		metrics_heavy_use(-1);
		r->slot = false;
	}
}

/* The work of a heavy request, on a pool thread: the handler, or the opening of a
 * streamed answer (its endpoint reads ahead: the first game of a PGN, say). Then the
 * connection is resumed, and MHD calls server_handle again to send the answer. */
static void server_work(struct pool_job *job)
{
	struct server_request *r = (struct server_request *)(void *)((char *)job - offsetof(struct server_request, job));
	struct server *srv = r->server;
	const struct config *cfg = srv->config;

	budget_start(&r->budget, r->stream ? server_stream_deadline(r) : cfg->request_deadline_ms, server_socket(r),
		     &srv->stopping);
	r->req.budget = &r->budget;
	/* A request that waited in the queue may have lost its client meanwhile. */
	if (budget_should_stop(&r->budget)) {
		json_arena_delete(r->root);
		r->root = NULL;
		budget_problem(&r->budget, cfg->request_deadline_ms, &r->resp);
	} else if (r->stream) {
		json_arena_limit(cfg->max_request_memory);
		if (stream_start(r->stream, &r->req, &r->resp) == 0) {
			r->streaming = true;
			r->resp.status = 200;
			r->resp.content_type = stream_content_type(r->stream);
		}
		json_arena_limit(0);
		budget_pause(&r->budget);
	} else {
		server_run_handler(r);
		/* The answer was made while the budget ran; it is still a valid answer. */
	}
	server_count_stop(&r->budget);
	/* A single answer is made: its slot goes back. A stream keeps it until it ends. */
	if (!r->streaming)
		server_release_slot(r);
	r->work = SERVER_WORK_DONE;
	atomic_fetch_sub_explicit(&srv->suspended, 1, memory_order_relaxed);
	MHD_resume_connection(r->connection);
}

/* Hands r's work to the heavy pool and suspends its connection; a 503 busy in r->resp
 * when the pool has no room. Returns true when handed over. */
static bool server_to_pool(struct server_request *r)
{
	struct server *srv = r->server;

	/* Counted before stopping is read, so that server_stop, which sets stopping and then
	 * waits for no connection to be suspended, never misses this one. */
	atomic_fetch_add(&srv->suspended, 1);
	if (atomic_load(&srv->stopping) || !pool_admit(srv->pool)) {
		atomic_fetch_sub(&srv->suspended, 1);
		json_arena_delete(r->root);
		r->root = NULL;
		if (atomic_load(&srv->stopping)) {
			reply_problem(&r->resp, REPLY_SERVICE_UNAVAILABLE, msg_text(MSG_API_STOPPING, r->resp.lang), NULL);
			reply_header(&r->resp, "Connection", "close");
		} else {
			server_busy(r);
		}
		return false;
	}
	r->slot = true;
	metrics_heavy_use(1);
	r->work = SERVER_WORK_QUEUED;
	server_conn_unwatch(r->conn);
	/* Suspended before the job is queued, so that the job's resume always follows. */
	MHD_suspend_connection(r->connection);
	r->job.run = server_work;
	pool_submit(srv->pool, &r->job);
	return true;
}

/* A step of a streamed answer, on a pool thread: produce the next part, then resume the
 * connection that waits for it. */
static void server_stream_step(struct pool_job *job)
{
	struct server_request *r = (struct server_request *)(void *)((char *)job - offsetof(struct server_request, job));
	struct server *srv = r->server;
	bool resume;

	budget_resume(&r->budget);
	json_arena_limit(srv->config->max_request_memory);
	stream_fill(r->stream, &r->budget, server_stream_deadline(r));
	json_arena_limit(0);
	budget_pause(&r->budget);
	server_count_stop(&r->budget);
	pthread_mutex_lock(&srv->stream_lock);
	r->step_pending = false;
	resume = r->suspended;
	r->suspended = false;
	pthread_mutex_unlock(&srv->stream_lock);
	if (resume) {
		server_conn_progress(r->conn);
		atomic_fetch_sub_explicit(&srv->suspended, 1, memory_order_relaxed);
		MHD_resume_connection(r->connection);
	}
}

/* MHD's content reader of a streamed answer, on the MHD thread. It only hands out what
 * a step of the heavy pool produced: when nothing waits, it queues the next step and
 * suspends the connection until the step is done. MHD calls it only when the client has
 * made room by reading, so a client that stops reading makes no progress and is cut off
 * by the watchdog after --timeout (MHD 0.9.75's idle timeout does not end it). */
static ssize_t server_stream_reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct server_request *r = cls;
	struct server *srv = r->server;
	size_t n;
	enum stream_step state;

	(void)pos;
	pthread_mutex_lock(&srv->stream_lock);
	n = stream_take(r->stream, buf, max);
	state = stream_state(r->stream);
	if (!n && state == STREAM_MORE) {
		/* Counted before stopping is read (see server_to_pool). */
		atomic_fetch_add(&srv->suspended, 1);
		if (atomic_load(&srv->stopping)) {
			/* No more steps: the answer ends here with its last record. */
			atomic_fetch_sub(&srv->suspended, 1);
			json_arena_limit(srv->config->max_request_memory);
			stream_fill(r->stream, &r->budget, server_stream_deadline(r));
			json_arena_limit(0);
			n = stream_take(r->stream, buf, max);
			state = stream_state(r->stream);
		} else {
			if (!r->step_pending) {
				r->step_pending = true;
				r->job.run = server_stream_step;
				pool_step(srv->pool, &r->job);
			}
			r->suspended = true;
			server_conn_unwatch(r->conn);
			MHD_suspend_connection(r->connection);
		}
	}
	pthread_mutex_unlock(&srv->stream_lock);
	if (n) {
		server_conn_progress(r->conn);
		return (ssize_t)n;
	}
	if (state == STREAM_MORE)
		return 0; /* suspended: resumed once the step is done */
	return state == STREAM_FAIL ? MHD_CONTENT_READER_END_WITH_ERROR : MHD_CONTENT_READER_END_OF_STREAM;
}

/* Hands r's response to MHD. Returns MHD_NO when it cannot (out of memory). */
static enum MHD_Result server_queue(struct MHD_Connection *conn, struct server_request *r)
{
	struct http_response *resp = &r->resp;
	struct MHD_Response *response;
	enum MHD_Result ret;

	r->queued = true;
	/* A buffered answer fits the socket's buffers and MHD's idle timeout governs it; a
	 * streamed one must keep making progress (server_stream_reader). */
	if (r->streaming)
		server_conn_progress(r->conn);
	else
		server_conn_unwatch(r->conn);
	reply_finish(resp, &r->req);
	/* Once not ready, kept-alive clients are sent elsewhere too. */
	if (atomic_load_explicit(&r->server->draining, memory_order_relaxed) ||
	    !atomic_load_explicit(&server_ready, memory_order_relaxed))
		reply_header(resp, "Connection", "close");
	if (r->streaming)
		/* The stream belongs to r (freed in NOTIFY_COMPLETED), not to the response. */
		response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, STREAM_BUFFER, server_stream_reader,
							     r, NULL);
	else
		response = MHD_create_response_from_buffer_with_free_callback(resp->length, resp->body,
									      resp->body_free);
	if (!response) {
		reply_clear(resp);
		return MHD_NO;
	}
	/* MHD owns the body now; resp keeps its length for the log. */
	resp->body = NULL;
	resp->body_free = NULL;
	ret = resp->content_type ? MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, resp->content_type)
				 : MHD_YES;
	for (int i = 0; ret == MHD_YES && i < resp->header_count; i++)
		ret = MHD_add_response_header(response, resp->headers[i].name, resp->headers[i].value);
	if (ret == MHD_YES)
		ret = MHD_queue_response(conn, (unsigned)resp->status, response);
	MHD_destroy_response(response);
	return ret;
}

/* The first call of a request, when its head is in: checks it, finds its route, and
 * decides how a POST's body is taken. Returns MHD_YES to read on, or what server_queue
 * returns when the request is answered at once. */
static enum MHD_Result server_head(struct server_request *r, struct MHD_Connection *conn,
				   const struct server_head *head, bool refused)
{
	bool has_body = server_has_body(head);

	if (refused) {
		if (has_body)
			server_conn_linger(r->conn);
		return server_queue(conn, r);
	}
	r->route = router_find(&r->req, &r->resp);
	/* The router answered (404, 405): do not read a body for it. */
	if (!r->route && has_body) {
		server_conn_linger(r->conn);
		return server_queue(conn, r);
	}
	if (r->route && r->route->method == HTTP_POST) {
		server_post_headers(r, head);
		/* A streamed body's query is checked before the body is spooled. Answered
		 * now, the body is read and dropped when the connection closes. */
		if (r->resp.status || (r->stream && params_check(r->route, &r->req, &r->resp))) {
			server_conn_linger(r->conn);
			return server_queue(conn, r);
		}
	}
	/* The body must now come, piece after piece, in time. */
	server_conn_head(r->conn, r->server->config, has_body, r->stream != NULL);
	return MHD_YES;
}

/* A request of a route whose cost its request tells (a raster /render, a descriptive
 * /apply-move): its body is parsed in this thread's arena and read; a cheap one is
 * answered here at once, an expensive one goes to the heavy pool with a copy of the
 * body outside the arena. */
static enum MHD_Result server_complete_by_request(struct server_request *r, struct MHD_Connection *conn)
{
	const struct config *cfg = r->server->config;
	cJSON *copy = NULL;
	bool heavy = false;

	json_arena_limit(cfg->max_request_memory);
	json_arena_begin();
	if (r->route->method == HTTP_POST) {
		r->root = body_parse(&r->body, cfg->max_body, &r->resp);
		body_clear(&r->body);
	}
	r->req.body = r->root;
	server_choose_lang(r);
	if (r->route->method == HTTP_POST && r->root && params_check(r->route, &r->req, &r->resp))
		r->req.body = NULL;
	if (!r->resp.status) {
		heavy = router_is_heavy(r->route, &r->req);
		server_choose_lang(r);
		if (!heavy)
			r->route->handler(&r->req, &r->resp);
		else if (r->root && !(copy = json_arena_copy_out(r->root)))
			reply_internal_error(&r->resp);
	}
	r->req.body = NULL;
	json_arena_delete(r->root);
	r->root = copy;
	json_arena_end();
	json_arena_limit(0);
	if (heavy && !r->resp.status && server_to_pool(r))
		return MHD_YES;
	return server_queue(conn, r);
}

/* The last call of a request, its body in: answers a cheap request on this thread, or
 * hands an expensive one to the heavy pool. */
static enum MHD_Result server_complete(struct server_request *r, struct MHD_Connection *conn)
{
	server_conn_unwatch(r->conn);
	if (r->resp.status)
		return server_queue(conn, r);
	/* An unknown name in the query costs no more than this (a JSON body's members are
	 * checked once it is parsed). */
	if (r->route->method != HTTP_POST && params_check(r->route, &r->req, &r->resp))
		return server_queue(conn, r);
	if (r->stream || router_cost(r->route) == ROUTER_HEAVY)
		/* A JSON body is parsed on the pool thread, in its own arena. */
		return server_to_pool(r) ? MHD_YES : server_queue(conn, r);
	if (router_cost(r->route) == ROUTER_BY_REQUEST)
		return server_complete_by_request(r, conn);
	server_run_handler(r);
	return server_queue(conn, r);
}

/* MHD's access handler: called once when the headers are in, once per piece of body,
 * and once more when the request is complete. Answers are queued on that last call,
 * because MHD 0.9.75 closes the connection after a response queued on the first one;
 * only a refused body (413 by Content-Length, 415) is answered at once, unread. A
 * streamed body (stream.h) goes to its spool piece by piece instead of into memory. When
 * the heavy pool works on a request, its connection is suspended; the pool resumes it,
 * and MHD calls the last call again, which sends what the pool made. */
static enum MHD_Result server_handle(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				     const char *version, const char *upload_data, size_t *upload_data_size,
				     void **con_cls)
{
	struct server *srv = cls;
	struct server_request *r = *con_cls;

	if (!r || !r->started) {
		size_t uri_length = r ? r->uri_length : strlen(url);
		struct server_head head;
		struct http_response refusal = { 0 };
		bool refused;
		if (!r && !(r = server_request_alloc()))
			return MHD_NO;
		*con_cls = r;
		/* The head is checked first: the request's id is among its headers. */
		refused = server_framing_check(conn, version, uri_length, &head, &refusal) != 0;
		server_request_start(r, srv, conn, url, method, head.request_id);
		r->uri_length = uri_length;
		if (refused)
			r->resp = refusal;
		return server_head(r, conn, &head, refused);
	}
	if (*upload_data_size) {
		size_t max_body = srv->config->max_body;
		size_t limit = r->stream ? router_stream(r->route)->limit(srv->config) : max_body, received;
		r->in_bytes += *upload_data_size;
		/* A body nobody reads (already answered, or not a POST route) is dropped. */
		if (!r->queued && !r->resp.status && r->stream)
			stream_spool_write(r->stream, srv->config, upload_data, *upload_data_size);
		else if (!r->queued && !r->resp.status && r->route && r->route->method == HTTP_POST)
			body_append(&r->body, upload_data, *upload_data_size, max_body);
		else
			r->body.received += *upload_data_size;
		*upload_data_size = 0;
		server_conn_progress(r->conn);
		received = r->body.received + (r->stream ? stream_received(r->stream) : 0);
		/* Past the limit the rest is only counted, so that the 413 can be sent when the
		 * body ends; a client that keeps sending far beyond it is cut off. */
		if (received > 2 * limit + 64 * 1024)
			return MHD_NO;
		return MHD_YES;
	}
	if (r->queued || r->work == SERVER_WORK_QUEUED)
		return MHD_YES;
	if (r->work == SERVER_WORK_DONE) {
		/* The pool found the client gone: nobody reads an answer. */
		if (r->budget.stop == BUDGET_GONE)
			return MHD_NO;
		return server_queue(conn, r);
	}
	return server_complete(r, conn);
}

/* Writes the access-log line of a finished request. */
static void server_log(struct server_request *r, struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct config *cfg = r->server->config;
	char client[INET6_ADDRSTRLEN];
	struct timespec now;
	struct log_entry entry;

	proxy_client(cfg, info ? info->client_addr : NULL,
		     cfg->trusted_count ? MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Forwarded-For") : NULL,
		     client, sizeof client);
	clock_gettime(CLOCK_MONOTONIC, &now);
	entry = (struct log_entry){
		.client = client,
		.method = r->method,
		.path = r->path,
		.status = r->resp.status,
		.bytes = r->req.method == HTTP_HEAD ? 0 : r->streaming ? stream_sent(r->stream) : r->resp.length,
		.duration_us = (now.tv_sec - r->start.tv_sec) * 1000000LL + (now.tv_nsec - r->start.tv_nsec) / 1000,
		.request_id = r->request_id,
	};
	log_access(STDERR_FILENO, r->server->config->log, &entry);
}

/* MHD_OPTION_NOTIFY_COMPLETED: the only place request state is freed. */
static void server_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
			     enum MHD_RequestTerminationCode toe)
{
	struct server *srv = cls;
	struct server_request *r = *con_cls;

	(void)toe;
	if (!r)
		return;
	*con_cls = NULL;
	if (!r->started) {
		/* Only the target was read (the connection ended before the head did). */
		server_request_free(r);
		return;
	}
	if (r->queued && srv->config->log != CONFIG_LOG_OFF)
		server_log(r, conn);
	/* The next request on this connection must come within --timeout. */
	server_conn_progress(r->conn);
	{
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		metrics_request_end(r->endpoint, r->req.method, r->queued ? r->resp.status : 0, r->in_bytes,
				    r->req.method == HTTP_HEAD ? 0 : r->streaming ? stream_sent(r->stream) : r->resp.length,
				    (now.tv_sec - r->start.tv_sec) * 1000000000LL + (now.tv_nsec - r->start.tv_nsec));
	}
	server_release_slot(r);
	cJSON_Delete(r->root);
	body_clear(&r->body);
	reply_clear(&r->resp);
	stream_free(r->stream);
	server_request_free(r);
	/* Read first: the flag's cache line is written only when it changes, not by every
	 * request of every thread. */
	if (!atomic_load_explicit(&srv->active, memory_order_relaxed))
		atomic_store_explicit(&srv->active, true, memory_order_relaxed);
	atomic_fetch_sub_explicit(&srv->in_flight, 1, memory_order_release);
}

/* Stops accepting: the listening socket is taken from MHD and closed, so that new
 * connections are refused at once instead of waiting in the backlog until we exit. */
static void server_stop_accepting(struct server *srv)
{
	if (atomic_exchange(&srv->draining, true))
		return;
	srv->listen_fd = MHD_quiesce_daemon(srv->daemon);
	if (srv->listen_fd != MHD_INVALID_SOCKET)
		shutdown(srv->listen_fd, SHUT_RDWR);
}

/* Frees what server_start made, in reverse. */
static void server_free(struct server *srv)
{
	pool_free(srv->pool);
	server_conns_free(srv);
	pthread_mutex_destroy(&srv->stream_lock);
	pthread_cond_destroy(&srv->watchdog_wake);
	pthread_mutex_destroy(&srv->conns_lock);
	free(srv);
}

struct server *server_start(const struct config *cfg, char *err, size_t err_size)
{
	struct server *srv = calloc(1, sizeof *srv);
	/* poll(), not epoll: with a worker pool on epoll, MHD_quiesce_daemon (how SIGTERM
	 * stops accepting) races the workers' own removal of the listening socket from their
	 * epoll sets, and libmicrohttpd 0.9.75 aborts the process ("Failed to remove listen
	 * FD from epoll set"; about one shutdown in 150 under load). The poll side quiesces
	 * through the inter-thread channel instead. bench/cpu.sh put the cost at about 2% of
	 * CPU per request at 64 connections. Suspending a connection while the heavy pool
	 * works for it needs MHD_ALLOW_SUSPEND_RESUME. */
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC | MHD_USE_TURBO |
			 MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
	const union MHD_DaemonInfo *info;

	if (!srv) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	/* Before MHD's threads start: cJSON's hooks are global. */
	json_arena_install();
	/* Left to itself, glibc raises its mmap threshold to the largest block freed so far
	 * (up to 32 MiB), and the free space a worker thread's arena keeps at its top to
	 * twice that, which malloc_trim does not give back: after eight 1024 px pictures
	 * a worker held about 7 MiB for good. Fixing the thresholds stops that; CPU per
	 * PNG and per game GIF did not move (bench/render.sh's requests). */
	mallopt(M_MMAP_THRESHOLD, SERVER_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, SERVER_TRIM_THRESHOLD);
	srv->config = cfg;
	srv->listen_fd = MHD_INVALID_SOCKET;
	pthread_mutex_init(&srv->conns_lock, NULL);
	pthread_cond_init(&srv->watchdog_wake, NULL);
	pthread_mutex_init(&srv->stream_lock, NULL);
	atomic_init(&srv->in_flight, 0);
	atomic_init(&srv->suspended, 0);
	atomic_init(&srv->active, false);
	atomic_init(&srv->draining, false);
	atomic_init(&srv->stopping, false);
	if (server_conns_init(srv) || !(srv->pool = pool_new(cfg->heavy_threads, cfg->heavy_queue))) {
		snprintf(err, err_size, "cannot start the heavy pool's %u threads", cfg->heavy_threads);
		server_free(srv);
		return NULL;
	}
	metrics_heavy_size(cfg->heavy_threads, cfg->heavy_threads + cfg->heavy_queue);
	if (cfg->ipv6)
		flags |= MHD_USE_IPv6;
	atomic_store(&server_starting, true);
	srv->daemon = MHD_start_daemon(
		flags, (uint16_t)cfg->port, NULL, NULL, server_handle, srv,
		MHD_OPTION_EXTERNAL_LOGGER, server_mhd_log, NULL,
		MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&cfg->address,
		MHD_OPTION_CONNECTION_LIMIT, cfg->max_connections + SERVER_CONNECTION_SLACK,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->timeout,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SERVER_CONNECTION_MEMORY,
		MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
		MHD_OPTION_URI_LOG_CALLBACK, server_uri_seen, srv,
		MHD_OPTION_NOTIFY_COMPLETED, server_completed, srv,
		MHD_OPTION_NOTIFY_CONNECTION, server_connection, srv,
		/* Last: one thread is MHD's internal thread alone, without a pool (MHD warns
		 * about a pool of 1), so the list ends here and the size is never read. */
		cfg->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (unsigned)cfg->threads,
		MHD_OPTION_END);
	atomic_store(&server_starting, false);
	if (!srv->daemon) {
		snprintf(err, err_size, "cannot listen on %s port %u", cfg->listen, cfg->port);
		server_free(srv);
		return NULL;
	}
	/* Without the watchdog fend still serves; only slow clients are not cut short. */
	srv->watchdog_running = pthread_create(&srv->watchdog, NULL, server_watchdog, srv) == 0;
	info = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
	srv->port = info && info->port ? info->port : cfg->port;
	return srv;
}

unsigned server_port(const struct server *srv)
{
	return srv->port;
}

void server_block_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
	pthread_sigmask(SIG_BLOCK, set, NULL);
	/* Writes to a closed stdout or stderr must fail with EPIPE, not kill the daemon. */
	signal(SIGPIPE, SIG_IGN);
}

int server_wait_signal(const sigset_t *set)
{
	int sig = 0;

	while (sigwait(set, &sig) != 0)
		;
	return sig;
}

int server_wait_signal_for(const sigset_t *set, unsigned ms)
{
	struct timespec wait = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };
	int sig;

	/* Every other signal is blocked or ignored, so nothing cuts the wait short; an EINTR
	 * would only start it again. */
	do
		sig = sigtimedwait(set, NULL, &wait);
	while (sig < 0 && errno == EINTR);
	return sig > 0 ? sig : 0;
}

void server_set_ready(bool ready)
{
	atomic_store(&server_ready, ready);
}

bool server_is_ready(void)
{
	return atomic_load_explicit(&server_ready, memory_order_relaxed);
}

bool server_drain(struct server *srv, unsigned timeout_ms)
{
	struct timespec step = { 0, 5 * 1000 * 1000 };
	unsigned waited = 0;

	server_stop_accepting(srv);
	while (atomic_load_explicit(&srv->in_flight, memory_order_acquire) > 0) {
		if (waited >= timeout_ms)
			return false;
		nanosleep(&step, NULL);
		waited += 5;
	}
	return true;
}

void server_stop(struct server *srv)
{
	struct timespec step = { 0, 2 * 1000 * 1000 };

	server_stop_accepting(srv);
	/* The work still in progress stops at its next checkpoint (a 503, or a stream's last
	 * record), and every suspended connection is resumed: MHD_stop_daemon must find none
	 * suspended. */
	atomic_store(&srv->stopping, true);
	while (atomic_load(&srv->suspended) > 0)
		nanosleep(&step, NULL);
	pool_wait_idle(srv->pool);
	if (srv->watchdog_running) {
		pthread_mutex_lock(&srv->conns_lock);
		srv->watchdog_stop = true;
		pthread_cond_signal(&srv->watchdog_wake);
		pthread_mutex_unlock(&srv->conns_lock);
		pthread_join(srv->watchdog, NULL);
	}
	MHD_stop_daemon(srv->daemon);
	server_spare_release(NULL);
	if (srv->listen_fd != MHD_INVALID_SOCKET)
		close(srv->listen_fd);
	server_free(srv);
}
