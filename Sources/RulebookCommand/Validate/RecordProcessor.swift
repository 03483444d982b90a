import Rulebook

/// How error messages name a record.
enum RecordNaming: Sendable {
    /// NDJSON: `line 3, column 17: …` (1-based line numbers, as editors show them).
    case line
    /// Array input: `element 2: …`.
    case element
    /// A single document: `line 4, column 9: …` within the document.
    case document
}

/// Validates the records of one batch on a worker thread and encodes their results.
///
/// Immutable and `Sendable`: one value is shared by every worker. Each record is read
/// with the library's JSON reader and validated with a compiled rule set from `rules`
/// (one no other worker uses meanwhile; see ``RuleSetPool``); in counting mode
/// (`--quiet`) no message is rendered and nothing is encoded.
struct RecordProcessor: Sendable {
    let rules: RuleSetPool
    let options: ValidationOptions
    /// Nil in counting mode.
    let output: ValidationOutput?
    let reader = JSONReader()
    /// Prefixed to error messages when several inputs are read (`users.ndjson: `).
    let inputName: String?

    /// Validates `batch`; record numbers are the batch's indices plus `offset`.
    ///
    /// Records are validated straight from their bytes through the engine's JSON tape
    /// (no `Value` is built), with one ``JSONRecordValidator`` per batch so its buffers
    /// are reused from record to record. With `originals` (`--changed-from`) both
    /// records are read as values and compared.
    func process(
        _ batch: RecordBatch, offset: Int, naming: RecordNaming,
        originals: [Int: [UInt8]]? = nil
    ) -> BatchResult {
        // Framed before a rule set is taken: framing NDJSON lines may wait for the
        // batches before this one, and a rule set held meanwhile would be idle.
        let records = batch.records()
        defer { batch.recycle() }
        return rules.withRules {
            process(records, of: batch, offset: offset, naming: naming, originals: originals, rules: $0)
        }
    }

    private func process(
        _ records: [RecordSlice], of batch: RecordBatch, offset: Int, naming: RecordNaming,
        originals: [Int: [UInt8]]?, rules: CompiledRuleSet
    ) -> BatchResult {
        var result = BatchResult()
        result.output.reserveCapacity(output == nil ? 0 : records.count * 96)
        var validator = JSONRecordValidator(rules: rules, options: options)
        batch.bytes.withUnsafeBytes { bytes in
            for record in records {
                let number = record.index + offset
                if let problem = record.problem {
                    fail(prefixed(problem), number: number, into: &result)
                    continue
                }
                let slice = UnsafeRawBufferPointer(rebasing: bytes[record.range])
                if let originals {
                    switch parse(slice, index: record.index, naming: naming) {
                    case .failure(let message): fail(message, number: number, into: &result)
                    case .success(let value):
                        validateChange(
                            value, original: originals[record.index], number: number, index: record.index,
                            rules: rules, into: &result)
                    }
                } else if Self.startsWithBrace(slice) {
                    validate(slice, with: &validator, number: number, index: record.index, naming: naming, into: &result)
                } else if case .failure(let message) = parse(slice, index: record.index, naming: naming) {
                    fail(message, number: number, into: &result)
                }
            }
        }
        return result
    }

    /// Validates an object's bytes on the tape; a syntax error becomes the record's error.
    private func validate(
        _ slice: UnsafeRawBufferPointer, with validator: inout JSONRecordValidator, number: Int,
        index: Int, naming: RecordNaming, into result: inout BatchResult
    ) {
        do {
            guard let output else {
                if try validator.isValid(slice) { result.valid += 1 } else { result.invalid += 1 }
                return
            }
            let report = try validator.validate(slice)
            if report.isValid { result.valid += 1 } else { result.invalid += 1 }
            output.append(report, record: number, id: id(in: slice), into: &result.output)
        } catch {
            fail(describe(error, in: slice, index: index, naming: naming), number: number, into: &result)
        }
    }

    /// The `--id-field` member of a record read from `slice` (read a second time, as a
    /// value: only runs that ask for ids pay for it).
    private func id(in slice: UnsafeRawBufferPointer) -> Value? {
        guard output?.idField != nil, let value = try? reader.parse(slice) else { return nil }
        return id(in: value)
    }

    private func id(in value: Value) -> Value? {
        guard let field = output?.idField, case .object(let object) = value else { return nil }
        return object[field]
    }

    /// Whether the first byte that is not white space is `{` (a record that parses is
    /// then an object).
    static func startsWithBrace(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where !JSONStructureScanner.isWhitespace(byte) { return byte == UInt8(ascii: "{") }
        return false
    }

    private func validateChange(
        _ value: Value, original: [UInt8]?, number: Int, index: Int, rules: CompiledRuleSet,
        into result: inout BatchResult
    ) {
        guard let original else {
            fail(prefixed("no original record \(index) in the --changed-from input"), number: number, into: &result)
            return
        }
        let parsed = original.withUnsafeBytes { parse($0, index: index, naming: .element) }
        guard case .success(let originalValue) = parsed else {
            if case .failure(let message) = parsed { fail("original record: " + message, number: number, into: &result) }
            return
        }
        // `--only-changed` narrows what is listed, never what is checked: the record is
        // validated in full, and a violation of an unchanged field still makes it invalid
        // (counted as unlisted), so no record is called valid that was not checked.
        var whole = options
        whole.onlyChangedFields = false
        let full = rules.validate(value, original: originalValue, options: whole)
        let listed = options.onlyChangedFields ? rules.validate(value, original: originalValue, options: options) : full
        let unlisted = Self.violationCount(full) - Self.violationCount(listed)
        if full.isValid { result.valid += 1 } else { result.invalid += 1 }
        output?.append(listed, record: number, id: id(in: value), unlisted: unlisted, into: &result.output)
    }

    static func violationCount(_ report: ValidationReport) -> Int {
        report.fields.reduce(0) { $0 + $1.violations.count }
    }

    private func fail(_ message: String, number: Int, into result: inout BatchResult) {
        result.errors += 1
        output?.appendError(message, record: number, into: &result.output)
    }

    private enum Parsed {
        case success(Value)
        case failure(String)
    }

    /// The record as a `Value`, or why it cannot be one.
    private func parse(_ bytes: UnsafeRawBufferPointer, index: Int, naming: RecordNaming) -> Parsed {
        let value: Value
        do {
            value = try reader.parse(bytes)
        } catch {
            return .failure(describe(error, in: bytes, index: index, naming: naming))
        }
        guard case .object = value else {
            let place: String
            switch naming {
            case .line: place = "line \(index + 1): "
            case .element: place = "element \(index): "
            case .document: place = ""
            }
            return .failure(prefixed(place + "expected a JSON object, found \(Self.kind(of: value))"))
        }
        return .success(value)
    }

    /// `line 3, column 17: expected ',' or '}' after object member`.
    private func describe(_ error: JSONError, in bytes: UnsafeRawBufferPointer, index: Int, naming: RecordNaming) -> String {
        let (line, column) = error.lineAndColumn(in: bytes)
        switch naming {
        case .line: return prefixed("line \(index + 1), column \(column): \(error.message)")
        case .element: return prefixed("element \(index), line \(line), column \(column): \(error.message)")
        case .document: return prefixed("line \(line), column \(column): \(error.message)")
        }
    }

    private func prefixed(_ message: String) -> String {
        inputName.map { "\($0): \(message)" } ?? message
    }

    static func kind(of value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .decimal: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
