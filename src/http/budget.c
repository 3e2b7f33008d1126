/* budget.c -- what one request may still spend: the deadline of its work
 * (--request-deadline), whether its client still waits (the socket closed), whether the
 * daemon is stopping. Handlers and the core ask at their natural points (between
 * frames, games, lines) and stop when told; budget_problem words the answer. */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <time.h>

#include "http/http.h"

/* How often the client's socket is looked at: a poll(2) costs about a microsecond. */
#define BUDGET_PROBE_NS (5 * 1000 * 1000LL)

static long long budget_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static bool budget_check(void *ctx)
{
	return budget_should_stop(ctx);
}

void budget_start(struct budget *b, unsigned deadline_ms, int fd, const atomic_bool *stopping)
{
	long long now = budget_now();

	*b = (struct budget){
		.deadline_ns = deadline_ms ? now + deadline_ms * 1000000LL : 0,
		.fd = fd,
		.next_probe_ns = now + BUDGET_PROBE_NS,
		.stopping = stopping,
		.stop = BUDGET_GO,
		.check = { budget_check, b },
	};
}

/* True when the peer closed the connection (or it failed): a client that has gone
 * will read no answer. Data waiting to be read (a pipelined request) is not a close. */
static bool budget_client_gone(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLRDHUP };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL));
}

bool budget_should_stop(struct budget *b)
{
	long long now;

	if (!b)
		return false;
	if (b->stop != BUDGET_GO)
		return true;
	if (b->stopping && atomic_load_explicit(b->stopping, memory_order_relaxed)) {
		b->stop = BUDGET_SHUTDOWN;
		return true;
	}
	now = budget_now();
	if (b->deadline_ns && !b->paused_ns && now > b->deadline_ns) {
		b->stop = BUDGET_DEADLINE;
		return true;
	}
	if (b->fd >= 0 && now >= b->next_probe_ns) {
		b->next_probe_ns = now + BUDGET_PROBE_NS;
		if (budget_client_gone(b->fd)) {
			b->stop = BUDGET_GONE;
			return true;
		}
	}
	return false;
}

void budget_pause(struct budget *b)
{
	if (b && !b->paused_ns)
		b->paused_ns = budget_now();
}

void budget_resume(struct budget *b)
{
	if (b && b->paused_ns) {
		if (b->deadline_ns)
			b->deadline_ns += budget_now() - b->paused_ns;
		b->paused_ns = 0;
	}
}

const struct work_check *budget_work(const struct http_request *req)
{
	return req->budget ? &req->budget->check : NULL;
}

/* The code, detail and extension members of a stopped budget's problem. */
static enum reply_code budget_words(const struct budget *b, unsigned deadline_ms, enum msg_lang lang, char *detail,
				    size_t size, cJSON **ext)
{
	*ext = NULL;
	if (b->stop != BUDGET_DEADLINE) {
		error_message(detail, size, lang, b->stop == BUDGET_SHUTDOWN ? MSG_API_STOPPING : MSG_API_CLIENT_CLOSED);
		return REPLY_SERVICE_UNAVAILABLE;
	}
	error_message(detail, size, lang, MSG_API_DEADLINE, deadline_ms / 1000, deadline_ms % 1000);
	*ext = cJSON_CreateObject();
	if (*ext && !cJSON_AddNumberToObject(*ext, "limit_ms", deadline_ms)) {
		cJSON_Delete(*ext);
		*ext = NULL;
	}
	return REPLY_DEADLINE_EXCEEDED;
}

void budget_problem(const struct budget *b, unsigned deadline_ms, struct http_response *resp)
{
	char detail[200];
	cJSON *ext;
	enum reply_code code = budget_words(b, deadline_ms, resp->lang, detail, sizeof detail, &ext);

	reply_problem(resp, code, detail, ext);
	if (code == REPLY_DEADLINE_EXCEEDED)
		/* The same request is likely to take as long again: not at once, maybe elsewhere. */
		reply_header(resp, "Retry-After", "10");
	else
		reply_header(resp, "Connection", "close");
}

cJSON *budget_problem_object(const struct budget *b, unsigned deadline_ms)
{
	char detail[160];
	cJSON *ext;
	/* a streamed answer's last record, in English as its title */
	enum reply_code code = budget_words(b, deadline_ms, MSG_EN, detail, sizeof detail, &ext);

	return reply_problem_object(code, detail, ext);
}
