/// Display names for fields that no catalogue names: the last key of the path,
/// humanised (`firstName` → "First name", `line1` → "Line 1", `postal_code` →
/// "Postal code", `homepageURL` → "Homepage URL").
public enum FieldNames {
    /// The humanised display name of `path`.
    public static func humanized(_ path: FieldPath) -> String {
        var output = ""
        appendHumanized(path, to: &output)
        return output
    }

    /// Appends the humanised display name of `path`, streaming over the key's scalars
    /// (no word list is built).
    public static func appendHumanized(_ path: FieldPath, to output: inout String) {
        guard let key = path.segments.last(where: { if case .key = $0 { true } else { false } }),
              case .key(let name) = key else {
            output += "Value"
            return
        }
        appendHumanized(key: name, to: &output)
    }

    private enum Kind { case lower, upper, digit, other, separator }

    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        if scalar == "_" || scalar == "-" || scalar == " " || scalar == "." { return .separator }
        // Performance: every message names a field, and keys are nearly always ASCII;
        // Unicode property lookups cost more than the rest of rendering a message.
        if scalar.isASCII {
            switch scalar.value {
            case 0x41...0x5A: return .upper
            case 0x61...0x7A: return .lower
            case 0x30...0x39: return .digit
            default: return .other
            }
        }
        let properties = scalar.properties
        if properties.isUppercase { return .upper }
        if properties.isLowercase { return .lower }
        if properties.numericType != nil { return .digit }
        return .other
    }

    /// Appends `scalar` upper- or lower-cased; ASCII without building a `String`.
    private static func append(_ scalar: Unicode.Scalar, uppercased: Bool, to output: inout String) {
        guard scalar.isASCII else {
            output += uppercased ? String(scalar).uppercased() : String(scalar).lowercased()
            return
        }
        let value = UInt8(scalar.value)
        let isLower = value >= 0x61 && value <= 0x7A
        let isUpper = value >= 0x41 && value <= 0x5A
        let mapped = uppercased ? (isLower ? value - 0x20 : value) : (isUpper ? value + 0x20 : value)
        output.unicodeScalars.append(Unicode.Scalar(mapped))
    }

    /// Splits camelCase, digits and separators into words; the first word is
    /// capitalised, later words lower-cased unless they are acronyms.
    static func appendHumanized(key: String, to output: inout String) {
        let scalars = key.unicodeScalars
        var wroteAny = false
        var pendingSpace = false
        var previous: Kind = .separator
        var wordIsAcronym = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let nextIndex = scalars.index(after: index)
            defer { index = nextIndex }
            let current = kind(scalar)
            if current == .separator {
                pendingSpace = wroteAny
                previous = .separator
                continue
            }
            let next = nextIndex < scalars.endIndex ? kind(scalars[nextIndex]) : .separator
            let boundary = previous == .separator
                || (previous == .lower && current == .upper)
                || (previous != .digit && current == .digit) || (previous == .digit && current != .digit)
                || (previous == .upper && current == .upper && next == .lower)
            if boundary {
                if wroteAny || pendingSpace { output += " " }
                pendingSpace = false
                wordIsAcronym = current == .upper && (next == .upper || next == .digit || next == .separator)
                    && !(next == .separator && !wroteAny && nextIndex == scalars.endIndex)
                if !wroteAny {
                    append(scalar, uppercased: true, to: &output)  // first letter of the name
                } else if wordIsAcronym {
                    output.unicodeScalars.append(scalar)
                } else {
                    append(scalar, uppercased: false, to: &output)
                }
            } else if wordIsAcronym {
                output.unicodeScalars.append(scalar)
            } else {
                append(scalar, uppercased: false, to: &output)
            }
            wroteAny = true
            previous = current
        }
        if !wroteAny { output += "Value" }
    }
}
