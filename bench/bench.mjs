// Side by side, in one Node process: gatehouse's JavaScript API (site/gatehouse.mjs over the
// wasm) beside ajv, hyperjump and fast-json-patch, each as a ratio to JSON.parse of the same
// text, with the goals of the speed issue beside them. Run with `make bench`, which builds the
// wasm and installs the other libraries (devDependencies of this script only, from its lockfile).
//
//   node bench.mjs            the table, as README's "Speed" section shows it
//   node bench.mjs --quick    fewer runs, for a look while working
//   node bench.mjs --before=old.wasm   an older build measured in the same run, beside (the
//                             "before" of a change: make bench BENCH_ARGS=--before=old.wasm)
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { Worker } from "node:worker_threads";
import { brotliCompressSync, brotliDecompressSync, gzipSync, constants as zlib } from "node:zlib";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { registerSchema, validate as hyperjumpValidate } from "@hyperjump/json-schema/draft-2020-12";
import jsonpatch from "fast-json-patch";
import { load } from "../site/gatehouse.mjs";
import { catalogs } from "./catalogs.mjs";
import { largeInstance } from "./records.mjs";

const quick = process.argv.includes("--quick");
const beforePath = process.argv.find((a) => a.startsWith("--before="))?.slice("--before=".length);
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const testdata = (name) => readFileSync(here("../testdata/bench/" + name), "utf8");
const wasmPath = here("../site/gatehouse.wasm");


function median(fn, minMs = quick ? 500 : 3000, minRuns = quick ? 5 : 15) {
  const times = [];
  const start = performance.now();
  while (times.length < minRuns || performance.now() - start < minMs) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    if (times.length > 100000) break;
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// perOp batches tiny operations so that the timer's resolution does not dominate.
const perOp = (fn, batch) => median(() => { for (let i = 0; i < batch; i++) fn(); }) / batch;

// interleaved times several contenders in rounds, one batch of each per round, and gives each one's
// median per operation: on a machine others share, a burst of load then falls on every contender
// alike instead of on whichever was being timed, so the ratios hold where the microseconds do not.
function interleaved(contenders, batch, minMs = quick ? 1500 : 8000, minRounds = quick ? 15 : 41) {
  const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  const start = performance.now();
  for (let round = 0; round < minRounds || performance.now() - start < minMs; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const t0 = performance.now();
      for (let i = 0; i < batch; i++) fn();
      times[name].push((performance.now() - t0) / batch);
    }
    if (round > 10000) break;
  }
  return Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, xs.sort((a, b) => a - b)[xs.length >> 1]]));
}

async function medianAsync(fn, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
const ratio = (t, base) => `${(t / base).toFixed(1)}×`;
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
const rows = [];
// row records one line: the JSON.parse baseline, each contender's time, and which one the goal is
// about (its ratio goes in bold).
const row = (work, base, cells, goal, main = "gatehouse") => rows.push({ work, base, cells, goal, main });

const wasm = await readFile(wasmPath);
const beforeWasm = beforePath ? await readFile(beforePath) : null;

// Cold: the first diff of an instance whose code V8 has only just compiled (baseline code; hot
// functions are optimized later, in the background).
const [left, right] = catalogs();
const diffRequest = JSON.stringify({ left, right, mode: "catalog", omitPatch: true });
const diffWithPatch = JSON.stringify({ left, right, mode: "catalog" });
const coldDiffOf = async (wasm) => {
  const fresh = await load(wasm);
  const t0 = performance.now();
  const answer = fresh.diff(diffRequest);
  const ms = performance.now() - t0;
  fresh.close();
  const d = JSON.parse(answer);
  if (d.problems.length || !d.catalog) throw new Error(`diff: ${JSON.stringify(d.problems[0])}`);
  return { ms, changed: d.catalog.summary.changed, answerBytes: answer.length };
};
const coldDiff = await coldDiffOf(wasm);
const coldDiffBefore = beforeWasm ? await coldDiffOf(beforeWasm) : null;

const gh = await load(wasm);
const legacy = globalThis.gatehouse; // the same build through syscall/js
const before = beforeWasm ? await load(beforeWasm) : null;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
console.log(`node ${process.version}, gatehouse ${gh.version}${quick ? " (quick)" : ""}`);

// Schema validation: the answer of each validator is checked before it is timed.
let schemaId = 0;
async function hyperjumpFor(schema) {
  const id = `https://bench.gatehouse.invalid/schema/${++schemaId}`;
  registerSchema({ ...JSON.parse(schema), $id: id, $schema: "https://json-schema.org/draft/2020-12/schema" }, id);
  return hyperjumpValidate(id);
}
const validations = [
  { work: "validate a tool call (~300 B) against a 1 KB schema", schema: testdata("toolcall.schema.json"), instance: testdata("toolcall.json").trim(), batch: 200, goal: "≤ 10×" },
  { work: "validate a 1 MB document", schema: testdata("record.schema.json"), instance: largeInstance(1 << 20), batch: 1, goal: "≤ 6×" },
];
// Warm: V8 optimizes the functions a run uses while it runs; what follows measures that code.
const warmUntil = performance.now() + (quick ? 1000 : 5000);
while (performance.now() < warmUntil) {
  for (const c of validations) {
    gh.validate(JSON.stringify({ schema: c.schema, instance: c.instance }));
    gh.validateTexts(c.schema, c.instance);
    before?.validate(JSON.stringify({ schema: c.schema, instance: c.instance }));
    before?.validateTexts(c.schema, c.instance);
  }
}
gh.diff(diffRequest);
before?.diff(diffRequest);

for (const c of validations) {
  const req = JSON.stringify({ schema: c.schema, instance: c.instance });
  const check = JSON.parse(gh.validate(req));
  if (!check.valid) throw new Error(`${c.work}: gatehouse says invalid: ${JSON.stringify(check.problems[0])}`);
  const ajvValidate = ajv.compile(JSON.parse(c.schema));
  if (!ajvValidate(JSON.parse(c.instance))) throw new Error(`${c.work}: ajv says invalid`);
  const hj = await hyperjumpFor(c.schema);
  if (!hj(JSON.parse(c.instance)).valid) throw new Error(`${c.work}: hyperjump says invalid`);

  if (gh.validateTexts(c.schema, c.instance) !== gh.validate(req)) throw new Error(`${c.work}: validateTexts and validate differ`);
  const { parse, ...cells } = interleaved({
    parse: () => JSON.parse(c.instance),
    "gatehouse, validateTexts": () => gh.validateTexts(c.schema, c.instance),
    "gatehouse, validate": () => gh.validate(req),
    ...(before ? { [`before (${beforePath.split("/").pop()}), validateTexts`]: () => before.validateTexts(c.schema, c.instance) } : {}),
    ...(before ? { [`before (${beforePath.split("/").pop()}), validate`]: () => before.validate(req) } : {}),
    "gatehouse, validate building the request": () => gh.validate(JSON.stringify({ schema: c.schema, instance: c.instance })),
    "gatehouse through syscall/js": () => legacy.validate(req),
    ajv: () => ajvValidate(JSON.parse(c.instance)),
    hyperjump: () => hj(JSON.parse(c.instance)),
  }, c.batch);
  row(c.work, parse, cells, c.goal, "gatehouse, validateTexts");
}

// The keyed diff of two 10,000-tool catalogs, as the page asks for it: the report first, the
// patch when its tab opens (omitPatch). Cold was measured first of all (above).
{
  const { parseBoth, ...warm } = interleaved({
    parseBoth: () => { JSON.parse(left); JSON.parse(right); },
    "gatehouse, warm": () => gh.diff(diffRequest),
    ...(before ? { [`before (${beforePath.split("/").pop()}), warm`]: () => before.diff(diffRequest) } : {}),
    "gatehouse with the patch": () => gh.diff(diffWithPatch),
    "fast-json-patch (JSON.parse + compare)": () => jsonpatch.compare(JSON.parse(left), JSON.parse(right)),
  }, 1, 0, quick ? 3 : 7);
  row(`keyed diff of two 10,000-tool catalogs (${mb(left.length + right.length)}, one line each; ${coldDiff.changed} changed; answer ${mb(coldDiff.answerBytes)}, ${mb(gh.diff(diffWithPatch).length)} with the patch)`, parseBoth, {
    "gatehouse, cold": coldDiff.ms,
    ...(coldDiffBefore ? { "before, cold": coldDiffBefore.ms } : {}),
    ...warm,
  }, "≤ 8× cold", "gatehouse, cold");
}

// The result check on one tools/call result of README text, as the proxy checks every result:
// 10 KB and 1 MB (the default cap), the texts Go's BenchmarkCheck (internal/result) reads. The goal
// is the native one; this is the same core under wasm.
{
  const readmes = JSON.parse(readFileSync(here("../testdata/result/corpus/honest-filesystem.json"), "utf8")).cases
    .filter((c) => c.source.includes("/readme/"))
    .map((c) => c.response.result.content[0].text);
  const filler = "Run `npm install` and then call the function with your options. See the changelog for details.\n";
  const readme = (n) => {
    let text = "";
    for (const r of readmes) {
      text += r + "\n";
      if (text.length > n) break;
    }
    while (text.length < n) text += filler;
    return text.slice(0, n);
  };
  // The cap counts the result's UTF-8 bytes, escapes included: the 1 MB text is cut to fit it.
  const resultOf = (text) => JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }] } });
  for (const kb of [10, 1000]) {
    let text = readme(kb << 10);
    while (Buffer.byteLength(resultOf(text)) > 1 << 20) text = text.slice(0, Math.floor(text.length * 0.99));
    const result = resultOf(text);
    const request = JSON.stringify({ result, tool: "read_text_file" });
    const answer = JSON.parse(gh.checkResult(request));
    if (answer.problems.length) throw new Error(`checkResult: ${JSON.stringify(answer.problems[0])}`);
    before?.checkResult?.(request);
    const { parse, ...cells } = interleaved({
      parse: () => JSON.parse(result),
      "gatehouse, checkResult": () => gh.checkResult(request),
      ...(before?.checkResult ? { [`before (${beforePath.split("/").pop()}), checkResult`]: () => before.checkResult(request) } : {}),
    }, 1, quick ? 1000 : 4000, kb > 100 ? 3 : quick ? 15 : 41);
    row(`check a ${kb} KB tool result of README text (checkResult: ${answer.verdict}, ${answer.findings.length} findings)`, parse, cells, "≤ 1 ms per 10 KB natively", "gatehouse, checkResult");
  }
}

// Ready: a fresh Node process loads the wasm and answers its first call.
{
  const script = `
    const { readFileSync } = await import("node:fs");
    const { load } = await import(${JSON.stringify(here("../site/gatehouse.mjs"))});
    const bytes = readFileSync(process.argv[1]);
    const t0 = performance.now();
    const gh = await load(bytes);
    const ready = performance.now() - t0;
    gh.validate(JSON.stringify({ schema: '{"type":"object"}', instance: "{}" }));
    const first = performance.now() - t0 - ready;
    gh.close();
    console.log(JSON.stringify({ ready, first }));`;
  const runOnce = (path) => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script, path], { encoding: "utf8" }));
  // Alternated with the older build's, when there is one, so both see the same machine.
  const runs = [], runsBefore = [];
  for (let i = 0; i < (quick ? 3 : 7); i++) {
    runs.push(runOnce(wasmPath));
    if (beforePath) runsBefore.push(runOnce(beforePath));
  }
  const mid = (runs, k) => runs.map((r) => r[k]).sort((a, b) => a - b)[runs.length >> 1];
  const range = (runs, k) => { const xs = runs.map((r) => r[k]).sort((a, b) => a - b); return `${fmt(xs[0])}–${fmt(xs[xs.length - 1])}`; };
  const said = (runs) => `${fmt(mid(runs, "ready"))} (${range(runs, "ready")}); first validate ${fmt(mid(runs, "first"))} more`;
  rows.push({ work: "ready in a fresh Node process (compile, instantiate, go.run)", absolute: said(runs) + (beforePath ? `; before ${said(runsBefore)}` : ""), goal: "≤ 80 ms" });
}

// A worker's round trip (what the page's lanes do) against a bare postMessage echo.
{
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    if (workerData.echo) parentPort.on("message", (m) => parentPort.postMessage(m.arg));
    else import(workerData.loader).then(async ({ load }) => {
      const gh = await load(require("node:fs").readFileSync(workerData.wasm));
      parentPort.on("message", (m) => parentPort.postMessage(gh[m.fn](m.arg)));
      parentPort.postMessage("ready");
    });`;
  const start = async (echo) => {
    const w = new Worker(source, { eval: true, workerData: { echo, loader: new URL("../site/gatehouse.mjs", import.meta.url).href, wasm: wasmPath } });
    if (!echo) await new Promise((resolve) => w.once("message", resolve));
    return w;
  };
  const roundTrip = (w, arg) => new Promise((resolve) => {
    const t0 = performance.now();
    w.once("message", () => resolve(performance.now() - t0));
    w.postMessage({ fn: "validate", arg });
  });
  const arg = JSON.stringify({ schema: testdata("toolcall.schema.json"), instance: testdata("toolcall.json").trim() });
  const [echo, checker] = [await start(true), await start(false)];
  for (let i = 0; i < 200; i++) { await roundTrip(echo, arg); await roundTrip(checker, arg); } // warm both
  const runs = quick ? 500 : 3000;
  const bare = await medianAsync(() => roundTrip(echo, arg), runs);
  const checked = await medianAsync(() => roundTrip(checker, arg), runs);
  await echo.terminate();
  await checker.terminate();
  row("a worker's round trip for that tool call (Node worker_threads)", bare, { gatehouse: checked }, "≤ ~2× a bare echo");
}

// Size of what the page transfers.
{
  // As served: the brotli 11 copy make writes (site/publish/precompress.mjs) when it is true to
  // the wasm, else the server's own level 6.
  const br6 = (w) => brotliCompressSync(w, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }).length;
  let served = `${mb(br6(wasm))} brotli 6 as served (no true gatehouse.wasm.br: make wasm-br)`;
  try {
    const copy = readFileSync(wasmPath + ".br");
    if (brotliDecompressSync(copy).equals(wasm)) served = `${mb(copy.length)} brotli 11 as served (level 6: ${mb(br6(wasm))})`;
  } catch {
    // no copy: the server compresses at level 6
  }
  const was = beforeWasm ? `; before ${mb(beforeWasm.length)} raw, ${mb(br6(beforeWasm))} brotli 6 as served` : "";
  rows.push({ work: "gatehouse.wasm", absolute: `${mb(wasm.length)} raw, **${served}**, ${mb(gzipSync(wasm).length)} gzip${was}`, goal: "≤ 1.2 MB brotli" });
}
gh.close();
before?.close();

// The table.
console.log("\n| work | JSON.parse | gatehouse | others | goal |\n|---|---|---|---|---|");
for (const r of rows) {
  if (r.absolute) {
    console.log(`| ${r.work} | | ${r.absolute} | | ${r.goal} |`);
    continue;
  }
  const main = r.cells[r.main];
  const others = Object.entries(r.cells).filter(([name]) => name !== r.main).map(([name, t]) => `${name} ${ratio(t, r.base)} (${fmt(t)})`).join("; ");
  console.log(`| ${r.work} | ${fmt(r.base)} | **${ratio(main, r.base)}** (${fmt(main)}) | ${others} | ${r.goal} |`);
}
