// fend.js -- a small client for fend's HTTP API, for browsers (and Node 18+): one method
// per endpoint, JSON in and out. It is the module fend's own page uses; copy it freely.
//
//   import { Fend } from "/fend.js";
//   const fend = new Fend();                  // same origin; or new Fend("http://host:8080")
//   const v = await fend.validate({ fen: "8/8/8/8/8/8/8/K6k w - - 0 1" });
//   if (!v.valid) console.log(v.errors);      // [{code, field, offset, length, message}]
//   const after = await fend.applyMove({ fen: v.fen, move: "a1a2" });
//
// Every method returns the parsed JSON answer of a 2xx response. Any other answer throws a
// FendError carrying the RFC 9457 problem (error.problem: {code, detail, ...}, error.status).
// Options are the API's own members (snake_case), passed through unchanged.

/** An answer that was not 2xx: status is the HTTP status, problem the problem object. */
export class FendError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.name = "FendError";
    this.status = status;
    this.problem = problem || null;
    this.code = (problem && problem.code) || null;
  }
}

export class Fend {
  /** base: the service's origin ("" means the page's own). */
  constructor(base = "") {
    this.base = base.replace(/\/$/, "");
    /** The language of the answers' messages ("en", "it", "ru" or "es"), sent as
     * Accept-Language; null leaves it to the browser's own. */
    this.language = null;
  }

  /** POST body as JSON to path (or GET when body is undefined); the parsed answer. */
  async request(path, body, { headers = {}, raw = false } = {}) {
    const init = { method: body === undefined ? "GET" : "POST", headers: { Accept: "application/json", ...headers } };
    if (this.language) init.headers["Accept-Language"] = this.language;
    if (body !== undefined) {
      if (typeof body === "string") {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        init.headers["Content-Type"] = "application/json";
      }
    }
    const resp = await fetch(this.base + path, init);
    if (raw && resp.ok) return resp;
    const type = resp.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await resp.json() : await resp.text();
    if (!resp.ok) throw new FendError(resp.status, typeof data === "object" ? data : null);
    return data;
  }

  /** POST /validate: {valid, fen, fields, status, errors, warnings, ...}; never throws
   * for an invalid FEN (valid is false then). opts: fen, mode, chess960, ep, castling,
   * and expected (a FEN: the answer then has comparison {equal, fields, squares, ...}). */
  validate(opts) {
    return this.request("/validate", opts);
  }

  /** POST /moves: {fen, count, moves: [{uci, san, from, to, piece, promotion, flags}]}. */
  moves(opts) {
    return this.request("/moves", opts);
  }

  /** POST /apply-move with move (one) or moves (a line): {fen, status, moves: [{uci, san,
   * fen}], pgn}. An illegal move throws a FendError with code "illegal_move". */
  applyMove(opts) {
    return this.request("/apply-move", opts);
  }

  /** POST /render as JSON (the board state: board, pieces, check_square, status). */
  render(opts) {
    return this.request("/render", { ...opts, format: "json" });
  }

  /** The URL of GET /render for an <img> (format svg by default). */
  renderUrl(opts) {
    const q = new URLSearchParams({ format: "svg", ...opts });
    return `${this.base}/render?${q}`;
  }

  /** POST /pgn: {games: [{index, tags, moves, start_fen, final_fen, status, errors}]}. */
  pgn(text, opts = {}) {
    return this.request("/pgn", { pgn: text, ...opts });
  }

  /** POST /convert: {pgn, moves: [{given, san, uci, fen}], final_fen, notes}.
   * opts: text, from ("descriptive" | "san" | "uci"), lang, to ("pgn"). */
  convert(opts) {
    return this.request("/convert", { to: "pgn", ...opts });
  }
}

/** Splits a string at UTF-8 byte offsets (fend reports offset and length in bytes):
 * returns [before, inside, after] for the byte range [offset, offset + length). */
export function sliceBytes(text, offset, length) {
  const bytes = new TextEncoder().encode(text);
  const dec = new TextDecoder();
  const end = Math.min(bytes.length, offset + length);
  return [dec.decode(bytes.slice(0, offset)), dec.decode(bytes.slice(offset, end)), dec.decode(bytes.slice(end))];
}
