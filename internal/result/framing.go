package result

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
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
var discussion = lazyregexp.New(`(?i)(?:\binjections?\b|\bpayloads?\b|\battack|\bexploit|\bmalicious|\bjailbreak|\bfixtures?\b|\bscanner|\bphishing|\battaque|\bmalveillant|\bangriff|\binyecci|\bataque|\biniezion|\battacco|\binjeç|注入|攻击|インジェクション|攻撃|инъекц|атак|인젝션|주입|공격)`)

// quotedAt reports whether s[i] stands inside a quotation: a fenced or inline code span, straight
// double quotes on its line, or typographic quotes not yet closed.
func quotedAt(s string, i int) bool {
	if strings.Count(s[:i], "```")%2 == 1 {
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
	if strings.Count(s[:i], "```")%2 == 1 {
		return true
	}
	lineStart := strings.LastIndexByte(s[:i], '\n') + 1
	return strings.Count(s[lineStart:i], "`")%2 == 1
}
