/* check_cli.c -- tests of the `fen` command-line tool (src/fen.c, src/cli): runs the built binary
 * and checks its exit status, and that its JSON is exactly what the src/json functions
 * build for the same input; perft output, help texts and usage errors. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_util.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/uci.h"
#include "core/render_svg.h"
#include "json/json.h"

extern char **environ;

#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

/* What one run of the tool gave. */
struct cli_run {
	int status; /* exit status, or -1 when it did not exit normally */
	char *out;  /* standard output, NUL-terminated */
	char *err;  /* standard error */
};

/* A new temporary file, already unlinked; fails the test when none can be made. */
static int cli_temp_file(void)
{
	char path[] = "/tmp/check_cli.XXXXXX";
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	unlink(path);
	return fd;
}

/* Reads all of fd from its start into a new string. */
static char *cli_slurp(int fd)
{
	off_t size = lseek(fd, 0, SEEK_END);
	char *text;

	ck_assert_int_ge(size, 0);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(pread(fd, text, (size_t)size, 0), size);
	text[size] = '\0';
	return text;
}

/* Runs BUILD_DIR/fen with args (NULL-terminated, without argv[0]), input on standard
 * input (none when NULL), and collects what it wrote. */
static struct cli_run cli_run(const char *const *args, const char *input)
{
	char *argv[32];
	int n = 0, in = cli_temp_file(), out = cli_temp_file(), err = cli_temp_file();
	posix_spawn_file_actions_t actions;
	struct cli_run run = { -1, NULL, NULL };
	pid_t pid;
	int wstatus;

	argv[n++] = (char *)BUILD_DIR "/fen";
	for (; *args; args++) {
		ck_assert_int_lt(n, 31);
		argv[n++] = (char *)*args;
	}
	argv[n] = NULL;
	if (input)
		ck_assert_int_eq(write(in, input, strlen(input)), (ssize_t)strlen(input));
	lseek(in, 0, SEEK_SET);
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, in, 0);
	posix_spawn_file_actions_adddup2(&actions, out, 1);
	posix_spawn_file_actions_adddup2(&actions, err, 2);
	ck_assert_int_eq(posix_spawn(&pid, argv[0], &actions, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&actions);
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	if (WIFEXITED(wstatus))
		run.status = WEXITSTATUS(wstatus);
	run.out = cli_slurp(out);
	run.err = cli_slurp(err);
	close(in);
	close(out);
	close(err);
	return run;
}

static void cli_free(struct cli_run *run)
{
	free(run->out);
	free(run->err);
}

/* The unformatted text of tree plus the newline the tool ends it with; frees the tree. */
static char *cli_expected(cJSON *tree)
{
	char *text, *line;

	ck_assert_ptr_nonnull(tree);
	text = cJSON_PrintUnformatted(tree);
	cJSON_Delete(tree);
	ck_assert_ptr_nonnull(text);
	line = malloc(strlen(text) + 2);
	ck_assert_ptr_nonnull(line);
	sprintf(line, "%s\n", text);
	cJSON_free(text);
	return line;
}

/* What `fen validate` prints for text under options and style, built in-process. */
static char *cli_validation(const char *text, struct fen_options options, struct json_fen_style style)
{
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict = fen_parse(text, strlen(text), &options, &pos, &report);

	return cli_expected(json_validation(verdict, &pos, &report, &style));
}

/* Runs args and checks the status and that standard output is exactly expected (freed). */
static void cli_expect(const char *const *args, const char *input, int status, char *expected)
{
	struct cli_run run = cli_run(args, input);

	ck_assert_msg(run.status == status, "exit status %d, expected %d; stderr: %s", run.status, status, run.err);
	ck_assert_msg(!strcmp(run.out, expected), "\n got  %s\n want %s", run.out, expected);
	free(expected);
	cli_free(&run);
}

/* ---- validate ---- */

START_TEST(test_validate_valid)
{
	const char *args[] = { "validate", POSITION_START_FEN, NULL };

	cli_expect(args, NULL, 0, cli_validation(POSITION_START_FEN, util_strict(false), JSON_FEN_STYLE_DEFAULT));
}
END_TEST

/* --lang it, ru or es writes the FEN's messages in that language (the JSON is the
 * library's in that language); another --lang leaves them English; codes never change. */
START_TEST(test_validate_lang)
{
	static const char *const fen = "8/8/8/8/8/8/8/8 w - - 0 1";
	static const char *const langs[] = { "it", "ru", "es", "de" };
	static const enum msg_lang want[] = { MSG_IT, MSG_RU, MSG_ES, MSG_EN };

	for (int i = 0; i < 4; i++) {
		const char *args[] = { "validate", "--lang", langs[i], fen, NULL };
		struct fen_options options = util_strict(false);
		options.lang = want[i];
		cli_expect(args, NULL, 1, cli_validation(fen, options, JSON_FEN_STYLE_DEFAULT));
	}
	const char *args[] = { "moves", "--lang", "ru", fen, NULL };
	struct cli_run run = cli_run(args, NULL);
	ck_assert_int_eq(run.status, 1);
	ck_assert_str_eq(run.err, "fen: invalid_fen: белые без короля; у каждой стороны должен быть ровно один\n");
	cli_free(&run);
	/* and apply's messages of moves */
	const char *apply[] = { "apply", "--lang", "es", POSITION_START_FEN, "e4", "Re2", NULL };
	run = cli_run(apply, NULL);
	ck_assert_int_eq(run.status, 1);
	ck_assert_str_eq(run.err, "fen: illegal_move: jugada 2, \"Re2\": ningún rey negro puede ir a e2\n");
	cli_free(&run);
}
END_TEST

START_TEST(test_validate_invalid)
{
	const char *illegal[] = { "validate", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", NULL };
	const char *malformed[] = { "validate", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL };
	const char *empty[] = { "validate", "", NULL };
	struct cli_run run;
	cJSON *tree;

	cli_expect(illegal, NULL, 1, cli_validation(illegal[1], util_strict(false), JSON_FEN_STYLE_DEFAULT));
	cli_expect(malformed, NULL, 1, cli_validation(malformed[1], util_strict(false), JSON_FEN_STYLE_DEFAULT));
	run = cli_run(empty, NULL);
	ck_assert_int_eq(run.status, 1);
	tree = cJSON_Parse(run.out);
	ck_assert_ptr_nonnull(tree);
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(tree, "valid")));
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tree, "errors"),
									     0), "code")->valuestring, "empty");
	cJSON_Delete(tree);
	cli_free(&run);
}
END_TEST

/* The six fields as six arguments read the same as one quoted argument. */
START_TEST(test_validate_unquoted)
{
	const char *args[] = { "validate", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "b", "KQkq", "e3", "0", "1", NULL };
	const char *dash[] = { "validate", "4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1", NULL };

	cli_expect(args, NULL, 0, cli_validation("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
						 util_strict(false), JSON_FEN_STYLE_DEFAULT));
	/* a "-" field is a field, not standard input */
	cli_expect(dash, NULL, 0, cli_validation("4k3/8/8/8/8/8/8/4K3 w - - 0 1", util_strict(false), JSON_FEN_STYLE_DEFAULT));
}
END_TEST

START_TEST(test_validate_lenient)
{
	const char *strict[] = { "validate", "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w", NULL };
	const char *lenient[] = { "validate", "--lenient", "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w", NULL };
	const char *after[] = { "validate", "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w", "--lenient", NULL };
	const char *infer[] = { "validate", "--lenient", "--infer-castling", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
				NULL };
	const char *underscores[] = { "validate", "--lenient", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1",
				      NULL };
	struct fen_options options = util_lenient(false);

	cli_expect(strict, NULL, 1, cli_validation(strict[1], util_strict(false), JSON_FEN_STYLE_DEFAULT));
	cli_expect(lenient, NULL, 0, cli_validation(strict[1], options, JSON_FEN_STYLE_DEFAULT));
	cli_expect(after, NULL, 0, cli_validation(strict[1], options, JSON_FEN_STYLE_DEFAULT));
	cli_expect(underscores, NULL, 0, cli_validation(underscores[2], options, JSON_FEN_STYLE_DEFAULT));
	options.infer_castling = true;
	cli_expect(infer, NULL, 0, cli_validation(infer[3], options, JSON_FEN_STYLE_DEFAULT));
}
END_TEST

START_TEST(test_validate_chess960)
{
	static const char fen[] = "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1";
	const char *plain[] = { "validate", fen, NULL };
	const char *c960[] = { "validate", "--chess960", fen, NULL };
	const char *shredder[] = { "validate", "--chess960", "--castling", "shredder", fen, NULL };
	const char *equals[] = { "validate", "--chess960", "--castling=shredder", "--ep=legal", fen, NULL };
	struct json_fen_style style = { FEN_EP_FEN, FEN_CASTLING_SHREDDER };

	cli_expect(plain, NULL, 1, cli_validation(fen, util_strict(false), JSON_FEN_STYLE_DEFAULT));
	cli_expect(c960, NULL, 0, cli_validation(fen, util_strict(true), JSON_FEN_STYLE_DEFAULT));
	cli_expect(shredder, NULL, 0, cli_validation(fen, util_strict(true), style));
	style.ep = FEN_EP_LEGAL;
	cli_expect(equals, NULL, 0, cli_validation(fen, util_strict(true), style));
}
END_TEST

/* The hints of an invalid FEN, as the daemon prints them: a Chess960 FEN without
 * --chess960, and the seed's two fields without --lenient. */
START_TEST(test_validate_hints)
{
	static const char fen[] = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
	static const char seed[] = "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w";
	const char *plain[] = { "validate", fen, NULL };
	const char *c960[] = { "validate", "--chess960", fen, NULL };
	const char *partial[] = { "validate", seed, NULL };
	struct cli_run run = cli_run(plain, NULL);
	cJSON *tree = cJSON_Parse(run.out), *hint;

	ck_assert_int_eq(run.status, 1);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(tree, "errors")), 1);
	hint = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tree, "hints"), 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(hint, "code")->valuestring, "chess960");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(hint, "option")->valuestring, "chess960");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(hint, "value")));
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(hint, "message")->valuestring, "--chess960"));
	cJSON_Delete(tree);
	cli_free(&run);
	cli_expect(plain, NULL, 1, cli_validation(fen, util_strict(false), JSON_FEN_STYLE_DEFAULT));
	/* with the option: valid, and no hints member */
	run = cli_run(c960, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_null(strstr(run.out, "\"hints\""));
	cli_free(&run);

	run = cli_run(partial, NULL);
	tree = cJSON_Parse(run.out);
	ck_assert_int_eq(run.status, 1);
	hint = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tree, "hints"), 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(hint, "code")->valuestring, "lenient");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(hint, "value")->valuestring, "lenient");
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(hint, "message")->valuestring, "--lenient"));
	cJSON_Delete(tree);
	cli_free(&run);
}
END_TEST

START_TEST(test_validate_ep_styles)
{
	static const char fen[] = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
	const char *xfen[] = { "validate", "--ep", "xfen", fen, NULL };
	const char *legal[] = { "validate", "--ep", "legal", fen, NULL };
	struct cli_run run = cli_run(xfen, NULL);
	cJSON *tree = cJSON_Parse(run.out);

	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "fen")->valuestring,
			 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	cJSON_Delete(tree);
	cli_free(&run);
	cli_expect(legal, NULL, 0, cli_validation(fen, util_strict(false),
						  (struct json_fen_style){ FEN_EP_LEGAL, FEN_CASTLING_STANDARD }));
}
END_TEST

/* "validate -" reads one FEN a line; one invalid line makes the status 1. */
START_TEST(test_validate_stdin)
{
	const char *args[] = { "validate", "-", NULL };
	const char *lenient[] = { "validate", "--lenient", "-", NULL };
	static const char input[] = POSITION_START_FEN "\n"
				    "4k3/8/8/8/8/8/8/4RK2 w - - 0 1\r\n"
				    KIWIPETE "\n";
	char *expected, *a, *b, *c;

	a = cli_validation(POSITION_START_FEN, util_strict(false), JSON_FEN_STYLE_DEFAULT);
	b = cli_validation("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", util_strict(false), JSON_FEN_STYLE_DEFAULT);
	c = cli_validation(KIWIPETE, util_strict(false), JSON_FEN_STYLE_DEFAULT);
	expected = malloc(strlen(a) + strlen(b) + strlen(c) + 1);
	sprintf(expected, "%s%s%s", a, b, c);
	cli_expect(args, input, 1, expected);
	/* all valid, and the last line without its newline */
	expected = malloc(2 * strlen(a) + 1);
	sprintf(expected, "%s%s", a, a);
	cli_expect(args, POSITION_START_FEN "\n" POSITION_START_FEN, 0, expected);
	free(a);
	free(b);
	free(c);
	/* options apply to every line */
	a = cli_validation("4k3/8/8/8/8/8/8/4K3", util_lenient(false), JSON_FEN_STYLE_DEFAULT);
	cli_expect(lenient, "4k3/8/8/8/8/8/8/4K3\n", 0, a);
	/* nothing in, nothing out */
	cli_expect(args, "", 0, strdup(""));
}
END_TEST

/* "validate --ndjson -" prints exactly the records of bulk POST /validate (the same
 * json_validate_line), skips blank lines, and exits 1 when any line is not a valid FEN. */
START_TEST(test_validate_ndjson)
{
	const char *args[] = { "validate", "--ndjson", "-", NULL };
	const char *lenient[] = { "validate", "--lenient", "--ndjson", "-", NULL };
	const char *no_dash[] = { "validate", "--ndjson", POSITION_START_FEN, NULL };
	static const char l1[] = "\"" POSITION_START_FEN "\"", l3[] = "{\"fen\":\"4k3/8/8/8/8/8/8/4K3\",\"mode\":\"lenient\"}",
			  l4[] = "nope";
	struct fen_options strict = util_strict(false), options = util_lenient(false);
	char input[512], *a, *b, *c, *expected;
	struct cli_run run;

	snprintf(input, sizeof input, "%s\n\n%s\r\n%s\n", l1, l3, l4);
	a = cli_expected(json_validate_line(l1, strlen(l1), 1, &strict, &JSON_FEN_STYLE_DEFAULT, NULL));
	b = cli_expected(json_validate_line(l3, strlen(l3), 3, &strict, &JSON_FEN_STYLE_DEFAULT, NULL));
	c = cli_expected(json_validate_line(l4, strlen(l4), 4, &strict, &JSON_FEN_STYLE_DEFAULT, NULL));
	ck_assert_ptr_nonnull(strstr(c, "\"malformed_json\""));
	expected = malloc(strlen(a) + strlen(b) + strlen(c) + 1);
	sprintf(expected, "%s%s%s", a, b, c);
	cli_expect(args, input, 1, expected);
	free(a);
	free(b);
	free(c);
	/* all valid: status 0; the flags are the defaults of string lines */
	a = cli_expected(json_validate_line("\"4k3/8/8/8/8/8/8/4K3\"", 21, 1, &options, &JSON_FEN_STYLE_DEFAULT, NULL));
	cli_expect(lenient, "\"4k3/8/8/8/8/8/8/4K3\"\n", 0, a);
	/* --ndjson reads standard input only */
	run = cli_run(no_dash, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "--ndjson"));
	cli_free(&run);
}
END_TEST

/* Arguments longer than the tool's buffer are cut, reported as too long, and nothing
 * overflows (this crashed before the fix in fen_cli_join). */
START_TEST(test_validate_too_long)
{
	char big[1101];
	const char *args[] = { "validate", big, "b", "c", "d", "e", NULL };
	struct cli_run run;
	cJSON *tree;

	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	run = cli_run(args, NULL);
	ck_assert_int_eq(run.status, 1);
	tree = cJSON_Parse(run.out);
	ck_assert_ptr_nonnull(tree);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tree, "errors"),
									     0), "code")->valuestring, "too_long");
	cJSON_Delete(tree);
	cli_free(&run);
}
END_TEST

/* --pretty indents the same JSON. */
START_TEST(test_pretty)
{
	const char *args[] = { "validate", "--pretty", POSITION_START_FEN, NULL };
	struct cli_run run = cli_run(args, NULL);
	cJSON *tree = cJSON_Parse(run.out);
	char *flat, *expected;

	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "\n\t"));
	ck_assert_ptr_nonnull(tree);
	flat = cJSON_PrintUnformatted(tree);
	expected = cli_validation(POSITION_START_FEN, util_strict(false), JSON_FEN_STYLE_DEFAULT);
	expected[strlen(expected) - 1] = '\0';
	ck_assert_str_eq(flat, expected);
	free(expected);
	cJSON_free(flat);
	cJSON_Delete(tree);
	cli_free(&run);
}
END_TEST

/* ---- moves and apply ---- */

START_TEST(test_moves)
{
	const char *args[] = { "moves", KIWIPETE, NULL };
	const char *unquoted[] = { "moves", "--chess960", "--castling", "shredder", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR",
				   "w", "HBhb", "-", "0", "1", NULL };
	const char *invalid[] = { "moves", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", NULL };
	struct position pos;
	struct fen_report report;
	struct fen_options strict = util_strict(false);

	util_parse(KIWIPETE, false, &pos);
	cli_expect(args, NULL, 0, cli_expected(json_moves(&pos, SAN_LANG_EN, &JSON_FEN_STYLE_DEFAULT)));
	util_parse("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, &pos);
	cli_expect(unquoted, NULL, 0,
		   cli_expected(json_moves(&pos, SAN_LANG_EN, &(struct json_fen_style){ FEN_EP_FEN, FEN_CASTLING_SHREDDER })));
	fen_parse(invalid[1], strlen(invalid[1]), &strict, &pos, &report);
	cli_expect(invalid, NULL, 1, cli_expected(json_invalid_fen(&report)));
}
END_TEST

/* json_apply_moves as the CLI calls it: options from the command line. */
static cJSON *cli_apply(struct position *pos, const char *const *moves, int count, struct json_apply_options options,
			enum json_apply_outcome expected)
{
	enum json_apply_outcome outcome;
	cJSON *result = json_apply_moves(pos, moves, count, &options, &JSON_FEN_STYLE_DEFAULT, &outcome);

	ck_assert_int_eq(outcome, expected);
	return result;
}

START_TEST(test_apply_one)
{
	const char *args[] = { "apply", POSITION_START_FEN, "e2e4", NULL };
	const char *moves[] = { "e2e4" };
	struct position pos;

	util_parse(POSITION_START_FEN, false, &pos);
	cli_expect(args, NULL, 0, cli_expected(cli_apply(&pos, moves, 1, JSON_APPLY_OPTIONS_DEFAULT, JSON_APPLY_OK)));
}
END_TEST

/* --lang, --notation and --strict-san reach json_apply_moves, and moves lists SAN. */
START_TEST(test_apply_san_options)
{
	const char *german[] = { "apply", "--lang", "de", POSITION_START_FEN, "e4", "Sc6", "Lb5", NULL };
	const char *strict[] = { "apply", "--strict-san", POSITION_START_FEN, "Nxf3", NULL };
	const char *uci_only[] = { "apply", "--notation=uci", POSITION_START_FEN, "Nf3", NULL };
	const char *bad_notation[] = { "apply", "--notation", "shorthand", POSITION_START_FEN, "Nf3", NULL };
	const char *bad_lang[] = { "moves", "--lang=tlh", POSITION_START_FEN, NULL };
	const char *descriptive[] = { "apply", "--notation", "descriptive", POSITION_START_FEN, "P-K4", NULL };
	const char *figurine[] = { "moves", "--lang", "figurine", POSITION_START_FEN, NULL };
	const char *moves[] = { "e4", "Sc6", "Lb5" };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct position pos;
	struct cli_run run;
	cJSON *tree;

	options.san.lang = SAN_LANG_DE;
	options.list_plies = true;
	util_parse(POSITION_START_FEN, false, &pos);
	cli_expect(german, NULL, 0, cli_expected(cli_apply(&pos, moves, 3, options, JSON_APPLY_OK)));

	options = JSON_APPLY_OPTIONS_DEFAULT;
	options.san.strict = true;
	util_parse(POSITION_START_FEN, false, &pos);
	cli_expect(strict, NULL, 1, cli_expected(cli_apply(&pos, strict + 3, 1, options, JSON_APPLY_NON_STANDARD_SAN)));
	run = cli_run(strict, NULL);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "code")->valuestring, "non_standard_san");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "rule")->valuestring, "false_capture");
	cJSON_Delete(tree);
	cli_free(&run);

	run = cli_run(uci_only, NULL);
	ck_assert_int_eq(run.status, 1);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "reason")->valuestring, "malformed");
	cJSON_Delete(tree);
	cli_free(&run);

	/* descriptive notation: P-K4 is e4 */
	run = cli_run(descriptive, NULL);
	ck_assert_int_eq(run.status, 0);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "san")->valuestring, "e4");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "given")->valuestring, "P-K4");
	cJSON_Delete(tree);
	cli_free(&run);

	run = cli_run(bad_notation, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "shorthand"));
	cli_free(&run);
	run = cli_run(bad_lang, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "tlh"));
	cli_free(&run);

	util_parse(POSITION_START_FEN, false, &pos);
	cli_expect(figurine, NULL, 0, cli_expected(json_moves(&pos, SAN_LANG_FIGURINE, &JSON_FEN_STYLE_DEFAULT)));
}
END_TEST

/* Several moves: every ply listed; castling is echoed as the tool writes it. */
START_TEST(test_apply_several)
{
	static const char *const plies[] = { "e2e4", "d7d5", "g1f3", "e8d7" };
	const char *args[] = { "apply", POSITION_START_FEN, "e2e4", "d7d5", "g1f3", "e8d7", NULL };
	const char *castle[] = { "apply", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e8c8", NULL };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct position pos;
	struct cli_run run;
	cJSON *tree, *moves;

	options.list_plies = true;
	util_parse(POSITION_START_FEN, false, &pos);
	cli_expect(args, NULL, 0, cli_expected(cli_apply(&pos, plies, 4, options, JSON_APPLY_OK)));

	run = cli_run(castle, NULL);
	ck_assert_int_eq(run.status, 0);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "fen")->valuestring, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "uci")->valuestring, "e8c8");
	moves = cJSON_GetObjectItemCaseSensitive(tree, "moves");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 0), "uci")->valuestring, "e1g1");
	cJSON_Delete(tree);
	cli_free(&run);
}
END_TEST

START_TEST(test_apply_illegal)
{
	const char *args[] = { "apply", POSITION_START_FEN, "e2e4", "e7e5", "e4e5", "g1f3", NULL };
	const char *malformed[] = { "apply", POSITION_START_FEN, "e2e4", "Nf9", NULL };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	const char *bad_fen[] = { "apply", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "e1e2", NULL };
	struct position pos;
	struct position_undo undo;
	struct fen_report report;
	struct fen_options strict = util_strict(false);
	struct cli_run run;
	cJSON *tree;
	move m;

	/* the position the third move was tried in */
	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert_int_eq(uci_parse_move(&pos, "e2e4", 4, &m), UCI_OK);
	position_make_move(&pos, m, &undo);
	ck_assert_int_eq(uci_parse_move(&pos, "e7e5", 4, &m), UCI_OK);
	position_make_move(&pos, m, &undo);
	options.list_plies = true;
	util_parse(POSITION_START_FEN, false, &pos);
	cli_expect(args, NULL, 1, cli_expected(cli_apply(&pos, (const char *const *)args + 2, 4, options,
							 JSON_APPLY_ILLEGAL_MOVE)));

	run = cli_run(args, NULL);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "code")->valuestring, "illegal_move");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(tree, "index")->valueint, 2);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(tree, "legal_moves")), 29);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "reason")->valuestring, "not_legal");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "cause")->valuestring, "no_such_piece");
	cJSON_Delete(tree);
	cli_free(&run);

	util_parse(POSITION_START_FEN, false, &pos);
	ck_assert_int_eq(uci_parse_move(&pos, "e2e4", 4, &m), UCI_OK);
	position_make_move(&pos, m, &undo);
	run = cli_run(malformed, NULL);
	ck_assert_int_eq(run.status, 1);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "reason")->valuestring, "malformed");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(tree, "index")->valueint, 1);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "fen")->valuestring,
			 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
	cJSON_Delete(tree);
	cli_free(&run);

	fen_parse(bad_fen[1], strlen(bad_fen[1]), &strict, &pos, &report);
	cli_expect(bad_fen, NULL, 1, cli_expected(json_invalid_fen(&report)));
}
END_TEST

/* ---- perft ---- */

START_TEST(test_perft)
{
	const char *args[] = { "perft", KIWIPETE, "3", NULL };
	const char *zero[] = { "perft", KIWIPETE, "0", NULL };
	const char *c960[] = { "perft", "--chess960", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", "3", NULL };

	cli_expect(args, NULL, 0, strdup("97862\n"));
	cli_expect(zero, NULL, 0, strdup("1\n"));
	cli_expect(c960, NULL, 0, strdup("13518\n"));
}
END_TEST

/* --divide: "move: count" lines in perft_divide's order, then the total alone. */
START_TEST(test_perft_divide)
{
	const char *args[] = { "perft", "--divide", KIWIPETE, "3", NULL };
	struct cli_run run = cli_run(args, NULL);
	struct position pos;
	struct perft_entry entries[MOVEGEN_MAX];
	unsigned long long sum = 0, total = 0;
	const char *line = run.out;
	int n, lines = 0;

	ck_assert_int_eq(run.status, 0);
	util_parse(KIWIPETE, false, &pos);
	n = perft_divide(&pos, 3, entries);
	for (int i = 0; i < n; i++) {
		char uci[UCI_MAX], expected[32];
		unsigned long long nodes;
		uci_format_move(&pos, entries[i].move, uci);
		snprintf(expected, sizeof expected, "%s: ", uci);
		ck_assert_msg(!strncmp(line, expected, strlen(expected)), "line %d: %.20s, expected %s", i, line, expected);
		ck_assert_int_eq(sscanf(line + strlen(expected), "%llu", &nodes), 1);
		ck_assert_uint_eq(nodes, entries[i].nodes);
		sum += nodes;
		line = strchr(line, '\n') + 1;
		lines++;
	}
	ck_assert_int_eq(lines, 48);
	/* the last line is the count alone */
	ck_assert_int_eq(sscanf(line, "%llu", &total), 1);
	ck_assert_uint_eq(total, 97862);
	ck_assert_uint_eq(sum, total);
	ck_assert_str_eq(strchr(line, '\n'), "\n");
	cli_free(&run);
}
END_TEST

START_TEST(test_perft_errors)
{
	const char *bad_depth[] = { "perft", KIWIPETE, "x", NULL };
	const char *negative[] = { "perft", KIWIPETE, "-1", NULL };
	const char *deep[] = { "perft", KIWIPETE, "21", NULL };
	const char *missing[] = { "perft", KIWIPETE, NULL };
	const char *invalid[] = { "perft", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "2", NULL };
	const char *const *usage[] = { bad_depth, negative, deep, missing };
	struct position pos;
	struct fen_report report;
	struct fen_options strict = util_strict(false);

	for (int i = 0; i < 4; i++) {
		struct cli_run run = cli_run(usage[i], NULL);
		ck_assert_int_eq(run.status, 2);
		ck_assert_str_eq(run.out, "");
		ck_assert_ptr_nonnull(strstr(run.err, "Try 'fen --help'."));
		cli_free(&run);
	}
	/* perft prints text: an invalid FEN is said on stderr only */
	fen_parse(invalid[1], strlen(invalid[1]), &strict, &pos, &report);
	{
		struct cli_run run = cli_run(invalid, NULL);
		char expected[512];
		snprintf(expected, sizeof expected, "fen: invalid_fen: %s\n", report.errors[0].message);
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.out, "");
		ck_assert_str_eq(run.err, expected);
		cli_free(&run);
	}
}
END_TEST

/* ---- help and usage errors ---- */

START_TEST(test_help)
{
	static const char *const commands[] = { "validate", "moves", "apply", "perft" };
	const char *top[][2] = { { "--help", NULL }, { "-h", NULL }, { "help", NULL } };
	char prefix[64];

	for (int i = 0; i < 4; i++) {
		const char *args[] = { commands[i], "--help", NULL };
		const char *short_form[] = { commands[i], "-h", NULL };
		struct cli_run run = cli_run(args, NULL), run2 = cli_run(short_form, NULL);
		snprintf(prefix, sizeof prefix, "usage: fen %s ", commands[i]);
		ck_assert_int_eq(run.status, 0);
		ck_assert_msg(!strncmp(run.out, prefix, strlen(prefix)), "%s --help: %.40s", commands[i], run.out);
		ck_assert_ptr_nonnull(strstr(run.out, "--lenient"));
		ck_assert_str_eq(run.err, "");
		ck_assert_int_eq(run2.status, 0);
		ck_assert_str_eq(run.out, run2.out);
		cli_free(&run);
		cli_free(&run2);
	}
	for (int i = 0; i < 3; i++) {
		struct cli_run run = cli_run(top[i], NULL);
		ck_assert_int_eq(run.status, 0);
		ck_assert(!strncmp(run.out, "usage: fen <command>", 20));
		ck_assert_ptr_nonnull(strstr(run.out, "perft FEN|- DEPTH"));
		cli_free(&run);
	}
}
END_TEST

START_TEST(test_version)
{
	const char *args[] = { "--version", NULL };
	struct cli_run run = cli_run(args, NULL);
	char expected[64];

	snprintf(expected, sizeof expected, "fen (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, expected);
	cli_free(&run);
}
END_TEST

START_TEST(test_usage_errors)
{
	const char *none[] = { NULL };
	const char *unknown_command[] = { "frobnicate", NULL };
	const char *unknown_option[] = { "validate", "--frobnicate", POSITION_START_FEN, NULL };
	const char *bad_ep[] = { "validate", "--ep", "sometimes", POSITION_START_FEN, NULL };
	const char *bad_castling[] = { "moves", "--castling=xfen", POSITION_START_FEN, NULL };
	const char *no_fen[] = { "validate", NULL };
	const char *no_moves[] = { "apply", POSITION_START_FEN, NULL };
	const char *moves_no_fen[] = { "moves", "--lenient", NULL };
	struct cli_run run;

	run = cli_run(none, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_str_eq(run.out, "");
	ck_assert(!strncmp(run.err, "usage: fen <command>", 20));
	cli_free(&run);

	run = cli_run(unknown_command, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_str_eq(run.out, "");
	ck_assert_str_eq(run.err, "fen: unknown command 'frobnicate'\nTry 'fen --help'.\n");
	cli_free(&run);

	run = cli_run(unknown_option, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_str_eq(run.out, "");
	ck_assert_str_eq(run.err, "fen: unknown option '--frobnicate' for validate\nTry 'fen validate --help'.\n");
	cli_free(&run);

	run = cli_run(bad_ep, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_str_eq(run.err, "fen: --ep takes fen, xfen or legal, not 'sometimes'\nTry 'fen --help'.\n");
	cli_free(&run);

	run = cli_run(bad_castling, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_str_eq(run.err, "fen: --castling takes standard or shredder, not 'xfen'\nTry 'fen --help'.\n");
	cli_free(&run);

	const char *const *rest[] = { no_fen, no_moves, moves_no_fen };
	for (int i = 0; i < 3; i++) {
		run = cli_run(rest[i], NULL);
		ck_assert_int_eq(run.status, 2);
		ck_assert_str_eq(run.out, "");
		ck_assert_ptr_nonnull(strstr(run.err, "Try 'fen --help'."));
		cli_free(&run);
	}
}
END_TEST

/* After "--" everything is a FEN field, even what looks like an option. */
START_TEST(test_double_dash)
{
	const char *args[] = { "validate", "--", "--lenient", NULL };

	cli_expect(args, NULL, 1, cli_validation("--lenient", util_strict(false), JSON_FEN_STYLE_DEFAULT));
}
END_TEST

/* Runs the tool, which must exit 0 having written a file at path that starts with magic. */
static void cli_expect_file(const char *const *args, const char *path, const char *magic)
{
	struct cli_run run = cli_run(args, NULL);
	char head[16];
	size_t n = strlen(magic);
	int fd;

	ck_assert_int_eq(run.status, 0);
	cli_free(&run);
	fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(read(fd, head, n), (ssize_t)n);
	close(fd);
	ck_assert_int_eq(memcmp(head, magic, n), 0);
}

/* ---- pgn ---- */

#define PGN_TWO_GAMES "[Event \"one\"]\n\n1. e4 e5 *\n\n1. d4 1-0\n"

START_TEST(test_pgn_formats)
{
	static const char *const fen[] = { "pgn", "--format", "fen", "-", NULL };
	static const char *const epd[] = { "pgn", "--format=epd", "--ep", "legal", "-", NULL };
	static const char *const uci[] = { "pgn", "--format", "uci", "-", NULL };
	static const char *const san[] = { "pgn", "--format", "san", "--lang", "figurine", "-", NULL };

	cli_expect(fen, PGN_TWO_GAMES, 0,
		   strdup("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
			  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n\n"
			  "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"));
	cli_expect(epd, PGN_TWO_GAMES, 0,
		   strdup("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n"
			  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n\n"
			  "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n"));
	cli_expect(uci, PGN_TWO_GAMES, 0, strdup("e2e4\ne7e5\n\nd2d4\n"));
	cli_expect(san, "1. Nf3 Nf6 2. e4 *", 0, strdup("\u2658f3\n\u265ef6\ne4\n"));
}
END_TEST

/* `fen pgn FILE`: one line per game, exactly the JSON the library builds. */
START_TEST(test_pgn_json)
{
	static const char *const args[] = { "pgn", TEST_DATA_DIR "/pgn/mini-template.pgn", NULL };
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct json_pgn *builder = json_pgn_new(&style, SAN_LANG_EN, true);
	struct pgn_reader *reader = malloc(sizeof *reader);
	FILE *f = fopen(TEST_DATA_DIR "/pgn/mini-template.pgn", "rb");
	char text[8192];
	size_t n;
	bool oom;

	ck_assert_ptr_nonnull(f);
	n = fread(text, 1, sizeof text, f);
	fclose(f);
	pgn_reader_init(reader, &json_pgn_visitor, builder, NULL);
	ck_assert_int_eq(pgn_reader_feed(reader, text, n), n);
	pgn_reader_finish(reader);
	cli_expect(args, NULL, 0, cli_expected(json_pgn_take(builder, NULL, &oom)));
	json_pgn_free(builder);
	free(reader);
}
END_TEST

/* `fen pgn --format pgn FILE`: the games again as export-format PGN, exactly what the
 * library's exporter writes; a game with an error: written as far as it was read, the
 * error as an escape line and on standard error, exit status 1. */
START_TEST(test_pgn_export)
{
	static const char *const args[] = { "pgn", "--format", "pgn", TEST_DATA_DIR "/pgn/annotated.pgn", NULL };
	static const char *const stdin_args[] = { "pgn", "--format=pgn", "--lang", "de", "-", NULL };
	size_t length;
	char *text = util_read_file(TEST_DATA_DIR "/pgn/annotated.pgn", &length);
	struct cli_run run;

	cli_expect(args, NULL, 0, util_pgn_export(text, length, SAN_LANG_EN, 0));
	free(text);

	run = cli_run(stdin_args, "1. e4 e5 2. Sf3 Sc6 3. Kf9 a6 1-0\n");
	ck_assert_int_eq(run.status, 1);
	ck_assert_str_eq(run.out, "% fend: line 1, column 24: unreadable_move Kf9: \"f9\" is not a square, expected\n"
				  "% a destination like e4\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
				  "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n"
				  "1. e4 e5 2. Nf3 Nc6 1-0\n\n");
	ck_assert_ptr_nonnull(strstr(run.err, "game 1, line 1, column 24: unreadable_move Kf9"));
	cli_free(&run);
}
END_TEST

START_TEST(test_pgn_errors)
{
	static const char *const json[] = { "pgn", "-", NULL };
	static const char *const fen[] = { "pgn", "--format", "fen", "-", NULL };
	static const char *const missing[] = { "pgn", "/nonexistent/games.pgn", NULL };
	static const char *const format[] = { "pgn", "--format", "xml", "-", NULL };
	static const char *const none[] = { "pgn", NULL };
	static const char *const render[] = { "render", "--format", "fen", POSITION_START_FEN, NULL };
	static const char *const render_pgn[] = { "render", "--format", "pgn", POSITION_START_FEN, NULL };
	struct cli_run run;

	/* an illegal move: the game is still printed, with its error; exit status 1 */
	run = cli_run(json, "1. e4 Ke3 *\n1. d4 *\n");
	ck_assert_int_eq(run.status, 1);
	ck_assert_ptr_nonnull(strstr(run.out, "\"code\":\"illegal_move\""));
	ck_assert_ptr_nonnull(strstr(run.out, "\"index\":1"));
	cli_free(&run);
	run = cli_run(fen, "1. e4 Ke3 *\n");
	ck_assert_int_eq(run.status, 1);
	ck_assert_str_eq(run.out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n");
	ck_assert_ptr_nonnull(strstr(run.err, "game 1, line 1, column 7: illegal_move Ke3"));
	cli_free(&run);
	run = cli_run(missing, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "/nonexistent/games.pgn"));
	cli_free(&run);
	run = cli_run(format, "");
	ck_assert_int_eq(run.status, 2);
	cli_free(&run);
	run = cli_run(none, "");
	ck_assert_int_eq(run.status, 2);
	cli_free(&run);
	/* --format is shared with render, which refuses pgn's formats */
	run = cli_run(render, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "render --format takes"));
	cli_free(&run);
	run = cli_run(render_pgn, NULL);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "render --format takes"));
	cli_free(&run);
}
END_TEST

/* fen convert: the Guevara game from its file, as JSON and as PGN; standard input; the
 * problem of a game that cannot be read; usage errors. */
START_TEST(test_convert)
{
	const char *json[] = { "convert", "--lang", "es", TEST_DATA_DIR "/guevara-1962.txt", NULL };
	const char *pgn[] = { "convert", "--lang=es", "--tag", "White=Guevara, Ernesto", "--tag=Result=1/2-1/2", "--pgn",
			      TEST_DATA_DIR "/guevara-1962.txt", NULL };
	const char *stdin_san[] = { "convert", "--from", "san", "--lang", "it", "-", NULL };
	const char *from_fen[] = { "convert", "--fen", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 12", "-", NULL };
	const char *bad_from[] = { "convert", "--from", "fen", "-", NULL };
	const char *bad_lang[] = { "convert", "--lang", "de", "-", NULL };
	const char *bad_tag[] = { "convert", "--tag", "White", "-", NULL };
	const char *bad_san_lang[] = { "convert", "--san-lang", "xx", "-", NULL };
	const char *no_file[] = { "convert", NULL };
	const char *german[] = { "convert", "--lang", "es", "--san-lang=de", "-", NULL };
	struct cli_run run;
	cJSON *tree;

	run = cli_run(json, NULL);
	ck_assert_int_eq(run.status, 0);
	tree = cJSON_Parse(run.out);
	ck_assert_ptr_nonnull(tree);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "final_fen")->valuestring,
			 "2r5/p5kp/6p1/2pn1p2/8/4PN1P/P4PP1/2R3K1 w - - 2 27");
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(tree, "moves")), 52);
	cJSON_Delete(tree);
	cli_free(&run);

	run = cli_run(pgn, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "[White \"Guevara, Ernesto\"]\n"));
	ck_assert_ptr_nonnull(strstr(run.out, "26. Rc1 Rc8\n1/2-1/2\n"));
	cli_free(&run);

	run = cli_run(stdin_san, "1. e4 e5 2. Cf3 Cc6\n");
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "2. Nf3 Nc6 *"));
	cli_free(&run);

	run = cli_run(from_fen, "12... PxP e.p.");
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "\"uci\":\"e4d3\""));
	cli_free(&run);

	/* A game that cannot be read: the problem's members, exit 1. */
	run = cli_run((const char *[]){ "convert", "-", NULL }, "1. P-K4 P-K5");
	ck_assert_int_eq(run.status, 1);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "code")->valuestring, "illegal_move");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(tree, "offset")->valueint, 8);
	cJSON_Delete(tree);
	cli_free(&run);

	/* --san-lang: each move's "san" in German, the PGN in English. */
	run = cli_run(german, "1. P4R P4R 2. C3AR");
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "\"san\":\"Sf3\""));
	ck_assert_ptr_nonnull(strstr(run.out, "2. Nf3 *"));
	cli_free(&run);

	for (int i = 0; i < 5; i++) {
		const char *const *args = i == 0 ? bad_from : i == 1 ? bad_lang : i == 2 ? bad_tag : i == 3 ? bad_san_lang : no_file;
		run = cli_run(args, "");
		ck_assert_int_eq(run.status, 2);
		ck_assert_ptr_nonnull(strstr(run.err, "fen: "));
		cli_free(&run);
	}
}
END_TEST

/* fen convert of an annotated game prints exactly what POST /convert answers (the library
 * call), comments, NAGs and variations in its moves; --pgn prints a PGN that `fen pgn`
 * (as POST /pgn) reads back into the same comments and FENs. */
START_TEST(test_convert_annotated)
{
	static const char text[] = "1 P-K4 P-K4 2 N-KB3 {attacking the pawn} N-QB3 3 B-N5 \xc2\xb1 P-QR3 "
				   "(3 ... N-B3 4 O-O NxP) 4 B-R4 the classical retreat 4 ... N-B3";
	const char *args[] = { "convert", "-", NULL };
	const char *pgn_args[] = { "convert", "--pgn", "-", NULL };
	const char *read_args[] = { "pgn", "-", NULL };
	struct json_convert_request creq = { .text = text, .length = sizeof text - 1, .from = JSON_CONVERT_DESCRIPTIVE,
					     .descriptive_lang = DESCRIPTIVE_EN, .san_lang = SAN_LANG_EN,
					     .output_lang = SAN_LANG_EN, .style = JSON_FEN_STYLE_DEFAULT };
	struct descriptive_game *game = malloc(sizeof *game);
	enum json_convert_failure failure;
	struct position start;
	struct cli_run run, read;
	cJSON *expected, *tree;
	const cJSON *moves, *variation;

	ck_assert_ptr_nonnull(game);
	position_set_start(&start);
	expected = json_convert(&start, &creq, game, &failure);
	free(game);
	ck_assert_int_eq(failure, JSON_CONVERT_OK);
	moves = cJSON_GetObjectItemCaseSensitive(expected, "moves");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 2), "comment")->valuestring,
			 "attacking the pawn");
	variation = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 5), "variations"), 0);
	ck_assert_int_eq(cJSON_GetArraySize(variation), 3);
	cli_expect(args, text, 0, cli_expected(expected));

	run = cli_run(pgn_args, text);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "\n1. e4 e5 2. Nf3 {attacking the pawn} 2... Nc6 3. Bb5 $16 3... a6 (3... Nf6 4.\n"
					      "O-O Nxe4) 4. Ba4 {the classical retreat} 4... Nf6 *\n"));
	read = cli_run(read_args, run.out);
	ck_assert_int_eq(read.status, 0);
	tree = cJSON_Parse(read.out);
	ck_assert_ptr_nonnull(tree);
	moves = cJSON_GetObjectItemCaseSensitive(tree, "moves");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 2), "comment")->valuestring,
			 "attacking the pawn");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 6), "comment")->valuestring,
			 "the classical retreat");
	variation = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 5), "variations"), 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(variation, 2), "fen")->valuestring,
			 "r1bqkb1r/pppp1ppp/2n5/1B2p3/4n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5");
	cJSON_Delete(tree);
	cli_free(&read);
	cli_free(&run);

	/* An unbalanced parenthesis: the problem, exit 1. */
	run = cli_run(args, "1. P-K4 (1. P-Q4");
	ck_assert_int_eq(run.status, 1);
	ck_assert_ptr_nonnull(strstr(run.out, "\"reason\":\"unbalanced_parentheses\""));
	cli_free(&run);
}
END_TEST

START_TEST(test_render)
{
	static const char *const svg_args[] = { "render", "--orientation", "black", "--last-move=e2e4", "--arrows",
						"Rg1f3", "--size", "200", "--theme", "contrast",
						"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NULL };
	static char expected[RENDER_SVG_MAX];
	const char *fen = svg_args[10];
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	struct render_error err;
	struct cli_run run;
	char path[] = "/tmp/check_cli_render.XXXXXX";
	int fd;

	/* The SVG is render_svg's, byte for byte, with the options applied. */
	fen_parse(fen, strlen(fen), NULL, &pos, &report);
	render_options_default(&opts);
	render_option_set(&opts, "orientation", "black", &err);
	render_option_set(&opts, "last_move", "e2e4", &err);
	render_option_set(&opts, "arrows", "Rg1f3", &err);
	render_option_set(&opts, "size", "200", &err);
	render_option_set(&opts, "theme", "contrast", &err);
	ck_assert_uint_gt(render_svg(&pos, &opts, expected, sizeof expected), 0);
	run = cli_run(svg_args, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, expected);
	cli_free(&run);
	/* PNG and an animated GIF into a file. */
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	{
		const char *args[] = { "render", "--format", "png", "--output", path, fen, NULL };
		cli_expect_file(args, path, "\x89PNG\r\n\x1a\n");
	}
	{
		const char *args[] = { "render", "--format=gif", "--moves", "e2e4,e7e5", "--delay", "300", "--output", path,
				       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL };
		cli_expect_file(args, path, "GIF89a");
	}
	unlink(path);
	/* A readable board that is not legal is drawn, with a word on stderr. */
	{
		const char *args[] = { "render", "--format", "ascii", "KP6/8/8/8/8/8/8/8 w - - 0 1", NULL };
		run = cli_run(args, NULL);
		ck_assert_int_eq(run.status, 0);
		ck_assert_ptr_nonnull(strstr(run.out, "8 K P . . . . . ."));
		ck_assert_ptr_nonnull(strstr(run.err, "missing_king,pawn_on_back_rank"));
		cli_free(&run);
	}
	/* Unreadable board: 1, said on stderr only (a picture is no JSON), and with --format
	 * json the invalid_fen members on stdout too; bad options: 2. */
	{
		const char *args[] = { "render", "KP7/8/8/8/8/8/8/8 w - - 0 1", NULL };
		run = cli_run(args, NULL);
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.out, "");
		ck_assert(!strncmp(run.err, "fen: invalid_fen: ", 18));
		ck_assert_ptr_nonnull(strchr(run.err, '\n'));
		ck_assert_str_eq(strchr(run.err, '\n'), "\n");
		cli_free(&run);
	}
	{
		const char *args[] = { "render", "--format", "json", "KP7/8/8/8/8/8/8/8 w - - 0 1", NULL };
		run = cli_run(args, NULL);
		ck_assert_int_eq(run.status, 1);
		ck_assert_ptr_nonnull(strstr(run.out, "\"code\":\"invalid_fen\""));
		ck_assert(!strncmp(run.err, "fen: invalid_fen: ", 18));
		cli_free(&run);
	}
	{
		const char *args[] = { "render", "--format", "gif", "--moves", "e2e5", POSITION_START_FEN, NULL };
		run = cli_run(args, NULL);
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.out, "");
		ck_assert_str_eq(run.err, "fen: illegal_move: move 1, \"e2e5\", is not legal in this position\n");
		cli_free(&run);
	}
	/* --game: a PGN file's first game, one frame per ply (a graphic control block each). */
	{
		char game_path[] = "/tmp/check_cli_game.XXXXXX";
		fd = mkstemp(game_path);
		ck_assert_int_ge(fd, 0);
		close(fd);
		static const char pgn[] = "[Event \"a\"]\n\n1. e4 {[%cal Ge2e4]} e5 2. Nf3 {[%csl Rf3]} *\n\n1. d4 *\n";
		const char *args[] = { "render", "--game", "-", "--size", "200", "--output", game_path, NULL };
		char gif[65536];
		int n = 0;
		run = cli_run(args, pgn);
		ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
		cli_free(&run);
		fd = open(game_path, O_RDONLY);
		ck_assert_int_ge(fd, 0);
		ssize_t got = read(fd, gif, sizeof gif);
		close(fd);
		ck_assert_int_gt(got, 6);
		ck_assert_int_eq(memcmp(gif, "GIF89a", 6), 0);
		for (ssize_t i = 0; i + 3 <= got; i++)
			n += !memcmp(gif + i, "\x21\xf9\x04", 3);
		ck_assert_int_eq(n, 4);
		unlink(game_path);
	}
	{
		const char *args[] = { "render", "--game", "-", NULL };
		/* a GIF is no JSON: the problem is said on stderr only, in one line */
		run = cli_run(args, "hello");
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.out, "");
		ck_assert(!strncmp(run.err, "fen: line 1, column 1: malformed_pgn: ", 38));
		ck_assert_str_eq(strchr(run.err, '\n'), "\n");
		cli_free(&run);
		run = cli_run(args, "1. e4 Ke5 *");
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.out, "");
		ck_assert_ptr_nonnull(strstr(run.err, "illegal_move: move 2, \"Ke5\", is not legal"));
		cli_free(&run);
		run = cli_run(args, "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*");
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.out, "");
		ck_assert_str_eq(run.err, "fen: invalid_fen: White has no king; each side needs exactly one\n");
		cli_free(&run);
	}
	{
		const char *png[] = { "render", "--game", "-", "--format", "png", NULL };
		const char *fen_too[] = { "render", "--game", "-", POSITION_START_FEN, NULL };
		run = cli_run(png, "1. e4 *");
		ck_assert_int_eq(run.status, 2);
		cli_free(&run);
		run = cli_run(fen_too, "1. e4 *");
		ck_assert_int_eq(run.status, 2);
		cli_free(&run);
	}
	static const char *const bad[][4] = {
		{ "render", "--format", "bmp", NULL }, { "render", "--size", "10", NULL },
		{ "render", "--arrows", "Xe2e4", NULL }, { "render", "--colour", "red", NULL },
		{ "render", "--moves", "e2e4", NULL }, { "render", "--theme", NULL, NULL },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *args[6] = { bad[i][0], bad[i][1], bad[i][2], NULL, NULL, NULL };
		int n = bad[i][2] ? 3 : 2;
		args[n] = POSITION_START_FEN;
		run = cli_run(args, NULL);
		ck_assert_msg(run.status == 2, "%s %s: exit %d", bad[i][1], bad[i][2] ? bad[i][2] : "", run.status);
		ck_assert_ptr_nonnull(strstr(run.err, "fen: "));
		cli_free(&run);
	}
}
END_TEST


/* ---- the language of SAN, without --lang ---- */

#define CLI_SEED_IT "1. c4 c6 2. Cf3 d5 3. g3 Ag4 4. Ce5 Af5 5. Db3 Db6 6. cxd5 Dxb3 7. axb3 Ae4 8. dxc6 Axh1 9. Txa7 1-0\n"
#define CLI_SEED_EN "1. c4 c6 2. Nf3 d5 3. g3 Bg4 4. Ne5 Bf5 5. Qb3 Qb6 6. cxd5 Qxb3 7. axb3 Be4 8. dxc6 Bxh1 9. Rxa7 1-0\n"

START_TEST(test_lang_detected)
{
	static const char *const apply[] = { "apply", POSITION_START_FEN, "d4", "d5", "Cc3", "Cc6", NULL };
	static const char *const apply_en[] = { "apply", "--lang", "en", POSITION_START_FEN, "d4", "d5", "Cc3", NULL };
	static const char *const pgn_san[] = { "pgn", "--format", "san", "-", NULL };
	static const char *const pgn_json[] = { "pgn", "-", NULL };
	static const char *const convert[] = { "convert", "--from", "san", "--pgn", "-", NULL };
	static const char *const ambiguous[] = { "apply", "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1", "Rf1", "Rf8", NULL };
	static const char *const gif[] = { "render", "--format", "gif", "--moves", "e4,e5,Cf3", "--output", "/dev/null",
					   POSITION_START_FEN, NULL };
	struct cli_run run, en;
	cJSON *tree;

	run = cli_run(apply, NULL);
	ck_assert_int_eq(run.status, 0);
	tree = cJSON_Parse(run.out);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "uci")->valuestring, "b8c6");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "lang_detected")->valuestring, "it");
	cJSON_Delete(tree);
	cli_free(&run);
	run = cli_run(apply_en, NULL);
	ck_assert_int_eq(run.status, 1);
	ck_assert_ptr_nonnull(strstr(run.out, "\"code\":\"illegal_move\""));
	cli_free(&run);
	/* fen pgn: the English SAN of the Italian game is the original's */
	run = cli_run(pgn_san, CLI_SEED_IT);
	en = cli_run(pgn_san, CLI_SEED_EN);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, en.out);
	cli_free(&run);
	cli_free(&en);
	run = cli_run(pgn_json, CLI_SEED_IT);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "\"lang_detected\":\"it\""));
	cli_free(&run);
	run = cli_run(convert, CLI_SEED_IT);
	en = cli_run(convert, CLI_SEED_EN);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, en.out);
	cli_free(&run);
	cli_free(&en);
	run = cli_run(ambiguous, NULL);
	ck_assert_int_eq(run.status, 1);
	ck_assert_ptr_nonnull(strstr(run.out, "\"code\":\"ambiguous_language\""));
	cli_free(&run);
	run = cli_run(gif, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.err, "Italian piece letters"));
	cli_free(&run);
}
END_TEST

/* ---- Unix conventions: per-command help, refused options, '-', stderr, --format ---- */

/* Runs args and checks the exit status and exactly what went to stdout and stderr. */
static void cli_expect_all(const char *const *args, const char *input, int status, const char *out, const char *err)
{
	struct cli_run run = cli_run(args, input);

	ck_assert_msg(run.status == status, "exit status %d, expected %d; stderr: %s", run.status, status, run.err);
	ck_assert_str_eq(run.out, out);
	ck_assert_str_eq(run.err, err);
	cli_free(&run);
}

/* `fen CMD --help`: that command's usage, its options only, and the exit status. */
START_TEST(test_command_help)
{
	static const char *const commands[] = { "validate", "moves", "apply", "perft", "pgn", "convert", "render" };
	/* an option each command takes, and one it does not */
	static const char *const takes[] = { "--ndjson", "--format FORMAT", "--notation NAME", "--divide",
					     "--strict-san", "--tag NAME=VALUE", "--final-delay MS" };
	static const char *const refuses[] = { "--divide", "--ndjson", "--divide", "--format", "--lenient", "--divide",
					       "--notation" };

	for (int i = 0; i < 7; i++) {
		const char *args[] = { commands[i], "--help", NULL };
		struct cli_run run = cli_run(args, NULL);
		char prefix[64], option[64];
		snprintf(prefix, sizeof prefix, "usage: fen %s ", commands[i]);
		snprintf(option, sizeof option, "\n  %s ", takes[i]);
		ck_assert_int_eq(run.status, 0);
		ck_assert_str_eq(run.err, "");
		ck_assert_msg(!strncmp(run.out, prefix, strlen(prefix)), "%s --help: %.40s", commands[i], run.out);
		ck_assert_msg(strstr(run.out, option) != NULL, "%s --help lacks %s", commands[i], takes[i]);
		snprintf(option, sizeof option, "\n  %s", refuses[i]);
		ck_assert_msg(strstr(run.out, option) == NULL, "%s --help lists %s", commands[i], refuses[i]);
		ck_assert_ptr_nonnull(strstr(run.out, "\n  --help "));
		ck_assert_ptr_nonnull(strstr(run.out, "\nexit status:\n  0  done\n  1  "));
		ck_assert_ptr_nonnull(strstr(run.out, "\n  2  usage error: "));
		ck_assert_ptr_nonnull(strstr(run.out, "\n  3  the output cannot be written"));
		/* the general help's text is not in it */
		ck_assert_ptr_null(strstr(run.out, "commands:"));
		/* `fen help CMD` says the same */
		{
			const char *help[] = { "help", commands[i], NULL };
			cli_expect_all(help, NULL, 0, run.out, "");
		}
		cli_free(&run);
	}
}
END_TEST

/* An option the command does not take, or no command takes: exit 2, nothing on stdout,
 * stderr naming it and the command, with the option meant when it is close. */
START_TEST(test_refused_options)
{
	const char *divide[] = { "moves", "--divide", POSITION_START_FEN, NULL };
	const char *format[] = { "perft", "--format=json", POSITION_START_FEN, "1", NULL };
	const char *typo[] = { "validate", "--lenint", POSITION_START_FEN, NULL };
	const char *typo2[] = { "apply", "--notaton", "san", POSITION_START_FEN, "e4", NULL };
	const char *near_other[] = { "perft", "--chess690", POSITION_START_FEN, "1", NULL };
	const char *far[] = { "render", "--colour", "red", POSITION_START_FEN, NULL };
	const char *flag_value[] = { "moves", "--lenient=yes", POSITION_START_FEN, NULL };
	const char *no_value[] = { "moves", POSITION_START_FEN, "--format", NULL };

	cli_expect_all(divide, NULL, 2, "", "fen: moves does not take --divide (perft takes it)\nTry 'fen moves --help'.\n");
	cli_expect_all(format, NULL, 2, "",
		       "fen: perft does not take --format (moves, apply, pgn, render take it)\n"
		       "Try 'fen perft --help'.\n");
	cli_expect_all(typo, NULL, 2, "",
		       "fen: unknown option '--lenint' for validate; did you mean --lenient?\n"
		       "Try 'fen validate --help'.\n");
	cli_expect_all(typo2, NULL, 2, "",
		       "fen: unknown option '--notaton' for apply; did you mean --notation?\nTry 'fen apply --help'.\n");
	cli_expect_all(near_other, NULL, 2, "",
		       "fen: unknown option '--chess690' for perft; did you mean --chess960?\nTry 'fen perft --help'.\n");
	cli_expect_all(far, NULL, 2, "", "fen: unknown option '--colour' for render\nTry 'fen render --help'.\n");
	cli_expect_all(flag_value, NULL, 2, "", "fen: --lenient takes no value\nTry 'fen --help'.\n");
	cli_expect_all(no_value, NULL, 2, "", "fen: --format needs a value (FORMAT)\nTry 'fen --help'.\n");
	{
		const char *help_unknown[] = { "help", "frobnicate", NULL };
		cli_expect_all(help_unknown, NULL, 2, "", "fen: unknown command 'frobnicate'\nTry 'fen --help'.\n");
	}
}
END_TEST

/* '-' reads the FEN (or the game) from standard input, for every command that reads one:
 * the output is that of the same FEN given as an argument. */
START_TEST(test_stdin_dash)
{
	static const char *const fen_commands[][5] = {
		{ "moves", NULL, NULL, NULL, NULL },
		{ "moves", "--format", "san", NULL, NULL },
		{ "apply", "@", "e2a6", "b4c3", NULL },
		{ "apply", "--format", "fen", "@", "e1g1" },
		{ "perft", "@", "2", NULL, NULL },
		{ "render", "--format", "ascii", NULL, NULL },
		{ "render", "--format", "json", NULL, NULL },
		{ "validate", NULL, NULL, NULL, NULL },
	};

	for (size_t i = 0; i < sizeof fen_commands / sizeof fen_commands[0]; i++) {
		const char *given[7], *dashed[7];
		int n = 0;
		bool placed = false;
		for (int k = 0; k < 5 && fen_commands[i][k]; k++, n++) {
			placed = placed || !strcmp(fen_commands[i][k], "@");
			given[n] = strcmp(fen_commands[i][k], "@") ? fen_commands[i][k] : KIWIPETE;
			dashed[n] = strcmp(fen_commands[i][k], "@") ? fen_commands[i][k] : "-";
		}
		if (!placed) {
			given[n] = KIWIPETE;
			dashed[n++] = "-";
		}
		given[n] = dashed[n] = NULL;
		struct cli_run want = cli_run(given, NULL), got = cli_run(dashed, KIWIPETE "\n");
		ck_assert_msg(want.status == 0, "%s: exit %d: %s", given[0], want.status, want.err);
		ck_assert_msg(got.status == 0, "%s -: exit %d: %s", given[0], got.status, got.err);
		ck_assert_msg(strlen(want.out) > 0, "%s printed nothing", given[0]);
		ck_assert_str_eq(got.out, want.out);
		ck_assert_str_eq(got.err, "");
		cli_free(&want);
		cli_free(&got);
	}
	/* a game from standard input: pgn, convert and render --game */
	{
		const char *pgn[] = { "pgn", "--format", "uci", "-", NULL };
		const char *convert[] = { "convert", "--from", "san", "--pgn", "-", NULL };
		const char *game[] = { "render", "--game", "-", NULL };
		struct cli_run run;
		cli_expect_all(pgn, "1. e4 e5 2. Nf3 *\n", 0, "e2e4\ne7e5\ng1f3\n", "");
		run = cli_run(convert, "1. e4 e5 2. Nf3");
		ck_assert_int_eq(run.status, 0);
		ck_assert_ptr_nonnull(strstr(run.out, "\n1. e4 e5 2. Nf3 *"));
		ck_assert_str_eq(run.err, "");
		cli_free(&run);
		run = cli_run(game, "1. e4 e5 *\n");
		ck_assert_int_eq(run.status, 0);
		ck_assert(!strncmp(run.out, "GIF89a", 6));
		cli_free(&run);
	}
	/* nothing on standard input: an empty FEN, which is invalid */
	{
		const char *moves[] = { "moves", "--format", "uci", "-", NULL };
		cli_expect_all(moves, "", 1, "",
			       "fen: invalid_fen: the FEN is empty\n");
	}
}
END_TEST

/* An error result: JSON commands print it on stdout and say it on stderr in one line;
 * text commands say it on stderr only. */
START_TEST(test_stderr_messages)
{
	static const char bad_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
	const char *validate[] = { "validate", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", NULL };
	const char *validate_lines[] = { "validate", "-", NULL };
	const char *apply_json[] = { "apply", POSITION_START_FEN, "e2e4", "e2e5", NULL };
	const char *apply_fen[] = { "apply", "--format", "fen", POSITION_START_FEN, "e2e4", "e2e5", NULL };
	const char *moves_san[] = { "moves", "--format", "san", "8/8/8/8/8/8/8/8 w - - 0 1", NULL };
	const char *pgn_json[] = { "pgn", "-", NULL };
	const char *convert_pgn[] = { "convert", "--from", "san", "--pgn", "-", NULL };
	const char *convert_json[] = { "convert", "--from", "san", "-", NULL };
	static const char illegal[] = "fen: illegal_move: move 2, \"e2e5\", is not legal in this position\n";
	struct position pos;
	struct fen_report report;
	struct fen_options strict = util_strict(false);
	char err[512];
	struct cli_run run;

	fen_parse(validate[1], strlen(validate[1]), &strict, &pos, &report);
	snprintf(err, sizeof err, "fen: invalid_fen: %s\n", report.errors[0].message);
	run = cli_run(validate, NULL);
	ck_assert_int_eq(run.status, 1);
	ck_assert_ptr_nonnull(strstr(run.out, "\"valid\":false"));
	ck_assert_str_eq(run.err, err);
	cli_free(&run);

	fen_parse(bad_fen, strlen(bad_fen), &strict, &pos, &report);
	snprintf(err, sizeof err, "fen: line 2: invalid_fen: %s\n", report.errors[0].message);
	run = cli_run(validate_lines, POSITION_START_FEN "\n" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\n");
	ck_assert_int_eq(run.status, 1);
	ck_assert_str_eq(run.err, err);
	cli_free(&run);

	/* --ndjson: a record's problem, or its line's */
	{
		const char *ndjson[] = { "validate", "--ndjson", "-", NULL };
		run = cli_run(ndjson, "\"8/8/8/8/8/8/8/8 w - - 0 1\"\n{bad\n\"" POSITION_START_FEN "\"\n");
		ck_assert_int_eq(run.status, 1);
		ck_assert_str_eq(run.err, "fen: line 1: invalid_fen: White has no king; each side needs exactly one\n"
					  "fen: line 2: malformed_json: the line is not valid JSON (the error is at byte 2)\n");
		cli_free(&run);
	}

	run = cli_run(apply_json, NULL);
	ck_assert_int_eq(run.status, 1);
	ck_assert(!strncmp(run.out, "{\"code\":\"illegal_move\"", 22));
	ck_assert_str_eq(run.err, illegal);
	cli_free(&run);
	cli_expect_all(apply_fen, NULL, 1, "", illegal);
	cli_expect_all(moves_san, NULL, 1, "", "fen: invalid_fen: White has no king; each side needs exactly one\n");

	/* pgn's JSON: the game is printed, each error said on stderr as the text formats say it */
	run = cli_run(pgn_json, "1. e4 Ke3 *\n");
	ck_assert_int_eq(run.status, 1);
	ck_assert_ptr_nonnull(strstr(run.out, "\"errors\":[{\"code\":\"illegal_move\""));
	ck_assert_str_eq(run.err, "fen: game 1, line 1, column 7: illegal_move Ke3: no black king can move to e3\n");
	cli_free(&run);

	run = cli_run(convert_pgn, "1. e4 Ke3");
	ck_assert_int_eq(run.status, 1);
	ck_assert_str_eq(run.out, "");
	ck_assert_str_eq(run.err, "fen: illegal_move: move 2, \"Ke3\": no black king can move to e3\n");
	cli_free(&run);
	run = cli_run(convert_json, "1. e4 Ke3");
	ck_assert_int_eq(run.status, 1);
	ck_assert(!strncmp(run.out, "{\"code\":\"illegal_move\"", 22));
	ck_assert_str_eq(run.err, "fen: illegal_move: move 2, \"Ke3\": no black king can move to e3\n");
	cli_free(&run);
}
END_TEST

/* Exit status 3: the output cannot be written. */
START_TEST(test_output_failure)
{
	const char *args[] = { "render", "--format", "ascii", "--output", "/nonexistent/board.txt", POSITION_START_FEN,
			       NULL };
	struct cli_run run = cli_run(args, NULL);

	ck_assert_int_eq(run.status, 3);
	ck_assert_str_eq(run.out, "");
	ck_assert_str_eq(run.err, "fen: cannot write /nonexistent/board.txt: No such file or directory\n");
	cli_free(&run);
	/* standard output on a full device: JSON, text and pictures alike */
	static const char *const full[][5] = {
		{ "moves", POSITION_START_FEN, NULL }, { "moves", "--format", "uci", POSITION_START_FEN, NULL },
		{ "perft", POSITION_START_FEN, "1", NULL }, { "render", POSITION_START_FEN, NULL },
	};
	for (size_t i = 0; i < sizeof full / sizeof full[0]; i++) {
		char *argv[6] = { (char *)BUILD_DIR "/fen" }, *err;
		posix_spawn_file_actions_t actions;
		int errfd = cli_temp_file(), wstatus;
		pid_t pid;
		for (int k = 0; k < 4 && full[i][k]; k++)
			argv[k + 1] = (char *)full[i][k];
		posix_spawn_file_actions_init(&actions);
		posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0);
		posix_spawn_file_actions_adddup2(&actions, errfd, 2);
		ck_assert_int_eq(posix_spawn(&pid, argv[0], &actions, NULL, argv, environ), 0);
		posix_spawn_file_actions_destroy(&actions);
		ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
		ck_assert(WIFEXITED(wstatus));
		ck_assert_msg(WEXITSTATUS(wstatus) == 3, "%s: exit %d", full[i][0], WEXITSTATUS(wstatus));
		err = cli_slurp(errfd);
		ck_assert_str_eq(err, "fen: cannot write standard output: No space left on device\n");
		free(err);
		close(errfd);
	}
}
END_TEST

/* moves --format uci|san|json: one move a line, in movegen's order, as the core writes it. */
START_TEST(test_moves_formats)
{
	const char *uci[] = { "moves", "--format", "uci", KIWIPETE, NULL };
	const char *san[] = { "moves", "--format=san", "--lang", "de", KIWIPETE, NULL };
	const char *json[] = { "moves", "--format", "json", KIWIPETE, NULL };
	const char *plain[] = { "moves", KIWIPETE, NULL };
	const char *mate[] = { "moves", "--format", "uci", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", NULL };
	const char *bad[] = { "moves", "--format", "fen", KIWIPETE, NULL };
	char want_uci[4096] = "", want_san[4096] = "";
	struct move_list list;
	struct position pos;
	struct fen_report report;
	struct fen_options strict = util_strict(false);
	struct cli_run a, b;

	ck_assert_int_eq(fen_parse(KIWIPETE, strlen(KIWIPETE), &strict, &pos, &report), FEN_VALID);
	ck_assert_int_eq(movegen_legal(&pos, &list), 48);
	for (int i = 0; i < list.count; i++) {
		char out[SAN_MAX];
		uci_format_move(&pos, list.moves[i], out);
		strcat(strcat(want_uci, out), "\n");
		san_format_move(&pos, list.moves[i], SAN_LANG_DE, SAN_STYLE_SAN, out);
		strcat(strcat(want_san, out), "\n");
	}
	ck_assert_ptr_nonnull(strstr(want_san, "\nO-O\n"));
	ck_assert_ptr_nonnull(strstr(want_san, "\nLxa6\n"));
	cli_expect_all(uci, NULL, 0, want_uci, "");
	cli_expect_all(san, NULL, 0, want_san, "");
	a = cli_run(json, NULL);
	b = cli_run(plain, NULL);
	ck_assert_int_eq(a.status, 0);
	ck_assert_str_eq(a.out, b.out);
	cli_free(&a);
	cli_free(&b);
	/* checkmate: no move, no line */
	cli_expect_all(mate, NULL, 0, "", "");
	cli_expect_all(bad, NULL, 2, "", "fen: moves --format takes json, uci or san, not 'fen'\nTry 'fen --help'.\n");
}
END_TEST

/* apply --format fen|san|uci|json: the resulting FEN, or the moves played. */
START_TEST(test_apply_formats)
{
	const char *fen[] = { "apply", "--format", "fen", POSITION_START_FEN, "e2e4", "e5", "Nf3", NULL };
	const char *one[] = { "apply", "--format", "fen", POSITION_START_FEN, "e2e4", NULL };
	const char *san[] = { "apply", "--format", "san", POSITION_START_FEN, "e2e4", "e7e5", "g1f3", "b8c6", NULL };
	const char *san_de[] = { "apply", "--format", "san", "--lang", "de", POSITION_START_FEN, "e4", "e5", "Sf3", NULL };
	const char *uci[] = { "apply", "--format=uci", POSITION_START_FEN, "e4", "e5", "Nf3", "Nc6", "Bb5", NULL };
	const char *uci_one[] = { "apply", "--format", "uci", POSITION_START_FEN, "O-O", NULL };
	const char *json[] = { "apply", "--format", "json", POSITION_START_FEN, "e2e4", "e7e5", NULL };
	const char *plain[] = { "apply", POSITION_START_FEN, "e2e4", "e7e5", NULL };
	const char *bad[] = { "apply", "--format", "epd", POSITION_START_FEN, "e2e4", NULL };
	struct cli_run a, b;

	cli_expect_all(fen, NULL, 0, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n", "");
	cli_expect_all(one, NULL, 0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n", "");
	cli_expect_all(san, NULL, 0, "e4\ne5\nNf3\nNc6\n", "");
	cli_expect_all(san_de, NULL, 0, "e4\ne5\nSf3\n", "");
	cli_expect_all(uci, NULL, 0, "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\n", "");
	cli_expect_all(uci_one, NULL, 1, "",
		       "fen: illegal_move: move 1, \"O-O\": O-O: pieces stand between the king and the rook\n");
	a = cli_run(json, NULL);
	b = cli_run(plain, NULL);
	ck_assert_int_eq(a.status, 0);
	ck_assert_ptr_nonnull(strstr(a.out, "\"moves\":[{\"uci\":\"e2e4\""));
	ck_assert_str_eq(a.out, b.out);
	cli_free(&a);
	cli_free(&b);
	cli_expect_all(bad, NULL, 2, "",
		       "fen: apply --format takes json, fen, san or uci, not 'epd'\nTry 'fen --help'.\n");
}
END_TEST

/* ---- opening names in the CLI's JSON ---- */

/* `fen validate` names the position, `fen apply` the line and each ply, `fen pgn` each
 * ply and the game. */
START_TEST(test_opening)
{
	const char *validate[] = { "validate", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", NULL };
	const char *apply[] = { "apply", POSITION_START_FEN, "e4", "c5", "a3", "h6", NULL };
	const char *pgn[] = { "pgn", "--format", "json", "-", NULL };
	struct cli_run run = cli_run(validate, NULL);
	cJSON *tree = cJSON_Parse(run.out), *opening;

	ck_assert_int_eq(run.status, 0);
	opening = cJSON_GetObjectItemCaseSensitive(tree, "opening");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "eco")->valuestring, "B20");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "name")->valuestring, "Sicilian Defense");
	cJSON_Delete(tree);
	cli_free(&run);

	run = cli_run(apply, NULL);
	ck_assert_int_eq(run.status, 0);
	tree = cJSON_Parse(run.out);
	opening = cJSON_GetObjectItemCaseSensitive(tree, "opening");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "name")->valuestring,
			 "Sicilian Defense: Mengarini Variation");
	opening = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tree, "moves"), 0),
						   "opening");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "name")->valuestring, "King's Pawn Game");
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tree, "moves"), 3), "opening")));
	cJSON_Delete(tree);
	cli_free(&run);

	/* `fen pgn`: each ply its position's own name, in a variation too; the game the
	 * main line's most recent one */
	run = cli_run(pgn, "1. e4 c5 (1... e5 2. Nf3) 2. a3 h6 *\n");
	ck_assert_int_eq(run.status, 0);
	tree = cJSON_Parse(run.out);
	const cJSON *game = tree; /* one game: its object */
	const cJSON *moves = cJSON_GetObjectItemCaseSensitive(game, "moves");
	opening = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 1), "opening");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "name")->valuestring, "Sicilian Defense");
	const cJSON *variation = cJSON_GetArrayItem(
		cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 1), "variations"), 0);
	opening = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(variation, 1), "opening");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "eco")->valuestring, "C40");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "name")->valuestring, "King's Knight Opening");
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(moves, 3), "opening")));
	opening = cJSON_GetObjectItemCaseSensitive(game, "opening");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(opening, "name")->valuestring,
			 "Sicilian Defense: Mengarini Variation");
	cJSON_Delete(tree);
	cli_free(&run);
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc;

	/* every test starts processes; sanitizer builds start slowly */
	tc = tcase_create("validate");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_validate_valid);
	tcase_add_test(tc, test_opening);
	tcase_add_test(tc, test_validate_invalid);
	tcase_add_test(tc, test_validate_lang);
	tcase_add_test(tc, test_validate_unquoted);
	tcase_add_test(tc, test_validate_lenient);
	tcase_add_test(tc, test_validate_chess960);
	tcase_add_test(tc, test_validate_hints);
	tcase_add_test(tc, test_validate_ep_styles);
	tcase_add_test(tc, test_validate_stdin);
	tcase_add_test(tc, test_validate_ndjson);
	tcase_add_test(tc, test_validate_too_long);
	tcase_add_test(tc, test_pretty);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves_and_apply");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_moves);
	tcase_add_test(tc, test_apply_one);
	tcase_add_test(tc, test_apply_several);
	tcase_add_test(tc, test_apply_illegal);
	tcase_add_test(tc, test_apply_san_options);
	suite_add_tcase(s, tc);

	tc = tcase_create("perft");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_perft);
	tcase_add_test(tc, test_perft_divide);
	tcase_add_test(tc, test_perft_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("usage");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_version);
	tcase_add_test(tc, test_convert);
	tcase_add_test(tc, test_convert_annotated);
	tcase_add_test(tc, test_lang_detected);
	tcase_add_test(tc, test_usage_errors);
	tcase_add_test(tc, test_double_dash);
	suite_add_tcase(s, tc);

	tc = tcase_create("pgn");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_pgn_formats);
	tcase_add_test(tc, test_pgn_json);
	tcase_add_test(tc, test_pgn_errors);
	tcase_add_test(tc, test_pgn_export);
	suite_add_tcase(s, tc);

	tc = tcase_create("render");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_render);
	suite_add_tcase(s, tc);

	tc = tcase_create("unix");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_command_help);
	tcase_add_test(tc, test_refused_options);
	tcase_add_test(tc, test_stdin_dash);
	tcase_add_test(tc, test_stderr_messages);
	tcase_add_test(tc, test_output_failure);
	tcase_add_test(tc, test_moves_formats);
	tcase_add_test(tc, test_apply_formats);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(cli_suite());
}
