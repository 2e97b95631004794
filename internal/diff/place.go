package diff

import "github.com/gatehouse-dev/gatehouse/internal/jsondoc"

// placeCatalogDiff sets every line and column, locating all pointers in one pass per text.
func placeCatalogDiff(d *CatalogDiff, leftDoc, rightDoc *jsondoc.Document) {
	li, ri := jsondoc.NewIndex(leftDoc), jsondoc.NewIndex(rightDoc)
	for i := range d.Changed {
		c := &d.Changed[i]
		ri.Want(c.Pointer)
		li.Want(c.LeftPointer)
		if c.Description != nil {
			ri.Want(c.Description.Pointer)
		}
		for _, s := range c.SchemaChanges {
			ri.Want(s.Pointer)
			li.Want(s.LeftPointer)
		}
		for _, f := range c.Annotations {
			ri.Want(f.Pointer)
			li.Want(f.LeftPointer)
		}
	}
	for _, a := range d.AddedTools {
		ri.Want(a.Pointer)
	}
	for _, r := range d.RemovedTools {
		li.Want(r.Pointer)
	}
	for i := range d.Changed {
		c := &d.Changed[i]
		c.Line, c.Column = ri.Position(c.Pointer)
		c.LeftLine, c.LeftColumn = li.Position(c.LeftPointer)
		if c.Description != nil {
			c.Description.Line, c.Description.Column = ri.Position(c.Description.Pointer)
		}
		for j := range c.SchemaChanges {
			s := &c.SchemaChanges[j]
			s.Line, s.Column = ri.Position(s.Pointer)
			s.LeftLine, s.LeftColumn = li.Position(s.LeftPointer)
		}
		for j := range c.Annotations {
			f := &c.Annotations[j]
			f.Line, f.Column = ri.Position(f.Pointer)
			f.LeftLine, f.LeftColumn = li.Position(f.LeftPointer)
		}
	}
	for i := range d.AddedTools {
		a := &d.AddedTools[i]
		a.Line, a.Column = ri.Position(a.Pointer)
	}
	for i := range d.RemovedTools {
		r := &d.RemovedTools[i]
		r.Line, r.Column = li.Position(r.Pointer)
	}
}
