import RulebookRegex

/// Turns the checker's statements into a ``CompiledProgram``: statements of the same path
/// gathered in order of first appearance, conditions bound to the field they guard, each
/// rule compiled to a ``Check`` by its validator's definition.
struct RuleCompiler {
    /// Where validators are looked up by name.
    let validators: ValidatorRegistry
    /// Whether compiled patterns get buffers of their own rather than sharing the rule
    /// set's (see ``CompiledRuleSet/independentCopy()``).
    var copiesPatterns = false
    /// Set when some rule reads today.
    private(set) var needsToday = false
    private var fields: [FieldPlan] = []
    private var runs: [KeyRun] = []
    private var keys: [CompiledKey] = []
    /// The distinct first keys of the fields' paths, and each one's slot.
    private var rootKeys: [CompiledKey] = []
    private var rootSlots: [String: Int] = [:]
    private let keyStorage = KeyStorage()
    private var groups: [GroupPlan] = []
    /// Per rule: its check.
    private var checks: [Check] = []
    private var reports: [RuleReport] = []
    private var fieldInfos: [FieldInfo] = []
    private var conditions: [CompiledCondition] = []
    private var references: [ReferencePath] = []

    init(validators: ValidatorRegistry = .builtins) {
        self.validators = validators
    }

    mutating func compile(_ ruleSet: RuleSet) -> CompiledProgram {
        var order: [FieldPath] = []
        var statementsByPath: [FieldPath: [CheckedStatement]] = [:]
        for statement in ruleSet.statements {
            if statementsByPath[statement.path] == nil { order.append(statement.path) }
            statementsByPath[statement.path, default: []].append(statement)
        }
        for path in order { add(path, statements: statementsByPath[path] ?? []) }
        return CompiledProgram(
            keyStorage: keyStorage, fields: fields, runs: runs, keys: keys, rootKeys: rootKeys, groups: groups,
            checks: checks, reports: reports,
            fieldInfos: fieldInfos, conditions: conditions, references: references)
    }

    private mutating func add(_ path: FieldPath, statements: [CheckedStatement]) {
        let runStart = runs.count
        var keyStart = keys.count
        for (position, segment) in path.segments.enumerated() {
            switch segment {
            case .key(let key) where position == 0:
                keys.append(rootKey(key))
            case .key(let key):
                keys.append(keyStorage.key(key))
            case .wildcard:
                runs.append(KeyRun(keyStart: keyStart, keyEnd: keys.count))
                keyStart = keys.count
            }
        }
        runs.append(KeyRun(keyStart: keyStart, keyEnd: keys.count))
        let groupStart = groups.count
        for statement in statements {
            let condition = statement.condition.map { compile($0, field: path) }
            let ruleStart = checks.count
            for rule in statement.rules { add(rule, field: path) }
            if let condition { conditions.append(condition) }
            groups.append(
                GroupPlan(
                    condition: condition == nil ? -1 : conditions.count - 1, ruleStart: ruleStart,
                    ruleEnd: checks.count, hasRequired: checks[ruleStart...].contains(where: \.isRequired),
                    checkedStart: checks[ruleStart...].firstIndex { !$0.isRequired } ?? checks.count))
        }
        fields.append(FieldPlan(runStart: runStart, runEnd: runs.count, groupStart: groupStart, groupEnd: groups.count))
        let fixed: ConcretePath? =
            path.hasWildcard
            ? nil
            : ConcretePath(
                path.segments.compactMap {
                    if case .key(let key) = $0 { .key(key) } else { nil }
                })
        fieldInfos.append(FieldInfo(pattern: path, fixedPath: fixed?.spellingDecided))
    }

    /// The key of a root member, with its slot (one per distinct key).
    private mutating func rootKey(_ text: String) -> CompiledKey {
        if let slot = rootSlots[text] { return rootKeys[slot] }
        let key = keyStorage.key(text, rootSlot: rootKeys.count)
        rootSlots[text] = rootKeys.count
        rootKeys.append(key)
        return key
    }

    private mutating func reference(_ path: FieldPath, field: FieldPath) -> Int {
        references.append(ReferencePath(path, relativeTo: field, keys: keyStorage))
        return references.count - 1
    }

    private mutating func compile(_ condition: Condition, field: FieldPath) -> CompiledCondition {
        switch condition {
        case .present(let path): .present(reference(path, field: field))
        case .equals(let path, let value): .equals(reference(path, field: field), Self.ownStorage(value))
        case .notEquals(let path, let value): .notEquals(reference(path, field: field), Self.ownStorage(value))
        case .not(let inner): .not(compile(inner, field: field))
        case .and(let lhs, let rhs): .and(compile(lhs, field: field), compile(rhs, field: field))
        case .or(let lhs, let rhs): .or(compile(lhs, field: field), compile(rhs, field: field))
        }
    }

    private mutating func add(_ rule: CheckedRule, field: FieldPath) {
        let check = self.check(for: rule, field: field)
        let todayIndex = rule.arguments.firstIndex { if case .today = $0.value { true } else { false } }
        if case .date = check { needsToday = true }
        if todayIndex != nil { needsToday = true }
        let reportedKey: String = if case .key(let key)? = rule.messageOverride { key } else { rule.messageKey }
        checks.append(check)
        reports.append(
            RuleReport(
                validator: rule.validator, formKey: rule.messageKey, reportedKey: reportedKey,
                messageOverride: rule.messageOverride, location: rule.location,
                parameters: rule.arguments.map { Violation.Parameter(name: $0.name, value: Self.parameterValue($0.value)) },
                messageArguments: rule.arguments.map { ($0.name, Self.messageArgument($0.value)) },
                todayParameterIndex: todayIndex,
                defaultMessage: rule.validator.isBuiltin
                    ? nil
                    : validators.definition(named: rule.validator.rawValue)?.forms.first { $0.messageKey == rule.messageKey }?
                        .defaultMessage))
    }
}

extension RuleCompiler {
    /// The check of a checked rule, made by its validator's definition; `.malformed` when
    /// its arguments do not fit (or no validator of its name is registered).
    private mutating func check(for rule: CheckedRule, field: FieldPath) -> Check {
        guard let definition = validators.definition(named: rule.validator.rawValue) else { return .malformed }
        switch definition.implementation {
        case .check(let compile):
            var bound: [ReferencePath] = []
            let keys = keyStorage, base = references.count
            let arguments = CheckArguments(
                values: rule.arguments.map(\.value),
                bindReference: { path in
                    bound.append(ReferencePath(path, relativeTo: field, keys: keys))
                    return base + bound.count - 1
                }, copiesPatterns: copiesPatterns)
            let check = compile(arguments)
            references += bound
            return check ?? .malformed
        case .declared:
            return .deferred(nil)
        }
    }

    /// A literal the hot loop compares records with, its text in storage of the program's
    /// own rather than the rule set's (objects keep theirs: rare as literals).
    ///
    /// Performance bends the code here: reading a long (non-inline) string retains its
    /// storage, an atomic on a cache line that workers sharing one rule set would bounce
    /// between cores (see ``CompiledRuleSet/independentCopy()``).
    static func ownStorage(_ value: Value) -> Value {
        switch value {
        case .string(let text): .string(String(decoding: Array(text.utf8), as: UTF8.self))
        case .array(let elements): .array(elements.map(ownStorage))
        default: value
        }
    }

    /// A number argument as reported: an integer when written as one (`2`, not `2.0`),
    /// exactly as written.
    static func numberValue(_ number: Double, text: String) -> Value {
        if let exact = JSONNumber(text), exact.hasIntegerSyntax, let integer = exact.integerValue { return .integer(integer) }
        return .decimal(number)
    }

    /// A number argument as a message argument: as written when its `Double` is not the
    /// written number (a whole number beyond 2^53), so messages show the bound the rule
    /// file states.
    static func numberArgument(_ number: Double, text: String) -> MessageArgument {
        if let exact = JSONNumber(text), exact.hasIntegerSyntax, let integer = exact.integerValue,
            Int(exactly: number) != integer
        {
            return .text(text)
        }
        return .number(number)
    }

    /// A parameter as ``Violation/Parameter`` reports it.
    static func parameterValue(_ argument: RuleArgument) -> Value {
        switch argument {
        case .count(let count): .integer(count)
        case .number(let number, let text): numberValue(number, text: text)
        case .value(let value): value
        case .regex(_, let source): .string(source)
        case .date(let date): .string(date.description)
        case .today: .string("today")  // replaced by the context's date when reported
        case .field(let path): .string(path.description)
        case .list(let items): .array(items.map(parameterValue))
        }
    }

    /// A parameter as a message argument.
    static func messageArgument(_ argument: RuleArgument) -> MessageArgument {
        switch argument {
        case .count(let count): .number(Double(count))
        case .number(let number, let text): numberArgument(number, text: text)
        case .value(let value): messageArgument(value)
        case .regex(_, let source): .text(source)
        case .date(let date): .date(date)
        case .today: .text("today")  // replaced by the context's date when reported
        case .field(let path): .field(path)
        case .list(let items): .list(items.map(messageArgument))
        }
    }

    private static func messageArgument(_ value: Value) -> MessageArgument {
        switch value {
        // A whole number a `Double` cannot hold exactly shows as written, like bounds do.
        case .integer(let number): Int(exactly: Double(number)) == number ? .number(Double(number)) : .text(String(number))
        case .decimal(let number): .number(number)
        case .string(let text): .text(text)
        case .bool(let flag): .text(flag ? "true" : "false")
        case .null: .text("null")
        case .array(let items): .list(items.map(messageArgument))
        case .object: .text("{…}")
        }
    }
}
