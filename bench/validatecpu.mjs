// validatecpu.mjs: the tool call and the 1 MB document of bench.mjs through the loader's
// validateTexts, as process CPU time beside JSON.parse of the same text, for one or more builds
// loaded in the same process and timed in interleaved batches (a burst of load falls on all of
// them alike). How the API's levers of issue 22 are measured, before → after:
//
//   node bench/validatecpu.mjs site/gatehouse.wasm old.wasm [--rounds=N] [--only=tool|1mb] [--size=bytes of the document]
//   node bench/validatecpu.mjs old.wasm old.wasm,GATEHOUSE_GOGC=400   (one build, two settings)
//
// Every build's answer is checked against the first one's before anything is timed.
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { load } from "../site/gatehouse.mjs";
import { largeInstance } from "./records.mjs";

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length) ?? 9);
const only = args.find((a) => a.startsWith("--only="))?.slice("--only=".length); // "tool" or "1mb"
const size = Number(args.find((a) => a.startsWith("--size="))?.slice("--size=".length) ?? 1 << 20); // the document's
const paths = args.filter((a) => !a.startsWith("--"));
if (paths.length === 0) paths.push(fileURLToPath(new URL("../site/gatehouse.wasm", import.meta.url)));
const testdata = (name) => readFileSync(fileURLToPath(new URL("../testdata/bench/" + name, import.meta.url)), "utf8");


const cases = [
  { key: "tool", name: "tool call", schema: testdata("toolcall.schema.json"), instance: testdata("toolcall.json").trim(), batch: 2000 },
  { key: "1mb", name: "1 MB document", schema: testdata("record.schema.json"), instance: largeInstance(size), batch: Math.max(1, Math.round(4 * (1 << 20) / size)) },
].filter((c) => !only || c.key === only);

const builds = [];
for (const spec of paths) {
  // path,NAME=VALUE,… loads the build with those variables in its environment (GATEHOUSE_GOGC).
  const [path, ...vars] = spec.split(",");
  const env = Object.fromEntries(vars.map((v) => v.split("=")));
  builds.push({ name: spec.split("/").pop(), api: await load(await readFile(path), { env }) });
}

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const timed = (fn, batch) => {
  const t0 = cpu();
  for (let i = 0; i < batch; i++) fn();
  return (cpu() - t0) / batch;
};

for (const c of cases) {
  const want = builds[0].api.validateTexts(c.schema, c.instance);
  if (!JSON.parse(want).valid) throw new Error(`${c.name}: invalid: ${want.slice(0, 200)}`);
  for (const b of builds) {
    if (b.api.validateTexts(c.schema, c.instance) !== want) throw new Error(`${c.name}: ${b.name} answers otherwise`);
  }
  const contenders = { "JSON.parse": () => JSON.parse(c.instance) };
  for (const b of builds) contenders[b.name] = () => b.api.validateTexts(c.schema, c.instance);
  // Warm: V8 optimises what the calls run.
  for (let i = 0; i < 3; i++) for (const fn of Object.values(contenders)) timed(fn, c.batch);
  const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(contenders)) times[name].push(timed(fn, c.batch));
  }
  const parse = times["JSON.parse"].sort((a, b) => a - b);
  const med = (xs) => xs[xs.length >> 1];
  console.log(`${c.name}: JSON.parse ${(med(parse) * 1000).toFixed(2)} µs CPU (median of ${rounds} batches of ${c.batch})`);
  for (const b of builds) {
    const xs = times[b.name].sort((a, b) => a - b);
    console.log(`  ${b.name}: ${(xs[0] * 1000).toFixed(2)}–${(xs[xs.length - 1] * 1000).toFixed(2)} µs, median ${(med(xs) * 1000).toFixed(2)}; ${(med(xs) / med(parse)).toFixed(1)}× JSON.parse`);
  }
}
for (const b of builds) b.api.close();
