// Strings, regular expressions, numbers and dates. Each literal is scanned once; the
// lexer validates it (escapes, termination, range, calendar) and reports problems, and
// the parser later decodes the already-validated bytes.

extension LexerState {
    @inline(__always)
    func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    /// `"…"` on one line, with `\" \\ \n \t \r \u{…}` escapes.
    mutating func lexString() {
        let start = index
        index += 1
        var hasError = false
        while true {
            guard index < bytes.count, !isLineEnd(bytes[index]) else {
                report(
                    .unterminatedLiteral, SourceRange(start: start, end: index),
                    "unterminated string: expected '\"' before the end of the \(index < bytes.count ? "line" : "file")")
                hasError = true
                break
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                if !lexEscape() { hasError = true }
            } else {
                index += 1
            }
        }
        add(.string, from: start, hasError: hasError)
    }

    /// One escape at `index` (the backslash); reports and returns false when invalid.
    /// A backslash before the line end is left for the caller's unterminated check.
    mutating func lexEscape() -> Bool {
        let start = index
        let next = byte(at: index + 1)
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"):
            index += 2
            return true
        case UInt8(ascii: "u"):
            return lexUnicodeEscape()
        default:
            index += 1
            if index < bytes.count, !isLineEnd(bytes[index]) { index += max(1, scalarWidth(at: index)) }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            report(
                .invalidEscape, SourceRange(start: start, end: index),
                "invalid escape '\(text)' in string; the escapes are \\\", \\\\, \\n, \\t, \\r and \\u{…}")
            return false
        }
    }

    /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar (not a surrogate).
    mutating func lexUnicodeEscape() -> Bool {
        let start = index
        index += 2
        var valid = byte(at: index) == UInt8(ascii: "{")
        var digits = 0
        var value: UInt32 = 0
        if valid {
            index += 1
            while isHexDigit(byte(at: index)) {
                if digits < 8 { value = value << 4 | UInt32(hexValue(bytes[index])) }
                digits += 1
                index += 1
            }
            valid = byte(at: index) == UInt8(ascii: "}") && (1...8).contains(digits)
            if byte(at: index) == UInt8(ascii: "}") { index += 1 }
        }
        if !valid {
            report(
                .invalidEscape, SourceRange(start: start, end: index),
                "invalid Unicode escape '\(String(decoding: bytes[start..<index], as: UTF8.self))'; write \\u{…} with 1 to 8 hex digits")
            return false
        }
        if Unicode.Scalar(value) == nil {
            report(
                .invalidEscape, SourceRange(start: start, end: index),
                "'\(String(decoding: bytes[start..<index], as: UTF8.self))' is not a Unicode scalar value")
            return false
        }
        return true
    }

    /// `/pattern/flags`. Inside, `\` escapes the next character (so `\/` is a slash) and a
    /// `[…]` class may contain unescaped `/`; the literal runs to the first other `/`.
    mutating func lexRegex() {
        let start = index
        index += 1
        var inClass = false
        var hasError = false
        while true {
            guard index < bytes.count, !isLineEnd(bytes[index]) else {
                report(
                    .unterminatedLiteral, SourceRange(start: start, end: index),
                    "unterminated regular expression: expected '/' before the end of the \(index < bytes.count ? "line" : "file")")
                hasError = true
                break
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 1
                if index < bytes.count, !isLineEnd(bytes[index]) { index += max(1, scalarWidth(at: index)) }
                continue
            }
            index += 1
            if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "]") {
                inClass = false
            } else if byte == UInt8(ascii: "/") && !inClass {
                while isASCIILetter(self.byte(at: index)) { index += 1 }
                break
            }
        }
        add(.regex, from: start, hasError: hasError)
    }

    /// `12`, `-3`, `1.5`, `1e-3`, or a date `2026-01-31`. A number run on into letters
    /// (`2abc`) is one malformed token, not a number and a name.
    mutating func lexNumberOrDate() {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        while isDigit(byte(at: index)) { index += 1 }
        if byte(at: index) == UInt8(ascii: "-") && isDigit(byte(at: index + 1)) {
            lexDate(from: start)
            return
        }
        var kind = TokenKind.integer
        if byte(at: index) == UInt8(ascii: ".") && isDigit(byte(at: index + 1)) {
            kind = .decimal
            index += 1
            while isDigit(byte(at: index)) { index += 1 }
        }
        if byte(at: index) | 0x20 == UInt8(ascii: "e") {
            let sign = byte(at: index + 1) == UInt8(ascii: "+") || byte(at: index + 1) == UInt8(ascii: "-") ? 1 : 0
            if isDigit(byte(at: index + 1 + sign)) {
                kind = .decimal
                index += 1 + sign
                while isDigit(byte(at: index)) { index += 1 }
            }
        }
        // Performance: a number followed by an ASCII byte that continues no name (a space,
        // `,`, the line end) has no trailing characters; only others take the full test.
        let next = byte(at: index)
        if (next >= 0x80 || isASCIIIdentifierContinue(next)) && consumeTrailingNameCharacters() {
            reportMalformed(.invalidNumber, from: start, "'\(text(from: start))' is not a number")
            add(kind, from: start, hasError: true)
            return
        }
        // Performance: ordinary numbers are known to be in range from their digit counts,
        // without making a String and converting it; only long ones take the exact path.
        // (An integer of at most that many bytes has at most that many digits.)
        if (kind == .integer && index - start <= LexerState.integerDigitsSurelyInRange) || numberIsSurelyInRange(kind, from: start) {
            add(kind, from: start)
            return
        }
        let text = text(from: start)
        if kind == .integer, Int(text) == nil {
            reportMalformed(.invalidNumber, from: start, "integer '\(text)' is out of range (\(Int.min)...\(Int.max))")
            add(kind, from: start, hasError: true)
        } else if kind == .decimal, !(Double(text)?.isFinite ?? false) {
            reportMalformed(.invalidNumber, from: start, "decimal '\(text)' is out of range")
            add(kind, from: start, hasError: true)
        } else {
            add(kind, from: start)
        }
    }

    /// Whether the number token from `start` to `index` (digits, at most one `-`, `.` and
    /// exponent, as scanned above) certainly converts: an integer of at most 18 digits
    /// fits `Int`, and a decimal of at most 200 digits with an exponent of at most two
    /// digits is finite. Anything else is decided by the exact conversion.
    func numberIsSurelyInRange(_ kind: TokenKind, from start: Int) -> Bool {
        var digits = 0
        var exponentDigits = 0
        var inExponent = false
        for offset in start..<index {
            let byte = bytes[offset]
            if isDigit(byte) {
                if inExponent { exponentDigits += 1 } else { digits += 1 }
            } else if byte | 0x20 == UInt8(ascii: "e") {
                inExponent = true
            }
        }
        return kind == .integer ? digits <= LexerState.integerDigitsSurelyInRange : digits <= 200 && exponentDigits <= 2
    }

    /// How many digits an integer may have and surely fit `Int` (`Int.max` has 19).
    static let integerDigitsSurelyInRange = 18

    /// A date: `DIGITS(-DIGITS)+`, which must be `YYYY-MM-DD` and a real calendar day.
    mutating func lexDate(from start: Int) {
        while byte(at: index) == UInt8(ascii: "-") && isDigit(byte(at: index + 1)) {
            index += 1
            while isDigit(byte(at: index)) { index += 1 }
        }
        let malformed = consumeTrailingNameCharacters()
        // Performance: a well-formed real date is recognised on its bytes; anything else
        // takes the path that words the diagnostic.
        if !malformed, let date = LexerState.isoDate(bytes, from: start, to: index),
            CalendarDate(year: date.year, month: date.month, day: date.day) != nil
        {
            add(.date, from: start)
            return
        }
        let text = text(from: start)
        if let problem = LexerState.dateProblem(text, malformed: malformed) {
            reportMalformed(.invalidDate, from: start, problem)
            add(.date, from: start, hasError: true)
        } else {
            add(.date, from: start)
        }
    }

    /// The numbers of `YYYY-MM-DD` (exactly four, two and two ASCII digits) between
    /// `start` and `end`, or nil when the bytes have another shape.
    static func isoDate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (year: Int, month: Int, day: Int)? {
        guard end - start == 10, end <= bytes.count, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ from: Int, _ to: Int) -> Int? {
            var value = 0
            for offset in from..<to {
                guard isDigit(bytes[offset]) else { return nil }
                value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(start, start + 4), let month = number(start + 5, start + 7), let day = number(start + 8, start + 10) else {
            return nil
        }
        return (year, month, day)
    }

    /// Why `text` is not a valid date literal, or nil when it is one.
    static func dateProblem(_ text: String, malformed: Bool) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard !malformed, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else {
            return "'\(text)' is not a date; write dates as YYYY-MM-DD"
        }
        if CalendarDate(year: year, month: month, day: day) != nil { return nil }
        guard (1...12).contains(month) else { return "'\(text)' is not a real date: there is no month \(month)" }
        return "'\(text)' is not a real date: \(parts[0])-\(parts[1]) has \(CalendarDate.daysIn(month: month, year: year)) days"
    }

    /// Consumes letters, digits, `_` and `.`-joined name characters glued to a literal;
    /// returns whether there were any.
    mutating func consumeTrailingNameCharacters() -> Bool {
        let start = index
        while true {
            let width = identifierContinueWidth(at: index)
            if width > 0 {
                index += width
            } else if byte(at: index) == UInt8(ascii: "-") && index > start && identifierContinueWidth(at: index + 1) > 0 {
                index += 1
            } else {
                break
            }
        }
        return index > start
    }

    mutating func reportMalformed(_ code: DiagnosticCode, from start: Int, _ message: String) {
        report(code, SourceRange(start: start, end: index), message)
    }

    func text(from start: Int) -> String {
        String(decoding: bytes[start..<index], as: UTF8.self)
    }

    func hexValue(_ byte: UInt8) -> UInt8 {
        isDigit(byte) ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
    }
}
