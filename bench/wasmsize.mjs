// wasmsize.mjs: where a Go wasm's bytes go. For each module named, its size raw and at brotli's
// highest level (what `make wasm-br` ships), and its function bytes summed by Go package (read from
// the code section and the name section, so build it without -s: `make wasm-size` does). With two
// modules, the second column is the difference, package by package: how a lever is measured.
//
//   node bench/wasmsize.mjs before.wasm [after.wasm] [--top=40] [--no-brotli]
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith("--"));
const top = Number((args.find((a) => a.startsWith("--top=")) ?? "--top=40").slice(6));
const brotli = !args.includes("--no-brotli");

// readULEB reads an unsigned LEB128 at bytes[at], returning [value, next offset].
function readULEB(bytes, at) {
  let value = 0, shift = 0, b;
  do {
    b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [value, at];
}

// functionBytes returns a Map from function name to its body's size.
function functionBytes(bytes) {
  let at = 8, imported = 0, bodies = [], names = new Map();
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = readULEB(bytes, at);
    const end = at + size;
    if (id === 2) { // imports: function imports take the first indices
      let n, p = at;
      [n, p] = readULEB(bytes, p);
      for (let i = 0; i < n; i++) {
        let len;
        for (let k = 0; k < 2; k++) { [len, p] = readULEB(bytes, p); p += len; }
        const kind = bytes[p++];
        if (kind === 0) { imported++; [, p] = readULEB(bytes, p); }
        else if (kind === 1) { p++; const flags = bytes[p++]; [, p] = readULEB(bytes, p); if (flags & 1) [, p] = readULEB(bytes, p); }
        else if (kind === 2) { const flags = bytes[p++]; [, p] = readULEB(bytes, p); if (flags & 1) [, p] = readULEB(bytes, p); }
        else if (kind === 3) { p += 2; }
      }
    } else if (id === 10) {
      let n, p = at;
      [n, p] = readULEB(bytes, p);
      for (let i = 0; i < n; i++) {
        let len;
        [len, p] = readULEB(bytes, p);
        bodies.push(len);
        p += len;
      }
    } else if (id === 0) {
      let len, p = at;
      [len, p] = readULEB(bytes, p);
      const name = new TextDecoder().decode(bytes.subarray(p, p + len));
      p += len;
      if (name === "name") {
        while (p < end) {
          const sub = bytes[p++];
          let subSize;
          [subSize, p] = readULEB(bytes, p);
          const subEnd = p + subSize;
          if (sub === 1) {
            let n, q = p;
            [n, q] = readULEB(bytes, q);
            for (let i = 0; i < n; i++) {
              let index, l;
              [index, q] = readULEB(bytes, q);
              [l, q] = readULEB(bytes, q);
              names.set(index, new TextDecoder().decode(bytes.subarray(q, q + l)));
              q += l;
            }
          }
          p = subEnd;
        }
      }
    }
    at = end;
  }
  const out = new Map();
  bodies.forEach((len, i) => {
    const name = names.get(imported + i) ?? `func${imported + i}`;
    out.set(name, (out.get(name) ?? 0) + len);
  });
  return out;
}

// goPackage is the package of a Go symbol as the wasm's name section spells it: Go writes the
// import path's slashes as "_" (so "github.com_sergi_go_diff_diffmatchpatch.init"), and the first
// dot after the domain, if the path has one, ends it.
function goPackage(symbol) {
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|dev|in)_/.exec(symbol);
  const dot = symbol.indexOf(".", domain ? domain[0].length : 0);
  return dot < 0 ? symbol : symbol.slice(0, dot);
}

function measure(file) {
  const bytes = readFileSync(file);
  const byPackage = new Map();
  let code = 0;
  for (const [name, len] of functionBytes(bytes)) {
    const pkg = goPackage(name);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + len);
    code += len;
  }
  const br = brotli ? brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length : NaN;
  return { file, raw: bytes.length, br, code, byPackage };
}

const kb = (n) => (n / 1024).toFixed(1).padStart(9);
const diff = (n) => (n > 0 ? "+" : "") + (n / 1024).toFixed(1);
const runs = files.map(measure);
for (const r of runs) {
  console.log(`${r.file}: ${r.raw} bytes raw, ${Number.isNaN(r.br) ? "-" : r.br} at brotli 11, ${r.code} in function bodies`);
}
if (runs.length === 2) {
  const [a, b] = runs;
  const pct = (x, y) => ((100 * (y - x)) / x).toFixed(1) + "%";
  console.log(`change: raw ${diff(b.raw - a.raw)} KB (${pct(a.raw, b.raw)}), brotli 11 ${diff(b.br - a.br)} KB (${pct(a.br, b.br)}), code ${diff(b.code - a.code)} KB`);
}
const packages = new Set(runs.flatMap((r) => [...r.byPackage.keys()]));
const rows = [...packages].map((p) => ({ p, sizes: runs.map((r) => r.byPackage.get(p) ?? 0) }));
if (runs.length === 2) rows.sort((x, y) => Math.abs(y.sizes[1] - y.sizes[0]) - Math.abs(x.sizes[1] - x.sizes[0]) || y.sizes[0] - x.sizes[0]);
else rows.sort((x, y) => y.sizes[0] - x.sizes[0]);
console.log("KB of function bytes by package" + (runs.length === 2 ? " (before, after, change), largest change first" : ""));
for (const { p, sizes } of rows.slice(0, top)) {
  if (runs.length === 2) {
    if (sizes[0] === sizes[1]) break;
    console.log(`${kb(sizes[0])} ${kb(sizes[1])} ${diff(sizes[1] - sizes[0]).padStart(8)}  ${p}`);
  } else {
    console.log(`${kb(sizes[0])}  ${p}`);
  }
}
