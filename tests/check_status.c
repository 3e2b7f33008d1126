/* check_status.c -- tests of src/core/status.c: check, checkmate, stalemate, dead
 * positions by insufficient material, the fifty- and seventy-five-move rules, legal move
 * counts, and the outcome and result they add up to. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/status.h"

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const struct {
	const char *what;
	const char *fen;
	bool check, checkmate, stalemate, insufficient, fifty, seventy_five;
	int legal_moves;
	enum status_outcome outcome;
	const char *result; /* NULL while the game goes on */
} status_cases[] = {
	{ "the start", POSITION_START_FEN, false, false, false, false, false, false, 20, STATUS_ONGOING, NULL },
	{ "Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, false, false, false,
	  false, false, 48, STATUS_ONGOING, NULL },
	{ "check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", true, false, false, false, false, false, 4, STATUS_ONGOING, NULL },
	{ "double check", "4k3/8/8/8/8/5n2/8/r3K2Q w - - 0 1", true, false, false, false, false, false, 2, STATUS_ONGOING,
	  NULL },
	{ "fool's mate: White is mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false,
	  false, false, false, 0, STATUS_CHECKMATE, "0-1" },
	{ "Black is mated", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", true, true, false, false, false, false, 0, STATUS_CHECKMATE,
	  "1-0" },
	{ "a back-rank mate in one", "6k1/5ppp/8/8/8/8/8/3R2K1 b - - 0 1", false, false, false, false, false, false, 8,
	  STATUS_ONGOING, NULL },
	{ "back-rank mate delivered", "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true, true, false, false, false, false, 0,
	  STATUS_CHECKMATE, "1-0" },
	{ "stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true, false, false, false, 0, STATUS_STALEMATE,
	  "1/2-1/2" },
	{ "White stalemated", "8/8/8/8/8/1q6/2k5/K7 w - - 0 1", false, false, true, false, false, false, 0,
	  STATUS_STALEMATE, "1/2-1/2" },
	/* material */
	{ "K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, false, true, false, false, 5,
	  STATUS_INSUFFICIENT_MATERIAL, "1/2-1/2" },
	{ "K+N v K", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", false, false, false, true, false, false, 8,
	  STATUS_INSUFFICIENT_MATERIAL, "1/2-1/2" },
	{ "K v K+B", "4k1b1/8/8/8/8/8/8/4K3 b - - 0 1", false, false, false, true, false, false, 12,
	  STATUS_INSUFFICIENT_MATERIAL, "1/2-1/2" },
	{ "K+B v K+B, both dark", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false, false, true, false, false, 12,
	  STATUS_INSUFFICIENT_MATERIAL, "1/2-1/2" },
	{ "K+B v K+B, opposite colours", "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false, false, false, false, false, false, 11,
	  STATUS_ONGOING, NULL },
	{ "K+N v K+N", "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, false, false, false, false, false, 8, STATUS_ONGOING, NULL },
	{ "K+B+B (both dark) v K", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", false, false, false, true, false, false, 18,
	  STATUS_INSUFFICIENT_MATERIAL, "1/2-1/2" },
	{ "K+B+B (both colours) v K", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, false, false, false, false, false, 18,
	  STATUS_ONGOING, NULL },
	{ "K+B+N v K", "4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", false, false, false, false, false, false, 15, STATUS_ONGOING,
	  NULL },
	{ "K+N+N v K", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false, false, false, false, false, false, 11, STATUS_ONGOING,
	  NULL },
	{ "K+R v K", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, false, false, false, false, false, 14, STATUS_ONGOING, NULL },
	{ "K+P v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, false, false, false, false, false, 6, STATUS_ONGOING, NULL },
	{ "K+Q v K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, false, false, false, false, false, 21, STATUS_ONGOING, NULL },
	/* the move-count rules */
	{ "half-move clock 99", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", false, false, false, false, false, false, 15,
	  STATUS_ONGOING, NULL },
	{ "half-move clock 100: the fifty-move rule", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", false, false, false, false,
	  true, false, 15, STATUS_ONGOING, NULL },
	{ "half-move clock 149", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", false, false, false, false, true, false, 15,
	  STATUS_ONGOING, NULL },
	{ "half-move clock 150: the seventy-five-move rule", "4k3/8/8/8/8/8/8/R3K3 w - - 150 80", false, false, false,
	  false, true, true, 15, STATUS_SEVENTY_FIVE_MOVE, "1/2-1/2" },
	{ "mate on the 150th ply still wins", "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 150 80", true, true, false, false, true,
	  false, 0, STATUS_CHECKMATE, "1-0" },
	{ "stalemate on the 150th ply is stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 150 80", false, false, true, false, true,
	  true, 0, STATUS_STALEMATE, "1/2-1/2" },
	{ "check on the 150th ply, not mate", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 150 80", true, false, false, false, true,
	  true, 4, STATUS_SEVENTY_FIVE_MOVE, "1/2-1/2" },
};

START_TEST(test_status)
{
	struct position pos;
	struct status st;
	const char *result;

	util_parse(status_cases[_i].fen, false, &pos);
	status_compute(&pos, &st);
	ck_assert_msg(st.check == status_cases[_i].check, "%s: check", status_cases[_i].what);
	ck_assert_msg(st.checkmate == status_cases[_i].checkmate, "%s: checkmate", status_cases[_i].what);
	ck_assert_msg(st.stalemate == status_cases[_i].stalemate, "%s: stalemate", status_cases[_i].what);
	ck_assert_msg(st.insufficient_material == status_cases[_i].insufficient, "%s: insufficient material",
		      status_cases[_i].what);
	ck_assert_msg(st.fifty_move == status_cases[_i].fifty, "%s: fifty-move", status_cases[_i].what);
	ck_assert_msg(st.seventy_five_move == status_cases[_i].seventy_five, "%s: seventy-five-move",
		      status_cases[_i].what);
	ck_assert_msg(st.legal_moves == status_cases[_i].legal_moves, "%s: %d legal moves, expected %d",
		      status_cases[_i].what, st.legal_moves, status_cases[_i].legal_moves);
	ck_assert_int_eq(status_insufficient_material(&pos), status_cases[_i].insufficient);
	ck_assert_int_eq(status_outcome_of(&st), status_cases[_i].outcome);
	result = status_result(&pos, &st);
	if (status_cases[_i].result)
		ck_assert_str_eq(result, status_cases[_i].result);
	else
		ck_assert_ptr_null(result);
}
END_TEST

/* The outcome is checked in order: mate, stalemate, dead position, seventy-five moves. */
START_TEST(test_outcome_order)
{
	struct status st;
	struct position white, black;

	util_parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, &white);
	util_parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1", false, &black);
	memset(&st, 0, sizeof st);
	ck_assert_int_eq(status_outcome_of(&st), STATUS_ONGOING);
	ck_assert_ptr_null(status_result(&white, &st));
	st.seventy_five_move = true;
	ck_assert_int_eq(status_outcome_of(&st), STATUS_SEVENTY_FIVE_MOVE);
	st.insufficient_material = true;
	ck_assert_int_eq(status_outcome_of(&st), STATUS_INSUFFICIENT_MATERIAL);
	st.stalemate = true;
	ck_assert_int_eq(status_outcome_of(&st), STATUS_STALEMATE);
	ck_assert_str_eq(status_result(&white, &st), "1/2-1/2");
	st.stalemate = false;
	st.check = st.checkmate = true;
	ck_assert_int_eq(status_outcome_of(&st), STATUS_CHECKMATE);
	/* the side to move is the side mated */
	ck_assert_str_eq(status_result(&white, &st), "0-1");
	ck_assert_str_eq(status_result(&black, &st), "1-0");
}
END_TEST

static Suite *status_suite(void)
{
	Suite *s = suite_create("status");
	TCase *tc = tcase_create("positions");

	tcase_add_loop_test(tc, test_status, 0, NCASES(status_cases));
	suite_add_tcase(s, tc);
	tc = tcase_create("outcome");
	tcase_add_test(tc, test_outcome_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(status_suite());
}
