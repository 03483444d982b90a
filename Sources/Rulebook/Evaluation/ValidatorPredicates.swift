// What each validator means (SPEC §3) on a value already read: a number, a text's
// bytes, a date, a boolean, an array's elements. Written once here and called by both
// evaluators — `RecordEvaluator.passes` (over any `RecordAccess`) and the flat plan's
// `TextFacts`/`FlatChecks` — which differ only in how they read a value (and in what they
// keep between a field's rules), never in what a validator accepts.
//
// Performance: every predicate is `@inline(__always)`. Measured on the built-`Value` goal
// row (callgrind, docs/performance.md, "Built `Value` report and validators round"): 2,520
// instructions per record before, 2,522 after; the tape row 4,698 → 4,693.
// (`FlatPlanEquivalenceTests` and `ValidatorPredicateTests` hold the evaluators to the
// same answers.)

/// The validators' predicates on values already read.
enum ValidatorPredicates {
    /// The number validators — `integer`, `number`, `min`, `max`, `between` — on a
    /// number, or on nil (not a number, or text that does not read as one): nil fails
    /// them all. Any other instruction: false (the caller routes only these here).
    ///
    /// (Performance: on a hot path that has already switched on the instruction, call
    /// the one predicate below directly: through this second switch the flat plan's
    /// inlined number checks cost 28 instructions more per profile record, measured as in
    /// docs/performance.md, "Built `Value` report and validators round". Out-of-line
    /// paths, such as the flat plan's `passesOther`, call this.)
    @inline(__always)
    static func passesNumber(_ instruction: Instruction, _ number: Double?) -> Bool {
        switch instruction {
        case .integer: isInteger(number)
        case .number: number != nil
        case .min(let min): isAtLeast(number, min)
        case .max(let max): isAtMost(number, max)
        case .between(let min, let max): isBetween(number, min, max)
        default: false
        }
    }

    /// `integer`: a finite whole number (`2.0` is one; a JSON number's notation is not
    /// the point).
    @inline(__always)
    static func isInteger(_ number: Double?) -> Bool {
        guard let number else { return false }
        return number.isFinite && number.rounded(.towardZero) == number
    }

    /// `min`: at least `min`.
    @inline(__always)
    static func isAtLeast(_ number: Double?, _ min: Double) -> Bool { number.map { $0 >= min } ?? false }

    /// `max`: at most `max`.
    @inline(__always)
    static func isAtMost(_ number: Double?, _ max: Double) -> Bool { number.map { $0 <= max } ?? false }

    /// `between`: from `min` to `max`, both included.
    @inline(__always)
    static func isBetween(_ number: Double?, _ min: Double, _ max: Double) -> Bool {
        number.map { $0 >= min && $0 <= max } ?? false
    }

    /// The character-class validators, as one test of a text's characters: nil for any
    /// other instruction.
    @inline(__always)
    static func characterTest(_ instruction: Instruction) -> CharacterTest? {
        switch instruction {
        case .alpha: CharacterTest(traits: .letter, every: true, negated: false)
        case .alphanumeric: CharacterTest(traits: [.letter, .digit], every: true, negated: false)
        case .noSpecialChars: CharacterTest(traits: [.letter, .digit, .space], every: true, negated: false)
        case .noDigits: CharacterTest(traits: .digit, every: false, negated: true)
        case .containsDigit: CharacterTest(traits: .digit, every: false, negated: false)
        case .containsLetter: CharacterTest(traits: .letter, every: false, negated: false)
        case .containsUppercase: CharacterTest(traits: .uppercase, every: false, negated: false)
        case .containsLowercase: CharacterTest(traits: .lowercase, every: false, negated: false)
        // A symbol: some character that is not a letter, digit or white space.
        case .containsSymbol: CharacterTest(traits: [.letter, .digit, .whitespace], every: true, negated: true)
        default: nil
        }
    }

    /// One character-class validator: whether every (or some) character has one of
    /// `traits`, possibly negated.
    struct CharacterTest {
        let traits: TextTraits
        let every: Bool
        let negated: Bool

        /// The validator's answer, given whether every (``every``) or some character of
        /// the text has one of ``traits``.
        @inline(__always)
        func verdict(_ found: Bool) -> Bool { found != negated }
    }

    /// `accepted` on text: exactly "yes", "on" or "1" (how forms post a ticked checkbox;
    /// SPEC §3). On a boolean it is the boolean itself; nothing else is accepted.
    @inline(__always)
    static func isAccepted(text bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.elementsEqual("yes".utf8) || bytes.elementsEqual("on".utf8) || bytes.elementsEqual("1".utf8)
    }

    /// The date validators — `date`, `before`, `after`, `minAge`, `maxAge` — on a date (or
    /// date-time) read from text. `fieldDate` reads the date of another field for a
    /// `before`/`after` bound that names one (nil: absent or not a date, and nothing is
    /// before or after an unknown date). Any other instruction: false.
    @inline(__always)
    static func passesDate(_ instruction: Instruction, _ value: DateReading, today: CalendarDate,
                           fieldDate: (Int) -> DateReading?) -> Bool {
        switch instruction {
        case .date: return true
        case .before(let bound):
            guard let limit = limit(bound, today: today, fieldDate: fieldDate) else { return false }
            return DateReading.isBefore(value, limit)
        case .after(let bound):
            guard let limit = limit(bound, today: today, fieldDate: fieldDate) else { return false }
            return DateReading.isBefore(limit, value)
        case .minAge(let age): return fullYears(value, today: today) >= age
        case .maxAge(let age): return fullYears(value, today: today) <= age
        default: return false
        }
    }

    /// The date a `before`/`after` bound sets.
    @inline(__always)
    private static func limit(_ bound: DateBound, today: CalendarDate, fieldDate: (Int) -> DateReading?) -> DateReading? {
        switch bound {
        case .day(let day): DateReading(day: day, instant: nil)
        case .today: DateReading(day: today.daysSinceEpoch, instant: nil)
        case .field(let reference): fieldDate(reference)
        }
    }

    /// Full years from a birth date (a date-time's own calendar date) to today.
    @inline(__always)
    private static func fullYears(_ value: DateReading, today: CalendarDate) -> Int {
        CalendarDate(daysSinceEpoch: value.day).fullYears(until: today)
    }

    /// `unique`: whether no two elements are equal (JSON equality). `forEach` calls its
    /// argument with each element in order until it returns false.
    @inline(__always)
    static func hasNoDuplicates(count: Int, _ forEach: ((Value) -> Bool) -> Void) -> Bool {
        var seen = Set<Value>(minimumCapacity: count)
        var unique = true
        forEach { element in
            unique = seen.insert(element).inserted
            return unique
        }
        return unique
    }
}
