/* stream.c -- streamed endpoints (see stream.h): the spool a big body is written to as it
 * arrives, the input and output buffers a producer reads and writes, and the loop that
 * turns produce calls into the bytes of a chunked response. No MHD here: server.c
 * connects stream_next to MHD's content reader. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "http/stream.h"

/* The room the output keeps free for printing a record in place. */
#define STREAM_PRINT_ROOM 8192

struct stream_input {
	int fd;               /* the spool, -1 for an empty body */
	char *buf;            /* STREAM_BUFFER + 1 bytes: room for a NUL after a line */
	size_t start, end;    /* the unread bytes are buf[start, end) */
	bool eof;
	bool skipping;        /* inside a line too long to keep */
	size_t skipped;       /* bytes of that line seen so far */
	unsigned long line;   /* lines returned so far */
	struct pool *pool;    /* where the producer may hand work, or NULL */
};

struct stream_output {
	char *buf;
	size_t length;        /* bytes in buf */
	size_t offset;        /* bytes of buf already handed out */
	size_t capacity;
};

struct stream {
	const struct stream_endpoint *ep;
	const char *dir;
	/* upload */
	int fd;
	char *wbuf;           /* STREAM_BUFFER bytes not yet written to fd */
	size_t wlength;
	size_t received;      /* every byte offered */
	size_t spooled;       /* bytes kept (written or in wbuf), counted in stream_spool_total */
	bool too_large;
	int spool_errno;      /* non-zero once the spool failed */
	bool spool_full;      /* --max-spool was reached: nothing more is kept */
	/* answer */
	const char *content_type;
	void *state;
	bool opened;
	bool ended;
	bool failed;
	size_t sent;
	struct stream_input in;
	struct stream_output out;
};

bool stream_type_is(const char *type, const char *const *names, size_t count)
{
	size_t n;

	if (!type)
		return false;
	while (*type == ' ' || *type == '\t')
		type++;
	for (n = 0; type[n] && type[n] != ';' && type[n] != ' ' && type[n] != '\t'; n++)
		;
	for (size_t i = 0; i < count; i++)
		if (strlen(names[i]) == n && !strncasecmp(type, names[i], n))
			return true;
	return false;
}

bool stream_is_ndjson_type(const char *type)
{
	static const char *const names[] = { "application/x-ndjson", "application/ndjson", "application/jsonl",
					     "application/x-jsonlines" };

	return stream_type_is(type, names, sizeof names / sizeof names[0]);
}

bool stream_is_pgn_type(const char *type)
{
	static const char *const names[] = { "application/x-chess-pgn", "application/vnd.chess-pgn", "text/plain" };

	return stream_type_is(type, names, sizeof names / sizeof names[0]);
}

void stream_unsupported(const struct stream_endpoint *ep, bool json_too, struct http_response *resp)
{
	char detail[256];

	error_message(detail, sizeof detail, resp->lang, MSG_HTTP_BODY_TYPE,
		      json_too ? msg_text(MSG_W_JSON_OR, resp->lang) : "", ep->media_type);
	reply_problem(resp, REPLY_UNSUPPORTED_MEDIA_TYPE, detail, NULL);
}

/* Bytes the spools of every stream hold at once (--max-spool). */
static atomic_size_t stream_spool_total;

size_t stream_spool_used(void)
{
	return atomic_load_explicit(&stream_spool_total, memory_order_relaxed);
}

struct stream *stream_new(const struct stream_endpoint *ep, const char *dir)
{
	struct stream *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->ep = ep;
	s->dir = dir;
	s->fd = -1;
	s->in.fd = -1;
	return s;
}

void stream_free(struct stream *s)
{
	if (!s)
		return;
	atomic_fetch_sub_explicit(&stream_spool_total, s->spooled, memory_order_relaxed);
	if (s->opened && s->ep->close)
		s->ep->close(s->state);
	if (s->fd >= 0)
		close(s->fd);
	free(s->wbuf);
	free(s->in.buf);
	free(s->out.buf);
	free(s);
}

/* Reads a decimal Content-Length, stopping once it passes limit. */
static bool stream_length_over(const char *content_length, size_t limit)
{
	size_t length = 0;

	/* MHD has refused a malformed Content-Length already; this only compares. */
	for (const char *p = content_length; *p >= '0' && *p <= '9'; p++) {
		length = length * 10 + (size_t)(*p - '0');
		if (length > limit)
			return true;
	}
	return false;
}

int stream_check_length(const struct stream *s, const struct config *cfg, const char *content_length,
			struct http_response *resp)
{
	size_t limit = s->ep->limit(cfg), room;

	if (content_length && stream_length_over(content_length, limit)) {
		body_too_large(limit, resp);
		return -1;
	}
	/* A body that cannot fit in what the other uploads leave of --max-spool: at once. */
	room = cfg->max_spool > stream_spool_used() ? cfg->max_spool - stream_spool_used() : 0;
	if (content_length && stream_length_over(content_length, room)) {
		stream_spool_busy(cfg, resp);
		return -1;
	}
	return 0;
}

void stream_spool_busy(const struct config *cfg, struct http_response *resp)
{
	char detail[256];
	cJSON *ext = cJSON_CreateObject();

	error_message(detail, sizeof detail, resp->lang, MSG_API_SPOOL_BUSY, cfg->max_spool);
	if (!ext || !cJSON_AddNumberToObject(ext, "limit", (double)cfg->max_spool)) {
		cJSON_Delete(ext);
		reply_internal_error(resp);
		return;
	}
	reply_problem(resp, REPLY_BUSY, detail, ext);
	reply_header(resp, "Retry-After", "10");
}

/* Creates the spool: an anonymous file in dir (O_TMPFILE), or one unlinked at once
 * where the file system has no O_TMPFILE. Returns the descriptor, or -1 with errno. */
static int stream_spool_create(const char *dir)
{
	char path[4096];
	int fd;

#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
#endif
	if (snprintf(path, sizeof path, "%s/fend-spool-XXXXXX", dir) >= (int)sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	return fd;
}

/* Writes the buffered body to the spool. Returns 0, or -1 with s->spool_errno set. */
static int stream_spool_flush(struct stream *s)
{
	size_t done = 0;

	if (!s->wlength || s->spool_errno)
		return s->spool_errno ? -1 : 0;
	if (s->fd < 0 && (s->fd = stream_spool_create(s->dir)) < 0) {
		s->spool_errno = errno ? errno : EIO;
		return -1;
	}
	while (done < s->wlength) {
		ssize_t n = write(s->fd, s->wbuf + done, s->wlength - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			s->spool_errno = n < 0 ? errno : ENOSPC;
			return -1;
		}
		done += (size_t)n;
	}
	s->wlength = 0;
	return 0;
}

int stream_spool_write(struct stream *s, const struct config *cfg, const char *data, size_t size)
{
	size_t limit = s->ep->limit(cfg);

	s->received += size;
	if (s->too_large || s->spool_errno || s->spool_full)
		return -1;
	if (size > limit - s->spooled) {
		/* Nothing more is kept: the answer is a 413 once the body ends. */
		s->too_large = true;
		free(s->wbuf);
		s->wbuf = NULL;
		s->wlength = 0;
		return -1;
	}
	if (!s->wbuf && !(s->wbuf = malloc(STREAM_BUFFER))) {
		s->spool_errno = ENOMEM;
		return -1;
	}
	/* Every spool together stays within --max-spool: past it, nothing more is kept, and
	 * the answer is a 503 busy once the body ends. */
	if (atomic_fetch_add_explicit(&stream_spool_total, size, memory_order_relaxed) + size > cfg->max_spool) {
		atomic_fetch_sub_explicit(&stream_spool_total, size, memory_order_relaxed);
		s->spool_full = true;
		free(s->wbuf);
		s->wbuf = NULL;
		s->wlength = 0;
		return -1;
	}
	s->spooled += size;
	while (size) {
		size_t n = STREAM_BUFFER - s->wlength;
		if (n > size)
			n = size;
		memcpy(s->wbuf + s->wlength, data, n);
		s->wlength += n;
		data += n;
		size -= n;
		if (s->wlength == STREAM_BUFFER && stream_spool_flush(s))
			return -1;
	}
	return 0;
}

size_t stream_received(const struct stream *s)
{
	return s->received;
}

int stream_start(struct stream *s, const struct http_request *req, struct http_response *resp)
{
	char detail[256];

	if (s->too_large) {
		body_too_large(s->ep->limit(req->config), resp);
		return -1;
	}
	if (s->spool_full) {
		stream_spool_busy(req->config, resp);
		return -1;
	}
	if (!s->spool_errno)
		stream_spool_flush(s);
	if (s->spool_errno == ENOMEM) {
		reply_internal_error(resp);
		return -1;
	}
	if (s->spool_errno) {
		/* The spool directory is full or unwritable: the server's trouble, and maybe
		 * passing (a smaller body, or later, may fit). */
		error_message(detail, sizeof detail, resp->lang, MSG_API_SPOOL_FAILED, strerror(s->spool_errno));
		reply_problem(resp, REPLY_SERVICE_UNAVAILABLE, detail, NULL);
		return -1;
	}
	free(s->wbuf);
	s->wbuf = NULL;
	if (s->fd >= 0 && lseek(s->fd, 0, SEEK_SET) != 0) {
		reply_internal_error(resp);
		return -1;
	}
	s->in.fd = s->fd;
	if (!(s->in.buf = malloc(STREAM_BUFFER + 1))) {
		reply_internal_error(resp);
		return -1;
	}
	if (s->ep->open && s->ep->open(req, &s->state, resp))
		return -1;
	s->opened = true;
	s->content_type = s->ep->content_type;
	if (s->ep->begin && s->ep->begin(s->state, &s->in, &s->out, &s->content_type, resp))
		return -1;
	return 0;
}

const char *stream_content_type(const struct stream *s)
{
	return s->content_type ? s->content_type : s->ep->content_type;
}

/* Refills the input buffer after its unread bytes (moved to the front). Returns the
 * bytes added, 0 at the end of the body, -1 on a read error. */
static ssize_t stream_refill(struct stream_input *in)
{
	ssize_t n;

	if (in->start > 0) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->start = 0;
	}
	if (in->eof || in->fd < 0) {
		in->eof = true;
		return 0;
	}
	do
		n = read(in->fd, in->buf + in->end, STREAM_BUFFER - in->end);
	while (n < 0 && errno == EINTR);
	if (n == 0)
		in->eof = true;
	if (n > 0)
		in->end += (size_t)n;
	return n;
}

ssize_t stream_read(struct stream_input *in, char *buf, size_t size)
{
	size_t have = in->end - in->start;
	ssize_t n;

	if (have) {
		if (have > size)
			have = size;
		memcpy(buf, in->buf + in->start, have);
		in->start += have;
		return (ssize_t)have;
	}
	if (in->eof || in->fd < 0)
		return 0;
	do
		n = read(in->fd, buf, size);
	while (n < 0 && errno == EINTR);
	if (n == 0)
		in->eof = true;
	return n;
}

enum stream_line_result stream_line(struct stream_input *in, size_t max, char **line, size_t *length)
{
	/* A line, its "\r" and its "\n" must fit in the buffer. */
	if (max > STREAM_BUFFER - 2)
		max = STREAM_BUFFER - 2;
	for (;;) {
		char *begin = in->buf + in->start;
		size_t have = in->end - in->start;
		char *nl = memchr(begin, '\n', have);
		size_t n;

		if (nl || (in->eof && have)) {
			/* A line: up to the "\n", or the last one, which has none. */
			n = nl ? (size_t)(nl - begin) : have;
			in->start += nl ? n + 1 : n;
			in->line++;
			if (in->skipping) {
				*length = in->skipped + n;
				in->skipping = false;
				in->skipped = 0;
				*line = NULL;
				return STREAM_LINE_LONG;
			}
			if (n > 0 && begin[n - 1] == '\r')
				n--;
			begin[n] = '\0';
			if (n > max) {
				*length = n;
				*line = NULL;
				return STREAM_LINE_LONG;
			}
			*line = begin;
			*length = n;
			return STREAM_LINE;
		}
		if (in->eof) {
			if (!in->skipping)
				return STREAM_LINE_EOF;
			/* A long last line without "\n" ends with the body. */
			in->line++;
			*length = in->skipped;
			in->skipping = false;
			in->skipped = 0;
			*line = NULL;
			return STREAM_LINE_LONG;
		}
		/* No "\n" in what is buffered: past max (and its "\r"), drop what we have. */
		if (in->skipping || have > max + 1) {
			in->skipping = true;
			in->skipped += have;
			in->start = in->end = 0;
		}
		if (stream_refill(in) < 0)
			return STREAM_LINE_ERROR;
	}
}

unsigned long stream_line_number(const struct stream_input *in)
{
	return in->line;
}

/* Makes room for need more bytes in out. Returns 0, or -1 when out of memory. */
static int stream_reserve(struct stream_output *out, size_t need)
{
	size_t capacity;
	char *grown;

	if (out->offset == out->length)
		out->offset = out->length = 0;
	if (need <= out->capacity - out->length)
		return 0;
	/* Handed-out bytes go first, then the buffer grows (to the longest record seen). */
	if (out->offset) {
		memmove(out->buf, out->buf + out->offset, out->length - out->offset);
		out->length -= out->offset;
		out->offset = 0;
		if (need <= out->capacity - out->length)
			return 0;
	}
	capacity = out->capacity ? out->capacity : STREAM_BUFFER;
	while (capacity - out->length < need)
		capacity *= 2;
	grown = realloc(out->buf, capacity);
	if (!grown)
		return -1;
	out->buf = grown;
	out->capacity = capacity;
	return 0;
}

int stream_emit(struct stream_output *out, const char *data, size_t length)
{
	if (stream_reserve(out, length))
		return -1;
	memcpy(out->buf + out->length, data, length);
	out->length += length;
	return 0;
}

int stream_emit_json(struct stream_output *out, cJSON *record)
{
	char *text;
	int ret;

	if (!record || !json_print_prepare(record) || stream_reserve(out, STREAM_PRINT_ROOM)) {
		cJSON_Delete(record);
		return -1;
	}
	/* Printed in place when it fits (cJSON wants 5 spare bytes; one more for "\n"). */
	if (cJSON_PrintPreallocated(record, out->buf + out->length, (int)(out->capacity - out->length - 1), false)) {
		out->length += strlen(out->buf + out->length);
		out->buf[out->length++] = '\n';
		json_arena_delete(record);
		return 0;
	}
	text = cJSON_PrintUnformatted(record);
	cJSON_Delete(record);
	if (!text)
		return -1;
	ret = stream_emit(out, text, strlen(text));
	cJSON_free(text);
	return ret ? ret : stream_emit(out, "\n", 1);
}

size_t stream_pending(const struct stream_output *out)
{
	return out->length - out->offset;
}

struct stream_output *stream_output_new(void)
{
	return calloc(1, sizeof(struct stream_output));
}

void stream_output_free(struct stream_output *out)
{
	if (out) {
		free(out->buf);
		free(out);
	}
}

int stream_emit_output(struct stream_output *out, struct stream_output *from)
{
	size_t n = stream_pending(from);

	if (n && stream_pending(out) == 0) {
		/* Nothing waits in out: the buffers trade places, no byte is copied. */
		struct stream_output t = *out;
		*out = *from;
		*from = t;
	} else if (n && stream_emit(out, from->buf + from->offset, n)) {
		return -1;
	}
	from->offset = from->length = 0;
	return 0;
}

struct pool *stream_pool(const struct stream_input *in)
{
	return in->pool;
}

void stream_set_pool(struct stream *s, struct pool *pool)
{
	s->in.pool = pool;
}

/* Produces until want bytes wait or the answer ends (see stream_fill). */
static void stream_produce_until(struct stream *s, size_t want, struct budget *budget, unsigned deadline_ms)
{
	/* Producers may stop emitting once STREAM_BUFFER waits (stream.h), so never ask for
	 * more than that: with a larger want, a producer that returns STREAM_MORE without
	 * emitting would be called forever. */
	if (want > STREAM_BUFFER)
		want = STREAM_BUFFER;
	while (stream_pending(&s->out) < want && !s->ended && !s->failed) {
		enum stream_step step;
		if (budget_should_stop(budget)) {
			cJSON *problem = budget_problem_object(budget, deadline_ms);
			/* Nobody reads the last record of a client that left. */
			if (budget->stop == BUDGET_GONE || !s->ep->abort || !problem ||
			    s->ep->abort(s->state, &s->out, problem))
				s->failed = true;
			s->ended = true;
			cJSON_Delete(problem);
			break;
		}
		step = s->ep->produce(s->state, &s->in, &s->out);
		if (step == STREAM_FAIL)
			s->failed = true;
		if (step == STREAM_END)
			s->ended = true;
	}
}

void stream_fill(struct stream *s, struct budget *budget, unsigned deadline_ms)
{
	stream_produce_until(s, STREAM_BUFFER, budget, deadline_ms);
}

size_t stream_take(struct stream *s, char *buf, size_t max)
{
	size_t n = stream_pending(&s->out);

	if (n > max)
		n = max;
	/* Nothing at all was emitted (an empty body): out.buf is still NULL. */
	if (n == 0)
		return 0;
	memcpy(buf, s->out.buf + s->out.offset, n);
	s->out.offset += n;
	s->sent += n;
	return n;
}

enum stream_step stream_state(const struct stream *s)
{
	if (s->failed)
		return STREAM_FAIL;
	return s->ended ? STREAM_END : STREAM_MORE;
}

ssize_t stream_next(struct stream *s, char *buf, size_t max)
{
	size_t n;

	stream_produce_until(s, max, NULL, 0);
	n = stream_take(s, buf, max);
	if (n)
		return (ssize_t)n;
	return s->failed ? -1 : 0;
}

int stream_abort_ndjson(void *state, struct stream_output *out, const cJSON *problem)
{
	cJSON *record = cJSON_CreateObject();

	(void)state;
	if (!record || !cJSON_AddItemToObject(record, "error", cJSON_Duplicate(problem, true))) {
		cJSON_Delete(record);
		return -1;
	}
	return stream_emit_json(out, record);
}

size_t stream_sent(const struct stream *s)
{
	return s->sent;
}
