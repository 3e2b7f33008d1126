/* endpoint-pgn.c -- POST /pgn: PGN games to JSON, with the FEN after every ply, or back
 * to clean export-format PGN. The body is PGN (application/x-chess-pgn,
 * application/vnd.chess-pgn, text/plain) or JSON {"pgn": "..."}; every body is spooled
 * (stream.h) and read by the incremental PGN reader a piece at a time, so neither the
 * request nor the answer is ever held whole. The answer is {"games": [...]}
 * (application/json), or with Accept: application/x-ndjson one game per line, or with
 * Accept: application/x-chess-pgn (or application/vnd.chess-pgn) the games as export
 * format PGN (core/pgn_export.h); all are sent chunked, a game as soon as it is read.
 *
 * Before the 200 goes out the first game is read: a body with no game in it, or one
 * whose first game is not PGN at all, is a 422 malformed_pgn that says where, whatever
 * the answer's format. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pgn_export.h"
#include "core/san.h"
#include "http/http.h"
#include "http/stream.h"

/* Games read per produce call (a produce call also stops once a chunk's worth waits). */
#define PGN_GAMES_PER_CALL 8

/* The Content-Type of a PGN answer. */
#define PGN_ANSWER_TYPE "application/x-chess-pgn; charset=utf-8"

/* What the answer is made of, from the request's Accept. */
enum pgn_answer { PGN_ANSWER_JSON, PGN_ANSWER_NDJSON, PGN_ANSWER_PGN };

struct pgn_stream {
	struct http_request req;       /* the request's options (query), while it lasts */
	enum pgn_answer answer;
	bool json_body;
	struct body body;              /* a JSON body, read whole */
	cJSON *root;
	const char *chunk;             /* input the reader has not taken yet */
	size_t chunk_length;
	bool finished;                 /* pgn_reader_finish was called */
	int games;                     /* games emitted */
	struct json_pgn *builder;      /* JSON and NDJSON answers */
	char *print;                   /* where games are printed, kept for the next */
	size_t print_size;
	struct pgn_export *export;     /* PGN answers */
	enum msg_lang msg_lang;        /* the language of the answer's messages */
	struct stream_output *out;     /* where export's games go, while it is fed */
	enum san_lang lang;
	bool first;                    /* the first game is being read */
	bool first_oom;
	cJSON *first_errors;           /* its errors, for a 422 */
	struct pgn_reader reader;
	char buffer[STREAM_BUFFER];
};

static bool pgn_accepts(const char *type)
{
	return stream_is_pgn_type(type) || body_is_json_type(type);
}

/* True for the media types of a PGN answer, any parameters, any case. */
static bool pgn_is_answer_type(const char *type)
{
	static const char *const names[] = { "application/x-chess-pgn", "application/vnd.chess-pgn" };

	return stream_type_is(type, names, sizeof names / sizeof names[0]);
}

/* True when an element of an Accept header's list is a type that is (q is not looked at). */
static bool pgn_accept_names(const char *accept, bool (*is)(const char *type))
{
	while (accept && *accept) {
		const char *comma = strchr(accept, ',');
		char type[64];
		size_t n = comma ? (size_t)(comma - accept) : strlen(accept);
		if (n < sizeof type) {
			memcpy(type, accept, n);
			type[n] = '\0';
			if (is(type))
				return true;
		}
		accept = comma ? comma + 1 : NULL;
	}
	return false;
}

/* The answer an Accept header asks for: NDJSON when it names NDJSON, else PGN when it
 * names PGN, else JSON (also when it names neither, as for any other type). */
static enum pgn_answer pgn_answer_of(const char *accept)
{
	if (pgn_accept_names(accept, stream_is_ndjson_type))
		return PGN_ANSWER_NDJSON;
	if (pgn_accept_names(accept, pgn_is_answer_type))
		return PGN_ANSWER_PGN;
	return PGN_ANSWER_JSON;
}

/* The sink of exported games: the stream's output. */
static int pgn_answer_sink(void *context, const char *text, size_t length)
{
	struct pgn_stream *st = context;

	return stream_emit(st->out, text, length);
}

/* The problems the exporter sees: the first game's errors are kept for a 422. */
static void pgn_answer_issue(void *context, const struct pgn_issue *issue)
{
	struct pgn_stream *st = context;
	cJSON *item;

	if (!st->first || pgn_code_is_warning(issue->code) || st->first_oom)
		return;
	if (!st->first_errors && !(st->first_errors = cJSON_CreateArray())) {
		st->first_oom = true;
		return;
	}
	if (cJSON_GetArraySize(st->first_errors) >= PGN_GAME_ISSUES_MAX)
		return;
	item = json_pgn_issue(issue, st->lang);
	if (!item || !cJSON_AddItemToArray(st->first_errors, item)) {
		cJSON_Delete(item);
		st->first_oom = true;
	}
}

/* 0 (no limit) is as good as none; a quarter of the address space keeps the server's
 * "twice the limit" arithmetic from overflowing. */
static size_t pgn_limit(const struct config *cfg)
{
	return cfg->max_pgn_body ? cfg->max_pgn_body : SIZE_MAX / 4;
}

/* Reads the options of the request (JSON members or query parameters) into the reader
 * and builder. Returns 0, or -1 with a problem in resp. */
static int pgn_options(struct pgn_stream *st, const struct http_request *req, struct http_response *resp)
{
	struct fen_options fen;
	struct json_fen_style style;
	enum msg_lang words = negotiate_lang(req);
	struct pgn_options options = { { SAN_LANG_EN, false, words }, false, words };
	const char *lang;

	if (body_style_options(req, &fen, &style, resp) || body_string(req, "lang", false, &lang, resp) ||
	    body_bool(req, "strict_san", &options.san.strict, resp))
		return -1;
	if (lang && san_lang_parse(lang, &options.san.lang)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "lang", msg_text(MSG_API_LANG_PGN, resp->lang));
		return -1;
	}
	/* no lang: each game is read in the language its letters show, written in English */
	options.detect_lang = lang == NULL;
	st->lang = options.san.lang;
	st->msg_lang = options.lang;
	if (st->answer == PGN_ANSWER_PGN) {
		/* The reader's caps bound a game: the exporter holds one (pgn_export.h). */
		if (!(st->export = malloc(sizeof *st->export))) {
			reply_internal_error(resp);
			return -1;
		}
		pgn_export_init(st->export, pgn_answer_sink, st, style.ep, style.castling, true);
		pgn_export_observe(st->export, pgn_answer_issue, st);
		pgn_reader_init(&st->reader, &pgn_export_visitor, st->export, &options);
		return 0;
	}
	st->builder = json_pgn_new(&style, options.san.lang, true);
	if (st->builder)
		json_pgn_set_msg_lang(st->builder, options.lang);
	if (!st->builder) {
		reply_internal_error(resp);
		return -1;
	}
	pgn_reader_init(&st->reader, &json_pgn_visitor, st->builder, &options);
	return 0;
}

static void pgn_close(void *state)
{
	struct pgn_stream *st = state;

	if (!st)
		return;
	json_pgn_free(st->builder);
	free(st->export);
	cJSON_Delete(st->first_errors);
	free(st->print);
	cJSON_Delete(st->root);
	body_clear(&st->body);
	free(st);
}

static int pgn_open(const struct http_request *req, void **state, struct http_response *resp)
{
	struct pgn_stream *st = calloc(1, sizeof *st);

	if (!st) {
		reply_internal_error(resp);
		return -1;
	}
	st->req = *req;
	st->answer = pgn_answer_of(req->header ? req->header(req->header_context, "Accept") : NULL);
	st->first = true;
	st->json_body = body_is_json_type(req->header ? req->header(req->header_context, "Content-Type") : NULL);
	body_init(&st->body);
	/* A JSON body's options are in the body, read in pgn_begin. */
	if (!st->json_body && pgn_options(st, req, resp)) {
		pgn_close(st);
		return -1;
	}
	*state = st;
	return 0;
}

/* Reads a JSON body whole ({"pgn": "...", "ep", "castling", "lang", "strict_san"}), within the limit
 * (with no limit set, within the default: a JSON body is parsed in memory). */
static int pgn_read_json(struct pgn_stream *st, struct stream_input *in, struct http_response *resp)
{
	size_t limit = st->req.config->max_pgn_body ? st->req.config->max_pgn_body : FEND_DEFAULT_MAX_PGN_BODY;
	struct http_request req = st->req;
	const char *pgn;
	ssize_t n;

	while ((n = stream_read(in, st->buffer, sizeof st->buffer)) > 0)
		body_append(&st->body, st->buffer, (size_t)n, limit);
	if (n < 0 || st->body.out_of_memory) {
		reply_internal_error(resp);
		return -1;
	}
	if (!(st->root = body_parse(&st->body, limit, resp)))
		return -1;
	req.body = st->root;
	/* The members' names, as the server checks those of the bodies it parses itself. */
	if (params_check(router_lookup(HTTP_POST, req.path), &req, resp) ||
	    body_string(&req, "pgn", true, &pgn, resp) || pgn_options(st, &req, resp))
		return -1;
	st->chunk = pgn;
	st->chunk_length = strlen(pgn);
	return 0;
}

/* Gives the reader more of the input (up to a pause). Returns 1 when it read some, or
 * finished the input just now; 0 when the input was finished already; -1 on a read
 * error. */
static int pgn_feed(struct pgn_stream *st, struct stream_input *in)
{
	ssize_t n;

	if (st->finished)
		return 0;
	if (st->chunk_length) {
		size_t used = pgn_reader_feed(&st->reader, st->chunk, st->chunk_length);
		st->chunk += used;
		st->chunk_length -= used;
		return 1;
	}
	n = st->json_body ? 0 : stream_read(in, st->buffer, sizeof st->buffer);
	if (n < 0)
		return -1;
	if (n == 0) {
		pgn_reader_finish(&st->reader);
		st->finished = true;
		return 1;
	}
	st->chunk = st->buffer;
	st->chunk_length = (size_t)n;
	return 1;
}

/* The next finished game: 1 with *game set (the caller owns it), 0 when there are no
 * more, -1 on a read error or out of memory. */
static int pgn_next_game(struct pgn_stream *st, struct stream_input *in, cJSON **game,
			 struct json_pgn_summary *summary)
{
	bool oom;
	int fed;

	for (;;) {
		if ((*game = json_pgn_take(st->builder, summary, &oom)))
			return 1;
		if (oom)
			return -1;
		if ((fed = pgn_feed(st, in)) <= 0)
			return fed;
	}
}

/* The next game exported into out: 1 when one was written (*summary, when not NULL,
 * says what it amounts to), 0 when there are no more, -1 on a read error or out of
 * memory. */
static int pgn_next_export(struct pgn_stream *st, struct stream_input *in, struct stream_output *out,
			   struct pgn_export_summary *summary)
{
	int fed;

	st->out = out;
	for (;;) {
		if (pgn_export_failed(st->export))
			return -1;
		if (pgn_export_take(st->export, summary))
			return 1;
		if ((fed = pgn_feed(st, in)) <= 0)
			return fed;
	}
}

/* The first room for printing a game in: a game of a hundred plies fits. */
#define PGN_PRINT_BUFFER (64 * 1024)

/* Emits one game: a line of NDJSON, or an element of the games array. Printed into a
 * buffer kept from game to game (grown when a game does not fit), not with
 * stream_emit_json, whose in-place room a game rarely fits: the failed try cost a second
 * printing, and a fresh big buffer per game cost a heap consolidation when freed. */
static int pgn_emit(struct pgn_stream *st, struct stream_output *out, cJSON *game)
{
	int ret = -1;

	for (;;) {
		if (!st->print) {
			st->print_size = st->print_size ? st->print_size * 2 : PGN_PRINT_BUFFER;
			if (!(st->print = malloc(st->print_size)))
				break;
		}
		/* cJSON wants 5 bytes more than it prints. */
		if (cJSON_PrintPreallocated(game, st->print, (int)st->print_size - 5, false)) {
			/* NDJSON ends each game with a newline; the games array is printed as
			 * compactly as any other answer. */
			bool ndjson = st->answer == PGN_ANSWER_NDJSON;
			if ((ndjson || st->games == 0 || !stream_emit(out, ",", 1)) &&
			    !stream_emit(out, st->print, strlen(st->print)) && (!ndjson || !stream_emit(out, "\n", 1)))
				ret = 0;
			break;
		}
		if (st->print_size > (size_t)1 << 30)
			break;
		free(st->print);
		st->print = NULL;
	}
	cJSON_Delete(game);
	st->games++;
	return ret;
}

/* The 422 of a body that is not PGN: got is false when it held no game at all (line and
 * column are then 1); else line and column say where reading its first game failed and
 * errors (taken over, may be NULL) what it found. */
static void pgn_malformed(struct http_response *resp, bool got, unsigned line, unsigned column, cJSON *errors)
{
	const cJSON *first = cJSON_GetArrayItem(errors, 0);
	const char *why = first ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(first, "message")) : NULL;
	char detail[256];
	cJSON *ext = cJSON_CreateObject();

	if (got)
		error_message(detail, sizeof detail, resp->lang, MSG_GAMES_J_NOT_PGN, line, column, why ? why : "");
	else
		error_message(detail, sizeof detail, resp->lang, MSG_GAMES_J_NO_PGN);
	if (ext) {
		cJSON_AddNumberToObject(ext, "line", line);
		cJSON_AddNumberToObject(ext, "column", column);
		if (got && errors && cJSON_AddItemToObject(ext, "errors", errors))
			errors = NULL;
	}
	cJSON_Delete(errors);
	reply_problem(resp, REPLY_MALFORMED_PGN, detail, ext);
}

/* The words of a game that needs more memory than a request may take (json-arena.c's
 * limit, --max-request-memory): the detail, and the members (the limit; NULL when out
 * of memory) of a 413. */
static cJSON *pgn_too_large_words(char *detail, size_t size, enum msg_lang lang)
{
	size_t limit = json_arena_limit_bytes();
	cJSON *ext;

	/* The game used up its room: the few nodes of the answer are made without a limit
	 * (the server sets the next one). */
	json_arena_limit(0);
	ext = cJSON_CreateObject();
	error_message(detail, size, lang, MSG_GAMES_J_TOO_MUCH_MEMORY, limit);
	if (!ext || !cJSON_AddNumberToObject(ext, "limit", (double)limit)) {
		cJSON_Delete(ext);
		return NULL;
	}
	return ext;
}

/* The same as a problem tree, for a streamed answer's last record. */
static cJSON *pgn_too_large(enum msg_lang lang)
{
	char detail[320];
	cJSON *ext = pgn_too_large_words(detail, sizeof detail, lang);

	return ext ? reply_problem_object(REPLY_PAYLOAD_TOO_LARGE, detail, ext) : NULL;
}

/* The answer to a first game that could not be read: 413 when it needed more memory than
 * a request may take, else 500 (out of memory, a spool read error). */
static void pgn_first_failed(struct http_response *resp)
{
	char detail[320];
	cJSON *ext = json_arena_exceeded() ? pgn_too_large_words(detail, sizeof detail, resp->lang) : NULL;

	if (!ext)
		reply_internal_error(resp);
	else
		reply_problem(resp, REPLY_PAYLOAD_TOO_LARGE, detail, ext);
}

/* pgn_begin for a PGN answer: the first game is written before the status is decided. */
static int pgn_begin_export(struct pgn_stream *st, struct stream_input *in, struct stream_output *out,
			    const char **content_type, struct http_response *resp)
{
	struct pgn_export_summary summary;
	int got = pgn_next_export(st, in, out, &summary);

	st->first = false;
	if (got < 0 || st->first_oom) {
		pgn_first_failed(resp);
		return -1;
	}
	if (got == 0 || summary.malformed) {
		pgn_malformed(resp, got, got ? summary.line : 1, got ? summary.column : 1, st->first_errors);
		st->first_errors = NULL;
		return -1;
	}
	cJSON_Delete(st->first_errors);
	st->first_errors = NULL;
	st->games++;
	*content_type = PGN_ANSWER_TYPE;
	return 0;
}

/* Reads the first game before the status is decided. */
static int pgn_begin(void *state, struct stream_input *in, struct stream_output *out, const char **content_type,
		     struct http_response *resp)
{
	struct pgn_stream *st = state;
	struct json_pgn_summary summary;
	cJSON *game;
	int got;

	if (st->json_body && pgn_read_json(st, in, resp))
		return -1;
	if (st->answer == PGN_ANSWER_PGN)
		return pgn_begin_export(st, in, out, content_type, resp);
	got = pgn_next_game(st, in, &game, &summary);
	if (got < 0) {
		pgn_first_failed(resp);
		return -1;
	}
	if (got == 0 || summary.malformed) {
		pgn_malformed(resp, got, got ? summary.line : 1, got ? summary.column : 1,
			      got ? cJSON_DetachItemFromObjectCaseSensitive(game, "errors") : NULL);
		cJSON_Delete(game);
		return -1;
	}
	*content_type = st->answer == PGN_ANSWER_NDJSON ? STREAM_NDJSON_TYPE : REPLY_JSON_TYPE;
	if ((st->answer == PGN_ANSWER_JSON && stream_emit(out, "{\"games\":[", 10)) || pgn_emit(st, out, game)) {
		reply_internal_error(resp);
		return -1;
	}
	return 0;
}

static int pgn_abort(void *state, struct stream_output *out, const cJSON *problem);

static enum stream_step pgn_produce(void *state, struct stream_input *in, struct stream_output *out)
{
	struct pgn_stream *st = state;
	cJSON *game = NULL;

	for (int i = 0; i < PGN_GAMES_PER_CALL && stream_pending(out) < STREAM_BUFFER; i++) {
		int got = st->answer == PGN_ANSWER_PGN ? pgn_next_export(st, in, out, NULL)
						       : pgn_next_game(st, in, &game, NULL);
		switch (got) {
		case 1:
			if (st->answer == PGN_ANSWER_PGN)
				st->games++;
			else if (pgn_emit(st, out, game))
				return STREAM_FAIL;
			break;
		case 0:
			if (st->answer == PGN_ANSWER_JSON && stream_emit(out, "]}", 2))
				return STREAM_FAIL;
			return STREAM_END;
		default:
			/* A game past the memory of a request ends the answer with that problem as
			 * its last record; out of memory cuts it short. */
			if (json_arena_exceeded()) {
				cJSON *problem = pgn_too_large(st->msg_lang);
				int failed = !problem || pgn_abort(st, out, problem);
				cJSON_Delete(problem);
				return failed ? STREAM_FAIL : STREAM_END;
			}
			return STREAM_FAIL;
		}
	}
	return STREAM_MORE;
}

static int pgn_abort_sink(void *context, const char *text, size_t length)
{
	return stream_emit(context, text, length);
}

/* The answer ends early: NDJSON's last line; the games array closed and an "error"
 * member after it; or, after the last whole game of a PGN answer, an escape line saying
 * why (PGN has no place for it in a game, and every reader skips such a line). */
static int pgn_abort(void *state, struct stream_output *out, const cJSON *problem)
{
	struct pgn_stream *st = state;
	char *text;
	int ret;

	if (st->answer == PGN_ANSWER_NDJSON)
		return stream_abort_ndjson(state, out, problem);
	if (st->answer == PGN_ANSWER_PGN) {
		const char *code = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(problem, "code"));
		const char *detail = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(problem, "detail"));
		char line[512];
		error_message(line, sizeof line, st->msg_lang, MSG_GAMES_J_ANSWER_ENDS, code ? code : "error",
			      detail ? detail : "");
		return pgn_write_escape(line, pgn_abort_sink, out);
	}
	if (!(text = cJSON_PrintUnformatted(problem)))
		return -1;
	ret = stream_emit(out, "],\"error\":", 10) || stream_emit(out, text, strlen(text)) || stream_emit(out, "}", 1)
		      ? -1
		      : 0;
	cJSON_free(text);
	return ret;
}

const struct stream_endpoint endpoint_pgn_stream = {
	.accepts = pgn_accepts,
	.media_type = "application/x-chess-pgn, application/vnd.chess-pgn, text/plain or application/json",
	.limit = pgn_limit,
	.content_type = REPLY_JSON_TYPE,
	.open = pgn_open,
	.produce = pgn_produce,
	.close = pgn_close,
	.begin = pgn_begin,
	.abort = pgn_abort,
};
