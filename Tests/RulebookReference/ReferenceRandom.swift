import SeededRandom

/// The generator's source of choices: the project's `SeededGenerator`, with the few
/// helpers the case generator uses.
public struct ReferenceRandom {
    var generator: SeededGenerator

    /// A source whose choices are fixed by `seed`.
    public init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { generator.next(below: bound) }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { generator.pick(values) }

    /// True with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// 64 fresh bits (a seed for a sub-generator).
    public mutating func next() -> UInt64 { generator.next() }

    /// `values` in a random order.
    public mutating func shuffled<T>(_ values: [T]) -> [T] {
        var result = values
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, below(index + 1))
            index -= 1
        }
        return result
    }
}
