package call

import (
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// setArguments reads holder[key]. A string is parsed strictly on its own (the OpenAI formats send
// arguments as JSON text); optional says the format lets a call without arguments mean {}.
func (r *callReader) setArguments(c *Call, holder map[string]any, holderAt, key string, optional bool) {
	v, has := holder[key]
	if !has {
		if optional {
			c.Arguments = map[string]any{}
			return
		}
		c.argsMissing = true
		c.argsProblems = problem.Problems{r.doc.Problem(problem.KindParse, holderAt, i18n.Sprintf("the call has no %q", key))}
		return
	}
	c.argsPointer = jsondoc.JoinPointer(holderAt, key)
	s, isString := v.(string)
	if !isString || c.Format == FormatAnthropic || c.Format == FormatGemini || c.Format == FormatMCP {
		// These formats carry the arguments as an object; a string there is a value of the wrong
		// type for the schema to reject, not JSON text to decode.
		c.Arguments = v
		return
	}
	c.argsIsString = true
	c.ArgumentsText = s
	argsDoc, probs := parseArgumentsText(s)
	if len(probs) > 0 {
		c.argsDupKey = slices.ContainsFunc(probs, isDuplicateKey)
		c.argsProblems = c.placeInArguments(probs, s)
		return
	}
	c.argsDoc = argsDoc
	c.Arguments = argsDoc.Value
}

// parseArgumentsText parses an arguments string strictly. Unlike a pasted text, it may not start
// with a byte order mark: the string is JSON exchanged between programs, where RFC 8259 forbids
// one, and a parser that skips it and one that refuses it disagree on whether the call is valid.
func parseArgumentsText(s string) (*jsondoc.Document, problem.Problems) {
	if strings.HasPrefix(s, "\ufeff") {
		return nil, problem.Problems{{Source: problem.SourceCall, Kind: problem.KindParse, Offset: 0, Line: 1, Column: 1,
			Message: i18n.T("the text starts with a byte order mark (U+FEFF), which JSON exchanged between programs must not have")}}
	}
	return jsondoc.ParseString(problem.SourceCall, s)
}

// isDuplicateKey reports whether a parse problem is a repeated object key.
func isDuplicateKey(p problem.Problem) bool {
	return p.Kind == problem.KindParse && strings.HasPrefix(p.Message, "duplicate key ")
}

// placeInArguments moves problems found inside the arguments string to the pasted text: an offset
// in the decoded string becomes the offset of the same character in the string literal. The
// messages and locations are redacted, since a repeated key or the text near a syntax error may
// be a credential.
func (c *Call) placeInArguments(probs problem.Problems, decoded string) problem.Problems {
	inner := jsondoc.Unparsed(problem.SourceCall, decoded)
	out := make(problem.Problems, len(probs))
	for i, p := range probs {
		p.Source = problem.SourceCall
		if isDuplicateKey(p) && p.InstanceLocation != "" {
			// The message names where the first key is, in the string's own lines; say it again
			// in the pasted text's.
			first := -1
			if at, ok := inner.LocateName(p.InstanceLocation); ok {
				if outer, ok := c.outerOffset(at); ok {
					first = outer
				}
			}
			p.Message = c.duplicateKeyMessage(p.InstanceLocation, i18n.T("in the arguments string"), first)
		} else {
			p.Message = i18n.Sprintf("the arguments string is not valid JSON: %s", p.Message)
		}
		p.Line, p.Column = 0, 0
		if p.Offset >= 0 {
			if at, ok := c.outerOffset(p.Offset); ok {
				p.Offset = at
				p.Line, p.Column = c.doc.Position(at)
			} else {
				p.Offset = -1
			}
		}
		out[i] = secrets.RedactProblem(p)
	}
	return out
}

// duplicateKeyMessage says that the key at pointer is repeated, where the first one is (an offset
// in the pasted text, or -1), and why that denies. The key is shown only when it holds no secret.
func (c *Call) duplicateKeyMessage(pointer, where string, first int) string {
	tokens, _ := jsondoc.SplitPointer(pointer)
	key := i18n.Sprintf("at %s", jsondoc.ShowPointer(pointer))
	if len(tokens) > 0 {
		key = untrusted.Quote(tokens[len(tokens)-1])
		if secrets.Holds(tokens[len(tokens)-1]) {
			key = i18n.T("(withheld: it looks like a secret)")
		}
	}
	if first >= 0 && c.doc != nil {
		l, col := c.doc.Position(first)
		return i18n.Sprintf("duplicate key %s %s (first at line %d, column %d): parsers disagree on which one counts", key, where, l, col)
	}
	return i18n.Sprintf("duplicate key %s %s: parsers disagree on which one counts", key, where)
}

// outerOffset maps a byte offset in the decoded arguments string to the pasted text.
func (c *Call) outerOffset(decodedOffset int) (int, bool) {
	if c.doc == nil || c.argsPointer == "" {
		return 0, false
	}
	start, ok := c.doc.Locate(c.argsPointer)
	if !ok || start >= len(c.doc.Text) || c.doc.Text[start] != '"' {
		return 0, false
	}
	rel, ok := jsondoc.RawOffset(c.doc.Text[start:], decodedOffset)
	if !ok {
		return 0, false
	}
	return start + rel, true
}

// ArgumentProblem builds a problem about the argument at pointer (relative to the arguments),
// placed in the pasted text wherever the arguments came from.
func (c *Call) ArgumentProblem(kind problem.Kind, pointer, msg string) problem.Problem {
	p := problem.Problem{Source: problem.SourceCall, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	if off, ok := c.argumentOffset(pointer, false); ok {
		p.Offset = off
		p.Line, p.Column = c.doc.Position(off)
	}
	return p
}

// ArgumentNameProblem is ArgumentProblem for a member name (an additional property).
func (c *Call) ArgumentNameProblem(kind problem.Kind, pointer, msg string) problem.Problem {
	p := problem.Problem{Source: problem.SourceCall, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	off, ok := c.argumentOffset(pointer, true)
	if !ok {
		off, ok = c.argumentOffset(pointer, false)
	}
	if ok {
		p.Offset = off
		p.Line, p.Column = c.doc.Position(off)
	}
	return p
}

// argumentOffset finds the value at pointer (relative to the arguments) in the pasted text, or
// with name the member name the pointer ends at.
func (c *Call) argumentOffset(pointer string, name bool) (int, bool) {
	if c.doc == nil || c.argsPointer == "" {
		return 0, false
	}
	if !c.argsIsString {
		if name {
			return c.doc.LocateName(c.argsPointer + pointer)
		}
		return c.doc.Locate(c.argsPointer + pointer)
	}
	if c.argsDoc == nil {
		return c.outerOffset(0)
	}
	locate := c.argsDoc.Locate
	if name {
		locate = c.argsDoc.LocateName
	}
	inner, ok := locate(pointer)
	if !ok {
		return 0, false
	}
	return c.outerOffset(inner)
}

// Problem builds a problem about the value at pointer in the pasted call text.
func (c *Call) Problem(kind problem.Kind, pointer, msg string) problem.Problem {
	if c.doc == nil {
		return problem.Problem{Source: problem.SourceCall, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	}
	p := c.doc.Problem(kind, pointer, msg)
	p.Source = problem.SourceCall
	return p
}
