package lint

import (
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleCredentialParameter = lintRule{
	Rule: Rule{
		Name:     RuleCredentialParameter,
		Severity: SeverityHigh,
		Summary:  i18n.T("a parameter that asks the model for a credential (password, API key, token, private key) on a tool whose name and purpose do not need one"),
		Why:      i18n.T("A harmless-looking tool that asks for a secret is harvesting it, and any credential passed as an argument lands in the transcript and the server's logs."),
		Help: i18n.T("A parameter named or described as a password, passphrase, secret, API key or token, private key, cookie or seed " +
			"phrase (pagination tokens are not credentials). High when the tool's name promises only to read or compute and " +
			"its stated purpose (its name, title and first sentence) is not about authentication, credentials or HTTP " +
			"requests; medium for other tools not about them; low for a tool that is about them (or about verifying an identity), where " +
			"the advice is to keep credentials in the server's configuration instead of the model's hands."),
		Families: []string{FamilySchemaMismatch},
	},
	tool: checkCredentialParameters,
}

// credentialNames are what a credential parameter is called, squashed; a name ending in one of
// them counts ("github_token", "smtpPassword").
var credentialNames = []string{"password", "passwd", "passphrase", "secret", "clientsecret", "apikey", "apitoken", "accesstoken",
	"authtoken", "bearertoken", "sessiontoken", "refreshtoken", "idtoken", "token", "privatekey", "sshkey", "secretkey", "accesskey",
	"credentials", "credential", "cookie", "cookies", "sessioncookie", "seedphrase", "mnemonic", "otp", "totp", "mfacode",
	"authorization", "pat"}

// notCredentialParts mark tokens that only page or count ("next_page_token", "max_tokens").
var notCredentialParts = []string{"page", "next", "cursor", "continuation", "pagination", "sync", "csrf", "count", "limit", "max",
	"num", "skip", "delta", "paging", "resume", "cancel", "input", "output", "completion", "prompt", "budget", "usage"}

// keyUseRE finds a description saying what a key is for, when it only unlocks the tool's own data
// ("a code protection key, used to decrypt the function's code"): a credential the tool needs,
// not one it harvests.
var keyUseRE = lazyregexp.New(`(?i)\b(?:used\s+(?:to|for)\s+|needed\s+(?:to|for)\s+)(?:decrypt|encrypt|sign|unlock|protect)\w*|用于(?:解密|加密|签名|签署|保护)|用來(?:解密|加密)|復号|복호화`)

// pagingRE finds a token described as paging through results or syncing changes.
var pagingRE = lazyregexp.New(`(?i)\b(?:pag(?:e|es|ing|inate|ination)|next\s+(?:set|batch)|cursor|continuation|skiptoken|deltatoken|changes\s+since|offset)\b`)

var solicitsSecret = NewExpression(`(?i)\b(?:your|the\s+user'?s|user'?s)\s+(?:\w+\s+)?(?:password|passphrase|api\s*key|(?:access\s+|auth\s+|bearer\s+)?token|secret|private\s+key|ssh\s+key|credentials?|seed\s+phrase|recovery\s+phrase|cookies?)\b`)

// credentialNamesByEnd holds credentialNames by their last byte, the byte a name that is one or
// ends in one ends in too: a parameter's name is compared with the few that end as it does.
var credentialNamesByEnd = func() (t [256][]string) {
	for _, c := range credentialNames {
		t[c[len(c)-1]] = append(t[c[len(c)-1]], c)
	}
	return t
}()

func isCredentialName(s string) bool {
	if s == "" {
		return false
	}
	return slices.ContainsFunc(credentialNamesByEnd[s[len(s)-1]], func(c string) bool { return s == c || len(c) > 4 && strings.HasSuffix(s, c) }) &&
		!slices.ContainsFunc(notCredentialParts, func(part string) bool { return strings.Contains(s, part) })
}

func checkCredentialParameters(l *linter, tf *toolFindings) {
	toolName := tf.tool.ToolName()
	for _, p := range tf.properties() {
		pdesc, _ := p.schema["description"].(string)
		if !isCredentialName(p.squashed) && !(pdesc != "" && (strings.Contains(pdesc, "your") || strings.Contains(pdesc, "Your") || strings.Contains(pdesc, "user") || strings.Contains(pdesc, "User")) && solicitsSecret.MatchString(pdesc)) {
			continue
		}
		if pdesc != "" && pagingRE.MatchString(pdesc) {
			continue // a paging or sync token ("OData $skiptoken", "token of the next page") opens nothing
		}
		if t, _ := p.schema["type"].(string); t != "" && t != "string" {
			continue // a boolean "password_protected" or a number is no secret
		}
		evidence := i18n.Sprintf("%q with no description", p.name)
		if pdesc != "" {
			evidence = i18n.Sprintf("%q: %s", p.name, untrusted.Snippet(pdesc, 0, 0, 60))
		}
		sev, msg := SeverityMedium, i18n.Sprintf("parameter %q asks the model for a credential the tool's purpose does not explain", p.name)
		switch {
		case authTool(tf, "") || identityToolRE.MatchString(tf.purpose("")):
			sev, msg = SeverityLow, i18n.Sprintf("parameter %q takes a credential as an argument: it lands in the transcript and the server's logs; prefer the server's own configuration", p.name)
		case harmlessName(toolName) && !(pdesc != "" && (keyUseRE.MatchString(pdesc) || l.issuedByServer(pdesc))) && !l.sharedCredential(p.squashed) && !connectionCredential(tf, p):
			sev, msg = SeverityHigh, i18n.Sprintf("parameter %q asks the model for a credential, but the tool's name and purpose promise a harmless action that needs none: it is harvesting secrets", p.name)
		}
		tf.add(Finding{Rule: RuleCredentialParameter, Severity: sev, Pointer: p.pointer(), at: -1, Message: msg, Evidence: evidence})
	}
}

// connectionCredential reports a credential nested in an object named for a connection the
// tool makes for its own job (a proxy, a login, a database, a mail server), beside the field
// that says where it connects ("proxy": {"server", "username", "password"}): the secret opens
// the place the same object names, as a browser session's proxy needs, not a harvest.
func connectionCredential(tf *toolFindings, p property) bool {
	object, ok := strings.CutSuffix(p.parent, "/properties")
	if !ok {
		return false
	}
	if !slices.ContainsFunc(nameWords(object[strings.LastIndexByte(object, '/')+1:]), func(w string) bool { return connectionObjectWords[w] }) {
		return false
	}
	return slices.ContainsFunc(tf.properties(), func(q property) bool {
		return q.parent == p.parent && connectionPlaceWords[q.squashed]
	})
}

var (
	// connectionObjectWords, in an object's name, say it configures a connection.
	connectionObjectWords = wordSet("proxy", "auth", "authentication", "login", "connection", "database", "db", "smtp", "imap", "ftp", "sftp", "ssh", "credentials")
	// connectionPlaceWords are the fields that say where such a connection goes.
	connectionPlaceWords = wordSet("server", "host", "hostname", "url", "uri", "endpoint", "address", "port")
)

// identityToolRE finds a tool whose purpose is proving who someone is (verifying an identity,
// an account's ownership): the token or code of the account it verifies is its input, as a
// login's password is.
var identityToolRE = lazyregexp.New(`(?i)\bidentit(?:y|ies)\b|\bverif(?:y|ies|ication)\s+(?:of\s+)?(?:your\s+|the\s+user'?s\s+|an?\s+|the\s+)?(?:account|ownership|identity)\b`)

// issuedRE finds a token described as handed out by the server itself: "received when claiming
// the task", "returned by login".
var issuedRE = lazyregexp.New(`(?i)\b(?:received|returned|obtained|issued|generated|given)\s+(?:when|by|from|in|after)\b`)

// toolIdentRE finds identifiers shaped like tool names in a description.
var toolIdentRE = lazyregexp.New(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)

// issuedByServer reports a credential the description says the server itself issues: received
// from one of its calls, or from a tool of the catalog it names ("claim token from
// claim_team_task"). Such a token is the server's handle on its own work, not the user's secret.
func (l *linter) issuedByServer(pdesc string) bool {
	if issuedRE.MatchString(pdesc) {
		return true
	}
	for _, m := range toolIdentRE.FindAllStringIndex(pdesc, 4) {
		if _, ok := l.toolsByName[pdesc[m[0]:m[1]]]; ok {
			return true
		}
	}
	return false
}

// hasAnyFold reports whether s holds one of the lowercase ASCII words, in any case: a cheap
// test before a regular expression.
func hasAnyFold(s string, words ...string) bool {
	for _, w := range words {
		for i := 0; i+len(w) <= len(s); i++ {
			if strings.EqualFold(s[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// sharedCredential reports a credential parameter that at least three tools of the catalog take:
// the server's own API credential, passed on every call (an honest if unwise convention), not one
// harmless tool harvesting a secret. Counted once per catalog.
func (l *linter) sharedCredential(squashed string) bool {
	if l.credentialCounts == nil {
		l.credentialCounts = map[string]int{}
		for i := range l.c.Tools {
			schema, _ := l.c.Tools[i].Def["inputSchema"].(map[string]any)
			props, _ := schema["properties"].(map[string]any)
			for name := range props {
				if s := Squash(name); isCredentialName(s) {
					l.credentialCounts[s]++
				}
			}
		}
	}
	return l.credentialCounts[squashed] >= 3
}
