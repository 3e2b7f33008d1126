// descriptive.js -- old games in descriptive notation (English or Spanish) converted to
// PGN by fend, and opened in the PGN viewer.
import { t } from "/i18n.js";
import { fend, $, el, problemText } from "/common.js";
import { selectTab } from "/tabs.js";
import { readPgn } from "/viewer.js";

export const GUEVARA = "1-CR3A,P4D,2-P4AD,P3AD,3-P4D,C3A;4-C3A,P3CR;5-A4A,A2C;6-P3R,A4A;7-D3C,P3C;8-A2R,O-O;9-O-O,C5R;10-TR1D,CxC;11-PxC,P3R;12-P3TR,C2D;13-PxP,PRxP;14-P4A,PxP;15-AxP;C3A;16-A5R,A5R;17-C2D,A4D;18-AxA,DxA;19-DxD,CxD;20-AxA,RxA;21-TR1AD,TD1A;22-TD1C,P4AR;23-C3A,P4A;24-PxP,TxP;25-TxT,PxT;26-T1AD,T1A. Filip en esta posición ofreció tablas al Che, quien aceptó de mala gana.";

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
    $("desc-found").textContent = t("desc.found", { lang: t(read === "es" ? "desc.es" : "desc.en") });
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
