package result

import (
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// resultWhys say why a lint text rule matters in a result: the lint's own words speak of a tool
// description, which a reviewer approves before any call, while a result is what the tool sent
// back, read by the model as soon as it arrives.
var resultWhys = map[string]string{
	lint.RuleHiddenCharacters:        i18n.T("Characters that are not drawn hide text from whoever reads the result on screen, while the model reads every one of them."),
	lint.RuleInstructionOverride:     i18n.T("A result that countermands the model's instructions takes the session away from the user who gave them: the tool's data is speaking as if it were the user."),
	lint.RuleInstructionConcealment:  i18n.T("A result that tells the model to keep something from the user serves whoever wrote it, not the user."),
	lint.RuleInstructionCoercion:     i18n.T("A threat or a demand in a result pushes the model to act on the data's say rather than the user's."),
	lint.RuleInstructionPriority:     i18n.T("A result that claims priority over the model's instructions is data trying to become an instruction."),
	lint.RuleExfiltrationInstruction: i18n.T("A result that tells the model to send data somewhere moves the user's data where the text's author chose."),
	lint.RuleCovertRecipient:         i18n.T("A result that adds a recipient to what the model sends copies the user's messages to someone the user did not choose."),
	lint.RuleToolShadowing:           i18n.T("A result that rules how another tool is used steers the model's next calls from inside the data."),
	lint.RuleEncodedCommand:          i18n.T("An encoded payload in a result hides its words from the reader and any filter, while the model can decode and follow it."),
	lint.RuleInstructionTag:          i18n.T("Markup in a result addressed to the model is how injected instructions pass themselves off as the system's."),
	lint.RuleHTMLComment:             i18n.T("An HTML comment in a result disappears wherever the result is rendered, and the model still reads it."),
	lint.RuleSensitivePath:           i18n.T("A result that points the model at where secrets live invites a next call that reads them."),
	lint.RuleSecretLiteral:           i18n.T("A secret in a result reaches the model and everything the model writes next."),
	lint.RuleDeclaredHarvesting:      i18n.T("A result that asks for credentials or gathers them is harvesting them through the model."),
}

// resultWhy is the why of a lint text rule's finding in a result; a rule without words of its
// own for a result keeps a general one rather than the lint's, which speaks of a description.
func resultWhy(rule, lintWhy string) string {
	if why, ok := resultWhys[rule]; ok {
		return why
	}
	if lintWhy == "" {
		return ""
	}
	return i18n.T("A tool's result is data for the model: text in it that speaks to the model can steer what it does next, though no reviewer approved it.")
}
