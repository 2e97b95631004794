// Package benchdata builds the texts that benchmarks in several packages share, so that a ratio
// measured natively (core, core/schemaapi) and one measured under Node (bench/bench.mjs,
// bench/validatecpu.mjs, through bench/records.mjs) read the same bytes.
package benchdata

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Text is the file name of testdata/bench, the texts every speed table measures (a tool call and
// its schema, the record schema), read from the repository whichever package's test asks.
func Text(tb testing.TB, name string) string {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "testdata", "bench", name))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// LargeInstance is an array of records of about size bytes: the "1 MB document" of the speed
// tables. bench/records.mjs writes the same text.
func LargeInstance(size int) string {
	var sb strings.Builder
	sb.WriteString("[")
	tags := []string{"alpha", "beta", "gamma", "delta"}
	for i := 0; sb.Len() < size; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"id":%d,"name":"user %d","email":"user%d@example.com","active":%t,"score":%d.5,"tags":["%s","%s"],"address":{"city":"Lyon","zip":"%05d"}}`,
			i, i, i, i%2 == 0, i%100, tags[i%4], tags[(i+1)%4], i%100000)
	}
	sb.WriteString("]")
	return sb.String()
}
