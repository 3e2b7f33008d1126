/* cli.h -- the `fen` command-line tool's shared shapes: the command table, the options
 * table, the parsed command line, and the helpers every command prints and reads with. */
#ifndef FEN_CLI_H
#define FEN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "core/fen.h"
#include "core/pgn.h"
#include "core/position.h"
#include "core/render_options.h"
#include "core/san.h"
#include "json/json.h"

/* The exit status, the same for every command. */
enum {
	CLI_OK = 0,      /* done: valid, legal, read */
	CLI_INVALID = 1, /* invalid input: an invalid FEN, an illegal move, a PGN game with errors */
	CLI_USAGE = 2,   /* a bad command line, or an input file that cannot be read */
	CLI_FAILURE = 3, /* the output cannot be written, or out of memory */
};

/* Every option of every command; a command's table entry lists those it takes. */
enum cli_opt {
	CLI_OPT_LENIENT,
	CLI_OPT_STRICT,
	CLI_OPT_CHESS960,
	CLI_OPT_INFER_CASTLING,
	CLI_OPT_EP,
	CLI_OPT_CASTLING,
	CLI_OPT_NOTATION,
	CLI_OPT_LANG,
	CLI_OPT_STRICT_SAN,
	CLI_OPT_NDJSON,
	CLI_OPT_DIVIDE,
	CLI_OPT_FORMAT,
	CLI_OPT_FROM,
	CLI_OPT_FEN,
	CLI_OPT_TAG,
	CLI_OPT_SAN_LANG,
	CLI_OPT_STRICT_AMBIGUITY,
	CLI_OPT_PGN,
	CLI_OPT_OUTPUT,
	CLI_OPT_ORIENTATION,
	CLI_OPT_COORDINATES,
	CLI_OPT_CHECK,
	CLI_OPT_SIZE,
	CLI_OPT_THEME,
	CLI_OPT_LAST_MOVE,
	CLI_OPT_ARROWS,
	CLI_OPT_CIRCLES,
	CLI_OPT_SQUARES,
	CLI_OPT_MOVES,
	CLI_OPT_DELAY,
	CLI_OPT_FINAL_DELAY,
	CLI_OPT_GAME,
	CLI_OPT_PRETTY,
	CLI_OPT_HELP,
	CLI_OPT_NB
};

struct fen_cli;

/* One option: its name without "--", the name of its value (NULL: a flag), what it does
 * in general, and how its value is stored (0, or CLI_USAGE after saying why). */
struct cli_option {
	const char *name;
	const char *value;
	const char *help;
	int (*set)(struct fen_cli *cli, enum cli_opt opt, const char *value);
};

/* An option as one command takes it, with that command's help text (NULL: the general one). */
struct cli_takes {
	enum cli_opt opt;
	const char *help;
};

/* One command: what `fen --help` says of it, what `fen NAME --help` says, the options it
 * takes (ending with CLI_OPT_NB), what exit status 1 means for it, and its handler. */
struct cli_command {
	const char *name;
	const char *synopsis;    /* the arguments after the name, one usage line each ('\n' between) */
	const char *summary;     /* one line for `fen --help` */
	const char *description; /* the paragraph of `fen NAME --help`, lines already broken */
	const struct cli_takes *options;
	const char *invalid;     /* what exit status 1 means */
	int (*run)(struct fen_cli *cli);
};

/* The options as parsed, and the positional arguments left over. */
struct fen_cli {
	const struct cli_command *command;
	struct fen_options parse;
	struct json_fen_style style;
	enum json_notation notation;
	struct san_parse_options san;
	bool lang_given;              /* --lang: else SAN's language is detected from its letters */
	bool pretty;
	bool divide;
	bool ndjson;
	bool help;
	bool json_output;             /* the command prints JSON: an error result goes to stdout too */
	bool format_given;            /* --format was given (each command has its own default) */
	const char *format;
	/* convert */
	enum json_convert_from from;
	enum san_lang output_lang;      /* --san-lang: the letters of every move's "san" */
	const char *start_fen;          /* NULL: the standard start */
	bool strict_ambiguity;
	bool pgn_only;
	int tag_count;
	struct pgn_tag tags[32];
	/* render */
	struct render_options render;
	const char *output;
	const char *moves;
	const char *game;               /* render --game FILE: the first game of a PGN file */
	long delay, final_delay;
	/* positional arguments */
	int argc;
	char **argv;
};

/* table.c */
extern const struct cli_command *const cli_commands[];
int cli_main(int argc, char **argv);

/* options.c */
extern const struct cli_option cli_options[CLI_OPT_NB];
int cli_parse(struct fen_cli *cli, int argc, char **argv);

/* output.c */
__attribute__((format(printf, 1, 2))) int cli_usage_error(const char *format, ...);
void cli_out_of_memory(void) __attribute__((noreturn));
int cli_print(const struct fen_cli *cli, cJSON *json);
int cli_fail(const struct fen_cli *cli, cJSON *result, int status);
void cli_complain_json(const cJSON *result, const char *prefix);
char *cli_join(const struct fen_cli *cli, size_t *length);
char *cli_read_fen(const char *arg, size_t *length);
char *cli_slurp(const char *name, size_t *length);
bool cli_position(const struct fen_cli *cli, const char *text, size_t length, struct position *pos);
int cli_write(const struct fen_cli *cli, const void *data, size_t length);
void cli_lang_note(san_lang_set langs);
int cli_format_check(const struct fen_cli *cli, const char *const *formats, const char *list);

/* One file per command. */
extern const struct cli_command cli_validate_command, cli_moves_command, cli_apply_command, cli_perft_command,
	cli_pgn_command, cli_convert_command, cli_render_command;

#endif
