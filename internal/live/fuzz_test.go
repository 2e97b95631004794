package live

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzCallMessage drives arbitrary tools/call parameters down the proxy's message path: the
// request is encoded as the SDK sends it, gated by core's gatekeeper, and decoded as
// the server would read it. Properties: nothing panics; the text gated is the text forwarded
// (the server reads the very parameters core read); only the allowlisted tool, matching the
// lock, is ever allowed.
func FuzzCallMessage(f *testing.F) {
	f.Add([]byte(`{"name":"read","arguments":{"path":"a"}}`))
	f.Add([]byte(`{"name":"read","arguments":{"path":"AKIAIOSFODNN7EXAMPLE"}}`))
	f.Add([]byte(`{"name":"write","arguments":{}}`))
	f.Add([]byte(`{"name":"read","name":"write","arguments":{}}`))
	f.Add([]byte(`{"name":"read","Name":"write"}`))
	f.Add([]byte(`{"name":"read","arguments":"{\"path\":1}"}`))
	f.Add([]byte(`[{"name":"read"}]`))
	f.Add([]byte(`null`))
	tools := []byte(`{"name":"read","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`)
	pins := core.PinCatalog(core.PinRequest{Catalog: `{"tools":[` + string(tools) + `]}`})
	lock := `{"read":"` + pins.Pins["read"] + `"}`
	g, probs := newListedGate(`{"allow_tools":["read"]}`, lock, "", nil)
	if len(probs) > 0 {
		f.Fatal(probs)
	}
	g.setCatalog(toolsText([]listedTool{{Name: "read", Raw: tools}, {Name: "write", Raw: json.RawMessage(`{"name":"write","inputSchema":{"type":"object"}}`)}}))
	f.Fuzz(func(t *testing.T, params []byte) {
		id, _ := jsonrpc.MakeID(int64(7))
		req := &jsonrpc.Request{ID: id, Method: "tools/call", Params: params}
		text, err := jsonrpc.EncodeMessage(req)
		if err != nil {
			return // the SDK refuses to send it: nothing reaches either side
		}
		d := g.decide(string(text), "fuzz", time.Now()).line.Decision
		back, err := jsonrpc.DecodeMessage(text)
		if err != nil {
			if d.Decision == core.DecisionAllow {
				t.Fatalf("allowed a message the server cannot read: %s", text)
			}
			return
		}
		fwd := back.(*jsonrpc.Request)
		if fwd.Method != "tools/call" || !bytes.Equal(compactJSON(fwd.Params), compactJSON(params)) {
			t.Fatalf("the forwarded parameters differ from those gated:\n%s\n%s", fwd.Params, params)
		}
		if d.Decision == core.DecisionAllow && d.Tool != "read" {
			t.Fatalf("allowed %q, which is not allowlisted: %s", d.Tool, text)
		}
	})
}

func compactJSON(b []byte) []byte {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return b
	}
	return out.Bytes()
}
