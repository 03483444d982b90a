import Rulebook

extension ProgramGraph {
    /// The files that import `file` directly (to re-check them when it changes).
    package func importers(of file: String) -> [String] {
        files.filter { importer in (imports[importer] ?? []).contains { $0.target == file } }
    }
}
