/* fuzz-fen.c -- libFuzzer target for the FEN reader. The first byte chooses the options
 * (bit 0 lenient, bit 1 Chess960, bit 2 infer castling); the rest is the FEN. Beyond "no
 * crash": the report is well formed whatever the input; a valid FEN's position keeps
 * every property of fuzz_check_position; a FEN valid in strict mode reads the same,
 * with the same warnings and nothing more, in lenient mode; and an invalid FEN's hints
 * tell the truth (with a valid hint's option set, the FEN is valid). */
#include "config.h"

#include <string.h>

#include "core/utf8.h"
#include "fuzz.h"

/* Every issue of a list is a code of the right kind, inside the input, with a message. */
static void fuzz_check_issues(const struct fen_issue *issues, int count, bool warnings, size_t length)
{
	for (int i = 0; i < count; i++) {
		const struct fen_issue *is = &issues[i];
		FUZZ_ASSERT(is->code >= 0 && is->code < FEN_CODE_NB && error_code_name(is->code),
			    "issue %d has code %d", i, (int)is->code);
		FUZZ_ASSERT(error_code_is_warning(is->code) == warnings, "%s is listed with the %s",
			    error_code_name(is->code), warnings ? "warnings" : "errors");
		FUZZ_ASSERT(is->field >= FEN_FIELD_NONE && is->field < FEN_FIELD_NB, "%s has field %d",
			    error_code_name(is->code), (int)is->field);
		FUZZ_ASSERT(is->offset >= 0 && is->length >= 0 && (size_t)is->offset + (size_t)is->length <= length,
			    "%s spans %d+%d of %zu bytes", error_code_name(is->code), is->offset, is->length, length);
		FUZZ_ASSERT(memchr(is->message, '\0', sizeof is->message) && is->message[0],
			    "%s has no message", error_code_name(is->code));
		FUZZ_ASSERT(memchr(is->given, '\0', sizeof is->given) && memchr(is->became, '\0', sizeof is->became),
			    "%s: given/became not terminated", error_code_name(is->code));
		FUZZ_ASSERT(utf8_valid_length(is->message, strlen(is->message)) == strlen(is->message) &&
			    utf8_valid_length(is->given, strlen(is->given)) == strlen(is->given) &&
			    utf8_valid_length(is->became, strlen(is->became)) == strlen(is->became),
			    "%s: text is not UTF-8", error_code_name(is->code));
		if (i)
			FUZZ_ASSERT(issues[i - 1].offset <= is->offset || is->code == FEN_ERR_TOO_MANY_PROBLEMS,
				    "issues out of input order at %d", i);
	}
}

static void fuzz_check_report(const struct fen_report *r, enum fen_verdict v, size_t length)
{
	FUZZ_ASSERT(r->error_count >= 0 && r->error_count <= FEN_REPORT_MAX, "%d errors", r->error_count);
	FUZZ_ASSERT(r->warning_count >= 0 && r->warning_count <= FEN_REPORT_MAX, "%d warnings", r->warning_count);
	FUZZ_ASSERT((v == FEN_VALID) == (r->error_count == 0), "verdict %d with %d errors", (int)v, r->error_count);
	FUZZ_ASSERT(!r->truncated || r->errors[r->error_count - 1].code == FEN_ERR_TOO_MANY_PROBLEMS,
		    "a truncated report does not end with too_many_problems");
	fuzz_check_issues(r->errors, r->error_count, false, length);
	fuzz_check_issues(r->warnings, r->warning_count, true, length);
	FUZZ_ASSERT(r->hint_count >= 0 && r->hint_count <= FEN_HINT_NB, "%d hints", r->hint_count);
	FUZZ_ASSERT(v != FEN_VALID || r->hint_count == 0, "a valid FEN with %d hints", r->hint_count);
	for (int i = 0; i < r->hint_count; i++) {
		const struct fen_hint *h = &r->hints[i];
		FUZZ_ASSERT(h->code >= 0 && h->code < FEN_HINT_NB, "hint %d has code %d", i, (int)h->code);
		FUZZ_ASSERT(i == 0 || h->code != r->hints[0].code, "two %s hints", error_hint_name(h->code));
		FUZZ_ASSERT(memchr(h->message, '\0', sizeof h->message) && h->message[0] &&
			    utf8_valid_length(h->message, strlen(h->message)) == strlen(h->message),
			    "%s hint: no message, or not UTF-8", error_hint_name(h->code));
	}
}

/* Each valid hint of report (on text under options) holds: with its option, the FEN is
 * valid; the chess960 hint is strict mode's only, and lenient's is strict mode's only. */
static void fuzz_check_hints(const char *text, size_t length, const struct fen_options *options,
			     const struct fen_report *r)
{
	for (int i = 0; i < r->hint_count; i++) {
		struct fen_options set = *options;
		struct position pos;
		struct fen_report again;
		FUZZ_ASSERT(options->mode == FEN_STRICT, "a %s hint in lenient mode", error_hint_name(r->hints[i].code));
		FUZZ_ASSERT(r->hints[i].code != FEN_HINT_CHESS960 || !options->chess960, "a chess960 hint with chess960");
		if (r->hints[i].code == FEN_HINT_CHESS960)
			set.chess960 = true;
		else
			set.mode = FEN_LENIENT;
		enum fen_verdict v = fen_parse(text, length, &set, &pos, &again);
		FUZZ_ASSERT(v != FEN_MALFORMED || r->hints[i].code == FEN_HINT_CHESS960,
			    "lenient mode does not read what its hint says it reads");
		FUZZ_ASSERT(!r->hints[i].valid || v == FEN_VALID, "the %s hint says valid, and it is not",
			    error_hint_name(r->hints[i].code));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	uint8_t flags = fuzz_byte(&in);
	struct fen_options options = { flags & 1 ? FEN_LENIENT : FEN_STRICT, (flags & 2) != 0, (flags & 4) != 0, MSG_EN };
	const char *text = (const char *)in.data;
	struct position pos, lenient_pos;
	struct fen_report report, lenient_report;
	enum fen_verdict v;
	char diff[512];

	v = fen_parse(text, in.size, &options, &pos, &report);
	fuzz_check_report(&report, v, in.size);
	if (v != FEN_VALID) {
		fuzz_check_hints(text, in.size, &options, &report);
		return 0;
	}
	fuzz_check_position(&pos, true, "fuzz-fen");
	if (options.mode != FEN_STRICT)
		return 0;

	/* Lenient reading of a strict FEN repairs nothing. */
	options.mode = FEN_LENIENT;
	v = fen_parse(text, in.size, &options, &lenient_pos, &lenient_report);
	FUZZ_ASSERT(v == FEN_VALID, "valid in strict mode, not in lenient mode");
	if (!fuzz_same_position(&pos, &lenient_pos, true)) {
		fuzz_describe_difference(&pos, &lenient_pos, diff, sizeof diff);
		fuzz_fail("lenient reading of a valid strict FEN gives another position: %s", diff);
	}
	FUZZ_ASSERT(lenient_report.warning_count == report.warning_count,
		    "lenient reading of a valid strict FEN warns %d times, strict %d times",
		    lenient_report.warning_count, report.warning_count);
	for (int i = 0; i < report.warning_count; i++)
		FUZZ_ASSERT(lenient_report.warnings[i].code == report.warnings[i].code &&
			    lenient_report.warnings[i].offset == report.warnings[i].offset,
			    "lenient warning %d is %s, strict %s", i, error_code_name(lenient_report.warnings[i].code),
			    error_code_name(report.warnings[i].code));
	return 0;
}
