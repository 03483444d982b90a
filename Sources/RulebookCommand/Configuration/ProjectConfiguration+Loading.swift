import Foundation
import Rulebook
import RulebookTooling

/// How the command finds and reads the project's `rulebook.json`.
extension ProjectConfiguration {
    /// The configuration `--config` names, else the nearest `rulebook.json` from the
    /// working directory up, else nil.
    static func load(_ explicit: String?) throws(CommandError) -> ProjectConfiguration? {
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw CommandError(FileErrorText.missing(explicit) + " (given with --config)")
            }
            return try read(explicit, base: prefix(ofDirectoryOf: explicit))
        }
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let found = nearest(from: workingDirectory) else { return nil }
        let up = String(repeating: "../", count: found.levelsUp)
        return try read(up + fileName, base: up)
    }

    /// `dir/rulebook.json` → `dir/`; `rulebook.json` → `""`.
    private static func prefix(ofDirectoryOf path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Reads and interprets the file at `path`.
    static func read(_ path: String, base: String) throws(CommandError) -> ProjectConfiguration {
        let text = try TextFile.read(path)
        do { return try parse(text, path: path, base: base) } catch { throw CommandError(error.message) }
    }
}
