/* check_util.h -- helpers shared by the Check programs of the chess core: parse a FEN
 * or fail the test, write one back, list moves as sorted UCI text, and read the data
 * files of tests/data (by lines, or whole), and export PGN into a growing text. Header only (static inline), so each program takes what it uses. */
#ifndef FEND_CHECK_UTIL_H
#define FEND_CHECK_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/pgn_export.h"
#include "core/uci.h"

/* Longest line the data files hold. */
#define UTIL_LINE_MAX 512

/* Corpus lines per loop-test row: each row is a forked process, and under the sanitizers
 * a fork (with its leak check at exit) costs far more than checking ten positions. Every
 * failure message names its FEN, so a failing line is still found at once. */
#define UTIL_CHUNK 10

/* Loop-test rows for n corpus lines, and the lines [*first, *end) of row i. */
static inline int util_chunks(int n)
{
	return (n + UTIL_CHUNK - 1) / UTIL_CHUNK;
}

static inline void util_chunk(int i, int n, int *first, int *end)
{
	*first = i * UTIL_CHUNK;
	*end = *first + UTIL_CHUNK < n ? *first + UTIL_CHUNK : n;
}

/* Options for strict parsing, in standard chess or Chess960. */
static inline struct fen_options util_strict(bool chess960)
{
	return (struct fen_options){ FEN_STRICT, chess960, false, MSG_EN };
}

static inline struct fen_options util_lenient(bool chess960)
{
	return (struct fen_options){ FEN_LENIENT, chess960, false, MSG_EN };
}

/* Parses fen strictly (Chess960 when asked) into pos and fails the test unless it is valid. */
static inline void util_parse(const char *fen, bool chess960, struct position *pos)
{
	struct fen_options options = util_strict(chess960);
	struct fen_report report;
	enum fen_verdict verdict = fen_parse(fen, strlen(fen), &options, pos, &report);

	ck_assert_msg(verdict == FEN_VALID, "\"%s\" should be valid, got verdict %d, first error %s: %s", fen,
		      (int)verdict, report.error_count ? error_code_name(report.errors[0].code) : "-",
		      report.error_count ? report.errors[0].message : "-");
}

/* The FEN of pos with every en-passant square written and KQkq-style castling. */
static inline const char *util_fen(const struct position *pos, char out[FEN_MAX])
{
	size_t n = fen_format(pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, out, FEN_MAX);

	ck_assert_uint_gt(n, 0);
	return out;
}

static inline int util_compare_strings(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* The legal moves of pos as UCI, sorted and joined by single spaces (Stockfish's
 * "go perft 1" listing, sorted, reads the same). */
static inline const char *util_moves_text(const struct position *pos, char *out, size_t size)
{
	struct move_list list;
	char uci[MOVEGEN_MAX][UCI_MAX];
	size_t n = 0;

	movegen_legal(pos, &list);
	for (int i = 0; i < list.count; i++)
		uci_format_move(pos, list.moves[i], uci[i]);
	qsort(uci, (size_t)list.count, sizeof uci[0], util_compare_strings);
	out[0] = '\0';
	for (int i = 0; i < list.count; i++) {
		size_t len = strlen(uci[i]);
		ck_assert_uint_lt(n + len + 2, size);
		if (i)
			out[n++] = ' ';
		memcpy(out + n, uci[i], len + 1);
		n += len;
	}
	return out;
}

/* Reads the lines of tests/data/name that are neither blank nor '#' comments into a new
 * array of max entries (the caller frees it) and returns how many there are. Aborts
 * when the file cannot be read: a missing data file must fail the program, not skip. */
static inline int util_read_lines(const char *name, char (**lines)[UTIL_LINE_MAX], int max)
{
	char path[1024], line[UTIL_LINE_MAX];
	FILE *file;
	int n = 0;

	snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, name);
	file = fopen(path, "r");
	*lines = calloc((size_t)max, sizeof **lines);
	if (!file || !*lines) {
		fprintf(stderr, "cannot read %s\n", path);
		exit(EXIT_FAILURE);
	}
	while (n < max && fgets(line, sizeof line, file)) {
		size_t len = strcspn(line, "\r\n");
		line[len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		memcpy((*lines)[n++], line, len + 1);
	}
	fclose(file);
	if (n == 0) {
		fprintf(stderr, "%s has no data lines\n", path);
		exit(EXIT_FAILURE);
	}
	return n;
}

/* The whole of the file at path, NUL-terminated, its length in *length (the caller frees
 * it). Fails the test when the file cannot be read. */
static inline char *util_read_file(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	long size;
	char *text;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	fclose(f);
	*length = (size_t)size;
	return text;
}

/* Text that grows; data is NUL-terminated once anything was added (the caller frees it). */
struct util_text {
	char *data;
	size_t length, size;
};

static inline void util_text_add(struct util_text *t, const char *s, size_t n)
{
	if (t->length + n + 1 > t->size) {
		t->size = 2 * (t->length + n + 1) + 256;
		t->data = realloc(t->data, t->size);
		ck_assert_ptr_nonnull(t->data);
	}
	memcpy(t->data + t->length, s, n);
	t->length += n;
	t->data[t->length] = '\0';
}

/* A pgn_sink that adds to a struct util_text. */
static inline int util_text_sink(void *context, const char *s, size_t n)
{
	util_text_add(context, s, n);
	return 0;
}

/* Feeds length bytes of PGN to r in pieces of piece bytes (0: all at once), resuming
 * after pauses, then finishes. */
static inline void util_pgn_feed(struct pgn_reader *r, const char *input, size_t length, size_t piece)
{
	for (size_t at = 0; at < length;) {
		size_t n = piece && piece < length - at ? piece : length - at, used = 0;
		while (used < n)
			used += pgn_reader_feed(r, input + at + used, n - used);
		at += n;
	}
	pgn_reader_finish(r);
}

/* What pgn_export writes of length bytes of PGN read in lang, fed to the reader in pieces
 * of piece bytes (0: all at once), the exporter pausing after every game: a new string
 * the caller frees. */
static inline char *util_pgn_export(const char *input, size_t length, enum san_lang lang, size_t piece)
{
	struct pgn_export *e = malloc(sizeof *e);
	struct pgn_reader *r = malloc(sizeof *r);
	struct pgn_options options = { { lang, false, MSG_EN }, false, MSG_EN };
	struct util_text out = { 0 };

	ck_assert(e && r);
	util_text_add(&out, "", 0);
	pgn_export_init(e, util_text_sink, &out, FEN_EP_FEN, FEN_CASTLING_STANDARD, true);
	pgn_reader_init(r, &pgn_export_visitor, e, &options);
	util_pgn_feed(r, input, length, piece);
	ck_assert(!pgn_export_failed(e));
	free(r);
	free(e);
	return out.data;
}

/* Runs a suite in the usual way and turns the outcome into an exit status. */
static inline int util_run(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	int failed;

	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
