//go:build !jsonschema_noxtext

package jsonschema

import (
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/message"
)

// The API that takes a golang.org/x/text/message printer: each Localized method is the
// library's own with that printer. A build with the tag jsonschema_noxtext leaves it out, and
// with it every import of golang.org/x/text (kind/message.go says why).

type messageKind interface {
	LocalizedString(*message.Printer) string
}

func (e *ValidationError) LocalizedError(p *message.Printer) string {
	return e.PrintMessage(kind.MessagePrinter(p))
}

func (e *ValidationError) LocalizedGoString(p *message.Printer) string {
	return e.printGoString(kind.MessagePrinter(p))
}

func (e *ValidationError) LocalizedBasicOutput(p *message.Printer) *OutputUnit {
	return e.printBasicOutput(kind.MessagePrinter(p))
}

func (e *ValidationError) LocalizedDetailedOutput(p *message.Printer) *OutputUnit {
	return e.printDetailedOutput(kind.MessagePrinter(p))
}

func (e *localizableError) LocalizedError(p *message.Printer) string {
	return e.PrintMessage(kind.MessagePrinter(p))
}
