/* pgn.c -- the incremental PGN reader: a byte-at-a-time tokenizer (so a piece of input
 * may end anywhere, even inside a UTF-8 sequence) and the game it drives: tags, the start
 * position, lines of play with their positions, and the problems found on the way.
 *
 * A token ends at the first byte that cannot continue it; that byte is then read again as
 * the start of what follows. Each line of play keeps the position after its last move and
 * the one before it, because a variation replaces the last move of its parent line.
 * What a movetext token does to the game (moves, numbers, NAGs, results) is in
 * pgn_movetext.c; comment commands are read by pgn_commands.c. */
#include "pgn.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nag.h"
#include "pgn_internal.h"
#include "pgn_lang.h"
#include "uci.h"
#include "utf8.h"

static const char *const pgn_code_names[PGN_CODE_NB] = {
	[PGN_ERR_UNREADABLE_MOVE] = "unreadable_move",
	[PGN_ERR_ILLEGAL_MOVE] = "illegal_move",
	[PGN_ERR_AMBIGUOUS_MOVE] = "ambiguous_move",
	[PGN_ERR_NON_STANDARD_SAN] = "non_standard_san",
	[PGN_ERR_UNEXPECTED_CHARACTER] = "unexpected_character",
	[PGN_ERR_BAD_TAG] = "bad_tag",
	[PGN_ERR_UNTERMINATED_TAG] = "unterminated_tag",
	[PGN_ERR_UNTERMINATED_COMMENT] = "unterminated_comment",
	[PGN_ERR_UNTERMINATED_VARIATION] = "unterminated_variation",
	[PGN_ERR_UNMATCHED_PARENTHESIS] = "unmatched_parenthesis",
	[PGN_ERR_VARIATION_WITHOUT_MOVE] = "variation_without_move",
	[PGN_ERR_VARIATION_TOO_DEEP] = "variation_too_deep",
	[PGN_ERR_GAME_TOO_LARGE] = "game_too_large",
	[PGN_ERR_INVALID_FEN] = "invalid_fen",
	[PGN_ERR_UNSUPPORTED_VARIANT] = "unsupported_variant",
	[PGN_ERR_TOKEN_TOO_LONG] = "token_too_long",
	[PGN_ERR_AMBIGUOUS_LANGUAGE] = "ambiguous_language",
	[PGN_WARN_SAN] = "san",
	[PGN_WARN_UCI_MOVE] = "uci_move",
	[PGN_WARN_LENIENT_RESULT] = "lenient_result",
	[PGN_WARN_MISSING_RESULT] = "missing_result",
	[PGN_WARN_RESULT_MISMATCH] = "result_mismatch",
	[PGN_WARN_MOVE_NUMBER_MISMATCH] = "move_number_mismatch",
	[PGN_WARN_NAG_WITHOUT_MOVE] = "nag_without_move",
	[PGN_WARN_NAG_OUT_OF_RANGE] = "nag_out_of_range",
	[PGN_WARN_RESULT_IN_VARIATION] = "result_in_variation",
	[PGN_WARN_EN_PASSANT_SUFFIX] = "en_passant_suffix",
	[PGN_WARN_TAG_TRUNCATED] = "tag_truncated",
	[PGN_WARN_COMMENT_TRUNCATED] = "comment_truncated",
	[PGN_WARN_CHESS960_INFERRED] = "chess960_inferred",
	[PGN_WARN_SKIPPED] = "moves_skipped",
	[PGN_WARN_TAGS_DROPPED] = "tags_dropped",
	[PGN_WARN_NAGS_DROPPED] = "nags_dropped",
	[PGN_WARN_COMMENTS_DROPPED] = "comments_dropped",
	[PGN_WARN_ARROWS_DROPPED] = "arrows_dropped",
	[PGN_WARN_LANG_DETECTED] = "lang_detected",
	[PGN_WARN_ERRORS_NOT_LISTED] = "errors_not_listed",
	[PGN_WARN_WARNINGS_NOT_LISTED] = "warnings_not_listed",
};

const char *pgn_code_name(enum pgn_code code)
{
	return code >= 0 && code < PGN_CODE_NB ? pgn_code_names[code] : "unknown";
}

bool pgn_code_is_warning(enum pgn_code code)
{
	return code >= PGN_WARN_SAN && code < PGN_CODE_NB;
}

/* Errors that say the text is not PGN, as opposed to PGN with a bad move in it. */
static bool pgn_code_is_syntax(enum pgn_code code)
{
	return code == PGN_ERR_UNREADABLE_MOVE || code == PGN_ERR_UNEXPECTED_CHARACTER || code == PGN_ERR_BAD_TAG ||
	       code == PGN_ERR_UNTERMINATED_TAG || code == PGN_ERR_TOKEN_TOO_LONG ||
	       code == PGN_ERR_UNMATCHED_PARENTHESIS;
}

static void pgn_game_begin(struct pgn_reader *r);

/* Reports a problem of the current game. */
void pgn_issue(struct pgn_reader *r, struct pgn_issue *issue, enum pgn_code code, unsigned column, enum msg_id id,
	       ...)
{
	char message[PGN_MESSAGE_MAX];
	va_list ap;

	pgn_game_begin(r);
	va_start(ap, id);
	/* the format comes from the catalogue, never from input: tests/check_messages checks
	 * that each language's takes the arguments the English one does */
	vsnprintf(message, sizeof message, msg_text(id, r->options.lang), ap);
	va_end(ap);
	utf8_sanitize(message);
	issue->code = code;
	issue->game = r->game;
	if (!issue->line)
		issue->line = r->tok_line;
	issue->column = column;
	issue->depth = r->depth;
	issue->message = message;
	if (pgn_code_is_warning(code)) {
		r->warnings++;
	} else {
		if (r->errors++ == 0) {
			r->first_error_syntax = pgn_code_is_syntax(code);
			r->error_line = issue->line;
			r->error_column = issue->column;
		}
	}
	if (r->visitor->issue)
		r->visitor->issue(r->ctx, issue);
}

static void pgn_comment_give(struct pgn_reader *r, bool cut);

/* Clears what a line's last move has been given: a new move, or a new line. */
void pgn_line_fresh(struct pgn_line *line)
{
	line->comment = 0;
	line->comments = line->nags = line->arrows = 0;
	line->comment_cut = line->nags_cut = line->arrows_cut = false;
}

/* Starts the game the next event belongs to, if none is open. */
static void pgn_game_begin(struct pgn_reader *r)
{
	if (r->in_game)
		return;
	r->in_game = true;
	r->started = false;
	r->content = true;
	r->tags = r->moves = r->errors = r->warnings = 0;
	r->first_error_syntax = false;
	r->has_fen = false;
	r->fen_length = 0;
	r->variant = 0;
	r->variant_name[0] = '\0';
	r->result_tag[0] = '\0';
	r->depth = 0;
	r->overflow = 0;
	r->start_valid = false;
	r->comment_total = 0;
	r->nags = r->arrows = 0;
	r->tags_cut = r->nags_cut = r->comments_cut = r->arrows_cut = false;
	pgn_line_fresh(&r->lines[0]);
	pgn_lang_reset(r);
	if (r->visitor->game_begin)
		r->visitor->game_begin(r->ctx, r->game);
	if (r->comment_pending) {
		/* The game's first comment (it may mark the start position: [%csl], [%cal]). */
		r->comment_pending = false;
		pgn_comment_give(r, r->comment_cut);
		r->comment_length = 0;
	}
}

/* The Variant tag's value as 0 (standard chess), 1 (Chess960) or 2 (something else). */
static int pgn_variant(const char *value, size_t length)
{
	static const char *const standard[] = { "", "standard", "chess", "normal", "fromposition", "classical" };
	static const char *const chess960[] = { "chess960", "fischerandom", "fischerrandom", "fischerrandomchess",
						"960", "frc" };
	char name[32];
	size_t n = 0;

	for (size_t i = 0; i < length && n < sizeof name - 1; i++) {
		unsigned char c = (unsigned char)value[i];
		if (pgn_is_alnum(c))
			name[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	name[n] = '\0';
	for (size_t i = 0; i < sizeof standard / sizeof standard[0]; i++)
		if (!strcmp(name, standard[i]))
			return 0;
	for (size_t i = 0; i < sizeof chess960 / sizeof chess960[0]; i++)
		if (!strcmp(name, chess960[i]))
			return 1;
	return 2;
}

/* The standard spelling of a result token, or NULL; *lenient is set for ½-½ and 0.5-0.5. */
const char *pgn_result_token(const char *t, size_t n, bool *lenient)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };

	*lenient = false;
	if (!n || (t[0] != '0' && t[0] != '1' && t[0] != '*' && (unsigned char)t[0] != 0xc2))
		return NULL;
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
		if (strlen(results[i]) == n && !memcmp(results[i], t, n))
			return results[i];
	if ((n == 7 && !memcmp(t, "0.5-0.5", 7)) || (n == 5 && !memcmp(t, "\xc2\xbd-\xc2\xbd", 5)) ||
	    (n == 5 && !memcmp(t, "1/2-\xc2\xbd", 5)) || (n == 3 && !memcmp(t, "1/2", 3))) {
		*lenient = true;
		return "1/2-1/2";
	}
	return NULL;
}

/* A tag pair is complete. Its work does not depend on the tags before it: the reader
 * only looks at FEN, Variant and Result, and a repeated tag is the visitor's to merge.
 * Past PGN_GAME_TAGS_MAX pairs the visitor is not given them, but FEN, Variant and
 * Result still count. */
static void pgn_tag(struct pgn_reader *r)
{
	const char *name = r->tag_name, *value = r->tag_value;
	size_t length = r->tag_value_length;
	bool listed;

	pgn_game_begin(r);
	listed = r->tags++ < PGN_GAME_TAGS_MAX;
	r->tag_value[length] = '\0';
	if (r->tag_value_cut && listed)
		PGN_PROBLEM(r, PGN_WARN_TAG_TRUNCATED, r->tag_line, r->tag_column,
			    MSG_GAMES_TAG_TRUNCATED, name, PGN_TAG_VALUE_MAX);
	if (!strcmp(name, "FEN")) {
		r->has_fen = true;
		r->fen_length = length < FEN_INPUT_MAX ? length : FEN_INPUT_MAX;
		memcpy(r->fen, value, r->fen_length);
		r->fen[r->fen_length] = '\0';
	} else if (!strcmp(name, "Variant")) {
		r->variant = pgn_variant(value, length);
		size_t n = utf8_prefix(value, length, sizeof r->variant_name - 1);
		memcpy(r->variant_name, value, n);
		r->variant_name[n] = '\0';
		utf8_sanitize(r->variant_name);
	} else if (!strcmp(name, "Result")) {
		bool lenient;
		const char *result = pgn_result_token(value, length, &lenient);
		snprintf(r->result_tag, sizeof r->result_tag, "%s", result ? result : "");
	}
	if (!listed) {
		if (!r->tags_cut) {
			r->tags_cut = true;
			PGN_PROBLEM(r, PGN_WARN_TAGS_DROPPED, r->tag_line, r->tag_column,
				    MSG_GAMES_TAGS_DROPPED,
				    PGN_GAME_TAGS_MAX, name);
		}
		return;
	}
	if (r->visitor->tag)
		r->visitor->tag(r->ctx, name, value, length);
}

/* Sets up where play starts, once per game, before anything of its movetext. */
void pgn_start(struct pgn_reader *r)
{
	struct pgn_line *main = &r->lines[0];

	pgn_game_begin(r);
	if (r->started)
		return;
	r->started = true;
	r->start_valid = true;
	if (r->variant == 2) {
		r->start_valid = false;
		PGN_PROBLEM(r, PGN_ERR_UNSUPPORTED_VARIANT, r->tok_line, r->tok_column,
			    MSG_GAMES_UNSUPPORTED_VARIANT, r->variant_name);
	} else if (r->has_fen) {
		struct fen_options options = { FEN_LENIENT, r->variant == 1, false, r->options.lang };
		struct fen_report report;
		if (fen_parse(r->fen, r->fen_length, &options, &r->start, &report) != FEN_VALID) {
			r->start_valid = false;
			PGN_PROBLEM(r, PGN_ERR_INVALID_FEN, r->tok_line, r->tok_column,
				    MSG_GAMES_INVALID_FEN,
				    report.error_count ? error_code_name(report.errors[0].code) : "invalid",
				    report.error_count ? report.errors[0].message : "");
		} else {
			for (int i = 0; i < report.warning_count; i++)
				if (report.warnings[i].code == FEN_WARN_CHESS960_ASSUMED && r->variant != 1)
					PGN_PROBLEM(r, PGN_WARN_CHESS960_INFERRED, r->tok_line, r->tok_column,
						    MSG_GAMES_CHESS960_INFERRED);
		}
	} else {
		position_set_start(&r->start);
		r->start.chess960 = r->variant == 1;
	}
	main->pos = r->start;
	main->ply = 0;
	main->has_move = false;
	main->dead = !r->start_valid;
	main->announced = true;
	main->skipped = main->dead;
	if (r->visitor->start)
		r->visitor->start(r->ctx, r->start_valid ? &r->start : NULL, r->start_valid && r->start.chess960);
}

/* Ends the current game, if one is open. */
void pgn_game_end(struct pgn_reader *r, const char *result, bool given)
{
	struct pgn_game_end end;

	if (!r->in_game)
		return;
	pgn_start(r);
	/* what is held back is given first, in the language decided */
	pgn_lang_settle(r);
	if (r->overflow || r->depth > 0)
		PGN_PROBLEM(r, PGN_ERR_UNTERMINATED_VARIATION, r->tok_line, r->tok_column,
			    MSG_GAMES_UNTERMINATED_VARIATION, r->depth + r->overflow,
			    msg_noun(MSG_GAMES_N_VARIATION, r->depth + r->overflow, r->options.lang));
	for (; r->depth > 0; r->depth--)
		if (r->lines[r->depth].announced && r->visitor->variation_end)
			r->visitor->variation_end(r->ctx, r->depth);
	r->overflow = 0;
	if (r->options.detect_lang && !r->lang.ambiguous && san_detect_first(r->lang.alive) != SAN_LANG_EN) {
		/* at the move that showed it (English dropped out there) */
		char message[PGN_MESSAGE_MAX];
		bool placed = r->lang.english_ply > 0;
		struct pgn_issue issue = { .san = SAN_OK, .line = placed ? r->lang.english_line : r->tok_line,
					   .ply = r->lang.english_ply, .token = placed ? r->lang.english_token : NULL };
		pgn_lang_message(r, message, sizeof message);
		pgn_issue(r, &issue, PGN_WARN_LANG_DETECTED, placed ? r->lang.english_column : r->tok_column, MSG_AS_IS,
			  message);
	}
	if (!given) {
		result = r->result_tag[0] ? r->result_tag : "*";
		PGN_PROBLEM(r, PGN_WARN_MISSING_RESULT, r->tok_line, r->tok_column,
			    MSG_GAMES_MISSING_RESULT, result);
	} else if (r->result_tag[0] && strcmp(r->result_tag, result)) {
		PGN_PROBLEM(r, PGN_WARN_RESULT_MISMATCH, r->tok_line, r->tok_column,
			    MSG_GAMES_RESULT_MISMATCH, result, r->result_tag);
	}
	end = (struct pgn_game_end){
		.game = r->game,
		.result = result,
		.result_given = given,
		.start = r->start_valid ? &r->start : NULL,
		.final = r->start_valid ? &r->lines[0].pos : NULL,
		.plies = r->lines[0].ply,
		.errors = r->errors,
		.warnings = r->warnings,
		.malformed = r->tags == 0 && r->moves == 0 && r->errors > 0 && r->first_error_syntax,
		.error_line = r->error_line,
		.error_column = r->error_column,
		.lang = r->options.detect_lang ? san_detect_first(r->lang.alive) : r->options.san.lang,
		.langs = r->lang.alive,
		.lang_detected = r->options.detect_lang && !r->lang.ambiguous &&
				 san_detect_first(r->lang.alive) != SAN_LANG_EN,
		.lang_ambiguous = r->lang.ambiguous,
		.lang_failed = r->options.detect_lang && r->lang.failed,
	};
	r->in_game = false;
	r->game++;
	if (r->visitor->game_end && r->visitor->game_end(r->ctx, &end))
		r->paused = true;
}

/* A symbol token is complete. */
static void pgn_token(struct pgn_reader *r)
{
	const char *t = r->tok;
	size_t n = r->tok_length;

	r->tok[n] = '\0';
	r->state = PGN_S_DEFAULT;
	/* A byte-order mark, at the start of the input or of a file glued to it. */
	while (n >= 3 && !memcmp(t, "\xef\xbb\xbf", 3)) {
		t += 3;
		n -= 3;
	}
	if (!n)
		return;
	if (r->tok_overflow) {
		pgn_too_long(r, r->tok, r->tok_column);
		return;
	}
	pgn_word(r, t, n, r->tok_column);
}


/* A warning about a comment of the current line (at the comment's place). */
static void pgn_comment_problem(struct pgn_reader *r, enum pgn_code code, enum msg_id id, ...)
{
	struct pgn_line *line = &r->lines[r->depth];
	struct pgn_issue issue = { .san = SAN_OK, .line = r->comment_line };
	char message[PGN_MESSAGE_MAX];
	va_list ap;

	if (r->started && line->has_move)
		issue.ply = line->ply;
	va_start(ap, id);
	vsnprintf(message, sizeof message, msg_text(id, r->options.lang), ap);
	va_end(ap);
	pgn_issue(r, &issue, code, r->comment_column, MSG_AS_IS, message);
}

/* What a comment of the current line is about, for a warning: "ply 12", "the game's
 * first move", "the variation's first move". */
static const char *pgn_comment_target(const struct pgn_reader *r, char *buf, size_t size)
{
	const struct pgn_line *line = &r->lines[r->depth];

	if (r->started && line->has_move)
		error_message(buf, size, r->options.lang, MSG_GAMES_W_PLY, line->ply);
	else
		snprintf(buf, size, "%s", msg_text(r->depth ? MSG_GAMES_W_VARIATION_FIRST : MSG_GAMES_W_GAME_FIRST,
						   r->options.lang));
	return buf;
}

/* Gives the visitor the comment in r->comment (cut: it was longer than PGN_COMMENT_MAX
 * and was cut) for the current line's last move, or for the line's start before its
 * first move. The text is kept within PGN_MOVE_COMMENT_MAX for what the move's comments
 * make joined with spaces, and within PGN_GAME_COMMENTS_MAX for the game: the text past
 * either is dropped (at a character's boundary), and a comment with nothing left is not
 * given at all. Its commands are read from all of its text; its marks are kept within
 * PGN_ARROWS_MAX for the move and PGN_GAME_ARROWS_MAX for the game. Each cap is warned
 * about once (for the move, or for the game). */
static void pgn_comment_give(struct pgn_reader *r, bool cut)
{
	struct pgn_line *line = &r->lines[r->depth];
	size_t length = r->comment_length, sep = line->comments ? 1 : 0, keep = length;
	/* Room for the text after the space that joins it to the move's comments before. */
	bool move_fits = line->comment + sep <= PGN_MOVE_COMMENT_MAX;
	bool game_fits = r->comment_total + sep <= PGN_GAME_COMMENTS_MAX;
	size_t move_room = move_fits ? PGN_MOVE_COMMENT_MAX - line->comment - sep : 0;
	size_t game_room = game_fits ? PGN_GAME_COMMENTS_MAX - r->comment_total - sep : 0;
	bool game_bound = !game_fits || game_room < move_room;
	size_t room = game_bound ? game_room : move_room;
	char target[48];
	struct pgn_comment comment;

	if (cut && !line->comment_cut) {
		line->comment_cut = true;
		pgn_comment_problem(r, PGN_WARN_COMMENT_TRUNCATED, MSG_GAMES_COMMENT_TRUNCATED,
				    PGN_COMMENT_MAX);
	}
	if (!move_fits || !game_fits || length > room) {
		keep = move_fits && game_fits ? utf8_prefix(r->comment, length, room) : 0;
		if (length && game_bound && !r->comments_cut) {
			r->comments_cut = true;
			pgn_comment_problem(r, PGN_WARN_COMMENTS_DROPPED,
					    MSG_GAMES_COMMENTS_DROPPED,
					    PGN_GAME_COMMENTS_MAX);
		} else if (length && !game_bound && !line->comment_cut) {
			line->comment_cut = true;
			pgn_comment_problem(r, PGN_WARN_COMMENT_TRUNCATED,
					    MSG_GAMES_MOVE_COMMENTS_TRUNCATED,
					    pgn_comment_target(r, target, sizeof target), PGN_MOVE_COMMENT_MAX);
		}
		/* Nothing left of it: dropped whole, commands included. */
		if (!keep)
			return;
	}
	comment = (struct pgn_comment){
		.text = r->comment,
		.length = length,
		.depth = r->depth,
		.after_move = r->started && line->has_move,
	};
	r->comment[length] = '\0';
	pgn_parse_commands(&comment);
	r->comment[keep] = '\0';
	comment.length = keep;
	{
		int move_marks = PGN_ARROWS_MAX - line->arrows, game_marks = PGN_GAME_ARROWS_MAX - r->arrows;
		bool marks_game_bound = game_marks < move_marks;
		int marks = marks_game_bound ? game_marks : move_marks;
		if (comment.arrow_count > marks) {
			comment.arrows_dropped += comment.arrow_count - marks;
			comment.arrow_count = marks;
		}
		if (comment.arrows_dropped && marks_game_bound) {
			if (!r->arrows_cut) {
				r->arrows_cut = true;
				pgn_comment_problem(
					r, PGN_WARN_ARROWS_DROPPED,
					MSG_GAMES_GAME_ARROWS_DROPPED,
					PGN_GAME_ARROWS_MAX);
			}
		} else if (comment.arrows_dropped && !line->arrows_cut) {
			line->arrows_cut = true;
			pgn_comment_problem(r, PGN_WARN_ARROWS_DROPPED,
					    MSG_GAMES_MOVE_ARROWS_DROPPED,
					    pgn_comment_target(r, target, sizeof target), PGN_ARROWS_MAX);
		}
	}
	line->comment += sep + keep;
	line->comments++;
	line->arrows += comment.arrow_count;
	r->comment_total += sep + keep;
	r->arrows += comment.arrow_count;
	if (r->visitor->comment)
		r->visitor->comment(r->ctx, &comment);
}

/* A comment of the game is complete (its text is in r->comment). */
static void pgn_comment_take(struct pgn_reader *r)
{
	struct pgn_line *line;

	if (r->defer.on && !r->defer.shadow) {
		struct pgn_event event = { .kind = PGN_EV_COMMENT, .line = r->comment_line, .column = r->comment_column,
					   .value = r->comment_cut, .text = r->comment, .length = r->comment_length };
		if (pgn_lang_defer(r, &event)) {
			r->comment_length = 0;
			return;
		}
	}
	line = &r->lines[r->depth];
	if (!(r->overflow || (r->started && line->dead) || (r->depth > 0 && !line->announced)))
		pgn_comment_give(r, r->comment_cut);
	r->comment_length = 0;
}

/* A comment is complete (its text is in r->comment). */
static void pgn_comment_end(struct pgn_reader *r)
{
	r->state = PGN_S_DEFAULT;
	r->comment[r->comment_length] = '\0';
	if (!r->in_game) {
		/* Between games: it belongs to the next one, if there is one. */
		r->comment_pending = true;
		return;
	}
	pgn_comment_take(r);
}

/* A comment starts: after a pending one (between games) it is appended with a space. */
static void pgn_comment_begin(struct pgn_reader *r, enum pgn_state state)
{
	r->state = state;
	r->comment_line = r->line;
	r->comment_column = r->column;
	if (r->comment_pending && !r->in_game) {
		r->comment_pending = false;
		if (r->comment_length < PGN_COMMENT_MAX)
			r->comment[r->comment_length++] = ' ';
	} else {
		r->comment_length = 0;
		r->comment_cut = false;
	}
}

static void pgn_comment_byte(struct pgn_reader *r, unsigned char c)
{
	if (r->comment_length < PGN_COMMENT_MAX)
		r->comment[r->comment_length++] = (char)c;
	else
		r->comment_cut = true;
}

/* '(' at line, column. */
static void pgn_variation_open(struct pgn_reader *r, unsigned at_line, unsigned at_column)
{
	struct pgn_line *parent, *child;

	PGN_HOLD(r, .kind = PGN_EV_OPEN, .line = at_line, .column = at_column);
	pgn_start(r);
	if (r->overflow || r->depth == PGN_DEPTH_MAX) {
		if (!r->overflow++)
			PGN_PROBLEM(r, PGN_ERR_VARIATION_TOO_DEEP, at_line, at_column,
				    MSG_GAMES_VARIATION_TOO_DEEP, PGN_DEPTH_MAX);
		return;
	}
	parent = &r->lines[r->depth];
	child = &r->lines[++r->depth];
	pgn_line_fresh(child);
	child->ply = parent->ply - 1;
	child->has_move = false;
	child->dead = true;
	child->announced = false;
	child->skipped = true;
	if (parent->dead)
		return;
	if (!parent->has_move) {
		PGN_PROBLEM(r, PGN_ERR_VARIATION_WITHOUT_MOVE, at_line, at_column,
			    MSG_GAMES_VARIATION_WITHOUT_MOVE);
		return;
	}
	child->pos = parent->prev;
	child->dead = false;
	child->skipped = false;
	child->announced = true;
	if (r->visitor->variation_begin)
		r->visitor->variation_begin(r->ctx, r->depth);
}

/* ')' at line, column. */
static void pgn_variation_close(struct pgn_reader *r, unsigned at_line, unsigned at_column)
{
	PGN_HOLD(r, .kind = PGN_EV_CLOSE, .line = at_line, .column = at_column);
	pgn_start(r);
	if (r->overflow) {
		r->overflow--;
		return;
	}
	if (r->depth == 0) {
		PGN_PROBLEM(r, PGN_ERR_UNMATCHED_PARENTHESIS, at_line, at_column, MSG_GAMES_UNMATCHED_PARENTHESIS);
		return;
	}
	if (r->lines[r->depth].announced && r->visitor->variation_end)
		r->visitor->variation_end(r->ctx, r->depth);
	r->depth--;
}

/* A byte PGN has no use for, at line, column: an error that stops the line in movetext. */
static void pgn_unexpected(struct pgn_reader *r, unsigned char c, unsigned at_line, unsigned at_column)
{
	char shown[8];

	PGN_HOLD(r, .kind = PGN_EV_UNEXPECTED, .line = at_line, .column = at_column, .value = c);
	if (c >= 0x20 && c < 0x7f)
		snprintf(shown, sizeof shown, "'%c'", c);
	else
		snprintf(shown, sizeof shown, "0x%02x", c);
	struct pgn_issue issue = { .san = SAN_OK, .line = at_line };
	pgn_issue(r, &issue, PGN_ERR_UNEXPECTED_CHARACTER, at_column, MSG_GAMES_UNEXPECTED_CHARACTER, shown);
	if (r->started)
		pgn_line_stop(r);
}

/* A '$' with no number after it (at the token's place). */
static void pgn_dollar(struct pgn_reader *r)
{
	PGN_HOLD(r, .kind = PGN_EV_DOLLAR, .line = r->tok_line, .column = r->tok_column);
	PGN_PROBLEM(r, PGN_ERR_UNEXPECTED_CHARACTER, r->tok_line, r->tok_column,
		    MSG_GAMES_DOLLAR_WITHOUT_NUMBER);
}

/* A byte between tokens. */
static void pgn_default(struct pgn_reader *r, unsigned char c)
{
	if (pgn_is_space(c))
		return;
	if (c == '%' && r->line_start) {
		r->state = PGN_S_ESCAPE;
		return;
	}
	r->tok_line = r->line;
	r->tok_column = r->column;
	switch (c) {
	case '[':
		/* Tags after movetext begin the next game, result or not. */
		if (r->in_game && r->started)
			pgn_game_end(r, NULL, false);
		r->state = PGN_S_TAG_NAME;
		r->tag_name_length = 0;
		r->tag_line = r->line;
		r->tag_column = r->column;
		return;
	case '{':
		pgn_comment_begin(r, PGN_S_BRACE);
		return;
	case ';':
		pgn_comment_begin(r, PGN_S_SEMICOLON);
		return;
	case '(':
		pgn_variation_open(r, r->line, r->column);
		return;
	case ')':
		pgn_variation_close(r, r->line, r->column);
		return;
	case '$':
		r->state = PGN_S_NAG;
		r->tok_length = 0;
		r->nag_value = 0;
		return;
	case '*':
		r->tok[0] = '*';
		r->tok_length = 1;
		r->tok_overflow = false;
		pgn_token(r);
		return;
	}
	if (pgn_is_symbol(c)) {
		r->state = PGN_S_SYMBOL;
		r->tok[0] = (char)c;
		r->tok_length = 1;
		r->tok_overflow = false;
		return;
	}
	pgn_unexpected(r, c, r->line, r->column);
}

static void pgn_bad_tag(struct pgn_reader *r, enum msg_id what)
{
	PGN_PROBLEM(r, PGN_ERR_BAD_TAG, r->line, r->column, MSG_GAMES_BAD_TAG, msg_text(what, r->options.lang));
	r->state = PGN_S_TAG_SKIP;
}

static void pgn_byte(struct pgn_reader *r, unsigned char c)
{
	switch (r->state) {
	case PGN_S_DEFAULT:
		pgn_default(r, c);
		break;
	case PGN_S_SYMBOL:
		if (pgn_is_symbol(c)) {
			if (r->tok_length < PGN_TOKEN_MAX)
				r->tok[r->tok_length++] = (char)c;
			else
				r->tok_overflow = true;
			break;
		}
		pgn_token(r);
		if (r->state == PGN_S_DEFAULT)
			pgn_default(r, c);
		break;
	case PGN_S_NAG:
		if (pgn_is_digit(c)) {
			if (r->nag_value < 100000)
				r->nag_value = r->nag_value * 10 + (c - '0');
			r->tok[1 + r->tok_length] = (char)c;
			if (r->tok_length < 8)
				r->tok_length++;
			break;
		}
		r->state = PGN_S_DEFAULT;
		r->tok[0] = '$';
		r->tok[1 + r->tok_length] = '\0';
		if (r->tok_length == 0)
			pgn_dollar(r);
		else
			pgn_nag(r, (int)r->nag_value, r->tok, r->tok_column);
		pgn_default(r, c);
		break;
	case PGN_S_BRACE:
		if (c == '}')
			pgn_comment_end(r);
		else
			pgn_comment_byte(r, c);
		break;
	case PGN_S_SEMICOLON:
		if (c == '\n') {
			if (r->comment_length && r->comment[r->comment_length - 1] == '\r')
				r->comment_length--;
			pgn_comment_end(r);
		} else {
			pgn_comment_byte(r, c);
		}
		break;
	case PGN_S_ESCAPE:
		if (c == '\n')
			r->state = PGN_S_DEFAULT;
		break;
	case PGN_S_TAG_NAME:
		if (pgn_is_alnum(c) || c == '_' || (r->tag_name_length && c && strchr("+#=:-", c))) {
			if (r->tag_name_length < PGN_TAG_NAME_MAX)
				r->tag_name[r->tag_name_length++] = (char)c;
		} else if (r->tag_name_length == 0 && (c == ' ' || c == '\t')) {
			break;
		} else if (r->tag_name_length && (c == ' ' || c == '\t' || c == '"')) {
			r->tag_name[r->tag_name_length] = '\0';
			r->tag_value_length = 0;
			r->tag_value_cut = r->tag_escape = false;
			r->state = c == '"' ? PGN_S_TAG_VALUE : PGN_S_TAG_SPACE;
		} else if (c == '\n') {
			pgn_bad_tag(r, MSG_GAMES_W_TAG_LINE_ENDS);
			r->state = PGN_S_DEFAULT;
		} else {
			pgn_bad_tag(r, r->tag_name_length ? MSG_GAMES_W_TAG_NAME_SPACE : MSG_GAMES_W_TAG_NAME_CHARS);
		}
		break;
	case PGN_S_TAG_SPACE:
		if (c == '"')
			r->state = PGN_S_TAG_VALUE;
		else if (c == '\n')
			pgn_bad_tag(r, MSG_GAMES_W_TAG_LINE_BEFORE_VALUE), r->state = PGN_S_DEFAULT;
		else if (c != ' ' && c != '\t')
			pgn_bad_tag(r, MSG_GAMES_W_TAG_QUOTES);
		break;
	case PGN_S_TAG_VALUE:
		if (r->tag_escape || (c != '\\' && c != '"')) {
			if (c == '\n') {
				PGN_PROBLEM(r, PGN_ERR_UNTERMINATED_TAG, r->tag_line, r->tag_column,
					    MSG_GAMES_TAG_LINE_ENDS, r->tag_name);
				r->state = PGN_S_DEFAULT;
				break;
			}
			/* An escape other than \" and \\ keeps its backslash. */
			if (r->tag_escape && c != '"' && c != '\\' && r->tag_value_length < PGN_TAG_VALUE_MAX)
				r->tag_value[r->tag_value_length++] = '\\';
			r->tag_escape = false;
			if (r->tag_value_length < PGN_TAG_VALUE_MAX)
				r->tag_value[r->tag_value_length++] = (char)c;
			else
				r->tag_value_cut = true;
		} else if (c == '\\') {
			r->tag_escape = true;
		} else {
			r->state = PGN_S_TAG_CLOSE;
		}
		break;
	case PGN_S_TAG_CLOSE:
		if (c == ']') {
			r->state = PGN_S_DEFAULT;
			pgn_tag(r);
		} else if (c == '\n') {
			pgn_bad_tag(r, MSG_GAMES_W_TAG_BRACKET_MISSING);
			r->state = PGN_S_DEFAULT;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			pgn_bad_tag(r, MSG_GAMES_W_TAG_AFTER_VALUE);
		}
		break;
	case PGN_S_TAG_SKIP:
		if (c == ']' || c == '\n')
			r->state = PGN_S_DEFAULT;
		break;
	}
}

void pgn_event_play(struct pgn_reader *r, const struct pgn_event *ev)
{
	r->tok_line = ev->line;
	r->tok_column = ev->column;
	switch (ev->kind) {
	case PGN_EV_MOVE:
	case PGN_EV_NUMBER:
	case PGN_EV_RESULT:
	case PGN_EV_EP:
		/* pgn_word classifies the text as it did: a move, a number alone, a result,
		 * "e.p." (and the steps it calls keep their one caller, so they stay inlined in
		 * the reader's hot path) */
		pgn_word(r, ev->text, ev->length, ev->column);
		break;
	case PGN_EV_NAG:
		pgn_nag(r, ev->value, ev->text, ev->column);
		break;
	case PGN_EV_OPEN:
		pgn_variation_open(r, ev->line, ev->column);
		break;
	case PGN_EV_CLOSE:
		pgn_variation_close(r, ev->line, ev->column);
		break;
	case PGN_EV_COMMENT:
		memcpy(r->comment, ev->text, ev->length);
		r->comment_length = ev->length;
		r->comment[ev->length] = '\0';
		r->comment_cut = ev->value != 0;
		r->comment_line = ev->line;
		r->comment_column = ev->column;
		pgn_comment_take(r);
		break;
	case PGN_EV_UNEXPECTED:
		pgn_unexpected(r, (unsigned char)ev->value, ev->line, ev->column);
		break;
	case PGN_EV_DOLLAR:
		pgn_dollar(r);
		break;
	case PGN_EV_TOO_LONG:
		pgn_too_long(r, ev->text, ev->column);
		break;
	}
}

void pgn_reader_init(struct pgn_reader *r, const struct pgn_visitor *visitor, void *ctx,
		     const struct pgn_options *options)
{
	memset(r, 0, offsetof(struct pgn_reader, san));
	r->visitor = visitor;
	r->ctx = ctx;
	if (options)
		r->options = *options;
	else
		r->options.san = (struct san_parse_options){ SAN_LANG_EN, false, MSG_EN };
	r->state = PGN_S_DEFAULT;
	r->line = 1;
	r->column = 1;
	r->line_start = true;
	/* the rest of the held events' room is touched only when a game needs it */
	r->defer.on = r->defer.replaying = r->defer.shadow = false;
	r->defer.count = 1;
	r->defer.used = 0;
}

size_t pgn_reader_feed(struct pgn_reader *r, const char *data, size_t length)
{
	size_t i;

	r->paused = false;
	for (i = 0; i < length && !r->paused; i++) {
		unsigned char c = (unsigned char)data[i];
		/* A byte-order mark opening the input is no character: '%' after it still
		 * starts the first line. Bytes that only began like one are read after all. */
		if (r->bom < 3 && r->offset + i == r->bom) {
			if (c == (unsigned char)"\xef\xbb\xbf"[r->bom]) {
				r->bom++;
				continue;
			}
			for (unsigned k = 0; k < r->bom; k++)
				pgn_byte(r, (unsigned char)"\xef\xbb\xbf"[k]);
			r->bom = 3;
		}
		pgn_byte(r, c);
		if (c == '\n') {
			r->line++;
			r->column = 1;
			r->line_start = true;
		} else if (c != '\r') {
			r->column += (c & 0xC0) != 0x80;
			r->line_start = false;
		}
	}
	r->offset += i;
	return i;
}

void pgn_reader_finish(struct pgn_reader *r)
{
	if (r->bom < 3 && r->offset == r->bom)
		for (unsigned k = 0; k < r->bom; k++)
			pgn_byte(r, (unsigned char)"\xef\xbb\xbf"[k]);
	switch (r->state) {
	case PGN_S_SYMBOL:
		pgn_token(r);
		break;
	case PGN_S_NAG:
		pgn_byte(r, ' ');
		break;
	case PGN_S_BRACE:
		pgn_game_begin(r);
		/* what is held comes before this error */
		pgn_lang_settle(r);
		PGN_PROBLEM(r, PGN_ERR_UNTERMINATED_COMMENT, r->comment_line, r->comment_column,
			    MSG_GAMES_UNTERMINATED_COMMENT);
		pgn_comment_end(r);
		break;
	case PGN_S_SEMICOLON:
		pgn_comment_end(r);
		break;
	case PGN_S_TAG_NAME:
	case PGN_S_TAG_SPACE:
	case PGN_S_TAG_VALUE:
	case PGN_S_TAG_CLOSE:
		PGN_PROBLEM(r, PGN_ERR_UNTERMINATED_TAG, r->tag_line, r->tag_column,
			    MSG_GAMES_UNTERMINATED_TAG);
		break;
	default:
		break;
	}
	r->state = PGN_S_DEFAULT;
	pgn_game_end(r, NULL, false);
}
