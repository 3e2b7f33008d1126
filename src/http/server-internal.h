/* server-internal.h -- what the files of the daemon share (server.c: requests and their
 * work; server-conns.c: connections, the per-client limit and the watchdog;
 * server-framing.c: the checks of a request's head). Only these files know MHD. */
#ifndef FEND_HTTP_SERVER_INTERNAL_H
#define FEND_HTTP_SERVER_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

#include <microhttpd.h>

#include "http/http.h"
#include "http/pool.h"

/* Bytes of a path the access log keeps. */
#define SERVER_LOG_PATH_MAX 256

/* The longest request target (path and query) fend reads; longer ones get 414. */
#define SERVER_URI_MAX 8192
/* The most bytes of header fields fend reads; more get 431. */
#define SERVER_HEADERS_MAX 16384

struct server_client;
struct server_linger;

/* One open connection, as the watchdog sees it. While it is watched, the connection must
 * make progress at least once every --timeout (the head of a request arriving after the
 * previous answer, a piece of body, a piece of a streamed answer read by the client),
 * and a body must arrive in all before body_until. It is not watched while its request
 * is worked on, nor while a buffered answer is sent (MHD's own idle timeout governs
 * that). */
struct server_conn {
	struct server_conn *prev, *next;  /* in server.conns, under conns_lock */
	MHD_socket fd;
	atomic_llong since_ms;            /* the last progress */
	atomic_llong body_until_ms;       /* the body's deadline; 0: none */
	atomic_bool watched;
	bool cut;                         /* shut down by the watchdog (under conns_lock) */
	bool counted;                     /* counted in server.clients under addr */
	atomic_bool linger;               /* answered with some of a body unread: linger at close */
	unsigned char addr[16];           /* the client's address (IPv4 mapped into IPv6) */
};

/* The daemon: MHD's thread pool accepts and serves connections and answers the cheap
 * requests itself; the heavy pool (pool.c) works on the expensive ones. */
struct server {
	struct MHD_Daemon *daemon;
	const struct config *config;
	struct pool *pool;
	pthread_mutex_t conns_lock;  /* guards conns, clients, and closing a socket against cutting it */
	struct server_conn *conns;
	unsigned open_conns;         /* under conns_lock: connections in conns */
	struct server_client *clients; /* under conns_lock: open connections per address */
	struct server_linger *lingering; /* under conns_lock: closed connections read to their end */
	unsigned lingering_count;
	unsigned clients_size;       /* slots of clients, a power of two */
	pthread_t watchdog;
	bool watchdog_running;
	pthread_cond_t watchdog_wake;
	bool watchdog_stop;          /* under conns_lock: the watchdog ends */
	pthread_mutex_t stream_lock; /* a streamed answer's step against its content reader */
	MHD_socket listen_fd;        /* from MHD_quiesce_daemon at shutdown; closed after MHD_stop_daemon */
	unsigned port;
	atomic_long in_flight;       /* requests between their first call and NOTIFY_COMPLETED */
	atomic_long suspended;       /* connections suspended while the heavy pool works for them */
	atomic_bool active;          /* a request completed or a connection closed since the
					watchdog last looked */
	atomic_bool draining;        /* shutting down: answer with Connection: close */
	atomic_bool stopping;        /* the work in progress must stop (budget.h: BUDGET_SHUTDOWN) */
};

/* Milliseconds of the monotonic clock. */
long long server_now_ms(void);

/* server-conns.c */

/* MHD_OPTION_NOTIFY_CONNECTION: connections enter and leave the watchdog's list and the
 * per-client counts; one over --max-connections or --max-client-connections is shut down
 * before anything is read. */
void server_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
		       enum MHD_ConnectionNotificationCode code);

/* Makes the per-client table (for cfg's connection limits). Returns 0, or -1 when out of
 * memory. server_conns_free releases it. */
int server_conns_init(struct server *srv);
void server_conns_free(struct server *srv);

/* The watchdog thread: cuts connections that make no progress, and trims the heap when
 * the daemon falls idle. */
void *server_watchdog(void *arg);

/* The connection is worked on, or answered from a buffer: not watched. */
void server_conn_unwatch(struct server_conn *c);

/* The request is answered before its body was read: when the connection closes, what
 * the client still sends is read and dropped for a while (a lingering close), so that a
 * client that sends its whole body before it reads gets the answer, not a reset. */
void server_conn_linger(struct server_conn *c);

/* The connection made progress; it is watched again. */
void server_conn_progress(struct server_conn *c);

/* A request's head is in: its body (if any) must arrive in all within --timeout, or
 * within --body-deadline when it is streamed (a spooled bulk or PGN body may be large),
 * and keep coming (a piece at least every --timeout). */
void server_conn_head(struct server_conn *c, const struct config *cfg, bool has_body, bool streamed);

/* server-framing.c */

/* The headers the daemon reads itself, found while the head is checked (the first of
 * each; NULL when absent), so that nobody looks them up again. */
struct server_head {
	const char *content_length;
	const char *transfer_encoding;
	const char *content_type;
	const char *request_id;
};

/* Checks what MHD leaves to us in a request's head, before anything else is done with
 * it (and fills head, also when it returns -1): the framing headers (one Content-Length, or one chunked Transfer-Encoding), header
 * names without whitespace, values without control bytes, one Host in HTTP/1.1, a
 * request target of at most SERVER_URI_MAX bytes (uri_length, the raw target's) and
 * header fields of at most SERVER_HEADERS_MAX. Returns 0, or -1 with a problem in resp
 * (400, 414 or 431) after which the connection is closed. */
int server_framing_check(struct MHD_Connection *conn, const char *version, size_t uri_length,
			 struct server_head *head, struct http_response *resp);

#endif
