// challenge.js -- the FEN challenge: a position to write in FEN (the source document's
// two challenges, two worked examples, or any ply of the PGN viewer), each attempt
// compared by fend field by field and square by square.
import { t } from "/i18n.js";
import { fend, START, $, el, problemText, pieceWords, placementCells, langListeners } from "/common.js";
import { drawBoard } from "/board.js";
import { FIELDS } from "/fenbox.js";
import { selectTab } from "/tabs.js";
import { viewer, pgnFen, sanOf } from "/viewer.js";

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
  challenge.custom = { fen: pgnFen(), label: current ? `${current.move_number}${current.color === "white" ? "." : "..."} ${sanOf(current)}` : "—" };
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
