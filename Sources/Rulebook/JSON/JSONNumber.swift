/// A number read from JSON-grammar text: `27`, `-1.5e3`, `0.25` — never `+1`, `.5`,
/// `01`, `1.`, `NaN`, `Infinity`, `0x1A` or text with surrounding spaces.
///
/// Used for JSON numbers and for numeric *text* (numeric validators accept
/// `"27"`), so both read exactly the same way.
package struct JSONNumber: Sendable, Hashable {
    /// The nearest `Double` (correctly rounded; ±infinity when the text overflows).
    package let doubleValue: Double
    /// The exact integer, when there is one: integer syntax that fits `Int`, or any other
    /// number whose `Double` is integral and within `Int`'s range (`1e2` → 100).
    package let integerValue: Int?
    /// Whether the text has no fraction and no exponent (`12`, not `12.0` or `1e1`).
    package let hasIntegerSyntax: Bool

    /// The number as a record value the way the JSON reader builds it: `.integer` for
    /// integer syntax that fits `Int`, `.decimal` otherwise.
    package var value: Value {
        if hasIntegerSyntax, let integerValue { return .integer(integerValue) }
        return .decimal(doubleValue)
    }

    /// Reads `text`, which must be exactly one JSON number and nothing else.
    package init?(utf8 text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self), !text.isEmpty,
            base[0] == ASCII.minus || JSONScan.isDigit(base[0])
        else { return nil }
        var index = 0
        let unlimited = JSONLimits(maxNumberLength: Int.max)
        guard let integer = try? JSONScan.scanNumber(base, text.count, &index, unlimited),
            index == text.count
        else { return nil }
        self.init(validated: base, 0, text.count, integerSyntax: integer)
    }

    /// Reads `text`, which must be exactly one JSON number and nothing else.
    package init?(_ text: some StringProtocol) {
        var copy = String(text)
        guard let number = copy.withUTF8({ JSONNumber(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = number
    }

    /// Converts text that already passed ``JSONScan/scanNumber(_:_:_:_:)``.
    @inlinable
    init(validated p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, integerSyntax: Bool) {
        hasIntegerSyntax = integerSyntax
        if integerSyntax, let integer = Self.integer(p, start, end) {
            integerValue = integer
            // `-0` keeps its sign as a double, as every other reader of JSON text does.
            doubleValue = integer == 0 && p[start] == ASCII.minus ? -0.0 : Double(integer)
            return
        }
        let double = Self.fastDouble(p, start, end) ?? Self.slowDouble(p, start, end)
        doubleValue = double
        integerValue = Self.exactInteger(double)
    }

    /// The `Int` of integer-syntax text, or `nil` when it overflows.
    @inlinable
    static func integer(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let negative = p[start] == ASCII.minus
        var i = negative ? start + 1 : start
        // Up to 18 digits cannot overflow; longer ones are checked.
        if end - i <= 18 {
            var magnitude = 0
            while i < end { magnitude = magnitude &* 10 &+ Int(p[i] &- ASCII.zero); i += 1 }
            return negative ? -magnitude : magnitude
        }
        var magnitude: UInt64 = 0
        while i < end {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(p[i] &- ASCII.zero))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            i += 1
        }
        if negative {
            if magnitude == UInt64(Int.max) + 1 { return Int.min }
            return magnitude <= UInt64(Int.max) ? -Int(magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// Exact powers of ten representable in a `Double`.
    @usableFromInline
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Clinger's fast path: when the digits form an integer below 2^53 and the decimal
    /// exponent is within ±22, one IEEE multiplication or division is correctly rounded.
    @inlinable
    static func fastDouble(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        let negative = p[i] == ASCII.minus
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while i < end && JSONScan.isDigit(p[i]) {
            mantissa = mantissa &* 10 &+ UInt64(p[i] &- ASCII.zero)
            if mantissa != 0 { digits += 1 }
            i += 1
        }
        if i < end && p[i] == ASCII.dot {
            i += 1
            while i < end && JSONScan.isDigit(p[i]) {
                mantissa = mantissa &* 10 &+ UInt64(p[i] &- ASCII.zero)
                if mantissa != 0 { digits += 1 }
                exponent -= 1
                i += 1
            }
        }
        if i < end {  // an exponent
            i += 1
            let negativeExponent = p[i] == ASCII.minus
            if p[i] == ASCII.minus || p[i] == ASCII.plus { i += 1 }
            var value = 0
            while i < end {
                value = value &* 10 &+ Int(p[i] &- ASCII.zero)
                if value > 10_000 { return nil }
                i += 1
            }
            exponent += negativeExponent ? -value : value
        }
        guard digits <= 15, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        var result = Double(mantissa)
        if exponent < 0 { result /= powersOfTen[-exponent] } else { result *= powersOfTen[exponent] }
        return negative ? -result : result
    }

    /// The correctly rounded conversion for everything the fast path declines, through
    /// the standard library's locale-independent `strtod`. The grammar is already
    /// validated, so the standard library's extra syntax (`nan`, hex) never reaches it.
    @usableFromInline @inline(never)
    static func slowDouble(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self)
        return Double(text) ?? .nan
    }

    /// `double` as an `Int` when it is integral and in range.
    @inlinable
    static func exactInteger(_ double: Double) -> Int? {
        guard double.isFinite, double.rounded(.towardZero) == double,
            double >= -9.223372036854775808e18, double < 9.223372036854775808e18
        else { return nil }
        return Int(double)
    }
}
