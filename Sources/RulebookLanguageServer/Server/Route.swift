import Rulebook

/// A request handler: decodes its params, computes, returns the JSON result. Thrown
/// errors become the request's error answer; the server carries on.
struct Route: Sendable {
    let handler: @Sendable (JSONView, RequestContext) async throws -> Answer

    /// What a handler answers: a JSON value, or JSON text it wrote itself.
    enum Answer: Sendable {
        case value(Value)
        /// The result as JSON text, written straight to the output. Memory: a handler
        /// whose answer is large (the symbols of a long file) neither builds it as values
        /// nor holds its text whole.
        case text(TextAnswer)
    }

    /// JSON text a handler writes to the output itself: its length is known before it
    /// is written (the message header comes first), then ``write`` writes exactly that
    /// many bytes, in pieces, to the sink it is given (which returns false once the
    /// output is closed; `write` then stops and returns false).
    struct TextAnswer: Sendable {
        let length: Int
        let write: @Sendable (_ sink: (UnsafeRawBufferPointer) -> Bool) -> Bool
    }

    /// A handler over raw params.
    init(_ handler: @escaping @Sendable (JSONView, RequestContext) async throws -> Value) {
        self.handler = { json, context in .value(try await handler(json, context)) }
    }

    private init(answering handler: @escaping @Sendable (JSONView, RequestContext) async throws -> Answer) {
        self.handler = handler
    }

    /// A handler whose params decode to `Params` (failures answer -32602).
    static func typed<Params: JSONDecodable>(
        _ type: Params.Type, _ body: @escaping @Sendable (Params, RequestContext) async throws -> Value
    ) -> Route {
        Route { json, context in try await body(try Params(json: json), context) }
    }

    /// A handler whose params decode to `Params` and that writes its answer's JSON text.
    static func typedText<Params: JSONDecodable>(
        _ type: Params.Type, _ body: @escaping @Sendable (Params, RequestContext) async throws -> TextAnswer
    ) -> Route {
        Route(answering: { json, context in .text(try await body(try Params(json: json), context)) })
    }
}

extension Routes {
    /// Runs a handler and maps what it throws to a JSON-RPC error:
    /// ``ResponseError`` as is, ``InvalidParams`` → -32602, cancellation → -32800,
    /// anything else → -32603.
    static func run(_ route: Route, params: Value?, context: RequestContext) async -> Result<Route.Answer, ResponseError> {
        // A request cancelled before its handler got a thread (a burst of requests, then
        // their cancellations) never starts: it would build a whole answer only for it
        // to be dropped, and hold that memory meanwhile.
        if Task.isCancelled { return .failure(.requestCancelled) }
        do {
            return .success(try await route.handler(JSONView(params), context))
        } catch let error as ResponseError {
            return .failure(error)
        } catch let error as InvalidParams {
            return .failure(.invalidParams(error.description))
        } catch is CancellationError {
            return .failure(.requestCancelled)
        } catch {
            return .failure(.internalError("internal error: \(error)"))
        }
    }
}
