"""render_round12.py writes the result check's twelfth round of honest sources, deterministically.

    python3 testdata/result/collect/render_round12.py TARBALLS MIRRORS

TARBALLS holds the npm tarballs of the packages and versions in collect/npm-docs.txt, as `npm
pack NAME@VERSION` writes them (the file names are npm's). Each package gives its README, its
CHANGELOG or HISTORY and one more Markdown file (the largest other one, docs first), as
server-filesystem returns a file, first 6 KB. Half of the packages are MCP servers from npm
(their READMEs tell people what to ask the model, and name Claude, ChatGPT and Copilot), half
general packages (frameworks, SDKs of model providers, CLIs, databases).

MIRRORS holds bare git clones named owner+name/repo at the commits in COMMITS below: the same
test pages as rounds 7 and 8, now as raw HTML, the way a fetch tool returns a page when asked for
the source (from <body>, first 6 KB, tags, scripts and attributes and all): readability's
source.html pages and trafilatura's tests/cache pages TUNED (honest-raw-html.json), postlight's
fixture pages REPORTED (honest-raw-html-reported.json), the sides their rendered versions are on.

The split is by package, fixed before the round's rules were written: a package whose name's
SHA-1 starts with an even hex digit is TUNED (honest-npm-docs.json), the others REPORTED
(honest-npm-docs-reported.json), measured once before any rule of the round and once after, as
totals only.
"""
import hashlib, os, re, sys, tarfile

from corpus import Mirrors, cut, lang_of, numbered, readable, write

COMMITS = {
    "mozilla+readability": "ab4027a8b37669745016869a37a504727992b2ba",
    "adbar+trafilatura": "e90b0ef51ab026fdb905fb6c5b3c84dd3d784fd5",
    "postlight+parser": "e8ba7ece291efa4d915d50dd4deeec17d54359f2",
}

here = os.path.dirname(os.path.abspath(__file__))
tarballs = sys.argv[1]
case = numbered(21000)

def tarball_name(pkg, version):
    """npm pack's file name: the scope's @ dropped and its / made a -."""
    return pkg.lstrip("@").replace("/", "-") + "-" + version + ".tgz"


def chosen(members):
    """The README, the CHANGELOG (or HISTORY) and the largest other Markdown file, docs first."""
    md = [m for m in members if m.isfile() and m.name.lower().endswith(".md") and "/node_modules/" not in m.name]
    def base(m):
        return os.path.basename(m.name).lower()
    picked = []
    for prefix in ("readme", "changelog", "history"):
        hits = sorted((m for m in md if base(m).startswith(prefix)), key=lambda m: (m.name.count("/"), m.name))
        if hits and not (prefix == "history" and any(base(p).startswith("changelog") for p in picked)):
            picked.append(hits[0])
    rest = sorted((m for m in md if m not in picked), key=lambda m: ("/docs/" not in m.name, -m.size, m.name))
    return picked + rest[:1]

def language(t):
    """zh, ja, ko or ru where that script holds most of the letters, else en."""
    counts = {"zh": 0, "ja": 0, "ko": 0, "ru": 0, "en": 0}
    for ch in t:
        o = ord(ch)
        if 0x3040 <= o <= 0x30ff:
            counts["ja"] += 1
        elif 0x4e00 <= o <= 0x9fff:
            counts["zh"] += 1
        elif 0xac00 <= o <= 0xd7af:
            counts["ko"] += 1
        elif 0x0400 <= o <= 0x04ff:
            counts["ru"] += 1
        elif ch.isascii() and ch.isalpha():
            counts["en"] += 1
    if counts["ja"] and counts["ja"] + counts["zh"] > counts["en"]:
        return "ja"
    best = max(counts, key=counts.get)
    return best if counts[best] > counts["en"] / 2 else "en"

tuned, reported = [], []
for line in open(os.path.join(here, "npm-docs.txt"), encoding="utf-8"):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    pkg, version = line.rsplit("@", 1)
    path = os.path.join(tarballs, tarball_name(pkg, version))
    if not os.path.exists(path):
        print("missing", path, file=sys.stderr)
        continue
    side = tuned if int(hashlib.sha1(pkg.encode()).hexdigest()[0], 16) % 2 == 0 else reported
    with tarfile.open(path) as tf:
        for m in chosen(tf.getmembers()):
            t = readable(tf.extractfile(m).read())
            if t:
                side.append(case("npm-docs/" + pkg, "read_text_file", cut(t), language=language(cut(t)), file=m.name.split("/", 1)[-1]))

provenance = "the README, CHANGELOG and one more Markdown file of the npm packages at the versions in collect/npm-docs.txt (each package's own licence, in its tarball), as server-filesystem returns a file, first 6 KB (collect/render_round12.py)"
write("honest-npm-docs.json", tuned, provenance + "; the packages whose name's SHA-1 starts with an even hex digit")
write("honest-npm-docs-reported.json", reported, provenance + "; the packages whose name's SHA-1 starts with an odd hex digit")

mirror = Mirrors(sys.argv[2], COMMITS)

def pages(repo, under, keep):
    names = [p for p in mirror.files(repo, under) if keep(p)]
    out = []
    for path in sorted(names):
        page = mirror.page(repo, path)
        m = re.search(r"<body[^>]*>", page, re.I)
        text = cut(page[m.start():] if m else page)
        if len(text) >= 200:
            out.append(case("raw-html/" + repo.split("+")[1] + "/" + path, "fetch", text, language=lang_of(page)))
    return out

tuned = pages("mozilla+readability", "test/test-pages", lambda p: p.endswith("/source.html")) + pages("adbar+trafilatura", "tests/cache", lambda p: p.endswith(".html"))
write("honest-raw-html.json", tuned, "the source of mozilla/readability's test pages (Apache-2.0) and adbar/trafilatura's tests/cache pages (Apache-2.0) at the commits in collect/render_round12.py, raw HTML from <body> as a fetch tool returns a page's source, first 6 KB (collect/render_round12.py)")
reported = pages("postlight+parser", "fixtures", lambda p: p.endswith(".html"))
write("honest-raw-html-reported.json", reported, "the source of postlight/parser's fixture pages (MIT OR Apache-2.0) at the commit in collect/render_round12.py, raw HTML from <body> as a fetch tool returns a page's source, first 6 KB (collect/render_round12.py)")
