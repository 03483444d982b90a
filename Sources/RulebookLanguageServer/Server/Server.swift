import Foundation
import Rulebook

/// The server's state and the order of events: one actor, so every message is applied
/// in the order it arrived, while request handlers and analyses run concurrently off it.
actor Server {
    /// Where the session is in LSP's lifecycle.
    enum Phase: Sendable { case waitingForInitialize, running, shutDown }

    let connection: Connection
    let version: String
    private(set) var phase = Phase.waitingForInitialize
    var session: Session?
    var documents = DocumentStore()
    let analyzer: Analyzer
    /// Requests in flight, cancellable by id.
    private var pending: [RequestID: Task<Void, Never>] = [:]
    /// Handlers by method; tests may add their own.
    private var routes: [String: Route]
    /// The analysis worker's queue: latest version wins.
    var scheduler = AnalysisScheduler()
    /// The running analysis worker, if any (``settle()`` waits for it).
    var analysisWorker: Task<Void, Never>?
    /// The task that answers `shutdown` once what came before it is answered.
    private var shutdownReply: Task<Void, Never>?

    init(connection: Connection, version: String, extraRoutes: [String: Route] = [:]) {
        self.connection = connection
        self.version = version
        // An invalid `rulebook.json` is ignored (the defaults apply) and shown to the user.
        analyzer = Analyzer { [connection] problem in
            connection.notify("window/showMessage", .object(ValueObject([("type", .integer(2)), ("message", .string(problem))])))
        }
        self.routes = Routes.all.merging(extraRoutes) { $1 }
    }

    var logger: Logger { connection.logger }

    /// Applies one incoming event; returns the exit status when the session is over.
    ///
    /// `exit` and the end of input first let everything received before them finish:
    /// requests are answered and queued analyses published, in order, even when `exit`
    /// arrived in the same burst as they did.
    func receive(_ event: IncomingEvent) async -> Int32? {
        switch event {
        case .message(.request(let id, let method, let params)):
            handleRequest(id: id, method: method, params: params)
        case .message(.notification("exit", _)):
            // LSP: 0 when `shutdown` came first, else 1.
            let status: Int32 = phase == .shutDown ? 0 : 1
            await settle()
            return status
        case .message(.notification(let method, let params)):
            handleNotification(method: method, params: params)
        case .message(.response(let id, let result)):
            if case .failure(let error) = result {
                logger.log("client answered \(id?.description ?? "null") with error \(error.code): \(error.message)")
            }
        case .unusable(let id, let error):
            connection.respond(to: id, .failure(error))
        case .endOfInput:
            logger.log("input closed")
            let status: Int32 = phase == .shutDown ? 0 : 1
            await settle()
            return status
        }
        return nil
    }

    /// Waits until every request received so far is answered (the `shutdown` reply
    /// included) and the analysis queue is empty with its results published.
    private func settle() async {
        repeat {
            for task in Array(pending.values) { await task.value }
            if let worker = analysisWorker { await worker.value }
            if let reply = shutdownReply { await reply.value }
        } while !pending.isEmpty || scheduler.workerRunning
    }

    // MARK: Requests

    private func handleRequest(id: RequestID, method: String, params: Value?) {
        switch (phase, method) {
        case (.waitingForInitialize, "initialize"):
            initialize(id: id, params: params)
        case (.waitingForInitialize, _):
            connection.respond(to: id, .failure(.serverNotInitialized))
        case (.shutDown, _):
            connection.respond(to: id, .failure(.shutDown))
        case (.running, "initialize"):
            connection.respond(to: id, .failure(.invalidRequest("initialize was already received")))
        case (.running, "shutdown"):
            // Requests sent before `shutdown` are answered first, and the diagnostics of
            // edits sent before it published: clients wait for those answers, and exit
            // only after this one.
            phase = .shutDown
            let inFlight = Array(pending.values)
            let worker = analysisWorker
            let connection = self.connection
            shutdownReply = Task {
                for task in inFlight { await task.value }
                await worker?.value
                connection.respond(to: id, .success(.null))
            }
        case (.running, _):
            guard let route = routes[method] else {
                connection.respond(to: id, .failure(.methodNotFound(method)))
                return
            }
            start(route, id: id, params: params)
        }
    }

    private func initialize(id: RequestID, params: Value?) {
        let parsed: InitializeParams
        do {
            parsed = try InitializeParams(json: JSONView(params))
        } catch {
            connection.respond(to: id, .failure(.invalidParams(error.description)))
            return
        }
        let encoding = parsed.capabilities.negotiatedEncoding
        let roots = parsed.roots.compactMap(DocumentURI.path(fromURI:))
        session = Session(encoding: encoding, client: parsed.capabilities, roots: roots, locale: parsed.locale)
        analyzer.configure(roots: roots, locale: parsed.locale)
        phase = .running
        logger.log("initialized: encoding \(encoding.rawValue), roots \(roots)")
        let result = InitializeResult(positionEncoding: encoding, client: parsed.capabilities, version: version)
        connection.respond(to: id, .success(result.json))
    }

    /// Runs a handler in its own task, tracked so `$/cancelRequest` can stop it.
    private func start(_ route: Route, id: RequestID, params: Value?) {
        guard let session else { return }
        let context = RequestContext(session: session, documents: documents, analyzer: analyzer)
        // Detached: the handler must run off the actor, so that new messages (edits,
        // cancellations) keep being processed while it works.
        let task = Task.detached { [weak self] in
            let result = await Routes.run(route, params: params, context: context)
            await self?.finish(id: id, result: result)
        }
        pending[id] = task
    }

    /// Sends a handler's answer unless the request was cancelled meanwhile.
    private func finish(id: RequestID, result: Result<Route.Answer, ResponseError>) {
        guard pending.removeValue(forKey: id) != nil else { return }
        switch result {
        case .success(.value(let value)): connection.respond(to: id, .success(value))
        case .success(.text(let text)): connection.respond(to: id, resultText: text)
        case .failure(let error): connection.respond(to: id, .failure(error))
        }
    }

    private func cancel(_ id: RequestID) {
        guard let task = pending.removeValue(forKey: id) else { return }  // already answered
        task.cancel()
        connection.respond(to: id, .failure(.requestCancelled))
    }

    /// The number of requests in flight (for tests).
    var pendingCount: Int { pending.count }

    // MARK: Notifications

    private func handleNotification(method: String, params: Value?) {
        guard phase != .waitingForInitialize else {
            logger.log("dropping \(method): the server is not initialized")
            return
        }
        let json = JSONView(params)
        do {
            switch method {
            case "initialized": didInitialize()
            case CancelParams.method: cancel(try CancelParams(json: json).id)
            case DidOpenTextDocumentParams.method: didOpen(try DidOpenTextDocumentParams(json: json))
            case DidChangeTextDocumentParams.method: didChange(try DidChangeTextDocumentParams(json: json))
            case DidCloseTextDocumentParams.method: didClose(try DidCloseTextDocumentParams(json: json))
            case DidSaveTextDocumentParams.method: didSave(try DidSaveTextDocumentParams(json: json))
            case DidChangeWatchedFilesParams.method: didChangeWatchedFiles(try DidChangeWatchedFilesParams(json: json))
            case DidChangeWorkspaceFoldersParams.method: didChangeWorkspaceFolders(try DidChangeWorkspaceFoldersParams(json: json))
            default:
                // `$/` notifications and unknown ones are ignored, as LSP requires.
                if !method.hasPrefix("$/") && method != "workspace/didChangeConfiguration" {
                    logger.log("ignoring notification \(method)")
                }
            }
        } catch {
            logger.log("\(method): invalid params: \(error.description)")
        }
    }

    private func didInitialize() {
        guard let session, session.client.watchedFilesRegistration else { return }
        // Watch rule files and catalogues so that edits outside the editor re-check
        // their dependents. Only sent because the client declared dynamic registration.
        let watchers: [Value] = ["**/*.rules", "**/Localizations/*.json"].map { .object(["globPattern": .string($0)]) }
        connection.request(
            "client/registerCapability",
            .object([
                "registrations": .array([
                    .object([
                        "id": .string("rulebook-watched-files"),
                        "method": .string(DidChangeWatchedFilesParams.method),
                        "registerOptions": .object(["watchers": .array(watchers)]),
                    ])
                ])
            ]))
    }
}
