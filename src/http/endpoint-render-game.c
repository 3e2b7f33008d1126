/* endpoint-render-game.c -- GET /render/game.gif and POST /render/game.gif: a game as an
 * animated GIF, one frame per ply with the last move tinted, from `fen` (the start
 * position by default) and `moves` in UCI or SAN (comma- or space-separated, or a JSON
 * array), or the first game of `pgn`, with `delay` per frame and `final_delay` on the
 * last position (milliseconds).
 * Cached like /render: a GET carries a strong ETag and may be answered 304. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/render_game.h"
#include "core/uci.h"
#include "http/http.h"
#include "image/image.h"

#define ENDPOINT_GAME_DELAY_DEFAULT 1000
#define ENDPOINT_GAME_FINAL_DELAY_DEFAULT 3000

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
				reply_problem_field(resp, REPLY_INVALID_FIELD, "moves", "moves must be strings of UCI moves");
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
	char detail[64];
	snprintf(detail, sizeof detail, "a game GIF shows at most %d plies", ENDPOINT_GAME_PLIES_MAX);
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
	if (text && render_parse_number(text, 0, 60000, out, &err)) {
		char detail[RENDER_MESSAGE_MAX + 32];
		snprintf(detail, sizeof detail, "%s (milliseconds) %s", name, err.message);
		reply_problem_field(resp, REPLY_INVALID_FIELD, name, detail);
		return -1;
	}
	return 0;
}

/* The first game of pgn: its start and mainline into *start and moves; -1 with a problem
 * in resp (422 malformed_pgn, invalid_fen or illegal_move, 400 when too long). */
static int endpoint_game_pgn(const char *pgn, struct position *start, move *moves, int *count,
			     const struct json_fen_style *style, struct http_response *resp)
{
	struct pgn_reader *reader = malloc(sizeof *reader);
	struct render_game_error *err = malloc(sizeof *err);
	struct fen_report report;
	struct position bad;
	cJSON *ext;
	int rc = -1;

	if (!reader || !err) {
		reply_internal_error(resp);
	} else if (!render_game_from_pgn(pgn, strlen(pgn), reader, start, moves, ENDPOINT_GAME_PLIES_MAX, count, err)) {
		rc = 0;
	} else if (err->code == RENDER_GAME_NO_GAME) {
		ext = cJSON_CreateObject();
		if (!ext || !cJSON_AddNumberToObject(ext, "line", err->line) ||
		    !cJSON_AddNumberToObject(ext, "column", err->column)) {
			cJSON_Delete(ext);
			reply_internal_error(resp);
		} else {
			reply_problem(resp, REPLY_MALFORMED_PGN, err->message, ext);
		}
	} else if (err->code == RENDER_GAME_INVALID_FEN) {
		fen_parse(err->fen, strlen(err->fen), NULL, &bad, &report);
		reply_invalid_fen(resp, &report);
	} else if (err->code == RENDER_GAME_BAD_MOVE) {
		ext = json_illegal_move(&err->pos, err->index, err->token, strlen(err->token), err->unreadable, style);
		if (!ext)
			reply_internal_error(resp);
		else
			reply_problem(resp, REPLY_ILLEGAL_MOVE, NULL, ext);
	} else {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "pgn", err->message);
	}
	free(reader);
	free(err);
	return rc;
}

void endpoint_render_game(const struct http_request *req, struct http_response *resp)
{
	struct endpoint_game_token *tokens = malloc(sizeof *tokens * ENDPOINT_GAME_PLIES_MAX);
	move *moves = malloc(sizeof *moves * ENDPOINT_GAME_PLIES_MAX);
	struct fen_options options = { FEN_STRICT, false, false };
	struct json_fen_style style = JSON_FEN_STYLE_DEFAULT;
	struct render_options opts;
	struct position start, pos;
	struct fen_report report;
	const char *fen = NULL, *pgn = NULL;
	char *key = NULL, fen_text[FEN_MAX], etag[NEGOTIATE_ETAG_MAX];
	long delay, final_delay;
	int count;
	size_t n = 0, key_size;

	if (!tokens || !moves) {
		reply_internal_error(resp);
		goto done;
	}
	if (body_string(req, "fen", false, &fen, resp) ||
	    (fen && body_position_options(req, &fen, &options, &style, resp)) ||
	    endpoint_render_options(req, &opts, resp) ||
	    endpoint_game_delay(req, "delay", ENDPOINT_GAME_DELAY_DEFAULT, &delay, resp) ||
	    endpoint_game_delay(req, "final_delay", ENDPOINT_GAME_FINAL_DELAY_DEFAULT, &final_delay, resp) ||
	    (count = endpoint_game_tokens(req, tokens, resp)) < 0)
		goto done;
	if (body_string(req, "pgn", false, &pgn, resp))
		goto done;
	if (pgn && (count || fen)) {
		reply_problem_field(resp, REPLY_INVALID_FIELD, "pgn", "give pgn alone, or fen and moves, not both");
		goto done;
	}
	if (pgn) {
		if (endpoint_game_pgn(pgn, &start, moves, &count, &style, resp))
			goto done;
	} else {
		if (!fen)
			fen = POSITION_START_FEN;
		if (fen_parse(fen, strlen(fen), &options, &start, &report) != FEN_VALID) {
			reply_invalid_fen(resp, &report);
			goto done;
		}
	}
	opts.size = 8 * image_square_for(opts.size);
	pos = start;
	fen_format(&start, FEN_EP_FEN, FEN_CASTLING_STANDARD, fen_text, sizeof fen_text);
	key_size = 1024 + (size_t)count * UCI_MAX;
	if (!(key = malloc(key_size))) {
		reply_internal_error(resp);
		goto done;
	}
	n = (size_t)snprintf(key, key_size, "game|%s|%d|%ld|%ld|", fen_text, start.chess960, delay, final_delay);
	n += render_options_canonical(&opts, key + n, key_size - n);
	for (int i = 0; i < count; i++) {
		struct position_undo undo;
		char uci[UCI_MAX];
		bool malformed;
		if (!pgn && render_read_move(&pos, tokens[i].text, (size_t)tokens[i].length, &moves[i], &malformed)) {
			cJSON *ext = json_illegal_move(&pos, i, tokens[i].text, (size_t)tokens[i].length, malformed, &style);
			if (!ext)
				reply_internal_error(resp);
			else
				reply_problem(resp, REPLY_ILLEGAL_MOVE, NULL, ext);
			goto done;
		}
		size_t len = uci_format_move(&pos, moves[i], uci);
		memcpy(key + n, uci, len);
		n += len;
		key[n++] = ',';
		position_make_move(&pos, moves[i], &undo);
	}
	negotiate_etag(key, n, etag);
	if (negotiate_fresh(req, etag)) {
		reply_static(resp, 304, NULL, NULL, 0);
	} else {
		unsigned char *gif;
		size_t length;
		opts.last_from = opts.last_to = SQ_NONE;
		if (image_gif_game(&start, moves, count, &opts, (int)delay, (int)final_delay, &gif, &length))
			reply_internal_error(resp);
		else
			reply_owned(resp, 200, "image/gif", gif, length, free);
	}
	if (resp->status == 200 || resp->status == 304) {
		negotiate_cache_headers(req, resp, etag);
		reply_header(resp, "Vary", "Accept");
	}
done:
	free(key);
	free(tokens);
	free(moves);
}
