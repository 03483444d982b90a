import RulebookRegex

// The built-in validators, each defined once: its name, argument forms (what the checker
// accepts), documentation (docs/language.md, hover and completion read it; a test keeps
// the doc in step), default message key and English message, and its implementation
// (what a rule compiles to, see `Check`).

extension ValidatorDefinition {
    private static func define(
        _ name: String, _ forms: [ValidatorForm], summary: String, details: String = "", example: String,
        compile: @escaping @Sendable (CheckArguments) -> Check?
    ) -> ValidatorDefinition {
        ValidatorDefinition(
            name: name, forms: forms, summary: summary, details: details, example: example,
            implementation: .check(compile))
    }

    /// A validator without arguments whose check is always `check`.
    private static func simple(
        _ name: String, message: String, summary: String, details: String = "", example: String,
        check: Check
    ) -> ValidatorDefinition {
        define(
            name, [ValidatorForm([], messageKey: name, message: message)], summary: summary, details: details,
            example: example
        ) { $0.isEmpty ? check : nil }
    }

    private static let textOnly = "Accepts text only: a number, boolean, array or object is a violation."
    private static let numeric =
        "Accepts JSON numbers and text that reads as a JSON number (`\"27\"`, `\"-1.5e3\"`); booleans are never numbers."

    static let builtins: [ValidatorDefinition] = [
        simple(
            "required", message: "{field} is required.",
            summary: "The value is not empty: not absent, not `null`, not text that is empty or only white space, not an empty array.",
            details: "Without `required`, an empty field skips its other validators.",
            example: "firstName: required",
            check: .required),
        define(
            "minLength",
            [
                ValidatorForm(
                    [.init("min", .count)], messageKey: "minLength",
                    message: "{field} must be at least {min, plural, one {# character} other {# characters}} long.")
            ],
            summary: "The text has at least `min` characters (user-perceived characters: an emoji with a skin tone is one).",
            details: textOnly, example: "firstName: minLength 2"
        ) { arguments in arguments.count(0).map { .characters(.atLeast($0)) } },
        define(
            "maxLength",
            [
                ValidatorForm(
                    [.init("max", .count)], messageKey: "maxLength",
                    message: "{field} must be at most {max, plural, one {# character} other {# characters}} long.")
            ],
            summary: "The text has at most `max` characters.", details: textOnly, example: "nickname: maxLength 20"
        ) { arguments in arguments.count(0).map { .characters(.atMost($0)) } },
        define(
            "length",
            [
                ValidatorForm(
                    [.init("length", .count)], messageKey: "length",
                    message: "{field} must be exactly {length, plural, one {# character} other {# characters}} long."),
                ValidatorForm(
                    [.init("min", .count), .init("max", .count)], messageKey: "lengthBetween",
                    message: "{field} must be between {min} and {max, plural, one {# character} other {# characters}} long."),
            ], summary: "The text has exactly `length` characters, or between `min` and `max`.", details: textOnly,
            example: "state: length 2\ncvc: length 3 4"
        ) { arguments in
            guard let low = arguments.count(0) else { return nil }
            guard arguments.values.count == 2 else { return arguments.values.count == 1 ? .characters(.exactly(low)) : nil }
            return arguments.count(1).map { .characters(.between(low, $0)) }
        },
        define(
            "pattern", [ValidatorForm([.init("pattern", .regex)], messageKey: "pattern", message: "{field} has an invalid format.")],
            summary: "The whole text matches the regular expression (a trailing newline included).",
            details: textOnly + " Patterns run in linear time; backreferences and lookaround are rejected. Flag `i` ignores case.",
            example: "postcode: pattern /^[0-9]{5}$/"
        ) { arguments in
            guard arguments.values.count == 1, case .regex(let written, _) = arguments.values[0] else { return nil }
            let pattern = arguments.copiesPatterns ? written.independentCopy() : written
            let matcher = pattern.matcher
            // The matcher reads the pattern's tables, which the closure keeps alive.
            return .text { bytes in withExtendedLifetime(pattern) { matcher.matches(utf8: bytes) } }
        },
        simple(
            "email", message: "{field} must be a valid email address.",
            summary: "The text has the shape local@domain.tld: one `@`, no white space, a dot in the domain.",
            details: textOnly, example: "email: required, email",
            check: .textFunction { TextFormats.isEmail(UnsafeBufferPointer(start: $0, count: $1)) }),
        simple(
            "url", message: "{field} must be a valid web address starting with http:// or https://.",
            summary: "The text is an absolute `http` or `https` URL with a host.", details: textOnly, example: "homepage: url",
            check: .textFunction { TextFormats.isURL(UnsafeBufferPointer(start: $0, count: $1)) }),
        simple(
            "uuid", message: "{field} must be a valid UUID.",
            summary: "The text is a canonical UUID (8-4-4-4-12 hexadecimal digits).", details: textOnly, example: "id: uuid",
            check: .textFunction { TextFormats.isUUID(UnsafeBufferPointer(start: $0, count: $1)) }),
        simple(
            "alpha", message: "{field} may contain only letters.",
            summary: "The text contains only letters, of any script.", details: textOnly, example: "city: alpha",
            check: everyCharacter(.letter)),
        simple(
            "alphanumeric", message: "{field} may contain only letters and digits.",
            summary: "The text contains only letters and digits, of any script.", details: textOnly, example: "username: alphanumeric",
            check: everyCharacter([.letter, .digit])),
        define(
            "digits",
            [
                ValidatorForm([], messageKey: "digits", message: "{field} may contain only digits."),
                ValidatorForm(
                    [.init("count", .count)], messageKey: "digitsCount",
                    message: "{field} must be exactly {count, plural, one {# digit} other {# digits}}."),
            ], summary: "The text contains only ASCII digits `0`–`9` (exactly `count` of them when given).",
            details: textOnly, example: "zip: digits 5"
        ) { arguments in
            if arguments.isEmpty { return .textFunction { TextFormats.isDigits(UnsafeBufferPointer(start: $0, count: $1), count: nil) } }
            return arguments.count(0).map { count in .text { TextFormats.isDigits($0, count: count) } }
        },
        simple(
            "noDigits", message: "{field} must not contain digits.",
            summary: "The text contains no digit (of any script).", details: textOnly, example: "firstName: noDigits",
            check: noCharacter(.digit)),
        simple(
            "noSpecialChars", message: "{field} may contain only letters, digits and spaces.",
            summary: "The text contains only letters, digits and spaces.", details: textOnly, example: "lastName: noSpecialChars",
            check: everyCharacter([.letter, .digit, .space])),
        simple(
            "containsDigit", message: "{field} must contain at least one digit.",
            summary: "The text contains at least one digit.", details: textOnly, example: "password: containsDigit",
            check: someCharacter(.digit)),
        simple(
            "containsLetter", message: "{field} must contain at least one letter.",
            summary: "The text contains at least one letter.", details: textOnly, example: "password: containsLetter",
            check: someCharacter(.letter)),
        simple(
            "containsUppercase", message: "{field} must contain at least one uppercase letter.",
            summary: "The text contains at least one uppercase letter.", details: textOnly, example: "password: containsUppercase",
            check: someCharacter(.uppercase)),
        simple(
            "containsLowercase", message: "{field} must contain at least one lowercase letter.",
            summary: "The text contains at least one lowercase letter.", details: textOnly, example: "password: containsLowercase",
            check: someCharacter(.lowercase)),
        simple(
            "containsSymbol", message: "{field} must contain at least one symbol.",
            summary: "The text contains at least one character that is not a letter, a digit or white space.",
            details: textOnly, example: "password: containsSymbol",
            check: noCharacter(.letter, .digit, .whitespace, negatedEvery: true)),
        define(
            "oneOf",
            [
                ValidatorForm(
                    [], variadic: .init("values", .literal), messageKey: "oneOf",
                    message: "{field} must be one of: {values}.")
            ],
            summary: "The value equals one of the listed values (JSON equality: `2` equals `2.0`, text compares exactly).",
            example: "country: oneOf \"GB\" \"FR\" \"DE\""
        ) { arguments in
            guard let values = arguments.literals() else { return nil }
            // Text compares byte for byte (JSON equality of texts), without a `Value` per candidate.
            let texts: [[UInt8]] = values.compactMap { if case .string(let text) = $0 { Array(text.utf8) } else { nil } }
            return .scalar(text: { bytes in texts.contains { $0.elementsEqual(bytes) } }, other: { values.contains($0) })
        },
        simple(
            "string", message: "{field} must be text.", summary: "The value is text.", example: "note: string",
            check: .kind(.string)),
        simple(
            "object", message: "{field} must be an object.", summary: "The value is a JSON object.", example: "address: required, object",
            check: .kind(.object)),
        simple(
            "array", message: "{field} must be a list.", summary: "The value is a JSON array.", example: "items: required, array",
            check: .kind(.array)),
        simple(
            "integer", message: "{field} must be a whole number.",
            summary: "The value is a whole number: a JSON number without a fractional part, or text that reads as one.",
            details: numeric, example: "age: integer",
            check: .numberFunction { double, _, _ in double.isFinite && double.rounded(.towardZero) == double }),
        simple(
            "number", message: "{field} must be a number.",
            summary: "The value is a JSON number, or text that reads as one.", details: numeric, example: "price: number",
            check: .numberFunction { _, _, _ in true }),
        define(
            "min", [ValidatorForm([.init("min", .number)], messageKey: "min", message: "{field} must be at least {min}.")],
            summary: "The numeric value is at least `min`.", details: numeric, example: "quantity: min 1"
        ) { arguments in arguments.number(0).map { .numberWithin(.atLeast($0)) } },
        define(
            "max", [ValidatorForm([.init("max", .number)], messageKey: "max", message: "{field} must be at most {max}.")],
            summary: "The numeric value is at most `max`.", details: numeric, example: "quantity: max 99"
        ) { arguments in arguments.number(0).map { .numberWithin(.atMost($0)) } },
        define(
            "between",
            [
                ValidatorForm(
                    [.init("min", .number), .init("max", .number)], messageKey: "between",
                    message: "{field} must be between {min} and {max}.")
            ],
            summary: "The numeric value is at least `min` and at most `max`.", details: numeric, example: "age: between 13 124"
        ) { arguments in
            guard let min = arguments.number(0), let max = arguments.number(1) else { return nil }
            return .numberWithin(.between(min, max))
        },
        simple(
            "boolean", message: "{field} must be true or false.",
            summary: "The value is `true` or `false`.", example: "newsletter: boolean",
            check: .kind(.bool)),
        simple(
            "accepted", message: "{field} must be accepted.",
            summary: "The value is `true`, or the text `\"yes\"`, `\"on\"` or `\"1\"` (a checkbox as forms post it).",
            example: "terms: required, accepted",
            check: .scalar(text: { isAcceptedText($0) }, other: { $0 == .bool(true) })),
        simple(
            "date", message: "{field} must be a valid date.",
            summary: "The text is an ISO 8601 date (`2026-01-31`) or date-time (`2026-01-31T12:00:00Z`) that exists in the calendar.",
            details: textOnly, example: "birthday: date",
            check: .date { _, _ in true }),
        define(
            "before", [ValidatorForm([.init("date", .dateBound)], messageKey: "before", message: "{field} must be before {date}.")],
            summary: "The date is strictly before the given date, `today`, or another field's date.",
            details: "`today` comes from the evaluation context (`--today` on the command line).",
            example: "birthday: date, before today"
        ) { arguments in dateBound(arguments) { value, limit in DateReading.isBefore(value, limit) } },
        define(
            "after", [ValidatorForm([.init("date", .dateBound)], messageKey: "after", message: "{field} must be after {date}.")],
            summary: "The date is strictly after the given date, `today`, or another field's date.",
            example: "endDate: date, after startDate"
        ) { arguments in dateBound(arguments) { value, limit in DateReading.isBefore(limit, value) } },
        define(
            "minAge",
            [
                ValidatorForm(
                    [.init("age", .count)], messageKey: "minAge",
                    message: "{field} must be a date at least {age, plural, one {# year} other {# years}} ago.")
            ],
            summary: "The birth date is at least `age` full years before today.", example: "birthday: minAge 18"
        ) { arguments in arguments.count(0).map { age in .date { value, today in fullYears(value, today) >= age } } },
        define(
            "maxAge",
            [
                ValidatorForm(
                    [.init("age", .count)], messageKey: "maxAge",
                    message: "{field} must be a date at most {age, plural, one {# year} other {# years}} ago.")
            ],
            summary: "The birth date is at most `age` full years before today.", example: "birthday: maxAge 124"
        ) { arguments in arguments.count(0).map { age in .date { value, today in fullYears(value, today) <= age } } },
        define(
            "same", [ValidatorForm([.init("other", .field)], messageKey: "same", message: "{field} must match {other}.")],
            summary: "The value equals the other field's value (JSON equality).", example: "passwordConfirmation: same password"
        ) { arguments in arguments.field(0).map { .field($0) { equal in equal == true } } },
        define(
            "different", [ValidatorForm([.init("other", .field)], messageKey: "different", message: "{field} must differ from {other}.")],
            summary: "The value does not equal the other field's value.", example: "newPassword: different oldPassword"
        ) { arguments in arguments.field(0).map { .field($0) { equal in equal != true } } },
        define(
            "minItems",
            [
                ValidatorForm(
                    [.init("min", .count)], messageKey: "minItems",
                    message: "{field} must have at least {min, plural, one {# item} other {# items}}.")
            ],
            summary: "The array has at least `min` elements.", details: "Accepts arrays only.", example: "items: minItems 1"
        ) { arguments in arguments.count(0).map { .count(.atLeast($0)) } },
        define(
            "maxItems",
            [
                ValidatorForm(
                    [.init("max", .count)], messageKey: "maxItems",
                    message: "{field} must have at most {max, plural, one {# item} other {# items}}.")
            ],
            summary: "The array has at most `max` elements.", details: "Accepts arrays only.", example: "items: maxItems 50"
        ) { arguments in arguments.count(0).map { .count(.atMost($0)) } },
        simple(
            "unique", message: "{field} must not contain duplicates.",
            summary: "The array has no two equal elements (JSON equality).", details: "Accepts arrays only.", example: "tags: unique",
            check: .elements { Set($0).count == $0.count }),
    ]

    /// Every character has one of `traits`.
    private static func everyCharacter(_ traits: TextTraits) -> Check {
        .text { bytes in
            TextScan.isASCII(bytes)
                ? TextScan.all(traits, ascii: bytes)
                : TextScan.all(traits, in: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Some character has one of `traits`.
    private static func someCharacter(_ traits: TextTraits) -> Check {
        .text { bytes in
            TextScan.isASCII(bytes)
                ? TextScan.any(traits, ascii: bytes)
                : TextScan.any(traits, in: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// No character has one of `traits`; with `negatedEvery`, some character has none of
    /// them (a symbol: not a letter, digit or white space).
    private static func noCharacter(_ traits: TextTraits..., negatedEvery: Bool = false) -> Check {
        let all = TextTraits(traits)
        guard negatedEvery else {
            return .text { bytes in
                !(TextScan.isASCII(bytes)
                    ? TextScan.any(all, ascii: bytes)
                    : TextScan.any(all, in: String(decoding: bytes, as: UTF8.self)))
            }
        }
        return .text { bytes in
            !(TextScan.isASCII(bytes)
                ? TextScan.all(all, ascii: bytes)
                : TextScan.all(all, in: String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// `accepted` on text: exactly "yes", "on" or "1" (how forms post a ticked checkbox).
    private static func isAcceptedText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.elementsEqual("yes".utf8) || bytes.elementsEqual("on".utf8) || bytes.elementsEqual("1".utf8)
    }

    /// `before`/`after`: the value against a fixed date, today, or another field's date
    /// (nothing is before or after an absent or unreadable date).
    private static func dateBound(
        _ arguments: CheckArguments,
        _ test: @escaping @Sendable (DateReading, DateReading) -> Bool
    ) -> Check? {
        guard arguments.values.count == 1 else { return nil }
        switch arguments.values[0] {
        case .date(let date):
            let limit = DateReading(day: date.daysSinceEpoch, instant: nil)
            return .date { value, _ in test(value, limit) }
        case .today:
            return .date { value, today in test(value, DateReading(day: today.daysSinceEpoch, instant: nil)) }
        case .field(let path):
            return .dateAgainstField(arguments.bindReference(path)) { value, other in other.map { test(value, $0) } ?? false }
        default:
            return nil
        }
    }

    /// Full years from a birth date (a date-time's own calendar date) to today.
    private static func fullYears(_ value: DateReading, _ today: CalendarDate) -> Int {
        CalendarDate(daysSinceEpoch: value.day).fullYears(until: today)
    }
}
