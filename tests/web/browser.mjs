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
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
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
  if (Number(process.versions.node.split(".")[0]) < 20) {
    die(`Node.js ${process.versions.node} is too old for playwright-core: 20 or later is needed (.ci/run installs it)`);
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
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"],
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
    page.on("requestfailed", (req) => consoleErrors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));

    // The page must work under the Content-Security-Policy fend's hardening sends (only
    // its own origin, no inline script or style): the test adds it to the page itself, so a
    // violation is a console error here whatever the daemon sends.
    await context.route(/\/(\?.*)?$/, async (route) => {
      const r = await route.fetch();
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
    await page.click('#play-board [data-square="e2"]');
    await page.waitForSelector('#play-board [data-square="e4"].target');
    await page.click('#play-board [data-square="e4"]');
    const e4 = await api(base, "/apply-move", { fen: START, moves: ["e2e4"] });
    await playFen(page, e4.fen);
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
    await page.click("#play-undo");
    await playFen(page, e4.fen);
    await page.click("#play-redo");
    await playFen(page, d5fen);
    check("undo and redo", true);
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
    await page.uncheck("#opt-chess960");

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

    // a piece dragged off the board is removed; one dragged to another square moves
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

    // ---- screenshots: desktop and 360 px wide, not blank
    await page.click("#tab-play");
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
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    check("nothing wider than 360 px", overflow <= 360, `scrollWidth ${overflow}`);

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
