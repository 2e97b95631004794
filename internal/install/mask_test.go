package install

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// TestMasked: credentials are withheld by the name they are kept under (env, headers) or by
// their own look anywhere; everything else, comments and layout included, is the text as it is.
func TestMasked(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"a bearer token keeps its scheme",
			`{"headers": {"Authorization": "Bearer abc.def"}}`, `{"headers": {"Authorization": "Bearer [withheld, 7 chars]"}}`},
		{"a key in env, by its name",
			"{\n  // keys\n  \"env\": {\"OPENAI_API_KEY\": \"short\", \"LOG_LEVEL\": \"debug\"},\n}", "{\n  // keys\n  \"env\": {\"OPENAI_API_KEY\": \"[withheld, 5 chars]\", \"LOG_LEVEL\": \"debug\"},\n}"},
		{"a token by its look, in the arguments",
			`{"args": ["--token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"]}`, `{"args": ["--token", "[github token withheld, 40 chars]"]}`},
		{"a name outside env and headers is not a credential's", `{"token_url": "https://h/t"}`, `{"token_url": "https://h/t"}`},
		{"not JSON with comments", `{"env": `, `{"env": `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(Masked([]byte(tt.text), i18n.English)); got != tt.want {
				t.Errorf("Masked(%q)\n = %q\nwant %q", tt.text, got, tt.want)
			}
		})
	}
	if got := string(Masked([]byte(`{"env": {"GITHUB_TOKEN": "abc"}}`), i18n.French)); strings.Contains(got, "abc") || !strings.Contains(got, "caractères masqués") {
		t.Errorf("in French: %s", got)
	}
}
