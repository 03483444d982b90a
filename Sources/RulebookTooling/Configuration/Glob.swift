/// A path pattern: `*` matches within one path segment, `?` one character, `**` any
/// number of segments; a pattern also matches everything inside what it matches (so
/// `Rules/drafts` excludes the directory's files).
package struct Glob: Sendable {
    private let segments: [Substring]

    package init(_ pattern: String) {
        var pattern = pattern
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    package static func hasWildcards(_ segment: Substring) -> Bool { segment.contains { $0 == "*" || $0 == "?" } }

    /// Whether `path` (relative, `/`-separated) or one of its parent directories matches.
    package func matches(_ path: String) -> Bool {
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
