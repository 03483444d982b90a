import Rulebook

// What each validator accepts, as docs/language.md states it, on a present, non-empty value.

extension ReferenceInterpreter {
    func passes(_ rule: ModelRule, _ value: Value, _ record: Value) -> Bool {
        switch rule {
        case .required: return true
        case .oneOf(let literals): return literals.contains { ReferenceEquality.equal(value, $0.value) }
        case .string: if case .string = value { return true } else { return false }
        case .object: if case .object = value { return true } else { return false }
        case .array: if case .array = value { return true } else { return false }
        case .boolean: if case .bool = value { return true } else { return false }
        case .accepted:
            switch value {
            case .bool(let flag): return flag
            case .string(let text): return ["yes", "on", "1"].contains { ReferenceEquality.sameKey($0, text) }
            default: return false
            }
        case .integer, .number, .min, .max, .between:
            guard let number = ReferenceNumbers.numeric(value) else { return false }
            return passesNumber(rule, number)
        case .same(let path):
            guard let other = resolve(path, record) else { return false }
            return ReferenceEquality.equal(value, other)
        case .different(let path):
            guard let other = resolve(path, record) else { return true }
            return !ReferenceEquality.equal(value, other)
        case .minItems(let n): if case .array(let elements) = value { return elements.count >= n } else { return false }
        case .maxItems(let n): if case .array(let elements) = value { return elements.count <= n } else { return false }
        case .unique:
            guard case .array(let elements) = value else { return false }
            for later in elements.indices {
                for earlier in 0..<later where ReferenceEquality.equal(elements[earlier], elements[later]) { return false }
            }
            return true
        case .date, .before, .after, .minAge, .maxAge:
            guard case .string(let text) = value, let date = ReferenceDate(text) else { return false }
            return passesDate(rule, date, record)
        default:
            guard case .string(let text) = value else { return false }
            return passesText(rule, text)
        }
    }

    func passesNumber(_ rule: ModelRule, _ number: ReferenceNumber) -> Bool {
        func bound(_ text: String) -> ReferenceNumber { ReferenceNumbers.readJSONNumber(text)! }
        func atLeast(_ text: String) -> Bool { (ReferenceNumbers.compare(number, bound(text)) ?? -1) >= 0 }
        func atMost(_ text: String) -> Bool { (ReferenceNumbers.compare(number, bound(text)) ?? 1) <= 0 }
        switch rule {
        case .integer: return ReferenceNumbers.isWhole(number)
        case .number: return true
        case .min(let min): return atLeast(min)
        case .max(let max): return atMost(max)
        case .between(let min, let max): return atLeast(min) && atMost(max)
        default: return false
        }
    }

    func passesText(_ rule: ModelRule, _ text: String) -> Bool {
        let characters = Array(text)
        switch rule {
        case .minLength(let n): return characters.count >= n
        case .maxLength(let n): return characters.count <= n
        case .length(let n): return characters.count == n
        case .lengthBetween(let a, let b): return characters.count >= a && characters.count <= b
        case .pattern(let pattern): return pattern.matches(text)
        case .email: return ReferenceFormats.isEmail(text)
        case .url: return ReferenceFormats.isURL(text)
        case .uuid: return ReferenceFormats.isUUID(text)
        case .digits: return text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        case .digitsCount(let n):
            return text.unicodeScalars.count == n && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        case .alpha: return characters.allSatisfy(Self.isLetter)
        case .alphanumeric: return characters.allSatisfy { Self.isLetter($0) || Self.isDigit($0) }
        case .noDigits: return !characters.contains(where: Self.isDigit)
        case .noSpecialChars: return characters.allSatisfy { Self.isLetter($0) || Self.isDigit($0) || Self.isSpace($0) }
        case .containsDigit: return characters.contains(where: Self.isDigit)
        case .containsLetter: return characters.contains(where: Self.isLetter)
        case .containsUppercase: return characters.contains(where: \.isUppercase)
        case .containsLowercase: return characters.contains(where: \.isLowercase)
        case .containsSymbol:
            return characters.contains { !Self.isLetter($0) && !Self.isDigit($0) && !Self.isWhitespace($0) }
        default: return false
        }
    }

    // A character's class is that of its first scalar (so `é` is a letter however written).
    static func isLetter(_ character: Character) -> Bool { character.unicodeScalars.first!.properties.isAlphabetic }
    static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.first!.properties.generalCategory == .decimalNumber
    }
    static func isSpace(_ character: Character) -> Bool {
        character.unicodeScalars.first!.properties.generalCategory == .spaceSeparator
    }
    static func isWhitespace(_ character: Character) -> Bool { character.unicodeScalars.first!.properties.isWhitespace }

    func passesDate(_ rule: ModelRule, _ date: ReferenceDate, _ record: Value) -> Bool {
        switch rule {
        case .date: return true
        case .before(let bound):
            guard let limit = limit(bound, record) else { return false }
            return ReferenceDate.isBefore(date, limit)
        case .after(let bound):
            guard let limit = limit(bound, record) else { return false }
            return ReferenceDate.isBefore(limit, date)
        case .minAge(let age): return date.day.fullYears(until: today) >= age
        case .maxAge(let age): return date.day.fullYears(until: today) <= age
        default: return false
        }
    }

    /// A bound's date; nil when a field bound is absent or not a date.
    func limit(_ bound: ModelBound, _ record: Value) -> ReferenceDate? {
        switch bound {
        case .day(let text): return ReferenceDate(text)
        case .today: return ReferenceDate(day: today, instant: nil)
        case .field(let path):
            guard case .string(let text)? = resolve(path, record) else { return nil }
            return ReferenceDate(text)
        }
    }
}
