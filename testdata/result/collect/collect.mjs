// collect.mjs records honest tool results from real MCP servers for the result check's
// calibration corpus (testdata/result/corpus/honest-*.json). It starts
// @modelcontextprotocol/server-filesystem over real files (package READMEs and changelogs in
// test/mcp/node_modules, JavaScript and Go sources, configuration files) and
// @modelcontextprotocol/server-everything, calls their tools, and writes every result as the
// JSON-RPC response the client received, with the server's tools/list answer beside it.
//
//   cd test/mcp && npm ci && node ../../testdata/result/collect/collect.mjs
//
// The file list is chosen here, deterministically (sorted, capped per kind), so a rerun gives
// the same corpus while the packages are the same versions.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, relative, extname, basename } from "node:path";
import { execFileSync } from "node:child_process";

const here = resolve(new URL(".", import.meta.url).pathname);
const repo = resolve(here, "../../..");
const mcp = join(repo, "test/mcp");
const modules = join(mcp, "node_modules");
const gomod = execFileSync("go", ["env", "GOMODCACHE"]).toString().trim();
const out = resolve(here, "../corpus");
// The SDK is test/mcp's, where the servers are.
const sdk = join(modules, "@modelcontextprotocol/sdk/dist/esm/client");
const { Client } = await import(join(sdk, "index.js"));
const { StdioClientTransport } = await import(join(sdk, "stdio.js"));

function walk(dir, depth, keep, acc = []) {
  let entries;
  try { entries = readdirSync(dir).sort(); } catch { return acc; }
  for (const e of entries) {
    const p = join(dir, e);
    let st;
    try { st = statSync(p); } catch { continue; }
    if (st.isDirectory()) {
      if (depth > 0 && e !== ".git" && e !== "testdata" && e !== "test" && e !== "tests") walk(p, depth - 1, keep, acc);
    } else if (keep(p, st)) acc.push(p);
  }
  return acc;
}

const small = (st) => st.size > 200 && st.size < 200_000;
const readmes = walk(modules, 3, (p, st) => /^readme(\.md|\.markdown|\.txt)?$/i.test(basename(p)) && small(st));
const changelogs = walk(modules, 3, (p, st) => /^(changelog|history)(\.md)?$/i.test(basename(p)) && small(st)).slice(0, 25);
const jsSources = walk(modules, 3, (p, st) => extname(p) === ".js" && !p.includes(".min.") && small(st) && st.size < 40_000)
  .filter((_, i) => i % 9 === 0).slice(0, 60);
const goRoots = ["github.com/modelcontextprotocol/go-sdk@v1.8.0", "github.com/tidwall", "github.com/evanphx"].map((r) => join(gomod, r));
const goSources = goRoots.flatMap((r) => walk(r, 4, (p, st) => extname(p) === ".go" && !p.endsWith("_test.go") && small(st) && st.size < 40_000))
  .filter((_, i) => i % 7 === 0).slice(0, 50);
const configs = [
  ...walk(modules, 2, (p, st) => basename(p) === "package.json" && small(st)).slice(0, 30),
  ...goRoots.flatMap((r) => walk(r, 2, (p, st) => ["go.mod", ".golangci.yml", "Makefile", ".goreleaser.yaml"].includes(basename(p)) && st.size > 50)).slice(0, 15),
  ...walk(modules, 2, (p, st) => ["tsconfig.json", ".eslintrc.json", ".prettierrc"].includes(basename(p)) && st.size > 50).slice(0, 10),
];

async function connect(args, cwd) {
  const transport = new StdioClientTransport({ command: "node", args, cwd, stderr: "ignore" });
  const client = new Client({ name: "gatehouse-corpus", version: "1" });
  await client.connect(transport);
  return client;
}

let id = 0;
function record(list, source, tool, args, result) {
  list.push({ source, tool, arguments: args, response: { jsonrpc: "2.0", id: ++id, result } });
}

async function filesystem() {
  const roots = [modules, ...goRoots];
  const client = await connect([join(modules, "@modelcontextprotocol/server-filesystem/dist/index.js"), ...roots], mcp);
  const { tools } = await client.listTools();
  writeFileSync(join(out, "catalog-filesystem.json"), JSON.stringify({ tools }, null, 1) + "\n");
  const list = [];
  const kinds = [["readme", readmes], ["changelog", changelogs], ["javascript", jsSources], ["go", goSources], ["config", configs]];
  for (const [kind, files] of kinds) {
    for (const f of files) {
      const args = { path: f, head: 250 };
      try {
        const result = await client.callTool({ name: "read_text_file", arguments: args });
        record(list, `server-filesystem/${kind}/${relative(repo, f).replace(gomod, "GOMODCACHE")}`, "read_text_file", { path: relative(repo, f) }, result);
      } catch (e) { console.error(f, e.message); }
    }
  }
  for (const dir of [modules, join(modules, "zod"), join(modules, "@modelcontextprotocol/sdk")]) {
    const result = await client.callTool({ name: "list_directory", arguments: { path: dir } });
    record(list, `server-filesystem/list/${relative(repo, dir)}`, "list_directory", { path: relative(repo, dir) }, result);
  }
  const info = await client.callTool({ name: "get_file_info", arguments: { path: join(modules, "zod/package.json") } });
  record(list, "server-filesystem/info/zod", "get_file_info", {}, info);
  await client.close();
  // Paths in the results are the machine's; make them relative to the repository.
  const provenance = "Results of @modelcontextprotocol/server-filesystem (test/mcp, MIT) reading package READMEs, changelogs, JavaScript sources and configuration files in test/mcp/node_modules (each file under its package's own licence) and Go sources of the module cache (github.com/modelcontextprotocol/go-sdk, tidwall, evanphx: MIT/BSD), first 250 lines each; recorded by testdata/result/collect/collect.mjs.";
  const text = JSON.stringify({ provenance, cases: list }, null, 1).split(repo + "/").join("").split(gomod + "/").join("GOMODCACHE/");
  writeFileSync(join(out, "honest-filesystem.json"), text + "\n");
  console.log("filesystem", list.length);
}

async function everything() {
  const client = await connect([join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"], mcp);
  const { tools } = await client.listTools();
  writeFileSync(join(out, "catalog-everything.json"), JSON.stringify({ tools }, null, 1) + "\n");
  const list = [];
  const argsFor = {
    echo: [{ message: "Hello from the calibration corpus" }, { message: "Please review the attached invoice before Friday." }],
    "get-sum": [{ a: 2, b: 40 }], add: [{ a: 2, b: 40 }],
    "get-env": [{}], "get-tiny-image": [{}], "get-annotated-message": [{ messageType: "error", includeImage: true }, { messageType: "success" }, { messageType: "debug" }],
    "get-resource-links": [{ count: 3 }], "get-resource-reference": [{ resourceType: "Text", resourceId: 2 }, { resourceType: "Blob", resourceId: 3 }],
    "get-structured-content": [{ location: "New York" }, { location: "Chicago" }, { location: "Los Angeles" }],
    "trigger-long-running-operation": [{ duration: 1, steps: 2 }],
  };
  for (const t of tools) {
    for (const args of argsFor[t.name] ?? []) {
      try {
        const result = await client.callTool({ name: t.name, arguments: args });
        if (t.name === "get-env") continue; // the machine's environment is not data to keep
        record(list, `server-everything/${t.name}`, t.name, args, result);
      } catch (e) { console.error(t.name, e.message); }
    }
  }
  await client.close();
  const provenance = "Results of @modelcontextprotocol/server-everything (test/mcp, MIT), every tool that answers without side effects; recorded by testdata/result/collect/collect.mjs.";
  writeFileSync(join(out, "honest-everything.json"), JSON.stringify({ provenance, cases: list }, null, 1) + "\n");
  console.log("everything", list.length, tools.map((t) => t.name).join(" "));
}

await filesystem();
await everything();
