package result_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/result"
)

// TestMIMETypesHoldEveryMediaBlock: the policy's mime_types hold every block that hands the
// model a typed payload (an image, audio, a resource link, an embedded resource), not only the
// resources; a text block has no MIME type and is not held to the list.
func TestMIMETypesHoldEveryMediaBlock(t *testing.T) {
	c := result.New("", `{"results": {"*": {"mime_types": ["text/*"]}}}`, nil)
	if probs := c.Problems(); len(probs) > 0 {
		t.Fatal(probs)
	}
	for _, tt := range []struct {
		name, block string
		blocked     bool
	}{
		{"an image", `{"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}`, true},
		{"audio", `{"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"}`, true},
		{"an image without a type", `{"type": "image", "data": "iVBORw0KGgo="}`, true},
		{"a resource link", `{"type": "resource_link", "uri": "file:///a.pdf", "name": "a", "mimeType": "application/pdf"}`, true},
		{"an allowed resource", `{"type": "resource", "resource": {"uri": "file:///a.md", "mimeType": "text/markdown", "text": "# A"}}`, false},
		{"a text block", `{"type": "text", "text": "All tests passed."}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := c.Check(result.Request{Result: []byte(`{"content": [` + tt.block + `]}`)})
			blocked := rep.Verdict == result.VerdictBlock && len(rep.Problems) == 1 && strings.Contains(rep.Problems[0].Message, "which the policy does not allow")
			if blocked != tt.blocked {
				t.Errorf("verdict %s, problems %v; want blocked %v", rep.Verdict, rep.Problems, tt.blocked)
			}
		})
	}
}
