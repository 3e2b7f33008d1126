/* check_render_svg.c -- the SVG board (render_svg) read back with libxml2: well formed,
 * 64 squares, pieces on their squares from either side, highlights, arrows and circles
 * in their colours, every option changing the picture; and the option parsers. */
#include "config.h"

#include <check.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/render_game.h"
#include "core/render_svg.h"
#include "core/utf8.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define CHECK_FEN "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"

static char svg[RENDER_SVG_MAX];

/* A parsed picture, with an XPath context that knows the svg and xlink prefixes. */
struct doc {
	xmlDocPtr xml;
	xmlXPathContextPtr xpath;
	size_t length;
};

static void doc_parse(struct doc *d, const char *text, size_t length)
{
	d->length = length;
	d->xml = xmlReadMemory(text, (int)length, "board.svg", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
	ck_assert_msg(d->xml != NULL, "not well-formed XML: %.200s", text);
	d->xpath = xmlXPathNewContext(d->xml);
	xmlXPathRegisterNs(d->xpath, BAD_CAST "s", BAD_CAST "http://www.w3.org/2000/svg");
	xmlXPathRegisterNs(d->xpath, BAD_CAST "xl", BAD_CAST "http://www.w3.org/1999/xlink");
}

/* Renders fen with opts (NULL: defaults) and parses the answer. */
static void doc_render(struct doc *d, const char *fen, const struct render_options *opts)
{
	struct position pos;
	struct fen_report report;
	struct render_options defaults;
	size_t n;

	ck_assert_int_ne(fen_parse(fen, strlen(fen), NULL, &pos, &report), FEN_MALFORMED);
	if (!opts) {
		render_options_default(&defaults);
		opts = &defaults;
	}
	n = render_svg(&pos, opts, svg, sizeof svg);
	ck_assert_uint_gt(n, 0);
	ck_assert_uint_eq(n, strlen(svg));
	doc_parse(d, svg, n);
}

static void doc_free(struct doc *d)
{
	xmlXPathFreeContext(d->xpath);
	xmlFreeDoc(d->xml);
}

static int doc_count(const struct doc *d, const char *expr)
{
	xmlXPathObjectPtr r = xmlXPathEvalExpression(BAD_CAST expr, d->xpath);
	int n;

	ck_assert_msg(r != NULL, "bad XPath %s", expr);
	n = r->nodesetval ? r->nodesetval->nodeNr : 0;
	xmlXPathFreeObject(r);
	return n;
}

/* The string value of an XPath expression, copied into out. */
static const char *doc_string(const struct doc *d, const char *expr, char *out, size_t size)
{
	char wrapped[512];
	xmlXPathObjectPtr r;

	snprintf(wrapped, sizeof wrapped, "string(%s)", expr);
	r = xmlXPathEvalExpression(BAD_CAST wrapped, d->xpath);
	ck_assert_ptr_nonnull(r);
	snprintf(out, size, "%s", (const char *)r->stringval);
	xmlXPathFreeObject(r);
	return out;
}

/* The square at user-unit corner (x, y) with the given side at the bottom. */
static int square_at(int x, int y, enum color bottom)
{
	int col = x / RENDER_UNIT, row = y / RENDER_UNIT;

	return bottom == WHITE ? square_make(col, 7 - row) : square_make(7 - col, row);
}

/* Every <use> names the piece of the square it stands on, and every piece has one. */
static void assert_pieces(const struct doc *d, const char *fen, enum color bottom)
{
	struct position pos;
	struct fen_report report;
	xmlXPathObjectPtr r = xmlXPathEvalExpression(BAD_CAST "//s:use", d->xpath);
	int seen[SQUARE_NB] = { 0 }, count = 0;

	fen_parse(fen, strlen(fen), NULL, &pos, &report);
	ck_assert_ptr_nonnull(r->nodesetval);
	for (int i = 0; i < r->nodesetval->nodeNr; i++) {
		xmlNodePtr node = r->nodesetval->nodeTab[i];
		xmlChar *href = xmlGetNsProp(node, BAD_CAST "href", BAD_CAST "http://www.w3.org/1999/xlink");
		xmlChar *x = xmlGetProp(node, BAD_CAST "x"), *y = xmlGetProp(node, BAD_CAST "y");
		xmlChar *cls = xmlGetProp(node, BAD_CAST "class");
		int sq = square_at(atoi((char *)x), atoi((char *)y), bottom), pc = pos.board[sq];
		char want[16];
		ck_assert_msg(pc != NO_PIECE, "a piece drawn on an empty square");
		snprintf(want, sizeof want, "#fend-%c", fen_piece_char(piece_make(BLACK, piece_type_of(pc))));
		ck_assert_str_eq((char *)href, want);
		ck_assert_str_eq((char *)cls, piece_color(pc) == WHITE ? "w" : "b");
		seen[sq]++;
		count++;
		xmlFree(href);
		xmlFree(x);
		xmlFree(y);
		xmlFree(cls);
	}
	xmlXPathFreeObject(r);
	ck_assert_int_eq(count, bb_count(position_occupied(&pos)));
	for (int sq = 0; sq < SQUARE_NB; sq++)
		ck_assert_int_eq(seen[sq], pos.board[sq] ? 1 : 0);
}

START_TEST(well_formed_and_small)
{
	struct doc d;
	char text[256];

	doc_render(&d, START_FEN, NULL);
	ck_assert_uint_lt(d.length, 12 * 1024);
	ck_assert_str_eq(doc_string(&d, "/s:svg/@viewBox", text, sizeof text), "0 0 360 360");
	ck_assert_str_eq(doc_string(&d, "/s:svg/@version", text, sizeof text), "1.1");
	ck_assert_str_eq(doc_string(&d, "/s:svg/@width", text, sizeof text), "360");
	ck_assert_str_eq(doc_string(&d, "/s:svg/s:title", text, sizeof text), START_FEN);
	doc_string(&d, "/s:svg/s:desc", text, sizeof text);
	ck_assert_ptr_nonnull(strstr(text, "White: king e1, queen d1, rooks a1 h1, bishops c1 f1, knights b1 g1, pawns a2"));
	ck_assert_ptr_nonnull(strstr(text, "Black: king e8, queen d8"));
	ck_assert_ptr_nonnull(strstr(text, "White to move."));
	/* Each piece type defined once, placed with <use>; no text but the coordinates. */
	ck_assert_int_eq(doc_count(&d, "//s:defs/s:g"), 6);
	ck_assert_int_eq(doc_count(&d, "//s:defs/s:g[@id='fend-n']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:use"), 32);
	ck_assert_int_eq(doc_count(&d, "//s:text"), 16);
	ck_assert_int_eq(doc_count(&d, "//s:defs//s:text"), 0);
	doc_free(&d);
}
END_TEST

START_TEST(sixty_four_squares)
{
	struct doc d;
	char expr[128];

	doc_render(&d, START_FEN, NULL);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@width='45' and @height='45' and (starts-with(@class,'l ') or "
				       "starts-with(@class,'d '))]"),
			 64);
	ck_assert_int_eq(doc_count(&d, "//s:rect[starts-with(@class,'d ')]"), 32);
	/* a1 is dark, h1 light, each square exactly once, at its place. */
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='d a1' and @x='0' and @y='315']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='l h1' and @x='315' and @y='315']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='l a8' and @x='0' and @y='0']"), 1);
	for (int sq = 0; sq < SQUARE_NB; sq++) {
		char name[3];
		fen_format_square(sq, name);
		snprintf(expr, sizeof expr, "//s:rect[substring(@class, 3)='%s']", name);
		ck_assert_int_eq(doc_count(&d, expr), 1);
	}
	doc_free(&d);
}
END_TEST

START_TEST(pieces_on_their_squares)
{
	static const char *const fens[] = {
		START_FEN,
		"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqk w - - 0 1",
	};
	struct render_options opts;

	render_options_default(&opts);
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct doc d;
		opts.orientation = RENDER_ORIENT_WHITE;
		doc_render(&d, fens[i], &opts);
		assert_pieces(&d, fens[i], WHITE);
		doc_free(&d);
		opts.orientation = RENDER_ORIENT_BLACK;
		doc_render(&d, fens[i], &opts);
		assert_pieces(&d, fens[i], BLACK);
		doc_free(&d);
	}
}
END_TEST

START_TEST(orientation_flips)
{
	struct render_options opts;
	struct doc d;
	char text[64];

	render_options_default(&opts);
	doc_render(&d, START_FEN, &opts);
	/* White at the bottom: the white king at e1's place, files a..h left to right. */
	ck_assert_int_eq(doc_count(&d, "//s:use[@x='180' and @y='315' and @class='w' and @xl:href='#fend-k']"), 1);
	ck_assert_str_eq(doc_string(&d, "(//s:text[contains(@class,'f')])[1]", text, sizeof text), "a");
	ck_assert_str_eq(doc_string(&d, "(//s:text[not(contains(@class,'f'))])[1]", text, sizeof text), "8");
	doc_free(&d);
	opts.orientation = RENDER_ORIENT_BLACK;
	doc_render(&d, START_FEN, &opts);
	ck_assert_int_eq(doc_count(&d, "//s:use[@x='135' and @y='0' and @class='w' and @xl:href='#fend-k']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='d a1' and @x='315' and @y='0']"), 1);
	ck_assert_str_eq(doc_string(&d, "(//s:text[contains(@class,'f')])[1]", text, sizeof text), "h");
	ck_assert_str_eq(doc_string(&d, "(//s:text[not(contains(@class,'f'))])[1]", text, sizeof text), "1");
	doc_free(&d);
	/* auto: the side to move at the bottom. */
	opts.orientation = RENDER_ORIENT_AUTO;
	doc_render(&d, CHECK_FEN, &opts);
	assert_pieces(&d, CHECK_FEN, BLACK);
	doc_free(&d);
	opts.coordinates = false;
	doc_render(&d, START_FEN, &opts);
	ck_assert_int_eq(doc_count(&d, "//s:text"), 0);
	doc_free(&d);
}
END_TEST

START_TEST(highlights)
{
	struct render_options opts;
	struct render_error err;
	struct doc d;
	char text[512];

	render_options_default(&opts);
	ck_assert_int_eq(render_parse_last_move("e2e4", &opts, &err), 0);
	ck_assert_int_eq(render_parse_fills("a1:#ff000080,h8:00f", &opts, &err), 0);
	doc_render(&d, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", &opts);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='last']"), 2);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='last' and @x='180' and @y='270']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='last' and @x='180' and @y='180']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='fill' and @x='0' and @y='315' and @fill='#ff0000']"), 1);
	ck_assert_str_eq(doc_string(&d, "//s:rect[@class='fill' and @x='0']/@fill-opacity", text, sizeof text), "0.502");
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='fill' and @x='315' and @y='0' and @fill='#0000ff' and "
				       "@fill-opacity='1']"),
			 1);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='check']"), 0);
	doc_free(&d);
	/* The king in check is marked on its square, unless check=0. */
	render_options_default(&opts);
	doc_render(&d, CHECK_FEN, &opts);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='check' and @x='180' and @y='0']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:radialGradient[@id='fend-check']"), 1);
	doc_string(&d, "/s:svg/s:desc", text, sizeof text);
	ck_assert_ptr_nonnull(strstr(text, "Black to move, in check."));
	doc_free(&d);
	opts.check = false;
	doc_render(&d, CHECK_FEN, &opts);
	ck_assert_int_eq(doc_count(&d, "//s:rect[@class='check']"), 0);
	doc_free(&d);
}
END_TEST

START_TEST(arrows_and_circles)
{
	static const struct {
		const char *spec;
		const char *color;
	} arrows[] = { { "e2e4", "#1f9d3a" }, { "Rg1f3", "#d22d22" }, { "Yb1c3", "#e6a200" }, { "Bd1h5", "#2762d4" },
		       { "bb2b4", "#2762d4" }, { "ge2e4", "#1f9d3a" } };
	struct render_options opts;
	struct render_error err;
	struct doc d;
	char expr[160];

	for (size_t i = 0; i < sizeof arrows / sizeof arrows[0]; i++) {
		render_options_default(&opts);
		ck_assert_int_eq(render_parse_arrows(arrows[i].spec, &opts, &err), 0);
		ck_assert_int_eq(opts.arrow_count, 1);
		doc_render(&d, START_FEN, &opts);
		snprintf(expr, sizeof expr, "//s:path[@class='arrow' and @fill='%s' and @fill-opacity='0.8']", arrows[i].color);
		ck_assert_int_eq(doc_count(&d, expr), 1);
		doc_free(&d);
	}
	render_options_default(&opts);
	ck_assert_int_eq(render_parse_arrows("Ge2e4, Rg1f3,Ya1h8", &opts, &err), 0);
	ck_assert_int_eq(render_parse_circles("e4,Rd5,Bb1,bb2", &opts, &err), 0);
	doc_render(&d, START_FEN, &opts);
	ck_assert_int_eq(doc_count(&d, "//s:path[@class='arrow']"), 3);
	ck_assert_int_eq(doc_count(&d, "//s:circle[@class='circle']"), 4);
	ck_assert_int_eq(doc_count(&d, "//s:circle[@class='circle' and @cx='202.5' and @cy='202.5' and "
				       "@stroke='#1f9d3a' and @fill='none']"),
			 1);
	ck_assert_int_eq(doc_count(&d, "//s:circle[@cx='157.5' and @cy='157.5' and @stroke='#d22d22']"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:circle[@cx='67.5' and @cy='337.5' and @stroke='#2762d4']"), 1);
	/* The e2-e4 arrow's tip is e4's centre; marks are drawn over the pieces. */
	ck_assert_int_eq(doc_count(&d, "//s:path[@class='arrow' and contains(@d, 'L202.5 202.5')]"), 1);
	ck_assert_int_eq(doc_count(&d, "//s:use[last()]/following-sibling::s:path[@class='arrow']"), 3);
	doc_free(&d);
}
END_TEST

START_TEST(every_option_changes_output)
{
	static const char *const settings[][2] = {
		{ "orientation", "black" }, { "coordinates", "false" }, { "check", "0" },
		{ "size", "480" }, { "theme", "blue" }, { "theme", "green" }, { "theme", "contrast" },
		{ "last_move", "e1e2" }, { "arrows", "e2e4" }, { "arrows", "Re2e4" }, { "circles", "e4" },
		{ "squares", "e4:#f00" },
	};
	enum { N = sizeof settings / sizeof settings[0] };
	static char outputs[N + 1][RENDER_SVG_MAX];
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	struct render_error err;

	fen_parse(CHECK_FEN, strlen(CHECK_FEN), NULL, &pos, &report);
	render_options_default(&opts);
	ck_assert_uint_gt(render_svg(&pos, &opts, outputs[N], RENDER_SVG_MAX), 0);
	for (int i = 0; i < N; i++) {
		render_options_default(&opts);
		ck_assert_int_eq(render_option_set(&opts, settings[i][0], settings[i][1], &err), 0);
		ck_assert_uint_gt(render_svg(&pos, &opts, outputs[i], RENDER_SVG_MAX), 0);
		for (int j = 0; j < i; j++)
			ck_assert_msg(strcmp(outputs[i], outputs[j]), "%s=%s draws what %s=%s draws", settings[i][0],
				      settings[i][1], settings[j][0], settings[j][1]);
		ck_assert_msg(strcmp(outputs[i], outputs[N]), "%s=%s changes nothing", settings[i][0], settings[i][1]);
	}
}
END_TEST

START_TEST(largest_picture_fits)
{
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	const char *fen = "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqk w - - 0 1";
	struct doc d;
	size_t n;

	fen_parse(fen, strlen(fen), NULL, &pos, &report);
	render_options_default(&opts);
	opts.last_from = SQ_A1;
	opts.last_to = SQ_H8;
	for (int i = 0; i < RENDER_ARROWS_MAX; i++)
		opts.arrows[opts.arrow_count++] = (struct render_arrow){ (uint8_t)i, (uint8_t)(63 - i), (uint8_t)(i % 4) };
	for (int i = 0; i < RENDER_CIRCLES_MAX; i++)
		opts.circles[opts.circle_count++] = (struct render_circle){ (uint8_t)i, (uint8_t)(i % 4) };
	for (int i = 0; i < RENDER_FILLS_MAX; i++)
		opts.fills[opts.fill_count++] = (struct render_fill){ (uint8_t)i, 0x12345678 };
	n = render_svg(&pos, &opts, svg, sizeof svg);
	ck_assert_uint_gt(n, 0);
	doc_parse(&d, svg, n);
	ck_assert_int_eq(doc_count(&d, "//s:use"), 64);
	doc_free(&d);
	/* Too small a buffer is refused, not overrun. */
	ck_assert_uint_eq(render_svg(&pos, &opts, svg, 1000), 0);
}
END_TEST

/* The title the HTTP layer hands over is the one render_svg would write itself; a different
 * one is what appears, so the passed text is really used. */
START_TEST(titled_matches_untitled)
{
	static char titled[RENDER_SVG_MAX];
	struct position pos;
	struct fen_report report;
	struct render_options opts;
	const char *fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
	char text[FEN_MAX];
	size_t n, m;

	fen_parse(fen, strlen(fen), NULL, &pos, &report);
	render_options_default(&opts);
	opts.last_from = SQ_E2;
	opts.last_to = SQ_E4;
	ck_assert(fen_format(&pos, FEN_EP_FEN, FEN_CASTLING_STANDARD, text, sizeof text));
	n = render_svg(&pos, &opts, svg, sizeof svg);
	m = render_svg_titled(&pos, &opts, text, titled, sizeof titled);
	ck_assert_uint_gt(n, 0);
	ck_assert_uint_eq(n, m);
	ck_assert_mem_eq(svg, titled, n);
	m = render_svg_titled(&pos, &opts, "another title", titled, sizeof titled);
	ck_assert_ptr_nonnull(strstr(titled, "<title>another title</title>"));
	ck_assert_ptr_null(strstr(titled, text));
}
END_TEST

/* The cache key's option text, exactly, and cut like snprintf when the buffer is short. */
START_TEST(canonical_options_text)
{
	struct render_options opts;
	char text[256], small[20];
	const char *want = "o=0;c=1;k=1;s=360;t=brown;m=e2e4;a=Ge2e4,Rg1f3,;r=Bd5,;f=e4:ff000080,a1:0000000f,";

	render_options_default(&opts);
	opts.last_from = SQ_E2;
	opts.last_to = SQ_E4;
	opts.arrows[opts.arrow_count++] = (struct render_arrow){ SQ_E2, SQ_E4, 0 };
	opts.arrows[opts.arrow_count++] = (struct render_arrow){ SQ_G1, SQ_F3, 1 };
	opts.circles[opts.circle_count++] = (struct render_circle){ SQ_D5, 3 };
	opts.fills[opts.fill_count++] = (struct render_fill){ SQ_E4, 0xff000080 };
	opts.fills[opts.fill_count++] = (struct render_fill){ SQ_A1, 0x0f };
	ck_assert_uint_eq(render_options_canonical(&opts, text, sizeof text), strlen(want));
	ck_assert_str_eq(text, want);
	ck_assert_uint_eq(render_options_canonical(&opts, small, sizeof small), 0);
	ck_assert_str_eq(small, "o=0;c=1;k=1;s=360;t");
}
END_TEST

START_TEST(sprite_sheet)
{
	struct doc d;
	size_t n = render_svg_sprites(45, svg, sizeof svg);
	char text[32];

	ck_assert_uint_gt(n, 0);
	doc_parse(&d, svg, n);
	ck_assert_str_eq(doc_string(&d, "/s:svg/@width", text, sizeof text), "720");
	ck_assert_str_eq(doc_string(&d, "/s:svg/@height", text, sizeof text), "90");
	ck_assert_int_eq(doc_count(&d, "//s:use"), RENDER_SPRITE_PIECES);
	ck_assert_int_eq(doc_count(&d, "//s:text"), 16);
	ck_assert_int_eq(doc_count(&d, "//s:use[@x='225' and @class='w' and @xl:href='#fend-k']"), 1);
	doc_free(&d);
}
END_TEST

START_TEST(option_errors)
{
	static const struct {
		const char *name;
		const char *value;
		enum render_code code;
		int offset;
	} bad[] = {
		{ "arrows", "e2e4,Xe2e4", RENDER_ERR_BAD_MARK_COLOR, 5 },
		{ "arrows", "e2e9", RENDER_ERR_BAD_SQUARE, 0 },
		{ "arrows", "e2e2", RENDER_ERR_BAD_SQUARE, 0 },
		{ "circles", "e4,i4", RENDER_ERR_BAD_SQUARE, 3 },
		{ "circles", "Ge4e5", RENDER_ERR_BAD_SQUARE, 0 },
		{ "squares", "e4", RENDER_ERR_BAD_SQUARE, 0 },
		{ "squares", "e4:#12", RENDER_ERR_BAD_COLOR, 3 },
		{ "squares", "e4:#gggggg", RENDER_ERR_BAD_COLOR, 3 },
		{ "last_move", "e2<", RENDER_ERR_BAD_MOVE, 0 },
		{ "last_move", "e7e8kk", RENDER_ERR_BAD_MOVE, 0 },
		{ "size", "63", RENDER_ERR_BAD_NUMBER, 0 },
		{ "size", "2049", RENDER_ERR_BAD_NUMBER, 0 },
		{ "size", "36x", RENDER_ERR_BAD_NUMBER, 0 },
		{ "theme", "pink", RENDER_ERR_BAD_NAME, 0 },
		{ "orientation", "up", RENDER_ERR_BAD_NAME, 0 },
		{ "coordinates", "yes", RENDER_ERR_BAD_NAME, 0 },
	};
	struct render_options opts;
	struct render_error err;
	char many[RENDER_ARROWS_MAX * 6 + 8] = "";

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		render_options_default(&opts);
		ck_assert_msg(render_option_set(&opts, bad[i].name, bad[i].value, &err) == -1, "%s=%s accepted",
			      bad[i].name, bad[i].value);
		ck_assert_str_eq(render_code_name(err.code), render_code_name(bad[i].code));
		ck_assert_int_eq(err.offset, bad[i].offset);
		ck_assert(strlen(err.message) > 0);
	}
	/* Found by fuzz-render: a value that is not UTF-8 was quoted as it was, and /render's
	 * 400 then carried it into JSON. */
	static const char *const not_utf8[][2] = {
		{ "squares", "\x9c\xca\xdc:#f00" }, { "arrows", "G\xe2\x82" }, { "circles", "\xff" },
		{ "last_move", "e2\xc3" }, { "theme", "\xc3(" }, { "size", "1\x80" }, { "orientation", "\xed\xa0\x80" },
	};
	for (size_t i = 0; i < sizeof not_utf8 / sizeof not_utf8[0]; i++) {
		render_options_default(&opts);
		ck_assert_int_eq(render_option_set(&opts, not_utf8[i][0], not_utf8[i][1], &err), -1);
		ck_assert_uint_eq(utf8_valid_length(err.message, strlen(err.message)), strlen(err.message));
	}
	ck_assert_int_eq(render_option_set(&opts, "colour", "red", &err), 1);
	for (int i = 0; i <= RENDER_ARROWS_MAX; i++)
		strcat(many, "e2e4,");
	ck_assert_int_eq(render_parse_arrows(many, &opts, &err), -1);
	ck_assert_int_eq(err.code, RENDER_ERR_TOO_MANY);
	/* Accepted spellings, and their canonical text. */
	render_options_default(&opts);
	ck_assert_int_eq(render_option_set(&opts, "squares", "e4:#ABC,d5:11223344", &err), 0);
	ck_assert_uint_eq(opts.fills[0].rgba, 0xaabbccff);
	ck_assert_uint_eq(opts.fills[1].rgba, 0x11223344);
	ck_assert_int_eq(render_option_set(&opts, "arrows", "", &err), 0);
	ck_assert_int_eq(opts.arrow_count, 0);
	ck_assert_int_eq(render_option_set(&opts, "last_move", "e7e8q", &err), 0);
	ck_assert_int_eq(opts.last_to, SQ_E8);
	/* a null move (a /pgn ply's "0000", or "--") tints nothing, and is no error */
	ck_assert_int_eq(render_option_set(&opts, "last_move", "0000", &err), 0);
	ck_assert_int_eq(opts.last_from, SQ_NONE);
	ck_assert_int_eq(opts.last_to, SQ_NONE);
	ck_assert_str_eq(opts.last_san, "");
	ck_assert_int_eq(render_option_set(&opts, "last_move", "--", &err), 0);
	ck_assert_int_eq(opts.last_from, SQ_NONE);
	ck_assert_int_eq(render_option_set(&opts, "last_move", "e7e8q", &err), 0);
	char a[256], b[256];
	ck_assert_uint_gt(render_options_canonical(&opts, a, sizeof a), 0);
	render_option_set(&opts, "theme", "blue", &err);
	ck_assert_uint_gt(render_options_canonical(&opts, b, sizeof b), 0);
	ck_assert_str_ne(a, b);
	ck_assert_uint_eq(render_options_canonical(&opts, a, 8), 0);
}
END_TEST

START_TEST(last_move_in_san)
{
	static const struct {
		const char *fen, *san;
		int from, to; /* SQ_NONE: refused */
	} rows[] = {
		{ "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "e4", SQ_E2, SQ_E4 },
		{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", "e5", SQ_E7, SQ_E5 },
		/* Without the en-passant square, e5 may have come from e6 or e7. */
		{ "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e5", SQ_NONE, SQ_NONE },
		{ "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e6", SQ_E7, SQ_E6 },
		{ "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "Ng1f3", SQ_G1, SQ_F3 },
		{ "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "Nf3", SQ_NONE, SQ_NONE },
		{ "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "exd5", SQ_E4, SQ_D5 },
		{ "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", "O-O", SQ_E1, SQ_G1 },
		{ "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", "O-O-O", SQ_NONE, SQ_NONE },
		{ "4k2Q/8/8/8/8/8/8/4K3 b - - 0 1", "h8=Q+", SQ_H7, SQ_H8 },
		{ "7k/8/8/8/8/8/8/R3K3 b - - 0 1", "Ra1", SQ_NONE, SQ_NONE },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct position pos;
		struct fen_report report;
		struct render_options opts;
		struct render_error err;
		fen_parse(rows[i].fen, strlen(rows[i].fen), NULL, &pos, &report);
		render_options_default(&opts);
		ck_assert_int_eq(render_option_set(&opts, "last_move", rows[i].san, &err), 0);
		int rc = render_resolve_last_move(&opts, &pos, &err);
		if (rows[i].from == SQ_NONE) {
			ck_assert_msg(rc == -1, "%s resolved", rows[i].san);
			ck_assert_int_eq(err.code, RENDER_ERR_BAD_MOVE);
			continue;
		}
		ck_assert_msg(rc == 0, "%s: %s", rows[i].san, err.message);
		ck_assert_int_eq(opts.last_from, rows[i].from);
		ck_assert_int_eq(opts.last_to, rows[i].to);
	}
}
END_TEST

START_TEST(game_from_pgn)
{
	static struct pgn_reader reader;
	struct render_game_error err;
	struct position start;
	move moves[8];
	int count;
	const char *pgn = "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n"
			  "1. e4 {x} Kd7 (1... Kf7) 2. e5 *\n\n1. d4 *\n";

	ck_assert_int_eq(render_game_from_pgn(pgn, strlen(pgn), &reader, &start, moves, 8, &count, &err), 0);
	ck_assert_int_eq(count, 3); /* the mainline of the first game only */
	ck_assert_int_eq(start.board[SQ_E2], W_PAWN);
	ck_assert_int_eq(move_to(moves[1]), SQ_D7);
	pgn = "1. e4 e5 2. Ke3 Nc6 *";
	ck_assert_int_eq(render_game_from_pgn(pgn, strlen(pgn), &reader, &start, moves, 8, &count, &err), -1);
	ck_assert_int_eq(err.code, RENDER_GAME_BAD_MOVE);
	ck_assert_int_eq(err.index, 2);
	ck_assert_str_eq(err.token, "Ke3");
	ck_assert_int_eq(count, 2);
	pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 *";
	ck_assert_int_eq(render_game_from_pgn(pgn, strlen(pgn), &reader, &start, moves, 4, &count, &err), -1);
	ck_assert_int_eq(err.code, RENDER_GAME_TOO_LONG);
	pgn = "hello";
	ck_assert_int_eq(render_game_from_pgn(pgn, strlen(pgn), &reader, &start, moves, 8, &count, &err), -1);
	ck_assert_int_eq(err.code, RENDER_GAME_NO_GAME);
	/* Nothing but a comment is no game, closed or not (fuzz-request found the open one
	 * drawn as the start position); a move, a tag or a result token makes one. */
	static const char *const no_game[] = { "{a comment}", "{a comment never closed", "{\"fen\":\"x\",\"moves\":[\"e4",
					       "; a line comment", "1." };
	for (size_t i = 0; i < sizeof no_game / sizeof no_game[0]; i++) {
		ck_assert_int_eq(render_game_from_pgn(no_game[i], strlen(no_game[i]), &reader, &start, moves, 8, &count, &err),
				 -1);
		ck_assert_msg(err.code == RENDER_GAME_NO_GAME, "%s: %d", no_game[i], err.code);
	}
	static const char *const games[] = { "{a comment} *", "1. e4 {never closed", "[Event \"x\"]", "*" };
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
		ck_assert_msg(!render_game_from_pgn(games[i], strlen(games[i]), &reader, &start, moves, 8, &count, &err),
			      "%s: %d", games[i], err.code);
	pgn = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*";
	ck_assert_int_eq(render_game_from_pgn(pgn, strlen(pgn), &reader, &start, moves, 8, &count, &err), -1);
	ck_assert_int_eq(err.code, RENDER_GAME_INVALID_FEN);
	ck_assert_str_eq(err.fen, "8/8/8/8/8/8/8/8 w - - 0 1");
}
END_TEST

START_TEST(game_marks)
{
	static struct pgn_reader reader;
	struct render_game_reader g;
	struct render_game_error err;
	struct render_game_marks marks;
	struct render_arrow room[8];
	struct render_options opts;
	struct position start;
	int frame[8], count;
	move moves[6];
	/* frame 0 (before the first move), 1 (two comments), 2 none (a variation's marks are
	 * not the mainline's), 3 a circle and an arrow, 4 a colour the renderer has no use
	 * for, the last one again after the result. */
	const char *pgn = "{[%csl Ge4]} 1. e4 {[%cal Ge2e4]} {[%cal Rg1f3]} e5 (1... c5 {[%cal Bc7c5]}) "
			  "2. Nf3 {[%csl Yd5][%cal Bf3e5]} Nc6 {[%cal Ce2e4]} *\n\n1. d4 {[%cal Gd2d4]} *";

	marks = (struct render_game_marks){ room, 8, 0, frame, 0 };
	render_game_begin(&g, &reader, &start, moves, 6, &marks, &err);
	/* fed a byte at a time, as a spooled body may come */
	bool done = false;
	for (size_t i = 0; pgn[i] && !done; i++)
		done = render_game_feed(&g, pgn + i, 1);
	ck_assert(done);
	ck_assert_int_eq(render_game_finish(&g, &count), 0);
	ck_assert_int_eq(count, 4);
	ck_assert_int_eq(marks.count, 5);
	ck_assert_int_eq(marks.dropped, 0);
	ck_assert_int_eq(frame[0], 0);
	ck_assert_int_eq(frame[1], 1);
	ck_assert_int_eq(frame[2], 3);
	ck_assert_int_eq(frame[3], 3);
	ck_assert_int_eq(frame[4], 5);
	ck_assert_int_eq(frame[5], 5);
	render_options_default(&opts);
	render_game_frame_marks(&marks, 0, &opts);
	ck_assert_int_eq(opts.arrow_count, 0);
	ck_assert_int_eq(opts.circle_count, 1);
	ck_assert_int_eq(opts.circles[0].square, SQ_E4);
	ck_assert_int_eq(opts.circles[0].mark, RENDER_MARK_GREEN);
	render_options_default(&opts);
	ck_assert_int_eq(render_parse_arrows("Ba1a2", &opts, &(struct render_error){ 0 }), 0);
	ck_assert_int_eq(render_game_frame_marks(&marks, 1, &opts), 0); /* after the options' own */
	ck_assert_int_eq(opts.arrow_count, 3);
	ck_assert_int_eq(opts.arrows[1].from, SQ_E2);
	ck_assert_int_eq(opts.arrows[1].to, SQ_E4);
	ck_assert_int_eq(opts.arrows[2].from, SQ_G1);
	ck_assert_int_eq(opts.arrows[2].mark, RENDER_MARK_RED);
	render_options_default(&opts);
	render_game_frame_marks(&marks, 2, &opts);
	ck_assert_int_eq(opts.arrow_count + opts.circle_count, 0);
	render_game_frame_marks(&marks, 3, &opts);
	ck_assert_int_eq(opts.circle_count, 1);
	ck_assert_int_eq(opts.circles[0].mark, RENDER_MARK_YELLOW);
	ck_assert_int_eq(opts.arrows[0].to, SQ_E5);
	ck_assert_int_eq(opts.arrows[0].mark, RENDER_MARK_BLUE);
	render_options_default(&opts);
	render_game_frame_marks(&marks, 4, &opts);
	ck_assert_int_eq(opts.arrow_count + opts.circle_count, 0);
	render_game_frame_marks(NULL, 4, &opts);
	ck_assert_int_eq(opts.arrow_count, 0);

	/* more marks than room: the later ones are left out, and said to be */
	pgn = "1. e4 {[%csl Ga1,Ga2,Ga3,Ga4,Ga5]} e5 {[%csl Gb1,Gb2,Gb3,Gb4]} *";
	render_game_begin(&g, &reader, &start, moves, 6, &marks, &err);
	render_game_feed(&g, pgn, strlen(pgn));
	ck_assert_int_eq(render_game_finish(&g, &count), 0);
	ck_assert_int_eq(marks.count, 8);
	ck_assert_int_eq(marks.dropped, 1); /* Gb4 */
	ck_assert_int_eq(frame[2], 5);
	ck_assert_int_eq(frame[3], 8);
	render_options_default(&opts);
	ck_assert_int_eq(render_game_marks_left_out(&marks, count + 1, &opts), 1);
	ck_assert_int_eq(render_game_marks_left_out(NULL, count + 1, &opts), 0);
	/* room in the game but not on a frame: 62 circles of the request's own leave room for
	 * 2 of frame 1's 5, and 2 of frame 2's 3 */
	for (int sq = 0; sq < 62; sq++)
		opts.circles[opts.circle_count++] = (struct render_circle){ sq, RENDER_MARK_RED };
	ck_assert_int_eq(render_game_marks_left_out(&marks, count + 1, &opts), 1 + 3 + 1);
	{
		struct render_options frame_opts = opts;
		ck_assert_int_eq(render_game_frame_marks(&marks, 1, &frame_opts), 3);
		ck_assert_int_eq(frame_opts.circle_count, RENDER_CIRCLES_MAX);
		ck_assert_int_eq(frame_opts.circles[63].square, SQ_A2);
	}
	/* arrows have their own room */
	render_options_default(&opts);
	for (int sq = 0; sq < RENDER_ARROWS_MAX; sq++)
		opts.arrows[opts.arrow_count++] = (struct render_arrow){ sq, (sq + 1) % 64, RENDER_MARK_RED };
	ck_assert_int_eq(render_game_marks_left_out(&marks, count + 1, &opts), 1);

	/* a game given no room for marks reads as before */
	render_game_begin(&g, &reader, &start, moves, 6, NULL, &err);
	render_game_feed(&g, pgn, strlen(pgn));
	ck_assert_int_eq(render_game_finish(&g, &count), 0);
	ck_assert_int_eq(count, 2);
}
END_TEST

static Suite *render_svg_suite(void)
{
	Suite *s = suite_create("render_svg");
	TCase *tc = tcase_create("svg");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, well_formed_and_small);
	tcase_add_test(tc, sixty_four_squares);
	tcase_add_test(tc, pieces_on_their_squares);
	tcase_add_test(tc, orientation_flips);
	tcase_add_test(tc, highlights);
	tcase_add_test(tc, arrows_and_circles);
	tcase_add_test(tc, every_option_changes_output);
	tcase_add_test(tc, largest_picture_fits);
	tcase_add_test(tc, titled_matches_untitled);
	tcase_add_test(tc, canonical_options_text);
	tcase_add_test(tc, sprite_sheet);
	tcase_add_test(tc, option_errors);
	tcase_add_test(tc, last_move_in_san);
	tcase_add_test(tc, game_from_pgn);
	tcase_add_test(tc, game_marks);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(render_svg_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	xmlCleanupParser();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
