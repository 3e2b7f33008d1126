// app.js -- the page's start: its parts (each a module of its own: the FEN box, play,
// the board editor, the PGN viewer, descriptive notation, the FEN challenge), the
// language switch in the header, and the position of a permalink. Every chess answer
// comes from fend through fend.js (its messages in the page's language, as fend gives
// them), the page's words from i18n.js; no module knows the rules of chess.
import { setLang, initialLang } from "/i18n.js";
import { START, $, langListeners } from "/common.js";
import { setFen } from "/fenbox.js";
import { play, refreshPlay, syncFenFromPlay } from "/play.js";
import "/editor.js";
import "/viewer.js";
import { GUEVARA } from "/descriptive.js";
import "/challenge.js";

// The page's language: the switch in the header. Each part redraws its words (the FEN
// box, play's piece letters, the viewer's moves, the challenge's list) in its listener.
function applyLang(code) {
  setLang(code);
  $("ui-lang").value = code;
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
