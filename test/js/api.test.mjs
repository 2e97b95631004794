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

test("about: the orders and limits the page reads instead of repeating", () => {
  const about = call("about", "{}");
  assert.equal(about.version, gh.version);
  assert.deepEqual(about.severities, ["high", "medium", "low"]);
  assert.ok(about.limits.fragmentBytes > 0 && about.limits.stateBytes > 0 && about.limits.textBytes > 0);
  assert.ok(about.lintRules.every((r) => about.severities.includes(r.severity) && r.name && r.summary));
  assert.deepEqual(about.problems, []);
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

// The fields every answer has, whatever the input: a bad request gets the full shape too.
const shapes = {
  validate: { valid: "boolean", problems: "array" },
  gate: { decisions: "array", problems: "array" },
  checkDecision: { verdict: "string", should: "string", problems: "array" },
  diff: { mode: "string", patch: "array", problems: "array" },
  lint: { findings: "array", problems: "array" },
  pin: { pins: "object", problems: "array" },
  format: { text: "string", problems: "array" },
  about: { version: "string", severities: "array", limits: "object", lintRules: "array", problems: "array" },
  encodeState: { fragment: "string", problems: "array" },
  decodeState: { state: "object", problems: "array" },
};
const typeOf = (v) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);

test("bad input never throws: it comes back in problems, in the full answer shape", () => {
  for (const [fn, shape] of Object.entries(shapes)) {
    for (const arg of ["", "not json", "[]", "{\"schema\":", "{\"a\":1,\"a\":2}"]) {
      let out;
      assert.doesNotThrow(() => { out = gh[fn](arg); }, `${fn}(${JSON.stringify(arg)})`);
      const res = JSON.parse(out);
      for (const [field, type] of Object.entries(shape)) {
        assert.equal(typeOf(res[field]), type, `${fn}(${JSON.stringify(arg)}).${field}: ${out}`);
      }
      assert.ok(res.problems.length > 0, `${fn}(${JSON.stringify(arg)}) says what is wrong`);
      assert.equal(res.problems[0].source, "request");
    }
    assert.doesNotThrow(() => JSON.parse(gh[fn]()));
    assert.doesNotThrow(() => JSON.parse(gh[fn](42)));
  }
  // A request that cannot be read never allows.
  assert.notEqual(call("gate", "not json").decision?.decision, "allow");
  assert.equal(call("validate", "not json").valid, false);
});

const testdata = (path) => readFileSync(new URL(`../../testdata/${path}`, import.meta.url), "utf8");

test("gate: the seed's send_email, denied then allowed once the grant holds send", () => {
  const dir = "gate/send-email-grant-missing/";
  const req = { call: testdata(dir + "call.json"), catalog: testdata(dir + "catalog.json"), policy: testdata(dir + "policy.json") };
  const res = call("gate", req);
  assert.equal(res.decisions.length, 1);
  assert.equal(res.decision.decision, "deny");
  assert.equal(res.decision.reason, "grant_missing");
  assert.deepEqual(res.decision.missing, ["send"]);
  assert.equal(res.decision.format, "openai-chat");
  const golden = JSON.parse(testdata(dir + "result.golden.json"));
  assert.deepEqual(res, golden, "the wasm answers exactly what the native core answers");
  const granted = call("gate", { ...req, policy: req.policy.replace('"read_inbox"', '"read_inbox", "send"') });
  assert.equal(granted.decision.decision, "allow");
  assert.equal(granted.decision.reason, "ok");
});

test("checkDecision: seed 000's success you refuse", () => {
  const decision = testdata("seed000/decision.json").replace('"deny"', '"allow"').replace('"grant_missing"', '"ok"');
  const schema = testdata("seed000/schema.json");
  const policy = JSON.stringify({ allow_tools: ["send_email"], grant: ["read_inbox"], requires: { send_email: ["send"] } });
  const res = call("checkDecision", { decision, schema, policy });
  assert.equal(res.verdict, "rule_refused");
  assert.equal(res.should, "deny");
  assert.ok(res.problems.some((p) => p.message.includes("send")), JSON.stringify(res.problems));
  const yes = call("checkDecision", { decision: decision.replace('"allow"', '"yes"'), schema });
  assert.equal(yes.verdict, "schema_rejected");
});

test("diff, lint, pin: a rug pull", () => {
  const dirs = readdirSync(new URL("../../testdata/diff/", import.meta.url));
  assert.ok(dirs.length > 0);
  for (const dir of dirs) {
    const left = testdata(`diff/${dir}/left.json`), right = testdata(`diff/${dir}/right.json`);
    const res = call("diff", { left, right, mode: "auto" });
    assert.deepEqual(res.problems, [], dir);
    assert.equal(res.mode, "catalog", dir);
    assert.ok(Array.isArray(res.patch), dir);
    for (const list of ["added", "removed", "changed", "unchanged"]) assert.ok(Array.isArray(res.catalog[list]), `${dir}: ${list}`);
  }
  const lint = call("lint", { catalog: testdata("diff/rug-pull/right.json") });
  assert.ok(lint.findings.some((f) => f.severity === "high"), JSON.stringify(lint.findings));
  for (const f of lint.findings) for (const k of ["rule", "severity", "tool", "pointer", "message", "evidence"]) assert.equal(typeof f[k], "string");
  const pin = call("pin", { catalog: testdata("diff/rug-pull/left.json") });
  assert.deepEqual(pin.problems, []);
  for (const v of Object.values(pin.pins)) assert.match(v, /^sha256:[0-9a-f]{64}$/);
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

test("lang: the same answer in French and German, the same places; an unknown language is said", () => {
  const req = { schema: seedSchema, instance: '{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"decision":"yes","reason":"ok"}' };
  const en = call("validate", req);
  const fr = call("validate", { ...req, lang: "fr" });
  const de = call("validate", { ...req, lang: "de" });
  assert.equal(en.problems[0].message, "value must be one of 'allow', 'deny', 'ask'");
  assert.equal(fr.problems[0].message, "la valeur doit être l'une de 'allow', 'deny', 'ask'");
  assert.equal(de.problems[0].message, "der Wert muss einer von 'allow', 'deny', 'ask' sein");
  for (const other of [fr, de]) {
    assert.deepEqual(other.problems.map(({ message, ...rest }) => rest), en.problems.map(({ message, ...rest }) => rest));
  }
  assert.deepEqual(call("validate", { ...req, lang: "en" }), en);
  const es = call("validate", { ...req, lang: "es" });
  assert.equal(es.problems[0].source, "request");
  assert.equal(es.problems[1].message, en.problems[0].message);
  const about = call("about", { lang: "de" });
  assert.deepEqual(about.languages, ["en", "fr", "de"]);
  assert.notEqual(about.lintRules[0].summary, call("about", "{}").lintRules[0].summary);
});
