package lint

import "sync"

// The lint rules' names, as findings carry them.
const (
	RuleHiddenCharacters        = "hidden-characters"
	RuleInstructionOverride     = "instruction-override"
	RuleInstructionConcealment  = "instruction-concealment"
	RuleInstructionCoercion     = "instruction-coercion"
	RuleInstructionPriority     = "instruction-priority"
	RuleExfiltrationInstruction = "exfiltration-instruction"
	RuleCovertRecipient         = "covert-recipient"
	RuleToolShadowing           = "tool-shadowing"
	RuleEncodedCommand          = "encoded-command"
	RuleDeclaredHarvesting      = "declared-harvesting"
	RuleAnnotationHonesty       = "annotation-honesty"
	RuleCredentialParameter     = "credential-parameter"
	RuleExfiltrationParameter   = "exfiltration-parameter"
	RuleConfusableName          = "confusable-name"
	RuleInstructionTag          = "instruction-tag"
	RuleHTMLComment             = "html-comment"
	RuleSensitivePath           = "sensitive-path"
	RuleSecretLiteral           = "secret-literal"
	RuleLooseSchema             = "loose-schema"
)

// The attack families the high-severity rules catch, as [Rule.Families] names them.
const (
	FamilyHiddenText          = "hidden-text"
	FamilyInstructionOverride = "instruction-override"
	FamilyConcealment         = "concealment"
	FamilyCoercion            = "coercion"
	FamilyExfiltration        = "exfiltration"
	FamilyCovertRecipient     = "covert-recipient"
	FamilyCrossToolSteering   = "cross-tool-steering"
	FamilyPriorityHijack      = "priority-hijack"
	FamilyEncodedCommand      = "encoded-command"
	FamilyDeclaredHarvesting  = "declared-harvesting"
	FamilyAnnotationLie       = "annotation-lie"
	FamilySchemaMismatch      = "schema-mismatch"
	FamilyLookalikeName       = "lookalike-name"
)

// A lintRule is one rule of the registry: what [Rules] says about it, and its checks. A rule
// has any of: phrases, matched in every reading of every string the model reads; raw, run on
// every string as written (member names too); text, run on every reading; tool, run once per
// tool after its strings.
type lintRule struct {
	Rule
	phrases []phrase // made by makePhrases, once, when the first lint needs them ([registryPhrases])
	// makePhrases makes the rule's phrases: building ~80 phrases was most of the package's
	// initialisation, which every program importing lint (every module of the page) ran at start.
	makePhrases func() []phrase
	raw         func(l *linter, tf *toolFindings, s *textSite)
	text        func(l *linter, tf *toolFindings, v *textView)
	tool        func(l *linter, tf *toolFindings)
}

// lintRegistry is every rule, in the order the documentation lists them: the attack families
// first, then what a reviewer should look at, then hygiene. Each rule lives in its own file,
// rule_<name>.go; [Rules], the CLI's help and SARIF rule metadata and the page's legend
// are all derived from this list.
var lintRegistry = []*lintRule{
	&ruleHiddenCharacters,
	&ruleInstructionOverride,
	&ruleInstructionConcealment,
	&ruleInstructionCoercion,
	&ruleInstructionPriority,
	&ruleExfiltrationInstruction,
	&ruleCovertRecipient,
	&ruleToolShadowing,
	&ruleEncodedCommand,
	&ruleDeclaredHarvesting,
	&ruleAnnotationHonesty,
	&ruleCredentialParameter,
	&ruleExfiltrationParameter,
	&ruleConfusableName,
	&ruleInstructionTag,
	&ruleHTMLComment,
	&ruleSensitivePath,
	&ruleSecretLiteral,
	&ruleLooseSchema,
}

// Rules lists every rule [Catalog] applies, from the registry: for documentation, SARIF
// rule metadata and the page's legend.
var Rules []Rule

// lintRuleByName finds a rule of the registry.
var lintRuleByName map[string]*lintRule

// phraseFilter holds every word the rules filter on; building it also gives each phrase the ids
// of its words.
var phraseFilter *wordFilter

// phraseLead marks the phrase filter's words some phrase of the registry leads with.
var phraseLead []bool

// A phraseRef names one phrase of the registry.
type phraseRef struct {
	rule   *lintRule
	phrase *phrase
	order  int // the phrase's place in the registry, so that candidates are tried in that order
}

// phrasesByWord lists, for each word id of the filter, the phrases one of whose anyOf words it
// is: a string's candidates are found from the few words it holds, not by asking every phrase.
var phrasesByWord [][]phraseRef

// The registry's index is built in init, not as an initialiser: the rules' checks refer to it,
// and an initialiser would make that a cycle.
func init() {
	lintRuleByName = make(map[string]*lintRule, len(lintRegistry))
	for _, r := range lintRegistry {
		Rules = append(Rules, r.Rule)
		lintRuleByName[r.Name] = r
	}
}

// buildPhraseTables builds the word filter and the tables derived from it, once, on the first
// lint: they take ~40 ms in the page's wasm, which a page that only validates should not wait
// for at start-up.
// registryPhrases makes every rule's phrases, once: what reads a rule's phrases calls it first.
var registryPhrases = sync.OnceFunc(func() {
	for _, r := range lintRegistry {
		if r.makePhrases != nil {
			r.phrases = r.makePhrases()
		}
	}
})

// phraseWords are the words the rules filter on: the phrases' words and gates, and the rules'
// word sets.
func phraseWords() []string {
	registryPhrases()
	var all []string
	for _, r := range lintRegistry {
		for _, p := range r.phrases {
			all = append(all, p.anyOf...)
			for _, g := range p.gates {
				all = append(all, g...)
			}
		}
	}
	for _, ws := range wordSets {
		all = append(all, ws.words...)
	}
	return all
}

var buildPhraseTables = sync.OnceFunc(func() {
	// The filter is the registry's phrase group's, which holds these words beside its phrases'
	// literals: one pass over a string answers both, where the group read each string again
	// (a short one's literals are taken from the view's words, [linter.mayMatch]).
	groupPhrases()
	registry := phraseGroups[0]
	registry.once.Do(registry.build)
	phraseFilter, phraseLead = registry.filter, registry.lead
	for _, ws := range wordSets {
		ws.mask = phraseFilter.maskOf(ws.words)
	}
	phrasesByWord = make([][]phraseRef, len(phraseFilter.ids))
	order := 0
	for _, r := range lintRegistry {
		for i := range r.phrases {
			p := &r.phrases[i]
			p.anyOfIDs = phraseFilter.idsOf(p.anyOf)
			for _, id := range p.anyOfIDs {
				if n := len(phrasesByWord[id]); n == 0 || phrasesByWord[id][n-1].phrase != p {
					phrasesByWord[id] = append(phrasesByWord[id], phraseRef{r, p, order})
				}
			}
			order++
			p.gateMask = nil
			for _, g := range p.gates {
				p.gateMask = append(p.gateMask, phraseFilter.maskOf(g))
			}
		}
	}
})
