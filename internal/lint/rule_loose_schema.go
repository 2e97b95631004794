package lint

import (
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleLooseSchema = lintRule{
	Rule: Rule{
		Name:     RuleLooseSchema,
		Severity: SeverityMedium,
		Summary:  i18n.T("an inputSchema that is missing or not an object (medium), is open, or takes free strings named path/url/sql/command (low)"),
		Why:      i18n.T("The schema is what holds the model's arguments to what the tool expects; where it is loose, only the server's own checks stand between a hostile argument and a file, a URL or a shell."),
		Help: i18n.T("Medium for a tool with no inputSchema or one whose root is not {\"type\": \"object\"}; low for a schema without " +
			"\"additionalProperties\": false and for string parameters named path, url, sql, command and the like with no pattern, " +
			"enum, maxLength or format. Hygiene: tighten the schema, or record the reason in the lint configuration."),
	},
	tool: checkSchema,
}

// freeStringNames are parameters that reach a file system, a network or an interpreter: a
// free string there is the whole attack surface of seed 004's "server-side injection".
var freeStringNames = map[string]string{
	"path": i18n.T("a file path"), "filepath": i18n.T("a file path"), "file": i18n.T("a file path"), "filename": i18n.T("a file path"),
	"dir": i18n.T("a directory"), "directory": i18n.T("a directory"), "folder": i18n.T("a directory"),
	"url": i18n.T("a URL"), "uri": i18n.T("a URL"), "href": i18n.T("a URL"), "endpoint": i18n.T("a URL"), "webhook": i18n.T("a URL"), "host": i18n.T("a host"),
	"sql": i18n.T("SQL"), "query": i18n.T("a query"), "command": i18n.T("a command"), "cmd": i18n.T("a command"), "script": i18n.T("a script"),
	"shell": i18n.T("a command"), "code": i18n.T("code"), "expression": i18n.T("an expression"), "eval": i18n.T("code"),
}

func checkSchema(l *linter, tf *toolFindings) {
	t := tf.tool
	at := jsondoc.JoinPointer(t.Pointer, "inputSchema")
	raw, has := t.Def["inputSchema"]
	if !has {
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityMedium, Pointer: t.Pointer, at: -1, Message: i18n.T("the tool has no inputSchema: nothing limits the arguments the model sends"), Evidence: i18n.T("no \"inputSchema\"")})
		return
	}
	schema, ok := raw.(map[string]any)
	if !ok || schema["type"] != "object" {
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityMedium, Pointer: at, at: -1, Message: i18n.T("the inputSchema root is not {\"type\": \"object\"}, as MCP requires: arguments are not held to named parameters"),
			Evidence: untrusted.Snippet(jsondoc.Compact(raw), 0, 0, 60)})
		if !ok {
			return
		}
	}
	if schema["additionalProperties"] != false && schema["unevaluatedProperties"] != false {
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityLow, Pointer: at, at: -1, Message: i18n.T("the inputSchema is open (no \"additionalProperties\": false): the model may send arguments nobody declared"),
			Evidence: i18n.T("additionalProperties is not false")})
	}
	for _, p := range tf.properties() {
		what, risky := freeStringNames[Squash(p.name)]
		if !risky || !acceptsString(p.schema) || slices.ContainsFunc(stringLimits, func(k string) bool { _, set := p.schema[k]; return set }) {
			continue
		}
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityLow, Pointer: p.pointer(), at: -1,
			Message:  i18n.Sprintf("%q takes %s as a free string (no pattern, enum, maxLength or format): the server must sanitise it, the schema does not", p.name, what),
			Evidence: i18n.Sprintf("%q: %s", p.name, untrusted.Snippet(jsondoc.Compact(p.schema), 0, 0, 60))})
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
