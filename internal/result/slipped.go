package result

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// RuleSlippedTask: a sentence of the data that gives its reader a task of its own: write a poem,
// explain a theory, merge the code block below into your solution, say that the paper concludes
// otherwise. It is not addressed to anyone by name; what makes it an order to the model is what
// it asks for.
const RuleSlippedTask = "slipped-task"

// A slipped task is told by what it asks of the reader, not by keywords of the data:
//   - a work to produce that stands apart from any data (a poem, a story, a speech, the theory of
//     something explained in simple terms): what a prompt asks, not what a mail, a page or a file
//     asks of a person reading it;
//   - a block of code the data offers for "your code" or "your solution": data the model reads
//     does not write the model's code;
//   - what to state or say about the data ("let's state that the conclusion is …", "we might
//     say: …"): a reader is told what to report instead of what the data says.
var (
	// producedWork is an order at a sentence's start to produce a work that no data needs.
	producedWork = regexp.MustCompile(`(?i)^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:kindly\s+)?(?:explain|describe|draft|compose|write|provide|develop|create|generate|break\s+down|outline|tell\s+me|show\s+me|teach\s+me|give\s+me|craft|pen|recite|sing)\b.{0,80}?(?:\b(?:a|an)\s+(?:\w+\s+){0,2}(?:poem|story|essay|speech|song|joke|haiku|limerick|sonnet|fable|riddle|lullaby|recipe|biography|monologue|limericks|poems|stories|jokes)\b|\bthe\s+(?:theory|concept|history|lifecycle|life\s+cycle|causes|plot|basics|fundamentals)\s+of\b|\bin\s+simple\s+terms\b|\bhow\s+\w+(?:\s+\w+)?\s+works?\b)`)
	// translateOrder is an order to translate a phrase the data quotes into a language.
	translateOrder = regexp.MustCompile(`(?i)^(?:please\s+)?translate\s+(?:the\s+following\s+(?:sentence|phrase|word|text)|['"‘“][^'"’”]{1,80}['"’”])\s+(?:to|into)\s+[a-z]+`)
	// stateInstead is a sentence that tells its reader what to state or say about the data.
	stateInstead = regexp.MustCompile(`(?i)\b(?:let'?s|let\s+us|we\s+(?:might|could|should|will|must)|you\s+(?:should|must|might|could|will)|it'?s\s+common\s+practice\s+to|(?:i\s+)?suggest\s+you\s+(?:to\s+)?)\s+(?:\w+\s+){0,3}?(?:state|say|admit|declare|claim|report|assume|consider\s+the\s+\w+\s+(?:as|to\s+be))\b\s*(?::|that\b|the\s+\w+(?:\s+of\s+[\w\s]{1,30})?\s+(?:is|was|are)\b|as\b)`)
	// codeOffer is the code form: a block the data offers ("the following snippet") for the
	// reader's own code ("your solution").
	codeOffer = regexp.MustCompile(`(?i)\b(?:following|subsequent|below|above|this)\s+(?:code\s+)?(?:block|snippet|excerpt|section|fragment|code)`)
)

// slippedTaskFindings looks for sentences that give the reader a task of their own.
func slippedTaskFindings(s string) []hit {
	var out []hit
	for start := 0; start < len(s) && len(out) < 4; {
		end := sentenceEnd(s, start)
		sentence := s[start:end]
		trimmed := strings.TrimLeftFunc(sentence, func(r rune) bool {
			return unicode.IsSpace(r) || r == '-' || r == '*' || r == '>' || r == '#' || r == '/'
		})
		at := start + len(sentence) - len(trimmed)
		start = end + 1
		if len(trimmed) < 12 || len(trimmed) > 240 || quotedAt(s, at) {
			continue
		}
		what := ""
		switch {
		case producedWork.MatchString(trimmed) || translateOrder.MatchString(trimmed):
			what = i18n.T("a sentence of the result asks its reader to produce a work that the data is not about")
		case codeTarget.MatchString(trimmed) && codeOffer.MatchString(trimmed) && strings.HasPrefix(strings.TrimLeft(s[end:], ": \n"), "```"):
			what = i18n.T("a sentence of the result offers a block of code for the model's own code")
		case stateInstead.MatchString(trimmed):
			what = i18n.T("a sentence of the result tells its reader what to state about the data")
		default:
			continue
		}
		out = append(out, hit{Finding: lint.Finding{Rule: RuleSlippedTask, Severity: lint.SeverityHigh,
			Message:  what,
			Evidence: untrusted.Visible(strings.TrimSpace(trimmed), 200),
			Why:      i18n.T("Data the model reads does not give the model tasks; a request in it, to whoever reads, is another task slipped into the data.")},
			at: at, end: at + len(trimmed)})
	}
	return out
}
