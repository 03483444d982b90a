import Rulebook

/// What the configuration changes in the files walked and the diagnostics reported.
extension ProjectConfiguration {
    /// The paths `check` and `fmt` start from without paths on the command line: the
    /// literal directories in front of each `include` pattern, as seen from here.
    var includeRoots: [String] {
        include.map { pattern in
            let segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
            let literal = segments.prefix { !Glob.hasWildcards($0) }
            let root = literal.joined(separator: "/")
            return root.isEmpty ? (base.isEmpty ? "." : String(base.dropLast())) : base + root
        }
    }

    /// Whether a walk skips `path` (as seen from here): it matches an `exclude` pattern,
    /// or, walking the `include` roots (`includes` true), `path` is a file that matches
    /// no `include` pattern. Paths named on the command line are walked without the
    /// `include` filter.
    func skips(_ path: String, isDirectory: Bool, includes: Bool) -> Bool {
        let relative = self.relative(path)
        if exclude.contains(where: { Glob($0).matches(relative) }) { return true }
        guard includes, !isDirectory, !include.isEmpty else { return false }
        return !include.contains { Glob($0).matches(relative) }
    }

    /// The file collector's filter for a walk of the command-line paths (`explicit`) or
    /// of the defaults.
    func filter(explicit: Bool) -> @Sendable (String, Bool) -> Bool {
        let configuration = self
        return { path, isDirectory in configuration.skips(path, isDirectory: isDirectory, includes: !explicit) }
    }

    /// The paths to walk without command-line paths: the `include` roots, else `defaults`.
    func defaultPaths(_ defaults: [String]) -> [String] { include.isEmpty ? defaults.map { base + $0 } : includeRoots }

    /// `path` relative to the configuration's directory.
    private func relative(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        if !base.isEmpty, path.hasPrefix(base) { path.removeFirst(base.count) }
        return path
    }

    /// `diagnostics` re-levelled as the configuration says, with the codes turned `off`
    /// left out.
    func relevel(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !levels.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let level = levels[diagnostic.code.id] else { return diagnostic }
            var changed = diagnostic
            switch level {
            case .off: return nil
            case .note: changed.severity = .note
            case .warning: changed.severity = .warning
            case .error: changed.severity = .error
            }
            return changed
        }
    }
}

/// A path pattern: `*` matches within one path segment, `?` one character, `**` any
/// number of segments; a pattern also matches everything inside what it matches (so
/// `Rules/drafts` excludes the directory's files).
struct Glob: Sendable {
    let segments: [Substring]

    init(_ pattern: String) {
        var pattern = pattern
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    static func hasWildcards(_ segment: Substring) -> Bool { segment.contains { $0 == "*" || $0 == "?" } }

    /// Whether `path` (relative, `/`-separated) or one of its parent directories matches.
    func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return (1...max(1, parts.count)).contains { Self.match(segments[...], parts.prefix($0)) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            // Zero or more segments: try every split (patterns are short).
            return (path.startIndex...path.endIndex).contains { match(pattern.dropFirst(), path[$0...]) }
        }
        guard let first = path.first, segment(Array(head), Array(first)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one segment.
    private static func segment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
