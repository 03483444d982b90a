// `rulebook-bench forms [--keystrokes 200000]`: the cost of one keystroke in a form —
// setting one field's text and reading its state with its message — on the shipped
// profile form (the goal: at most 2 µs), and on the sign-up form where editing the
// password re-checks its confirmation.

import Rulebook
import RulebookForms

func runFormsBenchmark(keystrokes: Int) {
    print("forms benchmark: \(keystrokes) keystrokes per row, alternating a failing and a passing text;")
    print("this thread's CPU time, best of 7 runs (as the engine benchmark measures)")
    print("| form | field | ns per keystroke (set + state + message) |")
    print("|---|---|---:|")
    let rows: [(file: String, field: String, texts: [String])] = [
        ("Rules/profile.rules", "firstName", ["A", "Ann"]),
        ("Rules/profile.rules", "email", ["ann@", "ann@example.com"]),
        ("Rules/signup.rules", "password", ["abc", "abcdefg1"]),
    ]
    for row in rows {
        guard let rules = try? CompiledRuleSet(contentsOfFile: row.file) else {
            print("run from the package root: \(row.file) not found")
            return
        }
        var form = FormModel(rules: rules, display: .immediately)
        let nanoseconds = perItem(keystrokes) {
            var shown = 0
            for index in 0..<keystrokes {
                try? form.setValue(.string(row.texts[index & 1]), at: row.field, typing: true)
                shown &+= form.field(row.field)?.state.message?.utf8.count ?? 0
            }
            return shown
        }
        print("| \(row.file) | \(row.field) | \(Int(nanoseconds.rounded())) |")
    }
}
