// Loads gatehouse.wasm in Node the way an embedder would: through site/gatehouse.mjs.
import { readFile } from "node:fs/promises";
import { load } from "../../site/gatehouse.mjs";

const wasm = new URL("../../site/gatehouse.wasm", import.meta.url);

export async function loadGatehouse() {
  const env = process.env.GATEHOUSE_GOGC ? { GATEHOUSE_GOGC: process.env.GATEHOUSE_GOGC } : undefined;
  return load(await readFile(wasm), { env });
}
