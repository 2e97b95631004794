package lint_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// A poisonedCase is one poisoned tool of testdata/lint/poisoned-public, with the attack families
// it belongs to, the split it is in ("tune": the rules were shaped with it; "held-out": written
// apart and never tuned on) and where it comes from.
type poisonedCase struct {
	File     string   `json:"file"`
	Tool     string   `json:"tool"`
	Families []string `json:"families"`
	Split    string   `json:"split"`
	Source   string   `json:"source"`
}

const publicDir = "../../testdata/lint/poisoned-public"

func readPoisonedCases(t *testing.T) []poisonedCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(publicDir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []poisonedCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// familyRules maps each attack family to the rules that catch it, from the registry.
func familyRules() map[string][]string {
	m := map[string][]string{}
	for _, r := range lint.Rules {
		for _, f := range r.Families {
			m[f] = append(m[f], r.Name)
		}
	}
	return m
}

// pathRE finds the incidental paths of a payload (a key file, a configuration file, a system
// file), so that a variant without them can be linted: every family must be caught without them.
var pathRE = regexp.MustCompile(`(?:~|\$HOME)?/?(?:\.ssh|\.cursor|\.aws|\.config|\.kube|\.docker)(?:/[\w.*-]+)*|/(?:etc|proc)/[\w./-]+|\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|(?:^|[\s'"\x60(])\.env\b|\bmcp\.json\b|/home/[\w.-]+(?:/[\w.-]+)*`)

// highsOf lints a text and returns, by tool, the rules that gave it a high finding.
func highsOf(t *testing.T, name, text string) map[string]map[string]bool {
	t.Helper()
	res := core.Lint(core.LintRequest{Catalog: text})
	if len(res.Problems) > 0 {
		t.Fatalf("%s: problems %v", name, res.Problems)
	}
	checkFindingsPlaced(t, text, res.Findings)
	out := map[string]map[string]bool{}
	for _, f := range res.Findings {
		if f.Severity != lint.SeverityHigh {
			continue
		}
		if f.Rule == lint.RuleSensitivePath {
			t.Errorf("%s %s: sensitive-path is never high: %s", name, f.Tool, f.Message)
		}
		if out[f.Tool] == nil {
			out[f.Tool] = map[string]bool{}
		}
		out[f.Tool][f.Rule] = true
	}
	return out
}

// TestLintPoisonedPublic holds the rules to the attack families: every poisoned tool of the
// tune split is caught at high by a rule of each of its families, with and without the paths
// its payload names; no rule's high findings come only from a path; and the held-out split,
// which the rules were not shaped with, is measured and reported.
func TestLintPoisonedPublic(t *testing.T) {
	cases := readPoisonedCases(t)
	families := familyRules()
	texts := map[string]string{}
	for _, c := range cases {
		if c.Source == "" {
			t.Errorf("%s %s: no source", c.File, c.Tool)
		}
		if _, ok := texts[c.File]; !ok {
			b, err := os.ReadFile(filepath.Join(publicDir, c.File))
			if err != nil {
				t.Fatal(err)
			}
			texts[c.File] = string(b)
		}
	}
	type tally struct{ caught, total int }
	splits := []string{"tune", "held-out", "held-out-2"}
	bySplit := map[string]map[string]*tally{}
	for _, sp := range splits {
		bySplit[sp] = map[string]*tally{}
	}
	rulesWith, rulesWithout := map[string]int{}, map[string]int{}
	for file, text := range texts {
		with := highsOf(t, file, text)
		stripped := pathRE.ReplaceAllString(text, "the settings file")
		without := highsOf(t, file+" (paths removed)", stripped)
		for _, rules := range with {
			for r := range rules {
				rulesWith[r]++
			}
		}
		for _, rules := range without {
			for r := range rules {
				rulesWithout[r]++
			}
		}
		for _, c := range cases {
			if c.File != file {
				continue
			}
			for _, fam := range c.Families {
				rules, ok := families[fam]
				if !ok {
					t.Errorf("%s %s: unknown family %q", c.File, c.Tool, fam)
					continue
				}
				if bySplit[c.Split] == nil {
					t.Fatalf("%s %s: unknown split %q", c.File, c.Tool, c.Split)
				}
				tl := bySplit[c.Split][fam]
				if tl == nil {
					tl = &tally{}
					bySplit[c.Split][fam] = tl
				}
				tl.total++
				caught := slices.ContainsFunc(rules, func(r string) bool { return with[c.Tool][r] })
				caughtWithout := slices.ContainsFunc(rules, func(r string) bool { return without[c.Tool][r] })
				if caught {
					tl.caught++
				}
				if c.Split != "tune" {
					continue // measured, never tuned on: not even its misses are listed
				}
				if !caught {
					t.Errorf("%s %s: family %s not caught at high (rules %v; high findings %v)", c.File, c.Tool, fam, rules, with[c.Tool])
				} else if !caughtWithout {
					t.Errorf("%s %s: family %s caught at high only because of a path", c.File, c.Tool, fam)
				}
			}
		}
	}
	for r, n := range rulesWith {
		if rulesWithout[r] == 0 {
			t.Errorf("rule %s: its %d high findings all come from a path", r, n)
		}
	}
	for fam := range families {
		if bySplit["tune"][fam] == nil || bySplit["tune"][fam].total < 2 {
			t.Errorf("family %s has fewer than 2 tune cases", fam)
		}
	}
	var b strings.Builder
	names := make([]string, 0, len(families))
	for fam := range families {
		names = append(names, fam)
	}
	sort.Strings(names)
	sums := map[string]*tally{}
	fmt.Fprintf(&b, "  %-22s", "family")
	for _, sp := range splits {
		sums[sp] = &tally{}
		fmt.Fprintf(&b, " %10s", sp)
	}
	b.WriteByte('\n')
	for _, fam := range names {
		fmt.Fprintf(&b, "  %-22s", fam)
		for _, split := range splits {
			tl := bySplit[split][fam]
			if tl == nil {
				tl = &tally{}
			}
			sums[split].caught += tl.caught
			sums[split].total += tl.total
			fmt.Fprintf(&b, " %10s", fmt.Sprintf("%d/%d", tl.caught, tl.total))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "  %-22s", "all")
	for _, sp := range splits {
		fmt.Fprintf(&b, " %10s", fmt.Sprintf("%d/%d", sums[sp].caught, sums[sp].total))
	}
	b.WriteByte('\n')
	t.Logf("poisoned tools caught at high, by family (a tool counts once per family):\n%s", b.String())
	// The held-out splits were written before the rules were tuned and never tuned on; when first
	// measured together they were caught at 45/53. The floor keeps later changes from losing
	// ground there without anyone noticing.
	held := tally{caught: sums["held-out"].caught + sums["held-out-2"].caught, total: sums["held-out"].total + sums["held-out-2"].total}
	if held.caught*100 < 80*held.total {
		t.Errorf("the held-out splits are caught at %d/%d, below the 80%% floor", held.caught, held.total)
	}

}

// TestLintCalibration lints real catalogs — honest servers as they answered tools/list: the 22 of
// ../shared/corpora/mcp-catalogs. At most 1% of the tools may get a high finding.
func TestLintCalibration(t *testing.T) {
	t.Run("shared", func(t *testing.T) { calibrate(t, testenv.SharedDir(t, "corpora/mcp-catalogs")) })
}

func calibrate(t *testing.T, dir string) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogs in %s: %v", dir, err)
	}
	var b strings.Builder
	total, flagged := 0, 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res := core.Lint(core.LintRequest{Catalog: string(text)})
		if len(res.Problems) > 0 {
			t.Errorf("%s: problems %v", filepath.Base(f), res.Problems)
		}
		checkFindingsPlaced(t, string(text), res.Findings)
		doc, _ := jsondoc.Parse(problem.SourceCatalog, text)
		c, _ := catalog.Parse(doc)
		high := map[string]bool{}
		for _, fd := range res.Findings {
			if fd.Severity == lint.SeverityHigh {
				high[fd.Tool] = true
				t.Logf("high on an honest tool: %s %s: %s %s (%s)", filepath.Base(f), fd.Tool, fd.Rule, fd.Message, fd.Evidence)
			}
		}
		total += len(c.Tools)
		flagged += len(high)
		fmt.Fprintf(&b, "  %-36s %4d tools %3d high (%.1f%%)\n", strings.TrimSuffix(filepath.Base(f), ".json"), len(c.Tools), len(high), 100*float64(len(high))/float64(max(1, len(c.Tools))))
	}
	rate := 100 * float64(flagged) / float64(total)
	t.Logf("honest tools with a high finding, by catalog:\n%s  total %d of %d tools (%.2f%%)", b.String(), flagged, total, rate)
	if flagged*100 > total {
		t.Errorf("%d of %d honest tools (%.2f%%) have a high finding; at most 1%% may", flagged, total, rate)
	}
}
