package lint_test

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// The calibration test measures the rules as someone outside would: on honest servers the rules
// were not shaped with, and on poisoned tools from sources they were not shaped with. Each set
// has a "tune" part (looked at while the rules were written) and a "report" part (only counted);
// the test asserts on the report parts and prints everything.

// An honestServer is one real catalog, as a server answered tools/list.
type honestServer struct {
	set, name, split, text string
	// batch names the npm round a server was collected in when it was kept apart (manifest.json):
	// a batch whose name is in neverTunedBatches was measured and never tuned on.
	batch string
}

// neverTunedBatches are the npm batches collected and measured before any rule was changed for
// them, and never tuned on since: every server of them is in the report split, whatever its hash.
var neverTunedBatches = map[string]bool{"fresh-3": true, "fresh-5": true, "fresh-6": true}

// tunedBatches are batches that were reported once, never tuned, and then moved to the tune side
// (their highs read and judged): every server of them is in the tune split, whatever its hash.
var tunedBatches = map[string]bool{"fresh-4": true}

// manifestBatches reads, from a corpus's manifest (the npm corpus's or the GitHub corpus's, both
// {"servers": [{"file", "batch", …}]}), the batch of each catalog file that has one: a later
// collection, counted on its own beside its split.
func manifestBatches(t *testing.T, dir string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Servers []struct {
			File  string `json:"file"`
			Batch string `json:"batch"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range m.Servers {
		if e.Batch != "" {
			out[filepath.Base(e.File)] = e.Batch
		}
	}
	return out
}

// readCatalogFile reads a catalog, gzip-compressed when its name ends in .gz.
func readCatalogFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return "", fmt.Errorf("%s: %w", path, err)
		}
		r = z
	}
	b, err := io.ReadAll(r)
	return string(b), err
}

// heldOutServer splits the new npm corpus by a hash of the server's name, so that which servers
// are reported on is fixed before anyone looks at their findings: half are tuned on, half only
// reported.
func heldOutServer(name string) bool {
	sum := sha256.Sum256([]byte(name))
	return sum[0]&1 == 1
}

// npmCorpusDir is the new corpus of honest npm servers (GATEHOUSE_LINT_NPM overrides it, to
// measure a corpus still being collected).
func npmCorpusDir() string {
	if d := os.Getenv("GATEHOUSE_LINT_NPM"); d != "" {
		return d
	}
	return "../../testdata/lint/npm"
}

// githubCorpusDir is the corpus of honest servers read statically from GitHub (its README).
const githubCorpusDir = "../../testdata/lint/github"

// freshDir holds poisoned tools from sources none of the other sets drew on, labelled before
// any rule was changed for them and never tuned on: all of it is in the report split.
const freshDir = "../../testdata/lint/poisoned-fresh"

func wildDir() string {
	if d := os.Getenv("GATEHOUSE_LINT_WILD"); d != "" {
		return d
	}
	return "../../testdata/lint/poisoned-wild"
}

func honestServers(t *testing.T) []honestServer {
	t.Helper()
	var out []honestServer
	batches := manifestBatches(t, npmCorpusDir())
	ghBatches := manifestBatches(t, githubCorpusDir)
	add := func(set, dir, pattern string, split func(string) string) {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, f := range files {
			text, err := readCatalogFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f), ".gz"), ".json")
			s := honestServer{set: set, name: name, split: split(name), text: text}
			if set == "github" {
				s.batch = ghBatches[filepath.Base(f)]
			}
			if set == "npm" {
				s.batch = batches[filepath.Base(f)]
				switch {
				case neverTunedBatches[s.batch]:
					s.split = "report"
				case tunedBatches[s.batch]:
					s.split = "tune"
				}
			}
			out = append(out, s)
		}
	}
	tune := func(string) string { return "tune" }
	add("shared", testenv.SharedDir(t, "corpora/mcp-catalogs"), "*.json", tune)
	add("benign", "../../testdata/lint/benign", "*.json", tune)
	// The honest twins the fresh sources publish beside their poisoned tools (a decoy that names
	// a key file to say it never reads it): reported, never tuned on.
	add("fresh", filepath.Join(freshDir, "honest"), "*.json", func(string) string { return "report" })
	npmSplit := func(name string) string {
		if heldOutServer(name) {
			return "report"
		}
		return "tune"
	}
	for _, pattern := range []string{"*.json", "*.json.gz"} {
		add("npm", filepath.Join(npmCorpusDir(), "catalogs"), pattern, npmSplit)
	}
	// Servers from GitHub that are not on npm (mostly Python and Go), read from their source: split
	// by the same hash of the server's name, fixed before their first lint.
	add("github", filepath.Join(githubCorpusDir, "catalogs"), "*.json", npmSplit)
	return out
}

// A wildCase is one poisoned tool with its families, its language, its split and its source.
type wildCase struct {
	File     string   `json:"file"`
	Tool     string   `json:"tool"`
	Families []string `json:"families"`
	Language string   `json:"language"`
	Split    string   `json:"split"`
	Source   string   `json:"source"`
	// Kind, in the multilingual set, is the instruction family the text was written for
	// (override, concealment, coercion, exfiltration, priority, shadowing, secrets).
	Kind string `json:"kind"`
	// Batch, in the fresh set, is the batch a case came in (its README): each batch was measured
	// once before anything was changed for it, and is printed on its own.
	Batch int `json:"batch"`
	set   string
	text  string
}

func readCases(t *testing.T, set, dir string, required bool) []wildCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "cases.json"))
	if err != nil {
		if !required && os.IsNotExist(err) {
			t.Logf("%s: no cases yet (%v)", set, err)
			return nil
		}
		t.Fatal(err)
	}
	var cases []wildCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatalf("%s: %v", set, err)
	}
	texts := map[string]string{}
	for i := range cases {
		c := &cases[i]
		c.set = set
		if c.Language == "" {
			c.Language = "en"
		}
		switch c.Split {
		case "held-out", "held-out-2":
			c.Split = "report"
		case "tune", "report":
		default:
			t.Errorf("%s %s %s: unknown split %q", set, c.File, c.Tool, c.Split)
		}
		if _, ok := texts[c.File]; !ok {
			text, err := readCatalogFile(filepath.Join(dir, c.File))
			if err != nil {
				t.Fatal(err)
			}
			texts[c.File] = text
		}
		c.text = texts[c.File]
	}
	return cases
}

func poisonedCases(t *testing.T) []wildCase {
	var all []wildCase
	all = append(all, readCases(t, "public", publicDir, true)...)
	all = append(all, readCases(t, "lang", "../../testdata/lint/poisoned-lang", true)...)
	all = append(all, readCases(t, "wild", wildDir(), true)...)
	all = append(all, readCases(t, "fresh", freshDir, true)...)
	return all
}

// highTools lints a catalog and returns, by tool, the rules that gave it a high finding.
func highTools(text string) (map[string][]lint.Finding, int, error) {
	// A catalog with problems (a tool whose inputSchema is not an object) is still linted, as the
	// CLI lints it; only one that does not parse is an error.
	findings, _, _ := lint.Text(text, "")
	out := map[string][]lint.Finding{}
	for _, f := range findings {
		if f.Severity == lint.SeverityHigh {
			out[f.Tool] = append(out[f.Tool], f)
		}
	}
	n, err := catalogOf(text)
	return out, n, err
}

// kindRules are the rules that catch each instruction family of the multilingual set at high.
var kindRules = map[string][]string{
	"instruction-override": {lint.RuleInstructionOverride, lint.RuleInstructionTag},
	"concealment":          {lint.RuleInstructionConcealment},
	"coercion":             {lint.RuleInstructionCoercion},
	"exfiltration":         {lint.RuleExfiltrationInstruction, lint.RuleExfiltrationParameter},
	"priority-hijack":      {lint.RuleInstructionPriority},
	"cross-tool-steering":  {lint.RuleToolShadowing},
	"secret-fetching":      {lint.RuleInstructionCoercion, lint.RuleExfiltrationInstruction, lint.RuleDeclaredHarvesting},
}

// wildFamilies are the families poisoned-wild adds to the registry's, for tools that fit none of
// those alone (its README), with the rules that catch each at high.
var wildFamilies = map[string][]string{
	"wrapper-tag": {lint.RuleInstructionTag, lint.RuleInstructionOverride, lint.RuleInstructionConcealment, lint.RuleInstructionCoercion,
		lint.RuleExfiltrationInstruction, lint.RuleInstructionPriority, lint.RuleToolShadowing, lint.RuleCovertRecipient},
	"fetch-secrets":       {lint.RuleInstructionCoercion, lint.RuleExfiltrationInstruction, lint.RuleDeclaredHarvesting, lint.RuleExfiltrationParameter},
	"parameter-channel":   {lint.RuleExfiltrationParameter, lint.RuleExfiltrationInstruction},
	"tool-disparagement":  {lint.RuleToolShadowing, lint.RuleInstructionPriority},
	"result-manipulation": {lint.RuleInstructionOverride, lint.RuleToolShadowing, lint.RuleInstructionCoercion, lint.RuleInstructionPriority},
	"script-injection":    {lint.RuleExfiltrationInstruction, lint.RuleEncodedCommand, lint.RuleInstructionTag},
}

// The thresholds of issue 16.
const (
	maxHonestHighPermille = 5 // honest tools with a high finding, per thousand
	maxHighPerServer      = 2
	minCaughtPercent      = 95
	// minLanguagePercent is what the multilingual set's held-out wordings meet by language (the
	// issue's 95% per family is printed, not met on every cell).
	minLanguagePercent = 85
)

// cellFloors are the family cells each set and split (and each fresh batch) catches at high, as
// last measured: a change that loses one fails here and says where. Raise a floor when a change
// gains ground; a new batch gets its first figure (measured before any rule was written for it)
// and then the figure after its round. maxHonestHighTools is the same for honest tools with a
// high finding, as a ceiling.
var cellFloors = map[string]int{
	"fresh/report/batch3":  8,   // of 18
	"fresh/report/batch4":  1,   // of 3
	"fresh/report/batch5":  14,  // of 15
	"fresh/report/batch6":  4,   // of 9
	"fresh/report/batch7":  3,   // of 11
	"fresh/report/batch8":  11,  // of 15
	"fresh/report/batch9":  12,  // of 22
	"fresh/report/batch10": 33,  // of 52
	"fresh/report/batch11": 7,   // of 12
	"fresh/report/batch12": 21,  // of 23
	"fresh/tune/batch1":    29,  // of 29
	"fresh/tune/batch2":    33,  // of 36
	"fresh/tune/batch3":    21,  // of 21
	"fresh/tune/batch4":    17,  // of 17
	"fresh/tune/batch5":    22,  // of 22
	"fresh/tune/batch6":    50,  // of 52
	"fresh/tune/batch7":    14,  // of 14
	"fresh/tune/batch8":    24,  // of 24
	"fresh/tune/batch9":    27,  // of 27
	"fresh/tune/batch10":   119, // of 123
	"fresh/tune/batch11":   32,  // of 32
	"fresh/tune/batch12":   35,  // of 36
	"lang/report":          140, // of 140
	"lang/tune":            142, // of 142
	"public/report":        53,  // of 53
	"public/tune":          57,  // of 57
	"wild/report":          121, // of 123
	"wild/tune":            175, // of 176
}

const maxHonestHighTools = 14 // of 13,750

// TestLintCalibrationOutside prints the calibration table and asserts what is met (see the
// package's calibration note in ../../docs or the report): honest tools with a high on
// held-out servers, and every family caught at high in each language on held-out poisoned tools.
func TestLintCalibrationOutside(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("SKIPPED under wasm: the calibration reads whole corpora and is measured natively; the same rules run under wasm in the golden and unit tests")
	}
	// Honest servers: the rules learn nothing from a server, so leaving one out is reading it
	// with rules that never saw it; the splits say which servers the rules were tuned on.
	type tally struct{ servers, tools, flagged int }
	bySet := map[string]*tally{}
	var over, overTuned []string
	var lines []string
	for _, s := range honestServers(t) {
		highs, n, err := highTools(s.text)
		if err != nil {
			t.Errorf("%s/%s: %v", s.set, s.name, err)
			continue
		}
		key := s.set + "/" + s.split
		tl := bySet[key]
		if tl == nil {
			tl = &tally{}
			bySet[key] = tl
		}
		tl.servers++
		tl.tools += n
		tl.flagged += len(highs)
		where := s.set + "/" + s.name
		if s.batch != "" {
			// A batch is also counted on its own (its servers stay in their split's line too).
			bk := s.set + " batch " + s.batch
			if s.set == "npm" && neverTunedBatches[s.batch] {
				bk += ": never tuned"
			}
			bt := bySet[bk]
			if bt == nil {
				bt = &tally{}
				bySet[bk] = bt
			}
			bt.servers++
			bt.tools += n
			bt.flagged += len(highs)
			where += " [" + s.batch + "]"
		}
		if len(highs) > maxHighPerServer {
			over = append(over, fmt.Sprintf("%s (%d)", where, len(highs)))
			if s.split == "tune" {
				overTuned = append(overTuned, s.set+"/"+s.name)
			}
		}
		for tool, fs := range highs {
			f := fs[0]
			lines = append(lines, fmt.Sprintf("  %s %s %s: %s %q", s.split, where, tool, f.Rule, f.Evidence))
		}
	}
	sort.Strings(lines)
	var b strings.Builder
	fmt.Fprintf(&b, "honest tools with a high finding:\n")
	keys := make([]string, 0, len(bySet))
	for k := range bySet {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	all := tally{}
	for _, k := range keys {
		tl := bySet[k]
		fmt.Fprintf(&b, "  %-32s %4d servers %5d tools %3d high (%.2f%%)\n", k, tl.servers, tl.tools, tl.flagged, 100*float64(tl.flagged)/float64(max(1, tl.tools)))
		if !strings.Contains(k, " batch ") {
			all.servers, all.tools, all.flagged = all.servers+tl.servers, all.tools+tl.tools, all.flagged+tl.flagged
		}
	}
	fmt.Fprintf(&b, "  %-32s %4d servers %5d tools %3d high (%.2f%%)\n", "all", all.servers, all.tools, all.flagged, 100*float64(all.flagged)/float64(max(1, all.tools)))
	fmt.Fprintf(&b, "  servers with more than %d: %v\n%s\n", maxHighPerServer, over, strings.Join(lines, "\n"))
	t.Log(b.String())
	if all.flagged > maxHonestHighTools {
		t.Errorf("%d honest tools have a high finding; the ceiling is %d (cellFloors' note)", all.flagged, maxHonestHighTools)
	}
	if all.flagged*1000 > maxHonestHighPermille*all.tools {
		t.Errorf("%d of %d honest tools have a high finding; at most %d‰ may", all.flagged, all.tools, maxHonestHighPermille)
	}
	// Asserted on the servers tuned on; the held-out ones above the bound are printed (see the
	// report): they are what the rules do on servers nobody looked at.
	if len(overTuned) > 0 {
		t.Errorf("tuned servers with more than %d tools with a high finding: %v", maxHighPerServer, overTuned)
	}

	// Poisoned tools, by family (or, in the multilingual set, by the kind written) and language.
	families := familyRules()
	for fam, rules := range wildFamilies {
		families[fam] = rules
	}
	type catch struct{ caught, total int }
	table := map[string]map[string]*catch{} // split/row → language → tally
	langs := map[string]bool{}
	highsByFile := map[string]map[string][]lint.Finding{}
	var misses []string
	reportMisses := 0
	langSet := map[string]*catch{} // the multilingual set: split/language → tally
	// bySetSplit counts, per set and split, the family cells caught and the tools caught at high
	// on every family they belong to, so that a set kept apart (fresh) reads on its own.
	type setTally struct{ cells, cellsCaught, tools, toolsAll, toolsAny int }
	bySetSplit := map[string]*setTally{}
	for _, c := range poisonedCases(t) {
		key := c.set + "/" + c.File
		highs, ok := highsByFile[key]
		if !ok {
			var err error
			if highs, _, err = highTools(c.text); err != nil {
				t.Errorf("%s: %v", key, err)
			}
			highsByFile[key] = highs
		}
		rows := c.Families
		if c.Kind != "" {
			rows = []string{c.Kind}
		}
		stKey := c.set + "/" + c.Split
		if c.Batch > 0 {
			stKey += fmt.Sprintf("/batch%d", c.Batch)
		}
		st := bySetSplit[stKey]
		if st == nil {
			st = &setTally{}
			bySetSplit[stKey] = st
		}
		st.tools++
		caughtRows := 0
		if len(highs[c.Tool]) > 0 {
			st.toolsAny++
		}
		for _, row := range rows {
			rules, known := families[row]
			if c.Kind != "" {
				rules, known = kindRules[row]
			}
			if !known {
				t.Errorf("%s %s: unknown family %q", key, c.Tool, row)
			}
			caught := slices.ContainsFunc(highs[c.Tool], func(f lint.Finding) bool { return slices.Contains(rules, f.Rule) })
			k := c.Split + "/" + row
			if table[k] == nil {
				table[k] = map[string]*catch{}
			}
			tl := table[k][c.Language]
			if tl == nil {
				tl = &catch{}
				table[k][c.Language] = tl
			}
			langs[c.Language] = true
			tl.total++
			if c.set == "lang" {
				lk := c.Split + "/" + c.Language
				if langSet[lk] == nil {
					langSet[lk] = &catch{}
				}
				langSet[lk].total++
				if caught {
					langSet[lk].caught++
				} else if c.Split == "tune" {
					t.Errorf("%s %s %s: %s in %s, tuned on, is not caught at high", c.set, c.File, c.Tool, row, c.Language)
				}
			}
			st.cells++
			if caught {
				st.cellsCaught++
				caughtRows++
			}
			if caught {
				tl.caught++
			} else if c.Split != "report" || os.Getenv("GATEHOUSE_LIST_REPORTED") != "" {
				misses = append(misses, fmt.Sprintf("  %s %s %s %s [%s %s]", c.Split, c.set, c.File, c.Tool, row, c.Language))
			} else {
				// The report side's misses are counted in the table, not listed: reading them
				// case by case is tuning on them. GATEHOUSE_LIST_REPORTED=1 lists them, for a
				// note written after the rules are settled.
				reportMisses++
			}
		}
		if caughtRows == len(rows) {
			st.toolsAll++
		}
	}
	langList := slices.Sorted(func(yield func(string) bool) {
		for l := range langs {
			if !yield(l) {
				return
			}
		}
	})
	rowKeys := make([]string, 0, len(table))
	for k := range table {
		rowKeys = append(rowKeys, k)
	}
	sort.Strings(rowKeys)
	b.Reset()
	fmt.Fprintf(&b, "poisoned tools caught at high, by split/family and language:\n  %-34s", "")
	for _, l := range langList {
		fmt.Fprintf(&b, " %7s", l)
	}
	b.WriteByte('\n')
	var short []string
	for _, k := range rowKeys {
		fmt.Fprintf(&b, "  %-34s", k)
		for _, l := range langList {
			tl := table[k][l]
			if tl == nil {
				fmt.Fprintf(&b, " %7s", "")
				continue
			}
			fmt.Fprintf(&b, " %7s", fmt.Sprintf("%d/%d", tl.caught, tl.total))
			if strings.HasPrefix(k, "report/") && tl.caught*100 < minCaughtPercent*tl.total {
				short = append(short, fmt.Sprintf("%s %s %d/%d", k, l, tl.caught, tl.total))
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "by set and split (family cells caught at high; tools caught on every family; tools with any high):\n")
	for _, k := range slices.Sorted(maps.Keys(bySetSplit)) {
		st := bySetSplit[k]
		fmt.Fprintf(&b, "  %-22s %3d/%-3d cells %3d/%-3d tools on every family %3d/%-3d with a high\n", k, st.cellsCaught, st.cells, st.toolsAll, st.tools, st.toolsAny, st.tools)
	}
	for _, k := range slices.Sorted(maps.Keys(cellFloors)) {
		if st := bySetSplit[k]; st == nil || st.cellsCaught < cellFloors[k] {
			got := 0
			if st != nil {
				got = st.cellsCaught
			}
			t.Errorf("%s: %d family cells caught at high, below its floor of %d", k, got, cellFloors[k])
		}
	}
	sort.Strings(misses)
	fmt.Fprintf(&b, "missed (tune side; %d report-side misses not listed):\n%s\n", reportMisses, strings.Join(misses, "\n"))
	t.Log(b.String())
	if len(short) > 0 {
		t.Logf("held-out cells below %d%% (not asserted, see the report): %v", minCaughtPercent, short)
	}
	// The multilingual set's held-out wordings, never tuned on: every language caught at high in
	// at least minLanguagePercent of them, all families together (each family has two wordings per
	// language, too few for a per-family percentage).
	for k, tl := range langSet {
		if strings.HasPrefix(k, "report/") && tl.caught*100 < minLanguagePercent*tl.total {
			t.Errorf("multilingual set, held-out %s: %d/%d caught at high, below %d%%", k, tl.caught, tl.total, minLanguagePercent)
		}
	}
}

// catalogOf counts a catalog's tools, or -1 when it does not parse.
func catalogOf(text string) (int, error) {
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, text)
	if doc == nil {
		return -1, fmt.Errorf("%v", probs)
	}
	c, probs := catalog.Parse(doc)
	if c == nil {
		return -1, fmt.Errorf("%v", probs)
	}
	return len(c.Tools), nil
}
