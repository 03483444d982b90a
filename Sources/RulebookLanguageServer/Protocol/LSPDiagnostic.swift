import Rulebook

/// An LSP `Diagnostic`: a ``Rulebook/Diagnostic`` with its range in the negotiated
/// encoding.
public struct LSPDiagnostic: Sendable, Hashable, JSONEncodable {
    /// A note that points somewhere (LSP `DiagnosticRelatedInformation`).
    public struct Related: Sendable, Hashable {
        public var location: Location
        public var message: String
    }

    public var range: LSPRange
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    /// The kebab-case code (`unknown-validator`).
    public var code: String
    public var message: String
    public var related: [Related]

    /// Always `rulebook`.
    public static let source = "rulebook"

    public init(range: LSPRange, severity: Int, code: String, message: String, related: [Related]) {
        self.range = range
        self.severity = severity
        self.code = code
        self.message = message
        self.related = related
    }

    /// The LSP severity of a Rulebook severity.
    public static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    public var json: Value {
        .object([
            "range": range.json,
            "severity": .integer(severity),
            "code": .string(code),
            "source": .string(LSPDiagnostic.source),
            "message": .string(message),
            "relatedInformation": related.isEmpty ? nil : .array(related.map {
                .object(["location": $0.location.json, "message": .string($0.message)])
            }),
        ])
    }
}
