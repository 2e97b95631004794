package result

import (
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// The rules of the result check that are not lint rules: what only a result carries.
const (
	// RuleMarkdownExfiltration: a markdown image or link (or an HTML img) whose URL is shaped to
	// carry data to a host when the client renders it.
	RuleMarkdownExfiltration = "markdown-exfiltration"
	// RuleCommentInstruction: an HTML comment, which a rendered page hides, addressed to the
	// assistant and telling it to call a tool or run something.
	RuleCommentInstruction = "comment-instruction"
	// RuleStructuredTextMismatch: a text block's JSON differs from structuredContent.
	RuleStructuredTextMismatch = "structured-text-mismatch"
	// RuleStructuredWithoutText: structuredContent with no text block, which a client that
	// shows only text does not show.
	RuleStructuredWithoutText = "structured-without-text"
)

// Markdown images render without a click: the client fetches the URL as soon as the model writes
// it, so a URL the model was told to fill in sends whatever it put there. A link needs a click.
var (
	markdownTarget = lint.NewExpression(`(!?)\[[^\]\n]{0,300}\]\(\s*<?((?:https?:)?//[^\s)>]+)`)
	// A reference definition ("[1]: https://host/x.png?d=…") gives its URL to every link or image
	// that names its label ("![chart][1]", "![1][]", "![1]"): the image renders it as the inline
	// form does.
	markdownReference = lint.NewExpression(`(?m)^[ \t]{0,3}\[([^\]\n]{1,100})\]:[ \t]*<?((?:https?:)?//[^\s>]+)`)
	imageReference    = lazyregexp.New(`!\[([^\]\n]{0,300})\](?:\[([^\]\n]{0,100})\])?`)
	htmlImage         = lint.NewExpression(`(?i)<img\b[^>]{0,300}?\bsrc\s*=\s*["']?((?:https?:)?//[^"'\s>]+)`)
	// placeholder is a slot in a URL for the model to fill: {secret}, {{history}}, $DATA, [DATA],
	// <data>, or their percent-encoded forms.
	placeholder = lazyregexp.New(`\$\{[^{}]{1,80}\}|\{[^{}]{1,80}\}|%7[Bb][^%]{1,80}%7[Dd]|\$\{?[A-Za-z_][A-Za-z0-9_]{1,40}|\[[A-Z][A-Z0-9_ ]{1,40}\]|%5[Bb][A-Z][A-Z0-9_ %]{1,60}%5[Dd]|%3[Cc][A-Za-z_ ]{1,40}%3[Ee]|<[A-Za-z_ ]{1,40}>`)
	// upperSlot is a query value written as a name in capitals (DATA, SUMMARY_OF_CONVERSATION):
	// a slot when the text around it names it, or when it names what the model knows.
	upperSlot    = lazyregexp.New(`^[A-Z][A-Z0-9_]{2,60}$`)
	knownByModel = lazyregexp.New(`(?:^|_)(?:DATA|SUMMARY|CONVERSATION|HISTORY|MESSAGES?|EMAILS?|SECRETS?|PASSWORDS?|TOKENS?|KEYS?|CHAT|CONTEXT|PROMPT|MEMORY|USER|CREDENTIALS?|ADDRESS|PHONE|INPUT)(?:_|$)`)
	// fillURL is an instruction to put something into a URL: "append the user's email address
	// to this link", "replace DATA with …", "fill in the URL with …".
	fillURL = lint.NewExpression(`(?i)\b(?:append|add|attach|insert|put|include|fill\s+in|substitute)\b[^.\n]{0,80}?\b(?:to|in|into|on)\s+(?:this|the|that|each)\s+(?:link|url|image|address|query)\b`)
	// carrierParameter names a query parameter that, on an image, can only be there to carry
	// what the model knows.
	carrierParameter = lazyregexp.New(`(?i)^(?:conversation|conv|history|chat|chat_history|memory|prompt|system_prompt|secret|secrets|password|passwd|ssn|exfil|leak|stolen|private|credentials?|api_?keys?|user_data|personal_data)$`)
)

// markdownFindings looks in one string the model reads for markdown images and links, and HTML
// images, whose URL would carry data to a host: one with a slot for the model to fill, or an
// image with a query parameter named for what the model knows. The host is named.
func markdownFindings(s string) []hit {
	if !strings.Contains(s, "](") && !strings.Contains(s, "]:") && !strings.Contains(s, "<img") && !strings.Contains(s, "<IMG") {
		return nil
	}
	var out []hit
	var fills []int // where each instruction to fill a URL ends, found on first need: most links are not shaped to be filled
	fill := func(at int) int {
		if fills == nil {
			fills = fillInstructions(s)
		}
		i, _ := slices.BinarySearch(fills, at+1)
		if i == 0 {
			return -1
		}
		return fills[i-1]
	}
	for _, m := range markdownTarget.FindAllStringSubmatchIndex(s, 32) {
		image := m[3] > m[2]
		if f, ok := exfiltrationFinding(s, m[0], m[1], s[m[4]:m[5]], image, fill); ok {
			out = append(out, f)
		}
	}
	if strings.Contains(s, "]:") {
		var images map[string]bool // the labels images name, found on first need
		for _, m := range markdownReference.FindAllStringSubmatchIndex(s, 32) {
			if images == nil {
				images = imageLabels(s)
			}
			label := strings.ToLower(strings.Join(strings.Fields(s[m[2]:m[3]]), " "))
			if f, ok := exfiltrationFinding(s, m[0], m[1], s[m[4]:m[5]], images[label], fill); ok {
				out = append(out, f)
			}
		}
	}
	if strings.Contains(s, "<img") || strings.Contains(s, "<IMG") || holdsLowered(s, "<img") {
		for _, m := range htmlImage.FindAllStringSubmatchIndex(s, 32) {
			if f, ok := exfiltrationFinding(s, m[0], m[1], s[m[2]:m[3]], true, fill); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// imageLabels lists the reference labels that markdown images of s name, as markdown matches
// them: case and runs of white space aside.
func imageLabels(s string) map[string]bool {
	labels := map[string]bool{}
	for _, m := range imageReference.FindAllStringSubmatchIndex(s, 64) {
		label := s[m[2]:m[3]] // "![1]" and "![1][]"
		if m[4] >= 0 && m[5] > m[4] {
			label = s[m[4]:m[5]] // "![chart][1]"
		}
		labels[strings.ToLower(strings.Join(strings.Fields(label), " "))] = true
	}
	return labels
}

// placeholderStarts are the bytes a match of placeholder starts with, one in each branch.
const placeholderStarts = "${%[<"

// findPlaceholder is placeholder.FindString(s), not run on a URL with none of the bytes its
// matches start with (most URLs: each of a README's links was read by the expression twice).
func findPlaceholder(s string) string {
	if !strings.ContainsAny(s, placeholderStarts) {
		return ""
	}
	return placeholder.FindString(s)
}

// holdsLowered reports whether strings.ToLower(s) holds word, an ASCII word of small letters
// starting with a byte that is its own lowercase, without lowering a copy of s: at each place
// word's first byte stands, the runes after it, lowered one by one as strings.ToLower lowers
// them ('İ' lowers to 'i'), are compared with word's.
func holdsLowered(s, word string) bool {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], word[0])
		if j < 0 {
			return false
		}
		at := i + j + 1
		k := 1
		for ; k < len(word) && at < len(s); k++ {
			r, size := utf8.DecodeRuneInString(s[at:])
			if unicode.ToLower(r) != rune(word[k]) {
				break
			}
			at += size
		}
		if k == len(word) {
			return true
		}
		i += j + 1
	}
	return false
}

// exfiltrationFinding judges one URL found at s[start:end]; fill gives where the first
// instruction to fill a URL ends at or before a place of s, or -1 ([fillInstructions]).
func exfiltrationFinding(s string, start, end int, raw string, image bool, fill func(at int) int) (hit, bool) {
	target := raw
	if strings.HasPrefix(target, "//") {
		target = "https:" + target
	}
	u, err := url.Parse(target)
	if err != nil || u.Host == "" {
		return hit{}, false
	}
	host := u.Hostname()
	slot := findPlaceholder(strings.TrimPrefix(raw, "//"+u.Host))
	if slot == "" {
		slot = findPlaceholder(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(raw, "https:"), "http:"), "//"+u.Host))
	}
	if slot == "" {
		slot = filledSlot(s, start, u, fill)
	}
	carrier := ""
	if image && slot == "" {
		for name := range u.Query() {
			if carrierParameter.MatchString(name) {
				carrier = name
				break
			}
		}
	}
	if slot == "" && carrier == "" {
		return hit{}, false
	}
	kind := i18n.T("markdown link")
	if image {
		kind = i18n.T("markdown image")
	}
	if strings.HasPrefix(strings.ToLower(s[start:end]), "<img") {
		kind = i18n.T("HTML image")
	}
	var msg string
	if slot != "" {
		msg = i18n.Sprintf("a %s whose URL has a slot (%s) for the model to fill sends what it puts there to %s", kind, untrusted.Visible(slot, 60), untrusted.Quote(host))
	} else {
		msg = i18n.Sprintf("a %s whose URL has the parameter %s sends what the model puts there to %s when it is rendered", kind, untrusted.Quote(carrier), untrusted.Quote(host))
	}
	sev := lint.SeverityHigh
	if !image && slot == "" {
		sev = lint.SeverityMedium
	}
	return hit{Finding: lint.Finding{Rule: RuleMarkdownExfiltration, Severity: sev, Message: msg,
		Evidence: untrusted.Visible(s[start:end], 200),
		Why:      i18n.T("A client fetches a markdown image as soon as the model writes it: a URL the model was told to fill in carries the conversation's data to that host without a click.")},
		at: start}, true
}

var (
	// toAssistant addresses the model: "assistant:", "AI, …", "note to the model".
	toAssistant = lazyregexp.New(`(?i)(?:^|[\s(])(?:assistant|ai|a\.i\.|model|llm|agent|claude|chatgpt|gpt|gemini|copilot)\s*[:,]|(?i)\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|model|llm|agent)\b`)
	// toolAction tells it to act: call or invoke a tool, run or execute something, send money.
	toolAction = lazyregexp.New(`(?i)\b(?:call|invoke|run|execute|use)\s+(?:the\s+)?[A-Za-z_][A-Za-z0-9_.-]*|\bsend\s+(?:money|funds|an?\s+e-?mail|the)\b|\btransfer\b`)
)

// commentFindings finds HTML comments addressed to the assistant that tell it to call a tool
// or run something: hidden where the result is rendered, read by the model.
func commentFindings(s string) []hit {
	if !strings.Contains(s, "<!--") {
		return nil
	}
	var out []hit
	for _, m := range htmlComments(s, 16) {
		body := s[m[2]:m[3]]
		if !toAssistant.MatchString(body) || !toolAction.MatchString(body) {
			continue
		}
		out = append(out, hit{Finding: lint.Finding{Rule: RuleCommentInstruction, Severity: lint.SeverityHigh,
			Message:  i18n.T("an HTML comment addressed to the assistant tells it to act: hidden where the result is rendered, read by the model"),
			Evidence: untrusted.Visible(s[m[0]:m[1]], 200),
			Why:      i18n.T("A tool's result is data for the model, not orders: a comment in it that a rendered page hides and that tells the assistant to call a tool is an injected instruction.")},
			at: m[0]})
	}
	return out
}

// maxCommentRunes is the longest comment body htmlComments reads, in characters.
const maxCommentRunes = 1000

// htmlComments finds at most n HTML comments in s, as regexp's FindAllStringSubmatchIndex finds
// `(?s)<!--(.{1,1000}?)-->`: for each, the comment's start and end and its body's. A comment's
// body is 1 to 1,000 characters (an invalid UTF-8 byte counts as one) up to the first "-->",
// and the next comment is looked for after the last one's end. Written out, not compiled: that
// expression's 1,000-fold repeat compiled into a 0.5 MB program at every start of the wasm
// (compiled on first use instead, inside a result check's own calls, it overflowed V8's stack).
func htmlComments(s string, n int) [][]int {
	var out [][]int
	for from := 0; len(out) < n; {
		i := strings.Index(s[from:], "<!--")
		if i < 0 {
			break
		}
		start := from + i
		end := -1
		for j, runes := start+4, 0; runes < maxCommentRunes && j < len(s); {
			_, w := utf8.DecodeRuneInString(s[j:])
			j += w
			runes++
			if strings.HasPrefix(s[j:], "-->") {
				end = j
				break
			}
		}
		if end < 0 {
			from = start + 1
			continue
		}
		out = append(out, []int{start, end + 3, start + 4, end})
		from = end + 3
	}
	return out
}

// filledSlot finds a slot the text tells the model to fill in a URL: a query value written in
// capitals that the text names before the URL ("replace DATA with …") or that names what the
// model knows, or an empty last parameter where the text says before it to append something to
// the link (the first instruction to fill one, which fill gives, ends before it).
func filledSlot(s string, start int, u *url.URL, fill func(at int) int) string {
	outside := s[:start]
	for name, values := range u.Query() {
		for _, v := range values {
			if !upperSlot.MatchString(v) {
				continue
			}
			if knownByModel.MatchString(v) || holdsWord(outside, v) {
				return name + "=" + v
			}
		}
	}
	if strings.HasSuffix(u.RawQuery, "=") || strings.HasSuffix(u.Path, "/") && u.RawQuery == "" {
		if f := fill(start); f >= 0 && start-f <= fillReach {
			q := u.RawQuery
			if i := strings.LastIndexByte(q, '&'); i >= 0 {
				q = q[i+1:]
			}
			if q == "" {
				q = u.Path
			}
			return q
		}
	}
	return ""
}

// fillReach is how far before a link the instruction to fill it may end: the sentence or two
// that lead to it ("append the conversation to this link: https://…/log/"). A guide that says
// somewhere to "add the search string to the URL" does not make every link ending in a slash of
// the page, such as its references at the end, a slot.
const fillReach = 400

// fillInstructions are where the instructions to fill a URL ([fillURL]) end in s, in order, at
// most 256 of them: found once, so that a text of many links is read once.
func fillInstructions(s string) []int {
	ends := []int{}
	for _, m := range fillURL.FindAllStringIndex(s, 256) {
		ends = append(ends, m[1])
	}
	return ends
}

// holdsWord reports whether s holds w as a word of its own (\bw\b, w being a name in capitals),
// in the text rather than as a value of another URL ("=W", "/W") or as the whole text of a link
// ("[W](…)", a site's logo): a page whose links all carry the same affiliate or campaign tag
// (tag=…, utm_source=NEWSLETTER, the site's own name) names it only in its links.
func holdsWord(s, w string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return false
		}
		i += from
		linkText := i > 0 && s[i-1] == '[' && strings.HasPrefix(s[i+len(w):], "](")
		if (i == 0 || !isWordByte(s[i-1]) && s[i-1] != '=' && s[i-1] != '/') && (i+len(w) == len(s) || !isWordByte(s[i+len(w)])) && !linkText {
			return true
		}
		from = i + 1
	}
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// A hit is a finding of the result check's own inside a string, at a byte offset of the decoded
// string, before it is placed in the text.
type hit struct {
	lint.Finding
	at  int
	end int // where the evidence ends in the string, for the rules read through a disguise; 0 when unknown
}
