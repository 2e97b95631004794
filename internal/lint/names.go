package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// nameWords splits an identifier or a text into lowercase words: "sendEmail" → send, email;
// "read_file" → read, file; "HTTPServer" → http, server.
func nameWords(s string) []string {
	var words []string
	start := -1
	var prev rune
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(s[start:end]))
		}
		start = -1
	}
	for i, r := range s {
		isAlnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case !isAlnum:
			flush(i)
		case start < 0:
			start = i
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush(i)
			start = i
		}
		prev = r
	}
	flush(len(s))
	return words
}

func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// Squash lowercases a name and drops separators: "summary_of-Conversation" → "summaryofconversation".
func Squash(name string) string {
	// Most names are ASCII, and many already squashed ("query", "limit"): those are returned as
	// they are, the others lowered in one buffer.
	plain, ascii := true, true
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if c == '_' || c == '-' || c == ' ' || c == '.' || 'A' <= c && c <= 'Z' {
			plain = false
		}
	}
	if ascii && plain {
		return name
	}
	if ascii {
		b := make([]byte, 0, len(name))
		for i := 0; i < len(name); i++ {
			switch c := name[i]; {
			case c == '_' || c == '-' || c == ' ' || c == '.':
			case 'A' <= c && c <= 'Z':
				b = append(b, c+'a'-'A')
			default:
				b = append(b, c)
			}
		}
		return string(b)
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Verbs in tool names, by what they let a tool do. A tool name says what it does with its verb,
// which stands first ("get_merge_request") or after a namespace ("git_commit", "firecrawl_scrape",
// "email_send"): the other words are nouns, whatever else they could be ("get_commit" commits
// nothing).
var (
	deleteVerbs = wordSet("delete", "remove", "drop", "destroy", "purge", "truncate", "erase", "wipe", "rm", "unlink", "kill",
		"terminate", "revoke", "uninstall", "rmdir", "del", "shred", "nuke", "reset", "clear")
	writeVerbs = wordSet("write", "create", "update", "edit", "modify", "put", "patch", "insert", "upsert", "save", "append",
		"rename", "move", "mv", "upload", "commit", "push", "merge", "replace", "overwrite", "apply", "restore", "import",
		"install", "deploy", "reopen", "assign", "archive", "fork", "mkdir", "copy", "cp", "transfer",
		"approve", "enable", "disable", "restart", "schedule", "cancel", "chmod", "chown", "grant", "store", "submit",
		"set", "add", "make", "lock", "unlock", "toggle", "rebase", "tag", "stage", "unstage", "checkout", "revert",
		"cherry", "stash", "init", "draft", "register", "unregister", "configure", "change", "mark", "close", "publish")
	execVerbs  = wordSet("exec", "execute", "run", "eval", "spawn", "invoke", "bash", "sh", "powershell", "shell")
	sendVerbs  = wordSet("send", "reply", "forward", "tweet", "notify", "broadcast", "dm", "sms", "invite", "post", "email", "mail", "message", "comment")
	fetchVerbs = wordSet("fetch", "download", "curl", "wget", "browse", "navigate", "crawl", "scrape", "http")
	readVerbs  = wordSet("get", "list", "read", "search", "find", "query", "show", "view", "describe", "lookup", "look", "check",
		"inspect", "count", "analyze", "analyse", "explain", "diff", "compare", "status", "preview", "retrieve", "watch",
		"monitor", "poll", "wait", "validate", "verify", "lint", "calculate", "compute", "convert", "summarize", "summarise",
		"translate", "parse", "render", "take", "capture", "screenshot", "snapshot", "echo", "ping", "scan", "review", "audit",
		"estimate", "suggest", "recommend", "locate", "discover", "detect", "identify", "extract", "measure", "trace",
		"debug", "evaluate", "format", "generate", "select", "grep", "stat", "tree", "cat", "head", "tail", "whoami",
		"lookup", "resolve", "sequential", "think", "start", "stop", "begin", "open", "new", "hover", "scroll", "focus",
		"wait", "emulate", "resize", "press", "click", "type", "fill", "drag", "upload", "handle", "performance", "visit", "load",
		"test", "fix", "plan")
	// ambiguousVerbs are nouns as often as verbs: before another verb they are a namespace
	// ("email_send", "tag_create", "shell_exec").
	ambiguousVerbs = wordSet("email", "mail", "message", "post", "comment", "tag", "stage", "mark", "type", "test", "fix", "plan",
		"open", "new", "status", "tree", "stat", "cat", "head", "tail", "shell", "http", "bash", "sh", "performance", "think", "sequential")
	// modifierNouns follow a verb-shaped word that is a noun there: "merge_request", "commit_status", "run_logs".
	modifierNouns = wordSet("request", "requests", "status", "statuses", "log", "logs", "details", "detail", "info", "history",
		"message", "messages", "list", "diff", "diffs", "count", "summary", "report", "metadata", "stats", "result", "results",
		"config", "settings", "notification", "notifications", "event", "events", "id", "ids", "url", "urls", "time", "type")
)

// namespaceBefore are the verbs that, following a verb-shaped word after a namespace, make it a
// noun: "genai_model_eval_get_preset" gets an evaluation's preset.
var namespaceBefore = wordSet("get", "list", "read", "describe", "show", "view")

//go:noinline
func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// isNameVerb reports a word some verb class holds.
func isNameVerb(w string) bool {
	return deleteVerbs[w] || writeVerbs[w] || execVerbs[w] || sendVerbs[w] || fetchVerbs[w] || readVerbs[w]
}

// nameVerb finds the verb of a tool name and the word after it (its object): the first word, or
// the first verb among the next two after a namespace ("github_get_me", "mcp_tool_send_email"). A
// verb followed by a noun it modifies ("merge_request", "commit_status") is a noun itself.
func nameVerb(name string) (verb, object string) {
	words := nameWords(name)
	for i := 0; i < len(words) && i < 3; i++ {
		w := words[i]
		if !isNameVerb(w) {
			continue
		}
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		if modifierNouns[next] && !readVerbs[w] || ambiguousVerbs[w] && (isNameVerb(next) || next == "" && i > 0) {
			continue
		}
		if i > 0 && namespaceBefore[next] {
			continue // "model_eval_get_run": after a namespace, a verb before "get" is a noun of the namespace
		}
		return w, next
	}
	return "", ""
}

// A Capability is something a tool can do that a reviewer must approve: write, delete,
// execute, send or fetch, with the evidence for it.
type Capability struct {
	Kind, Why string
}

// nameCapability reads what a tool name's verb lets it do; read-only verbs and names with no verb
// give none.
func nameCapability(name string) (Capability, bool) {
	kind := capabilityOf(nameVerb(name))
	if kind == "" {
		return Capability{}, false
	}
	verb, _ := nameVerb(name)
	return Capability{Kind: kind, Why: i18n.Sprintf("its name says %q", verb)}, true
}

// CapabilityWords names a capability for a sentence ("it can delete").
func CapabilityWords(kind string) string {
	switch kind {
	case "delete":
		return i18n.T("delete")
	case "write":
		return i18n.T("write")
	case "execute":
		return i18n.T("execute")
	case "send":
		return i18n.T("send")
	case "fetch":
		return i18n.T("fetch")
	}
	return kind
}

// capabilityOf is what a name's verb and its object let a tool do, or "".
func capabilityOf(verb, object string) string {
	switch {
	case verb == "":
		return ""
	case deleteVerbs[verb]:
		return "delete"
	case execVerbs[verb]:
		return "execute"
	case sendVerbs[verb]:
		if verb == "post" || verb == "comment" || verb == "message" {
			return "write"
		}
		return "send"
	case fetchVerbs[verb]:
		return "fetch"
	case verb == "open" && (object == "url" || object == "page" || object == "link" || object == "website" || object == "browser" || object == "tab"):
		return "fetch"
	case writeVerbs[verb]:
		if addsNumbers(verb, object) {
			return ""
		}
		return "write"
	}
	return ""
}

// addsNumbers reports a name whose "add" is arithmetic ("add", "add_numbers", "add_two_ints"): a
// calculator computes, it writes nothing, so an order to fill its fields with a file is no
// write tool doing its job.
func addsNumbers(verb, object string) bool {
	return verb == "add" && numberObjects[object]
}

var numberObjects = wordSet("", "numbers", "number", "two", "ints", "integers", "floats", "nums")

// harmlessName reports a tool whose name promises only to read or compute ("add_numbers",
// "get_weather", "search_docs"): such a tool has no business asking for credentials or for
// whatever the model knows.
func harmlessName(name string) bool {
	verb, object := nameVerb(name)
	if verb == "" {
		return false
	}
	if addsNumbers(verb, object) {
		return true
	}
	// Starting or stopping something (a migration, a recovery mode, a session) acts on it: such a
	// tool does more than read or compute.
	return readVerbs[verb] && !fetchVerbs[verb] && !actVerbs[verb]
}

// actVerbs are read verbs for annotations (starting a session changes nothing stored) that still
// act: a tool named for them may need a credential for what it starts.
var actVerbs = wordSet("start", "stop", "begin", "resolve")

// NameCapabilities is [nameCapability] as a list, for the catalog diff's risk.
func NameCapabilities(name string) []Capability {
	if c, ok := nameCapability(name); ok {
		return []Capability{c}
	}
	return nil
}

// isWordByte reports an ASCII letter, digit or underscore: a byte of an identifier.
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}
