package live

import (
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
)

// A decisionLog writes one JSON line per gated call: the decision as core made it (the JSON the
// page shows, so a line opens there with `gatehouse link --decision`), with the time, the
// server, the request id, whether the call went to the server, and a person's answer when the
// gate asked. The call inside is redacted ([core.Decision.Redacted]); its messages already are.
type decisionLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

// A loggedDecision is one line of the log.
type loggedDecision struct {
	Time   string `json:"time"`
	Server string `json:"server"`
	// Client is the HTTP gateway's client that made the call (its token's line, never the
	// token); absent for a stdio proxy's one client.
	Client    string `json:"client,omitempty"`
	RequestID any    `json:"requestId"`
	// Index is the call's place in its client's flow session (0, 1, 2… in the order gated),
	// which flow evidence names results by.
	Index int `json:"index"`
	core.Decision
	// Forwarded says whether the call was sent to the server.
	Forwarded bool `json:"forwarded"`
	// Confirmation is the person's answer to an ask: accept, decline, cancel, no_answer (the
	// time ran out or the client failed to ask), cancelled (the client withdrew the call) or
	// unsupported (the client cannot be asked, so the call was denied).
	Confirmation string `json:"confirmation,omitempty"`
	// Result is the result check of what the server returned (verdict, reasons, findings
	// without their evidence): never the result's text. Absent for a call that was not
	// forwarded, or whose result never came.
	Result *core.ResultCheck `json:"result,omitempty"`
}

func (l *decisionLog) write(line loggedDecision) error {
	if l == nil || l.w == nil {
		return nil
	}
	line.Time = l.now().UTC().Format(time.RFC3339Nano)
	line.Decision = line.Decision.Redacted()
	b, err := json.Marshal(line)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err = l.w.Write(b)
	return err
}
