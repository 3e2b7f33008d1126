/* endpoint-render-game.c -- GET /render/game.gif and POST /render/game.gif: a game as an
 * animated GIF, one frame per ply with the last move tinted, from `fen` (the start
 * position by default) and `moves` in UCI or SAN (comma- or space-separated, or a JSON
 * array), or the first game of `pgn`, with `delay` per frame and `final_delay` on the
 * last position (milliseconds). A PGN's mainline comments draw their [%cal] arrows and
 * [%csl] circles on the frame of the position they follow.
 * The PGN may also be the whole POST body (application/x-chess-pgn, application/vnd.chess-pgn,
 * text/plain), with the options in the query: that body is spooled (stream.h) and read
 * a piece at a time until its first game ends; the rest of the body is not read.
 * SAN is read in `lang`'s letters, or without `lang` in the language its letters show
 * (san_detect.h): X-Fen-Lang-Detected names it when it is not English, and two languages
 * reading the moves into two games is 422 ambiguous_language.
 * Cached like /render: a GET carries a strong ETag and may be answered 304. An animation
 * that would draw more than --max-render-pixels is refused (422 render_too_large) before
 * it is drawn, and the drawing stops between two frames when the request's budget says so. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/render_game.h"
#include "core/uci.h"
#include "http/http.h"
#include "http/stream.h"
#include "image/image.h"

#define ENDPOINT_GAME_DELAY_DEFAULT 1000
#define ENDPOINT_GAME_FINAL_DELAY_DEFAULT 3000
#define ENDPOINT_GAME_TYPE "image/gif"

/* A move's text inside the request. */
struct endpoint_game_token {
	const char *text;
	int length;
};

/* Splits the moves (a string, or a JSON array of strings) into tokens; returns the
 * count, or -1 with a problem in resp. */
static int endpoint_game_tokens(const struct http_request *req, struct endpoint_game_token *tokens,
				struct http_response *resp)
{
	const cJSON *item = req->body ? cJSON_GetObjectItemCaseSensitive(req->body, "moves") : NULL;
	const char *text = NULL;
	int count = 0;

	if (item && cJSON_IsArray(item)) {
		const cJSON *m;
		cJSON_ArrayForEach(m, item) {
			if (!cJSON_IsString(m)) {
				reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", msg_text(MSG_API_GAME_MOVES_STRINGS, resp->lang));
				return -1;
			}
			if (count == ENDPOINT_GAME_PLIES_MAX)
				goto too_many;
			tokens[count++] = (struct endpoint_game_token){ m->valuestring, (int)strlen(m->valuestring) };
		}
		return count;
	}
	if (body_string(req, "moves", false, &text, resp))
		return -1;
	for (size_t i = 0; text && text[i];) {
		size_t start, n;
		while (text[i] == ',' || text[i] == ' ')
			i++;
		start = i;
		n = strcspn(text + i, ", ");
		if (!n)
			break;
		if (count == ENDPOINT_GAME_PLIES_MAX)
			goto too_many;
		tokens[count++] = (struct endpoint_game_token){ text + start, (int)n };
		i += n;
	}
	return count;
too_many:;
	char detail[96];
	error_message(detail, sizeof detail, resp->lang, MSG_API_GAME_PLIES, ENDPOINT_GAME_PLIES_MAX);
	reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", detail);
	return -1;
}

/* A delay option in milliseconds; -1 with invalid_field in resp. */
static int endpoint_game_delay(const struct http_request *req, const char *name, long fallback, long *out,
			       struct http_response *resp)
{
	const cJSON *item = req->body ? cJSON_GetObjectItemCaseSensitive(req->body, name) : NULL;
	struct render_error err;
	const char *text = NULL;
	char buf[32];

	*out = fallback;
	if (item && cJSON_IsNumber(item)) {
		snprintf(buf, sizeof buf, "%.0f", item->valuedouble < 0 ? -1.0 : item->valuedouble);
		text = buf;
	} else if (body_string(req, name, false, &text, resp)) {
		return -1;
	}
	if (text && render_parse_number(text, 0, 60000, out, resp->lang, &err)) {
		char detail[RENDER_MESSAGE_MAX + 32];
		error_message(detail, sizeof detail, resp->lang, MSG_API_DELAY, name, err.message);
		reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
		return -1;
	}
	return 0;
}

/* The game being drawn, with the room for its moves and marks (endpoint_game_alloc). */
struct endpoint_game {
	struct render_options opts;
	struct json_fen_style style;
	long delay, final_delay;
	enum san_lang lang;            /* SAN's letters: "lang", or detected */
	bool lang_given;
	bool lang_detected;            /* lang was detected, and is not English */
	struct position start;
	move *moves;
	int count;
	struct render_game_marks marks;
};

/* The marks a game GIF keeps: 16 a ply on average; more are left out. */
#define ENDPOINT_GAME_MARKS_MAX (16 * ENDPOINT_GAME_PLIES_MAX)

/* Takes the room of g (malloc'd); -1 when out of memory. endpoint_game_free releases it,
 * either way. */
static int endpoint_game_alloc(struct endpoint_game *g)
{
	memset(g, 0, sizeof *g);
	g->style = (struct json_fen_style)JSON_FEN_STYLE_DEFAULT;
	g->moves = malloc(sizeof *g->moves * ENDPOINT_GAME_PLIES_MAX);
	g->marks.marks = malloc(sizeof *g->marks.marks * ENDPOINT_GAME_MARKS_MAX);
	g->marks.frame = malloc(sizeof *g->marks.frame * (ENDPOINT_GAME_PLIES_MAX + 2));
	g->marks.max = ENDPOINT_GAME_MARKS_MAX;
	if (!g->moves || !g->marks.marks || !g->marks.frame)
		return -1;
	/* A game given as moves has no marks: every frame's list is empty. */
	memset(g->marks.frame, 0, sizeof *g->marks.frame * (ENDPOINT_GAME_PLIES_MAX + 2));
	return 0;
}

static void endpoint_game_free(struct endpoint_game *g)
{
	free(g->moves);
	free(g->marks.marks);
	free(g->marks.frame);
}

/* The picture options and delays of the request (JSON members or query). Returns 0, or
 * -1 with a problem in resp. */
static int endpoint_game_options(const struct http_request *req, struct endpoint_game *g,
				 struct http_response *resp)
{
	if (endpoint_render_options(req, &g->opts, resp) ||
	    endpoint_game_delay(req, "delay", ENDPOINT_GAME_DELAY_DEFAULT, &g->delay, resp) ||
	    endpoint_game_delay(req, "final_delay", ENDPOINT_GAME_FINAL_DELAY_DEFAULT, &g->final_delay, resp) ||
	    body_lang(req, &g->lang, &g->lang_given, resp))
		return -1;
	return 0;
}

/* How the reader reads the game's PGN: in "lang", or in the language detected; its
 * messages in the response's language. */
static struct pgn_options endpoint_game_pgn_options(const struct endpoint_game *g, const struct http_response *resp)
{
	return (struct pgn_options){ { g->lang, false, resp->lang }, !g->lang_given, resp->lang };
}

/* X-Fen-Lang-Detected: the language the moves were read in, when it was detected and is
 * not English. After reply_owned, which clears the headers. */
static void endpoint_game_lang_header(const struct endpoint_game *g, struct http_response *resp)
{
	if (g->lang_detected)
		reply_header(resp, "X-Fen-Lang-Detected", san_lang_name(g->lang));
}

/* The moves' tokens, for san_detect_list: a lower-case UCI shape is UCI. */
static const char *endpoint_game_token(void *ctx, int i, size_t *length, bool *uci)
{
	const struct endpoint_game_token *t = (const struct endpoint_game_token *)ctx + i;

	*length = (size_t)t->length;
	*uci = (t->length == 4 || t->length == 5) && t->text[0] >= 'a' && t->text[0] <= 'h' && t->text[1] >= '1' &&
	       t->text[1] <= '8' && t->text[2] >= 'a' && t->text[2] <= 'h' && t->text[3] >= '1' && t->text[3] <= '8';
	return t->text;
}

/* Reads the moves' tokens from g->start into g->moves, in "lang" or the language detected.
 * -1 with a problem in resp: 422 illegal_move (with "lang_hint" when the language read in
 * was detected and no language reads every move) or ambiguous_language. */
static int endpoint_game_moves(struct endpoint_game *g, const struct endpoint_game_token *tokens,
			       struct http_response *resp)
{
	struct san_detect_result d = { .lang = g->lang };
	struct position pos = g->start;
	cJSON *ext = NULL;

	if (!g->lang_given) {
		struct san_detect_list list = { &g->start, g->count, endpoint_game_token, (void *)tokens, false, -1, NULL };
		if (san_detect_list(&list, &d) == SAN_DETECT_AMBIGUOUS) {
			ext = json_ambiguous_language(&d, d.ply, tokens[d.ply].text, (size_t)tokens[d.ply].length, MSG_EN, &g->style);
			if (!ext || !json_put_static(ext, "field", "moves")) {
				cJSON_Delete(ext);
				reply_internal_error(resp);
			} else {
				reply_problem(resp, REPLY_AMBIGUOUS_LANGUAGE, NULL, ext);
			}
			return -1;
		}
		g->lang = d.lang;
		g->lang_detected = d.lang != SAN_LANG_EN;
	}
	for (int i = 0; i < g->count; i++) {
		struct position_undo undo;
		bool malformed;
		if (render_read_move(&pos, tokens[i].text, (size_t)tokens[i].length, g->lang, &g->moves[i], &malformed)) {
			ext = json_illegal_move(&pos, i, tokens[i].text, (size_t)tokens[i].length, malformed, MSG_EN, &g->style);
			if (ext && g->lang_detected && !json_lang_hint(ext, &d, i, MSG_EN)) {
				cJSON_Delete(ext);
				ext = NULL;
			}
			if (!ext)
				reply_internal_error(resp);
			else
				reply_problem(resp, REPLY_ILLEGAL_MOVE, NULL, ext);
			return -1;
		}
		position_make_move(&pos, g->moves[i], &undo);
	}
	return 0;
}

/* The problem of a game that could not be read from PGN (422 malformed_pgn, invalid_fen,
 * illegal_move or ambiguous_language with json_render_game_error's members, 400 when too
 * long). */
static void endpoint_game_pgn_problem(const struct render_game_error *err, const struct json_fen_style *style,
				      struct http_response *resp)
{
	enum reply_code code = REPLY_ILLEGAL_MOVE;
	cJSON *ext;

	if (err->code == RENDER_GAME_TOO_LONG) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "pgn", err->message);
		return;
	}
	if (err->code == RENDER_GAME_NO_GAME)
		code = REPLY_MALFORMED_PGN;
	else if (err->code == RENDER_GAME_INVALID_FEN)
		code = REPLY_INVALID_FEN;
	else if (err->code == RENDER_GAME_AMBIGUOUS_LANGUAGE)
		code = REPLY_AMBIGUOUS_LANGUAGE;
	if (!(ext = json_render_game_error(err, style)))
		reply_internal_error(resp);
	else
		reply_problem(resp, code, NULL, ext);
}

/* The first game of pgn into g; -1 with a problem in resp. */
static int endpoint_game_pgn(const char *pgn, struct endpoint_game *g, struct http_response *resp)
{
	struct pgn_reader *reader = malloc(sizeof *reader);
	struct render_game_error *err = malloc(sizeof *err);
	struct render_game_reader gr;
	struct pgn_options options = endpoint_game_pgn_options(g, resp);
	int rc = -1;

	if (!reader || !err) {
		reply_internal_error(resp);
	} else {
		render_game_begin_options(&gr, reader, &g->start, g->moves, ENDPOINT_GAME_PLIES_MAX, &g->marks, err,
					  &options);
		render_game_feed(&gr, pgn, strlen(pgn));
		if ((rc = render_game_finish(&gr, &g->count)))
			endpoint_game_pgn_problem(err, &g->style, resp);
		g->lang = err->lang;
		g->lang_detected = err->lang_detected;
	}
	free(reader);
	free(err);
	return rc;
}

/* The caching headers of a 200 or 304 with this ETag. */
static void endpoint_game_headers(const struct http_request *req, struct http_response *resp, const char *etag)
{
	negotiate_cache_headers(req, resp, etag);
	reply_header(resp, "Vary", "Accept");
}

/* X-Fen-Marks-Dropped: how many [%cal]/[%csl] marks of g are not drawn (past the
 * game's room, or past a frame's 64 arrows and 64 circles with the request's own first);
 * no header when every mark is drawn. After reply_owned, which clears the headers. */
static void endpoint_game_dropped_header(const struct endpoint_game *g, struct http_response *resp)
{
	int left_out = render_game_marks_left_out(&g->marks, g->count + 1, &g->opts);
	char digits[16];

	if (left_out > 0) {
		snprintf(digits, sizeof digits, "%d", left_out);
		reply_header_copy(resp, "X-Fen-Marks-Dropped", digits);
	}
}

/* Draws g. Returns 0 with the GIF in *gif (the caller frees it, and sends it with
 * endpoint_game_headers of etag), or 1 with the whole answer in resp: 304 Not Modified
 * (before any cost is worked out), 422 render_too_large when the animation would draw
 * more than --max-render-pixels (before any drawing), the budget's 503 when it ran out
 * between two frames, or a 500. */
static int endpoint_game_draw(const struct http_request *req, struct endpoint_game *g, struct http_response *resp,
			      unsigned char **gif, size_t *length, char etag[NEGOTIATE_ETAG_MAX])
{
	char *key, fen_text[FEN_MAX];
	struct position pos = g->start;
	size_t n, key_size;
	int frames = g->count + 2, rc;

	g->opts.size = 8 * image_square_for(g->opts.size);
	fen_format(&g->start, FEN_EP_FEN, FEN_CASTLING_STANDARD, fen_text, sizeof fen_text);
	key_size = 1024 + (size_t)g->count * UCI_MAX + sizeof(int) * (size_t)frames +
		   sizeof(struct render_arrow) * (size_t)g->marks.count;
	if (!(key = malloc(key_size))) {
		reply_internal_error(resp);
		return 1;
	}
	n = (size_t)snprintf(key, key_size, "game|%s|%d|%ld|%ld|", fen_text, g->start.chess960, g->delay,
			     g->final_delay);
	n += render_options_canonical(&g->opts, key + n, key_size - n);
	for (int i = 0; i < g->count; i++) {
		struct position_undo undo;
		char uci[UCI_MAX];
		size_t len = uci_format_move(&pos, g->moves[i], uci);
		memcpy(key + n, uci, len);
		n += len;
		key[n++] = ',';
		position_make_move(&pos, g->moves[i], &undo);
	}
	/* The marks change the picture too (a game given as moves has none). */
	if (render_game_has_marks(&g->marks)) {
		memcpy(key + n, g->marks.frame, sizeof(int) * (size_t)(g->count + 2));
		n += sizeof(int) * (size_t)(g->count + 2);
		memcpy(key + n, g->marks.marks, sizeof(struct render_arrow) * (size_t)g->marks.count);
		n += sizeof(struct render_arrow) * (size_t)g->marks.count;
	}
	negotiate_etag(key, n, etag);
	free(key);
	if (negotiate_fresh(req, etag)) {
		reply_static(resp, 304, NULL, NULL, 0);
		endpoint_game_headers(req, resp, etag);
		return 1;
	}
	g->opts.last_from = g->opts.last_to = SQ_NONE;
	if (endpoint_render_cap(req, image_game_cost(&g->start, g->moves, g->count, &g->opts, &g->marks),
				MSG_API_ANIMATION_TOO_LARGE, resp))
		return 1;
	rc = image_gif_game_marked(&g->start, g->moves, g->count, &g->opts, &g->marks, (int)g->delay,
				   (int)g->final_delay, budget_work(req), gif, length);
	if (rc == IMAGE_STOPPED && req->budget) {
		budget_problem(req->budget, req->config->request_deadline_ms, resp);
		return 1;
	}
	if (rc) {
		reply_internal_error(resp);
		return 1;
	}
	return 0;
}

void endpoint_render_game(const struct http_request *req, struct http_response *resp)
{
	struct endpoint_game_token *tokens = malloc(sizeof *tokens * ENDPOINT_GAME_PLIES_MAX);
	struct fen_options options = { FEN_STRICT, false, false, negotiate_lang(req) };
	struct endpoint_game g;
	struct fen_report report;
	const char *fen = NULL, *pgn = NULL;
	unsigned char *gif;
	size_t length;
	char etag[NEGOTIATE_ETAG_MAX];

	if (endpoint_game_alloc(&g) || !tokens) {
		reply_internal_error(resp);
		goto done;
	}
	if (body_string(req, "fen", false, &fen, resp) ||
	    (fen && body_position_options(req, &fen, &options, &g.style, resp)) ||
	    endpoint_game_options(req, &g, resp) || (g.count = endpoint_game_tokens(req, tokens, resp)) < 0)
		goto done;
	if (body_string(req, "pgn", false, &pgn, resp))
		goto done;
	if (pgn && (g.count || fen)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "pgn", msg_text(MSG_API_PGN_OR_MOVES, resp->lang));
		goto done;
	}
	if (pgn) {
		if (endpoint_game_pgn(pgn, &g, resp))
			goto done;
	} else {
		if (!fen)
			fen = POSITION_START_FEN;
		if (fen_parse(fen, strlen(fen), &options, &g.start, &report) != FEN_VALID) {
			reply_invalid_fen(resp, &report);
			goto done;
		}
		if (endpoint_game_moves(&g, tokens, resp))
			goto done;
	}
	if (!endpoint_game_draw(req, &g, resp, &gif, &length, etag)) {
		reply_owned(resp, 200, ENDPOINT_GAME_TYPE, gif, length, free);
		endpoint_game_headers(req, resp, etag);
		endpoint_game_dropped_header(&g, resp);
		endpoint_game_lang_header(&g, resp);
	}
done:
	endpoint_game_free(&g);
	free(tokens);
}

/* ---- POST with the PGN as the body (stream.h) ---- */

struct endpoint_game_stream {
	struct http_request req;       /* the request's options (query), while it lasts */
	struct endpoint_game game;
	unsigned char *gif;            /* the answer, once drawn */
	size_t length, sent;
	struct render_game_error err;
	struct pgn_reader reader;
	char buffer[STREAM_BUFFER];
};

/* The body of a game GIF is one game: the general body limit, as for a JSON body. */
static size_t endpoint_game_limit(const struct config *cfg)
{
	return cfg->max_body;
}

static void endpoint_game_close(void *state)
{
	struct endpoint_game_stream *st = state;

	if (!st)
		return;
	endpoint_game_free(&st->game);
	free(st->gif);
	free(st);
}

/* The options come from the query; the game is the body, so the query names none of
 * pgn, moves and fen (router.c does not list them for this body: params_check refuses
 * them before the body is read). */
static int endpoint_game_open(const struct http_request *req, void **state, struct http_response *resp)
{
	struct endpoint_game_stream *st = calloc(1, sizeof *st);

	if (!st || endpoint_game_alloc(&st->game)) {
		endpoint_game_close(st);
		reply_internal_error(resp);
		return -1;
	}
	st->req = *req;
	if (endpoint_game_options(req, &st->game, resp)) {
		endpoint_game_close(st);
		return -1;
	}
	*state = st;
	return 0;
}

/* Reads the body's first game and draws it, before the status is decided. */
static int endpoint_game_begin(void *state, struct stream_input *in, struct stream_output *out,
			       const char **content_type, struct http_response *resp)
{
	struct endpoint_game_stream *st = state;
	struct endpoint_game *g = &st->game;
	struct render_game_reader gr;
	struct pgn_options options = endpoint_game_pgn_options(g, resp);
	char etag[NEGOTIATE_ETAG_MAX];
	bool done = false;
	ssize_t n;

	(void)out;
	render_game_begin_options(&gr, &st->reader, &g->start, g->moves, ENDPOINT_GAME_PLIES_MAX, &g->marks, &st->err,
				  &options);
	while (!done && (n = stream_read(in, st->buffer, sizeof st->buffer)) > 0)
		done = render_game_feed(&gr, st->buffer, (size_t)n);
	if (!done && n < 0) {
		reply_internal_error(resp);
		return -1;
	}
	if (render_game_finish(&gr, &g->count)) {
		endpoint_game_pgn_problem(&st->err, &g->style, resp);
		return -1;
	}
	g->lang = st->err.lang;
	g->lang_detected = st->err.lang_detected;
	if (endpoint_game_draw(&st->req, g, resp, &st->gif, &st->length, etag))
		return -1;
	endpoint_game_headers(&st->req, resp, etag);
	endpoint_game_dropped_header(g, resp);
	endpoint_game_lang_header(g, resp);
	*content_type = ENDPOINT_GAME_TYPE;
	return 0;
}

static enum stream_step endpoint_game_produce(void *state, struct stream_input *in, struct stream_output *out)
{
	struct endpoint_game_stream *st = state;
	size_t n = st->length - st->sent < STREAM_BUFFER ? st->length - st->sent : STREAM_BUFFER;

	(void)in;
	if (!n)
		return STREAM_END;
	if (stream_emit(out, (const char *)st->gif + st->sent, n))
		return STREAM_FAIL;
	st->sent += n;
	return st->sent == st->length ? STREAM_END : STREAM_MORE;
}

const struct stream_endpoint endpoint_render_game_stream = {
	.accepts = stream_is_pgn_type,
	/* A JSON body goes to endpoint_render_game; the 415 names it too. */
	.media_type = "application/x-chess-pgn, application/vnd.chess-pgn or text/plain",
	.limit = endpoint_game_limit,
	.content_type = ENDPOINT_GAME_TYPE,
	.open = endpoint_game_open,
	.produce = endpoint_game_produce,
	.close = endpoint_game_close,
	.begin = endpoint_game_begin,
};
