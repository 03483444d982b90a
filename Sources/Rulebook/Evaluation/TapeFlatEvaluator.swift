// Counting evaluation of flat programs (see `Compiling/FlatPlan.swift`) over a JSON tape:
// `JSONRecordValidator.isValid`, which `rulebook validate --quiet` runs per record.
// `RecordEvaluator` over `TapeAccess` stays the reference: for every record the answer is
// the one it gives (`TapeFlatEquivalenceTests` holds the two to that), and every program
// outside the flat shape, and every report, still runs through it.
//
// Performance bends this: on the address workload `RecordEvaluator` spent ≈ 5,000 of the
// ≈ 7,100 instructions per record of `validate --quiet` (≈ 700 per field: several calls
// per rule, the text's bytes read once per rule, a `Character` count per length rule).
// Here, per field, the member comes from the root slots, its text is read once in place,
// its length bounds and one shape rule are decided in the loop when they can be
// (`FlatField.passesQuickly`), and the other rules run against facts computed once
// (`TextFacts`), as `FlatEvaluator` does for `Value` records (docs/performance.md,
// ninth session).

/// Runs a flat program on one record of a parsed tape, counting only.
enum TapeFlatEvaluator {
    /// Whether the record passes every rule of `program`, which must be flat
    /// (``CompiledProgram/isFlat``); stops at the first failing field.
    ///
    /// `access` must have its root slots filled (``TapeAccess/fillRootSlots(_:keys:lengths:view:root:)``).
    static func passesAll(program: CompiledProgram, access: TapeAccess, today: CalendarDate) -> Bool {
        let count = program.flatFields.count
        guard count > 0, let fields = program.flatFieldTable.baseAddress,
              let keys = program.flatKeyTable.baseAddress else { return true }
        var index = 0
        while index < count {
            let field = UnsafePointer(fields + index)
            if let node = lookup(field, UnsafePointer(keys + index), program: program, access: access) {
                if fails(field, node, program: program, access: access, today: today) { return false }
            } else if field.pointee.requiredRules != 0 {
                return false
            }
            index &+= 1
        }
        return true
    }

    /// The field's node: its first key from the root slots (or a search of the root when
    /// the key has no slot), the others below it; nil when a step is missing or not an
    /// object.
    @inline(__always)
    private static func lookup(_ field: UnsafePointer<FlatField>, _ key: UnsafePointer<CompiledKey>,
                               program: CompiledProgram, access: TapeAccess) -> JSONTape.Node? {
        var current: JSONTape.Node
        let slot = key.pointee.rootSlot
        if slot >= 0, let rootSlots = access.rootSlots {
            let found = rootSlots[slot]
            guard found >= 0 else { return nil }
            current = JSONTape.Node(found)
        } else {
            guard let found = access.view.member(of: access.root, key: key.pointee.bytes) else { return nil }
            current = found
        }
        var next = Int(field.pointee.keyStart) &+ 1
        let end = Int(field.pointee.keyEnd)
        while next < end {
            guard let found = access.view.member(of: current, key: program.keys[next].bytes) else { return nil }
            current = found
            next &+= 1
        }
        return current
    }

    /// Whether a present value fails one of its field's rules.
    ///
    /// As `RecordEvaluator.evaluateConcrete`: an empty value (null, blank text, empty
    /// array) fails only when the field is `required`; any other value runs every other
    /// rule in order. A text is read in place (decoded first when it has escapes, as
    /// ``TapeAccess/withUTF8(_:_:)`` does for the reference); any other value is checked
    /// as the `Value` the JSON reader would build for it, as ``FlatChecks`` expects.
    @inline(__always)
    private static func fails(_ field: UnsafePointer<FlatField>, _ node: JSONTape.Node, program: CompiledProgram,
                              access: TapeAccess, today: CalendarDate) -> Bool {
        let view = access.view
        switch view.kind(of: node) {
        case .null:
            return field.pointee.requiredRules != 0
        case .string:
            // Performance: the bytes are read here rather than in a closure given to
            // `TapeAccess.withUTF8`, whose context retained and released the program once
            // per field (≈ 40 instructions); only a text with escapes goes through it.
            guard !view.hasEscapes(node) else { return escapedTextFails(field, node, program: program, access: access, today: today) }
            let raw = view.rawUTF8(of: node)
            let bytes = UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
            return !FlatEvaluator.passesQuickly(field, bytes, program: program)
                && textFails(field, bytes, program: program, today: today)
        case .number:
            guard let number = view.number(of: node) else { return true }
            let value = number.value
            if case .integer(let integer) = value, field.pointee.passesQuickly(integer) { return false }
            return otherFails(field, value, program: program)
        case .bool:
            return otherFails(field, .bool(view.bool(of: node) ?? false), program: program)
        case .array where view.count(of: node) == 0:
            return field.pointee.requiredRules != 0
        case .array, .object:
            return otherFails(field, view.value(of: node), program: program)
        }
    }

    /// ``fails(_:_:program:access:today:)`` for a text with escapes: decoded first.
    @inline(never)
    private static func escapedTextFails(_ field: UnsafePointer<FlatField>, _ node: JSONTape.Node, program: CompiledProgram,
                                         access: TapeAccess, today: CalendarDate) -> Bool {
        access.withUTF8(node) { bytes in
            !FlatEvaluator.passesQuickly(field, bytes, program: program) && textFails(field, bytes, program: program, today: today)
        }
    }

    /// Whether a text fails one of its field's rules (blank text fails only `required`).
    /// Out of line: the loop's set-up stays out of the field loop (the text of most
    /// fields is decided by ``FlatEvaluator/passesQuickly(_:_:program:)`` before it).
    @inline(never)
    private static func textFails(_ field: UnsafePointer<FlatField>, _ bytes: UnsafeBufferPointer<UInt8>,
                                  program: CompiledProgram, today: CalendarDate) -> Bool {
        if TextScan.isBlank(bytes) { return field.pointee.requiredRules != 0 }
        var facts = TextFacts(bytes: bytes)
        var date = TodayBound.unread
        for index in Int(field.pointee.checkStart)..<Int(field.pointee.checkEnd) {
            if facts.fails(program.flatChecks[index].instruction, program: program, today: today, date: &date) { return true }
        }
        return false
    }

    /// Whether a present, non-empty value other than text fails one of its field's rules.
    @inline(never)
    private static func otherFails(_ field: UnsafePointer<FlatField>, _ value: Value, program: CompiledProgram) -> Bool {
        for index in Int(field.pointee.checkStart)..<Int(field.pointee.checkEnd)
        where !FlatChecks.passes(program.flatChecks[index].instruction, value, program: program) {
            return true
        }
        return false
    }
}

/// `date`, `before today` and `after today` on a plain `YYYY-MM-DD` text, decided on its
/// digits.
///
/// Performance: the general path reads the text as a `DateReading` (the calendar date
/// turned into a day number) and turns today into a day number too, per rule: ≈ 250
/// instructions of the ≈ 3,400 per address record (`birthday: date, before today`). A
/// ten-byte text is a `DateReading` exactly when it is `YYYY-MM-DD` naming a real calendar
/// date (`DateReading.parse`); two real dates compare as their days do exactly when their
/// (year, month, day) compare so, and a date text has no instant, so `DateReading.isBefore`
/// compares the days (`ValidatorPredicates.passesDate`). Any other text (a date-time, or
/// not ten bytes) is left to the general path.
enum TodayBound {
    /// `today` as one comparable number (year, month and day in decimal places; a date's
    /// year is within `CalendarDate.years`, so this cannot overflow).
    static func key(_ today: CalendarDate) -> Int { today.year * 10_000 + today.month * 100 + today.day }

    /// Whether ``passes(_:_:today:date:)`` may decide `instruction`. Inlined, so that the
    /// caller's loop keeps `TextFacts.passes` inline (with the whole decision inlined
    /// there it was outlined: +300 instructions per payment record).
    @inline(__always)
    static func applies(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .date, .before(.today), .after(.today): true
        default: false
        }
    }

    /// `date`'s key before the text has been read (see ``passes(_:_:today:date:)``).
    static let unread = Int.min
    /// The key of a text that is not ten bytes long: the general path decides.
    private static let notTenBytes = -1
    /// The key of a ten-byte text that is not a real `YYYY-MM-DD` date.
    private static let notADate = -2

    /// Whether the text passes `instruction` when it is `date`, `before today` or `after
    /// today` and the text is exactly ten bytes; nil otherwise (the general path decides).
    /// `date` is the text read as a key (``unread`` until the first call for this text:
    /// `date, before today` on one field reads it once).
    @inline(never)
    static func passes(_ instruction: Instruction, _ bytes: UnsafeBufferPointer<UInt8>, today: CalendarDate,
                       date: inout Int) -> Bool? {
        if date == unread { date = read(bytes) }
        guard date != notTenBytes else { return nil }
        guard date != notADate else { return false }  // not a date: fails
        switch instruction {
        case .date: return true
        case .before(.today): return date < key(today)
        case .after(.today): return date > key(today)
        default: return nil
        }
    }

    /// A ten-byte text's date as a key, or ``notTenBytes`` / ``notADate``.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count == 10 else { return notTenBytes }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let year = digits(bytes, 0, 4),
              let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              CalendarDate(year: year, month: month, day: day) != nil else { return notADate }
        return year * 10_000 + month * 100 + day
    }

    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        var index = start
        while index < start + count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return value
    }
}

extension TextFacts {
    /// Whether the text these are the facts of fails `instruction`: `date`,
    /// `before today` and `after today` on a `YYYY-MM-DD` text decided on its digits
    /// (``TodayBound``; `date` is its key, read once per text), every other rule by the
    /// facts. The one rule loop body of both counting evaluators (`TapeFlatEvaluator`,
    /// `TapeCountingEvaluator`); inlined into each.
    @inline(__always)
    mutating func fails(_ instruction: Instruction, program: CompiledProgram, today: CalendarDate, date: inout Int) -> Bool {
        if TodayBound.applies(instruction), let passes = TodayBound.passes(instruction, bytes, today: today, date: &date) {
            return !passes
        }
        return !passes(instruction, program: program, today: today)
    }
}
