import Rulebook

/// An LSP `Diagnostic`: a ``Rulebook/Diagnostic`` with its range in the negotiated
/// encoding.
struct LSPDiagnostic: Sendable, Hashable, JSONEncodable {
    /// A note that points somewhere (LSP `DiagnosticRelatedInformation`).
    struct Related: Sendable, Hashable {
        var location: Location
        var message: String
    }

    var range: LSPRange
    /// 1 error, 2 warning, 3 information, 4 hint.
    var severity: Int
    /// The kebab-case code (`unknown-validator`).
    var code: String
    var message: String
    var related: [Related]

    /// Always `rulebook`.
    static let source = "rulebook"

    init(range: LSPRange, severity: Int, code: String, message: String, related: [Related]) {
        self.range = range
        self.severity = severity
        self.code = code
        self.message = message
        self.related = related
    }

    /// The LSP severity of a Rulebook severity.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    var json: Value {
        .object([
            "range": range.json,
            "severity": .integer(severity),
            "code": .string(code),
            "source": .string(LSPDiagnostic.source),
            "message": .string(message),
            "relatedInformation": related.isEmpty
                ? Value?.none
                : .array(
                    related.map {
                        .object(["location": $0.location.json, "message": .string($0.message)])
                    }),
        ])
    }
}
