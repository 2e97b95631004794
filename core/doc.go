// Package core is gatehouse's public face: the request and result types of the JavaScript API
// and the functions that answer them. The page (through the wasm binding), the CLI and scripts
// call only this package; everything it answers is done in pure Go with no system calls, files or
// network, so that it runs the same compiled to WebAssembly in a browser tab and natively in CI.
//
// An AI agent's model proposes a tool call as JSON, and the tool's result comes back for the model
// to read. gatehouse answers four questions, before and after each call, each from texts a person
// pasted (or a proxy carries).
//
//   - Is it well formed? [Validate] checks an instance against a JSON Schema (drafts 4, 6, 7,
//     2019-09 and 2020-12; 2020-12 when the schema names none, as MCP says). Nothing is ever
//     fetched, and patterns run on RE2, in linear time.
//   - Is it allowed? [Gate] reads the call in any of the common shapes (OpenAI, Anthropic, Gemini,
//     MCP), the server's catalog and the session's policy, and decides allow, deny or ask in a
//     fixed order, failing closed; the [Decision] says which gate stopped the call and why.
//     [CheckDecision] holds a decision someone wrote to the same rule.
//   - Is the tool still the one that was reviewed? [PinCatalog] hashes each tool's whole
//     definition; [Diff] compares two texts as an RFC 6902 patch and two catalogs tool by tool;
//     [Lint] looks for what a poisoned tool carries.
//
// Is what came back safe to hand on? After the call, [CheckResult] checks what the tool returned before the model reads it: its
// structuredContent against the tool's outputSchema, its size, and instructions aimed at the
// model in any text of it; a proxy keeps a [ResultChecker].
//
// Across calls, [Replay] decides every call of a session's transcript with the policy's flows
// (a call after, or carrying text of, a labelled result is asked or denied), and a proxy keeps
// the same state per client in [FlowSessions], as labels and hashed shingles, never texts.
//
// [EncodeState] and [DecodeState] put the page's texts in a URL fragment; [Format] pretty-prints
// without touching a number; [About] says what this build knows (severities, limits, rules).
// [Call] runs any of them by name on a JSON request, exactly as the JavaScript API does.
//
// # Languages
//
// Every request takes a lang: "en" (the default), "fr" or "de". The checks word every message
// in English; each function translates its finished answer's messages into the request's
// language (internal/i18n says how), so that calls in several languages at once never meet. A
// language gatehouse does not speak is answered in English, with a problem that says so.
//
// # How a text flows
//
// Every answer follows the same path: text → strict parse → check → answer → view.
//
//  1. Each pasted text is parsed once, strictly (internal/jsondoc): a duplicate object key is an
//     error, numbers keep every digit, size and depth are capped, every error has its line and
//     column. The document keeps its text.
//  2. A check reads the parsed value: the schema (internal/schema), the call and its arguments
//     (internal/call), the catalog, pins and locks (internal/catalog), the policy
//     (internal/policy), the gate's order (internal/gate), the diff (internal/diff), the lint
//     rules (internal/lint), secrets in arguments (internal/secrets).
//  3. Whatever it finds is a [Problem], a [Finding] or a report entry at a JSON Pointer, placed
//     back at its line and column in the text it came from, with untrusted text shown visibly
//     (internal/untrusted).
//  4. The answer is one of this package's result types, marshalled as the API's JSON.
//  5. The view — the page, the CLI's text and SARIF printers — only presents it.
//
// # Numbers
//
// Every comparison of numbers uses JSON Schema's equality, exact decimal value: 10, 10.0 and 1e1
// are one number, and 12345678901234567890 differs from …891. The gate's changed fields, the
// catalog report, the RFC 6902 patch (which never holds an operation that changes nothing) and
// the lint agree. A pin is sha256 over RFC 8785's canonical form, which writes numbers as
// doubles, so 10 and 10.0 give one pin, as they should; a definition with a number no double
// holds exactly is refused a pin rather than pinned loosely, so a pin never merges two values
// that the other comparisons tell apart. Lock files written before this rule keep their pins.
//
// # What is kept between calls
//
// The page calls the same functions on every keystroke with mostly the same texts. Compiled
// schemas are kept by their texts, and [Gate] keeps the last [Gatekeeper] — the catalog read and
// the policy compiled, with argument rules prepared and pins computed — while the catalog and
// policy texts are unchanged. A long-running process keeps its own Gatekeeper ([NewGatekeeper]).
package core
