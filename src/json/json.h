/* json.h -- every JSON shape of the API, built from core results with cJSON.
 *
 * The daemon and the CLI both print what these functions build, so the two never
 * disagree. Every function returning cJSON * hands the caller a new tree that the caller
 * frees with cJSON_Delete (or attaches to a parent, which then owns it); NULL means out
 * of memory. Nothing here knows HTTP. */
#ifndef FEND_JSON_H
#define FEND_JSON_H

#include <cjson/cJSON.h>

#include "core/descriptive.h"
#include "core/dests.h"
#include "core/error.h"
#include "core/fen.h"
#include "core/fen_compare.h"
#include "core/opening.h"
#include "core/pgn_write.h"
#include "core/pgn.h"
#include "core/position.h"
#include "core/render_game.h"
#include "core/san.h"
#include "core/san_detect.h"
#include "core/status.h"

/* How FENs in a response are written (the request's "ep" and "castling" options). */
struct json_fen_style {
	enum fen_ep_style ep;
	enum fen_castling_style castling;
};

#define JSON_FEN_STYLE_DEFAULT ((struct json_fen_style){ FEN_EP_FEN, FEN_CASTLING_STANDARD })

/* json-fen.c */

/* Names of the request options, for parsing them: return 0 and set *out when name is
 * known, -1 otherwise. */
int json_parse_mode(const char *name, enum fen_mode *out);
int json_parse_ep_style(const char *name, enum fen_ep_style *out);
int json_parse_castling_style(const char *name, enum fen_castling_style *out);

/* [{"code", "field", "offset", "length", "message"[, "given", "became"]}, ...] */
cJSON *json_issues(const struct fen_issue *issues, int count);

/* An invalid FEN's hints, the options that would read it: [{"code": "chess960" or
 * "lenient", "option": "chess960" or "mode", "value": true or "lenient", "valid",
 * "message"}, ...]. json_validation and json_invalid_fen add it as "hints" when the
 * report has any, and leave it out otherwise (always for a valid FEN). */
cJSON *json_hints(const struct fen_report *report);

/* {"check", "checkmate", "stalemate", "insufficient_material", "fifty_move",
 *  "seventy_five_move", "legal_moves", "outcome", "result"} */
cJSON *json_status(const struct position *pos, const struct status *st);

/* json_status for a tree printed unformatted and never read back (the server's answers):
 * the same bytes, as a raw node holding a copy of the text cJSON printed for an equal
 * status earlier on this thread. NULL when out of memory. */
cJSON *json_status_printed(const struct position *pos, const struct status *st);

/* {"board", "turn", "castling", "en_passant", "halfmove", "fullmove"} */
cJSON *json_fields(const struct position *pos, const struct json_fen_style *style);

/* The /validate result (and `fen validate`): {"valid", "fen", "fields", "chess960",
 * "zobrist", "status", "opening" (json_opening of the position), "errors", "warnings"[,
 * "hints"]}. pos may be unspecified when verdict is
 * FEN_MALFORMED; fen, fields, zobrist and status are then null (status is also null for
 * an illegal position). */
cJSON *json_validation(enum fen_verdict verdict, const struct position *pos, const struct fen_report *report,
		       const struct json_fen_style *style);

/* json_validation for a tree printed unformatted and never read back: the same bytes
 * (its status from json_status_printed). */
cJSON *json_validation_printed(enum fen_verdict verdict, const struct position *pos, const struct fen_report *report,
			       const struct json_fen_style *style);

/* Extension members for an invalid FEN given to apply-move, moves or render:
 * {"code": "invalid_fen", "detail", "errors", "warnings"[, "hints"]}. */
cJSON *json_invalid_fen(const struct fen_report *report);

/* The FEN of pos as a cJSON string, in the given style. */
cJSON *json_fen_string(const struct position *pos, const struct json_fen_style *style);

/* json-moves.c */

/* Adds child to array, deleting child if that fails; false when out of memory (child
 * NULL counts as that). Members of objects: json_put (json-member.c). */
bool json_append(cJSON *array, cJSON *child);

/* The legal moves of pos in UCI: ["e2e4", ...]. */
cJSON *json_legal_uci(const struct position *pos);

/* One legal move described for clients: {"uci", "san" (in lang), "from", "to", "piece",
 * "capture", "promotion", "flags"}. pos is the position before the move; m is one of
 * movegen_legal's, never MOVE_NULL (which has no squares or piece to describe). */
cJSON *json_move(const struct position *pos, move m, enum san_lang lang);

/* The /moves result: {"fen", "count", "moves": [json_move, ...]}. */
cJSON *json_moves(const struct position *pos, enum san_lang lang, const struct json_fen_style *style);

/* Extension members for a UCI move that cannot be played: {"code": "illegal_move",
 * "reason": "malformed" (not move notation) or "not_legal", "detail", "index", "move",
 * "fen", "legal_moves": ["e2e4", ...]}.
 * pos is the position the move was tried in; index counts from 0; lang is the language of
 * "detail". */
cJSON *json_illegal_move(const struct position *pos, int index, const char *text, size_t length, bool malformed,
			 enum msg_lang lang, const struct json_fen_style *style);

/* json-apply.c */

/* How the moves of a request are written. AUTO reads a lower-case UCI shape (e2e4,
 * e7e8q, e1h1) as UCI and anything else as SAN. */
enum json_notation {
	JSON_NOTATION_AUTO,
	JSON_NOTATION_UCI,
	JSON_NOTATION_SAN,
	JSON_NOTATION_DESCRIPTIVE,
	JSON_NOTATION_NB
};

/* "auto", "uci", "san", "descriptive": 0 and *out set, or -1. */
int json_parse_notation(const char *name, enum json_notation *out);
/* "en", "it", ..., "figurine": 0 and *out set, or -1. */
int json_parse_lang(const char *name, enum san_lang *out);

/* How json_apply_moves reads and reports the moves. */
struct json_apply_options {
	enum json_notation notation;
	struct san_parse_options san; /* the language of SAN in and out; strict SAN */
	bool detect_lang;             /* no lang given: SAN is read in the language its letters
				       * show (san_detect.h), san.lang is only the one written */
	bool list_plies;              /* "moves": one entry per ply, and "pgn" */
	const char *const *history;   /* moves played before the position (same notation), */
	int history_count;            /* from history_start: for repetitions and the PGN */
	const struct position *history_start; /* NULL: the standard starting position */
	const struct pgn_tag *tags;   /* tags for "pgn" */
	int tag_count;
	const struct work_check *check; /* a descriptive reading stops when it says so (NULL: never) */
};

#define JSON_APPLY_OPTIONS_DEFAULT ((struct json_apply_options){ JSON_NOTATION_AUTO, { SAN_LANG_EN, false, MSG_EN }, false, \
								 false, NULL, 0, NULL, NULL, 0, NULL })

/* Why json_apply_moves returned problem members instead of a result. */
enum json_apply_outcome {
	JSON_APPLY_OK,
	JSON_APPLY_ILLEGAL_MOVE,      /* 422 illegal_move */
	JSON_APPLY_AMBIGUOUS_MOVE,    /* 422 ambiguous_move */
	JSON_APPLY_AMBIGUOUS_LANGUAGE,/* 422 ambiguous_language (detect_lang) */
	JSON_APPLY_NON_STANDARD_SAN,  /* 422 non_standard_san (strict SAN) */
	JSON_APPLY_BAD_HISTORY,       /* 400 invalid_field: history does not lead to the position */
	JSON_APPLY_UNSUPPORTED,       /* 400 invalid_field: a notation this build cannot read */
	JSON_APPLY_STOPPED            /* options->check said to stop (no problem members) */
};

/* Plays count moves from *pos (left at the position after the last move played) and
 * returns the apply-move result: {"fen", "uci", "san" (the last move; null when count is
 * 0), then for a single move "lan", "given", "nag", "warnings", then "status" (with
 * repetitions), "opening" (the line's: the most recent named position of the history and
 * the moves, walking back; json_opening)}, plus, when list_plies, "moves": [{"uci", "san",
 * "lan", "fen", "given", "nag", "warnings", "opening" (the position's own)}, ...] and
 * "pgn" (the game, with the history when one was given).
 * With detect_lang, the history and the moves are read as one game in the language
 * detected; when that is not English, "lang_detected" ends the result and the first
 * move listed that showed it (else the first) has the warning lang_detected.
 * Otherwise *outcome says which problem the returned members describe (each names its
 * "field": "move", "moves" or "history", and the move's "index"; a move that no language
 * reads, when the one that read furthest is not English, has "lang_hint"). NULL when out
 * of memory. */
cJSON *json_apply_moves(struct position *pos, const char *const *moves, int count,
			const struct json_apply_options *options, const struct json_fen_style *style,
			enum json_apply_outcome *outcome);

/* The moves of an ambiguous_move problem: [{"san" (in lang), "uci"}, ...]. */
cJSON *json_candidates(const struct position *pos, const move *moves, int count, enum san_lang lang);

/* [{"code", "offset", "length", "given", "became", "message"}, ...]: SAN warnings. */
cJSON *json_san_warnings(const struct san_issue *warnings, int count);

/* The board state a web frontend draws: {"fen", "turn", "board" (8 rows from rank 8, each
 * 8 cells of a piece letter or null), "pieces": [{"square", "piece", "color", "type"}],
 * "check_square", "status"}. */
cJSON *json_board(const struct position *pos, const struct json_fen_style *style);

/* json-lang.c */

/* The languages of set by name: ["it", "es"]. */
cJSON *json_lang_names(san_lang_set set);

/* Adds "lang_detected": the name of d->lang. False when out of memory. */
bool json_lang_detected(cJSON *obj, const struct san_detect_result *d);

/* The warning lang_detected, on the move m of pos written text (length bytes) that showed
 * the language of d: a SAN warning's members {"code", "offset", "length", "given",
 * "became" (the move in write's letters), "message"}. */
cJSON *json_lang_warning(const struct position *pos, move m, const char *text, size_t length,
			 const struct san_detect_result *d, enum san_lang write, enum msg_lang lang);

/* The message of that warning, into out (size bytes). */
void json_lang_message(const struct position *pos, move m, const char *text, size_t length,
		       const struct san_detect_result *d, enum san_lang write, char *out, size_t size);

/* A move no language reads, read in d->lang (not English), which read plies moves before
 * it: adds to its problem "lang_hint": {"lang", "langs", "plies"}, and says so at the end
 * of "detail". False when out of memory. */
bool json_lang_hint(cJSON *problem, const struct san_detect_result *d, int plies, enum msg_lang lang);

/* The members of ambiguous_language for d (SAN_DETECT_AMBIGUOUS), whose move is token
 * index of its list, written text (length bytes): {"code", "detail", "index", "move",
 * "fen" (before it), "langs", "readings": [{"langs", "uci", "san" (English)}, ...]}; "detail"
 * in lang. */
cJSON *json_ambiguous_language(const struct san_detect_result *d, int index, const char *text, size_t length,
			       enum msg_lang lang,
			       const struct json_fen_style *style);

/* json-convert.c */

/* The notations /convert reads. */
enum json_convert_from { JSON_CONVERT_DESCRIPTIVE, JSON_CONVERT_SAN, JSON_CONVERT_UCI };

struct json_convert_request {
	const char *text;                      /* the game as typed, length bytes */
	size_t length;
	enum json_convert_from from;
	enum descriptive_lang descriptive_lang; /* from descriptive */
	enum san_lang san_lang;                /* from SAN */
	bool detect_lang;                      /* no lang: from SAN, san_lang is the one its
						* letters show (san_detect.h); from descriptive,
						* Spanish when only Spanish reads the game */
	enum san_lang output_lang;             /* the piece letters of every move's "san"
						* (the PGN is standard SAN, in English) */
	bool strict;                           /* SAN: strict reading; descriptive: an ambiguity
						* that stays is an error, not a note */
	const struct pgn_tag *tags;            /* written into the PGN (borrowed) */
	int tag_count;
	struct json_fen_style style;
	const struct work_check *check;        /* a descriptive reading stops when it says so (NULL: never) */
	enum msg_lang msg_lang;                /* the language of the notes' and problems' messages */
};

/* Why json_convert returned a problem instead of a result. */
enum json_convert_failure {
	JSON_CONVERT_OK,
	JSON_CONVERT_ILLEGAL,    /* illegal_move: reason malformed, not_legal (or a SAN rule) */
	JSON_CONVERT_AMBIGUOUS,  /* ambiguous_move, with candidates */
	JSON_CONVERT_AMBIGUOUS_LANGUAGE, /* ambiguous_language (detect_lang) */
	JSON_CONVERT_UNREADABLE, /* unreadable_game: no moves, too many, too long, search limit */
	JSON_CONVERT_BAD_TAGS,   /* a tag PGN cannot hold; nothing is returned */
	JSON_CONVERT_STOPPED     /* req->check said to stop; nothing is returned */
};

/* Reads req->text from start and returns the /convert result: {"pgn", "comment" (before the
 * first move, or null), "moves": [{"given", "offset", "san", "uci", "fen", "nag",
 * "comment", "nags": [{"nag", "glyph", "meaning"}], "variations": [[move, ...], ...][,
 * "starting_comment"]}], "final_fen", "status", "notes": [{"code", "ply", "offset",
 * "length", "message"[, "depth"]}]}; the PGN's SAN is always standard (English) SAN, and
 * it holds the comments, NAGs and variations. With detect_lang, a language detected other
 * than English adds "lang_detected" and the note lang_detected on the move that showed it.
 * game is the caller's working memory (large: allocate it). When the game cannot be read,
 * *failure says why and the problem members are returned instead: {"code", "reason",
 * "detail", "index", "token", "offset", "length", "fen"[, "depth"][, "candidates" |
 * "legal_moves"][, "lang_hint"]} ("depth" for a token in a variation), or
 * json_ambiguous_language's with "offset" and "length". NULL when out of memory (or for
 * JSON_CONVERT_BAD_TAGS). */
cJSON *json_convert(const struct position *start, const struct json_convert_request *req,
		    struct descriptive_game *game, enum json_convert_failure *failure);

/* Appends game's notes (what reading its descriptive notation had to interpret) to the
 * array notes, each {"code", "ply", "offset", "length", "message"} and, when field is not
 * NULL, "field" (a constant: the request member the moves came from), "depth" for a move
 * in a variation. False when out of memory. */
bool json_descriptive_notes(cJSON *notes, const struct descriptive_game *game, const char *field);
/* /render's JSON: json_board for any readable board, plus "valid" and "problems" (the
 * report's errors, [] for a legal position); "status" is null when the position is not
 * legal. verdict is FEN_VALID or FEN_ILLEGAL. */
cJSON *json_render_board(const struct position *pos, enum fen_verdict verdict, const struct fen_report *report,
			 const struct json_fen_style *style);

/* Why the game of a PGN could not be drawn (render_game.h), as the CLI prints it: the
 * members of json_invalid_fen or json_illegal_move (with "lang_hint" when the language
 * read in was detected and is not English), json_ambiguous_language's, or {"code":
 * "malformed_pgn", "detail", "line", "column"} for text holding no game, {"code":
 * "game_too_large", "detail"}. */
cJSON *json_render_game_error(const struct render_game_error *err, const struct json_fen_style *style);

/* json-request.c */

/* What is wrong with a JSON text (for a caller that words it in another language). */
enum json_text_problem { JSON_TEXT_NUL, JSON_TEXT_NOT_UTF8, JSON_TEXT_NUL_ESCAPE, JSON_TEXT_SYNTAX };

/* Why a JSON text could not be read: the byte offset (the byte the sentence names), what
 * is wrong, and a sentence in English. */
struct json_text_error {
	size_t offset;
	enum json_text_problem problem;
	char detail[112];
};

/* Parses length bytes of data as one JSON text (data[length] must be the NUL that ends
 * it), refusing what the API refuses: a NUL byte, bytes that are not UTF-8, and \u0000
 * escapes. Returns the tree (the caller deletes it), or NULL with err filled in; what
 * names the text in err->detail ("the request body", "the line"). */
cJSON *json_parse_text(const char *data, size_t length, const char *what, struct json_text_error *err);

/* The type of the value a JSON text holds, as its first byte that is not whitespace
 * tells it, without reading the value: "object", "array", "string", "number" (a digit,
 * or '-' and a digit), "boolean" (the word true or false) or "null" (the word null);
 * NULL when no value starts there (or the text is all whitespace). *offset is that
 * byte's offset. The text may still be malformed past what was looked at. */
const char *json_root_type(const char *data, size_t length, size_t *offset);

/* Why an option of a request object is wrong: missing_field when missing, else
 * invalid_field, for field; detail is message msg of field in English. */
struct json_option_error {
	bool missing;
	char field[32];
	enum msg_id msg;
	char detail[96];
};

/* Reads member name of object as a string (*out NULL when absent); -1 with err when it
 * is not a string, or absent and required. */
int json_member_string(const cJSON *object, const char *name, bool required, const char **out,
		       struct json_option_error *err);

/* Reads member name of object as true/false (*out is left alone when absent); -1 with
 * err when it is something else. */
int json_member_bool(const cJSON *object, const char *name, bool *out, struct json_option_error *err);

/* Reads the option names given (each may be NULL: left as it is) into options and
 * style; -1 with err naming the first one that is not known. */
int json_style_options(const char *mode, const char *ep, const char *castling, struct fen_options *options,
		       struct json_fen_style *style, struct json_option_error *err);

/* Reads the shared position options of a request object (fen, mode, chess960,
 * infer_castling, ep, castling) over the values options and style already hold; *fen is
 * borrowed from object. Returns 0, or -1 with err. */
int json_position_options(const cJSON *object, const char **fen, struct fen_options *options,
			  struct json_fen_style *style, struct json_option_error *err);

/* json-compare.c */

/* {"equal", "expected", "fields": [names of the fields that differ], "squares":
 * [{"square", "expected", "given"}] (piece letters, null for empty), "unreadable_ranks":
 * [rank numbers of the given placement that are not eight squares]}: cmp, the comparison
 * of a FEN with expected (the FEN it was compared with, as the answer writes it). */
cJSON *json_comparison(const struct fen_comparison *cmp, const char *expected);

/* json-bulk.c */

/* The longest line bulk validation reads; longer ones get a line_too_long record. */
#define JSON_LINE_MAX 4096

/* fen_parse then json_validation: the /validate result for length bytes of fen. *valid
 * (when valid is not NULL) says whether the FEN is valid. */
cJSON *json_validate_text(const char *fen, size_t length, const struct fen_options *options,
			  const struct json_fen_style *style, bool *valid);

/* json_validate_text and json_validate_line for a tree printed unformatted and never
 * read back (the server's answers): the same bytes (json_validation_printed). */
cJSON *json_validate_text_printed(const char *fen, size_t length, const struct fen_options *options,
				  const struct json_fen_style *style, bool *valid);
cJSON *json_validate_line_printed(const char *line, size_t length, unsigned long number,
				  const struct fen_options *options, const struct json_fen_style *style, bool *valid);

/* The record of one NDJSON line of bulk validation (line[length] must be NUL; number
 * counts lines from 1). The line is a JSON string, the FEN, validated with options and
 * style; or an object like the /validate body, whose members override them. The record
 * is {"line", "result": json_validation}, or, for a line that cannot be read,
 * {"line", "error": {"code": "malformed_json" (+ "offset") | "missing_field" |
 * "invalid_field" (+ "field"), "detail"}}. *valid (when not NULL) says whether the line
 * held a valid FEN. */
cJSON *json_validate_line(const char *line, size_t length, unsigned long number, const struct fen_options *options,
			  const struct json_fen_style *style, bool *valid);

/* The record of a line longer than limit: {"line", "error": {"code": "line_too_long",
 * "detail", "limit"}}. */
cJSON *json_line_too_long(unsigned long number, size_t limit);

/* json-pgn.c */

/* What the last finished game amounted to, beside its JSON. */
struct json_pgn_summary {
	int game;
	bool malformed;  /* not PGN at all (see struct pgn_game_end) */
	int errors;
	unsigned line, column; /* of the first error */
};

/* Builds the JSON of PGN games from the reader's events (pass json_pgn_visitor and the
 * builder to pgn_reader_init). Each finished game is {"index", "tags", "result",
 * "chess960", "start_fen", "comment", "moves": [{"ply", "move_number", "color", "san",
 * "uci", "fen", "comment", ["starting_comment",] "nags": [{"nag", "glyph", "meaning"}],
 * "clock", "eval", ["arrows",] "variations": [[...], ...]}], "final_fen", "status",
 * "errors", "warnings"}; SAN is written in lang. A move's comments are joined with
 * spaces; control characters other than tab and newlines in comments and tag values come
 * out as '?', as bytes that are not UTF-8 do. At most PGN_GAME_ISSUES_MAX errors and as
 * many warnings of a game are listed, then one warning (errors_not_listed,
 * warnings_not_listed) says how many more there were. With pause, the reader pauses after
 * each game so that the caller can take it. json_pgn_new returns NULL when out of memory;
 * the caller frees the builder with json_pgn_free. */
struct json_pgn;
extern const struct pgn_visitor json_pgn_visitor;
struct json_pgn *json_pgn_new(const struct json_fen_style *style, enum san_lang lang, bool pause);

/* The language of the builder's own messages (the notes that errors or warnings were left
 * out); English until set. */
void json_pgn_set_msg_lang(struct json_pgn *b, enum msg_lang lang);
void json_pgn_free(struct json_pgn *b);

/* The last finished game (the caller owns it), or NULL when none is waiting; *oom is set
 * (and NULL returned) when building it ran out of memory. summary may be NULL. */
cJSON *json_pgn_take(struct json_pgn *b, struct json_pgn_summary *summary, bool *oom);

/* One problem of a game as its "errors" or "warnings" list has it ({"code", "message",
 * "index", "line", "column", "ply", "depth", "san", ...}), candidate moves in lang; for a
 * caller that lists problems without building the games (POST /pgn answering PGN). The
 * caller owns it; NULL when out of memory. */
cJSON *json_pgn_issue(const struct pgn_issue *issue, enum san_lang lang);

/* json-member.c */

/* Members whose name is a string constant (it must outlive the tree): added without
 * copying the name. Each returns false when out of memory (item NULL, or the member
 * could not be made), after freeing what it made; json_put takes item over, also when
 * it fails. json_put_static's text must be a constant too: it is referenced, not
 * copied. json_put_string copies its text. */
bool json_put(cJSON *obj, const char *name, cJSON *item);
bool json_put_string(cJSON *obj, const char *name, const char *text);
bool json_put_static(cJSON *obj, const char *name, const char *text);
bool json_put_bool(cJSON *obj, const char *name, bool value);
bool json_put_null(cJSON *obj, const char *name);
bool json_put_number(cJSON *obj, const char *name, double value);

/* Constant names to reference: a square's ("e4"), NULL when off the board; a piece's FEN
 * letter ("N", "p"), NULL for no piece. */
const char *json_square_name(int sq);
const char *json_piece_name(int pc);

/* json-print.c */

/* Makes item (a tree about to be printed and deleted) quick to print: every integral
 * number below 1e15 becomes a raw node of its digits, which cJSON prints as they are
 * (cJSON 1.7.15 prints numbers with sprintf and checks them with sscanf). The printed
 * text is the same; the tree no longer holds numbers. False when out of memory (the
 * tree is then partly converted, and prints the same). */
bool json_print_prepare(cJSON *item);

/* json-arena.c */

/* Makes cJSON allocate through the per-thread arena below. Call once, before any thread
 * starts and before any cJSON call (cJSON_InitHooks is not thread-safe). */
void json_arena_install(void);

/* Opens this thread's arena: cJSON's allocations come from it until json_arena_end,
 * and freeing them costs nothing. Only for trees that die before json_arena_end: print
 * them into memory that is not cJSON's (see reply.c) before the end. A tree of the arena
 * deleted after json_arena_end but before the thread's next json_arena_begin is
 * harmless (its frees do nothing); after that begin, its memory is another answer's. */
void json_arena_begin(void);

/* Deletes tree (cJSON_Delete), or does nothing when this thread's arena is open and
 * tree was made in it: json_arena_end gives all of it back. */
void json_arena_delete(cJSON *tree);

/* Closes the arena and gives back at once all that was allocated in it. */
void json_arena_end(void);

/* A copy of tree made outside the arena (malloc, freed with cJSON_Delete), to outlive
 * json_arena_end or to go to another thread; NULL when out of memory. */
cJSON *json_arena_copy_out(const cJSON *tree);

/* json_arena_end, and unmaps the thread's region (a thread that ends). */
void json_arena_release(void);

/* Caps what cJSON may hold on this thread at bytes (0: no cap) from now on: the arena's
 * bytes in use plus the live bytes it malloc'd since this call (outside an open arena,
 * or past the arena's end). An allocation past the cap fails (cJSON sees NULL, as when
 * memory runs out) and json_arena_exceeded turns true. Each call starts the count and
 * the exceeded state afresh. Memory malloc'd before the call is not counted (its frees
 * do not lower the count below 0). */
void json_arena_limit(size_t bytes);

/* True when an allocation was refused by the cap since json_arena_limit was called.
 * From the first refusal on, a small reserve (16 KiB) past the cap is allowed, so that
 * the problem saying so can be built; what failed stays failed. */
bool json_arena_exceeded(void);

/* The cap json_arena_limit set on this thread (0: none). */
size_t json_arena_limit_bytes(void);

/* What the cap counts on this thread now: the open arena's bytes in use, plus the live
 * bytes cJSON malloc'd while a cap was set (0 for those when no cap is set). */
size_t json_arena_used(void);

/* json-opening.c */

/* An opening's name: {"eco", "name", "ply"} (opening.h), or a JSON null when o is NULL.
 * NULL when out of memory. */
cJSON *json_opening(const struct opening *o);

/* json_opening of the opening named for the position with this key (opening_find). */
cJSON *json_opening_of_key(uint64_t key);

/* json-position.c */

/* The /position result: {"fen", "turn", "chess960", "board": [{"square", "piece" ("wN"),
 * "color", "role"}, ...] (a1 to h8), "check" (the checked king's square, or null),
 * "status" (json_status), "legal_moves": [json_move, ...], "dests": {"e2": ["e3", "e4"],
 * ...} (dests_compute's, castling as castling says), "last_move": {"uci", "san", "from",
 * "to"} or null, "opening"}. applied is json_apply_moves's result for the moves that led
 * to pos, or NULL when none were given; it is taken over (deleted, also on failure): its
 * "status" (with repetitions) and "opening" (the line's) are the answer's, its "uci" and
 * "san" make "last_move". Without it, status and opening are the position's own. NULL
 * when out of memory. */
cJSON *json_position(const struct position *pos, enum san_lang lang, enum dests_castling castling,
		     const struct json_fen_style *style, cJSON *applied);

#endif
