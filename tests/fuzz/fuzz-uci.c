/* fuzz-uci.c -- libFuzzer target for UCI move reading, played as a game. Input: a flags
 * byte (bit 0 Chess960, the others choose a built-in position), a FEN line (see
 * fuzz_read_position), then move texts separated by spaces or newlines. Each text is read
 * with uci_parse_move: a move it finds is legal and its own UCI names it; a text it
 * refuses names no legal move. Every move read is checked (fuzz_check_move) and played;
 * fuzz_check_position's properties are checked in the first and the last position. */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "core/movegen.h"
#include "core/uci.h"
#include "fuzz.h"


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
	struct position pos;
	struct move_list moves;
	const char *end;
	int plies = 0;

	fuzz_read_position(&in, flags >> 1, (flags & 1) != 0, &pos);
	fuzz_check_position(&pos, false, "fuzz-uci start");
	end = (const char *)in.data + in.size;
	for (const char *p = (const char *)in.data; p < end && plies < 64;) {
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
		} else if (r == UCI_NULL_MOVE) {
			FUZZ_ASSERT(m == MOVE_NULL && q - p == 4 && !memcmp(p, "0000", 4), "\"%.*s\" read as the null move %04x",
				    (int)(q - p), p, (unsigned)m);
			if (position_null_move_legal(&pos)) {
				fuzz_check_move(&pos, m, true, "fuzz-uci");
				position_make_move(&pos, m, &undo);
				plies++;
				if (pos.halfmove > FEN_NUMBER_MAX || pos.fullmove > FEN_NUMBER_MAX)
					return 0;
			}
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
