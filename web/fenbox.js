// fenbox.js -- the FEN box: the FEN checked by fend as it is typed, its problems
// underlined and listed, and its six fields with what each says (in the page's language).
// Other parts put a FEN in it (setFen) and listen to what fend made of it (fenListeners).
import { sliceBytes } from "/fend.js";
import { t } from "/i18n.js";
import { fend, $, el, problemText, statusWords, langListeners } from "/common.js";

export const FIELDS = ["board", "turn", "castling", "en_passant", "halfmove", "fullmove"];
// What a field's value says, in the page's language (the words of the source documents).
function fieldMeaning(name, value) {
  if (value === null || value === undefined) return name === "en_passant" ? t("meaning.ep.none") : "";
  switch (name) {
    case "board": {
      const white = (value.match(/[KQRBNP]/g) || []).length;
      const black = (value.match(/[kqrbnp]/g) || []).length;
      return t("meaning.board", { white, black });
    }
    case "turn":
      return value === "w" ? t("meaning.turn.w") : value === "b" ? t("meaning.turn.b") : t("meaning.turn.other");
    case "castling":
      if (value === "-") return t("meaning.castling.none");
      // KQkq, or a rook's file (Shredder-FEN, X-FEN: Chess960)
      return [...value].map((c) => ("KQkq".includes(c) ? t(`meaning.castling.${c === c.toUpperCase() ? "w" : "b"}${c.toLowerCase()}`)
        : t(c === c.toUpperCase() ? "meaning.castling.wfile" : "meaning.castling.bfile", { file: c.toLowerCase() }))).join("; ");
    case "en_passant":
      return value === "-" ? t("meaning.ep.none") : t("meaning.ep.square", { square: value });
    case "halfmove":
      return t("meaning.halfmove", { n: value });
    case "fullmove":
      return t("meaning.fullmove", { n: value });
    default:
      return "";
  }
}

export const fenInput = $("fen-input");
let validateTimer = 0;
let validateSeq = 0;
let lastValidation = null;
export const fenListeners = [];

// Puts a FEN in the box and checks it; source says who did ("user", "play", "editor"...),
// so that the listeners do not answer their own change.
export function setFen(fen, source) {
  fenInput.value = fen;
  return validateNow(source);
}

function scheduleValidate(source) {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(() => validateNow(source), 200);
}

export function options() {
  return { chess960: $("opt-chess960").checked };
}

export async function validateNow(source) {
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

export function showValidation(fen, r) {
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
        marked.append(el("span", { class: `mark caret ${p.kind}`, "data-offset": a, "data-length": 0, title: p.message, "aria-label": t(p.kind === "error" ? "fen.errorat" : "fen.repairat", { byte: a, message: p.message }) }));
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
      el("td", { text: r.fields ? fieldMeaning(name, value) : t(value === undefined ? "meaning.missing" : "meaning.unread") })));
  });
}

fenInput.addEventListener("input", () => scheduleValidate("user"));
$("opt-lenient").addEventListener("change", () => validateNow("user"));
$("opt-chess960").addEventListener("change", () => validateNow("user"));
// A new language: the page's words at once (the verdict, the problems' places, the
// fields' meanings), then fend's messages, the same FEN asked again in that language.
// Nothing about the position changed: the listeners are not told.
let recheckSeq = 0;
langListeners.push(async () => {
  showValidation(fenInput.value, lastValidation);
  const fen = fenInput.value;
  if (!lastValidation || !fen.trim()) return;
  const seq = ++recheckSeq;
  const checking = validateSeq;
  let result;
  try {
    result = await fend.validate({ fen, mode: $("opt-lenient").checked ? "lenient" : "strict", ...options() });
  } catch {
    return;
  }
  if (seq !== recheckSeq || checking !== validateSeq || fen !== fenInput.value) return;
  lastValidation = result;
  showValidation(fen, result);
});
