package diff

import (
	"maps"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// descriptionVerb finds what the first sentence of a description says the tool does.
var descriptionVerb = lazyregexp.New(`(?i)^\W*(?:(?:this\s+tool|tool\s+to|use\s+(?:this\s+)?to|used\s+to|allows?\s+(?:you\s+)?to|lets?\s+you)\s+)?(deletes?|removes?|drops?|destroys?|purges?|truncates?|overwrites?|writes?|creates?|updates?|modif(?:y|ies)|edits?|moves?|renames?|uploads?|executes?|runs?|evaluates?|sends?|emails?|posts?|publish(?:es)?|notif(?:y|ies)|fetch(?:es)?|downloads?|navigates?|browses?|crawls?|scrapes?|calls?\s+(?:an?\s+)?(?:http|url|api|endpoint|webhook))\b`)

var descriptionCapability = map[string]string{
	"delete": "delete", "remove": "delete", "drop": "delete", "destroy": "delete", "purge": "delete", "truncate": "delete",
	"overwrite": "write", "write": "write", "create": "write", "update": "write", "modify": "write", "modifie": "write",
	"edit": "write", "move": "write", "rename": "write", "upload": "send", "execute": "execute", "run": "execute",
	"evaluate": "execute", "send": "send", "email": "send", "post": "send", "publish": "send", "notify": "send", "notifie": "send",
	"fetch": "fetch", "download": "fetch", "navigate": "fetch", "browse": "fetch", "crawl": "fetch", "scrape": "fetch", "call": "fetch",
}

// paramCapability are parameter names that give a tool away.
var paramCapability = map[string]string{
	"sql": "execute", "command": "execute", "cmd": "execute", "script": "execute", "shell": "execute", "code": "execute",
	"url": "fetch", "uri": "fetch", "endpoint": "fetch", "webhook": "send", "webhookurl": "send",
	"recipient": "send", "recipients": "send", "to": "send", "bcc": "send", "cc": "send",
}

// toolCapabilities says what a tool can do, from its name's verbs, its annotations, the first
// words of its description and its parameters' names.
func toolCapabilities(t *catalog.Tool) []lint.Capability {
	caps := lint.NameCapabilities(t.ToolName())
	seen := map[string]bool{}
	for _, c := range caps {
		seen[c.Kind] = true
	}
	add := func(kind, why string) {
		if !seen[kind] {
			seen[kind] = true
			caps = append(caps, lint.Capability{Kind: kind, Why: why})
		}
	}
	readOnly, readOnlySet := lint.AnnotationBool(t.Def, "readOnlyHint")
	if destructive, set := lint.AnnotationBool(t.Def, "destructiveHint"); set && destructive && !(readOnlySet && readOnly) {
		add("delete", i18n.T("its annotations say destructiveHint: true"))
	}
	if readOnlySet && !readOnly {
		add("write", i18n.T("its annotations say readOnlyHint: false"))
	}
	if desc, ok := t.Def["description"].(string); ok {
		if m := descriptionVerb.FindStringSubmatch(untrusted.Shorten(desc, 200)); m != nil {
			verb := strings.ToLower(strings.Fields(m[1])[0])
			stem := strings.TrimSuffix(strings.TrimSuffix(verb, "es"), "s")
			if k, ok := descriptionCapability[stem]; ok {
				add(k, i18n.Sprintf("its description starts %q", m[1]))
			} else if k, ok := descriptionCapability[strings.TrimSuffix(verb, "s")]; ok {
				add(k, i18n.Sprintf("its description starts %q", m[1]))
			}
		}
	}
	if schema, ok := t.Def["inputSchema"].(map[string]any); ok {
		if props, ok := schema["properties"].(map[string]any); ok {
			for _, name := range slices.Sorted(maps.Keys(props)) {
				if k, ok := paramCapability[lint.Squash(name)]; ok {
					add(k, i18n.Sprintf("it takes a %q parameter", name))
				}
			}
		}
	}
	return caps
}

func describeCapabilities(caps []lint.Capability) string {
	parts := make([]string, len(caps))
	for i, c := range caps {
		parts[i] = i18n.Sprintf("%s (%s)", lint.CapabilityWords(c.Kind), c.Why)
	}
	return i18n.Join(parts, ", ")
}

func changeRisk(rt *catalog.Tool, c *ToolChange, changed map[string]bool) (lint.Severity, []string) {
	risk := lint.SeverityLow
	var reasons []string
	raise := func(level lint.Severity, reason string) {
		if level.Above(risk) {
			risk = level
		}
		reasons = append(reasons, reason)
	}
	if caps := toolCapabilities(rt); len(caps) > 0 {
		raise(lint.SeverityHigh, i18n.Sprintf("it can %s, and its definition changed: review the change before trusting it", describeCapabilities(caps)))
	}
	var inLoose, outLoose []SchemaChange
	for _, sc := range c.SchemaChanges {
		if sc.Class != ClassLoosened {
			continue
		}
		if sc.Schema == "inputSchema" {
			inLoose = append(inLoose, sc)
		} else {
			outLoose = append(outLoose, sc)
		}
	}
	if len(inLoose) > 0 {
		format := i18n.T("its inputSchema accepts more than before (%d loosening changes, first: %s)")
		if len(inLoose) == 1 {
			format = i18n.T("its inputSchema accepts more than before (%d loosening change, first: %s)")
		}
		raise(lint.SeverityHigh, i18n.Sprintf(format, len(inLoose), inLoose[0].Message))
	}
	if len(outLoose) > 0 {
		format := i18n.T("its outputSchema accepts more than before (%d loosening changes, first: %s)")
		if len(outLoose) == 1 {
			format = i18n.T("its outputSchema accepts more than before (%d loosening change, first: %s)")
		}
		raise(lint.SeverityMedium, i18n.Sprintf(format, len(outLoose), outLoose[0].Message))
	}
	for _, f := range c.Annotations {
		if f.Class == HintRiskier {
			raise(lint.SeverityHigh, f.Message)
		} else {
			raise(lint.SeverityMedium, f.Message)
		}
	}
	for _, f := range c.NewFindings {
		raise(lint.SeverityHigh, i18n.Sprintf("it now trips the lint rule %s (%s): %s", f.Rule, severityWord(f.Severity), f.Message))
	}
	if changed["description"] {
		raise(lint.SeverityMedium, i18n.T("its description changed: the model reads it as instructions, so read the word diff"))
	}
	if changed["name"] {
		raise(lint.SeverityMedium, i18n.T("its name field changed"))
	}
	var other []string
	for _, f := range c.Fields {
		switch f {
		case "description", "inputSchema", "outputSchema", "annotations", "name":
		default:
			other = append(other, f)
		}
	}
	if len(other) > 0 {
		level := lint.SeverityMedium
		if len(other) == 1 && other[0] == "title" {
			level = lint.SeverityLow
		}
		raise(level, i18n.Sprintf("other fields changed: %s", strings.Join(other, ", ")))
	}
	if c.Schema == ClassTightened || c.Schema == ClassNeutral {
		reasons = append(reasons, i18n.Sprintf("its schemas changed but accept no more than before (%s)", c.Schema))
	}
	if len(reasons) == 0 {
		reasons = append(reasons, i18n.Sprintf("only %s changed", strings.Join(c.Fields, ", ")))
	}
	return risk, reasons
}

func addedReport(rt *catalog.Tool, findings []lint.Finding) ToolReport {
	rep := ToolReport{Tool: rt.Name, Risk: lint.SeverityMedium, Place: jsondoc.Place{Pointer: rt.Pointer}}
	caps := toolCapabilities(rt)
	if len(caps) > 0 {
		rep.Risk = lint.SeverityHigh
		rep.Reasons = append(rep.Reasons, i18n.Sprintf("a new tool that can %s: nobody has reviewed it", describeCapabilities(caps)))
	}
	for _, f := range findings {
		if serious(f) {
			rep.Findings = append(rep.Findings, f)
			rep.Risk = lint.SeverityHigh
			rep.Reasons = append(rep.Reasons, i18n.Sprintf("it trips the lint rule %s (%s): %s", f.Rule, severityWord(f.Severity), f.Message))
		}
	}
	if rep.Risk != lint.SeverityHigh {
		if ro, set := lint.AnnotationBool(rt.Def, "readOnlyHint"); set && ro {
			rep.Risk = lint.SeverityLow
			rep.Reasons = append(rep.Reasons, i18n.T("a new tool that says it is read-only (a hint from the server) and whose name shows no write, delete, execute, send or fetch verb"))
		} else {
			rep.Reasons = append(rep.Reasons, i18n.T("a new tool nobody has reviewed: it does not say it is read-only"))
		}
	}
	return rep
}

// severityWord is a severity in a sentence for a person, where it is translated (in the JSON a
// severity is an identifier and stays as it is).
func severityWord(s lint.Severity) string {
	switch s {
	case lint.SeverityHigh:
		return i18n.T("high")
	case lint.SeverityMedium:
		return i18n.T("medium")
	case lint.SeverityLow:
		return i18n.T("low")
	}
	return string(s)
}
