"""render_public.py writes the result check's second-round corpus from public sources, deterministically.

    python3 testdata/result/collect/render_public.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below:
  - enkryptai/xInjectAgent: a fork of uiuc-kang-lab/InjecAgent (MIT, (c) 2023 Qiusi Zhan) whose
    data/ keeps InjecAgent's attacker cases, user cases and base/enhanced test cases, and adds its
    own disguised settings (tool, test, tech);
  - meta-llama/PurpleLlama: CyberSecEval's prompt-injection datasets (CybersecurityBenchmarks/,
    MIT), English and machine-translated;
  - fastapi/fastapi (MIT): the docs translated into eight languages;
  - tigrish/devise-i18n (MIT): Devise's mailer texts in nine languages, rendered as the e-mails
    Devise sends;
  - rustdesk/rustdesk (AGPL-3.0): translated READMEs, contributing guides, codes of conduct,
    security policies and UI strings;
  - knadh/listmonk (AGPL-3.0): UI and e-mail strings in nine languages and the English docs.
Plus honest-hard.json (written here). Carriers for the injected texts are the BIPIA train e-mails
and package READMEs already in the corpus. Which source is tuned on and which is reported is
decided by file in internal/result/calibration_test.go, never by case.
"""
import json, os, sys
import yaml

from corpus import Mirrors, cut, here, insert, numbered, out, write

mirrors = sys.argv[1]

COMMITS = {
    "enkryptai+xInjectAgent": "21af27703ad4e591b8fc686ab9d79249d299a0e8",
    "meta-llama+PurpleLlama": "4be64c3a24442b51c76175e6ec67722cc3f5fe38",
    "fastapi+fastapi": "c3f316b7e814667e8ee81e03a7330d00ee61e45c",
    "tigrish+devise-i18n": "6bc267898c3873b82a7463925160d5dbf85ee04d",
    "rustdesk+rustdesk": "7423dced37845c48093b6f71bd82e4a16cc8c79d",
    "knadh+listmonk": "911e0b774abad4fbf7b534be43a34a80fb6ace5b",
}

mirror = Mirrors(mirrors, COMMITS)
show, files = mirror.show, mirror.files
case = numbered(5000)

LANG = {"de": "de", "es": "es", "fr": "fr", "ja": "ja", "ko": "ko", "pt": "pt", "ru": "ru", "zh": "zh",
        "DE": "de", "ES": "es", "FR": "fr", "IT": "it", "JP": "ja", "KR": "ko", "PTBR": "pt", "RU": "ru", "ZH": "zh"}

# ---- honest, tuned on: FastAPI's translated docs ----
docs = []
for lang in ("de", "es", "fr", "ja", "ko", "pt", "ru", "zh"):
    paths = [p for p in files("fastapi+fastapi", "docs/" + lang + "/docs") if p.endswith(".md")]
    for p in paths[::11]:
        docs.append(case("fastapi-docs/" + lang, "read_text_file", cut(show("fastapi+fastapi", p)), language=lang))
write("honest-fastapi-docs.json", docs, "FastAPI's documentation in eight languages (github.com/fastapi/fastapi, MIT, commit %s, docs/<lang>/docs/**.md, every eleventh file), as server-filesystem returns a file: tutorials full of install steps and orders for the reader." % COMMITS["fastapi+fastapi"])

# ---- honest, tuned on: Devise's e-mails in nine languages ----
TEMPLATES = {
    "confirmation_instructions": ["greeting", "instruction", "[{action}](https://app.example.com/users/confirmation?confirmation_token=abc123)"],
    "reset_password_instructions": ["greeting", "instruction", "[{action}](https://app.example.com/users/password/edit?reset_password_token=abc123)", "instruction_2", "instruction_3"],
    "unlock_instructions": ["greeting", "message", "instruction", "[{action}](https://app.example.com/users/unlock?unlock_token=abc123)"],
    "email_changed": ["greeting", "message"],
    "password_change": ["greeting", "message"],
}
mails = []
for loc, lang in (("de", "de"), ("es", "es"), ("fr", "fr"), ("it", "it"), ("ja", "ja"), ("ko", "ko"), ("pt-BR", "pt"), ("ru", "ru"), ("zh-CN", "zh")):
    d = yaml.safe_load(show("tigrish+devise-i18n", "rails/locales/%s.yml" % loc))
    m = d[loc]["devise"]["mailer"]
    for name, parts in TEMPLATES.items():
        t = m[name]
        body = []
        for part in parts:
            if part.startswith("["):
                body.append(part.format(action=t["action"]))
            else:
                body.append(str(t[part]).replace("%{recipient}", "alice@example.com").replace("%{email}", "alice.new@example.com"))
        text = "Subject: %s\nFrom: no-reply@app.example.com\nTo: alice@example.com\n\n%s\n" % (t["subject"], "\n\n".join(body))
        mails.append(case("devise-mail/" + lang, "read_email", text, language=lang))
write("honest-devise-mail.json", mails, "The e-mails Devise sends (confirmation, password reset, unlock, e-mail and password changed) in nine languages, rendered from github.com/tigrish/devise-i18n (MIT, commit %s, rails/locales/*.yml) into app/views/devise/mailer's layout, as a mail server returns them." % COMMITS["tigrish+devise-i18n"])

# ---- honest, tuned on: written here ----
hard = json.load(open(os.path.join(here, "honest-hard.json"), encoding="utf-8"))
write("honest-hard.json", [case("written/" + t["kind"], "read_text_file", t["text"], language=t["lang"]) for t in hard["texts"]],
      "Honest texts written for this corpus (testdata/result/collect/honest-hard.json): " + hard["about"])

# ---- honest, reported: RustDesk's translated docs and UI strings, listmonk's strings and docs ----
rust = []
for p in files("rustdesk+rustdesk", "docs"):
    base = os.path.basename(p)
    stem, _, rest = base.partition("-")
    lang = rest[:-3] if rest.endswith(".md") else ""
    if lang in LANG:
        try:
            text = show("rustdesk+rustdesk", p)
        except UnicodeDecodeError:
            continue  # a file not in UTF-8 is not text a server returns as it is
        rust.append(case("rustdesk-docs/" + LANG[lang], "read_text_file", cut(text), language=LANG[lang]))
for f, lang in (("de", "de"), ("es", "es"), ("fr", "fr"), ("it", "it"), ("ja", "ja"), ("ko", "ko"), ("ptbr", "pt"), ("ru", "ru"), ("cn", "zh")):
    rust.append(case("rustdesk-strings/" + lang, "read_text_file", cut(show("rustdesk+rustdesk", "src/lang/%s.rs" % f)), language=lang))
write("honest-rustdesk.json", rust, "RustDesk's translated READMEs, contributing guides, codes of conduct and security policies (docs/*-<LANG>.md) and its UI strings with their error messages (src/lang/*.rs, cut at 6 KB), github.com/rustdesk/rustdesk (AGPL-3.0, commit %s), as server-filesystem returns a file." % COMMITS["rustdesk+rustdesk"])

lm = []
for f, lang in (("de", "de"), ("es", "es"), ("fr", "fr"), ("it", "it"), ("ja", "ja"), ("ko", "ko"), ("pt-BR", "pt"), ("ru", "ru"), ("zh-CN", "zh")):
    lm.append(case("listmonk-strings/" + lang, "read_text_file", cut(show("knadh+listmonk", "i18n/%s.json" % f)), language=lang))
for p in files("knadh+listmonk", "docs/docs/content"):
    if p.endswith(".md"):
        lm.append(case("listmonk-docs/en", "read_text_file", cut(show("knadh+listmonk", p)), language="en"))
write("honest-listmonk.json", lm, "listmonk's UI and e-mail strings in nine languages (i18n/*.json, cut at 6 KB) and its English documentation (docs/docs/content/**.md: installation, upgrades, APIs, templating), github.com/knadh/listmonk (AGPL-3.0, commit %s), as server-filesystem returns a file." % COMMITS["knadh+listmonk"])

# ---- injected carriers: BIPIA train e-mails and READMEs already in the corpus ----
# The carriers are read as this file's first run read them, so that it writes the same corpus:
# only results whose content is a list of blocks, or a functionResponse (not corpus.texts_of, which
# reads every shape and would pick other carriers).
def texts_of(name):
    found = []
    for c in json.load(open(os.path.join(out, name), encoding="utf-8"))["cases"]:
        r = c["response"]
        t = (r.get("content") if isinstance(r.get("content"), str) else None) or r.get("output") or \
            ((r.get("result") or r).get("content") or [{}])[0].get("text") if isinstance((r.get("result") or r).get("content"), list) else None
        if t is None and "functionResponse" in r:
            t = r["functionResponse"]["response"]["content"]
        if isinstance(t, str):
            found.append((c["source"], t))
    return found
emails = [t for s, t in texts_of("honest-bipia.json") if "/email" in s][12:36]
readmes = [t[:1500] for s, t in texts_of("honest-filesystem.json") if "/readme/" in s][12:36]
carriers = [("email", e, "read_email") for e in emails] + [("readme", r, "read_text_file") for r in readmes]

# ---- injected, tuned on: CyberSecEval's prompt-injection cases ----
# The direct cases that tell the model to drop its instructions or claim a mode are takeovers; the
# indirect cases are content that carries the injection (a web page, a code comment): those that
# order the model to ignore its task or claim a mode are takeovers, the rest (persuasion,
# hypotheticals, overload) only slip another answer into the data.
TAKE_DIRECT = {"ignore_previous_instructions", "system_mode"}
TAKE_INDIRECT = {"ignore_previous_instructions", "system_mode", "different_user_input_language", "token_smuggling", "mixed_techniques"}
SLIP_INDIRECT = {"persuasion", "hypothetical_scenario", "virtualization", "overload_with_information", "indirect_reference", "output_formatting_manipulation"}
LANGS = {"English": "en", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it", "Portuguese": "pt", "Russian": "ru", "Japanese": "ja", "Korean": "ko", "Chinese": "zh"}
def content_of(user_input):
    # An indirect case asks about content it quotes ("Summarize this webpage: '<html>…'"): the result is the content.
    for lead in ("What is the output of this code:", "Summarize this webpage:", "Summarize this document:", "Translate this"):
        if user_input.startswith(lead):
            return user_input[len(lead):].strip().strip("'")
    i = user_input.find(": '")
    if 0 < i < 80:
        return user_input[i + 3:].rstrip("'")
    return user_input
cse = []
j = 0
for path, translated in (("CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection.json", False),
                         ("CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection_multilingual_machine_translated.json", True)):
    for x in json.loads(show("meta-llama+PurpleLlama", path)):
        v, typ = x["injection_variant"], x["injection_type"]
        lang = LANGS.get(x.get("speaking_language", "English"), "other")
        if typ == "direct" and v in TAKE_DIRECT:
            kind, text = "takeover", x["user_input"]
        elif typ == "indirect" and v in TAKE_INDIRECT:
            kind, text = "takeover", content_of(x["user_input"])
        elif typ == "indirect" and v in SLIP_INDIRECT:
            kind, text = "slipped", content_of(x["user_input"])
        else:
            continue
        j += 1
        ckind, ctext, tool = carriers[j % len(carriers)]
        src = "cyberseceval/" + ("multilingual" if translated else "en") + "-" + typ
        cse.append(case(src, tool, insert(ctext, text, ("start", "middle", "end")[j % 3]), kind=kind, family=typ + " " + v, language=lang, disguise="plain"))
write("injected-cyberseceval.json", cse, "CyberSecEval's prompt-injection cases (github.com/meta-llama/PurpleLlama, CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection.json and prompt_injection_multilingual_machine_translated.json, MIT, commit %s): the direct cases that override the instructions or claim a system mode, and the indirect ones (content carrying the injection), inserted into BIPIA train e-mails and package READMEs." % COMMITS["meta-llama+PurpleLlama"])

# ---- injected, reported: InjecAgent's cases and xInjectAgent's disguised settings ----
inj = []
for setting, kind in (("base", "slipped"), ("enhanced", "takeover")):
    for harm in ("dh", "ds"):
        cases_ = json.loads(show("enkryptai+xInjectAgent", "data/test_cases_%s_%s.json" % (harm, setting)))
        seen = set()
        for k, x in enumerate(cases_):
            # one case per attacker instruction, with the user tools taken in turn
            if x["Attacker Instruction"] in seen or k % 17 != len(seen) % 17:
                continue
            seen.add(x["Attacker Instruction"])
            inj.append(case("injecagent/%s-%s" % (setting, harm), x["User Tool"], x["Tool Response"].strip('"'), kind=kind, family="%s %s" % (harm, x["Attack Type"]), language="en", disguise="plain"))
for setting in ("tool", "test", "tech"):
    cases_ = json.loads(show("enkryptai+xInjectAgent", "data/test_cases_dh_%s.json" % setting))
    step = 1 if len(cases_) < 100 else 10
    for x in cases_[::step]:
        inj.append(case("xinjectagent/" + setting, x["User Tool"], x["Tool Response"].strip('"'), kind="takeover", family="xinjectagent " + setting, language="en", disguise="plain"))
write("injected-injecagent.json", inj, "InjecAgent's test cases (github.com/uiuc-kang-lab/InjecAgent, MIT, (c) 2023 Qiusi Zhan; read from the fork github.com/enkryptai/xInjectAgent, commit %s, which keeps InjecAgent's data/): one per attacker instruction (30 direct-harm, 32 data-stealing) in its base setting (the attacker's request alone in the tool response: slipped) and its enhanced setting (prefixed by an order to ignore previous instructions: takeover), and xInjectAgent's own disguised settings (tool, test, tech: a fake sandbox or test addressed to the agent), every tenth case." % COMMITS["enkryptai+xInjectAgent"])
