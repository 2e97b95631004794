package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// A Config is the lint configuration a team keeps beside a catalog: rules it has decided to
// ignore for named tools, each with the reason. It is JSON:
//
//	{"ignore": [
//	  {"rule": "loose-schema", "tool": "run_query", "reason": "the server parses SQL against an allowlist"}
//	]}
//
// "tool" is the tool's key as findings name it ("server/name" in a catalog of several servers,
// where the tool's own name also does when only one server offers it). Every member is required
// and no other is allowed; a rule or tool that does not exist is a problem, so that a typo never
// suppresses nothing in silence, or something else.
type Config struct {
	entries []ignoreEntry
}

type ignoreEntry struct {
	rule, tool, reason string
	line, column       int
}

// A Suppression says why a finding is not counted: the reason the lint configuration gives, and
// where in the configuration the entry is.
type Suppression struct {
	Reason string `json:"reason"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// ParseConfig reads a lint configuration against the catalog it is about. It returns nil
// and the problems when any entry is wrong: a configuration is applied whole or not at all.
func ParseConfig(text string, c *catalog.Catalog) (*Config, problem.Problems) {
	doc, probs := jsondoc.ParseString(problem.SourceIgnore, text)
	if doc == nil {
		return nil, probs
	}
	root, ok := doc.Value.(map[string]any)
	if !ok {
		return nil, problem.Problems{doc.Problem(problem.KindRule, "", i18n.T(`a lint configuration is an object: {"ignore": [{"rule": …, "tool": …, "reason": …}]}`))}
	}
	for _, k := range slices.Sorted(maps.Keys(root)) {
		if k != "ignore" {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("", k), i18n.Sprintf("unknown member %q: a lint configuration has only \"ignore\"", k)))
		}
	}
	list, ok := root["ignore"].([]any)
	if !ok {
		probs = append(probs, doc.Problem(problem.KindRule, "/ignore", i18n.T(`"ignore" must be an array of {"rule", "tool", "reason"} entries`)))
		return nil, probs
	}
	cfg := &Config{}
	seen := map[string]bool{}
	for i, raw := range list {
		at := jsondoc.JoinPointer("/ignore", fmt.Sprint(i))
		entry, ok := raw.(map[string]any)
		if !ok {
			probs = append(probs, doc.Problem(problem.KindRule, at, i18n.T(`an entry is an object {"rule", "tool", "reason"}`)))
			continue
		}
		bad := false
		for _, k := range slices.Sorted(maps.Keys(entry)) {
			if k != "rule" && k != "tool" && k != "reason" {
				probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer(at, k), i18n.Sprintf("unknown member %q: an entry has \"rule\", \"tool\" and \"reason\"", k)))
				bad = true
			}
		}
		get := func(k string) string {
			s, ok := entry[k].(string)
			if !ok || strings.TrimSpace(s) == "" {
				where := at
				if _, present := entry[k]; present {
					where = jsondoc.JoinPointer(at, k)
				}
				probs = append(probs, doc.Problem(problem.KindRule, where, i18n.Sprintf("the entry needs %q, a non-empty string", k)))
				bad = true
			}
			return s
		}
		rule, tool, reason := get("rule"), get("tool"), get("reason")
		if rule != "" && lintRuleByName[rule] == nil {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer(at, "rule"), i18n.Sprintf("unknown rule %q: the rules are %s", rule, strings.Join(lintRuleNames(), ", "))))
			bad = true
		}
		key := ""
		if tool != "" {
			if t, _ := c.Lookup(tool); t != nil {
				key = t.Name
			} else {
				probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer(at, "tool"), i18n.Sprintf("no tool %q in the catalog (or several answer to that name: use the server-qualified key)", tool)))
				bad = true
			}
		}
		if bad {
			continue
		}
		if seen[rule+"\x00"+key] {
			probs = append(probs, doc.Problem(problem.KindRule, at, i18n.Sprintf("rule %q is already ignored for %q above", rule, key)))
			continue
		}
		seen[rule+"\x00"+key] = true
		off, _ := doc.Locate(at)
		line, column := doc.Position(off)
		cfg.entries = append(cfg.entries, ignoreEntry{rule: rule, tool: key, reason: strings.TrimSpace(reason), line: line, column: column})
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return cfg, nil
}

// Apply splits findings into those that stand and those an entry suppresses; the suppressed
// ones carry their [Suppression].
func (cfg *Config) Apply(findings []Finding) (kept, suppressed []Finding) {
	kept, suppressed = []Finding{}, []Finding{}
	for _, f := range findings {
		if e := cfg.match(f); e != nil {
			f.Suppression = &Suppression{Reason: e.reason, Line: e.line, Column: e.column}
			suppressed = append(suppressed, f)
			continue
		}
		kept = append(kept, f)
	}
	return kept, suppressed
}

func (cfg *Config) match(f Finding) *ignoreEntry {
	for i := range cfg.entries {
		if e := &cfg.entries[i]; e.rule == f.Rule && e.tool == f.Tool {
			return e
		}
	}
	return nil
}

func lintRuleNames() []string {
	names := make([]string, len(lintRegistry))
	for i, r := range lintRegistry {
		names[i] = r.Name
	}
	return names
}
