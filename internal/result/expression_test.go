package result

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// TestExpressionsFindAsRegexp holds the result check's expressions, which are tried only where
// one of their branches may start, to what the same pattern finds over the whole text, on every
// string of the result corpus up to 1 KB read as the rules read it (in lower case).
func TestExpressionsFindAsRegexp(t *testing.T) {
	exprs := []*lint.Expression{roleMarker}
	// The expressions that read the text as written, in any case, are held to theirs on it too.
	asWritten := []*lint.Expression{producedWork, translateOrder, actionOrder, codeOffer, stateInstead, stateInsteadOther, replyVerb, replyTarget, codeTarget, offeredCode}
	for _, l := range takeoverLanguages {
		for _, e := range []*lint.Expression{l.override, l.address, l.mention, l.hijack} {
			if e != nil {
				exprs = append(exprs, e)
			}
		}
	}
	files, _ := filepath.Glob("../../testdata/result/corpus/*.json")
	seen, seenWritten := map[string]bool{}, map[string]bool{}
	var texts, written []string
	var collect func(v any)
	collect = func(v any) {
		switch x := v.(type) {
		case string:
			if s := lowerText(x); len(s) <= 1<<10 && !seen[s] {
				seen[s] = true
				texts = append(texts, s)
			}
			if len(x) <= 1<<10 && !seenWritten[x] {
				seenWritten[x] = true
				written = append(written, x)
			}
		case []any:
			for _, e := range x {
				collect(e)
			}
		case map[string]any:
			for _, e := range x {
				collect(e)
			}
		}
	}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		collect(v)
	}
	for _, e := range exprs {
		re := regexp.MustCompile(e.String())
		for _, s := range texts {
			if got, want := e.FindAllStringIndex(s, 8), re.FindAllStringIndex(s, 8); !reflect.DeepEqual(got, want) {
				t.Errorf("%.60s… on %.80q: %v, want %v", e.String(), s, got, want)
			}
		}
	}
	for _, e := range asWritten {
		re := regexp.MustCompile(e.String())
		for _, s := range written {
			if got, want := e.FindAllStringIndex(s, 8), re.FindAllStringIndex(s, 8); !reflect.DeepEqual(got, want) {
				t.Errorf("%.60s… on %.80q: %v, want %v", e.String(), s, got, want)
			}
		}
	}
	// A sentence the set of orders says an order cannot match in, it does not match in.
	var read lint.SetReading
	compiled := map[*lint.Expression]*regexp.Regexp{}
	for _, e := range asWritten {
		compiled[e] = regexp.MustCompile(e.String())
	}
	for _, s := range written {
		sentenceOrders.Read(s, &read)
		for _, e := range asWritten {
			if !read.MayMatch(e) && compiled[e].MatchString(s) {
				t.Errorf("%.60s… on %.80q: the set says it cannot match, and it does", e.String(), s)
			}
		}
	}
	// The encoded runs are found by byte loops that read as the expressions do.
	texts = append(texts, `{"a": 'b', "c":"d"}`, "[ \t\n\f\r\v\"x\", \u00a0'y']", ": :\"", "{,'",
		strings.Repeat("QUJD", 6), strings.Repeat("QUJD", 6)+"===x"+strings.Repeat("a", 24)+"=",
		strings.Repeat("0f", 16), strings.Repeat("0f", 16)+"a", strings.Repeat("ab", 15)+"g"+strings.Repeat("cd", 20))
	for _, s := range texts {
		if got, want := findBase64Runs(s, 16), base64Run.FindAllStringIndex(s, 16); !reflect.DeepEqual(got, want) {
			t.Errorf("base64 runs of %.80q: %v, want %v", s, got, want)
		}
		if got, want := findHexRuns(s, 8), hexRun.FindAllStringIndex(s, 8); !reflect.DeepEqual(got, want) {
			t.Errorf("hex runs of %.80q: %v, want %v", s, got, want)
		}
		if got, want := findValueStarts(s, 256), valueStart.FindAllStringIndex(s, 256); !reflect.DeepEqual(got, want) {
			t.Errorf("value starts of %.80q: %v, want %v", s, got, want)
		}
	}
	t.Logf("%d expressions on %d texts", len(exprs), len(texts))
}

// TestWholeTextExpressionsArePlanned keeps the expressions run over a whole result matched only
// where a match can start (the languages' expressions read only the windows around their keys): one such expression searched in full (a Unicode class in one branch
// of roleMarker did it) made the check of 10 KB of README text nine times slower, with every
// answer the same.
func TestWholeTextExpressionsArePlanned(t *testing.T) {
	whole := map[string]*lint.Expression{
		"roleMarker": roleMarker, "claimedAuthority": claimedAuthority, "claimedAuthorityElsewhere": claimedAuthorityElsewhere,
		"markdownTarget": markdownTarget, "htmlImage": htmlImage, "fillURL": fillURL,
	}
	for name, e := range whole {
		if !e.Planned() {
			t.Errorf("%s is searched through the whole text: give each of its branches a leading literal, and no Unicode class (\\p{L}) unless it is planned whole", name)
		}
	}
}
