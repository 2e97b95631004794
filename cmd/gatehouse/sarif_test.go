package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// TestSARIFValidates checks every SARIF output of the golden cases against the SARIF 2.1.0
// schema, with gatehouse's own validator (no network: the schema is draft 4, whose metaschema
// is built in).
func TestSARIFValidates(t *testing.T) {
	schema, err := os.ReadFile(filepath.Join(testenv.SharedDir(t, "suites/sarif"), "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir("testdata")
	checked := 0
	for _, c := range cliCases {
		if !hasArgs(c.args, "--format", "sarif") {
			continue
		}
		var stdin, stdout, stderr bytes.Buffer
		code := run(c.args, c.getenv, &stdin, &stdout, &stderr)
		if code == exitUsage {
			continue // refused before any output: nothing to validate
		}
		checked++
		res := core.Validate(core.ValidateRequest{Schema: string(schema), Instance: stdout.String()})
		if !res.Valid {
			t.Errorf("%s: the SARIF output does not validate against SARIF 2.1.0:\n%v", c.name, res.Problems)
		}
		checkSARIFLocations(t, c.name, stdout.Bytes())
	}
	if checked < 5 {
		t.Fatalf("only %d SARIF outputs checked; the cases lost their --format sarif", checked)
	}
}

// checkSARIFLocations checks what code scanning relies on beyond the schema: every rule id
// starts with gatehouse/, every result names a rule that exists, and every location is a
// relative file path with a line.
func checkSARIFLocations(t *testing.T, name string, out []byte) {
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			ColumnKind string `json:"columnKind"`
			Results    []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%s: %d runs, want 1", name, len(log.Runs))
	}
	run := log.Runs[0]
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("%s: columnKind %q, want unicodeCodePoints (core counts code points)", name, run.ColumnKind)
	}
	rules := run.Tool.Driver.Rules
	for _, r := range run.Results {
		if !strings.HasPrefix(r.RuleID, "gatehouse/") {
			t.Errorf("%s: rule id %q does not start with gatehouse/", name, r.RuleID)
		}
		if r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("%s: result's ruleIndex %d does not point at rule %q", name, r.RuleIndex, r.RuleID)
		}
		for _, loc := range r.Locations {
			uri := loc.PhysicalLocation.ArtifactLocation.URI
			if !strings.HasPrefix(uri, "in/") {
				t.Errorf("%s: artifact uri %q, want the path given on the command line", name, uri)
			}
			if reg := loc.PhysicalLocation.Region; reg != nil && (reg.StartLine < 1 || reg.StartColumn < 1) {
				t.Errorf("%s: region %d:%d is not 1-based", name, reg.StartLine, reg.StartColumn)
			}
		}
	}
}

func hasArgs(args []string, pair ...string) bool {
	for i := 0; i+len(pair) <= len(args); i++ {
		if slices.Equal(args[i:i+len(pair)], pair) {
			return true
		}
	}
	return false
}

// TestFileURI checks the artifact URIs SARIF gets for the paths people type.
func TestFileURI(t *testing.T) {
	cases := []struct{ path, want string }{
		{"catalog.json", "catalog.json"},                            // a plain relative path stays as it is
		{"dir/my tools.json", "dir/my%20tools.json"},                // spaces are escaped
		{"a:b.json", "./a:b.json"},                                  // a colon in the first segment must not read as a scheme
		{"/abs/tools.lock.json", "/abs/tools.lock.json"},            // an absolute path stays absolute
		{"100%.json", "100%25.json"},                                // a percent sign is escaped
		{"ünï/çödé.json", "%C3%BCn%C3%AF/%C3%A7%C3%B6d%C3%A9.json"}, // non-ASCII is percent-encoded UTF-8
	}
	for _, c := range cases {
		if got := fileURI(c.path); got != c.want {
			t.Errorf("fileURI(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}

// TestSARIFOnce: the API's sarif function, given a lint answer's findings, writes the very log
// `gatehouse lint --format sarif` writes, suppressions included: SARIF is written once.
func TestSARIFOnce(t *testing.T) {
	t.Chdir("testdata")
	for _, args := range [][]string{
		{"lint", "--format", "sarif", "in/catalog.v2.json"},
		{"lint", "--format", "sarif", "--ignore-file", "in/lint.ignore.json", "in/catalog.v2.json"},
	} {
		var stdin, stdout, stderr bytes.Buffer
		run(args, func(string) string { return "" }, &stdin, &stdout, &stderr)
		catalog, _ := os.ReadFile("in/catalog.v2.json")
		req := core.LintRequest{Catalog: string(catalog)}
		ignoreURI := ""
		if len(args) > 4 {
			ignore, _ := os.ReadFile("in/lint.ignore.json")
			req.Ignore, ignoreURI = string(ignore), "in/lint.ignore.json"
		}
		lint := core.Lint(req)
		if len(lint.Findings) == 0 {
			t.Fatal("the catalog has no findings: the comparison proves nothing")
		}
		got := core.SARIF(core.SARIFRequest{Findings: lint.Findings, Suppressed: lint.Suppressed, URI: "in/catalog.v2.json", IgnoreURI: ignoreURI})
		if len(got.Problems) > 0 || got.SARIF != stdout.String() {
			t.Errorf("%v: the API's log differs from the CLI's (problems %v)\napi:\n%s\ncli:\n%s", args, got.Problems, got.SARIF, stdout.String())
		}
		if !strings.Contains(got.SARIF, `"security-severity"`) || (ignoreURI != "" && !strings.Contains(got.SARIF, `"suppressions"`)) {
			t.Errorf("%v: no security-severity or suppressions in the log", args)
		}
	}
}
