extension FieldState: CustomStringConvertible {
    /// `idle`, `valid`, `invalid: <message>`, `incomplete: <message>`, `validating…`,
    /// `inactive`: a line for logs and scripted examples.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .validating: "validating…"
        case .valid: "valid"
        case .incomplete(let violations): "incomplete: \(violations.first?.message ?? "")"
        case .invalid(let violations): "invalid: \(violations.first?.message ?? "")"
        case .rejected(_, let message): "rejected: \(message)"
        case .inactive: "inactive"
        }
    }
}

extension SubmitResult: CustomStringConvertible {
    /// `No changes`, `invalid: <fields>`, or `ready: <merge patch>`.
    public var description: String {
        switch self {
        case .unchanged: "No changes"
        case .invalid(let failures): "invalid: " + failures.keys.map(\.description).sorted().joined(separator: ", ")
        case .ready(let patch, _): "ready: \(patch)"
        }
    }
}
