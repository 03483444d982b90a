import Rulebook
import RulebookTooling

/// A SARIF 2.1.0 log (https://docs.oasis-open.org/sarif/sarif/v2.1.0/) that GitHub code
/// scanning accepts: one run whose driver lists every diagnostic code as a rule, and one
/// result per diagnostic with its region, related locations (notes) and fixes.
///
/// Columns are Unicode scalars (`columnKind: unicodeCodePoints`), the same as the
/// text output; end columns are exclusive, as SARIF defines them.
struct SARIFRenderer {
    /// The directory relative paths are resolved against (`%SRCROOT%`), with a trailing `/`.
    let baseDirectory: String?

    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    func render(_ report: DiagnosticReport) -> String {
        let codes = DiagnosticCode.all
        var ruleIndex: [String: Int] = [:]
        for (index, code) in codes.enumerated() { ruleIndex[code.id] = index }
        var run: [JSONNode.Member] = [
            .init(key: "tool", value: .object(["driver": driver(codes)])),
            .init(key: "invocations", value: .array([invocation(report)])),
            .init(key: "columnKind", value: .string("unicodeCodePoints")),
        ]
        if let baseDirectory {
            run.append(
                .init(
                    key: "originalUriBaseIds",
                    value: .object([
                        "%SRCROOT%": .object(["uri": .string(Self.fileURI(directory: baseDirectory))])
                    ])))
        }
        run.append(
            .init(
                key: "results",
                value: .array(
                    report.diagnostics.map {
                        result(for: $0, ruleIndex: ruleIndex[$0.code.id], in: report)
                    })))
        let log = JSONNode.object([
            "$schema": .string(Self.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ])
        return log.serialized(pretty: true) + "\n"
    }

    /// The run's invocation: not successful when a file could not be checked (its
    /// result says which), so a scan that missed a file never looks clean.
    private func invocation(_ report: DiagnosticReport) -> JSONNode {
        let unreadable = report.diagnostics.filter { $0.code == .unreadableFile }
        guard !unreadable.isEmpty else { return .object(["executionSuccessful": .bool(true)]) }
        return .object([
            "executionSuccessful": .bool(false),
            "toolExecutionNotifications": .array(
                unreadable.map { diagnostic in
                    .object([
                        "level": .string("error"),
                        "message": .object(["text": .string(diagnostic.message)]),
                        "locations": .array([
                            .object([
                                "physicalLocation": physicalLocation(
                                    file: diagnostic.file, range: diagnostic.range,
                                    in: report)
                            ])
                        ]),
                    ])
                }),
        ])
    }

    private func driver(_ codes: [DiagnosticCode]) -> JSONNode {
        .object([
            "name": .string("rulebook"),
            "version": .string(RulebookTool.version),
            "semanticVersion": .string(RulebookTool.version),
            "rules": .array(
                codes.map { code in
                    .object([
                        "id": .string(code.id),
                        "name": .string(Self.pascalCase(code.id)),
                        "shortDescription": .object(["text": .string(code.summary)]),
                        "help": .object([
                            "text": .string("\(code.summary) See docs/diagnostics.md#\(code.id)."),
                            "markdown": .string("\(code.summary) See `docs/diagnostics.md#\(code.id)`."),
                        ]),
                        "defaultConfiguration": .object(["level": .string(Self.level(code.defaultSeverity))]),
                    ])
                }),
        ])
    }

    private func result(for diagnostic: Diagnostic, ruleIndex: Int?, in report: DiagnosticReport) -> JSONNode {
        var text = diagnostic.message
        for note in diagnostic.notes where note.range == nil { text += "\nnote: \(note.message)" }
        let related = diagnostic.notes.enumerated().compactMap { index, note -> JSONNode? in
            guard let range = note.range else { return nil }
            return .object([
                "id": .integer(index),
                "message": .object(["text": .string(note.message)]),
                "physicalLocation": physicalLocation(file: note.file ?? diagnostic.file, range: range, in: report),
            ])
        }
        return .object([
            "ruleId": .string(diagnostic.code.id),
            "ruleIndex": ruleIndex.map { .integer($0) },
            "level": .string(Self.level(diagnostic.severity)),
            "message": .object(["text": .string(text)]),
            "locations": .array([
                .object(["physicalLocation": physicalLocation(file: diagnostic.file, range: diagnostic.range, in: report)])
            ]),
            "relatedLocations": related.isEmpty ? nil : .array(related),
            "fixes": diagnostic.fixIts.isEmpty ? nil : .array(diagnostic.fixIts.map { fix(for: $0, in: report) }),
        ])
    }

    private func fix(for fix: FixIt, in report: DiagnosticReport) -> JSONNode {
        // SARIF groups replacements by file.
        var files: [String] = []
        var editsByFile: [String: [TextEdit]] = [:]
        for edit in fix.edits {
            if editsByFile[edit.file] == nil { files.append(edit.file) }
            editsByFile[edit.file, default: []].append(edit)
        }
        return .object([
            "description": .object(["text": .string(fix.message)]),
            "artifactChanges": .array(
                files.map { file in
                    .object([
                        "artifactLocation": artifactLocation(file),
                        "replacements": .array(
                            (editsByFile[file] ?? []).map { edit in
                                .object([
                                    "deletedRegion": region(edit.range, in: file, report: report),
                                    "insertedContent": .object(["text": .string(edit.replacement)]),
                                ])
                            }),
                    ])
                }),
        ])
    }

    private func physicalLocation(file: String, range: SourceRange, in report: DiagnosticReport) -> JSONNode {
        .object(["artifactLocation": artifactLocation(file), "region": region(range, in: file, report: report)])
    }

    private func artifactLocation(_ file: String) -> JSONNode {
        if file.hasPrefix("/") { return .object(["uri": .string(Self.fileURI(path: file))]) }
        return .object([
            "uri": .string(Self.percentEncoded(file)),
            "uriBaseId": baseDirectory == nil ? nil : .string("%SRCROOT%"),
        ])
    }

    private func region(_ range: SourceRange, in file: String, report: DiagnosticReport) -> JSONNode {
        guard let span = report.span(of: range, in: file) else {
            return .object(["startLine": .integer(1), "startColumn": .integer(1)])
        }
        return .object([
            "startLine": .integer(span.start.line),
            "startColumn": .integer(span.start.column),
            "endLine": .integer(span.end.line),
            "endColumn": .integer(span.end.column),
        ])
    }

    /// SARIF's `level` for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `unknown-validator` → `UnknownValidator` (SARIF's rule `name`).
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Percent-encodes every byte outside RFC 3986's unreserved set and `/`.
    static func percentEncoded(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }

    /// `file:///abs/path`.
    static func fileURI(path: String) -> String { "file://" + percentEncoded(path) }

    /// `file:///abs/dir/` (a base URI must end with `/`).
    static func fileURI(directory: String) -> String {
        fileURI(path: directory.hasSuffix("/") ? directory : directory + "/")
    }
}
