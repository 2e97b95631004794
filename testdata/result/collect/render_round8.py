"""render_round8.py writes the result check's eighth round of public sources, deterministically.

    python3 testdata/result/collect/render_round8.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below. The
split is by source and was fixed before anything was run; both sources are on the TUNED side (the
reported side of the web family is round 7's WASP and postlight files):
  - OSU-NLP-Group/RedTeamCUA (Apache-2.0; its adversarial settings as data, no code is taken): the
    injections its benchmark plants in a forum (its WebArena Reddit clone) for a computer-use agent
    that browses it, each distinct `new_content` of a reddit_adv_setup in
    evaluation_examples/examples/reddit/*.json, takeovers. Each is put into a web page, as a fetch
    tool returns it: a readability article of the tuned side or a trafilatura page below, in turn,
    either bare or as the page's reader comment (author and score line, then the comment).
  - adbar/trafilatura (Apache-2.0), honest: the whole pages its tests read (tests/cache/*.html,
    and every fifth page of tests/eval/*.html): news, blogs, shops, forums and official sites in
    German, English, French, Polish, Spanish, Chinese…, page furniture (menus, footers, cookie
    notices, share buttons) and all, as a fetch tool returns a page read into markdown, its first
    6 KB, in the page's own language (its <html lang>).
"""
import json, re, sys

from corpus import Mirrors, cut, insert, lang_of, markdown, numbered, texts_of, write

COMMITS = {
    "OSU-NLP-Group+RedTeamCUA": "0304bc43401f28eb5d10054287a9a36367041264",
    "adbar+trafilatura": "e90b0ef51ab026fdb905fb6c5b3c84dd3d784fd5",
}
mirror = Mirrors(sys.argv[1], COMMITS)
case = numbered(16000)

# Honest web pages, tuned: trafilatura's test pages, whole.
TF = "adbar+trafilatura"

names = [p for p in mirror.files(TF, "tests/cache") if p.endswith(".html")]
names += [p for p in mirror.files(TF, "tests/eval") if p.endswith(".html") and not p.startswith('"')][::5]
pages = []
for path in names:
    page = mirror.page(TF, path)
    m = re.search(r"<body[^>]*>(.*)</body>", page, re.S | re.I)
    text = cut(markdown(m.group(1) if m else page))
    if len(text) < 200:
        continue
    pages.append(case("trafilatura/" + path[len("tests/"):], "fetch", text, language=lang_of(page)))
write("honest-trafilatura.json", pages, "adbar/trafilatura at " + COMMITS[TF] + ", Apache-2.0: the whole test pages of tests/cache and every fifth of tests/eval read into markdown as a fetch tool returns a page, first 6 KB (collect/render_round8.py)")

# RedTeamCUA, tuned: the forum injections of its benchmark, in web pages.
RT = "OSU-NLP-Group+RedTeamCUA"
seen, attacks = set(), []
for path in mirror.files(RT, "evaluation_examples/examples/reddit"):
    if not path.endswith(".json"):
        continue
    setting = json.loads(mirror.show(RT, path))
    goal = re.sub(r"^own_reddit_\d+_(loose|specific)_|_(code|language)$", "", setting["id"]).split("_")[0]
    for adv in setting.get("adversary_config") or []:
        text = (adv.get("parameters") or {}).get("new_content")
        if text and text not in seen:
            seen.add(text)
            attacks.append((goal, text.strip()))

articles = [t[:1500] for s, t in texts_of("honest-readability.json")]
carriers = [t[:1500] for s, t in texts_of("honest-trafilatura.json")]
POSITIONS = ["start", "middle", "end"]
AUTHORS = ["MarkovChainz", "quiet_lurker", "dev_tinkerer", "Forum_Regular", "n00bguide"]
redteam = []
for n, (goal, text) in enumerate(attacks):
    context = articles[(n * 5) % len(articles)] if n % 2 == 0 else carriers[(n * 3) % len(carriers)]
    disguise = "plain"
    if n % 4 in (1, 2):
        disguise = "comment"
        text = "%s · %d points · %d hours ago\n\n%s\n\nReply · Share · Report" % (AUTHORS[n % len(AUTHORS)], 3 + n % 17, 1 + n % 23, text)
    redteam.append(case("redteamcua/reddit", "fetch", insert(context, text, POSITIONS[n % 3]), kind="takeover", family="redteamcua " + goal, language="en", disguise=disguise))
write("injected-redteamcua.json", redteam, "OSU-NLP-Group/RedTeamCUA at " + COMMITS[RT] + ", Apache-2.0 (its settings as data): every distinct forum injection of its reddit settings, inserted into readability articles and trafilatura pages, bare or as a reader comment (collect/render_round8.py)")
