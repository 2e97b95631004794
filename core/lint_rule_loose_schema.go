package core

import (
	"fmt"
	"slices"
)

var ruleLooseSchema = lintRule{
	LintRule: LintRule{
		Name:     RuleLooseSchema,
		Severity: SeverityMedium,
		Summary:  "an inputSchema that is missing or not an object (medium), is open, or takes free strings named path/url/sql/command (low)",
		Why:      "The schema is what holds the model's arguments to what the tool expects; where it is loose, only the server's own checks stand between a hostile argument and a file, a URL or a shell.",
		Help: "Medium for a tool with no inputSchema or one whose root is not {\"type\": \"object\"}; low for a schema without " +
			"\"additionalProperties\": false and for string parameters named path, url, sql, command and the like with no pattern, " +
			"enum, maxLength or format. Hygiene: tighten the schema, or record the reason in the lint configuration.",
	},
	tool: checkSchema,
}

// freeStringNames are parameters that reach a file system, a network or an interpreter: a
// free string there is the whole attack surface of seed 004's "server-side injection".
var freeStringNames = map[string]string{
	"path": "a file path", "filepath": "a file path", "file": "a file path", "filename": "a file path",
	"dir": "a directory", "directory": "a directory", "folder": "a directory",
	"url": "a URL", "uri": "a URL", "href": "a URL", "endpoint": "a URL", "webhook": "a URL", "host": "a host",
	"sql": "SQL", "query": "a query", "command": "a command", "cmd": "a command", "script": "a script",
	"shell": "a command", "code": "code", "expression": "an expression", "eval": "code",
}

func checkSchema(l *linter, tf *toolFindings) {
	t := tf.tool
	at := JoinPointer(t.Pointer, "inputSchema")
	raw, has := t.Def["inputSchema"]
	if !has {
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityMedium, Pointer: t.Pointer, at: -1, Message: "the tool has no inputSchema: nothing limits the arguments the model sends", Evidence: "no \"inputSchema\""})
		return
	}
	schema, ok := raw.(map[string]any)
	if !ok || schema["type"] != "object" {
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityMedium, Pointer: at, at: -1, Message: "the inputSchema root is not {\"type\": \"object\"}, as MCP requires: arguments are not held to named parameters",
			Evidence: snippet(compactJSON(raw), 0, 0, 60)})
		if !ok {
			return
		}
	}
	if schema["additionalProperties"] != false && schema["unevaluatedProperties"] != false {
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityLow, Pointer: at, at: -1, Message: "the inputSchema is open (no \"additionalProperties\": false): the model may send arguments nobody declared",
			Evidence: "additionalProperties is not false"})
	}
	for _, p := range tf.properties() {
		what, risky := freeStringNames[squash(p.name)]
		if !risky || !acceptsString(p.schema) || slices.ContainsFunc(stringLimits, func(k string) bool { _, set := p.schema[k]; return set }) {
			continue
		}
		tf.add(Finding{Rule: RuleLooseSchema, Severity: SeverityLow, Pointer: p.pointer(), at: -1,
			Message:  fmt.Sprintf("%q takes %s as a free string (no pattern, enum, maxLength or format): the server must sanitise it, the schema does not", p.name, what),
			Evidence: fmt.Sprintf("%q: %s", p.name, snippet(compactJSON(p.schema), 0, 0, 60))})
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
