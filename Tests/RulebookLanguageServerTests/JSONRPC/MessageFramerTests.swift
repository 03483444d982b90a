import XCTest

@testable import RulebookLanguageServer

final class MessageFramerTests: XCTestCase {
    private func frame(_ body: String, header: String? = nil) -> [UInt8] {
        Array((header ?? "Content-Length: \(body.utf8.count)\r\n\r\n").utf8) + Array(body.utf8)
    }

    private func drain(_ framer: inout MessageFramer) -> [MessageFramer.Event] {
        var events: [MessageFramer.Event] = []
        while let event = framer.next() { events.append(event) }
        return events
    }

    private func messages(_ events: [MessageFramer.Event]) -> [String] {
        events.compactMap { if case .message(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
    }

    func testOneMessage() {
        var framer = MessageFramer()
        framer.append(frame(#"{"a":1}"#))
        XCTAssertEqual(drain(&framer), [.message(Array(#"{"a":1}"#.utf8))])
        XCTAssertEqual(framer.pendingByteCount, 0)
    }

    func testSeveralMessagesInOneRead() {
        var framer = MessageFramer()
        framer.append(frame("[1]") + frame("[2]") + frame("[3]"))
        XCTAssertEqual(messages(drain(&framer)), ["[1]", "[2]", "[3]"])
    }

    func testMessageSplitAtEveryByte() {
        let bytes = frame(#"{"text":"héllo 👋🏽"}"#) + frame("[2]")
        var framer = MessageFramer()
        var received: [String] = []
        for byte in bytes {
            framer.append([byte])
            received += messages(drain(&framer))
        }
        XCTAssertEqual(received, [#"{"text":"héllo 👋🏽"}"#, "[2]"])
    }

    func testHeaderNamesAreCaseInsensitiveAndContentTypeIsAccepted() {
        var framer = MessageFramer()
        framer.append(frame("[1]", header: "content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:3\r\n\r\n"))
        framer.append(frame("[2]", header: "Content-Length:   3  \r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"))
        let events = drain(&framer)
        XCTAssertEqual(messages(events), ["[1]", "[2]"])
        XCTAssertEqual(events.count, 2, "a Content-Type header is not garbage: \(events)")
    }

    func testContentTypeSplitBeforeContentLengthArrives() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: application/vscode-jsonrpc\r\n".utf8))
        XCTAssertNil(framer.next())
        framer.append(frame("[7]"))
        XCTAssertEqual(drain(&framer), [.message(Array("[7]".utf8))])
    }

    func testBareLineFeedsAreAccepted() {
        var framer = MessageFramer()
        framer.append(frame("[1]", header: "Content-Length: 3\n\n"))
        XCTAssertEqual(messages(drain(&framer)), ["[1]"])
    }

    func testGarbageBeforeAMessageIsSkippedAndReported() {
        var framer = MessageFramer()
        framer.append(Array("\u{0}\u{1}garbage ☃ bytes".utf8) + frame("[1]"))
        let events = drain(&framer)
        XCTAssertEqual(messages(events), ["[1]"])
        XCTAssertTrue(events.contains { if case .skipped = $0 { true } else { false } })
    }

    func testEndlessGarbageIsNotBuffered() {
        var framer = MessageFramer()
        let junk = [UInt8](repeating: 0xFF, count: 1 << 16)
        for _ in 0..<64 { framer.append(junk) }
        XCTAssertLessThan(framer.pendingByteCount, 64, "garbage must be dropped, not kept")
        framer.append(frame("[1]"))
        XCTAssertEqual(messages(drain(&framer)), ["[1]"])
    }

    func testMissingContentLengthIsSkipped() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: text/plain\r\n\r\n{}".utf8) + frame("[1]"))
        let events = drain(&framer)
        XCTAssertEqual(messages(events), ["[1]"])
        XCTAssertTrue(events.contains { if case .skipped = $0 { true } else { false } }, "\(events)")
    }

    func testInvalidContentLengthIsSkipped() {
        for value in ["-5", "abc", "1e3", "", "99999999999999999999"] {
            var framer = MessageFramer()
            framer.append(Array("Content-Length: \(value)\r\n\r\n".utf8) + frame("[1]"))
            let events = drain(&framer)
            XCTAssertEqual(messages(events), ["[1]"], "Content-Length: \(value)")
        }
    }

    func testUnderstatedLengthDeliversAPrefixThenResyncs() {
        var framer = MessageFramer()
        framer.append(frame(#"{"jsonrpc":"2.0"}"#, header: "Content-Length: 5\r\n\r\n") + frame("[1]"))
        let received = messages(drain(&framer))
        XCTAssertEqual(received, [#"{"jso"#, "[1]"], "the prefix is delivered (it will not parse), the rest is skipped")
    }

    func testOverstatedLengthIsCutAtTheNextHeader() {
        var framer = MessageFramer()
        framer.append(frame(#"{"a":"Content-Length: 3"}"#, header: "Content-Length: 500\r\n\r\n") + frame("[1]"))
        let events = drain(&framer)
        XCTAssertEqual(
            messages(events), [#"{"a":"Content-Length: 3"}"#, "[1]"],
            "a header inside a JSON string does not cut; the real next header does")
    }

    func testOverstatedLengthWithAnOddNumberOfQuotesStillResyncs() {
        // The broken body opens a string it never closes: the next header must still count.
        var framer = MessageFramer()
        framer.append(frame(#"0","id":7,"x":"#, header: "Content-Length: 637\r\n\n") + frame("[1]"))
        XCTAssertEqual(messages(drain(&framer)), [#"0","id":7,"x":"#, "[1]"])
    }

    func testOverstatedLengthWaitsWhenNothingFollows() {
        var framer = MessageFramer()
        framer.append(frame("[1]", header: "Content-Length: 10\r\n\r\n"))
        XCTAssertNil(framer.next())
        framer.append(frame("[2]"))
        XCTAssertEqual(messages(drain(&framer)), ["[1]", "[2]"])
    }

    func testOversizedBodyIsDiscardedWhileStreaming() {
        var framer = MessageFramer(maximumBodySize: 1000)
        framer.append(Array("Content-Length: 5000\r\n\r\n".utf8))
        for _ in 0..<5 { framer.append([UInt8](repeating: UInt8(ascii: "x"), count: 1000)) }
        XCTAssertEqual(framer.pendingByteCount, 0)
        framer.append(frame("[1]"))
        let events = drain(&framer)
        XCTAssertEqual(events.first, .oversized(length: 5000))
        XCTAssertEqual(messages(events), ["[1]"])
    }

    func testTenMegabyteBodyArrivesInPieces() {
        let text = String(repeating: "a", count: 10 << 20)
        let body = #"{"t":""# + text + #""}"#
        let bytes = frame(body)
        var framer = MessageFramer()
        var index = 0
        var received: [String] = []
        while index < bytes.count {
            let end = min(bytes.count, index + 65_536)
            framer.append(bytes[index..<end])
            received += messages(drain(&framer))
            index = end
        }
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.utf8.count, body.utf8.count)
    }

    /// After a body larger than the room the framer keeps, the next messages (whole, or
    /// split across reads) still arrive intact.
    func testMessagesAfterALargeBodyArrive() {
        let large = #"{"t":""# + String(repeating: "b", count: 3 << 20) + #""}"#
        var framer = MessageFramer()
        framer.append(frame(large))
        XCTAssertEqual(messages(drain(&framer)).map(\.utf8.count), [large.utf8.count])
        XCTAssertEqual(framer.pendingByteCount, 0)
        let next = frame("[1]") + frame(large) + frame("[2]")
        framer.append(next[..<5])
        XCTAssertEqual(messages(drain(&framer)), [])
        framer.append(next[5...])
        XCTAssertEqual(messages(drain(&framer)).map { $0.count < 10 ? $0 : "large" }, ["[1]", "large", "[2]"])
        framer.append(frame("[3]"))
        XCTAssertEqual(messages(drain(&framer)), ["[3]"])
    }

    func testOverlongHeaderBlockIsDropped() {
        var framer = MessageFramer(maximumHeaderSize: 100)
        framer.append(Array(("Content-Length: 3\r\nX-Junk: " + String(repeating: "j", count: 300)).utf8))
        framer.append(Array("\r\n\r\n[0]".utf8) + frame("[1]"))
        let received = messages(drain(&framer))
        XCTAssertEqual(received.last, "[1]")
        XCTAssertFalse(received.contains("[0]"))
    }

    func testZeroLengthBody() {
        var framer = MessageFramer()
        framer.append(frame("") + frame("[1]"))
        XCTAssertEqual(messages(drain(&framer)), ["", "[1]"])
    }
}
