package policy_test

import (
	"strings"
	"testing"
)

// TestUnknownKeySuggestsTheNearest: an unknown key that is a typo of a key the policy declares
// at that place is told the key it is likely a typo of; one far from every key gets no guess.
func TestUnknownKeySuggestsTheNearest(t *testing.T) {
	for _, tt := range []struct{ text, want, not string }{
		{`{"allow_tool": ["read"]}`, `'allow_tool' not allowed (did you mean "allow_tools" for "allow_tool"?)`, ""},
		{`{"allow_tools": ["read"], "grnt": {}}`, `(did you mean "grant" for "grnt"?)`, ""},
		{`{"allow_tools": ["read"], "colour": "blue"}`, `'colour' not allowed`, "did you mean"},
	} {
		_, probs := parsePolicy(t, tt.text)
		if len(probs) != 1 || !strings.Contains(probs[0].Message, tt.want) || tt.not != "" && strings.Contains(probs[0].Message, tt.not) {
			t.Errorf("%s: problems %v; want one holding %q", tt.text, probs, tt.want)
		}
	}
}
