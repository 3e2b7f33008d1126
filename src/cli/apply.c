/* apply.c -- `fen apply`: plays moves from a position as POST /apply-move does, printing
 * its JSON, the resulting FEN, or the moves played in SAN or UCI. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Prints the text form of a played line: the last FEN, or each ply's "san" or "uci". */
static int cli_apply_text(const struct fen_cli *cli, cJSON *result)
{
	const cJSON *plies = cJSON_GetObjectItemCaseSensitive(result, "moves"), *ply;
	const char *member = cli->format[0] == 'f' ? "fen" : cli->format[0] == 's' ? "san" : "uci";

	if (member[0] == 'f' || !cJSON_IsArray(plies)) {
		const cJSON *item = cJSON_GetObjectItemCaseSensitive(result, member);
		if (cJSON_IsString(item))
			puts(item->valuestring);
	} else {
		cJSON_ArrayForEach(ply, plies) {
			const cJSON *item = cJSON_GetObjectItemCaseSensitive(ply, member);
			if (cJSON_IsString(item))
				puts(item->valuestring);
		}
	}
	cJSON_Delete(result);
	return CLI_OK; /* cli_main checks that standard output was written */
}

static int cli_apply(struct fen_cli *cli)
{
	static const char *const formats[] = { "json", "fen", "san", "uci", NULL };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	enum json_apply_outcome outcome;
	struct position pos;
	cJSON *result;
	size_t length;
	char *text;
	bool ok;

	if (cli_format_check(cli, formats, "json, fen, san or uci"))
		return CLI_USAGE;
	cli->json_output = !cli->format_given || !strcmp(cli->format, "json");
	if (cli->argc < 2)
		return cli_usage_error("%s", "apply needs a FEN (one quoted argument) and at least one move");
	text = cli_read_fen(cli->argv[0], &length);
	ok = cli_position(cli, text, length, &pos);
	free(text);
	if (!ok)
		return CLI_INVALID;
	options.notation = cli->notation;
	options.san = cli->san;
	options.detect_lang = !cli->lang_given;
	options.list_plies = cli->argc > 2;
	result = json_apply_moves(&pos, (const char *const *)cli->argv + 1, cli->argc - 1, &options, &cli->style,
				  &outcome);
	if (!result)
		cli_out_of_memory();
	/* A problem is printed as its members, with the HTTP API's code (illegal_move, ...). */
	if (outcome == JSON_APPLY_UNSUPPORTED && !cJSON_GetObjectItemCaseSensitive(result, "code"))
		cJSON_AddStringToObject(result, "code", "invalid_field");
	if (outcome == JSON_APPLY_UNSUPPORTED)
		return cli_fail(cli, result, CLI_USAGE);
	if (outcome != JSON_APPLY_OK)
		return cli_fail(cli, result, CLI_INVALID);
	if (!cli->json_output)
		return cli_apply_text(cli, result);
	return cli_print(cli, result);
}

static const struct cli_takes cli_apply_options[] = {
	{ CLI_OPT_LENIENT, NULL }, { CLI_OPT_STRICT, NULL }, { CLI_OPT_CHESS960, NULL },
	{ CLI_OPT_INFER_CASTLING, NULL }, { CLI_OPT_EP, NULL }, { CLI_OPT_CASTLING, NULL },
	{ CLI_OPT_NOTATION, NULL }, { CLI_OPT_LANG, NULL }, { CLI_OPT_STRICT_SAN, NULL },
	{ CLI_OPT_FORMAT, "json (the default: the JSON of POST /apply-move), fen (the\n"
			  "resulting position's FEN), san or uci (the moves played, one a line)" },
	{ CLI_OPT_PRETTY, NULL }, { CLI_OPT_HELP, NULL }, { CLI_OPT_NB, NULL },
};

const struct cli_command cli_apply_command = {
	.name = "apply",
	.synopsis = "[options] FEN|- MOVE...",
	.summary = "play moves from the position: UCI (e2e4, e7e8q) or SAN\n(Nf3, O-O, e8=Q)",
	.description = "Plays the moves from the position as POST /apply-move does. The moves are read\n"
		       "the way --notation says. The FEN is one quoted argument, or '-' for the first\n"
		       "line of standard input. An illegal move is said on standard error (and, for\n"
		       "--format json, printed as the problem's members on standard output).",
	.options = cli_apply_options,
	.invalid = "the FEN is invalid or a move is illegal or unreadable",
	.run = cli_apply,
};
