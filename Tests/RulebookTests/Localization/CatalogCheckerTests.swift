import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

final class CatalogCheckerTests: XCTestCase {
    /// The byte range of the `occurrence`-th `needle` in `text`.
    private func range(of needle: String, in text: String, occurrence: Int = 1) -> SourceRange {
        var from = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            found = text.range(of: needle, range: from..<text.endIndex)
            if let found { from = found.upperBound }
        }
        guard let found else { XCTFail("no \(needle)"); return .empty(at: 0) }
        let start = text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
        return SourceRange(start: start, end: start + needle.utf8.count)
    }

    private func check(_ files: [String: String]) -> [Diagnostic] { CatalogChecker.check(files: files) }

    private func only(_ code: DiagnosticCode, in diagnostics: [Diagnostic], file: StaticString = #filePath, line: UInt = #line)
        -> Diagnostic?
    {
        let matching = diagnostics.filter { $0.code == code }
        XCTAssertEqual(matching.count, 1, "\(code): \(diagnostics.map { "\($0.code) \($0.message)" })", file: file, line: line)
        return matching.first
    }

    func testInvalidJSONPointsAtTheError() {
        let text = #"{"a": "x" "b": "y"}"#
        let diagnostic = only(.catalogInvalidJSON, in: check(["L/en.json": text]))
        XCTAssertEqual(diagnostic?.range.start, range(of: #""b""#, in: text).start)
        XCTAssertEqual(diagnostic?.severity, .error)
        let truncated = #"{"a": "x""#
        XCTAssertEqual(only(.catalogInvalidJSON, in: check(["L/en.json": truncated]))?.range, .empty(at: truncated.utf8.count))
    }

    func testNotAFlatObjectOfStrings() {
        let array = #"["a"]"#
        XCTAssertEqual(only(.catalogNotFlat, in: check(["L/en.json": array]))?.range, SourceRange(start: 0, end: 5))
        let nested = #"{"a": {"b": "c"}, "n": 1, "ok": "fine"}"#
        let diagnostics = check(["L/en.json": nested]).filter { $0.code == .catalogNotFlat }
        XCTAssertEqual(diagnostics.map(\.range), [range(of: #"{"b": "c"}"#, in: nested), range(of: "1", in: nested)])
    }

    func testDuplicateKeys() {
        let text = #"{"a": "x", "a": "y"}"#
        let diagnostic = only(.catalogDuplicateKey, in: check(["L/en.json": text]))
        XCTAssertEqual(diagnostic?.range, range(of: #""a""#, in: text, occurrence: 2))
        XCTAssertEqual(diagnostic?.notes.first?.range, range(of: #""a""#, in: text))
    }

    func testMessageSyntaxErrorsMapThroughEscapes() {
        let plain = #"{"a": "Hello {name"}"#
        XCTAssertEqual(
            only(.messageSyntax, in: check(["L/en.json": plain]))?.range,
            range(of: "{name", in: plain).start
                .map { SourceRange(start: $0, end: $0 + 1) })
        // \u00e9 is 6 bytes in the file but 2 decoded; \n is 2 bytes but 1 decoded.
        let escaped = #"{"a": "\u00e9\n} rest"}"#
        XCTAssertEqual(only(.messageSyntax, in: check(["L/en.json": escaped]))?.range, range(of: "}", in: escaped))
    }

    func testPlaceholderDrift() {
        let en = #"{"a": "{field} has {min}"}"#
        let de = #"{"a": "{feld} hat"}"#
        let diagnostics = check(["L/en.json": en, "L/de.json": de])
        let unknown = only(.unknownPlaceholder, in: diagnostics)
        XCTAssertEqual(unknown?.file, "L/de.json")
        XCTAssertEqual(unknown?.range, range(of: "feld", in: de))
        let missing = diagnostics.filter { $0.code == .missingPlaceholder }
        XCTAssertEqual(missing.count, 2, "field and min are dropped")
        XCTAssertEqual(missing.first?.range, range(of: #""{feld} hat""#, in: de))
        XCTAssertEqual(missing.first?.severity, .warning)
        XCTAssertEqual(missing.first?.notes.first?.range, range(of: "field", in: en))
    }

    func testMissingAndExtraKeys() {
        let en = #"{"a": "A", "b": "B"}"#
        let de = #"{"a": "A", "c": "C"}"#
        let diagnostics = check(["L/en.json": en, "L/de.json": de])
        let missing = only(.missingTranslation, in: diagnostics)
        XCTAssertEqual(missing?.range, SourceRange(start: 0, end: 1))
        XCTAssertEqual(missing?.severity, .warning)
        XCTAssertEqual(missing?.message, "de.json lacks 1 key of the base catalogue (their base messages will be shown): 'b'")
        XCTAssertEqual(missing?.notes.first?.range, range(of: #""b""#, in: en))
        let extra = only(.extraTranslation, in: diagnostics)
        XCTAssertEqual(extra?.range, range(of: #""c""#, in: de))
    }

    func testMissingKeysAreOneDiagnosticPerCatalogue() {
        let en = #"{"a": "A", "b": "B", "c": "C", "d": "D"}"#
        let de = #"{"b": "B"}"#
        let missing = check(["L/en.json": en, "L/de.json": de]).filter { $0.code == .missingTranslation }
        XCTAssertEqual(missing.count, 1)
        XCTAssertEqual(
            missing.first,
            Diagnostic(
                file: "L/de.json", range: SourceRange(start: 0, end: 1), code: .missingTranslation,
                message: "de.json lacks 3 keys of the base catalogue (their base messages will be shown): 'a', 'c', 'd'",
                notes: [Note(message: "'a' is defined in the base catalogue here", file: "L/en.json", range: range(of: #""a""#, in: en))]))
    }

    func testRegionalCataloguesHoldOnlyOverrides() {
        let files = [
            "L/en.json": #"{"a": "A", "b": "B"}"#, "L/de.json": #"{"a": "A", "b": "B"}"#,
            "L/de-AT.json": #"{"b": "Bö", "z": "Z"}"#,
        ]
        let diagnostics = check(files)
        XCTAssertFalse(diagnostics.contains { $0.code == .missingTranslation })
        XCTAssertEqual(only(.extraTranslation, in: diagnostics)?.file, "L/de-AT.json")
        // Without a de.json, de-AT is the only German catalogue and must be complete.
        let alone = check(["L/en.json": #"{"a": "A"}"#, "L/de-AT.json": #"{}"#])
        XCTAssertNotNil(only(.missingTranslation, in: alone))
    }

    func testPluralCategoriesPerLocale() {
        let en = #"{"m": "{n, plural, one {# item} other {# items}}"}"#
        let pl = #"{"m": "{n, plural, one {# rzecz} other {# rzeczy}}"}"#
        let missing = only(.missingPluralCategory, in: check(["L/en.json": en, "L/pl.json": pl]))
        XCTAssertEqual(missing?.range, range(of: "{n, plural, one {# rzecz} other {# rzeczy}}", in: pl))
        XCTAssertTrue(missing?.message.contains("few, many") == true, missing?.message ?? "")
        let de = #"{"m": "{n, plural, one {# Ding} few {# Dinge} other {# Dinge}}"}"#
        let unused = only(.unusedPluralCategory, in: check(["L/en.json": en, "L/de.json": de]))
        XCTAssertEqual(unused?.range, range(of: "few", in: de))
        XCTAssertEqual(unused?.severity, .warning)
        let ja = #"{"m": "{n}個"}"#
        XCTAssertEqual(check(["L/en.json": en, "L/ja.json": ja]), [], "Japanese needs only other; plain {n} is fine")
        let arabicComplete = #"{"m": "{n, plural, zero {a} one {b} two {c} few {d} many {e} other {f}}"}"#
        XCTAssertEqual(check(["L/en.json": en, "L/ar.json": arabicComplete]), [])
    }

    func testBaseMessagesMayOnlyUseWhatARequestSupplies() {
        let en = #"{"minLength": "{field} {minimum}", "field.x": "X {field}", "my.key": "{anything}", "firstName.length": "{max}"}"#
        let diagnostics = check(["L/en.json": en]).filter { $0.code == .unknownPlaceholder }
        XCTAssertEqual(
            diagnostics.map(\.range),
            [
                range(of: "minimum", in: en), range(of: "field", in: en, occurrence: 3),
                range(of: "max", in: en),
            ])
    }

    func testLocaleFileNames() {
        let en = #"{"a": "A"}"#
        let diagnostics = check(["L/en.json": en, "L/english.json": en, "L/de_AT.json": en, "L/xx.json": en])
            .filter { $0.code == .unknownLocale }
        XCTAssertEqual(diagnostics.map(\.file), ["L/de_AT.json", "L/english.json", "L/xx.json"])
        XCTAssertEqual(diagnostics.map(\.severity), [.error, .error, .warning])
        XCTAssertTrue(diagnostics[0].message.contains("de-AT.json"))
        XCTAssertEqual(diagnostics[0].range, SourceRange(start: 0, end: 1))
    }

    func testMissingBaseCatalogue() {
        XCTAssertNotNil(only(.missingBaseCatalog, in: check(["L/de.json": #"{"a": "A"}"#])))
    }

    func testEveryLocalizationCodeIsReportable() {
        let files = [
            "L/en.json": #"{"a": "{field}", "b": "B", "minLength": "{zz}", "m": "{n, plural, one {x} other {y}}"}"#,
            "L/de.json": #"{"a": "{feld}", "c": "C", "c": "D", "m": "{n, plural, one {x} few {y} other {z}}", "x": 1, "s": "{"}"#,
            "L/pl.json": #"{"m": "{n, plural, one {x} other {y}}"}"#, "L/xx_yy.json": "{",
        ]
        var codes = Set(check(files).map(\.code))
        codes.formUnion(check(["L/de.json": "{}"]).map(\.code))
        XCTAssertEqual(codes, Set(DiagnosticCode.localizationCodes))
        XCTAssertTrue(DiagnosticCode.all.contains(.missingPluralCategory))
    }
}

extension Int {
    fileprivate func map<T>(_ transform: (Int) -> T) -> T { transform(self) }
}

extension CatalogCheckerTests {
    func testExactCasesMayStandForAFiniteCategory() {
        let en = #"{"m": "{n, plural, =0 {none} =1 {one item} other {# items}}"}"#
        XCTAssertEqual(CatalogChecker.check(files: ["L/en.json": en]), [], "English one is exactly 1")
        let ru = #"{"m": "{n, plural, =1 {x} few {y} many {z} other {w}}"}"#
        let missing = CatalogChecker.check(files: ["L/en.json": en, "L/ru.json": ru]).filter { $0.code == .missingPluralCategory }
        XCTAssertEqual(missing.count, 1, "Russian one is 1, 21, 31, …: =1 does not cover it")
        let ar = #"{"m": "{n, plural, =0 {a} one {b} two {c} few {d} many {e} other {f}}"}"#
        XCTAssertEqual(
            CatalogChecker.check(files: ["L/en.json": en, "L/ar.json": ar]).filter { $0.code == .missingPluralCategory }.count, 1,
            "Arabic zero has decimal samples (0.0): =0 does not cover it")
    }
}

extension CatalogCheckerTests {
    /// Hundreds of mutated catalogues: the checker terminates, never crashes, and every
    /// range lies inside its file.
    func testRandomlyMutatedCataloguesNeverCrash() throws {
        let base = try XCTUnwrap(L10n.shipped.catalogs["pl"]).file.text
        let english = try XCTUnwrap(L10n.shipped.base)
        let bytes = Array(base.utf8)
        let alphabet = Array("{}\"\\'#,: plural one few many other =1 offset:\u{0}é".utf8)
        var random = SeededGenerator(seed: 42)
        for _ in 0..<400 {
            var mutated = bytes
            for _ in 0..<(1 + Int(random.next() % 6)) {
                let index = Int(random.next() % UInt64(mutated.count))
                switch random.next() % 3 {
                case 0: mutated[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: mutated.remove(at: index)
                default: mutated.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                }
            }
            let text = String(decoding: mutated, as: UTF8.self)
            let size = text.utf8.count
            let polish = MessageCatalog(locale: "pl", path: "L/pl.json", text: text)
            for diagnostic in CatalogChecker.check([english, polish]) where diagnostic.file == "L/pl.json" {
                XCTAssertLessThanOrEqual(diagnostic.range.end, size)
            }
            _ = MessageCatalogs(catalogs: [english, polish]).render(
                L10n.request("firstName", "minLength", [("min", .number(22))]), locale: "pl")
        }
    }
}
