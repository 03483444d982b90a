/// The CLDR plural operands of a number *as formatted* (UTS #35, "Plural Operand
/// Meanings"): `1` and `1.0` have different operands (`v` is 0 and 1), which is why
/// English says "1 character" but "1.0 characters".
///
/// | operand | meaning |
/// |---|---|
/// | `n` | the absolute value |
/// | `i` | the integer digits of `n` |
/// | `v` | the number of visible fraction digits, with trailing zeros |
/// | `w` | the number of visible fraction digits, without trailing zeros |
/// | `f` | the visible fraction digits as an integer, with trailing zeros |
/// | `t` | the visible fraction digits as an integer, without trailing zeros |
/// | `e`, `c` | the exponent of compact notation (`1.2c6` is 1 200 000 with `e` = 6) |
///
/// Integer parts beyond 18 digits keep their last 18 digits (every CLDR rule takes
/// them modulo a power of ten at most 10⁶) and are marked ``isHuge`` so that a plain
/// comparison such as `n = 1` cannot match them by accident.
@usableFromInline
package struct PluralOperands: Sendable, Hashable {
    /// The integer digits (the last 18 of them when there are more).
    package let i: Int
    /// Visible fraction digits, trailing zeros included.
    package let v: Int
    /// Visible fraction digits, trailing zeros excluded.
    package let w: Int
    /// The visible fraction digits as an integer (the last 18 when there are more).
    package let f: Int
    /// `f` without trailing zeros.
    package let t: Int
    /// The compact-notation exponent (`c`, also spelled `e`); 0 for plain numbers.
    package let e: Int
    /// Whether the integer part had more than 18 digits.
    package let isHuge: Bool

    /// Creates operands from their parts (tests and the decimal reader use this).
    package init(i: Int, v: Int, w: Int, f: Int, t: Int, e: Int = 0, isHuge: Bool = false) {
        self.i = i
        self.v = v
        self.w = w
        self.f = f
        self.t = t
        self.e = e
        self.isHuge = isHuge
    }

    /// The operands of a whole number (its absolute value).
    package init(integer: Int) {
        let magnitude = integer.magnitude
        let limit = UInt(PluralOperands.modulus)
        self.init(i: Int(magnitude % limit), v: 0, w: 0, f: 0, t: 0, isHuge: magnitude >= limit)
    }

    /// Reads a number written with ASCII digits, an optional `.` fraction and an
    /// optional compact exponent `c`/`e` (`"1.50"`, `"-3"`, `"1.0000001c6"`), as CLDR
    /// writes its sample numbers. Returns nil for anything else.
    @usableFromInline
    package init?(decimal text: some StringProtocol) {
        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        var exponent = 0
        var state = 0  // 0 integer, 1 fraction, 2 exponent
        var sawExponentDigit = false
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                switch state {
                case 0: integerDigits.append(digit)
                case 1: fractionDigits.append(digit)
                default:
                    guard exponent < 1_000 else { return nil }
                    exponent = exponent * 10 + Int(digit)
                    sawExponentDigit = true
                }
            case UInt8(ascii: ".") where state == 0:
                state = 1
            case UInt8(ascii: "c"), UInt8(ascii: "e"):
                guard state < 2 else { return nil }
                state = 2
            default:
                return nil
            }
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty, state < 2 || sawExponentDigit else { return nil }
        if state == 1 && fractionDigits.isEmpty { return nil }
        // Compact notation moves the decimal point right: 1.0000001c6 is 1000000.1.
        let shifted = Swift.min(exponent, fractionDigits.count)
        integerDigits += fractionDigits.prefix(shifted)
        fractionDigits.removeFirst(shifted)
        integerDigits += repeatElement(0, count: exponent - shifted)
        self.init(integerDigits: integerDigits, fractionDigits: fractionDigits, exponent: exponent)
    }

    /// Builds operands from digit values (0…9).
    init(integerDigits: [UInt8], fractionDigits: [UInt8], exponent: Int) {
        let (integer, integerHuge) = PluralOperands.value(of: integerDigits[...])
        let (fraction, _) = PluralOperands.value(of: fractionDigits[...])
        var trimmed = fractionDigits[...]
        while trimmed.last == 0 { trimmed = trimmed.dropLast() }
        let (withoutZeros, _) = PluralOperands.value(of: trimmed)
        self.init(
            i: integer, v: fractionDigits.count, w: trimmed.count, f: fraction, t: withoutZeros, e: exponent,
            isHuge: integerHuge)
    }

    /// 10¹⁸: large values keep their remainder modulo this.
    static let modulus = 1_000_000_000_000_000_000

    /// The value of a digit sequence modulo 10¹⁸, and whether it was larger.
    private static func value(of digits: ArraySlice<UInt8>) -> (Int, Bool) {
        var significant = digits
        while significant.first == 0 { significant = significant.dropFirst() }
        let huge = significant.count > 18
        var value = 0
        for digit in significant.suffix(18) { value = value * 10 + Int(digit) }
        return (value, huge)
    }
}
