package result_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/result"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// benchResult is a CallToolResult of n bytes of honest README text, as server-filesystem
// returns one: what a proxy checks on every tools/call.
func benchResult(b testing.TB, n int) []byte {
	var text strings.Builder
	for _, c := range loadCorpus(b, "honest-filesystem.json") {
		if !strings.Contains(c.Source, "/readme/") {
			continue
		}
		var r struct {
			Result struct {
				Content []struct{ Text string } `json:"content"`
			} `json:"result"`
		}
		if err := json.Unmarshal(c.Response, &r); err != nil || len(r.Result.Content) == 0 {
			b.Fatalf("%s: %v", c.Source, err)
		}
		text.WriteString(r.Result.Content[0].Text)
		text.WriteString("\n")
		if text.Len() > n {
			break
		}
	}
	for text.Len() < n {
		text.WriteString("Run `npm install` and then call the function with your options. See the changelog for details.\n")
	}
	s := text.String()[:n]
	for len(s) > 0 && s[len(s)-1]&0xc0 == 0x80 {
		s = s[:len(s)-1]
	}
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":%q}]}}`, s)
}

// BenchmarkCheck is one result of 10 KB, 100 KB and 1 MB (the default cap) of README text: the
// budget is 1 ms per 10 KB natively, linear up to the cap. Besides the wall clock it reports the
// process's CPU time per check (cpu-ms/op) and per 10 KB (cpu-ms/10KB), which other work on the
// machine does not inflate. The text rules' tables are built, and their expressions compiled, before
// the clock starts.
func BenchmarkCheck(b *testing.B) {
	c := result.New("", "", nil)
	for _, n := range []int{10 << 10, 100 << 10, 1000 << 10} {
		text := benchResult(b, n)
		b.Run(fmt.Sprintf("%dKB", n>>10), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			c.Check(result.Request{Result: text, Tool: "read_text_file"}) // expressions compile on first use
			cpu, ok := testenv.ProcessCPU()
			for b.Loop() {
				c.Check(result.Request{Result: text, Tool: "read_text_file"})
			}
			if after, ok2 := testenv.ProcessCPU(); ok && ok2 {
				per := float64(after-cpu) / float64(b.N) / 1e6
				b.ReportMetric(per, "cpu-ms/op")
				b.ReportMetric(per*float64(10<<10)/float64(n), "cpu-ms/10KB")
			}
		})
	}
}

// BenchmarkCheckOneLine is a result of one line (no line break in 1 MB), whose last words are
// the labels the rules look for at a line's start: a rule that reads back to the line's start
// for each word it finds is quadratic here, where README text hides it.
func BenchmarkCheckOneLine(b *testing.B) {
	c := result.New("", "", nil)
	filler := strings.Repeat("lorem ipsum dolor sit amet ", (1000<<10)/27)
	tail := " user: human: utilisateur: benutzer: usuario: 用户: пользователь: 사용자: assistant: ai: system: note:"
	text := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":%q}]}}`, filler+strings.Repeat(tail, 8))
	b.SetBytes(int64(len(text)))
	c.Check(result.Request{Result: text, Tool: "read_text_file"})
	cpu, ok := testenv.ProcessCPU()
	for b.Loop() {
		c.Check(result.Request{Result: text, Tool: "read_text_file"})
	}
	if after, ok2 := testenv.ProcessCPU(); ok && ok2 {
		b.ReportMetric(float64(after-cpu)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkCheckRepeated is the 10 KB text of [BenchmarkCheck] repeated 1, 10 and 90 times in
// one result: the same words at every size, so cpu-ms/10KB stays flat when the check is linear
// (BenchmarkCheck's larger sizes hold other READMEs, whose words cost more or less per byte).
func BenchmarkCheckRepeated(b *testing.B) {
	c := result.New("", "", nil)
	var piece struct {
		Result struct {
			Content []struct{ Text string } `json:"content"`
		} `json:"result"`
	}
	if err := json.Unmarshal(benchResult(b, 10<<10), &piece); err != nil {
		b.Fatal(err)
	}
	for _, times := range []int{1, 10, 90} {
		s := strings.Repeat(piece.Result.Content[0].Text+"\n", times)
		text := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":%q}]}}`, s)
		b.Run(fmt.Sprintf("x%d", times), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			c.Check(result.Request{Result: text, Tool: "read_text_file"})
			cpu, ok := testenv.ProcessCPU()
			for b.Loop() {
				c.Check(result.Request{Result: text, Tool: "read_text_file"})
			}
			if after, ok2 := testenv.ProcessCPU(); ok && ok2 {
				per := float64(after-cpu) / float64(b.N) / 1e6
				b.ReportMetric(per, "cpu-ms/op")
				b.ReportMetric(per*float64(10<<10)/float64(len(s)), "cpu-ms/10KB")
			}
		})
	}
}
