/* check_json.c -- tests of src/json: the exact JSON of validation (valid, illegal,
 * malformed, with warnings), issues, status, fields, moves and their flags, illegal
 * moves, apply-move results and the board a frontend draws. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "core/uci.h"
#include "json/json.h"

static const struct json_fen_style json_default = { FEN_EP_FEN, FEN_CASTLING_STANDARD };

/* Prints tree unformatted, frees it, and compares the text with expected. */
static void json_expect(cJSON *tree, const char *expected)
{
	char *text;

	ck_assert_ptr_nonnull(tree);
	text = cJSON_PrintUnformatted(tree);
	cJSON_Delete(tree);
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(!strcmp(text, expected), "\n got  %s\n want %s", text, expected);
	cJSON_free(text);
}

/* Parses fen with the given mode into pos and report, returning the verdict. */
static enum fen_verdict json_parse(const char *fen, enum fen_mode mode, struct position *pos, struct fen_report *report)
{
	struct fen_options options = { mode, false, false, MSG_EN };

	return fen_parse(fen, strlen(fen), &options, pos, report);
}

START_TEST(test_option_names)
{
	enum fen_mode mode;
	enum fen_ep_style ep;
	enum fen_castling_style castling;

	ck_assert_int_eq(json_parse_mode("strict", &mode), 0);
	ck_assert_int_eq(mode, FEN_STRICT);
	ck_assert_int_eq(json_parse_mode("lenient", &mode), 0);
	ck_assert_int_eq(mode, FEN_LENIENT);
	ck_assert_int_eq(json_parse_mode("Lenient", &mode), -1);
	ck_assert_int_eq(json_parse_mode("", &mode), -1);
	ck_assert_int_eq(json_parse_ep_style("fen", &ep), 0);
	ck_assert_int_eq(ep, FEN_EP_FEN);
	ck_assert_int_eq(json_parse_ep_style("xfen", &ep), 0);
	ck_assert_int_eq(ep, FEN_EP_XFEN);
	ck_assert_int_eq(json_parse_ep_style("legal", &ep), 0);
	ck_assert_int_eq(ep, FEN_EP_LEGAL);
	ck_assert_int_eq(json_parse_ep_style("x-fen", &ep), -1);
	ck_assert_int_eq(json_parse_castling_style("standard", &castling), 0);
	ck_assert_int_eq(castling, FEN_CASTLING_STANDARD);
	ck_assert_int_eq(json_parse_castling_style("shredder", &castling), 0);
	ck_assert_int_eq(castling, FEN_CASTLING_SHREDDER);
	ck_assert_int_eq(json_parse_castling_style("xfen", &castling), -1);
}
END_TEST

/* ---- validation ---- */

START_TEST(test_validation_valid)
{
	struct position pos;
	struct fen_report report;
	char expected[1024];

	ck_assert_int_eq(json_parse(POSITION_START_FEN, FEN_STRICT, &pos, &report), FEN_VALID);
	snprintf(expected, sizeof expected,
		 "{\"valid\":true,\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
		 "\"fields\":{\"board\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\",\"turn\":\"w\",\"castling\":\"KQkq\","
		 "\"en_passant\":null,\"halfmove\":0,\"fullmove\":1},\"chess960\":false,\"zobrist\":\"%016" PRIx64 "\","
		 "\"status\":{\"check\":false,\"checkmate\":false,\"stalemate\":false,\"insufficient_material\":false,"
		 "\"fifty_move\":false,\"seventy_five_move\":false,\"legal_moves\":20,\"outcome\":\"ongoing\",\"result\":null},"
		 "\"opening\":null,\"errors\":[],\"warnings\":[]}",
		 pos.key);
	json_expect(json_validation(FEN_VALID, &pos, &report, &json_default), expected);
}
END_TEST

/* A lenient parse with warnings: given is null for a field that was missing. */
START_TEST(test_validation_warnings)
{
	struct position pos;
	struct fen_report report;
	char expected[2048];

	ck_assert_int_eq(json_parse("4k3/8/8/8/8/8/8/4K3 w", FEN_LENIENT, &pos, &report), FEN_VALID);
	snprintf(expected, sizeof expected,
		 "{\"valid\":true,\"fen\":\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\",\"fields\":{\"board\":\"4k3/8/8/8/8/8/8/4K3\","
		 "\"turn\":\"w\",\"castling\":\"-\",\"en_passant\":null,\"halfmove\":0,\"fullmove\":1},\"chess960\":false,"
		 "\"zobrist\":\"%016" PRIx64 "\",\"status\":{\"check\":false,\"checkmate\":false,\"stalemate\":false,"
		 "\"insufficient_material\":true,\"fifty_move\":false,\"seventy_five_move\":false,\"legal_moves\":5,"
		 "\"outcome\":\"insufficient_material\",\"result\":\"1/2-1/2\"},\"opening\":null,\"errors\":[],\"warnings\":["
		 "{\"code\":\"field_defaulted\",\"field\":\"castling\",\"offset\":21,\"length\":0,"
		 "\"message\":\"the castling field is missing; \\\"-\\\" is assumed\",\"given\":null,\"became\":\"-\"},"
		 "{\"code\":\"field_defaulted\",\"field\":\"en_passant\",\"offset\":21,\"length\":0,"
		 "\"message\":\"the en_passant field is missing; \\\"-\\\" is assumed\",\"given\":null,\"became\":\"-\"},"
		 "{\"code\":\"field_defaulted\",\"field\":\"halfmove\",\"offset\":21,\"length\":0,"
		 "\"message\":\"the halfmove field is missing; \\\"0\\\" is assumed\",\"given\":null,\"became\":\"0\"},"
		 "{\"code\":\"field_defaulted\",\"field\":\"fullmove\",\"offset\":21,\"length\":0,"
		 "\"message\":\"the fullmove field is missing; \\\"1\\\" is assumed\",\"given\":null,\"became\":\"1\"}]}",
		 pos.key);
	json_expect(json_validation(FEN_VALID, &pos, &report, &json_default), expected);
}
END_TEST

/* Illegal: the position is shown, but there is no key and no status. */
START_TEST(test_validation_illegal)
{
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(json_parse("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FEN_STRICT, &pos, &report), FEN_ILLEGAL);
	json_expect(json_validation(FEN_ILLEGAL, &pos, &report, &json_default),
		    "{\"valid\":false,\"fen\":\"4k3/8/8/8/8/8/8/4RK2 w - - 0 1\",\"fields\":{\"board\":\"4k3/8/8/8/8/8/8/4RK2\","
		    "\"turn\":\"w\",\"castling\":\"-\",\"en_passant\":null,\"halfmove\":0,\"fullmove\":1},\"chess960\":false,"
		    "\"zobrist\":null,\"status\":null,\"opening\":null,\"errors\":[{\"code\":\"opponent_in_check\",\"field\":\"turn\","
		    "\"offset\":21,\"length\":1,\"message\":\"White is to move but Black's king on e8 is in check: Black's "
		    "king could be captured\"}],\"warnings\":[]}");
}
END_TEST

/* Malformed: nothing but the problems. */
START_TEST(test_validation_malformed)
{
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(json_parse("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_STRICT, &pos, &report),
			 FEN_MALFORMED);
	json_expect(json_validation(FEN_MALFORMED, &pos, &report, &json_default),
		    "{\"valid\":false,\"fen\":null,\"fields\":null,\"chess960\":null,\"zobrist\":null,\"status\":null,"
		    "\"opening\":null,\"errors\":[{\"code\":\"bad_piece\",\"field\":\"board\",\"offset\":13,\"length\":1,\"message\":\"'x' in "
		    "rank 7 is not a piece; pieces are KQRBNP (White) and kqrbnp (Black)\"}],\"warnings\":[]}");
	/* a problem with the input as a whole has a null field */
	ck_assert_int_eq(json_parse(POSITION_START_FEN " x", FEN_STRICT, &pos, &report), FEN_MALFORMED);
	json_expect(json_issues(report.errors, report.error_count),
		    "[{\"code\":\"too_many_fields\",\"field\":null,\"offset\":57,\"length\":1,\"message\":\"text after the "
		    "sixth field (the move number): \\\"x\\\"; a FEN has six fields\"}]");
}
END_TEST

/* The style options reach the FEN and the fields. */
START_TEST(test_validation_styles)
{
	static const struct json_fen_style legal_shredder = { FEN_EP_LEGAL, FEN_CASTLING_SHREDDER };
	struct position pos;
	struct fen_report report;
	cJSON *tree;
	char *text;

	ck_assert_int_eq(json_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", FEN_STRICT, &pos, &report),
			 FEN_VALID);
	json_expect(json_fen_string(&pos, &legal_shredder), "\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1\"");
	json_expect(json_fen_string(&pos, &json_default), "\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"");
	json_expect(json_fields(&pos, &legal_shredder),
		    "{\"board\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\",\"turn\":\"b\",\"castling\":\"HAha\","
		    "\"en_passant\":null,\"halfmove\":0,\"fullmove\":1}");
	json_expect(json_fields(&pos, &json_default),
		    "{\"board\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\",\"turn\":\"b\",\"castling\":\"KQkq\","
		    "\"en_passant\":\"e3\",\"halfmove\":0,\"fullmove\":1}");
	/* Chess960 says so */
	ck_assert_int_eq(json_parse("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", FEN_LENIENT, &pos, &report), FEN_VALID);
	tree = json_validation(FEN_VALID, &pos, &report, &json_default);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(tree, "chess960")));
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "fen")->valuestring, "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
	text = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(tree, "warnings"));
	ck_assert_str_eq(text, "[{\"code\":\"chess960_assumed\",\"field\":\"castling\",\"offset\":26,\"length\":4,"
			       "\"message\":\"castling rights \\\"EAea\\\" only make sense in Chess960, so the position is "
			       "read as Chess960\"}]");
	cJSON_free(text);
	cJSON_Delete(tree);
}
END_TEST

/* An invalid FEN that an option would read gets "hints"; a valid FEN never has the
 * member (test_validation_valid: its bytes are as before hints existed). */
START_TEST(test_validation_hints)
{
	struct position pos;
	struct fen_report report;
	struct fen_options strict960 = { FEN_STRICT, true, false, MSG_EN };
	static const char chess960[] = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
	cJSON *tree;

	ck_assert_int_eq(json_parse(chess960, FEN_STRICT, &pos, &report), FEN_ILLEGAL);
	json_expect(json_validation(FEN_ILLEGAL, &pos, &report, &json_default),
		    "{\"valid\":false,\"fen\":\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1\",\"fields\":{\"board\":"
		    "\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR\",\"turn\":\"w\",\"castling\":\"-\",\"en_passant\":null,"
		    "\"halfmove\":0,\"fullmove\":1},\"chess960\":false,\"zobrist\":null,\"status\":null,\"opening\":null,\"errors\":[{\"code\":"
		    "\"castling_needs_chess960\",\"field\":\"castling\",\"offset\":46,\"length\":4,\"message\":\"castling "
		    "rights \\\"HFhf\\\" fit only Chess960; in standard chess, castling right 'H' needs White's king on e1, "
		    "and it is not there\"}],\"warnings\":[],\"hints\":[{\"code\":\"chess960\",\"option\":\"chess960\","
		    "\"value\":true,\"valid\":true,\"message\":\"this looks like a Chess960 position: send chess960: true "
		    "(fen --chess960) and the FEN is valid\"}]}");
	/* with chess960, valid and without hints */
	ck_assert_int_eq(fen_parse(chess960, strlen(chess960), &strict960, &pos, &report), FEN_VALID);
	tree = json_validation(FEN_VALID, &pos, &report, &json_default);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(tree, "valid")));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(tree, "hints"));
	cJSON_Delete(tree);

	ck_assert_int_eq(json_parse("r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w", FEN_STRICT, &pos, &report),
			 FEN_MALFORMED);
	json_expect(json_validation(FEN_MALFORMED, &pos, &report, &json_default),
		    "{\"valid\":false,\"fen\":null,\"fields\":null,\"chess960\":null,\"zobrist\":null,\"status\":null,"
		    "\"opening\":null,\"errors\":[{\"code\":\"too_few_fields\",\"field\":\"castling\",\"offset\":51,\"length\":0,\"message\":"
		    "\"the FEN ends after 2 fields; the castling field and those after it are missing (a FEN has six "
		    "fields)\"}],\"warnings\":[],\"hints\":[{\"code\":\"lenient\",\"option\":\"mode\",\"value\":\"lenient\","
		    "\"valid\":true,\"message\":\"lenient mode reads this FEN: send mode: lenient (fen --lenient); it reads "
		    "\\\"r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w - - 0 1\\\" (filling in castling, en_passant, "
		    "halfmove and fullmove)\"}]}");
	/* lenient mode gives no lenient hint */
	ck_assert_int_eq(json_parse("8/8/8/8/8/8/8/8 w", FEN_LENIENT, &pos, &report), FEN_ILLEGAL);
	tree = json_validation(FEN_ILLEGAL, &pos, &report, &json_default);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(tree, "hints"));
	cJSON_Delete(tree);
}
END_TEST

START_TEST(test_invalid_fen)
{
	struct position pos;
	struct fen_report report;

	json_parse("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", FEN_STRICT, &pos, &report);
	json_expect(json_invalid_fen(&report),
		    "{\"code\":\"invalid_fen\",\"detail\":\"en-passant square e6 needs the Black pawn that just moved two "
		    "squares on e5, and there is none\",\"errors\":[{\"code\":\"en_passant_without_pawn\",\"field\":"
		    "\"en_passant\",\"offset\":24,\"length\":2,\"message\":\"en-passant square e6 needs the Black pawn that "
		    "just moved two squares on e5, and there is none\"}],\"warnings\":[],\"hints\":[{\"code\":\"lenient\","
		    "\"option\":\"mode\",\"value\":\"lenient\",\"valid\":true,\"message\":\"lenient mode reads this FEN: "
		    "send mode: lenient (fen --lenient); it reads \\\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\\\" (dropping the "
		    "en-passant square)\"}]}");
	/* no hints, no member */
	json_parse("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FEN_STRICT, &pos, &report);
	json_expect(json_invalid_fen(&report),
		    "{\"code\":\"invalid_fen\",\"detail\":\"White is to move but Black's king on e8 is in check: Black's "
		    "king could be captured\",\"errors\":[{\"code\":\"opponent_in_check\",\"field\":\"turn\",\"offset\":21,"
		    "\"length\":1,\"message\":\"White is to move but Black's king on e8 is in check: Black's king could be "
		    "captured\"}],\"warnings\":[]}");
	/* a report without errors still gives a detail */
	error_report_clear(&report);
	json_expect(json_invalid_fen(&report),
		    "{\"code\":\"invalid_fen\",\"detail\":\"the FEN is not valid\",\"errors\":[],\"warnings\":[]}");
}
END_TEST

/* True when text is well-formed UTF-8 (no overlong forms, surrogates or bytes past U+10FFFF). */
static bool json_is_utf8(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	while (*s) {
		unsigned char lo = 0x80, hi = 0xBF;
		int length;
		if (*s < 0x80) {
			s++;
			continue;
		}
		if (*s >= 0xC2 && *s <= 0xDF)
			length = 2;
		else if (*s >= 0xE0 && *s <= 0xEF)
			length = 3, lo = *s == 0xE0 ? 0xA0 : 0x80, hi = *s == 0xED ? 0x9F : 0xBF;
		else if (*s >= 0xF0 && *s <= 0xF4)
			length = 4, lo = *s == 0xF0 ? 0x90 : 0x80, hi = *s == 0xF4 ? 0x8F : 0xBF;
		else
			return false;
		if (s[1] < lo || s[1] > hi)
			return false;
		for (int i = 2; i < length; i++)
			if (s[i] < 0x80 || s[i] > 0xBF)
				return false;
		s += length;
	}
	return true;
}

/* Bytes that are not UTF-8 in the input never reach the JSON as they are. */
START_TEST(test_issues_are_utf8)
{
	static const char *const inputs[] = {
		"4k3/8/8/8/8/8/8/4K3 \xff - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - \xc3 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xfe\xff",
		"4k3/8/8/8/8/8/8/4K3 w - - \x80x 1",
		"4k3/8\xff/8/8/8/8/8/4K3 w - - 0 1",
	};
	struct position pos;
	struct fen_report report;

	for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
		cJSON *tree;
		char *text;
		ck_assert_int_eq(json_parse(inputs[i], FEN_LENIENT, &pos, &report), FEN_MALFORMED);
		tree = json_validation(FEN_MALFORMED, &pos, &report, &json_default);
		text = cJSON_PrintUnformatted(tree);
		ck_assert_msg(json_is_utf8(text), "input %zu gives JSON that is not UTF-8: %s", i, text);
		cJSON_free(text);
		cJSON_Delete(tree);
	}
	/* well-formed UTF-8 in the input is kept */
	ck_assert_int_eq(json_parse("4k3/8/8/8/8/8/8/4K3 \xe2\x99\x94 - - 0 1", FEN_STRICT, &pos, &report), FEN_MALFORMED);
	ck_assert_ptr_nonnull(strstr(report.errors[0].message, "\xe2\x99\x94"));
}
END_TEST

/* ---- moves ---- */

/* The JSON of the legal move uci in fen. */
static void json_expect_move(const char *fen, bool chess960, const char *uci, const char *expected)
{
	struct position pos;
	move m;

	util_parse(fen, chess960, &pos);
	ck_assert_int_eq(uci_parse_move(&pos, uci, strlen(uci), &m), UCI_OK);
	json_expect(json_move(&pos, m, SAN_LANG_EN), expected);
}

START_TEST(test_move)
{
	json_expect_move(POSITION_START_FEN, false, "g1f3",
			 "{\"uci\":\"g1f3\",\"san\":\"Nf3\",\"from\":\"g1\",\"to\":\"f3\",\"piece\":\"N\",\"capture\":null,\"promotion\":null,"
			 "\"flags\":[]}");
	json_expect_move(POSITION_START_FEN, false, "e2e4",
			 "{\"uci\":\"e2e4\",\"san\":\"e4\",\"from\":\"e2\",\"to\":\"e4\",\"piece\":\"P\",\"capture\":null,\"promotion\":null,"
			 "\"flags\":[\"double_push\"]}");
	json_expect_move("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, "e1g1",
			 "{\"uci\":\"e1g1\",\"san\":\"O-O\",\"from\":\"e1\",\"to\":\"g1\",\"piece\":\"K\",\"capture\":null,\"promotion\":null,"
			 "\"flags\":[\"castle_kingside\"]}");
	json_expect_move("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", false, "e8c8",
			 "{\"uci\":\"e8c8\",\"san\":\"O-O-O\",\"from\":\"e8\",\"to\":\"c8\",\"piece\":\"k\",\"capture\":null,\"promotion\":null,"
			 "\"flags\":[\"castle_queenside\"]}");
	/* Chess960: uci is king-takes-rook, "to" is where the king goes */
	json_expect_move("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true, "g1b1",
			 "{\"uci\":\"g1b1\",\"san\":\"O-O-O\",\"from\":\"g1\",\"to\":\"c1\",\"piece\":\"K\",\"capture\":null,\"promotion\":null,"
			 "\"flags\":[\"castle_queenside\"]}");
	json_expect_move("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false, "e5f6",
			 "{\"uci\":\"e5f6\",\"san\":\"exf6\",\"from\":\"e5\",\"to\":\"f6\",\"piece\":\"P\",\"capture\":\"p\",\"promotion\":null,"
			 "\"flags\":[\"en_passant\"]}");
	json_expect_move("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7b8q",
			 "{\"uci\":\"a7b8q\",\"san\":\"axb8=Q+\",\"from\":\"a7\",\"to\":\"b8\",\"piece\":\"P\",\"capture\":\"n\",\"promotion\":\"Q\","
			 "\"flags\":[\"promotion\",\"check\"]}");
	json_expect_move("4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1", false, "a2b1n",
			 "{\"uci\":\"a2b1n\",\"san\":\"axb1=N\",\"from\":\"a2\",\"to\":\"b1\",\"piece\":\"p\",\"capture\":\"N\",\"promotion\":\"n\","
			 "\"flags\":[\"promotion\"]}");
	json_expect_move("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1", false, "d1d8",
			 "{\"uci\":\"d1d8\",\"san\":\"Rd8#\",\"from\":\"d1\",\"to\":\"d8\",\"piece\":\"R\",\"capture\":null,\"promotion\":null,"
			 "\"flags\":[\"check\",\"checkmate\"]}");
	json_expect_move("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", false, "a1a8",
			 "{\"uci\":\"a1a8\",\"san\":\"Rxa8+\",\"from\":\"a1\",\"to\":\"a8\",\"piece\":\"R\",\"capture\":\"r\",\"promotion\":null,"
			 "\"flags\":[\"check\"]}");
}
END_TEST

START_TEST(test_moves)
{
	struct position pos;
	cJSON *tree, *list;

	util_parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false, &pos);
	tree = json_moves(&pos, SAN_LANG_EN, &json_default);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "fen")->valuestring, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(tree, "count")->valueint, 15);
	list = cJSON_GetObjectItemCaseSensitive(tree, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(list), 15);
	/* each entry is json_move of that move */
	for (int i = 0; i < 15; i++) {
		cJSON *item = cJSON_GetArrayItem(list, i);
		move m;
		const char *uci = cJSON_GetObjectItemCaseSensitive(item, "uci")->valuestring;
		char *a, *b;
		cJSON *single;
		ck_assert_int_eq(uci_parse_move(&pos, uci, strlen(uci), &m), UCI_OK);
		single = json_move(&pos, m, SAN_LANG_EN);
		a = cJSON_PrintUnformatted(item);
		b = cJSON_PrintUnformatted(single);
		ck_assert_str_eq(a, b);
		cJSON_free(a);
		cJSON_free(b);
		cJSON_Delete(single);
	}
	cJSON_Delete(tree);
	/* no moves: an empty list */
	util_parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, &pos);
	json_expect(json_moves(&pos, SAN_LANG_EN, &json_default), "{\"fen\":\"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\",\"count\":0,\"moves\":[]}");
}
END_TEST

START_TEST(test_illegal_move)
{
	struct position pos;

	util_parse("3k4/8/8/8/8/8/8/4K2R w K - 0 1", false, &pos);
	json_expect(json_illegal_move(&pos, 2, "e2e4", 4, false, MSG_EN, &json_default),
		    "{\"code\":\"illegal_move\",\"reason\":\"not_legal\",\"detail\":\"move 3, \\\"e2e4\\\", is not legal in "
		    "this position\",\"index\":2,\"move\":\"e2e4\",\"fen\":\"3k4/8/8/8/8/8/8/4K2R w K - 0 1\",\"legal_moves\":"
		    "[\"e1d1\",\"e1f1\",\"e1d2\",\"e1e2\",\"e1f2\",\"h1f1\",\"h1g1\",\"h1h2\",\"h1h3\",\"h1h4\",\"h1h5\",\"h1h6\","
		    "\"h1h7\",\"h1h8\",\"e1g1\"]}");
	json_expect(json_illegal_move(&pos, 0, "xyz", 3, true, MSG_EN, &json_default),
		    "{\"code\":\"illegal_move\",\"reason\":\"malformed\",\"detail\":\"move 1, \\\"xyz\\\", is not a move in UCI "
		    "notation (such as e2e4 or e7e8q)\",\"index\":0,\"move\":\"xyz\",\"fen\":\"3k4/8/8/8/8/8/8/4K2R w K - 0 1\","
		    "\"legal_moves\":[\"e1d1\",\"e1f1\",\"e1d2\",\"e1e2\",\"e1f2\",\"h1f1\",\"h1g1\",\"h1h2\",\"h1h3\",\"h1h4\","
		    "\"h1h5\",\"h1h6\",\"h1h7\",\"h1h8\",\"e1g1\"]}");
}
END_TEST

/* Long move text: the detail shows 32 bytes and "...", the echo 64 bytes; quotes are escaped. */
START_TEST(test_illegal_move_long)
{
	static const char text[] = "\"12345678901234567890123456789012345678901234567890123456789012345678901234567890";
	struct position pos;
	cJSON *tree;

	util_parse("3k4/8/8/8/8/8/8/4K2R w K - 0 1", false, &pos);
	tree = json_illegal_move(&pos, 4, text, strlen(text), true, MSG_EN, &json_default);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "detail")->valuestring,
			 "move 5, \"\"1234567890123456789012345678901...\", is not a move in UCI notation (such as e2e4 or e7e8q)");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "move")->valuestring,
			 "\"123456789012345678901234567890123456789012345678901234567890123");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(tree, "index")->valueint, 4);
	cJSON_Delete(tree);
}
END_TEST

/* json_apply_moves with default options but for list_plies. */
static cJSON *json_apply(struct position *pos, const char *const *moves, int count, bool list_plies,
			 enum json_apply_outcome *outcome)
{
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;

	options.list_plies = list_plies;
	return json_apply_moves(pos, moves, count, &options, &json_default, outcome);
}

#define STATUS_ONGOING_20 \
	"{\"check\":false,\"checkmate\":false,\"stalemate\":false,\"insufficient_material\":false,\"fifty_move\":" \
	"false,\"seventy_five_move\":false,\"legal_moves\":20,\"outcome\":\"ongoing\",\"result\":null,\"repetitions\":1," \
	"\"threefold_repetition\":false,\"fivefold_repetition\":false}"

START_TEST(test_apply_single)
{
	const char *moves[] = { "e2e4" };
	const char *san[] = { "Nf3+!" };
	struct position pos;
	enum json_apply_outcome outcome = JSON_APPLY_ILLEGAL_MOVE;
	cJSON *result;

	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply(&pos, moves, 1, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	json_expect(result,
		    "{\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\",\"uci\":\"e2e4\",\"san\":\"e4\","
		    "\"lan\":\"e2-e4\",\"given\":\"e2e4\",\"nag\":null,\"warnings\":[],\"status\":" STATUS_ONGOING_20 ","
		    "\"opening\":{\"eco\":\"B00\",\"name\":\"King's Pawn Game\",\"ply\":1}}");
	/* the position is left after the move */
	ck_assert_int_eq(pos.turn, BLACK);
	/* no move at all: uci and san are null */
	result = json_apply(&pos, moves, 0, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(result, "uci")));
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(result, "san")));
	cJSON_Delete(result);
	/* SAN, with what it departed from the standard in */
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply(&pos, san, 1, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	json_expect(result,
		    "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\",\"uci\":\"g1f3\",\"san\":\"Nf3\","
		    "\"lan\":\"Ng1-f3\",\"given\":\"Nf3+!\",\"nag\":1,\"warnings\":[{\"code\":\"false_check\",\"offset\":3,"
		    "\"length\":1,\"given\":\"Nf3+\",\"became\":\"Nf3\",\"message\":\"'+' on a move that gives no check: Nf3\"},"
		    "{\"code\":\"annotation\",\"offset\":4,\"length\":1,\"given\":\"!\",\"became\":\"$1\",\"message\":\"the "
		    "annotation \\\"!\\\" is not part of the move; it is kept as NAG $1\"}],\"status\":" STATUS_ONGOING_20
		    ",\"opening\":{\"eco\":\"A04\",\"name\":\"Zukertort Opening\",\"ply\":1}}");
}
END_TEST

/* Null moves and glyphs in a list of plies: each null ply is uci "0000" and san "--" with
 * the FEN after it, each glyph its NAG, and the PGN writes them as "--" and $n. */
START_TEST(test_apply_null_and_glyphs)
{
	static const char *const plies[] = { "e4", "--", "d4\u00b1", "Z0", "Nf3!?=" };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	enum json_apply_outcome outcome = JSON_APPLY_ILLEGAL_MOVE;
	struct position pos;
	cJSON *result, *list;
	char *text;

	options.list_plies = true;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, plies, 5, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	list = cJSON_GetObjectItemCaseSensitive(result, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(list), 5);
	text = cJSON_PrintUnformatted(cJSON_GetArrayItem(list, 1));
	ck_assert_str_eq(text, "{\"uci\":\"0000\",\"san\":\"--\",\"lan\":\"--\","
			       "\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2\",\"given\":\"--\","
			       "\"nag\":null,\"warnings\":[{\"code\":\"null_move\",\"offset\":0,\"length\":2,"
			       "\"given\":\"--\",\"became\":\"--\",\"message\":\"\\\"--\\\" is a null move: Black passes "
			       "without moving, which no rule of chess allows (PGN writes it --)\"}],\"opening\":null}");
	cJSON_free(text);
	text = cJSON_PrintUnformatted(cJSON_GetArrayItem(list, 2));
	ck_assert_str_eq(text, "{\"uci\":\"d2d4\",\"san\":\"d4\",\"lan\":\"d2-d4\","
			       "\"fen\":\"rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2\",\"given\":\"d4\u00b1\","
			       "\"nag\":16,\"warnings\":[{\"code\":\"glyph_attached\",\"offset\":2,\"length\":2,"
			       "\"given\":\"\u00b1\",\"became\":\"$16\",\"message\":\"the glyph \\\"\u00b1\\\" is not part "
			       "of the move; it is kept as NAG $16\"}],\"opening\":null}");
	cJSON_free(text);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(list, 3), "uci")->valuestring, "0000");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(list, 3), "fen")->valuestring,
			 "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3");
	/* the first glyph is the ply's nag; the PGN has them all */
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(list, 4), "nag")->valueint, 5);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring,
			 "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
			 "[Result \"*\"]\n\n1. e4 -- 2. d4 $16 2... -- 3. Nf3 $5 $10 *\n");
	cJSON_Delete(result);

	/* notation uci: 0000 is the null move */
	options.notation = JSON_NOTATION_UCI;
	{
		static const char *const uci[] = { "e2e4", "0000", " d2d4" };
		util_parse(POSITION_START_FEN, false, &pos);
		result = json_apply_moves(&pos, uci, 3, &options, &json_default, &outcome);
		ck_assert_int_eq(outcome, JSON_APPLY_OK);
		list = cJSON_GetObjectItemCaseSensitive(result, "moves");
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(list, 1), "san")->valuestring, "--");
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(
					 cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(list, 2), "warnings"),
							    0),
					 "code")
					 ->valuestring,
				 "surrounding_whitespace");
		cJSON_Delete(result);
		options.san.strict = true;
		util_parse(POSITION_START_FEN, false, &pos);
		result = json_apply_moves(&pos, uci, 2, &options, &json_default, &outcome);
		ck_assert_int_eq(outcome, JSON_APPLY_NON_STANDARD_SAN);
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "rule")->valuestring, "null_move");
		ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(result, "index")->valueint, 1);
		cJSON_Delete(result);
	}
}
END_TEST

/* With plies listed, "moves" comes after the status, one entry per ply, then "pgn". */
START_TEST(test_apply_plies)
{
	static const char *const plies[] = { "f2f3", "e5", "g2g4", "Qh4#" };
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2",
		"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	};
	static const char *const uci[] = { "f2f3", "e7e5", "g2g4", "d8h4" };
	static const char *const san[] = { "f3", "e5", "g4", "Qh4#" };
	static const char *const lan[] = { "f2-f3", "e7-e5", "g2-g4", "Qd8-h4#" };
	/* the named positions of the line: 1. f3 and the mate */
	static const char *const openings[] = { "{\"eco\":\"A00\",\"name\":\"Barnes Opening\",\"ply\":1}", "null", "null",
						 "{\"eco\":\"A00\",\"name\":\"Barnes Opening: Fool's Mate\",\"ply\":4}" };
	struct position pos;
	enum json_apply_outcome outcome = JSON_APPLY_ILLEGAL_MOVE;
	cJSON *result, *list, *item = NULL;
	char *text;
	int i = 0;

	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply(&pos, plies, 4, true, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(result->child->string, "fen");
	ck_assert_str_eq(result->child->next->string, "uci");
	ck_assert_str_eq(result->child->next->next->string, "san");
	ck_assert_str_eq(result->child->next->next->next->string, "status");
	ck_assert_str_eq(result->child->next->next->next->next->string, "opening");
	ck_assert_str_eq(result->child->next->next->next->next->next->string, "moves");
	ck_assert_str_eq(result->child->next->next->next->next->next->next->string, "pgn");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "fen")->valuestring, fens[3]);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "uci")->valuestring, "d8h4");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "san")->valuestring, "Qh4#");
	text = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(result, "status"));
	ck_assert_str_eq(text, "{\"check\":true,\"checkmate\":true,\"stalemate\":false,\"insufficient_material\":false,"
			       "\"fifty_move\":false,\"seventy_five_move\":false,\"legal_moves\":0,\"outcome\":\"checkmate\","
			       "\"result\":\"0-1\",\"repetitions\":1,\"threefold_repetition\":false,\"fivefold_repetition\":false}");
	cJSON_free(text);
	list = cJSON_GetObjectItemCaseSensitive(result, "moves");
	ck_assert_int_eq(cJSON_GetArraySize(list), 4);
	cJSON_ArrayForEach(item, list) {
		text = cJSON_PrintUnformatted(item);
		char expected[480];
		snprintf(expected, sizeof expected,
			 "{\"uci\":\"%s\",\"san\":\"%s\",\"lan\":\"%s\",\"fen\":\"%s\",\"given\":\"%s\",\"nag\":null,"
			 "\"warnings\":[],\"opening\":%s}",
			 uci[i], san[i], lan[i], fens[i], plies[i], openings[i]);
		ck_assert_str_eq(text, expected);
		cJSON_free(text);
		i++;
	}
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring,
			 "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
			 "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
	cJSON_Delete(result);
}
END_TEST

/* A move that cannot be played: the illegal-move members for it, its index counted from
 * 0, in the position reached before it, with the cause SAN's reading finds. */
START_TEST(test_apply_illegal)
{
	static const char *const plies[] = { "e2e4", "e7e5", "e1e3" };
	static const char *const san[] = { "e4", "e5", "Nf6" };
	static const char *const pinned[] = { "Bd3" };
	static const char *const null[] = { "--" };
	static const char *const garbage[] = { "hello" };
	struct position pos;
	enum json_apply_outcome outcome = JSON_APPLY_OK;
	cJSON *result;

	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply(&pos, plies, 3, true, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "code")->valuestring, "illegal_move");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "reason")->valuestring, "not_legal");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "cause")->valuestring, "no_such_piece");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "field")->valuestring, "moves");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(result, "index")->valueint, 2);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "fen")->valuestring,
			 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
	cJSON_Delete(result);

	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply(&pos, san, 3, true, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "cause")->valuestring, "no_such_piece");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "detail")->valuestring,
			 "move 3, \"Nf6\": no white knight can move to f6");
	cJSON_Delete(result);

	util_parse("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", false, &pos);
	result = json_apply(&pos, pinned, 1, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "reason")->valuestring, "not_legal");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "cause")->valuestring, "pinned_piece");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "field")->valuestring, "move");
	cJSON_Delete(result);

	/* a null move is played, but not by a side in check */
	util_parse("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", false, &pos);
	result = json_apply(&pos, null, 1, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "reason")->valuestring, "null_move");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "cause")->valuestring, "null_move_in_check");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "detail")->valuestring,
			 "move 1, \"--\": White is in check, and a side in check cannot pass: \"--\" (a null move) is "
			 "not playable here");
	cJSON_Delete(result);
	util_parse(POSITION_START_FEN, false, &pos);

	result = json_apply(&pos, garbage, 1, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "reason")->valuestring, "malformed");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "cause")->valuestring, "malformed_move");
	cJSON_Delete(result);
}
END_TEST

START_TEST(test_apply_ambiguous)
{
	static const char *const moves[] = { "Nd2" };
	struct position pos;
	enum json_apply_outcome outcome = JSON_APPLY_OK;
	cJSON *result;

	util_parse("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", false, &pos);
	result = json_apply(&pos, moves, 1, false, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_AMBIGUOUS_MOVE);
	json_expect(result, "{\"code\":\"ambiguous_move\",\"detail\":\"move 1, \\\"Nd2\\\": it fits 2 moves: Nbd2, Nfd2\",\"field\":"
			    "\"move\",\"index\":0,\"move\":\"Nd2\",\"fen\":\"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\",\"candidates\":"
			    "[{\"san\":\"Nbd2\",\"uci\":\"b1d2\"},{\"san\":\"Nfd2\",\"uci\":\"f3d2\"}]}");
}
END_TEST

START_TEST(test_apply_strict_and_lang)
{
	static const char *const moves[] = { "Nxf3" };
	static const char *const german[] = { "e4", "Sc6", "Lb5" };
	static const char *const uci_only[] = { "Nf3" };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct position pos;
	enum json_apply_outcome outcome = JSON_APPLY_OK;
	cJSON *result;

	options.san.strict = true;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, moves, 1, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_NON_STANDARD_SAN);
	json_expect(result, "{\"code\":\"non_standard_san\",\"detail\":\"move 1, \\\"Nxf3\\\": an 'x' on a move that captures nothing: "
			    "Nf3\",\"field\":\"move\",\"index\":0,\"move\":\"Nxf3\",\"fen\":\"" POSITION_START_FEN "\","
			    "\"rule\":\"false_capture\",\"given\":\"Nxf3\",\"became\":\"Nf3\",\"offset\":1,\"length\":1}");

	options = JSON_APPLY_OPTIONS_DEFAULT;
	options.san.lang = SAN_LANG_DE;
	options.list_plies = true;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, german, 3, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "san")->valuestring, "Lb5");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "uci")->valuestring, "f1b5");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(result, "moves"), 1),
							    "lan")->valuestring,
			 "Sb8-c6");
	/* the PGN is standard: English letters */
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring, "\n1. e4 Nc6 2. Bb5 *\n"));
	cJSON_Delete(result);

	/* notation uci refuses SAN */
	options = JSON_APPLY_OPTIONS_DEFAULT;
	options.notation = JSON_NOTATION_UCI;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, uci_only, 1, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "reason")->valuestring, "malformed");
	cJSON_Delete(result);
	options.notation = JSON_NOTATION_SAN;
	result = json_apply_moves(&pos, uci_only, 1, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	cJSON_Delete(result);
	{
		enum json_notation n;
		ck_assert_int_eq(json_parse_notation("descriptive", &n), 0);
		ck_assert_int_eq(n, JSON_NOTATION_DESCRIPTIVE);
		ck_assert_int_eq(json_parse_notation("auto", &n), 0);
		ck_assert_int_eq(n, JSON_NOTATION_AUTO);
		ck_assert_int_eq(json_parse_notation("algebraic", &n), -1);
	}
}
END_TEST


/* ---- the language detected (detect_lang) ---- */

/* The English original and the Italian of a game (seed 003, lines 372 and 1130). */
static const char *const caruana_en[] = { "c4", "c6", "Nf3", "d5", "g3", "Bg4", "Ne5", "Bf5", "Qb3", "Qb6", "cxd5",
					  "Qxb3", "axb3", "Be4", "dxc6", "Bxh1", "Rxa7" };
static const char *const caruana_it[] = { "c4", "c6", "Cf3", "d5", "g3", "Ag4", "Ce5", "Af5", "Db3", "Db6", "cxd5",
					  "Dxb3", "axb3", "Ae4", "dxc6", "Axh1", "Txa7" };
#define CARUANA_PLIES 17

/* json_apply_moves of a list, with lang given (detect false) or not. */
static cJSON *json_apply_lang(const char *fen, const char *const *moves, int count, bool detect, enum san_lang lang,
			      enum json_apply_outcome *outcome)
{
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct position pos;

	util_parse(fen, false, &pos);
	options.list_plies = count != 1;
	options.detect_lang = detect;
	options.san.lang = lang;
	return json_apply_moves(&pos, moves, count, &options, &json_default, outcome);
}

static const cJSON *json_ply(const cJSON *result, int i)
{
	return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(result, "moves"), i);
}

static const char *json_text(const cJSON *obj, const char *name)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);

	ck_assert_msg(cJSON_IsString(item), "no string %s", name);
	return item->valuestring;
}

START_TEST(test_apply_detect_italian)
{
	enum json_apply_outcome outcome;
	cJSON *it = json_apply_lang(POSITION_START_FEN, caruana_it, CARUANA_PLIES, true, SAN_LANG_EN, &outcome);
	cJSON *en = json_apply_lang(POSITION_START_FEN, caruana_en, CARUANA_PLIES, false, SAN_LANG_EN, &outcome);
	cJSON *named = json_apply_lang(POSITION_START_FEN, caruana_it, CARUANA_PLIES, false, SAN_LANG_IT, &outcome);
	const cJSON *w;

	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	for (int i = 0; i < CARUANA_PLIES; i++) {
		ck_assert_str_eq(json_text(json_ply(it, i), "san"), json_text(json_ply(en, i), "san"));
		ck_assert_str_eq(json_text(json_ply(it, i), "uci"), json_text(json_ply(en, i), "uci"));
		ck_assert_str_eq(json_text(json_ply(it, i), "fen"), json_text(json_ply(en, i), "fen"));
		/* lang it: the same moves, written in Italian */
		ck_assert_str_eq(json_text(json_ply(named, i), "fen"), json_text(json_ply(en, i), "fen"));
		ck_assert_str_eq(json_text(json_ply(named, i), "given"), caruana_it[i]);
		ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(json_ply(named, i), "warnings")), 0);
		ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(json_ply(it, i), "warnings")), i == 2);
	}
	ck_assert_str_eq(json_text(json_ply(named, 2), "san"), "Cf3");
	ck_assert_str_eq(json_text(it, "pgn"), json_text(en, "pgn"));
	ck_assert_str_eq(json_text(it, "lang_detected"), "it");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(named, "lang_detected"));
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(en, "lang_detected"));
	w = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(json_ply(it, 2), "warnings"), 0);
	ck_assert_str_eq(json_text(w, "code"), "lang_detected");
	ck_assert_str_eq(json_text(w, "given"), "Cf3");
	ck_assert_str_eq(json_text(w, "became"), "Nf3");
	cJSON_Delete(it);
	cJSON_Delete(en);
	cJSON_Delete(named);
}
END_TEST

/* Cc3 is the knight (never the file c), said so; one move alone too. */
START_TEST(test_apply_detect_knights)
{
	static const char *const moves[] = { "d4", "d5", "Cc3", "Cc6" };
	static const char *const one[] = { "Cf3" };
	enum json_apply_outcome outcome;
	cJSON *result = json_apply_lang(POSITION_START_FEN, moves, 4, true, SAN_LANG_EN, &outcome);

	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(json_text(json_ply(result, 2), "uci"), "b1c3");
	ck_assert_str_eq(json_text(json_ply(result, 3), "uci"), "b8c6");
	ck_assert_str_eq(json_text(json_ply(result, 3), "san"), "Nc6");
	ck_assert_str_eq(json_text(result, "lang_detected"), "it");
	ck_assert_ptr_nonnull(strstr(json_text(result, "pgn"), "1. d4 d5 2. Nc3 Nc6 *"));
	cJSON_Delete(result);
	/* lang en: C is no English letter, and no file either */
	result = json_apply_lang(POSITION_START_FEN, moves, 4, false, SAN_LANG_EN, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(result, "index")->valueint, 2);
	ck_assert_str_eq(json_text(result, "reason"), "malformed");
	cJSON_Delete(result);
	result = json_apply_lang(POSITION_START_FEN, one, 1, true, SAN_LANG_EN, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(json_text(result, "san"), "Nf3");
	ck_assert_str_eq(json_text(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(result, "warnings"), 0), "code"),
			 "lang_detected");
	ck_assert_str_eq(json_text(result, "lang_detected"), "it");
	cJSON_Delete(result);
}
END_TEST

/* An English list is the same JSON with the language detected as with lang en. */
START_TEST(test_apply_detect_english_unchanged)
{
	static const char *const null_and_glyphs[] = { "e4", "--", "Bc4±", "Nc6!?", "Qh5", "Nf6??", "Qxf7#" };
	enum json_apply_outcome a, b;
	const char *const *lists[] = { caruana_en, null_and_glyphs };
	int counts[] = { CARUANA_PLIES, 7 };

	for (int l = 0; l < 2; l++) {
		for (int n = 1; n <= counts[l]; n++) {
			cJSON *detected = json_apply_lang(POSITION_START_FEN, lists[l], n, true, SAN_LANG_EN, &a);
			cJSON *named = json_apply_lang(POSITION_START_FEN, lists[l], n, false, SAN_LANG_EN, &b);
			char *x = cJSON_PrintUnformatted(detected), *y = cJSON_PrintUnformatted(named);
			ck_assert_int_eq(a, b);
			ck_assert_str_eq(x, y);
			cJSON_free(x);
			cJSON_free(y);
			cJSON_Delete(detected);
			cJSON_Delete(named);
		}
	}
}
END_TEST

/* R is the rook in English and the king in Italian: two games, 422 where they part. */
START_TEST(test_apply_detect_ambiguous)
{
	static const char *const moves[] = { "e3", "e6", "Rf1", "Rf8" };
	enum json_apply_outcome outcome;
	cJSON *result = json_apply_lang("4k2r/4p3/8/8/8/8/4P3/4K2R w Kk - 0 1", moves, 4, true, SAN_LANG_EN, &outcome);

	ck_assert_int_eq(outcome, JSON_APPLY_AMBIGUOUS_LANGUAGE);
	json_expect(result,
		    "{\"code\":\"ambiguous_language\",\"detail\":\"move 3, \\\"Rf1\\\", is Rf1 in English and Kf1 in Italian, "
		    "Spanish and French, and each reads every move: give lang\",\"index\":2,\"move\":\"Rf1\",\"fen\":"
		    "\"4k2r/8/4p3/8/8/4P3/8/4K2R w Kk - 0 2\",\"langs\":[\"en\",\"it\",\"es\",\"fr\"],\"readings\":[{\"langs\":"
		    "[\"en\"],\"uci\":\"h1f1\",\"san\":\"Rf1\"},{\"langs\":[\"it\",\"es\",\"fr\"],\"uci\":\"e1f1\",\"san\":"
		    "\"Kf1\"}],\"field\":\"moves\"}");
	/* lang given: read as today */
	result = json_apply_lang("4k2r/4p3/8/8/8/8/4P3/4K2R w Kk - 0 1", moves, 4, false, SAN_LANG_EN, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(json_text(json_ply(result, 2), "uci"), "h1f1");
	cJSON_Delete(result);
}
END_TEST

/* No language reads every move: the error of the one that went furthest, and how far. */
START_TEST(test_apply_detect_none)
{
	static const char *const moves[] = { "e4", "e5", "Cf3", "Cc6", "Ac4", "Zz9" };
	enum json_apply_outcome outcome;
	cJSON *result = json_apply_lang(POSITION_START_FEN, moves, 6, true, SAN_LANG_EN, &outcome);
	const cJSON *hint = cJSON_GetObjectItemCaseSensitive(result, "lang_hint");

	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(result, "index")->valueint, 5);
	ck_assert_ptr_nonnull(hint);
	ck_assert_str_eq(json_text(hint, "lang"), "it");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(hint, "plies")->valueint, 5);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(hint, "langs")), 2);
	ck_assert_ptr_nonnull(strstr(json_text(result, "detail"), "read in Italian piece letters"));
	ck_assert_ptr_nonnull(strstr(json_text(result, "detail"), "the moves go to ply 5"));
	cJSON_Delete(result);
	/* English furthest: the error as it was, no hint */
	result = json_apply_lang(POSITION_START_FEN, (const char *const[]){ "e4", "Zz9" }, 2, true, SAN_LANG_EN, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(result, "lang_hint"));
	cJSON_Delete(result);
}
END_TEST

/* The history and the moves are one game: the language of the one is the other's. */
START_TEST(test_apply_detect_history)
{
	static const char *const history[] = { "d4", "d5", "Cc3" };
	static const char *const moves[] = { "Cc6" };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	enum json_apply_outcome outcome;
	struct position pos;
	cJSON *result;

	util_parse("rnbqkbnr/ppp1pppp/8/3p4/3P4/2N5/PPP1PPPP/R1BQKBNR b KQkq - 1 2", false, &pos);
	options.detect_lang = true;
	options.history = history;
	options.history_count = 3;
	result = json_apply_moves(&pos, moves, 1, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(json_text(result, "uci"), "b8c6");
	ck_assert_str_eq(json_text(result, "lang_detected"), "it");
	cJSON_Delete(result);
}
END_TEST

/* Repetitions over the move list, with a history before the FEN. */
START_TEST(test_apply_repetition)
{
	static const char *const shuffle[] = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" };
	static const char *const history[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
	static const char *const wrong_history[] = { "e4" };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct position pos;
	enum json_apply_outcome outcome;
	cJSON *result, *status;

	options.list_plies = true;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, shuffle, 8, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	status = cJSON_GetObjectItemCaseSensitive(result, "status");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(status, "repetitions")->valueint, 3);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(status, "threefold_repetition")));
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(status, "fivefold_repetition")));
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(status, "outcome")->valuestring, "ongoing");
	cJSON_Delete(result);

	/* the same shuffle after two in the history: five times, an automatic draw */
	options.history = history;
	options.history_count = 4;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, shuffle, 8, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	status = cJSON_GetObjectItemCaseSensitive(result, "status");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(status, "repetitions")->valueint, 4);
	cJSON_Delete(result);
	options.history_count = 4;
	{
		static const char *const more[] = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6",
						    "Ng1", "Ng8" };
		util_parse(POSITION_START_FEN, false, &pos);
		result = json_apply_moves(&pos, more, 12, &options, &json_default, &outcome);
		status = cJSON_GetObjectItemCaseSensitive(result, "status");
		ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(status, "repetitions")->valueint, 5);
		ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(status, "fivefold_repetition")));
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(status, "outcome")->valuestring, "fivefold_repetition");
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(status, "result")->valuestring, "1/2-1/2");
		/* the PGN holds the history too, and the drawn result */
		ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring,
					     "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"));
		ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring,
					     "Ng1 Ng8 1/2-1/2\n"));
		cJSON_Delete(result);
	}

	/* a history that does not arrive at the FEN */
	options.history = wrong_history;
	options.history_count = 1;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, shuffle, 2, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_BAD_HISTORY);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "field")->valuestring, "history");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "history_fen")->valuestring,
			 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
	cJSON_Delete(result);
	/* an illegal move in the history names that field */
	options.history = shuffle + 1;
	util_parse(POSITION_START_FEN, false, &pos);
	result = json_apply_moves(&pos, shuffle, 2, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_ILLEGAL_MOVE);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "field")->valuestring, "history");
	cJSON_Delete(result);
}
END_TEST

/* Tags go into the PGN; a game from a FEN gets SetUp and FEN. */
START_TEST(test_apply_pgn_tags)
{
	static const char *const moves[] = { "Nf6", "Bc4" };
	const struct pgn_tag tags[] = { { "White", "Guevara" }, { "Black", "Filip" } };
	struct json_apply_options options = JSON_APPLY_OPTIONS_DEFAULT;
	struct position pos;
	enum json_apply_outcome outcome;
	cJSON *result;

	options.list_plies = true;
	options.tags = tags;
	options.tag_count = 2;
	util_parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3", false, &pos);
	result = json_apply_moves(&pos, moves, 2, &options, &json_default, &outcome);
	ck_assert_int_eq(outcome, JSON_APPLY_OK);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(result, "pgn")->valuestring,
			 "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Guevara\"]\n"
			 "[Black \"Filip\"]\n[Result \"*\"]\n"
			 "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3\"]\n[SetUp \"1\"]\n"
			 "\n3... Nf6 4. Bc4 *\n");
	cJSON_Delete(result);
}
END_TEST

/* ---- the board ---- */

START_TEST(test_board)
{
	struct position pos;

	util_parse("3k4/8/8/8/8/8/8/4K2R w K - 0 1", false, &pos);
	json_expect(json_board(&pos, &json_default),
		    "{\"fen\":\"3k4/8/8/8/8/8/8/4K2R w K - 0 1\",\"turn\":\"white\",\"board\":["
		    "[null,null,null,\"k\",null,null,null,null],[null,null,null,null,null,null,null,null],"
		    "[null,null,null,null,null,null,null,null],[null,null,null,null,null,null,null,null],"
		    "[null,null,null,null,null,null,null,null],[null,null,null,null,null,null,null,null],"
		    "[null,null,null,null,null,null,null,null],[null,null,null,null,\"K\",null,null,\"R\"]],"
		    "\"pieces\":[{\"square\":\"d8\",\"piece\":\"k\",\"color\":\"black\",\"type\":\"king\"},"
		    "{\"square\":\"e1\",\"piece\":\"K\",\"color\":\"white\",\"type\":\"king\"},"
		    "{\"square\":\"h1\",\"piece\":\"R\",\"color\":\"white\",\"type\":\"rook\"}],\"check_square\":null,"
		    "\"status\":{\"check\":false,\"checkmate\":false,\"stalemate\":false,\"insufficient_material\":false,"
		    "\"fifty_move\":false,\"seventy_five_move\":false,\"legal_moves\":15,\"outcome\":\"ongoing\","
		    "\"result\":null}}");
}
END_TEST

START_TEST(test_board_check)
{
	struct position pos;
	cJSON *tree, *rows, *pieces;

	util_parse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false, &pos);
	tree = json_board(&pos, &json_default);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "check_square")->valuestring, "e1");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "turn")->valuestring, "white");
	rows = cJSON_GetObjectItemCaseSensitive(tree, "board");
	ck_assert_int_eq(cJSON_GetArraySize(rows), 8);
	/* row 0 is rank 8, row 7 rank 1; h4 is row 4, column 7 */
	ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetArrayItem(rows, 0), 0)->valuestring, "r");
	ck_assert(cJSON_IsNull(cJSON_GetArrayItem(cJSON_GetArrayItem(rows, 0), 3)));
	ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetArrayItem(rows, 4), 7)->valuestring, "q");
	ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetArrayItem(rows, 7), 4)->valuestring, "K");
	for (int r = 0; r < 8; r++)
		ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetArrayItem(rows, r)), 8);
	pieces = cJSON_GetObjectItemCaseSensitive(tree, "pieces");
	ck_assert_int_eq(cJSON_GetArraySize(pieces), 32);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(pieces, 0), "square")->valuestring, "a8");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(pieces, 31), "square")->valuestring, "h1");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(pieces, 3), "type")->valuestring, "king");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(pieces, 3), "color")->valuestring, "black");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(tree, "status"),
								  "checkmate")));
	cJSON_Delete(tree);
	/* Black to move */
	util_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, &pos);
	tree = json_board(&pos, &json_default);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(tree, "turn")->valuestring, "black");
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(tree, "check_square")));
	cJSON_Delete(tree);
}
END_TEST

START_TEST(test_status)
{
	struct position pos;
	struct status st;

	util_parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, &pos);
	status_compute(&pos, &st);
	json_expect(json_status(&pos, &st),
		    "{\"check\":false,\"checkmate\":false,\"stalemate\":true,\"insufficient_material\":false,\"fifty_move\":"
		    "false,\"seventy_five_move\":false,\"legal_moves\":0,\"outcome\":\"stalemate\",\"result\":\"1/2-1/2\"}");
	util_parse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false, &pos);
	status_compute(&pos, &st);
	json_expect(json_status(&pos, &st),
		    "{\"check\":true,\"checkmate\":true,\"stalemate\":false,\"insufficient_material\":false,\"fifty_move\":"
		    "false,\"seventy_five_move\":false,\"legal_moves\":0,\"outcome\":\"checkmate\",\"result\":\"1-0\"}");
	util_parse("4k3/8/8/8/8/8/8/R3K3 w - - 150 80", false, &pos);
	status_compute(&pos, &st);
	json_expect(json_status(&pos, &st),
		    "{\"check\":false,\"checkmate\":false,\"stalemate\":false,\"insufficient_material\":false,\"fifty_move\":"
		    "true,\"seventy_five_move\":true,\"legal_moves\":15,\"outcome\":\"seventy_five_move\",\"result\":"
		    "\"1/2-1/2\"}");
}
END_TEST

/* ---- printing quickly: integers as raw digits, the per-thread arena ---- */

/* json_validation_printed (its status printed once per thread and reused) prints the
 * same bytes as json_validation, the first time and the next ones, whatever was printed
 * in between; json_validate_line_printed likewise. */
START_TEST(validation_printed_same_text)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", /* checkmate, 0-1 */
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                  /* stalemate */
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1",                                   /* insufficient */
		"4k3/8/8/8/8/8/4P3/4K3 w - - 100 80",                              /* fifty_move */
		"4k3/8/8/8/8/8/4P3/4K3 b - - 150 90",                              /* seventy_five */
		"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",                                 /* check */
		"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"not a fen",
		"4k3/8/8/8/8/8/8/4K2K w - - 0 1",
		"k7/8/8/8/8/8/2b5/4K3 w - - 0 1", /* these two differ only by check */
		"k7/8/8/8/8/5n2/8/4K3 w - - 0 1",
	};
	struct fen_options options = { FEN_STRICT, false, false, MSG_EN };
	const struct json_fen_style styles[] = { json_default, { FEN_EP_LEGAL, FEN_CASTLING_SHREDDER } };
	cJSON *kept = NULL;
	char *kept_want = NULL;

	for (int round = 0; round < 3; round++)
		for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++)
			for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
				const char *fen = fens[i];
				char line[128];
				bool valid_a = false, valid_b = true;
				cJSON *a = json_validate_text(fen, strlen(fen), &options, &styles[s], &valid_a);
				cJSON *b = json_validate_text_printed(fen, strlen(fen), &options, &styles[s], &valid_b);
				char *want, *got;
				ck_assert(a && b && valid_a == valid_b);
				want = cJSON_PrintUnformatted(a);
				ck_assert(json_print_prepare(b));
				got = cJSON_PrintUnformatted(b);
				ck_assert_msg(!strcmp(got, want), "\n got  %s\n want %s", got, want);
				cJSON_free(got);
				/* the first tree is printed last: what it holds is its own */
				if (!kept) {
					kept = b;
					kept_want = want;
				} else {
					cJSON_Delete(b);
					cJSON_free(want);
				}
				cJSON_Delete(a);
				snprintf(line, sizeof line, "\"%s\"", fen);
				a = json_validate_line(line, strlen(line), i + 1, &options, &styles[s], NULL);
				b = json_validate_line_printed(line, strlen(line), i + 1, &options, &styles[s], NULL);
				ck_assert(a && b);
				want = cJSON_PrintUnformatted(a);
				got = cJSON_PrintUnformatted(b);
				ck_assert_str_eq(got, want);
				cJSON_free(want);
				cJSON_free(got);
				cJSON_Delete(a);
				cJSON_Delete(b);
			}
	{
		char *got = cJSON_PrintUnformatted(kept);
		ck_assert_str_eq(got, kept_want);
		cJSON_free(got);
	}
	cJSON_Delete(kept);
	cJSON_free(kept_want);
}
END_TEST


/* json_print_prepare leaves the printed text exactly as cJSON prints the numbers. */
START_TEST(print_prepare_same_text)
{
	static const double values[] = { 0, 1, -1, 20, -5, 999999, 123456789012345.0, -123456789012345.0,
					 1e15, 1e16, 0.5, -0.25, 3.14159, -0.0, 2147483648.0, -2147483649.0 };
	cJSON *a = cJSON_CreateObject(), *b = cJSON_CreateObject(), *la = cJSON_AddArrayToObject(a, "n"),
	      *lb = cJSON_AddArrayToObject(b, "n");
	char *want, *got;

	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		cJSON_AddItemToArray(la, cJSON_CreateNumber(values[i]));
		cJSON_AddItemToArray(lb, cJSON_CreateNumber(values[i]));
	}
	cJSON_AddNumberToObject(cJSON_AddObjectToObject(a, "deep"), "x", 42);
	cJSON_AddNumberToObject(cJSON_AddObjectToObject(b, "deep"), "x", 42);
	want = cJSON_PrintUnformatted(a);
	ck_assert(json_print_prepare(b));
	/* the integers became raw digits, the others stay numbers */
	ck_assert(cJSON_IsRaw(cJSON_GetArrayItem(lb, 3)));
	ck_assert(cJSON_IsNumber(cJSON_GetArrayItem(lb, 10)));
	ck_assert(cJSON_IsNumber(cJSON_GetArrayItem(lb, 13)));
	got = cJSON_PrintUnformatted(b);
	ck_assert_str_eq(got, want);
	cJSON_free(want);
	cJSON_free(got);
	cJSON_Delete(a);
	cJSON_Delete(b);
}
END_TEST

/* Trees built in the arena print the same as with malloc, also when they outgrow its
 * first block; memory malloc'd before the arena opened is still freed normally. */
START_TEST(arena_trees)
{
	struct position pos;
	struct fen_report report;
	struct fen_options strict = util_strict(false);
	cJSON *outside, *tree;
	char *plain, *text;

	/* the same answer without the arena, for comparison */
	fen_parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 68, &strict, &pos, &report);
	tree = json_moves(&pos, SAN_LANG_EN, &JSON_FEN_STYLE_DEFAULT);
	plain = cJSON_PrintUnformatted(tree);
	cJSON_Delete(tree);
	json_arena_install();
	outside = cJSON_CreateString("made before the arena opened");
	for (int round = 0; round < 3; round++) {
		json_arena_begin();
		/* several answers' worth, past the 64 KiB first block */
		for (int i = 0; i < 20; i++) {
			tree = json_moves(&pos, SAN_LANG_EN, &JSON_FEN_STYLE_DEFAULT);
			text = cJSON_PrintUnformatted(tree);
			ck_assert_str_eq(text, plain);
			cJSON_free(text);
			cJSON_Delete(tree);
		}
		cJSON_Delete(outside);
		outside = NULL;
		json_arena_end();
	}
	json_arena_release();
	free(plain);
}
END_TEST

/* A JSON text of an object whose member "x" is an array of count 1s (the caller frees it). */
static char *arena_wide_text(int count, size_t *length)
{
	char *text = malloc(16 + 2 * (size_t)count);
	size_t n = (size_t)sprintf(text, "{\"x\":[");

	for (int i = 0; i < count; i++)
		n += (size_t)sprintf(text + n, i ? ",1" : "1");
	n += (size_t)sprintf(text + n, "]}");
	*length = n;
	return text;
}

/* The limit: a text whose tree needs more than it fails to parse, and says so; one that
 * fits parses; each json_arena_limit starts afresh; 0 lifts it. */
START_TEST(arena_limit)
{
	struct json_text_error err;
	size_t length;
	char *wide = arena_wide_text(40000, &length); /* 40,000 nodes: over 2 MB of tree */
	cJSON *root;

	json_arena_install();
	json_arena_limit(1 << 20);
	ck_assert_uint_eq(json_arena_limit_bytes(), 1 << 20);
	json_arena_begin();
	ck_assert_ptr_null(json_parse_text(wide, length, "the body", &err));
	ck_assert(json_arena_exceeded());
	ck_assert_uint_le(json_arena_used(), 1 << 20);
	json_arena_end();
	/* a new request: the count and the state start afresh */
	json_arena_limit(1 << 20);
	ck_assert(!json_arena_exceeded());
	ck_assert_uint_eq(json_arena_used(), 0);
	json_arena_begin();
	{
		static const char small[] = "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}";
		root = json_parse_text(small, sizeof small - 1, "the body", &err);
	}
	ck_assert_ptr_nonnull(root);
	ck_assert(!json_arena_exceeded());
	ck_assert_uint_gt(json_arena_used(), 0);
	json_arena_delete(root);
	json_arena_end();
	ck_assert_uint_eq(json_arena_used(), 0);
	/* no limit: the same text parses */
	json_arena_limit(0);
	json_arena_begin();
	root = json_parse_text(wide, length, "the body", &err);
	ck_assert_ptr_nonnull(root);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(root, "x")), 40000);
	ck_assert(!json_arena_exceeded());
	json_arena_delete(root);
	json_arena_end();
	json_arena_release();
	free(wide);
}
END_TEST

/* The limit counts what cJSON mallocs outside an open arena too, and takes it back when
 * it is freed. */
START_TEST(arena_limit_counts_malloc)
{
	cJSON *array, *item;
	size_t used;
	int made = 0;

	json_arena_install();
	json_arena_limit(64 * 1024);
	array = cJSON_CreateArray();
	ck_assert_ptr_nonnull(array);
	while ((item = cJSON_CreateNumber(made)) && cJSON_AddItemToArray(array, item))
		made++;
	ck_assert(json_arena_exceeded());
	used = json_arena_used();
	ck_assert_uint_le(used, 64 * 1024);
	/* at least 32 bytes a node, at most what malloc gives for one */
	ck_assert_int_gt(made, 64 * 1024 / 256);
	ck_assert_int_lt(made, 64 * 1024 / 32);
	cJSON_Delete(array);
	ck_assert_uint_eq(json_arena_used(), 0);
	/* freed, the room is there again */
	item = cJSON_CreateString("again");
	ck_assert_ptr_nonnull(item);
	ck_assert_uint_gt(json_arena_used(), 0);
	cJSON_Delete(item);
	/* memory malloc'd before the limit was set does not make the count negative */
	json_arena_limit(0);
	item = cJSON_CreateString("made before the limit");
	json_arena_limit(64 * 1024);
	cJSON_Delete(item);
	ck_assert_uint_eq(json_arena_used(), 0);
	json_arena_limit(0);
	json_arena_release();
}
END_TEST

/* Frees of every kind: a tree made before the arena opened (malloc'd) is freed by
 * cJSON_Delete or json_arena_delete inside it; a tree made inside is deleted at no cost
 * inside, and deleting it after the end (before the next begin) frees nothing and does
 * not crash; a tree that outgrows the region goes on in malloc and is freed for real by
 * json_arena_delete. The limit's count checks what was freed. */
START_TEST(arena_frees)
{
	cJSON *before, *before2, *inside, *inside2, *big;
	char *mib = malloc((1 << 20) + 1);
	size_t in_arena;

	json_arena_install();
	json_arena_limit((size_t)1 << 30);
	before = cJSON_CreateString("made before the arena opened");
	before2 = cJSON_Parse("{\"a\":[1,2,{\"b\":\"c\"}]}");
	ck_assert_ptr_nonnull(before2);
	ck_assert_uint_gt(json_arena_used(), 0);
	json_arena_begin();
	inside = cJSON_Parse("{\"a\":[1,2,{\"b\":\"c\"}]}");
	inside2 = cJSON_CreateArray();
	ck_assert_ptr_nonnull(inside);
	ck_assert_ptr_nonnull(inside2);
	ck_assert(cJSON_AddItemToArray(inside2, cJSON_CreateString("in the arena")));
	in_arena = json_arena_used();
	/* before: deleted inside, for real */
	cJSON_Delete(before);
	json_arena_delete(before2);
	ck_assert_uint_lt(json_arena_used(), in_arena);
	in_arena = json_arena_used();
	/* inside: deleted inside, nothing given back until the end */
	cJSON_Delete(inside);
	ck_assert_uint_eq(json_arena_used(), in_arena);
	json_arena_end();
	ck_assert_uint_eq(json_arena_used(), 0);
	/* inside, deleted after the end: frees nothing, reads mapped memory */
	cJSON_Delete(inside2);
	ck_assert_uint_eq(json_arena_used(), 0);
	/* past the region's 64 MiB: the rest goes to malloc, and the tree is freed for real */
	memset(mib, 'x', 1 << 20);
	mib[1 << 20] = '\0';
	json_arena_begin();
	big = cJSON_CreateArray();
	for (int i = 0; i < 66; i++)
		ck_assert(cJSON_AddItemToArray(big, cJSON_CreateString(mib)));
	ck_assert_uint_gt(json_arena_used(), (size_t)66 << 20);
	json_arena_delete(big);
	ck_assert_uint_lt(json_arena_used(), (size_t)65 << 20);
	json_arena_end();
	ck_assert_uint_eq(json_arena_used(), 0);
	ck_assert(!json_arena_exceeded());
	json_arena_limit(0);
	json_arena_release();
	free(mib);
}
END_TEST

/* json_root_type: what the first byte says, past whitespace. */
START_TEST(test_root_type)
{
	static const struct {
		const char *text;
		const char *type; /* NULL: no value starts there */
		size_t offset;
	} cases[] = {
		{ "{\"fen\":1}", "object", 0 }, { " \t\r\n{", "object", 4 }, { "[1,2]", "array", 0 },
		{ "\n [", "array", 2 }, { "\"x\"", "string", 0 }, { "12", "number", 0 }, { "-1", "number", 0 },
		{ "0.5", "number", 0 }, { "true", "boolean", 0 }, { "false ", "boolean", 0 }, { "null", "null", 0 },
		{ "nope", NULL, 0 }, { "tru", NULL, 0 }, { "-x", NULL, 0 }, { "-", NULL, 0 }, { "", NULL, 0 },
		{ "   ", NULL, 3 }, { "\xEF\xBB\xBF{}", NULL, 0 }, { "x", NULL, 0 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t offset = 99;
		const char *type = json_root_type(cases[i].text, strlen(cases[i].text), &offset);
		if (cases[i].type)
			ck_assert_msg(type && !strcmp(type, cases[i].type), "case %zu: %s", i, type ? type : "NULL");
		else
			ck_assert_msg(!type, "case %zu: %s", i, type);
		ck_assert_msg(offset == cases[i].offset, "case %zu: offset %zu", i, offset);
	}
}
END_TEST

/* json_parse_text: what it refuses before cJSON reads the text, and where it says the
 * problem is. */
START_TEST(test_parse_text)
{
	static const struct {
		const char *text;
		long offset; /* -1: parses */
		const char *detail;
	} cases[] = {
		{ "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}", -1, NULL },
		{ "{\"a\":\"\\u0000\"}", 6, "contains \\u0000" },
		{ "{\"a\":\"x\\n\\t\\u0000\"}", 11, "contains \\u0000" },
		/* an escaped backslash then "u0000" is text, not an escape */
		{ "{\"a\":\"\\\\u0000\"}", -1, NULL },
		{ "{\"a\":\"\\\\\\u0000\"}", 8, "contains \\u0000" },
		{ "{\"a\":\"\\u0001\\u00000\"}", 12, "contains \\u0000" },
		{ "{\"a\":\"\\u000\"}", 6, "not valid JSON" }, /* cJSON points at the string */
		{ "{\"a\":\"caf\xC3\xA9 \xE2\x99\x94\"}", -1, NULL },
		{ "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\xC0\xAF\"}", 35, "not UTF-8 (byte 35)" },
		{ "{\"a\":1} x", 8, "not valid JSON" },
		{ "\\", 0, "not valid JSON" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct json_text_error err = { 0 };
		cJSON *root = json_parse_text(cases[i].text, strlen(cases[i].text), "the body", &err);
		if (cases[i].offset < 0) {
			ck_assert_msg(root != NULL, "case %zu: %s", i, err.detail);
			cJSON_Delete(root);
			continue;
		}
		ck_assert_msg(root == NULL, "case %zu parsed", i);
		ck_assert_msg(err.offset == (size_t)cases[i].offset, "case %zu: offset %zu, want %ld", i, err.offset,
			      cases[i].offset);
		ck_assert_msg(strstr(err.detail, cases[i].detail), "case %zu: %s", i, err.detail);
		ck_assert_msg(strstr(err.detail, "the body") != NULL, "case %zu: %s", i, err.detail);
	}
	/* A NUL byte itself is named before anything else. */
	{
		const char text[] = "{\"a\":\"b\0c\"}";
		struct json_text_error err = { 0 };
		ck_assert_ptr_null(json_parse_text(text, sizeof text - 1, "the body", &err));
		ck_assert_uint_eq(err.offset, 7);
		ck_assert_ptr_nonnull(strstr(err.detail, "NUL byte"));
	}
}
END_TEST

static Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc;

	tc = tcase_create("validation");
	tcase_add_test(tc, test_option_names);
	tcase_add_test(tc, test_validation_valid);
	tcase_add_test(tc, test_validation_warnings);
	tcase_add_test(tc, test_validation_illegal);
	tcase_add_test(tc, test_validation_malformed);
	tcase_add_test(tc, test_validation_styles);
	tcase_add_test(tc, test_validation_hints);
	tcase_add_test(tc, test_invalid_fen);
	tcase_add_test(tc, test_issues_are_utf8);
	tcase_add_test(tc, test_parse_text);
	tcase_add_test(tc, test_root_type);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves");
	tcase_add_test(tc, test_move);
	tcase_add_test(tc, test_moves);
	tcase_add_test(tc, test_illegal_move);
	tcase_add_test(tc, test_illegal_move_long);
	tcase_add_test(tc, test_apply_single);
	tcase_add_test(tc, test_apply_plies);
	tcase_add_test(tc, test_apply_null_and_glyphs);
	tcase_add_test(tc, test_apply_illegal);
	tcase_add_test(tc, test_apply_ambiguous);
	tcase_add_test(tc, test_apply_strict_and_lang);
	tcase_add_test(tc, test_apply_repetition);
	tcase_add_test(tc, test_apply_detect_italian);
	tcase_add_test(tc, test_apply_detect_knights);
	tcase_add_test(tc, test_apply_detect_english_unchanged);
	tcase_add_test(tc, test_apply_detect_ambiguous);
	tcase_add_test(tc, test_apply_detect_none);
	tcase_add_test(tc, test_apply_detect_history);
	tcase_add_test(tc, test_apply_pgn_tags);
	suite_add_tcase(s, tc);

	tc = tcase_create("board");
	tcase_add_test(tc, test_board);
	tcase_add_test(tc, test_board_check);
	tcase_add_test(tc, test_status);
	suite_add_tcase(s, tc);

	tc = tcase_create("printing");
	tcase_add_test(tc, print_prepare_same_text);
	tcase_add_test(tc, validation_printed_same_text);
	tcase_add_test(tc, arena_trees);
	tcase_add_test(tc, arena_limit);
	tcase_add_test(tc, arena_limit_counts_malloc);
	tcase_add_test(tc, arena_frees);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(json_suite());
}
