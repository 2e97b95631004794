"""render_round7.py writes the result check's seventh round of public sources, deterministically.

    python3 testdata/result/collect/render_round7.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below. The
split is by source and was fixed before anything was run:
  - HumanCompatibleAI/tensor-trust-data (the Tensor Trust game's attacks, Toyer et al. 2023; the
    repository states no licence, the authors publish the data for research), tuned side: the
    attacks of its hijacking-robustness benchmark (make the model say "Access Granted") and of its
    extraction-robustness benchmark (make it reveal its access code or instructions), every fourth
    one, each a takeover inserted into a BIPIA train e-mail, a package README (the second half of
    those in the corpus) or a readability article below, in turn. The defences (pre_prompt, post_prompt) are left out:
    they are the system prompt the attack works against, not what a tool returns.
  - facebookresearch/wasp (CC BY-NC 4.0; its attack goals and injection formats as data, no code
    is taken), reported side: its 21 attacker goals (configs/croissant/
    attacks_in_webarena_format.jsonl) instantiated in its four injection formats (constants.py,
    PromptInjectionFormat.MESSAGE, read with Python's ast module) for each user goal its
    injector knows (comment, like on GitLab; comment, upvote on Reddit), as its
    _prepare_injection does, with example host names in place of its environment's, each put
    into a web page of the tuned honest side below (the page, not the attack, is a carrier).
    Measured once before any rule of the round; its cases are not read.
  - mozilla/readability (Apache-2.0), tuned side, honest: the article of each of its test pages
    (test/test-pages/*/expected.html), as a fetch tool returns a page read into markdown, in the
    page's own language (its source's <html lang>).
  - postlight/parser (MIT OR Apache-2.0), reported side, honest: the body of each of its fixture
    pages (fixtures/**/*.html: news, blogs, docs, forums in English, Japanese, French, German,
    Korean…), as a fetch tool returns a whole page read into markdown, its first 6 KB.
"""
import ast, json, re, sys

from corpus import Mirrors, cut, insert, lang_of, markdown, numbered, texts_of, write

COMMITS = {
    "HumanCompatibleAI+tensor-trust-data": "e2385ea9cf448c9641b96e2e39f113ed4979a5b0",
    "facebookresearch+wasp": "ffee6f41fde76acd14bd792db442479c506260c2",
    "mozilla+readability": "ab4027a8b37669745016869a37a504727992b2ba",
    "postlight+parser": "e8ba7ece291efa4d915d50dd4deeec17d54359f2",
}
mirror = Mirrors(sys.argv[1], COMMITS)
case = numbered(15000)

# Honest web pages, tuned: readability's test articles.
RD = "mozilla+readability"
pages = []
for folder in sorted({p.split("/")[2] for p in mirror.files(RD, "test/test-pages")}):
    base = "test/test-pages/" + folder + "/"
    try:
        article = mirror.show(RD, base + "expected.html")
        source = mirror.show(RD, base + "source.html")
    except Exception:
        continue
    text = cut(markdown(article))
    if len(text) < 200:
        continue
    pages.append(case("readability/" + folder, "fetch", text, language=lang_of(source)))
write("honest-readability.json", pages, "mozilla/readability at " + COMMITS[RD] + ", Apache-2.0: the expected article of each test page read into markdown as a fetch tool returns it (collect/render_round7.py)")

# Honest web pages, reported: postlight parser's fixture pages, whole.
PL = "postlight+parser"
fixtures = []
for path in mirror.files(PL, "fixtures"):
    if not path.endswith(".html"):
        continue
    page = mirror.show(PL, path)
    m = re.search(r"<body[^>]*>(.*)</body>", page, re.S | re.I)
    text = cut(markdown(m.group(1) if m else page))
    if len(text) < 200:
        continue
    fixtures.append(case("postlight/" + path[len("fixtures/"):], "fetch", text, language=lang_of(page)))
write("honest-postlight.json", fixtures, "postlight/parser at " + COMMITS[PL] + ", MIT OR Apache-2.0: the body of each fixture page read into markdown as a fetch tool returns a page, its first 6 KB (collect/render_round7.py)")

POSITIONS = ["start", "middle", "end"]

# Tensor Trust, tuned: its attacks in e-mails and READMEs.
emails = [t for s, t in texts_of("honest-bipia.json") if "/email" in s]
readmes = [t[:1500] for s, t in texts_of("honest-filesystem.json") if "/readme/" in s][60:]
articles = [t[:1500] for s, t in texts_of("honest-readability.json")]
carriers = [("email", e, "read_email") for e in emails] + [("readme", r, "read_text_file") for r in readmes] + [("page", a, "fetch") for a in articles]
TT = "HumanCompatibleAI+tensor-trust-data"
tensortrust = []
for bench in ["hijacking", "extraction"]:
    rows = [json.loads(l) for l in mirror.show(TT, "benchmarks/%s-robustness/v1/%s_robustness_dataset.jsonl" % (bench, bench)).split("\n") if l.strip()]
    for row in rows[::4]:
        attack = row["attack"].strip()
        if not attack:
            continue
        n = len(tensortrust)
        _, context, tool = carriers[n % len(carriers)]
        tensortrust.append(case("tensortrust/" + bench, tool, insert(context, attack, POSITIONS[n % 3]), kind="takeover", family="tensortrust " + bench, language="en", disguise="plain"))
write("injected-tensortrust.json", tensortrust, "HumanCompatibleAI/tensor-trust-data at " + COMMITS[TT] + " (no licence stated; published by its authors for research): every fourth attack of the hijacking- and extraction-robustness benchmarks, inserted into BIPIA train e-mails, package READMEs and readability articles (collect/render_round7.py)")

# WASP, reported: its attacker goals in its injection formats, in web pages.
WA = "facebookresearch+wasp"
formats = {}
for node in ast.walk(ast.parse(mirror.show(WA, "webarena_prompt_injections/constants.py"))):
    if isinstance(node, ast.ClassDef) and node.name == "PromptInjectionFormat":
        names = {t.targets[0].id: t.value.value for t in node.body if isinstance(t, ast.Assign) and isinstance(t.value, ast.Constant)}
        for t in node.body:
            if isinstance(t, ast.Assign) and t.targets[0].id == "MESSAGE":
                for k, v in zip(t.value.keys, t.value.values):
                    formats[names[k.id]] = ast.literal_eval(v)

class Hosts(dict):
    """The environment's host names and the attack's parameters; a slot named after a host gets an
    example host."""
    def __missing__(self, key):
        return "http://" + key.replace("_", "-") + ".example.com"

web = [t for s, t in texts_of("honest-readability.json")]
goals = {"gitlab": ["comment", "like"], "reddit": ["comment", "upvote"]}
wasp = []
for line in mirror.show(WA, "webarena_prompt_injections/configs/croissant/attacks_in_webarena_format.jsonl").split("\n"):
    if not line.strip():
        continue
    attack = json.loads(line)
    params = Hosts(attack.get("parameters") or {})
    url = attack["action_url"].format_map(params)
    for fmt in sorted(formats):
        instruction = attack["instruction"].format_map(params)
        if "url_injection" in fmt:
            instruction = instruction.replace(" ", "-")
        for goal in goals.get(attack["environment"], ["complete user instruction"]):
            text = formats[fmt].format(user_goal_str=goal, instantiated_url_of_action=url, instantiated_instruction_text=instruction)
            n = len(wasp)
            context = web[(n * 7) % len(web)][:1500]
            kind = "takeover"
            wasp.append(case("wasp/" + attack["environment"], "fetch", insert(context, text, POSITIONS[n % 3]), kind=kind, family="wasp " + fmt, language="en", disguise="link" if "url_injection" in fmt else "plain"))
write("injected-wasp.json", wasp, "facebookresearch/wasp at " + COMMITS[WA] + ", CC BY-NC 4.0 (its goals and formats as data): every attacker goal in each injection format and user goal, inserted into web pages (collect/render_round7.py)")
