/* pool.c -- the heavy pool: the threads that run the expensive work (pictures, PGN, bulk
 * and descriptive bodies) away from the threads that serve HTTP, so that a cheap request
 * never waits behind an expensive one. Work is admitted into a fixed number of slots
 * (threads + queue); past them the caller answers 503 busy at once. A step of work that
 * an admitted request already holds a slot for (the next piece of a streamed answer)
 * goes ahead of new work and is never refused. The threads run at a lower priority than
 * the HTTP threads, so that on a busy machine the scheduler serves the cheap requests
 * first. No MHD here: server.c says what a job does. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "http/pool.h"

/* How much nicer than the HTTP threads the heavy threads run. */
#define POOL_NICE 5

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work;         /* a job or a step was queued, or the pool stops */
	pthread_cond_t idle;         /* a job ended */
	struct pool_job *steps, *steps_tail;  /* steps of admitted requests, first */
	struct pool_job *jobs, *jobs_tail;    /* new work, in order of arrival */
	unsigned slots;              /* threads + queue */
	unsigned used;               /* slots taken (pool_admit .. pool_release) */
	unsigned running;            /* jobs and steps being run */
	unsigned queued;             /* jobs waiting (not steps) */
	bool stopping;
	unsigned thread_count;
	pthread_t *threads;
};

static void pool_push(struct pool_job **head, struct pool_job **tail, struct pool_job *job)
{
	job->next = NULL;
	if (*tail)
		(*tail)->next = job;
	else
		*head = job;
	*tail = job;
}

static struct pool_job *pool_pop(struct pool_job **head, struct pool_job **tail)
{
	struct pool_job *job = *head;

	if (job) {
		*head = job->next;
		if (!*head)
			*tail = NULL;
	}
	return job;
}

static void *pool_thread(void *arg)
{
	struct pool *p = arg;

	/* Linux gives each thread its own nice value: the HTTP threads keep theirs. */
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), POOL_NICE);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct pool_job *job = pool_pop(&p->steps, &p->steps_tail);
		if (!job && (job = pool_pop(&p->jobs, &p->jobs_tail)))
			p->queued--;
		if (!job) {
			if (p->stopping)
				break;
			pthread_cond_wait(&p->work, &p->lock);
			continue;
		}
		p->running++;
		pthread_mutex_unlock(&p->lock);
		job->run(job);
		pthread_mutex_lock(&p->lock);
		p->running--;
		pthread_cond_broadcast(&p->idle);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct pool *pool_new(unsigned threads, unsigned queue)
{
	struct pool *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	if (!(p->threads = calloc(threads, sizeof *p->threads))) {
		free(p);
		return NULL;
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->idle, NULL);
	p->slots = threads + queue;
	for (unsigned i = 0; i < threads; i++) {
		if (pthread_create(&p->threads[i], NULL, pool_thread, p))
			break;
		p->thread_count++;
	}
	if (!p->thread_count) {
		pool_free(p);
		return NULL;
	}
	return p;
}

bool pool_admit(struct pool *p)
{
	bool ok;

	pthread_mutex_lock(&p->lock);
	ok = !p->stopping && p->used < p->slots;
	if (ok)
		p->used++;
	pthread_mutex_unlock(&p->lock);
	return ok;
}

void pool_release(struct pool *p)
{
	pthread_mutex_lock(&p->lock);
	p->used--;
	pthread_mutex_unlock(&p->lock);
}

void pool_submit(struct pool *p, struct pool_job *job)
{
	pthread_mutex_lock(&p->lock);
	pool_push(&p->jobs, &p->jobs_tail, job);
	p->queued++;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->lock);
}

void pool_step(struct pool *p, struct pool_job *job)
{
	pthread_mutex_lock(&p->lock);
	pool_push(&p->steps, &p->steps_tail, job);
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->lock);
}

void pool_stats(struct pool *p, struct pool_stats *out)
{
	pthread_mutex_lock(&p->lock);
	out->threads = p->thread_count;
	out->slots = p->slots;
	out->used = p->used;
	out->running = p->running;
	out->queued = p->queued;
	pthread_mutex_unlock(&p->lock);
}

void pool_wait_idle(struct pool *p)
{
	pthread_mutex_lock(&p->lock);
	while (p->running || p->jobs || p->steps)
		pthread_cond_wait(&p->idle, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

void pool_free(struct pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stopping = true;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
	/* The threads run what is queued before they see stopping. */
	for (unsigned i = 0; i < p->thread_count; i++)
		pthread_join(p->threads[i], NULL);
	pthread_cond_destroy(&p->idle);
	pthread_cond_destroy(&p->work);
	pthread_mutex_destroy(&p->lock);
	free(p->threads);
	free(p);
}
