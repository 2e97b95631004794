"""render_round10.py writes the result check's tenth round of public sources, deterministically.

    python3 testdata/result/collect/render_round10.py MIRRORS [DOCS]

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below; DOCS
(default /usr/share/doc) is a Debian 12 machine's documentation folder, read for the packages and
versions listed in DEBIAN (a package whose version differs is left out, so the file is the same
wherever it is rendered from the same versions). The split is by source and was fixed before the
round's rules were written:
  - TUNED wild documentation: Debian 12's own documentation files of the packages below (README,
    NEWS, FAQ, changelogs, .gz ones decompressed) and Node.js's API and contributing docs as
    Debian's nodejs package ships them; the Markdown files of ant-design/ant-design,
    alibaba/nacos, apache/echarts and THUDM/ChatGLM-6B (English documentation of projects whose
    writers also write Chinese: issue templates, contributing guides, changelogs with Chinese
    lines). Every honest, as server-filesystem returns a file, first 6 KB.
  - REPORTED prettier/prettier's and vitejs/vite's documentation (docs/*.md and the docs folder's
    guides, every language they hold), measured once before the round's rules and once after, as
    totals only.
"""
import gzip, os, subprocess, sys

from corpus import Mirrors, cut, numbered, readable, write

COMMITS = {
    "ant-design+ant-design": "2b258157ff20fb8948780e414dc1d74246aede40",
    "alibaba+nacos": "486e19848605bbea24902b26e741a433d912e0a8",
    "apache+echarts": "20ecdf4cae568f31d350a1c547516d08cdcab9b0",
    "THUDM+ChatGLM-6B": "401bf3a8a7dd8a26fba189551dccfc61a7079b4e",
    "prettier+prettier": "4f84a934201322ca87750e2b9b25baf296da6560",
    "vitejs+vite": "a98c8d95d552c6fa98ab66fb810f5b39ad5abf49",
}
mirror = Mirrors(sys.argv[1], COMMITS)
docs = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/doc"
case = numbered(18000)


def markdown_files(repo, limit):
    return [p for p in mirror.files(repo, ".") if p.lower().endswith(".md")][:limit]

tuned = []
# Debian's documentation, for the packages installed at the versions in DEBIAN.
PER_PACKAGE = 3
DEBIAN = {}
for line in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "debian-docs.txt"), encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        pkg, ver = line.split()
        DEBIAN[pkg] = ver
installed = dict(l.split("\t") for l in subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${Version}\n"], capture_output=True, text=True).stdout.splitlines() if "\t" in l)
for pkg in sorted(DEBIAN):
    if installed.get(pkg) != DEBIAN[pkg] or not os.path.isdir(os.path.join(docs, pkg)):
        continue
    taken = 0  # a package's first few files (Node's API and contributing pages, all of them)
    for root, _, files in sorted(os.walk(os.path.join(docs, pkg))):
        for name in sorted(files):
            path = os.path.join(root, name)
            if os.path.islink(path) or name.startswith("copyright") or name == "changelog.Debian.gz" or name.endswith((".png", ".jpg", ".svg", ".html", ".pdf")):
                continue
            b = open(path, "rb").read()
            if name.endswith(".gz"):
                try:
                    b = gzip.decompress(b)
                except OSError:
                    continue
            t = readable(b)
            if t and (taken < PER_PACKAGE or pkg == "nodejs"):
                taken += 1
                tuned.append(case("wild-docs/nodejs" if pkg == "nodejs" else "wild-docs/debian", "read_text_file", cut(t), language="en", file=pkg + "/" + os.path.relpath(path, os.path.join(docs, pkg))))
for repo in ["ant-design+ant-design", "alibaba+nacos", "apache+echarts", "THUDM+ChatGLM-6B"]:
    for p in markdown_files(repo, 120):
        t = readable(mirror.show(repo, p).encode())
        if t:
            lang = "zh" if any(k in p.lower() for k in ("zh", "cn", "chinese")) else "en"
            tuned.append(case("wild-docs/" + repo.split("+")[1].lower(), "read_text_file", cut(t), language=lang, file=p))
write("honest-wild-docs.json", tuned, "Debian 12's documentation files of the packages and versions in collect/debian-docs.txt (each package's own licence, see its copyright file) and the Markdown files of ant-design/ant-design (MIT), alibaba/nacos (Apache-2.0), apache/echarts (Apache-2.0) and THUDM/ChatGLM-6B (Apache-2.0) at the commits in collect/render_round10.py, as server-filesystem returns a file, first 6 KB (collect/render_round10.py)")

reported = []
for repo in ["prettier+prettier", "vitejs+vite"]:
    for p in [p for p in mirror.files(repo, "docs") if p.endswith(".md")][:300]:
        t = readable(mirror.show(repo, p).encode())
        if t:
            lang = p.split("/")[1] if p.startswith("docs/") and len(p.split("/")[1]) == 2 else "en"
            reported.append(case("project-docs/" + repo.split("+")[1], "read_text_file", cut(t), language=lang, file=p))
write("honest-project-docs.json", reported, "the documentation of prettier/prettier (MIT) and vitejs/vite (MIT) at the commits in collect/render_round10.py, docs/*.md, as server-filesystem returns a file, first 6 KB (collect/render_round10.py)")
