// gatehouse-schema.wasm (./wasm/schema, core.SchemaAPI), the module the page loads first (its own
// lane and the Schema pane's), against gatehouse.wasm: the functions it serves answer every request
// byte for byte as the whole module's do, over the official JSON-Schema-Test-Suite (every draft,
// formats asserted or not, three languages), Format and the page's links; its about() is the whole
// module's with empty lists for what it does not link; and it serves nothing else.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFile, readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { load } from "../../site/gatehouse.mjs";

const schemaWasm = new URL("../../site/gatehouse-schema.wasm", import.meta.url);
if (!existsSync(schemaWasm)) throw new Error("site/gatehouse-schema.wasm is missing: run `make wasm`");
const whole = await load(await readFile(new URL("../../site/gatehouse.wasm", import.meta.url)));
const part = await load(await readFile(schemaWasm));
after(() => { whole.close(); part.close(); });

const shared = process.env.GATEHOUSE_SHARED ?? new URL("../../../shared", import.meta.url).pathname;
const suite = `${shared}/suites/JSON-Schema-Test-Suite/tests`;
const drafts = { draft4: "4", draft6: "6", draft7: "7", "draft2019-09": "2019-09", "draft2020-12": "2020-12" };

test("the Schema pane's module serves validate, validateTexts, format, about and the links, and nothing else", () => {
  assert.deepEqual([...part.functions].sort(), ["about", "decodeState", "encodeState", "format", "validate"]);
  assert.equal(part.version, whole.version);
  assert.equal(typeof part.validateTexts, "function");
  assert.equal(typeof part.lint, "undefined");
});

test("the same answers as gatehouse.wasm over the JSON-Schema-Test-Suite", async () => {
  let compared = 0;
  for (const [dir, draft] of Object.entries(drafts)) {
    const files = (await readdir(`${suite}/${dir}`)).filter((f) => f.endsWith(".json")).sort();
    for (const [i, file] of files.entries()) {
      const groups = JSON.parse(await readFile(`${suite}/${dir}/${file}`, "utf8"));
      // The language turns with each test of a file, so that every keyword's messages are
      // compared in all three (the module carries only its own part of the catalogs).
      let k = i;
      for (const group of groups) {
        const schema = JSON.stringify(group.schema);
        for (const t of group.tests) {
          const lang = ["en", "fr", "de"][k++ % 3];
          const instance = JSON.stringify(t.data);
          for (const assertFormats of [false, true]) {
            const request = JSON.stringify({ schema, instance, draft, lang, assertFormats });
            assert.equal(part.validate(request), whole.validate(request), `${dir}/${file}: ${group.description}: ${t.description}`);
            assert.equal(part.validateTexts(schema, instance, lang, { draft, assertFormats }),
              whole.validateTexts(schema, instance, lang, { draft, assertFormats }), `${dir}/${file} (texts): ${t.description}`);
            compared++;
          }
        }
      }
    }
  }
  assert.ok(compared > 5000, `only ${compared} requests compared`);
});

test("the same answers as gatehouse.wasm to Format and to requests it cannot read", () => {
  const requests = [
    ["format", { text: '{"é":1e400,"👍":[1, 2.50]}' }],
    ["format", { text: '{"a": 1, "a": 2}', lang: "fr" }],
    ["format", { text: "[1,", lang: "de" }],
    ["validate", { schema: "{", instance: '{"a":1,"a":2}', lang: "de" }],
    ["validate", { schema: '{"$ref":"other.json"}', instance: "1", resources: { "other.json": '{"maximum":0}' } }],
    ["validate", { schema: "{}", instance: "null", lang: "xx" }],
  ];
  for (const [fn, request] of requests) {
    const arg = JSON.stringify(request);
    assert.equal(part[fn](arg), whole[fn](arg), `${fn} ${arg}`);
  }
  for (const arg of ["not json", "[]", "", '{"schema": 1}']) {
    assert.equal(part.validate(arg), whole.validate(arg), arg);
    assert.equal(part.format(arg), whole.format(arg), arg);
  }
});

test("the same links as gatehouse.wasm: encodeState and decodeState", () => {
  const state = {
    pane: "decision",
    panes: {
      schema: { schema: '{"type":"object"}', instance: '{"n": 12345678901234567890}', draft: "7", assertFormats: true, resources: { "a.json": "{}" } },
      decision: { call: '{"name":"x"}', catalog: "[]", policy: "{}", decision: "", mode: "gate" },
      diff: { left: "[1]", right: "[2]", ignoreArrayOrder: true },
    },
    options: { lang: "fr" },
  };
  const requests = [
    ["encodeState", state],
    ["encodeState", { ...state, lang: "de" }],
    ["encodeState", { pane: "schema", panes: { diff: { left: "x".repeat(3_000_000) } }, lang: "fr" }],
    ["encodeState", { ...state, lang: "xx" }],
    ["decodeState", { fragment: "#v1.not-a-link" }],
    ["decodeState", { fragment: "#v2.abc", lang: "de" }],
    ["decodeState", { fragment: "", lang: "fr" }],
  ];
  const made = JSON.parse(whole.encodeState(JSON.stringify(state)));
  assert.ok(made.fragment.startsWith("#v1."), whole.encodeState(JSON.stringify(state)));
  requests.push(["decodeState", { fragment: made.fragment }], ["decodeState", { fragment: made.fragment.slice(1), lang: "de" }]);
  for (const [fn, request] of requests) {
    const arg = JSON.stringify(request);
    assert.equal(part[fn](arg), whole[fn](arg), `${fn} ${arg.slice(0, 200)}`);
  }
  for (const arg of ["not json", "[]", "", '{"fragment": 1}']) {
    assert.equal(part.decodeState(arg), whole.decodeState(arg), arg);
    assert.equal(part.encodeState(arg), whole.encodeState(arg), arg);
  }
});

test("about(): the whole module's, byte for byte, with no severities, lint rules, call formats or reasons", () => {
  for (const lang of ["", "en", "fr", "de", "xx"]) {
    const arg = JSON.stringify(lang ? { lang } : {});
    const full = JSON.parse(whole.about(arg));
    for (const name of ["severities", "lintRules", "callFormats", "reasons"]) {
      assert.ok(full[name].length > 0, `the whole module's about has ${name}`);
      full[name] = [];
    }
    assert.equal(part.about(arg), JSON.stringify(full), arg);
  }
  assert.equal(part.about("not json"), JSON.stringify({ ...JSON.parse(whole.about("not json")), severities: [], lintRules: [], callFormats: [], reasons: [] }));
});
