package schemaapi

import (
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// Every request takes an optional lang: "en" (the default), "fr" or "de". The answer's messages
// are written in that language; everything else in it (names, pointers, reasons, rule names,
// quoted values) is the same in every language. How a message is translated is said in
// internal/i18n: the checks word every message in English, and each function translates its
// finished answer with a translation of its own, so that calls in two languages at once do not
// meet. The helpers below are every function's, core's too.

// Languages lists the languages an answer can be written in, as a request's lang names them.
// Read it, never assign to it.
var Languages = func() []string {
	out := make([]string, len(i18n.Langs))
	for i, l := range i18n.Langs {
		out[i] = string(l)
	}
	return out
}()

// OpenTranslation starts the translation of an answer into the request's language. A language
// gatehouse does not speak is a problem (source "request"), and the answer is in English.
func OpenTranslation(lang string) (*i18n.Translation, problem.Problems) {
	l, ok := i18n.ParseLang(lang)
	tr := i18n.Open(l)
	if !ok {
		return tr, problem.Problems{{Source: problem.SourceRequest, Kind: problem.KindRule, Offset: -1,
			Message: i18n.Sprintf("unknown language %q: gatehouse answers in %s; this answer is in English", lang, strings.Join(Languages, ", "))}}
	}
	return tr, nil
}

// CloseTranslation ends an answer's translation.
func CloseTranslation(tr *i18n.Translation) {
	if untranslated != nil && tr != nil {
		untranslated(tr.Missing())
	}
	tr.Close()
}

// untranslated, when set (by tests), is told the messages an answer could not translate.
var untranslated func(texts []string)

// SetUntranslated makes every translated answer report the messages it could not translate (for
// tests; nil stops it).
func SetUntranslated(f func(texts []string)) { untranslated = f }

// WithLanguage puts the language problem first among an answer's problems.
func WithLanguage(langProbs, probs problem.Problems) problem.Problems {
	if len(langProbs) == 0 {
		return probs
	}
	return append(slices.Clip(langProbs), probs...)
}

// Translated returns a copy of s with each element passed through f; nil stays nil. Translators
// copy every list they change: an answer may share its lists with what is kept between calls.
func Translated[S ~[]E, E any](s S, f func(E) E) S {
	if s == nil {
		return nil
	}
	out := make(S, len(s))
	for i, e := range s {
		out[i] = f(e)
	}
	return out
}

// TranslateProblems writes each problem's message in the translation's language, in a copy.
func TranslateProblems(tr *i18n.Translation, ps problem.Problems) problem.Problems {
	if tr == nil {
		return ps
	}
	return Translated(ps, func(p problem.Problem) problem.Problem { p.Message = tr.Text(p.Message); return p })
}

// OrEmpty makes a nil list of problems an empty one, which the API writes as [].
func OrEmpty(ps problem.Problems) problem.Problems {
	if ps == nil {
		return problem.Problems{}
	}
	return ps
}
