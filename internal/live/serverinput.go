package live

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A 2026-07-28 server behind the gateway of several servers that needs something from the
// client (a person's answer, a sampling, the roots) does not send a request of its own: it
// answers the call with an input-required result, and the client is to retry the call with the
// answers (SEP-2322). A client of the initialize protocol (2025-11-25, 2025-06-18) knows no
// such result, so the gateway speaks it for the client:
//
//   - the server is told, in the request's _meta, the capabilities of the client's initialize
//     that the gateway can serve this way: elicitation, sampling and roots;
//   - each input request is sent to the client as the request it stands for (elicitation/create,
//     sampling/createMessage, roots/list), as the server's own requests are passed on, each
//     within the ask timeout; the call is then sent again with the answers (inputResponses)
//     and the server's requestState, as many rounds as the server asks, up to
//     maxServerInputRounds;
//   - a request the client cannot serve (it did not offer the capability, or the method is not
//     one a client is asked) ends the call: a tools/call gets an error result saying so, which a
//     person reads, and any other request a JSON-RPC error.
//
// A 2026-07-28 client gets the input-required result as the server wrote it, and retries it
// itself.

// maxServerInputRounds bounds the rounds of one call: a server that asks for ever gets no more
// of the client's answers.
const maxServerInputRounds = 10

// inputCapabilities are the client capabilities an input request needs, by its method.
var inputCapabilities = map[string]string{
	"elicitation/create":     "elicitation",
	"sampling/createMessage": "sampling",
	"roots/list":             "roots",
}

// legacyClientCapabilities are, for a 2026-07-28 server's _meta, the capabilities the client
// offered in initialize that the gateway serves through input-required results: "{}" for a
// client that offered none of them, nil while the client has not sent initialize.
func legacyClientCapabilities(caps *strictObject) json.RawMessage {
	if caps == nil {
		return nil
	}
	b := []byte{'{'}
	for _, name := range []string{"elicitation", "roots", "sampling"} {
		if v := caps.raw(name); v != nil {
			if len(b) > 1 {
				b = append(b, ',')
			}
			quoted, _ := json.Marshal(name)
			b = append(append(append(b, quoted...), ':'), v...)
		}
	}
	return append(b, '}')
}

// A serverInputRefusal is an input request the client cannot serve: the server, the method,
// and the capability the client did not offer ("" for a method no client is asked).
type serverInputRefusal struct {
	server, method, capability string
}

// text is what the client (and the person) reads of a call the refusal ended.
func (r *serverInputRefusal) text(say func(string, ...any) string) string {
	if r.capability == "" {
		return say("gatehouse: server %s answered this call by asking the client for %s, which MCP does not ask of a client; the call did not finish.", r.server, r.method)
	}
	return say("gatehouse: server %s needs the client's %s to finish this call (%s), and this client cannot give it: it does not offer MCP %s.", r.server, r.capability, r.method, r.capability)
}

// serveServerInput answers a 2026-07-28 server's input-required results for a client of the
// initialize protocol (see above): raw is the server's answer to the call m (sent with params),
// and the answer returned is the server's last, once it asks no more. refused is set, and
// nothing returned, when the client cannot serve a request.
func (p *MultiProxy) serveServerInput(ctx context.Context, b *backend, m *jsonrpc.Request, params, raw json.RawMessage) (_ json.RawMessage, refused *serverInputRefusal, _ error) {
	for round := 0; ; round++ {
		res, err := readObject(i18n.T("the server's answer"), raw)
		if err != nil || res.str("resultType") != "input_required" {
			return raw, nil, nil
		}
		if round == maxServerInputRounds {
			return nil, nil, i18n.Errorf("server %s still asks for the client's input after %d rounds", b.name, round)
		}
		requests := res.object("inputRequests")
		if requests == nil || len(requests.fields) == 0 {
			return nil, nil, i18n.Errorf("server %s asks for the client's input and names none (it may be busy)", b.name)
		}
		p.mu.Lock()
		caps := p.clientCaps
		p.mu.Unlock()
		keys := make([]string, 0, len(requests.fields))
		for k := range requests.fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		responses := []byte{'{'}
		for i, key := range keys {
			ask := requests.object(key)
			if ask == nil {
				return nil, nil, i18n.Errorf("server %s: the input request %q is not an object", b.name, key)
			}
			method := ask.str("method")
			capability, known := inputCapabilities[method]
			if !known || caps == nil || !caps.has(capability) {
				return nil, &serverInputRefusal{server: b.name, method: method, capability: capability}, nil
			}
			askParams := ask.raw("params")
			if askParams == nil {
				askParams = json.RawMessage(`{}`)
			}
			actx, cancel := context.WithTimeout(ctx, p.lim.AskTimeout)
			answer, err := p.client.request(actx, method, askParams)
			cancel()
			if err != nil {
				return nil, nil, i18n.Errorf("server %s asked the client (%s): %v", b.name, method, err)
			}
			if i > 0 {
				responses = append(responses, ',')
			}
			quoted, _ := json.Marshal(key)
			responses = append(append(append(responses, quoted...), ':'), answer...)
		}
		responses = append(responses, '}')
		call, err := readObject(i18n.T("the request's parameters"), params)
		if err != nil {
			return nil, nil, err
		}
		retry := withMember(call, "inputResponses", responses)
		if state := res.raw("requestState"); state != nil {
			if call, err = readObject(i18n.T("the request's parameters"), retry); err != nil {
				return nil, nil, err
			}
			retry = withMember(call, "requestState", state)
		}
		if raw, err = b.ep.requestAs(ctx, m.ID, m.Method, b.paramsFor(retry, p.legacyCaps())); err != nil {
			return nil, nil, err
		}
	}
}

// legacyCaps are the capabilities of the client's initialize, as a 2026-07-28 server is told
// them (see [legacyClientCapabilities]).
func (p *MultiProxy) legacyCaps() json.RawMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	return legacyClientCapabilities(p.clientCaps)
}
