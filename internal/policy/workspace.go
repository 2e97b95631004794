package policy

import (
	"path"
	"strings"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"golang.org/x/text/unicode/norm"
)

// workspaceProblem says what is wrong with a workspace directory named by a policy.
func workspaceProblem(workspace string) string {
	switch {
	case workspace == "":
		return i18n.T("is empty: write an absolute directory such as /srv/work, or leave \"workspace\" out")
	case strings.ContainsRune(workspace, 0):
		return i18n.T("contains a NUL byte")
	case !strings.HasPrefix(workspace, "/"):
		return i18n.T("must be an absolute path written with slashes, such as /srv/work")
	case strings.ContainsAny(workspace, "\\%"):
		return i18n.T("must be written plainly, without backslashes or percent-encoding")
	}
	return ""
}

// pathReading is one way a tool might read a path argument.
type pathReading struct {
	text       string
	decodes    int  // rounds of percent-decoding applied
	slashes    bool // backslashes read as separators
	compatible bool // compatibility characters folded (NFKC), as some platforms do
}

func (p pathReading) describe() string {
	var steps []string
	switch p.decodes {
	case 0:
	case 1:
		steps = append(steps, i18n.T("percent-decoded"))
	default:
		steps = append(steps, i18n.Sprintf("percent-decoded %d times", p.decodes))
	}
	if p.slashes {
		steps = append(steps, i18n.T("with backslashes as separators"))
	}
	if p.compatible {
		steps = append(steps, i18n.T("with look-alike characters folded"))
	}
	if len(steps) == 0 {
		return i18n.T("as written")
	}
	return i18n.Join(steps, ", ")
}

// maxPathReadings bounds how many readings of one path are judged. A path that needs more (one
// percent-encoded many times over) is refused rather than guessed at.
const maxPathReadings = 24

// pathReadings lists the distinct ways a path can be read: as written, percent-decoded once or more,
// with backslashes as separators, with compatibility characters folded, and their combinations.
// A tool may do any of these, so a path is only inside the workspace when every reading is.
func pathReadings(raw string) ([]pathReading, bool) {
	readings := []pathReading{{text: raw}}
	seen := map[string]bool{raw: true}
	for i := 0; i < len(readings); i++ {
		current := readings[i]
		next := []pathReading{
			{text: percentDecodeOnce(current.text), decodes: current.decodes + 1, slashes: current.slashes, compatible: current.compatible},
			{text: strings.ReplaceAll(current.text, `\`, "/"), decodes: current.decodes, slashes: true, compatible: current.compatible},
			{text: foldCompatible(current.text), decodes: current.decodes, slashes: current.slashes, compatible: true},
		}
		for _, reading := range next {
			if seen[reading.text] {
				continue
			}
			if len(readings) == maxPathReadings {
				return readings, false
			}
			seen[reading.text] = true
			readings = append(readings, reading)
		}
	}
	return readings, true
}

// percentDecodeOnce decodes every valid %XX escape and leaves a stray % as it is (file names may
// contain one).
func percentDecodeOnce(s string) string { return untrusted.PercentDecode(s, false) }

// foldCompatible applies NFKC, which turns fullwidth "．．／" into "../"; Windows' best-fit code
// page conversion and some file APIs do the same behind a tool's back.
func foldCompatible(s string) string {
	if untrusted.IsASCII(s) {
		return s
	}
	return norm.NFKC.String(s)
}

func (r ArgumentRule) checkWorkspace(pointer string, value any) []Violation {
	one := func(format string, args ...any) []Violation {
		return []Violation{{Argument: pointer, Rule: ruleWorkspace, Message: i18n.Sprintf(format, args...)}}
	}
	if problem := workspaceProblem(r.Workspace); problem != "" {
		return one("the workspace rule is invalid (the workspace %s), so no path can be judged inside it", problem)
	}
	workspace := path.Clean(r.Workspace)
	raw, ok := value.(string)
	if !ok {
		return one("expected a path string, found %s", jsondoc.TypeName(value))
	}
	readings, complete := pathReadings(raw)
	for _, reading := range readings {
		if strings.ContainsRune(reading.text, 0) {
			return one("the path contains a NUL byte (read %s), which cuts it short for the tool; expected a plain path inside %s", reading.describe(), workspace)
		}
	}
	if !complete {
		return one("the path is encoded too many times over to judge; expected a plain path inside %s", workspace)
	}
	for _, reading := range readings {
		if !utf8.ValidString(reading.text) {
			return one("the path is not valid UTF-8 (read %s): overlong forms such as %%c0%%ae read as \".\" to some decoders; expected a plain path inside %s", reading.describe(), workspace)
		}
	}
	for _, reading := range readings {
		if reason := pathOutside(reading.text, workspace); reason != "" {
			return one("%s (read %s); expected a path inside %s", reason, reading.describe(), workspace)
		}
	}
	return nil
}

// windowsDrive matches a path starting with a drive letter, "C:" or "c:\".
var windowsDrive = lazyregexp.New(`^[A-Za-z]:`)

// urlLikePath matches a path that starts like a URL: a scheme of two or more characters and a
// colon, as in "file:/etc/passwd" or "https://…" (one letter and a colon is a Windows drive).
var urlLikePath = lazyregexp.New(`^[A-Za-z][A-Za-z0-9+.\-]+:`)

// pathOutside says why a path is outside the workspace, or "" when it is inside. Relative paths are
// resolved against the workspace; ".." and "." are resolved lexically (symbolic links are the
// tool's to refuse: they cannot be seen from here).
func pathOutside(p, workspace string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`):
		return i18n.T("the path starts with ~, a home directory")
	case strings.HasPrefix(p, "~"):
		return i18n.T("the path starts with ~user, another user's home directory")
	case windowsDrive.MatchString(p):
		return i18n.Sprintf("the path names the Windows drive %s", p[:2])
	case urlLikePath.MatchString(p):
		return fileURLOutside(p, workspace)
	case strings.HasPrefix(p, "//"):
		return i18n.T("the path starts with //, a network share")
	}
	var resolved string
	if strings.HasPrefix(p, "/") {
		resolved = path.Clean(p)
	} else {
		resolved = path.Join(workspace, p)
	}
	if resolved == workspace || workspace == "/" || strings.HasPrefix(resolved, workspace+"/") {
		return ""
	}
	return i18n.Sprintf("the path resolves to %s, outside the workspace", secrets.Quote(resolved))
}

// fileURLOutside judges a path that starts like a URL. A tool may hand such a value to a URL
// opener, so only a file: URL naming a local absolute path is read: file:///p,
// file://localhost/p and file:/p, whose path p must be inside the workspace both as written and
// cut at its query or fragment. Any other scheme, a file: URL naming another host, and one with a
// relative path are refused; a file whose name merely has a colon can be written "./name:…".
func fileURLOutside(p, workspace string) string {
	scheme, rest, _ := strings.Cut(p, ":")
	if !strings.EqualFold(scheme, "file") {
		return i18n.Sprintf("the path starts like a URL with scheme %s (a file name with a colon can be written with ./ in front)", secrets.Quote(scheme))
	}
	urlPath := rest
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		host, hostPath, hasPath := strings.Cut(after, "/")
		if host != "" && !strings.EqualFold(host, "localhost") {
			return i18n.T("the path is a file: URL naming another host")
		}
		if !hasPath {
			return i18n.T("the path is a file: URL with no path")
		}
		urlPath = "/" + hostPath
	}
	if !strings.HasPrefix(urlPath, "/") {
		return i18n.T("the path is a file: URL with a relative path, which URL openers resolve against a directory of their own")
	}
	candidates := []string{urlPath}
	if end := strings.IndexAny(urlPath, "?#"); end >= 0 {
		candidates = append(candidates, urlPath[:end])
	}
	for _, candidate := range candidates {
		if reason := pathOutside(candidate, workspace); reason != "" {
			return i18n.Sprintf("read as a file: URL, %s", reason)
		}
	}
	return ""
}
