// Package live is gatehouse's half that talks to running MCP servers: it asks a server for its
// tools (the catalog core reads), reads the MCP client configurations people already have, and
// runs the proxy that puts the gate in front of a real server.
//
// It speaks MCP through the official Go SDK's transports (a command's stdio, Streamable HTTP,
// the older HTTP+SSE) and its JSON-RPC messages, one message at a time: the proxy passes every
// message it has no business with through as it came, and only the few it must see (initialize,
// tools/list, tools/call, the tools' list_changed notification) are read. Every decision comes
// from package core — the same gate the page runs — and this package only carries texts to it
// and its answers back.
//
// Only cmd/gatehouse imports it: core stays free of processes and network, and the page's
// WebAssembly never links it.
package live
