package policy_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/core"
)

func parsePolicy(t *testing.T, text string) (*policy.Policy, problem.Problems) {
	t.Helper()
	doc, probs := jsondoc.Parse(problem.SourcePolicy, []byte(text))
	if len(probs) > 0 {
		t.Fatalf("the policy text does not parse: %v", probs)
	}
	return policy.Parse(doc)
}

func TestParsePolicy(t *testing.T) {
	p, probs := parsePolicy(t, `{
  "$schema": "https://example.com/policy.schema.json",
  "allow_tools": ["send_email", "fetch_url", "db_query", "files/read_file"],
  "grant": ["read_inbox"],
  "requires": {"send_email": ["send"]},
  "needs_confirm": ["delete_file"],
  "confirmed": false,
  "on_grant_missing": "ask",
  "pins": {"search_docs": "sha256:25862043e50d3f964d41e6c3c864f1da91bf1bf2e4fcbc276ecf228159cca4ff"},
  "arguments": {
    "fetch_url": {"url": {"hosts": ["api.example.com"]}},
    "files/read_file": {"path": {"workspace": "/srv/work"}},
    "db_query": {"op": {"enum": ["get_user_by_id", 12345678901234567890]}, "/filter/limit": {"max_length": 3}}
  },
  "secrets": {"skip": ["vault_put"]}
}`)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if p.OnGrantMissing != "ask" || len(p.AllowTools) != 4 || p.Requires["send_email"][0] != "send" || p.Secrets.Skip[0] != "vault_put" {
		t.Errorf("policy read wrong: %+v", p)
	}
	// Numbers in an enum keep every digit.
	if got := p.Arguments["db_query"]["op"].Enum[1]; got == nil || strings.TrimSpace(toString(got)) != "12345678901234567890" {
		t.Errorf("enum number: %v (%T)", got, got)
	}
	if *p.Arguments["db_query"]["/filter/limit"].MaxLength != 3 {
		t.Error("max_length not read")
	}
}

func toString(v any) string {
	if s, ok := v.(interface{ String() string }); ok {
		return s.String()
	}
	return ""
}

// TestParsePolicyEmpty: {} is a valid policy that allows nothing.
func TestParsePolicyEmpty(t *testing.T) {
	p, probs := parsePolicy(t, `{}`)
	if len(probs) > 0 || p == nil || len(p.AllowTools) != 0 {
		t.Fatalf("got %+v, %v", p, probs)
	}
}

func TestParsePolicyProblems(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		line, col int
		contains  string
	}{
		// An unknown key is an error, at the key's name: a typo must not silently allow.
		{"unknown key", "{\n  \"allow_tool\": [\"send_email\"]\n}", 2, 3, "additional properties 'allow_tool' not allowed"},
		// An unknown key inside a rule.
		{"unknown rule key", "{\"arguments\": {\"fetch_url\": {\"url\": {\"host\": [\"a.example\"]}}}}", 1, 38, "'host'"},
		// on_grant_missing is deny or ask.
		{"on_grant_missing", "{\"on_grant_missing\": \"allow\"}", 1, 22, "policy at /on_grant_missing: value must be one of 'deny', 'ask'"},
		// A grant that is not a list of strings.
		{"grant type", "{\"grant\": \"send\"}", 1, 11, "want array"},
		// confirmed is a boolean, not the string "true".
		{"confirmed string", "{\"confirmed\": \"true\"}", 1, 15, "want boolean"},
		// A pin that is not sha256:<64 hex>.
		{"bad pin", "{\"pins\": {\"t\": \"sha256:abc\"}}", 1, 16, "64 lowercase hex digits"},
		// A pin in upper case is not how gatehouse writes them.
		{"upper-case pin", "{\"pins\": {\"t\": \"sha256:" + strings.Repeat("AB", 32) + "\"}}", 1, 16, "lowercase"},
		// A rule that checks nothing.
		{"empty rule", "{\"arguments\": {\"t\": {\"a\": {}}}}", 1, 27, "checks nothing"},
		// A rule whose workspace is relative cannot work.
		{"relative workspace", "{\"arguments\": {\"t\": {\"p\": {\"workspace\": \"work\"}}}}", 1, 27, "must be an absolute path"},
		// An empty argument name.
		{"empty argument name", "{\"arguments\": {\"t\": {\"\": {\"enum\": [1]}}}}", 1, 26, "must not be empty"},
		// A pinned definition that does not hash to its pin.
		{"pinned definition disagrees", "{\"pins\": {\"t\": \"sha256:" + strings.Repeat("0", 64) + "\"}, \"pinned_tools\": {\"t\": {\"name\": \"t\"}}}", 1, 114, "not to its pin"},
		// The policy is an object.
		{"not an object", "[]", 1, 1, "want object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, probs := parsePolicy(t, tt.text)
			if p != nil || len(probs) == 0 {
				t.Fatalf("got policy %+v and problems %v, want no policy", p, probs)
			}
			for _, pr := range probs {
				if pr.Source != problem.SourcePolicy {
					t.Errorf("problem source %q, want policy", pr.Source)
				}
			}
			pr := probs[0]
			if pr.Line != tt.line || pr.Column != tt.col || !strings.Contains(pr.Message, tt.contains) {
				t.Errorf("got %s, want line %d column %d containing %q", pr.Error(), tt.line, tt.col, tt.contains)
			}
		})
	}
}

// TestPolicySchemaPublished: the embedded schema is the file in the repository, it compiles,
// and the DESIGN.md example policy passes it.
func TestPolicySchemaPublished(t *testing.T) {
	onDisk, err := os.ReadFile("policy.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onDisk, policy.PublishedSchema.Text()) {
		t.Error("PublishedSchema differs from policy.schema.json")
	}
	design := `{
    "allow_tools": ["send_email", "search_docs", "db_query", "fetch_url", "read_file"],
    "grant": ["read_inbox"],
    "requires": {"send_email": ["send"]},
    "needs_confirm": ["delete_file"],
    "confirmed": false,
    "on_grant_missing": "deny",
    "pins": {"search_docs": "sha256:` + strings.Repeat("0", 64) + `"},
    "arguments": {
      "fetch_url": {"url":  {"hosts": ["api.example.com"]}},
      "read_file": {"path": {"workspace": "/srv/work"}},
      "db_query":  {"op":   {"enum": ["get_user_by_id"]}}
    }
  }`
	if v := core.Validate(core.ValidateRequest{Schema: string(policy.PublishedSchema.Text()), Instance: design}); !v.Valid {
		t.Errorf("DESIGN.md's policy fails the policy schema: %v", v.Problems)
	}
	if _, probs := parsePolicy(t, design); len(probs) > 0 {
		t.Errorf("DESIGN.md's policy: %v", probs)
	}
}
