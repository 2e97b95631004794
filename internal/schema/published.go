package schema

import (
	"bytes"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
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
	return Label(sch.Check(doc, ""), p.what)
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
