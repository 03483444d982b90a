import Rulebook

extension SyntaxTree {
    /// A readable, line-per-node print of the tree for tests and debugging, e.g.
    ///
    /// ```
    /// field firstName 0..<30
    ///   path firstName 0..<9
    ///   rule minLength 22..<33
    ///     integer 2 32..<33
    /// ```
    ///
    /// With `ranges: false` the byte ranges are left out, so two trees of the same
    /// statements written differently (before and after formatting) dump equally.
    /// Comments and diagnostics are not part of the dump.
    package func dump(ranges: Bool = true) -> String {
        var printer = SyntaxDumper(ranges: ranges)
        printer.visit(self)
        return printer.output
    }
}

extension SyntaxTree: CustomDebugStringConvertible {
    /// The tree's ``dump(ranges:)`` with ranges.
    package var debugDescription: String { dump() }
}

/// Prints one line per node, indented by depth.
struct SyntaxDumper: SyntaxVisitor {
    let ranges: Bool
    var output = ""
    var depth = 0

    init(ranges: Bool) { self.ranges = ranges }

    mutating func line(_ text: String, _ range: SourceRange) {
        output += String(repeating: "  ", count: depth) + text + (ranges ? " \(range)" : "") + "\n"
    }

    mutating func nested(_ body: (inout SyntaxDumper) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    mutating func visit(_ field: FieldStatementSyntax) {
        line("field \(field.path.description)", field.range)
        nested { $0.walk(field) }
    }

    mutating func visit(_ namedRule: NamedRuleSyntax) {
        line("namedRule \(namedRule.name.name)", namedRule.range)
        nested { $0.walk(namedRule) }
    }

    mutating func visit(_ importDecl: ImportSyntax) {
        line("import \(quoted(importDecl.path))", importDecl.range)
    }

    mutating func visit(_ block: WhenBlockSyntax) {
        line("when", block.range)
        nested { $0.walk(block) }
    }

    mutating func visit(_ unexpected: UnexpectedSyntax) {
        line("unexpected", unexpected.range)
    }

    mutating func visit(_ rule: RuleSyntax) {
        line("rule \(rule.name.name)", rule.range)
        nested { $0.walk(rule) }
    }

    mutating func visit(_ argument: ArgumentSyntax) {
        switch argument.kind {
        case .integer(let value, let text):
            line("integer \(value)" + (text == String(value) ? "" : " text \(text)"), argument.range)
        case .decimal(let value, let text):
            line("decimal \(value)" + (text == String(value) ? "" : " text \(text)"), argument.range)
        case .string(let value): line("string \(quoted(value))", argument.range)
        case .regex(let pattern, let flags, let patternRange):
            line("regex /\(pattern)/\(flags)" + (ranges ? " pattern \(patternRange)" : ""), argument.range)
        case .date(let year, let month, let day): line("date \(year)-\(month)-\(day)", argument.range)
        case .today: line("today", argument.range)
        case .boolean(let value): line("boolean \(value)", argument.range)
        case .path(let path):
            line("pathArgument", argument.range)
            nested { $0.visit(path) }
        }
    }

    mutating func visit(_ message: MessageOverrideSyntax) {
        switch message.kind {
        case .key(let key): line("message key \(key)", message.range)
        case .literal(let text): line("message literal \(quoted(text))", message.range)
        }
    }

    mutating func visit(_ condition: ConditionSyntax) {
        switch condition {
        case .present: line("present", condition.range)
        case .comparison(_, let op, _, _): line("compare \(op.rawValue)", condition.range)
        case .not: line("not", condition.range)
        case .and: line("and", condition.range)
        case .or: line("or", condition.range)
        case .parenthesized: line("parenthesized", condition.range)
        case .missing: line("missing", condition.range)
        }
        nested { $0.walk(condition) }
    }

    mutating func visit(_ path: PathSyntax) {
        let segments = path.segments.map { segment -> String in
            switch segment.kind {
            case .key(let key, let quoted): quoted ? "\"\(key)\"" : key
            case .wildcard: "[*]"
            }
        }
        line("path " + segments.joined(separator: " "), path.range)
    }

    /// A string shown with Swift-style escapes, so control characters stay visible.
    func quoted(_ text: String) -> String { SwiftStringLiteral.quoted(text) }
}
