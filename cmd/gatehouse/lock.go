package main

import (
	"flag"
	"fmt"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var pinCommand = &command{
	name:    "pin",
	usage:   "pin [--format text|json] [CATALOG | --url URL | --config FILE | --discover | -- CMD ARGS...] > tools.lock.json",
	server:  true,
	summary: "write a catalog's lock file: a hash of each tool's whole definition",
	details: `
Each pin is sha256 over the RFC 8785 canonical form of the whole tool object (name, description,
inputSchema, outputSchema, annotations, any other field), so a change anywhere is drift. Commit the
lock file and check later catalogs with 'gatehouse verify'. CATALOG "-" or absent reads standard
input; a live server (a command after --, --url, --config, --discover, as for 'gatehouse
catalog') is asked for its tools instead. Problems go to standard error, so standard output is
always the lock file alone.

--format text writes the lock file {"tool": "sha256:…"}; json writes the answer of the JavaScript
API's gatehouse.pin ({"pins": {…}, "problems": […]}), which 'verify' accepts as a lock file too.

Exit code 0 when every tool is pinned; 1 when the catalog has problems (the pins of the tools
that could be read are still written); 3 when the catalog cannot be read, is not strict JSON or
holds no tool that could be read (a text that is no catalog), or a server did not answer (nothing
is written: an empty lock would pass for one).`,
	define: func(fs *flag.FlagSet) runFunc {
		format := fs.String("format", "text", "output `format`: text (the lock file) or json (the gatehouse.pin answer)")
		sf := addServerFlags(fs, true)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			if *format != "text" && *format != "json" {
				return s.usageError("unknown --format %q: use text or json", *format)
			}
			catalog, code, ok := s.readCatalog(sf, args)
			if !ok {
				return code
			}
			res := core.PinCatalog(core.PinRequest{Catalog: catalog.text, Lang: string(s.lang)})
			// Problems go to standard error, in text, whatever the format: standard output
			// is redirected into the lock file.
			problems := &report{items: problemItems(res.Problems, inputsBySource{core.Sources.Catalog: catalog}), tr: s.tr}
			textPrinter{}.print(s.stderr, problems)
			if unreadable(res.Problems) || len(res.Pins) == 0 && len(res.Problems) > 0 {
				return s.fail("%s: not pinned: %s", catalog.name, countProblems(len(res.Problems)))
			}
			var out any = res.Pins
			if *format == "json" {
				out = res
			}
			if err := (jsonPrinter{}).print(s.stdout, &report{answer: out}); err != nil {
				return s.fail("writing the output: %v", err)
			}
			if len(res.Problems) > 0 {
				fmt.Fprint(s.stderr, s.tr.Text(i18n.Sprintf("gatehouse pin: %s pinned; %s in %s\n", i18n.Plural(len(res.Pins), i18n.T("%d tool"), i18n.T("%d tools")), countProblems(len(res.Problems)), catalog.name)))
				return exitFindings
			}
			return exitOK
		}
	},
}

var verifyCommand = &command{
	name:    "verify",
	usage:   "verify --lock L [--format text|json|sarif] [CATALOG | --url URL | --config FILE | --discover | -- CMD ARGS...]",
	server:  true,
	summary: "check a catalog against its lock file: any changed, added or removed tool",
	details: `
Every tool of CATALOG is pinned again and compared with the lock file 'gatehouse pin' wrote:
a tool whose pin differs changed (description, schema, annotations: a rug pull hides anywhere),
a tool not in the lock was added, a pinned tool missing from the catalog was removed. Changed and
added tools are placed at their line in the catalog, removed ones at their line in the lock.
CATALOG "-" or absent reads standard input; a live server (a command after --, --url, --config,
--discover, as for 'gatehouse catalog') is asked for its tools instead, so CI can check the
server itself: gatehouse verify --lock tools.lock.json -- npx -y @scope/server

--format json writes the answer of the JavaScript API's gatehouse.diff in "lock" mode.

Exit code 0 when the catalog matches the lock; 1 on drift or a problem in either file;
3 when a file cannot be read or is not strict JSON, or a server did not answer.`,
	define: func(fs *flag.FlagSet) runFunc {
		lockPath := fs.String("lock", "", "the lock `file` written by 'gatehouse pin' (required)")
		format := addFormatFlag(fs)
		sf := addServerFlags(fs, true)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			if *lockPath == "" {
				return s.usageError("--lock is required")
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			lock, err := s.read("--lock", *lockPath)
			if err != nil {
				return s.fail("%v", err)
			}
			catalog, code, ok := s.readCatalog(sf, args)
			if !ok {
				return code
			}
			res := core.Diff(core.DiffRequest{Left: lock.text, Right: catalog.text, Mode: core.DiffModes.Lock, Lang: string(s.lang)})
			files := inputsBySource{core.Sources.Left: lock, core.Sources.Right: catalog}
			// The lock's own problems name it as "lock" in some paths of core.
			files[core.Sources.Lock] = lock
			files[core.Sources.Catalog] = catalog
			r := &report{answer: res}
			if res.Lock != nil {
				r.items = append(r.items, driftItems(res.Lock, lock, catalog)...)
			}
			r.items = append(r.items, problemItems(res.Problems, files)...)
			code = exitOK
			switch {
			case unreadable(res.Problems):
				code, r.outcome = exitUsage, levelError
				r.summary = i18n.Sprintf("not verified: %s reading the input", countProblems(len(res.Problems)))
			case res.Lock == nil:
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("not verified: %s", countProblems(len(res.Problems)))
			case !res.Lock.OK || len(res.Problems) > 0:
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("drift: %d changed, %d added, %d removed, %d unchanged (lock %s)",
					len(res.Lock.Changed), len(res.Lock.Added), len(res.Lock.Removed), len(res.Lock.Unchanged), lock.name)
				if res.Lock.OK {
					r.summary = i18n.Sprintf("no drift, but %s (lock %s)", countProblems(len(res.Problems)), lock.name)
				}
			default:
				r.summary = i18n.Sprintf("no drift: %s unchanged against %s", i18n.Plural(len(res.Lock.Unchanged), i18n.T("%d tool"), i18n.T("%d tools")), lock.name)
			}
			return s.emit(p, r, code)
		}
	},
}

// driftItems shows each tool whose pin does not hold: changed and added tools in the catalog,
// removed ones in the lock.
func driftItems(rep *core.LockReport, lock, catalog *input) []item {
	items := make([]item, 0, len(rep.Tools))
	for _, e := range rep.Tools {
		in := catalog
		if e.Side == "left" {
			in = lock
		}
		items = append(items, item{rule: "gatehouse/drift/" + string(e.Status), level: levelError, in: in,
			line: e.Line, column: e.Column, message: e.Message})
	}
	return items
}
