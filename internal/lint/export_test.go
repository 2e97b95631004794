package lint

// DecodedText is decodedText, for the tests of package lint_test.
type DecodedText = decodedText

// Text, From, Start and End read a decoded text's fields.
func (d DecodedText) Text() string { return d.text }
func (d DecodedText) From() string { return d.from }
func (d DecodedText) Span() (start, end int) {
	return d.start, d.end
}

// DecodeAll is decodeAll: what lint decodes from a string.
func DecodeAll(s string) []DecodedText { return decodeAll(s, false) }

// FoldForMatch is foldForMatch: the reading the phrases are matched in.
func FoldForMatch(s string) string { folded, _ := foldForMatch(s); return folded }

// MaxDecoded and MaxFoldGrowth are the decoding bounds.
const (
	MaxDecoded    = maxDecoded
	MaxFoldGrowth = maxFoldGrowth
)
