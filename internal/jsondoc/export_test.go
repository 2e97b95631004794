package jsondoc

// LocateByTokens is [Document.Locate] by decoding tokens: the reference the tests hold the gjson
// path to.
func (d *Document) LocateByTokens(pointer string) (int, bool) { return d.locate(pointer, false) }
