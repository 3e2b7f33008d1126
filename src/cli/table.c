/* table.c -- the commands of `fen` in one table, the general help and each command's help
 * drawn from it, and the dispatch from the command line to a command. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

const struct cli_command *const cli_commands[] = {
	&cli_validate_command, &cli_moves_command, &cli_apply_command, &cli_perft_command,
	&cli_pgn_command,      &cli_convert_command, &cli_render_command, NULL,
};

/* Prints text from column indent (where the cursor is), its words wrapped before column
 * 80 onto lines indented as much; a '\n' in text is a space. */
static void cli_help_lines(FILE *out, const char *text, int indent)
{
	int column = indent;

	while (*text) {
		size_t n;
		while (*text == ' ' || *text == '\n')
			text++;
		if (!(n = strcspn(text, " \n")))
			break;
		if (column > indent && column + 1 + (int)n > 79) {
			fprintf(out, "\n%*s", indent, "");
			column = indent;
		} else if (column > indent) {
			fputc(' ', out);
			column++;
		}
		fwrite(text, 1, n, out);
		column += (int)n;
		text += n;
	}
}

/* `fen --help`: every command and what it does. */
static void cli_general_help(FILE *out)
{
	fputs("usage: fen <command> [options] ...\n"
	      "       fen <command> --help | fen help <command>\n"
	      "       fen --help | --version\n"
	      "\n"
	      "commands:\n",
	      out);
	for (int i = 0; cli_commands[i]; i++) {
		const struct cli_command *c = cli_commands[i];
		const char *args = c->synopsis, *end = args + strcspn(args, "\n");
		int n;
		/* the first usage line's arguments, without its [options] */
		if (!strncmp(args, "[options] ", 10))
			args += 10;
		n = fprintf(out, "  %s %.*s", c->name, (int)(end - args), args);
		fprintf(out, "%*s", n < 24 ? 24 - n : 1, "");
		cli_help_lines(out, c->summary, 24);
		fputc('\n', out);
	}
	fputs("\n"
	      "'fen <command> --help' lists the options a command takes; each command takes\n"
	      "only those. '-' for a FEN or a file reads standard input.\n"
	      "\n"
	      "options:\n"
	      "  --help              this text (after a command: that command's help)\n"
	      "  --version           the version\n"
	      "\n"
	      "Results go to standard output, errors to standard error. Exit status: 0 valid\n"
	      "or done, 1 invalid FEN, illegal move or invalid game, 2 usage error (or an\n"
	      "input file that cannot be read), 3 output that cannot be written.\n",
	      out);
}

/* `fen NAME --help`: the command's usage, options and exit status. */
static void cli_command_help(const struct cli_command *c)
{
	const char *line = c->synopsis;

	for (bool first = true; *line; first = false) {
		size_t n = strcspn(line, "\n");
		printf("%s fen %s %.*s\n", first ? "usage:" : "      ", c->name, (int)n, line);
		line += n + (line[n] == '\n');
	}
	printf("\n%s\n\noptions:\n", c->description);
	for (const struct cli_takes *t = c->options; t->opt != CLI_OPT_NB; t++) {
		const struct cli_option *o = &cli_options[t->opt];
		int n = printf("  --%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
		if (n < 22)
			printf("%*s", 22 - n, "");
		else
			printf("\n%22s", "");
		cli_help_lines(stdout, t->help ? t->help : o->help, 22);
		putchar('\n');
	}
	printf("\nexit status:\n"
	       "  0  done\n"
	       "  1  %s\n"
	       "  2  usage error: an option %s does not take, a bad value, a missing\n"
	       "     argument, or an input file that cannot be read\n"
	       "  3  the output cannot be written, or out of memory\n",
	       c->invalid, c->name);
}

int cli_main(int argc, char **argv)
{
	struct fen_cli cli = { 0 };
	int status;

	/* `fen help COMMAND` is `fen COMMAND --help` */
	if (argc == 3 && !strcmp(argv[1], "help")) {
		for (int i = 0; cli_commands[i]; i++)
			if (!strcmp(argv[2], cli_commands[i]->name)) {
				cli_command_help(cli_commands[i]);
				return CLI_OK;
			}
		return cli_usage_error("unknown command '%s'", argv[2]);
	}
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		cli_general_help(argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_USAGE : CLI_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("fen (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return CLI_OK;
	}
	for (int i = 0; cli_commands[i]; i++) {
		if (strcmp(argv[1], cli_commands[i]->name))
			continue;
		cli.command = cli_commands[i];
		if (!(cli.argv = calloc((size_t)argc, sizeof(char *))))
			cli_out_of_memory();
		status = cli_parse(&cli, argc - 2, argv + 2);
		if (status == CLI_OK && cli.help)
			cli_command_help(cli.command);
		else if (status == CLI_OK)
			status = cli.command->run(&cli);
		free(cli.argv);
		/* what went to standard output must have been written (cli_write says it itself) */
		if (status != CLI_FAILURE && (fflush(stdout) != 0 || ferror(stdout))) {
			fprintf(stderr, "fen: cannot write standard output: %s\n", strerror(errno));
			return CLI_FAILURE;
		}
		return status;
	}
	return cli_usage_error("unknown command '%s'", argv[1]);
}
