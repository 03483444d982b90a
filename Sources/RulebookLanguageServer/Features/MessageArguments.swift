import Rulebook

/// Builds the ``MessageRequest`` a violation of a written rule would carry, from its
/// syntax, so hover renders exactly the message users would see.
enum MessageArguments {
    static func request(for rule: RuleSyntax, definition: ValidatorDefinition, field: PathSyntax) -> MessageRequest? {
        guard let form = definition.form(forArgumentCount: rule.arguments.count) else { return nil }
        var arguments: [(name: String, value: MessageArgument)] = []
        for (parameter, argument) in zip(form.parameters, rule.arguments) {
            guard let value = argumentValue(argument) else { return nil }
            arguments.append((parameter.name, value))
        }
        if let variadic = form.variadic {
            let values = rule.arguments.dropFirst(form.parameters.count).compactMap(argumentValue)
            arguments.append((variadic.name, .list(values)))
        }
        var override: MessageOverride?
        switch rule.message?.kind {
        case .key(let key)?: override = .key(key)
        case .literal(let text)?: override = .literal(text)
        case nil: override = nil
        }
        return MessageRequest(messageOverride: override, field: fieldPath(field), messageKey: form.messageKey, arguments: arguments)
    }

    static func fieldPath(_ path: PathSyntax) -> FieldPath {
        FieldPath(
            path.segments.map { segment in
                switch segment.kind {
                case .key(let key, _): .key(key)
                case .wildcard: .wildcard
                }
            })
    }

    static func argumentValue(_ argument: ArgumentSyntax) -> MessageArgument? {
        switch argument.kind {
        case .integer(let value, _): .number(Double(value))
        case .decimal(let value, _): .number(value)
        case .string(let text): .text(text)
        case .regex(let pattern, let flags, _): .text("/\(pattern)/\(flags)")
        case .date(let year, let month, let day): CalendarDate(year: year, month: month, day: day).map(MessageArgument.date)
        case .today: .text("today")
        case .boolean(let flag): .text(flag ? "true" : "false")
        case .path(let path): .field(fieldPath(path))
        }
    }
}

extension SyntaxIndex {
    /// The path of the field statement that contains `rule` (nil inside named rules).
    func field(containing rule: RuleSyntax) -> PathSyntax? {
        var found: PathSyntax?
        func visit(_ statements: [StatementSyntax]) {
            for statement in statements where found == nil {
                switch statement {
                case .field(let field) where field.range.contains(rule.range.start):
                    if field.rules.contains(rule) { found = field.path }
                case .when(let block) where block.range.contains(rule.range.start):
                    visit(block.body)
                default:
                    continue
                }
            }
        }
        visit(tree.statements)
        return found
    }
}
