/* fen.c -- the `fen` command-line tool: validate, list moves, apply moves, convert typed
 * games and run perft on FEN positions, printing the same JSON the HTTP API answers with. Wiring only: the
 * chess is in src/core and the JSON shapes are in src/json. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/pgn.h"
#include "core/pgn_export.h"
#include "core/san.h"
#include "core/render.h"
#include "core/render_game.h"
#include "core/render_options.h"
#include "core/render_svg.h"
#include "core/uci.h"
#include "image/image.h"
#include "json/json.h"

enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

/* The options every command shares, and the positional arguments left over. */
struct fen_cli {
	struct fen_options parse;
	struct json_fen_style style;
	enum json_notation notation;
	struct san_parse_options san;
	bool lang_given;              /* --lang: else SAN's language is detected from its letters */
	bool pretty;
	bool divide;
	bool ndjson;
	bool help;
	bool format_given;            /* --format was given (render and pgn differ in default) */
	/* convert */
	enum json_convert_from from;
	enum san_lang output_lang;      /* --san-lang: the letters of every move's "san" */
	const char *start_fen;          /* NULL: the standard start */
	bool strict_ambiguity;
	bool pgn_only;
	int tag_count;
	struct pgn_tag tags[32];
	int argc;
	char **argv;
	/* render */
	struct render_options render;
	const char *format;
	const char *output;
	const char *moves;
	const char *game;               /* render --game FILE: the first game of a PGN file */
	long delay, final_delay;
};

static const char fen_cli_usage[] =
	"usage: fen <command> [options] ...\n"
	"\n"
	"commands:\n"
	"  validate FEN        is the FEN well formed and the position legal? (FEN may be one\n"
	"                      quoted argument or its six fields as separate arguments; '-'\n"
	"                      reads one FEN per line from standard input)\n"
	"  moves FEN           the legal moves, with their flags\n"
	"  apply FEN MOVE...   play moves from the position: UCI (e2e4, e7e8q, e1g1) or SAN\n"
	"                      (Nf3, exd5, O-O, e8=Q), the way --notation says\n"
	"  perft FEN DEPTH     count the leaf nodes of the move tree (--divide: per first move)\n"
	"  pgn FILE|-          read PGN games (a file, or standard input) and print one JSON line\n"
	"                      per game, or with --format fen|epd|uci|san the mainline's FEN, EPD,\n"
	"                      UCI or SAN after every ply, one a line, an empty line between games,\n"
	"                      or with --format pgn the games again as clean export-format PGN\n"
	"                      (as POST /pgn with Accept: application/x-chess-pgn)\n"
	"  convert FILE|-      a whole game as typed (descriptive notation, SAN or UCI, with\n"
	"                      move numbers, commas, {comments}, NAGs and glyphs, (variations),\n"
	"                      a closing remark) to PGN, as POST /convert\n"
	"  render FEN          draw the board: --format svg (the default), png, gif, json, ascii\n"
	"                      or unicode, on standard output or --output FILE; with --moves\n"
	"                      e2e4,e7e5,... and --format gif, the game as an animated GIF\n"
	"  render --game FILE|- the first game of a PGN file as an animated GIF, from its own\n"
	"                      start, each ply's [%cal]/[%csl] arrows and circles drawn\n"
	"\n"
	"options:\n"
	"  --lenient           accept missing fields, extra spaces or '_' separators, and repair\n"
	"                      what can be repaired (each repair is reported as a warning)\n"
	"  --chess960          Chess960: castling with any rook, Shredder-FEN and X-FEN rights\n"
	"  --infer-castling    lenient: when the castling field is missing, infer it from kings\n"
	"                      and rooks on their starting squares instead of assuming '-'\n"
	"  --ep STYLE          en-passant square written as fen (after every double push; the\n"
	"                      default), xfen (when a pawn could capture) or legal (when a\n"
	"                      capture is legal)\n"
	"  --castling STYLE    castling rights written as standard (KQkq, X-FEN) or shredder (HAha)\n"
	"  --notation NAME     apply: auto (the default: e2e4-shaped moves are UCI, others\n"
	"                      SAN), uci, san or descriptive\n"
	"  --lang LANG         SAN piece letters in and out: en, it, es, fr, de, nl, ru or\n"
	"                      figurine; without it, SAN is read in the language its letters\n"
	"                      show (said as lang_detected when not English) and written in\n"
	"                      English\n"
	"  --strict-san        apply, pgn: refuse SAN that is not standard (0-0, Nxf3 on no capture,\n"
	"                      a missing '+', ...) instead of warning about it\n"
	"  --ndjson            validate -: each line is JSON, a string (the FEN) or an object\n"
	"                      like the POST /validate body; prints the records of bulk\n"
	"                      POST /validate (with \"line\"; an unreadable line gets an\n"
	"                      \"error\" record)\n"
	"  --divide            perft: print each first move's count before the total\n"
	"  --format FORMAT     pgn: json (the default), fen, epd, uci, san or pgn\n"
	"  --from NOTATION     convert: descriptive (the default; --lang en or es, else\n"
	"                      English, or Spanish when only Spanish reads it), san or uci\n"
	"  --fen FEN           convert: the starting position (default: the standard start)\n"
	"  --tag NAME=VALUE    convert: a PGN tag (repeatable)\n"
	"  --san-lang LANG     convert: the piece letters of every move's \"san\" (as --lang;\n"
	"                      the PGN stays standard English SAN)\n"
	"  --strict-ambiguity  convert: a descriptive token that stays ambiguous is an error\n"
	"  --pgn               convert: print the PGN alone instead of the JSON\n"
	"  --pretty            indent the JSON output\n"
	"  render: --orientation white|black|auto, --coordinates 0|1, --check 0|1, --size PX,\n"
	"          --theme brown|blue|green|contrast, --last-move e2e4, --arrows Ge2e4,Rg1f3,\n"
	"          --circles Re4, --squares e4:#ff000080, --moves M,M,..., --delay MS,\n"
	"          --final-delay MS, --game FILE, --output FILE (as the options of GET /render)\n"
	"  --help              this text;  --version  the version\n"
	"\n"
	"JSON goes to standard output. Exit status: 0 valid or done, 1 invalid FEN or illegal\n"
	"move, 2 usage error.\n";

/* Prints "fen: <message>" and the hint to --help on stderr. */
static void fen_cli_complain(const char *format, va_list ap)
{
	fprintf(stderr, "fen: ");
	vfprintf(stderr, format, ap);
	fprintf(stderr, "\nTry 'fen --help'.\n");
}

/* Says what is wrong with the command line; returns the usage exit status. */
__attribute__((format(printf, 1, 2))) static int fen_cli_usage_error(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	fen_cli_complain(format, ap);
	va_end(ap);
	return EXIT_USAGE;
}

/* The same for an option's value: returns -1 (fen_cli_parse then exits with usage). */
__attribute__((format(printf, 1, 2))) static int fen_cli_option_error(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	fen_cli_complain(format, ap);
	va_end(ap);
	return -1;
}

/* A render option, "--name value" or "--name=value" (dashes for underscores). Returns
 * how many extra arguments it took (0 or 1), or -1 after printing the usage error. */
static int fen_cli_render_option(struct fen_cli *cli, const char *arg, const char *next)
{
	char name[32];
	const char *eq = strchr(arg, '='), *value = eq ? eq + 1 : next;
	size_t len = eq ? (size_t)(eq - arg) - 2 : strlen(arg) - 2;
	struct render_error err;
	int rc;

	if (len >= sizeof name)
		return fen_cli_option_error("unknown option '%s'", arg);
	for (size_t k = 0; k < len; k++)
		name[k] = arg[2 + k] == '-' ? '_' : arg[2 + k];
	name[len] = '\0';
	if (strcmp(name, "format") && strcmp(name, "output") && strcmp(name, "moves") && strcmp(name, "delay") &&
	    strcmp(name, "final_delay") && strcmp(name, "game")) {
		struct render_options probe = cli->render;
		if (render_option_set(&probe, name, "", &err) == 1)
			return fen_cli_option_error("unknown option '%s'", arg);
	}
	if (!value)
		return fen_cli_option_error("%s needs a value", arg);
	if (!strcmp(name, "format")) {
		/* render's formats, then pgn's; each command refuses the other's. */
		static const char *const formats[] = { "svg", "png", "gif", "json", "ascii", "unicode",
						       "fen", "epd", "uci", "san", "pgn" };
		size_t f = 0;
		while (f < sizeof formats / sizeof formats[0] && strcmp(formats[f], value))
			f++;
		if (f == sizeof formats / sizeof formats[0])
			return fen_cli_option_error("--format takes svg, png, gif, json, ascii or unicode (render), or "
						    "json, fen, epd, uci, san or pgn (pgn), not '%s'", value);
		cli->format = formats[f];
		cli->format_given = true;
	} else if (!strcmp(name, "output")) {
		cli->output = value;
	} else if (!strcmp(name, "moves")) {
		cli->moves = value;
	} else if (!strcmp(name, "game")) {
		cli->game = value;
	} else if (!strcmp(name, "delay") || !strcmp(name, "final_delay")) {
		if (render_parse_number(value, 0, 60000, name[0] == 'd' ? &cli->delay : &cli->final_delay, &err))
			return fen_cli_option_error("--%s (milliseconds) %s", arg + 2, err.message);
	} else if ((rc = render_option_set(&cli->render, name, value, &err)) != 0) {
		return fen_cli_option_error("%.*s: %s", (int)(eq ? (size_t)(eq - arg) : strlen(arg)), arg, err.message);
	}
	return eq ? 0 : 1;
}

/* Reads options out of argv; every argument not starting with "--" (and everything after
 * a lone "--") is positional, so FEN fields such as "-" or "-1" are never options. */
static int fen_cli_parse(struct fen_cli *cli, int argc, char **argv)
{
	bool options_done = false;

	cli->parse = (struct fen_options){ FEN_STRICT, false, false };
	cli->style = JSON_FEN_STYLE_DEFAULT;
	cli->argc = 0;
	render_options_default(&cli->render);
	cli->format = "svg";
	cli->delay = 1000;
	cli->final_delay = 3000;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		if (options_done || strncmp(arg, "--", 2) != 0) {
			if (!strcmp(arg, "-h"))
				cli->help = true;
			else
				cli->argv[cli->argc++] = argv[i];
			continue;
		}
		if (!strcmp(arg, "--")) {
			options_done = true;
		} else if (!strcmp(arg, "--lenient")) {
			cli->parse.mode = FEN_LENIENT;
		} else if (!strcmp(arg, "--strict")) {
			cli->parse.mode = FEN_STRICT;
		} else if (!strcmp(arg, "--chess960")) {
			cli->parse.chess960 = true;
		} else if (!strcmp(arg, "--infer-castling")) {
			cli->parse.infer_castling = true;
		} else if (!strcmp(arg, "--pretty")) {
			cli->pretty = true;
		} else if (!strcmp(arg, "--ndjson")) {
			cli->ndjson = true;
		} else if (!strcmp(arg, "--divide")) {
			cli->divide = true;
		} else if (!strcmp(arg, "--help")) {
			cli->help = true;
		} else if (!strcmp(arg, "--strict-san")) {
			cli->san.strict = true;
		} else if (!strcmp(arg, "--strict-ambiguity")) {
			cli->strict_ambiguity = true;
		} else if (!strcmp(arg, "--pgn")) {
			cli->pgn_only = true;
		} else if (!strcmp(arg, "--from") || !strncmp(arg, "--from=", 7)) {
			const char *value = arg[6] == '=' ? arg + 7 : (i + 1 < argc ? argv[++i] : "");
			if (!strcmp(value, "descriptive"))
				cli->from = JSON_CONVERT_DESCRIPTIVE;
			else if (!strcmp(value, "san"))
				cli->from = JSON_CONVERT_SAN;
			else if (!strcmp(value, "uci"))
				cli->from = JSON_CONVERT_UCI;
			else
				return fen_cli_usage_error("--from takes descriptive, san or uci, not '%s'", value);
		} else if (!strcmp(arg, "--fen") || !strncmp(arg, "--fen=", 6)) {
			if (arg[5] != '=' && i + 1 >= argc)
				return fen_cli_usage_error("%s", "--fen needs a FEN");
			cli->start_fen = arg[5] == '=' ? arg + 6 : argv[++i];
		} else if (!strcmp(arg, "--tag") || !strncmp(arg, "--tag=", 6)) {
			const char *value = arg[5] == '=' ? arg + 6 : (i + 1 < argc ? argv[++i] : "");
			char *eq = strchr(value, '=');
			if (!eq || eq == value)
				return fen_cli_usage_error("--tag takes NAME=VALUE, not '%s'", value);
			if (cli->tag_count == (int)(sizeof cli->tags / sizeof cli->tags[0]))
				return fen_cli_usage_error("%s", "at most 32 --tag options");
			*eq = '\0'; /* argv is ours to cut: the name ends at '=' */
			cli->tags[cli->tag_count++] = (struct pgn_tag){ value, eq + 1 };
		} else if (!strcmp(arg, "--notation") || !strncmp(arg, "--notation=", 11)) {
			const char *value = arg[10] == '=' ? arg + 11 : (i + 1 < argc ? argv[++i] : "");
			if (json_parse_notation(value, &cli->notation))
				return fen_cli_usage_error("--notation takes auto, uci, san or descriptive, not '%s'", value);
		} else if (!strcmp(arg, "--lang") || !strncmp(arg, "--lang=", 7)) {
			const char *value = arg[6] == '=' ? arg + 7 : (i + 1 < argc ? argv[++i] : "");
			if (json_parse_lang(value, &cli->san.lang))
				return fen_cli_usage_error("--lang takes en, it, es, fr, de, nl, ru or figurine, not '%s'", value);
			cli->lang_given = true;
		} else if (!strcmp(arg, "--san-lang") || !strncmp(arg, "--san-lang=", 11)) {
			const char *value = arg[10] == '=' ? arg + 11 : (i + 1 < argc ? argv[++i] : "");
			if (json_parse_lang(value, &cli->output_lang))
				return fen_cli_usage_error("--san-lang takes en, it, es, fr, de, nl, ru or figurine, not '%s'",
							   value);
		} else if (!strcmp(arg, "--ep") || !strncmp(arg, "--ep=", 5)) {
			const char *value = arg[4] == '=' ? arg + 5 : (i + 1 < argc ? argv[++i] : "");
			if (json_parse_ep_style(value, &cli->style.ep))
				return fen_cli_usage_error("--ep takes fen, xfen or legal, not '%s'", value);
		} else if (!strcmp(arg, "--castling") || !strncmp(arg, "--castling=", 11)) {
			const char *value = arg[10] == '=' ? arg + 11 : (i + 1 < argc ? argv[++i] : "");
			if (json_parse_castling_style(value, &cli->style.castling))
				return fen_cli_usage_error("--castling takes standard or shredder, not '%s'", value);
		} else {
			int used = fen_cli_render_option(cli, arg, i + 1 < argc ? argv[i + 1] : NULL);
			if (used < 0)
				return EXIT_USAGE;
			i += used;
		}
	}
	return EXIT_OK;
}

/* Prints a JSON tree on one line (or indented) and frees it. */
static int fen_cli_print(const struct fen_cli *cli, cJSON *json)
{
	char *text = json && json_print_prepare(json) ? (cli->pretty ? cJSON_Print(json) : cJSON_PrintUnformatted(json))
						      : NULL;

	cJSON_Delete(json);
	if (!text) {
		fprintf(stderr, "fen: out of memory\n");
		exit(EXIT_FAILURE);
	}
	puts(text);
	cJSON_free(text);
	return EXIT_OK;
}

/* Joins the positional arguments with single spaces into a new string (the caller frees
 * it) and stores its length in *length; NULL when out of memory. */
static char *fen_cli_join(const struct fen_cli *cli, size_t *length)
{
	size_t size = 1, n = 0;
	char *out;

	for (int i = 0; i < cli->argc; i++)
		size += strlen(cli->argv[i]) + 1;
	out = malloc(size);
	if (!out)
		return NULL;
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

/* Validates one FEN and prints the result; returns the exit status it deserves. */
static int fen_cli_validate_one(const struct fen_cli *cli, const char *text, size_t length)
{
	bool valid;

	fen_cli_print(cli, json_validate_text(text, length, &cli->parse, &cli->style, &valid));
	return valid ? EXIT_OK : EXIT_INVALID;
}

/* One line of --ndjson input, as bulk POST /validate reads it: blank lines are skipped;
 * returns the exit status it deserves. */
static int fen_cli_validate_ndjson(const struct fen_cli *cli, const char *line, size_t length, unsigned long number)
{
	bool valid = false;

	if (strspn(line, " \t") == length)
		return EXIT_OK;
	if (length > JSON_LINE_MAX)
		fen_cli_print(cli, json_line_too_long(number, JSON_LINE_MAX));
	else
		fen_cli_print(cli, json_validate_line(line, length, number, &cli->parse, &cli->style, &valid));
	return valid ? EXIT_OK : EXIT_INVALID;
}

static int fen_cli_validate(const struct fen_cli *cli)
{
	int status = EXIT_OK;
	size_t length;
	char *text;

	if (cli->argc < 1)
		return fen_cli_usage_error("%s", "validate needs a FEN");
	if (cli->ndjson && (cli->argc != 1 || strcmp(cli->argv[0], "-")))
		return fen_cli_usage_error("%s", "--ndjson reads standard input: validate --ndjson -");
	if (cli->argc == 1 && !strcmp(cli->argv[0], "-")) {
		char *line = NULL;
		size_t capacity = 0;
		unsigned long number = 0;
		ssize_t got;
		while ((got = getline(&line, &capacity, stdin)) >= 0) {
			number++;
			while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
				line[--got] = '\0';
			if ((cli->ndjson ? fen_cli_validate_ndjson(cli, line, (size_t)got, number)
					 : fen_cli_validate_one(cli, line, (size_t)got)) != EXIT_OK)
				status = EXIT_INVALID;
		}
		free(line);
		return status;
	}
	if (!(text = fen_cli_join(cli, &length)))
		return fen_cli_print(cli, NULL);
	status = fen_cli_validate_one(cli, text, length);
	free(text);
	return status;
}

/* Parses the FEN for moves/apply/perft; on failure prints why and returns false. */
static bool fen_cli_position(const struct fen_cli *cli, const char *text, size_t length, struct position *pos)
{
	struct fen_report report;

	if (fen_parse(text, length, &cli->parse, pos, &report) == FEN_VALID)
		return true;
	fen_cli_print(cli, json_invalid_fen(&report));
	return false;
}

static int fen_cli_moves(const struct fen_cli *cli)
{
	struct position pos;
	size_t length;
	char *text;
	bool ok;

	if (cli->argc < 1)
		return fen_cli_usage_error("%s", "moves needs a FEN");
	if (!(text = fen_cli_join(cli, &length)))
		return fen_cli_print(cli, NULL);
	ok = fen_cli_position(cli, text, length, &pos);
	free(text);
	if (!ok)
		return EXIT_INVALID;
	return fen_cli_print(cli, json_moves(&pos, cli->san.lang, &cli->style));
}

static int fen_cli_apply(const struct fen_cli *cli)
{
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	enum json_apply_outcome outcome;
	struct position pos;
	cJSON *result;

	if (cli->argc < 2)
		return fen_cli_usage_error("%s", "apply needs a FEN (one quoted argument) and at least one move");
	if (!fen_cli_position(cli, cli->argv[0], strlen(cli->argv[0]), &pos))
		return EXIT_INVALID;
	options.notation = cli->notation;
	options.san = cli->san;
	options.detect_lang = !cli->lang_given;
	options.list_plies = cli->argc > 2;
	result = json_apply_moves(&pos, (const char *const *)cli->argv + 1, cli->argc - 1, &options, &cli->style,
				  &outcome);
	/* A problem is printed as its members, with the HTTP API's code (illegal_move, ...). */
	if (result && outcome == JSON_APPLY_UNSUPPORTED && !cJSON_GetObjectItemCaseSensitive(result, "code"))
		cJSON_AddStringToObject(result, "code", "invalid_field");
	fen_cli_print(cli, result);
	return outcome == JSON_APPLY_OK ? EXIT_OK : outcome == JSON_APPLY_UNSUPPORTED ? EXIT_USAGE : EXIT_INVALID;
}

/* Reads all of a file ('-': standard input) into a new NUL-terminated buffer the caller
 * frees; NULL with a message on stderr when it cannot. */
static char *fen_cli_slurp(const char *name, size_t *length)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
	size_t capacity = 4096, n = 0, got;
	char *text = NULL, *grown;

	if (!f) {
		fprintf(stderr, "fen: cannot open %s: %s\n", name, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (!(grown = realloc(text, capacity + 1))) {
			fprintf(stderr, "fen: out of memory\n");
			free(text);
			text = NULL;
			break;
		}
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

static int fen_cli_convert(const struct fen_cli *cli)
{
	struct json_convert_request creq = { 0 };
	enum json_convert_failure failure;
	struct descriptive_game *game;
	struct position pos;
	const char *start = cli->start_fen ? cli->start_fen : POSITION_START_FEN;
	char *text;
	cJSON *result;

	if (cli->argc != 1)
		return fen_cli_usage_error("%s", "convert needs one FILE, or '-' for standard input");
	if (cli->from == JSON_CONVERT_DESCRIPTIVE && cli->san.lang != SAN_LANG_EN && cli->san.lang != SAN_LANG_ES)
		return fen_cli_usage_error("%s", "descriptive notation is read with --lang en or es");
	if (!fen_cli_position(cli, start, strlen(start), &pos))
		return EXIT_INVALID;
	if (!(text = fen_cli_slurp(cli->argv[0], &creq.length)))
		return EXIT_USAGE;
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
	/* The reader's working memory is large (a game's worth of search state). */
	if (!(game = malloc(sizeof *game))) {
		free(text);
		return fen_cli_print(cli, NULL);
	}
	result = json_convert(&pos, &creq, game, &failure);
	free(game);
	free(text);
	if (failure == JSON_CONVERT_BAD_TAGS)
		return fen_cli_usage_error("%s", "a --tag name may hold only letters, digits and '_'");
	if (failure == JSON_CONVERT_OK && cli->pgn_only && result) {
		fputs(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring, stdout);
		cJSON_Delete(result);
		return EXIT_OK;
	}
	fen_cli_print(cli, result);
	return failure == JSON_CONVERT_OK ? EXIT_OK : EXIT_INVALID;
}

static int fen_cli_perft(const struct fen_cli *cli)
{
	struct position pos;
	char *end;
	long depth;

	if (cli->argc != 2)
		return fen_cli_usage_error("%s", "perft needs a FEN (one quoted argument) and a depth");
	errno = 0;
	depth = strtol(cli->argv[1], &end, 10);
	if (errno || *end || end == cli->argv[1] || depth < 0 || depth > 20)
		return fen_cli_usage_error("perft depth must be a number from 0 to 20, not '%s'", cli->argv[1]);
	if (!fen_cli_position(cli, cli->argv[0], strlen(cli->argv[0]), &pos))
		return EXIT_INVALID;
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
		return EXIT_OK;
	}
	printf("%" PRIu64 "\n", perft_count(&pos, (int)depth));
	return EXIT_OK;
}

/* `fen pgn --format fen|epd|uci|san`: the mainline's plies as text, one a line. */
struct fen_cli_pgn_text {
	const struct fen_cli *cli;
	char kind;                 /* 'f' fen, 'e' epd, 'u' uci, 's' san ('p' pgn: only its issues) */
	bool errors;
};

static void fen_cli_pgn_text_move(void *ctx, const struct pgn_move *mv)
{
	struct fen_cli_pgn_text *t = ctx;
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

static void fen_cli_pgn_text_issue(void *ctx, const struct pgn_issue *issue)
{
	struct fen_cli_pgn_text *t = ctx;

	if (pgn_code_is_warning(issue->code))
		return;
	t->errors = true;
	fprintf(stderr, "fen: game %d, line %u, column %u: %s%s%s: %s\n", issue->game + 1, issue->line, issue->column,
		pgn_code_name(issue->code), issue->token ? " " : "", issue->token ? issue->token : "", issue->message);
}

static void fen_cli_pgn_text_begin(void *ctx, int game)
{
	(void)ctx;
	if (game > 0)
		fputc('\n', stdout);
}

/* `fen pgn --format pgn`: the exported games go to standard output. */
static int fen_cli_pgn_export_sink(void *context, const char *text, size_t length)
{
	(void)context;
	return fwrite(text, 1, length, stdout) == length ? 0 : -1;
}

/* Feeds a stream to a reader in pieces; on_pause runs whenever the reader pauses (after
 * a game). Returns false on a read error. */
static bool fen_cli_pgn_feed(FILE *in, struct pgn_reader *reader, void (*on_pause)(void *), void *ctx)
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
struct fen_cli_pgn_json {
	const struct fen_cli *cli;
	struct json_pgn *builder;
	bool errors;
};

static void fen_cli_pgn_json_print(void *ctx)
{
	struct fen_cli_pgn_json *j = ctx;
	struct json_pgn_summary summary;
	bool oom;
	cJSON *game = json_pgn_take(j->builder, &summary, &oom);

	if (oom)
		fen_cli_print(j->cli, NULL);
	if (!game)
		return;
	if (summary.errors)
		j->errors = true;
	fen_cli_print(j->cli, game);
}

static int fen_cli_pgn(const struct fen_cli *cli)
{
	struct pgn_options options = { { cli->san.lang, cli->san.strict }, !cli->lang_given };
	struct pgn_reader *reader;
	const char *path;
	FILE *in;
	bool ok, errors;

	if (cli->argc != 1)
		return fen_cli_usage_error("%s", "pgn needs one FILE, or '-' for standard input");
	if (cli->format_given && strcmp(cli->format, "json") && strcmp(cli->format, "fen") &&
	    strcmp(cli->format, "epd") && strcmp(cli->format, "uci") && strcmp(cli->format, "san") &&
	    strcmp(cli->format, "pgn"))
		return fen_cli_usage_error("pgn --format takes json, fen, epd, uci, san or pgn, not '%s'", cli->format);
	path = cli->argv[0];
	in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!in) {
		fprintf(stderr, "fen: %s: %s\n", path, strerror(errno));
		return EXIT_USAGE;
	}
	reader = malloc(sizeof *reader);
	if (!reader) {
		fprintf(stderr, "fen: out of memory\n");
		exit(EXIT_FAILURE);
	}
	if (cli->format_given && !strcmp(cli->format, "pgn")) {
		struct fen_cli_pgn_text text = { cli, 'p', false };
		struct pgn_export *export = malloc(sizeof *export);
		if (!export) {
			fprintf(stderr, "fen: out of memory\n");
			exit(EXIT_FAILURE);
		}
		pgn_export_init(export, fen_cli_pgn_export_sink, NULL, cli->style.ep, cli->style.castling, false);
		pgn_export_observe(export, fen_cli_pgn_text_issue, &text);
		pgn_reader_init(reader, &pgn_export_visitor, export, &options);
		ok = fen_cli_pgn_feed(in, reader, NULL, NULL);
		errors = text.errors;
		free(export);
	} else if (cli->format_given && strcmp(cli->format, "json")) {
		static const struct pgn_visitor visitor = {
			.game_begin = fen_cli_pgn_text_begin,
			.move = fen_cli_pgn_text_move,
			.issue = fen_cli_pgn_text_issue,
		};
		struct fen_cli_pgn_text text = { cli, cli->format[0], false };
		pgn_reader_init(reader, &visitor, &text, &options);
		ok = fen_cli_pgn_feed(in, reader, NULL, NULL);
		errors = text.errors;
	} else {
		struct fen_cli_pgn_json json = { cli, json_pgn_new(&cli->style, cli->san.lang, true), false };
		if (!json.builder) {
			fprintf(stderr, "fen: out of memory\n");
			exit(EXIT_FAILURE);
		}
		pgn_reader_init(reader, &json_pgn_visitor, json.builder, &options);
		ok = fen_cli_pgn_feed(in, reader, fen_cli_pgn_json_print, &json);
		errors = json.errors;
		json_pgn_free(json.builder);
	}
	free(reader);
	if (!ok)
		fprintf(stderr, "fen: %s: %s\n", path, strerror(errno));
	if (in != stdin)
		fclose(in);
	if (fflush(stdout) != 0)
		return EXIT_FAILURE;
	return !ok ? EXIT_USAGE : errors ? EXIT_INVALID : EXIT_OK;
}

/* Writes length bytes to --output (or standard output); EXIT_OK or EXIT_FAILURE. */
static int fen_cli_write(const struct fen_cli *cli, const void *data, size_t length)
{
	FILE *out = cli->output ? fopen(cli->output, "wb") : stdout;
	bool ok;

	if (!out) {
		fprintf(stderr, "fen: cannot write %s: %s\n", cli->output, strerror(errno));
		return EXIT_FAILURE;
	}
	ok = fwrite(data, 1, length, out) == length;
	ok = (cli->output ? fclose(out) : fflush(out)) == 0 && ok;
	if (!ok)
		fprintf(stderr, "fen: cannot write %s: %s\n", cli->output ? cli->output : "standard output",
			strerror(errno));
	return ok ? EXIT_OK : EXIT_FAILURE;
}

/* The moves of --moves, as san_detect_list reads them: offsets[i] and offsets[i + 1]
 * hold token i's start and end in text. */
struct fen_cli_tokens {
	const char *text;
	const size_t *offsets;
};

static const char *fen_cli_token(void *ctx, int i, size_t *length, bool *uci)
{
	const struct fen_cli_tokens *t = ctx;
	const char *p = t->text + t->offsets[2 * i];

	*length = t->offsets[2 * i + 1] - t->offsets[2 * i];
	*uci = (*length == 4 || *length == 5) && p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8' && p[2] >= 'a' &&
	       p[2] <= 'h' && p[3] >= '1' && p[3] <= '8';
	return p;
}

/* Says on stderr in which language the moves were read, when it was detected and is not
 * English. */
static void fen_cli_lang_note(san_lang_set langs)
{
	char reading[160];

	fprintf(stderr, "fen: the moves are in %s and were read so; --lang chooses\n",
		san_detect_reading(langs, reading, sizeof reading));
}

/* The game of --moves from pos as an animated GIF. */
static int fen_cli_render_game(const struct fen_cli *cli, const struct position *start)
{
	struct position pos = *start;
	size_t tokens = strlen(cli->moves) / 2 + 1;
	move *moves = malloc(sizeof *moves * tokens);
	size_t *offsets = malloc(sizeof *offsets * 2 * tokens);
	struct fen_cli_tokens list = { cli->moves, offsets };
	struct san_detect_result d = { .lang = cli->san.lang };
	unsigned char *gif = NULL;
	size_t length, count = 0;
	const char *p = cli->moves;
	int status;

	if (!moves || !offsets) {
		free(moves);
		free(offsets);
		return fen_cli_print(cli, NULL);
	}
	while (*p) {
		size_t n;
		while (*p == ',' || *p == ' ')
			p++;
		if (!(n = strcspn(p, ", ")))
			break;
		offsets[2 * count] = (size_t)(p - cli->moves);
		offsets[2 * count + 1] = (size_t)(p - cli->moves) + n;
		count++;
		p += n;
	}
	/* no --lang: the moves' letters say which */
	if (!cli->lang_given) {
		struct san_detect_list detect = { start, (int)count, fen_cli_token, &list, false, -1, NULL };
		if (san_detect_list(&detect, &d) == SAN_DETECT_AMBIGUOUS) {
			const char *text = fen_cli_token(&list, d.ply, &length, &(bool){ false });
			fen_cli_print(cli, json_ambiguous_language(&d, d.ply, text, length, &cli->style));
			free(moves);
			free(offsets);
			return EXIT_INVALID;
		}
	}
	for (size_t i = 0; i < count; i++) {
		struct position_undo undo;
		bool malformed;
		size_t n;
		const char *text = fen_cli_token(&list, (int)i, &n, &(bool){ false });
		if (render_read_move(&pos, text, n, d.lang, &moves[i], &malformed)) {
			cJSON *problem = json_illegal_move(&pos, (int)i, text, n, malformed, &cli->style);
			if (problem && d.lang != SAN_LANG_EN && !cli->lang_given && !json_lang_hint(problem, &d, (int)i)) {
				cJSON_Delete(problem);
				problem = NULL;
			}
			fen_cli_print(cli, problem);
			free(moves);
			free(offsets);
			return EXIT_INVALID;
		}
		position_make_move(&pos, moves[i], &undo);
	}
	free(offsets);
	if (!cli->lang_given && d.lang != SAN_LANG_EN)
		fen_cli_lang_note(d.langs);
	if (image_gif_game(start, moves, (int)count, &cli->render, (int)cli->delay, (int)cli->final_delay, NULL, &gif,
			   &length)) {
		free(moves);
		return fen_cli_print(cli, NULL);
	}
	status = fen_cli_write(cli, gif, length);
	free(gif);
	free(moves);
	return status;
}

/* The most a --game draws: plies, and marks over all its frames (later ones are left out). */
#define FEN_CLI_GAME_PLIES_MAX 10000
#define FEN_CLI_GAME_MARKS_MAX (16 * FEN_CLI_GAME_PLIES_MAX)

/* render --game: the first game of a PGN file (or standard input), read a piece at a time
 * until it ends, as an animated GIF with its comments' marks. */
static int fen_cli_render_pgn(const struct fen_cli *cli)
{
	FILE *in = strcmp(cli->game, "-") ? fopen(cli->game, "rb") : stdin;
	struct pgn_reader *reader = malloc(sizeof *reader);
	struct render_game_error *err = malloc(sizeof *err);
	move *moves = malloc(sizeof *moves * FEN_CLI_GAME_PLIES_MAX);
	struct render_game_marks marks = { malloc(sizeof *marks.marks * FEN_CLI_GAME_MARKS_MAX), FEN_CLI_GAME_MARKS_MAX,
					   0, malloc(sizeof *marks.frame * (FEN_CLI_GAME_PLIES_MAX + 2)), false };
	struct render_game_reader g;
	struct render_options opts = cli->render;
	struct position start;
	static char buffer[1 << 16];
	unsigned char *gif = NULL;
	size_t got, length;
	bool done = false;
	int count, status = EXIT_FAILURE;

	if (!in) {
		fprintf(stderr, "fen: cannot open %s: %s\n", cli->game, strerror(errno));
	} else if (!reader || !err || !moves || !marks.marks || !marks.frame) {
		status = fen_cli_print(cli, NULL);
	} else {
		struct pgn_options options = { { cli->san.lang, false }, !cli->lang_given };
		render_game_begin_options(&g, reader, &start, moves, FEN_CLI_GAME_PLIES_MAX, &marks, err, &options);
		while (!done && (got = fread(buffer, 1, sizeof buffer, in)) > 0)
			done = render_game_feed(&g, buffer, got);
		if (!done && ferror(in)) {
			fprintf(stderr, "fen: cannot read %s: %s\n", cli->game, strerror(errno));
		} else if (render_game_finish(&g, &count)) {
			fen_cli_print(cli, json_render_game_error(err, &cli->style));
			status = EXIT_INVALID;
		} else {
			int left_out = render_game_marks_left_out(&marks, count + 1, &opts);
			if (left_out > 0)
				fprintf(stderr,
					"fen: %d arrows and circles are not drawn (a game holds %d, a frame 64 of each)\n",
					left_out, FEN_CLI_GAME_MARKS_MAX);
			opts.last_from = opts.last_to = SQ_NONE;
			if (err->lang_detected)
				fen_cli_lang_note(err->langs);
			if (image_gif_game_marked(&start, moves, count, &opts, &marks, (int)cli->delay, (int)cli->final_delay,
						  NULL, &gif, &length))
				status = fen_cli_print(cli, NULL);
			else
				status = fen_cli_write(cli, gif, length);
		}
	}
	if (in && in != stdin)
		fclose(in);
	free(gif);
	free(reader);
	free(err);
	free(moves);
	free(marks.marks);
	free(marks.frame);
	return status;
}

static int fen_cli_render(const struct fen_cli *cli)
{
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	struct render_error err;
	enum fen_verdict verdict;
	char problems[400];
	unsigned char *data = NULL;
	size_t length = 0;
	int status;
	char *text;

	if (cli->game) {
		if (cli->format_given && strcmp(cli->format, "gif"))
			return fen_cli_usage_error("%s", "--game draws a game, which needs --format gif");
		if (cli->moves || cli->argc)
			return fen_cli_usage_error("%s", "--game draws the game from its own start (its FEN tag): "
							 "give no FEN and no --moves");
		return fen_cli_render_pgn(cli);
	}
	if (cli->argc != 1)
		return fen_cli_usage_error("%s", "render needs a FEN (one quoted argument)");
	if (!strcmp(cli->format, "fen") || !strcmp(cli->format, "epd") || !strcmp(cli->format, "uci") ||
	    !strcmp(cli->format, "san") || !strcmp(cli->format, "pgn"))
		return fen_cli_usage_error("render --format takes svg, png, gif, json, ascii or unicode, not '%s'",
					   cli->format);
	if (cli->moves) {
		if (strcmp(cli->format, "gif"))
			return fen_cli_usage_error("%s", "--moves draws a game, which needs --format gif");
		if (!fen_cli_position(cli, cli->argv[0], strlen(cli->argv[0]), &pos))
			return EXIT_INVALID;
		return fen_cli_render_game(cli, &pos);
	}
	if (render_read_board(cli->argv[0], &cli->parse, &pos, &report, &verdict)) {
		fen_cli_print(cli, json_invalid_fen(&report));
		return EXIT_INVALID;
	}
	opts = cli->render;
	if (render_resolve_last_move(&opts, &pos, &err))
		return fen_cli_usage_error("--last-move: %s", err.message);
	/* A board that is not a legal position is still drawn: say what is wrong with it. */
	render_problem_codes(&report, problems, sizeof problems);
	if (problems[0])
		fprintf(stderr, "fen: not a legal position (%s); drawn all the same\n", problems);
	if (!strcmp(cli->format, "json"))
		return fen_cli_print(cli, json_render_board(&pos, verdict, &report, &cli->style));
	if (!strcmp(cli->format, "ascii") || !strcmp(cli->format, "unicode")) {
		char board[RENDER_TEXT_MAX];
		length = render_text(&pos, cli->format[0] == 'a' ? RENDER_ASCII : RENDER_UNICODE,
				     render_bottom(&opts, &pos), board, sizeof board);
		return fen_cli_write(cli, board, length);
	}
	if (!strcmp(cli->format, "svg")) {
		if (!(text = malloc(RENDER_SVG_MAX)) || !(length = render_svg(&pos, &opts, text, RENDER_SVG_MAX))) {
			free(text);
			return fen_cli_print(cli, NULL);
		}
		status = fen_cli_write(cli, text, length);
		free(text);
		return status;
	}
	if ((!strcmp(cli->format, "png") ? image_png : image_gif)(&pos, &opts, &data, &length))
		return fen_cli_print(cli, NULL);
	status = fen_cli_write(cli, data, length);
	free(data);
	return status;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(const struct fen_cli *);
		const char *usage;
	} commands[] = {
		{ "validate", fen_cli_validate, "fen validate [--lenient] [--chess960] [--infer-castling] [--ep STYLE] [--castling STYLE] [--ndjson] FEN|-" },
		{ "moves", fen_cli_moves, "fen moves [--lenient] [--chess960] [--ep STYLE] [--castling STYLE] [--lang LANG] FEN" },
		{ "apply", fen_cli_apply, "fen apply [--lenient] [--chess960] [--ep STYLE] [--castling STYLE] [--notation NAME] [--lang LANG] [--strict-san] FEN MOVE..." },
		{ "perft", fen_cli_perft, "fen perft [--chess960] [--divide] FEN DEPTH" },
		{ "pgn", fen_cli_pgn, "fen pgn [--format json|fen|epd|uci|san|pgn] [--lang LANG] [--strict-san] [--ep STYLE] [--castling STYLE] FILE|-" },
		{ "convert", fen_cli_convert, "fen convert [--from descriptive|san|uci] [--lang LANG] [--san-lang LANG] [--fen FEN] [--tag NAME=VALUE]... [--strict-ambiguity] [--strict-san] [--pgn] FILE|-" },
		{ "render", fen_cli_render, "fen render [--format svg|png|gif|json|ascii|unicode] [--output FILE] [--orientation O] [--coordinates 0|1] [--check 0|1] [--size PX] [--theme T] [--last-move M] [--arrows A] [--circles C] [--squares S] [--moves M,...] [--delay MS] [--final-delay MS] [--lenient] [--chess960] FEN, or fen render [--format gif] --game FILE|- [picture options]" },
	};
	struct fen_cli cli = { 0 };

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		fputs(fen_cli_usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("fen (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return EXIT_OK;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		cli.argv = calloc((size_t)argc, sizeof(char *));
		if (!cli.argv) {
			fprintf(stderr, "fen: out of memory\n");
			return EXIT_FAILURE;
		}
		int status = fen_cli_parse(&cli, argc - 2, argv + 2);
		if (status == EXIT_OK && cli.help)
			printf("usage: %s\n\n%s", commands[i].usage, strchr(fen_cli_usage, '\n') + 1);
		else if (status == EXIT_OK)
			status = commands[i].run(&cli);
		free(cli.argv);
		return status;
	}
	return fen_cli_usage_error("unknown command '%s'", argv[1]);
}
