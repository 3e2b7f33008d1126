/* pool.h -- the heavy pool (pool.c): worker threads for the expensive endpoints, with a
 * bounded number of slots.
 *
 *   if (!pool_admit(pool)) -> answer 503 busy now
 *   job->run = fn; pool_submit(pool, job);      the job runs on a pool thread
 *   ... later steps of the same request: pool_step(pool, step) (never refused)
 *   pool_release(pool) once the request holds no more work
 *
 * A job's memory belongs to its caller, who must keep it alive until run has returned
 * (run may hand the job back to its owner as its last act). */
#ifndef FEND_HTTP_POOL_H
#define FEND_HTTP_POOL_H

#include <stdbool.h>

struct pool;

struct pool_job {
	void (*run)(struct pool_job *job);
	struct pool_job *next;   /* the pool's own */
};

struct pool_stats {
	unsigned threads, slots, used, running, queued;
};

/* Starts threads workers (at least one must start), with room for queue waiting jobs.
 * NULL when not even one thread could be made. */
struct pool *pool_new(unsigned threads, unsigned queue);

/* Takes a slot for a request: false when all are taken (or the pool stops). */
bool pool_admit(struct pool *p);

/* Gives back a slot taken by pool_admit. */
void pool_release(struct pool *p);

/* Queues new work of an admitted request, after the work already queued. */
void pool_submit(struct pool *p, struct pool_job *job);

/* Queues the next step of an admitted request's work, ahead of new work. */
void pool_step(struct pool *p, struct pool_job *job);

/* A snapshot of the counts, for /metrics. */
void pool_stats(struct pool *p, struct pool_stats *out);

/* Waits until nothing is queued or running. */
void pool_wait_idle(struct pool *p);

/* Runs what is queued, stops the threads and frees p (NULL is fine). */
void pool_free(struct pool *p);

#endif
