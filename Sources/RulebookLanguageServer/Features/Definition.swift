import Rulebook
import RulebookTooling

/// `textDocument/definition`: a named rule → where it is defined (in this file or an
/// imported one); an import → the imported file; a message key → its entry in the base
/// catalogue, then in each translation.
enum Definition {
    static let method = "textDocument/definition"

    static let route = Route.typed(TextDocumentPositionParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        let offset = analysis.document.converter(context.encoding).offset(of: params.position)
        guard let occurrence = analysis.index?.occurrence(at: offset) else { return .null }
        let locations = Definition.locations(for: occurrence, analysis: analysis, encoding: context.encoding)
        return locations.isEmpty ? .null : .array(locations)
    }

    static func locations(for occurrence: SyntaxOccurrence, analysis: DocumentAnalysis, encoding: PositionEncoding) -> [Location] {
        switch occurrence.kind {
        case .ruleReference(let name, _):
            guard let definition = analysis.scope[name] else { return [] }
            return [location(definition.source, definition.syntax.name.range, encoding)]
        case .ruleDeclaration(let syntax):
            return [location(analysis.document.source, syntax.name.range, encoding)]
        case .importPath(let syntax):
            guard let target = analysis.resolvedImport(syntax) else { return [] }
            return [
                Location(uri: uri(forPath: target), range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)))
            ]
        case .messageKey(let key):
            guard let directory = analysis.workspace.catalogueDirectory(for: analysis.document.path) else { return [] }
            // The base catalogue first, then the translations by locale.
            let catalogs = directory.catalogs.catalogs.values.sorted { lhs, rhs in
                let lhsBase = lhs.locale == MessageCatalogs.baseLocale, rhsBase = rhs.locale == MessageCatalogs.baseLocale
                return lhsBase != rhsBase ? lhsBase : lhs.locale < rhs.locale
            }
            return catalogs.compactMap { catalog in
                catalog.entry(forKey: key).map { location(catalog.file, $0.keyRange, encoding) }
            }
        default:
            return []
        }
    }

    static func location(_ source: SourceFile, _ range: SourceRange, _ encoding: PositionEncoding) -> Location {
        Location(uri: uri(forPath: source.path), range: PositionConverter(source: source, encoding: encoding).range(of: range))
    }

    /// The URI of a file the library names by path (`untitled:` names are URIs already).
    static func uri(forPath path: String) -> String {
        path.hasPrefix("/") ? DocumentURI.fileURI(forPath: path) : path
    }
}
