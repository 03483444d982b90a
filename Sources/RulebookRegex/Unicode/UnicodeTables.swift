/// Range tables for Unicode general categories and a few binary properties, computed once
/// per process from `Unicode.Scalar.Properties` (the toolchain's own Unicode data, so the
/// engine never disagrees with the rest of Swift) into immutable `static let`s.
///
/// Why the scan skips planes: asking every one of the 1.1 million scalars costs about
/// 35 ms in a release build. Planes 4–13 are unassigned and planes 15–16 are private use
/// (apart from the noncharacters U+xFFFE and U+xFFFF) in every Unicode version Swift has
/// shipped, so only planes 0–3 and 14 are asked; `UnicodeTablesTests` checks that
/// assumption against the full scan so a toolchain upgrade cannot silently break it.
enum UnicodeTables {
    /// The planes whose scalars are actually asked for their properties.
    static let scannedRanges: [ClosedRange<UInt32>] = [0...0x3FFFF, 0xE0000...0xEFFFF]

    /// One set per general category, indexed by `GeneralCategoryCode.rawValue`.
    static let generalCategories: [ScalarSet] = {
        var ranges = [[ClosedRange<UInt32>]](repeating: [], count: GeneralCategoryCode.allCases.count)
        for scanned in scannedRanges {
            var runStart = scanned.lowerBound
            var runCode = code(of: runStart)
            var value = scanned.lowerBound + 1
            while value <= scanned.upperBound {
                let current = code(of: value)
                if current != runCode {
                    ranges[runCode.rawValue].append(runStart...(value - 1))
                    runStart = value
                    runCode = current
                }
                value += 1
            }
            ranges[runCode.rawValue].append(runStart...scanned.upperBound)
        }
        // Planes 4–13: unassigned. Planes 15–16: private use except the last two scalars.
        ranges[GeneralCategoryCode.unassigned.rawValue].append(0x40000...0xDFFFF)
        for plane: UInt32 in [0xF0000, 0x100000] {
            ranges[GeneralCategoryCode.privateUse.rawValue].append(plane...(plane + 0xFFFD))
            ranges[GeneralCategoryCode.unassigned.rawValue].append((plane + 0xFFFE)...(plane + 0xFFFF))
        }
        return ranges.map { ScalarSet(ranges: $0) }
    }()

    /// The scalars of one general category.
    static func category(_ code: GeneralCategoryCode) -> ScalarSet {
        generalCategories[code.rawValue]
    }

    /// The union of several general categories (e.g. `L` = Lu ∪ Ll ∪ Lt ∪ Lm ∪ Lo).
    static func categories(_ codes: [GeneralCategoryCode]) -> ScalarSet {
        ScalarSet(ranges: codes.flatMap { generalCategories[$0.rawValue].ranges })
    }

    /// Unicode `White_Space` (UCD PropList.txt; fixed since Unicode 6.3). This is what
    /// `\s` means: tab, LF, VT, FF, CR, space, NEL, NBSP and the Unicode space separators,
    /// line and paragraph separators.
    static let whiteSpace = ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ])

    /// `\d`: ASCII digits only, as in JavaScript and PCRE without UCP (Rulebook's `digits`
    /// validator is ASCII too, and a pattern for postcodes should not accept Arabic-Indic digits).
    static let asciiDigit = ScalarSet(ranges: [0x30...0x39])

    /// `\w`: ASCII letters, digits and underscore, as in JavaScript and PCRE without UCP.
    static let asciiWord = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])

    /// The scalars for which `predicate` holds, scanning the planes that can hold assigned
    /// characters (binary properties are false in unassigned and private-use planes).
    static func scan(_ predicate: (Unicode.Scalar.Properties) -> Bool) -> ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        for scanned in scannedRanges {
            var runStart: UInt32? = nil
            for value in scanned {
                let holds = Unicode.Scalar(value).map { predicate($0.properties) } ?? false
                if holds, runStart == nil { runStart = value }
                if !holds, let start = runStart { ranges.append(start...(value - 1)); runStart = nil }
            }
            if let start = runStart { ranges.append(start...scanned.upperBound) }
        }
        return ScalarSet(ranges: ranges)
    }

    static let alphabetic = scan { $0.isAlphabetic }
    static let uppercase = scan { $0.isUppercase }
    static let lowercase = scan { $0.isLowercase }
    static let emoji = scan { $0.isEmoji }
    static let emojiPresentation = scan { $0.isEmojiPresentation }
    static let ideographic = scan { $0.isIdeographic }
    static let math = scan { $0.isMath }
    static let hexDigit = scan { $0.isHexDigit }

    /// The category code of a scalar value; surrogates (which `Unicode.Scalar` refuses) are `Cs`.
    static func code(of value: UInt32) -> GeneralCategoryCode {
        guard let scalar = Unicode.Scalar(value) else { return .surrogate }
        return GeneralCategoryCode(scalar.properties.generalCategory)
    }
}
