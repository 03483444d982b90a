// The one-line way to get rules into an app: read, parse, check and compile a rule file
// (and its imports), or throw the diagnostics that stopped it.

extension CompiledRuleSet {
    /// Reads, checks and compiles a rule file and the files it imports.
    ///
    /// ```swift
    /// let rules = try CompiledRuleSet(contentsOfFile: "Rules/profile.rules")
    /// ```
    /// - Parameters:
    ///   - path: The rule file; imports are resolved relative to it.
    ///   - validators: The validators rule files may name (the built-ins by default).
    /// - Throws: ``RuleFileError`` with every diagnostic when the file cannot be read or
    ///   has errors (warnings alone do not stop it).
    public init(contentsOfFile path: String, validators: ValidatorRegistry = .builtins) throws(RuleFileError) {
        try self.init(contentsOfFile: path, options: CheckOptions(), validators: validators)
    }

    /// `init(contentsOfFile:validators:)` with checker options (known message keys,
    /// limits), for the command and the language server.
    package init(
        contentsOfFile path: String, options: CheckOptions,
        validators: ValidatorRegistry = .builtins
    ) throws(RuleFileError) {
        try self.init(checking: path, provider: DiskSourceProvider(), options: options, validators: validators)
    }

    /// Checks and compiles rule text. Its imports are read from disk, relative to `path`.
    ///
    /// ```swift
    /// let rules = try CompiledRuleSet(source: "firstName: required, minLength 2")
    /// ```
    /// - Parameters:
    ///   - source: The rule file's text.
    ///   - path: The name diagnostics and violation locations use.
    ///   - validators: The validators rule files may name (the built-ins by default).
    /// - Throws: ``RuleFileError`` with every diagnostic when the text has errors.
    public init(
        source: String, path: String = "<source>.rules",
        validators: ValidatorRegistry = .builtins
    ) throws(RuleFileError) {
        try self.init(source: source, path: path, options: CheckOptions(), validators: validators)
    }

    /// `init(source:path:validators:)` with checker options, for the command and the
    /// language server.
    package init(
        source: String, path: String = "<source>.rules", options: CheckOptions,
        validators: ValidatorRegistry = .builtins
    ) throws(RuleFileError) {
        let root = SourcePath.normalize(path)
        try self.init(
            checking: root, provider: RootOverlayProvider(root: root, text: source), options: options,
            validators: validators)
    }

    init(
        checking path: String, provider: any SourceProvider, options: CheckOptions,
        validators: ValidatorRegistry
    ) throws(RuleFileError) {
        var options = options
        options.validators = validators
        let root = SourcePath.normalize(path)
        let (graph, unreadable, output) = ImportLoader.check(roots: [root], provider: provider, options: options)
        if let error = unreadable.first { throw RuleFileError(diagnostics: [], readError: error, files: [:]) }
        guard let ruleSet = output.ruleSets[root], !output.diagnostics.containsErrors else {
            throw RuleFileError(
                diagnostics: output.diagnostics, readError: nil,
                files: graph.trees.mapValues(\.source))
        }
        self.init(ruleSet, validators: validators.addingDeclarations(in: graph.trees.values).0)
    }
}

/// Why a rule file could not be compiled: it could not be read, or the checker found
/// errors. Carries every diagnostic (warnings too) for display.
public struct RuleFileError: Error, Sendable, CustomStringConvertible {
    /// The diagnostics of every file involved, sorted.
    public let diagnostics: [Diagnostic]
    /// Set when the root file itself could not be read.
    package let readError: SourceReadError?
    /// The files involved, to turn diagnostic ranges into lines and columns.
    package let files: [String: SourceFile]

    /// Creates an error.
    package init(diagnostics: [Diagnostic], readError: SourceReadError?, files: [String: SourceFile]) {
        self.diagnostics = diagnostics
        self.readError = readError
        self.files = files
    }

    /// The errors only.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Where `diagnostic` starts (1-based line and column), when it is in one of the files
    /// involved.
    public func location(of diagnostic: Diagnostic) -> SourceLocation? {
        files[diagnostic.file]?.location(of: diagnostic)
    }

    /// `file:line:column: error: message [code]`, one per line (the first 20 errors).
    public var description: String {
        if let readError { return readError.description }
        let shown = errors.prefix(20).map { diagnostic -> String in
            let place = files[diagnostic.file].map { $0.location(of: diagnostic.range.start).description } ?? diagnostic.file
            return "\(place): error: \(diagnostic.message) [\(diagnostic.code.id)]"
        }
        let more = errors.count > 20 ? ["… and \(errors.count - 20) more errors"] : []
        return (shown + more).joined(separator: "\n")
    }
}

/// Rule text given in memory for the root, everything else (its imports) from disk.
private struct RootOverlayProvider: SourceProvider {
    let root: String
    let text: String
    let disk = DiskSourceProvider()

    func read(_ path: String) throws(SourceReadError) -> String {
        path == root ? text : try disk.read(path)
    }
}
