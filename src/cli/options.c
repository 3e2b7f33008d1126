/* options.c -- the options of `fen`: their names, values and help in one table, and the
 * parser that reads a command's arguments, refusing any option the command does not take
 * (with a did-you-mean when the name is close to one it takes). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static int cli_set_flag(struct fen_cli *cli, enum cli_opt opt, const char *value)
{
	(void)value;
	switch (opt) {
	case CLI_OPT_LENIENT: cli->parse.mode = FEN_LENIENT; break;
	case CLI_OPT_STRICT: cli->parse.mode = FEN_STRICT; break;
	case CLI_OPT_CHESS960: cli->parse.chess960 = true; break;
	case CLI_OPT_INFER_CASTLING: cli->parse.infer_castling = true; break;
	case CLI_OPT_PRETTY: cli->pretty = true; break;
	case CLI_OPT_NDJSON: cli->ndjson = true; break;
	case CLI_OPT_DIVIDE: cli->divide = true; break;
	case CLI_OPT_HELP: cli->help = true; break;
	case CLI_OPT_STRICT_SAN: cli->san.strict = true; break;
	case CLI_OPT_STRICT_AMBIGUITY: cli->strict_ambiguity = true; break;
	case CLI_OPT_PGN: cli->pgn_only = true; break;
	default: break;
	}
	return 0;
}

/* The options whose value is a name from a list. */
static int cli_set_name(struct fen_cli *cli, enum cli_opt opt, const char *value)
{
	switch (opt) {
	case CLI_OPT_EP:
		if (json_parse_ep_style(value, &cli->style.ep))
			return cli_usage_error("--ep takes fen, xfen or legal, not '%s'", value);
		break;
	case CLI_OPT_CASTLING:
		if (json_parse_castling_style(value, &cli->style.castling))
			return cli_usage_error("--castling takes standard or shredder, not '%s'", value);
		break;
	case CLI_OPT_NOTATION:
		if (json_parse_notation(value, &cli->notation))
			return cli_usage_error("--notation takes auto, uci, san or descriptive, not '%s'", value);
		break;
	case CLI_OPT_LANG:
		if (json_parse_lang(value, &cli->san.lang))
			return cli_usage_error("--lang takes en, it, es, fr, de, nl, ru or figurine, not '%s'", value);
		cli->lang_given = true;
		/* en, it, ru and es are also the language of messages, as the API's lang */
		if (!msg_lang_parse(value, strlen(value), &cli->parse.lang))
			cli->parse.lang = MSG_EN;
		cli->san.msg_lang = cli->parse.lang;
		break;
	case CLI_OPT_SAN_LANG:
		if (json_parse_lang(value, &cli->output_lang))
			return cli_usage_error("--san-lang takes en, it, es, fr, de, nl, ru or figurine, not '%s'", value);
		break;
	case CLI_OPT_FROM:
		if (!strcmp(value, "descriptive"))
			cli->from = JSON_CONVERT_DESCRIPTIVE;
		else if (!strcmp(value, "san"))
			cli->from = JSON_CONVERT_SAN;
		else if (!strcmp(value, "uci"))
			cli->from = JSON_CONVERT_UCI;
		else
			return cli_usage_error("--from takes descriptive, san or uci, not '%s'", value);
		break;
	default:
		break;
	}
	return 0;
}

/* The options whose value is kept as given (each command checks --format's). */
static int cli_set_text(struct fen_cli *cli, enum cli_opt opt, const char *value)
{
	switch (opt) {
	case CLI_OPT_FORMAT:
		cli->format = value;
		cli->format_given = true;
		break;
	case CLI_OPT_FEN: cli->start_fen = value; break;
	case CLI_OPT_OUTPUT: cli->output = value; break;
	case CLI_OPT_MOVES: cli->moves = value; break;
	case CLI_OPT_GAME: cli->game = value; break;
	default: break;
	}
	return 0;
}

static int cli_set_tag(struct fen_cli *cli, enum cli_opt opt, const char *value)
{
	char *eq = strchr(value, '=');

	(void)opt;
	if (!eq || eq == value)
		return cli_usage_error("--tag takes NAME=VALUE, not '%s'", value);
	if (cli->tag_count == (int)(sizeof cli->tags / sizeof cli->tags[0]))
		return cli_usage_error("%s", "at most 32 --tag options");
	*eq = '\0'; /* argv is ours to cut: the name ends at '=' */
	cli->tags[cli->tag_count++] = (struct pgn_tag){ value, eq + 1 };
	return 0;
}

static int cli_set_delay(struct fen_cli *cli, enum cli_opt opt, const char *value)
{
	struct render_error err;

	if (render_parse_number(value, 0, 60000, opt == CLI_OPT_DELAY ? &cli->delay : &cli->final_delay, MSG_EN,
				&err))
		return cli_usage_error("--%s (milliseconds) %s", cli_options[opt].name, err.message);
	return 0;
}

/* The picture options, as GET /render names them (with '_' for '-'). */
static int cli_set_picture(struct fen_cli *cli, enum cli_opt opt, const char *value)
{
	struct render_error err;
	char name[32];
	size_t k = 0;

	for (const char *p = cli_options[opt].name; *p && k + 1 < sizeof name; p++)
		name[k++] = *p == '-' ? '_' : *p;
	name[k] = '\0';
	if (render_option_set(&cli->render, name, value, &err))
		return cli_usage_error("--%s: %s", cli_options[opt].name, err.message);
	return 0;
}

const struct cli_option cli_options[CLI_OPT_NB] = {
	[CLI_OPT_LENIENT] = { "lenient", NULL,
			      "accept missing fields, extra spaces or '_' separators, and repair\n"
			      "what can be repaired (each repair is reported as a warning)", cli_set_flag },
	[CLI_OPT_STRICT] = { "strict", NULL, "the FEN must be exact (the default)", cli_set_flag },
	[CLI_OPT_CHESS960] = { "chess960", NULL, "Chess960: castling with any rook, Shredder-FEN and X-FEN rights",
			       cli_set_flag },
	[CLI_OPT_INFER_CASTLING] = { "infer-castling", NULL,
				     "lenient: when the castling field is missing, infer it from kings\n"
				     "and rooks on their starting squares instead of assuming '-'", cli_set_flag },
	[CLI_OPT_EP] = { "ep", "STYLE",
			 "en-passant square written as fen (after every double push; the\n"
			 "default), xfen (when a pawn could capture) or legal (when a\n"
			 "capture is legal)", cli_set_name },
	[CLI_OPT_CASTLING] = { "castling", "STYLE", "castling rights written as standard (KQkq, X-FEN) or shredder (HAha)",
			       cli_set_name },
	[CLI_OPT_NOTATION] = { "notation", "NAME",
			       "auto (the default: e2e4-shaped moves are UCI, others SAN), uci,\n"
			       "san or descriptive", cli_set_name },
	[CLI_OPT_LANG] = { "lang", "LANG",
			   "SAN piece letters in and out: en, it, es, fr, de, nl, ru or\n"
			   "figurine; without it, SAN is read in the language its letters\n"
			   "show and written in English", cli_set_name },
	[CLI_OPT_STRICT_SAN] = { "strict-san", NULL,
				 "refuse SAN that is not standard (0-0, Nxf3 on no capture, a\n"
				 "missing '+', ...) instead of warning about it", cli_set_flag },
	[CLI_OPT_NDJSON] = { "ndjson", NULL,
			     "with '-': each line is JSON, a string (the FEN) or an object\n"
			     "like the POST /validate body; prints the records of bulk\n"
			     "POST /validate (with \"line\"; an unreadable line gets an\n"
			     "\"error\" record)", cli_set_flag },
	[CLI_OPT_DIVIDE] = { "divide", NULL, "print each first move's count before the total", cli_set_flag },
	[CLI_OPT_FORMAT] = { "format", "FORMAT", "the output format", cli_set_text },
	[CLI_OPT_FROM] = { "from", "NOTATION",
			   "descriptive (the default; --lang en or es, else English, or\n"
			   "Spanish when only Spanish reads it), san or uci", cli_set_name },
	[CLI_OPT_FEN] = { "fen", "FEN", "the starting position (default: the standard start)", cli_set_text },
	[CLI_OPT_TAG] = { "tag", "NAME=VALUE", "a PGN tag (repeatable, at most 32)", cli_set_tag },
	[CLI_OPT_SAN_LANG] = { "san-lang", "LANG",
			       "the piece letters of every move's \"san\" (as --lang; the PGN\n"
			       "stays standard English SAN)", cli_set_name },
	[CLI_OPT_STRICT_AMBIGUITY] = { "strict-ambiguity", NULL, "a descriptive move that stays ambiguous is an error",
				       cli_set_flag },
	[CLI_OPT_PGN] = { "pgn", NULL, "print the PGN alone instead of the JSON", cli_set_flag },
	[CLI_OPT_OUTPUT] = { "output", "FILE", "write the picture to FILE instead of standard output", cli_set_text },
	[CLI_OPT_ORIENTATION] = { "orientation", "SIDE", "white, black or auto: the side at the bottom", cli_set_picture },
	[CLI_OPT_COORDINATES] = { "coordinates", "0|1", "file letters and rank numbers on the board", cli_set_picture },
	[CLI_OPT_CHECK] = { "check", "0|1", "tint the king of the side to move when it is in check", cli_set_picture },
	[CLI_OPT_SIZE] = { "size", "PX", "the picture's width and height in pixels", cli_set_picture },
	[CLI_OPT_THEME] = { "theme", "THEME", "brown, blue, green or contrast", cli_set_picture },
	[CLI_OPT_LAST_MOVE] = { "last-move", "MOVE", "highlight a move's squares, as e2e4 (or SAN)", cli_set_picture },
	[CLI_OPT_ARROWS] = { "arrows", "LIST", "arrows, as Ge2e4,Rg1f3 (colour letter G, R, Y or B)", cli_set_picture },
	[CLI_OPT_CIRCLES] = { "circles", "LIST", "circled squares, as Re4,Gd5", cli_set_picture },
	[CLI_OPT_SQUARES] = { "squares", "LIST", "tinted squares, as e4:#ff000080", cli_set_picture },
	[CLI_OPT_MOVES] = { "moves", "M,M,...", "with --format gif: the moves of a game to animate from FEN",
			    cli_set_text },
	[CLI_OPT_DELAY] = { "delay", "MS", "an animation's time per move (default 1000)", cli_set_delay },
	[CLI_OPT_FINAL_DELAY] = { "final-delay", "MS", "an animation's time on its last position (default 3000)",
				  cli_set_delay },
	[CLI_OPT_GAME] = { "game", "FILE|-", "draw the first game of a PGN file, with its arrows and circles",
			   cli_set_text },
	[CLI_OPT_PRETTY] = { "pretty", NULL, "indent the JSON output", cli_set_flag },
	[CLI_OPT_HELP] = { "help", NULL, "this text", cli_set_flag },
};

/* Whether the current command takes opt. */
static bool cli_takes(const struct cli_command *command, enum cli_opt opt)
{
	for (const struct cli_takes *t = command->options; t->opt != CLI_OPT_NB; t++)
		if (t->opt == opt)
			return true;
	return false;
}

/* The edit distance of a (length n) and b, capped at 9. */
static size_t cli_distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b), row[48];

	if (n >= 47 || m >= 47)
		return 9;
	for (size_t j = 0; j <= m; j++)
		row[j] = j;
	for (size_t i = 1; i <= n; i++) {
		size_t diagonal = row[0];
		row[0] = i;
		for (size_t j = 1; j <= m; j++) {
			size_t up = row[j], best = diagonal + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diagonal = up;
			row[j] = best;
		}
	}
	return row[m];
}

/* Refuses an option the command does not take: names it and the command, and the option
 * the command takes that is closest to it, if one is close. Returns CLI_USAGE. */
static int cli_refuse(const struct fen_cli *cli, const char *name, size_t length, int known)
{
	const struct cli_command *command = cli->command;
	const char *best = NULL;
	size_t best_distance = length <= 4 ? 1 : length <= 8 ? 2 : 3;

	for (const struct cli_takes *t = command->options; t->opt != CLI_OPT_NB; t++) {
		size_t d = cli_distance(name, length, cli_options[t->opt].name);
		if (d <= best_distance && (!best || d < best_distance)) {
			best = cli_options[t->opt].name;
			best_distance = d;
		}
	}
	if (known >= 0) {
		int takers = 0;
		fprintf(stderr, "fen: %s does not take --%.*s", command->name, (int)length, name);
		/* the commands that take it: "(perft takes it)", "(moves, apply take it)" */
		for (int i = 0; cli_commands[i]; i++)
			if (cli_takes(cli_commands[i], (enum cli_opt)known))
				fprintf(stderr, "%s%s", takers++ ? ", " : " (", cli_commands[i]->name);
		if (takers)
			fprintf(stderr, " %s it)", takers > 1 ? "take" : "takes");
	} else {
		fprintf(stderr, "fen: unknown option '--%.*s' for %s", (int)length, name, command->name);
	}
	if (best)
		fprintf(stderr, "; did you mean --%s?", best);
	fprintf(stderr, "\nTry 'fen %s --help'.\n", command->name);
	return CLI_USAGE;
}

/* Reads options out of argv for cli->command; every argument not starting with "--" (and
 * everything after a lone "--") is positional, so FEN fields such as "-" or "-1" are never
 * options; "-h" is --help. Returns CLI_OK or CLI_USAGE after saying why. */
int cli_parse(struct fen_cli *cli, int argc, char **argv)
{
	bool options_done = false;

	cli->parse = (struct fen_options){ FEN_STRICT, false, false, MSG_EN };
	cli->style = JSON_FEN_STYLE_DEFAULT;
	cli->argc = 0;
	render_options_default(&cli->render);
	cli->delay = 1000;
	cli->final_delay = 3000;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i], *eq, *value;
		char name[48];
		size_t length;
		int opt;

		if (options_done || strncmp(arg, "--", 2) != 0) {
			if (!strcmp(arg, "-h"))
				cli->help = true;
			else
				cli->argv[cli->argc++] = argv[i];
			continue;
		}
		if (!strcmp(arg, "--")) {
			options_done = true;
			continue;
		}
		eq = strchr(arg, '=');
		length = eq ? (size_t)(eq - arg) - 2 : strlen(arg) - 2;
		/* "--last_move" is "--last-move", as GET /render spells it */
		for (size_t k = 0; k < length && k < sizeof name - 1; k++)
			name[k] = arg[2 + k] == '_' ? '-' : arg[2 + k];
		name[length < sizeof name - 1 ? length : sizeof name - 1] = '\0';
		for (opt = 0; opt < CLI_OPT_NB; opt++)
			if (strlen(cli_options[opt].name) == length && !strncmp(cli_options[opt].name, name, length))
				break;
		if (opt == CLI_OPT_NB)
			return cli_refuse(cli, name, strlen(name), -1);
		if (!cli_takes(cli->command, (enum cli_opt)opt))
			return cli_refuse(cli, name, strlen(name), opt);
		if (!cli_options[opt].value) {
			if (eq)
				return cli_usage_error("--%s takes no value", cli_options[opt].name);
			value = NULL;
		} else if (eq) {
			value = eq + 1;
		} else if (i + 1 < argc) {
			value = argv[++i];
		} else {
			return cli_usage_error("--%s needs a value (%s)", cli_options[opt].name, cli_options[opt].value);
		}
		if (cli_options[opt].set(cli, (enum cli_opt)opt, value))
			return CLI_USAGE;
	}
	return CLI_OK;
}
