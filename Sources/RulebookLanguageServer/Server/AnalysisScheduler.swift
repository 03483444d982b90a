import Rulebook

/// The queue of documents waiting for analysis. Each document appears once however
/// often it changes: the worker analyses whatever version is current when it gets to
/// it, so rapid typing is coalesced ("latest version wins") without a fixed delay.
struct AnalysisScheduler: Sendable {
    private(set) var queue: [String] = []
    private var queued: Set<String> = []
    /// Whether the worker task is running.
    var workerRunning = false
    /// The last version published per document, so nothing older is ever published.
    var publishedVersions: [String: Int] = [:]

    /// Adds documents (normalised URIs) to the queue.
    mutating func enqueue(_ uris: [String]) {
        for uri in uris where queued.insert(uri).inserted { queue.append(uri) }
    }

    /// Takes the next document.
    mutating func next() -> String? {
        guard !queue.isEmpty else { return nil }
        let uri = queue.removeFirst()
        queued.remove(uri)
        return uri
    }

    /// Drops a closed document.
    mutating func forget(_ uri: String) {
        if queued.remove(uri) != nil { queue.removeAll { $0 == uri } }
        publishedVersions[uri] = nil
    }
}

extension Server {
    /// Queues documents for analysis and starts the worker if it is idle.
    func schedule(_ uris: [String]) {
        scheduler.enqueue(uris)
        guard !scheduler.workerRunning, !scheduler.queue.isEmpty else { return }
        scheduler.workerRunning = true
        analysisWorker = Task.detached { [weak self] in await self?.runAnalysisWorker() }
    }

    /// The worker: analyses queued documents one at a time, off the actor, so new
    /// messages (edits, cancellations) are processed while it works.
    nonisolated func runAnalysisWorker() async {
        while let job = await nextAnalysisJob() {
            let analysis = await analyzer.analysis(of: job.document, documents: job.documents)
            await publish(analysis)
            // Performance: the previous version's analysis and this one's check result
            // are freed now that the diagnostics are written (and off the actor, which
            // goes on reading messages meanwhile).
            analyzer.releaseRetired()
        }
    }

    private func nextAnalysisJob() -> (document: TextDocument, documents: DocumentStore)? {
        while let uri = scheduler.next() {
            if let document = documents[uri] { return (document, documents) }
        }
        scheduler.workerRunning = false
        return nil
    }

    /// Publishes an analysis unless the document changed meanwhile (then a newer
    /// analysis is already queued) or a newer version was already published.
    private func publish(_ analysis: DocumentAnalysis) {
        let uri = DocumentURI.normalized(analysis.document.uri)
        guard let session, !session.client.pullDiagnostics,
            let current = documents[uri], current.version == analysis.document.version,
            scheduler.publishedVersions[uri].map({ $0 <= current.version }) ?? true
        else { return }
        scheduler.publishedVersions[uri] = current.version
        let diagnostics = DiagnosticConversion.convert(analysis.diagnostics, in: analysis, session: session)
        let params = PublishDiagnosticsParams(uri: current.uri, version: current.version, diagnostics: diagnostics)
        connection.notify(PublishDiagnosticsParams.method, params.json)
    }
}
