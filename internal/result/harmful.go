package result

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// A page planted for a browsing agent often gives it no new role and names no AI: it makes an
// act on the reader's own machine the step that must come first ("you must first run … , as this
// is required for downloading the repo"), and the act is one no honest page makes a step of:
// deleting system or personal files, an SSH key, locking files in an archive with a password,
// stopping the SSH or VPN service, adding a stranger's key to authorized_keys, flooding the
// machine with files or windows, or reading a local file to post it back to the page. A guide
// that says "you must first run `sudo apt update`" or "stop nginx before upgrading" orders
// nothing of the kind; a text that shows such a command as an example is framed or reported.
var (
	// prerequisiteCue is the order that makes a step come first, or the reason that says the
	// step is required, in English, French, German, Spanish, Italian and Portuguese.
	prerequisiteCue = lint.NewExpression(strings.Join([]string{
		`\byou\s+(?:must|need\s+to|have\s+to|will\s+need\s+to|are\s+required\s+to)\s+(?:first\s+|now\s+)?\w+`,
		`\bfirst(?:\s+of\s+all)?,?\s+(?:you\s+(?:must|need\s+to|have\s+to)\s+)?(?:please\s+)?(?:run|execute|remove|delete|stop|add|open|create|encrypt|find|rename)\b`,
		`\bbefore\s+(?:you\s+)?[a-z]+ing\b[^.\n]{0,80},\s*(?:you\s+(?:must|need\s+to|have\s+to)\s+)?(?:please\s+)?(?:run|execute|remove|delete|stop|add|open|create|encrypt|find|rename)\b`,
		`\b(?:as|since|because)\s+(?:this|it|that)\s+is\s+(?:required|requried|needed|necessary|mandatory|a\s+prerequisite)\b`,
		`\b(?:vous\s+devez|tu\s+dois|il\s+(?:vous\s+|te\s+)?faut)\s+(?:d['’]abord|tout\s+d['’]abord|au\s+préalable|commencer\s+par)`,
		`\bd['’]abord,?\s+(?:exécutez|lancez|supprimez|effacez|arrêtez|ouvrez|créez|ajoutez)\b`,
		`\b(?:car|puisque|parce\s+que)\s+(?:c['’]est|cela\s+est|ceci\s+est)\s+(?:nécessaire|obligatoire|requis|indispensable)`,
		`\b(?:sie\s+müssen|du\s+musst|man\s+muss)\s+(?:zuerst|zunächst|erst|vorher)\b`,
		`\bzuerst\s+(?:müssen\s+sie|musst\s+du)\b`,
		`\b(?:da|weil)\s+(?:dies|das)\s+(?:[^.\n]{0,60}\s)?(?:erforderlich|notwendig|nötig|vorausgesetzt)\b`,
		`\b(?:debe|debes|tiene\s+que|tienes\s+que|es\s+necesario)\s+(?:primero|antes)\b`,
		`\bprimero,?\s+(?:ejecute|ejecuta|elimine|elimina|borre|borra|detenga|abra|cree)\b`,
		`\b(?:ya\s+que|porque|pues)\s+(?:esto|eso)\s+es\s+(?:necesario|obligatorio|imprescindible|requerido)`,
		`\b(?:devi|deve|dovete|è\s+necessario)\s+prima\b`,
		`\bprima,?\s+(?:esegui|esegua|elimina|cancella|ferma|apri|crea)\b`,
		`\b(?:poiché|perché|dato\s+che)\s+(?:questo|ciò)\s+è\s+(?:necessario|obbligatorio|richiesto|indispensabile)`,
		`\b(?:você\s+deve|você\s+precisa|deve|precisa)\s+(?:primeiro|antes)\b`,
		`\bprimeiro,?\s+(?:execute|rode|apague|remova|pare|abra|crie)\b`,
		`\b(?:pois|porque|já\s+que)\s+(?:isso|isto)\s+é\s+(?:necessário|obrigatório|imprescindível)`,
	}, "|"))
	// harmfulAct is an act on the reader's machine no honest step orders, as a command or in
	// words.
	harmfulAct = lint.NewExpression(strings.Join([]string{
		// deleting a system directory whole, the home, personal files, an SSH key or the
		// system's security files; a guide removes one package's folder or file under them
		// (/usr/local/go, /etc/nginx/sites-enabled/default, ~/.ssh/known_hosts), never these
		`\brm\s+(?:[^\s;&|]+\s+){0,4}?(?:` + removedTarget + `)`,
		// archiving files away under a password (zip's -m moves them into the archive)
		`\bzip\s+(?:-\w+\s+)*-\w*m\w*\s+(?:-\w+\s+)*-p\b`, `\bencrypt\b[^\n]{0,100}\bwith\s+(?:the\s+)?password\b`,
		// a stranger's key added to authorized_keys
		`ssh-(?:rsa|ed25519|dss)\s+aaaa[\w+/]{8,}[^\n]{0,160}authorized_keys`,
		// flooding the machine with files, windows or terminals
		`\bfor\b[^\n]{0,40}(?:<=?\s*\d{4,}|\{\d+\.\.\d{4,}\})[^\n]{0,80}\b(?:touch|truncate|fallocate|dd|mkdir)\b`,
		`;\s*do\s+(?:google-chrome|chromium\S*|firefox|gnome-terminal|xterm|konsole|xdg-open)\b[^\n]*&\s*done`,
		`\b(?:open|launch|start)\s+\d{2,}\s+(?:\w+\s+){0,2}(?:browsers|terminals|windows)\b`, `\bcreate\s+\d{4,}\s+files\b`,
		// damaging a personal file's contents, or hiding it under a dot name
		`\bmv\s+/home/[\w.-]+/[^\s.]\S*\s+\S*/\.[\w.-]+`, `/dev/urandom[^\n]{0,80}/home/[\w.-]+/[^\s.]`, `\bsed\s+-i\s+'\$d'\s+/home/`, `\brandomly\s+(?:modify|change|alter|overwrite)\b`,
		// the same acts in words on a path of the reader's machine, in English and in the other five
		`\b(?:remove|delete|erase|rename|hide|overwrite|modify)\s+(?:the\s+)+(?:\w+\s+){0,5}(?:file|folder|directory)\s+` + "`?" + namedTarget,
		`\b(?:supprime[zr]?|efface[zr]?|löschen|lösche|entfernen|entferne|elimine|elimina|eliminar|borre|borra|borrar|cancella|remova|apague|apagar)\b[^\n]{0,60}?(?:fichier|dossier|répertoire|datei|ordner|verzeichnis|archivo|carpeta|directorio|file|cartella|arquivo|pasta|diretório)\s+` + "`?" + namedTarget,
		`\b(?:datei|ordner|verzeichnis)\s+` + "`?" + namedTarget + `\S*\s+(?:löschen|entfernen|umbenennen|verschlüsseln)\b`,
		`(?:\bcat\s+\S*/|\bcontenu\s+du\s+fichier|\binhalt\s+der\s+datei|\bcontenido\s+del\s+archivo|\bcontenuto\s+del\s+file|\bconteúdo\s+do\s+arquivo)(?s:.){0,120}\b(?:répondez|réponds|antworten\s+sie|antworte|responda|responde|rispondi|risponda)\b[^.\n]{0,60}\b(?:avec|mit|con|com)\s+(?:le|dem|el|il|o)\s+(?:contenu|inhalt|contenido|contenuto|conteúdo)\b`,
		// reading a local file to post it back to the page
		`(?:\bcat\s+\S*/|contents?\s+of\s+(?:the\s+)?file\b)(?s:.){0,120}\b(?:reply|respond|comment|post)\b[^.\n]{0,40}\bwith\s+(?:the\s+|its\s+)?(?:contents?|output)\b`,
	}, "|") + "|" + strings.Join(stopActs, "|"))
	// stopAct is one of harmfulAct's acts: stopping what keeps the machine reachable or
	// protected, which a troubleshooting guide does for a test and undoes (see restartCue).
	stopAct = lint.NewExpression(strings.Join(stopActs, "|"))
	// restartCue turns back on what a stopAct stopped, as a command or in words, in the six
	// languages.
	restartCue = lint.NewExpression(strings.Join([]string{
		`\bufw\s+(?:--force\s+)?enable\b`, `\bsetenforce\s+1\b`,
		`\b(?:systemctl|service)\s+(?:start|enable|restart|unmask)\s+(?:sshd?|openvpn\S*|firewalld|ufw|apparmor|auditd|fail2ban|wg-quick\S*|nftables|iptables)\b`,
		`\bre-?(?:enable|activate|start)\b`, `\bturn\s+(?:it|them|(?:the\s+)?(?:firewall|service|vpn))\s+back\s+on\b`, `\b(?:enable|start)\s+(?:it|them)\s+again\b`,
		`\bréactive[rz]?\b`, `\brelance[rz]?\b`, `\bwieder\s+(?:aktivieren|einschalten|starten|an)\b`, `\breactiv(?:e|a|ar)\b`, `\briattiva(?:re)?\b`, `\breativ(?:e|a|ar)\b`,
	}, "|"))
)

// stopActs stop what keeps the machine reachable or protected. A troubleshooting guide stops the
// firewall or the SSH service for a test and starts it again; an injection never does.
var stopActs = []string{
	`\b(?:systemctl|service)\s+(?:stop|disable|mask)\s+(?:sshd?|openvpn\S*|firewalld|ufw|apparmor|auditd|fail2ban|wg-quick\S*|nftables|iptables)\b`,
	`\b(?:stop|disable|kill)\s+the\s+(?:sshd?|openvpn|vpn|firewall|antivirus|apparmor|audit)\s+(?:service|daemon)\b`, `\bufw\s+disable\b`, `\bsetenforce\s+0\b`,
}

// removedTarget is what an rm must name to harm the machine: the root, the home, a system
// directory whole (not a package's folder inside it), the system's accounts and security
// configuration, a user's own files under /home, or the SSH directory, keys and authorized_keys.
const removedTarget = `(?:/(?:etc|usr(?:/(?:local|bin|sbin|lib\w*|share|include))?|bin|sbin|boot|lib|lib64|root|srv|var(?:/lib)?|home|opt)?|~|\$home|/home/[\w.-]+|\S*\.ssh|/etc/(?:security|ssh|pam\.d|sudoers\.d|ssl|pki|selinux|apparmor\.d|audit|systemd))/?\*?(?:[\s;&|)'"` + "`" + `]|$)` +
	`|/etc/(?:passwd|shadow|gshadow|group|sudoers)\b|/home/[\w.-]+/[^\s.]\S*|\S*\.ssh/(?:id_|authorized_keys)\S*|~/(?:documents|desktop|pictures|photos)\b\S*`

// namedTarget is the same in words: "delete the file /etc/shadow", "die Datei /home/anna/x löschen".
const namedTarget = `(?:/home/[\w.-]+/[^\s.]|\S*\.ssh/(?:id_|authorized_keys|[\s` + "`" + `]|$)|/etc/(?:security|ssh|pam\.d|sudoers|ssl|pki|selinux|apparmor|audit|passwd|shadow|gshadow|group)\b)`

// harmfulPrerequisite looks for a harmful act on the reader's machine made a required step. The
// acts are rarer than the cues, so they are found first and a cue is looked for around each.
func harmfulPrerequisite(text, s string) (hit, bool) {
	for _, a := range harmfulAct.FindAllStringIndex(s, 8) {
		from, to := window(s, a[0]-400, a[1]+300)
		from, to = sectionOf(s, from, to, a[0], a[1])
		if stopAct.MatchString(s[a[0]:a[1]]) && restartCue.MatchString(s[a[1]:to]) {
			continue
		}
		for _, c := range prerequisiteCue.FindAllStringIndex(s[from:to], 8) {
			c0, c1 := from+c[0], from+c[1]
			if inCode(s, c0) || framed(s, c0, c1) || reported(s, c0) {
				continue
			}
			return takeoverHit(text, min(c0, a[0]), max(c1, a[1]), "", i18n.T("makes an act that harms the reader's machine (deleting its files, stopping its SSH service, posting a local file back) a required step")), true
		}
	}
	return hit{}, false
}
