package policy

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"golang.org/x/net/idna"
)

// defaultSchemes are the schemes a hosts rule allows when it names none.
var defaultSchemes = []string{"https", "http"}

// schemeSyntax is RFC 3986's scheme production.
var schemeSyntax = lazyregexp.New(`^[A-Za-z][A-Za-z0-9+.\-]*$`)

// schemePrefix finds the scheme at the start of a URL.
var schemePrefix = lazyregexp.New(`^[A-Za-z][A-Za-z0-9+.\-]*:`)

// defaultPorts gives the port a URL uses when it names none, so that an entry "host:443" admits
// "https://host/".
var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

// strictIDNA converts internationalised host names to their A-label (punycode) form without mapping:
// a fullwidth "ａ", an ideographic full stop or a soft hyphen are refused rather than folded into the
// ASCII look-alike, so a host only matches when it is written as the entry's own characters.
var strictIDNA = idna.Registration

// hostEntry is one parsed element of ArgumentRule.Hosts.
type hostEntry struct {
	wildcard bool       // "*.example.com": name holds "example.com"; matches strict subdomains only
	name     string     // lower-case A-label domain without a trailing dot (unset for IP literals)
	addr     netip.Addr // the IP literal, when the entry is one
	port     string     // decimal port without leading zeros; "" admits any port
	problem  string     // why the entry is malformed; a malformed entry matches nothing
}

func (e hostEntry) matches(host urlHost) bool {
	if e.problem != "" {
		return false
	}
	if e.addr.IsValid() || host.addr.IsValid() {
		return e.addr.IsValid() && host.addr.IsValid() && e.addr == host.addr
	}
	if e.wildcard {
		return strings.HasSuffix(host.name, "."+e.name)
	}
	return host.name == e.name
}

func (e hostEntry) String() string {
	var text string
	switch {
	case e.addr.Is6():
		text = "[" + e.addr.String() + "]"
	case e.addr.IsValid():
		text = e.addr.String()
	case e.wildcard:
		text = "*." + e.name
	default:
		text = e.name
	}
	if e.port != "" {
		text += ":" + e.port
	}
	return text
}

// parseHostEntry reads one hosts entry written by the policy author.
func parseHostEntry(raw string) hostEntry {
	fail := func(problem string) hostEntry { return hostEntry{problem: problem} }
	switch {
	case raw == "":
		return fail(i18n.T("is empty"))
	case strings.TrimSpace(raw) != raw:
		return fail(i18n.T("has surrounding whitespace"))
	case strings.ContainsAny(raw, "/?#@\\") || strings.Contains(raw, "://"):
		return fail(i18n.T("must be a host name such as api.example.com, not a URL"))
	}
	host, port := raw, ""
	if strings.HasPrefix(raw, "[") {
		end := strings.IndexByte(raw, ']')
		if end < 0 {
			return fail(i18n.T("opens [ for an IPv6 address but never closes it"))
		}
		host, port = raw[1:end], raw[end+1:]
		if port != "" {
			if !strings.HasPrefix(port, ":") {
				return fail(i18n.T("has text after the ] of its IPv6 address"))
			}
			port = port[1:]
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || !addr.Is6() || addr.Zone() != "" {
			return fail(i18n.T("has brackets around something that is not an IPv6 address"))
		}
	} else if strings.Count(raw, ":") == 1 {
		host, port, _ = strings.Cut(raw, ":")
	}
	entry := hostEntry{}
	if port != "" || strings.HasSuffix(raw, ":") {
		normal, ok := normalisePort(port)
		if !ok {
			return fail(i18n.T("has a port that is not a number from 1 to 65535"))
		}
		entry.port = normal
	}
	host = untrusted.ASCIILower(host)
	if addr, err := netip.ParseAddr(host); err == nil {
		if addr.Zone() != "" {
			return fail(i18n.T("names an IPv6 zone, which a URL host cannot match"))
		}
		entry.addr = addr
		return entry
	}
	host = strings.TrimSuffix(host, ".")
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		if strings.Contains(rest, "*") {
			return fail(i18n.T("is a malformed wildcard: only one leading label may be *, as in *.example.com"))
		}
		if !strings.Contains(rest, ".") {
			return fail(i18n.T("is too broad: a wildcard must keep at least two labels, as in *.example.com"))
		}
		entry.wildcard = true
		host = rest
	} else if strings.Contains(host, "*") {
		return fail(i18n.T("is a malformed wildcard: * may only be a whole leading label, as in *.example.com"))
	}
	if endsInNumber(host) {
		return fail(i18n.T("looks like a numeric IP form; write IPv4 addresses as dotted quads such as 192.0.2.1"))
	}
	name, problem := normaliseDomain(host)
	if problem != "" {
		return fail(problem)
	}
	entry.name = name
	return entry
}

// normalisePort checks a decimal port and drops its leading zeros.
func normalisePort(port string) (string, bool) {
	if port == "" || len(port) > 5 {
		return "", false
	}
	for _, c := range port {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return "", false
	}
	return strconv.Itoa(n), true
}

// endsInNumber reports whether a host's last label is a number (decimal, or 0x hexadecimal), which
// the WHATWG URL parser and inet_aton read as an IPv4 address: "2130706433", "0x7f.1" and "127.1"
// all mean 127.0.0.1 to them. Such hosts are neither domain names nor canonical IP literals.
func endsInNumber(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if hex, ok := strings.CutPrefix(last, "0x"); ok {
		return strings.Trim(hex, "0123456789abcdef") == ""
	}
	return strings.Trim(last, "0123456789") == ""
}

// normaliseDomain turns a lower-cased host name into the form hosts are compared in: A-labels for
// internationalised names, no trailing dot. It reports why the name is not a valid host name.
func normaliseDomain(host string) (string, string) {
	if host == "" {
		return "", i18n.T("is empty")
	}
	if !untrusted.IsASCII(host) {
		ascii, err := strictIDNA.ToASCII(host)
		if err != nil {
			return "", i18n.T("is not a valid internationalised domain name in lower case (fullwidth, look-alike or invisible characters are refused)")
		}
		host = untrusted.ASCIILower(ascii)
	}
	if len(host) > 253 {
		return "", i18n.T("is longer than 253 characters")
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" {
			return "", i18n.T("has an empty label (two dots in a row, or a leading dot)")
		}
		if len(label) > 63 {
			return "", i18n.T("has a label longer than 63 characters")
		}
		if strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return "", i18n.T("has characters that are not allowed in a host name")
		}
	}
	return host, ""
}

// urlHost is the host of a URL argument, in comparable form.
type urlHost struct {
	name string     // A-label domain, lower case, no trailing dot; unset for IP literals
	addr netip.Addr // the IP literal, when the host is one
}

func (r ArgumentRule) checkHosts(pointer string, value any) []Violation {
	violation := func(rule, format string, args ...any) Violation {
		return Violation{Argument: pointer, Rule: rule, Message: i18n.Sprintf(format, args...)}
	}
	one := func(rule, format string, args ...any) []Violation {
		return []Violation{violation(rule, format, args...)}
	}
	raw, ok := value.(string)
	if !ok {
		return one(ruleHosts, "expected a URL string, found %s", jsondoc.TypeName(value))
	}
	if at, ok := firstHiddenRune(raw); ok {
		return one(ruleHosts, "the URL contains whitespace or an invisible control character at character %d; a URL must be written without them (percent-encode spaces as %%20)", at+1)
	}
	if strings.ContainsRune(raw, '\\') {
		return one(ruleHosts, `the URL contains a backslash, which browsers read as "/" and other parsers do not, so its host is ambiguous; percent-encode it as %%5C`)
	}
	allowedSchemes := r.Schemes
	if allowedSchemes == nil {
		allowedSchemes = defaultSchemes
	}
	if strings.HasPrefix(raw, "//") {
		return one(ruleSchemes, "the URL is scheme-relative (it starts with //); expected an absolute URL with scheme %s", listShort(allowedSchemes))
	}
	if !schemePrefix.MatchString(raw) {
		return one(ruleSchemes, "the URL has no scheme; expected an absolute URL such as https://%s/", exampleHost(r.hosts))
	}
	parsed, err := url.Parse(raw)
	if err != nil {
		var urlErr *url.Error
		if errors.As(err, &urlErr) {
			err = urlErr.Err
		}
		return one(ruleHosts, "the value is not a valid URL (%s)", secrets.ShowText(err.Error(), 120))
	}
	var found []Violation
	if !containsFold(allowedSchemes, parsed.Scheme) {
		found = append(found, violation(ruleSchemes, "the URL scheme %s is not allowed; expected %s", secrets.Quote(parsed.Scheme), listShort(allowedSchemes)))
	}
	if parsed.Opaque != "" || parsed.Host == "" {
		return append(found, violation(ruleHosts, "the URL has no host; expected scheme://host/… with host %s", listShort(r.Hosts)))
	}
	if parsed.User != nil {
		found = append(found, violation(ruleHosts, "the URL carries credentials (user information before @); a URL argument must not hold them"))
	}
	// url.Parse decodes %XX in the host; parsers that do not would see another host, so the raw
	// authority is checked for escapes before trusting the decoded one.
	authority, hasAuthority := strings.CutPrefix(raw[len(parsed.Scheme)+len(":"):], "//")
	if !hasAuthority {
		return append(found, violation(ruleHosts, "the URL has no host; expected scheme://host/… with host %s", listShort(r.Hosts)))
	}
	if end := strings.IndexAny(authority, "/?#"); end >= 0 {
		authority = authority[:end]
	}
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		authority = authority[at+1:]
	}
	if strings.ContainsRune(authority, '%') {
		return append(found, violation(ruleHosts, "the URL host is percent-encoded; expected host %s written plainly", listShort(r.Hosts)))
	}
	host, problem := readURLHost(parsed)
	if problem != "" {
		return append(found, violation(ruleHosts, "the URL host %s %s", secrets.Quote(parsed.Hostname()), problem))
	}
	port := parsed.Port()
	if port == "" {
		port = defaultPorts[parsed.Scheme]
	} else if normal, ok := normalisePort(port); ok {
		port = normal
	} else {
		return append(found, violation(ruleHosts, "the URL port %s is not a number from 1 to 65535", secrets.Quote(port)))
	}
	hostAllowed, portAllowed := false, false
	var portsForHost []string
	for _, entry := range r.hosts {
		if !entry.matches(host) {
			continue
		}
		hostAllowed = true
		if entry.port == "" || entry.port == port {
			portAllowed = true
			break
		}
		portsForHost = append(portsForHost, entry.port)
	}
	shownHost := secrets.Quote(hostText(host))
	switch {
	case !hostAllowed:
		found = append(found, violation(ruleHosts, "the URL host %s is not allowed; expected %s", shownHost, listShort(r.Hosts)))
	case !portAllowed:
		shownPort := i18n.T("no port")
		if port != "" {
			shownPort = i18n.Sprintf("port %s", port)
		}
		found = append(found, violation(ruleHosts, "the URL uses %s on host %s; expected port %s", shownPort, shownHost, i18n.Join(portsForHost, i18n.T(" or "))))
	}
	return found
}

// readURLHost classifies the host of a parsed URL: a canonical IP literal, or a domain name in
// comparable form. Anything else (numeric IPv4 forms, IPv6 zones, invalid names) is a problem.
func readURLHost(parsed *url.URL) (urlHost, string) {
	hostname := parsed.Hostname()
	if strings.HasPrefix(parsed.Host, "[") {
		addr, err := netip.ParseAddr(hostname)
		if err != nil || !addr.Is6() {
			return urlHost{}, i18n.T("is in brackets but is not an IPv6 address")
		}
		if addr.Zone() != "" {
			return urlHost{}, i18n.T("names an IPv6 zone, which no hosts entry can match")
		}
		return urlHost{addr: addr}, ""
	}
	lower := untrusted.ASCIILower(hostname)
	if addr, err := netip.ParseAddr(lower); err == nil && addr.Is4() {
		return urlHost{addr: addr}, ""
	}
	lower = strings.TrimSuffix(lower, ".")
	if endsInNumber(lower) {
		return urlHost{}, i18n.T("is a numeric IP form that parsers read as an address (as in 2130706433 or 0x7f.1); IP hosts must be dotted quads")
	}
	name, problem := normaliseDomain(lower)
	if problem != "" {
		return urlHost{}, problem
	}
	return urlHost{name: name}, ""
}

func hostText(host urlHost) string {
	if host.addr.IsValid() {
		return host.addr.String()
	}
	return host.name
}

// exampleHost picks a host to show in a message about a URL with no scheme.
func exampleHost(hosts []hostEntry) string {
	for _, entry := range hosts {
		if entry.problem == "" && !entry.wildcard && !entry.addr.IsValid() {
			return entry.String()
		}
	}
	return "host.example"
}

// firstHiddenRune finds the first white space or hidden character (untrusted.IsHidden: a
// zero-width space, a bidirectional override, a control) or invalid UTF-8 and returns its
// position in characters.
func firstHiddenRune(s string) (int, bool) {
	position := 0
	for _, c := range s {
		if unicode.IsSpace(c) || untrusted.IsHidden(c) || c == utf8.RuneError {
			return position, true
		}
		position++
	}
	return 0, false
}

func containsFold(list []string, s string) bool {
	for _, item := range list {
		if strings.EqualFold(item, s) {
			return true
		}
	}
	return false
}
