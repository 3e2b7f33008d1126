/* server.c -- the libmicrohttpd daemon: thread pool, request state (made on the first
 * call, freed in NOTIFY_COMPLETED), the access log, signals and draining, the framing
 * checks MHD leaves to us, and the watchdog that cuts off requests slower than --timeout
 * and gives freed memory back to the system when the daemon falls idle. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include "http/http.h"
#include "http/stream.h"

/* Per-connection memory MHD may use for headers and I/O buffers: requests with up to
 * about 14 KiB of headers fit (larger ones get 431), and MHD clears it per request. */
#define SERVER_CONNECTION_MEMORY (16 * 1024)
/* Bytes of a path the access log keeps. */
#define SERVER_LOG_PATH_MAX 256

/* Connections MHD may accept beyond --max-connections. At its own limit MHD stops
 * accepting and leaves new clients hanging in the backlog; below it, fend counts the
 * connections itself and closes the ones over --max-connections at once. */
#define SERVER_CONNECTION_SLACK 256u

/* How often the watchdog looks for requests past their deadline. */
#define SERVER_WATCH_MS 100

/* glibc's malloc thresholds, fixed (see server_start). A board's canvas at the default
 * 360 px is 518 KB: below the mmap threshold it comes from the thread's arena and is
 * reused request after request; larger pictures are mapped and unmapped. */
#define SERVER_MMAP_THRESHOLD (1024 * 1024)
#define SERVER_TRIM_THRESHOLD (512 * 1024)

/* One open connection, as the watchdog sees it. A request's head (and a body that is
 * not streamed) must arrive within --timeout of the connection's start or of the end of
 * the previous request: MHD's own timeout only counts idle time, so a client trickling
 * a byte at a time would otherwise hold the connection for ever. A streamed body, and
 * a streamed answer, must make progress at least once every --timeout. */
struct server_conn {
	struct server_conn *prev, *next;  /* in server.conns, under conns_lock */
	MHD_socket fd;
	atomic_llong since_ms;             /* when the request being awaited began */
	atomic_bool watched;               /* false while a response is sent or a body streamed */
	bool cut;                          /* shut down by the watchdog (under conns_lock) */
};

/* The daemon: MHD's thread pool accepts and serves connections itself. */
struct server {
	struct MHD_Daemon *daemon;
	const struct config *config;
	pthread_mutex_t conns_lock;  /* guards conns, and closing a socket against cutting it */
	struct server_conn *conns;
	unsigned open_conns;         /* under conns_lock: connections in conns */
	pthread_t watchdog;
	bool watchdog_running;
	pthread_cond_t watchdog_wake;
	bool stopping;               /* under conns_lock: the watchdog ends */
	MHD_socket listen_fd;    /* from MHD_quiesce_daemon at shutdown; closed after MHD_stop_daemon */
	unsigned port;
	atomic_long in_flight;   /* requests between their first call and NOTIFY_COMPLETED */
	atomic_bool active;      /* a request completed or a connection closed since the
				    watchdog last looked */
	atomic_bool draining;    /* shutting down: answer with Connection: close */
};

/* What one request carries from its first call to NOTIFY_COMPLETED. */
struct server_request {
	struct server *server;
	struct server_conn *conn;     /* NULL when the connection is not watched */
	const struct router_route *route;
	struct http_request req;
	struct http_response resp;
	struct timespec start;
	bool queued;
	int endpoint;            /* metrics_endpoint of the path */
	size_t in_bytes;         /* body bytes received, for the metrics */
	char method[16];
	char path[SERVER_LOG_PATH_MAX];
	char request_id[REPLY_REQUEST_ID_MAX + 1];
	struct body body;
	struct stream *stream;   /* a streamed POST (stream.h), else NULL */
	bool streaming;          /* the answer is the stream, not resp's body */
};

/* Milliseconds of the monotonic clock. */
static long long server_now_ms(void)
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

/* Creates the per-request state on the first call. */
static struct server_request *server_request_new(struct server *srv, struct MHD_Connection *conn,
						 const char *url, const char *method)
{
	struct server_request *r = server_request_alloc();

	if (!r)
		return NULL;
	r->server = srv;
	{
		const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
		r->conn = info ? info->socket_context : NULL;
	}
	r->route = NULL;
	r->queued = false;
	r->in_bytes = 0;
	r->resp = (struct http_response){ 0 };
	r->stream = NULL;
	r->streaming = false;
	body_init(&r->body);
	r->req = (struct http_request){
		.method = router_method(method),
		.path = url,
		.query = server_query,
		.query_context = conn,
		.query_each = server_query_each,
		.body = NULL,
		.request_id = reply_request_id(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Request-Id"),
					       r->request_id),
		.config = srv->config,
		.header = server_header,
		.header_context = conn,
	};
	clock_gettime(CLOCK_MONOTONIC, &r->start);
	r->endpoint = metrics_endpoint(url);
	metrics_request_start();
	if (srv->config->log != CONFIG_LOG_OFF) {
		server_copy(r->method, sizeof r->method, method);
		server_copy(r->path, sizeof r->path, url);
	}
	atomic_fetch_add_explicit(&srv->in_flight, 1, memory_order_relaxed);
	return r;
}

/* True when the request announces a body (a non-zero Content-Length, or chunks). */
static bool server_has_body(struct MHD_Connection *conn)
{
	const char *length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);

	if (MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING))
		return true;
	return length && strspn(length, "0") != strlen(length);
}

/* Restarts the watchdog's clock of r's connection: a streamed body or answer made
 * progress. */
static void server_progress(struct server_request *r)
{
	if (r->conn) {
		atomic_store_explicit(&r->conn->since_ms, server_now_ms(), memory_order_relaxed);
		atomic_store_explicit(&r->conn->watched, true, memory_order_relaxed);
	}
}

/* MHD's content reader of a streamed answer. MHD calls it only when the client has
 * made room by reading, so a client that stops reading makes no progress and is cut
 * off by the watchdog after --timeout (MHD 0.9.75's idle timeout does not end it). */
static ssize_t server_stream_reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct server_request *r = cls;
	ssize_t n = stream_next(r->stream, buf, max);

	(void)pos;
	server_progress(r);
	if (n < 0)
		return MHD_CONTENT_READER_END_WITH_ERROR;
	return n ? n : MHD_CONTENT_READER_END_OF_STREAM;
}

/* What server_framing_count saw of the headers that frame a body. */
struct server_framing {
	int lengths;             /* Content-Length headers */
	int encodings;           /* Transfer-Encoding headers */
	const char *encoding;    /* the first one's value */
};

static enum MHD_Result server_framing_count(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
	struct server_framing *f = cls;

	(void)kind;
	if (!strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH)) {
		f->lengths++;
	} else if (!strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
		if (!f->encodings++)
			f->encoding = value;
	}
	return MHD_YES;
}

/* 400 invalid_framing for what MHD lets through but a proxy in front of fend might read
 * another way (request smuggling, RFC 9112 section 6.3): two Content-Length headers, both
 * Content-Length and Transfer-Encoding, or a transfer coding other than chunked. Returns
 * 0, or -1 with the problem in resp (and the connection is to be closed). */
static int server_framing(struct MHD_Connection *conn, struct http_response *resp)
{
	struct server_framing f = { 0, 0, NULL };
	const char *header = MHD_HTTP_HEADER_CONTENT_LENGTH, *detail;
	cJSON *ext;

	MHD_get_connection_values(conn, MHD_HEADER_KIND, server_framing_count, &f);
	if (f.lengths > 1) {
		detail = "the request has more than one Content-Length header";
	} else if (f.encodings && f.lengths) {
		detail = "the request has both Content-Length and Transfer-Encoding";
		header = MHD_HTTP_HEADER_TRANSFER_ENCODING;
	} else if (f.encodings > 1 || (f.encodings && strcasecmp(f.encoding, "chunked"))) {
		detail = "the only Transfer-Encoding accepted is a single chunked";
		header = MHD_HTTP_HEADER_TRANSFER_ENCODING;
	} else {
		return 0;
	}
	ext = cJSON_CreateObject();
	if (!ext || !cJSON_AddStringToObject(ext, "header", header)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
	} else {
		reply_problem(resp, REPLY_INVALID_FRAMING, detail, ext);
	}
	/* The rest of the connection cannot be read reliably. */
	reply_header(resp, "Connection", "close");
	return -1;
}

/* Decides, when a POST's headers are in, how its body is taken: streamed, refused (a
 * problem in r->resp, to be sent at once), or collected for the handler. */
static void server_post_headers(struct server_request *r, struct MHD_Connection *conn)
{
	const struct config *cfg = r->server->config;
	const struct stream_endpoint *ep = router_stream(r->route);
	const char *type = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
	const char *length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);

	if (ep && ep->accepts(type)) {
		r->stream = stream_new(ep, cfg->spool_dir);
		if (!r->stream)
			reply_internal_error(&r->resp);
		else
			stream_check_length(r->stream, cfg, length, &r->resp);
	} else if (!r->route->handler) {
		stream_unsupported(ep, false, &r->resp);
	} else if (ep && type && !body_is_json_type(type)) {
		/* Neither of the route's two kinds of body: say both. */
		stream_unsupported(ep, true, &r->resp);
	} else {
		body_check_headers(type, length, cfg->max_body, &r->resp);
	}
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
		server_progress(r);
	else if (r->conn)
		atomic_store_explicit(&r->conn->watched, false, memory_order_relaxed);
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

/* MHD's access handler: called once when the headers are in, once per piece of body,
 * and once more when the request is complete. Answers are queued on that last call,
 * because MHD 0.9.75 closes the connection after a response queued on the first one;
 * only a refused body (413 by Content-Length, 415) is answered at once, unread. A
 * streamed body (stream.h) goes to its spool piece by piece instead of into memory. */
static enum MHD_Result server_handle(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				     const char *version, const char *upload_data, size_t *upload_data_size,
				     void **con_cls)
{
	struct server *srv = cls;
	struct server_request *r = *con_cls;
	size_t max_body = srv->config->max_body;
	cJSON *root;

	(void)version;
	if (!r) {
		r = server_request_new(srv, conn, url, method);
		if (!r)
			return MHD_NO;
		*con_cls = r;
		if (server_framing(conn, &r->resp))
			return server_queue(conn, r);
		r->route = router_find(&r->req, &r->resp);
		/* The router answered (404, 405): do not read a body for it. */
		if (!r->route && server_has_body(conn))
			return server_queue(conn, r);
		if (r->route && r->route->method == HTTP_POST) {
			server_post_headers(r, conn);
			/* A streamed body's query is checked before the body is spooled. */
			if (r->resp.status || (r->stream && params_check(r->route, &r->req, &r->resp)))
				return server_queue(conn, r);
		}
		/* A streamed body may be huge: it only has to keep coming (each piece within
		 * --timeout of the last), not to be complete within --timeout. */
		if (r->stream)
			server_progress(r);
		return MHD_YES;
	}
	if (*upload_data_size) {
		size_t limit = r->stream ? router_stream(r->route)->limit(srv->config) : max_body, received;
		r->in_bytes += *upload_data_size;
		/* A body nobody reads (already answered, or not a POST route) is dropped. */
		if (!r->queued && !r->resp.status && r->stream) {
			stream_spool_write(r->stream, srv->config, upload_data, *upload_data_size);
			server_progress(r);
		}
		else if (!r->queued && !r->resp.status && r->route && r->route->method == HTTP_POST)
			body_append(&r->body, upload_data, *upload_data_size, max_body);
		else
			r->body.received += *upload_data_size;
		*upload_data_size = 0;
		received = r->body.received + (r->stream ? stream_received(r->stream) : 0);
		/* Past the limit the rest is only counted, so that the 413 can be sent when the
		 * body ends; a client that keeps sending far beyond it is cut off. */
		if (received > 2 * limit + 64 * 1024)
			return MHD_NO;
		return MHD_YES;
	}
	if (r->queued)
		return MHD_YES;
	if (!r->resp.status && r->stream) {
		if (stream_start(r->stream, &r->req, &r->resp) == 0) {
			r->streaming = true;
			r->resp.status = 200;
			r->resp.content_type = stream_content_type(r->stream);
		}
	} else if (!r->resp.status && r->route->method == HTTP_POST) {
		/* Every cJSON tree of the request (its body, the answer) lives in this thread's
		 * arena until the answer is printed (json-arena.c). */
		json_arena_begin();
		root = body_parse(&r->body, max_body, &r->resp);
		if (root) {
			r->req.body = root;
			if (!params_check(r->route, &r->req, &r->resp))
				r->route->handler(&r->req, &r->resp);
			r->req.body = NULL;
			json_arena_delete(root);
		}
		json_arena_end();
		body_clear(&r->body);
	} else if (!r->resp.status) {
		json_arena_begin();
		if (!params_check(r->route, &r->req, &r->resp))
			r->route->handler(&r->req, &r->resp);
		json_arena_end();
	}
	return server_queue(conn, r);
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
	if (r->queued && srv->config->log != CONFIG_LOG_OFF)
		server_log(r, conn);
	/* The next request on this connection has its own deadline. */
	if (r->conn) {
		atomic_store_explicit(&r->conn->since_ms, server_now_ms(), memory_order_relaxed);
		atomic_store_explicit(&r->conn->watched, true, memory_order_relaxed);
	}
	{
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		metrics_request_end(r->endpoint, r->req.method, r->queued ? r->resp.status : 0, r->in_bytes,
				    r->req.method == HTTP_HEAD ? 0 : r->streaming ? stream_sent(r->stream) : r->resp.length,
				    (now.tv_sec - r->start.tv_sec) * 1000000000LL + (now.tv_nsec - r->start.tv_nsec));
	}
	body_clear(&r->body);
	reply_clear(&r->resp);
	stream_free(r->stream);
	server_request_free(r);
	*con_cls = NULL;
	/* Read first: the flag's cache line is written only when it changes, not by every
	 * request of every thread. */
	if (!atomic_load_explicit(&srv->active, memory_order_relaxed))
		atomic_store_explicit(&srv->active, true, memory_order_relaxed);
	atomic_fetch_sub_explicit(&srv->in_flight, 1, memory_order_release);
}

/* MHD_OPTION_NOTIFY_CONNECTION: connections enter and leave the watchdog's list. MHD
 * closes the socket only after CLOSED returns, so under conns_lock the watchdog never
 * shuts down a descriptor that was closed and reused. */
static void server_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			      enum MHD_ConnectionNotificationCode code)
{
	struct server *srv = cls;
	struct server_conn *c = *socket_context;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (!info)
			return;
		/* Without memory for its entry, a connection could be neither watched nor
		 * counted: refuse it. */
		if (!(c = malloc(sizeof *c))) {
			shutdown(info->connect_fd, SHUT_RDWR);
			return;
		}
		c->fd = info->connect_fd;
		atomic_init(&c->since_ms, server_now_ms());
		atomic_init(&c->watched, true);
		c->cut = false;
		c->prev = NULL;
		pthread_mutex_lock(&srv->conns_lock);
		c->next = srv->conns;
		if (srv->conns)
			srv->conns->prev = c;
		srv->conns = c;
		/* Over the limit: closed before anything is read, so the client knows at once. */
		if (++srv->open_conns > srv->config->max_connections) {
			shutdown(c->fd, SHUT_RDWR);
			c->cut = true;
		}
		pthread_mutex_unlock(&srv->conns_lock);
		*socket_context = c;
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && c) {
		pthread_mutex_lock(&srv->conns_lock);
		if (c->prev)
			c->prev->next = c->next;
		else
			srv->conns = c->next;
		if (c->next)
			c->next->prev = c->prev;
		srv->open_conns--;
		/* MHD frees the connection's memory after this returns: worth a trim too. */
		atomic_store_explicit(&srv->active, true, memory_order_relaxed);
		pthread_mutex_unlock(&srv->conns_lock);
		free(c);
		*socket_context = NULL;
	}
}

/* The watchdog thread: shuts down the socket of every connection whose request has not
 * arrived within --timeout. MHD then sees the connection end and closes it as usual.
 *
 * It also trims the heap once a burst of requests is over: a whole watch period with
 * no request completed, none in flight and no connection closed. glibc keeps what a
 * burst freed in its arenas, so without it the resident size at rest is the high-water
 * mark of whichever burst had the most large buffers live at once (64 connections
 * rendering, streaming NDJSON and spooling PGN), and wanders by megabytes from one idle
 * moment to the next. Under a steady load it never runs: malloc_trim locks each arena
 * while it walks it. */
static void *server_watchdog(void *arg)
{
	struct server *srv = arg;
	long long limit = srv->config->timeout * 1000LL;
	bool busy = false;  /* requests completed or connections closed since the last trim */

	pthread_mutex_lock(&srv->conns_lock);
	while (!srv->stopping) {
		struct timespec until;
		long long now = server_now_ms();

		if (atomic_exchange_explicit(&srv->active, false, memory_order_relaxed)) {
			busy = true;
		} else if (busy && atomic_load_explicit(&srv->in_flight, memory_order_acquire) == 0) {
			busy = false;
			pthread_mutex_unlock(&srv->conns_lock);
			malloc_trim(0);
			pthread_mutex_lock(&srv->conns_lock);
			continue;
		}

		for (struct server_conn *c = srv->conns; c; c = c->next) {
			if (c->cut || !atomic_load_explicit(&c->watched, memory_order_relaxed) ||
			    now - atomic_load_explicit(&c->since_ms, memory_order_relaxed) < limit)
				continue;
			shutdown(c->fd, SHUT_RDWR);
			c->cut = true;
		}
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += SERVER_WATCH_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&srv->watchdog_wake, &srv->conns_lock, &until);
	}
	pthread_mutex_unlock(&srv->conns_lock);
	return NULL;
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

struct server *server_start(const struct config *cfg, char *err, size_t err_size)
{
	struct server *srv = calloc(1, sizeof *srv);
	/* poll(), not epoll: with a worker pool on epoll, MHD_quiesce_daemon (how SIGTERM
	 * stops accepting) races the workers' own removal of the listening socket from their
	 * epoll sets, and libmicrohttpd 0.9.75 aborts the process ("Failed to remove listen
	 * FD from epoll set"; about one shutdown in 150 under load). The poll side quiesces
	 * through the inter-thread channel instead. bench/cpu.sh put the cost at about 2% of
	 * CPU per request at 64 connections. */
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC | MHD_USE_TURBO |
			 MHD_USE_ERROR_LOG;
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
	atomic_init(&srv->in_flight, 0);
	atomic_init(&srv->active, false);
	atomic_init(&srv->draining, false);
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
		MHD_OPTION_NOTIFY_COMPLETED, server_completed, srv,
		MHD_OPTION_NOTIFY_CONNECTION, server_connection, srv,
		/* Last: one thread is MHD's internal thread alone, without a pool (MHD warns
		 * about a pool of 1), so the list ends here and the size is never read. */
		cfg->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (unsigned)cfg->threads,
		MHD_OPTION_END);
	atomic_store(&server_starting, false);
	if (!srv->daemon) {
		snprintf(err, err_size, "cannot listen on %s port %u", cfg->listen, cfg->port);
		pthread_cond_destroy(&srv->watchdog_wake);
		pthread_mutex_destroy(&srv->conns_lock);
		free(srv);
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
	server_stop_accepting(srv);
	if (srv->watchdog_running) {
		pthread_mutex_lock(&srv->conns_lock);
		srv->stopping = true;
		pthread_cond_signal(&srv->watchdog_wake);
		pthread_mutex_unlock(&srv->conns_lock);
		pthread_join(srv->watchdog, NULL);
	}
	MHD_stop_daemon(srv->daemon);
	server_spare_release(NULL);
	pthread_cond_destroy(&srv->watchdog_wake);
	pthread_mutex_destroy(&srv->conns_lock);
	if (srv->listen_fd != MHD_INVALID_SOCKET)
		close(srv->listen_fd);
	free(srv);
}
