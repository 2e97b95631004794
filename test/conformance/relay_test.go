package conformance

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestTokenRelayForwardsWhileAnswering: the relay passes on an answer that starts before the
// request is all forwarded, and goes on forwarding the request meanwhile. The gateway answers a
// request as soon as it has read it, while the relay may still be reading the end of it from
// the client (Go's transport reads a request's body once more after its last byte, to see it
// end); a relay whose HTTP/1 server closed the request's body when the answer's headers went
// out failed that last read, and closed its connection to the gateway under the answer: the
// request lost in some conformance runs through proxy --listen (issue 19). Here the server
// answers before it reads the body at all, and the client sends the second half of its body
// only once the answer has begun, so the relay must do both at once.
func TestTokenRelayForwardsWhileAnswering(t *testing.T) {
	const token = "relay-test-token-0123456789"
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "no token", http.StatusUnauthorized)
			return
		}
		http.NewResponseController(w).EnableFullDuplex()
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		body, err := io.ReadAll(r.Body)
		if err != nil {
			fmt.Fprintf(w, "event: error\ndata: %v\n\n", err)
			return
		}
		fmt.Fprintf(w, "event: message\ndata: %s\n\n", body)
	}))
	defer server.Close()
	relay := tokenRelay(server.URL, token)
	defer relay.Close()

	conn, err := net.Dial("tcp", relay.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A bound, not a measure: a relay that cannot answer while forwarding waits for ever.
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(conn)
	const first, second = `{"jsonrpc":"2.0","id":1,`, `"method":"ping"}`
	for round := range 3 { // the same connection, again: the relay keeps it usable
		fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
			relay.Listener.Addr(), len(first+second), first)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("round %d: no answer began while the request was being sent: %v", round, err)
		}
		if _, err := io.WriteString(conn, second); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		answer, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want := "event: message\ndata: " + first + second + "\n\n"; err != nil || string(answer) != want {
			t.Fatalf("round %d: the answer through the relay is %q (error %v), want %q", round, answer, err, want)
		}
	}
}
