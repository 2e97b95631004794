package lint

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"

	"golang.org/x/text/unicode/norm"
)

// The lint rules' names, as findings carry them.
const (
	RuleInstructionOverride    = "instruction-override"
	RuleInstructionConcealment = "instruction-concealment"
	RuleInstructionCoercion    = "instruction-coercion"
	RuleInstructionTag         = "instruction-tag"
	RuleHTMLComment            = "html-comment"
	RuleHiddenCharacters       = "hidden-characters"
	RuleConfusableName         = "confusable-name"
	RuleSensitivePath          = "sensitive-path"
	RuleSecretLiteral          = "secret-literal"
	RuleToolShadowing          = "tool-shadowing"
	RuleExfiltrationParameter  = "exfiltration-parameter"
	RuleLooseSchema            = "loose-schema"
	RuleAnnotationHonesty      = "annotation-honesty"
)

// Rules lists every rule [Catalog] applies, for documentation and for the page's legend.
var Rules = []Rule{
	{RuleInstructionOverride, SeverityHigh, "text tells the model to ignore or replace its instructions"},
	{RuleInstructionConcealment, SeverityHigh, "text tells the model to hide something from the user"},
	{RuleInstructionCoercion, SeverityMedium, "text orders the model to do something first (read a file, call a tool, pass content into a field)"},
	{RuleInstructionTag, SeverityHigh, "<IMPORTANT>-style tags or chat-template markers aimed at the model"},
	{RuleHTMLComment, SeverityMedium, "an HTML comment: invisible where descriptions are rendered, read in full by the model"},
	{RuleHiddenCharacters, SeverityHigh, "control, format, bidi, zero-width or Unicode tag characters (tag text is decoded)"},
	{RuleConfusableName, SeverityHigh, "a tool or parameter name that mixes scripts or uses look-alike characters (send_emaіl with a Cyrillic і), so it reads as another name"},
	{RuleSensitivePath, SeverityHigh, "a secret-bearing path: ~/.ssh, id_rsa, .env, cloud credentials, /etc/shadow, …"},
	{RuleSecretLiteral, SeverityHigh, "a private key block, an API token, or a default/example password"},
	{RuleToolShadowing, SeverityHigh, "text about another tool or server: \"instead of X\", \"when using X\", or naming another server's tool"},
	{RuleExfiltrationParameter, SeverityHigh, "a parameter shaped to carry data out (notes, context, metadata, summary_of_conversation) that the tool does not justify"},
	{RuleLooseSchema, SeverityMedium, "an inputSchema that is not an object, is open, or takes free strings named path/url/sql/command"},
	{RuleAnnotationHonesty, SeverityHigh, "annotations that contradict the tool's name (a delete tool claiming readOnlyHint), or a destructive tool with no warning"},
}

// A phrase is one regular expression of a rule, with the lowercase words (or marks, such as
// "@") one of which must appear for the expression to be tried at all (a cheap filter: most
// strings contain none). The expression is matched in a string's folded reading
// ([foldForMatch]), and the words are found in it without regard to ASCII case.
type phrase struct {
	rule, message     string
	severity          Severity
	re                *lazyregexp.Regexp
	anyOf             []string
	gate              []string // when set, one of these must appear before anyOf is tried
	anyOfIDs, gateIDs []int    // the words' ids in phraseFilter
}

// gated adds a second filter: one of these words must appear too. It keeps a phrase whose
// words are common from running its expression on most strings.
func (p phrase) gated(words ...string) phrase {
	p.gate = words
	return p
}

// gap matches the rest of a sentence, bounded: phrases never reach across sentences or run
// over a long description (no greedy ".*").
const gap = `[^.!?\n]{0,60}?`

func mustPhrase(rule string, severity Severity, message, expr string, anyOf ...string) phrase {
	return phrase{rule: rule, severity: severity, message: message, re: lazyregexp.New(`(?i)` + expr), anyOf: anyOf}
}

// instructionPhrases are the words of tool poisoning: instructions aimed at the model rather
// than a description of what the tool does.
var instructionPhrases = []phrase{
	mustPhrase(RuleInstructionOverride, SeverityHigh, "tells the model to ignore or replace its instructions",
		`\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|other|system|original|existing|safety|user'?s?)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|guardrails|messages|constraints)\b`,
		"ignore", "disregard", "forget", "override", "bypass"),
	mustPhrase(RuleInstructionOverride, SeverityHigh, "tells the model to ignore the instructions it was given",
		`\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+)?(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|constraints)\s+(?:above|given\s+(?:above|before|earlier)|before\s+this|you\s+(?:were|have\s+been)\s+given)\b|\b(?:ignore|disregard|forget)\s+(?:everything|anything|all)\s+(?:(?:written|said|stated)\s+)?above\b`,
		"above", "given", "before this").gated("ignore", "disregard", "forget"),
	mustPhrase(RuleInstructionOverride, SeverityHigh, "claims priority over the model's other instructions",
		`\b(?:takes?|has|have)\s+(?:absolute\s+)?(?:priority|precedence)\s+over\s+(?:all\s+|any\s+)?(?:other|previous|prior|user|system)\b|\bthis\s+(?:instruction|rule|message|notice)\s+(?:overrides|supersedes|replaces)\b`,
		"priority", "precedence", "overrides", "supersedes", "replaces"),
	mustPhrase(RuleInstructionOverride, SeverityHigh, "asks the model to reveal its own instructions",
		`\b(?:reveal|print|output|repeat|include|send|share|leak|return)\s+(?:your|the)\s+(?:full\s+|entire\s+|complete\s+)?(?:system\s+prompt|system\s+instructions|hidden\s+instructions|initial\s+instructions)\b`,
		"system prompt", "instructions"),
	mustPhrase(RuleInstructionOverride, SeverityHigh, "announces new instructions for the model",
		`\b(?:new|updated|real|actual|additional)\s+(?:system\s+)?instructions\s*:|\byou\s+are\s+now\s+(?:a|an)\b|\bfrom\s+now\s+on,?\s+you\b`,
		"instructions", "you are now", "from now on"),

	mustPhrase(RuleInstructionConcealment, SeverityHigh, "tells the model to keep something from the user",
		`\b(?:do\s+not|don'?t|never|must\s+not|should\s+not)\s+(?:tell|inform|notify|alert|mention|reveal|disclose|show|report|explain|say)\b`+gap+`\b(?:the\s+)?users?\b`,
		"not tell", "not inform", "not notify", "not alert", "not mention", "not reveal", "not disclose", "not show", "not report", "not explain", "not say",
		"n't tell", "n't inform", "n't notify", "n't alert", "n't mention", "n't reveal", "n't disclose", "n't show", "n't report", "n't explain", "n't say",
		"dont ", "never tell", "never inform", "never notify", "never alert", "never mention", "never reveal", "never disclose", "never show", "never report", "never explain", "never say").gated("not ", "n't ", "dont ", "never "),
	mustPhrase(RuleInstructionConcealment, SeverityHigh, "tells the model not to mention what it does",
		`\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|acknowledge)\s+(?:this|that|these|it|the\s+(?:above|following|instructions?|note))\b`,
		"mention", "reveal", "disclose", "acknowledge"),
	mustPhrase(RuleInstructionConcealment, SeverityHigh, "tells the model to act behind the user's back",
		`\bwithout\s+(?:telling|informing|notifying|alerting|asking|warning|consulting|letting)\s+(?:the\s+)?users?\b|\bunbeknownst\s+to\b|\bbehind\s+the\s+user'?s\s+back\b`,
		"without tell", "without inform", "without notif", "without alert", "without ask", "without warn", "without consult", "without let", "unbeknownst", "behind the user").gated("without", "unbeknownst", "behind"),
	mustPhrase(RuleInstructionConcealment, SeverityHigh, "tells the model to hide something",
		`\b(?:keep|hide)\s+(?:this|it|these|that|the\s+(?:above|following))\b`+gap+`\b(?:secret|hidden|confidential|private|from\s+the\s+user)\b|\bthe\s+users?\s+(?:must|should|need|may)\s*(?:not|never)\s+(?:know|see|notice|be\s+told|be\s+informed|find\s+out)\b`,
		"keep this", "keep it", "keep these", "keep that", "keep the", "hide this", "hide it", "hide these", "hide that", "hide the", "user must", "user should", "user need", "user may", "users must", "users should", "users need", "users may").gated("keep ", "hide ", "user"),
	mustPhrase(RuleInstructionConcealment, SeverityHigh, "tells the model to do something silently",
		`\b(?:silently|secretly|quietly|covertly|discreetly|invisibly)\s+(?:also\s+)?(?:send|copy|upload|forward|include|read|exfiltrate|transmit|pass|attach|bcc|cc|add|post|call|append|redirect)\b`,
		"silently", "secretly", "quietly", "covertly", "discreetly", "invisibly"),

	mustPhrase(RuleInstructionCoercion, SeverityMedium, "sets a precondition for the model before it may use the tool",
		`\bbefore\s+(?:using|calling|invoking|running|executing|you\s+use|you\s+call|searching|answering|responding)\b`+gap+`\b(?:read|call|invoke|run|fetch|send|include|pass|copy|upload|open|cat|attach|append|load|paste)\b`,
		"before using", "before calling", "before invoking", "before running", "before executing", "before you", "before searching", "before answering", "before responding").gated("before "),
	mustPhrase(RuleInstructionCoercion, SeverityMedium, "orders the model to read, send or pass something",
		`\byou\s+(?:must|have\s+to|are\s+required\s+to|need\s+to|should)\s+(?:always\s+|first\s+|also\s+|then\s+)*(?:read|call|invoke|fetch|send|include|pass|copy|upload|attach|forward|append|paste|provide\s+(?:the\s+)?(?:contents?|full|entire|whole))\b`,
		"you must", "you have to", "you are required", "you need to", "you should").gated("you "),
	mustPhrase(RuleInstructionCoercion, SeverityMedium, "orders the model to pass content it holds",
		`\b(?:always|first|also)\s+(?:read|send|copy|include|attach|upload|forward|pass|append|paste)\s+(?:(?:a\s+)?cop(?:y|ies)\s+of\s+)?(?:the\s+|all\s+|any\s+)?(?:contents?\s+of|entire\s+conversation|whole\s+conversation|full\s+conversation|conversation|chat\s+history|previous\s+messages|system\s+prompt|user'?s\s+(?:messages|files|data))\b`,
		"contents of", "conversation", "chat history", "previous messages", "system prompt", "user's", "users ").gated("always", "first", "also"),
	mustPhrase(RuleInstructionCoercion, SeverityMedium, "orders the model to send everything of a kind to a fixed address",
		`\b(?:always|first|also)\s+(?:send|copy|forward|upload|post|cc|bcc|email|mail)\s+(?:(?:a\s+)?cop(?:y|ies)\s+of\s+)?(?:every|each|all)\s+(?:\w+\s+){1,2}?to\s+(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://)`,
		"@", "://").gated("always", "first", "also"),
	mustPhrase(RuleInstructionCoercion, SeverityMedium, "asks the model to read key material",
		`\b(?:read|open|cat|copy|dump|get|fetch|retrieve|load|print|output|send|include|attach|paste|upload|extract)\s+(?:out\s+)?(?:the\s+)?(?:(?:full|entire|whole|raw)\s+)?contents?\s+of\s+(?:the\s+user'?s\s+|the\s+|your\s+|a\s+|any\s+|all\s+|user'?s\s+)?(?:[\w~./-]+\s+){0,2}?(?:[\w~.-]*/)*(?:ssh\s+(?:private\s+)?keys?|private\s+keys?|key\s*files?|credentials?\s+files?|keychains?|(?:crypto\s+)?wallets?|password\s+(?:files?|stores?|vaults?)|\.env(?:\s+files?)?|id_(?:rsa|dsa|ecdsa|ed25519))\b`,
		"key", "credential", "wallet", "password", ".env", "id_").gated("contents of", "content of"),
	mustPhrase(RuleInstructionCoercion, SeverityMedium, "tells the model to put content it holds into a parameter",
		`\b(?:pass|put|place|insert|copy|paste|add|send|include|provide)\s+(?:(?:its|their)\s+(?:\w+\s+)?(?:content|contents|text|output|data|value)s?|the\s+(?:full\s+|entire\s+)?contents?\s+of\s+[^.!?\n]{1,60}?|(?:the\s+|any\s+|all\s+|your\s+)?(?:\w+\s+)?(?:key|keys|secret|secrets|credentials?|tokens?|passwords?|conversation|history|messages))\s+(?:in|into|as|to|via|inside)\s+(?:the\s+)?(?:['"\x60][A-Za-z_][\w-]*['"\x60]|[A-Za-z_][\w-]*\s+(?:field|parameter|argument|param)\b)`,
		"its ", "their ", "contents of", "content of", "key", "secret", "credential", "token", "password", "conversation", "history", "messages").
		gated("field", "parameter", "argument", "param", "'", "\"", "`"),
	mustPhrase(RuleInstructionCoercion, SeverityMedium, "threatens failure to make the model comply",
		`\b(?:otherwise|or\s+else)\b`+gap+`\b(?:will|would)\s+(?:crash|fail|break|not\s+work|stop\s+working|be\s+(?:blocked|rejected))\b|\bthe\s+(?:tool|application|system|server)\s+will\s+(?:crash|not\s+work)\s+(?:unless|if\s+you\s+don'?t)\b`,
		"otherwise", "or else", "will crash", "will not work"),

	mustPhrase(RuleInstructionTag, SeverityHigh, "wraps text in a tag aimed at the model",
		`<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|critical|assistant|sys|prompt|override|system[-_]?(?:note|message|prompt)|mandatory|urgent)\b[^<>]{0,40}>`,
		"<"),
	mustPhrase(RuleInstructionTag, SeverityHigh, "contains a chat-template marker",
		`\[/?(?:INST|SYSTEM|SYS|IMPORTANT)\]|<<\s*/?SYS\s*>>|<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id)\|>`,
		"[", "<<", "<|"),
	mustPhrase(RuleHTMLComment, SeverityMedium, "contains an HTML comment: hidden where the description is rendered, read by the model",
		`<!--[\s\S]{0,400}?(?:-->|$)`,
		"<!--"),
}

// sensitivePhrases are paths and files that hold secrets; a tool's text has no business
// naming them.
var sensitivePhrases = []phrase{
	mustPhrase(RuleSensitivePath, SeverityHigh, "names SSH keys or configuration",
		`(?:^|[^\w.])(?:~|\$HOME|%USERPROFILE%|/home/[\w.-]+|/Users/[\w.-]+|/root)?/?\.ssh\b(?:/[\w.-]+)?|\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\bauthorized_keys\b`,
		".ssh", "id_", "authorized_keys"),
	mustPhrase(RuleSensitivePath, SeverityHigh, "names a .env file",
		`(?:^|[\s"'\x60(/~=:])\.env(?:\.[\w-]+)?\b`,
		".env"),
	mustPhrase(RuleSensitivePath, SeverityHigh, "names a credentials file",
		`\.aws/(?:credentials|config)\b|\.git-credentials\b|\bcredentials\.(?:json|ya?ml|txt|csv)\b|\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.docker/config\.json|\.kube/config\b|\.config/gcloud\b|application_default_credentials\.json|\bwallet\.dat\b|\.gnupg\b|\.password-store\b|\blogin\.keychain(?:-db)?\b|(?-i:Login Data)|cookies\.sqlite|\.(?:bash|zsh)_history\b`,
		".aws", "credentials", ".netrc", ".pgpass", ".npmrc", ".pypirc", ".docker", ".kube", "gcloud", "wallet", ".gnupg", "password-store", ".keychain", "login data", "cookies", "_history"),
	mustPhrase(RuleSensitivePath, SeverityHigh, "names a system secrets file",
		`/etc/(?:passwd|shadow|sudoers|gshadow|master\.passwd)\b|/proc/self/environ\b|/var/run/secrets\b`,
		"/etc/", "/proc/", "/var/run/secrets"),
	mustPhrase(RuleSecretLiteral, SeverityHigh, "contains a private key block",
		`-----BEGIN\s+(?:[A-Z0-9]+\s+)*PRIVATE\s+KEY(?:\s+BLOCK)?-----`,
		"private key"),
	mustPhrase(RuleSecretLiteral, SeverityHigh, "contains what looks like an API token",
		`\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{40,}\b|\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b|\bxox[baprs]-[A-Za-z0-9-]{10,}\b|\bAIza[0-9A-Za-z_-]{35}\b|\bglpat-[A-Za-z0-9_-]{20,}\b`,
		"akia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "sk-", "xox", "aiza", "glpat-").gated("akia", "gh", "sk-", "xox", "aiza", "glpat"),
}

// foldForMatch is the one reading of a string that the phrases are matched in. It applies NFKC,
// which turns look-alike compatibility characters into the letters they imitate ("Ⅰgnore",
// fullwidth "ｉｇｎｏｒｅ", mathematical "𝐢𝐠𝐧𝐨𝐫𝐞" all read "ignore"), removes the characters that
// can split a phrase without being seen (zero-width and other format characters), and folds
// typographic apostrophes, so "ig\u200bnore previous instructions" and "don’t tell the user"
// are still caught. index maps each byte of the result to the byte of s its character came from,
// with one more entry for the end; it is nil when the result is s itself.
func foldForMatch(s string) (string, []int) {
	if untrusted.IsASCII(s) {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	index := make([]int, 0, len(s)+1)
	changed := false
	var segments norm.Iter
	segments.InitString(norm.NFKC, s)
	for !segments.Done() {
		from := segments.Pos()
		segment := segments.Next()
		changed = changed || string(segment) != s[from:segments.Pos()]
		for len(segment) > 0 {
			r, size := utf8.DecodeRune(segment)
			segment = segment[size:]
			switch {
			case unicode.Is(unicode.Cf, r):
				changed = true
				continue
			case r == '\u2019' || r == '\u2018' || r == '\u02bc':
				r, changed = '\'', true
			}
			before := b.Len()
			b.WriteRune(r)
			for range b.Len() - before {
				index = append(index, from)
			}
		}
	}
	if !changed {
		return s, nil
	}
	return b.String(), append(index, len(s))
}

// A wordFilter finds which of a fixed set of lowercase words a text contains, in one pass
// (Aho–Corasick): the rules' cheap filters then cost one scan per string, not one per word. The
// scan reads ASCII letters in either case and a run of white space as one space, so it needs no
// lower-cased copy of the text.
type wordFilter struct {
	ids   map[string]int
	class [256]uint8 // byte → column of next; 0 for bytes no word contains; A–Z share a–z's
	next  [][]int32  // state → class → state
	out   [][]int    // state → ids of the words that end there
}

// A foundWords is the answer of [wordFilter.scan]: bit i says word i was found.
type foundWords []uint64

func (ws foundWords) has(id int) bool { return ws[id/64]&(1<<(id%64)) != 0 }

func (ws foundWords) any(ids []int) bool {
	for _, id := range ids {
		if ws[id/64]&(1<<(id%64)) != 0 {
			return true
		}
	}
	return false
}

func newWordFilter(words []string) *wordFilter {
	f := &wordFilter{ids: map[string]int{}}
	classes := 1
	for _, w := range words {
		if _, ok := f.ids[w]; !ok {
			f.ids[w] = len(f.ids)
		}
		for i := 0; i < len(w); i++ {
			if f.class[w[i]] == 0 {
				f.class[w[i]] = uint8(classes)
				classes++
			}
		}
	}
	// The words are lower case; an upper-case letter in the text moves like its lower case.
	for c := 'A'; c <= 'Z'; c++ {
		f.class[c] = f.class[c+'a'-'A']
	}
	newState := func() int32 {
		row := make([]int32, classes)
		for i := range row {
			row[i] = -1
		}
		f.next = append(f.next, row)
		f.out = append(f.out, nil)
		return int32(len(f.next) - 1)
	}
	newState()
	for w, id := range f.ids {
		st := int32(0)
		for i := 0; i < len(w); i++ {
			c := f.class[w[i]]
			if f.next[st][c] < 0 {
				n := newState()
				f.next[st][c] = n
			}
			st = f.next[st][c]
		}
		f.out[st] = append(f.out[st], id)
	}
	// Breadth first: each state's failure link, its outputs merged, its missing moves filled.
	fail := make([]int32, len(f.next))
	queue := []int32{}
	for c := 0; c < classes; c++ {
		if n := f.next[0][c]; n > 0 {
			queue = append(queue, n)
		} else {
			f.next[0][c] = 0
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		f.out[st] = append(f.out[st], f.out[fail[st]]...)
		for c := 0; c < classes; c++ {
			n := f.next[st][c]
			if n < 0 {
				f.next[st][c] = f.next[fail[st]][c]
				continue
			}
			fail[n] = f.next[fail[st]][c]
			queue = append(queue, n)
		}
	}
	return f
}

func (f *wordFilter) idsOf(words []string) []int {
	ids := make([]int, len(words))
	for i, w := range words {
		ids[i] = f.ids[w]
	}
	return ids
}

// scan returns the set of words found in text, reusing found's storage.
func (f *wordFilter) scan(text string, found foundWords) foundWords {
	if size := (len(f.ids) + 63) / 64; len(found) != size {
		found = make(foundWords, size)
	} else {
		clear(found)
	}
	st := int32(0)
	space := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			if space {
				continue
			}
			space, c = true, ' '
		} else {
			space = false
		}
		st = f.next[st][f.class[c]]
		for _, id := range f.out[st] {
			found[id/64] |= 1 << (id % 64)
		}
	}
	return found
}

// phraseFilter holds every word the phrases filter on; building it also gives each phrase
// the ids of its words.
var phraseFilter = func() *wordFilter {
	var all []string
	for _, group := range [][]phrase{instructionPhrases, sensitivePhrases} {
		for _, p := range group {
			all = append(all, p.anyOf...)
			all = append(all, p.gate...)
		}
	}
	all = append(all, shadowGate...)
	all = append(all, shadowWords...)
	all = append(all, namedToolWords...)
	f := newWordFilter(all)
	for _, group := range [][]phrase{instructionPhrases, sensitivePhrases} {
		for i := range group {
			group[i].anyOfIDs = f.idsOf(group[i].anyOf)
			group[i].gateIDs = f.idsOf(group[i].gate)
		}
	}
	shadowGateIDs = f.idsOf(shadowGate)
	shadowWordIDs = f.idsOf(shadowWords)
	namedToolIDs = f.idsOf(namedToolWords[:2])
	theID = f.ids[namedToolWords[2]]
	return f
}()

var shadowGateIDs, shadowWordIDs, namedToolIDs []int
var theID int

// schemaMachinery are the members whose strings are read by programs, not models: phrases
// are not looked for in them (a "pattern" of "^[^<>]+$" is no tag).
var schemaMachinery = map[string]bool{
	"pattern": true, "$ref": true, "$schema": true, "$id": true, "format": true, "type": true,
	"$anchor": true, "$dynamicRef": true, "$dynamicAnchor": true, "contentEncoding": true, "contentMediaType": true,
}

func (l *linter) checkString(tf *toolFindings, s textSite) {
	l.checkHidden(tf, s)
	if s.isKey || schemaMachinery[s.key] || s.text == "" {
		return
	}
	folded, index := foldForMatch(s.text)
	l.words = phraseFilter.scan(folded, l.words)
	words := l.words
	orig := func(i int) int {
		if index == nil {
			return i
		}
		if i >= len(index) {
			return len(s.text)
		}
		return index[i]
	}
	for _, groups := range [][]phrase{instructionPhrases, sensitivePhrases} {
		for _, p := range groups {
			if (p.gate != nil && !words.any(p.gateIDs)) || !words.any(p.anyOfIDs) {
				continue
			}
			loc := p.re.FindStringIndex(folded)
			if loc == nil {
				continue
			}
			start, end := orig(loc[0]), orig(loc[1])
			tf.add(p.rule, p.severity, s.pointer(), start, where(s)+p.message, untrusted.Snippet(s.text, start, end, 30))
		}
	}
	l.checkShadowing(tf, s, folded, words, orig)
	if (s.key == "default" || s.parent == "examples" || s.key == "examples" || s.key == "const") && isSecretParameter(secretOwner(s.pointer())) && len(strings.TrimSpace(s.text)) >= 4 {
		tf.add(RuleSecretLiteral, SeverityHigh, s.pointer(), -1, "a password or token parameter ships with a default or example value",
			untrusted.Snippet(s.text, 0, 0, 20))
	}
}

// where says which string of the tool a finding is in, to start its message.
func where(s textSite) string {
	switch {
	case s.key == "description" && s.parent == "":
		return "the description "
	case s.key == "description":
		return "a parameter description "
	case s.key == "title":
		return "the title "
	case s.key == "default":
		return "a default value "
	case s.key == "enum" || s.parent == "enum":
		return "an enum value "
	case s.key == "examples" || s.parent == "examples":
		return "an example "
	}
	return "a string "
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

// Squash lowercases a name and drops separators: "summary_of-Conversation" → "summaryofconversation".
func Squash(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// --- hidden characters ---

// isEmojiJoiner reports a ZERO WIDTH JOINER between two pictographs (👩‍💻), or a variation
// selector asking for emoji or text presentation right after one (❤️), which is how emoji are
// written, not a hiding place.
func isEmojiJoiner(s string, i int, r rune) bool {
	pictograph := func(r rune) bool {
		return r >= 0x2190 && (unicode.Is(unicode.So, r) || r == 0xfe0f || (r >= 0x1f000 && r <= 0x1faff))
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	switch r {
	case 0x200d:
		next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		return pictograph(prev) && pictograph(next)
	case 0xfe0e, 0xfe0f:
		return prev >= 0x2190 && (unicode.Is(unicode.So, prev) || (prev >= 0x1f000 && prev <= 0x1faff))
	}
	return false
}

func (l *linter) checkHidden(tf *toolFindings, s textSite) {
	plain := true
	for i := 0; i < len(s.text); i++ {
		if c := s.text[i]; c >= 0x80 || (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f {
			plain = false
			break
		}
	}
	if plain {
		return
	}
	first := -1
	counts := map[rune]int{}
	var order []rune
	var tagText strings.Builder
	bidi, tags := false, false
	for i, r := range s.text {
		if !untrusted.IsHidden(r) || isEmojiJoiner(s.text, i, r) {
			continue
		}
		if first < 0 {
			first = i
		}
		if counts[r] == 0 {
			order = append(order, r)
		}
		counts[r]++
		switch {
		case untrusted.IsTag(r):
			tags = true
			if r >= 0xe0020 && r <= 0xe007e {
				tagText.WriteRune(r - 0xe0000)
			}
		case untrusted.IsBidi(r):
			bidi = true
		}
	}
	if first < 0 {
		return
	}
	var ev strings.Builder
	for k, r := range order {
		if k == 6 {
			fmt.Fprintf(&ev, "; and %d more kinds", len(order)-k)
			break
		}
		if k > 0 {
			ev.WriteString("; ")
		}
		ev.WriteString(untrusted.Label(r))
		if counts[r] > 1 {
			fmt.Fprintf(&ev, " ×%d", counts[r])
		}
	}
	severity, msg := SeverityMedium, "contains characters a reader cannot see but the model reads"
	if tags || bidi {
		severity = SeverityHigh
	}
	if tags {
		msg = "hides text in Unicode tag characters: invisible on screen, read by the model"
		fmt.Fprintf(&ev, "; hidden tag text: %q", untrusted.Visible(tagText.String(), 200))
	} else if bidi {
		msg = "contains bidirectional controls that make the text read differently from how it displays"
	}
	what := where(s)
	if s.isKey {
		what = "a member name "
	}
	ev.WriteString(" in: ")
	ev.WriteString(untrusted.Snippet(s.text, first, first, 30))
	at := first
	if s.isKey {
		at = -1
	}
	tf.add(RuleHiddenCharacters, severity, s.pointer(), at, what+msg, ev.String())
}

// --- confusable names ---

// checkNames looks at the tool's name and its parameters' names for letters that imitate
// others. A name that reads as another (send_emaіl with a Cyrillic і for send_email) passes a
// reviewer's eye and a policy keyed by the real name: "allow_tools" or an argument rule for
// "path" does not bind "pаth".
func (l *linter) checkNames(tf *toolFindings) {
	t := tf.tool
	if name, ok := t.Def["name"].(string); ok {
		if reading, why := confusableName(name); why != "" {
			if _, other := l.toolsByName[reading]; other && reading != name {
				why += ", the name of another tool in this catalog"
			}
			tf.add(RuleConfusableName, SeverityHigh, jsondoc.JoinPointer(t.Pointer, "name"), -1, "the tool name "+why, nameEvidence(name, reading))
		}
	}
	for _, p := range tf.properties() {
		if reading, why := confusableName(p.name); why != "" {
			if tf.isParameter(reading) && reading != p.name {
				why += ", the name of another of its parameters"
			}
			tf.add(RuleConfusableName, SeverityHigh, p.pointer(), -1, "the parameter name "+why, nameEvidence(p.name, reading))
		}
	}
}

// confusableName says why a name reads as another, and what it reads as; why is "" for an
// honest name. A name is confusable when NFKC changes it (fullwidth, styled or ligature
// letters), when it mixes scripts other than the ones written together (Latin with Han, kana or
// Hangul), or when it is written in one non-Latin script using only letters that look Latin.
// Format characters are left to the hidden-characters rule.
func confusableName(name string) (reading, why string) {
	if untrusted.IsASCII(name) {
		return name, ""
	}
	if folded := norm.NFKC.String(name); folded != name {
		return folded, fmt.Sprintf("is written with compatibility or decomposed characters (fullwidth, styled or ligature letters, separate accents) and reads as %q", folded)
	}
	var lookalike strings.Builder
	var scripts []string
	onlyLookalikes, nonLatin := true, 0
	for _, r := range name {
		if unicode.Is(unicode.Cf, r) {
			continue
		}
		script := scriptOf(r)
		if script != "" && !slices.Contains(scripts, script) {
			scripts = append(scripts, script)
		}
		if latin, ok := latinLookalikes[r]; ok {
			lookalike.WriteRune(latin)
			nonLatin++
			continue
		}
		lookalike.WriteRune(r)
		if script != "" && script != "Latin" {
			onlyLookalikes = false
			nonLatin++
		}
	}
	reading = lookalike.String()
	switch {
	case len(scripts) > 1 && !slices.ContainsFunc(scriptMixes, func(mix []string) bool {
		return !slices.ContainsFunc(scripts, func(s string) bool { return !slices.Contains(mix, s) })
	}):
		why = fmt.Sprintf("mixes %s letters", strings.Join(scripts, " and "))
		if reading != name {
			why += fmt.Sprintf(" and reads as %q", reading)
		}
	case len(scripts) == 1 && nonLatin > 0 && onlyLookalikes:
		why = fmt.Sprintf("is written in %s letters that all look like Latin ones and reads as %q", scripts[0], reading)
	}
	return reading, why
}

// nameEvidence shows a confusable name with each of its non-ASCII characters named.
func nameEvidence(name, reading string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s reads as %s:", untrusted.Visible(name, 60), untrusted.Visible(reading, 60))
	shown := 0
	for i, r := range []rune(name) {
		if r < utf8.RuneSelf {
			continue
		}
		if shown == 4 {
			b.WriteString(" …")
			break
		}
		script := scriptOf(r)
		if script == "" {
			script = "no script"
		}
		fmt.Fprintf(&b, " U+%04X (%s) at character %d;", r, script, i+1)
		shown++
	}
	return strings.TrimSuffix(b.String(), ";")
}

// scriptMixes are the sets of scripts one name may honestly combine (Unicode TS #39's "highly
// restrictive" level): Japanese, Chinese and Korean writing with Latin.
var scriptMixes = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// commonScripts are tried first when naming a letter's script; the rest of unicode.Scripts after.
var commonScripts = []string{"Latin", "Cyrillic", "Greek", "Armenian", "Cherokee", "Coptic", "Georgian", "Han", "Hiragana",
	"Katakana", "Hangul", "Bopomofo", "Arabic", "Hebrew", "Devanagari", "Thai"}

var otherScripts = func() []string {
	var names []string
	for name := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && !slices.Contains(commonScripts, name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}()

// scriptOf names the script of a letter, or "" for characters every script shares (digits,
// punctuation, combining marks).
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return ""
	}
	for _, names := range [][]string{commonScripts, otherScripts} {
		for _, name := range names {
			if unicode.Is(unicode.Scripts[name], r) {
				return name
			}
		}
	}
	return ""
}

// latinLookalikes maps Cyrillic, Greek and Armenian letters to the Latin letters they are drawn
// like (Unicode's confusables for these scripts, trimmed to the close ones).
var latinLookalikes = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x',
	'ѕ': 's', 'і': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ү': 'y',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'У': 'Y', 'Х': 'X',
	'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ү': 'Y', 'Ӏ': 'I',
	// Greek
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'υ': 'u', 'χ': 'x', 'γ': 'y',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	// Armenian
	'օ': 'o', 'ս': 'u', 'ց': 'g', 'հ': 'h', 'ո': 'n', 'զ': 'q',
}

// --- shadowing ---

var shadowPhrase = lazyregexp.New(`(?i)\b(instead\s+of|rather\s+than|in\s+place\s+of|when\s+(?:using|calling|invoking)|before\s+(?:using|calling|invoking)|after\s+(?:using|calling|invoking)|whenever\s+(?:you\s+)?(?:use|call|invoke)|do\s+not\s+use|don'?t\s+use|never\s+use|overrides?|replaces?|supersedes?)\s+(?:the\s+|any\s+)?['"\x60]?([A-Za-z][\w.-]*[A-Za-z0-9])['"\x60]?(\s+(?:tool|function|command)\b)?`)

// namedTool finds "the X tool" where X is shaped like a tool name.
var namedTool = lazyregexp.New(`(?i)\bthe\s+(?:also\s+present\s+|other\s+)?['"\x60]?([A-Za-z][\w.-]*[A-Za-z0-9])['"\x60]?\s+(?:tool|function)\b`)

var shadowGate = []string{"instead", "rather", "place of", "when", "before", "after", "use", "overrid", "replace", "supersede"}

var shadowWords = []string{"instead of", "rather than", "in place of", "when using", "when calling", "when invoking", "before using", "before calling",
	"before invoking", "after using", "after calling", "after invoking", "whenever", "not use", "n't use", "dont use", "never use", "overrid", "replace", "supersede"}

// namedToolWords filter the strings namedTool is tried on: " tool" or " function", and "the ".
var namedToolWords = []string{" tool", " function", "the "}

// looksLikeToolName reports an identifier shaped like a tool name (read_file, git-push,
// fs.read, sendEmail) rather than a word of prose.
func looksLikeToolName(s string) bool {
	if strings.ContainsAny(s, "_") {
		return true
	}
	if strings.ContainsAny(s, "-.") {
		return !strings.Contains(s, "..") && strings.IndexFunc(s, unicode.IsUpper) < 0
	}
	for i, r := range s {
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rune(s[0])) {
			return true
		}
	}
	return false
}

func (l *linter) checkShadowing(tf *toolFindings, s textSite, folded string, words foundWords, orig func(int) int) {
	self := tf.tool.ToolName()
	if words.any(shadowGateIDs) && words.any(shadowWordIDs) {
		for _, m := range shadowPhrase.FindAllStringSubmatchIndex(folded, 8) {
			name := folded[m[4]:m[5]]
			if name == self || tf.isParameter(name) {
				continue
			}
			verb := strings.ToLower(folded[m[2]:m[3]])
			named := m[6] >= 0 // "… the send_email tool"
			start, end := orig(m[0]), orig(m[1])
			servers, known := l.toolsByName[name]
			switch {
			case known && !onlyServer(servers, tf.tool.Server):
				tf.add(RuleToolShadowing, SeverityHigh, s.pointer(), start,
					where(s)+fmt.Sprintf("tells the model how to use %q, a tool of another server: a tool that steers another server's tools is shadowing them", name),
					untrusted.Snippet(s.text, start, end, 30))
			case known:
				tf.add(RuleToolShadowing, SeverityLow, s.pointer(), start,
					where(s)+fmt.Sprintf("steers the model between this tool and %q on the same server; usually guidance, check it says no more", name),
					untrusted.Snippet(s.text, start, end, 30))
			case looksLikeToolName(name) && (named || !(strings.HasPrefix(verb, "replace") || strings.HasPrefix(verb, "override") || strings.HasPrefix(verb, "supersede"))):
				tf.add(RuleToolShadowing, SeverityHigh, s.pointer(), start,
					where(s)+fmt.Sprintf("tells the model how to use %q, a tool that is not in this catalog: a tool steering another server's tools is shadowing them", name),
					untrusted.Snippet(s.text, start, end, 30))
			}
		}
	}
	if words.any(namedToolIDs) && words.has(theID) && strings.ContainsAny(folded, "_-.`") {
		for _, m := range namedTool.FindAllStringSubmatchIndex(folded, 8) {
			name := folded[m[2]:m[3]]
			if _, known := l.toolsByName[name]; known || name == self || !looksLikeToolName(name) || tf.isParameter(name) {
				continue
			}
			start, end := orig(m[0]), orig(m[1])
			tf.add(RuleToolShadowing, SeverityMedium, s.pointer(), start,
				where(s)+fmt.Sprintf("talks about %q, a tool that is not in this catalog: one server's text should not speak of another's tools", name),
				untrusted.Snippet(s.text, start, end, 30))
		}
	}
	if s.key != "description" && s.key != "title" || len(l.toolsByName) < 2 {
		return
	}
	// Mentions of other tools of the catalog by name, found by scanning identifiers once.
	mentioned := 0
	for i := 0; i < len(folded) && mentioned < 4; {
		c := folded[i]
		if !isWordByte(c) {
			i++
			continue
		}
		// Most words are prose: only one with a separator, a capital after its first letter, or
		// backquotes around it can name a tool.
		j, shaped := i, false
		for j < len(folded) && (isWordByte(folded[j]) || folded[j] == '-' || folded[j] == '.') {
			shaped = shaped || folded[j] == '_' || folded[j] == '-' || folded[j] == '.' || j > i && 'A' <= folded[j] && folded[j] <= 'Z'
			j++
		}
		end := j
		for end > i && (folded[end-1] == '.' || folded[end-1] == '-') {
			end--
		}
		word := folded[i:end]
		quoted := i > 0 && folded[i-1] == '`' && j < len(folded) && folded[j] == '`'
		wordAt := i
		i = j
		if !shaped && !quoted || word == self || !(quoted || looksLikeToolName(word)) {
			continue
		}
		servers, known := l.toolsByName[word]
		if !known {
			continue
		}
		mentioned++
		start := orig(wordAt)
		if onlyServer(servers, tf.tool.Server) {
			tf.add(RuleToolShadowing, SeverityLow, s.pointer(), start,
				where(s)+fmt.Sprintf("names %q, another tool of the same server (informational: usually how the two work together)", word),
				untrusted.Snippet(s.text, start, start+len(word), 30))
		} else {
			tf.add(RuleToolShadowing, SeverityMedium, s.pointer(), start,
				where(s)+fmt.Sprintf("names %q, a tool another server offers: one server's text should not talk about another's tools", word),
				untrusted.Snippet(s.text, start, start+len(word), 30))
		}
	}
}

// isParameter reports a name that is one of the tool's own parameters ("replaces old_string
// with new_string" speaks of arguments, not of tools).
func (tf *toolFindings) isParameter(name string) bool {
	if tf.params == nil {
		tf.params = map[string]bool{}
		for _, p := range tf.properties() {
			tf.params[p.name] = true
		}
	}
	return tf.params[name]
}

func onlyServer(servers []string, server string) bool {
	for _, s := range servers {
		if s != server {
			return false
		}
	}
	return true
}

// --- parameters shaped for exfiltration ---

// exfilNames are parameter names that invite the model to hand over what it knows. The
// conversation-shaped ones are high: almost no tool needs the conversation.
var exfilNames = map[string]Severity{
	"summaryofconversation": SeverityHigh, "conversationsummary": SeverityHigh, "conversation": SeverityHigh,
	"conversationhistory": SeverityHigh, "chathistory": SeverityHigh, "chatlog": SeverityHigh,
	"previousmessages": SeverityHigh, "allmessages": SeverityHigh, "transcript": SeverityHigh,
	"systemprompt": SeverityHigh, "fullcontext": SeverityHigh, "conversationcontext": SeverityHigh,
	"internalmonologue": SeverityHigh, "userhistory": SeverityHigh, "chatcontext": SeverityHigh,
	"notes": SeverityMedium, "note": SeverityMedium, "sidenote": SeverityMedium, "context": SeverityMedium,
	"metadata": SeverityMedium, "extra": SeverityMedium, "extradata": SeverityMedium, "extrainfo": SeverityMedium,
	"additionalinfo": SeverityMedium, "additionalcontext": SeverityMedium, "additionalnotes": SeverityMedium,
	"debug": SeverityMedium, "debuginfo": SeverityMedium, "misc": SeverityMedium, "remarks": SeverityMedium,
	"feedback": SeverityMedium, "memory": SeverityMedium, "thoughts": SeverityMedium, "reasoning": SeverityMedium,
	"annotations": SeverityMedium, "hiddencontext": SeverityHigh, "sessioncontext": SeverityMedium,
}

// fillerWords do not justify a parameter when they appear in the tool's name.
var fillerWords = map[string]bool{"of": true, "the": true, "info": true, "extra": true, "additional": true, "full": true, "all": true, "data": true, "hidden": true}

func (l *linter) checkParameters(tf *toolFindings) {
	var toolWords, descWords map[string]bool // read only when a suspicious parameter needs them
	for _, p := range tf.properties() {
		name, prop := p.name, p.schema
		severity, suspicious := exfilNames[Squash(name)]
		if !suspicious {
			continue
		}
		if toolWords == nil {
			toolWords = map[string]bool{}
			title, _ := tf.tool.Def["title"].(string)
			for _, w := range append(nameWords(tf.tool.ToolName()), nameWords(title)...) {
				toolWords[singular(w)] = true
			}
		}
		words := nameWords(name)
		if slices.ContainsFunc(words, func(w string) bool { return !fillerWords[w] && toolWords[singular(w)] }) {
			continue // "add_note" taking "note", "update_metadata" taking "metadata"
		}
		pdesc, _ := prop["description"].(string)
		if severity == SeverityMedium && len(strings.Fields(pdesc)) >= 3 && !tf.instructs(jsondoc.JoinPointer(p.pointer(), "description")) {
			if descWords == nil {
				descWords = map[string]bool{}
				desc, _ := tf.tool.Def["description"].(string)
				for _, w := range nameWords(desc) {
					descWords[singular(w)] = true
				}
			}
			if slices.ContainsFunc(words, func(w string) bool { return !fillerWords[w] && descWords[singular(w)] }) {
				continue // the tool says what the parameter is for, and the parameter agrees
			}
		}
		evidence := fmt.Sprintf("%q with no description", name)
		if pdesc != "" {
			evidence = fmt.Sprintf("%q: %s", name, untrusted.Snippet(pdesc, 0, 0, 60))
		}
		tf.add(RuleExfiltrationParameter, severity, p.pointer(), -1,
			fmt.Sprintf("parameter %q invites the model to hand over what it knows (notes, context, the conversation) and nothing in the tool's name or description says why it needs it", name),
			evidence)
	}
}

// instructionRules are the rules of instructionPhrases.
var instructionRules = []string{RuleInstructionOverride, RuleInstructionConcealment, RuleInstructionCoercion, RuleInstructionTag, RuleHTMLComment}

// instructs reports whether the string at pointer tripped an instruction phrase, which cannot
// then justify anything. The strings are checked before the parameters, so this reads their
// findings rather than matching the phrases again.
func (tf *toolFindings) instructs(pointer string) bool {
	return slices.ContainsFunc(instructionRules, func(rule string) bool {
		_, found := tf.seen[rule+"\x00"+pointer]
		return found
	})
}

// A property is one parameter of a tool's inputSchema, nested objects and array items included.
type property struct {
	name   string
	parent string // the pointer of the "properties" object holding it, shared by its siblings
	schema map[string]any
}

// pointer is written out only for a property a finding is about.
func (p property) pointer() string { return jsondoc.JoinPointer(p.parent, p.name) }

// properties lists the tool's parameters, read once for all the rules that need them.
func (tf *toolFindings) properties() []property {
	if tf.props == nil {
		tf.props = []property{}
		if schema, ok := tf.tool.Def["inputSchema"].(map[string]any); ok {
			tf.props = appendProperties(tf.props, schema, jsondoc.JoinPointer(tf.tool.Pointer, "inputSchema"), 0)
		}
	}
	return tf.props
}

// appendProperties appends the properties of an object schema at pointer, each followed by
// those nested in it (in its own properties, or in its items), members in name order.
func appendProperties(list []property, schema map[string]any, pointer string, depth int) []property {
	if depth > 16 {
		return list
	}
	if props, ok := schema["properties"].(map[string]any); ok {
		parent := pointer + "/properties"
		for _, name := range slices.Sorted(maps.Keys(props)) {
			prop, ok := props[name].(map[string]any)
			if !ok {
				continue
			}
			list = append(list, property{name, parent, prop})
			if prop["properties"] != nil || prop["items"] != nil {
				list = appendProperties(list, prop, jsondoc.JoinPointer(parent, name), depth+1)
			}
		}
	}
	if items, ok := schema["items"].(map[string]any); ok {
		list = appendProperties(list, items, pointer+"/items", depth+1)
	}
	return list
}

// nameWords splits an identifier or a text into lowercase words: "sendEmail" → send, email;
// "read_file" → read, file.
func nameWords(s string) []string {
	var words []string
	start := -1
	var prev rune
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(s[start:end]))
		}
		start = -1
	}
	for i, r := range s {
		isAlnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case !isAlnum:
			flush(i)
		case start < 0:
			start = i
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush(i)
			start = i
		}
		prev = r
	}
	flush(len(s))
	return words
}

func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// --- loose schemas ---

// freeStringNames are parameters that reach a file system, a network or an interpreter: a
// free string there is the whole attack surface of seed 004's "server-side injection".
var freeStringNames = map[string]string{
	"path": "a file path", "filepath": "a file path", "file": "a file path", "filename": "a file path",
	"dir": "a directory", "directory": "a directory", "folder": "a directory",
	"url": "a URL", "uri": "a URL", "href": "a URL", "endpoint": "a URL", "webhook": "a URL", "host": "a host",
	"sql": "SQL", "query": "a query", "command": "a command", "cmd": "a command", "script": "a script",
	"shell": "a command", "code": "code", "expression": "an expression", "eval": "code",
}

func (l *linter) checkSchema(tf *toolFindings) {
	t := tf.tool
	at := jsondoc.JoinPointer(t.Pointer, "inputSchema")
	raw, has := t.Def["inputSchema"]
	if !has {
		tf.add(RuleLooseSchema, SeverityMedium, t.Pointer, -1, "the tool has no inputSchema: nothing limits the arguments the model sends", "no \"inputSchema\"")
		return
	}
	schema, ok := raw.(map[string]any)
	if !ok || schema["type"] != "object" {
		tf.add(RuleLooseSchema, SeverityMedium, at, -1, "the inputSchema root is not {\"type\": \"object\"}, as MCP requires: arguments are not held to named parameters",
			untrusted.Snippet(jsondoc.Compact(raw), 0, 0, 60))
		if !ok {
			return
		}
	}
	if schema["additionalProperties"] != false && schema["unevaluatedProperties"] != false {
		tf.add(RuleLooseSchema, SeverityLow, at, -1, "the inputSchema is open (no \"additionalProperties\": false): the model may send arguments nobody declared",
			"additionalProperties is not false")
	}
	for _, p := range tf.properties() {
		what, risky := freeStringNames[Squash(p.name)]
		if !risky || !acceptsString(p.schema) || slices.ContainsFunc(stringLimits, func(k string) bool { _, set := p.schema[k]; return set }) {
			continue
		}
		tf.add(RuleLooseSchema, SeverityLow, p.pointer(), -1,
			fmt.Sprintf("%q takes %s as a free string (no pattern, enum, maxLength or format): the server must sanitise it, the schema does not", p.name, what),
			fmt.Sprintf("%q: %s", p.name, untrusted.Snippet(jsondoc.Compact(p.schema), 0, 0, 60)))
	}
}

// stringLimits are the keywords that bound what a string parameter accepts.
var stringLimits = []string{"pattern", "enum", "const", "maxLength", "format", "$ref"}

func acceptsString(prop map[string]any) bool {
	switch t := prop["type"].(type) {
	case nil:
		_, anyOf := prop["anyOf"]
		_, oneOf := prop["oneOf"]
		return !anyOf && !oneOf
	case string:
		return t == "string"
	case []any:
		for _, x := range t {
			if x == "string" {
				return true
			}
		}
	}
	return false
}

// --- annotations ---

// Verbs in tool names, by what they let a tool do. A verb counts anywhere in the name;
// nounVerbs only as the first word ("email_send" sends, "get_email" does not).
var (
	deleteVerbs = wordSet("delete", "remove", "drop", "destroy", "purge", "truncate", "erase", "wipe", "rm", "unlink", "kill",
		"terminate", "revoke", "uninstall", "rmdir", "del", "shred", "nuke")
	writeVerbs = wordSet("write", "create", "update", "edit", "modify", "put", "patch", "insert", "upsert", "save", "append",
		"rename", "move", "mv", "upload", "commit", "push", "merge", "replace", "overwrite", "apply", "restore", "import",
		"install", "deploy", "publish", "reopen", "assign", "archive", "fork", "mkdir", "copy", "cp", "transfer",
		"approve", "enable", "disable", "restart", "schedule", "cancel", "chmod", "chown", "grant", "store", "submit")
	execVerbs      = wordSet("exec", "execute", "run", "eval", "evaluate", "spawn", "invoke", "bash", "sh", "powershell")
	sendVerbs      = wordSet("send", "reply", "forward", "tweet", "notify", "broadcast", "dm", "sms", "invite", "publish")
	fetchVerbs     = wordSet("fetch", "download", "curl", "wget", "browse", "navigate", "crawl", "scrape")
	nounVerbs      = map[string]string{"email": "send", "mail": "send", "message": "send", "post": "send", "http": "fetch", "shell": "execute", "command": "execute", "script": "execute", "terminal": "execute", "set": "write", "add": "write", "close": "write", "reset": "delete", "clear": "delete", "lock": "write", "unlock": "write", "start": "execute", "stop": "execute", "make": "write", "new": "write", "open": "fetch", "web": "fetch", "url": "fetch"}
	warnPattern    = lazyregexp.New(`(?i)\b(?:permanent(?:ly)?|irreversibl[ey]|irrevocabl[ey]|cannot\s+be\s+(?:undone|reversed|recovered|restored)|can'?t\s+be\s+(?:undone|recovered)|no\s+undo|not\s+(?:be\s+)?recoverable|unrecoverable|destructive|caution|warning|careful|confirm(?:ation)?|will\s+be\s+lost|data\s+loss)\b`)
	readOnlyPhrase = lazyregexp.New(`(?i)\bread[- ]only\b|\bdoes\s+not\s+(?:modify|change|write)\b|\bwithout\s+(?:modifying|changing)\b|\bno\s+side\s+effects\b`)
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// A Capability is something a tool can do that a reviewer must approve: write, delete,
// execute, send or fetch, with the evidence for it.
type Capability struct {
	Kind, Why string
}

// NameCapabilities reads a tool name's verbs.
func NameCapabilities(name string) []Capability {
	var caps []Capability
	seen := map[string]bool{}
	addCap := func(kind, word string) {
		if !seen[kind] {
			seen[kind] = true
			caps = append(caps, Capability{Kind: kind, Why: fmt.Sprintf("its name says %q", word)})
		}
	}
	words := nameWords(name)
	for i, w := range words {
		switch {
		case deleteVerbs[w]:
			addCap("delete", w)
		case execVerbs[w]:
			addCap("execute", w)
		case sendVerbs[w]:
			addCap("send", w)
		case writeVerbs[w]:
			addCap("write", w)
		case fetchVerbs[w]:
			addCap("fetch", w)
		case i == 0 && len(words) > 1 && nounVerbs[w] != "":
			addCap(nounVerbs[w], w)
		}
	}
	return caps
}

func AnnotationBool(def map[string]any, hint string) (value, set bool) {
	ann, ok := def["annotations"].(map[string]any)
	if !ok {
		return false, false
	}
	b, ok := ann[hint].(bool)
	return b, ok
}

func (l *linter) checkAnnotations(tf *toolFindings) {
	t := tf.tool
	name := t.ToolName()
	caps := NameCapabilities(name)
	has := func(kinds ...string) (Capability, bool) {
		for _, c := range caps {
			for _, k := range kinds {
				if c.Kind == k {
					return c, true
				}
			}
		}
		return Capability{}, false
	}
	desc, _ := t.Def["description"].(string)
	annPointer := jsondoc.JoinPointer(t.Pointer, "annotations")
	readOnly, readOnlySet := AnnotationBool(t.Def, "readOnlyHint")
	destructive, destructiveSet := AnnotationBool(t.Def, "destructiveHint")
	openWorld, openWorldSet := AnnotationBool(t.Def, "openWorldHint")

	if readOnlySet && readOnly {
		c, mutating := has("delete", "write", "send")
		if !mutating {
			if ec, exec := has("execute"); exec && !readOnlyPhrase.MatchString(desc) {
				c, mutating = ec, true
			}
		}
		if mutating {
			tf.add(RuleAnnotationHonesty, SeverityHigh, jsondoc.JoinPointer(annPointer, "readOnlyHint"), -1,
				fmt.Sprintf("the tool claims readOnlyHint: true, but %s (%s): a client that trusts the hint skips confirmation", c.Why, c.Kind),
				fmt.Sprintf("%s: readOnlyHint true", name))
		}
		if destructiveSet && destructive {
			tf.add(RuleAnnotationHonesty, SeverityMedium, jsondoc.JoinPointer(annPointer, "destructiveHint"), -1,
				"the tool claims both readOnlyHint: true and destructiveHint: true; they contradict each other",
				"readOnlyHint true, destructiveHint true")
		}
	}
	if c, del := has("delete"); del && destructiveSet && !destructive {
		tf.add(RuleAnnotationHonesty, SeverityMedium, jsondoc.JoinPointer(annPointer, "destructiveHint"), -1,
			fmt.Sprintf("the tool claims destructiveHint: false, but %s: deleting is destructive", c.Why),
			fmt.Sprintf("%s: destructiveHint false", name))
	}
	if c, out := has("send", "fetch"); out && openWorldSet && !openWorld {
		tf.add(RuleAnnotationHonesty, SeverityMedium, jsondoc.JoinPointer(annPointer, "openWorldHint"), -1,
			fmt.Sprintf("the tool claims openWorldHint: false, but %s: it reaches beyond the local system", c.Why),
			fmt.Sprintf("%s: openWorldHint false", name))
	}
	// A destructive tool should say so in words the model reads: the verb is otherwise all it
	// has to go on (seed 004: 96.4% of descriptions carry no such warning).
	_, del := has("delete")
	if (del || (destructiveSet && destructive && !(readOnlySet && readOnly))) && !warnPattern.MatchString(desc) {
		at := jsondoc.JoinPointer(t.Pointer, "description")
		if _, ok := t.Def["description"].(string); !ok {
			at = t.Pointer
		}
		tf.add(RuleAnnotationHonesty, SeverityLow, at, -1,
			"a destructive tool whose description carries no warning (permanent, cannot be undone, confirm…): the model can only guess the risk from the name",
			untrusted.Snippet(desc, 0, 0, 60))
	}
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}
