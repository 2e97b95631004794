// Command gatehouse runs the page's checks in a terminal and in CI, and serves the page itself.
//
// It is flags and output only: every check is a call into package core, the same code the page
// runs as WebAssembly, so a decision made in CI is the decision the page shows.
//
// # Commands
//
//	gatehouse validate --schema S [--draft D] [--resource URL=FILE ...] [INSTANCE]
//	gatehouse gate --catalog C --policy P [CALL]
//	gatehouse check-decision [--policy P] [--schema S] [DECISION]
//	gatehouse diff [--mode auto|patch|catalog|lock] [--fail-on high|medium|low] LEFT RIGHT
//	gatehouse lint [--fail-on high|medium|low] [CATALOG | SERVER]
//	gatehouse pin [--format text|json] [CATALOG | SERVER] > tools.lock.json
//	gatehouse verify --lock L [CATALOG | SERVER]
//	gatehouse catalog SERVER
//	gatehouse proxy --policy P [--lock L] [--log FILE] [--url URL | -- CMD ARGS...]
//	gatehouse install --policy P [--lock L] [--log FILE] [--dry-run] (--config FILE | --discover)
//	gatehouse uninstall [--dry-run] (--config FILE | --discover)
//	gatehouse link [--base URL] [--pane P] [--schema F] [--instance F] [--call F] [--catalog F]
//	               [--policy F] [--decision F] [--left F] [--right F]
//	gatehouse serve [--addr 127.0.0.1:8080]
//	gatehouse help [COMMAND]
//	gatehouse version
//
// A file argument that is absent or "-" is read from standard input (one input at most). Flags
// may come before or after the files; "--" ends them.
//
// SERVER is a live MCP server asked for its tools in place of a catalog file (package
// internal/live does the talking, through the official MCP Go SDK): "-- CMD ARGS..." starts a
// stdio server (for catalog, pin, verify, lint and proxy, what follows "--" is that command
// line), --url URL [--header "Name: value"]... connects over Streamable HTTP, --config FILE
// reads every server of an MCP client's configuration, and --discover those of the
// configurations found in their usual places.
//
// # Output
//
// Every checking command (validate, gate, check-decision, diff, lint, verify) takes
// --format text|json|sarif:
//
//   - text, for people: one line per finding, "file:line:column: message", then a summary line;
//     coloured only when standard output is a terminal and NO_COLOR is unset.
//   - json: the answer of the JavaScript API function, field for field: gatehouse.validate,
//     gatehouse.gate, gatehouse.checkDecision, gatehouse.diff (verify is diff in "lock" mode),
//     gatehouse.lint.
//   - sarif: a SARIF 2.1.0 log for code-scanning uploads, each result located at line:column in
//     the file named on the command line, with rule ids such as gatehouse/validation,
//     gatehouse/lint/<rule> and gatehouse/gate/<reason>.
//
// pin writes the lock file (text) or the gatehouse.pin answer (json).
//
// # Language
//
// Messages follow the locale: the first of LC_ALL, LC_MESSAGES and LANG that is set chooses
// English, French or German ("fr_FR.UTF-8", "de_CH"; "C", "POSIX" and other languages are
// English). Core answers in that language (json is the API's answer with that lang), and the
// command's own words — summaries, errors, the words around core's messages — are translated
// too. Help texts, flag descriptions, SARIF rule descriptions and the live commands' progress
// messages stay in English, and so do proxy and serve, which run until stopped.
//
// # Exit codes
//
// CI can rely on these; `gatehouse help` lists them too.
//
//	0  clean: valid, allow, no finding at or above --fail-on, no drift, no difference
//	1  findings: invalid, deny, a finding at or above --fail-on, drift, a difference
//	2  ask: the gate wants a person to confirm the call (gate and replay)
//	3  usage or unreadable input: a bad flag, a missing file, a text that is not strict JSON
//	   (reported at file:line:column), a link too long, a server that cannot start, does not
//	   answer in time or fails (catalog, proxy and the commands given a SERVER), a policy the
//	   proxy will not start with
//
// A text that is not JSON at all is exit 3, not 1: the check did not run, so neither "clean" nor
// "findings" would be true, and CI should tell a broken fixture from a caught attack.
package main

// Exit codes: see the package documentation.
const (
	exitOK       = 0 // clean, valid, allow, no drift
	exitFindings = 1 // findings, invalid, deny, drift
	exitAsk      = 2 // the gate asks a person to confirm
	exitUsage    = 3 // usage error or unreadable input
)

// exitCodes is what `gatehouse help` prints about them.
var exitCodes = []struct {
	code    int
	meaning string
}{
	{exitOK, "clean: valid, allow, no finding at or above --fail-on, no drift, no difference"},
	{exitFindings, "findings: invalid, deny, a finding at or above --fail-on, drift, a difference"},
	{exitAsk, "ask: the gate wants a person to confirm the call (gate and replay)"},
	{exitUsage, "usage or unreadable input: bad flag, missing file, text that is not strict JSON, a server that cannot start or fails"},
}
