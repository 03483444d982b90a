import Rulebook

/// `textDocument/diagnostic` (pull diagnostics, for clients that declare them): the same
/// diagnostics the server would publish, with a result id so an unchanged report is
/// answered as `unchanged`.
enum PullDiagnostics {
    static let method = "textDocument/diagnostic"

    struct Params: JSONDecodable {
        var textDocument: TextDocumentIdentifier
        var previousResultID: String?

        init(json: JSONView) throws(InvalidParams) {
            try json.requireObject()
            textDocument = try TextDocumentIdentifier(json: json["textDocument"])
            previousResultID = try json["previousResultId"].optionalString()
        }
    }

    static let route = Route.typed(Params.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        let items = DiagnosticConversion.convert(analysis.diagnostics, in: analysis, session: context.session)
        let json = Value.array(items)
        var bytes: [UInt8] = []
        JSONWriter().write(json, into: &bytes)
        let resultID = "\(analysis.document.version)-\(stableHash(bytes))"
        if params.previousResultID == resultID {
            return .object(["kind": .string("unchanged"), "resultId": .string(resultID)])
        }
        return .object(["kind": .string("full"), "resultId": .string(resultID), "items": json])
    }

    /// FNV-1a: stable across runs (Swift's `Hasher` is seeded per process).
    static func stableHash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
