package core

// Redaction for messages built from a call's arguments. A schema error quotes the value it
// rejects, an additional property or a duplicate key is named, and pointers spell out the keys
// they pass through: any of these may hold a credential the model copied into the call. The
// decision keeps the whole call for the log, but its messages, explanation and locations are
// shown on a page, printed by the CLI and pasted into tickets, so they must not spell one out.

import (
	"fmt"
	"strings"
)

// redactSecrets replaces every credential in s (the formats [FindSecrets] knows, and runs of
// random-looking key characters in a format it does not) with its kind and length, so that a
// message quoting an argument says what was there without spelling it.
func redactSecrets(s string) string {
	var out strings.Builder
	rest := s
	for spans := 0; ; spans++ {
		if spans == maxRedactedSpans {
			// Each span costs a scan of the rest: past a few, withhold the rest whole, so a
			// message quoting thousands of keys costs linear time.
			out.WriteString("[the rest withheld: it holds more secret-looking values]")
			return out.String()
		}
		start, end, what, found := firstSecretSpan(rest)
		if !found {
			if out.Len() == 0 {
				return s
			}
			out.WriteString(rest)
			return out.String()
		}
		out.WriteString(rest[:start])
		fmt.Fprintf(&out, "[%s withheld, %d chars]", what, len([]rune(rest[start:end])))
		rest = rest[end:]
	}
}

// maxRedactedSpans bounds the credentials [redactSecrets] cuts out one by one.
const maxRedactedSpans = 16

// firstSecretSpan finds the first credential in s: its byte span and what it looks like.
func firstSecretSpan(s string) (start, end int, what string, found bool) {
	start = len(s)
	for _, hit := range secretsIn(s, true) {
		if hit.start < start {
			start, end, what, found = hit.start, hit.end, strings.ReplaceAll(hit.kind, "_", " "), true
		}
	}
	if runStart, runEnd, ok := randomLookingRun(s); ok && runStart < start {
		start, end, what, found = runStart, runEnd, "key-like value", true
	}
	if found && end <= start {
		// A detector that matched nothing it could cut out: withhold the rest rather than loop.
		end = len(s)
	}
	return start, end, what, found
}

// holdsSecret reports whether s holds a credential or a random-looking key.
func holdsSecret(s string) bool {
	_, _, _, found := firstSecretSpan(s)
	return found
}

// redactPointer cuts a JSON Pointer before its first reference token that holds a credential,
// as [FindSecrets] writes its pointers: the location then names the object that has the key,
// which is enough to find it and does not spell the key out.
func redactPointer(pointer string) string {
	tokens, ok := splitPointer(pointer)
	if !ok {
		return redactSecrets(pointer)
	}
	for i, token := range tokens {
		if holdsSecret(token) {
			return JoinPointer("", tokens[:i]...)
		}
	}
	return pointer
}

// redactProblem applies [redactSecrets] to a problem's message and [redactPointer] to its
// instance location, for problems about a call's text.
func redactProblem(p Problem) Problem {
	p.Message = redactSecrets(p.Message)
	p.InstanceLocation = redactPointer(p.InstanceLocation)
	return p
}

// redactProblems is [redactProblem] over a list, in place.
func redactProblems(ps Problems) Problems {
	for i := range ps {
		ps[i] = redactProblem(ps[i])
	}
	return ps
}
