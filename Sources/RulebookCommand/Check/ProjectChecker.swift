import Foundation
import Rulebook
import RulebookTooling

/// Checks a set of rule files and catalogues the way `rulebook check` reports them: the
/// rule files through the library's ``Workspace`` (imports followed, each file checked
/// once), the catalogues through ``CatalogChecker`` per directory, with the base
/// catalogue's keys telling the rule checker which `message KEY`s exist.
struct ProjectChecker {
    let files: FileCollector.Files
    /// The project configuration, whose `diagnostics` levels apply to what is reported.
    var configuration: ProjectConfiguration? = nil
    /// Rule text read from stdin (`check -`), by the path it is checked as: imports
    /// resolve next to that path and diagnostics name it.
    var overlay: [String: String] = [:]

    /// Everything found, ready to render.
    struct Outcome {
        let report: DiagnosticReport
        /// Why files could not be checked (also diagnostics in the report; exit status 2).
        let unreadable: [String]
    }

    func check() throws(CommandError) -> Outcome {
        var diagnostics: [Diagnostic] = []
        var sources: [SourceFile] = []
        var unreadable = files.missing.map { UnreadableFile(path: $0, reason: FileErrorText.missing($0)) }
        var checkedFiles = Set<String>()

        // Catalogues first: their base keys are what rule files may name.
        var catalogueTexts: [String: [String: String]] = [:]  // directory → path → text
        for path in files.catalogues {
            switch TextFile.readText(path) {
            case .success(let text): catalogueTexts[Self.directory(of: path), default: [:]][path] = text
            case .failure(let error): unreadable.append(error.file)
            }
        }
        var projectCatalogs: MessageCatalogs?
        for directory in catalogueTexts.keys.sorted() {
            let texts = catalogueTexts[directory] ?? [:]
            // Each catalogue is parsed once and shared by the checker and the key lookup
            // (parsing the messages is most of `check`'s own time; same order as
            // `CatalogChecker.check(files:)`: sorted by path).
            let parsed = texts.keys.sorted().map { path in
                MessageCatalog(locale: MessageCatalogs.locale(ofFile: path), path: path, text: texts[path] ?? "")
            }
            diagnostics += CatalogChecker.check(parsed)
            let catalogs = MessageCatalogs(catalogs: parsed)
            for catalog in catalogs.catalogs.values { sources.append(catalog.file) }
            checkedFiles.formUnion(texts.keys)
            if projectCatalogs == nil, catalogs.base != nil { projectCatalogs = catalogs }
        }
        if projectCatalogs == nil, !files.ruleFiles.isEmpty,
            let project = try? MessageCatalogs(directory: configuration?.catalogs ?? "Localizations"),
            project.base != nil
        {
            // Checking rule files only: the project's catalogues still say which keys exist.
            projectCatalogs = project
        }
        if !files.ruleFiles.isEmpty {
            // `message KEY` overrides are checked against the base catalogue, with a fix
            // that adds a missing key to it; the lint passes run.
            let options = (projectCatalogs.map { CheckOptions.checkingMessageKeys(against: $0) } ?? CheckOptions()).withLint
            let provider: any SourceProvider =
                overlay.isEmpty
                ? DiskSourceProvider()
                : OverlaySourceProvider(base: DiskSourceProvider(), buffers: overlay)
            let result = Workspace(provider: provider, options: options).checkAll(paths: files.ruleFiles, buildingRuleSets: false)
            diagnostics += result.allDiagnostics
            for tree in result.graph.trees.values { sources.append(tree.source) }
            checkedFiles.formUnion(result.files)
            unreadable += result.unreadable.map(UnreadableFile.init)
        }
        if let configuration { diagnostics = configuration.relevel(diagnostics) }
        // A file that could not be checked is a diagnostic like any other, so every
        // format shows it, and it counts among the files. It is added after the
        // configuration's levels: a failure to read is never turned off.
        diagnostics += unreadable.map(\.diagnostic)
        sources += unreadable.compactMap(\.source)
        let report = DiagnosticReport(
            diagnostics: diagnostics, sources: sources,
            fileCount: checkedFiles.count + unreadable.count)
        return Outcome(report: report, unreadable: unreadable.map(\.diagnostic.message))
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
