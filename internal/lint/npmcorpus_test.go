package lint_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// npmIntegrityDir holds the honest catalogs collected from npm with `gatehouse catalog`.
const npmIntegrityDir = "../../testdata/lint/npm"

// npmCorpusMinServers is how many servers listing tools the corpus must hold, so that a rule
// is judged on servers it was not shaped on.
const npmCorpusMinServers = 150

// An npmServer is one entry of the corpus's manifest.json: a server collected (File set, Tools
// at least 1) or one that failed (Failure set, not counted).
type npmServer struct {
	Package  string            `json:"package"`
	Version  string            `json:"version"`
	Licence  string            `json:"licence"`
	Tools    int               `json:"tools"`
	File     string            `json:"file"`
	SHA256   string            `json:"sha256"`
	Command  []string          `json:"command"`
	Env      map[string]string `json:"env"`
	Date     string            `json:"date"`
	Failure  string            `json:"failure"`
	Attempts int               `json:"attempts"`
	Batch    string            `json:"batch"`
}

type npmManifest struct {
	Servers []npmServer `json:"servers"`
	Failed  []npmServer `json:"failed"`
}

// readNPMCatalog returns a stored catalog as gatehouse wrote it: the file, or the gunzipped
// file when it is stored compressed (.json.gz).
func readNPMCatalog(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".gz") {
		return b, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	return io.ReadAll(zr)
}

// readPackageList reads excluded.txt or already-collected.txt: one package a line, # comments,
// and lines "contains:WORD" refusing every name that contains WORD.
func readPackageList(t *testing.T, name string) (names map[string]bool, contains []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(npmIntegrityDir, name))
	if err != nil {
		t.Fatal(err)
	}
	names = map[string]bool{}
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if w, ok := strings.CutPrefix(line, "contains:"); ok {
			contains = append(contains, strings.ToLower(w))
			continue
		}
		names[line] = true
	}
	return names, contains
}

// checkStoredCatalog holds one stored catalog of a corpus to its manifest entry: the sha256
// recorded, read as a catalog through core, with the number of tools recorded (at least one).
func checkStoredCatalog(t *testing.T, who, file string, catalog []byte, sha string, tools int) {
	t.Helper()
	sum := sha256.Sum256(catalog)
	if got := hex.EncodeToString(sum[:]); got != sha {
		t.Errorf("%s: %s has sha256 %s, the manifest says %s", who, file, got, sha)
	}
	pins := core.PinCatalog(core.PinRequest{Catalog: string(catalog)})
	if len(pins.Problems) > 0 {
		t.Errorf("%s: %s does not read as a catalog: %v", who, file, pins.Problems)
		return
	}
	if len(pins.Pins) != tools || tools == 0 {
		t.Errorf("%s: %s has %d tools, the manifest says %d", who, file, len(pins.Pins), tools)
	}
}

// TestNPMCorpusIntegrity holds testdata/lint/npm to what its manifest says: every catalog is
// there with the sha256 recorded, reads as a catalog through core with the number of tools
// recorded, no package kept for outside measurement or already in another corpus is in it,
// nothing stored is unlisted, and it has at least npmCorpusMinServers servers.
func TestNPMCorpusIntegrity(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(npmIntegrityDir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m npmManifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	excluded, excludedWords := readPackageList(t, "excluded.txt")
	if len(excluded) < 49 || len(excludedWords) == 0 {
		t.Errorf("excluded.txt lists %d packages and %d words; the issue keeps 49 packages and every perplexity server apart", len(excluded), len(excludedWords))
	}
	known, _ := readPackageList(t, "already-collected.txt")
	refused := func(pkg string) bool {
		if excluded[pkg] {
			return true
		}
		for _, w := range excludedWords {
			if strings.Contains(strings.ToLower(pkg), w) {
				return true
			}
		}
		return false
	}

	seen := map[string]bool{}
	files := map[string]bool{}
	tools := 0
	for _, s := range m.Servers {
		if seen[s.Package] {
			t.Errorf("%s: listed twice", s.Package)
		}
		seen[s.Package] = true
		if refused(s.Package) {
			t.Errorf("%s: kept for outside measurement, must not be collected", s.Package)
		}
		if known[s.Package] {
			t.Errorf("%s: already in another corpus", s.Package)
		}
		if s.Version == "" || s.Licence == "" || s.Date == "" || len(s.Command) == 0 || s.Failure != "" {
			t.Errorf("%s: incomplete entry (version %q, licence %q, date %q, command %q, failure %q)", s.Package, s.Version, s.Licence, s.Date, s.Command, s.Failure)
		}
		if !strings.Contains(strings.Join(s.Command, " "), s.Package+"@"+s.Version) {
			t.Errorf("%s: command %q does not pin %s@%s", s.Package, s.Command, s.Package, s.Version)
		}
		files[s.File] = true
		catalog, err := readNPMCatalog(filepath.Join(npmIntegrityDir, s.File))
		if err != nil {
			t.Errorf("%s: %v", s.Package, err)
			continue
		}
		checkStoredCatalog(t, s.Package, s.File, catalog, s.SHA256, s.Tools)
		tools += s.Tools
	}
	for _, s := range m.Failed {
		if s.Failure == "" || s.File != "" || s.Tools != 0 {
			t.Errorf("%s: a failed entry needs a reason and no catalog (failure %q, file %q)", s.Package, s.Failure, s.File)
		}
		if seen[s.Package] {
			t.Errorf("%s: both collected and failed", s.Package)
		}
		if refused(s.Package) {
			t.Errorf("%s: kept for outside measurement, must not be tried", s.Package)
		}
	}
	stored, err := filepath.Glob(filepath.Join(npmIntegrityDir, "catalogs", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stored {
		rel, _ := filepath.Rel(npmIntegrityDir, p)
		if !files[filepath.ToSlash(rel)] {
			t.Errorf("%s is stored but not in the manifest", rel)
		}
	}
	if len(m.Servers) < npmCorpusMinServers {
		t.Errorf("%d servers list tools, want at least %d", len(m.Servers), npmCorpusMinServers)
	}
	t.Logf("%d servers, %d tools; %d failed", len(m.Servers), tools, len(m.Failed))
}
