// gatehouse.mjs loads gatehouse.wasm and gives its functions to JavaScript: the page's worker,
// Node scripts and the benchmarks all load the checker through it.
//
//   import { load } from "./gatehouse.mjs";
//   const gatehouse = await load(await readFile("gatehouse.wasm"));
//   JSON.parse(gatehouse.validate(JSON.stringify({ schema, instance })));
//
// Every function takes one JSON string and returns one JSON string, synchronously, exactly as
// globalThis.gatehouse does (see gatehouse.d.ts). The texts cross into Go through the module's
// memory and its exports (wasm/main.go), not through syscall/js: a call costs well under a
// microsecond more than the work it asks for.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * load instantiates gatehouse.wasm and starts its Go program.
 * @param {BufferSource | WebAssembly.Module | Response | PromiseLike<Response>} wasm the module,
 *   its bytes, or the response that carries them (fetch("gatehouse.wasm"))
 * @param {{env?: Record<string, string>}} [options] env: the Go program's environment
 * @returns {Promise<import("./gatehouse").Loaded>}
 */
export async function load(wasm, options = {}) {
  if (typeof globalThis.Go !== "function") {
    await import(new URL("./wasm_exec.js", import.meta.url).href);
  }
  // @ts-ignore: Go comes from wasm_exec.js
  const go = new globalThis.Go();
  if (options.env) go.env = { ...options.env };
  const module = await compile(await wasm);
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const x = /** @type {any} */ (instance.exports);
  if (typeof x.gatehouse_call !== "function") {
    throw new Error("this gatehouse.wasm has no gatehouse_call export: it was built before the loader");
  }

  let stopped = false;
  const exited = go.run(instance).then(() => { stopped = true; });
  // main() reaches its first wait synchronously: from here on the exports can be called.

  // A view of the module's memory, made again only when the memory grew (its buffer is then
  // another).
  /** @type {Uint8Array | null} */
  let view = null;
  const bytes = () => (view !== null && view.buffer === x.mem.buffer ? view : (view = new Uint8Array(x.mem.buffer)));
  /** take copies an answer out of the module's memory and frees it there. */
  // WebAssembly's integers reach JavaScript signed: an address past 2 GiB (a module whose memory
  // grew that far, after large diffs) would come out negative and read or write the wrong
  // bytes, so every address is read as unsigned.
  const take = (/** @type {bigint} */ packed) => {
    const unsigned = BigInt.asUintN(64, packed);
    const ptr = Number(unsigned >> 32n);
    const len = Number(unsigned & 0xffffffffn);
    const text = decoder.decode(bytes().subarray(ptr, ptr + len));
    x.gatehouse_free(ptr);
    return text;
  };
  /** put writes s into a buffer of the module as UTF-8 and returns [address, length]. */
  const put = (/** @type {string} */ s) => {
    // Most texts are ASCII, where the UTF-8 is as long as the string; otherwise it takes at most
    // three bytes per UTF-16 unit.
    let size = s.length;
    let ptr = x.gatehouse_alloc(size) >>> 0;
    let { read, written } = encoder.encodeInto(s, bytes().subarray(ptr, ptr + size));
    if (read < s.length) {
      x.gatehouse_free(ptr);
      size = s.length * 3;
      ptr = x.gatehouse_alloc(size) >>> 0;
      ({ written } = encoder.encodeInto(s, bytes().subarray(ptr, ptr + size)));
    }
    return [ptr, written];
  };
  const alive = () => {
    if (stopped) throw new Error("the gatehouse program has stopped (closed, or it failed); load it again");
  };

  const { version, functions } = JSON.parse(take(x.gatehouse_describe()));
  /** @type {Record<string, any>} */
  const api = { version, functions, module, exited };
  for (const name of functions) {
    // Each name is written once and kept for the module's life.
    const [namePtr, nameLen] = put(name);
    api[name] = (/** @type {unknown} */ request) => {
      alive();
      if (typeof request !== "string") return take(x.gatehouse_refuse(namePtr, nameLen));
      const [ptr, len] = put(request);
      try {
        return take(x.gatehouse_call(namePtr, nameLen, ptr, len));
      } finally {
        x.gatehouse_free(ptr);
      }
    };
  }
  // validateTexts(schema, instance, lang?, {draft, assertFormats}?) answers what validate answers
  // for {schema, instance, lang, draft, assertFormats}, the texts passed as they are (no request
  // to build or decode).
  if (typeof x.gatehouse_validate_texts === "function") {
    // The schema's buffer is kept for the next call: a caller checks many instances against one
    // schema, and its text then crosses once, not on every call. Go never writes to a buffer it
    // was given, and the buffer is freed when another schema replaces it.
    /** @type {{text: string, ptr: number, len: number} | null} */
    let lastSchema = null;
    const schemaBuffer = (/** @type {string} */ text) => {
      if (lastSchema?.text !== text) {
        if (lastSchema) x.gatehouse_free(lastSchema.ptr);
        lastSchema = null; // put may throw; no buffer is then kept
        const [ptr, len] = put(text);
        lastSchema = { text, ptr, len };
      }
      return [lastSchema.ptr, lastSchema.len];
    };
    // A small instance, its language and its draft are written into the module's scratch buffer
    // (gatehouse_scratch) and checked in one crossing into Go, whose answer stays readable until
    // the next call and is not freed here; larger texts take buffers of their own.
    const scratchCheck = typeof x.gatehouse_validate_scratch === "function";
    let scratch = 0, scratchSize = 0;
    /** writes the texts one after the other into the scratch; their lengths, or null when they do not fit. */
    const putScratch = (/** @type {string[]} */ texts) => {
      let need = 0;
      for (const t of texts) need += t.length * 3;
      if (need > 1 << 20) return null; // more than the scratch ever holds
      if (need > scratchSize) {
        const size = Math.min(Math.max(need, 2 * scratchSize), 1 << 20); // grown by doubling
        scratch = x.gatehouse_scratch(size) >>> 0;
        scratchSize = scratch ? size : 0;
        if (!scratch) return null;
      }
      const memory = bytes();
      const lengths = [];
      let at = scratch;
      for (const t of texts) {
        const written = t === "" ? 0 : encoder.encodeInto(t, memory.subarray(at, scratch + scratchSize)).written;
        lengths.push(written);
        at += written;
      }
      return lengths;
    };
    const read = (/** @type {bigint} */ packed) => {
      const unsigned = BigInt.asUintN(64, packed);
      const ptr = Number(unsigned >> 32n);
      return decoder.decode(bytes().subarray(ptr, ptr + Number(unsigned & 0xffffffffn)));
    };
    api.validateTexts = (/** @type {string} */ schema, /** @type {string} */ instance, /** @type {string} */ lang = "",
      /** @type {{draft?: string, assertFormats?: boolean}} */ { draft = "", assertFormats = false } = {}) => {
      alive();
      if (scratchCheck) {
        const texts = [String(instance), String(lang), String(draft)];
        if (texts[0].length <= 1 << 18) {
          const [schemaPtr, schemaLen] = schemaBuffer(String(schema));
          const lengths = putScratch(texts);
          if (lengths) {
            return read(x.gatehouse_validate_scratch(schemaPtr, schemaLen, lengths[0], lengths[1], lengths[2], assertFormats ? 1 : 0));
          }
        }
      }
      // No language or draft is address 0, which names no buffer: Go reads it as "".
      const optional = [String(lang), String(draft)].map((t) => (t ? put(t) : null));
      const instanceText = put(String(instance));
      try {
        return take(x.gatehouse_validate_texts(...schemaBuffer(String(schema)), ...instanceText,
          ...(optional[0] ?? [0, 0]), ...(optional[1] ?? [0, 0]), assertFormats ? 1 : 0));
      } finally {
        x.gatehouse_free(instanceText[0]);
        for (const buffer of optional) if (buffer) x.gatehouse_free(buffer[0]);
      }
    };
  }
  // close lets the Go program end; the functions refuse from then on.
  api.close = () => {
    if (!stopped) x.gatehouse_close();
    stopped = true;
  };
  return /** @type {any} */ (api);
}

/**
 * compile makes the module load() instantiates, from its bytes or the response that carries them
 * (streaming, when the response says application/wasm); a module is returned as it is.
 * @param {BufferSource | WebAssembly.Module | Response} wasm
 * @returns {Promise<WebAssembly.Module>}
 */
export async function compile(wasm) {
  if (wasm instanceof WebAssembly.Module) return wasm;
  if (typeof Response === "function" && wasm instanceof Response) {
    if (!wasm.ok) throw new Error(`gatehouse.wasm could not be loaded (HTTP ${wasm.status})`);
    try {
      return await WebAssembly.compileStreaming(wasm.clone());
    } catch {
      // compileStreaming needs the application/wasm type; the bytes do without it.
      return WebAssembly.compile(await wasm.arrayBuffer());
    }
  }
  return WebAssembly.compile(/** @type {BufferSource} */ (wasm));
}
