/// Path arithmetic for rule files, on `/`-separated strings (no file system access, so
/// that editor URIs and in-memory files resolve exactly like files on disk).
package enum SourcePath {
    /// Removes `.` segments, empty segments and `..` after a named segment:
    /// `Rules/./forms/../common.rules` → `Rules/common.rules`. Leading `..` of a relative
    /// path is kept; `..` above `/` is dropped. A `scheme://` prefix (`file://`) is kept
    /// as is and the rest normalised as an absolute path.
    package static func normalize(_ path: String) -> String {
        let (scheme, rest) = splitScheme(path)
        let absolute = rest.hasPrefix("/")
        var parts: [Substring] = []
        for part in rest.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append(part)
                }
            default:
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return scheme + "/" + joined }
        return joined.isEmpty ? "." : scheme + joined
    }

    /// The directory part of a normalised path (`Rules/profile.rules` → `Rules`), `""` for
    /// a bare file name.
    package static func directory(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return "" }
        if slash == normalized.startIndex { return "/" }
        let directory = String(normalized[..<slash])
        return directory.hasSuffix(":/") || directory.hasSuffix("://") ? directory + "/" : directory
    }

    /// Resolves an import path relative to the importing file's directory; an absolute
    /// import path (or one with a scheme) stands alone.
    package static func resolve(_ importPath: String, relativeTo importer: String) -> String {
        if importPath.hasPrefix("/") || !splitScheme(importPath).scheme.isEmpty { return normalize(importPath) }
        let directory = directory(of: importer)
        if directory.isEmpty { return normalize(importPath) }
        return normalize(directory.hasSuffix("/") ? directory + importPath : directory + "/" + importPath)
    }

    /// `file:///a/b` → (`file://`, `/a/b`); no scheme → (`""`, path).
    private static func splitScheme(_ path: String) -> (scheme: String, rest: Substring) {
        guard let range = path.range(of: "://") else { return ("", path[...]) }
        let scheme = path[..<range.lowerBound]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else {
            return ("", path[...])
        }
        return (String(path[..<range.upperBound]), path[range.upperBound...])
    }
}
