package core

// SetUntranslated makes every translated answer report the messages it could not translate.
func SetUntranslated(f func(texts []string)) { untranslated = f }

// SetFormatShortcuts turns validate's one-check answers for formats on or off; it returns what
// puts the setting back.
func SetFormatShortcuts(on bool) (restore func()) {
	was := formatShortcuts
	formatShortcuts = on
	return func() { formatShortcuts = was }
}
