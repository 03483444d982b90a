// Sign-up: one error at a time from the rules' order, validated 0.2 s after typing stops.
import Rulebook
import RulebookForms

guard #available(macOS 14, iOS 17, *) else { fatalError("FormSession needs Observation") }
let clock = ManualScheduler()  // the script's time; an app passes nothing (ContinuousClock)
let rules = try CompiledRuleSet(contentsOfFile: "Rules/signup.rules")
let session = FormSession(FormModel(rules: rules, display: .immediately), debounce: .milliseconds(200), scheduler: clock)
@MainActor func type(_ text: String, into path: String, thenLeave: Bool = false) throws {
    for end in text.indices.dropFirst() + [text.endIndex] {
        try session.type(String(text[..<end]), into: path)  // a keystroke every 80 ms
        clock.advance(by: .milliseconds(80))
    }
    print("\(path) \"\(text)\" typing: \(session.field(path)!.state)")
    clock.advance(by: .milliseconds(200))
    if thenLeave { try session.leave(path) }
    print("\(path) \"\(text)\" \(thenLeave ? "left" : "paused"): \(session.field(path)!.state)")
}

try type("abc", into: "password")
try type("abc", into: "password", thenLeave: true)
try type("abcdefgh", into: "password")
for requirement in session.form.requirements(for: "password") { print("  [\(requirement.isMet ? "x" : " ")] \(requirement.text)") }
try type("abcdefg1", into: "password", thenLeave: true)
try type("abcdefg2", into: "passwordConfirmation", thenLeave: true)
try type("abcdefg1", into: "passwordConfirmation", thenLeave: true)
try session.set("Ann Lee", at: "name")
try session.set("ann@example.com", at: "email")
try session.set(true, at: "terms")
print("Create account \(session.canSubmit ? "enabled" : "disabled")")
