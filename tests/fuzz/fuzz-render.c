/* fuzz-render.c -- libFuzzer target for drawing boards, in every format and with every
 * picture option. Input: a format byte (svg, png, gif, game gif, ascii, unicode, json; bit
 * 7 lenient FEN reading), then lines: the FEN (any readable board, legal or not, as
 * /render takes it), then "name=value" picture options as GET /render's query gives
 * them (orientation, coordinates, check, size, theme, last_move, arrows, circles,
 * squares), and for the game GIF "moves=e2e4,Nf3,..." or "pgn=1. e4 {[%cal Ge2e4]} *" (a
 * game on one line, from its own start, each frame with its comment's marks).
 *
 * Properties: an option is taken or refused with a known code, a message in UTF-8 and a
 * span inside its value; a board that cannot be read says why; every picture is complete:
 * SVG is one UTF-8 <svg> element with a <use> per piece and 64 squares, the same twice
 * (and the options' canonical text stable), PNG and GIF start with their signatures,
 * text boards have eight ranks, the JSON board parses; the compositor draws every board
 * at 16 px squares inside its buffer. Raster sizes are capped at 256 pixels, so that
 * one input stays fast (the size parser still sees every value). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/render.h"
#include "core/render_game.h"
#include "core/render_options.h"
#include "core/render_svg.h"
#include "core/utf8.h"
#include "fuzz.h"
#include "image/image.h"
#include "json/json.h"

#define FUZZ_RENDER_MOVES_MAX 16
#define FUZZ_RENDER_RASTER_MAX 256

enum fuzz_format { FUZZ_SVG, FUZZ_PNG, FUZZ_GIF, FUZZ_GAME_GIF, FUZZ_ASCII, FUZZ_UNICODE, FUZZ_JSON, FUZZ_FORMAT_NB };

static bool fuzz_utf8(const char *s, size_t n)
{
	return utf8_valid_length(s, n) == n;
}

static int fuzz_render_count(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* The next line as a NUL-terminated string in buf (cut to fit); false at the end. */
static bool fuzz_next_line(struct fuzz_input *in, char *buf, size_t size)
{
	const uint8_t *nl;
	size_t n;

	if (!in->size)
		return false;
	nl = memchr(in->data, '\n', in->size);
	n = nl ? (size_t)(nl - in->data) : in->size;
	memcpy(buf, in->data, n < size - 1 ? n : size - 1);
	buf[n < size - 1 ? n : size - 1] = '\0';
	in->data += n + (nl != NULL);
	in->size -= n + (nl != NULL);
	return true;
}

static void fuzz_check_render_error(const struct render_error *err, const char *value, const char *what)
{
	FUZZ_ASSERT(err->code > RENDER_OK && err->code < RENDER_CODE_NB && render_code_name(err->code),
		    "%s: render code %d", what, (int)err->code);
	FUZZ_ASSERT(memchr(err->message, '\0', sizeof err->message) && err->message[0] &&
		    fuzz_utf8(err->message, strlen(err->message)), "%s: no UTF-8 message", what);
	if (value)
		FUZZ_ASSERT(err->offset >= 0 && err->length >= 0 && (size_t)err->offset + (size_t)err->length <= strlen(value),
			    "%s: %s spans %d+%d of \"%s\"", what, render_code_name(err->code), err->offset, err->length,
			    value);
}

/* Plays up to FUZZ_RENDER_MOVES_MAX moves of a comma-separated list; returns how many. */
static int fuzz_render_moves(const struct position *start, char *list, move *moves)
{
	struct position pos;
	int count = 0;

	memcpy(&pos, start, sizeof pos);
	for (char *tok = strtok(list, ", "); tok && count < FUZZ_RENDER_MOVES_MAX; tok = strtok(NULL, ", ")) {
		struct position_undo undo;
		bool malformed = false;
		move m;
		if (render_read_move(&pos, tok, strlen(tok), SAN_LANG_EN, &m, &malformed))
			break;
		fuzz_check_move(&pos, m, false, "fuzz-render");
		moves[count++] = m;
		position_make_move(&pos, m, &undo);
	}
	return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char svg[RENDER_SVG_MAX];
	struct fuzz_input in = { data, size };
	uint8_t flags = fuzz_byte(&in);
	enum fuzz_format format = (enum fuzz_format)((flags & 0x7f) % FUZZ_FORMAT_NB);
	const struct fen_options fen_options = { flags & 0x80 ? FEN_LENIENT : FEN_STRICT, false, false, MSG_EN };
	char fen[FEN_INPUT_MAX + 2], line[512], moves_text[512] = "", pgn_text[512] = "";
	struct render_options opts;
	struct render_error err;
	struct position pos;
	struct fen_report report;
	enum fen_verdict verdict;
	move moves[FUZZ_RENDER_MOVES_MAX];
	unsigned char *picture = NULL;
	size_t length = 0;

	if (!fuzz_next_line(&in, fen, sizeof fen))
		return 0;
	if (render_read_board(fen, &fen_options, &pos, &report, &verdict)) {
		FUZZ_ASSERT(report.error_count > 0, "the board of \"%s\" is unreadable without an error", fen);
		return 0;
	}
	FUZZ_ASSERT(verdict == FEN_VALID || verdict == FEN_ILLEGAL, "render_read_board's verdict %d", (int)verdict);
	render_options_default(&opts);
	while (fuzz_next_line(&in, line, sizeof line)) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (!strcmp(line, "moves")) {
			snprintf(moves_text, sizeof moves_text, "%s", eq + 1);
			continue;
		}
		if (!strcmp(line, "pgn")) {
			snprintf(pgn_text, sizeof pgn_text, "%s", eq + 1);
			continue;
		}
		int rc = render_option_set(&opts, line, eq + 1, &err);
		FUZZ_ASSERT(rc >= -1 && rc <= 1, "render_option_set returned %d", rc);
		if (rc < 0)
			fuzz_check_render_error(&err, eq + 1, line);
	}
	FUZZ_ASSERT(opts.size >= RENDER_SIZE_MIN && opts.size <= RENDER_SIZE_MAX, "size %d", opts.size);
	FUZZ_ASSERT(opts.arrow_count >= 0 && opts.arrow_count <= RENDER_ARROWS_MAX &&
		    opts.circle_count >= 0 && opts.circle_count <= RENDER_CIRCLES_MAX &&
		    opts.fill_count >= 0 && opts.fill_count <= RENDER_FILLS_MAX, "list counts out of range");
	if (render_resolve_last_move(&opts, &pos, &err))
		fuzz_check_render_error(&err, NULL, "last_move");
	int count = format == FUZZ_GAME_GIF && verdict == FEN_VALID ? fuzz_render_moves(&pos, moves_text, moves) : 0;
	/* Drawing is a pure function of what it is given: a picture of exactly this position,
	 * options, format and moves that came out complete once (in an earlier input) comes
	 * out so again, and drawing was nearly all of this target's time while the mutations
	 * that reach a new picture are few. The text reading above runs on every input. The
	 * JSON board is not remembered (it also shows the FEN report). */
	struct {
		struct position pos;
		struct render_options opts;
		move moves[FUZZ_RENDER_MOVES_MAX];
		int count, format, verdict;
	} key;
	struct fuzz_memo_key memo;
	memset(&key, 0, sizeof key);
	memcpy(&key.pos, &pos, sizeof pos);
	memcpy(&key.opts, &opts, sizeof opts);
	memcpy(key.moves, moves, sizeof moves[0] * (size_t)count);
	key.count = count;
	key.format = (int)format;
	key.verdict = (int)verdict;
	if (format != FUZZ_JSON && fuzz_memo_key_seen(&key, sizeof key, &memo))
		return 0;
	/* The compositor at its smallest square: arrows and circles near the edges stay
	 * inside the buffer, which ASan watches. */
	static uint8_t rgb[8 * 16 * 8 * 16 * 3];
	FUZZ_ASSERT(image_compose(&pos, &opts, 16, rgb) == 0, "image_compose failed at 16 px");
	int check = render_check_square(&opts, &pos);
	FUZZ_ASSERT(check == SQ_NONE || (check >= 0 && check < 64), "check square %d", check);

	switch (format) {
	case FUZZ_SVG: {
		static char again[RENDER_SVG_MAX];
		char canon[2][4096];
		length = render_svg(&pos, &opts, svg, sizeof svg);
		FUZZ_ASSERT(length > 0 && length < sizeof svg && strlen(svg) == length, "render_svg wrote %zu bytes", length);
		FUZZ_ASSERT(fuzz_utf8(svg, length), "the SVG is not UTF-8");
		FUZZ_ASSERT(!strncmp(svg, "<svg ", 5) && !strcmp(svg + length - 7, "</svg>\n") &&
			    fuzz_render_count(svg, "<svg ") == 1, "the SVG is not one <svg> element");
		FUZZ_ASSERT(fuzz_render_count(svg, "<use ") == bb_count(position_occupied(&pos)), "not a <use> per piece");
		FUZZ_ASSERT(fuzz_render_count(svg, "height=\"45\" class=\"") == 64, "not 64 squares");
		FUZZ_ASSERT(render_svg(&pos, &opts, again, sizeof again) == length && !memcmp(svg, again, length),
			    "render_svg is not deterministic");
		size_t c0 = render_options_canonical(&opts, canon[0], sizeof canon[0]);
		size_t c1 = render_options_canonical(&opts, canon[1], sizeof canon[1]);
		FUZZ_ASSERT(c0 > 0 && c0 == c1 && !memcmp(canon[0], canon[1], c0), "the options' canonical text is unstable");
		break;
	}
	case FUZZ_PNG:
	case FUZZ_GIF:
	case FUZZ_GAME_GIF:
		if (opts.size > FUZZ_RENDER_RASTER_MAX)
			opts.size = FUZZ_RENDER_RASTER_MAX;
		if (format == FUZZ_PNG) {
			FUZZ_ASSERT(image_png(&pos, &opts, &picture, &length) == 0, "image_png failed");
			FUZZ_ASSERT(length > 8 && !memcmp(picture, "\x89PNG\r\n\x1a\n", 8), "not a PNG");
		} else if (format == FUZZ_GIF || verdict != FEN_VALID) {
			FUZZ_ASSERT(image_gif(&pos, &opts, &picture, &length) == 0, "image_gif failed");
			FUZZ_ASSERT(length > 6 && !memcmp(picture, "GIF89a", 6) && picture[length - 1] == 0x3b, "not a GIF");
		} else if (pgn_text[0]) {
			/* A game from PGN, each frame with its comment's [%cal]/[%csl] marks. */
			static struct pgn_reader reader;
			struct render_game_reader g;
			struct render_game_error gerr;
			struct render_arrow room[32];
			int frame[FUZZ_RENDER_MOVES_MAX + 2], count;
			struct render_game_marks marks = { room, 32, 0, frame, false };
			struct position start;
			render_game_begin(&g, &reader, &start, moves, FUZZ_RENDER_MOVES_MAX, &marks, &gerr);
			render_game_feed(&g, pgn_text, strlen(pgn_text));
			if (render_game_finish(&g, &count) == 0) {
				FUZZ_ASSERT(count >= 0 && count <= FUZZ_RENDER_MOVES_MAX && marks.count <= marks.max,
					    "render_game read %d moves, %d marks", count, marks.count);
				for (int f = 0; f <= count; f++)
					FUZZ_ASSERT(frame[f] <= frame[f + 1] && frame[f + 1] <= marks.count,
						    "frame %d's marks run %d..%d of %d", f, frame[f], frame[f + 1], marks.count);
				for (int i = 0; i < marks.count; i++)
					FUZZ_ASSERT(room[i].from < 64 && room[i].to < 64 && room[i].mark < RENDER_MARK_NB,
						    "mark %d out of range", i);
				FUZZ_ASSERT(image_gif_game_marked(&start, moves, count, &opts, &marks, 100, 500, NULL,
								  &picture, &length) == 0,
					    "image_gif_game_marked failed");
				FUZZ_ASSERT(length > 6 && !memcmp(picture, "GIF89a", 6) && picture[length - 1] == 0x3b,
					    "not a GIF");
			}
		} else {
			FUZZ_ASSERT(image_gif_game(&pos, moves, count, &opts, 100, 500, NULL, &picture, &length) == 0,
				    "image_gif_game failed");
			FUZZ_ASSERT(length > 6 && !memcmp(picture, "GIF89a", 6) && picture[length - 1] == 0x3b,
				    "not a GIF");
		}
		free(picture);
		break;
	case FUZZ_ASCII:
	case FUZZ_UNICODE: {
		char text[RENDER_TEXT_MAX];
		int ranks = 0;
		length = render_text(&pos, format == FUZZ_ASCII ? RENDER_ASCII : RENDER_UNICODE, render_bottom(&opts, &pos),
				     text, sizeof text);
		FUZZ_ASSERT(length > 0 && strlen(text) == length && fuzz_utf8(text, length), "render_text wrote %zu bytes",
			    length);
		for (const char *p = text; (p = strchr(p, '\n')); p++)
			ranks++;
		FUZZ_ASSERT(ranks == 9, "a text board of %d lines", ranks);
		break;
	}
	case FUZZ_JSON:
	default: {
		struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
		cJSON *root = json_render_board(&pos, verdict, &report, &style);
		char *printed = cJSON_PrintUnformatted(root);
		FUZZ_ASSERT(root && printed && fuzz_utf8(printed, strlen(printed)), "json_render_board");
		cJSON *back = cJSON_Parse(printed);
		FUZZ_ASSERT(cJSON_IsObject(back), "the JSON board does not read back");
		cJSON_Delete(back);
		free(printed);
		cJSON_Delete(root);
		break;
	}
	}
	if (format != FUZZ_JSON)
		fuzz_memo_key_passed(&memo);
	return 0;
}
