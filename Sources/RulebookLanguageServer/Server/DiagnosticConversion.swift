import Rulebook
import RulebookTooling

/// Library diagnostics → LSP diagnostics: the same findings `rulebook check` prints,
/// with ranges in the negotiated encoding, `source: "rulebook"`, the kebab-case code,
/// and notes as related information.
enum DiagnosticConversion {
    /// Converts the diagnostics of one file. `sources` finds the text of other files
    /// that notes point into.
    static func convert(
        _ diagnostics: [Diagnostic], file: SourceFile, encoding: PositionEncoding,
        relatedInformation: Bool, sources: (String) -> SourceFile?
    ) -> [LSPDiagnostic] {
        let converter = PositionConverter(source: file, encoding: encoding)
        return diagnostics.map { diagnostic in
            var message = diagnostic.message
            var related: [LSPDiagnostic.Related] = []
            for note in diagnostic.notes {
                if relatedInformation, let location = location(of: note, in: file, encoding: encoding, sources: sources) {
                    related.append(.init(location: location, message: note.message))
                } else {
                    // Clients without related information still see the note.
                    message += "\n" + note.message
                }
            }
            return LSPDiagnostic(
                range: converter.range(of: diagnostic.range), severity: LSPDiagnostic.severity(diagnostic.severity),
                code: diagnostic.code.id, message: message, related: related)
        }
    }

    private static func location(
        of note: Note, in file: SourceFile, encoding: PositionEncoding,
        sources: (String) -> SourceFile?
    ) -> Location? {
        guard let range = note.range else { return nil }
        let path = note.file ?? file.path
        guard let source = path == file.path ? file : sources(path) else { return nil }
        let uri = path.hasPrefix("/") ? DocumentURI.fileURI(forPath: path) : path
        return Location(uri: uri, range: PositionConverter(source: source, encoding: encoding).range(of: range))
    }
}
