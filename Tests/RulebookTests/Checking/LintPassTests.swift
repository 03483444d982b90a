import Rulebook
import RulebookTooling
import XCTest

/// The library reports what stops rules from compiling; the lint warnings come only with
/// the tools' passes (``Lint/passes``), which the command and the language server add.
final class LintPassTests: XCTestCase {
    private let text = """
        rule spare = required
        firstName: required
        confirm: same firstNme
        when country == "GB" and country == "FR" { postcode: required }

        """

    private func codes(_ options: CheckOptions) throws -> [String] {
        let provider = InMemorySourceProvider(files: ["f.rules": text])
        return try Workspace(provider: provider, options: options).check(rootFile: "f.rules").diagnostics.map(\.code.id)
    }

    func testTheLibraryReportsNoLintWarnings() throws {
        XCTAssertEqual(try codes(CheckOptions()), [])
        XCTAssertNoThrow(try CompiledRuleSet(source: text))
    }

    func testTheToolsPassesAddThem() throws {
        XCTAssertEqual(try codes(CheckOptions().withLint), ["unused-rule", "unknown-field", "unreachable-block"])
    }
}
