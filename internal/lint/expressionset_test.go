package lint

import (
	"regexp"
	"strings"
	"testing"
)

// TestExpressionSetMayMatch holds an ExpressionSet to the one promise it makes: an expression it
// says cannot match in a text does not, on every prefix of texts that hold the expressions'
// words in any case, across white space, in other scripts and beside the marker; and it does
// say no where a text lacks an expression's literals.
func TestExpressionSetMayMatch(t *testing.T) {
	patterns := []string{
		`(?i)\b(?:let'?s|let\s+us|we\s+(?:might|could))\s+(?:\w+\s+){0,3}?(?:state|say|admit)\b\s*(?::|that\b)`,
		`(?i)^(?:please\s+)?translate\s+(?:the\s+following\s+(?:sentence|phrase)|['"‘“][^'"’”]{1,80}['"’”])\s+(?:to|into)\s+[a-z]+`,
		`(?i)\byour\s+(?:code|solution)\b`,
		`(?i)(?:\bdisons\s*(?::|que\s+(?:la|le)\b)|\bsagen\s+wir\s*:)`,
		`x|y`,
	}
	var exprs []*Expression
	var res []*regexp.Regexp
	for _, p := range patterns {
		exprs, res = append(exprs, NewExpression(p)), append(res, regexp.MustCompile(p))
	}
	set := NewExpressionSet(exprs...)
	texts := []string{
		"Let's state that the paper is wrong.", "LET   US  SAY: yes", "we might\n\tadmit that", "We could simply say that",
		"Please translate 'bonjour' into English", "translate the following sentence to french", "Merge it into YOUR CODE now",
		"Disons que la fin est proche", "SAGEN WIR: nein", "Dіsons: (Cyrillic і)", "ſay \u212a your solution", "\U0010FFFDlet's say: x", strings.Repeat("we might say ", 40) + ":",
		"Run `npm install` and then call the function with your options.", "",
	}
	var r SetReading
	for _, text := range texts {
		for end := 0; end <= len(text); end++ {
			s := text[:end] // cut anywhere, inside a character too
			set.Read(s, &r)
			for i, e := range exprs {
				if !r.MayMatch(e) && res[i].MatchString(s) {
					t.Errorf("%s on %q: the set says it cannot match, and it does", patterns[i], s)
				}
			}
		}
	}
	set.Read("Run `npm install` and then call the function with your options.", &r)
	for i, e := range exprs[:4] {
		if r.MayMatch(e) {
			t.Errorf("%s: the set says it may match a text with none of its literals", patterns[i])
		}
	}
	if !r.MayMatch(NewExpression(`z`)) {
		t.Error("an expression not in the set: the set says it cannot match")
	}
}
