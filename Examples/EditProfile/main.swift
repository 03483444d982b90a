// Edit profile: errors after leaving a field, change tracking, and "No changes".
import Rulebook
import RulebookForms

let original: Value = ["firstName": "Ann", "lastName": "Lee", "email": "ann@example.com", "age": 34]
var form = FormModel(rules: try CompiledRuleSet(contentsOfFile: "Rules/profile.rules"), original: original)
@MainActor func show(_ path: String) {
    let field = form.field(path)!
    print("\(path) = \(field.value ?? .null): \(field.state)\(field.isDirty ? ", dirty" : "")")
}

print("Save → \(form.submit())")
try form.setValue("A", at: "firstName", typing: true)
show("firstName")
try form.leave("firstName")
show("firstName")
try form.setValue("Anna", at: "firstName", typing: true)
try form.leave("firstName")
show("firstName")
try form.setValue(35, at: "age")
print("Save → \(form.submit())")
form.markSaved()
print("Save → \(form.submit())")
