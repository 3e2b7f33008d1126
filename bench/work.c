/* bench/work.c -- what fend's own work on one POST /validate costs, without HTTP: the
 * pieces of endpoint_validate run in a loop over the benchmark positions, in one thread,
 * with the JSON arena opened and closed per request as the daemon does. bench/work.sh
 * builds it against a built fend tree and runs it; bench/http.sh's floor line says how
 * much of the CPU target is left for this work, and this says what the work costs when
 * its code and data stay in the caches (a lower bound for it inside the daemon).
 *
 *   work FENS_FILE [ITERATIONS]
 *
 * Each stage is timed over ITERATIONS requests (default 200,000), best of 3 rounds:
 *   parse     cJSON reads the request body {"fen":"..."} (json_parse_text, with its
 *             UTF-8 check)
 *   validate  the FEN is parsed, its status computed and the answer's tree built
 *             (json_validate_text)
 *   print     that tree printed by cJSON as reply.c prints it (json_print_prepare and
 *             cJSON_PrintBuffered): the time of validate+print less validate's */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "json/json.h"

#define WORK_POSITIONS 10000
#define WORK_FEN_MAX 128
/* reply.c's REPLY_PRINT_BUFFER (src/http/http.h; this program does not link the HTTP layer). */
#define WORK_PRINT_BUFFER 2048

enum work_stage { WORK_PARSE, WORK_VALIDATE, WORK_VALIDATE_PRINT };

static char work_fens[WORK_POSITIONS][WORK_FEN_MAX];
static char work_bodies[WORK_POSITIONS][WORK_FEN_MAX + 16];
static int work_count;

static double work_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Runs one stage over iterations requests; returns ns per request. *bytes gets the bytes
 * printed (a checksum that keeps the work from being optimised away). */
static double work_run(enum work_stage stage, long iterations, size_t *bytes)
{
	const struct fen_options options = { FEN_STRICT, false, false };
	const struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	double start = work_now();

	for (long i = 0; i < iterations; i++) {
		const char *fen = work_fens[i % work_count], *body = work_bodies[i % work_count];
		struct json_text_error error;
		bool valid;
		cJSON *tree;

		json_arena_begin();
		if (stage == WORK_PARSE) {
			tree = json_parse_text(body, strlen(body), "body", &error);
			*bytes += tree != NULL;
		} else {
			tree = json_validate_text(fen, strlen(fen), &options, &style, &valid);
			if (!tree) {
				fprintf(stderr, "work: no answer for %s\n", fen);
				exit(1);
			}
			if (stage == WORK_VALIDATE_PRINT) {
				char *text = json_print_prepare(tree) ? cJSON_PrintBuffered(tree, WORK_PRINT_BUFFER, false)
								      : NULL;
				if (!text) {
					fprintf(stderr, "work: out of memory\n");
					exit(1);
				}
				*bytes += strlen(text);
			}
		}
		json_arena_end();
	}
	return (work_now() - start) / (double)iterations * 1e9;
}

static double work_best(enum work_stage stage, long iterations, size_t *bytes)
{
	double best = 0;

	for (int round = 0; round < 3; round++) {
		double ns = work_run(stage, iterations, bytes);
		if (round == 0 || ns < best)
			best = ns;
	}
	return best;
}

int main(int argc, char **argv)
{
	long iterations = argc > 2 ? atol(argv[2]) : 200000;
	size_t parsed = 0, unprinted = 0, printed = 0;
	double parse, validate, both;
	FILE *f;

	if (argc < 2 || argc > 3 || iterations < 1) {
		fprintf(stderr, "usage: %s FENS_FILE [ITERATIONS]\n", argv[0]);
		return 2;
	}
	if (!(f = fopen(argv[1], "r"))) {
		perror(argv[1]);
		return 1;
	}
	while (work_count < WORK_POSITIONS && fgets(work_fens[work_count], WORK_FEN_MAX, f)) {
		char *fen = work_fens[work_count];
		fen[strcspn(fen, "\r\n")] = '\0';
		if (!*fen)
			continue;
		/* The bench FENs hold no character that JSON would escape. */
		snprintf(work_bodies[work_count], sizeof work_bodies[work_count], "{\"fen\":\"%s\"}", fen);
		work_count++;
	}
	fclose(f);
	if (!work_count) {
		fprintf(stderr, "work: no FEN in %s\n", argv[1]);
		return 1;
	}
	json_arena_install();
	parse = work_best(WORK_PARSE, iterations, &parsed);
	validate = work_best(WORK_VALIDATE, iterations, &unprinted);
	both = work_best(WORK_VALIDATE_PRINT, iterations, &printed);
	if (parsed != 3 * (size_t)iterations) {
		fprintf(stderr, "work: a body did not parse\n");
		return 1;
	}
	printf("positions %d, %ld requests per round, best of 3 rounds, one thread\n", work_count, iterations);
	printf("parse     %7.0f ns  cJSON reads the body\n", parse);
	printf("validate  %7.0f ns  FEN, status and the answer's tree\n", validate);
	printf("print     %7.0f ns  cJSON prints the answer (%.0f bytes on average)\n", both - validate,
	       (double)printed / 3.0 / (double)iterations);
	printf("total     %7.0f ns  fend's own work on one /validate, in the caches\n", parse + both);
	return 0;
}
