package lint

import (
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var ruleSensitivePath = lintRule{
	Rule: Rule{
		Name:     RuleSensitivePath,
		Severity: SeverityMedium,
		Summary:  i18n.T("a path or file that holds secrets (~/.ssh, id_rsa, .env, cloud credentials, /etc/shadow, …) named in a tool's text"),
		Why:      i18n.T("A tool's text rarely needs to name where secrets live; when it does, a reviewer should read what it says about them."),
		Help: i18n.T("Medium when a string names SSH keys, .env files, credentials files, keychains, shell histories or system secret files; " +
			"low when the sentence says they are refused or protected (\"paths such as ~/.ssh are rejected\", \"must not read " +
			".env\"). A path never makes a finding high on its own: what the text asks the model to do with it is judged by the " +
			"instruction and exfiltration rules."),
	},
	makePhrases: sensitivePathPhrases,
}

// sensitivePathPhrases are the rule's phrases, made on first use ([registryPhrases]).
func sensitivePathPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityMedium, i18n.T("names SSH keys or configuration"),
			`(?:^|[^\w.])(?:~|\$HOME|%USERPROFILE%|/home/[\w.-]+|/Users/[\w.-]+|/root)?/?\.ssh\b(?:/[\w.*-]+)?|\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\bauthorized_keys\b`,
			".ssh", "id_", "authorized_keys").judged(judgeDefensive),
		mustPhrase(SeverityMedium, i18n.T("names a .env file"),
			`(?:^|[\s"'\x60(/~=:])\.env(?:\.[\w-]+)?\b`,
			".env").judged(judgeDefensive),
		mustPhrase(SeverityMedium, i18n.T("names a credentials file"),
			`\.aws/(?:credentials|config)\b|\.git-credentials\b|\bcredentials\.(?:json|ya?ml|txt|csv)\b|\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.docker/config\.json|\.kube/config\b|\.config/gcloud\b|application_default_credentials\.json|\bwallet\.dat\b|\.gnupg\b|\.password-store\b|\blogin\.keychain(?:-db)?\b|(?-i:Login Data)|cookies\.sqlite|\.(?:bash|zsh)_history\b|\.cursor/mcp\.json\b|claude_desktop_config\.json`,
			".aws", "credentials", ".netrc", ".pgpass", ".npmrc", ".pypirc", ".docker", ".kube", "gcloud", "wallet", ".gnupg", "password-store", ".keychain", "login data", "cookies", "_history", "mcp.json", "claude_desktop").judged(judgeDefensive),
		mustPhrase(SeverityMedium, i18n.T("names a system secrets file"),
			`/etc/(?:passwd|shadow|sudoers|gshadow|master\.passwd)\b|/proc/self/environ\b|/var/run/secrets\b`,
			"/etc/", "/proc/", "/var/run/secrets").judged(judgeDefensive),
	}
}

// defensiveRE finds a sentence saying a path is refused or protected.
var defensiveRE = NewExpression(`(?i)\b(?:reject(?:s|ed)?|refuse(?:s|d)?|block(?:s|ed)?|den(?:y|ies|ied)|forbid(?:s|den)?|prohibit(?:s|ed)?|disallow(?:s|ed)?|(?:is|are)\s+not\s+(?:allowed|permitted|accessible|readable|exposed)|must\s+not|(?:can|could|will)\s*not|cannot|can'?t|never|prevent(?:s|ed)?|protect(?:s|ed)?|exclude(?:s|d)?|outside\s+(?:the\s+)?(?:allowed|workspace|sandbox)|off[\s-]limits|redact(?:s|ed)?|mask(?:s|ed)?|skip(?:s|ped)?|ignore(?:s|d)?|not\s+(?:read|accessed|sent|uploaded|included))\b`)

// judgeDefensive lowers a path named in a sentence that refuses or protects it.
func judgeDefensive(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if defensiveRE.MatchString(v.sentence(m[0], m[1])) {
		return SeverityLow, i18n.T("names a path that holds secrets, in a sentence that refuses or protects it"), true
	}
	return SeverityMedium, "", true
}
