package diff

import "github.com/gatehouse-dev/gatehouse/internal/jsondoc"

// placeCatalogDiff sets every line and column of a report: added and changed tools in the right
// text, removed ones and the old side of changes in the left.
func placeCatalogDiff(d *CatalogDiff, leftDoc, rightDoc *jsondoc.Document) {
	fillLeft := func(p *LeftPlace) {
		place := jsondoc.Place{Pointer: p.LeftPointer}
		leftDoc.Fill(&place)
		p.LeftLine, p.LeftColumn = place.Line, place.Column
	}
	for i := range d.Changed {
		c := &d.Changed[i]
		rightDoc.Fill(&c.Place)
		fillLeft(&c.LeftPlace)
		if c.Description != nil {
			rightDoc.Fill(&c.Description.Place)
		}
		for j := range c.SchemaChanges {
			rightDoc.Fill(&c.SchemaChanges[j].Place)
			fillLeft(&c.SchemaChanges[j].LeftPlace)
		}
		for j := range c.Annotations {
			rightDoc.Fill(&c.Annotations[j].Place)
			fillLeft(&c.Annotations[j].LeftPlace)
		}
	}
	for i := range d.AddedTools {
		rightDoc.Fill(&d.AddedTools[i].Place)
	}
	for i := range d.RemovedTools {
		leftDoc.Fill(&d.RemovedTools[i].Place)
	}
}
