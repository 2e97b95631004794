package core

import (
	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/diff"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
)

// Every request takes an optional lang: "en" (the default), "fr" or "de". The answer's messages
// are written in that language; everything else in it (names, pointers, reasons, rule names,
// quoted values) is the same in every language. How a message is translated is said in
// internal/i18n: the checks word every message in English, and each function translates its
// finished answer here, with a translation of its own, so that calls in two languages at once
// do not meet.

// The helpers every function shares are core/schemaapi's.
func openTranslation(lang string) (*i18n.Translation, Problems) {
	return schemaapi.OpenTranslation(lang)
}
func closeTranslation(tr *i18n.Translation) { schemaapi.CloseTranslation(tr) }
func withLanguage(langProbs, probs Problems) Problems {
	return schemaapi.WithLanguage(langProbs, probs)
}
func translateProblems(tr *i18n.Translation, ps Problems) Problems {
	return schemaapi.TranslateProblems(tr, ps)
}

// translated returns a copy of s with each element passed through f; nil stays nil.
func translated[S ~[]E, E any](s S, f func(E) E) S { return schemaapi.Translated(s, f) }

func translateDecision(tr *i18n.Translation, d Decision) Decision {
	d.Explanation = tr.Texts(d.Explanation)
	d.Errors = translateProblems(tr, d.Errors)
	d.Evidence = translateProblems(tr, d.Evidence)
	d.Unmatched = translated(d.Unmatched, func(u Unmatched) Unmatched { u.Message = tr.Text(u.Message); return u })
	d.Violations = translated(d.Violations, func(v policy.Violation) policy.Violation { v.Message = tr.Text(v.Message); return v })
	return d
}

func translateGate(tr *i18n.Translation, res GateResult) GateResult {
	if tr == nil {
		return res
	}
	most := -1
	for i := range res.Decisions {
		if &res.Decisions[i] == res.Decision {
			most = i
		}
	}
	res.Decisions = translated(res.Decisions, func(d Decision) Decision { return translateDecision(tr, d) })
	if most >= 0 {
		res.Decision = &res.Decisions[most]
	} else if res.Decision != nil {
		d := translateDecision(tr, *res.Decision)
		res.Decision = &d
	}
	res.Problems = translateProblems(tr, res.Problems)
	return res
}

func translateFindings(tr *i18n.Translation, fs []lint.Finding) []lint.Finding {
	if tr == nil {
		return fs
	}
	return translated(fs, func(f lint.Finding) lint.Finding {
		f.Message, f.Why, f.Evidence = tr.Text(f.Message), tr.Text(f.Why), tr.Evidence(f.Evidence)
		return f
	})
}

func translateToolReports(tr *i18n.Translation, rs []diff.ToolReport) []diff.ToolReport {
	return translated(rs, func(r diff.ToolReport) diff.ToolReport {
		r.Reasons = tr.Texts(r.Reasons)
		r.Findings = translateFindings(tr, r.Findings)
		return r
	})
}

func translateDiff(tr *i18n.Translation, res diff.Result) diff.Result {
	if tr == nil {
		return res
	}
	if c := res.Catalog; c != nil {
		cd := *c
		cd.AddedTools = translateToolReports(tr, c.AddedTools)
		cd.RemovedTools = translateToolReports(tr, c.RemovedTools)
		cd.Summary.Text = tr.Text(c.Summary.Text)
		cd.Changed = translated(c.Changed, func(ch diff.ToolChange) diff.ToolChange {
			ch.Reasons = tr.Texts(ch.Reasons)
			ch.NewFindings = translateFindings(tr, ch.NewFindings)
			ch.SchemaChanges = translated(ch.SchemaChanges, func(sc diff.SchemaChange) diff.SchemaChange { sc.Message = tr.Text(sc.Message); return sc })
			ch.Annotations = translated(ch.Annotations, func(f diff.AnnotationFlip) diff.AnnotationFlip { f.Message = tr.Text(f.Message); return f })
			return ch
		})
		res.Catalog = &cd
	}
	if l := res.Lock; l != nil {
		lr := *l
		lr.Tools = translated(l.Tools, func(e catalog.LockEntry) catalog.LockEntry { e.Message = tr.Text(e.Message); return e })
		res.Lock = &lr
	}
	res.Findings = translateFindings(tr, res.Findings)
	res.Problems = translateProblems(tr, res.Problems)
	return res
}

func translateRules(tr *i18n.Translation, rules []lint.Rule) []lint.Rule {
	if tr == nil {
		return rules
	}
	return translated(rules, func(r lint.Rule) lint.Rule {
		r.Summary, r.Why, r.Help = tr.Text(r.Summary), tr.Text(r.Why), tr.Text(r.Help)
		return r
	})
}
