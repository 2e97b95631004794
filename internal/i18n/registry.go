package i18n

import (
	"sync"
	"sync/atomic"
)

// A record says how an English text was built, so that it can be built again in a language:
// from a format and its arguments, by a library's error kind, or by a function of its own.
type record struct {
	format    string
	args      []any
	localized Localized
	write     func(Lang) string
	from      string
	items     []string
	sep       string
	derive    func(Lang, string) string
	seq       uint64 // when it was remembered
}

// registryLimit is how many texts the registry keeps once no translation needs them: enough
// for the messages of the last answers, which is all a later translation may reuse.
const registryLimit = 1 << 13

// The registry of texts and how they were built, shared by every translation. It is keyed by
// content: a message is found whatever copy of its text an answer holds.
var registry = struct {
	open atomic.Int32 // translations open; nothing is remembered while there are none

	mu     sync.Mutex
	seq    uint64
	byText map[string]*record
	// order holds texts in the order they were remembered, oldest first from head; an entry
	// whose seq is not its record's any more was remembered again later.
	order []remembered
	head  int
	// forgotten is the seq of the newest text forgotten so far.
	forgotten uint64
	// since holds, for each open translation, the seq from which it needs every text.
	since map[*Translation]uint64
	// nextForget is the size at which to try forgetting again: while translations are open
	// little can be forgotten, and trying at every text would cost a look per text.
	nextForget int
}{byText: map[string]*record{}, since: map[*Translation]uint64{}, nextForget: registryLimit}

type remembered struct {
	text string
	seq  uint64
}

// remember keeps how text was built, while a translation is open.
func remember(text string, r *record) {
	if registry.open.Load() == 0 || text == "" {
		return
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	registry.seq++
	r.seq = registry.seq
	registry.byText[text] = r
	registry.order = append(registry.order, remembered{text, r.seq})
	if len(registry.byText) > registry.nextForget {
		forget()
	}
	if live := len(registry.order) - registry.head; live > 4*len(registry.byText)+1024 {
		compact()
	}
}

// compact drops the queue's entries for texts remembered again since: a message repeated in
// every answer must not grow the queue with each one. The caller holds the lock.
func compact() {
	kept := registry.order[:0]
	for _, e := range registry.order[registry.head:] {
		if r, ok := registry.byText[e.text]; ok && r.seq == e.seq {
			kept = append(kept, e)
		}
	}
	clear(registry.order[len(kept):])
	registry.order, registry.head = kept, 0
}

// forget drops the oldest texts down to the limit, but none an open translation may need.
// The caller holds the lock.
func forget() {
	keepFrom := registry.seq + 1
	for _, s := range registry.since {
		keepFrom = min(keepFrom, s)
	}
	for registry.head < len(registry.order) && len(registry.byText) > registryLimit {
		e := registry.order[registry.head]
		if e.seq >= keepFrom {
			break
		}
		registry.head++
		if r, ok := registry.byText[e.text]; ok && r.seq == e.seq {
			delete(registry.byText, e.text)
			registry.forgotten = max(registry.forgotten, e.seq)
		}
	}
	// Let the queue's dropped head go once it is most of the slice.
	if registry.head > 1024 && registry.head*2 > len(registry.order) {
		registry.order = append([]remembered(nil), registry.order[registry.head:]...)
		registry.head = 0
	}
	registry.nextForget = max(registryLimit, len(registry.byText)) + registryLimit/4
}

// lookup finds how text was built.
func lookup(text string) (*record, bool) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	r, ok := registry.byText[text]
	return r, ok
}

// A Stamp marks a moment in the registry's history: what was remembered after it can be kept
// for a translation ([Translation.Keep]) as long as none of it was forgotten.
type Stamp uint64

// Now returns the registry's present moment.
func Now() Stamp {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return Stamp(registry.seq + 1)
}

// Remembering reports whether texts are being remembered: whether a translation is open.
func Remembering() bool { return registry.open.Load() > 0 }
