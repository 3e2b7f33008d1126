/* fuzz-render.c -- libFuzzer target for the board pictures. Input: a FEN line (any text:
 * render_read_board decides whether its board can be read), then lines "name=value" of
 * picture options (render_option_set; a bad one is refused and the rest go on). For every
 * readable board: the SVG fits RENDER_SVG_MAX, is one <svg> element with one <use> per
 * piece and one <rect> per square, and comes out the same twice; the options' canonical
 * text is stable; and the raster compositor draws it (16 px squares: arrows and circles
 * near the edges stay inside the buffer, which ASan watches). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/render_options.h"
#include "core/render_svg.h"
#include "fuzz.h"
#include "image/image.h"

static int fuzz_render_count(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char svg[RENDER_SVG_MAX], again[RENDER_SVG_MAX];
	static uint8_t rgb[8 * 16 * 8 * 16 * 3];
	char *text = malloc(size + 1), *line, *save = NULL;
	struct render_options opts;
	struct render_error err;
	struct fen_report report;
	struct fen_options options = { FEN_LENIENT, false, false };
	struct position pos;
	enum fen_verdict verdict;
	char canon[2][4096];

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	line = strtok_r(text, "\n", &save);
	if (!line || render_read_board(line, &options, &pos, &report, &verdict)) {
		free(text);
		return 0;
	}
	render_options_default(&opts);
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		render_option_set(&opts, line, eq + 1, &err);
	}
	render_resolve_last_move(&opts, &pos, &err);
	size_t n = render_svg(&pos, &opts, svg, sizeof svg);
	FUZZ_ASSERT(n > 0 && n < sizeof svg, "render_svg did not fit RENDER_SVG_MAX");
	FUZZ_ASSERT(!strncmp(svg, "<svg ", 5) && !strcmp(svg + n - 7, "</svg>\n"), "not one <svg> element");
	FUZZ_ASSERT(fuzz_render_count(svg, "<svg ") == 1, "nested <svg>");
	FUZZ_ASSERT(fuzz_render_count(svg, "<use ") == bb_count(position_occupied(&pos)), "a <use> per piece");
	FUZZ_ASSERT(fuzz_render_count(svg, "height=\"45\" class=\"") == 64, "64 squares");
	FUZZ_ASSERT(render_svg(&pos, &opts, again, sizeof again) == n && !memcmp(svg, again, n), "not deterministic");
	size_t c0 = render_options_canonical(&opts, canon[0], sizeof canon[0]);
	size_t c1 = render_options_canonical(&opts, canon[1], sizeof canon[1]);
	FUZZ_ASSERT(c0 > 0 && c0 == c1 && !memcmp(canon[0], canon[1], c0), "canonical text unstable");
	FUZZ_ASSERT(image_compose(&pos, &opts, 16, rgb) == 0, "image_compose failed at 16 px");
	free(text);
	return 0;
}
