/// The project's one deterministic random number generator (SplitMix64), shared by the
/// randomized tests of every test target and by the benchmark's workload generator.
///
/// Not `SystemRandomNumberGenerator`: a failing randomized test must replay exactly from
/// its seed, and the benchmark must write the same bytes on every machine. SplitMix64 is
/// tiny, fast and gives the same sequence on every platform. Not part of any product.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), as `next() % bound`: the slight bias is
    /// irrelevant to tests and keeps existing seeds' sequences unchanged.
    @inlinable
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// An element of `values` (not empty), chosen by `next() % count`.
    @inlinable
    public mutating func pick<T>(_ values: [T]) -> T { values[next(below: values.count)] }
}
