// board.js -- the page's boards of 64 squares: drawing one from an 8x8 array of pieces
// (fend's own piece drawings), the arrow keys over its squares, click and drag.
import { t } from "/i18n.js";
import { el, FILES, pieceWords } from "/common.js";

// One of fend's pieces (the sprite sheet /pieces.svg, drawn from src/core/render_svg.c).
export function pieceEl(letter) {
  return el("span", { class: "piece", "data-p": letter, "aria-hidden": "true" });
}

// A board of 64 buttons drawn from an 8x8 array (rank 8 first, files a to h; a piece
// letter or null). opts: flipped, selected, targets (squares), last ([from, to]), check
// (square), label(square, piece). The caller listens on the board element.
export function drawBoard(board, cells, opts = {}) {
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
      const words = t(targets.has(square) ? "square.target" : "square", { square, piece: pieceWords(piece) });
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
export function boardKeys(board) {
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
export function boardPointer(board, { onPick, onDrop, onTap }) {
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
