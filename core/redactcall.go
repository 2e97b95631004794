package core

import (
	"sort"
	"strconv"
)

// A decision keeps the whole call (Decision.Call) so that a log says exactly what was asked. A
// log is kept, shipped and read by more people than the session was, so a decision written to one
// must not carry the credentials its messages already withhold.

// RedactDecision returns a copy of d whose Call has every credential withheld the way its
// messages withhold them: each string, and each object key, holding a secret in a format the
// secrets check knows or a random-looking key is rewritten with the secret replaced by its kind
// and length ("[aws access key withheld, 20 chars]"). The rest of the call (names, structure,
// ordinary values) is kept, and d itself is not changed.
//
// It is a function, not a method, so that a build that never logs (the page's wasm) does not
// carry it.
func RedactDecision(d Decision) Decision {
	d.Call = redactValue(d.Call)
	return d
}

// redactValue copies a decoded JSON value with [redactSecrets] applied to every string and key.
// Values without a secret are shared, not copied: the caller's value is never written to.
func redactValue(v any) any {
	switch v := v.(type) {
	case string:
		return redactSecrets(v)
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = redactValue(item)
		}
		return out
	case map[string]any:
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		out := make(map[string]any, len(v))
		for _, key := range keys {
			redacted := redactSecrets(key)
			// Two keys may withhold to the same text (two keys of one kind and length): number the
			// later ones, in key order, so no member is lost from the log.
			for n := 2; ; n++ {
				if _, taken := out[redacted]; !taken {
					break
				}
				redacted = redactSecrets(key) + " #" + strconv.Itoa(n)
			}
			out[redacted] = redactValue(v[key])
		}
		return out
	}
	return v
}
