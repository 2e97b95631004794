// wasmlines.mjs takes the file-and-line tables out of a Go-built WebAssembly module, in place:
// each function's pcfile and pcln offsets in Go's function table (the runtime's pclntab) become
// 0, "no table", and the bytes of those tables, which nothing else then reads, become zeros,
// which brotli all but drops. They are ~240 KB of the Schema module's 367 KB of pc tables and
// barely compressible; without them it is ~126 KB (9%) smaller at brotli 11 (README "Speed",
// "The first visit, a later round").
//
// Go's runtime reads those tables only to name a place in the source: a panic's or a fatal
// error's stack trace, runtime.Caller and runtime.CallersFrames. With the offsets at 0 it names
// every place "?:0" (runtime.funcline1), as it does for a function without tables; the
// functions' names stay. What the runtime runs on, the stack-pointer tables and the pcdata
// (stack maps, unsafe points, inlining), is untouched: every table that one of them shares with
// a file or line table keeps its bytes. Nothing gatehouse answers comes from a source place (a
// recovered panic is answered with its value alone, schemaapi.InternalError), so the answers are
// the same; only a trace printed to the console loses its file:line.
//
// It refuses, leaving the file as it was, a module whose function table is not the layout of the
// Go releases it was written for (1.20 to 1.26: the pcHeader's magic 0xfffffff1, 8-byte
// pointers, every table inside the pc tables and ending where Go's encoding ends it). Run on a
// module it has already rewritten, it changes nothing.
//
//   node site/publish/wasmlines.mjs site/gatehouse-schema.wasm
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { readI32, readU32 } from "./wasmdata.mjs";

const SECTION_DATA = 11;
// The pcHeader's first 8 bytes: magic 0xfffffff1 (Go 1.20 on), two pad bytes, minLC 1 and
// ptrSize 8, as wasm's Go writes them.
const HEADER = [0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8];
const HEADER_SIZE = 72; // magic..ptrSize, nfunc, nfiles, an unused word, five offsets
// Offsets inside a _func (runtime/runtime2.go).
const FUNC_PCSP = 16, FUNC_PCFILE = 20, FUNC_PCLN = 24, FUNC_NPCDATA = 28, FUNC_NFUNCDATA = 43, FUNC_PCDATA = 44;

// segmentsOf lists the data section's active segments: where each one's bytes are in the file
// and at which memory address they start.
function segmentsOf(bytes) {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    let size, start;
    [size, start] = readU32(bytes, at + 1);
    if (id === SECTION_DATA) {
      const segments = [];
      let n, p;
      [n, p] = readU32(bytes, start);
      for (let i = 0; i < n; i++) {
        let flags, offset, len;
        [flags, p] = readU32(bytes, p);
        if (flags !== 0 || bytes[p] !== 0x41) throw new Error(`segment ${i} is not an active segment at a constant offset`);
        [offset, p] = readI32(bytes, p + 1);
        [len, p] = readU32(bytes, p + 1);
        segments.push({ file: p, len, memory: offset >>> 0 });
        p += len;
      }
      return segments;
    }
    at = start + size;
  }
  throw new Error("no data section");
}

// imageOf returns the memory the data segments write, from address 0 to the end of the last
// one: Go's linker starts a new segment at every run of eight zeros, so a table can lie across
// segments. putImage writes the image back into each segment's bytes.
function imageOf(bytes, segments) {
  const image = new Uint8Array(Math.max(0, ...segments.map((s) => s.memory + s.len)));
  for (const s of segments) image.set(bytes.subarray(s.file, s.file + s.len), s.memory);
  return image;
}

function putImage(bytes, segments, image) {
  for (const s of segments) bytes.set(image.subarray(s.memory, s.memory + s.len), s.file);
}

// findHeader returns the address of the function table's pcHeader, which must be there once.
function findHeader(image) {
  const data = Buffer.from(image.buffer, image.byteOffset, image.length);
  const magic = Uint8Array.from(HEADER);
  let found = -1;
  for (let i = data.indexOf(magic); i >= 0; i = data.indexOf(magic, i + 1)) {
    // funcnametab follows the header
    if (i + HEADER_SIZE > image.length || new DataView(image.buffer, i).getBigUint64(32, true) !== BigInt(HEADER_SIZE)) continue;
    if (found >= 0) throw new Error("two pcHeaders");
    found = i;
  }
  if (found < 0) throw new Error("no pcHeader of Go 1.20-1.26's layout");
  return found;
}

// tableEnd returns where the pc-value table at off ends (Go's encoding: pairs of a zig-zag value
// delta and a pc delta, ended by a value delta of 0 after the first pair), relative to the pc
// tables' start.
function tableEnd(pctab, off) {
  let at = off, first = true;
  for (;;) {
    let delta;
    [delta, at] = readU32(pctab, at);
    if (delta === 0 && !first) return at;
    first = false;
    [delta, at] = readU32(pctab, at);
    if (at > pctab.length) throw new Error(`the pc table at ${off} runs past the pc tables`);
  }
}

// dropLines returns the module without its file and line tables, how many functions had any,
// and how many bytes of the pc tables became zeros. It throws on a module it cannot read as
// Go writes one; the module passed is not changed.
export function dropLines(module) {
  const bytes = Uint8Array.from(module instanceof Uint8Array ? module : new Uint8Array(module));
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error("not a WebAssembly module");
  }
  const segments = segmentsOf(bytes);
  const image = imageOf(bytes, segments);
  const header = findHeader(image);
  const view = new DataView(image.buffer, header);
  const word = (at) => Number(view.getBigUint64(at, true));
  const nfunc = word(8), pctabOffset = word(56), pclnOffset = word(64);
  const cuOffset = word(40), filetabOffset = word(48);
  if (!(HEADER_SIZE < cuOffset && cuOffset <= filetabOffset && filetabOffset <= pctabOffset && pctabOffset < pclnOffset)) {
    throw new Error("the pcHeader's offsets are not in Go's order");
  }
  if (header + pclnOffset + 8 * (nfunc + 1) > image.length) throw new Error("the function table runs past the module");
  const pctab = image.subarray(header + pctabOffset, header + pclnOffset);
  const functab = header + pclnOffset;
  const keep = new Uint8Array(pctab.length), drop = new Uint8Array(pctab.length);
  const mark = (into, off) => {
    if (off === 0) return;
    if (off >= pctab.length) throw new Error(`a pc table at ${off}, past the pc tables`);
    into.fill(1, off, tableEnd(pctab, off));
  };
  const funcs = [];
  let lastEntry = -1, withLines = 0;
  for (let i = 0; i < nfunc; i++) {
    const entry = view.getUint32(pclnOffset + 8 * i, true);
    const funcOff = view.getUint32(pclnOffset + 8 * i + 4, true);
    if (entry < lastEntry) throw new Error("the function table is not in order");
    lastEntry = entry;
    const f = functab + funcOff;
    if (f + FUNC_PCDATA > image.length) throw new Error(`function ${i} runs past the module`);
    const fv = new DataView(image.buffer, f);
    if (fv.getUint32(0, true) !== entry) throw new Error(`function ${i}'s entry is not its table's`);
    const npcdata = fv.getUint32(FUNC_NPCDATA, true);
    if (npcdata > 16 || image[f + FUNC_NFUNCDATA] > 16) throw new Error(`function ${i} has ${npcdata} pcdata tables`);
    mark(keep, fv.getUint32(FUNC_PCSP, true));
    for (let j = 0; j < npcdata; j++) mark(keep, fv.getUint32(FUNC_PCDATA + 4 * j, true));
    const pcfile = fv.getUint32(FUNC_PCFILE, true), pcln = fv.getUint32(FUNC_PCLN, true);
    mark(drop, pcfile);
    mark(drop, pcln);
    if (pcfile || pcln) withLines++;
    funcs.push(fv);
  }
  for (const fv of funcs) {
    fv.setUint32(FUNC_PCFILE, 0, true);
    fv.setUint32(FUNC_PCLN, 0, true);
  }
  let zeroed = 0;
  for (let i = 0; i < pctab.length; i++) {
    if (drop[i] && !keep[i]) {
      pctab[i] = 0;
      zeroed++;
    }
  }
  putImage(bytes, segments, image);
  return { module: bytes, functions: withLines, zeroed };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of process.argv.slice(2)) {
    const { module, functions, zeroed } = dropLines(readFileSync(file));
    if (functions === 0) {
      console.log(`${file}: no file or line tables`);
      continue;
    }
    writeFileSync(file, module);
    console.log(`${file}: the file and line tables of ${functions} functions taken out (${zeroed} bytes of pc tables zeroed)`);
  }
}
