//go:build !jsonschema_noxtext

package kind

import "golang.org/x/text/message"

// The error kinds written with a golang.org/x/text/message printer: each LocalizedString is its
// PrintMessage with that printer. A build with the tag jsonschema_noxtext leaves them out, and
// with them every import of golang.org/x/text, whose language and number tables the import alone
// links (~30 KB at brotli 11 in a WebAssembly build).

// MessagePrinter returns an x/text printer as a [Printer].
func MessagePrinter(p *message.Printer) Printer { return messagePrinter{p} }

type messagePrinter struct{ p *message.Printer }

func (m messagePrinter) Sprintf(format string, args ...any) string {
	return m.p.Sprintf(format, args...)
}

func (k *InvalidJsonValue) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Schema) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Group) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Not) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *AllOf) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *AnyOf) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *OneOf) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *FalseSchema) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *RefCycle) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Type) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Enum) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Const) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Format) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Reference) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MinProperties) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MaxProperties) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MinItems) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MaxItems) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *AdditionalItems) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Required) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Dependency) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *DependentRequired) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *AdditionalProperties) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *PropertyNames) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *UniqueItems) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Contains) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MinContains) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MaxContains) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MinLength) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MaxLength) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Pattern) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *ContentEncoding) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *ContentMediaType) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *ContentSchema) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Minimum) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *Maximum) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *ExclusiveMinimum) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *ExclusiveMaximum) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}

func (k *MultipleOf) LocalizedString(p *message.Printer) string {
	return k.PrintMessage(MessagePrinter(p))
}
