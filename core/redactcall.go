package core

import "github.com/gatehouse-dev/gatehouse/internal/secrets"

// A decision keeps the whole call (Decision.Call) so that a log says exactly what was asked. A
// log is kept, shipped and read by more people than the session was, so a decision written to one
// must not carry the credentials its messages already withhold.

// Redacted returns a copy of d whose Call has every credential withheld the way its messages
// withhold them: each string, and each object key, holding a secret in a format the secrets
// check knows or a random-looking key is rewritten with the secret replaced by its kind and
// length ("[aws access key withheld, 20 chars]"). The rest of the call (names, structure,
// ordinary values) is kept, and d itself is not changed. A build that never logs (the page's
// wasm) does not carry it: the linker drops a method nothing calls.
func (d Decision) Redacted() Decision {
	d.Call = secrets.RedactValue(d.Call)
	return d
}
