// Evaluation of flat programs (see `Compiling/FlatPlan.swift`) over records whose nodes
// are `Value`s: built records (`ValueAccess`) and the `Encodable` path's slots
// (`SlotAccess`). `RecordEvaluator` stays the reference implementation: for every record
// the result is the one it gives (`FlatPlanEquivalenceTests` holds the two to that), and
// every program outside the flat shape runs through it.
//
// Performance bends this: one function per record, and per field one lookup (with the
// root's position hint), one read of the member's payload, its text's bytes read in place
// (not copied: the text checks are release-free, see `checkText`), length and number
// bounds decided in the loop when they can be, then every rule of the field against
// facts computed once (blank, character count, number), with no call per rule and no
// copy of an evaluator. On the profile workload the
// general evaluator spent ≈ 1,000 instructions per field (docs/performance.md).

/// Runs a flat program on one record.
enum FlatEvaluator {
    /// Collecting evaluation: which fields and rules failed.
    static func outcome<Access: RecordAccess>(program: CompiledProgram, access: Access, today: CalendarDate,
                                              reportAllFailures: Bool) -> FlatOutcome where Access.Node == Value {
        run(program: program, access: access, today: today, counting: false, all: reportAllFailures)
    }

    /// Counting evaluation: whether the record passes every rule (stops at the first
    /// failure).
    static func passesAll<Access: RecordAccess>(program: CompiledProgram, access: Access,
                                                today: CalendarDate) -> Bool where Access.Node == Value {
        run(program: program, access: access, today: today, counting: true, all: false).isValid
    }

    /// Collecting evaluation of a built record.
    static func outcome(program: CompiledProgram, record: Value, today: CalendarDate, reportAllFailures: Bool) -> FlatOutcome {
        run(program: program, record: record, today: today, counting: false, all: reportAllFailures)
    }

    /// Counting evaluation of a built record.
    static func passesAll(program: CompiledProgram, record: Value, today: CalendarDate) -> Bool {
        run(program: program, record: record, today: today, counting: true, all: false).isValid
    }

    /// `run(program:access:…)` for a built record, reading each root member's value in
    /// place.
    ///
    /// Performance bends this: the generic lookup returns the member's `Value`, a copy
    /// (a retain and release of a heap string, and an outlined copy and destroy of the
    /// enum per field); here the member is found by position in the root's members and
    /// its value passed straight from the array to the checks.
    @inline(__always)
    private static func run(program: CompiledProgram, record: Value, today: CalendarDate,
                            counting: Bool, all: Bool) -> FlatOutcome {
        guard case .object(let object) = record else {
            return run(program: program, access: ValueAccess(record), today: today, counting: counting, all: all)
        }
        let members = object.members
        var outcome = FlatOutcome()
        var hint = 0
        let count = program.flatFields.count
        guard count > 0, let fields = program.flatFieldTable.baseAddress,
              let keys = program.flatKeyTable.baseAddress else { return outcome }
        // Performance: an empty object is decided apart, so that the field loop's member
        // search need not test for one per field.
        let memberCount = members.count
        guard memberCount > 0 else {
            return run(program: program, access: ValueAccess(record), today: today, counting: counting, all: all)
        }
        var index = 0
        while index < count {
            let field = UnsafePointer(fields + index)
            let failures: UInt64
            let position = Self.position(of: index, keys: keys, bits: field.pointee.keyBits, in: members,
                                         count: memberCount, hint: &hint)
            if position < 0 {
                failures = field.pointee.emptyFailures(all: all)
            } else if field.pointee.isRootKey {
                // Performance: the member's kind is matched here. A text is checked in
                // place (see `checkText(_:_:program:today:all:)` over bytes: with it
                // declared release-free, the text is not copied out of the members
                // array); a number, boolean or null is checked as a new `Value` of its
                // payload, which is trivial, instead of a copy of the member's (an
                // outlined copy and destroy of the enum per field).
                switch members[position].value {
                case .string(let text):
                    failures = checkText(field, text, program: program, today: today, all: all)
                case .integer(let number):
                    failures = check(field, .integer(number), program: program, today: today, all: all)
                case .decimal(let number):
                    failures = check(field, .decimal(number), program: program, today: today, all: all)
                case .bool(let flag):
                    failures = check(field, .bool(flag), program: program, today: today, all: all)
                case .null:
                    failures = field.pointee.emptyFailures(all: all)
                case .array, .object:
                    failures = check(field, members[position].value, program: program, today: today, all: all)
                }
            } else if let value = lookupBelow(field.pointee, members[position].value, program: program) {
                failures = check(field, value, program: program, today: today, all: all)
            } else {
                failures = field.pointee.emptyFailures(all: all)
            }
            if outcome.record(failures, field: index), counting { return outcome }
            index &+= 1
        }
        return outcome
    }

    /// The position of field `field`'s first key (`keys[field]`, its words `bits`) among
    /// the root's members (`count` of them, at least one), starting at `hint` and wrapping
    /// around (as `ValueAccess.member(_:_:hint:)`); -1 when absent.
    @inline(__always)
    private static func position(of field: Int, keys: UnsafePointer<CompiledKey>, bits: SmallKey,
                                 in members: [(key: String, value: Value)], count: Int, hint: inout Int) -> Int {
        var position = hint < count ? hint : 0
        for _ in 0..<count {
            // Performance: a small key is compared by its two words first (`SmallKey`);
            // the key itself is found only when they do not decide (out of line, so that
            // the loop does not compute its address for every field).
            let words = SmallKey.words(of: members[position].key)
            if bits.compare(words) ?? keyMatches(keys, field, members[position].key) {
                hint = position + 1
                return position
            }
            position = position + 1 == count ? 0 : position + 1
        }
        return -1
    }

    /// Whether `candidate` is field `field`'s first key (`keys[field]`).
    @inline(never)
    private static func keyMatches(_ keys: UnsafePointer<CompiledKey>, _ field: Int, _ candidate: String) -> Bool {
        keys[field].matches(candidate)
    }

    /// The value of a nested field (`a.b`) below its root member.
    private static func lookupBelow(_ field: FlatField, _ root: Value, program: CompiledProgram) -> Value? {
        let access = ValueAccess(.null)
        var current = root
        for key in Int(field.keyStart + 1)..<Int(field.keyEnd) {
            guard let next = access.member(current, program.keys[key]) else { return nil }
            current = next
        }
        return current
    }

    @inline(__always)
    private static func run<Access: RecordAccess>(program: CompiledProgram, access: Access, today: CalendarDate,
                                                  counting: Bool, all: Bool) -> FlatOutcome where Access.Node == Value {
        var outcome = FlatOutcome()
        var hint = 0
        let count = program.flatFields.count
        guard count > 0, let fields = program.flatFieldTable.baseAddress else { return outcome }
        var index = 0
        while index < count {
            let field = UnsafePointer(fields + index)
            let failures: UInt64
            if let value = lookup(field.pointee, program: program, access: access, hint: &hint) {
                failures = check(field, value, program: program, today: today, all: all)
            } else {
                failures = field.pointee.emptyFailures(all: all)
            }
            if outcome.record(failures, field: index), counting { return outcome }
            index += 1
        }
        return outcome
    }

    /// The field's value: its first key among the root's members (from the hint), the
    /// others below it; nil when a step is missing or not an object.
    @inline(__always)
    private static func lookup<Access: RecordAccess>(_ field: FlatField, program: CompiledProgram, access: Access,
                                                     hint: inout Int) -> Value? where Access.Node == Value {
        let start = Int(field.keyStart), end = Int(field.keyEnd)
        guard var current = access.member(access.root, program.keys[start], hint: &hint) else { return nil }
        var key = start + 1
        while key < end {
            guard let next = access.member(current, program.keys[key]) else { return nil }
            current = next
            key += 1
        }
        return current
    }

    /// The failing rules (bits) of a present value.
    ///
    /// As `RecordEvaluator.evaluateConcrete`: an empty value (null, blank text, empty
    /// array) fails only the `required` rules; any other value runs every other rule in
    /// order, stopping at the first failure unless `all`.
    @inline(__always)
    private static func check(_ field: UnsafePointer<FlatField>, _ value: Value, program: CompiledProgram,
                              today: CalendarDate, all: Bool) -> UInt64 {
        let empty = field.pointee.emptyFailures(all: all)
        switch value {
        case .null:
            return empty
        case .string(let text):
            return checkText(field, text, program: program, today: today, all: all)
        case .array(let elements) where elements.isEmpty:
            return empty
        case .integer(let number) where field.pointee.passesQuickly(number):
            return 0
        default:
            var failures: UInt64 = 0
            for index in Int(field.pointee.checkStart)..<Int(field.pointee.checkEnd) {
                let check = program.flatChecks[index]
                guard !FlatChecks.passes(check.instruction, value, program: program) else { continue }
                failures |= check.bit
                if !all { break }
            }
            return failures
        }
    }

    /// The failing rules of a text (blank text fails only the `required` rules).
    ///
    /// Performance: the text's bytes are read in place (a small string's are copied to
    /// the stack by the standard library); a field of length bounds is decided on them
    /// here when it can be (``FlatField/passesQuickly(_:)``), else they go to the
    /// out-of-line check below. The closure is that short, so it is inlined, and the text
    /// is passed on borrowed.
    @inline(__always)
    private static func checkText(_ field: UnsafePointer<FlatField>, _ text: String, program: CompiledProgram,
                                  today: CalendarDate, all: Bool) -> UInt64 {
        if let failures = text.utf8.withContiguousStorageIfAvailable({ bytes in
            passesQuickly(field, bytes, program: program) ? 0 : checkText(field, bytes, program: program, today: today,
                                                                          all: all)
        }) {
            return failures
        }
        return checkForeignText(field, text, program: program, today: today, all: all)
    }

    /// Whether a text surely passes every rule of its field, decided in the field loop:
    /// its length bounds on its first bytes (``FlatField/passesQuickly(_:)``), then its
    /// one shape rule if it has one. False when that does not decide.
    @inline(__always)
    static func passesQuickly(_ field: UnsafePointer<FlatField>, _ bytes: UnsafeBufferPointer<UInt8>,
                              program: CompiledProgram) -> Bool {
        field.pointee.passesQuickly(bytes)
            && (field.pointee.quickShape == FlatField.shapeNone || passesShape(field, bytes, program: program))
    }

    /// Whether a text passes its field's one shape rule (``FlatField/quickShape``), run
    /// after the field's length bounds passed in the loop: then every rule passes.
    ///
    /// Performance: an email field's `minLength 5, email` is decided by this short call
    /// instead of the full text checks (their frame, the blank scan, the facts and the
    /// loop over the checks). Out of line and release-free for the same reason as
    /// ``checkText(_:_:program:today:all:)`` over bytes: the shapes read only the bytes
    /// and the program's matchers.
    @inline(never) @_effects(releasenone)
    private static func passesShape(_ field: UnsafePointer<FlatField>, _ bytes: UnsafeBufferPointer<UInt8>,
                                    program: CompiledProgram) -> Bool {
        switch field.pointee.quickShape {
        case FlatField.shapeEmail: return TextFormats.emailShape(bytes)
        case FlatField.shapeURL: return TextFormats.isURL(bytes)
        case FlatField.shapeUUID: return TextFormats.isUUID(bytes)
        case FlatField.shapePattern: return program.matchers[Int(field.pointee.quickPattern)].matches(utf8: bytes)
        default: return true
        }
    }

    /// The value of a text of 1–15 ASCII digits (1–9 where `Int` has 32 bits) without a
    /// leading zero (or `0`), which `NumericText.parse` reads as exactly that number
    /// (fewer than 2^53, and it fits `Int`); nil for any other text, which the full
    /// checks decide.
    @inline(__always)
    static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard count > 0, count <= (Int.bitWidth == 64 ? 15 : 9), let base = bytes.baseAddress,
              base[0] != UInt8(ascii: "0") || count == 1 else { return nil }
        var value = 0
        var index = 0
        while index < count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index &+= 1
        }
        return value
    }

    /// ``checkText(_:_:program:today:all:)`` for a text without contiguous UTF-8 (a
    /// bridged string), on a native copy.
    @inline(never)
    private static func checkForeignText(_ field: UnsafePointer<FlatField>, _ text: String, program: CompiledProgram,
                                         today: CalendarDate, all: Bool) -> UInt64 {
        var copy = text
        return copy.withUTF8 { checkText(field, $0, program: program, today: today, all: all) }
    }

    /// The failing rules of a text's UTF-8 bytes (blank text fails only the `required`
    /// rules).
    ///
    /// Performance bends this: out of line and declared `@_effects(releasenone)`, so that
    /// a caller that reads the text out of the record's members array passes its bytes
    /// without copying the text (a retain of its storage, and an outlined destroy of the
    /// copied `Value` after): the optimiser keeps such a copy across any call that might
    /// release an object, since the release could free the text. The promise holds: the
    /// checks only read the bytes, the program (its tables, matchers and texts, fixed once
    /// compiled) and `today`, and the only objects they release are temporary strings they
    /// make themselves (the Unicode slow paths), never one that existed before the call
    /// (`oneOf` reads `program.oneOfTexts` through a local: a balanced retain and release
    /// of an array the caller's program keeps alive, no net release).
    /// Keep it so: a check added here must not store into, or free, anything it did not
    /// create. (Measured in docs/performance.md, eighth session.)
    @inline(never) @_effects(releasenone)
    private static func checkText(_ field: UnsafePointer<FlatField>, _ bytes: UnsafeBufferPointer<UInt8>,
                                  program: CompiledProgram, today: CalendarDate, all: Bool) -> UInt64 {
        // Performance: a number field's text that spells a plain integer (a form's "27")
        // is decided as that integer (``FlatField/passesQuickly(_:)-(Int)``): its rules
        // read the text's number, the same value, and nothing else (a tenth of the
        // profile workload's ages; docs/performance.md, ninth session).
        if field.pointee.numberQuick, let number = plainInteger(bytes), field.pointee.passesQuickly(number) { return 0 }
        if TextScan.isBlank(bytes) { return field.pointee.emptyFailures(all: all) }
        var facts = TextFacts(bytes: bytes)
        var failures: UInt64 = 0
        for index in Int(field.pointee.checkStart)..<Int(field.pointee.checkEnd) {
            let check = program.flatChecks[index]
            guard !facts.passes(check.instruction, program: program, today: today) else { continue }
            failures |= check.bit
            if !all { break }
        }
        return failures
    }

}
