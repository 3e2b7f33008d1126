// play.js -- playing on the board: click, drag or typed moves, undo and redo, the move
// list in the chosen piece letters, the FEN, PGN, permalink and picture of the game.
import { t } from "/i18n.js";
import { fend, START, $, el, FILES, problemText, copyText, statusWords, langListeners } from "/common.js";
import { drawBoard, boardKeys, boardPointer } from "/board.js";
import { fenInput, setFen, options, fenListeners } from "/fenbox.js";

export const play = {
  start: START, line: [], plies: [], pliesLine: [], pliesContext: null, cursor: 0, flipped: false,
  fen: START, status: null, legal: [], dests: {}, cells: null, check: null, opening: null, selected: null, seq: 0,
};

function playTurn() {
  return play.fen.split(" ")[1] || "w";
}

// The 8x8 array (rank 8 first) of /position's pieces ({square, piece: "wK"...}).
function cellsOf(pieces) {
  const cells = Array.from({ length: 8 }, () => Array(8).fill(null));
  for (const p of pieces) {
    cells[8 - Number(p.square[1])][FILES.indexOf(p.square[0])] = p.piece[0] === "w" ? p.piece[1] : p.piece[1].toLowerCase();
  }
  return cells;
}

// What plies are in: the start, the piece letters and the options.
function pliesContext(lang, opts) {
  return JSON.stringify([play.start, lang, opts]);
}

// The first n moves of line are the first n of the line the plies were asked for.
function pliesKnow(line, n) {
  return n <= play.pliesLine.length && line.slice(0, n).every((m, i) => m === play.pliesLine[i]);
}

// One position, one request: POST /position with the start and the moves up to the
// cursor answers with the FEN, the pieces, the check, the status, the legal moves, their
// targets (dests) and the opening. The move list keeps its plies; it asks /apply-move for
// the whole line only when it is not the line it had, nor that line and the move just
// played (a permalink, another language).
export async function refreshPlay() {
  const seq = ++play.seq;
  const lang = $("play-lang").value;
  const opts = options();
  const boardEl = $("play-board");
  boardEl.setAttribute("aria-busy", "true");
  try {
    const line = play.line;
    const same = play.pliesContext === pliesContext(lang, opts);
    const known = same && pliesKnow(line, line.length);
    const grown = !known && same && line.length > 0 && play.cursor === line.length && pliesKnow(line, line.length - 1);
    const [pos, whole] = await Promise.all([
      fend.position({ fen: play.start, moves: line.slice(0, play.cursor), lang, ...opts }),
      known || grown || !line.length ? null : fend.applyMove({ fen: play.start, moves: line, lang, ...opts })]);
    if (seq !== play.seq) return;
    if (whole) play.plies = whole.moves;
    else if (grown) play.plies = play.plies.slice(0, line.length - 1).concat([pos.last_move]);
    else play.plies = play.plies.slice(0, line.length);
    play.pliesLine = line.slice();
    play.pliesContext = pliesContext(lang, opts);
    play.fen = pos.fen;
    play.status = pos.status;
    play.legal = pos.legal_moves;
    play.dests = pos.dests;
    play.cells = cellsOf(pos.board);
    play.check = pos.check;
    play.opening = pos.opening;
    play.selected = null;
    drawPlay();
  } catch (err) {
    if (seq !== play.seq) return;
    $("play-status").textContent = problemText(err);
  } finally {
    if (seq === play.seq) boardEl.removeAttribute("aria-busy");
  }
}

// The squares the selected piece can go to, as /position's dests give them (castling:
// the king's target and its rook's square).
function targetsOf(from) {
  return (from && play.dests[from]) || [];
}

// The legal moves from one square to another: the moves other than castling that end
// there, else, for a king dropped on a castling square of dests (its target or its
// rook's square), the castling on that side.
function movesTo(from, to) {
  const castling = (m) => m.flags.includes("castle_kingside") || m.flags.includes("castle_queenside");
  const plain = play.legal.filter((m) => m.from === from && m.to === to && !castling(m));
  if (plain.length || !targetsOf(from).includes(to)) return plain;
  const side = FILES.indexOf(to[0]) > FILES.indexOf(from[0]) ? "castle_kingside" : "castle_queenside";
  return play.legal.filter((m) => m.from === from && m.flags.includes(side));
}

function drawPlay() {
  const targets = targetsOf(play.selected);
  const last = play.cursor ? [play.line[play.cursor - 1].slice(0, 2), play.line[play.cursor - 1].slice(2, 4)] : null;
  drawBoard($("play-board"), play.cells, { flipped: play.flipped, selected: play.selected, targets, last, check: play.check });
  $("play-status").textContent = statusWords(play.status, playTurn());
  $("play-opening").textContent = play.opening ? t("play.opening", { eco: play.opening.eco, name: play.opening.name }) : "";
  $("play-fen").textContent = play.fen;
  $("play-undo").disabled = play.cursor === 0;
  $("play-redo").disabled = play.cursor === play.line.length;
  $("play-copy-pgn").disabled = play.cursor === 0;
  $("play-copy-pgn").title = play.cursor ? "" : t("play.first");
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

export function syncFenFromPlay() {
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
  const candidates = movesTo(from, to);
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
    if (play.selected && targetsOf(play.selected).includes(square)) return;
    if (ownPiece(square) && play.selected !== square) {
      play.selected = square;
      drawPlay();
    }
  },
  onDrop(from, to) {
    if (to && play.selected === from) tryMove(from, to);
  },
  onTap(square) {
    if (play.selected && play.selected !== square && targetsOf(play.selected).includes(square)) {
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
  if (play.selected && targetsOf(play.selected).includes(square)) {
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
// The game up to the cursor as /apply-move writes it in PGN, asked for when copied.
$("play-copy-pgn").addEventListener("click", () => play.cursor && copyText(
  fend.applyMove({ fen: play.start, moves: play.line.slice(0, play.cursor), lang: $("play-lang").value, ...options() }).then((r) => r.pgn),
  $("play-copied")));
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
      $("play-move-error").textContent = r.warnings.map((w) => t("play.readas", { given: w.given, became: w.became, message: w.message })).join(" ");
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
// The piece letters follow the page's language.
langListeners.push((code) => {
  $("play-lang").value = code;
  if (play.cells) refreshPlay();
});
