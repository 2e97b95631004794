package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/install"
	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/sergi/go-diff/diffmatchpatch"
	"github.com/tailscale/hujson"
)

// backupSuffix names the copy of a configuration as it was before gatehouse was installed in it.
const backupSuffix = ".gatehouse-backup"

var installCommand = &command{
	name:    "install",
	usage:   "install --policy P [--lock L] [--log FILE] [--dry-run] [--gatehouse PATH] (--config FILE | --discover)",
	summary: "rewrite an MCP client's configuration so that each of its servers runs through gatehouse",
	details: `
Each server of the configuration (--config FILE, or --discover: every configuration of Claude
Desktop, Claude Code, Cursor, VS Code, Windsurf and Gemini CLI in its usual place) is rewritten
to start 'gatehouse proxy' with the flags given and the server after them:

  "command": "npx", "args": ["-y", "server"]
    becomes
  "command": "/path/to/gatehouse", "args": ["proxy", "--policy", "/abs/policy.json", "--", "npx", "-y", "server"]

A Streamable HTTP server (a "url", Gemini CLI's "httpUrl", Windsurf's "serverUrl") becomes
'gatehouse proxy --url URL --header-env "Name=GATEHOUSE_HEADER_NAME"...': each header's value
moves into the entry's env (never into the arguments, which every user of the machine can read
in the process list), and the proxy sends it from there. The entry's other env, cwd and other
members, every other entry and the file's comments stay as they are. A server over the older HTTP+SSE transport, or with neither a command nor a URL, is left
alone and named. Installing twice changes nothing.

The change is shown as a diff first, with credentials withheld (a header's token, a key in env,
a token among the arguments). --dry-run stops there; otherwise the file is written and
its previous text kept beside it as FILE.gatehouse-backup (the text from before gatehouse was
first installed: a later install keeps it). 'gatehouse uninstall' undoes it. Paths given to
--policy, --lock and --log are made absolute, since a client starts servers in a folder of its
own choosing; --gatehouse names the program to start (default: this one).

Exit code 0 when every file was rewritten (or needed nothing); 3 when a file cannot be read,
is not JSON with comments, or holds no MCP server.`,
	define: func(fs *flag.FlagSet) runFunc {
		policy := fs.String("policy", "", "the policy `file` every server's proxy enforces (required)")
		lock := fs.String("lock", "", "a lock `file` ('gatehouse pin') the proxies hold the servers to")
		logPath := fs.String("log", "", "the `file` each proxy appends its decisions to")
		program := fs.String("gatehouse", "", "the gatehouse `program` the client starts (default: this one)")
		cf := addConfigFlags(fs)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			if *policy == "" {
				return s.usageError("--policy is required")
			}
			paths, err := cf.paths()
			if err != nil {
				return s.usageError("%v", err)
			}
			p := install.Proxy{Gatehouse: *program}
			if p.Gatehouse == "" {
				if p.Gatehouse, err = os.Executable(); err != nil {
					return s.fail("cannot tell where gatehouse is (%v): name it with --gatehouse", err)
				}
			}
			for _, f := range []struct{ flag, path string }{{"--gatehouse", p.Gatehouse}, {"--policy", *policy}, {"--lock", *lock}, {"--log", *logPath}} {
				if f.path == "" {
					continue
				}
				abs, err := filepath.Abs(f.path)
				if err != nil {
					return s.fail("%s %s: %v", f.flag, f.path, err)
				}
				if f.flag != "--log" {
					if _, err := os.Stat(abs); err != nil {
						return s.fail("%s: %v", f.flag, pathError(f.path, err))
					}
				}
				if f.flag == "--gatehouse" {
					p.Gatehouse = abs
				} else {
					p.Flags = append(p.Flags, f.flag, abs)
				}
			}
			return s.rewriteConfigs(paths, cf, func(path string, data []byte) ([]byte, []install.Change, error) {
				return install.Wrap(path, data, p)
			}, true)
		}
	},
}

var uninstallCommand = &command{
	name:    "uninstall",
	usage:   "uninstall [--dry-run] [--gatehouse PATH] (--config FILE | --discover)",
	summary: "give each server of an MCP client's configuration back its own command, without gatehouse",
	details: `
Each server entry that 'gatehouse install' rewrote starts its own server again: its command
and arguments, or its URL and headers. When the file's backup (FILE.gatehouse-backup) says the
same once unwrapped, the backup itself is put back, byte for byte, and removed; otherwise (the
file was edited since) the entries are unwrapped in place and the backup is kept. An entry runs
through gatehouse when its first argument is "proxy" and its program is named gatehouse or is
--gatehouse (default: this program). The change is shown as a diff first; --dry-run stops there.

Exit code 0 when every file was restored (or needed nothing); 3 when a file cannot be read.`,
	define: func(fs *flag.FlagSet) runFunc {
		program := fs.String("gatehouse", "", "the gatehouse `program` install wrote (default: this one)")
		cf := addConfigFlags(fs)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			paths, err := cf.paths()
			if err != nil {
				return s.usageError("%v", err)
			}
			if *program == "" {
				*program, _ = os.Executable()
			}
			return s.rewriteConfigs(paths, cf, func(path string, data []byte) ([]byte, []install.Change, error) {
				return install.Unwrap(path, data, *program)
			}, false)
		}
	},
}

// configFlags are the flags install and uninstall share: which configurations, and whether to
// write them.
type configFlags struct {
	config   string
	discover bool
	dryRun   bool
}

func addConfigFlags(fs *flag.FlagSet) *configFlags {
	cf := &configFlags{}
	fs.StringVar(&cf.config, "config", "", "an MCP client configuration `file` (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI)")
	fs.BoolVar(&cf.discover, "discover", false, "every client configuration in its usual place that holds MCP servers")
	fs.BoolVar(&cf.dryRun, "dry-run", false, "show the change, write nothing")
	return cf
}

// paths lists the configuration files to rewrite, and whether each was named (a named file
// must hold servers; a discovered one without is passed over).
func (cf *configFlags) paths() ([]string, error) {
	switch {
	case cf.config != "" && cf.discover:
		return nil, errors.New("name one: --config FILE or --discover")
	case cf.config != "":
		return []string{cf.config}, nil
	case cf.discover:
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, err
		}
		cwd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		var found []string
		for _, p := range live.ConfigPaths(home, cwd) {
			if _, err := os.Stat(p); err == nil {
				found = append(found, p)
			}
		}
		return found, nil
	}
	return nil, errors.New("name the configuration: --config FILE or --discover")
}

// rewriteConfigs shows and makes one rewrite of each configuration file. installing says which
// way: install keeps the first backup, uninstall puts it back when it says the same.
func (s *session) rewriteConfigs(paths []string, cf *configFlags, rewrite func(string, []byte) ([]byte, []install.Change, error), installing bool) int {
	if len(paths) == 0 {
		fmt.Fprint(s.stderr, s.tr.Text(i18n.Sprintf("gatehouse %s: no client configuration found in the usual places\n", s.cmd.name)))
		return exitOK
	}
	code := exitOK
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			code = s.fail("%v", pathError(path, err))
			continue
		}
		out, changes, err := rewrite(path, data)
		if err != nil {
			if cf.discover && errors.Is(err, install.ErrNoServers) {
				continue // a settings file of a client that holds much else
			}
			code = s.fail("%v", err)
			continue
		}
		backup := path + backupSuffix
		restore := false
		if !installing {
			if saved, err := os.ReadFile(backup); err == nil && sameConfig(saved, out) {
				out, restore = saved, true
			}
		}
		fmt.Fprint(s.stdout, unifiedDiff(path, install.Masked(data, s.lang), install.Masked(out, s.lang)))
		s.sayChanges(path, changes)
		if bytes.Equal(data, out) {
			fmt.Fprint(s.stdout, s.tr.Text(i18n.Sprintf("%s: nothing to change\n", path)))
			continue
		}
		if cf.dryRun {
			fmt.Fprint(s.stdout, s.tr.Text(i18n.Sprintf("%s: not written (--dry-run)\n", path)))
			continue
		}
		if err := s.writeConfig(path, data, out, backup, installing, restore); err != nil {
			code = s.fail("%v", err)
		}
	}
	return code
}

func (s *session) writeConfig(path string, before, after []byte, backup string, installing, restore bool) error {
	info, err := os.Stat(path)
	if err != nil {
		return pathError(path, err)
	}
	if installing {
		// The backup holds the file as it was before gatehouse: a later install keeps it.
		if _, err := os.Stat(backup); errors.Is(err, fs.ErrNotExist) {
			if err := writeFileAtomic(backup, before, info.Mode().Perm()); err != nil {
				return err
			}
		}
	}
	if err := writeFileAtomic(path, after, info.Mode().Perm()); err != nil {
		return err
	}
	switch {
	case installing:
		fmt.Fprint(s.stdout, s.tr.Text(i18n.Sprintf("%s: written; the text from before gatehouse is in %s\n", path, backup)))
	case restore:
		os.Remove(backup)
		fmt.Fprint(s.stdout, s.tr.Text(i18n.Sprintf("%s: restored from %s, which is removed\n", path, backup)))
	default:
		if _, err := os.Stat(backup); err == nil {
			fmt.Fprint(s.stdout, s.tr.Text(i18n.Sprintf("%s: written; %s is kept, since the file was edited after gatehouse was installed\n", path, backup)))
		} else {
			fmt.Fprint(s.stdout, s.tr.Text(i18n.Sprintf("%s: written\n", path)))
		}
	}
	return nil
}

// sayChanges prints one line per server that was rewritten or left alone.
func (s *session) sayChanges(path string, changes []install.Change) {
	for _, c := range changes {
		var line string
		switch c.Action {
		case install.Wrapped:
			line = i18n.Sprintf("%s: %q now runs through gatehouse", path, c.Server)
		case install.Unwrapped:
			line = i18n.Sprintf("%s: %q runs without gatehouse again", path, c.Server)
		case install.Already:
			continue
		case install.Skipped:
			line = i18n.Sprintf("%s: %q left alone: %s", path, c.Server, c.Why)
		}
		fmt.Fprintln(s.stdout, s.tr.Text(line))
	}
}

// sameConfig says whether two configuration texts hold the same JSON value.
func sameConfig(a, b []byte) bool {
	va, errA := standardValue(a)
	vb, errB := standardValue(b)
	return errA == nil && errB == nil && reflect.DeepEqual(va, vb)
}

func standardValue(b []byte) (any, error) {
	std, err := hujson.Standardize(append([]byte(nil), b...))
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(std, &v)
	return v, err
}

// writeFileAtomic replaces a file by renaming a complete copy over it, so that a client never
// reads half a configuration.
func writeFileAtomic(path string, data []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// unifiedDiff shows what a rewrite changes, as diff -u does, with two lines of context.
func unifiedDiff(path string, before, after []byte) string {
	if bytes.Equal(before, after) {
		return ""
	}
	ops := lineDiff(string(before), string(after))
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", path, path)
	const context = 2
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*context || run == len(ops) {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		la, lb, na, nb := ops[start].a+1, ops[start].b+1, 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				na++
			}
			if op.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", la, na, lb, nb)
		for _, op := range ops[start:end] {
			out.WriteByte(op.kind)
			out.WriteString(op.line)
			out.WriteByte('\n')
		}
		i = end
	}
	return out.String()
}

type lineOp struct {
	kind byte // ' ', '-' or '+'
	line string
	a, b int // the line's index before and after (for '-', b is where it would be)
}

// lineDiff is the line diff of two texts, by go-diff's line mode (the word diffs of
// internal/diff use the same library).
func lineDiff(before, after string) []lineOp {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(before, after)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var ops []lineOp
	ia, ib := 0, 0
	for _, d := range diffs {
		for _, line := range strings.SplitAfter(d.Text, "\n") {
			if line == "" {
				continue
			}
			line = strings.TrimSuffix(line, "\n")
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				ops = append(ops, lineOp{' ', line, ia, ib})
				ia, ib = ia+1, ib+1
			case diffmatchpatch.DiffDelete:
				ops = append(ops, lineOp{'-', line, ia, ib})
				ia++
			case diffmatchpatch.DiffInsert:
				ops = append(ops, lineOp{'+', line, ia, ib})
				ib++
			}
		}
	}
	return ops
}
