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
        case .alpha, .alphanumeric, .noSpecialChars, .noDigits, .containsDigit, .containsLetter, .containsUppercase,
             .containsLowercase, .containsSymbol:
            guard isText(node), let test = ValidatorPredicates.characterTest(instruction) else { return false }
            return test.verdict(test.every ? every(node, test.traits) : some(node, test.traits))
        case .oneOf(let set): return isOneOf(node, set)
        case .isString: return access.kind(node) == .string
        case .isObject: return access.kind(node) == .object
        case .isArray: return access.kind(node) == .array
        case .integer, .number, .min, .max, .between: return ValidatorPredicates.passesNumber(instruction, numericValue(node))
        case .boolean: return access.kind(node) == .bool
        case .accepted: return isAccepted(node)
        case .date, .before, .after, .minAge, .maxAge: return passesDate(instruction, node, bindings: bindings)
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
        case .string: access.withUTF8(node) { ValidatorPredicates.isAccepted(text: $0) }
        default: false
        }
    }

    /// The date or date-time a text node holds.
    func dateReading(_ node: Node) -> DateReading? {
        guard isText(node) else { return nil }
        return access.withUTF8(node) { DateReading.parse($0) }
    }

    /// The date validators: false when the node is not a date (nor, for a bound naming
    /// another field, when that field is absent or not a date: nothing is before an
    /// unknown date).
    private func passesDate(_ instruction: Instruction, _ node: Node, bindings: Bindings<Node>) -> Bool {
        guard let value = dateReading(node) else { return false }
        return ValidatorPredicates.passesDate(instruction, value, today: today) { reference in
            resolveReference(reference, bindings: bindings).flatMap(dateReading)
        }
    }

    /// Whether no two elements are equal (JSON equality).
    private func hasNoDuplicates(_ node: Node) -> Bool {
        let access = access  // captured below instead of `self` (see `passes`)
        return ValidatorPredicates.hasNoDuplicates(count: access.elementCount(node)) { visit in
            access.forEachElement(node) { _, element in visit(access.value(element)) }
        }
    }
}
