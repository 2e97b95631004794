package secrets

// Inside the package: the redaction helpers have no exported face, and the gate's tests check
// what they are for (no message of a decision spells out a credential from the arguments).

import (
	"strings"
	"testing"
)

func TestRedactSecrets(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		// Nothing to withhold: the text comes back as it is.
		{"'abc' does not match pattern '^x$'", "'abc' does not match pattern '^x$'"},
		// A credential in a known format: its kind and length only.
		{"'AKIAIOSFODNN7EXAMPLE' does not match pattern '^x$'", "'[aws access key withheld, 20 chars]' does not match pattern '^x$'"},
		// Two, of different kinds.
		{"ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5 and AKIAIOSFODNN7EXAMPLE",
			"[github token withheld, 40 chars] and [aws access key withheld, 20 chars]"},
		// A random-looking key in no known format.
		{"additional properties 'aB3dE5gH7jK9mN1pQ3sT5vX7' not allowed", "additional properties '[key-like value withheld, 24 chars]' not allowed"},
		// The password of a URL, however short.
		{"https://bob:hunt3r@db.example.com/", "https://bob:[url password withheld, 6 chars]@db.example.com/"},
		// A path to key material is not itself a secret: it stays, so the reason is readable.
		{"~/.ssh/id_rsa", "~/.ssh/id_rsa"},
	}
	for _, tt := range tests {
		if got := redact(tt.text); got != tt.want {
			t.Errorf("redact(%q)\n got %q\nwant %q", tt.text, got, tt.want)
		}
	}
}

func TestRedactPointer(t *testing.T) {
	tests := []struct{ pointer, want string }{
		// Ordinary keys are kept.
		{"/a/0/b~1c", "/a/0/b~1c"},
		{"", ""},
		// The pointer stops at the object that has the key holding a credential, as Find
		// writes its pointers.
		{"/a/ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5/b", "/a"},
		{"/AKIAIOSFODNN7EXAMPLE", ""},
		// A key holding a credential among other text.
		{"/x/token=AKIAIOSFODNN7EXAMPLE", "/x"},
		// Not a pointer: redacted as text.
		{"AKIAIOSFODNN7EXAMPLE", "[aws access key withheld, 20 chars]"},
	}
	for _, tt := range tests {
		if got := RedactPointer(tt.pointer); got != tt.want {
			t.Errorf("RedactPointer(%q) = %q, want %q", tt.pointer, got, tt.want)
		}
	}
}

// TestRedactSecretsLinear: a long text of near-misses is redacted in time linear in its size.
func TestRedactSecretsLinear(t *testing.T) {
	text := strings.Repeat("AKIA ghp_ sk- eyJ ://a:b@ ", 20000)
	if got := redact(text); got != text {
		t.Errorf("near-misses were redacted: %.80q", got)
	}
}

// TestRedactSecretsMany: past a few credentials, the rest of the text is withheld whole.
func TestRedactSecretsMany(t *testing.T) {
	text := strings.Repeat("AKIAIOSFODNN7EXAMPLE ", 5000)
	got := redact(text)
	if strings.Contains(got, "AKIAIOSFODNN7EXAMPLE") || !strings.HasSuffix(got, "[the rest withheld: it holds more secret-looking values]") {
		t.Errorf("got %.200q…", got)
	}
}
