/* moves.c -- `fen moves`: the legal moves of a position, as the JSON of GET /moves or one
 * move a line in UCI or SAN. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/movegen.h"
#include "core/uci.h"

static int cli_moves(struct fen_cli *cli)
{
	static const char *const formats[] = { "json", "uci", "san", NULL };
	struct move_list list;
	struct position pos;
	size_t length;
	char *text;
	bool ok;

	if (cli_format_check(cli, formats, "json, uci or san"))
		return CLI_USAGE;
	cli->json_output = !cli->format_given || !strcmp(cli->format, "json");
	if (cli->argc < 1)
		return cli_usage_error("%s", "moves needs a FEN");
	text = cli->argc == 1 ? cli_read_fen(cli->argv[0], &length) : cli_join(cli, &length);
	ok = cli_position(cli, text, length, &pos);
	free(text);
	if (!ok)
		return CLI_INVALID;
	if (cli->json_output)
		return cli_print(cli, json_moves(&pos, cli->san.lang, &cli->style));
	movegen_legal(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		char out[SAN_MAX + 1];
		size_t n = cli->format[0] == 'u' ? uci_format_move(&pos, list.moves[i], out)
						 : san_format_move(&pos, list.moves[i], cli->san.lang, SAN_STYLE_SAN, out);
		out[n++] = '\n';
		fwrite(out, 1, n, stdout);
	}
	return CLI_OK; /* cli_main checks that standard output was written */
}

static const struct cli_takes cli_moves_options[] = {
	{ CLI_OPT_LENIENT, NULL }, { CLI_OPT_STRICT, NULL }, { CLI_OPT_CHESS960, NULL },
	{ CLI_OPT_INFER_CASTLING, NULL }, { CLI_OPT_EP, NULL }, { CLI_OPT_CASTLING, NULL },
	{ CLI_OPT_LANG, "the piece letters of SAN: en, it, es, fr, de, nl, ru or figurine" },
	{ CLI_OPT_FORMAT, "json (the default: each move's UCI, SAN and flags), uci or san\n"
			  "(the moves alone, one a line)" },
	{ CLI_OPT_PRETTY, NULL }, { CLI_OPT_HELP, NULL }, { CLI_OPT_NB, NULL },
};

const struct cli_command cli_moves_command = {
	.name = "moves",
	.synopsis = "[options] FEN|-",
	.summary = "the legal moves, with their flags",
	.description = "Prints the legal moves of the position: the JSON of GET /moves, or with\n"
		       "--format uci or san one move a line. The FEN may be one quoted argument or\n"
		       "its fields as separate arguments; '-' reads it from standard input.",
	.options = cli_moves_options,
	.invalid = "the FEN is invalid",
	.run = cli_moves,
};
