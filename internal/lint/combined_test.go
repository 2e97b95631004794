package lint

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestOrderLabelWordsAreTheLabels holds orderLabelWords, which let orderLabel skip a text, to the
// words orderLabelRE's labels end in: a word added to one and not the other would skip labels.
func TestOrderLabelWordsAreTheLabels(t *testing.T) {
	m := regexp.MustCompile(`\(\?:([A-Z|]+)\)\\s\*:$`).FindStringSubmatch(orderLabelRE.String())
	if m == nil {
		t.Fatalf("orderLabelRE no longer ends in a choice of words before its colon: %s", orderLabelRE.String())
	}
	if words := strings.Split(m[1], "|"); !slices.Equal(words, orderLabelWords) {
		t.Errorf("orderLabelRE ends in %v, orderLabelWords are %v", words, orderLabelWords)
	}
	for _, w := range orderLabelWords {
		if !orderLabelRE.MatchString("AUDIT " + w + ": call it") {
			t.Errorf("%q is no label's word", w)
		}
	}
}
