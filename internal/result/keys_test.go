package result

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestKeysFoundAsIndexFinds holds the one-pass indexes of key words (the order forms', the
// takeover languages') to the places strings.Index finds each key at, one after the other, in a
// text that holds every key three times, once with a capital (the indexes read text already in
// lower case, and must not find it there): a key the index's scan cannot find as written (a
// capital, a tab, two spaces) would be missed without a word.
func TestKeysFoundAsIndexFinds(t *testing.T) {
	var forms, languages []string
	for _, f := range orderForms {
		forms = append(forms, f.keys...)
	}
	for _, l := range takeoverLanguages {
		languages = append(languages, l.keys...)
	}
	for _, c := range []struct {
		name string
		keys []string
		find func(string) [][]int
	}{
		{"order forms", forms, func(s string) [][]int { return orderKeys().Find(s, maxKeyPlaces) }},
		{"takeover languages", languages, func(s string) [][]int { return takeoverKeys().Find(s, maxKeyPlaces) }},
	} {
		var text strings.Builder
		for _, k := range c.keys {
			text.WriteString(k + " x " + k + k + " " + strings.ToUpper(k[:1]) + k[1:] + ".\n")
		}
		s := text.String()
		got := c.find(s)
		for i, k := range c.keys {
			var want []int
			for from := 0; len(want) < maxKeyPlaces; {
				j := strings.Index(s[from:], k)
				if j < 0 {
					break
				}
				want = append(want, from+j)
				from += j + len(k)
			}
			if !reflect.DeepEqual(got[i], want) {
				t.Errorf("%s: %q found at %v, strings.Index at %v", c.name, k, got[i], want)
			}
		}
	}
}

// TestBinaryRunFilterKeepsEveryMatch holds hasBinaryRun, which lets binaryRun search a text, to
// the expression: on texts of bits, spaces and other bytes, wherever binaryRun matches the
// filter says so (and a text of bits too short for it is filtered out).
func TestBinaryRunFilterKeepsEveryMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 17))
	alphabet := []byte("01010101 x")
	matched := 0
	for range 5000 {
		b := make([]byte, 90+rng.IntN(200))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(4) > 0 && i > 0 && b[i-1] != 'x' { // runs of bits are the common case
				b[i] = "01"[rng.IntN(2)]
			}
		}
		s := string(b)
		if binaryRun.MatchString(s) {
			matched++
			if !hasBinaryRun(s) {
				t.Fatalf("binaryRun matches %q, the filter skips it", s)
			}
		}
	}
	if matched < 100 {
		t.Fatalf("only %d of the texts match binaryRun: the test reads too few", matched)
	}
	if hasBinaryRun(strings.Repeat("01010101 ", 11) + "0101010") {
		t.Error("95 bits pass the filter")
	}
}
