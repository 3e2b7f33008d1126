/* fuzz.c -- the properties every fuzz target checks on the legal positions it reaches
 * (FEN round trips, UCI round trips, make/unmake, the incremental Zobrist key), and the
 * small helpers the targets share. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/nag.h"
#include "core/san.h"
#include "core/uci.h"
#include "core/utf8.h"
#include "fuzz.h"

/* ---- the memo of checks already passed ----
 *
 * libFuzzer mutates a few bytes of an input at a time, so nearly every input reaches the
 * positions its parent reached (a built-in start, the plies before the mutated one), and
 * re-checking them was most of every target's time (fuzz-uci: half of it was
 * fuzz_check_position of the same dozen start positions). These checks are pure: they
 * read nothing but the position's bytes, the move and the flags, the core they call holds
 * no state and allocates nothing, so a check that passed once on exactly these bytes
 * passes again and ASan has nothing new to see. The memo remembers (full position bytes,
 * which check, move, flags) for checks that passed, across inputs, and skips them when
 * they come again. Entries are compared byte for byte (no false "seen" from a hash
 * collision); the table is direct-mapped, so an entry pushed out is merely checked again.
 * Every input's new positions and moves are checked in full, and a crash input replayed
 * alone (a fresh process, an empty memo) is checked in full too.
 * FEND_FUZZ_MEMO=0 turns it off (every check on every input, as before), and
 * FEND_FUZZ_MEMO_STATS=1 prints how often it was used when the process ends. */
enum fuzz_memo_kind { FUZZ_MEMO_POSITION = 1, FUZZ_MEMO_MOVE, FUZZ_MEMO_SAN, FUZZ_MEMO_FEN, FUZZ_MEMO_LEGAL };

#define FUZZ_MEMO_BITS 17

struct fuzz_memo_entry {
	struct position pos;
	uint32_t what; /* kind << 24 | flags << 16 | move; 0: empty */
};

static struct fuzz_memo_entry *fuzz_memo;
static int fuzz_memo_state; /* 0: not decided yet, 1: on, -1: off */
static unsigned long long fuzz_memo_hits, fuzz_memo_misses;

static void fuzz_memo_stats(void)
{
	fprintf(stderr, "fuzz memo: %llu checks skipped (passed before on the same bytes), %llu checked\n",
		fuzz_memo_hits, fuzz_memo_misses);
}

static bool fuzz_memo_on(void)
{
	if (!fuzz_memo_state) {
		const char *env = getenv("FEND_FUZZ_MEMO"), *stats = getenv("FEND_FUZZ_MEMO_STATS");
		fuzz_memo_state = env && !strcmp(env, "0") ? -1 : 1;
		/* freed by the process's end: it lives as long as the fuzzer */
		if (fuzz_memo_state > 0 && !(fuzz_memo = calloc((size_t)1 << FUZZ_MEMO_BITS, sizeof *fuzz_memo)))
			abort();
		if (stats && !strcmp(stats, "1"))
			atexit(fuzz_memo_stats);
	}
	return fuzz_memo_state > 0;
}

static uint32_t fuzz_memo_what(enum fuzz_memo_kind kind, unsigned flags, move m)
{
	return (uint32_t)kind << 24 | (uint32_t)(flags & 0xff) << 16 | (uint32_t)(m & 0xffff);
}

/* The slot of (pos, what); *known tells whether it holds exactly them (the check passed). */
static struct fuzz_memo_entry *fuzz_memo_slot(const struct position *pos, uint32_t what, bool *known)
{
	uint64_t words[(sizeof *pos + 7) / 8] = { 0 }, h = what * 0x9e3779b97f4a7c15ull;
	struct fuzz_memo_entry *e;

	memcpy(words, pos, sizeof *pos);
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		h ^= words[i];
		h *= 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	e = &fuzz_memo[h >> (64 - FUZZ_MEMO_BITS)];
	*known = e->what == what && !memcmp(&e->pos, pos, sizeof *pos);
	if (*known)
		fuzz_memo_hits++;
	else
		fuzz_memo_misses++;
	return e;
}

/* Remembers that the check (pos, what) passed. */
static void fuzz_memo_passed(struct fuzz_memo_entry *e, const struct position *pos, uint32_t what)
{
	memcpy(&e->pos, pos, sizeof *pos);
	e->what = what;
}

/* True when (kind, flags, m) already passed on pos; otherwise *slot is where to record it
 * once it has (NULL with the memo off). */
static bool fuzz_memo_seen(const struct position *pos, enum fuzz_memo_kind kind, unsigned flags, move m,
			   struct fuzz_memo_entry **slot)
{
	bool known;

	*slot = NULL;
	if (!fuzz_memo_on())
		return false;
	*slot = fuzz_memo_slot(pos, fuzz_memo_what(kind, flags, m), &known);
	return known;
}

static void fuzz_memo_record(struct fuzz_memo_entry *slot, const struct position *pos, enum fuzz_memo_kind kind,
			     unsigned flags, move m)
{
	if (slot)
		fuzz_memo_passed(slot, pos, fuzz_memo_what(kind, flags, m));
}

/* Checks on longer keys (a picture's position, options and format) are remembered by two
 * independent 64-bit hashes of the key's bytes, in a table of their own. */
#define FUZZ_MEMO_HASHED_BITS 14

struct fuzz_memo_hashed {
	uint64_t h1, h2; /* both 0: empty */
};

static struct fuzz_memo_hashed *fuzz_memo_hashed;

static void fuzz_memo_hash(const void *key, size_t n, uint64_t *h1, uint64_t *h2)
{
	const unsigned char *p = key;
	uint64_t a = 14695981039346656037ull ^ n, b = 0x9e3779b97f4a7c15ull ^ n;

	for (size_t i = 0; i < n; i++) {
		a = (a ^ p[i]) * 1099511628211ull;
		b = (b + p[i]) * 0xff51afd7ed558ccdull;
		b ^= b >> 29;
	}
	*h1 = a | 1;
	*h2 = b;
}

uint64_t fuzz_hash(const void *key, size_t n)
{
	uint64_t h1, h2;

	fuzz_memo_hash(key, n, &h1, &h2);
	return h2;
}

bool fuzz_memo_enabled(void)
{
	return fuzz_memo_on();
}

bool fuzz_memo_key_seen(const void *key, size_t n, struct fuzz_memo_key *slot)
{
	struct fuzz_memo_hashed *e;

	slot->entry = NULL;
	if (!fuzz_memo_on())
		return false;
	/* freed by the process's end, like the position memo */
	if (!fuzz_memo_hashed &&
	    !(fuzz_memo_hashed = calloc((size_t)1 << FUZZ_MEMO_HASHED_BITS, sizeof *fuzz_memo_hashed)))
		abort();
	fuzz_memo_hash(key, n, &slot->h1, &slot->h2);
	e = &fuzz_memo_hashed[slot->h2 >> (64 - FUZZ_MEMO_HASHED_BITS)];
	if (e->h1 == slot->h1 && e->h2 == slot->h2) {
		fuzz_memo_hits++;
		return true;
	}
	fuzz_memo_misses++;
	slot->entry = e;
	return false;
}

void fuzz_memo_key_passed(const struct fuzz_memo_key *slot)
{
	struct fuzz_memo_hashed *e = slot->entry;

	if (e) {
		e->h1 = slot->h1;
		e->h2 = slot->h2;
	}
}

bool fuzz_legal(const struct position *pos, move m)
{
	struct fuzz_memo_entry *slot;
	struct move_list moves;

	if (m == MOVE_NULL)
		return position_null_move_legal(pos);
	if (fuzz_memo_seen(pos, FUZZ_MEMO_LEGAL, 0, m, &slot))
		return true;
	movegen_legal(pos, &moves);
	if (!movegen_contains(&moves, m))
		return false;
	fuzz_memo_record(slot, pos, FUZZ_MEMO_LEGAL, 0, m);
	return true;
}

void fuzz_fail(const char *format, ...)
{
	va_list ap;

	fputs("fuzz property violated: ", stderr);
	va_start(ap, format);
	vfprintf(stderr, format, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

uint8_t fuzz_byte(struct fuzz_input *in)
{
	if (!in->size)
		return 0;
	in->size--;
	return *in->data++;
}

/* Positions with castling both ways, en passant (legal, pinned, discovered check),
 * promotions, and Chess960 rooks inside the king (the last three, read as Chess960). */
static const char *const fuzz_positions[] = {
	POSITION_START_FEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1",
	"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"r1b1k2r/ppp2ppp/2n5/3qp3/1b1P4/2N1BN2/PP3PPP/R2QKB1R w KQkq - 0 9",
	"1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
};

#define FUZZ_POSITIONS_NB (sizeof fuzz_positions / sizeof fuzz_positions[0])
#define FUZZ_POSITIONS_960 3

void fuzz_read_position(struct fuzz_input *in, unsigned selector, bool chess960, struct position *pos)
{
	const struct fen_options options = { FEN_LENIENT, chess960, false, MSG_EN };
	const uint8_t *nl = memchr(in->data, '\n', in->size);
	size_t n = nl ? (size_t)(nl - in->data) : in->size;
	struct fen_report report;

	/* A first line of just "-" (how the seed corpora say "no FEN") is consumed as well:
	 * left in place it was the first word of fuzz-descriptive's game text, which made
	 * every seed game malformed before its first move. */
	bool dash = n == 1 && in->data[0] == '-';
	int slashes = 0;

	/* A valid FEN has 8 ranks and so 7 '/' (lenient reading too); a line with fewer is
	 * not tried. Reading such lines, which fuzz-fen fuzzes in its own right, was half of
	 * fuzz-uci's time (the error messages for a line of moves), and the answer, not
	 * valid, is known. */
	for (const uint8_t *p = in->data; p < in->data + n && slashes < 7; p++)
		slashes += *p == '/';
	if (dash || (slashes == 7 && fen_parse((const char *)in->data, n, &options, pos, &report) == FEN_VALID)) {
		in->data += n + (nl != NULL);
		in->size -= n + (nl != NULL);
		if (!dash)
			return;
	}
	size_t i = selector % FUZZ_POSITIONS_NB;
	const struct fen_options builtin = { FEN_STRICT, i >= FUZZ_POSITIONS_NB - FUZZ_POSITIONS_960, false, MSG_EN };
	FUZZ_ASSERT(fen_parse(fuzz_positions[i], strlen(fuzz_positions[i]), &builtin, pos, &report) == FEN_VALID,
		    "built-in position %s", fuzz_positions[i]);
}

bool fuzz_same_position(const struct position *a, const struct position *b, bool with_ep)
{
	if (memcmp(a->by_type, b->by_type, sizeof a->by_type) || memcmp(a->by_color, b->by_color, sizeof a->by_color) ||
	    memcmp(a->board, b->board, sizeof a->board))
		return false;
	if (a->key != b->key || a->castling_touch != b->castling_touch || a->halfmove != b->halfmove ||
	    a->fullmove != b->fullmove || a->turn != b->turn || a->castling != b->castling ||
	    a->chess960 != b->chess960)
		return false;
	/* A right's rook square means something only while the right is held. */
	for (int r = 0; r < CASTLING_RIGHT_NB; r++)
		if ((a->castling & (1 << r)) && a->castling_rook[r] != b->castling_rook[r])
			return false;
	return !with_ep || a->ep_square == b->ep_square;
}

void fuzz_describe_difference(const struct position *a, const struct position *b, char *out, size_t size)
{
	char fa[FEN_MAX] = "", fb[FEN_MAX] = "";

	fen_format(a, FEN_EP_FEN, FEN_CASTLING_SHREDDER, fa, sizeof fa);
	fen_format(b, FEN_EP_FEN, FEN_CASTLING_SHREDDER, fb, sizeof fb);
	snprintf(out, size, "[%s] key %016llx ep %d chess960 %d vs [%s] key %016llx ep %d chess960 %d", fa,
		 (unsigned long long)a->key, a->ep_square, a->chess960, fb, (unsigned long long)b->key, b->ep_square,
		 b->chess960);
}

/* The en-passant square is dropped by the xfen and legal styles where it cannot matter;
 * the key, which counts it only when a capture is legal, must not change. */
/* One style of FEN (FEN_EP_*, FEN_CASTLING_*) read back strictly. */
static void fuzz_check_fen_style(const struct position *pos, enum fen_ep_style ep, enum fen_castling_style style,
				 const char *context)
{
	const struct fen_options options = { FEN_STRICT, pos->chess960, false, MSG_EN };
	char text[FEN_MAX], diff[512];
	struct position back;
	struct fen_report report;
	size_t n = fen_format(pos, ep, style, text, sizeof text);
	enum fen_verdict v;

	FUZZ_ASSERT(n > 0, "%s: fen_format wrote nothing", context);
	v = fen_parse(text, n, &options, &back, &report);
	FUZZ_ASSERT(v == FEN_VALID, "%s: fen_format wrote \"%s\", which reads back %s (%s)", context, text,
		    v == FEN_ILLEGAL ? "illegal" : "malformed",
		    report.error_count ? error_code_name(report.errors[0].code) : "no error");
	if (!fuzz_same_position(pos, &back, ep == FEN_EP_FEN)) {
		fuzz_describe_difference(pos, &back, diff, sizeof diff);
		fuzz_fail("%s: \"%s\" reads back as another position: %s", context, text, diff);
	}
	FUZZ_ASSERT(back.ep_square == fen_ep_square(pos, ep), "%s: \"%s\" reads back with en-passant square %d",
		    context, text, back.ep_square);
}

/* The en-passant square is dropped by the xfen and legal styles where it cannot matter;
 * the key, which counts it only when a capture is legal, must not change. */
void fuzz_check_fen_round_trip(const struct position *pos, const char *context)
{
	struct fuzz_memo_entry *slot;

	if (fuzz_memo_seen(pos, FUZZ_MEMO_FEN, 0, 0, &slot))
		return;
	for (int ep = FEN_EP_FEN; ep <= FEN_EP_LEGAL; ep++)
		for (int style = FEN_CASTLING_STANDARD; style <= FEN_CASTLING_SHREDDER; style++)
			fuzz_check_fen_style(pos, (enum fen_ep_style)ep, (enum fen_castling_style)style, context);
	fuzz_memo_record(slot, pos, FUZZ_MEMO_FEN, 0, 0);
}

/* The UCI of m names m and only m (the null move: "0000", read back as UCI_NULL_MOVE). */
static void fuzz_check_uci(const struct position *pos, move m, const char *context)
{
	char text[UCI_MAX];
	move back = MOVE_NONE;
	size_t n = uci_format_move(pos, m, text);

	FUZZ_ASSERT(n == 4 || n == 5, "%s: uci_format_move wrote %zu bytes", context, n);
	if (m == MOVE_NULL) {
		FUZZ_ASSERT(!strcmp(text, "0000") && uci_parse_move(pos, text, n, &back) == UCI_NULL_MOVE &&
				    back == MOVE_NULL,
			    "%s: the null move's UCI \"%s\" does not read back", context, text);
		return;
	}
	FUZZ_ASSERT(uci_parse_move(pos, text, n, &back) == UCI_OK, "%s: UCI \"%s\" does not read back", context,
		    text);
	FUZZ_ASSERT(back == m, "%s: UCI \"%s\" reads back as another move (%04x, not %04x)", context, text,
		    (unsigned)back, (unsigned)m);
}

void fuzz_check_san_result(const struct san_parse_result *r, enum san_code rc, size_t length, bool strict,
			   const char *context)
{
	/* Strict reading refuses with the first warning's code. */
	FUZZ_ASSERT(rc >= SAN_OK && rc < SAN_CODE_NB && (strict || !san_code_is_warning(rc)),
		    "%s: san_parse_move returned %d", context, (int)rc);
	FUZZ_ASSERT(r->warning_count >= 0 && r->warning_count <= SAN_WARNINGS_MAX, "%s: %d SAN warnings", context,
		    r->warning_count);
	for (int i = 0; i <= r->warning_count; i++) {
		const struct san_issue *is = i < r->warning_count ? &r->warnings[i] : &r->error;
		if (i == r->warning_count && rc == SAN_OK)
			break;
		FUZZ_ASSERT(i == r->warning_count ? is->code == rc : san_code_is_warning(is->code),
			    "%s: SAN issue %d has code %s", context, i, san_code_name(is->code));
		FUZZ_ASSERT(is->offset >= 0 && is->length >= 0 && (size_t)is->offset + (size_t)is->length <= length,
			    "%s: SAN %s spans %d+%d of %zu bytes", context, san_code_name(is->code), is->offset,
			    is->length, length);
		FUZZ_ASSERT(memchr(is->message, '\0', sizeof is->message) && is->message[0] &&
			    memchr(is->given, '\0', sizeof is->given) && memchr(is->became, '\0', sizeof is->became),
			    "%s: SAN %s without a terminated message", context, san_code_name(is->code));
		FUZZ_ASSERT(utf8_valid_length(is->message, strlen(is->message)) == strlen(is->message) &&
			    utf8_valid_length(is->given, strlen(is->given)) == strlen(is->given) &&
			    utf8_valid_length(is->became, strlen(is->became)) == strlen(is->became),
			    "%s: SAN %s text is not UTF-8", context, san_code_name(is->code));
	}
	FUZZ_ASSERT(r->nag_count >= 0 && r->nag_count <= SAN_NAGS_MAX && r->nag == (r->nag_count ? r->nags[0] : 0),
		    "%s: %d NAGs, the first %d", context, r->nag_count, r->nag);
	for (int i = 0; i < r->nag_count; i++)
		FUZZ_ASSERT(r->nags[i] >= 1 && r->nags[i] <= NAG_MAX && nag_meaning(r->nags[i]), "%s: NAG %d", context,
			    r->nags[i]);
	FUZZ_ASSERT(rc != SAN_OK || (r->glyph_offset >= 0 && (size_t)r->glyph_offset <= length), "%s: glyphs at %d of %zu",
		    context, r->glyph_offset, length);
	FUZZ_ASSERT(!strict || rc != SAN_OK || r->warning_count == 0, "%s: strict reading accepted with %d warnings",
		    context, r->warning_count);
}

void fuzz_check_san(const struct position *pos, move m, enum san_lang lang, const char *context)
{
	const struct san_parse_options strict = { lang, true, MSG_EN }, lenient = { lang, false, MSG_EN };
	struct san_parse_result r;
	struct fuzz_memo_entry *slot;
	char text[SAN_MAX];
	size_t n;
	enum san_code rc;

	if (fuzz_memo_seen(pos, FUZZ_MEMO_SAN, (unsigned)lang, m, &slot))
		return;
	n = san_format_move(pos, m, lang, SAN_STYLE_SAN, text);
	if (m == MOVE_NULL) {
		/* "--", which reads back with the warning null_move, and strictly not at all */
		FUZZ_ASSERT(!strcmp(text, "--"), "%s: the null move is written \"%s\"", context, text);
		rc = san_parse_move(pos, text, n, &lenient, &r);
		fuzz_check_san_result(&r, rc, n, false, context);
		FUZZ_ASSERT(rc == SAN_OK && r.m == MOVE_NULL && r.warning_count == 1 && r.warnings[0].code == SAN_WARN_NULL_MOVE,
			    "%s: \"--\" does not read back as the null move: %s", context, san_code_name(rc));
		rc = san_parse_move(pos, text, n, &strict, &r);
		FUZZ_ASSERT(rc == SAN_WARN_NULL_MOVE, "%s: strict reading of \"--\" gives %s", context, san_code_name(rc));
		fuzz_memo_record(slot, pos, FUZZ_MEMO_SAN, (unsigned)lang, m);
		return;
	}
	FUZZ_ASSERT(n > 0 && n < SAN_MAX && strlen(text) == n, "%s: san_format_move wrote %zu bytes", context, n);
	FUZZ_ASSERT(utf8_valid_length(text, n) == n, "%s: SAN \"%s\" is not UTF-8", context, text);
	rc = san_parse_move(pos, text, n, &strict, &r);
	fuzz_check_san_result(&r, rc, n, true, context);
	FUZZ_ASSERT(rc == SAN_OK, "%s: SAN \"%s\" (%s) does not read back strictly: %s (%s)", context, text,
		    san_lang_name(lang), san_code_name(rc), r.error.message);
	FUZZ_ASSERT(r.m == m, "%s: SAN \"%s\" (%s) reads back as another move (%04x, not %04x)", context, text,
		    san_lang_name(lang), (unsigned)r.m, (unsigned)m);
	FUZZ_ASSERT(r.warning_count == 0 && r.nag == 0, "%s: SAN \"%s\" (%s) reads back with %d warnings", context,
		    text, san_lang_name(lang), r.warning_count);

	n = san_format_move(pos, m, lang, SAN_STYLE_LAN, text);
	FUZZ_ASSERT(n > 0 && n < SAN_MAX && strlen(text) == n, "%s: san_format_move (LAN) wrote %zu bytes", context, n);
	rc = san_parse_move(pos, text, n, &lenient, &r);
	fuzz_check_san_result(&r, rc, n, false, context);
	FUZZ_ASSERT(rc == SAN_OK && r.m == m, "%s: LAN \"%s\" (%s) does not read back: %s (%s)", context, text,
		    san_lang_name(lang), san_code_name(rc), rc ? r.error.message : "another move");
	fuzz_memo_record(slot, pos, FUZZ_MEMO_SAN, (unsigned)lang, m);
}

/* fuzz_check_move, with the SAN and LAN round trip only when san is set. */
static void fuzz_check_move_san(const struct position *pos, move m, bool child_fen, bool san, const char *context)
{
	struct position work;
	struct position_undo undo;
	char diff[512];

	fuzz_check_uci(pos, m, context);
	/* one language per move (fuzz-san reads every move of its positions in its own) */
	if (san)
		fuzz_check_san(pos, m, (enum san_lang)((m ^ pos->key) % SAN_LANG_NB), context);
	/* memcpy, not assignment: the byte-for-byte comparison covers the padding too. */
	memcpy(&work, pos, sizeof work);
	position_make_move(&work, m, &undo);
	FUZZ_ASSERT(work.key == position_compute_key(&work), "%s: after %04x the key is %016llx, computed %016llx",
		    context, (unsigned)m, (unsigned long long)work.key, (unsigned long long)position_compute_key(&work));
	/* A legal move from a legal position gives a legal position (apply-move answers its
	 * FEN), unless a clock grew past what a FEN may hold. */
	if (child_fen && work.halfmove <= FEN_NUMBER_MAX && work.fullmove <= FEN_NUMBER_MAX)
		fuzz_check_fen_style(&work, (enum fen_ep_style)(m % 3), (enum fen_castling_style)(m / 3 % 2), context);
	position_unmake_move(&work, m, &undo);
	if (memcmp(&work, pos, sizeof work)) {
		fuzz_describe_difference(pos, &work, diff, sizeof diff);
		fuzz_fail("%s: make then unmake of %04x changed the position: %s", context, (unsigned)m, diff);
	}
}

void fuzz_check_move(const struct position *pos, move m, bool child_fen, const char *context)
{
	struct fuzz_memo_entry *slot;

	if (fuzz_memo_seen(pos, FUZZ_MEMO_MOVE, child_fen, m, &slot))
		return;
	fuzz_check_move_san(pos, m, child_fen, true, context);
	fuzz_memo_record(slot, pos, FUZZ_MEMO_MOVE, child_fen, m);
}

void fuzz_check_position(const struct position *pos, bool child_fens, const char *context)
{
	struct move_list moves;
	struct fuzz_memo_entry *slot;

	if (fuzz_memo_seen(pos, FUZZ_MEMO_POSITION, child_fens, 0, &slot))
		return;
	FUZZ_ASSERT(pos->key == position_compute_key(pos), "%s: key %016llx, computed %016llx", context,
		    (unsigned long long)pos->key, (unsigned long long)position_compute_key(pos));
	fuzz_check_fen_round_trip(pos, context);
	movegen_legal(pos, &moves);
	FUZZ_ASSERT(moves.count >= 0 && moves.count <= 218, "%s: %d legal moves", context, moves.count);
	for (int i = 0; i < moves.count; i++) {
		for (int j = 0; j < i; j++)
			FUZZ_ASSERT(moves.moves[j] != moves.moves[i], "%s: move %04x generated twice", context,
				    (unsigned)moves.moves[i]);
		/* SAN for one move in eight (reading SAN costs ten times what the rest does) */
		fuzz_check_move_san(pos, moves.moves[i], child_fens, (i + pos->key) % 8 == 0, context);
	}
	fuzz_memo_record(slot, pos, FUZZ_MEMO_POSITION, child_fens, 0);
}
