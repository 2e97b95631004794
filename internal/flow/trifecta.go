package flow

import (
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// RuleLethalTrifecta is the name of the catalog-level finding: tools that read private data,
// tools that take untrusted input and tools that can send data out, in one catalog.
const RuleLethalTrifecta = "lethal-trifecta"

// The three labels of the trifecta, as the policy's flows name them by convention.
const (
	LabelPrivate   = "private"
	LabelUntrusted = "untrusted"
	LabelSink      = "sink"
)

// The words a description is read for, in English; a label also comes from the annotations and
// the policy. They are deliberately plain: a finding names every tool and why, for a person to
// confirm in the policy's flows.
var (
	privateWords   = newWordList(`(?i)\b(private|personal|inbox|e-?mails?|messages?|chats?|files?|repositor(y|ies)|databases?|sql|tables?|records?|secrets?|tokens?|credentials?|passwords?|contacts?|calendar|documents?|notes?|accounts?|customers?)\b`)
	untrustedWords = newWordList(`(?i)\b(web|url|urls|web ?pages?|browse|internet|issues?|tickets?|comments?|e-?mails?|inbox|reviews?|posts?|feeds?|public|search results?|fact)\b`)
	sinkWords      = newWordList(`(?i)\b(send|sends|post|posts|publish|publishes|upload|uploads|share|shares|reply|replies|push|pushes|comment|open|opens|create|creates|write|writes|email|e-mail|message|forward|submit)\b`)
	// examples are the parts of a description that show what a person may pass rather than say
	// what the tool does: a quoted value ("how do I reset my password"), and what follows
	// "e.g." or "for example" to the end of its sentence. A search tool whose example query
	// names a password reads no password.
	examples = lazyregexp.New(`(?i)"[^"\n]*"|“[^”\n]*”|` + "`[^`\n]*`" + `|(?:^|[\s(\[])'[^'\n]*'|\b(?:e\.g\.|eg\.|for example|for instance|examples?:)[^.;\n]*`)
)

// prose is a description without its examples (see examples): the words the labels are read from.
func prose(desc string) string {
	if !mayHoldExamples(desc) {
		return desc
	}
	return examples.ReplaceAllString(desc, " ")
}

// mayHoldExamples is false only for a description that examples cannot match: one with no quote
// and none of its words in any case ("exampl" and "for in" stop short of the s that case-folds
// to ſ; the other letters fold only to their ASCII capitals). Most descriptions hold none, and
// the expression was most of a catalog's trifecta.
func mayHoldExamples(desc string) bool {
	// Byte searches rather than strings.ContainsAny, whose set with a rune beyond ASCII decoded
	// every rune of every description (most of this function's time).
	if strings.IndexByte(desc, '"') >= 0 || strings.IndexByte(desc, '`') >= 0 || strings.IndexByte(desc, '\'') >= 0 || strings.Contains(desc, "“") {
		return true
	}
	words := []string{"e.g.", "eg.", "exampl", "for in"}
	if !untrusted.IsASCII(desc) {
		lower := strings.ToLower(desc)
		for _, word := range words {
			if strings.Contains(lower, word) {
				return true
			}
		}
		return false
	}
	// An ASCII text lowers byte by byte: the same test without a lowered copy of every
	// description.
	for i := 0; i < len(desc); i++ {
		c := desc[i] | 0x20 // a letter's lower case; 'e' and 'f' have no other byte that maps to them
		if c != 'e' && c != 'f' {
			continue
		}
		for _, word := range words {
			if hasPrefixLowerASCII(desc[i:], word) {
				return true
			}
		}
	}
	return false
}

// hasPrefixLowerASCII reports whether the ASCII text s, lowered, starts with the lower-case word.
func hasPrefixLowerASCII(s, word string) bool {
	if len(s) < len(word) {
		return false
	}
	for j := 0; j < len(word); j++ {
		c := s[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != word[j] {
			return false
		}
	}
	return true
}

// A labelled tool is a tool of the catalog with the trifecta labels it gets, and why.
type labelledTool struct {
	tool   *catalog.Tool
	labels map[string]string // label → why
}

// Trifecta looks at a whole catalog for the lethal trifecta: a set of tools that holds private
// data, untrusted input and a sink, so that one injected result can make the model carry private
// data out. Labels come from the annotations (readOnlyHint false, or a destructiveHint, with
// openWorldHint: a sink; readOnlyHint with openWorldHint: untrusted input), from the
// description's words (a tool of the open world is never private; a read-only tool is never a
// sink), and from the policy's flows labels when a policy is given (flows may be nil). It gives at
// most one finding, naming every tool of each part: high when a combination spans two servers
// or more, medium within one server, low when the policy's flow rules bind every sink after
// untrusted input and for carrying private data.
func Trifecta(c *catalog.Catalog, doc *jsondoc.Document, flows *policy.Flows) []lint.Finding {
	if c == nil {
		return nil
	}
	byLabel := map[string][]labelledTool{}
	for i := range c.Tools {
		t := &c.Tools[i]
		lt := labelledTool{tool: t, labels: inferLabels(t, flows)}
		for _, l := range []string{LabelPrivate, LabelUntrusted, LabelSink} {
			if _, ok := lt.labels[l]; ok {
				byLabel[l] = append(byLabel[l], lt)
			}
		}
	}
	priv, untr, sinks := byLabel[LabelPrivate], byLabel[LabelUntrusted], byLabel[LabelSink]
	if len(priv) == 0 || len(untr) == 0 || len(sinks) == 0 {
		return nil
	}
	combos, across := countCombinations(untr, priv, sinks)
	// shown lists combinations for the evidence, those across servers first, up to a dozen
	// each, in the order (untrusted, private, sink) of the catalog; example is the first across
	// servers, fallback the first of all.
	acrossShown, withinShown, example, fallback := firstCombinations(untr, priv, sinks, min(across, shownCombinations), min(combos-across, shownCombinations))
	if combos == 0 {
		return nil
	}
	if len(example) == 0 {
		example = fallback
	}
	severity := lint.SeverityMedium
	if across > 0 {
		severity = lint.SeverityHigh
	}
	if guarded(flows) {
		severity = lint.SeverityLow
	}
	sink := sinks[0].tool
	f := lint.Finding{
		Rule: RuleLethalTrifecta, Severity: severity, Tool: sink.Name, Pointer: sink.Pointer,
		Message: i18n.Sprintf("the catalog holds the lethal trifecta, untrusted input, private data and a sink in %s (%d across servers), such as %s; label them in the policy's flows and deny carries private to sink",
			i18n.Plural(combos, i18n.T("%d combination"), i18n.T("%d combinations")), across, comboWords(untrusted.Quote(example[0]), untrusted.Quote(example[1]), untrusted.Quote(example[2]))),
		Evidence: i18n.Sprintf("private: %s; untrusted: %s; sink: %s; combinations (untrusted → private → sink): %s", partWords(priv, LabelPrivate), partWords(untr, LabelUntrusted), partWords(sinks, LabelSink),
			shownWords(append(acrossShown, withinShown...), combos)),
		Why: i18n.T("a tool's result can carry instructions that make the model read private data with another tool and send it out with a third; only a policy on flows between calls stops it"),
	}
	if doc != nil {
		if off, ok := doc.Locate(sink.Pointer); ok {
			f.Line, f.Column = doc.Position(off)
		}
	}
	return []lint.Finding{f}
}

// comboWords writes a combination (untrusted → private → sink). A tool that is both the
// untrusted input and the private data (an inbox: anyone writes to it, and it is the user's) is
// one step, named once.
func comboWords(u, p, s string) string {
	if u == p {
		return i18n.Sprintf("%s (untrusted and private) → %s", i18n.Data(u), i18n.Data(s))
	}
	return u + " → " + p + " → " + s
}

// shownCombinations is how many combinations the evidence lists; the message counts them all.
const shownCombinations = 12

// shownWords lists the combinations shown, saying how many more there are.
func shownWords(shown []string, total int) string {
	shown = shown[:min(len(shown), shownCombinations)]
	if total > len(shown) {
		return i18n.Sprintf("%s and %d more", strings.Join(shown, "; "), total-len(shown))
	}
	return strings.Join(shown, "; ")
}

// partWords lists the tools of one part with why each has the label.
func partWords(tools []labelledTool, label string) string {
	parts := make([]string, len(tools))
	for i, t := range tools {
		parts[i] = t.tool.Name + " (" + t.labels[label] + ")"
	}
	return strings.Join(parts, ", ")
}

// inferLabels gives a tool the trifecta labels, each with why.
func inferLabels(t *catalog.Tool, flows *policy.Flows) map[string]string {
	labels := map[string]string{}
	key := policy.ToolKey{Key: t.Name, Name: t.ToolName(), Server: t.Server}
	for _, l := range flows.LabelsOf(key) {
		if l == LabelPrivate || l == LabelUntrusted || l == LabelSink {
			labels[l] = i18n.T("policy")
		}
	}
	ann, _ := t.Def["annotations"].(map[string]any)
	readOnly, hasReadOnly := ann["readOnlyHint"].(bool)
	openWorld, hasOpenWorld := ann["openWorldHint"].(bool)
	destructive, _ := ann["destructiveHint"].(bool)
	desc, _ := t.Def["description"].(string)
	set := func(l, why string) {
		if _, ok := labels[l]; !ok {
			labels[l] = why
		}
	}
	if hasReadOnly && readOnly && hasOpenWorld && openWorld {
		set(LabelUntrusted, "readOnlyHint, openWorldHint")
	}
	// A tool that writes to the open world can carry data out; one that only writes locally (a
	// file deleted) is a sink only where its description says it sends.
	if (hasReadOnly && !readOnly || destructive) && hasOpenWorld && openWorld {
		set(LabelSink, "readOnlyHint false, openWorldHint")
	}
	// The description is read only for a label it can still give (reading it is most of the
	// time a catalog's trifecta takes), and its examples are cut once, when it is first read.
	unset := func(l string) bool { _, ok := labels[l]; return !ok }
	var text string
	cut := false
	proseOnce := func() string {
		if !cut {
			text, cut = prose(desc), true
		}
		return text
	}
	// A tool that reads the open world brings in what anyone wrote: untrusted, not private.
	if (!hasReadOnly || readOnly) && !(hasOpenWorld && openWorld) && unset(LabelPrivate) {
		if m := privateWords.FindString(proseOnce()); m != "" {
			set(LabelPrivate, i18n.Sprintf("description: %s", untrusted.Quote(m)))
		}
	}
	if (!hasReadOnly || readOnly) && unset(LabelUntrusted) {
		if m := untrustedWords.FindString(proseOnce()); m != "" {
			set(LabelUntrusted, i18n.Sprintf("description: %s", untrusted.Quote(m)))
		}
	}
	if !(hasReadOnly && readOnly) && unset(LabelSink) {
		if m := sinkWords.FindString(proseOnce()); m != "" {
			set(LabelSink, i18n.Sprintf("description: %s", untrusted.Quote(m)))
		}
	}
	return labels
}

// guarded reports whether the flows bind every sink both after untrusted input and for carrying
// private data: the trifecta is then held by the policy.
func guarded(flows *policy.Flows) bool {
	if flows == nil {
		return false
	}
	after := slices.ContainsFunc(flows.Rules, func(r policy.FlowRule) bool {
		return (r.After == LabelUntrusted || r.After == LabelPrivate) && (r.Call == LabelSink || r.Call == "*")
	})
	carries := slices.ContainsFunc(flows.Rules, func(r policy.FlowRule) bool {
		return r.Carries == LabelPrivate && (r.Call == LabelSink || r.Call == "*")
	})
	return after && carries
}

// countCombinations counts the combinations (untrusted u, private p, sink s) whose sink is
// another tool than u and p, and how many of them span two servers or more, without listing them:
// a catalog of thousands of tools holds billions. For lists U, P, S (a tool may be in several):
//
//	|U|·|P|·|S| − |P|·|U∩S| − |U|·|P∩S| + |U∩P∩S|
//
// counts the triples with s ≠ u and s ≠ p (the last term adds back u = p = s, removed twice), and
// the same sum over each server's own tools counts those within one server.
func countCombinations(untr, priv, sinks []labelledTool) (combos, across int) {
	type counts struct{ u, p, s, us, ps, ups int }
	isSink := map[*catalog.Tool]bool{}
	for _, s := range sinks {
		isSink[s.tool] = true
	}
	isPriv := map[*catalog.Tool]bool{}
	for _, p := range priv {
		isPriv[p.tool] = true
	}
	all := counts{}
	byServer := map[string]*counts{}
	of := func(server string) *counts {
		c := byServer[server]
		if c == nil {
			c = &counts{}
			byServer[server] = c
		}
		return c
	}
	for _, u := range untr {
		c := of(u.tool.Server)
		all.u++
		c.u++
		if isSink[u.tool] {
			all.us++
			c.us++
			if isPriv[u.tool] {
				all.ups++
				c.ups++
			}
		}
	}
	for _, p := range priv {
		c := of(p.tool.Server)
		all.p++
		c.p++
		if isSink[p.tool] {
			all.ps++
			c.ps++
		}
	}
	for _, s := range sinks {
		all.s++
		of(s.tool.Server).s++
	}
	total := func(c counts) int { return c.u*c.p*c.s - c.p*c.us - c.u*c.ps + c.ups }
	within := 0
	for _, c := range byServer {
		within += total(*c)
	}
	combos = total(all)
	return combos, combos - within
}

// firstCombinations lists the first wantAcross combinations across servers and the first
// wantWithin within one server, in the catalog's order, with the first across servers (example)
// and the first of all (fallback) as names. It walks the pairs (untrusted, private) in order and,
// for each, only the sinks that can give a combination still wanted, so that it stops as soon as
// the lists are full instead of walking every triple.
func firstCombinations(untr, priv, sinks []labelledTool, wantAcross, wantWithin int) (acrossShown, withinShown, example, fallback []string) {
	sinksOn := map[string][]labelledTool{}
	for _, s := range sinks {
		sinksOn[s.tool.Server] = append(sinksOn[s.tool.Server], s)
	}
	// sinksOff lists, for a server, the sinks of every other server, in order (made once).
	off := map[string][]labelledTool{}
	sinksOff := func(server string) []labelledTool {
		list, ok := off[server]
		if !ok {
			for _, s := range sinks {
				if s.tool.Server != server {
					list = append(list, s)
				}
			}
			off[server] = list
		}
		return list
	}
	combo := func(u, p, s labelledTool) string { return comboWords(u.tool.Name, p.tool.Name, s.tool.Name) }
	for _, u := range untr {
		for _, p := range priv {
			if len(acrossShown) >= wantAcross && len(withinShown) >= wantWithin && fallback != nil {
				return acrossShown, withinShown, example, fallback
			}
			if fallback == nil {
				for _, s := range sinks {
					if s.tool != u.tool && s.tool != p.tool {
						fallback = []string{u.tool.Name, p.tool.Name, s.tool.Name}
						break
					}
				}
			}
			sameServer := u.tool.Server == p.tool.Server
			if sameServer && len(withinShown) < wantWithin {
				for _, s := range sinksOn[u.tool.Server] {
					if len(withinShown) >= wantWithin {
						break
					}
					if s.tool != u.tool && s.tool != p.tool {
						withinShown = append(withinShown, combo(u, p, s))
					}
				}
			}
			if len(acrossShown) < wantAcross {
				candidates := sinks
				if sameServer {
					candidates = sinksOff(u.tool.Server)
				}
				for _, s := range candidates {
					if len(acrossShown) >= wantAcross {
						break
					}
					if s.tool == u.tool || s.tool == p.tool {
						continue
					}
					if example == nil {
						example = []string{u.tool.Name, p.tool.Name, s.tool.Name}
					}
					acrossShown = append(acrossShown, combo(u, p, s))
				}
			}
		}
	}
	return acrossShown, withinShown, example, fallback
}
