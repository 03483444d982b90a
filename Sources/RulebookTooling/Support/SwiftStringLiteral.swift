import Rulebook

/// Text written as a Swift string literal: the tree dump shows strings this way (control
/// characters stay visible) and `rulebook generate swift` writes field names this way.
package enum SwiftStringLiteral {
    /// `text` in double quotes, with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{…}` for the other
    /// control characters and DEL.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
