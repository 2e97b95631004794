package result

import (
	"encoding/base64"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// The result check's rules on text addressed to the model, beside the lint's (which read
// English): a takeover in any of the languages below, and a task slipped into the data that
// tells the model what to put in its reply.
const (
	// RuleModelTakeover: text in a result that speaks to the model (an AI assistant addressed,
	// a fake system tag) and tells it to do something before or instead of its task, or that
	// tells it to ignore its instructions, in English, French, German, Spanish, Italian,
	// Portuguese, Chinese, Japanese, Russian or Korean.
	RuleModelTakeover = "model-takeover"
	// RuleReplyDirective: a sentence of the data that orders what the model's own reply, answer
	// or code must contain or look like: another task slipped into the data.
	RuleReplyDirective = "reply-directive"
)

// A takeoverLanguage holds one language's phrases: an order to ignore the model's instructions
// (enough on its own), the ways a text addresses the model, and the cues of a hijacked task
// (before you answer, instead of, your new task, do not tell the user, from now on…), which
// count only near an address.
type takeoverLanguage struct {
	lang              string
	override, address *regexp.Regexp
	hijack            *regexp.Regexp
	// keys are words one of which every override and address holds: a text with none of them
	// is not read further in this language.
	keys []string
}

// phrases compiles alternatives written in lower case: they are matched in [lowerText]'s
// reading, which is faster than matching without case.
func phrases(alternatives ...string) *regexp.Regexp {
	return regexp.MustCompile(`(?:` + strings.Join(alternatives, `|`) + `)`)
}

// sentenceStart is where a vocative address may stand: the start of the text, a line or a
// sentence, or after an opening tag, an HTML comment's start or emphasis.
const sentenceStart = `(?:^|[\n.!?。！？>*#]\s*|<!--\s*)`

var takeoverLanguages = []takeoverLanguage{
	{lang: "en", keys: []string{"ignore", "disregard", "forget", "override", "assistant", "ai", "llm", "chatbot", "model", "agent", "system", "inst", "language model", "attention"},
		override: phrases(`\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|former|original|system)\s+(?:instructions?|directions?|prompts?|rules|guidelines|commands?)`),
		address: phrases(`\b(?:hey|hi|hello|yo)[,!]?\s+(?:there\s+)?(?:ai|assistant|llm|chatbot|agent|model)\b`, `\bto\s+(?:the|any)\s+(?:ai|llm|assistant|agent|(?:ai\s+|large\s+)?language\s+model)\b`, `\battention[,:]?\s+(?:the\s+|any\s+)?(?:ai|llm|assistant|agent)`, `\b(?:ai|llm)\s+(?:agent|assistant|model)s?\s+(?:reading|processing|summari[sz]ing)`, `\bif\s+you\s+are\s+an?\s+(?:ai|llm|assistant|language\s+model|agent)\b`, `\b(?:dear|hey|hello)\s+(?:ai|assistant|llm|chatbot|model)\b`,
			`\b(?:note|message|instructions?|attention|reminder)\s+(?:to|for)\s+(?:the\s+|any\s+)?(?:ai|assistant|llm|chatbot|agent|(?:ai\s+|language\s+)?model)\b`,
			sentenceStart+`(?:ai\s+)?(?:assistant|agent|llm|chatbot|ai(?:\s+model)?)\s*[:,]`,
			`<\s*/?\s*(?:system|instructions?|im_start|assistant)\s*>`, `\[\s*(?:system|inst)\s*\]`),
		hijack: phrases(`\b(?:the\s+)?(?:real|actual|true)\s+(?:instructions?|task)\b`, `\bmust\s+now\b`, `\bskip\s+(?:the|your)\s+(?:summary|task|answer|request)`, `\b(?:forget|ignore)\s+(?:what|whatever)\s+the\s+user\b`, `\binstead\b`, `\btell\s+the\s+user\b`, `\breport\s+(?:success|that)\b`, `\b(?:system|admin|developer)\s+(?:override|mode|message)\b`, `\bbefore\s+(?:you\s+)?(?:answer|respond|repl|summari[sz]|continu|proceed)`, `\binstead\s+of\s+(?:summari[sz]|answer|respond|translat|doing)`,
			`\byour\s+(?:new|real|actual|next)\s+(?:task|instructions?|goal|job|objective)`, `\bnew\s+instructions?\b`,
			`\b(?:do\s+not|don't|never)\s+(?:tell|mention|inform|reveal|let)\b`, `\bstop\s+what\s+you\s+are\s+doing`, `\bfrom\s+now\s+on\b`,
			`\bthe\s+user\s+(?:has\s+)?(?:authori[sz]ed|allowed|asked)\s+you\s+to\b`, `\b(?:call|use|invoke)\s+the\s+\w+\s+tool\b`)},
	{lang: "fr", keys: []string{"ignor", "oubli", "néglig", "assistant", "ia", "modèle", "agent", "system", "instruction"},
		override: phrases(`\b(?:ignore[zr]?|oublie[zr]?|néglige[zr]?)\s+(?:toutes\s+|tous\s+)?(?:les\s+|tes\s+|vos\s+|mes\s+)?(?:instructions|consignes|directives|règles)\s+(?:précédentes|antérieures|ci-dessus|d'origine|initiales)`,
			`\b(?:ignore[zr]?|oublie[zr]?)\s+(?:tes|vos)\s+(?:instructions|consignes)`),
		address: phrases(`\b(?:salut|bonjour|coucou)[,!]?\s+(?:l'|l’)?(?:assistant|ia)\b`, `\bau\s+modèle\s+de\s+langage`, `\bagent\s+(?:ia|d'ia)\b`, `\bsi\s+tu\s+es\s+une?\s+(?:ia|assistant)`, `\bch(?:er|ère)\s+(?:assistant|ia)\b`, `\bassistant\s+(?:ia|d'ia|d’ia)\b`, `\b(?:modèle|agent)\s+(?:d'ia|d’ia|de\s+langage|d'intelligence)`,
			`\b(?:note|message|instructions?|remarque)\s+(?:importante?\s+)?(?:pour|à)\s+(?:l'ia|l’ia|l'assistant|le\s+modèle)`, sentenceStart+`assistant\s*[:,]`,
			`<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack: phrases(`\b(?:les\s+)?vraies\s+instructions`, `\bdoit\s+maintenant\b`, `\bsaute[sz]?\s+(?:le|la)\s+(?:résumé|tâche)`, `\boublie[sz]?\s+ce\s+que\s+l'utilisateur`, `\bplutôt\b`, `\bdis\s+à\s+l'utilisateur`, `\bannonce[sz]?\s+que`, `avant\s+de\s+(?:répondre|résumer|continuer)`, `au\s+lieu\s+de\s+(?:résumer|répondre|traduire)`, `(?:ta|votre)\s+nouvelle\s+(?:tâche|mission)`,
			`nouvelles?\s+instructions?`, `\bne\s+(?:mentionne|dis|parle|révèle)[sz]?\s+(?:pas|jamais|rien)`, `arrête[sz]?\s+ce\s+que`, `\bdésormais\b`, `à\s+partir\s+de\s+maintenant`,
			`(?:t'a|t’a|vous\s+a)\s+autorisée?`, `appelle[rz]?\s+l'outil`)},
	{lang: "de", keys: []string{"ignorier", "vergiss", "vergessen", "missacht", "ki", "assistent", "sprachmodell", "system", "instruction"},
		override: phrases(`\b(?:ignorier|vergiss|vergessen\s+sie|missachte)\w*\s+(?:sie\s+)?(?:alle\s+)?(?:vorherigen|bisherigen|obigen|vorigen|früheren|deine|ihre)\s+(?:\w+\s+)?(?:anweisungen|instruktionen|befehle|regeln)`),
		address: phrases(`\b(?:hallo|hey|hi)[,!]?\s+(?:ki|assistent)\b`, `\ban\s+das\s+sprachmodell`, `\bki-agent`, `\bki-(?:assistent|modell|agent)`, `\bliebe[rs]?\s+(?:ki|assistent)`, `\b(?:hinweis|nachricht|anweisung)\w*\s+(?:an|für)\s+(?:die\s+ki|den\s+assistenten|das\s+(?:ki-)?modell)`,
			`\bsprachmodell`, sentenceStart+`assistent\s*[:,]`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack: phrases(`\bdie\s+echten\s+anweisungen`, `\bmuss\s+jetzt\b`, `\blass\s+(?:die|den)\s+\w+\s+weg`, `\bvergiss,?\s+(?:was|worum)\s+der\s+benutzer`, `\bstattdessen\b`, `\bsag\s+dem\s+benutzer`, `\bmelde\s+erfolg`, `\bbevor\s+du\b`, `\b(?:statt|anstatt)\b`, `\bdeine\s+neue\s+aufgabe`, `\bneue\s+anweisungen?`, `\b(?:erwähne|sag|verrate)\w*\b.{0,60}\b(?:nicht|nie|niemals)\b`,
			`\bhör\s+auf\b`, `\bab\s+jetzt\b`, `\bvon\s+nun\s+an\b`, `\bdich\s+autorisiert`, `\brufe\s+das\s+tool`)},
	{lang: "es", keys: []string{"ignor", "olvid", "omite", "asistente", "ia", "modelo", "system", "instruction"},
		override: phrases(`\b(?:ignora|olvida|omite|ignore|olvide)\w*\s+(?:todas\s+)?(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|indicaciones|órdenes|reglas)\s+(?:anteriores|previas)`, `\b(?:olvida|ignora)\s+tus\s+instrucciones`),
		address: phrases(`\b(?:hola|oye)[,!]?\s+(?:asistente|ia)\b`, `\bal\s+modelo\s+de\s+lenguaje`, `\bagente\s+de\s+ia\b`, `\basistente\s+(?:de\s+)?ia\b`, `\bquerid[oa]\s+(?:ia|asistente)\b`, `\bmodelo\s+de\s+(?:ia|lenguaje)\b`, `\b(?:nota|mensaje)\s+(?:importante\s+)?para\s+(?:la\s+ia|el\s+asistente|el\s+modelo)`,
			sentenceStart+`asistente\s*[:,]`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack: phrases(`\binstrucciones\s+reales`, `\bdebe\s+(?:enviar|hacer)\s+ahora`, `\bsáltate\s+el`, `\bolvida\s+lo\s+que\s+pidió`, `\ben\s+su\s+lugar\b`, `\bdile\s+al\s+usuario`, `\bdi\s+que\s+todo`, `antes\s+de\s+(?:responder|resumir|contestar)`, `en\s+lugar\s+de\s+(?:resumir|responder)`, `\btu\s+nueva\s+tarea`, `\bnuevas\s+instrucciones`, `\bno\s+(?:menciones|digas|le\s+digas)`,
			`\bnunca\s+le\s+digas`, `\bdeja\s+lo\s+que`, `a\s+partir\s+de\s+ahora`, `\bte\s+ha\s+autorizado`, `\bllama\s+a\s+la\s+herramienta`)},
	{lang: "it", keys: []string{"ignora", "dimentica", "assistente", "ia", "ai", "modello", "system", "instruction"},
		override: phrases(`\b(?:ignora|dimentica)\w*\s+(?:tutte\s+)?(?:le\s+)?(?:tue\s+|sue\s+)?istruzioni\s+precedenti`, `\b(?:ignora|dimentica)\s+le\s+tue\s+istruzioni`),
		address: phrases(`\b(?:ciao|ehi)[,!]?\s+(?:assistente|ia)\b`, `\bal\s+modello\s+(?:linguistico|di\s+linguaggio)`, `\bagente\s+(?:ia|ai)\b`, `\bassistente\s+(?:ia|ai|virtuale)\b`, `\bcar[ao]\s+(?:ia|assistente)\b`, `\bmodello\s+di\s+(?:ia|linguaggio)\b`, `\b(?:nota|messaggio)\s+(?:importante\s+)?per\s+(?:l'ia|l'assistente|il\s+modello)`,
			sentenceStart+`assistente\s*[:,]`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack: phrases(`\bvere\s+istruzioni`, `\bdeve\s+ora\b`, `\bsalta\s+il`, `\bdimentica\s+quello\s+che`, `\binvece\b`, `\bdi'\s+all'utente`, `\bsegnala\s+che`, `prima\s+di\s+rispondere`, `invece\s+di\s+riassumere`, `il\s+tuo\s+nuovo\s+compito`, `nuove\s+istruzioni`, `\bnon\s+(?:menzionare|dire)\b`, `\bsmetti\b`, `d'ora\s+in\s+poi`,
			`\bti\s+ha\s+autorizzato`, `\bchiama\s+lo\s+strumento`)},
	{lang: "pt", keys: []string{"ignor", "esque", "assistente", "ia", "modelo", "system", "instruction"},
		override: phrases(`\b(?:ignore|ignora|esqueça|esqueca)\w*\s+(?:todas\s+)?(?:as\s+)?(?:suas\s+)?(?:instruções|instrucoes|orientações)\s+anteriores`, `\besqueça\s+suas\s+instruções`),
		address: phrases(`\b(?:olá|ola|oi)[,!]?\s+(?:assistente|ia)\b`, `\bao\s+modelo\s+de\s+linguagem`, `\bagente\s+de\s+ia\b`, `\bassistente\s+(?:de\s+)?ia\b`, `\bquerid[ao]\s+(?:ia|assistente)\b`, `\bmodelo\s+de\s+(?:ia|linguagem)\b`, `\b(?:nota|mensagem)\s+(?:importante\s+)?para\s+(?:a\s+ia|o\s+assistente|o\s+modelo)`,
			sentenceStart+`assistente\s*[:,]`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack: phrases(`\binstruções\s+reais`, `\bdeve\s+agora\b`, `\bpule\s+o`, `\besqueça\s+o\s+que`, `\bem\s+vez\s+disso\b`, `\bdiga\s+ao\s+usuário`, `\bdiga\s+que\s+deu`, `antes\s+de\s+responder`, `em\s+vez\s+de\s+resumir`, `\bsua\s+nova\s+tarefa`, `\bnovas\s+instruções`, `\bnão\s+(?:mencione|conte|diga)\b`, `\bnunca\s+conte\b`, `\bpare\s+o\s+que`,
			`de\s+agora\s+em\s+diante`, `\bautorizou\s+você`, `\bchame\s+a\s+ferramenta`)},
	{lang: "zh", keys: []string{"忽略", "无视", "忽视", "忘掉", "忘记", "不要理会", "助手", "模型", "智能体", "代理", "system", "instruction"},
		override: phrases(`(?:忽略|无视|忽视|忘掉|忘记|不要理会)(?:之前|以前|先前|上述|上面|前面|所有|你)的?(?:所有|全部|一切)?的?(?:指令|指示|说明|提示|规则|命令)`),
		address:  phrases(`(?:嘿|你好)\s*[，,]?\s*助手`, `致.{0,12}语言模型`, `ai\s*代理`, `(?:ai|人工智能)\s*(?:助手|模型|智能体)`, `语言模型`, `亲爱的\s*(?:ai|助手)`, sentenceStart+`助手\s*[:：，,]`, `给\s*(?:ai|助手|模型)`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack:   phrases(`真正的指令`, `现在必须`, `跳过总结`, `别管用户`, `改为`, `告诉用户`, `报告成功`, `在回答(?:用户)?之前`, `而不是(?:总结|回答|翻译)`, `你的新任务`, `新指令`, `不要(?:提及|告诉|透露)`, `永远不要告诉`, `停止你正在做`, `从现在起`, `已授权你`, `调用\s*\w+\s*工具`)},
	{lang: "ja", keys: []string{"無視", "忘れ", "アシスタント", "モデル", "エージェント", "system", "instruction"},
		override: phrases(`(?:これまでの|以前の|前の|上記の|すべての)(?:すべての)?(?:指示|命令|指令|ルール)(?:を|は)(?:すべて)?(?:無視|忘れ)`),
		address:  phrases(`ねえ\s*アシスタント`, `言語モデルへ`, `aiエージェント`, `ai\s*(?:アシスタント|モデル|エージェント)`, `言語モデル`, `親愛なる\s*ai`, sentenceStart+`アシスタント\s*[、:：]`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack:   phrases(`本当の指示`, `要約は飛ばし`, `ユーザーの質問は気にせず`, `と伝えて`, `と報告して`, `答える前に`, `回答する前に`, `代わりに`, `新しい(?:タスク|指示)`, `(?:触れないで|伝えないで|言わないで)`, `やめてください`, `今後は`, `許可しました`, `ツールを呼び出`)},
	{lang: "ru", keys: []string{"игнорир", "забуд", "проигнор", "ии", "ai", "ассистент", "помощник", "модел", "system", "instruction"},
		override: phrases(`(?:игнорируй|игнорируйте|забудь|забудьте|проигнорируй)\p{L}*\s+(?:все\s+)?(?:предыдущие|прежние|свои|твои|ваши)\s+(?:\p{L}+\s+)?(?:инструкции|указания|команды|правила)`),
		address:  phrases(`привет,?\s+ассистент`, `языковой\s+модели`, `(?:ии|ai)[- ]?агент`, `(?:ии|ai)[- ]?(?:ассистент|помощник|модел)`, `языков\p{L}+\s+модел`, `дорог\p{L}+\s+(?:ии|ассистент)`, sentenceStart+`ассистент\s*[:,]`, `для\s+(?:ии|ассистента|модели)`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack: phrases(`настоящие\s+инструкции`, `должен\s+сейчас`, `пропусти`, `забудь,?\s+о\s+чём`, `вместо\s+этого`, `скажи\s+пользователю`, `сообщи\s+об\s+успехе`, `прежде\s+чем\s+ответить`, `вместо\s+того\s+чтобы`, `(?:твоя|ваша)\s+новая\s+задача`, `новые\s+инструкции`, `не\s+упоминай`, `никогда\s+не\s+говори`, `прекрати\s+то`, `отныне`, `с\s+этого\s+момента`,
			`разрешил\s+тебе`, `вызови\s+инструмент`)},
	{lang: "ko", keys: []string{"무시", "잊", "어시스턴트", "비서", "모델", "에이전트", "system", "instruction"},
		override: phrases(`이전\S*\s*(?:모든\s*)?(?:지시|명령|지침|규칙)\S*\s*(?:을|를)?\s*(?:무시|잊)`),
		address:  phrases(`안녕\s*어시스턴트`, `언어\s*모델에게`, `ai\s*에이전트`, `ai\s*(?:어시스턴트|비서|모델|에이전트)`, `언어\s*모델`, `친애하는\s*ai`, sentenceStart+`어시스턴트\s*[,:]`, `<\s*/?\s*(?:system|instructions?)\s*>`),
		hijack:   phrases(`진짜\s*지시`, `건너뛰고`, `물은\s*것은\s*잊고`, `말하세요`, `보고하세요`, `답하기\s*전에`, `대신`, `새\s*(?:작업|지시)`, `언급하지\s*마세요`, `말하지\s*마세요`, `멈추세요`, `지금부터`, `허락했습니다`, `도구를\s*호출`)},
}

// lowerText writes s in lower case where that keeps every character's width in bytes (ASCII,
// Latin, Greek, Cyrillic letters), so that offsets into it are offsets into s.
func lowerText(s string) string {
	if untrusted.IsASCII(s) {
		return untrusted.ASCIILower(s)
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if l := unicode.ToLower(r); l != r && utf8.RuneLen(l) == size {
			utf8.EncodeRune(b[i:], l)
		}
		i += size
	}
	return string(b)
}

// nearby is how close an address and a hijack cue must be, in bytes, to be one message.
const nearby = 400

// takeoverFindings looks in one string for text that takes the model over, in any of the
// languages above; English overrides alone are the lint's (instruction-override), so only the
// others are reported here on their own.
func takeoverFindings(text string) []hit {
	if len(text) < 12 {
		return nil
	}
	s := lowerText(text)
	for _, l := range takeoverLanguages {
		if h, ok := l.find(text, s); ok {
			return []hit{h}
		}
	}
	return nil
}

// keyWindow is how far around a key word the override and address phrases are looked for: the
// phrases are short, and reading windows around the few key words costs far less than reading
// the whole text with every phrase.
const keyWindow = 96

// find looks for a takeover in s (text in lower case) around each of the language's key words.
func (l *takeoverLanguage) find(text, s string) (hit, bool) {
	covered := 0 // s[:covered] has been read
	for _, k := range l.keys {
		for off, n := 0, 0; n < 64; n++ {
			i := strings.Index(s[off:], k)
			if i < 0 {
				break
			}
			i += off
			off = i + len(k)
			if !atWord(s, i, len(k)) || i+len(k) <= covered {
				continue
			}
			from, to := window(s, i-keyWindow, i+len(k)+keyWindow)
			covered = to
			w := s[from:to]
			if l.lang != "en" {
				if loc := l.override.FindStringIndex(w); loc != nil {
					return takeoverHit(text, from+loc[0], from+loc[1], l.lang, i18n.T("tells the model to ignore its instructions")), true
				}
			}
			a := l.address.FindStringIndex(w)
			if a == nil {
				continue
			}
			as, ae := from+a[0], from+a[1]
			as += len(s[as:ae]) - len(strings.TrimLeft(s[as:ae], "\n\t\r .!?*#>-<"))
			for as < ae && !utf8.RuneStart(s[as]) {
				as++
			}
			if r, size := utf8.DecodeRuneInString(s[as:]); r == '。' || r == '！' || r == '？' {
				as += size
			}
			hf, ht := window(s, as-nearby, ae+nearby)
			around := s[hf:ht]
			cue := l.hijack.FindStringIndex(around)
			if cue == nil {
				cue = l.override.FindStringIndex(around)
			}
			if cue == nil {
				continue
			}
			return takeoverHit(text, min(as, hf+cue[0]), max(ae, hf+cue[1]), l.lang, i18n.T("speaks to the model and gives it another task")), true
		}
		covered = 0
	}
	return hit{}, false
}

// atWord reports whether the key word at s[i:i+n] starts a word ("model" in "the model", not
// in "@modelcontextprotocol"); a key of four bytes or fewer ("ai", "ki", "ии") must be a whole
// word. Keys in Chinese, Japanese and Korean match anywhere.
func atWord(s string, i, n int) bool {
	letter := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c >= 0x80 }
	if r, _ := utf8.DecodeRuneInString(s[i:]); r >= 0x2e80 {
		return true // CJK, kana, hangul
	}
	if i > 0 && letter(s[i-1]) && s[i] < 0x80 {
		return false
	}
	if n <= 4 && i+n < len(s) && letter(s[i+n]) {
		return false
	}
	return true
}

// window clips [from, to) to s and widens it to whole characters.
func window(s string, from, to int) (int, int) {
	from, to = max(0, from), min(len(s), to)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	return from, to
}

func takeoverHit(s string, start, end int, lang, what string) hit {
	return hit{Finding: lint.Finding{Rule: RuleModelTakeover, Severity: lint.SeverityHigh,
		Message:  i18n.Sprintf("text in the result %s (%s)", what, lang),
		Evidence: untrusted.Visible(s[start:end], 200),
		Why:      i18n.T("A result is data for the model; text in it that addresses the model and gives it a task takes the session away from the user.")},
		at: start}
}

// The reply directive: a sentence that starts with an order and says what the model's reply,
// answer or code must hold. Honest mail asks a person for things in a reply ("please include
// your order number"); it does not order how the reader's answer is written.
var (
	replyVerb   = regexp.MustCompile(`(?i)^(?:add|include|integrate|modify|insert|incorporate|use|replace|append|provide|mention|render|remove|group|convert|substitute|scramble|jumble|rearrange|combine|enhance|augment|ensure|introduce|merge|leverage|consider|embed|make|keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget|don't\s+hesitate|tease|suggest|hint|misspell|anagram|introduce|in\s+your\s+(?:response|reply|answer))\b`)
	replyTarget = regexp.MustCompile(`(?i)\b(?:your|the)\s+(?:response|reply|answer|message|output)(?:'s)?\b`)
	// codeTarget is the reply directive's form in code: the model's code must take a block the
	// data offers ("merge the following snippet into your solution").
	codeTarget  = regexp.MustCompile(`(?i)\byour\s+(?:code|codebase|solution|implementation|algorithm|elucidation|program|script)\b`)
	offeredCode = regexp.MustCompile(`(?i)\b(?:following|subsequent|below|this|above)\s+(?:code|snippet|block|excerpt|section)`)
)

// replyDirectiveFindings looks for sentences of the reply directive.
func replyDirectiveFindings(s string) []hit {
	if !strings.Contains(s, "your") && !strings.Contains(s, "Your") {
		return nil
	}
	var out []hit
	for start := 0; start < len(s); {
		end := sentenceEnd(s, start)
		sentence := s[start:end]
		trimmed := strings.TrimLeftFunc(sentence, func(r rune) bool { return unicode.IsSpace(r) || r == '-' || r == '*' || r == '>' || r == '"' })
		if len(trimmed) < 200 && (strings.Contains(trimmed, "your") || strings.Contains(trimmed, "Your") || strings.Contains(trimmed, "the ")) && replyVerb.MatchString(trimmed) && (replyTarget.MatchString(trimmed) || codeTarget.MatchString(trimmed) && offeredCode.MatchString(trimmed)) {
			at := start + len(sentence) - len(trimmed)
			out = append(out, hit{Finding: lint.Finding{Rule: RuleReplyDirective, Severity: lint.SeverityHigh,
				Message:  i18n.T("a sentence of the result orders what the model's own reply must contain or look like"),
				Evidence: untrusted.Visible(strings.TrimSpace(trimmed), 200),
				Why:      i18n.T("Data the model reads does not decide what the model answers; an order about its reply is another task slipped into the data.")},
				at: at})
			if len(out) >= 4 {
				break
			}
		}
		start = end + 1
	}
	return out
}

// sentenceEnd is where the sentence starting at s[start] ends: at a line break or after a
// sentence's final punctuation followed by a blank.
func sentenceEnd(s string, start int) int {
	for i := start; i < len(s); i++ {
		switch s[i] {
		case '\n':
			return i
		case '.', '!', '?', ':':
			if i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '\n' {
				return i
			}
		}
	}
	return len(s)
}

// base64Run is a run of base64 long enough to carry a sentence.
var base64Run = regexp.MustCompile(`[A-Za-z0-9+/]{24,}={0,2}`)

// decodedTakeovers reads the base64 runs of a string and looks in what decodes to text for a
// takeover; the findings are placed at the encoded run.
func decodedTakeovers(s string) []hit {
	if len(s) < 24 {
		return nil
	}
	var out []hit
	for _, loc := range base64Run.FindAllStringIndex(s, 16) {
		run := s[loc[0]:loc[1]]
		b, err := base64.StdEncoding.DecodeString(run)
		if err != nil {
			b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(run, "="))
		}
		if err != nil || !utf8.Valid(b) || !mostlyText(string(b)) {
			continue
		}
		for _, h := range append(takeoverFindings(string(b)), replyDirectiveFindings(string(b))...) {
			h.at, h.DecodedFrom = loc[0], "base64"
			out = append(out, h)
		}
	}
	return out
}

// mostlyText reports decoded bytes that read as text, not binary: printable characters, with
// letters among them.
func mostlyText(s string) bool {
	printable, letters, total := 0, 0, 0
	for _, r := range s {
		total++
		if unicode.IsPrint(r) || r == '\n' || r == '\t' {
			printable++
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return total >= 8 && printable*10 >= total*9 && letters*2 >= total
}
