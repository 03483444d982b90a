// The validators of flat evaluation: the same answers as `RecordEvaluator.passes`
// (SPEC §3), split by the value's kind so that a text's facts are read once per field.
// Every one is called only with a present, non-empty value. What each validator accepts
// is written once, in `ValidatorPredicates`; here is only how a flat field's value is
// read for it.

/// The facts of one non-blank text that several rules read, each computed when first
/// needed and then kept for the field's other rules.
struct TextFacts {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The `Character` count; -1 until computed.
    private var characters = -1
    /// Whether the text is ASCII: -1 until computed, then 0 or 1.
    private var ascii: Int8 = -1
    /// The text as a JSON number (`numberRead` says whether it was read).
    private var number: Double?
    private var numberRead = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The number of `Character`s (as `RecordEvaluator.characterCount`; other than ASCII
    /// and Latin text is counted as a `String` made of the same bytes, out of line).
    @inline(__always)
    private mutating func characterCount() -> Int {
        if characters < 0 { characters = TextScan.simpleCharacterCount(bytes) ?? Self.stringCount(bytes) }
        return characters
    }

    @inline(never)
    private static func stringCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        String(decoding: bytes, as: UTF8.self).count
    }

    /// The text itself, for the Unicode slow paths (the bytes are its valid UTF-8).
    private var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the text has at least `minimum` characters, decided on the bytes when they
    /// suffice. Sound because a `Character` is at least one byte (fewer bytes than
    /// `minimum`: too short), and because `minimum` leading ASCII bytes without a CR are
    /// at least `minimum` characters (UAX #29 breaks between any two ASCII characters but
    /// CR LF; a combining mark after the last only joins that one).
    ///
    /// Performance: a name's or an address's `minLength 2` is then decided on its first
    /// bytes, without counting the whole text.
    @inline(__always)
    private mutating func hasAtLeast(_ minimum: Int) -> Bool {
        if characters >= 0 { return characters >= minimum }
        if minimum <= 0 { return true }
        if bytes.count < minimum { return false }
        if minimum <= 8, bytes.count >= 8, let base = bytes.baseAddress {
            // The first eight bytes at once: the leading run ends at the first non-ASCII
            // byte or CR (eight when there is none).
            let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            let stops = word & SWAR.high | SWAR.equalMask(word, 0x0D)
            if stops.trailingZeroBitCount / 8 >= minimum { return true }
        } else if minimum <= 16 {
            var index = 0
            while index < minimum, bytes[index] < 0x80, bytes[index] != 0x0D { index += 1 }
            if index == minimum { return true }
        }
        return characterCount() >= minimum
    }

    /// Whether the text has at most `maximum` characters: true without counting when its
    /// bytes are that few.
    @inline(__always)
    private mutating func hasAtMost(_ maximum: Int) -> Bool {
        if characters >= 0 { return characters <= maximum }
        if bytes.count <= maximum { return true }
        return characterCount() <= maximum
    }

    @inline(__always)
    private mutating func isASCII() -> Bool {
        if ascii < 0 { ascii = TextScan.isASCII(bytes) ? 1 : 0 }
        return ascii == 1
    }

    /// The text read as a JSON number, or nil.
    @inline(__always)
    private mutating func numericValue() -> Double? {
        if !numberRead {
            number = NumericText.parse(bytes)
            numberRead = true
        }
        return number
    }

    /// Whether every character has one of `traits`.
    private mutating func every(_ traits: TextTraits) -> Bool {
        isASCII() ? TextScan.all(traits, ascii: bytes) : TextScan.all(traits, in: text)
    }

    /// Whether some character has one of `traits`.
    private mutating func some(_ traits: TextTraits) -> Bool {
        isASCII() ? TextScan.any(traits, ascii: bytes) : TextScan.any(traits, in: text)
    }

    /// Whether the text passes `instruction` (never `required`'s rule: see `FlatField`).
    ///
    /// Performance: the common validators here, inlined into the field's loop; the others
    /// out of line (``passesOther(_:program:today:)``), so that the loop keeps few values
    /// live across its cases (with every case inline, the loop's set-up spilled dozens of
    /// registers per text field).
    @inline(__always)
    mutating func passes(_ instruction: Instruction, program: CompiledProgram, today: CalendarDate) -> Bool {
        switch instruction {
        case .minLength(let min): return hasAtLeast(min)
        case .maxLength(let max): return hasAtMost(max)
        case .lengthRange(let min, let max): return hasAtLeast(min) && hasAtMost(max)
        case .pattern(let pattern): return program.matchers[pattern].matches(utf8: bytes)
        case .email: return TextFormats.isEmail(bytes)
        case .integer: return ValidatorPredicates.isInteger(numericValue())
        case .between(let min, let max): return ValidatorPredicates.isBetween(numericValue(), min, max)
        default: return passesOther(instruction, program: program, today: today)
        }
    }

    /// ``passes(_:program:today:)`` for the other validators.
    @inline(never)
    private mutating func passesOther(_ instruction: Instruction, program: CompiledProgram, today: CalendarDate) -> Bool {
        switch instruction {
        case .required: return true
        case .minLength(let min): return characterCount() >= min
        case .maxLength(let max): return characterCount() <= max
        case .lengthRange(let min, let max):
            let count = characterCount()
            return count >= min && count <= max
        case .pattern(let pattern): return program.matchers[pattern].matches(utf8: bytes)
        case .email: return TextFormats.isEmail(bytes)
        case .url: return TextFormats.isURL(bytes)
        case .uuid: return TextFormats.isUUID(bytes)
        case .digits(let count): return TextFormats.isDigits(bytes, count: count)
        case .alpha, .alphanumeric, .noSpecialChars, .noDigits, .containsDigit, .containsLetter, .containsUppercase,
             .containsLowercase, .containsSymbol:
            guard let test = ValidatorPredicates.characterTest(instruction) else { return false }
            return test.verdict(test.every ? every(test.traits) : some(test.traits))
        case .oneOf(let set):
            let texts = program.oneOfTexts
            for index in program.oneOfTextRanges[set] where UTF8Bytes.equal(bytes, texts[index]) { return true }
            return false
        case .isString: return true
        case .isObject, .isArray, .boolean, .minItems, .maxItems, .unique, .malformed: return false
        case .integer, .number, .min, .max, .between: return ValidatorPredicates.passesNumber(instruction, numericValue())
        case .accepted: return ValidatorPredicates.isAccepted(text: bytes)
        case .date, .before, .after, .minAge, .maxAge: return Self.passesDate(instruction, bytes, today: today)
        // Not in flat programs (they read another field: see `FlatPlanBuilder.isFlat`).
        case .same, .different: return false
        }
    }

    /// The date validators.
    ///
    /// Performance: out of line, so that the optimiser does not hoist reading today's
    /// day number (a calendar computation) into every field's text checks.
    @inline(never)
    private static func passesDate(_ instruction: Instruction, _ bytes: UnsafeBufferPointer<UInt8>,
                                   today: CalendarDate) -> Bool {
        guard let value = DateReading.parse(bytes) else { return false }
        // A field bound is not flat (`FlatPlanBuilder.isFlat`): no other field is read.
        return ValidatorPredicates.passesDate(instruction, value, today: today) { _ in nil }
    }
}

/// The validators on a present, non-empty value that is not text.
enum FlatChecks {
    /// Whether `value` (not a string) passes `instruction`: text validators fail, as
    /// `RecordEvaluator.passes` does on any other kind.
    static func passes(_ instruction: Instruction, _ value: Value, program: CompiledProgram) -> Bool {
        switch instruction {
        case .required: return true
        case .oneOf(let set): return program.oneOfSets[set].values.contains { value == $0 }
        case .isObject: if case .object = value { return true } else { return false }
        case .isArray: if case .array = value { return true } else { return false }
        case .integer: return ValidatorPredicates.isInteger(number(value))
        case .number: return number(value) != nil
        case .min(let min): return ValidatorPredicates.isAtLeast(number(value), min)
        case .max(let max): return ValidatorPredicates.isAtMost(number(value), max)
        case .between(let min, let max): return ValidatorPredicates.isBetween(number(value), min, max)
        case .boolean: if case .bool = value { return true } else { return false }
        case .accepted: if case .bool(let flag) = value { return flag } else { return false }
        case .minItems(let min): if case .array(let elements) = value { return elements.count >= min } else { return false }
        case .maxItems(let max): if case .array(let elements) = value { return elements.count <= max } else { return false }
        case .unique:
            guard case .array(let elements) = value else { return false }
            return ValidatorPredicates.hasNoDuplicates(count: elements.count) { visit in
                for element in elements where !visit(element) { return }
            }
        case .minLength, .maxLength, .lengthRange, .pattern, .email, .url, .uuid, .digits, .alpha, .alphanumeric,
             .noSpecialChars, .noDigits, .containsDigit, .containsLetter, .containsUppercase, .containsLowercase,
             .containsSymbol, .isString, .date, .before, .after, .minAge, .maxAge, .same, .different, .malformed:
            return false
        }
    }

    /// A number's value; nil for anything else (booleans are never numbers).
    @inline(__always)
    private static func number(_ value: Value) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .decimal(let number): number
        default: nil
        }
    }
}
