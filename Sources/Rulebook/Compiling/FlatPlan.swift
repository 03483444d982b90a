// The flat plan: a second, compact layout of a *simple* program, evaluated by
// `FlatEvaluator` in one function per record (see `Evaluation/FlatEvaluator.swift`).
//
// Performance bends this: the general evaluator (`RecordEvaluator`) walks fields, runs,
// groups and rules through several calls per rule, copies itself before each validator
// call and reads a text's bytes once per rule; on the profile workload that was ≈ 1,000
// instructions per field. Most rule sets are simple — every field a plain key path, every
// statement unconditional, no rule that reads another field — and for those each field
// is one lookup and one pass over its (non-`required`) rules against facts read once. A
// program outside that shape has no flat plan and evaluates as before.

/// One field of a flat program.
struct FlatField: Sendable {
    /// `program.keys[keyStart..<keyEnd]`: the path, from the root (no `[*]`).
    let keyStart: Int32
    let keyEnd: Int32
    /// `program.flatChecks[checkStart..<checkEnd]`: the field's rules other than
    /// `required`, in rule order.
    let checkStart: Int32
    let checkEnd: Int32
    /// The bits (`1 << rule`) of the field's `required` rules: what an empty value fails
    /// with `reportAllFailures` (SPEC §3: an empty value meets only `required`).
    let requiredRules: UInt64
    /// The lowest of them (or 0): what an empty value fails otherwise.
    let firstRequiredRule: UInt64
    /// The bits of all the field's rules (a contiguous run: the order of the bits is
    /// rule order).
    let rules: UInt64
    /// For a field whose rules other than `required` are all length bounds on text
    /// (`minLength`, `maxLength`, `lengthRange`, or none) but for at most one shape rule
    /// (``quickShape``): bit 7 of each of the first `max(1, largest minimum)` bytes (at
    /// most eight); 0 for every other field. See ``passesQuickly(_:)``.
    let quickMask: UInt64
    /// The number of those bytes (0 when `quickMask` is 0).
    let quickPrefix: Int32
    /// The smallest maximum of those bounds (`Int.max` when none has one).
    let quickMaximum: Int
    /// The field's one shape rule besides its length bounds, decided in the loop after
    /// them: ``FlatField/shapeNone`` (none), `shapeEmail`, `shapeURL`, `shapeUUID` or
    /// `shapePattern` (the pattern ``quickPattern``).
    let quickShape: UInt8
    /// Whether the path is one key (`keyEnd == keyStart + 1`): a member of the root.
    /// (Declared here, beside `quickShape`, so that it fills padding: ``FlatField`` stays
    /// 112 bytes; `FlatLoopShapeTests.testFlatFieldLayout`.)
    let isRootKey: Bool
    /// The shape's pattern (an index into ``CompiledProgram/matchers``), or 0.
    let quickPattern: Int32

    static let shapeNone: UInt8 = 0
    static let shapeEmail: UInt8 = 1
    static let shapeURL: UInt8 = 2
    static let shapeUUID: UInt8 = 3
    static let shapePattern: UInt8 = 4
    /// Whether the field's rules other than `required` are all number rules (`integer`,
    /// `number`, `min`, `max`, `between`, or none): then an integer passes them all when
    /// it lies in `numberLow...numberHigh`. See ``passesQuickly(_:)-(Int)``.
    let numberQuick: Bool
    /// The largest lower bound of those rules (-infinity when none has one).
    let numberLow: Double
    /// The smallest upper bound of those rules (+infinity when none has one).
    let numberHigh: Double
    /// The bits of the field's first key when it is a small ASCII string (see
    /// ``SmallKey``), for ``SmallKey/compare(_:_:)``; (0, 0) otherwise.
    let keyBits: SmallKey

    /// The failing rules of a missing or empty value (null, blank text, empty array): the
    /// `required` rules, all of them or the first.
    @inline(__always)
    func emptyFailures(all: Bool) -> UInt64 { all ? requiredRules : firstRequiredRule }

    /// Whether a text surely passes this field's length bounds (and `required`), decided
    /// on its first bytes and its length (false when that does not decide, or for a field
    /// with other rules than these and one shape rule: the full checks then run). A field
    /// with a shape rule (``quickShape``) passes only if that passes too: see
    /// `FlatEvaluator.passesQuickly(_:_:program:)`, the one caller. Sound because the first `quickPrefix` bytes
    /// printable ASCII (0x21–0x7E: no white space, no CR) make the text not blank and at
    /// least `quickPrefix` characters long (as `TextFacts.hasAtLeast`), as do its last
    /// `quickPrefix` bytes, tested for a text of eight bytes or more when the first are
    /// not (its first character, and one from each of those bytes after the first), and because a
    /// `Character` is at least one byte (at most `quickMaximum` bytes: at most that many
    /// characters).
    ///
    /// Performance: a name's or an address line's `minLength 2` is decided here, in the
    /// field loop, without the call into the text checks (≈ 75 instructions per field on
    /// the profile workload; docs/performance.md, eighth session).
    @inline(__always)
    func passesQuickly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard quickMask != 0, count >= Int(quickPrefix), count <= quickMaximum,
              let base = bytes.baseAddress else { return false }
        if count >= 8 {
            let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            return FlatField.notPrintable(word) & quickMask == 0
                || FlatField.endPassesQuickly(base, count: count, mask: quickMask)
        }
        var index = 0
        while index < Int(quickPrefix) {
            let byte = base[index]
            if byte < 0x21 || byte > 0x7E { return false }
            index += 1
        }
        return true
    }

    /// ``passesQuickly(_:)``'s second chance for a text of eight bytes or more whose first
    /// `quickPrefix` bytes are not all printable ASCII: whether its *last* `quickPrefix`
    /// bytes are (`mask`, the field's ``quickMask``, moved to the top bytes of its last
    /// word). That too makes the text not blank and at least `quickPrefix` characters
    /// long: its first character, and one more from each of those bytes after the first
    /// (UAX #29 breaks between two printable ASCII characters whatever comes before them).
    ///
    /// Performance: an address whose first bytes are not ASCII (`josé.…@…`, a quarter of
    /// the profile workload's) was sent to the full text checks. Out of line, so that the
    /// inlined first test stays as small as it was (inlined, the second load and test
    /// made the text checks' caller too large to inline, and the text was copied again:
    /// docs/performance.md, ninth session), and static, given the mask (a method's
    /// `self`, read through the loop's field pointer, was copied to the stack, 112 bytes,
    /// for every text field).
    @inline(never) @_effects(releasenone)
    static func endPassesQuickly(_ base: UnsafePointer<UInt8>, count: Int, mask: UInt64) -> Bool {
        let last = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        return notPrintable(last) & mask.byteSwapped == 0
    }

    /// Whether an integer surely passes every rule of this field (false for a field with
    /// rules other than number rules: the full checks then run). Exact: an integer is a
    /// finite whole number (`integer`, `number`), and it meets each bound exactly when it
    /// lies between the largest lower and the smallest upper one, compared as the checks
    /// compare it (as a `Double`).
    ///
    /// Performance: an age's `integer, between 13 124` is decided here, without the loop
    /// over the field's checks (with `isEmail`'s wrapping arithmetic, 1,583 → 1,530
    /// instructions per profile record: docs/performance.md, `apiflat9`).
    @inline(__always)
    func passesQuickly(_ number: Int) -> Bool {
        let value = Double(number)
        return numberQuick && value >= numberLow && value <= numberHigh
    }

    /// The number test's bounds (``numberQuick``, ``numberLow``, ``numberHigh``) for a
    /// field whose non-`required` rules are `instructions`; none when one is not a
    /// number rule or a bound is not a number.
    static func numberBounds(_ instructions: [Instruction]) -> (quick: Bool, low: Double, high: Double) {
        var low = -Double.infinity
        var high = Double.infinity
        for instruction in instructions {
            switch instruction {
            case .integer, .number: continue
            case .min(let min) where !min.isNaN: low = Swift.max(low, min)
            case .max(let max) where !max.isNaN: high = Swift.min(high, max)
            case .between(let min, let max) where !min.isNaN && !max.isNaN:
                low = Swift.max(low, min)
                high = Swift.min(high, max)
            default: return (false, 0, 0)
            }
        }
        return (true, low, high)
    }

    /// Bit 7 of each byte of `word` that is not printable ASCII (0x21–0x7E), exact per
    /// byte (no carry: at most 0x7F + 0x5F).
    @inline(__always)
    static func notPrintable(_ word: UInt64) -> UInt64 {
        let seven = word & 0x7F7F_7F7F_7F7F_7F7F
        let printable = seven &+ 0x5F5F_5F5F_5F5F_5F5F
        let delete = seven &+ 0x0101_0101_0101_0101
        return (~printable | delete | word) & 0x8080_8080_8080_8080
    }

    /// The quick test's bounds (``quickMask``, ``quickPrefix``, ``quickMaximum``) for a
    /// field whose non-`required` rules are `instructions`; no quick test when one is not
    /// a length bound or a minimum exceeds eight.
    static func quickBounds(_ instructions: [Instruction])
        -> (mask: UInt64, prefix: Int32, maximum: Int, shape: UInt8, pattern: Int32) {
        let none: (mask: UInt64, prefix: Int32, maximum: Int, shape: UInt8, pattern: Int32) = (0, 0, 0, shapeNone, 0)
        var minimum = 1
        var maximum = Int.max
        var shape = shapeNone
        var pattern: Int32 = 0
        for instruction in instructions {
            switch instruction {
            case .minLength(let min): minimum = Swift.max(minimum, min)
            case .maxLength(let max): maximum = Swift.min(maximum, max)
            case .lengthRange(let min, let max):
                minimum = Swift.max(minimum, min)
                maximum = Swift.min(maximum, max)
            case .email, .url, .uuid, .pattern:
                // One shape rule at most.
                guard shape == shapeNone else { return none }
                switch instruction {
                case .email: shape = shapeEmail
                case .url: shape = shapeURL
                case .uuid: shape = shapeUUID
                case .pattern(let index):
                    guard let narrow = Int32(exactly: index) else { return none }
                    shape = shapePattern
                    pattern = narrow
                default: return none
                }
            default: return none
            }
        }
        guard minimum <= 8, maximum >= minimum else { return none }
        let mask: UInt64 = minimum == 8 ? 0x8080_8080_8080_8080 : 0x8080_8080_8080_8080 & ((1 << UInt64(minimum * 8)) - 1)
        return (mask, Int32(minimum), maximum, shape, pattern)
    }
}

/// One non-`required` rule of a flat field.
struct FlatCheck: Sendable {
    let instruction: Instruction
    /// `1 << rule` (the rule's index in ``CompiledProgram/rules``).
    let bit: UInt64
}

/// Builds the flat layout of a program, or nothing when the program is outside the flat
/// shape.
enum FlatPlanBuilder {
    /// At most this many fields and rules: a record's outcome is then two 64-bit masks.
    static let maximumCount = 64

    /// The flat fields and checks, or nil when some field has a `[*]` or no statement,
    /// some statement a condition, some rule reads another field (`same`, `different`,
    /// `before`/`after` a field), or there are more than 64 fields or rules.
    static func build(fields: [FieldPlan], runs: [KeyRun], groups: [GroupPlan], rules: [RulePlan],
                      keys: [CompiledKey]) -> (fields: [FlatField], checks: [FlatCheck])? {
        guard fields.count <= maximumCount, rules.count <= maximumCount else { return nil }
        var flatFields: [FlatField] = []
        var checks: [FlatCheck] = []
        flatFields.reserveCapacity(fields.count)
        for field in fields {
            guard field.runEnd - field.runStart == 1, field.groupEnd > field.groupStart else { return nil }
            let run = runs[field.runStart]
            guard run.keyEnd > run.keyStart else { return nil }
            // The statements' rules must be one contiguous range (the compiler appends a
            // field's statements together), in rule order.
            var nextRule = groups[field.groupStart].ruleStart
            for group in groups[field.groupStart..<field.groupEnd] {
                guard group.condition < 0, group.ruleStart == nextRule else { return nil }
                nextRule = group.ruleEnd
            }
            let checkStart = checks.count
            var instructions: [Instruction] = []
            var required: UInt64 = 0
            var all: UInt64 = 0
            for rule in groups[field.groupStart].ruleStart..<nextRule {
                let bit: UInt64 = 1 << UInt64(rule)
                all |= bit
                if rules[rule].isRequired {
                    required |= bit
                    continue
                }
                guard isFlat(rules[rule].instruction) else { return nil }
                checks.append(FlatCheck(instruction: rules[rule].instruction, bit: bit))
                instructions.append(rules[rule].instruction)
            }
            let quick = FlatField.quickBounds(instructions)
            let number = FlatField.numberBounds(instructions)
            flatFields.append(FlatField(keyStart: Int32(run.keyStart), keyEnd: Int32(run.keyEnd),
                                        checkStart: Int32(checkStart), checkEnd: Int32(checks.count),
                                        requiredRules: required, firstRequiredRule: required & (~required &+ 1), rules: all,
                                        quickMask: quick.mask, quickPrefix: quick.prefix, quickMaximum: quick.maximum,
                                        quickShape: quick.shape, isRootKey: run.keyEnd == run.keyStart + 1,
                                        quickPattern: quick.pattern,
                                        numberQuick: number.quick, numberLow: number.low, numberHigh: number.high,
                                        keyBits: SmallKey(keys[run.keyStart])))
        }
        return (flatFields, checks)
    }

    /// Whether `FlatEvaluator` runs the instruction: everything but the rules that read
    /// another field of the record.
    static func isFlat(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .same, .different, .before(.field), .after(.field): false
        default: true
        }
    }
}

/// A key that is a small ASCII string, as the two words of its `String` (0 and 0 for any
/// other key): what a record's member key is compared with first in the flat loop.
///
/// Performance bends this: comparing a member's key with a field's by `String` equality
/// read the key's five words and the member's length first (≈ 30 instructions per probe;
/// comparing words first saved ≈ 96 per profile record); the two words of a small string are its bytes, its length
/// and its flags, so equal small strings have equal words, and a small string whose words
/// differ from a small key's is another text. A member key that is not a small string
/// (a long key, or a bridged one) is compared as before. The layout is the standard
/// library's (`_StringObject` on 64-bit platforms, which its inlinable code fixes); it is
/// checked once (``layoutHolds``), and without it every key compares as before.
struct SmallKey: Sendable, Equatable {
    let low: UInt64
    let high: UInt64

    /// The high word's bit that marks a small string.
    static let smallFlag: UInt64 = 0x2000_0000_0000_0000

    /// Whether this platform lays small strings out as the comparison assumes: "ab" is
    /// its two bytes, then its count in the discriminator of an ASCII small string.
    static let layoutHolds: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        let words = Self.words(of: "ab")
        let empty = Self.words(of: "")
        return words.0 == 0x6261 && words.1 == 0xE200_0000_0000_0000 && empty.0 == 0 && empty.1 == 0xE000_0000_0000_0000
    }()

    /// The two words of `string` on a 64-bit platform; (0, 0), which decides nothing, on
    /// others (where a `String` is not two words and the bit cast would trap).
    @inline(__always)
    static func words(of string: String) -> (UInt64, UInt64) {
        #if _pointerBitWidth(_64)
        unsafeBitCast(string, to: (UInt64, UInt64).self)
        #else
        (0, 0)
        #endif
    }

    /// The key's words when it is a small ASCII string, else (0, 0).
    init(_ key: CompiledKey) {
        let words = Self.words(of: key.string)
        if Self.layoutHolds, key.isASCII, key.bytes.count <= 15, words.1 & Self.smallFlag != 0 {
            (low, high) = words
        } else {
            (low, high) = (0, 0)
        }
    }

    /// Whether `candidate` is the key (true), another text (false), or unknown from the
    /// words alone (nil: this key is not small, or the candidate is not a small string).
    @inline(__always)
    func compare(_ candidate: (UInt64, UInt64)) -> Bool? {
        if candidate.0 == low && candidate.1 == high { return high != 0 ? true : nil }
        return high != 0 && candidate.1 & Self.smallFlag != 0 ? false : nil
    }
}
