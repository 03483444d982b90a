import Foundation
import XCTest

@testable import Rulebook

/// Keeps the validator reference in docs/language.md in step with the validator table:
/// the section between the markers is generated from `ValidatorDefinition.all`.
/// Regenerate with `RULEBOOK_UPDATE_DOCS=1 swift test --filter ValidatorReferenceDocTests`.
final class ValidatorReferenceDocTests: XCTestCase {
    static let begin = "<!-- validators:begin (generated from ValidatorDefinition+Table.swift; do not edit by hand) -->"
    static let end = "<!-- validators:end -->"

    static var docURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/language.md")
    }

    /// The markdown for every validator: signatures, summary, details, example, messages.
    static func generatedReference() -> String {
        var text = "\n| validator | arguments | passes when |\n|---|---|---|\n"
        for definition in ValidatorDefinition.all {
            let arguments = definition.forms.map { form -> String in
                let parts = form.parameters.map(\.name) + (form.variadic.map { ["\($0.name)…"] } ?? [])
                return parts.isEmpty ? "–" : parts.joined(separator: " ")
            }.joined(separator: ", or ")
            text +=
                "| [`\(definition.name)`](#\(definition.name.lowercased())) | \(arguments) | \(definition.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for definition in ValidatorDefinition.all {
            text += "\n### `\(definition.name)`\n\n"
            text += definition.signatures.map { "`\($0)`" }.joined(separator: " · ") + "\n\n"
            text += definition.summary + "\n"
            if !definition.details.isEmpty { text += "\n" + definition.details + "\n" }
            text += "\n```\n\(definition.example)\n```\n\n"
            for form in definition.forms {
                text += "Message key `\(form.messageKey)`: “\(form.defaultMessage)”\n"
                if form.parameters.isEmpty == false || form.variadic != nil {
                    let names = form.parameters.map(\.name) + (form.variadic.map { [$0.name] } ?? [])
                    text += "(parameters: " + names.map { "`\($0)`" }.joined(separator: ", ") + ")\n"
                }
                text += "\n"
            }
        }
        return text
    }

    func testValidatorReferenceMatchesTheTable() throws {
        let url = Self.docURL
        let document = try String(contentsOf: url, encoding: .utf8)
        guard let start = document.range(of: Self.begin), let stop = document.range(of: Self.end) else {
            return XCTFail("docs/language.md lacks the validator reference markers")
        }
        let current = String(document[start.upperBound..<stop.lowerBound])
        let generated = Self.generatedReference()
        if ProcessInfo.processInfo.environment["RULEBOOK_UPDATE_DOCS"] == "1" {
            let updated = String(document[..<start.upperBound]) + generated + String(document[stop.lowerBound...])
            try updated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            current, generated, "docs/language.md is out of date: run RULEBOOK_UPDATE_DOCS=1 swift test --filter ValidatorReferenceDocTests"
        )
    }

    func testEveryValidatorIsDocumentedOnce() throws {
        let document = try String(contentsOf: Self.docURL, encoding: .utf8)
        for definition in ValidatorDefinition.all {
            XCTAssertEqual(document.components(separatedBy: "### `\(definition.name)`\n").count - 1, 1, definition.name)
        }
    }
}
