import SeededRandom
import XCTest

@testable import Rulebook

/// The bodies of `when` blocks, which the parser builds on a list stack and takes out as
/// arrays when a block closes, against a model of the nesting: random files of field
/// statements, `when … {` headers, closing and stray braces, blank lines, blocks left open
/// at the end of the file, and blocks that open and close on one line.
final class BlockBodyTests: XCTestCase {
    /// A statement as the model sees it: a field by name, a block with its body, or a
    /// stray `}`.
    private indirect enum Shape: Equatable, CustomStringConvertible {
        case field(String)
        case block(String, [Shape])
        case stray

        var description: String {
            switch self {
            case .field(let name): name
            case .block(let name, let body): "when \(name) {\(body.map(\.description).joined(separator: "; "))}"
            case .stray: "}"
            }
        }
    }

    private func shape(of statement: StatementSyntax) -> Shape {
        switch statement {
        case .field(let field): return .field(field.path.description)
        case .when(let block):
            if case .present(let path) = block.condition { return .block(path.description, block.body.map(shape(of:))) }
            return .block("?", block.body.map(shape(of:)))
        case .unexpected: return .stray
        case .namedRule, .importDecl: return .field("?")
        }
    }

    /// Random lines and the statements the model expects from them.
    private func randomFile(using generator: inout SeededGenerator, lines: Int) -> (text: String, expected: [Shape]) {
        var text = ""
        var open: [(name: String, body: [Shape])] = []
        var topLevel: [Shape] = []
        func add(_ shape: Shape) {
            if open.isEmpty { topLevel.append(shape) } else { open[open.count - 1].body.append(shape) }
        }
        func close() {
            let block = open.removeLast()
            add(.block(block.name, block.body))
        }
        for line in 0..<lines {
            let choice = Int.random(in: 0..<10, using: &generator)
            if choice < 4 {
                text += "f\(line): required\n"
                add(.field("f\(line)"))
            } else if choice < 6 && open.count < 20 {
                text += "when c\(line) {\n"
                open.append(("c\(line)", []))
            } else if choice == 6 {
                text += "when e\(line) { }\n"  // opened and closed on one line
                add(.block("e\(line)", []))
            } else if choice < 8 {
                text += "}\n"
                if open.isEmpty { add(.stray) } else { close() }
            } else {
                text += "\n"
            }
        }
        while !open.isEmpty { close() }  // unclosed at the end of the file: closed there
        return (text, topLevel)
    }

    func testBodiesMatchTheNestingModel() {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<400 {
            let (text, expected) = randomFile(using: &generator, lines: Int.random(in: 0...60, using: &generator))
            let tree = Parser.parse(SourceFile(path: "test.rules", text: text))
            XCTAssertEqual(tree.statements.map(shape(of:)), expected, "round \(round):\n\(text)")
        }
    }

    func testDeeplyNestedUnclosedBlocksCloseInOrder() {
        // 40 nested blocks, each with a field before and after its inner block, never closed.
        var text = ""
        for depth in 0..<40 { text += "a\(depth): required\nwhen c\(depth) {\n" }
        var expected: Shape = .field("a40")
        text += "a40: required\n"
        for depth in (0..<40).reversed() { expected = .block("c\(depth)", depth == 39 ? [expected] : [.field("a\(depth + 1)"), expected]) }
        let tree = Parser.parse(SourceFile(path: "test.rules", text: text))
        XCTAssertEqual(tree.statements.map(shape(of:)), [.field("a0"), expected])
        XCTAssertEqual(tree.diagnostics.filter { $0.code == .unclosedBlock }.count, 40)
    }
}
