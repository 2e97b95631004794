package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/signal"
	"syscall"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/live"
)

var proxyCommand = &command{
	name:        "proxy",
	longRunning: true,
	usage:       "proxy --policy P [--lock L] [--log FILE] [--listen ADDR --token-file FILE] [--url URL [--header H]... | --config FILE | --discover | -- CMD ARGS...]",
	summary:     "stand in front of an MCP server and gate every tool call as it happens",
	server:      true,
	details: `
Put it in an MCP client's configuration in place of the server's command: the client speaks MCP
to gatehouse on standard input and output, and gatehouse to the server (the command after --,
or --url over Streamable HTTP). With the same policy file the page reads:

  - tools/list: tools the policy does not allow are hidden (default deny), and so are tools
    whose definition no longer matches --lock or the policy's pins (a rug pull is stopped, not
    just reported); the list is checked again on the server's notifications/tools/list_changed.
  - tools/call: gated by the same core as 'gatehouse gate'. allow goes to the server; deny never
    reaches it, and the client gets a tool result with isError whose text gives the reasons; ask
    asks the person through the client and goes to the server only on accept (decline, cancel
    or no answer in --ask-timeout deny): under MCP 2026-07-28 with an input-required result
    that the client answers by retrying the call, under 2025-11-25 with an elicitation request.
    A client that can do neither gets a deny with needs_confirm.
  - everything else (resources, prompts, sampling, roots, notifications, progress,
    cancellation, pings) passes through unchanged, both ways.

--config FILE or --discover puts one gateway in front of every server of the client
configurations: the client sees one server with all their tools, resources and prompts, and one
policy decides every call, naming a tool "server/tool" (or by its name where one server alone
offers it), with one lock and one log. A tool keeps its name where no other server offers one of
that name; where several do, each is shown as "<server>__<tool>" (the server's name reduced to
A-Z a-z 0-9 _ . -). A server that fails is reported here; its tools are withdrawn and calls to
them denied, and the others keep working. It speaks MCP 2026-07-28 to the client and to each
server that does, else the initialize protocol, down to 2025-06-18; asks go to the person as
above, whichever mode.

--listen ADDR serves clients over Streamable HTTP instead of standard input and output: a team
runs one gateway in front of shared servers. Every request needs "Authorization: Bearer TOKEN"
with a token of --token-file (one per line, each a client; a missing file is created with one
new random token, mode 0600); a missing or wrong token gets 401, a web page of another origin
403. Each client session gets its own server (a command is started per session); a client of
MCP 2026-07-28, whose requests carry no session, has one such session per token. ADDR without a
host (":8080") listens on 127.0.0.1; a wider address is warned about. Ctrl-C or SIGTERM stops it
gracefully. The log names each call's client by its token's line ("client-2"), never the token.

--lang picks the language of what the client and the person read: the gate's explanations, the
confirmation, and the proxy's errors (a line that is not JSON-RPC among them); by default the
locale's. gatehouse's own lines on stderr stay in English.

--log appends one JSON line per gated call: the decision the page shows, with time, server,
requestId, forwarded and the person's confirmation; credentials in the call are withheld. A
line opens in the page with 'gatehouse link --decision'.

The server's stderr goes to gatehouse's. A policy or lock that does not parse stops the proxy
before it starts, with the problem at file:line:column (exit 3). Exit code 0 when the client
closes the connection; 3 when the server cannot start or fails, or the client sends what is not
MCP.`,
	define: func(fs *flag.FlagSet) runFunc {
		policyPath := fs.String("policy", "", "the policy `file` (required)")
		lockPath := fs.String("lock", "", "a lock `file` written by 'gatehouse pin': tools that no longer match it are hidden and denied")
		logPath := fs.String("log", "", "append each decision as a JSON line to this `file`")
		sf := addServerFlags(fs, true)
		askTimeout := fs.Duration("ask-timeout", live.DefaultLimits.AskTimeout, "how long a person has to answer when the gate asks; no answer denies")
		callTimeout := fs.Duration("call-timeout", live.DefaultLimits.CallTimeout, "how long the server has to answer a request before the client gets an error")
		listen := fs.String("listen", "", "serve clients over Streamable HTTP on this `address` (\":8080\" is 127.0.0.1:8080) instead of standard input and output")
		tokenFile := fs.String("token-file", "", "with --listen, the `file` of client tokens, one per line (created with one new token when missing)")
		langTag := fs.String("lang", "", "the `language` of what the client and the person read (explanations, confirmations, errors): en, fr or de; by default the locale's")
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			if *policyPath == "" {
				return s.usageError("--policy is required")
			}
			isLive, err := sf.given(s, args)
			if err != nil {
				return s.usageError("%v", err)
			}
			if !isLive {
				return s.usageError("name the server: a command after --, --url, --config or --discover")
			}
			policy, err := s.read("--policy", *policyPath)
			if err != nil {
				return s.fail("%v", err)
			}
			lang := i18n.FromLocale(s.getenv)
			if *langTag != "" {
				l, ok := i18n.ParseLang(*langTag)
				if !ok {
					return s.usageError("--lang: %q is not a language gatehouse speaks (en, fr, de)", *langTag)
				}
				lang = l
			}
			cfg := live.ProxyConfig{Policy: policy.text, Stderr: s.stderr, Lang: string(lang),
				Limits: live.Limits{StartTimeout: sf.timeout, AskTimeout: *askTimeout, CallTimeout: *callTimeout}}
			files := inputsBySource{core.Sources.Policy: policy}
			if *lockPath != "" {
				lock, err := s.read("--lock", *lockPath)
				if err != nil {
					return s.fail("%v", err)
				}
				cfg.Lock = lock.text
				files[core.Sources.Lock], files[core.Sources.Left] = lock, lock
			}
			s.proxyFiles = files
			if sf.config != "" || sf.discover {
				return s.proxyServers(sf, cfg, *logPath, *listen, *tokenFile)
			}
			if sf.url != "" {
				cfg.Server = live.Server{URL: sf.url, Headers: sf.headers}
			} else {
				cfg.Server = live.Server{Command: s.serverCommand}
			}
			if *logPath != "" {
				f, err := os.OpenFile(*logPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
				if err != nil {
					return s.fail("%v", pathError(*logPath, err))
				}
				defer f.Close()
				cfg.Log = f
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if *listen != "" {
				if *tokenFile == "" {
					return s.usageError("--listen needs --token-file: every client of the gateway needs a token")
				}
				return serveHTTP(ctx, s, *listen, *tokenFile, func(tokens []live.ClientToken) (*live.HTTPGateway, error) {
					return live.NewHTTPGateway(cfg, tokens)
				})
			}
			if *tokenFile != "" {
				return s.usageError("--token-file goes with --listen")
			}
			proxy, err := live.NewProxy(cfg)
			if err != nil {
				return s.proxyError(err)
			}
			client := live.ClientStdio(s.stdin, s.stdout, live.DefaultLimits.MaxMessageBytes, cfg.Lang, s.note)
			if err := proxy.Serve(ctx, client); err != nil {
				return s.fail("%v", err)
			}
			return exitOK
		}
	},
}

// proxyServers runs one gateway in front of every server of the client configurations.
func (s *session) proxyServers(sf *serverFlags, cfg live.ProxyConfig, logPath, listen, tokenFile string) int {
	servers, _, problems, err := sf.servers()
	if err != nil {
		return s.fail("%v", err)
	}
	for _, p := range problems {
		s.note(p)
	}
	if len(servers) == 0 {
		return s.fail("the configuration names no server gatehouse can start")
	}
	mcfg := live.MultiProxyConfig{Servers: servers, Policy: cfg.Policy, Lock: cfg.Lock, Limits: cfg.Limits, Stderr: s.stderr, Lang: cfg.Lang}
	if logPath != "" {
		f, err := os.OpenFile(logPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return s.fail("%v", pathError(logPath, err))
		}
		defer f.Close()
		mcfg.Log = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if listen != "" {
		if tokenFile == "" {
			return s.usageError("--listen needs --token-file: every client of the gateway needs a token")
		}
		return serveHTTP(ctx, s, listen, tokenFile, func(tokens []live.ClientToken) (*live.HTTPGateway, error) {
			return live.NewHTTPGateway(mcfg, tokens)
		})
	}
	proxy, err := live.NewMultiProxy(mcfg)
	if err != nil {
		return s.proxyError(err)
	}
	client := live.ClientStdio(s.stdin, s.stdout, live.DefaultLimits.MaxMessageBytes, cfg.Lang, s.note)
	if err := proxy.Serve(ctx, client); err != nil {
		return s.fail("%v", err)
	}
	return exitOK
}

// proxyError reports why the proxy did not start: the policy's or the lock's problems, placed
// in their files, or another error.
func (s *session) proxyError(err error) int {
	var perr *live.PolicyError
	if errors.As(err, &perr) {
		textPrinter{}.print(s.stderr, &report{items: problemItems(perr.Problems, s.proxyFiles)})
		return s.fail("not started: %s in the policy or the lock", countProblems(len(perr.Problems)))
	}
	return s.fail("%v", err)
}
