package testenv

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A SuiteGroup is one group of the official JSON-Schema-Test-Suite: a schema and the instances
// it is tried on.
type SuiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []SuiteTest     `json:"tests"`
}

// A SuiteTest is one instance of a group and the verdict the suite expects.
type SuiteTest struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// A SuiteFile is one test file of a draft: its path, its path under the draft's directory (Rel,
// slash-separated; "optional/…" for the optional tests) and its groups.
type SuiteFile struct {
	Path, Rel string
	Groups    []SuiteGroup
}

// RemoteUsing reports whether a group's schema refers to the suite's remotes, which are to be
// offered to it as resources.
func (g SuiteGroup) RemoteUsing() bool { return strings.Contains(string(g.Schema), "localhost:1234") }

// SuiteDrafts are the drafts the suite's tests/ holds, by directory, with gatehouse's name for
// each, in order.
var SuiteDrafts = []struct{ Dir, Draft string }{
	{"draft4", "4"}, {"draft6", "6"}, {"draft7", "7"}, {"draft2019-09", "2019-09"}, {"draft2020-12", "2020-12"},
}

// SchemaSuite finds the official JSON-Schema-Test-Suite in ../shared/suites (or skips the test as
// [SharedDir] does) and returns its root.
func SchemaSuite(t testing.TB) string {
	t.Helper()
	return SharedDir(t, "suites/JSON-Schema-Test-Suite")
}

// SuiteFiles reads the test files of one draft directory of the suite at root, in name order.
func SuiteFiles(t testing.TB, root, dir string) []SuiteFile {
	t.Helper()
	base := filepath.Join(root, "tests", dir)
	var paths []string
	err := filepath.WalkDir(base, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(path, ".json") {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	files := make([]SuiteFile, 0, len(paths))
	for _, path := range paths {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(base, path)
		f := SuiteFile{Path: path, Rel: filepath.ToSlash(rel)}
		if err := json.Unmarshal(text, &f.Groups); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		files = append(files, f)
	}
	return files
}

// SuiteRemotes reads the suite's remotes/ as texts at http://localhost:1234/, where the suite
// expects them: the only "network" a test of gatehouse ever sees.
func SuiteRemotes(t testing.TB, root string) map[string][]byte {
	t.Helper()
	remotes := map[string][]byte{}
	dir := filepath.Join(root, "remotes")
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		remotes["http://localhost:1234/"+filepath.ToSlash(rel)] = text
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return remotes
}
