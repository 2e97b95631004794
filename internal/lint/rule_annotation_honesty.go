package lint

import (
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleAnnotationHonesty = lintRule{
	Rule: Rule{
		Name:     RuleAnnotationHonesty,
		Severity: SeverityHigh,
		Summary:  i18n.T("annotations that contradict the tool's name (a delete tool claiming readOnlyHint), or a destructive tool with no warning"),
		Why:      i18n.T("Clients skip confirmation for tools that claim to be read-only; a tool that writes, deletes, runs or sends while claiming so is let through unasked."),
		Help: i18n.T("The tool's verb is read from its name's verb position — the first word, or the word after a namespace " +
			"(\"get_merge_request\" and \"get_commit\" read; \"git_commit\" writes; \"email_send\" sends) — never from any noun " +
			"in it. High for readOnlyHint: true on a tool whose verb deletes, writes or sends (or runs, unless its description " +
			"says it changes nothing); medium for readOnlyHint: true on a verb that writes little or only in the session (close, " +
			"save, add, set, mark…) or on a tool whose description says it changes nothing or starts with a verb that only reads (\"Get archived reports\"), for readOnlyHint with destructiveHint, destructiveHint: false on a delete verb, or " +
			"openWorldHint: false on a fetch or send verb; low for a destructive tool whose description carries no warning word."),
		Families: []string{FamilyAnnotationLie},
	},
	tool: checkAnnotations,
}

var (
	warnPattern    = lazyregexp.New(`(?i)\b(?:permanent(?:ly)?|irreversibl[ey]|irrevocabl[ey]|cannot\s+be\s+(?:undone|reversed|recovered|restored)|can'?t\s+be\s+(?:undone|recovered)|no\s+undo|not\s+(?:be\s+)?recoverable|unrecoverable|destructive|caution|warning|careful|confirm(?:s|ed|ing|ation)?|will\s+be\s+lost|data\s+loss)\b`)
	readOnlyPhrase = lazyregexp.New(`(?i)\bread[- ]only\b|\bdoes\s+not\s+(?:modify|change|write)\b|\bwithout\s+(?:modifying|changing)\b|\bno\s+side\s+effects\b|\bdry[\s-]?run\b|\bnothing\s+is\s+(?:written|changed|modified|stored|saved|deleted|altered)\b|\b(?:writes|changes|modifies|alters|stores)\s+nothing\b|\bno\s+changes\s+are\s+made\b|\bmakes\s+no\s+changes\b`)
	// changesNothingWords are the words one of which readOnlyPhrase needs.
	changesNothingWords = []string{"read-only", "read only", "not modify", "not change", "not write", "without modifying", "without changing", "side effects", "dry", "nothing", "no changes"}
	// changesNothingOther says the same in Chinese, Japanese and Korean.
	changesNothingOther = []string{"不产生任何变更", "不会产生变更", "不会修改", "不做任何修改", "只读", "唯讀", "読み取り専用", "変更しません", "변경하지 않"}
)

// softWriteVerbs write little, or only in the session (a page closed, a PDF saved, a mark set):
// a readOnlyHint on them is medium.
var softWriteVerbs = wordSet("save", "add", "append", "close", "make", "mark", "tag", "stage", "unstage", "toggle", "enable",
	"disable", "restart", "schedule", "cancel", "set", "draft", "init", "reopen", "select")

// saysChangesNothing reports a description saying the tool changes nothing ("read-only", "does
// not modify", "dry-run"), cheaply: most descriptions have none of the words.
func saysChangesNothing(desc string) bool {
	if untrusted.IsASCII(desc) {
		lower := strings.ToLower(desc)
		return slices.ContainsFunc(changesNothingWords, func(w string) bool { return strings.Contains(lower, w) }) && readOnlyPhrase.MatchString(desc)
	}
	if readOnlyPhrase.MatchString(desc) {
		return true
	}
	for _, w := range changesNothingOther {
		if strings.Contains(desc, w) {
			return true
		}
	}
	return false
}

func AnnotationBool(def map[string]any, hint string) (value, set bool) {
	ann, ok := def["annotations"].(map[string]any)
	if !ok {
		return false, false
	}
	b, ok := ann[hint].(bool)
	return b, ok
}

func checkAnnotations(l *linter, tf *toolFindings) {
	t := tf.tool
	name := t.ToolName()
	verb, object := nameVerb(name)
	kind := capabilityOf(verb, object)
	is := func(kinds ...string) bool {
		for _, k := range kinds {
			if kind != "" && kind == k {
				return true
			}
		}
		return false
	}
	says := func() string { return i18n.Sprintf("its name says %q", verb) }
	if _, ok := t.Def["annotations"]; !ok && !is("delete") {
		return // no hint to contradict, and nothing destructive to warn about
	}
	desc, _ := t.Def["description"].(string)
	annPointer := jsondoc.JoinPointer(t.Pointer, "annotations")
	readOnly, readOnlySet := AnnotationBool(t.Def, "readOnlyHint")
	destructive, destructiveSet := AnnotationBool(t.Def, "destructiveHint")
	openWorld, openWorldSet := AnnotationBool(t.Def, "openWorldHint")
	add := func(sev Severity, pointer, msg, evidence string) {
		tf.add(Finding{Rule: RuleAnnotationHonesty, Severity: sev, Pointer: pointer, at: -1, Message: msg, Evidence: evidence})
	}
	if readOnlySet && readOnly {
		if is("write") && (softWriteVerbs[verb] || saysChangesNothing(desc) || readsByDescription(desc) || returnsAPlan(name, desc)) {
			// Honest servers mark writes that stay small or local (closing a page, saving a PDF,
			// adding a snapshot command) read-only often enough that those are for a reviewer; a
			// write, a delete, a send or a run is what a client must not skip confirming.
			msg := i18n.Sprintf("the tool claims readOnlyHint: true, but %s (%s): check what it changes before letting a client skip confirmation", says(), CapabilityWords(kind))
			if saysChangesNothing(desc) {
				msg = i18n.Sprintf("the tool claims readOnlyHint: true and its description says it changes nothing, but %s (%s): check that it only plans or previews", says(), CapabilityWords(kind))
			}
			add(SeverityMedium, jsondoc.JoinPointer(annPointer, "readOnlyHint"), msg, i18n.Sprintf("%s: readOnlyHint true", name))
		} else if is("delete", "write", "send") || is("execute") && !saysChangesNothing(desc) && !runsAReading(name) && !runsAReading(toolTitle(t.Def)) {
			add(SeverityHigh, jsondoc.JoinPointer(annPointer, "readOnlyHint"),
				i18n.Sprintf("the tool claims readOnlyHint: true, but %s (%s): a client that trusts the hint skips confirmation", says(), CapabilityWords(kind)),
				i18n.Sprintf("%s: readOnlyHint true", name))
		}
		if destructiveSet && destructive {
			add(SeverityMedium, jsondoc.JoinPointer(annPointer, "destructiveHint"),
				i18n.T("the tool claims both readOnlyHint: true and destructiveHint: true; they contradict each other"),
				"readOnlyHint true, destructiveHint true")
		}
	}
	if is("delete") && destructiveSet && !destructive {
		add(SeverityMedium, jsondoc.JoinPointer(annPointer, "destructiveHint"),
			i18n.Sprintf("the tool claims destructiveHint: false, but %s: deleting is destructive", says()),
			i18n.Sprintf("%s: destructiveHint false", name))
	}
	if is("send", "fetch") && openWorldSet && !openWorld {
		add(SeverityMedium, jsondoc.JoinPointer(annPointer, "openWorldHint"),
			i18n.Sprintf("the tool claims openWorldHint: false, but %s: it reaches beyond the local system", says()),
			i18n.Sprintf("%s: openWorldHint false", name))
	}
	// A destructive tool should say so in words the model reads: the verb is otherwise all it
	// has to go on (seed 004: 96.4% of descriptions carry no such warning).
	if (is("delete") || (destructiveSet && destructive && !(readOnlySet && readOnly))) && !warnPattern.MatchString(desc) {
		at := jsondoc.JoinPointer(t.Pointer, "description")
		if _, ok := t.Def["description"].(string); !ok {
			at = t.Pointer
		}
		tf.add(Finding{Rule: RuleAnnotationHonesty, Severity: SeverityLow, Pointer: at, at: -1,
			Message:  i18n.T("a destructive tool whose description carries no warning (permanent, cannot be undone, confirm…): the model can only guess the risk from the name"),
			Evidence: untrusted.Snippet(desc, 0, 0, 60),
			Why:      i18n.T("The model reads only the description: without a warning word it cannot tell a tool that destroys data from one that does not.")})
	}
}

// planNouns are what a tool can create without changing anything: it works them out and hands
// them back ("create_composition_plan", "generate_cost_estimate").
var planNouns = wordSet("plan", "plans", "preview", "previews", "estimate", "estimates", "proposal", "proposals", "outline",
	"outlines", "suggestion", "suggestions", "recommendation", "recommendations", "forecast", "forecasts")

// returnedRE finds a description saying what the tool makes is handed back; storedRE one saying
// the tool keeps it somewhere (a test plan created in a project is a record, not an answer; "a
// stored song" it refers to is not what it makes).
var (
	returnedRE = lazyregexp.New(`(?i)\breturn(?:s|ed|ing)?\b`)
	storedRE   = lazyregexp.New(`(?i)\b(?:saves?|saving|stores?|storing|persists?|persisting|(?:is|are|gets?|will\s+be|been)\s+(?:saved|stored|persisted|kept|recorded)|in\s+(?:the\s+|a\s+|your\s+)?(?:project|workspace|database|repository|account|board))\b`)
)

// returnsAPlan reports a tool whose name creates a plan, a preview or an estimate that its
// description says is returned and never says is stored: a readOnlyHint on it is for a
// reviewer to check, not a lie to block.
func returnsAPlan(name, desc string) bool {
	return slices.ContainsFunc(nameWords(name), func(w string) bool { return planNouns[w] }) &&
		returnedRE.MatchString(desc) && !storedRE.MatchString(desc)
}

// readsByDescription reports a description whose first word is a verb that only reads ("Get
// historical weather data" on "weather_archive"): the name's write verb is then a noun of it (an
// archive, a backup, a merge request), and the hint is for a reviewer to check, not a lie to
// block. A tool that writes says so first ("Delete a file", "Push the current branch").
func readsByDescription(desc string) bool {
	desc = strings.TrimLeft(desc, " \t\n*#>-")
	end := strings.IndexFunc(desc, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') })
	if end <= 0 {
		return false
	}
	return leadingReadVerbs[strings.ToLower(desc[:end])]
}

// leadingReadVerbs start a description of a tool that only reads.
var leadingReadVerbs = wordSet("get", "gets", "retrieve", "retrieves", "list", "lists", "search", "searches", "find", "finds",
	"look", "looks", "show", "shows", "read", "reads", "query", "queries", "view", "views", "describe", "describes", "inspect",
	"inspects", "check", "checks", "count", "counts", "browse", "browses")

// readingNouns are what a run can produce without changing anything: "run_security_audit",
// "run_lint", "execute_query" read.
var readingNouns = wordSet("audit", "audits", "scan", "scans", "check", "checks", "report", "reports", "analysis", "lint",
	"query", "queries", "search", "lookup", "status", "inspection", "review", "diagnostics", "diagnostic", "benchmark")

// runsAReading reports a tool whose name (or title) runs something that only reads.
func runsAReading(name string) bool {
	return slices.ContainsFunc(nameWords(name), func(w string) bool { return readingNouns[w] })
}

// toolTitle is the tool's title ("title", or "annotations.title"): the name in words, which
// spells out what a name abbreviates ("run_erc", "Run electrical rule checks").
func toolTitle(def map[string]any) string {
	if title, ok := def["title"].(string); ok && title != "" {
		return title
	}
	if ann, ok := def["annotations"].(map[string]any); ok {
		title, _ := ann["title"].(string)
		return title
	}
	return ""
}
