package result_test

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/result"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// TestFindingsRecord is the before-and-after check of a change to the text engine that must
// not change what it finds (a faster matcher, a cheaper way to place findings): it writes every
// finding the lint and the result check give on every corpus in the repository (the lint's
// catalogs, honest and poisoned, the shared catalogs, the result corpus with its calibration
// catalogs, the result goldens, and long results read in pieces) as one line each, rule,
// severity, place, evidence and message, to the file GATEHOUSE_FINDINGS_RECORD names; with
// GATEHOUSE_FINDINGS_COMPARE it compares them with such a file written before the change and
// fails on the first lines that differ. Record on the code before the change, compare after:
//
//	GATEHOUSE_FINDINGS_RECORD=/tmp/before.txt go test ./internal/result -run TestFindingsRecord
//	GATEHOUSE_FINDINGS_COMPARE=/tmp/before.txt go test ./internal/result -run TestFindingsRecord
func TestFindingsRecord(t *testing.T) {
	record, compare := os.Getenv("GATEHOUSE_FINDINGS_RECORD"), os.Getenv("GATEHOUSE_FINDINGS_COMPARE")
	if record == "" && compare == "" {
		t.Skip("GATEHOUSE_FINDINGS_RECORD or GATEHOUSE_FINDINGS_COMPARE names no file")
	}
	lines := findingLines(t)
	if record != "" {
		if err := os.WriteFile(record, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d lines written to %s", len(lines), record)
		return
	}
	f, err := os.Open(compare)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		before = append(before, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	differ := 0
	for i := 0; i < max(len(before), len(lines)) && differ < 20; i++ {
		var b, a string
		if i < len(before) {
			b = before[i]
		}
		if i < len(lines) {
			a = lines[i]
		}
		if a != b {
			t.Errorf("line %d differs:\n before: %s\n after:  %s", i+1, b, a)
			differ++
		}
	}
	if len(before) != len(lines) {
		t.Errorf("%d lines before, %d after", len(before), len(lines))
	}
	t.Logf("%d lines compared", len(lines))
}

// findingLines lists the findings of every corpus, in a fixed order.
func findingLines(t *testing.T) []string {
	var out []string
	lintFinding := func(name string, f lint.Finding) string {
		return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%d:%d\t%q\t%q\t%s\t%q", name, f.Rule, f.Severity, f.Tool, f.Pointer, f.Line, f.Column, f.Evidence, f.Message, f.DecodedFrom, f.Why)
	}
	lintFile := func(name, text string) {
		findings, suppressed, probs := lint.Text(text, "")
		out = append(out, fmt.Sprintf("%s\tlint\t%d findings\t%d suppressed\t%d problems", name, len(findings), len(suppressed), len(probs)))
		for _, f := range findings {
			out = append(out, lintFinding(name, f))
		}
	}
	// The lint's corpora, every catalog file under testdata/lint, and the shared catalogs.
	root := "../../testdata/lint"
	var files []string
	if err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".json.gz")) {
			files = append(files, path)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	shared, _ := filepath.Glob(filepath.Join(testenv.SharedDir(t, "corpora/mcp-catalogs"), "*.json"))
	files = append(files, shared...)
	for _, path := range files {
		text, err := readMaybeGzip(path)
		if err != nil {
			t.Fatal(err)
		}
		name := path
		if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
			name = "lint/" + rel
		} else {
			name = "shared/" + filepath.Base(path)
		}
		lintFile(name, text)
	}

	check := func(name string, c *result.Checker, req result.Request) {
		rep := c.Check(req)
		sum := sha256.Sum256(rep.Replacement)
		out = append(out, fmt.Sprintf("%s\tcheck\t%s\t%q\t%d findings\t%d problems\t%d stripped\t%x", name, rep.Verdict, rep.Reasons, len(rep.Findings), len(rep.Problems), rep.Stripped, sum[:8]))
		for _, f := range rep.Findings {
			out = append(out, lintFinding(name, f))
		}
	}
	// The result corpus, with the catalogs the calibration reads it with.
	catalogs := map[string]string{
		"honest-filesystem.json": "catalog-filesystem.json",
		"honest-everything.json": "catalog-everything.json",
		"honest-sql.json":        "catalog-sql.json",
	}
	corpus, _ := filepath.Glob("../../testdata/result/corpus/*.json")
	var texts []string // every string of the corpus, for the long results below
	for _, path := range corpus {
		file := filepath.Base(path)
		if strings.HasPrefix(file, "catalog-") {
			continue
		}
		c := result.New(catalogText(t, catalogs[file]), "", nil)
		for i, tc := range loadCorpus(t, file) {
			check(fmt.Sprintf("result/%s/%d", file, i), c, result.Request{Result: tc.Response, Tool: tc.Tool})
			var v any
			if json.Unmarshal(tc.Response, &v) == nil {
				texts = appendStrings(texts, v)
			}
		}
	}
	// The result goldens.
	goldens, _ := filepath.Glob("../../testdata/result/golden/*/result.json")
	plain := result.New("", "", nil)
	for _, path := range goldens {
		dir := filepath.Dir(path)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tool, _ := os.ReadFile(filepath.Join(dir, "tool.txt"))
		cat, _ := os.ReadFile(filepath.Join(dir, "catalog.json"))
		pol, _ := os.ReadFile(filepath.Join(dir, "policy.json"))
		call, _ := os.ReadFile(filepath.Join(dir, "call.json"))
		c := result.New(string(cat), string(pol), nil)
		check("golden/"+filepath.Base(dir), c, result.Request{Result: text, Tool: strings.TrimSpace(string(tool)), Call: string(call)})
	}
	// Long results, read in pieces: the benchmark's READMEs, and every text of the corpus in
	// one block, with its line breaks and on one line.
	for _, n := range []int{10 << 10, 100 << 10, 1000 << 10} {
		check(fmt.Sprintf("long/readme/%d", n), plain, result.Request{Result: benchResult(t, n), Tool: "read_text_file"})
	}
	all := strings.Join(texts, "\n\n")
	for _, n := range []int{300 << 10, 900 << 10} {
		s := all[:min(n, len(all))]
		for len(s) > 0 && s[len(s)-1]&0xc0 == 0x80 {
			s = s[:len(s)-1]
		}
		block := func(s string) []byte {
			lit, _ := json.Marshal(s)
			return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":%s}]}}`, lit)
		}
		check(fmt.Sprintf("long/corpus/%d", n), plain, result.Request{Result: block(s), Tool: "read_text_file"})
		check(fmt.Sprintf("long/corpus-one-line/%d", n), plain, result.Request{Result: block(strings.ReplaceAll(s, "\n", " ")), Tool: "read_text_file"})
	}
	return out
}

// appendStrings appends every string under v, members in sorted order.
func appendStrings(out []string, v any) []string {
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, e := range x {
			out = appendStrings(out, e)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = appendStrings(out, x[k])
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
