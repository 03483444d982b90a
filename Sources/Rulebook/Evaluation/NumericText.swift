// Numeric text (form posts send "27"): accepted when it follows the JSON number grammar
// exactly — no white space, no `+`, no leading zeros, no `NaN`/`Infinity`, no hex.

enum NumericText {
    /// Powers of ten exactly representable as `Double`.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The value of `bytes` if they are one JSON number, else nil.
    ///
    /// Short numbers (at most 15 significant digits and a decimal exponent within ±22,
    /// i.e. nearly every number a form sends) are converted exactly here — both the
    /// digits and the power of ten are exact doubles, so one multiplication or division
    /// rounds correctly (Clinger's fast path). Anything else goes to the standard
    /// library's correctly rounded conversion after the grammar check.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        var index = 0
        var negative = false
        if index < count && bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        guard index < count else { return nil }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        // Integer part: `0` or a non-zero digit followed by digits.
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if TextFormats.isASCIIDigit(bytes[index]) {
            while index < count && TextFormats.isASCIIDigit(bytes[index]) {
                accumulate(bytes[index], &mantissa, &significantDigits)
                index += 1
            }
        } else {
            return nil
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count && TextFormats.isASCIIDigit(bytes[index]) {
                accumulate(bytes[index], &mantissa, &significantDigits)
                decimalExponent -= 1
                index += 1
            }
            guard index > start else { return nil }
        }
        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            var exponent = 0
            while index < count && TextFormats.isASCIIDigit(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            guard index > start else { return nil }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard index == count else { return nil }
        if significantDigits <= 15 && abs(decimalExponent) <= 22 {
            var value = Double(mantissa)
            value = decimalExponent < 0 ? value / exactPowersOfTen[-decimalExponent] : value * exactPowersOfTen[decimalExponent]
            return negative ? -value : value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Adds a digit to the mantissa; leading zeros do not count as significant.
    @inline(__always)
    private static func accumulate(_ byte: UInt8, _ mantissa: inout UInt64, _ significantDigits: inout Int) {
        let digit = UInt64(byte &- UInt8(ascii: "0"))
        if significantDigits == 0 && digit == 0 { return }
        significantDigits += 1
        if significantDigits <= 19 { mantissa = mantissa &* 10 &+ digit }
    }
}
