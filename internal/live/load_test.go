package live_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// echoServer is an SDK server whose tools answer with what they were asked, so that a result
// reaching the wrong client is seen; "forbidden" records that it ran, which it never may.
func echoServer(t testing.TB, ran *sync.Map) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "echo", Version: "1"}, nil)
	for _, name := range []string{"echo", "forbidden"} {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}}},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				if name == "forbidden" {
					ran.Store(string(req.Params.Arguments), true)
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(req.Params.Arguments)}}}, nil
			})
	}
	return s
}

// loadGateway is an HTTP gateway in front of the echo server, with n tokens: a server session
// per client session, over Streamable HTTP (overHTTP), or in this process, which spares the load
// test a second HTTP hop it does not test.
func loadGateway(t testing.TB, n int, ran *sync.Map, overHTTP bool) (string, []string) {
	upstream := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return echoServer(t, ran) }, nil))
	cfg := live.ProxyConfig{Server: live.Server{URL: upstream.URL}, Policy: `{"allow_tools":["echo"]}`}
	if !overHTTP {
		echo := echoServer(t, ran)
		cfg.NewUpstream = func() mcp.Transport {
			serverSide, clientSide := mcp.NewInMemoryTransports()
			if _, err := echo.Connect(context.Background(), serverSide, nil); err != nil {
				t.Error(err)
			}
			return clientSide
		}
	}
	var lines []string
	for i := range n {
		lines = append(lines, fmt.Sprintf("load-client-%04d-0123456789abcdef", i))
	}
	path := filepath.Join(t.TempDir(), "tokens")
	os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600)
	toks, _, err := live.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := live.NewHTTPGateway(cfg, toks)
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(g)
	t.Cleanup(func() { front.Close(); g.Close(context.Background()); upstream.Close() })
	return front.URL, lines
}

// loadClient connects one client with its token.
func loadClient(t testing.TB, url, token string) *mcp.ClientSession {
	c := mcp.NewClient(&mcp.Implementation{Name: "load", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url,
		HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}}, nil)
	if err != nil {
		t.Fatalf("connecting: %v", err)
	}
	return cs
}

// TestHTTPGatewayLoad: 50 clients at once, each with its own token, make 1,000 calls each
// (every tenth to a tool the policy forbids). Every allowed call gets its own answer, every
// forbidden one a deny, none of them runs, and the heap after the load is about what it was
// after the first round. Bounded: 50,000 calls, each with a deadline.
func TestHTTPGatewayLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("50,000 calls")
	}
	const clients, calls = 50, 1000
	// The heap stays small (the check below); collecting it less often spares the run a good part
	// of its CPU (the collector took a quarter of it), which on a shared machine is its wall time.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	var ran sync.Map
	url, tokens := loadGateway(t, clients, &ran, false)
	sessions := make([]*mcp.ClientSession, clients)
	for i := range sessions {
		sessions[i] = loadClient(t, url, tokens[i])
		defer sessions[i].Close()
	}
	round := func(from, to int) []error {
		errs := make([]error, clients)
		var wg sync.WaitGroup
		for c, cs := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := from; k < to; k++ {
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					tool, id := "echo", fmt.Sprintf("c%d-k%d", c, k)
					if k%10 == 9 {
						tool = "forbidden"
					}
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"id": id}})
					cancel()
					switch {
					case err != nil:
						errs[c] = fmt.Errorf("client %d call %d: %v", c, k, err)
						return
					case tool == "forbidden" && !res.IsError:
						errs[c] = fmt.Errorf("client %d call %d: a forbidden call was not denied", c, k)
						return
					case tool == "echo" && (res.IsError || resultText(res) != `{"id":"`+id+`"}`):
						errs[c] = fmt.Errorf("client %d call %d: got %q, not its own answer", c, k, resultText(res))
						return
					}
				}
			}()
		}
		wg.Wait()
		return slices.DeleteFunc(errs, func(e error) bool { return e == nil })
	}
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	if errs := round(0, 100); len(errs) > 0 {
		t.Fatal(errs)
	}
	after100 := heap()
	if errs := round(100, calls); len(errs) > 0 {
		t.Fatal(errs)
	}
	after1000 := heap()
	ran.Range(func(k, _ any) bool {
		t.Errorf("a forbidden call ran: %v", k)
		return true
	})
	// Flat: nine times the calls did not grow the heap beyond a margin for the collector's timing.
	if after1000 > after100*2+(16<<20) {
		t.Errorf("the heap grew from %d MiB after 100 calls per client to %d MiB after %d", after100>>20, after1000>>20, calls)
	}
	t.Logf("heap in use: %d MiB after 100 calls per client, %d MiB after %d", after100>>20, after1000>>20, calls)
}

// BenchmarkHTTPGatewayCall: the latency of a call through proxy --listen beside the same call
// to the same server directly, 50 clients at once.
func BenchmarkHTTPGatewayCall(b *testing.B) {
	var ran sync.Map
	url, tokens := loadGateway(b, 50, &ran, true)
	direct := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return echoServer(b, &ran) }, nil))
	defer direct.Close()
	for _, c := range []struct{ name, url string }{{"direct", direct.URL}, {"proxy", url}} {
		b.Run(c.name, func(b *testing.B) {
			sessions := make([]*mcp.ClientSession, 50)
			for i := range sessions {
				sessions[i] = loadClient(b, c.url, tokens[i])
				defer sessions[i].Close()
			}
			var mu sync.Mutex
			var all []time.Duration
			per := max(b.N/50, 1)
			b.ResetTimer()
			var wg sync.WaitGroup
			for _, cs := range sessions {
				wg.Add(1)
				go func() {
					defer wg.Done()
					mine := make([]time.Duration, 0, per)
					for range per {
						start := time.Now()
						if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"id": "x"}}); err != nil {
							b.Error(err)
							return
						}
						mine = append(mine, time.Since(start))
					}
					mu.Lock()
					all = append(all, mine...)
					mu.Unlock()
				}()
			}
			wg.Wait()
			b.StopTimer()
			slices.Sort(all)
			b.ReportMetric(float64(all[len(all)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(all[len(all)*99/100].Microseconds()), "p99-µs")
		})
	}
}
