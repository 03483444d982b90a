// Address: the birthday must be before today, and Save stays disabled until every field is valid.
import Rulebook
import RulebookForms

let today = CalendarDate(year: 2026, month: 11, day: 28)!
let options = ValidationOptions(context: EvaluationContext(today: today))
var form = FormModel(rules: try CompiledRuleSet(contentsOfFile: "Rules/address.rules"), options: options)
@MainActor func enter(_ path: String, _ value: Value) throws {
    try form.setValue(value, at: path, typing: true)
    try form.leave(path)
    print("\(path) = \(value): \(form.field(path)!.state); Save \(form.canSubmit ? "enabled" : "disabled")")
}

try enter("house", "10")
try enter("line1", "Downing Street")
try enter("city", "London")
try enter("country", "GB")
try enter("postcode", "SW1A 2A")
try enter("postcode", "SW1A 2AA")
try enter("birthday", "2026-11-28")
try enter("birthday", "1990-05-17")
print("Save → \(form.submit())")
