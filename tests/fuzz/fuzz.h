/* fuzz.h -- what the libFuzzer targets share: the entry point's prototype, aborting on a
 * broken property, reading options from the input's first bytes, and the properties
 * every legal position must keep (checked by fuzz_check_position). */
#ifndef FEND_FUZZ_H
#define FEND_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "core/fen.h"
#include "core/position.h"
#include "core/san.h"

/* libFuzzer's entry point, defined once per target. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints what broke (printf-style) and aborts, so libFuzzer keeps the input as a crash. */
_Noreturn void fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

#define FUZZ_ASSERT(cond, ...) \
	do { \
		if (!(cond)) \
			fuzz_fail(__VA_ARGS__); \
	} while (0)

/* True when m is a legal move of pos (movegen_legal lists it); remembered across inputs
 * for the exact position bytes, like the checks below (see fuzz.c's memo). */
bool fuzz_legal(const struct position *pos, move m);

/* The memo for checks keyed by more than a position (fuzz-render: position, options,
 * format): fuzz_memo_key_seen is true when a check with exactly these n key bytes passed
 * before (told by fuzz_memo_key_passed(slot) once it has); pure checks only. */
struct fuzz_memo_key {
	uint64_t h1, h2;
	void *entry;
};

/* Whether the memo is on (FEND_FUZZ_MEMO is not 0), for a target's own caches of pure
 * results; and a 64-bit hash of n bytes to index them. */
bool fuzz_memo_enabled(void);
uint64_t fuzz_hash(const void *key, size_t n);

bool fuzz_memo_key_seen(const void *key, size_t n, struct fuzz_memo_key *slot);
void fuzz_memo_key_passed(const struct fuzz_memo_key *slot);

/* The input still to be read; options are taken from the front, one byte at a time. */
struct fuzz_input {
	const uint8_t *data;
	size_t size;
};

/* The next byte (0 once the input is used up). */
uint8_t fuzz_byte(struct fuzz_input *in);

/* The position a move-playing target starts from: the input's first line when it is a
 * valid FEN (lenient; Chess960 when asked), which is then consumed; otherwise one of a
 * dozen built-in positions (chosen by selector) and the input is left as it is, so that
 * mutations of the moves still play; a first line of just "-" (no FEN) is consumed. */
void fuzz_read_position(struct fuzz_input *in, unsigned selector, bool chess960, struct position *pos);

/* True when two positions are the same: pieces, side to move, rights (with their rooks),
 * clocks, Chess960 flag and key; the en-passant square too when with_ep is set. */
bool fuzz_same_position(const struct position *a, const struct position *b, bool with_ep);

/* Describes how a and b differ (for the failure message) into out. */
void fuzz_describe_difference(const struct position *a, const struct position *b, char *out, size_t size);

/* Every style of FEN that fen_format writes (three en-passant styles, two castling
 * styles) reads back strictly as a valid FEN of the same position and key. */
void fuzz_check_fen_round_trip(const struct position *pos, const char *context);

/* What san_parse_move answered (rc, r) for length bytes of text is well formed: SAN_OK or
 * an error code (strict: also a warning's), warnings that are warnings (none when strict
 * reading accepts), every issue inside the text with a UTF-8 message. */
void fuzz_check_san_result(const struct san_parse_result *r, enum san_code rc, size_t length, bool strict,
			   const char *context);

/* The SAN of the legal move m in lang reads back strictly to m with no warning; its LAN
 * reads back (leniently) to m. */
void fuzz_check_san(const struct position *pos, move m, enum san_lang lang, const char *context);

/* For a legal move m of pos: its UCI reads back to m, and its SAN and LAN in one language
 * (chosen by m and the position) too (fuzz_check_san); after make, the incremental key
 * equals position_compute_key and (child_fen) the new position's FEN, in one of the styles
 * chosen by m, reads back valid when its clocks fit a FEN; unmake restores pos byte for byte. */
void fuzz_check_move(const struct position *pos, move m, bool child_fen, const char *context);

/* For a valid position: the key is right, the FEN round trips, no legal move is listed
 * twice, and fuzz_check_move(child_fens) holds for every legal move (its SAN part for one
 * move in eight, chosen by the key). Each check aborts on a violation; context names the
 * caller in the message. */
void fuzz_check_position(const struct position *pos, bool child_fens, const char *context);

#endif
