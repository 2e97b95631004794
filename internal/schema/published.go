package schema

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// A Published schema is one gatehouse ships and holds a kind of document to (the policy's, the
// decision's): compiled once, on first use.
type Published struct {
	text    []byte
	what    string // the kind of document, for messages: "policy", "decision"
	compile func() (*Schema, problem.Problems)
}

// NewPublished returns the published schema text for documents of the kind what.
func NewPublished(text []byte, what string) *Published {
	return &Published{text: text, what: what, compile: sync.OnceValues(func() (*Schema, problem.Problems) {
		doc, probs := jsondoc.Parse(problem.SourceSchema, text)
		if len(probs) > 0 {
			return nil, probs
		}
		return Compile(doc, "2020-12", nil)
	})}
}

// Text returns a copy of the schema's text, as it is published.
func (p *Published) Text() []byte { return bytes.Clone(p.text) }

// Check holds doc to the schema; each problem's message names the kind of document and where
// in it ("policy at /grant: …"). A schema that does not compile is a build problem, reported
// rather than panicking.
func (p *Published) Check(doc *jsondoc.Document) problem.Problems {
	sch, probs := p.compile()
	if len(probs) > 0 {
		return probs
	}
	probs = sch.Check(doc, "")
	p.suggestNames(doc, probs)
	return Label(probs, p.what)
}

// suggestNames adds to an unknown key's problem the key the schema declares there that it is
// most likely a typo of ("allow_tool": did you mean "allow_tools"?): gatehouse's own documents
// are written by hand, and an unknown key is an error in them. Only where the schema's own
// properties can be looked up from the keyword's location (not through a $ref).
func (p *Published) suggestNames(doc *jsondoc.Document, probs problem.Problems) {
	var schemaValue any
	for i := range probs {
		pr := &probs[i]
		parent, ok := strings.CutSuffix(pr.KeywordLocation, "/additionalProperties")
		if !ok || strings.Contains(parent, "$ref") {
			continue
		}
		if schemaValue == nil {
			sd, probs := jsondoc.Parse(problem.SourceSchema, p.text)
			if len(probs) > 0 {
				return
			}
			schemaValue = sd.Value
		}
		declared, _ := jsondoc.Lookup(schemaValue, jsondoc.JoinPointer(parent, "properties")).(map[string]any)
		given, _ := jsondoc.Lookup(doc.Value, pr.InstanceLocation).(map[string]any)
		if len(declared) == 0 || len(given) == 0 {
			continue
		}
		names := slices.Sorted(maps.Keys(declared))
		var near []string
		for _, key := range slices.Sorted(maps.Keys(given)) {
			if _, ok := declared[key]; ok {
				continue
			}
			if n := closest(key, names); n != "" {
				near = append(near, i18n.Sprintf("%q for %s", n, untrusted.Quote(key)))
			}
		}
		if len(near) > 0 {
			// Joined pair by pair, so that each suggestion keeps its translation.
			list := near[0]
			for _, n := range near[1:] {
				list = i18n.Sprintf("%s, %s", list, n)
			}
			pr.Message = i18n.Sprintf("%s (did you mean %s?)", pr.Message, list)
		}
	}
}

// Label starts each problem's message with what was checked and where: "decision at /reason: …",
// or "decision: …" for the root.
func Label(probs problem.Problems, what string) problem.Problems {
	for i := range probs {
		if at := probs[i].InstanceLocation; at != "" {
			probs[i].Message = i18n.Sprintf("%s at %s: %s", kindWords(what), at, probs[i].Message)
		} else {
			probs[i].Message = i18n.Sprintf("%s: %s", kindWords(what), probs[i].Message)
		}
	}
	return probs
}

// kindWords names a kind of document for a message.
func kindWords(what string) string {
	switch what {
	case "policy":
		return i18n.T("policy")
	case "decision":
		return i18n.T("decision")
	case "state":
		return i18n.T("state")
	}
	return what
}
