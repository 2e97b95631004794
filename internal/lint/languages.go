package lint

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// This file holds the instruction families in the languages other than English that lint reads:
// French, German, Spanish, Portuguese, Italian, Chinese, Japanese, Korean and Russian. Each
// language is a vocabulary (what "ignore", "previous instructions", "the user", "this tool",
// "the conversation", "password" are in it), and the phrases are built from it by the same
// templates for every language, in both word orders (verb before its object, as in French, and
// after it, as in Japanese and Korean). What needs no language comes first and is the rules' own:
// tags aimed at the model, paths that hold secrets, tool names, URLs and addresses.

// A vocabulary is one language's words for the instruction families. Each entry is a word stem
// (letters that may be followed by more letters of the word: "ignor" reads "ignorez", "ignorer"),
// an exact word ending in "=" ("lis="), or, in the lists marked raw, a regular expression. Stems
// are written in lower case; spaces stand for any white space.
type vocabulary struct {
	lang string
	// cjk: the language writes no spaces between words, so stems have no word boundaries.
	cjk bool

	ignore []string // ignore, forget, disregard, override
	instr  []string // instructions, rules, directives, prompt
	prior  []string // previous, above, system, original, all: what marks the model's own instructions
	newRaw []string // raw: announcements of new instructions or a new role

	user     []string // the user
	negTell  []string // raw: an order not to tell, mention, inform
	without  []string // raw: without telling, behind the user's back
	secretly []string // secretly, silently, without anyone noticing
	send     []string // send, copy, include, add, pass, put, forward, transmit

	otherwise []string // otherwise, or else, if you do not
	fail      []string // will not work, will crash, will fail, will be blocked
	onlyIfRaw []string // raw: "works only if you pass…"

	conv  []string // the conversation, chat history, previous messages, system prompt
	field []string // parameter, field, argument

	thisTool  []string // this tool, this function
	call      []string // call, use, run, invoke, consult
	first     []string // first, before anything else (scoped unless an unscoped word is beside it)
	beforeAny []string // before any other tool, for every request, whatever the user asks

	when       []string // when, whenever, each time, before
	change     []string // change, replace, modify, add, set, redirect
	otherTools []string // (all) other tools
	buggy      []string // buggy, broken, outdated, unsafe: how other tools are disparaged
	neverUse   []string // do not use, never call, avoid

	read   []string // read, open, fetch, get, show
	secret []string // password, API key, token, credentials, private key, .env
	// env names the environment's variables: no secret alone (a tool reads its settings from
	// them), but sent to a place outside they carry the keys they hold.
	env []string
	// reply names the model's answer ("your responses", "respond with"): secrets put there leave
	// with it.
	reply []string
	// dest names a place outside in words ("my server", "a remote server").
	dest []string

	fromNow        []string // from now on, henceforth, for the rest of the session: a standing rule
	beforeAnything []string // before doing anything, before any operation: a precondition on everything
	sysPrompt      []string // the system prompt, the system's instructions
	suppressRaw    []string // raw: silence all warnings or alerts
	replacementRaw []string // raw: "the updated replacement of the original plugin"
	// complianceRaw: raw: compliance pressure ("a mandatory compliance requirement, not an
	// option", "although marked optional"): medium alone, high beside an order against the user.
	complianceRaw []string
	// secOffRaw: raw: an order that takes the session's protections away (security or audit
	// turned off, the security level set to nothing, unrestricted access granted).
	secOffRaw []string
	// findFilesRaw: raw: an order to search for files by what they contain ("search for files
	// containing"), which the secrets named after it then name.
	findFilesRaw []string
	// readerRaw: raw: words to whoever reads the description ("if you are reading this", "you
	// were sent here by another tool"): high with an order beside them, in a definition.
	readerRaw []string
}

var vocabularies = []vocabulary{
	{
		lang:   "fr",
		ignore: []string{"ignor", "oubli", "outrepass", "contourn", "fais abstraction", "faites abstraction", "ne tiens pas compte", "ne tenez pas compte", "ne tiens plus compte", "ne tenez plus compte", "passe outre", "passez outre"},
		instr:  []string{"instruction", "consigne", "directive", "règle", "regle", "prompt", "garde-fou", "garde-fous"},
		prior:  []string{"précédent", "precedent", "antérieur", "anterieur", "ci-dessus", "plus haut", "d'origine", "initia", "systè", "syste", "tout", "toute", "toutes", "tous"},
		newRaw: []string{`(?:nouvelles?|vraies?|v[ée]ritables?|r[ée]elles?)\s+(?:instructions?|consignes?)\s*:`, `(?:tu\s+es|vous\s+[êe]tes)\s+(?:d[ée]sormais|maintenant|dor[ée]navant)\s+(?:un|une|en\s+mode)\b`, `(?:ta|votre)\s+(?:nouvelle|vraie|v[ée]ritable|seule)\s+(?:t[âa]che|mission|r[ôo]le|objectif)\s+(?:est|consiste)`, `(?:r[ée]v[èe]le|affiche|montre|r[ée]p[èe]te|donne)\w*\s+(?:ton|votre|le)\s+(?:prompt|message)\s+(?:syst[èe]me|initial)`, `(?:remplac|substitu)\w*\s+(?:toutes?\s+les\s+|les\s+|toute\s+)?(?:instructions?|consignes?)\s+(?:pr[ée]c[ée]dentes?|ant[ée]rieures?|syst[èe]me|d'origine)`, `(?:instructions?|consignes?)\s+(?:pr[ée]c[ée]dentes?|ant[ée]rieures?|du\s+syst[èe]me)[^.!?\n]{0,30}?(?:obsol[èe]tes?|caduques?|annul[ée]es?|ne\s+s'appliquent\s+plus)`, `(?:tu\s+es|vous\s+[êe]tes)\s+(?:d[ée]sormais\s+|maintenant\s+)?(?:libres?\s+de\s+toute|sans\s+(?:aucune\s+)?(?:restriction|limite|limitation))`, `d[ée]sactiv\w*\s+(?:toutes?\s+les\s+|tous\s+les\s+|les\s+)?(?:v[ée]rifications|contr[ôo]les|filtres|protections|garde-fous|mesures)\s+de\s+s[ée]curit[ée]`, `d[ée]sactiv\w*\s+(?:tous\s+les\s+|toutes\s+les\s+|les\s+)(?:garde-fous|gardes-fous|protections)\b`, `(?-i:\bINSTRUCTIONS?\s+(?:CACH[ÉE]ES?|SECR[ÈE]TES?)\b)\s*(?:\[[^\]\n]{0,40}\]\s*)?:`},
		user:   []string{"utilisateur", "utilisatrice", "usager"},
		negTell: []string{`ne\s+(?:le\s+|la\s+|les\s+|l'|leur\s+|lui\s+|rien\s+|en\s+)?(?:dis|dites|dire|mentionn\w*|r[ée]v[èe]l\w*|signal\w*|inform\w*|pr[ée]vien\w*|pr[ée]venez|montr\w*|avertis\w*|parl\w*|indiqu\w*)\s+(?:pas|jamais|rien|surtout\s+pas)\b`,
			`n'(?:en\s+)?(?:inform\w*|avertis\w*|indiqu\w*|alert\w*)\s+(?:pas|jamais)\b`, `utilisat\w*\s+ne\s+(?:doit|doivent|devra|peut|pourra)\s+(?:jamais|pas)\s+(?:savoir|apprendre|d[ée]couvrir|voir|remarquer|s'apercevoir)`, `ne\s+pas\s+(?:montrer|afficher|dire|mentionner|r[ée]v[ée]ler|signaler)\s+(?:cela\s+|ceci\s+|[çc]a\s+)?(?:[àa]\s+l|aux\s+utilisat)`},
		without:        []string{`sans\s+(?:le\s+|en\s+|lui\s+|leur\s+)?(?:dire|informer|pr[ée]venir|avertir|demander|signaler|mentionner|notifier|alerter)\b`, `[àa]\s+l'insu\s+de`, `sans\s+(?:demander\s+)?(?:la\s+)?(?:confirmation|l'accord|la\s+permission)\s+de\s+l'utilisat`, `(?:pour|afin\s+de?)\s+(?:[ée]viter\s+(?:d'[ée]veiller\s+|de\s+(?:susciter|[ée]veiller)\s+)?|ne\s+pas\s+(?:[ée]veiller|susciter|attirer))\s*(?:les\s+|le\s+|aucun\s+)?soup[çc]ons?\s+(?:de\s+l'|des\s+|chez\s+l'|chez\s+les\s+)utilisat`, `sans\s+(?:[ée]veiller|susciter|attirer)\s+(?:les\s+|le\s+)?soup[çc]ons?\s+(?:de\s+l'|des\s+|chez\s+l'|chez\s+les\s+)utilisat`, `pour\s+que\s+l'utilisat\p{L}*\s+ne\s+(?:se\s+)?(?:doute|soup[çc]onne|m[ée]fie)\p{L}*\s+(?:de\s+)?rien`},
		secretly:       []string{"secrètement", "secretement", "discrètement", "discretement", "silencieusement", "en secret", "en douce", "en cachette"},
		send:           []string{"envoi", "envoy", "transmet", "transfèr", "transfer", "copi", "inclu", "ajout", "mets=", "mettez", "mettre", "coll", "passe=", "passez", "joins", "joignez", "fourni", "insèr", "inser", "partag", "redirig", "recopi", "mets-"},
		otherwise:      []string{"sinon", "faute de quoi", "à défaut", "si vous ne le faites pas", "si tu ne le fais pas", "si vous ne", "si tu ne"},
		fail:           []string{"ne fonctionnera pas", "ne marchera pas", "plantera", "échouera", "echouera", "sera bloqu", "cessera de fonctionner", "sera perdu", "seront perdu", "sera supprim", "seront supprim"},
		onlyIfRaw:      []string{`ne\s+(?:fonctionne|fonctionnera|marche|marchera)\s+(?:que\s+si|pas\s+(?:si|sans|tant\s+que))\s+(?:vous|tu)\s+(?:ne\s+)?(?:fourni|donn|transmet|envoi|envoy|inclu|li[st]|lisez|appel|coll|joi|ajout|pass)`},
		conv:           []string{"son contenu", "leur contenu", "toute la conversation", "l'historique", "historique de la conversation", "historique des messages", "historique du chat", "messages précédents", "messages precedents", "messages antérieurs", "échanges précédents", "la conversation entière", "la conversation complète", "prompt système", "prompt systeme", "instructions système", "résultats des autres outils", "résultats précédents", "contexte de la conversation", "contexte complet de la conversation", "tout le contexte"},
		field:          []string{"ici=", "ci-dessous", "paramètre", "parametre", "champ", "argument"},
		thisTool:       []string{"cet outil", "cette fonction", "cet outil-ci"},
		call:           []string{"appel", "utilis", "exécut", "execut", "consult", "lanc", "invoqu"},
		first:          []string{"en premier", "d'abord", "en tout premier", "avant tout"},
		beforeAny:      []string{"avant toute autre", "avant tout autre", "avant n'importe quel", "avant chaque", "pour chaque requête", "pour chaque demande", "pour chaque question", "pour toute demande", "pour toute requête", "à chaque requête", "à chaque demande", "quelle que soit la demande", "quelle que soit la question", "toujours en premier"},
		when:           []string{"quand", "lorsque", "lorsqu'", "chaque fois que", "dès que", "des que", "avant d'appeler", "avant d'utiliser", "avant d'exécuter"},
		change:         []string{"modifi", "chang", "remplac", "ajout", "envoi", "envoy", "copi", "inclu", "redirig", "mets=", "mettez", "utilis", "transf", "cc=", "bcc="},
		otherTools:     []string{`re:autres?\s+(?:[\p{L}-]+\s+)?outils?`, "autres outils", "autre outil", "outils tiers"},
		buggy:          []string{"bogu", "bugg", "défectueu", "defectueu", "cassé", "casse", "obsolète", "obsolete", "dangereu", "peu fiable", "compromis", "pleins de bugs", "ont des bugs"},
		neverUse:       []string{"n'utilise", "n'utilisez", "n'appelle", "n'appelez", "ignor", "évit", "evit", "ne fais pas confiance", "ne faites pas confiance"},
		read:           []string{"lis=", "lisez", "lire", "ouvr", "récupèr", "recuper", "récupér", "inclu", "ajout", "joins", "joignez", "envoi", "envoy", "transmet", "fourni", "copi", "coll", "affich", "donne", "indiqu", "extrai", "réponds avec", "répondez avec", "répondre avec"},
		secret:         []string{"clé api", "cle api", "clés api", "clé ssh", "clé privée", "cle privee", "clés privées", "clé secrète", "clé d'accès", "mot de passe", "mots de passe", "jeton d'accès", "jetons d'accès", "jeton api", "jeton d'authentification", "identifiants", "phrase de récupération", "secrets", "fichier .env", "jeton de session", "jetons de session"},
		env:            []string{"variables d'environnement", "variable d'environnement"},
		reply:          []string{"réponse", "réponses", "reponse", "réponds avec", "répondez avec", "répondre avec"},
		fromNow:        []string{"désormais", "dorénavant", "à partir de maintenant", "a partir de maintenant", "à partir d'aujourd'hui", "pour le reste de la session", "pour le reste de la conversation"},
		beforeAnything: []string{"avant toute chose", "avant de faire quoi que ce soit", "avant toute opération", "avant toute action", "avant de faire quoi que ce soit d'autre"},
		sysPrompt:      []string{"prompt système", "prompt systeme", "prompt du système", "instructions système", "instructions du système", "prompt initial"},
		suppressRaw:    []string{`(?:supprim|masqu|d[ée]sactiv|ignor|fais\s+taire|faites\s+taire)\w*\s+(?:tous\s+les|toutes\s+les)\s+(?:\S+\s+)?(?:avertissements|alertes)`},
		complianceRaw:  []string{`(?:obligatoire|requis\p{L}*)\s+pour\s+(?:la\s+|l'|les\s+)?(?:conformit[ée]|audit|s[ée]curit[ée])`, `exigence\s+(?:de\s+)?conformit[ée]`, `n'est\s+pas\s+(?:une\s+)?(?:option|facultati\p{L}*)`, `bien\s+que\s+(?:marqu[ée]|indiqu[ée])\p{L}*\s+comme\s+(?:optionnel|facultati)\p{L}*`, `(?:c'est|ceci\s+est|cela\s+est|cette\s+[ée]tape\s+est)\s+(?:strictement\s+|absolument\s+)?(?:obligatoire|requise?|exig[ée]e?|indispensable)\s+(?:pour|par)\b`},
		readerRaw:      []string{`si\s+(?:tu\s+lis|vous\s+lisez)\s+(?:ceci|ce\s+texte|cette\s+description|ce\s+message|ces\s+lignes)`, `(?:tu\s+as|vous\s+avez)\s+[ée]t[ée]\s+(?:envoy[ée]|dirig[ée]|charg[ée]|invit[ée])e?s?\s+(?:ici\s+)?par\s+un\s+autre\s+outil`},
		replacementRaw: []string{`(?:remplacement|rempla[çc]ant)\s+(?:mis\s+[àa]\s+jour|am[ée]lior[ée]|officiel|nouveau)\s+(?:du|de\s+la|de\s+l'|des)\s*(?:\S+\s+)?(?:original|ancien|officiel)\w*`},
		dest:           []string{"mon serveur", "notre serveur", "serveur distant", "serveur externe"},
		secOffRaw:      []string{`d[ée]sactiv\w*\s+(?:la\s+|les\s+|tous\s+les\s+|toutes\s+les\s+)?(?:s[ée]curit[ée]|journalisation\s+d.audit|garde-fous|gardes-fous|filtres\s+de\s+s[ée]curit[ée]|contr[ôo]les\s+de\s+s[ée]curit[ée]|v[ée]rifications\s+de\s+s[ée]curit[ée])`, `niveau\s+de\s+s[ée]curit[ée]\s*(?:=|:|[àa])\s*0\b`, `accord\w*\s+(?:un\s+)?acc[èe]s\s+(?:illimit[ée]|sans\s+restriction)`},
		findFilesRaw:   []string{`(?:cherch|recherch|trouv|parcour|fouill)\w*\s+(?:tous\s+les\s+|les\s+)?fichiers\s+(?:contenant|qui\s+contiennent|avec|nomm[ée]s)`},
	},
	{
		lang:           "de",
		ignore:         []string{"ignorier", "vergiss", "vergessen", "missacht", "übergeh", "umgeh", "setze dich über", "hinwegsetz", "außer acht", "ausser acht"},
		instr:          []string{"anweisung", "instruktion", "regel", "vorgabe", "richtlinie", "prompt", "befehl", "systemprompt", "leitplanke"},
		prior:          []string{"vorherig", "bisherig", "obig", "früher", "frueher", "vorangegangen", "ursprünglich", "system", "alle=", "allen=", "sämtlich", "samtlich", "deine=", "ihre="},
		newRaw:         []string{`(?:neue|echte|eigentliche|wahre|aktualisierte)\s+(?:anweisungen|instruktionen|regeln)\s*:`, `(?:du\s+bist|sie\s+sind)\s+(?:ab\s+jetzt|jetzt|nun|ab\s+sofort)\s+(?:ein|eine|im)\b`, `(?:deine|ihre)\s+(?:neue|eigentliche|wahre|einzige)\s+(?:aufgabe|rolle|mission|ziel)\s+(?:ist|lautet|besteht)`, `(?:gib|zeige|zeig|wiederhole|verrate)\w*\s+(?:deinen|ihren|den)\s+(?:system-?prompt|systemnachricht|anfangsanweisungen)`, `(?:ersetz|überschreib|ueberschreib)\w*\s+(?:alle\s+)?(?:vorherigen|bisherigen|ursprünglichen|system)\w*\s*(?:anweisungen|instruktionen)`, `(?:vorherigen|bisherigen|ursprünglichen)\s+(?:system)?(?:anweisungen|instruktionen)[^.!?\n]{0,30}?(?:veraltet|ungültig|aufgehoben|gelten\s+nicht\s+mehr)`, `(?:du\s+bist|sie\s+sind)\s+(?:jetzt\s+|nun\s+|ab\s+sofort\s+)?(?:frei\s+von\s+(?:allen\s+)?(?:einschränkungen|beschränkungen|regeln)|ohne\s+(?:jegliche\s+)?(?:einschränkungen|beschränkungen))`, `(?:deaktivier|schalte)\w*\s+(?:alle\s+|sämtliche\s+)?sicherheits(?:prüfungen|checks|filter|kontrollen|maßnahmen|mechanismen)`, `(?:deaktivier|schalt|umgeh)\w*\s+(?:du\s+|sie\s+)?(?:alle|s[äa]mtliche|jegliche)\s+(?:Schutzmechanismen|Sicherheitsvorkehrungen|Leitplanken|Schutzma[ßs]nahmen|Sicherheitsfilter)\b`, `(?-i:\b(?:VERSTECKTE|GEHEIME)\s+(?:ANWEISUNG(?:EN)?|INSTRUKTION(?:EN)?)\b)\s*(?:\[[^\]\n]{0,40}\]\s*)?:`},
		user:           []string{"benutzer", "nutzer", "anwender", "user="},
		negTell:        []string{`(?:sag|sage|sagen|erzähl|erzähle|erwähn|erwähne|erwähnen|verrat|verrate|verraten|informier|informiere|informieren|teil|teile|teilen|zeig|zeige|zeigen|meld|melde|melden|benachrichtig\w*)\s+(?:[\p{L}\p{N}_-]+\s+){0,4}?(?:nicht|nichts|niemals|nie|keinesfalls|auf\s+keinen\s+fall)\b`, `(?:nicht|nichts|niemals|nie|keinesfalls)\s+(?:[\p{L}\p{N}_-]+\s+){0,3}?(?:sagen|erzählen|erwähnen|verraten|informieren|mitteilen|zeigen|melden|benachrichtigen)\b`},
		without:        []string{`ohne\s+(?:[\p{L}\p{N}_-]+\s+){0,3}?(?:zu\s+)?(?:informieren|fragen|benachrichtigen|warnen|sagen|erwähnen|bescheid\s+zu\s+geben)\b`, `ohne\s+(?:dass|daß)\s+(?:es\s+)?(?:der|die)\s+(?:benutzer|nutzer|anwender)`, `hinter\s+dem\s+r[üu]cken`, `ohne\s+(?:den|die|das)\s+(?:benutzer|nutzer|anwender)\w*\s+(?:um\s+(?:erlaubnis|bestätigung|zustimmung|freigabe)\s+)?(?:zu\s+)?(?:fragen|bitten|informieren|benachrichtigen|warnen)`, `ohne\s+(?:rückfrage|bestätigung\s+des\s+(?:benutzers|nutzers))`, `(?:keinen|kein)\s+(?:verdacht|misstrauen|argwohn)\s+(?:beim|bei\s+(?:dem|den|der))\s+(?:benutzer|nutzer|anwender)`, `(?:benutzer|nutzer|anwender)\p{L}*\s+(?:keinen\s+verdacht\s+sch[öo]pf|nicht\s+misstrauisch\s+(?:wird|werden))`, `ohne\s+(?:den\s+)?(?:verdacht|misstrauen|argwohn)\s+(?:des|der)\s+(?:benutzer|nutzer|anwender)`},
		secretly:       []string{"heimlich", "stillschweigend", "unbemerkt", "verdeckt", "im verborgenen", "lautlos"},
		send:           []string{"send", "schick", "übermittl", "uebermittl", "übergib", "uebergib", "übergeb", "kopier", "füg", "fueg", "häng", "haeng", "leit", "setz", "trag", "einfüg", "gib=", "pack", "schreib", "lade"},
		otherwise:      []string{"sonst", "andernfalls", "ansonsten", "anderenfalls", "wenn du das nicht tust", "wenn sie das nicht tun"},
		fail:           []string{"funktioniert nicht", "funktioniert das tool nicht", "funktioniert es nicht", "funktioniert dieses tool nicht", "wird nicht funktionieren", "nicht funktionier", "stürzt", "stuerzt", "abstürz", "absturz", "schlägt fehl", "schlaegt fehl", "fehlschlagen", "gesperrt", "blockiert", "geht verloren", "gehen verloren", "gelöscht", "wird abgebrochen", `re:schl(?:ä|ae)gt\s+(?:[\p{L}-]+\s+){0,3}?fehl`},
		onlyIfRaw:      []string{`funktioniert\s+nur,?\s+wenn\s+(?:du|sie)\s+(?:\S+\s+){0,6}?(?:übergibst|uebergibst|übergeben|angibst|angeben|sendest|senden|mitschickst|lieferst|liest|lesen|einfügst|anhängst|mitgibst)`, `funktioniert\s+nicht,?\s+(?:solange|bevor|ohne\s+dass)\s+(?:du|sie)`},
		conv:           []string{"seinen inhalt", "ihren inhalt", "deren inhalt", "dessen inhalt", "gesamten konversation", "gesamte konversation", "gesamten unterhaltung", "gesamte unterhaltung", "gesprächsverlauf", "gespraechsverlauf", "chatverlauf", "chat-verlauf", "nachrichtenverlauf", "bisherigen nachrichten", "vorherigen nachrichten", "früheren nachrichten", "den verlauf", "systemprompt", "system-prompt", "ergebnisse anderer tools", "ergebnisse der anderen tools", "bisherige unterhaltung", "bisherigen unterhaltung", "gesprächskontext", "gesamten kontext", "vollständigen kontext"},
		field:          []string{"hier=", "parameter", "feld", "argument"},
		thisTool:       []string{"dieses tool", "dieses werkzeug", "diese funktion", "dieses tools", "dieses werkzeugs", "diese tool"},
		call:           []string{"ruf", "aufruf", "verwend", "benutz", "nutz", "führ", "fuehr", "konsultier", "starte"},
		first:          []string{"zuerst", "als erstes", "als erster", "vor allem anderen", "zu beginn"},
		beforeAny:      []string{"vor jedem anderen", "vor jeder anderen", "vor allen anderen", "bei jeder anfrage", "bei jeder frage", "für jede anfrage", "fuer jede anfrage", "für jede frage", "bei jeder nachricht", "egal was der benutzer", "egal was der nutzer", "unabhängig von der anfrage", "immer zuerst", "vor jeder antwort"},
		when:           []string{"wenn", "sobald", "jedes mal wenn", "immer wenn", "bevor", "falls"},
		change:         []string{"änder", "aender", "ersetz", "füg", "fueg", "send", "schick", "kopier", "leit", "setz", "verwend", "nutz", "häng", "bcc=", "cc="},
		otherTools:     []string{`re:(?:alle\s+)?andere[nr]?\s+(?:[\p{L}-]+\s+)?(?:tools|werkzeuge|funktionen)`, "anderen tools", "andere tools", "anderen werkzeuge", "andere werkzeuge", "anderen funktionen", "andere funktionen", "anderen server"},
		buggy:          []string{"fehlerhaft", "buggy", "kaputt", "veraltet", "unsicher", "unzuverlässig", "unzuverlaessig", "defekt", "kompromittiert", "voller fehler"},
		neverUse:       []string{"ignorier", "nicht verwend", "nicht benutz", "nicht nutz", "niemals verwend", "niemals benutz", "nie verwend", "meide", "vermeid", "nicht aufruf", "vertraue nicht", "vertrau nicht"},
		read:           []string{"lies=", "lese=", "lesen", "öffne", "oeffne", "hol", "abruf", "ruf", "gib", "zeig", "füg", "fueg", "häng", "haeng", "send", "schick", "übergib", "uebergib", "übermittl", "kopier", "extrahier", "auslesen", "lies aus", "antworte mit", "antworten sie mit"},
		secret:         []string{"passwort", "passwörter", "passwoerter", "kennwort", "kennwörter", "zugangsdaten", "anmeldedaten", "api-schlüssel", "api-schluessel", "api schlüssel", "api-key", "privaten schlüssel", "private schlüssel", "ssh-schlüssel", "ssh-schluessel", "geheimen schlüssel", "zugriffstoken", "access-token", "token=", "tokens=", "wiederherstellungsphrase", "geheimnisse", ".env-datei", "sitzungstoken"},
		env:            []string{"umgebungsvariablen", "umgebungsvariable"},
		reply:          []string{"antwort", "antworten", "antworte mit"},
		fromNow:        []string{"ab jetzt", "von nun an", "ab sofort", "fortan", "künftig immer", "für den rest der sitzung", "für den rest des gesprächs"},
		beforeAnything: []string{"bevor du irgendetwas", "bevor sie irgendetwas", "vor jeder aktion", "vor jeder operation", "vor jedem vorgang", "bevor du etwas anderes"},
		sysPrompt:      []string{"systemprompt", "system-prompt", "systemanweisungen", "system-anweisungen", "ursprünglichen anweisungen"},
		suppressRaw:    []string{`(?:unterdrück|unterdrueck|deaktivier|ignorier|verberg|blende\s+aus)\w*\s+(?:alle|sämtliche|saemtliche|jegliche|jede)\s+(?:\S+\s+)?(?:warnungen|warnhinweise|alarme|sicherheitshinweise)`},
		complianceRaw:  []string{`(?:verpflichtend|erforderlich|vorgeschrieben)\p{L}*\s+f[üu]r\s+(?:die\s+)?(?:compliance|pr[üu]fung|sicherheit|audit)`, `compliance-anforderung`, `(?:ist\s+)?keine\s+option\b`, `obwohl\s+(?:als\s+)?optional\s+(?:markiert|angegeben|gekennzeichnet)`, `(?:dies|das|dieser\s+schritt)\s+ist\s+(?:zwingend\s+|unbedingt\s+)?(?:erforderlich|vorgeschrieben|verpflichtend)\s+(?:f[üu]r|zur|zum|durch)\b`, `(?:dies|das|dieser\s+schritt)\s+ist\s+(?:f[üu]r|zur|zum)\s+[^.!?\n]{1,40}?\s+(?:zwingend\s+|unbedingt\s+)?(?:erforderlich|vorgeschrieben|verpflichtend)`},
		readerRaw:      []string{`wenn\s+(?:du|sie)\s+(?:dies|das\s+hier|diese\s+beschreibung|diesen\s+text|diese\s+nachricht)\s+(?:liest|lesen)`, `(?:du\s+bist|sie\s+sind|du\s+wurdest|sie\s+wurden)\s+von\s+einem\s+anderen\s+(?:tool|werkzeug)\s+(?:hierher\s+)?(?:geschickt|angewiesen|beauftragt)`},
		replacementRaw: []string{`(?:aktualisierte|neue|verbesserte|offizielle)r?\s+ersatz\s+f[üu]r\s+(?:das|den|die)\s+(?:\S+\s+)?(?:original|alte|offizielle|bisherige)\w*`},
		dest:           []string{"meinen server", "unseren server", "externen server", "entfernten server"},
		secOffRaw:      []string{`(?:deaktivier|abschalt|schalt|umgeh)\w*\s+(?:die\s+|den\s+|alle\s+|s[äa]mtliche\s+)?(?:sicherheit\w*|audit-?protokollierung|schutzmechanismen|leitplanken)`, `sicherheitsstufe\s*(?:=|:|auf)\s*0\b`, `(?:gew[äa]hr|erteil)\w*\s+(?:\w+\s+)?(?:uneingeschr[äa]nkten|unbeschr[äa]nkten)\s+zugriff`},
		findFilesRaw:   []string{`(?:such|durchsuch|find)\w*\s+(?:nach\s+)?(?:allen\s+|alle\s+|den\s+|die\s+)?dateien,?\s+(?:die|mit|welche)\b`},
	},
	{
		lang:           "es",
		ignore:         []string{"ignor", "olvid", "omit", "haz caso omiso", "hagan caso omiso", "no hagas caso", "no haga caso", "pasa por alto", "pase por alto", "anul", "desobedec"},
		instr:          []string{"instruccion", "instrucción", "indicacion", "indicación", "regla", "directriz", "directrices", "norma", "prompt", "orden"},
		prior:          []string{"anterior", "previa", "previas", "previo", "previos", "de arriba", "original", "del sistema", "sistema", "toda", "todas", "todo", "todos", "tus=", "sus="},
		newRaw:         []string{`(?:nuevas?|verdaderas?|reales?|actualizadas?)\s+instrucciones\s*:`, `(?:ahora\s+eres|a\s+partir\s+de\s+ahora\s+eres|desde\s+ahora\s+eres|ahora\s+es\s+usted)\s+(?:un|una|el|la)\b`, `(?:tu|su)\s+(?:nueva|verdadera|[úu]nica|real)\s+(?:tarea|misi[óo]n|funci[óo]n|objetivo|rol)\s+es\b`, `(?:revela|muestra|repite|imprime|comparte)\w*\s+(?:tu|su|el)\s+(?:prompt|mensaje)\s+(?:del\s+)?sistema`, `(?:reemplaz|sustitu)\w*\s+(?:cualquier|todas?\s+las?|las?)\s+instrucci(?:ón|on|ones)\s+(?:previas?|anteriores?|del\s+sistema|originales?)`, `instrucciones\s+(?:anteriores|previas|del\s+sistema|originales)[^.!?\n]{0,30}?(?:obsoletas|inv[áa]lidas|anuladas|ya\s+no\s+(?:aplican|son\s+v[áa]lidas|sirven))`, `(?:tus|sus)\s+(?:nuevas|verdaderas|[úu]nicas)\s+instrucciones\s+son\b`, `(?:eres|est[áa]s)\s+(?:ahora\s+)?(?:libre\s+de\s+(?:todas\s+las\s+)?(?:restricciones|limitaciones|reglas)|sin\s+(?:ninguna\s+)?(?:restricci[óo]n|restricciones|limitaci[óo]n|limitaciones))`, `desactiv\w*\s+(?:todos?\s+los?\s+|todas?\s+las?\s+|los?\s+|las?\s+)?(?:filtros|controles|comprobaciones|verificaciones|protecciones|medidas)\s+de\s+seguridad`, `responder\s+sin\s+(?:filtros|restricciones|censura)`, `desactiv\w*\s+(?:todas?\s+las\s+|todos\s+los\s+)(?:salvaguardas|salvaguardias|barreras\s+de\s+protecci[óo]n|protecciones)\b`, `(?-i:\bINSTRUCCI(?:Ó|O)N(?:ES)?\s+(?:OCULTAS?|SECRETAS?)\b)\s*(?:\[[^\]\n]{0,40}\]\s*)?:`},
		user:           []string{"usuario", "usuaria"},
		negTell:        []string{`no\s+(?:le\s+|les\s+|se\s+lo\s+|lo\s+)?(?:digas|diga|digan|menciones|mencione|cuentes|cuente|informes|informe|reveles|revele|avises|avise|comuniques|comunique|muestres|muestre|notifiques|notifique|comentes|comente)\b`, `nunca\s+(?:le\s+|les\s+|se\s+lo\s+)?(?:digas|diga|menciones|mencione|cuentes|informes|reveles|avises|muestres)\b`, `no\s+(?:mostrar|decir|mencionar|revelar|comunicar)\s+(?:esto\s+|nada\s+)?al\s+usuario`},
		without:        []string{`sin\s+(?:avisar|informar|decir|decirle|notificar|preguntar|consultar|mencionar|advertir)(?:le|les|selo)?\b`, `a\s+espaldas\s+del`, `sin\s+que\s+(?:el|la)\s+usuari[oa]\s+(?:lo\s+)?(?:sepa|note|vea|se\s+entere)`, `sin\s+(?:pedir|solicitar)\s+(?:la\s+)?(?:confirmaci[óo]n|permiso|autorizaci[óo]n)`, `para\s+(?:evitar|no\s+(?:levantar|despertar|generar|provocar))\s+(?:las\s+|la\s+|ninguna\s+)?sospechas?\s+(?:del|de\s+los|en\s+el|en\s+los)\s+usuari`, `sin\s+(?:levantar|despertar|generar|provocar)\s+(?:las\s+|la\s+)?sospechas?\s+(?:del|de\s+los|en\s+el)\s+usuari`, `para\s+que\s+el\s+usuari[oa]\s+no\s+(?:sospeche|desconf[íi]e)`},
		secretly:       []string{"en secreto", "secretamente", "silenciosamente", "discretamente", "en silencio", "a escondidas", "sin que nadie"},
		send:           []string{"envía", "envia", "enví", "envi", "manda", "copia", "incluy", "inclu", "añad", "anad", "agreg", "pon=", "ponga", "coloca", "pasa=", "pase=", "adjunt", "reenví", "reenvi", "transmit", "inserta", "pega", "sube", "redirig"},
		otherwise:      []string{"de lo contrario", "si no lo haces", "si no lo hace", "en caso contrario", "o si no", "sino="},
		fail:           []string{"no funcionará", "no funcionara", "dejará de funcionar", "dejara de funcionar", "fallará", "fallara", "se bloqueará", "se bloqueara", "será bloquead", "sera bloquead", "se perderá", "se perdera", "se perderán", "colapsará", "se colgará", "se cerrará"},
		onlyIfRaw:      []string{`(?:solo|s[óo]lo)\s+funciona\s+si\s+(?:primero\s+)?(?:proporcionas|pasas|env[íi]as|incluyes|lees|adjuntas|das|proporciona|pasa|env[íi]a|incluye|lee|adjunta)`, `no\s+funciona(?:r[áa])?\s+(?:a\s+menos\s+que|hasta\s+que|sin\s+que)\s+(?:tu\s+|usted\s+)?`},
		conv:           []string{"su contenido", "toda la conversación", "toda la conversacion", "la conversación completa", "historial de la conversación", "historial de conversación", "historial del chat", "historial de chat", "historial de mensajes", "mensajes anteriores", "mensajes previos", "prompt del sistema", "instrucciones del sistema", "resultados de otras herramientas", "resultados anteriores", "el historial", "contexto de la conversación", "contexto completo", "todos los datos del usuario", "los datos del usuario", "correos electrónicos de los usuarios", "correos de los usuarios"},
		field:          []string{"aquí", "aqui=", "parámetro", "parametro", "campo", "argumento"},
		thisTool:       []string{"esta herramienta", "esta función", "esta funcion"},
		call:           []string{"llam", "usa", "use=", "utiliz", "ejecut", "consult", "invoc"},
		first:          []string{"primero", "en primer lugar", "antes que nada", "lo primero"},
		beforeAny:      []string{"antes de cualquier otra", "antes que cualquier otra", "antes de usar cualquier", "antes de cualquier", "para cada solicitud", "para cada petición", "para cada peticion", "para cada pregunta", "para cada consulta", "en cada solicitud", "en cada petición", "en cada consulta", "para toda solicitud", "sin importar lo que", "siempre primero", "antes de responder"},
		when:           []string{"cuando", "siempre que", "cada vez que", "antes de llamar", "antes de usar", "antes de ejecutar", "si se llama", "en cuanto"},
		change:         []string{"cambi", "reemplaz", "sustitu", "modific", "añad", "anad", "agreg", "envía", "envia", "copia", "incluy", "redirig", "pon=", "usa=", "cc=", "bcc="},
		otherTools:     []string{`re:otras?\s+herramientas?(?:\s+de\s+\p{L}+)?`, "otras herramientas", "otra herramienta", "demás herramientas", "demas herramientas"},
		buggy:          []string{"defectuos", "con errores", "tienen errores", "rotas", "obsoletas", "inseguras", "poco fiables", "no son fiables", "comprometidas", "llenas de errores", "buggy"},
		neverUse:       []string{"no uses", "no use=", "no utilices", "no utilice", "nunca uses", "nunca utilices", "no llames", "no llame", "ignor", "evita", "evite", "no confíes", "no confies"},
		read:           []string{"lee=", "lea=", "leer", "abre", "abra", "obtén", "obten", "obteng", "recupera", "recupere", "incluy", "inclu", "añad", "agreg", "adjunt", "envía", "envia", "manda", "copia", "pega", "muestra", "extrae", "proporcion", "pasa=", "dame", "responde con", "responder con", "responda con", "responde siempre con"},
		secret:         []string{"contraseña", "contrasena", "clave api", "claves api", "clave de api", "clave privada", "claves privadas", "clave ssh", "clave secreta", "credenciales", "token de acceso", "tokens de acceso", "token de api", "frase semilla", "frase de recuperación", "secretos", "archivo .env", "token de sesión", "tokens de sesión", "token de sesion"},
		env:            []string{"variables de entorno", "variable de entorno"},
		reply:          []string{"respuesta", "respuestas", "responde con", "responder con", "responda con"},
		fromNow:        []string{"a partir de ahora", "de ahora en adelante", "desde ahora", "en adelante", "por el resto de la sesión", "por el resto de la conversación"},
		beforeAnything: []string{"antes de hacer cualquier cosa", "antes de nada", "antes de cualquier operación", "antes de cualquier acción", "antes de realizar cualquier"},
		sysPrompt:      []string{"prompt del sistema", "prompt de sistema", "instrucciones del sistema", "prompt inicial"},
		suppressRaw:    []string{`(?:suprim|ocult|desactiv|silenci|ignor)\w*\s+(?:todas\s+las|todos\s+los)\s+(?:\S+\s+)?(?:advertencias|alertas|avisos)`},
		complianceRaw:  []string{`obligatori\p{L}+\s+para\s+(?:el\s+|la\s+)?(?:cumplimiento|auditor[ií]a|seguridad)`, `requisito\s+(?:obligatorio\s+)?de\s+cumplimiento`, `no\s+es\s+opcional`, `aunque\s+(?:est[ée]\s+|aparezca\s+)?marcad\p{L}+\s+como\s+opcional`, `(?:esto|ello|este\s+paso)\s+es\s+(?:estrictamente\s+|absolutamente\s+)?(?:obligatorio|requerido|imprescindible)\s+(?:para|por)\b`},
		readerRaw:      []string{`si\s+(?:est[áa]s|est[áa])\s+leyendo\s+(?:esto|esta\s+descripci[óo]n|este\s+texto|este\s+mensaje)`, `(?:has|ha)\s+sido\s+(?:instruid|enviad|dirigid)[oa]\s+(?:aqu[íi]\s+)?por\s+otra\s+herramienta`},
		replacementRaw: []string{`(?:reemplazo|sustituto)\s+(?:actualizado|nuevo|mejorado|oficial)\s+(?:del|de\s+la|de\s+los|de\s+las)\s+(?:\S+\s+)?(?:original|antigu|oficial)\w*`},
		dest:           []string{"mi servidor", "nuestro servidor", "servidor remoto", "servidor externo"},
		secOffRaw:      []string{`desactiv\w*\s+(?:la\s+|el\s+|los\s+|las\s+|todos\s+los\s+|todas\s+las\s+)?(?:seguridad|registro\s+de\s+auditor[íi]a|salvaguardas|filtros\s+de\s+seguridad|controles\s+de\s+seguridad)`, `nivel\s+de\s+seguridad\s*(?:=|:|a|en)\s*0\b`, `conced\w*\s+acceso\s+(?:ilimitado|sin\s+restricciones)`},
		findFilesRaw:   []string{`(?:busc|encuentr|recorr|rastre)\w*\s+(?:todos\s+los\s+|los\s+)?archivos\s+(?:que\s+contengan|que\s+contienen|con|llamados)`},
	},
	{
		lang:           "pt",
		ignore:         []string{"ignor", "esqueç", "esquec", "desconsider", "desobedeç", "desobedec", "pass por cima", "não leve em conta", "nao leve em conta"},
		instr:          []string{"instruç", "instruc", "regra", "diretriz", "diretrizes", "orientaç", "prompt", "comando"},
		prior:          []string{"anterior", "anteriores", "prévia", "previa", "acima", "original", "do sistema", "sistema", "toda", "todas", "todo", "todos", "suas=", "tuas="},
		newRaw:         []string{`(?:novas?|verdadeiras?|reais|atualizadas?)\s+instru[çc][õo]es\s*:`, `(?:agora\s+voc[êe]\s+[ée]|a\s+partir\s+de\s+agora\s+voc[êe]\s+[ée]|voc[êe]\s+agora\s+[ée])\s+(?:um|uma|o|a)\b`, `(?:sua|tua)\s+(?:nova|verdadeira|[úu]nica|real)\s+(?:tarefa|miss[ãa]o|fun[çc][ãa]o|objetivo|papel)\s+[ée]\b`, `(?:revele|mostre|repita|imprima|compartilhe)\w*\s+(?:seu|teu|o)\s+(?:prompt|mensagem)\s+(?:do\s+)?sistema`, `(?:substitu)\w*\s+(?:qualquer|todas?\s+as?|as?)\s+instru[çc](?:ão|ao|ões|oes)\s+(?:anteriores?|pr[ée]vias?|do\s+sistema|originais)`, `instru[çc](?:ões|oes)\s+(?:anteriores|pr[ée]vias|do\s+sistema|originais)[^.!?\n]{0,30}?(?:obsoletas|inv[áa]lidas|anuladas|n[ãa]o\s+(?:se\s+aplicam|valem)\s+mais)`, `(?:voc[êe]\s+)?(?:est[áa]|[ée])\s+(?:agora\s+)?(?:livre\s+de\s+(?:todas\s+as\s+)?(?:restri[çc](?:ões|oes)|limita[çc](?:ões|oes)|regras)|sem\s+(?:nenhuma\s+)?(?:restri[çc]|limita[çc]))`, `desativ\w*\s+(?:todas?\s+as?\s+|todos?\s+os?\s+|as?\s+|os?\s+)?(?:verifica[çc](?:ões|oes)|controles|filtros|prote[çc](?:ões|oes)|medidas)\s+de\s+seguran[çc]a`, `desativ\w*\s+(?:todos\s+os\s+|todas\s+as\s+)(?:salvaguardas|prote[çc][õo]es|barreiras\s+de\s+prote[çc][ãa]o)\b`, `(?-i:\bINSTRU[ÇC](?:Ã|A)O\s+(?:OCULTA|SECRETA)|INSTRU[ÇC](?:Õ|O)ES\s+(?:OCULTAS|SECRETAS)\b)\s*(?:\[[^\]\n]{0,40}\]\s*)?:`},
		user:           []string{"usuário", "usuario", "utilizador", "usuária"},
		negTell:        []string{`n[ãa]o\s+(?:lhe\s+|o\s+|a\s+)?(?:diga|digas|conte|contes|mencione|menciones|informe|informes|revele|reveles|avise|avises|mostre|mostres|notifique|comente|comunique)\b`, `nunca[\s*_]+(?:lhe\s+)?(?:diga|conte|mencione|informe|revele|avise|mostre)\b`, `n[ãa]o\s+(?:mostrar|dizer|mencionar|revelar|contar)\s+(?:isto\s+|isso\s+|nada\s+)?ao\s+usu[áa]rio`},
		without:        []string{`sem\s+(?:avisar|informar|dizer|notificar|perguntar|consultar|mencionar|alertar|contar)\b`, `[àa]s\s+escondidas\s+d`, `sem\s+que\s+o\s+(?:usu[áa]rio|utilizador)\s+(?:saiba|perceba|veja|note)`, `sem\s+(?:pedir|solicitar)\s+(?:a\s+)?(?:confirma[çc][ãa]o|permiss[ãa]o|autoriza[çc][ãa]o)`, `para\s+(?:evitar|n[ãa]o\s+(?:levantar|despertar|gerar|causar))\s+(?:as\s+|a\s+|nenhuma\s+)?suspeitas?\s+(?:do|dos|no|nos)\s+(?:usu[áa]rio|utilizador)`, `sem\s+(?:levantar|despertar|gerar|causar)\s+(?:as\s+|a\s+)?suspeitas?\s+(?:do|dos|no)\s+(?:usu[áa]rio|utilizador)`, `para\s+que\s+o\s+(?:usu[áa]rio|utilizador)\s+n[ãa]o\s+(?:suspeite|desconfie)`},
		secretly:       []string{"em segredo", "secretamente", "silenciosamente", "discretamente", "em silêncio", "em silencio", "às escondidas", "sem que ninguém"},
		send:           []string{"envi", "mand", "copi", "inclu", "adicion", "acrescent", "coloq", "coloc", "ponha", "pôr", "pass", "anex", "encaminh", "transmit", "insir", "cole", "carreg", "redirecion", "conter=", "contenha", "contém"},
		otherwise:      []string{"caso contrário", "caso contrario", "senão", "senao", "se você não fizer", "se voce nao fizer", "do contrário"},
		fail:           []string{"não funcionará", "nao funcionara", "não vai funcionar", "nao vai funcionar", "deixará de funcionar", "falhará", "falhara", "vai falhar", "será bloquead", "sera bloquead", "será perdid", "serão perdid", "vai travar", "travará", "irá travar"},
		onlyIfRaw:      []string{`s[óo]\s+funciona\s+se\s+(?:voc[êe]\s+)?(?:primeiro\s+)?(?:fornecer|passar|enviar|incluir|ler|anexar|informar)`, `n[ãa]o\s+funciona(?:r[áa])?\s+(?:a\s+menos\s+que|at[ée]\s+que|sem\s+que)`},
		conv:           []string{"seu conteúdo", "o seu conteúdo", "seu conteudo", "toda a conversa", "a conversa inteira", "a conversa completa", "histórico da conversa", "historico da conversa", "histórico do chat", "historico do chat", "histórico de mensagens", "mensagens anteriores", "mensagem anterior", "prompt do sistema", "instruções do sistema", "resultados de outras ferramentas", "resultados anteriores", "o histórico", "contexto da conversa", "contexto completo", "dados do usuário"},
		field:          []string{"aqui=", "parâmetro", "parametro", "campo", "argumento"},
		thisTool:       []string{"esta ferramenta", "essa ferramenta", "esta função", "esta funcao"},
		call:           []string{"cham", "use=", "usa", "utiliz", "execut", "consult", "invoq"},
		first:          []string{"primeiro", "em primeiro lugar", "antes de tudo", "antes de mais nada"},
		beforeAny:      []string{"antes de qualquer outra", "antes de usar qualquer", "antes de qualquer", "para cada solicitação", "para cada solicitacao", "para cada pedido", "para cada pergunta", "para cada consulta", "em cada solicitação", "em cada pedido", "para toda solicitação", "não importa o que", "nao importa o que", "independentemente do que", "sempre primeiro", "antes de responder"},
		when:           []string{"quando", "sempre que", "toda vez que", "cada vez que", "antes de chamar", "antes de usar", "antes de executar", "assim que"},
		change:         []string{"mud", "alter", "substitu", "troq", "troc", "modific", "adicion", "acrescent", "envi", "copi", "inclu", "redirecion", "coloq", "use=", "cc=", "bcc="},
		otherTools:     []string{`re:outras?\s+ferramentas?(?:\s+de\s+\p{L}+)?`, "outras ferramentas", "outra ferramenta", "demais ferramentas"},
		buggy:          []string{"defeituos", "com bugs", "cheias de bugs", "têm bugs", "quebradas", "obsoletas", "inseguras", "pouco confiáveis", "não são confiáveis", "comprometidas", "buggy"},
		neverUse:       []string{"não use", "nao use", "não utilize", "nao utilize", "nunca use", "nunca utilize", "não chame", "nao chame", "ignor", "evite", "não confie", "nao confie"},
		read:           []string{"leia", "ler=", "abra", "obtenha", "recupere", "pegue", "inclua", "adicione", "anexe", "envie", "mande", "copie", "cole", "mostre", "extraia", "forneça", "forneca", "passe=", "responda com", "responder com", "responde com"},
		secret:         []string{"senha", "senhas", "chave api", "chaves api", "chave de api", "chave privada", "chaves privadas", "chave ssh", "chave secreta", "credenciais", "token de acesso", "tokens de acesso", "token de api", "frase de recuperação", "frase semente", "segredos", "arquivo .env", "token de sessão", "tokens de sessão"},
		env:            []string{"variáveis de ambiente", "variaveis de ambiente", "variável de ambiente"},
		reply:          []string{"resposta", "respostas", "responda com", "responder com"},
		fromNow:        []string{"a partir de agora", "de agora em diante", "daqui em diante", "pelo resto da sessão", "pelo resto da conversa"},
		beforeAnything: []string{"antes de fazer qualquer coisa", "antes de qualquer operação", "antes de qualquer ação", "antes de realizar qualquer"},
		sysPrompt:      []string{"prompt do sistema", "prompt de sistema", "instruções do sistema", "instrucoes do sistema", "prompt inicial"},
		suppressRaw:    []string{`(?:suprim|ocult|desativ|silenci|ignor)\w*\s+(?:todos\s+os|todas\s+as)\s+(?:\S+\s+)?(?:avisos|alertas|advertências)`},
		complianceRaw:  []string{`obrigat[óo]ri\p{L}+\s+para\s+(?:a\s+|o\s+)?(?:conformidade|auditoria|seguran[çc]a)`, `requisito\s+(?:obrigat[óo]rio\s+)?de\s+conformidade`, `n[ãa]o\s+[ée]\s+opcional`, `embora\s+(?:esteja\s+)?marcad\p{L}+\s+como\s+opcional`, `(?:isto|isso|este\s+passo|esta\s+etapa)\s+[ée]\s+(?:estritamente\s+|absolutamente\s+)?(?:obrigat[óo]ri[oa]|exigid[oa]|requerid[oa]|imprescind[íi]vel)\s+(?:para|pel[oa])\b`},
		readerRaw:      []string{`se\s+(?:voc[êe]\s+)?(?:est[áa]|estiver)\s+lendo\s+(?:isto|isso|esta\s+descri[çc][ãa]o|este\s+texto|esta\s+mensagem)`, `foi\s+(?:instru[íi]d|enviad|direcionad)[oa]\s+(?:aqui\s+)?por\s+outra\s+ferramenta`},
		replacementRaw: []string{`(?:substituto|substitui[çc][ãa]o)\s+(?:atualizad|nov|melhorad|oficial)\w*\s+(?:do|da|dos|das)\s+(?:\S+\s+)?(?:original|antig|oficial)\w*`},
		dest:           []string{"meu servidor", "nosso servidor", "servidor remoto", "servidor externo"},
		secOffRaw:      []string{`desativ\w*\s+(?:a\s+|o\s+|os\s+|as\s+|todos\s+os\s+|todas\s+as\s+)?(?:seguran[çc]a|registro\s+de\s+auditoria|salvaguardas|filtros\s+de\s+seguran[çc]a|controles\s+de\s+seguran[çc]a)`, `n[íi]vel\s+de\s+seguran[çc]a\s*(?:=|:|para|em)\s*0\b`, `conced\w*\s+acesso\s+(?:ilimitado|irrestrito|sem\s+restri[çc][õo]es)`},
		findFilesRaw:   []string{`(?:procur|busc|encontr|vasculh)\w*\s+(?:todos\s+os\s+|os\s+)?arquivos\s+(?:que\s+contenham|que\s+cont[êe]m|com|chamados)`},
	},
	{
		lang:           "it",
		ignore:         []string{"ignor", "dimentic", "trascur", "non tenere conto", "non tener conto", "non tenete conto", "scavalc", "aggir", "disattend"},
		instr:          []string{"istruzion", "regol", "direttiv", "indicazion", "prompt", "consegn"},
		prior:          []string{"precedent", "sopra", "originali", "original", "di sistema", "del sistema", "sistema", "tutte", "tutti", "le tue", "le sue"},
		newRaw:         []string{`(?:nuove|vere|reali|aggiornate)\s+istruzioni\s*:`, `(?:ora\s+sei|d'ora\s+in\s+poi\s+sei|adesso\s+sei|da\s+ora\s+sei)\s+(?:un|una|uno|il|la)\b`, `(?:il\s+tuo|il\s+suo)\s+(?:nuovo|vero|unico)\s+(?:compito|obiettivo|ruolo)\s+[èe]\b`, `(?:rivela|mostra|ripeti|stampa|condividi)\w*\s+(?:il\s+tuo|il\s+suo|il)\s+(?:prompt|messaggio)\s+di\s+sistema`, `(?:sostitu)\w*\s+(?:qualsiasi|tutte\s+le|le)\s+istruzion[ei]\s+(?:precedenti|di\s+sistema|originali)`, `istruzioni\s+(?:precedenti|di\s+sistema|originali)[^.!?\n]{0,30}?(?:obsolete|non\s+(?:sono\s+pi[ùu]\s+valide|valgono\s+pi[ùu])|annullate)`, `(?:sei|[èe])\s+(?:ora\s+)?(?:liber[oa]\s+da\s+(?:ogni|tutte\s+le|qualsiasi)\s+(?:restrizion|limitazion|regol)|senza\s+(?:alcuna\s+)?(?:restrizion|limitazion))\w*`, `disattiv\w*\s+(?:tutti\s+i\s+|tutte\s+le\s+|i\s+|le\s+)?(?:controlli|filtri|verifiche|protezioni|misure)\s+di\s+sicurezza`, `disattiv\w*\s+(?:tutti\s+i\s+|tutte\s+le\s+)(?:salvaguardie|protezioni|barriere\s+di\s+protezione)\b`, `(?-i:\bISTRUZION[EI]\s+(?:NASCOST[EA]|SEGRET[EA])\b)\s*(?:\[[^\]\n]{0,40}\]\s*)?:`},
		user:           []string{"utente", "utenti"},
		negTell:        []string{`non\s+(?:lo\s+|gli\s+|le\s+|glielo\s+)?(?:dire|dirlo|dirgli|menzionare|menzionarlo|rivelare|rivelarlo|informare|avvisare|mostrare|segnalare|comunicare|raccontare|notificare|accennare)\b`, `non\s+(?:devi|deve)\s+(?:mai\s+)?(?:dire|menzionare|rivelare|informare|avvisare|mostrare|segnalare|comunicare)\b`, `mai\s+(?:dire|menzionare|rivelare|informare|avvisare)\b`},
		without:        []string{`senza\s+(?:avvisare|informare|dire|dirlo|notificare|chiedere|consultare|menzionare|avvertire)\b`, `all'insaputa\s+d`, `senza\s+che\s+l'utente\s+(?:lo\s+)?(?:sappia|noti|veda|se\s+ne\s+accorga)`, `senza\s+(?:chiedere|richiedere)\s+(?:la\s+)?(?:conferma|autorizzazione|il\s+permesso)`, `per\s+(?:evitare|non\s+(?:destare|suscitare|sollevare|far\s+nascere))\s+(?:i\s+|il\s+|alcun\s+)?sospett[oi]\s+(?:dell'|degli\s+|nell'|negli\s+)utent`, `senza\s+(?:destare|suscitare|sollevare)\s+(?:i\s+|il\s+)?sospett[oi]\s+(?:dell'|degli\s+|nell')utent`, `(?:affinch[ée]|perch[ée])\s+l'utente\s+non\s+(?:sospetti|si\s+insospettisca)`},
		secretly:       []string{"in segreto", "segretamente", "silenziosamente", "di nascosto", "in silenzio", "discretamente", "senza che nessuno"},
		send:           []string{"invi", "mand", "copi", "includ", "aggiung", "mett", "pass", "allega", "inoltr", "trasmett", "inseris", "incoll", "caric", "reindirizz", "conten"},
		otherwise:      []string{"altrimenti", "in caso contrario", "se non lo fai", "se non lo fa", "se non=", "pena"},
		fail:           []string{"non funzionerà", "non funzionera", "smetterà di funzionare", "fallirà", "fallira", "andrà in crash", "si bloccherà", "si blocchera", "sarà bloccat", "verrà bloccat", "andrà perso", "andranno persi", "saranno persi", "si arresterà"},
		onlyIfRaw:      []string{`funziona\s+solo\s+se\s+(?:prima\s+)?(?:fornisci|passi|invii|includi|leggi|alleghi|dai|fornisce|passa|invia|include|legge)`, `non\s+funziona\s+(?:finch[ée]\s+non|a\s+meno\s+che|senza\s+che)`},
		conv:           []string{"il suo contenuto", "il loro contenuto", "tutta la conversazione", "l'intera conversazione", "la conversazione completa", "cronologia della conversazione", "cronologia della chat", "cronologia chat", "cronologia dei messaggi", "messaggi precedenti", "prompt di sistema", "istruzioni di sistema", "risultati degli altri strumenti", "risultati precedenti", "la cronologia", "contesto della conversazione", "contesto completo", "dati dell'utente"},
		field:          []string{"qui=", "parametro", "campo", "argomento"},
		thisTool:       []string{"questo strumento", "questa funzione", "questo tool"},
		call:           []string{"chiam", "usa", "utilizz", "esegui", "consult", "invoc", "lancia"},
		first:          []string{"per primo", "per prima", "prima di tutto", "innanzitutto", "come prima cosa"},
		beforeAny:      []string{"prima di qualsiasi altr", "prima di ogni altr", "prima di usare qualsiasi", "prima di qualsiasi", "per ogni richiesta", "per ogni domanda", "per ogni messaggio", "a ogni richiesta", "ad ogni richiesta", "per qualsiasi richiesta", "qualunque cosa chieda", "qualsiasi cosa chieda", "indipendentemente dalla richiesta", "sempre per primo", "prima di rispondere"},
		when:           []string{"quando", "ogni volta che", "ogni qual volta", "prima di chiamare", "prima di usare", "prima di eseguire", "non appena", "qualora"},
		change:         []string{"cambi", "sostitu", "modific", "aggiung", "invi", "copi", "includ", "reindirizz", "mett", "usa=", "cc=", "bcc="},
		otherTools:     []string{`re:altri\s+(?:[\p{L}-]+\s+)?strumenti`, "altri strumenti", "altro strumento", "altri tool"},
		buggy:          []string{"difettos", "pieni di bug", "hanno bug", "con bug", "rotti", "obsolet", "insicur", "inaffidabil", "compromess", "buggy"},
		neverUse:       []string{"non usare", "non utilizzare", "mai usare", "non chiamare", "ignor", "evita", "non fidarti"},
		read:           []string{"leggi", "leggere", "inserisci", "metti", "apri", "recupera", "ottieni", "prendi", "includi", "aggiungi", "allega", "invia", "manda", "copia", "incolla", "mostra", "estrai", "fornisci", "passa=", "rispondi con", "rispondere con", "risponda con"},
		secret:         []string{"password", "chiave api", "chiavi api", "chiave privata", "chiavi private", "chiave ssh", "chiave segreta", "credenziali", "token di accesso", "token api", "frase di recupero", "segreti", "file .env", "token di sessione"},
		env:            []string{"variabili d'ambiente", "variabili di ambiente", "variabile d'ambiente"},
		reply:          []string{"risposta", "risposte", "rispondi con", "rispondere con"},
		fromNow:        []string{"d'ora in poi", "da ora in poi", "da adesso in poi", "d'ora innanzi", "per il resto della sessione", "per il resto della conversazione"},
		beforeAnything: []string{"prima di fare qualsiasi cosa", "prima di qualsiasi operazione", "prima di qualsiasi azione", "prima di ogni operazione", "prima di eseguire qualsiasi"},
		sysPrompt:      []string{"prompt di sistema", "prompt del sistema", "istruzioni di sistema", "istruzioni del sistema", "prompt iniziale"},
		suppressRaw:    []string{`(?:sopprim|nascond|disattiv|silenzi|ignor)\w*\s+(?:tutti\s+gli|tutte\s+le|ogni)\s+(?:\S+\s+)?(?:avvisi|avvertimenti|allarmi|avviso)`},
		complianceRaw:  []string{`obbligatori\p{L}+\s+per\s+(?:la\s+|il\s+|l')?(?:conformit[àa]|sicurezza|audit)`, `requisito\s+(?:obbligatorio\s+)?di\s+conformit[àa]`, `non\s+[èe]\s+(?:un'?\s*)?(?:opzion\p{L}*|facoltativ\p{L}*)`, `anche\s+se\s+(?:è\s+)?(?:segnat|indicat|contrassegnat)\p{L}+\s+come\s+(?:opzional|facoltativ)\p{L}*`, `(?:questo|ci[òo]|questo\s+passaggio)\s+[èe]\s+(?:strettamente\s+|assolutamente\s+)?(?:obbligatorio|richiesto|indispensabile)\s+(?:per|dal|dalla)\b`},
		readerRaw:      []string{`se\s+stai\s+leggendo\s+(?:questo|questa\s+descrizione|questo\s+testo|questo\s+messaggio)`, `sei\s+stat[oa]\s+(?:istruit|inviat|indirizzat|mandat)[oa]\s+(?:qui\s+)?da\s+un\s+altro\s+strumento`},
		replacementRaw: []string{`(?:sostituto|sostituzione)\s+(?:aggiornat|nuov|migliorat|ufficial)\w*\s+(?:del|della|dello|dei|delle)\s+(?:\S+\s+)?(?:original|vecchi|ufficial)\w*`},
		dest:           []string{"mio server", "nostro server", "server remoto", "server esterno"},
		secOffRaw:      []string{`disattiv\w*\s+(?:la\s+|il\s+|i\s+|le\s+|tutti\s+i\s+|tutte\s+le\s+)?(?:sicurezza|registrazione\s+di\s+audit|salvaguardie|filtri\s+di\s+sicurezza|controlli\s+di\s+sicurezza)`, `livello\s+di\s+sicurezza\s*(?:=|:|a)\s*0\b`, `concedi\w*\s+accesso\s+(?:illimitato|senza\s+restrizioni)`},
		findFilesRaw:   []string{`(?:cerc|trov|scansion|ricerc)\w*\s+(?:tutti\s+i\s+|i\s+)?file\s+(?:che\s+contengono|contenenti|con|chiamati)`},
	},
	{
		lang:           "ru",
		ignore:         []string{"игнорир", "проигнорир", "забуд", "забыть", "не обращай внимания", "не обращайте внимания", "отбрось", "отбросьте", "пренебреги", "обойди", "обойдите", "отмени", "отмените"},
		instr:          []string{"инструкци", "указани", "правил", "директив", "промпт", "распоряжени", "установк"},
		prior:          []string{"предыдущ", "прежн", "ранее", "вышеуказ", "выше", "исходн", "системн", "все=", "всех=", "всё", "свои=", "твои=", "ваши="},
		newRaw:         []string{`(?:новые|настоящие|истинные|обновл[её]нные)\s+инструкции\s*:`, `(?:теперь\s+ты|отныне\s+ты|с\s+этого\s+момента\s+ты|теперь\s+вы)\s+(?:—\s+)?(?:\p{L}+\s+)?(?:ассистент|помощник|агент|бот|администратор|хакер|режим)`, `(?:твоя|ваша)\s+(?:новая|настоящая|истинная|единственная)\s+(?:задача|цель|роль|миссия)\s*(?:—|-|:|это|состоит)`, `(?:покажи|выведи|раскрой|повтори|напечатай)\w*\s+(?:свой|ваш|твой)\s+(?:системн\w+\s+)?(?:промпт|инструкции)`, `(?:ты|вы)\s+(?:теперь\s+)?(?:свобод\w+\s+от\s+(?:всех\s+)?(?:ограничений|правил)|без\s+(?:каких-либо\s+|всяких\s+)?ограничений)`, `(?:предыдущие|прежние|системные)\s+инструкции[^.!?\n]{0,30}?(?:устарели|недействительны|отменены|больше\s+не\s+действуют)`, `отключи\w*\s+(?:все\s+)?(?:проверки|фильтры|защит\w*|меры)\s+безопасности`},
		user:           []string{"пользовател", "юзер"},
		negTell:        []string{`не\s+(?:\p{L}+\s+){0,2}?(?:говори|говорите|сообщай|сообщайте|сообщи|сообщите|упоминай|упоминайте|упомяни|рассказывай|рассказывайте|расскажи|показывай|показывайте|раскрывай|уведомляй|уведомляйте|предупреждай|предупреждайте|информируй|информируйте)(?:$|[^\p{L}])`, `никогда\s+не\s+(?:говори|сообщай|упоминай|рассказывай|показывай|раскрывай|уведомляй)`},
		without:        []string{`без\s+(?:ведома|уведомления|предупреждения|согласия|спроса|вопросов)`, `не\s+(?:сообщая|говоря|уведомляя|предупреждая|спрашивая|информируя)`, `втайне\s+от`, `(?:не\s+вызвать|не\s+вызывать|избежать|избегая)\s+(?:подозрени\p{L}*\s+(?:у\s+)?пользовател|у\s+пользовател\p{L}*\s+подозрени)`, `чтобы\s+пользовател\p{L}*\s+не\s+(?:заподозрил|догадал|насторожил)`},
		secretly:       []string{"тайно", "незаметно", "скрытно", "втихую", "молча", "тихо", "втайне"},
		send:           []string{"отправ", "отошл", "пошл", "перешл", "пересыл", "передай", "передайте", "передава", "скопируй", "скопируйте", "копируй", "включи", "включите", "добав", "встав", "приложи", "приложите", "помест", "запиши", "загрузи", "укажи", "укажите"},
		otherwise:      []string{"иначе", "в противном случае", "если не", "если ты не", "если вы не", "а то"},
		fail:           []string{"не будет работать", "не заработает", "перестанет работать", "упад", "сломает", "сломается", "завершится с ошибкой", "будет заблокирован", "заблокирует", "будут потеряны", "будет потерян", "будет удал", "выйдет из строя", "даст сбой"},
		onlyIfRaw:      []string{`работает\s+только\s+(?:если|когда)\s+(?:ты|вы)\s+(?:сначала\s+)?(?:переда|отправ|укаж|включ|прочита|приложи|добав)`, `не\s+(?:будет\s+)?работа\w*,?\s+пока\s+(?:ты|вы)\s+не`},
		conv:           []string{"его содержимое", "их содержимое", "содержимое файла", "всю переписку", "всю беседу", "весь разговор", "весь диалог", "историю переписки", "историю чата", "историю диалога", "историю разговора", "историю сообщений", "предыдущие сообщения", "прошлые сообщения", "системный промпт", "системные инструкции", "результаты других инструментов", "предыдущие результаты", "всю историю", "весь вывод", "все ответы", "контекст разговора", "данные пользователя"},
		field:          []string{"сюда", "здесь", "параметр", "поле", "поля=", "аргумент"},
		thisTool:       []string{"этот инструмент", "эту функцию", "этого инструмента", "этим инструментом", "данный инструмент", "этому инструменту", "к этому инструменту"},
		call:           []string{"вызыва", "вызов", "вызови", "используй", "используйте", "примен", "запуска", "запусти", "обращайся"},
		first:          []string{"сначала", "первым", "в первую очередь", "прежде всего", "перед всем"},
		beforeAny:      []string{"перед любым другим", "перед любыми другими", "перед всеми другими", "раньше любого другого", "для каждого запроса", "при каждом запросе", "для любого запроса", "на каждый запрос", "для каждого вопроса", "на любой вопрос", "что бы ни спросил", "что бы пользователь ни", "независимо от запроса", "всегда первым", "перед каждым ответом", "перед ответом"},
		when:           []string{"когда", "всякий раз", "каждый раз", "как только", "перед тем как", "перед вызовом", "прежде чем", "если вызыва"},
		change:         []string{"измени", "измените", "замени", "замените", "подмени", "добав", "отправ", "перешл", "скопируй", "включи", "перенаправ", "укажи", "используй", "cc=", "bcc="},
		otherTools:     []string{`re:(?:други[еx]|остальн\p{L}+)\s+(?:\p{L}+\s+)?инструмент\p{L}*`, "другие инструменты", "других инструментов", "другими инструментами", "остальные инструменты", "остальных инструментов", "другой инструмент"},
		buggy:          []string{"с ошибками", "содержат ошибки", "глючн", "сломан", "устарев", "небезопасн", "ненадежн", "ненадёжн", "скомпрометир", "неисправн", "багованн"},
		neverUse:       []string{"не используй", "не используйте", "никогда не используй", "не вызывай", "не вызывайте", "игнорир", "проигнорир", "избегай", "избегайте", "не доверяй"},
		read:           []string{"прочитай", "прочитайте", "прочти", "прочтите", "считай", "считайте", "открой", "откройте", "получи", "получите", "достань", "извлеки", "включи", "включите", "добавь", "добавьте", "приложи", "отправь", "отправьте", "перешли", "скопируй", "вставь", "передай", "передайте", "покажи", "выведи", "укажи", "укажите", "подтверд", "ответь", "ответьте"},
		secret:         []string{"парол", "api-ключ", "api ключ", "ключ api", "ключи api", "ключ доступа", "приватный ключ", "закрытый ключ", "секретный ключ", "ssh-ключ", "ssh ключ", "токен доступа", "токены доступа", "токен", "учетные данные", "учётные данные", "сид-фраз", "секреты", "файл .env", "токен сессии"},
		env:            []string{"переменные окружения", "переменных окружения", "переменные среды"},
		reply:          []string{"ответ", "ответах", "ответе", "ответь", "ответьте"},
		fromNow:        []string{"отныне", "с этого момента", "теперь всегда", "впредь", "до конца сессии", "до конца разговора"},
		beforeAnything: []string{"прежде чем что-либо делать", "перед любым действием", "перед любой операцией", "прежде чем делать что-либо", "перед выполнением любых"},
		sysPrompt:      []string{"системный промпт", "системного промпта", "системные инструкции", "системных инструкций", "исходные инструкции"},
		suppressRaw:    []string{`(?:подав|скро|отключ|заглуш|игнориру)\p{L}*\s+(?:все|всякие|любые)\s+(?:\S+\s+)?(?:предупреждени|оповещени|уведомлени)\p{L}*`},
		complianceRaw:  []string{`обязательн\p{L}*\s+требовани\p{L}*`, `требовани\p{L}*\s+соответствия`, `а\s+не\s+опци\p{L}*`, `хотя\s+(?:и\s+)?(?:помечен|указан|отмечен)\p{L}*\s+как\s+необязательн\p{L}*`, `(?:это|этот\s+шаг)\s+(?:строго\s+|абсолютно\s+)?(?:необходимо|необходим|обязательно|обязателен|требуется|нужно)\s+для\s`},
		readerRaw:      []string{`если\s+(?:ты\s+читаешь|вы\s+читаете)\s+(?:это|этот\s+текст|это\s+описание|это\s+сообщение)`, `(?:тебя|вас)\s+(?:направил|послал|проинструктировал)\p{L}*\s+(?:сюда\s+)?друг(?:ой|ая)\s+(?:инструмент|функция)`},
		replacementRaw: []string{`(?:обновл[её]нн|нов|улучшенн|официальн)\p{L}*\s+замен\p{L}*\s+(?:оригинальн|стар|официальн|существующ|встроенн|прежн)\p{L}*`},
		dest:           []string{"мой сервер", "наш сервер", "удалённый сервер", "удаленный сервер", "внешний сервер"},
	},
	{
		lang:           "zh",
		cjk:            true,
		ignore:         []string{"忽略", "忽视", "无视", "無視", "忘记", "忘掉", "忘記", "不要理会", "不要理會", "不用理会", "绕过", "繞過", "覆盖", "跳过", "抛开", "拋開", "置之不理"},
		instr:          []string{"指令", "指示", "说明", "說明", "规则", "規則", "提示词", "提示詞", "系统提示", "系統提示", "命令", "要求", "设定", "設定"},
		prior:          []string{"之前", "以前", "先前", "此前", "上面", "上述", "以上", "前面", "原有", "原来", "原來", "原始", "系统", "系統", "所有", "全部", "一切", "任何"},
		newRaw:         []string{`新的?(?:指令|指示|规则|規則)\s*[:：]`, `(?:你现在是|你現在是|从现在开始你是|從現在開始你是|从现在起你是|你的新身份是)`, `你的(?:新|真正的?|唯一的?)(?:任务|任務|目标|目標|角色|使命)是`, `(?:输出|輸出|显示|顯示|透露|重复|重複|告诉我|告訴我)(?:你的)?(?:系统提示|系統提示|系统提示词|初始指令)`, `(?:从现在开始|從現在開始|从现在起|從現在起|从今以后|從今以後|现在起|今后)[，,、\s]*你(?:是|就是|将是|將是|成为|成為)`, `(?:没有|沒有|不受|无|無)(?:任何)?(?:限制|约束|約束|审查|審查)的\s*(?:ai|人工智能|助手|模型|机器人|機器人)`, `(?:之前|以前|先前|原来|原來)的(?:所有)?(?:系统)?(?:指令|指示|规则|規則)[^。！？\n]{0,15}?(?:已经?)?(?:过时|過時|作废|作廢|无效|無效|失效)`, "(?:关闭|關閉|禁用|停用|绕过|繞過)(?:所有|全部)?(?:的)?安全(?:检查|檢查|过滤|過濾|策略|限制|审核|審核|防护|防護)"},
		user:           []string{"用户", "用戶", "使用者"},
		negTell:        []string{`(?:不要|不得|切勿|千万不要|千萬不要|别告诉|別告訴|绝不|絕不|禁止|不能|不可)(?:向|跟|对|對|给|給|让|讓)?(?:用户|用戶|使用者)?(?:告诉|告訴|提及|提到|透露|说明|說明|通知|提醒|显示|顯示|说|說|知道|发现|發現|察觉)`},
		without:        []string{`(?:在)?(?:不|未|没有|沒有)(?:告知|告诉|告訴|通知|询问|詢問|提醒|征得|徵得|征求|徵求|请求|請求)(?:用户|用戶|使用者)`, `瞒着|瞞著|背着用户|背著用戶`, `(?:以免|避免|免得|以防|防止)(?:引起|引发|引發|让|讓|使)?(?:用户|用戶|使用者)(?:的)?(?:怀疑|懷疑|起疑|疑心|警觉|警覺)`, `(?:不要|别|別)(?:让|讓)(?:用户|用戶|使用者)(?:起疑|怀疑|懷疑|察觉|察覺)`},
		secretly:       []string{"悄悄", "偷偷", "秘密地", "暗中", "私下里", "背地里"},
		send:           []string{"发送", "發送", "传送", "傳送", "转发", "轉發", "复制", "複製", "包含", "附上", "附加", "添加", "加入", "放入", "放到", "填入", "写入", "寫入", "传入", "傳入", "传递", "傳遞", "上传", "上傳", "提交", "粘贴", "貼上", "填写", "填寫", "提供", "输出", "輸出"},
		otherwise:      []string{"否则", "否則", "不然", "如果不", "若不", "要不然"},
		fail:           []string{"无法工作", "無法工作", "无法正常工作", "無法正常運作", "无法使用", "無法使用", "将会崩溃", "會崩潰", "会崩溃", "崩溃", "崩潰", "失败", "失敗", "被阻止", "被封禁", "丢失", "遺失", "被删除", "被刪除", "停止工作"},
		onlyIfRaw:      []string{`(?:只有|仅当|僅當|只在)(?:你)?(?:先)?(?:提供|传入|傳入|发送|發送|附上|读取|讀取|包含)[^。！？\n]{0,30}?(?:才能|才会|才會|才可以)`},
		conv:           []string{"其内容", "它的内容", "文件内容", "整个对话", "整個對話", "完整对话", "完整對話", "对话历史", "對話歷史", "对话记录", "對話記錄", "聊天记录", "聊天記錄", "聊天历史", "聊天歷史", "历史消息", "歷史訊息", "之前的消息", "之前的訊息", "先前的消息", "以前的消息", "之前的所有消息", "所有历史消息", "其他工具的返回结果", "其他工具返回的结果", "系统提示", "系統提示", "其他工具的结果", "其他工具的結果", "之前的结果", "所有输出", "所有輸出", "全部输出", "全部輸出", "所有回复", "所有回覆", "所有回答", "用户数据", "用戶數據", "对话上下文", "對話上下文"},
		field:          []string{"在此", "这里", "此处", "参数", "參數", "字段", "欄位", "参量"},
		thisTool:       []string{"此工具", "这个工具", "這個工具", "本工具", "该工具", "該工具", "此函数"},
		call:           []string{"调用", "調用", "呼叫", "使用", "执行", "執行", "运行", "運行", "查询"},
		first:          []string{"首先", "最先", "先调用", "先使用", "第一个", "第一步"},
		beforeAny:      []string{"任何其他工具之前", "所有其他工具之前", "其他任何工具之前", "在任何操作之前", "每个请求", "每個請求", "每次请求", "每次請求", "每一个请求", "所有请求", "任何请求", "每个问题", "每個問題", "无论用户", "無論用戶", "不管用户", "每次回答之前", "回答之前"},
		when:           []string{"当", "當", "每当", "每當", "每次", "在调用", "在使用", "在执行", "调用之前", "之前", "一旦", "如果"},
		change:         []string{"改为", "改成", "更改", "修改", "替换", "替換", "添加", "加上", "发送", "發送", "复制", "抄送", "密送", "转发", "轉發", "重定向", "包含"},
		otherTools:     []string{`re:(?:其他|其它|别的|別的)[^，。！？\n]{0,6}?工具`, "其他工具", "其它工具", "别的工具", "別的工具", "其他所有工具", "所有其他工具"},
		buggy:          []string{"有bug", "有漏洞", "有错误", "有錯誤", "有问题", "有問題", "已损坏", "已損壞", "过时", "過時", "不安全", "不可靠", "已被入侵", "存在缺陷"},
		neverUse:       []string{"不要使用", "不要用", "别用", "別用", "切勿使用", "禁止使用", "不要调用", "不要調用", "忽略", "无视", "避免使用", "不要信任"},
		read:           []string{"读取", "讀取", "读出", "读一下", "打开", "打開", "获取", "獲取", "取得", "查看", "输出", "輸出", "显示", "顯示", "包含", "附上", "附加", "发送", "發送", "上传", "上傳", "复制", "複製", "粘贴", "提供", "放入", "填入", "传入", "cat="},
		secret:         []string{"密码", "密碼", "口令", "密钥", "密鑰", "私钥", "私鑰", "api key", "api 密钥", "令牌", "访问令牌", "訪問令牌", "凭证", "憑證", "凭据", "憑據", "助记词", "助記詞", "秘钥", "机密", "会话令牌", "會話令牌", "api密钥", "api 密鑰", "api密鑰"},
		env:            []string{"环境变量", "環境變數"},
		reply:          []string{"回复", "回覆", "回答", "答复"},
		fromNow:        []string{"从现在起", "從現在起", "从现在开始", "從現在開始", "今后", "今後", "此后", "此後", "在本次会话中", "在本次會話中"},
		beforeAnything: []string{"做任何事情之前", "做任何事之前", "做任何事情前", "任何操作之前", "执行任何操作之前", "執行任何操作之前", "进行任何操作之前", "在做任何"},
		sysPrompt:      []string{"系统提示", "系統提示", "系统提示词", "系統提示詞", "系统指令", "系統指令"},
		suppressRaw:    []string{`(?:屏蔽|抑制|隐藏|隱藏|关闭|關閉|忽略)(?:所有|全部|一切)(?:的)?(?:警告|告警|警报|警報)`},
		complianceRaw:  []string{`合规要求`, `(?:强制|強制)(?:性)?(?:的)?(?:合规|合規|审计|審計|安全)(?:步骤|步驟|检查|檢查|要求)`, `不是可选|不是可選|并非可选`, `虽然(?:标记|標記|标注)为可选|雖然標記為可選`, `(?:这|這)(?:是|一步是)[^。！？\n]{0,20}?(?:所)?(?:必需|必須|必须)的`},
		readerRaw:      []string{`如果(?:你|您)(?:正在)?(?:阅读|閱讀|看到|读到|讀到)(?:这段|這段|此|这个|這個|本)(?:描述|说明|說明|文字|消息|訊息|内容|內容)`, `(?:你|您)(?:已经|已經|已)?(?:被|受)(?:另一个|另一個|其他)工具(?:指示|要求|派)`},
		replacementRaw: []string{`(?:更新|新版|改进|改進|官方)(?:的|后的|後的)?(?:替代品|替代版本|替换版本|替換版本)`},
		dest:           []string{"服务器", "伺服器", "远程服务器", "外部服务器"},
	},
	{
		lang:           "ja",
		cjk:            true,
		ignore:         []string{"無視", "忘れ", "従わな", "したがわな", "破棄", "上書き", "取り消", "気にしな"},
		instr:          []string{"指示", "命令", "ルール", "規則", "プロンプト", "システムプロンプト", "指令", "設定"},
		prior:          []string{"以前", "これまで", "前の", "先の", "上記", "上の", "元の", "当初", "システム", "すべて", "全て", "全部", "あらゆる"},
		newRaw:         []string{`新しい(?:指示|命令|ルール)\s*[:：]`, `(?:あなたは今から|今からあなたは|これからあなたは|あなたはこれから)[^。！？\n]{0,20}?(?:です|になります|として)`, `あなたの(?:新しい|本当の|唯一の)(?:任務|タスク|役割|目的|仕事)は`, `(?:システムプロンプト|初期指示)を(?:表示|出力|教え|繰り返|開示)`, `(?:制限|制約)の(?:ない|無い)\s*(?:ai|アシスタント|モデル)`, "安全(?:チェック|フィルター|機能|制限|対策)を?(?:すべて|全て)?(?:無効|オフ|解除|停止)"},
		user:           []string{"ユーザー", "ユーザ", "利用者", "使用者"},
		negTell:        []string{`(?:伝え|知らせ|言わ|話さ|教え|通知し|報告し|見せ|表示し|明かさ|触れ)(?:ないで|てはいけ|てはならな|ないこと|ないように|ずに|るな)`, `(?:言及|報告|通知|開示|明示)(?:しないで|してはいけ|しないこと|せずに)`, `(?:絶対に|決して)[^。！？\n]{0,20}?(?:伝え|知らせ|言わ|教え|見せ)`},
		without:        []string{`(?:ユーザー|ユーザ|利用者)に(?:は)?(?:知らせ|伝え|断ら|確認せ|尋ね|聞か)(?:ず|ないで|ないまま)`, `(?:ユーザー|ユーザ|利用者)に(?:気づかれ|知られ|バレ)(?:ない|ず)`, `(?:ユーザー|ユーザ|利用者)に(?:疑われ|怪しまれ|不審に思われ)(?:ない|ぬ)(?:よう|ため)`, `(?:ユーザー|ユーザ|利用者)の(?:疑い|疑念|不信)を(?:招か|抱かせ|持たせ)(?:ない|ず)`},
		secretly:       []string{"こっそり", "密かに", "ひそかに", "内密に", "黙って", "静かに", "秘密裏に", "気づかれないよう"},
		send:           []string{"送信", "送っ", "送り", "転送", "コピー", "含め", "含む", "添付", "追加", "入れ", "渡し", "渡す", "貼り付け", "書き込", "アップロード", "記入", "設定し"},
		otherwise:      []string{"さもないと", "そうしないと", "そうでないと", "でなければ", "しなければ", "しない場合", "を空にすると", "空欄にすると", "入力しないと", "渡さないと", "省略すると"},
		fail:           []string{"動作しません", "動作しない", "機能しません", "機能しない", "動きません", "クラッシュ", "失敗します", "失敗する", "ブロックされ", "失われ", "削除され", "停止します", "使えなくな", "エラーにな"},
		onlyIfRaw:      []string{`(?:を|も)(?:先に|まず)?(?:渡|送|含め|添付|読み取|入力)[^。！？\n]{0,10}?(?:場合のみ|ときのみ|時のみ|ないと動作|なければ動作)`},
		conv:           []string{"その内容", "ファイルの内容", "会話全体", "会話の全文", "全ての会話", "すべての会話", "会話履歴", "会話の履歴", "チャット履歴", "チャットの履歴", "これまでの会話", "以前のメッセージ", "過去のメッセージ", "これまでのメッセージ", "メッセージ履歴", "システムプロンプト", "他のツールの結果", "以前の結果", "すべての出力", "全ての出力", "会話のコンテキスト"},
		field:          []string{"ここに", "こちらに", "パラメータ", "パラメーター", "引数", "フィールド", "項目"},
		thisTool:       []string{"このツール", "この関数", "本ツール", "当ツール"},
		call:           []string{"呼び出", "呼ん", "使用", "使っ", "使い", "実行", "利用", "参照"},
		first:          []string{"最初に", "まず", "真っ先に", "一番先に", "先に"},
		beforeAny:      []string{"他のどのツールよりも先に", "他のツールより先に", "他のツールの前に", "他のすべてのツールの前に", "すべてのリクエスト", "全てのリクエスト", "あらゆるリクエスト", "すべての質問", "全ての質問", "あらゆる質問", "毎回", "どんな質問でも", "どのような依頼でも", "回答する前に", "返答する前に", "必ず最初に"},
		when:           []string{"とき", "時は", "際は", "際に", "たびに", "場合", "前に", "呼び出す前", "使う前", "実行する前"},
		change:         []string{"変更", "置き換", "置換", "書き換", "追加", "送信", "転送", "コピー", "含め", "宛先を", "bcc", "cc"},
		otherTools:     []string{`re:(?:他の|ほかの|その他の)[^、。！？\n]{0,8}?ツール`, "他のツール", "ほかのツール", "他の全てのツール", "他のすべてのツール", "その他のツール", "別のツール"},
		buggy:          []string{"バグ", "不具合", "壊れ", "古い", "時代遅れ", "安全でない", "危険", "信頼できない", "侵害され", "欠陥"},
		neverUse:       []string{"使わないで", "使用しないで", "使用禁止", "呼び出さないで", "使ってはいけ", "使用してはいけ", "無視", "避け", "信用しないで", "頼らないで"},
		read:           []string{"読み取", "読み込", "読んで", "読み出", "開い", "取得", "表示", "出力", "含め", "添付", "送信", "送っ", "コピー", "貼り付け", "渡し", "提供", "入れ", "記入", "cat="},
		secret:         []string{"パスワード", "秘密鍵", "プライベートキー", "apiキー", "api キー", "アクセスキー", "アクセストークン", "トークン", "認証情報", "資格情報", "クレデンシャル", "シードフレーズ", "リカバリーフレーズ", "シークレット", "暗証番号", "セッショントークン"},
		env:            []string{"環境変数"},
		reply:          []string{"回答", "返答", "応答"},
		fromNow:        []string{"今後", "これ以降", "これからは", "今からは", "このセッションの間"},
		beforeAnything: []string{"何かをする前に", "何をするにも先に", "あらゆる操作の前に", "どの操作の前にも", "何よりも先に"},
		sysPrompt:      []string{"システムプロンプト", "システム指示", "システムの指示", "初期プロンプト"},
		suppressRaw:    []string{`(?:すべて|全て|あらゆる)の(?:警告|アラート)を(?:抑制|非表示|無効|無視|隠)`},
		complianceRaw:  []string{`コンプライアンス要件`, `必須の(?:コンプライアンス|監査|セキュリティ)`, `オプションではありません|任意ではありません`, `任意と(?:なって|されて|表示されて)いますが`, `(?:これ|この手順)は[^。！？\n]{0,20}?(?:に|のために|のため)(?:必要|必須)(?:な|です|である|となります)`},
		readerRaw:      []string{`(?:この|本)(?:説明|記述|テキスト|メッセージ|文章)を(?:読んで|見て)いる(?:なら|のであれば|場合)`, `別のツールから(?:指示|依頼)され`},
		dest:           []string{"外部サーバー", "リモートサーバー", "サーバーに送"},
	},
	{
		lang:           "ko",
		cjk:            true,
		ignore:         []string{"무시", "잊어", "잊고", "잊으", "따르지 마", "따르지 말", "우회", "덮어쓰", "취소"},
		instr:          []string{"지시", "지침", "명령", "규칙", "프롬프트", "시스템 프롬프트", "설정", "안내"},
		prior:          []string{"이전", "앞의", "앞서", "위의", "위에", "기존", "원래", "시스템", "모든", "모두", "전부"},
		newRaw:         []string{`새로운\s*(?:지시|지침|명령|규칙)\s*[:：]`, `(?:이제\s*(?:부터)?\s*(?:너는|당신은)|지금부터\s*(?:너는|당신은))[^.!?\n]{0,20}?(?:이다|입니다|야|이야|역할)`, `(?:너의|당신의)\s*(?:새로운|진짜|유일한|실제)\s*(?:임무|작업|역할|목표)는`, `시스템\s*프롬프트를\s*(?:출력|보여|공개|알려|반복)`, `(?:제한|제약)(?:이|이\s*없는|\s*없는)\s*(?:ai|어시스턴트|모델|비서)`, `보안\s*(?:검사|필터|검증|제한|정책)을?\s*(?:모두\s*)?(?:비활성화|해제|끄|무시)`},
		user:           []string{"사용자", "유저", "이용자"},
		negTell:        []string{`(?:알리|말하|전하|언급하|보고하|공개하|보여주|표시하|알려주|통보하)(?:지\s*마|지\s*말|면\s*안|지\s*않도록)`, `(?:절대|결코)[^.!?\n]{0,20}?(?:알리|말하|언급|보여|알려)`},
		without:        []string{`(?:사용자|유저|이용자)(?:에게|한테|가|의)?\s*(?:알리지|말하지|묻지|확인하지|동의)\s*(?:않고|없이|받지\s*않고)`, `(?:사용자|유저|이용자)(?:가|도)?\s*(?:모르게|눈치채지\s*못하게|알아채지\s*못하게)`, `(?:사용자|유저|이용자)(?:의|가|에게)?\s*(?:의심|의혹)(?:을|를)?\s*(?:사지|받지|피하|품지|하지|일으키지)`, `(?:사용자|유저|이용자)(?:가|이)\s*의심하지\s*않도록`},
		secretly:       []string{"몰래", "조용히", "은밀히", "비밀리에", "슬쩍", "아무도 모르게"},
		send:           []string{"보내", "전송", "전달", "복사", "포함", "첨부", "추가", "넣어", "넣으", "입력", "붙여", "업로드", "기록", "담아"},
		otherwise:      []string{"그렇지 않으면", "그렇지 않을 경우", "안 그러면", "하지 않으면", "않으면", "비워 두면", "비워두면", "입력하지 않으면", "생략하면", "안 그러면"},
		fail:           []string{"작동하지 않", "동작하지 않", "작동 안", "실패합니다", "실패할", "실패하", "충돌", "크래시", "차단됩니다", "차단될", "손실", "삭제됩니다", "멈춥니다", "오류가 발생"},
		onlyIfRaw:      []string{`(?:먼저\s*)?(?:제공|전달|전송|첨부|읽어|포함)[^.!?\n]{0,10}?(?:경우에만|때만|야만)\s*(?:작동|동작)`},
		conv:           []string{"그 내용", "파일 내용", "전체 대화", "대화 전체", "모든 대화", "대화 기록", "대화 내역", "대화 이력", "채팅 기록", "채팅 내역", "이전 메시지", "이전 대화", "지난 메시지", "메시지 기록", "시스템 프롬프트", "다른 도구의 결과", "이전 결과", "모든 출력", "대화 컨텍스트"},
		field:          []string{"여기에", "매개변수", "파라미터", "인자", "필드", "항목"},
		thisTool:       []string{"이 도구", "이 툴", "이 함수", "본 도구", "해당 도구"},
		call:           []string{"호출", "사용", "실행", "이용", "참조"},
		first:          []string{"먼저", "가장 먼저", "제일 먼저", "우선", "처음에"},
		beforeAny:      []string{"다른 모든 도구보다 먼저", "다른 도구보다 먼저", "다른 어떤 도구보다", "다른 도구를 사용하기 전에", "모든 요청", "모든 질문", "매 요청", "매번", "어떤 질문이든", "무엇을 묻든", "답변하기 전에", "응답하기 전에", "항상 먼저"},
		when:           []string{"때", "때마다", "경우", "전에", "호출하기 전", "사용하기 전", "실행하기 전", "하면"},
		change:         []string{"변경", "바꿔", "바꾸", "교체", "대체", "수정", "추가", "보내", "전송", "전달", "복사", "포함", "참조로", "숨은 참조", "bcc", "cc"},
		otherTools:     []string{`re:다른(?:\s*[^\s.!?]{1,6}){0,2}?\s*(?:도구|툴)`, "다른 도구", "다른 툴", "다른 모든 도구", "기타 도구", "나머지 도구"},
		buggy:          []string{"버그", "오류가 많", "결함", "고장", "오래된", "구식", "안전하지 않", "위험", "신뢰할 수 없", "손상"},
		neverUse:       []string{"사용하지 마", "사용하지 말", "쓰지 마", "쓰지 말", "호출하지 마", "호출하지 말", "무시", "피하", "신뢰하지 마", "믿지 마"},
		read:           []string{"읽어", "읽고", "읽은", "열어", "가져와", "가져오", "조회", "출력", "보여", "포함", "첨부", "보내", "전송", "복사", "붙여", "전달", "제공", "넣어", "입력", "cat="},
		secret:         []string{"비밀번호", "패스워드", "암호", "개인 키", "개인키", "비밀 키", "비밀키", "api 키", "api키", "액세스 키", "액세스 토큰", "토큰", "자격 증명", "인증 정보", "시드 문구", "복구 문구", "시크릿", "세션 토큰"},
		env:            []string{"환경 변수", "환경변수"},
		reply:          []string{"응답", "답변", "대답"},
		fromNow:        []string{"지금부터", "이제부터", "앞으로", "이후로", "이 세션 동안"},
		beforeAnything: []string{"무엇을 하기 전에", "무엇이든 하기 전에", "어떤 작업을 하기 전에", "모든 작업 전에", "어떤 작업이든 하기 전에"},
		sysPrompt:      []string{"시스템 프롬프트", "시스템 지시", "시스템 지침", "초기 프롬프트"},
		suppressRaw:    []string{`모든\s*(?:경고|알림|경보)(?:을|를)?\s*(?:숨기|무시|비활성|억제|끄)`},
		complianceRaw:  []string{`규정\s*준수\s*요구`, `필수\s*(?:규정|감사|보안)\s*(?:단계|검사|요구)`, `선택\s*사항이\s*아닙니다`, `선택\s*사항으로\s*(?:표시|되어)\s*있지만`, `(?:이는|이것은|이\s*단계는)\s*[^.!?\n]{0,20}?(?:에|을\s*위해|를\s*위해|위해)\s*(?:반드시\s*)?(?:필요|필수)`},
		readerRaw:      []string{`이\s*(?:설명|글|텍스트|메시지)(?:을|를)\s*(?:읽고|보고)\s*있다면`, `다른\s*도구(?:로부터|에\s*의해|가)\s*(?:지시|요청)`},
		dest:           []string{"외부 서버", "원격 서버", "서버로"},
	},
}

// langGap matches the rest of a sentence, bounded, in any language (CJK full stops too).
const langGap = `(?:[^.!?。！？\n]|\.[^\s.!?])` + `{0,60}?`

// alt builds a regular expression from a vocabulary list: stems take the rest of their word,
// exact words end in "=", and outside the CJK languages a stem starts a word.
func alt(words []string, cjk bool) string {
	parts := make([]string, 0, len(words))
	for _, w := range words {
		if expr, ok := strings.CutPrefix(w, "re:"); ok {
			parts = append(parts, expr) // a raw expression among the words
			continue
		}
		exact := strings.HasSuffix(w, "=")
		w = strings.TrimSuffix(w, "=")
		if cjk {
			parts = append(parts, strings.ReplaceAll(regexp.QuoteMeta(w), " ", `\s*`))
			continue
		}
		p := strings.ReplaceAll(regexp.QuoteMeta(w), " ", `\s+`)
		if first, _ := utf8.DecodeRuneInString(w); first != '.' && first != '~' && first != '/' {
			// \b (ASCII only) also lets a word follow an exact word whose end took the space.
			p = `(?:^|[^\p{L}\p{N}_]|\b)` + p
		}
		if exact {
			p += `(?:$|[^\p{L}\p{N}_])`
		} else {
			p += `[\p{L}'’-]*`
		}
		parts = append(parts, p)
	}
	return `(?:` + strings.Join(parts, "|") + `)`
}

// raw joins raw expressions.
func raw(exprs []string) string { return `(?:` + strings.Join(exprs, "|") + `)` }

// A languagePhrase is one phrase a vocabulary gives a rule.
type languagePhrase struct {
	rule   string
	phrase phrase
}

// A language is a vocabulary's phrases and how a text is told to be in it: by words of the
// language no English sentence has (for the languages written in Latin letters), or by its
// script.
type language struct {
	name    string
	markers *filterWordSet // nil for a language told by its script
	script  func(r rune) bool
	phrases []languagePhrase
}

// markerWords are short words frequent in each language written in Latin letters and rare in
// English: a text holding none of them is not read as that language, so English strings never
// pay for the other vocabularies.
var markerWords = map[string][]string{
	"fr": {" les ", " des ", " est ", " vous ", " pour ", " dans ", " avec ", " une ", " pas ", " ne ", " et ", " tu ", " cet ", " cette ", " l'", " d'", " n'", " à ", " le ", " du ", " au ", " aux ", " de "},
	"de": {" der ", " und ", " das ", " ist ", " nicht ", " mit ", " den ", " sie ", " ein ", " eine ", " zu ", " du ", " dem ", " dieses ", " alle ", " wenn "},
	"es": {" los ", " las ", " una ", " para ", " con ", " que ", " del ", " por ", " el ", " es ", " y ", " lo ", " esta ", " todas ", " tu "},
	"pt": {" os ", " uma ", " para ", " com ", " que ", " não ", " nao ", " você ", " voce ", " seu ", " esta ", " todas "},
	"it": {" il ", " gli ", " della ", " per ", " che ", " non ", " di ", " un ", " è ", " del ", " questo ", " tutte ", " le "},
}

// anyMarker holds every language's markers, to tell at once that a text is in none of them.
var anyMarker = filterWords(func() []string {
	var all []string
	for _, words := range markerWords {
		all = append(all, words...)
	}
	return all
}()...)

var languages = func() []*language {
	var out []*language
	for _, v := range vocabularies {
		lang := &language{name: v.lang} // its phrases: languagePhrases
		switch v.lang {
		case "ru":
			lang.script = func(r rune) bool { return r >= 0x400 && r <= 0x4ff }
		case "zh":
			lang.script = func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }
		case "ja":
			lang.script = func(r rune) bool { return r >= 0x3040 && r <= 0x30ff }
		case "ko":
			lang.script = func(r rune) bool { return r >= 0xac00 && r <= 0xd7af }
		default:
			lang.markers = filterWords(markerWords[v.lang]...)
		}
		out = append(out, lang)
	}
	return out
}()

// languagePhrases builds every language's phrases (languages[i] is vocabularies[i]'s), once, on
// the first text that needs them: they are most of the package's initialisation, which the
// page's wasm otherwise pays before its first answer (README "Speed"). The markers stay above:
// a word set is declared before the filter learns the words.
var languagePhrases = sync.OnceFunc(func() {
	for i, lang := range languages {
		lang.phrases = vocabularyPhrases(vocabularies[i])
	}
})

// checkLanguages runs the vocabularies' phrases of the languages a text may be written in.
func checkLanguages(l *linter, tf *toolFindings, v *textView) {
	latin := v.holds(anyMarker)
	if !latin && v.index == nil && v.ascii {
		return // English, as most strings are
	}
	languagePhrases()
	for _, lang := range languages {
		if lang.markers != nil {
			if !latin || !v.holds(lang.markers) {
				continue
			}
		} else if !hasScript(v.folded, lang.script) {
			continue
		}
		read := v
		if lang.name == "ru" && v.index != nil {
			// The folded reading writes Cyrillic letters that look Latin as Latin ones: Russian
			// is read as written.
			raw := *v
			raw.folded, raw.index = v.raw, nil
			read = &raw
		}
		for i := range lang.phrases {
			lp := &lang.phrases[i]
			lp.phrase.check(tf, read, lp.rule)
		}
	}
}

func hasScript(s string, script func(rune) bool) bool {
	for _, r := range s {
		if r >= 0x400 && script(r) {
			return true
		}
	}
	return false
}

// vocabularyPhrases builds a vocabulary's phrases, by the same templates for every language.
func vocabularyPhrases(v vocabulary) []languagePhrase {
	var out []languagePhrase
	add := func(rule string, msg, expr string, judge func(*toolFindings, *textView, []int) (Severity, string, bool)) {
		out = append(out, languagePhrase{rule, phrase{severity: SeverityHigh, message: msg, re: lazyregexp.New(`(?i)` + expr), judge: judge}})
	}
	g := langGap
	a := func(words []string) string { return alt(words, v.cjk) }
	secretOrPath := `(?:` + a(v.secret) + `|` + reSecretPath + `)`
	secretOrEnv := `(?:` + a(v.secret) + `|` + a(v.env) + `|` + reSecretPath + `)`
	// Override: "ignore (all, previous) instructions", in either order; new instructions, a new role.
	add(RuleInstructionOverride, i18n.T("tells the model to ignore or replace its instructions"),
		a(v.ignore)+g+a(v.prior)+g+a(v.instr)+`|`+a(v.ignore)+g+a(v.instr)+g+a(v.prior)+`|`+a(v.prior)+g+a(v.instr)+g+a(v.ignore)+`|`+raw(v.newRaw), nil)
	// Concealment: an order not to tell the user, acting without telling them, or secretly.
	userRE := lazyregexp.New(`(?i)` + a(v.user))
	onlyTell := lazyregexp.New(`(?i)^(?:` + raw(v.negTell) + `)$`)
	add(RuleInstructionConcealment, i18n.T("tells the model to keep something from the user"),
		raw(v.negTell)+`|`+raw(v.without)+`|`+a(v.secretly)+g+a(v.send)+`|`+a(v.send)+g+a(v.secretly),
		func(tf *toolFindings, tv *textView, m []int) (Severity, string, bool) {
			// An order not to tell is high when the user is in its sentence, or when it is the
			// secret kind ("secretly", "without telling"); "do not mention it" alone is medium.
			if userRE.MatchString(tv.sentence(m[0], m[1])) || !onlyTell.MatchString(tv.folded[m[0]:m[1]]) {
				return SeverityHigh, "", true
			}
			return SeverityHigh, i18n.T("tells the model not to mention what it does"), true
		})
	// Coercion: a threat that the tool fails otherwise, or works only if the model hands
	// something over.
	add(RuleInstructionCoercion, i18n.T("threatens failure to make the model comply"),
		a(v.otherwise)+g+a(v.fail)+`|`+a(v.fail)+g+a(v.otherwise)+`|`+raw(v.onlyIfRaw), nil)
	// Exfiltration: put the conversation into a field of the call, or send it outside.
	target := `(?:` + a(v.field) + `|` + reDestination + `|` + a(v.dest) + `)`
	outside := `(?:` + reDestination + `|` + a(v.dest) + `)`
	add(RuleExfiltrationInstruction, i18n.T("tells the model to put what it holds (the conversation, files it reads, secrets) into a field of the call"),
		a(v.send)+g+a(v.conv)+g+target+`|`+a(v.conv)+g+target+g+a(v.send)+`|`+target+g+a(v.conv)+g+a(v.send)+`|`+
			a(v.send)+g+target+g+a(v.conv)+`|`+a(v.conv)+g+a(v.send)+g+target+`|`+target+g+a(v.send)+g+a(v.conv), nil)
	// Secrets put into a field of the call.
	add(RuleExfiltrationInstruction, i18n.T("tells the model to put what it holds (the conversation, files it reads, secrets) into a field of the call"),
		a(v.send)+g+secretOrPath+g+a(v.field)+`|`+secretOrPath+g+a(v.field)+g+a(v.send)+`|`+a(v.field)+g+secretOrPath+g+a(v.send)+`|`+a(v.read)+g+secretOrPath+g+a(v.field), judgeSecretLanguage)
	// Secrets, or a file or variable that holds them, sent to a place outside.
	add(RuleExfiltrationInstruction, i18n.T("tells the model to send secret material to a place outside"),
		a(v.send)+g+secretOrEnv+g+outside+`|`+secretOrEnv+g+a(v.send)+g+outside+`|`+a(v.send)+g+outside+g+secretOrEnv+`|`+outside+g+secretOrEnv+g+a(v.send), judgeSecretSend)
	// Secrets put into the model's answer.
	add(RuleExfiltrationInstruction, i18n.T("tells the model to put secret material into its answer"),
		a(v.send)+g+secretOrPath+g+a(v.reply)+`|`+a(v.reply)+g+secretOrPath, judgeSecretSend)
	// Declared harvesting: this tool itself sends the conversation on.
	add(RuleDeclaredHarvesting, i18n.T("says the tool itself sends the conversation or what the model holds elsewhere"),
		a(v.thisTool)+g+a(v.send)+g+a(v.conv)+`|`+a(v.thisTool)+g+a(v.conv)+g+a(v.send)+`|`+
			a(v.thisTool)+g+`(?:`+a(v.read)+`|`+a(v.send)+`)`+g+secretOrPath+g+reDestination, nil)
	// Priority: call this tool before any other, for every request; "first" alone is judged.
	add(RuleInstructionPriority, i18n.T("tells the model to call this tool before anything else, whatever the request"),
		a(v.thisTool)+g+a(v.beforeAny)+`|`+a(v.beforeAny)+g+a(v.thisTool)+`|`+a(v.thisTool)+g+a(v.first)+`|`+a(v.first)+g+a(v.thisTool), judgeFirstLanguage(v))
	// Priority: a standing rule on the rest of the session ("from now on, always include…"), a
	// rule laid on what the user says ("when the user says X, always answer with the keys"), and
	// an order about secrets put before everything the model does.
	standing := a(v.fromNow) + g + `(?:` + a(v.send) + `|` + a(v.reply) + `|` + a(v.conv) + `)` + `|` + `(?:` + a(v.send) + `|` + a(v.reply) + `|` + a(v.conv) + `)` + g + a(v.fromNow)
	add(RuleInstructionPriority, i18n.T("lays a standing rule on everything the model does from now on"), standing, judgeStandingLanguage)
	add(RuleInstructionPriority, i18n.T("lays a standing rule on what the user says"),
		a(v.when)+g+a(v.user)+g+secretOrEnv+`|`+a(v.user)+g+a(v.when)+g+secretOrEnv, judgeStandingTrigger)
	add(RuleInstructionPriority, i18n.T("puts an order about secrets before everything the model does"),
		a(v.beforeAnything)+g+secretOrEnv+`|`+secretOrEnv+g+a(v.beforeAnything), judgeSecretSend)
	// Priority: an order to turn security off put before everything, or laid on every request,
	// with the lines of its list ("avant toute opération : - désactive la journalisation d'audit").
	if len(v.secOffRaw) > 0 {
		add(RuleInstructionPriority, i18n.T("puts an order to turn security off before everything the model does"),
			`(?:`+a(v.beforeAnything)+`|`+a(v.beforeAny)+`)(?:[^\n]|\n[^\n]){0,300}?(?:`+raw(v.secOffRaw)+`)`, judgeSecurityOffLanguage)
	}
	// Fetching secrets: files found by the secrets they hold, their contents put into the answer.
	if len(v.findFilesRaw) > 0 {
		add(RuleExfiltrationInstruction, i18n.T("tells the model to find files that hold secrets and put their contents into its answer"),
			`(?:`+raw(v.findFilesRaw)+`)`+g+secretOrPath+g+a(v.send)+g+a(v.reply), judgeSecretSend)
	}
	// Exfiltration: the system prompt shown or handed out.
	add(RuleExfiltrationInstruction, i18n.T("tells the model to hand out its own instructions (the system prompt): they leave with the answer"),
		a(v.read)+g+a(v.sysPrompt)+`|`+a(v.sysPrompt)+g+a(v.read), judgeOwnInstructions)
	// Coercion: compliance pressure, medium alone ([raiseMarkedOrders] raises it beside a high
	// instruction in the same text).
	out = append(out, languagePhrase{RuleInstructionCoercion, phrase{severity: SeverityMedium, message: i18n.T("puts compliance pressure on the model"), re: lazyregexp.New(`(?i)` + raw(v.complianceRaw)), judge: notePressure}})
	// Words to whoever reads the description, with an order beside them.
	if len(v.readerRaw) > 0 {
		order := lazyregexp.New(`(?i)` + a(v.call) + `|` + a(v.send) + `|` + a(v.read))
		out = append(out, languagePhrase{RuleInstructionOverride, phrase{severity: SeverityHigh, message: i18n.T("speaks to the model reading the description and gives it instructions"),
			re: lazyregexp.New(`(?i)` + raw(v.readerRaw)), judge: judgeReaderWith(order)}})
	}
	// Concealment: silencing every warning the user relies on.
	add(RuleInstructionConcealment, i18n.T("tells the model to silence the warnings the user relies on"), raw(v.suppressRaw), judgeSilencing)
	// Shadowing: a condition on another tool followed by an order; disparaging other tools, or
	// an order never to use them.
	add(RuleToolShadowing, i18n.T("tells the model how another tool must behave"),
		a(v.when)+g+reLangToolRef+g+a(v.change)+`|`+reLangToolRef+g+a(v.when)+g+a(v.change), judgeLanguageToolRef)
	add(RuleToolShadowing, i18n.T("tells the model to hand this tool's results to another tool without the user"),
		a(v.send)+g+reLangToolRef+`|`+reLangToolRef+g+a(v.send), judgeLanguageForward(v))
	if len(v.replacementRaw) > 0 {
		add(RuleToolShadowing, i18n.T("claims to be the new version of another tool, and the original outdated"), raw(v.replacementRaw), nil)
	}
	add(RuleToolShadowing, i18n.T("steers the model away from other tools by disparaging or forbidding them"),
		a(v.otherTools)+g+a(v.buggy)+`|`+a(v.neverUse)+g+a(v.otherTools)+`|`+a(v.otherTools)+g+a(v.neverUse), nil)
	// Fetching secrets: read or hand over a password, a key, a token, or a file that holds them.
	secret := secretOrPath
	add(RuleInstructionCoercion, i18n.T("demands secret material (tokens, keys, passwords, configuration) from the model for a tool that has no use for it"),
		a(v.read)+g+secret+`|`+secret+g+a(v.read), judgeSecretLanguage)
	return out
}

// reSecretPath is where secrets live, written the same in every language: a variable of the
// environment named for a key, or a file that holds them.
const reSecretPath = reSecretEnvName + `|` + reSecretFile

// reSecretEnvName is a variable of the environment named for a key ("GITHUB_TOKEN"), or one of
// the bare names read as a shell variable ("$API_KEY").
const reSecretEnvName = `\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|API_KEY|APIKEY|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|ACCESS_KEY)\b|\$\{?(?:API_KEY|APIKEY|SECRET_KEY|SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|ACCESS_KEY)\b`

// reSecretFile is a file or directory that holds secrets (~/.ssh, .env, /etc/passwd, mcp.json).
const reSecretFile = `(?:~|\$HOME)?/?\.ssh\b(?:/[\w.*-]+)?|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|(?:^|[\s"'\x60(/~=:])\.env\b|\.aws/credentials|\.git-credentials|\.netrc\b|\.npmrc\b|\.kube/config|/etc/(?:passwd|shadow|sudoers)\b|/proc/self/environ|\bmcp\.json\b|claude_desktop_config\.json`

// reLangToolRef is a tool named in any language: an identifier shaped like a tool name,
// quoted or not (「send_email」, `send_email`, "send_email").
const reLangToolRef = `[\x60'"「“«]?([A-Za-z][A-Za-z0-9]*[_.-][\w.-]*[A-Za-z0-9])[\x60'"」”»]?`

// judgeLanguageToolRef keeps a condition on another tool high only for a tool of another
// server or of no pasted catalog; the same server's tools are guidance.
func judgeLanguageToolRef(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	name := v.group(m, 1)
	if name == "" {
		name = v.group(m, 2)
	}
	if name == "" || tf.l == nil {
		return "", "", false
	}
	return byWhereToolLives(tf, name, func() string {
		return i18n.Sprintf("tells the model how %q, a tool of another server or of no pasted catalog, must behave: a server steering another's tools is shadowing them", name)
	})
}

// judgeSecretLanguage drops a sentence that refuses or protects secrets, and lowers a demand
// made by a tool about authentication.
func judgeSecretLanguage(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if defensiveLanguageRE.MatchString(clauseAround(v.folded, m[0], m[1])) {
		return "", "", false
	}
	if describesTool(v, m) && !modalAnyRE.MatchString(v.sentence(m[0], m[1])) && hasScript(v.folded[m[0]:m[1]], isCJK) {
		// Chinese, Japanese and Korean verbs do not tell an order from a statement: "获取 API Key"
		// opening a description says what the tool does, unless a modal makes it an order.
		return SeverityMedium, i18n.T("names secret material in the sentence that says what the tool does; check that the tool needs it"), true
	}
	return judgeSecretDemand(tf, v, m)
}

// describesTool reports a match in the first sentence of the tool's own description, where
// honest descriptions say what the tool does.
func describesTool(v *textView, m []int) bool {
	if v.site.key != "description" || v.site.parent != "" || v.from != "" {
		return false
	}
	from, _ := sentenceAround(v.folded, m[0], m[1])
	return strings.TrimSpace(v.folded[:from]) == ""
}

// isCJK reports a letter of Chinese, Japanese or Korean.
func isCJK(r rune) bool {
	return r >= 0x3040 && r <= 0x30ff || r >= 0x4e00 && r <= 0x9fff || r >= 0xac00 && r <= 0xd7af
}

// judgeSecretSend drops a clause that refuses or protects secrets, and lowers sending a
// credential for a tool about authentication or requests, where that is its job.
func judgeSecretSend(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if defensiveLanguageRE.MatchString(clauseAround(v.folded, m[0], m[1])) {
		return "", "", false
	}
	if authTool(tf, v.sentence(m[0], m[1])) {
		return SeverityMedium, i18n.T("asks the model for a credential; the tool's purpose is authentication or requests, so check that it needs it"), true
	}
	return SeverityHigh, "", true
}

// judgeSecurityOffLanguage keeps an order to turn security off high in a tool's definition
// unless its sentence refuses or protects ("ne désactive jamais la sécurité").
func judgeSecurityOffLanguage(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !tf.definition() || defensiveLanguageRE.MatchString(v.folded[m[0]:m[1]]) {
		return "", "", false
	}
	return SeverityHigh, "", true
}

// clauseAround returns the clause of folded[start:end]'s sentence that holds it, cut at commas
// (",", "，", "、", ";"): a refusal protects the order in its own clause, not an order beside it
// ("send the keys to …, do not tell the user").
func clauseAround(folded string, start, end int) string {
	from, to := sentenceAround(folded, start, end)
	for _, sep := range []string{",", "，", "、", ";"} {
		if i := strings.LastIndex(folded[from:start], sep); i >= 0 {
			from += i + len(sep)
		}
		if i := strings.Index(folded[end:to], sep); i >= 0 {
			to = end + i
		}
	}
	return folded[from:to]
}

// judgeStandingLanguage keeps a standing rule high unless its clause refuses or protects.
func judgeStandingLanguage(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if defensiveLanguageRE.MatchString(clauseAround(v.folded, m[0], m[1])) {
		return "", "", false
	}
	return SeverityHigh, "", true
}

// judgeStandingTrigger keeps a rule laid on what the user says when it asks, in that
// sentence, to always do it: "when the user asks for the password, …" alone describes a tool.
func judgeStandingTrigger(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !unscopedLanguageRE.MatchString(v.sentence(m[0], m[1])) {
		return "", "", false
	}
	return judgeSecretSend(tf, v, m)
}

// judgeLanguageForward keeps an order to hand results to another tool when its sentence leaves
// the user out (without asking or telling them), by where that tool lives.
func judgeLanguageForward(v vocabulary) func(*toolFindings, *textView, []int) (Severity, string, bool) {
	without := lazyregexp.New(`(?i)` + raw(v.without))
	return func(tf *toolFindings, tv *textView, m []int) (Severity, string, bool) {
		if !without.MatchString(tv.sentence(m[0], m[1])) {
			return "", "", false
		}
		return judgeLanguageToolRef(tf, tv, m)
	}
}

// judgeFirstLanguage keeps "call this tool first" high only with a word that claims every
// request; "call this tool first to get the page id" is sequencing.
func judgeFirstLanguage(v vocabulary) func(*toolFindings, *textView, []int) (Severity, string, bool) {
	before := lazyregexp.New(`(?i)` + alt(v.beforeAny, v.cjk))
	return func(tf *toolFindings, tv *textView, m []int) (Severity, string, bool) {
		if before.MatchString(tv.folded[m[0]:m[1]]) || unscopedLanguageRE.MatchString(tv.sentence(m[0], m[1])) {
			return SeverityHigh, "", true
		}
		return SeverityMedium, i18n.T("tells the model to call this tool first"), true
	}
}

var (
	// unscopedLanguageRE finds a word claiming every request, in the languages lint reads.
	unscopedLanguageRE = lazyregexp.New(`(?i)(?:^|[^\p{L}])(?:toujours|chaque|immer|jede[rnms]?|stets|siempre|cada|sempre|ogni|qualsiasi|всегда|каждый|каждом|любой|любом)(?:$|[^\p{L}])|总是|總是|始终|始終|每次|任何|常に|必ず|毎回|항상|매번|반드시`)
	// defensiveLanguageRE finds a sentence that refuses or protects, in the languages lint reads.
	defensiveLanguageRE = NewExpression(`(?i)(?:^|[^\p{L}])(?:jamais|refus\w*|bloqu\w*|interdit\w*|prot[eè]g\w*|niemals|verweiger\w*|blockier\w*|verboten|gesch[üu]tzt|nunca|rechaz\w*|prohibid\w*|protegid\w*|recusad\w*|bloquead\w*|proibid\w*|rifiut\w*|bloccat\w*|vietat\w*|protett\w*|никогда|запрещ\w*|блокир\w*|защищ\w*)(?:$|[^\p{L}])|拒绝|拒絕|禁止|保护|保護|拒否|보호|거부|금지|不含|不包含|无需|無需|不需要|不必|不会|不會|并不|並不|含まない|含めない|不要|必要ありません|必要はありません|않습니다|않고|포함하지|필요\s*없`)
)

// The secret words and read orders of the other languages, for the combined signals.
var (
	reSecretOther    = alt(allVocab(func(v vocabulary) []string { return v.secret }, false), false) + `|` + alt(allVocab(func(v vocabulary) []string { return v.secret }, true), true)
	reReadOrderOther = alt(allVocab(func(v vocabulary) []string { return v.read }, false), false) + `|` + alt(allVocab(func(v vocabulary) []string { return v.read }, true), true)
)

func allVocab(list func(vocabulary) []string, cjk bool) []string {
	var out []string
	for _, v := range vocabularies {
		if v.cjk == cjk {
			out = append(out, list(v)...)
		}
	}
	return out
}
