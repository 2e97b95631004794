#!/usr/bin/env python3
"""Builds testdata/lint/github from git mirrors of MCP servers' repositories (never run by tests).

    python3 testdata/lint/github/extract/collect.py MIRRORS_DIR

MIRRORS_DIR holds one bare mirror a repository, as OWNER+NAME/repo. For every line of
candidates.tsv (repository, server folder, language) the newest commit is unpacked into a
scratch folder (nothing in it is built, imported or run), the server's tools are read
statically (pyextract.py for Python, goextract for Go), and the catalog is written as
catalogs/<server>.json with an entry in manifest.json: repository@commit, folder, licence,
tools, sha256. A server whose tools could not be read (none found) is listed under `failed`.
Repositories and servers kept for outside measurement (excluded.txt) are refused.
"""

import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(CORPUS)))


def excluded_words():
    words = []
    with open(os.path.join(CORPUS, "excluded.txt")) as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#"):
                words.append(line.lower())
    return words


def licence_of(tree, path):
    """The SPDX name of the licence file nearest the server (its folder, else the repository's)."""
    for d in ([os.path.join(tree, path)] if path != "." else []) + [tree]:
        for f in sorted(os.listdir(d)):
            if not re.match(r"(?i)^(licen[cs]e|copying)(\.md|\.txt)?$", f):
                continue
            with open(os.path.join(d, f), errors="replace") as fh:
                text = fh.read(3000)
            for pat, spdx in [(r"MIT License|Permission is hereby granted, free of charge", "MIT"),
                              (r"Apache License,?\s+Version 2\.0", "Apache-2.0"),
                              (r"Mozilla Public License,? (version|v\.?) ?2\.0", "MPL-2.0"),
                              (r"GNU AFFERO GENERAL PUBLIC LICENSE", "AGPL-3.0"),
                              (r"GNU LESSER GENERAL PUBLIC LICENSE", "LGPL"),
                              (r"GNU GENERAL PUBLIC LICENSE\s+Version 3", "GPL-3.0"),
                              (r"GNU GENERAL PUBLIC LICENSE\s+Version 2", "GPL-2.0"),
                              (r"BSD 3-Clause|Neither the name of", "BSD-3-Clause"),
                              (r"BSD 2-Clause|Redistribution and use in source and binary forms", "BSD-2-Clause"),
                              (r"Elastic License", "Elastic-2.0"),
                              (r"Business Source License", "BUSL-1.1"),
                              (r"The Unlicense|unencumbered software released into the public domain", "Unlicense")]:
                if re.search(pat, text, re.I):
                    return spdx
            return "see " + os.path.relpath(os.path.join(d, f), tree)
    return "none found"


def unpack(git_dir, commit):
    """Writes the commit's source and licence files into a scratch folder. Only these are read
    (a mirror lacks its largest files, so a whole archive may not be had)."""
    tree = tempfile.mkdtemp()
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", commit], capture_output=True, check=True).stdout
    wanted = []
    for rec in listing.split(b"\0"):
        if not rec:
            continue
        meta, fname = rec.split(b"\t", 1)
        mode, kind, sha = meta.split()
        fname = fname.decode("utf-8", "replace")
        base = os.path.basename(fname)
        if kind == b"blob" and mode != b"120000" and (fname.endswith((".py", ".go", ".md", ".txt")) or re.match(r"(?i)^(licen[cs]e|copying)(\.md|\.txt)?$", base)):
            wanted.append((sha.decode(), fname))
    batch = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch"], input="".join(s + "\n" for s, _ in wanted).encode(), capture_output=True, check=True).stdout
    pos = 0
    for sha, fname in wanted:
        eol = batch.index(b"\n", pos)
        header = batch[pos:eol].split()
        pos = eol + 1
        if len(header) < 3 or header[1] == b"missing":
            continue
        size = int(header[2])
        body = batch[pos:pos + size]
        pos += size + 1
        dest = os.path.join(tree, fname)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as fh:
            fh.write(body)
    return tree


def main(mirrors):
    words = excluded_words()
    goextract = os.path.join(tempfile.mkdtemp(), "goextract")
    subprocess.run(["go", "build", "-o", goextract, "./testdata/lint/github/extract/goextract"], cwd=REPO_ROOT, check=True)
    servers, failed = [], []
    os.makedirs(os.path.join(CORPUS, "catalogs"), exist_ok=True)
    unpacked = {}
    with open(os.path.join(CORPUS, "candidates.tsv")) as fh:
        rows = [l.rstrip("\n").split("\t") for l in fh if l.strip() and not l.startswith("#")]
    for row in rows:
        repo, path, lang = row[:3]
        batch = row[3] if len(row) > 3 else ""
        name = repo.replace("/", "__") + ("" if path == "." else "__" + os.path.basename(path))
        entry = {"server": name, "repository": repo, "path": path, "language": lang}
        if batch:
            entry["batch"] = batch
        hit = [w for w in words if w in (repo + "/" + path).lower()]
        if hit:
            failed.append(dict(entry, failure="kept for outside measurement (%s)" % hit[0]))
            continue
        git_dir = os.path.join(mirrors, repo.replace("/", "+"), "repo")
        if repo not in unpacked:
            commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
            tree = unpack(git_dir, commit)
            unpacked[repo] = (commit, tree)
        commit, tree = unpacked[repo]
        entry["commit"] = commit
        src = os.path.join(tree, path)
        if lang == "go":
            out = subprocess.run([goextract, src], capture_output=True, text=True)
        else:
            out = subprocess.run([sys.executable, os.path.join(HERE, "pyextract.py"), src], capture_output=True, text=True)
        if out.returncode != 0:
            failed.append(dict(entry, failure="extractor failed: " + out.stderr.strip()[-300:]))
            continue
        tools = json.loads(out.stdout)
        if not tools:
            failed.append(dict(entry, failure="no tool found statically (tools registered at run time, or not an MCP server)"))
            continue
        if not any(t["description"] for t in tools):
            failed.append(dict(entry, failure="no tool description readable statically (assembled at run time)"))
            continue
        licence = licence_of(tree, path)
        if licence == "none found":
            # No licence grants the right to keep the server's text here.
            failed.append(dict(entry, failure="no licence file"))
            continue
        catalog = {"protocolVersion": "static", "serverInfo": {"name": name, "version": commit[:12]}, "tools": tools}
        data = (json.dumps(catalog, ensure_ascii=False, indent=1) + "\n").encode()
        rel = "catalogs/%s.json" % name
        with open(os.path.join(CORPUS, rel), "wb") as fh:
            fh.write(data)
        servers.append(dict(entry, licence=licence, tools=len(tools), file=rel,
                            sha256=hashlib.sha256(data).hexdigest(),
                            extractor="pyextract.py" if lang != "go" else "goextract",
                            date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")))
    manifest = {
        "description": "Honest MCP tool catalogs read statically from the source of servers on GitHub that are not on npm; see README.md.",
        "tool": "testdata/lint/github/extract (collect.py, pyextract.py, goextract)",
        "servers": servers,
        "failed": failed,
    }
    with open(os.path.join(CORPUS, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    print("%d servers, %d tools, %d failed" % (len(servers), sum(s["tools"] for s in servers), len(failed)))


if __name__ == "__main__":
    main(sys.argv[1])
