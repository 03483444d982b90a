/// A CLDR plural category: the form of a word that goes with a number.
///
/// English has `one` and `other`; Polish adds `few` and `many`; Arabic uses all six;
/// Japanese only `other`. Which number falls into which category is decided by the
/// locale's ``PluralRules``.
package enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// Canonical CLDR order (zero, one, two, few, many, other), the order catalogues
    /// and diagnostics list categories in.
    private var rank: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    package static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.rank < rhs.rank }
}
