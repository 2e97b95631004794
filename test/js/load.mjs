// Loads gatehouse.wasm in Node the way an embedder would: wasm_exec.js, then go.run.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const site = fileURLToPath(new URL("../../site/", import.meta.url));

export async function loadGatehouse() {
  if (globalThis.gatehouse) return globalThis.gatehouse;
  await import(site + "wasm_exec.js");
  const go = new globalThis.Go();
  if (process.env.GATEHOUSE_GOGC) go.env = { GATEHOUSE_GOGC: process.env.GATEHOUSE_GOGC };
  const { instance } = await WebAssembly.instantiate(await readFile(site + "gatehouse.wasm"), go.importObject);
  go.run(instance); // resolves when gatehouse.close() is called
  return globalThis.gatehouse;
}
