package lint

import "github.com/gatehouse-dev/gatehouse/internal/i18n"

var ruleEncodedCommand = lintRule{
	Rule: Rule{
		Name:     RuleEncodedCommand,
		Severity: SeverityHigh,
		Summary:  i18n.T("an encoded payload: a command that decodes and runs text (base64 -d | sh), downloads a script into a shell, or encoded text that decodes to instructions"),
		Why:      i18n.T("Encoding hides a payload from the reviewer and any word filter, while the model or a shell decodes and runs it."),
		Help: i18n.T("High for a command that decodes text and pipes it to an interpreter (base64 -d | sh, xxd -r -p | bash, eval(atob(…)), " +
			"powershell -enc), that pipes a download into a shell (curl … | sh), and for base64, hex, percent-encoded, HTML-entity " +
			"or tag-character text that decodes to something another rule calls high; the decoded text is linted like any other " +
			"and its findings say what it was decoded from. Medium for encoded text that decodes to readable prose nobody sees. " +
			"Do not approve the tool; decode the text and read it."),
		Families: []string{FamilyEncodedCommand},
	},
	makePhrases: encodedCommandPhrases,
}

// encodedCommandPhrases are the rule's phrases, made on first use ([registryPhrases]).
func encodedCommandPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityHigh, i18n.T("decodes text and runs it in an interpreter"),
			`\b(?:base64\s+(?:-d|--decode|-D|-di|--ignore-garbage\s+-d)|b64decode|xxd\s+-r(?:\s+-p)?|openssl\s+(?:enc\s+-d|base64\s+-d)|uudecode|basenc\s+-d|gunzip|zcat|rev)\b[^\n]{0,80}?\|\s*(?:sudo\s+)?(?:sh|bash|zsh|ksh|dash|python[23]?|perl|ruby|node|php|pwsh|powershell|iex|source|eval)\b`,
			"base64", "b64decode", "xxd", "openssl", "uudecode", "basenc", "gunzip", "zcat", "rev"),
		mustPhrase(SeverityHigh, i18n.T("evaluates decoded text as code"),
			`\b(?:eval|exec|Function|execSync|system|popen|subprocess\.\w+|os\.system)\s*\(\s*(?:atob|base64_decode|base64\.b64decode|b64decode|Buffer\.from|unescape|decodeURIComponent|String\.fromCharCode|codecs\.decode|bytes\.fromhex|zlib\.decompress)\b|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,40}?\s-(?:e|ec|en|enc|enco|encodedcommand)\s+[A-Za-z0-9+/=]{12,}`,
			"eval", "exec", "function", "system", "popen", "subprocess", "powershell", "pwsh"),
		mustPhrase(SeverityHigh, i18n.T("runs code it downloads"),
			`\b(?:eval|exec|execSync|runInNewContext|runInThisContext)\s*\(\s*(?:await\s+)?\(?\s*(?:await\s+)?(?:fetch|urlopen|urllib\.request\.urlopen|urllib2\.urlopen|requests\.get|httpx\.get|http\.get|https\.get|axios\.get|\$\.get|got)\s*\(`,
			"eval", "exec", "runin").gated("fetch", "urlopen", "requests.get", "httpx", "http.get", "https.get", "axios", "$.get", "got("),
		mustPhrase(SeverityHigh, i18n.T("pipes a download into a shell"),
			`\b(?:curl|wget|iwr|invoke-webrequest|fetch)\b[^\n|;]{0,200}\|\s*(?:sudo\s+)?(?:sh|bash|zsh|ksh|dash|python[23]?|perl|ruby|node|iex|pwsh|powershell)\b|\b(?:bash|sh|zsh)\s+(?:-c\s+["']?\$\(|<\()\s*(?:curl|wget)\b|\b(?:iex|invoke-expression)\s*\(?\s*\(?\s*(?:new-object\s+net\.webclient|iwr|invoke-webrequest)`,
			"curl", "wget", "iwr", "invoke-webrequest", "fetch", "iex", "invoke-expression").gated("|", "$(", "<(", "iex", "invoke-expression"),
	}
}

// readableProse reports decoded text that reads as words: several of them, mostly letters and
// blanks. Decoded bytes that are binary, or a single token, are no message.
func readableProse(s string) bool {
	words, letters, other := 0, 0, 0
	inWord := false
	for _, r := range s {
		switch {
		case r == ' ' || r == '\n' || r == '\t':
			inWord = false
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') || r >= 0x80:
			letters++
			if !inWord {
				words++
				inWord = true
			}
		case r < 0x20 || r == 0x7f:
			return false
		default:
			other++
		}
	}
	return words >= 4 && letters >= 3*other
}
