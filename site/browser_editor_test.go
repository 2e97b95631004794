package site_test

// Browser tests of the editor (CodeMirror in a shadow root) and of files in and out.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Key modifiers, as DispatchKeyEvent counts them.
const (
	modCtrl  int64 = 2
	modShift int64 = 8
)

// pressKey sends one key through the browser's input pipeline (keydown, keyup), with modifiers;
// text is what the key types, if anything.
func pressKey(key, code string, keyCode int64, modifiers int64, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: key, Code: code, WindowsVirtualKeyCode: keyCode, Modifiers: modifiers, Text: text}
		if text == "" {
			down.Type = input.DispatchKeyEventTypeRawKeyDown
		}
		if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, down); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: key, Code: code, WindowsVirtualKeyCode: keyCode, Modifiers: modifiers})
		return err
	})
}

// TestBrowserEditor: what people expect of a JSON editor — highlighting, hidden characters
// shown, folding, search, bracket matching, Tab to indent and Escape-then-Tab to leave, and an
// undo history that includes Format.
func TestBrowserEditor(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("editor")
	h.open(ctx, "editor", h.server.URL+"/")
	instance := editorJS("#schema-instance")
	shadow := `document.getElementById('schema-instance').shadowRoot`
	const text = "{\"name\": \"a\u200bb\", \"list\": [1, 2, 3],\n\"nested\": {\"deep\": true}}"
	h.do(ctx, "type a text", stepLimit, typeText("#schema-instance", text),
		waitTrue(instance+`.value.length > 0`),
		// Highlighting comes with the syntax tree, a frame or two later.
		waitTrue(`[...`+shadow+`.querySelectorAll('.cm-line span')].some((e) => e.textContent === 'true')`))

	// Highlighting: the key and the string are drawn in different colours.
	colours := evaluate[[]string](h, ctx, `(() => {
		const spans = [...`+shadow+`.querySelectorAll('.cm-line span')];
		const colour = (s) => getComputedStyle(spans.find((e) => e.textContent === s)).color;
		return [colour('"name"'), colour('true')];
	})()`)
	if colours[0] == colours[1] {
		t.Errorf("a key and a literal have the same colour %s: no highlighting", colours[0])
	}
	// The zero-width space is shown as a labelled mark, as the lint names it.
	if mark := evaluate[string](h, ctx, shadow+`.querySelector('.cm-hidden-char')?.textContent ?? ''`); mark != "⟨U+200B⟩" {
		t.Errorf("hidden character shown as %q, want ⟨U+200B⟩", mark)
	}
	// Folding: the fold gutter folds the first line's object.
	h.do(ctx, "fold line 1", shortLimit,
		chromedp.Evaluate[chromedp.Void](instance+`.view.dispatch({ selection: { anchor: 1 } })`),
		chromedp.Evaluate[chromedp.Void](instance+`.focus()`),
		pressKey("{", "BracketLeft", 219, modCtrl|modShift, ""),
		waitTrue(shadow+`.querySelector('.cm-foldPlaceholder') !== null`),
		pressKey("}", "BracketRight", 221, modCtrl|modShift, ""),
		waitTrue(shadow+`.querySelector('.cm-foldPlaceholder') === null`))
	// Bracket matching: the cursor after "[" marks both brackets.
	h.do(ctx, "match brackets", shortLimit,
		chromedp.Evaluate[chromedp.Void](instance+`.view.dispatch({ selection: { anchor: `+instance+`.value.indexOf('[') + 1 } })`),
		waitTrue(shadow+`.querySelectorAll('.cm-matchingBracket').length === 2`))
	// Search: Ctrl+F opens the search panel.
	h.do(ctx, "open search", shortLimit,
		pressKey("f", "KeyF", 70, modCtrl, ""),
		waitTrue(shadow+`.querySelector('.cm-search input[name=search]') !== null`),
		pressKey("Escape", "Escape", 27, 0, ""),
		waitTrue(shadow+`.querySelector('.cm-search') === null`))
	// Tab indents the line; Escape then Tab leaves the editor.
	h.do(ctx, "Tab indents", shortLimit,
		chromedp.Evaluate[chromedp.Void](instance+`.focus()`),
		chromedp.Evaluate[chromedp.Void](instance+`.view.dispatch({ selection: { anchor: `+instance+`.value.indexOf('\n') + 1 } })`),
		pressKey("Tab", "Tab", 9, 0, ""),
		waitTrue(instance+`.value.includes('\n  "nested"')`),
		pressKey("Escape", "Escape", 27, 0, ""),
		pressKey("Tab", "Tab", 9, 0, ""),
		waitTrue(`document.activeElement?.id !== 'schema-instance'`))
	// Format is one step of the history: Ctrl+Z brings the text back.
	before := evaluate[string](h, ctx, instance+`.value`)
	h.do(ctx, "format, then undo", stepLimit,
		chromedp.Click(chromedp.CSS(`#pane-schema .editor[data-source=instance] button[data-i18n="editor.format"]`)),
		waitTrue(instance+`.value.startsWith('{\n  "name"')`),
		chromedp.Evaluate[chromedp.Void](instance+`.focus()`),
		pressKey("z", "KeyZ", 90, modCtrl, ""),
		waitTrue(fmt.Sprintf(instance+`.value === %q`, before)))
	h.screenshot(ctx, "editor")
	h.checkRequests()
}

// TestBrowserFiles: a file opened or dropped fills the editor (read in the page); Save writes
// the text and each result to a file; texts too big for a link are kept in this browser and
// come back on reload, with a note and a Clear button.
func TestBrowserFiles(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("files")
	downloads := t.TempDir()
	h.do(ctx, "allow downloads", shortLimit, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
		})
		return err
	}))
	h.open(ctx, "files", h.server.URL+"/")
	h.do(ctx, "open a file, drop another", stepLimit,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const input = document.querySelector('#pane-schema .editor[data-source=instance] input[type=file]');
			const files = new DataTransfer();
			files.items.add(new File(['{"opened": 1}'], 'opened.json', { type: 'application/json' }));
			input.files = files.files;
			input.dispatchEvent(new Event('change'));
		})()`),
		waitTrue(editorJS("#schema-instance")+`.value === '{"opened": 1}'`),
		chromedp.Evaluate[chromedp.Void](`(() => {
			const files = new DataTransfer();
			files.items.add(new File(['{"type": "object", "required": ["dropped"]}'], 'dropped.json'));
			document.getElementById('schema-schema').dispatchEvent(new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true }));
		})()`),
		waitTrue(editorJS("#schema-schema")+`.value === '{"type": "object", "required": ["dropped"]}'`),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	if name := evaluate[string](h, ctx, `document.querySelector('#pane-schema .editor[data-source=instance] .file-name').textContent`); name != "opened.json" {
		t.Errorf("the editor names its file %q, want opened.json", name)
	}

	// Save writes the editor's text (under the name it was opened with) and the result.
	h.do(ctx, "save the text and the result", shortLimit,
		chromedp.Click(chromedp.CSS(`#pane-schema .editor[data-source=instance] button[data-i18n="editor.save"]`)),
		chromedp.Click(chromedp.CSS(`#pane-schema button[data-save="validation"]`)))
	waitFile := func(name string) string {
		t.Helper()
		deadline := time.Now().Add(shortLimit)
		for {
			b, err := os.ReadFile(filepath.Join(downloads, name))
			if err == nil && len(b) > 0 {
				return string(b)
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s was not saved: %v", name, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if got := waitFile("opened.json"); got != `{"opened": 1}` {
		t.Errorf("saved text = %q", got)
	}
	day := time.Now().UTC().Format("2006-01-02")
	if got := waitFile("validation-" + day + ".json"); !strings.Contains(got, `"valid": false`) || !strings.Contains(got, "dropped") {
		t.Errorf("saved result = %q, want the validation answer", got)
	}

	// The Diff pane saves the patch, the report, and the lint findings as JSON and SARIF.
	h.do(ctx, "load a diff", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'high'`),
		chromedp.Click(chromedp.CSS(`#pane-diff button[data-save="lint-sarif"]`)),
		chromedp.Click(chromedp.CSS(`#pane-diff button[data-save="report"]`)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('diff-patch-tab').click()`),
		chromedp.Click(chromedp.CSS(`#pane-diff button[data-save="patch"]`)))
	// Saved files are named after what they hold: the lint of a catalog, its diff, its patch, by day.
	// The SARIF is the API's (security-severity, as the CLI writes it).
	if got := waitFile("lint-catalog-" + day + ".sarif"); !strings.Contains(got, `"version": "2.1.0"`) || !strings.Contains(got, `"ruleId": "gatehouse/lint/`) || !strings.Contains(got, `"security-severity"`) {
		t.Errorf("saved SARIF = %.300q", got)
	}
	if got := waitFile("diff-catalog-" + day + ".json"); !strings.Contains(got, `"mode": "catalog"`) {
		t.Errorf("saved report = %.300q", got)
	}
	if got := waitFile("patch-catalog-" + day + ".json"); !strings.Contains(got, `"op": "replace"`) {
		t.Errorf("saved patch = %.300q", got)
	}

	// 2.3 MB that deflate cannot shrink: too big for a link, kept in this browser instead.
	h.do(ctx, "paste 2.3 MB", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-schema")),
		chromedp.Evaluate[chromedp.Void](`(() => {
			const chunks = [];
			for (let i = 0; i < 26; i++) chunks.push(btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(65536)))));
			window.bigText = '"' + chunks.join('') + '"';
			document.getElementById('schema-instance').editor.value = window.bigText;
		})()`),
		waitTrue(`document.getElementById('notice').dataset.code === 'kept' && !document.getElementById('notice-action').hidden`))
	size := evaluate[int](h, ctx, `window.bigText.length`)
	h.do(ctx, "reload", stepLimit,
		chromedp.Reload(),
		waitTrue(`document.body.dataset.restored === 'true'`),
		waitTrue(`document.getElementById('notice').dataset.code === 'kept'`))
	if got := evaluate[int](h, ctx, editorJS("#schema-instance")+`.length`); got != size {
		t.Errorf("after reload the instance holds %d characters, want the %d kept", got, size)
	}
	h.do(ctx, "clear the kept texts", stepLimit,
		chromedp.Click(chromedp.CSS("#notice-action")),
		waitTrue(editorJS("#schema-instance")+`.length === 0`),
		chromedp.Reload(),
		waitTrue(`document.body.dataset.restored === 'true'`))
	if got := evaluate[int](h, ctx, editorJS("#schema-instance")+`.length`); got != 0 {
		t.Errorf("after Clear and reload the instance holds %d characters", got)
	}
	h.checkRequests()
}
