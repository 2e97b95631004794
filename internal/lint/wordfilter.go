package lint

import "strings"

// A wordFilter finds which of a fixed set of lowercase words a text contains, in one pass
// (Aho–Corasick): the rules' cheap filters then cost one scan per string, not one per word. The
// scan reads ASCII letters in either case and a run of white space as one space, so it needs no
// lower-cased copy of the text.
type wordFilter struct {
	ids   map[string]int
	words []string   // id → word
	class [256]uint8 // byte → column of next; 0 for bytes no word contains; A–Z share a–z's
	// moves is the automaton in one table, read by the scan: the move from state s (a row
	// start, s·width) on class c is moves[s+c], written as the next row start shifted left
	// by one, its low bit set when some word ends in that state; the row's last entry is
	// where its words are in ends. One flat table and a bit to test keep the scan's inner loop
	// to two loads per byte. The rows are in breadth-first order.
	moves []int32
	// ends lists the words that end in each state, one run per state where some do: the
	// number of words, then their ids. It is a few kilobytes, where a slice per state was a
	// header per state and an array apiece, three loads spread over memory for every word the
	// scan meets (in prose, one every few bytes).
	ends  []int32
	next  [][]int32 // state → class → state, while building
	out   [][]int   // state → ids of the words that end in it, while building
	width int32     // the length of a row of moves: the classes and the row's place in ends
}

// A foundWords is the answer of [wordFilter.scan]: bit i says word i was found.
type foundWords []uint64

// A wordMask is a set of a filter's words as the words of its answer that hold them, the others
// left out: a rule's set of a few words has ids spread over the whole filter, tens of words of
// its answer apart, most of them none of the set's.
type wordMask []maskWord

// anyOf reports whether one of the words set in mask was found: a word of the answer at a time,
// whatever the number of words the set holds (a language's markers are hundreds).
func (ws foundWords) anyOf(mask wordMask) bool {
	for _, m := range mask {
		if ws[m.at]&m.bits != 0 {
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
	afterSpace := []bool{true} // by state: entered by a space (the root: the text's start)
	for id, w := range f.words {
		st := int32(0)
		for i := 0; i < len(w); i++ {
			c := f.class[w[i]]
			if f.next[st][c] < 0 {
				n := newState()
				f.next[st][c] = n
				afterSpace = append(afterSpace, w[i] == ' ')
			}
			st = f.next[st][c]
		}
		f.out[st] = append(f.out[st], id)
	}
	// A run of white space reads as one space: every blank moves as the space does (a word
	// holding another blank is never found, as a run read as one space never holds it), and
	// the move on a blank from a state just entered by a space stays there, so that the rest of
	// a run is read as nothing.
	space := f.class[' ']
	for _, c := range []byte{'\t', '\n', '\r', '\f', '\v'} {
		f.class[c] = space
	}
	// Breadth first: each state's failure link, its outputs merged, its missing moves filled.
	// The order of the queue, the states by depth, is also the order their rows are written in:
	// the scan of prose mostly moves between the states a few letters deep, and their rows are
	// then side by side in the table, not spread over all of it.
	fail := make([]int32, len(f.next))
	queue := []int32{0}
	for c := 0; c < classes; c++ {
		if n := f.next[0][c]; n > 0 {
			queue = append(queue, n)
		} else {
			f.next[0][c] = 0
		}
	}
	for i := 1; i < len(queue); i++ {
		st := queue[i]
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
	row := make([]int32, len(queue)) // state → its row in moves
	for i, st := range queue {
		row[st] = int32(i)
	}
	// A row ends with one more entry, where its words are in ends, so that the scan finds the
	// words that end in its state without dividing.
	f.width = int32(classes + 1)
	f.moves = make([]int32, len(f.next)*int(f.width))
	f.ends = []int32{0} // the run of the states where no word ends
	for st, next := range f.next {
		r := row[st]
		at := r * f.width
		for c, n := range next {
			v := row[n] * f.width << 1
			if len(f.out[n]) > 0 {
				v |= 1
			}
			f.moves[at+int32(c)] = v
		}
		if ids := f.out[st]; len(ids) > 0 {
			f.moves[at+f.width-1] = int32(len(f.ends))
			f.ends = append(f.ends, int32(len(ids)))
			for _, id := range ids {
				f.ends = append(f.ends, int32(id))
			}
		}
		if afterSpace[st] && (st != 0 || next[space] == 0) {
			f.moves[at+int32(space)] = at << 1 // and no word ends again
		}
	}
	f.out, f.next = nil, nil
	return f
}

func (f *wordFilter) idsOf(words []string) []int {
	ids := make([]int, len(words))
	for i, w := range words {
		ids[i] = f.ids[w]
	}
	return ids
}

// maskOf is the set of words as a scan's answer holds them, its last word the last one set.
func (f *wordFilter) maskOf(words []string) wordMask {
	dense := make(foundWords, (len(f.ids)+63)/64)
	for _, w := range words {
		id := f.ids[w]
		dense[id/64] |= 1 << (id % 64)
	}
	var mask wordMask
	for at, bits := range dense {
		if bits != 0 {
			mask = append(mask, maskWord{at, bits})
		}
	}
	return mask
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

// A WordSet tells whether a text holds one of a fixed set of words, as strings.Contains asked of
// each word in turn does, in one pass over the text: a rule's key words, which let it skip a text
// holding none, are tens, and asking for each read a long text tens of times.
type WordSet struct {
	f *wordFilter
	// exact are the words the filter's scan may miss (it reads A–Z as a–z and a run of
	// white space as one space), asked of the text one by one: none, for the keys as written.
	exact []string
}

// NewWordSet returns the set of words (written in lower case, as the text they are asked of).
func NewWordSet(words []string) *WordSet {
	ws := &WordSet{}
	var scanned []string
	for _, w := range words {
		if findsAsWritten(w) {
			scanned = append(scanned, w)
		} else {
			ws.exact = append(ws.exact, w)
		}
	}
	ws.f = newWordFilter(scanned)
	return ws
}

// findsAsWritten reports whether the filter's scan finds every place a text holds w as written:
// it has no upper-case ASCII letter and no blank but single spaces.
func findsAsWritten(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 'A' && c <= 'Z', c == '\t', c == '\n', c == '\r', c == '\f', c == '\v':
			return false
		case c == ' ' && i > 0 && w[i-1] == ' ':
			return false
		}
	}
	return true
}

// HoldsAny reports whether text holds one of the set's words as written.
func (ws *WordSet) HoldsAny(text string) bool {
	for _, w := range ws.exact {
		if strings.Contains(text, w) {
			return true
		}
	}
	f := ws.f
	moves, class, width, ends := f.moves, &f.class, f.width, f.ends
	st := moves[class[' ']] >> 1
	for i := 0; i < len(text); i++ {
		v := moves[st+int32(class[text[i]])]
		st = v >> 1
		if v&1 == 0 {
			continue
		}
		k := moves[st+width-1]
		for _, id := range ends[k+1 : k+1+ends[k]] {
			// The scan reads letters in either case and a run of white space as one space:
			// the text holds the word where it reads as written.
			w := f.words[id]
			if start := i + 1 - len(w); start >= 0 && text[start:i+1] == w {
				return true
			}
		}
	}
	return false
}
