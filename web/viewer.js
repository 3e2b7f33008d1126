// viewer.js -- the PGN viewer: games read by fend, the moves (in the page's piece
// letters), comments, NAGs, variations and clocks, stepping through the plies on fend's
// picture of the board with arrows, the evaluation bar and graph.
import { t, lang } from "/i18n.js";
import { fend, $, el, problemText, copyText, statusWords, langListeners } from "/common.js";
import { setFen } from "/fenbox.js";
import { selectTab, tabListeners } from "/tabs.js";

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

export const viewer = { games: [], game: null, main: null, line: null, index: -1, seq: 0, langSeq: 0, text: null, read: false, readSeq: 0 };

function makeLine(moves, startFen, parent) {
  const line = { moves, startFen, parent };
  moves.forEach((m, i) => {
    m.variationLines = (m.variations || []).map((v) => makeLine(v, i ? moves[i - 1].fen : startFen, { line, index: i }));
  });
  return line;
}

export async function readPgn(text) {
  const seq = ++viewer.readSeq;
  viewer.text = text;
  viewer.read = false;
  $("pgn-error").textContent = "";
  $("pgn-problems").replaceChildren();
  let r;
  try {
    r = await fend.pgn(text);
  } catch (err) {
    if (seq !== viewer.readSeq) return;
    $("pgn-error").textContent = problemText(err);
    $("pgn-view").hidden = true;
    return;
  }
  if (seq !== viewer.readSeq) return;
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
  viewer.read = true;
  showGame(0);
}

// fend's problems with the PGN (its messages in the page's language) asked for again when
// the language changes: the games keep their place, their problems are written anew; a
// PGN that could not be read is read again, for its message.
async function problemsAgain() {
  if (viewer.text === null) return;
  if (!viewer.read) {
    readPgn(viewer.text);
    return;
  }
  const seq = viewer.readSeq;
  let r;
  try {
    r = await fend.pgn(viewer.text);
  } catch {
    return;
  }
  if (seq !== viewer.readSeq || r.games.length !== viewer.games.length) return;
  r.games.forEach((g, i) => {
    viewer.games[i].errors = g.errors;
    viewer.games[i].warnings = g.warnings;
  });
  drawProblems(viewer.game);
}

function drawProblems(g) {
  const problems = $("pgn-problems");
  problems.replaceChildren();
  for (const e of [...(g.errors || []).map((x) => ({ ...x, kind: "error" })), ...(g.warnings || []).map((x) => ({ ...x, kind: "warning" }))]) {
    problems.append(el("li", { class: e.kind, "data-code": e.code },
      el("strong", { text: e.kind === "error" ? t("problem.error") : t("problem.note") }),
      ` (${t("where.line", { line: e.line, column: e.column })}${e.san ? `, “${e.san}”` : ""}): ${e.message}`));
  }
}

function showGame(i) {
  const g = viewer.games[i];
  viewer.game = g;
  viewer.main = makeLine(g.moves, g.start_fen, null);
  viewer.line = viewer.main;
  viewer.index = -1;
  drawProblems(g);
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
  localizeMoves();
}

// A move's SAN as the page shows it: in the page's piece letters once fend has written
// them (localizeMoves), in English (as /pgn writes it) until then.
export function sanOf(m) {
  return m.sanLocal || m.san;
}

// The moves in the page's piece letters. /pgn writes SAN in English; /apply-move writes
// each line of play (the main line, every variation) again from its UCI in the language
// asked for, a few lines at a time. A line fend cannot replay stays in English.
async function localizeMoves() {
  const seq = ++viewer.langSeq;
  const code = lang();
  const lines = [];
  const collect = (line) => {
    lines.push(line);
    for (const m of line.moves) for (const v of m.variationLines) collect(v);
  };
  if (viewer.main) collect(viewer.main);
  const local = lines.some((line) => line.moves.some((m) => m.sanLocal));
  if (code === "en" && !local) return;
  const found = [];
  for (let i = 0; i < lines.length; i += 4) {
    found.push(...await Promise.all(lines.slice(i, i + 4).map((line) => (code === "en" || !line.moves.length ? null
      : fend.applyMove({ fen: line.startFen, moves: line.moves.map((m) => m.uci), lang: code, chess960: !!viewer.game.chess960 })
        .then((r) => r.moves.map((m) => m.san), () => null)))));
    if (seq !== viewer.langSeq) return;
  }
  lines.forEach((line, i) => line.moves.forEach((m, j) => {
    m.sanLocal = found[i] && found[i][j] ? found[i][j] : null;
  }));
  const box = $("pgn-moves");
  const focused = box.contains(document.activeElement) ? document.activeElement.pgnRef : null;
  drawMovetext();
  const current = markCurrent();
  $("pgn-board").alt = boardAlt(current, pgnFen());
  if (focused) focused.line.moves[focused.index].button.focus();
}
langListeners.push(() => {
  if (viewer.main) localizeMoves();
  problemsAgain();
});

// The current ply's move marked in the move list; the current move (null at the start).
function markCurrent() {
  for (const b of $("pgn-moves").querySelectorAll(".ply")) b.removeAttribute("aria-current");
  const current = viewer.index >= 0 ? viewer.line.moves[viewer.index] : null;
  if (current) current.button.setAttribute("aria-current", "true");
  return current;
}

function boardAlt(current, fen) {
  return current ? t("pgn.alt.after", { move: `${current.move_number}${current.color === "white" ? "." : "..."} ${sanOf(current)}`, fen })
    : t("pgn.alt.start", { fen });
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
      const b = el("button", { type: "button", class: "ply", "aria-label": `${m.move_number}${white ? "." : "..."} ${sanOf(m)}${(m.nags || []).map((n) => `, ${n.meaning || n.glyph || `$${n.nag}`}`).join("")}` }, sanOf(m));
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

export function pgnFen() {
  return viewer.index >= 0 ? viewer.line.moves[viewer.index].fen : viewer.line.startFen;
}

async function showPly() {
  const seq = ++viewer.seq;
  const fen = pgnFen();
  const current = markCurrent();
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
  const opening = openingAt(viewer.line, viewer.index);
  $("pgn-opening").textContent = opening ? t("play.opening", { eco: opening.eco, name: opening.name }) : "";
  const img = $("pgn-board");
  img.src = fend.renderUrl(picture);
  img.alt = boardAlt(current, fen);
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

// The opening of a ply: the most recent named position walking back from it (fend names
// each ply's own position), through the lines a variation branches from.
function openingAt(line, index) {
  for (let l = line, i = index; l; i = l.parent ? l.parent.index - 1 : -1, l = l.parent && l.parent.line) {
    for (; i >= 0; i--) if (l.moves[i].opening) return l.moves[i].opening;
  }
  return null;
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
// The evaluation bar is the viewer's: shown on its tab, for a game with evaluations.
tabListeners.push((id) => {
  $("eval-bar").hidden = id !== "tab-pgn" || !viewer.hasEval;
});
