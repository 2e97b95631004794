package live

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gowebpki/jcs"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MCP 2026-07-28 is stateless: a request carries its protocol version and the client's
// capabilities in its _meta, and a server that needs a person's answer does not send a request
// of its own (elicitation) but answers the call with an input-required result (SEP-2322): the
// questions, and an opaque requestState. The client asks the person, then sends the same call
// again with the answers (inputResponses) and the requestState echoed.
//
// The proxy asks that way when the client speaks 2026-07-28 and says it can elicit. The
// requestState it gives is a random nonce it keeps, for one use and a bounded time, with the
// digest of the call it asked about: an answer counts only for the very call (tool and arguments)
// the person was shown, only once, and only from the client it was given to (each client has its
// own proxy session). The retried call is gated again from scratch; the answer only settles the
// ask.

// Every proxy (the single-server one and the gateway of several, over stdio or HTTP) asks
// through one [confirmer]: the way a person is asked depends on the client, never on the mode.

// A confirmer puts the calls the gate asks about to the person, in the way the client can:
//
//   - a client speaking 2026-07-28 that offers elicitation in the request's _meta gets an
//     input-required result, and its retry brings the answer ([confirmer.retried]);
//   - a client of the initialize protocol that offered elicitation in initialize is sent an
//     elicitation request, and the proxy waits up to the ask timeout;
//   - any other client cannot be asked: the call is denied with needs_confirm ("unsupported").
type confirmer struct {
	asks pendingAsks
	lim  Limits
	now  func() time.Time
	say  func(string, ...any) string
	note func(string, ...any)
}

// A confirmation is how an ask stands: the person's answer (accept, decline, cancel,
// no_answer, or unsupported when the client cannot ask), or, for a 2026-07-28 client, the
// input-required result to answer the call with, whose retry will bring the answer.
type confirmation struct {
	answer        string
	inputRequired json.RawMessage
}

// retried reads a 2026-07-28 call that retries one the confirmer asked about: the person's
// answer ("" when the call is no such retry, and comes back unchanged), and the call without
// the confirmer's members, which is gated from scratch and, if it runs, is what the server gets.
func (c *confirmer) retried(m *jsonrpc.Request, params *strictObject) (answer string, call *jsonrpc.Request, callParams *strictObject, err error) {
	if !strings.HasPrefix(params.str("requestState"), confirmStatePrefix) || requestProtocol(params) < modernProtocol {
		return "", m, params, nil
	}
	answer = c.redeem(params)
	call = &jsonrpc.Request{ID: m.ID, Method: m.Method, Params: withoutMembers(params, "inputResponses", "requestState")}
	callParams, err = readObject(i18n.T("the tools/call parameters"), call.Params)
	return answer, call, callParams, err
}

// confirm settles a call the gate asks about (d, its params as the client sent them): answer is
// what a retry brought ("" for none), legacyElicits whether the client offered elicitation in
// initialize. An elicitation waits, within ctx and the ask timeout, for the person.
func (c *confirmer) confirm(ctx context.Context, client *endpoint, params *strictObject, d core.Decision, answer string, legacyElicits bool) confirmation {
	switch {
	case answer != "":
		return confirmation{answer: answer}
	case requestProtocol(params) >= modernProtocol:
		if !requestElicits(params) {
			return confirmation{answer: "unsupported"}
		}
		return confirmation{inputRequired: c.question(params, d)}
	case !legacyElicits:
		return confirmation{answer: "unsupported"}
	}
	return confirmation{answer: askPerson(ctx, client, c.lim.AskTimeout, confirmText(c.say, d), c.note, d.Tool)}
}

// question is the input-required result asking the person about the call: one form
// elicitation, and a requestState kept for this very call.
func (c *confirmer) question(params *strictObject, d core.Decision) json.RawMessage {
	state := c.asks.add(callDigest(params), c.now(), c.lim.AskTimeout)
	ask, _ := json.Marshal(&mcp.ElicitParams{
		Mode:            "form",
		Message:         confirmText(c.say, d),
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	})
	id, _ := json.Marshal(confirmRequestID)
	st, _ := json.Marshal(state)
	return json.RawMessage(`{"content":[],"resultType":"input_required","inputRequests":{` + string(id) +
		`:{"method":"elicitation/create","params":` + string(ask) + `}},"requestState":` + string(st) + `}`)
}

// redeem reads the person's answer from a retry carrying a requestState of the confirmer's:
// accept, decline or cancel; no_answer when the state is not one given for this very call, has
// expired or was used already, or the answer is missing.
func (c *confirmer) redeem(params *strictObject) string {
	if !c.asks.take(params.str("requestState"), callDigest(params), c.now()) {
		return "no_answer"
	}
	responses := params.object("inputResponses")
	if responses == nil {
		return "no_answer"
	}
	res := responses.object(confirmRequestID)
	if res == nil {
		return "no_answer"
	}
	switch action := res.str("action"); action {
	case "accept", "decline", "cancel":
		return action
	}
	return "no_answer"
}

// askDenial is what the client reads of a call the gate asked about and the person did not
// accept: why it asked, and the answer (or that the client cannot ask).
func askDenial(say func(string, ...any) string, d core.Decision, answer string) string {
	if answer == "unsupported" {
		return say("gatehouse did not run this call: a person must confirm it first (%s), and this client cannot ask (it does not offer MCP elicitation).\n%s", d.Reason, reasonText(d))
	}
	return say("gatehouse did not run this call: it needs a person's confirmation (%s), and the answer was %s.\n%s", d.Reason, answer, reasonText(d))
}

// Meta keys of MCP 2026-07-28 (SEP-2575).
const (
	metaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaClientInfo         = "io.modelcontextprotocol/clientInfo"
	metaServerInfo         = "io.modelcontextprotocol/serverInfo"
	metaSubscriptionID     = "io.modelcontextprotocol/subscriptionId"
)

// supportedProtocols are the MCP versions the proxies speak to a client, newest first.
var supportedProtocols = []string{modernProtocol, "2025-11-25", "2025-06-18"}

// modernProtocol is the first MCP version of the stateless protocol.
const modernProtocol = "2026-07-28"

// confirmRequestID names the proxy's question among a call's input requests.
const confirmRequestID = "gatehouse/confirm"

// confirmStatePrefix starts every requestState the proxy gives; a requestState without it is
// the server's own and passes through.
const confirmStatePrefix = "gatehouse-confirm:"

// maxPendingAsks bounds the asks a client may leave unanswered at once.
const maxPendingAsks = 256

// pendingAsks holds the asks given out and not yet answered, by nonce.
type pendingAsks struct {
	mu      sync.Mutex
	pending map[string]pendingAsk
}

type pendingAsk struct {
	digest  [32]byte
	expires time.Time
}

// add keeps a new ask about the call of this digest until ttl from now, and returns its
// requestState. The oldest asks make room when too many wait.
func (a *pendingAsks) add(digest [32]byte, now time.Time, ttl time.Duration) string {
	nonce := rand.Text()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.pending == nil {
		a.pending = map[string]pendingAsk{}
	}
	for k, v := range a.pending {
		if now.After(v.expires) {
			delete(a.pending, k)
		}
	}
	if len(a.pending) >= maxPendingAsks {
		keys := make([]string, 0, len(a.pending))
		for k := range a.pending {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return a.pending[keys[i]].expires.Before(a.pending[keys[j]].expires) })
		for _, k := range keys[:len(keys)-maxPendingAsks+1] {
			delete(a.pending, k)
		}
	}
	a.pending[nonce] = pendingAsk{digest: digest, expires: now.Add(ttl)}
	return confirmStatePrefix + nonce
}

// take redeems a requestState once: ok is true when it is one of ours, was given for the call
// of this digest, and has not expired.
func (a *pendingAsks) take(state string, digest [32]byte, now time.Time) bool {
	nonce, ours := strings.CutPrefix(state, confirmStatePrefix)
	if !ours {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	ask, found := a.pending[nonce]
	delete(a.pending, nonce)
	return found && ask.digest == digest && !now.After(ask.expires)
}

// callDigest identifies a call by its tool name and arguments in canonical form (RFC 8785),
// so that the same call sent again hashes the same whatever its spacing or member order.
func callDigest(params *strictObject) [32]byte {
	args := params.raw("arguments")
	if canon, err := jcs.Transform(args); err == nil {
		args = canon
	}
	name, _ := json.Marshal(params.str("name"))
	return sha256.Sum256(append(append(name, 0), args...))
}

// withoutMembers writes the object params without the named members, every other member as
// sent: the call the server gets once the proxy's own question is settled.
func withoutMembers(params *strictObject, drop ...string) json.RawMessage {
	keys := make([]string, 0, len(params.fields))
	for k := range params.fields {
		keep := true
		for _, d := range drop {
			if k == d {
				keep = false
			}
		}
		if keep {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(k)
		b.Write(name)
		b.WriteByte(':')
		b.Write(params.raw(k))
	}
	b.WriteByte('}')
	return json.RawMessage(b.String())
}

// requestProtocol is the protocol version a request says it speaks in its _meta ("" for a
// request of the initialize protocol, which says it once, in initialize).
func requestProtocol(params *strictObject) string {
	if meta := params.object("_meta"); meta != nil {
		return meta.str(metaProtocolVersion)
	}
	return ""
}

// requestElicits reports whether a 2026-07-28 request's client capabilities include
// elicitation.
func requestElicits(params *strictObject) bool {
	if meta := params.object("_meta"); meta != nil {
		if caps := meta.object(metaClientCapabilities); caps != nil {
			return caps.has("elicitation")
		}
	}
	return false
}
