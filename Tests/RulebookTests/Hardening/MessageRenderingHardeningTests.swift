import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// Record values are inserted into messages as data, never parsed as message
/// syntax, and very long values are fine — in every shipped locale, through catalogue
/// messages, literal overrides and the built-in defaults.
final class MessageRenderingHardeningTests: XCTestCase {
    /// Values that would change a message if they were read as ICU syntax.
    static let hostile = [
        "{x}", "{field}", "'", "''", "'{'", "{", "}", "#", "{n, plural, other {#}}", "{values, select, other {x}}",
        "\\u{0}", "\u{0}", "é\u{301}😀‍👩", String(repeating: "{'#}", count: 10_000),
    ]

    func testHostileValuesAreInsertedVerbatimInEveryLocale() {
        let megabyte = String(repeating: "ab{c}'#", count: 150_000)
        for locale in L10n.shippedLocales {
            let localizer = Localizer(catalogs: L10n.shipped, locale: locale)
            for value in Self.hostile + [megabyte] {
                let list = L10n.request("country", "oneOf", [("values", .list([.text(value), .text("x")]))])
                let rendered = localizer.render(list)
                XCTAssertTrue(rendered.contains(value), "\(locale): \(value.prefix(40)) missing from \(rendered.prefix(200))")

                let literal = L10n.request(
                    "name", "required", [("value", .text(value))],
                    override: .literal("Got «{value}» for {field}."))
                let text = localizer.render(literal)
                XCTAssertTrue(text.hasPrefix("Got «\(value)» for "), "\(locale): \(text.prefix(200))")
            }
        }
    }

    /// Parameters named like the message's own arguments do not recurse: the value
    /// `{value}` renders as those six characters.
    func testValueNamingAnotherArgumentIsNotExpanded() {
        let request = L10n.request(
            "name", "required", [("value", .text("{value}")), ("other", .text("{value}"))],
            override: .literal("{value}|{other}"))
        XCTAssertEqual(DefaultMessages().render(request), "{value}|{value}")
    }

    /// Thousands of mutated messages parse or fail with a range inside the message, and
    /// those that parse render hostile values verbatim where they reference them.
    func testMutatedMessagesRenderHostileValuesVerbatim() {
        var generator = SeededGenerator(seed: 0x1CE_F00D)
        let seeds = ["{v}", "a {v} b", "{n, plural, one {# {v}} other {# {v}s}}", "{s, select, a {{v}} other {-{v}-}}", "'{v}' {v} ''"]
        let fragments = ["{", "}", "'", "#", ",", " plural", " select", " other ", "=1 ", "{v}", "offset:1 ", "\u{0}", "😀"]
        var rendered = 0
        for _ in 0..<5_000 {
            var text = seeds.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                var scalars = Array(text.unicodeScalars)
                let position = Int.random(in: 0...scalars.count, using: &generator)
                if Bool.random(using: &generator), !scalars.isEmpty {
                    scalars.remove(at: min(position, scalars.count - 1))
                } else {
                    scalars.insert(contentsOf: fragments.randomElement(using: &generator)!.unicodeScalars, at: position)
                }
                text = String(String.UnicodeScalarView(scalars))
            }
            switch MessageFormat.parse(text) {
            case .failure(let error):
                XCTAssertTrue(error.range.lowerBound >= 0 && error.range.upperBound <= text.utf8.count, text)
            case .success(let format):
                let value = Self.hostile.randomElement(using: &generator)!
                let output = format.render(["v": .text(value), "n": .number(1), "s": .text("a")], locale: "en")
                rendered += 1
                // A plain top-level `{v}` always renders (a `{v}` inside a case may not be chosen).
                let topLevel = format.nodes.contains { node in
                    if case .argument(let reference, .plain, _) = node { return reference.name == "v" }
                    return false
                }
                if topLevel {
                    XCTAssertTrue(output.contains(value), "\(text) with \(value.prefix(20)) → \(output.prefix(100))")
                }
            }
        }
        XCTAssertGreaterThan(rendered, 500)
    }
}
