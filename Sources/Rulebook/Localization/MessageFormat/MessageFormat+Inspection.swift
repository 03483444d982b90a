extension MessageFormat {
    /// Every argument the message refers to, with the range of its first use, in
    /// order of first use (`{field}`, the plural's `min`, …). Catalogue checks compare
    /// these between the base and a translation.
    public var arguments: [ArgumentReference] {
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
    public var argumentNames: Set<String> { Set(arguments.map(\.name)) }

    /// Every `plural` argument: its name, its whole range, and the keyword cases it
    /// writes (with each keyword's range). `other` is included.
    public var pluralCases: [(argument: ArgumentReference, range: Range<Int>, cases: [(category: PluralCategory, range: Range<Int>)], hasExactCases: Bool)] {
        var result: [(ArgumentReference, Range<Int>, [(PluralCategory, Range<Int>)], Bool)] = []
        MessageFormat.visit(nodes) { node in
            guard case .plural(let plural) = node else { return }
            let cases = plural.categories.map { ($0.category, $0.range) } + [(PluralCategory.other, plural.otherRange)]
            result.append((plural.argument, plural.range, cases, !plural.exact.isEmpty))
        }
        return result.map { (argument: $0.0, range: $0.1, cases: $0.2.map { (category: $0.0, range: $0.1) }, hasExactCases: $0.3) }
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
