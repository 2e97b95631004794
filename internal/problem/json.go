package problem

import (
	"strconv"
	"unicode/utf8"
)

// MarshalJSON writes the list in one pass, byte for byte as encoding/json writes each problem
// ([Problem.MarshalJSON]). A flood of problems is most of an answer, and encoding/json would
// call each problem's MarshalJSON, then check and copy its bytes, one allocation and pass per
// problem; written here, the list costs one buffer.
func (ps Problems) MarshalJSON() ([]byte, error) {
	return ps.AppendJSON(make([]byte, 0, 2+200*len(ps))), nil
}

// AppendJSON appends what MarshalJSON writes to b: for an answer that writes itself in one
// buffer, since encoding/json checks and copies again what a MarshalJSON returns.
func (ps Problems) AppendJSON(b []byte) []byte {
	if ps == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = ps[i].appendJSON(b)
	}
	return append(b, ']')
}

// appendJSON writes p as Problem.MarshalJSON does: the fields in their order, empty ones left
// out, and a validation problem's two locations always, after the other fields.
func (p *Problem) appendJSON(b []byte) []byte {
	b = append(b, `{"source":`...)
	b = appendString(b, string(p.Source))
	b = append(b, `,"kind":`...)
	b = appendString(b, string(p.Kind))
	b = append(b, `,"message":`...)
	b = appendString(b, p.Message)
	if p.Line != 0 {
		b = strconv.AppendInt(append(b, `,"line":`...), int64(p.Line), 10)
	}
	if p.Column != 0 {
		b = strconv.AppendInt(append(b, `,"column":`...), int64(p.Column), 10)
	}
	validation := p.Kind == KindValidation
	if !validation {
		b = p.appendLocations(b, false)
	}
	if p.Document != "" {
		b = appendString(append(b, `,"document":`...), p.Document)
	}
	b = strconv.AppendInt(append(b, `,"offset":`...), int64(p.Offset), 10)
	if a := p.Alternative; a != nil {
		b = appendString(append(b, `,"alternative":{"of":`...), a.Of)
		b = strconv.AppendInt(append(b, `,"branch":`...), int64(a.Branch), 10)
		b = strconv.AppendBool(append(b, `,"best":`...), a.Best)
		b = append(b, '}')
	}
	if validation {
		b = p.appendLocations(b, true)
	}
	return append(b, '}')
}

// appendLocations writes the instance and keyword locations, empty ones too when always.
func (p *Problem) appendLocations(b []byte, always bool) []byte {
	if p.InstanceLocation != "" || always {
		b = appendString(append(b, `,"instanceLocation":`...), p.InstanceLocation)
	}
	if p.KeywordLocation != "" || always {
		b = appendString(append(b, `,"keywordLocation":`...), p.KeywordLocation)
	}
	return b
}

const hexDigits = "0123456789abcdef"

// AppendJSONString appends s as a JSON string, byte for byte as json.Marshal writes it: for
// answers written by hand, without encoding/json's reflection.
func AppendJSONString(b []byte, s string) []byte { return appendString(b, s) }

// appendString writes s as a JSON string the way json.Marshal does (and so Problem.MarshalJSON,
// whatever the encoder around it): <, > and & escaped, invalid UTF-8 as U+FFFD, U+2028 and
// U+2029 escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}
