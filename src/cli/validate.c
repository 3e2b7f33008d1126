/* validate.c -- `fen validate`: is a FEN well formed and its position legal? One FEN from
 * the arguments, or one a line (or NDJSON records) from standard input. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Prints one result; an invalid one is also said on stderr (prefix: the line, or NULL). */
static int cli_validate_result(const struct fen_cli *cli, cJSON *result, bool valid, const char *prefix)
{
	if (!result)
		cli_out_of_memory();
	if (!valid) {
		/* an NDJSON record holds its "error" or its "result" */
		const cJSON *error = cJSON_GetObjectItemCaseSensitive(result, "error");
		const cJSON *inner = cJSON_GetObjectItemCaseSensitive(result, "result");
		cli_complain_json(cJSON_IsObject(error) ? error : cJSON_IsObject(inner) ? inner : result, prefix);
	}
	cli_print(cli, result);
	return valid ? CLI_OK : CLI_INVALID;
}

/* One line of --ndjson input, as bulk POST /validate reads it: blank lines are skipped. */
static int cli_validate_ndjson(const struct fen_cli *cli, const char *line, size_t length, unsigned long number,
			       const char *prefix)
{
	bool valid = false;
	cJSON *result;

	if (strspn(line, " \t") == length)
		return CLI_OK;
	if (length > JSON_LINE_MAX)
		return cli_validate_result(cli, json_line_too_long(number, JSON_LINE_MAX), false, prefix);
	result = json_validate_line(line, length, number, &cli->parse, &cli->style, &valid);
	return cli_validate_result(cli, result, valid, prefix);
}

static int cli_validate(struct fen_cli *cli)
{
	int status = CLI_OK;
	size_t length;
	bool valid = false;
	cJSON *result;
	char *text;

	cli->json_output = true;
	if (cli->argc < 1)
		return cli_usage_error("%s", "validate needs a FEN");
	if (cli->ndjson && (cli->argc != 1 || strcmp(cli->argv[0], "-")))
		return cli_usage_error("%s", "--ndjson reads standard input: validate --ndjson -");
	if (cli->argc == 1 && !strcmp(cli->argv[0], "-")) {
		char *line = NULL, prefix[40];
		size_t capacity = 0;
		unsigned long number = 0;
		ssize_t got;
		while ((got = getline(&line, &capacity, stdin)) >= 0) {
			number++;
			snprintf(prefix, sizeof prefix, "line %lu: ", number);
			while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
				line[--got] = '\0';
			if (cli->ndjson)
				valid = cli_validate_ndjson(cli, line, (size_t)got, number, prefix) == CLI_OK;
			else if ((result = json_validate_text(line, (size_t)got, &cli->parse, &cli->style, &valid)))
				valid = cli_validate_result(cli, result, valid, prefix) == CLI_OK;
			else
				cli_out_of_memory();
			if (!valid)
				status = CLI_INVALID;
		}
		free(line);
		return status;
	}
	text = cli_join(cli, &length);
	result = json_validate_text(text, length, &cli->parse, &cli->style, &valid);
	status = cli_validate_result(cli, result, valid, NULL);
	free(text);
	return status;
}

static const struct cli_takes cli_validate_options[] = {
	{ CLI_OPT_LENIENT, NULL }, { CLI_OPT_STRICT, NULL }, { CLI_OPT_CHESS960, NULL },
	{ CLI_OPT_INFER_CASTLING, NULL }, { CLI_OPT_EP, NULL }, { CLI_OPT_CASTLING, NULL },
	{ CLI_OPT_LANG, "the language of messages: en (the default), it, ru or es" },
	{ CLI_OPT_NDJSON, NULL }, { CLI_OPT_PRETTY, NULL }, { CLI_OPT_HELP, NULL }, { CLI_OPT_NB, NULL },
};

const struct cli_command cli_validate_command = {
	.name = "validate",
	.synopsis = "[options] FEN|-\n--ndjson [options] -",
	.summary = "is the FEN well formed and the position legal?",
	.description = "Prints the JSON of GET /validate. The FEN may be one quoted argument or its six\n"
		       "fields as separate arguments. '-' reads one FEN per line from standard input\n"
		       "and prints one JSON line each. An invalid FEN is also said on standard error.",
	.options = cli_validate_options,
	.invalid = "a FEN is invalid",
	.run = cli_validate,
};
