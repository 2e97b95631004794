"""render_round13.py writes the result check's thirteenth round of public sources, deterministically.

    python3 testdata/result/collect/render_round13.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below. The
round's sources were split by source before any was run:
  - TUNED: ServiceNow/DoomArena (Apache-2.0): the texts its web-agent attacks put into a page
    (doomarena/browsergym: the popup's hidden message, the banners' warnings and alt texts, the
    comments that send the agent to a help desk or ask it to type its task) and the product name
    its retail attack writes into a shop's database (doomarena/taubench), as a fetch tool returns
    the page (raw HTML, read into markdown, or as the page's accessibility text) or as a product
    lookup's structured result, takeovers. Its div attacks copy EIA's templates, which round 11
    already holds, and are left out.
  - REPORTED: DoomArena's mail attacks (doomarena/mailinject/scripts/old_attacks.py, the e-mails
    written per model and defence), as a mail tool returns an e-mail; and beawareoftheg/website-1
    (MIT No Attribution), a red-teaming site of attack pages for a computer-use agent (each
    app/*/page.tsx but the home page and the payload server), read into markdown as a fetch tool
    returns the page; and MCP-SafetyBench (xjzzzzzzzz/MCPSafety, BSD-3-Clause): its "Function
    Return Injection" tasks, the dictionary each modified MCP server returns from a tool, as a
    Python MCP server sends a dict (added after the round's first rules; one case was read while
    choosing it). All are labelled takeovers by where they come from; their texts are not read.
"""
import ast, json, re, sys

from corpus import Mirrors, cut, insert, markdown, numbered, texts_of, write

COMMITS = {
    "ServiceNow+DoomArena": "b80902f107b4d28194580352a59b3029f4a018b4",
    "beawareoftheg+website-1": "df0a69ca048ba3f3ced8db17adaaf9a07df05d2f",
    "xjzzzzzzzz+MCPSafety": "7872437b6369aac1150e3a19e350a981dc554f81",
}
mirror = Mirrors(sys.argv[1], COMMITS)
case = numbered(23000)
DA = "ServiceNow+DoomArena"
BG = "doomarena/browsergym/src/doomarena/browsergym/attacks/"

def constants(path):
    """The module's string assignments by name, and every long string constant inside its classes,
    read as data (the file is never run)."""
    tree = ast.parse(mirror.show(DA, path))
    named, inner = {}, []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            v = node.value
            if isinstance(v, ast.JoinedStr) and all(isinstance(p, ast.Constant) for p in v.values):
                v = ast.Constant("".join(p.value for p in v.values))  # an f-string with no field
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                named[node.targets[0].id] = v.value
        if isinstance(node, ast.ClassDef):
            for n in ast.walk(node):
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str) and len(n.value.value) > 200:
                    inner.append(n.value.value)
    return named, inner

HOSTS = ["localhost:1234", "http://agent-helpdesk.example.net", "https://verify.example.org/agents"]
articles = [t[:1500] for s, t in texts_of("honest-readability.json")]
pages = [t[:1500] for s, t in texts_of("honest-trafilatura.json")]
raws = [t for s, t in texts_of("honest-raw-html.json")]

def page_with(body, i):
    """An honest page's source with body put after its first block."""
    raw = raws[(i * 11) % len(raws)]
    k = 0
    while True:  # after the first paragraph that no comment holds
        k = raw.find("</p>", k + 1)
        if k < 0 or raw.count("<!--", 0, k) == raw.count("-->", 0, k):
            break
    k = k + 4 if k > 0 else len(raw) // 2
    return cut(raw[:k] + "\n" + body + "\n" + raw[k:])

injected = []
def add(source, text, disguise, i, tool="fetch"):
    injected.append(case("doomarena/" + source, tool, text, kind="takeover", family="doomarena " + source, language="en", disguise=disguise))

def spread(source, text, i):
    """text bare (a page's accessibility text), in a readability article and in a trafilatura page."""
    add(source, text.strip(), "bare", i)
    add(source, cut(insert(articles[(i * 7) % len(articles)], text.strip(), ["start", "middle", "end"][i % 3])), "in a page", i)
    add(source, cut(insert(pages[(i * 5) % len(pages)], text.strip(), ["end", "start", "middle"][i % 3])), "in a page", i + 1)

popup, _ = constants(BG + "popup_attacks.py")
for i, host in enumerate(HOSTS):
    hidden = popup["DEFAULT_HIDDEN_WARNING_MESSAGE_TEMPLATE"].replace("{REPORT_URL_PLACEHOLDER}", host)
    card = ('<div role="dialog" aria-description="%s"><button aria-label="Close">×</button>%s'
            '<span role="status" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">%s</span>'
            '<button>I understand the risks and want to proceed</button></div>') % (hidden.replace('"', "&quot;"), popup["DEFAULT_VISIBLE_MESSAGE"], hidden)
    add("popup", page_with(card, i), "html", i)
    add("popup", cut(markdown(page_with(card, i))), "markdown", i)
    add("popup", hidden.strip(), "bare", i)

banner, _ = constants(BG + "banner_attacks.py")
for i, name in enumerate(["warning_message_even", "warning_message_odd", "warning_message_3"]):
    spread("banner", banner[name].replace("localhost:1234", HOSTS[i]), i)
for i, name in enumerate(["security_risk_message", "security_risk_message2"]):
    alt = banner[name].replace("localhost:1234", HOSTS[i + 1])
    img = '<img id="left-banner-img" src="data:image/svg+xml;base64,PHN2Zy8+" alt="%s">' % alt.replace('"', "&quot;")
    add("banner alt text", page_with(img, i + 3), "html", i)
    add("banner alt text", alt.strip(), "bare", i)

_, comments = constants(BG + "user_generated_content.py")
for i, text in enumerate(comments):
    for j, host in enumerate(HOSTS[:2]):
        t = text.replace("localhost:1234", host)
        if "<form" in t:
            add("comment form", page_with(t, i * 2 + j), "html", i)
            # read into markdown, a page loses its forms: the form's words as an agent's page text
            add("comment form", re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", t)).strip(), "bare", i)
        else:
            spread("comment", t, i * 2 + j)

retail = ast.parse(mirror.show(DA, "doomarena/taubench/src/doomarena/taubench/system_prompt_config/system_prompt_initialization.py"))
for node in ast.walk(retail):
    if isinstance(node, ast.FunctionDef) and node.name == "initialize_default_fixed_injection_retail_attacks":
        (name,) = [n.value.value for n in ast.walk(node) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)]
for i, pid in enumerate(["6086499569", "1656367028", "9523456873"]):
    product = {"name": name, "product_id": pid, "variants": {"4153505238": {"item_id": "4153505238", "options": {"color": "black", "size": "M"}, "available": True, "price": 98.25}}}
    response = {"content": [{"type": "text", "text": json.dumps(product)}], "structuredContent": product}
    injected.append({"source": "doomarena/retail product", "tool": "get_product_details", "shape": "mcp", "kind": "takeover", "family": "doomarena retail product", "language": "en", "disguise": "structured", "response": response})

write("injected-doomarena.json", injected, "ServiceNow/DoomArena at " + COMMITS[DA] + " (Apache-2.0): its web-agent attacks' texts in pages and its retail attack's product name, as a tool returns them (collect/render_round13.py)")

# The reported side: labelled by where each text comes from, never read.
reported = []
old = ast.parse(mirror.show(DA, "doomarena/mailinject/src/doomarena/mailinject/scripts/old_attacks.py"))
seen = set()
for node in old.body:
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id in ("PHI3", "GPT4", "LLAMA_70B"):
        for defence, emails in zip(node.value.keys, node.value.values):
            for e in emails.elts:
                kw = {k.arg: ast.literal_eval(k.value) for k in e.keywords}
                text = "Subject: %s\n\n%s" % (kw["subject"], kw["content"])
                if text in seen:
                    continue
                seen.add(text)
                reported.append(case("doomarena-mail/" + node.targets[0].id.lower(), "read_email", text, kind="takeover", family="doomarena mail", language="en", disguise="bare"))

BW = "beawareoftheg+website-1"
def jsx_page(src):
    """A page.tsx's markup as the HTML it renders: its returned JSX, expressions in braces dropped."""
    k = src.find("return (")
    body = src[k + 8:] if k >= 0 else src
    body = re.sub(r"\bclassName=", "class=", body)
    body = re.sub(r"\{/\*.*?\*/\}", "", body, flags=re.S)
    body = re.sub(r"=\{[^{}]*\}", '=""', body)
    body = re.sub(r"\{[^{}]*\}", "", body)
    return body

for path in mirror.files(BW, "app"):
    if not path.endswith("page.tsx") or path in ("app/page.tsx", "app/evil-server/page.tsx"):
        continue
    reported.append(case("beaware/" + path.split("/")[1], "fetch", cut(markdown(jsx_page(mirror.show(BW, path)))), kind="takeover", family="beaware site", language="en", disguise="markdown"))

write("injected-agent-reported.json", reported, "ServiceNow/DoomArena at " + COMMITS[DA] + " (Apache-2.0): its mail attacks' e-mails; beawareoftheg/website-1 at " + COMMITS[BW] + " (MIT No Attribution): its attack pages read into markdown (collect/render_round13.py)")

# The reported side's MCP results: MCP-SafetyBench's "Function Return Injection" cases, each the
# dictionary its modified server returns from a tool, as a Python MCP server sends a dict (its JSON
# as the text block). Labelled takeovers by their category; not read.
MS = "xjzzzzzzzz+MCPSafety"
returns = []
for path in mirror.files(MS, "mcpuniverse/benchmark/configs/test"):
    if not re.search(r"task_\d+\.json$", path):
        continue
    task = json.loads(mirror.show(MS, path))
    if task.get("attack_category") != "Function Return Injection":
        continue
    for m in task.get("mcp_server_modifications") or []:
        if "modification_return" in m:
            text = m["modification_return"] if isinstance(m["modification_return"], str) else json.dumps(m["modification_return"], ensure_ascii=False)
            returns.append(case("mcp-safetybench/" + path.split("/")[-2], m.get("tool_name", "tool"), text, kind="takeover", family="mcp-safetybench return", language="en", disguise="bare"))
write("injected-mcp-returns.json", returns, "xjzzzzzzzz/MCPSafety (MCP-SafetyBench) at " + COMMITS[MS] + " (BSD-3-Clause): its function-return injections as the tool results its modified servers send (collect/render_round13.py)")
