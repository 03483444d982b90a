import Rulebook

/// A walk over a ``SyntaxTree`` in source order, in the style of swift-markdown's
/// `MarkupWalker`: every node kind has a `visit` method whose default visits the node's
/// children, and a `walk` method doing just that, so a visitor that overrides `visit` for
/// one kind can still descend by calling `walk` (there is no `super` for protocol
/// defaults).
///
/// ```swift
/// struct RuleNames: SyntaxVisitor {
///     var names: [String] = []
///     mutating func visit(_ rule: RuleSyntax) { names.append(rule.name.name); walk(rule) }
/// }
/// var collector = RuleNames()
/// collector.visit(tree)
/// ```
///
/// Conditions are bounded in depth by ``ParserLimits/maxConditionDepth``, so the
/// recursive default walk cannot exhaust the stack on parsed input.
package protocol SyntaxVisitor {
    /// The whole tree; the default visits each top-level statement.
    mutating func visit(_ tree: SyntaxTree)
    /// Any statement; the default dispatches to the statement's own `visit`.
    mutating func visit(_ statement: StatementSyntax)
    mutating func visit(_ field: FieldStatementSyntax)
    mutating func visit(_ namedRule: NamedRuleSyntax)
    mutating func visit(_ importDecl: ImportSyntax)
    mutating func visit(_ block: WhenBlockSyntax)
    mutating func visit(_ unexpected: UnexpectedSyntax)
    mutating func visit(_ rule: RuleSyntax)
    mutating func visit(_ argument: ArgumentSyntax)
    mutating func visit(_ message: MessageOverrideSyntax)
    mutating func visit(_ condition: ConditionSyntax)
    mutating func visit(_ path: PathSyntax)
}

extension SyntaxVisitor {
    package mutating func visit(_ tree: SyntaxTree) { walk(tree) }

    package mutating func visit(_ statement: StatementSyntax) {
        switch statement {
        case .field(let node): visit(node)
        case .namedRule(let node): visit(node)
        case .importDecl(let node): visit(node)
        case .when(let node): visit(node)
        case .unexpected(let node): visit(node)
        }
    }

    package mutating func visit(_ field: FieldStatementSyntax) { walk(field) }
    package mutating func visit(_ namedRule: NamedRuleSyntax) { walk(namedRule) }
    package mutating func visit(_ importDecl: ImportSyntax) {}
    package mutating func visit(_ block: WhenBlockSyntax) { walk(block) }
    package mutating func visit(_ unexpected: UnexpectedSyntax) {}
    package mutating func visit(_ rule: RuleSyntax) { walk(rule) }
    package mutating func visit(_ argument: ArgumentSyntax) { walk(argument) }
    package mutating func visit(_ message: MessageOverrideSyntax) {}
    package mutating func visit(_ condition: ConditionSyntax) { walk(condition) }
    package mutating func visit(_ path: PathSyntax) {}

    /// Visits the top-level statements.
    package mutating func walk(_ tree: SyntaxTree) {
        for statement in tree.statements { visit(statement) }
    }

    /// Visits the path, then each rule.
    package mutating func walk(_ field: FieldStatementSyntax) {
        visit(field.path)
        for rule in field.rules { visit(rule) }
    }

    /// Visits each rule of the definition.
    package mutating func walk(_ namedRule: NamedRuleSyntax) {
        for rule in namedRule.rules { visit(rule) }
    }

    /// Visits the condition, then the body's statements.
    package mutating func walk(_ block: WhenBlockSyntax) {
        visit(block.condition)
        for statement in block.body { visit(statement) }
    }

    /// Visits each argument, then the message override.
    package mutating func walk(_ rule: RuleSyntax) {
        for argument in rule.arguments { visit(argument) }
        if let message = rule.message { visit(message) }
    }

    /// Visits the path of a path argument.
    package mutating func walk(_ argument: ArgumentSyntax) {
        if case .path(let path) = argument.kind { visit(path) }
    }

    /// Visits the operands of a condition: paths, literals and sub-conditions.
    package mutating func walk(_ condition: ConditionSyntax) {
        switch condition {
        case .present(let path):
            visit(path)
        case .comparison(let path, _, let literal, _):
            visit(path)
            visit(literal)
        case .not(let operand, _), .parenthesized(let operand, _):
            visit(operand)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            visit(lhs)
            visit(rhs)
        case .missing:
            break
        }
    }
}
