/// A seeded rule file of short lines, the densest a hand-written file gets (about 20
/// bytes a line): one statement per line on fields of its own, nested and `[*]` paths,
/// named rules and their uses, and `when` blocks. Every line is valid, so the file
/// checks clean and `validate` accepts it; what it measures is how memory grows with a
/// rule file's size (`rulebook-bench memory`, and the tests bounding the peak).
public enum DenseRuleFile {
    /// The text, at least `bytes` long (it ends after the first whole statement past
    /// `bytes`), the same for the same `seed` on every platform.
    public static func text(bytes: Int, seed: UInt64 = 20) -> String {
        var random = SeededGenerator(seed: seed)
        var text = "# generated: one statement per line\n"
        text.reserveCapacity(bytes + 64)
        var index = 0
        while text.utf8.count < bytes {
            index += 1
            switch random.next(below: 20) {
            case 0..<9: text += "f\(index): \(random.pick(simpleRules))\n"
            case 9..<12: text += "a\(index).b\(random.next(below: 10)): \(random.pick(simpleRules))\n"
            case 12..<14: text += "items\(index)[*].sku: required, maxLength 12\n"
            case 14: text += "rule r\(index) = required, minLength 2\nn\(index): r\(index)\n"
            case 15..<17: text += "p\(index): required, minLength 8,\n  maxLength 64\n"
            default:
                text += "when w\(index) == \"x\" {\n  c\(index): required\n  d\(index): digits 5\n}\n"
            }
        }
        return text
    }

    private static let simpleRules = ["required", "email", "minLength 2", "maxLength 80", "digits 5", "required, email"]
}
