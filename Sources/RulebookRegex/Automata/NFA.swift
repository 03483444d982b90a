/// A Thompson NFA over the classes of an ``Alphabet``, without captures (a whole-text
/// yes/no match needs none).
struct NFA: Sendable {
    /// A state. Only `step` consumes input (one scalar); the others are followed without
    /// consuming.
    enum State: Hashable, Sendable {
        /// Consume one scalar whose class is in `classSets[set]`, then go to `next`.
        case step(set: Int32, next: Int32)
        /// Continue in every listed state.
        case split([Int32])
        /// Continue only at the start of the text.
        case startAnchor(next: Int32)
        /// Continue only at the very end of the text.
        case endAnchor(next: Int32)
        /// The whole text matched (it must also be the end of the text).
        case match
    }

    /// All states; indices are `Int32` to keep the tables small.
    var states: [State]
    /// Where matching begins.
    var start: Int32
    /// The scalar classes of the pattern.
    var alphabet: Alphabet
    /// The class sets that `step` states refer to.
    var classSets: [ClassSet]
}
