#!/usr/bin/env node
// i18n.mjs -- the page's word table (web/i18n.js): every key has every language, no text
// is empty, and a text's {names} are the same in every language (what the page fills in).
import path from "node:path";
import { pathToFileURL } from "node:url";

const SRC = process.env.srcdir || path.join(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const { WORDS, LANGS } = await import(pathToFileURL(path.join(SRC, "web", "i18n.js")).href);

let passed = 0;
const failures = [];
function check(name, ok) {
  if (ok) passed++;
  else failures.push(name);
  console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
}

check("four languages: en it ru es", JSON.stringify(LANGS) === JSON.stringify(["en", "it", "ru", "es"]));
check("more than 100 keys", Object.keys(WORDS).length > 100);
const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
for (const [key, entry] of Object.entries(WORDS)) {
  const missing = LANGS.filter((l) => typeof entry[l] !== "string" || !entry[l].trim());
  check(`${key}: every language`, missing.length === 0 || console.log(`  missing: ${missing.join(" ")}`));
  const extra = Object.keys(entry).filter((l) => !LANGS.includes(l));
  check(`${key}: no other language`, extra.length === 0);
  const want = names(entry.en || "");
  check(`${key}: the same {names}`, LANGS.every((l) => names(entry[l] || "") === want));
}
// Every key the page names (data-i18n in index.html) is in the table.
const { readFileSync } = await import("node:fs");
const html = readFileSync(path.join(SRC, "web", "index.html"), "utf8");
const used = [...html.matchAll(/data-i18n(?:-aria)?="([^"]+)"/g)].map((m) => m[1]);
const unknown = used.filter((k) => !(k in WORDS));
check(`every data-i18n key of index.html is in the table${unknown.length ? ` (not: ${unknown.join(" ")})` : ""}`, unknown.length === 0);
// Every key a module of the page names (t("...") in web/*.js) is in the table.
const { readdirSync } = await import("node:fs");
const modules = readdirSync(path.join(SRC, "web")).filter((f) => f.endsWith(".js") && f !== "i18n.js");
check("the page's modules are found", modules.includes("app.js") && modules.length > 3);
for (const file of modules) {
  const js = readFileSync(path.join(SRC, "web", file), "utf8");
  const called = [...js.matchAll(/\bt\("([a-z0-9_.]+)"/g)].map((m) => m[1]);
  const unknownJs = called.filter((k) => !(k in WORDS));
  check(`every t("...") key of ${file} is in the table${unknownJs.length ? ` (not: ${unknownJs.join(" ")})` : ""}`, unknownJs.length === 0);
}
// No English left in a module: a text, label, title or alt the page shows is written
// through t() (or is fend's own message, chess notation, a symbol or a number). Every
// string literal of the value given to textContent, title, alt, placeholder, aria-label
// or el()'s text (a template without its ${...} parts, whose literals count too) has no
// word in it, but for a key-like token (a t() key, a class name).
// The expression that starts at js[i], up to a , ; ) ] or } outside brackets; its literals.
function literalsOf(js, i) {
  const found = [];
  let depth = 0;
  function readString(q) {
    let text = "";
    for (i++; i < js.length && js[i] !== q; i++) {
      if (js[i] === "\\") text += js[++i];
      else if (q === "`" && js[i] === "$" && js[i + 1] === "{") {
        i += 2;
        const inner = depth;
        depth = 0;
        for (; i < js.length && !(js[i] === "}" && depth === 0); i++) step();
        depth = inner;
      } else text += js[i];
    }
    found.push(text);
  }
  function step() {
    const c = js[i];
    if (c === '"' || c === "'" || c === "`") readString(c);
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
  }
  for (; i < js.length; i++) {
    const c = js[i];
    if (depth === 0 && (c === "," || c === ";" || c === ")" || c === "]" || c === "}" || c === "\n")) break;
    step();
    if (depth < 0) break;
  }
  return found;
}
const SHOWN = /(?:\.(?:textContent|title|alt|placeholder)\s*=(?!=)|(?:[{,]\s*|\s)(?:text|"aria-label"|title|alt|placeholder)\s*:|setAttribute\("(?:aria-label|title|alt|placeholder)",)\s*/g;
const KEYLIKE = /^[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]*)*$/;
for (const file of modules.filter((f) => f !== "fend.js")) {
  const js = readFileSync(path.join(SRC, "web", file), "utf8").split("\n").filter((l) => !/^\s*\/\//.test(l)).join("\n");
  const english = [...js.matchAll(SHOWN)].flatMap((m) => literalsOf(js, m.index + m[0].length))
    .filter((lit) => !KEYLIKE.test(lit) && /[A-Za-z]{2,}/.test(lit));
  check(`no English literal shown by ${file}${english.length ? ` (found: ${english.join(" | ")})` : ""}`, english.length === 0);
}
// The FEN box explains the six fields in every language: each field's name and every
// meaning the page can show (fenbox.js builds meaning.<field>... keys).
const FIELDS = ["board", "turn", "castling", "en_passant", "halfmove", "fullmove"];
const MEANINGS = ["meaning.board", "meaning.turn.w", "meaning.turn.b", "meaning.turn.other", "meaning.castling.none",
  "meaning.castling.wk", "meaning.castling.wq", "meaning.castling.bk", "meaning.castling.bq", "meaning.castling.wfile",
  "meaning.castling.bfile", "meaning.ep.none", "meaning.ep.square", "meaning.halfmove", "meaning.fullmove",
  "meaning.missing", "meaning.unread"];
for (const key of [...FIELDS.map((f) => `field.${f}`), ...MEANINGS]) {
  check(`${key}: in every language`, key in WORDS && LANGS.every((l) => typeof WORDS[key][l] === "string" && WORDS[key][l].trim()));
}
// The meanings are the documents' words, not English left untranslated.
for (const key of MEANINGS) {
  if (!(key in WORDS)) continue;
  const e = WORDS[key];
  check(`${key}: translated`, LANGS.filter((l) => l !== "en").every((l) => e[l] !== e.en));
}
check("Italian, as the documents give it: Possibilità di arroccare (Il Bianco può arroccare corto)",
  WORDS["meaning.castling.wk"]?.it === "Il Bianco può arroccare corto");
check("Russian, as the documents give it: the halfmove clock",
  (WORDS["meaning.halfmove"]?.ru || "").startsWith("Число полуходов, прошедших с последнего хода пешки или взятия фигуры"));

console.log(`i18n: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
