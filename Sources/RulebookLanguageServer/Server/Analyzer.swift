import Rulebook
import RulebookTooling

/// Runs the library's checks for open documents and caches the result per document
/// version, so the analysis worker and concurrent requests share one computation.
///
/// Thread-safe: state sits behind a lock; analyses run on the caller's task.
final class Analyzer: Sendable {
    fileprivate struct Entry: Sendable {
        let version: Int
        let generation: Int
        let task: Task<DocumentAnalysis, Never>
    }

    fileprivate struct State: Sendable {
        var roots: [String] = []
        var locale: String?
        var entries: [String: Entry] = [:]
        /// Bumped per document when something it depends on changes.
        var generations: [String: Int] = [:]
        /// The files each document's last analysis read, for finding dependents.
        var dependencies: [String: Set<String>] = [:]
        var workspace: WorkspaceModel?
        /// What analyses replaced or left behind, not yet freed (see ``releaseRetired()``).
        var retired: [any Sendable] = []
    }

    /// At most this many retired values are held; an older one is freed at once. One
    /// edit's analysis retires two (the previous version's analysis and its own check
    /// result), so this holds one old generation even if a publish is skipped.
    static let maxRetired = 4

    private let state = Locked(State())
    /// Told why a project configuration is not used, each time the workspace is read.
    private let reportProblem: @Sendable (String) -> Void
    /// Parsed files, kept for the whole session.
    let parseCache = ParseCache()
    /// Compiled patterns, kept for the whole session (every edit re-checks the same few).
    let patternCache = PatternCache()

    /// An analyzer that passes configuration problems to `reportProblem`.
    init(reportProblem: @escaping @Sendable (String) -> Void = { _ in }) {
        self.reportProblem = reportProblem
    }

    /// Sets the workspace roots and display locale (at `initialize` and when folders change).
    func configure(roots: [String], locale: String?) {
        state.withLock { state in
            state.roots = roots
            state.locale = locale
            state.workspace = nil
        }
    }

    /// The analysis of `document` (at its version), computed once and shared.
    func analysis(of document: TextDocument, documents: DocumentStore) async -> DocumentAnalysis {
        let uri = DocumentURI.normalized(document.uri)
        var overflow: (any Sendable)?  // freed here, outside the lock
        var problems: [String] = []  // reported here, outside the lock
        let task: Task<DocumentAnalysis, Never> = state.withLock { state in
            let generation = state.generations[uri, default: 0]
            if let entry = state.entries[uri], entry.version == document.version, entry.generation == generation {
                return entry.task
            }
            let workspace: WorkspaceModel
            if let existing = state.workspace {
                workspace = existing
            } else {
                workspace = WorkspaceModel(
                    roots: state.roots, locale: state.locale, documents: documents, parseCache: parseCache,
                    patternCache: patternCache)
                problems = workspace.configurationProblems
            }
            state.workspace = workspace
            let task = Task.detached { [self] in
                DocumentAnalysis.compute(document: document, documents: documents, workspace: workspace, leftovers: { retire($0) })
            }
            // Never replace the entry of a newer version with an older request's analysis.
            if (state.entries[uri]?.version ?? Int.min) <= document.version {
                // Performance: the replaced analysis (and the previous version's tree,
                // scope and texts it holds) is freed after the new diagnostics are
                // published, not on the way to them.
                if let replaced = state.entries[uri] { overflow = state.retain(replaced.task) }
                state.entries[uri] = Entry(version: document.version, generation: generation, task: task)
            }
            return task
        }
        _ = overflow
        for problem in problems { reportProblem(problem) }
        let analysis = await task.value
        state.withLock { state in
            if state.entries[uri]?.version == document.version { state.dependencies[uri] = analysis.dependencies }
        }
        return analysis
    }

    /// Keeps `value` (something an analysis no longer needs) until ``releaseRetired()``.
    func retire(_ value: any Sendable) {
        let overflow = state.withLock { $0.retain(value) }
        _ = overflow  // freed here, outside the lock
    }

    /// Frees what analyses replaced or left behind. The analysis worker calls it after
    /// writing each publication, so the freeing (a whole syntax tree and check result of
    /// the previous edit) is off the path from an edit to its diagnostics.
    func releaseRetired() {
        let released = state.withLock { state in
            let retired = state.retired
            state.retired = []
            return retired
        }
        _ = released  // freed here, outside the lock
    }

    /// How many retired values wait for ``releaseRetired()`` (for tests).
    var retiredCount: Int { state.withLock { $0.retired.count } }

    /// Invalidates the documents whose last analysis read `path`; returns their URIs.
    func invalidateDependents(of path: String) -> [String] {
        state.withLock { state in
            let dependents = state.dependencies.filter { $0.value.contains(path) }.map(\.key)
            for uri in dependents { state.generations[uri, default: 0] += 1 }
            return dependents
        }
    }

    /// Invalidates every cached analysis (catalogues or roots changed).
    func invalidateAll() {
        state.withLock { state in
            for uri in state.entries.keys { state.generations[uri, default: 0] += 1 }
        }
    }

    /// Reloads the catalogues and configurations on the next analysis.
    func cataloguesChanged() {
        state.withLock { $0.workspace = nil }
    }

    /// Whether a change to the file at `path` changes the workspace model: a catalogue
    /// (of a `Localizations/` directory or of the directory a configuration names) or a
    /// project configuration.
    func changesWorkspace(_ path: String) -> Bool {
        Self.isCataloguePath(path) || path.split(separator: "/").last == Substring(ProjectConfiguration.fileName)
            || state.withLock { $0.workspace?.catalogueDirectory(containing: path) != nil }
    }

    /// Drops a closed document's cache.
    /// Retired values are freed too: a closed document's old analyses should not wait
    /// for the next edit of another one (nobody waits for diagnostics here).
    func forget(uri: String) {
        let uri = DocumentURI.normalized(uri)
        let dropped = state.withLock { state in
            let entry = state.entries.removeValue(forKey: uri)
            state.dependencies[uri] = nil
            return entry
        }
        _ = dropped  // freed here, outside the lock
        releaseRetired()
    }

    /// Whether a file is a message catalogue (`…/Localizations/*.json`).
    static func isCataloguePath(_ path: String) -> Bool {
        path.hasSuffix(".json") && path.split(separator: "/").dropLast().last == "Localizations"
    }
}

extension Analyzer.State {
    /// Holds `value` for a later release; returns the oldest value when over the bound,
    /// for the caller to free outside the lock.
    fileprivate mutating func retain(_ value: any Sendable) -> (any Sendable)? {
        retired.append(value)
        return retired.count > Analyzer.maxRetired ? retired.removeFirst() : nil
    }
}
