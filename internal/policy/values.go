package policy

import (
	"strings"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

func (r ArgumentRule) checkEnum(pointer string, value any) []Violation {
	for _, allowed := range r.Enum {
		if jsondoc.Equal(value, allowed) {
			return nil
		}
	}
	if len(r.Enum) == 0 {
		return []Violation{{Argument: pointer, Rule: ruleEnum, Message: i18n.T("the enum is empty, so no value can pass")}}
	}
	shown := make([]string, 0, len(r.Enum))
	for _, allowed := range r.Enum {
		shown = append(shown, secrets.ShowValue(allowed))
	}
	return []Violation{{
		Argument: pointer,
		Rule:     ruleEnum,
		Message:  i18n.Sprintf("the value %s is not one of the allowed values: %s", secrets.ShowValue(value), joinShort(shown)),
	}}
}

func (r ArgumentRule) checkPattern(pointer string, value any) []Violation {
	one := func(format string, args ...any) []Violation {
		return []Violation{{Argument: pointer, Rule: rulePattern, Message: i18n.Sprintf(format, args...)}}
	}
	if r.patternEmpty {
		return one("the pattern rule is invalid (it is empty), so no value can pass")
	}
	compiled := r.pattern
	if compiled == nil {
		return one("the pattern rule is invalid (it does not compile as RE2), so no value can pass")
	}
	text, ok := value.(string)
	if !ok {
		return one("expected a string matching the pattern %s, found %s", untrusted.Quote(r.Pattern), jsondoc.TypeName(value))
	}
	if !compiled.MatchString(text) {
		return one("the value %s does not match the pattern %s", secrets.ShowValue(text), untrusted.Quote(r.Pattern))
	}
	return nil
}

func (r ArgumentRule) checkMaxLength(pointer string, value any) []Violation {
	one := func(format string, args ...any) []Violation {
		return []Violation{{Argument: pointer, Rule: ruleMaxLength, Message: i18n.Sprintf(format, args...)}}
	}
	limit := *r.MaxLength
	if limit < 0 {
		return one("the max_length rule is invalid (%d is negative), so no value can pass", limit)
	}
	text, ok := value.(string)
	if !ok {
		return one("expected a string of at most %d characters, found %s", limit, jsondoc.TypeName(value))
	}
	if length := utf8.RuneCountInString(text); length > limit {
		return one("the value is %d characters long; expected at most %d", length, limit)
	}
	return nil
}

// listShort shows a list of policy strings as "x" or "one of x, y", naming the first few only.
func listShort(items []string) string {
	switch len(items) {
	case 0:
		return i18n.T("nothing (the list is empty)")
	case 1:
		return untrusted.Quote(items[0])
	}
	quoted := make([]string, 0, len(items))
	for _, item := range items {
		quoted = append(quoted, untrusted.Quote(item))
	}
	return i18n.Sprintf("one of %s", joinShort(quoted))
}

// joinShort joins already-shown items, naming only the first eight.
func joinShort(shown []string) string {
	const limit = 8
	if len(shown) <= limit {
		return strings.Join(shown, ", ")
	}
	return i18n.Sprintf("%s and %d more", strings.Join(shown[:limit], ", "), len(shown)-limit)
}
