package lint

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// A phrase is one regular expression of a rule, with the lowercase words (or marks, such as
// "@") one of which must appear for the expression to be tried at all (a cheap filter: most
// strings contain none). The expression is matched in a view's folded reading ([foldForMatch]),
// and the words are found in it without regard to ASCII case. A judge, when set, looks at each
// match in its sentence and gives its severity and message ("": the phrase's), or rejects it.
type phrase struct {
	message  string
	severity Severity
	re       *lazyregexp.Regexp
	anyOf    []string
	gates    [][]string       // when set, one word of each must appear too
	anyOfIDs []int            // the words' ids in phraseFilter
	gateMask []wordMask       // the gates' words, as phraseFilter's scan answers
	need     *requirement     // what a text must hold for re to match in it ([requirementOf])
	lead     *leadingLiterals // where a match of re can start, when that is known
	plan     *startPlan       // else where each branch of re can start, when that is known
	branches *phraseBranches  // else re's branches, each with its own prefilter
	group    *phraseGroup     // the phrases whose prefilter is built with this one's
	judge    func(tf *toolFindings, v *textView, m []int) (severity Severity, message string, ok bool)
}

// gated adds a filter: one of these words must appear too. It keeps a phrase whose words are
// common from running its expression on most strings; a phrase may have several.
//
//go:noinline
func (p phrase) gated(words ...string) phrase {
	p.gates = append(append([][]string(nil), p.gates...), words)
	return p
}

// judged sets the phrase's judge.
//
//go:noinline
func (p phrase) judged(judge func(tf *toolFindings, v *textView, m []int) (Severity, string, bool)) phrase {
	p.judge = judge
	return p
}

// gap matches the rest of a sentence, bounded: phrases never reach across sentences or run
// over a long description (no greedy ".*").
const gap = `[^.!?\n]{0,60}?`

//go:noinline
func mustPhrase(severity Severity, message, expr string, anyOf ...string) phrase {
	return phrase{severity: severity, message: message, re: lazyregexp.New(`(?i)` + expr), anyOf: anyOf}
}

// check matches the phrase in a view and reports the most severe match it accepts.
func (p *phrase) check(tf *toolFindings, v *textView, rule string) {
	for _, mask := range p.gateMask {
		if !v.words.anyOf(mask) {
			return
		}
	}
	// Most strings a phrase is tried on hold its words but not the phrase: the literals its
	// expression needs tell most of them apart in one pass over the text for every phrase, and
	// asking whether it matches at all, with no groups to record, is much cheaper than finding
	// every match.
	if !tf.l.mayMatch(p, v) {
		return
	}
	// Without a judge every match has the phrase's severity and message, and the first is the
	// one reported.
	n := 8
	if p.judge == nil && p.severity != "" {
		n = 1
	}
	matches, ok := tf.l.phraseMatches(p, v, n)
	if !ok {
		matches = p.re.FindAllStringSubmatchIndex(v.folded, n)
	}
	var best Severity
	bestMsg := ""
	var bestLoc []int
	for _, m := range matches {
		sev, msg, ok := p.severity, p.message, true
		if p.judge != nil {
			sev, msg, ok = p.judge(tf, v, m)
			if msg == "" {
				msg = p.message
			}
		}
		if !ok {
			continue
		}
		if best == "" || sev.Above(best) {
			best, bestMsg, bestLoc = sev, msg, m
		}
		if best == SeverityHigh {
			break
		}
	}
	if best != "" {
		v.find(tf, rule, best, bestLoc[0], bestLoc[1], bestMsg)
	}
}

// A filterWordSet is a set of the filter's words a rule's own check asks about, its ids resolved once
// when the filter is built (as a mask of the filter's answer).
type filterWordSet struct {
	words []string
	mask  wordMask
}

// wordSets are every filterWordSet declared, for the filter to learn their words.
var wordSets []*filterWordSet

// filterWords declares a filterWordSet: the lowercase words (or marks) a text check tests with
// [textView.holds].
//
//go:noinline
func filterWords(words ...string) *filterWordSet {
	ws := &filterWordSet{words: words}
	wordSets = append(wordSets, ws)
	return ws
}

// holds reports whether the view holds one of the set's words.
func (v *textView) holds(ws *filterWordSet) bool { return v.words.anyOf(ws.mask) }

// group returns submatch i of m in the view's folded text, or "".
func (v *textView) group(m []int, i int) string {
	if 2*i+1 >= len(m) || m[2*i] < 0 {
		return ""
	}
	return v.folded[m[2*i]:m[2*i+1]]
}

// The vocabulary the phrases are written in: classes of words, not strings of an attack, so that
// a rule catches the family whatever its wording.
const (
	// reSecret names secret material: credentials, keys, tokens, the files that hold them.
	reSecret = `(?:passwords?|passphrases?|passcodes?|credentials?|secrets?|(?:session\s+)?cookies?|` +
		`(?:ssh|rsa|gpg|pgp|private|secret|api|access|signing|wallet|encryption|license|master)[\s_-]?keys?|` +
		`keys?[\s_-]?(?:files?|material|pairs?)|` +
		`(?:api|auth(?:entication|orization)?|access|bearer|session|refresh|oauth|github|gitlab|slack|npm|pypi|personal[\s_-]access|jwt|id)[\s_-]?tokens?|` +
		`(?:your|the\s+user'?s|users'|their|my)\s+(?:\w+\s+)?(?:tokens?|keys?)|` +
		`session[\s_-]?(?:ids?|data)|env(?:ironment)?[\s_-]?(?:variables?|vars?)|\.env(?:\s+files?)?|` +
		`seed[\s_-]?phrases?|mnemonics?|recovery[\s_-]?(?:phrases?|codes?)|2fa[\s_-]?codes?|otp[\s_-]?codes?|one[\s-]time[\s_-]?(?:codes?|passwords?)|` +
		`keychains?|keyrings?|id_(?:rsa|dsa|ecdsa|ed25519)|mcp\.json|(?:mcp|client|cursor|claude|app|application)\s+config(?:uration)?(?:\s+files?)?)`
	// reConversation names what the model holds of the user: the conversation, its history, the
	// system prompt, other tools' results, the user's messages and files.
	reConversation = `(?:(?:entire|whole|full|complete|previous|prior|past|recent|last|all|every)\s+)*` +
		`(?:conversation(?:\s+(?:history|log|so\s+far|context))?|chat(?:\s+(?:history|log|transcript|messages))?|message\s+history|` +
		`(?:user\s+|chat\s+)?messages|(?:earlier|previous|prior|past|preceding)\s+(?:messages?|turns|exchanges)(?:\s+(?:of|in|from)\s+(?:this|the)\s+(?:session|conversation|chat))?|transcript|context\s+window|system\s+prompt|(?:system\s+|developer\s+)?instructions\s+you\s+(?:were|have\s+been)\s+given|` +
		`(?:previous|prior|other)\s+tool\s+(?:calls?|results?|outputs?)|results?\s+of\s+(?:the\s+|any\s+)?(?:previous\s+|earlier\s+)?\w+\s+calls?|` +
		`(?:the\s+)?user'?s\s+(?:messages|data|files|input|queries|questions|requests|emails|documents|code)|code\s+snippets?|source\s+code)`
	// reContents names the contents of something the model is to read first.
	reContents = `(?:(?:the\s+)?(?:full\s+|entire\s+|raw\s+|whole\s+)?contents?\s+of\s+` + reNoStop + `{1,60}?|(?:its|their|the\s+(?:file|token|key|secret|credentials?)'?s?)\s+(?:full\s+|entire\s+)?contents?)`
	// reNoStop is a character of the same sentence: a dot only inside a word or a path.
	reNoStop = `(?:[^.!?\n]|\.[^\s.!?])`
	// reDestination is a place outside: a URL, an e-mail address, a phone number, an IP address.
	reDestination = `(?:https?://[^\s'"\x60)<>]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+\d[\d\s().-]{6,}\d|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b)`
	// reModelTarget is where a phrase puts what the model holds: a field of the call.
	reFieldTarget = `(?:(?:the\s+)?['"\x60]([A-Za-z_][\w-]*)['"\x60](?:\s+(?:field|parameter|argument|param|property))?|` +
		`(?:the\s+)?([A-Za-z_][\w-]*)\s+(?:field|parameter|argument|param|property)\b|the\s+(?:tool\s+call|request|call|arguments?)|` +
		`(?:every|each|all|any)\s+(?:tool\s+)?(?:calls?|requests?)|the\s+([A-Za-z_][\w-]*))`
)

// asExample reports whether the text just before folded[at] introduces an example ("e.g.",
// "such as", "for example", "like"): an address given as an example is not a recipient.
func asExample(folded string, at int) bool {
	before := strings.ToLower(folded[max(0, at-24):at])
	for _, w := range []string{"e.g.", "eg.", "e.g", "example", "such as", "like ", "i.e."} {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}
