package jsonschema

import (
	"fmt"
	"testing"
	"time"
)

// TestIsPlainDate holds isPlainDate to time.Parse's verdict for the layout 2006-01-02: every day
// of four years around leap rules (1900, 2000, 2024, 2026) with the months and days just out of
// range, and strings that are nearly dates.
func TestIsPlainDate(t *testing.T) {
	var texts []string
	for _, year := range []int{0, 1900, 2000, 2024, 2026, 9999} {
		for month := 0; month <= 13; month++ {
			for day := 0; day <= 32; day++ {
				texts = append(texts, fmt.Sprintf("%04d-%02d-%02d", year, month, day))
			}
		}
	}
	texts = append(texts, "", "2026-1-01", "2026-01-1", "26-01-01", "2026/01/01", "2026-01-01T", " 2026-01-01",
		"+026-01-01", "-026-01-01", "2026-+1-01", "2026-01-+1", "2026-0a-01", "２０２６-01-01", "2026-01-01\\n", "20260-1-01")
	for _, s := range texts {
		_, err := time.Parse("2006-01-02", s)
		if got := isPlainDate(s); got && err != nil {
			t.Errorf("isPlainDate(%q) where time.Parse says %v", s, err)
		} else if !got && err == nil {
			t.Errorf("isPlainDate(%q) refuses what time.Parse accepts", s)
		}
	}
}

// FuzzIsPlainDate holds isPlainDate to time.Parse on any string.
func FuzzIsPlainDate(f *testing.F) {
	f.Add("2024-02-29")
	f.Add("2026-13-01")
	f.Fuzz(func(t *testing.T, s string) {
		_, err := time.Parse("2006-01-02", s)
		if got := isPlainDate(s); got != (err == nil) && got {
			t.Errorf("isPlainDate(%q) where time.Parse says %v", s, err)
		}
	})
}
