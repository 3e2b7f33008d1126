/* descriptive.c -- descriptive notation (English and Spanish) read into legal moves:
 * matching a token (read by descriptive_token.c) against a position with every piece's
 * home square known, and the search that reads a whole game so that every token is legal. */
#include "descriptive.h"

#include <stdio.h>
#include <string.h>

#include "fen.h"

#define DESCRIPTIVE_ORIGIN_NONE SQ_NONE

const char *descriptive_code_name(enum descriptive_code code)
{
	static const char *const names[DESCRIPTIVE_CODE_NB] = {
		[DESCRIPTIVE_OK] = "ok",
		[DESCRIPTIVE_ERR_MALFORMED] = "malformed_move",
		[DESCRIPTIVE_ERR_ILLEGAL] = "illegal_move",
		[DESCRIPTIVE_ERR_AMBIGUOUS] = "ambiguous_move",
		[DESCRIPTIVE_ERR_SEARCH_LIMIT] = "search_limit",
		[DESCRIPTIVE_ERR_TOO_MANY_MOVES] = "too_many_moves",
		[DESCRIPTIVE_ERR_EMPTY] = "empty_game",
		[DESCRIPTIVE_ERR_TEXT] = "unreadable_text",
		[DESCRIPTIVE_ERR_STOPPED] = "stopped",
	};
	return names[code];
}

const char *descriptive_note_name(enum descriptive_note_code code)
{
	static const char *const names[DESCRIPTIVE_NOTE_CODE_NB] = {
		[DESCRIPTIVE_NOTE_LOOKAHEAD] = "resolved_by_lookahead",
		[DESCRIPTIVE_NOTE_AMBIGUOUS] = "still_ambiguous",
		[DESCRIPTIVE_NOTE_ORIGIN] = "named_by_origin",
		[DESCRIPTIVE_NOTE_CHECK_SUFFIX] = "check_sign",
		[DESCRIPTIVE_NOTE_PROSE] = "text_ignored",
		[DESCRIPTIVE_NOTE_RESULT] = "result",
		[DESCRIPTIVE_NOTE_MOVE_NUMBER] = "move_number",
		[DESCRIPTIVE_NOTE_SIDE_INFERRED] = "side_inferred",
		[DESCRIPTIVE_NOTE_PROSE_COMMENT] = "text_as_comment",
		[DESCRIPTIVE_NOTE_EMPTY_VARIATION] = "empty_variation",
		[DESCRIPTIVE_NOTE_TRUNCATED] = "notes_truncated",
	};
	return names[code];
}

const char *descriptive_lang_name(enum descriptive_lang lang)
{
	return lang == DESCRIPTIVE_EN ? "en" : lang == DESCRIPTIVE_ES ? "es" : NULL;
}

int descriptive_lang_parse(const char *name, enum descriptive_lang *out)
{
	if (!strcmp(name, "en"))
		*out = DESCRIPTIVE_EN;
	else if (!strcmp(name, "es"))
		*out = DESCRIPTIVE_ES;
	else
		return -1;
	return 0;
}

/* ---- matching a token against a position ---- */

void descriptive_origins(const struct position *pos, uint8_t origin[SQUARE_NB])
{
	static const uint8_t back[8] = { ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK };

	for (int sq = 0; sq < SQUARE_NB; sq++) {
		int pc = pos->board[sq];
		int rank = square_rank(sq), file = square_file(sq);
		enum color c = piece_color(pc);
		int rel = c == WHITE ? rank : 7 - rank;
		enum piece_type t = piece_type_of(pc);

		origin[sq] = DESCRIPTIVE_ORIGIN_NONE;
		if (pc == NO_PIECE)
			continue;
		/* Chess960 pieces start anywhere on the back rank; the standard array is fixed. */
		if ((t == PAWN && rel == 1) || (rel == 0 && t != PAWN && (pos->chess960 || back[file] == t)))
			origin[sq] = (uint8_t)sq;
	}
}

/* The side (queen's 1, king's 2) a piece counts as starting on. */
static int descriptive_wing_of(const uint8_t origin[SQUARE_NB], int sq)
{
	int home = origin[sq] != DESCRIPTIVE_ORIGIN_NONE ? origin[sq] : sq;
	return square_file(home) < 4 ? DESCRIPTIVE_WING_QUEEN : DESCRIPTIVE_WING_KING;
}

/* A board turned round, so that Black's ranks count from Black's side. */
static bitboard descriptive_flip(bitboard b)
{
	return __builtin_bswap64(b);
}

/* True when playing m in pos gives check (mate when want is 2). */
static bool descriptive_gives(const struct position *pos, move m, int want)
{
	struct position after = *pos;
	struct position_undo undo;
	struct move_list replies;
	bool check;

	position_make_move(&after, m, &undo);
	check = position_in_check(&after);
	if (!check || want < 2)
		return check;
	return movegen_legal(&after, &replies) == 0;
}

int descriptive_candidates(const struct position *pos, const uint8_t origin[SQUARE_NB],
			   const struct descriptive_spec *spec, move *out)
{
	struct move_list moves;
	bitboard from_mask = spec->from, to_mask = spec->to;
	int count = 0, checking = 0;

	if (pos->turn == BLACK) {
		from_mask = descriptive_flip(from_mask);
		to_mask = descriptive_flip(to_mask);
	}
	movegen_legal(pos, &moves);
	for (int i = 0; i < moves.count && count < DESCRIPTIVE_CANDIDATES_MAX; i++) {
		move m = moves.moves[i];
		int from = move_from(m), to = move_to(m), taken_sq = to;
		enum move_kind kind = move_kind_of(m);
		bool capture;

		if (kind == MOVE_CASTLING) {
			bool king_side = square_file(position_castling_king_target(pos, m)) == 6;
			if (spec->kind == DESCRIPTIVE_CASTLE_ANY ||
			    (spec->kind == DESCRIPTIVE_CASTLE_KING && king_side) ||
			    (spec->kind == DESCRIPTIVE_CASTLE_QUEEN && !king_side))
				out[count++] = m;
			continue;
		}
		if (spec->kind != DESCRIPTIVE_MOVE && spec->kind != DESCRIPTIVE_CAPTURE)
			continue;
		if (piece_type_of(pos->board[from]) != spec->piece || !(from_mask >> from & 1))
			continue;
		if (kind == MOVE_EN_PASSANT)
			taken_sq = to + (pos->turn == WHITE ? -8 : 8);
		capture = kind == MOVE_EN_PASSANT || pos->board[to] != NO_PIECE;
		if (capture != (spec->kind == DESCRIPTIVE_CAPTURE) || !(to_mask >> taken_sq & 1))
			continue;
		if (capture && spec->target && piece_type_of(pos->board[taken_sq]) != spec->target)
			continue;
		if (capture && spec->target_wing && descriptive_wing_of(origin, taken_sq) != spec->target_wing)
			continue;
		if (spec->piece_wing && descriptive_wing_of(origin, from) != spec->piece_wing)
			continue;
		if (kind == MOVE_PROMOTION ? spec->promotion && move_promotion(m) != spec->promotion : spec->promotion)
			continue;
		if (spec->en_passant && kind != MOVE_EN_PASSANT)
			continue;
		out[count++] = m;
	}
	/* A check or mate sign tells apart moves the squares do not. */
	if (count > 1 && spec->check) {
		move keep[DESCRIPTIVE_CANDIDATES_MAX];
		for (int i = 0; i < count; i++)
			if (descriptive_gives(pos, out[i], spec->check))
				keep[checking++] = out[i];
		if (checking > 0) {
			memcpy(out, keep, sizeof *keep * (size_t)checking);
			count = checking;
		}
	}
	return count;
}

/* Plays m on pos and carries the home squares along from before to after. */
static void descriptive_play(struct position *pos, move m, const uint8_t before[SQUARE_NB], uint8_t after[SQUARE_NB],
			     struct position_undo *undo)
{
	int from = move_from(m), to = move_to(m);

	memcpy(after, before, SQUARE_NB);
	switch (move_kind_of(m)) {
	case MOVE_CASTLING: {
		int king_to = position_castling_king_target(pos, m), rook_to = position_castling_rook_target(pos, m);
		uint8_t king = before[from], rook = before[to];
		after[from] = after[to] = DESCRIPTIVE_ORIGIN_NONE;
		after[king_to] = king;
		after[rook_to] = rook;
		break;
	}
	case MOVE_EN_PASSANT:
		after[to + (pos->turn == WHITE ? -8 : 8)] = DESCRIPTIVE_ORIGIN_NONE;
		after[to] = before[from];
		after[from] = DESCRIPTIVE_ORIGIN_NONE;
		break;
	case MOVE_PROMOTION:
		after[to] = DESCRIPTIVE_ORIGIN_NONE; /* a new piece: it started nowhere */
		after[from] = DESCRIPTIVE_ORIGIN_NONE;
		break;
	default:
		after[to] = before[from];
		after[from] = DESCRIPTIVE_ORIGIN_NONE;
	}
	position_make_move(pos, m, undo);
}

/* ---- reading a game ---- */

/* A move written for messages in long algebraic form ("Bc4xd5", "e7e8=Q", "O-O"). */
static void descriptive_format(const struct position *pos, move m, char out[16])
{
	static const char letters[] = " PNBRQK";
	int from = move_from(m), to = move_to(m), n = 0;
	char sq[3];

	if (move_kind_of(m) == MOVE_CASTLING) {
		strcpy(out, square_file(position_castling_king_target(pos, m)) == 6 ? "O-O" : "O-O-O");
		return;
	}
	if (piece_type_of(pos->board[from]) != PAWN)
		out[n++] = letters[piece_type_of(pos->board[from])];
	fen_format_square(from, sq);
	out[n++] = sq[0];
	out[n++] = sq[1];
	out[n++] = move_kind_of(m) == MOVE_EN_PASSANT || pos->board[to] ? 'x' : '-';
	fen_format_square(to, sq);
	out[n++] = sq[0];
	out[n++] = sq[1];
	if (move_kind_of(m) == MOVE_PROMOTION) {
		out[n++] = '=';
		out[n++] = letters[move_promotion(m)];
	}
	out[n] = '\0';
}

/* One line being read: where each token's text starts, its length, where the line starts
 * and what the search needs of the game. Tokens are in slots by their ply: the line's are
 * slots [first, count). */
struct descriptive_reader {
	struct descriptive_game *game;
	const char *const *texts;      /* texts[i]: the bytes of the token in slot i */
	const int *lengths;
	int count;                     /* the slot after the line's last token */
	int deepest;                   /* the furthest ply at which a token fitted nothing */
	bool branched;                 /* some token fitted several moves */
	long limit;
	bool stopped;                  /* game->check said to stop */
	int first;                     /* the line's first slot */
	int depth;                     /* 0 the main line, 1 a variation ... */
	const struct position *start;  /* the position before slot first */
	const uint8_t *origin;         /* and its home squares */
	move *moves;                   /* the line's moves found: moves[i - first] for slot i */
	uint8_t *nags;
};

/* Appends a note (the last slot says the list was cut). */
static struct descriptive_note *descriptive_note(struct descriptive_game *game, enum descriptive_note_code code,
						 int ply, int offset, int length)
{
	struct descriptive_note *note;

	if (game->note_count >= DESCRIPTIVE_NOTES_MAX)
		return NULL;
	note = &game->notes[game->note_count++];
	if (game->note_count == DESCRIPTIVE_NOTES_MAX) {
		*note = (struct descriptive_note){ DESCRIPTIVE_NOTE_TRUNCATED, -1, -1, 0, "", 0 };
		error_message(note->message, sizeof note->message, game->msg_lang, MSG_GAMES_D_NOTES_TRUNCATED);
		return NULL;
	}
	*note = (struct descriptive_note){ (uint8_t)code, ply, offset, length, "", 0 };
	return note;
}

/* "18. (White)" and the token, for messages. */
static int descriptive_where(const struct descriptive_reader *r, int ply, char *out, size_t size)
{
	int number = (int)r->game->start.fullmove + (ply + r->game->start.turn) / 2;
	bool black = (ply + r->game->start.turn) % 2;

	return snprintf(out, size, "%d%s %.*s%s", number, black ? "..." : ".", r->lengths[ply], r->texts[ply],
			r->depth ? msg_text(MSG_GAMES_W_IN_VARIATION, r->game->msg_lang) : "");
}

/* The dead-end table's key for ply with pos and origin (never 0, which marks a free slot). */
static uint64_t descriptive_state(int ply, const struct position *pos, const uint8_t origin[SQUARE_NB])
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (int sq = 0; sq < SQUARE_NB; sq++)
		h = (h ^ origin[sq]) * 0x100000001b3ULL;
	return (pos->key ^ h ^ (uint64_t)(ply + 1) * 0x9e3779b97f4a7c15ULL) | 1;
}

/* True when state is a known dead end; with add, records it (a full table keeps what it has). */
static bool descriptive_dead(struct descriptive_game *game, uint64_t state, bool add)
{
	for (unsigned i = 0, slot = (unsigned)(state >> 32) % DESCRIPTIVE_DEAD_SLOTS; i < 16;
	     i++, slot = (slot + 1) % DESCRIPTIVE_DEAD_SLOTS) {
		if (game->dead[slot] == state)
			return true;
		if (game->dead[slot] == 0) {
			if (add)
				game->dead[slot] = state;
			game->dead_used |= add;
			return false;
		}
	}
	return false;
}

/* Searches for a reading of tokens [first, count) from pos (with home squares origin),
 * trying only `forced` at the first ply when it is not MOVE_NONE. The moves found are in
 * plies[i].candidates[plies[i].next - 1]. Returns 1 when every token fitted, 0 when no
 * reading works (the deepest failure is recorded), -1 at the node limit. pos is left
 * at the end of the reading found, or as given. */
static int descriptive_search(struct descriptive_reader *r, int first, struct position *pos,
			      const uint8_t origin[SQUARE_NB], move forced)
{
	struct descriptive_game *game = r->game;
	struct descriptive_ply *plies = game->plies;
	int ply = first;

	/* The game's budget is spent (by an earlier line, or the review's searches). */
	if (game->nodes >= r->limit)
		return -1;
	memcpy(plies[first].origin, origin, SQUARE_NB);
	if (forced != MOVE_NONE) {
		plies[first].candidates[0] = forced;
		plies[first].count = 1;
	} else {
		plies[first].count = (uint8_t)descriptive_candidates(pos, origin, &game->specs[first], plies[first].candidates);
	}
	plies[first].next = 0;
	r->branched |= plies[first].count > 1;
	if (plies[first].count == 0 && first >= r->deepest) {
		r->deepest = first;
		game->error.pos = *pos;
	}
	for (;;) {
		struct descriptive_ply *p = &plies[ply];
		if (p->next < p->count) {
			move m = p->candidates[p->next++];
			uint8_t *next_origin = ply + 1 < DESCRIPTIVE_PLY_MAX ? plies[ply + 1].origin : NULL;
			uint8_t scratch[SQUARE_NB];

			descriptive_play(pos, m, p->origin, next_origin ? next_origin : scratch, &p->undo);
			if (++ply == r->count)
				return 1;
			if (++game->nodes > r->limit ||
			    (game->nodes % DESCRIPTIVE_CHECK_NODES == 0 && (r->stopped = work_stop(game->check)))) {
				/* Unwind so pos is as given. */
				while (ply > first) {
					ply--;
					position_unmake_move(pos, plies[ply].candidates[plies[ply].next - 1], &plies[ply].undo);
				}
				return -1;
			}
			/* A state already searched to the end in vain fails again. */
			if (descriptive_dead(game, descriptive_state(ply, pos, plies[ply].origin), false)) {
				plies[ply].count = plies[ply].next = 0;
				continue;
			}
			plies[ply].count = (uint8_t)descriptive_candidates(pos, plies[ply].origin, &game->specs[ply],
									 plies[ply].candidates);
			plies[ply].next = 0;
			r->branched |= plies[ply].count > 1;
			if (plies[ply].count == 0 && ply > r->deepest) {
				r->deepest = ply;
				game->error.pos = *pos;
			}
			continue;
		}
		/* Every move of this ply failed: a dead end (but not the first ply of a forced try,
		 * whose other moves were not tried). */
		if (ply > first || forced == MOVE_NONE)
			descriptive_dead(game, descriptive_state(ply, pos, p->origin), true);
		if (ply == first)
			return 0;
		ply--;
		position_unmake_move(pos, plies[ply].candidates[plies[ply].next - 1], &plies[ply].undo);
	}
}

/* Describes what spec asks for, for the message of a token that fits nothing. */
static void descriptive_describe(const struct descriptive_spec *spec, enum color side, char *out, size_t size)
{
	static const char *const names[] = { "piece", "pawn", "knight", "bishop", "rook", "queen", "king" };
	bitboard to = side == BLACK ? descriptive_flip(spec->to) : spec->to;
	size_t n;
	int listed = 0;

	if (spec->kind >= DESCRIPTIVE_CASTLE_KING) {
		snprintf(out, size, "%s",
			 spec->kind == DESCRIPTIVE_CASTLE_KING ? "castling king's side"
			 : spec->kind == DESCRIPTIVE_CASTLE_QUEEN ? "castling queen's side" : "castling");
		return;
	}
	n = (size_t)snprintf(out, size, "a %s%s %s", spec->piece_wing == DESCRIPTIVE_WING_KING ? "king's "
						      : spec->piece_wing == DESCRIPTIVE_WING_QUEEN ? "queen's " : "",
			     names[spec->piece], spec->kind == DESCRIPTIVE_CAPTURE ? "taking " : "moving to");
	if (spec->kind == DESCRIPTIVE_CAPTURE)
		n += (size_t)snprintf(out + n, size - n, "a %s", spec->target ? names[spec->target] : "piece");
	if (~to == 0 || bb_count(to) > 4)
		return;
	n += (size_t)snprintf(out + n, size - n, "%s", spec->kind == DESCRIPTIVE_CAPTURE ? " on" : "");
	for (bitboard b = to; b && n < size; b &= b - 1) {
		char sq[3];
		fen_format_square(bb_lsb(b), sq);
		n += (size_t)snprintf(out + n, size - n, "%s%s", listed++ ? " or " : " ", sq);
	}
}

/* After a reading was found: notes for every token that needed one, and for what stays
 * ambiguous. Returns DESCRIPTIVE_OK or the ambiguity error (strict_ambiguity). */
static enum descriptive_code descriptive_review(struct descriptive_reader *r)
{
	struct descriptive_game *game = r->game;
	struct position pos = *r->start;
	uint8_t origin[SQUARE_NB], next[SQUARE_NB];
	move cands[DESCRIPTIVE_CANDIDATES_MAX];
	char where[68];

	memcpy(origin, r->origin, SQUARE_NB);
	for (int i = r->first; i < r->count; i++) {
		const struct descriptive_spec *spec = &game->specs[i];
		move m = r->moves[i - r->first];
		int n = descriptive_candidates(&pos, origin, spec, cands);
		struct position_undo undo;
		struct descriptive_note *note;
		char chosen[16];

		descriptive_format(&pos, m, chosen);
		descriptive_where(r, i, where, sizeof where);
		if (n > 1) {
			char alive[80] = "", dead[120] = "";
			size_t a = 0, d = 0;
			int alive_count = 0;
			for (int k = 0; k < n; k++) {
				char text[16];
				int found;
				if (cands[k] == m)
					continue;
				descriptive_format(&pos, cands[k], text);
				if (i + 1 == r->count) {
					found = 1;
				} else {
					struct position trial = pos;
					int saved = r->deepest;
					r->deepest = i + 1;
					found = descriptive_search(r, i, &trial, origin, cands[k]);
					if (found == 0 && d < sizeof dead) {
						char later[80];
						descriptive_where(r, r->deepest, later, sizeof later);
						error_message(dead + d, sizeof dead - d, game->msg_lang,
							      MSG_GAMES_D_THEN_NOTHING, d ? "; " : "", text, later);
						d += strlen(dead + d);
					}
					r->deepest = saved;
				}
				if (found != 0 && a < sizeof alive) {
					alive_count++;
					a += (size_t)snprintf(alive + a, sizeof alive - a, "%s%s", a ? ", " : "", text);
				}
			}
			if (alive_count && game->strict_ambiguity) {
				struct descriptive_error *e = &game->error;
				e->code = DESCRIPTIVE_ERR_AMBIGUOUS;
				e->ply = i;
				e->depth = r->depth;
				e->pos = pos;
				e->candidate_count = n;
				memcpy(e->candidates, cands, sizeof *cands * (size_t)n);
				error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_AMBIGUOUS,
					      where, alive_count + 1, chosen, alive);
				return DESCRIPTIVE_ERR_AMBIGUOUS;
			}
			if (alive_count && (note = descriptive_note(game, DESCRIPTIVE_NOTE_AMBIGUOUS, i, 0, 0)))
				error_message(note->message, sizeof note->message, game->msg_lang,
					      MSG_GAMES_D_NOTE_AMBIGUOUS, where, chosen, alive, chosen);
			else if (!alive_count && (note = descriptive_note(game, DESCRIPTIVE_NOTE_LOOKAHEAD, i, 0, 0)))
				error_message(note->message, sizeof note->message, game->msg_lang,
					      MSG_GAMES_D_NOTE_LOOKAHEAD, where, chosen, dead, chosen);
		}
		/* A file named without its side, where the squares alone did not decide. */
		if (n == 1 && spec->kind == DESCRIPTIVE_MOVE && bb_count(spec->to) > 1 &&
		    (note = descriptive_note(game, DESCRIPTIVE_NOTE_SIDE_INFERRED, i, 0, 0))) {
			char to[3];
			fen_format_square(move_to(m), to);
			error_message(note->message, sizeof note->message, game->msg_lang, MSG_GAMES_D_SIDE_INFERRED,
				      where, to, chosen);
		}
		/* A side on a piece that stands on the other side now: read by where it started. */
		if (spec->piece_wing && spec->piece != PAWN && move_kind_of(m) != MOVE_CASTLING) {
			int from = move_from(m);
			int side_now = square_file(from) < 4 ? DESCRIPTIVE_WING_QUEEN : DESCRIPTIVE_WING_KING;
			if (origin[from] != DESCRIPTIVE_ORIGIN_NONE && side_now != spec->piece_wing &&
			    (note = descriptive_note(game, DESCRIPTIVE_NOTE_ORIGIN, i, 0, 0))) {
				char home[3], now[3];
				fen_format_square(origin[from], home);
				fen_format_square(from, now);
				error_message(note->message, sizeof note->message, game->msg_lang,
					      spec->piece_wing == DESCRIPTIVE_WING_KING ? MSG_GAMES_D_ORIGIN_KING
											: MSG_GAMES_D_ORIGIN_QUEEN,
					      where, home, now, chosen);
			}
		}
		{
			bool check = descriptive_gives(&pos, m, 1), mate = check && descriptive_gives(&pos, m, 2);
			enum msg_id what = MSG_AS_IS;
			if (spec->check == 2 && !mate)
				what = check ? MSG_GAMES_D_MATE_ONLY_CHECK : MSG_GAMES_D_MATE_NO_CHECK;
			else if (spec->check == 1 && !check)
				what = MSG_GAMES_D_CHECK_NONE;
			else if (!spec->check && mate)
				what = MSG_GAMES_D_MATE_UNMARKED;
			else if (!spec->check && check)
				what = MSG_GAMES_D_CHECK_UNMARKED;
			if (what != MSG_AS_IS && (note = descriptive_note(game, DESCRIPTIVE_NOTE_CHECK_SUFFIX, i, 0, 0)))
				error_message(note->message, sizeof note->message, game->msg_lang, what, where, chosen);
		}
		descriptive_play(&pos, m, origin, next, &undo);
		memcpy(origin, next, SQUARE_NB);
	}
	return DESCRIPTIVE_OK;
}

/* Reads one line: parses its tokens (slots [first, first + count) of texts, lengths and
 * offsets, which give each token's bytes and its place in the caller's input), searches
 * from start (with home squares origin), and reviews, into moves and nags (count each).
 * game->nodes goes on counting from where it stands. */
static enum descriptive_code descriptive_read_line(struct descriptive_game *game, const char *const *texts,
						   const int *lengths, const int *offsets, int first, int count,
						   const struct position *start, const uint8_t origin[SQUARE_NB],
						   int depth, move *moves, uint8_t *nags)
{
	struct descriptive_reader r = {
		game, texts, lengths, first + count, first, false,
		game->node_limit > 0 ? game->node_limit : DESCRIPTIVE_SEARCH_NODES, false,
		first, depth, start, origin, moves, nags,
	};
	struct descriptive_error *e = &game->error;
	struct position pos = *start;
	int found, notes = game->note_count;
	char where[68];

	/* Dead ends are those of a line's tokens: each line starts with none. */
	if (first == 0 || game->dead_used)
		memset(game->dead, 0, sizeof game->dead);
	game->dead_used = false;
	for (int i = first; i < first + count; i++)
		if (lengths[i] > GAMETEXT_TOKEN_MAX ||
		    descriptive_parse_token_in(texts[i], (size_t)lengths[i], game->lang, game->msg_lang,
					       &game->specs[i], e->message)) {
			if (lengths[i] > GAMETEXT_TOKEN_MAX)
				error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_TOO_LONG, 20,
					      texts[i]);
			e->code = DESCRIPTIVE_ERR_MALFORMED;
			e->ply = i;
			e->depth = depth;
			e->offset = offsets[i];
			e->length = lengths[i];
			return e->code;
		}
	found = descriptive_search(&r, first, &pos, origin, MOVE_NONE);
	if (found < 0 && r.stopped) {
		e->code = DESCRIPTIVE_ERR_STOPPED;
		error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_STOPPED);
		return e->code;
	}
	if (found <= 0) {
		e->code = found < 0 ? DESCRIPTIVE_ERR_SEARCH_LIMIT : DESCRIPTIVE_ERR_ILLEGAL;
		e->ply = found < 0 ? -1 : r.deepest;
		if (found < 0) {
			error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_SEARCH_LIMIT, r.limit);
			return e->code;
		}
		char what[120];
		e->depth = depth;
		e->offset = offsets[r.deepest];
		e->length = lengths[r.deepest];
		descriptive_where(&r, r.deepest, where, sizeof where);
		descriptive_describe(&game->specs[r.deepest], (enum color)e->pos.turn, what, sizeof what);
		error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_FITS_NOTHING, where,
			      r.branched ? msg_text(MSG_GAMES_W_HOWEVER_READ, game->msg_lang) : "", what + 2);
		return e->code;
	}
	for (int i = first; i < first + count; i++) {
		moves[i - first] = game->plies[i].candidates[game->plies[i].next - 1];
		nags[i - first] = game->specs[i].nag;
	}
	if (descriptive_review(&r) != DESCRIPTIVE_OK) {
		e->offset = offsets[e->ply];
		e->length = lengths[e->ply];
		return e->code;
	}
	for (int i = notes; i < game->note_count; i++)
		if (game->notes[i].ply >= 0 && game->notes[i].code != DESCRIPTIVE_NOTE_TRUNCATED) {
			game->notes[i].offset = offsets[game->notes[i].ply];
			game->notes[i].length = lengths[game->notes[i].ply];
			game->notes[i].depth = depth;
		}
	return DESCRIPTIVE_OK;
}

/* Reads count tokens (texts, lengths, offsets) as the main line from game->start. */
static enum descriptive_code descriptive_read(struct descriptive_game *game, const char *const *texts,
					      const int *lengths, const int *offsets, int count)
{
	struct descriptive_error *e = &game->error;
	uint8_t origin[SQUARE_NB];
	enum descriptive_code code;

	game->count = 0;
	game->nodes = 0;
	e->code = DESCRIPTIVE_OK;
	e->ply = -1;
	e->depth = 0;
	e->offset = e->length = 0;
	e->candidate_count = 0;
	e->message[0] = '\0';
	if (count == 0) {
		e->code = DESCRIPTIVE_ERR_EMPTY;
		error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_EMPTY);
		return e->code;
	}
	if (count > DESCRIPTIVE_PLY_MAX) {
		e->code = DESCRIPTIVE_ERR_TOO_MANY_MOVES;
		error_message(e->message, sizeof e->message, game->msg_lang, MSG_GAMES_D_TOO_MANY_PLIES,
			      DESCRIPTIVE_PLY_MAX);
		return e->code;
	}
	descriptive_origins(&game->start, origin);
	code = descriptive_read_line(game, texts, lengths, offsets, 0, count, &game->start, origin, 0, game->moves,
				     game->nags);
	if (code == DESCRIPTIVE_OK)
		game->count = count;
	return code;
}

void descriptive_line_start(const struct descriptive_game *game, int line, struct position *pos,
			    uint8_t origin[SQUARE_NB])
{
	int path[GAMETEXT_PLY_MAX], n = gametext_line_path(&game->text, line, path);
	uint8_t here[SQUARE_NB], next[SQUARE_NB];

	*pos = game->start;
	descriptive_origins(pos, here);
	for (int k = 0; k < n; k++) {
		struct position_undo undo;
		descriptive_play(pos, game->moves[path[k]], here, next, &undo);
		memcpy(here, next, SQUARE_NB);
	}
	if (origin)
		memcpy(origin, here, SQUARE_NB);
}

/* Reads the variations of the moves of line (of game->text, read already) into
 * game->moves at their tokens' places, each from the position before its move (the line
 * played from start, with home squares origin), and theirs in turn: every line is played
 * once, so the work is linear in the text. texts, lengths and offsets are the caller's
 * room for a line's slots (DESCRIPTIVE_PLY_MAX each). */
static enum descriptive_code descriptive_read_variations(struct descriptive_game *game, const char *text, int line,
							 const struct position *start, const uint8_t origin[SQUARE_NB],
							 const char **texts, int *lengths, int *offsets)
{
	const struct gametext *gt = &game->text;
	const struct gametext_line *l = &gt->lines[line];
	struct position pos = *start;
	uint8_t here[SQUARE_NB], next[SQUARE_NB];

	memcpy(here, origin, SQUARE_NB);
	for (int t = l->first; t < l->first + l->count; t++) {
		struct position_undo undo;
		for (int v = gt->tokens[t].variations; v >= 0; v = gt->lines[v].next) {
			const struct gametext_line *var = &gt->lines[v];
			int first = gt->tokens[var->first].ply;
			enum descriptive_code code;
			for (int i = 0; i < var->count; i++) {
				const struct gametext_token *tok = &gt->tokens[var->first + i];
				texts[first + i] = text + tok->offset;
				lengths[first + i] = tok->length;
				offsets[first + i] = tok->offset;
			}
			code = descriptive_read_line(game, texts, lengths, offsets, first, var->count, &pos, here, var->depth,
						     &game->moves[var->first], &game->nags[var->first]);
			if (code == DESCRIPTIVE_OK)
				code = descriptive_read_variations(game, text, v, &pos, here, texts, lengths, offsets);
			if (code != DESCRIPTIVE_OK)
				return code;
		}
		descriptive_play(&pos, game->moves[t], here, next, &undo);
		memcpy(here, next, SQUARE_NB);
	}
	return DESCRIPTIVE_OK;
}

enum descriptive_code descriptive_read_game(struct descriptive_game *game, const char *text, size_t length)
{
	const char *texts[DESCRIPTIVE_PLY_MAX];
	int lengths[DESCRIPTIVE_PLY_MAX], offsets[DESCRIPTIVE_PLY_MAX];
	struct gametext *gt = &game->text;
	enum gametext_code split;
	enum descriptive_code code;
	struct descriptive_note *note;

	game->note_count = 0;
	gt->start_fullmove = (int)game->start.fullmove;
	gt->start_black = game->start.turn == BLACK;
	gt->msg_lang = game->msg_lang;
	split = gametext_split(text, length, game->lang == DESCRIPTIVE_EN ? descriptive_looks_en : descriptive_looks_es,
			       gt);
	if (split != GAMETEXT_OK) {
		struct descriptive_error *e = &game->error;
		e->code = split == GAMETEXT_ERR_EMPTY ? DESCRIPTIVE_ERR_EMPTY
			: split == GAMETEXT_ERR_TOO_MANY_MOVES ? DESCRIPTIVE_ERR_TOO_MANY_MOVES
			: split == GAMETEXT_ERR_UNREADABLE ? DESCRIPTIVE_ERR_MALFORMED : DESCRIPTIVE_ERR_TEXT;
		e->text_code = split;
		e->ply = split == GAMETEXT_ERR_UNREADABLE ? gt->error_ply : -1;
		e->depth = split == GAMETEXT_ERR_UNREADABLE ? gt->error_depth : 0;
		e->offset = gt->error_offset;
		e->length = gt->error_length;
		e->candidate_count = 0;
		game->count = 0;
		/* The notation's own reason, for a word that is neither a move nor prose (not
		 * for a "$n" that is no NAG). */
		if (split == GAMETEXT_ERR_UNREADABLE && text[e->offset] != '$')
			descriptive_parse_token_in(text + e->offset, (size_t)e->length, game->lang, game->msg_lang,
						   &game->specs[0], e->message);
		else
			snprintf(e->message, sizeof e->message, "%s", gt->message);
		return e->code;
	}
	for (int i = 0; i < gt->count; i++) {
		texts[i] = text + gt->tokens[i].offset;
		lengths[i] = gt->tokens[i].length;
		offsets[i] = gt->tokens[i].offset;
	}
	code = descriptive_read(game, texts, lengths, offsets, gt->count);
	if (code == DESCRIPTIVE_OK) {
		uint8_t origin[SQUARE_NB];
		descriptive_origins(&game->start, origin);
		code = descriptive_read_variations(game, text, 0, &game->start, origin, texts, lengths, offsets);
	}
	if (code != DESCRIPTIVE_OK) {
		game->count = 0;
		return code;
	}
	/* What the text set aside or turned into comments: said, never dropped silently. */
	{
		static const uint8_t codes[GAMETEXT_REMARK_CODE_NB] = {
			[GAMETEXT_REMARK_PROSE] = DESCRIPTIVE_NOTE_PROSE,
			[GAMETEXT_REMARK_RESULT] = DESCRIPTIVE_NOTE_RESULT,
			[GAMETEXT_REMARK_MOVE_NUMBER] = DESCRIPTIVE_NOTE_MOVE_NUMBER,
			[GAMETEXT_REMARK_LEADING] = DESCRIPTIVE_NOTE_PROSE,
			[GAMETEXT_REMARK_PROSE_COMMENT] = DESCRIPTIVE_NOTE_PROSE_COMMENT,
			[GAMETEXT_REMARK_EMPTY_VARIATION] = DESCRIPTIVE_NOTE_EMPTY_VARIATION,
		};
		struct gametext_remark remarks[DESCRIPTIVE_NOTES_MAX];
		int n = gametext_remarks(gt, text, remarks, DESCRIPTIVE_NOTES_MAX);
		for (int i = 0; i < n; i++)
			if ((note = descriptive_note(game, codes[remarks[i].code], remarks[i].ply, remarks[i].offset,
						     remarks[i].length))) {
				snprintf(note->message, sizeof note->message, "%s", remarks[i].message);
				note->depth = remarks[i].depth;
			}
	}
	return DESCRIPTIVE_OK;
}

enum descriptive_code descriptive_read_tokens(struct descriptive_game *game, const char *const *tokens, int count)
{
	int lengths[DESCRIPTIVE_PLY_MAX], offsets[DESCRIPTIVE_PLY_MAX];

	game->note_count = 0;
	if (count > DESCRIPTIVE_PLY_MAX)
		count = DESCRIPTIVE_PLY_MAX + 1;
	for (int i = 0; i < count && i < DESCRIPTIVE_PLY_MAX; i++) {
		size_t n = strlen(tokens[i]);
		lengths[i] = n > GAMETEXT_TOKEN_MAX ? GAMETEXT_TOKEN_MAX + 1 : (int)n;
		offsets[i] = 0;
	}
	return descriptive_read(game, tokens, lengths, offsets, count);
}
