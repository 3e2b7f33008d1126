/* descriptive_token.c -- the grammar of one descriptive-notation token (English and
 * Spanish): piece, squares, captures, promotion and check suffixes, read into a
 * descriptive_spec without a position. */
#include "descriptive.h"

#include <stdio.h>
#include <string.h>

#include "error.h"

/* A file name and the files it may mean (bit f for file f, a = bit 0). */
struct descriptive_file_name {
	const char *name;
	uint8_t files;
};

/* Longest names first, so "KB3" is read as KB + 3, not K + B3. */
static const struct descriptive_file_name descriptive_files_en[] = {
	{ "QKt", 0x02 }, { "KKt", 0x40 }, { "QR", 0x01 }, { "QN", 0x02 }, { "QB", 0x04 }, { "KB", 0x20 },
	{ "KN", 0x40 },  { "KR", 0x80 },  { "Kt", 0x42 }, { "Q", 0x08 },  { "K", 0x10 },  { "R", 0x81 },
	{ "N", 0x42 },   { "B", 0x24 },
};
static const struct descriptive_file_name descriptive_files_es[] = {
	{ "TD", 0x01 }, { "CD", 0x02 }, { "AD", 0x04 }, { "AR", 0x20 }, { "CR", 0x40 }, { "TR", 0x80 },
	{ "D", 0x08 },  { "R", 0x10 },  { "T", 0x81 },  { "C", 0x42 },  { "A", 0x24 },
};

struct descriptive_cursor {
	const char *s;
	size_t n, i;
	enum descriptive_lang lang;
};

static bool descriptive_at(const struct descriptive_cursor *c, const char *word)
{
	size_t k = strlen(word);
	return c->n - c->i >= k && !memcmp(c->s + c->i, word, k);
}

static char descriptive_peek(const struct descriptive_cursor *c, size_t ahead)
{
	return c->i + ahead < c->n ? c->s[c->i + ahead] : '\0';
}

/* Reads a file name; returns its file mask, or 0 (cursor unmoved). */
static uint8_t descriptive_read_file(struct descriptive_cursor *c)
{
	const struct descriptive_file_name *names = c->lang == DESCRIPTIVE_EN ? descriptive_files_en
									      : descriptive_files_es;
	size_t count = c->lang == DESCRIPTIVE_EN ? sizeof descriptive_files_en / sizeof *descriptive_files_en
						 : sizeof descriptive_files_es / sizeof *descriptive_files_es;

	for (size_t k = 0; k < count; k++)
		if (descriptive_at(c, names[k].name)) {
			c->i += strlen(names[k].name);
			return names[k].files;
		}
	return 0;
}

/* Reads a rank digit 1-8 (from the mover's side); returns 0..7, or -1. */
static int descriptive_read_rank(struct descriptive_cursor *c)
{
	char d = descriptive_peek(c, 0);

	if (d < '1' || d > '8')
		return -1;
	c->i++;
	return d - '1';
}

/* The squares of the files in mask on rank (0..7, White's side). */
static bitboard descriptive_squares(uint8_t files, int rank)
{
	return (bitboard)files << (8 * rank);
}

static bitboard descriptive_file_squares(uint8_t files)
{
	bitboard b = 0;
	for (int r = 0; r < 8; r++)
		b |= descriptive_squares(files, r);
	return b;
}

/* Reads a square: file then rank in English ("KB3"), rank then file in Spanish ("3A").
 * Returns its squares (from White's side), or 0 with the cursor unmoved. */
static bitboard descriptive_read_square(struct descriptive_cursor *c)
{
	size_t start = c->i;
	uint8_t files;
	int rank;

	if (c->lang == DESCRIPTIVE_EN) {
		files = descriptive_read_file(c);
		rank = files ? descriptive_read_rank(c) : -1;
	} else {
		rank = descriptive_read_rank(c);
		files = rank >= 0 ? descriptive_read_file(c) : 0;
	}
	if (!files || rank < 0) {
		c->i = start;
		return 0;
	}
	return descriptive_squares(files, rank);
}

/* The piece type a letter names in the cursor's language (advancing past it), or 0. */
static enum piece_type descriptive_read_letter(struct descriptive_cursor *c)
{
	char l = descriptive_peek(c, 0);

	if (c->lang == DESCRIPTIVE_EN) {
		if (l == 'K' && descriptive_peek(c, 1) == 't') {
			c->i += 2;
			return KNIGHT;
		}
		c->i++;
		switch (l) {
		case 'K': return KING;
		case 'Q': return QUEEN;
		case 'R': return ROOK;
		case 'B': return BISHOP;
		case 'N': return KNIGHT;
		case 'P': return PAWN;
		}
	} else {
		c->i++;
		switch (l) {
		case 'R': return KING;
		case 'D': return QUEEN;
		case 'T': return ROOK;
		case 'A': return BISHOP;
		case 'C': return KNIGHT;
		case 'P': return PAWN;
		}
	}
	c->i--;
	return NO_PIECE_TYPE;
}

/* What a piece part names: its type, the side a piece started on, the files a pawn may
 * stand on. */
struct descriptive_piece {
	enum piece_type type;
	uint8_t wing;
	uint8_t files;
};

/* English: K Q R B N Kt P, with a side (KR, QB, QKt), pawns with a file (KP, QBP, RP).
 * Spanish: R D T A C P, pieces with a side (TR, CD, AD), pawns with a file (PR, PAD). */
static int descriptive_read_piece(struct descriptive_cursor *c, struct descriptive_piece *p)
{
	size_t start = c->i;
	char l = descriptive_peek(c, 0);

	p->wing = 0;
	p->files = DESCRIPTIVE_ALL_FILES;
	if (c->lang == DESCRIPTIVE_EN) {
		/* A pawn named by its file: "KP", "QBP", "RP", "KtP". */
		uint8_t files = descriptive_read_file(c);
		char next;

		if (files && descriptive_peek(c, 0) == 'P') {
			c->i++;
			p->type = PAWN;
			p->files = files;
			return 0;
		}
		c->i = start;
		next = descriptive_peek(c, 1);
		/* A piece with its side: "KR", "QB", "KKt" (but "Kt" alone is a knight). */
		if ((l == 'K' || l == 'Q') &&
		    (next == 'R' || next == 'B' || next == 'N' || (next == 'K' && descriptive_peek(c, 2) == 't'))) {
			c->i++;
			p->wing = l == 'K' ? DESCRIPTIVE_WING_KING : DESCRIPTIVE_WING_QUEEN;
		}
		p->type = descriptive_read_letter(c);
		return p->type == NO_PIECE_TYPE ? -1 : 0;
	}
	p->type = descriptive_read_letter(c);
	if (p->type == NO_PIECE_TYPE)
		return -1;
	if (p->type == PAWN) {
		uint8_t files = descriptive_read_file(c);
		if (files)
			p->files = files;
	} else if (p->type == ROOK || p->type == BISHOP || p->type == KNIGHT) {
		char w = descriptive_peek(c, 0);
		if (w == 'R' || w == 'D') {
			c->i++;
			p->wing = w == 'R' ? DESCRIPTIVE_WING_KING : DESCRIPTIVE_WING_QUEEN;
		}
	}
	return 0;
}

/* Strips the check, mate, en-passant and annotation signs from the end of [s, *n). */
static void descriptive_strip_suffixes(const char *s, size_t *n, struct descriptive_spec *spec)
{
	static const struct {
		const char *text;
		uint8_t check; /* 1 check, 2 mate */
		bool ep;
		uint8_t nag;
	} suffixes[] = {
		{ "dis. ch.", 1, false, 0 }, { "dis.ch.", 1, false, 0 }, { "dis ch", 1, false, 0 }, { "disch", 1, false, 0 },
		{ "dbl. ch.", 1, false, 0 }, { "dbl ch", 1, false, 0 }, { "double ch", 1, false, 0 }, { "ch.", 1, false, 0 },
		{ "ch", 1, false, 0 }, { "jaque", 1, false, 0 }, { "mate.", 2, false, 0 }, { "mate", 2, false, 0 },
		{ "++", 1, false, 0 }, { "+", 1, false, 0 }, { "#", 2, false, 0 }, { "e.p.", 0, true, 0 }, { "e.p", 0, true, 0 },
		{ "ep", 0, true, 0 }, { "a.p.", 0, true, 0 }, { "a.p", 0, true, 0 }, { "ap", 0, true, 0 },
		{ "!!", 0, false, 3 }, { "??", 0, false, 4 }, { "!?", 0, false, 5 }, { "?!", 0, false, 6 },
		{ "!", 0, false, 1 }, { "?", 0, false, 2 },
	};
	bool stripped = true;

	while (stripped) {
		stripped = false;
		while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
			(*n)--;
		for (size_t k = 0; k < sizeof suffixes / sizeof *suffixes; k++) {
			size_t len = strlen(suffixes[k].text);
			if (*n > len && !memcmp(s + *n - len, suffixes[k].text, len)) {
				*n -= len;
				if (suffixes[k].check > spec->check)
					spec->check = suffixes[k].check;
				spec->en_passant |= suffixes[k].ep;
				if (suffixes[k].nag)
					spec->nag = suffixes[k].nag;
				stripped = true;
				break;
			}
		}
	}
}

/* Reads a promotion: "=Q", "(Q)", "/Q" or a bare letter. Returns 0 (none or read) or -1. */
static int descriptive_read_promotion(struct descriptive_cursor *c, struct descriptive_spec *spec)
{
	char open = descriptive_peek(c, 0);
	enum piece_type t;

	if (c->i == c->n)
		return 0;
	if (open == '=' || open == '(' || open == '/')
		c->i++;
	t = descriptive_read_letter(c);
	if (t != QUEEN && t != ROOK && t != BISHOP && t != KNIGHT)
		return -1;
	if (open == '(' && descriptive_peek(c, 0) != ')')
		return -1;
	if (open == '(')
		c->i++;
	spec->promotion = (uint8_t)t;
	return 0;
}

/* Sets why to a message and returns -1. */
static int descriptive_why(char *why, enum msg_lang msg_lang, const char *text, size_t length, enum msg_id reason)
{
	if (why)
		error_message(why, DESCRIPTIVE_MESSAGE_MAX, msg_lang, MSG_GAMES_DT_NOT_DESCRIPTIVE,
			      (int)(length > 40 ? 40 : length), text, msg_text(reason, msg_lang));
	return -1;
}

int descriptive_parse_token(const char *text, size_t length, enum descriptive_lang lang,
			    struct descriptive_spec *spec, char *why)
{
	return descriptive_parse_token_in(text, length, lang, MSG_EN, spec, why);
}

int descriptive_parse_token_in(const char *text, size_t length, enum descriptive_lang lang, enum msg_lang msg_lang,
			       struct descriptive_spec *spec, char *why)
{
	struct descriptive_cursor c = { text, length, 0, lang };
	struct descriptive_piece piece, target;
	size_t n = length;
	char sep;

	memset(spec, 0, sizeof *spec);
	descriptive_strip_suffixes(text, &n, spec);
	c.n = n;
	if (n == 0)
		return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_EMPTY);
	if ((n == 5 && (!memcmp(text, "O-O-O", 5) || !memcmp(text, "0-0-0", 5)))) {
		spec->kind = DESCRIPTIVE_CASTLE_QUEEN;
		return 0;
	}
	if (n == 3 && (!memcmp(text, "O-O", 3) || !memcmp(text, "0-0", 3))) {
		spec->kind = DESCRIPTIVE_CASTLE_KING;
		return 0;
	}
	if ((n == 7 && (!memcmp(text, "Castles", 7) || !memcmp(text, "castles", 7))) ||
	    (n == 6 && (!memcmp(text, "Enroca", 6) || !memcmp(text, "enroca", 6)))) {
		spec->kind = DESCRIPTIVE_CASTLE_ANY;
		return 0;
	}
	if (descriptive_read_piece(&c, &piece))
		return descriptive_why(why, msg_lang, text, length,
				       lang == DESCRIPTIVE_EN ? MSG_GAMES_DT_NO_PIECE_EN : MSG_GAMES_DT_NO_PIECE_ES);
	spec->piece = (uint8_t)piece.type;
	spec->piece_wing = piece.wing;
	spec->from = descriptive_file_squares(piece.files);
	spec->to = ~(bitboard)0;
	/* English origins: "R/1-Q1", "R(1)-Q1", "N/KB3-Q2". */
	if (lang == DESCRIPTIVE_EN && (descriptive_peek(&c, 0) == '/' || descriptive_peek(&c, 0) == '(')) {
		char open = descriptive_peek(&c, 0);
		bitboard from;
		int rank;

		c.i++;
		if ((from = descriptive_read_square(&c)) != 0)
			spec->from &= from;
		else if ((rank = descriptive_read_rank(&c)) >= 0)
			spec->from &= descriptive_squares(DESCRIPTIVE_ALL_FILES, rank);
		else
			return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_ORIGIN);
		if (open == '(' && descriptive_peek(&c, 0) != ')')
			return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_PAREN);
		if (open == '(')
			c.i++;
	}
	sep = descriptive_peek(&c, 0);
	if (sep == 'x' || sep == 'X' || sep == ':') {
		c.i++;
		spec->kind = DESCRIPTIVE_CAPTURE;
		if (descriptive_read_piece(&c, &target))
			return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_CAPTURE);
		if (target.type == KING)
			return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_KING_TAKEN);
		spec->target = (uint8_t)target.type;
		spec->target_wing = target.wing;
		spec->to = descriptive_file_squares(target.files);
		/* The square of the piece taken: "NxP/Q4" in English, "AxP4R" in Spanish. */
		if (lang == DESCRIPTIVE_EN && descriptive_peek(&c, 0) == '/') {
			size_t slash = c.i++;
			bitboard on = descriptive_read_square(&c);
			if (on)
				spec->to &= on;
			else
				c.i = slash;
		} else if (lang == DESCRIPTIVE_ES) {
			bitboard on = descriptive_read_square(&c);
			if (on)
				spec->to &= on;
		}
	} else {
		bitboard to;
		if (sep == '-')
			c.i++;
		else if (lang == DESCRIPTIVE_EN)
			return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_SEPARATOR);
		spec->kind = DESCRIPTIVE_MOVE;
		to = descriptive_read_square(&c);
		if (!to)
			return descriptive_why(why, msg_lang, text, length,
					       lang == DESCRIPTIVE_EN ? MSG_GAMES_DT_NO_SQUARE_EN
								      : MSG_GAMES_DT_NO_SQUARE_ES);
		spec->to = to;
	}
	if (descriptive_read_promotion(&c, spec))
		return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_PROMOTION);
	if (c.i != c.n)
		return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_TRAILING);
	if (spec->promotion && spec->piece != PAWN)
		return descriptive_why(why, msg_lang, text, length, MSG_GAMES_DT_NOT_PAWN);
	return 0;
}

bool descriptive_looks_en(const char *text, size_t length)
{
	struct descriptive_spec spec;
	return descriptive_parse_token(text, length, DESCRIPTIVE_EN, &spec, NULL) == 0;
}

bool descriptive_looks_es(const char *text, size_t length)
{
	struct descriptive_spec spec;
	return descriptive_parse_token(text, length, DESCRIPTIVE_ES, &spec, NULL) == 0;
}

