package policy

import (
	"encoding/json"
	"strings"
)

// A ResultRule is what the policy's "results" section says about a tool's results: how large
// they may be, which MIME types their resources may have, and what a schema failure or an
// injection gives. Members left out take the "*" entry's, then the defaults.
type ResultRule struct {
	// MaxBytes is the largest result in bytes as received; a larger one is blocked.
	MaxBytes *json.Number `json:"max_bytes,omitempty"`
	// MaxBlocks is the most content blocks a result may hold.
	MaxBlocks *json.Number `json:"max_blocks,omitempty"`
	// MIMETypes are the types image and audio blocks, resource links and embedded resources may
	// have ("type/*" for any subtype); nil allows any.
	MIMETypes []string `json:"mime_types,omitempty"`
	// OnSchema is "block" or "flag".
	OnSchema string `json:"on_schema,omitempty"`
	// OnInjection is "block", "flag" or "strip".
	OnInjection string `json:"on_injection,omitempty"`
}

// The actions a results entry names.
const (
	ActionBlock = "block"
	ActionFlag  = "flag"
	ActionStrip = "strip"
)

// The defaults of a results entry: a stated cap, a schema failure blocks, an injection flags.
const (
	DefaultResultMaxBytes  = 1 << 20
	DefaultResultMaxBlocks = 64
)

// ResultLimits is a results entry resolved for one tool: every member set.
type ResultLimits struct {
	MaxBytes    int
	MaxBlocks   int
	MIMETypes   []string // nil: any type
	OnSchema    string
	OnInjection string
	// Entry is the policy pointer of the entry that set the most (the tool's, else "*"), or ""
	// when the defaults apply; for placing a reason in the policy.
	Entry string
}

// ResultsFor resolves the results entry for a tool known by names (its name as the result or
// call gives it, its catalog key): the first name with an entry, over "*", over the defaults.
func (p *Policy) ResultsFor(names ...string) ResultLimits {
	l := ResultLimits{MaxBytes: DefaultResultMaxBytes, MaxBlocks: DefaultResultMaxBlocks, OnSchema: ActionBlock, OnInjection: ActionFlag}
	if p == nil || p.Results == nil {
		return l
	}
	if star, ok := p.Results["*"]; ok {
		l.apply(star)
		l.Entry = "/results/*"
	}
	for _, n := range names {
		if n == "" || n == "*" {
			continue
		}
		if own, ok := p.Results[n]; ok {
			l.apply(own)
			l.Entry = "/results/" + strings.ReplaceAll(strings.ReplaceAll(n, "~", "~0"), "/", "~1")
			break
		}
	}
	return l
}

// MaxResultBytes is the largest max_bytes any entry allows: a result is read up to it before its
// tool (and so its own cap) is known.
func (p *Policy) MaxResultBytes() int {
	most := DefaultResultMaxBytes
	if p == nil {
		return most
	}
	for _, r := range p.Results {
		if n, ok := whole(r.MaxBytes); ok && n > most {
			most = n
		}
	}
	return most
}

func (l *ResultLimits) apply(r ResultRule) {
	if n, ok := whole(r.MaxBytes); ok {
		l.MaxBytes = n
	}
	if n, ok := whole(r.MaxBlocks); ok {
		l.MaxBlocks = n
	}
	if r.MIMETypes != nil {
		l.MIMETypes = r.MIMETypes
	}
	if r.OnSchema != "" {
		l.OnSchema = r.OnSchema
	}
	if r.OnInjection != "" {
		l.OnInjection = r.OnInjection
	}
}

// whole reads a whole number the published schema has already bounded.
func whole(n *json.Number) (int, bool) {
	if n == nil {
		return 0, false
	}
	if v, err := n.Int64(); err == nil {
		return int(v), true
	}
	if f, err := n.Float64(); err == nil && f == float64(int64(f)) {
		return int(f), true
	}
	return 0, false
}

// AllowsMIME reports whether the entry allows a resource of MIME type t: any when the entry lists
// none; else t's type/subtype (parameters and case aside) matches one listed, "type/*" matching
// any subtype. A resource with no type is not allowed by a list.
func (l ResultLimits) AllowsMIME(t string) bool {
	if l.MIMETypes == nil {
		return true
	}
	if i := strings.IndexByte(t, ';'); i >= 0 {
		t = t[:i]
	}
	t = strings.ToLower(strings.TrimSpace(t))
	if t == "" {
		return false
	}
	major, _, _ := strings.Cut(t, "/")
	for _, allowed := range l.MIMETypes {
		a := strings.ToLower(allowed)
		if a == t || (strings.HasSuffix(a, "/*") && strings.TrimSuffix(a, "/*") == major) {
			return true
		}
	}
	return false
}
