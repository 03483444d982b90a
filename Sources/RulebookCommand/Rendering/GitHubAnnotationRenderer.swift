import Rulebook

/// GitHub Actions workflow commands, one per diagnostic, which the runner turns into
/// annotations on the pull request:
///
/// `::error file=Rules/profile.rules,line=2,col=23,endLine=2,endColumn=31,title=unknown-validator::message`
///
/// Notes and fixes follow the message on further lines (an encoded line break).
/// `endColumn` is inclusive (the last column of the range), as GitHub draws it.
/// Severity `note` becomes `::notice`. The summary line follows as plain log text.
struct GitHubAnnotationRenderer {
    func render(_ report: DiagnosticReport) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            text += command(for: diagnostic, in: report) + "\n"
        }
        text += report.summary + "\n"
        return text
    }

    func command(for diagnostic: Diagnostic, in report: DiagnosticReport) -> String {
        let name: String
        switch diagnostic.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .note: name = "notice"
        }
        var properties = [("file", diagnostic.file)]
        if let span = report.span(of: diagnostic.range, in: diagnostic.file) {
            let endColumn = span.end.line == span.start.line ? max(span.start.column, span.end.column - 1) : span.end.column
            properties += [
                ("line", String(span.start.line)), ("col", String(span.start.column)),
                ("endLine", String(span.end.line)), ("endColumn", String(endColumn)),
            ]
        }
        properties.append(("title", diagnostic.code.id))
        var message = diagnostic.message
        for note in diagnostic.notes {
            var line = "note: \(note.message)"
            if let range = note.range, let span = report.span(of: range, in: note.file ?? diagnostic.file) {
                line += " (\(span.start))"
            }
            message += "\n" + line
        }
        for fix in diagnostic.fixIts { message += "\nfix: \(fix.message)" }
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(Self.escapeData(message))"
    }

    /// The escaping GitHub's runner undoes in a command's message.
    static func escapeData(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The escaping GitHub's runner undoes in a command's property values.
    static func escapeProperty(_ text: String) -> String {
        var result = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
