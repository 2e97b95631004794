package core

import "github.com/gatehouse-dev/gatehouse/core/schemaapi"

// SetUntranslated makes every translated answer report the messages it could not translate.
func SetUntranslated(f func(texts []string)) { schemaapi.SetUntranslated(f) }

// SetFormatShortcuts turns validate's one-check answers for formats on or off; it returns what
// puts the setting back.
func SetFormatShortcuts(on bool) (restore func()) { return schemaapi.SetFormatShortcuts(on) }
