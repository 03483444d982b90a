import Foundation
import Rulebook
import RulebookTooling

/// A project's `rulebook.json`: which files `check` and `fmt` look at, how diagnostics
/// are levelled, and the defaults of `validate`, `explain` and `test`.
///
/// ```json
/// {
///   "include": ["Rules", "Localizations"],
///   "exclude": ["Rules/drafts", "**/*.generated.rules"],
///   "diagnostics": {"unknown-field": "off", "redundant-rule": "error"},
///   "locale": "de",
///   "catalogs": "Localizations",
///   "today": "2026-01-01"
/// }
/// ```
///
/// Found by walking up from the working directory to the nearest `rulebook.json`, or
/// named with `--config FILE`. Paths and globs are relative to the file's directory.
/// Every key is optional; an unknown key or value is an error, so a misspelling never
/// silently leaves a setting out.
struct ProjectConfiguration: Sendable, Equatable {
    /// The file's name, looked for in the working directory and its parents.
    static let fileName = "rulebook.json"

    /// How a diagnostic code is re-levelled.
    enum Level: String, Sendable, CaseIterable {
        case off, note, warning, error
    }

    /// The file it was read from, as found.
    var path: String
    /// The directory paths and globs are relative to, as a prefix usable from the
    /// working directory (`""` for the working directory itself, else ending in `/`).
    var base: String
    /// Paths or globs `check` and `fmt` walk when given no paths (default `Rules`,
    /// `Localizations`).
    var include: [String] = []
    /// Globs (or paths) of files and directories a walk skips.
    var exclude: [String] = []
    /// Diagnostic code → its level in this project.
    var levels: [String: Level] = [:]
    /// Default `--locale`, `--catalogs` (relative to the file) and `--today`.
    var locale: String?
    var catalogs: String?
    var today: CalendarDate?

    /// The keys the file may have.
    static let keys = ["include", "exclude", "diagnostics", "locale", "catalogs", "today"]

    /// The configuration `--config` names, else the nearest `rulebook.json` from the
    /// working directory up, else nil.
    static func load(_ explicit: String?) throws(CommandError) -> ProjectConfiguration? {
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw CommandError(FileErrorText.missing(explicit) + " (given with --config)")
            }
            return try read(explicit, base: prefix(ofDirectoryOf: explicit))
        }
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        var hops = 0
        while true {
            let candidate = directory.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) {
                let shown = hops == 0 ? fileName : String(repeating: "../", count: hops) + fileName
                return try read(shown, base: String(repeating: "../", count: hops))
            }
            let parent = directory.deletingLastPathComponent()
            guard parent.path != directory.path, hops < 64 else { return nil }
            directory = parent
            hops += 1
        }
    }

    /// `dir/rulebook.json` → `dir/`; `rulebook.json` → `""`.
    private static func prefix(ofDirectoryOf path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Reads and interprets the file at `path`.
    static func read(_ path: String, base: String) throws(CommandError) -> ProjectConfiguration {
        let text = try TextFile.read(path)
        return try parse(text, path: path, base: base)
    }

    /// Interprets `text`; every mistake names the file and the key.
    static func parse(_ text: String, path: String, base: String) throws(CommandError) -> ProjectConfiguration {
        let object = try JSONFile.object(text, path: path)
        var configuration = ProjectConfiguration(path: path, base: base)
        for (key, value) in object.members {
            switch key {
            case "include": configuration.include = try strings(value, key: key, in: path)
            case "exclude": configuration.exclude = try strings(value, key: key, in: path)
            case "diagnostics": configuration.levels = try levels(value, in: path)
            case "locale": configuration.locale = try string(value, key: key, in: path)
            case "catalogs": configuration.catalogs = base + (try string(value, key: key, in: path))
            case "today":
                let text = try string(value, key: key, in: path)
                guard let date = CalendarDate(iso: text) else {
                    throw CommandError("\(path): \"today\": '\(text)' is not a date like 2026-01-31")
                }
                configuration.today = date
            default:
                throw CommandError("\(path): unknown key \"\(key)\"" + hint(for: key, among: keys, quoted: true))
            }
        }
        return configuration
    }

    private static func hint(for word: String, among candidates: [String], quoted: Bool) -> String {
        if let guess = Suggestion.closest(to: word, among: candidates) {
            return quoted ? "; did you mean \"\(guess)\"?" : "; did you mean '\(guess)'?"
        }
        return quoted ? "; expected one of " + candidates.map { "\"\($0)\"" }.joined(separator: ", ") : ""
    }

    private static func string(_ value: Value, key: String, in path: String) throws(CommandError) -> String {
        guard case .string(let text) = value else { throw CommandError("\(path): \"\(key)\" must be a string") }
        return text
    }

    private static func strings(_ value: Value, key: String, in path: String) throws(CommandError) -> [String] {
        guard case .array(let items) = value else { throw CommandError("\(path): \"\(key)\" must be an array of strings") }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw CommandError("\(path): \"\(key)\" must be an array of strings") }
            texts.append(text)
        }
        return texts
    }

    private static func levels(_ value: Value, in path: String) throws(CommandError) -> [String: Level] {
        guard case .object(let object) = value else {
            throw CommandError("\(path): \"diagnostics\" must be an object of codes and levels, like {\"unknown-field\": \"off\"}")
        }
        var levels: [String: Level] = [:]
        let codes = DiagnosticCode.all.map(\.id)
        let names = Level.allCases.map(\.rawValue)
        for (code, value) in object.members {
            guard codes.contains(code) else {
                throw CommandError(
                    "\(path): \"diagnostics\": unknown diagnostic code '\(code)'" + hint(for: code, among: codes, quoted: false))
            }
            guard case .string(let name) = value, let level = Level(rawValue: name) else {
                throw CommandError(
                    "\(path): \"diagnostics\": \"\(code)\" must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            levels[code] = level
        }
        return levels
    }
}
