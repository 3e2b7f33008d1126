/* fuzz-descriptive.c -- libFuzzer target for descriptive notation (English and Spanish),
 * read as a whole game (descriptive_read_game, as POST /convert does) or as a list of
 * tokens (descriptive_read_tokens, as /apply-move does). Input: a flags byte (bit 0
 * Spanish, bit 1 strict ambiguity, bit 2 tokens instead of game text), a selector byte
 * (a built-in position), a FEN line (see fuzz_read_position), then the game text.
 *
 * Properties: the answer is a known code; a game read is legal move after move from the
 * start (each move also keeps fuzz_check_move's properties), and so is each of its
 * variations from where it branches; notes and errors point
 * inside the text and have a message (quoting the text's own bytes: the JSON layer makes
 * them UTF-8, which fuzz-request checks); an ambiguity lists legal candidates in its
 * position; the search stays within its node budget; every token read alone either
 * parses or says why. */
#include "config.h"

#include <string.h>

#include "core/descriptive.h"
#include "core/movegen.h"
#include "fuzz.h"

#define FUZZ_TOKENS_MAX 64

static void fuzz_check_span(int offset, int length, size_t size, const char *what)
{
	FUZZ_ASSERT(offset >= 0 && length >= 0 && (size_t)offset + (size_t)length <= size,
		    "%s spans %d+%d of %zu bytes", what, offset, length, size);
}

/* Plays the moves read from start: each is legal where it comes; with lines (a game
 * text read whole), each variation's moves too, from the position before the move it
 * replaces. */
static void fuzz_check_moves(const struct descriptive_game *game, bool lines)
{
	struct position pos;
	struct position_undo undo;

	memcpy(&pos, &game->start, sizeof pos);
	for (int i = 0; i < game->count; i++) {
		FUZZ_ASSERT(fuzz_legal(&pos, game->moves[i]), "ply %d: %04x is not a legal move", i,
			    (unsigned)game->moves[i]);
		/* every ply (the first 64 only, before the memo in fuzz.c made that cheap) */
		fuzz_check_move(&pos, game->moves[i], false, "fuzz-descriptive");
		position_make_move(&pos, game->moves[i], &undo);
	}
	for (int l = 1; lines && l < game->text.line_count; l++) {
		const struct gametext_line *line = &game->text.lines[l];
		FUZZ_ASSERT(line->count >= 1 && line->depth >= 1 && line->depth <= GAMETEXT_DEPTH_MAX &&
				    line->branch >= 0 && line->branch < line->first,
			    "line %d: %d moves at depth %d from token %d", l, line->count, line->depth, line->branch);
		descriptive_line_start(game, l, &pos, NULL);
		for (int t = line->first; t < line->first + line->count; t++) {
			FUZZ_ASSERT(fuzz_legal(&pos, game->moves[t]), "line %d, token %d: %04x is not a legal move", l, t,
				    (unsigned)game->moves[t]);
			position_make_move(&pos, game->moves[t], &undo);
		}
	}
}

static void fuzz_check_game(const struct descriptive_game *game, enum descriptive_code rc, size_t size, bool spans)
{
	FUZZ_ASSERT(rc >= DESCRIPTIVE_OK && rc < DESCRIPTIVE_CODE_NB && descriptive_code_name(rc),
		    "descriptive code %d", (int)rc);
	FUZZ_ASSERT(game->nodes >= 0 && game->nodes <= DESCRIPTIVE_SEARCH_NODES + DESCRIPTIVE_PLY_MAX,
		    "the search visited %ld positions", game->nodes);
	FUZZ_ASSERT(game->note_count >= 0 && game->note_count <= DESCRIPTIVE_NOTES_MAX, "%d notes", game->note_count);
	for (int i = 0; i < game->note_count; i++) {
		const struct descriptive_note *n = &game->notes[i];
		FUZZ_ASSERT(n->code < DESCRIPTIVE_NOTE_CODE_NB && descriptive_note_name(n->code), "note code %d", n->code);
		FUZZ_ASSERT(memchr(n->message, '\0', sizeof n->message) && n->message[0], "note %s: no message",
			    descriptive_note_name(n->code));
		FUZZ_ASSERT(n->ply >= -1 && n->ply < DESCRIPTIVE_PLY_MAX, "note at ply %d", n->ply);
		if (spans)
			fuzz_check_span(n->offset, n->length, size, descriptive_note_name(n->code));
	}
	if (rc == DESCRIPTIVE_OK) {
		FUZZ_ASSERT(game->count >= 0 && game->count <= DESCRIPTIVE_PLY_MAX, "%d plies", game->count);
		fuzz_check_moves(game, spans);
		return;
	}
	const struct descriptive_error *e = &game->error;
	FUZZ_ASSERT(e->code == rc, "error code %d, returned %d", (int)e->code, (int)rc);
	FUZZ_ASSERT(memchr(e->message, '\0', sizeof e->message) && e->message[0], "%s: no message",
		    descriptive_code_name(rc));
	FUZZ_ASSERT(e->ply >= -1 && e->ply <= DESCRIPTIVE_PLY_MAX, "error at ply %d", e->ply);
	if (spans)
		fuzz_check_span(e->offset, e->length, size, descriptive_code_name(rc));
	if (rc == DESCRIPTIVE_ERR_AMBIGUOUS || (rc == DESCRIPTIVE_ERR_ILLEGAL && e->candidate_count)) {
		struct move_list moves;
		FUZZ_ASSERT(e->pos.key == position_compute_key(&e->pos), "the error's position has a stale key");
		FUZZ_ASSERT(e->candidate_count <= DESCRIPTIVE_CANDIDATES_MAX, "%d candidates", e->candidate_count);
		movegen_legal(&e->pos, &moves);
		for (int i = 0; i < e->candidate_count; i++)
			FUZZ_ASSERT(movegen_contains(&moves, e->candidates[i]), "candidate %04x is not legal",
				    (unsigned)e->candidates[i]);
	}
	if (rc == DESCRIPTIVE_ERR_AMBIGUOUS)
		FUZZ_ASSERT(e->candidate_count >= 2, "ambiguous with %d candidates", e->candidate_count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct descriptive_game game;
	struct fuzz_input in = { data, size };
	uint8_t flags = fuzz_byte(&in), selector = fuzz_byte(&in);
	enum descriptive_lang lang = flags & 1 ? DESCRIPTIVE_ES : DESCRIPTIVE_EN;
	const char *text, *tokens[FUZZ_TOKENS_MAX];
	char token_copies[FUZZ_TOKENS_MAX][GAMETEXT_TOKEN_MAX + 8];
	enum descriptive_code rc;
	int count = 0;

	fuzz_read_position(&in, selector, false, &game.start);
	game.lang = lang;
	game.strict_ambiguity = (flags & 2) != 0;
	text = (const char *)in.data;
	if (!(flags & 4)) {
		rc = descriptive_read_game(&game, text, in.size);
		fuzz_check_game(&game, rc, in.size, true);
		return 0;
	}
	/* Tokens: the words of the text, each NUL-terminated as the JSON layer hands them. */
	for (size_t i = 0; i < in.size && count < FUZZ_TOKENS_MAX;) {
		size_t j = i;
		while (j < in.size && text[j] != ' ' && text[j] != '\n')
			j++;
		if (j > i && j - i < sizeof token_copies[0]) {
			struct descriptive_spec spec;
			char why[DESCRIPTIVE_MESSAGE_MAX] = "";
			memcpy(token_copies[count], text + i, j - i);
			token_copies[count][j - i] = '\0';
			if (descriptive_parse_token(text + i, j - i, lang, &spec, why))
				FUZZ_ASSERT(why[0], "\"%s\": refused without a reason", token_copies[count]);
			tokens[count] = token_copies[count];
			count++;
		}
		i = j + 1;
	}
	rc = descriptive_read_tokens(&game, tokens, count);
	fuzz_check_game(&game, rc, in.size, false);
	return 0;
}
