// Fuzz target `jsonrpc`: the JSON-RPC framer, message decoding, the typed LSP params and
// incremental document edits.
//
// Oracles: the framer yields the same message bodies whether the stream arrives in one
// read or in pieces (split points are taken from the input itself), and never holds on
// to more than a bounded amount of unread bytes; every body goes through the JSON reader
// and the JSON-RPC decoder (a failure must carry a JSON-RPC error code), and params are
// decoded by every params type; decoded content changes applied to a document keep it
// well-formed in every position encoding.
@testable import Rulebook
@testable import RulebookLanguageServer

/// libFuzzer's entry point: runs the harness on one input and returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRPC(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let whole = frame(bytes, chunks: [bytes.count])
    // Chunk sizes from the input's first bytes, so libFuzzer explores splits too.
    let sizes = bytes.prefix(8).map { Int($0 % 37) + 1 }
    let pieces = frame(bytes, chunks: sizes)
    require(
        whole.messages == pieces.messages,
        "chunking changed the bodies: \(whole.messages.count) vs \(pieces.messages.count) messages")
    for body in whole.messages { decode(body) }
    return 0
}

private struct Framed {
    var messages: [[UInt8]] = []
    var oversized = 0
}

private func frame(_ bytes: [UInt8], chunks: [Int]) -> Framed {
    var framer = MessageFramer(maximumBodySize: 4_096, maximumHeaderSize: 256)
    var result = Framed()
    var offset = 0, chunk = 0
    while offset < bytes.count {
        let size = max(1, chunks.isEmpty ? bytes.count : chunks[chunk % chunks.count])
        let end = min(bytes.count, offset + size)
        framer.append(bytes[offset..<end])
        offset = end
        chunk += 1
        while let event = framer.next() {
            switch event {
            case .message(let body):
                require(body.count <= framer.maximumBodySize, "a body above the maximum was delivered")
                result.messages.append(body)
            case .oversized: result.oversized += 1
            case .skipped: break
            }
        }
        // Unread bytes stay bounded: a header block, or a body being collected.
        require(framer.pendingByteCount <= bytes.count, "the framer holds more than it was given")
    }
    return result
}

private func decode(_ body: [UInt8]) {
    guard let value = try? JSONCodec.parse(body) else { return }
    let message: JSONRPCMessage
    do {
        message = try JSONRPCMessage(value)
    } catch {
        require([-32700, -32600, -32602].contains(error.error.code), "unexpected decoding error code \(error.error.code)")
        return
    }
    // What we would send back must serialise and read back.
    let echoed = JSONCodec.serialize(message.value)
    require((try? JSONCodec.parse(echoed)) != nil, "a decoded message does not re-serialise")

    let params: Value?
    switch message {
    case .request(_, _, let p), .notification(_, let p): params = p
    case .response: return
    }
    let view = JSONView(params)
    _ = try? InitializeParams(json: view)
    _ = try? DidOpenTextDocumentParams(json: view)
    _ = try? DidCloseTextDocumentParams(json: view)
    _ = try? DidSaveTextDocumentParams(json: view)
    _ = try? DidChangeWatchedFilesParams(json: view)
    _ = try? DidChangeWorkspaceFoldersParams(json: view)
    _ = try? CancelParams(json: view)
    _ = try? TextDocumentPositionParams(json: view)
    if let change = try? DidChangeTextDocumentParams(json: view) {
        for encoding in PositionEncoding.allCases {
            let document = TextDocument(
                uri: "file:///fuzz.rules", version: 1, languageID: "rulebook",
                text: "x: required\r\nname: minLength 2 # 😀 名前\n\nwhen a { b: required }\r")
            let edited = document.applying(change.contentChanges, version: 2, encoding: encoding)
            let length = edited.text.utf8.count
            let converter = PositionConverter(source: edited.source, encoding: encoding)
            for offset in stride(from: 0, through: length, by: max(1, length / 16)) {
                let position = converter.position(of: offset)
                let back = converter.offset(of: position)
                require(back >= 0 && back <= length, "position round trip left the document")
            }
        }
    }
}
