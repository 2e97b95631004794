package core

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/gowebpki/jcs"
)

// PinPrefix starts every pin, naming the hash so that another can be added later.
const PinPrefix = "sha256:"

// Pin returns the pin of a tool definition: sha256 over the RFC 8785 (JCS) canonical form of the
// whole tool object, as "sha256:<hex>". Every field counts — name, title, description,
// inputSchema, outputSchema, annotations and any other — because a rug pull can hide in any of
// them, not just the description. Any JCS implementation recomputes the same pin.
func Pin(def map[string]any) (string, error) {
	raw, err := json.Marshal(def)
	if err != nil {
		return "", fmt.Errorf("pin: %w", err)
	}
	canon, err := jcs.Transform(raw)
	if err != nil {
		return "", fmt.Errorf("pin: the tool cannot be put in canonical form (RFC 8785): %w", err)
	}
	sum := sha256.Sum256(canon)
	return PinPrefix + hex.EncodeToString(sum[:]), nil
}
