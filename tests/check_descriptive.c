/* check_descriptive.c -- tests of src/core/descriptive.c: the token grammar of English and
 * Spanish descriptive notation, pieces followed from their home squares, the search that
 * reads a whole game, the notes it writes, and every error code. The final FENs were
 * checked against Stockfish 15.1 (`position startpos moves ...` then `d`). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/attacks.h"
#include "core/descriptive.h"

/* The Guevara-Filip simultaneous game, Havana 1962, exactly as 003_4bee26a386fe0058.txt
 * quotes it from EcuRed, with the sentence that follows the moves (tests/data holds the
 * document's line as it is). */
static char guevara[1024];

/* Reads tests/data/guevara-1962.txt into guevara, without its line end. */
static void desc_load_guevara(void)
{
	FILE *f = fopen(TEST_DATA_DIR "/guevara-1962.txt", "rb");
	size_t n;

	ck_assert_ptr_nonnull(f);
	n = fread(guevara, 1, sizeof guevara - 1, f);
	fclose(f);
	while (n > 0 && (guevara[n - 1] == '\n' || guevara[n - 1] == '\r'))
		n--;
	guevara[n] = '\0';
	ck_assert_int_eq((int)n, 366);
}

static const char guevara_uci[] =
	"g1f3 d7d5 c2c4 c7c6 d2d4 g8f6 b1c3 g7g6 c1f4 f8g7 e2e3 c8f5 d1b3 b7b6 f1e2 e8g8 e1g1 f6e4 "
	"f1d1 e4c3 b2c3 e7e6 h2h3 b8d7 c4d5 e6d5 c3c4 d5c4 e2c4 d7f6 f4e5 f5e4 f3d2 e4d5 c4d5 d8d5 "
	"b3d5 f6d5 e5g7 g8g7 d1c1 a8c8 a1b1 f7f5 d2f3 c6c5 d4c5 c8c5 c1c5 b6c5 b1c1 f8c8";

/* Morphy's "Opera game" (Paris 1858) as English books print it. */
static const char opera[] =
	"1. P-K4 P-K4 2. N-KB3 P-Q3 3. P-Q4 B-N5 4. PxP BxN 5. QxB PxP 6. B-QB4 N-KB3 7. Q-QN3 Q-K2 "
	"8. N-B3 P-B3 9. B-KN5 P-N4 10. NxP PxN 11. BxNP ch QN-Q2 12. O-O-O R-Q1 13. RxN RxR "
	"14. R-Q1 Q-K3 15. BxR ch NxB 16. Q-N8 ch NxQ 17. R-Q8 mate 1-0";

static struct descriptive_game *game;

static void setup(void)
{
	attacks_init();
	game = calloc(1, sizeof *game);
	ck_assert_ptr_nonnull(game);
}

static void teardown(void)
{
	free(game);
}

/* Reads text from fen (NULL: the start) in lang; returns the code. */
static enum descriptive_code desc_read(const char *fen, enum descriptive_lang lang, const char *text)
{
	if (fen)
		util_parse(fen, false, &game->start);
	else
		position_set_start(&game->start);
	game->lang = lang;
	return descriptive_read_game(game, text, strlen(text));
}

/* The moves read, as UCI separated by spaces, and the FEN after them. */
static void desc_result(char *uci, size_t size, char fen[FEN_MAX])
{
	struct position pos = game->start;
	struct position_undo undo;
	size_t n = 0;

	uci[0] = '\0';
	for (int i = 0; i < game->count; i++) {
		char m[UCI_MAX];
		uci_format_move(&pos, game->moves[i], m);
		n += (size_t)snprintf(uci + n, size - n, "%s%s", i ? " " : "", m);
		position_make_move(&pos, game->moves[i], &undo);
	}
	util_fen(&pos, fen);
}

/* The first note with the given code, or NULL. */
static const struct descriptive_note *desc_note(enum descriptive_note_code code)
{
	for (int i = 0; i < game->note_count; i++)
		if (game->notes[i].code == code)
			return &game->notes[i];
	return NULL;
}

/* Reads one token and checks it fits exactly the UCI move expected from fen. */
static void desc_expect_one(const char *fen, enum descriptive_lang lang, const char *token, const char *expected)
{
	char uci[1024], after[FEN_MAX];
	enum descriptive_code code = desc_read(fen, lang, token);

	ck_assert_msg(code == DESCRIPTIVE_OK, "%s: %s", token, game->error.message);
	desc_result(uci, sizeof uci, after);
	ck_assert_msg(!strcmp(uci, expected), "%s read as %s, want %s", token, uci, expected);
}

START_TEST(test_guevara)
{
	char uci[1024], fen[FEN_MAX];
	const struct descriptive_note *note;

	desc_load_guevara();
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_ES, guevara), DESCRIPTIVE_OK);
	ck_assert_int_eq(game->count, 52);
	desc_result(uci, sizeof uci, fen);
	ck_assert_str_eq(uci, guevara_uci);
	ck_assert_str_eq(fen, "2r5/p5kp/6p1/2pn1p2/8/4PN1P/P4PP1/2R3K1 w - - 2 27");
	/* 21. TR1AD: the rook that started on h1 stands on d1; the a1 rook could go to c1 too. */
	note = desc_note(DESCRIPTIVE_NOTE_ORIGIN);
	ck_assert_ptr_nonnull(note);
	ck_assert_int_eq(note->ply, 40);
	ck_assert_int_eq(note->offset, (int)(strstr(guevara, "TR1AD") - guevara));
	ck_assert_ptr_nonnull(strstr(note->message, "Rd1-c1"));
	/* The closing sentence is ignored, and said so. */
	note = desc_note(DESCRIPTIVE_NOTE_PROSE);
	ck_assert_ptr_nonnull(note);
	ck_assert_int_eq(note->offset, (int)(strstr(guevara, "Filip") - guevara));
	ck_assert_int_eq(note->length, (int)strlen(guevara) - note->offset);
	/* 15-AxP;C3A: the semicolon inside a move pair is only a separator. */
	ck_assert_int_eq(game->text.tokens[29].offset, (int)(strstr(guevara, "C3A;16") - guevara));
	ck_assert_int_eq(game->text.tokens[28].number, 15);
	ck_assert_int_eq(game->text.tokens[29].number, 0);
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_MOVE_NUMBER));
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_LOOKAHEAD));
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_AMBIGUOUS));
	/* Files named without their side: 1. CR3A (f3, not c3), 5. A4A (f4), 7... P3C (b6)... */
	{
		static const int plies[] = { 0, 5, 6, 8, 9, 11, 12, 13, 26, 29, 41, 42, 44, 45, 51 };
		int k = 0;
		for (int i = 0; i < game->note_count; i++)
			if (game->notes[i].code == DESCRIPTIVE_NOTE_SIDE_INFERRED) {
				ck_assert_int_lt(k, (int)(sizeof plies / sizeof *plies));
				ck_assert_msg(game->notes[i].ply == plies[k], "side note %d is at ply %d, want %d", k,
					      game->notes[i].ply, plies[k]);
				k++;
			}
		ck_assert_int_eq(k, (int)(sizeof plies / sizeof *plies));
	}
}
END_TEST

START_TEST(test_opera_game)
{
	char uci[1024], fen[FEN_MAX];

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, opera), DESCRIPTIVE_OK);
	ck_assert_int_eq(game->count, 33);
	desc_result(uci, sizeof uci, fen);
	ck_assert_str_eq(uci, "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 "
			      "c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8");
	ck_assert_str_eq(fen, "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17");
	ck_assert_ptr_nonnull(desc_note(DESCRIPTIVE_NOTE_RESULT));
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_CHECK_SUFFIX));
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_AMBIGUOUS));
}
END_TEST

/* The Ruy Lopez exchange as older books print it: Kt for the knight, QPxB. */
START_TEST(test_english_old_letters)
{
	char uci[256], fen[FEN_MAX];

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. BxKt QPxB 5. Castles P-B3"),
			 DESCRIPTIVE_OK);
	desc_result(uci, sizeof uci, fen);
	ck_assert_str_eq(uci, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6");
}
END_TEST

/* One token each, in positions built for it. */
START_TEST(test_english_tokens)
{
	/* R/1-Q1: of the rooks on a1 and a3, the one on White's first rank. */
	desc_expect_one("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", DESCRIPTIVE_EN, "R/1-QR2", "a1a2");
	desc_expect_one("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", DESCRIPTIVE_EN, "R(3)-QR2", "a3a2");
	/* Ranks count from Black's side for Black: R/1 is the rook on rank 8. */
	desc_expect_one("r3k3/8/r7/8/8/8/8/4K3 b - - 0 1", DESCRIPTIVE_EN, "R/1-QR2", "a8a7");
	/* Promotions in three spellings, and under-promotion. */
	desc_expect_one("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", DESCRIPTIVE_EN, "P-K8=Q", "e7e8q");
	desc_expect_one("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", DESCRIPTIVE_EN, "P-K8(N)", "e7e8n");
	desc_expect_one("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", DESCRIPTIVE_EN, "P-K8/R", "e7e8r");
	desc_expect_one("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", DESCRIPTIVE_EN, "PxR=Q ch", "e7d8q");
	/* En passant, with the e.p. word apart. */
	desc_expect_one("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", DESCRIPTIVE_EN, "PxP e.p.", "e5d6");
	/* QxQch and mate signs. */
	desc_expect_one("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", DESCRIPTIVE_EN, "QxQch", "d1d8");
	/* KR-Q1 picks the rook that started on h1 (two rooks can reach d1). */
	desc_expect_one("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", DESCRIPTIVE_EN, "KR-Q1", "h1d1");
	desc_expect_one("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", DESCRIPTIVE_EN, "QR-Q1", "a1d1");
	desc_expect_one("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", DESCRIPTIVE_EN, "O-O-O", "e1c1");
	desc_expect_one("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", DESCRIPTIVE_EN, "0-0", "e1g1");
	/* B-QN5 names b5, not g5. */
	desc_expect_one(NULL, DESCRIPTIVE_EN, "1. P-K4 P-K4 2. B-QN5", "e2e4 e7e5 f1b5");
	/* A check sign tells two moves apart. */
	desc_expect_one("8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1", DESCRIPTIVE_EN, "N-B3ch", "g1f3");
	/* Annotation glyphs are read and dropped. */
	desc_expect_one(NULL, DESCRIPTIVE_EN, "1. P-K4!? P-QB4?!", "e2e4 c7c5");
	ck_assert_int_eq(game->nags[0], 5);
	ck_assert_int_eq(game->nags[1], 6);
	desc_expect_one(NULL, DESCRIPTIVE_EN, "1. P-K4!! P-QB4?? 2. N-KB3! P-Q3? 3. P-Q4", "e2e4 c7c5 g1f3 d7d6 d2d4");
	ck_assert_int_eq(game->nags[0], 3);
	ck_assert_int_eq(game->nags[1], 4);
	ck_assert_int_eq(game->nags[2], 1);
	ck_assert_int_eq(game->nags[3], 2);
	ck_assert_int_eq(game->nags[4], 0);
}
END_TEST

START_TEST(test_spanish_tokens)
{
	desc_expect_one(NULL, DESCRIPTIVE_ES, "1. P4R P4R 2. CR3A CD3A 3. A5C", "e2e4 e7e5 g1f3 b8c6 f1b5");
	/* PRxP names the pawn on the king's file; PADxP the queen's bishop's. */
	desc_expect_one("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", DESCRIPTIVE_ES, "PRxP", "e4d5");
	desc_expect_one("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", DESCRIPTIVE_ES, "PADxP", "c4d5");
	desc_expect_one("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", DESCRIPTIVE_ES, "P8R=D", "e7e8q");
	desc_expect_one("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", DESCRIPTIVE_ES, "P8R(C)", "e7e8n");
	desc_expect_one("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", DESCRIPTIVE_ES, "PxP a.p.", "e5d6");
	/* TR: the rook that started on h8, seen from Black's side. */
	desc_expect_one("r6r/4k3/8/8/8/8/8/4K3 b - - 0 1", DESCRIPTIVE_ES, "TR1D", "h8d8");
	desc_expect_one("r6r/4k3/8/8/8/8/8/4K3 b - - 0 1", DESCRIPTIVE_ES, "TD1D", "a8d8");
}
END_TEST

/* A side on a piece follows it through the game: after O-O the h1 rook is on f1, and
 * the a1 rook may go to the d-file too; TR still means the h1 rook. */
START_TEST(test_origin_followed)
{
#define DESC_OPENING "1. N-KB3 N-KB3 2. P-KN3 P-KN3 3. B-N2 B-N2 4. O-O O-O 5. P-Q3 P-Q3 6. QN-Q2 QN-Q2 " \
		     "7. P-N3 P-N3 8. B-N2 B-N2 9. P-K4 P-K4 10. Q-K2 Q-K2 "
#define DESC_OPENING_UCI "g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 e1g1 e8g8 d2d3 d7d6 b1d2 b8d7 b2b3 b7b6 c1b2 c8b7 " \
			 "e2e4 e7e5 d1e2 d8e7 "
	/* Both rooks reach d1; KR is the one that castled to f1. */
	desc_expect_one(NULL, DESCRIPTIVE_EN, DESC_OPENING "11. KR-Q1", DESC_OPENING_UCI "f1d1");
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_ORIGIN));
	desc_expect_one(NULL, DESCRIPTIVE_EN, DESC_OPENING "11. QR-Q1", DESC_OPENING_UCI "a1d1");
	/* Then QR-B1 is the a1 rook, and KR-QB1 the h1 rook standing on d1. */
	desc_expect_one(NULL, DESCRIPTIVE_EN, DESC_OPENING "11. KR-Q1 P-B3 12. QR-B1", DESC_OPENING_UCI "f1d1 c7c6 a1c1");
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_ORIGIN));
	desc_expect_one(NULL, DESCRIPTIVE_EN, DESC_OPENING "11. KR-Q1 P-B3 12. KR-QB1", DESC_OPENING_UCI "f1d1 c7c6 d1c1");
	ck_assert_ptr_nonnull(desc_note(DESCRIPTIVE_NOTE_ORIGIN));
	ck_assert_int_eq(desc_note(DESCRIPTIVE_NOTE_ORIGIN)->ply, 22);
#undef DESC_OPENING
#undef DESC_OPENING_UCI
}
END_TEST

/* 2. N-B3 fits Nc3 and Nf3; only Nc3 lets 3. N-Q5 be legal. */
START_TEST(test_lookahead)
{
	const struct descriptive_note *note;

	desc_expect_one(NULL, DESCRIPTIVE_EN, "1. P-QB4 P-K4 2. N-B3 N-KB3 3. N-Q5", "c2c4 e7e5 b1c3 g8f6 c3d5");
	note = desc_note(DESCRIPTIVE_NOTE_LOOKAHEAD);
	ck_assert_ptr_nonnull(note);
	ck_assert_int_eq(note->ply, 2);
	ck_assert_int_eq(note->offset, 17);
	ck_assert_ptr_nonnull(strstr(note->message, "3. N-Q5"));
	/* "Castles" is either side; only O-O lets the king step to h1 next. */
	desc_expect_one("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1", DESCRIPTIVE_EN, "1. Castles K-Q2 2. K-R1",
			"e1g1 e8d7 g1h1");
	/* The Nf3 reading first: the search has to come back to 2. N-B3. */
	desc_expect_one(NULL, DESCRIPTIVE_EN, "1. P-QB4 P-K4 2. N-B3 N-QB3 3. N-KN5", "c2c4 e7e5 g1f3 b8c6 f3g5");
}
END_TEST

/* What fits two moves to the end stays ambiguous: a note, or an error when asked. */
START_TEST(test_still_ambiguous)
{
	const struct descriptive_note *note;

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. N-B3"), DESCRIPTIVE_OK);
	note = desc_note(DESCRIPTIVE_NOTE_AMBIGUOUS);
	ck_assert_ptr_nonnull(note);
	ck_assert_ptr_nonnull(strstr(note->message, "Nb1-c3"));
	ck_assert_ptr_nonnull(strstr(note->message, "Ng1-f3"));
	game->strict_ambiguity = true;
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. N-B3"), DESCRIPTIVE_ERR_AMBIGUOUS);
	ck_assert_int_eq(game->error.ply, 0);
	ck_assert_int_eq(game->error.offset, 3);
	ck_assert_int_eq(game->error.length, 4);
	ck_assert_int_eq(game->error.candidate_count, 2);
	ck_assert_str_eq(descriptive_code_name(game->error.code), "ambiguous_move");
}
END_TEST

/* ---- errors ---- */

START_TEST(test_error_malformed)
{
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. P-K4 P-K4 2. N-KB9"), DESCRIPTIVE_ERR_MALFORMED);
	ck_assert_str_eq(descriptive_code_name(game->error.code), "malformed_move");
	ck_assert_int_eq(game->error.ply, 2);
	ck_assert_int_eq(game->error.offset, 16);
	ck_assert_int_eq(game->error.length, 5);
	ck_assert_ptr_nonnull(strstr(game->error.message, "N-KB9"));
	/* Spanish needs its own letters: an English token is not Spanish. */
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_ES, "1. P-K4"), DESCRIPTIVE_ERR_MALFORMED);
	ck_assert_int_eq(game->error.offset, 3);
}
END_TEST

START_TEST(test_error_illegal)
{
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. P-K5"), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_str_eq(descriptive_code_name(game->error.code), "illegal_move");
	ck_assert_int_eq(game->error.ply, 0);
	ck_assert_int_eq(game->error.offset, 3);
	ck_assert_str_eq(game->error.message, "1. P-K5 fits no legal move: there is no pawn moving to e5");
	/* Under every reading: the deepest failure is reported, with its position. */
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. P-QB4 P-K4 2. N-B3 N-KB3 3. N-K6"), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_int_eq(game->error.ply, 4);
	ck_assert_int_eq(game->error.offset, 31);
	ck_assert_ptr_nonnull(strstr(game->error.message, "however the moves before it are read"));
	ck_assert_int_eq(game->error.pos.turn, WHITE);
	/* A capture of nothing. */
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. PxP"), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_str_eq(game->error.message, "1. PxP fits no legal move: there is no pawn taking a pawn");
	/* Castling without the right. */
	ck_assert_int_eq(desc_read("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", DESCRIPTIVE_EN, "O-O"), DESCRIPTIVE_ERR_ILLEGAL);
}
END_TEST

START_TEST(test_error_text)
{
	char many[1025 * 7 + 1];

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, ""), DESCRIPTIVE_ERR_EMPTY);
	ck_assert_str_eq(descriptive_code_name(game->error.code), "empty_game");
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "1. ... , ;"), DESCRIPTIVE_ERR_EMPTY);
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, "ch P-K4"), DESCRIPTIVE_ERR_TEXT);
	ck_assert_int_eq(game->error.offset, 0);
	for (int i = 0; i < 1025; i++)
		memcpy(many + 7 * i, "N-KB3, ", 7);
	many[1025 * 7] = '\0';
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, many), DESCRIPTIVE_ERR_TOO_MANY_MOVES);
	ck_assert_str_eq(descriptive_code_name(game->error.code), "too_many_moves");
	ck_assert_int_eq(game->error.offset, 1024 * 7);
}
END_TEST

/* Knights out and back, each time either one: 2^20 readings, then a move that fits none.
 * The readings meet again in the same positions, so the dead ends are searched once and
 * the bad token is found; with a small node limit the search gives up instead. */
START_TEST(test_error_search_limit)
{
	char text[4096];
	size_t n = 0;

	for (int i = 0; i < 20; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "N-B3 N-B3 N-N1 N-N1 ");
	snprintf(text + n, sizeof text - n, "K-K8");
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_int_eq(game->error.ply, 80);
	ck_assert_int_eq(game->error.offset, (int)n);
	ck_assert_int_lt(game->nodes, 2000);
	game->node_limit = 100;
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_ERR_SEARCH_LIMIT);
	ck_assert_str_eq(descriptive_code_name(game->error.code), "search_limit");
	ck_assert_int_le(game->nodes, 101);
	ck_assert_ptr_nonnull(strstr(game->error.message, "more than 100 positions"));
}
END_TEST

START_TEST(test_tokens_list)
{
	const char *moves[] = { "P-K4", "P-K4", "N-KB3" };
	const char *bad[] = { "P-K4", "P-K5" };

	position_set_start(&game->start);
	game->lang = DESCRIPTIVE_EN;
	ck_assert_int_eq(descriptive_read_tokens(game, moves, 3), DESCRIPTIVE_OK);
	ck_assert_int_eq(game->count, 3);
	ck_assert_int_eq(descriptive_read_tokens(game, bad, 2), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_int_eq(game->error.ply, 1);
	ck_assert_int_eq(descriptive_read_tokens(game, moves, 0), DESCRIPTIVE_ERR_EMPTY);
	/* A list entry too long for a move is refused whole, never cut to fit. */
	{
		const char *padded[] = { "P-K4                                              x" };
		ck_assert_int_eq(descriptive_read_tokens(game, padded, 1), DESCRIPTIVE_ERR_MALFORMED);
		ck_assert_ptr_nonnull(strstr(game->error.message, "too long"));
	}
}
END_TEST

START_TEST(test_names)
{
	enum descriptive_lang lang;

	ck_assert_int_eq(descriptive_lang_parse("es", &lang), 0);
	ck_assert_int_eq(lang, DESCRIPTIVE_ES);
	ck_assert_int_eq(descriptive_lang_parse("en", &lang), 0);
	ck_assert_int_eq(lang, DESCRIPTIVE_EN);
	ck_assert_int_eq(descriptive_lang_parse("fr", &lang), -1);
	ck_assert_str_eq(descriptive_lang_name(DESCRIPTIVE_ES), "es");
	for (int c = 0; c < DESCRIPTIVE_CODE_NB; c++)
		ck_assert_ptr_nonnull(descriptive_code_name((enum descriptive_code)c));
	for (int c = 0; c < DESCRIPTIVE_NOTE_CODE_NB; c++)
		ck_assert_ptr_nonnull(descriptive_note_name((enum descriptive_note_code)c));
	ck_assert(descriptive_looks_es("CR3A", 4));
	ck_assert(!descriptive_looks_es("Filip", 5));
	ck_assert(descriptive_looks_en("KKt-B3", 6));
	ck_assert(!descriptive_looks_en("Nf3", 3));
}
END_TEST

/* ---- annotations and variations ---- */

/* The moves of line (of game->text) as UCI separated by spaces, from its own start. */
static void desc_line_uci(int line, char *uci, size_t size)
{
	const struct gametext_line *l = &game->text.lines[line];
	struct position pos;
	size_t n = 0;

	descriptive_line_start(game, line, &pos, NULL);
	uci[0] = '\0';
	for (int t = l->first; t < l->first + l->count; t++) {
		struct position_undo undo;
		char m[UCI_MAX];
		uci_format_move(&pos, game->moves[t], m);
		n += (size_t)snprintf(uci + n, size - n, "%s%s", t > l->first ? " " : "", m);
		position_make_move(&pos, game->moves[t], &undo);
	}
}

/* An annotated English game (numbers without dots, a comment, a glyph, prose, a
 * variation) reads into the same moves as the bare one; the variation is read from its
 * own position: "NxP" there is the knight that went to f6 taking e4, which the main line
 * never allows. */
START_TEST(test_annotated_english)
{
	static const char bare[] = "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R4 N-B3 5. O-O B-K2";
	static const char annotated[] = "1 P-K4 P-K4 2 N-KB3 {attacking the pawn} N-QB3 3 B-N5 \xc2\xb1 P-QR3 "
					"(3 ... N-B3 4 O-O NxP) 4 B-R4 the classical retreat N-B3 5 O-O B-K2";
	char uci[512], plain[512], fen[FEN_MAX], plain_fen[FEN_MAX];

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, bare), DESCRIPTIVE_OK);
	desc_result(plain, sizeof plain, plain_fen);
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, annotated), DESCRIPTIVE_OK);
	ck_assert_int_eq(game->count, 10);
	desc_result(uci, sizeof uci, fen);
	ck_assert_str_eq(uci, plain);
	ck_assert_str_eq(fen, plain_fen);
	ck_assert_int_eq(game->text.line_count, 2);
	desc_line_uci(1, uci, sizeof uci);
	ck_assert_str_eq(uci, "g8f6 e1g1 f6e4");
	ck_assert_int_eq(game->text.lines[1].branch, 5);
	/* the prose between the moves is a comment, and said so */
	ck_assert_ptr_nonnull(desc_note(DESCRIPTIVE_NOTE_PROSE_COMMENT));
	ck_assert_int_eq(desc_note(DESCRIPTIVE_NOTE_PROSE_COMMENT)->ply, 6);
	ck_assert_str_eq(descriptive_note_name(DESCRIPTIVE_NOTE_PROSE_COMMENT), "text_as_comment");
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_PROSE));
	ck_assert_ptr_null(desc_note(DESCRIPTIVE_NOTE_MOVE_NUMBER));
}
END_TEST

/* The Guevara game with comments, glyphs and a variation added reads into the same 52
 * moves; the variation's Spanish tokens are read from 12... */
START_TEST(test_annotated_spanish)
{
	static const char annotated[] =
		"1-CR3A,P4D,2-P4AD {el gambito de dama},P3AD,3-P4D,C3A;4-C3A,P3CR;5-A4A,A2C;6-P3R,A4A;7-D3C,P3C;"
		"8-A2R,O-O;9-O-O,C5R!;10-TR1D,CxC;11-PxC,P3R;12-P3TR,C2D (12...P4AD 13-C2D) ;13-PxP,PRxP;14-P4A,PxP;"
		"15-AxP;C3A;16-A5R \xc2\xb1,A5R;17-C2D,A4D;18-AxA,DxA;19-DxD,CxD;20-AxA,RxA;21-TR1AD,TD1A;22-TD1C,P4AR;"
		"23-C3A,P4A;24-PxP,TxP;25-TxT,PxT;26-T1AD,T1A. Filip en esta posici\xc3\xb3n ofreci\xc3\xb3 tablas al Che.";
	char uci[1024], fen[FEN_MAX];

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_ES, annotated), DESCRIPTIVE_OK);
	ck_assert_int_eq(game->count, 52);
	desc_result(uci, sizeof uci, fen);
	ck_assert_str_eq(uci, guevara_uci);
	ck_assert_int_eq(game->nags[17], 1);
	desc_line_uci(1, uci, sizeof uci);
	ck_assert_str_eq(uci, "c6c5 f3d2");
	ck_assert_int_eq(game->text.annotations[game->text.tokens[2].annotations].kind, GAMETEXT_COMMENT);
	ck_assert_int_eq(game->text.annotations[game->text.tokens[30].annotations].nag, 16);
	ck_assert_ptr_nonnull(desc_note(DESCRIPTIVE_NOTE_PROSE));
}
END_TEST

/* A variation's tokens get a search of their own: "2. N-B3" there fits Nc3 and Nf3, and
 * only Nc3 lets its "3. N-Q5" be legal; the note says so, at the variation's depth. */
START_TEST(test_variation_lookahead)
{
	static const char text[] = "1. P-QB4 P-K4 2. P-KN3 (2. N-B3 N-KB3 3. N-Q5) N-KB3";
	char uci[256];
	const struct descriptive_note *note;

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_OK);
	desc_line_uci(1, uci, sizeof uci);
	ck_assert_str_eq(uci, "b1c3 g8f6 c3d5");
	note = desc_note(DESCRIPTIVE_NOTE_LOOKAHEAD);
	ck_assert_ptr_nonnull(note);
	ck_assert_int_eq(note->ply, 2);
	ck_assert_int_eq(note->depth, 1);
	ck_assert_int_eq(note->offset, (int)(strstr(text, "N-B3") - text));
	ck_assert_ptr_nonnull(strstr(note->message, "(in a variation)"));
}
END_TEST

/* A variation's token that fits no move is an error as a main-line one is: its ply,
 * depth, place and the variation's position. */
START_TEST(test_variation_illegal)
{
	const char *text = "1. P-K4 P-K4 2. N-KB3 (2. P-KB4 P-K5 3. P-Q3) N-QB3";
	char fen[FEN_MAX];

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_int_eq(game->error.ply, 3);
	ck_assert_int_eq(game->error.depth, 1);
	ck_assert_int_eq(game->error.offset, (int)(strstr(text, "P-K5") - text));
	ck_assert_int_eq(game->count, 0);
	util_fen(&game->error.pos, fen);
	ck_assert_str_eq(fen, "rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq f3 0 2");
	ck_assert_str_eq(game->error.message,
			 "2... P-K5 (in a variation) fits no legal move: there is no pawn moving to e4");
}
END_TEST

/* Stops after its first call. */
static bool desc_stop_now(void *ctx)
{
	(*(int *)ctx)++;
	return true;
}

/* Every line's search counts against the game's one budget of positions, and asks the
 * game's check: variations cannot multiply the work. */
START_TEST(test_variation_budget)
{
	static char text[16384];
	size_t n = (size_t)snprintf(text, sizeof text, "1. P-K4 P-K4");
	long alone;
	int calls = 0;
	struct work_check check = { desc_stop_now, &calls };

	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_OK);
	alone = game->nodes;
	/* forty variations of Black's reply, each with knights that either knight may be */
	for (int v = 0; v < 40; v++) {
		n += (size_t)snprintf(text + n, sizeof text - n, " (1... N-B3");
		for (int i = 0; i < 6; i++)
			n += (size_t)snprintf(text + n, sizeof text - n, " N-B3 N-N1 N-N1 N-B3");
		n += (size_t)snprintf(text + n, sizeof text - n, ")");
	}
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_OK);
	ck_assert_int_gt(game->nodes, 40 * 25);
	ck_assert_int_le(game->nodes, DESCRIPTIVE_SEARCH_NODES);
	/* a budget the main line fits in, and the variations do not */
	game->node_limit = alone + 100;
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_ERR_SEARCH_LIMIT);
	ck_assert_int_le(game->nodes, alone + 101);
	/* the check is asked as the positions add up across the lines */
	game->node_limit = 0;
	game->check = &check;
	ck_assert_int_eq(desc_read(NULL, DESCRIPTIVE_EN, text), DESCRIPTIVE_ERR_STOPPED);
	ck_assert_int_eq(calls, 1);
	ck_assert_int_eq(game->nodes, DESCRIPTIVE_CHECK_NODES);
	game->check = NULL;
}
END_TEST

static Suite *descriptive_suite(void)
{
	Suite *s = suite_create("descriptive");
	TCase *games = tcase_create("Games"), *tokens = tcase_create("Tokens"), *search = tcase_create("Search"),
	      *errors = tcase_create("Errors"), *variations = tcase_create("Variations");

	tcase_add_checked_fixture(games, setup, teardown);
	tcase_add_checked_fixture(tokens, setup, teardown);
	tcase_add_checked_fixture(search, setup, teardown);
	tcase_add_checked_fixture(errors, setup, teardown);
	tcase_add_checked_fixture(variations, setup, teardown);
	tcase_set_timeout(errors, 30);
	tcase_add_test(games, test_guevara);
	tcase_add_test(games, test_opera_game);
	tcase_add_test(games, test_english_old_letters);
	tcase_add_test(tokens, test_english_tokens);
	tcase_add_test(tokens, test_spanish_tokens);
	tcase_add_test(tokens, test_names);
	tcase_add_test(search, test_origin_followed);
	tcase_add_test(search, test_lookahead);
	tcase_add_test(search, test_still_ambiguous);
	tcase_add_test(search, test_tokens_list);
	tcase_add_test(errors, test_error_malformed);
	tcase_add_test(errors, test_error_illegal);
	tcase_add_test(errors, test_error_text);
	tcase_add_test(errors, test_error_search_limit);
	suite_add_tcase(s, games);
	suite_add_tcase(s, tokens);
	suite_add_tcase(s, search);
	tcase_add_test(variations, test_annotated_english);
	tcase_add_test(variations, test_annotated_spanish);
	tcase_add_test(variations, test_variation_lookahead);
	tcase_add_test(variations, test_variation_illegal);
	tcase_add_test(variations, test_variation_budget);
	suite_add_tcase(s, errors);
	suite_add_tcase(s, variations);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(descriptive_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
