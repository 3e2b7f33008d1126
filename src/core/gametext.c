/* gametext.c -- cutting a typed game into move tokens, lines and annotations: numbers,
 * separators, suffix words, comments, NAGs, variations, a result and prose handled here,
 * notation left to a classifier. */
#include "gametext.h"

#include "error.h"

#include <stdio.h>
#include <string.h>

#include "nag.h"

const char *gametext_code_name(enum gametext_code code)
{
	static const char *const names[] = {
		[GAMETEXT_OK] = "ok",
		[GAMETEXT_ERR_EMPTY] = "empty_game",
		[GAMETEXT_ERR_UNREADABLE] = "unreadable_move",
		[GAMETEXT_ERR_TOO_MANY_MOVES] = "too_many_moves",
		[GAMETEXT_ERR_TOKEN_TOO_LONG] = "move_too_long",
		[GAMETEXT_ERR_DANGLING_SUFFIX] = "dangling_suffix",
		[GAMETEXT_ERR_BRACES] = "unbalanced_braces",
		[GAMETEXT_ERR_PARENTHESES] = "unbalanced_parentheses",
		[GAMETEXT_ERR_TOO_DEEP] = "variation_too_deep",
		[GAMETEXT_ERR_TOO_MANY_ANNOTATIONS] = "too_many_annotations",
	};
	return names[code];
}

const char *gametext_remark_name(enum gametext_remark_code code)
{
	static const char *const names[GAMETEXT_REMARK_CODE_NB] = {
		[GAMETEXT_REMARK_PROSE] = "text_ignored",
		[GAMETEXT_REMARK_RESULT] = "result",
		[GAMETEXT_REMARK_MOVE_NUMBER] = "move_number",
		[GAMETEXT_REMARK_LEADING] = "text_ignored",
		[GAMETEXT_REMARK_PROSE_COMMENT] = "text_as_comment",
		[GAMETEXT_REMARK_EMPTY_VARIATION] = "empty_variation",
	};
	return names[code];
}

/* Bytes that separate words: ASCII space and control characters, commas, semicolons. */
static bool gametext_is_separator(unsigned char c)
{
	return c <= ' ' || c == ',' || c == ';' || c == 0x7f;
}

/* The length of the separator at text[i] (0 when there is none): an ASCII one, or the
 * no-break spaces that text copied from web pages carries (U+00A0, U+202F). */
static size_t gametext_separator_at(const char *text, size_t length, size_t i)
{
	const unsigned char *u = (const unsigned char *)text + i;

	if (gametext_is_separator(u[0]))
		return 1;
	if (length - i >= 2 && u[0] == 0xc2 && u[1] == 0xa0)
		return 2;
	if (length - i >= 3 && u[0] == 0xe2 && u[1] == 0x80 && u[2] == 0xaf)
		return 3;
	return 0;
}

static bool gametext_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool gametext_is_lower(char c)
{
	return c >= 'a' && c <= 'z';
}

static bool gametext_equals(const char *text, size_t length, const char *word)
{
	return strlen(word) == length && !memcmp(text, word, length);
}

/* Words that belong to the move before them: check, mate, en passant, annotation. */
static bool gametext_is_suffix_word(const char *w, size_t n)
{
	static const char *const words[] = {
		"ch", "ch.", "dis", "dis.", "disch", "dbl", "dbl.", "double", "mate", "e.p.", "ep", "e.p",
		"a.p.", "ap", "a.p", "jaque", "mate.", "+", "++", "#", "!", "?", "!!", "??", "!?", "?!",
	};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (gametext_equals(w, n, words[i]))
			return true;
	return false;
}

/* A result token: 1-0, 0-1, 1/2-1/2, ½-½, 0.5-0.5, *. */
static bool gametext_is_result(const char *w, size_t n)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "\xc2\xbd-\xc2\xbd", "0.5-0.5", "*" };
	for (size_t i = 0; i < sizeof results / sizeof *results; i++)
		if (gametext_equals(w, n, results[i]))
			return true;
	return false;
}

/* A word of prose: letters (or any non-ASCII byte) only, and at least two of them. */
static bool gametext_is_wordy(const char *w, size_t n)
{
	size_t letters = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (gametext_is_digit((char)c))
			return false;
		if (gametext_is_lower((char)c) || (c >= 'A' && c <= 'Z') || c >= 0x80)
			letters++;
	}
	return letters >= 2;
}

/* True when w (n bytes) holds a bracket or '$' that is not a promotion's "(Q)" at its end
 * (a check or annotation sign may follow that). */
static bool gametext_has_brackets(const char *w, size_t n)
{
	const char *open = memchr(w, '(', n);

	for (size_t i = 0; i < n; i++)
		if ((w[i] && strchr("{}$", w[i])) || (w[i] == ')' && (!open || w + i != open + 2)))
			return true;
	if (!open)
		return false;
	if ((size_t)(open - w) + 3 > n || open == w || open[2] != ')')
		return true;
	for (const char *p = open + 3; p < w + n; p++)
		if (!*p || !strchr("+#!?", *p))
			return true;
	return false;
}

bool gametext_looks_algebraic(const char *w, size_t n)
{
	bool digit = false, letter = false;

	if (gametext_equals(w, n, "O-O") || gametext_equals(w, n, "O-O-O") || gametext_equals(w, n, "0-0") ||
	    gametext_equals(w, n, "0-0-0"))
		return true;
	/* The null move's spellings (san.h, uci.h), which the readers take with a warning. */
	if (gametext_equals(w, n, "--") || gametext_equals(w, n, "Z0") || gametext_equals(w, n, "0000") ||
	    gametext_equals(w, n, "@@@@") || gametext_equals(w, n, "null"))
		return true;
	/* Castling with a check or annotation sign after it. */
	if (n > 3 && (w[0] == 'O' || w[0] == '0') && w[1] == '-' && strchr("+#!?", w[n - 1]))
		return true;
	if (gametext_has_brackets(w, n))
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (gametext_is_digit((char)c))
			digit = true;
		else if (gametext_is_lower((char)c) || (c >= 'A' && c <= 'Z') || c >= 0x80)
			letter = true;
	}
	return digit && letter;
}

/* Records the error and returns its code. */
static enum gametext_code gametext_fail(struct gametext *out, enum gametext_code code, int offset, int length,
					const char *text, enum msg_id what)
{
	int shown = length > 32 ? 32 : length;

	out->error_offset = offset;
	out->error_length = length;
	error_message(out->message, sizeof out->message, out->msg_lang, MSG_GAMES_GT_AT, shown, text + offset,
		      length > shown ? "..." : "", offset, msg_text(what, out->msg_lang));
	return code;
}

/* Length of a move number prefix of w ("12.", "1-", "3...", "7)"), or 0. A number has no
 * leading zero, so "0-0" stays castling; "1-0" and "0-1" are results, checked first. */
static size_t gametext_number_prefix(const char *w, size_t n, int *number)
{
	size_t i = 0;
	int value = 0;

	if (n == 0 || w[0] < '1' || w[0] > '9')
		return 0;
	while (i < n && gametext_is_digit(w[i]) && value < 100000)
		value = value * 10 + (w[i++] - '0');
	if (i == n || (w[i] != '.' && w[i] != '-' && w[i] != ')' && w[i] != ':'))
		return 0;
	while (i < n && (w[i] == '.' || w[i] == '-' || w[i] == ')' || w[i] == ':'))
		i++;
	*number = value;
	return i;
}

/* The value of w when it is a bare number (digits only, no leading zero), else 0. */
static int gametext_bare_number(const char *w, size_t n)
{
	int value = 0;

	if (n == 0 || n > 5 || w[0] < '1' || w[0] > '9')
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!gametext_is_digit(w[i]))
			return 0;
		value = value * 10 + (w[i] - '0');
	}
	return value;
}

/* The bytes of "..." place holders at the start of w. */
static size_t gametext_dots(const char *w, size_t n)
{
	size_t i = 0;

	while (n - i >= 3 && !memcmp(w + i, "...", 3))
		i += 3;
	return i;
}

/* Starts the closing prose at offset: everything after it is ignored. */
static void gametext_prose(struct gametext *out, const char *text, size_t length, size_t offset)
{
	size_t end = length;

	while (end > offset && gametext_is_separator((unsigned char)text[end - 1]))
		end--;
	out->prose_offset = (int)offset;
	out->prose_length = (int)(end - offset);
}

/* ---- the reader ---- */

/* What the reader keeps of one depth: the line it reads there. */
struct gametext_level {
	int line;            /* its line in out->lines, or -1 before its first move */
	int last;            /* its last move so far (in out->order), or -1 */
	int parent;          /* the line it branches from (-1 at depth 0) */
	int branch;          /* the move (in out->order) it is an alternative to (-1 at depth 0) */
	int open;            /* where its '(' stands */
	int ply;             /* the ply of its next move */
	int head, tail;      /* its comments before its first move */
	bool glue;           /* the last thing read was its last move: a suffix word joins it */
};

struct gametext_reader {
	const char *text;
	size_t length;
	gametext_move_fn is_move;
	struct gametext *out;
	int depth;
	int number;          /* the move number written before the next move, or 0 */
	struct gametext_level level[GAMETEXT_DEPTH_MAX + 1];
	int tail[GAMETEXT_PLY_MAX]; /* each move's last annotation; then the new place of each */
};

/* The move number expected before ply. */
static int gametext_expected(const struct gametext *gt, int ply)
{
	int fullmove = gt->start_fullmove > 0 ? gt->start_fullmove : 1;

	return fullmove + (ply + (int)gt->start_black) / 2;
}

/* The end of the word at i for judging prose: up to a separator or a parenthesis. */
static size_t gametext_plain_word_end(const struct gametext_reader *r, size_t i)
{
	while (i < r->length && !gametext_separator_at(r->text, r->length, i) && r->text[i] != '(' && r->text[i] != ')')
		i++;
	return i;
}

/* The length of w (n bytes) without the glyph glued to it when it reads as a move so
 * ("B-N5±"), with its NAG in *nag; 0 when it does not. Never 'N' (novelty): a piece
 * letter to the notations. */
static size_t gametext_glued_move(const struct gametext_reader *r, const char *w, size_t n, int *nag)
{
	size_t glyph;

	*nag = nag_glued_suffix(w, n, &glyph);
	return *nag > 0 && *nag != 146 && glyph < n && r->is_move(w, n - glyph) ? n - glyph : 0;
}

/* Does w (n bytes) read as a move, a trailing full stop or glued glyph aside? */
static bool gametext_core_is_move(const struct gametext_reader *r, const char *w, size_t n)
{
	bool dot = n > 1 && w[n - 1] == '.';
	int nag;

	if (n == 0 || r->is_move(w, n))
		return n > 0;
	n -= dot;
	return (dot && r->is_move(w, n)) || gametext_glued_move(r, w, n, &nag) != 0;
}

/* The start of the word after the one that ends at i, or the length. */
static size_t gametext_next_word(const struct gametext_reader *r, size_t i)
{
	while (i < r->length && gametext_separator_at(r->text, r->length, i))
		i += gametext_separator_at(r->text, r->length, i);
	return i;
}

/* Is there, at i (the start of a word), a move number that is the one expected for ply,
 * then a move (glued or apart, "..." allowed between)? */
static bool gametext_numbered(const struct gametext_reader *r, size_t i, int ply)
{
	size_t end = gametext_plain_word_end(r, i), n = end - i, skip, dots;
	const char *w = r->text + i;
	int number = 0;

	skip = gametext_number_prefix(w, n, &number);
	if (!skip && (number = gametext_bare_number(w, n)) != 0)
		skip = n;
	if (!skip || number != gametext_expected(r->out, ply))
		return false;
	w += skip;
	n -= skip;
	dots = gametext_dots(w, n);
	if (n > dots)
		return gametext_core_is_move(r, w + dots, n - dots);
	/* The move after the number, past "..." words. */
	for (i = gametext_next_word(r, end); i < r->length; i = gametext_next_word(r, end)) {
		end = gametext_plain_word_end(r, i);
		dots = gametext_dots(r->text + i, end - i);
		if (dots != end - i || !dots)
			return gametext_core_is_move(r, r->text + i + dots, end - i - dots);
	}
	return false;
}

/* Does the game plainly go on at i (the start of a word in prose), its next move being
 * ply? With a move number, the one expected there, and a move after it; with a move that
 * the next move's number follows ("the Spanish P-QR3 4. B-R4"); with plain, with any move. */
static bool gametext_resumes(const struct gametext_reader *r, size_t i, int ply, bool plain)
{
	size_t end = gametext_plain_word_end(r, i);

	if (end == i)
		return false;
	if (gametext_numbered(r, i, ply))
		return true;
	if (!gametext_core_is_move(r, r->text + i, end - i))
		return false;
	return plain || gametext_numbered(r, gametext_next_word(r, end), ply + 1);
}

/* Where prose that starts at start ends: where the game plainly goes on (see
 * gametext.h), at the ')' that closes the variation it is in, or at the end. leading:
 * no move was read yet, and any move ends it. */
static size_t gametext_prose_end(const struct gametext_reader *r, size_t start, bool leading)
{
	const struct gametext_level *L = &r->level[r->depth];
	size_t i = start;
	int parens = 0;
	bool stop = false;

	while (i < r->length) {
		size_t sep = gametext_separator_at(r->text, r->length, i), end;
		char c = r->text[i];
		if (sep) {
			i += sep;
			continue;
		}
		if (c == ')') {
			if (parens == 0 && r->depth > 0)
				return i;
			parens -= parens > 0;
			i++;
			continue;
		}
		if (c == '(') {
			/* A variation of the line's last move, numbered as that move is. */
			if (L->last >= 0 && gametext_resumes(r, i + 1, L->ply - 1, false))
				return i;
			parens++;
			i++;
			continue;
		}
		end = gametext_plain_word_end(r, i);
		if (i > start && gametext_resumes(r, i, L->ply, stop || leading))
			return i;
		/* a sentence's full stop, not a move number's */
		stop = r->text[end - 1] == '.' && !gametext_number_prefix(r->text + i, end - i, &(int){ 0 });
		i = end;
	}
	return r->length;
}

/* Appends an annotation to the last move of the current line, or to the line's start when
 * it has no move yet. */
static enum gametext_code gametext_annotate(struct gametext_reader *r, enum gametext_annotation_kind kind,
					    bool prose, int nag, size_t offset, size_t length)
{
	struct gametext *out = r->out;
	struct gametext_level *L = &r->level[r->depth];
	int k = out->annotation_count, *head, *tail;

	if (k == GAMETEXT_ANNOTATIONS_MAX)
		return gametext_fail(out, GAMETEXT_ERR_TOO_MANY_ANNOTATIONS, (int)offset, (int)length, r->text,
				     MSG_GAMES_GT_TOO_MANY_ANNOTATIONS);
	out->annotations[out->annotation_count++] =
		(struct gametext_annotation){ (unsigned char)kind, prose, nag, (int)offset, (int)length, -1 };
	if (L->last >= 0) {
		head = &out->order[L->last].annotations;
		tail = &r->tail[L->last];
	} else {
		head = &L->head;
		tail = &L->tail;
	}
	if (*head < 0)
		*head = k;
	else
		out->annotations[*tail].next = k;
	*tail = k;
	L->glue = false;
	return GAMETEXT_OK;
}

/* A NAG of the current line's last move. */
static enum gametext_code gametext_nag(struct gametext_reader *r, int nag, size_t offset, size_t length)
{
	if (r->level[r->depth].last < 0)
		return gametext_fail(r->out, GAMETEXT_ERR_DANGLING_SUFFIX, (int)offset, (int)length, r->text,
				     MSG_GAMES_GT_DANGLING);
	return gametext_annotate(r, GAMETEXT_NAG, false, nag, offset, length);
}

/* Adds the move at offset (n bytes) to the current line, making the line at its first move. */
static enum gametext_code gametext_move(struct gametext_reader *r, size_t offset, size_t n)
{
	struct gametext *out = r->out;
	struct gametext_level *L = &r->level[r->depth];
	int k = out->token_count;

	if (k == GAMETEXT_PLY_MAX)
		return gametext_fail(out, GAMETEXT_ERR_TOO_MANY_MOVES, (int)offset, (int)n, r->text,
				     MSG_GAMES_GT_TOO_MANY_MOVES);
	if (n > GAMETEXT_TOKEN_MAX)
		return gametext_fail(out, GAMETEXT_ERR_TOKEN_TOO_LONG, (int)offset, (int)n, r->text,
				     MSG_GAMES_GT_TOO_LONG);
	if (L->line < 0) {
		struct gametext_line *line = &out->lines[out->line_count];
		/* first holds the line's first ply until the tokens are put in line order */
		*line = (struct gametext_line){ L->ply, 0, L->parent, L->branch, r->depth, L->open, L->head, -1 };
		L->line = out->line_count++;
		if (L->branch >= 0) {
			int *link = &out->order[L->branch].variations;
			while (*link >= 0)
				link = &out->lines[*link].next;
			*link = L->line;
		}
	}
	out->order[k] = (struct gametext_token){ (int)offset, (int)n, r->number, L->line, L->ply, -1, -1 };
	out->lines[L->line].count++;
	out->token_count++;
	L->last = k;
	L->ply++;
	L->glue = true;
	r->number = 0;
	return GAMETEXT_OK;
}

/* A '(': a variation of the current line's last move begins. */
static enum gametext_code gametext_variation_begin(struct gametext_reader *r, size_t offset)
{
	const struct gametext_level *L = &r->level[r->depth];

	if (L->last < 0)
		return gametext_fail(r->out, GAMETEXT_ERR_PARENTHESES, (int)offset, 1, r->text,
				     MSG_GAMES_GT_VARIATION_WITHOUT_MOVE);
	if (r->depth == GAMETEXT_DEPTH_MAX)
		return gametext_fail(r->out, GAMETEXT_ERR_TOO_DEEP, (int)offset, 1, r->text,
				     MSG_GAMES_GT_TOO_DEEP);
	r->level[r->depth + 1] = (struct gametext_level){
		-1, -1, L->line, L->last, (int)offset, r->out->order[L->last].ply, -1, -1, false,
	};
	r->depth++;
	r->number = 0;
	return GAMETEXT_OK;
}

/* A ')': the current variation ends. One without a move is left out; its comments, if it
 * has any (a remark in parentheses: "3. B-N5 (the Spanish) P-QR3"), go to the move it
 * would have replaced. */
static enum gametext_code gametext_variation_end(struct gametext_reader *r, size_t offset)
{
	struct gametext *out = r->out;
	const struct gametext_level *L = &r->level[r->depth];

	if (r->depth == 0)
		return gametext_fail(out, GAMETEXT_ERR_PARENTHESES, (int)offset, 1, r->text,
				     MSG_GAMES_GT_CLOSES_NO_VARIATION);
	if (L->line < 0 && L->head >= 0) {
		int *head = &out->order[L->branch].annotations;
		if (*head < 0)
			*head = L->head;
		else
			out->annotations[r->tail[L->branch]].next = L->head;
		r->tail[L->branch] = L->tail;
	} else if (L->line < 0 && out->empty_variations++ == 0) {
		out->empty_offset = L->open;
	}
	r->depth--;
	r->level[r->depth].glue = false;
	r->number = 0;
	return GAMETEXT_OK;
}

/* Prose at start: leading text, a comment of the move before it, or closing text. Sets
 * *next to where reading goes on. */
static enum gametext_code gametext_prose_at(struct gametext_reader *r, size_t start, size_t *next)
{
	struct gametext *out = r->out;
	bool leading = r->depth == 0 && r->level[0].last < 0;
	size_t end = gametext_prose_end(r, start, leading), trimmed = end;

	while (trimmed > start && gametext_separator_at(r->text, r->length, trimmed - 1))
		trimmed--;
	*next = end;
	r->number = 0;
	if (leading) {
		if (out->lead_offset < 0)
			out->lead_offset = (int)start;
		out->lead_length = (int)trimmed - out->lead_offset;
		return GAMETEXT_OK;
	}
	if (end == r->length) {
		if (r->depth > 0)
			return gametext_fail(out, GAMETEXT_ERR_PARENTHESES, r->level[r->depth].open, 1, r->text,
					     MSG_GAMES_GT_VARIATION_UNCLOSED);
		gametext_prose(out, r->text, r->length, start);
		return GAMETEXT_OK;
	}
	return gametext_annotate(r, GAMETEXT_COMMENT, true, 0, start, trimmed - start);
}

/* Is the word w (n bytes) game text (a move, a number, a result, a sign, a NAG, a
 * bracket), so that a ';' before it only separates? */
static bool gametext_is_game_word(const struct gametext_reader *r, const char *w, size_t n)
{
	int number;
	size_t skip = gametext_number_prefix(w, n, &number);

	if (strchr("{}()$", w[0]) || gametext_is_result(w, n) || gametext_bare_number(w, n) ||
	    gametext_is_suffix_word(w, n) || nag_from_glyph(w, n) >= 0)
		return true;
	w += skip;
	n -= skip;
	skip = gametext_dots(w, n);
	return n == skip || gametext_core_is_move(r, w + skip, n - skip);
}

/* A ';' at i: a comment to the end of its line, unless game text follows it on its line.
 * Returns where reading goes on. */
static enum gametext_code gametext_semicolon(struct gametext_reader *r, size_t i, size_t *next)
{
	const char *text = r->text;
	size_t j = i + 1, end, eol;

	while (j < r->length && text[j] != '\n' && text[j] != '\r' && gametext_separator_at(text, r->length, j))
		j += gametext_separator_at(text, r->length, j);
	*next = i + 1;
	if (j == r->length || text[j] == '\n' || text[j] == '\r')
		return GAMETEXT_OK;
	end = gametext_plain_word_end(r, j);
	if (end == j || gametext_is_game_word(r, text + j, end - j))
		return GAMETEXT_OK;
	for (eol = j; eol < r->length && text[eol] != '\n' && text[eol] != '\r'; eol++)
		;
	*next = eol;
	end = eol;
	while (end > j && gametext_separator_at(text, r->length, end - 1))
		end--;
	return gametext_annotate(r, GAMETEXT_COMMENT, false, 0, j, end - j);
}

/* A "$n" at i. */
static enum gametext_code gametext_dollar(struct gametext_reader *r, size_t i, size_t *next)
{
	size_t j = i + 1;
	int value = 0;

	while (j < r->length && gametext_is_digit(r->text[j]) && value <= 255)
		value = value * 10 + (r->text[j++] - '0');
	*next = j;
	if (j == i + 1 || value > 255)
		return gametext_fail(r->out, GAMETEXT_ERR_UNREADABLE, (int)i, (int)(j - i), r->text,
				     MSG_GAMES_GT_NOT_A_NAG);
	return gametext_nag(r, value, i, j - i);
}

/* The end of the word at i in the game: up to a separator, a comment, a NAG, or a
 * parenthesis; a word with parentheses in it ("P-K8(Q)", "R(3)-QR2") keeps them only
 * when the whole of it reads as a move, and "4)" is a move number. */
static size_t gametext_word_end(const struct gametext_reader *r, size_t i)
{
	const char *text = r->text;
	size_t j = i, first_open = 0;
	int parens = 0, number;
	bool digits = true;

	while (j < r->length && !gametext_separator_at(text, r->length, j) && !strchr("{}$", text[j])) {
		if (text[j] == '(') {
			if (!parens && !first_open)
				first_open = j;
			parens++;
		} else if (text[j] == ')') {
			if (parens)
				parens--;
			else if (!(digits && j > i))
				break;
		}
		digits = digits && gametext_is_digit(text[j]);
		j++;
	}
	if (first_open) {
		const char *w = text + i;
		size_t n = j - i, skip = gametext_number_prefix(w, n, &number);
		skip += gametext_dots(w + skip, n - skip);
		if (parens || !gametext_core_is_move(r, w + skip, n - skip))
			j = first_open;
	}
	return j;
}

/* Reads the word [start, end) of the game. Sets *next to where reading goes on. */
static enum gametext_code gametext_word(struct gametext_reader *r, size_t start, size_t end, bool *sentence_end,
					size_t *next)
{
	struct gametext *out = r->out;
	struct gametext_level *L = &r->level[r->depth];
	const char *w = r->text + start;
	size_t n = end - start, skip, glyph;
	int written, nag;
	bool stop = *sentence_end;

	*next = end;
	*sentence_end = false;
	if (r->depth == 0 && gametext_is_result(w, n)) {
		out->result_offset = (int)start;
		out->result_length = (int)n;
		while (end < r->length && gametext_separator_at(r->text, r->length, end))
			end += gametext_separator_at(r->text, r->length, end);
		if (end < r->length)
			gametext_prose(out, r->text, r->length, end);
		*next = r->length;
		return GAMETEXT_OK;
	}
	/* A result has no place in a variation: kept as words, a comment. */
	if (r->depth > 0 && gametext_is_result(w, n))
		return gametext_prose_at(r, start, next);
	/* After a sentence's full stop, a word that is no move, number or sign is prose. */
	if (stop && !gametext_number_prefix(w, n, &written) && !gametext_bare_number(w, n) && !r->is_move(w, n) &&
	    nag_from_glyph(w, n) < 0)
		return gametext_prose_at(r, start, next);
	/* A move number, alone or glued to its move ("1-CR3A", "15-AxP"); a bare one when a
	 * move follows it. */
	skip = gametext_number_prefix(w, n, &written);
	if (!skip && (written = gametext_bare_number(w, n)) != 0) {
		size_t j = end, word;
		while (j < r->length && gametext_separator_at(r->text, r->length, j))
			j += gametext_separator_at(r->text, r->length, j);
		word = gametext_plain_word_end(r, j);
		if (j < r->length && r->text[j] != ')' && !gametext_dots(r->text + j, word - j) &&
		    !gametext_core_is_move(r, r->text + j, word - j))
			return gametext_prose_at(r, start, next);
		skip = n;
	}
	if (skip)
		r->number = written;
	w += skip;
	n -= skip;
	start += skip;
	skip = gametext_dots(w, n);
	w += skip;
	n -= skip;
	start += skip;
	if (n == 0)
		return GAMETEXT_OK;
	if (gametext_is_suffix_word(w, n)) {
		struct gametext_token *last = L->last >= 0 ? &out->order[L->last] : NULL;
		if (last && L->glue) {
			if ((int)(start + n) - last->offset > GAMETEXT_TOKEN_MAX)
				return gametext_fail(out, GAMETEXT_ERR_TOKEN_TOO_LONG, last->offset,
						     (int)(start + n) - last->offset, r->text, MSG_GAMES_GT_TOO_LONG);
			last->length = (int)(start + n) - last->offset;
			return GAMETEXT_OK;
		}
		if (last && (nag = nag_from_glyph(w, n)) > 0)
			return gametext_nag(r, nag, start, n);
		return gametext_fail(out, GAMETEXT_ERR_DANGLING_SUFFIX, (int)start, (int)n, r->text,
				     MSG_GAMES_GT_DANGLING);
	}
	/* A full stop that ends a sentence: what follows may be prose. "e.p." keeps its own. */
	if (n > 1 && w[n - 1] == '.' && !(n >= 4 && !memcmp(w + n - 4, "e.p.", 4)) &&
	    !(n >= 4 && !memcmp(w + n - 4, "a.p.", 4))) {
		n--;
		*sentence_end = true;
	}
	if (r->is_move(w, n))
		return gametext_move(r, start, n);
	if ((nag = nag_from_glyph(w, n)) >= 0)
		return gametext_nag(r, nag, start, n);
	/* A glyph glued to a move ("B-N5±"). */
	if ((glyph = gametext_glued_move(r, w, n, &nag)) != 0) {
		enum gametext_code code = gametext_move(r, start, glyph);
		return code != GAMETEXT_OK ? code : gametext_nag(r, nag, start + glyph, n - glyph);
	}
	/* A word of letters that is no move: prose begins. */
	if (gametext_is_wordy(w, n) || stop)
		return gametext_prose_at(r, start, next);
	if (n > GAMETEXT_TOKEN_MAX)
		return gametext_fail(out, GAMETEXT_ERR_TOKEN_TOO_LONG, (int)start, (int)n, r->text,
				     MSG_GAMES_GT_TOO_LONG);
	return gametext_fail(out, GAMETEXT_ERR_UNREADABLE, (int)start, (int)n, r->text, MSG_GAMES_GT_NOT_A_MOVE);
}

/* Puts the tokens, read in text order, in line order (the main line first), and makes
 * the lines' branches point at their new places. */
static void gametext_finish(struct gametext_reader *r)
{
	struct gametext *out = r->out;
	int *first_ply = r->tail; /* done with as annotations' tails: now each line's first ply */
	int first = 0;

	for (int l = 0; l < out->line_count; l++) {
		first_ply[l] = out->lines[l].first;
		out->lines[l].first = first;
		first += out->lines[l].count;
	}
	for (int k = 0; k < out->token_count; k++) {
		int l = out->order[k].line;
		out->tokens[out->lines[l].first + out->order[k].ply - first_ply[l]] = out->order[k];
	}
	for (int l = 1; l < out->line_count; l++) {
		const struct gametext_token *old = &out->order[out->lines[l].branch];
		out->lines[l].branch = out->lines[old->line].first + old->ply - first_ply[old->line];
	}
	out->count = out->line_count ? out->lines[0].count : 0;
}

enum gametext_code gametext_split(const char *text, size_t length, gametext_move_fn is_move,
				  struct gametext *out)
{
	static struct gametext_level const top = { -1, -1, -1, -1, 0, 0, -1, -1, false };
	struct gametext_reader r = { text, length, is_move, out, 0, 0, { top }, { 0 } };
	enum gametext_code code = GAMETEXT_OK;
	bool sentence_end = false;
	size_t i = 0;

	out->count = out->token_count = out->line_count = out->annotation_count = 0;
	out->lead_offset = out->prose_offset = out->result_offset = out->error_offset = -1;
	out->lead_length = out->prose_length = out->result_length = out->error_length = 0;
	out->error_ply = out->error_depth = 0;
	out->empty_variations = out->empty_offset = 0;
	out->message[0] = '\0';
	while (i < length && code == GAMETEXT_OK) {
		size_t skip = gametext_separator_at(text, length, i), next = i + 1;
		bool leading = r.depth == 0 && r.level[0].last < 0;
		char c = text[i];

		if (c == ';')
			code = gametext_semicolon(&r, i, &next);
		else if (skip)
			next = i + skip;
		else if (c == '{') {
			const char *close = memchr(text + i, '}', length - i);
			if (!close) {
				code = gametext_fail(out, GAMETEXT_ERR_BRACES, (int)i, 1, text,
						     MSG_GAMES_GT_COMMENT_UNCLOSED);
				break;
			}
			code = gametext_annotate(&r, GAMETEXT_COMMENT, false, 0, i + 1, (size_t)(close - text) - i - 1);
			next = (size_t)(close - text) + 1;
			sentence_end = false;
		} else if (leading && (c == '}' || c == '(' || c == ')' || c == '$')) {
			code = gametext_prose_at(&r, i, &next);
		} else if (c == '}') {
			code = gametext_fail(out, GAMETEXT_ERR_BRACES, (int)i, 1, text, MSG_GAMES_GT_CLOSES_NO_COMMENT);
		} else if (c == '(') {
			code = gametext_variation_begin(&r, i);
			sentence_end = false;
		} else if (c == ')') {
			code = gametext_variation_end(&r, i);
			sentence_end = false;
		} else if (c == '$') {
			code = gametext_dollar(&r, i, &next);
			sentence_end = false;
		} else {
			code = gametext_word(&r, i, gametext_word_end(&r, i), &sentence_end, &next);
		}
		i = next;
	}
	out->error_ply = r.level[r.depth].ply;
	out->error_depth = r.depth;
	if (code != GAMETEXT_OK)
		return code;
	if (r.depth > 0)
		return gametext_fail(out, GAMETEXT_ERR_PARENTHESES, r.level[r.depth].open, 1, text,
				     MSG_GAMES_GT_VARIATION_UNCLOSED);
	gametext_finish(&r);
	if (out->count == 0) {
		out->error_offset = 0;
		out->error_length = (int)length;
		error_message(out->message, sizeof out->message, out->msg_lang, MSG_GAMES_GT_EMPTY);
		return GAMETEXT_ERR_EMPTY;
	}
	return GAMETEXT_OK;
}

int gametext_line_path(const struct gametext *gt, int line, int *out)
{
	int chain[GAMETEXT_DEPTH_MAX + 1], depth = 0, n = 0;

	for (int l = line; l > 0 && depth <= GAMETEXT_DEPTH_MAX; l = gt->lines[l].parent)
		chain[depth++] = l;
	/* From the main line down: each line's moves before the branch of the next. */
	for (int k = depth - 1; k >= 0; k--) {
		const struct gametext_line *child = &gt->lines[chain[k]], *parent = &gt->lines[child->parent];
		for (int t = parent->first; t < child->branch; t++)
			out[n++] = t;
	}
	return n;
}

/* "12. B-N5" or "12... P-QR3": token t with its number, for messages. */
static void gametext_move_name(const struct gametext *gt, const char *text, int t, char *out, size_t size)
{
	const struct gametext_token *tok = &gt->tokens[t];
	bool black = (tok->ply + (int)gt->start_black) % 2;

	snprintf(out, size, "%d%s %.*s", gametext_expected(gt, tok->ply), black ? "..." : ".",
		 tok->length > 40 ? 40 : tok->length, text + tok->offset);
}

/* A quote of length bytes of text: at most 60, never cutting a UTF-8 sequence. */
static int gametext_shown(const char *text, int length)
{
	int shown = length > 60 ? 60 : length;

	while (shown < length && shown > 0 && ((unsigned char)text[shown] & 0xc0) == 0x80)
		shown--;
	return shown;
}

/* The remarks of the prose comments in the list of annotations that starts at a, of
 * token t (before it, for a line's comments before its first move); returns the new count. */
static int gametext_prose_remarks(const struct gametext *gt, const char *text, int a, int t, bool before,
				  struct gametext_remark *out, int n, int max)
{
	for (; a >= 0 && n < max; a = gt->annotations[a].next) {
		const struct gametext_annotation *an = &gt->annotations[a];
		char name[64];
		int shown;
		if (!an->prose)
			continue;
		shown = gametext_shown(text + an->offset, an->length);
		gametext_move_name(gt, text, t, name, sizeof name);
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_PROSE_COMMENT, gt->tokens[t].ply,
						   gt->lines[gt->tokens[t].line].depth, an->offset, an->length, "" };
		error_message(out[n++].message, GAMETEXT_MESSAGE_MAX, gt->msg_lang,
			      before ? MSG_GAMES_GT_PROSE_COMMENT_BEFORE : MSG_GAMES_GT_PROSE_COMMENT_OF, name, shown,
			      text + an->offset, shown < an->length ? "..." : "");
	}
	return n;
}

int gametext_remarks(const struct gametext *gt, const char *text, struct gametext_remark *out, int max)
{
	int n = 0;

	if (gt->result_offset >= 0 && n < max) {
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_RESULT, -1, 0, gt->result_offset, gt->result_length, "" };
		error_message(out[n++].message, GAMETEXT_MESSAGE_MAX, gt->msg_lang, MSG_GAMES_GT_RESULT,
			      gt->result_length,
			 text + gt->result_offset);
	}
	if (gt->prose_offset >= 0 && n < max) {
		int shown = gametext_shown(text + gt->prose_offset, gt->prose_length);
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_PROSE, -1, 0, gt->prose_offset, gt->prose_length, "" };
		error_message(out[n++].message, GAMETEXT_MESSAGE_MAX, gt->msg_lang, MSG_GAMES_GT_PROSE_AFTER,
			 shown, text + gt->prose_offset, shown < gt->prose_length ? "..." : "");
	}
	if (gt->lead_offset >= 0 && n < max) {
		int shown = gametext_shown(text + gt->lead_offset, gt->lead_length);
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_LEADING, -1, 0, gt->lead_offset, gt->lead_length, "" };
		error_message(out[n++].message, GAMETEXT_MESSAGE_MAX, gt->msg_lang, MSG_GAMES_GT_PROSE_BEFORE,
			 shown, text + gt->lead_offset, shown < gt->lead_length ? "..." : "");
	}
	for (int l = 0; l < gt->line_count; l++)
		n = gametext_prose_remarks(gt, text, gt->lines[l].annotations, gt->lines[l].first, true, out, n, max);
	for (int t = 0; t < gt->token_count; t++)
		n = gametext_prose_remarks(gt, text, gt->tokens[t].annotations, t, false, out, n, max);
	if (gt->empty_variations && n < max) {
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_EMPTY_VARIATION, -1, 0, gt->empty_offset, 1, "" };
		error_message(out[n++].message, GAMETEXT_MESSAGE_MAX, gt->msg_lang, MSG_GAMES_GT_EMPTY_VARIATIONS,
			      gt->empty_variations,
			      msg_noun(MSG_GAMES_N_MOVELESS_VARIATION, gt->empty_variations, gt->msg_lang));
	}
	for (int t = 0; t < gt->token_count && n < max; t++) {
		const struct gametext_token *tok = &gt->tokens[t];
		int expected = gametext_expected(gt, tok->ply);
		if (!tok->number || tok->number == expected)
			continue;
		out[n] = (struct gametext_remark){ GAMETEXT_REMARK_MOVE_NUMBER, tok->ply, gt->lines[tok->line].depth,
						   tok->offset, tok->length, "" };
		error_message(out[n++].message, GAMETEXT_MESSAGE_MAX, gt->msg_lang, MSG_GAMES_GT_MOVE_NUMBER,
			 tok->number, expected);
	}
	return n;
}
