// Package secrets finds credentials in a tool call's arguments, and keeps them out of every message
// gatehouse writes about a call.
//
// Does a tool call carry key material, or point at it?
// A model that has read a private key, a token or a .env file (because a tool description asked it
// to, or a web page did) can pass it on as an argument to any other tool. The check looks at every
// string in the arguments, object keys included, for the formats credentials come in and for paths
// to the files that hold them. It is tuned for precision: each detector looks for a prefix or a
// structure that ordinary text does not have, so prose about "the environment" or "credentials" does
// not trip it. It is no defence against a value deliberately disguised (reversed, re-encoded); it
// catches the key copied as it is.
//
// The work is linear in the size of the arguments: every regular expression is RE2 with a literal
// prefix and a bounded length, tokens are extended by hand, and repeated work on one run of
// characters is remembered.
package secrets

import (
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Finding is one secret-looking value inside the arguments.
type Finding struct {
	// Argument is the JSON Pointer of the string that holds it; for an object key, the pointer to
	// that key's member. A pointer never spells out a credential: when an object key holds one, the
	// pointers of the key and of everything under it stop at the object that has the key.
	Argument string `json:"argument"`
	// Kind names the format: "private_key", "aws_access_key", "aws_secret_key", "github_token",
	// "gitlab_token", "slack_token", "slack_webhook", "google_api_key", "openai_key",
	// "anthropic_key", "stripe_key", "jwt", "bearer_token", "basic_auth", "url_password" for
	// credentials themselves; "ssh_key_path", "env_file_path", "credentials_path" for paths to them.
	Kind string `json:"kind"`
	// Excerpt is redacted: at most min(4, n/4) of the secret's n characters, "…" and the length,
	// e.g. "AKIA… (20 chars)"; for a url_password, the length alone ("… (4 chars)").
	Excerpt string `json:"excerpt"`
}

// Find walks every string (and object key) in args, depth first, object members in key
// order, and returns the secret-looking values it finds: at most one finding per kind per string,
// in the order the strings are visited and, within a string, in order of position. args is a decoded
// JSON value (map[string]any, []any, string, json.Number, bool, nil).
func Find(args any) []Finding {
	walker := secretWalker{}
	walker.walk(args)
	return walker.findings
}

// secretWalker keeps the pointer as a stack of tokens, so deep nesting costs nothing until a
// finding needs its pointer written out.
type secretWalker struct {
	tokens []string
	// clean counts the leading tokens that may be written out: an object key that holds a
	// credential is not, so pointers stop at the object that has it.
	clean    int
	findings []Finding
}

func (w *secretWalker) push(token string, holdsCredential bool) {
	if w.clean == len(w.tokens) && !holdsCredential {
		w.clean++
	}
	w.tokens = append(w.tokens, token)
}

func (w *secretWalker) pop() {
	w.tokens = w.tokens[:len(w.tokens)-1]
	w.clean = min(w.clean, len(w.tokens))
}

func (w *secretWalker) walk(value any) {
	switch value := value.(type) {
	case string:
		w.report(value)
	case []any:
		for i, element := range value {
			w.push(strconv.Itoa(i), false)
			w.walk(element)
			w.pop()
		}
	case map[string]any:
		var small [8]string // a small object's keys, sorted without an allocation
		keys := small[:0]
		for key := range value {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		for _, key := range keys {
			hits := secretsIn(key, false)
			w.push(key, holdsCredential(hits))
			w.record(key, hits)
			w.walk(value[key])
			w.pop()
		}
	}
}

func (w *secretWalker) report(text string) {
	w.record(text, secretsIn(text, false))
}

func (w *secretWalker) record(text string, hits []secretHit) {
	if len(hits) == 0 {
		return
	}
	pointer := jsondoc.JoinPointer("", w.tokens[:w.clean]...)
	for _, hit := range hits {
		w.findings = append(w.findings, Finding{Argument: pointer, Kind: hit.kind, Excerpt: excerptOf(hit.kind, text[hit.start:hit.end])})
	}
}

// excerpt redacts a secret to a few leading characters and its length: of its n characters it
// shows at most min(4, n/4), so a short secret gives little away ("AKIA… (20 chars)",
// "h… (4 chars)"). The characters shown are where the formats put their fixed prefixes.
func excerpt(secret string) string {
	length := utf8.RuneCountInString(secret)
	return i18n.Sprintf("%s (%d chars)", untrusted.Shorten(secret, min(4, length/4)), length)
}

// excerptOf redacts a secret a detector found. A URL password has no fixed prefix: every
// character of it is secret, so only its length is shown ("… (4 chars)").
func excerptOf(kind, secret string) string {
	if kind == "url_password" {
		return i18n.Sprintf("… (%d chars)", utf8.RuneCountInString(secret))
	}
	return excerpt(secret)
}

// holdsCredential reports whether hits include a credential itself rather than a path to one.
func holdsCredential(hits []secretHit) bool {
	for _, hit := range hits {
		if !hit.path {
			return true
		}
	}
	return false
}

// firstToken reports the first credential (not a path to one) in a string; messages use it
// to avoid echoing a value that holds one.
func firstToken(text string) (Finding, bool) {
	hits := secretsIn(text, true)
	if len(hits) == 0 {
		return Finding{}, false
	}
	return Finding{Kind: hits[0].kind, Excerpt: excerptOf(hits[0].kind, text[hits[0].start:hits[0].end])}, true
}

// secretHit is a secret found in a string, as byte offsets of the secret itself.
type secretHit struct {
	kind       string
	start, end int
	order      int  // detector order, to break ties between hits at the same position
	path       bool // a path to key material, not the key itself
}

// secretsIn runs every detector over text, first hit per kind, sorted by position.
func secretsIn(text string, tokensOnly bool) []secretHit {
	var hits []secretHit
	var lower string // ASCII-lower-cased text, made once if a case-insensitive detector needs it
	seen := map[string]bool{}
	add := func(hit secretHit) {
		if !seen[hit.kind] {
			seen[hit.kind] = true
			hits = append(hits, hit)
		}
	}
	for order, detector := range tokenDetectors {
		if seen[detector.kind] {
			continue
		}
		haystack := text
		if detector.caseless {
			if lower == "" {
				lower = untrusted.ASCIILower(text)
			}
			haystack = lower
		}
		if !strings.Contains(haystack, detector.prefix) {
			continue
		}
		if start, end, ok := detector.find(text, haystack); ok {
			add(secretHit{kind: detector.kind, start: start, end: end, order: order})
		}
	}
	if strings.Contains(text, "eyJ") {
		if start, end, ok := findJWT(text); ok {
			add(secretHit{kind: "jwt", start: start, end: end, order: len(tokenDetectors)})
		}
	}
	if !tokensOnly {
		if lower == "" {
			lower = untrusted.ASCIILower(text)
		}
		for order, detector := range pathDetectors {
			if start, end, ok := detector.find(lower); ok {
				add(secretHit{kind: detector.kind, start: start, end: end, order: len(tokenDetectors) + 1 + order, path: true})
			}
		}
	}
	slices.SortFunc(hits, func(a, b secretHit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.order - b.order
	})
	return hits
}

// ---- credentials ----

// tokenDetector finds one credential format.
type tokenDetector struct {
	kind   string
	prefix string // literal every match starts with (in the lower-cased text when caseless)
	// pattern matches the shortest acceptable credential, starting with prefix. Submatch 1, when
	// present, is the secret itself (the token after "Bearer "); otherwise the whole match is.
	pattern *lazyregexp.Regexp
	// continues reports the bytes the secret may go on with past the match; the secret is
	// extended over them. nil when the match is the whole secret.
	continues func(byte) bool
	length    int  // exact length the secret must have, or 0
	caseless  bool // match against the ASCII-lower-cased text (positions are the same)
	anywhere  bool // the match may follow a letter or digit (most credentials must start a word)
	// accept, when set, checks the extended secret (first maxCheckedChars of it) with the text.
	accept func(text string, start, end int) bool
	// span, when set, widens an accepted secret for its excerpt (a whole PEM block).
	span func(text string, start, end int) int
}

// maxCheckedChars bounds how much of a token accept looks at, so that candidates overlapping in
// one long run of token characters cost a constant each.
const maxCheckedChars = 80

// find returns the first acceptable secret. A rejected candidate only moves the search on by one
// byte, so a decoy cannot hide a real token that overlaps it; the work stays linear because every
// pattern has a bounded length and extensions within one run are remembered.
func (d tokenDetector) find(text, haystack string) (int, int, bool) {
	runStart, runEnd := -1, -1 // the last extension: text[runStart:runEnd] is one run
	for from := 0; from < len(haystack); {
		offset := strings.Index(haystack[from:], d.prefix)
		if offset < 0 {
			return 0, 0, false
		}
		matchStart := from + offset
		from = matchStart + 1
		if !d.anywhere && matchStart > 0 && isAlnum(text[matchStart-1]) {
			continue
		}
		candidate := d.pattern.FindStringSubmatchIndex(haystack[matchStart:])
		if candidate == nil {
			continue
		}
		start, end := matchStart, matchStart+candidate[1]
		if len(candidate) >= 4 && candidate[2] >= 0 {
			start, end = matchStart+candidate[2], matchStart+candidate[3]
		}
		if d.continues != nil {
			if runStart <= end && end <= runEnd && runEnd > 0 {
				end = runEnd
			} else {
				runStart = end
				for end < len(text) && d.continues(text[end]) {
					end++
				}
				runEnd = end
			}
		}
		if d.length > 0 && end-start != d.length {
			continue
		}
		if d.accept != nil && !d.accept(text, start, min(end, start+maxCheckedChars)) {
			continue
		}
		if d.span != nil {
			end = d.span(text, start, end)
		}
		return start, end, true
	}
	return 0, 0, false
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isUpperAlnum(c byte) bool { return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }

func isBase64URL(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }

func isAlnumUnderscore(c byte) bool { return isAlnum(c) || c == '_' }

func isAlnumHyphen(c byte) bool { return isAlnum(c) || c == '-' }

func isBase64(c byte) bool { return isAlnum(c) || c == '+' || c == '/' || c == '=' }

// isBearerToken covers RFC 6750's b64token characters.
func isBearerToken(c byte) bool { return isBase64URL(c) || strings.IndexByte("._~+/=", c) >= 0 }

// hasDigitAndLetter tells random tokens from words: a long run of letters alone is more likely prose
// or a placeholder than a credential.
func hasDigitAndLetter(text string, start, end int) bool {
	digit, letter := false, false
	for i := start; i < end; i++ {
		c := text[i]
		digit = digit || '0' <= c && c <= '9'
		letter = letter || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	return digit && letter
}

// notAnthropic keeps "sk-ant-…" keys for the Anthropic detector.
func notAnthropic(text string, start, _ int) bool {
	return !strings.HasPrefix(text[start:], "sk-ant-")
}

// decodesToUserPassword checks that a Basic credential is base64 of "user:password".
func decodesToUserPassword(text string, start, end int) bool {
	for end < len(text) && isBase64(text[end]) && end-start < 1024 {
		end++
	}
	token := strings.TrimRight(text[start:end], "=")
	decoded, err := base64.RawStdEncoding.DecodeString(token)
	return err == nil && strings.Contains(string(decoded), ":")
}

// notPlaceholder rejects the stand-ins documentation uses for a password.
func notPlaceholder(text string, start, end int) bool {
	password := strings.ToLower(text[start:end])
	switch password {
	case "password", "passwd", "pass", "pwd", "secret", "pw":
		return false
	}
	return !strings.ContainsAny(password[:1], "<${*") && strings.Trim(password, password[:1]) != ""
}

// pemBlockEnd widens a private key header to the end of its block when the block is there.
func pemBlockEnd(text string, _, end int) int {
	const footer = "-----END "
	closing := strings.Index(text[end:], footer)
	if closing < 0 {
		return end
	}
	after := end + closing + len(footer)
	tail := strings.Index(text[after:], "-----")
	if tail < 0 || tail > 40 {
		return end
	}
	return after + tail + len("-----")
}

// tokenDetectors lists the credential formats; their kinds appear in [Finding.Kind].
var tokenDetectors = []tokenDetector{
	{kind: "private_key", prefix: "-----BEGIN ", pattern: lazyregexp.New(`^-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----`), span: pemBlockEnd},
	{kind: "private_key", prefix: "PuTTY-User-Key-File-", pattern: lazyregexp.New(`^PuTTY-User-Key-File-[0-9]{1,2}: `)},
	{kind: "aws_access_key", prefix: "AKIA", pattern: lazyregexp.New(`^AKIA[A-Z0-9]{16}`), continues: isUpperAlnum, length: 20},
	{kind: "aws_access_key", prefix: "ASIA", pattern: lazyregexp.New(`^ASIA[A-Z0-9]{16}`), continues: isUpperAlnum, length: 20},
	{kind: "aws_secret_key", prefix: "aws_secret_access_key", caseless: true, pattern: lazyregexp.New(`^aws_secret_access_key["']?[ \t]{0,16}[:=][ \t]{0,16}["']?([a-z0-9/+]{40})`), continues: isBase64, length: 40},
	{kind: "aws_secret_key", prefix: "secretaccesskey", caseless: true, pattern: lazyregexp.New(`^secretaccesskey["']?[ \t]{0,16}[:=][ \t]{0,16}["']?([a-z0-9/+]{40})`), continues: isBase64, length: 40},
	{kind: "github_token", prefix: "gh", pattern: lazyregexp.New(`^gh[pousr]_[A-Za-z0-9]{36}`), continues: isAlnum},
	{kind: "github_token", prefix: "github_pat_", pattern: lazyregexp.New(`^github_pat_[A-Za-z0-9_]{22}`), continues: isAlnumUnderscore},
	{kind: "gitlab_token", prefix: "gl", pattern: lazyregexp.New(`^gl(?:pat|ptt|rt|dt)-[A-Za-z0-9_\-]{20}`), continues: isBase64URL},
	{kind: "slack_token", prefix: "xox", pattern: lazyregexp.New(`^xox[abeprs]-[A-Za-z0-9\-]{10}`), continues: isAlnumHyphen, accept: hasDigitAndLetter},
	{kind: "slack_webhook", prefix: "hooks.slack.com/services/", pattern: lazyregexp.New(`^hooks\.slack\.com/services/T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{16}`), continues: isAlnum},
	{kind: "google_api_key", prefix: "AIza", pattern: lazyregexp.New(`^AIza[A-Za-z0-9_\-]{35}`), continues: isBase64URL, length: 39},
	{kind: "anthropic_key", prefix: "sk-ant-", pattern: lazyregexp.New(`^sk-ant-[A-Za-z0-9_\-]{32}`), continues: isBase64URL, accept: hasDigitAndLetter},
	{kind: "openai_key", prefix: "sk-", pattern: lazyregexp.New(`^sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{32}`), continues: isBase64URL, accept: hasDigitAndLetter},
	{kind: "openai_key", prefix: "sk-", pattern: lazyregexp.New(`^sk-[A-Za-z0-9]{32}`), continues: isAlnum, accept: func(text string, start, end int) bool {
		return notAnthropic(text, start, end) && hasDigitAndLetter(text, start+len("sk-"), end)
	}},
	{kind: "stripe_key", prefix: "sk_", pattern: lazyregexp.New(`^sk_(?:live|test)_[A-Za-z0-9]{20}`), continues: isAlnum},
	{kind: "stripe_key", prefix: "rk_", pattern: lazyregexp.New(`^rk_(?:live|test)_[A-Za-z0-9]{20}`), continues: isAlnum},
	{kind: "bearer_token", prefix: "bearer", caseless: true, pattern: lazyregexp.New(`^bearer[ \t]{1,16}([a-z0-9._~+/=\-]{20})`), continues: isBearerToken, accept: hasDigitAndLetter},
	{kind: "basic_auth", prefix: "authorization:", caseless: true, pattern: lazyregexp.New(`^authorization:[ \t]{0,16}basic[ \t]{1,16}([a-z0-9+/=]{8})`), continues: isBase64, accept: decodesToUserPassword},
	{kind: "url_password", prefix: "://", pattern: lazyregexp.New(`^://[^\s/?#@:]{1,64}:([^\s/?#@]{1,128})@`), anywhere: true, accept: notPlaceholder},
}

// findJWT finds a JSON Web Token: three base64url segments joined by dots whose first decodes to a
// JSON object with "alg". Candidates inside one run of base64url characters share the run's end, and
// only the first few in a run are decoded, so the search stays linear.
func findJWT(text string) (int, int, bool) {
	const maxHeaderChars = 4096
	const maxCandidatesPerRun = 16
	runEnd, candidates := -1, 0
	var tokenEnd int // end of the signature following the current run, or -1 when there is none
	for from := 0; ; {
		offset := strings.Index(text[from:], "eyJ")
		if offset < 0 {
			return 0, 0, false
		}
		start := from + offset
		from = start + 1
		if start > 0 && isAlnum(text[start-1]) {
			continue
		}
		if start >= runEnd {
			runEnd = scanWhile(text, start, isBase64URL)
			candidates = 0
			tokenEnd = -1
			if runEnd < len(text) && text[runEnd] == '.' {
				payloadEnd := scanWhile(text, runEnd+1, isBase64URL)
				if payloadEnd > runEnd+1 && payloadEnd < len(text) && text[payloadEnd] == '.' {
					tokenEnd = scanWhile(text, payloadEnd+1, isBase64URL)
				}
			}
		}
		candidates++
		if tokenEnd < 0 || candidates > maxCandidatesPerRun || runEnd-start > maxHeaderChars {
			continue
		}
		if isJWTHeader(text[start:runEnd]) {
			return start, tokenEnd, true
		}
	}
}

func scanWhile(text string, at int, accept func(byte) bool) int {
	for at < len(text) && accept(text[at]) {
		at++
	}
	return at
}

func isJWTHeader(segment string) bool {
	decoded, err := base64.RawURLEncoding.DecodeString(segment)
	if err != nil {
		return false
	}
	var header map[string]json.RawMessage
	if json.Unmarshal(decoded, &header) != nil {
		return false
	}
	_, hasAlg := header["alg"]
	return hasAlg
}

// ---- paths to key material ----

// pathDetector finds references to files that hold credentials, by name, in lower-cased text.
type pathDetector struct {
	kind  string
	names []string
	// ignoredSuffixes are extensions that make the file harmless (".pub" for a public key).
	ignoredSuffixes []string
}

// isNameByte reports bytes that continue a file or directory name, so that ".env" inside
// "process.env" or "id_rsa" inside "grid_rsa" is not a path element of its own.
func isNameByte(c byte) bool { return isAlnum(c) || c == '_' || c == '-' }

func (d pathDetector) find(lower string) (int, int, bool) {
	best := -1
	for _, name := range d.names {
		for from := 0; from < len(lower); {
			offset := strings.Index(lower[from:], name)
			if offset < 0 {
				break
			}
			start := from + offset
			end := start + len(name)
			from = start + 1
			if start > 0 && (isNameByte(lower[start-1]) || lower[start-1] == '.') && name[0] != '/' {
				continue
			}
			if end < len(lower) && isNameByte(lower[end]) {
				continue
			}
			if d.ignored(lower[end:]) {
				continue
			}
			if best < 0 || start < best {
				best = start
			}
			break
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	// The excerpt covers the whole path the name sits in.
	start, end := best, best
	for start > 0 && isPathByte(lower[start-1]) {
		start--
	}
	for end < len(lower) && isPathByte(lower[end]) {
		end++
	}
	return start, end, true
}

func (d pathDetector) ignored(after string) bool {
	for _, suffix := range d.ignoredSuffixes {
		if rest, ok := strings.CutPrefix(after, suffix); ok && (rest == "" || !isNameByte(rest[0])) {
			return true
		}
	}
	return false
}

// isPathByte reports bytes that belong to a path written in running text.
func isPathByte(c byte) bool {
	return c > ' ' && c < 0x7f && strings.IndexByte(`"'<>|,;()[]{}`+"`", c) < 0
}

// pathDetectors lists the files that hold credentials; their kinds appear in [Finding.Kind].
var pathDetectors = []pathDetector{
	{kind: "ssh_key_path", names: []string{".ssh", "id_rsa", "id_dsa", "id_ecdsa", "id_ecdsa_sk", "id_ed25519", "id_ed25519_sk"}, ignoredSuffixes: []string{".pub"}},
	{kind: "env_file_path", names: []string{".env"}, ignoredSuffixes: []string{".example", ".sample", ".template", ".dist"}},
	{kind: "credentials_path", names: []string{
		".aws/credentials", `.aws\credentials`, ".netrc", "_netrc", ".git-credentials", ".kube/config", `.kube\config`,
		".docker/config.json", `.docker\config.json`, ".npmrc", ".pypirc", ".pgpass", ".vault-token",
		"application_default_credentials.json", "credentials.json", "/etc/shadow",
	}},
}
