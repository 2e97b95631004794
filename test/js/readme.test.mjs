// README's JavaScript API example, run as README tells a reader to run it: its two blocks saved
// as example.mjs at the repository's root. What it prints must be what the comments promise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

test("README's JavaScript API example runs and prints what it says", () => {
  const readme = readFileSync(root + "README.md", "utf8");
  const section = readme.slice(readme.indexOf("## The JavaScript API"), readme.indexOf("\n## ", readme.indexOf("## The JavaScript API") + 1));
  const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 2, "the section's two js blocks");
  const file = root + `example-${process.pid}.mjs`;
  writeFileSync(file, blocks.join("\n"));
  let out;
  try {
    out = execFileSync(process.execPath, [file], { cwd: root, encoding: "utf8", timeout: 60000 });
  } finally {
    rmSync(file, { force: true });
  }
  // Each line the example prints is promised by the comment that follows it, where it says "…"
  // the printed line goes on.
  const promised = [...blocks.join("\n").matchAll(/^\/\/ (\{.*)$|console\.log\(.*\/\/ (.*)$/gm)].map((m) => (m[1] ?? m[2]).trim());
  const printed = out.trim().split("\n");
  assert.equal(printed.length, promised.length, out);
  promised.forEach((want, i) => {
    const [head] = want.split("…");
    assert.ok(printed[i].startsWith(head.trim()), `line ${i + 1}: ${printed[i]}\nwant: ${want}`);
  });
});
