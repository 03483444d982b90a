/// A message in the ICU MessageFormat 1 subset Rulebook supports, parsed once (when a
/// catalogue loads) into an immutable tree and rendered many times.
///
/// Supported: `{arg}`, `{arg, number}`, `{arg, date}` / `{arg, date, short|medium|long}`,
/// `{n, plural, offset:N =N {…} zero|one|two|few|many|other {…}}` with `#`,
/// `{x, select, key {…} other {…}}`, nesting, and ICU apostrophe quoting (`''` is an
/// apostrophe; `'{'`, `'}'` and, inside a plural case, `'#'` are literal; any other
/// apostrophe is itself). Argument values are inserted as text and never read as
/// message syntax.
@usableFromInline
package struct MessageFormat: Sendable, Hashable {
    /// The message as written (after JSON unescaping).
    @usableFromInline package let source: String
    /// The top-level parts.
    @usableFromInline package let nodes: [MessageNode]

    /// Parses `source`; a syntax error carries its UTF-8 byte range inside `source`.
    package static func parse(_ source: String) -> Result<MessageFormat, MessageFormatError> {
        var parser = MessageFormatParser(source)
        return parser.parseMessage().map { MessageFormat(source: source, nodes: $0) }
    }

    /// A message that is plain text (no syntax is interpreted).
    package static func literal(_ text: String) -> MessageFormat {
        MessageFormat(source: text, nodes: text.isEmpty ? [] : [.text(text)])
    }
}

/// A syntax error in a message: what is wrong and where (UTF-8 byte offsets in the
/// message text, to be mapped into the file that holds it).
package struct MessageFormatError: Error, Sendable, Hashable {
    package let message: String
    package let range: Range<Int>
}

/// A reference to an argument: its name and where the name is written.
@usableFromInline
package struct ArgumentReference: Sendable, Hashable {
    @usableFromInline package let name: String
    /// UTF-8 offsets of the name inside the message.
    package let range: Range<Int>
}

/// How a simple argument is shown.
@usableFromInline
package enum ArgumentStyle: Sendable, Hashable {
    /// By its kind: text as is, numbers and dates for the locale, fields by display name.
    case plain
    /// `{x, number}`.
    case number
    /// `{x, date}` (medium) or `{x, date, short|medium|long}`.
    case date(DateStyle)
}

/// One part of a message.
@usableFromInline
package indirect enum MessageNode: Sendable, Hashable {
    case text(String)
    /// `{name}`, `{name, number}`, `{name, date, style}`; `placeholder` is the whole
    /// `{…}` (shown as written if the argument is missing).
    case argument(ArgumentReference, ArgumentStyle, placeholder: Range<Int>)
    case plural(PluralNode)
    case select(SelectNode)
    /// `#` in a plural case: the number minus the offset.
    case pound
}

/// `{n, plural, offset:1 =0 {…} one {…} other {…}}`.
@usableFromInline
package struct PluralNode: Sendable, Hashable {
    @usableFromInline package let argument: ArgumentReference
    package let offset: Double
    /// `=N` cases, in order.
    package let exact: [ExactCase]
    /// Keyword cases other than `other`.
    package let categories: [CategoryCase]
    package let other: [MessageNode]
    /// UTF-8 range of the `other` keyword.
    package let otherRange: Range<Int>
    /// The whole `{…}`.
    package let range: Range<Int>

    package struct ExactCase: Sendable, Hashable {
        package let value: Double
        package let message: [MessageNode]
        package let range: Range<Int>
    }

    package struct CategoryCase: Sendable, Hashable {
        package let category: PluralCategory
        package let message: [MessageNode]
        package let range: Range<Int>
    }
}

/// `{x, select, a {…} b {…} other {…}}`.
@usableFromInline
package struct SelectNode: Sendable, Hashable {
    @usableFromInline package let argument: ArgumentReference
    @usableFromInline package let cases: [(key: String, message: [MessageNode])]
    @usableFromInline package let other: [MessageNode]
    package let range: Range<Int>

    @usableFromInline
    package static func == (lhs: SelectNode, rhs: SelectNode) -> Bool {
        lhs.argument == rhs.argument && lhs.other == rhs.other && lhs.range == rhs.range
            && lhs.cases.elementsEqual(rhs.cases) { $0.key == $1.key && $0.message == $1.message }
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(argument)
        hasher.combine(range)
    }
}
