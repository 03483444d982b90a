/// Display names for fields that no catalogue names: the last key of the path,
/// humanised (`firstName` → "First name", `line1` → "Line 1", `postal_code` →
/// "Postal code", `homepageURL` → "Homepage URL").
package enum FieldNames {
    /// The humanised display name of `path`.
    package static func humanized(_ path: FieldPath) -> String {
        var output = ""
        appendHumanized(path, to: &output)
        return output
    }

    /// Appends the humanised display name of `path`, streaming over the key's scalars
    /// (no word list is built).
    package static func appendHumanized(_ path: FieldPath, to output: inout String) {
        guard let key = path.segments.last(where: { if case .key = $0 { true } else { false } }),
            case .key(let name) = key
        else {
            output += "Value"
            return
        }
        appendHumanized(key: name, to: &output)
    }

    private enum Kind { case lower, upper, digit, other, separator }

    @inline(__always)
    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        // Performance: every message names a field, and keys are nearly always ASCII;
        // Unicode property lookups (and the metadata they instantiate) cost more than the
        // rest of rendering a message, so they live in a separate, non-inlined function.
        switch scalar.value {
        case 0x5F, 0x2D, 0x20, 0x2E: return .separator  // _ - space .
        case 0x41...0x5A: return .upper
        case 0x61...0x7A: return .lower
        case 0x30...0x39: return .digit
        case 0..<0x80: return .other
        default: return unicodeKind(scalar)
        }
    }

    @inline(never)
    private static func unicodeKind(_ scalar: Unicode.Scalar) -> Kind {
        let properties = scalar.properties
        if properties.isUppercase { return .upper }
        if properties.isLowercase { return .lower }
        if properties.numericType != nil { return .digit }
        return .other
    }

    /// How one scalar of a name is written.
    private enum Casing { case upper, lower, asIs }

    /// Splits camelCase, digits and separators into words; the first word is
    /// capitalised, later words lower-cased unless they are acronyms.
    static func appendHumanized(key: String, to output: inout String) {
        // Performance: every rendered message names its field, so this runs once per
        // violation. ASCII keys (nearly all) are humanised into a stack buffer and
        // appended once; scalar-by-scalar `String` appends cost several times more.
        var key = key
        let count = key.utf8.count
        if count <= 256, key.utf8.allSatisfy({ $0 < 0x80 }) {
            key.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * count + 5) { buffer in
                    var length = 0
                    humanize(
                        bytes.lazy.map { Unicode.Scalar($0) },
                        space: {
                            buffer[length] = UInt8(ascii: " ")
                            length += 1
                        },
                        emit: { scalar, casing in
                            var byte = UInt8(truncatingIfNeeded: scalar.value)
                            switch casing {
                            case .upper where byte >= 0x61 && byte <= 0x7A: byte -= 0x20
                            case .lower where byte >= 0x41 && byte <= 0x5A: byte += 0x20
                            default: break
                            }
                            buffer[length] = byte
                            length += 1
                        },
                        empty: {
                            for byte in "Value".utf8 { buffer[length] = byte; length += 1 }
                        })
                    output += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
                }
            }
            return
        }
        humanize(
            key.unicodeScalars, space: { output += " " },
            emit: { scalar, casing in
                switch casing {
                case .upper: output += String(scalar).uppercased()
                case .lower: output += String(scalar).lowercased()
                case .asIs: output.unicodeScalars.append(scalar)
                }
            }, empty: { output += "Value" })
    }

    /// The word-splitting walk itself, writing through `space` and `emit`.
    @inline(__always)
    private static func humanize<Scalars: BidirectionalCollection>(
        _ scalars: Scalars, space: () -> Void, emit: (Unicode.Scalar, Casing) -> Void, empty: () -> Void
    ) where Scalars.Element == Unicode.Scalar {
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
            let boundary =
                previous == .separator
                || (previous == .lower && current == .upper)
                || (previous != .digit && current == .digit) || (previous == .digit && current != .digit)
                || (previous == .upper && current == .upper && next == .lower)
            if boundary {
                if wroteAny || pendingSpace { space() }
                pendingSpace = false
                wordIsAcronym =
                    current == .upper && (next == .upper || next == .digit || next == .separator)
                    && !(next == .separator && !wroteAny && nextIndex == scalars.endIndex)
                if !wroteAny {
                    emit(scalar, .upper)  // first letter of the name
                } else if wordIsAcronym {
                    emit(scalar, .asIs)
                } else {
                    emit(scalar, .lower)
                }
            } else if wordIsAcronym {
                emit(scalar, .asIs)
            } else {
                emit(scalar, .lower)
            }
            wroteAny = true
            previous = current
        }
        if !wroteAny { empty() }
    }
}
