/* nag.c -- the table of Numeric Annotation Glyphs and the glyphs written in their place.
 *
 * Meanings follow section 10 of the PGN standard ($0-$139) and the common extensions
 * ChessBase and others print ($140-$146, $238-$255). Glyphs are those of the chess
 * press; a NAG without a conventional glyph has none rather than an invented one. */
#include "nag.h"

#include <string.h>

static const char *const nag_meanings[NAG_MAX + 1] = {
	[0] = "null annotation",
	[1] = "good move",
	[2] = "poor move",
	[3] = "very good move",
	[4] = "very poor move",
	[5] = "speculative move",
	[6] = "questionable move",
	[7] = "forced move (all others lose quickly)",
	[8] = "singular move (no reasonable alternatives)",
	[9] = "worst move",
	[10] = "drawish position",
	[11] = "equal chances, quiet position",
	[12] = "equal chances, active position",
	[13] = "unclear position",
	[14] = "White has a slight advantage",
	[15] = "Black has a slight advantage",
	[16] = "White has a moderate advantage",
	[17] = "Black has a moderate advantage",
	[18] = "White has a decisive advantage",
	[19] = "Black has a decisive advantage",
	[20] = "White has a crushing advantage (Black should resign)",
	[21] = "Black has a crushing advantage (White should resign)",
	[22] = "White is in zugzwang",
	[23] = "Black is in zugzwang",
	[24] = "White has a slight space advantage",
	[25] = "Black has a slight space advantage",
	[26] = "White has a moderate space advantage",
	[27] = "Black has a moderate space advantage",
	[28] = "White has a decisive space advantage",
	[29] = "Black has a decisive space advantage",
	[30] = "White has a slight time (development) advantage",
	[31] = "Black has a slight time (development) advantage",
	[32] = "White has a moderate time (development) advantage",
	[33] = "Black has a moderate time (development) advantage",
	[34] = "White has a decisive time (development) advantage",
	[35] = "Black has a decisive time (development) advantage",
	[36] = "White has the initiative",
	[37] = "Black has the initiative",
	[38] = "White has a lasting initiative",
	[39] = "Black has a lasting initiative",
	[40] = "White has the attack",
	[41] = "Black has the attack",
	[42] = "White has insufficient compensation for material deficit",
	[43] = "Black has insufficient compensation for material deficit",
	[44] = "White has sufficient compensation for material deficit",
	[45] = "Black has sufficient compensation for material deficit",
	[46] = "White has more than adequate compensation for material deficit",
	[47] = "Black has more than adequate compensation for material deficit",
	[48] = "White has a slight center control advantage",
	[49] = "Black has a slight center control advantage",
	[50] = "White has a moderate center control advantage",
	[51] = "Black has a moderate center control advantage",
	[52] = "White has a decisive center control advantage",
	[53] = "Black has a decisive center control advantage",
	[54] = "White has a slight kingside control advantage",
	[55] = "Black has a slight kingside control advantage",
	[56] = "White has a moderate kingside control advantage",
	[57] = "Black has a moderate kingside control advantage",
	[58] = "White has a decisive kingside control advantage",
	[59] = "Black has a decisive kingside control advantage",
	[60] = "White has a slight queenside control advantage",
	[61] = "Black has a slight queenside control advantage",
	[62] = "White has a moderate queenside control advantage",
	[63] = "Black has a moderate queenside control advantage",
	[64] = "White has a decisive queenside control advantage",
	[65] = "Black has a decisive queenside control advantage",
	[66] = "White has a vulnerable first rank",
	[67] = "Black has a vulnerable first rank",
	[68] = "White has a well protected first rank",
	[69] = "Black has a well protected first rank",
	[70] = "White has a poorly protected king",
	[71] = "Black has a poorly protected king",
	[72] = "White has a well protected king",
	[73] = "Black has a well protected king",
	[74] = "White has a poorly placed king",
	[75] = "Black has a poorly placed king",
	[76] = "White has a well placed king",
	[77] = "Black has a well placed king",
	[78] = "White has a very weak pawn structure",
	[79] = "Black has a very weak pawn structure",
	[80] = "White has a moderately weak pawn structure",
	[81] = "Black has a moderately weak pawn structure",
	[82] = "White has a moderately strong pawn structure",
	[83] = "Black has a moderately strong pawn structure",
	[84] = "White has a very strong pawn structure",
	[85] = "Black has a very strong pawn structure",
	[86] = "White has poor knight placement",
	[87] = "Black has poor knight placement",
	[88] = "White has good knight placement",
	[89] = "Black has good knight placement",
	[90] = "White has poor bishop placement",
	[91] = "Black has poor bishop placement",
	[92] = "White has good bishop placement",
	[93] = "Black has good bishop placement",
	[94] = "White has poor rook placement",
	[95] = "Black has poor rook placement",
	[96] = "White has good rook placement",
	[97] = "Black has good rook placement",
	[98] = "White has poor queen placement",
	[99] = "Black has poor queen placement",
	[100] = "White has good queen placement",
	[101] = "Black has good queen placement",
	[102] = "White has poor piece coordination",
	[103] = "Black has poor piece coordination",
	[104] = "White has good piece coordination",
	[105] = "Black has good piece coordination",
	[106] = "White has played the opening very poorly",
	[107] = "Black has played the opening very poorly",
	[108] = "White has played the opening poorly",
	[109] = "Black has played the opening poorly",
	[110] = "White has played the opening well",
	[111] = "Black has played the opening well",
	[112] = "White has played the opening very well",
	[113] = "Black has played the opening very well",
	[114] = "White has played the middlegame very poorly",
	[115] = "Black has played the middlegame very poorly",
	[116] = "White has played the middlegame poorly",
	[117] = "Black has played the middlegame poorly",
	[118] = "White has played the middlegame well",
	[119] = "Black has played the middlegame well",
	[120] = "White has played the middlegame very well",
	[121] = "Black has played the middlegame very well",
	[122] = "White has played the ending very poorly",
	[123] = "Black has played the ending very poorly",
	[124] = "White has played the ending poorly",
	[125] = "Black has played the ending poorly",
	[126] = "White has played the ending well",
	[127] = "Black has played the ending well",
	[128] = "White has played the ending very well",
	[129] = "Black has played the ending very well",
	[130] = "White has slight counterplay",
	[131] = "Black has slight counterplay",
	[132] = "White has moderate counterplay",
	[133] = "Black has moderate counterplay",
	[134] = "White has decisive counterplay",
	[135] = "Black has decisive counterplay",
	[136] = "White has moderate time control pressure",
	[137] = "Black has moderate time control pressure",
	[138] = "White has severe time control pressure",
	[139] = "Black has severe time control pressure",
	[140] = "with the idea",
	[141] = "aimed against",
	[142] = "better is",
	[143] = "worse is",
	[144] = "equivalent is",
	[145] = "editorial comment",
	[146] = "novelty",
	[238] = "space advantage",
	[239] = "file",
	[240] = "diagonal",
	[241] = "centre",
	[242] = "kingside",
	[243] = "queenside",
	[244] = "weak point",
	[245] = "ending",
	[246] = "bishop pair",
	[247] = "opposite-coloured bishops",
	[248] = "same-coloured bishops",
	[249] = "united pawns",
	[250] = "separated pawns",
	[251] = "doubled pawns",
	[252] = "passed pawn",
	[253] = "pawn majority",
	[254] = "with",
	[255] = "without",
};

static const char *const nag_glyphs[NAG_MAX + 1] = {
	[1] = "!", [2] = "?", [3] = "!!", [4] = "??", [5] = "!?", [6] = "?!",
	[7] = "\u25a1", [10] = "=", [13] = "\u221e",
	[14] = "\u2a72", [15] = "\u2a71", [16] = "\u00b1", [17] = "\u2213",
	[18] = "+\u2212", [19] = "\u2212+",
	[22] = "\u2a00", [23] = "\u2a00", [26] = "\u25cb", [27] = "\u25cb",
	[32] = "\u27f3", [33] = "\u27f3", [36] = "\u2192", [37] = "\u2192",
	[40] = "\u2191", [41] = "\u2191", [44] = "=/\u221e", [45] = "=/\u221e",
	[132] = "\u21c6", [133] = "\u21c6", [138] = "\u2a01", [139] = "\u2a01",
	[140] = "\u2206", [141] = "\u2207", [142] = "\u2313", [143] = "<=", [144] = "==",
	[145] = "RR", [146] = "N",
	[238] = "\u25cb", [239] = "\u21d4", [240] = "\u21d7", [241] = "\u229e",
	[242] = "\u27eb", [243] = "\u27ea", [244] = "\u2715", [245] = "\u22a5",
};

/* Spellings that are not the table's glyph: the ASCII forms of the assessments. */
static const struct {
	const char *text;
	int nag;
} nag_spellings[] = {
	{ "+=", 14 }, { "=+", 15 }, { "+/=", 14 }, { "=/+", 15 },
	{ "+/-", 16 }, { "-/+", 17 }, { "+-", 18 }, { "-+", 19 },
	{ "\u2212/+", 17 }, { "+/\u2212", 16 },
};

const char *nag_meaning(int nag)
{
	return nag >= 0 && nag <= NAG_MAX ? nag_meanings[nag] : NULL;
}

const char *nag_glyph(int nag)
{
	return nag >= 0 && nag <= NAG_MAX ? nag_glyphs[nag] : NULL;
}

int nag_from_glyph(const char *text, size_t length)
{
	unsigned char c = length ? (unsigned char)text[0] : 0;

	/* Moves start with a letter or digit; of the glyphs only N and RR do. */
	if (!length || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z' && !(length == 1 && c == 'N') && !(length == 2 && c == 'R' && text[1] == 'R')))
		return -1;
	for (size_t i = 0; i < sizeof nag_spellings / sizeof nag_spellings[0]; i++)
		if (strlen(nag_spellings[i].text) == length && !memcmp(nag_spellings[i].text, text, length))
			return nag_spellings[i].nag;
	/* Zugzwang and the like share a glyph between White and Black: the first (White's)
	 * is the reading, as no glyph says whose it is. */
	for (int nag = 1; nag <= NAG_MAX; nag++)
		if (nag_glyphs[nag] && strlen(nag_glyphs[nag]) == length && !memcmp(nag_glyphs[nag], text, length))
			return nag;
	return -1;
}

int nag_suffix(const char *text, size_t length, size_t *kept)
{
	size_t n = 0;

	while (n < length && n < 3 && (text[length - 1 - n] == '!' || text[length - 1 - n] == '?'))
		n++;
	*kept = length;
	if (n == 0 || n > 2 || n == length)
		return 0;
	int nag = nag_from_glyph(text + length - n, n);
	if (nag < 1 || nag > 6)
		return 0;
	*kept = length - n;
	return nag;
}

/* The glyphs read glued to a move, with every spelling of each. */
#define NAG_GLUED(s, n) { s, sizeof s - 1, n }
static const struct {
	const char *text;
	size_t length;
	int nag;
} nag_glued[] = {
	NAG_GLUED("!", 1), NAG_GLUED("?", 2), NAG_GLUED("!!", 3),
	NAG_GLUED("??", 4), NAG_GLUED("!?", 5), NAG_GLUED("?!", 6),
	NAG_GLUED("\u25a1", 7), NAG_GLUED("=", 10), NAG_GLUED("\u221e", 13),
	NAG_GLUED("\u2a72", 14), NAG_GLUED("+=", 14), NAG_GLUED("+/=", 14),
	NAG_GLUED("\u2a71", 15), NAG_GLUED("=+", 15), NAG_GLUED("=/+", 15),
	NAG_GLUED("\u00b1", 16), NAG_GLUED("+/-", 16), NAG_GLUED("+/\u2212", 16),
	NAG_GLUED("\u2213", 17), NAG_GLUED("-/+", 17), NAG_GLUED("\u2212/+", 17),
	NAG_GLUED("+\u2212", 18), NAG_GLUED("+-", 18),
	NAG_GLUED("\u2212+", 19), NAG_GLUED("-+", 19),
	NAG_GLUED("\u2a00", 22), NAG_GLUED("N", 146),
};

int nag_glued_suffix(const char *text, size_t length, size_t *glyph_length)
{
	int best = 0;

	*glyph_length = 0;
	/* Every glyph ends in one of these bytes (or inside a UTF-8 sequence): most moves end
	 * in none of them and are done here, since this runs for every move read. */
	if (!length || !((unsigned char)text[length - 1] >= 0x80 || strchr("!?=+-N", text[length - 1])))
		return 0;
	for (size_t i = 0; i < sizeof nag_glued / sizeof nag_glued[0]; i++) {
		size_t n = nag_glued[i].length;
		if (n <= length && n > *glyph_length && text[length - 1] == nag_glued[i].text[n - 1] &&
		    !memcmp(text + length - n, nag_glued[i].text, n)) {
			best = nag_glued[i].nag;
			*glyph_length = n;
		}
	}
	return best;
}
