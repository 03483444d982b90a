import RulebookRegex

/// Turns the checker's statements into a ``CompiledProgram``: statements of the same path
/// gathered in order of first appearance, conditions bound to the field they guard, rules
/// translated to ``Instruction``s with their constants in side tables.
struct RuleCompiler {
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
    private var rules: [RulePlan] = []
    private var reports: [RuleReport] = []
    private var fieldInfos: [FieldInfo] = []
    private var conditions: [CompiledCondition] = []
    private var patterns: [Pattern] = []
    private var oneOfSets: [OneOfSet] = []
    private var oneOfTexts: [UnsafeRawBufferPointer] = []
    private var oneOfTextRanges: [Range<Int>] = []
    private var references: [ReferencePath] = []

    mutating func compile(_ ruleSet: RuleSet) -> CompiledProgram {
        var order: [FieldPath] = []
        var statementsByPath: [FieldPath: [CheckedStatement]] = [:]
        for statement in ruleSet.statements {
            if statementsByPath[statement.path] == nil { order.append(statement.path) }
            statementsByPath[statement.path, default: []].append(statement)
        }
        for path in order { add(path, statements: statementsByPath[path] ?? []) }
        let recordKeys = slotRootReferences()
        return CompiledProgram(keyStorage: keyStorage, fields: fields, runs: runs, keys: keys, rootKeys: rootKeys, groups: groups,
                               rules: rules, reports: reports,
                               fieldInfos: fieldInfos, conditions: conditions, patterns: patterns,
                               oneOfSets: oneOfSets, oneOfTexts: oneOfTexts, oneOfTextRanges: oneOfTextRanges,
                               references: references, recordKeys: recordKeys,
                               readsRootMembersOnly: readsRootMembersOnly(recordKeys))
    }

    /// Gives the first key of every root-anchored reference (`same email`, `when country
    /// == "FR"`) a root slot: a field's when the field starts with the same key (byte for
    /// byte), else a new one after the fields' slots. Returns every root key the rules
    /// read, by slot (``CompiledProgram/recordKeys``). Only `RecordSlots` (the `Encodable`
    /// path) reads these slots; the tape fills the fields' slots alone, and no path other
    /// than a root lookup ever sees a reference key.
    private mutating func slotRootReferences() -> [CompiledKey] {
        var recordKeys = rootKeys
        var slotsByBytes: [[UInt8]: Int] = [:]
        for (slot, key) in rootKeys.enumerated() { slotsByBytes[Array(key.string.utf8)] = slot }
        references = references.map { reference in
            guard reference.anchor < 0, case .key(let key)? = reference.steps.first else { return reference }
            let bytes = Array(key.string.utf8)
            if let slot = slotsByBytes[bytes] { return reference.withFirstKey(recordKeys[slot]) }
            let slotted = keyStorage.key(key.string, rootSlot: recordKeys.count)
            slotsByBytes[bytes] = recordKeys.count
            recordKeys.append(slotted)
            return reference.withFirstKey(slotted)
        }
        return recordKeys
    }

    /// Whether a record can be evaluated from the root members in `recordKeys` alone: no
    /// field or root-anchored reference reads the root itself (a path starting with `[*]`).
    /// (Until the ninth session every root key also had to be ASCII, because `ValueObject`
    /// decided duplicate keys as Swift compares strings; keys now match byte for byte on
    /// every path, see `RecordSlots`.)
    private func readsRootMembersOnly(_ recordKeys: [CompiledKey]) -> Bool {
        for plan in fields where runs[plan.runStart].keyEnd == runs[plan.runStart].keyStart { return false }
        for reference in references where reference.anchor < 0 {
            guard case .key? = reference.steps.first else { return false }
        }
        return true
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
            let ruleStart = rules.count
            for rule in statement.rules { add(rule, field: path) }
            if let condition { conditions.append(condition) }
            groups.append(GroupPlan(condition: condition == nil ? -1 : conditions.count - 1, ruleStart: ruleStart,
                                    ruleEnd: rules.count, hasRequired: rules[ruleStart...].contains(where: \.isRequired)))
        }
        fields.append(FieldPlan(runStart: runStart, runEnd: runs.count, groupStart: groupStart, groupEnd: groups.count))
        let fixed: ConcretePath? = path.hasWildcard ? nil : ConcretePath(path.segments.compactMap {
            if case .key(let key) = $0 { .key(key) } else { nil }
        })
        fieldInfos.append(FieldInfo(pattern: path, fixedPath: fixed))
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
        let instruction = self.instruction(for: rule, field: field)
        let todayIndex = rule.arguments.firstIndex { if case .today = $0.value { true } else { false } }
        switch instruction {
        case .minAge, .maxAge, .before(.today), .after(.today): needsToday = true
        default: break
        }
        if todayIndex != nil { needsToday = true }
        let reportedKey: String = if case .key(let key)? = rule.messageOverride { key } else { rule.messageKey }
        rules.append(RulePlan(instruction: instruction, isRequired: rule.validator == .required))
        reports.append(RuleReport(
            validator: rule.validator, formKey: rule.messageKey, reportedKey: reportedKey,
            messageOverride: rule.messageOverride, location: rule.location,
            parameters: rule.arguments.map { Violation.Parameter(name: $0.name, value: Self.parameterValue($0.value)) },
            messageArguments: rule.arguments.map { ($0.name, Self.messageArgument($0.value)) },
            todayParameterIndex: todayIndex))
    }
}

extension RuleCompiler {
    /// The instruction for a checked rule; `.malformed` when its arguments do not fit.
    private mutating func instruction(for rule: CheckedRule, field: FieldPath) -> Instruction {
        let arguments = rule.arguments.map(\.value)
        func count(_ index: Int) -> Int? {
            guard index < arguments.count else { return nil }
            switch arguments[index] {
            case .count(let value): return value
            case .number(let value, _) where value.isFinite && value.rounded() == value && abs(value) < 9e15: return Int(value)
            default: return nil
            }
        }
        func number(_ index: Int) -> Double? {
            guard index < arguments.count else { return nil }
            switch arguments[index] {
            case .count(let value): return Double(value)
            case .number(let value, _): return value
            default: return nil
            }
        }
        func bound(_ index: Int) -> DateBound? {
            guard index < arguments.count else { return nil }
            switch arguments[index] {
            case .date(let date): return .day(date.daysSinceEpoch)
            case .today: return .today
            case .field(let path): return .field(reference(path, field: field))
            default: return nil
            }
        }
        func other(_ index: Int) -> Int? {
            guard index < arguments.count, case .field(let path) = arguments[index] else { return nil }
            return reference(path, field: field)
        }
        let none = arguments.isEmpty
        let compiled: Instruction? = switch rule.validator {
        case .required: none ? .required : nil
        case .minLength: count(0).map { .minLength($0) }
        case .maxLength: count(0).map { .maxLength($0) }
        case .length:
            arguments.count == 1 ? count(0).map { .lengthRange($0, $0) }
                : count(0).flatMap { low in count(1).map { .lengthRange(low, $0) } }
        case .pattern:
            if arguments.count == 1, case .regex(let pattern, _) = arguments[0] {
                { patterns.append(copiesPatterns ? pattern.independentCopy() : pattern); return .pattern(patterns.count - 1) }()
            } else { nil }
        case .email: none ? .email : nil
        case .url: none ? .url : nil
        case .uuid: none ? .uuid : nil
        case .alpha: none ? .alpha : nil
        case .alphanumeric: none ? .alphanumeric : nil
        case .digits: none ? .digits(count: nil) : count(0).map { .digits(count: $0) }
        case .noDigits: none ? .noDigits : nil
        case .noSpecialChars: none ? .noSpecialChars : nil
        case .containsDigit: none ? .containsDigit : nil
        case .containsLetter: none ? .containsLetter : nil
        case .containsUppercase: none ? .containsUppercase : nil
        case .containsLowercase: none ? .containsLowercase : nil
        case .containsSymbol: none ? .containsSymbol : nil
        case .oneOf:
            if let values = Self.literals(arguments) {
                { addOneOf(values); return .oneOf(oneOfSets.count - 1) }()
            } else { nil }
        case .string: none ? .isString : nil
        case .object: none ? .isObject : nil
        case .array: none ? .isArray : nil
        case .integer: none ? .integer : nil
        case .number: none ? .number : nil
        case .min: number(0).map { .min($0) }
        case .max: number(0).map { .max($0) }
        case .between: number(0).flatMap { low in number(1).map { .between(low, $0) } }
        case .boolean: none ? .boolean : nil
        case .accepted: none ? .accepted : nil
        case .date: none ? .date : nil
        case .before: bound(0).map { .before($0) }
        case .after: bound(0).map { .after($0) }
        case .minAge: count(0).map { .minAge($0) }
        case .maxAge: count(0).map { .maxAge($0) }
        case .same: other(0).map { .same($0) }
        case .different: other(0).map { .different($0) }
        case .minItems: count(0).map { .minItems($0) }
        case .maxItems: count(0).map { .maxItems($0) }
        case .unique: none ? .unique : nil
        }
        return compiled ?? .malformed
    }

    /// `oneOf` values: the checker passes one `.list`; plain `.value`s are accepted too.
    private static func literals(_ arguments: [RuleArgument]) -> [Value]? {
        var values: [Value] = []
        for argument in arguments {
            switch argument {
            case .list(let items):
                for item in items {
                    guard let value = literal(item) else { return nil }
                    values.append(value)
                }
            default:
                guard let value = literal(argument) else { return nil }
                values.append(value)
            }
        }
        return values.isEmpty ? nil : values
    }

    private static func literal(_ argument: RuleArgument) -> Value? {
        switch argument {
        case .value(let value): value
        case .number(let number, let text): numberValue(number, text: text)
        case .count(let count): .integer(count)
        default: nil
        }
    }

    /// A `oneOf` set, and its text values' bytes for the text fast path.
    private mutating func addOneOf(_ values: [Value]) {
        oneOfSets.append(OneOfSet(values.map(Self.ownStorage)))
        let start = oneOfTexts.count
        for case .string(let text) in values { oneOfTexts.append(keyStorage.key(text).bytes) }
        oneOfTextRanges.append(start..<oneOfTexts.count)
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

    /// A number argument as reported: an integer when written as one (`2`, not `2.0`).
    static func numberValue(_ number: Double, text: String) -> Value {
        let looksIntegral = !text.isEmpty && !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
        if looksIntegral, number.rounded() == number, abs(number) < 9.007_199_254_740_992e15 { return .integer(Int(number)) }
        return .decimal(number)
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
        case .number(let number, _): .number(number)
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
        case .integer(let number): .number(Double(number))
        case .decimal(let number): .number(number)
        case .string(let text): .text(text)
        case .bool(let flag): .text(flag ? "true" : "false")
        case .null: .text("null")
        case .array(let items): .list(items.map(messageArgument))
        case .object: .text("{…}")
        }
    }
}
