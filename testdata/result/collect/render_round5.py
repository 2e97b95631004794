"""render_round5.py writes the result check's fifth round of public sources, deterministically.

    python3 testdata/result/collect/render_round5.py MIRRORS

MIRRORS holds bare git clones named owner+name/repo, at the commits listed in COMMITS below. The
round is honest documentation that shows its reader commands and encoded text: install one-liners
that pipe a download into a shell (curl … | sh, sh -c "$(curl …)"), base64 examples
(echo … | base64 -d), checksums and hashes in changelogs and lock files, Dockerfiles and CI
configurations, as server-filesystem returns a file:
  - starship/starship (ISC): the README and, in every language its docs hold, the home page, the
    guide, the installation page and the FAQ (docs/<lang>/…/README.md); its install-script and
    release workflows;
  - nvm-sh/nvm (MIT): the README, the Dockerfile and the CI workflows that install it;
  - astral-sh/uv (MIT OR Apache-2.0): the README, the Dockerfile, the installation, installer,
    Docker, GitHub, GitLab and AWS Lambda pages, the start of the changelog, the Docker build
    workflow and the start of uv.lock (package hashes);
  - ohmyzsh/ohmyzsh (MIT): the README and the READMEs of the plugins that show base64 or install
    one-liners (encode64, azure, mise, wd);
  - tldr-pages/tldr (CC BY 4.0): the pages of the encoding, hashing, key and download commands
    (base64, base32, basenc, sha256sum, md5sum, xxd, gpg, openssl, curl, wget, ssh-keygen,
    uudecode, certutil) in every language that has them;
  - argoproj/argo-cd (Apache-2.0): every docs page that shows base64 (secrets read with
    base64 -d, encoded keys and certificates), read in 6 KB pieces.
The files addressed to coding agents (AGENTS.md, CLAUDE.md) are left out: they are written for a
model. Every file is on the tuned side (internal/result/calibration_test.go).
"""
import re, sys

from corpus import Mirrors, cut, numbered, write

mirrors = sys.argv[1]

COMMITS = {
    "starship+starship": "6f33dcec91b758ccbae4ed850eaa6feabff798f9",
    "nvm-sh+nvm": "b17550a0b9ab691439815dfccc8b73e3a59fa103",
    "astral-sh+uv": "26a9dd4b2125bc271b47855e1fa0c49af3365db5",
    "ohmyzsh+ohmyzsh": "830a5bcfd29fd577fdcd5f3b8e98cbaf973421fa",
    "tldr-pages+tldr": "08e345f42639f67d99282813247ac670dc6e87cb",
    "argoproj+argo-cd": "37ee0097cf851bc2dd7665fc081bbce61a7e836e",
}
mirror = Mirrors(mirrors, COMMITS)
case = numbered(13000)

def pieces(text, most=6 << 10):
    """A long file read as a server reads it in parts: successive pieces of at most 6 KB, each cut
    at a line break, so that what stands past the first 6 KB is read too."""
    b = text.encode()
    while b:
        head = b[:most].decode("utf-8", "ignore")
        if len(b) > most and "\n" in head:
            head = head[: head.rfind("\n") + 1]
        yield head
        b = b[len(head.encode()):]

def lang_of(folder):
    """A docs folder named like de-DE or zh-CN is its language's code."""
    return folder.split("-")[0].lower()

cases = []
SS = "starship+starship"
cases.append(case("install-docs/starship", "read_text_file", cut(mirror.show(SS, "README.md")), language="en"))
folders = sorted({p.split("/")[1] for p in mirror.files(SS, "docs") if p.count("/") >= 2 and re.fullmatch(r"[a-z]{2,3}-[A-Z]{2}", p.split("/")[1])})
for folder in [""] + folders:
    base = "docs/" + (folder + "/" if folder else "")
    lang = lang_of(folder) if folder else "en"
    for page in ("README.md", "guide/README.md", "installing/README.md", "faq/README.md"):
        cases.append(case("install-docs/starship", "read_text_file", cut(mirror.show(SS, base + page)), language=lang))
for p in (".github/workflows/install-script.yml", ".github/workflows/release.yml"):
    cases.append(case("install-ci/starship", "read_text_file", cut(mirror.show(SS, p)), language="en"))

NV = "nvm-sh+nvm"
cases.append(case("install-docs/nvm", "read_text_file", cut(mirror.show(NV, "README.md")), language="en"))
for p in ("Dockerfile", ".github/workflows/nodejs-org.yml", ".github/workflows/nvm-install-test.yml", ".github/workflows/windows-npm.yml"):
    cases.append(case("install-ci/nvm", "read_text_file", cut(mirror.show(NV, p)), language="en"))

UV = "astral-sh+uv"
for p in ("README.md", "docs/index.md", "docs/getting-started/installation.md", "docs/reference/installer.md",
          "docs/guides/integration/docker.md", "docs/guides/integration/github.md", "docs/guides/integration/gitlab.md",
          "docs/guides/integration/aws-lambda.md", "CHANGELOG.md"):
    cases.append(case("install-docs/uv", "read_text_file", cut(mirror.show(UV, p)), language="en"))
for p in ("Dockerfile", ".github/workflows/build-docker.yml", "uv.lock"):
    cases.append(case("install-ci/uv", "read_text_file", cut(mirror.show(UV, p)), language="en"))

OMZ = "ohmyzsh+ohmyzsh"
for p in ("README.md", "plugins/encode64/README.md", "plugins/azure/README.md", "plugins/mise/README.md", "plugins/wd/README.md"):
    cases.append(case("install-docs/ohmyzsh", "read_text_file", cut(mirror.show(OMZ, p)), language="en"))

TL = "tldr-pages+tldr"
COMMANDS = ("base64", "base32", "basenc", "sha256sum", "md5sum", "xxd", "gpg", "openssl", "curl", "wget", "ssh-keygen", "uudecode", "certutil")
TLDR_LANG = {"pages": "en", "pages.pt_BR": "pt", "pages.zh_TW": "zh"}
for p in mirror.files(TL, "."):
    parts = p.split("/")
    if len(parts) == 3 and parts[0].startswith("pages") and parts[1] in ("common", "linux") and parts[2][:-3] in COMMANDS and p.endswith(".md"):
        lang = TLDR_LANG.get(parts[0], parts[0][len("pages."):])
        cases.append(case("cli-pages/tldr", "read_text_file", mirror.show(TL, p), language=lang))

AR = "argoproj+argo-cd"
for p in mirror.files(AR, "docs"):
    if p.endswith(".md"):
        text = mirror.show(AR, p)
        if "base64" in text:
            for piece in pieces(text):
                cases.append(case("install-docs/argo-cd", "read_text_file", piece, language="en"))

write("honest-install-docs.json", cases,
      "Documentation that shows its reader commands and encoded text, as server-filesystem returns a file (cut at 6 KB): "
      "starship's README, docs home, guide, installation page and FAQ in every language its docs hold, and its install and release workflows "
      "(github.com/starship/starship, ISC, commit %s); nvm's README, Dockerfile and CI workflows (github.com/nvm-sh/nvm, MIT, commit %s); "
      "uv's README, Dockerfile, installation, installer, Docker, GitHub, GitLab and AWS Lambda pages, changelog, Docker workflow and uv.lock "
      "(github.com/astral-sh/uv, MIT OR Apache-2.0, commit %s); Oh My Zsh's README and the READMEs of its encode64, azure, mise and wd plugins "
      "(github.com/ohmyzsh/ohmyzsh, MIT, commit %s); the tldr pages of base64, base32, basenc, sha256sum, md5sum, xxd, gpg, openssl, curl, wget, "
      "ssh-keygen, uudecode and certutil in every language that has them (github.com/tldr-pages/tldr, CC BY 4.0, commit %s, pages*/{common,linux}/); "
      "Argo CD's docs pages that show base64, in 6 KB pieces (github.com/argoproj/argo-cd, Apache-2.0, commit %s, docs/**.md). "
      "Install one-liners piped into a shell, base64 examples, checksums, hashes and keys. "
      "Rendered by testdata/result/collect/render_round5.py."
      % (COMMITS[SS], COMMITS[NV], COMMITS[UV], COMMITS[OMZ], COMMITS[TL], COMMITS[AR]))
