// Reading and writing values as JSON text.

extension Value {
    /// Reads a value from JSON text (strict RFC 8259), within the readers' limits (see
    /// ``JSONError/Kind``).
    public init(json text: String) throws(JSONError) {
        try self.init(json: text, limits: .default)
    }

    /// Reads a value from JSON text within `limits`.
    package init(json text: String, limits: JSONLimits) throws(JSONError) {
        self = try JSONReader(limits: limits).parse(text)
    }

    /// Reads a value from UTF-8 JSON bytes (`[UInt8]`, `Data`, slices…).
    public init<Bytes: Collection>(json bytes: Bytes) throws(JSONError) where Bytes.Element == UInt8 {
        try self.init(json: bytes, limits: .default)
    }

    /// Reads a value from UTF-8 JSON bytes within `limits`.
    package init<Bytes: Collection>(json bytes: Bytes, limits: JSONLimits) throws(JSONError)
    where Bytes.Element == UInt8 {
        let reader = JSONReader(limits: limits)
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> Result<Value, JSONError> in
            do throws(JSONError) {
                return .success(try reader.parse(UnsafeRawBufferPointer(buffer)))
            } catch { return .failure(error) }
        }
        if let contiguous {
            self = try contiguous.get()
        } else {
            self = try reader.parse(Array(bytes))
        }
    }

    /// The value as compact JSON text.
    public var json: String { JSONWriter().string(from: self) }
}

extension Value: CustomStringConvertible {
    /// Compact JSON text, e.g. `{"age":34}`.
    public var description: String { json }
}

extension ValueObject: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSONWriter().string(from: .object(self)) }
}
