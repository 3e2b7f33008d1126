// common.js -- what the page's parts share: the fend client (it asks for fend's messages in
// the page's language), the DOM helpers, the words for pieces and positions, FEN piece
// placements as 8x8 arrays, and the listeners told when the language changes.
import { Fend, FendError } from "/fend.js";
import { t, lang } from "/i18n.js";

export const fend = new Fend("", { lang });
export const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
export const $ = (id) => document.getElementById(id);
export const FILES = "abcdefgh";
// Called with the language's code when the page's language changes (app.js does it).
export const langListeners = [];

export function el(tag, attrs = {}, ...children) {
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

export function problemText(err) {
  if (err instanceof FendError) {
    const p = err.problem || {};
    let text = p.detail || err.message;
    if (p.line) text += ` (${t("where.line", { line: p.line, column: p.column })})`;
    return text;
  }
  return t("fend.noanswer", { message: err.message });
}

export function pieceWords(letter) {
  if (!letter) return t("piece.none");
  // one key per coloured piece: the colour agrees with the piece's gender (donna bianca)
  const color = letter === letter.toUpperCase() ? "white" : "black";
  return t(`piece.${color}.${letter.toLowerCase()}`);
}

// Copies text (a string, or a promise of one); falls back to showing it when the
// clipboard is not available. A promise goes to the clipboard as a ClipboardItem where
// the browser has one, so the copy keeps the click that asked for it.
export async function copyText(text, note) {
  let shown = typeof text === "string" ? text : null;
  try {
    if (typeof text !== "string" && window.ClipboardItem && navigator.clipboard.write) {
      const blob = text.then((s) => {
        shown = s;
        return new Blob([s], { type: "text/plain" });
      });
      try {
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      } catch {
        await navigator.clipboard.writeText(await text);
      }
    } else {
      shown = await text;
      await navigator.clipboard.writeText(shown);
    }
    note.textContent = t("copied");
  } catch (err) {
    if (shown === null) {
      try {
        shown = await text;
      } catch {
        note.textContent = problemText(err);
        return;
      }
    }
    note.textContent = `${t("copy.this")} ${shown}`;
  }
}

// The 8x8 array of a FEN's piece placement, or null when it cannot be read that way.
export function placementCells(placement) {
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

export function placementOf(cells) {
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
export function statusWords(status, turn) {
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
