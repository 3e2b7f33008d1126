/* pgn.h -- reading Portable Game Notation incrementally, as real files are written.
 *
 * The caller feeds bytes in pieces of any size (pgn_reader_feed) and ends the input with
 * pgn_reader_finish; the reader calls the caller's visitor for every tag, move, NAG,
 * comment, variation, problem and game end, in file order. It does no I/O and never
 * allocates: the caller owns the struct pgn_reader (a few tens of KiB, so put it on the
 * heap), and its size is the whole memory the reader uses, whatever the input's length.
 * Every pointer handed to a visitor callback is borrowed and valid only during the call.
 *
 * What it reads: tag pairs with \" and \\ escapes; {} comments over several lines, with
 * [%clk], [%eval], [%cal] and [%csl] commands parsed out of them; ; comments to the end of
 * the line; % escape lines; nested variations; NAGs $0..$255 and the glyphs written for
 * them; move numbers as 1. 1... 1 . 1.e4 or none; results 1-0 0-1 1/2-1/2 * (and ½-½,
 * 0.5-0.5 with a warning); a UTF-8 byte-order mark; CRLF; empty lines anywhere; games
 * without tags or without moves; SetUp/FEN; Variant "Chess960" (and its other spellings);
 * moves in SAN (any language san.h reads, glyphs glued on included: "Bb5±") or UCI; null
 * moves ("--", "Z0", "0000", "@@@@", "null": MOVE_NULL, with the SAN warning null_move).
 * With options.san.strict, movetext is SAN (PGN standard 8.2.3): UCI, long algebraic, a
 * glued assessment glyph or a null move is PGN_ERR_NON_STANDARD_SAN, while the move
 * suffixes ! ? !! ?? !? ?! glued on stay PGN's own.
 *
 * With options.detect_lang, the piece letters are those of the language the game is
 * written in (san_detect.h), decided over the whole game: the reader narrows the
 * candidates as the tokens come, reads each move in the first of them, and only while
 * two languages read the game into different games does it hold the game's events back
 * (within PGN_DEFER_MAX bytes) until a later move tells them apart or the game ends;
 * then it gives them to the visitor as a reading in the language chosen would have, in
 * the same order. The game end says which language (struct pgn_game_end), a warning
 * lang_detected says so when it is not English, and two games to the end are the error
 * ambiguous_language at the move where they part.
 *
 * Problems are values: an error in a line of play stops that line (the moves before it
 * stay), the next game starts clean, and nothing in the input can make the reader fail. */
#ifndef FEN_PGN_H
#define FEN_PGN_H

#include <stdbool.h>
#include <stddef.h>

#include "fen.h"
#include "messages.h"
#include "movegen.h"
#include "position.h"
#include "san.h"
#include "san_detect.h"

/* Fixed limits; input beyond them is reported, never a crash. */
#define PGN_TOKEN_MAX 64          /* a move, number or result token */
#define PGN_TAG_NAME_MAX 64
#define PGN_TAG_VALUE_MAX 1024    /* longer values are cut (warning tag_truncated) */
#define PGN_COMMENT_MAX 16384     /* longer comments are cut (warning comment_truncated) */
#define PGN_DEPTH_MAX 32          /* nested variations (error variation_too_deep) */
#define PGN_ARROWS_MAX 64         /* [%cal] arrows and [%csl] squares kept per comment, and per move */
#define PGN_RESULT_MAX 8
#define PGN_MESSAGE_MAX 200

/* Caps per game. A visitor that keeps a game (json-pgn.c keeps one whole game until it
 * ends) needs memory in proportion to what the game hands it; these caps bound that,
 * whatever the input. Each is far above what real games hold: lichess and ChessBase
 * exports carry 7 to 30 tag pairs, a move rarely has more than 3 NAGs or one comment of
 * a few hundred bytes, and a heavily annotated game (a book's, a magazine's survey) has
 * a few hundred NAGs and tens of KiB of comments. The longest game played in a
 * tournament has 269 moves (538 plies). Past a cap the reader goes on (the moves are
 * still played) and says once what it left out, in the warning named.
 *
 * PGN_GAME_MOVES_MAX    plies, variations included: over seven times the longest game
 *                       played, with room for thousands of plies of analysis. The
 *                       longest possible legal game (5,949 moves, about 11,900 plies) is
 *                       a construction, not a real game; reading it whole would take
 *                       2.8 MB of JSON, held three times by fend. The rest of a game is not read (error
 *                       game_too_large).
 * PGN_GAME_TAGS_MAX     tag pairs, repeats included: twice the most any exporter writes.
 *                       Later pairs are not listed (warning tags_dropped), but FEN, SetUp,
 *                       Variant and Result still count.
 * PGN_MOVE_NAGS_MAX     NAGs of one move, glyphs included: a move assessment, a position
 *                       assessment and a few more. Later ones are ignored (nags_dropped,
 *                       once for the move).
 * PGN_GAME_NAGS_MAX     NAGs of the game: one on every ply of a long annotated game and
 *                       of its variations. Later ones are ignored (nags_dropped, once).
 * PGN_MOVE_COMMENT_MAX  bytes of one move's comments joined (with the spaces between):
 *                       two comments of the longest kind, as one after the move and one
 *                       before the next. The same for the game's comment (before its
 *                       first move) and for a variation's starting comment. The text past
 *                       it is dropped, at a character's boundary (comment_truncated, once
 *                       for the move).
 * PGN_GAME_COMMENTS_MAX bytes of all the game's comments (with those spaces): a long book
 *                       chapter. The comment that crosses it is cut, the later ones are
 *                       dropped whole, with their clocks, evals and marks
 *                       (comments_dropped, once).
 * PGN_GAME_ARROWS_MAX   [%cal] and [%csl] marks of the game, besides PGN_ARROWS_MAX per
 *                       move: a few on every move of a long study chapter. The rest are
 *                       left out (arrows_dropped, once for the move or for the game).
 * PGN_GAME_ISSUES_MAX   errors listed per game, and warnings listed per game. The reader
 *                       reports every problem (struct pgn_game_end counts them all); a
 *                       visitor that lists them keeps this many of each, then says how
 *                       many more there were (errors_not_listed, warnings_not_listed). A
 *                       real game reaches it only when one fault repeats on every move (a
 *                       file written in UCI), and then the first hundred say it all. */
#define PGN_GAME_MOVES_MAX 4096
#define PGN_GAME_TAGS_MAX 64
#define PGN_MOVE_NAGS_MAX 8
#define PGN_GAME_NAGS_MAX 1024
#define PGN_MOVE_COMMENT_MAX (2 * PGN_COMMENT_MAX)
#define PGN_GAME_COMMENTS_MAX (128 * 1024)
#define PGN_GAME_ARROWS_MAX 1024
#define PGN_GAME_ISSUES_MAX 100

/* What one game's JSON (json-pgn.c) costs under these caps, at worst. Its text is at
 * most about 1.6 MiB:
 *   plies     4096 x 240 B: ply, move number, SAN, UCI, a FEN of up to 90
 *             characters, the empty members                                        0.94 MiB
 *   tags      64 x (64 + 2 x 1024) B: names, values of quotes (\" each)            0.13 MiB
 *   comments  2 x 128 KiB: quotes and newlines escaped (the other control
 *             characters come out as '?', not as six bytes)                        0.25 MiB
 *   NAGs      1024 x 100 B: the longest meaning                                    0.10 MiB
 *   marks     1024 x 40 B                                                          0.04 MiB
 *   problems  2 x 100 x 250 to 700 B (a list of candidate moves)           0.05 to 0.13 MiB
 * The builder holds that text, and about 100 B more per mainline ply and 1 KiB per
 * listed problem (0.7 MiB); `fen pgn` prints it once more (3.5 MiB in all), fend prints
 * it and queues the print for the client (5 MiB). Measured by bench/pgn-worst.py, which
 * writes the worst game for each cap and for all of them at once (1.45 MB of JSON, the
 * 4096 plies on the mainline or in variations): peak RSS over the process at rest
 * 3.5 MiB for `fen pgn`, 5.1 MiB for fend; 5.2 MiB for three such games in one body
 * (fend keeps its print and queue buffers from game to game). The reader itself
 * allocates nothing. */

/* Problem codes (pgn_code_name gives their stable snake_case names). */
enum pgn_code {
	/* errors */
	PGN_ERR_UNREADABLE_MOVE,     /* a token that is not a move, number, result or glyph */
	PGN_ERR_ILLEGAL_MOVE,        /* a move that fits no legal move (reason: the SAN code) */
	PGN_ERR_AMBIGUOUS_MOVE,      /* several legal moves fit */
	PGN_ERR_NON_STANDARD_SAN,    /* strict SAN: a move that is not standard (reason: the rule) */
	PGN_ERR_UNEXPECTED_CHARACTER,/* a character PGN has no use for here */
	PGN_ERR_BAD_TAG,             /* a tag pair that is not [Name "value"] */
	PGN_ERR_UNTERMINATED_TAG,
	PGN_ERR_UNTERMINATED_COMMENT,
	PGN_ERR_UNTERMINATED_VARIATION,
	PGN_ERR_UNMATCHED_PARENTHESIS,
	PGN_ERR_VARIATION_WITHOUT_MOVE, /* ( before any move of its line */
	PGN_ERR_VARIATION_TOO_DEEP,
	PGN_ERR_GAME_TOO_LARGE,
	PGN_ERR_INVALID_FEN,         /* the FEN tag is not a legal position */
	PGN_ERR_UNSUPPORTED_VARIANT,
	PGN_ERR_TOKEN_TOO_LONG,
	PGN_ERR_AMBIGUOUS_LANGUAGE,  /* detect_lang: two languages read the game into different
				      * games (at the move where they part; its line stops) */
	/* warnings */
	PGN_WARN_SAN,                /* lenient SAN reading rewrote a move (code: the SAN code) */
	PGN_WARN_UCI_MOVE,           /* a move written in UCI (lenient reading only) */
	PGN_WARN_LENIENT_RESULT,     /* ½-½ or 0.5-0.5 read as 1/2-1/2 */
	PGN_WARN_MISSING_RESULT,     /* the movetext ends without a result */
	PGN_WARN_RESULT_MISMATCH,    /* the movetext's result differs from the Result tag */
	PGN_WARN_MOVE_NUMBER_MISMATCH,
	PGN_WARN_NAG_WITHOUT_MOVE,   /* a NAG or glyph with no move before it */
	PGN_WARN_NAG_OUT_OF_RANGE,   /* $256 and above */
	PGN_WARN_RESULT_IN_VARIATION,
	PGN_WARN_EN_PASSANT_SUFFIX,  /* "e.p." after a move */
	PGN_WARN_TAG_TRUNCATED,
	PGN_WARN_COMMENT_TRUNCATED,
	PGN_WARN_CHESS960_INFERRED,  /* castling rights in the FEN needed Chess960 */
	PGN_WARN_SKIPPED,            /* moves after an error in the same line were not played */
	PGN_WARN_TAGS_DROPPED,       /* tag pairs past PGN_GAME_TAGS_MAX */
	PGN_WARN_NAGS_DROPPED,       /* NAGs past PGN_MOVE_NAGS_MAX or PGN_GAME_NAGS_MAX */
	PGN_WARN_COMMENTS_DROPPED,   /* comments past PGN_GAME_COMMENTS_MAX */
	PGN_WARN_ARROWS_DROPPED,     /* marks past PGN_ARROWS_MAX on a move or PGN_GAME_ARROWS_MAX */
	PGN_WARN_LANG_DETECTED,      /* detect_lang: the game is read in another language than
				      * English (at the move that showed it), or no language
				      * reads all of it and the one that went furthest is not English */
	/* Not reported by the reader: the notes of a visitor that lists at most
	 * PGN_GAME_ISSUES_MAX of each kind (json-pgn.c). */
	PGN_WARN_ERRORS_NOT_LISTED,
	PGN_WARN_WARNINGS_NOT_LISTED,
	PGN_CODE_NB
};

const char *pgn_code_name(enum pgn_code code);
bool pgn_code_is_warning(enum pgn_code code);

/* One problem, as the visitor's issue callback sees it. */
struct pgn_issue {
	enum pgn_code code;
	enum san_code san;              /* illegal/ambiguous/unreadable moves and SAN warnings; else SAN_OK */
	int game;                       /* index of the game, from 0 */
	unsigned line, column;          /* 1-based; columns count characters */
	int ply;                        /* the ply the move would have been (0: not about a move) */
	int depth;                      /* 0 mainline, 1.. inside variations */
	const char *token;              /* the text that failed or was rewritten (NUL-terminated), or NULL */
	const char *given, *became;     /* SAN warnings and non_standard_san: what was written and
					 * the standard form; else NULL */
	const char *message;
	const struct position *pos;     /* the position the move was tried in, or NULL */
	const struct move_list *candidates; /* ambiguous_move: the legal moves that fit, else NULL */
	/* ambiguous_language: the two moves the token reads as, in pos, and the languages of
	 * each; else NULL */
	const move *readings;
	const san_lang_set *reading_langs;
};

/* A move as played; before and after are the positions around it. */
struct pgn_move {
	const struct position *before, *after;
	move m;                         /* MOVE_NULL for a null move */
	int game;
	int ply;                        /* 1 for the game's first move, and so on */
	int depth;
	unsigned line, column;
	const char *text;               /* as written, without the glyphs that end it (NUL-terminated) */
	bool standard;                  /* text is already the move's standard English SAN */
};

struct pgn_arrow {
	char color;                     /* R, G, B, Y as written */
	uint8_t from, to;               /* squares; equal for a [%csl] highlight */
};

/* A comment, with the commands found inside it (read from all of its text, even when the
 * text is cut to PGN_MOVE_COMMENT_MAX or PGN_GAME_COMMENTS_MAX). */
struct pgn_comment {
	const char *text;               /* as written, commands included (NUL-terminated) */
	size_t length;
	int depth;
	bool after_move;                /* false: before the first move of its line */
	bool has_clock;
	double clock;                   /* [%clk h:mm:ss(.f)] in seconds */
	bool has_eval;
	double eval;                    /* [%eval 0.35] in pawns, White's view */
	bool eval_mate;
	int mate;                       /* [%eval #-3]: mate in n, negative when Black mates */
	/* [%cal Ge2e4,Rg1f3] and [%csl Ye4], every such command of the comment in order
	 * (items: a letter R G B Y C and one or two squares, comma-separated). An item
	 * that is not one (a bad letter or square, an arrow to its own square) is left out
	 * silently, as lichess and ChessBase do: a comment is the author's free text. */
	int arrow_count;
	struct pgn_arrow arrows[PGN_ARROWS_MAX];
	int arrows_dropped;             /* good items left out: past PGN_ARROWS_MAX, or past
					 * what the move or game still had room for */
};

/* Reads the [%clk], [%eval], [%cal] and [%csl] commands of c->text into c's fields
 * (the reader calls it for every comment; other [%...] groups are left as text). */
void pgn_parse_commands(struct pgn_comment *c);

/* What a finished game amounts to. */
struct pgn_game_end {
	int game;
	const char *result;             /* "1-0", "0-1", "1/2-1/2", "*" */
	bool result_given;              /* the movetext ended with a result token */
	const struct position *start;   /* NULL when the start position is invalid */
	const struct position *final;   /* the mainline's last position (NULL with start) */
	int plies;                      /* mainline moves played */
	int errors, warnings;
	bool malformed;                 /* no tag and no move, only a syntax error: not PGN */
	unsigned error_line, error_column; /* the first error's place, when errors > 0 */
	/* The language the moves were read in: options.san.lang, or with detect_lang the one
	 * detected (when no language reads every move, the one that went furthest), with
	 * every language that reads the game alike. With detect_lang: lang_detected when
	 * that is not English (a lang_detected warning says so), lang_ambiguous when two
	 * languages read the game into different games (lang is then the first of them),
	 * lang_failed when some move reads in none of langs. */
	enum san_lang lang;
	san_lang_set langs;
	bool lang_detected;
	bool lang_ambiguous;
	bool lang_failed;
};

/* The callbacks; any may be NULL. The game index of each event is that of the last
 * game_begin. */
struct pgn_visitor {
	void (*game_begin)(void *ctx, int game);
	void (*tag)(void *ctx, const char *name, const char *value, size_t value_length);
	/* Once per game, before its first move, NAG or variation (and before game_end in any
	 * case): where play starts. start is NULL when the FEN tag is not a legal position. */
	void (*start)(void *ctx, const struct position *start, bool chess960);
	void (*move)(void *ctx, const struct pgn_move *mv);
	void (*nag)(void *ctx, int nag, int depth);
	void (*comment)(void *ctx, const struct pgn_comment *comment);
	/* A variation of the last move at depth - 1 begins (its moves come at depth). */
	void (*variation_begin)(void *ctx, int depth);
	void (*variation_end)(void *ctx, int depth);
	void (*issue)(void *ctx, const struct pgn_issue *issue);
	/* Returns true to pause: pgn_reader_feed then returns at once. */
	bool (*game_end)(void *ctx, const struct pgn_game_end *end);
};

struct pgn_options {
	struct san_parse_options san;
	/* Read SAN in the language the game's letters show (san_detect.h); san.lang is then
	 * only the language that warnings and messages spell moves in. */
	bool detect_lang;
	enum msg_lang lang;             /* the language of the reader's messages */
};

/* One line of play: the mainline at depth 0, variations above it. */
struct pgn_line {
	struct position pos;            /* after the last move */
	struct position prev;           /* before the last move: where a variation starts */
	int ply;                        /* moves played from the game's start */
	bool has_move;
	bool dead;                      /* an error stopped this line; its tokens are skipped */
	bool announced;                 /* variation_begin was called for it */
	bool skipped;                   /* warned about skipping already */
	/* What the line's last move (before its first move: the line's start) has been
	 * given, for the caps per move. */
	size_t comment;                 /* bytes of its comments, joined with spaces */
	int comments, nags, arrows;
	bool comment_cut, nags_cut, arrows_cut; /* warned about once */
};

enum pgn_state {
	PGN_S_DEFAULT, PGN_S_SYMBOL, PGN_S_NAG, PGN_S_BRACE, PGN_S_SEMICOLON, PGN_S_ESCAPE,
	PGN_S_TAG_NAME, PGN_S_TAG_SPACE, PGN_S_TAG_VALUE, PGN_S_TAG_CLOSE, PGN_S_TAG_SKIP
};

/* Room for the events of a game held back while two languages read it differently:
 * twice the longest comment. Past it the languages are taken as ambiguous. */
#define PGN_DEFER_MAX (2 * PGN_COMMENT_MAX)

/* What the reader knows of the game's language (options.detect_lang). */
struct pgn_lang {
	san_lang_set alive;             /* the languages that read every move so far alike */
	bool failed;                    /* a move read in none of them */
	bool dead;                      /* (a second reading) it cannot go on */
	bool ambiguous;                 /* two readings to the end: the first of alive stands */
	bool pending;                   /* replaying an ambiguous game: its first move is the error */
	int fail_ply;                   /* the ply of the first move that failed */
	int reach;                      /* (a second reading) how far it read: twice the moves, one
					 * more when a move failed rather than its letters */
	/* Where English dropped out (english_ply 0: it has not): the warning's place. */
	int english_ply, english_depth;
	unsigned english_line, english_column;
	char english_token[PGN_TOKEN_MAX + 1];
};

/* A reading of the game held back: the part of the reader's state that playing moves
 * changes (see pgn_lang.c). */
struct pgn_shadow {
	struct pgn_lang lang;
	int depth, overflow, moves, errors, warnings, nags;
	bool first_error_syntax, nags_cut;
	unsigned error_line, error_column;
	struct pgn_line lines[PGN_DEPTH_MAX + 1];
};

/* The events held back, and the readings they are played in (pgn_lang.c). */
struct pgn_defer {
	bool on;                        /* events are being held */
	bool replaying;                 /* they are being given to the visitor */
	bool shadow;                    /* the reader plays a reading, not the game */
	int count;                      /* readings: the reader itself, then slots[0..count-2] */
	struct pgn_shadow base;         /* the game as it was when they parted */
	struct pgn_shadow slots[2];
	/* where they parted, and how each read the move there */
	int ply, depth;
	unsigned line, column;
	char token[PGN_TOKEN_MAX + 1];
	san_lang_set langs[2];
	move moves[2];
	size_t used;
	unsigned char events[PGN_DEFER_MAX];
};

/* The reader's whole state. Fields are private: use the functions below. */
struct pgn_reader {
	const struct pgn_visitor *visitor;
	void *ctx;
	struct pgn_options options;

	enum pgn_state state;
	unsigned line, column;
	bool line_start;
	unsigned bom;                   /* bytes of a leading byte-order mark seen */
	bool paused;
	unsigned long long offset;
	unsigned tok_line, tok_column;
	size_t tok_length;
	bool tok_overflow;
	char tok[PGN_TOKEN_MAX + 1];
	unsigned nag_value;

	char tag_name[PGN_TAG_NAME_MAX + 1];
	size_t tag_name_length;
	char tag_value[PGN_TAG_VALUE_MAX + 1];
	size_t tag_value_length;
	bool tag_value_cut, tag_escape;
	unsigned tag_line, tag_column;

	char comment[PGN_COMMENT_MAX + 1];
	size_t comment_length;
	bool comment_cut, comment_pending;
	unsigned comment_line, comment_column;

	/* the game being read */
	int game;                       /* index of the current game (or of the next one) */
	bool in_game, started;
	int tags, moves, errors, warnings;
	bool first_error_syntax;
	unsigned error_line, error_column;
	bool has_fen, setup_zero;
	char fen[FEN_INPUT_MAX + 1];
	size_t fen_length;
	int variant;                    /* 0 standard, 1 Chess960, 2 unsupported */
	char variant_name[64];
	char result_tag[PGN_RESULT_MAX];
	bool start_valid;
	struct position start;
	int depth;                      /* current line */
	int overflow;                   /* parentheses open beyond PGN_DEPTH_MAX */
	struct pgn_line lines[PGN_DEPTH_MAX + 1];
	size_t comment_total;           /* bytes of comments given to the visitor */
	int nags, arrows;               /* NAGs and marks given to the visitor */
	bool tags_cut, nags_cut, comments_cut, arrows_cut; /* warned about once */
	bool content;                   /* anything but whitespace and comments seen */
	struct pgn_lang lang;           /* options.detect_lang: the game's language */
	struct san_parse_result san; /* scratch for the move being read */
	/* options.detect_lang: what is held back while two languages read the game
	 * differently (never touched otherwise) */
	struct pgn_defer defer;
};

/* Sets up a reader; options may be NULL (lenient English SAN). visitor and ctx are kept. */
void pgn_reader_init(struct pgn_reader *r, const struct pgn_visitor *visitor, void *ctx,
		     const struct pgn_options *options);

/* Reads length bytes; returns how many were used: all of them, or fewer when the
 * game_end callback asked to pause (call again with the rest). */
size_t pgn_reader_feed(struct pgn_reader *r, const char *data, size_t length);

/* Ends the input: finishes the token, comment or game in progress. */
void pgn_reader_finish(struct pgn_reader *r);

/* True when the input held something besides whitespace, comments and escape lines. */
static inline bool pgn_reader_saw_content(const struct pgn_reader *r) { return r->content; }

#endif
