// The flood of issue 20 through the JavaScript API: a ~5 MB text with 0 and with 20,000
// problems (core/flood_bench_test.go's floodText), through validate and validateTexts (the
// page's path), in English and French. The goal: the flood at most twice the clean text.
// Times are the process's CPU time (user and system), which other processes on a shared machine
// do not blur as they blur the wall clock. The Go collector runs in some calls and not in others,
// and alternating the two texts call by call lines its cycles up with one of them; so each round
// runs one text several times in a row and takes the mean (the collector's cost spread over the
// calls that made it), the rounds alternate the texts, and the ratio is of the rounds' medians.
//
//   node bench/flood.mjs                    this checkout's site/gatehouse.wasm
//   node bench/flood.mjs --before=old.wasm  an older build measured in the same run, beside
//   node bench/flood.mjs --rounds=7         more rounds per cell (default 5, of 4 calls each)
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { load } from "../site/gatehouse.mjs";

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(arg("rounds") ?? 5), calls = 4;
const builds = [["now", fileURLToPath(new URL("../site/gatehouse.wasm", import.meta.url))]];
if (arg("before")) builds.unshift(["before", arg("before")]);

// floodText mirrors core/flood_bench_test.go: records whose "id" must be a string, bad of them
// numbers, half of them on one long line.
function floodText(records, bad) {
  const parts = [];
  const every = bad > 0 ? Math.floor(records / bad) : records + 1;
  const note = "x".repeat(70);
  for (let i = 0; i < records; i++) {
    let id = `"r${String(i).padStart(7, "0")}"`;
    if (bad > 0 && i % every === 0 && Math.floor(i / every) < bad) id = String(i);
    parts.push((i > 0 ? "," : "") + (i < records / 2 ? "\n" : "") + `{"id":${id},"note":"${note}"}`);
  }
  return "[" + parts.join("") + "]";
}
const schema = `{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"},"note":{"type":"string"}},"required":["id"]}}`;
const clean = floodText(55000, 0);
const flood = floodText(55000, 20000);

const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
// mean is the mean CPU time of calls calls of f, in milliseconds.
const mean = (f) => {
  const t = process.cpuUsage();
  for (let i = 0; i < calls; i++) f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000 / calls;
};

console.log(`node ${process.version}, ${rounds} rounds of ${calls} calls per cell, ${(flood.length / 1e6).toFixed(1)} MB`);
for (const [label, path] of builds) {
  const gh = await load(await readFile(path));
  for (const lang of ["en", "fr"]) {
    const paths = {
      validate: (instance) => gh.validate(JSON.stringify({ schema, instance, lang })),
      validateTexts: (instance) => gh.validateTexts(schema, instance, lang),
    };
    for (const [name, f] of Object.entries(paths)) {
      const got = JSON.parse(f(flood)).problems.length;
      if (got !== 20000) throw new Error(`${label} ${name}: ${got} problems, want 20000`);
      f(clean);
      const tc = [], tf = [];
      for (let i = 0; i < rounds; i++) {
        tc.push(mean(() => f(clean)));
        tf.push(mean(() => f(flood)));
      }
      const c = median(tc), fl = median(tf);
      console.log(`${label.padEnd(6)} ${lang} ${name.padEnd(13)} clean ${c.toFixed(0).padStart(5)} ms  flood ${fl.toFixed(0).padStart(5)} ms  ${(fl / c).toFixed(2)}×`);
    }
  }
  gh.close();
}
