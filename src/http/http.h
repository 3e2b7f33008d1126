/* http.h -- the HTTP layer's internal header, one section per file of src/http. Handlers
 * see struct http_request and fill struct http_response: only server.c knows MHD. */
#ifndef FEND_HTTP_H
#define FEND_HTTP_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "core/fen.h"
#include "core/render_options.h"
#include "core/work.h"
#include "json/json.h"

struct budget;
struct router_route;
struct server;
struct stream_endpoint;

/* Defaults of the daemon's settings; configure may override them with -D. */
#ifndef FEND_DEFAULT_LISTEN
#define FEND_DEFAULT_LISTEN "127.0.0.1"
#endif
#ifndef FEND_DEFAULT_PORT
#define FEND_DEFAULT_PORT 8080
#endif
#ifndef FEND_DEFAULT_MAX_BODY
#define FEND_DEFAULT_MAX_BODY 1048576
#endif
#ifndef FEND_DEFAULT_TIMEOUT
#define FEND_DEFAULT_TIMEOUT 15
#endif
#ifndef FEND_DEFAULT_MAX_PGN_BODY
#define FEND_DEFAULT_MAX_PGN_BODY 67108864
#endif
#ifndef FEND_DEFAULT_MAX_BULK_BODY
#define FEND_DEFAULT_MAX_BULK_BODY 268435456
#endif
#ifndef FEND_DEFAULT_MAX_CONNECTIONS
#define FEND_DEFAULT_MAX_CONNECTIONS 1024
#endif
/* The budget of one request (docs/limits.md says how to size each). */
#ifndef FEND_DEFAULT_REQUEST_DEADLINE
#define FEND_DEFAULT_REQUEST_DEADLINE 10
#endif
#ifndef FEND_DEFAULT_BODY_DEADLINE
#define FEND_DEFAULT_BODY_DEADLINE 60
#endif
#ifndef FEND_DEFAULT_HEAVY_QUEUE
#define FEND_DEFAULT_HEAVY_QUEUE 8
#endif
/* A pixel of an animation costs about 5 ns of CPU (7 when every frame is drawn whole;
 * bench/render-pixels.py), the budget's unit (a 360-px PNG) about 2 ms: 25 M pixels take
 * 125-180 ms, under 100 of those. A 200-ply game draws 22 M at 512 px and 39-44 M at
 * 720 px (its frames cover 36-39% of the board on average); a 1024-px board with a few
 * arrows 1.1 M (a picture draws at most 3.2 M). */
#ifndef FEND_DEFAULT_MAX_RENDER_PIXELS
#define FEND_DEFAULT_MAX_RENDER_PIXELS 25000000
#endif
#ifndef FEND_DEFAULT_MAX_CLIENT_CONNECTIONS
#define FEND_DEFAULT_MAX_CLIENT_CONNECTIONS 64
#endif
#ifndef FEND_DEFAULT_MAX_SPOOL
#define FEND_DEFAULT_MAX_SPOOL 1073741824
#endif
#ifndef FEND_DEFAULT_MAX_REQUEST_MEMORY
#define FEND_DEFAULT_MAX_REQUEST_MEMORY 16777216
#endif

/* The methods the router tells apart; anything else is HTTP_OTHER. */
enum http_method { HTTP_GET, HTTP_HEAD, HTTP_POST, HTTP_OPTIONS, HTTP_OTHER, HTTP_METHOD_NB };

/* Looks up a query parameter (already URL-decoded) by name; NULL when absent. */
typedef const char *(*http_query_fn)(void *context, const char *name);

/* Calls visit(arg, name) for each query parameter's name (URL-decoded), in order, until
 * visit returns false. */
typedef void (*http_query_each_fn)(void *context, bool (*visit)(void *arg, const char *name), void *arg);

/* A request as handlers see it. Everything is borrowed from the caller (server.c or a
 * test) and lives until the response is sent. */
struct http_request {
	enum http_method method;
	const char *path;              /* without the query string */
	http_query_fn query;           /* may be NULL: no query parameters */
	void *query_context;
	http_query_each_fn query_each; /* the names of the query (same context); NULL: the
					* names are not checked (params_check) */
	const cJSON *body;             /* POST: the parsed JSON object; NULL otherwise */
	const char *request_id;        /* echoed in X-Request-Id */
	const struct config *config;
	http_query_fn header;          /* request headers by name; may be NULL: none */
	void *header_context;
	struct budget *budget;         /* what the request may still spend; NULL: no limit */
};

/* Headers beyond Content-Type; names and values are borrowed (static strings, the
 * request's id, the config, or http_response.allow). */
#define HTTP_HEADERS_MAX 20
/* Room for header values copied into the response (reply_header_copy). */
#define HTTP_HEADER_STORAGE 512

struct http_header {
	const char *name;
	const char *value;
};

/* A response as handlers build it (through reply.c only). */
struct http_response {
	int status;                    /* 0 until a reply is set */
	const char *content_type;      /* NULL: no Content-Type (204) */
	char *body;                    /* NULL for no body */
	size_t length;
	void (*body_free)(void *);     /* frees body; NULL when body is static */
	int header_count;
	struct http_header headers[HTTP_HEADERS_MAX];
	char allow[48];                /* storage for the Allow header's value */
	bool page;                     /* a web page: reply_finish adds the page's security headers */
	bool lang_chosen;              /* lang holds the messages' language (negotiate_lang, chosen
					* while the request's body is still there); else reply_finish
					* chooses from the query and headers */
	enum msg_lang lang;
	size_t storage_used;
	char storage[HTTP_HEADER_STORAGE]; /* values of reply_header_copy */
};

/* A handler always leaves a complete reply in resp (a problem at worst). */
typedef void (*http_handler)(const struct http_request *req, struct http_response *resp);

/* config.c */

enum config_log { CONFIG_LOG_TEXT, CONFIG_LOG_JSON, CONFIG_LOG_OFF };

/* What config_load concluded. */
enum config_result {
	CONFIG_OK,   /* run the daemon */
	CONFIG_DONE, /* --help or --version was printed: exit 0 */
	CONFIG_BAD   /* a message was printed on stderr: exit 2 */
};

#define CONFIG_ORIGIN_MAX 256
#define CONFIG_PATH_MAX 1024
/* The most networks --trust-proxy may list. */
#define CONFIG_TRUSTED_MAX 16

/* A network of --trust-proxy: IPv4 (in addr[0..3]) or IPv6, and its prefix length. */
struct proxy_cidr {
	int family;
	unsigned char addr[16];
	unsigned prefix;
};

/* The daemon's settings, read once from argv and the environment. */
struct config {
	char listen[64];                  /* the address as given, without brackets */
	struct sockaddr_storage address;  /* listen and port, ready for bind */
	socklen_t address_length;
	bool ipv6;
	unsigned port;
	unsigned threads;
	size_t max_body;
	unsigned timeout;                 /* seconds: idle connections and draining */
	unsigned max_connections;
	char cors_origin[CONFIG_ORIGIN_MAX];
	enum config_log log;
	char spool_dir[CONFIG_PATH_MAX];  /* where streamed bodies are spooled */
	char frame_ancestors[CONFIG_ORIGIN_MAX];  /* CSP frame-ancestors of web pages */
	char page_csp[CONFIG_ORIGIN_MAX + 160];   /* the pages' Content-Security-Policy, made from it */
	const char *frame_options;                /* X-Frame-Options of pages, NULL for none */
	size_t max_bulk_body;             /* largest NDJSON body of bulk /validate */
	size_t max_pgn_body;              /* largest body of POST /pgn; 0: no limit */
	unsigned drain_delay;             /* seconds still served after SIGTERM, /ready 503 */
	struct proxy_cidr trusted[CONFIG_TRUSTED_MAX]; /* --trust-proxy: X-Forwarded-For senders */
	int trusted_count;
	/* The budget of a request (docs/limits.md) */
	unsigned request_deadline_ms;     /* work one request may take; 0: none */
	unsigned body_deadline;           /* seconds a request's body may take to arrive */
	unsigned heavy_threads;           /* the pool of the expensive endpoints */
	unsigned heavy_queue;             /* requests waiting for it before 503 busy */
	size_t max_render_pixels;         /* pixels one picture or animation may draw */
	unsigned max_client_connections;  /* open connections per client address; 0: no limit */
	size_t max_request_memory;        /* memory one request's answer may take */
	size_t max_spool;                 /* bytes all streamed bodies may spool at once */
};

/* Fills cfg from the FEND_* environment variables, then argv (flags win). Prints --help
 * and --version on stdout and problems on stderr; see enum config_result. */
enum config_result config_load(struct config *cfg, int argc, char **argv);

/* The usage text. */
extern const char config_usage[];

/* budget.c */

/* Why a request's work must stop. */
enum budget_stop {
	BUDGET_GO,        /* it may go on */
	BUDGET_DEADLINE,  /* --request-deadline passed */
	BUDGET_GONE,      /* the client closed its connection: nobody waits for the answer */
	BUDGET_SHUTDOWN   /* the daemon is stopping */
};

/* What one request may still spend, checked at the natural points of its work. The
 * deadline counts only the time the request is worked on: budget_pause and
 * budget_resume leave out the time a streamed answer waits for its client. */
struct budget {
	long long deadline_ns;         /* CLOCK_MONOTONIC; 0: none */
	long long paused_ns;           /* when budget_pause was called; 0: running */
	int fd;                        /* the client's socket, watched for its close; -1: none */
	long long next_probe_ns;       /* when the socket is looked at next */
	const atomic_bool *stopping;   /* the daemon's shutdown flag; may be NULL */
	enum budget_stop stop;         /* sticky once not BUDGET_GO */
	struct work_check check;       /* budget_should_stop for the core */
};

/* Starts the clock of a request's work: deadline_ms from now (0: none), fd watched for
 * the client's close (-1: not watched), stopping may be NULL. */
void budget_start(struct budget *b, unsigned deadline_ms, int fd, const atomic_bool *stopping);

/* The checkpoint: true when the work must stop (b->stop says why). Cheap: a clock read,
 * and a look at the socket at most every few milliseconds. b may be NULL (never). */
bool budget_should_stop(struct budget *b);

/* The time the answer waits for its client does not count (streamed answers). */
void budget_pause(struct budget *b);
void budget_resume(struct budget *b);

/* The core's view of a request's budget: NULL when the request has none. */
const struct work_check *budget_work(const struct http_request *req);

/* The problem of a stopped budget: 503 deadline_exceeded with Retry-After, or 503
 * service_unavailable at shutdown or when the client left (nobody reads that one). */
void budget_problem(const struct budget *b, unsigned deadline_ms, struct http_response *resp);

/* The same problem as a tree, for the last record of a streamed answer (the caller
 * deletes it); NULL when out of memory. */
cJSON *budget_problem_object(const struct budget *b, unsigned deadline_ms);

/* reply.c */

/* The problem codes of the API, each with its status and title. */
enum reply_code {
	REPLY_MALFORMED_JSON,
	REPLY_MISSING_FIELD,
	REPLY_INVALID_FIELD,
	REPLY_NOT_FOUND,
	REPLY_METHOD_NOT_ALLOWED,
	REPLY_PAYLOAD_TOO_LARGE,
	REPLY_UNSUPPORTED_MEDIA_TYPE,
	REPLY_INVALID_FEN,
	REPLY_ILLEGAL_MOVE,
	REPLY_AMBIGUOUS_MOVE,
	REPLY_NON_STANDARD_SAN,
	REPLY_MALFORMED_PGN,
	REPLY_INTERNAL_ERROR,
	REPLY_SERVICE_UNAVAILABLE,
	REPLY_UNREADABLE_GAME,
	REPLY_INVALID_FRAMING,
	REPLY_NOT_ACCEPTABLE,
	REPLY_UNKNOWN_PARAMETER,
	REPLY_RENDER_TOO_LARGE,
	REPLY_BUSY,
	REPLY_DEADLINE_EXCEEDED,
	REPLY_URI_TOO_LONG,
	REPLY_HEADERS_TOO_LARGE,
	REPLY_AMBIGUOUS_LANGUAGE,
	REPLY_CODE_NB
};

#define REPLY_JSON_TYPE "application/json; charset=utf-8"
#define REPLY_PROBLEM_TYPE "application/problem+json"
#define REPLY_TEXT_TYPE "text/plain; charset=utf-8"
#define REPLY_YAML_TYPE "application/yaml"
/* The longest X-Request-Id taken from a client. */
#define REPLY_REQUEST_ID_MAX 128

/* The first buffer cJSON prints a response into: most answers fit. */
#define REPLY_PRINT_BUFFER 2048

/* Answers with a JSON tree printed unformatted; takes ownership of root (NULL means
 * out of memory, and becomes a 500). */
void reply_json(struct http_response *resp, int status, cJSON *root);

/* Answers with a copy of length bytes of text (500 when out of memory). */
void reply_text(struct http_response *resp, int status, const char *content_type, const char *text,
		size_t length);

/* Answers with a static body, which is not copied (body may be NULL when length is 0;
 * content_type may be NULL for no Content-Type). */
void reply_static(struct http_response *resp, int status, const char *content_type, const char *body,
		  size_t length);

/* Answers with application/problem+json: type, title, status, detail, code, then the
 * members of extensions (whose own "code" and "detail" are dropped; its "detail" is used
 * when detail is NULL). Takes ownership of extensions, which may be NULL. */
void reply_problem(struct http_response *resp, enum reply_code code, const char *detail, cJSON *extensions);

/* The problem reply_problem would send, as a tree (the caller deletes it); NULL when
 * out of memory. Takes ownership of extensions. */
cJSON *reply_problem_object(enum reply_code code, const char *detail, cJSON *extensions);

/* missing_field / invalid_field problems naming field. */
void reply_problem_field(struct http_response *resp, enum reply_code code, const char *field, const char *detail);

/* The 422 invalid_fen problem of a FEN that fen_parse did not find valid. */
void reply_invalid_fen(struct http_response *resp, const struct fen_report *report);

/* The fixed 500 internal_error problem; never allocates. */
void reply_internal_error(struct http_response *resp);

/* Adds a header (name and value are borrowed); false when there is no room. */
bool reply_header(struct http_response *resp, const char *name, const char *value);

/* Marks the response as a web page (HTML a browser renders): reply_finish then adds a
 * Content-Security-Policy allowing only fend's own origin, Referrer-Policy and
 * X-Frame-Options (by --frame-ancestors). Call it after the reply is set. */
void reply_page(struct http_response *resp);

/* Adds name to the response's Vary: one header whose value lists each name once, after
 * the ones already there ("Accept, Accept-Language, Origin"). */
void reply_vary(struct http_response *resp, const char *name);

/* Adds a header whose value is copied into the response; false when there is no room. */
bool reply_header_copy(struct http_response *resp, const char *name, const char *value);

/* Answers with a body the response takes over; body_free releases it (free for malloc). */
void reply_owned(struct http_response *resp, int status, const char *content_type, void *body, size_t length,
		 void (*body_free)(void *));

/* Adds what every response carries: X-Request-Id, the CORS headers and
 * X-Content-Type-Options: nosniff (and a page's headers, see reply_page). */
void reply_finish(struct http_response *resp, const struct http_request *req);

/* Frees the body, leaving an empty response. */
void reply_clear(struct http_response *resp);

/* The snake_case name of a code ("invalid_fen"). */
const char *reply_code_name(enum reply_code code);

/* Copies the client's X-Request-Id into out when it is 1-128 printable ASCII bytes
 * without spaces, else writes a new 16-hex-digit id. Returns out. */
char *reply_request_id(const char *given, char out[REPLY_REQUEST_ID_MAX + 1]);

/* body.c */

/* A request body collected in pieces, capped at a limit; data is NUL-terminated once
 * anything was appended (NULL before). */
struct body {
	char *data;
	size_t length;
	size_t capacity;
	size_t received;  /* every byte offered, also those past the limit */
	bool too_large;
	bool out_of_memory;
};

void body_init(struct body *b);
void body_clear(struct body *b);

/* Checks a POST's Content-Type and Content-Length headers (either may be NULL) before
 * its body is read. Returns 0, or -1 with a 413 or 415 problem in resp. */
int body_check_headers(const char *content_type, const char *content_length, size_t max_body,
		       struct http_response *resp);

/* True when a Content-Type names JSON: application/json or application/<x>+json,
 * any parameters, any case. False for NULL (no Content-Type). */
bool body_is_json_type(const char *content_type);

/* Appends a piece of the body. Returns 0, or -1 once the body passed max_body (then
 * too_large is set and further pieces are only counted) or when out of memory. */
int body_append(struct body *b, const char *data, size_t size, size_t max_body);

/* Parses the collected body as a JSON object. Returns the tree (the caller deletes
 * it), or NULL with a problem in resp: 413 (the body is over max_body, or its JSON needs
 * more memory than this thread's json_arena_limit), 400 malformed_json with the offset
 * (and "root", the type, for JSON that is not an object: refused from its first byte,
 * unread), 500. */
cJSON *body_parse(struct body *b, size_t max_body, struct http_response *resp);

/* Reads a string option from the JSON body (POST) or the query (GET). Sets *out to
 * NULL when absent. Returns 0, or -1 with missing_field/invalid_field in resp. */
int body_string(const struct http_request *req, const char *name, bool required, const char **out,
		struct http_response *resp);

/* Reads a boolean option (JSON true/false; query true/false/1/0); *out is left alone
 * when absent. Returns 0, or -1 with invalid_field in resp. */
int body_bool(const struct http_request *req, const char *name, bool *out, struct http_response *resp);

/* Reads the shared position options (fen, mode, chess960, infer_castling, ep, castling).
 * Returns 0, or -1 with a problem in resp. */
int body_position_options(const struct http_request *req, const char **fen, struct fen_options *options,
			  struct json_fen_style *style, struct http_response *resp);

/* body_position_options with fen optional: the standard start when absent. */
int body_position_options_or_start(const struct http_request *req, const char **fen, struct fen_options *options,
				   struct json_fen_style *style, struct http_response *resp);
/* Reads "lang", the language of SAN piece letters (default "en"); *given (when not NULL)
 * says whether the request named one. Returns 0, or -1 with invalid_field in resp. */
int body_lang(const struct http_request *req, enum san_lang *out, bool *given, struct http_response *resp);

/* Reads "lang" where it only chooses the language of messages (negotiate_lang): one of
 * en, it, ru, es. Returns 0, or -1 with invalid_field in resp. */
int body_message_lang(const struct http_request *req, struct http_response *resp);

/* body_position_options without the fen: mode, chess960, infer_castling, ep, castling. */
int body_style_options(const struct http_request *req, struct fen_options *options, struct json_fen_style *style,
		       struct http_response *resp);

/* The 413 payload_too_large problem naming the limit. */
void body_too_large(size_t max_body, struct http_response *resp);

/* negotiate.c */

/* Room for an ETag value with its quotes and NUL. */
#define NEGOTIATE_ETAG_MAX 40

/* The index of the media type in types (count of them, the server's order of
 * preference) that an Accept header value wants most: highest q, then the server's
 * order; 0 when accept is NULL or empty; -1 when none is acceptable. */
int negotiate_accept(const char *accept, const char *const *types, int count);

/* A strong ETag ("..." with 32 hex digits) of the normalized request text and the
 * build (version and drawing revision). */
void negotiate_etag(const char *text, size_t length, char out[NEGOTIATE_ETAG_MAX]);

/* True when an If-None-Match header value (NULL: absent) matches etag: "*" or one of
 * its entity tags (weak comparison, as RFC 9110 says for If-None-Match). */
bool negotiate_none_match(const char *if_none_match, const char *etag);

/* True for a GET (or HEAD) whose If-None-Match matches etag: answer 304. */
bool negotiate_fresh(const struct http_request *req, const char *etag);

/* For a GET (or HEAD): adds ETag and Cache-Control (public, a day, immutable) to resp.
 * Call after the body is set (setting a body clears the headers). */
void negotiate_cache_headers(const struct http_request *req, struct http_response *resp, const char *etag);

/* The value of a request header, or NULL. */
const char *negotiate_header(const struct http_request *req, const char *name);

/* The message language an Accept-Language value asks for among en, it, ru and es: the
 * highest q (a range such as "it-IT" names Italian, "*" any language not named, q=0 none),
 * the first listed between equals; English when it names none of them or is NULL. */
enum msg_lang negotiate_accept_language(const char *header);

/* The language of req's messages: "lang" of its JSON body or query when it is en, it,
 * ru or es (another lang, a SAN language, leaves it to the header), else Accept-Language's
 * choice (negotiate_accept_language). */
enum msg_lang negotiate_lang(const struct http_request *req);

/* router.c */

struct router_route {
	enum http_method method;
	const char *path;
	http_handler handler;  /* NULL for a route that only streams (router_stream) */
	/* The names it takes, NULL-terminated (params.c checks them): its query parameters
	 * (of a POST: when the body is streamed and not JSON), and the top-level members of
	 * its JSON body (POST only; NULL for GET). */
	const char *const *query;
	const char *const *members;
};

/* The method's enum value; HTTP_OTHER when the router does not know it. */
enum http_method router_method(const char *name);

/* Finds the route of req. Returns NULL when the router answered itself in resp: 404
 * not_found, 405 method_not_allowed, or the 204 of a CORS preflight. HEAD finds GET. */
const struct router_route *router_find(const struct http_request *req, struct http_response *resp);

/* The stream of a POST route (stream.h), or NULL when its bodies are never streamed. */
const struct stream_endpoint *router_stream(const struct router_route *route);

/* Where a route's work is done: on the thread that read the request (cheap), on the
 * heavy pool, or as router_is_heavy says of the request. */
enum router_cost { ROUTER_CHEAP, ROUTER_HEAVY, ROUTER_BY_REQUEST };
enum router_cost router_cost(const struct router_route *route);

/* Whether req (its query and headers, and for a POST its parsed body) is heavy work for
 * its route (a raster /render); false for a route that is not ROUTER_BY_REQUEST. */
bool router_is_heavy(const struct router_route *route, const struct http_request *req);

/* router_find, params_check, then the route's handler: a complete answer to req. */
void router_dispatch(const struct http_request *req, struct http_response *resp);

/* The route of method (GET for HEAD) and path, or NULL. */
const struct router_route *router_lookup(enum http_method method, const char *path);

/* "GET", "HEAD", "POST", "OPTIONS"; "?" for HTTP_OTHER. */
const char *router_method_name(enum http_method method);

/* params.c */

/* The longest parameter name an unknown_parameter problem quotes (longer ones are cut). */
#define PARAMS_NAME_MAX 64

/* Checks the names req uses against its route's: every query parameter (all of them are
 * unknown when the body is JSON: a JSON body brings its options as members), and each
 * top-level member of req->body. Call it before the route's handler, with req->body set
 * for a JSON body, and for a streamed body as soon as the headers are in (req->body NULL:
 * the route's stream and the Content-Type tell which names apply). Returns 0, or -1 with
 * 400 unknown_parameter in resp: "parameter" (the name), "in" ("query" or "body"),
 * "known" (the names that place takes), and a detail ending "did you mean `x`?" when a
 * known name is close (params_suggest). */
int params_check(const struct router_route *route, const struct http_request *req, struct http_response *resp);

/* The name of known (NULL-terminated) that name was probably meant to be, or NULL: the
 * nearest by Damerau-Levenshtein distance (adjacent transpositions count 1), compared
 * without ASCII case, when that distance is at most 2 and shorter than name (a case-only
 * difference is distance 0); the first such name on a tie. */
const char *params_suggest(const char *name, const char *const *known);

/* log.c */

/* What one access-log line says. */
struct log_entry {
	const char *client;
	const char *method;
	const char *path;
	int status;
	size_t bytes;
	long long duration_us;
	const char *request_id;
};

/* Writes one access-log line to fd with a single write(2), stamped with the current
 * time; nothing for CONFIG_LOG_OFF. */
void log_access(int fd, enum config_log format, const struct log_entry *entry);

/* Formats a UTC time as 2026-11-29T22:05:38.123Z into out (25 bytes). */
void log_format_time(const struct timespec *ts, char out[25]);

/* server.c */

/* Starts the daemon described by cfg. Returns NULL (with a message in err) when it
 * cannot listen. */
struct server *server_start(const struct config *cfg, char *err, size_t err_size);

/* The port the daemon listens on (the real one when cfg->port was 0). */
unsigned server_port(const struct server *srv);

/* Blocks SIGTERM and SIGINT in the calling thread (call before server_start so every
 * MHD thread inherits the mask) and returns the set for server_wait_signal. */
void server_block_signals(sigset_t *set);

/* Waits for one of the signals in set; returns its number. */
int server_wait_signal(const sigset_t *set);

/* Stops accepting connections and waits (at most timeout_ms) until no request is in
 * flight. Returns true when all requests finished. */
bool server_drain(struct server *srv, unsigned timeout_ms);

/* Stops the daemon (closing idle connections) and frees srv. */
void server_stop(struct server *srv);

/* Whether GET /ready answers 200: set once fend serves, cleared at SIGTERM, so that a
 * load balancer stops sending before fend stops accepting. */
void server_set_ready(bool ready);
bool server_is_ready(void);

/* Waits at most ms milliseconds for one of the signals in set; returns its number, or 0
 * when the time ran out. */
int server_wait_signal_for(const sigset_t *set, unsigned ms);

/* proxy.c */

/* Reads "CIDR[,CIDR...]" (10.0.0.0/8, 127.0.0.1, fd00::/8; a bare address is one host)
 * into out. Returns the count, or -1 with the reason in err. */
int proxy_parse(const char *text, struct proxy_cidr *out, int max, char *err, size_t err_size);

/* Whether the address sa (IPv4, IPv6, or IPv4-mapped IPv6) is in one of the networks. */
bool proxy_trusted(const struct proxy_cidr *list, int count, const struct sockaddr *sa);

/* Writes the client address of a request into out: the peer's, or when the peer is a
 * trusted proxy, the rightmost address of X-Forwarded-For (xff, may be NULL) that is not
 * itself a trusted proxy. out is always a printable address, or "-". */
void proxy_client(const struct config *cfg, const struct sockaddr *peer, const char *xff, char *out,
		  size_t size);

/* metrics.c */

/* The endpoint label of a path: an index for metrics_request_end. */
int metrics_endpoint(const char *path);

/* Counts a request from its first call to its end; duration in nanoseconds. status 0: it
 * ended without an answer (the client went away). */
void metrics_request_start(void);
void metrics_request_end(int endpoint, enum http_method method, int status, size_t in_bytes, size_t out_bytes,
			 long long duration_ns);

/* Counts what the endpoints did: a FEN of /validate found valid or not, moves played. */
void metrics_count_validation(bool valid);
void metrics_count_moves(unsigned count);

/* Work refused or stopped by a request's budget, and connections refused. */
enum metrics_refusal {
	METRICS_BUSY, METRICS_DEADLINE, METRICS_CLIENT_GONE, METRICS_SHUTDOWN, METRICS_MAX_CONNECTIONS,
	METRICS_MAX_CLIENT_CONNECTIONS, METRICS_REFUSALS
};
void metrics_count_refusal(enum metrics_refusal why);

/* The heavy pool's size (at start-up), and a slot taken (+1) or given back (-1). */
void metrics_heavy_size(unsigned threads, unsigned slots);
void metrics_heavy_use(int delta);

/* GET /metrics: every counter in the Prometheus text format 0.0.4. */
void endpoint_metrics(const struct http_request *req, struct http_response *resp);

/* router.c, for metrics */

/* The index of path's first route (-1 for none), and the path of a route index. */
int router_path_index(const char *path);
const char *router_route_path(int index);

/* healthcheck.c */

/* fend --health-check: GETs url (http://HOST[:PORT][/PATH], HOST an address or a name,
 * [v6] in brackets) and returns 0 when it answered 200 within timeout_ms, else 1 with the
 * reason on stderr (2 when url is not such a URL). The container's HEALTHCHECK, so that
 * no curl is needed. */
int healthcheck_run(const char *url, unsigned timeout_ms);

/* endpoint-*.c */

void endpoint_validate(const struct http_request *req, struct http_response *resp);
/* POST /validate with an NDJSON body: one result per line (endpoint-validate.c). */
extern const struct stream_endpoint endpoint_validate_stream;
extern const struct stream_endpoint endpoint_pgn_stream;
extern const struct stream_endpoint endpoint_render_game_stream;
void endpoint_apply_move(const struct http_request *req, struct http_response *resp);
void endpoint_moves(const struct http_request *req, struct http_response *resp);
void endpoint_position(const struct http_request *req, struct http_response *resp);
void endpoint_render(const struct http_request *req, struct http_response *resp);
void endpoint_render_game(const struct http_request *req, struct http_response *resp);

/* endpoint-render.c, shared with endpoint-render-game.c: the picture options of a
 * request (query parameters or JSON members named as render_option_names); 0, or -1
 * with invalid_field in resp. */
int endpoint_render_options(const struct http_request *req, struct render_options *opts, struct http_response *resp);

/* endpoint-render.c, shared with endpoint-render-game.c: 0 when drawing needed pixels
 * stays within --max-render-pixels; else -1 with the 422 render_too_large problem in
 * resp, its members limit and needed, and the detail message words (which names the
 * picture or the animation and what to ask for instead: it takes needed and the limit). */
int endpoint_render_cap(const struct http_request *req, uint64_t needed, enum msg_id words,
			struct http_response *resp);

void endpoint_health(const struct http_request *req, struct http_response *resp);
void endpoint_version(const struct http_request *req, struct http_response *resp);
void endpoint_openapi(const struct http_request *req, struct http_response *resp);
void endpoint_convert(const struct http_request *req, struct http_response *resp);
void endpoint_ready(const struct http_request *req, struct http_response *resp);
void endpoint_web(const struct http_request *req, struct http_response *resp);

/* Whether a /render request asks for a raster picture (PNG or GIF): heavy work. */
bool endpoint_render_raster(const struct http_request *req);

/* The most plies one animated GIF may show. */
#define ENDPOINT_GAME_PLIES_MAX 1000

/* The most moves one apply-move request may list. */
#define ENDPOINT_MOVES_MAX 10000

/* openapi-data.c (generated from api/openapi.yaml) */

extern const unsigned char openapi_data[];
extern const size_t openapi_data_length;

/* web-data.c (generated from web/) */

/* One file of the web page: name is its path under web/ ("index.html"). */
struct web_asset {
	const char *name;
	const unsigned char *data;
	size_t length;
};

extern const struct web_asset web_assets[];
extern const size_t web_assets_nb;

#endif
