import Foundation
import Rulebook

/// Syntax trees of files already parsed, reused while their text is unchanged.
///
/// The language server keeps one for its lifetime and re-checks after every edit: the
/// edited buffer is parsed again, every other file (imports, siblings) comes from here.
/// One entry per path (the latest text), so it grows only with the number of files.
/// Thread-safe; parsing happens outside the lock.
package final class ParseCache: SyntaxTreeCache, @unchecked Sendable {
    private let lock = NSLock()
    private var trees: [String: SyntaxTree] = [:]

    /// Creates an empty cache.
    package init() {}

    /// The tree of `source`, parsed by `parse` unless the same path with the same text
    /// was parsed before.
    package func tree(for source: SourceFile, parse: (SourceFile) -> SyntaxTree) -> SyntaxTree {
        tree(for: source) { source, _ in parse(source) }
    }

    /// The tree of `source` like ``tree(for:parse:)``, but `reparse` is also given the
    /// tree of the same path's previous text, when there is one, so that it can keep what
    /// lies around the edit (``Parser/parse(_:reusing:limits:)``).
    package func tree(for source: SourceFile, reparse: (SourceFile, SyntaxTree?) -> SyntaxTree) -> SyntaxTree {
        let cached = lock.withLock { trees[source.path] }
        if let cached, cached.source.text == source.text { return cached }
        let tree = reparse(source, cached)
        lock.withLock { trees[source.path] = tree }
        return tree
    }

    /// The tree of the file at `path` with `text`, like ``tree(for:parse:)``, but the
    /// ``SourceFile`` (and its line table, a scan of the whole text) is only built when
    /// the text was not parsed before.
    ///
    /// Performance: the language server parses the edited buffer first with its own
    /// `SourceFile` (whose line table it already has), so the workspace's read of the
    /// same buffer finds it here instead of scanning the text again.
    package func tree(path: String, text: String, parse: (SourceFile) -> SyntaxTree) -> SyntaxTree {
        if let cached = lock.withLock({ trees[path] }), cached.source.text == text { return cached }
        return tree(for: SourceFile(path: path, text: text), parse: parse)
    }

    /// Forgets one file (closed, deleted).
    package func remove(_ path: String) {
        _ = lock.withLock { trees.removeValue(forKey: SourcePath.normalize(path)) }
    }

    /// Forgets everything.
    package func removeAll() {
        lock.withLock { trees.removeAll() }
    }

    /// How many trees are held.
    package var count: Int { lock.withLock { trees.count } }
}
