package lint

// A wordFilter finds which of a fixed set of lowercase words a text contains, in one pass
// (Aho–Corasick): the rules' cheap filters then cost one scan per string, not one per word. The
// scan reads ASCII letters in either case and a run of white space as one space, so it needs no
// lower-cased copy of the text.
type wordFilter struct {
	ids   map[string]int
	words []string   // id → word
	class [256]uint8 // byte → column of next; 0 for bytes no word contains; A–Z share a–z's
	space [256]bool  // the bytes read as one space
	// moves is the automaton in one table, read by the scan: the move from state s (a row
	// start, s·classes) on class c is moves[s+c], written as the next row start shifted left
	// by one, its low bit set when some word ends in that state. One flat table and a bit to
	// test keep the scan's inner loop to two loads per byte.
	moves []int32
	next  [][]int32 // state → class → state, while building
	out   [][]int   // state → ids of the words that end there
	width int32     // classes: the length of a row of moves
}

// A foundWords is the answer of [wordFilter.scan]: bit i says word i was found.
type foundWords []uint64

func (ws foundWords) any(ids []int) bool {
	for _, id := range ids {
		if ws[id/64]&(1<<(id%64)) != 0 {
			return true
		}
	}
	return false
}

func newWordFilter(words []string) *wordFilter {
	f := &wordFilter{ids: map[string]int{}}
	classes := 1
	for _, w := range words {
		if _, ok := f.ids[w]; !ok {
			f.ids[w] = len(f.ids)
			f.words = append(f.words, w)
		}
		for i := 0; i < len(w); i++ {
			if f.class[w[i]] == 0 {
				f.class[w[i]] = uint8(classes)
				classes++
			}
		}
	}
	// The words are lower case; an upper-case letter in the text moves like its lower case.
	for c := 'A'; c <= 'Z'; c++ {
		f.class[c] = f.class[c+'a'-'A']
	}
	newState := func() int32 {
		row := make([]int32, classes)
		for i := range row {
			row[i] = -1
		}
		f.next = append(f.next, row)
		f.out = append(f.out, nil)
		return int32(len(f.next) - 1)
	}
	newState()
	for w, id := range f.ids {
		st := int32(0)
		for i := 0; i < len(w); i++ {
			c := f.class[w[i]]
			if f.next[st][c] < 0 {
				n := newState()
				f.next[st][c] = n
			}
			st = f.next[st][c]
		}
		f.out[st] = append(f.out[st], id)
	}
	// Breadth first: each state's failure link, its outputs merged, its missing moves filled.
	fail := make([]int32, len(f.next))
	queue := []int32{}
	for c := 0; c < classes; c++ {
		if n := f.next[0][c]; n > 0 {
			queue = append(queue, n)
		} else {
			f.next[0][c] = 0
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		f.out[st] = append(f.out[st], f.out[fail[st]]...)
		for c := 0; c < classes; c++ {
			n := f.next[st][c]
			if n < 0 {
				f.next[st][c] = f.next[fail[st]][c]
				continue
			}
			fail[n] = f.next[fail[st]][c]
			queue = append(queue, n)
		}
	}
	f.width = int32(classes)
	f.moves = make([]int32, len(f.next)*classes)
	for st, row := range f.next {
		for c, n := range row {
			v := n * f.width << 1
			if len(f.out[n]) > 0 {
				v |= 1
			}
			f.moves[st*classes+c] = v
		}
	}
	for _, c := range []byte{' ', '\t', '\n', '\r', '\f', '\v'} {
		f.space[c] = true
	}
	return f
}

func (f *wordFilter) idsOf(words []string) []int {
	ids := make([]int, len(words))
	for i, w := range words {
		ids[i] = f.ids[w]
	}
	return ids
}

// scan returns the set of words found in text, reusing found's storage.
func (f *wordFilter) scan(text string, found foundWords) foundWords { return scanWords(f, text, found) }

// scanWords is [wordFilter.scan] over a string or a byte slice: [scanRequired] with no leading
// words to place.
func scanWords[T string | []byte](f *wordFilter, text T, found foundWords) foundWords {
	found, _ = scanRequired(f, nil, text, found, nil)
	return found
}

// A WordIndex finds where each of a fixed set of words occurs in a text, in one pass over it, for
// the result check's key words: looking for each word in turn reads a long text once per word.
type WordIndex struct {
	f     *wordFilter
	words []string
	ids   []int // word → its id in f
	leads []bool
}

// NewWordIndex returns an index of words, each written in lower case.
func NewWordIndex(words []string) *WordIndex {
	wi := &WordIndex{f: newWordFilter(words), words: words}
	wi.leads = make([]bool, len(wi.f.ids))
	for _, w := range words {
		id := wi.f.ids[w]
		wi.ids = append(wi.ids, id)
		wi.leads[id] = true
	}
	return wi
}

// Find lists, for each word (in the order given to [NewWordIndex]), the offsets in text where
// it starts, as strings.Index finds them one after the other: in order, none overlapping the one
// before, at most limit of them.
func (wi *WordIndex) Find(text string, limit int) [][]int {
	_, hits := scanRequired(wi.f, wi.leads, text, nil, nil)
	byID := make([][]int, len(wi.f.ids))
	ends := make([]int, len(wi.f.ids))
	for _, h := range hits {
		w := wi.f.words[h.id]
		start := h.end - len(w)
		// The scan reads a run of white space as one space, and letters in either case: an
		// occurrence is one where the text holds the word as written.
		if start < ends[h.id] || len(byID[h.id]) >= limit || start < 0 || text[start:h.end] != w {
			continue
		}
		byID[h.id] = append(byID[h.id], start)
		ends[h.id] = h.end
	}
	out := make([][]int, len(wi.words))
	for i, id := range wi.ids {
		out[i] = byID[id]
	}
	return out
}
