import Rulebook
import RulebookTooling

/// Everything a request handler may read, captured when the request arrived: later
/// edits never change what a running request sees.
struct RequestContext: Sendable {
    /// The session settings.
    let session: Session
    /// The open documents at arrival.
    let documents: DocumentStore
    /// Analyses (shared, cached per document version).
    let analyzer: Analyzer

    /// The negotiated position encoding.
    var encoding: PositionEncoding { session.encoding }

    /// The open document at `uri`, or an invalid-params error naming it.
    func document(_ uri: String) throws(ResponseError) -> TextDocument {
        guard let document = documents[uri] else {
            throw ResponseError.invalidParams("document \(uri) is not open")
        }
        return document
    }

    /// The analysis of the open document at `uri` as it was when the request arrived.
    func analysis(_ uri: String) async throws(ResponseError) -> DocumentAnalysis {
        let document = try document(uri)
        return await analyzer.analysis(of: document, documents: documents)
    }
}
