/* metrics.c -- the daemon's counters and GET /metrics, which prints them in the Prometheus
 * text exposition format 0.0.4. Counters live in shards, one per serving thread (a thread
 * takes the next shard when it first counts), each on cache lines of its own, so that
 * threads never contend for a line; they are summed only when scraped. */
#include "config.h"

#include <stdalign.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http.h"

/* Route indexes past this count, and paths no route has, are endpoint "other". */
#define METRICS_ENDPOINTS 64
#define METRICS_OTHER (METRICS_ENDPOINTS - 1)
#define METRICS_SHARDS 16

/* The statuses counted one by one; any other is counted in its class ("4xx"). */
static const int metrics_statuses[] = { 200, 204, 304, 400, 404, 405, 406, 413, 415, 422, 431, 500, 503 };
#define METRICS_STATUSES (sizeof metrics_statuses / sizeof metrics_statuses[0])
/* ... then the classes 1xx to 5xx, then "none" (no answer sent). */
#define METRICS_STATUS_SLOTS (METRICS_STATUSES + 6)

/* Upper bounds of the duration buckets, in seconds and in nanoseconds; +Inf follows. */
static const char *const metrics_bucket_names[] = { "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005",
						    "0.01",   "0.025",   "0.05",   "0.1",   "0.25",   "0.5",
						    "1",      "2.5",     "5",      "10" };
static const long long metrics_bucket_ns[] = { 100000,    250000,    500000,    1000000,    2500000,   5000000,
					       10000000,  25000000,  50000000,  100000000,  250000000, 500000000,
					       1000000000LL, 2500000000LL, 5000000000LL, 10000000000LL };
#define METRICS_BUCKETS (sizeof metrics_bucket_ns / sizeof metrics_bucket_ns[0])

typedef atomic_uint_fast64_t metrics_counter;

/* One thread's counters. */
struct metrics_shard {
	alignas(64) metrics_counter started;
	metrics_counter ended;
	metrics_counter requests[METRICS_ENDPOINTS][HTTP_METHOD_NB][METRICS_STATUS_SLOTS];
	metrics_counter buckets[METRICS_ENDPOINTS][METRICS_BUCKETS + 1]; /* not cumulative */
	metrics_counter duration_ns[METRICS_ENDPOINTS];
	metrics_counter in_bytes[METRICS_ENDPOINTS];
	metrics_counter out_bytes[METRICS_ENDPOINTS];
	metrics_counter validated[2];                                    /* invalid, valid */
	metrics_counter moves;
	metrics_counter refused[METRICS_REFUSALS];                       /* enum metrics_refusal */
};

static struct metrics_shard metrics_shards[METRICS_SHARDS];

/* The heavy pool: its size, set at start-up, and its slots in use. */
static atomic_uint metrics_heavy_threads, metrics_heavy_slots;
static atomic_int metrics_heavy_used;

static const char *const metrics_refusal_names[METRICS_REFUSALS] = {
	[METRICS_BUSY] = "busy",
	[METRICS_DEADLINE] = "deadline",
	[METRICS_CLIENT_GONE] = "client_gone",
	[METRICS_SHUTDOWN] = "shutdown",
	[METRICS_MAX_CONNECTIONS] = "max_connections",
	[METRICS_MAX_CLIENT_CONNECTIONS] = "max_client_connections",
};
static atomic_uint metrics_next_shard;
static _Thread_local struct metrics_shard *metrics_mine;

static const char *const metrics_method_names[HTTP_METHOD_NB] = {
	[HTTP_GET] = "GET", [HTTP_HEAD] = "HEAD", [HTTP_POST] = "POST", [HTTP_OPTIONS] = "OPTIONS",
	[HTTP_OTHER] = "OTHER",
};

/* The calling thread's shard. */
static struct metrics_shard *metrics_shard(void)
{
	if (!metrics_mine)
		metrics_mine = &metrics_shards[atomic_fetch_add_explicit(&metrics_next_shard, 1, memory_order_relaxed) %
					       METRICS_SHARDS];
	return metrics_mine;
}

static void metrics_add(metrics_counter *c, uint_fast64_t n)
{
	atomic_fetch_add_explicit(c, n, memory_order_relaxed);
}

int metrics_endpoint(const char *path)
{
	int i = router_path_index(path);

	return i < 0 || i >= METRICS_OTHER ? METRICS_OTHER : i;
}

/* The slot of a status code. */
static unsigned metrics_status_slot(int status)
{
	for (unsigned i = 0; i < METRICS_STATUSES; i++)
		if (metrics_statuses[i] == status)
			return i;
	if (status >= 100 && status < 600)
		return METRICS_STATUSES + (unsigned)(status / 100 - 1);
	return METRICS_STATUSES + 5;
}

void metrics_request_start(void)
{
	metrics_add(&metrics_shard()->started, 1);
}

void metrics_request_end(int endpoint, enum http_method method, int status, size_t in_bytes, size_t out_bytes,
			 long long duration_ns)
{
	struct metrics_shard *s = metrics_shard();
	unsigned b = 0;

	if (endpoint < 0 || endpoint >= METRICS_ENDPOINTS)
		endpoint = METRICS_OTHER;
	if (duration_ns < 0)
		duration_ns = 0;
	while (b < METRICS_BUCKETS && duration_ns > metrics_bucket_ns[b])
		b++;
	metrics_add(&s->requests[endpoint][method][metrics_status_slot(status)], 1);
	metrics_add(&s->buckets[endpoint][b], 1);
	metrics_add(&s->duration_ns[endpoint], (uint_fast64_t)duration_ns);
	metrics_add(&s->in_bytes[endpoint], in_bytes);
	metrics_add(&s->out_bytes[endpoint], out_bytes);
	/* Last, and released: a scrape that sees this request ended sees its counts. */
	atomic_fetch_add_explicit(&s->ended, 1, memory_order_release);
}

void metrics_count_validation(bool valid)
{
	metrics_add(&metrics_shard()->validated[valid], 1);
}

void metrics_count_moves(unsigned count)
{
	metrics_add(&metrics_shard()->moves, count);
}

void metrics_count_refusal(enum metrics_refusal why)
{
	metrics_add(&metrics_shard()->refused[why], 1);
}

void metrics_heavy_size(unsigned threads, unsigned slots)
{
	atomic_store(&metrics_heavy_threads, threads);
	atomic_store(&metrics_heavy_slots, slots);
}

void metrics_heavy_use(int delta)
{
	atomic_fetch_add_explicit(&metrics_heavy_used, delta, memory_order_relaxed);
}

/* The sum over all shards of the counter at byte offset `offset` of a shard (alignas
 * makes each shard a whole number of cache lines). */
static uint64_t metrics_sum(size_t offset)
{
	uint64_t total = 0;

	for (int i = 0; i < METRICS_SHARDS; i++)
		total += atomic_load_explicit((metrics_counter *)(void *)((char *)&metrics_shards[i] + offset),
					      memory_order_relaxed);
	return total;
}

#define METRICS_SUM(member) \
	metrics_sum((size_t)((const char *)&metrics_shards[0].member - (const char *)&metrics_shards[0]))

/* The text being written: a growing buffer; failed is set once memory ran out. */
struct metrics_text {
	char *data;
	size_t length, capacity;
	bool failed;
};

__attribute__((format(printf, 2, 3))) static void metrics_printf(struct metrics_text *t, const char *format, ...)
{
	va_list ap;
	int n;

	if (t->failed)
		return;
	for (;;) {
		va_start(ap, format);
		n = vsnprintf(t->data + t->length, t->capacity - t->length, format, ap);
		va_end(ap);
		if (n < 0) {
			t->failed = true;
			return;
		}
		if ((size_t)n < t->capacity - t->length) {
			t->length += (size_t)n;
			return;
		}
		char *grown = realloc(t->data, t->capacity * 2 + (size_t)n);
		if (!grown) {
			t->failed = true;
			return;
		}
		t->data = grown;
		t->capacity = t->capacity * 2 + (size_t)n;
	}
}

static void metrics_family(struct metrics_text *t, const char *name, const char *type, const char *help)
{
	metrics_printf(t, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* The endpoint label of index e. */
static const char *metrics_endpoint_name(int e)
{
	const char *path = e == METRICS_OTHER ? NULL : router_route_path(e);

	return path ? path : "other";
}

/* Whether e is the first route index of its path (or "other"): the endpoints listed. */
static bool metrics_endpoint_listed(int e)
{
	const char *path = router_route_path(e);

	return e == METRICS_OTHER || (path && router_path_index(path) == e);
}

/* The status label of a slot. */
static void metrics_status_name(unsigned slot, char out[8])
{
	if (slot < METRICS_STATUSES)
		snprintf(out, 8, "%d", metrics_statuses[slot]);
	else if (slot < METRICS_STATUSES + 5)
		snprintf(out, 8, "%ux", slot - (unsigned)METRICS_STATUSES + 1);
	else
		snprintf(out, 8, "none");
}

/* Reads a few numbers of /proc: the resident set, CPU seconds and start time of this
 * process. Each is -1 when it cannot be read. */
static void metrics_process(double *rss, double *cpu, double *start)
{
	long page = sysconf(_SC_PAGESIZE), ticks = sysconf(_SC_CLK_TCK);
	unsigned long long size, resident, utime, stime, starttime, btime = 0;
	char line[1024];
	FILE *f;

	*rss = *cpu = *start = -1;
	if ((f = fopen("/proc/self/statm", "r"))) {
		if (fscanf(f, "%llu %llu", &size, &resident) == 2)
			*rss = (double)resident * (double)page;
		fclose(f);
	}
	if ((f = fopen("/proc/stat", "r"))) {
		while (fgets(line, sizeof line, f))
			if (sscanf(line, "btime %llu", &btime) == 1)
				break;
		fclose(f);
	}
	if ((f = fopen("/proc/self/stat", "r"))) {
		/* Fields 14, 15 and 22, after the command name, which may hold spaces. */
		if (fgets(line, sizeof line, f)) {
			const char *p = strrchr(line, ')');
			if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d %*d "
					"%*d %llu", &utime, &stime, &starttime) == 3 && ticks > 0) {
				*cpu = (double)(utime + stime) / (double)ticks;
				if (btime)
					*start = (double)btime + (double)starttime / (double)ticks;
			}
		}
		fclose(f);
	}
}

/* The HTTP families: requests, durations, bytes, in flight. */
static void metrics_http(struct metrics_text *t)
{
	char status[8];
	/* The gauge is started (read last) minus ended (read first, before any count): a
	 * request it shows as no longer in flight is in every count of this scrape. */
	uint64_t ended = 0;

	for (int i = 0; i < METRICS_SHARDS; i++)
		ended += atomic_load_explicit(&metrics_shards[i].ended, memory_order_acquire);

	metrics_family(t, "fend_http_requests_total", "counter",
		       "Requests answered, by endpoint (route path, or other), method and status.");
	for (int e = 0; e < METRICS_ENDPOINTS; e++)
		for (int m = 0; m < HTTP_METHOD_NB; m++)
			for (unsigned k = 0; k < METRICS_STATUS_SLOTS; k++) {
				uint64_t n = METRICS_SUM(requests[e][m][k]);
				if (!n)
					continue;
				metrics_status_name(k, status);
				metrics_printf(t, "fend_http_requests_total{endpoint=\"%s\",method=\"%s\",status=\"%s\"} %llu\n",
					       metrics_endpoint_name(e), metrics_method_names[m], status,
					       (unsigned long long)n);
			}
	metrics_family(t, "fend_http_request_duration_seconds", "histogram",
		       "Time from a request's headers to the end of its answer, by endpoint.");
	for (int e = 0; e < METRICS_ENDPOINTS; e++) {
		uint64_t cumulative = 0;
		const char *name = metrics_endpoint_name(e);
		if (!metrics_endpoint_listed(e))
			continue;
		for (unsigned b = 0; b <= METRICS_BUCKETS; b++) {
			cumulative += METRICS_SUM(buckets[e][b]);
			metrics_printf(t, "fend_http_request_duration_seconds_bucket{endpoint=\"%s\",le=\"%s\"} %llu\n", name,
				       b < METRICS_BUCKETS ? metrics_bucket_names[b] : "+Inf",
				       (unsigned long long)cumulative);
		}
		metrics_printf(t, "fend_http_request_duration_seconds_sum{endpoint=\"%s\"} %.9f\n", name,
			       (double)METRICS_SUM(duration_ns[e]) / 1e9);
		metrics_printf(t, "fend_http_request_duration_seconds_count{endpoint=\"%s\"} %llu\n", name,
			       (unsigned long long)cumulative);
	}
	metrics_family(t, "fend_http_request_bytes_total", "counter", "Request body bytes received, by endpoint.");
	for (int e = 0; e < METRICS_ENDPOINTS; e++)
		if (metrics_endpoint_listed(e))
			metrics_printf(t, "fend_http_request_bytes_total{endpoint=\"%s\"} %llu\n", metrics_endpoint_name(e),
				       (unsigned long long)METRICS_SUM(in_bytes[e]));
	metrics_family(t, "fend_http_response_bytes_total", "counter", "Response body bytes sent, by endpoint.");
	for (int e = 0; e < METRICS_ENDPOINTS; e++)
		if (metrics_endpoint_listed(e))
			metrics_printf(t, "fend_http_response_bytes_total{endpoint=\"%s\"} %llu\n",
				       metrics_endpoint_name(e), (unsigned long long)METRICS_SUM(out_bytes[e]));
	uint64_t started = METRICS_SUM(started);
	metrics_family(t, "fend_http_requests_in_flight", "gauge",
		       "Requests received and not yet answered (this scrape included).");
	metrics_printf(t, "fend_http_requests_in_flight %llu\n",
		       (unsigned long long)(started > ended ? started - ended : 0));
}

void endpoint_metrics(const struct http_request *req, struct http_response *resp)
{
	struct metrics_text t = { malloc(16384), 0, 16384, false };
	double rss, cpu, start;

	(void)req;
	if (!t.data) {
		reply_internal_error(resp);
		return;
	}
	metrics_http(&t);
	metrics_family(&t, "fend_positions_validated_total", "counter", "FENs checked by /validate, by verdict.");
	metrics_printf(&t, "fend_positions_validated_total{valid=\"true\"} %llu\n",
		       (unsigned long long)METRICS_SUM(validated[1]));
	metrics_printf(&t, "fend_positions_validated_total{valid=\"false\"} %llu\n",
		       (unsigned long long)METRICS_SUM(validated[0]));
	metrics_family(&t, "fend_moves_applied_total", "counter", "Moves played by /apply-move.");
	metrics_printf(&t, "fend_moves_applied_total %llu\n", (unsigned long long)METRICS_SUM(moves));
	metrics_family(&t, "fend_refused_total", "counter",
		       "Work refused or stopped by the budget of a request: busy (503, the heavy pool full), "
		       "deadline (503, --request-deadline), client_gone, shutdown, and connections closed at once "
		       "past --max-connections or --max-client-connections.");
	for (int k = 0; k < METRICS_REFUSALS; k++)
		metrics_printf(&t, "fend_refused_total{reason=\"%s\"} %llu\n", metrics_refusal_names[k],
			       (unsigned long long)METRICS_SUM(refused[k]));
	metrics_family(&t, "fend_heavy_threads", "gauge", "Threads of the heavy pool (--heavy-threads).");
	metrics_printf(&t, "fend_heavy_threads %u\n", atomic_load(&metrics_heavy_threads));
	metrics_family(&t, "fend_heavy_slots", "gauge",
		       "Requests the heavy pool takes at once: its threads and its queue (--heavy-queue).");
	metrics_printf(&t, "fend_heavy_slots %u\n", atomic_load(&metrics_heavy_slots));
	metrics_family(&t, "fend_heavy_slots_used", "gauge",
		       "Requests worked on or waiting in the heavy pool (a streamed answer holds its slot).");
	metrics_printf(&t, "fend_heavy_slots_used %d\n", atomic_load(&metrics_heavy_used));
	metrics_family(&t, "fend_build_info", "gauge", "Always 1; the version of this build is its label.");
	metrics_printf(&t, "fend_build_info{version=\"%s\"} 1\n", PACKAGE_VERSION);
	metrics_process(&rss, &cpu, &start);
	if (start >= 0) {
		metrics_family(&t, "process_start_time_seconds", "gauge", "Start time of the process since the epoch.");
		metrics_printf(&t, "process_start_time_seconds %.2f\n", start);
	}
	if (cpu >= 0) {
		metrics_family(&t, "process_cpu_seconds_total", "counter", "User and system CPU time of the process.");
		metrics_printf(&t, "process_cpu_seconds_total %.2f\n", cpu);
	}
	if (rss >= 0) {
		metrics_family(&t, "process_resident_memory_bytes", "gauge", "Resident memory size of the process.");
		metrics_printf(&t, "process_resident_memory_bytes %.0f\n", rss);
	}
	if (t.failed)
		reply_internal_error(resp);
	else
		reply_text(resp, 200, "text/plain; version=0.0.4; charset=utf-8", t.data, t.length);
	free(t.data);
}
