// The validators (SPEC §3), written once over `RecordAccess`. Every one is called only
// with a present, non-empty value; a value of the wrong kind makes it return false (a
// violation of that validator), never crash and never pass.

extension RecordEvaluator {
    /// Whether `node` passes `instruction`.
    ///
    /// Performance bends the closures below: each captures a local copy of what it needs
    /// (`program`, `access`), never `self`. A non-escaping closure captures a `let` value
    /// by copy, and one closure capturing `self` made every call copy the whole evaluator
    /// (a `memcpy` per rule in the profile, ≈ 9% of counting on the tape).
    func passes(_ instruction: Instruction, _ node: Node, bindings: Bindings<Node>) -> Bool {
        switch instruction {
        case .required: return !isEmpty(node)
        case .minLength(let min): return characterCount(node).map { $0 >= min } ?? false
        case .maxLength(let max): return characterCount(node).map { $0 <= max } ?? false
        case .lengthRange(let min, let max): return characterCount(node).map { $0 >= min && $0 <= max } ?? false
        case .pattern(let pattern):
            let program = program
            return text(node) { program.matchers[pattern].matches(utf8: $0) }
        case .email: return text(node) { TextFormats.isEmail($0) }
        case .url: return text(node) { TextFormats.isURL($0) }
        case .uuid: return text(node) { TextFormats.isUUID($0) }
        case .digits(let count): return text(node) { TextFormats.isDigits($0, count: count) }
        case .alpha: return every(node, .letter)
        case .alphanumeric: return every(node, [.letter, .digit])
        case .noSpecialChars: return every(node, [.letter, .digit, .space])
        case .noDigits: return isText(node) && !some(node, .digit)
        case .containsDigit: return some(node, .digit)
        case .containsLetter: return some(node, .letter)
        case .containsUppercase: return some(node, .uppercase)
        case .containsLowercase: return some(node, .lowercase)
        case .containsSymbol: return isText(node) && !every(node, [.letter, .digit, .whitespace])
        case .oneOf(let set): return isOneOf(node, set)
        case .isString: return access.kind(node) == .string
        case .isObject: return access.kind(node) == .object
        case .isArray: return access.kind(node) == .array
        case .integer: return numericValue(node).map { $0.isFinite && $0.rounded(.towardZero) == $0 } ?? false
        case .number: return numericValue(node) != nil
        case .min(let min): return numericValue(node).map { $0 >= min } ?? false
        case .max(let max): return numericValue(node).map { $0 <= max } ?? false
        case .between(let min, let max): return numericValue(node).map { $0 >= min && $0 <= max } ?? false
        case .boolean: return access.kind(node) == .bool
        case .accepted: return isAccepted(node)
        case .date: return dateReading(node) != nil
        case .before(let bound): return compare(node, bound, bindings: bindings) { DateReading.isBefore($0, $1) }
        case .after(let bound): return compare(node, bound, bindings: bindings) { DateReading.isBefore($1, $0) }
        case .minAge(let age): return fullYears(node).map { $0 >= age } ?? false
        case .maxAge(let age): return fullYears(node).map { $0 <= age } ?? false
        case .same(let other):
            let access = access
            return resolveReference(other, bindings: bindings).map { access.equal(node, $0) } ?? false
        case .different(let other):
            let access = access
            return resolveReference(other, bindings: bindings).map { !access.equal(node, $0) } ?? true
        case .minItems(let min): return access.kind(node) == .array && access.elementCount(node) >= min
        case .maxItems(let max): return access.kind(node) == .array && access.elementCount(node) <= max
        case .unique: return access.kind(node) == .array && hasNoDuplicates(node)
        case .malformed: return false
        }
    }

    @inline(__always)
    private func isText(_ node: Node) -> Bool { access.kind(node) == .string }

    /// `oneOf`: text against the set's text values' bytes (JSON equality of texts is byte
    /// equality), anything else against the values themselves.
    private func isOneOf(_ node: Node, _ set: Int) -> Bool {
        let access = access  // captured below instead of `self` (see `passes`)
        guard isText(node) else { return program.oneOfSets[set].values.contains { access.equals(node, $0) } }
        let range = program.oneOfTextRanges[set]
        let texts = program.oneOfTexts
        return access.withUTF8(node) { text in
            for index in range where UTF8Bytes.equal(text, texts[index]) { return true }
            return false
        }
    }

    /// Runs a byte-level check on text; false for anything else.
    @inline(__always)
    private func text(_ node: Node, _ check: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        isText(node) && access.withUTF8(node, check)
    }

    /// The number of `Character`s of text; nil for anything else. ASCII and Latin text is
    /// counted on its bytes; only other text is segmented into graphemes.
    func characterCount(_ node: Node) -> Int? {
        guard isText(node) else { return nil }
        if let count = access.withUTF8(node, { TextScan.simpleCharacterCount($0) }) { return count }
        return access.string(node).count
    }

    /// Whether text consists only of characters with one of `traits`.
    private func every(_ node: Node, _ traits: TextTraits) -> Bool {
        guard isText(node) else { return false }
        if let result = access.withUTF8(node, { TextScan.isASCII($0) ? TextScan.all(traits, ascii: $0) : nil }) {
            return result
        }
        return TextScan.all(traits, in: access.string(node))
    }

    /// Whether text has some character with one of `traits`.
    private func some(_ node: Node, _ traits: TextTraits) -> Bool {
        guard isText(node) else { return false }
        if let result = access.withUTF8(node, { TextScan.isASCII($0) ? TextScan.any(traits, ascii: $0) : nil }) {
            return result
        }
        return TextScan.any(traits, in: access.string(node))
    }

    /// A number, or text that reads as a JSON number; nil for anything else (booleans
    /// are never numbers).
    @inline(__always)
    func numericValue(_ node: Node) -> Double? {
        switch access.kind(node) {
        case .number: access.number(node)
        case .string: access.withUTF8(node) { NumericText.parse($0) }
        default: nil
        }
    }

    /// `true`, the number 1, or the text "yes", "on", "true" or "1" (exactly, lower case).
    /// SPEC §3: exactly `true`, `"yes"`, `"on"` or `"1"` (how forms post a ticked
    /// checkbox); the number 1 and the text `"true"` are not in the contract's list.
    private func isAccepted(_ node: Node) -> Bool {
        switch access.kind(node) {
        case .bool: access.bool(node)
        case .string:
            access.withUTF8(node) { bytes in
                bytes.elementsEqual("yes".utf8) || bytes.elementsEqual("on".utf8) || bytes.elementsEqual("1".utf8)
            }
        default: false
        }
    }

    /// The date or date-time a text node holds.
    func dateReading(_ node: Node) -> DateReading? {
        guard isText(node) else { return nil }
        return access.withUTF8(node) { DateReading.parse($0) }
    }

    /// Compares the node's date with a bound; false when either side is not a date (an
    /// absent or malformed other field included: nothing is before an unknown date).
    private func compare(_ node: Node, _ bound: DateBound, bindings: Bindings<Node>,
                         _ order: (DateReading, DateReading) -> Bool) -> Bool {
        guard let value = dateReading(node) else { return false }
        let limit: DateReading? = switch bound {
        case .day(let day): DateReading(day: day, instant: nil)
        case .today: DateReading(day: today.daysSinceEpoch, instant: nil)
        case .field(let path): resolveReference(path, bindings: bindings).flatMap(dateReading)
        }
        guard let limit else { return false }
        return order(value, limit)
    }

    /// Full years from a birth date (a date-time's own calendar date) to today.
    private func fullYears(_ node: Node) -> Int? {
        dateReading(node).map { CalendarDate(daysSinceEpoch: $0.day).fullYears(until: today) }
    }

    /// Whether no two elements are equal (JSON equality).
    private func hasNoDuplicates(_ node: Node) -> Bool {
        var seen = Set<Value>(minimumCapacity: access.elementCount(node))
        var unique = true
        access.forEachElement(node) { _, element in
            unique = seen.insert(access.value(element)).inserted
            return unique
        }
        return unique
    }
}
