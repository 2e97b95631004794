package flow

import (
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
