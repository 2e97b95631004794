package install

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/tailscale/hujson"
)

// Masked returns a configuration's text with its secrets withheld, for showing a change to a
// person (the diff install and uninstall print, which ends up in terminals, logs and tickets):
// the value of a member of "env" or "headers" whose name says it holds a credential (a token, a
// key, a secret, a password, an authorization, a cookie), keeping only an authorization's scheme
// ("Bearer"), and any credential a string holds elsewhere, such as a token passed as an
// argument. Everything else is the text as it is, so the masked texts of a file before and after
// a change differ where the texts do. What was withheld is said in lang. A text that is not JSON
// with comments comes back as it is.
func Masked(data []byte, lang i18n.Lang) []byte {
	root, err := hujson.Parse(data)
	if err != nil {
		return data
	}
	maskValue(&root, false, lang)
	return root.Pack()
}

// maskValue withholds the secrets in v (see [Masked]); named says v is the value of a member
// whose name says it holds a credential.
func maskValue(v *hujson.Value, named bool, lang i18n.Lang) {
	switch x := v.Value.(type) {
	case hujson.Literal:
		if x.Kind() != '"' {
			return
		}
		s := x.String()
		if masked := maskString(s, named, lang); masked != s {
			v.Value = hujson.String(masked)
		}
	case *hujson.Array:
		for i := range x.Elements {
			maskValue(&x.Elements[i], false, lang)
		}
	case *hujson.Object:
		for i := range x.Members {
			m := &x.Members[i]
			name, _ := m.Name.Value.(hujson.Literal)
			key := name.String()
			if holdsVariables[key] {
				if obj, ok := m.Value.Value.(*hujson.Object); ok {
					for j := range obj.Members {
						inner, _ := obj.Members[j].Name.Value.(hujson.Literal)
						maskValue(&obj.Members[j].Value, namesCredential(inner.String()), lang)
					}
					continue
				}
			}
			maskValue(&m.Value, false, lang)
		}
	}
}

// holdsVariables are the members whose members are an environment or an HTTP request's headers:
// where a configuration keeps credentials by name.
var holdsVariables = map[string]bool{"env": true, "headers": true, "environment": true}

// credentialWords are the words a variable's or a header's name holds when its value is a
// credential: GITHUB_TOKEN, X-Api-Key, Authorization, DB_PASSWORD, Cookie.
var credentialWords = []string{"token", "key", "secret", "password", "passwd", "auth", "credential", "cookie", "session", "bearer"}

func namesCredential(name string) bool {
	lower := strings.ToLower(name)
	for _, w := range credentialWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// maskString withholds s whole when named (an authorization's scheme kept), else only the
// credentials it holds.
func maskString(s string, named bool, lang i18n.Lang) string {
	if !named {
		if r, ok := secrets.RedactValue(s).(string); ok && r != s {
			return lang.Text(r)
		}
		return s
	}
	if s == "" {
		return s
	}
	scheme := ""
	if word, rest, found := strings.Cut(s, " "); found && rest != "" && isScheme(word) {
		scheme, s = word+" ", rest
	}
	return scheme + lang.Sprintf("[withheld, %d chars]", len([]rune(s)))
}

// isScheme reports an HTTP authorization scheme written before its credentials: Bearer, Basic,
// token.
func isScheme(word string) bool {
	switch strings.ToLower(word) {
	case "bearer", "basic", "token", "digest", "bot":
		return true
	}
	return false
}
