package catalog

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

func pinAll(c *Catalog, doc *jsondoc.Document) (map[string]string, problem.Problems) {
	pins := make(map[string]string, len(c.Tools))
	var probs problem.Problems
	for i := range c.Tools {
		t := &c.Tools[i]
		pin, err := Pin(t.Def)
		if err != nil {
			probs = append(probs, doc.Problem(problem.KindRule, t.Pointer, i18n.Sprintf("tool %q cannot be pinned: %v", t.Name, err)))
			continue
		}
		pins[t.Name] = pin
	}
	return pins, probs
}

// A LockReport is a catalog verified against a lock file. Each list holds tool keys: Changed
// were pinned and hash differently now, Added are in the catalog but not the lock, Removed are
// in the lock but not the catalog.
type LockReport struct {
	OK        bool        `json:"ok"` // nothing changed, appeared or vanished
	Changed   []string    `json:"changed"`
	Added     []string    `json:"added"`
	Removed   []string    `json:"removed"`
	Unchanged []string    `json:"unchanged"`
	Tools     []LockEntry `json:"tools"` // one per tool that is not unchanged, placed in its text
}

// A LockEntry is one tool whose pin does not hold, placed where the page can point at it: in
// the catalog (side "right") for changed and added tools, in the lock (side "left") for removed.
type LockEntry struct {
	Tool    string     `json:"tool"`
	Status  LockStatus `json:"status"`
	Pinned  string     `json:"pinned,omitempty"`
	Actual  string     `json:"actual,omitempty"`
	Side    string     `json:"side"`
	Pointer string     `json:"pointer"`
	Line    int        `json:"line,omitempty"`
	Column  int        `json:"column,omitempty"`
	Message string     `json:"message"`
}

// A LockStatus says what became of a tool its lock file pins.
type LockStatus string

// The statuses of a [LockEntry].
const (
	LockChanged LockStatus = "changed" // its definition no longer has its pin
	LockAdded   LockStatus = "added"   // the catalog has it, the lock does not
	LockRemoved LockStatus = "removed" // the lock pins it, the catalog no longer has it
)

// LooksLikeLock reports whether v is a lock file: an object mapping names to "sha256:…"
// strings, bare or as the "pins" member of the API's pin answer.
func LooksLikeLock(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if pins, ok := m["pins"].(map[string]any); ok {
		for k := range m {
			if k != "pins" && k != "problems" {
				return false
			}
		}
		return allPins(pins, true)
	}
	return allPins(m, false)
}

func allPins(m map[string]any, emptyOK bool) bool {
	if len(m) == 0 {
		return emptyOK
	}
	for _, v := range m {
		s, ok := v.(string)
		if !ok || !strings.HasPrefix(s, pinPrefix) {
			return false
		}
	}
	return true
}

// ParseLock reads a lock file: {"tool": "sha256:<64 hex>", …}, or the API's pin answer
// ({"pins": {…}, "problems": […]}). Each entry that is not a well-formed pin is a problem at its
// line; the others are still returned.
func ParseLock(doc *jsondoc.Document) (map[string]string, problem.Problems) {
	m, ok := doc.Value.(map[string]any)
	if !ok {
		return nil, problem.Problems{doc.Problem(problem.KindRule, "", i18n.T(`a lock file must be an object {"tool": "sha256:…"}`))}
	}
	base := ""
	var probs problem.Problems
	if pins, ok := m["pins"].(map[string]any); ok {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if k != "pins" && k != "problems" {
				probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("", k), i18n.Sprintf("unknown member %q beside \"pins\" in a lock file", untrusted.Shorten(k, 60))))
			}
		}
		m, base = pins, "/pins"
	}
	lock := make(map[string]string, len(m))
	for _, name := range slices.Sorted(maps.Keys(m)) {
		at := jsondoc.JoinPointer(base, name)
		s, ok := m[name].(string)
		if !ok || !IsPin(s) {
			probs = append(probs, doc.Problem(problem.KindRule, at, i18n.Sprintf("the pin of %q must be \"sha256:\" and 64 lowercase hex digits", untrusted.Shorten(name, 60))))
			continue
		}
		lock[name] = s
	}
	return lock, probs
}

// VerifyLock checks a catalog against a lock: every tool whose hash changed, appeared or
// vanished. The lists follow the catalog's order, removed tools in name order. The documents, when
// not nil, are the texts the lock and the catalog came from, to place every entry at its line.
func VerifyLock(lock map[string]string, c *Catalog, lockDoc, catDoc *jsondoc.Document) (*LockReport, problem.Problems) {
	rep := &LockReport{Changed: []string{}, Added: []string{}, Removed: []string{}, Unchanged: []string{}, Tools: []LockEntry{}}
	var probs problem.Problems
	seen := make(map[string]bool, len(c.Tools))
	lockBase := ""
	if lockDoc != nil {
		if m, ok := lockDoc.Value.(map[string]any); ok {
			if _, ok := m["pins"].(map[string]any); ok {
				lockBase = "/pins"
			}
		}
	}
	for i := range c.Tools {
		t := &c.Tools[i]
		seen[t.Name] = true
		actual, err := Pin(t.Def)
		if err != nil {
			if catDoc != nil {
				probs = append(probs, catDoc.Problem(problem.KindRule, t.Pointer, i18n.Sprintf("tool %q cannot be pinned: %v", t.Name, err)))
			}
			continue
		}
		pinned, ok := lock[t.Name]
		switch {
		case !ok:
			rep.Added = append(rep.Added, t.Name)
			rep.Tools = append(rep.Tools, LockEntry{Tool: t.Name, Status: LockAdded, Actual: actual, Side: "right", Pointer: t.Pointer,
				Message: i18n.Sprintf("%q is not in the lock: a new tool nobody has reviewed", t.Name)})
		case pinned != actual:
			rep.Changed = append(rep.Changed, t.Name)
			rep.Tools = append(rep.Tools, LockEntry{Tool: t.Name, Status: LockChanged, Pinned: pinned, Actual: actual, Side: "right", Pointer: t.Pointer,
				Message: i18n.Sprintf("%q changed since it was pinned: its name, description, schemas or annotations differ", t.Name)})
		default:
			rep.Unchanged = append(rep.Unchanged, t.Name)
		}
	}
	removed := make([]string, 0)
	for name := range lock {
		if !seen[name] {
			removed = append(removed, name)
		}
	}
	sort.Strings(removed)
	for _, name := range removed {
		at := jsondoc.JoinPointer(lockBase, name)
		rep.Removed = append(rep.Removed, name)
		rep.Tools = append(rep.Tools, LockEntry{Tool: name, Status: LockRemoved, Pinned: lock[name], Side: "left", Pointer: at,
			Message: i18n.Sprintf("%q is pinned but no longer in the catalog (or was renamed)", name)})
	}
	for i := range rep.Tools {
		e := &rep.Tools[i]
		place := jsondoc.Place{Pointer: e.Pointer}
		if e.Side == "left" {
			lockDoc.Fill(&place)
		} else {
			catDoc.Fill(&place)
		}
		e.Line, e.Column = place.Line, place.Column
	}
	rep.OK = len(rep.Changed) == 0 && len(rep.Added) == 0 && len(rep.Removed) == 0
	return rep, probs
}
