import SeededRandom

@testable import Rulebook

/// Mutates rule files the way typing and bad merges do: byte deletions, insertions,
/// swaps, duplicated spans and random tokens.
enum RuleFileMutator {
    static let fragments: [String] = [
        "when", "{", "}", "rule", "message", "import", "\"", "/", "[*]", "[", "]", "==", "!=", "not", "and", "or",
        "(", ")", ",", ":", "=", ".", "\n", "\r\n", "\r", "#", "\\", "\\u{", "\\u{D800}", "\u{FEFF}", "😀", "名前",
        "2026-02-30", "2024-02-29", "-", "-1", "1e999", "99999999999999999999", "today", "true", "\t", " ",
        "minLength 2", "x: required", "when a {", "\"a\\q\"", "/[a-z/", "/x\\/y/i", "é", "\u{0}", "\u{7F}",
    ]

    static func mutate(_ text: String, using generator: inout SeededGenerator) -> String {
        var bytes = Array(text.utf8)
        let count = Int.random(in: 1...6, using: &generator)
        for _ in 0..<count {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...8, using: &generator))
                bytes.removeSubrange(min(position, end)..<end)
            case 1:
                bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            case 2 where bytes.count > 1:
                let other = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.swapAt(min(position, bytes.count - 1), other)
            case 3 where !bytes.isEmpty:
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                let end = min(bytes.count, start + Int.random(in: 1...40, using: &generator))
                bytes.insert(contentsOf: bytes[start..<end], at: position)
            default:
                bytes.insert(contentsOf: Array(fragments.randomElement(using: &generator)!.utf8), at: position)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Structural facts every parsed tree must satisfy, whatever the input.
enum TreeInvariants {
    /// A description of the first violated invariant, or nil.
    static func violation(in tree: SyntaxTree) -> String? {
        let length = tree.source.text.utf8.count
        var collector = RangeCollector()
        collector.visit(tree)
        if let bad = collector.ranges.first(where: { $0.start < 0 || $0.end > length }) { return "range \(bad) outside 0..<\(length)" }
        if let bad = tree.diagnostics.first(where: { $0.range.start < 0 || $0.range.end > length }) {
            return "diagnostic range \(bad.range) outside the file"
        }
        if let problem = orderProblem(tree.statements.map(\.range), "statements") { return problem }
        if let problem = orderProblem(tree.comments.map(\.range), "comments") { return problem }
        if tree.diagnostics.map(\.range.start) != tree.diagnostics.map(\.range.start).sorted() { return "diagnostics out of order" }
        if let problem = nestingProblem(tree.statements) { return problem }
        if let byte = uncoveredByte(tree) { return "byte \(byte) is in no node and no comment" }
        return nil
    }

    static func orderProblem(_ ranges: [SourceRange], _ what: String) -> String? {
        for (previous, next) in zip(ranges, ranges.dropFirst()) where previous.end > next.start {
            return "\(what) \(previous) and \(next) overlap or are out of order"
        }
        return nil
    }

    /// Children lie inside their statement and in order.
    static func nestingProblem(_ statements: [StatementSyntax]) -> String? {
        for statement in statements {
            let outer = statement.range
            var inner: [SourceRange] = []
            switch statement {
            case .field(let field): inner = [field.path.range] + field.rules.map(\.range)
            case .namedRule(let rule): inner = [rule.keywordRange, rule.name.range] + rule.rules.map(\.range)
            case .importDecl(let node): inner = [node.keywordRange, node.pathRange]
            case .when(let block):
                inner = [block.keywordRange, block.condition.range] + block.body.map(\.range)
                if let problem = nestingProblem(block.body) { return problem }
            case .unexpected: break
            }
            if let bad = inner.first(where: { $0.start < outer.start || $0.end > outer.end }) {
                return "\(bad) is outside its statement \(outer)"
            }
            if let problem = orderProblem(inner.filter { !$0.isEmpty }, "children of \(outer)") { return problem }
        }
        return nil
    }

    /// The first non-blank byte covered by neither a top-level statement nor a comment.
    static func uncoveredByte(_ tree: SyntaxTree) -> Int? {
        let bytes = Array(tree.source.text.utf8)
        var covered = [Bool](repeating: false, count: bytes.count)
        for range in tree.statements.map(\.range) + tree.comments.map(\.range) {
            for offset in range.start..<range.end { covered[offset] = true }
        }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for (offset, byte) in bytes.enumerated() where offset >= bom && !covered[offset] {
            if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C].contains(byte) {
                return offset
            }
        }
        return nil
    }
}
