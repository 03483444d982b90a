import RulebookTooling
import XCTest

@testable import Rulebook

/// Source text with position markers: `1️⃣` … `9️⃣` are removed and their UTF-8 byte
/// offsets in the remaining text recorded, so tests name positions instead of counting
/// columns.
struct MarkedSource {
    static let markers = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The text without markers.
    let text: String
    /// Marker number → byte offset in `text`.
    let offsets: [Int: Int]

    init(_ marked: String) {
        var text = ""
        var offsets: [Int: Int] = [:]
        var rest = Substring(marked)
        outer: while !rest.isEmpty {
            for (number, marker) in MarkedSource.markers.enumerated() where rest.hasPrefix(marker) {
                offsets[number] = text.utf8.count
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(rest.removeFirst())
        }
        self.text = text
        self.offsets = offsets
    }

    /// The offset of marker `number` (fails the test and returns 0 when absent).
    subscript(_ number: Int) -> Int {
        guard let offset = offsets[number] else {
            XCTFail("marker \(number) is not in the source")
            return 0
        }
        return offset
    }

    /// The range between two markers.
    func range(_ from: Int, _ to: Int) -> SourceRange { SourceRange(start: self[from], end: self[to]) }
}

/// A diagnostic as tests state it.
struct ExpectedDiagnostic: Equatable, CustomStringConvertible {
    let code: String
    let range: SourceRange
    let message: String

    var description: String { "\(code) \(range) \(message)" }
}

/// Parses `source` as the file `test.rules`.
func parse(_ text: String, limits: ParserLimits = .default) -> SyntaxTree {
    Parser.parse(SourceFile(path: "test.rules", text: text), limits: limits)
}

/// Asserts that parsing the marked source yields exactly `expected` diagnostics, in order.
func assertDiagnostics(
    _ source: MarkedSource, _ expected: [ExpectedDiagnostic], limits: ParserLimits = .default,
    file: StaticString = #filePath, line: UInt = #line
) {
    let tree = parse(source.text, limits: limits)
    let actual = tree.diagnostics.map { ExpectedDiagnostic(code: $0.code.id, range: $0.range, message: $0.message) }
    XCTAssertEqual(actual, expected, file: file, line: line)
    XCTAssertTrue(tree.diagnostics.allSatisfy { $0.file == "test.rules" && $0.severity == .error }, file: file, line: line)
}

/// The shipped rule files, by name, read from the package's `Rules/` folder.
func shippedRuleFiles() throws -> [(name: String, text: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules")
    let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".rules") }.sorted()
    return try names.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
}

/// Every range in the tree, in a pre-order walk (statements, then their parts).
struct RangeCollector: SyntaxVisitor {
    var ranges: [SourceRange] = []
    mutating func visit(_ statement: StatementSyntax) {
        ranges.append(statement.range)
        switch statement {
        case .field(let node): visit(node)
        case .namedRule(let node): visit(node)
        case .importDecl(let node): ranges += [node.keywordRange, node.pathRange]
        case .when(let node): visit(node)
        case .unexpected: break
        }
    }
    mutating func visit(_ field: FieldStatementSyntax) { ranges.append(field.colonRange); walk(field) }
    mutating func visit(_ namedRule: NamedRuleSyntax) {
        ranges += [namedRule.keywordRange, namedRule.name.range, namedRule.equalsRange]; walk(namedRule)
    }
    mutating func visit(_ block: WhenBlockSyntax) {
        ranges += [block.keywordRange, block.openBraceRange, block.closeBraceRange]; walk(block)
    }
    mutating func visit(_ rule: RuleSyntax) { ranges += [rule.range, rule.name.range]; walk(rule) }
    mutating func visit(_ argument: ArgumentSyntax) {
        ranges.append(argument.range)
        if case .regex(_, _, let patternRange) = argument.kind { ranges.append(patternRange) }
        walk(argument)
    }
    mutating func visit(_ message: MessageOverrideSyntax) { ranges += [message.range, message.keywordRange, message.valueRange] }
    mutating func visit(_ condition: ConditionSyntax) { ranges.append(condition.range); walk(condition) }
    mutating func visit(_ path: PathSyntax) { ranges.append(path.range); ranges += path.segments.map(\.range) }
}
