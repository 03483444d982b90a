import Foundation
import XCTest

@testable import RulebookCommand

/// Writes bytes to a temporary file and opens it as a ``ByteSource``.
enum TemporaryInput {
    static func source(_ bytes: [UInt8]) throws -> ByteSource {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-input-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        let source = try ByteSource(path: url.path)
        try FileManager.default.removeItem(at: url)  // the open descriptor keeps it readable
        return source
    }

    static func source(_ text: String) throws -> ByteSource { try source(Array(text.utf8)) }
}

/// Reads every batch and returns (record index, text or problem) pairs.
private func records(_ next: () throws -> RecordBatch?) throws -> [(Int, String)] {
    var result: [(Int, String)] = []
    var sequence = 0
    while let batch = try next() {
        XCTAssertEqual(batch.sequence, sequence)
        sequence += 1
        for record in batch.records() {
            result.append((record.index, record.problem ?? String(decoding: batch.bytes[record.range], as: UTF8.self)))
        }
    }
    return result
}

final class LineReaderTests: XCTestCase {
    private func lines(_ text: String, chunkSize: Int = 1 << 20, maxRecordBytes: Int = 1 << 20) throws -> [(Int, String)] {
        var reader = LineReader(
            source: try TemporaryInput.source(text),
            limits: ReaderLimits(chunkSize: chunkSize, maxRecordBytes: maxRecordBytes))
        return try records { try reader.next() }
    }

    func testWindowsLineEndingsBlankLinesAndATruncatedLastLine() throws {
        let result = try lines("{\"a\":1}\r\n\r\n   \n{\"b\":2}\n{\"c\":")
        XCTAssertEqual(result.map(\.0), [0, 1, 2, 3, 4], "every line is a record, blank ones included")
        XCTAssertEqual(
            result.map(\.1),
            [
                "{\"a\":1}", "line 2: empty line, expected a JSON object",
                "line 3: empty line, expected a JSON object", "{\"b\":2}", "{\"c\":",
            ])
    }

    func testTheFinalLineBreakDoesNotStartABlankLine() throws {
        XCTAssertEqual(try lines("{}\n").map(\.1), ["{}"])
        XCTAssertEqual(try lines("{}\r\n").map(\.1), ["{}"])
        XCTAssertEqual(try lines("{}\n\n").map(\.1), ["{}", "line 2: empty line, expected a JSON object"])
        XCTAssertEqual(
            try lines("{}\n \t").map(\.1), ["{}", "line 2: empty line, expected a JSON object"],
            "a white-space-only last line without a line break is still a line")
    }

    func testBlankLinesAcrossSmallChunksKeepTheirNumbers() throws {
        let text = (0..<300).map { $0 % 3 == 0 ? "" : "{\"n\":\($0)}" }.joined(separator: "\n") + "\n"
        let result = try lines(text, chunkSize: 16)
        XCTAssertEqual(result.map(\.0), Array(0..<300))
        for (index, text) in result where index % 3 == 0 {
            XCTAssertEqual(text, "line \(index + 1): empty line, expected a JSON object")
        }
    }

    func testSmallChunksNeverSplitALine() throws {
        let text = (0..<500).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: $0 % 37))\"}" }.joined(separator: "\n") + "\n"
        let result = try lines(text, chunkSize: 64)
        XCTAssertEqual(result.count, 500)
        for (position, record) in result.enumerated() {
            XCTAssertEqual(record.0, position)
            XCTAssertTrue(record.1.hasPrefix("{\"n\":\(position),"), record.1)
        }
    }

    func testOverlongLinesBecomeErrorsAndTheRestIsRead() throws {
        let long = "{\"x\":\"" + String(repeating: "y", count: 5000) + "\"}"
        let result = try lines("{\"a\":1}\n" + long + "\n{\"b\":2}\n" + long, chunkSize: 100, maxRecordBytes: 1000)
        XCTAssertEqual(result.map(\.0), [0, 1, 2, 3])
        XCTAssertEqual(result[0].1, "{\"a\":1}")
        XCTAssertEqual(result[1].1, "line 2: longer than the limit of 1000 bytes")
        XCTAssertEqual(result[2].1, "{\"b\":2}")
        XCTAssertEqual(result[3].1, "line 4: longer than the limit of 1000 bytes")
    }

    /// A line read over tens of thousands of chunks is searched for its line break once
    /// (each read looks at the new bytes only): a reader that re-scanned its buffer per
    /// chunk would take about 30,000 × 1 MB steps here, so this test cannot pass with one.
    /// The same holds for a line over the limit, which is skipped chunk by chunk.
    func testALineSpanningManyChunksIsSplitInOnePass() throws {
        let long = "{\"x\":\"" + String(repeating: "y", count: 2 << 20) + "\"}"
        let result = try lines("{}\n" + long + "\n{\"b\":2}\n", chunkSize: 64, maxRecordBytes: 4 << 20)
        XCTAssertEqual(result.map(\.0), [0, 1, 2])
        XCTAssertEqual(result[1].1.utf8.count, long.utf8.count)
        XCTAssertEqual(result[2].1, "{\"b\":2}")
        let skipped = try lines("{}\n" + long + "\n{\"b\":2}\n", chunkSize: 64, maxRecordBytes: 1 << 20)
        XCTAssertEqual(skipped.map(\.1), ["{}", "line 2: longer than the limit of 1048576 bytes", "{\"b\":2}"])
    }

    /// Batches are split on worker threads, in whatever order they run: each still
    /// numbers its lines from where the batches before it ended, and the reader's line
    /// count covers every line.
    func testBatchesSplitConcurrentlyKeepExactLineNumbers() throws {
        let text = (0..<2000).map { $0 % 7 == 0 ? " " : "{\"n\":\($0)}" }.joined(separator: "\r\n")
        var reader = LineReader(source: try TemporaryInput.source(text), limits: ReaderLimits(chunkSize: 97, maxRecordBytes: 1 << 20))
        let pipeline = OrderedPipeline<[(Int, String)]>(window: 8)
        var found: [(Int, String)] = []
        var sequence = 0
        while let batch = try reader.next() {
            XCTAssertEqual(batch.sequence, sequence)
            sequence += 1
            pipeline.submit(
                {
                    usleep(UInt32(batch.sequence % 5) * 200)  // later batches often split first
                    return batch.records().map { ($0.index, $0.problem ?? String(decoding: batch.bytes[$0.range], as: UTF8.self)) }
                }, consume: { found += $0 })
        }
        pipeline.finish { found += $0 }
        XCTAssertGreaterThan(sequence, 100)
        XCTAssertEqual(found.map(\.0), Array(0..<2000))
        for (index, text) in found {
            XCTAssertEqual(text, index % 7 == 0 ? "line \(index + 1): empty line, expected a JSON object" : "{\"n\":\(index)}")
        }
        XCTAssertEqual(reader.linesRead, 2000)
    }

    /// Batches are read into the arrays of batches already validated (given back on the
    /// workers, in any order): each batch still holds exactly its own lines, never the
    /// stale bytes of a longer batch read into the same array before.
    func testRecycledBatchesHoldOnlyTheirOwnLines() throws {
        let text = (0..<3000).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: ($0 * 7) % 151))\"}" }
        var reader = LineReader(
            source: try TemporaryInput.source(text.joined(separator: "\n")),
            limits: ReaderLimits(chunkSize: 1000, maxRecordBytes: 1 << 20))
        let pipeline = OrderedPipeline<[(Int, String)]>(window: 4)
        var found: [(Int, String)] = []
        while let batch = try reader.next() {
            pipeline.submit(
                {
                    defer { batch.recycle() }
                    return batch.records().map { ($0.index, $0.problem ?? String(decoding: batch.bytes[$0.range], as: UTF8.self)) }
                }, consume: { found += $0 })
        }
        pipeline.finish { found += $0 }
        XCTAssertEqual(found.map(\.0), Array(0..<3000))
        XCTAssertEqual(found.map(\.1), text)
    }

    func testEmptyInputHasNoRecords() throws {
        XCTAssertTrue(try lines("").isEmpty)
        XCTAssertEqual(try lines("\n\n").map(\.0), [0, 1], "two blank lines, each reported")
    }
}

final class ArrayElementReaderTests: XCTestCase {
    private func elements(_ text: String, chunkSize: Int = 1 << 20, maxRecordBytes: Int = 1 << 20)
        throws -> (records: [(Int, String)], framing: [String])
    {
        var reader = ArrayElementReader(
            source: try TemporaryInput.source(text),
            limits: ReaderLimits(chunkSize: chunkSize, maxRecordBytes: maxRecordBytes))
        let result = try records { try reader.next() }
        return (result, reader.framingErrors)
    }

    func testElementsWithNestingStringsAndEscapes() throws {
        let (result, framing) = try elements(#" [ {"a": [1, {"b": "],}"}]} , {"c": "\"quoted\" \\"},{} ] "#)
        XCTAssertEqual(framing, [])
        XCTAssertEqual(result.map(\.0), [0, 1, 2])
        XCTAssertEqual(result.map(\.1), [#"{"a": [1, {"b": "],}"}]}"#, #"{"c": "\"quoted\" \\"}"#, "{}"])
    }

    func testSmallChunksKeepElementsWhole() throws {
        let text = "[" + (0..<300).map { "{\"n\": \($0), \"s\": \"a,b]c\"}" }.joined(separator: ",\n") + "]"
        let (result, framing) = try elements(text, chunkSize: 50)
        XCTAssertEqual(framing, [])
        XCTAssertEqual(result.count, 300)
        for (position, record) in result.enumerated() {
            XCTAssertEqual(record.1, "{\"n\": \(position), \"s\": \"a,b]c\"}")
        }
    }

    func testEmptyArrayAndMissingValues() throws {
        XCTAssertTrue(try elements("[]").records.isEmpty)
        XCTAssertTrue(try elements("[ \n ]").records.isEmpty)
        let (result, _) = try elements("[{}, , {}]")
        XCTAssertEqual(result.map(\.1), ["{}", "element 1: missing value", "{}"])
    }

    func testFramingErrors() throws {
        XCTAssertEqual(try elements("[{}, {}").framing, ["the input ends before the array's closing ']'"])
        XCTAssertEqual(try elements("[{}] x").framing, ["unexpected text after the array's closing ']'"])
        XCTAssertEqual(try elements("[{}] x").records.count, 1)
    }

    func testOverlongElementsBecomeErrors() throws {
        let long = "{\"x\":\"" + String(repeating: "y", count: 3000) + "\"}"
        let (result, framing) = try elements("[{\"a\":1}, \(long), {\"b\":2}]", chunkSize: 64, maxRecordBytes: 500)
        XCTAssertEqual(framing, [])
        XCTAssertEqual(result.map(\.1), ["{\"a\":1}", "element 1: longer than the limit of 500 bytes", "{\"b\":2}"])
    }
}

final class InputLayoutDetectorTests: XCTestCase {
    private func layout(_ text: String) throws -> InputLayout {
        try InputLayoutDetector(limits: ReaderLimits()).detect(try TemporaryInput.source(text)).layout
    }

    func testLayouts() throws {
        XCTAssertEqual(try layout(""), .empty)
        XCTAssertEqual(try layout(" \n\t"), .ndjson, "blank lines are lines to answer")
        XCTAssertEqual(try layout("[{}]"), .array)
        XCTAssertEqual(try layout("\u{FEFF}\n [\n{}]"), .array)
        XCTAssertEqual(try layout("{\"a\": 1}"), .document)
        XCTAssertEqual(try layout("{\"a\": 1}\n"), .document)
        XCTAssertEqual(try layout("{\"a\": 1}\n\n"), .ndjson, "a blank second line is a line to answer")
        XCTAssertEqual(try layout("{\n  \"a\": 1,\n  \"b\": {\"c\": 2}\n}\n"), .document)
        XCTAssertEqual(try layout("{\"a\": 1}\n{\"a\": 2}\n"), .ndjson)
        XCTAssertEqual(try layout("{\"a\": 1}\r\n{\"a\": 2}"), .ndjson)
        // A broken first line followed by records is NDJSON, not one broken document.
        XCTAssertEqual(try layout("{\"a\": [1\n{\"a\": 2}\n"), .ndjson)
        XCTAssertEqual(try layout("not json\n{\"a\": 2}\n"), .ndjson)
        XCTAssertEqual(try layout("{\"a\": \"}\"}\n"), .document)
    }

    /// Record N is line N: a blank first line, or a first line over the record limit,
    /// never makes the input one document whose other lines go unanswered.
    func testBlankAndOverlongFirstLinesMakeNDJSON() throws {
        XCTAssertEqual(try layout("\n{\"a\": 1}"), .ndjson)
        XCTAssertEqual(try layout(" \r\n{\"a\": 1}\n"), .ndjson)
        XCTAssertEqual(try layout("\n{\n  \"a\": 1\n}\n"), .document, "a pretty-printed document may start with a blank line")
        let limits = ReaderLimits(chunkSize: 64, maxRecordBytes: 1000)
        let long = "{\"x\":\"" + String(repeating: "y", count: 5000) + "\"}"
        for text in [long + "\n{}\n", long, long + "\n"] {
            let detected = try InputLayoutDetector(limits: limits).detect(try TemporaryInput.source(text)).layout
            XCTAssertEqual(detected, .ndjson, "\(text.count) bytes")
        }
    }

    /// Through ``RecordStream``: the over-long first line is one error record and every
    /// line after it is read and numbered.
    func testAnOverlongFirstLineIsOneErrorAndTheRestIsRead() throws {
        let long = "{\"x\":\"" + String(repeating: "y", count: 5000) + "\"}"
        var stream = try RecordStream(
            source: try TemporaryInput.source(long + "\n{\"a\":1}\n\n{\"b\":2}\n"),
            limits: ReaderLimits(chunkSize: 64, maxRecordBytes: 1000))
        var found: [(Int, String)] = []
        while let batch = try stream.next() {
            for record in batch.records() {
                found.append((record.index, record.problem ?? String(decoding: batch.bytes[record.range], as: UTF8.self)))
            }
        }
        XCTAssertEqual(found.map(\.0), [0, 1, 2, 3])
        XCTAssertEqual(
            found.map(\.1),
            [
                "line 1: longer than the limit of 1000 bytes", "{\"a\":1}",
                "line 3: empty line, expected a JSON object", "{\"b\":2}",
            ])
    }

    func testThePrefixKeepsEverythingButTheByteOrderMark() throws {
        let (_, prefix) = try InputLayoutDetector(limits: ReaderLimits()).detect(try TemporaryInput.source("\u{FEFF}{\"a\":1}\n{}"))
        XCTAssertEqual(String(decoding: prefix, as: UTF8.self), "{\"a\":1}\n{}")
    }
}

final class OrderedPipelineTests: XCTestCase {
    func testResultsComeBackInSubmissionOrder() {
        let pipeline = OrderedPipeline<Int>(window: 3)
        var delivered: [Int] = []
        for item in 0..<200 {
            pipeline.submit(
                {
                    // Later items often finish first.
                    usleep(UInt32((200 - item) % 7) * 100)
                    return item
                }, consume: { delivered.append($0) })
        }
        pipeline.finish { delivered.append($0) }
        XCTAssertEqual(delivered, Array(0..<200))
    }
}
