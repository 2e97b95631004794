package core

// Argument rules: the policy's per-argument constraints ("arguments": {tool: {argName: rule}}).
//
// A tool call can be well-formed for its schema and still ask for the wrong thing: a URL on a host
// nobody approved, a path that climbs out of the workspace. The rules here judge one argument value
// each. They are written to fail closed: when a value can be read in more than one way (a URL that
// parsers disagree on, a path that may or may not be percent-decoded by the tool), every reading must
// pass, and a rule that is itself malformed refuses everything.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// ArgumentRule is one entry of policy "arguments": {tool: {argName: ArgumentRule}}.
// Every field that is set must hold; fields left out do not constrain the value.
type ArgumentRule struct {
	// Hosts lists the hosts a URL argument may name: exact ("api.example.com"), wildcard
	// ("*.example.com": subdomains only, not the apex), IP literals ("192.0.2.1", "[2001:db8::1]"),
	// each optionally with a port ("api.example.com:8443"), which then must match.
	Hosts []string `json:"hosts,omitempty"`
	// Schemes lists the URL schemes allowed when Hosts is set; default ["https", "http"].
	Schemes []string `json:"schemes,omitempty"`
	// Workspace is an absolute directory a path argument must stay inside. A path that starts
	// like a URL ("file:", "https:", any scheme of two or more characters) is refused, except a
	// file: URL naming a local absolute path inside the workspace (file:///srv/work/a,
	// file://localhost/srv/work/a, file:/srv/work/a); a path that reads as invalid UTF-8 once
	// percent-decoded is refused too.
	Workspace string `json:"workspace,omitempty"`
	// Enum lists the values the argument may take, compared as JSON values (numbers exactly).
	Enum []any `json:"enum,omitempty"`
	// Pattern is an RE2 expression the string must contain a match for (like JSON Schema's
	// "pattern", it is not anchored: write ^…$ to match the whole value).
	Pattern string `json:"pattern,omitempty"`
	// MaxLength is the longest the string may be, in Unicode code points.
	MaxLength *int `json:"max_length,omitempty"`

	// workspaceEmpty and patternEmpty record a "workspace" or "pattern" written as "": without
	// them an empty string would read as a field left out, and the rule would silently check
	// less than its author wrote.
	workspaceEmpty, patternEmpty bool
}

// UnmarshalJSON reads a rule from the policy's JSON. It differs from the default decoding so that
// the Go reading agrees with the policy schema: "max_length" may be written as any JSON number
// with a whole value (JSON Schema's "integer" admits 5.0 and 5e0), and a "workspace" or "pattern"
// written as "" is kept as written, for [ArgumentRule.Validate] to report. Unknown members are
// refused, and numbers in "enum" keep every digit.
func (r *ArgumentRule) UnmarshalJSON(data []byte) error {
	var wire struct {
		Hosts     []string     `json:"hosts"`
		Schemes   []string     `json:"schemes"`
		Workspace *string      `json:"workspace"`
		Enum      []any        `json:"enum"`
		Pattern   *string      `json:"pattern"`
		MaxLength *json.Number `json:"max_length"`
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&wire); err != nil {
		return err
	}
	rule := ArgumentRule{Hosts: wire.Hosts, Schemes: wire.Schemes, Enum: wire.Enum}
	if wire.Workspace != nil {
		rule.Workspace, rule.workspaceEmpty = *wire.Workspace, *wire.Workspace == ""
	}
	if wire.Pattern != nil {
		rule.Pattern, rule.patternEmpty = *wire.Pattern, *wire.Pattern == ""
	}
	if wire.MaxLength != nil {
		limit, err := wholeNumber(string(*wire.MaxLength))
		if err != nil {
			return fmt.Errorf("max_length %s", err)
		}
		rule.MaxLength = &limit
	}
	*r = rule
	return nil
}

// maxWholeNumberDigits bounds how many digits wholeNumber writes out, so that 1e999999999 costs
// nothing; strconv.Atoi then refuses what an int cannot hold. (The policy schema caps max_length
// far below either.)
const maxWholeNumberDigits = 18

// wholeNumber reads a JSON number whose value is a whole number, in any of its spellings: 5, 5.0,
// 5e0, 0.5e1.
func wholeNumber(text string) (int, error) {
	number, ok := parseDecimal(text)
	switch {
	case !ok:
		return 0, fmt.Errorf("must be a number, found %s", shorten(text, 40))
	case number.digits == "":
		return 0, nil
	case number.exponent.Sign() < 0:
		return 0, fmt.Errorf("must be a whole number, found %s", shorten(text, 40))
	case !number.exponent.IsInt64() || int64(len(number.digits))+number.exponent.Int64() > maxWholeNumberDigits:
		return 0, fmt.Errorf("is too large: %s", shorten(text, 40))
	}
	digits := number.digits + strings.Repeat("0", int(number.exponent.Int64()))
	if number.negative {
		digits = "-" + digits
	}
	return strconv.Atoi(digits)
}

// Violation is one argument rule that does not hold. It appears in a decision's "violations".
type Violation struct {
	Argument string `json:"argument"` // JSON Pointer into the arguments, e.g. "/url"
	Rule     string `json:"rule"`     // "hosts", "schemes", "workspace", "enum", "pattern", "max_length", "secret"
	Message  string `json:"message"`  // plain English: what was found and what was expected; never a secret
}

// Rule names used in [Violation.Rule].
const (
	ruleHosts     = "hosts"
	ruleSchemes   = "schemes"
	ruleWorkspace = "workspace"
	ruleEnum      = "enum"
	rulePattern   = "pattern"
	ruleMaxLength = "max_length"
)

// Check applies the rule to the argument value found at pointer. The value is a decoded JSON value
// (map[string]any, []any, json.Number, string, bool or nil; float64 and Go integers are accepted too).
//
// Check is for arguments that are present: the caller skips an argument the call leaves out, since
// whether it is required is the schema's business, not the rule's. A present value of the wrong type
// for the rule (a number where a URL is expected, JSON null where a path is expected) is a violation.
// Violations come in a fixed order: hosts and schemes, workspace, enum, pattern, max_length.
func (r ArgumentRule) Check(pointer string, value any) []Violation {
	var found []Violation
	if r.Hosts != nil {
		found = append(found, r.checkHosts(pointer, value)...)
	}
	if r.Workspace != "" || r.workspaceEmpty {
		found = append(found, r.checkWorkspace(pointer, value)...)
	}
	if r.Enum != nil {
		found = append(found, r.checkEnum(pointer, value)...)
	}
	if r.Pattern != "" || r.patternEmpty {
		found = append(found, r.checkPattern(pointer, value)...)
	}
	if r.MaxLength != nil {
		found = append(found, r.checkMaxLength(pointer, value)...)
	}
	return found
}

// Validate reports what is wrong with the rule itself, one plain-English message per problem, so the
// policy loader can turn them into problems. A rule with problems still works in Check, refusing
// whatever its broken part would have judged.
func (r ArgumentRule) Validate() []string {
	var problems []string
	hasWorkspace, hasPattern := r.Workspace != "" || r.workspaceEmpty, r.Pattern != "" || r.patternEmpty
	if r.Hosts == nil && !hasWorkspace && r.Enum == nil && !hasPattern && r.MaxLength == nil {
		problems = append(problems, "the rule checks nothing: set hosts, workspace, enum, pattern or max_length")
	}
	for i, raw := range r.Hosts {
		if entry := parseHostEntry(raw); entry.problem != "" {
			problems = append(problems, fmt.Sprintf("hosts[%d] %s %s", i, quoteShort(raw), entry.problem))
		}
	}
	if r.Schemes != nil && r.Hosts == nil {
		problems = append(problems, "schemes only applies together with hosts")
	}
	for i, scheme := range r.Schemes {
		if !schemeSyntax.MatchString(scheme) {
			problems = append(problems, fmt.Sprintf("schemes[%d] %s is not a URL scheme (letters, digits, +, - and . starting with a letter)", i, quoteShort(scheme)))
		}
	}
	if hasWorkspace {
		if problem := workspaceProblem(r.Workspace); problem != "" {
			problems = append(problems, fmt.Sprintf("workspace %s %s", quoteShort(r.Workspace), problem))
		}
	}
	if r.Enum != nil && len(r.Enum) == 0 {
		problems = append(problems, "enum is empty, so no value can pass")
	}
	if r.patternEmpty {
		problems = append(problems, `pattern is empty: it would match every value; write an RE2 expression, or leave "pattern" out`)
	} else if hasPattern {
		if _, err := regexp.Compile(r.Pattern); err != nil {
			problems = append(problems, fmt.Sprintf("pattern does not compile as RE2: %s", shorten(err.Error(), 200)))
		}
	}
	if r.MaxLength != nil && *r.MaxLength < 0 {
		problems = append(problems, fmt.Sprintf("max_length is %d; it must be 0 or more", *r.MaxLength))
	}
	return problems
}

// ---- hosts ----

// defaultSchemes are the schemes a hosts rule allows when it names none.
var defaultSchemes = []string{"https", "http"}

// schemeSyntax is RFC 3986's scheme production.
var schemeSyntax = lazyRE(`^[A-Za-z][A-Za-z0-9+.\-]*$`)

// schemePrefix finds the scheme at the start of a URL.
var schemePrefix = lazyRE(`^[A-Za-z][A-Za-z0-9+.\-]*:`)

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
		return fail("is empty")
	case strings.TrimSpace(raw) != raw:
		return fail("has surrounding whitespace")
	case strings.ContainsAny(raw, "/?#@\\") || strings.Contains(raw, "://"):
		return fail("must be a host name such as api.example.com, not a URL")
	}
	host, port := raw, ""
	if strings.HasPrefix(raw, "[") {
		end := strings.IndexByte(raw, ']')
		if end < 0 {
			return fail("opens [ for an IPv6 address but never closes it")
		}
		host, port = raw[1:end], raw[end+1:]
		if port != "" {
			if !strings.HasPrefix(port, ":") {
				return fail("has text after the ] of its IPv6 address")
			}
			port = port[1:]
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || !addr.Is6() || addr.Zone() != "" {
			return fail("has brackets around something that is not an IPv6 address")
		}
	} else if strings.Count(raw, ":") == 1 {
		host, port, _ = strings.Cut(raw, ":")
	}
	entry := hostEntry{}
	if port != "" || strings.HasSuffix(raw, ":") {
		normal, ok := normalisePort(port)
		if !ok {
			return fail("has a port that is not a number from 1 to 65535")
		}
		entry.port = normal
	}
	host = asciiLower(host)
	if addr, err := netip.ParseAddr(host); err == nil {
		if addr.Zone() != "" {
			return fail("names an IPv6 zone, which a URL host cannot match")
		}
		entry.addr = addr
		return entry
	}
	host = strings.TrimSuffix(host, ".")
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		if strings.Contains(rest, "*") {
			return fail("is a malformed wildcard: only one leading label may be *, as in *.example.com")
		}
		if !strings.Contains(rest, ".") {
			return fail("is too broad: a wildcard must keep at least two labels, as in *.example.com")
		}
		entry.wildcard = true
		host = rest
	} else if strings.Contains(host, "*") {
		return fail("is a malformed wildcard: * may only be a whole leading label, as in *.example.com")
	}
	if endsInNumber(host) {
		return fail("looks like a numeric IP form; write IPv4 addresses as dotted quads such as 192.0.2.1")
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
		return "", "is empty"
	}
	if !isASCII(host) {
		ascii, err := strictIDNA.ToASCII(host)
		if err != nil {
			return "", "is not a valid internationalised domain name in lower case (fullwidth, look-alike or invisible characters are refused)"
		}
		host = asciiLower(ascii)
	}
	if len(host) > 253 {
		return "", "is longer than 253 characters"
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" {
			return "", "has an empty label (two dots in a row, or a leading dot)"
		}
		if len(label) > 63 {
			return "", "has a label longer than 63 characters"
		}
		if strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return "", "has characters that are not allowed in a host name"
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
		return Violation{Argument: pointer, Rule: rule, Message: fmt.Sprintf(format, args...)}
	}
	one := func(rule, format string, args ...any) []Violation {
		return []Violation{violation(rule, format, args...)}
	}
	raw, ok := value.(string)
	if !ok {
		return one(ruleHosts, "expected a URL string, found %s", describeType(value))
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
		return one(ruleSchemes, "the URL has no scheme; expected an absolute URL such as https://%s/", exampleHost(r.Hosts))
	}
	parsed, err := url.Parse(raw)
	if err != nil {
		var urlErr *url.Error
		if errors.As(err, &urlErr) {
			err = urlErr.Err
		}
		return one(ruleHosts, "the value is not a valid URL (%s)", redactedText(err.Error(), 120))
	}
	var found []Violation
	if !containsFold(allowedSchemes, parsed.Scheme) {
		found = append(found, violation(ruleSchemes, "the URL scheme %s is not allowed; expected %s", redactedShort(parsed.Scheme), listShort(allowedSchemes)))
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
		return append(found, violation(ruleHosts, "the URL host %s %s", redactedShort(parsed.Hostname()), problem))
	}
	port := parsed.Port()
	if port == "" {
		port = defaultPorts[parsed.Scheme]
	} else if normal, ok := normalisePort(port); ok {
		port = normal
	} else {
		return append(found, violation(ruleHosts, "the URL port %s is not a number from 1 to 65535", redactedShort(port)))
	}
	hostAllowed, portAllowed := false, false
	var portsForHost []string
	for _, rawEntry := range r.Hosts {
		entry := parseHostEntry(rawEntry)
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
	shownHost := redactedShort(hostText(host))
	switch {
	case !hostAllowed:
		found = append(found, violation(ruleHosts, "the URL host %s is not allowed; expected %s", shownHost, listShort(r.Hosts)))
	case !portAllowed:
		shownPort := "no port"
		if port != "" {
			shownPort = "port " + port
		}
		found = append(found, violation(ruleHosts, "the URL uses %s on host %s; expected port %s", shownPort, shownHost, strings.Join(portsForHost, " or ")))
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
			return urlHost{}, "is in brackets but is not an IPv6 address"
		}
		if addr.Zone() != "" {
			return urlHost{}, "names an IPv6 zone, which no hosts entry can match"
		}
		return urlHost{addr: addr}, ""
	}
	lower := asciiLower(hostname)
	if addr, err := netip.ParseAddr(lower); err == nil && addr.Is4() {
		return urlHost{addr: addr}, ""
	}
	lower = strings.TrimSuffix(lower, ".")
	if endsInNumber(lower) {
		return urlHost{}, "is a numeric IP form that parsers read as an address (as in 2130706433 or 0x7f.1); IP hosts must be dotted quads"
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
func exampleHost(hosts []string) string {
	for _, raw := range hosts {
		if entry := parseHostEntry(raw); entry.problem == "" && !entry.wildcard && !entry.addr.IsValid() {
			return entry.String()
		}
	}
	return "host.example"
}

// firstHiddenRune finds the first whitespace, control or format character (such as a zero-width
// space or a bidirectional override) and returns its position in characters.
func firstHiddenRune(s string) (int, bool) {
	position := 0
	for _, c := range s {
		if unicode.IsSpace(c) || unicode.IsControl(c) || unicode.Is(unicode.Cf, c) || c == utf8.RuneError {
			return position, true
		}
		position++
	}
	return 0, false
}

// ---- workspace ----

// workspaceProblem says what is wrong with a workspace directory named by a policy.
func workspaceProblem(workspace string) string {
	switch {
	case workspace == "":
		return "is empty: write an absolute directory such as /srv/work, or leave \"workspace\" out"
	case strings.ContainsRune(workspace, 0):
		return "contains a NUL byte"
	case !strings.HasPrefix(workspace, "/"):
		return "must be an absolute path written with slashes, such as /srv/work"
	case strings.ContainsAny(workspace, "\\%"):
		return "must be written plainly, without backslashes or percent-encoding"
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
		steps = append(steps, "percent-decoded")
	default:
		steps = append(steps, fmt.Sprintf("percent-decoded %d times", p.decodes))
	}
	if p.slashes {
		steps = append(steps, "with backslashes as separators")
	}
	if p.compatible {
		steps = append(steps, "with look-alike characters folded")
	}
	if len(steps) == 0 {
		return "as written"
	}
	return strings.Join(steps, ", ")
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
func percentDecodeOnce(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var out strings.Builder
	out.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			out.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// foldCompatible applies NFKC, which turns fullwidth "．．／" into "../"; Windows' best-fit code
// page conversion and some file APIs do the same behind a tool's back.
func foldCompatible(s string) string {
	if isASCII(s) {
		return s
	}
	return norm.NFKC.String(s)
}

func (r ArgumentRule) checkWorkspace(pointer string, value any) []Violation {
	one := func(format string, args ...any) []Violation {
		return []Violation{{Argument: pointer, Rule: ruleWorkspace, Message: fmt.Sprintf(format, args...)}}
	}
	if problem := workspaceProblem(r.Workspace); problem != "" {
		return one("the workspace rule is invalid (the workspace %s), so no path can be judged inside it", problem)
	}
	workspace := path.Clean(r.Workspace)
	raw, ok := value.(string)
	if !ok {
		return one("expected a path string, found %s", describeType(value))
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
var windowsDrive = lazyRE(`^[A-Za-z]:`)

// urlLikePath matches a path that starts like a URL: a scheme of two or more characters and a
// colon, as in "file:/etc/passwd" or "https://…" (one letter and a colon is a Windows drive).
var urlLikePath = lazyRE(`^[A-Za-z][A-Za-z0-9+.\-]+:`)

// pathOutside says why a path is outside the workspace, or "" when it is inside. Relative paths are
// resolved against the workspace; ".." and "." are resolved lexically (symbolic links are the
// tool's to refuse: they cannot be seen from here).
func pathOutside(p, workspace string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`):
		return "the path starts with ~, a home directory"
	case strings.HasPrefix(p, "~"):
		return "the path starts with ~user, another user's home directory"
	case windowsDrive.MatchString(p):
		return fmt.Sprintf("the path names the Windows drive %s", p[:2])
	case urlLikePath.MatchString(p):
		return fileURLOutside(p, workspace)
	case strings.HasPrefix(p, "//"):
		return "the path starts with //, a network share"
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
	return fmt.Sprintf("the path resolves to %s, outside the workspace", redactedShort(resolved))
}

// fileURLOutside judges a path that starts like a URL. A tool may hand such a value to a URL
// opener, so only a file: URL naming a local absolute path is read: file:///p,
// file://localhost/p and file:/p, whose path p must be inside the workspace both as written and
// cut at its query or fragment. Any other scheme, a file: URL naming another host, and one with a
// relative path are refused; a file whose name merely has a colon can be written "./name:…".
func fileURLOutside(p, workspace string) string {
	scheme, rest, _ := strings.Cut(p, ":")
	if !strings.EqualFold(scheme, "file") {
		return fmt.Sprintf("the path starts like a URL with scheme %s (a file name with a colon can be written with ./ in front)", redactedShort(scheme))
	}
	urlPath := rest
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		host, hostPath, hasPath := strings.Cut(after, "/")
		if host != "" && !strings.EqualFold(host, "localhost") {
			return "the path is a file: URL naming another host"
		}
		if !hasPath {
			return "the path is a file: URL with no path"
		}
		urlPath = "/" + hostPath
	}
	if !strings.HasPrefix(urlPath, "/") {
		return "the path is a file: URL with a relative path, which URL openers resolve against a directory of their own"
	}
	candidates := []string{urlPath}
	if end := strings.IndexAny(urlPath, "?#"); end >= 0 {
		candidates = append(candidates, urlPath[:end])
	}
	for _, candidate := range candidates {
		if reason := pathOutside(candidate, workspace); reason != "" {
			return "read as a file: URL, " + reason
		}
	}
	return ""
}

// ---- enum ----

func (r ArgumentRule) checkEnum(pointer string, value any) []Violation {
	for _, allowed := range r.Enum {
		if jsonEqual(value, allowed) {
			return nil
		}
	}
	if len(r.Enum) == 0 {
		return []Violation{{Argument: pointer, Rule: ruleEnum, Message: "the enum is empty, so no value can pass"}}
	}
	shown := make([]string, 0, len(r.Enum))
	for _, allowed := range r.Enum {
		shown = append(shown, describeValue(allowed))
	}
	return []Violation{{
		Argument: pointer,
		Rule:     ruleEnum,
		Message:  fmt.Sprintf("the value %s is not one of the allowed values: %s", describeValue(value), joinShort(shown)),
	}}
}

// jsonEqual compares two decoded JSON values the way JSON Schema's "enum" and "const" do: same type,
// numbers equal as exact decimals (1 equals 1.0; 12345678901234567890 differs from …891), objects
// with the same members, arrays with the same elements in order.
func jsonEqual(a, b any) bool {
	if numberA, isNumber := numberText(a); isNumber {
		numberB, bothNumbers := numberText(b)
		if !bothNumbers {
			return false
		}
		decimalA, okA := parseDecimal(numberA)
		decimalB, okB := parseDecimal(numberB)
		if !okA || !okB {
			return okA == okB && numberA == numberB
		}
		return decimalA.equal(decimalB)
	}
	switch a := a.(type) {
	case nil:
		return b == nil
	case bool:
		other, ok := b.(bool)
		return ok && a == other
	case string:
		other, ok := b.(string)
		return ok && a == other
	case []any:
		other, ok := b.([]any)
		if !ok || len(a) != len(other) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], other[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		other, ok := b.(map[string]any)
		if !ok || len(a) != len(other) {
			return false
		}
		for key, member := range a {
			otherMember, present := other[key]
			if !present || !jsonEqual(member, otherMember) {
				return false
			}
		}
		return true
	}
	return false
}

// numberText gives the JSON text of a number value of any of the types a decoder produces.
func numberText(v any) (string, bool) {
	switch n := v.(type) {
	case json.Number:
		return string(n), true
	case float64:
		return strconv.FormatFloat(n, 'g', -1, 64), true
	case float32:
		return strconv.FormatFloat(float64(n), 'g', -1, 32), true
	case int:
		return strconv.Itoa(n), true
	case int64:
		return strconv.FormatInt(n, 10), true
	case int32:
		return strconv.FormatInt(int64(n), 10), true
	case uint64:
		return strconv.FormatUint(n, 10), true
	case uint:
		return strconv.FormatUint(uint64(n), 10), true
	}
	return "", false
}

// decimal is an exact number digits × 10^exponent with no leading or trailing zeros in digits,
// so that equal numbers have equal representations. big.Rat would expand an exponent like
// 1e999999999 into its digits; here only the exponent is a big.Int.
type decimal struct {
	negative bool
	digits   string   // "" for zero
	exponent *big.Int // nil for zero
}

func (d decimal) equal(other decimal) bool {
	if d.digits == "" || other.digits == "" {
		return d.digits == other.digits
	}
	return d.negative == other.negative && d.digits == other.digits && d.exponent.Cmp(other.exponent) == 0
}

// maxExponentDigits bounds the exponents parseDecimal reads: reading decimal digits into a big.Int
// takes time quadratic in their count. A number with a longer exponent is compared by its text.
const maxExponentDigits = 1000

// parseDecimal reads JSON number syntax (also accepting a leading + in the exponent, as
// strconv.FormatFloat writes it).
func parseDecimal(text string) (decimal, bool) {
	var d decimal
	rest := text
	if strings.HasPrefix(rest, "-") {
		d.negative = true
		rest = rest[1:]
	}
	integer := leadingDigits(rest)
	rest = rest[len(integer):]
	if integer == "" || (len(integer) > 1 && integer[0] == '0') {
		return decimal{}, false
	}
	fraction := ""
	if strings.HasPrefix(rest, ".") {
		fraction = leadingDigits(rest[1:])
		if fraction == "" {
			return decimal{}, false
		}
		rest = rest[1+len(fraction):]
	}
	exponent := new(big.Int)
	if rest != "" {
		if rest[0] != 'e' && rest[0] != 'E' {
			return decimal{}, false
		}
		rest = rest[1:]
		sign := ""
		if strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, "-") {
			sign, rest = rest[:1], rest[1:]
		}
		if rest == "" || leadingDigits(rest) != rest || len(strings.TrimLeft(rest, "0")) > maxExponentDigits {
			return decimal{}, false
		}
		exponent.SetString(strings.TrimPrefix(sign, "+")+rest, 10)
	}
	digits := strings.TrimLeft(integer+fraction, "0")
	exponent.Sub(exponent, big.NewInt(int64(len(fraction))))
	trimmed := strings.TrimRight(digits, "0")
	exponent.Add(exponent, big.NewInt(int64(len(digits)-len(trimmed))))
	if trimmed == "" {
		return decimal{}, true
	}
	d.digits, d.exponent = trimmed, exponent
	return d, true
}

func leadingDigits(s string) string {
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	return s[:end]
}

// ---- pattern and max_length ----

func (r ArgumentRule) checkPattern(pointer string, value any) []Violation {
	one := func(format string, args ...any) []Violation {
		return []Violation{{Argument: pointer, Rule: rulePattern, Message: fmt.Sprintf(format, args...)}}
	}
	if r.patternEmpty {
		return one("the pattern rule is invalid (it is empty), so no value can pass")
	}
	compiled, err := regexp.Compile(r.Pattern)
	if err != nil {
		return one("the pattern rule is invalid (it does not compile as RE2), so no value can pass")
	}
	text, ok := value.(string)
	if !ok {
		return one("expected a string matching the pattern %s, found %s", quoteShort(r.Pattern), describeType(value))
	}
	if !compiled.MatchString(text) {
		return one("the value %s does not match the pattern %s", describeValue(text), quoteShort(r.Pattern))
	}
	return nil
}

func (r ArgumentRule) checkMaxLength(pointer string, value any) []Violation {
	one := func(format string, args ...any) []Violation {
		return []Violation{{Argument: pointer, Rule: ruleMaxLength, Message: fmt.Sprintf(format, args...)}}
	}
	limit := *r.MaxLength
	if limit < 0 {
		return one("the max_length rule is invalid (%d is negative), so no value can pass", limit)
	}
	text, ok := value.(string)
	if !ok {
		return one("expected a string of at most %d characters, found %s", limit, describeType(value))
	}
	if length := utf8.RuneCountInString(text); length > limit {
		return one("the value is %d characters long; expected at most %d", length, limit)
	}
	return nil
}

// ---- showing values in messages ----

// describeType names the JSON type of a value, with an article, for "found …" messages.
func describeType(v any) string {
	if _, isNumber := numberText(v); isNumber {
		return "a number"
	}
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("an unexpected %T", v)
}

// describeValue shows a value briefly in a message: scalars as JSON text cut to a readable length,
// strings that hold a token or key redacted, containers by their type.
func describeValue(v any) string {
	if text, isNumber := numberText(v); isNumber {
		return shorten(text, 40)
	}
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case string:
		return redactedShort(v)
	}
	return describeType(v)
}

// maxShownChars is how much of a value a message shows.
const maxShownChars = 60

// redactedShort quotes a string for a message, cut short, unless it holds a token or key: then only
// the kind and a redacted excerpt are shown.
func redactedShort(s string) string {
	if finding, found := firstTokenSecret(s); found {
		kind := strings.ReplaceAll(finding.Kind, "_", " ")
		article := "a"
		if strings.IndexByte("aeiou", kind[0]) >= 0 {
			article = "an"
		}
		return fmt.Sprintf("(a string holding what looks like %s %s, %s)", article, kind, finding.Excerpt)
	}
	if start, end, found := randomLookingRun(s); found {
		return fmt.Sprintf("(a string holding what looks like a key or token, %s)", excerpt(s[start:end]))
	}
	return quoteShort(s)
}

// randomLookingRun finds a run of base64 or hex characters long and mixed enough to be a key in a
// format no detector knows: 20 or more mixing upper case, lower case and digits, or 32 or more
// mixing letters and digits. Such a run is not shown in a message.
func randomLookingRun(s string) (int, int, bool) {
	start := 0
	upper, lower, digit := false, false, false
	for i := 0; i <= len(s); i++ {
		if i < len(s) && (isBase64(s[i]) || s[i] == '-' || s[i] == '_') {
			c := s[i]
			upper = upper || 'A' <= c && c <= 'Z'
			lower = lower || 'a' <= c && c <= 'z'
			digit = digit || '0' <= c && c <= '9'
			continue
		}
		length := i - start
		if digit && (length >= 20 && upper && lower || length >= 32 && (upper || lower)) {
			return start, i, true
		}
		start = i + 1
		upper, lower, digit = false, false, false
	}
	return 0, 0, false
}

// redactedText shows free text (such as a parser's error) cut short, withholding it whole if it
// holds a token or key.
func redactedText(s string, limit int) string {
	if _, found := firstTokenSecret(s); found {
		return "details withheld: they contain a secret-looking value"
	}
	if _, _, found := randomLookingRun(s); found {
		return "details withheld: they contain a key-like value"
	}
	return shorten(s, limit)
}

// quoteShort quotes a string for a message, cut to maxShownChars characters.
func quoteShort(s string) string {
	if utf8.RuneCountInString(s) <= maxShownChars {
		return strconv.Quote(s)
	}
	return strconv.Quote(shorten(s, maxShownChars))
}

// shorten cuts s to at most limit characters, marking the cut with "…".
func shorten(s string, limit int) string {
	count := 0
	for i := range s {
		if count == limit {
			return s[:i] + "…"
		}
		count++
	}
	return s
}

// listShort shows a list of policy strings as "x" or "one of x, y", naming the first few only.
func listShort(items []string) string {
	switch len(items) {
	case 0:
		return "nothing (the list is empty)"
	case 1:
		return quoteShort(items[0])
	}
	quoted := make([]string, 0, len(items))
	for _, item := range items {
		quoted = append(quoted, quoteShort(item))
	}
	return "one of " + joinShort(quoted)
}

// joinShort joins already-shown items, naming only the first eight.
func joinShort(shown []string) string {
	const limit = 8
	if len(shown) <= limit {
		return strings.Join(shown, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(shown[:limit], ", "), len(shown)-limit)
}

// ---- small text helpers ----

func containsFold(list []string, s string) bool {
	for _, item := range list {
		if strings.EqualFold(item, s) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiLower lower-cases ASCII letters only, so byte offsets are kept and no non-ASCII letter is
// folded into an ASCII one (as strings.ToLower folds the Kelvin sign into "k").
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			lowered := []byte(s)
			for j := i; j < len(lowered); j++ {
				if 'A' <= lowered[j] && lowered[j] <= 'Z' {
					lowered[j] += 'a' - 'A'
				}
			}
			return string(lowered)
		}
	}
	return s
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
