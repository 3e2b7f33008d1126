/* perft.c -- `fen perft`: counts the leaf nodes of a position's move tree to a depth,
 * optionally per first move. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/uci.h"

static int cli_perft(struct fen_cli *cli)
{
	struct position pos;
	size_t length;
	char *end, *text;
	long depth;
	bool ok;

	if (cli->argc != 2)
		return cli_usage_error("%s", "perft needs a FEN (one quoted argument) and a depth");
	errno = 0;
	depth = strtol(cli->argv[1], &end, 10);
	if (errno || *end || end == cli->argv[1] || depth < 0 || depth > 20)
		return cli_usage_error("perft depth must be a number from 0 to 20, not '%s'", cli->argv[1]);
	text = cli_read_fen(cli->argv[0], &length);
	ok = cli_position(cli, text, length, &pos);
	free(text);
	if (!ok)
		return CLI_INVALID;
	if (cli->divide && depth > 0) {
		struct perft_entry entries[MOVEGEN_MAX];
		uint64_t total = 0;
		int n = perft_divide(&pos, (int)depth, entries);
		for (int i = 0; i < n; i++) {
			char uci[UCI_MAX];
			uci_format_move(&pos, entries[i].move, uci);
			printf("%s: %" PRIu64 "\n", uci, entries[i].nodes);
			total += entries[i].nodes;
		}
		printf("%" PRIu64 "\n", total);
	} else {
		printf("%" PRIu64 "\n", perft_count(&pos, (int)depth));
	}
	return CLI_OK; /* cli_main checks that standard output was written */
}

static const struct cli_takes cli_perft_options[] = {
	{ CLI_OPT_LENIENT, NULL }, { CLI_OPT_STRICT, NULL }, { CLI_OPT_CHESS960, NULL },
	{ CLI_OPT_INFER_CASTLING, NULL }, { CLI_OPT_DIVIDE, NULL }, { CLI_OPT_HELP, NULL }, { CLI_OPT_NB, NULL },
};

const struct cli_command cli_perft_command = {
	.name = "perft",
	.synopsis = "[options] FEN|- DEPTH",
	.summary = "count the leaf nodes of the move tree (--divide: per\nfirst move)",
	.description = "Counts the leaf nodes of the move tree to DEPTH (0 to 20) and prints the count\n"
		       "alone on its last line; --divide first prints each first move's count. The FEN\n"
		       "is one quoted argument, or '-' for the first line of standard input.",
	.options = cli_perft_options,
	.invalid = "the FEN is invalid",
	.run = cli_perft,
};
