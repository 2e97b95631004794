package diff

import "github.com/gatehouse-dev/gatehouse/internal/jsondoc"

// placeCatalogDiff sets every line and column of a report, locating all its pointers in one pass
// per text.
func placeCatalogDiff(d *CatalogDiff, leftDoc, rightDoc *jsondoc.Document) {
	var right []*jsondoc.Place
	var left []*LeftPlace
	for i := range d.Changed {
		c := &d.Changed[i]
		right, left = append(right, &c.Place), append(left, &c.LeftPlace)
		if c.Description != nil {
			right = append(right, &c.Description.Place)
		}
		for j := range c.SchemaChanges {
			right, left = append(right, &c.SchemaChanges[j].Place), append(left, &c.SchemaChanges[j].LeftPlace)
		}
		for j := range c.Annotations {
			right, left = append(right, &c.Annotations[j].Place), append(left, &c.Annotations[j].LeftPlace)
		}
	}
	for i := range d.AddedTools {
		right = append(right, &d.AddedTools[i].Place)
	}
	ri := jsondoc.NewIndex(rightDoc)
	for _, p := range right {
		ri.Want(p.Pointer)
	}
	for _, p := range right {
		ri.Fill(p)
	}
	// A removed tool is in the left text, in a place of its own.
	li := jsondoc.NewIndex(leftDoc)
	for _, p := range left {
		li.Want(p.LeftPointer)
	}
	for i := range d.RemovedTools {
		li.Want(d.RemovedTools[i].Pointer)
	}
	for _, p := range left {
		p.LeftLine, p.LeftColumn = li.Position(p.LeftPointer)
	}
	for i := range d.RemovedTools {
		li.Fill(&d.RemovedTools[i].Place)
	}
}
