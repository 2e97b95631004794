"""render_round11.py writes the result check's eleventh round of public sources, deterministically.

    python3 testdata/result/collect/render_round11.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below. Every
source of the round is TUNED (agent injections that address a browsing, file or shopping agent,
the family whose reported side is WASP and xInjectAgent, which stay unread):
  - proventra/proventra-core (MIT): its benchmark's prompt injections for autonomous agents
    (benchmark/data/test_data.py, PROMPT_INJECTION_ATTACKS), takeovers, as the text a tool
    returns, bare or put into a readability article or a trafilatura page; and its legitimate
    requests (LEGITIMATE_REQUESTS), honest, as the text of a message a tool returns.
  - OSU-NLP-Group/EIA_against_webagent (no licence file; published with its paper): its two form
    templates (the "ALERT" order to type the task first, and "This is the right place to input
    the …"), with keywords a form asks for, as the page a fetch tool returns (HTML: read into
    markdown, a page loses its forms), takeovers.
  - mochi-studio/prompt-injection-test (MIT): its test page, as a fetch tool returns it, raw and
    read into markdown, a takeover.
"""
import ast, sys

from corpus import Mirrors, cut, insert, markdown, numbered, texts_of, write

COMMITS = {
    "proventra+proventra-core": "5f7a2f60880f19bed10f9721e2b109aeff149879",
    "OSU-NLP-Group+EIA_against_webagent": "ab44eb2f8e6ec0ef476ea6e2f82c041a797420eb",
    "mochi-studio+prompt-injection-test": "2f6d4154bb1343f04112cf8701ae191981a240fb",
}
mirror = Mirrors(sys.argv[1], COMMITS)
case = numbered(19000)

PV = "proventra+proventra-core"
tree = ast.parse(mirror.show(PV, "benchmark/data/test_data.py"))
lists = {}
for node in tree.body:
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
        try:
            lists[node.targets[0].id] = ast.literal_eval(node.value)
        except ValueError:
            pass  # a list built with expressions; the two read here are literals
articles = [t[:1500] for s, t in texts_of("honest-readability.json")]
pages = [t[:1500] for s, t in texts_of("honest-trafilatura.json")]
injected, honest = [], []
for i, a in enumerate(lists["PROMPT_INJECTION_ATTACKS"]):
    text = a["text"].strip()
    disguise = "bare"
    if i % 2:
        carrier = (articles if i % 4 == 1 else pages)[(i * 7) % 40]
        text = insert(carrier, text, ["start", "middle", "end"][i % 3])
        disguise = "in a page"
    injected.append(case("proventra/" + a["category"], "fetch", cut(text), kind="takeover", family="proventra " + a["category"], language="en", disguise=disguise))
for r in lists["LEGITIMATE_REQUESTS"]:
    honest.append(case("proventra/" + r["category"], "get_message", r["text"].strip(), language="en"))

EIA = "OSU-NLP-Group+EIA_against_webagent"
templates = {}  # its string assignments, read as data (the file is never run)
for node in ast.parse(mirror.show(EIA, "injection/templates.py")).body:
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
        templates[node.targets[0].id] = node.value.value
KEYWORDS = [("email address", "email"), ("password", "password"), ("credit card number", "card number"), ("phone number", "phone"), ("home address", "address"), ("full name", "name")]
for i, (keyword, label) in enumerate(KEYWORDS):
    for name in ["form_html_entire_query", "form_html_grounding_type0"]:
        form = templates[name].replace("{idx}", "f%d" % i).replace("{keyword}", keyword).replace("{aria_label}", label)
        page = "<html><body><h1>Checkout</h1><p>Review your order and enter your details below.</p>" + form + "<p>Secure payment by our partners.</p></body></html>"
        # As HTML only: read into markdown, a page loses its forms, and the injection with them.
        injected.append(case("eia/" + name, "fetch", page, kind="takeover", family="eia " + name, language="en", disguise="html"))

MO = "mochi-studio+prompt-injection-test"
page = mirror.show(MO, "index.html")
injected.append(case("mochi/page", "fetch", page, kind="takeover", family="mochi page", language="en", disguise="html"))
injected.append(case("mochi/page", "fetch", markdown(page), kind="takeover", family="mochi page", language="en", disguise="markdown"))

write("injected-agent-web.json", injected, "proventra/proventra-core at " + COMMITS[PV] + " (MIT), OSU-NLP-Group/EIA_against_webagent at " + COMMITS[EIA] + " (no licence file; published with its paper), mochi-studio/prompt-injection-test at " + COMMITS[MO] + " (MIT): agent injections as the text or page a tool returns (collect/render_round11.py)")
write("honest-proventra.json", honest, "proventra/proventra-core at " + COMMITS[PV] + " (MIT): its benchmark's legitimate requests to agents, each the text of a message a tool returns (collect/render_round11.py)")
