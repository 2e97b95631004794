//go:build schemamodule

package i18n

import _ "embed"

// The Schema module's catalogs (make wasm-schema builds ./wasm/schema with the schemamodule tag):
// the messages worded in the packages it links, with the whole catalogs' translations. Every
// first visit downloads this module, and the whole catalogs are 375 KB of mostly other panes'
// words, 64 KB of the module at brotli 11. TestSchemaModuleCatalogs holds them to the whole
// catalogs and the source.
var (
	//go:embed schemamodule/fr.json
	frJSON []byte
	//go:embed schemamodule/de.json
	deJSON []byte
)
