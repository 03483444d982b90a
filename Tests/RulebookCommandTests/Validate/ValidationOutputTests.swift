import Foundation
import Rulebook
import XCTest

@testable import RulebookCommand

final class ValidationOutputTests: XCTestCase {
    private let violation = Violation(
        field: ConcretePath([.key("items"), .index(2), .key("sku")]), validator: .pattern,
        parameters: [.init(name: "pattern", value: .string("^[A-Z]{3}$"))], messageKey: "pattern",
        message: "SKU has an \"invalid\" format.", location: SourceLocation(file: "Rules/payment.rules", line: 11, column: 21))

    private var invalid: ValidationReport {
        ValidationReport(
            fields: [
                FieldResult(field: ConcretePath([.key("email")]), status: .valid, violations: []),
                FieldResult(field: violation.field, status: .invalid, violations: [violation]),
            ], changes: nil)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testNDJSONLinesCarryTheRecordNumberAndEveryViolationField() throws {
        var buffer: [UInt8] = []
        ValidationOutput(format: .ndjson, numbered: true, textListsValidRecords: false).append(invalid, record: 7, into: &buffer)
        XCTAssertEqual(
            text(buffer),
            #"{"record":7,"valid":false,"violations":[{"field":"items[2].sku","pointer":"/items/2/sku","rule":"pattern","params":{"pattern":"^[A-Z]{3}$"},"messageKey":"pattern","message":"SKU has an \"invalid\" format.","location":"Rules/payment.rules:11:21"}]}"#
                + "\n")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(buffer)))
    }

    func testASingleDocumentIsNotNumbered() {
        var buffer: [UInt8] = []
        let output = ValidationOutput(format: .json, numbered: false, textListsValidRecords: true)
        output.append(ValidationReport(fields: [], changes: nil), record: 0, into: &buffer)
        XCTAssertEqual(text(buffer), "{\"valid\":true,\"violations\":[]}\n")
    }

    func testJSONArrayFramingPrefixesEveryRecord() {
        var buffer: [UInt8] = []
        let output = ValidationOutput(format: .json, numbered: true, textListsValidRecords: false)
        XCTAssertTrue(output.arrayFramed)
        output.append(ValidationReport(fields: [], changes: nil), record: 0, into: &buffer)
        output.appendError("line 2, column 1: unexpected end of input", record: 1, into: &buffer)
        XCTAssertEqual(
            text(buffer),
            ",\n{\"record\":0,\"valid\":true,\"violations\":[]},\n{\"record\":1,\"error\":\"line 2, column 1: unexpected end of input\"}")
    }

    func testChangesAreReportedAsAPatch() {
        let changes = ChangeSet(
            changedFields: [ConcretePath([.key("email")])],
            patch: .object(ValueObject([(key: "email", value: .string("new@example.com"))])))
        var buffer: [UInt8] = []
        ValidationOutput(format: .ndjson, numbered: true, textListsValidRecords: false)
            .append(ValidationReport(fields: [], changes: changes), record: 0, into: &buffer)
        XCTAssertEqual(
            text(buffer),
            #"{"record":0,"valid":true,"changed":true,"changedFields":["email"],"patch":{"email":"new@example.com"},"violations":[]}"#
                + "\n")
    }

    func testTextListsFailingFieldsAndSkipsValidBulkRecords() {
        var buffer: [UInt8] = []
        let bulk = ValidationOutput(format: .text, numbered: true, textListsValidRecords: false)
        bulk.append(ValidationReport(fields: [], changes: nil), record: 0, into: &buffer)
        bulk.append(invalid, record: 1, into: &buffer)
        bulk.appendError("line 3, column 2: bad", record: 2, into: &buffer)
        XCTAssertEqual(
            text(buffer),
            """
            record 1: invalid
              items[2].sku: SKU has an "invalid" format. [pattern, Rules/payment.rules:11:21]
            record 2: error: line 3, column 2: bad

            """)
        var single: [UInt8] = []
        ValidationOutput(format: .text, numbered: false, textListsValidRecords: true)
            .append(ValidationReport(fields: [], changes: nil), record: 0, into: &single)
        XCTAssertEqual(text(single), "record: valid\n")
    }
}

final class RunStatisticsTests: XCTestCase {
    func testThousandsSeparatorsAndSeconds() {
        XCTAssertEqual(RunStatistics.grouped(0), "0")
        XCTAssertEqual(RunStatistics.grouped(999), "999")
        XCTAssertEqual(RunStatistics.grouped(1000), "1,000")
        XCTAssertEqual(RunStatistics.grouped(1_000_000), "1,000,000")
        XCTAssertEqual(RunStatistics.grouped(312_118), "312,118")
        XCTAssertEqual(RunStatistics.seconds(.milliseconds(2140)), "2.1 s")
        XCTAssertEqual(RunStatistics.seconds(.milliseconds(42)), "0.04 s")
    }

    func testSummaryLineCounts() {
        var statistics = RunStatistics()
        statistics.add(BatchResult(output: [], valid: 687_882, invalid: 312_118, errors: 0))
        XCTAssertTrue(statistics.line.hasPrefix("1,000,000 records, 312,118 invalid, "), statistics.line)
        statistics.add(BatchResult(output: [], valid: 0, invalid: 0, errors: 2))
        XCTAssertTrue(statistics.line.hasPrefix("1,000,002 records, 312,118 invalid, 2 unreadable, "), statistics.line)
    }
}
