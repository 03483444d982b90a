import Rulebook

/// A minimal, non-validating XML reader for XLIFF files: elements, attributes, text,
/// character and the five predefined entity references, CDATA, comments, processing
/// instructions and a DOCTYPE without an internal subset.
///
/// It builds a small tree; element and attribute names lose their namespace prefix
/// (XLIFF's elements are matched by local name). Custom entities are not expanded, so
/// a hostile file cannot make it do exponential work; nesting is limited.
struct XMLElement: Sendable, Hashable {
    /// The local name (`unit` for `x:unit`).
    let name: String
    /// Attributes by local name.
    let attributes: [String: String]
    let children: [XMLNode]

    /// The child elements named `name`.
    func elements(named name: String) -> [XMLElement] {
        children.compactMap { if case .element(let element) = $0, element.name == name { element } else { nil } }
    }

    /// The first child element named `name`.
    func element(named name: String) -> XMLElement? { elements(named: name).first }

    /// All text inside, in order; a `<ph>` or similar inline element without text
    /// contributes its `equiv` or `disp` attribute (how tools show placeholders).
    var text: String {
        var result = ""
        for child in children {
            switch child {
            case .text(let text): result += text
            case .element(let element):
                let inner = element.text
                result += inner.isEmpty ? (element.attributes["equiv"] ?? element.attributes["disp"] ?? "") : inner
            }
        }
        return result
    }
}

/// A child of an element.
indirect enum XMLNode: Sendable, Hashable {
    case element(XMLElement)
    case text(String)
}

/// Why an XML text could not be read.
package struct XMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    package let message: String
    /// The UTF-8 byte offset.
    package let offset: Int
    package var description: String { "\(message) at byte \(offset)" }
}

struct XMLReader {
    private let bytes: [UInt8]
    private var position = 0
    static let maximumDepth = 128

    init(_ text: String) { bytes = Array(text.utf8) }

    /// Reads the document's root element.
    static func parse(_ text: String) throws(XMLError) -> XMLElement {
        var reader = XMLReader(text)
        return try reader.document()
    }

    private mutating func document() throws(XMLError) -> XMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMisc()
        guard peek("<") else { throw fail("expected the root element") }
        let root = try element(depth: 0)
        try skipMisc()
        guard position == bytes.count else { throw fail("content after the root element") }
        return root
    }

    /// Skips white space, comments, processing instructions and a DOCTYPE.
    private mutating func skipMisc() throws(XMLError) {
        while true {
            skipWhitespace()
            if peek("<?") {
                try skip(past: "?>")
            } else if peek("<!--") {
                try skip(past: "-->")
            } else if peek("<!DOCTYPE") {
                let start = position
                try skip(past: ">")
                if bytes[start..<position].contains(UInt8(ascii: "[")) {
                    throw XMLError(message: "a DOCTYPE with an internal subset is not supported", offset: start)
                }
            } else {
                return
            }
        }
    }

    private mutating func element(depth: Int) throws(XMLError) -> XMLElement {
        guard depth < XMLReader.maximumDepth else { throw fail("elements nest deeper than \(XMLReader.maximumDepth) levels") }
        position += 1  // "<"
        let name = try readName()
        var attributes: [String: String] = [:]
        while true {
            skipWhitespace()
            if peek("/>") {
                position += 2
                return XMLElement(name: XMLReader.localName(name), attributes: attributes, children: [])
            }
            if peek(">") {
                position += 1
                break
            }
            let attribute = try readName()
            skipWhitespace()
            guard peek("=") else { throw fail("expected '=' after attribute '\(attribute)'") }
            position += 1
            skipWhitespace()
            attributes[XMLReader.localName(attribute)] = try readQuoted()
        }
        var children: [XMLNode] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { children.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        while true {
            guard position < bytes.count else { throw fail("element '\(name)' is not closed") }
            if peek("</") {
                position += 2
                let closing = try readName()
                guard closing == name else { throw fail("'</\(closing)>' closes '<\(name)>'") }
                skipWhitespace()
                guard peek(">") else { throw fail("expected '>'") }
                position += 1
                flush()
                return XMLElement(name: XMLReader.localName(name), attributes: attributes, children: children)
            } else if peek("<![CDATA[") {
                position += 9
                let start = position
                try skip(past: "]]>")
                text += bytes[start..<(position - 3)]
            } else if peek("<!--") {
                try skip(past: "-->")
            } else if peek("<?") {
                try skip(past: "?>")
            } else if peek("<") {
                flush()
                children.append(.element(try element(depth: depth + 1)))
            } else if peek("&") {
                text += try readReference()
            } else {
                text.append(bytes[position])
                position += 1
            }
        }
    }

    private mutating func readQuoted() throws(XMLError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw fail("expected a quoted attribute value")
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else { throw fail("attribute value is not closed") }
            let byte = bytes[position]
            if byte == quote { position += 1; break }
            if byte == UInt8(ascii: "&") { value += try readReference() } else { value.append(byte); position += 1 }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#N;` `&#xH;`.
    private mutating func readReference() throws(XMLError) -> [UInt8] {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fail("unterminated '&' reference") }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "amp": return Array("&".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            var scalarValue: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalarValue = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                scalarValue = UInt32(name.dropFirst())
            }
            guard let value = scalarValue, let scalar = Unicode.Scalar(value) else {
                throw XMLError(message: "unknown entity '&\(name);'", offset: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private mutating func readName() throws(XMLError) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isNameByte =
                byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isNameByte else { break }
            position += 1
        }
        guard position > start else { throw fail("expected a name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func peek(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] { return false }
        return true
    }

    private mutating func skip(past terminator: StaticString) throws(XMLError) {
        let start = position
        while position < bytes.count {
            if peek(terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw XMLError(message: "'\(terminator)' is missing", offset: start)
    }

    private func fail(_ message: String) -> XMLError { XMLError(message: message, offset: position) }
}
