package jsondoc

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/go-json-experiment/json/jsontext"
)

// Unmarshal reads text, exactly one JSON value, into the Go value v points to, by the json tags
// of its struct fields. It is how the API reads a request and the page's state, and it follows
// the rules of go-json-experiment/json's Unmarshal with its default options, on which the API was
// first built: names match case-sensitively, a repeated name, invalid UTF-8, a byte order mark or
// anything after the value is refused, null leaves the zero value, an integer must be written as
// one and fit, and a member no field takes is skipped (refused when closed). A test holds the two
// to the same verdict on every request type (FuzzUnmarshalAgreesWithJSONv2).
//
// It exists because that package's reflection-driven decoder weighs about 430 KB of the page's
// wasm, for a few flat request shapes; this reads the tokens with jsontext, which the strict
// parse already carries, and takes strings without escapes straight out of text.
//
// It takes the kinds requests are made of: structs (an embedded struct, or one tagged inline,
// gives its fields to the outer one), strings, booleans, integers, floats, slices, maps with
// string keys and pointers. A type outside them is a bug, reported as an error at the start.
// What is wrong is one problem of source src, at its line and column, with the value's pointer.
func Unmarshal(src problem.Source, text string, v any, closed bool) problem.Problems {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return problem.Problems{{Source: src, Kind: problem.KindInternal, Offset: -1, Message: i18n.Sprintf("cannot read JSON into the Go type %s", reflect.TypeOf(v).String())}}
	}
	body := []byte(text)
	d := &unmarshaler{
		dec:    jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowDuplicateNames(false), jsontext.AllowInvalidUTF8(false)),
		text:   text,
		closed: closed,
		doc:    &Document{Source: src, Text: body, str: text},
	}
	if len(bytes.TrimLeft(body, " \t\r\n")) == 0 {
		return problem.Problems{d.doc.problemAt(problem.KindParse, i18n.T("the text is empty: expected a JSON value"), len(text))}
	}
	if err := d.value(rv.Elem()); err != nil {
		return problem.Problems{d.problem(err)}
	}
	off := int(d.dec.InputOffset())
	if _, err := d.dec.ReadToken(); err != io.EOF {
		off += skipSpace(body[off:])
		return problem.Problems{d.doc.problemAt(problem.KindParse, i18n.T("unexpected text after the JSON value"), off)}
	}
	return nil
}

type unmarshaler struct {
	dec    *jsontext.Decoder
	text   string
	closed bool
	doc    *Document
	path   []string // the tokens of the pointer down to the value being read
}

// A mismatch is a value of the wrong JSON kind (or out of range) for the Go field it goes to.
type mismatch struct {
	offset  int
	pointer string
	msg     string
}

func (m *mismatch) Error() string { return m.msg }

// problem words an error of the decoder or a mismatch.
func (d *unmarshaler) problem(err error) problem.Problem {
	var m *mismatch
	if errors.As(err, &m) {
		p := d.doc.problemAt(problem.KindParse, m.msg, m.offset)
		p.InstanceLocation = m.pointer
		return p
	}
	var u *unsupported
	if errors.As(err, &u) {
		return problem.Problem{Source: d.doc.Source, Kind: problem.KindInternal, Offset: -1, Message: u.msg}
	}
	return d.doc.syntaxProblem(err)
}

// unsupported is a Go type Unmarshal does not read into: a bug in the caller.
type unsupported struct{ msg string }

func (u *unsupported) Error() string { return u.msg }

func unsupportedType(t reflect.Type, field string) error {
	if field != "" {
		return &unsupported{i18n.Sprintf("cannot read JSON into the Go type %s (its field %s)", t.String(), field)}
	}
	return &unsupported{i18n.Sprintf("cannot read JSON into the Go type %s", t.String())}
}

// wrongKind is the mismatch of the value about to be read, which is not the kind want names.
func (d *unmarshaler) wrongKind(want string) error {
	off := tokenStart(d.text, int(d.dec.InputOffset()))
	pointer := d.valuePointer()
	return &mismatch{offset: off, pointer: pointer, msg: i18n.Sprintf("%s should be %s, not %s", ShowPointer(pointer), want, kindName(d.dec.PeekKind()))}
}

// valuePointer is the pointer of the value being read.
func (d *unmarshaler) valuePointer() string {
	return JoinPointer("", d.path...)
}

func kindName(k jsontext.Kind) string {
	switch k {
	case '"':
		return i18n.T("a string")
	case '0':
		return i18n.T("a number")
	case 't', 'f':
		return i18n.T("a boolean")
	case '{':
		return i18n.T("an object")
	case '[':
		return i18n.T("an array")
	}
	return "null"
}

// next is the kind of the next value; a syntax error there is returned as it is.
func (d *unmarshaler) next() (jsontext.Kind, error) {
	k := d.dec.PeekKind()
	if k == 0 {
		_, err := d.dec.ReadToken()
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, err
	}
	return k, nil
}

// null reads a null and sets v to its zero value.
func (d *unmarshaler) null(v reflect.Value) error {
	if _, err := d.dec.ReadToken(); err != nil {
		return err
	}
	v.SetZero()
	return nil
}

// str reads a string value or an object's name: out of the text when it has no escape.
func (d *unmarshaler) str() (string, error) {
	raw, err := d.dec.ReadValue()
	if err != nil {
		return "", err
	}
	end := int(d.dec.InputOffset())
	if bytes.IndexByte(raw, '\\') < 0 {
		return d.text[end-len(raw)+1 : end-1], nil
	}
	b, err := jsontext.AppendUnquote(nil, raw)
	return string(b), err
}

func (d *unmarshaler) value(v reflect.Value) error {
	k, err := d.next()
	if err != nil {
		return err
	}
	if k == 'n' {
		return d.null(v)
	}
	switch v.Kind() {
	case reflect.String:
		if k != '"' {
			return d.wrongKind(i18n.T("a string"))
		}
		s, err := d.str()
		if err != nil {
			return err
		}
		v.SetString(s)
		return nil
	case reflect.Bool:
		if k != 't' && k != 'f' {
			return d.wrongKind(i18n.T("a boolean"))
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return err
		}
		v.SetBool(k == 't')
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return d.number(v, k)
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return d.value(v.Elem())
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			break // []byte is base64 in JSON: no request holds one
		}
		if k != '[' {
			return d.wrongKind(i18n.T("an array"))
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return err
		}
		s := reflect.MakeSlice(v.Type(), 0, 0)
		for d.dec.PeekKind() != ']' {
			s = reflect.Append(s, reflect.Zero(v.Type().Elem()))
			d.path = append(d.path, strconv.Itoa(s.Len()-1))
			if err := d.value(s.Index(s.Len() - 1)); err != nil {
				return err
			}
			d.path = d.path[:len(d.path)-1]
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return err
		}
		v.Set(s)
		return nil
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			break
		}
		if k != '{' {
			return d.wrongKind(i18n.T("an object"))
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return err
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		elem := reflect.New(v.Type().Elem()).Elem()
		for d.dec.PeekKind() != '}' {
			name, err := d.str()
			if err != nil {
				return err
			}
			elem.SetZero()
			d.path = append(d.path, name)
			if err := d.value(elem); err != nil {
				return err
			}
			d.path = d.path[:len(d.path)-1]
			v.SetMapIndex(reflect.ValueOf(name).Convert(v.Type().Key()), elem)
		}
		_, err := d.dec.ReadToken()
		return err
	case reflect.Struct:
		if k != '{' {
			return d.wrongKind(i18n.T("an object"))
		}
		return d.object(v)
	}
	return unsupportedType(v.Type(), "")
}

// number reads a number into an integer or a float field: an integer must be written as one
// (no fraction, no exponent) and fit the field, as jsonv2 has it.
func (d *unmarshaler) number(v reflect.Value, k jsontext.Kind) error {
	want := i18n.T("a number")
	if v.CanInt() || v.CanUint() {
		want = i18n.T("an integer")
	}
	if k != '0' {
		return d.wrongKind(want)
	}
	off := tokenStart(d.text, int(d.dec.InputOffset()))
	pointer := d.valuePointer()
	raw, err := d.dec.ReadValue()
	if err != nil {
		return err
	}
	bits := v.Type().Bits()
	switch {
	case v.CanInt():
		var n int64
		if n, err = strconv.ParseInt(string(raw), 10, bits); err == nil {
			v.SetInt(n)
		}
	case v.CanUint():
		var n uint64
		if n, err = strconv.ParseUint(string(raw), 10, bits); err == nil {
			v.SetUint(n)
		}
	default:
		var f float64
		if f, err = strconv.ParseFloat(string(raw), bits); err == nil {
			v.SetFloat(f)
		}
	}
	if err != nil {
		return &mismatch{offset: off, pointer: pointer, msg: i18n.Sprintf("%s should be %s that fits, not %s", ShowPointer(pointer), want, string(raw))}
	}
	return nil
}

// object reads an object's members into the struct v by their names.
func (d *unmarshaler) object(v reflect.Value) error {
	if _, err := d.dec.ReadToken(); err != nil {
		return err
	}
	fields, err := fieldsOf(v.Type())
	if err != nil {
		return err
	}
	for d.dec.PeekKind() != '}' {
		off := tokenStart(d.text, int(d.dec.InputOffset()))
		name, err := d.str()
		if err != nil {
			return err
		}
		index, ok := fields[name]
		d.path = append(d.path, name)
		if !ok {
			if d.closed {
				pointer := d.valuePointer()
				return &mismatch{offset: off, pointer: pointer, msg: i18n.Sprintf("%s is not a member this object takes", strconv.Quote(name))}
			}
			if err := d.dec.SkipValue(); err != nil {
				return err
			}
		} else if err := d.value(fieldByIndex(v, index)); err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
	}
	_, err = d.dec.ReadToken()
	return err
}

// fieldByIndex is v's field at index, making the embedded pointers on the way.
func fieldByIndex(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// structFields caches each struct type's JSON names, with the index of the field each one fills.
var structFields sync.Map // reflect.Type → map[string][]int

func fieldsOf(t reflect.Type) (map[string][]int, error) {
	if f, ok := structFields.Load(t); ok {
		return f.(map[string][]int), nil
	}
	type candidate struct {
		index []int
		depth int
		count int // fields of that depth with the name: more than one and none wins
	}
	found := map[string]*candidate{}
	var walk func(t reflect.Type, index []int, seen map[reflect.Type]bool) error
	walk = func(t reflect.Type, index []int, seen map[reflect.Type]bool) error {
		if seen[t] {
			return nil
		}
		seen[t] = true
		defer delete(seen, t)
		for i := range t.NumField() {
			sf := t.Field(i)
			tag, hasTag := sf.Tag.Lookup("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			inline := sf.Anonymous && name == ""
			for opt := range strings.SplitSeq(opts, ",") {
				switch opt {
				case "", "omitempty", "omitzero":
				case "inline":
					inline = true
				default:
					return unsupportedType(t, sf.Name)
				}
			}
			at := append(append([]int(nil), index...), i)
			ft := sf.Type
			if inline {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() != reflect.Struct {
					return unsupportedType(t, sf.Name)
				}
				if err := walk(ft, at, seen); err != nil {
					return err
				}
				continue
			}
			if !sf.IsExported() {
				continue
			}
			if !hasTag || name == "" {
				name = sf.Name
			}
			c := found[name]
			switch {
			case c == nil || len(at) < c.depth:
				found[name] = &candidate{index: at, depth: len(at), count: 1}
			case len(at) == c.depth:
				c.count++
			}
		}
		return nil
	}
	if err := walk(t, nil, map[reflect.Type]bool{}); err != nil {
		return nil, err
	}
	fields := make(map[string][]int, len(found))
	for name, c := range found {
		if c.count == 1 {
			fields[name] = c.index
		}
	}
	f, _ := structFields.LoadOrStore(t, fields)
	return f.(map[string][]int), nil
}
