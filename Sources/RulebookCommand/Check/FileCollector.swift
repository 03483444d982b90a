import Foundation

/// Finds the files `check`, `fmt` and `test` work on from the paths given on the
/// command line.
///
/// - A file named explicitly is taken whatever its extension: `.json` as a catalogue,
///   anything else as a rule file.
/// - A directory is walked recursively in sorted order for `*.rules` files, and for
///   `*.json` catalogues directly inside a directory named `Localizations`. Hidden
///   entries (`.git`, `.build`) are skipped.
/// - A missing path given explicitly is listed in ``Files/missing`` (the command reports
///   it, goes on with the other paths and exits 2); a missing default path is skipped, so
///   `rulebook check` works in a project without `Localizations/`.
struct FileCollector {
    /// The files found, each list in walk order without duplicates.
    struct Files: Equatable {
        var ruleFiles: [String] = []
        var catalogues: [String] = []
        /// Paths given explicitly that do not exist.
        var missing: [String] = []
        /// Every file, rules first.
        var all: [String] { ruleFiles + catalogues }
    }

    /// Which files to collect from directories.
    var includeCatalogues = true
    /// The extension of the files a directory walk collects (`rules`; `test` walks for
    /// `examples.json`).
    var fileSuffix = ".rules"
    /// Paths a directory walk leaves out (the project configuration's `exclude` and
    /// `include`), given the path and whether it is a directory.
    var skips: @Sendable (String, Bool) -> Bool = { _, _ in false }

    /// Walks `paths`; `explicit` says whether the user named them (else they are defaults).
    func collect(_ paths: [String], explicit: Bool) throws(CommandError) -> Files {
        var files = Files()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if explicit { append(path, to: &files.missing) }
                continue
            }
            if isDirectory.boolValue {
                walk(Self.trimmingTrailingSlashes(path), into: &files)
            } else if path.hasSuffix(".json") && fileSuffix == ".rules" {
                append(path, to: &files.catalogues)
            } else {
                append(path, to: &files.ruleFiles)
            }
        }
        return files
    }

    private func walk(_ directory: String, into files: inout Files, depth: Int = 0) {
        // Deep enough for any real tree, and a bound on symbolic-link loops.
        guard depth < 32,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return }
        let isCatalogueDirectory = (directory as NSString).lastPathComponent == "Localizations"
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = directory == "." ? entry : directory + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                !skips(path, isDirectory.boolValue)
            else { continue }
            if isDirectory.boolValue {
                walk(path, into: &files, depth: depth + 1)
            } else if entry.hasSuffix(fileSuffix) {
                append(path, to: &files.ruleFiles)
            } else if includeCatalogues, isCatalogueDirectory, entry.hasSuffix(".json") {
                append(path, to: &files.catalogues)
            }
        }
    }

    private func append(_ path: String, to list: inout [String]) {
        if !list.contains(path) { list.append(path) }
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
