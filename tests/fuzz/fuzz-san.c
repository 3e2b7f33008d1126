/* fuzz-san.c -- libFuzzer target for SAN reading and writing, in every language, played
 * as a game. Input: a flags byte (bits 0-2 the language, bit 3 Chess960), a selector byte
 * (a built-in position), a FEN line (see fuzz_read_position), then move texts separated
 * by spaces or newlines.
 *
 * Each text is read strictly and leniently: both answers are well formed; strict accepts
 * only what lenient accepts without a warning, and refuses with the first warning's code
 * what lenient accepts with warnings; a move found is legal; an ambiguity lists two or
 * more legal candidates; the exact SAN fend writes for a legal move always reads back to
 * that move. The move found is played (fuzz_check_move checks it, in one language). In
 * the last position, every legal move's SAN and LAN read back (fuzz_check_san), in the
 * input's language and in one chosen by the move. */
#include "config.h"

#include <string.h>

#include "core/movegen.h"
#include "fuzz.h"

/* fuzz_check_position (every legal move's SAN and LAN in one language chosen by the move
 * and the position), and every legal move's SAN and LAN in lang too. Across inputs every
 * language meets every kind of position; all languages for every move of one position
 * would make each input ten times slower (check_san does that for its sample). */
static void fuzz_san_position(const struct position *pos, enum san_lang lang, const char *context)
{
	struct move_list moves;

	fuzz_check_position(pos, false, context);
	movegen_legal(pos, &moves);
	for (int i = 0; i < moves.count; i++)
		fuzz_check_san(pos, moves.moves[i], lang, context);
}

/* The SAN in one language of every legal move of a position: comparing a text with all
 * of them, for every text of every input, was a quarter of this target's time, and most
 * inputs ask about the positions their parent asked about. A pure function of the
 * position's bytes and the language, so the last lists made are kept (direct-mapped,
 * compared byte for byte), like the checks in fuzz.c's memo. */
#define FUZZ_SAN_LISTS_BITS 6

struct fuzz_san_list {
	struct position pos;
	int lang; /* lang + 1; 0: empty */
	int count;
	move moves[MOVEGEN_MAX];
	uint8_t length[MOVEGEN_MAX];
	char san[MOVEGEN_MAX][SAN_MAX];
};

static struct fuzz_san_list fuzz_san_lists[1 << FUZZ_SAN_LISTS_BITS];

static const struct fuzz_san_list *fuzz_san_list(const struct position *pos, const struct move_list *moves,
						 enum san_lang lang)
{
	static struct fuzz_san_list scratch;
	struct fuzz_san_list *l = &scratch;

	if (fuzz_memo_enabled()) {
		l = &fuzz_san_lists[fuzz_hash(pos, sizeof *pos) >> (64 - FUZZ_SAN_LISTS_BITS)];
		if (l->lang == (int)lang + 1 && !memcmp(&l->pos, pos, sizeof *pos))
			return l;
	}
	memcpy(&l->pos, pos, sizeof *pos);
	l->lang = (int)lang + 1;
	l->count = moves->count;
	for (int i = 0; i < moves->count; i++) {
		l->moves[i] = moves->moves[i];
		l->length[i] = (uint8_t)san_format_move(pos, moves->moves[i], lang, SAN_STYLE_SAN, l->san[i]);
	}
	return l;
}

/* The legal move whose SAN in lang is exactly text (n bytes), or MOVE_NONE. */
static move fuzz_san_written(const struct position *pos, const struct move_list *moves, enum san_lang lang,
			     const char *text, size_t n)
{
	const struct fuzz_san_list *l = fuzz_san_list(pos, moves, lang);

	for (int i = 0; i < l->count; i++)
		if (l->length[i] == n && !memcmp(l->san[i], text, n))
			return l->moves[i];
	return MOVE_NONE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	uint8_t flags = fuzz_byte(&in), selector = fuzz_byte(&in);
	enum san_lang lang = (enum san_lang)(flags & 7);
	const struct san_parse_options strict = { lang, true, MSG_EN }, lenient = { lang, false, MSG_EN };
	struct position pos;
	struct move_list moves;
	const char *p, *end;
	int plies = 0;

	fuzz_read_position(&in, selector, (flags & 8) != 0, &pos);
	end = (const char *)in.data + in.size;
	for (p = (const char *)in.data; p < end && plies < 32;) {
		const char *q = p;
		struct san_parse_result rs, rl;
		enum san_code cs, cl;
		struct position_undo undo;
		size_t n;
		move written;

		while (q < end && *q != ' ' && *q != '\n')
			q++;
		n = (size_t)(q - p);
		if (!n) {
			p++;
			continue;
		}
		movegen_legal(&pos, &moves);
		cs = san_parse_move(&pos, p, n, &strict, &rs);
		cl = san_parse_move(&pos, p, n, &lenient, &rl);
		fuzz_check_san_result(&rs, cs, n, true, "fuzz-san strict");
		fuzz_check_san_result(&rl, cl, n, false, "fuzz-san lenient");
		if (cl == SAN_OK && rl.warning_count == 0)
			FUZZ_ASSERT(cs == SAN_OK && rs.m == rl.m, "\"%.*s\": lenient reads %04x without a warning, strict %s",
				    (int)n, p, (unsigned)rl.m, san_code_name(cs));
		else if (cl == SAN_OK)
			FUZZ_ASSERT(cs == rl.warnings[0].code, "\"%.*s\": lenient warns %s first, strict refuses with %s",
				    (int)n, p, san_code_name(rl.warnings[0].code), san_code_name(cs));
		else
			FUZZ_ASSERT(cs != SAN_OK, "\"%.*s\": strict accepts what lenient refuses (%s)", (int)n, p,
				    san_code_name(cl));
		if (cl == SAN_ERR_AMBIGUOUS) {
			FUZZ_ASSERT(rl.candidates.count >= 2, "\"%.*s\": ambiguous with %d candidates", (int)n, p,
				    rl.candidates.count);
			for (int i = 0; i < rl.candidates.count; i++)
				FUZZ_ASSERT(movegen_contains(&moves, rl.candidates.moves[i]),
					    "\"%.*s\": candidate %04x is not legal", (int)n, p,
					    (unsigned)rl.candidates.moves[i]);
		}
		/* Text not even shaped like a move (malformed) cannot be a SAN fend writes:
		 * fuzz_check_san sees to that; other answers are compared with every move's SAN. */
		written = cl == SAN_ERR_MALFORMED || cl == SAN_ERR_EMPTY ? MOVE_NONE
									: fuzz_san_written(&pos, &moves, lang, p, n);
		if (written != MOVE_NONE)
			FUZZ_ASSERT(cs == SAN_OK && rs.m == written, "\"%.*s\" is the SAN of %04x but reads %s", (int)n, p,
				    (unsigned)written, san_code_name(cs));
		if (cl == SAN_OK) {
			FUZZ_ASSERT(rl.m == MOVE_NULL ? position_null_move_legal(&pos) : movegen_contains(&moves, rl.m),
				    "\"%.*s\" read as %04x, not a legal move", (int)n, p, (unsigned)rl.m);
			fuzz_check_move(&pos, rl.m, true, "fuzz-san");
			position_make_move(&pos, rl.m, &undo);
			plies++;
			if (pos.halfmove > FEN_NUMBER_MAX || pos.fullmove > FEN_NUMBER_MAX)
				return 0;
		}
		p = q;
	}
	fuzz_san_position(&pos, lang, "fuzz-san end");
	return 0;
}
