#!/usr/bin/env node
// prism.mjs -- fend's answers checked by an independent OpenAPI validator: Stoplight's
// Prism in proxy mode with --errors, in front of a real fend. Every request below (every
// path, answers that succeed and answers that are problems) goes through Prism, which
// validates the request and fend's answer against api/openapi.yaml and turns any
// violation into an error of its own (an `sl-violations` header, a Prism problem type).
// The test passes when every answer is fend's, with the status expected, and Prism saw
// no violation at all.
//
// Environment (set by `make check`): FEND_BUILD_DIR (fend, and tests/prism/node_modules
// with @stoplight/prism-cli, which `make check` installs at the version Makefile.am
// pins), FEND_SOURCE_DIR (api/openapi.yaml). Exit status: 0 passed, 1 a check failed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const BUILD = process.env.FEND_BUILD_DIR || process.cwd();
const SOURCE = process.env.FEND_SOURCE_DIR || path.dirname(path.dirname(new URL(import.meta.url).pathname));
const PRISM = path.join(BUILD, "tests", "prism", "node_modules", "@stoplight", "prism-cli", "dist", "index.js");
const TIMEOUT = 60000;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const NO_KINGS = "8/8/8/8/8/8/8/8 w - - 0 1";

let passed = 0;
const failures = [];
function check(name, ok, detail = "") {
  if (ok) passed++;
  else failures.push(name);
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `\n     ${detail}`}`);
}
function finish(code) {
  console.log(`prism: ${passed} passed, ${failures.length} failed`);
  process.exit(code ?? (failures.length ? 1 : 0));
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function startFend() {
  const bin = path.join(BUILD, "fend");
  if (!existsSync(bin)) throw new Error(`${bin} not found: build fend first`);
  const proc = spawn(bin, ["--listen", "127.0.0.1", "--port", "0", "--log", "off"], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("fend did not start")), TIMEOUT);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: m[1].replace(/\/$/, "") });
      }
    });
    proc.on("exit", (code) => reject(new Error(`fend exited with ${code}`)));
  });
}

async function startPrism(upstream) {
  if (!existsSync(PRISM)) throw new Error(`${PRISM} not found: make check installs it (see Makefile.am)`);
  const port = await freePort();
  const proc = spawn(process.execPath, [PRISM, "proxy", path.join(SOURCE, "api", "openapi.yaml"), upstream,
    "--errors", "--host", "127.0.0.1", "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  proc.stdout.on("data", (d) => { log += d; });
  proc.stderr.on("data", (d) => { log += d; });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + TIMEOUT;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`prism exited: ${log}`);
    try {
      await fetch(`${base}/health`);
      return { proc, base, log: () => log };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`prism did not start: ${log}`);
}

const json = (body) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const q = (params) => "?" + new URLSearchParams(params);

// [name, path and query, fetch options, expected status]. No HEAD: Prism 5.16's proxy
// parses the body of a HEAD answer as its Content-Type says (JSON for /validate) and fails
// on the empty body with a 500 of its own; tests/contract.py checks that every HEAD answer
// has the status and headers of its GET.
const REQUESTS = [
  ["validate GET", "/validate" + q({ fen: START }), {}, 200],
  ["validate GET invalid", "/validate" + q({ fen: NO_KINGS }), {}, 200],
  ["validate GET unknown parameter", "/validate" + q({ fen: START, zz: "1" }), {}, 400],
  ["validate POST", "/validate", json({ fen: START, mode: "lenient" }), 200],
  ["validate POST unreadable", "/validate", json({ fen: "x" }), 200],
  ["validate POST bulk", "/validate", { method: "POST", headers: { "Content-Type": "application/x-ndjson" },
    body: `"${START}"\n{"fen":"${NO_KINGS}"}\nnot json\n` }, 200],
  ["moves GET", "/moves" + q({ fen: START, lang: "fr" }), {}, 200],
  ["moves GET invalid FEN", "/moves" + q({ fen: NO_KINGS }), {}, 422],
  ["moves POST", "/moves", json({ fen: START }), 200],
  ["apply-move", "/apply-move", json({ fen: START, move: "e4" }), 200],
  ["apply-move moves", "/apply-move", json({ fen: START, moves: ["f3", "e5", "g4", "Qh4#"] }), 200],
  ["apply-move illegal", "/apply-move", json({ fen: START, move: "e5" }), 422],
  ["apply-move invalid FEN", "/apply-move", json({ fen: NO_KINGS, move: "e4" }), 422],
  ["position GET", "/position" + q({ fen: START, moves: "e4 e5" }), {}, 200],
  ["position GET illegal", "/position" + q({ fen: START, moves: "e5" }), {}, 422],
  ["position POST", "/position", json({ fen: START, moves: ["d4"] }), 200],
  ["position POST invalid FEN", "/position", json({ fen: NO_KINGS }), 422],
  ["convert", "/convert", json({ text: "1. P-K4 P-K4 2. N-KB3", from: "descriptive" }), 200],
  ["convert illegal", "/convert", json({ text: "1. e5", from: "san" }), 422],
  ["pgn JSON", "/pgn", json({ pgn: "[Event \"x\"]\n\n1. e4 e5 *\n" }), 200],
  ["pgn text", "/pgn", { method: "POST", headers: { "Content-Type": "application/x-chess-pgn" }, body: "1. d4 d5 *\n" }, 200],
  ["pgn NDJSON", "/pgn", { method: "POST", headers: { "Content-Type": "application/x-chess-pgn", Accept: "application/x-ndjson" },
    body: "1. d4 d5 *\n\n1. c4 *\n" }, 200],
  ["pgn malformed", "/pgn", json({ pgn: "" }), 422],
  ["render ascii", "/render" + q({ fen: START, format: "ascii" }), {}, 200],
  ["render json", "/render" + q({ fen: START, format: "json" }), {}, 200],
  ["render svg", "/render" + q({ fen: START }), {}, 200],
  ["render png", "/render" + q({ fen: START, format: "png" }), {}, 200],
  ["render invalid FEN", "/render" + q({ fen: NO_KINGS, format: "png" }), {}, 200],
  ["render not acceptable", "/render" + q({ fen: START }), { headers: { Accept: "application/pdf" } }, 406],
  ["render POST", "/render", json({ fen: START, format: "unicode" }), 200],
  ["game.gif", "/render/game.gif" + q({ moves: "e4 e5" }), {}, 200],
  ["game.gif illegal", "/render/game.gif" + q({ moves: "e5" }), {}, 422],
  ["game.gif POST", "/render/game.gif", json({ moves: ["d4"] }), 200],
  ["health", "/health", {}, 200],
  ["ready", "/ready", {}, 200],
  ["version", "/version", {}, 200],
  ["version unknown parameter", "/version?x=1", {}, 400],
  ["metrics", "/metrics", {}, 200],
  ["openapi.yaml", "/openapi.yaml", {}, 200],
  ["page", "/" + q({ fen: START }), {}, 200],
  ["fend.js", "/fend.js", {}, 200],
  ["app.js", "/app.js", {}, 200],
  ["style.css", "/style.css", {}, 200],
  ["favicon.svg", "/favicon.svg", {}, 200],
  ["i18n.js", "/i18n.js", {}, 200],
  ["pieces.svg", "/pieces.svg", {}, 200],
  ["common.js", "/common.js", {}, 200],
  ["board.js", "/board.js", {}, 200],
  ["fenbox.js", "/fenbox.js", {}, 200],
  ["tabs.js", "/tabs.js", {}, 200],
  ["play.js", "/play.js", {}, 200],
  ["editor.js", "/editor.js", {}, 200],
  ["viewer.js", "/viewer.js", {}, 200],
  ["descriptive.js", "/descriptive.js", {}, 200],
  ["challenge.js", "/challenge.js", {}, 200],
  ["preflight", "/apply-move", { method: "OPTIONS", headers: { Origin: "http://example.test",
    "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" } }, 204],
];

let fend, prism;
try {
  fend = await startFend();
  prism = await startPrism(fend.base);
} catch (e) {
  check(`start fend and prism: ${e.message}`, false);
  fend?.proc.kill();
  finish(1);
}

for (const [name, target, options, status] of REQUESTS) {
  let resp, body;
  try {
    resp = await fetch(prism.base + target, options);
    body = Buffer.from(await resp.arrayBuffer()).toString("latin1");
  } catch (e) {
    check(name, false, `no answer: ${e}`);
    continue;
  }
  const violations = resp.headers.get("sl-violations");
  const prismError = /stoplight\.io\/prism\/errors/.test(body);
  check(name, !violations && !prismError && resp.status === status,
    `status ${resp.status} (expected ${status}); sl-violations: ${violations}; body: ${body.slice(0, 400)}`);
}

prism.proc.kill("SIGTERM");
fend.proc.kill("SIGTERM");
if (failures.length) console.log(prism.log().split("\n").filter((l) => !/ℹ  info/.test(l)).join("\n").slice(-4000));
finish();
