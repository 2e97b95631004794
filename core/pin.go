package core

import "github.com/gatehouse-dev/gatehouse/internal/catalog"

// PinRequest is the input of [PinCatalog]: a catalog text exactly as pasted.
type PinRequest struct {
	Catalog string `json:"catalog"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// PinResult is the answer of [PinCatalog]. Pins, tool key → "sha256:<hex>", is a lock file.
type PinResult struct {
	Pins     map[string]string `json:"pins"`
	Problems Problems          `json:"problems"`
}

// PinCatalog pins every tool of a catalog: sha256 over the RFC 8785 (JCS) canonical form of the
// whole tool object, so a changed description, schema or annotation — a rug pull — changes the
// pin, and any JCS implementation recomputes it. The result, or its "pins" member alone, is a
// lock file that [Diff] verifies a later catalog against.
func PinCatalog(req PinRequest) PinResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	pins, probs := catalog.PinText(req.Catalog)
	return PinResult{Pins: pins, Problems: translateProblems(tr, orEmpty(withLanguage(langProbs, probs)))}
}
