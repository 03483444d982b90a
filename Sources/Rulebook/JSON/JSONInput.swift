// Adapters from the input forms the readers accept ([UInt8], String) to the raw buffer
// they scan, preserving the typed `JSONError` (the standard library's `withUnsafeBytes`
// and `withUTF8` rethrow untyped errors).

enum JSONInput {
    /// Calls `body` with the bytes of `bytes`.
    static func with<R>(
        _ bytes: [UInt8],
        _ body: (UnsafeRawBufferPointer) throws(JSONError) -> R
    ) throws(JSONError) -> R {
        let result = bytes.withUnsafeBytes { buffer -> Result<R, JSONError> in
            do throws(JSONError) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Calls `body` with the UTF-8 bytes of `text` (made contiguous if it is not).
    static func with<R>(
        _ text: String,
        _ body: (UnsafeRawBufferPointer) throws(JSONError) -> R
    ) throws(JSONError) -> R {
        var text = text
        let result = text.withUTF8 { buffer -> Result<R, JSONError> in
            do throws(JSONError) {
                return .success(try body(UnsafeRawBufferPointer(buffer)))
            } catch { return .failure(error) }
        }
        return try result.get()
    }
}
