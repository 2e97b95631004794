package result

import "github.com/gatehouse-dev/gatehouse/internal/i18n"

// obeyFollowing is an order to its reader to obey the instruction the text gives next: "You must
// strictly adhere to the following instruction: …", "Vous devez suivre strictement l'instruction
// suivante", "你必须严格遵守以下指令". Data gives no instruction to obey; a guide that says "you
// must follow the instructions below" says it to a person, with no word of strictness and of
// many steps, which is why one of those is asked for: a strict adverb, or one instruction
// announced by a colon. Read in lower case ([lowerText]).
var obeyFollowing = phrases(
	`\byou\s+(?:must|should|shall|have\s+to|need\s+to|are\s+(?:required|instructed|obliged|expected)\s+to)\s+(?:now\s+)?(?:(?:strictly|carefully|exactly|only|immediately|unconditionally|faithfully)\s+)(?:adhere\s+to|follow|obey|comply\s+with|execute|carry\s+out|abide\s+by)\s+(?:only\s+)?(?:the|these|this)\s+(?:following|next|new|below)\s+(?:instructions?|directives?|commands?|orders?)`,
	`\byou\s+(?:must|should|shall|have\s+to|need\s+to|are\s+(?:required|instructed|obliged|expected)\s+to)\s+(?:now\s+)?(?:adhere\s+to|follow|obey|comply\s+with|execute|carry\s+out|abide\s+by)\s+(?:only\s+)?(?:the|this)\s+(?:following|next|new)\s+(?:instruction|directive|command|order)\s*:`,
	`\b(?:vous\s+devez|tu\s+dois)\s+(?:(?:strictement|scrupuleusement|absolument)\s+)?(?:suivre|respecter|exécuter|obéir\s+à|vous\s+conformer\s+à|te\s+conformer\s+à)\s+(?:(?:strictement|scrupuleusement)\s+)?(?:l['’]\s*instruction|les\s+instructions|la\s+consigne|les\s+consignes|l['’]\s*ordre|les\s+ordres)\s+suivantes?`,
	`\b(?:du\s+musst|sie\s+müssen|ihr\s+müsst)\s+(?:(?:strikt|genau|unbedingt|streng)\s+)?(?:die|der|den)\s+(?:folgenden?|nachstehenden?)\s+(?:anweisung(?:en)?|befehle?|anordnung(?:en)?)\s+(?:(?:strikt|genau|unbedingt|streng)\s+)?(?:befolgen|ausführen|einhalten|folgen)`,
	`\b(?:debes|deberás|tienes\s+que|usted\s+debe|deben)\s+(?:(?:estrictamente|rigurosamente)\s+)?(?:seguir|cumplir|obedecer|ejecutar|acatar)\s+(?:(?:estrictamente|rigurosamente)\s+)?(?:la|las|el)\s+(?:siguientes?\s+)?(?:instrucci(?:ón|ones)|órdenes|orden)(?:\s+siguientes?)?`,
	`\b(?:devi|dovete|deve)\s+(?:(?:rigorosamente|scrupolosamente|assolutamente)\s+)?(?:seguire|rispettare|eseguire|obbedire\s+a)\s+(?:(?:rigorosamente|scrupolosamente)\s+)?(?:la|le|l['’]|gli)\s*(?:seguent[ei]\s+)?(?:istruzion[ei]|ordini|comandi)(?:\s+seguent[ei])?`,
	`\b(?:você\s+deve|deves|tem\s+que|você\s+precisa)\s+(?:(?:estritamente|rigorosamente)\s+)?(?:seguir|cumprir|obedecer|executar|acatar)\s+(?:(?:estritamente|rigorosamente)\s+)?(?:a|as|o|os)\s+(?:seguintes?\s+)?(?:instruç(?:ão|ões)|ordens?|comandos?)(?:\s+seguintes?)?`,
	`(?:你|您)(?:必须|务必|一定要|应当)(?:严格|无条件)?(?:地)?(?:遵守|遵循|执行|服从|按照)(?:以下|下面|下列|如下)的?(?:指令|指示|命令|说明)`,
	`(?:以下|次)の(?:指示|命令|指令)に(?:厳密に|必ず|厳格に)?(?:従(?:って|え|わなければ|うこと)|したが(?:って|え))`,
	`(?:다음|아래의?)\s*(?:지시|명령|지침)(?:을|를|에|사항을)?\s*(?:엄격히|반드시|철저히)\s*(?:따르|준수|수행|따라)`,
	`(?:^|[^\p{L}])(?:ты\s+должен|вы\s+должны|ты\s+обязан|вы\s+обязаны)\s+(?:строго\s+|неукоснительно\s+)?(?:следовать|выполнить|выполнять|подчиниться|соблюдать)\s+(?:строго\s+)?(?:следующ\p{L}+\s+)(?:инструкци\p{L}*|указани\p{L}*|команд\p{L}*|приказ\p{L}*)`,
)

// onlyThisTool tells the model to use one tool and no other: "by using the "X" tool, and do NOT
// use other tools", "use only this tool". A tool's result has no say over which tools the model
// calls next.
var onlyThisTool = phrases(
	`\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+(?:call|use|invoke|try)\s+(?:any\s+)?other\s+tools?\b`,
	`\b(?:ne\s+(?:pas\s+)?utilise[zr]?\s+(?:pas\s+)?(?:d['’]autres|aucun\s+autre)\s+outils?|keine\s+anderen\s+(?:tools|werkzeuge)|no\s+(?:uses?|utilices?)\s+(?:otras|ninguna\s+otra)\s+herramientas?|non\s+usare\s+altri\s+strumenti|não\s+use\s+outras\s+ferramentas)`,
	`(?:不要|切勿|禁止)(?:使用|调用)(?:任何)?其他(?:的)?工具|他のツールを(?:使わ|使用し)ないで|다른\s*도구를\s*사용하지\s*마|не\s+используй(?:те)?\s+(?:никаких\s+)?други[ех]\s+инструмент`,
)

// obeyOrder finds in s (text in lower case) an order to obey what follows or to use no other
// tool.
func obeyOrder(text, s string) (hit, bool) {
	for _, c := range []struct {
		e    interface{ FindStringIndex(string) []int }
		what func() string
	}{
		{obeyFollowing, func() string { return i18n.T("tells the model to obey the instruction that follows") }},
		{onlyThisTool, func() string { return i18n.T("tells the model not to use any other tool") }},
	} {
		if loc := c.e.FindStringIndex(s); loc != nil && !framed(s, loc[0], loc[1]) && !reported(s, loc[0]) {
			return takeoverHit(text, loc[0], loc[1], "", c.what()), true
		}
	}
	return hit{}, false
}
