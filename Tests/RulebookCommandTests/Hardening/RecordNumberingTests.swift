import Foundation
import XCTest

/// Record N is line N, and every line is answered, whatever comes first and whatever the
/// input's size: blank lines and over-long lines each get their own error result. Drives
/// the built executable.
final class RecordNumberingTests: XCTestCase {
    private let rules = "name: required\n"

    private func results(_ input: Data, in project: TemporaryProject) throws -> (status: Int32, records: [[String: Any]]) {
        try project.write(input, to: "in.ndjson")
        let run = try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "--no-summary", "in.ndjson"])
        return (run.status, try ValidateNothingLostTests.parseLines(run.stdout))
    }

    func testABlankFirstLineKeepsRecordNumbersEqualToLineIndices() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(rules, to: "r.rules")
        let (status, records) = try results(Data("\n{\"name\":\"Ann\"}".utf8), in: project)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(records.map { $0["record"] as? Int }, [0, 1])
        guard records.count == 2 else { return }
        XCTAssertEqual(records[0]["error"] as? String, "line 1: empty line, expected a JSON object")
        XCTAssertEqual(records[1]["valid"] as? Bool, true)
    }

    /// Blank lines only: one error per line below and above the reader's 512 KiB chunk.
    func testAnInputOfBlankLinesAnswersEveryLineAtEverySize() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(rules, to: "r.rules")
        for count in [1, 3, 200_000] {
            let (status, records) = try results(Data(String(repeating: "  \n", count: count).utf8), in: project)
            XCTAssertEqual(status, 2, "\(count) lines")
            XCTAssertEqual(records.count, count, "\(count) lines")
            XCTAssertEqual(records.last?["record"] as? Int, count - 1)
            XCTAssertEqual(records.last?["error"] as? String, "line \(count): empty line, expected a JSON object")
        }
    }

    /// A first line over the 64 MiB record limit is one error; the lines after it are
    /// validated and numbered, as they are when the same line comes second.
    func testAnOverlongFirstLineIsOneErrorAndEveryLineAfterItIsAnswered() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(rules, to: "r.rules")
        var long = Data(#"{"name":""#.utf8)
        // Over the limit by more than one 512 KiB read, so no read takes in its line break.
        long.append(Data(repeating: UInt8(ascii: "x"), count: (64 << 20) + (1 << 20)))
        long.append(Data(#""}"#.utf8))
        let after = Data("\n{\"name\":\"Ann\"}\n{}\n".utf8)
        for (name, input, lineOfLong) in [
            ("first", long + after, 0), ("second", Data(#"{"name":"Bo"}"#.utf8) + Data("\n".utf8) + long + after, 1),
        ] {
            let (status, records) = try results(input, in: project)
            XCTAssertEqual(status, 2, name)
            XCTAssertEqual(records.map { $0["record"] as? Int }, Array(0...(lineOfLong + 2)), name)
            guard records.count == lineOfLong + 3 else { continue }
            XCTAssertEqual(
                records[lineOfLong]["error"] as? String,
                "line \(lineOfLong + 1): longer than the limit of 67108864 bytes", name)
            XCTAssertEqual(records[lineOfLong + 1]["valid"] as? Bool, true, name)
            XCTAssertEqual(records[lineOfLong + 2]["valid"] as? Bool, false, name)
        }
    }
}
