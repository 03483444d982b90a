import Rulebook

// Field statements, named rules, rule lists and conditions in canonical form. Every
// literal, path and key is copied from its source range, so formatting never changes
// how a value is spelled (escapes, number notation, regex text).

extension FormatPrinter {
    /// Prints consecutive field statements (or named rules) with their rule lists (or
    /// `=` signs) starting in one column.
    mutating func printGroup(_ statements: [StatementSyntax], indent: Int) {
        let group = nextGroup
        nextGroup += 1
        let heads = statements.map(head)
        let widths = heads.map(FormatPrinter.width)
        let width = widths.max() ?? 0
        for (index, statement) in statements.enumerated() {
            let head = heads[index]
            let padding = String(repeating: " ", count: width - widths[index])
            switch statement {
            case .field(let field):
                printRuleList(field.rules, prefix: head + padding + " ", indent: indent, end: field.range.end, group: group)
            case .namedRule(let rule):
                printRuleList(rule.rules, prefix: head + padding + " = ", indent: indent, end: rule.range.end, group: group)
            default:
                printStatement(statement, indent: indent)
            }
        }
    }

    /// `path:` for a field statement, `rule NAME` for a named rule.
    func head(_ statement: StatementSyntax) -> String {
        switch statement {
        case .field(let field): text(field.path.range) + ":"
        case .namedRule(let rule): "rule " + rule.name.name
        default: ""
        }
    }

    /// `prefix` then the rules joined by `, `. Where the source broke the list after a
    /// comma, the break is kept and the next line starts under the first rule; comments
    /// after such a comma stay trailing, comment lines in between stay on their own lines.
    mutating func printRuleList(_ rules: SyntaxList<RuleSyntax>, prefix: String, indent: Int, end: Int, group: Int) {
        let indentation = FormatPrinter.indentation(indent)
        let continuation = String(repeating: " ", count: FormatPrinter.width(prefix))
        var code = prefix
        for (index, rule) in rules.enumerated() {
            if index > 0 {
                let previous = rules[index - 1]
                if line(of: rule.range.start) != line(of: previous.range.end) {
                    let comment = trailingComment(after: previous.range.end, before: rule.range.start)
                    lines.append(FormattedLine(code: indentation + code + ",", comment: comment, group: group))
                    while nextComment < comments.count, comments[nextComment].range.start < rule.range.start {
                        lines.append(FormattedLine(code: indentation + continuation + FormatPrinter.trimmed(comments[nextComment])))
                        nextComment += 1
                    }
                    code = continuation
                } else {
                    code += ", "
                }
            }
            code += ruleText(rule)
        }
        emit(indent: indent, code, endingAt: end, group: group)
    }

    /// `NAME ARG ARG message KEY`, single spaces, every part as written.
    func ruleText(_ rule: RuleSyntax) -> String {
        var result = rule.name.name
        for argument in rule.arguments {
            result += " " + text(argument.range)
        }
        if let message = rule.message {
            result += " message " + text(message.valueRange)
        }
        return result
    }

    /// A condition with single spaces around operators. Parentheses are printed where
    /// the source had them, which is exactly where precedence needs them.
    func conditionText(_ condition: ConditionSyntax) -> String {
        switch condition {
        case .present(let path):
            text(path.range)
        case .comparison(let path, let op, let literal, _):
            text(path.range) + " " + op.rawValue + " " + text(literal.range)
        case .not(let operand, _):
            "not " + conditionText(operand)
        case .and(let lhs, let rhs):
            conditionText(lhs) + " and " + conditionText(rhs)
        case .or(let lhs, let rhs):
            conditionText(lhs) + " or " + conditionText(rhs)
        case .parenthesized(let inner, _):
            "(" + conditionText(inner) + ")"
        case .missing(let range):
            text(range)
        }
    }
}
