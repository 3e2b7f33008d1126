// fend-client.ts -- a small program that uses fend through the TypeScript client generated
// from api/openapi.yaml (openapi-typescript types, openapi-fetch calls): every path, the
// answers a program reads, and the problems it must handle. tests/client-ts.mjs type-checks
// it with tsc --strict, then runs it against a real fend (FEND_URL) and expects exit 0.
import assert from "node:assert/strict";
import createClient from "openapi-fetch";
import type { components, paths } from "./fend-api.js";

type ValidationResult = components["schemas"]["ValidationResult"];
type Problem = components["schemas"]["Problem"];

const baseUrl = process.env.FEND_URL;
if (!baseUrl) throw new Error("FEND_URL is not set");
const fend = createClient<paths>({ baseUrl });

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
let calls = 0;

/** The answer's problem, after checking its status and code agree with what was expected. */
function expectProblem<P extends Problem>(error: P | undefined, response: Response, status: number, code: string): P {
  calls++;
  assert.equal(response.status, status);
  assert.ok(error, `expected a ${status} problem`);
  assert.equal(error.status, status);
  assert.equal(error.code, code);
  assert.match(response.headers.get("Content-Type") ?? "", /^application\/problem\+json/);
  return error;
}

/** A successful answer's body. */
function ok<T>(data: T | undefined, response: Response, status = 200): T {
  calls++;
  assert.equal(response.status, status, `${response.url}: status ${response.status}`);
  assert.ok(response.headers.get("X-Request-Id"));
  assert.ok(data !== undefined);
  return data;
}

function describe(result: ValidationResult): string {
  if (!result.valid) return `invalid: ${[...new Set(result.errors.map((e) => e.code))].join(", ")}`;
  // valid: fields and status are filled
  const status = result.status;
  return `valid, ${result.fields?.turn === "w" ? "white" : "black"} to move, ${status?.legal_moves} moves`;
}

// ---- positions: /validate (GET, POST, HEAD, bulk NDJSON)
{
  const { data, response } = await fend.GET("/validate", { params: { query: { fen: START } } });
  const result = ok(data, response);
  assert.equal(describe(result), "valid, white to move, 20 moves");
  assert.equal(result.fields?.castling, "KQkq");
  assert.equal(result.status?.outcome, "ongoing");
}
{
  const { data, response } = await fend.POST("/validate", {
    body: { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W kqKQ - 0 1", mode: "lenient" },
  });
  const result = ok(data, response);
  // the 200 of POST /validate is one result for a JSON body, NDJSON records for a bulk body
  assert.ok(typeof result === "object" && "valid" in result);
  assert.equal(result.valid, true);
  assert.equal(result.fen, START);
  assert.ok(result.warnings.some((w) => w.code === "case_normalized"));
}
{
  const { data, response } = await fend.POST("/validate", { body: { fen: "8/8/8/8/8/8/8/8 w - - 0 1" } });
  const result = ok(data, response);
  assert.ok(typeof result === "object" && "valid" in result);
  assert.equal(describe(result), "invalid: missing_king");
  assert.equal(result.status, null);
}
{
  const { response } = await fend.HEAD("/validate", { params: { query: { fen: START } } });
  calls++;
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Length") ?? "0", response.headers.get("Content-Length") ?? "0");
  assert.equal(await response.text(), "");
}
{
  // bulk: one FEN a line in, one record a line out
  const lines = [JSON.stringify(START), "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}", "not json"].join("\n") + "\n";
  const { data, response } = await fend.POST("/validate", {
    body: lines,
    bodySerializer: (body) => body,
    headers: { "Content-Type": "application/x-ndjson" },
    parseAs: "text",
  });
  const text = ok(data, response);
  assert.match(response.headers.get("Content-Type") ?? "", /^application\/x-ndjson/);
  const records = text.trimEnd().split("\n").map((l) => JSON.parse(l) as components["schemas"]["BulkValidationRecord"]);
  assert.equal(records.length, 3);
  const [first, second, third] = records;
  assert.ok(first && "result" in first && first.result.valid);
  assert.ok(second && "result" in second && second.result.valid);
  assert.ok(third && "line" in third && "error" in third && third.error.code === "malformed_json");
}
{
  const { error, response } = await fend.GET("/validate", { params: { query: { fen: START, mode: "sloppy" as "strict" } } });
  const problem = expectProblem(error, response, 400, "invalid_field");
  assert.ok("field" in problem && problem.field === "mode");
}

// ---- moves: /moves, /apply-move
{
  const { data, response } = await fend.GET("/moves", { params: { query: { fen: START } } });
  const moves = ok(data, response);
  assert.equal(moves.count, 20);
  assert.ok(moves.moves.some((m) => m.san === "Nf3" && m.uci === "g1f3"));
}
{
  const { data, response } = await fend.POST("/moves", { body: { fen: START, lang: "de" } });
  assert.ok(ok(data, response).moves.some((m) => m.san === "Sf3"));
}
{
  const { error, response } = await fend.GET("/moves", { params: { query: { fen: "8/8/8/8/8/8/8/8 w - - 0 1" } } });
  const problem = expectProblem(error, response, 422, "invalid_fen");
  assert.ok("errors" in problem && problem.errors.some((e) => e.code === "missing_king"));
}
{
  const { data, response } = await fend.HEAD("/moves", { params: { query: { fen: START } } });
  calls++;
  assert.equal(response.status, 200);
  assert.ok(!data);
}
{
  const { data, response } = await fend.POST("/apply-move", { body: { fen: START, move: "e4" } });
  const played = ok(data, response);
  assert.equal(played.fen, AFTER_E4);
  assert.equal(played.uci, "e2e4");
  assert.equal(played.status.outcome, "ongoing");
}
{
  const { data, response } = await fend.POST("/apply-move", {
    body: { fen: START, moves: ["f3", "e5", "g4", "Qh4#"], tags: { White: "Fool" } },
  });
  const game = ok(data, response);
  assert.equal(game.status.checkmate, true);
  assert.equal(game.status.result, "0-1");
  assert.equal(game.moves?.length, 4);
  assert.match(game.pgn ?? "", /\[White "Fool"\]/);
}
{
  const { error, response } = await fend.POST("/apply-move", { body: { fen: START, move: "e5" } });
  const problem = expectProblem(error, response, 422, "illegal_move");
  assert.equal(problem.title, "Illegal move");
}

// ---- a board's whole state: /position
{
  const { data, response } = await fend.GET("/position", { params: { query: { fen: START, moves: "e4 e5" } } });
  const state = ok(data, response);
  assert.equal(state.turn, "white");
  assert.equal(state.last_move?.san, "e5");
  assert.ok(state.legal_moves.some((m) => m.san === "Nf3"));
  assert.deepEqual(state.dests["g1"], ["e2", "f3", "h3"]);
}
{
  const { data, response } = await fend.POST("/position", { body: { fen: START, moves: ["d4"] } });
  const state = ok(data, response);
  assert.equal(state.turn, "black");
  assert.equal(state.board.length, 32);
}
{
  const { error, response } = await fend.GET("/position", { params: { query: { fen: START, moves: "e5" } } });
  expectProblem(error, response, 422, "illegal_move");
}
{
  const { response } = await fend.HEAD("/position", { params: { query: { fen: START } } });
  calls++;
  assert.equal(response.status, 200);
}

// ---- games: /pgn (JSON body and PGN text), /convert
{
  const { data, response } = await fend.POST("/pgn", { body: { pgn: "[Event \"t\"]\n\n1. e4 e5 2. Nf3 *\n" } });
  const result = ok(data, response);
  // the 200 of /pgn is JSON for a JSON body, NDJSON text for a PGN body
  assert.ok(typeof result === "object" && "games" in result);
  assert.equal(result.games.length, 1);
  assert.equal(result.games[0]?.moves.length, 3);
}
{
  const { data, response } = await fend.POST("/pgn", {
    body: "1. d4 d5 *\n\n1. c4 *\n",
    bodySerializer: (body) => body,
    headers: { "Content-Type": "application/x-chess-pgn", Accept: "application/x-ndjson" },
    parseAs: "text",
  });
  const games = ok(data, response).trimEnd().split("\n").map((l) => JSON.parse(l) as components["schemas"]["PgnLine"]);
  assert.equal(games.length, 2);
  assert.ok(games[1] && "moves" in games[1] && games[1].moves[0]?.san === "c4");
}
{
  const { error, response } = await fend.POST("/pgn", { body: { pgn: "" } });
  expectProblem(error, response, 422, "malformed_pgn");
}
{
  const { data, response } = await fend.POST("/convert", { body: { text: "1. P-K4 P-K4 2. N-KB3", from: "descriptive" } });
  const converted = ok(data, response);
  assert.deepEqual(converted.moves.map((m) => m.san), ["e4", "e5", "Nf3"]);
  assert.match(converted.pgn, /1\. e4 e5 2\. Nf3/);
}
{
  const { error, response } = await fend.POST("/convert", { body: { text: "1. e4", from: "runes" as "san" } });
  expectProblem(error, response, 400, "invalid_field");
}

// ---- pictures: /render, /render/game.gif
{
  const { data, response } = await fend.GET("/render", { params: { query: { fen: START, format: "ascii" } }, parseAs: "text" });
  const board = ok(data, response);
  assert.match(board, /r n b q k b n r/);
}
{
  const { data, response } = await fend.GET("/render", { params: { query: { fen: AFTER_E4, format: "json" } } });
  const state = ok(data, response);
  // the 200 of /render is a picture or text for the other formats
  assert.ok(typeof state === "object" && "pieces" in state);
  assert.equal(state.turn, "black");
  assert.equal(state.pieces.length, 32);
}
{
  const { data, response } = await fend.POST("/render", { body: { fen: START, format: "svg", size: 256 }, parseAs: "text" });
  const svg = ok(data, response);
  assert.ok(typeof svg === "string");
  assert.match(svg, /^<svg/);
  const etag = response.headers.get("ETag");
  assert.equal(etag, null); // POST answers carry no cache headers
}
{
  const first = await fend.GET("/render", { params: { query: { fen: START, format: "png" } }, parseAs: "arrayBuffer" });
  const png = new Uint8Array(ok(first.data, first.response));
  assert.deepEqual([...png.slice(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  const etag = first.response.headers.get("ETag");
  assert.ok(etag);
  const again = await fend.GET("/render", {
    params: { query: { fen: START, format: "png" }, header: { "If-None-Match": etag } },
    parseAs: "arrayBuffer",
  });
  calls++;
  assert.equal(again.response.status, 304);
}
{
  const { response } = await fend.HEAD("/render", { params: { query: { fen: START, format: "svg" } } });
  calls++;
  assert.equal(response.status, 200);
  assert.match(response.headers.get("ETag") ?? "", /^"[0-9a-f]{32}"$/);
}
{
  const { error, response } = await fend.GET("/render", { params: { query: { fen: START, size: "100000" } } });
  expectProblem(error, response, 400, "invalid_field");
}
{
  const { data, response } = await fend.GET("/render/game.gif", { params: { query: { moves: "e4 e5 Nf3", size: "128" } }, parseAs: "arrayBuffer" });
  const gif = new TextDecoder().decode(new Uint8Array(ok(data, response)).slice(0, 6));
  assert.equal(gif, "GIF89a");
}
{
  const { data, response } = await fend.POST("/render/game.gif", { body: { moves: ["d4", "d5"], size: 128 }, parseAs: "arrayBuffer" });
  assert.ok(ok(data, response).byteLength > 6);
}
{
  const { response } = await fend.HEAD("/render/game.gif", { params: { query: { moves: "e4" } } });
  calls++;
  assert.equal(response.status, 200);
}
{
  const { error, response } = await fend.GET("/render/game.gif", { params: { query: { moves: "e5" } } });
  expectProblem(error, response, 422, "illegal_move");
}

// ---- the service: /health, /ready, /version, /metrics, /openapi.yaml
{
  const health = await fend.GET("/health");
  assert.equal(ok(health.data, health.response).status, "ok");
  const ready = await fend.GET("/ready");
  assert.equal(ok(ready.data, ready.response).status, "ready");
  const version = await fend.GET("/version", { params: { header: { "X-Request-Id": "client-ts-1" } } });
  assert.equal(ok(version.data, version.response).name, "fend");
  assert.equal(version.response.headers.get("X-Request-Id"), "client-ts-1");
  const metrics = await fend.GET("/metrics", { parseAs: "text" });
  assert.match(ok(metrics.data, metrics.response), /^# HELP /m);
  const contract = await fend.GET("/openapi.yaml", { parseAs: "text" });
  assert.match(ok(contract.data, contract.response), /^openapi: 3\.2\.0$/m);
  for (const path of ["/health", "/ready", "/version", "/metrics", "/openapi.yaml"] as const) {
    const { response } = await fend.HEAD(path);
    calls++;
    assert.equal(response.status, 200, path);
  }
}

// ---- the web page and its files
{
  const page = await fend.GET("/", { params: { query: { fen: START } }, parseAs: "text" });
  assert.match(ok(page.data, page.response), /<html/i);
  for (const path of ["/fend.js", "/style.css", "/favicon.svg", "/pieces.svg"] as const) {
    const file = await fend.GET(path, { parseAs: "text" });
    assert.ok(ok(file.data, file.response).length > 0, path);
    const head = await fend.HEAD(path);
    calls++;
    assert.equal(head.response.status, 200, path);
  }
  for (const module of ["app", "i18n", "viewer", "challenge"] as const) {
    const file = await fend.GET("/{module}.js", { params: { path: { module } }, parseAs: "text" });
    assert.match(ok(file.data, file.response), /^\/\/ [a-z0-9]+\.js -- /, module);
    const head = await fend.HEAD("/{module}.js", { params: { path: { module } } });
    calls++;
    assert.equal(head.response.status, 200, module);
  }
}

console.log(`fend-client: ${calls} answers checked`);
