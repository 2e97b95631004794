package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/live"
)

// listenAddress is where --listen binds: an address without a host (":8080", "8080") stays on
// this machine, 127.0.0.1; a wider address must be spelled out ("0.0.0.0:8080").
func listenAddress(flag string) string {
	host, port, err := net.SplitHostPort(flag)
	if err != nil {
		return net.JoinHostPort("127.0.0.1", flag)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// serveHTTP runs the proxy as an HTTP gateway until ctx ends, then shuts it down gracefully:
// no new connection, the requests under way get shutdownGrace to finish, and every session's
// server is stopped.
func serveHTTP(ctx context.Context, s *session, listen, tokenFile string, newGateway func([]live.ClientToken) (*live.HTTPGateway, error)) int {
	tokens, created, err := live.LoadTokens(tokenFile)
	if err != nil {
		return s.fail("--token-file: %v", err)
	}
	if created {
		s.note(i18n.Sprintf("wrote a new token to %s (mode 0600): give it to the client as the header \"Authorization: Bearer TOKEN\"", tokenFile))
	}
	g, err := newGateway(tokens)
	if err != nil {
		return s.proxyError(err)
	}
	ln, err := net.Listen("tcp", listenAddress(listen))
	if err != nil {
		return s.fail("--listen: %v", err)
	}
	addr := ln.Addr().String()
	if !live.IsLoopback(addr) {
		s.note(i18n.Sprintf("warning: listening on %s, beyond this machine: anyone who can reach it and holds a token of %s can use every server behind it; put TLS in front of it (a reverse proxy)", addr, tokenFile))
	}
	s.note(i18n.Sprintf("listening on http://%s/ for %s", addr, i18n.Plural(len(tokens), i18n.T("%d client"), i18n.T("%d clients"))))
	srv := &http.Server{Handler: g, ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(g.EndStreams)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		g.Close(context.Background())
		return s.fail("%v", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		s.note(i18n.Sprintf("shutting down: %v", err))
	}
	srv.Close()
	g.Close(shutdown)
	s.note(i18n.T("stopped"))
	return exitOK
}

// shutdownGrace is how long requests under way get to finish when the gateway stops.
const shutdownGrace = 10 * time.Second

// note writes one of the proxy's own lines to standard error.
func (s *session) note(msg string) {
	s.stderr.Write([]byte(s.tr.Text(i18n.Sprintf("gatehouse %s: %s\n", s.cmd.name, msg))))
}
