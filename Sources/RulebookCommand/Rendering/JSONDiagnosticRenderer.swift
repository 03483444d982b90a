import Rulebook
import RulebookTooling

/// One JSON document with every diagnostic, for scripts and editors:
///
/// ```json
/// {"version": "0.1.0", "summary": {"files": 6, "errors": 1, "warnings": 0, "notes": 0},
///  "diagnostics": [{"file": "Rules/profile.rules", "line": 2, "column": 23,
///                   "endLine": 2, "endColumn": 32,
///                   "range": {"start": {"line": 1, "character": 22}, "end": {…}},
///                   "offsets": {"start": 44, "end": 53},
///                   "severity": "error", "code": "unknown-validator", "message": "…",
///                   "notes": [], "fixes": [{"message": "…", "edits": [{"file": …, "range": …,
///                   "offsets": …, "newText": "minLength"}]}]}]}
/// ```
///
/// `line`/`column` are 1-based with columns in Unicode scalars (what the text output
/// prints; `endColumn` is exclusive); `range` is 0-based in UTF-16 code units, the way
/// LSP clients expect it; `offsets` are UTF-8 byte offsets.
struct JSONDiagnosticRenderer {
    func render(_ report: DiagnosticReport) -> String {
        let document = JSONNode.object([
            "version": .string(RulebookTool.version),
            "summary": .object([
                "files": .integer(report.fileCount),
                "errors": .integer(report.count(.error)),
                "warnings": .integer(report.count(.warning)),
                "notes": .integer(report.count(.note)),
            ]),
            "diagnostics": .array(report.diagnostics.map { node(for: $0, in: report) }),
        ])
        return document.serialized(pretty: true) + "\n"
    }

    private func node(for diagnostic: Diagnostic, in report: DiagnosticReport) -> JSONNode {
        let span = report.span(of: diagnostic.range, in: diagnostic.file)
        return .object([
            "file": .string(diagnostic.file),
            "line": .integer(span?.start.line ?? 1),
            "column": .integer(span?.start.column ?? 1),
            "endLine": .integer(span?.end.line ?? 1),
            "endColumn": .integer(span?.end.column ?? 1),
            "range": rangeNode(span),
            "offsets": offsetsNode(diagnostic.range),
            "severity": .string(diagnostic.severity.rawValue),
            "code": .string(diagnostic.code.id),
            "message": .string(diagnostic.message),
            "notes": .array(
                diagnostic.notes.map { note in
                    let file = note.file ?? diagnostic.file
                    let noteSpan = note.range.flatMap { report.span(of: $0, in: file) }
                    return .object([
                        "message": .string(note.message),
                        "file": note.range == nil ? nil : .string(file),
                        "line": noteSpan.map { .integer($0.start.line) },
                        "column": noteSpan.map { .integer($0.start.column) },
                        "range": noteSpan.map { rangeNode($0) },
                    ])
                }),
            "fixes": .array(
                diagnostic.fixIts.map { fix in
                    .object([
                        "message": .string(fix.message),
                        "edits": .array(
                            fix.edits.map { edit in
                                .object([
                                    "file": .string(edit.file),
                                    "range": rangeNode(report.span(of: edit.range, in: edit.file)),
                                    "offsets": offsetsNode(edit.range),
                                    "newText": .string(edit.replacement),
                                ])
                            }),
                    ])
                }),
        ])
    }

    private func rangeNode(_ span: DiagnosticReport.Span?) -> JSONNode {
        func position(_ position: LinePosition?) -> JSONNode {
            .object(["line": .integer(position?.line ?? 0), "character": .integer(position?.character ?? 0)])
        }
        return .object(["start": position(span?.utf16Start), "end": position(span?.utf16End)])
    }

    private func offsetsNode(_ range: SourceRange) -> JSONNode {
        .object(["start": .integer(range.start), "end": .integer(range.end)])
    }
}
