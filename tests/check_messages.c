/* check_messages.c -- tests of src/core/messages.c, the message catalogue: every id has a
 * text in every language, each translation's printf conversions are the English one's
 * in the same order, the Russian plural forms, the language tags; and the FEN parser
 * writing its errors, warnings and hints in Italian, Russian and Spanish with the same
 * codes, offsets and given/became as in English; the picture options' errors too. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_util.h"
#include "core/descriptive.h"
#include "core/fen.h"
#include "core/gametext.h"
#include "core/pgn.h"
#include "core/render_options.h"
#include "core/messages.h"
#include "core/san.h"
#include "core/utf8.h"

/* The arguments a printf format takes, one letter each ("*" for a width or precision
 * given as an argument, then the length modifier and conversion): "d*ss" for
 * "%d (\"%.*s\") %s". Returns false on a conversion this catalogue has no use for. */
static bool messages_conversions(const char *format, char *out, size_t size)
{
	size_t n = 0;

	for (const char *p = format; *p; p++) {
		if (*p != '%')
			continue;
		p++;
		if (*p == '%')
			continue;
		while (*p && strchr("-+ #0", *p))
			p++;
		if (*p == '*') {
			out[n++] = '*';
			p++;
		}
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p == '.') {
			p++;
			if (*p == '*') {
				out[n++] = '*';
				p++;
			}
			while (*p >= '0' && *p <= '9')
				p++;
		}
		while (*p && strchr("hlzjtL", *p))
			out[n++] = *p++;
		if (!*p || !strchr("diouxXcsp", *p) || n + 2 >= size)
			return false;
		out[n++] = *p;
		out[n++] = ',';
	}
	out[n] = '\0';
	return true;
}

START_TEST(test_every_language)
{
	for (int id = 0; id < MSG_NB; id++) {
		const char *english = msg_text((enum msg_id)id, MSG_EN);
		char want[128], got[128];
		ck_assert_msg(english[0] != '\0', "message %d has no English text", id);
		ck_assert_msg(messages_conversions(english, want, sizeof want), "message %d: %s", id, english);
		for (int lang = 0; lang < MSG_LANG_NB; lang++) {
			const char *text = msg_text((enum msg_id)id, (enum msg_lang)lang);
			ck_assert_msg(text[0] != '\0', "message %d has no %s text", id, msg_lang_name((enum msg_lang)lang));
			ck_assert_msg(utf8_valid_length(text, strlen(text)) == strlen(text), "message %d (%s) is not UTF-8", id,
				      msg_lang_name((enum msg_lang)lang));
			ck_assert_msg(messages_conversions(text, got, sizeof got), "message %d (%s): %s", id,
				      msg_lang_name((enum msg_lang)lang), text);
			ck_assert_msg(!strcmp(want, got), "message %d (%s) takes %s where English takes %s: %s", id,
				      msg_lang_name((enum msg_lang)lang), got, want, text);
			/* a translation is a translation: only words shared by every language (a
			 * lone "%s", "re"/"rey") may read the same as the English */
			if (lang != MSG_EN && strlen(english) > 24)
				ck_assert_msg(strcmp(text, english), "message %d is English in %s", id,
					      msg_lang_name((enum msg_lang)lang));
		}
	}
}
END_TEST

START_TEST(test_conversions)
{
	char out[64];

	ck_assert(messages_conversions("rank %d (\"%.*s\") describes %d %s; 100%%", out, sizeof out));
	ck_assert_str_eq(out, "d,*s,d,s,");
	ck_assert(messages_conversions("%zu %llu %u 0x%02X '%c' %.2s %.0s", out, sizeof out));
	ck_assert_str_eq(out, "zu,llu,u,X,c,s,s,");
	ck_assert(!messages_conversions("%n", out, sizeof out));
	ck_assert(!messages_conversions("%f", out, sizeof out));
}
END_TEST

START_TEST(test_languages)
{
	enum msg_lang lang = MSG_EN;

	ck_assert(msg_lang_parse("it", 2, &lang));
	ck_assert_int_eq(lang, MSG_IT);
	ck_assert(msg_lang_parse("RU", 2, &lang));
	ck_assert_int_eq(lang, MSG_RU);
	ck_assert(msg_lang_parse("es-ES", 2, &lang));
	ck_assert_int_eq(lang, MSG_ES);
	ck_assert(msg_lang_parse("en", 2, &lang));
	ck_assert_int_eq(lang, MSG_EN);
	ck_assert(!msg_lang_parse("de", 2, &lang));
	ck_assert(!msg_lang_parse("eng", 3, &lang));
	ck_assert(!msg_lang_parse("", 0, &lang));
	ck_assert_str_eq(msg_lang_name(MSG_IT), "it");
	ck_assert_str_eq(msg_lang_name(MSG_LANG_NB), "en");
	ck_assert_str_eq(msg_text(MSG_W_WHITE, MSG_LANG_NB), "White");
	ck_assert_str_eq(msg_text(MSG_NB, MSG_EN), "");
}
END_TEST

START_TEST(test_plurals)
{
	static const struct {
		long n;
		const char *ru, *en;
	} cases[] = {
		{ 0, "горизонталей", "ranks" }, { 1, "горизонталь", "rank" }, { 2, "горизонтали", "ranks" },
		{ 4, "горизонтали", "ranks" }, { 5, "горизонталей", "ranks" }, { 11, "горизонталей", "ranks" },
		{ 12, "горизонталей", "ranks" }, { 21, "горизонталь", "ranks" }, { 22, "горизонтали", "ranks" },
		{ 111, "горизонталей", "ranks" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_str_eq(msg_noun(MSG_N_RANK, cases[i].n, MSG_RU), cases[i].ru);
		ck_assert_str_eq(msg_noun(MSG_N_RANK, cases[i].n, MSG_EN), cases[i].en);
	}
	ck_assert_str_eq(msg_noun(MSG_N_RANK, 1, MSG_IT), "traversa");
	ck_assert_str_eq(msg_noun(MSG_N_RANK, 3, MSG_ES), "filas");
}
END_TEST

/* FENs whose first problem (error, else warning, else hint) has a known message in each
 * language, with the same code in all of them. */
static const struct {
	const char *fen;
	enum fen_mode mode;
	const char *code;
	const char *text[MSG_LANG_NB];
} messages_fens[] = {
	{ "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FEN_STRICT, "opponent_in_check", {
		"White is to move but Black's king on e8 is in check: Black's king could be captured",
		"il Bianco ha il tratto ma il re del Nero su e8 è sotto scacco: il re del Nero potrebbe essere catturato",
		"очередь хода: белые, но король чёрных на e8 под шахом: короля чёрных можно взять",
		"juegan las blancas pero el rey de las negras en e8 está en jaque: el rey de las negras podría ser capturado",
	} },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FEN_STRICT, "too_few_ranks", {
		"the board has 7 ranks; it needs 8, separated by '/'",
		"la scacchiera ha 7 traverse; ne servono 8, separate da '/'",
		"на доске 7 горизонталей; нужно 8, разделённых '/'",
		"el tablero tiene 7 filas; necesita 8, separadas por '/'",
	} },
	{ "8/8/8/8/8/8/8/8 w - - 0 1", FEN_STRICT, "missing_king", {
		"White has no king; each side needs exactly one",
		"il Bianco non ha il re; ogni giocatore ne deve avere esattamente uno",
		"белые без короля; у каждой стороны должен быть ровно один",
		"las blancas no tienen rey; cada bando necesita exactamente uno",
	} },
	{ "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", FEN_STRICT, "castling_without_rook", {
		"castling right 'K' needs a White rook on h1, and there is none",
		"il diritto di arrocco 'K' richiede una torre del Bianco su h1, e non c'è",
		"для права рокировки 'K' нужна ладья белых на h1, а её нет",
		"el derecho de enroque 'K' necesita una torre de las blancas en h1, y no la hay",
	} },
	{ "4k3/8/8/8/8/8/8/4K3  w - - 0 1", FEN_STRICT, "bad_whitespace", {
		"2 spaces between fields; fields are separated by exactly one space",
		"2 spazi tra i campi; i campi sono separati da un solo spazio",
		"2 пробела между полями; поля FEN разделяются ровно одним пробелом",
		"2 espacios entre campos; los campos se separan con exactamente un espacio",
	} },
	{ "4k3/8/8/8/8/8/8/4K3 w - - 0", FEN_LENIENT, "field_defaulted", {
		"the fullmove field is missing; \"1\" is assumed",
		"manca il campo fullmove; si assume \"1\"",
		"поле fullmove отсутствует; принято \"1\"",
		"falta el campo fullmove; se supone \"1\"",
	} },
	{ "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", FEN_STRICT, "en_passant_wrong_rank", {
		"en-passant square e3 is not on the 6th rank, where a Black pawn moving two squares passes with White to move",
		"la casa en passant e3 non è sulla sesta traversa, dove passa un pedone del Nero che avanza di due case con "
		"il Bianco al tratto",
		"поле взятия на проходе e3 не на 6-й горизонтали, через которую проходит пешка чёрных, идущая на два "
		"поля, когда ходят белые",
		"la casilla de captura al paso e3 no está en la sexta fila, por donde pasa un peón de las negras que "
		"avanza dos casillas cuando juegan las blancas",
	} },
};

START_TEST(test_parser_languages)
{
	const char *fen = messages_fens[_i].fen;
	struct position pos;
	struct fen_report english, report;
	struct fen_options options = { messages_fens[_i].mode, false, false, MSG_EN };

	fen_parse(fen, strlen(fen), &options, &pos, &english);
	for (int lang = 0; lang < MSG_LANG_NB; lang++) {
		options.lang = (enum msg_lang)lang;
		fen_parse(fen, strlen(fen), &options, &pos, &report);
		ck_assert_int_eq(report.lang, lang);
		/* the same problems, in another language */
		ck_assert_int_eq(report.error_count, english.error_count);
		ck_assert_int_eq(report.warning_count, english.warning_count);
		ck_assert_int_eq(report.hint_count, english.hint_count);
		for (int i = 0; i < report.error_count; i++) {
			ck_assert_int_eq(report.errors[i].code, english.errors[i].code);
			ck_assert_int_eq(report.errors[i].offset, english.errors[i].offset);
		}
		for (int i = 0; i < report.warning_count; i++) {
			ck_assert_int_eq(report.warnings[i].code, english.warnings[i].code);
			ck_assert_str_eq(report.warnings[i].given, english.warnings[i].given);
			ck_assert_str_eq(report.warnings[i].became, english.warnings[i].became);
		}
		const struct fen_issue *first = report.error_count ? &report.errors[0] : &report.warnings[0];
		ck_assert_str_eq(error_code_name(first->code), messages_fens[_i].code);
		ck_assert_str_eq(first->message, messages_fens[_i].text[lang]);
	}
}
END_TEST

/* Every message of a set of invalid FENs, in every language: whole UTF-8, never cut. */
START_TEST(test_parser_messages_fit)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"QQQQQQQQ/QQQQQQQQ/8/8/8/8/PPPPPPPP/k6K w - - 0 1",
		"4k3/8/8/8/8/8/8/R3K2R w KQkqA - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w QKK - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - d6 5 1",
		"4k3/8/8/8/8/8/8/1R2K1R1 w BG - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1",
		"4k3/8/8/8/8/8/8/4K3 W - - 0 0",
		"4k3/8/8/8/8/8/8/4K3 x - - -1 +1",
		"4k3/8/8/8/8/8/8/4K3 w \xe2\x80\x94 \xe2\x80\x94 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 099 1000000",
		"4k3/8/8/8/8/3N4/5P2/4K2k w - - 0 1",
		"k7/8/8/8/8/8/8/4K3\t w - - 0 1 extra",
	};
	for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
		for (int mode = FEN_STRICT; mode <= FEN_LENIENT; mode++) {
			for (int lang = 0; lang < MSG_LANG_NB; lang++) {
				struct fen_options options = { (enum fen_mode)mode, false, false, (enum msg_lang)lang };
				struct position pos;
				struct fen_report report;
				fen_parse(fens[f], strlen(fens[f]), &options, &pos, &report);
				for (int i = 0; i < report.error_count + report.warning_count; i++) {
					const char *m = i < report.error_count ? report.errors[i].message :
						       report.warnings[i - report.error_count].message;
					ck_assert_msg(m[0] && strlen(m) < FEN_ISSUE_MESSAGE_MAX - 1, "%s (%s): cut: %s", fens[f],
						      msg_lang_name((enum msg_lang)lang), m);
					ck_assert(utf8_valid_length(m, strlen(m)) == strlen(m));
				}
				for (int i = 0; i < report.hint_count; i++)
					ck_assert_msg(strlen(report.hints[i].message) < FEN_HINT_MESSAGE_MAX - 1, "%s: hint cut: %s",
						      fens[f], report.hints[i].message);
			}
		}
	}
}
END_TEST

START_TEST(test_hint_languages)
{
	const char *fen = "4k3/8/8/8/8/8/8/4K3 w - -";
	struct fen_options options = { FEN_STRICT, false, false, MSG_IT };
	struct position pos;
	struct fen_report report;

	ck_assert_int_eq(fen_parse(fen, strlen(fen), &options, &pos, &report), FEN_MALFORMED);
	ck_assert_int_eq(report.hint_count, 1);
	ck_assert_str_eq(report.hints[0].message,
			 "la modalità permissiva legge questo FEN: inviare mode: lenient (fen --lenient); lo legge come "
			 "\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\" (completando halfmove e fullmove)");
	options.lang = MSG_ES;
	fen_parse(fen, strlen(fen), &options, &pos, &report);
	ck_assert_str_eq(report.errors[0].message,
			 "el FEN termina tras 4 campos; faltan el campo halfmove y los siguientes (un FEN tiene seis campos)");
	options.lang = MSG_RU;
	fen_parse(fen, strlen(fen), &options, &pos, &report);
	ck_assert_str_eq(report.errors[0].message,
			 "в FEN только 4 поля; поле halfmove и следующие за ним отсутствуют (в FEN шесть полей)");
}
END_TEST

/* The problems of a PGN game read with its messages in lang: "code line:column message" a line each. */
struct messages_pgn {
	char text[2048];
	size_t length;
};

static void messages_pgn_issue(void *ctx, const struct pgn_issue *issue)
{
	struct messages_pgn *out = ctx;

	out->length += (size_t)snprintf(out->text + out->length, sizeof out->text - out->length, "%s %u:%u %s\n",
					pgn_code_name(issue->code), issue->line, issue->column, issue->message);
	ck_assert_uint_lt(out->length, sizeof out->text);
}

static void messages_pgn_read(const char *pgn, enum msg_lang lang, struct messages_pgn *out)
{
	static const struct pgn_visitor visitor = { .issue = messages_pgn_issue };
	struct pgn_reader *r = malloc(sizeof *r);
	struct pgn_options options = { { SAN_LANG_EN, false, lang }, false, lang };

	ck_assert_ptr_nonnull(r);
	out->length = 0;
	out->text[0] = '\0';
	pgn_reader_init(r, &visitor, out, &options);
	for (size_t at = 0, n = strlen(pgn); at < n;)
		at += pgn_reader_feed(r, pgn + at, n - at);
	pgn_reader_finish(r);
	free(r);
}

/* The part of each line of problems before its message: "code line:column". */
static void messages_pgn_places(const char *text, char *out, size_t size)
{
	size_t n = 0;

	for (const char *p = text; *p && n + 1 < size;) {
		const char *space = strchr(p, ' '), *end = strchr(p, '\n');
		space = space ? strchr(space + 1, ' ') : NULL;
		for (const char *q = p; q < space && n + 1 < size; q++)
			out[n++] = *q;
		if (n + 1 < size)
			out[n++] = '\n';
		if (!end)
			break;
		p = end + 1;
	}
	out[n] = '\0';
}

START_TEST(test_pgn_languages)
{
	static const char pgn[] = "[Event \"x\"]\n[Bad\n1. e4 $300 e5 2. Nf3 Nc6 ( 2... d6 ( 2... f5";
	struct messages_pgn english, other;
	char places[2][1024];

	messages_pgn_read(pgn, MSG_EN, &english);
	ck_assert_str_eq(english.text,
			 "bad_tag 2:5 a tag pair is [Name \"value\"]: the line ends inside it\n"
			 "nag_out_of_range 3:7 NAGs run from $0 to $255: $300 ignored\n"
			 "unterminated_variation 3:43 the game ends inside 2 open variations\n"
			 "missing_result 3:43 the movetext ends without a result; taken as *\n");
	messages_pgn_places(english.text, places[0], sizeof places[0]);
	for (int lang = MSG_IT; lang < MSG_LANG_NB; lang++) {
		messages_pgn_read(pgn, (enum msg_lang)lang, &other);
		messages_pgn_places(other.text, places[1], sizeof places[1]);
		ck_assert_str_eq(places[1], places[0]);
	}
	messages_pgn_read(pgn, MSG_IT, &other);
	ck_assert_str_eq(other.text,
			 "bad_tag 2:5 un tag si scrive [Nome \"valore\"]: la riga finisce al suo interno\n"
			 "nag_out_of_range 3:7 i NAG vanno da $0 a $255: $300 ignorato\n"
			 "unterminated_variation 3:43 la partita finisce dentro 2 varianti aperte\n"
			 "missing_result 3:43 le mosse finiscono senza un risultato; preso come *\n");
	messages_pgn_read(pgn, MSG_RU, &other);
	ck_assert(strstr(other.text, "unterminated_variation 3:43 партия кончается внутри 2 открытых вариантов\n"));
	messages_pgn_read("1. e4 ( 1. d4 *", MSG_RU, &other);
	ck_assert(strstr(other.text, "партия кончается внутри 1 открытого варианта\n"));
	messages_pgn_read(pgn, MSG_ES, &other);
	ck_assert(strstr(other.text, "nag_out_of_range 3:7 los NAG van de $0 a $255: $300 se ignora\n"));
}
END_TEST

/* A SAN error inside a PGN game is in the game's language too. */
START_TEST(test_pgn_san_language)
{
	struct messages_pgn out;

	messages_pgn_read("1. e4 e5 2. Nf6 *", MSG_IT, &out);
	ck_assert_str_eq(out.text, "illegal_move 1:13 nessun cavallo bianco può andare in f6\n");
	messages_pgn_read("1. e4 e5 2. Nf6 *", MSG_EN, &out);
	ck_assert_str_eq(out.text, "illegal_move 1:13 no white knight can move to f6\n");
}
END_TEST

/* Game text (/convert) and descriptive notation in Italian: the same offsets. */
START_TEST(test_game_text_languages)
{
	struct descriptive_game *game = calloc(1, sizeof *game);
	struct gametext_remark remarks[4];
	struct fen_report report;
	struct fen_options options = { 0 };
	static const char text[] = "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 B-N5 1-0";

	ck_assert_ptr_nonnull(game);
	ck_assert_int_eq(fen_parse(POSITION_START_FEN, strlen(POSITION_START_FEN), &options, &game->start, &report), FEN_VALID);
	game->lang = DESCRIPTIVE_EN;
	game->msg_lang = MSG_IT;
	ck_assert_int_eq(descriptive_read_game(game, text, strlen(text)), DESCRIPTIVE_OK);
	ck_assert_int_eq(gametext_remarks(&game->text, text, remarks, 4), 1);
	ck_assert_str_eq(remarks[0].message, "il risultato 1-0 chiude le mosse");
	ck_assert_int_eq(descriptive_read_game(game, "1. P-K4 )", 9), DESCRIPTIVE_ERR_TEXT);
	ck_assert_str_eq(game->error.message, "\")\" alla posizione 8 non chiude nessuna variante");
	game->msg_lang = MSG_EN;
	ck_assert_int_eq(descriptive_read_game(game, "1. P-K4 )", 9), DESCRIPTIVE_ERR_TEXT);
	ck_assert_str_eq(game->error.message, "\")\" at offset 8 closes no variation");
	game->msg_lang = MSG_ES;
	ck_assert_int_eq(descriptive_read_game(game, "1. P-K5", 7), DESCRIPTIVE_ERR_ILLEGAL);
	ck_assert_str_eq(game->error.message, "1. P-K5 no corresponde a ninguna jugada legal");
	game->msg_lang = MSG_IT;
	descriptive_read_game(game, "1. P-K4 Z-K4", 12);
	ck_assert_str_eq(game->error.message, "\"Z-K4\" non è notazione descrittiva: non inizia con un pezzo (K Q R B N P)");
	free(game);
}
END_TEST

/* Reading a move: SAN's and UCI's reasons and warnings in the options' language, English
 * when the options are zeroed or absent. */
START_TEST(test_san_languages)
{
	struct position pos, rooks;
	struct fen_report report;
	struct san_parse_result r;
	struct san_parse_options options = { SAN_LANG_EN, false, MSG_IT };
	const char *fen = "k7/8/8/8/8/8/K7/R6R w - - 0 1";

	position_set_start(&pos);
	ck_assert_int_eq(san_parse_move(&pos, "Ke3", 3, &options, &r), SAN_ERR_NO_SUCH_PIECE);
	ck_assert_str_eq(r.error.message, "nessun re bianco può andare in e3");
	ck_assert_int_eq(san_parse_move(&pos, "Ke3", 3, NULL, &r), SAN_ERR_NO_SUCH_PIECE);
	ck_assert_str_eq(r.error.message, "no white king can move to e3");
	options.msg_lang = MSG_RU;
	ck_assert_int_eq(san_parse_move(&pos, "Pe4", 3, &options, &r), SAN_OK);
	ck_assert_int_eq(r.warning_count, 1);
	ck_assert_int_eq(r.warnings[0].code, SAN_WARN_PAWN_LETTER);
	ck_assert_str_eq(r.warnings[0].message, "в SAN ходы пешки пишутся без буквы: e4");
	options.msg_lang = MSG_ES;
	ck_assert_int_eq(san_parse_uci_move(&pos, "e2e9", 4, &options, &r), SAN_ERR_MALFORMED);
	ck_assert_str_eq(r.error.message, "\"e2e9\" no es una jugada en notación UCI (como e2e4 o e7e8q)");
	ck_assert_int_eq(san_parse_move(&pos, "Ng1-f3", 6, &options, &r), SAN_OK);
	ck_assert_str_eq(r.warnings[0].message, "\"Ng1-f3\" indica ambas casillas; SAN escribe Nf3");
	ck_assert_int_eq(fen_parse(fen, strlen(fen), NULL, &rooks, &report), FEN_VALID);
	options = (struct san_parse_options){ SAN_LANG_IT, false, MSG_IT };
	ck_assert_int_eq(san_parse_move(&rooks, "Td1", 3, &options, &r), SAN_ERR_AMBIGUOUS);
	ck_assert_str_eq(r.error.message, "corrisponde a 2 mosse: Tad1, Thd1");
}
END_TEST

/* The longest reasons, with a list of notations, fit whole in every language. */
START_TEST(test_san_messages_fit)
{
	static const char *const last[MSG_LANG_NB] = { "Dutch", "olandese", "нидерландской", "neerlandesa" };
	struct position pos;
	struct san_parse_result r;

	position_set_start(&pos);
	for (int lang = 0; lang < MSG_LANG_NB; lang++) {
		struct san_parse_options options = { SAN_LANG_EN, false, (enum msg_lang)lang };
		size_t n;
		ck_assert_int_eq(san_parse_move(&pos, "Dd4", 3, &options, &r), SAN_ERR_MALFORMED);
		n = strlen(r.error.message);
		ck_assert_msg(n > strlen(last[lang]) && !strcmp(r.error.message + n - strlen(last[lang]), last[lang]),
			      "cut short: %s", r.error.message);
	}
}
END_TEST

/* The picture options' errors (render_options.c) in the options' language: English as
 * it always was, the others translated, and the longest whole in every language. */
START_TEST(test_render_option_languages)
{
	static const struct {
		const char *name, *value, *text[MSG_LANG_NB];
	} rows[] = {
		{ "size", "9", { "must be a whole number from 64 to 2048", "deve essere un numero intero da 64 a 2048",
				 "должно быть целым числом от 64 до 2048", "debe ser un número entero de 64 a 2048" } },
		{ "theme", "red", { "theme must be \"brown\", \"blue\", \"green\" or \"contrast\"",
				    "theme deve essere \"brown\", \"blue\", \"green\" o \"contrast\"",
				    "theme должен быть \"brown\", \"blue\", \"green\" или \"contrast\"",
				    "theme debe ser \"brown\", \"blue\", \"green\" o \"contrast\"" } },
		{ "circles", "Xe4", { "circle Xe4: the colour letter must be G, R, Y or B",
				      "cerchio Xe4: la lettera del colore deve essere G, R, Y o B",
				      "круг Xe4: буква цвета должна быть G, R, Y или B",
				      "círculo Xe4: la letra del color debe ser G, R, Y o B" } },
	};
	/* the longest messages end with their example: nothing is cut */
	static const char *const longest[][3] = {
		{ "arrows", "Ge2e44444", "Ge2e4" },
		{ "squares", "e4-#ff000080", "e4:#ff000080" },
		{ "last_move", "zz", "O-O)" },
	};

	for (int lang = 0; lang < MSG_LANG_NB; lang++) {
		struct render_options opts;
		struct render_error err;
		render_options_default(&opts);
		opts.lang = (enum msg_lang)lang;
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
			ck_assert_int_eq(render_option_set(&opts, rows[i].name, rows[i].value, &err), -1);
			ck_assert_str_eq(err.message, rows[i].text[lang]);
		}
		for (size_t i = 0; i < sizeof longest / sizeof longest[0]; i++) {
			size_t n, end = strlen(longest[i][2]);
			ck_assert_int_eq(render_option_set(&opts, longest[i][0], longest[i][1], &err), -1);
			n = strlen(err.message);
			ck_assert_msg(n > end && !strcmp(err.message + n - end, longest[i][2]), "cut short: %s", err.message);
			ck_assert(utf8_valid_length(err.message, n) == n);
		}
	}
}
END_TEST

static Suite *messages_suite(void)
{
	Suite *s = suite_create("messages");
	TCase *tc = tcase_create("catalogue");

	tcase_add_test(tc, test_every_language);
	tcase_add_test(tc, test_conversions);
	tcase_add_test(tc, test_languages);
	tcase_add_test(tc, test_plurals);
	suite_add_tcase(s, tc);
	tc = tcase_create("parser");
	tcase_add_loop_test(tc, test_parser_languages, 0, (int)(sizeof messages_fens / sizeof messages_fens[0]));
	tcase_add_test(tc, test_parser_messages_fit);
	tcase_add_test(tc, test_hint_languages);
	suite_add_tcase(s, tc);
	tc = tcase_create("games");
	tcase_add_test(tc, test_pgn_languages);
	tcase_add_test(tc, test_game_text_languages);
	tcase_add_test(tc, test_pgn_san_language);
	suite_add_tcase(s, tc);
	tc = tcase_create("moves");
	tcase_add_test(tc, test_san_languages);
	tcase_add_test(tc, test_san_messages_fit);
	suite_add_tcase(s, tc);
	tc = tcase_create("api");
	tcase_add_test(tc, test_render_option_languages);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return util_run(messages_suite());
}
