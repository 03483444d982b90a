// Fuzz target `json`: the JSON reader, the flat tape, the located document and the writer.
//
// Differential oracles: the `Value` reader (built on the tape) and the tape accept and reject
// exactly the same inputs, with the same error (kind, offset, message) and, when accepted,
// the same value;
// the located `JSONDocument` agrees with both and its ranges lie inside the input; what
// the writer prints reads back to an identical value. Each input runs under the default
// limits and under tight ones, so the limit paths (depth, string, number, document size)
// are compared as well.
@testable import Rulebook
@testable import RulebookTooling

private let tight = JSONLimits(maxDepth: 6, maxStringBytes: 24, maxNumberLength: 12, maxDocumentBytes: 512)

/// libFuzzer's entry point: runs the harness on one input and returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    for limits in [JSONLimits.default, tight] {
        compareReaders(bytes, limits)
    }
    return 0
}

private func compareReaders(_ bytes: [UInt8], _ limits: JSONLimits) {
    let fromReader = Result { () throws(JSONError) -> Value in try JSONReader(limits: limits).parse(bytes) }
    var tape = JSONTape(limits: limits)
    let fromTape = Result { () throws(JSONError) -> Value in
        try tape.parse(bytes)
        return tape.withView(over: bytes) { view in view.root.map { view.value(of: $0) } ?? .null }
    }
    let document = Result { () throws(JSONError) -> JSONDocument in try JSONDocument(parsing: bytes, limits: limits) }

    switch (fromReader, fromTape, document) {
    case (.success(let a), .success(let b), .success(let located)):
        require(a.json == b.json, "reader and tape disagree: \(a.json) vs \(b.json)")
        require(located.root.value.json == a.json, "document and reader disagree")
        checkRanges(located.root, count: bytes.count)
        roundTrip(a, limits)
    case (.failure(let a), .failure(let b), .failure(let c)):
        require(a == b, "reader and tape fail differently: \(a) vs \(b)")
        require(a == c, "reader and document fail differently: \(a) vs \(c)")
        require(
            a.offset >= 0 && a.offset <= max(bytes.count, limits.effectiveMaxDocumentBytes), "error offset \(a.offset) outside the input")
    default:
        require(false, "readers disagree on acceptance: \(fromReader) / \(fromTape) / \(document)")
    }
}

/// Written text reads back to the same value (compared through the writer, which tells
/// integers, decimals and -0 apart).
private func roundTrip(_ value: Value, _ limits: JSONLimits) {
    for pretty in [false, true] {
        let text = JSONWriter(pretty: pretty).string(from: value)
        // The writer may legitimately need more room than the limits allow (escapes grow
        // strings), so read it back under the default limits with a large depth.
        var relaxed = JSONLimits.default
        relaxed.maxDepth = max(limits.maxDepth, JSONLimits.default.maxDepth)
        guard let again = try? JSONReader(limits: relaxed).parse(text) else {
            require(false, "writer output does not read back: \(text)")
            return
        }
        require(again.json == value.json, "round trip changed the value: \(value.json) → \(again.json)")
    }
}

private func checkRanges(_ root: JSONDocument.Node, count: Int) {
    var stack = [root]
    while let node = stack.popLast() {
        require(
            node.range.start >= 0 && node.range.start <= node.range.end && node.range.end <= count,
            "node range \(node.range) outside 0..<\(count)")
        switch node.content {
        case .array(let elements): stack.append(contentsOf: elements)
        case .object(let members):
            for member in members {
                require(member.keyRange.end <= member.value.range.start, "key after its value")
                stack.append(member.value)
            }
        default: break
        }
    }
}
