#!/usr/bin/env node
// browser.mjs -- the web page tested in a real browser: Debian's chromium, headless,
// driven by playwright-core, against a real fend on a free port. Every check compares
// what the page shows with what fend's API answers for the same request.
//
// Environment (set by `make check`): FEND_BUILD_DIR (fend, and tests/web/node_modules
// with playwright-core, which `make check` installs), FEND_CHROMIUM (default
// /usr/bin/chromium). Screenshots go to $FEND_BUILD_DIR/tests/web/. Nothing is skipped:
// a missing browser or module is a failure (exit 1), as is any console error of the page.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const BUILD = process.env.FEND_BUILD_DIR || process.cwd();
const CHROMIUM = process.env.FEND_CHROMIUM || "/usr/bin/chromium";
const OUT = path.join(BUILD, "tests", "web");
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BAD_DIGIT = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SLOPPY = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W kqKQ - 0 1";
const PROMOTION = "2k5/P7/8/8/8/8/8/K7 w - - 0 1";
const CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
const TIMEOUT = 10000;
// A game as lichess exports it: clocks, evaluations, arrows and circled squares in the
// comments, a NAG and a variation.
const LICHESS = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[TimeControl "180+2"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } 2. Nf3 { [%eval 0.15] [%clk 0:02:58] [%cal Gf3e5,Rd1h5] } 2... Nc6 $14 { [%eval 0.3] [%clk 0:02:57] [%csl Ge5,Rf7] A normal developing move. } 3. Bc4 { [%eval 0.25] [%clk 0:02:55] } (3. Bb5 a6) 3... Nd4 { [%eval 1.9] [%clk 0:02:40] } 4. Nxe5 { [%eval -2.4] [%clk 0:02:38] } 1-0
`;
// The seed's first FEN challenge is the position its example game ends in.
const CHALLENGE1 = "c4 c6 Nf3 d5 g3 Bg4 Ne5 Bf5 Qb3 Qb6 cxd5 Qxb3 axb3 Be4 dxc6 Bxh1 Rxa7".split(" ");

// A [%clk] time in seconds as the page writes it, h:mm:ss.
function clock(seconds) {
  const t = Math.round(seconds);
  return `${Math.floor(t / 3600)}:${String(Math.floor(t / 60) % 60).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
}

// axe-core in the page (its own copy, installed by make check next to playwright-core):
// the serious and critical violations, each as {id, impact, nodes: [selectors]}.
async function axeViolations(page, source) {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  });
}

let passed = 0;
const failures = [];
function check(name, ok, detail = "") {
  if (ok) {
    passed++;
    console.log(`ok   ${name}`);
  } else {
    failures.push(`${name}${detail ? `: ${detail}` : ""}`);
    console.log(`FAIL ${name}${detail ? `: ${detail}` : ""}`);
  }
}
function equal(name, got, want) {
  check(name, got === want, `got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

function die(message) {
  console.log(`browser: ${message}`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}

// fend on a free port: its banner names the port.
function startFend() {
  const bin = path.join(BUILD, "fend");
  if (!existsSync(bin)) die(`${bin} not found: build fend first`);
  const proc = spawn(bin, ["--listen", "127.0.0.1", "--port", "0", "--log", "off"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`fend did not start: ${stderr}`)), TIMEOUT);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: m[1].replace(/\/$/, ""), stderr: () => stderr });
      }
    });
    proc.on("exit", (code) => reject(new Error(`fend exited with ${code}: ${stderr}`)));
  });
}

async function api(base, pathname, body) {
  const resp = await fetch(base + pathname, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await resp.json();
  if (!resp.ok) throw new Error(`${pathname}: ${resp.status} ${JSON.stringify(data)}`);
  return data;
}

// A screenshot is not blank when it holds many colours and no one colour covers it all:
// decoded by the browser itself, in a page of its own.
async function distinctColours(browser, png) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const counts = new Map();
      for (let i = 0; i < data.length; i += 4 * 7) {
        const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
        counts.set(key, (counts.get(key) || 0) + 1);
      }
      const top = Math.max(...counts.values());
      return { width: img.width, height: img.height, colours: counts.size, topShare: top / (data.length / 28) };
    }, png.toString("base64"));
  } finally {
    await page.close();
  }
}

// The centre of an element on the page.
async function centre(page, selector) {
  const box = await page.locator(selector).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// A mouse drag from the centre of one element to a point (or another element's centre).
async function drag(page, fromSelector, to) {
  await page.locator(fromSelector).scrollIntoViewIfNeeded();
  if (typeof to === "string") await page.locator(to).scrollIntoViewIfNeeded();
  const a = await centre(page, fromSelector);
  const b = typeof to === "string" ? await centre(page, to) : to;
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

// Waits until the play panel shows fen.
function playFen(page, fen) {
  return page.waitForFunction((f) => document.getElementById("play-fen").textContent === f, fen);
}

async function main() {
  if (Number(process.versions.node.split(".")[0]) < 18) {
    die(`Node.js ${process.versions.node} is too old for playwright-core: 18 or later is needed (Debian 12 has it; ./bootstrap installs it)`);
  }
  if (!existsSync(CHROMIUM)) die(`${CHROMIUM} not found: install Debian's chromium (./bootstrap does)`);
  let playwright;
  try {
    playwright = createRequire(path.join(OUT, "x.js"))("playwright-core");
  } catch (err) {
    die(`playwright-core not found under ${OUT}/node_modules (make check installs it): ${err.message}`);
  }
  mkdirSync(OUT, { recursive: true });
  const fend = await startFend();
  const { base } = fend;
  // However the test ends, the daemon it started goes with it.
  process.on("exit", () => fend.proc.kill("SIGTERM"));
  // CI runs as root (Chromium's sandbox refuses root) and possibly in a container whose
  // /dev/shm is small.
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const consoleErrors = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(`${msg.text()} (${msg.location().url || "?"})`);
    });
    page.on("pageerror", (err) => consoleErrors.push(`uncaught: ${err.message}`));
    // A request the page itself gave up (a picture replaced before it loaded, a page left)
    // is not a failure; any other is.
    page.on("requestfailed", (req) => {
      if (req.failure()?.errorText !== "net::ERR_ABORTED") consoleErrors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
    });

    // What the page asks fend (fetch), in order: "METHOD /path" and the body.
    const fetched = [];
    page.on("request", (req) => {
      if (req.resourceType() === "fetch") fetched.push({ what: `${req.method()} ${new URL(req.url()).pathname}`, body: req.postData() || "", url: req.url() });
    });
    const fetchedSince = (from, what) => fetched.slice(from).filter((r) => r.what === what).length;
    // During play no position is asked for twice: no /moves, no JSON board from /render.
    const boardRequests = (from) => fetched.slice(from).filter((r) => r.what === "POST /moves" || r.what === "GET /moves" ||
      (r.url.includes("/render") && (r.body.includes('"json"') || r.url.includes("format=json")))).length;

    // The page must work under the Content-Security-Policy fend's hardening sends (only
    // its own origin, no inline script or style): the test adds it to the page itself, so a
    // violation is a console error here whatever the daemon sends.
    await context.route(/\/(\?.*)?$/, async (route) => {
      // A kept-alive connection fend has closed meanwhile (idle) is tried once more.
      const r = await route.fetch().catch(() => route.fetch());
      await route.fulfill({ response: r, headers: { ...r.headers(), "content-security-policy": "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'" } });
    });

    // ---- the page loads, with the start position on the board
    const resp = await page.goto(`${base}/`);
    equal("GET / is 200", resp.status(), 200);
    check("GET / is text/html", (resp.headers()["content-type"] || "").startsWith("text/html"));
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#play-board [data-square="e2"][data-piece="P"]');
    equal("start FEN in the box", await page.inputValue("#fen-input"), START);
    await page.waitForSelector("#fen-section[data-state=valid]");

    // ---- a broken FEN: error message and underline at fend's offset
    const bad = await api(base, "/validate", { fen: BAD_DIGIT });
    await page.fill("#fen-input", BAD_DIGIT);
    await page.waitForSelector("#fen-section[data-state=invalid]");
    const err = bad.errors[0];
    const mark = page.locator(`#fen-marked .mark.error[data-offset="${err.offset}"]`);
    equal("one underline at the error's offset", await mark.count(), 1);
    equal("underlined text is the error's bytes", await mark.first().textContent(),
      Buffer.from(BAD_DIGIT).subarray(err.offset, err.offset + err.length).toString());
    const problem = await page.locator(`#fen-problems li.error[data-code="${err.code}"]`).textContent();
    check("error message shown in words", problem.includes(err.message), problem);
    check("verdict says not valid", (await page.textContent("#fen-verdict")).includes("Not a valid FEN"));
    equal("the board field is marked bad", await page.getAttribute('#fen-fields tr[data-field="board"]', "class"), "bad");

    // ---- fixed: valid, six labelled fields
    await page.fill("#fen-input", START);
    await page.waitForSelector("#fen-section[data-state=valid]");
    check("verdict says valid", (await page.textContent("#fen-verdict")).startsWith("Valid position"));
    equal("no underline left", await page.locator("#fen-marked .mark").count(), 0);
    equal("six fields labelled", await page.locator("#fen-fields tbody tr").count(), 6);
    check("side to move in words", (await page.textContent('#fen-fields tr[data-field="turn"]')).includes("White to move"));

    // ---- lenient: what was given and what it became
    await page.fill("#fen-input", SLOPPY);
    await page.waitForSelector("#fen-section[data-state=invalid]");
    await page.check("#opt-lenient");
    await page.waitForSelector("#fen-section[data-state=valid]");
    const lenient = await api(base, "/validate", { fen: SLOPPY, mode: "lenient" });
    const repairs = await page.locator("#fen-problems li.warning").allTextContents();
    equal("one line per repair", repairs.length, lenient.warnings.length);
    check("repair shows given and became", repairs.some((t) => t.includes(`“${lenient.warnings[0].given}” → “${lenient.warnings[0].became}”`)), repairs.join(" | "));
    equal("repaired FEN shown", await page.textContent("#fen-repaired-text"), lenient.fen);
    await page.uncheck("#opt-lenient");
    await page.fill("#fen-input", START);
    await page.waitForSelector("#fen-section[data-state=valid]");

    // ---- play 1.e4 by clicking e2 then e4
    await page.waitForSelector('#play-board [data-square="e2"]');
    const beforeE4 = fetched.length;
    await page.click('#play-board [data-square="e2"]');
    await page.waitForSelector('#play-board [data-square="e4"].target');
    equal("e2's targets are /position's dests", (await page.locator("#play-board .target").evaluateAll((cs) => cs.map((c) => c.dataset.square))).sort().join(" "),
      (await api(base, "/position", { fen: START })).dests.e2.slice().sort().join(" "));
    await page.click('#play-board [data-square="e4"]');
    const e4 = await api(base, "/apply-move", { fen: START, moves: ["e2e4"] });
    await playFen(page, e4.fen);
    equal("a move played: one request to /position", fetchedSince(beforeE4, "POST /position"), 1);
    // (the FEN box, which follows the game, asks /validate for its own explanation)
    equal("a move played: nothing else of the board asked for", fetched.slice(beforeE4).filter((r) => r.what !== "POST /validate").length, 1);
    const e4Opening = (await api(base, "/position", { fen: START, moves: ["e2e4"] })).opening;
    equal("the opening's name is /position's", await page.textContent("#play-opening"), `Opening: ${e4Opening.name} (${e4Opening.eco})`);
    equal("the page's FEN after e4 is /apply-move's", await page.textContent("#play-fen"), e4.fen);
    equal("the FEN box follows the game", await page.inputValue("#fen-input"), e4.fen);
    equal("move list shows the move", (await page.textContent("#play-moves .ply")).trim(), e4.moves[0].san || e4.moves[0].uci);
    check("status in words", (await page.textContent("#play-status")).includes("Black to move"));
    // a drag: d7 to d5
    await drag(page, '#play-board [data-square="d7"]', '#play-board [data-square="d5"]');
    const d5fen = (await api(base, "/apply-move", { fen: START, moves: ["e2e4", "d7d5"] })).fen;
    await playFen(page, d5fen);
    check("a dragged move is played", true);
    // undo, redo
    const beforeUndo = fetched.length;
    await page.click("#play-undo");
    await playFen(page, e4.fen);
    await page.click("#play-redo");
    await playFen(page, d5fen);
    check("undo and redo", true);
    equal("undo and redo: one /position request each, nothing else", `${fetchedSince(beforeUndo, "POST /position")} ${fetched.slice(beforeUndo).filter((r) => r.what !== "POST /validate").length}`, "2 2");
    // flip
    const firstBefore = await page.getAttribute("#play-board [data-square]", "data-square");
    await page.click("#play-flip");
    equal("flip puts h1 top left", await page.getAttribute("#play-board [data-square]", "data-square"), "h1");
    equal("unflipped board starts at a8", firstBefore, "a8");
    await page.click("#play-flip");
    // a move typed as text
    await page.fill("#play-move-input", "Nf3");
    await page.press("#play-move-input", "Enter");
    const nf3 = await api(base, "/apply-move", { fen: START, moves: ["e2e4", "d7d5", "g1f3"] });
    await playFen(page, nf3.fen);
    check("a move typed in SAN is played", true);
    equal("the move list is in SAN", (await page.locator("#play-moves .ply").allTextContents()).join(" "),
      nf3.moves.map((m) => m.san).join(" "));
    // the piece letters of the chosen language
    for (const lang of ["it", "figurine", "en"]) {
      const local = await api(base, "/apply-move", { fen: START, moves: ["e2e4", "d7d5", "g1f3"], lang });
      await page.selectOption("#play-lang", lang);
      await page.waitForFunction((san) => document.querySelectorAll("#play-moves .ply")[2]?.textContent === san, local.moves[2].san);
      check(`move list in ${lang}: ${local.moves[2].san}`, true);
    }
    equal("during play, no /moves and no JSON board from /render", boardRequests(0), 0);
    // copy PGN: the game as /apply-move writes it
    await page.click("#play-copy-pgn");
    await page.waitForFunction(() => document.getElementById("play-copied").textContent === "Copied.");
    equal("copied PGN", await page.evaluate(() => navigator.clipboard.readText()), nf3.pgn);
    // fend's picture of the position
    const image = await page.evaluate(async () => {
      const r = await fetch(document.getElementById("play-image").href);
      return { type: r.headers.get("Content-Type"), text: await r.text() };
    });
    check("board image link is fend's SVG", image.type.startsWith("image/svg+xml") && image.text.includes("<svg"), image.type);
    // copy FEN
    await page.click("#play-copy-fen");
    await page.waitForFunction(() => document.getElementById("play-copied").textContent === "Copied.");
    equal("copied FEN", await page.evaluate(() => navigator.clipboard.readText()), nf3.fen);
    // permalink restores the line
    const link = await page.getAttribute("#play-permalink", "href");
    const linkPage = await context.newPage();
    linkPage.on("console", (msg) => { if (msg.type() === "error") consoleErrors.push(msg.text()); });
    linkPage.on("pageerror", (e) => consoleErrors.push(`uncaught: ${e.message}`));
    await linkPage.goto(base + link);
    await playFen(linkPage, nf3.fen);
    equal("permalink restores the moves", await linkPage.locator("#play-moves .ply").count(), 3);
    await linkPage.close();

    // ---- the keyboard alone: Tab to the board, arrows to a square, Enter twice
    await page.click("#play-reset");
    await playFen(page, START);
    await page.focus("#play-flip");
    await page.locator('#play-board [tabindex="0"]').focus();
    const keyFrom = await page.evaluate(() => document.activeElement.dataset.square);
    equal("the board has one tab stop, at a8", keyFrom, "a8");
    for (const key of ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"]) {
      await page.keyboard.press(key);
    }
    equal("arrow keys reach g1", await page.evaluate(() => document.activeElement.dataset.square), "g1");
    await page.keyboard.press("Enter");
    await page.waitForSelector('#play-board [data-square="f3"].target');
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    const kbd = await api(base, "/apply-move", { fen: START, move: "g1f3" });
    await playFen(page, kbd.fen);
    check("a move played with the keyboard alone", true);
    equal("the square keeps the focus after the move", await page.evaluate(() => document.activeElement.dataset.square), "f3");

    // ---- status in words: a checkmate restored from a permalink
    const mate = await context.newPage();
    mate.on("console", (msg) => { if (msg.type() === "error") consoleErrors.push(msg.text()); });
    await mate.goto(`${base}/?moves=f2f3,e7e5,g2g4,d8h4`);
    const mated = await api(base, "/apply-move", { fen: START, moves: ["f2f3", "e7e5", "g2g4", "d8h4"] });
    await playFen(mate, mated.fen);
    equal("checkmate in words", await mate.textContent("#play-status"), "Checkmate: Black wins (0-1).");
    check("the mated king's square is marked", await mate.locator('#play-board [data-square="e1"].check').count() === 1);
    await mate.close();

    // ---- repetition over the line: the status says a draw can be claimed
    const shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
    const rep = await context.newPage();
    rep.on("console", (msg) => { if (msg.type() === "error") consoleErrors.push(msg.text()); });
    await rep.goto(`${base}/?moves=${shuffle.join(",")}`);
    const repeated = await api(base, "/apply-move", { fen: START, moves: shuffle });
    await playFen(rep, repeated.fen);
    check("threefold repetition in words", repeated.status.threefold_repetition &&
      (await rep.textContent("#play-status")).includes("threefold repetition"), await rep.textContent("#play-status"));
    await rep.close();

    // ---- Chess960: the toggle changes how fend reads the castling rights
    await page.fill("#fen-input", CHESS960);
    await page.waitForSelector("#fen-section[data-state=invalid]");
    await page.check("#opt-chess960");
    await page.waitForSelector("#fen-section[data-state=valid]");
    const c960 = await api(base, "/validate", { fen: CHESS960, chess960: true });
    await playFen(page, c960.fen);
    check("a Chess960 position is valid with the toggle", true);
    // Chess960 castling: the king dropped on its rook's square, as /position's dests say
    const C960_CASTLE = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1";
    await page.fill("#fen-input", C960_CASTLE);
    await playFen(page, C960_CASTLE);
    await page.click('#play-board [data-square="e1"]');
    await page.waitForSelector('#play-board [data-square="b1"].target');
    await page.click('#play-board [data-square="b1"]');
    const c960Castled = await api(base, "/apply-move", { fen: C960_CASTLE, move: "e1b1", chess960: true });
    await playFen(page, c960Castled.fen);
    equal("Chess960: the king castles onto its rook's square (king on c1)", await page.getAttribute('#play-board [data-square="c1"]', "data-piece"), "K");
    await page.uncheck("#opt-chess960");

    // ---- sloppy SAN: played, and fend's warning shown
    const CASTLES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    await page.fill("#fen-input", CASTLES);
    await playFen(page, CASTLES);
    await page.fill("#play-move-input", "0-0");
    await page.press("#play-move-input", "Enter");
    const castled = await api(base, "/apply-move", { fen: CASTLES, move: "0-0" });
    await playFen(page, castled.fen);
    const warned = await page.textContent("#play-move-error");
    // castling by dropping the king on its rook (dests has both g1 and h1)
    await page.fill("#fen-input", CASTLES);
    await playFen(page, CASTLES);
    await page.click('#play-board [data-square="e1"]');
    await page.waitForSelector('#play-board [data-square="h1"].target');
    check("the king's castling targets: g1 and its rook's h1", await page.locator('#play-board [data-square="g1"].target').count() === 1);
    await page.click('#play-board [data-square="h1"]');
    await playFen(page, castled.fen);
    check("the king dropped on its rook castles", true);
    check("a sloppy SAN move shows how fend read it", warned.includes(`“0-0” read as “${castled.warnings[0].became}”`), warned);
    // a move in other letters than those chosen: read in its own language, and said so
    await page.fill("#fen-input", START);
    await playFen(page, START);
    await page.fill("#play-move-input", "Cf3");
    await page.press("#play-move-input", "Enter");
    const knight = await api(base, "/apply-move", { fen: START, move: "Cf3" });
    await playFen(page, knight.fen);
    const said = await page.textContent("#play-move-error");
    check("an Italian move typed with English chosen is the knight, said so", said.includes("Italian"), said);

    // ---- promotion through the dialog
    await page.fill("#fen-input", PROMOTION);
    await page.waitForSelector('#play-board [data-square="a7"][data-piece="P"]');
    await playFen(page, PROMOTION);
    await page.click('#play-board [data-square="a7"]');
    await page.waitForSelector('#play-board [data-square="a8"].target');
    await page.click('#play-board [data-square="a8"]');
    await page.waitForSelector("#promotion[open]");
    await page.click('#promotion button[value="q"]');
    const promoted = await api(base, "/apply-move", { fen: PROMOTION, move: "a7a8q" });
    await playFen(page, promoted.fen);
    equal("promoted to a queen", await page.getAttribute('#play-board [data-square="a8"]', "data-piece"), "Q");
    check("check announced", (await page.textContent("#play-status")).includes("in check"));

    // ---- the board editor
    await page.click("#tab-editor");
    await page.click("#editor-clear");
    await page.waitForFunction(() => document.getElementById("fen-input").value.startsWith("8/8/8/8/8/8/8/8 "));
    await page.waitForSelector("#fen-section[data-state=invalid]");
    check("an empty board is drawn", (await page.locator('#editor-board [data-square]').count()) === 64);
    check("an empty board's problems are listed", (await page.locator('#fen-problems li[data-code="missing_king"]').count()) >= 1);
    await page.click('#editor-palette [data-tool="K"]');
    await page.click('#editor-board [data-square="e1"]');
    await page.click('#editor-palette [data-tool="k"]');
    await page.click('#editor-board [data-square="e8"]');
    await page.click('#editor-palette [data-tool="R"]');
    await page.click('#editor-board [data-square="a1"]');
    await page.check("#editor-Q");
    await page.selectOption("#editor-turn", "b");
    // drag a queen from the palette to d1
    await drag(page, '#editor-palette [data-tool="Q"]', '#editor-board [data-square="d1"]');
    const made = "4k3/8/8/8/8/8/8/R2QK3 b Q - 0 1";
    await page.waitForFunction((fen) => document.getElementById("fen-input").value === fen, made);
    await page.waitForSelector("#fen-section[data-state=valid]");
    const madeCheck = await api(base, "/validate", { fen: made });
    check("the editor's FEN is valid for fend too", madeCheck.valid);
    equal("the editor's FEN", await page.inputValue("#fen-input"), made);

    // the start position button, then back to the position made
    await page.click("#editor-start");
    await page.waitForFunction((fen) => document.getElementById("fen-input").value === fen, START);
    check("start position button", (await page.locator('#editor-board [data-piece="P"]').count()) === 8);
    await page.fill("#fen-input", made);
    await page.waitForSelector('#editor-board [data-square="e2"][data-piece=""]');
    // a piece dragged off the board is removed; one dragged to another square moves
    await page.locator('#editor-board [data-square="a1"]').scrollIntoViewIfNeeded();
    const board = await page.locator("#editor-board").boundingBox();
    await drag(page, '#editor-board [data-square="a1"]', { x: board.x + board.width + 60, y: board.y + board.height - 10 });
    await page.waitForFunction(() => document.getElementById("fen-input").value === "4k3/8/8/8/8/8/8/3QK3 b Q - 0 1");
    await page.waitForSelector('#fen-problems li[data-code]');
    check("a piece dragged off the board is removed, and the castling right it had is a problem",
      (await page.locator("#fen-problems li.error").count()) >= 1);
    // the tabs with the keyboard
    await page.focus("#tab-editor");
    await page.keyboard.press("ArrowRight");
    equal("arrow keys move between tabs", await page.evaluate(() => document.activeElement.id), "tab-pgn");
    check("the tab's panel is shown", await page.isVisible("#panel-pgn"));
    await page.keyboard.press("ArrowLeft");

    // ---- the PGN viewer: the document's mini-template game
    await page.click("#tab-pgn");
    await page.click("#pgn-example");
    const template = await page.inputValue("#pgn-input");
    const game = (await api(base, "/pgn", { pgn: template })).games[0];
    const pgnFen = (fen) => page.waitForFunction((f) => document.getElementById("pgn-fen").textContent === f, fen);
    await page.waitForSelector("#pgn-view:not([hidden])");
    await pgnFen(game.start_fen);
    equal("the example is the document's game", game.moves[game.moves.length - 1].san, "Nd5#");
    await page.focus("#pgn-next");
    await page.keyboard.press("ArrowRight");
    await pgnFen(game.moves[0].fen);
    check("the right arrow steps one ply", true);
    await page.waitForFunction(() => document.getElementById("pgn-opening").textContent !== "");
    equal("the viewer names the ply's opening", await page.textContent("#pgn-opening"), "Opening: King's Pawn Game (B00)");
    await page.keyboard.press("End");
    await pgnFen(game.final_fen);
    await page.waitForFunction(() => document.getElementById("pgn-status").textContent.startsWith("Checkmate"));
    equal("the last ply is checkmate", await page.textContent("#pgn-status"), "Checkmate: White wins (1-0).");
    const lastNamed = [...game.moves].reverse().find((m) => m.opening).opening;
    equal("at the end, the opening is the most recent named ply's (walking back)", await page.textContent("#pgn-opening"),
      `Opening: ${lastNamed.name} (${lastNamed.eco})`);
    const img = await page.evaluate(() => { const i = document.getElementById("pgn-board"); return { src: i.src, alt: i.alt }; });
    check("the board is fend's SVG with the last move", img.src.includes("format=svg") && img.src.includes(`last_move=${game.moves[game.moves.length - 1].uci}`), img.src);
    await page.waitForFunction(() => { const i = document.getElementById("pgn-board"); return i.complete && i.naturalWidth > 0; });
    check("the board picture loads", true);
    check("the alt text names the move", img.alt.includes("8. Nd5#") || img.alt.includes("8. Nd5"), img.alt);
    check("comments are shown", (await page.locator("#pgn-moves .comment").allTextContents()).includes("Normal development"));
    check("NAG glyphs are shown", (await page.locator("#pgn-moves .ply").allTextContents()).includes("Nxe5!!"));
    // a variation move: 5...Bxf3, the variation of Black's fifth move
    const bh5 = game.moves.findIndex((m) => m.san === "Bh5");
    const variation = game.moves[bh5].variations[0];
    await page.locator("#pgn-moves .variation .ply", { hasText: variation[0].san }).first().click();
    await pgnFen(variation[0].fen);
    check("a variation move can be followed", true);
    await page.keyboard.press("ArrowRight");
    await pgnFen(variation[1].fen);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await pgnFen(game.moves[bh5 - 1].fen);
    check("stepping back leaves the variation", true);
    // copy the ply's FEN; open it in the editor
    await page.click("#pgn-copy-fen");
    await page.waitForFunction(() => document.getElementById("pgn-copied").textContent === "Copied.");
    equal("copied the ply's FEN", await page.evaluate(() => navigator.clipboard.readText()), game.moves[bh5 - 1].fen);
    await page.click("#pgn-edit");
    equal("open in editor: the FEN box", await page.inputValue("#fen-input"), game.moves[bh5 - 1].fen);
    check("open in editor: the editor's tab", await page.isVisible("#panel-editor"));
    // several games, one with an illegal move: pick one; the error has its line and column
    await page.click("#tab-pgn");
    const two = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n[White "C"]\n[Black "D"]\n\n1. d4 d5 *\n';
    const twoApi = await api(base, "/pgn", { pgn: two });
    await page.fill("#pgn-input", two);
    await page.click("#pgn-read");
    await page.waitForSelector("#pgn-game:not([hidden])");
    equal("one choice per game", await page.locator("#pgn-game option").count(), 2);
    const bad0 = twoApi.games[0].errors[0];
    const shown = await page.textContent("#pgn-problems li.error");
    check("a PGN error shows its line and column", shown.includes(`line ${bad0.line}, column ${bad0.column}`), shown);
    // the same games from a file
    await page.click("#pgn-example");
    await page.waitForSelector("#pgn-game[hidden]", { state: "attached" });
    await page.setInputFiles("#pgn-file", { name: "two.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from(two) });
    await page.waitForSelector("#pgn-game:not([hidden])");
    equal("a PGN file is read", await page.inputValue("#pgn-input"), two);
    await page.selectOption("#pgn-game", "1");
    await page.click("#pgn-last");
    await pgnFen(twoApi.games[1].final_fen);
    check("the second game is shown", (await page.textContent("#pgn-tags")).includes("C – D"));
    // the seed's Italian game (shared/seeds/003, line 1130), no language chosen: read as
    // Italian, shown in English, the same positions as its English original (line 372)
    const seedIt = "1. c4 c6 2. Cf3 d5 3. g3 Ag4 4. Ce5 Af5 5. Db3 Db6 6. cxd5 Dxb3 7. axb3 Ae4 8. dxc6 Axh1 9. Txa7 1-0";
    const seedEn = "1. c4 c6 2. Nf3 d5 3. g3 Bg4 4. Ne5 Bf5 5. Qb3 Qb6 6. cxd5 Qxb3 7. axb3 Be4 8. dxc6 Bxh1 9. Rxa7 1-0";
    const english = (await api(base, "/pgn", { pgn: seedEn })).games[0];
    await page.fill("#pgn-input", seedIt);
    await page.click("#pgn-read");
    await page.waitForFunction(() => document.querySelectorAll("#pgn-moves .ply").length === 17);
    equal("the Italian game's moves, in English",
      (await page.locator("#pgn-moves .ply").allTextContents()).join(" "), english.moves.map((m) => m.san).join(" "));
    equal("no error in the Italian game", await page.locator("#pgn-problems li.error").count(), 0);
    const note = await page.textContent("#pgn-problems li.warning");
    check("the note says Italian", note.includes("Italian piece letters"), note);
    await page.click("#pgn-last");
    await pgnFen(english.final_fen);
    check("the Italian game ends where the English one does", true);

    // ---- descriptive notation: the Guevara-Filip game of the document
    await page.click("#tab-desc");
    await page.click("#desc-example");
    await page.click("#desc-convert");
    const conv = await api(base, "/convert", { text: await page.inputValue("#desc-input"), from: "descriptive", lang: "es", to: "pgn" });
    await page.waitForFunction((pgn) => document.getElementById("desc-pgn").value === pgn, conv.pgn);
    check("the Guevara game converts to /convert's PGN", conv.pgn.includes("26. "), conv.pgn.slice(-80));
    check("the conversion's notes are listed", (await page.locator("#desc-notes li").count()) === (conv.notes || []).length);
    equal("no language chosen: fend detects it", await page.inputValue("#desc-lang"), "");
    equal("the language found is said", await page.textContent("#desc-found"), "Read as Spanish.");
    await page.click("#desc-view");
    await page.waitForSelector("#panel-pgn:not([hidden])");
    await page.click("#pgn-last");
    await pgnFen(conv.final_fen);
    check("the converted game opens in the PGN viewer", true);

    // ---- fend's pieces everywhere: no chess glyph on the page, every piece from the sprite
    const sprite = await page.evaluate(async () => {
      const r = await fetch("/pieces.svg");
      return { type: r.headers.get("Content-Type"), text: await r.text() };
    });
    check("the piece sprite is fend's SVG", sprite.type.startsWith("image/svg+xml") && sprite.text.includes('id="fend-k"'), sprite.type);
    for (const tab of ["play", "editor", "pgn", "desc", "challenge"]) {
      await page.click(`#tab-${tab}`);
      const glyphs = await page.evaluate(() => (document.body.textContent.match(/[\u2654-\u265F]/g) || []).join(""));
      equal(`${tab}: no Unicode chess glyph on the page`, glyphs, "");
    }
    await page.goto(`${base}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await playFen(page, START);
    const pieces = await page.evaluate(() => [...document.querySelectorAll("#play-board .piece")].map((p) => ({
      letter: p.dataset.p, square: p.parentElement.dataset.square, image: getComputedStyle(p).backgroundImage })));
    equal("32 pieces drawn at the start", pieces.length, 32);
    check("every piece is drawn from /pieces.svg", pieces.every((p) => p.image.includes("/pieces.svg")), pieces[0]?.image);
    equal("the piece on e1 is the white king", pieces.find((p) => p.square === "e1")?.letter, "K");
    // a click move shows the legal targets and the last move; a drag carries the piece
    await page.click('#play-board [data-square="g1"]');
    equal("a knight on g1 has two targets", await page.locator("#play-board .target").count(), 2);
    await page.click('#play-board [data-square="f3"]');
    const nf3Only = await api(base, "/apply-move", { fen: START, moves: ["g1f3"] });
    await playFen(page, nf3Only.fen);
    check("the last move is highlighted", (await page.locator("#play-board .last").count()) === 2);
    await page.locator('#play-board [data-square="e7"]').scrollIntoViewIfNeeded();
    const e7 = await centre(page, '#play-board [data-square="e7"]');
    const e5 = await centre(page, '#play-board [data-square="e5"]');
    await page.mouse.move(e7.x, e7.y);
    await page.mouse.down();
    await page.mouse.move((e7.x + e5.x) / 2, (e7.y + e5.y) / 2, { steps: 4 });
    equal("the dragged piece follows the pointer", await page.locator(".ghost .piece").getAttribute("data-p"), "p");
    await page.mouse.move(e5.x, e5.y, { steps: 4 });
    await page.mouse.up();
    await playFen(page, (await api(base, "/apply-move", { fen: START, moves: ["g1f3", "e7e5"] })).fen);
    equal("the ghost goes when the piece is dropped", await page.locator(".ghost").count(), 0);

    // keyboard play: a move typed while the board has the focus
    await page.locator('#play-board [tabindex="0"]').focus();
    await page.keyboard.type("Nc3");
    equal("typing on the board fills the move box", await page.inputValue("#play-move-input"), "Nc3");
    await page.keyboard.press("Enter");
    await playFen(page, (await api(base, "/apply-move", { fen: START, moves: ["g1f3", "e7e5", "b1c3"] })).fen);
    check("a move typed on the board is played", true);

    // ---- a lichess game: clocks beside the moves, the evaluation bar and graph, arrows
    await page.click("#tab-pgn");
    await page.fill("#pgn-input", LICHESS);
    await page.click("#pgn-read");
    const lgame = (await api(base, "/pgn", { pgn: LICHESS })).games[0];
    await page.waitForSelector("#pgn-view:not([hidden])");
    const clocks = lgame.moves.filter((m) => typeof m.clock === "number").map((m) => clock(m.clock));
    equal("a clock beside every move that has one", (await page.locator("#pgn-moves > .clock").allTextContents()).join(" "), clocks.join(" "));
    const movetext = await page.textContent("#pgn-moves");
    check("no [%...] command printed", !movetext.includes("[%"), movetext);
    check("the comment's words are shown", (await page.locator("#pgn-moves .comment").allTextContents()).includes("A normal developing move."));
    const nag = lgame.moves[3].nags[0];
    equal("the NAG $14 is ⩲", nag.glyph, "\u2a72");
    equal("⩲ is drawn (no font has it everywhere)", await page.locator('#pgn-moves .nag[data-nag="14"] svg').count(), 1);
    equal("⩲ says what it means", await page.getAttribute('#pgn-moves .nag[data-nag="14"]', "title"), nag.meaning);
    check("the variation is inline", (await page.locator("#pgn-moves .variation .ply").allTextContents()).join(" ") === "Bb5 a6");
    await page.locator("#pgn-moves > .ply", { hasText: "Nf3" }).click();
    const pgnFenIs = (fen) => page.waitForFunction((f) => document.getElementById("pgn-fen").textContent === f, fen);
    await pgnFenIs(lgame.moves[2].fen);
    const src3 = decodeURIComponent(await page.getAttribute("#pgn-board", "src"));
    check("[%cal] arrows drawn on the board", src3.includes("arrows=Gf3e5,Rd1h5"), src3);
    check("the evaluation bar is shown", await page.isVisible("#eval-bar"));
    equal("the evaluation bar's value is the ply's", await page.getAttribute("#eval-bar", "data-eval"), String(lgame.moves[2].eval));
    equal("the evaluation bar's number", await page.textContent("#eval-text"), "+0.1");
    check("the evaluation graph is shown", await page.isVisible("#eval-graph"));
    await page.waitForFunction(() => { const i = document.getElementById("pgn-board"); return i.complete && i.naturalWidth > 0; });
    const desktopBoard = await page.locator("#pgn-board").boundingBox();
    check("the PGN board is in the first screen", desktopBoard.y + desktopBoard.height <= 900, JSON.stringify(desktopBoard));
    await page.keyboard.press("ArrowRight");
    await pgnFenIs(lgame.moves[3].fen);
    const src4 = decodeURIComponent(await page.getAttribute("#pgn-board", "src"));
    check("[%csl] squares circled on the board", src4.includes("circles=Ge5,Rf7") && !src4.includes("arrows="), src4);
    await page.locator("#pgn-moves > .ply", { hasText: "Nxe5" }).click();
    await pgnFenIs(lgame.final_fen);
    check("a black advantage fills the bar less than half", parseFloat(await page.evaluate(() => document.getElementById("eval-fill").style.height)) < 50);

    // ---- the FEN challenge: a wrong attempt, fend's feedback, then the right FEN
    await page.click("#pgn-first");
    await page.click("#tab-challenge");
    await page.selectOption("#ch-pick", "0");
    const ch1 = await api(base, "/apply-move", { fen: START, moves: CHALLENGE1 });
    await page.waitForSelector('#ch-board [data-square="h1"][data-piece="b"]');
    check("the challenge's board is shown", await page.isVisible("#ch-board"));
    const wrong = ch1.fen.replace(/^(\S*?)R/, "$1Q").replace(" b ", " w ");
    const judged = (await api(base, "/validate", { fen: wrong, expected: ch1.fen })).comparison;
    equal("the wrong attempt is wrong for fend", judged.equal, false);
    await page.fill("#ch-input", wrong);
    await page.press("#ch-input", "Enter");
    await page.waitForSelector("#panel-challenge[data-state=wrong]");
    equal("the fields said wrong are fend's", (await page.locator("#ch-fields li.wrong").evaluateAll((ls) => ls.map((l) => l.dataset.field))).join(" "), judged.fields.join(" "));
    equal("the other fields are said right", await page.locator("#ch-fields li.right").count(), 6 - judged.fields.length);
    equal("the squares named are fend's", (await page.locator("#ch-squares li[data-square]").evaluateAll((ls) => ls.map((l) => l.dataset.square))).join(" "), judged.squares.map((d) => d.square).join(" "));
    equal("the square is outlined on the board", (await page.locator("#ch-board .diff").evaluateAll((ls) => ls.map((l) => l.dataset.square))).join(" "), judged.squares.map((d) => d.square).join(" "));
    const named = await page.textContent("#ch-squares li[data-square]");
    check("the square says what is there and what was written", named.includes("white rook") && named.includes("white queen"), named);
    check("the verdict counts the fields", (await page.textContent("#ch-verdict")).includes(`${judged.fields.length} of the six`));
    await page.fill("#ch-input", ch1.fen);
    await page.press("#ch-input", "Enter");
    await page.waitForSelector("#panel-challenge[data-state=solved]");
    equal("solved", await page.textContent("#ch-verdict"), "Right: this is the position's FEN.");
    equal("no square left outlined", await page.locator("#ch-board .diff").count(), 0);
    // any ply of a PGN is a challenge too
    await page.click("#tab-pgn");
    await page.locator("#pgn-moves > .ply", { hasText: "Nc6" }).click();
    await pgnFenIs(lgame.moves[3].fen);
    await page.click("#pgn-challenge");
    await page.waitForSelector("#panel-challenge:not([hidden])");
    await page.fill("#ch-input", lgame.moves[3].fen);
    await page.press("#ch-input", "Enter");
    await page.waitForSelector("#panel-challenge[data-state=solved]");
    check("a PGN ply as a challenge", true);

    // ---- accessibility: axe-core finds no serious or critical violation on any tab
    const axeSource = readFileSync(path.join(OUT, "node_modules", "axe-core", "axe.min.js"), "utf8");
    for (const tab of ["play", "editor", "pgn", "desc", "challenge"]) {
      await page.click(`#tab-${tab}`);
      const bad = await axeViolations(page, axeSource);
      check(`axe: no serious or critical violation (${tab})`, bad.length === 0, JSON.stringify(bad));
    }

    // ---- the page in Italian: navigator.language chooses it; the switch changes it
    const itContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "it-IT" });
    const itPage = await itContext.newPage();
    itPage.on("console", (msg) => { if (msg.type() === "error") consoleErrors.push(msg.text()); });
    itPage.on("pageerror", (e) => consoleErrors.push(`uncaught: ${e.message}`));
    // every request the page makes to fend (fetch) names the page's language
    const itRequests = [];
    itPage.on("request", (req) => {
      if (req.resourceType() === "fetch") itRequests.push(req.allHeaders().then((h) => ({ url: req.url(), lang: h["accept-language"] }), () => ({ url: req.url(), lang: "(closed)" })));
    });
    const requestLangs = async (from) => (await Promise.all(itRequests.slice(from))).map((r) => r.lang);
    await itPage.goto(`${base}/`);
    await itPage.waitForSelector('body[data-ready="true"]');
    equal("Italian: the language chosen", await itPage.inputValue("#ui-lang"), "it");
    equal("Italian: <html lang>", await itPage.getAttribute("html", "lang"), "it");
    equal("Italian: the play tab", await itPage.textContent("#tab-play"), "Gioca");
    await itPage.waitForFunction(() => document.getElementById("play-status").textContent !== "");
    equal("Italian: the status", await itPage.textContent("#play-status"), "Muove il Bianco.");
    equal("Italian: the piece letters", await itPage.inputValue("#play-lang"), "it");
    await itPage.click('#play-board [data-square="g1"]');
    await itPage.waitForSelector('#play-board [data-square="f3"].target');
    equal("Italian: a target square's label", await itPage.getAttribute('#play-board [data-square="f3"]', "aria-label"), "f3, niente, casa di arrivo legale");
    equal("Italian: a piece's square's label", await itPage.getAttribute('#play-board [data-square="g1"]', "aria-label"), "g1, cavallo bianco");
    equal("Italian: the colour agrees with the piece", await itPage.getAttribute('#play-board [data-square="d8"]', "aria-label"), "d8, donna nera");
    const itBefore = itRequests.length;
    await itPage.click('#play-board [data-square="f3"]');
    await itPage.waitForFunction(() => document.querySelector("#play-moves .ply")?.textContent === "Cf3");
    check("Italian: the move list in Italian letters (Cf3)", true);
    await itPage.waitForFunction(() => !document.getElementById("play-board").hasAttribute("aria-busy"));
    const itPlayed = (await Promise.all(itRequests.slice(itBefore))).map((r) => new URL(r.url).pathname).filter((p) => p !== "/validate");
    equal("Italian: a move played is one request, to /position", itPlayed.join(" "), "/position");
    equal("Italian: the copy-PGN hint", await itPage.getAttribute("#play-copy-pgn", "title"), "");
    await itPage.click("#play-undo");
    await itPage.waitForFunction(() => document.getElementById("play-copy-pgn").title !== "");
    equal("Italian: the copy-PGN hint before a move", await itPage.getAttribute("#play-copy-pgn", "title"), "Prima gioca una mossa");
    equal("Italian: the editor's palette", await itPage.getAttribute('#editor-palette [data-tool="K"]', "aria-label"), "Metti re bianco");
    equal("Italian: the editor's remover", await itPage.getAttribute('#editor-palette [data-tool="x"]', "aria-label"), "Togli i pezzi");
    equal("Italian: the FEN verdict", (await itPage.textContent("#fen-verdict")).split(".")[0], "Posizione valida");
    // the FEN box explains the fields as the Italian documents do
    await itPage.fill("#fen-input", START);
    await itPage.waitForFunction(() => document.querySelector('#fen-fields tr[data-field="turn"] code')?.textContent === "w");
    equal("Italian: the castling field's name", await itPage.textContent('#fen-fields tr[data-field="castling"] th'), "Diritti di arrocco");
    const itCastling = await itPage.textContent('#fen-fields tr[data-field="castling"] td:last-child');
    check("Italian: castling explained as the document does", itCastling.startsWith("Il Bianco può arroccare corto; Il Bianco può arroccare lungo"), itCastling);
    equal("Italian: the side to move explained", await itPage.textContent('#fen-fields tr[data-field="turn"] td:last-child'), "Muove il Bianco");
    const itHalf = await itPage.textContent('#fen-fields tr[data-field="halfmove"] td:last-child');
    check("Italian: the halfmove clock explained", itHalf.includes("semimosse dall'ultima spinta di pedone o dall'ultima cattura"), itHalf);
    // the viewer, in Italian: the mini-template game in Italian piece letters, as fend
    // writes them (/apply-move with lang it), variations too
    await itPage.click("#tab-pgn");
    await itPage.click("#pgn-example");
    const itGame = (await api(base, "/pgn", { pgn: await itPage.inputValue("#pgn-input") })).games[0];
    const itMain = await api(base, "/apply-move", { fen: itGame.start_fen, moves: itGame.moves.map((m) => m.uci), lang: "it" });
    await itPage.waitForFunction(() => [...document.querySelectorAll("#pgn-moves > .ply")].some((b) => b.textContent === "Cf3"));
    const itShown = await itPage.locator("#pgn-moves > .ply").evaluateAll((bs) => bs.map((b) => b.firstChild.textContent));
    equal("Italian: the viewer's moves in Italian letters", itShown.join(" "), itMain.moves.map((m) => m.san).join(" "));
    check("Italian: the knight move is Cf3, the bishop Ac4, a pawn move unchanged (h3)", itShown.includes("Cf3") && itShown.includes("Ac4") && itShown.includes("h3"), itShown.join(" "));
    const itVariation = (await itPage.locator("#pgn-moves .variation .ply").allTextContents()).join(" ");
    check("Italian: a variation in Italian letters (5...Axf3)", itVariation.includes("Axf3") && !/\bN|\bB[a-h]/.test(itVariation), itVariation);
    const itAlt = await itPage.getAttribute("#pgn-board", "alt");
    check("Italian: the viewer's picture described in Italian", itAlt.startsWith("La posizione iniziale: "), itAlt);
    await itPage.click("#pgn-next");
    await itPage.waitForFunction(() => document.getElementById("pgn-board").alt.startsWith("La posizione dopo 1. e4: "));
    check("Italian: the viewer's picture after a move, in Italian", true);
    // every Italian request seen (playwright reports them asynchronously) before the switch
    await itPage.waitForLoadState("networkidle");
    await new Promise((r) => setTimeout(r, 200));
    const beforeRu = itRequests.length;
    await itPage.selectOption("#ui-lang", "ru");
    await itPage.waitForFunction(() => [...document.querySelectorAll("#pgn-moves > .ply")].some((b) => b.textContent === "Кf3"));
    check("Russian: switching the language rewrites the viewer's moves (Кf3)", true);
    await itPage.waitForFunction(() => document.getElementById("fen-fields").textContent.includes("Следующий ход принадлежит белым"));
    check("Russian: the FEN box's fields in Russian", true);
    const itPgn = async () => (await Promise.all(itRequests.slice(beforeRu))).filter((r) => new URL(r.url).pathname === "/pgn");
    await itPage.waitForFunction(() => document.getElementById("pgn-board").alt.startsWith("Позиция после 1. e4: "));
    const pgnAgain = await itPgn();
    check("Russian: the viewer asks fend for its problems again, in Russian", pgnAgain.length === 1 && pgnAgain[0].lang === "ru", JSON.stringify(pgnAgain));
    const badRu = await axeViolations(itPage, axeSource);
    check("axe: no serious or critical violation (the viewer in Russian)", badRu.length === 0, JSON.stringify(badRu));
    await itPage.click("#tab-play");
    const langsIt = await requestLangs(0);
    check("the page's requests name its language (Accept-Language: it)", itRequests.length > 5 && langsIt.slice(0, beforeRu).every((l) => l === "it"), langsIt.slice(0, beforeRu).join(" "));
    check("after the switch, Accept-Language: ru", langsIt.length > beforeRu && langsIt.slice(beforeRu).every((l) => l === "ru"), langsIt.slice(beforeRu).join(" "));
    // a game with an illegal move: its problem where fend found it, in the page's words, and
    // asked for again in the new language when the language changes
    await itPage.click("#tab-pgn");
    await itPage.fill("#pgn-input", '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 Nc6 *\n');
    await itPage.click("#pgn-read");
    await itPage.waitForFunction(() => (document.querySelector("#pgn-problems li.error")?.textContent || "").includes("строка "));
    check("Russian: a PGN problem's line and column in Russian", true);
    const beforeEs = itRequests.length;
    await itPage.selectOption("#ui-lang", "es");
    await itPage.waitForFunction(() => (document.querySelector("#pgn-problems li.error")?.textContent || "").includes("línea "));
    const pgnEs = (await Promise.all(itRequests.slice(beforeEs))).filter((r) => new URL(r.url).pathname === "/pgn");
    check("Spanish: the PGN's problems asked for again, in Spanish", pgnEs.length === 1 && pgnEs[0].lang === "es", JSON.stringify(pgnEs));
    await itPage.click("#tab-play");
    await itPage.selectOption("#ui-lang", "ru");
    equal("Russian from the switch", await itPage.textContent("#tab-play"), "Игра");
    await itPage.selectOption("#ui-lang", "es");
    equal("Spanish from the switch", await itPage.textContent("#tab-challenge"), "Desafío FEN");
    await itContext.close();

    // ---- the board first: at 1280×800 and on a 390×844 phone the whole board is in the
    // first screen, with nothing but the title above it. The pictures go to docs/.
    for (const [w, h, name, file] of [[1280, 800, "desktop", "web.png"], [390, 844, "phone", "web-phone.png"]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${base}/?moves=e2e4,e7e5,g1f3,b8c6,f1b5,a7a6,b5a4,g8f6`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForSelector('#play-board [data-square="f6"][data-piece="n"]');
      const box = await page.locator("#play-board").boundingBox();
      check(`${name}: the whole board is in the first screen`, box.x >= 0 && box.y >= 0 && box.x + box.width <= w && box.y + box.height <= h, JSON.stringify(box));
      check(`${name}: the board is large`, box.width >= (name === "phone" ? 370 : 640), JSON.stringify(box));
      const above = await page.evaluate((top) => [...document.body.querySelectorAll("*")].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom <= top + 1 && !e.closest("header.top") && !e.contains(document.getElementById("play-board"));
      }).map((e) => e.id || e.tagName), box.y);
      check(`${name}: nothing but the title above the board`, above.length === 0, above.join(" "));
      if (name === "desktop") {
        const side = await page.locator(".side-col").boundingBox();
        check("desktop: the panels are right of the board", side.x >= box.x + box.width, JSON.stringify(side));
      } else {
        const fenBox = await page.locator("#fen-section").boundingBox();
        check("phone: the FEN box is below the board", fenBox.y >= box.y + box.height, JSON.stringify(fenBox));
      }
      if (name === "desktop") {
        // the lichess game at Nf3, arrows on the board, for the picture
        await page.click("#tab-pgn");
        await page.fill("#pgn-input", LICHESS);
        await page.click("#pgn-read");
        await page.locator("#pgn-moves > .ply", { hasText: "Nf3" }).click();
        await page.waitForFunction(() => { const i = document.getElementById("pgn-board"); return i.complete && i.naturalWidth > 0 && i.src.includes("arrows"); });
        const pgnBox = await page.locator("#pgn-board").boundingBox();
        check("desktop: the PGN board is in the first screen", pgnBox.y + pgnBox.height <= h, JSON.stringify(pgnBox));
      } else {
        await page.click('#play-board [data-square="e1"]');
      }
      const shot = await page.screenshot();
      writeFileSync(path.join(OUT, file), shot);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // ---- screenshots: desktop and 360 px wide, not blank
    await page.goto(`${base}/?moves=e2e4,e7e5,g1f3,b8c6,f1c4,f8c5,c2c3,g8f6`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#play-board [data-square="f3"][data-piece="N"]');
    await page.click('#play-board [data-square="f3"]');
    await page.fill("#fen-input", BAD_DIGIT);
    await page.waitForSelector("#fen-section[data-state=invalid]");
    const desktop = await page.screenshot({ fullPage: true });
    writeFileSync(path.join(OUT, "screenshot-desktop.png"), desktop);
    await page.setViewportSize({ width: 360, height: 780 });
    const phone = await page.screenshot({ fullPage: true });
    writeFileSync(path.join(OUT, "screenshot-360.png"), phone);
    for (const [name, png, width] of [["desktop", desktop, 1280], ["360 px", phone, 360]]) {
      const s = await distinctColours(browser, png);
      equal(`${name} screenshot width`, s.width, width);
      check(`${name} screenshot is not blank`, s.colours > 20 && s.topShare < 0.9, JSON.stringify(s));
    }
    for (const tab of ["play", "editor", "pgn", "desc", "challenge"]) {
      await page.click(`#tab-${tab}`);
      if (tab === "pgn") {
        await page.click("#pgn-example");
        await page.waitForSelector("#pgn-view:not([hidden])");
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      check(`${tab}: nothing wider than 360 px`, overflow <= 360, `scrollWidth ${overflow}`);
    }
    await page.click("#tab-play");

    // ---- dark colour scheme
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const rgb = dark.match(/\d+/g).map(Number);
    check("dark scheme: a dark background", rgb[0] + rgb[1] + rgb[2] < 150, dark);
    const darkShot = await page.screenshot();
    writeFileSync(path.join(OUT, "screenshot-dark.png"), darkShot);
    await page.emulateMedia({ colorScheme: "light" });

    check("no console errors", consoleErrors.length === 0, consoleErrors.join(" | "));
  } finally {
    await browser.close();
    fend.proc.kill("SIGTERM");
  }
  console.log(`browser: ${passed} passed, ${failures.length} failed`);
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.log(`browser: ${err.stack || err}`);
  console.log(`${passed} passed, ${failures.length + 1} failed`);
  process.exit(1);
});
