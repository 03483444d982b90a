import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// `redundant-rule` hashes a message override once and reuses the hash for the next
/// override spelt with the same bytes (`RedundantRuleLint.overrideHash(of:)`): keys made
/// with a reused hash must equal and hash like keys made without, and only byte-identical
/// overrides may share one (canonically equal texts hash equally anyway, but are not the
/// same spelling).
final class OverrideHashTests: XCTestCase {
    private let overrides: [MessageOverride] = [
        .key("address.postcodeFormat"), .key("a"), .literal("Passwords differ \u{1F512}"), .literal("caf\u{E9}"),
        .literal("cafe\u{301}"), .literal(""), .key(""), .literal("address.postcodeFormat"),
        .literal(String(repeating: "long text ", count: 20)),
        // Same case and byte count, different bytes: a spelling test that compared only
        // the case and the length would take one for the other.
        .literal("x"), .literal("y"), .key("k.a"), .key("k.b"),
    ]

    private func base(_ validator: BuiltinValidator, _ arguments: [RepetitionKey.Argument]) -> RepetitionKey {
        RepetitionKey(validator: validator, messageKey: validator.rawValue, arguments: arguments, messageOverride: nil)
    }

    func testKeysMadeWithAGivenOverrideHashMatchKeysMadeWithout() {
        let bases = [
            base(.required, []),
            base(.minLength, [RepetitionKey.Argument(name: "min", value: .count(2))]),
            base(.same, [RepetitionKey.Argument(name: "other", value: .field([.key("password"), .key("n\u{E9}")]))]),
        ]
        for key in bases {
            for override in overrides {
                let plain = RepetitionKey(key, override: override)
                let given = RepetitionKey(key, override: override, overrideHash: RepetitionKey.overrideHash(override))
                XCTAssertEqual(plain, given)
                XCTAssertEqual(plain.hashValue, given.hashValue)
                XCTAssertEqual(plain.precomputedHash, given.precomputedHash)
                // The full initialiser (an override from the start) agrees too.
                let full = RepetitionKey(
                    validator: key.validator, messageKey: key.messageKey, arguments: key.arguments,
                    messageOverride: override)
                XCTAssertEqual(full, given)
                XCTAssertEqual(full.precomputedHash, given.precomputedHash)
            }
        }
        // Canonically equal overrides make equal keys with equal hashes.
        let composed = RepetitionKey(bases[0], override: .literal("caf\u{E9}"))
        let decomposed = RepetitionKey(
            bases[0], override: .literal("cafe\u{301}"),
            overrideHash: RepetitionKey.overrideHash(.literal("cafe\u{301}")))
        XCTAssertEqual(composed, decomposed)
        XCTAssertEqual(composed.precomputedHash, decomposed.precomputedHash)
    }

    func testOnlyByteIdenticalOverridesHaveTheSameSpelling() {
        for (i, a) in overrides.enumerated() {
            for (j, b) in overrides.enumerated() {
                XCTAssertEqual(RedundantRuleLint.sameSpelling(a, b), i == j, "\(a) \(b)")
            }
            // A copy made separately (another string object) is the same spelling.
            let copy: MessageOverride
            switch a {
            case .key(let text): copy = .key(String(decoding: Array(text.utf8), as: UTF8.self))
            case .literal(let text): copy = .literal(String(decoding: Array(text.utf8), as: UTF8.self))
            }
            XCTAssertTrue(RedundantRuleLint.sameSpelling(a, copy))
        }
        XCTAssertFalse(RedundantRuleLint.sameSpelling(.literal("caf\u{E9}"), .literal("cafe\u{301}")))
    }

    /// Through the checker: rules with the same override, spelt the same or only
    /// canonically the same, in turn with other overrides, are repetitions exactly when
    /// their keys are equal.
    func testRepetitionsWithOverridesAreFoundWhateverTheOrder() {
        let text = """
            a: same b message "caf\u{E9}", same b message "cafe\u{301}"
            c: minLength 2 message "x", maxLength 3 message "y", minLength 2 message "x"
            d: minLength 2 message "x", minLength 2 message "y"
            e: required message k.a, required message k.a, required message k.b
            b: required
            """
        let result = checkSource(text)
        let codes = result.diagnostics.map { "\($0.code) \($0.message)" }
        XCTAssertEqual(
            codes,
            [
                "redundant-rule 'same b' already applies to 'a'",
                "redundant-rule 'minLength 2' already applies to 'c'",
                "redundant-rule 'required' already applies to 'e'",
            ])
    }
}
