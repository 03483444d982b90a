/// A strict RFC 8259 reader from UTF-8 bytes to ``Value``.
///
/// - Strings must be well-formed UTF-8; escapes are checked (surrogate pairs combine,
///   lone surrogates are errors); unescaped control characters are errors.
/// - Numbers follow the JSON grammar exactly; integer syntax that fits `Int` becomes
///   `.integer`, every other number `.decimal`.
/// - A duplicate key replaces the earlier member's value (last wins).
/// - Nesting is handled with an explicit stack, never recursion, so no input can
///   overflow the call stack; ``JSONLimits`` bounds depth, string, number and document
///   sizes.
///
/// ```swift
/// let record = try JSONReader().parse(#"{"age": 34}"#)
/// ```
package struct JSONReader: Sendable {
    /// The limits every parse enforces.
    package var limits: JSONLimits

    /// Creates a reader with `limits`.
    package init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    /// Reads one JSON value from UTF-8 `bytes`: the tape of batch validation, turned
    /// into a ``Value`` (one parser, so both accept and reject exactly the same inputs).
    package func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> Value {
        var tape = JSONTape(limits: limits)
        try tape.parse(bytes)
        return tape.withView(over: bytes) { view in view.root.map { view.value(of: $0) } ?? .null }
    }

    /// Reads one JSON value from UTF-8 `bytes`.
    package func parse(_ bytes: [UInt8]) throws(JSONError) -> Value {
        try JSONInput.with(bytes) { buffer throws(JSONError) in try parse(buffer) }
    }

    /// Reads one JSON value from `text`.
    package func parse(_ text: String) throws(JSONError) -> Value {
        try JSONInput.with(text) { buffer throws(JSONError) in try parse(buffer) }
    }
}
