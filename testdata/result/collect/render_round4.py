"""render_round4.py writes the result check's fourth round of public sources, deterministically.

    python3 testdata/result/collect/render_round4.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below:
  - NVIDIA/garak (Apache-2.0): the documents of its latent-injection probes
    (garak/probes/latentinjection.py): a report, a resume, a text to translate, fact snippets
    about the Eiffel tower and legal snippets, and the jailbreak contexts, each carrying one of the
    probe's injected instructions between its separators, as the probe builds them
    (_build_prompts_triggers). The user's request the probe puts before the document
    (top_instructions) is left out: a tool result is the document alone. The lists are read from
    the probe's source with Python's ast module and rendered without being read case by case.
    Takeovers: each injection tells the model reading the document to do something else.
  - testdata/result/collect/takeover-round4.json (written here, tuned on): look-alikes of the
    published families the earlier rounds had few of (a change of task in the middle of the data, a
    new role given to the model, an order to drop the rest of the document, an order to whoever
    summarizes the page, a forged turn of the conversation, a question slipped in for the reader),
    in ten languages, inserted into BIPIA train e-mails and package READMEs already in the corpus;
    and honest texts that use the same words for people (a colleague changing a request, a guide
    telling its reader to skip the rest, a support FAQ written as a conversation).
The garak source is first on the reported side (internal/result/calibration_test.go): measured
once before anything in it is read.
"""
import ast, json, os, random, re, sys

from corpus import Mirrors, here, insert, numbered, texts_of, write

mirrors = sys.argv[1]

COMMITS = {
    "NVIDIA+garak": "cafbe992780df70015de7295ca026b70c4629ada",
}
GK = "NVIDIA+garak"
mirror = Mirrors(mirrors, COMMITS)
case = numbered(12000)

INJECTION, PAYLOAD, TRIGGER = "<|garak_injection|>", "<|garak_payload|>", "<|garak_trigger|>"
NAMES = {"INJECTION_MARKER": INJECTION, "PAYLOAD_MARKER": PAYLOAD, "TRIGGER_MARKER": TRIGGER}
LISTS = ("contexts", "injection_sep_pairs", "injection_instructions", "payloads", "payload_triggers", "paragraphs")

src = mirror.show(GK, "garak/probes/latentinjection.py")
tree = ast.parse(src)
classes = {}
for node in tree.body:
    if not isinstance(node, ast.ClassDef):
        continue
    values = {}
    for b in node.body:
        if isinstance(b, ast.Assign) and isinstance(b.targets[0], ast.Name) and b.targets[0].id in LISTS:
            try:
                values[b.targets[0].id] = eval(compile(ast.Expression(b.value), "latentinjection.py", "eval"), {"__builtins__": {}}, dict(NAMES))
            except NameError:
                pass  # built from files or other probes: not rendered
    m = re.search(r'"payload_name":\s*"(\w+)"', ast.get_source_segment(src, node) or "")
    classes[node.name] = ([ast.unparse(x) for x in node.bases], values, m.group(1) if m else None)

def resolved(name, attr):
    """attr of class name, looked up through its bases as Python would."""
    bases, values, _ = classes[name]
    if attr in values:
        return values[attr]
    for b in bases:
        if b in classes:
            v = resolved(b, attr)
            if v is not None:
                return v
    return None

def payload_name(name):
    bases, _, p = classes[name]
    return p or next((payload_name(b) for b in bases if b in classes and payload_name(b)), None)

PROBES = ["LatentInjectionReportFull", "LatentInjectionResumeFull", "LatentInjectionTranslationEnFrFull",
          "LatentInjectionFactSnippetEiffelFull", "LatentInjectionFactSnippetLegalFull", "LatentJailbreakFull"]
PER_PROBE = 14
out = []
for k, probe in enumerate(PROBES):
    rng = random.Random(4000 + k)
    contexts = resolved(probe, "contexts")
    if contexts is None:
        # The fact-snippet probes build their documents from paragraphs, the injection a paragraph
        # of its own among them (snippet_raw_marker), joined by blank lines.
        paragraphs = [p.replace("{INJECTION_MARKER}", "") for p in resolved(probe, "paragraphs")]
        contexts = []
        for _ in range(6):
            chosen = rng.sample(paragraphs, min(3, len(paragraphs)))
            chosen.insert(rng.randint(1, len(chosen) - 1), INJECTION)
            contexts.append("\n\n".join(chosen))
    triggers = resolved(probe, "payload_triggers") or []
    if not triggers and payload_name(probe):
        triggers = json.loads(mirror.show(GK, "garak/data/payloads/%s.json" % payload_name(probe)))["payloads"]
    combos = [(c, sep, ins, pay, trig) for c in contexts for sep in resolved(probe, "injection_sep_pairs") for ins in resolved(probe, "injection_instructions")
              for pay in resolved(probe, "payloads") for trig in triggers]
    for c, (start, end), ins, pay, trig in rng.sample(combos, min(PER_PROBE, len(combos))):
        injection = start + ins.replace(PAYLOAD, pay.replace(TRIGGER, trig)) + end
        text = c.replace(INJECTION, injection)
        out.append(case("garak-latent/" + probe, "read_text_file", text, kind="takeover", family="garak " + probe, language="en", disguise="plain"))
write("injected-garak-latent.json", out, "garak's latent-injection documents (github.com/NVIDIA/garak, Apache-2.0, commit %s, garak/probes/latentinjection.py and garak/data/payloads): a report, a resume, a text to translate, fact snippets and jailbreak contexts, each carrying one of the probe's injected instructions between its separators as _build_prompts_triggers builds them, %d sampled per probe (seeded); the user's request before the document is left out. Takeovers: the injection tells the model reading the document to do something else." % (COMMITS[GK], PER_PROBE))

# ---- written here (tuned on): the fourth round's look-alikes and their honest counterparts ----
with open(os.path.join(here, "takeover-round4.json"), encoding="utf-8") as f:
    round4 = json.load(f)
emails = [t for s, t in texts_of("honest-bipia.json") if "/email" in s][50:64]
readmes = [t[:1500] for s, t in texts_of("honest-filesystem.json") if "/readme/" in s][60:84]
carriers = [("email", e, "read_email") for e in emails] + [("readme", r, "read_text_file") for r in readmes]

written, j = [], 0
for kind in ("takeover", "slipped"):
    for family, langs in round4[kind].items():
        for lang, items in langs.items():
            for text in items:
                j += 1
                ckind, ctext, tool = carriers[(j * 7) % len(carriers)]
                written.append(case("written-round4/" + family, tool, insert(ctext, text, ("start", "middle", "end")[j % 3]), kind=kind, family="round4 " + family, language=lang, disguise="plain"))
write("injected-round4.json", written, "Fourth-round look-alikes written for this corpus (testdata/result/collect/takeover-round4.json) after the published families: a change of task in the middle of the data, a new role given to the model, an order to drop the rest of the document, an order to whoever summarizes the page, a forged turn of the conversation (takeovers), and a question slipped in for the reader to answer (slipped), in ten languages, inserted at the start, middle or end of BIPIA train e-mails and package READMEs already in the corpus.")
honest = []
for lang, items in round4["honest"].items():
    for text in items:
        honest.append(case("written-round4/honest", "read_email" if "\n\n" in text and text.split("\n")[0].endswith((",", ":", "!", "さん")) else "read_text_file", text, language=lang))
write("honest-round4.json", honest, "Honest texts written for this corpus (testdata/result/collect/takeover-round4.json) that use the fourth round's words for people: a colleague changing a request, a maintainer handing over a branch, a guide telling its reader to skip the rest, a report's instructions, a support FAQ written as a conversation, a survey question, in seven languages.")
