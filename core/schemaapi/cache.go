package schemaapi

import "github.com/gatehouse-dev/gatehouse/internal/schema"

// schemas holds the compiled schemas by their texts, between calls: the page calls Validate on
// every keystroke with mostly the same schema.
var schemas = schema.NewCache()

// Schemas is the cache Validate compiles into, which core's other checks (a gatekeeper's tool
// schemas, a decision's app rule) share, so that a schema compiled for one is not compiled again
// for another.
func Schemas() *schema.Cache { return schemas }
