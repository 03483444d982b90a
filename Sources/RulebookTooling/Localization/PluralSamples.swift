import Rulebook

/// CLDR's sample numbers of a rule (`@integer 0, 2~16, 100, … @decimal 0.0~1.5, …`),
/// expanded into the decimal strings they stand for, so tests can check that every
/// sample lands in its category.
package enum PluralSamples {
    /// The samples of one rule text, as written numbers (`"1.0"` keeps its zero):
    /// ranges `a~b` are expanded in steps of the last digit; `…` is dropped.
    package static func expand(_ ruleText: String) -> (integers: [String], decimals: [String]) {
        var integers: [String] = []
        var decimals: [String] = []
        let sections = ruleText.split(separator: "@", omittingEmptySubsequences: false).dropFirst()
        for section in sections {
            let words = section.split(separator: " ", maxSplits: 1)
            guard let kind = words.first else { continue }
            let list = words.count > 1 ? words[1] : ""
            var values: [String] = []
            for item in list.split(separator: ",") {
                let item = item.filter { $0 != " " }
                if item.isEmpty || item == "…" { continue }
                values += expandItem(item)
            }
            if kind == "integer" { integers += values } else if kind == "decimal" { decimals += values }
        }
        return (integers, decimals)
    }

    /// `2~16` → 2…16; `0.00~0.05` → 0.00, 0.01, …, 0.05; a single value → itself.
    private static func expandItem(_ item: String) -> [String] {
        let bounds = item.split(separator: "~")
        guard bounds.count == 2 else { return [item] }
        let low = String(bounds[0]), high = String(bounds[1])
        let scale = low.split(separator: ".").dropFirst().first?.count ?? 0
        guard let from = scaled(low), let to = scaled(high), from <= to, to - from <= 10_000 else { return [item] }
        return (from...to).map { format($0, scale: scale) }
    }

    /// The number with its point removed (`"1.05"` → 105).
    private static func scaled(_ text: String) -> Int? { Int(text.filter { $0 != "." }) }

    /// `105, scale 2` → `"1.05"`.
    private static func format(_ value: Int, scale: Int) -> String {
        guard scale > 0 else { return String(value) }
        var digits = String(value)
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let split = digits.index(digits.endIndex, offsetBy: -scale)
        return digits[..<split] + "." + digits[split...]
    }
}
