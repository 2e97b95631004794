"""render_round9.py writes the result check's ninth round of public sources, deterministically.

    python3 testdata/result/collect/render_round9.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below. The
split is by source and was fixed before anything was run:
  - TUNED egozverev/Should-It-Be-Executed-Or-Processed (SEP; no licence file, published with its
    paper for research): its 100 probes (instructions, the second half "insistent") put into its
    data prompts as its insert_probes.py does, before or after the data, slipped tasks; and other
    data prompts of the same file, bare, honest.
  - TUNED microsoft/llmail-inject-challenge (MIT, via its fork priyaradhakrishnan0/
    llmail-inject-challenge-1 at the commit below, the challenge's own data files): the e-mails of
    its levels' mailboxes and of its false-positive tests, honest, as a mail tool returns them.
  - REPORTED yunwei37/satml-llmail-injection (no licence stated, published for the challenge): the
    attack e-mails its authors wrote for LLMail-Inject, one per technique and language (subject and
    body), takeovers (each asks the mail assistant to send a mail), as a mail tool returns them,
    alone or after one of LLMail's honest e-mails.
  - REPORTED leolee99/PIGuard (MIT): NotInject, its three sets of benign questions built around the
    words injection detectors trip on, honest, as the text of a message or ticket a tool returns.
  - REPORTED rust-lang/book (MIT OR Apache-2.0): every chapter of The Rust Programming Language
    (src/*.md), documentation full of orders to its reader (run this, add that, install…), as
    server-filesystem returns a file, first 6 KB. Added to the round after the first run of the
    four above, and measured once before any rule was changed for it.
"""
import json, sys

from corpus import Mirrors, cut, numbered, write

COMMITS = {
    "egozverev+Should-It-Be-Executed-Or-Processed": "6c5ba9571947aa3d7c388c97e3e4867490a6157b",
    "priyaradhakrishnan0+llmail-inject-challenge-1": "d62499fb947c463a38a26f3d75af3e50865bdb32",
    "yunwei37+satml-llmail-injection": "360613b492c5a4e8f9297b32adc819f0aa27210a",
    "leolee99+PIGuard": "1b5751e88bf7475acbedfc8eda795ce060307c84",
    "rust-lang+book": "917544888a55e4da7109bdba8c88c893c0da70f4",
}
mirror = Mirrors(sys.argv[1], COMMITS)
case = numbered(17000)

# SEP, tuned: probes in data prompts (slipped) and other data prompts bare (honest).
SEP = "egozverev+Should-It-Be-Executed-Or-Processed"
probes = json.loads(mirror.show(SEP, "SEP_dataset/source/probes.json"))
raw = json.loads(mirror.show(SEP, "SEP_dataset/interim_data_files/raw_data.json"))["output"]
data, seen_data = [], set()
for task_type, tasks in raw.items():
    if task_type == "descr":
        continue
    for task_name, task in tasks.items():
        if task_name == "descr":
            continue
        # raw_data.json keeps each subtask as the model's raw answers, JSON texts; one that does
        # not parse is left out, as the SEP's own later steps leave it out.
        for answers in task["subtasks"]:
            for answer in answers if isinstance(answers, list) else [answers]:
                try:
                    sub = json.loads(answer) if isinstance(answer, str) else answer
                except json.JSONDecodeError:
                    continue
                for d in sub.get("data") or [] if isinstance(sub, dict) else []:
                    if isinstance(d, str) and d.strip() and d.strip() not in seen_data:
                        seen_data.add(d.strip())
                        data.append((task_type, sub.get("name", ""), d.strip()))
step = max(1, len(data) // 600)
sample = data[::step][:600]
injected, honest = [], []
for n, (task_type, sub, text) in enumerate(sample):
    if n % 2 == 0:
        k = (n // 2) % len(probes)
        probe = probes[k]["instruction"].strip()
        left = (n // 2) % 4 in (0, 1)  # insert_probes' "l" and "r" for the data side
        text = probe + " " + text if left else text + " " + probe
        family = "sep " + ("insistent" if k >= 50 else "plain")
        injected.append(case("sep/" + task_type, "fetch_document", text, kind="slipped", family=family, language="en", disguise="left" if left else "right"))
    else:
        honest.append(case("sep/" + task_type, "fetch_document", text, language="en"))
write("injected-sep.json", injected, "egozverev/Should-It-Be-Executed-Or-Processed at " + COMMITS[SEP] + " (no licence file; published with its paper): its probes put into its data prompts before or after the data as its insert_probes.py does (collect/render_round9.py)")
write("honest-sep.json", honest, "egozverev/Should-It-Be-Executed-Or-Processed at " + COMMITS[SEP] + " (no licence file; published with its paper): its data prompts without a probe (collect/render_round9.py)")

# LLMail-Inject's own e-mails, tuned: honest.
LM = "priyaradhakrishnan0+llmail-inject-challenge-1"
mails, seen = [], set()
for name in ["level2", "level3", "level4", "fp_tests"]:
    for m in json.loads(mirror.show(LM, "src/agent/data/%s.json" % name))["emails"]:
        m = m.strip()
        if m and m not in seen:
            seen.add(m)
            mails.append((name, m))
honest_mail = [case("llmail/" + name, "search_emails", m, language="en") for name, m in mails]
write("honest-llmail.json", honest_mail, "microsoft/llmail-inject-challenge (MIT) via its fork priyaradhakrishnan0/llmail-inject-challenge-1 at " + COMMITS[LM] + ": the e-mails of its levels' mailboxes and of its false-positive tests (collect/render_round9.py)")

# satml-llmail-injection's attack e-mails, reported: takeovers.
SA = "yunwei37+satml-llmail-injection"
LANGS = {"amharic": "am", "arabic": "ar", "hindi": "hi", "japanese": "ja", "khmer": "km", "lao": "lo", "nepali": "ne", "russian": "ru", "swahili": "sw", "thai": "th", "turkish": "tr", "urdu": "ur", "vietnamese": "vi"}
attacks = []
for path in mirror.files(SA, "examples/satml"):
    if "/prompts/" in path and path.endswith(".json"):
        p = json.loads(mirror.show(SA, path))
        technique = path.rsplit("/", 1)[1][: -len(".json")]
        lang = next((code for word, code in LANGS.items() if technique.endswith(word)), "en")
        attacks.append((technique, lang, "Subject of the email: %s.   Body: %s" % (p["subject"].strip(), p["body"].strip())))
others = [m for name, m in mails if name != "fp_tests"]
satml = []
for n, (technique, lang, text) in enumerate(attacks):
    disguise = "alone"
    if n % 2 == 1:
        disguise = "after a mail"
        text = others[(n * 7) % len(others)] + "\n\n" + text
    # One e-mail per technique: grouped coarsely, so that the table does not print one reported
    # case's outcome under its own name.
    group = "combined" if technique.startswith("combined_") else "multi-language" if technique.startswith("multi_language") else "single"
    satml.append(case("satml-llmail/" + group, "search_emails", text, kind="takeover", family="llmail " + group, language=lang, disguise=disguise))
write("injected-satml-llmail.json", satml, "yunwei37/satml-llmail-injection at " + COMMITS[SA] + " (no licence stated): the attack e-mails its authors wrote for LLMail-Inject, alone or after one of LLMail's own e-mails (collect/render_round9.py)")

# NotInject, reported: honest.
PG = "leolee99+PIGuard"
notinject = []
for part in ["one", "two", "three"]:
    for q in json.loads(mirror.show(PG, "datasets/NotInject_%s.json" % part)):
        lang = "mixed" if q["category"] == "Multilingual" else "en"
        notinject.append(case("notinject/" + part, "get_message", q["prompt"].strip(), language=lang))
write("honest-notinject.json", notinject, "leolee99/PIGuard at " + COMMITS[PG] + ", MIT: NotInject's benign questions around trigger words, each the text of a message a tool returns (collect/render_round9.py)")

# The Rust book, reported: honest documentation.
RB = "rust-lang+book"
chapters = [case("rust-book/" + path[len("src/"):], "read_text_file", cut(mirror.show(RB, path)), language="en") for path in mirror.files(RB, "src") if path.endswith(".md") and "/" not in path[len("src/"):]]
write("honest-rust-book.json", chapters, "rust-lang/book at " + COMMITS[RB] + ", MIT OR Apache-2.0: every chapter of src/*.md as server-filesystem returns it, first 6 KB (collect/render_round9.py)")
