// Package core is gatehouse's checker: everything the page, the JavaScript API and the CLI can
// do is done here, in pure Go with no system calls, files or network, so that it runs the same
// compiled to WebAssembly in a browser tab and natively in CI.
//
// An AI agent's model proposes a tool call as JSON. Before it runs, gatehouse answers three
// questions, each from texts a person pasted.
//
// # Is it well formed?
//
// [Validate] checks an instance against a JSON Schema (drafts 4, 6, 7, 2019-09 and 2020-12;
// 2020-12 when the schema names none, as MCP says). Nothing is ever fetched: metaschemas are
// built in, further schema documents are given as resources, and a $ref to anything else is a
// problem. Patterns run on RE2, in linear time, so a hostile pattern cannot freeze the page.
//
// Every text first goes through one strict parse, [ParseDocument]: a duplicate object key is an
// error (two parsers that disagree on which "decision" counts are an attack), numbers keep every
// digit, size and depth are capped. The parsed [Document] keeps its text, so any later
// [Problem] found at a JSON Pointer is reported at its line and column.
//
// # Is it allowed?
//
// [Gate] reads the call in any of the common shapes (OpenAI, Anthropic, Gemini, MCP), the
// server's catalog and the session's policy, and decides allow, deny or ask, in a fixed order:
// the tool is allowlisted and in the catalog; its definition matches its pin; the arguments
// parse strictly and pass the tool's inputSchema; the session's grant holds every capability the
// tool requires; each argument rule holds (hosts, workspace paths, enums, no secrets); a tool
// that needs confirmation is confirmed. The [Decision] says which gate stopped the call and why.
// [CheckDecision] holds a decision someone wrote to the same rule: passing its schema is not
// enough to allow.
//
// # Is it still the tool that was reviewed?
//
// [Pin] hashes a tool's whole definition (RFC 8785 canonical form, SHA-256), so that a changed
// description, schema or annotation — a rug pull — changes the pin. [Diff] compares two texts as
// an RFC 6902 JSON Patch and, for catalogs, tool by tool: what was added, removed or changed,
// whether a schema was loosened, which annotations flipped. [Lint] looks for what a poisoned
// tool carries: instructions aimed at the model, hidden characters, requests for secrets.
//
// # The page's state
//
// [EncodeState] and [DecodeState] put every pane's texts in a URL fragment, which browsers
// never send to a server, so a link shares exactly what the sender saw.
package core
