import XCTest

@testable import Rulebook

/// Common slips are one diagnostic each, with a fix that repairs them: a misspelt
/// `message`, a missing comma between rules, a trailing comma before a `when` block, an
/// impossible date.
final class CommonSlipTests: XCTestCase {
    func testMisspeltMessageKeywordIsOneDiagnosticWithAFix() {
        let source = MarkedSource("name: required 1️⃣messsage2️⃣ \"Tell us your name.\"\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unexpectedToken, source.range(1, 2),
                    "unknown word 'messsage' before a message; did you mean 'message'?",
                    fixIts: [fix("Replace with 'message'", source.range(1, 2), "message")])
            ])
        let key = MarkedSource("name: required, minLength 2 1️⃣mesage2️⃣ profile.short\n")
        assertCheck(
            key,
            [
                CheckedDiagnostic(
                    .unexpectedToken, key.range(1, 2),
                    "unknown word 'mesage' before a message; did you mean 'message'?",
                    fixIts: [fix("Replace with 'message'", key.range(1, 2), "message")])
            ])
    }

    func testAFieldNamedLikeMessageStaysAnArgument() {
        assertClean("messages: required\nnotes: same messages\n")
    }

    func testMissingCommaBetweenRulesInsertsItAndCorrectsTheName() {
        let source = MarkedSource("email: required1️⃣ 2️⃣emial3️⃣\n")
        let edits = [
            TextEdit(file: "test.rules", range: .empty(at: source[1]), replacement: ","),
            TextEdit(file: "test.rules", range: source.range(2, 3), replacement: "email"),
        ]
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unexpectedToken, source.range(2, 3),
                    "missing ',' between rule 'required' and rule 'emial'; did you mean 'email'?",
                    fixIts: [FixIt(message: "Insert ',' and replace 'emial' with 'email'", edits: edits)])
            ])
        let exact = MarkedSource("name: minLength 21️⃣ 2️⃣required3️⃣\n")
        assertCheck(
            exact,
            [
                CheckedDiagnostic(
                    .unexpectedToken, exact.range(2, 3),
                    "missing ',' between rule 'minLength' and rule 'required'",
                    fixIts: [fix("Insert ','", .empty(at: exact[1]), ",")])
            ])
    }

    func testTrailingCommaBeforeAWhenBlockIsOneDiagnostic() {
        let source = MarkedSource("x: required1️⃣,2️⃣\nwhen x == \"a\" {\n  y: required\n}\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unexpectedToken, .empty(at: source[2]),
                    "expected a rule after ',' at the end of the line, found a 'when' block",
                    fixIts: [fix("Remove the trailing ','", source.range(1, 2), "")])
            ])
    }

    func testImpossibleDateIsReportedOnce() {
        let source = MarkedSource("start: date, after 1️⃣2025-02-302️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .invalidDate, source.range(1, 2),
                    "'2025-02-30' is not a real date: 2025-02 has 28 days")
            ])
    }
}
