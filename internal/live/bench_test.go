package live_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// callLatencies makes b.N calls and reports the median and 99th percentile.
func callLatencies(b *testing.B, cs *mcp.ClientSession, name string, args map[string]any) {
	b.Helper()
	ctx := context.Background()
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil || res.IsError {
			b.Fatalf("call: %v %v", err, res)
		}
		durations = append(durations, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(durations)
	b.ReportMetric(float64(durations[len(durations)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(durations[len(durations)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkCallEverything: a tools/call to server-everything's echo over stdio, directly and
// through the proxy (the same server, started the same way): the difference is what the proxy
// adds.
func BenchmarkCallEverything(b *testing.B) {
	everything := testenv.MCPServer(b, "mcp-server-everything")
	args := map[string]any{"message": "hello"}
	b.Run("direct", func(b *testing.B) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).
			Connect(ctx, &mcp.CommandTransport{Command: exec.Command(everything[0], everything[1:]...)}, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		callLatencies(b, cs, "echo", args)
	})
	b.Run("proxy", func(b *testing.B) {
		cs := benchProxy(b, live.ProxyConfig{Server: live.Server{Command: everything}, Policy: `{"allow_tools":["echo"]}`})
		callLatencies(b, cs, "echo", args)
	})
	// The client on pipes, as a client that starts gatehouse proxy speaks to it: the path of
	// a real call, both sides of the proxy on stdio.
	b.Run("proxy-stdio", func(b *testing.B) {
		cs := benchProxyStdio(b, live.ProxyConfig{Server: live.Server{Command: everything}, Policy: `{"allow_tools":["echo"]}`})
		callLatencies(b, cs, "echo", args)
	})
}

// benchProxyStdio serves a proxy to a client over a pair of pipes, through [live.ClientStdio].
func benchProxyStdio(b *testing.B, cfg live.ProxyConfig) *mcp.ClientSession {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	p, err := live.NewProxy(cfg)
	if err != nil {
		b.Fatal(err)
	}
	toProxy, fromClient, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	toClient, fromProxy, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { fromClient.Close(); fromProxy.Close(); toProxy.Close(); toClient.Close() })
	go p.Serve(ctx, live.ClientStdio(toProxy, fromProxy, live.DefaultLimits.MaxMessageBytes, "en", nil))
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, &mcp.IOTransport{Reader: toClient, Writer: fromClient}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	return cs
}

func benchProxy(b *testing.B, cfg live.ProxyConfig) *mcp.ClientSession {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	p, err := live.NewProxy(cfg)
	if err != nil {
		b.Fatal(err)
	}
	proxySide, clientSide := mcp.NewInMemoryTransports()
	go p.Serve(ctx, proxySide)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	return cs
}

// BenchmarkProxy10000Tools: calls through one proxy whose server lists 10,000 tools (an SDK
// server in this process, so the number is the proxy's and core's, not a server's): calls per
// second, latency, and the heap once the catalog is listed and the proxy is at rest.
func BenchmarkProxy10000Tools(b *testing.B) {
	server := mcp.NewServer(&mcp.Implementation{Name: "big", Version: "1"}, nil)
	for i := range 10000 {
		server.AddTool(&mcp.Tool{Name: fmt.Sprintf("tool_%05d", i), Description: fmt.Sprintf("Look up record %d in the inventory service and return its fields. Read-only.", i),
			InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"id"},
				"properties": map[string]any{"id": map[string]any{"type": "string", "pattern": "^[a-z0-9-]{8,36}$"}, "limit": map[string]any{"type": "integer", "minimum": 1, "maximum": 100}}},
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
			})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serverSide, upstream := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, serverSide, nil); err != nil {
		b.Fatal(err)
	}
	allow := make([]string, 0, 10000)
	for i := range 10000 {
		allow = append(allow, fmt.Sprintf("%q", fmt.Sprintf("tool_%05d", i)))
	}
	cs := benchProxy(b, live.ProxyConfig{Upstream: upstream, Policy: `{"allow_tools":[` + strings.Join(allow, ",") + `]}`})
	start := time.Now()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 10000 {
		b.Fatalf("listing: %v, %d tools", err, len(list.Tools))
	}
	listing := time.Since(start)
	list = nil
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	start = time.Now()
	callLatencies(b, cs, "tool_05000", map[string]any{"id": "a1b2c3d4-0000", "limit": 10})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "calls/s")
	b.ReportMetric(float64(listing.Milliseconds()), "list-ms")
	// The heap of the whole process: the proxy with its listing, and the server's 10,000 tools.
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MiB-at-rest")
}

// BenchmarkList10000Tools: a client's tools/list of 10,000 tools (an SDK server in this process),
// directly and through the proxy, from the request to the full list: what the proxy's own
// listing, core's reading and gating of the catalog, and the filtered answer add.
func BenchmarkList10000Tools(b *testing.B) {
	server := mcp.NewServer(&mcp.Implementation{Name: "big", Version: "1"}, nil)
	allow := make([]string, 0, 10000)
	for i := range 10000 {
		name := fmt.Sprintf("tool_%05d", i)
		allow = append(allow, fmt.Sprintf("%q", name))
		server.AddTool(&mcp.Tool{Name: name, Description: fmt.Sprintf("Look up record %d in the inventory service and return its fields. Read-only.", i),
			InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"id"},
				"properties": map[string]any{"id": map[string]any{"type": "string", "pattern": "^[a-z0-9-]{8,36}$"}, "limit": map[string]any{"type": "integer", "minimum": 1, "maximum": 100}}},
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
			})
	}
	list := func(b *testing.B, cs *mcp.ClientSession) {
		b.ResetTimer()
		for range b.N {
			// Every page: the server pages its list, the proxy answers in one.
			n := 0
			for _, err := range cs.Tools(context.Background(), nil) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != 10000 {
				b.Fatalf("listed %d tools", n)
			}
		}
	}
	b.Run("direct", func(b *testing.B) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		serverSide, clientSide := mcp.NewInMemoryTransports()
		if _, err := server.Connect(ctx, serverSide, nil); err != nil {
			b.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, clientSide, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		list(b, cs)
	})
	b.Run("proxy", func(b *testing.B) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		serverSide, upstream := mcp.NewInMemoryTransports()
		if _, err := server.Connect(ctx, serverSide, nil); err != nil {
			b.Fatal(err)
		}
		cs := benchProxy(b, live.ProxyConfig{Upstream: upstream, Policy: `{"allow_tools":[` + strings.Join(allow, ",") + `]}`})
		list(b, cs)
	})
}
