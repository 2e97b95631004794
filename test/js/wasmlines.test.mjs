// site/publish/wasmlines.mjs takes the file and line tables out of a Go-built module's function
// table: only bytes of those tables and their offsets may change (each to zero), a second run
// changes nothing, the Schema module make wasm-schema writes has none left, and a module that is
// not laid out as Go writes one is refused, not rewritten.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { dropLines } from "../../site/publish/wasmlines.mjs";

function built(file) {
  const url = new URL(`../../site/${file}`, import.meta.url);
  if (!existsSync(url)) throw new Error(`site/${file} is missing: run \`make wasm\``);
  return readFileSync(url);
}

test("only file and line tables become zeros, and a second run changes nothing", () => {
  // gatehouse.wasm keeps its tables (make wasm rewrites only the Schema module).
  const before = built("gatehouse.wasm");
  const { module, functions, zeroed } = dropLines(before);
  assert.ok(functions > 1000, `${functions} functions with tables`);
  assert.ok(zeroed > 100_000, `${zeroed} bytes zeroed`);
  assert.equal(module.length, before.length);
  let changed = 0;
  for (let i = 0; i < module.length; i++) {
    if (module[i] !== before[i]) {
      assert.equal(module[i], 0, `byte ${i} became ${module[i]}, not 0`);
      changed++;
    }
  }
  assert.ok(changed <= zeroed + 8 * functions, `${changed} bytes changed`);
  const again = dropLines(module);
  assert.equal(again.functions, 0);
  assert.equal(again.zeroed, 0);
  assert.deepEqual(again.module, module);
});

test("make wasm-schema takes the Schema module's file and line tables out", () => {
  const { functions } = dropLines(built("gatehouse-schema.wasm"));
  assert.equal(functions, 0, "site/gatehouse-schema.wasm has file and line tables: make wasm-schema runs site/publish/wasmlines.mjs");
});

test("a module without Go's function table is refused", () => {
  // One page of memory and one segment of bytes that are no pcHeader.
  const module = Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    5, 3, 1, 0, 1,
    11, 9, 1, 0, 0x41, 0, 0x0b, 3, 1, 2, 3,
  ]);
  assert.throws(() => dropLines(module), /no pcHeader/);
  assert.throws(() => dropLines(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8])), /not a WebAssembly module/);
});
