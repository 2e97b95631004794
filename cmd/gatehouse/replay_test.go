package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayShowsTheGatesEvidence: a call replayed from a transcript shows the evidence lines
// gate shows for the same call alone (each in its file: here the policy's line that requires
// what the grant lacks, and the argument a duplicate key repeats), not only the summary.
func TestReplayShowsTheGatesEvidence(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "gate", "send-email-grant-missing")
	catalog, policy := filepath.Join(dir, "catalog.json"), filepath.Join(dir, "policy.json")
	tmp := t.TempDir()
	for _, args := range []string{
		`{\"to\":\"bob@example.com\",\"subject\":\"Q3\",\"body\":\"Numbers attached.\"}`,
		`{\"to\":\"bob@example.com\",\"to\":\"eve@example.net\",\"subject\":\"Q3\",\"body\":\"Numbers attached.\"}`,
	} {
		call := `{"id":"call_1","type":"function","function":{"name":"send_email","arguments":"` + args + `"}}`
		callPath, transcriptPath := filepath.Join(tmp, "call.json"), filepath.Join(tmp, "transcript.json")
		os.WriteFile(callPath, []byte(call), 0o644)
		os.WriteFile(transcriptPath, []byte(`[{"role":"user","content":"Send Bob the numbers."},`+"\n"+`{"role":"assistant","tool_calls":[`+call+`]}]`), 0o644)
		_, gated, _ := runIn(t, "", "gate", "--catalog", catalog, "--policy", policy, callPath)
		_, replayed, _ := runIn(t, "", "replay", "--catalog", catalog, "--policy", policy, transcriptPath)
		evidence := 0
		for _, line := range strings.Split(gated, "\n") {
			_, message, found := strings.Cut(line, ":   ")
			if !found {
				continue
			}
			evidence++
			if !strings.Contains(replayed, message) {
				t.Errorf("gate shows %q; replay does not:\n%s", message, replayed)
			}
		}
		if evidence == 0 {
			t.Fatalf("gate showed no evidence:\n%s", gated)
		}
	}
}

// TestTextReplySaysSo: gate on a model's reply in words says there is no tool call in the
// message, on the decision's line and in the summary, rather than naming an unreadable call.
func TestTextReplySaysSo(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "gate", "send-email-grant-missing")
	reply := filepath.Join(t.TempDir(), "reply.json")
	os.WriteFile(reply, []byte(`{"role": "assistant", "content": "Sure, I will send the report now."}`), 0o644)
	code, out, _ := runIn(t, "", "gate", "--catalog", filepath.Join(dir, "catalog.json"), "--policy", filepath.Join(dir, "policy.json"), reply)
	if code != exitFindings || !strings.Contains(out, "(no tool call): deny") || !strings.Contains(out, "deny: no tool call in this message") || strings.Contains(out, "unreadable") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
