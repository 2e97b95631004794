"""render_round14.py writes the result check's fourteenth round, deterministically.

    python3 testdata/result/collect/render_round14.py

testdata/result/collect/takeover-round14.json (written here, tuned on) holds look-alikes of the
families of attacks on agents that work in a user's mail, drive, chat and bank: a role marker
written with a chat log's or a template's punctuation ("###(system_message)", "(system note)",
"**SYSTEM:**", "== SYSTEM MESSAGE ==", "[Message du système]") followed by an order, in ten
languages (takeovers); orders slipped into the data for whoever acts on it, in English, the first also in nine other languages (slipped):
a code or a password sent to a recipient, an outside address given a role or a place, every item
of a store deleted, the user talked into a choice, a side-effect tool called by name with its
values, a channel's content posted to a site; and honest texts that use the same words for people
and documentation. The attacks are put at the start, middle or end of BIPIA train e-mails and
package READMEs already in the corpus, as the fourth round's were.
"""
import json, os

from corpus import here, insert, numbered, texts_of, write

case = numbered(14000)
with open(os.path.join(here, "takeover-round14.json"), encoding="utf-8") as f:
    round14 = json.load(f)
emails = [t for s, t in texts_of("honest-bipia.json") if "/email" in s][64:80]
readmes = [t[:1500] for s, t in texts_of("honest-filesystem.json") if "/readme/" in s][84:104]
carriers = [(e, "read_email") for e in emails] + [(r, "read_text_file") for r in readmes]

written, j = [], 0
for kind in ("takeover", "slipped"):
    for family, langs in round14[kind].items():
        for lang, items in langs.items():
            for text in items:
                j += 1
                ctext, tool = carriers[(j * 7) % len(carriers)]
                written.append(case("written-round14/" + family, tool, insert(ctext, text, ("start", "middle", "end")[j % 3]), kind=kind, family="round14 " + family, language=lang, disguise="plain"))
write("injected-round14.json", written, "Fourteenth-round look-alikes written for this corpus (testdata/result/collect/takeover-round14.json) after the families of attacks on agents that work in a user's mail, drive, chat and bank: a role marker written with a chat log's or a template's punctuation followed by an order (takeovers, ten languages), and orders slipped into the data for whoever acts on it (slipped, English): a code sent to a recipient, an outside address given a role, a store wiped, the user talked into a choice, a side-effect tool called with its values, a channel posted to a site; inserted at the start, middle or end of BIPIA train e-mails and package READMEs already in the corpus.")
honest = []
for lang, items in round14["honest"].items():
    for text in items:
        honest.append(case("written-round14/honest", "read_email" if text.startswith("Hi ") else "read_text_file", text, language=lang))
write("honest-round14.json", honest, "Honest texts written for this corpus (testdata/result/collect/takeover-round14.json) that use the fourteenth round's words for people and for documentation: a bank's notice about codes, a guide adding a collaborator or clearing a build folder, a server's error that tells the model what to tell the user, a README naming its tools, a prompt's layout shown under a heading, a bug report's system line, a colleague's greeted request, a review praising a hotel.")
