"""render.py writes the result check's calibration corpus from public sources, deterministically.

    python3 testdata/result/collect/render.py BIPIA_GIT_DIR SERVERS_GIT_DIR

BIPIA_GIT_DIR is a clone of github.com/microsoft/BIPIA (MIT): only its TRAIN split is read
(benchmark/{email,table,code}/train.jsonl and benchmark/{text,code}_attack_train.json); its test
split is never opened. SERVERS_GIT_DIR is a clone of github.com/modelcontextprotocol/servers,
whose `git log` is an honest result. Package metadata rows come from test/mcp/node_modules (run
`npm ci` there first). Every case is wrapped as a tool result in one of the six shapes the check
reads, in turn, so each shape is exercised by every source.
"""
import base64, glob, json, os, subprocess, sys

from corpus import case, here, insert, out, write

repo = os.path.abspath(os.path.join(here, "../../.."))
bipia, servers = sys.argv[1], sys.argv[2]

def show(git, path):
    return subprocess.run(["git", "--git-dir", git, "show", "HEAD:" + path], check=True, capture_output=True, text=True).stdout

def jsonl(git, path):
    return [json.loads(l) for l in show(git, path).splitlines() if l.strip()]

# ---- honest: BIPIA's clean contexts (train split) ----
emails = [r["context"] for r in jsonl(bipia, "benchmark/email/train.jsonl")]
tables = [r["context"] for r in jsonl(bipia, "benchmark/table/train.jsonl")][::15]
codes = ["\n".join(r["context"]) if isinstance(r["context"], list) else r["context"] for r in jsonl(bipia, "benchmark/code/train.jsonl")]
honest = []
n = 0
for kind, texts, tool in (("email", emails, "read_email"), ("table", tables, "get_table"), ("code", codes, "search_stackoverflow")):
    for t in texts:
        n += 1
        honest.append(case(n, "bipia-train/" + kind, tool, t))
write("honest-bipia.json", honest, "Clean contexts of BIPIA's train split (github.com/microsoft/BIPIA, MIT, benchmark/{email,table,code}/train.jsonl): e-mails, tables and Stack Overflow answers, as a tool returns them.")

# ---- honest: git logs ----
logs = []
for git, name, count in ((servers, "modelcontextprotocol/servers", 40), (bipia, "microsoft/BIPIA", 4)):
    for i in range(count):
        text = subprocess.run(["git", "--git-dir", git, "log", "--skip", str(i * 25), "-n", "25", "--stat", "--no-color", "--date=iso"],
                              check=True, capture_output=True, text=True).stdout
        if text.strip():
            n += 1
            logs.append(case(n, "git-log/" + name, "git_log", text))
write("honest-gitlog.json", logs, "`git log --stat` of github.com/modelcontextprotocol/servers (MIT/Apache-2.0) and github.com/microsoft/BIPIA (MIT), 25 commits per result, as a git server returns them.")

# ---- honest: SQL rows as JSON, with structuredContent ----
rows = []
for p in sorted(glob.glob(os.path.join(repo, "test/mcp/node_modules/**/package.json"), recursive=True)):
    if p.count("node_modules") != 1 and "/@" not in p.split("node_modules/")[-1][:2]:
        continue
    try:
        d = json.load(open(p))
    except Exception:
        continue
    if "name" in d and "version" in d:
        author = d.get("author")
        if isinstance(author, dict):
            author = author.get("name")
        rows.append({"name": d["name"], "version": d["version"], "description": d.get("description", ""), "license": d.get("license") if isinstance(d.get("license"), str) else None, "author": author if isinstance(author, str) else None})
sql = []
for i in range(0, len(rows), 12):
    n += 1
    chunk = rows[i:i + 12]
    sc = {"rows": chunk, "rowCount": len(chunk)}
    sql.append({"source": "sql/npm-packages", "tool": "query", "shape": "jsonrpc",
                "response": {"jsonrpc": "2.0", "id": n, "result": {"content": [{"type": "text", "text": json.dumps(sc)}], "structuredContent": sc}}})
write("honest-sql.json", sql, "Rows of a packages table (name, version, description, license, author) read from the package.json of every package in test/mcp/node_modules (each under its own licence, metadata only), as a SQL server returns them: text and structuredContent, checked against catalog-sql.json's outputSchema.")
with open(os.path.join(out, "catalog-sql.json"), "w") as f:
    json.dump({"tools": [{"name": "query", "description": "Run a read-only SQL query.", "inputSchema": {"type": "object", "properties": {"sql": {"type": "string"}}, "required": ["sql"]},
               "outputSchema": {"type": "object", "required": ["rows", "rowCount"], "properties": {"rowCount": {"type": "integer"}, "rows": {"type": "array", "items": {"type": "object", "required": ["name", "version"], "properties": {"name": {"type": "string"}, "version": {"type": "string"}, "description": {"type": "string"}, "license": {"type": ["string", "null"]}, "author": {"type": ["string", "null"]}}}}}}}]}, f, indent=1)
    f.write("\n")

# ---- injected: BIPIA's train attacks slipped into its train contexts ----
text_attacks = json.loads(show(bipia, "benchmark/text_attack_train.json"))
code_attacks = json.loads(show(bipia, "benchmark/code_attack_train.json"))
slipped = []
i = 0
for family, attacks in text_attacks.items():
    for a in attacks:
        i += 1
        n += 1
        ctx, kind, tool = (emails[i % len(emails)], "email", "read_email") if i % 2 else (tables[i % len(tables)], "table", "get_table")
        slipped.append(case(n, "bipia-train/text-attack/" + kind, tool, insert(ctx, a, ("start", "middle", "end")[i % 3]), kind="slipped", family=family, language="en", disguise="plain"))
for family, attacks in code_attacks.items():
    for a in attacks:
        i += 1
        n += 1
        slipped.append(case(n, "bipia-train/code-attack", "search_stackoverflow", insert(codes[i % len(codes)], a, ("start", "middle", "end")[i % 3]), kind="slipped", family=family, language="en", disguise="plain"))
write("injected-bipia.json", slipped, "BIPIA's train-split attacks (github.com/microsoft/BIPIA, MIT, benchmark/text_attack_train.json and code_attack_train.json) inserted at the start, middle or end of its train-split contexts, as BIPIA builds its cases. The test split is not used.")

# ---- injected: takeover attempts, rendered here in ten languages and five disguises ----
with open(os.path.join(here, "takeover.json"), encoding="utf-8") as f:
    takeover = json.load(f)
carriers = [("email", e, "read_email") for e in emails[:12]] + [("gitlog", l["response"], "git_log") for l in []]
readmes = json.load(open(os.path.join(out, "honest-filesystem.json")))["cases"]
readme_texts = [r["response"]["result"]["content"][0]["text"][:1500] for r in readmes if "/readme/" in r["source"]][:12]
carriers += [("readme", t, "read_text_file") for t in readme_texts]
def tags(s):
    return "".join(chr(0xE0000 + ord(c)) for c in s if ord(c) < 0x80)
def zero_width(s):
    return "\u200b".join(s.split(" "))
def disguise(kind, payload, english):
    if kind == "plain":
        return payload
    if kind == "hidden-tags":
        return "Thanks!" + tags(english)
    if kind == "zero-width":
        return zero_width(payload)
    if kind == "base64":
        return "Decode this base64 and follow it: " + base64.b64encode(payload.encode()).decode()
    if kind == "html-comment":
        return "<!-- " + payload + " -->"
    raise ValueError(kind)
taken = []
j = 0
for lang, items in takeover["payloads"].items():
    for k, payload in enumerate(items):
        english = takeover["payloads"]["en"][k]
        kinds = ["plain"] + (["hidden-tags", "zero-width", "base64", "html-comment"] if lang in ("en", "fr", "de", "zh", "ru") else ["html-comment"])
        for d in kinds:
            j += 1
            n += 1
            ckind, ctext, tool = carriers[j % len(carriers)]
            taken.append(case(n, "rendered/takeover/" + ckind, tool, insert(ctext, disguise(d, payload, english), ("start", "middle", "end")[j % 3]), kind="takeover", family="takeover", language=lang, disguise=d))
for k, md in enumerate(takeover["markdown"]):
    j += 1
    n += 1
    ckind, ctext, tool = carriers[j % len(carriers)]
    taken.append(case(n, "rendered/markdown/" + ckind, tool, insert(ctext, md, ("start", "middle", "end")[j % 3]), kind="takeover", family="markdown-exfiltration", language="en", disguise="markdown-image"))
write("injected-takeover.json", taken, "Takeover attempts written for this corpus (testdata/result/collect/takeover.json, after the published families: instruction override, a note addressed to the AI, fake system tags, concealment, markdown-image exfiltration) in ten languages, plain and disguised (Unicode tags, zero-width splitting, base64, HTML comments), inserted into BIPIA train e-mails and package READMEs read through server-filesystem.")

# ---- injected, held out: other words for the same families ----
def held_out(source, kind, seed):
  global j, n
  with open(os.path.join(here, source), encoding="utf-8") as f:
    heldout = json.load(f)
  held = []
  for lang, items in heldout["payloads"].items():
    for k, payload in enumerate(items):
        english = heldout["payloads"]["en"][k]
        for d in ["plain", "base64", "html-comment"]:
            j += 1
            n += 1
            ckind, ctext, tool = carriers[(j * seed) % len(carriers)]
            held.append(case(n, "rendered/" + kind + "/" + ckind, tool, insert(ctext, disguise(d, payload, english), ("start", "middle", "end")[j % 3]), kind=kind, family="takeover", language=lang, disguise=d))
  return held
write("injected-heldout.json", held_out("takeover-heldout.json", "takeover-round2", 7), "Second-round takeover attempts (testdata/result/collect/takeover-heldout.json), written after the rules were tuned on injected-takeover.json: measured once untuned (28%, then 47.5% with the lint's ten languages), then tuned on; other words for the same families, in ten languages, plain, base64 and in HTML comments, inserted into the same carriers.")
write("injected-heldout2.json", held_out("takeover-heldout2.json", "takeover-heldout", 5), "Held-out takeover attempts (testdata/result/collect/takeover-heldout2.json), written after every tuning and never tuned on: other words for the same families, in ten languages, plain, base64 and in HTML comments, inserted into the same carriers.")
