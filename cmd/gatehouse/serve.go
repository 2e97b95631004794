package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gatehouse-dev/gatehouse/site"
)

// defaultAddr is loopback: the page is for the person at this machine, not the network.
const defaultAddr = "127.0.0.1:8080"

var serveCommand = &command{
	name:        "serve",
	longRunning: true,
	usage:       "serve [--addr HOST:PORT]",
	summary:     "serve the page from this binary, on loopback by default",
	details: `
The page (HTML, scripts and the checker compiled to WebAssembly) is built into the binary; nothing
is read from disk. Every response carries a strict Content-Security-Policy, nosniff,
Referrer-Policy no-referrer and frame-ancestors 'none', and is compressed with brotli or gzip when
the browser accepts it. Stop with Ctrl-C (SIGINT) or SIGTERM: requests in flight finish first.

The binary must be built after 'make wasm' (which 'make serve' does); without the checker built in,
serve refuses to start. Port 0 picks a free port; the address is printed either way.

Exit code 0 after a clean stop; 3 when the checker is missing or the address cannot be bound.`,
	define: func(fs *flag.FlagSet) runFunc {
		addr := fs.String("addr", defaultAddr, "the `address` to listen on")
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 0); !ok {
				return code
			}
			if !site.HasWasm() {
				return s.fail("this binary was built without the page's checker (site/gatehouse.wasm): run 'make wasm' and build again, or run 'make serve'")
			}
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				return s.fail("cannot listen on %s: %v", *addr, errors.Unwrap(err))
			}
			return serve(s, ln)
		}
	},
}

// serve answers requests on ln until SIGINT or SIGTERM, then shuts down gracefully.
func serve(s *session, ln net.Listener) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	tcp, _ := ln.Addr().(*net.TCPAddr)
	host := ln.Addr().String()
	if tcp != nil && tcp.IP.IsUnspecified() {
		fmt.Fprintf(s.stderr, "gatehouse serve: listening on every interface (%s): other machines can load the page\n", host)
		host = net.JoinHostPort("127.0.0.1", fmt.Sprint(tcp.Port))
	} else if tcp != nil && !tcp.IP.IsLoopback() {
		fmt.Fprintf(s.stderr, "gatehouse serve: listening on %s, not loopback: other machines can load the page\n", host)
	}
	fmt.Fprintf(s.stdout, "gatehouse: serving the page at http://%s/\nOpen that address in a browser; press Ctrl-C to stop.\n", host)

	srv := &http.Server{
		Handler:           site.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return s.fail("%v", err)
	case <-ctx.Done():
	}
	stop() // a second Ctrl-C now kills the process at once
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return s.fail("stopping: %v", err)
	}
	fmt.Fprintln(s.stdout, "gatehouse: stopped")
	return exitOK
}
