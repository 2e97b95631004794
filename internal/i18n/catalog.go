package i18n

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The catalogs, frJSON and deJSON: one JSON object per language, from each English format or
// sentence (the key, as the source writes it) to its translation, with the same verbs. A build
// embeds fr.json and de.json, or, with the schemamodule tag, the part of them that
// gatehouse-schema.wasm can word (catalog_whole.go, catalog_schemamodule.go).

// catalogs are read on first use: a page in English never pays for them.
var catalogs = map[Lang]func() map[string]string{
	French: sync.OnceValue(func() map[string]string { return readCatalog(French, frJSON) }),
	German: sync.OnceValue(func() map[string]string { return readCatalog(German, deJSON) }),
}

func readCatalog(l Lang, text []byte) map[string]string {
	m := map[string]string{}
	if err := json.Unmarshal(text, &m); err != nil {
		// The catalogs are embedded and tested; this cannot happen in a build that passed.
		panic(fmt.Sprintf("i18n: the %s catalog is not a JSON object of strings: %v", l, err))
	}
	for k, v := range m {
		if v == "" {
			delete(m, k) // not translated yet: English stands
		}
	}
	return m
}

// catalogOf returns l's catalog; nil (every lookup misses) for English.
func catalogOf(l Lang) map[string]string {
	if read, ok := catalogs[l]; ok {
		return read()
	}
	return nil
}

// Catalog returns l's catalog, English key to translation, for tests.
func Catalog(l Lang) map[string]string { return catalogOf(l) }

// numberPrinters write numbers as golang.org/x/text/message's printer did for each language
// (1,234 and 1.5 in English, 1 234 with a no-break space and 1,5 in French, 1.234 and 1,5 in
// German), which the library's messages were written with before; TestLibraryPrinterAgreesWithXText
// holds them to it.
var numberPrinters = map[Lang]kind.NumberPrinter{
	French: {Group: "\u00a0", Decimal: ",", Times: "×"},
	German: {Group: ".", Decimal: ",", Times: "·"},
}

// A catalogPrinter writes the library's messages in a language: each format's translation, or
// the English format where the catalog has none, with the language's numbers.
type catalogPrinter struct {
	catalog map[string]string
	numbers kind.NumberPrinter
}

func (p catalogPrinter) Sprintf(format string, args ...any) string {
	if tr, ok := p.catalog[format]; ok {
		format = tr
	}
	return p.numbers.Sprintf(format, args...)
}

// LibraryPrinter returns the printer the JSON Schema library writes l with.
func LibraryPrinter(l Lang) kind.Printer { return libraryPrinter(l) }

// libraryPrinter is l's catalog with l's numbers; English is the library's own printer.
func libraryPrinter(l Lang) kind.Printer {
	if numbers, ok := numberPrinters[l]; ok {
		return catalogPrinter{catalog: catalogOf(l), numbers: numbers}
	}
	return kind.English
}
