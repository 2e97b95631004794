package live_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFetchCatalogProtocol: gatehouse lists a server's tools in MCP 2026-07-28 where the server
// speaks it (a stateless Streamable HTTP server), and falls back to the initialize handshake
// where it does not (a stateful one, which refuses the stateless protocol).
func TestFetchCatalogProtocol(t *testing.T) {
	for _, c := range []struct {
		stateless bool
		want      string
	}{{true, "2026-07-28"}, {false, "2025-11-25"}} {
		rec := newRecorder(t, tool("read", "Read a file."))
		srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return rec.server },
			&mcp.StreamableHTTPOptions{Stateless: c.stateless}))
		cat, err := live.FetchCatalog(context.Background(), live.Server{URL: srv.URL}, live.Limits{}, nil)
		srv.Close()
		if err != nil {
			t.Fatalf("stateless %v: %v", c.stateless, err)
		}
		if cat.ProtocolVersion != c.want || len(cat.Tools) != 1 || !strings.Contains(string(cat.Tools[0]), `"read"`) || !strings.Contains(string(cat.ServerInfo), "recorder") {
			t.Errorf("stateless %v: protocol %s, serverInfo %s, tools %s; want %s and read", c.stateless, cat.ProtocolVersion, cat.ServerInfo, cat.Tools, c.want)
		}
	}
}
