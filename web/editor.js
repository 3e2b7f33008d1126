// editor.js -- the board editor: pieces placed from the palette, by click or drag, and
// the other five fields; the FEN box follows every change, and it follows the FEN box.
import { t } from "/i18n.js";
import { START, $, el, FILES, pieceWords, placementCells, placementOf, langListeners } from "/common.js";
import { drawBoard, boardKeys, boardPointer, pieceEl } from "/board.js";
import { fenInput, setFen, fenListeners } from "/fenbox.js";
import { selectTab } from "/tabs.js";

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
    palette.append(el("button", { type: "button", "data-tool": letter, class: "tool" }, pieceEl(letter)));
  }
  palette.append(el("button", { type: "button", "data-tool": "x", class: "tool", text: "✕" }));
  const ep = $("editor-ep");
  ep.append(el("option", { value: "-" }));
  for (const rank of "36") for (const f of FILES) ep.append(el("option", { value: f + rank, text: f + rank }));
  labelPalette();
})();

// The palette's and the en-passant list's words, in the page's language.
function labelPalette() {
  for (const b of $("editor-palette").querySelectorAll("[data-tool]")) {
    const tool = b.dataset.tool;
    b.setAttribute("aria-label", tool === "x" ? t("editor.remove") : t("editor.place", { piece: pieceWords(tool) }));
  }
  $("editor-ep").querySelector('option[value="-"]').textContent = t("editor.noep");
}
langListeners.push(() => {
  labelPalette();
  drawEditor();
});

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
