//go:build secondopinion

// The second opinion experiment (issue 16, item 5): a logistic regression over hashed n-grams of
// a tool's text, trained on the repository's public corpora only, allowed only to raise a tool
// whose worst finding from a rule is medium to high. Run with
//
//	go test -tags secondopinion ./internal/lint -run TestSecondOpinion -v -timeout 30m
//
// What it measures, and how it keeps what it is measured on apart from what it learns:
//
//   - Training data is public only: the honest npm catalogs and ../shared/corpora/mcp-catalogs,
//     the poisoned tools whose source is a public page or repository. Never the benign
//     catalogs or the tools written in this repository (poisoned-lang, "written for …",
//     "gatehouse: …"): those are not public corpora. They are scored, never trained on.
//   - The variants (n-gram ranges, feature bits, words, per-tool or per-string) and the threshold
//     are chosen on the tune split by leave-one-group-out (a group is an honest server, or a
//     poisoned tool's source: one repository or one site), the threshold from the out-of-fold
//     scores of the training groups only.
//   - The report split (the npm servers whose name hashes to it, the fresh sources' honest twins,
//     the poisoned sources of every report split) is scored once by a model trained on the whole
//     tune split, with the threshold chosen there.
//
// It embeds nothing: measured so, it gains two poisoned tools of one source on the report split
// for one or two honest ones (README, "Lint", has the table), too thin for the lint to use it.
package lint_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// soTool is one tool the experiment reads.
type soTool struct {
	name     string
	group    string // server:… or source:…
	split    string // tune | report
	public   bool   // may be trained on
	poisoned bool
	strings  []string // every string the model reads, in a fixed order
	worst    lint.Severity
	server   string // the honest server, for the per-server count
}

// soVariant is one way of turning a tool into features.
type soVariant struct {
	name           string
	minN, maxN     int  // character n-grams
	words          bool // word unigrams and bigrams besides
	bits           int
	perString      bool // train on strings (labelled by their tool), score a tool by its worst string
	epochs         int
	l2, learnRate  float64
	honestBudgetPM float64 // the threshold: raised honest mediums at most this per thousand honest tools (out of fold)
}

// soVec is a sparse, unit-length feature vector.
type soVec struct {
	idx []int32
	val []float32
}

// toolStrings lists every string of a tool's definition (and the member names of its schema) in
// the order of sorted keys, so that the features do not depend on map order.
func toolStrings(def map[string]any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if k == "type" || k == "required" || k == "$schema" {
					continue
				}
				if k != "properties" && k != "description" && k != "name" && k != "title" {
					out = append(out, k)
				}
				walk(x[k])
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(def)
	return out
}

func fnv32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// features hashes the lowercased text's character n-grams (and words) into 2^bits buckets.
func (v soVariant) features(text string) soVec {
	rs := []rune(strings.ToLower(text))
	for i, r := range rs {
		if unicode.IsSpace(r) {
			rs[i] = ' '
		}
	}
	mask := uint32(1)<<v.bits - 1
	counts := map[int32]float32{}
	buf := make([]byte, 0, 64)
	for n := v.minN; n <= v.maxN; n++ {
		for i := 0; i+n <= len(rs); i++ {
			buf = buf[:0]
			for _, r := range rs[i : i+n] {
				buf = utf8.AppendRune(buf, r)
			}
			counts[int32(fnv32(string(buf))&mask)]++
		}
	}
	if v.words {
		words := strings.FieldsFunc(string(rs), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
		for i, w := range words {
			counts[int32(fnv32("w:"+w)&mask)]++
			if i > 0 {
				counts[int32(fnv32("b:"+words[i-1]+" "+w)&mask)]++
			}
		}
	}
	var out soVec
	for k := range counts {
		out.idx = append(out.idx, k)
	}
	sort.Slice(out.idx, func(i, j int) bool { return out.idx[i] < out.idx[j] })
	norm := 0.0
	for _, c := range counts {
		norm += float64(c) * float64(c)
	}
	norm = math.Sqrt(norm)
	for _, k := range out.idx {
		out.val = append(out.val, float32(float64(counts[k])/norm))
	}
	return out
}

// soExample is one training or scoring unit: a tool, or one of its strings.
type soExample struct {
	tool int
	vec  soVec
}

type soModel struct {
	w    []float32
	bias float64
}

func (m *soModel) z(x soVec) float64 {
	z := m.bias
	for i, k := range x.idx {
		z += float64(m.w[k]) * float64(x.val[i])
	}
	return z
}

func (m *soModel) score(x soVec) float64 { return 1 / (1 + math.Exp(-m.z(x))) }

// train fits a class-weighted logistic regression by stochastic gradient descent, in a fixed
// shuffled order, on the examples whose tool keep says yes.
func train(v soVariant, tools []soTool, ex []soExample, keep func(*soTool) bool) *soModel {
	var use []int
	pos, neg := 0, 0
	for i := range ex {
		t := &tools[ex[i].tool]
		if !keep(t) {
			continue
		}
		use = append(use, i)
		if t.poisoned {
			pos++
		} else {
			neg++
		}
	}
	m := &soModel{w: make([]float32, 1<<v.bits)}
	if pos == 0 || neg == 0 {
		return m
	}
	wp, wn := float64(pos+neg)/(2*float64(pos)), float64(pos+neg)/(2*float64(neg))
	rng := rand.New(rand.NewPCG(1, 2))
	step := 0
	for e := 0; e < v.epochs; e++ {
		rng.Shuffle(len(use), func(i, j int) { use[i], use[j] = use[j], use[i] })
		for _, i := range use {
			step++
			lr := v.learnRate / (1 + float64(step)*1e-5)
			x := ex[i].vec
			p := 1 / (1 + math.Exp(-m.z(x)))
			y, cw := 0.0, wn
			if tools[ex[i].tool].poisoned {
				y, cw = 1, wp
			}
			g := (p - y) * cw * lr
			for j, k := range x.idx {
				m.w[k] -= float32(g*float64(x.val[j]) + lr*v.l2*float64(m.w[k]))
			}
			m.bias -= g
		}
	}
	return m
}

// scoreTools scores every tool keep says yes to: its one vector, or its worst string.
func scoreTools(m *soModel, ex []soExample, tools []soTool, keep func(*soTool) bool, into []float64) {
	for i := range ex {
		t := &tools[ex[i].tool]
		if !keep(t) {
			continue
		}
		if s := m.score(ex[i].vec); s > into[ex[i].tool] {
			into[ex[i].tool] = s
		}
	}
}

// soTally is what a threshold would do on a set of tools.
type soTally struct {
	honest, honestHigh, honestMedium, honestRaised int
	poisoned, poisonedHigh, poisonedMedium, gained int
	worstServer                                    string
	worstServerHighs                               int
	raisedHonest                                   []string
	gainedNames                                    []string
}

func tally(tools []soTool, scores []float64, th float64, keep func(*soTool) bool) soTally {
	var r soTally
	perServer := map[string]int{}
	for i := range tools {
		t := &tools[i]
		if !keep(t) {
			continue
		}
		raised := t.worst == lint.SeverityMedium && scores[i] >= th
		if t.poisoned {
			r.poisoned++
			switch {
			case t.worst == lint.SeverityHigh:
				r.poisonedHigh++
			case t.worst == lint.SeverityMedium:
				r.poisonedMedium++
				if raised {
					r.gained++
					r.gainedNames = append(r.gainedNames, fmt.Sprintf("%s (%.3f)", t.name, scores[i]))
				}
			}
			continue
		}
		r.honest++
		switch {
		case t.worst == lint.SeverityHigh:
			r.honestHigh++
			perServer[t.server]++
		case t.worst == lint.SeverityMedium:
			r.honestMedium++
			if raised {
				r.honestRaised++
				perServer[t.server]++
				r.raisedHonest = append(r.raisedHonest, fmt.Sprintf("%s (%.3f)", t.name, scores[i]))
			}
		}
	}
	for s, n := range perServer {
		if n > r.worstServerHighs || n == r.worstServerHighs && s < r.worstServer {
			r.worstServer, r.worstServerHighs = s, n
		}
	}
	return r
}

func (r soTally) String() string {
	pm := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 1000 * float64(a) / float64(b)
	}
	return fmt.Sprintf("poisoned %d: high by rules %d, medium %d, raised %d (high %d → %d); honest %d: high %d, medium %d, raised %d (%.1f‰ → %.1f‰ high; worst server %s %d)",
		r.poisoned, r.poisonedHigh, r.poisonedMedium, r.gained, r.poisonedHigh, r.poisonedHigh+r.gained,
		r.honest, r.honestHigh, r.honestMedium, r.honestRaised, pm(r.honestHigh, r.honest), pm(r.honestHigh+r.honestRaised, r.honest),
		r.worstServer, r.worstServerHighs)
}

// chooseThreshold picks, from out-of-fold scores of training tools, the lowest threshold whose
// raised honest mediums stay within the budget and leave no server with more than two highs.
func chooseThreshold(v soVariant, tools []soTool, scores []float64, keep func(*soTool) bool) float64 {
	best := 1.0
	for th := 0.995; th >= 0.3; th -= 0.005 {
		r := tally(tools, scores, th, keep)
		if float64(r.honestRaised) > v.honestBudgetPM*float64(r.honest)/1000 || r.worstServerHighs > maxHighPerServer {
			break
		}
		best = th
	}
	return best
}

// outOfFold scores every tool keep says yes to with a model trained on the other groups keep
// says yes to and train says may be trained on.
func outOfFold(v soVariant, tools []soTool, ex []soExample, keep, trainable func(*soTool) bool) []float64 {
	scores := make([]float64, len(tools))
	groups := map[string]bool{}
	for i := range tools {
		if keep(&tools[i]) {
			groups[tools[i].group] = true
		}
	}
	var list []string
	for g := range groups {
		list = append(list, g)
	}
	sort.Strings(list)
	for _, g := range list {
		m := train(v, tools, ex, func(t *soTool) bool { return t.group != g && keep(t) && trainable(t) })
		scoreTools(m, ex, tools, func(t *soTool) bool { return t.group == g }, scores)
	}
	return scores
}

// sourceGroup names a poisoned tool's source by its repository or its site.
func sourceGroup(source string) (group string, public bool) {
	if i := strings.Index(source, "http"); i >= 0 {
		u, err := url.Parse(strings.Fields(source[i:])[0])
		if err == nil && u.Host != "" {
			parts := strings.Split(strings.Trim(u.Path, "/"), "/")
			// A sample "modelled on" a public one is written here.
			written := i > 0 && !strings.HasPrefix(strings.TrimSpace(source[:i]), "(")
			if u.Host == "github.com" && len(parts) >= 2 {
				return "source:github.com/" + strings.ToLower(parts[0]+"/"+parts[1]), !written
			}
			return "source:" + u.Host, !written
		}
	}
	return "source:written:" + source, false
}

func loadSecondOpinionTools(t *testing.T) []soTool {
	var tools []soTool
	addCatalog := func(group, split, server, text string, public bool, poisonedTools map[string]bool) {
		pdoc, _ := jsondoc.ParseString(problem.SourceCatalog, text)
		if pdoc == nil {
			return
		}
		c, _ := catalog.Parse(pdoc)
		if c == nil {
			return
		}
		findings, _, _ := lint.Text(text, "")
		worst := map[string]lint.Severity{}
		for _, f := range findings {
			if w, ok := worst[f.Tool]; !ok || f.Severity.Above(w) {
				worst[f.Tool] = f.Severity
			}
		}
		for i := range c.Tools {
			tl := &c.Tools[i]
			if poisonedTools != nil && !poisonedTools[tl.Name] {
				continue
			}
			tools = append(tools, soTool{name: group + " " + tl.Name, group: group, split: split, public: public,
				poisoned: poisonedTools != nil, strings: toolStrings(tl.Def), worst: worst[tl.Name], server: server})
		}
	}
	for _, s := range honestServers(t) {
		public := s.set == "shared" || s.set == "npm" || s.set == "fresh"
		addCatalog("server:"+s.set+"/"+s.name, s.split, s.set+"/"+s.name, s.text, public, nil)
	}
	type key struct{ file, group, split string }
	byFile := map[key]map[string]bool{}
	texts := map[key]string{}
	publicOf := map[key]bool{}
	for _, c := range poisonedCases(t) {
		g, public := sourceGroup(c.Source)
		if strings.HasPrefix(c.Source, "gatehouse:") || strings.HasPrefix(c.Source, "written") {
			public = false
		}
		if !public {
			g = "source:written:" + c.set
		}
		k := key{c.set + "/" + c.File, g, c.Split}
		if byFile[k] == nil {
			byFile[k] = map[string]bool{}
		}
		byFile[k][c.Tool] = true
		texts[k] = c.text
		publicOf[k] = public
	}
	keys := make([]key, 0, len(byFile))
	for k := range byFile {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].file+keys[i].group+keys[i].split < keys[j].file+keys[j].group+keys[j].split
	})
	for _, k := range keys {
		addCatalog(k.group, k.split, "", texts[k], publicOf[k], byFile[k])
	}
	return tools
}

func examples(v soVariant, tools []soTool) []soExample {
	var ex []soExample
	for i := range tools {
		if v.perString {
			for _, s := range tools[i].strings {
				if len([]rune(s)) >= v.maxN {
					ex = append(ex, soExample{i, v.features(s)})
				}
			}
			continue
		}
		ex = append(ex, soExample{i, v.features(strings.Join(tools[i].strings, "\n"))})
	}
	return ex
}

var soVariants = []soVariant{
	{name: "char 3-5, 16 bits", minN: 3, maxN: 5, bits: 16, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
	{name: "char 2-4, 16 bits", minN: 2, maxN: 4, bits: 16, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
	{name: "char 3-5, 14 bits", minN: 3, maxN: 5, bits: 14, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
	{name: "char 3-5, 18 bits", minN: 3, maxN: 5, bits: 18, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
	{name: "char 3-5 + words, 16 bits", minN: 3, maxN: 5, words: true, bits: 16, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
	{name: "words only, 16 bits", minN: 1, maxN: 0, words: true, bits: 16, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
	{name: "char 3-5 per string, 16 bits", minN: 3, maxN: 5, bits: 16, perString: true, epochs: 8, l2: 1e-4, learnRate: 0.5, honestBudgetPM: 1},
}

func TestSecondOpinion(t *testing.T) {
	tools := loadSecondOpinionTools(t)
	isTune := func(x *soTool) bool { return x.split == "tune" }
	isReport := func(x *soTool) bool { return x.split == "report" }
	isPublic := func(x *soTool) bool { return x.public }
	notPublic := func(x *soTool) bool { return !x.public }
	counts := map[string]int{}
	groups := map[string]bool{}
	for i := range tools {
		x := &tools[i]
		k := fmt.Sprintf("%s %v poisoned=%v", x.split, map[bool]string{true: "public", false: "written here"}[x.public], x.poisoned)
		counts[k]++
		groups[x.split+" "+x.group] = true
	}
	var ks []string
	for k := range counts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t.Logf("%s: %d tools", k, counts[k])
	}
	t.Logf("%d groups", len(groups))
	only := os.Getenv("SECONDOPINION_VARIANT")
	for _, v := range soVariants {
		if only != "" && !strings.Contains(v.name, only) {
			continue
		}
		ex := examples(v, tools)
		// The tune split, public tools, leave one group out: what chooses the variant.
		oof := outOfFold(v, tools, ex, func(x *soTool) bool { return isTune(x) && isPublic(x) }, isPublic)
		th := chooseThreshold(v, tools, oof, func(x *soTool) bool { return isTune(x) && isPublic(x) })
		var b strings.Builder
		fmt.Fprintf(&b, "variant %s: %d examples\n", v.name, len(ex))
		fmt.Fprintf(&b, "  tune, leave one group out, threshold %.3f chosen on these out-of-fold scores: %v\n", th,
			tally(tools, oof, th, func(x *soTool) bool { return isTune(x) && isPublic(x) }))
		for _, x := range tools {
			if x.poisoned && x.public && x.worst != lint.SeverityHigh {
				fmt.Fprintf(&b, "    not high by the rules (%s, worst %q): %s\n", x.split, x.worst, x.name)
			}
		}
		// The report split and what was written here: a model trained on the whole public tune split.
		m := train(v, tools, ex, func(x *soTool) bool { return isTune(x) && isPublic(x) })
		scores := make([]float64, len(tools))
		scoreTools(m, ex, tools, func(x *soTool) bool { return !(isTune(x) && isPublic(x)) }, scores)
		rep := tally(tools, scores, th, func(x *soTool) bool { return isReport(x) && isPublic(x) })
		fmt.Fprintf(&b, "  report split (public), same threshold: %v\n", rep)
		for _, n := range rep.gainedNames {
			fmt.Fprintf(&b, "    gained: %s\n", n)
		}
		for _, n := range rep.raisedHonest {
			fmt.Fprintf(&b, "    honest raised: %s\n", n)
		}
		wr := tally(tools, scores, th, notPublic)
		fmt.Fprintf(&b, "  written here (never trained on), same threshold: %v\n", wr)
		for _, n := range wr.raisedHonest {
			fmt.Fprintf(&b, "    honest raised: %s\n", n)
		}
		for _, q := range []float64{0.5, 0.9} {
			fmt.Fprintf(&b, "  (for reference, threshold %.2f on the report split: %v)\n", q, tally(tools, scores, q, func(x *soTool) bool { return isReport(x) && isPublic(x) }))
		}
		t.Log(b.String())
	}
}
