import Rulebook
import RulebookMessageFormat

extension MessageFormat {
    /// Every argument the message refers to, with the range of its first use, in
    /// order of first use (`{field}`, the plural's `min`, …). Catalogue checks compare
    /// these between the base and a translation.
    package var arguments: [ArgumentReference] {
        var seen: Set<String> = []
        var result: [ArgumentReference] = []
        MessageFormat.visit(nodes) { node in
            let reference: ArgumentReference?
            switch node {
            case .argument(let argument, _, _): reference = argument
            case .plural(let plural): reference = plural.argument
            case .select(let select): reference = select.argument
            case .text, .pound: reference = nil
            }
            if let reference, seen.insert(reference.name).inserted { result.append(reference) }
        }
        return result
    }

    /// The names of ``arguments``.
    package var argumentNames: Set<String> { Set(arguments.map(\.name)) }

    /// Every `plural` argument: its name, its whole range, and the keyword cases it
    /// writes (with each keyword's range). `other` is included.
    package var pluralCases: [PluralSummary] {
        var result: [PluralSummary] = []
        MessageFormat.visit(nodes) { node in
            guard case .plural(let plural) = node else { return }
            let cases = plural.categories.map { (category: $0.category, range: $0.range) } + [(category: .other, range: plural.otherRange)]
            result.append(
                PluralSummary(argument: plural.argument, range: plural.range, cases: cases, exactValues: plural.exact.map(\.value)))
        }
        return result
    }

    /// One plural argument of a message, for catalogue checks.
    package struct PluralSummary: Sendable {
        /// The argument it selects on.
        package let argument: ArgumentReference
        /// The whole `{n, plural, …}`.
        package let range: Range<Int>
        /// The keyword cases written (`other` included), with each keyword's range.
        package let cases: [(category: PluralCategory, range: Range<Int>)]
        /// The `=N` values.
        package let exactValues: [Double]
    }

    /// Calls `body` for every node, depth first.
    static func visit(_ nodes: [MessageNode], _ body: (MessageNode) -> Void) {
        for node in nodes {
            body(node)
            switch node {
            case .plural(let plural):
                for exact in plural.exact { visit(exact.message, body) }
                for category in plural.categories { visit(category.message, body) }
                visit(plural.other, body)
            case .select(let select):
                for entry in select.cases { visit(entry.message, body) }
                visit(select.other, body)
            case .text, .argument, .pound:
                break
            }
        }
    }
}
