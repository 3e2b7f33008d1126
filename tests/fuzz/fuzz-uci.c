/* fuzz-uci.c -- libFuzzer target for UCI move reading, played as a game. Input: a flags
 * byte (bit 0 Chess960), then a FEN line (when it is not a valid FEN, one of the built-in
 * positions is used, chosen by the flags byte, so that mutations of the moves still play),
 * then move texts separated by spaces or newlines. Each text is read with uci_parse_move:
 * a move it finds is legal and its own UCI names it; a text it refuses names no legal
 * move. Every move read is checked (fuzz_check_move) and played; fuzz_check_position's
 * properties are checked in the first and the last position. */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "core/movegen.h"
#include "core/uci.h"
#include "fuzz.h"

/* Positions with castling both ways, en passant (legal, pinned, discovered check),
 * promotions, and Chess960 rooks inside the king. */
static const char *const fuzz_uci_positions[] = {
	POSITION_START_FEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1",
	"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
};

#define FUZZ_UCI_POSITIONS_NB (sizeof fuzz_uci_positions / sizeof fuzz_uci_positions[0])

/* True when text (n bytes) is the UCI of a legal move of pos, allowing an upper-case
 * promotion letter and both spellings of a castle (king to its target, king takes rook). */
static bool fuzz_uci_names_legal_move(const struct position *pos, const struct move_list *moves, const char *text,
				      size_t n)
{
	for (int i = 0; i < moves->count; i++) {
		char uci[UCI_MAX];
		size_t len = uci_format_move(pos, moves->moves[i], uci);
		if (len == n && !strncasecmp(uci, text, n) && !memcmp(uci, text, 4))
			return true;
		if (move_kind_of(moves->moves[i]) == MOVE_CASTLING && n == 4) {
			char rook[3], king[3];
			fen_format_square(move_to(moves->moves[i]), rook);
			fen_format_square(position_castling_king_target(pos, moves->moves[i]), king);
			if (!memcmp(uci, text, 2) && (!memcmp(rook, text + 2, 2) || !memcmp(king, text + 2, 2)))
				return true;
		}
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	uint8_t flags = fuzz_byte(&in);
	const struct fen_options options = { FEN_LENIENT, (flags & 1) != 0, false };
	const char *text = (const char *)in.data, *end = text + in.size, *line_end;
	struct position pos;
	struct fen_report report;
	struct move_list moves;
	int plies = 0;

	line_end = memchr(text, '\n', in.size);
	if (!line_end)
		line_end = end;
	if (fen_parse(text, (size_t)(line_end - text), &options, &pos, &report) != FEN_VALID) {
		const char *fen = fuzz_uci_positions[(flags >> 1) % FUZZ_UCI_POSITIONS_NB];
		const struct fen_options builtin = { FEN_STRICT, fen == fuzz_uci_positions[8] ||
								  fen == fuzz_uci_positions[9] ||
								  fen == fuzz_uci_positions[10], false };
		FUZZ_ASSERT(fen_parse(fen, strlen(fen), &builtin, &pos, &report) == FEN_VALID, "built-in %s", fen);
		line_end = text - 1;
	}
	fuzz_check_position(&pos, false, "fuzz-uci start");
	for (const char *p = line_end + 1; p < end && plies < 64;) {
		const char *q = p;
		struct position_undo undo;
		enum uci_result r;
		move m = MOVE_NONE;

		while (q < end && *q != ' ' && *q != '\n')
			q++;
		if (q == p) {
			p++;
			continue;
		}
		movegen_legal(&pos, &moves);
		r = uci_parse_move(&pos, p, (size_t)(q - p), &m);
		if (r == UCI_OK) {
			FUZZ_ASSERT(movegen_contains(&moves, m), "uci_parse_move(\"%.*s\") found %04x, not a legal move",
				    (int)(q - p), p, (unsigned)m);
			FUZZ_ASSERT(fuzz_uci_names_legal_move(&pos, &moves, p, (size_t)(q - p)),
				    "uci_parse_move read \"%.*s\", which names no legal move", (int)(q - p), p);
			fuzz_check_move(&pos, m, true, "fuzz-uci");
			position_make_move(&pos, m, &undo);
			plies++;
			if (pos.halfmove > FEN_NUMBER_MAX || pos.fullmove > FEN_NUMBER_MAX)
				return 0;
		} else {
			FUZZ_ASSERT(r == UCI_MALFORMED || r == UCI_ILLEGAL, "uci_parse_move returned %d", (int)r);
			FUZZ_ASSERT(!fuzz_uci_names_legal_move(&pos, &moves, p, (size_t)(q - p)),
				    "uci_parse_move refused \"%.*s\", the UCI of a legal move", (int)(q - p), p);
		}
		p = q;
	}
	fuzz_check_position(&pos, false, "fuzz-uci end");
	return 0;
}
