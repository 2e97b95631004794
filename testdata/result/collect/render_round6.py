"""render_round6.py writes the result check's sixth round of public sources, deterministically.

    python3 testdata/result/collect/render_round6.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below:
  - WithSecureLabs/spikee (Apache-2.0), tuned side: its seeds-cybersec-2025-04 dataset's
    jailbreak templates (jailbreaks.jsonl) with its instructions (instructions.jsonl: an image link
    carrying encoded data, script tags, an encoding, a long output, a translation) put where the
    template's <INSTRUCTION> stands, languages matched as its --match-languages does (English,
    Zulu, Albanian, Irish, Scottish Gaelic). The template "no-jailbreak" is the bare instruction: a
    task slipped into the data (slipped); every other template addresses the model (takeover).
  - utkusen/promptmap (GPL-3.0; its rules are data, no code is taken), reported side: the prompts
    of its rules in rules/jailbreak and rules/prompt_stealing (takeovers) and rules/distraction
    (slipped: another task for the reader). Its harmful, hate and social_bias rules ask a chat
    model for harmful content and are not injections into data; they are left out. Measured once
    before anything in it is read; its prompts are never read case by case.
Both are inserted into BIPIA train e-mails and package READMEs already in the corpus, at the
start, middle or end, in turn.
"""
import json, os, sys

import yaml

from corpus import Mirrors, insert, numbered, texts_of, write

COMMITS = {
    "WithSecureLabs+spikee": "f811bcc851b41bcf5e9c7de7ff314deea2ed94e5",
    "utkusen+promptmap": "d305132e38f28b4cdca5c5b4586f11904ed1836d",
}
mirror = Mirrors(sys.argv[1], COMMITS)
case = numbered(14000)

emails = [t for s, t in texts_of("honest-bipia.json") if "/email" in s][64:96]
readmes = [t[:1500] for s, t in texts_of("honest-filesystem.json") if "/readme/" in s][84:116]
carriers = [("email", e, "read_email") for e in emails] + [("readme", r, "read_text_file") for r in readmes]
POSITIONS = ["start", "middle", "end"]

def put(n, attack):
    _, context, tool = carriers[n % len(carriers)]
    return insert(context, attack, POSITIONS[n % 3]), tool

def jsonl(repo, path):
    return [json.loads(l) for l in mirror.show(repo, path).split("\n") if l.strip()]

SEEDS = "spikee/data/workspace/datasets/seeds-cybersec-2025-04/"
jailbreaks = jsonl("WithSecureLabs+spikee", SEEDS + "jailbreaks.jsonl")
instructions = jsonl("WithSecureLabs+spikee", SEEDS + "instructions.jsonl")
spikee = []
for lang in [None, "zu", "sq", "ga", "gd"]:
    ins = [i for i in instructions if i.get("lang") == lang]
    jbs = [j for j in jailbreaks if j.get("lang") == lang]
    per = 2 if lang is None else 1
    for k, jb in enumerate(jbs):
        for m in range(per):
            i = ins[(k * per + m) % len(ins)]
            text, tool = put(len(spikee), jb["text"].replace("<INSTRUCTION>", i["instruction"]))
            kind = "slipped" if jb["jailbreak_type"] == "no-jailbreak" else "takeover"
            spikee.append(case("spikee/" + jb["jailbreak_type"], tool, text, kind=kind, family="spikee " + jb["jailbreak_type"] + " " + i["instruction_type"], language=lang or "en", disguise="plain"))
    # The bare instructions as well: without a template, each is a task slipped into the data.
    for i in ins:
        text, tool = put(len(spikee), i["instruction"])
        spikee.append(case("spikee/no-jailbreak", tool, text, kind="slipped", family="spikee no-jailbreak " + i["instruction_type"], language=lang or "en", disguise="plain"))
write("injected-spikee.json", spikee, "WithSecureLabs/spikee at " + COMMITS["WithSecureLabs+spikee"] + ", Apache-2.0: seeds-cybersec-2025-04 jailbreak templates with its instructions, languages matched, inserted into BIPIA train e-mails and package READMEs (collect/render_round6.py)")

promptmap = []
for folder, kind in [("rules/jailbreak", "takeover"), ("rules/prompt_stealing", "takeover"), ("rules/distraction", "slipped")]:
    for path in mirror.files("utkusen+promptmap", folder):
        if not path.endswith(".yaml"):
            continue
        rule = yaml.safe_load(mirror.show("utkusen+promptmap", path))
        text, tool = put(len(promptmap) + 7, rule["prompt"].strip())
        promptmap.append(case("promptmap/" + folder.split("/")[1], tool, text, kind=kind, family="promptmap " + folder.split("/")[1], language="en", disguise="plain"))
write("injected-promptmap.json", promptmap, "utkusen/promptmap at " + COMMITS["utkusen+promptmap"] + ", GPL-3.0 (its rules' prompts as data): rules/jailbreak and rules/prompt_stealing (takeovers), rules/distraction (slipped), inserted into BIPIA train e-mails and package READMEs (collect/render_round6.py)")
