// One lookup's scan over candidates, shared by `Suggestions.closest(to:budget:)` and
// `PathSuggestions.closest(to:budget:)`: the bounds a candidate must pass, cheapest first,
// and the choice among those within the threshold.

extension Suggestions {
    /// A name being looked up, and the best candidate found so far.
    package struct Scan {
        /// The name as written (a candidate spelt exactly so is not suggested).
        let name: String
        /// Its lowercased scalars, against which candidates are measured.
        package let target: [UInt32]
        /// The most edits a suggestion may be away (``Suggestions/threshold(forTargetLength:)``).
        package let threshold: Int
        /// Whether ties go to the smaller spelling rather than the earlier candidate.
        private let tieBreakByName: Bool
        package private(set) var best: (spelling: String, distance: Int, exactDistance: Int)?
        /// The case-sensitive scalars, made when a first candidate is within the threshold.
        private var targetExact: [UInt32]?

        /// `target` is `name`'s lowercased scalars (see ``chargedTarget(_:candidates:budget:)``).
        package init(name: String, target: [UInt32], tieBreakByName: Bool) {
            self.name = name
            self.target = target
            self.threshold = Suggestions.threshold(forTargetLength: target.count)
            self.tieBreakByName = tieBreakByName
        }

        /// Considers a candidate that passed the cheap bounds: its lowercased scalars
        /// (`candidate`, with `target` the name's as a buffer), and its spelling.
        @inline(__always)
        package mutating func consider(
            _ candidate: UnsafeBufferPointer<UInt32>, target: UnsafeBufferPointer<UInt32>,
            spelling: () -> String
        ) {
            let distance = candidate.elementsEqual(target) ? 0 : Suggestions.editDistance(target, candidate, limit: threshold)
            guard distance <= threshold else { return }
            offer(spelling(), distance: distance)
        }

        /// Keeps `spelling` if it is closer than the best so far (the name itself excluded).
        private mutating func offer(_ spelling: String, distance: Int) {
            guard spelling != name else { return }
            let exact = targetExact ?? Suggestions.scalars(name)
            targetExact = exact
            let exactDistance = Suggestions.editDistance(exact, Suggestions.scalars(spelling), limit: Int.max)
            if let current = best {
                let order = (current.distance, current.exactDistance)
                if order < (distance, exactDistance) { return }
                if order == (distance, exactDistance), !tieBreakByName || current.spelling < spelling { return }
            }
            best = (spelling, distance, exactDistance)
        }
    }
}
