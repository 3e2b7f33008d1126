/* config.c -- the daemon's settings: FEND_* environment variables, then command-line
 * flags (flags win), each checked once at start-up; a bad value is a usage error. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stddef.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "http/http.h"

#define CONFIG_STR2(x) #x
#define CONFIG_STR(x) CONFIG_STR2(x)

const char config_usage[] =
	"usage: fend [options]\n"
	"\n"
	"An HTTP service for FEN chess positions: validate them, list and play moves, draw\n"
	"the board. The API is described by GET /openapi.yaml.\n"
	"\n"
	"options (each may also be set by the environment variable shown; flags win):\n"
	"  --listen ADDR          IPv4 or IPv6 address to listen on\n"
	"                         (FEND_LISTEN, default " FEND_DEFAULT_LISTEN ")\n"
	"  --port N               TCP port; 0 picks a free one, printed at start-up\n"
	"                         (FEND_PORT, default " CONFIG_STR(FEND_DEFAULT_PORT) ")\n"
	"  --threads N            worker threads (FEND_THREADS, default: one per online core)\n"
	"  --max-body BYTES       largest request body accepted\n"
	"                         (FEND_MAX_BODY, default " CONFIG_STR(FEND_DEFAULT_MAX_BODY) ")\n"
	"  --timeout S            seconds before an idle connection is closed, and the longest\n"
	"                         wait for requests in flight at shutdown\n"
	"                         (FEND_TIMEOUT, default " CONFIG_STR(FEND_DEFAULT_TIMEOUT) ")\n"
	"  --max-connections N    connections served at once\n"
	"                         (FEND_MAX_CONNECTIONS, default " CONFIG_STR(FEND_DEFAULT_MAX_CONNECTIONS) ")\n"
	"  --cors-origin ORIGIN   Access-Control-Allow-Origin of every response\n"
	"                         (FEND_CORS_ORIGIN, default *)\n"
	"  --log FORMAT           access log on stderr: text, json or off (FEND_LOG, default text)\n"
	"  --max-bulk-body BYTES  largest NDJSON body of bulk POST /validate, which is spooled\n"
	"                         to --spool-dir, not held in memory\n"
	"                         (FEND_MAX_BULK_BODY, default " CONFIG_STR(FEND_DEFAULT_MAX_BULK_BODY) ")\n"
	"  --frame-ancestors SRC  who may show fend's web pages in a frame: 'none' (the\n"
	"                         default), 'self', or origins such as https://example.org\n"
	"                         separated by spaces (CSP frame-ancestors; FEND_FRAME_ANCESTORS)\n"
	"  --spool-dir DIR        directory for the temporary (unlinked) files that streamed\n"
	"                         request bodies are spooled to (FEND_SPOOL_DIR, default\n"
	"                         $TMPDIR, else /tmp)\n"
	"  --max-pgn-body BYTES   largest body of POST /pgn, which is spooled like bulk bodies;\n"
	"                         0 means no limit (FEND_MAX_PGN_BODY, default "
	CONFIG_STR(FEND_DEFAULT_MAX_PGN_BODY) ")\n"
	"  --drain-delay S        after SIGTERM, seconds /ready answers 503 while requests are\n"
	"                         still served, before fend stops accepting (FEND_DRAIN_DELAY,\n"
	"                         default 0)\n"
	"  --trust-proxy CIDRS    proxies (10.0.0.0/8,127.0.0.1,...) whose X-Forwarded-For names\n"
	"                         the client in the log, and whose connections\n"
	"                         --max-client-connections does not count\n"
	"                         (FEND_TRUST_PROXY, default none)\n"
	"\n"
	"the budget of a request (docs/limits.md says how to size them):\n"
	"  --request-deadline S   seconds of work one request may take (decimals allowed; 0: no\n"
	"                         deadline); past it the answer is 503 deadline_exceeded\n"
	"                         (FEND_REQUEST_DEADLINE, default " CONFIG_STR(FEND_DEFAULT_REQUEST_DEADLINE) ")\n"
	"  --body-deadline S      seconds a request's body may take to arrive in all\n"
	"                         (FEND_BODY_DEADLINE, default " CONFIG_STR(FEND_DEFAULT_BODY_DEADLINE) ")\n"
	"  --heavy-threads N      threads of the pool that draws pictures and reads PGN, bulk\n"
	"                         and descriptive bodies (FEND_HEAVY_THREADS, default: --threads\n"
	"                         less one, at least one)\n"
	"  --heavy-queue N        such requests waiting for a heavy thread; more are answered\n"
	"                         503 busy (FEND_HEAVY_QUEUE, default " CONFIG_STR(FEND_DEFAULT_HEAVY_QUEUE) ")\n"
	"  --max-render-pixels N  pixels one picture or animation may draw, marks included;\n"
	"                         more is 422 render_too_large (FEND_MAX_RENDER_PIXELS,\n"
	"                         default " CONFIG_STR(FEND_DEFAULT_MAX_RENDER_PIXELS) ")\n"
	"  --max-client-connections N\n"
	"                         open connections from one client address (a proxy of\n"
	"                         --trust-proxy is not limited); 0: no limit\n"
	"                         (FEND_MAX_CLIENT_CONNECTIONS, default " CONFIG_STR(FEND_DEFAULT_MAX_CLIENT_CONNECTIONS) ")\n"
	"  --max-spool BYTES      bytes all streamed bodies may spool at once; a body past it\n"
	"                         is 503 busy (FEND_MAX_SPOOL, default " CONFIG_STR(FEND_DEFAULT_MAX_SPOOL) ")\n"
	"  --max-request-memory BYTES\n"
	"                         memory one request may take for its answer\n"
	"                         (FEND_MAX_REQUEST_MEMORY, default " CONFIG_STR(FEND_DEFAULT_MAX_REQUEST_MEMORY) ")\n"
	"\n"
	"  --health-check [URL]   as the first option: GET URL (default http://127.0.0.1:PORT/health\n"
	"                         from FEND_PORT) and exit 0 if it answered 200, else 1\n"
	"  --help                 this text\n"
	"  --version              the version\n"
	"\n"
	"On start it prints one line, \"fend VERSION listening on http://ADDR:PORT\". SIGTERM or\n"
	"SIGINT stop it: requests in flight finish, then it exits with status 0. A bad option\n"
	"exits with status 2.\n";

/* One setting: its flag, its environment variable, and how to read a value: a function,
 * or for a whole number its range, what it counts, and the field that takes it. */
struct config_option {
	const char *flag;
	const char *env;
	int (*set)(struct config *cfg, const char *value, const char *source);
	unsigned long long min, max;
	const char *what;
	size_t offset, size;
};

/* Prints a usage error about source ("--port" or "FEND_PORT"); returns -1. */
__attribute__((format(printf, 2, 3))) static int config_error(const char *source, const char *format, ...)
{
	va_list ap;

	fprintf(stderr, "fend: %s ", source);
	va_start(ap, format);
	vfprintf(stderr, format, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

/* Reads a whole decimal number from min to max into *out; -1 otherwise. */
static int config_number(const char *value, unsigned long long min, unsigned long long max,
			 unsigned long long *out)
{
	char *end;

	if (value[0] < '0' || value[0] > '9')
		return -1;
	errno = 0;
	*out = strtoull(value, &end, 10);
	if (errno || *end || *out < min || *out > max)
		return -1;
	return 0;
}

static int config_set_listen(struct config *cfg, const char *value, const char *source)
{
	const char *given = value;
	size_t n = strlen(value);
	struct sockaddr_in *in4 = (struct sockaddr_in *)(void *)&cfg->address;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)(void *)&cfg->address;

	/* Take "[::1]" as well as "::1". */
	if (n >= 2 && value[0] == '[' && value[n - 1] == ']') {
		value++;
		n -= 2;
	}
	if (n == 0 || n >= sizeof cfg->listen)
		goto bad;
	memcpy(cfg->listen, value, n);
	cfg->listen[n] = '\0';
	memset(&cfg->address, 0, sizeof cfg->address);
	if (inet_pton(AF_INET, cfg->listen, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		cfg->address_length = sizeof *in4;
		cfg->ipv6 = false;
		return 0;
	}
	if (inet_pton(AF_INET6, cfg->listen, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		cfg->address_length = sizeof *in6;
		cfg->ipv6 = true;
		return 0;
	}
bad:
	return config_error(source, "takes an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0 or ::1, not '%s'",
			    given);
}

static int config_set_cors_origin(struct config *cfg, const char *value, const char *source)
{
	size_t n = strlen(value);

	/* The value goes into a header: printable ASCII only, so no header can be injected. */
	for (size_t i = 0; i < n; i++)
		if (value[i] <= ' ' || value[i] >= 0x7f)
			n = 0;
	if (n == 0 || n >= sizeof cfg->cors_origin)
		return config_error(source, "takes an origin such as * or https://example.org (printable, no spaces, "
				    "at most %zu bytes)", sizeof cfg->cors_origin - 1);
	memcpy(cfg->cors_origin, value, n + 1);
	return 0;
}

static int config_set_spool_dir(struct config *cfg, const char *value, const char *source)
{
	struct stat st;
	size_t n = strlen(value);

	if (n == 0 || n >= sizeof cfg->spool_dir)
		return config_error(source, "takes a directory path of at most %zu bytes", sizeof cfg->spool_dir - 1);
	/* Checked now, so that a wrong directory fails at start-up and not at the first
	 * bulk request. */
	if (stat(value, &st) || !S_ISDIR(st.st_mode) || access(value, W_OK | X_OK))
		return config_error(source, "takes a writable directory; '%s' is not one", value);
	memcpy(cfg->spool_dir, value, n + 1);
	return 0;
}

static int config_set_frame_ancestors(struct config *cfg, const char *value, const char *source)
{
	size_t n = strlen(value);

	/* It goes into a header: printable ASCII and spaces, and nothing that could end the
	 * directive (';', ',') or add a header. */
	for (size_t i = 0; i < n; i++)
		if (value[i] < ' ' || value[i] >= 0x7f || value[i] == ';' || value[i] == ',')
			n = 0;
	if (n == 0 || n >= sizeof cfg->frame_ancestors || strspn(value, " ") == n)
		return config_error(source, "takes 'none', 'self' or origins separated by spaces (printable, no ';' "
				    "or ',', at most %zu bytes)", sizeof cfg->frame_ancestors - 1);
	memcpy(cfg->frame_ancestors, value, n + 1);
	return 0;
}

/* The pages' security headers from --frame-ancestors: the CSP allows fend's own origin
 * only; X-Frame-Options says the same to browsers without CSP where it can ('none'
 * and 'self'; a list of origins has no X-Frame-Options spelling). */
static void config_page_headers(struct config *cfg)
{
	snprintf(cfg->page_csp, sizeof cfg->page_csp,
		 "default-src 'self'; base-uri 'none'; form-action 'self'; object-src 'none'; frame-ancestors %s",
		 cfg->frame_ancestors);
	if (!strcmp(cfg->frame_ancestors, "'none'"))
		cfg->frame_options = "DENY";
	else if (!strcmp(cfg->frame_ancestors, "'self'"))
		cfg->frame_options = "SAMEORIGIN";
	else
		cfg->frame_options = NULL;
}

static int config_set_log(struct config *cfg, const char *value, const char *source)
{
	if (!strcmp(value, "text"))
		cfg->log = CONFIG_LOG_TEXT;
	else if (!strcmp(value, "json"))
		cfg->log = CONFIG_LOG_JSON;
	else if (!strcmp(value, "off"))
		cfg->log = CONFIG_LOG_OFF;
	else
		return config_error(source, "takes text, json or off, not '%s'", value);
	return 0;
}

/* Seconds with up to three decimals ("10", "0.25"), kept in milliseconds. */
static int config_set_request_deadline(struct config *cfg, const char *value, const char *source)
{
	unsigned long long whole = 0, ms = 0;
	const char *p = value;
	int decimals = 0;

	if (*p < '0' || *p > '9')
		goto bad;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((whole = whole * 10 + (unsigned long long)(*p - '0')) > 86400)
			goto bad;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9' && decimals < 3; p++, decimals++)
			ms = ms * 10 + (unsigned long long)(*p - '0');
	if (*p)
		goto bad;
	while (decimals++ < 3)
		ms *= 10;
	cfg->request_deadline_ms = (unsigned)(whole * 1000 + ms);
	return 0;
bad:
	return config_error(source, "takes a number of seconds from 0 to 86400 (up to three decimals), not '%s'", value);
}

static int config_set_trust_proxy(struct config *cfg, const char *value, const char *source)
{
	char err[160];
	int n = proxy_parse(value, cfg->trusted, CONFIG_TRUSTED_MAX, err, sizeof err);

	if (n < 0)
		return config_error(source, "%s", err);
	cfg->trusted_count = n;
	return 0;
}

#define CONFIG_NUMBER(field, min, max, what) \
	NULL, (min), (max), (what), offsetof(struct config, field), sizeof(((struct config *)0)->field)

static const struct config_option config_options[] = {
	{ "--listen", "FEND_LISTEN", config_set_listen, 0, 0, NULL, 0, 0 },
	{ "--port", "FEND_PORT", CONFIG_NUMBER(port, 0, 65535, "a port number") },
	{ "--threads", "FEND_THREADS", CONFIG_NUMBER(threads, 1, 1024, "a number of threads") },
	{ "--max-body", "FEND_MAX_BODY", CONFIG_NUMBER(max_body, 1, 1024ULL * 1024 * 1024, "a size in bytes") },
	{ "--timeout", "FEND_TIMEOUT", CONFIG_NUMBER(timeout, 1, 86400, "a number of seconds") },
	{ "--max-connections", "FEND_MAX_CONNECTIONS",
	  CONFIG_NUMBER(max_connections, 1, 1000000, "a number of connections") },
	{ "--cors-origin", "FEND_CORS_ORIGIN", config_set_cors_origin, 0, 0, NULL, 0, 0 },
	{ "--log", "FEND_LOG", config_set_log, 0, 0, NULL, 0, 0 },
	{ "--max-bulk-body", "FEND_MAX_BULK_BODY",
	  CONFIG_NUMBER(max_bulk_body, 1, 64ULL * 1024 * 1024 * 1024, "a size in bytes") },
	{ "--spool-dir", "FEND_SPOOL_DIR", config_set_spool_dir, 0, 0, NULL, 0, 0 },
	{ "--max-pgn-body", "FEND_MAX_PGN_BODY",
	  CONFIG_NUMBER(max_pgn_body, 0, 1024ULL * 1024 * 1024 * 1024, "a size in bytes (0: no limit)") },
	{ "--frame-ancestors", "FEND_FRAME_ANCESTORS", config_set_frame_ancestors, 0, 0, NULL, 0, 0 },
	{ "--drain-delay", "FEND_DRAIN_DELAY", CONFIG_NUMBER(drain_delay, 0, 3600, "a number of seconds") },
	{ "--trust-proxy", "FEND_TRUST_PROXY", config_set_trust_proxy, 0, 0, NULL, 0, 0 },
	{ "--request-deadline", "FEND_REQUEST_DEADLINE", config_set_request_deadline, 0, 0, NULL, 0, 0 },
	{ "--body-deadline", "FEND_BODY_DEADLINE", CONFIG_NUMBER(body_deadline, 1, 86400, "a number of seconds") },
	{ "--heavy-threads", "FEND_HEAVY_THREADS", CONFIG_NUMBER(heavy_threads, 1, 1024, "a number of threads") },
	{ "--heavy-queue", "FEND_HEAVY_QUEUE", CONFIG_NUMBER(heavy_queue, 0, 100000, "a number of requests") },
	{ "--max-render-pixels", "FEND_MAX_RENDER_PIXELS",
	  CONFIG_NUMBER(max_render_pixels, 1, 1ULL << 40, "a number of pixels") },
	{ "--max-client-connections", "FEND_MAX_CLIENT_CONNECTIONS",
	  CONFIG_NUMBER(max_client_connections, 0, 1000000, "a number of connections (0: no limit)") },
	{ "--max-spool", "FEND_MAX_SPOOL", CONFIG_NUMBER(max_spool, 1024 * 1024, 1ULL << 50, "a size in bytes") },
	{ "--max-request-memory", "FEND_MAX_REQUEST_MEMORY",
	  CONFIG_NUMBER(max_request_memory, 1024 * 1024, 1ULL << 40, "a size in bytes") },
};

/* Sets one option from value (named source in messages); -1 after printing why not. */
static int config_apply(struct config *cfg, const struct config_option *opt, const char *value, const char *source)
{
	unsigned long long n;

	if (opt->set)
		return opt->set(cfg, value, source);
	if (config_number(value, opt->min, opt->max, &n))
		return config_error(source, "takes %s from %llu to %llu, not '%s'", opt->what, opt->min, opt->max, value);
	if (opt->size == sizeof(unsigned)) {
		unsigned u = (unsigned)n;
		memcpy((char *)cfg + opt->offset, &u, sizeof u);
	} else {
		size_t z = (size_t)n;
		memcpy((char *)cfg + opt->offset, &z, sizeof z);
	}
	return 0;
}

#define CONFIG_OPTIONS_NB (sizeof config_options / sizeof config_options[0])

/* The defaults, before the environment and flags. */
static void config_defaults(struct config *cfg)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	const char *tmpdir;

	memset(cfg, 0, sizeof *cfg);
	config_set_listen(cfg, FEND_DEFAULT_LISTEN, "default");
	cfg->port = FEND_DEFAULT_PORT;
	cfg->threads = cores < 1 ? 1 : cores > 1024 ? 1024 : (unsigned)cores;
	cfg->max_body = FEND_DEFAULT_MAX_BODY;
	cfg->timeout = FEND_DEFAULT_TIMEOUT;
	cfg->max_connections = FEND_DEFAULT_MAX_CONNECTIONS;
	strcpy(cfg->cors_origin, "*");
	cfg->log = CONFIG_LOG_TEXT;
	cfg->max_bulk_body = FEND_DEFAULT_MAX_BULK_BODY;
	cfg->max_pgn_body = FEND_DEFAULT_MAX_PGN_BODY;
	tmpdir = getenv("TMPDIR");
	snprintf(cfg->spool_dir, sizeof cfg->spool_dir, "%s", tmpdir && *tmpdir ? tmpdir : "/tmp");
	strcpy(cfg->frame_ancestors, "'none'");
	cfg->request_deadline_ms = FEND_DEFAULT_REQUEST_DEADLINE * 1000u;
	cfg->body_deadline = FEND_DEFAULT_BODY_DEADLINE;
	cfg->heavy_threads = 0; /* set from --threads once it is known */
	cfg->heavy_queue = FEND_DEFAULT_HEAVY_QUEUE;
	cfg->max_render_pixels = FEND_DEFAULT_MAX_RENDER_PIXELS;
	cfg->max_client_connections = FEND_DEFAULT_MAX_CLIENT_CONNECTIONS;
	cfg->max_request_memory = FEND_DEFAULT_MAX_REQUEST_MEMORY;
	cfg->max_spool = FEND_DEFAULT_MAX_SPOOL;
}

/* Reads the flags of argv; -1 after printing what is wrong. */
static int config_parse_flags(struct config *cfg, int argc, char **argv, bool *help, bool *version)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const struct config_option *opt = NULL;
		const char *value = NULL;
		size_t n;

		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			*help = true;
			continue;
		}
		if (!strcmp(arg, "--version")) {
			*version = true;
			continue;
		}
		for (size_t k = 0; k < CONFIG_OPTIONS_NB && !opt; k++) {
			n = strlen(config_options[k].flag);
			if (!strncmp(arg, config_options[k].flag, n) && (arg[n] == '\0' || arg[n] == '=')) {
				opt = &config_options[k];
				value = arg[n] == '=' ? arg + n + 1 : NULL;
			}
		}
		if (!opt) {
			if (arg[0] == '-')
				fprintf(stderr, "fend: unknown option '%s'\n", arg);
			else
				fprintf(stderr, "fend: unexpected argument '%s'\n", arg);
			return -1;
		}
		if (!value) {
			if (i + 1 >= argc)
				return config_error(opt->flag, "needs a value");
			value = argv[++i];
		}
		if (config_apply(cfg, opt, value, opt->flag))
			return -1;
	}
	return 0;
}

enum config_result config_load(struct config *cfg, int argc, char **argv)
{
	bool help = false, version = false;

	config_defaults(cfg);
	for (size_t k = 0; k < CONFIG_OPTIONS_NB; k++) {
		const char *value = getenv(config_options[k].env);
		/* An empty variable counts as unset. */
		if (value && *value && config_apply(cfg, &config_options[k], value, config_options[k].env))
			goto bad;
	}
	if (config_parse_flags(cfg, argc, argv, &help, &version))
		goto bad;
	if (help) {
		fputs(config_usage, stdout);
		return CONFIG_DONE;
	}
	if (version) {
		printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return CONFIG_DONE;
	}
	config_page_headers(cfg);
	/* The heavy pool leaves a thread's worth of CPU to the cheap endpoints. */
	if (!cfg->heavy_threads)
		cfg->heavy_threads = cfg->threads > 1 ? cfg->threads - 1 : 1;
	if (cfg->ipv6)
		((struct sockaddr_in6 *)(void *)&cfg->address)->sin6_port = htons((uint16_t)cfg->port);
	else
		((struct sockaddr_in *)(void *)&cfg->address)->sin_port = htons((uint16_t)cfg->port);
	return CONFIG_OK;
bad:
	fputs("Try 'fend --help'.\n", stderr);
	return CONFIG_BAD;
}
