/// The one deterministic generator of the `RulebookTests` target (SplitMix64), so
/// randomized tests replay exactly from their seeds.
///
/// The regex and language-server test targets keep their own copies: sharing across
/// test targets would need a separate test-support target.
struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state; `init(seed:)` sets it to the seed.
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An element of `values` (not empty), chosen by `next() % count`.
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
}
