//go:build secondopinion

// The second opinion experiment (issue 16, item 5): a logistic regression over hashed character
// n-grams of a tool's text, trained on the repository's public corpora, allowed only to raise a
// medium finding of a rule to high. Run with
//
//	go test -tags secondopinion ./internal/lint -run TestSecondOpinion -v
//
// It measures the model under leave-one-group-out (a group is an honest server, or a poisoned
// tool's source) and prints what it would add and what it would cost; it embeds nothing.
package lint_test

import (
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

const (
	featureBits = 16
	epochs      = 6
)

type doc struct {
	group    string
	poisoned bool
	features map[uint32]float64
	// medium: the tool's most severe finding from lint is medium (what the model may raise);
	// high: it already has a high one.
	medium, high bool
	name         string
}

// toolText is every string of a tool the model reads, as one text.
func toolText(def map[string]any) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString(x)
			b.WriteByte('\n')
		case map[string]any:
			for k, e := range x {
				if k == "type" || k == "required" {
					continue
				}
				b.WriteString(k)
				b.WriteByte(' ')
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(def)
	return b.String()
}

// ngrams hashes the character 3- to 5-grams of the lowercased text, counts scaled to unit length.
func ngrams(text string) map[uint32]float64 {
	rs := []rune(strings.ToLower(text))
	for i, r := range rs {
		if unicode.IsSpace(r) {
			rs[i] = ' '
		}
	}
	f := map[uint32]float64{}
	for n := 3; n <= 5; n++ {
		for i := 0; i+n <= len(rs); i++ {
			h := fnv.New32a()
			h.Write([]byte(string(rs[i : i+n])))
			f[h.Sum32()&(1<<featureBits-1)]++
		}
	}
	norm := 0.0
	for _, v := range f {
		norm += v * v
	}
	norm = math.Sqrt(norm)
	for k := range f {
		f[k] /= norm
	}
	return f
}

func train(docs []*doc, skip string) []float64 {
	w := make([]float64, 1<<featureBits+1)
	pos, neg := 0, 0
	for _, d := range docs {
		if d.group == skip {
			continue
		}
		if d.poisoned {
			pos++
		} else {
			neg++
		}
	}
	// Class weights: the poisoned tools are few.
	wp, wn := float64(pos+neg)/(2*float64(max(pos, 1))), float64(pos+neg)/(2*float64(max(neg, 1)))
	lr, l2 := 0.5, 1e-5
	for e := 0; e < epochs; e++ {
		for _, d := range docs {
			if d.group == skip {
				continue
			}
			z := w[len(w)-1]
			for k, v := range d.features {
				z += w[k] * v
			}
			p := 1 / (1 + math.Exp(-z))
			y, cw := 0.0, wn
			if d.poisoned {
				y, cw = 1, wp
			}
			g := (p - y) * cw * lr
			for k, v := range d.features {
				w[k] -= g*v + l2*w[k]
			}
			w[len(w)-1] -= g
		}
	}
	return w
}

func score(w []float64, d *doc) float64 {
	z := w[len(w)-1]
	for k, v := range d.features {
		z += w[k] * v
	}
	return 1 / (1 + math.Exp(-z))
}

func TestSecondOpinion(t *testing.T) {
	var docs []*doc
	addCatalog := func(group, text string, poisonedTools map[string]bool, only bool) {
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
			if f.Rule == lint.RuleLooseSchema || f.Rule == lint.RuleAnnotationHonesty {
				continue // hygiene and annotations: the model reads text
			}
			if f.Severity.Above(worst[f.Tool]) || worst[f.Tool] == "" {
				worst[f.Tool] = f.Severity
			}
		}
		for i := range c.Tools {
			tl := &c.Tools[i]
			if only && !poisonedTools[tl.Name] {
				continue
			}
			docs = append(docs, &doc{group: group, poisoned: poisonedTools[tl.Name], features: ngrams(toolText(tl.Def)),
				medium: worst[tl.Name] == lint.SeverityMedium, high: worst[tl.Name] == lint.SeverityHigh, name: group + " " + tl.Name})
		}
	}
	for _, s := range honestServers(t) {
		addCatalog("server:"+s.set+"/"+s.name, s.text, nil, false)
	}
	byFile := map[string]map[string]bool{}
	texts := map[string]string{}
	groups := map[string]string{}
	for _, c := range poisonedCases(t) {
		key := c.set + "/" + c.File
		if byFile[key] == nil {
			byFile[key] = map[string]bool{}
		}
		byFile[key][c.Tool] = true
		texts[key] = c.text
		src := c.Source
		if i := strings.IndexAny(src, " ("); i > 0 {
			src = src[:i]
		}
		groups[key] = "source:" + c.set + ":" + src
	}
	for key, tools := range byFile {
		addCatalog(groups[key], texts[key], tools, true)
	}
	groupSet := map[string]bool{}
	for _, d := range docs {
		groupSet[d.group] = true
	}
	var groupList []string
	for g := range groupSet {
		groupList = append(groupList, g)
	}
	sort.Strings(groupList)
	scores := map[*doc]float64{}
	for _, g := range groupList {
		w := train(docs, g)
		for _, d := range docs {
			if d.group == g {
				scores[d] = score(w, d)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d tools (%d poisoned), %d groups, left out one at a time\n", len(docs), countPoisoned(docs), len(groupList))
	for _, th := range []float64{0.5, 0.7, 0.8, 0.9, 0.95, 0.98} {
		raisedPoisoned, mediumPoisoned, raisedHonest, mediumHonest, missedPoisoned := 0, 0, 0, 0, 0
		for _, d := range docs {
			if d.poisoned && !d.high {
				missedPoisoned++
			}
			if !d.medium {
				continue
			}
			if d.poisoned {
				mediumPoisoned++
				if scores[d] >= th {
					raisedPoisoned++
				}
			} else {
				mediumHonest++
				if scores[d] >= th {
					raisedHonest++
					if th >= 0.9 {
						fmt.Fprintf(&b, "    raised honest at %.2f: %s (%.3f)\n", th, d.name, scores[d])
					}
				}
			}
		}
		fmt.Fprintf(&b, "  threshold %.2f: poisoned not high %d, of them medium %d, raised %d; honest medium %d, raised to high %d\n",
			th, missedPoisoned, mediumPoisoned, raisedPoisoned, mediumHonest, raisedHonest)
	}
	t.Log(b.String())
}

func countPoisoned(docs []*doc) int {
	n := 0
	for _, d := range docs {
		if d.poisoned {
			n++
		}
	}
	return n
}
