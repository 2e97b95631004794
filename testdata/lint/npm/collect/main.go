// Command collect gathers honest MCP tool catalogs from npm with gatehouse itself, for the lint's
// calibration (testdata/lint/npm). It is run by hand, never by the tests:
//
//	go build -o bin/gatehouse ./cmd/gatehouse
//	go run ./testdata/lint/npm/collect -candidates LIST.tsv -target 190
//
// LIST.tsv has one candidate a line, the package name first (tab-separated; further columns are
// ignored). For each candidate not refused (excluded.txt, already-collected.txt) and not yet in
// manifest.json, it pins the version and licence with `npm view`, reads the README for the
// environment variables it names, and runs `gatehouse catalog -- npx -y PKG@VERSION` with dummy
// values for them. A server that does not answer is tried once more with a scratch directory as
// its argument, since file and project servers ask for one. The catalog is stored byte for byte
// as gatehouse wrote it; the manifest records how it was obtained, and why a server failed.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
)

// An entry is one server of the manifest: collected (Tools > 0, File set) or failed (Failure set).
type entry struct {
	Package  string            `json:"package"`
	Version  string            `json:"version"`
	Licence  string            `json:"licence"`
	Tools    int               `json:"tools"`
	File     string            `json:"file,omitempty"`
	SHA256   string            `json:"sha256,omitempty"`
	Command  []string          `json:"command"`
	Env      map[string]string `json:"env"`
	Date     string            `json:"date"`
	Failure  string            `json:"failure,omitempty"`
	Attempts int               `json:"attempts"`
	// Batch names the round a server was collected in, when it was kept apart: measured with the
	// rules of that round before any of them changed, and never tuned on.
	Batch string `json:"batch,omitempty"`
}

// A manifest is the corpus's index: the servers collected, and those that failed (not counted).
type manifest struct {
	Description string `json:"description"`
	Tool        string `json:"tool"`
	// Batches notes, by batch name, how each kept-apart batch was measured and whether it has
	// since been tuned on.
	Batches map[string]string `json:"batches,omitempty"`
	Servers []entry           `json:"servers"`
	Failed  []entry           `json:"failed"`
}

var (
	dir        = flag.String("dir", "testdata/lint/npm", "the corpus directory")
	candidates = flag.String("candidates", "", "the candidates, one package name first on each line")
	gatehouse  = flag.String("gatehouse", "bin/gatehouse", "the gatehouse binary")
	target     = flag.Int("target", 190, "stop once this many servers list tools")
	parallel   = flag.Int("parallel", 2, "servers run at once")
	timeout    = flag.Duration("timeout", 60*time.Second, "gatehouse catalog --timeout for each attempt")
	scratch    = flag.String("scratch", "/tmp/gatehouse-collect", "scratch space: npm's cache, each server's HOME and directory")
	retryFail  = flag.Bool("retry-failed", false, "try again the candidates the manifest lists as failed")
	batch      = flag.String("batch", "", "the batch the servers collected now belong to, recorded in the manifest (a round's never-tuned set)")
	recheck    = flag.Bool("recheck", false, "read every stored catalog through core again, move those it refuses to failed, and stop")
)

func main() {
	flag.Parse()
	if abs, err := filepath.Abs(*gatehouse); err == nil {
		*gatehouse = abs
	}
	log.SetFlags(log.Ltime)
	refused, err := readRefusals(filepath.Join(*dir, "excluded.txt"))
	if err != nil {
		log.Fatal(err)
	}
	known, err := readRefusals(filepath.Join(*dir, "already-collected.txt"))
	if err != nil {
		log.Fatal(err)
	}
	m, err := readManifest(filepath.Join(*dir, "manifest.json"))
	if err != nil {
		log.Fatal(err)
	}
	if *recheck {
		recheckManifest(m)
		if err := writeManifest(filepath.Join(*dir, "manifest.json"), m); err != nil {
			log.Fatal(err)
		}
		return
	}
	names, err := readCandidates(*candidates)
	if err != nil {
		log.Fatal(err)
	}
	done := map[string]bool{}
	for _, e := range m.Servers {
		done[e.Package] = true
	}
	if !*retryFail {
		for _, e := range m.Failed {
			done[e.Package] = true
		}
	}
	var queue []string
	for _, n := range names {
		switch {
		case refused.refuses(n):
			log.Printf("refused (kept for outside measurement): %s", n)
		case known.refuses(n):
			log.Printf("skipped (already in a corpus): %s", n)
		case !done[n]:
			queue = append(queue, n)
			done[n] = true
		}
	}
	var mu sync.Mutex
	work := make(chan string)
	var wg sync.WaitGroup
	for range *parallel {
		wg.Go(func() {
			for pkg := range work {
				e := collect(pkg)
				e.Batch = *batch
				mu.Lock()
				m.Failed = slicesDeleteFunc(m.Failed, func(f entry) bool { return f.Package == pkg })
				if e.Failure == "" {
					m.Servers = append(m.Servers, e)
					log.Printf("ok %s@%s: %d tools (%d servers)", e.Package, e.Version, e.Tools, len(m.Servers))
				} else {
					m.Failed = append(m.Failed, e)
					log.Printf("failed %s: %s", pkg, e.Failure)
				}
				if err := writeManifest(filepath.Join(*dir, "manifest.json"), m); err != nil {
					log.Fatal(err)
				}
				mu.Unlock()
			}
		})
	}
	for _, pkg := range queue {
		mu.Lock()
		enough := len(m.Servers) >= *target
		mu.Unlock()
		if enough {
			break
		}
		work <- pkg
	}
	close(work)
	wg.Wait()
}

func slicesDeleteFunc(s []entry, del func(entry) bool) []entry {
	out := s[:0]
	for _, e := range s {
		if !del(e) {
			out = append(out, e)
		}
	}
	return out
}

// refusals is a list of package names, and of words no package name may contain.
type refusals struct {
	names    map[string]bool
	contains []string
}

func (r refusals) refuses(pkg string) bool {
	if r.names[pkg] {
		return true
	}
	for _, w := range r.contains {
		if strings.Contains(strings.ToLower(pkg), w) {
			return true
		}
	}
	return false
}

func readRefusals(path string) (refusals, error) {
	r := refusals{names: map[string]bool{}}
	data, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if w, ok := strings.CutPrefix(line, "contains:"); ok {
			r.contains = append(r.contains, strings.ToLower(w))
			continue
		}
		r.names[line] = true
	}
	return r, nil
}

func readCandidates(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		name, _, _ := strings.Cut(sc.Text(), "\t")
		if name = strings.TrimSpace(name); name != "" && !strings.HasPrefix(name, "#") {
			names = append(names, name)
		}
	}
	return names, sc.Err()
}

func readManifest(path string) (*manifest, error) {
	m := &manifest{
		Description: "Honest MCP tool catalogs from npm, each as `gatehouse catalog` wrote it; see README.md.",
		Tool:        "gatehouse catalog (testdata/lint/npm/collect)",
	}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	return m, json.Unmarshal(data, m)
}

func writeManifest(path string, m *manifest) error {
	sort.Slice(m.Servers, func(i, j int) bool { return m.Servers[i].Package < m.Servers[j].Package })
	sort.Slice(m.Failed, func(i, j int) bool { return m.Failed[i].Package < m.Failed[j].Package })
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// safeName is a package's file name: "@scope/name" becomes "scope__name".
func safeName(pkg string) string {
	s := strings.ReplaceAll(strings.TrimPrefix(pkg, "@"), "/", "__")
	return regexp.MustCompile(`[^A-Za-z0-9._-]`).ReplaceAllString(s, "-")
}

type npmView struct {
	Version string          `json:"version"`
	License json.RawMessage `json:"license"`
	Readme  string          `json:"readme"`
	Bin     json.RawMessage `json:"bin"`
}

// serverBin picks, from a package's bin field, the program npx is to run when it cannot choose one
// itself (several programs, none named as the package): the only one whose name says "mcp", or
// else the only one that says "server". "" when the field names no such program: the package is
// a library, or its programs are not told apart by their names.
func serverBin(raw json.RawMessage) string {
	var bins map[string]string
	if json.Unmarshal(raw, &bins) != nil || len(bins) == 0 {
		return ""
	}
	for _, word := range []string{"mcp", "server"} {
		var found []string
		for name := range bins {
			if strings.Contains(strings.ToLower(name), word) {
				found = append(found, name)
			}
		}
		if len(found) == 1 {
			return found[0]
		}
		if len(found) > 1 {
			return ""
		}
	}
	return ""
}

func licence(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(raw, &o) == nil && o.Type != "" {
		return o.Type
	}
	if len(raw) == 0 {
		return "UNKNOWN"
	}
	return string(raw)
}

// envName finds what look like environment variables in a README: upper case with an underscore.
var envName = regexp.MustCompile(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b`)

// configSuffixes are the endings of the variable names given a dummy value: credentials and the
// places a server talks to. Others (NODE_OPTIONS, LOG_LEVEL, MCP_TRANSPORT, …) change how a
// server runs, and a dummy there would break it.
var configSuffixes = []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASS", "PWD", "USER", "USERNAME",
	"EMAIL", "ID", "URL", "URI", "HOST", "DOMAIN", "ENDPOINT", "ACCOUNT", "ORG", "ORGANIZATION", "ADDRESS", "HOSTNAME", "APIKEY",
	"PROJECT", "WORKSPACE", "REGION", "TENANT", "SITE", "INSTANCE", "SERVER", "DATABASE", "DB",
	"BUCKET", "TEAM", "COMPANY", "SUBDOMAIN", "CREDENTIALS", "PAT", "AUTH", "DIR", "PATH", "ROOT"}

var neverSet = regexp.MustCompile(`^(PATH|HOME|NODE_.*|NPM_.*|DEBUG.*|LOG_.*|MCP_TRANSPORT|TRANSPORT.*|.*_PORT|PORT|HTTP_.*|HTTPS_.*|NO_PROXY|ALL_PROXY|TMPDIR|SHELL|USER|LANG|TERM|ENABLE_.*|DISABLE_.*|READ_ONLY.*|.*_MODE|.*_LEVEL|.*_TIMEOUT|.*_ENABLED)$`)

// baseEnv is given to every server: the keys most servers ask for.
var baseEnv = []string{"API_KEY", "API_TOKEN", "ACCESS_TOKEN", "AUTH_TOKEN", "GITHUB_TOKEN",
	"GITHUB_PERSONAL_ACCESS_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"}

// dummyEnv returns the dummy environment for a server, from the names its README gives.
func dummyEnv(readme, workdir string) map[string]string {
	env := map[string]string{}
	for _, n := range baseEnv {
		env[n] = "dummy"
	}
	count := 0
	for _, n := range envName.FindAllString(readme, -1) {
		if _, seen := env[n]; seen || neverSet.MatchString(n) || count >= 60 {
			continue
		}
		last := n[strings.LastIndexByte(n, '_')+1:]
		matched := false
		for _, s := range configSuffixes {
			if last == s {
				matched = true
			}
		}
		if !matched {
			continue
		}
		count++
		switch last {
		case "URL", "URI", "ENDPOINT", "SERVER":
			if strings.Contains(n, "DATABASE") || strings.Contains(n, "POSTGRES") || strings.Contains(n, "PG") {
				env[n] = "postgresql://dummy:dummy@127.0.0.1:9/dummy"
			} else if strings.Contains(n, "MONGO") {
				env[n] = "mongodb://127.0.0.1:9/dummy"
			} else if strings.Contains(n, "REDIS") {
				env[n] = "redis://127.0.0.1:9"
			} else {
				env[n] = "http://127.0.0.1:9"
			}
		case "HOST", "DOMAIN", "SUBDOMAIN":
			env[n] = "127.0.0.1"
		case "EMAIL":
			env[n] = "dummy@example.com"
		case "DIR", "PATH", "ROOT":
			env[n] = workdir
		default:
			env[n] = "dummy"
		}
	}
	return env
}

func collect(pkg string) entry {
	e := entry{Package: pkg, Date: time.Now().UTC().Format(time.RFC3339)}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	out, err := exec.CommandContext(ctx, "npm", "view", "--json", pkg+"@latest").Output()
	cancel()
	if err != nil {
		e.Failure = "npm view: " + err.Error()
		return e
	}
	var v npmView
	if err := json.Unmarshal(out, &v); err != nil || v.Version == "" {
		e.Failure = fmt.Sprintf("npm view: no version (%v)", err)
		return e
	}
	e.Version, e.Licence = v.Version, licence(v.License)
	home := filepath.Join(*scratch, "home", safeName(pkg))
	work := filepath.Join(*scratch, "work", safeName(pkg))
	for _, d := range []string{home, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			e.Failure = err.Error()
			return e
		}
	}
	defer os.RemoveAll(home)
	// The first attempt has the README's names (when the registry has the README); the next
	// ones add those the installed package reads from process.env, its README and what the
	// server said on stderr, then give a scratch directory as the argument.
	e.Env = dummyEnv(v.Readme, work)
	base := []string{"npx", "-y", pkg + "@" + v.Version}
	var failures []string
	var lastStderr string
	var readmeArgv []string
	for attempt := range 4 {
		argv := base
		switch attempt {
		case 2:
			argv = append(append([]string{}, base...), work)
		case 3:
			// The arguments the README's client configuration gives after the package name.
			if readmeArgv == nil {
				continue
			}
			argv = append(append([]string{}, base...), readmeArgv...)
		}
		if attempt == 1 {
			hints := v.Readme + "\n" + lastStderr + "\n" + installedHints(pkg)
			readmeArgv = configArgs(hints, pkg, work)
			for k, val := range dummyEnv(hints, work) {
				e.Env[k] = val
			}
		}
		e.Attempts++
		e.Command = argv
		catalog, why, stderr := run(argv, e.Env, home, work)
		lastStderr = stderr
		if why != "" {
			failures = append(failures, why)
			if strings.Contains(why, "could not determine executable to run") {
				// npx runs the package's program only when it has one, or one named as the
				// package; otherwise the program that names itself a server is asked for by
				// name, once, and the attempts go on with it.
				bin := serverBin(v.Bin)
				if bin == "" || base[2] == "-p" {
					break
				}
				base = []string{"npx", "-y", "-p", pkg + "@" + v.Version, bin}
				readmeArgv = nil
				continue
			}
			continue
		}
		var c struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(catalog, &c); err != nil {
			failures = append(failures, "catalog does not read: "+err.Error())
			continue
		}
		if len(c.Tools) == 0 {
			failures = append(failures, "the server lists no tools")
			continue
		}
		if why := coreRefuses(catalog); why != "" {
			failures = append(failures, why)
			break
		}
		e.Tools = len(c.Tools)
		e.File = "catalogs/" + safeName(pkg) + ".json"
		sum := sha256.Sum256(catalog)
		e.SHA256 = hex.EncodeToString(sum[:])
		if err := os.WriteFile(filepath.Join(*dir, e.File), catalog, 0o644); err != nil {
			log.Fatal(err)
		}
		return e
	}
	e.Failure = strings.Join(failures, " | then: ")
	return e
}

// coreRefuses says why core does not read a catalog as one, or "" when it does: a catalog the
// lint cannot read is no use for calibrating it.
func coreRefuses(catalog []byte) string {
	res := core.PinCatalog(core.PinRequest{Catalog: string(catalog)})
	if len(res.Problems) == 0 {
		return ""
	}
	p := res.Problems[0]
	return fmt.Sprintf("gatehouse catalog wrote it, but core does not read it as a catalog (%d problems): %d:%d: %s", len(res.Problems), p.Line, p.Column, p.Message)
}

// recheckManifest moves to failed every server whose stored catalog core does not read, and
// removes its file.
func recheckManifest(m *manifest) {
	var kept []entry
	for _, e := range m.Servers {
		data, err := os.ReadFile(filepath.Join(*dir, e.File))
		why := ""
		if err != nil {
			why = err.Error()
		} else {
			why = coreRefuses(data)
		}
		if why == "" {
			kept = append(kept, e)
			continue
		}
		log.Printf("refused by core: %s: %s", e.Package, why)
		_ = os.Remove(filepath.Join(*dir, e.File))
		e.Failure, e.File, e.SHA256, e.Tools = why, "", "", 0
		m.Failed = append(m.Failed, e)
	}
	m.Servers = kept
}

// argsArray finds the "args" arrays of the client configurations a README shows.
var argsArray = regexp.MustCompile(`"args"\s*:\s*(\[[^\]]*\])`)

// configArgs returns the arguments that follow the package's name in the first client
// configuration of its README that names it and passes more, with paths a person would fill in
// replaced by the scratch directory; nil when there is none.
func configArgs(readme, pkg, work string) []string {
	for _, m := range argsArray.FindAllStringSubmatch(readme, -1) {
		var items []string
		if json.Unmarshal([]byte(m[1]), &items) != nil {
			continue
		}
		for i, it := range items {
			if it != pkg && !strings.HasPrefix(it, pkg+"@") {
				continue
			}
			rest := items[i+1:]
			if len(rest) == 0 {
				break
			}
			out := make([]string, len(rest))
			for j, a := range rest {
				switch {
				case strings.Contains(a, "/path/to") || strings.HasPrefix(a, "/Users/") || strings.HasPrefix(a, "/home/") ||
					strings.HasPrefix(a, "C:") || strings.HasPrefix(a, "~/") || strings.HasPrefix(a, "<"):
					out[j] = work
				default:
					out[j] = a
				}
			}
			return out
		}
	}
	return nil
}

// processEnv finds the variables a package's code reads: process.env.NAME and process.env["NAME"].
var processEnv = regexp.MustCompile(`process\.env(?:\.|\[["'])([A-Z][A-Z0-9_]+)`)

// installedHints returns the README and the process.env names of the package as npx installed it
// in the shared cache, for the attempts after the first.
func installedHints(pkg string) string {
	matches, _ := filepath.Glob(filepath.Join(*scratch, "npm-cache", "_npx", "*", "node_modules", pkg, "package.json"))
	var b strings.Builder
	for _, m := range matches {
		root := filepath.Dir(m)
		for _, name := range []string{"README.md", "readme.md", "README.MD", "Readme.md", "README"} {
			if data, err := os.ReadFile(filepath.Join(root, name)); err == nil {
				b.Write(data)
				b.WriteByte('\n')
				break
			}
		}
		files := 0
		_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || files > 400 {
				return filepath.SkipDir
			}
			if d.IsDir() && d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".mjs") || strings.HasSuffix(path, ".cjs")) {
				files++
				if data, err := os.ReadFile(path); err == nil {
					for _, sub := range processEnv.FindAllStringSubmatch(string(data), -1) {
						b.WriteString(sub[1])
						b.WriteByte('\n')
					}
				}
			}
			return nil
		})
	}
	return b.String()
}

// run starts gatehouse catalog on one server command, in a process group of its own so that
// nothing the server leaves behind outlives it, and returns the catalog or why there is none.
func run(argv []string, env map[string]string, home, work string) ([]byte, string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), *timeout+30*time.Second)
	defer cancel()
	args := append([]string{"catalog", "--timeout", timeout.String(), "--"}, argv...)
	cmd := exec.CommandContext(ctx, *gatehouse, args...)
	cmd.Dir = work
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"npm_config_cache=" + filepath.Join(*scratch, "npm-cache"),
		"npm_config_update_notifier=false",
		"npm_config_fund=false",
		"npm_config_audit=false",
		"npm_config_ignore_scripts=true",
	}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	if err != nil {
		return nil, summarize(stderr.String(), err), stderr.String()
	}
	return stdout.Bytes(), "", stderr.String()
}

// summarize keeps the first line of gatehouse's complaint and the last lines of the server's
// stderr, without npm's notices.
func summarize(stderr string, err error) string {
	var lines []string
	for line := range strings.Lines(stderr) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "npm notice") || strings.HasPrefix(line, "npm warn") {
			continue
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return err.Error()
	}
	first := lines[0]
	if len(first) > 400 {
		first = first[:400]
	}
	var tail []string
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "gatehouse catalog:") {
			continue
		}
		if len(l) > 200 {
			l = l[:200]
		}
		tail = append(tail, l)
	}
	if len(tail) > 3 {
		tail = tail[len(tail)-3:]
	}
	if len(tail) > 0 {
		return first + " / " + strings.Join(tail, " / ")
	}
	return first
}
