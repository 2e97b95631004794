package lint

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// TestRequirementOf derives what a few expressions need, and that a text lacking it is not
// matched while one holding it may be.
func TestRequirementOf(t *testing.T) {
	cases := []struct {
		pattern  string
		holds    []string // texts that meet the requirement
		lacks    []string // texts that do not
		anything bool
	}{
		{`(?i)\bignore\s+previous\s+instructions\b`, []string{"IGNORE previous instructions"}, []string{"ignore the rest", "previous instructions"}, false},
		{`(?i)(?:ignor|oubli)[\p{L}]*\s+(?:les\s+)?instructions?`, []string{"Oubliez instructions", "ignorez  toutes les INSTRUCTION"}, []string{"oubliez tout", "instructions"}, false},
		{`(?i)passwords?|credentials?`, []string{"the PASSWORD", "credential"}, []string{"pass word"}, false},
		{`(?i)clé\s+privée`, []string{"CLÉ PRIVÉE", "clé\n  privée"}, []string{"cle privee"}, false},
		{`(?i)kelvin`, []string{"\u212aelvin", "KELVIN"}, []string{"elvin"}, false},
		{`(?i)a\s*b`, nil, nil, true},
		{`.*`, nil, nil, true},
		{`(?i)x{0,3}`, nil, nil, true},
		{`(?i)[\p{L}]+`, nil, nil, true},
	}
	for _, c := range cases {
		need := requirementOf(c.pattern)
		if c.anything {
			if need.kind != reqAnything {
				t.Errorf("%s: needs %v, want anything", c.pattern, need)
			}
			continue
		}
		var lits []string
		var collect func(r *requirement)
		collect = func(r *requirement) {
			if r.kind == reqLiteral {
				lits = append(lits, r.lit)
			}
			for _, s := range r.subs {
				collect(s)
			}
		}
		collect(need)
		f := newWordFilter(lits)
		var resolve func(r *requirement)
		resolve = func(r *requirement) {
			if r.kind == reqLiteral {
				r.id = f.ids[r.lit]
			}
			for _, s := range r.subs {
				resolve(s)
			}
		}
		resolve(need)
		re := regexp.MustCompile(c.pattern)
		for _, text := range c.holds {
			if !need.met(scanWords(f, canon(text), nil)) {
				t.Errorf("%s: %q does not meet %v", c.pattern, text, lits)
			}
		}
		for _, text := range c.lacks {
			if need.met(scanWords(f, canon(text), nil)) {
				t.Errorf("%s: %q meets %v", c.pattern, text, lits)
			}
			if re.MatchString(text) {
				t.Errorf("%s: the case is wrong, %q matches", c.pattern, text)
			}
		}
	}
}

// TestPrefilterFindsTheSame holds the phrases' prefilter to what the phrases find without it:
// on the catalogs of the lint's corpora and the shared ones, and on the texts of the result
// corpus read as a result and in pieces as a long result is, the findings are the same with
// and without it; and wherever a phrase's expression matches a text, the text meets the
// expression's requirement.
//
// Reading without the prefilter is what costs (every language's expressions over every text): by
// default the test reads a fixed sample, and with GATEHOUSE_PREFILTER_FULL=1 (which `make bench`
// sets) all of it. The sample keeps every catalog but three npm catalogs in four, one piece in
// eight of the injected results and one in eight of the honest pieces the full run reads, and a
// third of the short texts every phrase reads.
func TestPrefilterFindsTheSame(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("SKIPPED under wasm: the test reads whole corpora and runs every expression on them; it is the same code natively")
	}
	full := os.Getenv("GATEHOUSE_PREFILTER_FULL") == "1"
	npmEvery, injectedEvery, honestEvery, shortTexts := 4, 8, 128, 100
	if full {
		npmEvery, injectedEvery, honestEvery, shortTexts = 1, 1, 16, 300
	}
	var catalogs []string
	npm := 0
	for _, pattern := range []string{"*/*.json", "*/*/*.json", "*/*/*.json.gz"} {
		files, _ := filepath.Glob(filepath.Join("../../testdata/lint", pattern))
		for _, f := range files {
			if strings.HasPrefix(filepath.ToSlash(f), "../../testdata/lint/npm/") {
				if npm++; npm%npmEvery != 0 {
					continue
				}
			}
			catalogs = append(catalogs, f)
		}
	}
	shared, _ := filepath.Glob(filepath.Join(testenv.SharedDir(t, "corpora/mcp-catalogs"), "*.json"))
	catalogs = append(catalogs, shared...)
	withAndWithout := func(f func() any) (with, without any) {
		prefilterOff = true
		without = f()
		prefilterOff = false
		return f(), without
	}
	began := time.Now()
	for _, path := range catalogs {
		text, err := readMaybeGzip(path)
		if err != nil {
			t.Fatal(err)
		}
		with, without := withAndWithout(func() any { f, _, _ := Text(text, ""); return f })
		if !reflect.DeepEqual(with, without) {
			t.Errorf("%s: the prefilter changes the findings:\nwith:    %v\nwithout: %v", path, with, without)
		}
	}
	// The result corpus's texts, each as a result and in pieces of 4 KB.
	files, _ := filepath.Glob("../../testdata/result/corpus/*.json")
	var texts, injected []string
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		texts = appendTexts(texts, v)
		if strings.HasPrefix(filepath.Base(path), "injected-") {
			injected = appendTexts(injected, v)
		}
	}
	// Long texts are read in pieces of 4 KB, as the result check reads them. Without the
	// prefilter a piece costs up to seconds of the languages' expressions: one piece of the
	// injected texts in injectedEvery is read, of the rest one in honestEvery (TestFindingsRecord
	// in internal/result reads all of it, and long texts joined from it, before and after a
	// change).
	isInjected := map[string]bool{}
	for _, text := range injected {
		isInjected[text] = true
	}
	var pieces []string
	honest, injectedPieces := 0, 0
	for _, text := range texts {
		for start := 0; start < len(text); start += 4 << 10 {
			if !isInjected[text] {
				if honest++; honest%honestEvery != 0 {
					continue
				}
			} else if injectedPieces++; injectedPieces%injectedEvery != 0 {
				continue
			}
			pieces = append(pieces, strings.ToValidUTF8(text[start:min(len(text), start+4<<10)], ""))
		}
	}
	texts = pieces
	t.Logf("%d catalogs read with and without the prefilter in %v (full: %v)", len(catalogs), time.Since(began), full)
	began = time.Now()
	var b strings.Builder
	b.WriteString("[")
	for i, s := range texts {
		if i > 0 {
			b.WriteString(",\n")
		}
		lit, _ := json.Marshal(s)
		b.Write(lit)
	}
	b.WriteString("]")
	doc, probs := jsondoc.ParseString(problem.SourceResult, b.String())
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	for i := range texts {
		ptr := []string{fmt.Sprintf("/%d", i)}
		with, without := withAndWithout(func() any { return ScanText(doc, ptr, "t", ProfileResult) })
		if !reflect.DeepEqual(with, without) {
			t.Errorf("text %d: the prefilter changes the findings:\nwith:    %v\nwithout: %v", i, with, without)
		}
	}
	t.Logf("%d texts of the result corpus read with and without the prefilter in %v", len(texts), time.Since(began))
	began = time.Now()
	// Every phrase, on the poisoned corpora and the injected results' texts, read as the rules
	// read them.
	var phrases []*phrase
	registryPhrases()
	for _, r := range lintRegistry {
		for i := range r.phrases {
			phrases = append(phrases, &r.phrases[i])
		}
	}
	languagePhrases()
	for _, lang := range languages {
		for i := range lang.phrases {
			phrases = append(phrases, &lang.phrases[i].phrase)
		}
	}
	l := newLinter(&catalog.Catalog{})
	var samples []string
	for _, path := range catalogs {
		if strings.Contains(path, "poisoned-") {
			text, _ := readMaybeGzip(path)
			var v any
			if json.Unmarshal([]byte(text), &v) == nil {
				samples = appendTexts(samples, v)
			}
		}
	}
	samples = append(samples, injected...)
	site := &textSite{}

	// The languages' expressions are slow to run in full (what the prefilter spares): the
	// phrases are run on the first shortTexts short texts, those that hold an instruction.
	seen := map[string]bool{}
	defer func() { t.Logf("%d short texts read by every phrase in %v", len(seen), time.Since(began)) }()
	for _, s := range samples {
		if len(s) < 24 || len(s) > 400 || seen[s] || len(seen) >= shortTexts {
			continue
		}
		seen[s] = true
		v := l.newView(&textView{}, site, s, "", 0, len(s))
		views := []*textView{v}
		if v.index != nil {
			raw := *v
			raw.folded, raw.index = v.raw, nil
			views = append(views, &raw)
		}
		for _, view := range views {
			for _, p := range phrases {
				if p.re.MatchString(view.folded) && !l.mayMatch(p, view) {
					t.Errorf("%s matches %q, which does not meet its requirement", p.re.String()[:min(80, len(p.re.String()))], view.folded)
				}
			}
		}
	}
}

// appendTexts appends every string under v.
func appendTexts(out []string, v any) []string {
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, e := range x {
			out = appendTexts(out, e)
		}
	case map[string]any:
		// In the order of the names, so that a sample of the texts is the same every run.
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = appendTexts(append(out, k), x[k])
		}
	}
	return out
}

func readMaybeGzip(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return "", err
		}
		r = z
	}
	b, err := io.ReadAll(r)
	return string(b), err
}

func canon(text string) []byte {
	b, _ := canonicalText(text, nil)
	return b
}

// metByParts is [requirement.met] read part by part, without the packed literals.
func metByParts(r *requirement, found foundWords) bool {
	switch r.kind {
	case reqLiteral:
		return found[r.id/64]&(1<<(r.id%64)) != 0
	case reqAll:
		for _, s := range r.subs {
			if !metByParts(s, found) {
				return false
			}
		}
		return true
	case reqAny:
		for _, s := range r.subs {
			if metByParts(s, found) {
				return true
			}
		}
		return false
	}
	return true
}

// TestPackedRequirementsMeet holds every phrase's requirement, its literal parts packed into the
// words of a scan's answer, to the same requirement read part by part, on the answers of texts
// that hold the phrases and on answers with every bit and with every other bit set.
func TestPackedRequirementsMeet(t *testing.T) {
	buildPhraseTables()
	groupPhrases()
	packed := 0
	for _, g := range phraseGroups {
		g.once.Do(g.build)
		size := (len(g.filter.ids) + 63) / 64
		answers := []foundWords{make(foundWords, size), make(foundWords, size), make(foundWords, size)}
		for i := range size {
			answers[1][i], answers[2][i] = ^uint64(0), 0x5555555555555555
		}
		for _, text := range phraseMatchTexts {
			answers = append(answers, scanWords(g.filter, canon(text), nil))
		}
		for _, p := range g.phrases {
			if p.need.packed {
				packed++
			}
			for _, found := range answers {
				if got, want := p.need.met(found), metByParts(p.need, found); got != want {
					t.Errorf("%.80s: met %v, part by part %v", p.re.String(), got, want)
				}
			}
		}
	}
	if packed == 0 {
		t.Fatal("no requirement was packed")
	}
}
