package site_test

// Browser tests of what the page says and where: the verdict in view at every width, words in
// each language that agree with their counts, reasons and findings called so, a reply with no
// call, the Schema pane's examples and formats switch, marks in sight, the way out of an editor,
// and the Diff pane's marks, swap, array order and file names.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pageLanguages are the languages the page speaks.
var pageLanguages = []string{"en", "fr", "de"}

// setLanguage picks a language in the page's picker, as a person would.
func setLanguage(lang string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const s = document.getElementById('lang');
		s.value = %q;
		s.dispatchEvent(new Event('change'));
	})()`, lang))
}

// settled waits until a pane's result is no longer working.
func settled(summaryID string) chromedp.Action[chromedp.Void] {
	return waitTrue(fmt.Sprintf(`!['idle', 'busy'].includes(document.getElementById(%q).dataset.state)`, summaryID))
}

// shootViewport saves what the window shows for a person to look at.
func (h *harness) shootViewport(ctx context.Context, name string) {
	h.t.Helper()
	h.keepPicture(ctx, name, chromedp.CaptureScreenshot())
}

// keepPicture takes a picture with shoot and saves it to the temporary directory for a person
// to look at. Headless Chromium has left a capture unanswered (15 minutes, once, in a clean-clone
// CI): the picture is for a person, so one that does not come within 30 s is logged and skipped.
func (h *harness) keepPicture(ctx context.Context, name string, shoot chromedp.Action[[]byte]) {
	h.t.Helper()
	shot, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(shot, shoot)
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		h.t.Logf("screenshot %s: no picture within 30 s, skipped", name)
		return
	}
	if err != nil {
		h.t.Errorf("screenshot: %v", err)
		return
	}
	path := filepath.Join(os.TempDir(), "gatehouse-"+name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		h.t.Errorf("screenshot: %v", err)
		return
	}
	h.t.Logf("screenshot: %s", path)
}

// runAxe fails the test for each serious or critical violation axe-core finds.
func (h *harness) runAxe(ctx context.Context, where string) {
	h.t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
		const result = await axe.run(document, { resultTypes: ['violations'] });
		return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
			.map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | '));
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("%s: axe: %v", where, err)
	}
	for _, v := range got {
		h.t.Errorf("%s: axe: %s", where, v)
	}
}

// verdictInView is a JavaScript expression, true when a pane's verdict is in the window: its
// summary line, or the verdict bar saying the same words.
func verdictInView(summaryID string) string {
	return fmt.Sprintf(`(() => {
		const summary = document.getElementById(%q);
		const words = summary.querySelector('.status')?.textContent.trim();
		const inView = (el) => {
			if (!el || !el.checkVisibility()) return false;
			const r = el.getBoundingClientRect();
			return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5;
		};
		const bar = summary.closest('.pane-body').querySelector('.verdict-bar .status');
		return Boolean(words) && (inView(summary.querySelector('.status')) || (inView(bar) && bar.textContent.trim() === words));
	})()`, summaryID)
}

// The panes with the example each test loads, and the editor a person types in.
var examplePanes = []struct{ name, menu, example, summary, editor string }{
	{"schema", "#schema-examples", "invalid", "schema-summary", "#schema-instance"},
	{"decision", "#decision-examples", "send-deny", "decision-summary", "#decision-policy"},
	{"diff", "#diff-examples", "rug-pull", "diff-summary", "#diff-right"},
}

// TestBrowserVerdictInView: on every pane, in each language, at 1400×900 and on a 390×844
// phone, the verdict is in the window with the page at its top and while a person types in an
// editor; "jump to result" brings the result itself into view; the verdict is a polite live
// region; axe finds nothing serious. Screenshots of each land in $TMPDIR.
func TestBrowserVerdictInView(t *testing.T) {
	axe := axeSource(t)
	h := newHarness(t)
	ctx := h.newTab("verdict")
	h.open(ctx, "verdict", h.server.URL+"/")
	h.do(ctx, "load axe", stepLimit, chromedp.Evaluate[chromedp.Void](axe))
	for _, p := range examplePanes {
		h.do(ctx, "load "+p.example, stepLimit, chromedp.Click(chromedp.CSS("#tab-"+p.name)), chooseExample(p.menu, p.example), settled(p.summary))
		if live := evaluate[string](h, ctx, fmt.Sprintf(`document.getElementById(%q).parentElement.getAttribute('aria-live')`, p.summary)); live != "polite" {
			t.Errorf("%s: the verdict is not a polite live region (aria-live=%q)", p.name, live)
		}
	}
	jumps := 0
	for _, lang := range pageLanguages {
		for _, s := range []screen{screens[0], screens[2]} {
			h.do(ctx, lang+" "+s.name, stepLimit, setLanguage(lang), emulate(s))
			for _, p := range examplePanes {
				where := fmt.Sprintf("%s %s %s", lang, s.name, p.name)
				h.do(ctx, where+": the page at its top", stepLimit,
					chromedp.Click(chromedp.CSS("#tab-"+p.name)), settled(p.summary),
					chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
				h.do(ctx, where+": the verdict in view", shortLimit, waitTrue(verdictInView(p.summary)))
				h.shootViewport(ctx, fmt.Sprintf("verdict-%s-%s-%s", lang, s.name, p.name))
				h.runAxe(ctx, where)
				h.do(ctx, where+": typing in "+p.editor, shortLimit,
					chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
						document.querySelector(%q).scrollIntoView({ block: 'center' });
						%s.focus();
					})()`, p.editor, editorJS(p.editor))),
					waitTrue(verdictInView(p.summary)))
				h.do(ctx, where+": back to the top", shortLimit,
					chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), waitTrue(verdictInView(p.summary)))
				if !evaluate[bool](h, ctx, fmt.Sprintf(`document.querySelector('#pane-%s .verdict-bar').checkVisibility()`, p.name)) {
					continue // the result itself is in view: there is nowhere to jump
				}
				jumps++
				h.do(ctx, where+": jump to the result", shortLimit,
					chromedp.Click(chromedp.CSS(fmt.Sprintf("#pane-%s .verdict-jump", p.name))),
					waitTrue(fmt.Sprintf(`(() => {
						const r = document.getElementById(%q).getBoundingClientRect();
						return r.top >= 0 && r.bottom <= innerHeight && document.activeElement?.tagName === 'H2';
					})()`, p.summary)))
			}
		}
	}
	if jumps < 9 {
		t.Errorf("the verdict bar was needed only %d times: the results are expected below the editors on phones", jumps)
	}
	h.checkRequests()
}

// englishWords are words of the page's English that are not French or German: one left in a
// French or German string is a string someone forgot to translate.
var englishWords = regexp.MustCompile(`(?i)\b(the|and|of|with|is|are|not|for|from|this|that|what|which|high|medium|low|problems|findings?|reasons?|changed|added|removed|unchanged|missing|lines?|show|save|open|wrap|copy|cancel|result|working|loading|share|language|calls?|left|right|swap|ignore|order|jump|examples?|nothing|every|none|here|there|leave|press|then|keyboard|drift|valid)\b`)

// frenchEnglish are English words that are German words too but not French ("Tool", "Text" and
// "Problem" are German).
var (
	frenchEnglish = regexp.MustCompile(`(?i)\b(tools?|text|problem)\b`)
	// One German word for a tool: "Tool", as core says it.
	germanWerkzeug = regexp.MustCompile(`Werkzeug`)
)

// Plural agreement, as a count of one (0 or 1 in French) must read.
var (
	englishOnePlural = regexp.MustCompile(`\b1 (problems|tools|findings|lint findings|lines|reasons|calls|operations|patch operations|changes|formats)\b`)
	// Go's \b is a boundary of ASCII words: "refusé" would read as "refus" before it.
	frenchOnePlural = regexp.MustCompile(`(?:^|[^\p{L}\d])[01] (\p{L}+[sx])(?:$|[^\p{L}])`)
	germanOnePlural = regexp.MustCompile(`\b1 (Probleme|Befunde|Lint-Befunde|Tools|Zeilen|Gründe|Aufrufe|Aufrufen|Operationen|Patch-Operationen|Änderungen|Formate|fehlen)\b`)
	// Words written with a count that are singular in French though they end in s or x.
	frenchSingularSX = map[string]bool{"fois": true, "pas": true, "sans": true}
)

// identifiers strips what is not a word of the language from a string: quoted names, code,
// pointers, URLs and identifiers (allow_tools, tools/list, argumentsValid).
var identifiers = regexp.MustCompile("`[^`]*`|[“\"«„][^”\"»“]*[”\"»“]|\\S*[_/.$@~{}]\\S*|\\b\\p{Ll}+\\p{Lu}\\S*")

// TestBrowserWords renders every string of the page in each language with the counts 0, 1, 2
// and 21: a count agrees with its words (CLDR plural categories: "one" is 1 in English and
// German, 0 and 1 in French), no English word is left in French or German, severities are words
// of the language, and German says "Tool" and nothing else for a tool.
func TestBrowserWords(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("words")
	h.open(ctx, "words", h.server.URL+"/")
	type rendered struct {
		Key, Text string
		N         int
		Counted   bool
	}
	all, err := chromedp.Run(ctx, chromedp.Evaluate[map[string][]rendered](`(async () => {
		const i18n = await import('./i18n.js');
		const keys = new Set();
		for (const strings of Object.values(i18n.catalogs)) {
			for (const key of Object.keys(strings)) keys.add(key);
		}
		// A plural form ("key.one") is rendered through its key.
		for (const key of [...keys]) {
			const base = key.replace(/\.(zero|one|two|few|many|other)$/, '');
			if (base !== key && keys.has(base)) keys.delete(key);
		}
		const out = {};
		for (const lang of i18n.languages) {
			i18n.setLanguage(lang);
			out[lang] = [];
			for (const key of keys) {
				if (key.startsWith('lang.')) continue;
				for (const n of [0, 1, 2, 21]) {
					const vars = new Proxy({}, { has: () => true, get: (_, name) => (name === 'n' ? n : String(n)) });
					const counted = /\{n\}/.test(i18n.catalogs.en[key] ?? '') || /\{n\}/.test(i18n.catalogs[lang][key] ?? '');
					out[lang].push({ Key: key, Text: i18n.t(key, { ...Object.fromEntries([...(i18n.catalogs.en[key] ?? '').matchAll(/\{(\w+)\}/g)].map((m) => [m[1], String(n)])), n }), N: n, Counted: counted });
				}
			}
		}
		i18n.setLanguage(document.documentElement.lang);
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(all["en"]) < 800 {
		t.Fatalf("only %d strings rendered", len(all["en"]))
	}
	for _, lang := range pageLanguages {
		for _, r := range all[lang] {
			words := identifiers.ReplaceAllString(r.Text, " ")
			switch lang {
			case "en":
				if r.Counted && r.N == 1 && englishOnePlural.MatchString(r.Text) {
					t.Errorf("en %s, n=1: %q", r.Key, r.Text)
				}
			case "fr":
				if m := englishWords.FindString(words); m != "" {
					t.Errorf("fr %s: the English word %q is left in %q", r.Key, m, r.Text)
				} else if m := frenchEnglish.FindString(words); m != "" {
					t.Errorf("fr %s: the English word %q is left in %q", r.Key, m, r.Text)
				}
				if r.Counted && r.N <= 1 {
					for _, m := range frenchOnePlural.FindAllStringSubmatch(r.Text, -1) {
						if !frenchSingularSX[m[1]] {
							t.Errorf("fr %s, n=%d: %q reads as a plural (in French, one covers 0 and 1)", r.Key, r.N, r.Text)
						}
					}
				}
			case "de":
				if m := englishWords.FindString(words); m != "" {
					t.Errorf("de %s: the English word %q is left in %q", r.Key, m, r.Text)
				}
				if germanWerkzeug.MatchString(r.Text) {
					t.Errorf("de %s: %q says Werkzeug where the page and core say Tool", r.Key, r.Text)
				}
				if r.Counted && r.N == 1 && germanOnePlural.MatchString(r.Text) {
					t.Errorf("de %s, n=1: %q", r.Key, r.Text)
				}
			}
		}
	}
	h.checkRequests()
}

// noteOf is the note under an editor ("1 reason, from line 4").
func noteOf(selector string) string {
	return fmt.Sprintf(`document.querySelector(%q).closest('.editor').querySelector('.editor-note').textContent`, selector)
}

// TestBrowserNoToolCall: a reply in words reads, in each language, that it has no tool call
// because the model answered in text — once — with the words found, and no empty tool name or
// "unknown" format.
func TestBrowserNoToolCall(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("text")
	h.open(ctx, "text", h.server.URL+"/")
	phrase := map[string]string{"en": "the model answered in text", "fr": "le modèle a répondu par du texte", "de": "Das Modell hat mit Text geantwortet"}
	h.do(ctx, "a reply in words", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "send-deny"),
		settled("decision-summary"),
		typeText("#decision-call", `{"choices":[{"message":{"content":"Hello!"}}]}`),
		waitTrue(`document.querySelector('#pane-decision [data-verdict]')?.dataset.reason === 'tool_not_allowlisted' && document.getElementById('pane-decision').textContent.includes('Hello!')`))
	for _, lang := range pageLanguages {
		h.do(ctx, lang, stepLimit, setLanguage(lang), settled("decision-summary"),
			waitTrue(fmt.Sprintf(`document.querySelector('#pane-decision .result').textContent.includes(%q)`, phrase[lang])))
		result := evaluate[string](h, ctx, `document.querySelector('#pane-decision .decision-output').innerText`)
		// textContent, not innerText: a row under content-visibility: auto that has not been laid
		// out yet is left out of innerText, though a person scrolling to it reads it.
		cards := evaluate[string](h, ctx, `[...document.querySelectorAll('#pane-decision .verdicts, #pane-decision .problem-box')].map((e) => e.textContent).join('\n')`)
		if n := strings.Count(cards, phrase[lang]); n != 1 {
			t.Errorf("%s: %q is said %d times, want once:\n%s", lang, phrase[lang], n, cards)
		}
		if n := strings.Count(cards, "Hello!"); n != 1 {
			t.Errorf("%s: the words found are shown %d times, want once:\n%s", lang, n, cards)
		}
		if strings.Contains(cards, `""`) || strings.Contains(cards, "unknown") {
			t.Errorf("%s: an empty tool name or an unknown format is shown:\n%s", lang, cards)
		}
		if summary := evaluate[string](h, ctx, `document.getElementById('decision-summary').textContent`); !strings.Contains(summary, map[string]string{"en": "no tool call", "fr": "aucun appel d’outil", "de": "kein Tool-Aufruf"}[lang]) {
			t.Errorf("%s: the verdict line says %q", lang, summary)
		}
		_ = result
	}
	h.shootViewport(ctx, "no-tool-call")
	h.checkRequests()
}

// TestBrowserReasonsNotProblems: a valid policy that denies a call marks reasons, not problems;
// the right-hand Diff editor's lint findings are findings; a text that does not parse still has
// problems.
func TestBrowserReasonsNotProblems(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("words")
	h.open(ctx, "words", h.server.URL+"/")
	want := map[string][2]string{"en": {"reason", "lint finding"}, "fr": {"raison", "constat"}, "de": {"Grund", "Lint-Befund"}}
	bad := map[string]string{"en": "problem", "fr": "problème", "de": "Problem"}
	h.do(ctx, "a valid policy that denies, a rug pull", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "send-deny"), settled("decision-summary"),
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"), settled("diff-summary"),
		waitTrue(noteOf("#diff-right")+` !== ''`))
	for _, lang := range pageLanguages {
		h.do(ctx, lang, stepLimit, setLanguage(lang), settled("decision-summary"), settled("diff-summary"),
			waitTrue(noteOf("#decision-policy")+fmt.Sprintf(`.includes(%q)`, want[lang][0])),
			waitTrue(noteOf("#diff-right")+fmt.Sprintf(`.includes(%q)`, want[lang][1])))
		for _, sel := range []string{"#decision-policy", "#decision-call", "#diff-right"} {
			if note := evaluate[string](h, ctx, noteOf(sel)); strings.Contains(note, bad[lang]) {
				t.Errorf("%s %s: %q calls a reason or a finding a problem", lang, sel, note)
			}
		}
	}
	h.do(ctx, "a call that does not parse", stepLimit,
		setLanguage("en"),
		chromedp.Click(chromedp.CSS("#tab-decision")),
		typeText("#decision-call", `{"type":`),
		waitTrue(noteOf("#decision-call")+`.includes('1 problem')`))
	h.checkRequests()
}

// TestBrowserSchemaExamples: the Schema pane's Examples menu has a valid and an invalid call, a
// $ref across two documents, a oneOf, a false schema in words and a format; "Assert formats" is
// off by default, says when a format was not asserted, and travels in the link.
func TestBrowserSchemaExamples(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("schema")
	h.open(ctx, "schema", h.server.URL+"/")
	for _, ex := range []struct{ id, state, says string }{
		{"valid", "valid", ""},
		{"invalid", "invalid", "value must be one of"},
		{"ref", "invalid", "got number, want string"},
		{"one-of", "invalid", "missing property 'number'"},
		{"unevaluated", "invalid", `property "bcc" is not allowed here (unevaluatedProperties: false)`},
		{"format", "valid", "'not-an-email' is not valid email"},
	} {
		h.do(ctx, "example "+ex.id, stepLimit,
			chooseExample("#schema-examples", ex.id),
			waitTrue(fmt.Sprintf(`document.getElementById('schema-summary').dataset.state === %q`, ex.state)),
			waitTrue(fmt.Sprintf(`document.querySelector('#pane-schema .result').textContent.includes(%q)`, ex.says)))
	}
	if n := evaluate[int](h, ctx, `document.querySelectorAll('#pane-schema [popover] [data-example]').length`); n < 4 {
		t.Errorf("the Schema pane offers %d examples", n)
	}
	if evaluate[bool](h, ctx, `document.getElementById('schema-assert-formats').checked`) {
		t.Error("formats are asserted by default")
	}
	if !evaluate[bool](h, ctx, `document.getElementById('schema-unasserted')?.checkVisibility() ?? false`) {
		t.Error("no hint that the format was not asserted")
	}
	h.do(ctx, "assert formats", stepLimit,
		chromedp.Click(chromedp.CSS("#schema-assert-formats")),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	link := h.share(ctx)
	fresh := h.newTab("fresh")
	h.open(fresh, "fresh", link)
	h.do(fresh, "the link asserts formats", stepLimit,
		waitTrue(`document.getElementById('schema-assert-formats').checked`),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	h.do(ctx, "the $ref example's documents", stepLimit,
		chooseExample("#schema-examples", "ref"),
		waitTrue(`document.querySelectorAll('#pane-schema .doc-tab').length === 2`))
	h.checkRequests()
}

// TestBrowserMarksInSight: jumping to a problem far to the right of a long line scrolls it into
// view; lint evidence is cut between words.
func TestBrowserMarksInSight(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("marks")
	h.open(ctx, "marks", h.server.URL+"/")
	long := `{"padding": "` + strings.Repeat("x", 160) + `", "decision": "yes"}`
	h.do(ctx, "a problem at column 180", stepLimit,
		chooseExample("#schema-examples", "valid"),
		typeText("#schema-instance", long),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`),
		chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#pane-schema .problems button.located')].find((b) => b.textContent.includes('/decision')).click()`),
		waitTrue(`(() => {
			const view = document.getElementById('schema-instance').editor.view;
			const { from } = view.state.selection.main;
			const at = view.coordsAtPos(from);
			const box = view.scrollDOM.getBoundingClientRect();
			return from > 150 && at && at.left >= box.left && at.right <= box.right;
		})()`))
	h.do(ctx, "lint evidence", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"), settled("diff-summary"),
		waitTrue(`document.querySelectorAll('#pane-diff .lint .evidence').length > 0`))
	for _, e := range evaluate[[]string](h, ctx, `[...document.querySelectorAll('#pane-diff .lint .evidence')].map((e) => e.textContent)`) {
		if strings.HasPrefix(e, "…oject") || strings.HasSuffix(e, "personalize…") || strings.HasSuffix(e, "resul…") {
			t.Errorf("evidence cut inside a word: %q", e)
		}
	}
	h.checkRequests()
}

// TestBrowserEditorKeys: the page says how to leave an editor, each editor says it in its
// accessible description, and each editor's buttons are a group named after it, each button
// naming the editor it acts on ("Policy: Format"), in each language.
func TestBrowserEditorKeys(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("keys")
	h.open(ctx, "keys", h.server.URL+"/")
	escape := map[string]string{"en": "Escape", "fr": "Échap", "de": "Escape"}
	format := map[string]string{"en": "Policy: Format", "fr": "Politique : Formater", "de": "Richtlinie: Formatieren"}
	for _, lang := range pageLanguages {
		h.do(ctx, lang, shortLimit, setLanguage(lang))
		if hint := evaluate[string](h, ctx, `document.getElementById('keys-hint').textContent`); !strings.Contains(hint, escape[lang]) {
			t.Errorf("%s: the page does not say how to leave an editor: %q", lang, hint)
		}
		described := evaluate[[]string](h, ctx, `[...document.querySelectorAll('.editor-area')].map((a) => a.id + ' ' + (a.shadowRoot.querySelector('.cm-content')?.getAttribute('aria-description') ?? ''))`)
		for _, d := range described {
			if !strings.Contains(d, escape[lang]) {
				t.Errorf("%s: an editor's description does not say how to leave it: %q", lang, d)
			}
		}
		groups := evaluate[[]string](h, ctx, `[...document.querySelectorAll('.editor-tools')].map((g) => (g.getAttribute('role') ?? '') + '|' + (g.getAttribute('aria-label') ?? ''))`)
		for _, g := range groups {
			if !strings.HasPrefix(g, "group|") || len(g) < 8 {
				t.Errorf("%s: an editor's buttons are not a named group: %q", lang, g)
			}
		}
		if got := evaluate[string](h, ctx, `document.querySelector('#pane-decision .editor:has(#decision-policy) button[data-i18n="editor.format"]').getAttribute('aria-label')`); got != format[lang] {
			t.Errorf("%s: the policy's Format button is named %q, want %q", lang, got, format[lang])
		}
		names := evaluate[[]string](h, ctx, `[...document.querySelectorAll('.editor-tools button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)`)
		seen := map[string]bool{}
		for _, n := range names {
			if seen[n] {
				t.Errorf("%s: two editor buttons share the name %q", lang, n)
			}
			seen[n] = true
		}
	}
	h.checkRequests()
}

// TestBrowserDiffTools: a plain JSON diff marks both editors (changed, added, removed) and
// lists where they differ; Swap exchanges the sides; "Ignore array order" matches elements by
// content and travels in the link; the empty pane says how to get a catalog.
func TestBrowserDiffTools(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("diff")
	h.open(ctx, "diff", h.server.URL+"/")
	h.do(ctx, "the empty pane", shortLimit, chromedp.Click(chromedp.CSS("#tab-diff")))
	if howto := evaluate[string](h, ctx, `document.getElementById('diff-howto')?.textContent ?? ''`); !strings.Contains(howto, "gatehouse catalog -- ") {
		t.Errorf("the empty Diff pane does not say how to get a catalog: %q", howto)
	}
	marks := func(id string) string {
		return fmt.Sprintf(`[...document.getElementById(%q).shadowRoot.querySelectorAll('.cm-diff-changed, .cm-diff-added, .cm-diff-removed')].map((e) => e.className.match(/cm-diff-(\w+)/)[1])`, id)
	}
	h.do(ctx, "two policies", stepLimit,
		chooseExample("#diff-examples", "json-arrays"),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'patch'`),
		waitTrue(marks("diff-left")+`.length > 0 && `+marks("diff-right")+`.length > 0`))
	left, right := evaluate[[]string](h, ctx, marks("diff-left")), evaluate[[]string](h, ctx, marks("diff-right"))
	if !slicesContain(left, "changed") || !slicesContain(right, "changed") || !slicesContain(right, "added") {
		t.Errorf("marks: left %v, right %v; want changed on both sides and added on the right", left, right)
	}
	ordered := evaluate[int](h, ctx, `document.querySelectorAll('#pane-diff .places li').length`)
	h.do(ctx, "ignore array order", stepLimit,
		chromedp.Click(chromedp.CSS("#diff-ignore-order")),
		waitTrue(fmt.Sprintf(`document.querySelectorAll('#pane-diff .places li').length < %d`, ordered)))
	if places := evaluate[[]string](h, ctx, `[...document.querySelectorAll('#pane-diff .places li')].map((e) => e.dataset.change + ' ' + e.querySelector('code').textContent)`); len(places) != 2 {
		t.Errorf("ignoring order, want fetch_url for search_docs and send added to the grant: %v", places)
	}
	before := evaluate[string](h, ctx, editorJS("#diff-left")+`.value`)
	h.do(ctx, "swap", stepLimit,
		chromedp.Click(chromedp.CSS("#diff-swap")),
		waitTrue(editorJS("#diff-right")+fmt.Sprintf(`.value === %q`, before)))
	link := h.share(ctx)
	fresh := h.newTab("fresh")
	h.open(fresh, "fresh", link)
	h.do(fresh, "the link ignores array order", stepLimit,
		waitTrue(`document.getElementById('diff-ignore-order').checked`),
		waitTrue(editorJS("#diff-right")+fmt.Sprintf(`.value === %q`, before)))
	h.checkRequests()
}

func slicesContain(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
