/* convert.c -- `fen convert`: a whole game as typed (descriptive notation, SAN or UCI) to
 * PGN, as POST /convert answers. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/descriptive.h"

static int cli_convert(struct fen_cli *cli)
{
	struct json_convert_request creq = { 0 };
	enum json_convert_failure failure;
	struct descriptive_game *game;
	struct position pos;
	const char *start = cli->start_fen ? cli->start_fen : POSITION_START_FEN;
	char *text;
	cJSON *result;

	cli->json_output = !cli->pgn_only;
	if (cli->argc != 1)
		return cli_usage_error("%s", "convert needs one FILE, or '-' for standard input");
	if (cli->from == JSON_CONVERT_DESCRIPTIVE && cli->san.lang != SAN_LANG_EN && cli->san.lang != SAN_LANG_ES)
		return cli_usage_error("%s", "descriptive notation is read with --lang en or es");
	if (!cli_position(cli, start, strlen(start), &pos))
		return CLI_INVALID;
	if (!(text = cli_slurp(cli->argv[0], &creq.length)))
		return CLI_USAGE;
	creq.text = text;
	creq.from = cli->from;
	creq.descriptive_lang = cli->san.lang == SAN_LANG_ES ? DESCRIPTIVE_ES : DESCRIPTIVE_EN;
	creq.san_lang = cli->san.lang;
	creq.detect_lang = !cli->lang_given && (cli->from == JSON_CONVERT_SAN || cli->from == JSON_CONVERT_DESCRIPTIVE);
	creq.output_lang = cli->output_lang;
	creq.strict = cli->from == JSON_CONVERT_DESCRIPTIVE ? cli->strict_ambiguity : cli->san.strict;
	creq.tags = cli->tags;
	creq.tag_count = cli->tag_count;
	creq.style = cli->style;
	creq.msg_lang = cli->parse.lang;
	/* The reader's working memory is large (a game's worth of search state). */
	if (!(game = malloc(sizeof *game)))
		cli_out_of_memory();
	result = json_convert(&pos, &creq, game, &failure);
	free(game);
	free(text);
	if (failure == JSON_CONVERT_BAD_TAGS) {
		cJSON_Delete(result);
		return cli_usage_error("%s", "a --tag name may hold only letters, digits and '_'");
	}
	if (!result)
		cli_out_of_memory();
	if (failure != JSON_CONVERT_OK)
		return cli_fail(cli, result, CLI_INVALID);
	if (cli->pgn_only) {
		fputs(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring, stdout);
		cJSON_Delete(result);
		return CLI_OK; /* cli_main checks that standard output was written */
	}
	return cli_print(cli, result);
}

static const struct cli_takes cli_convert_options[] = {
	{ CLI_OPT_FROM, NULL },
	{ CLI_OPT_LANG, "the language of the moves: en or es for descriptive notation,\n"
			"en, it, es, fr, de, nl, ru or figurine for SAN" },
	{ CLI_OPT_SAN_LANG, NULL }, { CLI_OPT_FEN, NULL }, { CLI_OPT_TAG, NULL }, { CLI_OPT_STRICT_AMBIGUITY, NULL },
	{ CLI_OPT_STRICT_SAN, NULL }, { CLI_OPT_PGN, NULL }, { CLI_OPT_LENIENT, "read --fen leniently" },
	{ CLI_OPT_STRICT, NULL }, { CLI_OPT_CHESS960, NULL }, { CLI_OPT_INFER_CASTLING, NULL },
	{ CLI_OPT_EP, NULL }, { CLI_OPT_CASTLING, NULL }, { CLI_OPT_PRETTY, NULL }, { CLI_OPT_HELP, NULL },
	{ CLI_OPT_NB, NULL },
};

const struct cli_command cli_convert_command = {
	.name = "convert",
	.synopsis = "[options] FILE|-",
	.summary = "a whole game as typed (descriptive notation, SAN or\n"
		   "UCI, with comments and variations) to PGN",
	.description = "Reads a whole typed game from FILE ('-': standard input) and prints what\n"
		       "POST /convert answers, or with --pgn the PGN alone. A game that cannot be\n"
		       "read is said on standard error (and printed as the problem's members on\n"
		       "standard output, without --pgn).",
	.options = cli_convert_options,
	.invalid = "the game cannot be converted, or --fen is invalid",
	.run = cli_convert,
};
