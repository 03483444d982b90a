import Foundation
import Rulebook

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
/// The command finds it by walking up from the working directory to the nearest
/// `rulebook.json` (or takes the one `--config FILE` names); the language server walks up
/// from each workspace root. Paths and globs are relative to the file's directory.
/// Every key is optional; an unknown key or value is an error, so a misspelling never
/// silently leaves a setting out.
package struct ProjectConfiguration: Sendable, Equatable {
    /// The file's name, looked for in the working directory and its parents.
    package static let fileName = "rulebook.json"

    /// How a diagnostic code is re-levelled.
    package enum Level: String, Sendable, CaseIterable {
        case off, note, warning, error
    }

    /// The file it was read from, as found.
    package var path: String
    /// The directory paths and globs are relative to, as a prefix usable from the
    /// working directory (`""` for the working directory itself, else ending in `/`).
    package var base: String
    /// Paths or globs `check` and `fmt` walk when given no paths (default `Rules`,
    /// `Localizations`).
    package var include: [String] = []
    /// Globs (or paths) of files and directories a walk skips.
    package var exclude: [String] = []
    /// Diagnostic code → its level in this project.
    package var levels: [String: Level] = [:]
    /// Default `--locale`, `--catalogs` (relative to the file) and `--today`.
    package var locale: String?
    package var catalogs: String?
    package var today: CalendarDate?

    /// The keys the file may have.
    package static let keys = ["include", "exclude", "diagnostics", "locale", "catalogs", "today"]

    /// A configuration read from `path`, whose paths and globs are relative to `base`.
    package init(path: String, base: String) {
        self.path = path
        self.base = base
    }

    /// The nearest `rulebook.json` in `directory` or one of its parents, with how many
    /// levels up it was found; nil when there is none.
    package static func nearest(from directory: URL) -> (file: URL, levelsUp: Int)? {
        var directory = directory.standardizedFileURL
        for levelsUp in 0...64 {
            let candidate = directory.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return (candidate, levelsUp) }
            let parent = directory.deletingLastPathComponent()
            guard parent.path != directory.path else { return nil }
            directory = parent
        }
        return nil
    }

    /// Interprets `text`; every mistake names the file and the key.
    package static func parse(_ text: String, path: String, base: String) throws(InputFileError) -> ProjectConfiguration {
        let object = try JSONInputFile.object(text, path: path)
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
                    throw InputFileError("\(path): \"today\": '\(text)' is not a date like 2026-01-31")
                }
                configuration.today = date
            default:
                throw InputFileError("\(path): unknown key \"\(key)\"" + hint(for: key, among: keys, quoted: true))
            }
        }
        return configuration
    }

    private static func hint(for word: String, among candidates: [String], quoted: Bool) -> String {
        if let guess = Suggestions.closest(to: word, among: candidates) {
            return quoted ? "; did you mean \"\(guess)\"?" : "; did you mean '\(guess)'?"
        }
        return quoted ? "; expected one of " + candidates.map { "\"\($0)\"" }.joined(separator: ", ") : ""
    }

    private static func string(_ value: Value, key: String, in path: String) throws(InputFileError) -> String {
        guard case .string(let text) = value else { throw InputFileError("\(path): \"\(key)\" must be a string") }
        return text
    }

    private static func strings(_ value: Value, key: String, in path: String) throws(InputFileError) -> [String] {
        guard case .array(let items) = value else { throw InputFileError("\(path): \"\(key)\" must be an array of strings") }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw InputFileError("\(path): \"\(key)\" must be an array of strings") }
            texts.append(text)
        }
        return texts
    }

    private static func levels(_ value: Value, in path: String) throws(InputFileError) -> [String: Level] {
        guard case .object(let object) = value else {
            throw InputFileError("\(path): \"diagnostics\" must be an object of codes and levels, like {\"unknown-field\": \"off\"}")
        }
        var levels: [String: Level] = [:]
        let codes = DiagnosticCode.all.map(\.id)
        let names = Level.allCases.map(\.rawValue)
        for (code, value) in object.members {
            guard codes.contains(code) else {
                throw InputFileError(
                    "\(path): \"diagnostics\": unknown diagnostic code '\(code)'" + hint(for: code, among: codes, quoted: false))
            }
            guard case .string(let name) = value, let level = Level(rawValue: name) else {
                throw InputFileError(
                    "\(path): \"diagnostics\": \"\(code)\" must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            levels[code] = level
        }
        return levels
    }
}
