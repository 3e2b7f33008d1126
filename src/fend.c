/* fend.c -- the `fend` HTTP daemon: settings, start, one "listening" line, then wait for
 * SIGTERM or SIGINT and drain. Wiring only: HTTP is in src/http, chess in src/core. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "http/http.h"

enum { EXIT_OK = 0, EXIT_START = 1, EXIT_USAGE = 2 };

int main(int argc, char **argv)
{
	static struct config cfg;
	struct server *srv;
	sigset_t signals;
	char err[256];

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
	printf("%s %s listening on http://%s%s%s:%u\n", PACKAGE_NAME, PACKAGE_VERSION, cfg.ipv6 ? "[" : "", cfg.listen,
	       cfg.ipv6 ? "]" : "", server_port(srv));
	fflush(stdout);
	server_wait_signal(&signals);
	if (!server_drain(srv, cfg.timeout * 1000u))
		fprintf(stderr, "fend: requests still in flight after %u s; closing them\n", cfg.timeout);
	server_stop(srv);
	return EXIT_OK;
}
