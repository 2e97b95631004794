package lint_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// githubCorpusMinServers is what issue 16's second round asked for: honest servers the lint had
// never seen that are not on npm.
const githubCorpusMinServers = 60

type githubServer struct {
	Server     string `json:"server"`
	Repository string `json:"repository"`
	Path       string `json:"path"`
	Language   string `json:"language"`
	Commit     string `json:"commit"`
	Licence    string `json:"licence"`
	Tools      int    `json:"tools"`
	File       string `json:"file"`
	SHA256     string `json:"sha256"`
	Failure    string `json:"failure"`
}

// TestGitHubCorpusIntegrity checks the GitHub corpus as TestNPMCorpusIntegrity checks npm's: every
// listed catalog is there with its sha256 and reads as a catalog with the tools recorded, each is
// pinned to a commit, none is a server kept for outside measurement, and nothing stored is unlisted.
func TestGitHubCorpusIntegrity(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(githubCorpusDir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Servers []githubServer `json:"servers"`
		Failed  []githubServer `json:"failed"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	words, _ := readListIn(t, filepath.Join(githubCorpusDir, "excluded.txt"))
	if !words["perplexity"] || len(words) < 40 {
		t.Errorf("excluded.txt lists %d words; it must refuse every perplexity server and issue 16's packages", len(words))
	}
	files := map[string]bool{}
	seen := map[string]bool{}
	for _, s := range m.Servers {
		if seen[s.Server] {
			t.Errorf("%s: listed twice", s.Server)
		}
		seen[s.Server] = true
		where := strings.ToLower(s.Repository + "/" + s.Path)
		for w := range words {
			if strings.Contains(where, w) {
				t.Errorf("%s: %s is kept for outside measurement (%q)", s.Server, where, w)
			}
		}
		if len(s.Commit) != 40 || s.Licence == "" || s.Repository == "" || s.Failure != "" {
			t.Errorf("%s: incomplete entry (commit %q, licence %q, repository %q, failure %q)", s.Server, s.Commit, s.Licence, s.Repository, s.Failure)
		}
		files[s.File] = true
		catalog, err := os.ReadFile(filepath.Join(githubCorpusDir, s.File))
		if err != nil {
			t.Errorf("%s: %v", s.Server, err)
			continue
		}
		checkStoredCatalog(t, s.Server, s.File, catalog, s.SHA256, s.Tools)
	}
	for _, s := range m.Failed {
		if s.Failure == "" || s.File != "" || seen[s.Server] {
			t.Errorf("%s: a failed entry needs a reason, no catalog, and no collected twin", s.Server)
		}
	}
	stored, _ := filepath.Glob(filepath.Join(githubCorpusDir, "catalogs", "*"))
	for _, f := range stored {
		rel := "catalogs/" + filepath.Base(f)
		if !files[rel] {
			t.Errorf("%s is stored but not in the manifest", rel)
		}
	}
	if len(m.Servers) < githubCorpusMinServers {
		t.Errorf("%d servers; the corpus needs at least %d", len(m.Servers), githubCorpusMinServers)
	}
}

// readListIn reads a list of one entry a line, # starting a comment.
func readListIn(t *testing.T, path string) (map[string]bool, error) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for line := range strings.Lines(string(b)) {
		line = strings.ToLower(strings.TrimSpace(line))
		if line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out, nil
}
