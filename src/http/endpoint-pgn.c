/* endpoint-pgn.c -- POST /pgn: PGN games to JSON, with the FEN after every ply. The
 * body is PGN (application/x-chess-pgn, application/vnd.chess-pgn, text/plain) or JSON
 * {"pgn": "..."}; every body is spooled (stream.h) and read by the incremental PGN
 * reader a piece at a time, so neither the request nor the answer is ever held whole.
 * The answer is {"games": [...]} (application/json), or with Accept: application/x-ndjson
 * one game per line; both are sent chunked, a game as soon as it is read.
 *
 * Before the 200 goes out the first game is read: a body with no game in it, or one
 * whose first game is not PGN at all, is a 422 malformed_pgn that says where. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/san.h"
#include "http/http.h"
#include "http/stream.h"

/* Games read per produce call (a produce call also stops once a chunk's worth waits). */
#define PGN_GAMES_PER_CALL 8

struct pgn_stream {
	struct http_request req;       /* the request's options (query), while it lasts */
	bool ndjson;
	bool json_body;
	struct body body;              /* a JSON body, read whole */
	cJSON *root;
	const char *chunk;             /* input the reader has not taken yet */
	size_t chunk_length;
	bool finished;                 /* pgn_reader_finish was called */
	int games;                     /* games emitted */
	struct json_pgn *builder;
	char *print;                   /* where games are printed, kept for the next */
	size_t print_size;
	struct pgn_reader reader;
	char buffer[STREAM_BUFFER];
};

static bool pgn_accepts(const char *type)
{
	return stream_is_pgn_type(type) || body_is_json_type(type);
}

/* True when an Accept header asks for NDJSON (any element of its list). */
static bool pgn_wants_ndjson(const char *accept)
{
	while (accept && *accept) {
		const char *comma = strchr(accept, ',');
		char type[64];
		size_t n = comma ? (size_t)(comma - accept) : strlen(accept);
		if (n < sizeof type) {
			memcpy(type, accept, n);
			type[n] = '\0';
			if (stream_is_ndjson_type(type))
				return true;
		}
		accept = comma ? comma + 1 : NULL;
	}
	return false;
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
	struct pgn_options options = { { SAN_LANG_EN, false }, false };
	const char *lang;

	if (body_style_options(req, &fen, &style, resp) || body_string(req, "lang", false, &lang, resp) ||
	    body_bool(req, "strict_san", &options.san.strict, resp))
		return -1;
	if (lang && san_lang_parse(lang, &options.san.lang)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "lang",
				    "lang must be en, it, es, fr, de, nl, ru or figurine");
		return -1;
	}
	/* no lang: each game is read in the language its letters show, written in English */
	options.detect_lang = lang == NULL;
	st->builder = json_pgn_new(&style, options.san.lang, true);
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
	st->ndjson = pgn_wants_ndjson(req->header ? req->header(req->header_context, "Accept") : NULL);
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

/* The next finished game: 1 with *game set (the caller owns it), 0 when there are no
 * more, -1 on a read error or out of memory. */
static int pgn_next_game(struct pgn_stream *st, struct stream_input *in, cJSON **game,
			 struct json_pgn_summary *summary)
{
	bool oom;

	for (;;) {
		if ((*game = json_pgn_take(st->builder, summary, &oom)))
			return 1;
		if (oom)
			return -1;
		if (st->finished)
			return 0;
		if (st->chunk_length) {
			size_t used = pgn_reader_feed(&st->reader, st->chunk, st->chunk_length);
			st->chunk += used;
			st->chunk_length -= used;
			continue;
		}
		if (st->json_body) {
			pgn_reader_finish(&st->reader);
			st->finished = true;
			continue;
		}
		ssize_t n = stream_read(in, st->buffer, sizeof st->buffer);
		if (n < 0)
			return -1;
		if (n == 0) {
			pgn_reader_finish(&st->reader);
			st->finished = true;
			continue;
		}
		st->chunk = st->buffer;
		st->chunk_length = (size_t)n;
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
			if ((st->ndjson || st->games == 0 || !stream_emit(out, ",", 1)) &&
			    !stream_emit(out, st->print, strlen(st->print)) && (!st->ndjson || !stream_emit(out, "\n", 1)))
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

/* Reads the first game before the status is decided. */
static int pgn_begin(void *state, struct stream_input *in, struct stream_output *out, const char **content_type,
		     struct http_response *resp)
{
	struct pgn_stream *st = state;
	struct json_pgn_summary summary;
	cJSON *game, *ext;
	int got;

	if (st->json_body && pgn_read_json(st, in, resp))
		return -1;
	got = pgn_next_game(st, in, &game, &summary);
	if (got < 0) {
		reply_internal_error(resp);
		return -1;
	}
	if (got == 0 || summary.malformed) {
		const cJSON *first = got ? cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(game, "errors"), 0) : NULL;
		const char *why = first ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(first, "message")) : NULL;
		char detail[256];
		snprintf(detail, sizeof detail, got ? "not PGN: line %u, column %u: %s" : "the body holds no PGN game",
			 summary.line, summary.column, why ? why : "");
		ext = cJSON_CreateObject();
		if (ext) {
			cJSON_AddNumberToObject(ext, "line", got ? summary.line : 1);
			cJSON_AddNumberToObject(ext, "column", got ? summary.column : 1);
			if (got)
				cJSON_AddItemToObject(ext, "errors",
						      cJSON_DetachItemFromObjectCaseSensitive(game, "errors"));
		}
		cJSON_Delete(game);
		reply_problem(resp, REPLY_MALFORMED_PGN, detail, ext);
		return -1;
	}
	*content_type = st->ndjson ? STREAM_NDJSON_TYPE : REPLY_JSON_TYPE;
	if ((!st->ndjson && stream_emit(out, "{\"games\":[", 10)) || pgn_emit(st, out, game)) {
		reply_internal_error(resp);
		return -1;
	}
	return 0;
}

static enum stream_step pgn_produce(void *state, struct stream_input *in, struct stream_output *out)
{
	struct pgn_stream *st = state;
	cJSON *game;

	for (int i = 0; i < PGN_GAMES_PER_CALL && stream_pending(out) < STREAM_BUFFER; i++) {
		switch (pgn_next_game(st, in, &game, NULL)) {
		case 1:
			if (pgn_emit(st, out, game))
				return STREAM_FAIL;
			break;
		case 0:
			if (!st->ndjson && stream_emit(out, "]}", 2))
				return STREAM_FAIL;
			return STREAM_END;
		default:
			return STREAM_FAIL;
		}
	}
	return STREAM_MORE;
}

/* The answer ends early: NDJSON's last line, or the games array closed and an "error"
 * member after it. */
static int pgn_abort(void *state, struct stream_output *out, const cJSON *problem)
{
	struct pgn_stream *st = state;
	char *text;
	int ret;

	if (st->ndjson)
		return stream_abort_ndjson(state, out, problem);
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
