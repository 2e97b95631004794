//go:build js && wasm

package binding

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
)

// A check from mediumCheck on runs with the collector set otherwise and collects after it: its
// answers, valid or not, are schemaapi.Validate's, and the collector is left at gogcChecks.
func TestValidateTextsMediumCheck(t *testing.T) {
	schema := `{"type":"array","items":{"type":"object","required":["id"],"properties":{"id":{"type":"integer"},"zip":{"type":"string","pattern":"^[0-9]{5}$"}}}}`
	var sb strings.Builder
	sb.WriteString("[")
	for i := 0; sb.Len() < mediumCheck+1000; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		zip := fmt.Sprintf("%05d", i%100000)
		if i%997 == 500 {
			zip = "x" // a few records fail their pattern
		}
		fmt.Fprintf(&sb, `{"id":%d,"zip":%q}`, i, zip)
	}
	sb.WriteString("]")
	invalid := sb.String()
	valid := strings.ReplaceAll(invalid, `"x"`, `"12345"`)
	for range 3 {
		for _, instance := range []string{valid, invalid} {
			want, err := schemaapi.Validate(schemaapi.ValidateRequest{Schema: schema, Instance: instance}).MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if got := string(validateTexts(schema, instance, "", "", 0)); got != string(want) {
				t.Fatalf("validateTexts answers %.200s…, Validate %.200s…", got, want)
			}
			if wantValid := instance == valid; strings.HasPrefix(string(want), `{"valid":true`) != wantValid {
				t.Fatalf("the instance's verdict is not valid=%v: %.200s", wantValid, want)
			}
		}
	}
	if got := collectorSetting(); got != gogcChecks || gcPercent != gogcChecks {
		t.Errorf("the collector is at %d (setGC's %d) after the checks, want %d", got, gcPercent, gogcChecks)
	}
}

// collectorSetting is the collector's setting, read by setting it and putting it back.
func collectorSetting() int {
	v := debug.SetGCPercent(100)
	debug.SetGCPercent(v)
	return v
}
