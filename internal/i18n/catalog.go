package i18n

import (
	"encoding/json"
	"fmt"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
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

var tags = map[Lang]language.Tag{English: language.English, French: language.French, German: language.German}

// libraryPrinters are the JSON Schema library's printers, one per language, with the
// catalog's translations of its formats.
var libraryPrinters = map[Lang]func() *message.Printer{
	French: sync.OnceValue(func() *message.Printer { return newLibraryPrinter(French) }),
	German: sync.OnceValue(func() *message.Printer { return newLibraryPrinter(German) }),
}

func newLibraryPrinter(l Lang) *message.Printer {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for k, v := range catalogOf(l) {
		// Every key, not only the library's: a key it does not use is never asked for.
		_ = b.SetString(tags[l], k, v)
	}
	return message.NewPrinter(tags[l], message.Catalog(b))
}

// LibraryPrinter returns the printer the JSON Schema library writes l with.
func LibraryPrinter(l Lang) *message.Printer { return libraryPrinter(l) }

func libraryPrinter(l Lang) *message.Printer {
	if p, ok := libraryPrinters[l]; ok {
		return p()
	}
	return message.NewPrinter(language.English)
}
