package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// A command is one subcommand: its name, its synopsis, a sentence saying what it does, and
// define, which declares the command's flags on its own FlagSet and returns the function that
// runs it once they are parsed.
type command struct {
	name    string
	usage   string // synopsis after "gatehouse "
	summary string // one line for `gatehouse help`
	details string // more paragraphs for `gatehouse help NAME`
	define  func(fs *flag.FlagSet) runFunc
	// server says that what follows "--" is a server's command line (catalog, pin, verify,
	// lint, proxy), not more files.
	server bool
	// longRunning says the command serves until it is stopped (proxy, serve). Its messages stay
	// in English: a translation open for a server's whole life would keep every message the
	// server ever words.
	longRunning bool
}

// A runFunc runs a command on its positional arguments, after its flags are parsed, and returns
// the exit code.
type runFunc func(s *session, args []string) int

// commands is the table `gatehouse help` lists, in that order.
var commands []*command

func init() {
	// Assigned in init because help refers to the table it is part of.
	commands = []*command{
		validateCommand,
		gateCommand,
		replayCommand,
		checkDecisionCommand,
		diffCommand,
		lintCommand,
		checkResultCommand,
		pinCommand,
		verifyCommand,
		catalogCommand,
		proxyCommand,
		installCommand,
		uninstallCommand,
		linkCommand,
		serveCommand,
		helpCommand,
		versionCommand,
	}
}

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// A session is one run of one command: its streams and what it has read so far.
type session struct {
	cmd    *command
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// stdinName is the flag or argument that already took standard input, so that a second one
	// is refused instead of reading an empty text.
	stdinName string
	// serverCommand is what followed "--" for a command that starts a server; dashed says
	// whether "--" was given at all.
	serverCommand []string
	dashed        bool
	// getenv reads the environment: the locale, NO_COLOR.
	getenv func(string) string
	// lang is the language of the messages, from the locale (LC_ALL, LC_MESSAGES, LANG); tr
	// writes the command's own words in it when they are printed (core writes its answers in
	// it itself).
	lang i18n.Lang
	tr   *i18n.Translation
	// proxyFiles are the proxy's policy and lock files, to place their problems.
	proxyFiles inputsBySource
}

// run is the whole CLI: it parses args, runs the command, and returns the exit code. getenv
// reads the environment (os.Getenv): messages follow the locale, as a C program's do
// (LC_ALL, LC_MESSAGES, LANG; English, French or German). Only main calls os.Exit, so tests
// can call run directly.
func run(args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	lang := i18n.FromLocale(getenv)
	if len(args) > 0 {
		if c := lookupCommand(args[0]); c != nil && c.longRunning {
			lang = i18n.English
		}
	}
	tr := i18n.Open(lang)
	defer tr.Close()
	if len(args) == 0 {
		writeOverview(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		writeOverview(stdout)
		return exitOK
	case "-version", "--version":
		name = "version"
	}
	cmd := lookupCommand(name)
	if cmd == nil {
		fmt.Fprint(stderr, tr.Text(i18n.Sprintf("gatehouse: unknown command %q\nRun 'gatehouse help' for the list of commands.\n", name)))
		return exitUsage
	}
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported below, in one format
	runCmd := cmd.define(fs)
	s := &session{cmd: cmd, stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv, lang: lang, tr: tr}
	positional, afterDash, dashed, err := parseInterleaved(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		writeCommandHelp(stdout, cmd)
		return exitOK
	}
	if err != nil {
		return s.usageError("%v", err)
	}
	if cmd.server {
		s.serverCommand, s.dashed = afterDash, dashed
	} else {
		positional = append(positional, afterDash...)
	}
	return runCmd(s, positional)
}

// parseInterleaved parses flags wherever they appear, so that `gatehouse validate doc.json
// --schema s.json` works as well as the flags-first order. What follows "--" is returned apart,
// with dashed set: more files for most commands, a server's command line for some.
func parseInterleaved(fs *flag.FlagSet, args []string) (positional, afterDash []string, dashed bool, err error) {
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, false, err
		}
		consumed := len(args) - fs.NArg()
		rest := fs.Args()
		if consumed > 0 && args[consumed-1] == "--" {
			return positional, rest, true, nil
		}
		if len(rest) == 0 {
			return positional, nil, false, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// usageError reports a mistake in the command line and returns [exitUsage].
func (s *session) usageError(format string, args ...any) int {
	fmt.Fprint(s.stderr, s.tr.Text(i18n.Sprintf("gatehouse %s: %s\nusage: gatehouse %s\nRun 'gatehouse help %s' for details.\n",
		s.cmd.name, i18n.Sprintf(format, args...), s.cmd.usage, s.cmd.name)))
	return exitUsage
}

// fail reports why the command could not run (an unreadable file, a refused link) and returns
// [exitUsage].
func (s *session) fail(format string, args ...any) int {
	fmt.Fprint(s.stderr, s.tr.Text(i18n.Sprintf("gatehouse %s: %s\n", s.cmd.name, i18n.Sprintf(format, args...))))
	return exitUsage
}

// maxArgs refuses more positional arguments than the command takes.
func (s *session) maxArgs(args []string, n int) (int, bool) {
	if len(args) <= n {
		return 0, true
	}
	what := i18n.T("no arguments")
	switch n {
	case 1:
		what = i18n.T("one file")
	case 2:
		what = i18n.T("two files")
	}
	return s.usageError("takes %s, got %s (%s)", what, i18n.Plural(len(args), i18n.T("%d argument"), i18n.T("%d arguments")), strings.Join(args, " ")), false
}

func writeOverview(w io.Writer) {
	fmt.Fprintf(w, "gatehouse checks AI-agent tool calls: is the call well formed, is it allowed, and has the\ntool catalog changed since it was reviewed.\n\nUsage:\n\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  gatehouse %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprint(w, "\nRun 'gatehouse help COMMAND' for a command's flags.\n\n")
	writeExitCodes(w)
}

func writeExitCodes(w io.Writer) {
	fmt.Fprint(w, "Exit codes:\n\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, e := range exitCodes {
		fmt.Fprintf(tw, "  %d\t%s\n", e.code, e.meaning)
	}
	tw.Flush()
}

func writeCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: gatehouse %s\n\n%s.\n", c.usage, capitalize(c.summary))
	if c.details != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.details))
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.define(fs)
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprint(w, "\nFlags:\n")
			first = false
		}
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s", f.Name)
		if name != "" {
			fmt.Fprintf(w, " %s", name)
		}
		fmt.Fprintf(w, "\n      %s", usage)
		if f.DefValue != "" && f.DefValue != "[]" && f.DefValue != "false" {
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var helpCommand = &command{
	name:    "help",
	usage:   "help [COMMAND]",
	summary: "explain a command, or list them all with the exit codes",
	define: func(fs *flag.FlagSet) runFunc {
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			if len(args) == 0 {
				writeOverview(s.stdout)
				return exitOK
			}
			c := lookupCommand(args[0])
			if c == nil {
				return s.usageError("unknown command %q", args[0])
			}
			writeCommandHelp(s.stdout, c)
			return exitOK
		}
	},
}

var versionCommand = &command{
	name:    "version",
	usage:   "version",
	summary: "print gatehouse's version",
	define: func(fs *flag.FlagSet) runFunc {
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			fmt.Fprintf(s.stdout, "gatehouse %s\n", core.Version)
			return exitOK
		}
	},
}

// stdoutIsTerminal reports whether w is a terminal, where colour helps; a file or a pipe gets
// plain text.
func stdoutIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
