import Rulebook
import XCTest

@testable import RulebookCommand

/// `RuleSetPool`: batches running at the same time never share a compiled rule set, and
/// copies are reused rather than made per batch.
final class RuleSetPoolTests: XCTestCase {
    private func compiled() throws -> CompiledRuleSet {
        try CompiledRuleSet(source: "zip: required, pattern /^[0-9]{5}$/")
    }

    func testSequentialUsersShareOneRuleSet() throws {
        let pool = RuleSetPool(try compiled())
        for _ in 0..<5 {
            pool.withRules { rules in XCTAssertEqual(try? rules.isValid(json: Array(#"{"zip":"12345"}"#.utf8)), true) }
        }
        XCTAssertEqual(pool.count, 1)
    }

    func testConcurrentUsersGetDistinctRuleSetsThatAreThenReused() throws {
        let pool = RuleSetPool(try compiled())
        pool.withRules { outer in
            pool.withRules { inner in
                XCTAssertFalse(outer.sharesProgram(with: inner), "two holders at once must not share a program")
                XCTAssertEqual(try? inner.isValid(json: Array(#"{"zip":"1234"}"#.utf8)), false)
            }
        }
        XCTAssertEqual(pool.count, 2)
        pool.withRules { a in pool.withRules { b in XCTAssertFalse(a.sharesProgram(with: b)) } }
        XCTAssertEqual(pool.count, 2, "the copy is reused")
    }

    func testValidateCountsAreTheSameWhateverTheBatchSize() throws {
        // Many small batches through the pipeline: results in order, counts exact.
        let rules = try compiled()
        let processor = RecordProcessor(rules: RuleSetPool(rules), options: ValidationOptions(), output: nil, inputName: nil)
        let lines = (0..<2_000).map { $0 % 3 == 0 ? #"{"zip":"1234"}"# : #"{"zip":"12345"}"# }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let pipeline = OrderedPipeline<BatchResult>(window: 8)
        var valid = 0, invalid = 0
        var start = 0, index = 0, sequence = 0
        while start < bytes.count {
            var slices: [RecordSlice] = []
            var position = start
            while position < bytes.count, slices.count < 50 {
                let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                slices.append(RecordSlice(index: index, range: (position - start)..<(end - start)))
                index += 1
                position = end + 1
            }
            let batch = RecordBatch(sequence: sequence, bytes: Array(bytes[start..<min(position, bytes.count)]), records: slices)
            sequence += 1
            start = position
            pipeline.submit({ processor.process(batch, offset: 0, naming: .line) }) {
                valid += $0.valid; invalid += $0.invalid
            }
        }
        pipeline.finish {
            valid += $0.valid; invalid += $0.invalid
        }
        XCTAssertEqual(invalid, 667)
        XCTAssertEqual(valid, 1_333)
    }
}
