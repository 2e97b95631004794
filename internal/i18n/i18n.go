// Package i18n writes gatehouse's messages in the page's three languages: English, French and
// German.
//
// # How a message is translated
//
// Inside gatehouse every message is English: a check builds it with [Sprintf] (or [Errorf]), or
// marks a fixed sentence with [T], exactly as it always has, and code that reads a message (a
// sort, a test, a view) reads English. Only a finished answer is translated, at the edge, by a
// [Translation] that core opens for a request's language: it looks each message of the answer
// up, writes its format in the language and fills it with its arguments, themselves translated
// when they are messages ("the inputSchema of “x”: <the library's message>").
//
// For that, Sprintf remembers how it built each text — its format and arguments — in a registry
// keyed by the text itself, while a translation is open. The registry is bounded and forgets
// the oldest texts first, but never a text made since the start of a translation still open, so
// a translation finds every message of its own answer however many problems it holds; what an
// answer reuses from an earlier call (a gatekeeper kept between keystrokes) is kept with
// [Translation.Keep]. Fixed sentences need no registry: [T] only marks them for the catalog
// test, and a translation looks them up directly. Messages of the JSON Schema library are
// recorded with their error kind, which the library writes in any language itself
// ([Localized]).
//
// The other way was to pass a language to every function that words a message. It was not
// chosen: it would thread a parameter through every package for the sake of the view, every
// cache that keeps a message (the gatekeeper, compiled inputSchemas) would have to be kept per
// language, and code that inspects a message's English would silently stop working in French.
// Here English stays byte for byte what it was, costs nothing while no translation is open, and
// the cost of a translation is one lookup per message of its answer.
//
// Nothing here is a "current language": a Translation belongs to one answer, so calls in two
// languages at once each get their own. The catalogs, fr.json and de.json, map each English
// format to its translation; a test reads the source for every format and fails when a catalog
// lacks one or when a translation's verbs are not the English ones.
package i18n

import (
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// A Lang is a language gatehouse answers in.
type Lang string

// The languages, as requests name them.
const (
	English Lang = "en"
	French  Lang = "fr"
	German  Lang = "de"
)

// Langs lists the languages gatehouse answers in, English (the default) first.
var Langs = []Lang{English, French, German}

// ParseLang reads a language as a request names it: "en", "fr" or "de", or a longer tag whose
// language is one of them ("fr-CH", "de_DE"), in any case. "" is English. ok is false for any
// other language, and for what is not a language tag.
func ParseLang(tag string) (l Lang, ok bool) {
	if tag == "" {
		return English, true
	}
	if !isLanguageTag(tag) {
		return English, false
	}
	primary := strings.ToLower(tag)
	if i := strings.IndexAny(primary, "-_"); i >= 0 {
		primary = primary[:i]
	}
	for _, l := range Langs {
		if primary == string(l) {
			return l, true
		}
	}
	return English, false
}

// isLanguageTag reports whether s has the shape of a BCP 47 tag, or of a POSIX locale's
// language_territory: ^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$. It is written out rather than a
// regexp because every request that names a language asks it, and a regexp compiled at start-up
// delays the page's first answer (README "Speed").
func isLanguageTag(s string) bool {
	for i, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' }) {
		letters := i == 0
		if letters && (len(part) < 2 || len(part) > 3) || !letters && len(part) > 8 {
			return false
		}
		for _, c := range []byte(part) {
			alpha := 'a' <= c|0x20 && c|0x20 <= 'z'
			if !alpha && (letters || c < '0' || c > '9') {
				return false
			}
		}
	}
	// FieldsFunc drops empty parts: a separator first, last or doubled makes one.
	return s != "" && s[0] != '-' && s[0] != '_' && !strings.HasSuffix(s, "-") && !strings.HasSuffix(s, "_") &&
		!strings.Contains(s, "--") && !strings.Contains(s, "__") && !strings.Contains(s, "-_") && !strings.Contains(s, "_-")
}

// FromLocale reads the language of messages from the POSIX locale variables, as a C program's
// setlocale(LC_MESSAGES, "") does: the first of LC_ALL, LC_MESSAGES and LANG that is set and
// not empty decides. "fr_FR.UTF-8" and "fr" are French, "de_CH" German; "C", "POSIX" and every
// other language are English.
func FromLocale(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		// language[_territory][.codeset][@modifier]
		if i := strings.IndexAny(v, ".@"); i >= 0 {
			v = v[:i]
		}
		if l, ok := ParseLang(v); ok && v != "" {
			return l
		}
		return English
	}
	return English
}

// Sprintf formats as fmt.Sprintf does — the English text is byte for byte fmt's — and, while a
// translation is open, remembers the format and arguments so that the text can be written in
// another language. format must be a constant: the catalog test reads it from the source.
func Sprintf(format string, args ...any) string {
	s := fmt.Sprintf(format, args...)
	if !wordsNothing(s, args) {
		remember(s, &record{format: format, args: args})
	}
	return s
}

// wordsNothing reports whether a text is one of its arguments' own (Sprintf("%v", err)): the
// format adds no words, so remembering it would only hide the record the argument's text
// already has, the one that translates it. Every remembered text is then longer than each of its
// arguments, so translating them, and theirs, comes to an end.
func wordsNothing(s string, args []any) bool {
	for _, a := range args {
		switch a := a.(type) {
		case string:
			if a == s {
				return true
			}
		case error:
			if a.Error() == s {
				return true
			}
		}
	}
	return false
}

// Errorf is [fmt.Errorf] with the error's text remembered as [Sprintf] remembers one, for an
// error whose text becomes part of a message.
func Errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	if !wordsNothing(err.Error(), args) {
		remember(err.Error(), &record{format: format, args: args})
	}
	return err
}

// Data is a text written as it is in every language: a tool's or a file's name, a label, a quote
// of the input. An argument of [Sprintf] or [Errorf] that is a plain string equal to one of the
// catalog's words would be translated with the message ("send", "fetch" and "policy" are both
// tool names and catalog words); passed as Data it never is.
type Data string

// T marks a fixed English sentence as a message and returns it unchanged: the catalog test
// collects what T marks, and a translation looks the sentence up in the catalog.
func T(sentence string) string { return sentence }

// A Localized message is one that writes itself in a language: the JSON Schema library's error
// kinds do, with a printer of the language's formats and numbers.
type Localized interface {
	PrintMessage(kind.Printer) string
}

// Library records a message the JSON Schema library wrote in English (english, its text) with
// the error kind that wrote it, so that a translation asks the kind for its words.
func Library(english string, kind Localized) string {
	if registry.open.Load() != 0 { // else nothing is kept: no record to make, once per problem
		remember(english, &record{localized: kind})
	}
	return english
}

// Custom records a message that writes itself in each language by a function of its own (a
// number with a decimal comma, say); english is what write(English) returns.
func Custom(english string, write func(Lang) string) string {
	remember(english, &record{write: write})
	return english
}

// Derived records a text made from a message by a function that can be applied to the message
// in any language (a redaction that cuts secrets out of it): a translation translates from and
// applies apply to the result.
func Derived(text, from string, apply func(Lang, string) string) string {
	remember(text, &record{from: from, derive: apply})
	return text
}

// Join joins texts with sep, as strings.Join does, remembering the texts so that a translation
// joins their translations: a list of messages inside a message.
func Join(texts []string, sep string) string {
	s := strings.Join(texts, sep)
	if len(texts) > 1 {
		remember(s, &record{items: texts, sep: sep})
	}
	return s
}

// Plural writes a count with the format that fits it, one ("%d problem") or many ("%d
// problems"), by each language's rule: French also writes 0 in the singular.
func Plural(n int, one, many string) string {
	return Custom(plural(English, n, one, many), func(lang Lang) string { return plural(lang, n, one, many) })
}

func plural(lang Lang, n int, one, many string) string {
	format := many
	if n == 1 || lang == French && n == 0 {
		format = one
	}
	return lang.Sprintf(format, n)
}
