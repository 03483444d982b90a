// Validators a rule file declares for tools that cannot run the application's Swift code
// (the command line, the language server). A declaration is a comment line of its own:
//
//     #validator isbn
//     #validator startsWith prefix:literal
//
// Being a comment, it changes nothing for the parser or the formatter; the checker then
// knows the name and its parameters (kinds: count, number, regex, literal, date, field),
// and a rule set compiled with declarations alone has nothing to run for such a rule:
// it passes, and the command says so (see `CompiledRuleSet.declaredOnlyValidators`).

extension ValidatorRegistry {
    /// The directive that starts a declaration comment.
    static let declarationPrefix = "#validator "

    /// This registry plus the validators declared in `trees`' comments, and a diagnostic
    /// for each declaration that is malformed or names a validator already known (an
    /// application's own registration of the same name wins without a diagnostic).
    package func addingDeclarations(in trees: some Sequence<SyntaxTree>) -> (ValidatorRegistry, [Diagnostic]) {
        var registry = self
        var diagnostics: [Diagnostic] = []
        for tree in trees {
            for comment in tree.comments where comment.text.hasPrefix(Self.declarationPrefix) {
                let file = tree.source.path
                switch Self.declaration(comment.text) {
                case .failure(let error):
                    diagnostics.append(Diagnostic(file: file, range: comment.range, code: .invalidArgument, message: error.message))
                case .success(let definition):
                    if let known = registry.definition(named: definition.name) {
                        guard known.forms.map(\.parameters) != definition.forms.map(\.parameters) else { continue }
                        diagnostics.append(
                            Diagnostic(
                                file: file, range: comment.range, code: .shadowedValidator,
                                message: "validator '\(definition.name)' is already known with another signature; declare it once"))
                        continue
                    }
                    try? registry.declare(definition)
                }
            }
        }
        return (registry, diagnostics)
    }

    /// Reads one `#validator NAME [PARAM:KIND ...]` comment.
    static func declaration(_ text: String) -> Result<ValidatorDefinition, DeclarationError> {
        let words = text.dropFirst(declarationPrefix.count).split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first else { return .failure(DeclarationError("'#validator' needs a validator name")) }
        var parameters: [ParameterDefinition] = []
        for word in words.dropFirst() {
            let parts = word.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let kind = declaredKinds[parts[1]] else {
                return .failure(
                    DeclarationError(
                        "'\(word)' is not a parameter: write NAME:KIND, KIND one of count, number, regex, literal, date, field"))
            }
            parameters.append(ParameterDefinition(parts[0], kind))
        }
        let definition = ValidatorDefinition(
            name: name, forms: [ValidatorForm(parameters, messageKey: name, message: "{field} is invalid.")],
            summary: "Declared in the rules; the application supplies its implementation.", details: "", example: "",
            implementation: .declared)
        guard ValidatorName.named[name] == nil else {
            return .failure(DeclarationError("'\(name)' is a built-in validator; a declaration cannot redefine it"))
        }
        var probe = ValidatorRegistry.builtins
        do { try probe.declare(definition) } catch { return .failure(DeclarationError(error.description)) }
        return .success(definition)
    }

    private static let declaredKinds: [String: ParameterKind] = [
        "count": .count, "number": .number, "regex": .regex, "literal": .literal, "date": .dateBound, "field": .field,
    ]

    /// Why a declaration comment is malformed.
    struct DeclarationError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
