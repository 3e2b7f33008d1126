/* sprite-sheet.c -- prints the SVG sprite sheet of one square size (render_svg_sprites),
 * which the build rasterizes with rsvg-convert and embeds in libfenimage. */
#include <stdio.h>
#include <stdlib.h>

#include "core/render_svg.h"

int main(int argc, char **argv)
{
	static char svg[RENDER_SVG_MAX];
	int square = argc == 2 ? atoi(argv[1]) : 0;
	size_t n;

	if (square < 8 || square > 512) {
		fprintf(stderr, "usage: sprite-sheet SQUARE_PIXELS (8-512)\n");
		return 2;
	}
	n = render_svg_sprites(square, svg, sizeof svg);
	if (!n || fwrite(svg, 1, n, stdout) != n)
		return 1;
	return 0;
}
