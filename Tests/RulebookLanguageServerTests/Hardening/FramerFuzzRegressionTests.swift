import Foundation
import XCTest

@testable import RulebookLanguageServer

/// Inputs the `jsonrpc` fuzz target found, kept as regression tests (the minimized
/// inputs also live in Fuzz/Corpus/jsonrpc/regression-*.bin so every fuzz run replays them).
final class FramerFuzzRegressionTests: XCTestCase {
    /// Found by the fuzzer: a header line without its blank line runs on, over the
    /// maximum header size, into the next message's header. Read in one piece, the
    /// framer parsed the whole run-on block and lost the next message; read in pieces it
    /// resynchronised and delivered it. Both must deliver it.
    func testOverlongRunOnHeaderDoesNotDependOnHowTheStreamIsRead() {
        let stream =
            Array(("Content-Length: 30 \"id\": 1, " + String(repeating: "x", count: 300)).utf8)
            + Array("Content-Length: 3\r\n\r\n[1]".utf8)
        XCTAssertEqual(Self.messages(stream, chunk: stream.count), ["[1]"])
        XCTAssertEqual(Self.messages(stream, chunk: 1), ["[1]"])
        XCTAssertEqual(Self.messages(stream, chunk: 37), ["[1]"])
    }

    /// The minimized fuzz input: whole and chunked reads agree.
    func testMinimizedInputAgreesAcrossChunkings() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/Corpus/jsonrpc/regression-header-overrun.bin").standardized
        let stream = try [UInt8](Data(contentsOf: url))
        let whole = Self.messages(stream, chunk: stream.count)
        for chunk in [1, 2, 3, 7, 64, 255, 256, 257] {
            XCTAssertEqual(Self.messages(stream, chunk: chunk), whole, "chunk \(chunk)")
        }
    }

    /// The bodies the framer delivers for `stream` read `chunk` bytes at a time, with the
    /// fuzz target's small maximum header size.
    static func messages(_ stream: [UInt8], chunk: Int) -> [String] {
        var framer = MessageFramer(maximumBodySize: 4_096, maximumHeaderSize: 256)
        var result: [String] = []
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + chunk)
            framer.append(stream[offset..<end])
            offset = end
            while let event = framer.next() {
                if case .message(let body) = event { result.append(String(decoding: body, as: UTF8.self)) }
            }
        }
        return result
    }
}
