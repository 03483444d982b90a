// The codes of the syntax and checking stages and of limits. Add a code here (and to
// docs/diagnostics.md, and to its stage's list in RulebookTooling's
// `DiagnosticCode+Registry.swift`) before reporting it; ids never change once shipped.

extension DiagnosticCode {
    // MARK: Syntax (lexer and parser)
    /// The lexer met a character that starts no token.
    package static let unexpectedCharacter = DiagnosticCode("unexpected-character", .error, "A character that starts no token.")
    /// The parser expected one thing and found another.
    package static let unexpectedToken = DiagnosticCode("unexpected-token", .error, "A token where the grammar expects something else.")
    /// A string, regex or block was not closed.
    package static let unterminatedLiteral = DiagnosticCode(
        "unterminated-literal", .error, "A string or regular expression literal that is not closed.")
    /// A `{` without its `}`.
    package static let unclosedBlock = DiagnosticCode("unclosed-block", .error, "A `when` block without its closing brace.")
    /// A string escape that is not `\"`, `\\`, `\n`, `\t`, `\r` or `\u{…}`.
    package static let invalidEscape = DiagnosticCode("invalid-escape", .error, "An escape sequence that is not allowed in a string.")
    /// A date literal that is not a real calendar date.
    package static let invalidDate = DiagnosticCode("invalid-date", .error, "A date literal that is not a real calendar date.")
    /// A number literal out of range.
    package static let invalidNumber = DiagnosticCode("invalid-number", .error, "A number literal that cannot be represented.")

    // MARK: Checking (names, arguments, contradictions, imports, message keys)
    /// A rule names no validator and no named rule in scope.
    package static let unknownValidator = DiagnosticCode(
        "unknown-validator", .error, "A rule that names no validator and no named rule in scope.")
    /// Too few or too many arguments.
    package static let wrongArgumentCount = DiagnosticCode(
        "wrong-argument-count", .error, "A validator given too few or too many arguments.")
    /// An argument of the wrong kind (a string where a number is expected, …).
    package static let wrongArgumentKind = DiagnosticCode("wrong-argument-kind", .error, "An argument of the wrong kind for its validator.")
    /// A negative length, a fractional count, …
    package static let invalidArgument = DiagnosticCode(
        "invalid-argument", .error, "An argument whose kind is right but whose value is impossible.")
    /// A `/…/` literal that is not a valid pattern.
    package static let invalidRegex = DiagnosticCode("invalid-regex", .error, "A regular expression that does not parse.")
    /// A pattern construct that needs backtracking (backreference, lookaround).
    package static let unsupportedRegex = DiagnosticCode(
        "unsupported-regex", .error, "A regular expression construct that cannot run in linear time.")
    /// Rules that no value can satisfy together (`minLength 5, maxLength 3`, `between 10 1`).
    package static let contradiction = DiagnosticCode("contradictory-rules", .error, "Rules that no value can satisfy together.")
    /// Two named rules with one name.
    package static let duplicateRule = DiagnosticCode("duplicate-rule", .error, "Two named rules with the same name in one scope.")
    /// A named rule with a validator's name.
    package static let shadowedValidator = DiagnosticCode("shadows-validator", .error, "A named rule whose name is a validator's.")
    /// Named rules that refer to each other in a cycle.
    package static let ruleCycle = DiagnosticCode("rule-cycle", .error, "Named rules that refer to each other in a cycle.")
    /// An import whose file does not exist or cannot be read.
    package static let missingImport = DiagnosticCode("missing-import", .error, "An import whose file cannot be found or read.")
    /// Files that import each other in a cycle.
    package static let importCycle = DiagnosticCode("import-cycle", .error, "Files that import each other in a cycle.")
    /// `message KEY` naming a key the base catalogue lacks.
    package static let unknownMessageKey = DiagnosticCode(
        "unknown-message-key", .error, "A message override naming a key the base catalogue does not define.")
    /// A condition compares with a literal of a kind the path can never hold.
    package static let invalidCondition = DiagnosticCode("invalid-condition", .error, "A condition that cannot be evaluated as written.")
    /// A named rule or an import inside a `when` block (they belong at the top level).
    package static let misplacedDeclaration = DiagnosticCode(
        "misplaced-declaration", .error, "A named rule or import inside a `when` block.")

    // MARK: Limits (hostile input)
    /// A file, line or nesting beyond the configured limits.
    package static let limitExceeded = DiagnosticCode("limit-exceeded", .error, "Input beyond a configured size or nesting limit.")
}
