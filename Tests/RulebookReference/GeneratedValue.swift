import Rulebook

/// A JSON value as the generator writes it: numbers keep their text, and objects keep
/// every member as written (duplicate keys included), so the same record can be written
/// as JSON text in many spellings and read by the reference without the product's reader.
public indirect enum GeneratedValue: Sendable {
    case null
    case bool(Bool)
    /// A number in the JSON grammar, as written.
    case number(String)
    case string(String)
    case array([GeneratedValue])
    /// Members in written order; a key may repeat (the last one counts).
    case object([(key: String, value: GeneratedValue)])

    /// The record as the docs say a reader sees it: integer syntax that fits `Int` is an
    /// integer, any other number the correctly rounded `Double`; of repeated keys the last
    /// one wins. Built here, not by the product's JSON reader.
    public var value: Value {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return ReferenceNumbers.readJSONNumber(text)!.value
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members):
            var kept: [(key: String, value: Value)] = []
            for member in members {
                if let index = kept.firstIndex(where: { ReferenceEquality.sameKey($0.key, member.key) }) {
                    kept[index].value = member.value.value
                } else {
                    kept.append((member.key, member.value.value))
                }
            }
            return .object(ValueObject(kept))
        }
    }
}

/// Writes a `GeneratedValue` as one line of JSON text in a spelling chosen by a seeded
/// generator: optional white space around tokens, strings with or without `\u` escapes.
public struct JSONSpeller {
    var random: ReferenceRandom

    /// A speller whose choices are fixed by `seed`.
    public init(seed: UInt64) { random = ReferenceRandom(seed: seed) }

    /// The value's JSON text (one line; no line breaks outside strings).
    public mutating func text(_ value: GeneratedValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private mutating func space(_ out: inout String) {
        switch random.below(6) {
        case 0: out += " "
        case 1: out += "\t"
        case 2: out += "  "
        default: break
        }
    }

    private mutating func write(_ value: GeneratedValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): writeString(text, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                space(&out)
                write(element, to: &out)
                space(&out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                space(&out)
                writeString(member.key, to: &out)
                space(&out)
                out += ":"
                space(&out)
                write(member.value, to: &out)
                space(&out)
            }
            out += "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped as they must be;
    /// any other scalar written raw or, now and then, as `\uXXXX` (a surrogate pair above
    /// U+FFFF) or `\/`.
    private mutating func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += random.below(2) == 0 ? "\\n" : "\\u000a"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "/": out += random.below(3) == 0 ? "\\/" : "/"
            default:
                if scalar.value < 0x20 || random.below(8) == 0 {
                    appendEscaped(scalar, to: &out)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private mutating func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        func hex(_ unit: UInt32, upper: Bool) -> String {
            let digits = String(unit, radix: 16, uppercase: upper)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        let upper = random.below(2) == 0
        if scalar.value > 0xFFFF {
            let offset = scalar.value - 0x10000
            out += hex(0xD800 + (offset >> 10), upper: upper) + hex(0xDC00 + (offset & 0x3FF), upper: upper)
        } else {
            out += hex(scalar.value, upper: upper)
        }
    }
}
