package core

import (
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/result"
)

// ResultRequest is the input of [CheckResult]: a tool's result exactly as received and, all
// optional, what says which tool returned it and what it may be.
type ResultRequest struct {
	// Result is the result's text, in any of the shapes gatehouse reads: an MCP CallToolResult,
	// a JSON-RPC response wrapping one, an OpenAI Chat tool message, an OpenAI Responses
	// function_call_output item, an Anthropic tool_result block, a Gemini functionResponse part,
	// or a list, log or conversation holding them (with the calls they answer).
	Result string `json:"result"`
	// Catalog is the server's tools/list answer; the tool's outputSchema is read from it.
	Catalog string `json:"catalog,omitempty"`
	// Tool names the tool. When empty it is found from the result (Gemini names it), from Call
	// by the result's id, from the calls the result text holds beside it (a JSON-RPC log's
	// request with the same id), or from a call text holding one call.
	Tool string `json:"tool,omitempty"`
	// Call is the call the result answers, in any shape [Gate] reads.
	Call string `json:"call,omitempty"`
	// Policy is a policy text; only its "results" section is read, and a policy holding only
	// that section is valid. Blank: the defaults (1 MiB and 64 blocks at most, a schema failure
	// blocks, an injection flags).
	Policy string `json:"policy,omitempty"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// A ResultVerdict is what may become of a result: pass, flag or block.
type ResultVerdict string

// The verdicts, from the least to the most severe.
const (
	// ResultPass: the result may reach the model as it is.
	ResultPass ResultVerdict = result.VerdictPass
	// ResultFlag: it may (unchanged, or cleaned under on_injection "strip"), and someone should
	// look: its findings and reasons say why.
	ResultFlag ResultVerdict = result.VerdictFlag
	// ResultBlock: it must not reach the model; [ResultCheck.Replacement] is what to give instead.
	ResultBlock ResultVerdict = result.VerdictBlock
)

// ResultCheck is the answer of [CheckResult].
type ResultCheck struct {
	Verdict ResultVerdict `json:"verdict"`
	// Reasons say in a sentence each why the verdict is not pass, the most decisive first.
	Reasons []string `json:"reasons"`
	// Findings are what the model would read that a reviewer should see: the lint's text rules
	// under the result profile (instructions aimed at the model, hidden characters, encoded
	// payloads, HTML comments), markdown images and links that would carry data to a host
	// (markdown-exfiltration, naming the host), and structuredContent against the text
	// (structured-text-mismatch, structured-without-text). Each is placed at its line and
	// column in the result text; high findings are what on_injection acts on.
	Findings []Finding `json:"findings"`
	// Schema says whether structuredContent was checked against the tool's outputSchema:
	// Checked when the tool has one and the result is not an error and has a shape that
	// carries structuredContent; Valid when it was checked and passed; Problems, the schema's
	// failures placed at their line in the result text, and a missing structuredContent where
	// the tool declares an outputSchema.
	Schema struct {
		Checked  bool     `json:"checked"`
		Valid    bool     `json:"valid"`
		Problems Problems `json:"problems"`
	} `json:"schema"`
	// Size is the result's size against the policy's caps: its bytes as received and the
	// tool's max_bytes, its content blocks and the tool's max_blocks.
	Size struct {
		Bytes      int `json:"bytes"`
		Limit      int `json:"limit"`
		Blocks     int `json:"blocks"`
		BlockLimit int `json:"blockLimit"`
	} `json:"size"`
	// Problems are what is wrong with the texts: a result that is not strict JSON or holds no
	// result, a result over its cap, a resource type the policy does not allow, a catalog or
	// policy with problems.
	Problems Problems `json:"problems"`
	// Tool is the tool found for the (first) result, "" when none was; Shape is its shape
	// ("mcp", "jsonrpc", "openai-chat", "openai-responses", "anthropic", "gemini").
	Tool  string `json:"tool"`
	Shape string `json:"shape,omitempty"`
	// IsError is whether that result is an error: isError, a JSON-RPC error response, an
	// Anthropic is_error block. The model reads it as the tool's failure; it is scanned as any
	// result is, and not checked against the outputSchema.
	IsError bool `json:"isError"`
	// Stripped is how many hidden characters on_injection "strip" removed.
	Stripped int `json:"stripped"`
	// Replacement is the text to hand on in place of the result, when it must not pass as it
	// is: for block, the same text with each result replaced by an error result of its own
	// shape (an isError CallToolResult, in its JSON-RPC response with the same id) whose text
	// says why; for strip, the result with its hidden characters removed, byte for byte
	// otherwise. "" when the result passes on unchanged, and for a block of a text that holds
	// no readable result.
	Replacement string `json:"replacement,omitempty"`
}

// Redacted is the check without anything taken from the result's text — no evidence, no
// replacement — for a log line that must never hold what a tool returned.
func (r ResultCheck) Redacted() ResultCheck {
	r.Findings = translated(r.Findings, func(f Finding) Finding { f.Evidence = ""; return f })
	r.Replacement = ""
	return r
}

// Injected reports whether a finding is high: what on_injection acted on, and what a flow
// tracker labels the result's data by.
func (r ResultCheck) Injected() bool {
	for _, f := range r.Findings {
		if f.Severity == lint.SeverityHigh {
			return true
		}
	}
	return false
}

// CheckResult checks what a tool returned before the model reads it: structuredContent against
// the tool's outputSchema (2020-12 unless its $schema says otherwise; error results are not
// checked; a result with no structuredContent fails where the tool declares an outputSchema),
// a text block whose JSON differs from structuredContent, the size and block count against the
// policy, resource MIME types against its list, and every text the model reads for
// instructions aimed at it. The verdict follows the policy's "results" section.
//
// The catalog is read and the policy compiled once for as long as their texts are unchanged
// between calls (see [ResultChecker]).
func CheckResult(req ResultRequest) ResultCheck {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	rc := resultCheckers.checkerFor(req.Catalog, req.Policy, tr)
	rep := rc.checker.Check(result.Request{Result: []byte(req.Result), Tool: req.Tool, Call: req.Call})
	return answerResult(rep, langProbs, tr)
}

// answerResult writes a report as the API's answer, in the translation's language.
func answerResult(rep result.Report, langProbs Problems, tr *i18n.Translation) ResultCheck {
	out := ResultCheck{
		Verdict:  ResultVerdict(rep.Verdict),
		Reasons:  tr.Texts(rep.Reasons),
		Findings: translateFindings(tr, rep.Findings),
		Problems: translateProblems(tr, orEmpty(withLanguage(langProbs, rep.Problems))),
		Tool:     rep.Tool,
		Shape:    rep.Shape,
		IsError:  rep.IsError,
		Stripped: rep.Stripped,
	}
	out.Schema.Checked, out.Schema.Valid = rep.Schema.Checked, rep.Schema.Valid
	out.Schema.Problems = translateProblems(tr, orEmpty(rep.Schema.Problems))
	out.Size.Bytes, out.Size.Limit, out.Size.Blocks, out.Size.BlockLimit = rep.Size.Bytes, rep.Size.Limit, rep.Size.Blocks, rep.Size.BlockLimit
	if out.Reasons == nil {
		out.Reasons = []string{}
	}
	if out.Findings == nil {
		out.Findings = []Finding{}
	}
	switch {
	case out.Verdict == ResultBlock:
		why := tr.Text(i18n.T("gatehouse blocked this result before the model read it:")) + " " + strings.Join(out.Reasons, "; ")
		out.Replacement = string(rep.Blocked(why))
	case rep.Replacement != nil:
		out.Replacement = string(rep.Replacement)
	}
	return out
}

// A ResultChecker is a catalog read and a policy compiled once, to check many results with
// [ResultChecker.Check]: what a proxy keeps for as long as its server's catalog is unchanged.
// Each tool's outputSchema is compiled on its first result and kept. It is safe for concurrent
// use, and answers in English.
type ResultChecker struct {
	checker *result.Checker
}

// NewResultChecker reads a catalog and compiles a policy (either may be blank) for many results.
// A policy with problems blocks every result; a catalog that cannot be read holds no tool, so
// no outputSchema is checked. [ResultChecker.Problems] says what is wrong with them.
func NewResultChecker(catalog, policy string) *ResultChecker {
	return &ResultChecker{checker: result.New(catalog, policy, session.schemas)}
}

// Check checks one result text exactly as received — a JSON-RPC response to tools/call, as a
// proxy holds it, or any shape [CheckResult] reads — as returned by tool ("" to find it from the
// text). On block, Replacement is the same response with its result replaced by an isError
// CallToolResult whose text says why; under strip, the cleaned response; else "".
func (rc *ResultChecker) Check(resultText []byte, tool string) ResultCheck {
	return answerResult(rc.checker.Check(result.Request{Result: resultText, Tool: tool}), nil, nil)
}

// Problems are what is wrong with the checker's catalog and policy texts.
func (rc *ResultChecker) Problems() Problems { return orEmpty(rc.checker.Problems()) }

// resultCheckers keeps the last checker of the API while its catalog and policy are unchanged,
// as the session keeps the last gatekeeper.
var resultCheckers = &resultCheckerCache{}

type resultCheckerCache struct {
	mu              sync.Mutex
	last            *ResultChecker
	catalog, policy string
	lang            i18n.Lang
	made            i18n.Stamp
}

func (c *resultCheckerCache) checkerFor(catalog, policy string, tr *i18n.Translation) *ResultChecker {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last != nil && c.catalog == catalog && c.policy == policy && c.lang == tr.Lang() && tr.Keep(c.made) {
		return c.last
	}
	c.made = i18n.Now()
	c.last = NewResultChecker(catalog, policy)
	c.catalog, c.policy, c.lang = catalog, policy, tr.Lang()
	return c.last
}
