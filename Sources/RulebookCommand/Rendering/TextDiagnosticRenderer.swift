import Rulebook

/// Compiler-style diagnostics for people:
///
/// ```
/// Rules/profile.rules:2:23: error: unknown validator 'minLenght' [unknown-validator]
///   2 | firstName: required, minLenght 2
///     |                      ^^^^^^^^^
///     = fix: Replace 'minLenght' with 'minLength'
/// ```
///
/// followed by a blank line per diagnostic and the summary line.
struct TextDiagnosticRenderer {
    let terminal: Terminal
    /// Whether the summary line ends the output (not under `--quiet`).
    var showsSummary = true

    func render(_ report: DiagnosticReport) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            text += render(diagnostic, in: report)
            text += "\n"
        }
        guard showsSummary else { return text }
        let summaryStyle: Terminal.Style = report.count(.error) > 0 ? .error : report.count(.warning) > 0 ? .warning : .bold
        text += terminal.paint(report.summary, summaryStyle) + "\n"
        return text
    }

    /// One diagnostic with its excerpt, notes and fixes.
    func render(_ diagnostic: Diagnostic, in report: DiagnosticReport) -> String {
        var text = header(
            file: diagnostic.file, range: diagnostic.range, severity: diagnostic.severity,
            message: diagnostic.message, code: diagnostic.code.id, report: report)
        let source = report.sources[diagnostic.file]
        let gutterWidth = source.map { String($0.lines.line(containing: diagnostic.range.start) + 1).count } ?? 1
        if let source { text += excerpt(diagnostic.range, in: source, severity: diagnostic.severity, gutterWidth: gutterWidth) }
        let pad = String(repeating: " ", count: gutterWidth + 2)
        for note in diagnostic.notes {
            if let range = note.range {
                let file = note.file ?? diagnostic.file
                text += header(file: file, range: range, severity: .note, message: note.message, code: nil, report: report)
                if let noteSource = report.sources[file] {
                    text += excerpt(range, in: noteSource, severity: .note, gutterWidth: gutterWidth)
                }
            } else {
                text += pad + "= " + terminal.paint("note:", .note) + " " + note.message + "\n"
            }
        }
        for fix in diagnostic.fixIts {
            text += pad + "= " + terminal.paint("fix:", .highlight) + " " + fix.message + "\n"
        }
        return text
    }

    private func header(
        file: String, range: SourceRange, severity: Severity, message: String, code: String?,
        report: DiagnosticReport
    ) -> String {
        let place = report.span(of: range, in: file).map { "\(file):\($0.start.line):\($0.start.column)" } ?? file
        var line = terminal.paint(place + ":", .bold) + " " + terminal.paint("\(severity.rawValue):", style(severity))
        line += " " + terminal.paint(message, .bold)
        if let code { line += " [\(code)]" }
        return line + "\n"
    }

    private func excerpt(_ range: SourceRange, in source: SourceFile, severity: Severity, gutterWidth: Int) -> String {
        let excerpt = SourceExcerpt(range: range, in: source)
        let number = String(excerpt.lineNumber)
        let width = max(gutterWidth, number.count)
        let gutter = String(repeating: " ", count: width - number.count + 1) + number + " | "
        let blank = String(repeating: " ", count: width + 1) + " | "
        return terminal.paint(gutter, .dim) + excerpt.line + "\n"
            + terminal.paint(blank, .dim) + terminal.paint(excerpt.carets, style(severity)) + "\n"
    }

    private func style(_ severity: Severity) -> Terminal.Style {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .note: .note
        }
    }
}
