package jsonschema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// benchSchema is a typical API payload schema: objects with required
// properties, bounded strings and numbers, a pattern and an enum.
const benchSchema = `{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "array",
	"items": {
		"type": "object",
		"additionalProperties": false,
		"required": ["id", "name", "email", "score", "tags"],
		"properties": {
			"id": { "type": "integer", "minimum": 0 },
			"name": { "type": "string", "minLength": 1, "maxLength": 100 },
			"email": { "type": "string", "pattern": "^[^@]+@[^@]+$" },
			"score": { "type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.5 },
			"tags": { "type": "array", "items": { "enum": ["alpha", "beta", "gamma"] }, "uniqueItems": true }
		}
	}
}`

func benchInstance(records int) string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i := 0; i < records; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"id":%d,"name":"user %d","email":"user%d@example.com","score":%d.5,"tags":["alpha","beta"]}`, i, i, i, i%100)
	}
	sb.WriteByte(']')
	return sb.String()
}

func BenchmarkValidate(b *testing.B) {
	for _, records := range []int{1, 1000} {
		b.Run(fmt.Sprintf("records=%d", records), func(b *testing.B) {
			schema, err := jsonschema.UnmarshalJSON(strings.NewReader(benchSchema))
			if err != nil {
				b.Fatal(err)
			}
			c := jsonschema.NewCompiler()
			if err := c.AddResource("schema.json", schema); err != nil {
				b.Fatal(err)
			}
			sch, err := c.Compile("schema.json")
			if err != nil {
				b.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(benchInstance(records)))
			if err != nil {
				b.Fatal(err)
			}
			if err := sch.Validate(inst); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = sch.Validate(inst)
			}
		})
	}
}
