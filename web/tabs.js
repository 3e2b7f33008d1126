// tabs.js -- the tabs over the panels (play, editor, PGN viewer, descriptive notation,
// FEN challenge): which panel and which board are shown; arrow keys between tabs.
import { $ } from "/common.js";

const tabs = [...document.querySelectorAll('[role="tab"]')];
// The board beside each panel: the play board, the editor's, or the PGN viewer's picture.
const TAB_BOARD = { "tab-editor": "editor", "tab-pgn": "pgn", "tab-challenge": "challenge" };
export function selectTab(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  document.querySelector("main.app").dataset.board = TAB_BOARD[tab.id] || "play";
  for (const fn of tabListeners) fn(tab.id);
}
// Called with the tab's id when a tab is chosen.
export const tabListeners = [];
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
