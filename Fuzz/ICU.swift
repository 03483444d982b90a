// Fuzz target `icu`: the ICU MessageFormat parser and renderer, and catalogue loading.
//
// Input layout: `message NUL value NUL locale` (missing parts are empty). Oracles: a
// syntax error's range lies inside the message; a parsed message renders in several
// locales with text, number, date, field and list arguments without trapping; an
// argument's value is inserted verbatim — never read as message syntax — however long
// or syntax-like it is; the whole input read as a catalogue file loads, with every
// diagnostic inside the file, and the catalogue checker runs over it.
@testable import Rulebook
@testable import RulebookMessageFormat
@testable import RulebookTooling

private let locales = ["en", "fr", "ar", "pl", "ja", "de-AT", "ru", "cy"]

/// libFuzzer's entry point: runs the harness on one input and returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICU(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let parts = splitInput(bytes, parts: 3)
    let source = String(decoding: parts[0], as: UTF8.self)
    let value = String(decoding: parts[1], as: UTF8.self)
    let fuzzLocale = String(decoding: parts[2], as: UTF8.self)

    switch MessageFormat.parse(source) {
    case .failure(let error):
        require(
            error.range.lowerBound >= 0 && error.range.upperBound <= source.utf8.count,
            "error range \(error.range) outside the message (\(source.utf8.count) bytes)")
    case .success(let format):
        for reference in format.arguments {
            require(reference.range.upperBound <= source.utf8.count, "argument range outside the message")
        }
        let number = Double(parts[1].count) - 3.5
        let arguments: [String: MessageArgument] = [
            "x": .text(value), "value": .text(value), "n": .number(number), "count": .number(Double(parts[1].count)),
            "min": .number(-0.0), "max": .number(1e300), "date": .date(CalendarDate(daysSinceEpoch: parts[1].count * 97 - 40_000)),
            "field": .field(FieldPath([.key(value), .wildcard, .key("b")])), "list": .list([.text(value), .number(2), .text("")]),
        ]
        for locale in locales + [fuzzLocale] {
            _ = format.render(arguments, locale: locale)
        }
    }

    // Values are data: inserted exactly as given, whatever they contain.
    if case .success(let plain) = MessageFormat.parse("a {x} '{b}' {x}") {
        let rendered = plain.render(["x": .text(value)], locale: "en")
        require(rendered == "a \(value) {b} \(value)", "a value was not inserted verbatim: \(rendered)")
    } else {
        require(false, "the fixed message must parse")
    }

    let catalog = MessageCatalog(locale: "en", path: "en.json", text: String(decoding: bytes, as: UTF8.self))
    let length = catalog.file.text.utf8.count
    for diagnostic in catalog.diagnostics {
        require(diagnostic.range.start >= 0 && diagnostic.range.end <= length, "catalogue diagnostic outside the file: \(diagnostic)")
    }
    for entry in catalog.entries {
        require(entry.keyRange.end <= length && entry.valueRange.end <= length, "entry range outside the file")
    }
    _ = CatalogChecker.check([catalog])
    return 0
}
