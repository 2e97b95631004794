package jsondoc

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// RawOffset maps a byte offset in a decoded JSON string to the offset of the same
// character in its literal, which starts with the opening quote. Escapes make the two differ:
// "\n" is two bytes for one, "\u00e9" six for two, a surrogate pair twelve for four. An offset
// that falls inside the bytes one escape decodes to maps to the escape's start; the offset just
// past the last character maps to the closing quote.
func RawOffset(literal []byte, decodedOffset int) (int, bool) {
	if len(literal) == 0 || literal[0] != '"' || decodedOffset < 0 {
		return 0, false
	}
	decoded := 0
	i := 1
	for i < len(literal) {
		b := literal[i]
		if b == '"' {
			break
		}
		width, raw := 1, 1
		if b == '\\' {
			if i+1 >= len(literal) {
				return 0, false
			}
			switch literal[i+1] {
			case 'u':
				r1, ok := escapeHex4(literal[i+2:])
				if !ok {
					return 0, false
				}
				raw = 6
				r := rune(r1)
				if utf16.IsSurrogate(r) {
					r = utf8.RuneError
					if i+12 <= len(literal) && literal[i+6] == '\\' && literal[i+7] == 'u' {
						if r2, ok := escapeHex4(literal[i+8:]); ok {
							if pair := utf16.DecodeRune(rune(r1), rune(r2)); pair != utf8.RuneError {
								r, raw = pair, 12
							}
						}
					}
				}
				width = utf8.RuneLen(r)
			default:
				raw = 2
			}
		}
		if decodedOffset < decoded+width {
			return i, true
		}
		decoded += width
		i += raw
	}
	if decodedOffset == decoded && i < len(literal) {
		return i, true
	}
	return 0, false
}

func escapeHex4(b []byte) (uint16, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 16)
	return uint16(n), err == nil
}
