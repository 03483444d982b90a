import Rulebook
import RulebookRegex

/// Whether a failing rule can still pass when the user types more at the end of the
/// text: the difference between *incomplete* and *invalid* while typing. Only rules
/// whose failure a longer text can cure qualify; anything else (a wrong kind, a text
/// already too long, a character no continuation removes) is invalid at once.
enum TypingViability {
    static func canStillPass(_ violation: Violation, value: Value?, plan: FormPlan.Field) -> Bool {
        let text: String
        switch value {
        case nil, .null?: text = ""
        case .string(let string)?: text = string
        default: return false
        }
        switch violation.validator {
        case .required, .minLength, .containsDigit, .containsLetter, .containsUppercase, .containsLowercase,
            .containsSymbol:
            return true
        case .length:
            let minimum = violation.parameters.first { $0.name == "min" || $0.name == "length" }?.value.integerValue
            return minimum.map { text.count < $0 } ?? false
        case .digits:
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            let count = violation.parameters.first { $0.name == "count" }?.value.integerValue
            return count.map { text.utf8.count < $0 } ?? true
        case .pattern:
            return pattern(of: violation, in: plan)?.canStillMatch(prefix: text) ?? false
        case .email:
            return !text.contains(where: \.isWhitespace) && text.filter { $0 == "@" }.count <= 1
        default:
            return false
        }
    }

    /// The compiled pattern of the rule that reported `violation`.
    private static func pattern(of violation: Violation, in plan: FormPlan.Field) -> Pattern? {
        for statement in plan.statements {
            for rule in statement.rules where rule.validator == .pattern && rule.location == violation.location {
                if case .regex(let pattern, _)? = rule.arguments.first?.value { return pattern }
            }
        }
        return nil
    }
}
