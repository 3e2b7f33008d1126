/* render.c -- `fen render`: draws a board as GET /render does (SVG, PNG, GIF, JSON or
 * text), a game of --moves as an animated GIF, or the first game of a PGN file (--game)
 * with its arrows and circles. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/render.h"
#include "core/render_game.h"
#include "core/render_svg.h"
#include "core/san_detect.h"
#include "image/image.h"

/* The moves of --moves, as san_detect_list reads them: offsets[i] and offsets[i + 1]
 * hold token i's start and end in text. */
struct cli_tokens {
	const char *text;
	const size_t *offsets;
};

static const char *cli_token(void *ctx, int i, size_t *length, bool *uci)
{
	const struct cli_tokens *t = ctx;
	const char *p = t->text + t->offsets[2 * i];

	*length = t->offsets[2 * i + 1] - t->offsets[2 * i];
	*uci = (*length == 4 || *length == 5) && p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8' && p[2] >= 'a' &&
	       p[2] <= 'h' && p[3] >= '1' && p[3] <= '8';
	return p;
}

/* The game of --moves from start as an animated GIF. */
static int cli_render_game(const struct fen_cli *cli, const struct position *start)
{
	struct position pos = *start;
	size_t tokens = strlen(cli->moves) / 2 + 1;
	move *moves = malloc(sizeof *moves * tokens);
	size_t *offsets = malloc(sizeof *offsets * 2 * tokens);
	struct cli_tokens list = { cli->moves, offsets };
	struct san_detect_result d = { .lang = cli->san.lang };
	unsigned char *gif = NULL;
	size_t length, count = 0;
	const char *p = cli->moves;
	int status;

	if (!moves || !offsets)
		cli_out_of_memory();
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
		struct san_detect_list detect = { start, (int)count, cli_token, &list, false, -1, NULL };
		if (san_detect_list(&detect, &d) == SAN_DETECT_AMBIGUOUS) {
			const char *text = cli_token(&list, d.ply, &length, &(bool){ false });
			free(moves);
			free(offsets);
			return cli_fail(cli, json_ambiguous_language(&d, d.ply, text, length, MSG_EN, &cli->style), CLI_INVALID);
		}
	}
	for (size_t i = 0; i < count; i++) {
		struct position_undo undo;
		bool malformed;
		size_t n;
		const char *text = cli_token(&list, (int)i, &n, &(bool){ false });
		if (render_read_move(&pos, text, n, d.lang, &moves[i], &malformed)) {
			cJSON *problem = json_illegal_move(&pos, (int)i, text, n, malformed, MSG_EN, &cli->style);
			if (problem && d.lang != SAN_LANG_EN && !cli->lang_given && !json_lang_hint(problem, &d, (int)i, MSG_EN)) {
				cJSON_Delete(problem);
				problem = NULL;
			}
			free(moves);
			free(offsets);
			return cli_fail(cli, problem, CLI_INVALID);
		}
		position_make_move(&pos, moves[i], &undo);
	}
	free(offsets);
	if (!cli->lang_given && d.lang != SAN_LANG_EN)
		cli_lang_note(d.langs);
	if (image_gif_game(start, moves, (int)count, &cli->render, (int)cli->delay, (int)cli->final_delay, NULL, &gif,
			   &length))
		cli_out_of_memory();
	status = cli_write(cli, gif, length);
	free(gif);
	free(moves);
	return status;
}

/* The most a --game draws: plies, and marks over all its frames (later ones are left out). */
#define CLI_GAME_PLIES_MAX 10000
#define CLI_GAME_MARKS_MAX (16 * CLI_GAME_PLIES_MAX)

/* render --game: the first game of a PGN file (or standard input), read a piece at a time
 * until it ends, as an animated GIF with its comments' marks. */
static int cli_render_pgn(const struct fen_cli *cli)
{
	FILE *in = strcmp(cli->game, "-") ? fopen(cli->game, "rb") : stdin;
	struct pgn_reader *reader = malloc(sizeof *reader);
	struct render_game_error *err = malloc(sizeof *err);
	move *moves = malloc(sizeof *moves * CLI_GAME_PLIES_MAX);
	struct render_game_marks marks = { malloc(sizeof *marks.marks * CLI_GAME_MARKS_MAX), CLI_GAME_MARKS_MAX, 0,
					   malloc(sizeof *marks.frame * (CLI_GAME_PLIES_MAX + 2)), false };
	struct render_game_reader g;
	struct render_options opts = cli->render;
	struct position start;
	static char buffer[1 << 16];
	unsigned char *gif = NULL;
	size_t got, length;
	bool done = false;
	int count, status = CLI_USAGE;

	if (!reader || !err || !moves || !marks.marks || !marks.frame)
		cli_out_of_memory();
	if (!in) {
		fprintf(stderr, "fen: cannot open %s: %s\n", cli->game, strerror(errno));
	} else {
		struct pgn_options options = { { cli->san.lang, false, cli->parse.lang }, !cli->lang_given, cli->parse.lang };
		render_game_begin_options(&g, reader, &start, moves, CLI_GAME_PLIES_MAX, &marks, err, &options);
		while (!done && (got = fread(buffer, 1, sizeof buffer, in)) > 0)
			done = render_game_feed(&g, buffer, got);
		if (!done && ferror(in)) {
			fprintf(stderr, "fen: cannot read %s: %s\n", cli->game, strerror(errno));
		} else if (render_game_finish(&g, &count)) {
			status = cli_fail(cli, json_render_game_error(err, &cli->style), CLI_INVALID);
		} else {
			int left_out = render_game_marks_left_out(&marks, count + 1, &opts);
			if (left_out > 0)
				fprintf(stderr,
					"fen: %d arrows and circles are not drawn (a game holds %d, a frame 64 of each)\n",
					left_out, CLI_GAME_MARKS_MAX);
			opts.last_from = opts.last_to = SQ_NONE;
			if (err->lang_detected)
				cli_lang_note(err->langs);
			if (image_gif_game_marked(&start, moves, count, &opts, &marks, (int)cli->delay, (int)cli->final_delay,
						  NULL, &gif, &length))
				cli_out_of_memory();
			status = cli_write(cli, gif, length);
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

/* One board in the format asked for. */
static int cli_render_board(const struct fen_cli *cli, const char *fen)
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

	if (render_read_board(fen, &cli->parse, &pos, &report, &verdict))
		return cli_fail(cli, json_invalid_fen(&report), CLI_INVALID);
	opts = cli->render;
	if (render_resolve_last_move(&opts, &pos, &err))
		return cli_usage_error("--last-move: %s", err.message);
	/* A board that is not a legal position is still drawn: say what is wrong with it. */
	render_problem_codes(&report, problems, sizeof problems);
	if (problems[0])
		fprintf(stderr, "fen: not a legal position (%s); drawn all the same\n", problems);
	if (!strcmp(cli->format, "json"))
		return cli_print(cli, json_render_board(&pos, verdict, &report, &cli->style));
	if (!strcmp(cli->format, "ascii") || !strcmp(cli->format, "unicode")) {
		char board[RENDER_TEXT_MAX];
		length = render_text(&pos, cli->format[0] == 'a' ? RENDER_ASCII : RENDER_UNICODE,
				     render_bottom(&opts, &pos), board, sizeof board);
		return cli_write(cli, board, length);
	}
	if (!strcmp(cli->format, "svg")) {
		if (!(text = malloc(RENDER_SVG_MAX)) || !(length = render_svg(&pos, &opts, text, RENDER_SVG_MAX)))
			cli_out_of_memory();
		status = cli_write(cli, text, length);
		free(text);
		return status;
	}
	if ((!strcmp(cli->format, "png") ? image_png : image_gif)(&pos, &opts, &data, &length))
		cli_out_of_memory();
	status = cli_write(cli, data, length);
	free(data);
	return status;
}

static int cli_render(struct fen_cli *cli)
{
	static const char *const formats[] = { "svg", "png", "gif", "json", "ascii", "unicode", NULL };
	struct position pos;
	size_t length;
	char *fen;
	int status;

	if (cli_format_check(cli, formats, "svg, png, gif, json, ascii or unicode"))
		return CLI_USAGE;
	if (!cli->format_given)
		cli->format = "svg";
	cli->json_output = !strcmp(cli->format, "json");
	if (cli->game) {
		if (cli->format_given && strcmp(cli->format, "gif"))
			return cli_usage_error("%s", "--game draws a game, which needs --format gif");
		if (cli->moves || cli->argc)
			return cli_usage_error("%s", "--game draws the game from its own start (its FEN tag): "
						     "give no FEN and no --moves");
		return cli_render_pgn(cli);
	}
	if (cli->argc != 1)
		return cli_usage_error("%s", "render needs a FEN (one quoted argument)");
	if (cli->moves && strcmp(cli->format, "gif"))
		return cli_usage_error("%s", "--moves draws a game, which needs --format gif");
	fen = cli_read_fen(cli->argv[0], &length);
	if (cli->moves)
		status = cli_position(cli, fen, length, &pos) ? cli_render_game(cli, &pos) : CLI_INVALID;
	else
		status = cli_render_board(cli, fen);
	free(fen);
	return status;
}

static const struct cli_takes cli_render_options[] = {
	{ CLI_OPT_FORMAT, "svg (the default), png, gif, json, ascii or unicode" },
	{ CLI_OPT_OUTPUT, NULL }, { CLI_OPT_ORIENTATION, NULL }, { CLI_OPT_COORDINATES, NULL },
	{ CLI_OPT_CHECK, NULL }, { CLI_OPT_SIZE, NULL }, { CLI_OPT_THEME, NULL }, { CLI_OPT_LAST_MOVE, NULL },
	{ CLI_OPT_ARROWS, NULL }, { CLI_OPT_CIRCLES, NULL }, { CLI_OPT_SQUARES, NULL }, { CLI_OPT_MOVES, NULL },
	{ CLI_OPT_DELAY, NULL }, { CLI_OPT_FINAL_DELAY, NULL }, { CLI_OPT_GAME, NULL },
	{ CLI_OPT_LANG, "the piece letters of --moves, --last-move and --game's SAN (without\n"
			"it, the language the letters show)" },
	{ CLI_OPT_LENIENT, NULL }, { CLI_OPT_STRICT, NULL }, { CLI_OPT_CHESS960, NULL },
	{ CLI_OPT_INFER_CASTLING, NULL }, { CLI_OPT_EP, NULL }, { CLI_OPT_CASTLING, NULL },
	{ CLI_OPT_PRETTY, NULL }, { CLI_OPT_HELP, NULL }, { CLI_OPT_NB, NULL },
};

const struct cli_command cli_render_command = {
	.name = "render",
	.synopsis = "[options] FEN|-\n[--format gif] --game FILE|- [options]",
	.summary = "draw the board (svg, png, gif, json, ascii, unicode),\n"
		   "a game of --moves or a PGN game (--game) as a GIF",
	.description = "Draws the board as GET /render does, on standard output or into --output FILE;\n"
		       "the picture options are those of GET /render. A board that is readable but\n"
		       "not legal is drawn all the same, its problems said on standard error.\n"
		       "Errors are said on standard error (and printed as the problem's members on\n"
		       "standard output for --format json).",
	.options = cli_render_options,
	.invalid = "the FEN is unreadable, or a move of --moves or --game is illegal",
	.run = cli_render,
};
