// The JavaScript API contract of DESIGN.md, checked against the real wasm build under Node.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { loadGatehouse } from "./load.mjs";

const gh = await loadGatehouse();
after(() => gh.close());

const seedSchema = JSON.stringify({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["tool", "argumentsValid", "toolAllowed", "decision", "reason"],
  properties: {
    tool: { enum: ["send_email"] },
    argumentsValid: { type: "boolean" },
    toolAllowed: { type: "boolean" },
    grant: { type: "array", items: { enum: ["read_inbox", "send"] } },
    decision: { enum: ["allow", "deny", "ask"] },
    reason: { enum: ["ok", "grant_missing", "tool_not_allowlisted", "arguments_invalid"] },
  },
}, null, 2);

const call = (fn, arg) => {
  const out = gh[fn](typeof arg === "string" ? arg : JSON.stringify(arg));
  assert.equal(typeof out, "string", `${fn} returns a JSON string`);
  return JSON.parse(out);
};

test("version", () => {
  assert.match(gh.version, /^\d+\.\d+\.\d+$/);
});

test("validate: the seed's deny decision passes, decision yes fails at its line", () => {
  const ok = call("validate", { schema: seedSchema, instance: '{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["read_inbox"],"decision":"deny","reason":"grant_missing"}' });
  assert.deepEqual(ok, { valid: true, problems: [] });
  const bad = call("validate", { schema: seedSchema, instance: '{\n "tool":"send_email",\n "argumentsValid":true,\n "toolAllowed":true,\n "decision":"yes",\n "reason":"ok"\n}' });
  assert.equal(bad.valid, false);
  assert.equal(bad.problems.length, 1);
  const [p] = bad.problems;
  assert.equal(p.source, "instance");
  assert.equal(p.kind, "validation");
  assert.equal(p.instanceLocation, "/decision");
  assert.equal(p.keywordLocation, "/properties/decision/enum");
  assert.equal(p.line, 5);
  assert.equal(p.column, 13);
});

test("validate: draft and resources, no fetch", () => {
  const res = call("validate", { schema: '{"$ref":"https://example.com/defs.json#/$defs/n"}', instance: '"x"', draft: "7",
    resources: { "https://example.com/defs.json": '{"$defs":{"n":{"type":"number"}}}' } });
  assert.equal(res.valid, false);
  assert.equal(res.problems[0].instanceLocation, "");
  const missing = call("validate", { schema: '{"$ref":"https://example.com/other.json"}', instance: "1" });
  assert.equal(missing.valid, false);
  assert.match(missing.problems[0].message, /never fetches/);
});

test("bad input never throws: it comes back in problems", () => {
  for (const fn of ["validate", "gate", "checkDecision", "diff", "lint", "pin", "encodeState", "decodeState", "format"]) {
    for (const arg of ["", "not json", "[]", "{\"schema\":", "null"]) {
      let out;
      assert.doesNotThrow(() => { out = gh[fn](arg); }, `${fn}(${JSON.stringify(arg)})`);
      const res = JSON.parse(out);
      assert.ok(Array.isArray(res.problems), `${fn}(${JSON.stringify(arg)}) has problems: ${out}`);
    }
    assert.doesNotThrow(() => JSON.parse(gh[fn]()));
    assert.doesNotThrow(() => JSON.parse(gh[fn](42)));
  }
});

test("state: encode, decode, byte-exact", () => {
  const state = { pane: "decision", panes: {
    schema: { schema: "{\n\t\"type\": \"object\"  }\r\n", instance: "{\"big\": 12345678901234567890}" },
    decision: { call: "caf\u00e9 \u{1F600} \u202e", catalog: "", policy: "{", decision: "" },
    diff: { left: "", right: "", mode: "auto" } }, options: { lang: "fr" } };
  const { fragment, problems } = call("encodeState", state);
  assert.deepEqual(problems, []);
  assert.match(fragment, /^#v1\.[A-Za-z0-9_-]+$/);
  const back = call("decodeState", { fragment });
  assert.deepEqual(back.problems, []);
  assert.equal(back.state.panes.schema.schema, state.panes.schema.schema);
  assert.equal(back.state.panes.schema.instance, state.panes.schema.instance);
  assert.equal(back.state.panes.decision.call, state.panes.decision.call);
  assert.equal(back.state.pane, "decision");
  const damaged = call("decodeState", { fragment: fragment.slice(0, 12) });
  assert.equal(damaged.problems[0].source, "fragment");
});

test("format keeps numbers exact", () => {
  const res = call("format", { text: '{"n":12345678901234567890,"f":1.0}', indent: "  " });
  assert.equal(res.text, '{\n  "n": 12345678901234567890,\n  "f": 1.0\n}\n');
});
