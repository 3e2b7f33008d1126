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
const js = readFileSync(path.join(SRC, "web", "app.js"), "utf8");
const called = [...js.matchAll(/\bt\("([a-z0-9_.]+)"/g)].map((m) => m[1]);
const unknownJs = called.filter((k) => !(k in WORDS));
check(`every t("...") key of app.js is in the table${unknownJs.length ? ` (not: ${unknownJs.join(" ")})` : ""}`, unknownJs.length === 0);

console.log(`i18n: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
