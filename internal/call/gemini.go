package call

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// benignPartKeys are the members of a Gemini part that invoke nothing.
var benignPartKeys = []string{"text", "thought", "thoughtSignature", "inlineData", "fileData", "videoMetadata"}

// readCandidates reads a Gemini response: each candidate's content/parts.
func (r *callReader) readCandidates(cands []any, at string) {
	for i, c := range cands {
		cm, _ := c.(map[string]any)
		content, _ := cm["content"].(map[string]any)
		if parts, ok := content["parts"].([]any); ok {
			r.readGeminiParts(parts, jsondoc.JoinPointer(at, strconv.Itoa(i), "content", "parts"))
		}
	}
}

// readGeminiParts reads a Gemini content's parts: text and other parts that invoke nothing are
// skipped, every other part is read as a call, and is unreadable if it is not one.
func (r *callReader) readGeminiParts(parts []any, at string) {
	for j, p := range parts {
		pp := jsondoc.JoinPointer(at, strconv.Itoa(j))
		pm, ok := p.(map[string]any)
		if !ok {
			r.unreadable(pp, i18n.Sprintf("a part must be an object, found %s", jsondoc.TypeName(p)))
			continue
		}
		benign := true
		for key := range pm {
			benign = benign && slices.Contains(benignPartKeys, key)
		}
		if !benign {
			r.readObject(pm, pp)
		}
	}
}

// readGemini reads a functionCall; raw is the part holding it, kept as the whole call.
func (r *callReader) readGemini(fc map[string]any, at string, raw map[string]any) {
	partAt := strings.TrimSuffix(at, "/functionCall")
	c, ok := r.newCall(FormatGemini, raw, partAt, fc, at)
	if !ok {
		return
	}
	c.ID = idText(fc["id"])
	r.setArguments(&c, fc, at, "args", true)
	r.calls = append(r.calls, c)
}
