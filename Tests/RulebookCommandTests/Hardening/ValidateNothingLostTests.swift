import Foundation
import XCTest

/// Nothing lost: `rulebook validate` (the built executable) writes exactly one
/// result per NDJSON line (docs/command.md: blank lines included, as errors), in input
/// order, whatever the bytes — malformed JSON, invalid UTF-8, NUL bytes, Windows line
/// endings, a 10 MB line, a million nested brackets, a truncated last line — and exits 2
/// when any line could not be read.
final class ValidateNothingLostTests: XCTestCase {
    private let rules = "name: required, minLength 2\n"

    /// One NDJSON line of the hostile input, and what its result must be.
    private enum Expected { case valid, invalid, error }

    private func hostileLines() -> [(bytes: [UInt8], expected: Expected)] {
        [
            (Array(#"{"name":"Ann"}"#.utf8), .valid),
            ([], .error),  // empty line
            (Array("   \t ".utf8), .error),  // blank line
            (Array(#"{"name":"#.utf8), .error),  // cut-off object
            (Array(#"{"name":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), .error),  // invalid UTF-8
            (Array(#"{"name":"A"}"#.utf8) + [0x0D], .invalid),  // Windows line ending
            (Array(#"{"name":"x"#.utf8) + [0x00] + Array(#"y"}"#.utf8), .error),  // NUL inside a string
            ([0x00] + Array(#"{"name":"Bob"}"#.utf8), .error),  // NUL before the object
            (Array((#"{"name":""# + String(repeating: "x", count: 10 << 20) + #""}"#).utf8), .valid),  // 10 MB line
            ([UInt8](repeating: UInt8(ascii: "["), count: 1_000_000), .error),  // a million nested '['
            (Array("not json".utf8), .error),
            (Array(#"[{"name":"Ann"}]"#.utf8), .error),  // a line must be an object
            (Array(#"{"name":"Lee"}"#.utf8), .valid),  // the line after still validates
        ]
    }

    func testEveryRecordHasExactlyOneResultInOrder() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(rules, to: "r.rules")
        let lines = hostileLines()
        // The last line is truncated mid-object, without a final newline.
        var input: [UInt8] = []
        for line in lines { input += line.bytes + [0x0A] }
        input += Array(#"{"name":"Zo"#.utf8)
        let expected = lines.map(\.expected) + [.error]
        try project.write(Data(input), to: "in.ndjson")

        let result = try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "in.ndjson"])
        XCTAssertEqual(result.status, 2, "a malformed record makes the exit status 2\n\(result.stderr)")
        let outputs = try Self.parseLines(result.stdout)
        let recordLines = Array(expected.indices)
        XCTAssertEqual(outputs.compactMap { $0["record"] as? Int }, recordLines, "one result per line, in order")
        for (output, line) in zip(outputs, recordLines) {
            switch expected[line] {
            case .valid: XCTAssertEqual(output["valid"] as? Bool, true, "line \(line + 1): \(output)")
            case .invalid: XCTAssertEqual(output["valid"] as? Bool, false, "line \(line + 1): \(output)")
            case .error:
                let message = output["error"] as? String ?? ""
                XCTAssertFalse(message.isEmpty, "line \(line + 1) needs an error: \(output)")
                XCTAssertTrue(message.contains("line \(line + 1)"), "the error names line \(line + 1): \(message)")
            }
        }
    }

    /// `--quiet` counts exactly what the results say, for rule sets of every shape (plain
    /// root members, nested keys, `[*]`), from a file and from stdin: the same records,
    /// invalid and unreadable counts, and exit status 2.
    func testQuietCountsWhatTheResultsSay() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        var input: [UInt8] = []
        for line in hostileLines() { input += line.bytes + [0x0A] }
        input += Array(#"{"name":"Zo"#.utf8) + [0x0A] + Array(#"{"a":{"b":"x"},"items":[{"sku":"s"}],"name":"Al"}"#.utf8)
        try project.write(Data(input), to: "in.ndjson")
        let ruleSets = [
            "root": rules, "nested": "a.b: required\nname: required, minLength 2\n",
            "wildcard": "items[*].sku: required, minLength 2\nname: required, minLength 2\n",
        ]
        for (name, text) in ruleSets.sorted(by: { $0.key < $1.key }) {
            try project.write(text, to: "\(name).rules")
            let results = try project.run(["validate", "--rules", "\(name).rules", "--format", "ndjson", "--no-summary", "in.ndjson"])
            let outputs = try Self.parseLines(results.stdout)
            let expected =
                "\(outputs.count) records, \(outputs.filter { $0["valid"] as? Bool == false }.count) invalid, "
                + "\(outputs.filter { $0["error"] != nil }.count) unreadable"
            XCTAssertEqual(outputs.count, hostileLines().count + 2, name)
            let quiet = try project.run(["validate", "--rules", "\(name).rules", "--quiet", "in.ndjson"])
            let piped = try project.run(["validate", "--rules", "\(name).rules", "--quiet", "-"], stdin: Data(input))
            for (how, run) in [("file", quiet), ("stdin", piped)] {
                XCTAssertTrue(run.stderr.hasPrefix(expected), "\(name), \(how): \(run.stderr) (expected \(expected))")
                XCTAssertEqual(run.status, 2, "\(name), \(how)")
                XCTAssertEqual(run.stdout, "", "\(name), \(how)")
            }
        }
    }

    /// The same input from stdin gives the same results.
    func testStdinGivesTheSameResults() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(rules, to: "r.rules")
        let input = Data((#"{"name":"Ann"}"# + "\r\n" + #"{"name":"# + "\n\n" + #"{"name":"A"}"#).utf8)
        try project.write(input, to: "in.ndjson")
        let fromFile = try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "in.ndjson"])
        let fromStdin = try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "-"], stdin: input)
        XCTAssertEqual(fromFile.stdout, fromStdin.stdout)
        XCTAssertEqual(fromFile.status, 2)
        XCTAssertEqual(fromStdin.status, 2)
        // A complete last line without a final newline is a record like any other.
        XCTAssertEqual(try Self.parseLines(fromStdin.stdout).compactMap { $0["record"] as? Int }, [0, 1, 2, 3])
        XCTAssertEqual(try Self.parseLines(fromStdin.stdout).last?["valid"] as? Bool, false)
    }

    /// Without malformed lines the status reflects validity only (0 or 1), so exit 2
    /// really means "something could not be read".
    func testStatusWithoutMalformedLines() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(rules, to: "r.rules")
        try project.write(#"{"name":"Ann"}"# + "\r\n" + #"{"name":"Lee"}"#, to: "ok.ndjson")
        XCTAssertEqual(try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "ok.ndjson"]).status, 0)
        try project.write(#"{"name":"Ann"}"# + "\n" + #"{"name":"L"}"# + "\n", to: "bad.ndjson")
        XCTAssertEqual(try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "bad.ndjson"]).status, 1)
        try project.write(#"{"name":"Ann"}"# + "\n\n" + #"{"name":"Lee"}"# + "\n", to: "blank.ndjson")
        XCTAssertEqual(try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "blank.ndjson"]).status, 2)
    }

    static func parseLines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return object as? [String: Any] ?? [:]
        }
    }
}
