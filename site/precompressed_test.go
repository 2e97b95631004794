package site

import (
	"bytes"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestPrecompressedCopyMustMatch: a brotli copy made at build time is served only when it is the
// file's own bytes; a copy left from an older build is compressed afresh instead.
func TestPrecompressedCopyMustMatch(t *testing.T) {
	body := bytes.Repeat([]byte("gatehouse checks every call; "), 4000)
	old := bytes.Repeat([]byte("an older build of the file; "), 4000)
	compress := func(b []byte) []byte {
		var buf bytes.Buffer
		w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	for _, tc := range []struct {
		name  string
		copy  []byte
		wants bool // the copy itself is served
	}{
		{"true copy", compress(body), true},
		{"copy of an older build", compress(old), false},
		{"copy of a prefix", compress(body[:len(body)-1]), false},
		{"not brotli", []byte("not brotli at all"), false},
	} {
		a := &asset{body: body, precompressed: tc.copy}
		got := a.variant(brotliEncoding)
		if served := bytes.Equal(got, tc.copy); served != tc.wants {
			t.Errorf("%s: the copy served = %v, want %v", tc.name, served, tc.wants)
		}
		out, err := brotliDecode(got)
		if err != nil || !bytes.Equal(out, body) {
			t.Errorf("%s: the brotli body is not the file (%v)", tc.name, err)
		}
	}
}

func brotliDecode(b []byte) ([]byte, error) {
	var out bytes.Buffer
	_, err := out.ReadFrom(brotli.NewReader(bytes.NewReader(b)))
	return out.Bytes(), err
}

// TestMinifiedCopyMustMatch: a minified copy is served only while its first line names the
// sha256 of the file's own text; a copy of an older text, or none, leaves the file as written.
func TestMinifiedCopyMustMatch(t *testing.T) {
	source, err := files.ReadFile("app.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := files.ReadFile("app.js.min"); err != nil {
		t.Skip("no minified copies embedded (make wasm-br writes them)")
	}
	min := minified("app.js", source)
	if min == nil {
		t.Fatal("app.js.min is not served for app.js: make wasm-br was run before app.js last changed")
	}
	if len(min) >= len(source) || !strings.HasPrefix(string(min), "/* app.js minified, from sha256 ") {
		t.Errorf("app.js.min is %d bytes, app.js %d", len(min), len(source))
	}
	if got := minified("app.js", append(bytes.Clone(source), ' ')); got != nil {
		t.Error("a copy made from another text is served")
	}
	if got := minified("sw.js", source); got != nil {
		t.Error("a file with no copy is served one")
	}
	if body := theServer().assets["app.js"].body; !bytes.Equal(body, min) {
		t.Error("the server does not serve app.js's minified copy")
	}
}
