// `rulebook-bench forms [--keystrokes 200000]`: the cost of one keystroke in a form —
// setting one field's text and reading its state with its message — on the shipped
// profile form (the goal: at most 2 µs), and on the sign-up form where editing the
// password re-checks its confirmation.

import Rulebook
import RulebookForms

func runFormsBenchmark(keystrokes: Int) {
    print("forms benchmark: \(keystrokes) keystrokes per row, alternating a failing and a passing text; best of 5 runs")
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
        var shown = 0
        var best = Duration.seconds(1000)
        for _ in 0..<5 {
            let elapsed = ContinuousClock().measure {
                for index in 0..<keystrokes {
                    try? form.setValue(.string(row.texts[index & 1]), at: row.field, typing: true)
                    shown &+= form.field(row.field)?.state.message?.utf8.count ?? 0
                }
            }
            best = min(best, elapsed)
        }
        let nanoseconds = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
        print("| \(row.file) | \(row.field) | \(String(format: "%.0f", nanoseconds / Double(keystrokes))) |")
        if shown == 42 { print("") }  // keeps the messages from being optimised away
    }
}
