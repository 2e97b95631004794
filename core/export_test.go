package core

// LocateByTokens exposes the token-scan locator to the black-box tests, which check that it and
// the gjson path agree.
func (d *Document) LocateByTokens(pointer string) (int, bool) { return d.locateByTokens(pointer) }
