// gatehouse-schema.wasm (./wasm/schema, core.SchemaAPI), the page's module for the Schema pane,
// against gatehouse.wasm: the functions it serves answer every request byte for byte as the whole
// module's do, over the official JSON-Schema-Test-Suite (every draft, formats asserted or not,
// three languages) and Format, and it serves nothing else.
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

test("the Schema pane's module serves validate, validateTexts and format, and nothing else", () => {
  assert.deepEqual([...part.functions].sort(), ["format", "validate"]);
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
      const lang = ["en", "fr", "de"][i % 3];
      for (const group of groups) {
        const schema = JSON.stringify(group.schema);
        for (const t of group.tests) {
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
