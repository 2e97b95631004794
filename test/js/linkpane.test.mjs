// site/linkpane.js reads a shared link's pane from its first characters, as internal/state's
// PaneHead does (internal/state's TestPaneHead holds Encode's layout): the links the module makes
// name their pane; a link made before links carried the head, and damage, name none.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { load } from "../../site/gatehouse.mjs";
import { linkPane, startsOnSchemaModule } from "../../site/linkpane.js";

const part = await load(await readFile(new URL("../../site/gatehouse-schema.wasm", import.meta.url)));
after(() => part.close());

test("a link made by encodeState names its pane before its compressed texts", () => {
  for (const pane of ["schema", "decision", "diff"]) {
    for (const call of ["", "x".repeat(5000), "é✓".repeat(700)]) {
      const state = { pane, panes: { decision: { call, catalog: "", policy: "", decision: "" } }, options: { lang: "de" } };
      const made = JSON.parse(part.encodeState(JSON.stringify(state)));
      assert.equal(linkPane(made.fragment), pane, made.fragment.slice(0, 80));
      assert.equal(startsOnSchemaModule(made.fragment), pane === "schema");
      const back = JSON.parse(part.decodeState(JSON.stringify({ fragment: made.fragment })));
      assert.equal(back.state.pane, pane);
    }
  }
});

test("no fragment, an older link and damage name no pane, and the page starts on the Schema module", () => {
  const older = "#v1." + deflateRawSync(JSON.stringify({ pane: "diff", panes: {}, options: {} })).toString("base64url");
  assert.equal(JSON.parse(part.decodeState(JSON.stringify({ fragment: older }))).state.pane, "diff");
  const stored = (text, n = text.length, complement = ~n & 0xffff) =>
    "#v1." + Buffer.concat([Buffer.from([0, n & 0xff, n >> 8, complement & 0xff, complement >> 8]), Buffer.from(text), Buffer.from([3, 0])]).toString("base64url"); // then an empty final block
  for (const hash of ["", "#", "#v2.AAAA", "#v1.", "#v1.!!!!", "#v1.AAAA", older, stored('{"pane":"Diff",'), stored('{"pane":"diff",', 15, 0), stored('{"pane":"diff"'), stored('{"pane":"diff",', 40)]) {
    assert.equal(linkPane(hash), "", hash);
    assert.equal(startsOnSchemaModule(hash), true, hash);
  }
  assert.equal(linkPane(stored('{"pane":"diff",')), "diff");
});
