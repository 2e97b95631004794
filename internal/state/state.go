// Package state puts the page's whole state — which pane is open, each pane's texts exactly as
// typed, the options — in a URL fragment, which browsers never send to a server, so a link shares
// exactly what the sender saw; and reads it back, refusing a damaged, foreign or oversized link
// with a problem that says which.
package state

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/schema"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// State is everything on the page: which pane is open, each pane's texts exactly as typed, and
// the options. It travels in the URL fragment, which browsers never send to a server.
type State struct {
	Pane    string       `json:"pane"`
	Panes   Panes        `json:"panes"`
	Options StateOptions `json:"options"`
}

// Panes holds each pane's texts.
type Panes struct {
	Schema   SchemaPane   `json:"schema"`
	Decision DecisionPane `json:"decision"`
	Diff     DiffPane     `json:"diff"`
}

// SchemaPane is the Schema pane: an instance, its schema, and further schema documents by URL.
type SchemaPane struct {
	Schema    string            `json:"schema"`
	Instance  string            `json:"instance"`
	Draft     string            `json:"draft,omitempty"`
	Resources map[string]string `json:"resources,omitempty"`
	// AssertFormats makes "format" an assertion (off by default, as 2020-12 says).
	AssertFormats bool `json:"assertFormats,omitempty"`
}

// DecisionPane is the Decision pane: a call, a catalog and a policy to gate, or a decision to check.
type DecisionPane struct {
	Call     string `json:"call"`
	Catalog  string `json:"catalog"`
	Policy   string `json:"policy"`
	Decision string `json:"decision"`
	Schema   string `json:"schema,omitempty"`
	Mode     string `json:"mode,omitempty"` // "gate", "check" or "session"
	// Transcript is the session the "session" mode replays.
	Transcript string `json:"transcript,omitempty"`
	// Result is the tool's result the "gate" mode checks beside the call.
	Result string `json:"result,omitempty"`
}

// DiffPane is the Diff pane: the approved text on the left, today's on the right.
type DiffPane struct {
	Left  string `json:"left"`
	Right string `json:"right"`
	Mode  string `json:"mode,omitempty"`
	// IgnoreArrayOrder compares a plain JSON diff's arrays by content.
	IgnoreArrayOrder bool `json:"ignoreArrayOrder,omitempty"`
}

// StateOptions are the page's settings.
type StateOptions struct {
	Lang string `json:"lang,omitempty"`
}

// fragmentPrefix starts every state fragment; the version lets later formats coexist.
const fragmentPrefix = "#v1."

// Limits on links. Browsers cut URLs near 2 MB; a link longer than MaxFragmentBytes would arrive
// broken, so it is refused when made. MaxStateBytes caps the inflated state at what a link can
// honestly carry — texts compress, but rarely past a few times the link's own size — so that a
// link typed by a stranger cannot inflate into tens of megabytes (a deflate bomb) and stall the
// page that opens it.
const (
	MaxFragmentBytes = 1_900_000
	MaxStateBytes    = 8 << 20
)

var errFragmentTooLong = errors.New(i18n.T("fragment too long"))

// Encode returns the URL fragment for s: "#v1." + base64url(deflate-raw(JSON)). It fails
// when the fragment would be too long for a browser to carry.
//
// The deflate stream opens with a stored block holding the JSON's first member,
// `{"pane":"decision",`, and compresses the rest: any inflater reads it as one stream, and the
// page reads which pane a link opens from the fragment's first characters, without inflating
// it (site/linkpane.js), so a link to a pane the Schema module cannot check starts the whole
// module at once instead of after the Schema module has read the link ([PaneHead] is the layout).
func Encode(s State) (string, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	head := paneMember(raw)
	if len(head) > 0 {
		// BFINAL 0 and BTYPE 00 (stored) in the first three bits, the byte's rest padding, then
		// LEN and its complement NLEN, little-endian (RFC 1951, 3.2.4).
		buf.WriteByte(0)
		buf.Write(binary.LittleEndian.AppendUint16(nil, uint16(len(head))))
		buf.Write(binary.LittleEndian.AppendUint16(nil, ^uint16(len(head))))
		buf.Write(head)
	}
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zw.Write(raw[len(head):])
	zw.Close()
	frag := fragmentPrefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(frag) > MaxFragmentBytes {
		return frag, i18n.Errorf("%w: the link would be %s, more than browsers carry (%s); share the texts as files instead",
			errFragmentTooLong, jsondoc.ByteSize(len(frag)), jsondoc.ByteSize(MaxFragmentBytes))
	}
	return frag, nil
}

// paneMember is raw's first member with its comma, `{"pane":"diff",`, when the pane's name
// is a plain word (encoding/json writes State's members in order, Pane first); nil otherwise,
// and the link then tells its pane only once inflated.
func paneMember(raw []byte) []byte {
	const open = `{"pane":"`
	if !bytes.HasPrefix(raw, []byte(open)) {
		return nil
	}
	end := bytes.IndexByte(raw[len(open):], '"') + len(open)
	if end < len(open)+1 || end-len(open) > maxPaneName || end+1 >= len(raw) || raw[end+1] != ',' {
		return nil
	}
	for _, c := range raw[len(open):end] {
		if c < 'a' || c > 'z' {
			return nil
		}
	}
	return raw[:end+2]
}

// maxPaneName bounds the name a link's stored head carries: the page reads its first 64
// base64url characters, 48 bytes, of which the block's header takes 5 and the member's
// framing 11.
const maxPaneName = 32

// PaneHead is the pane a fragment names in its stored head (see [Encode]), read without
// inflating, as the page reads it; "" for a fragment without one (made before links carried
// it, damaged, or foreign). [Decode] is what a link holds: this is only a hint of it.
func PaneHead(fragment string) string {
	f, ok := strings.CutPrefix(strings.TrimPrefix(fragment, "#"), "v1.")
	if !ok {
		return ""
	}
	f = f[:min(len(f), 64)]
	f = f[:len(f)-len(f)%4]
	b, err := base64.RawURLEncoding.DecodeString(f)
	if err != nil || len(b) < 5 || b[0] != 0 {
		return ""
	}
	n := int(binary.LittleEndian.Uint16(b[1:]))
	if binary.LittleEndian.Uint16(b[3:]) != ^uint16(n) || 5+n > len(b) {
		return ""
	}
	if head := paneMember(b[5 : 5+n]); len(head) == n {
		return string(head[len(`{"pane":"`) : n-2])
	}
	return ""
}

//go:embed state.schema.json
var stateSchemaText []byte

// stateSchema is what a link's contents must be: the page's state, closed and case-sensitive.
var stateSchema = schema.NewPublished(stateSchemaText, "state")

// Decode reads a fragment made by [Encode] (with or without the leading "#"). A
// damaged, foreign or oversized fragment is a problem that says which, never a panic.
func Decode(fragment string) (State, problem.Problems) {
	fail := func(kind problem.Kind, format string, args ...any) (State, problem.Problems) {
		return State{}, problem.Problems{{Source: problem.SourceFragment, Kind: kind, Offset: -1, Message: i18n.Sprintf(format, args...)}}
	}
	if len(fragment) > 4*MaxFragmentBytes {
		return fail(problem.KindLimit, "the link is %s long, more than any browser carries; it cannot be opened", jsondoc.ByteSize(len(fragment)))
	}
	f := strings.TrimPrefix(fragment, "#")
	if f == "" {
		return State{}, nil
	}
	ver, body, ok := strings.Cut(f, ".")
	if !ok || !strings.HasPrefix(ver, "v") {
		return fail(problem.KindParse, "this link was not made by gatehouse: its fragment does not start with #v1.")
	}
	if ver != "v1" {
		return fail(problem.KindParse, "this link uses format %s, which this version of gatehouse does not know (it reads v1)", ver)
	}
	compressed, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(body, "="))
	if err != nil {
		return fail(problem.KindParse, "the link is damaged (not base64url at character %d): it may have been cut or altered when copied", base64Offset(err)+len(ver)+2)
	}
	zr := flate.NewReader(bytes.NewReader(compressed))
	defer zr.Close()
	raw, err := io.ReadAll(io.LimitReader(zr, MaxStateBytes+1))
	if err != nil {
		return fail(problem.KindParse, "the link is damaged (its compressed data is incomplete or corrupt): it may have been cut when copied")
	}
	if len(raw) > MaxStateBytes {
		return fail(problem.KindLimit, "the link unpacks to more than %s, the limit; it was not opened", jsondoc.ByteSize(MaxStateBytes))
	}
	doc, probs := jsondoc.Parse(problem.SourceFragment, raw)
	if probs != nil {
		return fail(problem.KindParse, "the link is damaged (its contents are not valid state): %s", probs[0].Message)
	}
	if _, ok := doc.Value.(map[string]any); !ok {
		return fail(problem.KindParse, "the link is damaged (its contents are not a page state)")
	}
	// Case-sensitive and closed, like the strict parse that accepted it: encoding/json would let
	// a hidden "Call" member stand in for "call". A later format gets a new version (#v2.), so
	// an unknown member here is damage, not the future. The state's schema says what is wrong in
	// the link's own terms.
	if probs := stateSchema.Check(doc); len(probs) > 0 {
		return fail(problem.KindParse, "the link is damaged (its contents are not a page state): %s", probs[0].Message)
	}
	var s State
	if probs := jsondoc.Unmarshal(problem.SourceFragment, string(raw), &s, true); probs != nil {
		return fail(problem.KindParse, "the link is damaged (its contents are not a page state)")
	}
	return s, nil
}

func base64Offset(err error) int {
	var ce base64.CorruptInputError
	if errors.As(err, &ce) {
		return int(ce)
	}
	return 0
}
