/* stream.h -- streamed endpoints: a request body too big to hold is spooled to an
 * unlinked temporary file as it arrives, then answered with a chunked response whose
 * records are produced lazily from the spool, in constant memory.
 *
 * libmicrohttpd cannot send a response before the upload is complete, so a streamed
 * endpoint works in two phases:
 *
 *   1. upload: server.c sees a route whose `stream` accepts the request's Content-Type,
 *      checks Content-Length against the endpoint's own limit (413 before reading),
 *      and appends every piece of the body to the spool (stream_spool_write). Nothing
 *      but a small write buffer is in memory. The spool lives in --spool-dir (default
 *      $TMPDIR, else /tmp), opened O_TMPFILE or unlinked at once, so it disappears with
 *      the request whatever happens.
 *   2. answer: when the body is complete, stream_start calls the endpoint's `open`
 *      (which may still refuse with a problem, e.g. a bad query parameter), and the
 *      response is 200 with the endpoint's content type, Transfer-Encoding: chunked.
 *      Whenever MHD wants more bytes, stream_next calls `produce`, which reads a little
 *      of the spool through struct stream_input and emits one or more records into
 *      struct stream_output. Memory stays bounded by the input buffer
 *      (STREAM_BUFFER), the longest record, and the producer's own state.
 *
 * Writing a producer (see endpoint-validate.c for the NDJSON one):
 *
 *   static const struct stream_endpoint my_stream = {
 *       .accepts = stream_is_ndjson_type,      // which request bodies are streamed
 *       .media_type = STREAM_NDJSON_TYPE,      // named in a 415
 *       .limit = my_limit,                     // the largest body, from the config
 *       .content_type = STREAM_NDJSON_TYPE,    // of the response
 *       .open = my_open,                       // state from the request (query options)
 *       .produce = my_produce,                 // some input -> some records
 *       .close = my_close,                     // frees the state
 *   };
 *   and in router.c, a route { HTTP_POST, "/path", handler_or_NULL } and a row
 *   { "/path", &my_stream } of router_streams.
 *
 * With handler NULL the route takes only streamed bodies (others get 415); otherwise a
 * body the stream does not accept goes to the handler as usual (parsed JSON).
 *
 * The producer reads its input either as raw bytes (stream_read: an incremental parser
 * feeds itself any amount) or as lines (stream_line: the next line without its "\n" or
 * "\r\n", NUL-terminated, lines longer than a limit reported as such). It writes records
 * with stream_emit_json (a cJSON tree, printed on one line with "\n") or stream_emit
 * (raw bytes, for text formats). One produce call should emit a modest amount (a few
 * records, STREAM_BUFFER worth) and return; it is called again for more.
 *
 * Errors after the 200 is sent cannot change the status: a producer reports a bad record
 * as a record (an "error" member); STREAM_FAIL (out of memory, a spool read error) ends
 * the chunked response without its last chunk, so that the client sees it is cut short. */
#ifndef FEND_HTTP_STREAM_H
#define FEND_HTTP_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <cjson/cJSON.h>

#include "http/http.h"

/* Bytes of spool read at once, and of body buffered before a write to the spool. */
#define STREAM_BUFFER (64 * 1024)

#define STREAM_NDJSON_TYPE "application/x-ndjson"

/* What a produce call says. */
enum stream_step {
	STREAM_MORE, /* call again: there may be more to produce */
	STREAM_END,  /* the answer is complete (what was emitted is sent, then the last chunk) */
	STREAM_FAIL  /* give up: the response is cut short */
};

/* The spooled body as the producer reads it. */
struct stream_input;
/* Where the producer's records go. */
struct stream_output;
/* The heavy pool (pool.h). */
struct pool;

/* One streamed endpoint: how its requests are recognised and how its answer is made. */
struct stream_endpoint {
	/* True when a request with this Content-Type (NULL: none given) is streamed. */
	bool (*accepts)(const char *content_type);
	/* The media types accepted, in words, for the 415 of a body the route does not take. */
	const char *media_type;
	/* The largest body accepted (from the endpoint's own flag). */
	size_t (*limit)(const struct config *cfg);
	/* The Content-Type of the 200 response. */
	const char *content_type;
	/* Called once the whole body is spooled, before anything is sent; req->body is
	 * NULL, req->query works. Sets *state (may be NULL) and returns 0, or returns -1
	 * with a complete problem in resp, which is then sent instead of the stream. */
	int (*open)(const struct http_request *req, void **state, struct http_response *resp);
	/* Reads some of in and emits records into out; see enum stream_step. */
	enum stream_step (*produce)(void *state, struct stream_input *in, struct stream_output *out);
	/* Frees the state open made; called exactly once when open succeeded (may be NULL). */
	void (*close)(void *state);
	/* Optional, right after open and still before anything is sent: may read ahead in
	 * the input and emit the first records (a producer that must see some of the body
	 * before it knows the answer's status), and may pick another Content-Type for the
	 * 200 (*content_type starts as content_type above). Returns 0, or -1 with a
	 * complete problem in resp, which is then sent instead of the stream. */
	int (*begin)(void *state, struct stream_input *in, struct stream_output *out, const char **content_type,
		     struct http_response *resp);
	/* Optional: the answer must end early (its budget ran out: problem says why, an RFC
	 * 9457 object the callee may take members from but does not own). Emits the last
	 * record, which says so, and whatever closes the answer. Returns 0, or -1 when out of
	 * memory. Without it, an answer that must end early is cut short. */
	int (*abort)(void *state, struct stream_output *out, const cJSON *problem);
};

/* Reading the input (for producers) */

/* Reads up to size bytes into buf. Returns the count, 0 at the end of the body, -1 on
 * a read error (then return STREAM_FAIL). */
ssize_t stream_read(struct stream_input *in, char *buf, size_t size);

/* What stream_line found. */
enum stream_line_result {
	STREAM_LINE,      /* *line (NUL-terminated, *length bytes) is the next line */
	STREAM_LINE_LONG, /* the next line is longer than max: it is skipped, *length is what
			   * was seen of it (at least max + 1); *line is NULL */
	STREAM_LINE_EOF,  /* no more lines (a last line without "\n" is still a line) */
	STREAM_LINE_ERROR /* a read error */
};

/* The next line (its "\n" or "\r\n" removed) of at most max bytes (max < STREAM_BUFFER).
 * *line points into the input's buffer and stays valid until the next read. */
enum stream_line_result stream_line(struct stream_input *in, size_t max, char **line, size_t *length);

/* Lines read so far by stream_line (including a skipped long one): the current line's
 * number, counting from 1. */
unsigned long stream_line_number(const struct stream_input *in);

/* Writing the output (for producers) */

/* Prints record unformatted, followed by "\n", and deletes it. Returns 0, or -1 when out
 * of memory (record NULL counts as out of memory). */
int stream_emit_json(struct stream_output *out, cJSON *record);

/* Appends length bytes as they are. Returns 0, or -1 when out of memory. */
int stream_emit(struct stream_output *out, const char *data, size_t length);

/* Bytes waiting in out, not yet handed to the connection: a producer may stop emitting
 * once this passes STREAM_BUFFER. */
size_t stream_pending(const struct stream_output *out);

/* An output of the producer's own, to make records in apart (on another thread, say)
 * and append to the stream's later. NULL when out of memory. */
struct stream_output *stream_output_new(void);

/* Frees an output stream_output_new made (NULL is fine). */
void stream_output_free(struct stream_output *out);

/* Appends what waits in from to out, and empties from (when nothing waits in out, the
 * two trade buffers instead). Returns 0, or -1 when out of memory. */
int stream_emit_output(struct stream_output *out, struct stream_output *from);

/* The heavy pool the stream's producer may hand parts of its work to (NULL: none, the
 * producer does all of it itself, as with stream_next in-process). */
struct pool *stream_pool(const struct stream_input *in);

/* Helpers for struct stream_endpoint */

/* True when a Content-Type (NULL: none) names one of count media types, any parameters,
 * any case. */
bool stream_type_is(const char *type, const char *const *names, size_t count);

/* True for the spellings of NDJSON: application/x-ndjson, application/ndjson,
 * application/jsonl and application/x-jsonlines, any parameters, any case. */
bool stream_is_ndjson_type(const char *content_type);

/* True for a PGN body: application/x-chess-pgn, application/vnd.chess-pgn or text/plain,
 * any parameters, any case. */
bool stream_is_pgn_type(const char *content_type);

/* The 415 of a body a stream route does not take; json_too when the route also takes a
 * JSON body (the detail names both types). */
void stream_unsupported(const struct stream_endpoint *ep, bool json_too, struct http_response *resp);

/* The stream of one request (server.c) */

struct stream;

/* A new stream for endpoint ep, spooling into dir. Returns NULL when out of memory
 * (the spool file itself is created at the first write). stream_free frees it. */
struct stream *stream_new(const struct stream_endpoint *ep, const char *dir);

/* Lets s's producer hand work to pool (server.c; before stream_start). */
void stream_set_pool(struct stream *s, struct pool *pool);

/* Frees s: the producer's state, the spool (closing its file deletes it), the buffers. */
void stream_free(struct stream *s);

/* Checks the request's Content-Length (may be NULL) against the endpoint's limit.
 * Returns 0, or -1 with a 413 problem in resp. */
int stream_check_length(const struct stream *s, const struct config *cfg, const char *content_length,
			struct http_response *resp);

/* Appends a piece of the body to the spool. Returns 0; -1 once the body passed the limit
 * or the spool failed (later pieces are only counted, stream_start then answers). */
int stream_spool_write(struct stream *s, const struct config *cfg, const char *data, size_t size);

/* The 503 busy of a body that --max-spool has no room for. */
void stream_spool_busy(const struct config *cfg, struct http_response *resp);

/* Bytes every stream's spool holds now. */
size_t stream_spool_used(void);

/* Bytes of body offered so far, also those past the limit. */
size_t stream_received(const struct stream *s);

/* The whole body is in: opens the producer. Returns 0 when the stream is to be sent
 * (200, ep->content_type), or -1 with a problem in resp (413 over the limit, 503 when the
 * spool could not be written, 500, or the producer's own). */
int stream_start(struct stream *s, const struct http_request *req, struct http_response *resp);

/* Fills buf with up to max bytes of the answer. Returns the count (> 0), 0 at its end,
 * -1 when the answer must be cut short (the producer failed). stream_fill and
 * stream_take in one call (in-process use). */
ssize_t stream_next(struct stream *s, char *buf, size_t max);

/* Produces the next part of the answer: until a chunk's worth (STREAM_BUFFER) waits or
 * the answer ends. budget (may be NULL) is asked between two produce calls; when it says
 * stop, the answer ends with the endpoint's abort record (budget_problem's words) or is
 * cut short. deadline_ms is the budget's deadline, for those words. */
void stream_fill(struct stream *s, struct budget *budget, unsigned deadline_ms);

/* Copies up to max bytes of what stream_fill produced into buf; the count (0: nothing
 * waits). */
size_t stream_take(struct stream *s, char *buf, size_t max);

/* What is left of the answer once nothing waits: more to produce (STREAM_MORE), nothing
 * (STREAM_END), or the answer must be cut short (STREAM_FAIL). */
enum stream_step stream_state(const struct stream *s);

/* NDJSON's abort: a last line {"error": problem}. */
int stream_abort_ndjson(void *state, struct stream_output *out, const cJSON *problem);

/* The Content-Type of the 200 (the endpoint's, or the one its begin chose). */
const char *stream_content_type(const struct stream *s);

/* Bytes of answer handed out by stream_next so far (for the access log). */
size_t stream_sent(const struct stream *s);

#endif
