// Package site serves the gatehouse page: the static HTML, CSS and ES modules of site/, the Web
// Worker that runs the checker, and — once `make wasm` has run — the checker's two modules
// (gatehouse-schema.wasm, which the page loads first, and gatehouse.wasm, every check),
// wasm_exec.js and codemirror.js (the editor, bundled from npm by esbuild).
//
// The files are embedded at build time, so the CLI's `serve` needs nothing on disk. The embed
// patterns only name files that are committed (gatehouse.d.ts keeps `gatehouse*` matching), so
// `go build ./...` works on a fresh clone; [HasWasm] tells whether the generated files were built
// in. [WriteDist] and [WriteSingle] write the same page for a static host or as one file.
//
// [Handler] serves exactly the embedded files and nothing else, with headers that keep the page to
// its own origin: whatever a user pastes stays in the page, and the Content-Security-Policy forbids
// the page from sending it anywhere.
package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// Each pattern also takes what `make wasm-br` writes beside the page's files (git-ignored): a
// script's or style sheet's minified copy, FILE.min (see [minified]), and each served file's
// brotli 11 copy, FILE.br or FILE.min.br (see [asset]); no other file in site/ starts like them.
//
//go:embed *.html* *.css* *.js* gatehouse*
var files embed.FS

// The files `make wasm` writes; they are git-ignored, so a fresh clone embeds none of them.
const (
	wasmName       = "gatehouse.wasm"
	schemaWasmName = "gatehouse-schema.wasm"
	wasmExecName   = "wasm_exec.js"
	editorName     = "codemirror.js"
)

// HasWasm reports whether the generated files were embedded — the checker (gatehouse.wasm, the
// Schema module gatehouse-schema.wasm and their loader wasm_exec.js) and the editor bundle
// (codemirror.js) — that is whether `make wasm` ran before this binary was built. Without them the
// page cannot check or edit anything.
func HasWasm() bool {
	for _, name := range []string{wasmName, schemaWasmName, wasmExecName, editorName} {
		if _, err := fs.Stat(files, name); err != nil {
			return false
		}
	}
	return true
}

// ContentSecurityPolicy is sent with every response. The page needs its own scripts, a worker,
// and the right to compile WebAssembly; it needs no other origin, no inline script or style, and
// no frame around it. data: images are for the inline favicon.
const ContentSecurityPolicy = "default-src 'none'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"worker-src 'self'; " +
	"style-src 'self'; " +
	"img-src 'self' data:; " +
	"connect-src 'self'; " +
	"manifest-src 'self'; " +
	"base-uri 'none'; " +
	"form-action 'none'; " +
	"frame-ancestors 'none'"

// permissionsPolicy turns off every powerful feature; the page only writes to the clipboard (the
// Share and Copy buttons), and only for itself.
// Only features Chromium recognises are listed: it warns about any other.
const permissionsPolicy = "accelerometer=(), autoplay=(), camera=(), clipboard-read=(), " +
	"clipboard-write=(self), display-capture=(), encrypted-media=(), fullscreen=(), gamepad=(), " +
	"geolocation=(), gyroscope=(), hid=(), idle-detection=(), local-fonts=(), magnetometer=(), " +
	"microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), " +
	"screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()"

// securityHeaders are set on every response, errors included.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", ContentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
	{"Permissions-Policy", permissionsPolicy},
}

// contentTypes maps the extensions the page uses to their media types. A file with any other
// extension is not served, even if a pattern embedded it.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8", // gatehouse.mjs: the loader, for the worker and embedders
	".wasm": "application/wasm",
	".ts":   "text/plain; charset=utf-8", // gatehouse.d.ts: the API's declarations, for embedders
}

// An encoding is a Content-Encoding the handler can answer with.
type encoding int

const (
	identity encoding = iota
	gzipEncoding
	brotliEncoding
	encodingCount
)

var encodingNames = [encodingCount]string{"", "gzip", "br"}

// Compression levels trade size for time, paid once per file on its first request. Measured on
// the 9.8 MB gatehouse.wasm (CPU time): brotli 6 takes 1.0 s for 2.24 MB (level 7: 1.4 s for
// 2.21 MB); gzip 6 takes 0.33 s for 2.68 MB (level 9: 0.9 s for 2.66 MB). Brotli 11 takes over a
// minute for the wasm, so it is made at build time instead (site/publish/precompress.mjs writes
// gatehouse.wasm.br: 2.06 MB for the 10.8 MB wasm where level 6 gives 2.43) and served when
// embedded and true to the file; so is every page file's (225 KB at level 6, 205 KB at 11, which
// this package's brotli takes 1.3 s of CPU to write).
const (
	brotliLevel = 6
	gzipLevel   = gzip.DefaultCompression // 6
)

// An asset is one embedded file, with its compressed forms made on first use.
type asset struct {
	body        []byte
	contentType string
	hash        string // hex of sha256(body), the base of every variant's ETag

	once       [encodingCount]sync.Once
	compressed [encodingCount][]byte // nil: the variant is not smaller than the original
	// precompressed is the brotli copy made at build time (FILE.br in the embed), or nil; it is
	// used only if it decompresses to body exactly.
	precompressed []byte
}

// variant returns the body for the encoding, compressing once; nil when that encoding does not
// make the file smaller (then the handler falls back to identity).
func (a *asset) variant(e encoding) []byte {
	if e == identity {
		return a.body
	}
	a.once[e].Do(func() {
		var buf bytes.Buffer
		switch e {
		case gzipEncoding:
			w, _ := gzip.NewWriterLevel(&buf, gzipLevel) // the level is valid: no error
			w.Write(a.body)
			w.Close()
		case brotliEncoding:
			if a.precompressed != nil && decompressesTo(a.precompressed, a.body) {
				buf.Write(a.precompressed)
				break
			}
			w := brotli.NewWriterLevel(&buf, brotliLevel)
			w.Write(a.body)
			w.Close()
		}
		if buf.Len() < len(a.body) {
			a.compressed[e] = buf.Bytes()
		}
	})
	return a.compressed[e]
}

// etag is the strong validator of one representation: the content hash plus the encoding, since
// a gzip body and a brotli body of the same file are different bytes.
func (a *asset) etag(e encoding) string {
	if e == identity {
		return `"` + a.hash + `"`
	}
	return `"` + a.hash + "-" + encodingNames[e] + `"`
}

// A server answers requests for the embedded files.
type server struct {
	assets map[string]*asset // by URL path without the leading slash
}

// theServer is built once, so every Handler shares the compressed bodies.
var theServer = sync.OnceValue(func() *server {
	s := &server{assets: map[string]*asset{}}
	// The embed FS holds only what the patterns named; walking it gives the exact allowlist.
	fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		contentType, ok := contentTypes[path.Ext(name)]
		if !ok {
			return nil
		}
		body, err := files.ReadFile(name)
		if err != nil {
			return nil
		}
		copyName := name + ".br" // not served as a file: .br is no content type, nor is .min
		if min := minified(name, body); min != nil {
			body, copyName = min, name+".min.br"
		}
		sum := sha256.Sum256(body)
		a := &asset{body: body, contentType: contentType, hash: hex.EncodeToString(sum[:16])}
		a.precompressed, _ = files.ReadFile(copyName)
		s.assets[name] = a
		return nil
	})
	versionSW(s.assets)
	return s
})

// minified returns the minified copy of the file name whose text is source, which `make wasm-br`
// writes as name+".min" (esbuild: the same program, without its comments, white space and long
// local names), or nil when there is none or it was made from another text: its first line names
// the sha256 of the text it was made from, so a file edited since is served as it is.
func minified(name string, source []byte) []byte {
	min, err := files.ReadFile(name + ".min")
	if err != nil {
		return nil
	}
	sum := sha256.Sum256(source)
	if !bytes.HasPrefix(min, []byte("/* "+name+" minified, from sha256 "+hex.EncodeToString(sum[:])+" */\n")) {
		return nil
	}
	return min
}

// swName is the service worker, and swVersion the line of it that versionSW writes.
const (
	swName    = "sw.js"
	swVersion = "const version = 'unversioned';"
)

// versionSW writes into sw.js the content hash of every other file served: the service worker
// answers a reload from its copy of the page without asking the server, so a new version of any
// file must be a new sw.js, which the browser finds and installs with a cache of its own.
func versionSW(assets map[string]*asset) {
	sw := assets[swName]
	if sw == nil || !bytes.Contains(sw.body, []byte(swVersion)) {
		return
	}
	names := make([]string, 0, len(assets))
	for name := range assets {
		if name != swName {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		io.WriteString(h, name+"\x00"+assets[name].hash+"\n")
	}
	version := hex.EncodeToString(h.Sum(nil)[:16])
	body := bytes.Replace(sw.body, []byte(swVersion), []byte("const version = '"+version+"';"), 1)
	sum := sha256.Sum256(body)
	assets[swName] = &asset{body: body, contentType: sw.contentType, hash: hex.EncodeToString(sum[:16])}
}

// decompressesTo reports whether br is brotli of body: a copy made for an older build is not.
func decompressesTo(br, body []byte) bool {
	r := brotli.NewReader(bytes.NewReader(br))
	var got bytes.Buffer
	got.Grow(len(body))
	if _, err := got.ReadFrom(io.LimitReader(r, int64(len(body))+1)); err != nil {
		return false
	}
	return bytes.Equal(got.Bytes(), body)
}

// Handler returns the handler of the page. It serves only the embedded files: "/" is index.html,
// any other path must name an embedded file exactly (no directory listing, no path cleaning that
// could reach outside), and everything else is 404. Only GET and HEAD are allowed.
//
// Responses carry the security headers (see [ContentSecurityPolicy]), "Cache-Control: no-cache"
// with a strong ETag (the page's service worker and the browser revalidate cheaply), and a
// brotli or gzip body when the request's Accept-Encoding allows it.
func Handler() http.Handler {
	return theServer()
}

// Paths lists the URL paths the handler serves, sorted, "/" first. For tests and for the CLI.
func Paths() []string {
	s := theServer()
	paths := []string{"/"}
	for name := range s.assets {
		paths = append(paths, "/"+name)
	}
	slices.Sort(paths[1:])
	return paths
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for _, kv := range securityHeaders {
		h.Set(kv[0], kv[1])
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" {
		name = "index.html"
	}
	a, ok := s.assets[name]
	if !ok {
		http.NotFound(w, r)
		return
	}

	enc, body := identity, a.body
	for _, e := range acceptedEncodings(r.Header.Get("Accept-Encoding")) {
		if b := a.variant(e); b != nil {
			enc, body = e, b
			break
		}
	}

	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	etag := a.etag(enc)
	h.Set("ETag", etag)
	if enc != identity {
		h.Set("Content-Encoding", encodingNames[enc])
	}
	if matchesETag(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// acceptedEncodings lists the compressed encodings an Accept-Encoding header allows, best first
// (brotli, then gzip); identity is always the fallback. A coding with q=0 is refused; "*" stands
// for any coding the header does not name.
func acceptedEncodings(header string) []encoding {
	q := acceptedCodings(header)
	var out []encoding
	for _, e := range []encoding{brotliEncoding, gzipEncoding} {
		v, named := q[encodingNames[e]]
		if !named {
			v, named = q["*"]
		}
		if named && v > 0 {
			out = append(out, e)
		}
	}
	return out
}

// acceptedCodings parses "gzip, br;q=0.5, *;q=0" into coding → quality.
func acceptedCodings(header string) map[string]float64 {
	q := map[string]float64{}
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		quality := 1.0
		for param := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				quality = f
			}
		}
		q[coding] = quality
	}
	return q
}

// matchesETag reports whether an If-None-Match header names the ETag (weak comparison, as RFC 9110
// asks for If-None-Match).
func matchesETag(header, etag string) bool {
	for candidate := range strings.SplitSeq(header, ",") {
		candidate = strings.TrimPrefix(strings.TrimSpace(candidate), "W/")
		if candidate == etag || candidate == "*" {
			return true
		}
	}
	return false
}
