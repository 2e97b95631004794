package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden from the current output")

// binary is the gatehouse command built once for every end-to-end test.
var binary string

// goldenDir is absolute, since TestRunInProcess changes into testdata.
var goldenDir string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "gatehouse-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "gatehouse")
	if goldenDir, err = filepath.Abs(filepath.Join("testdata", "golden")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "building gatehouse for the tests: %v\n", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A cliCase is one command line, run both as the built binary and in process, with its
// standard output, standard error and exit code kept in testdata/golden/NAME.golden.
type cliCase struct {
	name  string
	args  []string
	stdin string // a file under testdata fed to standard input, or ""
	// env is the locale the command runs in ("LANG=fr_FR.UTF-8"); none is the C locale:
	// whatever the machine running the tests has set is never seen.
	env []string
}

// localeVariables are the variables that choose the language of messages.
var localeVariables = []string{"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"}

// getenv reads the case's environment, as run's getenv.
func (c cliCase) getenv(name string) string {
	for _, kv := range c.env {
		if k, v, _ := strings.Cut(kv, "="); k == name {
			return v
		}
	}
	return ""
}

// environ is the environment the built binary runs in: the test's own, less its locale, plus
// the case's.
func (c cliCase) environ() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(localeVariables, k) {
			env = append(env, kv)
		}
	}
	return append(env, c.env...)
}

// noEnv is an empty environment: the C locale.
func noEnv(string) string { return "" }

// cliCases run from testdata/, so messages name files as "in/x.json".
var cliCases = []cliCase{
	// help and version
	{name: "help", args: []string{"help"}},                                    // the overview lists every command and the exit codes
	{name: "help-validate", args: []string{"help", "validate"}},               // a command's help: usage, details, flags, exit codes
	{name: "help-flag", args: []string{"lint", "-h"}},                         // -h is help on standard output, exit 0
	{name: "help-unknown", args: []string{"help", "nope"}},                    // help for a command that does not exist is a usage error
	{name: "no-args", args: nil},                                              // no command: the overview on standard error, exit 3
	{name: "unknown-command", args: []string{"frobnicate"}},                   // exit 3 and a pointer to help
	{name: "version", args: []string{"version"}},                              // the version core reports
	{name: "version-extra", args: []string{"version", "x"}},                   // version takes no arguments
	{name: "bad-flag", args: []string{"validate", "--nope"}},                  // an unknown flag: exit 3 with the usage line
	{name: "bad-format", args: []string{"lint", "--format", "xml", "in/a"}},   // an unknown format is refused before any file is read
	{name: "bad-fail-on", args: []string{"lint", "--fail-on", "urgent", "x"}}, // an unknown severity

	// validate
	{name: "validate-ok", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.ok.json"}},                        // valid: exit 0
	{name: "validate-invalid", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}},                  // each failure at its line and column: exit 1
	{name: "validate-flags-after", args: []string{"validate", "in/email.bad.json", "--schema", "in/email.schema.json"}},              // flags may follow the file
	{name: "validate-stdin", args: []string{"validate", "--schema", "in/email.schema.json"}, stdin: "in/email.bad.json"},             // no file: standard input, named <stdin>
	{name: "validate-dash", args: []string{"validate", "--schema", "in/email.schema.json", "-"}, stdin: "in/email.ok.json"},          // "-" is standard input too
	{name: "validate-json", args: []string{"validate", "--format", "json", "--schema", "in/email.schema.json", "in/email.bad.json"}}, // the JavaScript API's answer
	{name: "validate-sarif", args: []string{"validate", "--format", "sarif", "--schema", "in/email.schema.json", "in/email.bad.json"}},
	{name: "validate-duplicate", args: []string{"validate", "--schema", "in/email.schema.json", "in/duplicate.json"}},                                                                 // a duplicate key is unreadable input: exit 3 at file:line:column
	{name: "validate-truncated", args: []string{"validate", "--schema", "in/email.schema.json", "in/truncated.json"}},                                                                 // a text that ends early
	{name: "validate-missing-file", args: []string{"validate", "--schema", "in/email.schema.json", "in/missing.json"}},                                                                // a missing file: exit 3, named
	{name: "validate-directory", args: []string{"validate", "--schema", "in/email.schema.json", "in"}},                                                                                // a directory is not a file
	{name: "validate-no-schema", args: []string{"validate", "in/email.ok.json"}},                                                                                                      // --schema is required
	{name: "validate-two-stdin", args: []string{"validate", "--schema", "-", "-"}, stdin: "in/email.ok.json"},                                                                         // only one input may be standard input
	{name: "validate-two-args", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.ok.json", "in/email.bad.json"}},                                              // one instance per run
	{name: "validate-resource", args: []string{"validate", "--schema", "in/ref.schema.json", "--resource", "https://example.com/defs.json=in/defs.schema.json", "in/address.json"}},   // a $ref across files, no network
	{name: "validate-ref-missing", args: []string{"validate", "--schema", "in/ref.schema.json", "in/address.json"}},                                                                   // a $ref to a document not given: a clear problem, exit 1
	{name: "validate-resource-bad", args: []string{"validate", "--schema", "in/ref.schema.json", "--resource", "https://example.com/defs.json=in/truncated.json", "in/address.json"}}, // a problem in a resource names the resource's file
	{name: "validate-resource-flag", args: []string{"validate", "--schema", "in/ref.schema.json", "--resource", "defs.json", "in/address.json"}},                                      // --resource wants URL=FILE
	{name: "validate-draft-bad", args: []string{"validate", "--schema", "in/email.schema.json", "--draft", "3", "in/email.ok.json"}},                                                  // an unknown draft

	// gate
	{name: "gate-allow", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/call.allow.json"}},                                                                                                  // exit 0
	{name: "gate-deny", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/call.deny.json"}},                                                                                                    // grant_missing: exit 1
	{name: "gate-ask", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/call.ask.json"}},                                                                                                      // needs_confirm: exit 2
	{name: "replay-deny", args: []string{"replay", "--catalog", "../../../testdata/flow/catalog.json", "--policy", "../../../testdata/flow/policy.json", "../../../testdata/flow/github-private-repo/anthropic.json"}},                // carries private: exit 1
	{name: "replay-decision-log", args: []string{"replay", "--catalog", "../../../testdata/flow/catalog.json", "--policy", "../../../testdata/flow/policy.json", "../../../testdata/flow/github-private-repo/decision-log.jsonl"}},    // the proxy's log, replayed: exit 1
	{name: "replay-allow", args: []string{"replay", "--format", "json", "--catalog", "../../../testdata/flow/catalog.json", "--policy", "../../../testdata/flow/policy.json", "../../../testdata/flow/benign-db-docs/mcp-log.jsonl"}}, // exit 0
	{name: "replay-unreadable", args: []string{"replay", "--catalog", "../../../testdata/flow/catalog.json", "--policy", "../../../testdata/flow/policy.json", "in/catalog.json"}},                                                    // not a transcript: exit 3
	{name: "gate-badargs", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/call.badargs.json"}},                                                                                              // arguments with a duplicate key are denied, not unreadable
	{name: "gate-multi", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/calls.json"}},                                                                                                       // two calls, two decisions; the most restrictive decides
	{name: "gate-json", args: []string{"gate", "--format", "json", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/call.deny.json"}},                                                                                // the JavaScript API's answer
	{name: "gate-sarif", args: []string{"gate", "--format", "sarif", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/calls.json"}},                                                                                  // results at the call's line
	{name: "gate-stdin", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json"}, stdin: "in/call.ask.json"},                                                                                             // the call on standard input
	{name: "gate-policy-duplicate", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.dup.json", "in/call.deny.json"}},                                                                                    // "policy.json:4:3: duplicate key": exit 3
	{name: "gate-call-not-json", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/truncated.json"}},                                                                                           // a call that is not JSON
	{name: "gate-no-policy", args: []string{"gate", "--catalog", "in/catalog.json", "in/call.deny.json"}},                                                                                                                             // --policy is required
	{name: "gate-missing-catalog", args: []string{"gate", "--catalog", "in/nope.json", "--policy", "in/policy.json", "in/call.deny.json"}},                                                                                            // a missing file
	{name: "gate-not-a-call", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/email.ok.json"}},                                                                                               // JSON that is no tool call: denied
	{name: "gate-catalog-is-policy", args: []string{"gate", "--catalog", "in/policy.json", "--policy", "in/policy.json", "in/call.allow.json"}},                                                                                       // a file that is not a catalog

	// check-decision
	{name: "check-decision-refused", args: []string{"check-decision", "--policy", "in/policy.json", "in/decision.refused.json"}},                                                 // seed 000: passes the schema, refused by the rule
	{name: "check-decision-seed-schema", args: []string{"check-decision", "--policy", "in/policy.json", "--schema", "in/decision.seed.schema.json", "in/decision.refused.json"}}, // the seed's own schema, same verdict
	{name: "check-decision-ok", args: []string{"check-decision", "--policy", "in/policy.json", "in/decision.deny.json"}},                                                         // a deny that holds: exit 0
	{name: "check-decision-schema", args: []string{"check-decision", "--schema", "in/decision.seed.schema.json", "in/decision.yes.json"}},                                        // decision "yes", argumentsValid "true": schema_rejected
	{name: "check-decision-json", args: []string{"check-decision", "--format", "json", "--policy", "in/policy.json", "in/decision.refused.json"}},                                // the JavaScript API's answer
	{name: "check-decision-sarif", args: []string{"check-decision", "--format", "sarif", "--policy", "in/policy.json", "in/decision.refused.json"}},
	{name: "check-decision-stdin", args: []string{"check-decision", "--policy", "in/policy.json"}, stdin: "in/decision.refused.json"}, // the decision on standard input
	{name: "check-decision-duplicate", args: []string{"check-decision", "in/duplicate.json"}},                                         // {"decision":"deny","decision":"allow"} is refused at its line: exit 3

	// diff
	{name: "pin-not-a-catalog", args: []string{"pin", "in/left.json"}},                                                           // a text that is no catalog: nothing written, exit 3
	{name: "diff-patch", args: []string{"diff", "in/left.json", "in/right.json"}},                                                // numbers compared exactly: the 20th digit is a change
	{name: "diff-same", args: []string{"diff", "in/left.json", "in/left.json"}},                                                  // no difference: exit 0
	{name: "diff-catalog", args: []string{"diff", "in/catalog.json", "in/catalog.v2.json"}},                                      // a rug pull: keyed by tool name
	{name: "diff-catalog-fail-high", args: []string{"diff", "--fail-on", "high", "in/catalog.json", "in/catalog.v2.json"}},       // --fail-on high
	{name: "diff-catalog-json", args: []string{"diff", "--format", "json", "in/catalog.json", "in/catalog.v2.json"}},             // the JavaScript API's answer
	{name: "diff-catalog-sarif", args: []string{"diff", "--format", "sarif", "in/catalog.json", "in/catalog.v2.json"}},           // results in the right-hand file
	{name: "diff-mode-patch", args: []string{"diff", "--mode", "patch", "in/catalog.json", "in/catalog.v2.json"}},                // a catalog diffed as plain JSON
	{name: "diff-stdin", args: []string{"diff", "in/left.json", "-"}, stdin: "in/right.json"},                                    // one side on standard input
	{name: "diff-array-order", args: []string{"diff", "in/tags.left.json", "in/tags.right.json"}},                                // each operation at its line: three moves and a number
	{name: "diff-ignore-array-order", args: []string{"diff", "--ignore-array-order", "in/tags.left.json", "in/tags.right.json"}}, // the moves are no change: the number alone
	{name: "diff-one-arg", args: []string{"diff", "in/left.json"}},                                                               // two files are needed
	{name: "diff-bad-mode", args: []string{"diff", "--mode", "words", "in/left.json", "in/right.json"}},                          // an unknown mode
	{name: "diff-not-json", args: []string{"diff", "in/left.json", "in/truncated.json"}},                                         // exit 3 at the right file's line

	// lint
	{name: "lint-clean", args: []string{"lint", "in/catalog.json"}},                                                                        // a careful catalog: no findings
	{name: "lint-findings", args: []string{"lint", "in/catalog.v2.json"}},                                                                  // instructions to the model, a secret path, loose schemas
	{name: "lint-fail-on-high", args: []string{"lint", "--fail-on", "high", "in/catalog.v2.json"}},                                         // only high findings fail
	{name: "lint-json", args: []string{"lint", "--format", "json", "in/catalog.v2.json"}},                                                  // the JavaScript API's answer
	{name: "lint-sarif", args: []string{"lint", "--format", "sarif", "in/catalog.v2.json"}},                                                // gatehouse/lint/<rule> at line:column
	{name: "lint-stdin", args: []string{"lint"}, stdin: "in/catalog.v2.json"},                                                              // the catalog on standard input
	{name: "lint-not-catalog", args: []string{"lint", "in/policy.json"}},                                                                   // JSON that is no catalog: a problem, exit 1
	{name: "lint-not-json", args: []string{"lint", "in/truncated.json"}},                                                                   // exit 3
	{name: "lint-ignore", args: []string{"lint", "--ignore-file", "in/lint.ignore.json", "in/catalog.v2.json"}},                            // ignored findings are printed as suppressed, with the reason, and do not fail the run
	{name: "lint-ignore-json", args: []string{"lint", "--format", "json", "--ignore-file", "in/lint.ignore.json", "in/catalog.v2.json"}},   // "suppressed" beside "findings"
	{name: "lint-ignore-sarif", args: []string{"lint", "--format", "sarif", "--ignore-file", "in/lint.ignore.json", "in/catalog.v2.json"}}, // SARIF suppressions with the reason
	{name: "lint-ignore-bad", args: []string{"lint", "--ignore-file", "in/lint.ignore.bad.json", "in/catalog.v2.json"}},                    // an unknown rule or tool, a missing reason: problems at line:column, nothing ignored
	{name: "lint-ignore-not-json", args: []string{"lint", "--ignore-file", "in/truncated.json", "in/catalog.v2.json"}},                     // a configuration that is not JSON: exit 3
	{name: "help-lint", args: []string{"help", "lint"}},                                                                                    // severities and rules from core's registry

	// pin and verify
	{name: "pin", args: []string{"pin", "in/catalog.json"}},                                                // the lock file on standard output
	{name: "pin-json", args: []string{"pin", "--format", "json", "in/catalog.json"}},                       // the gatehouse.pin answer
	{name: "pin-stdin", args: []string{"pin"}, stdin: "in/catalog.json"},                                   // the catalog on standard input
	{name: "pin-not-json", args: []string{"pin", "in/truncated.json"}},                                     // nothing on standard output, exit 3
	{name: "pin-sarif", args: []string{"pin", "--format", "sarif", "in/catalog.json"}},                     // pin has no SARIF: a usage error
	{name: "verify-ok", args: []string{"verify", "--lock", "in/tools.lock.json", "in/catalog.json"}},       // no drift: exit 0
	{name: "verify-drift", args: []string{"verify", "--lock", "in/tools.lock.json", "in/catalog.v2.json"}}, // changed, added and removed tools at their lines: exit 1
	{name: "verify-drift-json", args: []string{"verify", "--format", "json", "--lock", "in/tools.lock.json", "in/catalog.v2.json"}},
	{name: "verify-drift-sarif", args: []string{"verify", "--format", "sarif", "--lock", "in/tools.lock.json", "in/catalog.v2.json"}},
	{name: "verify-stdin", args: []string{"verify", "--lock", "in/tools.lock.json"}, stdin: "in/catalog.json"}, // the catalog on standard input
	{name: "verify-no-lock", args: []string{"verify", "in/catalog.json"}},                                      // --lock is required
	{name: "verify-bad-lock", args: []string{"verify", "--lock", "in/policy.json", "in/catalog.json"}},         // a lock file that is not one: exit 1 with the reason
	{name: "verify-lock-not-json", args: []string{"verify", "--lock", "in/truncated.json", "in/catalog.json"}}, // exit 3

	// the project's own examples in ../../testdata
	{name: "example-gate-rug-pull", args: []string{"gate", "--catalog", "../../../testdata/gate/search-docs-rug-pull/catalog.json", "--policy", "../../../testdata/gate/search-docs-rug-pull/policy.json", "../../../testdata/gate/search-docs-rug-pull/call.json"}}, // definition_changed: the tool no longer matches its pin
	{name: "example-gate-smuggling", args: []string{"gate", "--catalog", "../../../testdata/gate/duplicate-key-smuggling/catalog.json", "--policy", "../../../testdata/gate/duplicate-key-smuggling/policy.json", "../../../testdata/gate/duplicate-key-smuggling/call.json"}},
	{name: "example-seed000", args: []string{"check-decision", "--schema", "../../../testdata/seed000/schema.json", "../../../testdata/seed000/decision.json"}}, // seed 000's deny passes its own schema
	{name: "example-lint-hidden", args: []string{"lint", "../../../testdata/lint/poisoned/hidden-characters.json"}},                                             // hidden characters are shown, never written raw to the terminal
	{name: "example-lint-benign", args: []string{"lint", "--fail-on", "high", "../../../testdata/lint/benign/filesystem.json"}},                                 // a real, benign catalog passes --fail-on high
	{name: "example-lint-poisoned", args: []string{"lint", "--fail-on", "high", "../../../testdata/lint/poisoned-public/invariant-direct-poisoning.json"}},      // the README's poisoned example: Invariant Labs' add tool
	{name: "example-lint-honest", args: []string{"lint", "--fail-on", "high", "../../../testdata/lint/readme-honest.json"}},                                     // the README's honest example
	{name: "example-pin-approved", args: []string{"pin", "../../../testdata/lock/approved.json"}},                                                               // the README's "In CI" example: pin
	{name: "example-verify-now", args: []string{"verify", "--lock", "in/approved.lock.json", "../../../testdata/lock/now.json"}},                                // then verify today's catalog: drift
	{name: "example-diff-rename", args: []string{"diff", "../../../testdata/diff/rename/left.json", "../../../testdata/diff/rename/right.json"}},                // a likely rename is said as such

	// serve (what does not depend on the wasm being built in; TestServe does the rest)
	{name: "serve-extra-arg", args: []string{"serve", "site"}}, // serve takes no files: it serves only what is built in

	// link
	{name: "link-schema", args: []string{"link", "--schema", "in/email.schema.json", "--instance", "in/email.bad.json"}},                              // the Schema pane
	{name: "link-diff", args: []string{"link", "--base", "https://gatehouse.example/", "--left", "in/catalog.json", "--right", "in/catalog.v2.json"}}, // another base
	{name: "link-decision-stdin", args: []string{"link", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "--call", "-"}, stdin: "in/call.deny.json"},
	{name: "link-nothing", args: []string{"link"}},                                       // nothing to link: a usage error
	{name: "link-bad-pane", args: []string{"link", "--pane", "settings", "--left", "x"}}, // an unknown pane
	{name: "link-missing", args: []string{"link", "--left", "in/nope.json"}},             // a missing file

	// messages follow the locale: core's words and the command's own (summaries, errors), in
	// French and German; help stays English
	{name: "fr-validate-invalid", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-validate-invalid", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "fr-validate-json", args: []string{"validate", "--format", "json", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LANG=fr_FR.UTF-8"}}, // the API's answer in French
	{name: "fr-validate-not-json", args: []string{"validate", "--schema", "in/email.schema.json", "in/truncated.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-validate-no-schema", args: []string{"validate", "in/email.ok.json"}, env: []string{"LANG=de_DE.UTF-8"}}, // a usage error: its words translated, the synopsis not
	{name: "fr-gate-multi", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/calls.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-gate-multi", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/calls.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "fr-gate-ask", args: []string{"gate", "--catalog", "in/catalog.json", "--policy", "in/policy.json", "in/call.ask.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-check-decision-refused", args: []string{"check-decision", "--policy", "in/policy.json", "in/decision.refused.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "fr-lint-findings", args: []string{"lint", "in/catalog.v2.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-lint-findings", args: []string{"lint", "in/catalog.v2.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "fr-lint-ignore", args: []string{"lint", "--ignore-file", "in/lint.ignore.json", "in/catalog.v2.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "fr-diff-catalog", args: []string{"diff", "in/catalog.json", "in/catalog.v2.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-diff-catalog", args: []string{"diff", "in/catalog.json", "in/catalog.v2.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "de-diff-patch", args: []string{"diff", "in/left.json", "in/right.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "fr-verify-drift", args: []string{"verify", "--lock", "in/tools.lock.json", "in/catalog.v2.json"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "de-pin-not-json", args: []string{"pin", "in/truncated.json"}, env: []string{"LANG=de_DE.UTF-8"}},
	{name: "fr-unknown-command", args: []string{"frobnicate"}, env: []string{"LANG=fr_FR.UTF-8"}},
	{name: "locale-lc-all-wins", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LC_ALL=de_CH.UTF-8", "LC_MESSAGES=fr_FR.UTF-8", "LANG=fr_FR.UTF-8"}}, // LC_ALL before LC_MESSAGES before LANG: German
	{name: "locale-lc-messages", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LC_MESSAGES=fr_CA", "LANG=de_DE.UTF-8"}},                             // French
	{name: "locale-c", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LC_ALL=C", "LANG=fr_FR.UTF-8"}},                                                // the C locale is English
	{name: "locale-other", args: []string{"validate", "--schema", "in/email.schema.json", "in/email.bad.json"}, env: []string{"LANG=es_ES.UTF-8"}},                                                        // a language gatehouse does not speak: English
}

// TestCLI runs every case as the built binary and compares with the golden file.
func TestCLI(t *testing.T) {
	for _, c := range cliCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(binary, c.args...)
			cmd.Dir = "testdata"
			cmd.Env = c.environ()
			if c.stdin != "" {
				f, err := os.Open(filepath.Join("testdata", c.stdin))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdin = f
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			code := 0
			if err := cmd.Run(); err != nil {
				ee, ok := err.(*exec.ExitError)
				if !ok {
					t.Fatal(err)
				}
				code = ee.ExitCode()
			}
			checkGolden(t, c, code, stdout.String(), stderr.String())
		})
	}
}

// TestRunInProcess runs every case through run() directly: the same golden files, without a
// process per case, and with the coverage the binary cannot report.
func TestRunInProcess(t *testing.T) {
	t.Chdir("testdata")
	for _, c := range cliCases {
		t.Run(c.name, func(t *testing.T) {
			var stdin bytes.Buffer
			if c.stdin != "" {
				b, err := os.ReadFile(c.stdin)
				if err != nil {
					t.Fatal(err)
				}
				stdin.Write(b)
			}
			var stdout, stderr bytes.Buffer
			code := run(c.args, c.getenv, &stdin, &stdout, &stderr)
			if *update {
				return // TestCLI writes the golden files; the outputs must not differ anyway
			}
			checkGolden(t, c, code, stdout.String(), stderr.String())
		})
	}
}

// A golden file holds the exit code on its first line, then standard output and standard error
// after separator lines.
const (
	stdoutMark = "-- stdout --\n"
	stderrMark = "\n-- stderr --\n"
)

func goldenPath(name string) string { return filepath.Join(goldenDir, name+".golden") }

func formatGolden(code int, stdout, stderr string) string {
	return fmt.Sprintf("exit %d\n%s%s%s", code, stdoutMark, stdout, stderrMark+stderr)
}

func checkGolden(t *testing.T, c cliCase, code int, stdout, stderr string) {
	t.Helper()
	path := goldenPath(c.name)
	got := formatGolden(code, stdout, stderr)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/gatehouse -update to create it)", err)
	}
	if got != string(want) {
		wantCode, wantOut, wantErr := parseGolden(t, string(want))
		if code != wantCode {
			t.Errorf("gatehouse %s: exit code %d, want %d", strings.Join(c.args, " "), code, wantCode)
		}
		if stdout != wantOut {
			t.Errorf("gatehouse %s: stdout:\n%s\nwant:\n%s", strings.Join(c.args, " "), stdout, wantOut)
		}
		if stderr != wantErr {
			t.Errorf("gatehouse %s: stderr:\n%s\nwant:\n%s", strings.Join(c.args, " "), stderr, wantErr)
		}
	}
}

func parseGolden(t *testing.T, s string) (code int, stdout, stderr string) {
	t.Helper()
	head, rest, ok := strings.Cut(s, "\n"+stdoutMark)
	if !ok {
		t.Fatalf("malformed golden file: no %q", stdoutMark)
	}
	code, err := strconv.Atoi(strings.TrimPrefix(head, "exit "))
	if err != nil {
		t.Fatalf("malformed golden file: %q", head)
	}
	i := strings.LastIndex(rest, stderrMark)
	if i < 0 {
		t.Fatalf("malformed golden file: no %q", stderrMark)
	}
	return code, rest[:i], rest[i+len(stderrMark):]
}

// TestREADMELintExamples holds the README's lint section to what the CLI prints: the poisoned
// and the honest example's output is the golden output, paths as run from the repository.
func TestREADMELintExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"example-lint-poisoned", "example-lint-honest"} {
		b, err := os.ReadFile(goldenPath(name))
		if err != nil {
			t.Fatal(err)
		}
		_, stdout, _ := parseGolden(t, string(b))
		stdout = strings.ReplaceAll(stdout, "../../../", "")
		if !strings.Contains(string(readme), stdout) {
			t.Errorf("README.md does not show the output of %s as the CLI prints it:\n%s", name, stdout)
		}
	}
}
