import Rulebook
import SeededRandom
import XCTest

@testable import RulebookLanguageServer

/// Deterministic randomized robustness: thousands of mutated byte streams through the
/// framer, the JSON reader and the JSON-RPC decoder. Nothing may trap, and a valid
/// message sent afterwards must always come through.
final class MessageReaderRandomizedTests: XCTestCase {
    private let seeds: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.rules","languageId":"rulebook","version":1,"text":"a: required\n👋🏽"}}}"#,
        #"{"jsonrpc":"2.0","id":"x","result":null}"#,
        #"{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"no"}}"#,
        #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}"#,
    ]

    private func framed(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    private func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.remove(at: index)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
            case 3: bytes.insert(contentsOf: Array("Content-Length: ".utf8), at: index)
            case 4: bytes.insert(contentsOf: Array("\r\n\r\n".utf8), at: index)
            default: bytes.removeSubrange(index..<Swift.min(bytes.count, index + Int.random(in: 1...20, using: &random)))
            }
        }
        return bytes
    }

    func testMutatedStreamsNeverTrapAndRecover() {
        var random = SeededGenerator(seed: 0x5EED)
        let sentinel = #"{"jsonrpc":"2.0","id":"sentinel","method":"ping"}"#
        for round in 0..<3_000 {
            var reader = MessageReader(logger: Logger(descriptor: nil))
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let seed = Array(seeds[Int.random(in: 0..<seeds.count, using: &random)].utf8)
                stream += mutate(framed(seed), &random)
            }
            // Deliver in random chunks.
            var index = 0
            while index < stream.count {
                let end = Swift.min(stream.count, index + Int.random(in: 1...64, using: &random))
                _ = reader.feed(stream[index..<end])
                index = end
            }
            // A mutation can leave a length that still expects bytes; a newline-free
            // header never closes. Two valid messages always get the second through.
            let events = reader.feed(framed(Array(sentinel.utf8)) + framed(Array(sentinel.utf8)))
            let delivered = events.contains { event in
                if case .message(.request(id: .string("sentinel"), method: "ping", params: nil)) = event { return true }
                return false
            }
            XCTAssertTrue(delivered, "round \(round): \(String(decoding: stream, as: UTF8.self).debugDescription)")
        }
    }

    func testRandomJSONValuesDecodeOrFailCleanly() {
        var random = SeededGenerator(seed: 42)
        func randomValue(depth: Int) -> Value {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .integer(Int.random(in: -5...5, using: &random))
            case 3: return .decimal(Double.random(in: -2...2, using: &random))
            case 4: return .string(["2.0", "initialize", "$/x", "", "id", "method"][Int.random(in: 0..<6, using: &random)])
            case 5: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(depth: depth + 1) })
            default:
                let keys = ["jsonrpc", "id", "method", "params", "result", "error", "code", "message"]
                var object = ValueObject()
                for _ in 0..<Int.random(in: 0...5, using: &random) {
                    object[keys[Int.random(in: 0..<keys.count, using: &random)]] = randomValue(depth: depth + 1)
                }
                return .object(object)
            }
        }
        var decoded = 0
        for _ in 0..<20_000 {
            let value = randomValue(depth: 0)
            do {
                let message = try JSONRPCMessage(value)
                decoded += 1
                // What decodes re-encodes to something that decodes to the same message.
                XCTAssertEqual(try JSONRPCMessage(message.value), message)
            } catch {
                XCTAssertFalse(error.error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(decoded, 0)
    }
}
