import Rulebook

// Writing JSON into byte buffers, for the command's NDJSON output and the language
// server's messages (``Value/json`` is the library's text form).

extension JSONWriter {
    /// Appends `value` as JSON to `buffer`.
    package func write(_ value: Value, into buffer: inout [UInt8]) {
        JSONOutput.withOutput { output in
            write(value, to: &output, indent: 0)
            buffer.append(contentsOf: UnsafeBufferPointer(start: output.base, count: output.count))
        }
    }

    /// Writes `value` as JSON and calls `body` with the text, valid only during the call.
    ///
    /// Memory: no copy of the text is made, which matters for a large answer written once
    /// (the language server's symbols of a long file).
    package func withJSON<Result>(_ value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        JSONOutput.withOutput { output in
            write(value, to: &output, indent: 0)
            return body(UnsafeBufferPointer(start: output.base, count: output.count))
        }
    }

    /// Appends `text` as a quoted, escaped JSON string: the fast path for NDJSON output.
    package static func appendJSONString(_ text: String, into buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: UnsafeRawBufferPointer($0), into: &buffer) }
    }

    /// Appends the UTF-8 text `utf8` (assumed well-formed) as a quoted, escaped JSON
    /// string.
    package static func appendJSONString(utf8: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
        // Common case, nothing to escape: three appends.
        if JSONOutput.firstByteToEscape(utf8) == utf8.count {
            buffer.append(UInt8(ascii: "\""))
            buffer.append(contentsOf: utf8)
            buffer.append(UInt8(ascii: "\""))
            return
        }
        JSONOutput.withOutput { output in
            output.appendJSONString(utf8: utf8)
            buffer.append(contentsOf: UnsafeBufferPointer(start: output.base, count: output.count))
        }
    }

    /// Appends `value` in decimal, exactly.
    package static func appendInteger(_ value: Int, into buffer: inout [UInt8]) {
        if value >= 0 && value < 10 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        withDecimalDigits(of: value) { buffer.append(contentsOf: $0) }
    }
}
