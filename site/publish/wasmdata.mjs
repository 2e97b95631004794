// wasmdata.mjs rewrites a Go-built WebAssembly module's data section in place so that it
// compresses better: data segments separated by a run of zero bytes no longer than MAX_GAP are
// joined into one, the zeros written out. Go's linker starts a new segment at every run of eight
// zeros or more, to make the raw file small; the Schema module has ~70,000 segments, and each
// one's header (its memory offset and length) is a few bytes brotli cannot predict, while a run of
// zeros costs it almost nothing. The memory an instance starts with is the same byte for byte
// (memory starts zeroed, and the zeros written are where no segment wrote before), so nothing the
// module does changes; the file grows ~9% raw and shrinks ~6% at brotli 11 (README "Size").
//
// It refuses, leaving the file as it was, a module whose data section is not what Go writes
// (active segments of memory 0 at constant offsets, no two overlapping). Run on
// a module it has already joined, it changes nothing.
//
//   node site/publish/wasmdata.mjs site/gatehouse.wasm site/gatehouse-schema.wasm
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// MAX_GAP is the longest run of zeros between two segments that joins them. Measured on the
// Schema module at brotli 11 (1,410,194 bytes with Go's segments): 8 bytes 1,403,836; 16
// 1,393,406; 32 1,333,303; 128 1,330,238; 1 KiB 1,328,514 (7 segments left); 8 KiB 1,328,942.
export const MAX_GAP = 1024;

const SECTION_DATA = 11;
const SECTION_DATA_COUNT = 12;
const OP_I32_CONST = 0x41;
const OP_END = 0x0b;

// readU32 and readI32 read an unsigned and a signed LEB128 number at bytes[at]: its value and
// the offset after it (wasmlines.mjs reads the same section with them).
export function readU32(bytes, at) {
  let value = 0, shift = 0, b;
  do {
    if (at >= bytes.length) throw new Error("truncated LEB128");
    b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [value, at];
}

export function readI32(bytes, at) {
  let value = 0, shift = 0, b;
  do {
    if (at >= bytes.length) throw new Error("truncated LEB128");
    b = bytes[at++];
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 32 && (b & 0x40)) value |= -1 << shift;
  return [value, at];
}

function writeU32(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
}

function writeI32(value) {
  const out = [];
  for (;;) {
    const b = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(b & 0x40)) || (value === -1 && (b & 0x40))) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

// readSegments reads a data section's body: each segment's memory offset (as unsigned) and
// bytes, in the module's order, each with its rank among them by offset. It checks that no two
// overlap, so that the order an instance writes them in makes no difference to its memory (Go
// writes them section by section, not all in the order of their offsets).
function readSegments(body) {
  let [n, at] = readU32(body, 0);
  const segments = [];
  for (let i = 0; i < n; i++) {
    let flags, offset, len;
    [flags, at] = readU32(body, at);
    if (flags !== 0) throw new Error(`segment ${i} is not an active segment of memory 0 (flags ${flags})`);
    if (body[at++] !== OP_I32_CONST) throw new Error(`segment ${i}'s offset is not an i32.const`);
    [offset, at] = readI32(body, at);
    offset >>>= 0;
    if (body[at++] !== OP_END) throw new Error(`segment ${i}'s offset is not a lone constant`);
    [len, at] = readU32(body, at);
    if (at + len > body.length) throw new Error(`segment ${i} runs past the section`);
    segments.push({ offset, data: body.subarray(at, at + len), rank: 0 });
    at += len;
  }
  if (at !== body.length) throw new Error("bytes after the last segment");
  const byOffset = segments.toSorted((a, b) => a.offset - b.offset);
  byOffset.forEach((s, i) => {
    s.rank = i;
    const before = byOffset[i - 1];
    if (before && s.offset < before.offset + before.data.length) {
      throw new Error(`the segments at ${before.offset} and ${s.offset} overlap`);
    }
  });
  return segments;
}

// joinSegments joins each segment to the one before it in the module when it is also the next
// by offset (so that the zeros written between them are where no segment writes) and no more
// than maxGap zeros lie between them. Keeping the module's order compresses better than
// sorting all the segments by offset.
function joinSegments(segments, maxGap) {
  const joined = [];
  for (const s of segments) {
    const last = joined.at(-1);
    if (last && s.rank === last.rank + 1 && s.offset - last.end <= maxGap) {
      last.parts.push(new Uint8Array(s.offset - last.end), s.data);
      last.end = s.offset + s.data.length;
      last.rank = s.rank;
    } else {
      joined.push({ offset: s.offset, end: s.offset + s.data.length, rank: s.rank, parts: [s.data] });
    }
  }
  return joined;
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// joinData returns the module with its data segments joined across gaps of at most maxGap zeros,
// and the segment counts before and after. It throws on a module it cannot read as Go writes one.
export function joinData(module, maxGap = MAX_GAP) {
  const bytes = module instanceof Uint8Array ? module : new Uint8Array(module);
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error("not a WebAssembly module");
  }
  const sections = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    let size, start;
    [size, start] = readU32(bytes, at + 1);
    if (start + size > bytes.length) throw new Error(`section ${id} runs past the module`);
    sections.push({ id, header: bytes.subarray(at, start), body: bytes.subarray(start, start + size) });
    at = start + size;
  }
  const data = sections.filter((s) => s.id === SECTION_DATA);
  if (data.length !== 1) throw new Error(`${data.length} data sections`);
  const segments = readSegments(data[0].body);
  const joined = joinSegments(segments, maxGap);
  const body = [Uint8Array.from(writeU32(joined.length))];
  for (const j of joined) {
    const d = concat(j.parts);
    body.push(Uint8Array.from([0, OP_I32_CONST, ...writeI32(j.offset | 0), OP_END, ...writeU32(d.length)]), d);
  }
  const newData = concat(body);
  const out = [bytes.subarray(0, 8)];
  for (const s of sections) {
    if (s.id === SECTION_DATA) {
      out.push(Uint8Array.from([SECTION_DATA, ...writeU32(newData.length)]), newData);
    } else if (s.id === SECTION_DATA_COUNT) {
      const count = writeU32(joined.length);
      out.push(Uint8Array.from([SECTION_DATA_COUNT, ...writeU32(count.length), ...count]));
    } else {
      out.push(s.header, s.body);
    }
  }
  return { module: concat(out), before: segments.length, after: joined.length };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of process.argv.slice(2)) {
    const before = readFileSync(file);
    const { module, before: n, after: m } = joinData(before);
    if (n === m) {
      console.log(`${file}: ${n} data segments, none to join`);
      continue;
    }
    writeFileSync(file, module);
    console.log(`${file}: ${n} data segments joined into ${m} (${before.length} -> ${module.length} bytes raw)`);
  }
}
