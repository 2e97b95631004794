package flow

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

func trifectaOf(t *testing.T, text string, flows *policy.Flows) []lint.Finding {
	t.Helper()
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, text)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	c, probs := catalog.Parse(doc)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return Trifecta(c, doc, flows)
}

const (
	webFetch  = `{"name":"fetch","description":"Fetch a web page.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"openWorldHint":true}}`
	dbQuery   = `{"name":"query","description":"Run a SQL query on the database.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`
	mailSend  = `{"name":"send","description":"Send an e-mail.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"openWorldHint":true}}`
	fileerase = `{"name":"delete_file","description":"Delete a file.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":true}}`
)

func TestTrifecta(t *testing.T) {
	guard := &policy.Flows{Rules: []policy.FlowRule{{After: "untrusted", Call: "sink", Then: "ask"}, {Carries: "private", Call: "sink", Then: "deny"}}}
	for _, c := range []struct {
		name, catalog string
		flows         *policy.Flows
		want          string // the severity, "" for no finding
	}{
		{"across servers", `{"servers":{"web":{"tools":[` + webFetch + `]},"db":{"tools":[` + dbQuery + `]},"mail":{"tools":[` + mailSend + `]}}}`, nil, "high"},
		{"within one server", `{"tools":[` + webFetch + `,` + dbQuery + `,` + mailSend + `]}`, nil, "medium"},
		{"held by the policy's flows", `{"tools":[` + webFetch + `,` + dbQuery + `,` + mailSend + `]}`, guard, "low"},
		{"no sink: a local delete sends nothing out", `{"tools":[` + webFetch + `,` + dbQuery + `,` + fileerase + `]}`, nil, ""},
		{"no untrusted input", `{"tools":[` + dbQuery + `,` + mailSend + `]}`, nil, ""},
		{"the policy labels a tool", `{"tools":[` + dbQuery + `,` + mailSend + `,{"name":"calc","description":"Add numbers.","inputSchema":{"type":"object"}}]}`,
			&policy.Flows{Labels: map[string][]string{"calc": {"untrusted"}}}, "medium"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := trifectaOf(t, c.catalog, c.flows)
			got := ""
			if len(fs) > 1 {
				t.Fatalf("%d findings: the trifecta is one finding", len(fs))
			}
			if len(fs) == 1 {
				got = string(fs[0].Severity)
				if fs[0].Rule != RuleLethalTrifecta || fs[0].Line == 0 || !strings.Contains(fs[0].Evidence, "sink: ") {
					t.Errorf("finding %+v", fs[0])
				}
			}
			if got != c.want {
				t.Errorf("severity %q, want %q (%+v)", got, c.want, fs)
			}
		})
	}
}

// bruteCombinations walks every triple, as the finding's definition reads: the reference the
// counting and the bounded listing are held to.
func bruteCombinations(untr, priv, sinks []labelledTool) (combos, across int, acrossShown, withinShown, example, fallback []string) {
	for _, u := range untr {
		for _, p := range priv {
			for _, s := range sinks {
				if s.tool == p.tool || s.tool == u.tool {
					continue
				}
				combos++
				c := comboWords(u.tool.Name, p.tool.Name, s.tool.Name)
				names := []string{u.tool.Name, p.tool.Name, s.tool.Name}
				if fallback == nil {
					fallback = names
				}
				if u.tool.Server != p.tool.Server || p.tool.Server != s.tool.Server {
					across++
					if example == nil {
						example = names
					}
					if len(acrossShown) < shownCombinations {
						acrossShown = append(acrossShown, c)
					}
				} else if len(withinShown) < shownCombinations {
					withinShown = append(withinShown, c)
				}
			}
		}
	}
	return
}

// TestCombinationsAgreeWithEveryTriple: on random catalogs of up to three servers, where a tool
// may be untrusted, private and a sink at once, the counts and the combinations shown are those
// of walking every triple.
func TestCombinationsAgreeWithEveryTriple(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 2000 {
		n := 1 + rng.IntN(9)
		tools := make([]catalog.Tool, n)
		var untr, priv, sinks []labelledTool
		for i := range tools {
			tools[i] = catalog.Tool{Name: fmt.Sprintf("t%d", i), Server: []string{"", "a", "b"}[rng.IntN(3)]}
			lt := labelledTool{tool: &tools[i]}
			if rng.IntN(2) == 0 {
				untr = append(untr, lt)
			}
			if rng.IntN(2) == 0 {
				priv = append(priv, lt)
			}
			if rng.IntN(2) == 0 {
				sinks = append(sinks, lt)
			}
		}
		combos, across, wantAcross, wantWithin, wantExample, wantFallback := bruteCombinations(untr, priv, sinks)
		gotCombos, gotAcross := countCombinations(untr, priv, sinks)
		if gotCombos != combos || gotAcross != across {
			t.Fatalf("round %d: counted %d combinations (%d across), want %d (%d)", round, gotCombos, gotAcross, combos, across)
		}
		a, w, e, f := firstCombinations(untr, priv, sinks, min(across, shownCombinations), min(combos-across, shownCombinations))
		if !slices.Equal(a, wantAcross) || !slices.Equal(w, wantWithin) || !slices.Equal(e, wantExample) || !slices.Equal(f, wantFallback) {
			t.Fatalf("round %d: listed across %q within %q example %q fallback %q, want %q %q %q %q", round, a, w, e, f, wantAcross, wantWithin, wantExample, wantFallback)
		}
	}
}

// BenchmarkTrifecta10000 is the finding on a catalog of 10,000 tools, most of them in every part.
func BenchmarkTrifecta10000(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"tools": [`)
	for i := range 10000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"name": "t%d", "description": "Read private files from the web and send e-mail.", "inputSchema": {"type": "object"}}`, i)
	}
	sb.WriteString(`]}`)
	doc, _ := jsondoc.ParseString(problem.SourceCatalog, sb.String())
	c, _ := catalog.Parse(doc)
	b.ResetTimer()
	for b.Loop() {
		if len(Trifecta(c, doc, nil)) != 1 {
			b.Fatal("no finding")
		}
	}
}

// TestTrifectaReadsWhatTheToolDoes: a description's examples (a quoted query, what follows
// "e.g.") say what a person may pass, not what the tool reads or sends, so they give no label;
// and a tool that is both untrusted input and private data is named once in a combination.
func TestTrifectaReadsWhatTheToolDoes(t *testing.T) {
	search := `{"name":"search_docs","description":"Search the public documentation. Example query: \"how do I reset my password\".","inputSchema":{"type":"object"}}`
	searchEg := `{"name":"search_help","description":"Search the public help center, e.g. password reset or billing.","inputSchema":{"type":"object"}}`
	inbox := `{"name":"read_inbox","description":"Read the messages of the user's inbox.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`
	for _, desc := range []string{search, searchEg} {
		labels := inferLabels(toolOf(t, desc), nil)
		if why, ok := labels[LabelPrivate]; ok {
			t.Errorf("%s: private from %s: an example query is not what the tool reads", desc, why)
		}
		if _, ok := labels[LabelUntrusted]; !ok {
			t.Errorf("%s: not untrusted (%v): its own words still count", desc, labels)
		}
	}
	fs := trifectaOf(t, `{"tools":[`+search+`,`+inbox+`,`+mailSend+`]}`, nil)
	if len(fs) != 1 {
		t.Fatalf("findings %+v, want the trifecta", fs)
	}
	f := fs[0]
	for _, twice := range []string{"search_docs → search_docs", "read_inbox → read_inbox", `"search_docs" → "search_docs"`} {
		if strings.Contains(f.Message+f.Evidence, twice) {
			t.Errorf("%q in %s / %s", twice, f.Message, f.Evidence)
		}
	}
	if !strings.Contains(f.Evidence, "read_inbox (untrusted and private) → send") || !strings.Contains(f.Evidence, "search_docs → read_inbox → send") {
		t.Errorf("evidence %s: want the inbox as one step, and the search before it", f.Evidence)
	}
}

func toolOf(t *testing.T, text string) *catalog.Tool {
	t.Helper()
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, `{"tools":[`+text+`]}`)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	c, probs := catalog.Parse(doc)
	if len(probs) > 0 || len(c.Tools) != 1 {
		t.Fatal(probs)
	}
	return &c.Tools[0]
}
