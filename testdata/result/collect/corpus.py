"""corpus.py holds what the corpus renderers (render.py, render_public.py, render_round3.py to
render_round5.py) share: the six result shapes a case is wrapped in, writing a corpus file, cutting
a file as a server returns it, reading back the texts of a corpus file, putting an attack into a
carrier text, and reading sources from bare git mirrors at pinned commits."""
import html.parser, json, os, re, subprocess

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "../corpus")

SHAPES = ["mcp", "jsonrpc", "openai-chat", "openai-responses", "anthropic", "gemini"]

def wrap(shape, n, tool, text):
    """A text result of tool in the given shape, answering call n."""
    cid = "call_%04d" % n
    if shape == "mcp":
        return {"content": [{"type": "text", "text": text}]}
    if shape == "jsonrpc":
        return {"jsonrpc": "2.0", "id": n, "result": {"content": [{"type": "text", "text": text}]}}
    if shape == "openai-chat":
        return {"role": "tool", "tool_call_id": cid, "content": text}
    if shape == "openai-responses":
        return {"type": "function_call_output", "call_id": cid, "output": text}
    if shape == "anthropic":
        return {"type": "tool_result", "tool_use_id": "toolu_%04d" % n, "content": [{"type": "text", "text": text}]}
    return {"functionResponse": {"name": tool, "response": {"content": text}}}

def case(n, source, tool, text, **labels):
    """Case n of source, wrapped in the shape whose turn n is, so every source meets every shape."""
    shape = SHAPES[n % len(SHAPES)]
    c = {"source": source, "tool": tool, "shape": shape}
    c.update(labels)
    c["response"] = wrap(shape, n, tool, text)
    return c

def numbered(start):
    """A case function numbering its cases from start + 1, for a renderer whose ids must not meet
    another's."""
    count = [start]
    def next_case(source, tool, text, **labels):
        count[0] += 1
        return case(count[0], source, tool, text, **labels)
    return next_case

def write(name, cases, provenance):
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        json.dump({"provenance": provenance, "cases": cases}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(name, len(cases))

def cut(text, most=6 << 10):
    """A whole file is what server-filesystem returns; past 6 KB a file is cut at a line break (the
    calibration's run time, not the check, is the limit)."""
    if len(text.encode()) <= most:
        return text
    b = text.encode()[:most].decode("utf-8", "ignore")
    return b[: b.rfind("\n") + 1] or b

def readable(b):
    """A file's text when it is text: UTF-8 with no NUL, else None."""
    try:
        t = b.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if "\x00" in t or not t.strip() else t

def texts_of(name):
    """The (source, text) of every case of a corpus file whose result is one text: the carriers of
    injected texts are honest results already in the corpus."""
    found = []
    for c in json.load(open(os.path.join(out, name), encoding="utf-8"))["cases"]:
        r = c["response"]
        t = None
        if isinstance(r.get("content"), str):
            t = r["content"]
        elif isinstance(r.get("output"), str):
            t = r["output"]
        elif "functionResponse" in r:
            t = r["functionResponse"]["response"].get("content")
        else:
            blocks = (r.get("result") or r).get("content")
            if isinstance(blocks, list) and blocks and blocks[0].get("type") == "text":
                t = blocks[0]["text"]
        if isinstance(t, str):
            found.append((c["source"], t))
    return found

class Mirrors:
    """Bare git clones named owner+name/repo under a folder, each read at its pinned commit."""
    def __init__(self, folder, commits):
        self.folder, self.commits = folder, commits

    def git(self, repo, *args):
        return subprocess.run(["git", "--git-dir", os.path.join(self.folder, repo, "repo"), *args], check=True, capture_output=True).stdout.decode("utf-8")

    def show(self, repo, path):
        return self.git(repo, "show", self.commits[repo] + ":" + path)

    def page(self, repo, path):
        """A web page's source, decoded as a fetch tool does: by the charset its <meta> declares
        (UTF-8 when it declares none), a byte that does not decode replaced."""
        raw = subprocess.run(["git", "--git-dir", os.path.join(self.folder, repo, "repo"), "show", self.commits[repo] + ":" + path], check=True, capture_output=True).stdout
        m = re.search(rb"<meta[^>]*charset=[\"']?([A-Za-z0-9_-]+)", raw[:4096], re.I)
        charset = m.group(1).decode("ascii").lower() if m else "utf-8"
        try:
            return raw.decode(charset, errors="replace")
        except LookupError:
            return raw.decode("utf-8", errors="replace")

    def files(self, repo, under):
        return sorted(self.git(repo, "ls-tree", "-r", "--name-only", self.commits[repo], under).split("\n")[:-1])

def insert(context, attack, pos):
    """context with attack put at its start, its end, or its middle (between lines, or between
    words of a text of one or two lines)."""
    if pos == "start":
        return attack + "\n" + context
    if pos == "end":
        return context + "\n" + attack
    lines = context.split("\n")
    if len(lines) > 2:
        k = len(lines) // 2
        return "\n".join(lines[:k] + [attack] + lines[k:])
    k = len(context) // 2
    k = context.rfind(" ", 0, k) + 1 or k
    return context[:k] + attack + " " + context[k:]

SKIP = {"script", "style", "noscript", "svg", "head", "template", "iframe", "form", "button", "select", "textarea"}
BLOCK = {"p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "ul", "ol", "table", "tr", "blockquote", "pre", "figure", "figcaption", "br", "hr", "dl", "dt", "dd"}

class Markdown(html.parser.HTMLParser):
    """A page read into markdown the way a fetch tool hands it to a model: headings, list items,
    links and images kept as markdown, scripts, styles and forms left out, blank runs folded."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip, self.links = [], 0, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in SKIP:
            self.skip += 1
            return
        if self.skip:
            return
        if tag in BLOCK:
            self.out.append("\n\n")
        elif tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.out.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag == "li":
            self.out.append("\n- ")
        elif tag == "a":
            self.links.append(a.get("href") or "")
            self.out.append("[")
        elif tag == "img" and a.get("src", "").startswith("http"):
            self.out.append("![%s](%s)" % ((a.get("alt") or "").strip(), a["src"]))

    def handle_endtag(self, tag):
        if tag in SKIP:
            self.skip = max(0, self.skip - 1)
            return
        if self.skip:
            return
        if tag == "a" and self.links:
            href = self.links.pop()
            self.out.append("](%s)" % href if href.startswith("http") else "]")
        elif tag in BLOCK or tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.out.append("\n\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(re.sub(r"\s+", " ", data))

    def text(self):
        t = "".join(self.out)
        t = re.sub(r"\[\s*\]\([^)]*\)|\[\s*\]", "", t)
        t = re.sub(r"[ \t]+\n", "\n", t)
        t = re.sub(r"\n[ \t]+", "\n", t)
        return re.sub(r"\n{3,}", "\n\n", t).strip() + "\n"

def markdown(page):
    m = Markdown()
    m.feed(page)
    m.close()
    return m.text()

def lang_of(page):
    m = re.search(r"<html[^>]*\blang=[\"']?([A-Za-z]{2})", page[:4000], re.I)
    return m.group(1).lower() if m else "en"
