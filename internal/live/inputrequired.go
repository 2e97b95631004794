package live

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gowebpki/jcs"
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

// Meta keys of MCP 2026-07-28 (SEP-2575).
const (
	metaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
)

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
