#!/usr/bin/env node
// client-ts.mjs -- the TypeScript client a user generates from api/openapi.yaml, tested the
// way a user would use it: openapi-typescript (default options) writes the types,
// tests/client/fend-client.ts calls every path with openapi-fetch, tsc --strict must accept
// it, and its compiled JavaScript, run with Node against a real fend, must exit 0 having
// checked the answers. tests/client/wrong.ts must be refused, with exactly the errors its
// "fails:" markers name, so that the test cannot pass with types that accept anything.
//
// Environment (set by `make check`): FEND_BUILD_DIR (fend, and tests/client/node_modules
// with openapi-typescript, openapi-fetch and typescript, which `make check` installs at
// the versions Makefile.am pins), FEND_SOURCE_DIR (api/openapi.yaml, tests/client/*.ts;
// never written to). Work files go to $FEND_BUILD_DIR/tests/client/work/.
// Exit status: 0 passed, 1 a check failed.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const BUILD = process.env.FEND_BUILD_DIR || process.cwd();
const SOURCE = process.env.FEND_SOURCE_DIR || path.dirname(path.dirname(new URL(import.meta.url).pathname));
const MODULES = path.join(BUILD, "tests", "client", "node_modules");
const WORK = path.join(BUILD, "tests", "client", "work");
const TIMEOUT = 15000;

let passed = 0;
const failures = [];
function check(name, ok, detail = "") {
  if (ok) {
    passed++;
    console.log(`ok   ${name}`);
  } else {
    failures.push(name);
    console.log(`FAIL ${name}${detail ? `\n${detail}` : ""}`);
  }
}
function finish() {
  console.log(`client-ts: ${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}
function die(message) {
  check(message, false);
  finish();
}

function bin(pkg, file) {
  const p = path.join(MODULES, pkg, "bin", file);
  if (!existsSync(p)) die(`${p} not found: make check installs it (see Makefile.am)`);
  return p;
}

// Generous: tsc takes seconds alone, minutes on a loaded machine.
function run(args, options = {}) {
  const r = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 900000, ...options });
  if (r.error || r.signal) r.stderr = `${r.stderr || ""}\n${r.error || ""} (signal ${r.signal})`;
  return r;
}

// ---- the work directory: the generated types, the programs, a tsconfig
rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
for (const f of ["fend-client.ts", "wrong.ts"])
  copyFileSync(path.join(SOURCE, "tests", "client", f), path.join(WORK, f));
writeFileSync(path.join(WORK, "package.json"), JSON.stringify({ type: "module", private: true }) + "\n");
const tsconfig = (files) => JSON.stringify({
  compilerOptions: {
    strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext",
    skipLibCheck: false, outDir: "out", typeRoots: [path.join(MODULES, "@types")], types: ["node"],
  },
  files,
}, null, 2);

// ---- generate the client's types, with the generator's default options
const gen = run([bin("openapi-typescript", "cli.js"), path.join(SOURCE, "api", "openapi.yaml"),
  "-o", path.join(WORK, "fend-api.d.ts")], { cwd: WORK });
check("openapi-typescript generates the types", gen.status === 0 && existsSync(path.join(WORK, "fend-api.d.ts")),
  gen.stdout + gen.stderr);
if (gen.status !== 0) finish();
const types = readFileSync(path.join(WORK, "fend-api.d.ts"), "utf8");
// a member typed as an empty object or an open union is a schema the generator could not use
const unusable = types.split("\n").filter((l) => /:\s*Record<string, never>;/.test(l) && !/^export type/.test(l));
check("no member is typed as an object without members", unusable.length === 0, unusable.join("\n"));

// node_modules beside the work directory: tsc and node resolve openapi-fetch from there
const tsc = bin("typescript", "tsc");

// ---- the program type-checks under --strict
writeFileSync(path.join(WORK, "tsconfig.json"), tsconfig(["fend-client.ts"]));
let r = run([tsc, "-p", WORK], { cwd: WORK });
check("tsc --strict accepts tests/client/fend-client.ts", r.status === 0, r.stdout + r.stderr);

// ---- the wrong calls are refused, each with its own error
writeFileSync(path.join(WORK, "tsconfig.wrong.json"), tsconfig(["wrong.ts"]).replace('"outDir": "out"', '"noEmit": true'));
r = run([tsc, "-p", path.join(WORK, "tsconfig.wrong.json")], { cwd: WORK });
const wanted = new Map();
readFileSync(path.join(WORK, "wrong.ts"), "utf8").split("\n").forEach((line, i) => {
  const m = line.match(/\/\/ fails: (TS\d+)$/);
  if (m) wanted.set(i + 1, m[1]);
});
const got = new Map();
for (const m of r.stdout.matchAll(/^wrong\.ts\((\d+),\d+\): error (TS\d+):/gm)) {
  const line = Number(m[1]);
  got.set(line, [...(got.get(line) || []), m[2]]);
}
check("tsc refuses tests/client/wrong.ts", r.status !== 0 && wanted.size > 0, r.stdout + r.stderr);
for (const [line, code] of wanted)
  check(`wrong.ts:${line} is refused with ${code}`, (got.get(line) || []).includes(code),
    `got ${JSON.stringify(got.get(line) || [])}\n${r.stdout}`);
for (const [line, codes] of got)
  if (!wanted.has(line)) check(`wrong.ts:${line} has no unexpected error`, false, codes.join(", ") + "\n" + r.stdout);

// ---- the compiled program against a real fend
function startFend() {
  const fend = path.join(BUILD, "fend");
  if (!existsSync(fend)) die(`${fend} not found: build fend first`);
  const proc = spawn(fend, ["--listen", "127.0.0.1", "--port", "0", "--log", "off"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`fend did not start: ${stderr}`)), TIMEOUT);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: m[1].replace(/\/$/, "") });
      }
    });
    proc.on("exit", (code) => reject(new Error(`fend exited with ${code}: ${stderr}`)));
  });
}

const compiled = path.join(WORK, "out", "fend-client.js");
if (existsSync(compiled)) {
  let fend;
  try {
    fend = await startFend();
  } catch (e) {
    die(String(e));
  }
  const child = spawn(process.execPath, [compiled], {
    cwd: WORK, env: { ...process.env, FEND_URL: fend.base }, stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => { output += d; });
  child.stderr.on("data", (d) => { output += d; });
  const status = await new Promise((resolve) => {
    const timer = setTimeout(() => { child.kill("SIGKILL"); resolve("timeout"); }, 60000);
    child.on("exit", (code) => { clearTimeout(timer); resolve(code); });
  });
  check("the compiled client runs against fend and its checks pass", status === 0, output);
  const counted = output.match(/fend-client: (\d+) answers checked/);
  check("the client checked answers", counted && Number(counted[1]) >= 40, output);
  if (counted) console.log(`     (${counted[1]} answers)`);
  fend.proc.kill("SIGTERM");
  const code = await new Promise((resolve) => fend.proc.on("exit", (c) => resolve(c)));
  check("fend exits 0 after SIGTERM", code === 0, `status ${code}`);
} else {
  check("tsc wrote out/fend-client.js", false);
}
finish();
