// Shared by every fuzz harness (compiled into each target by scripts/fuzz; not part of
// the Swift package). A violated invariant must crash so libFuzzer records the input.

/// Stops the run with `message` when `condition` is false: the input becomes a finding.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("fuzz invariant violated: \(message())", file: file, line: line) }
}

/// The input as bytes (libFuzzer hands over a pointer that may be null when empty).
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}

/// Splits `bytes` at the first occurrence of `separator` (a byte that seldom appears
/// in seeds), so one input can carry several parts (a pattern and a subject, say).
func splitInput(_ bytes: [UInt8], at separator: UInt8 = 0x00, parts: Int) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var rest = bytes[...]
    while result.count < parts - 1, let index = rest.firstIndex(of: separator) {
        result.append(Array(rest[..<index]))
        rest = rest[(index + 1)...]
    }
    result.append(Array(rest))
    while result.count < parts { result.append([]) }
    return result
}
