package lint

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestFindDestinationsAsRegexp holds the byte loop to reDestination on texts written from the
// bytes the expression turns on (schemes, '@', '+', digits, dots, colons, blanks, the marks that
// end a URL, letters, a character of another script), at random and by hand.
func TestFindDestinationsAsRegexp(t *testing.T) {
	texts := []string{
		"", "mail a@b.c now", "x.y+z-w@host-1.example.co.uk.", "a@b", "a@b.", "@b.c", "a@.c", "a@b..c", "a@@b.c",
		"https://x.y/z?q=1 and http://a", "https:// x", "http:/x", "httpx://y", "hhttps://a)b", "xhttp://a@b.c",
		"call +1 (555) 123-4567 now", "+1 23 4", "+12345678", "+1234567", "++1 2 3 4 5 6 7 8", "+1234567890abc",
		"10.0.0.1", "10.0.0.1:8080", "10.0.0.1:80x", "1234.1.1.1", "1.1.1.1234", "1.2.3.4.5", "a1.2.3.4", "_1.2.3.4",
		"é1.2.3.4é", "v1.2.3.4 1.2.3", "1.2.3.4:", "256.256.256.256:0", "user@1.2.3.4", "1.2.3.4@x.y",
		strings.Repeat("word ", 30) + "a@b.c " + strings.Repeat("9.", 20),
	}
	alphabet := []string{"a", "h", "t", "p", "s", "x", "_", "0", "1", "9", ".", ".", "@", "+", "-", ":", "/", " ", "\n", "(", ")", "'", "<", "é", "http://", "https://", "1.2.3.4", "a@b.c"}
	texts = appendPiecedTexts(texts, rand.New(rand.NewPCG(1, 2)), alphabet, 40, 20000)
	re := regexp.MustCompile(destinationRE.String())
	matched := 0
	for _, s := range texts {
		for _, n := range []int{-1, 1, 8} {
			got, want := findDestinations(s, n), re.FindAllStringIndex(s, n)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q, %d: %v, want %v", s, n, got, want)
			}
			if n < 0 && len(want) > 0 {
				matched++
			}
		}
	}
	if matched < 1000 {
		t.Errorf("only %d texts hold a match: the test reads too few", matched)
	}
}
