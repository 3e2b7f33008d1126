/* fen_legal.c -- the third pass of FEN parsing: whether the position read is one a game
 * can reach (kings, pawns and material, checks, castling rights against the board, the
 * en passant square), each problem reported with its field and offset. */
#include "fen.h"

#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "fen_internal.h"

/* Offset and length to blame for a problem with the board as a whole. */
#define FEN_BOARD_SPAN(p) (p)->fields[FEN_FIELD_BOARD].offset, (p)->fields[FEN_FIELD_BOARD].length

static void fen_check_material(struct fen_parser *p, bool *kings_ok)
{
	const struct position *pos = p->pos;

	*kings_ok = true;
	for (int c = WHITE; c <= BLACK; c++) {
		bitboard kings = position_pieces(pos, (enum color)c, KING);
		if (!kings) {
			fen_error(p, FEN_ERR_MISSING_KING, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
				  MSG_FEN_MISSING_KING, FEN_SIDE(p, c));
			*kings_ok = false;
		} else if (bb_more_than_one(kings)) {
			/* blame the second king in reading order (rank 8 first) */
			int first = -1, second = -1;
			for (bitboard k = kings; k;) {
				int at = p->square_offset[bb_pop_lsb(&k)];
				if (first < 0 || at < first) {
					second = first;
					first = at;
				} else if (second < 0 || at < second) {
					second = at;
				}
			}
			fen_error(p, FEN_ERR_TOO_MANY_KINGS, FEN_FIELD_BOARD, second, 1,
				  MSG_FEN_TOO_MANY_KINGS, FEN_SIDE(p, c), bb_count(kings));
			*kings_ok = false;
		}
	}

	bitboard stray = pos->by_type[PAWN] & (BB_RANK_1 | BB_RANK_8);
	while (stray) {
		int sq = bb_pop_lsb(&stray);
		char name[3];
		fen_format_square(sq, name);
		fen_error(p, FEN_ERR_PAWN_ON_BACK_RANK, FEN_FIELD_BOARD, p->square_offset[sq], 1,
			  MSG_FEN_PAWN_ON_BACK_RANK, FEN_OF_SIDE(p, piece_color(pos->board[sq])), name);
	}

	for (int c = WHITE; c <= BLACK; c++) {
		bitboard own = pos->by_color[c];
		int pawns = bb_count(own & pos->by_type[PAWN]);
		int pieces = bb_count(own);
		if (pawns > 8)
			fen_error(p, FEN_ERR_TOO_MANY_PAWNS, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
				  MSG_FEN_TOO_MANY_PAWNS, FEN_SIDE(p, c), pawns);
		if (pieces > 16)
			fen_error(p, FEN_ERR_TOO_MANY_PIECES, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
				  MSG_FEN_TOO_MANY_PIECES, FEN_SIDE(p, c), pieces);
		int queens = bb_count(own & pos->by_type[QUEEN]);
		int rooks = bb_count(own & pos->by_type[ROOK]);
		int knights = bb_count(own & pos->by_type[KNIGHT]);
		int dark = bb_count(own & pos->by_type[BISHOP] & BB_DARK_SQUARES);
		int light = bb_count(own & pos->by_type[BISHOP] & ~BB_DARK_SQUARES);
		int extra = (queens > 1 ? queens - 1 : 0) + (rooks > 2 ? rooks - 2 : 0) +
			    (knights > 2 ? knights - 2 : 0) + (dark > 1 ? dark - 1 : 0) + (light > 1 ? light - 1 : 0);
		if (pawns <= 8 && pieces <= 16 && pawns + extra > 8)
			fen_error(p, FEN_ERR_TOO_MANY_PROMOTED, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
				  MSG_FEN_TOO_MANY_PROMOTED, FEN_SIDE(p, c), pawns, extra, FEN_NOUN(p, MSG_N_PROMOTED, extra),
				  queens, rooks, knights, light, dark, 8 - pawns, FEN_NOUN(p, MSG_N_PAWN, 8 - pawns));
	}
}

/* True for bishops, rooks and queens. */
static bool fen_is_slider(int pc)
{
	enum piece_type t = piece_type_of(pc);
	return t == BISHOP || t == ROOK || t == QUEEN;
}

/* The name of a piece that gives check without being a slider: a pawn or a knight (or
 * a king, which a position may have next to the other). */
static const char *fen_checker_name(const struct fen_parser *p, int pc)
{
	enum piece_type t = piece_type_of(pc);
	return msg_text(t == PAWN ? MSG_W_PAWN : t == KNIGHT ? MSG_W_KNIGHT : MSG_W_KING, p->report->lang);
}

/* Checks on both kings: the side not to move must not be in check, and the side to move's
 * checkers must be ones a single legal move could have produced. */
static void fen_check_checks(struct fen_parser *p)
{
	const struct position *pos = p->pos;
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	bitboard occupied = position_occupied(pos);
	int their_king = position_king_square(pos, them);
	int our_king = position_king_square(pos, us);
	const struct fen_span *turn = &p->fields[FEN_FIELD_TURN];
	char name[3];

	if (position_is_attacked(pos, their_king, us, occupied)) {
		fen_format_square(their_king, name);
		fen_error(p, FEN_ERR_OPPONENT_IN_CHECK, FEN_FIELD_TURN, turn->offset, turn->length,
			  MSG_FEN_OPPONENT_IN_CHECK, FEN_SIDE(p, us), FEN_OF_SIDE(p, them), name, FEN_OF_SIDE(p, them));
	}

	bitboard checkers = position_attackers_to(pos, our_king, occupied) & pos->by_color[them];
	int count = bb_count(checkers);
	fen_format_square(our_king, name);
	if (count > 2) {
		fen_error(p, FEN_ERR_TOO_MANY_CHECKERS, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
			  MSG_FEN_TOO_MANY_CHECKERS, FEN_OF_SIDE(p, us), name, count);
		return;
	}
	if (count == 2) {
		int a = bb_lsb(checkers), b = 63 - __builtin_clzll(checkers);
		if (attacks_line(a, b) & bb_square(our_king))
			fen_error(p, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
				  MSG_FEN_DOUBLE_CHECK_LINE, FEN_OF_SIDE(p, us), name);
		else if (!fen_is_slider(pos->board[a]) && !fen_is_slider(pos->board[b]))
			fen_error(p, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_BOARD, FEN_BOARD_SPAN(p),
				  MSG_FEN_DOUBLE_CHECK_PIECES, FEN_OF_SIDE(p, us), name, fen_checker_name(p, pos->board[a]),
				  fen_checker_name(p, pos->board[b]));
	}
}

/* The en-passant square must sit behind a pawn that could just have moved two squares. */
static void fen_check_en_passant(struct fen_parser *p)
{
	struct position *pos = p->pos;
	const struct fen_span *f = &p->fields[FEN_FIELD_EN_PASSANT];
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	int ep = p->ep_square;
	enum fen_code problem = FEN_CODE_NB;
	char name[3], message[FEN_ISSUE_MESSAGE_MAX];
	enum msg_lang lang = p->report->lang;

	if (ep == SQ_NONE)
		return;
	fen_format_square(ep, name);
	int pushed_to = us == WHITE ? ep - 8 : ep + 8;
	int pushed_from = us == WHITE ? ep + 8 : ep - 8;
	if (square_rank(ep) != (us == WHITE ? 5 : 2)) {
		problem = FEN_ERR_EN_PASSANT_WRONG_RANK;
		error_message(message, sizeof message, lang, MSG_FEN_EP_WRONG_RANK, name,
			      msg_text(us == WHITE ? MSG_W_RANK_6TH : MSG_W_RANK_3RD, lang), FEN_OF_SIDE(p, them),
			      FEN_SIDE(p, us));
	} else if (pos->board[pushed_to] != piece_make(them, PAWN)) {
		char to[3];
		fen_format_square(pushed_to, to);
		problem = FEN_ERR_EN_PASSANT_WITHOUT_PAWN;
		error_message(message, sizeof message, lang, MSG_FEN_EP_WITHOUT_PAWN, name, FEN_OF_SIDE(p, them), to);
	} else if (pos->board[ep] != NO_PIECE || pos->board[pushed_from] != NO_PIECE) {
		char from[3];
		fen_format_square(pushed_from, from);
		problem = FEN_ERR_EN_PASSANT_BLOCKED;
		error_message(message, sizeof message, lang, MSG_FEN_EP_BLOCKED, name, name, from);
	}

	if (problem == FEN_CODE_NB) {
		pos->ep_square = (uint8_t)ep;
		if (pos->halfmove != 0)
			error_report_add(p->report, FEN_WARN_EN_PASSANT_WITH_HALFMOVE, FEN_FIELD_EN_PASSANT,
					 f->offset, f->length, MSG_FEN_EP_WITH_HALFMOVE, name, (unsigned)pos->halfmove);
		return;
	}
	if (fen_lenient(p)) {
		struct fen_issue *w = error_report_add(p->report, FEN_WARN_EN_PASSANT_DROPPED, FEN_FIELD_EN_PASSANT,
						       f->offset, f->length, MSG_FEN_EP_DROPPED, message);
		error_issue_set_change(w, p->text + f->offset, (size_t)f->length, "-");
		return;
	}
	fen_error(p, problem, FEN_FIELD_EN_PASSANT, f->offset, f->length, MSG_AS_IS, message);
}

/* A check given while an en-passant square is set must come from the double push: either
 * the pushed pawn gives it, or the push uncovered it. */
static void fen_check_en_passant_check(struct fen_parser *p)
{
	const struct position *pos = p->pos;
	enum color us = (enum color)pos->turn, them = (enum color)!us;
	int ep = pos->ep_square, king = position_king_square(pos, us);

	if (ep == SQ_NONE)
		return;
	bitboard checkers = position_attackers_to(pos, king, position_occupied(pos)) & pos->by_color[them];
	if (!checkers || bb_count(checkers) > 2)
		return;
	int pushed_to = us == WHITE ? ep - 8 : ep + 8;
	int pushed_from = us == WHITE ? ep + 8 : ep - 8;
	bitboard before = (position_occupied(pos) ^ bb_square(pushed_to)) | bb_square(pushed_from);
	bool impossible = bb_more_than_one(checkers);
	if (!impossible && bb_lsb(checkers) != pushed_to)
		impossible = (position_attackers_to(pos, king, before) & pos->by_color[them] & ~bb_square(pushed_to)) != 0;
	if (impossible) {
		char name[3];
		fen_format_square(ep, name);
		fen_error(p, FEN_ERR_IMPOSSIBLE_CHECK, FEN_FIELD_EN_PASSANT, p->fields[FEN_FIELD_EN_PASSANT].offset,
			  p->fields[FEN_FIELD_EN_PASSANT].length,
			  MSG_FEN_EP_IMPOSSIBLE_CHECK, name, FEN_OF_SIDE(p, them), FEN_OF_SIDE(p, us));
	}
}

/* The outermost rook of colour c on its back rank on one side of the king, or SQ_NONE. */
int fen_outer_rook(const struct position *pos, enum color c, int king, bool kingside)
{
	bitboard rooks = position_pieces(pos, c, ROOK) & bb_rank(square_rank(king));
	bitboard side = kingside ? rooks & ~((bb_square(king) << 1) - 1) : rooks & (bb_square(king) - 1);

	if (!side)
		return SQ_NONE;
	return kingside ? 63 - __builtin_clzll(side) : bb_lsb(side);
}

/* True when a king of colour c on square king (SQ_NONE: none) may hold castling rights:
 * on e1/e8, or in Chess960 on its back rank between two files. Inference and resolution
 * share it, so that an inferred right is never one that resolution drops. */
static bool fen_king_can_castle(int king, enum color c, bool chess960)
{
	if (king == SQ_NONE || square_rank(king) != (c == WHITE ? 0 : 7))
		return false;
	return chess960 ? square_file(king) != 0 && square_file(king) != 7 : square_file(king) == 4;
}

/* Resolves the castling letters against the board, standard or Chess960 rules, and
 * returns how many name no right; with report false nothing is reported (each token's
 * right and rook are set either way), and first, when not NULL, receives the first
 * refusal's message. */
static int fen_resolve_castling(struct fen_parser *p, bool chess960, bool report, char first[FEN_ISSUE_MESSAGE_MAX])
{
	struct position *pos = p->pos;
	enum msg_lang lang = p->report->lang;
	int refused = 0;

	for (int i = 0; i < p->castling_count; i++) {
		struct fen_castling_token *t = &p->castling[i];
		enum color c = t->color;
		int back = c == WHITE ? 0 : 7;
		int king = position_king_square(pos, c);
		char upper = (char)(t->letter >= 'a' ? t->letter - 32 : t->letter);
		enum fen_code problem = FEN_CODE_NB;
		char message[FEN_ISSUE_MESSAGE_MAX];
		bool kingside = false;
		int rook = SQ_NONE;

		t->right = 0;
		if (t->ignored)
			continue;
		if (!fen_king_can_castle(king, c, chess960)) {
			problem = FEN_ERR_CASTLING_WITHOUT_KING;
			if (chess960)
				error_message(message, sizeof message, lang, MSG_FEN_CASTLING_NO_KING_960, t->letter,
					      FEN_OF_SIDE(p, c));
			else
				error_message(message, sizeof message, lang, MSG_FEN_CASTLING_NO_KING, t->letter,
					      FEN_OF_SIDE(p, c), c == WHITE ? "e1" : "e8");
		} else {
			if (upper == 'K' || upper == 'Q') {
				kingside = upper == 'K';
				rook = chess960 ? fen_outer_rook(pos, c, king, kingside) : square_make(kingside ? 7 : 0, back);
			} else {
				rook = square_make(upper - 'A', back);
				kingside = square_file(rook) > square_file(king);
				if (!chess960 && square_file(rook) != 0 && square_file(rook) != 7)
					rook = SQ_NONE;
			}
			if (rook == SQ_NONE || rook == king || pos->board[rook] != piece_make(c, ROOK)) {
				char where[3] = "";
				if (rook != SQ_NONE && rook != king)
					fen_format_square(rook, where);
				problem = FEN_ERR_CASTLING_WITHOUT_ROOK;
				if (where[0])
					error_message(message, sizeof message, lang, MSG_FEN_CASTLING_NO_ROOK_ON, t->letter,
						      FEN_OF_SIDE(p, c), where);
				else
					error_message(message, sizeof message, lang,
						      kingside ? MSG_FEN_CASTLING_NO_ROOK_KINGSIDE : MSG_FEN_CASTLING_NO_ROOK_QUEENSIDE,
						      t->letter, FEN_OF_SIDE(p, c));
			}
		}
		if (problem == FEN_CODE_NB) {
			int right = (c == WHITE ? CASTLE_WHITE_KING : CASTLE_BLACK_KING) << (kingside ? 0 : 1);
			for (int j = 0; j < i; j++) {
				if (p->castling[j].right == right) {
					problem = FEN_ERR_CASTLING_REPEATED;
					error_message(message, sizeof message, lang,
						      kingside ? MSG_FEN_CASTLING_REPEATS_KINGSIDE : MSG_FEN_CASTLING_REPEATS_QUEENSIDE,
						      t->letter, p->castling[j].letter, FEN_SIDE(p, c));
				}
			}
			if (problem == FEN_CODE_NB) {
				t->right = right;
				t->rook = rook;
				continue;
			}
		}
		if (first && refused == 0)
			memcpy(first, message, sizeof message);
		refused++;
		if (!report)
			continue;
		if (problem == FEN_ERR_CASTLING_REPEATED && fen_lenient(p)) {
			fen_note_castling_change(p, error_report_add(p->report, FEN_WARN_CASTLING_REWRITTEN, FEN_FIELD_CASTLING,
								     t->offset, 1, MSG_FEN_CASTLING_REPEAT_DROPPED, message));
		} else if (fen_lenient(p)) {
			fen_note_castling_change(p, error_report_add(p->report, FEN_WARN_CASTLING_DROPPED, FEN_FIELD_CASTLING,
								     t->offset, 1, MSG_FEN_CASTLING_RIGHT_DROPPED, message));
		} else {
			fen_error(p, problem, FEN_FIELD_CASTLING, t->offset, 1, MSG_AS_IS, message);
		}
	}
	return refused;
}

/* Strict FEN lists White's rights before Black's, K before Q, and each letter once. */
void fen_check_castling_order(struct fen_parser *p)
{
	const struct fen_span *f = &p->fields[FEN_FIELD_CASTLING];
	bool order_reported = false;

	for (int i = 1; i < p->castling_count; i++) {
		struct fen_castling_token *a = &p->castling[i - 1], *b = &p->castling[i];
		bool repeated = false;
		for (int j = 0; j < i && !repeated; j++)
			repeated = p->castling[j].letter == b->letter;
		if (repeated) {
			b->ignored = true;
			if (fen_lenient(p)) {
				fen_note_castling_change(p, error_report_add(p->report, FEN_WARN_CASTLING_REWRITTEN,
									     FEN_FIELD_CASTLING, b->offset, 1,
									     MSG_FEN_CASTLING_TWICE_DROPPED, b->letter));
			} else {
				fen_error(p, FEN_ERR_CASTLING_REPEATED, FEN_FIELD_CASTLING, b->offset, 1,
					  MSG_FEN_CASTLING_TWICE, b->letter);
				p->syntax_error = true;
			}
			continue;
		}
		bool wrong = (a->color == BLACK && b->color == WHITE) ||
			     (a->color == b->color && (a->letter == 'Q' || a->letter == 'q') &&
			      (b->letter == 'K' || b->letter == 'k'));
		if (!wrong || order_reported)
			continue;
		order_reported = true;
		if (fen_lenient(p)) {
			fen_note_castling_change(p, error_report_add(p->report, FEN_WARN_CASTLING_REORDERED, FEN_FIELD_CASTLING,
								     f->offset, f->length, MSG_FEN_CASTLING_REORDERED,
								     FEN_FIELD_TEXT(p, FEN_FIELD_CASTLING)));
		} else {
			fen_error(p, FEN_ERR_CASTLING_ORDER, FEN_FIELD_CASTLING, b->offset, 1,
				  MSG_FEN_CASTLING_ORDER, b->letter, FEN_FIELD_TEXT(p, FEN_FIELD_CASTLING));
			p->syntax_error = true;
		}
	}
}

/* Lenient, castling field missing, inference asked for: rights from kings and rooks
 * standing on their starting squares. */
void fen_infer_castling(struct fen_parser *p, size_t length)
{
	struct position *pos = p->pos;
	bool chess960 = p->options->chess960;
	char text[5];
	int n = 0;

	p->castling_count = 0;
	for (int c = WHITE; c <= BLACK; c++) {
		int king = position_king_square(pos, (enum color)c);
		int back = c == WHITE ? 0 : 7;
		if (!fen_king_can_castle(king, (enum color)c, chess960))
			continue;
		for (int side = 0; side < 2; side++) {
			int rook = chess960 ? fen_outer_rook(pos, (enum color)c, king, side == 0)
					    : square_make(side == 0 ? 7 : 0, back);
			if (rook == SQ_NONE || pos->board[rook] != piece_make((enum color)c, ROOK))
				continue;
			char letter = side == 0 ? 'K' : 'Q';
			if (c == BLACK)
				letter = (char)(letter + 32);
			text[n++] = letter;
			p->castling[p->castling_count++] = (struct fen_castling_token){
				.letter = letter, .offset = (int)length, .color = (enum color)c,
			};
		}
	}
	if (n == 0)
		text[n++] = '-';
	text[n] = '\0';
	struct fen_issue *w = error_report_add(p->report, FEN_WARN_CASTLING_INFERRED, FEN_FIELD_CASTLING, (int)length, 0,
					       MSG_FEN_CASTLING_INFERRED, text);
	error_issue_set_change(w, "", 0, text);
	p->castling_ok = true;
}

/* Sets the position's rights from the resolved letters. How they are written back out
 * (KQkq, X-FEN or Shredder-FEN) is the caller's choice at output, not a repair. */
static void fen_apply_castling(struct fen_parser *p)
{
	struct position *pos = p->pos;

	pos->castling = 0;
	memset(pos->castling_rook, SQ_NONE, sizeof pos->castling_rook);
	for (int i = 0; i < p->castling_count; i++) {
		const struct fen_castling_token *t = &p->castling[i];
		if (!t->right)
			continue;
		pos->castling |= (uint8_t)t->right;
		pos->castling_rook[castling_right_index((enum castling_right)t->right)] = (uint8_t)t->rook;
	}
}

/* Castling rights that standard chess refuses but Chess960 reads: lenient mode reads
 * the position as Chess960; strict mode says so once, for the whole field, rather than
 * once a letter (and fen_hint adds the chess960 hint). */
static void fen_check_castling(struct fen_parser *p)
{
	const struct fen_span *f = &p->fields[FEN_FIELD_CASTLING];
	bool chess960 = p->options->chess960, only960 = false;
	char first[FEN_ISSUE_MESSAGE_MAX];
	int refused = chess960 ? 0 : fen_resolve_castling(p, false, false, first);

	if (refused) {
		int refused960 = fen_resolve_castling(p, true, false, NULL);
		if (refused960 == 0 && fen_lenient(p)) {
			error_report_add(p->report, FEN_WARN_CHESS960_ASSUMED, FEN_FIELD_CASTLING, f->offset, f->length,
					 MSG_FEN_CHESS960_ASSUMED,
					 FEN_FIELD_TEXT(p, FEN_FIELD_CASTLING));
			chess960 = true;
		} else if (!fen_lenient(p) && refused960 < refused) {
			p->castling_refused = refused;
			p->castling_refused960 = refused960;
			only960 = refused960 == 0;
		}
	}
	p->pos->chess960 = chess960;
	if (only960) {
		fen_error(p, FEN_ERR_CASTLING_NEEDS_CHESS960, FEN_FIELD_CASTLING, f->offset, f->length,
			  MSG_FEN_CASTLING_NEEDS_CHESS960,
			  FEN_FIELD_TEXT(p, FEN_FIELD_CASTLING), first);
		/* the rights standard chess reads stay; the others are dropped */
		fen_resolve_castling(p, false, false, NULL);
	} else {
		fen_resolve_castling(p, chess960, true, NULL);
	}
	fen_apply_castling(p);
	if (p->castling_change_count) {
		char became[8];
		fen_format_castling(p->pos, FEN_CASTLING_STANDARD, became, sizeof became);
		for (int i = 0; i < p->castling_change_count; i++)
			error_issue_set_change(p->castling_changes[i], p->text + f->offset, (size_t)f->length, became);
	}
}

void fen_check_legality(struct fen_parser *p)
{
	bool kings_ok;

	fen_check_material(p, &kings_ok);
	if (p->castling_ok && kings_ok)
		fen_check_castling(p);
	if (!p->turn_ok || !kings_ok)
		return;
	if (p->ep_ok)
		fen_check_en_passant(p);
	fen_check_checks(p);
	fen_check_en_passant_check(p);
}

/* Warns about a half-move clock larger than the plies the move number allows. */
void fen_check_clocks(struct fen_parser *p)
{
	const struct position *pos = p->pos;
	uint64_t plies = 2 * ((uint64_t)pos->fullmove - 1) + (pos->turn == BLACK);

	/* A defaulted move number says nothing about the plies played. */
	if (!p->halfmove_ok || !p->fullmove_ok || !p->turn_ok || pos->halfmove <= plies ||
	    !p->fields[FEN_FIELD_FULLMOVE].present)
		return;
	const struct fen_span *f = &p->fields[FEN_FIELD_HALFMOVE];
	error_report_add(p->report, FEN_WARN_HALFMOVE_EXCEEDS_PLIES, FEN_FIELD_HALFMOVE, f->present ? f->offset : 0,
			 f->present ? f->length : 0, MSG_FEN_HALFMOVE_EXCEEDS_PLIES,
			 (unsigned)pos->halfmove, (unsigned long long)plies, (unsigned)pos->fullmove);
}
