package policy_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/testenv"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// argumentRuleCase is one argument value and what a rule must say about it.
type argumentRuleCase struct {
	name  string
	value any
	// rules lists the Rule of each expected violation, in order; empty means the value passes.
	rules []string
	// mention is text the violation messages must contain (joined), when set.
	mention string
}

// checkArgumentRuleCases runs cases against rule, with the invariants every Check result must keep.
func checkArgumentRuleCases(t *testing.T, rule policy.ArgumentRule, cases []argumentRuleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := rule.Check("/arg", c.value)
			var rules, messages []string
			for _, v := range got {
				rules = append(rules, v.Rule)
				messages = append(messages, v.Message)
				if v.Argument != "/arg" {
					t.Errorf("violation names argument %q, want /arg", v.Argument)
				}
				if v.Message == "" {
					t.Errorf("violation %q has no message", v.Rule)
				}
				if utf8.RuneCountInString(v.Message) > 400 {
					t.Errorf("message is %d characters long; messages must stay short", utf8.RuneCountInString(v.Message))
				}
			}
			if !slices.Equal(rules, c.rules) {
				t.Fatalf("Check(%q) rules = %q, want %q; messages: %q", fmt.Sprint(c.value), rules, c.rules, messages)
			}
			if c.mention != "" && !strings.Contains(strings.Join(messages, "\n"), c.mention) {
				t.Errorf("messages %q do not mention %q", messages, c.mention)
			}
			// Checking is pure: the same value gets the same answer.
			if again := rule.Check("/arg", c.value); !slices.Equal(again, got) {
				t.Errorf("second Check differs: %q vs %q", again, got)
			}
		})
	}
}

var (
	passes    []string
	hostsOnly = []string{"hosts"}
)

func TestArgumentRuleHosts(t *testing.T) {
	rule := policy.ArgumentRule{Hosts: []string{
		"api.example.com",
		"*.cdn.example.org",
		"192.0.2.10",
		"[2001:db8::1]",
		"files.example.net:8443",
		"bücher.example",
	}}
	token := testenv.FakeCredential("gh"+"p_", 36)
	checkArgumentRuleCases(t, rule, []argumentRuleCase{
		// The plain case: an exact host.
		{name: "exact", value: "https://api.example.com/v1/users?id=7", rules: passes},
		// Host names are case-insensitive, and so are schemes.
		{name: "mixed case", value: "HTTPS://API.Example.COM/v1", rules: passes},
		// A fully qualified name with its trailing dot is the same host.
		{name: "trailing dot", value: "https://api.example.com./v1", rules: passes},
		// An entry without a port admits any port.
		{name: "any port", value: "https://api.example.com:8080/", rules: passes},
		// http is allowed by default alongside https.
		{name: "http default scheme", value: "http://api.example.com/", rules: passes},
		// A wildcard admits one subdomain level…
		{name: "wildcard one level", value: "https://img.cdn.example.org/a.png", rules: passes},
		// …and deeper ones.
		{name: "wildcard deep", value: "https://a.b.cdn.example.org/", rules: passes},
		// An IPv4 literal matches when listed literally.
		{name: "ipv4 listed", value: "http://192.0.2.10/status", rules: passes},
		// An IPv6 literal in brackets, with a port.
		{name: "ipv6 listed", value: "http://[2001:db8::1]:8080/", rules: passes},
		// The same IPv6 address written in long form is the same address.
		{name: "ipv6 long form", value: "http://[2001:0db8:0:0:0:0:0:1]/", rules: passes},
		// The entry's port, given explicitly.
		{name: "entry port", value: "https://files.example.net:8443/f", rules: passes},
		// An internationalised name written in Unicode matches its entry…
		{name: "idn unicode", value: "https://bücher.example/", rules: passes},
		// …and so does its punycode A-label form.
		{name: "idn punycode", value: "https://XN--BCHER-KVA.example/", rules: passes},
		// Another host inside the query string is only data.
		{name: "host in query", value: "https://api.example.com/r?next=https://evil.com/", rules: passes},
		// "@evil.com" after # is a fragment, not user information.
		{name: "at sign in fragment", value: "https://api.example.com/#@evil.com", rules: passes},
		// An explicit default port and a trailing dot together.
		{name: "dot and default port", value: "https://api.example.com.:443/", rules: passes},

		// The classic confusion: the allowed name is user information, the host is evil.com.
		{name: "userinfo confusion", value: "https://api.example.com@evil.com/", rules: []string{"hosts", "hosts"}, mention: `"evil.com" is not allowed`},
		// Credentials on an allowed host are still refused.
		{name: "userinfo on allowed host", value: "https://user:hunter2@api.example.com/", rules: hostsOnly, mention: "credentials"},
		// The password must not be echoed.
		{name: "userinfo port-like", value: "https://api.example.com:443@evil.com/", rules: []string{"hosts", "hosts"}, mention: "credentials"},
		// The allowed name as a path does not make the host allowed.
		{name: "allowed name in path", value: "https://evil.com/api.example.com", rules: hostsOnly, mention: "evil.com"},
		// The allowed name as a prefix of another domain.
		{name: "allowed name as prefix", value: "https://api.example.com.evil.com/", rules: hostsOnly},
		// A suffix match without the dot boundary.
		{name: "suffix without boundary", value: "https://evilapi.example.com/", rules: hostsOnly},
		// A wildcard does not admit its apex.
		{name: "wildcard apex", value: "https://cdn.example.org/", rules: hostsOnly},
		// A wildcard does not admit a name that merely ends the same way.
		{name: "wildcard no boundary", value: "https://badcdn.example.org/", rules: hostsOnly},
		// 127.0.0.1 as one decimal integer: browsers and inet_aton accept it.
		{name: "decimal integer ip", value: "http://2130706433/", rules: hostsOnly, mention: "numeric IP form"},
		// 127.0.0.1 in hexadecimal, short form.
		{name: "hex short ip", value: "http://0x7f.1/", rules: hostsOnly, mention: "numeric IP form"},
		// 192.0.2.10 in octal: reads as the listed address to inet_aton, but is not listed literally.
		{name: "octal ip", value: "http://0300.0000.0002.0012/", rules: hostsOnly, mention: "numeric IP form"},
		// 192.0.2.10 as one decimal integer.
		{name: "decimal listed ip", value: "http://3221226122/", rules: hostsOnly},
		// A leading zero makes a dotted quad octal to some parsers.
		{name: "leading zero octet", value: "http://192.0.2.010/", rules: hostsOnly},
		// The listed IPv4 address mapped into IPv6 is a different literal.
		{name: "ipv4 mapped ipv6", value: "http://[::ffff:192.0.2.10]/", rules: hostsOnly},
		// Loopback is not listed.
		{name: "loopback", value: "http://127.0.0.1/", rules: hostsOnly},
		// An IPv6 zone cannot be listed.
		{name: "ipv6 zone", value: "http://[fe80::1%25eth0]/", rules: hostsOnly},
		// Brackets around a name are not an IPv6 literal.
		{name: "bracketed name", value: "https://[api.example.com]/", rules: hostsOnly},
		// Fullwidth letters fold to ASCII under UTS 46 mapping; they must not match.
		{name: "fullwidth letter", value: "https://ａpi.example.com/", rules: hostsOnly},
		// A Cyrillic "а" looks like the Latin one; its punycode differs.
		{name: "cyrillic homoglyph", value: "https://аpi.example.com/", rules: hostsOnly},
		// Ideographic full stops are mapped to dots by lenient parsers.
		{name: "ideographic dots", value: "https://api。example。com/", rules: hostsOnly},
		// A soft hyphen is mapped to nothing by lenient parsers.
		{name: "soft hyphen", value: "https://api.exam\u00adple.com/", rules: hostsOnly},
		// A zero-width space hides in the host.
		{name: "zero width space", value: "https://api.example.com\u200b/", rules: hostsOnly, mention: "invisible"},
		// Upper-case non-ASCII letters are not folded.
		{name: "idn upper case", value: "https://BÜCHER.example/", rules: hostsOnly},
		// The entry names port 8443; the default 443 is another port.
		{name: "entry port default", value: "https://files.example.net/", rules: hostsOnly, mention: "port 443"},
		// The entry names port 8443; 443 given explicitly.
		{name: "entry port explicit", value: "https://files.example.net:443/", rules: hostsOnly, mention: "8443"},
		// A port out of range.
		{name: "port out of range", value: "https://api.example.com:99999/", rules: hostsOnly},
		// Two ports.
		{name: "two ports", value: "https://api.example.com:443:80/", rules: hostsOnly},
		// file: is not an allowed scheme and has no host.
		{name: "file scheme", value: "file:///etc/passwd", rules: []string{"schemes", "hosts"}},
		// javascript: is not an allowed scheme.
		{name: "javascript scheme", value: "javascript:alert(1)", rules: []string{"schemes", "hosts"}},
		// data: is not an allowed scheme.
		{name: "data scheme", value: "data:text/html,<script>alert(1)</script>", rules: []string{"schemes", "hosts"}},
		// gopher: on the allowed host: the scheme alone refuses it.
		{name: "gopher scheme", value: "gopher://api.example.com/_SET", rules: []string{"schemes"}, mention: `"gopher"`},
		// ftp: likewise.
		{name: "ftp scheme", value: "ftp://api.example.com/", rules: []string{"schemes"}},
		// A scheme-relative URL takes the scheme of wherever it lands.
		{name: "scheme relative", value: "//api.example.com/x", rules: []string{"schemes"}, mention: "scheme-relative"},
		// No scheme at all.
		{name: "missing scheme", value: "api.example.com/x", rules: []string{"schemes"}, mention: "no scheme"},
		// Browsers read https:\\evil.com as https://evil.com.
		{name: "backslashes for slashes", value: `https:\\evil.com`, rules: hostsOnly, mention: "backslash"},
		// Browsers end the authority at "\", others read user information up to "@".
		{name: "backslash before at", value: `https://api.example.com\@evil.com/`, rules: hostsOnly, mention: "backslash"},
		// A scheme followed by a host with no slashes.
		{name: "opaque host", value: "https:evil.com", rules: hostsOnly, mention: "no host"},
		// One slash: WHATWG parsers still find a host; here there is none.
		{name: "one slash", value: "https:/api.example.com/", rules: hostsOnly, mention: "no host"},
		// Three slashes: likewise.
		{name: "three slashes", value: "https:///api.example.com/", rules: hostsOnly, mention: "no host"},
		// Leading whitespace is trimmed by browsers, not by everyone.
		{name: "leading space", value: " https://api.example.com/", rules: hostsOnly, mention: "whitespace"},
		// A newline: WHATWG parsers delete tabs and newlines anywhere.
		{name: "newline", value: "https://api.exa\nmple.com/", rules: hostsOnly},
		// A tab in the path.
		{name: "tab in path", value: "https://api.example.com/a\tb", rules: hostsOnly},
		// A space in the path must be percent-encoded.
		{name: "space in path", value: "https://api.example.com/a b", rules: hostsOnly},
		// A right-to-left override reorders what a reviewer sees.
		{name: "bidi override", value: "https://api.example.com/\u202e", rules: hostsOnly},
		// An encoded dot in the host.
		{name: "percent dot in host", value: "https://api%2Eexample.com/", rules: hostsOnly},
		// An encoded letter in the host.
		{name: "percent letter in host", value: "https://%61pi.example.com/", rules: hostsOnly},
		// Encoded UTF-8 in the host (url.Parse decodes it; others would not).
		{name: "percent utf8 in host", value: "https://b%C3%BCcher.example/", rules: hostsOnly, mention: "percent-encoded"},
		// Two dots at the end.
		{name: "two trailing dots", value: "https://api.example.com../", rules: hostsOnly},
		// A leading dot.
		{name: "leading dot", value: "https://.api.example.com/", rules: hostsOnly},
		// A star in the URL host is not a wildcard.
		{name: "star in host", value: "https://*.cdn.example.org/", rules: hostsOnly},
		// An empty string.
		{name: "empty", value: "", rules: []string{"schemes"}},
		// A scheme and nothing else.
		{name: "scheme only", value: "https://", rules: hostsOnly},
		// User information with no host.
		{name: "userinfo no host", value: "https://user@/x", rules: hostsOnly},
		// A number where a URL is expected.
		{name: "number", value: json.Number("42"), rules: hostsOnly, mention: "found a number"},
		// JSON null where a URL is expected.
		{name: "null", value: nil, rules: hostsOnly, mention: "found null"},
		// An object where a URL is expected.
		{name: "object", value: map[string]any{"url": "https://api.example.com/"}, rules: hostsOnly, mention: "found an object"},
		// An array of URLs is not a URL.
		{name: "array", value: []any{"https://api.example.com/"}, rules: hostsOnly, mention: "found an array"},
		// A token smuggled as a subdomain is refused without being echoed.
		{name: "token in host", value: "https://" + token + ".evil.com/", rules: hostsOnly, mention: "github token"},
	})
	// The token never appears in a message.
	for _, v := range rule.Check("/arg", "https://"+token+".evil.com/") {
		if strings.Contains(v.Message, token[4:12]) {
			t.Errorf("message echoes the token: %q", v.Message)
		}
	}
}

func TestArgumentRuleSchemes(t *testing.T) {
	// Only https, written in upper case by the author: scheme names are case-insensitive.
	httpsOnly := policy.ArgumentRule{Hosts: []string{"api.example.com"}, Schemes: []string{"HTTPS"}}
	checkArgumentRuleCases(t, httpsOnly, []argumentRuleCase{
		// https passes.
		{name: "https", value: "https://api.example.com/", rules: passes},
		// http is not listed.
		{name: "http", value: "http://api.example.com/", rules: []string{"schemes"}, mention: `"HTTPS"`},
	})
	// A scheme that is not http(s) can be allowed explicitly; it still needs an allowed host.
	websocket := policy.ArgumentRule{Hosts: []string{"api.example.com"}, Schemes: []string{"wss"}}
	checkArgumentRuleCases(t, websocket, []argumentRuleCase{
		// wss on the allowed host.
		{name: "wss", value: "wss://api.example.com/socket", rules: passes},
		// wss elsewhere.
		{name: "wss elsewhere", value: "wss://evil.com/socket", rules: hostsOnly},
		// https is no longer in the list.
		{name: "https", value: "https://api.example.com/", rules: []string{"schemes"}},
	})
	// An empty hosts list admits nothing.
	nothing := policy.ArgumentRule{Hosts: []string{}}
	checkArgumentRuleCases(t, nothing, []argumentRuleCase{
		// Even a well-formed URL.
		{name: "any url", value: "https://api.example.com/", rules: hostsOnly, mention: "empty"},
	})
	// A malformed entry matches nothing, even the text it was meant to name.
	malformed := policy.ArgumentRule{Hosts: []string{"https://api.example.com/", "*example.com"}}
	checkArgumentRuleCases(t, malformed, []argumentRuleCase{
		// The URL written as an entry is not a host entry.
		{name: "url entry", value: "https://api.example.com/", rules: hostsOnly},
		// A malformed wildcard is not a wildcard.
		{name: "bad wildcard", value: "https://www.example.com/", rules: hostsOnly},
	})
	// IP entries: a listed IPv4 address and a listed port.
	ips := policy.ArgumentRule{Hosts: []string{"127.0.0.1:8080", "::1"}}
	checkArgumentRuleCases(t, ips, []argumentRuleCase{
		// Address and port as listed.
		{name: "loopback port", value: "http://127.0.0.1:8080/", rules: passes},
		// Another port.
		{name: "loopback other port", value: "http://127.0.0.1/", rules: hostsOnly, mention: "port 80"},
		// localhost is a name, not the address.
		{name: "localhost", value: "http://localhost:8080/", rules: hostsOnly},
		// IPv6 loopback, listed without brackets.
		{name: "ipv6 loopback", value: "http://[::1]/", rules: passes},
		// Short forms of 127.0.0.1.
		{name: "127.1", value: "http://127.1:8080/", rules: hostsOnly},
	})
}

func TestArgumentRuleWorkspace(t *testing.T) {
	rule := policy.ArgumentRule{Workspace: "/srv/work"}
	outside := []string{"workspace"}
	var inside []string
	checkArgumentRuleCases(t, rule, []argumentRuleCase{
		// A relative path resolves against the workspace.
		{name: "relative", value: "notes/todo.md", rules: inside},
		// An absolute path under the workspace.
		{name: "absolute inside", value: "/srv/work/notes.md", rules: inside},
		// The workspace itself.
		{name: "workspace itself", value: "/srv/work", rules: inside},
		// The workspace with a trailing slash.
		{name: "workspace slash", value: "/srv/work/", rules: inside},
		// Dot segments that stay inside.
		{name: "dots inside", value: "./a/./b/../c", rules: inside},
		// Climbing out and back in.
		{name: "out and back", value: "/srv/work/../work/a", rules: inside},
		// Repeated slashes collapse.
		{name: "repeated slashes", value: "a//b///c", rules: inside},
		// An empty path is the workspace.
		{name: "empty", value: "", rules: inside},
		// Percent-encoded UTF-8 in a name.
		{name: "encoded name", value: "caf%C3%A9.txt", rules: inside},
		// A stray percent sign is part of the name.
		{name: "stray percent", value: "100%.txt", rules: inside},
		// A backslash inside, read either way.
		{name: "backslash inside", value: `a\b.txt`, rules: inside},
		// A ligature folds to plain letters, still inside.
		{name: "ligature", value: "ﬁle.txt", rules: inside},
		// A ~ that is not the first character is an ordinary name.
		{name: "tilde inside", value: "a/~/b", rules: inside},
		// A file URL naming a path inside the workspace.
		{name: "file url inside", value: "file:///srv/work/a.txt", rules: inside},
		// The same with localhost as its host, and the scheme in capitals.
		{name: "file url localhost", value: "FILE://localhost/srv/work/a.txt", rules: inside},
		// A file name with a colon, written after ./ so it cannot read as a URL.
		{name: "colon name", value: "./notes:v2.md", rules: inside},

		// Climbing out with "..".
		{name: "dot dot", value: "../../etc/passwd", rules: outside, mention: `"/etc/passwd"`},
		// An absolute path elsewhere.
		{name: "absolute outside", value: "/etc/passwd", rules: outside, mention: `"/etc/passwd"`},
		// A sibling whose name starts with the workspace's: not inside.
		{name: "sibling prefix", value: "/srv/work2/x", rules: outside, mention: `"/srv/work2/x"`},
		// Another sibling.
		{name: "sibling longer", value: "/srv/workspace", rules: outside},
		// In and out again to the sibling.
		{name: "in then sibling", value: "/srv/work/../work2/a", rules: outside},
		// Climbing out from a subdirectory.
		{name: "deep climb", value: "a/../../etc", rules: outside, mention: `"/srv/etc"`},
		// Percent-encoded dots.
		{name: "encoded dots", value: "%2e%2e/etc/passwd", rules: outside, mention: "percent-decoded"},
		// Percent-encoded dots and slash, upper case.
		{name: "encoded slash", value: "%2E%2E%2Fetc", rules: outside},
		// Double-encoded dots.
		{name: "double encoded", value: "%252e%252e/etc", rules: outside, mention: "percent-decoded 2 times"},
		// Triple-encoded dots.
		{name: "triple encoded", value: "%25252e%25252e/etc", rules: outside},
		// An encoded absolute path.
		{name: "encoded absolute", value: "%2fetc%2fpasswd", rules: outside},
		// Backslashes as separators (Windows tools).
		{name: "backslash climb", value: `..\..\windows\system32`, rules: outside, mention: "backslashes"},
		// Backslashes after the workspace prefix.
		{name: "backslash after prefix", value: `/srv/work\..\..\etc`, rules: outside},
		// Encoded backslashes.
		{name: "encoded backslash", value: "..%5c..%5cetc", rules: outside},
		// As written this is /srv/wor%6B/a, outside; a tool that does not decode reads that.
		{name: "encoded inside only when decoded", value: "/srv/wor%6B/a", rules: outside, mention: "as written"},
		// On Unix "work\a" is one name in /srv; only the backslash reading is inside.
		{name: "backslash inside only when converted", value: `/srv/work\a`, rules: outside},
		// A NUL byte cuts the path short for C code.
		{name: "nul", value: "/srv/work/a\x00/../../etc", rules: outside, mention: "NUL"},
		// An encoded NUL.
		{name: "encoded nul", value: "a.txt%00.png", rules: outside, mention: "NUL"},
		// The home directory.
		{name: "home", value: "~", rules: outside, mention: "~"},
		// A file in the home directory.
		{name: "home ssh", value: "~/.ssh/id_rsa", rules: outside},
		// Another user's home.
		{name: "other home", value: "~root/.bashrc", rules: outside},
		// A name starting with ~ reads as a home directory to shells.
		{name: "tilde name", value: "~notes.txt", rules: outside},
		// An encoded ~.
		{name: "encoded tilde", value: "%7e/.ssh", rules: outside},
		// A Windows drive.
		{name: "drive", value: `C:\Windows\system.ini`, rules: outside, mention: "drive C:"},
		// A drive in lower case with slashes.
		{name: "drive lower", value: "c:/x", rules: outside},
		// A UNC share.
		{name: "unc", value: `\\server\share\x`, rules: outside, mention: "network share"},
		// Two leading slashes.
		{name: "double slash root", value: "//etc/passwd", rules: outside},
		// A file URL.
		{name: "file url", value: "file:///etc/passwd", rules: outside, mention: "URL"},
		// A file URL with no authority: not a relative name "file:" in the workspace.
		{name: "file url no authority", value: "file:/etc/passwd", rules: outside, mention: `"/etc/passwd"`},
		// A file URL climbing out once percent-decoded.
		{name: "file url encoded dots", value: "file:///srv/work/%2e%2e/x", rules: outside, mention: "percent-decoded"},
		// A file URL whose path, read without cutting its fragment, climbs out.
		{name: "file url fragment", value: "file:///srv/work/a#/../../../etc", rules: outside},
		// A file URL on another host.
		{name: "file url host", value: "file://evil.example/srv/work/a", rules: outside, mention: "another host"},
		// A file URL with a relative path: URL openers resolve it against a directory of their own.
		{name: "file url relative", value: "file:a.txt", rules: outside, mention: "relative"},
		// Any other scheme.
		{name: "https url", value: "https://example.com/x", rules: outside, mention: `scheme "https"`},
		// A scheme-like start with no slashes is still read as a URL by some tools.
		{name: "scheme-like name", value: "notes:v2.md", rules: outside, mention: "./"},
		// Overlong UTF-8 for "." (%c0%ae), which some decoders read as a dot.
		{name: "overlong dots", value: "%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", rules: outside, mention: "UTF-8"},
		// Bytes that are not UTF-8 at all once decoded (Latin-1).
		{name: "latin-1 name", value: "%e9t%e9.txt", rules: outside, mention: "UTF-8"},
		// Fullwidth dots and slashes fold to "../" on some platforms.
		{name: "fullwidth climb", value: "．．／．．／etc/passwd", rules: outside, mention: "look-alike"},
		// Encoded too many times to judge.
		{name: "too deep", value: "%" + strings.Repeat("25", 40) + "2e", rules: outside, mention: "too many"},
		// A number where a path is expected.
		{name: "number", value: json.Number("7"), rules: outside, mention: "found a number"},
		// JSON null where a path is expected.
		{name: "null", value: nil, rules: outside, mention: "found null"},
		// A list of paths is not a path.
		{name: "array", value: []any{"a"}, rules: outside},
	})

	// The root as a workspace admits every absolute path, but not a home directory.
	root := policy.ArgumentRule{Workspace: "/"}
	checkArgumentRuleCases(t, root, []argumentRuleCase{
		// Anything absolute.
		{name: "etc", value: "/etc/passwd", rules: inside},
		// Climbing above / stays at /.
		{name: "above root", value: "../../x", rules: inside},
		// ~ is still a home directory.
		{name: "home", value: "~/x", rules: outside},
	})

	// A workspace written untidily is cleaned first.
	untidy := policy.ArgumentRule{Workspace: "/srv//work/./"}
	checkArgumentRuleCases(t, untidy, []argumentRuleCase{
		// Inside the cleaned workspace.
		{name: "inside", value: "/srv/work/a", rules: inside},
		// Outside it.
		{name: "outside", value: "/srv/a", rules: outside},
	})

	// A relative workspace is invalid: every path is refused.
	invalid := policy.ArgumentRule{Workspace: "srv/work"}
	checkArgumentRuleCases(t, invalid, []argumentRuleCase{
		// Even one that would be inside.
		{name: "any", value: "a.txt", rules: outside, mention: "invalid"},
	})
}

func TestArgumentRuleEnum(t *testing.T) {
	rule := policy.ArgumentRule{Enum: []any{
		"get_user_by_id",
		json.Number("1"),
		json.Number("12345678901234567890"),
		true,
		nil,
		map[string]any{"a": []any{json.Number("1"), json.Number("2")}},
		json.Number("0"),
		1.5, // a float64, as a decoder without UseNumber writes it
	}}
	refused := []string{"enum"}
	var allowed []string
	checkArgumentRuleCases(t, rule, []argumentRuleCase{
		// A listed string.
		{name: "string", value: "get_user_by_id", rules: allowed},
		// 1.0 equals 1.
		{name: "one point zero", value: json.Number("1.0"), rules: allowed},
		// 1e0 equals 1.
		{name: "exponent", value: json.Number("1e0"), rules: allowed},
		// 10e-1 equals 1.
		{name: "negative exponent", value: json.Number("10E-1"), rules: allowed},
		// 0.1e+1 equals 1.
		{name: "fraction and exponent", value: json.Number("0.1e+1"), rules: allowed},
		// A float64 1 equals json.Number 1.
		{name: "float64", value: float64(1), rules: allowed},
		// A big integer, exactly.
		{name: "big integer", value: json.Number("12345678901234567890"), rules: allowed},
		// The same big integer written with an exponent.
		{name: "big integer exponent", value: json.Number("1234567890123456789e1"), rules: allowed},
		// json.Number 1.5 equals the float64 1.5.
		{name: "float entry", value: json.Number("1.50"), rules: allowed},
		// true.
		{name: "true", value: true, rules: allowed},
		// null is a value, and listed.
		{name: "null", value: nil, rules: allowed},
		// An object, numbers compared exactly inside it.
		{name: "object", value: map[string]any{"a": []any{json.Number("1.0"), float64(2)}}, rules: allowed},
		// Negative zero equals zero.
		{name: "negative zero", value: json.Number("-0.0e7"), rules: allowed},

		// Case matters for strings.
		{name: "upper case", value: "GET_USER_BY_ID", rules: refused},
		// Whitespace matters.
		{name: "leading space", value: " get_user_by_id", rules: refused},
		// The seed's injection.
		{name: "sql", value: "DROP TABLE users", rules: refused, mention: `"DROP TABLE users"`},
		// Differs in the last digit beyond float64 precision.
		{name: "big integer plus one", value: json.Number("12345678901234567891"), rules: refused},
		// Differs far beyond float64 precision.
		{name: "tiny fraction", value: json.Number("1.0000000000000000000001"), rules: refused},
		// The sign matters.
		{name: "minus one", value: json.Number("-1"), rules: refused},
		// A string is not a number.
		{name: "string one", value: "1", rules: refused},
		// false is not listed.
		{name: "false", value: false, rules: refused},
		// Array order matters.
		{name: "array order", value: map[string]any{"a": []any{json.Number("2"), json.Number("1")}}, rules: refused},
		// An extra member matters.
		{name: "extra member", value: map[string]any{"a": []any{json.Number("1"), json.Number("2")}, "b": true}, rules: refused},
		// An array is not an object.
		{name: "empty array", value: []any{}, rules: refused},
		// A huge exponent is compared without being expanded.
		{name: "huge exponent", value: json.Number("1e999999999999999999"), rules: refused},
		// An exponent too long to read exactly is compared as text.
		{name: "endless exponent", value: json.Number("1e" + strings.Repeat("0", 2000) + "1"), rules: refused},
		// Not number syntax at all.
		{name: "bad number", value: json.Number("1..0"), rules: refused},
		// A secret in a refused value is not echoed.
		{name: "secret value", value: testenv.FakeCredential("AK"+"IA", 16), rules: refused, mention: "aws access key"},
	})
	// An empty enum admits nothing.
	checkArgumentRuleCases(t, policy.ArgumentRule{Enum: []any{}}, []argumentRuleCase{
		// Not even null.
		{name: "null", value: nil, rules: refused, mention: "empty"},
	})
	// Equal numbers are recognised however they are written, also in the entries.
	zero := policy.ArgumentRule{Enum: []any{json.Number("0.000e5")}}
	checkArgumentRuleCases(t, zero, []argumentRuleCase{
		// 0 equals 0.000e5.
		{name: "zero", value: json.Number("0"), rules: allowed},
	})
	// A million-digit exponent is compared by its text rather than read exactly (which would
	// take quadratic time); BenchmarkArgumentRuleHostileValues measures it.
	if v := rule.Check("/arg", json.Number("1e"+strings.Repeat("9", 1<<20))); len(v) != 1 {
		t.Errorf("a huge exponent is not in the enum: %v", v)
	}
}

func TestArgumentRulePatternAndMaxLength(t *testing.T) {
	identifier := policy.ArgumentRule{Pattern: `^[a-z_]+$`}
	refused := []string{"pattern"}
	var allowed []string
	checkArgumentRuleCases(t, identifier, []argumentRuleCase{
		// Matches the whole value.
		{name: "identifier", value: "get_user", rules: allowed},
		// Spaces are outside the class.
		{name: "sql", value: "DROP TABLE users", rules: refused, mention: `"^[a-z_]+$"`},
		// A newline before the end: $ without (?m) is the end of text.
		{name: "trailing newline", value: "get_user\n", rules: refused},
		// A number is not a string.
		{name: "number", value: json.Number("5"), rules: refused, mention: "found a number"},
	})
	// JSON Schema semantics: the pattern is searched for, not anchored.
	unanchored := policy.ArgumentRule{Pattern: `abc`}
	checkArgumentRuleCases(t, unanchored, []argumentRuleCase{
		// Found in the middle.
		{name: "middle", value: "xxabcxx", rules: allowed},
		// Not found.
		{name: "absent", value: "xxabxcx", rules: refused},
	})
	// A pattern RE2 cannot compile refuses everything.
	lookahead := policy.ArgumentRule{Pattern: `(?=x)`}
	checkArgumentRuleCases(t, lookahead, []argumentRuleCase{
		// Even a value the author meant to allow.
		{name: "any", value: "x", rules: refused, mention: "invalid"},
	})
	// A pattern that backtracking engines take exponential time over; RE2 is linear.
	nested := policy.ArgumentRule{Pattern: `^(a+)+$`}
	long := strings.Repeat("a", 1<<20) + "!"
	checkArgumentRuleCases(t, nested, []argumentRuleCase{
		// A megabyte that almost matches.
		{name: "catastrophic for backtracking", value: long, rules: refused},
	})

	five := 5
	short := policy.ArgumentRule{MaxLength: &five}
	tooLong := []string{"max_length"}
	checkArgumentRuleCases(t, short, []argumentRuleCase{
		// Five code points in six bytes.
		{name: "accented", value: "héllo", rules: allowed},
		// Five emoji, twenty bytes.
		{name: "emoji", value: "👍👍👍👍👍", rules: allowed},
		// Empty.
		{name: "empty", value: "", rules: allowed},
		// Six code points.
		{name: "six", value: "héllo!", rules: tooLong, mention: "6 characters"},
		// A number is not a string.
		{name: "number", value: json.Number("123"), rules: tooLong, mention: "found a number"},
	})
	zero := 0
	checkArgumentRuleCases(t, policy.ArgumentRule{MaxLength: &zero}, []argumentRuleCase{
		// Only the empty string fits.
		{name: "empty", value: "", rules: allowed},
		// One character is too many.
		{name: "one", value: "a", rules: tooLong},
	})

	// All parts of a rule apply, in a fixed order.
	combined := policy.ArgumentRule{Enum: []any{"a", "bb"}, Pattern: `^a`, MaxLength: &five}
	checkArgumentRuleCases(t, combined, []argumentRuleCase{
		// Listed, matching, short.
		{name: "all hold", value: "a", rules: allowed},
		// Listed but not matching.
		{name: "pattern fails", value: "bb", rules: []string{"pattern"}},
		// Neither listed nor matching nor short.
		{name: "all fail", value: "bbbbbb", rules: []string{"enum", "pattern", "max_length"}},
	})
}

func TestArgumentRuleValidate(t *testing.T) {
	negative := -1
	cases := []struct {
		name string
		rule policy.ArgumentRule
		// want lists text each problem must contain, in order; empty means the rule is valid.
		want []string
	}{
		// A rule using every field properly.
		{name: "valid", rule: policy.ArgumentRule{Hosts: []string{"api.example.com", "*.example.org", "API.EXAMPLE.NET.", "192.0.2.1", "[2001:db8::1]:443", "2001:db8::2", "bücher.example", "x.example:8080"}, Schemes: []string{"https", "wss"}}},
		// A workspace, enum, pattern and max_length.
		{name: "valid others", rule: policy.ArgumentRule{Workspace: "/srv/work", Enum: []any{"a"}, Pattern: `^\w+$`, MaxLength: new(int)}},
		// A rule with nothing in it.
		{name: "empty rule", rule: policy.ArgumentRule{}, want: []string{"checks nothing"}},
		// An empty host entry.
		{name: "empty host", rule: policy.ArgumentRule{Hosts: []string{""}}, want: []string{"hosts[0]"}},
		// A URL instead of a host.
		{name: "url host", rule: policy.ArgumentRule{Hosts: []string{"https://api.example.com/"}}, want: []string{"not a URL"}},
		// A wildcard glued to the name.
		{name: "glued wildcard", rule: policy.ArgumentRule{Hosts: []string{"*example.com"}}, want: []string{"malformed wildcard"}},
		// A wildcard in the middle.
		{name: "middle wildcard", rule: policy.ArgumentRule{Hosts: []string{"api.*.com"}}, want: []string{"malformed wildcard"}},
		// Two wildcards.
		{name: "double wildcard", rule: policy.ArgumentRule{Hosts: []string{"*.*.example.com"}}, want: []string{"malformed wildcard"}},
		// A wildcard over a top-level domain.
		{name: "tld wildcard", rule: policy.ArgumentRule{Hosts: []string{"*.com"}}, want: []string{"too broad"}},
		// A bare star.
		{name: "bare star", rule: policy.ArgumentRule{Hosts: []string{"*"}}, want: []string{"malformed wildcard"}},
		// A port that is not a number.
		{name: "bad port", rule: policy.ArgumentRule{Hosts: []string{"api.example.com:https"}}, want: []string{"port"}},
		// Port zero.
		{name: "port zero", rule: policy.ArgumentRule{Hosts: []string{"api.example.com:0"}}, want: []string{"port"}},
		// A numeric IP form.
		{name: "numeric ip", rule: policy.ArgumentRule{Hosts: []string{"2130706433"}}, want: []string{"numeric IP form"}},
		// An unclosed bracket.
		{name: "unclosed bracket", rule: policy.ArgumentRule{Hosts: []string{"[::1"}}, want: []string{"never closes"}},
		// Whitespace around a host.
		{name: "spaced host", rule: policy.ArgumentRule{Hosts: []string{" api.example.com"}}, want: []string{"whitespace"}},
		// A fullwidth host.
		{name: "fullwidth host", rule: policy.ArgumentRule{Hosts: []string{"ａpi.example.com"}}, want: []string{"internationalised"}},
		// A doubled dot.
		{name: "empty label", rule: policy.ArgumentRule{Hosts: []string{"api..example.com"}}, want: []string{"empty label"}},
		// Schemes without hosts do nothing.
		{name: "schemes alone", rule: policy.ArgumentRule{Schemes: []string{"https"}}, want: []string{"checks nothing", "only applies together with hosts"}},
		// A scheme with a colon.
		{name: "bad scheme", rule: policy.ArgumentRule{Hosts: []string{"api.example.com"}, Schemes: []string{"https:"}}, want: []string{"schemes[0]"}},
		// A relative workspace.
		{name: "relative workspace", rule: policy.ArgumentRule{Workspace: "srv/work"}, want: []string{"absolute"}},
		// A Windows workspace.
		{name: "windows workspace", rule: policy.ArgumentRule{Workspace: `C:\work`}, want: []string{"absolute"}},
		// A workspace with a NUL byte.
		{name: "nul workspace", rule: policy.ArgumentRule{Workspace: "/srv/\x00"}, want: []string{"NUL"}},
		// An empty enum.
		{name: "empty enum", rule: policy.ArgumentRule{Enum: []any{}}, want: []string{"enum is empty"}},
		// ECMA-262 lookahead is not RE2.
		{name: "lookahead", rule: policy.ArgumentRule{Pattern: `^(?!admin)`}, want: []string{"does not compile as RE2"}},
		// A negative maximum.
		{name: "negative max", rule: policy.ArgumentRule{MaxLength: &negative}, want: []string{"max_length is -1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.rule.Validate()
			if len(got) != len(c.want) {
				t.Fatalf("Validate() = %q, want %d problems containing %q", got, len(c.want), c.want)
			}
			for i := range got {
				if !strings.Contains(got[i], c.want[i]) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], c.want[i])
				}
			}
		})
	}
}

// TestArgumentRuleJSON reads a rule from the policy's snake_case form.
func TestArgumentRuleJSON(t *testing.T) {
	var rules map[string]policy.ArgumentRule
	text := `{"url":{"hosts":["api.example.com"],"schemes":["https"]},"path":{"workspace":"/srv/work"},"op":{"enum":["get",1]},"q":{"pattern":"^a","max_length":3}}`
	decoder := json.NewDecoder(strings.NewReader(text))
	decoder.UseNumber()
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&rules); err != nil {
		t.Fatal(err)
	}
	if got := rules["q"]; got.MaxLength == nil || *got.MaxLength != 3 || got.Pattern != "^a" {
		t.Errorf("q = %+v", got)
	}
	if v := rules["op"].Check("/op", json.Number("1.0")); v != nil {
		t.Errorf("enum from JSON refused 1.0: %v", v)
	}
	if v := rules["url"].Check("/url", "http://api.example.com/"); len(v) != 1 || v[0].Rule != "schemes" {
		t.Errorf("schemes from JSON: %v", v)
	}
	encoded, err := json.Marshal(policy.Violation{Argument: "/url", Rule: "hosts", Message: "m"})
	if err != nil || string(encoded) != `{"argument":"/url","rule":"hosts","message":"m"}` {
		t.Errorf("violation JSON = %s, %v", encoded, err)
	}
}

// TestArgumentRuleJSONEdges reads rules the way the policy schema admits them: max_length as any
// whole number, and an empty workspace or pattern kept as written so that it is reported, and
// refuses everything, rather than silently checking nothing.
func TestArgumentRuleJSONEdges(t *testing.T) {
	tests := []struct {
		name, text string
		maxLength  int    // the max_length read, when the text sets one
		err        string // text of the decoding error; "" when the rule decodes
		problem    string // text of the Validate problem; "" for none
		refuses    string // a value Check must refuse, by this rule
	}{
		// JSON Schema's "integer" admits 5.0: so does the decoding.
		{name: "max_length 5.0", text: `{"max_length":5.0}`, maxLength: 5},
		// An exponent and a fraction that make a whole number.
		{name: "max_length 0.5e1", text: `{"max_length":0.5e1}`, maxLength: 5},
		// Zero written with an exponent.
		{name: "max_length 0e7", text: `{"max_length":0e7}`, maxLength: 0},
		// A fraction is not a length.
		{name: "max_length 5.5", text: `{"max_length":5.5}`, err: "max_length must be a whole number, found 5.5"},
		// Far more than an int holds.
		{name: "max_length 1e40", text: `{"max_length":1e40}`, err: "max_length is too large"},
		// An unknown member.
		{name: "unknown member", text: `{"workspace":"/srv/work","host":["a.example"]}`, err: `unknown field "host"`},
		// An empty workspace beside another field: reported, and every path refused.
		{name: "empty workspace", text: `{"workspace":"","max_length":100}`, maxLength: 100, problem: `workspace "" is empty`, refuses: "workspace"},
		// An empty pattern: reported, and every value refused.
		{name: "empty pattern", text: `{"pattern":""}`, problem: "pattern is empty", refuses: "pattern"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rule policy.ArgumentRule
			err := json.Unmarshal([]byte(tt.text), &rule)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(tt.text, "max_length") && (rule.MaxLength == nil || *rule.MaxLength != tt.maxLength) {
				t.Errorf("max_length = %v, want %d", rule.MaxLength, tt.maxLength)
			}
			problems := rule.Validate()
			if tt.problem == "" && len(problems) > 0 || tt.problem != "" && (len(problems) != 1 || !strings.Contains(problems[0], tt.problem)) {
				t.Errorf("Validate() = %q, want %q", problems, tt.problem)
			}
			if tt.refuses != "" {
				violations := rule.Check("/a", "/srv/work/a")
				if len(violations) == 0 || violations[0].Rule != tt.refuses {
					t.Errorf("Check = %+v, want a %s violation", violations, tt.refuses)
				}
			}
		})
	}
}

// TestArgumentRulePolicySchema reads odd rule values through the policy, where the schema places
// each problem at its line and column.
func TestArgumentRulePolicySchema(t *testing.T) {
	tests := []struct {
		name, rule string
		problem    string // text of the one problem; "" when the policy is valid
	}{
		// An empty workspace would drop the rule: the schema refuses it, at the value.
		{name: "empty workspace", rule: `{"workspace":"","max_length":100}`, problem: "/workspace: minLength"},
		// The same for an empty pattern.
		{name: "empty pattern", rule: `{"pattern":""}`, problem: "/pattern: minLength"},
		// And for an empty hosts entry.
		{name: "empty host", rule: `{"hosts":[""]}`, problem: "/hosts/0: minLength"},
		// 5.0 is an integer to JSON Schema and to the decoding.
		{name: "max_length 5.0", rule: `{"max_length":5.0}`},
		// 5.5 is not, and the schema says where.
		{name: "max_length 5.5", rule: `{"max_length":5.5}`, problem: "/max_length: got number, want integer"},
		// Too large to be a length.
		{name: "max_length huge", rule: `{"max_length":1e40}`, problem: "/max_length: must be at most 2147483647; it is 1e40"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "{\"allow_tools\":[\"x\"],\n\"arguments\":{\"x\":{\"a\":" + tt.rule + "}}}"
			doc, probs := jsondoc.Parse(problem.SourcePolicy, []byte(text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			policy, probs := policy.Parse(doc)
			if tt.problem == "" {
				if len(probs) > 0 || policy == nil {
					t.Fatalf("problems %v", probs)
				}
				return
			}
			if len(probs) != 1 || !strings.Contains(probs[0].Message, tt.problem) || probs[0].Line != 2 || probs[0].Column < 20 {
				t.Fatalf("problems %+v, want one on line 2 at the value, containing %q", probs, tt.problem)
			}
		})
	}
}

// allowedHostIndependently is a second, hand-written reading of a URL: the scheme is http or https,
// and the authority (up to the first of / ? #) is exactly the host, maybe with a trailing dot and a
// port, which RFC 3986 allows to be empty. FuzzArgumentRuleHosts holds Check to it.
var allowedHostIndependently = regexp.MustCompile(`^(?i:https?)://(?i:api\.example\.com)\.?(:[0-9]*)?([/?#]|$)`)

func FuzzArgumentRuleHosts(f *testing.F) {
	for _, seed := range []string{
		"https://api.example.com/", "https://api.example.com@evil.com/", "http://2130706433/",
		"https://API.EXAMPLE.COM.:443/x", `https:\\evil.com`, "//api.example.com", "https://ａpi.example.com/",
		"https://api.example.com%2F@evil.com", "https://[::1]/", "file:///etc/passwd", "https://a.api.example.com/",
		"https://api.example.com:99999/", "https://api.example.com\t/", "http://api.example.com#@evil",
	} {
		f.Add(seed)
	}
	exact := policy.ArgumentRule{Hosts: []string{"api.example.com"}}
	wildcard := policy.ArgumentRule{Hosts: []string{"*.example.com"}}
	f.Fuzz(func(t *testing.T, raw string) {
		if violations := exact.Check("/url", raw); len(violations) == 0 {
			if !allowedHostIndependently.MatchString(raw) {
				t.Fatalf("%q accepted under api.example.com, but its authority is not that host", raw)
			}
			parsed, err := url.Parse(raw)
			if err != nil || strings.TrimSuffix(strings.ToLower(parsed.Hostname()), ".") != "api.example.com" || parsed.User != nil {
				t.Fatalf("%q accepted, but url.Parse reads host %q (err %v)", raw, parsed.Hostname(), err)
			}
		}
		if violations := wildcard.Check("/url", raw); len(violations) == 0 {
			parsed, err := url.Parse(raw)
			if err != nil {
				t.Fatalf("%q accepted under *.example.com, but url.Parse fails: %v", raw, err)
			}
			host := strings.TrimSuffix(strings.ToLower(parsed.Hostname()), ".")
			label, ok := strings.CutSuffix(host, ".example.com")
			if !ok || label == "" || strings.Contains("."+label+".", "..") || strings.ContainsAny(label, "\\@%:[]/?# ") || parsed.User != nil {
				t.Fatalf("%q accepted under *.example.com with host %q", raw, host)
			}
		}
		for _, v := range exact.Check("/url", raw) {
			if v.Message == "" || (v.Rule != "hosts" && v.Rule != "schemes") {
				t.Fatalf("bad violation %+v", v)
			}
		}
	})
}

// urlStart matches a value that starts like a URL, for FuzzArgumentRuleWorkspace.
var urlStart = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]+):`)

func FuzzArgumentRuleWorkspace(f *testing.F) {
	for _, seed := range []string{"a/b", "../x", "%2e%2e/x", `..\x`, "/srv/work2", "~/x", "．．／x", "%252e%252e/x",
		"file:///srv/work/a", "file:/etc/passwd", "%c0%ae%c0%ae/x", "notes:a"} {
		f.Add(seed)
	}
	rule := policy.ArgumentRule{Workspace: "/srv/work"}
	f.Fuzz(func(t *testing.T, raw string) {
		if violations := rule.Check("/path", raw); len(violations) == 0 {
			// A second reading: decode while the standard library can, backslashes as slashes.
			decoded := raw
			for range 8 {
				next, err := url.PathUnescape(decoded)
				if err != nil || next == decoded {
					break
				}
				decoded = next
			}
			decoded = strings.ReplaceAll(decoded, `\`, "/")
			if !utf8.ValidString(decoded) {
				t.Fatalf("%q accepted, but it decodes to invalid UTF-8 %q", raw, decoded)
			}
			if scheme := urlStart.FindStringSubmatch(raw); scheme != nil && !strings.EqualFold(scheme[1], "file") {
				t.Fatalf("%q accepted, but it starts like a %s: URL", raw, scheme[1])
			}
			for _, reading := range []string{raw, decoded} {
				resolved := path.Join("/srv/work", reading)
				if strings.HasPrefix(reading, "/") {
					resolved = path.Clean(reading)
				}
				if resolved != "/srv/work" && !strings.HasPrefix(resolved, "/srv/work/") {
					t.Fatalf("%q accepted, but it resolves to %q", raw, resolved)
				}
				if strings.HasPrefix(reading, "~") || strings.ContainsRune(reading, 0) {
					t.Fatalf("%q accepted, but reads as %q", raw, reading)
				}
			}
		}
	})
}

// TestArgumentRuleLargeValues feeds megabyte values built to make each rule do the most work.
func TestArgumentRuleLargeValues(t *testing.T) {
	const size = 1 << 20
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	five := 5
	rules := map[string]policy.ArgumentRule{
		"hosts":     {Hosts: []string{"api.example.com", "*.example.org"}},
		"workspace": {Workspace: "/srv/work"},
		"enum":      {Enum: []any{"a", json.Number("1")}},
		"pattern":   {Pattern: `^[a-z]+(/[a-z]+)*$`},
		"max":       {MaxLength: &five},
	}
	values := map[string]string{
		"encoded dots":    fill("%2e%2e/"),
		"double encoded":  fill("%252e%252E%5c"),
		"backslashes":     fill(`..\`),
		"fullwidth":       fill("．．／"),
		"long host":       "https://" + fill("a.") + "example.org/",
		"long path url":   "https://api.example.com/" + fill("a/"),
		"userinfo":        "https://" + fill("a") + "@api.example.com/",
		"token-like path": fill("AKIA"),
	}
	for ruleName, rule := range rules {
		for valueName, value := range values {
			for _, v := range rule.Check("/arg", value) {
				if utf8.RuneCountInString(v.Message) > 400 {
					t.Errorf("%s on %s: message of %d characters", ruleName, valueName, utf8.RuneCountInString(v.Message))
				}
			}
		}
	}
}

// BenchmarkArgumentRuleHostileValues times each rule on megabyte values built to make it do
// the most work (speed is measured here, never asserted in tests).
func BenchmarkArgumentRuleHostileValues(b *testing.B) {
	const size = 1 << 20
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	rules := map[string]policy.ArgumentRule{
		"hosts":     {Hosts: []string{"api.example.com", "*.example.org"}},
		"workspace": {Workspace: "/srv/work"},
		"pattern":   {Pattern: `^[a-z]+(/[a-z]+)*$`},
		"enum":      {Enum: []any{"a", json.Number("1")}},
	}
	values := map[string]any{
		"encoded dots":   fill("%2e%2e/"),
		"double encoded": fill("%252e%252E%5c"),
		"fullwidth":      fill("．．／"),
		"long host":      "https://" + fill("a.") + "example.org/",
		"huge exponent":  json.Number("1e" + strings.Repeat("9", size)),
	}
	for _, rn := range slices.Sorted(maps.Keys(rules)) {
		for _, vn := range slices.Sorted(maps.Keys(values)) {
			b.Run(rn+"/"+vn, func(b *testing.B) {
				for b.Loop() {
					rules[rn].Check("/arg", values[vn])
				}
			})
		}
	}
}
