package live

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestDecodeMessageAsTheSDK: the server connection's decoder reads every message as the SDK's
// jsonrpc.DecodeMessage does, requests, notifications and answers (results and errors) alike,
// and refuses what the SDK refuses.
func TestDecodeMessageAsTheSDK(t *testing.T) {
	for _, text := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read","arguments":{"path":"a"}}}`,
		`{"jsonrpc":"2.0","id":"x-1","method":"ping"}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1}}`,
		`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok"}]}}`,
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no such method","data":{"why":"x"}}}`,
		`{"jsonrpc":"2.0","id":4,"result":{},"error":null}`,
		`{"id":5,"method":"ping","jsonrpc":"2.0","extra":true}`,
	} {
		want, err := jsonrpc.DecodeMessage([]byte(text))
		if err != nil {
			t.Fatalf("the SDK refuses %s: %v", text, err)
		}
		got, err := decodeMessage(json.RawMessage(text))
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read as %#v, the SDK reads %#v", text, got, want)
		}
	}
	for _, text := range []string{
		`{"jsonrpc":"1.0","id":1,"method":"ping"}`,
		`{"id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","result":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":7}`,
		`{"jsonrpc":"2.0","id":{"no":1},"method":"ping"}`,
		`"just a string"`,
	} {
		if _, err := jsonrpc.DecodeMessage([]byte(text)); err == nil {
			t.Fatalf("the SDK reads %s", text)
		}
		if m, err := decodeMessage(json.RawMessage(text)); err == nil {
			t.Errorf("%s is read as %#v, which the SDK refuses", text, m)
		}
	}
}
