package lint

import (
	"math/rand/v2"
	"testing"
)

// hasInnerCapitalBytes is hasInnerCapital one byte at a time, as it was written first.
func hasInnerCapitalBytes(s string) bool {
	for i := 1; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' && 'a' <= s[i-1] && s[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// TestHasInnerCapitalReadsEightAtOnce holds the eight-byte reading to the byte loop: every pair
// of bytes at every place of a string, and random strings of letters and their neighbours.
func TestHasInnerCapitalReadsEightAtOnce(t *testing.T) {
	for n := 2; n <= 20; n++ {
		for at := 1; at < n; at++ {
			for a := range 256 {
				for _, b := range []byte{'@', 'A', 'M', 'Z', '[', '`', 'a', 'z', '{', 0x7f, 0x80, 0xc1, 0xda, 0xff} {
					buf := make([]byte, n)
					for i := range buf {
						buf[i] = ' '
					}
					buf[at-1], buf[at] = byte(a), b
					if s := string(buf); hasInnerCapital(s) != hasInnerCapitalBytes(s) {
						t.Fatalf("%q: %v, the byte loop %v", s, hasInnerCapital(s), hasInnerCapitalBytes(s))
					}
					buf[at-1], buf[at] = b, byte(a)
					if s := string(buf); hasInnerCapital(s) != hasInnerCapitalBytes(s) {
						t.Fatalf("%q: %v, the byte loop %v", s, hasInnerCapital(s), hasInnerCapitalBytes(s))
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("aAzZ@[`{ .\x7f\x80\xc3\xe2\xff_-09")
	for range 100000 {
		buf := make([]byte, r.IntN(40))
		for i := range buf {
			buf[i] = alphabet[r.IntN(len(alphabet))]
		}
		if s := string(buf); hasInnerCapital(s) != hasInnerCapitalBytes(s) {
			t.Fatalf("%q: %v, the byte loop %v", s, hasInnerCapital(s), hasInnerCapitalBytes(s))
		}
	}
}
