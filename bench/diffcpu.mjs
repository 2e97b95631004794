// The keyed diff of two 10,000-tool catalogs (bench.mjs's row, the same catalogs) in process CPU
// time, cold and warm, beside older builds: on a machine shared with other work, wall time swings
// 2–3× between runs where CPU time holds within a few percent.
//
//   node bench/diffcpu.mjs [--rounds=N] [--warm=N] site/gatehouse.wasm old.wasm …
//
// Cold is the first diff of a module in a fresh Node process (V8 keeps a module's compiled code
// for another instance of the same bytes, so a second instance in one process is not cold): each
// round starts one process per build, in turn, and prints the medians. Warm is the median of
// --warm diffs after it in the same process. JSON.parse of both texts is timed in each process,
// and the ratios are to its median over all of them.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { load } from "../site/gatehouse.mjs";
import { catalogs } from "./catalogs.mjs";

const arg = (name, def) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def);
const cpuMs = (fn) => {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const out = fn();
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall: performance.now() - w0, out };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

if (process.argv[2] === "--child") {
  // One build, one fresh process: the cold diff, then warm ones and JSON.parse.
  const [, , , path, warmRuns] = process.argv;
  const [left, right] = catalogs();
  const request = JSON.stringify({ left, right, mode: "catalog", omitPatch: true });
  const gh = await load(await readFile(path));
  const cold = cpuMs(() => gh.diff(request));
  const answer = JSON.parse(cold.out);
  if (answer.problems.length || !answer.catalog) throw new Error(`diff: ${JSON.stringify(answer.problems[0])}`);
  const warm = [];
  const parse = [];
  for (let i = 0; i < Number(warmRuns); i++) {
    warm.push(cpuMs(() => gh.diff(request)));
    parse.push(cpuMs(() => { JSON.parse(left); JSON.parse(right); }));
  }
  console.log(JSON.stringify({ cold: { cpu: cold.cpu, wall: cold.wall }, warm: median(warm.map((w) => w.cpu)),
    parse: median(parse.map((p) => p.cpu)), answer: cold.out.length, changed: answer.catalog.summary.changed }));
  gh.close();
  process.exit(0);
}

const builds = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (builds.length === 0) builds.push(fileURLToPath(new URL("../site/gatehouse.wasm", import.meta.url)));
const rounds = arg("rounds", 3);
const warmRuns = arg("warm", 3);
const runs = Object.fromEntries(builds.map((b) => [b, []]));
for (let r = 0; r < rounds; r++) {
  for (const b of builds) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", b, String(warmRuns)], { encoding: "utf8", maxBuffer: 1 << 26 });
    runs[b].push(JSON.parse(out.trim().split("\n").pop()));
  }
}
// The ratios are to JSON.parse over every process of the run, the same base for every build.
const parse = median(Object.values(runs).flat().map((x) => x.parse));
for (const b of builds) {
  const xs = runs[b];
  const cold = median(xs.map((x) => x.cold.cpu));
  const warm = median(xs.map((x) => x.warm));
  console.log(`${b}: cold ${cold.toFixed(0)} cpu-ms (${(cold / parse).toFixed(1)}× JSON.parse, wall ${median(xs.map((x) => x.cold.wall)).toFixed(0)} ms), ` +
    `warm ${warm.toFixed(0)} cpu-ms (${(warm / parse).toFixed(1)}×); JSON.parse of both ${parse.toFixed(1)} cpu-ms (every build's processes); ` +
    `${xs[0].changed} changed, answer ${(xs[0].answer / 1e6).toFixed(2)} MB; cold runs ${xs.map((x) => x.cold.cpu.toFixed(0)).join(", ")}`);
}
