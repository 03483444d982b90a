import Rulebook

/// A JSON-RPC request id: LSP allows integers and strings.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    /// A numeric id.
    case integer(Int)
    /// A string id.
    case string(String)

    /// The id as JSON.
    public var value: Value {
        switch self {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        }
    }

    /// Reads an id; `nil` for anything but an integer or a string.
    public init?(_ value: Value) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .decimal(let number) where number.rounded() == number && abs(number) < 9e15: self = .integer(Int(number))
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    /// The id as JSON text would show it (`7`, `"abc"`).
    public var description: String {
        switch self {
        case .integer(let number): String(number)
        case .string(let text): "\"\(text)\""
        }
    }
}

/// A JSON-RPC error object.
public struct ResponseError: Error, Sendable, Hashable {
    /// The numeric code (see the static members).
    public var code: Int
    /// A one-sentence explanation.
    public var message: String
    /// Extra structured data, if any.
    public var data: Value?

    /// Creates an error.
    public init(code: Int, message: String, data: Value? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// Invalid JSON was received.
    public static func parseError(_ message: String) -> ResponseError { .init(code: -32700, message: message) }
    /// The JSON is not a valid request object.
    public static func invalidRequest(_ message: String) -> ResponseError { .init(code: -32600, message: message) }
    /// The method does not exist.
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: -32601, message: "Unhandled method \(method)")
    }
    /// Invalid method parameters.
    public static func invalidParams(_ message: String) -> ResponseError { .init(code: -32602, message: message) }
    /// An internal error of the server.
    public static func internalError(_ message: String) -> ResponseError { .init(code: -32603, message: message) }
    /// A request arrived before `initialize`.
    public static let serverNotInitialized = ResponseError(code: -32002, message: "Server not initialized")
    /// The client cancelled the request.
    public static let requestCancelled = ResponseError(code: -32800, message: "Request cancelled")
    /// The document changed while the request ran; the result would be stale.
    public static let contentModified = ResponseError(code: -32801, message: "Content modified")
    /// A request other than `exit` after `shutdown`.
    public static let shutDown = ResponseError(code: -32600, message: "Server is shutting down")

    /// The error as JSON.
    public var value: Value {
        var object = ValueObject([("code", .integer(code)), ("message", .string(message))])
        if let data { object["data"] = data }
        return .object(object)
    }
}

/// One JSON-RPC 2.0 message, decoded from its JSON once at the boundary.
public enum JSONRPCMessage: Sendable, Hashable {
    /// A call that expects exactly one response.
    case request(id: RequestID, method: String, params: Value?)
    /// A call that is never answered.
    case notification(method: String, params: Value?)
    /// The answer to a request we sent (or, for `id == nil`, an error about a message
    /// the peer could not read).
    case response(id: RequestID?, result: Result<Value, ResponseError>)

    /// Why a well-formed JSON value is not a JSON-RPC message, with the id to answer to
    /// when one could be read.
    public struct DecodingFailure: Error, Sendable, Hashable {
        /// The id of the broken request, when it had a readable one.
        public var id: RequestID?
        /// The error to answer with.
        public var error: ResponseError
    }

    /// Decodes a message from its JSON value.
    public init(_ value: Value) throws(DecodingFailure) {
        guard case .object(let object) = value else {
            throw DecodingFailure(id: nil, error: .invalidRequest("a JSON-RPC message must be a JSON object"))
        }
        let id = object["id"].flatMap(RequestID.init)
        if let version = object["jsonrpc"], version != .string("2.0") {
            throw DecodingFailure(id: id, error: .invalidRequest("unsupported JSON-RPC version (expected \"2.0\")"))
        }
        if let methodValue = object["method"] {
            guard case .string(let method) = methodValue else {
                throw DecodingFailure(id: id, error: .invalidRequest("\"method\" must be a string"))
            }
            let params = object["params"]
            if let params, !params.isStructured, params != .null {
                throw DecodingFailure(id: id, error: .invalidRequest("\"params\" must be an object or an array"))
            }
            switch object["id"] {
            case nil: self = .notification(method: method, params: params)
            case .null?:
                // JSON-RPC forbids a null request id; answering with id null would be ambiguous.
                throw DecodingFailure(id: nil, error: .invalidRequest("a request id must be an integer or a string"))
            case let raw?:
                guard let id = RequestID(raw) else {
                    throw DecodingFailure(id: nil, error: .invalidRequest("a request id must be an integer or a string"))
                }
                self = .request(id: id, method: method, params: params)
            }
            return
        }
        if object["result"] != nil || object["error"] != nil {
            if let error = object["error"], error != .null {
                guard case .object(let fields) = error, case .integer(let code)? = fields["code"] else {
                    throw DecodingFailure(id: nil, error: .invalidRequest("malformed error object"))
                }
                var message = ""
                if case .string(let text)? = fields["message"] { message = text }
                self = .response(id: id, result: .failure(ResponseError(code: code, message: message, data: fields["data"])))
            } else {
                self = .response(id: id, result: .success(object["result"] ?? .null))
            }
            return
        }
        throw DecodingFailure(id: id, error: .invalidRequest("a message needs a \"method\", a \"result\" or an \"error\""))
    }

    /// The message as JSON, `"jsonrpc": "2.0"` included.
    public var value: Value {
        var object = ValueObject([("jsonrpc", .string("2.0"))])
        switch self {
        case .request(let id, let method, let params):
            object["id"] = id.value
            object["method"] = .string(method)
            if let params { object["params"] = params }
        case .notification(let method, let params):
            object["method"] = .string(method)
            if let params { object["params"] = params }
        case .response(let id, let result):
            object["id"] = id?.value ?? .null
            switch result {
            case .success(let value): object["result"] = value
            case .failure(let error): object["error"] = error.value
            }
        }
        return .object(object)
    }
}

extension Value {
    /// Whether the value is an object or an array.
    var isStructured: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
