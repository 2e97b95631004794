package diff

import (
	"sort"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// findRenames pairs removed and added tools whose definitions, name aside, are the same or
// nearly so: at least 80% of the fields equal and the descriptions three-quarters the same words. Candidates are found through maps keyed by the whole definition, the description
// and the inputSchema, so the work stays linear however many tools were added and removed.
func findRenames(removed, added []*catalog.Tool) map[string]Rename {
	out := map[string]Rename{}
	if len(removed) == 0 || len(added) == 0 {
		return out
	}
	const perKey = 8 // candidates kept per key: identical boilerplate must not go quadratic
	index := map[string][]int{}
	keysOf := func(t *catalog.Tool) []string {
		keys := []string{"def\x00" + jsondoc.Compact(withoutName(t.Def))}
		if d, ok := t.Def["description"].(string); ok && d != "" {
			keys = append(keys, "desc\x00"+d)
		}
		if s, ok := t.Def["inputSchema"]; ok {
			keys = append(keys, "schema\x00"+jsondoc.Compact(s))
		}
		return keys
	}
	for i, t := range removed {
		for _, k := range keysOf(t) {
			if len(index[k]) < perKey {
				index[k] = append(index[k], i)
			}
		}
	}
	type pair struct {
		from, to int
		score    float64
	}
	var pairs []pair
	for j, t := range added {
		seen := map[int]bool{}
		for _, k := range keysOf(t) {
			for _, i := range index[k] {
				if seen[i] {
					continue
				}
				seen[i] = true
				if s := similarity(removed[i].Def, t.Def); s >= 0.8 && descriptionsClose(removed[i].Def, t.Def) {
					pairs = append(pairs, pair{i, j, s})
				}
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].score > pairs[b].score })
	usedFrom, usedTo := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		if usedFrom[p.from] || usedTo[p.to] {
			continue
		}
		usedFrom[p.from], usedTo[p.to] = true, true
		out[added[p.to].Name] = Rename{From: removed[p.from].Name, To: added[p.to].Name, Similarity: float64(int(p.score*100+0.5)) / 100}
	}
	return out
}

// descriptionsClose says two tools describe themselves (nearly) alike: a shared schema alone
// does not make a rename, since many tools take just a path.
func descriptionsClose(a, b map[string]any) bool {
	ad, aok := a["description"].(string)
	bd, bok := b["description"].(string)
	if !aok || !bok {
		return aok == bok
	}
	return ad == bd || wordOverlap(ad, bd) >= 0.75
}

func withoutName(def map[string]any) map[string]any {
	m := make(map[string]any, len(def))
	for k, v := range def {
		if k != "name" {
			m[k] = v
		}
	}
	return m
}

// similarity is the share of top-level fields, name aside, equal on both sides; a changed
// description counts by how many of its words survive.
func similarity(a, b map[string]any) float64 {
	fields := map[string]bool{}
	for k := range a {
		fields[k] = true
	}
	for k := range b {
		fields[k] = true
	}
	delete(fields, "name")
	if len(fields) == 0 {
		return 1
	}
	score := 0.0
	for k := range fields {
		av, inA := a[k]
		bv, inB := b[k]
		switch {
		case inA && inB && jsondoc.Equal(av, bv):
			score++
		case k == "description" && inA && inB:
			as, _ := av.(string)
			bs, _ := bv.(string)
			score += wordOverlap(as, bs)
		}
	}
	return score / float64(len(fields))
}

func wordOverlap(a, b string) float64 {
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) == 0 || len(bw) == 0 {
		return 0
	}
	count := map[string]int{}
	for _, w := range aw {
		count[w]++
	}
	common := 0
	for _, w := range bw {
		if count[w] > 0 {
			count[w]--
			common++
		}
	}
	return float64(common) / float64(max(len(aw), len(bw)))
}
