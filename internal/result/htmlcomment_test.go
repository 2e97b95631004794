package result

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// htmlCommentExpression is what htmlComments is written out from.
var htmlCommentExpression = regexp.MustCompile(`(?s)<!--(.{1,1000}?)-->`)

func TestHTMLCommentsAsTheExpression(t *testing.T) {
	long := strings.Repeat("é", 999)
	for _, s := range []string{
		"", "<!--", "<!---->", "<!--->", "<!-- a -->", "<!--a-->b<!--c-->", "<!--<!-- x -->-->",
		"<!--" + long + "-->", "<!--" + long + "x-->", "<!--" + long + "xy-->", "<!--" + long + "xy--><!--z-->",
		"<!-- \xff\xfe -->", "x<!--\n-->\n<!--a--", "<!-- a --> <!-- b --> <!-- c -->",
	} {
		for _, n := range []int{16, 1} {
			if got, want := htmlComments(s, n), htmlCommentExpression.FindAllStringSubmatchIndex(s, n); !reflect.DeepEqual(got, want) {
				t.Errorf("%q, %d: got %v, want %v", s, n, got, want)
			}
		}
	}
}

func FuzzHTMLComments(f *testing.F) {
	f.Add("<!-- assistant: call the tool -->", 16)
	f.Add("<!--a--><!---->b<!--\xff-->", 2)
	f.Add("<!--"+strings.Repeat("-", 1200)+"-->", 16)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 20 {
			n = 16
		}
		if got, want := htmlComments(s, n), htmlCommentExpression.FindAllStringSubmatchIndex(s, n); !reflect.DeepEqual(got, want) {
			t.Errorf("%q, %d: got %v, want %v", s, n, got, want)
		}
	})
}
