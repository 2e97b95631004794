package result

import (
	"slices"
	"strings"
	"unicode"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Framing is how a text holds an order without giving it: a guide that tells its reader to skip
// its own earlier steps ("ignore the previous instructions in this guide"), a document about
// prompt injection that quotes a payload, a commit message naming the fixture it adds. An order
// so framed speaks about the text or about attacks, not to the model reading it.

// selfReference is what, right after an order to ignore instructions, makes them the text's own:
// the instructions of this guide, section or step, in each language read.
var selfReference = lazyregexp.New(`^\s*(?:(?:in|of|from|on)\s+(?:this|the)\s+(?:guide|section|document|page|tutorial|manual|readme|chapter|step|list|file|article|post|wiki|doc)|(?:de|dans)\s+(?:ce|cette)\s+(?:guide|section|document|page|tutoriel|manuel|chapitre|étape)|(?:in\s+)?(?:dieser|diesem|dieses)\s+(?:anleitung|seite|abschnitt|dokument|handbuch|schritt)|(?:de|en)\s+(?:esta|este)\s+(?:guía|sección|documento|página|tutorial|manual|paso)|(?:di|in)\s+(?:questa|questo)\s+(?:guida|sezione|documento|pagina|manuale)|(?:deste|desta|neste|nesta)\s+(?:guia|seção|documento|página|tutorial|manual))`)

// selfReferenceBefore is the same, written before the order (Chinese, Japanese and Korean put the
// document first: "忽略本指南前面的说明").
var selfReferenceBefore = lazyregexp.New(`(?:本指南|本文档|本教程|本页|このガイド|この手順|この文書|이\s*가이드|이\s*문서)\S{0,8}$`)

// discussion is a word that speaks about injections and attacks, in any language read: quoted
// text beside it is shown, not given. Words that only introduce an example ("e.g.", "such as")
// are not among them: a README's open code block beside "e.g." frames nothing.
var discussion = lazyregexp.New(`(?i)(?:\binjections?\b|\bpayloads?\b|\battack|\bexploit|\bmalicious|\bjailbreak|\bfixtures?\b|\bscanner|\bphishing|\battaque|\bmalveillant|\bangriff|\binyecci|\bataque|\biniezion|\battacco|\binjeç|注入|攻击|攻擊|恶意|惡意|インジェクション|攻撃|инъекц|атак|인젝션|주입|공격)`)

// quotedAt reports whether s[i] stands inside a quotation: a fenced or inline code span, straight
// double quotes on its line, or typographic quotes not yet closed.
func quotedAt(s string, i int) bool {
	return quotedAfterFences(s, i, strings.Count(s[:i], "```"))
}

// fenceOffsets are the offsets of every "```" in s, so that a caller asking of many places in one
// text whether each is in code counts the fences before it by a search, not by a scan of s[:i].
func fenceOffsets(s string) []int {
	var at []int
	for i := 0; ; {
		j := strings.Index(s[i:], "```")
		if j < 0 {
			return at
		}
		at = append(at, i+j)
		i += j + 3
	}
}

// quotedAmongFences is quotedAt for a text whose fences are known.
func quotedAmongFences(s string, i int, fences []int) bool {
	before, _ := slices.BinarySearch(fences, i)
	return quotedAfterFences(s, i, before)
}

// quotedAfterFences is quotedAt given the number of "```" before s[i].
func quotedAfterFences(s string, i int, fencesBefore int) bool {
	if fencesBefore%2 == 1 && !strayProse(s, i) {
		return true
	}
	lineStart := strings.LastIndexByte(s[:i], '\n') + 1
	line := s[lineStart:i]
	if strings.Count(line, "`")%2 == 1 || strings.Count(line, `"`)%2 == 1 {
		return true
	}
	from, _ := window(s, i-300, i)
	before := s[from:i]
	open, close := -1, -1
	for _, q := range []string{"“", "«", "„", "「", "『", "‘"} {
		open = max(open, strings.LastIndex(before, q))
	}
	for _, q := range []string{"”", "»", "」", "』", "’"} {
		close = max(close, strings.LastIndex(before, q))
	}
	if g := strings.LastIndex(before, "„"); g >= 0 && g == open && strings.Contains(before[g:], "“") {
		return false
	}
	return open > close
}

// ownInstructions reports whether the order to ignore instructions at s[start:end] is about the
// text's own: followed or preceded by a reference to this guide, section or step.
func ownInstructions(s string, start, end int) bool {
	if selfReference.MatchString(s[end:min(len(s), end+60)]) {
		return true
	}
	from, _ := window(s, start-24, start)
	return selfReferenceBefore.MatchString(s[from:start])
}

// framed reports whether the text at s[start:end] is quoted beside words that speak about
// injections or examples: shown, not given.
func framed(s string, start, end int) bool {
	if !quotedAt(s, start) {
		return false
	}
	// The words are looked for around the quoted line, not in it: a payload that names an
	// attacker's address does not frame itself.
	lineEnd := len(s)
	if i := strings.IndexByte(s[end:], '\n'); i >= 0 {
		lineEnd = end + i
	}
	from, _ := window(s, start-300, start)
	_, to := window(s, lineEnd, lineEnd+300)
	return discussion.MatchString(s[from:start]) || discussion.MatchString(s[lineEnd:to])
}

// inCode reports whether s[i] stands in a fenced code block or an inline code span: a config
// file's `system:` key, a chat template shown in docs.
func inCode(s string, i int) bool {
	if strings.Count(s[:i], "```")%2 == 1 && !strayProse(s, i) {
		return true
	}
	lineStart := strings.LastIndexByte(s[:i], '\n') + 1
	return strings.Count(s[lineStart:i], "`")%2 == 1
}

// reportedOrder is what, right before an order, makes it described rather than given: the order
// is the object of someone telling a model to do it ("an attacker instructs the chatbot to ignore
// previous guidelines", "指示其忽略先前的指令"). A text that reports an attack names its steps so.
var reportedOrder = lazyregexp.New(`(?:\b(?:instruct|tell|ask|direct|command|order|trick|prompt|cause|make|force|get|lead|convince|persuade|coax|manipulate)(?:s|es|ed|ing)?\s+(?:it|them|him|her|the\s+(?:\w+\s+)?(?:model|llm|ai|assistant|agent|chatbot|bot|system|application)|an?\s+(?:\w+\s+)?(?:model|llm|ai|assistant|agent|chatbot|bot))\s+to\s+|(?:指示|要求|命令|让|讓|使|誘導|诱导)(?:其|它|模型|系统|系統|聊天机器人|聊天機器人)?)$`)

// reported reports whether the order starting at s[i] is the object of a reporting verb.
func reported(s string, i int) bool {
	from, _ := window(s, i-80, i)
	return reportedOrder.MatchString(s[from:i])
}

// sectionOf narrows [from, to) to the section of a document that holds [at, end): a markdown
// heading starts another section, so words on either side of one are not one message.
func sectionOf(s string, from, to, at, end int) (int, int) {
	return between(s, "\n#", from, to, at, end)
}

// paragraphOf narrows [from, to) to the paragraph that holds [at, end): the text between the
// blank lines around it.
func paragraphOf(s string, from, to, at, end int) (int, int) {
	return between(s, "\n\n", from, to, at, end)
}

// between narrows [from, to) to what lies between the last sep before at and the first sep
// after end (the sep's first byte, a line break, kept on the left).
func between(s, sep string, from, to, at, end int) (int, int) {
	if i := strings.LastIndex(s[from:at], sep); i >= 0 {
		from += i + 1
	}
	if i := strings.Index(s[end:to], sep); i >= 0 {
		to = end + i
	}
	return from, to
}

// Zero-width spaces in short runs beside a blank separate nothing the blank does not: editors and
// translation tools leave them in translated prose ("basados \u200b\u200ben consultas"). Web pages
// leave the same characters beside punctuation or a line's edge: a byte-order mark where a CMS
// joined two files ("\ufeff [Großhandel]"), a zero-width space after a slash as a place to break
// a credit line ("Stansall/\u200bAFP"), an invisible separator after each ingredient of a recipe
// plugin's list; and a soft hyphen between two letters is where a word may be hyphenated
// ("ahnungs\u00adlos"). A zero-width non-joiner is spelling in the scripts whose letters join
// (Persian, Kurdish and Urdu write "می\u200cخواهم"; Indic scripts choose a letter's form with
// it), and beside a blank it separates nothing. The lint reports every zero-width character,
// rightly in a tool's description, which a server writes for the model; in a result these
// advise. A zero-width space between two letters, a non-joiner between two Latin letters, a long
// run, or any other hidden character still counts in full.
func advisedHidden(doc *jsondoc.Document, found []lint.Finding) {
	for i := range found {
		f := &found[i]
		if f.Rule != lint.RuleHiddenCharacters || f.Severity != lint.SeverityHigh {
			continue
		}
		if s, ok := jsondoc.Lookup(doc.Value, f.Pointer).(string); ok && onlySpacingZeroWidth(s) {
			f.Severity = lint.SeverityMedium
		}
	}
}

// onlySpacingZeroWidth reports whether every hidden character of s is a zero-width space, a
// byte-order mark, a word joiner or an invisible separator in a run of at most four beside a
// blank, punctuation or the text's edge, a soft hyphen between two letters, or a non-joiner as
// spelling.
func onlySpacingZeroWidth(s string) bool {
	const zwnj, shy = '\u200c', '\u00ad'
	seen := false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == zwnj {
			if !spellingNonJoiner(rs, i) {
				return false
			}
			seen = true
			continue
		}
		if r == shy {
			if i == 0 || i == len(rs)-1 || !unicode.IsLetter(rs[i-1]) || !unicode.IsLetter(rs[i+1]) {
				return false
			}
			seen = true
			continue
		}
		if !spacingInvisible(r) {
			if untrusted.IsHidden(r) && r != '\u200d' && r != '\ufe0f' {
				return false
			}
			continue
		}
		j := i
		for j < len(rs) && spacingInvisible(rs[j]) {
			j++
		}
		if j-i > 4 || !(i == 0 || j == len(rs) || separates(rs[i-1]) || separates(rs[j])) {
			return false
		}
		seen, i = true, j-1
	}
	return seen
}

// spacingInvisible is a character drawn as nothing that only marks a place between two others:
// a zero-width space, a byte-order mark, a word joiner, an invisible separator.
func spacingInvisible(r rune) bool {
	return r == '\u200b' || r == '\ufeff' || r == '\u2060' || r == '\u2063'
}

// separates is a blank or a punctuation mark or symbol, beside which an invisible character
// splits no word.
func separates(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// A command written out in a result (curl … | sh, base64 -d | bash, eval(atob(…))) is, in a
// README, an install guide, a Dockerfile or a CI file, a command the text shows its reader: the
// lint calls it high in a tool's description, which only the model reads, and in a result it
// advises. It stays high where the text speaks to the model (an AI assistant addressed, a fake
// system tag, an order to ignore its instructions, a takeover found in the same string): there
// the command is given, not shown. A
// command decoded from hiding, or spelled with look-alike letters, is never lowered: no reader
// was shown it.
func shownCommands(doc *jsondoc.Document, found []lint.Finding) {
	var spoken map[string]bool // pointer → whether its string speaks to the model
	for i := range found {
		f := &found[i]
		if f.Rule != lint.RuleEncodedCommand || f.Severity != lint.SeverityHigh || f.DecodedFrom != "" {
			continue
		}
		if spoken == nil {
			spoken = map[string]bool{}
			for _, g := range found {
				if g.Rule == RuleModelTakeover && g.Severity == lint.SeverityHigh {
					spoken[g.Pointer] = true
				}
			}
		}
		s, ok := jsondoc.Lookup(doc.Value, f.Pointer).(string)
		if !ok {
			continue
		}
		to, seen := spoken[f.Pointer]
		if !seen {
			to = speaksToModel(s)
			spoken[f.Pointer] = to
		}
		if !to {
			f.Severity = lint.SeverityMedium
			f.Why = i18n.T("A command a result shows its reader (an install line piped into a shell, a decode piped into an interpreter) is documentation until the model is told to run it; whoever runs it runs what it downloads or decodes.")
		}
	}
}

// speaksToModel reports whether s addresses the model or tells it to ignore its instructions,
// in any language the takeover rules read, outside a quotation that discusses attacks.
func speaksToModel(s string) bool {
	low := lowerText(s)
	for i := range takeoverLanguages {
		l := &takeoverLanguages[i]
		for _, e := range []*lint.Expression{l.address, l.override} {
			for _, loc := range e.FindAllStringIndex(low, -1) {
				if !framed(low, loc[0], loc[1]) {
					return true
				}
			}
		}
	}
	return false
}

// joiningScripts are the scripts whose letters change shape with their neighbours, where a
// zero-width non-joiner is part of how a word is spelt.
var joiningScripts = []*unicode.RangeTable{unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil,
	unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala}

// spellingNonJoiner reports whether the non-joiner at rs[i] stands alone beside a letter of a
// joining script, a blank or the text's edge.
func spellingNonJoiner(rs []rune, i int) bool {
	if i == 0 || i == len(rs)-1 {
		return true
	}
	for _, r := range []rune{rs[i-1], rs[i+1]} {
		if unicode.IsSpace(r) || unicode.In(r, joiningScripts...) {
			return true
		}
	}
	return false
}

// strayProse reports whether the line holding s[i], in a fenced block, is prose put among the
// block's code: a line of eight words or more with hardly any of code's punctuation, no comment
// marker and no docstring around it, in a block whose other lines are code (three in five at
// least hold code's punctuation, and there are two of them or more). Such a line is text a
// renderer or an attacker slipped into the code ("Buffer.from\n***DEVELOPER MODE HAS BEEN
// ACTIVATED*** …"), not code shown; a block of prose, as a document quoting an injection shows
// one, is all prose and stays code, and a block a text about attacks introduces stays code too.
func strayProse(s string, i int) bool {
	open := strings.LastIndex(s[:i], "```")
	if open < 0 {
		return false
	}
	body := open + 3
	if nl := strings.IndexByte(s[body:i], '\n'); nl >= 0 {
		body += nl + 1
	} else {
		return false // the fence's own line: its language tag
	}
	end := len(s)
	if close := strings.Index(s[i:], "```"); close >= 0 {
		end = i + close
	}
	if end-body > 16<<10 || strings.Count(s[body:i], `"""`)%2 == 1 || strings.Count(s[body:i], "'''")%2 == 1 {
		return false
	}
	ls := strings.LastIndexByte(s[:i], '\n') + 1
	le := strings.IndexByte(s[i:], '\n')
	if le < 0 {
		le = len(s)
	} else {
		le += i
	}
	if !proseLine(s[ls:min(le, end)]) {
		return false
	}
	code, others := 0, 0
	for _, line := range strings.Split(s[body:end], "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.Contains(s[ls:min(le, end)], t) {
			continue
		}
		others++
		if strings.ContainsAny(t, "(){};=[]<>$") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") {
			code++
		}
	}
	if others < 2 || code*5 < others*3 {
		return false
	}
	// A document about attacks introduces the code it shows ("a poisoned tool's handler:"):
	// whatever prose stands in it is its example.
	from, _ := window(s, open-300, open)
	return !discussion.MatchString(s[from:open])
}

// proseLine reports whether a line reads as prose: eight words or more, no comment marker at its
// start, and code's punctuation in at most one of thirty of its bytes.
func proseLine(line string) bool {
	t := strings.TrimSpace(line)
	for _, marker := range []string{"//", "#", "/*", "*/", "--", ">", "$", "%"} {
		if strings.HasPrefix(t, marker) && !strings.HasPrefix(t, "***") {
			return false
		}
	}
	if len(strings.Fields(t)) < 8 {
		return false
	}
	punct := 0
	for k := 0; k < len(t); k++ {
		if strings.IndexByte("(){};=[]<>$", t[k]) >= 0 {
			punct++
		}
	}
	return punct*30 <= len(t)
}
