package core_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSeed000Walkthrough is seed 000's step 2: four invalid decisions fail for the right reason,
// and "a success you refuse" (allow + ok + grant [read_inbox]) passes the schema.
func TestSeed000Walkthrough(t *testing.T) {
	schema := readTestdata(t, "seed000/schema.json")
	deny := readTestdata(t, "seed000/decision.json")
	tests := []struct {
		name              string
		edit              func(string) string
		valid             bool
		instance, keyword string
		line, col         int
	}{
		{"the seed's deny decision", func(s string) string { return s }, true, "", "", 0, 0},
		{"decision yes", func(s string) string { return strings.Replace(s, `"deny"`, `"yes"`, 1) },
			false, "/decision", "/properties/decision/enum", 6, 15},
		{"argumentsValid the string true", func(s string) string {
			return strings.Replace(s, `"argumentsValid": true`, `"argumentsValid": "true"`, 1)
		},
			false, "/argumentsValid", "/properties/argumentsValid/type", 3, 21},
		{"decision removed", func(s string) string { return strings.Replace(s, "  \"decision\": \"deny\",\n", "", 1) },
			false, "", "/required", 1, 1},
		{"grant send_all", func(s string) string { return strings.Replace(s, `["read_inbox"]`, `["send_all"]`, 1) },
			false, "/grant/0", "/properties/grant/items/enum", 5, 13},
		// Passes the schema, yet must be refused by the app rule (see CheckDecision).
		{"allow + ok + read_inbox", func(s string) string {
			return strings.NewReplacer(`"deny"`, `"allow"`, `"grant_missing"`, `"ok"`).Replace(s)
		}, true, "", "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.Validate(core.ValidateRequest{Schema: schema, Instance: tt.edit(deny)})
			if res.Valid != tt.valid {
				t.Fatalf("valid = %v, want %v: %v", res.Valid, tt.valid, res.Problems)
			}
			if tt.valid {
				if len(res.Problems) != 0 {
					t.Fatalf("valid with problems %v", res.Problems)
				}
				return
			}
			if len(res.Problems) != 1 {
				t.Fatalf("want exactly one problem, got %v", res.Problems)
			}
			p := res.Problems[0]
			if p.InstanceLocation != tt.instance || p.KeywordLocation != tt.keyword || p.Line != tt.line || p.Column != tt.col {
				t.Errorf("got %q %q at %d:%d (%s), want %q %q at %d:%d", p.InstanceLocation, p.KeywordLocation, p.Line, p.Column, p.Message, tt.instance, tt.keyword, tt.line, tt.col)
			}
		})
	}
}

// TestSeed000TextsMatchArticle keeps testdata/seed000 honest: its schema and decision are the
// article's own blocks, byte for byte after trimming.
func TestSeed000TextsMatchArticle(t *testing.T) {
	dir := testenv.SharedDir(t, "seeds")
	matches, _ := filepath.Glob(filepath.Join(dir, "000_*.txt"))
	if len(matches) != 1 {
		t.Fatalf("seed 000 not found in %s", dir)
	}
	article, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile(`(?ms)^\{\n.*?^\}$`).FindAllString(string(article), -1)
	for _, name := range []string{"seed000/schema.json", "seed000/decision.json"} {
		want := strings.TrimSpace(readTestdata(t, name))
		found := false
		for _, b := range blocks {
			found = found || b == want
		}
		if !found {
			t.Errorf("%s is not one of the article's JSON blocks", name)
		}
	}
}
