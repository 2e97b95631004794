package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// HeaderFiles are the files [WriteDist] adds for static hosts, each carrying the headers
// `gatehouse serve` sends: _headers (Netlify, Cloudflare Pages), vercel.json (Vercel),
// .htaccess (Apache) and nginx.conf (an nginx server block's include).
var HeaderFiles = []string{"_headers", "vercel.json", ".htaccess", "nginx.conf"}

// Headers returns the headers every response of the page carries, in the order they are sent:
// the security headers and Cache-Control. [WriteDist]'s header files are written from this list.
func Headers() [][2]string {
	return append(slices.Clone(securityHeaders), [2]string{"Cache-Control", "no-cache"})
}

// WriteDist writes the page as `gatehouse serve` serves it into dir, for any static host: every
// file, a brotli (.br) and a gzip (.gz) copy of each one compression makes smaller, and
// [HeaderFiles] so the host sends the same Content-Security-Policy and other headers. A host
// that sends no headers still applies the policy of index.html's meta tag.
func WriteDist(dir string) error {
	if !HasWasm() {
		return fmt.Errorf("the page's generated files are not embedded: run `make wasm` first")
	}
	s := theServer()
	for name, a := range s.assets {
		if err := writeFile(dir, name, a.body); err != nil {
			return err
		}
		for e, ext := range map[encoding]string{brotliEncoding: ".br", gzipEncoding: ".gz"} {
			if b := a.variant(e); b != nil {
				if err := writeFile(dir, name+ext, b); err != nil {
					return err
				}
			}
		}
	}
	for _, name := range HeaderFiles {
		if err := writeFile(dir, name, headerFile(name)); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(dir, name string, body []byte) error {
	path := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, body, 0o644)
}

// headerFile writes one host's header file from [Headers].
func headerFile(name string) []byte {
	var b bytes.Buffer
	headers := Headers()
	switch name {
	case "_headers":
		b.WriteString("# The headers gatehouse serve sends (Netlify, Cloudflare Pages).\n/*\n")
		for _, h := range headers {
			fmt.Fprintf(&b, "  %s: %s\n", h[0], h[1])
		}
	case "vercel.json":
		type header struct {
			Key   string `json:"key"`
			Value string `json:"value"`
		}
		type rule struct {
			Source  string   `json:"source"`
			Headers []header `json:"headers"`
		}
		var hs []header
		for _, h := range headers {
			hs = append(hs, header{h[0], h[1]})
		}
		out, _ := json.MarshalIndent(map[string][]rule{"headers": {{Source: "/(.*)", Headers: hs}}}, "", "  ")
		b.Write(out)
		b.WriteByte('\n')
	case ".htaccess":
		b.WriteString("# The headers gatehouse serve sends (Apache, mod_headers), and the precompressed copies.\n")
		b.WriteString("AddType application/wasm .wasm\n<IfModule mod_headers.c>\n")
		for _, h := range headers {
			fmt.Fprintf(&b, "  Header always set %s %q\n", h[0], h[1])
		}
		b.WriteString("</IfModule>\n")
		b.WriteString(`<IfModule mod_rewrite.c>
  RewriteEngine On
  RewriteCond %{HTTP:Accept-Encoding} br
  RewriteCond %{REQUEST_FILENAME}.br -f
  RewriteRule ^(.+)$ $1.br [L]
  RewriteCond %{HTTP:Accept-Encoding} gzip
  RewriteCond %{REQUEST_FILENAME}.gz -f
  RewriteRule ^(.+)$ $1.gz [L]
</IfModule>
<FilesMatch "\.br$">
  Header set Content-Encoding br
  Header append Vary Accept-Encoding
</FilesMatch>
<FilesMatch "\.gz$">
  Header set Content-Encoding gzip
  Header append Vary Accept-Encoding
</FilesMatch>
<FilesMatch "\.js\.(br|gz)$">
  ForceType "text/javascript; charset=utf-8"
</FilesMatch>
<FilesMatch "\.css\.(br|gz)$">
  ForceType "text/css; charset=utf-8"
</FilesMatch>
<FilesMatch "\.html\.(br|gz)$">
  ForceType "text/html; charset=utf-8"
</FilesMatch>
<FilesMatch "\.wasm\.(br|gz)$">
  ForceType application/wasm
</FilesMatch>
`)
	case "nginx.conf":
		b.WriteString("# The headers gatehouse serve sends; include in the server block that serves this directory.\n")
		b.WriteString("# brotli_static needs the ngx_brotli module; gzip_static is built in.\n")
		b.WriteString("gzip_static on;\n# brotli_static on;\ntypes { application/wasm wasm; }\n")
		for _, h := range headers {
			fmt.Fprintf(&b, "add_header %s %q always;\n", h[0], h[1])
		}
	}
	return b.Bytes()
}

// WriteSingle writes the page as one self-contained HTML file that works from file://, for
// air-gapped use: the style sheet inlined, app the page's modules bundled into one and worker the
// worker's (make single bundles app.js and worker.js with esbuild), the worker (wasm_exec.js, then
// worker) and the gzip-compressed wasm carried as data blocks the page turns into a worker. Its Content-Security-Policy is the
// served page's, with the inline script and style allowed by their hashes (never
// 'unsafe-inline'), the worker allowed from the blob: URL the page makes of its own data block,
// and no connection anywhere.
func WriteSingle(w io.Writer, app, worker []byte) error {
	if !HasWasm() {
		return fmt.Errorf("the page's generated files are not embedded: run `make wasm` first")
	}
	read := func(name string) string {
		b, err := files.ReadFile(name)
		if err != nil {
			panic(err) // HasWasm checked the generated files; the rest are committed
		}
		return string(b)
	}
	wasm, _ := files.ReadFile(wasmName)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()

	style := read("style.css")
	script := inlineScript(string(app))
	workerScript := inlineScript(read(wasmExecName) + "\n" + string(worker))
	policy := singleFilePolicy(hashSource(script), hashSource(style))

	page := read("index.html")
	for _, r := range []struct{ old, new string }{
		{`<link rel="stylesheet" href="style.css">`, "<style>" + style + "</style>"},
		{`<script type="module" async src="boot.js"></script>` + "\n", ""}, // its worker starts from app.js, from a data block
		{`<script type="module" src="app.js"></script>`, `<script type="module">` + script + "</script>"},
		{"</body>", `<script type="text/plain" id="gatehouse-worker">` + workerScript + "</script>\n" +
			`<script type="application/octet-stream" id="gatehouse-wasm">` + base64.StdEncoding.EncodeToString(gz.Bytes()) + "</script>\n</body>"},
	} {
		if !strings.Contains(page, r.old) {
			return fmt.Errorf("index.html no longer holds %q: WriteSingle must follow it", r.old)
		}
		page = strings.Replace(page, r.old, r.new, 1)
	}
	meta := `<meta http-equiv="Content-Security-Policy" content="`
	start := strings.Index(page, meta)
	if start < 0 {
		return fmt.Errorf("index.html has no Content-Security-Policy meta tag")
	}
	end := strings.Index(page[start+len(meta):], `"`) + start + len(meta)
	page = page[:start+len(meta)] + policy + page[end:]
	_, err := io.WriteString(w, page)
	return err
}

// inlineScript makes a script safe inside a <script> element: "</script" would end the element
// and "<!--" would change how the HTML parser reads it. Both only occur in strings, regular
// expressions or comments of the page's JavaScript, where the escaped forms mean the same.
func inlineScript(js string) string {
	r := strings.NewReplacer("</script", `<\/script`, "</SCRIPT", `<\/SCRIPT`, "<!--", `<\!--`)
	return r.Replace(js)
}

// hashSource is a CSP hash source for an inline element's exact text.
func hashSource(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// singleFilePolicy is [ContentSecurityPolicy] for the single file: its only script and style
// are inline, known by hash; its worker is a blob: URL it makes itself; there is no origin to
// connect to; and frame-ancestors, which a meta tag cannot carry, is left out.
func singleFilePolicy(scriptHash, styleHash string) string {
	replace := map[string]string{
		"script-src":      scriptHash + " 'wasm-unsafe-eval'",
		"worker-src":      "blob:",
		"style-src":       styleHash,
		"img-src":         "data:",
		"connect-src":     "'none'",
		"manifest-src":    "'none'",
		"frame-ancestors": "",
	}
	var out []string
	for directive := range strings.SplitSeq(ContentSecurityPolicy, "; ") {
		name, _, _ := strings.Cut(directive, " ")
		value, ok := replace[name]
		switch {
		case !ok:
			out = append(out, directive)
		case value != "":
			out = append(out, name+" "+value)
		}
	}
	return strings.Join(out, "; ")
}
