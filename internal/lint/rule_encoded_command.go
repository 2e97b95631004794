package lint

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

var ruleEncodedCommand = lintRule{
	Rule: Rule{
		Name:     RuleEncodedCommand,
		Severity: SeverityHigh,
		Summary:  i18n.T("an encoded payload: a command that decodes and runs text (base64 -d | sh), downloads a script into a shell, or encoded text that decodes to instructions"),
		Why:      i18n.T("Encoding hides a payload from the reviewer and any word filter, while the model or a shell decodes and runs it."),
		Help: i18n.T("High for a command that decodes text and pipes it to an interpreter (base64 -d | sh, xxd -r -p | bash, " +
			"eval(atob(…)), powershell -enc), that pipes a download into a shell (curl … | sh), and for base64, hex, " +
			"percent-encoded, HTML-entity or tag-character text that decodes to something another rule calls high; the " +
			"decoded text is linted like any other and its findings say what it was decoded from. Medium for encoded text " +
			"that decodes to readable prose nobody sees. Also high for an order to the model to run a shell command that " +
			"reaches past the tool's job (as root, deleting a tree, a download, a secrets file or the environment printed, " +
			"a shell's startup file changed, /tmp emptied), in a tool that runs no commands; medium in one that does. Do " +
			"not approve the tool; decode the text and read it."),
		Families: []string{FamilyEncodedCommand},
	},
	makePhrases: encodedCommandPhrases,
}

// encodedCommandPhrases are the rule's phrases, made on first use ([registryPhrases]).
func encodedCommandPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityHigh, i18n.T("decodes text and runs it in an interpreter"),
			`\b(?:base64\s+(?:-d|--decode|-D|-di|--ignore-garbage\s+-d)|b64decode|xxd\s+-r(?:\s+-p)?|openssl\s+(?:enc\s+-d|base64\s+-d)|uudecode|basenc\s+-d|gunzip|zcat|rev)\b[^\n]{0,80}?\|\s*(?:sudo\s+)?(?:sh|bash|zsh|ksh|dash|python[23]?|perl|ruby|node|php|pwsh|powershell|iex|source|eval)\b`,
			"base64", "b64decode", "xxd", "openssl", "uudecode", "basenc", "gunzip", "zcat", "rev"),
		mustPhrase(SeverityHigh, i18n.T("evaluates decoded text as code"),
			`\b(?:eval|exec|Function|execSync|system|popen|subprocess\.\w+|os\.system)\s*\(\s*(?:atob|base64_decode|base64\.b64decode|b64decode|Buffer\.from|unescape|decodeURIComponent|String\.fromCharCode|codecs\.decode|bytes\.fromhex|zlib\.decompress)\b|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,40}?\s-(?:e|ec|en|enc|enco|encodedcommand)\s+[A-Za-z0-9+/=]{12,}`,
			"eval", "exec", "function", "system", "popen", "subprocess", "powershell", "pwsh"),
		mustPhrase(SeverityHigh, i18n.T("runs code it downloads"),
			`\b(?:eval|exec|execSync|runInNewContext|runInThisContext)\s*\(\s*(?:await\s+)?\(?\s*(?:await\s+)?(?:fetch|urlopen|urllib\.request\.urlopen|urllib2\.urlopen|requests\.get|httpx\.get|http\.get|https\.get|axios\.get|\$\.get|got)\s*\(`,
			"eval", "exec", "runin").gated("fetch", "urlopen", "requests.get", "httpx", "http.get", "https.get", "axios", "$.get", "got("),
		mustPhrase(SeverityHigh, i18n.T("pipes a download into a shell"),
			`\b(?:curl|wget|iwr|invoke-webrequest|fetch)\b[^\n|;]{0,200}\|\s*(?:sudo\s+)?(?:sh|bash|zsh|ksh|dash|python[23]?|perl|ruby|node|iex|pwsh|powershell)\b|\b(?:bash|sh|zsh)\s+(?:-c\s+["']?\$\(|<\()\s*(?:curl|wget)\b|\b(?:iex|invoke-expression)\s*\(?\s*\(?\s*(?:new-object\s+net\.webclient|iwr|invoke-webrequest)`,
			"curl", "wget", "iwr", "invoke-webrequest", "fetch", "iex", "invoke-expression").gated("|", "$(", "<(", "iex", "invoke-expression"),
		// An order to the model to run a shell command that reaches past the tool's job: root
		// (sudo), deleting a tree, a download, a secrets file or the environment printed, a
		// shell's startup file changed. A tool that runs commands is judged medium by
		// judgeShellOrder.
		mustPhrase(SeverityHigh, i18n.T("orders the model to run a shell command that reaches past what the tool does"),
			`\b(?:execute|run|executing|running)(?:\s+(?:the\s+following\s+|this\s+)?(?:[\w-]+\s+){0,3}?(?:command|commands|script|check|step))?\s*(?:[:\x60'"]|[^.!?\n:]{1,60}?:)\s*\x60?\s*`+reShellReach,
			"execut", "run").gated("sudo", "rm -", "wget", "curl", "cat ~", "cat /", "cat $", "echo $", "printenv", "env", ">>").judged(judgeShellOrder),
		// The same command after a colon, in a sentence with a verb of running in any of the ten
		// languages ("vous devez exécuter la commande suivante : sudo …", "执行以下命令：…").
		mustPhrase(SeverityHigh, i18n.T("orders the model to run a shell command that reaches past what the tool does"),
			`[:：]\s*\x60?\s*`+reShellReach,
			"sudo", "rm -", "wget", "curl", "cat ~", "cat /", "cat $", "echo $", "printenv", "env |", "env &&", "env&&", "env;", ">>").gated(":", "：").judged(judgeShellOrderAnyLanguage),
		mustPhrase(SeverityHigh, i18n.T("orders the model to run a shell command that reaches past what the tool does"),
			`\b(?:add|append|write|insert|put)\w*\s+(?:the\s+following\s+line|this\s+line|a\s+line|the\s+line|[^.!?\n]{1,60}?)\s+(?:to|into|in|at\s+the\s+end\s+of)\s+(?:the\s+|your\s+|the\s+user'?s?\s+)?(?:~/|\$HOME/)?\.(?:bashrc|zshrc|bash_profile|zprofile|profile|bash_login|cshrc)\b`,
			"bashrc", "zshrc", "profile", "bash_login", "cshrc").judged(judgeShellFileOrder),
		mustPhrase(SeverityHigh, i18n.T("orders the model to run a shell command that reaches past what the tool does"),
			`\b(?:remov|delet|eras|wip|clear|purg|empty)\w*\s+(?:all\s+)?(?:the\s+)?(?:contents|files|everything)\s+(?:from|of|in|under)\s+(?:the\s+)?(?:/(?:tmp|etc|var|home|usr|root|opt)\b|~/?)`,
			"remov", "delet", "eras", "wip", "clear", "purg", "empty").gated("/tmp", "/etc", "/var", "/home", "/usr", "/root", "/opt", "~").judged(judgeShellFileOrder),
		// A shell's startup file changed or a system directory emptied, in any of the ten
		// languages: the file and the path need none, the verb and the order are read by
		// judgeShellFileAnyLanguage ("vous devez aussi ajouter la ligne suivante au fichier
		// .bashrc", "你必须删除 /tmp/ 目录中的所有文件").
		mustPhrase(SeverityHigh, i18n.T("orders the model to run a shell command that reaches past what the tool does"),
			`(?:~/|\$HOME/)?\.(?:bashrc|zshrc|bash_profile|zprofile|profile|bash_login|cshrc)\b|(?:^|[\s(\x60'"«“「])/(?:tmp|etc|var|home|usr|root|opt)/?(?:\*|\s|[)\x60'"»”」]|$)`,
			"bashrc", "zshrc", "profile", "bash_login", "cshrc", "/tmp", "/etc", "/var", "/home", "/usr", "/root", "/opt").judged(judgeShellFileAnyLanguage),
		// A command taken from one of the call's fields, named in quotes, and run, in a tool that
		// runs none ("a simple calculator … run any shell command in the 'cmd' parameter"), in
		// the ten languages: the field is a channel for running what anyone puts in it.
		mustPhrase(SeverityHigh, i18n.T("orders the model to run a shell command that reaches past what the tool does"),
			`(?:\b(?:run|execute|ex[ée]cut\p{L}*|f[üu]hr\p{L}*|ejecut\p{L}*|esegu\p{L}*)|[вb]ып[оo]л[нh]\p{L}*)[^.!?。\n]{0,30}?(?:\bcommands?|\bcommande\p{L}*|\bbefehl\p{L}*|\bcomando\p{L}*|[кk][оo][мm][аa][нh]д\p{L}*)[^.!?。\n]{0,40}?(?:['"\x60«][\w-]+['"\x60»]\s*(?:\bparameters?|\bfields?|\barguments?|\bparam[èe]tres?|\bchamps?|\bfeld\p{L}*|\bpar[áâa]metros?|\bcampos?|\bparametr[oi]|п[аa][рp][аa][мm][еe][тt][рp]\p{L}*)|(?:\bparameters?|\bfields?|\barguments?|\bparam[èe]tres?|\bchamps?|\bfeld\p{L}*|\bpar[áâa]metros?|\bcampos?|\bparametr[oi]|п[аa][рp][аa][мm][еe][тt][рp]\p{L}*)\s*['"\x60«][\w-]+['"\x60»])|['"\x60«][\w-]+['"\x60»]\s*(?:参数|パラメータ|引数|매개변수|파라미터)[^。！？\n]{0,30}?(?:命令|コマンド|명령)[^。！？\n]{0,10}?(?:执行|運行|运行|実行|실행)`,
			"command", "commande", "befehl", "comando", "команд", "komahд", "命令", "コマンド", "명령").gated("param", "parám", "parâm", "field", "argument", "champ", "feld", "campo", "пар", "пap", "参数", "パラメータ", "引数", "매개변수", "파라미터").judged(judgeFieldCommand),
	}
}

// judgeFieldCommand keeps, in a definition, an order to run the command a field of the call
// holds, for a tool that runs no commands (its name says what it does); a refusal or a
// description of the attack is no order.
func judgeFieldCommand(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !tf.definition() || shellRefusalRE.MatchString(v.sentence(m[0], m[1])) {
		return "", "", false
	}
	if c, ok := nameCapability(tf.tool.ToolName()); ok && c.Kind == "execute" {
		return "", "", false
	}
	return SeverityHigh, "", true
}

// judgeShellFileAnyLanguage keeps a shell's startup file or a system directory as high when its
// sentence orders the model to add to the file or empty the directory, in one of the ten
// languages; judgeShellOrder decides the rest.
func judgeShellFileAnyLanguage(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	sentence := v.sentence(m[0], m[1])
	target := strings.ToLower(v.folded[m[0]:m[1]])
	verb := shellFileVerbRE
	if !strings.Contains(target, ".") {
		verb = emptyDirVerbRE
	}
	if !verb.MatchString(sentence) {
		return "", "", false
	}
	return judgeShellFileOrder(tf, v, m)
}

// judgeShellFileOrder is judgeShellOrder for a file changed or a directory emptied, whose
// sentence must hold a modal addressed to the model ("you must also add …", "bitte lösche …"):
// "always" or "first" alone describe what a tool does ("temporary files in /tmp are always
// deleted").
func judgeShellFileOrder(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !modalOrderRE.MatchString(v.sentence(m[0], m[1])) {
		return "", "", false
	}
	return judgeShellOrder(tf, v, m)
}

// modalOrderRE finds a modal that addresses an order to the model, in the ten languages.
var modalOrderRE = lazyregexp.New(`(?i)\b(?:must|should|shall|need\s+to|have\s+to|please|required|mandatory|devez|dois|doit|veuillez|muss|musst|m[üu]ssen|bitte|debes|debe|deve|devi)\b|[оo]бяз[аa][тt][еe]ль[нh][оo]|[дd][оo]лж[еe][нh]|必须|必須|请|請|してください|必ず|하세요|해야|반드시`)

// shellFileVerbRE finds a verb of adding or writing a line to a file, and emptyDirVerbRE one of
// deleting or emptying, in the ten languages.
var (
	shellFileVerbRE = lazyregexp.New(`(?i)\b(?:add|adding|append|appending|write|writing|insert|inserting|ajout\p{L}*|[ée]cri\p{L}*|ins[ée]r\p{L}*|hinzuf[üu]g\p{L}*|f[üu]ge|schreib\p{L}*|a[ñn]ad\p{L}*|agreg\p{L}*|escrib\p{L}*|adicion\p{L}*|acrescent\p{L}*|escrev\p{L}*|aggiung\p{L}*|scriv\p{L}*|inserisc\p{L}*)|д[оo]б[аa][вb]|з[аa]пиш|[вb]пиш|添加|写入|寫入|加入|追加|書き込|추가|작성`)
	emptyDirVerbRE  = lazyregexp.New(`(?i)\b(?:remov\p{L}*|delet\p{L}*|eras\p{L}*|wip\p{L}*|clear\p{L}*|purg\p{L}*|empty\p{L}*|clean\p{L}*|supprim\p{L}*|effac\p{L}*|vid\p{L}*|nettoy\p{L}*|l[öo]sch\p{L}*|leer\p{L}*|bereinig\p{L}*|borr\p{L}*|elimin\p{L}*|vac[íi]\p{L}*|limp\p{L}*|apag\p{L}*|exclu\p{L}*|esvazi\p{L}*|cancell\p{L}*|svuot\p{L}*|pulisc\p{L}*)|[уy]д[аa]л|[оo]чи[сc][тt]|删除|刪除|清空|清除|削除|消去|삭제|비우`)
)

// reShellReach is a command line that does more than any tool's own work asks of the model: as
// root, deleting a tree, fetching a URL, reading a secrets file, printing the environment or a
// variable, or appending to a shell's startup file.
const reShellReach = `(?:sudo\s+\S|rm\s+-[rRf]{1,3}\s|(?:wget|curl)\s+[^\n]{0,40}?(?:https?://|\$\()|cat\s+(?:~|\$HOME|/etc/)|echo\s+\$\w|printenv\b|env\s*(?:\||&&|;|$)|[^\n]{0,80}?>>\s*(?:~/|\$HOME/)?\.(?:bashrc|zshrc|profile|bash_profile))`

// judgeShellOrder keeps an order to run a command as high in a definition, for a tool that runs
// no commands itself and in a sentence that is an order, not a refusal ("never run sudo"); a
// tool whose name says it runs commands is doing its job and the order is medium.
func judgeShellOrder(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !tf.definition() {
		return "", "", false
	}
	sentence := v.sentence(m[0], m[1])
	if !shellOrderRE.MatchString(sentence) || shellRefusalRE.MatchString(sentence) {
		return "", "", false
	}
	if c, ok := nameCapability(tf.tool.ToolName()); ok && c.Kind == "execute" {
		return SeverityMedium, i18n.T("gives a shell command to a tool that runs commands; check that the command is the user's"), true
	}
	return SeverityHigh, "", true
}

// judgeShellOrderAnyLanguage is judgeShellOrder for a command after a colon: the sentence must
// hold a verb of running, in one of the ten languages.
func judgeShellOrderAnyLanguage(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !runVerbRE.MatchString(v.sentence(m[0], m[1])) {
		return "", "", false
	}
	return judgeShellOrder(tf, v, m)
}

// runVerbRE finds a verb of running a command in the ten languages (Cyrillic letters that look
// like Latin ones either way, as the folded text may hold them).
var runVerbRE = lazyregexp.New(`(?i)\b(?:execute|executing|run|running|ex[ée]cut\p{L}*|lance[zr]?|f[üu]hr\p{L}*|ausf[üu]hr\p{L}*|ejecut\p{L}*|rode|rodar|esegu\p{L}*)|[вb]ып[оo]л[нh]|з[аa]п[уy][сc][тt]|执行|執行|运行|運行|実行|실행`)

// shellOrderRE finds the order in a sentence: the model told it must or should, or asked, or a
// step made mandatory.
var shellOrderRE = lazyregexp.New(`(?i)\b(?:must|should|shall|need\s+to|have\s+to|please|required|mandatory|always|first|devez|dois|doit|veuillez|d'abord|muss|musst|m[üu]ssen|bitte|zuerst|debes|debe|primero|deve|voc[êe]\s+deve|devi|prima)\b|(?:[оo]бяз[аa][тt][еe]ль[нh][оo]|д[оo]лж[еe][нh]|д[оo]лж[нh]ы|[сc][нh][аa]ч[аa]л[аa]|[вb]ып[оo]л[нh]и|з[аa]п[уy][сc][тt]и|必须|必須|请|請|首先|先|してください|必ず|하세요|해야|먼저|반드시|ejecuta\b|ejecute\b|esegui\b|execute\b|exécute[zr]?\b|führe\b)`)

// shellRefusalRE finds a sentence that refuses the command or describes it as an attack ("never
// run sudo", "blocks commands such as rm -rf /", "detects attempts to run …").
var shellRefusalRE = lazyregexp.New(`(?i)\b(?:never|not|don'?t|cannot|can'?t|refuses?|rejects?|blocks?|den(?:y|ies)|forbid\w*|prohibit\w*|disallow\w*|detects?|detecting|flags?|attempts?|such\s+as|e\.g\.|for\s+example|like)\b`)

// readableProse reports decoded text that reads as words: several of them, mostly letters and
// blanks. Decoded bytes that are binary, or a single token, are no message.
func readableProse(s string) bool {
	words, letters, other := 0, 0, 0
	inWord := false
	for _, r := range s {
		switch {
		case r == ' ' || r == '\n' || r == '\t':
			inWord = false
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') || r >= 0x80:
			letters++
			if !inWord {
				words++
				inWord = true
			}
		case r < 0x20 || r == 0x7f:
			return false
		default:
			other++
		}
	}
	return words >= 4 && letters >= 3*other
}
