package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/live"
)

// serverFlags are the ways to name a live server in place of a catalog file: a command after
// "--", --url, --config or --discover.
type serverFlags struct {
	url       string
	headers   headerList
	headerEnv headerEnvList
	config    string
	discover  bool
	timeout   time.Duration
}

// headerList collects --header "Name: value" flags. Values are never printed.
type headerList map[string]string

func (h *headerList) String() string { return "" }

func (h *headerList) Set(v string) error {
	name, value, ok := strings.Cut(v, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") {
		return errors.New(`a header is "Name: value"`)
	}
	if *h == nil {
		*h = headerList{}
	}
	(*h)[name] = strings.TrimSpace(value)
	return nil
}

// headerEnvList collects --header-env "Name=VARIABLE" flags: a header whose value is read from
// an environment variable, so that a secret is never on a command line (where every user of the
// machine can read it in the process list). 'gatehouse install' writes headers this way.
type headerEnvList [][2]string

func (h *headerEnvList) String() string { return "" }

func (h *headerEnvList) Set(v string) error {
	name, variable, ok := strings.Cut(v, "=")
	name, variable = strings.TrimSpace(name), strings.TrimSpace(variable)
	if !ok || name == "" || variable == "" || strings.ContainsAny(name, " \t\r\n:") {
		return errors.New(`a header from the environment is "Name=VARIABLE"`)
	}
	*h = append(*h, [2]string{name, variable})
	return nil
}

// addServerFlags declares the flags that name a live server. withConfig adds --config and
// --discover (the proxy fronts one server and takes neither).
func addServerFlags(fs *flag.FlagSet, withConfig bool) *serverFlags {
	sf := &serverFlags{}
	fs.StringVar(&sf.url, "url", "", "the `URL` of a server speaking MCP over Streamable HTTP, instead of a command after --")
	fs.Var(&sf.headers, "header", "an HTTP header for --url, `\"Name: value\"` (repeatable; never printed or logged)")
	fs.Var(&sf.headerEnv, "header-env", "an HTTP header for --url whose value is the environment variable's, `\"Name=VARIABLE\"` (repeatable; keeps a secret off the command line)")
	if withConfig {
		fs.StringVar(&sf.config, "config", "", "an MCP client configuration `file` (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI): every server in it")
		fs.BoolVar(&sf.discover, "discover", false, "read the client configurations in their usual places, and every server in them")
	}
	fs.DurationVar(&sf.timeout, "timeout", live.DefaultLimits.StartTimeout, "how long a server gets to start, do the handshake and list its tools")
	return sf
}

// given reports whether a live server was named, and refuses two ways at once or a file beside
// one.
func (sf *serverFlags) given(s *session, files []string) (bool, error) {
	for _, h := range sf.headerEnv {
		value := s.getenv(h[1])
		if value == "" {
			return false, fmt.Errorf("--header-env %s=%s: the environment variable %s is not set", h[0], h[1], h[1])
		}
		if sf.headers == nil {
			sf.headers = headerList{}
		}
		sf.headers[h[0]] = value
	}
	n := 0
	for _, set := range []bool{s.dashed, sf.url != "", sf.config != "", sf.discover} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		if len(sf.headers) > 0 {
			return false, errors.New("--header goes with --url")
		}
		return false, nil
	case n > 1:
		return false, errors.New("name one server source: a command after --, --url, --config or --discover")
	case len(files) > 0:
		return false, fmt.Errorf("takes a catalog file or a live server, not both (%s)", strings.Join(files, " "))
	case s.dashed && len(s.serverCommand) == 0:
		return false, errors.New("-- must be followed by the server's command")
	case len(sf.headers) > 0 && sf.url == "":
		return false, errors.New("--header goes with --url")
	}
	return true, nil
}

// servers lists the servers named: one, or every server of the configurations.
func (sf *serverFlags) servers() (servers []live.Server, multi bool, problems []string, err error) {
	switch {
	case sf.url != "":
		return []live.Server{{URL: sf.url, Headers: sf.headers}}, false, nil, nil
	case sf.config != "" || sf.discover:
		var found []live.ConfigServer
		if sf.config != "" {
			data, rerr := os.ReadFile(sf.config)
			if rerr != nil {
				return nil, true, nil, pathError(sf.config, rerr)
			}
			found, err = live.ReadConfig(sf.config, data)
		} else {
			home, _ := os.UserHomeDir()
			cwd, _ := os.Getwd()
			var read []string
			found, read, err = live.Discover(home, cwd)
			if err == nil && len(read) == 0 {
				err = fmt.Errorf("no MCP client configuration found; looked in:\n  %s", strings.Join(live.ConfigPaths(home, cwd), "\n  "))
			}
		}
		if err != nil {
			return nil, true, nil, err
		}
		for _, cs := range found {
			switch {
			case cs.Disabled:
				problems = append(problems, fmt.Sprintf("server %s: skipped: the configuration disables it", cs.Name))
			case cs.Problem != "":
				problems = append(problems, cs.Problem)
			default:
				servers = append(servers, cs.Server)
			}
		}
		return servers, true, problems, nil
	}
	return nil, false, nil, nil
}

// fetched is what asking the named servers gave.
type fetched struct {
	text   string // the catalog JSON: one server's, or {"servers": …}
	name   string // how messages name it
	failed int    // servers that did not come
}

// fetchCatalogs asks every named server for its tools, at most four at a time, and reports each
// failure (with the server's stderr tail and exit status) on standard error. Servers of a
// configuration give one multi-server catalog holding those that came.
func (s *session) fetchCatalogs(sf *serverFlags) (*fetched, error) {
	cmd := s.serverCommand
	servers, multi, problems, err := sf.servers()
	if err != nil {
		return nil, err
	}
	if len(cmd) > 0 {
		servers = []live.Server{{Command: cmd}}
	}
	for _, p := range problems {
		fmt.Fprintf(s.stderr, "gatehouse %s: %s\n", s.cmd.name, p)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var noting sync.Mutex // the translation is not safe for concurrent use
	ctx = live.WithServerNotes(ctx, func(note string) {
		noting.Lock()
		defer noting.Unlock()
		fmt.Fprint(s.stderr, s.tr.Text(i18n.Sprintf("gatehouse %s: %s\n", s.cmd.name, note)))
	})
	lim := live.DefaultLimits
	lim.StartTimeout = sf.timeout
	catalogs := make([]*live.Catalog, len(servers))
	errs := make([]error, len(servers))
	var wg sync.WaitGroup
	slots := make(chan struct{}, 4)
	for i, srv := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			catalogs[i], errs[i] = live.FetchCatalog(ctx, srv, lim, nil)
		}()
	}
	wg.Wait()
	f := &fetched{failed: len(problems)}
	byName := live.Catalogs{}
	for i, srv := range servers {
		if errs[i] != nil {
			f.failed++
			fmt.Fprintf(s.stderr, "gatehouse %s: %v\n", s.cmd.name, errs[i])
			continue
		}
		if rep := catalogs[i].Repeated(); len(rep) > 0 {
			fmt.Fprintf(s.stderr, "gatehouse %s: server %s lists %s more than once: the gate denies calls to them\n", s.cmd.name, srv.Label(), strings.Join(rep, ", "))
		}
		byName[srv.Name] = catalogs[i]
	}
	switch {
	case multi:
		f.text, f.name = string(byName.JSON()), "<servers of "+sourceName(sf)+">"
	case f.failed == 0:
		f.text, f.name = string(catalogs[0].JSON()), "<server "+servers[0].Label()+">"
	}
	return f, nil
}

func sourceName(sf *serverFlags) string {
	if sf.config != "" {
		return sf.config
	}
	return "the discovered configurations"
}

// readCatalog reads the catalog a checking command works on: the file named, or what the live
// server named lists. ok is false when the command must stop with the code returned.
func (s *session) readCatalog(sf *serverFlags, args []string) (in *input, code int, ok bool) {
	isLive, err := sf.given(s, args)
	if err != nil {
		return nil, s.usageError("%v", err), false
	}
	if !isLive {
		in, err := s.read(i18n.T("the catalog"), firstArg(args))
		if err != nil {
			return nil, s.fail("%v", err), false
		}
		return in, exitOK, true
	}
	f, err := s.fetchCatalogs(sf)
	if err != nil {
		return nil, s.fail("%v", err), false
	}
	if f.failed > 0 {
		return nil, s.fail("%s did not answer: nothing was checked", i18n.Plural(f.failed, i18n.T("%d server"), i18n.T("%d servers"))), false
	}
	return &input{name: f.name, text: f.text}, exitOK, true
}

var catalogCommand = &command{
	name:    "catalog",
	usage:   "catalog [--url URL [--header H]... | --config FILE | --discover] [--timeout D] [-- CMD ARGS...]",
	summary: "ask a running MCP server for its tools and write the catalog JSON",
	server:  true,
	details: `
Starts the server command after -- (or connects to --url over Streamable HTTP), does the MCP
handshake as a client, lists every tool following nextCursor, stops the server, and writes the
catalog to standard output: {"protocolVersion", "serverInfo", "tools": […]}, each tool exactly
as the server sent it (pins hash the whole tool). The handshake claims roots, sampling and
elicitation, as a full client does, since some servers offer tools only to such clients.

--config reads an MCP client configuration (Claude Desktop, Claude Code's .mcp.json, Cursor,
VS Code's "servers", Windsurf, Gemini CLI), starts or connects to each server, and writes one
multi-server catalog {"servers": {"name": catalog}}; --discover does the same with the
configurations found in their usual places. A server that fails is reported on standard error
with the end of its stderr and its exit status, and the others still come through.

The output is what 'gatehouse pin', 'verify', 'lint' and the page read; those commands take the
same -- CMD, --url, --config and --discover in place of a file.

Exit code 0 when every server answered; 3 when one could not be started, did not finish the
handshake or its listing in --timeout, or a flag is wrong.`,
	define: func(fs *flag.FlagSet) runFunc {
		sf := addServerFlags(fs, true)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			isLive, err := sf.given(s, args)
			if err != nil {
				return s.usageError("%v", err)
			}
			if !isLive {
				return s.usageError("name a server: a command after --, --url, --config or --discover")
			}
			f, err := s.fetchCatalogs(sf)
			if err != nil {
				return s.fail("%v", err)
			}
			if f.text != "" {
				if _, err := fmt.Fprint(s.stdout, f.text); err != nil {
					return s.fail("writing the output: %v", err)
				}
			}
			if f.failed > 0 {
				return s.fail("%s did not answer", i18n.Plural(f.failed, i18n.T("%d server"), i18n.T("%d servers")))
			}
			return exitOK
		}
	},
}
