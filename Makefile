# gatehouse — see README.md. `make serve` and `make test` are the whole set-up.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASM_EXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
RELEASE   := -trimpath -ldflags="-s -w -buildid="
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.7.0
# Tests that need ../shared, Chromium or the wasm fail instead of skipping under make test.
export GATEHOUSE_REQUIRE_SHARED  ?= 1
export GATEHOUSE_REQUIRE_BROWSER ?= 1
export GATEHOUSE_REQUIRE_WASM ?= 1
export GATEHOUSE_REQUIRE_MCP ?= 1

.PHONY: all build wasm wasm-schema wasm-br wasm-size editor npm serve test vet check-imports unit browser-deps mcp-deps conformance-deps wasm-test js-test third-party-test bench fuzz dist single measure screenshots clean

all: build

## wasm: the page's two modules and their loader: site/gatehouse-schema.wasm (the one the page
## loads first), site/gatehouse.wasm (every check, loaded when a pane needs it), site/wasm_exec.js,
## and the editor bundle. Each module's data segments are joined across short runs of zeros
## (site/publish/wasmdata.mjs: the same memory, ~6% smaller at brotli 11).
## The jsonschema_noxtext tag leaves the jsonschema fork's golang.org/x/text API out, and with it
## x/text's language and number tables (third_party/jsonschema/GATEHOUSE.md): nothing uses it.
WASM_TAGS = -tags jsonschema_noxtext
wasm: editor wasm-schema
	GOOS=js GOARCH=wasm $(GO) build $(RELEASE) $(WASM_TAGS) -o site/gatehouse.wasm ./wasm
	node site/publish/wasmdata.mjs site/gatehouse.wasm
	cp "$(GOROOT)/lib/wasm/wasm_exec.js" site/wasm_exec.js

## wasm-schema: site/gatehouse-schema.wasm, the module the page loads first (./wasm/schema:
## validate, validateTexts, format, about, encodeState and decodeState, linking no other check;
## README "Speed", "Size"). The schemamodule tag embeds only the translations of what it can word
## (internal/i18n/schemamodule, which `go test ./internal/i18n -run Catalogs -sync` writes);
## js-test holds its answers to gatehouse.wasm's in every language. Every first visit downloads it,
## so its file and line tables are taken out too (site/publish/wasmlines.mjs: a Go stack trace
## from it names no source place; ~9% smaller at brotli 11). jsonschema_noxtext as in WASM_TAGS.
SCHEMA_TAGS = -tags schemamodule,jsonschema_noxtext
wasm-schema:
	GOOS=js GOARCH=wasm $(GO) build $(RELEASE) $(SCHEMA_TAGS) -o site/gatehouse-schema.wasm ./wasm/schema
	node site/publish/wasmdata.mjs site/gatehouse-schema.wasm
	node site/publish/wasmlines.mjs site/gatehouse-schema.wasm

## wasm-br: site/gatehouse.wasm.br and site/gatehouse-schema.wasm.br, the modules at brotli's
## highest level (2.32 MB where the server's own level 6 gives ~2.7 for the whole; about a minute of
## CPU, so only the targets that ship the page pay it, and only when a module changed). The server
## and dist send each copy when it is true to its module.
## The page's scripts and style sheet are served minified (FILE.min, written here by esbuild, which
## names the source's sha256 in its first line: site.go serves it only while it is that file's),
## and every page file from a brotli 11 copy (sw.js is versioned as it is served, so it keeps its
## text and gets no copy; gatehouse.mjs, the embedders' loader, and codemirror.js, minified
## already, keep theirs): 225 -> 175 KB of every first visit (README "Speed").
MIN_FILES  = $(filter-out site/sw.js site/codemirror.js,$(wildcard site/*.css site/*.js))
PAGE_FILES = $(wildcard site/*.html) site/codemirror.js site/gatehouse.mjs $(MIN_FILES:=.min)
wasm-br: wasm
	for f in $(MIN_FILES); do \
		{ printf '/* %s minified, from sha256 %s */\n' "$${f#site/}" "$$(sha256sum "$$f" | cut -c1-64)" && \
		  $(GO) tool esbuild "$$f" --minify --log-level=warning; } > "$$f.min" || exit 1; \
	done
	node site/publish/precompress.mjs site/gatehouse.wasm site/gatehouse-schema.wasm $(PAGE_FILES)

## wasm-size: where the wasm's bytes go: its size raw and at brotli 11, and its function bytes by
## Go package (bench/wasmsize.mjs, from a build that keeps the name section). WASM_BEFORE=old.wasm
## (built the same way: GOOS=js GOARCH=wasm go build -trimpath -ldflags=-buildid= $(WASM_TAGS)
## ./wasm, then node site/publish/wasmdata.mjs on it) puts an older build beside it, package by
## package: how a size lever is measured.
wasm-size:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-buildid=" $(WASM_TAGS) -o bin/gatehouse-names.wasm ./wasm
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-buildid=" $(SCHEMA_TAGS) -o bin/gatehouse-schema-names.wasm ./wasm/schema
	node site/publish/wasmdata.mjs bin/gatehouse-names.wasm bin/gatehouse-schema-names.wasm
	node bench/wasmsize.mjs $(WASM_BEFORE) bin/gatehouse-names.wasm
	@echo; echo "The Schema pane's module (./wasm/schema: validate, validateTexts, format), beside the whole:"
	node bench/wasmsize.mjs bin/gatehouse-names.wasm bin/gatehouse-schema-names.wasm

## npm: node_modules from the committed lockfile (CodeMirror for the editor, axe-core for the tests).
npm: node_modules/.package-lock.json
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --silent

## editor: site/codemirror.js, CodeMirror 6 bundled into one local ES module by esbuild (a Go tool).
# navigator.scheduling is defined away so that CodeMirror parses in slices that fit an idle period
# (at most ~45 ms) instead of 100 ms slices that lean on the deprecated isInputPending().
editor: site/codemirror.js
site/codemirror.js: site/codemirror.entry.mjs node_modules/.package-lock.json Makefile
	$(GO) tool esbuild site/codemirror.entry.mjs --bundle --format=esm --target=es2022 --minify \
		--define:navigator.scheduling=undefined \
		--legal-comments=none --log-level=warning --outfile=site/codemirror.js \
		'--banner:js=/* CodeMirror 6 (MIT licence, Marijn Haverbeke and others), bundled for gatehouse from npm: see package-lock.json */'

## dist: the page for any static host in dist/: files, .br/.gz copies, header files for common hosts.
dist: wasm-br
	rm -rf dist
	$(GO) run ./site/publish -dist dist

## measure: the page's measurements in Chromium (start-up cold and warm with the first visit's
## transfer; a shared Decision link's first visit, which needs both modules; paste to result,
## longest task, keypress to paint, all sizes up to two 10,000-tool catalogs): benchmarks run
## once, their numbers as metrics and "measure:" lines.
measure: wasm-br browser-deps
	$(GO) test -count=1 -timeout 30m -run 'TestPageTransferSize' -bench 'BrowserMeasure|BrowserReady|BrowserLinkCold|BrowserCatalogPaste' -benchtime=1x -v ./site | grep -E 'measure:|^\s+/|^Benchmark|ok|FAIL'

## screenshots: the README's pictures of the page, taken by the browser test, into docs/.
screenshots: wasm browser-deps
	GATEHOUSE_SCREENSHOTS=1 $(GO) test -count=1 -run TestBrowserScreenshots ./site

## single: the page as one self-contained HTML file, gatehouse.html, that works from file://.
single: wasm
	$(GO) run ./site/publish -single gatehouse.html

## build: the CLI with the page (and its wasm) embedded.
build: wasm-br
	$(GO) build $(RELEASE) -o bin/gatehouse ./cmd/gatehouse

## serve: build everything and serve the page on http://127.0.0.1:8080.
serve: build
	./bin/gatehouse serve --addr 127.0.0.1:8080

## test: every test: imports, vet, staticcheck, unit (with the suites and browser), wasm under Node, JS API,
## and the jsonschema fork's own tests beside its differential test against the release.
test: check-imports vet wasm unit wasm-test js-test third-party-test

# The checker must stay pure — no syscalls, files, network or flags — so it runs the same in the
# page: core/ and every package of this module that the wasm build compiles in.
WASM_PACKAGES = $(shell GOOS=js GOARCH=wasm $(GO) list -deps -f '{{if .Module}}{{if eq .Module.Path "github.com/gatehouse-dev/gatehouse"}}{{.ImportPath}}{{end}}{{end}}' ./wasm ./wasm/schema | grep -vE '/wasm(/schema|/binding)?$$')
check-imports:
	@for p in $(WASM_PACKAGES); do \
		bad=$$($(GO) list -f '{{range .Imports}}{{.}} {{end}}' $$p | tr ' ' '\n' | grep -xE 'os|net|net/http|flag|syscall/js|os/exec|syscall|unsafe' || true); \
		if [ -n "$$bad" ]; then echo "$$p imports forbidden packages: $$bad"; exit 1; fi; \
	done; echo "check-imports: pure: $(WASM_PACKAGES)"

# third_party/jsonschema (the fork) and third_party/jsonschema-upstream (the release it is checked
# against) are modules of their own, so ./... leaves them out: they are checked on their own.
THIRD_PARTY := third_party/jsonschema third_party/jsonschema-upstream

vet:
	@test -z "$$(gofmt -l core internal wasm cmd site third_party)" || { gofmt -l core internal wasm cmd site third_party; echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/... $(WASM_PACKAGES)
	GOBIN=$(CURDIR)/bin $(GO) install $(STATICCHECK)
	bin/staticcheck ./...
	GOOS=js GOARCH=wasm bin/staticcheck ./wasm/... $(WASM_PACKAGES)
	for m in $(THIRD_PARTY); do (cd $$m && $(GO) vet ./... && $(CURDIR)/bin/staticcheck ./...) || exit 1; done

# The browser tests take minutes on a busy 2-core machine: more than go test's default 10.
unit: wasm browser-deps mcp-deps conformance-deps
	$(GO) test -count=1 -timeout 25m ./...
	# The Schema module's packages again, with its part of the catalogs (SCHEMA_TAGS).
	$(GO) test -count=1 $(SCHEMA_TAGS) ./core/schemaapi ./internal/schema

# The live tests start real MCP servers from npm, installed from test/mcp's committed lockfile.
mcp-deps:
	cd test/mcp && npm ci --no-audit --no-fund --silent

# The official MCP conformance suite (test/conformance) with the Node 22 it needs, both from that
# directory's committed lockfile; the system's Node stays for the rest.
conformance-deps:
	cd test/conformance && npm ci --no-audit --no-fund --silent

# The browser tests drive Debian's chromium: install it when missing (as root), else say how.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || [ -n "$$CHROMIUM" ] || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing chromium for the browser tests"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else echo "the browser tests need Chromium: sudo apt-get install chromium (or set CHROMIUM=/path/to/chromium)"; exit 1; fi; }

# The checker's tests again, compiled to wasm and run under Node: the suite must pass there too.
# The lint's phrase differential alone takes 3–4 minutes there, so the binary is given more than
# go test's default ten.
wasm-test:
	GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 25m -exec="$(WASM_EXEC)" $(WASM_PACKAGES) ./wasm/binding

js-test: wasm
	node --test test/js/

# The fork's own tests (third_party/jsonschema/GATEHOUSE.md), and the differential test that runs it
# beside the unpatched release over the whole JSON-Schema-Test-Suite: never a different verdict.
third-party-test:
	for m in $(THIRD_PARTY); do (cd $$m && $(GO) test -count=1 ./...) || exit 1; done

# Native benchmarks, the same core benchmarks compiled to wasm under Node, then the page's API
# side by side with ajv and JSON.parse (bench/bench.mjs). BENCH_ARGS=--before=old.wasm measures an
# older build in the same run, beside. Then the lint's prefilter held to the phrases' findings
# over every corpus text (make test reads a fixed sample of them).
bench: wasm-br mcp-deps
	$(GO) test -run '^$$' -bench . -benchmem ./core ./internal/...
	GATEHOUSE_PREFILTER_FULL=1 $(GO) test -count=1 -timeout 30m -run '^TestPrefilterFindsTheSame$$' ./internal/lint
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" -run '^$$' -bench 'Validate|Gate|CatalogDiff|Lint$$' -benchmem ./core
	cd bench && npm ci --no-audit --no-fund --silent && node bench.mjs $(BENCH_ARGS)

# Each fuzz target for a while (FUZZTIME=5m for a longer run); findings land in testdata/fuzz.
FUZZTIME ?= 30s
fuzz:
	@for p in ./core $$($(GO) list ./internal/...); do \
		for f in $$($(GO) test -list 'Fuzz.*' $$p | grep ^Fuzz); do \
			echo "== $$p $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s $$p || exit 1; done; done
	cd third_party/jsonschema && $(GO) test -run '^$$' -fuzz '^FuzzNumberAgreesWithBigRat$$' -fuzztime $(FUZZTIME) .
	cd third_party/jsonschema-upstream && $(GO) test -run '^$$' -fuzz '^FuzzForkAgreesWithUpstream$$' -fuzztime $(FUZZTIME) .

clean:
	rm -rf bin dist gatehouse.html site/gatehouse.wasm site/gatehouse.wasm.br site/wasm_exec.js site/codemirror.js test/mcp/node_modules node_modules
