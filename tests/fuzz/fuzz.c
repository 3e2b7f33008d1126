/* fuzz.c -- the properties every fuzz target checks on the legal positions it reaches
 * (FEN round trips, UCI round trips, make/unmake, the incremental Zobrist key), and the
 * small helpers the targets share. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/uci.h"
#include "fuzz.h"

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
	const struct fen_options options = { FEN_STRICT, pos->chess960, false };
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
	for (int ep = FEN_EP_FEN; ep <= FEN_EP_LEGAL; ep++)
		for (int style = FEN_CASTLING_STANDARD; style <= FEN_CASTLING_SHREDDER; style++)
			fuzz_check_fen_style(pos, (enum fen_ep_style)ep, (enum fen_castling_style)style, context);
}

/* The UCI of m names m and only m. */
static void fuzz_check_uci(const struct position *pos, move m, const char *context)
{
	char text[UCI_MAX];
	move back = MOVE_NONE;
	size_t n = uci_format_move(pos, m, text);

	FUZZ_ASSERT(n == 4 || n == 5, "%s: uci_format_move wrote %zu bytes", context, n);
	FUZZ_ASSERT(uci_parse_move(pos, text, n, &back) == UCI_OK, "%s: UCI \"%s\" does not read back", context,
		    text);
	FUZZ_ASSERT(back == m, "%s: UCI \"%s\" reads back as another move (%04x, not %04x)", context, text,
		    (unsigned)back, (unsigned)m);
}

void fuzz_check_move(const struct position *pos, move m, bool child_fen, const char *context)
{
	struct position work;
	struct position_undo undo;
	char diff[512];

	fuzz_check_uci(pos, m, context);
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

void fuzz_check_position(const struct position *pos, bool child_fens, const char *context)
{
	struct move_list moves;

	FUZZ_ASSERT(pos->key == position_compute_key(pos), "%s: key %016llx, computed %016llx", context,
		    (unsigned long long)pos->key, (unsigned long long)position_compute_key(pos));
	fuzz_check_fen_round_trip(pos, context);
	movegen_legal(pos, &moves);
	FUZZ_ASSERT(moves.count >= 0 && moves.count <= 218, "%s: %d legal moves", context, moves.count);
	for (int i = 0; i < moves.count; i++) {
		for (int j = 0; j < i; j++)
			FUZZ_ASSERT(moves.moves[j] != moves.moves[i], "%s: move %04x generated twice", context,
				    (unsigned)moves.moves[i]);
		fuzz_check_move(pos, moves.moves[i], child_fens, context);
	}
}
