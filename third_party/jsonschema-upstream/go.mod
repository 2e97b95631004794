module github.com/gatehouse-dev/gatehouse/third_party/jsonschema-upstream

// The language version of the upstream module, so this copy compiles as the release does.
go 1.21

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/text v0.14.0
)

// The fork, against which differential_test.go runs this copy.
replace github.com/santhosh-tekuri/jsonschema/v6 => ../jsonschema
