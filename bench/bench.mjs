// Side-by-side: the same texts through JSON.parse, gatehouse.validate (wasm) and ajv, in one
// process. Each line gives the median time and the ratio to JSON.parse of the same text.
// Run with `make bench` (it builds the wasm and installs ajv, a devDependency of this script only).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { loadGatehouse } from "../test/js/load.mjs";

const testdata = (name) => readFileSync(fileURLToPath(new URL("../testdata/bench/" + name, import.meta.url)), "utf8");

// largeInstance mirrors core/bench_test.go: a ~1 MB array of records.
function largeInstance(size) {
  const tags = ["alpha", "beta", "gamma", "delta"];
  const parts = [];
  let len = 1;
  for (let i = 0; len < size; i++) {
    const rec = `{"id":${i},"name":"user ${i}","email":"user${i}@example.com","active":${i % 2 === 0},"score":${i % 100}.5,"tags":["${tags[i % 4]}","${tags[(i + 1) % 4]}"],"address":{"city":"Lyon","zip":"${String(i % 100000).padStart(5, "0")}"}}`;
    parts.push(rec);
    len += rec.length + 1;
  }
  return "[" + parts.join(",") + "]";
}

function median(fn, minMs = 3000, minRuns = 15) {
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

// Batch tiny operations so that timer resolution does not dominate.
function perOp(fn, batch) {
  return median(() => { for (let i = 0; i < batch; i++) fn(); }) / batch;
}

const gh = await loadGatehouse();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

const cases = [
  { name: "tool call (~300 B args, ~1 KB schema)", schema: testdata("toolcall.schema.json"), instance: testdata("toolcall.json").trim(), batch: 200 },
  { name: "1 MB document", schema: testdata("record.schema.json"), instance: largeInstance(1 << 20), batch: 1 },
];

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
console.log(`node ${process.version}, gatehouse ${gh.version}`);
for (const c of cases) {
  const req = JSON.stringify({ schema: c.schema, instance: c.instance });
  const check = JSON.parse(gh.validate(req));
  if (!check.valid) throw new Error(`${c.name}: gatehouse says invalid: ${JSON.stringify(check.problems[0])}`);
  const ajvValidate = ajv.compile(JSON.parse(c.schema));
  if (!ajvValidate(JSON.parse(c.instance))) throw new Error(`${c.name}: ajv says invalid`);

  const parse = perOp(() => JSON.parse(c.instance), c.batch);
  const gate = perOp(() => gh.validate(req), c.batch);
  const gateWithRequest = perOp(() => gh.validate(JSON.stringify({ schema: c.schema, instance: c.instance })), c.batch);
  const aj = perOp(() => ajvValidate(JSON.parse(c.instance)), c.batch);
  console.log(`\n${c.name} (${c.instance.length} bytes)`);
  console.log(`  JSON.parse                      ${fmt(parse).padStart(10)}   1.0×`);
  console.log(`  gatehouse.validate              ${fmt(gate).padStart(10)}   ${(gate / parse).toFixed(1)}×`);
  console.log(`  gatehouse.validate + request    ${fmt(gateWithRequest).padStart(10)}   ${(gateWithRequest / parse).toFixed(1)}×`);
  console.log(`  ajv (JSON.parse + validate)     ${fmt(aj).padStart(10)}   ${(aj / parse).toFixed(1)}×`);
}
gh.close();
