package core

// SetUntranslated makes every translated answer report the messages it could not translate.
func SetUntranslated(f func(texts []string)) { untranslated = f }
