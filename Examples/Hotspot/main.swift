// Personal hotspot: the password and network name exist only while the hotspot is on.
import Rulebook
import RulebookForms

var form = FormModel(rules: try CompiledRuleSet(contentsOfFile: "Rules/hotspot.rules"), original: ["isEnabled": false])
@MainActor func show(_ step: String) {
    let section = form.isActive(anyOf: ["password", "networkName"]) ? "shown" : "hidden"
    print(
        "\(step): section \(section); password \(form.field("password")!.state); networkName \(form.field("networkName")!.state); Save \(form.canSubmit ? "enabled" : "disabled")"
    )
}

show("start")
try form.setValue(true, at: "isEnabled")
show("hotspot on")
try form.setValue("secret", at: "password", typing: true)
try form.leave("password")
show("password \"secret\"")
try form.setValue("secret99", at: "password", typing: true)
try form.leave("password")
try form.setValue("Home", at: "networkName", typing: true)
try form.leave("networkName")
show("filled in")
print("Save → \(form.submit())")
form.markSaved()
try form.setValue(false, at: "isEnabled")
show("hotspot off")
print("Save → \(form.submit())")
