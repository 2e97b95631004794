package lint

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleExfiltrationParameter = lintRule{
	Rule: Rule{
		Name:     RuleExfiltrationParameter,
		Severity: SeverityHigh,
		Summary:  i18n.T("a parameter shaped to carry out what the model knows (notes, context, the conversation, a file it is told to read) that the tool does not justify"),
		Why:      i18n.T("A free-form field the tool has no use for is a channel: whatever the model is talked into putting there goes to the server."),
		Help: i18n.T("High for a parameter named for the conversation, its history or the system prompt, or named or described for the " +
			"contents of a file or secret (\"content_from_reading_ssh_id_rsa\", \"paste the chat history here\"), and for a " +
			"required notes/context/extra/debug/feedback field on a tool whose name promises only to read or compute. Medium " +
			"for such a field that is optional and unexplained, high when two or more of them sit unexplained on a tool whose name " +
			"says it only reads, fetches or computes (\"feedback\", \"debug\" and a pass-through \"extra\" on a weather " +
			"lookup); high again, optional or not, when its description asks for what " +
			"the model holds (the conversation, earlier results, files it read, secrets). A parameter is judged by the tool's " +
			"purpose, not by its name: one the tool's name or description accounts for (\"add_note\" taking \"note\"), one with a " +
			"shape (an array of objects with named fields, an enum, a format), a chart's \"data\" and a place (\"projectDir\", " +
			"a path) are inputs, and a chat tool's earlier messages are its input. High too for a name the input schema requires " +
			"but never defines, named for what the model holds (\"required\": [\"conversation_history_full_text\"])."),
		Families: []string{FamilyExfiltration, FamilySchemaMismatch},
	},
	tool:        checkExfilParameters,
	makePhrases: exfiltrationParameterPhrases,
}

// exfiltrationParameterPhrases are the rule's phrases, made on first use ([registryPhrases]).
func exfiltrationParameterPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityHigh, i18n.T("is described as holding the conversation or the contents of something the model reads: the description tells the model to hand it over"),
			`\b(?:include|paste|provide|put|pass|enter|add|fill|insert|append|copy|send|attach|contains?|containing|should\s+(?:contain|hold|be)|must\s+(?:contain|hold|be)|with)\s+(?:here\s+|in\s+here\s+)?(?:the\s+|your\s+|all\s+|any\s+|every\s+|a\s+copy\s+of\s+)?(?:full\s+|entire\s+|complete\s+|raw\s+)?`+`(?:`+reConversation+`|`+reContents+`)`,
			"content", "conversation", "chat", "messages", "message history", "transcript", "context window", "system prompt", "instructions you", "tool call", "tool result", "tool output", "results of", "user's", "users'", "code snippet", "source code",
			"earlier message", "previous message", "prior message", "past message", "preceding message", "earlier turns", "previous turns", "prior turns", "past turns").
			gated("include", "paste", "provide", "put", "pass", "enter", "add", "fill", "insert", "append", "copy", "send", "attach", "contain", "should", "must", "with").judged(judgeParameterDescription),
	}
}

// judgeParameterDescription keeps the phrase to parameter descriptions (the tool's own
// description is the exfiltration-instruction rule's), and lets a write tool describe the content
// it writes.
func judgeParameterDescription(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if v.site.key != "description" || v.site.parent == "" || v.from != "" {
		return "", "", false
	}
	name := v.site.parent
	// A flag or a number carries nothing out, whatever its description says it turns on
	// ("includeChats: include chat messages").
	described := v.site.pointer()
	for _, p := range tf.properties() {
		if p.pointer()+"/description" == described && !carriesText(p.schema) {
			return "", "", false
		}
	}
	if locationName(name) && !chatRE.MatchString(v.folded[m[0]:m[1]]) {
		return "", "", false // "the folder containing your source code" says where, not what to hand over
	}
	if c, ok := nameCapability(tf.tool.ToolName()); ok && (c.Kind == "write" || c.Kind == "send") && contentParams[strings.ToLower(name)] {
		return "", "", false
	}
	return SeverityHigh, i18n.Sprintf("parameter %q is described as holding the conversation or the contents of something the model reads: the description tells the model to hand it over", name), true
}

// exfilNames are parameter names that invite the model to hand over what it knows. The
// conversation-shaped ones are high: almost no tool needs the conversation.
var exfilNames = map[string]Severity{
	"summaryofconversation": SeverityHigh, "conversationsummary": SeverityHigh, "conversation": SeverityHigh,
	"conversationhistory": SeverityHigh, "chathistory": SeverityHigh, "chatlog": SeverityHigh,
	"previousmessages": SeverityHigh, "allmessages": SeverityHigh, "transcript": SeverityHigh,
	"systemprompt": SeverityHigh, "fullcontext": SeverityHigh, "conversationcontext": SeverityHigh,
	"internalmonologue": SeverityHigh, "userhistory": SeverityHigh, "chatcontext": SeverityHigh,
	"hiddencontext": SeverityHigh, "toolslist": SeverityHigh, "availabletools": SeverityHigh, "chainofthought": SeverityHigh,
	"notes": SeverityMedium, "note": SeverityMedium, "sidenote": SeverityMedium, "context": SeverityMedium,
	"metadata": SeverityMedium, "extra": SeverityMedium, "extradata": SeverityMedium, "extrainfo": SeverityMedium,
	"additionalinfo": SeverityMedium, "additionalcontext": SeverityMedium, "additionalnotes": SeverityMedium,
	"debug": SeverityMedium, "debuginfo": SeverityMedium, "misc": SeverityMedium, "remarks": SeverityMedium,
	"feedback": SeverityMedium, "memory": SeverityMedium, "thoughts": SeverityMedium, "reasoning": SeverityMedium,
	"annotations": SeverityMedium, "sessioncontext": SeverityMedium, "comment": SeverityMedium, "comments": SeverityMedium,
	"details": SeverityMedium, "info": SeverityMedium, "data": SeverityMedium, "payload": SeverityMedium, "telemetry": SeverityMedium,
}

// solicitingNameParts, inside a parameter's name, ask for what the model holds or can read.
var solicitingNameParts = []string{"conversation", "chathistory", "messagehistory", "systemprompt", "transcript", "contentfrom",
	"fromreading", "idrsa", "sshkey", "privatekey", "mcpjson", "envvars", "environmentvariables", "dotenv", "cookies", "clipboard",
	"previousmessages", "toolresults", "filecontents"}

// fillerWords do not justify a parameter when they appear in the tool's name.
var fillerWords = map[string]bool{"of": true, "the": true, "info": true, "extra": true, "additional": true, "full": true, "all": true, "data": true, "hidden": true}

var (
	// invitesAnything: a parameter description inviting free-form content.
	invitesAnything = lazyregexp.New(`(?i)\b(?:any(?:thing)?\s+(?:else|additional|extra|other|relevant)|additional\s+(?:context|information|info|details|data|notes)|extra\s+(?:context|information|info|details|data)|free[\s-]?form|everything\s+(?:you|relevant)|all\s+(?:relevant\s+|available\s+)?(?:context|information|details|data)|whatever\s+(?:you|is))\b`)
)

func checkExfilParameters(l *linter, tf *toolFindings) {
	var toolWords, descWords map[string]bool // read only when a suspicious parameter needs them
	// unexplained are the reports of optional channel fields with no description, made once all
	// are known (several together are more than one alone).
	var unexplained []exfilParam
	var names []string
	toolName := tf.tool.ToolName()
	for _, p := range tf.properties() {
		name, prop := p.name, p.schema
		squashed := p.squashed
		pdesc, _ := prop["description"].(string)
		if !carriesText(prop) {
			continue // a flag or a number carries nothing out
		}
		// A method value that does not outlive the loop's turn: a closure kept in unexplained
		// was one allocation per parameter of every tool.
		ep := exfilParam{tf: tf, p: p, pdesc: pdesc}
		report := ep.report
		if identifierName(squashed) {
			continue // "conversationId", "ssh_key_ids": an identifier names a thing, it does not hold it
		}
		if isCredentialName(squashed) && l.sharedCredential(squashed) {
			continue // the key every tool of the server signs with: the credential rule advises on it
		}
		if slices.ContainsFunc(solicitingNameParts, func(part string) bool { return containsNamePart(squashed, part) }) && !namedByTool(toolName, name) && !(inputOfWrite(toolName) && (envName(squashed) || keyName(squashed))) &&
			!(strings.Contains(squashed, "systemprompt") && conversationalRE.MatchString(tf.purpose(""))) && !takesLocation(pdesc) {
			if chatMessages(prop) {
				// A list of {role, content} messages is a chat API's input: the tool hands the
				// conversation to a model behind it by design. Worth a look, not a hidden channel.
				report(SeverityMedium, i18n.Sprintf("parameter %q takes earlier chat messages in a chat API's shape (role and content): the conversation goes to the server; check that the tool needs it", name))
				continue
			}
			report(SeverityHigh, i18n.Sprintf("parameter %q is named for what the model holds or can read (the conversation, a file's or a key's contents): its name alone tells the model to hand it over", name))
			continue
		}
		if tf.hasRule(RuleExfiltrationParameter) && tf.has(RuleExfiltrationParameter, jsondoc.JoinPointer(p.pointer(), "description")) {
			continue // its description asks for what the model holds: reported there
		}
		severity, suspicious := exfilNames[squashed]
		if !suspicious || takesLocation(pdesc) {
			continue // a place ("Transcript JSON array path") is no request for what is there
		}
		if severity == SeverityHigh && conversationalRE.MatchString(tf.purpose("")) {
			severity = SeverityMedium // a tool that asks a model takes a system prompt or a conversation as its input
		}
		if structuredInput(prop) {
			continue // an array of objects with named fields, an enum, a format: an input with a shape, not a channel
		}
		if toolWords == nil {
			toolWords = map[string]bool{}
			title, _ := tf.tool.Def["title"].(string)
			for _, w := range append(nameWords(toolName), nameWords(title)...) {
				toolWords[singular(w)] = true
			}
		}
		words := nameWords(name)
		if slices.ContainsFunc(words, func(w string) bool { return !fillerWords[w] && toolWords[singular(w)] }) {
			continue // "add_note" taking "note", "update_metadata" taking "metadata"
		}
		invites := pdesc != "" && hasAnyFold(pdesc, "any", "additional", "extra", "free", "everything", "all ", "whatever") && invitesAnything.MatchString(pdesc)
		solicits := pdesc != "" && solicitsHeld.MatchString(pdesc)
		if inputNames[squashed] && !invites && !solicits {
			continue // common honest names of a tool's input: only asking for what the model holds makes them a channel
		}
		if severity == SeverityMedium && !inputNames[squashed] && solicits && !conversationalRE.MatchString(tf.purpose("")) {
			report(SeverityHigh, i18n.Sprintf("parameter %q is a free-form field that asks for what the model holds (the conversation, earlier results, files, secrets) and nothing in the tool's name says why it needs it", name))
			continue
		}
		if severity == SeverityMedium && !solicits && purposeEcho(toolName, pdesc) && !(len(tf.list) > 0 && tf.instructs(jsondoc.JoinPointer(p.pointer(), "description"))) {
			continue // "additional context to improve translation quality": the tool's purpose is what it is for
		}
		if severity == SeverityMedium && harmlessName(toolName) && (p.required || invites) {
			report(SeverityHigh, i18n.Sprintf("parameter %q is a free-form field the model must fill, on a tool whose name promises only to read or compute: nothing it does needs it, so it can only carry out what the model knows", name))
			continue
		}
		if severity == SeverityMedium && !invites && len(strings.Fields(pdesc)) >= 3 && !(len(tf.list) > 0 && tf.instructs(jsondoc.JoinPointer(p.pointer(), "description"))) {
			if descWords == nil {
				descWords = map[string]bool{}
				desc, _ := tf.tool.Def["description"].(string)
				for _, w := range nameWords(desc) {
					descWords[singular(w)] = true
				}
			}
			if slices.ContainsFunc(words, func(w string) bool { return !fillerWords[w] && descWords[singular(w)] }) {
				continue // the tool says what the parameter is for, and the parameter agrees
			}
		}
		if severity == SeverityMedium && pdesc == "" && !p.required {
			unexplained = append(unexplained, ep)
			names = append(names, name)
			continue
		}
		report(severity, i18n.Sprintf("parameter %q invites the model to hand over what it knows (notes, context, the conversation) and nothing in the tool's name or description says why it needs it", name))
	}
	requiredUndefined(tf)
	// One optional notes field is a habit of some servers; two or more channels with no word on
	// what they take ("feedback", "debug", a pass-through "extra"), on a tool whose name says it
	// only reads or computes, are there for the model to fill with what it holds.
	several := len(unexplained) >= 2 && readsOrComputes(toolName)
	for i, ep := range unexplained {
		if several {
			ep.report(SeverityHigh, i18n.Sprintf("parameter %q is one of %d optional free-form fields (%s) that nothing in the tool explains, on a tool whose name says it only reads or computes: together they are channels for what the model knows", names[i], len(names), strings.Join(names, ", ")))
			continue
		}
		ep.report(SeverityMedium, i18n.Sprintf("parameter %q invites the model to hand over what it knows (notes, context, the conversation) and nothing in the tool's name or description says why it needs it", names[i]))
	}
}

// requiredUndefined reports a name the input schema requires but does not define, named for
// what the model holds ("required": ["a", "b", "conversation_history_full_text"]): a client
// that shows the parameters shows no such field, and the model, told the call needs it, fills it
// with what its name asks for.
func requiredUndefined(tf *toolFindings) {
	schema, _ := tf.tool.Def["inputSchema"].(map[string]any)
	required, _ := schema["required"].([]any)
	props, _ := schema["properties"].(map[string]any)
	for i, r := range required {
		name, ok := r.(string)
		if !ok || props[name] != nil {
			continue
		}
		squashed := Squash(name)
		if identifierName(squashed) || !slices.ContainsFunc(solicitingNameParts, func(part string) bool { return containsNamePart(squashed, part) }) {
			continue
		}
		tf.add(Finding{Rule: RuleExfiltrationParameter, Severity: SeverityHigh, at: -1,
			Pointer:  jsondoc.JoinPointer(jsondoc.JoinPointer(jsondoc.JoinPointer(tf.tool.Pointer, "inputSchema"), "required"), strconv.Itoa(i)),
			Message:  i18n.Sprintf("the input schema requires %q, which it does not define, and the name asks for what the model holds: the model is told the call needs it and no client shows the field", name),
			Evidence: i18n.Sprintf("%q required but not defined", name)})
	}
}

// An exfilParam is a parameter the exfiltration rule may report, with its description.
type exfilParam struct {
	tf    *toolFindings
	p     property
	pdesc string
}

// report reports the parameter, its description (or its lack of one) the evidence.
func (e exfilParam) report(sev Severity, msg string) {
	evidence := i18n.Sprintf("%q with no description", e.p.name)
	if e.pdesc != "" {
		evidence = i18n.Sprintf("%q: %s", e.p.name, untrusted.Snippet(e.pdesc, 0, 0, 60))
	}
	e.tf.add(Finding{Rule: RuleExfiltrationParameter, Severity: sev, Pointer: e.p.pointer(), at: -1, Message: msg, Evidence: evidence})
}

// readsOrComputes reports a tool whose name's verb only reads, looks up or computes (fetching
// included: a fetch takes where to fetch from, not what the model knows).
func readsOrComputes(name string) bool {
	verb, object := nameVerb(name)
	return readVerbs[verb] || fetchVerbs[verb] || addsNumbers(verb, object)
}

// containsNamePart reports a soliciting part inside a squashed parameter name where it is the
// word itself, not the start of another word: "transcript" in "auto_transcript" and
// "transcripts", not in "auto_transcription" (a media tool transcribing audio), nor
// "conversation" in "conversational_style".
func containsNamePart(squashed, part string) bool {
	for from := 0; ; {
		i := strings.Index(squashed[from:], part)
		if i < 0 {
			return false
		}
		rest := squashed[from+i+len(part):]
		if !strings.HasPrefix(rest, "ion") && !strings.HasPrefix(rest, "al") {
			return true
		}
		from += i + len(part)
	}
}

// chatMessages reports a parameter shaped as a chat API's messages: an array of objects with a
// role and a content.
func chatMessages(prop map[string]any) bool {
	items, _ := prop["items"].(map[string]any)
	props, _ := items["properties"].(map[string]any)
	_, role := props["role"]
	_, content := props["content"]
	return role && content
}

// instructionRules are the rules whose findings mean a string gives the model orders.
var instructionRules = []string{RuleInstructionOverride, RuleInstructionConcealment, RuleInstructionCoercion, RuleInstructionPriority,
	RuleExfiltrationInstruction, RuleCovertRecipient, RuleInstructionTag, RuleHTMLComment}

// instructs reports whether the string at pointer tripped an instruction rule, which cannot
// then justify anything. The strings are checked before the parameters, so this reads their
// findings rather than matching the phrases again.
func (tf *toolFindings) instructs(pointer string) bool {
	return slices.ContainsFunc(instructionRules, func(rule string) bool { return tf.has(rule, pointer) })
}

// carriesText reports a parameter that can hold text: a string, an untyped value, an object or
// an array of them.
func carriesText(prop map[string]any) bool {
	switch t := prop["type"].(type) {
	case nil:
		return true
	case string:
		return t == "string" || t == "object" || t == "array"
	case []any:
		for _, x := range t {
			if x == "string" || x == "object" || x == "array" {
				return true
			}
		}
	}
	return false
}

// chatRE names what only the model holds: the conversation and what it was given.
var chatRE = lazyregexp.New(`(?i)\b(?:conversation|chat|messages|transcript|system\s+prompt|tool\s+(?:calls?|results?|outputs?))\b`)

// conversationalRE finds a tool whose purpose is a conversation (a chat with an assistant, a
// question to a model): earlier messages are its input.
var conversationalRE = lazyregexp.New(`(?i)\b(?:chat\w*|conversation\w*|assistant|ask|llm|agent|reply|respond|dialog\w*|generate|train\w*|prompt\w*|model)\b`)

// inputNames are the names honest tools most often give their input ("data" of a chart, the
// "details" of a ticket): a channel only when their description asks for what the model holds.
var inputNames = wordSet("data", "details", "info", "payload", "comment", "comments")

// solicitsHeld finds a parameter description asking for what the model holds rather than for an
// input: the conversation, earlier results, what it has read, secrets, its own reasoning.
var solicitsHeld = lazyregexp.New(`(?i)\b(?:(?:the\s+|this\s+|your\s+|entire\s+|whole\s+|full\s+)?(?:conversation|chat\s+history|chat\s+log|message\s+history|transcript)|(?:previous|prior|earlier|past|last)\s+(?:messages?|results|outputs|turns|responses|tool\s+(?:calls|results|outputs))|(?:results?|outputs?)\s+of\s+(?:other|previous|earlier|prior)\s+(?:tools?|calls?)|what\s+the\s+user\s+(?:said|asked|wrote|typed|shared)|everything\s+you\s+(?:know|have|saw|read|remember)|(?:the\s+)?files?\s+you\s+(?:have\s+)?(?:read|opened|seen|saw)|any\s+(?:secrets?|api\s+keys?|keys|tokens|passwords?|credentials)\s+you|system\s+prompt|your\s+(?:reasoning|instructions|thoughts|internal\s+state)|(?:the\s+)?user'?s\s+messages|environment\s+variables)\b`)

// structuredInput reports a parameter whose schema gives it a shape: an object or an array of
// objects with named fields, an enum, a constant, a format or a pattern. What the model is to
// put there is the tool's input, not a free-form channel.
func structuredInput(prop map[string]any) bool {
	for _, k := range []string{"enum", "const", "format", "pattern"} {
		if _, ok := prop[k]; ok {
			return true
		}
	}
	if props, ok := prop["properties"].(map[string]any); ok && len(props) > 0 {
		return true
	}
	if items, ok := prop["items"].(map[string]any); ok {
		if props, ok := items["properties"].(map[string]any); ok && len(props) > 0 {
			return true
		}
		if t, _ := items["type"].(string); t == "number" || t == "integer" || t == "boolean" {
			return true
		}
	}
	return false
}

// locationName reports a parameter that names a place (a directory, a path, a file, a URL): its
// description says what the place holds, which is no request for contents.
func locationName(name string) bool {
	s := Squash(name)
	for _, suffix := range []string{"dir", "directory", "folder", "path", "root", "file", "filename", "url", "uri", "location", "workspace", "repo", "repository"} {
		if strings.HasSuffix(s, suffix) {
			return true
		}
	}
	return false
}

// takesLocation reports a parameter description that says the field is where the thing is, a
// path, a file name or a URL ("Transcript JSON array path", "Path to the chat export file"),
// and asks for no contents and nothing the model holds now: the model hands over a place, not
// the contents, as "transcript_path" would (see [identifierName]).
func takesLocation(pdesc string) bool {
	return pdesc != "" && locationDescRE.MatchString(pdesc) && !heldContentRE.MatchString(pdesc) && !secretTargetRE.MatchString(pdesc)
}

// heldContentRE finds, beside the place, a request for the contents themselves or for what the
// model holds now ("the full transcript", "paste", "of this conversation", "so far").
var heldContentRE = lazyregexp.New(`(?i)\b(?:contents?|text\s+of|paste|full|entire|whole|so\s+far|this\s+(?:conversation|chat|session)|everything|previous|prior|earlier|you\s+(?:have|hold|know|saw|read))\b`)

// locationDescRE finds a description whose head noun, in its first words, is a place.
var locationDescRE = lazyregexp.New(`(?i)^\W*(?:[\w.-]+\s+){0,4}?(?:file\s*path|path|file\s*name|url|uri|location)\b`)

// identifierName reports a parameter name that is an identifier of something ("conversationId",
// "sshKeyIds", "transcript_name"), not the thing.
func identifierName(squashed string) bool {
	for _, suffix := range []string{"id", "ids", "name", "names", "type", "count", "url", "uri", "path", "ref"} {
		if strings.HasSuffix(squashed, suffix) && len(squashed) > len(suffix) {
			return true
		}
	}
	return false
}

// namedByTool reports a parameter the tool's name accounts for ("browser_set_cookies" taking
// "cookies").
func namedByTool(toolName, param string) bool {
	words := map[string]bool{}
	for _, w := range nameWords(toolName) {
		words[singular(w)] = true
	}
	return slices.ContainsFunc(nameWords(param), func(w string) bool { return !fillerWords[w] && words[singular(w)] })
}

// inputOfWrite reports a tool whose verb creates, deploys or runs something: the environment
// variables or keys it is given configure what it makes.
func inputOfWrite(toolName string) bool {
	c, ok := nameCapability(toolName)
	return ok && (c.Kind == "write" || c.Kind == "execute")
}

// keyName reports a parameter named for a key (a private key, SSH keys), which a tool that creates
// something takes as part of what it makes: a certificate's private key, a server's SSH keys.
func keyName(squashed string) bool {
	return strings.Contains(squashed, "privatekey") || strings.Contains(squashed, "sshkey")
}

// purposeEcho reports a parameter description that says what the parameter is for in the
// words of the tool's name ("context to improve translation quality" on translate): the tool's
// purpose explains the field. Words of five letters or more are compared by their first five.
func purposeEcho(toolName, pdesc string) bool {
	stems := map[string]bool{}
	for _, w := range nameWords(toolName) {
		if len(w) >= 5 && !fillerWords[w] {
			stems[w[:5]] = true
		}
	}
	if len(stems) == 0 {
		return false
	}
	return slices.ContainsFunc(nameWords(pdesc), func(w string) bool { return len(w) >= 5 && stems[w[:5]] })
}

// envName reports a parameter named for environment variables, which a tool that creates or runs
// something takes as the configuration of what it makes.
func envName(squashed string) bool {
	return strings.Contains(squashed, "envvars") || strings.Contains(squashed, "environmentvariables")
}
