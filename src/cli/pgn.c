/* pgn.c -- `fen pgn`: reads PGN games from a file or standard input a piece at a time and
 * prints each game as JSON, its mainline's FEN, EPD, UCI or SAN after every ply, or the
 * games again as export-format PGN. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/pgn_export.h"
#include "core/uci.h"

/* `fen pgn --format fen|epd|uci|san`: the mainline's plies as text, one a line. */
struct cli_pgn_text {
	const struct fen_cli *cli;
	char kind;                 /* 'f' fen, 'e' epd, 'u' uci, 's' san ('p' pgn: only its issues) */
	bool errors;
};

static void cli_pgn_text_move(void *ctx, const struct pgn_move *mv)
{
	struct cli_pgn_text *t = ctx;
	char out[FEN_MAX + 1];
	size_t n;

	if (mv->depth)
		return;
	switch (t->kind) {
	case 'u':
		n = uci_format_move(mv->before, mv->m, out);
		break;
	case 's':
		n = san_format_move(mv->before, mv->m, t->cli->san.lang, SAN_STYLE_SAN, out);
		break;
	default:
		n = fen_format(mv->after, t->cli->style.ep, t->cli->style.castling, out, sizeof out - 1);
		if (t->kind == 'e') {
			/* EPD is the FEN without its two move counters. */
			for (int spaces = 0; n > 0 && spaces < 2; n--)
				spaces += out[n - 1] == ' ';
		}
		break;
	}
	out[n++] = '\n';
	fwrite(out, 1, n, stdout);
}

static void cli_pgn_text_issue(void *ctx, const struct pgn_issue *issue)
{
	struct cli_pgn_text *t = ctx;

	if (pgn_code_is_warning(issue->code))
		return;
	t->errors = true;
	fprintf(stderr, "fen: game %d, line %u, column %u: %s%s%s: %s\n", issue->game + 1, issue->line, issue->column,
		pgn_code_name(issue->code), issue->token ? " " : "", issue->token ? issue->token : "", issue->message);
}

static void cli_pgn_text_begin(void *ctx, int game)
{
	(void)ctx;
	if (game > 0)
		fputc('\n', stdout);
}

/* `fen pgn --format pgn`: the exported games go to standard output. */
static int cli_pgn_export_sink(void *context, const char *text, size_t length)
{
	(void)context;
	return fwrite(text, 1, length, stdout) == length ? 0 : -1;
}

/* Feeds a stream to a reader in pieces; on_pause runs whenever the reader pauses (after
 * a game). Returns false on a read error. */
static bool cli_pgn_feed(FILE *in, struct pgn_reader *reader, void (*on_pause)(void *), void *ctx)
{
	static char buffer[1 << 16];
	size_t got;

	while ((got = fread(buffer, 1, sizeof buffer, in)) > 0) {
		size_t used = 0;
		while (used < got) {
			used += pgn_reader_feed(reader, buffer + used, got - used);
			if (on_pause)
				on_pause(ctx);
		}
	}
	if (ferror(in))
		return false;
	pgn_reader_finish(reader);
	if (on_pause)
		on_pause(ctx);
	return true;
}

/* `fen pgn` in JSON: one line per game, printed as soon as it is read. */
struct cli_pgn_json {
	const struct fen_cli *cli;
	struct json_pgn *builder;
	bool errors;
};

/* A member's integer: a number, or the raw digits the JSON builder may hold it as; 0 when
 * it is neither. */
static int cli_pgn_int(const cJSON *object, const char *name)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);

	if (cJSON_IsNumber(item))
		return item->valueint;
	return cJSON_IsRaw(item) && item->valuestring ? atoi(item->valuestring) : 0;
}

/* Says a JSON game's errors on stderr, as the text formats say them. */
static void cli_pgn_json_errors(const cJSON *game)
{
	const cJSON *errors = cJSON_GetObjectItemCaseSensitive(game, "errors"), *e;

	cJSON_ArrayForEach(e, errors) {
		const cJSON *code = cJSON_GetObjectItemCaseSensitive(e, "code");
		const cJSON *message = cJSON_GetObjectItemCaseSensitive(e, "message");
		const cJSON *san = cJSON_GetObjectItemCaseSensitive(e, "san");
		fprintf(stderr, "fen: game %d, line %d, column %d: %s%s%s: %s\n",
			cli_pgn_int(game, "index") + 1, cli_pgn_int(e, "line"), cli_pgn_int(e, "column"), cJSON_IsString(code) ? code->valuestring : "error",
			cJSON_IsString(san) ? " " : "", cJSON_IsString(san) ? san->valuestring : "",
			cJSON_IsString(message) ? message->valuestring : "");
	}
}

static void cli_pgn_json_print(void *ctx)
{
	struct cli_pgn_json *j = ctx;
	struct json_pgn_summary summary;
	bool oom;
	cJSON *game = json_pgn_take(j->builder, &summary, &oom);

	if (oom)
		cli_out_of_memory();
	if (!game)
		return;
	if (summary.errors) {
		j->errors = true;
		cli_pgn_json_errors(game);
	}
	cli_print(j->cli, game);
}

static int cli_pgn(struct fen_cli *cli)
{
	static const char *const formats[] = { "json", "fen", "epd", "uci", "san", "pgn", NULL };
	struct pgn_options options = { { cli->san.lang, cli->san.strict, cli->parse.lang }, !cli->lang_given, cli->parse.lang };
	struct pgn_reader *reader;
	const char *path;
	FILE *in;
	bool ok, errors;

	if (cli->argc != 1)
		return cli_usage_error("%s", "pgn needs one FILE, or '-' for standard input");
	if (cli_format_check(cli, formats, "json, fen, epd, uci, san or pgn"))
		return CLI_USAGE;
	cli->json_output = !cli->format_given || !strcmp(cli->format, "json");
	path = cli->argv[0];
	in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!in) {
		fprintf(stderr, "fen: %s: %s\n", path, strerror(errno));
		return CLI_USAGE;
	}
	if (!(reader = malloc(sizeof *reader)))
		cli_out_of_memory();
	if (cli->format_given && !strcmp(cli->format, "pgn")) {
		struct cli_pgn_text text = { cli, 'p', false };
		struct pgn_export *export = malloc(sizeof *export);
		if (!export)
			cli_out_of_memory();
		pgn_export_init(export, cli_pgn_export_sink, NULL, cli->style.ep, cli->style.castling, false);
		pgn_export_observe(export, cli_pgn_text_issue, &text);
		pgn_reader_init(reader, &pgn_export_visitor, export, &options);
		ok = cli_pgn_feed(in, reader, NULL, NULL);
		errors = text.errors;
		free(export);
	} else if (!cli->json_output) {
		static const struct pgn_visitor visitor = {
			.game_begin = cli_pgn_text_begin,
			.move = cli_pgn_text_move,
			.issue = cli_pgn_text_issue,
		};
		struct cli_pgn_text text = { cli, cli->format[0], false };
		pgn_reader_init(reader, &visitor, &text, &options);
		ok = cli_pgn_feed(in, reader, NULL, NULL);
		errors = text.errors;
	} else {
		struct cli_pgn_json json = { cli, json_pgn_new(&cli->style, cli->san.lang, true), false };
		if (!json.builder)
			cli_out_of_memory();
		json_pgn_set_msg_lang(json.builder, cli->parse.lang);
		pgn_reader_init(reader, &json_pgn_visitor, json.builder, &options);
		ok = cli_pgn_feed(in, reader, cli_pgn_json_print, &json);
		errors = json.errors;
		json_pgn_free(json.builder);
	}
	free(reader);
	if (!ok)
		fprintf(stderr, "fen: %s: %s\n", path, strerror(errno));
	if (in != stdin)
		fclose(in);
	return !ok ? CLI_USAGE : errors ? CLI_INVALID : CLI_OK;
}

static const struct cli_takes cli_pgn_options[] = {
	{ CLI_OPT_FORMAT, "json (the default: one JSON line per game), fen, epd, uci or san\n"
			  "(the mainline after every ply, one a line, an empty line between\n"
			  "games), or pgn (the games again as export-format PGN)" },
	{ CLI_OPT_LANG, NULL }, { CLI_OPT_STRICT_SAN, NULL }, { CLI_OPT_EP, NULL }, { CLI_OPT_CASTLING, NULL },
	{ CLI_OPT_PRETTY, NULL }, { CLI_OPT_HELP, NULL }, { CLI_OPT_NB, NULL },
};

const struct cli_command cli_pgn_command = {
	.name = "pgn",
	.synopsis = "[options] FILE|-",
	.summary = "read PGN games and print them as JSON, or the FEN, EPD,\n"
		   "UCI or SAN of every ply, or clean PGN",
	.description = "Reads PGN as POST /pgn does, in 64 KiB pieces, and prints each game as soon as\n"
		       "it is read. Each error of a game is said on standard error, one a line, as\n"
		       "'fen: game 1, line 1, column 7: illegal_move Ke3: ...'; the games are printed\n"
		       "all the same.",
	.options = cli_pgn_options,
	.invalid = "a game has errors",
	.run = cli_pgn,
};
