// Payment: pattern and digit fields say "incomplete" while the text can still become
// valid, and "invalid" the moment no further typing can fix it.
import Rulebook
import RulebookForms

var form = FormModel(rules: try CompiledRuleSet(contentsOfFile: "Rules/payment.rules"), display: .immediately)
@MainActor func type(_ text: String, into path: String) throws {
    for end in text.indices.dropFirst() + [text.endIndex] {
        try form.setValue(.string(String(text[..<end])), at: path, typing: true)
        print("\(path) \"\(text[..<end])\": \(form.field(path)!.state)")
    }
}

try type("55512", into: "phone")
try type("555-", into: "phone")
try type("9021", into: "zip")
try type("90210", into: "zip")
try type("Ca", into: "state")
try type("CA", into: "state")
try type("12345", into: "cvc")
try form.leave("cvc")
print("cvc left: \(form.field("cvc")!.state)")
