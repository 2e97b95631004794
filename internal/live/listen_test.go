package live_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bearer adds a token to every request of an HTTP client.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(req)
}

// gateway starts an HTTP gateway on loopback in front of the recorder (itself served over
// Streamable HTTP, so that each client session gets a server session of its own) and returns
// its URL, the tokens and the log.
func gateway(t *testing.T, rec *recorder, policy string, tokens string) (string, []string, *syncBuffer, *live.HTTPGateway) {
	t.Helper()
	upstream := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return rec.server }, nil))
	t.Cleanup(upstream.Close)
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte(tokens), 0o600); err != nil {
		t.Fatal(err)
	}
	toks, _, err := live.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	log := &syncBuffer{}
	g, err := live.NewHTTPGateway(live.ProxyConfig{Server: live.Server{URL: upstream.URL}, Policy: policy, Log: log, Stderr: &syncBuffer{}}, toks)
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(g)
	t.Cleanup(func() { front.Close(); g.Close(context.Background()) })
	var secrets []string
	for _, l := range strings.Split(tokens, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			secrets = append(secrets, l)
		}
	}
	return front.URL, secrets, log, g
}

func httpClient(t *testing.T, url, token string) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url,
		HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}}, nil)
	if err != nil {
		t.Fatalf("connecting to the gateway: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

const twoTokens = "# agents\nagent-one-0123456789abcdef\n\nagent-two-0123456789abcdef\n"

// TestHTTPGatewayGates: two clients with their own tokens list and call through the gateway;
// the gate holds as over stdio, and the log names each call's client, never its token.
func TestHTTPGatewayGates(t *testing.T) {
	rec := newRecorder(t, tool("read", "Read."), tool("delete", "Delete."))
	url, tokens, log, _ := gateway(t, rec, `{"allow_tools":["read"]}`, twoTokens)
	one, two := httpClient(t, url, tokens[0]), httpClient(t, url, tokens[1])
	for _, cs := range []*mcp.ClientSession{one, two} {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil || len(res.Tools) != 1 || res.Tools[0].Name != "read" {
			t.Fatalf("tools/list: %v %v", res, err)
		}
	}
	if res, err := one.CallTool(context.Background(), &mcp.CallToolParams{Name: "read", Arguments: map[string]any{"path": "a"}}); err != nil || res.IsError {
		t.Fatalf("read: %v %v", res, err)
	}
	if res, err := two.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: map[string]any{}}); err != nil || !res.IsError {
		t.Fatalf("delete: %v %v", res, err)
	}
	if got := rec.received(); len(got) != 1 || !strings.HasPrefix(got[0], "read ") {
		t.Fatalf("the server received %q", got)
	}
	lines := log.lines(t)
	if len(lines) != 2 || lines[0]["client"] != "client-2" || lines[1]["client"] != "client-4" {
		t.Errorf("the log does not name the clients by their lines: %s", log.String())
	}
	for _, tok := range tokens {
		if strings.Contains(log.String(), tok) {
			t.Errorf("the log holds a token")
		}
	}
}

// TestHTTPGatewayRefuses: no token or a wrong one is 401, a web page of another origin 403, a
// batch 400, a body past the limit 413, another client's session 404; the gateway keeps serving.
func TestHTTPGatewayRefuses(t *testing.T) {
	rec := newRecorder(t, tool("read", "Read."))
	url, tokens, _, _ := gateway(t, rec, `{"allow_tools":["read"]}`, twoTokens)
	post := func(body, token, origin, session string) int {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for _, c := range []struct {
		name, body, token, origin, session string
		want                               int
	}{
		{"no token", ping, "", "", "", http.StatusUnauthorized},
		{"wrong token", ping, "agent-three-0123456789abcdef", "", "", http.StatusUnauthorized},
		{"foreign origin", ping, tokens[0], "https://evil.example", "", http.StatusForbidden},
		{"foreign origin, no token", ping, "", "http://attacker.test:8080", "", http.StatusForbidden},
		{"batch", "[" + strings.Repeat(ping+",", 9999) + ping + "]", tokens[0], "", "", http.StatusBadRequest},
		{"not JSON", "this is not json", tokens[0], "", "", http.StatusBadRequest},
		{"50 MB of arguments", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read","arguments":{"path":"` + strings.Repeat("a", 50<<20) + `"}}}`, tokens[0], "", "", http.StatusRequestEntityTooLarge},
		{"unknown session", ping, tokens[0], "", "no-such-session", http.StatusNotFound},
	} {
		if got := post(c.body, c.token, c.origin, c.session); got != c.want {
			t.Errorf("%s: status %d, want %d", c.name, got, c.want)
		}
	}
	// A session belongs to the token that opened it.
	one := httpClient(t, url, tokens[0])
	if got := post(ping, tokens[1], "", one.ID()); got != http.StatusNotFound {
		t.Errorf("another client's session: status %d, want 404", got)
	}
	if got := post(ping, tokens[0], "http://localhost:3000", one.ID()); got != http.StatusOK {
		t.Errorf("a local origin with the session's own token: status %d, want 200", got)
	}
	if err := one.Ping(context.Background(), nil); err != nil {
		t.Errorf("the gateway stopped serving: %v", err)
	}
}

// TestHTTPGatewayRefusesInTheReadersLanguage: the text of a refusal, which a person reads,
// is in the first language of the request's Accept-Language that gatehouse speaks, else in the
// gateway's own (proxy --lang).
func TestHTTPGatewayRefusesInTheReadersLanguage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte(twoTokens), 0o600); err != nil {
		t.Fatal(err)
	}
	toks, _, err := live.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecorder(t, tool("read", "Read."))
	upstream := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return rec.server }, nil))
	t.Cleanup(upstream.Close)
	g, err := live.NewHTTPGateway(live.ProxyConfig{Server: live.Server{URL: upstream.URL}, Policy: `{"allow_tools":["read"]}`, Lang: "de", Stderr: &syncBuffer{}}, toks)
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(g)
	t.Cleanup(func() { front.Close(); g.Close(context.Background()) })
	refusal := func(acceptLanguage, token string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, front.URL, strings.NewReader("[]"))
		if acceptLanguage != "" {
			req.Header.Set("Accept-Language", acceptLanguage)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(body))
	}
	for _, c := range []struct {
		acceptLanguage, token string
		status                int
		want                  string
	}{
		{"", "", http.StatusUnauthorized, "Nicht autorisiert: ein Bearer-Token aus der Token-Datei des Gateways ist erforderlich"},
		{"fr-CH, fr;q=0.9, en;q=0.8", "", http.StatusUnauthorized, "Non autorisé : un jeton (bearer) du fichier de jetons de la passerelle est requis"},
		{"ja, en-GB;q=0.5", "", http.StatusUnauthorized, "Unauthorized: a bearer token from the gateway's token file is required"},
		{"fr", "agent-one-0123456789abcdef", http.StatusBadRequest, "Requête incorrecte : les lots JSON-RPC ne sont pas acceptés (MCP 2025-06-18 et les versions suivantes n’en ont pas) ; envoyez un message par requête"},
	} {
		if status, body := refusal(c.acceptLanguage, c.token); status != c.status || body != c.want {
			t.Errorf("Accept-Language %q: %d %q, want %d %q", c.acceptLanguage, status, body, c.status, c.want)
		}
	}
}

// TestLoadTokens: a missing token file is created with one new token, private to its owner; a
// file others can read is refused.
func TestLoadTokens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	toks, created, err := live.LoadTokens(path)
	if err != nil || !created || len(toks) != 1 {
		t.Fatalf("LoadTokens on a missing file: %v %v %v", toks, created, err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the new token file: %v %v", st, err)
	}
	again, created, err := live.LoadTokens(path)
	if err != nil || created || len(again) != 1 || again[0].Client != toks[0].Client {
		t.Fatalf("reading the new file back: %v %v %v", again, created, err)
	}
	os.Chmod(path, 0o644)
	if _, _, err := live.LoadTokens(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a token file others can read: %v", err)
	}
}
