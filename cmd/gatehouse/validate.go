package main

import (
	"flag"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var validateCommand = &command{
	name:    "validate",
	usage:   "validate --schema S [--draft D] [--resource URL=FILE ...] [INSTANCE]",
	summary: "validate a JSON instance against a JSON Schema, offline",
	details: `
The schema's own $schema picks the draft; --draft applies when it has none (default 2020-12, as MCP
says). A $ref to another document resolves only when that document is given with
--resource URL=FILE; gatehouse never fetches. INSTANCE "-" or absent reads standard input.

Exit code 0 when the instance is valid, 1 when it is not (or the schema does not compile),
3 when a file cannot be read or is not strict JSON.`,
	define: func(fs *flag.FlagSet) runFunc {
		about := core.About(core.AboutRequest{})
		schemaPath := fs.String("schema", "", "the JSON Schema `file` (required; - for standard input)")
		draft := fs.String("draft", "", "the `draft` for a schema without $schema: "+strings.Join(about.Drafts, ", ")+" (default "+about.DefaultDraft+")")
		var resources resourceFlag
		fs.Var(&resources, "resource", "another schema document, as `URL=FILE`, that a $ref may name (repeatable)")
		format := addFormatFlag(fs)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			if *schemaPath == "" {
				return s.usageError("--schema is required")
			}
			if *draft != "" && !slices.Contains(about.Drafts, *draft) {
				return s.usageError("unknown --draft %q: use one of %s", *draft, strings.Join(about.Drafts, ", "))
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			schema, err := s.read("--schema", *schemaPath)
			if err != nil {
				return s.fail("%v", err)
			}
			instance, err := s.read(i18n.T("the instance"), firstArg(args))
			if err != nil {
				return s.fail("%v", err)
			}
			req := core.ValidateRequest{Schema: schema.text, Instance: instance.text, Draft: *draft, Lang: string(s.lang)}
			resourceFiles := map[string]*input{}
			for _, r := range resources {
				in, err := s.read("--resource "+r.url, r.path)
				if err != nil {
					return s.fail("%v", err)
				}
				if req.Resources == nil {
					req.Resources = map[string]string{}
				}
				req.Resources[r.url] = in.text
				resourceFiles[r.url] = in
			}
			res := core.Validate(req)
			files := inputsBySource{core.Sources.Schema: schema, core.Sources.Instance: instance}
			items := problemItems(res.Problems, files)
			for i, pr := range res.Problems {
				if in := resourceFor(pr, resourceFiles); in != nil {
					items[i].in = in
				}
			}
			r := &report{answer: res, items: items}
			code := exitOK
			switch {
			case res.Valid:
				r.summary = i18n.Sprintf("valid: %s satisfies %s", instance.name, schema.name)
			case unreadable(res.Problems):
				code, r.outcome = exitUsage, levelError
				r.summary = i18n.Sprintf("not checked: %s reading the input", countProblems(len(res.Problems)))
			default:
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("invalid: %s", countProblems(len(res.Problems)))
			}
			return s.emit(p, r, code)
		}
	},
}

// resourceFor finds the --resource file a schema problem is about: core names it in
// Problem.Document and places the problem in that resource's text.
func resourceFor(p core.Problem, files map[string]*input) *input {
	if p.Source != core.Sources.Schema || p.Document == "" {
		return nil
	}
	return files[p.Document]
}

// A resourceFlag collects --resource URL=FILE.
type resourceFlag []struct{ url, path string }

func (r *resourceFlag) String() string { return "" }

func (r *resourceFlag) Set(v string) error {
	u, path, ok := strings.Cut(v, "=")
	if !ok || u == "" || path == "" {
		return i18n.Errorf("want URL=FILE, like https://example.com/defs.json=defs.json")
	}
	*r = append(*r, struct{ url, path string }{u, path})
	return nil
}

// firstArg is the only positional argument, or "" (standard input) when there is none.
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}
