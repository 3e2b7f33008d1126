/* bulk.c -- bulk validation's producer (bulk.h): the lines of an NDJSON body cut into
 * chunks that every thread of the heavy pool validates at once, the records written in
 * the order of the lines.
 *
 * The producer (the request's own step on the pool, stream.h) reads the spool: it copies
 * the next lines into free chunks of a ring of BULK_CHUNKS, marks them ready and queues
 * helpers on the pool (pool_step), at most one per pool thread. A helper claims the
 * oldest ready chunk, validates its lines into the chunk's own output, and goes on until
 * none is ready. The producer then emits the oldest chunk once it is done (validating
 * ready chunks itself while a helper finishes it) and every done one after it, frees
 * them and refills them: emitting all that is done saves round trips between the pool
 * and the connection's thread, each a wake-up, which on a busy machine is a wait. So at
 * most BULK_CHUNKS chunks are in flight and BULK_CHUNKS chunks' records wait to be sent:
 * memory is bounded whatever the size of the body, and records leave in input order.
 * Without a pool, or with one thread, the producer validates every chunk itself, one
 * after the other: the same bytes.
 *
 * The chunks live in struct bulk, which the producer and each queued or running helper
 * hold a reference to: a helper still at work when the answer ends (the client left, the
 * budget ran out) frees it. */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "http/bulk.h"
#include "http/pool.h"

/* Helpers at most, whatever the pool's threads. */
#define BULK_HELPERS 8

/* One line of a chunk: its text is text[offset, offset + length), NUL-terminated. */
struct bulk_line {
	unsigned long number;   /* in the body, from 1 (blank lines count) */
	size_t offset, length;
	bool too_long;          /* longer than JSON_LINE_MAX: no text kept */
};

enum bulk_chunk_state {
	BULK_FREE,    /* not in flight */
	BULK_READY,   /* read, waiting for a thread */
	BULK_CLAIMED, /* a thread validates it */
	BULK_DONE     /* its records wait in out */
};

struct bulk_chunk {
	enum bulk_chunk_state state;   /* under bulk.lock */
	int count;
	struct bulk_line lines[BULK_CHUNK_LINES];
	char *text;                    /* BULK_CHUNK_BYTES + JSON_LINE_MAX + 1 bytes */
	size_t used;
	struct stream_output *out;
	bool failed;                   /* out of memory making a record */
};

struct bulk_helper {
	struct pool_job job;
	struct bulk *bulk;
	bool busy;                     /* queued or running, under bulk.lock */
};

struct bulk {
	pthread_mutex_t lock;
	pthread_cond_t done;           /* a chunk is done */
	unsigned refs;                 /* the producer, and each busy helper */
	bool closed;                   /* the producer has gone: helpers stop */
	struct pool *pool;
	unsigned helpers_max;          /* 0: the producer works alone */
	bool helpers_known;
	unsigned helpers;              /* busy helpers */
	struct bulk_helper helper[BULK_HELPERS];
	struct bulk_chunk chunk[BULK_CHUNKS];
	unsigned head, inflight;       /* chunk[head] is the oldest of inflight chunks */
	bool input_done;
	struct fen_options options;
	struct json_fen_style style;
	size_t memory_limit;
};

static void bulk_destroy(struct bulk *bulk)
{
	for (int i = 0; i < BULK_CHUNKS; i++) {
		free(bulk->chunk[i].text);
		stream_output_free(bulk->chunk[i].out);
	}
	pthread_cond_destroy(&bulk->done);
	pthread_mutex_destroy(&bulk->lock);
	free(bulk);
}

struct bulk *bulk_new(const struct fen_options *options, const struct json_fen_style *style, size_t memory_limit)
{
	struct bulk *bulk = calloc(1, sizeof *bulk);

	if (!bulk)
		return NULL;
	pthread_mutex_init(&bulk->lock, NULL);
	pthread_cond_init(&bulk->done, NULL);
	bulk->refs = 1;
	bulk->options = *options;
	bulk->style = *style;
	bulk->memory_limit = memory_limit;
	for (int i = 0; i < BULK_CHUNKS; i++) {
		struct bulk_chunk *c = &bulk->chunk[i];
		if (!(c->text = malloc(BULK_CHUNK_BYTES + JSON_LINE_MAX + 1)) || !(c->out = stream_output_new())) {
			bulk_destroy(bulk);
			return NULL;
		}
	}
	return bulk;
}

/* Drops a reference (under the lock, which it gives back); the last frees bulk. */
static void bulk_unref_unlock(struct bulk *bulk)
{
	bool last = --bulk->refs == 0;

	pthread_mutex_unlock(&bulk->lock);
	if (last)
		bulk_destroy(bulk);
}

void bulk_free(struct bulk *bulk)
{
	if (!bulk)
		return;
	pthread_mutex_lock(&bulk->lock);
	bulk->closed = true;
	bulk_unref_unlock(bulk);
}

/* Validates c's lines into c->out (no lock held: a claimed chunk is its thread's). */
static void bulk_validate_chunk(const struct bulk *bulk, struct bulk_chunk *c)
{
	for (int i = 0; i < c->count && !c->failed; i++) {
		const struct bulk_line *line = &c->lines[i];
		bool valid = false;
		cJSON *record;

		/* The line's trees live in the thread's arena until printed (json-arena.c). */
		json_arena_begin();
		if (line->too_long) {
			record = json_line_too_long(line->number, JSON_LINE_MAX);
		} else {
			record = json_validate_line_printed(c->text + line->offset, line->length, line->number,
							    &bulk->options, &bulk->style, &valid);
			if (record)
				metrics_count_validation(valid);
		}
		if (stream_emit_json(c->out, record))
			c->failed = true;
		json_arena_end();
	}
}

/* The oldest ready chunk, now claimed, or NULL (under the lock). */
static struct bulk_chunk *bulk_claim(struct bulk *bulk)
{
	for (unsigned i = 0; i < bulk->inflight; i++) {
		struct bulk_chunk *c = &bulk->chunk[(bulk->head + i) % BULK_CHUNKS];
		if (c->state == BULK_READY) {
			c->state = BULK_CLAIMED;
			return c;
		}
	}
	return NULL;
}

/* Validates a claimed chunk and says so (called and returns under the lock). */
static void bulk_work(struct bulk *bulk, struct bulk_chunk *c)
{
	pthread_mutex_unlock(&bulk->lock);
	bulk_validate_chunk(bulk, c);
	pthread_mutex_lock(&bulk->lock);
	c->state = BULK_DONE;
	pthread_cond_broadcast(&bulk->done);
}

/* A helper, on a pool thread: ready chunks until none is left. */
static void bulk_help(struct pool_job *job)
{
	struct bulk_helper *h = (struct bulk_helper *)(void *)job;
	struct bulk *bulk = h->bulk;
	struct bulk_chunk *c;

	json_arena_limit(bulk->memory_limit);
	pthread_mutex_lock(&bulk->lock);
	while (!bulk->closed && (c = bulk_claim(bulk)))
		bulk_work(bulk, c);
	h->busy = false;
	bulk->helpers--;
	bulk_unref_unlock(bulk);
	json_arena_limit(0);
}

/* Queues helpers for the ready chunks no helper will get to (under the lock). */
static void bulk_kick(struct bulk *bulk)
{
	unsigned ready = 0;

	for (unsigned i = 0; i < bulk->inflight; i++)
		if (bulk->chunk[(bulk->head + i) % BULK_CHUNKS].state == BULK_READY)
			ready++;
	for (unsigned i = 0; i < bulk->helpers_max && bulk->helpers < ready; i++) {
		struct bulk_helper *h = &bulk->helper[i];
		if (h->busy)
			continue;
		h->busy = true;
		h->bulk = bulk;
		h->job.run = bulk_help;
		bulk->helpers++;
		bulk->refs++;
		pool_step(bulk->pool, &h->job);
	}
}

/* Reads the next lines into c (a free chunk, the producer's alone). Returns 0, or -1 on
 * a read error. */
static int bulk_fill(struct bulk *bulk, struct bulk_chunk *c, struct stream_input *in)
{
	char *text;
	size_t length;

	c->count = 0;
	c->used = 0;
	c->failed = false;
	while (c->count < BULK_CHUNK_LINES && c->used < BULK_CHUNK_BYTES) {
		struct bulk_line *line = &c->lines[c->count];
		switch (stream_line(in, JSON_LINE_MAX, &text, &length)) {
		case STREAM_LINE:
			/* Blank lines are skipped (but counted). */
			if (strspn(text, " \t") == length)
				continue;
			memcpy(c->text + c->used, text, length + 1);
			*line = (struct bulk_line){ stream_line_number(in), c->used, length, false };
			c->used += length + 1;
			c->count++;
			break;
		case STREAM_LINE_LONG:
			*line = (struct bulk_line){ stream_line_number(in), 0, length, true };
			c->count++;
			break;
		case STREAM_LINE_EOF:
			bulk->input_done = true;
			return 0;
		default:
			return -1;
		}
	}
	return 0;
}

/* Fills the free chunks with the next lines and puts them in flight. Returns 0, or -1
 * on a read error. */
static int bulk_refill(struct bulk *bulk, struct stream_input *in)
{
	while (!bulk->input_done && bulk->inflight < BULK_CHUNKS) {
		/* Only the producer changes head and inflight: read without the lock. */
		struct bulk_chunk *c = &bulk->chunk[(bulk->head + bulk->inflight) % BULK_CHUNKS];
		if (bulk_fill(bulk, c, in))
			return -1;
		if (!c->count)
			continue;
		pthread_mutex_lock(&bulk->lock);
		c->state = BULK_READY;
		bulk->inflight++;
		bulk_kick(bulk);
		pthread_mutex_unlock(&bulk->lock);
	}
	return 0;
}

/* The helpers a producer may have: one per thread of the pool, none with one thread. */
static void bulk_helpers(struct bulk *bulk, struct stream_input *in)
{
	struct pool_stats st = { 0 };

	bulk->helpers_known = true;
	bulk->pool = stream_pool(in);
	if (bulk->pool)
		pool_stats(bulk->pool, &st);
	bulk->helpers_max = st.threads > 1 ? st.threads : 0;
	if (bulk->helpers_max > BULK_HELPERS)
		bulk->helpers_max = BULK_HELPERS;
}

enum stream_step bulk_produce(struct bulk *bulk, struct stream_input *in, struct stream_output *out)
{
	unsigned emitted = 0;
	bool failed = false;

	if (!bulk->helpers_known)
		bulk_helpers(bulk, in);
	if (bulk_refill(bulk, in))
		return STREAM_FAIL;
	if (!bulk->inflight)
		return STREAM_END;
	pthread_mutex_lock(&bulk->lock);
	while (bulk->inflight && !failed) {
		struct bulk_chunk *c = &bulk->chunk[bulk->head], *other;
		if (c->state != BULK_DONE) {
			/* What is done goes out now; otherwise work (or wait) for the oldest. */
			if (emitted)
				break;
			if ((other = bulk_claim(bulk)))
				bulk_work(bulk, other);
			else
				pthread_cond_wait(&bulk->done, &bulk->lock);
			continue;
		}
		/* A done chunk is the producer's alone: emitted without the lock. */
		pthread_mutex_unlock(&bulk->lock);
		failed = c->failed || stream_emit_output(out, c->out);
		pthread_mutex_lock(&bulk->lock);
		c->state = BULK_FREE;
		bulk->head = (bulk->head + 1) % BULK_CHUNKS;
		bulk->inflight--;
		emitted++;
	}
	pthread_mutex_unlock(&bulk->lock);
	if (failed)
		return STREAM_FAIL;
	/* The next chunks are validated while this part of the answer is sent. */
	return bulk_refill(bulk, in) ? STREAM_FAIL : STREAM_MORE;
}
