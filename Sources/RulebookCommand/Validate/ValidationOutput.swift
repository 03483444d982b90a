import Rulebook

/// The output formats of `validate`.
enum ValidationFormat: String, CaseIterable, Sendable {
    /// For people: the failing fields and messages of each invalid record.
    case text
    /// One JSON object for a single record; a JSON array (one element per line) for many.
    case json
    /// One JSON object per line, each with `"record": N`.
    case ndjson
}

/// Encodes validation results as bytes, per record, on worker threads.
///
/// JSON output (docs/command.md, `rulebook validate`, `--format json`): `{"valid":false,"violations":[{"field":"firstName",
/// "pointer":"/firstName","rule":"minLength","params":{"min":2},"messageKey":"minLength",
/// "message":"…","location":"Rules/profile.rules:2:23"}]}`, plus `"record":N` first when
/// records are numbered, and `"changed"`, `"changedFields"`, `"patch"` with
/// `--changed-from`, and `"unlistedViolations":N` when `--only-changed` left violations of
/// unchanged fields out. A record that cannot be read is `{"record":N,"error":"…"}`.
struct ValidationOutput: Sendable {
    let format: ValidationFormat
    /// Whether records carry their number (every input but a single document; always
    /// for NDJSON output).
    let numbered: Bool
    /// Whether valid records are listed in the text format (a single document only:
    /// for bulk input the text lists problems and the summary counts the rest).
    let textListsValidRecords: Bool
    /// Whether JSON array framing is in use: each record is preceded by `,\n`, and the
    /// writer drops the very first separator and adds the brackets.
    var arrayFramed: Bool { format == .json && numbered }
    /// `--id-field`: the top-level member whose value each JSON result echoes as `"id"`
    /// (null when the record lacks it or cannot be read), so that results can be joined
    /// back to their records wherever they were numbered.
    var idField: String? = nil

    /// Appends the result of one record; `id` is its `idField` value. `unlisted`:
    /// violations the report leaves out (`--only-changed`: those of unchanged fields); any
    /// makes the record invalid.
    func append(
        _ report: ValidationReport, record: Int, id: Value? = nil, unlisted: Int = 0,
        into buffer: inout [UInt8]
    ) {
        switch format {
        case .text: appendText(report, record: record, unlisted: unlisted, into: &buffer)
        case .json, .ndjson: appendJSON(report, record: record, id: id, unlisted: unlisted, into: &buffer)
        }
    }

    /// Appends a record that could not be read or validated.
    func appendError(_ message: String, record: Int, id: Value? = nil, into buffer: inout [UInt8]) {
        switch format {
        case .text:
            append(numbered ? "record \(record): error: \(message)\n" : "error: \(message)\n", into: &buffer)
        case .json, .ndjson:
            beginObject(record: record, id: id, into: &buffer)
            append("\"error\":", into: &buffer)
            JSONWriter.appendJSONString(message, into: &buffer)
            endObject(into: &buffer)
        }
    }

    private func appendJSON(
        _ report: ValidationReport, record: Int, id: Value?, unlisted: Int,
        into buffer: inout [UInt8]
    ) {
        beginObject(record: record, id: id, into: &buffer)
        append(report.isValid && unlisted == 0 ? "\"valid\":true" : "\"valid\":false", into: &buffer)
        if let changes = report.changes {
            append(
                changes.hasChanges ? ",\"changed\":true,\"changedFields\":[" : ",\"changed\":false,\"changedFields\":[",
                into: &buffer)
            for (position, field) in changes.changedFields.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                JSONWriter.appendJSONString(field.description, into: &buffer)
            }
            append("],\"patch\":", into: &buffer)
            JSONWriter().write(changes.patch, into: &buffer)
        }
        append(",\"violations\":[", into: &buffer)
        var first = true
        for field in report.fields {
            for violation in field.violations {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                appendViolation(violation, into: &buffer)
            }
        }
        buffer.append(UInt8(ascii: "]"))
        if unlisted > 0 {
            append(",\"unlistedViolations\":", into: &buffer)
            JSONWriter.appendInteger(unlisted, into: &buffer)
        }
        endObject(into: &buffer)
    }

    private func appendViolation(_ violation: Violation, into buffer: inout [UInt8]) {
        append("{\"field\":", into: &buffer)
        JSONWriter.appendJSONString(violation.field.description, into: &buffer)
        append(",\"pointer\":", into: &buffer)
        JSONWriter.appendJSONString(violation.field.jsonPointer, into: &buffer)
        append(",\"rule\":", into: &buffer)
        JSONWriter.appendJSONString(violation.validator.rawValue, into: &buffer)
        append(",\"params\":{", into: &buffer)
        for (position, parameter) in violation.parameters.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            JSONWriter.appendJSONString(parameter.name, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            JSONWriter().write(parameter.value, into: &buffer)
        }
        append("},\"messageKey\":", into: &buffer)
        JSONWriter.appendJSONString(violation.messageKey, into: &buffer)
        append(",\"message\":", into: &buffer)
        JSONWriter.appendJSONString(violation.message, into: &buffer)
        append(",\"location\":", into: &buffer)
        JSONWriter.appendJSONString(violation.location.description, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    private func beginObject(record: Int, id: Value?, into buffer: inout [UInt8]) {
        if arrayFramed { append(",\n", into: &buffer) }
        buffer.append(UInt8(ascii: "{"))
        if numbered || format == .ndjson {
            append("\"record\":", into: &buffer)
            JSONWriter.appendInteger(record, into: &buffer)
            buffer.append(UInt8(ascii: ","))
        }
        if idField != nil {
            append("\"id\":", into: &buffer)
            JSONWriter().write(id ?? .null, into: &buffer)
            buffer.append(UInt8(ascii: ","))
        }
    }

    private func endObject(into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "}"))
        if !arrayFramed { buffer.append(UInt8(ascii: "\n")) }
    }

    private func appendText(_ report: ValidationReport, record: Int, unlisted: Int, into buffer: inout [UInt8]) {
        let name = numbered ? "record \(record)" : "record"
        if report.isValid && unlisted == 0 {
            guard textListsValidRecords || report.changes != nil else { return }
            append("\(name): valid", into: &buffer)
        } else {
            append("\(name): invalid", into: &buffer)
        }
        if let changes = report.changes {
            append(
                changes.hasChanges
                    ? " (changed: \(changes.changedFields.map(\.description).joined(separator: ", ")))"
                    : " (unchanged)", into: &buffer)
        }
        if unlisted > 0 {
            append("; \(unlisted == 1 ? "1 violation" : "\(unlisted) violations") in unchanged fields not listed", into: &buffer)
        }
        buffer.append(UInt8(ascii: "\n"))
        for field in report.fields {
            for violation in field.violations {
                append(
                    "  \(violation.field): \(violation.message) [\(violation.validator.rawValue), \(violation.location)]\n",
                    into: &buffer)
            }
        }
    }

    private func append(_ text: String, into buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }
}
