// precompress.mjs writes FILE.br beside each FILE named: brotli at its highest quality and
// window, too slow to run on a request (~20 s for the 10.8 MB gatehouse.wasm, against ~1 s at the
// level site.go compresses the other files at) and ~15% smaller. site.go serves the copy when it
// decompresses to the file's bytes exactly, and compresses the file itself otherwise, so a copy
// left from an older build is never sent. A copy that already matches is kept as it is.
//
//   node site/publish/precompress.mjs site/gatehouse.wasm
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

for (const file of process.argv.slice(2)) {
  const body = readFileSync(file);
  const target = file + ".br";
  if (existsSync(target)) {
    try {
      if (brotliDecompressSync(readFileSync(target)).equals(body)) continue;
    } catch {
      // not brotli: written again below
    }
  }
  const t0 = performance.now();
  const compressed = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(target, compressed);
  console.log(`${target}: ${compressed.length} bytes brotli ${constants.BROTLI_MAX_QUALITY} (${body.length} raw) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
