import Rulebook

// Document synchronisation: every notification updates the store at once (in arrival
// order, on the actor) and queues analysis; nothing here waits for analysis.

extension Server {
    func didOpen(_ params: DidOpenTextDocumentParams) {
        let document = TextDocument(uri: params.uri, version: params.version, languageID: params.languageID, text: params.text)
        documents[params.uri] = document
        documentChanged(document)
    }

    func didChange(_ params: DidChangeTextDocumentParams) {
        guard let session, let current = documents[params.uri] else {
            logger.log("didChange for \(params.uri), which is not open")
            return
        }
        let document = current.applying(params.contentChanges, version: params.version ?? current.version &+ 1, encoding: session.encoding)
        documents[params.uri] = document
        documentChanged(document)
    }

    func didClose(_ params: DidCloseTextDocumentParams) {
        guard let document = documents[params.uri] else { return }
        documents[params.uri] = nil
        scheduler.forget(DocumentURI.normalized(params.uri))
        analyzer.forget(uri: params.uri)
        // Clear what the editor shows: the file may still exist, but diagnostics are
        // only maintained for open documents.
        if session?.client.pullDiagnostics == false {
            connection.notify(
                PublishDiagnosticsParams.method,
                PublishDiagnosticsParams(uri: params.uri, version: nil, diagnostics: []).json)
        }
        // Dependents now read the file from disk instead of the editor's buffer.
        filesChanged([document.path])
    }

    func didSave(_ params: DidSaveTextDocumentParams) {
        guard let document = documents[params.uri] else { return }
        filesChanged([document.path])
    }

    func didChangeWatchedFiles(_ params: DidChangeWatchedFilesParams) {
        filesChanged(params.changes.compactMap { DocumentURI.path(fromURI: $0.uri) })
    }

    func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersParams) {
        guard var session else { return }
        let removed = Set(params.removed.compactMap(DocumentURI.path(fromURI:)))
        session.roots = session.roots.filter { !removed.contains($0) } + params.added.compactMap(DocumentURI.path(fromURI:))
        self.session = session
        analyzer.configure(roots: session.roots, locale: session.locale)
        reanalyseEverything()
    }

    /// An open document's text changed: analyse it and whatever depends on it.
    private func documentChanged(_ document: TextDocument) {
        if document.isCatalogue || analyzer.changesWorkspace(document.path) {
            analyzer.cataloguesChanged()
            reanalyseEverything()
            return
        }
        let dependents = analyzer.invalidateDependents(of: document.path)
        schedule([DocumentURI.normalized(document.uri)] + dependents)
        // A pull client re-pulls the edited document itself; its dependents need a nudge.
        if !dependents.isEmpty { refreshPulledDiagnostics() }
    }

    /// Files changed outside the editor (or were saved): re-check their dependents.
    func filesChanged(_ paths: [String]) {
        if paths.contains(where: analyzer.changesWorkspace) {
            analyzer.cataloguesChanged()
            reanalyseEverything()
            return
        }
        var uris: [String] = []
        for path in paths {
            uris += analyzer.invalidateDependents(of: path)
            if let document = documents.document(atPath: path) { uris.append(DocumentURI.normalized(document.uri)) }
        }
        schedule(uris)
        if !uris.isEmpty { refreshPulledDiagnostics() }
    }

    private func reanalyseEverything() {
        analyzer.invalidateAll()
        schedule(documents.all.map { DocumentURI.normalized($0.uri) })
        refreshPulledDiagnostics()
    }

    /// Asks a pull-diagnostics client to pull again (only when it declared support).
    private func refreshPulledDiagnostics() {
        guard let session, session.client.pullDiagnostics, session.client.diagnosticRefresh else { return }
        connection.request("workspace/diagnostic/refresh", nil)
    }
}
