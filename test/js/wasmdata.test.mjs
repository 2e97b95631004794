// site/publish/wasmdata.mjs joins a module's data segments across short runs of zeros: an
// instance's memory must start byte for byte as it did, whatever the segments' order and gaps,
// and a module it cannot read as Go writes one is refused, not rewritten.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { joinData } from "../../site/publish/wasmdata.mjs";

const u32 = (v) => { const o = []; do { let b = v & 0x7f; v = Math.floor(v / 128); if (v) b |= 0x80; o.push(b); } while (v); return o; };
const i32 = (v) => { const o = []; for (;;) { const b = v & 0x7f; v >>= 7; if ((v === 0 && !(b & 0x40)) || (v === -1 && (b & 0x40))) { o.push(b); return o; } o.push(b | 0x80); } };
const section = (id, body) => [id, ...u32(body.length), ...body];
const name = (s) => [...u32(s.length), ...Buffer.from(s)];

// moduleWith is a module of one exported page of memory, "mem", and the given segments
// ({offset, bytes} or, for a passive one, {passive: true, bytes}), in that order.
function moduleWith(segments, { dataCount = false } = {}) {
  const data = [...u32(segments.length)];
  for (const s of segments) {
    if (s.passive) data.push(1, ...u32(s.bytes.length), ...s.bytes);
    else data.push(0, 0x41, ...i32(s.offset), 0x0b, ...u32(s.bytes.length), ...s.bytes);
  }
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(5, [1, 0, 1]), // one memory, at least one page
    ...section(7, [1, ...name("mem"), 2, 0]),
    ...(dataCount ? section(12, u32(segments.length)) : []),
    ...section(11, data),
  ]);
}

async function memoryOf(module) {
  const { instance } = await WebAssembly.instantiate(module);
  return new Uint8Array(instance.exports.mem.buffer);
}

const bytes = (n, seed) => Array.from({ length: n }, (_, i) => (seed * 31 + i * 7) % 255 + 1);

test("joined segments leave an instance's memory as it was, in any order and with any gaps", async () => {
  // Out of the order of their offsets, as Go writes its sections; gaps of 0, 3, 16, 17 and 7,000 bytes.
  const segments = [
    { offset: 4000, bytes: bytes(20, 1) },
    { offset: 4020, bytes: bytes(5, 2) },
    { offset: 4028, bytes: bytes(9, 3) },
    { offset: 100, bytes: bytes(8, 4) },
    { offset: 124, bytes: bytes(1, 5) },
    { offset: 142, bytes: bytes(30, 6) },
    { offset: 7172, bytes: bytes(2, 7) },
  ];
  for (const dataCount of [false, true]) {
    const before = moduleWith(segments, { dataCount });
    const { module, before: n, after } = joinData(before, 16);
    assert.equal(n, 7);
    assert.equal(after, 4, "4000+4020+4028, 100+124, 142, 7172");
    assert.deepEqual(await memoryOf(module), await memoryOf(before));
    // Joined again, nothing changes.
    const again = joinData(module, 16);
    assert.equal(again.after, 4);
    assert.deepEqual(again.module, module);
  }
  // With any gap allowed, a segment still joins only the one before it by offset: 142's joined
  // to 7172 would write zeros over 4000's.
  const all = joinData(moduleWith(segments), 1 << 20);
  assert.equal(all.after, 3, "4000+4020+4028, 100+124+142, 7172");
  assert.deepEqual(await memoryOf(all.module), await memoryOf(moduleWith(segments)));
});

test("a module it cannot read as Go writes one is refused", () => {
  assert.throws(() => joinData(moduleWith([{ offset: 10, bytes: bytes(8, 1) }, { offset: 14, bytes: bytes(8, 2) }])), /overlap/);
  assert.throws(() => joinData(moduleWith([{ passive: true, bytes: bytes(4, 1) }])), /not an active segment/);
  assert.throws(() => joinData(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8])), /not a WebAssembly module/);
});

test("make wasm joins the modules' data segments", () => {
  for (const file of ["gatehouse-schema.wasm", "gatehouse.wasm"]) {
    const url = new URL(`../../site/${file}`, import.meta.url);
    if (!existsSync(url)) throw new Error(`site/${file} is missing: run \`make wasm\``);
    const { before, after } = joinData(readFileSync(url));
    assert.equal(after, before, `site/${file} has segments left to join: make wasm runs site/publish/wasmdata.mjs`);
    assert.ok(before < 100, `site/${file} has ${before} data segments`);
  }
});
