// site/checker.js's lanes with a stand-in Worker (the protocol of site/worker.js): a request
// waiting for a lane that restarts while it loads is answered by the new worker; a lane whose
// module could not load is tried again by a later request; and a page started on the whole
// module (a link to another pane) starts over on the Schema module when the whole one cannot
// load, so the link still opens offline.
import { test } from "node:test";
import assert from "node:assert/strict";

/** How the stand-in answers: the modules that fail to load, and how long a load takes. */
const world = { failing: new Set(), loadMs: { "gatehouse.wasm": 60, "gatehouse-schema.wasm": 5 }, created: 0 };

globalThis.Worker = class {
  constructor() {
    world.created++;
    this.onmessage = null;
    this.ended = false;
  }
  postMessage(m) {
    const reply = (data, ms) => setTimeout(() => { if (!this.ended) this.onmessage?.({ data }); }, ms);
    if (m.type === "load") {
      const wasm = m.wasm ?? "gatehouse.wasm";
      if (world.failing.has(wasm)) return reply({ type: "failed", message: `Failed to fetch ${wasm}` }, 5);
      const functions = wasm === "gatehouse.wasm" ? ["about", "decodeState", "decide"] : ["about", "decodeState", "validate"];
      this.wasm = wasm;
      reply({ type: "ready", version: "v", functions, module: {} }, world.loadMs[wasm]);
      if (m.about) reply({ type: "about", about: this.about() }, world.loadMs[wasm]); // unasked, right after
    } else if (m.fn) {
      const answer = m.fn === "about" ? this.about() : { from: this.wasm };
      reply({ id: m.id, answer }, 2);
    }
  }
  about() {
    return { lintRules: this.wasm === "gatehouse.wasm" ? [{ name: "r" }] : [] };
  }
  terminate() { this.ended = true; }
};
globalThis.gatehouseBoot = "taken"; // no boot.js here: the checker starts its own workers

const { Checker } = await import("../../site/checker.js");
const source = { workerURL: "w.js", workerType: "module" };

test("a request waiting for a lane that restarts while it loads is answered by the new worker", async () => {
  world.failing.clear();
  const c = new Checker({ ...source, firstModule: "gatehouse-schema.wasm" });
  await c.ready;
  const answer = c.call("decide", {}, "decision");
  await new Promise((r) => setTimeout(r, 20));
  c.lane("decision").restart("cancelled"); // what a cancelled check does
  assert.deepEqual(await answer, { from: "gatehouse.wasm" });
});

test("a lane whose module could not load is tried again by a later request", async () => {
  world.failing = new Set(["gatehouse.wasm"]);
  const c = new Checker({ ...source, firstModule: "gatehouse-schema.wasm" });
  await c.ready;
  const offline = await c.call("decide", {}, "decision");
  assert.match(offline.problems[0].message, /not available: Failed to fetch gatehouse.wasm/);
  world.failing.clear();
  // At once, the failure stands (no retry on every keystroke); a few seconds on, a request retries.
  assert.match((await c.call("decide", {}, "decision")).problems[0].message, /not available/);
  await new Promise((r) => setTimeout(r, 3100));
  assert.deepEqual(await c.call("decide", {}, "decision"), { from: "gatehouse.wasm" });
});

test("a link started on the whole module starts over on the Schema module when the whole one cannot load", async () => {
  world.failing = new Set(["gatehouse.wasm"]);
  const c = new Checker({ ...source, fallbackModule: "gatehouse-schema.wasm" });
  c.warm("decision");
  await c.ready; // never rejected: the page still opens
  assert.equal(c.failure, null);
  assert.deepEqual(await c.call("decodeState", { fragment: "#v1." }), { from: "gatehouse-schema.wasm" });
  assert.match((await c.call("decide", {}, "decision")).problems[0].message, /not available/);
  world.failing.clear();
  const online = new Checker({ ...source, fallbackModule: "gatehouse-schema.wasm" });
  await online.ready;
  assert.deepEqual(await online.call("decodeState", { fragment: "#v1." }), { from: "gatehouse.wasm" });
});
