/* render_options.h -- what a picture of a board shows, shared by the SVG writer and the
 * raster compositor so that both draw the same thing: orientation, coordinates, size,
 * theme colours, the last move, the king in check, arrows, circles and square fills,
 * and the geometry of the marks. Parsing the option strings (as URLs and the CLI give
 * them) lives here too, with errors as values. Nothing here allocates. */
#ifndef FEN_RENDER_OPTIONS_H
#define FEN_RENDER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "fen.h"
#include "position.h"
#include "san.h"

enum render_orientation { RENDER_ORIENT_WHITE, RENDER_ORIENT_BLACK, RENDER_ORIENT_AUTO };

enum render_theme { RENDER_THEME_BROWN, RENDER_THEME_BLUE, RENDER_THEME_GREEN, RENDER_THEME_CONTRAST, RENDER_THEME_NB };

/* The colours of arrows and circles, by the letters of PGN's [%cal]/[%csl] comments. */
enum render_mark { RENDER_MARK_GREEN, RENDER_MARK_RED, RENDER_MARK_YELLOW, RENDER_MARK_BLUE, RENDER_MARK_NB };

#define RENDER_ARROWS_MAX 64
#define RENDER_CIRCLES_MAX 64
#define RENDER_FILLS_MAX 64
#define RENDER_SIZE_MIN 64
#define RENDER_SIZE_MAX 2048
#define RENDER_SIZE_DEFAULT 360

/* The SVG's user units: one square is this wide whatever the picture's size. */
#define RENDER_UNIT 45

/* Bumped whenever the drawing changes, so that cached pictures (ETags) change with it. */
#define RENDER_DESIGN_REVISION 1

struct render_arrow {
	uint8_t from, to;
	uint8_t mark; /* enum render_mark */
};

struct render_circle {
	uint8_t square;
	uint8_t mark;
};

struct render_fill {
	uint8_t square;
	uint32_t rgba; /* 0xRRGGBBAA */
};

struct render_options {
	enum render_orientation orientation;
	bool coordinates;          /* file letters and rank numbers inside the edge squares */
	bool check;                /* tint the king of the side to move when it is in check */
	int size;                  /* width and height in pixels */
	enum render_theme theme;
	int last_from, last_to;    /* squares tinted as the last move, or SQ_NONE */
	char last_san[16];         /* a last move given in SAN, until render_resolve_last_move */
	int arrow_count;
	struct render_arrow arrows[RENDER_ARROWS_MAX];
	int circle_count;
	struct render_circle circles[RENDER_CIRCLES_MAX];
	int fill_count;
	struct render_fill fills[RENDER_FILLS_MAX];
	enum msg_lang lang;        /* the language of render_error messages (not drawn) */
};

/* A theme's colours, 0xRRGGBB unless named rgba (0xRRGGBBAA). */
struct render_palette {
	const char *name;
	uint32_t light, dark;
	uint32_t last_move_rgba;   /* laid over both squares of the last move */
	uint32_t light_text, dark_text; /* coordinates on light and on dark squares */
};

/* An option string that could not be read: a stable snake_case code, the byte offset
 * and length of the bad part, and a message in words. */
enum render_code {
	RENDER_OK,
	RENDER_ERR_BAD_SQUARE,      /* not a square name a1..h8 */
	RENDER_ERR_BAD_MOVE,        /* not two squares (with an optional promotion letter) */
	RENDER_ERR_BAD_MARK_COLOR,  /* a colour letter other than G R Y B */
	RENDER_ERR_BAD_COLOR,       /* not #rgb, #rgba, #rrggbb or #rrggbbaa */
	RENDER_ERR_TOO_MANY,        /* more entries than the list holds */
	RENDER_ERR_BAD_NUMBER,      /* not a whole number in range */
	RENDER_ERR_BAD_NAME,        /* not one of the names the option takes */
	RENDER_CODE_NB
};

#define RENDER_MESSAGE_MAX 256 /* room for a Cyrillic message quoting an option */

struct render_error {
	enum render_code code;
	int offset;
	int length;
	char message[RENDER_MESSAGE_MAX];
};

extern const struct render_palette render_palettes[RENDER_THEME_NB];

/* 0xRRGGBBAA of a mark colour (translucent, as arrows are drawn). */
uint32_t render_mark_rgba(enum render_mark mark);

/* The mark of a colour letter (G R Y B, either case), or -1. */
int render_mark_of_letter(char letter);

/* The defaults: white at the bottom, coordinates, check marked, 360 px, brown, nothing else. */
void render_options_default(struct render_options *opts);

const char *render_code_name(enum render_code code);
const char *render_theme_name(enum render_theme theme);

/* Each parser reads one option's text (NUL-terminated). They return 0 and fill opts, or
 * -1 and fill err (opts is then unspecified for that option). Lists are separated by
 * commas (spaces are also taken); an empty string is an empty list. */
/* The parsers that take no options write err's message in lang. */
int render_parse_orientation(const char *text, enum render_orientation *out, enum msg_lang lang,
			     struct render_error *err);
int render_parse_theme(const char *text, enum render_theme *out, enum msg_lang lang, struct render_error *err);
int render_parse_size(const char *text, int *out, enum msg_lang lang, struct render_error *err);
/* A whole number in [min, max]. */
int render_parse_number(const char *text, long min, long max, long *out, enum msg_lang lang,
			struct render_error *err);
/* "e2e4" (a promotion letter may follow: e7e8q) sets last_from and last_to; SAN
 * ("Nf3", "exd5", "O-O", "e8=Q+") is kept in last_san for render_resolve_last_move; a
 * null move ("0000", "--") tints nothing. */
int render_parse_last_move(const char *text, struct render_options *opts, struct render_error *err);
/* "e2e4,Rg1f3": an optional colour letter (G, the default, R, Y, B) then two squares. */
int render_parse_arrows(const char *text, struct render_options *opts, struct render_error *err);
/* "e4,Rd5": an optional colour letter then a square. */
int render_parse_circles(const char *text, struct render_options *opts, struct render_error *err);
/* "e4:#ff000080,d5:#00f": a square, ':', then a CSS hex colour. */
int render_parse_fills(const char *text, struct render_options *opts, struct render_error *err);

/* The picture options by the names the API and the CLI give them, NULL-terminated:
 * orientation, coordinates, check, size, theme, last_move, arrows, circles, squares. */
extern const char *const render_option_names[];

/* Sets the option called name from its text (booleans: true, false, 1, 0). Returns 0,
 * -1 with err filled, or 1 when name is not a picture option. */
int render_option_set(struct render_options *opts, const char *name, const char *value, struct render_error *err);

/* Reads a FEN to draw: any position whose board can be read, legal or not. When the FEN
 * is malformed outside its board (a bad or missing field), the board alone is read
 * (leniently) and the FEN's errors stay in report; *verdict is then FEN_ILLEGAL.
 * Returns -1 when the board itself cannot be read (report says why). */
int render_read_board(const char *fen, const struct fen_options *options, struct position *pos,
		      struct fen_report *report, enum fen_verdict *verdict);

/* The report's error codes, each once, comma-separated ("missing_king,too_many_pawns"),
 * as many as fit in size bytes; "" when there are none. */
void render_problem_codes(const struct fen_report *report, char *out, size_t size);

/* Reads one move of a game to draw: UCI (e2e4) or, when it is not UCI-shaped, SAN in
 * lang's letters read leniently (Nf3, O-O, exd5). Returns 0 with *out set, or -1 with
 * *malformed telling whether the text is no move notation at all (else it names no legal
 * move). */
int render_read_move(const struct position *pos, const char *text, size_t length, enum san_lang lang, move *out,
		     bool *malformed);

/* Finds the squares of a last move given in SAN: the move that led to pos, played by
 * the side not to move (the piece now on its target square came from an empty square it
 * could have moved from; file or rank letters decide between two). Nothing to do when
 * no SAN was given. Returns 0, or -1 with err when no single move fits. */
int render_resolve_last_move(struct render_options *opts, const struct position *pos, struct render_error *err);

/* The side drawn at the bottom: auto means the side to move. */
enum color render_bottom(const struct render_options *opts, const struct position *pos);

/* The square of the king to mark as in check, or SQ_NONE: the side to move's king when
 * opts->check is set and an enemy piece attacks it. Works on any readable board (no
 * king, or several: the first one found). */
int render_check_square(const struct render_options *opts, const struct position *pos);

/* Where a square's top-left corner is drawn, in squares from the picture's top-left. */
void render_square_origin(int sq, enum color bottom, int *col, int *row);

/* The outline of an arrow, in squares from the picture's top-left: a shaft (points 0-3, a
 * rectangle) and a head (points 4-6, a triangle whose tip, point 5, is the target
 * square's centre). */
void render_arrow_outline(const struct render_arrow *arrow, enum color bottom, double pts[7][2]);

/* Circles: the ring's radius and stroke width in squares. */
#define RENDER_CIRCLE_RADIUS 0.42
#define RENDER_CIRCLE_WIDTH 0.08

/* The check mark: a radial gradient over the king's square, alpha by distance from its
 * centre in half-squares (0 at the centre, 1 at the edge's middle). */
double render_check_alpha(double distance);

/* The canonical text of every option that changes the picture (not the format), for
 * cache keys: equal options give equal text. Returns the length, 0 when out is too small. */
size_t render_options_canonical(const struct render_options *opts, char *out, size_t size);

#endif
