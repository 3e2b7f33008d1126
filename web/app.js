// app.js -- the page's behaviour: one board beside the panels (play with click, drag and
// typed moves; the board editor; the PGN viewer with clocks, evaluation and arrows;
// descriptive notation; the FEN challenge) and the FEN box (live validation, underlines,
// the six fields). Every chess answer comes from fend through fend.js (its messages are
// fend's own, in English), the page's words from i18n.js; this file knows the DOM, not
// the rules of chess.
import { Fend, FendError, sliceBytes } from "/fend.js";
import { t, setLang, initialLang } from "/i18n.js";

const fend = new Fend();
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const $ = (id) => document.getElementById(id);
const FILES = "abcdefgh";

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function problemText(err) {
  if (err instanceof FendError) {
    const p = err.problem || {};
    let text = p.detail || err.message;
    if (p.line) text += ` (line ${p.line}, column ${p.column})`;
    return text;
  }
  return `fend did not answer: ${err.message}`;
}

function pieceWords(letter) {
  if (!letter) return t("piece.none");
  const name = t(`piece.${letter.toLowerCase()}`).toLowerCase();
  return t(letter === letter.toUpperCase() ? "piece.white" : "piece.black", { piece: name });
}

// Copies text; falls back to selecting it when the clipboard is not available.
async function copyText(text, note) {
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = t("copied");
  } catch {
    note.textContent = `${t("copy.this")} ${text}`;
  }
}

// ---------------------------------------------------------------- boards

// One of fend's pieces (the sprite sheet /pieces.svg, drawn from src/core/render_svg.c).
function pieceEl(letter) {
  return el("span", { class: "piece", "data-p": letter, "aria-hidden": "true" });
}

// A board of 64 buttons drawn from an 8x8 array (rank 8 first, files a to h; a piece
// letter or null). opts: flipped, selected, targets (squares), last ([from, to]), check
// (square), label(square, piece). The caller listens on the board element.
function drawBoard(board, cells, opts = {}) {
  const container = board;
  const focused = document.activeElement && container.contains(document.activeElement)
    ? document.activeElement.dataset.square : null;
  container.replaceChildren();
  const targets = new Set(opts.targets || []);
  for (let r = 0; r < 8; r++) {
    const row = el("div", { role: "row", class: "row" });
    for (let f = 0; f < 8; f++) {
      const rank = opts.flipped ? r : 7 - r;
      const file = opts.flipped ? 7 - f : f;
      const square = FILES[file] + (rank + 1);
      const piece = cells[7 - rank][file];
      const classes = ["sq", (rank + file) % 2 ? "light" : "dark"];
      if (opts.selected === square) classes.push("selected");
      if (targets.has(square)) classes.push("target");
      if (opts.last && opts.last.includes(square)) classes.push("last");
      if (opts.check === square) classes.push("check");
      const words = `${square}, ${pieceWords(piece)}${targets.has(square) ? ", legal target" : ""}`;
      const cell = el("button", {
        type: "button", role: "gridcell", class: classes.join(" "), "data-square": square,
        "data-piece": piece || "", "aria-label": words, tabindex: "-1",
        "aria-selected": opts.selected === square ? "true" : null,
      });
      if (piece) cell.append(pieceEl(piece));
      row.append(cell);
    }
    container.append(row);
  }
  // The coordinates: a layer over the board, outside the squares (whose names say them).
  const coords = el("div", { class: "coords", "aria-hidden": "true" });
  for (let i = 0; i < 8; i++) {
    const rank = opts.flipped ? i : 7 - i;
    const file = opts.flipped ? 7 - i : i;
    const rankSpan = el("span", { class: `coord rank ${(rank + (opts.flipped ? 7 : 0)) % 2 ? "on-light" : "on-dark"}`, text: String(rank + 1) });
    rankSpan.style.top = `${i * 12.5}%`;
    const fileSpan = el("span", { class: `coord file ${(file + (opts.flipped ? 7 : 0)) % 2 ? "on-light" : "on-dark"}`, text: FILES[file] });
    fileSpan.style.left = `${i * 12.5}%`;
    coords.append(rankSpan, fileSpan);
  }
  container.append(coords);
  const again = focused && container.querySelector(`[data-square="${focused}"]`);
  const first = again || container.querySelector(".selected") || container.querySelector("[data-square]");
  first.tabIndex = 0;
  if (again) again.focus();
}

// Arrow keys move the focus over a board's squares (one tab stop for the whole board).
function boardKeys(board) {
  board.addEventListener("keydown", (ev) => {
    const cell = ev.target.closest("[data-square]");
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (!cell || !step) return;
    ev.preventDefault();
    const cellsList = [...board.querySelectorAll("[data-square]")];
    const i = cellsList.indexOf(cell);
    const col = Math.min(7, Math.max(0, (i % 8) + step[0]));
    const row = Math.min(7, Math.max(0, Math.floor(i / 8) + step[1]));
    const next = cellsList[row * 8 + col];
    cell.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
}

// Click and drag on a board: onPick(square) when a press starts on a square, onDrop(from,
// to) when a press ends on another square (to is null off the board), onTap(square) for a
// click. A drag suppresses the click that follows it.
function boardPointer(board, { onPick, onDrop, onTap }) {
  let from = null;
  let dragged = false;
  let ghost = null;
  let downAt = null;
  const dropGhost = () => {
    if (ghost) ghost.remove();
    ghost = null;
    for (const c of board.querySelectorAll(".dragging")) c.classList.remove("dragging");
  };
  board.addEventListener("pointerdown", (ev) => {
    const cell = ev.target.closest("[data-square]");
    from = cell ? cell.dataset.square : null;
    dragged = false;
    downAt = [ev.clientX, ev.clientY];
    if (from && onPick) onPick(from);
  });
  // The piece pressed follows the pointer once it has moved a little.
  document.addEventListener("pointermove", (ev) => {
    if (!from || !downAt) return;
    if (!ghost) {
      if (Math.hypot(ev.clientX - downAt[0], ev.clientY - downAt[1]) < 4) return;
      const cell = board.querySelector(`[data-square="${from}"]`);
      const piece = cell && cell.querySelector(".piece");
      if (!piece) return;
      const size = cell.getBoundingClientRect().width;
      ghost = el("div", { class: "ghost", "aria-hidden": "true" }, pieceEl(piece.dataset.p));
      ghost.style.width = ghost.style.height = `${size}px`;
      document.body.append(ghost);
      cell.classList.add("dragging");
    }
    const size = ghost.getBoundingClientRect().width;
    ghost.style.left = `${ev.clientX - size / 2}px`;
    ghost.style.top = `${ev.clientY - size / 2}px`;
  });
  document.addEventListener("pointerup", (ev) => {
    dropGhost();
    if (!from) return;
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const cell = under && under.closest("[data-square]");
    const to = cell && board.contains(cell) ? cell.dataset.square : null;
    const start = from;
    from = null;
    if (to !== start) {
      dragged = true;
      if (onDrop) onDrop(start, to);
    }
  });
  board.addEventListener("click", (ev) => {
    const cell = ev.target.closest("[data-square]");
    if (dragged) {
      dragged = false;
      return;
    }
    if (cell && onTap) onTap(cell.dataset.square);
  });
}

// The 8x8 array of a FEN's piece placement, or null when it cannot be read that way.
function placementCells(placement) {
  const ranks = (placement || "").split("/");
  if (ranks.length !== 8) return null;
  const cells = [];
  for (const rank of ranks) {
    const row = [];
    for (const ch of rank) {
      if (/[1-8]/.test(ch)) for (let i = 0; i < Number(ch); i++) row.push(null);
      else if (/[kqrbnpKQRBNP]/.test(ch)) row.push(ch);
      else return null;
    }
    if (row.length !== 8) return null;
    cells.push(row);
  }
  return cells;
}

function placementOf(cells) {
  return cells.map((row) => {
    let out = "";
    let empty = 0;
    for (const p of row) {
      if (!p) {
        empty++;
        continue;
      }
      if (empty) out += empty;
      empty = 0;
      out += p;
    }
    return out + (empty ? empty : "");
  }).join("/");
}

// The status of a position in words. status: fend's status object; turn: "w" or "b".
function statusWords(status, turn) {
  if (!status) return "";
  const side = t(turn === "b" ? "black" : "white");
  const other = t(turn === "b" ? "white" : "black");
  if (status.checkmate) return t("status.mate", { winner: other, result: status.result || (turn === "b" ? "1-0" : "0-1") });
  if (status.stalemate) return t("status.stalemate", { side });
  if (status.fivefold_repetition) return t("status.fivefold");
  if (status.seventy_five_move) return t("status.seventyfive");
  if (status.insufficient_material) return t("status.insufficient");
  let text = `${t("status.tomove", { side })}${status.check ? t("status.incheck") : ""}.`;
  if (status.threefold_repetition) text += ` ${t("status.threefold")}`;
  else if (status.repetitions > 1) text += ` ${t("status.repeated", { n: status.repetitions })}`;
  if (status.fifty_move) text += ` ${t("status.fifty")}`;
  return text;
}

// ---------------------------------------------------------------- the FEN box

const FIELDS = ["board", "turn", "castling", "en_passant", "halfmove", "fullmove"];
const CASTLE_WORDS = { K: "White O-O (kingside)", Q: "White O-O-O (queenside)", k: "Black O-O (kingside)", q: "Black O-O-O (queenside)" };

function fieldMeaning(name, value) {
  if (value === null || value === undefined) return name === "en_passant" ? "none: no pawn has just moved two squares" : "";
  switch (name) {
    case "board": {
      const white = (value.match(/[KQRBNP]/g) || []).length;
      const black = (value.match(/[kqrbnp]/g) || []).length;
      return `rank 8 to rank 1, split by "/"; letters are pieces (White KQRBNP, Black kqrbnp), digits count empty squares. White has ${white} pieces, Black ${black}.`;
    }
    case "turn":
      return value === "w" ? "White to move" : value === "b" ? "Black to move" : "w or b";
    case "castling":
      if (value === "-") return "neither side can castle";
      return [...value].map((c) => CASTLE_WORDS[c] || (c === c.toUpperCase() ? `White with the rook on the ${c.toLowerCase()}-file` : `Black with the rook on the ${c}-file`)).join("; ");
    case "en_passant":
      return value === "-" ? "none: no pawn has just moved two squares" : `a pawn has just moved two squares; it may be taken en passant on ${value}`;
    case "halfmove":
      return `${value} half-moves since the last capture or pawn move (a draw may be claimed at 100)`;
    case "fullmove":
      return `move ${value}; it goes up after each Black move`;
    default:
      return "";
  }
}

const fenInput = $("fen-input");
let validateTimer = 0;
let validateSeq = 0;
let lastValidation = null;
const fenListeners = [];
const langListeners = [];

// Puts a FEN in the box and checks it; source says who did ("user", "play", "editor"...),
// so that the listeners do not answer their own change.
function setFen(fen, source) {
  fenInput.value = fen;
  return validateNow(source);
}

function scheduleValidate(source) {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(() => validateNow(source), 200);
}

function options() {
  return { chess960: $("opt-chess960").checked };
}

async function validateNow(source) {
  clearTimeout(validateTimer);
  const seq = ++validateSeq;
  const fen = fenInput.value;
  $("fen-section").dataset.state = "checking";
  let result;
  if (!fen.trim()) {
    result = null;
  } else {
    try {
      result = await fend.validate({ fen, mode: $("opt-lenient").checked ? "lenient" : "strict", ...options() });
    } catch (err) {
      if (seq !== validateSeq) return null;
      $("fen-verdict").textContent = problemText(err);
      $("fen-section").dataset.state = "error";
      return null;
    }
  }
  if (seq !== validateSeq) return null;
  lastValidation = result;
  showValidation(fen, result);
  $("fen-section").dataset.state = result ? (result.valid ? "valid" : "invalid") : "empty";
  for (const fn of fenListeners) fn(result, source);
  return result;
}

function showValidation(fen, r) {
  const marked = $("fen-marked");
  const list = $("fen-problems");
  const verdict = $("fen-verdict");
  marked.replaceChildren();
  list.replaceChildren();
  $("fen-repaired").hidden = true;
  const tbody = $("fen-fields").tBodies[0];
  tbody.replaceChildren();
  if (!r) {
    verdict.textContent = t("fen.empty");
    verdict.className = "verdict";
    return;
  }
  const problems = [
    ...r.errors.map((p) => ({ ...p, kind: "error" })),
    ...r.warnings.map((p) => ({ ...p, kind: "warning" })),
  ];
  // Underlines: the FEN cut at every problem's start and end (byte offsets), each piece
  // marked with the problems that cover it.
  const size = new TextEncoder().encode(fen).length;
  const cuts = new Set([0, size]);
  for (const p of problems) {
    cuts.add(Math.min(size, p.offset));
    cuts.add(Math.min(size, p.offset + p.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = i + 1 < points.length ? points[i + 1] : a;
    for (const p of problems) {
      if (p.length === 0 && Math.min(size, p.offset) === a) {
        marked.append(el("span", { class: `mark caret ${p.kind}`, "data-offset": a, "data-length": 0, title: p.message, "aria-label": `${p.kind} at byte ${a}: ${p.message}` }));
      }
    }
    if (b <= a) continue;
    const text = sliceBytes(fen, a, b - a)[1];
    const covering = problems.filter((p) => p.length > 0 && p.offset <= a && p.offset + p.length >= b);
    if (!covering.length) {
      marked.append(text);
      continue;
    }
    const kind = covering.some((p) => p.kind === "error") ? "error" : "warning";
    marked.append(el("span", {
      class: `mark ${kind}`, "data-offset": a, "data-length": b - a,
      title: covering.map((p) => p.message).join("\n"), text,
    }));
  }
  for (const p of problems) {
    const where = `${p.field ? t(`field.${p.field}`) : t("fen.whole")}, ${t("fen.byte")} ${p.offset}${p.length > 1 ? `–${p.offset + p.length - 1}` : ""}`;
    const li = el("li", { class: p.kind, "data-code": p.code, "data-offset": p.offset, "data-length": p.length },
      el("strong", { text: p.kind === "error" ? t("problem.error") : t("problem.repaired") }), ` (${where}): ${p.message}`);
    if (p.given !== undefined && p.became !== undefined) {
      li.append(" ", el("span", { class: "repair", text: `“${p.given}” → “${p.became}”` }));
    }
    list.append(li);
  }
  if (r.valid) {
    verdict.textContent = `${t("fen.valid")}${r.warnings.length ? t("fen.repairs", { n: r.warnings.length }) : ""}. ${statusWords(r.status, r.fields && r.fields.turn)}`;
    verdict.className = "verdict valid";
  } else {
    verdict.textContent = t("fen.invalid", { n: r.errors.length });
    verdict.className = "verdict invalid";
  }
  if (r.fen && r.fen !== fen) {
    $("fen-repaired-text").textContent = r.fen;
    $("fen-repaired").hidden = false;
  }
  // The six fields, as fend read them; split by spaces when it could not read them.
  const raw = fen.trim().split(/\s+/);
  FIELDS.forEach((name, i) => {
    const value = r.fields ? r.fields[name] : raw[i];
    const shown = value === null || value === undefined ? (r.fields && name === "en_passant" ? "-" : "") : String(value);
    const bad = problems.some((p) => p.field === name && p.kind === "error");
    tbody.append(el("tr", { class: bad ? "bad" : null, "data-field": name },
      el("td", { text: String(i + 1) }), el("th", { scope: "row", text: t(`field.${name}`) }),
      el("td", {}, el("code", { text: shown })),
      el("td", { text: r.fields ? fieldMeaning(name, value) : (value === undefined ? "missing" : "not read") })));
  });
}

fenInput.addEventListener("input", () => scheduleValidate("user"));
$("opt-lenient").addEventListener("change", () => validateNow("user"));
$("opt-chess960").addEventListener("change", () => validateNow("user"));

// ---------------------------------------------------------------- tabs

const tabs = [...document.querySelectorAll('[role="tab"]')];
// The board beside each panel: the play board, the editor's, or the PGN viewer's picture.
const TAB_BOARD = { "tab-editor": "editor", "tab-pgn": "pgn", "tab-challenge": "challenge" };
function selectTab(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  document.querySelector("main.app").dataset.board = TAB_BOARD[tab.id] || "play";
  $("eval-bar").hidden = tab.id !== "tab-pgn" || !viewer.hasEval;
  for (const fn of tabListeners) fn(tab.id);
}
const tabListeners = [];
for (const t of tabs) {
  t.addEventListener("click", () => selectTab(t));
  t.addEventListener("keydown", (ev) => {
    const d = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
    if (!d) return;
    const next = tabs[(tabs.indexOf(t) + d + tabs.length) % tabs.length];
    selectTab(next);
    next.focus();
  });
}

// ---------------------------------------------------------------- play

const play = {
  start: START, line: [], plies: [], cursor: 0, flipped: false,
  fen: START, status: null, pgn: null, legal: [], cells: null, check: null, selected: null, seq: 0,
};

function playTurn() {
  return play.fen.split(" ")[1] || "w";
}

async function refreshPlay() {
  const seq = ++play.seq;
  const lang = $("play-lang").value;
  const opts = options();
  const boardEl = $("play-board");
  boardEl.setAttribute("aria-busy", "true");
  try {
    let here;
    if (play.line.length) {
      const whole = await fend.applyMove({ fen: play.start, moves: play.line, lang, ...opts });
      play.plies = whole.moves;
      here = play.cursor === play.line.length ? whole
        : play.cursor ? await fend.applyMove({ fen: play.start, moves: play.line.slice(0, play.cursor), lang, ...opts })
        : null;
    } else {
      play.plies = [];
    }
    if (!here) {
      const v = await fend.validate({ fen: play.start, ...opts });
      here = { fen: v.fen, status: v.status, pgn: null };
    }
    const [moves, render] = await Promise.all([
      fend.moves({ fen: here.fen, lang, ...opts }), fend.render({ fen: here.fen, ...opts })]);
    if (seq !== play.seq) return;
    play.fen = here.fen;
    play.status = here.status;
    play.pgn = here.pgn || null;
    play.legal = moves.moves;
    play.cells = render.board;
    play.check = render.check_square;
    play.selected = null;
    drawPlay();
  } catch (err) {
    if (seq !== play.seq) return;
    $("play-status").textContent = problemText(err);
  } finally {
    if (seq === play.seq) boardEl.removeAttribute("aria-busy");
  }
}

function drawPlay() {
  const targets = play.selected ? play.legal.filter((m) => m.from === play.selected).map((m) => m.to) : [];
  const last = play.cursor ? [play.line[play.cursor - 1].slice(0, 2), play.line[play.cursor - 1].slice(2, 4)] : null;
  drawBoard($("play-board"), play.cells, { flipped: play.flipped, selected: play.selected, targets, last, check: play.check });
  $("play-status").textContent = statusWords(play.status, playTurn());
  $("play-fen").textContent = play.fen;
  $("play-undo").disabled = play.cursor === 0;
  $("play-redo").disabled = play.cursor === play.line.length;
  $("play-copy-pgn").disabled = !play.pgn;
  $("play-copy-pgn").title = play.pgn ? "" : "Play a move first";
  const q = new URLSearchParams({ fen: play.start });
  if (play.cursor) q.set("moves", play.line.slice(0, play.cursor).join(","));
  if (options().chess960) q.set("chess960", "1");
  $("play-permalink").href = `${location.pathname}?${q}`;
  // fend's own picture of the position, to save or embed: the last move tinted, the
  // board turned as it is here.
  const image = { fen: play.fen, orientation: play.flipped ? "black" : "white", ...options() };
  if (play.cursor) image.last_move = play.line[play.cursor - 1];
  $("play-image").href = fend.renderUrl(image);
  drawMoveList();
}

function drawMoveList() {
  const list = $("play-moves");
  list.replaceChildren();
  const [, side, , , , full] = play.start.split(" ");
  let number = Number(full) || 1;
  let li = null;
  play.plies.forEach((ply, i) => {
    const white = (i % 2 === 0) === (side !== "b");
    if (white || !li) {
      li = el("li", { value: String(number) });
      if (!white) li.append(el("span", { class: "dots", text: "…" }));
      list.append(li);
    }
    const current = i === play.cursor - 1;
    li.append(el("button", {
      type: "button", class: `ply${i >= play.cursor ? " future" : ""}`, "data-ply": String(i + 1),
      "aria-current": current ? "true" : null, text: ply.san || ply.uci,
      "aria-label": `${number}${white ? "." : "..."} ${ply.san || ply.uci}`,
    }));
    if (!white) number++;
  });
}

$("play-moves").addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-ply]");
  if (!b) return;
  play.cursor = Number(b.dataset.ply);
  refreshPlay().then(syncFenFromPlay);
});

function syncFenFromPlay() {
  if (fenInput.value !== play.fen) setFen(play.fen, "play");
}

// Plays uci from the current position: the line after the cursor is dropped.
async function playMove(uci) {
  play.line = play.line.slice(0, play.cursor).concat([uci]);
  play.cursor = play.line.length;
  await refreshPlay();
  syncFenFromPlay();
}

function askPromotion() {
  const dialog = $("promotion");
  const white = playTurn() === "w";
  for (const s of dialog.querySelectorAll("[data-promo]")) s.dataset.p = white ? s.dataset.promo.toUpperCase() : s.dataset.promo;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

async function tryMove(from, to) {
  const candidates = play.legal.filter((m) => m.from === from && m.to === to);
  if (!candidates.length) return false;
  let move = candidates[0];
  if (candidates.length > 1 || move.promotion) {
    const piece = await askPromotion();
    move = candidates.find((m) => m.promotion && m.promotion.toLowerCase() === piece);
    if (!move) {
      play.selected = null;
      drawPlay();
      return true;
    }
  }
  await playMove(move.uci);
  return true;
}

function ownPiece(square) {
  if (!play.cells) return false;
  const piece = play.cells[8 - Number(square[1])][FILES.indexOf(square[0])];
  return !!piece && (piece === piece.toUpperCase()) === (playTurn() === "w");
}

boardPointer($("play-board"), {
  onPick(square) {
    if (play.selected && play.legal.some((m) => m.from === play.selected && m.to === square)) return;
    if (ownPiece(square) && play.selected !== square) {
      play.selected = square;
      drawPlay();
    }
  },
  onDrop(from, to) {
    if (to && play.selected === from) tryMove(from, to);
  },
  onTap(square) {
    if (play.selected && play.selected !== square && play.legal.some((m) => m.from === play.selected && m.to === square)) {
      tryMove(play.selected, square);
    } else if (!ownPiece(square)) {
      play.selected = null;
      drawPlay();
    }
  },
});
// Enter or Space on a square: what a click does (a keyboard click has no pointerdown).
$("play-board").addEventListener("keydown", (ev) => {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const cell = ev.target.closest("[data-square]");
  if (!cell) return;
  ev.preventDefault();
  const square = cell.dataset.square;
  if (play.selected && play.legal.some((m) => m.from === play.selected && m.to === square)) {
    tryMove(play.selected, square);
  } else if (ownPiece(square)) {
    play.selected = play.selected === square ? null : square;
    drawPlay();
  }
});
boardKeys($("play-board"));
// Typing a move while the board has the focus: the letters go to the move box, where
// Enter plays them.
$("play-board").addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.length !== 1 || !/[a-hA-Z0-9=+#x-]/.test(ev.key) || ev.key === " ") return;
  ev.preventDefault();
  const input = $("play-move-input");
  input.value += ev.key;
  input.focus();
});

$("play-undo").addEventListener("click", () => {
  if (!play.cursor) return;
  play.cursor--;
  refreshPlay().then(syncFenFromPlay);
});
$("play-redo").addEventListener("click", () => {
  if (play.cursor === play.line.length) return;
  play.cursor++;
  refreshPlay().then(syncFenFromPlay);
});
$("play-flip").addEventListener("click", () => {
  play.flipped = !play.flipped;
  drawPlay();
});
$("play-reset").addEventListener("click", () => {
  play.line = [];
  play.cursor = 0;
  refreshPlay().then(syncFenFromPlay);
});
$("play-lang").addEventListener("change", () => refreshPlay());
$("play-copy-fen").addEventListener("click", () => copyText(play.fen, $("play-copied")));
$("play-copy-pgn").addEventListener("click", () => play.pgn && copyText(play.pgn, $("play-copied")));
$("play-move-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const input = $("play-move-input");
  const text = input.value.trim();
  if (!text) return;
  $("play-move-error").textContent = "";
  $("play-move-error").className = "error";
  try {
    // In the letters chosen; with English chosen, a move that starts with a letter that is
    // no English piece (Cf3, Dd4, Кf3) is read in the language its letters show, without
    // lang (fend says which; Cf3 is the Italian knight, never the pawn move c3).
    const lang = $("play-lang").value;
    const foreign = lang === "en" && /^(?:[A-Z]|[^\x00-\x7f])/u.test(text) && !/^[KQRBNPOEGH]/.test(text);
    const r = await fend.applyMove({ fen: play.fen, move: text, ...(foreign ? {} : { lang }), ...options() });
    input.value = "";
    // fend reads sloppy SAN (0-0, Nxf3 without a capture...) and says how it read it.
    if (r.warnings && r.warnings.length) {
      $("play-move-error").className = "note";
      $("play-move-error").textContent = r.warnings.map((w) => `“${w.given}” read as “${w.became}”: ${w.message}`).join(" ");
    }
    await playMove(r.uci);
  } catch (err) {
    $("play-move-error").textContent = problemText(err);
  }
});

// A valid FEN typed in the box (or made in the editor) is the new start of play.
fenListeners.push((r, source) => {
  if (source === "play" || !r || !r.valid) return;
  play.start = r.fen;
  play.line = [];
  play.cursor = 0;
  refreshPlay();
});

// ---------------------------------------------------------------- the board editor

const editor = {
  cells: placementCells(START.split(" ")[0]), turn: "w", castling: "KQkq", ep: "-", halfmove: 0, fullmove: 1,
  tool: "P",
};

function editorFen() {
  const castling = ["K", "Q", "k", "q"].filter((c) => $(`editor-${c}`).checked).join("") || "-";
  return [placementOf(editor.cells), $("editor-turn").value, castling, $("editor-ep").value,
    $("editor-halfmove").value || "0", $("editor-fullmove").value || "1"].join(" ");
}

function drawEditor() {
  drawBoard($("editor-board"), editor.cells, {});
  for (const b of $("editor-palette").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.tool === editor.tool));
}

function editorChanged() {
  drawEditor();
  setFen(editorFen(), "editor");
}

(function buildPalette() {
  const palette = $("editor-palette");
  for (const letter of "KQRBNPkqrbnp") {
    palette.append(el("button", { type: "button", "data-tool": letter, "aria-label": `Place ${pieceWords(letter)}`, class: "tool" },
      pieceEl(letter)));
  }
  palette.append(el("button", { type: "button", "data-tool": "x", "aria-label": "Remove pieces", class: "tool", text: "✕" }));
  const ep = $("editor-ep");
  ep.append(el("option", { value: "-", text: "none (-)" }));
  for (const rank of "36") for (const f of FILES) ep.append(el("option", { value: f + rank, text: f + rank }));
})();

function editorSet(square, piece) {
  editor.cells[8 - Number(square[1])][FILES.indexOf(square[0])] = piece;
}
function editorGet(square) {
  return editor.cells[8 - Number(square[1])][FILES.indexOf(square[0])];
}

// Palette: a click picks the tool; a drag from the palette drops that piece on a square.
let paletteDrag = null;
$("editor-palette").addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-tool]");
  if (!b) return;
  editor.tool = b.dataset.tool;
  drawEditor();
});
$("editor-palette").addEventListener("pointerdown", (ev) => {
  const b = ev.target.closest("[data-tool]");
  paletteDrag = b ? b.dataset.tool : null;
});
document.addEventListener("pointerup", (ev) => {
  if (!paletteDrag) return;
  const tool = paletteDrag;
  paletteDrag = null;
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = under && under.closest("#editor-board [data-square]");
  if (!cell) return;
  editor.tool = tool;
  editorSet(cell.dataset.square, tool === "x" ? null : tool);
  editorChanged();
});

boardPointer($("editor-board"), {
  onDrop(from, to) {
    // A piece dragged to another square moves there; dragged off the board, it goes.
    const piece = editorGet(from);
    if (!piece) return;
    editorSet(from, null);
    if (to) editorSet(to, piece);
    editorChanged();
  },
  onTap(square) {
    const now = editorGet(square);
    editorSet(square, editor.tool === "x" || now === editor.tool ? null : editor.tool);
    editorChanged();
  },
});
boardKeys($("editor-board"));
for (const id of ["editor-turn", "editor-K", "editor-Q", "editor-k", "editor-q", "editor-ep", "editor-halfmove", "editor-fullmove"]) {
  $(id).addEventListener("change", () => setFen(editorFen(), "editor"));
}
$("editor-clear").addEventListener("click", () => {
  editor.cells = placementCells("8/8/8/8/8/8/8/8");
  for (const c of "KQkq") $(`editor-${c}`).checked = false;
  $("editor-ep").value = "-";
  editorChanged();
});
$("editor-start").addEventListener("click", () => {
  editorLoad(START);
  setFen(START, "editor");
});
$("editor-play").addEventListener("click", () => selectTab($("tab-play")));

// Loads a FEN's fields into the editor's controls, as far as they can be read.
function editorLoad(fen, fields) {
  const raw = fen.trim().split(/\s+/);
  const f = fields || { board: raw[0], turn: raw[1], castling: raw[2], en_passant: raw[3], halfmove: raw[4], fullmove: raw[5] };
  const cells = placementCells(f.board);
  if (cells) editor.cells = cells;
  if (f.turn === "w" || f.turn === "b") $("editor-turn").value = f.turn;
  if (typeof f.castling === "string") for (const c of "KQkq") $(`editor-${c}`).checked = f.castling.includes(c);
  const ep = f.en_passant || "-";
  if ([...$("editor-ep").options].some((o) => o.value === ep)) $("editor-ep").value = ep;
  if (f.halfmove !== undefined && /^\d+$/.test(String(f.halfmove))) $("editor-halfmove").value = f.halfmove;
  if (f.fullmove !== undefined && /^\d+$/.test(String(f.fullmove))) $("editor-fullmove").value = f.fullmove;
  drawEditor();
}
fenListeners.push((r, source) => {
  if (source === "editor") return;
  editorLoad(fenInput.value, r && r.fields);
});

// ---------------------------------------------------------------- the PGN viewer

const MINI_TEMPLATE = `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]
[WhiteElo "?"]
[BlackElo "?"]
[TimeControl "?+?"]
[Opening "..."]
[ECO "C20"]
[Link "insert here the URL of the site where the game is published"]
[Annotator "DocSimooo"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 Nc6 {Normal development} 5. h3 Bh5? (5...Bxf3 {Best move. White keeps the bishop pair and a solid position.} 6. Qxf3) 6. Nxe5!! Bxd1?? (6... dxe5 {Good reply} 7. Qxh5 {White wins a bishop}) (6... Nxe5 {Best reply} 7. Qxh5 Nxc4 8. Qb5+ {Fork} 8... c6 9. Qxc4) 7. Bxf7+ Ke7 8. Nd5# 1-0
`;

const viewer = { games: [], game: null, main: null, line: null, index: -1, seq: 0 };

function makeLine(moves, startFen, parent) {
  const line = { moves, startFen, parent };
  moves.forEach((m, i) => {
    m.variationLines = (m.variations || []).map((v) => makeLine(v, i ? moves[i - 1].fen : startFen, { line, index: i }));
  });
  return line;
}

async function readPgn(text) {
  $("pgn-error").textContent = "";
  $("pgn-problems").replaceChildren();
  let r;
  try {
    r = await fend.pgn(text);
  } catch (err) {
    $("pgn-error").textContent = problemText(err);
    $("pgn-view").hidden = true;
    return;
  }
  viewer.games = r.games;
  const select = $("pgn-game");
  select.replaceChildren();
  r.games.forEach((g, i) => {
    const tags = g.tags || {};
    select.append(el("option", { value: String(i), text: `${i + 1}. ${tags.White || "?"} – ${tags.Black || "?"} ${g.result || tags.Result || ""}` }));
  });
  select.hidden = $("pgn-game-label").hidden = r.games.length < 2;
  if (!r.games.length) {
    $("pgn-error").textContent = t("pgn.nogame");
    $("pgn-view").hidden = true;
    return;
  }
  showGame(0);
}

function showGame(i) {
  const g = viewer.games[i];
  viewer.game = g;
  viewer.main = makeLine(g.moves, g.start_fen, null);
  viewer.line = viewer.main;
  viewer.index = -1;
  const problems = $("pgn-problems");
  problems.replaceChildren();
  for (const e of [...(g.errors || []).map((x) => ({ ...x, kind: "error" })), ...(g.warnings || []).map((x) => ({ ...x, kind: "warning" }))]) {
    problems.append(el("li", { class: e.kind, "data-code": e.code },
      el("strong", { text: e.kind === "error" ? t("problem.error") : t("problem.note") }),
      ` (line ${e.line}, column ${e.column}${e.san ? `, “${e.san}”` : ""}): ${e.message}`));
  }
  const tags = g.tags || {};
  // The players and the result first, as a chess player reads a game's heading.
  const known = (v) => v && v !== "?" && v !== "????.??.??";
  const heading = [known(tags.White) || known(tags.Black) ? `${tags.White || "?"} – ${tags.Black || "?"}` : "",
    known(tags.Result) && tags.Result !== "*" ? tags.Result : "", known(tags.Event) ? tags.Event : "", known(tags.Date) ? tags.Date : "",
    known(tags.TimeControl) ? tags.TimeControl : ""].filter(Boolean);
  $("pgn-tags").textContent = heading.join(" · ");
  $("pgn-tags").title = Object.entries(tags).filter(([, v]) => known(v)).map(([k, v]) => `${k}: ${v}`).join("\n");
  $("pgn-view").hidden = false;
  drawMovetext();
  showPly();
}

function drawMovetext() {
  const box = $("pgn-moves");
  box.replaceChildren();
  const draw = (line, into) => {
    line.moves.forEach((m, i) => {
      const white = m.color === "white";
      if (white || i === 0 || line.moves[i - 1].comment || (line.moves[i - 1].variations || []).length) {
        into.append(el("span", { class: "num", text: `${m.move_number}${white ? "." : "..."}` }));
      }
      const b = el("button", { type: "button", class: "ply", "aria-label": `${m.move_number}${white ? "." : "..."} ${m.san}${(m.nags || []).map((n) => `, ${n.meaning || n.glyph || `$${n.nag}`}`).join("")}` }, m.san);
      for (const n of m.nags || []) b.append(nagEl(n));
      b.pgnRef = { line, index: i };
      m.button = b;
      into.append(b);
      if (typeof m.clock === "number") into.append(el("span", { class: "clock", title: t("pgn.clock"), text: clockText(m.clock) }));
      const words = commentWords(m.comment);
      if (words) into.append(el("span", { class: "comment", text: words }));
      for (const v of m.variationLines) {
        const span = el("span", { class: "variation" });
        span.append("(");
        draw(v, span);
        span.append(")");
        into.append(span);
      }
    });
  };
  const opening = commentWords(viewer.game.comment);
  if (opening) box.append(el("span", { class: "comment", text: opening }));
  draw(viewer.main, box);
  const result = viewer.game.result;
  if (result) box.append(el("span", { class: "result", text: result }));
}

// A comment without its embedded commands ([%clk], [%eval], [%cal], [%csl], ...): those
// are drawn as clocks, the evaluation bar and marks on the board.
function commentWords(comment) {
  return (comment || "").replace(/\[%[^\]]*\]/g, " ").replace(/\s+/g, " ").trim();
}

// ⩲ and ⩱ are in few fonts: they are drawn (a plus over an equals sign, or the reverse).
const NAG_DRAWN = {
  "\u2a72": [["M5 1v6M2 4h6", "M2 10h6M2 13h6"]],
  "\u2a71": [["M2 2h6M2 5h6", "M5 8v6M2 11h6"]],
};
function nagEl(n) {
  const span = el("span", { class: "nag", "data-nag": String(n.nag), title: n.meaning || "" });
  const drawn = NAG_DRAWN[n.glyph];
  if (drawn) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 10 15");
    svg.setAttribute("aria-hidden", "true");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", drawn[0].join(""));
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "1.6");
    path.setAttribute("fill", "none");
    svg.append(path);
    span.append(svg);
    span.dataset.glyph = n.glyph;
  } else {
    span.textContent = n.glyph || `$${n.nag}`;
  }
  return span;
}

// An evaluation as White's share of the bar (0 to 1): a mate is all of it, centipawns
// through the usual winning-chances curve.
function evalShare(ev) {
  if (typeof ev === "string") return ev.includes("-") ? 0 : 1;
  if (typeof ev !== "number") return 0.5;
  return 1 / (1 + Math.exp(-0.368 * ev));
}
function evalText(ev) {
  if (typeof ev === "string") return ev;
  return `${ev > 0 ? "+" : ""}${ev.toFixed(1)}`;
}

// The evaluation bar beside the board, at the current ply (hidden for a game without
// [%eval]), and the graph of the main line's evaluations under the moves.
function drawEval(current) {
  const moves = viewer.main ? viewer.main.moves : [];
  viewer.hasEval = moves.some((m) => m.eval !== null && m.eval !== undefined);
  $("eval-bar").hidden = !viewer.hasEval || $("panel-pgn").hidden;
  $("eval-graph").toggleAttribute("hidden", !viewer.hasEval);
  if (!viewer.hasEval) return;
  let ev = current ? current.eval : null;
  if (ev === null || ev === undefined) {
    // the last evaluation given before this ply, on the main line
    const upto = viewer.line === viewer.main ? viewer.index : -1;
    for (let i = upto; i >= 0; i--) if (moves[i].eval !== null && moves[i].eval !== undefined) { ev = moves[i].eval; break; }
  }
  const share = ev === null || ev === undefined ? 0.5 : evalShare(ev);
  $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
  $("eval-text").textContent = ev === null || ev === undefined ? "" : evalText(ev);
  $("eval-bar").setAttribute("aria-label", `${t("pgn.eval")} ${ev === null || ev === undefined ? "–" : evalText(ev)}`);
  $("eval-bar").dataset.eval = ev === null || ev === undefined ? "" : String(ev);
  $("eval-bar").dataset.side = share < 0.5 ? "black" : "white";
  const graph = $("eval-graph");
  const ns = "http://www.w3.org/2000/svg";
  graph.replaceChildren();
  const n = moves.length;
  const x = (i) => (n > 1 ? (i / (n - 1)) * 200 : 100);
  let last = 0.5;
  const pts = moves.map((m, i) => {
    if (m.eval !== null && m.eval !== undefined) last = evalShare(m.eval);
    return `${x(i).toFixed(2)},${(40 - last * 40).toFixed(2)}`;
  });
  const area = document.createElementNS(ns, "path");
  area.setAttribute("d", `M0,40 L${pts.join(" L")} L200,40 Z`);
  area.setAttribute("class", "white-area");
  const mid = document.createElementNS(ns, "line");
  Object.entries({ x1: 0, x2: 200, y1: 20, y2: 20, class: "mid" }).forEach(([k, v]) => mid.setAttribute(k, v));
  graph.append(area, mid);
  if (viewer.line === viewer.main && viewer.index >= 0) {
    const now = document.createElementNS(ns, "line");
    Object.entries({ x1: x(viewer.index), x2: x(viewer.index), y1: 0, y2: 40, class: "now" }).forEach(([k, v]) => now.setAttribute(k, v));
    graph.append(now);
  }
}

function pgnFen() {
  return viewer.index >= 0 ? viewer.line.moves[viewer.index].fen : viewer.line.startFen;
}

async function showPly() {
  const seq = ++viewer.seq;
  const fen = pgnFen();
  for (const b of $("pgn-moves").querySelectorAll(".ply")) b.removeAttribute("aria-current");
  const current = viewer.index >= 0 ? viewer.line.moves[viewer.index] : null;
  if (current) current.button.setAttribute("aria-current", "true");
  $("pgn-fen").textContent = fen;
  // The board is fend's own SVG picture: the move just played tinted, the king in check
  // marked, and the arrows of the comment's [%cal] drawn.
  const picture = { fen, chess960: !!viewer.game.chess960, size: 480 };
  if (current) picture.last_move = current.uci;
  // [%cal] arrows go from one square to another; [%csl] squares come as arrows from a
  // square to itself, drawn as circles.
  const marks = (current && current.arrows) || [];
  const arrows = marks.filter((a) => a.from !== a.to).map((a) => `${a.color || ""}${a.from}${a.to}`);
  const circles = marks.filter((a) => a.from === a.to).map((a) => `${a.color || ""}${a.from}`);
  if (arrows.length) picture.arrows = arrows.join(",");
  if (circles.length) picture.circles = circles.join(",");
  drawEval(current);
  const img = $("pgn-board");
  img.src = fend.renderUrl(picture);
  img.alt = current ? `The position after ${current.move_number}${current.color === "white" ? "." : "..."} ${current.san}: ${fen}` : `The starting position: ${fen}`;
  try {
    const r = await fend.validate({ fen, chess960: !!viewer.game.chess960 });
    if (seq !== viewer.seq) return;
    const extra = current ? [typeof current.clock === "number" ? `${t("pgn.clock")} ${clockText(current.clock)}.` : "",
      current.eval !== null && current.eval !== undefined ? `${t("pgn.eval")} ${evalText(current.eval)}.` : ""].join(" ").trim() : "";
    $("pgn-status").textContent = `${statusWords(r.status, fen.split(" ")[1])}${extra ? ` ${extra}` : ""}`;
  } catch (err) {
    if (seq === viewer.seq) $("pgn-status").textContent = problemText(err);
  }
}

// A [%clk] time in seconds as h:mm:ss.
function clockText(seconds) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

function pgnStep(how) {
  if (!viewer.line) return;
  if (how === "next" && viewer.index + 1 < viewer.line.moves.length) viewer.index++;
  else if (how === "prev") {
    if (viewer.index >= 0) viewer.index--;
    if (viewer.index < 0 && viewer.line.parent) {
      viewer.index = viewer.line.parent.index - 1;
      viewer.line = viewer.line.parent.line;
    }
  } else if (how === "first") {
    viewer.line = viewer.main;
    viewer.index = -1;
  } else if (how === "last") viewer.index = viewer.line.moves.length - 1;
  showPly();
}

$("pgn-read").addEventListener("click", () => readPgn($("pgn-input").value));
$("pgn-example").addEventListener("click", () => {
  $("pgn-input").value = MINI_TEMPLATE;
  readPgn(MINI_TEMPLATE);
});
$("pgn-file").addEventListener("change", async () => {
  const file = $("pgn-file").files[0];
  if (!file) return;
  const text = await file.text();
  $("pgn-input").value = text;
  readPgn(text);
});
$("pgn-game").addEventListener("change", () => showGame(Number($("pgn-game").value)));
$("pgn-first").addEventListener("click", () => pgnStep("first"));
$("pgn-prev").addEventListener("click", () => pgnStep("prev"));
$("pgn-next").addEventListener("click", () => pgnStep("next"));
$("pgn-last").addEventListener("click", () => pgnStep("last"));
$("pgn-moves").addEventListener("click", (ev) => {
  const b = ev.target.closest(".ply");
  if (!b || !b.pgnRef) return;
  viewer.line = b.pgnRef.line;
  viewer.index = b.pgnRef.index;
  showPly();
});
document.addEventListener("keydown", (ev) => {
  if ($("panel-pgn").hidden || !viewer.line) return;
  if (ev.target.closest("input, textarea, select, [role=tab]")) return;
  const how = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" }[ev.key];
  if (!how) return;
  ev.preventDefault();
  pgnStep(how);
});
$("eval-graph").addEventListener("click", (ev) => {
  const box = $("eval-graph").getBoundingClientRect();
  const n = viewer.main ? viewer.main.moves.length : 0;
  if (!n) return;
  viewer.line = viewer.main;
  viewer.index = Math.max(0, Math.min(n - 1, Math.round(((ev.clientX - box.left) / box.width) * (n - 1))));
  showPly();
});
$("pgn-copy-fen").addEventListener("click", () => copyText(pgnFen(), $("pgn-copied")));
$("pgn-edit").addEventListener("click", () => {
  setFen(pgnFen(), "pgn");
  selectTab($("tab-editor"));
});

// ---------------------------------------------------------------- descriptive notation

const GUEVARA = "1-CR3A,P4D,2-P4AD,P3AD,3-P4D,C3A;4-C3A,P3CR;5-A4A,A2C;6-P3R,A4A;7-D3C,P3C;8-A2R,O-O;9-O-O,C5R;10-TR1D,CxC;11-PxC,P3R;12-P3TR,C2D;13-PxP,PRxP;14-P4A,PxP;15-AxP;C3A;16-A5R,A5R;17-C2D,A4D;18-AxA,DxA;19-DxD,CxD;20-AxA,RxA;21-TR1AD,TD1A;22-TD1C,P4AR;23-C3A,P4A;24-PxP,TxP;25-TxT,PxT;26-T1AD,T1A. Filip en esta posición ofreció tablas al Che, quien aceptó de mala gana.";

$("desc-example").addEventListener("click", () => {
  $("desc-input").value = GUEVARA;
});
$("desc-convert").addEventListener("click", async () => {
  $("desc-error").textContent = "";
  $("desc-notes").replaceChildren();
  $("desc-pgn").value = "";
  $("desc-found").textContent = "";
  try {
    // No language chosen: fend detects it and says which it found.
    const lang = $("desc-lang").value;
    const r = await fend.convert({ text: $("desc-input").value, from: "descriptive", ...(lang ? { lang } : {}) });
    $("desc-pgn").value = r.pgn;
    const read = r.lang_detected || lang || "en";
    $("desc-found").textContent = t("desc.found", { lang: read === "es" ? "Español" : "English" });
    for (const n of r.notes || []) $("desc-notes").append(el("li", { text: typeof n === "string" ? n : n.message || JSON.stringify(n) }));
  } catch (err) {
    $("desc-error").textContent = problemText(err);
  }
});
$("desc-view").addEventListener("click", () => {
  if (!$("desc-pgn").value) return;
  $("pgn-input").value = $("desc-pgn").value;
  selectTab($("tab-pgn"));
  readPgn($("desc-pgn").value);
});

// ---------------------------------------------------------------- the FEN challenge

// The positions of the two challenges of the source document (its example game, seen as
// a picture; the mini-template game, from its moves) and two of its worked examples.
// Each is a list of SAN moves from the start; fend plays them and says the FEN.
const CHALLENGES = [
  { key: "ch.no1", moves: "c4 c6 Nf3 d5 g3 Bg4 Ne5 Bf5 Qb3 Qb6 cxd5 Qxb3 axb3 Be4 dxc6 Bxh1 Rxa7", showMoves: false },
  { key: "ch.no2", moves: "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 Nc6 h3 Bh5 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#", showMoves: true },
  { key: "ch.e4", moves: "e4", showMoves: true },
  { key: "ch.kd7", moves: "e4 d5 Nf3 Kd7", showMoves: true },
];
const challenge = { expected: null, cells: null, diff: [], story: "", custom: null };

function fillChallengeList() {
  const pick = $("ch-pick");
  const was = pick.value;
  pick.replaceChildren();
  CHALLENGES.forEach((c, i) => pick.append(el("option", { value: String(i), text: t(c.key) })));
  if (challenge.custom) pick.append(el("option", { value: "ply", text: t("ch.ply", { move: challenge.custom.label }) }));
  if ([...pick.options].some((o) => o.value === was)) pick.value = was;
}

function drawChallenge() {
  if (!challenge.cells) return;
  drawBoard($("ch-board"), challenge.cells, {});
  for (const sq of challenge.diff) $("ch-board").querySelector(`[data-square="${sq}"]`)?.classList.add("diff");
}

function clearFeedback() {
  $("ch-verdict").textContent = "";
  $("ch-verdict").className = "verdict";
  $("ch-fields").replaceChildren();
  $("ch-squares").replaceChildren();
  $("ch-answer").hidden = true;
  challenge.diff = [];
  delete $("panel-challenge").dataset.state;
}

// Sets the position to write: fen, and the moves that led to it when they are shown.
function setChallenge(fen, story) {
  challenge.expected = fen;
  challenge.cells = placementCells(fen.split(" ")[0]);
  challenge.story = story;
  $("ch-story").textContent = story ? t("ch.moves", { moves: story }) : "";
  $("ch-input").value = "";
  clearFeedback();
  drawChallenge();
}

async function loadChallenge() {
  const value = $("ch-pick").value;
  if (value === "ply" && challenge.custom) {
    setChallenge(challenge.custom.fen, challenge.custom.label);
    return;
  }
  const c = CHALLENGES[Number(value) || 0];
  try {
    const r = await fend.applyMove({ fen: START, moves: c.moves.split(" ") });
    let story = "";
    if (c.showMoves) {
      story = r.moves.map((m, i) => (i % 2 ? m.san : `${i / 2 + 1}. ${m.san}`)).join(" ");
    }
    setChallenge(r.fen, story);
  } catch (err) {
    $("ch-verdict").textContent = problemText(err);
  }
}

// One attempt: fend compares it with the expected FEN; every field is said right or
// wrong, and every square whose piece differs is named (and outlined on the board).
async function checkChallenge(given) {
  clearFeedback();
  let r;
  try {
    r = await fend.validate({ fen: given, expected: challenge.expected });
  } catch (err) {
    $("ch-verdict").textContent = problemText(err);
    return;
  }
  const cmp = r.comparison;
  const verdict = $("ch-verdict");
  verdict.textContent = cmp.equal ? t("ch.right") : t("ch.wrong", { n: cmp.fields.length });
  verdict.className = `verdict ${cmp.equal ? "valid" : "invalid"}`;
  $("panel-challenge").dataset.state = cmp.equal ? "solved" : "wrong";
  const parts = given.trim().split(/\s+/);
  FIELDS.forEach((name, i) => {
    const wrong = cmp.fields.includes(name);
    const value = parts[i] === undefined || parts[i] === "" ? t("ch.missing") : parts[i];
    const li = el("li", { class: wrong ? "wrong" : "right", "data-field": name },
      el("strong", { text: `${t(`field.${name}`)}: ` }), wrong ? `${t("ch.ko")} (${t("ch.yours", { value: name === "board" ? "…" : value })})` : t("ch.ok"));
    $("ch-fields").append(li);
  });
  for (const rank of cmp.unreadable_ranks) $("ch-squares").append(el("li", { class: "error", "data-rank": String(rank), text: t("ch.ranks", { rank }) }));
  for (const d of cmp.squares) {
    $("ch-squares").append(el("li", { class: "error", "data-square": d.square,
      text: t("ch.square", { square: d.square, expected: pieceWords(d.expected), given: pieceWords(d.given) }) }));
  }
  challenge.diff = cmp.squares.map((d) => d.square);
  drawChallenge();
}

$("ch-pick").addEventListener("change", loadChallenge);
$("ch-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  if ($("ch-input").value.trim()) checkChallenge($("ch-input").value);
});
$("ch-reveal").addEventListener("click", () => {
  $("ch-answer").textContent = challenge.expected;
  $("ch-answer").hidden = false;
});
$("pgn-challenge").addEventListener("click", () => {
  const current = viewer.index >= 0 ? viewer.line.moves[viewer.index] : null;
  challenge.custom = { fen: pgnFen(), label: current ? `${current.move_number}${current.color === "white" ? "." : "..."} ${current.san}` : "—" };
  fillChallengeList();
  $("ch-pick").value = "ply";
  selectTab($("tab-challenge"));
  loadChallenge();
});
langListeners.push(() => {
  fillChallengeList();
  if (challenge.expected) {
    $("ch-story").textContent = challenge.story ? t("ch.moves", { moves: challenge.story }) : "";
    drawChallenge();
  }
});
fillChallengeList();
loadChallenge();

// ---------------------------------------------------------------- start

// The page's language: the switch in the header; the piece letters of play follow it.
function applyLang(code) {
  setLang(code);
  fend.language = code; // the API's messages in the page's language
  $("ui-lang").value = code;
  $("play-lang").value = code;
  if (lastValidation !== undefined) showValidation(fenInput.value, lastValidation);
  if (play.cells) refreshPlay();
  for (const fn of langListeners) fn(code);
}
$("ui-lang").addEventListener("change", () => applyLang($("ui-lang").value));

(async function start() {
  applyLang(initialLang());
  $("desc-input").value = GUEVARA;
  const q = new URLSearchParams(location.search);
  if (q.get("chess960") === "1") $("opt-chess960").checked = true;
  const fen = q.get("fen") || START;
  const moves = (q.get("moves") || "").split(/[,\s]+/).filter(Boolean);
  const r = await setFen(fen, "permalink");
  if (r && r.valid && moves.length) {
    play.start = r.fen;
    play.line = moves;
    play.cursor = moves.length;
    await refreshPlay();
    syncFenFromPlay();
  }
  document.body.dataset.ready = "true";
})();
