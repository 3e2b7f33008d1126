/* fend.c -- the `fend` HTTP daemon: settings, start, one "listening" line, then wait for
 * SIGTERM or SIGINT and drain. Wiring only: HTTP is in src/http, chess in src/core. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

enum { EXIT_OK = 0, EXIT_START = 1, EXIT_USAGE = 2 };

/* How long `fend --health-check` waits for an answer. */
#define FEND_HEALTH_CHECK_MS 5000

/* fend --health-check [URL]: without a URL, /health of the daemon the environment
 * describes (FEND_PORT, and FEND_LISTEN unless it is a wildcard address). */
static int fend_health_check(int argc, char **argv)
{
	static struct config cfg;
	char url[128];
	const char *host;

	if (argc > 3) {
		fputs("fend: --health-check takes one URL and no other option\n", stderr);
		return EXIT_USAGE;
	}
	if (argc == 3)
		return healthcheck_run(argv[2], FEND_HEALTH_CHECK_MS);
	if (config_load(&cfg, 1, argv) != CONFIG_OK)
		return EXIT_USAGE;
	host = !strcmp(cfg.listen, "0.0.0.0") ? "127.0.0.1" : !strcmp(cfg.listen, "::") ? "::1" : cfg.listen;
	snprintf(url, sizeof url, "http://%s%s%s:%u/health", strchr(host, ':') ? "[" : "", host,
		 strchr(host, ':') ? "]" : "", cfg.port);
	return healthcheck_run(url, FEND_HEALTH_CHECK_MS);
}

int main(int argc, char **argv)
{
	static struct config cfg;
	struct server *srv;
	sigset_t signals;
	char err[256];

	if (argc >= 2 && !strcmp(argv[1], "--health-check"))
		return fend_health_check(argc, argv);
	switch (config_load(&cfg, argc, argv)) {
	case CONFIG_DONE:
		return EXIT_OK;
	case CONFIG_BAD:
		return EXIT_USAGE;
	case CONFIG_OK:
		break;
	}
	/* Before any MHD thread exists, so that only this thread ever sees the signals. */
	server_block_signals(&signals);
	srv = server_start(&cfg, err, sizeof err);
	if (!srv) {
		fprintf(stderr, "fend: %s\n", err);
		return EXIT_START;
	}
	/* Ready before the line is printed: whoever waits for the line may ask /ready at once. */
	server_set_ready(true);
	printf("%s %s listening on http://%s%s%s:%u\n", PACKAGE_NAME, PACKAGE_VERSION, cfg.ipv6 ? "[" : "", cfg.listen,
	       cfg.ipv6 ? "]" : "", server_port(srv));
	fflush(stdout);
	server_wait_signal(&signals);
	/* Not ready at once, still serving for the delay (a second signal cuts it short), so
	 * that load balancers take fend out before it stops accepting. */
	server_set_ready(false);
	if (cfg.drain_delay)
		server_wait_signal_for(&signals, cfg.drain_delay * 1000u);
	if (!server_drain(srv, cfg.timeout * 1000u))
		fprintf(stderr, "fend: requests still in flight after %u s; closing them\n", cfg.timeout);
	server_stop(srv);
	return EXIT_OK;
}
