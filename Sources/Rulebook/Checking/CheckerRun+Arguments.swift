// Argument counts, kinds and values of validator applications.

extension CheckerRun {
    /// Checks and converts a validator's arguments; `.invalid` when any is wrong.
    func lowerValidator(
        _ definition: ValidatorDefinition, _ rule: RuleSyntax, in source: SourceFile,
        override: MessageOverride?
    ) -> LoweredRule {
        let validator = definition.id
        let diagnosticsBefore = diagnostics.count, referencesBefore = fieldReferences.count
        guard let form = definition.form(forArgumentCount: rule.arguments.count) else {
            reportArgumentCount(rule, definition, in: source)
            return .invalid
        }
        var converted: [(name: String, value: RuleArgument)] = []
        var variadicValues: [RuleArgument] = []
        var valid = true
        for (index, argument) in rule.arguments.enumerated() {
            let isVariadic = index >= form.parameters.count
            guard let parameter = isVariadic ? form.variadic : form.parameters[index] else { return .invalid }
            guard let value = convert(argument, to: parameter.kind, for: validator, in: source) else {
                valid = false
                continue
            }
            if isVariadic { variadicValues.append(value) } else { converted.append((parameter.name, value)) }
        }
        guard valid else { return .invalid }
        if let variadic = form.variadic { converted.append((variadic.name, .list(variadicValues))) }
        checkInvertedBounds(validator, rule, converted, in: source)
        let head = CheckerRun.headRange(of: rule)
        let locator = locator(for: source)
        let checked = CheckedRule(
            validator: validator, messageKey: form.messageKey, arguments: converted,
            messageOverride: nil, place: .offset(rule.name.range.start, in: locator), expandedFrom: [])
        let entry = LoweringCache.Entry(
            rule: checked, text: String(source.text(in: head)), facts: RuleFacts(checked), serial: headCount)
        headCount += 1
        // Only a head that said nothing and registered nothing may stand for its next occurrences.
        if diagnostics.count == diagnosticsBefore, fieldReferences.count == referencesBefore {
            loweringCache.insert(entry)
        }
        return .validator(
            ExpandedRule(
                head: entry, messageOverride: override, locator: locator, nameOffset: rule.name.range.start,
                range: head))
    }

    /// Another occurrence of a head lowered before (see ``LoweringCache``): only its
    /// location, range, file and message override are its own.
    ///
    /// Performance: inlined into `lower` (its one caller, for every rule of every
    /// statement), with the common occurrence (no override) made directly.
    @inline(__always)
    ///
    /// - Parameter range: the rule's ``headRange(of:)``.
    func lowerCached(
        _ entry: LoweringCache.Entry, _ rule: RuleSyntax, head range: SourceRange, in source: SourceFile,
        override: MessageOverride?
    ) -> LoweredRule {
        guard let override else {
            if rule.name.range.start == range.start {
                return .validator(ExpandedRule(head: entry, locator: locator(for: source), range: range))
            }
            return .validator(
                ExpandedRule(
                    head: entry, messageOverride: nil, locator: locator(for: source),
                    nameOffset: rule.name.range.start, range: range))
        }
        return .validator(
            ExpandedRule(
                head: entry, messageOverride: override, locator: locator(for: source),
                nameOffset: rule.name.range.start, range: range))
    }

    /// `required emial`: a bare word where a rule's arguments end, that is a validator's
    /// name or a typo of one, is a rule whose comma is missing. One diagnostic, with a
    /// fix that inserts the comma (and corrects the name), instead of an argument-count
    /// error whose fix would delete the rule.
    private func reportMissingComma(
        after rule: RuleSyntax, keeping keep: Int, at keptEnd: Int,
        in source: SourceFile
    ) -> Bool {
        guard keep + 1 == rule.arguments.count, case .path = rule.arguments[keep].kind else { return false }
        let word = rule.arguments[keep].range
        let text = String(source.text(in: word))
        guard text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return false }
        let names = ValidatorDefinition.all.map(\.name)
        let name = names.contains(text) ? text : Suggestions.closest(to: text, among: names)
        guard let name else { return false }
        var edits = [TextEdit(file: source.path, range: .empty(at: keptEnd), replacement: ",")]
        var message = "missing ',' between rule '\(rule.name.name)' and rule '\(text)'"
        var fix = "Insert ','"
        if name != text {
            edits.append(TextEdit(file: source.path, range: word, replacement: name))
            message += "; did you mean '\(name)'?"
            fix = "Insert ',' and replace '\(text)' with '\(name)'"
        }
        report(source.path, word, .unexpectedToken, message, fixIts: [FixIt(message: fix, edits: edits)])
        return true
    }

    private func reportArgumentCount(_ rule: RuleSyntax, _ definition: ValidatorDefinition, in source: SourceFile) {
        let found = rule.arguments.count
        let name = rule.name.name
        if found == 0, definition.forms.contains(where: { $0.variadic != nil }) {
            report(
                source.path, rule.name.range, .invalidArgument,
                "'\(name)' needs at least one value to compare with")
            return
        }
        let counts = definition.forms.map { $0.parameters.count }
        let expected: String
        if counts == [0] {
            expected = "'\(name)' takes no arguments"
        } else {
            let countText = counts.map(String.init).joinedAsAlternatives()
            let plural = counts.count == 1 && counts[0] == 1 ? "argument" : "arguments"
            let signatures = definition.forms.map { "'\($0.usage(of: name))'" }.joinedAsAlternatives()
            expected = "'\(name)' expects \(countText) \(plural) (\(signatures))"
        }
        let message = "\(expected), found \(found)"
        // Too many: point at the extra arguments and offer to drop them down to the
        // largest form that fits; too few: point at the rule.
        if let keep = counts.filter({ $0 < found }).max(), let last = rule.arguments.last {
            let extra = rule.arguments[keep].range.union(last.range)
            let keptEnd = keep == 0 ? rule.name.range.end : rule.arguments[keep - 1].range.end
            if reportMissingComma(after: rule, keeping: keep, at: keptEnd, in: source) { return }
            let removed = found - keep
            report(
                source.path, extra, .wrongArgumentCount, message,
                fixIts: [
                    FixIt(
                        message: "Remove the extra argument\(removed == 1 ? "" : "s")",
                        edits: [
                            TextEdit(
                                file: source.path, range: SourceRange(start: keptEnd, end: last.range.end),
                                replacement: "")
                        ],
                        // Which argument is the mistake is a guess.
                        applicability: .suggested)
                ])
        } else {
            report(source.path, CheckerRun.headRange(of: rule), .wrongArgumentCount, message)
        }
    }

    /// `between 10 1`, `length 4 3`: a single rule no value can pass. The fix swaps the bounds.
    private func checkInvertedBounds(
        _ validator: BuiltinValidator, _ rule: RuleSyntax,
        _ arguments: [(name: String, value: RuleArgument)], in source: SourceFile
    ) {
        guard arguments.count == 2, rule.arguments.count == 2 else { return }
        let inverted: Bool
        switch (validator, arguments[0].value, arguments[1].value) {
        case (.between, .number(let low, _), .number(let high, _)): inverted = low > high
        case (.length, .count(let low), .count(let high)): inverted = low > high
        default: return
        }
        guard inverted else { return }
        let first = rule.arguments[0], second = rule.arguments[1]
        let firstText = String(source.text(in: first.range)), secondText = String(source.text(in: second.range))
        report(
            source.path, CheckerRun.headRange(of: rule), .contradiction,
            "'\(rule.name.name) \(firstText) \(secondText)' can never pass: the minimum \(firstText) is greater than the maximum \(secondText)",
            fixIts: [
                FixIt(
                    message: "Swap \(firstText) and \(secondText)",
                    edits: [
                        TextEdit(file: source.path, range: first.range, replacement: secondText),
                        TextEdit(file: source.path, range: second.range, replacement: firstText),
                    ])
            ])
    }

    /// Converts one argument to `kind`, or reports why it cannot be one.
    func convert(
        _ argument: ArgumentSyntax, to kind: ParameterKind, for validator: BuiltinValidator,
        in source: SourceFile
    ) -> RuleArgument? {
        if case .today = argument.kind, kind != .dateBound {
            report(
                source.path, argument.range, .invalidArgument,
                "'today' is a date, but '\(validator.rawValue)' expects \(kind.expectation)")
            return nil
        }
        switch kind {
        case .count: return convertCount(argument, for: validator, in: source)
        case .number: return convertNumber(argument, for: validator, in: source)
        case .regex: return convertRegex(argument, for: validator, in: source)
        case .literal: return convertLiteral(argument, for: validator, in: source)
        case .dateBound: return convertDateBound(argument, for: validator, in: source)
        case .field: return convertField(argument, for: validator, in: source)
        }
    }

    private func convertCount(_ argument: ArgumentSyntax, for validator: BuiltinValidator, in source: SourceFile) -> RuleArgument? {
        switch argument.kind {
        case .integer(let value, let text):
            guard value >= 0 else {
                report(
                    source.path, argument.range, .invalidArgument,
                    "'\(validator.rawValue)' needs a count of zero or more, found \(text)")
                return nil
            }
            return .count(value)
        case .decimal(let value, let text):
            var fixes: [FixIt] = []
            if value >= 0, value.rounded() == value, value < 1e15 {
                let whole = String(Int(value))
                fixes.append(
                    FixIt(
                        message: "Replace \(text) with \(whole)",
                        edits: [TextEdit(file: source.path, range: argument.range, replacement: whole)]))
            }
            report(
                source.path, argument.range, .invalidArgument,
                "'\(validator.rawValue)' needs a whole number, found \(text)", fixIts: fixes)
            return nil
        case .string(let text):
            let fix = Int(text).flatMap { $0 >= 0 ? unquoteFix(argument, text, in: source) : nil }
            reportKind(argument, expected: .count, for: validator, in: source, fixIts: fix.map { [$0] } ?? [])
            return nil
        default:
            reportKind(argument, expected: .count, for: validator, in: source)
            return nil
        }
    }

    private func convertNumber(_ argument: ArgumentSyntax, for validator: BuiltinValidator, in source: SourceFile) -> RuleArgument? {
        switch argument.kind {
        case .integer(let value, let text):
            return .number(Double(value), text: text)
        case .decimal(let value, let text):
            return .number(value, text: text)
        case .string(let text):
            let isNumber = Double(text) != nil && text.allSatisfy { "0123456789.-+eE".contains($0) }
            reportKind(
                argument, expected: .number, for: validator, in: source,
                fixIts: isNumber ? [unquoteFix(argument, text, in: source)] : [])
            return nil
        default:
            reportKind(argument, expected: .number, for: validator, in: source)
            return nil
        }
    }

    private func convertRegex(_ argument: ArgumentSyntax, for validator: BuiltinValidator, in source: SourceFile) -> RuleArgument? {
        switch argument.kind {
        case .regex(let pattern, let flags, let patternRange):
            return compilePattern(pattern, flags: flags, patternRange: patternRange, argument: argument, in: source)
        case .string(let text) where !text.contains(where: \.isNewline) && !text.isEmpty:
            let literal = "/" + text.replacingEvery("/", with: "\\/") + "/"
            reportKind(
                argument, expected: .regex, for: validator, in: source,
                fixIts: [
                    FixIt(
                        message: "Write the pattern as \(literal)",
                        edits: [TextEdit(file: source.path, range: argument.range, replacement: literal)])
                ])
            return nil
        default:
            reportKind(argument, expected: .regex, for: validator, in: source)
            return nil
        }
    }

    private func convertLiteral(_ argument: ArgumentSyntax, for validator: BuiltinValidator, in source: SourceFile) -> RuleArgument? {
        if let value = CheckerRun.literalValue(argument) { return .value(value) }
        reportKind(
            argument, expected: .literal, for: validator, in: source,
            fixIts: quoteFix(argument, in: source).map { [$0] } ?? [])
        return nil
    }

    private func convertDateBound(_ argument: ArgumentSyntax, for validator: BuiltinValidator, in source: SourceFile) -> RuleArgument? {
        switch argument.kind {
        case .date(let year, let month, let day):
            // An impossible date literal is already an `invalid-date` syntax error,
            // reported where it was read: once is enough.
            guard let date = CalendarDate(year: year, month: month, day: day) else { return nil }
            return .date(date)
        case .today:
            return .today
        case .string(let text) where CalendarDate(iso: text) != nil:
            reportKind(
                argument, expected: .dateBound, for: validator, in: source,
                fixIts: [unquoteFix(argument, text, in: source)])
            return nil
        default:
            return convertField(argument, for: validator, in: source)
        }
    }

    private func convertField(_ argument: ArgumentSyntax, for validator: BuiltinValidator, in source: SourceFile) -> RuleArgument? {
        let path: PathSyntax
        switch argument.kind {
        case .path(let syntax):
            path = syntax
        case .string(let key) where !key.isEmpty:
            // A quoted key names a field whose key is not an identifier (`same "e-mail"`).
            path = PathSyntax(segments: [PathSegmentSyntax(kind: .key(key, quoted: true), range: argument.range)], range: argument.range)
        default:
            reportKind(argument, expected: validator.definition.forms.first?.parameters.first?.kind ?? .field, for: validator, in: source)
            return nil
        }
        guard !path.segments.isEmpty else { return nil }  // the parser reported it
        if let wildcard = path.segments.first(where: { $0.kind == .wildcard }) {
            report(
                source.path, wildcard.range, .invalidArgument,
                "'\(validator.rawValue)' compares with one other field; a path with '[*]' names many")
            return nil
        }
        let fieldPath = FieldPath(path)
        fieldReferences.append(FieldReference(path: fieldPath, range: path.range))
        return .field(fieldPath)
    }

    private func reportKind(
        _ argument: ArgumentSyntax, expected: ParameterKind, for validator: BuiltinValidator,
        in source: SourceFile, fixIts: [FixIt] = []
    ) {
        report(
            source.path, argument.range, .wrongArgumentKind,
            "'\(validator.rawValue)' expects \(expected.expectation), found \(argument.kind.foundDescription)", fixIts: fixIts)
    }

    private func unquoteFix(_ argument: ArgumentSyntax, _ text: String, in source: SourceFile) -> FixIt {
        FixIt(message: "Remove the quotes", edits: [TextEdit(file: source.path, range: argument.range, replacement: text)])
    }

    /// Quotes a bare word or a date where a literal string was meant (`oneOf GB FR`).
    func quoteFix(_ argument: ArgumentSyntax, in source: SourceFile) -> FixIt? {
        let quoted: String
        switch argument.kind {
        case .path(let path) where path.segments.count == 1:
            guard case .key(let key, quoted: false) = path.segments[0].kind else { return nil }
            quoted = "\"\(key)\""
        case .date:
            quoted = "\"\(source.text(in: argument.range))\""
        default:
            return nil
        }
        return FixIt(
            message: "Write it as the string \(quoted)",
            edits: [TextEdit(file: source.path, range: argument.range, replacement: quoted)])
    }

    /// The JSON value of a string, number or boolean literal.
    static func literalValue(_ argument: ArgumentSyntax) -> Value? {
        switch argument.kind {
        case .string(let text): .string(text)
        case .integer(let value, _): .integer(value)
        case .decimal(let value, _): .decimal(value)
        case .boolean(let value): .bool(value)
        default: nil
        }
    }
}

extension FieldPath {
    /// The path a syntax node spells.
    init(_ syntax: PathSyntax) {
        self.init(
            syntax.segments.map { segment in
                switch segment.kind {
                case .key(let key, _): .key(key)
                case .wildcard: .wildcard
                }
            })
    }
}

extension ValidatorForm {
    /// `length n`, `length min max`, `minLength min`: like ``signature(of:)``, but a
    /// parameter named like its validator reads as `n` (`length n`, not `length length`).
    func usage(of name: String) -> String {
        let placeholders = parameters.map { $0.name == name ? "n" : $0.displayPlaceholder }
        return ([name] + placeholders + (variadic.map { ["\($0.displayPlaceholder)…"] } ?? [])).joined(separator: " ")
    }
}

extension ParameterKind {
    /// What a parameter of this kind accepts, for "expects …, found …" messages.
    var expectation: String {
        switch self {
        case .count: "a whole number"
        case .number: "a number"
        case .regex: "a regular expression like /^[0-9]+$/"
        case .literal: "a string, number or boolean"
        case .dateBound: "a date (2026-01-31), 'today' or a field"
        case .field: "a field"
        }
    }
}

extension ArgumentSyntax.Kind {
    /// What the argument is, for "expects …, found …" messages.
    var foundDescription: String {
        switch self {
        case .integer(_, let text): "the whole number \(text)"
        case .decimal(_, let text): "the number \(text)"
        case .string: "a string"
        case .regex: "a regular expression"
        case .date: "a date"
        case .today: "'today'"
        case .boolean(let value): "the boolean \(value)"
        case .path(let path): path.segments.count == 1 ? "the name '\(path.description)'" : "the field '\(path.description)'"
        }
    }
}

extension [String] {
    /// `a`, `a or b`, `a, b or c`.
    func joinedAsAlternatives() -> String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " or " + last
    }
}

extension String {
    /// Replaces every occurrence of `target` (Foundation-free).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
