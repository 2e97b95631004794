package secrets

// Redaction for messages built from a call's arguments. A schema error quotes the value it
// rejects, an additional property or a duplicate key is named, and pointers spell out the keys
// they pass through: any of these may hold a credential the model copied into the call. The
// decision keeps the whole call for the log, but its messages, explanation and locations are
// shown on a page, printed by the CLI and pasted into tickets, so they must not spell one out.

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// redact replaces every credential in s (the formats [Find] knows, and runs of
// random-looking key characters in a format it does not) with its kind and length, so that a
// message quoting an argument says what was there without spelling it. A redacted message is
// translated by translating the message and redacting the translation.
func redact(s string) string {
	out := redactIn(i18n.English, s)
	if out == s {
		return s
	}
	return i18n.Derived(out, s, redactIn)
}

// redactIn is [redact] with the marks of what was withheld in lang.
func redactIn(lang i18n.Lang, s string) string {
	var out strings.Builder
	rest := s
	for spans := 0; ; spans++ {
		if spans == maxRedactedSpans {
			// Each span costs a scan of the rest: past a few, withhold the rest whole, so a
			// message quoting thousands of keys costs linear time.
			out.WriteString(lang.Text(i18n.T("[the rest withheld: it holds more secret-looking values]")))
			return out.String()
		}
		start, end, kind, found := firstSecretSpan(rest)
		if !found {
			if out.Len() == 0 {
				return s
			}
			out.WriteString(rest)
			return out.String()
		}
		out.WriteString(rest[:start])
		out.WriteString(lang.Sprintf("[%s withheld, %d chars]", lang.Text(KindWords(kind)), len([]rune(rest[start:end]))))
		rest = rest[end:]
	}
}

// maxRedactedSpans bounds the credentials [redact] cuts out one by one.
const maxRedactedSpans = 16

// firstSecretSpan finds the first credential in s: its byte span and its kind.
func firstSecretSpan(s string) (start, end int, kind string, found bool) {
	start = len(s)
	for _, hit := range secretsIn(s, true) {
		if hit.start < start {
			start, end, kind, found = hit.start, hit.end, hit.kind, true
		}
	}
	if runStart, runEnd, ok := randomLookingRun(s); ok && runStart < start {
		start, end, kind, found = runStart, runEnd, keyLike, true
	}
	if found && end <= start {
		// A detector that matched nothing it could cut out: withhold the rest rather than loop.
		end = len(s)
	}
	return start, end, kind, found
}

// Holds reports whether s holds a credential or a random-looking key.
func Holds(s string) bool {
	_, _, _, found := firstSecretSpan(s)
	return found
}

// RedactPointer cuts a JSON Pointer before its first reference token that holds a credential,
// as [Find] writes its pointers: the location then names the object that has the key,
// which is enough to find it and does not spell the key out.
func RedactPointer(pointer string) string {
	tokens, ok := jsondoc.SplitPointer(pointer)
	if !ok {
		return redact(pointer)
	}
	for i, token := range tokens {
		if Holds(token) {
			return jsondoc.JoinPointer("", tokens[:i]...)
		}
	}
	return pointer
}

// RedactProblem applies [redact] to a problem's message and [RedactPointer] to its
// instance location, for problems about a call's text.
func RedactProblem(p problem.Problem) problem.Problem {
	p.Message = redact(p.Message)
	p.InstanceLocation = RedactPointer(p.InstanceLocation)
	return p
}

// RedactProblems is [RedactProblem] over a list, in place.
func RedactProblems(ps problem.Problems) problem.Problems {
	for i := range ps {
		ps[i] = RedactProblem(ps[i])
	}
	return ps
}

// ShowValue shows a value briefly in a message: scalars as JSON text cut to a readable length,
// strings that hold a token or key redacted, containers by their type.
func ShowValue(v any) string {
	if text, isNumber := jsondoc.NumberText(v); isNumber {
		return untrusted.Shorten(text, 40)
	}
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case string:
		return Quote(v)
	}
	return jsondoc.TypeName(v)
}

// Quote quotes a string for a message, cut short, unless it holds a token or key: then only
// the kind and a redacted excerpt are shown.
func Quote(s string) string {
	if finding, found := firstToken(s); found {
		return i18n.Sprintf("(a string holding what looks like %s, %s)", KindWithArticle(finding.Kind), finding.Excerpt)
	}
	if start, end, found := randomLookingRun(s); found {
		return i18n.Sprintf("(a string holding what looks like a key or token, %s)", excerpt(s[start:end]))
	}
	return untrusted.Quote(s)
}

// randomLookingRun finds a run of base64 or hex characters long and mixed enough to be a key in a
// format no detector knows: 20 or more mixing upper case, lower case and digits, or 32 or more
// mixing letters and digits. Such a run is not shown in a message.
func randomLookingRun(s string) (int, int, bool) {
	start := 0
	upper, lower, digit := false, false, false
	for i := 0; i <= len(s); i++ {
		if i < len(s) && (isBase64(s[i]) || s[i] == '-' || s[i] == '_') {
			c := s[i]
			upper = upper || 'A' <= c && c <= 'Z'
			lower = lower || 'a' <= c && c <= 'z'
			digit = digit || '0' <= c && c <= '9'
			continue
		}
		length := i - start
		if digit && (length >= 20 && upper && lower || length >= 32 && (upper || lower)) {
			return start, i, true
		}
		start = i + 1
		upper, lower, digit = false, false, false
	}
	return 0, 0, false
}

// ShowText shows free text (such as a parser's error) cut short, withholding it whole if it
// holds a token or key.
func ShowText(s string, limit int) string {
	if _, found := firstToken(s); found {
		return i18n.T("details withheld: they contain a secret-looking value")
	}
	if _, _, found := randomLookingRun(s); found {
		return i18n.T("details withheld: they contain a key-like value")
	}
	return untrusted.Shorten(s, limit)
}

// RedactValue copies a decoded JSON value with [redact] applied to every string and key.
// Values without a secret are shared, not copied: the caller's value is never written to.
func RedactValue(v any) any {
	switch v := v.(type) {
	case string:
		return redact(v)
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = RedactValue(item)
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
			redacted := redact(key)
			// Two keys may withhold to the same text (two keys of one kind and length): number the
			// later ones, in key order, so no member is lost from the log.
			for n := 2; ; n++ {
				if _, taken := out[redacted]; !taken {
					break
				}
				redacted = redact(key) + " #" + strconv.Itoa(n)
			}
			out[redacted] = RedactValue(v[key])
		}
		return out
	}
	return v
}
