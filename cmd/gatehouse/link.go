package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
)

// defaultBase is where `gatehouse serve` puts the page by default.
const defaultBase = "http://127.0.0.1:8080/"

// panes lists the page's panes, in the order link picks one when --pane is not given.
var panes = []string{"schema", "decision", "diff"}

var linkCommand = &command{
	name:    "link",
	usage:   "link [--base URL] [--pane P] [--schema F] [--instance F] [--call F] [--catalog F] [--policy F] [--decision F] [--left F] [--right F]",
	summary: "print a link that opens the page with these files in its panes",
	details: `
The texts travel in the link's fragment (after #), which browsers never send to a server, so the
page at --base sees nothing until it is opened. Each file flag fills one text of the page: --schema and --instance the Schema pane; --call,
--catalog, --policy and --decision the Decision pane; --left and --right the Diff pane. --pane
picks the pane the link opens on (default: the first pane with a file). Files are read as they
are, byte for byte; - reads one of them from standard input.

Exit code 0 with the link on standard output; 3 when a file cannot be read or the link would be
too long for a browser to carry.`,
	define: func(fs *flag.FlagSet) runFunc {
		base := fs.String("base", defaultBase, "the page's `URL`")
		pane := fs.String("pane", "", "the `pane` the link opens on: "+strings.Join(panes, ", "))
		draft := fs.String("draft", "", "the Schema pane's `draft` for a schema without $schema")
		mode := fs.String("mode", "", "the Diff pane's `mode`: auto, patch or catalog")
		type textFlag struct {
			name, pane string
			path       *string
			set        func(st *core.State, text string)
		}
		texts := []textFlag{
			{"schema", "schema", nil, func(st *core.State, t string) { st.Panes.Schema.Schema = t }},
			{"instance", "schema", nil, func(st *core.State, t string) { st.Panes.Schema.Instance = t }},
			{"call", "decision", nil, func(st *core.State, t string) { st.Panes.Decision.Call = t }},
			{"catalog", "decision", nil, func(st *core.State, t string) { st.Panes.Decision.Catalog = t }},
			{"policy", "decision", nil, func(st *core.State, t string) { st.Panes.Decision.Policy = t }},
			{"decision", "decision", nil, func(st *core.State, t string) { st.Panes.Decision.Decision = t }},
			{"left", "diff", nil, func(st *core.State, t string) { st.Panes.Diff.Left = t }},
			{"right", "diff", nil, func(st *core.State, t string) { st.Panes.Diff.Right = t }},
		}
		for i := range texts {
			texts[i].path = fs.String(texts[i].name, "", fmt.Sprintf("the `file` for the %s pane's %s text", texts[i].pane, texts[i].name))
		}
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			if *pane != "" && !slices.Contains(panes, *pane) {
				return s.usageError("unknown --pane %q: use one of %s", *pane, strings.Join(panes, ", "))
			}
			if *draft != "" && !slices.Contains(core.About(core.AboutRequest{}).Drafts, *draft) {
				return s.usageError("unknown --draft %q: use one of %s", *draft, strings.Join(core.About(core.AboutRequest{}).Drafts, ", "))
			}
			if *mode != "" && !slices.Contains(diffModes, *mode) {
				return s.usageError("unknown --mode %q: use one of %s", *mode, strings.Join(diffModes, ", "))
			}
			st := core.State{Pane: *pane}
			st.Panes.Schema.Draft = *draft
			st.Panes.Diff.Mode = *mode
			given := false
			for _, t := range texts {
				if *t.path == "" {
					continue
				}
				in, err := s.read("--"+t.name, *t.path)
				if err != nil {
					return s.fail("%v", err)
				}
				t.set(&st, in.text)
				if st.Pane == "" {
					st.Pane = t.pane
				}
				given = true
			}
			if st.Panes.Decision.Decision != "" && st.Panes.Decision.Call == "" {
				st.Panes.Decision.Mode = "check" // a decision alone is there to be checked
			}
			if !given && *pane == "" {
				return s.usageError("name at least one file (--schema, --call, --left, …) or a --pane")
			}
			encoded := core.EncodeState(core.EncodeStateRequest{State: st, Lang: string(s.lang)})
			if len(encoded.Problems) > 0 {
				return s.fail("%v", encoded.Problems[0].Message)
			}
			// The state is the whole fragment: a fragment already on --base is replaced.
			page, _, _ := strings.Cut(*base, "#")
			fmt.Fprintln(s.stdout, page+encoded.Fragment)
			return exitOK
		}
	},
}
