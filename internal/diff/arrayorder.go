package diff

import (
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// An arrayOrder records how alignArrays reordered the right value's arrays, so that a path of
// the patch (about the reordered value) can be found in the right text as it was written. For
// an array, from[k] is the right index whose element is now at k; children are by aligned index
// (arrays) or member name (objects).
type arrayOrder struct {
	from     []int
	children map[string]*arrayOrder
}

// alignArrays returns right with each array's elements reordered to follow left's where their
// content is the same (compared as compact JSON, numbers by their text): an element found on
// both sides takes its left index, the elements left has no twin for take the places of left's
// unmatched ones in order, and the rest follow. A patch from left to the result then says what
// was added, removed or changed, and nothing about order. Objects are walked member by member;
// other values are returned as they are.
func alignArrays(left, right any) (any, *arrayOrder) {
	switch r := right.(type) {
	case map[string]any:
		l, ok := left.(map[string]any)
		if !ok {
			return right, nil
		}
		out := make(map[string]any, len(r))
		var o *arrayOrder
		for name, rv := range r {
			lv, both := l[name]
			if !both {
				out[name] = rv
				continue
			}
			aligned, child := alignArrays(lv, rv)
			out[name] = aligned
			if child != nil {
				if o == nil {
					o = &arrayOrder{children: map[string]*arrayOrder{}}
				}
				o.children[name] = child
			}
		}
		return out, o
	case []any:
		l, ok := left.([]any)
		if !ok {
			return right, nil
		}
		unused := map[string][]int{} // content → right indexes not yet matched, in order
		for j, rv := range r {
			k := jsondoc.Compact(rv)
			unused[k] = append(unused[k], j)
		}
		slots := make([]int, len(l)) // left index → the right index placed there, or -1
		taken := make([]bool, len(r))
		for i, lv := range l {
			slots[i] = -1
			k := jsondoc.Compact(lv)
			if js := unused[k]; len(js) > 0 {
				slots[i], taken[js[0]] = js[0], true
				unused[k] = js[1:]
			}
		}
		var rest []int
		for j := range r {
			if !taken[j] {
				rest = append(rest, j)
			}
		}
		for i := range slots {
			if slots[i] < 0 && len(rest) > 0 {
				slots[i], rest = rest[0], rest[1:]
			}
		}
		o := &arrayOrder{children: map[string]*arrayOrder{}}
		out := make([]any, 0, len(r))
		for i, j := range slots {
			if j < 0 {
				continue
			}
			aligned, child := alignArrays(l[i], r[j])
			if child != nil {
				o.children[strconv.Itoa(len(out))] = child
			}
			out = append(out, aligned)
			o.from = append(o.from, j)
		}
		for _, j := range rest {
			out = append(out, r[j])
			o.from = append(o.from, j)
		}
		return out, o
	}
	return right, nil
}

// original turns a pointer into the aligned right value into the pointer of the same value in
// the right text as written.
func (o *arrayOrder) original(pointer string) string {
	tokens, ok := jsondoc.SplitPointer(pointer)
	if !ok || o == nil {
		return pointer
	}
	out := make([]string, len(tokens))
	for i, tok := range tokens {
		out[i] = tok
		if o == nil {
			continue
		}
		if o.from != nil {
			if k, err := strconv.Atoi(tok); err == nil && k >= 0 && k < len(o.from) {
				out[i] = strconv.Itoa(o.from[k])
			}
		}
		o = o.children[tok]
	}
	return jsondoc.JoinPointer("", out...)
}
