package lint

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleSecretLiteral = lintRule{
	Rule: Rule{
		Name:     RuleSecretLiteral,
		Severity: SeverityMedium,
		Summary:  i18n.T("a private key block, an API token, or a default/example password in the definition"),
		Why:      i18n.T("A secret shipped in a tool's definition is known to everyone who lists the tools, and a default password invites the model to use it."),
		Help: i18n.T("Medium for a private key block, a string shaped like a cloud or service token (AKIA…, ghp_…, sk-…, xox…, AIza…, " +
			"glpat-…), or a default, example or constant value on a password or token parameter. Rotate the secret and remove it."),
	},
	raw: func(l *linter, tf *toolFindings, s *textSite) {
		if s.isKey || !(s.key == "default" || s.parent == "examples" || s.key == "examples" || s.key == "const") || len(strings.TrimSpace(s.text)) < 4 {
			return
		}
		if isSecretParameter(secretOwner(s.pointer())) {
			tf.add(Finding{Rule: RuleSecretLiteral, Severity: SeverityMedium, Pointer: s.pointer(), at: -1,
				Message: i18n.T("a password or token parameter ships with a default or example value"), Evidence: untrusted.Snippet(s.text, 0, 0, 20)})
		}
	},
	makePhrases: secretLiteralPhrases,
}

// secretLiteralPhrases are the rule's phrases, made on first use ([registryPhrases]).
func secretLiteralPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityMedium, i18n.T("contains a private key block"),
			`-----BEGIN\s+(?:[A-Z0-9]+\s+)*PRIVATE\s+KEY(?:\s+BLOCK)?-----`,
			"private key"),
		mustPhrase(SeverityMedium, i18n.T("contains what looks like an API token"),
			`\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{40,}\b|\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b|\bxox[baprs]-[A-Za-z0-9-]{10,}\b|\bAIza[0-9A-Za-z_-]{35}\b|\bglpat-[A-Za-z0-9_-]{20,}\b`,
			"akia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "sk-", "xox", "aiza", "glpat-").gated("akia", "gh", "sk-", "xox", "aiza", "glpat"),
	}
}

// secretOwner returns the property name a default or example belongs to, from its pointer.
func secretOwner(pointer string) string {
	tokens, _ := jsondoc.SplitPointer(pointer)
	for i := len(tokens) - 2; i >= 1; i-- {
		if tokens[i-1] == "properties" {
			return tokens[i]
		}
	}
	return ""
}

func isSecretParameter(name string) bool {
	switch Squash(name) {
	case "password", "passwd", "pass", "secret", "token", "apikey", "apitoken", "accesstoken", "authtoken", "privatekey", "clientsecret", "bearertoken":
		return true
	}
	return false
}
