package i18n

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseLang(t *testing.T) {
	for _, c := range []struct {
		tag  string
		want Lang
		ok   bool
	}{
		{"", English, true}, // the default
		{"en", English, true},
		{"fr", French, true},
		{"de", German, true},
		{"FR", French, true},    // any case
		{"fr-CH", French, true}, // a region
		{"de_AT", German, true}, // a POSIX spelling
		{"en-GB", English, true},
		{"es", English, false}, // a language gatehouse does not speak
		{"français", English, false},
		{"fr-", English, false}, // not a tag
		{"-fr", English, false},
		{"f", English, false},
	} {
		got, ok := ParseLang(c.tag)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseLang(%q) = %q, %v; want %q, %v", c.tag, got, ok, c.want, c.ok)
		}
	}
}

func TestFromLocale(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{}, English},                                                       // nothing set: the C locale
		{map[string]string{"LANG": "fr_FR.UTF-8"}, French},                                   // codeset dropped
		{map[string]string{"LANG": "de_CH"}, German},                                         // a territory
		{map[string]string{"LANG": "de_DE@euro"}, German},                                    // a modifier
		{map[string]string{"LANG": "fr"}, French},                                            // the language alone
		{map[string]string{"LANG": "C"}, English},                                            // C
		{map[string]string{"LANG": "POSIX"}, English},                                        // POSIX
		{map[string]string{"LANG": "C.UTF-8"}, English},                                      // C with a codeset
		{map[string]string{"LANG": "ja_JP.UTF-8"}, English},                                  // another language
		{map[string]string{"LC_MESSAGES": "fr_BE", "LANG": "de_DE"}, French},                 // LC_MESSAGES before LANG
		{map[string]string{"LC_ALL": "de_DE", "LC_MESSAGES": "fr_FR", "LANG": "fr"}, German}, // LC_ALL before both
		{map[string]string{"LC_ALL": "C", "LANG": "fr_FR"}, English},                         // LC_ALL=C wins
		{map[string]string{"LC_ALL": "", "LANG": "de_DE"}, German},                           // an empty variable is unset
	} {
		if got := FromLocale(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("FromLocale(%v) = %q, want %q", c.env, got, c.want)
		}
	}
}

// TestEnglishIsFmt: the helpers write English exactly as fmt does, translation or not.
func TestEnglishIsFmt(t *testing.T) {
	tr := Open(French)
	defer tr.Close()
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"the text is %s; the limit is %s", []any{"1.0 MiB", "32.0 MiB"}},
		{"%d bytes", []any{12}},
		{"%q changed", []any{"a\"b"}},
		{"pin: %w", []any{fmt.Errorf("x")}},
	} {
		want := fmt.Sprintf(c.format, c.args...)
		if strings.Contains(c.format, "%w") {
			want = fmt.Errorf(c.format, c.args...).Error()
			if got := Errorf(c.format, c.args...).Error(); got != want {
				t.Errorf("Errorf(%q) = %q, want %q", c.format, got, want)
			}
			continue
		}
		if got := Sprintf(c.format, c.args...); got != want {
			t.Errorf("Sprintf(%q) = %q, want %q", c.format, got, want)
		}
	}
}

// TestTranslateNested: a message inside a message is translated with it; data (a quoted value)
// is not; a sentence marked with T is found in the catalog; the library's error kinds and
// derived texts write themselves.
func TestTranslateNested(t *testing.T) {
	for _, l := range []Lang{French, German} {
		tr := Open(l)
		inner := Sprintf("unknown type %s: the types are %s", `"strnig"`, "array, string")
		outer := Sprintf("the inputSchema of %s: %s", `"search"`, Sprintf("not a valid schema: %s", inner))
		got := tr.Text(outer)
		want := l.Sprintf("the inputSchema of %s: %s", `"search"`, l.Sprintf("not a valid schema: %s", l.Sprintf("unknown type %s: the types are %s", `"strnig"`, "array, string")))
		if got != want || got == outer {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
		if !strings.Contains(got, `"search"`) || !strings.Contains(got, `"strnig"`) {
			t.Errorf("%s: the quoted values changed: %q", l, got)
		}
		if s := T("the arguments are not valid JSON"); tr.Text(s) == s {
			t.Errorf("%s: the marked sentence %q was not translated", l, s)
		}
		// %q quotes data: a value that happens to spell a message stays as it is.
		quoted := Sprintf("tool %q has no inputSchema", "the root")
		if got := tr.Text(quoted); !strings.Contains(got, `"the root"`) {
			t.Errorf("%s: %q translated a quoted value", l, got)
		}
		derived := Derived("[x]", Sprintf("%d bytes", 3), func(lang Lang, s string) string { return "[" + s + "]" })
		if got, want := tr.Text(derived), "["+l.Sprintf("%d bytes", 3)+"]"; got != want {
			t.Errorf("%s: derived %q, want %q", l, got, want)
		}
		joined := Join([]string{T("a number"), `"x"`}, T("; "))
		if got := tr.Text(joined); !strings.HasPrefix(got, l.Text("a number")) || !strings.HasSuffix(got, `"x"`) {
			t.Errorf("%s: joined %q", l, got)
		}
		if missing := tr.Missing(); len(missing) > 0 {
			t.Errorf("%s: missing %q", l, missing)
		}
		if got := tr.Text("a text nobody built"); got != "a text nobody built" || len(tr.Missing()) != 1 {
			t.Errorf("%s: an unknown text: %q, missing %q", l, got, tr.Missing())
		}
		tr.Close()
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		n    int
		want string
	}{
		{English, 0, "0 problems"}, {English, 1, "1 problem"}, {English, 2, "2 problems"},
		{French, 0, "0 problème"}, {French, 1, "1 problème"}, {French, 2, "2 problèmes"}, // French writes 0 in the singular
		{German, 0, "0 Probleme"}, {German, 1, "1 Problem"}, {German, 2, "2 Probleme"},
	} {
		tr := Open(c.lang)
		if got := tr.Text(Plural(c.n, T("%d problem"), T("%d problems"))); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lang, c.n, got, c.want)
		}
		tr.Close()
	}
}

// TestNothingRememberedInEnglish: while no translation is open, building a message costs what
// fmt costs and leaves nothing behind.
func TestNothingRememberedInEnglish(t *testing.T) {
	if Remembering() {
		t.Skip("SKIPPED: a translation is open in another test")
	}
	before := registrySize()
	for i := range 1000 {
		Sprintf("the value is %d characters long; expected at most %d", i, 3)
	}
	if after := registrySize(); after != before {
		t.Errorf("the registry grew from %d to %d with no translation open", before, after)
	}
}

// TestRegistryBounded: an open translation finds every message of its answer however many there
// are; once it is closed the registry shrinks back to its limit, and a translation that keeps an
// old stamp is told when what it needed was forgotten.
func TestRegistryBounded(t *testing.T) {
	old := Open(French)
	stamp := Now()
	kept := Sprintf("the catalog has no tool named %s", `"kept"`)
	old.Close()

	tr := Open(French)
	n := 3 * registryLimit
	texts := make([]string, n)
	for i := range texts {
		texts[i] = Sprintf("the value is %d characters long; expected at most %d", i, 3)
	}
	for i, s := range texts {
		if got := tr.Text(s); got == s {
			t.Fatalf("message %d of %d was forgotten while its translation was open", i, n)
		}
	}
	tr.Close()
	if size := registrySize(); size > registryLimit {
		t.Errorf("%d texts kept after the translations closed, limit %d", size, registryLimit)
	}
	later := Open(French)
	defer later.Close()
	if later.Keep(stamp) {
		t.Errorf("Keep reports %q kept, but %d texts were remembered since and the limit is %d", kept, n, registryLimit)
	}
	recent := Now()
	again := Sprintf("the catalog has no tool named %s", `"kept"`)
	if !later.Keep(recent) || later.Text(again) == again {
		t.Errorf("a text remembered since the stamp is not kept")
	}
}

func registrySize() int {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return len(registry.byText)
}

// BenchmarkSprintf is the cost of a message with and without a translation open.
func BenchmarkSprintf(b *testing.B) {
	b.Run("english", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			Sprintf("the value is %d characters long; expected at most %d", i, 3)
		}
	})
	b.Run("translating", func(b *testing.B) {
		tr := Open(French)
		defer tr.Close()
		for i := 0; b.Loop(); i++ {
			Sprintf("the value is %d characters long; expected at most %d", i, 3)
		}
	})
}

// TestRegistryRepeats: a message repeated many times is one text; the queue of texts does not
// grow with the repeats.
func TestRegistryRepeats(t *testing.T) {
	for range 5 {
		tr := Open(German)
		for range 20000 {
			Sprintf("the value is %d characters long; expected at most %d", 7, 3)
		}
		tr.Close()
	}
	registry.mu.Lock()
	queued := len(registry.order) - registry.head
	registry.mu.Unlock()
	if limit := 4*registrySize() + 1024; queued > limit {
		t.Errorf("%d texts queued for %d remembered", queued, registrySize())
	}
}

// TestTextThatIsItsOwnArgument: Sprintf("%v", err) remembers a text equal to its argument's;
// translating it writes the argument as data instead of translating it again without end.
func TestTextThatIsItsOwnArgument(t *testing.T) {
	for _, l := range []Lang{French, German} {
		tr := Open(l)
		err := fmt.Errorf("nosuch.json: %w", fmt.Errorf("no such file or directory"))
		inner := Sprintf("%v", err)
		outer := Sprintf("gatehouse %s: %s\n", "lint", Sprintf("%v", Errorf("%v", err)))
		if got := tr.Text(inner); got != err.Error() {
			t.Errorf("%s: Text(%q) = %q", l, inner, got)
		}
		if got := tr.Text(outer); !strings.Contains(got, err.Error()) {
			t.Errorf("%s: Text(%q) = %q, want the error's text in it", l, outer, got)
		}
		// A message of gatehouse's own, passed on through "%v", keeps its translation.
		own := Errorf("%s: not JSON (nor JSON with comments): %v", "a.json", "x")
		if got, want := tr.Text(Sprintf("%v", own)), map[Lang]string{French: "ce n'est pas du JSON", German: "kein JSON"}[l]; !strings.Contains(got, want) {
			t.Errorf("%s: Text(Sprintf(%%v, %q)) = %q, want it translated", l, own, got)
		}
		tr.Close()
	}
}
