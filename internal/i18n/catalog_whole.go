//go:build !schemamodule

package i18n

import _ "embed"

// The whole catalogs, for every build but the Schema module's.
var (
	//go:embed fr.json
	frJSON []byte
	//go:embed de.json
	deJSON []byte
)
