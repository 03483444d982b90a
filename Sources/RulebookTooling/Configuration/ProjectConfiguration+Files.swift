import Rulebook

/// What the configuration changes in the files walked and the diagnostics reported.
extension ProjectConfiguration {
    /// The paths `check` and `fmt` start from without paths on the command line: the
    /// literal directories in front of each `include` pattern, as seen from here.
    package var includeRoots: [String] {
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
    package func skips(_ path: String, isDirectory: Bool, includes: Bool) -> Bool {
        let relative = self.relative(path)
        if exclude.contains(where: { Glob($0).matches(relative) }) { return true }
        guard includes, !isDirectory, !include.isEmpty else { return false }
        return !include.contains { Glob($0).matches(relative) }
    }

    /// The file collector's filter for a walk of the command-line paths (`explicit`) or
    /// of the defaults.
    package func filter(explicit: Bool) -> @Sendable (String, Bool) -> Bool {
        let configuration = self
        return { path, isDirectory in configuration.skips(path, isDirectory: isDirectory, includes: !explicit) }
    }

    /// The paths to walk without command-line paths: the `include` roots, else `defaults`.
    package func defaultPaths(_ defaults: [String]) -> [String] { include.isEmpty ? defaults.map { base + $0 } : includeRoots }

    /// `path` relative to the configuration's directory.
    private func relative(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        if !base.isEmpty, path.hasPrefix(base) { path.removeFirst(base.count) }
        return path
    }

    /// `diagnostics` re-levelled as the configuration says, with the codes turned `off`
    /// left out.
    package func relevel(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
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
