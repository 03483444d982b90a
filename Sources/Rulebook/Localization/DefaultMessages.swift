/// Renders violation messages from the validator table's built-in English defaults.
///
/// SKELETON (the localisation stage replaces the body with the ICU renderer): it fills
/// `{name}` placeholders only.
public struct DefaultMessages: MessageRendering {
    public init() {}

    public func render(_ request: MessageRequest) -> String {
        if case .literal(let text)? = request.messageOverride { return text }
        let template = BuiltinValidator.allCases.lazy.flatMap(\.definition.forms)
            .first { $0.messageKey == request.messageKey }?.defaultMessage ?? "{field} is invalid."
        var text = template.replacingOccurrences(of: "{field}", with: request.field.description)
        for (name, value) in request.arguments {
            text = text.replacingOccurrences(of: "{\(name)}", with: "\(value)")
        }
        return text
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
