import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

/// LSP omits absent optional members; it never allows `null` for them. `Value` is
/// `ExpressibleByNilLiteral`, so a bare `nil` in `cond ? nil : value` would become
/// `.null` — these tests pin the omission.
final class OptionalMemberTests: XCTestCase {
    func testDiagnosticWithoutNotesOmitsRelatedInformation() {
        let range = LSPRange(start: LinePosition(line: 0, character: 0), end: LinePosition(line: 0, character: 1))
        let diagnostic = LSPDiagnostic(range: range, severity: 1, code: "unknown-validator", message: "m", related: [])
        guard case .object(let object) = diagnostic.json else { return XCTFail("not an object") }
        XCTAssertNil(object["relatedInformation"])
        XCTAssertFalse(object.members.contains { $0.value == .null }, "no member may be null: \(object.keys)")
    }
}
