/* output.c -- what every `fen` command reads and prints with: usage errors, JSON results
 * and their one-line messages on standard error, FEN arguments ('-': standard input),
 * whole files, and the output file. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/san_detect.h"

/* Prints "fen: <message>" and the hint to --help on stderr; returns CLI_USAGE. */
int cli_usage_error(const char *format, ...)
{
	va_list ap;

	fprintf(stderr, "fen: ");
	va_start(ap, format);
	vfprintf(stderr, format, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'fen --help'.\n");
	return CLI_USAGE;
}

void cli_out_of_memory(void)
{
	fprintf(stderr, "fen: out of memory\n");
	exit(CLI_FAILURE);
}

/* Prints a JSON tree on one line (or indented) and frees it; NULL is out of memory. */
int cli_print(const struct fen_cli *cli, cJSON *json)
{
	char *text = json && json_print_prepare(json) ? (cli->pretty ? cJSON_Print(json) : cJSON_PrintUnformatted(json))
						      : NULL;

	cJSON_Delete(json);
	if (!text)
		cli_out_of_memory();
	puts(text);
	cJSON_free(text);
	return CLI_OK;
}

static const char *cli_string(const cJSON *object, const char *name)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);

	return cJSON_IsString(item) ? item->valuestring : NULL;
}

/* Says on stderr in one line what an error result holds: its code and detail, or the
 * first error of an invalid FEN's validation; prefix (or NULL) comes first. */
void cli_complain_json(const cJSON *result, const char *prefix)
{
	const char *code = cli_string(result, "code"), *detail = cli_string(result, "detail");
	const cJSON *errors = cJSON_GetObjectItemCaseSensitive(result, "errors");
	const cJSON *first = cJSON_IsArray(errors) ? cJSON_GetArrayItem(errors, 0) : NULL;

	const cJSON *line = cJSON_GetObjectItemCaseSensitive(result, "line");
	const cJSON *column = cJSON_GetObjectItemCaseSensitive(result, "column");

	if (!detail && first)
		detail = cli_string(first, "message");
	if (!code && cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(result, "valid")))
		code = "invalid_fen";
	fprintf(stderr, "fen: %s", prefix ? prefix : "");
	/* a place in a game's text, as line 3, column 7 */
	if (!prefix && cJSON_IsNumber(line) && cJSON_IsNumber(column))
		fprintf(stderr, "line %d, column %d: ", line->valueint, column->valueint);
	else if (!prefix && cJSON_IsRaw(line) && cJSON_IsRaw(column))
		fprintf(stderr, "line %s, column %s: ", line->valuestring, column->valuestring);
	fprintf(stderr, "%s%s%s\n", code ? code : "error", detail ? ": " : "", detail ? detail : "");
}

/* An error result: printed on stdout when the command prints JSON, said on stderr either
 * way; frees it and returns status. */
int cli_fail(const struct fen_cli *cli, cJSON *result, int status)
{
	if (!result)
		cli_out_of_memory();
	cli_complain_json(result, NULL);
	if (cli->json_output)
		cli_print(cli, result);
	else
		cJSON_Delete(result);
	return status;
}

/* Joins the positional arguments with single spaces into a new string (the caller frees
 * it) and stores its length in *length. */
char *cli_join(const struct fen_cli *cli, size_t *length)
{
	size_t size = 1, n = 0;
	char *out;

	for (int i = 0; i < cli->argc; i++)
		size += strlen(cli->argv[i]) + 1;
	if (!(out = malloc(size)))
		cli_out_of_memory();
	for (int i = 0; i < cli->argc; i++) {
		size_t len = strlen(cli->argv[i]);
		if (i > 0)
			out[n++] = ' ';
		memcpy(out + n, cli->argv[i], len);
		n += len;
	}
	out[n] = '\0';
	*length = n;
	return out;
}

/* A FEN argument as a new string the caller frees: arg itself, or for "-" the first line
 * of standard input without its line end. */
char *cli_read_fen(const char *arg, size_t *length)
{
	char *line = NULL;
	size_t capacity = 0;
	ssize_t got;

	if (strcmp(arg, "-")) {
		if (!(line = strdup(arg)))
			cli_out_of_memory();
		*length = strlen(line);
		return line;
	}
	got = getline(&line, &capacity, stdin);
	if (got < 0) {
		free(line);
		if (!(line = strdup("")))
			cli_out_of_memory();
		got = 0;
	}
	while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
		line[--got] = '\0';
	*length = (size_t)got;
	return line;
}

/* Reads all of a file ('-': standard input) into a new NUL-terminated buffer the caller
 * frees; NULL with a message on stderr when it cannot. */
char *cli_slurp(const char *name, size_t *length)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
	size_t capacity = 4096, n = 0, got;
	char *text = NULL, *grown;

	if (!f) {
		fprintf(stderr, "fen: cannot open %s: %s\n", name, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (!(grown = realloc(text, capacity + 1)))
			cli_out_of_memory();
		text = grown;
		got = fread(text + n, 1, capacity - n, f);
		n += got;
		if (n < capacity) {
			if (ferror(f)) {
				fprintf(stderr, "fen: cannot read %s: %s\n", name, strerror(errno));
				free(text);
				text = NULL;
			}
			break;
		}
		capacity *= 2;
	}
	if (f != stdin)
		fclose(f);
	if (text) {
		text[n] = '\0';
		*length = n;
	}
	return text;
}

/* Parses a FEN; on failure says why (cli_fail) and returns false. */
bool cli_position(const struct fen_cli *cli, const char *text, size_t length, struct position *pos)
{
	struct fen_report report;

	if (fen_parse(text, length, &cli->parse, pos, &report) == FEN_VALID)
		return true;
	cli_fail(cli, json_invalid_fen(&report), CLI_INVALID);
	return false;
}

/* Writes length bytes to --output (or standard output); CLI_OK or CLI_FAILURE. */
int cli_write(const struct fen_cli *cli, const void *data, size_t length)
{
	FILE *out = cli->output ? fopen(cli->output, "wb") : stdout;
	bool ok;

	if (!out) {
		fprintf(stderr, "fen: cannot write %s: %s\n", cli->output, strerror(errno));
		return CLI_FAILURE;
	}
	ok = fwrite(data, 1, length, out) == length;
	ok = (cli->output ? fclose(out) : fflush(out)) == 0 && ok;
	if (!ok)
		fprintf(stderr, "fen: cannot write %s: %s\n", cli->output ? cli->output : "standard output",
			strerror(errno));
	return ok ? CLI_OK : CLI_FAILURE;
}

/* Says on stderr in which language the moves were read, when it was detected and is not
 * English. */
void cli_lang_note(san_lang_set langs)
{
	char reading[160];

	fprintf(stderr, "fen: the moves are in %s and were read so; --lang chooses\n",
		san_detect_reading(langs, reading, sizeof reading));
}

/* CLI_OK when --format (if given) is one of formats (NULL-terminated), else the usage
 * error "<command> --format takes <list>, not '<format>'". */
int cli_format_check(const struct fen_cli *cli, const char *const *formats, const char *list)
{
	if (!cli->format_given)
		return CLI_OK;
	for (; *formats; formats++)
		if (!strcmp(*formats, cli->format))
			return CLI_OK;
	return cli_usage_error("%s --format takes %s, not '%s'", cli->command->name, list, cli->format);
}
