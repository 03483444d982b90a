/// Supplies argument values while a message renders. Generic rendering over this
/// protocol is specialised, so looking an argument up allocates nothing.
package protocol MessageArgumentSource {
    /// The value of the named argument, if the request has one.
    func argument(named name: String) -> MessageArgument?
    /// Appends the localised display name of `field`.
    func appendDisplayName(of field: FieldPath, to output: inout String)
}

/// Everything locale-specific a render needs.
package struct RenderLocale: Sendable {
    let format: LocaleFormat
    let plurals: PluralRules

    /// The formats and plural rules of the BCP 47 tag `tag`.
    package init(_ tag: String) {
        format = LocaleFormat.forLocale(tag)
        plurals = PluralRules.forLocale(tag)
    }
}

extension MessageFormat {
    /// Appends the rendered message to `output`: the only allocation is the output's growth.
    package func render<Source: MessageArgumentSource>(into output: inout String, arguments: Source, locale: RenderLocale) {
        MessageFormat.render(nodes, into: &output, source: arguments, locale: locale, pound: nil, text: source)
    }

    private static func render<Source: MessageArgumentSource>(
        _ nodes: [MessageNode], into output: inout String, source: Source, locale: RenderLocale, pound: PluralNumber?, text: String
    ) {
        for node in nodes {
            switch node {
            case .text(let literal):
                output += literal
            case .pound:
                if let pound { pound.append(to: &output, format: locale.format) }
            case .argument(let reference, let style, let placeholder):
                guard let value = source.argument(named: reference.name) else {
                    appendSource(placeholder, of: text, to: &output)  // shown as written; catalogue checks flag it
                    continue
                }
                appendArgument(value, style: style, to: &output, source: source, locale: locale)
            case .plural(let plural):
                let number = source.argument(named: plural.argument.name).flatMap(PluralNumber.init)
                let (message, shown) = selectCase(plural, number: number, locale: locale)
                render(message, into: &output, source: source, locale: locale, pound: shown, text: text)
            case .select(let select):
                let message = selectCase(select, value: source.argument(named: select.argument.name))
                render(message, into: &output, source: source, locale: locale, pound: nil, text: text)
            }
        }
    }

    /// The case for `number` (exact `=N` first, then the locale's category of the
    /// number minus the offset *as formatted*), and the number `#` shows.
    private static func selectCase(_ plural: PluralNode, number: PluralNumber?, locale: RenderLocale) -> ([MessageNode], PluralNumber?) {
        guard let number else { return (plural.other, nil) }
        for exact in plural.exact where exact.value == number.value { return (exact.message, number.minus(plural.offset)) }
        let shown = number.minus(plural.offset)
        let category: PluralCategory
        if let digits = shown.digits {
            category = locale.plurals.category(forDecimal: digits)
        } else if shown.value == shown.value.rounded(.towardZero) && Swift.abs(shown.value) < 9.0e15 {
            category = locale.plurals.category(for: PluralOperands(integer: Int(shown.value)))
        } else {
            category = locale.plurals.category(forDecimal: LocaleFormat.plainDecimal(shown.value))
        }
        if category != .other, let match = plural.categories.first(where: { $0.category == category }) {
            return (match.message, shown)
        }
        return (plural.other, shown)
    }

    private static func selectCase(_ select: SelectNode, value: MessageArgument?) -> [MessageNode] {
        guard let value else { return select.other }
        for entry in select.cases where matches(value, key: entry.key) { return entry.message }
        return select.other
    }

    private static func matches(_ value: MessageArgument, key: String) -> Bool {
        switch value {
        case .text(let text): text == key
        case .number(let number): LocaleFormat.plainDecimal(number) == key
        case .date(let date): date.description == key
        case .field(let path): path.description == key
        case .list: false
        }
    }

    private static func appendArgument<Source: MessageArgumentSource>(
        _ value: MessageArgument, style: ArgumentStyle, to output: inout String, source: Source, locale: RenderLocale
    ) {
        switch (value, style) {
        case (.number(let number), _):
            locale.format.appendNumber(number, to: &output)
        case (.date(let date), .date(let dateStyle)):
            locale.format.appendDate(date, style: dateStyle, to: &output)
        case (.date(let date), _):
            locale.format.appendDate(date, style: .medium, to: &output)
        case (.text(let text), .number):
            if let number = Double(text), number.isFinite { locale.format.appendNumber(number, to: &output) } else { output += text }
        case (.text(let text), .date(let dateStyle)):
            if let date = CalendarDate(iso: text) { locale.format.appendDate(date, style: dateStyle, to: &output) } else { output += text }
        case (.text(let text), .plain):
            output += text  // record data: inserted, never parsed
        case (.field(let path), _):
            source.appendDisplayName(of: path, to: &output)
        case (.list(let items), _):
            for (index, item) in items.enumerated() {
                if index > 0 { output += locale.format.listSeparator }
                appendArgument(item, style: style, to: &output, source: source, locale: locale)
            }
        }
    }

    private static func appendSource(_ range: Range<Int>, of text: String, to output: inout String) {
        let utf8 = text.utf8
        guard let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound, limitedBy: utf8.endIndex),
            let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound, limitedBy: utf8.endIndex)
        else { return }
        output += text[start..<end]
    }
}

/// The number a plural selects on and `#` shows: a number, or numeric text whose
/// visible digits are kept (`"1.0"` stays `1.0`, so English says "1.0 items").
struct PluralNumber {
    let value: Double
    /// Plain ASCII decimal digits as written, for numeric text.
    let digits: String?

    init?(_ argument: MessageArgument) {
        switch argument {
        case .number(let number):
            value = number
            digits = nil
        case .text(let text):
            guard let number = Double(text), number.isFinite else { return nil }
            value = number
            digits =
                PluralOperands(decimal: text) != nil && !text.contains("e") && !text.contains("E")
                    && !text.hasPrefix("+") ? text : nil
        default:
            return nil
        }
    }

    private init(value: Double, digits: String?) {
        self.value = value
        self.digits = digits
    }

    /// The number minus a plural offset (written digits survive only a zero offset).
    func minus(_ offset: Double) -> PluralNumber {
        offset == 0 ? self : PluralNumber(value: value - offset, digits: nil)
    }

    func append(to output: inout String, format: LocaleFormat) {
        if let digits { format.appendDecimal(digits, to: &output) } else { format.appendNumber(value, to: &output) }
    }
}
