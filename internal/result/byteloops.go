package result

// Some of the rules' expressions are simple enough that a loop over the bytes finds what they
// find, far faster than the expression run over a long text: each loop here is held to its
// expression by TestExpressionsFindAsRegexp.

// findValueStarts is valueStart.FindAllStringIndex(s, n), read by a byte loop: one of ":[{,",
// white space (as \s reads it), then a quote.
func findValueStarts(s string, n int) [][]int {
	var out [][]int
	for i := 0; i < len(s) && (n < 0 || len(out) < n); i++ {
		switch s[i] {
		case ':', '[', '{', ',':
		default:
			continue
		}
		j := i + 1
		for j < len(s) && isRegexpSpace(s[j]) {
			j++
		}
		if j < len(s) && (s[j] == '\'' || s[j] == '"') {
			out = append(out, []int{i, j + 1})
			i = j
		}
	}
	return out
}

// isRegexpSpace reports the bytes \s matches: tab, line feed, form feed, carriage return, space.
func isRegexpSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}
