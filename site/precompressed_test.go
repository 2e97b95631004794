package site

import (
	"bytes"
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
