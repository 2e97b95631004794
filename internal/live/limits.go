package live

import (
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
)

// Limits bound what a server or a client can make gatehouse wait for or hold. Every wait has one.
type Limits struct {
	// MaxMessageBytes caps one JSON-RPC message, either way (a stdio line, an HTTP body, an SSE
	// event). A catalog is capped at core's limit whatever this says, since core reads no more.
	MaxMessageBytes int
	// StartTimeout bounds a server's start and handshake, and each listing of its tools.
	StartTimeout time.Duration
	// CallTimeout bounds the wait for a server's answer to a request the proxy forwarded.
	CallTimeout time.Duration
	// AskTimeout bounds the wait for a person's answer when the gate asks: no answer is a deny.
	AskTimeout time.Duration
	// StopTimeout is how long a stdio server gets to exit once its input is closed, and again
	// after SIGTERM, before it is killed.
	StopTimeout time.Duration
}

// DefaultLimits are the limits the CLI uses unless told otherwise. A first `npx -y` may
// download its package, so a start gets a minute.
var DefaultLimits = Limits{
	MaxMessageBytes: core.About(core.AboutRequest{}).Limits.TextBytes,
	StartTimeout:    60 * time.Second,
	CallTimeout:     10 * time.Minute,
	AskTimeout:      2 * time.Minute,
	StopTimeout:     3 * time.Second,
}

// orDefault fills every zero field from [DefaultLimits].
func (l Limits) orDefault() Limits {
	d := DefaultLimits
	if l.MaxMessageBytes > 0 {
		d.MaxMessageBytes = l.MaxMessageBytes
	}
	if l.StartTimeout > 0 {
		d.StartTimeout = l.StartTimeout
	}
	if l.CallTimeout > 0 {
		d.CallTimeout = l.CallTimeout
	}
	if l.AskTimeout > 0 {
		d.AskTimeout = l.AskTimeout
	}
	if l.StopTimeout > 0 {
		d.StopTimeout = l.StopTimeout
	}
	return d
}
