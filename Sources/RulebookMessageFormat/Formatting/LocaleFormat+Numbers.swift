extension LocaleFormat {
    /// Appends `value` written for this locale: shortest round-trip digits (no
    /// rounding to a fixed number of fraction digits, so `0.0001` stays exact),
    /// grouping, the locale's separators and digits.
    @usableFromInline
    package func appendNumber(_ value: Double, to output: inout String) {
        let plain = LocaleFormat.plainDecimal(value)
        appendDecimal(plain, to: &output)
    }

    /// Appends a number given as plain ASCII decimal text (`-1234.5`, `NaN`, `∞`) with
    /// this locale's symbols.
    func appendDecimal(_ plain: String, to output: inout String) {
        let utf8 = plain.utf8
        var start = utf8.startIndex
        if utf8.first == UInt8(ascii: "-") {
            output += minusSign
            start = utf8.index(after: start)
        }
        // Count integer digits to place group separators.
        var integerDigits = 0
        var index = start
        while index < utf8.endIndex, LocaleFormat.isDigit(utf8[index]) {
            integerDigits += 1
            index = utf8.index(after: index)
        }
        if integerDigits == 0 {  // NaN, ∞
            output += plain[start...]
            return
        }
        let grouping = integerDigits >= 4 + (minimumGroupingDigits - 1)
        var position = 0
        index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            if LocaleFormat.isDigit(byte) {
                if position < integerDigits && position > 0 && grouping && (integerDigits - position) % 3 == 0 {
                    output += groupSeparator
                }
                appendDigit(byte, to: &output)
                position += 1
            } else if byte == UInt8(ascii: ".") {
                output += decimalSeparator
                position = integerDigits
            }
            index = utf8.index(after: index)
        }
    }

    /// Appends an ASCII digit in this locale's numbering system.
    func appendDigit(_ byte: UInt8, to output: inout String) {
        if zeroDigit == "0" {
            output.unicodeScalars.append(Unicode.Scalar(byte))
        } else if let scalar = Unicode.Scalar(zeroDigit.value + UInt32(byte - UInt8(ascii: "0"))) {
            output.unicodeScalars.append(scalar)
        }
    }

    /// Appends a non-negative integer with at least `width` digits, without grouping
    /// (for dates).
    func appendInteger(_ value: Int, width: Int, to output: inout String) {
        var digits = 1
        var power = 1
        while power <= value / 10 {
            power *= 10
            digits += 1
        }
        for _ in 0..<Swift.max(0, width - digits) { appendDigit(UInt8(ascii: "0"), to: &output) }
        var rest = value
        while power > 0 {
            appendDigit(UInt8(ascii: "0") + UInt8(rest / power), to: &output)
            rest %= power
            power /= 10
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The plain decimal spelling of a double: `2`, `-1.5`, `0.00001`,
    /// `100000000000000000000` — never exponent notation; integral values have no
    /// fraction. Short results fit Swift's small-string storage (no allocation).
    @usableFromInline
    package static func plainDecimal(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        if value == value.rounded(.towardZero) && Swift.abs(value) < 9.0e15 {
            return String(Int(value))  // also turns -0.0 into "0"
        }
        let text = value.description
        guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        return expandExponent(mantissa: text[..<exponentIndex], exponent: Int(text[text.index(after: exponentIndex)...]) ?? 0)
    }

    /// `1.25e-05` → `0.0000125`; `1e+20` → `100000000000000000000`.
    private static func expandExponent(mantissa: Substring, exponent: Int) -> String {
        var negative = false
        var digits = ""
        var pointPosition = 0
        var seenPoint = false
        for character in mantissa {
            if character == "-" {
                negative = true
            } else if character == "." {
                seenPoint = true
            } else {
                digits.append(character)
                if !seenPoint { pointPosition += 1 }
            }
        }
        pointPosition += exponent
        var result = negative ? "-" : ""
        if pointPosition <= 0 {
            result += "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            result += digits + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            result += digits[..<split] + "." + digits[split...]
        }
        // Trim a fraction that became all zeros.
        if result.contains(".") {
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
        }
        return result
    }
}
