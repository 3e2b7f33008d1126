/* san_detect.c -- the piece-letter language of moves nobody named: the letters of a token
 * narrow the candidate languages, and reading a line of moves in those left decides.
 *
 * The letter tables are made once before main() runs from san.c's (san_piece_letter), so
 * the two never disagree, and are read-only afterwards. */
#include "san_detect.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "messages.h"

/* What an ASCII letter is, by language, in that language's own letters: the piece type,
 * or 0 when the language has no such letter. An upper-case P at the start of a move is a
 * pawn's letter wherever it is not a piece (san.h), kept apart in san_detect_pawn_p. */
static uint8_t san_detect_ascii[26][SAN_LANG_NB];
static uint8_t san_detect_pawn_p[SAN_LANG_NB];

/* The letters that are not ASCII (figurines, Cyrillic), with the language that owns them,
 * longest first within a language ("Кр" before "К"). */
#define SAN_DETECT_WIDE_MAX (SAN_LANG_NB * COLOR_NB * PIECE_TYPE_NB)
static struct {
	const char *text;
	size_t length;
	enum san_lang lang;
} san_detect_wide[SAN_DETECT_WIDE_MAX];
static int san_detect_wide_count;

/* The pairs of sets that one letter parts (the R and the P): a set may split when it meets
 * both sides of a pair. */
#define SAN_DETECT_PAIRS_MAX 26
static san_lang_set san_detect_pairs[SAN_DETECT_PAIRS_MAX][2];
static int san_detect_pair_count;

/* The languages of one letter's types, and those that read it differently from the first. */
static void san_detect_letter_sets(const uint8_t types[SAN_LANG_NB], san_lang_set *langs, san_lang_set *split)
{
	int first = 0;

	*langs = *split = 0;
	for (int l = 0; l < SAN_LANG_NB; l++) {
		if (!types[l])
			continue;
		if (!*langs)
			first = types[l];
		*langs |= SAN_LANG_BIT(l);
		if (types[l] != first)
			*split |= SAN_LANG_BIT(l);
	}
}

static void san_detect_add_pair(const uint8_t types[SAN_LANG_NB])
{
	san_lang_set langs, split;

	san_detect_letter_sets(types, &langs, &split);
	if (!split || san_detect_pair_count == SAN_DETECT_PAIRS_MAX)
		return;
	san_detect_pairs[san_detect_pair_count][0] = langs & (san_lang_set)~split;
	san_detect_pairs[san_detect_pair_count][1] = split;
	san_detect_pair_count++;
}

__attribute__((constructor)) static void san_detect_init(void)
{
	uint8_t pawn_p[SAN_LANG_NB];

	for (int l = 0; l < SAN_LANG_NB; l++) {
		for (int t = KNIGHT; t <= KING; t++) {
			for (int c = WHITE; c < COLOR_NB; c++) {
				const char *s = san_piece_letter((enum san_lang)l, (enum color)c, (enum piece_type)t);
				size_t n = strlen(s);
				if (n == 1 && s[0] >= 'A' && s[0] <= 'Z') {
					san_detect_ascii[s[0] - 'A'][l] = (uint8_t)t;
				} else if (n > 1 && san_detect_wide_count < SAN_DETECT_WIDE_MAX) {
					int at = san_detect_wide_count++;
					/* longer letters first, so that a prefix never hides one */
					while (at > 0 && san_detect_wide[at - 1].length < n) {
						san_detect_wide[at] = san_detect_wide[at - 1];
						at--;
					}
					san_detect_wide[at].text = s;
					san_detect_wide[at].length = n;
					san_detect_wide[at].lang = (enum san_lang)l;
				}
			}
		}
	}
	/* P at the start: the piece where a language has it, a pawn's letter elsewhere */
	for (int l = 0; l < SAN_LANG_NB; l++)
		pawn_p[l] = san_detect_pawn_p[l] = san_detect_ascii['P' - 'A'][l] ? san_detect_ascii['P' - 'A'][l] : PAWN;
	for (int letter = 0; letter < 26; letter++)
		san_detect_add_pair(san_detect_ascii[letter]);
	san_detect_add_pair(pawn_p);
}

bool san_detect_may_split(san_lang_set set)
{
	for (int i = 0; i < san_detect_pair_count; i++)
		if ((set & san_detect_pairs[i][0]) && (set & san_detect_pairs[i][1]))
			return true;
	return false;
}

const char *san_detect_labels(san_lang_set set, char *out, size_t size)
{
	return san_detect_labels_in(set, MSG_EN, out, size);
}

const char *san_detect_labels_in(san_lang_set set, enum msg_lang ml, char *out, size_t size)
{
	int total = __builtin_popcount(set), count = 0;
	size_t used = 0;

	if (!size)
		return out;
	out[0] = '\0';
	for (int l = 0; l < SAN_LANG_NB && used < size; l++) {
		if (!(set & SAN_LANG_BIT(l)))
			continue;
		count++;
		used += (size_t)snprintf(out + used, size - used, "%s%s",
					 count == 1 ? "" : count == total ? msg_text(MSG_W_AND, ml) : ", ",
					 msg_text((enum msg_id)(MSG_MOVES_W_LANG_EN + l), ml));
	}
	return out;
}

const char *san_detect_letters(enum san_lang lang, char *out, size_t size)
{
	size_t used = 0;

	if (!size)
		return out;
	out[0] = '\0';
	for (int t = KING; t >= KNIGHT && used < size; t--)
		used += (size_t)snprintf(out + used, size - used, "%s%s", t == KING ? "" : " ",
					 san_piece_letter(lang, WHITE, (enum piece_type)t));
	return out;
}

const char *san_detect_reading(san_lang_set langs, char *out, size_t size)
{
	return san_detect_reading_in(langs, MSG_EN, out, size);
}

const char *san_detect_reading_in(san_lang_set langs, enum msg_lang ml, char *out, size_t size)
{
	enum san_lang lang = san_detect_first(langs);
	san_lang_set others = langs & (san_lang_set)~SAN_LANG_BIT(lang);
	char letters[48], names[80] = "";

	san_detect_letters(lang, letters, sizeof letters);
	if (others)
		san_detect_labels_in(others, ml, names, sizeof names);
	error_message(out, size, ml, MSG_MOVES_DETECT_READING, msg_text((enum msg_id)(MSG_MOVES_W_LANG_EN + lang), ml),
		      letters,
		      !others ? "" : msg_text(__builtin_popcount(others) > 1 ? MSG_MOVES_W_ALIKE_SEP_MANY
									  : MSG_MOVES_W_ALIKE_SEP_ONE, ml),
		      names,
		      !others ? "" : msg_text(__builtin_popcount(others) > 1 ? MSG_MOVES_W_ALIKE_MANY
									  : MSG_MOVES_W_ALIKE_ONE, ml));
	return out;
}

/* Narrows *langs to the languages that own the letter at text (left bytes), adding to
 * *split those that read it differently; start says the letter opens the move (where an
 * upper-case P is also a pawn's letter). Returns the bytes of the letter, 0 when none is
 * there (a letter no language owns is none: it is a file, or nothing). */
static size_t san_detect_letter(const char *text, size_t left, bool start, san_lang_set *langs, san_lang_set *split)
{
	unsigned char c = (unsigned char)text[0];
	const uint8_t *types = NULL;
	san_lang_set own, differs;

	if (c >= 'A' && c <= 'Z')
		types = start && c == 'P' ? san_detect_pawn_p : san_detect_ascii[c - 'A'];
	else if (c >= 'a' && c <= 'z')
		types = san_detect_ascii[c - 'a'];
	if (types) {
		san_detect_letter_sets(types, &own, &differs);
		if (!own)
			return 0;
		*langs &= own;
		*split |= differs;
		return 1;
	}
	if (c < 0x80)
		return 0;
	own = 0;
	for (int i = 0; i < san_detect_wide_count; i++) {
		size_t n = san_detect_wide[i].length;
		if (n <= left && !memcmp(text, san_detect_wide[i].text, n)) {
			own = SAN_LANG_BIT(san_detect_wide[i].lang);
			*langs &= own;
			return n;
		}
	}
	return 0;
}

static bool san_detect_is_file(char c)
{
	return (c >= 'a' && c <= 'h') || (c >= 'A' && c <= 'H');
}

void san_detect_token(const char *text, size_t length, struct san_detect_token *out)
{
	san_lang_set langs = SAN_LANG_SET_ALL, split = 0;
	size_t n = length, lead = 0;
	const char *t;
	bool pawn;

	while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	while (lead < n && (text[lead] == ' ' || text[lead] == '\t'))
		lead++;
	t = text + lead;
	n -= lead;
	out->langs = SAN_LANG_SET_ALL;
	out->split = 0;
	/* No letters: empty, castling, the null moves "null" and "Z0". */
	if (!n || t[0] == 'O' || t[0] == 'o' || t[0] == '0' || t[0] == '-' || t[0] == '@' || (n >= 2 && t[0] == 'Z' && t[1] == '0') ||
	    (n >= 4 && !memcmp(t, "null", 4)))
		return;
	/* The piece it starts with: a letter not followed by a rank (that is an upper-case
	 * square, "E4"), a lower-case one only where it is no file. */
	if ((unsigned char)t[0] >= 0x80 ||
	    ((t[0] >= 'A' && t[0] <= 'Z') && !(n > 1 && t[1] >= '1' && t[1] <= '8')) ||
	    (t[0] > 'h' && t[0] <= 'z' && !(n > 1 && t[1] >= '1' && t[1] <= '8'))) {
		size_t used = san_detect_letter(t, n, true, &langs, &split);
		pawn = !used || t[0] == 'P';
	} else {
		pawn = true;
	}
	/* The piece a pawn promotes to: a letter after a square on the last rank, bare or
	 * after '=', '/' or '(' ("e8=Q", "e8Q", "exd1(D)", "e8N": on a pawn's move an N
	 * there is the knight, not the novelty). */
	if (pawn) {
		size_t at = n;
		for (size_t i = 1; i < n; i++)
			if ((t[i] == '1' || t[i] == '8') && (san_detect_is_file(t[i - 1]) || (unsigned char)t[i - 1] >= 0x80))
				at = i + 1;
		if (at < n && (t[at] == '=' || t[at] == '/' || t[at] == '('))
			at++;
		if (at < n)
			san_detect_letter(t + at, n - at, false, &langs, &split);
	}
	out->langs = langs;
	out->split = split & langs;
}

/* ---- a line of moves ---- */

/* One reading of the line so far: the languages that agree on every move, where it stands,
 * and, for a reading that parted from another, where and how. */
struct san_detect_group {
	san_lang_set langs;
	struct position pos;
	int born;                       /* the token it parted at (-1: the first reading) */
	move born_move, other_move;     /* its move there, and the one it parted from */
	struct position before;         /* the position there */
};

/* Reads one token in lang; true with *m set when it is a move there. */
static bool san_detect_read(const struct position *pos, const char *text, size_t length, bool uci, enum san_lang lang,
			    bool strict, struct san_parse_result *scratch, move *m)
{
	struct san_parse_options options = { lang, strict, MSG_EN };
	enum san_code code = uci ? san_parse_uci_move(pos, text, length, &options, scratch)
				 : san_parse_move(pos, text, length, &options, scratch);

	if (code != SAN_OK)
		return false;
	*m = scratch->m;
	return true;
}

/* The languages of set stop at token i: how far they got (twice the tokens read, one more
 * when the token did not read rather than its letters did not fit), and English's way out. */
static void san_detect_drop(san_lang_set set, int reach, int reached[SAN_LANG_NB], int *english_out, int i)
{
	for (int l = 0; l < SAN_LANG_NB; l++)
		if (set & SAN_LANG_BIT(l))
			reached[l] = reach;
	if ((set & SAN_LANG_BIT(SAN_LANG_EN)) && *english_out < 0)
		*english_out = i;
}

enum san_detect_verdict san_detect_list(const struct san_detect_list *list, struct san_detect_result *out)
{
	struct san_detect_group groups[SAN_LANG_NB];
	struct san_parse_result scratch;
	int reached[SAN_LANG_NB], count = 1, alive = 1, i;

	memset(out, 0, sizeof *out);
	out->english_out = -1;
	for (int l = 0; l < SAN_LANG_NB; l++)
		reached[l] = 2 * list->count + 1;
	groups[0].langs = SAN_LANG_SET_ALL;
	groups[0].pos = *list->start;
	groups[0].born = -1;
	for (i = 0; i < list->count && alive > 0; i++) {
		struct san_detect_token tok = { SAN_LANG_SET_ALL, 0 };
		size_t length;
		bool uci = false;
		const char *text = list->token(list->ctx, i, &length, &uci);
		int before = count;

		if (!uci)
			san_detect_token(text, length, &tok);
		for (int g = 0; g < before; g++) {
			struct san_detect_group *grp = &groups[g];
			san_lang_set set = grp->langs & tok.langs, cls[2];
			move m[2] = { MOVE_NONE, MOVE_NONE };
			bool ok[2] = { false, false };
			struct position_undo undo;
			int k = 0;

			if (!grp->langs)
				continue;
			if (i == list->restart && list->restart_pos)
				grp->pos = *list->restart_pos;
			/* Letters of none of them: a reading beside another ends here; a reading
			 * alone goes on in its first language, which may read them (san.h takes
			 * the English letters that collide with none of its own). */
			if (!set && alive == 1)
				set = grp->langs;
			san_detect_drop(grp->langs & (san_lang_set)~set, 2 * i, reached, &out->english_out, i);
			/* the two readings, the one holding the first language first */
			if (set & tok.split)
				cls[k++] = set & tok.split;
			if (set & (san_lang_set)~tok.split)
				cls[k++] = set & (san_lang_set)~tok.split;
			if (k == 2 && san_detect_first(cls[1]) < san_detect_first(cls[0])) {
				san_lang_set swap = cls[0];
				cls[0] = cls[1];
				cls[1] = swap;
			}
			for (int j = 0; j < k; j++)
				ok[j] = san_detect_read(&grp->pos, text, length, uci, san_detect_first(cls[j]), list->strict,
							&scratch, &m[j]);
			for (int j = 0; j < k; j++)
				if (!ok[j])
					san_detect_drop(cls[j], 2 * i + 1, reached, &out->english_out, i);
			if (!ok[0] && !ok[1]) {
				grp->langs = 0;
				alive--;
				continue;
			}
			if (k == 2 && ok[0] && ok[1] && m[0] != m[1] && count < SAN_LANG_NB) {
				/* two games from here on */
				struct san_detect_group *other = &groups[count++];
				other->langs = cls[1];
				other->pos = other->before = grp->pos;
				other->born = i;
				other->born_move = m[1];
				other->other_move = m[0];
				position_make_move(&other->pos, m[1], &undo);
				grp->langs = cls[0];
				alive++;
			} else {
				grp->langs = (ok[0] ? cls[0] : 0) | (k == 2 && ok[1] ? cls[1] : 0);
			}
			position_make_move(&grp->pos, ok[0] ? m[0] : m[1], &undo);
		}
		/* One reading left that no token can part: the letters alone narrow it now. */
		if (alive == 1) {
			struct san_detect_group *grp = NULL;
			for (int g = 0; g < count; g++)
				if (groups[g].langs)
					grp = &groups[g];
			if (!san_detect_may_split(grp->langs)) {
				for (i++; i < list->count; i++) {
					const char *next = list->token(list->ctx, i, &length, &uci);
					if (uci)
						continue;
					san_detect_token(next, length, &tok);
					if (!(grp->langs & tok.langs))
						break; /* the reading fails here, and says why */
					if ((grp->langs & SAN_LANG_BIT(SAN_LANG_EN)) && !(tok.langs & SAN_LANG_BIT(SAN_LANG_EN)) &&
					    out->english_out < 0)
						out->english_out = i;
					grp->langs &= tok.langs;
				}
				break;
			}
		}
	}
	if (alive == 0) {
		int best = -1;
		for (int l = 0; l < SAN_LANG_NB; l++)
			if (reached[l] > best)
				best = reached[l];
		for (int l = 0; l < SAN_LANG_NB; l++)
			if (reached[l] == best)
				out->langs |= SAN_LANG_BIT(l);
		out->verdict = SAN_DETECT_NONE;
		out->lang = san_detect_first(out->langs);
		out->reached = best / 2;
		return out->verdict;
	}
	if (alive == 1) {
		for (int g = 0; g < count; g++)
			if (groups[g].langs)
				out->langs = groups[g].langs;
		out->verdict = SAN_DETECT_READ;
		out->lang = san_detect_first(out->langs);
		out->reached = list->count;
		return out->verdict;
	}
	/* Two games (no more: see san_detect.h): they part where the younger was born, from a
	 * position it kept; its parent's move there is the other reading. */
	{
		const struct san_detect_group *older = NULL, *younger = NULL;
		for (int g = 0; g < count; g++) {
			if (!groups[g].langs)
				continue;
			if (!older)
				older = &groups[g];
			else if (!younger)
				younger = &groups[g];
		}
		out->verdict = SAN_DETECT_AMBIGUOUS;
		out->langs = older->langs | younger->langs;
		out->lang = san_detect_first(out->langs);
		out->ply = younger->born;
		out->before = younger->before;
		out->readings[0].langs = older->langs;
		out->readings[0].m = younger->other_move;
		out->readings[1].langs = younger->langs;
		out->readings[1].m = younger->born_move;
	}
	return out->verdict;
}
