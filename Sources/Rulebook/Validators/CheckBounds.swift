// The bounds that validators compare a count or a number with, as plain values: a check
// holding one holds no closure, so running it costs no reference counting (a closure
// that captures its bound is a heap context, retained and released per rule run).

/// An inclusive range of counts (characters, array elements).
struct CountBounds: Sendable {
    let low: Int
    let high: Int

    /// At least `low`.
    static func atLeast(_ low: Int) -> CountBounds { CountBounds(low: low, high: .max) }
    /// At most `high`.
    static func atMost(_ high: Int) -> CountBounds { CountBounds(low: .min, high: high) }
    /// Exactly `count`.
    static func exactly(_ count: Int) -> CountBounds { CountBounds(low: count, high: count) }
    /// From `low` to `high`, both included.
    static func between(_ low: Int, _ high: Int) -> CountBounds { CountBounds(low: low, high: high) }

    @inline(__always)
    func contains(_ count: Int) -> Bool { count >= low && count <= high }
}

/// An inclusive range of numbers, either end open (exact for whole numbers, see
/// ``NumberReading/compare(_:)``).
struct NumberBounds: Sendable {
    let low: NumberReading?
    let high: NumberReading?

    /// At least `low`.
    static func atLeast(_ low: NumberReading) -> NumberBounds { NumberBounds(low: low, high: nil) }
    /// At most `high`.
    static func atMost(_ high: NumberReading) -> NumberBounds { NumberBounds(low: nil, high: high) }
    /// From `low` to `high`, both included.
    static func between(_ low: NumberReading, _ high: NumberReading) -> NumberBounds { NumberBounds(low: low, high: high) }

    @inline(__always)
    func contains(_ number: NumberReading) -> Bool {
        if let low, number.compare(low) < 0 { return false }
        if let high, number.compare(high) > 0 { return false }
        return true
    }
}
